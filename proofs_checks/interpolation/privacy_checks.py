"""Privacy checks of document 001 (PC-1 .. PC-7, AUD-20, AUD-25, Prop. 1).

Exact where the output law is known: each phase of Alg. 4 is x_hat + noise, so coupling the noise of two
runs on neighbouring datasets (same seed: the number and order of draws does not depend on the data) makes
all phases before the one that reads the differing sample identical, and the privacy loss of the whole
transcript equals that of the first differing phase, a function of v = x_hat(S) - x_hat(S') only
(module docstring of reference.interpolation.privacy).
"""
from __future__ import annotations

import math

import numpy as np
import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from reference.core.accounting import gaussian_delta, group_privacy
from reference.interpolation.algorithms import (alg1_lipschitz_extension, alg2_localization, alg3_adaptive,
                                                alg6_general_kappa)
from reference.interpolation.lipschitz_extension import ExtendedLoss, LeastSquaresLoss, QuadraticLoss
from reference.interpolation.localization import alg5_epochs, certified_argmin
from reference.interpolation.privacy import (alg4_gaussian_max_epsilon, alg4_gaussian_true_delta,
                                             laplace_phase_epsilon)

DELTAS = (1e-12, 1e-10, 1e-6, 1e-3, 1e-2, 0.1, 0.5)


# ----------------------------------------------------------------------------------------------------
# PC-1: one phase, calibration
# ----------------------------------------------------------------------------------------------------
@check("001.priv.PC1.laplace_calibration", spec=["001.priv.PC1", "001.audit.AUD-19", "001.prop2"])
def _laplace_calibration(ctx):
    L, eta, d, eps, t = sp.symbols("L eta d epsilon t", positive=True)
    sigma = 4 * L * eta * sp.sqrt(d) / eps
    out = {}
    for name, Delta2 in (("Delta=L eta(1+2t)", L * eta * (1 + 2 * t)), ("Delta=2L eta(1+2t) [FKT]", 2 * L * eta * (1 + 2 * t))):
        eps_iid = sp.simplify(sp.sqrt(d) * Delta2 / sigma)          # ||v||_1 <= sqrt(d) ||v||_2, tight at v ~ (1,..,1)
        eps_l2 = sp.simplify(Delta2 / sigma)
        out[name] = (eps_iid, eps_l2)
    e1, e1l2 = out["Delta=L eta(1+2t)"]
    e2, _ = out["Delta=2L eta(1+2t) [FKT]"]
    ok = (sp.simplify(e1 - eps * (1 + 2 * t) / 4) == 0 and sp.simplify(e2 - eps * (1 + 2 * t) / 2) == 0
          and sp.simplify(e1l2 - eps * (1 + 2 * t) / (4 * sp.sqrt(d))) == 0)
    # e1 <= eps  <=>  t <= 3/2 ; e2 <= eps <=> t <= 1/2 ; our solver uses t = tau/(L eta) = tau_rel = 1e-2
    sol1 = sp.solve_univariate_inequality(eps * (1 + 2 * t) / 4 <= eps, t, relational=False)
    sol2 = sp.solve_univariate_inequality(eps * (1 + 2 * t) / 2 <= eps, t, relational=False)
    ok = ok and sp.Rational(3, 2) in sol1 and sp.Rational(3, 2) + sp.Rational(1, 10 ** 9) not in sol1 \
        and sp.Rational(1, 2) in sol2 and sp.Rational(1, 2) + sp.Rational(1, 10 ** 9) not in sol2
    if not ok:
        return fail("iid-Laplace phase loss = eps(1+2t)/4", f"{out}")
    return Outcome(Verdict.PROVED, claimed="Lap_d(4 L eta_i sqrt(d)/eps) is eps-DP for a query of l2 sensitivity L eta_i",
                   computed=f"exact loss (iid reading) = {e1} <= eps iff t <= 3/2 ({sol1}); FKT reading {e2} <= eps iff "
                            f"t <= 1/2 ({sol2}); l2-Laplace reading {e1l2}; implemented t = tau_rel = 0.01 -> 0.255 eps",
                   margin=0.745, precision="sympy exact",
                   details="t = certified solver radius / (L eta_i); loss of iid Laplace = ||v||_1/sigma, max over "
                           "||v||_2 <= Delta is sqrt(d) Delta/sigma (attained at v parallel to (1,...,1)).")


@check("001.priv.PC1.gaussian_range", spec=["001.priv.PC1", "001.audit.AUD-20", "001.prop3", "001.thm7"])
def _gaussian_range(ctx):
    eps, delta = 400.0, 1e-6
    true = alg4_gaussian_true_delta(eps, delta, 1.0)
    true2 = alg4_gaussian_true_delta(50.0, delta, 2.0)
    emax = {dl: alg4_gaussian_max_epsilon(dl, 1.0) for dl in DELTAS}
    emax2 = {dl: alg4_gaussian_max_epsilon(dl, 2.0) for dl in DELTAS}
    if not true > delta:
        return fail("Gaussian calibration fails for large eps", f"delta_true(400) = {true}")
    tab = "; ".join(f"delta={dl:g}: eps_max={emax[dl]:.4g} ({emax[dl] / math.log(1 / dl):.3g} ln(1/delta)), "
                    f"FKT 2L eta: {emax2[dl]:.4g}" for dl in DELTAS)
    return erratum(claimed="sigma_i = 4 L eta_i sqrt(log(1/delta))/eps makes Alg 4 (eps, delta)-DP for all eps > 0 (Prop 3)",
                   computed=f"analytic-Gaussian delta(eps): {tab}",
                   counterexample=f"eps = 400, delta = 1e-6, Delta = L eta_i: exact delta(400) = {true:.4g} > 1e-6; "
                                  f"FKT reading Delta = 2 L eta_i, eps = 50: delta(50) = {true2:.4g} > 1e-6",
                   margin=-(true - delta), precision="mpmath dps 50, bisection rel 1e-12")


@check("001.priv.PC1.gaussian_range.corrected", spec=["001.priv.PC1", "001.audit.AUD-20", "001.prop3", "001.thm7"])
def _gaussian_range_corrected(ctx):
    worst = -math.inf
    npts = 0
    for dl in DELTAS:
        for ratio in (1.0, 1.0 + 2e-2):          # + 2 tau with tau_rel = 1e-2 (certified solver)
            em = alg4_gaussian_max_epsilon(dl, ratio)
            for e in np.concatenate([np.geomspace(1e-3, em * (1 - 1e-6), 40 if ctx.full else 25)]):
                val = alg4_gaussian_true_delta(float(e), dl, ratio)
                worst = max(worst, (val - dl) / dl)
                npts += 1
    if worst > 0:
        return fail("delta_true <= delta below eps_max", f"max relative excess {worst}")
    return Outcome(Verdict.NUMERIC, claimed="corrected: Alg 4's Gaussian phase is (eps, delta)-DP iff eps <= eps_max(delta) "
                                             "(~21.4-33 ln(1/delta) for Delta = L eta; ~2.8-9.2 ln(1/delta) for 2 L eta)",
                   computed=f"max (delta_true - delta)/delta = {worst:.3g} over {npts} grid points below eps_max",
                   margin=-worst, precision="mpmath dps 50",
                   details=f"delta in {DELTAS}, sensitivity ratio in {{1, 1.02}}, eps geometric grid 1e-3..eps_max")


@check("001.priv.PC1.classical_gaussian", spec=["001.priv.PC1"])
def _classical(ctx):
    dl = sp.symbols("delta", positive=True)
    r = sp.symbols("r", positive=True)
    # 4 sqrt(log(1/delta)) >= r sqrt(2 log(1.25/delta))  <=>  (16 - 2 r^2) log(1/delta) >= 2 r^2 log(5/4)
    thr1 = sp.Rational(5, 4) ** sp.Rational(-1, 7)                      # r = 1: delta <= 1.25^{-1/7}
    thr2 = sp.Rational(5, 4) ** sp.Rational(-1, 1)                      # r = 2: 8 log(1/d) >= 8 log(5/4): delta <= 0.8
    ok1 = sp.simplify(16 * sp.log(1 / thr1) - 2 * sp.log(sp.Rational(5, 4) / thr1)) == 0
    ok2 = sp.simplify(16 * sp.log(1 / thr2) - 8 * sp.log(sp.Rational(5, 4) / thr2)) == 0
    if not (ok1 and ok2):
        return fail("thresholds", f"{ok1} {ok2}")
    return Outcome(Verdict.PROVED, claimed="DR14 Thm A.1 (eps < 1) covers Alg 4's sigma iff delta <= 1.25^{-1/7} (Delta = L eta) "
                                            "or delta <= 0.8 (Delta = 2 L eta)",
                   computed=f"equality at delta = {sp.N(thr1, 6)} and {sp.N(thr2, 6)} (sympy), monotone in delta",
                   margin=0, precision="sympy exact")


# ----------------------------------------------------------------------------------------------------
# PC-1 / D2: replace-one stability of the phase ERM (certified solver), random and worst-case neighbours
# ----------------------------------------------------------------------------------------------------
def _phase_min(chunk, loss, c, eta_i, X, tau_rel=1e-3):
    n0 = len(chunk)
    mu = 2.0 / (eta_i * n0)
    g = lambda x: loss.grad(x, chunk).mean(axis=0) + mu * (x - c)
    return certified_argmin(g, c, mu, loss.smoothness(chunk) + mu, X, tau_rel * 1.0 * eta_i)


@check("001.priv.alg4.sensitivity", spec=["001.priv.PC1", "001.alg4", "001.prop1"])
def _sensitivity(ctx):
    rng = ctx.rng
    L = 1.0
    worst, tight = 0.0, 0.0
    count = 0
    for d in (1, 2, 5):
        base = LeastSquaresLoss()
        ext = ExtendedLoss(base, L)
        for trial in range(8 if not ctx.full else 40):
            n0 = int(rng.integers(3, 40))
            eta_i = float(10 ** rng.uniform(-2, 1))
            A = rng.normal(size=(n0, d)) * 10 ** rng.uniform(-1, 1)
            xs = rng.normal(size=d)
            S = np.c_[A, A @ xs]
            S2 = S.copy()
            j = int(rng.integers(n0))
            if trial % 2 == 0:                                  # worst-case flavour: saturating opposite residuals
                u = rng.normal(size=d); u /= np.linalg.norm(u)
                S[j] = np.r_[u, 1e6]; S2[j] = np.r_[u, -1e6]
            else:
                S2[j] = np.r_[rng.normal(size=d) * 5, rng.normal() * 50]
            c = rng.normal(size=d) * 0.1
            X = [] if trial % 3 else [(np.zeros(d), 2 * L * eta_i * n0)]
            x1, r1 = _phase_min(S, ext, c, eta_i, X)
            x2, r2 = _phase_min(S2, ext, c, eta_i, X)
            ratio = np.linalg.norm(x1 - x2) / (L * eta_i + r1 + r2)
            worst = max(worst, ratio)
            if trial % 2 == 0 and not X:
                tight = max(tight, np.linalg.norm(x1 - x2) / (L * eta_i))
            count += 1
    if worst > 1:
        return fail("||x_hat(S) - x_hat(S')|| <= L eta_i + tau_1 + tau_2", f"max ratio {worst}")
    return Outcome(Verdict.NUMERIC, claimed="replace-one stability of the mu = 2/(eta_i n0)-SC phase ERM on L-Lipschitz F_L: "
                                             "||x_hat(S) - x_hat(S')|| <= 2L/(mu n0) = L eta_i (+ certified radii)",
                   computed=f"max ||dx||/(L eta_i + tau1 + tau2) = {worst:.6f} over {count} neighbour pairs; "
                            f"worst-case (saturating) neighbours reach {tight:.6f} of L eta_i (bound is tight)",
                   margin=1 - worst, precision="certified solver radius (Nesterov gradient mapping), float64",
                   details="least squares F_L (Huber of residual), d in {1,2,5}, n0 in [3,40), eta_i in [1e-2,10], "
                           "unconstrained and ball-constrained X_i; seed from check id")


# ----------------------------------------------------------------------------------------------------
# PC-2..PC-5: coupled transcripts (exact privacy loss of the first differing phase)
# ----------------------------------------------------------------------------------------------------
def _phases(info):
    """Flatten nested info dicts into the list of Alg. 4 phases (x_hat, sigma, sensitivity, kind)."""
    out = []
    if "x_hat" in info:
        for xh, s, Dl in zip(info["x_hat"], info["sigma"], info["sensitivity"]):
            out.append((xh, s, Dl, info["kind"]))
        return out
    for key in ("phases", "epochs"):
        for sub in info.get(key, []):
            out += _phases(sub)
    for key in ("alg1", "alg2"):
        if key in info:
            out += _phases(info[key])
    return out


def _first_diff(p1, p2):
    for a, b in zip(p1, p2):
        if not np.array_equal(a[0], b[0]):
            return a, b
    return None


def _instance(rng, n, d):
    xs = rng.normal(size=d) * 0.2
    A = rng.normal(size=(n, d))
    return np.c_[A, A @ xs]


def _exact_loss(a, b, eps, delta, reading="iid"):
    v = a[0] - b[0]
    sigma = a[1]
    if a[3] == "laplace":
        return laplace_phase_epsilon(v, sigma, reading), float(np.linalg.norm(v)) / a[2]
    nv = float(np.linalg.norm(v))
    return (gaussian_delta(eps, sigma, nv) if nv > 0 else 0.0), nv / a[2]


def _coupled(run, S, S2, seed, eps, delta):
    i1, i2 = {}, {}
    run(S, np.random.default_rng(seed), i1)
    run(S2, np.random.default_rng(seed), i2)
    fd = _first_diff(_phases(i1), _phases(i2))
    if fd is None:
        return 0.0, 0.0
    return _exact_loss(fd[0], fd[1], eps, delta)


def _neighbour(rng, S, j, far=True):
    S2 = S.copy()
    d = S.shape[1] - 1
    if far:
        u = rng.normal(size=d); u /= np.linalg.norm(u)
        S2[j] = np.r_[u * 30, 1e4 * rng.choice([-1, 1])]
    else:
        S2[j] = np.r_[rng.normal(size=d), rng.normal()]
    return S2


def _transcript_check(ctx, make_run, n, label, positions):
    rng = ctx.rng
    d = 2
    results = []
    settings = ((1.0, 0.0), (0.5, 1e-6), (4.0, 0.0)) if ctx.full else ((1.0, 0.0), (0.5, 1e-6))
    for eps, delta in settings:
        run = make_run(eps, delta)
        for pos in positions:
            for far in (True, False):
                S = _instance(rng, n, d)
                S2 = _neighbour(rng, S, pos(n), far)
                seed = int(rng.integers(2 ** 32))
                loss_val, ratio = _coupled(run, S, S2, seed, eps, delta)
                ok = loss_val <= eps * (1 + 1e-12) if delta == 0 else loss_val <= delta * (1 + 1e-9)
                results.append((ok, eps, delta, far, loss_val, ratio))
    bad = [r for r in results if not r[0]]
    worst_ratio = max(r[5] for r in results)
    pure = [r[4] / r[1] for r in results if r[2] == 0]
    gauss = [r[4] for r in results if r[2] > 0]
    if bad:
        return fail(f"{label}: exact loss of the first differing phase within budget", f"violations {bad[:3]}")
    return Outcome(Verdict.PARTIAL, coverage='sampled coupled neighbour pairs only (d = 2 least squares; far-outlier and random neighbours); the sup over all neighbouring datasets is not established',
                   claimed=f"{label} is (eps, delta)-DP for every dataset (adaptive parallel composition over disjoint chunks)",
                   computed=f"{len(results)} coupled neighbour pairs: max eps_true/eps = {max(pure):.4f} (Laplace), "
                            f"max delta_true = {max(gauss):.3g} (Gaussian, delta = 1e-6), max ||v||/Delta = {worst_ratio:.4f}",
                   margin=1 - max(pure), precision="exact conditional privacy loss per coupled history (float64 solver "
                                                    "with certified radius); sup over histories sampled, not exhausted",
                   details="least squares in d=2, neighbours: far outlier (raw gradient >> L) or random; differing sample "
                           "in the first / last chunk; (eps, delta) in {(1,0), (0.5,1e-6)} (+ (4,0) in the full profile)")


@check("001.priv.PC2.alg5_transcript", spec=["001.priv.PC2", "001.priv.PC3", "001.alg1", "001.alg5", "001.thm6"])
def _pc2(ctx):
    X = [(np.zeros(2), 1.0)]

    def make_run(eps, delta):
        return lambda S, rng, info: alg1_lipschitz_extension(S, LeastSquaresLoss(), X, 2.0, np.zeros(2), 1e-2, eps, delta,
                                                             T5=3, rng=rng, info=info)
    return _transcript_check(ctx, make_run, 90, "Alg 1 (= Alg 5 on F_L)", [lambda n: 0, lambda n: n - 1, lambda n: n // 2])


@check("001.priv.PC4.alg2_transcript", spec=["001.priv.PC4", "001.alg2", "001.audit.AUD-49"])
def _pc4(ctx):
    X = [(np.zeros(2), 1.0)]

    def make_run(eps, delta):
        return lambda S, rng, info: alg2_localization(S, LeastSquaresLoss(), X, 2.0, 4.0, 1.0, 1e-2, eps, delta,
                                                      np.zeros(2), constants="scaled", m=60, c=2.0, rng=rng, info=info)
    return _transcript_check(ctx, make_run, 180, "Alg 2 (scaled constants; privacy does not use them)",
                             [lambda n: 0, lambda n: n - 1])


@check("001.priv.PC5.alg3_transcript", spec=["001.priv.PC5", "001.alg3"])
def _pc5(ctx):
    X = [(np.zeros(2), 1.0)]

    def make_run(eps, delta):
        return lambda S, rng, info: alg3_adaptive(S, LeastSquaresLoss(), X, 2.0, 4.0, 1.0, 1e-2, eps, delta, np.zeros(2),
                                                  constants="scaled", m=30, c=2.0, c_int=2.0, rng=rng, info=info)
    return _transcript_check(ctx, make_run, 120, "Alg 3", [lambda n: 0, lambda n: n - 1])


# ----------------------------------------------------------------------------------------------------
# PC-3 / PC-6: raw losses (printed Alg 6, Alg 5 without the extension) are not DP
# ----------------------------------------------------------------------------------------------------
def _raw_vs_ext(ctx, variant_run, label):
    rng = ctx.rng
    d = 2
    eps = 1.0
    S = _instance(rng, 120, d)
    S2 = S.copy()
    S2[0] = np.r_[np.array([30.0, 0.0]), 1e4]                 # one far sample: raw gradient >> L_i on X_i
    seed = 12345
    out = {}
    for v in ("printed", "corrected"):
        val, ratio = _coupled(lambda SS, r, info: variant_run(v, SS, r, info), S, S2, seed, eps, 0.0)
        out[v] = (val, ratio)
    return out


def _alg6_run(variant, S, rng, info):
    return alg6_general_kappa(S, LeastSquaresLoss(), [(np.zeros(2), 1.0)], 2.0, 4.0, 1.0, 3.0, 1e-2, 1.0, 0.0,
                              np.zeros(2), T=2, variant=variant, rng=rng, info=info)


def _alg5_run(variant, S, rng, info):
    if variant == "corrected":
        return alg1_lipschitz_extension(S, LeastSquaresLoss(), [(np.zeros(2), 1.0)], 2.0, np.zeros(2), 1e-2, 1.0, 0.0,
                                        T5=3, rng=rng, info=info)
    return alg5_epochs(S, LeastSquaresLoss(), [(np.zeros(2), 1.0)], 2.0, np.zeros(2), 3, 1e-2, 1.0, 0.0, rng=rng,
                       info=info)


@check("001.priv.alg6.printed_not_dp", spec=["001.priv.PC6", "001.audit.AUD-25", "001.alg6", "001.thm8"])
def _alg6_printed(ctx):
    out = _raw_vs_ext(ctx, _alg6_run, "Alg 6")
    pe, pr = out["printed"]
    if not pe > 1.0:
        return fail("printed Alg 6 leaks", f"eps_true = {pe}")
    return erratum(claimed="Alg 6 (as printed: Alg 5 on raw losses with L_i = H D_i) is eps-DP (Thm 8, L644)",
                   computed=f"exact eps of the first differing phase: printed {pe:.4g} (sensitivity {pr:.4g} x L_i eta_i); "
                            f"corrected (Alg 1 wrapper) {out['corrected'][0]:.4g}",
                   counterexample=f"eps = 1, least squares d = 2, n = 120, T = 2, kappa = 3; neighbour replaces s_1 by "
                                  f"(a = (30, 0), b = 1e4): eps_true = {pe:.4g} > 1",
                   margin=1.0 - pe, precision="exact conditional Laplace loss ||v||_1/sigma with coupled noise")


@check("001.priv.alg6.corrected", spec=["001.priv.PC6", "001.audit.AUD-25", "001.alg6", "001.thm8"])
def _alg6_corrected(ctx):
    out = _raw_vs_ext(ctx, _alg6_run, "Alg 6")
    ce, cr = out["corrected"]
    if ce > 1.0:
        return fail("corrected Alg 6 is eps-DP", f"eps_true = {ce}")
    return Outcome(Verdict.NUMERIC, claimed="Alg 6 with the Alg 1 wrapper (F_{L_i}) is eps-DP",
                   computed=f"same neighbours as 001.priv.alg6.printed_not_dp: eps_true = {ce:.4g} <= 1 "
                            f"(sensitivity {cr:.4g} x L_i eta_i)", margin=1 - ce,
                   precision="exact conditional Laplace loss")


@check("001.priv.alg1.extension_vs_raw", spec=["001.priv.PC3", "001.prop1", "001.alg1"])
def _alg1_raw(ctx):
    out = _raw_vs_ext(ctx, _alg5_run, "Alg 5")
    pe, ce = out["printed"][0], out["corrected"][0]
    if not (pe > 1.0 and ce <= 1.0):
        return fail("raw Alg 5 leaks and Alg 1 does not", f"raw {pe}, Alg1 {ce}")
    return Outcome(Verdict.PARTIAL, coverage='one far-outlier neighbour pair (d = 2 least squares); DP for every dataset is not established', claimed="Prop 1(1): Alg 1 (Alg 5 on F_L) is eps-DP for every dataset; negative control: "
                                             "Alg 5 on the raw non-Lipschitz losses is not",
                   computed=f"far-outlier neighbour: Alg 1 eps_true = {ce:.4g} <= 1; raw Alg 5 eps_true = {pe:.4g} > 1",
                   margin=1 - ce, precision="exact conditional Laplace loss, coupled noise")


# ----------------------------------------------------------------------------------------------------
# PC-7 / ST-36 group privacy
# ----------------------------------------------------------------------------------------------------
@check("001.fact.group_privacy.chain", spec=["001.fact.group_privacy", "001.priv.PC7"])
def _group(ctx):
    e, dl = sp.symbols("epsilon delta", positive=True)
    k = sp.symbols("k", integer=True, positive=True)
    j = sp.symbols("j", integer=True, nonnegative=True)
    # chain: delta_k = sum_{j<k} e^{j eps} delta <= k e^{(k-1) eps} delta: each term <= the last
    s = sp.summation(sp.exp(j * e) * dl, (j, 0, k - 1))
    # numeric exact verification on the Gaussian mechanism: true delta at (k eps) for sensitivity k Delta
    worst, worst_core, npts = -math.inf, -math.inf, 0
    for sigma in (0.5, 1.0, 3.0):
        for eps in (0.1, 0.5, 1.0, 2.0):
            d1 = gaussian_delta(eps, sigma, 1.0)
            for kk in (1, 2, 3, 5, 8):
                dk = gaussian_delta(kk * eps, sigma, kk)                 # exact delta at Hamming distance k
                bound = kk * math.exp((kk - 1) * eps) * d1              # paper L539-542 / DR14
                core_bound = group_privacy(eps, d1, kk)[1]              # core: delta sum_{j<k} e^{j eps} (tighter)
                worst = max(worst, dk - bound)
                worst_core = max(worst_core, dk - core_bound, core_bound - bound * (1 + 1e-12))
                npts += 1
    # termwise proof: e^{j eps} <= e^{(k-1) eps} for j <= k-1
    termwise = sp.simplify(sp.exp((k - 1) * e) / sp.exp(j * e) - sp.exp((k - 1 - j) * e)) == 0
    if worst > 1e-15 or worst_core > 1e-15 or not termwise:
        return fail("group privacy bound", f"worst {worst}, core chain {worst_core}")
    return Outcome(Verdict.PARTIAL, coverage='the closing inequality is proved termwise (sympy); the k-step chaining is not machine-checked and the exact bound is tested on the Gaussian mechanism only (60 grid points)', claimed="(eps,delta)-DP => (k eps, k e^{(k-1)eps} delta)-DP at Hamming distance k",
                   computed=f"chain sum = {sp.simplify(s)} <= k e^{{(k-1)eps}} delta termwise (sympy); Gaussian mechanism "
                            f"exact delta_k(k eps) - bound <= {worst:.3g} over {npts} grid points; exact delta_k <= "
                            f"core.accounting.group_privacy (chain sum) <= paper's bound (max violation {worst_core:.3g})",
                   margin=-worst, precision="sympy + mpmath dps 50",
                   details="sigma in {0.5,1,3}, eps in {0.1,0.5,1,2}, k in {1,2,3,5,8}")
