"""Headline experiments of document 001 (issue 14): the paper's private algorithms run end to end (noise on),
privacy accounted from the noise actually added, operation counts against the stated formulas, and the rate
measured as a log-log slope with an interval over independent replicate sweeps.

E4 (Thm 8, Alg. 6 with the Alg. 1 wrapper, kappa = 3 growth under interpolation): excess vs n.
E5 (Thm 3, Alg. 3, adaptivity): the same Alg. 3 run on an interpolating and a non-interpolating instance.

Common protocol.
* One *sweep* = one independent run at every grid point (fresh data, fresh noise).  Each sweep gives one
  least-squares slope of log(excess) on log(x); the R sweeps are iid, so a t-interval for the mean slope is
  exact up to the normal approximation of a mean of R iid slopes.  Two intervals are reported: 99% and
  1 - 1e-6; acceptance uses the 1 - 1e-6 interval (declared false-failure <= 1e-6 when the true mean slope is the
  theory's exponent and the slopes are near-normal): it must contain the theory's exponent and exclude the
  competitor's.  If it does not, the outcome is PARTIAL with the measured numbers (an O~ rate is not refuted
  by a finite-n slope), never a pass.
* Privacy ledger: every Alg. 4 phase releases x_hat + sigma_i zeta with zeta iid Laplace; its worst-case
  loss over the l2 sensitivity Delta_i = L_i eta_i + 2 tau_i (certified solver radius) is
  sup_{||v||_2 <= Delta_i} ||v||_1/sigma_i = sqrt(d) Delta_i/sigma_i (``laplace_phase_epsilon`` at the
  extremal v); phases use disjoint chunks, so the transcript is ``parallel_compose`` of all phases
  (core accountant).  Any run whose accounted epsilon exceeds the nominal one is FAILED.
* Operation counts (``OperationCounter``): ERM solves and their sizes equal the formulas of the printed
  algorithms exactly in every run, else FAILED.
* Repairs: re-centrings of an empty X cap B(x_{i-1}, R) (``info["recentred"]``) are counted and reported.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import stats

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.accounting import gaussian_delta, parallel_compose
from reference.interpolation.algorithms import alg3_adaptive, alg6_general_kappa
from reference.interpolation.lipschitz_extension import CubicRidgeLoss, LeastSquaresLoss
from reference.interpolation.localization import OperationCounter, alg5_T
from reference.interpolation.privacy import laplace_phase_epsilon
from reference.interpolation.schedule import rate_term

FALSE_FAILURE = 1e-6


# ----------------------------------------------------------------------------------------------------
# shared helpers
# ----------------------------------------------------------------------------------------------------
def _phases(info):
    """All Alg. 4 phases (sigma_i, Delta_i) of a nested info dict (Alg 4 / 5 / 1 / 2 / 3 / 6)."""
    out = []
    if "sigma" in info and "sensitivity" in info:
        return list(zip(info["sigma"], info["sensitivity"]))
    for key in ("phases", "epochs"):
        for sub in info.get(key, []):
            out += _phases(sub)
    for key in ("alg1", "alg2"):
        if key in info:
            out += _phases(info[key])
    return out


def _recentred(info) -> int:
    c = int(info.get("recentred", 0)) if isinstance(info, dict) else 0
    if isinstance(info, dict):
        for key in ("phases", "epochs"):
            for sub in info.get(key, []):
                c += _recentred(sub)
        for key in ("alg1", "alg2"):
            if key in info:
                c += _recentred(info[key])
    return c


_GAUSS_CACHE: dict = {}


def accounted_delta(info, epsilon: float) -> tuple[float, int]:
    """Gaussian releases: (delta(epsilon) of the whole transcript, number of releases).  Each phase's exact
    delta(eps) is the analytic Gaussian's at ratio Delta_i/sigma_i (core ``gaussian_delta``; the ratio is rounded UP
    to 12 significant digits for caching, which can only over-count); phases compose in parallel."""
    ph = _phases(info)
    pairs = []
    for sigma, Delta in ph:
        ratio = float(f"{Delta / sigma * (1 + 1e-12):.12e}")
        key = (epsilon, ratio)
        if key not in _GAUSS_CACHE:
            _GAUSS_CACHE[key] = float(gaussian_delta(epsilon, 1.0, ratio))
        pairs.append((epsilon, _GAUSS_CACHE[key]))
    _, delta = parallel_compose(pairs)
    return delta, len(ph)

def _budget_ratio(info, eps, delta, d):
    """Privacy of the noise actually added, as a share of the budget: accounted eps/eps (pure DP, delta = 0) or
    accounted delta(eps)/delta; and the number of releases counted."""
    if delta == 0:
        e_acc, nrel = accounted_epsilon(info, d)
        return e_acc / eps, nrel
    d_acc, nrel = accounted_delta(info, eps)
    return d_acc / delta, nrel



def accounted_epsilon(info, d: int) -> tuple[float, int]:
    """(epsilon of the whole transcript by the core accountant, number of releases)."""
    ph = _phases(info)
    v = np.full(d, 1.0 / math.sqrt(d))                      # extremal direction of ||v||_1 on the l2 sphere
    pairs = [(laplace_phase_epsilon(Delta * v, sigma, "iid"), 0.0) for sigma, Delta in ph]
    eps, _ = parallel_compose(pairs)
    return eps, len(ph)


def _alg5_counts(n5: int, T5: int) -> tuple[int, int]:
    """(ERM solves, samples per ERM) of one Alg. 5 run on n5 samples with T5 epochs: Alg. 4 on n0 = floor(n5/T5)
    samples has k = ceil(log n0) phases of floor(n0/k) samples (L432, L448)."""
    n0 = n5 // T5
    k = math.ceil(math.log(n0))
    return T5 * k, n0 // k


def slope_intervals(X: np.ndarray, Y: np.ndarray) -> dict:
    """Per-sweep OLS slopes of Y on X (rows = sweeps) and t-intervals for their mean."""
    slopes = np.array([np.polyfit(X[r], Y[r], 1)[0] for r in range(len(Y))])
    R = len(slopes)
    m, se = float(slopes.mean()), float(slopes.std(ddof=1) / math.sqrt(R))
    t99 = stats.t.ppf(0.995, R - 1)
    t6 = stats.t.ppf(1 - FALSE_FAILURE / 2, R - 1)
    return dict(slopes=slopes, mean=m, se=se, ci99=(m - t99 * se, m + t99 * se), ci6=(m - t6 * se, m + t6 * se))


def _figure(ctx, name, title, series, xlabel):
    """series: list of dicts(x, mean, lo, hi, theory (x -> y) , label, theory_label, competitor)."""
    path = ctx.figure_path(name)
    if path is None:
        return []
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    colours = ["b", "r", "g", "m"]
    for j, s in enumerate(series):
        c = colours[j % len(colours)]
        ax.loglog(s["x"], s["mean"], c + "o-", label=s["label"])
        ax.fill_between(s["x"], s["lo"], s["hi"], color=c, alpha=0.15)
        if s.get("theory") is not None:
            ax.loglog(s["x"], s["theory"], c + "--", lw=1, label=s["theory_label"])
        if s.get("competitor") is not None:
            ax.loglog(s["x"], s["competitor"], c + ":", lw=1, label=s["competitor_label"])
    ax.set_xlabel(xlabel); ax.set_ylabel("excess population loss f(x) - f*")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=6); fig.tight_layout(); fig.savefig(path, dpi=120); plt.close(fig)
    return [str(path)]


def _geo_band(E):
    """Geometric mean and a 99% t-band (over sweeps) of the excess at each grid point, for the figure."""
    L = np.log(E)
    m, s = L.mean(axis=0), L.std(axis=0, ddof=1) / math.sqrt(len(L))
    t = stats.t.ppf(0.995, len(L) - 1)
    return np.exp(m), np.exp(m - t * s), np.exp(m + t * s)


# ----------------------------------------------------------------------------------------------------
# E4: Theorem 8 (Alg. 6, kappa = 3 growth, interpolation)
# ----------------------------------------------------------------------------------------------------
# Instance: F(x; (a, b)) = |a'x - b|^3/3, a = sqrt(2) u, u uniform on the circle, b = a'x* (interpolation at x*),
# X = B(0, 1), x0 = 0.  f(x) - f* = K ||x - x*||^3 with K = (2 sqrt 2/3)(4/(3 pi)) (E|cos|^3 = 4/(3 pi)):
# kappa = 3 growth with lambda = 3 K (Remark 2 form (lambda/kappa) dist^kappa), exactly and nothing more
# (no quadratic growth: f - f* = o(dist^2)).  On X: ||grad F(y)|| <= ||a||^3 ||y - x*||^2, Hessian
# 2|a'(y - x*)| aa' <= 2 ||a||^3 Diam X = H; L_1 = ||a||^3 (1 + ||x*||)^2 = sup_X ||grad F||.
E4_K = (2 * math.sqrt(2) / 3) * (4 / (3 * math.pi))
E4_LAM = 3 * E4_K
E4_H = 2 * 2 ** 1.5 * 2.0
E4_D = 2


def _e4_instance(rng, n, x_star):
    u = rng.normal(size=(n, E4_D))
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    A = math.sqrt(E4_D) * u
    return np.c_[A, A @ x_star]


@check("001.exp.E4.kappa_growth_slope", spec=["001.exp.E4", "001.thm8"], profile="full")
def _e4(ctx):
    """E4: Alg. 6 (corrected: Alg. 1 wrapper), kappa = 3, excess vs n; exponent of the rate term."""
    return _kappa_growth(ctx, delta=0.0, eps=1000.0, R=36, label="E4", fig="e4_kappa3_slope.png")


@check("001.exp.E10.kappa_growth_slope_gaussian", spec=["001.exp.E10", "001.thm8"], profile="full")
def _e10(ctx):
    """E10: as E4 with Gaussian noise (delta = 1e-6, Thm 8's delta > 0 part); eps = 200 < eps_max(1e-6) = 302."""
    return _kappa_growth(ctx, delta=1e-6, eps=200.0, R=24, label="E10", fig="e10_kappa3_slope_gaussian.png")


def _kappa_growth(ctx, *, delta, eps, R, label, fig):
    kappa, beta, ck, es = 3.0, 0.05, 0.2, 1000.0
    ns = np.array([500, 1000, 2000, 4000, 8000])
    stars = {"interior": np.array([0.3, -0.2]), "boundary": np.array([0.6, 0.8])}
    p_theory, p_comp = kappa / (kappa - 2), kappa / (kappa - 1)
    # quadrature check of the closed form K (E|cos theta|^3 = 4/(3 pi)) -- the excess below is exact
    th = np.linspace(0, 2 * np.pi, 200001)[:-1]
    if abs(float(np.mean(np.abs(np.cos(th)) ** 3)) - 4 / (3 * math.pi)) > 1e-9:
        return fail("E4 instance: E|cos|^3 = 4/(3 pi)", str(float(np.mean(np.abs(np.cos(th)) ** 3))))
    rows, series, results, bad_counts, eps_acc_max, n_rel, recent = [], [], {}, [], 0.0, 0, 0
    for si, (name, xs) in enumerate(stars.items()):
        L1 = 2 ** 1.5 * (1 + float(np.linalg.norm(xs))) ** 2
        rng = ctx.child_rng(si)
        E = np.empty((R, len(ns))); Rt = np.empty(len(ns))
        for j, n in enumerate(ns):
            T = math.ceil(math.log(n))                                   # Thm 8: T = log n, m = n/log n
            m = n // T
            Rt[j] = rate_term(m, T, beta, E4_D, eps, delta, "alg6")
            T5 = alg5_T(m, kappa)
            solves, size = _alg5_counts(m, T5)
            for r in range(R):
                S = _e4_instance(rng, n, xs)
                info, oc = {}, OperationCounter()
                x = alg6_general_kappa(S, CubicRidgeLoss(5.0), [(np.zeros(E4_D), 1.0)], L1, E4_H, E4_LAM, kappa, beta,
                                       eps, delta, np.zeros(E4_D), T=T, ck=ck, eta_scale=es, rng=rng, oracle=oc,
                                       info=info)
                E[r, j] = E4_K * float(np.linalg.norm(x - xs)) ** 3
                if oc.erm_solves != T * solves or set(oc.erm_sizes) != {size}:
                    bad_counts.append((name, int(n), oc.erm_solves, T * solves, sorted(set(oc.erm_sizes)), size))
                ratio, nrel = _budget_ratio(info, eps, delta, E4_D)
                eps_acc_max = max(eps_acc_max, ratio)
                n_rel = max(n_rel, nrel)
                recent += _recentred(info)
        res = slope_intervals(np.tile(np.log(Rt), (R, 1)), np.log(E))
        res_n = slope_intervals(np.tile(np.log(ns), (R, 1)), np.log(E))
        results[name] = res
        gm, lo, hi = _geo_band(E)
        c0 = gm[0] / Rt[0] ** p_theory
        series.append(dict(x=ns, mean=gm, lo=lo, hi=hi, label=f"x* {name}: geometric mean over {R} runs (99% band)",
                           theory=c0 * Rt ** p_theory, theory_label=f"theory r_m^{p_theory:g} (kappa/(kappa-2))",
                           competitor=gm[0] * (Rt / Rt[0]) ** p_comp,
                           competitor_label=f"competitor r_m^{p_comp:g} (kappa/(kappa-1))"))
        rows.append(f"x* {name} (||x*|| = {np.linalg.norm(xs):.2f}): exponent of r_m: mean {res['mean']:.2f}, 99% CI "
                    f"[{res['ci99'][0]:.2f}, {res['ci99'][1]:.2f}], 1-1e-6 CI [{res['ci6'][0]:.2f}, {res['ci6'][1]:.2f}]; "
                    f"slope vs n {res_n['mean']:.2f} (99% CI [{res_n['ci99'][0]:.2f}, {res_n['ci99'][1]:.2f}]; theory "
                    f"r_m^3 gives {np.polyfit(np.log(ns), p_theory * np.log(Rt), 1)[0]:.2f}, competitor "
                    f"{np.polyfit(np.log(ns), p_comp * np.log(Rt), 1)[0]:.2f}); "
                    f"geo-mean excess {gm[0]:.3g} (n={ns[0]}) -> {gm[-1]:.3g} (n={ns[-1]})")
    arts = _figure(ctx, fig,
                   f"001 {label}: Alg 6 (+Alg 1), kappa = 3, interpolation, d = 2, "
                   f"{'Laplace' if delta == 0 else f'Gaussian delta = {delta:g}'}\n(scaled: c_k = {ck}, eta x {es:g}, eps = {eps:g})",
                   series, "n (T = ceil(log n) epochs of m = n/T)")
    claimed = (f"Thm 8 (kappa = 3): f(x_T) - f* <= O~(r)^(kappa/(kappa-2)) = r^3, r the rate term r_m of Alg 6's schedule "
               f"(L620); competitor: the non-interpolation kappa-growth rate r^(kappa/(kappa-1)) = r^1.5")
    what = "eps (Laplace)" if delta == 0 else "delta(eps) (analytic Gaussian, core gaussian_delta)"
    computed = ("; ".join(rows) + f"; accounted {what}, parallel composition of {n_rel} releases, worst run = "
                f"{eps_acc_max:.4g} x nominal; ERM counts = T x T5 x ceil(log(m/T5)) in every run: {not bad_counts}; "
                f"re-centrings (empty X cap B) = {recent}")
    if bad_counts:
        return fail(claimed, computed, details=f"operation counts differ from the formula: {bad_counts[:3]}")
    if eps_acc_max > 1 + 1e-12:
        return fail(claimed, computed, details="accounted privacy exceeds the nominal budget")
    ok = all(r["ci6"][0] <= p_theory <= r["ci6"][1] and not (r["ci6"][0] <= p_comp <= r["ci6"][1])
             for r in results.values())
    details = (f"LABELLED SCALED MODE. What is lost: at the paper's c_kappa = {2 * (2 ** 12 * 3) ** (1 / 3):.1f} every "
               f"radius D_i >= Diam X for m <= 1.4e8 (certified, 001.thm8.no_localization_certified), so the printed "
               f"schedule never localises at feasible n; here c_kappa = {ck}, inner step eta_0 x {es:g} (privacy "
               f"unchanged: sigma and sensitivity scale together, ledger above), eps = {eps:g} (no meaningful privacy; at "
               f"eps <= 10 the excess does not decrease with n <= 1.6e4 in any eta scaling we tried: noise or "
               f"immobile prox steps dominate). The r_m range is narrow (statistical term log^(3/2) m/sqrt m), so the "
               f"exponent is measured against r_m including its printed log factors, not against n. Instance: "
               f"|a'x - b|^3/3, d = 2, exact kappa = 3 growth, interpolation, x* interior and on the boundary of X. "
               f"Runs: {R} sweeps x {len(ns)} n per x*; T = ceil(log n).")
    if not ok:
        return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                       coverage="the kappa/(kappa-2) exponent was NOT reproduced at the 1 - 1e-6 level in the scaled "
                                "regime (interval misses the theory or contains the competitor); see computed")
    return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                   margin=min(min(abs(r["ci6"][0] - p_comp), abs(r["ci6"][1] - p_comp)) for r in results.values()),
                   precision="t-interval (1 - 1e-6) for the mean per-sweep exponent over iid sweeps; false-failure <= 1e-6 "
                             "if the mean exponent equals kappa/(kappa-2) (normal approximation)")


# ----------------------------------------------------------------------------------------------------
# E5: Theorem 3 (Alg. 3 adapts to interpolation)
# ----------------------------------------------------------------------------------------------------
# Instances (least squares, d = 2, a = sqrt(2) u, u uniform on the circle, so E aa' = I and f - f* = ||x - x*||^2/2
# exactly, lambda = 1 (QG), H = 2 on X = B(0, 1)):
#   (I) interpolation b = a'x*;  (N) no interpolation b = a'x* + 0.5 xi, xi = +-1 (bounded, mean 0).
# L = ||a|| (||a|| (1 + ||x*||) + 0.5) bounds ||grad F|| on X for both, so the same Alg. 3 call (same L, H, lambda,
# eps, schedule) is used on both: the algorithm is not told which instance it sees.
E5_SIGMA_Y = 0.5


def _e5_instance(rng, n, x_star, noisy):
    u = rng.normal(size=(n, 2))
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    A = math.sqrt(2) * u
    b = A @ x_star + (E5_SIGMA_Y * rng.choice([-1.0, 1.0], size=n) if noisy else 0.0)
    return np.c_[A, b]


def _alg3_rate(n, d, eps, beta):
    """The rate term of Thm 3 / D_int (L299): sqrt(log(2/beta)) log^{3/2} n/sqrt n + d log(2/beta) log n/(n eps)."""
    l2b = math.log(2 / beta)
    return math.sqrt(l2b) * math.log(n) ** 1.5 / math.sqrt(n) + d * l2b * math.log(n) / (n * eps)


@check("001.exp.E5.adaptivity", spec=["001.exp.E5", "001.thm3"], profile="full")
def _e5(ctx):
    """E5: Alg. 3 (scaled) on interpolating and non-interpolating data; excess vs n."""
    d, beta, eps, m, c, c_int, es = 2, 0.05, 200.0, 300, 0.2, 0.2, 400.0
    ns = np.array([1200, 2400, 4800])                      # Alg 2 stage: T = (n/2)/m = 2, 4, 8 epochs
    cases = [("interpolation, x* interior", np.array([0.3, -0.2]), False),
             ("interpolation, x* on the boundary", np.array([0.6, 0.8]), False),
             ("no interpolation, x* interior", np.array([0.3, -0.2]), True)]
    reps = {False: 32, True: 16}                           # sweeps per series (interpolating / not)
    rows, series, res_all, bad_counts, eps_acc_max, recent, n_rel = [], [], {}, [], 0.0, 0, 0
    rate2 = np.array([_alg3_rate(n, d, eps, beta) ** 2 for n in ns])
    s_rate2 = float(np.polyfit(np.log(ns), np.log(rate2), 1)[0])      # theory slope of O~(rate)^2 (non-interp)
    for ci, (name, xs, noisy) in enumerate(cases):
        L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)
        rng = ctx.child_rng(ci)
        R = reps[noisy]
        E = np.empty((R, len(ns))); Bsched = np.empty(len(ns))
        for j, n in enumerate(ns):
            h = n // 2
            T5a = alg5_T(h, 2.0)
            s1, z1 = _alg5_counts(h, T5a)                  # stage 1: Alg 1 (Alg 5, T5 = ceil(2 log(n/2)))
            T = (n - h) // m
            T5b = math.ceil(2 * math.log(m))
            s2, z2 = _alg5_counts(m, T5b)                  # stage 2: Alg 2, T epochs of Alg 1 on m samples
            for r in range(R):
                S = _e5_instance(rng, n, xs, noisy)
                info, oc = {}, OperationCounter()
                x = alg3_adaptive(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, 2.0, 1.0, beta, eps, 0.0, np.zeros(d),
                                  constants="scaled", m=m, c=c, c_int=c_int, eta_scale=es, rng=rng, oracle=oc, info=info)
                E[r, j] = 0.5 * float(np.sum((x - xs) ** 2))
                if oc.erm_solves != s1 + T * s2 or sorted(set(oc.erm_sizes)) != sorted({z1, z2}):
                    bad_counts.append((name, int(n), oc.erm_solves, s1 + T * s2, sorted(set(oc.erm_sizes)), (z1, z2)))
                e_acc, nrel = accounted_epsilon(info, d)
                eps_acc_max = max(eps_acc_max, e_acc / eps); n_rel = max(n_rel, nrel)
                recent += _recentred(info)
            Dsch = info["alg2"]["D"]
            Bsched[j] = 0.5 * (Dsch[-1] / 2) ** 2                     # excess bound on the containment event
        res = slope_intervals(np.tile(np.log(ns), (R, 1)), np.log(E))
        res_all[name] = res
        gm, lo, hi = _geo_band(E)
        s_sched = float(np.polyfit(np.log(ns), np.log(Bsched), 1)[0])
        th = Bsched if not noisy else gm[0] * rate2 / rate2[0]
        series.append(dict(x=ns, mean=gm, lo=lo, hi=hi, label=f"{name}: geo-mean over {R} runs (99% band)",
                           theory=th, theory_label=("schedule bound (1/2)(D_(T+1)/2)^2" if not noisy
                                                    else "Thm 3(2) rate^2 (through first point)"),
                           competitor=(gm[0] * rate2 / rate2[0]) if not noisy else None,
                           competitor_label="non-interpolation rate^2 (through first point)"))
        res["s_sched"] = s_sched
        rows.append(f"{name}: slope of log excess vs log n = {res['mean']:.2f}, 99% CI [{res['ci99'][0]:.2f}, "
                    f"{res['ci99'][1]:.2f}], 1-1e-6 CI [{res['ci6'][0]:.2f}, {res['ci6'][1]:.2f}]; geo-mean excess "
                    f"{gm[0]:.3g} -> {gm[-1]:.3g}" + (f"; schedule-bound slope {s_sched:.2f}" if not noisy else ""))
    arts = _figure(ctx, "e5_adaptivity.png", f"001 E5: Alg 3, least squares d = 2\n(scaled: c = {c}, c_int = {c_int}, m = {m}, eta x {es:g}, "
                   f"eps = {eps:g})", series, "n")
    claimed = ("Thm 3: the same Alg 3 gives (3) under interpolation the fast (exponential, Thm 2) rate and (2) without "
               "interpolation LD O~(1/sqrt n + d/(n eps))^2; adaptivity = on interpolating data the slope is steeper "
               f"than the non-interpolation rate^2 (slope {s_rate2:.2f} over this grid, the competitor), on "
               "non-interpolating data it is the rate^2 slope")
    computed = ("; ".join(rows) + f"; competitor / Thm 3(2) slope (rate^2 with its logs over this grid) = "
                f"{s_rate2:.2f}; accounted eps (parallel composition of up to {n_rel} Laplace releases) = "
                f"{eps_acc_max:.4f} x eps; ERM counts = Alg 1 (n/2) + T x Alg 1 (m) in every run: {not bad_counts}; "
                f"re-centrings = {recent}")
    if bad_counts:
        return fail(claimed, computed, details=f"operation counts differ from the formula: {bad_counts[:3]}")
    if eps_acc_max > 1 + 1e-12:
        return fail(claimed, computed, details="accounted epsilon exceeds the nominal epsilon")
    interp_ok = all(res_all[k]["ci6"][1] < s_rate2 for k, _, noisy in cases if not noisy)
    nk = [k for k, _, noisy in cases if noisy][0]
    non_ok = res_all[nk]["ci6"][0] <= s_rate2 <= res_all[nk]["ci6"][1] and not (
        res_all[nk]["ci6"][0] <= -0.5 <= res_all[nk]["ci6"][1])
    details = (f"LABELLED SCALED MODE. What is lost: as printed (c_int = 128, c = 256) D_int/2 >= Diam X for every "
               f"n <= 3.7e5 (certified, 001.thm3.no_localization_certified) and Alg 2 has T < 1 for n <= 4e8 (001.thm2), so "
               f"Alg 3 cannot localise at feasible n; here c_int = {c_int}, c = {c}, m = {m}, inner step x {es:g}, eps = "
               f"{eps:g} (no meaningful privacy). Criterion: interpolating series' 1-1e-6 CI below the competitor slope "
               f"{s_rate2:.2f} (rate^2 with its logs, L299) -> {interp_ok}; non-interpolating series' CI contains "
               f"{s_rate2:.2f} and excludes -0.5 (the rate without growth) -> {non_ok}.")
    if not (interp_ok and non_ok):
        return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                       coverage=f"adaptivity reproduced only in part: interpolation faster than rate^2: {interp_ok}; "
                                f"non-interpolation at the rate^2 slope: {non_ok} (see computed)")
    return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                   precision="t-intervals (1 - 1e-6) over iid sweeps (normal approximation)")


# ----------------------------------------------------------------------------------------------------
# E6: Theorem 6 (Alg. 5 as printed, kappa = 2 growth, no interpolation needed)
# ----------------------------------------------------------------------------------------------------
def _thm6_rate(n, d, L, eps, beta, kbar=2.0):
    """The rate term of Thm 6 (L491): L sqrt(log(1/beta)) log^{3/2} n/sqrt n + L d log(1/beta) log n/(n eps (kbar-1))."""
    lb = math.log(1 / beta)
    return L * math.sqrt(lb) * math.log(n) ** 1.5 / math.sqrt(n) + L * d * lb * math.log(n) / (n * eps * (kbar - 1))


@check("001.exp.E6.qg_rate_slope", spec=["001.exp.E6", "001.thm6"], profile="full")
def _e6(ctx):
    """E6: Alg. 5 (T = ceil(2 log n), beta = 1/(n+d)), least squares with bounded label noise (QG, lambda = 1, no
    interpolation), excess vs n; exponent of Thm 6's rate term r(n): theory kappa/(kappa-1) = 2, competitor 1."""
    return _qg_rate(ctx, delta=0.0, eps=1000.0, R=120, label="E6", thm="Thm 6")


@check("001.exp.E7.qg_rate_slope_gaussian", spec=["001.exp.E7", "001.thm7"], profile="full")
def _e7(ctx):
    """E7: as E6 with Gaussian noise (delta = 1e-6, Thm 7); eps = 200 < eps_max(1e-6) = 302 (001.priv.PC1)."""
    return _qg_rate(ctx, delta=1e-6, eps=200.0, R=60, label="E7", thm="Thm 7")


def _qg_rate(ctx, *, delta, eps, R, label, thm):
    d, es = 2, 1000.0
    ns = np.array([500, 1000, 2000, 4000, 8000])
    stars = {"interior": np.array([0.3, -0.2]), "boundary": np.array([0.6, 0.8])}
    p_theory, p_comp = 2.0, 1.0
    rows, series, results, bad_counts, eps_acc_max, n_rel, recent = [], [], {}, [], 0.0, 0, 0
    from reference.interpolation.localization import alg5_epochs
    for si, (name, xs) in enumerate(stars.items()):
        L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)   # sup ||grad F|| on X
        rng = ctx.child_rng(si)
        E = np.empty((R, len(ns))); Rt = np.empty(len(ns))
        for j, n in enumerate(ns):
            beta = 1.0 / (n + d)                                          # Thm 6: beta <= 1/(n+d)
            T = alg5_T(n, 2.0)                                            # T = ceil(2 log n/(kbar - 1)), kbar = 2
            Rt[j] = _thm6_rate(n, d if delta == 0 else math.sqrt(d * math.log(1 / delta)), L, eps, beta)
            solves, size = _alg5_counts(n, T)
            for r in range(R):
                S = _e5_instance(rng, n, xs, True)
                info, oc = {}, OperationCounter()
                x = alg5_epochs(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, np.zeros(d), T, beta, eps, delta, rng=rng,
                                eta_scale=es, oracle=oc, info=info)
                E[r, j] = 0.5 * float(np.sum((x - xs) ** 2))                 # exact f(x) - f* (E aa' = I)
                if oc.erm_solves != solves or set(oc.erm_sizes) != {size}:
                    bad_counts.append((name, int(n), oc.erm_solves, solves, sorted(set(oc.erm_sizes)), size))
                ratio, nrel = _budget_ratio(info, eps, delta, d)
                eps_acc_max = max(eps_acc_max, ratio)
                n_rel = max(n_rel, nrel)
                recent += _recentred(info)
        res = slope_intervals(np.tile(np.log(Rt), (R, 1)), np.log(E))
        res_n = slope_intervals(np.tile(np.log(ns), (R, 1)), np.log(E))
        results[name] = res
        gm, lo, hi = _geo_band(E)
        series.append(dict(x=ns, mean=gm, lo=lo, hi=hi, label=f"x* {name}: geometric mean over {R} runs (99% band)",
                           theory=gm[0] * (Rt / Rt[0]) ** p_theory, theory_label="theory r(n)^2 (kappa/(kappa-1))",
                           competitor=gm[0] * (Rt / Rt[0]) ** p_comp, competitor_label="competitor r(n)^1 (no growth)"))
        rows.append(f"x* {name}: exponent of r: mean {res['mean']:.2f}, 99% CI [{res['ci99'][0]:.2f}, {res['ci99'][1]:.2f}], "
                    f"1-1e-6 CI [{res['ci6'][0]:.2f}, {res['ci6'][1]:.2f}]; slope vs n {res_n['mean']:.2f} (99% CI "
                    f"[{res_n['ci99'][0]:.2f}, {res_n['ci99'][1]:.2f}]; theory r^2 gives "
                    f"{np.polyfit(np.log(ns), 2 * np.log(Rt), 1)[0]:.2f}, competitor "
                    f"{np.polyfit(np.log(ns), np.log(Rt), 1)[0]:.2f}); geo-mean excess {gm[0]:.3g} -> {gm[-1]:.3g}")
    arts = _figure(ctx, f"{label.lower()}_qg_rate_slope.png", f"001 {label}: Alg 5 ({thm}, kappa = 2, "
                   f"{'Laplace' if delta == 0 else f'Gaussian, delta = {delta:g}'}), least squares + label noise, d = 2\n"
                   f"(scaled: eta x {es:g}, eps = {eps:g}; beta = 1/(n+d), T = ceil(2 log n))", series, "n")
    claimed = (f"{thm} (kappa = kbar = 2): f(x_T) - min f <= (4032/lambda) r(n)^(kappa/(kappa-1)) = O(r^2), r the printed "
               f"rate term ({'d' if delta == 0 else 'sqrt(d log(1/delta))'} in its privacy part); competitor: the "
               f"growth-free rate r^1 (Prop {2 if delta == 0 else 3})")
    what = "eps (Laplace)" if delta == 0 else f"delta(eps) (analytic Gaussian, core gaussian_delta)"
    computed = ("; ".join(rows) + f"; accounted {what}, parallel composition of {n_rel} releases, worst run = "
                f"{eps_acc_max:.4g} x nominal; ERM counts = T ceil(log(n/T)) in every run: {not bad_counts}; "
                f"re-centrings = {recent}")
    if bad_counts:
        return fail(claimed, computed, details=f"operation counts differ from the formula: {bad_counts[:3]}")
    if eps_acc_max > 1 + 1e-12:
        return fail(claimed, computed, details="accounted privacy exceeds the nominal budget")
    ok = all(r["ci6"][0] <= p_theory <= r["ci6"][1] and not (r["ci6"][0] <= p_comp <= r["ci6"][1])
             for r in results.values())
    # the printed step at eps = 1: first-phase prox weight eta_1 n0 of the first Alg 4 call at the largest n
    from reference.interpolation.localization import alg5_eta0
    nL = int(ns[-1]); TL = alg5_T(nL, 2.0); n5 = nL // TL; kL = math.ceil(math.log(n5))
    Lb = math.sqrt(2) * (math.sqrt(2) * 1.36 + E5_SIGMA_Y)
    prox_w = alg5_eta0(n5, d, 2.0, Lb, 1.0, 0.0, 1.0 / (nL + d)) / 16 * (n5 // kL)
    details = (f"LABELLED SCALED MODE: Alg 5 exactly as printed except eta_0 x {es:g} (privacy unchanged: ledger above) and "
               f"eps = {eps:g} (no meaningful privacy). What is lost: at the printed step size (eta x 1) and eps = 1 the "
               f"iterates barely leave x0 at n <= {nL} (first-phase prox weight eta_1 n0 = {prox_w:.2g} at n = {nL}: the "
               f"step moves a fraction of about lambda eta_1 n0/2 of the way to the chunk minimiser), and the printed bound exceeds "
               f"L D for every n <= 1.2e8 (certified, 001.thm6.vacuity_certified). Instance: least squares, a = sqrt 2 u, "
               f"labels a'x* + 0.5 xi (xi = +-1): QG with lambda = 1, no interpolation, L = sup_X ||grad F||; x* interior and "
               f"on the boundary of X = B(0, 1); exact excess ||x - x*||^2/2.")
    if not ok:
        return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                       coverage="the kappa/(kappa-1) = 2 exponent was NOT reproduced at the 1 - 1e-6 level (interval "
                                "misses 2 or contains the competitor 1); see computed")
    return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                   margin=min(min(abs(r["ci6"][0] - p_comp), abs(r["ci6"][1] - p_comp)) for r in results.values()),
                   precision="t-interval (1 - 1e-6) for the mean per-sweep exponent over iid sweeps (normal approximation)")


# ----------------------------------------------------------------------------------------------------
# E8: excess vs eps, Alg. 5 exactly as printed (Thm 6, real privacy)
# ----------------------------------------------------------------------------------------------------
@check("001.exp.E8.excess_vs_eps_printed", spec=["001.exp.E8", "001.thm6"], profile="full")
def _e8(ctx):
    """E8: Alg. 5 at the printed step size (eta_scale = 1), n = 8000, eps from 0.03 to 10: slope of log excess vs
    log eps against the slope of Thm 6's r(eps)^2 (theory) and r(eps)^1 (competitor) over the same grid."""
    d, n, es = 2, 8000, 1.0
    epss = np.array([0.03, 0.1, 0.3, 1.0, 3.0, 10.0])
    xs = np.array([0.3, -0.2])
    R = 20
    beta = 1.0 / (n + d)
    T = alg5_T(n, 2.0)
    L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)
    solves, size = _alg5_counts(n, T)
    from reference.interpolation.localization import alg5_epochs
    rng = ctx.child_rng(0)
    E = np.empty((R, len(epss))); bad_counts, eps_ratio, nrel = [], 0.0, 0
    for j, eps in enumerate(epss):
        for r in range(R):
            S = _e5_instance(rng, n, xs, True)
            info, oc = {}, OperationCounter()
            x = alg5_epochs(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, np.zeros(d), T, beta, float(eps), 0.0, rng=rng,
                            eta_scale=es, oracle=oc, info=info)
            E[r, j] = 0.5 * float(np.sum((x - xs) ** 2))
            if oc.erm_solves != solves or set(oc.erm_sizes) != {size}:
                bad_counts.append((float(eps), oc.erm_solves, solves))
            e_acc, nrel = accounted_epsilon(info, d)
            eps_ratio = max(eps_ratio, e_acc / eps)
    Rt = np.array([_thm6_rate(n, d, L, float(e), beta) for e in epss])
    s_th = float(np.polyfit(np.log(epss), 2 * np.log(Rt), 1)[0])
    s_cp = float(np.polyfit(np.log(epss), np.log(Rt), 1)[0])
    res = slope_intervals(np.tile(np.log(epss), (R, 1)), np.log(E))
    gm, lo, hi = _geo_band(E)
    f0 = 0.5 * float(np.sum(xs ** 2))
    arts = _figure(ctx, "e8_excess_vs_eps.png", f"001 E8: Alg 5 as printed (eta x 1), n = {n}, least squares + label noise, "
                   f"d = 2\nexcess vs eps; f(x0) - f* = {f0:.3g}",
                   [dict(x=epss, mean=gm, lo=lo, hi=hi, label=f"geometric mean over {R} runs (99% band)",
                         theory=gm[0] * (Rt / Rt[0]) ** 2, theory_label="theory r(eps)^2 (through first point)",
                         competitor=gm[0] * (Rt / Rt[0]), competitor_label="competitor r(eps)^1")], "eps")
    claimed = (f"Thm 6 (kappa = 2) vs eps at n = {n}, printed constants: excess ~ r(eps)^2 (slope {s_th:.2f} in log eps over "
               f"this grid), not r(eps)^1 (slope {s_cp:.2f})")
    computed = (f"slope of log excess vs log eps = {res['mean']:.3f}, 99% CI [{res['ci99'][0]:.3f}, {res['ci99'][1]:.3f}], "
                f"1-1e-6 CI [{res['ci6'][0]:.3f}, {res['ci6'][1]:.3f}]; geo-mean excess {gm[0]:.4g} (eps = {epss[0]:g}) .. "
                f"{gm[-1]:.4g} (eps = {epss[-1]:g}); f(x0) - f* = {f0:.4g}; accounted eps (core parallel_compose over "
                f"{nrel} Laplace releases, worst run) = {eps_ratio:.4g} x eps; ERM counts exact: {not bad_counts}")
    if bad_counts:
        return fail(claimed, computed, details=f"operation counts differ from the formula: {bad_counts[:3]}")
    if eps_ratio > 1 + 1e-12:
        return fail(claimed, computed, details="accounted epsilon exceeds the nominal epsilon")
    ok = res["ci6"][0] <= s_th <= res["ci6"][1] and not (res["ci6"][0] <= s_cp <= res["ci6"][1])
    details = ("Alg 5 EXACTLY as printed (eta_0 of L450, T = ceil(2 log n), beta = 1/(n+d)), real privacy eps in [0.03, 10]; "
               "instance of 001.exp.E6 (least squares + bounded label noise, QG lambda = 1, x* = (0.3, -0.2)); the theory "
               "and competitor slopes are those of the printed rate term r(eps) with its logs.")
    if not ok:
        return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                       coverage="the eps-dependence of Thm 6 is NOT reproduced at the printed constants at n = 8000 "
                                "(interval misses the theory slope or contains the competitor's); see computed")
    return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, details=details, artifacts=arts,
                   precision="t-interval (1 - 1e-6) over iid sweeps (normal approximation)")
