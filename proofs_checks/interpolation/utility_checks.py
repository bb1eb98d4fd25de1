"""Utility (excess-loss) checks of document 001 by Monte Carlo: Props 2/3 (Alg. 4), Thms 6/7 (Alg. 5) at the
paper's constants, Lemma C.1 and Thm 2 / eq. (4) (Alg. 2) in the labelled *scaled* mode, experiment E2.

High-probability claims "w.p. >= 1 - beta, loss <= B" are tested as in the catalog (§3): N independent runs,
V = #{loss > B}; accept iff the one-sided Clopper-Pearson lower bound of P(violation) at level alpha is <= beta.
If the claim holds (P(violation) <= beta), the check fails with probability <= alpha; alpha is split by
Bonferroni over the configurations of a check so that each check's false-failure probability is <= 1e-6.
Population losses are exact (closed form or Gauss-Hermite quadrature), never estimated.
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.testing import bonferroni, clopper_pearson
from reference.interpolation.algorithms import alg2_localization
from reference.interpolation.lipschitz_extension import LeastSquaresLoss, SmoothAbsLoss
from reference.interpolation.localization import (OperationCounter, alg4_eta, alg4_localization, alg5_epochs, alg5_eta0,
                                                  alg5_T)
from proofs_checks.interpolation.headline_experiments import _alg5_counts, accounted_delta, accounted_epsilon

FALSE_FAILURE = 1e-6


def _cp_accept(V: int, N: int, beta: float, alpha: float) -> tuple[bool, float]:
    lo, _ = clopper_pearson(V, N, alpha, side="lower")
    return bool(lo <= beta), float(lo)


# ----------------------------------------------------------------------------------------------------
# Instance A (Props 2/3, Thms 6/7): F(x; s) = L0 (sqrt(1 + ||x - s||^2) - 1), s ~ N(0, I_d), X = B(0, 1).
# Convex, L0-Lipschitz, L0-smooth; f is radial with minimiser x* = 0 in X.  f by Gauss-Hermite quadrature.
# ----------------------------------------------------------------------------------------------------
_GH_T, _GH_W = np.polynomial.hermite.hermgauss(80)


def _pop_smoothabs(x: np.ndarray, L0: float) -> np.ndarray:
    """f(x) = L0 E[sqrt(1 + ||x - Z||^2) - 1], Z ~ N(0, I_d), for d in {1, 2}; x of shape (N, d).

    Tensor Gauss-Hermite with 80 nodes per axis (integrand analytic, growing linearly: error far below 1e-10)."""
    x = np.atleast_2d(x)
    d = x.shape[1]
    z = math.sqrt(2.0) * _GH_T
    w = _GH_W / math.sqrt(math.pi)
    if d == 1:
        r2 = (x[:, :1] - z[None, :]) ** 2
        return L0 * ((np.sqrt(1 + r2) - 1) @ w)
    if d == 2:
        Z1, Z2 = np.meshgrid(z, z, indexing="ij")
        W = np.outer(w, w).ravel()
        r2 = (x[:, :1] - Z1.ravel()[None, :]) ** 2 + (x[:, 1:2] - Z2.ravel()[None, :]) ** 2
        return L0 * ((np.sqrt(1 + r2) - 1) @ W)
    raise ValueError(f"d must be 1 or 2 for the quadrature, got {d}")


def _qg_lambda(d: int, L0: float, radius: float = 1.0) -> float:
    """lambda with f(x) - f(0) >= (lambda/2)||x||^2 on B(0, radius) (Def 2.4; kappa = 2 growth), from the radial
    profile on a fine grid (f radial and smooth), shrunk by 1% for the grid."""
    r = np.linspace(radius / 400, radius, 400)
    pts = np.zeros((len(r), d)); pts[:, 0] = r
    g = _pop_smoothabs(pts, L0) - _pop_smoothabs(np.zeros((1, d)), L0)[0]
    return 0.99 * float(np.min(2 * g / r ** 2))


def _prop23_bound(n, d, L, D, eps, delta, beta):
    A = d if delta == 0 else math.sqrt(d * math.log(1 / delta))
    lb = math.log(1 / beta)
    return 128 * L * D * (math.sqrt(lb) * math.log(n) ** 1.5 / math.sqrt(n) + A * lb * math.log(n) / (n * eps))


def _thm67_bound(n, d, L, lam, eps, delta, beta, kappa=2.0, kbar=2.0):
    A = d if delta == 0 else math.sqrt(d * math.log(1 / delta))
    lb = math.log(1 / beta)
    inner = L * math.sqrt(lb) * math.log(n) ** 1.5 / math.sqrt(n) + L * A * lb * math.log(n) / (n * eps * (kbar - 1))
    return 4032 / lam ** (1 / (kappa - 1)) * inner ** (kappa / (kappa - 1))


def _hp_check(ctx, *, alg: str, delta: float, label: str, claimed: str):
    L0, R = 1.0, 1.0
    D = 2 * R
    eps = 1.0
    if alg == "alg4":
        configs = [(1, 400), (2, 400)] if not ctx.full else [(1, 400), (2, 400), (1, 3000), (2, 3000)]
        N = 40 if not ctx.full else 150
    else:
        configs = [(2, 300)] if not ctx.full else [(1, 300), (2, 300), (2, 2000)]
        N = 10 if not ctx.full else 80
    alpha = bonferroni(FALSE_FAILURE, len(configs))
    rows, worst_ratio, worst_triv = [], 0.0, 0.0
    for ci, (d, n) in enumerate(configs):
        rng = ctx.child_rng(ci)
        beta = 1.0 / (n + d)                                           # Prop 2/3, Thm 6/7: beta <= 1/(n+d)
        X = [(np.zeros(d), R)]
        loss = SmoothAbsLoss(L0)
        outs = []
        for r in range(N):
            S = rng.normal(size=(n, d))                                # s ~ N(0, I_d)
            if alg == "alg4":
                eta = alg4_eta(n, d, D, L0, eps, delta, beta)          # L472 / L481
                x = alg4_localization(S, loss, X, eta, np.zeros(d), L0, eps, delta, rng=rng)
            else:
                T = alg5_T(n, 2.0)                                     # T = ceil(2 log n/(kbar - 1)), kbar = 2
                x = alg5_epochs(S, loss, X, L0, np.zeros(d), T, beta, eps, delta, rng=rng)
            outs.append(x)
        xs = np.array(outs)
        f0 = _pop_smoothabs(np.zeros((1, d)), L0)[0]
        excess = _pop_smoothabs(xs, L0) - f0                           # exact population excess, unprojected output
        if alg == "alg4":
            B = _prop23_bound(n, d, L0, D, eps, delta, beta)
        else:
            lam = _qg_lambda(d, L0, R)
            B = _thm67_bound(n, d, L0, lam, eps, delta, beta)
        V = int(np.sum(excess > B))
        ok, lo = _cp_accept(V, N, beta, alpha)
        worst_ratio = max(worst_ratio, float(np.max(excess)) / B)
        worst_triv = max(worst_triv, B / (L0 * D))
        rows.append((d, n, N, V, lo, beta, float(np.max(excess)), B, ok))
    bad = [r for r in rows if not r[-1]]
    computed = "; ".join(f"d={d}, n={n}: V={V}/{N}, CP_lower={lo:.2g} (beta={b:.2g}), max excess={mx:.3g}, bound={B:.3g}"
                         for d, n, N, V, lo, b, mx, B, _ in rows)
    if bad:
        return fail(claimed, computed, details=label)
    return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, margin=1 - worst_ratio,
                   precision=f"false-failure <= 1e-6 (one-sided Clopper-Pearson at alpha = 1e-6/{len(configs)} per "
                             f"configuration, Bonferroni)",
                   details=f"{label}; F = L0(sqrt(1+||x-s||^2)-1), L0 = 1, s ~ N(0, I_d), X = B(0,1) (D = 2), eps = 1, "
                           f"beta = 1/(n+d), paper step sizes; exact population excess by 80-node Gauss-Hermite. "
                           f"NOTE: at these n the printed bound exceeds the trivial bound L D (ratio up to "
                           f"{worst_triv:.3g}), so a violation needs an output far outside X; the check guards the "
                           f"implementation and the claim's form, it cannot probe the constant (see 001.prop2 notes).")


@check("001.prop2.utility_mc", spec=["001.prop2", "001.alg4"])
def _prop2(ctx):
    return _hp_check(ctx, alg="alg4", delta=0.0, label="Alg 4, Laplace (delta = 0)",
                     claimed="Prop 2: w.p. >= 1 - beta, f(x_k) - f(x*) <= 128 L D (sqrt(log(1/beta)) log^{3/2} n/sqrt n + "
                             "d log(1/beta) log n/(n eps))")


@check("001.prop3.utility_mc", spec=["001.prop3", "001.alg4"])
def _prop3(ctx):
    return _hp_check(ctx, alg="alg4", delta=1e-6, label="Alg 4, Gaussian (delta = 1e-6)",
                     claimed="Prop 3: w.p. >= 1 - beta, f(x_k) - f(x*) <= 128 L D (sqrt(log(1/beta)) log^{3/2} n/sqrt n + "
                             "sqrt(d log(1/delta)) log(1/beta) log n/(n eps))")


@check("001.thm6.utility_mc", spec=["001.thm6", "001.alg5"])
def _thm6(ctx):
    return _hp_check(ctx, alg="alg5", delta=0.0, label="Alg 5, Laplace (delta = 0), kappa = kbar = 2 (QG)",
                     claimed="Thm 6: w.p. >= 1 - beta, f(x_T) - min f <= (4032/lambda)(L sqrt(log(1/beta)) log^{3/2} n/"
                             "sqrt n + L d log(1/beta) log n/(n eps))^2 (kappa = 2)")


@check("001.thm7.utility_mc", spec=["001.thm7", "001.alg5"])
def _thm7(ctx):
    return _hp_check(ctx, alg="alg5", delta=1e-6, label="Alg 5, Gaussian (delta = 1e-6), kappa = kbar = 2 (QG)",
                     claimed="Thm 7: w.p. >= 1 - beta, f(x_T) - min f <= (4032/lambda)(L sqrt(log(1/beta)) log^{3/2} n/"
                             "sqrt n + L sqrt(d log(1/delta)) log(1/beta) log n/(n eps))^2 (kappa = 2)")


# ----------------------------------------------------------------------------------------------------
# Instance B (Lemma C.1, Thm 2, E2): noiseless least squares b = a'x*, a = sqrt(d) u with u uniform on the
# sphere: per-sample H = ||a||^2 = d, E aa' = I so f(x) - f* = ||x - x*||^2/2 (lambda = 1, Def 2.4), interpolating
# (every F(.; s) vanishes at x*).  X = B(0, 1), x0 = 0.
# ----------------------------------------------------------------------------------------------------
D_B = 2
X_STAR = np.array([0.3, -0.2])


def _instance_B(rng, n, d=D_B, x_star=X_STAR):
    u = rng.normal(size=(n, d))
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    A = math.sqrt(d) * u
    return np.c_[A, A @ x_star]


def scaled_eta(m: int, d: int, L: float, eps: float, delta: float, beta_T: float, lam: float, target: float = 2.0):
    """eta_scale of the scaled mode: makes eta_1 n0 = target/lambda in the first inner Alg. 4 call (so the first
    proximal step moves a fraction target/(target + 2) of the way), from the paper's eta_0 of Alg. 5."""
    T5 = math.ceil(2 * math.log(m))
    n5 = m // T5
    k = math.ceil(math.log(n5))
    n0 = n5 // k
    D0 = 2.0
    base = alg5_eta0(n5, d, D0, L, eps, delta, beta_T)
    return 16 * target / (lam * n0) / base


def _alg2_runs(ctx, *, m, T, c, eps, delta, beta, N, rng, x_star=X_STAR, paper_eta=False, ledger=None):
    """N Alg 2 runs on instance B: per run the iterates' distances to x*, the schedule and the excess.

    ``ledger`` (dict): filled with the worst accounted epsilon / eps (delta = 0: Laplace releases,
    headline_experiments.accounted_epsilon) or delta(eps) / delta (Gaussian, accounted_delta) of the runs (core
    parallel_compose over every release) and the runs whose ERM
    count differs from T x T5 x ceil(log(m/T5)) (T5 = ceil(2 log m)) or whose ERM sizes differ from the formula."""
    d, H, lam = D_B, float(D_B), 1.0
    L = H * 2.0                                            # sup ||grad F|| on X = B(0,1) under interpolation <= H diam
    es = 1.0 if paper_eta else scaled_eta(m, d, L, eps, delta, beta / T, lam)
    dist, Ds, exc, grad_ok = [], None, [], True
    for r in range(N):
        S = _instance_B(rng, m * T, d, x_star)
        info = {}
        oc = OperationCounter() if ledger is not None else None
        x = alg2_localization(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, H, lam, beta, eps, delta, np.zeros(d),
                              constants="scaled", m=m, c=c, eta_scale=es, rng=rng, oracle=oc, info=info)
        if ledger is not None:
            T5 = math.ceil(2 * math.log(m))
            solves, size = _alg5_counts(m, T5)
            if oc.erm_solves != T * solves or set(oc.erm_sizes) != {size}:
                ledger.setdefault("bad_counts", []).append((oc.erm_solves, T * solves, sorted(set(oc.erm_sizes)), size))
            if delta == 0:
                e_acc, nrel = accounted_epsilon(info, d)
                ledger["eps_ratio"] = max(ledger.get("eps_ratio", 0.0), e_acc / eps)
            else:                                          # exact Gaussian delta(eps) per release, parallel composition
                d_acc, nrel = accounted_delta(info, eps)
                ledger["eps_ratio"] = max(ledger.get("eps_ratio", 0.0), d_acc / delta)
            ledger["releases"] = max(ledger.get("releases", 0), nrel)
            ledger["solves"] = T * solves
        xi = np.array(info["x"])
        dist.append(np.linalg.norm(xi - x_star, axis=1))
        Ds = np.array(info["D"])
        exc.append(0.5 * float(np.sum((x - x_star) ** 2)))     # f(x_T) - f* exactly
        # Lemma C.1 second claim: ||grad F(y; s)|| <= L_i on X_i (when x* in X_i); worst y = boundary point of
        # X_i farthest from x*, for every sample of the epoch's chunk.
        for i in range(1, T):
            ctr, rad = xi[i - 1], Ds[i] / 2
            if np.linalg.norm(ctr - x_star) <= rad:
                v = ctr - x_star
                y = ctr + rad * v / (np.linalg.norm(v) or 1.0)
                chunk = S[i * m:(i + 1) * m]
                g = np.linalg.norm(LeastSquaresLoss().grad(y, chunk), axis=1)
                grad_ok &= bool(np.all(g <= H * Ds[i] * (1 + 1e-12)))
    return np.array(dist), Ds, np.array(exc), es, grad_ok, info["q"]


def _thm2_scaled(ctx, delta: float, spec_label: str):
    if ctx.full:
        configs = [dict(m=300, T=5, c=0.2, eps=200.0), dict(m=1000, T=4, c=0.3, eps=20.0)]
        N = 20
    else:
        configs = [dict(m=300, T=3, c=0.2, eps=200.0)]
        N = 4
    beta = 0.05
    alpha = bonferroni(FALSE_FAILURE, len(configs))
    rows, bad, det_bad = [], [], []
    H = float(D_B)
    for ci, cfg in enumerate(configs):
        dist, Ds, exc, es, grad_ok, q = _alg2_runs(ctx, delta=delta, beta=beta, N=N, rng=ctx.child_rng(ci), **cfg)
        T = cfg["T"]
        contained = np.all(dist <= Ds[1:T + 1][None, :] / 2, axis=1)      # ||x_i - x*|| <= D_{i+1}/2 for all i <= T
        V = int(np.sum(~contained))
        ok, lo = _cp_accept(V, N, beta, alpha)
        # deterministic consequence on the containment event (smoothness, grad f(x*) = 0): f(x_T) - f* <= (1/2)(D_{T+1}/2)^2
        # (population f = ||x - x*||^2/2 here), and the schedule decays geometrically: D_{T+1} = q^{T-1} D_2.
        cons = exc[contained] <= 0.5 * (Ds[T] / 2) ** 2 * (1 + 1e-12)
        if not np.all(cons) or not grad_ok:
            det_bad.append(cfg)
        if not ok:
            bad.append(cfg)
        ratio = dist / (Ds[1:T + 1][None, :] / 2)
        rows.append(f"m={cfg['m']}, T={T}, c={cfg['c']}, eps={cfg['eps']}, eta_scale={es:.3g}: q={q:.3f}, "
                    f"containment violations V={V}/{N} (CP_lower={lo:.2g} vs beta={beta}), max ||x_i-x*||/(D_(i+1)/2)="
                    f"{ratio.max():.3f}, mean f(x_T)-f*={exc.mean():.3g} <= bound on event {0.5 * (Ds[T] / 2) ** 2:.3g}")
    claimed = (f"scaled-mode variant of Thm 2 {spec_label} / Lemma C.1: w.p. >= 1 - beta every iterate satisfies "
               f"||x_i - x*|| <= D_(i+1)/2 (L564), hence f(x_T) - f* <= H_pop (D_(T+1)/2)^2/2 with D_(T+1) = q^(T-1) D_2 "
               f"(geometric in the number of epochs T = n/m: the exp(-Theta(n/m)) mechanism of eq. (6)); "
               f"||grad F(y;s)|| <= L_i on X_i")
    if det_bad:
        return fail(claimed, "; ".join(rows), details=f"deterministic consequence violated in {det_bad}")
    if bad:
        return fail(claimed, "; ".join(rows), details=f"containment rejected in {bad}")
    return Outcome(Verdict.STATISTICAL, claimed=claimed, computed="; ".join(rows), margin=None,
                   precision=f"false-failure <= 1e-6 (one-sided Clopper-Pearson, alpha = 1e-6/{len(configs)} per "
                             f"configuration); the bound on the event is deterministic (any violation is FAILED)",
                   details="LABELLED SCALED MODE (the paper's constants need n >= 10^9 for one epoch, 001.audit.AUD-11): "
                           "schedule constant c and m chosen small, inner step eta_0 scaled so that eta_1 n0 = 2/lambda; "
                           "privacy unchanged (PC-4). Instance: noiseless least squares in d = 2, a = sqrt(2) u, u uniform "
                           "on the circle (H = 2, lambda = 1, exact f - f* = ||x - x*||^2/2), X = B(0,1), x* = (0.3,-0.2), "
                           "x0 = 0, beta = 0.05. Large eps keeps the privacy noise below the containment radius at these "
                           "tiny m (each inner ERM sees only m/(T5 k) ~ 6-14 samples).")


@check("001.thm2.scaled_mc", spec=["001.thm2", "001.lemmaC1", "001.alg2"])
def _thm2_mc(ctx):
    return _thm2_scaled(ctx, 0.0, "(delta = 0, Laplace)")


@check("001.thm2_delta.scaled_mc", spec=["001.thm2_delta", "001.lemmaC1"])
def _thm2d_mc(ctx):
    return _thm2_scaled(ctx, 1e-6, "(delta = 1e-6, Gaussian; eq. (4))")


@check("001.lemmaC1.paper_c_mc", spec=["001.lemmaC1"])
def _lemmaC1_paper(ctx):
    """Lemma C.1 at the paper's schedule constant c = 256 and the paper's inner step (eta_scale = 1); only m is
    small (Thm 2's m needs n >= 10^9).  With c = 256, q = 256 H r_m/lambda >> 1: the domains grow, so containment
    is easy -- this is the lemma's claim at its own constants, not a contraction test (that is 001.thm2.scaled_mc)."""
    configs = [dict(m=100, T=2, eps=1.0, delta=0.0), dict(m=100, T=2, eps=1.0, delta=1e-6)]
    N = 4 if not ctx.full else 40
    beta = 0.05
    alpha = bonferroni(FALSE_FAILURE, len(configs))
    rows = []
    for ci, cfg in enumerate(configs):
        dist, Ds, exc, es, grad_ok, q = _alg2_runs(ctx, c=256.0, beta=beta, N=N, rng=ctx.child_rng(ci), paper_eta=True,
                                                   **cfg)
        T = cfg["T"]
        V = int(np.sum(~np.all(dist <= Ds[1:T + 1][None, :] / 2, axis=1)))
        ok, lo = _cp_accept(V, N, beta, alpha)
        if not (ok and grad_ok):
            return fail("Lemma C.1 containment / gradient bound", f"{cfg}: V={V}/{N}, CP_lower={lo}, grad_ok={grad_ok}")
        rows.append(f"delta={cfg['delta']}: q={q:.3g}, V={V}/{N} (CP_lower={lo:.2g} <= beta={beta}), max ||x_i-x*||/"
                    f"(D_(i+1)/2)={float((dist / (Ds[1:T + 1][None, :] / 2)).max()):.3g}")
    return Outcome(Verdict.STATISTICAL,
                   claimed="Lemma C.1 (c_2 = 256, paper inner step): w.p. >= 1 - beta, ||x_i - x*|| <= D_(i+1)/2 for all "
                           "i <= T (X* in X_(i+1)) and ||grad F(y;s)|| <= L_i on X_i",
                   computed="; ".join(rows),
                   precision=f"false-failure <= 1e-6 (one-sided Clopper-Pearson, alpha = 1e-6/{len(configs)})",
                   details="instance B (noiseless least squares, d = 2, H = 2, lambda = 1), m = 100 (scaled: the paper's m "
                           "needs n ~ 1e9), T = 2, eps = 1; with c = 256 the schedule expands (q >> 1), so containment "
                           "holds with a large margin; the contraction regime is tested in 001.thm2.scaled_mc.")


@check("001.exp.E2.linear_convergence", spec=["001.exp.E2"], profile="full")
def _e2(ctx):
    """E2: scaled-mode Alg 2, excess f(x_i) - f* per epoch i = 1..T on instance B; linear convergence in epochs."""
    return _linear_convergence(ctx, delta=0.0, label="E2", fig="e2_linear_convergence.png", thm="Thm 2 headline")


@check("001.exp.E9.linear_convergence_gaussian", spec=["001.exp.E9", "001.thm2_delta"], profile="full")
def _e9(ctx):
    """E9: as E2 with Gaussian noise (delta = 1e-6, Thm 2 eq. (4)); eps = 200 < eps_max(1e-6) = 302."""
    return _linear_convergence(ctx, delta=1e-6, label="E9", fig="e9_linear_convergence_gaussian.png",
                               thm="Thm 2 eq. (4) headline (delta = 1e-6, Gaussian)")


def _linear_convergence(ctx, *, delta, label, fig, thm):
    cfg = dict(m=300, T=7, c=0.2, eps=200.0, delta=delta)
    R = 96
    ledger = {}
    dist, Ds, exc, es, grad_ok, q = _alg2_runs(ctx, beta=0.05, N=R, rng=ctx.child_rng(0), ledger=ledger, **cfg)
    T = cfg["T"]
    e = 0.5 * dist ** 2                                              # exact f(x_i) - f*, shape (R, T)
    rho = (e[:, -1] / e[:, 0]) ** (1.0 / (T - 1))                   # per-run geometric-mean contraction per epoch
    k = int(np.sum(rho < 1))
    lo, _ = clopper_pearson(k, R, FALSE_FAILURE / 2, side="lower")   # sign test: P(rho < 1) > 1/2 ?
    # headline criterion (Thm 2's mechanism vs the competing polynomial rate): the per-epoch factor is below the
    # schedule's guaranteed q^2, hence below the fastest polynomial competitor n^-2 over n = m..Tm, whose factor is
    # T^(-2/(T-1)) (= 7^(-1/3) = 0.523 at T = 7) whatever its constant
    comp = float(T ** (-2.0 / (T - 1)))
    kq = int(np.sum(rho < q * q))
    lo_q, _ = clopper_pearson(kq, R, FALSE_FAILURE / 2, side="lower")
    kc = int(np.sum(rho < comp))                                     # the competitor itself (E9's criterion)
    lo_c, _ = clopper_pearson(kc, R, FALSE_FAILURE / 2, side="lower")
    # order-statistic CI (99%) for the median contraction factor
    srt = np.sort(rho)
    from scipy import stats as _st
    j = int(_st.binom.ppf(0.005, R, 0.5))
    med_ci = (float(srt[max(j - 1, 0)]), float(srt[min(R - j, R - 1)]))
    # per-epoch log-factor of the mean excess: the shared protocol's slope with x = e^i (log x = epoch index i)
    from proofs_checks.experiments import slope_interval
    ci_ep = slope_interval(np.exp(np.arange(1, T + 1)), [e[:, i] for i in range(T)], ctx.child_rng(950),
                           n_boot=4000, level=0.99)
    slope = ci_ep.estimate
    bound = 0.5 * (np.array(Ds[1:T + 1]) / 2) ** 2                  # deterministic bound on the containment event
    arts = []
    path = ctx.figure_path(fig)
    if path is not None:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 4))
        ep = np.arange(1, T + 1)
        for r in range(R):
            ax.semilogy(ep, e[r], color="0.8", lw=0.7)
        ax.semilogy(ep, e.mean(axis=0), "b-o", label=f"mean f(x_i) - f* ({R} runs)")
        ax.semilogy(ep, e.mean(axis=0)[0] * ep ** -2.0, "m-.", label="competitor n^-2 (n = m i)")
        ax.semilogy(ep, bound, "r--", label="(1/2)(D_{i+1}/2)^2 (bound on containment event)")
        ax.semilogy(ep, e.mean(axis=0)[0] * q ** (2 * (ep - 1)), "g:", label=f"q^(2(i-1)), q = {q:.3f}")
        ax.set_xlabel("epoch i"); ax.set_ylabel("excess population loss")
        ax.set_title(f"001 {label}: Alg 2 (scaled mode, {'Laplace' if delta == 0 else 'Gaussian'}), noiseless least "
                     f"squares, d = 2")
        ax.legend(fontsize=7); fig.tight_layout(); fig.savefig(path, dpi=120); plt.close(fig)
        arts.append(str(path))
    claimed = (f"{thm}, scaled mode: Alg 2 converges linearly in epochs (exp(-Theta(n/m)), n = m T): the per-run "
               "contraction rho = (e_T/e_1)^(1/(T-1)) is < 1 and < the schedule's q^2 w.p. > 1/2, which excludes the "
               "fastest polynomial competitor n^-2 (factor T^(-2/(T-1)))")
    computed = (f"{k}/{R} runs contract (CP_lower = {lo:.3f} > 0.5); median rho = {np.median(rho):.3f}, 99% CI "
                f"[{med_ci[0]:.3f}, {med_ci[1]:.3f}]; slope of log mean excess per epoch = {slope:.3f} [{ci_ep.lo:.3f}, {ci_ep.hi:.3f}] (99% bootstrap, shared protocol; factor "
                f"{math.exp(slope):.3f}); schedule q^2 = {q * q:.3f}; all excesses <= (1/2)(D_(i+1)/2)^2 on the "
                f"containment event: {bool(np.all(e <= bound[None, :] * (1 + 1e-12)))}; {kq}/{R} runs have rho < q^2 "
                f"(CP_lower = {lo_q:.3f}), q^2 = {q * q:.3f} < competitor factor {comp:.3f}; {kc}/{R} runs have rho < "
                f"{comp:.3f} (CP_lower = {lo_c:.3f}); accounted "
                f"{'eps' if delta == 0 else 'delta(eps)'} (core parallel_compose over {ledger['releases']} "
                f"{'Laplace' if delta == 0 else 'Gaussian'} releases, worst run) = {ledger['eps_ratio']:.4g} x nominal; "
                f"ERM solves = T x T5 x ceil(log(m/T5)) = {ledger['solves']} in every run: {not ledger.get('bad_counts')}")
    if ledger.get("bad_counts"):
        return fail(claimed, computed, details=f"ERM counts differ from the formula: {ledger['bad_counts'][:3]}")
    if ledger["eps_ratio"] > 1 + 1e-12:
        return fail(claimed, computed, details="accounted privacy exceeds the nominal budget")
    if delta > 0:
        # E9 (Gaussian): the criterion is the competitor factor itself (the Gaussian noise at delta = 1e-6 is about
        # 1.9x the Laplace noise in norm, so the factor need not reach q^2); a miss is PARTIAL (not reproduced)
        claimed = claimed.replace("< the schedule's q^2 w.p. > 1/2, which excludes", "< the competitor's factor w.p. > 1/2, "
                                  "i.e. excludes")
        if not lo > 0.5:
            return fail(claimed, computed)
        if not lo_c > 0.5:
            return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, artifacts=arts,
                           coverage="contraction holds but the per-epoch factor is not shown below the n^-2 competitor's")
        return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, margin=float(lo_c - 0.5),
                       precision="false-failure <= 1e-6 (two one-sided Clopper-Pearson sign tests at 5e-7 each); "
                                 "detects a median per-epoch factor >= the competitor's T^(-2/(T-1))",
                       details="LABELLED SCALED MODE as 001.exp.E2 (m = 300, T = 7, c = 0.2, eps = 200 < eps_max(1e-6) "
                               "= 302, Gaussian, delta = 1e-6): what is lost: T < 1 for n <= 4e8 at the paper's "
                               "constants (certified), eps = 200 no meaningful privacy", artifacts=arts)
    if not (lo > 0.5 and lo_q > 0.5 and q * q < comp):
        return fail(claimed, computed)
    return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, margin=float(lo - 0.5),
                   precision="false-failure <= 1e-6 (two one-sided Clopper-Pearson sign tests at 5e-7 each); median CI "
                             "by order statistics (informational); detects a median per-epoch factor >= q^2",
                   details=f"LABELLED SCALED MODE (what is lost: at the paper's constants T = n/m < 1 for every n <= 4e8, "
                           f"certified in 001.thm2.T_below_one_certified; eps = 200 is not a meaningful privacy level): "
                           f"m = 300, T = 7, c = 0.2 (paper: 256), eps = 200, eta_scale = {es:.3g}, beta = 0.05; "
                           "instance B (d = 2, H = 2, lambda = 1, x* = (0.3, -0.2)); the per-epoch factor is below "
                           "the schedule's q^2 because the noiseless ERM is exact and the noise is small at eps = 200",
                   artifacts=arts)
