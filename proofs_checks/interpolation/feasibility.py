"""Feasibility of the headline experiments of document 001 that were NOT run (issue 14, "or a reason with numbers").

Each check computes, from the reference code (the algorithm's own parameter functions, a small private run, the
core accountants), the numbers that say why the printed experiment cannot be run in the full profile, and returns
PARTIAL with them.  Each FAILS when the numbers show a feasible, non-vacuous regime within the full profile's budget
(then the experiment must be run instead of this reason):

* ``001.thm3.eps_regime_feasibility`` (Thm 3(2) excess vs eps): where the privacy term of Thm 3's rate dominates
  (eps <= eps_x(n), the crossing of the two terms of L299), stage 1 of Alg 3 (Alg 5 on n/2 samples, as in
  001.exp.E5/E6) does not improve on its starting point x0 for any inner-step scale: no rate can be read there.
* ``001.prop2.h12_feasibility`` (Props 2/3, headline H12): the printed bound is >= L D (vacuous) at every n of the
  budget, and the printed Alg 4's reach 2 L sum_i eta_i n0 (L435) is a fraction of Diam X read from the run's own
  eta_i and n0.
* ``001.exp.E10.n_range_feasibility`` (Thm 8, delta > 0): the Gaussian noise Alg 4 adds at E10's (eps, delta) vs
  the Laplace noise of E4 (sigma_i of the code, expected norms), the smallest n at which E10's first-phase noise is
  down to E4's at its first grid point, and the cost of E10's grid shifted there (timed run, linear in n).
* ``001.exp.E12.small_eps_feasibility`` (Thm 2 vs eps below eps = 20): the number of epochs T = floor(n/m) and the
  contraction factor q = c H r_m/lambda of Alg 2's schedule (``alg2_q``) over small eps.

Where it was cheap the missing experiment was run instead, in a labelled scaled regime:
* ``001.exp.E13.thm3_excess_vs_eps_scaled`` (Thm 3 (2) excess vs eps, shared protocol, Alg 3 in 001.exp.E5's
  scaled mode, where the private term is visible at eps ~ 2-15).
"""
from __future__ import annotations

import math
import time

import numpy as np

from proofs_checks.framework import check, fail, partial
from proofs_checks.interpolation.headline_experiments import (
    E4_D, E4_H, E4_LAM, E5_SIGMA_Y, _alg3_rate, _alg5_counts, _budget_ratio, _e4_instance, _e5_instance, _phases,
    run_guard)
from reference.interpolation.lipschitz_extension import LeastSquaresLoss
from reference.interpolation.localization import (OperationCounter, alg4_eta, alg4_localization, alg5_epochs, alg5_T)
from reference.interpolation.schedule import alg2_q

FULL_MAX_N = 8000            # largest n of the full-profile headline experiments (E4-E11)
BUDGET_S = 90.0              # per-experiment budget of the full profile (brief: each <= ~60-90 s)


# ----------------------------------------------------------------------------------------------------
# Thm 3 (2): excess vs eps in the privacy-limited regime
# ----------------------------------------------------------------------------------------------------
def _eps_cross(n: int, d: int, beta: float) -> float:
    """eps at which the two terms of Thm 3's rate (L299) are equal: privacy term dominates for eps below it."""
    l2b = math.log(2 / beta)
    stat = math.sqrt(l2b) * math.log(n) ** 1.5 / math.sqrt(n)
    return d * l2b * math.log(n) / (n * stat)


@check("001.thm3.eps_regime_feasibility", spec=["001.thm3", "001.exp.E13"], profile="full")
def _thm3_eps(ctx):
    d, beta, R = 2, 0.05, 8
    xs = np.array([0.3, -0.2])
    f0 = 0.5 * float(xs @ xs)                                   # f(x0) - f*, x0 = 0 (exact: E aa' = I)
    L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)
    scales = [1.0, 10.0, 100.0, 1e3, 1e4]
    rows, best, worst, ratio_max, nrel, bad = [], (math.inf, None), 0.0, 0.0, 0, []
    for ni, n in enumerate((4000, FULL_MAX_N)):
        ex = _eps_cross(n, d, beta)
        r_x = _alg3_rate(n, d, ex, beta)
        if abs(r_x - 2 * math.sqrt(math.log(2 / beta)) * math.log(n) ** 1.5 / math.sqrt(n)) > 1e-12 * r_x:
            return fail("eps_x: the two rate terms are equal", f"rate(eps_x) = {r_x}")
        h = n // 2                                                # stage 1 of Alg 3: Alg 1/Alg 5 on n/2 samples
        T = alg5_T(h, 2.0)
        solves, size = _alg5_counts(h, T)
        for ei, eps in enumerate((ex / 4, ex / 2, ex)):
            for si, es in enumerate(scales):
                rng = ctx.child_rng(100 * ni + 10 * ei + si)
                E = np.empty(R)
                for r in range(R):
                    S = _e5_instance(rng, h, xs, True)
                    info, oc = {}, OperationCounter()
                    x = alg5_epochs(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, np.zeros(d), T, beta, eps, 0.0,
                                    rng=rng, eta_scale=es, oracle=oc, info=info)
                    E[r] = 0.5 * float(np.sum((x - xs) ** 2))
                    if oc.erm_solves != solves or set(oc.erm_sizes) != {size}:
                        bad.append((n, eps, es, oc.erm_solves, solves))
                    rr, k = _budget_ratio(info, eps, 0.0, d)
                    ratio_max, nrel = max(ratio_max, rr), max(nrel, k)
                mu = float(E.mean())
                if mu < best[0]:
                    best = (mu, (n, eps, es))
                worst = max(worst, mu)
            rows.append(f"n = {n}, eps = {eps:.3g}: mean excess over scales {scales[0]:g}..{scales[-1]:g}")
    claimed = ("Thm 3 (2) vs eps: excess ~ rate(eps)^2 with the privacy term d log(2/beta) log n/(n eps) dominant; an "
               "experiment needs a regime where the privacy term dominates AND stage 1 improves on x0")
    computed = (f"crossing eps_x = {_eps_cross(4000, d, beta):.4g} (n = 4000), {_eps_cross(FULL_MAX_N, d, beta):.4g} "
                f"(n = {FULL_MAX_N}); stage 1 (Alg 5 on n/2, T = ceil(2 log(n/2)), beta = {beta}) at eps in "
                f"{{eps_x/4, eps_x/2, eps_x}} x inner-step scale {scales}: mean excess (R = {R} each) between "
                f"{best[0]:.3g} (n, eps, scale = {best[1][0]}, {best[1][1]:.3g}, {best[1][2]:g}) and {worst:.3g}, vs "
                f"f(x0) - f* = {f0:.3g}; accounted eps (core parallel_compose over {nrel} Laplace releases) = "
                f"{ratio_max:.4g} x eps; ERM counts exact: {not bad}")
    guard = run_guard(claimed, computed, bad, ratio_max)
    if guard is not None:
        return guard
    if best[0] <= 0.5 * f0:
        return fail(claimed, computed, details="a privacy-limited regime where stage 1 halves the starting excess exists "
                                               "within the full profile's n: run the excess-vs-eps experiment there")
    return partial(claimed, computed,
                   coverage=f"Thm 3 (2) excess vs eps NOT run: in the privacy-limited regime (eps <= eps_x, n <= "
                            f"{FULL_MAX_N}) the best stage-1 mean excess {best[0]:.3g} is above (f(x0) - f*)/2 = "
                            f"{0.5 * f0:.3g} for every inner-step scale tried, so no rate can be read there; above eps_x "
                            "the statistical term dominates: rate(eps) lies within a factor 2 of rate(inf) (both terms "
                            "equal at eps_x), so rate^2 changes by less than 4x over any eps grid there",
                   precision=f"{R} iid replicates per cell; threshold (f(x0) - f*)/2 (FAILS if any cell's mean is below)",
                   details="instance of 001.exp.E5/E6 (least squares + bounded label noise 0.5 xi, d = 2, lambda = 1, "
                           "x* = (0.3, -0.2), X = B(0, 1), x0 = 0); Alg 5 exactly as in Alg 3's stage 1 except the inner "
                           "step scale (privacy unchanged: sigma and sensitivity scale together)")


# ----------------------------------------------------------------------------------------------------
# Props 2/3 (H12): vacuity over the budget and the printed Alg 4's reach
# ----------------------------------------------------------------------------------------------------
def _prop2_ratio(n: int, d: int, eps: float, beta: float, A: float | None = None) -> float:
    """Printed bound of Prop 2 (L474) / (L D) = 128 (sqrt(log 1/beta) log^{3/2} n/sqrt n + A log(1/beta) log n/(n eps))."""
    lb = math.log(1 / beta)
    A = d if A is None else A
    return 128 * (math.sqrt(lb) * math.log(n) ** 1.5 / math.sqrt(n) + A * lb * math.log(n) / (n * eps))


@check("001.prop2.h12_feasibility", spec=["001.prop2", "001.prop3"])
def _h12(ctx):
    ns = np.unique(np.round(np.geomspace(500, 2 * FULL_MAX_N, 25)).astype(int))
    # smallest printed bound over the budget: d = 1, eps -> inf (privacy term dropped), beta = 1/(n + 1) (largest)
    ratios = [_prop2_ratio(int(n), 1, math.inf, 1.0 / (n + 1)) for n in ns]
    rmin = min(ratios)
    # the printed Alg 4 at n = FULL_MAX_N, d = 2, X = B(0, 1) (D = 2), least squares of 001.exp.E6, eps = 1, beta = 1/(n+d)
    d, n, D = 2, FULL_MAX_N, 2.0
    xs = np.array([0.3, -0.2])
    L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)
    reach = {}
    for eps in (1.0, 0.01):
        for nn in (500, FULL_MAX_N):
            eta = alg4_eta(nn, d, D, L, eps, 0.0, 1.0 / (nn + d))
            k = math.ceil(math.log(nn)); n0 = nn // k
            reach[(eps, nn)] = 2 * L * n0 * sum(2.0 ** (-4 * i) * eta for i in range(1, k + 1)) / D
    rng = ctx.child_rng(0)
    S = _e5_instance(rng, n, xs, True)
    info, oc = {}, OperationCounter()
    eta = alg4_eta(n, d, D, L, 1.0, 0.0, 1.0 / (n + d))
    x = alg4_localization(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], eta, np.zeros(d), L, 1.0, rng=rng, oracle=oc,
                          info=info)
    run_reach = 2 * L * info["n0"] * sum(info["eta"]) / D
    if abs(run_reach - reach[(1.0, FULL_MAX_N)]) > 1e-9 * run_reach or oc.erm_solves != info["k"]:
        return fail("reach from the run's own eta_i, n0 = formula", f"{run_reach} vs {reach[(1.0, FULL_MAX_N)]}; ERM {oc.erm_solves}")
    moved = float(np.linalg.norm(info["x_hat"][-1]))
    rr, nrel = _budget_ratio(info, 1.0, 0.0, d)
    claimed = ("Props 2/3 headline (H12): the rate 128 L D (sqrt(log 1/beta) log^{3/2} n/sqrt n + A log(1/beta) log n/"
               "(n eps)) of the printed Alg 4, measured end to end, needs n where the bound is below L D")
    computed = (f"printed bound / (L D) over n in [{ns[0]}, {ns[-1]}] ({len(ns)} points; d = 1, eps = inf, beta = "
                f"1/(n+1), its smallest value): min {rmin:.4g} at n = {ns[-1]} (>= 1: vacuous; certified on [3, 3.8e9] by "
                f"001.prop2.vacuity_certified); the printed Alg 4 (eta of L472, X = B(0, 1), D = 2, L = {L:.3g}) can "
                f"move its noiseless iterates at most 2 L n0 sum_i eta_i (radii of L435) = "
                + ", ".join(f"{v:.3g} D (eps = {e:g}, n = {nn})" for (e, nn), v in reach.items())
                + f"; one run at n = {n}, eps = 1: k = {info['k']}, n0 = {info['n0']}, reach {run_reach:.3g} D, "
                f"||x_hat_k - x0|| = {moved:.3g} vs ||x* - x0|| = {np.linalg.norm(xs):.3g}; accounted eps (core "
                f"parallel_compose over {nrel} Laplace releases) = {rr:.4g} x eps")
    if rr > 1 + 1e-12:
        return fail(claimed, computed, details="accounted epsilon exceeds the nominal epsilon")
    if moved > 0.5 * float(np.linalg.norm(xs)):
        return fail(claimed, computed, details="the printed Alg 4 moves half-way to x*: the immobility reason is void")
    if rmin < 1.0:
        return fail(claimed, computed, details="the printed bound is below L D within twice the full profile's n: run "
                                               "the H12 slope experiment there")
    return partial(claimed, computed,
                   coverage=f"H12 slope experiment NOT run: the printed bound exceeds L D (the excess of every point of "
                            f"X) at every n <= {ns[-1]} (min ratio {rmin:.3g}), so no finite-n slope tests its constant; "
                            f"the printed Alg 4 barely leaves x0 (moved {moved:.2g} of the {np.linalg.norm(xs):.2g} to x* at "
                            f"n = {n}, eps = 1; reach bound {min(reach.values()):.2g}..{max(reach.values()):.2g} D, "
                            "proportional to eps in the privacy branch)",
                   precision="floats (the vacuity itself is certified in Arb by 001.prop2.vacuity_certified)")


# ----------------------------------------------------------------------------------------------------
# E10 (Thm 8, delta > 0): the n range a transient-free Gaussian series needs
# ----------------------------------------------------------------------------------------------------
def _alg6_sigma1(n: int, kappa: float, eps: float, delta: float, ck: float, es: float) -> tuple[float, float]:
    """(sigma of the first Alg 4 phase of the first Alg 5 epoch of E4/E10's Alg 6 run, expected noise norm), read
    from a tiny run's info (the algorithm's own parameters), d = 2."""
    from reference.interpolation.algorithms import alg6_general_kappa
    from reference.interpolation.lipschitz_extension import PowerRidgeLoss
    from proofs_checks.interpolation.headline_experiments import _kappa_constants
    K, lam, H = _kappa_constants(kappa)
    xs = np.array([0.3, -0.2])
    L1 = 2 ** (kappa / 2) * (1 + float(np.linalg.norm(xs))) ** (kappa - 1)
    rng = np.random.default_rng(0)
    T = math.ceil(math.log(n))
    info = {}
    alg6_general_kappa(_e4_instance(rng, n, xs), PowerRidgeLoss(kappa, 5.0), [(np.zeros(E4_D), 1.0)], L1, H, lam,
                       kappa, 0.05, eps, delta, np.zeros(E4_D), T=T, ck=ck, eta_scale=es, rng=rng, info=info)
    sigma, Delta = _phases(info)[0]
    # expected norm of the standardised draw: N(0, I_2): sqrt(pi/2); iid standard Laplace in d = 2 (quadrature)
    if delta > 0:
        enorm = math.sqrt(math.pi / 2)
    else:
        g = np.linspace(-40, 40, 1601); w = 0.25 * np.exp(-np.abs(g)[:, None] - np.abs(g)[None, :]) * (g[1] - g[0]) ** 2
        enorm = float(np.sum(w * np.hypot(g[:, None], g[None, :])))
    return sigma, sigma * enorm


@check("001.exp.E10.n_range_feasibility", spec=["001.exp.E10"], profile="full")
def _e10_feas(ctx):
    ck, es, kappa = 0.2, 1000.0, 3.0
    _, g500 = _alg6_sigma1(500, kappa, 200.0, 1e-6, ck, es)
    _, l500 = _alg6_sigma1(500, kappa, 1000.0, 0.0, ck, es)
    _, l8000 = _alg6_sigma1(FULL_MAX_N, kappa, 1000.0, 0.0, ck, es)
    t0 = time.perf_counter()
    _, g8000 = _alg6_sigma1(FULL_MAX_N, kappa, 200.0, 1e-6, ck, es)
    t_run = time.perf_counter() - t0                          # one E10 (Gaussian) Alg 6 run at n = 8000
    lo, hi = FULL_MAX_N, FULL_MAX_N                             # Gaussian noise(lo) > l500 >= noise(hi)
    while _alg6_sigma1(hi, kappa, 200.0, 1e-6, ck, es)[1] > l500 and hi < 2 ** 22:
        lo, hi = hi, 2 * hi
    for _ in range(3):                                          # bisect the bracket (lo, hi]
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if _alg6_sigma1(mid, kappa, 200.0, 1e-6, ck, es)[1] > l500 else (lo, mid)
    n_need = lo
    grid = [n_need * 2 ** j for j in range(5)]                  # E4's grid shape (factor 16) shifted to n_need
    cost = t_run / FULL_MAX_N * sum(grid) * 12 * 2              # linear in n, 12 replicates x 2 x* as in E10
    claimed = ("Thm 8 (kappa = 3, delta > 0) as in 001.exp.E10: a slope of the excess against r_m over a grid where the "
               "Gaussian noise is no larger than the Laplace noise of 001.exp.E4's grid")
    computed = (f"expected first-phase noise norm of Alg 6 (sigma_1 from the run's own info, d = 2): Gaussian (eps = 200, "
                f"delta = 1e-6) {g500:.3g} at n = 500, {g8000:.3g} at n = {FULL_MAX_N}; Laplace (eps = 1000, E4) "
                f"{l500:.3g} at n = 500, {l8000:.3g} at n = {FULL_MAX_N} (ratio {g500 / l500:.3g} at n = 500); the "
                f"Gaussian noise is down to E4's n = 500 level only at n in ({lo}, {hi}] (doubling from {FULL_MAX_N}, then "
                f"bisection); E10's grid shifted to n >= {n_need}, {grid}, costs at least about {cost:.0f} s (one run at n = {FULL_MAX_N}: {t_run:.2f} s, "
                f"linear in n, 12 replicates x 2 x*) vs the budget {BUDGET_S:g} s")
    if g500 <= l500 or cost <= BUDGET_S:
        return fail(claimed, computed, details="a transient-free Gaussian grid fits the full profile: run E10 there")
    return partial(claimed, computed,
                   coverage=f"E10 on a transient-free grid NOT run: it needs n > {n_need} (cost at least about {cost:.0f} s > "
                            f"{BUDGET_S:g} s); the run on n in [500, {FULL_MAX_N}] measures the noise transient",
                   precision="sigma_i read from the algorithm's info; expected norms exact (Gaussian) / quadrature "
                             "(Laplace); timing under load",
                   details="heuristic criterion (stated): the series is compared where its first-phase noise equals "
                           "E4's at E4's first grid point")


# ----------------------------------------------------------------------------------------------------
# E12 (Thm 2 vs eps below eps = 20): epochs and contraction of Alg 2's schedule
# ----------------------------------------------------------------------------------------------------
@check("001.exp.E12.small_eps_feasibility", spec=["001.exp.E12"])
def _e12_feas(ctx):
    n, C, H, lam, d, beta = 2400, 6000.0, 2.0, 1.0, 2, 0.05
    rows, contracting = [], []
    for eps in (0.01, 0.04, 0.1, 0.3, 1.0, 2.5, 5.0, 10.0, 20.0):
        m = int(math.ceil(C / eps)); T = n // m
        q_e12 = alg2_q(H, lam, T, m, beta, d, eps, 0.0, c=0.1) if T >= 1 else math.nan
        q_fix = alg2_q(H, lam, 3, 300, beta, d, eps, 0.0, c=0.2)      # E2's scaled mode with m fixed at 300
        rows.append(f"eps {eps:g}: E12 rule m = {m}, T = {T}, q = {q_e12:.3g}; fixed m = 300, c = 0.2: q = {q_fix:.3g}")
        if T >= 1 and q_e12 < 1 and eps < 20:
            contracting.append((eps, T, q_e12))
    q_fix = {e: alg2_q(H, lam, 3, 300, beta, d, e, 0.0, c=0.2) for e in (0.01, 0.04, 0.1)}
    e_T1 = C / n                                                  # T = floor(n eps/C) >= 1 iff eps >= C/n
    claimed = ("Thm 2 vs eps below 001.exp.E12's grid (eps < 20): Alg 2 needs T = floor(n/m) >= 1 epochs and a "
               "contracting schedule q = c H r_m/lambda < 1")
    computed = "; ".join(rows)
    # the two reasons recorded in the spec, as computed: no epoch below C/n under the E12 rule; fixed-m expansion
    if math.floor(n * 2.4 / C) >= 1 or not (q_fix[0.01] > 1 and q_fix[0.04] > 1):
        return fail(claimed, computed, details="the recorded reasons (T < 1 below eps = 2.5; q > 1 at eps <= 0.04 with "
                                               "m = 300) no longer hold: revise E12's range")
    return partial(claimed, computed,
                   coverage=f"below E12's grid: under its rule (n = {n}, m = ceil({C:g}/eps)) Alg 2 has NO epoch for eps "
                            f"< {e_T1:g}; with m fixed at 300 (c = 0.2) the schedule expands for eps <= 0.04 (q = "
                            f"{q_fix[0.01]:.2g} at 0.01, {q_fix[0.04]:.2g} at 0.04) and contracts from eps = 0.1 (q = "
                            f"{q_fix[0.1]:.2g}), so the non-convergence recorded there for 0.1 <= eps < 8 is not a schedule "
                            "expansion; under the E12 rule eps in [2.5, 20) is schedule-feasible ("
                            + ", ".join(f"eps {e:g}: T = {T}, q = {q:.2g}" for e, T, q in contracting)
                            + ") but NOT run (E12 already costs about 145 s)",
                   precision="closed form of the reference schedule (alg2_q), no sampling")


# ----------------------------------------------------------------------------------------------------
# E13: Thm 3 (2) excess vs eps, run where the (scaled) private term is visible
# ----------------------------------------------------------------------------------------------------
@check("001.exp.E13.thm3_excess_vs_eps_scaled", spec=["001.exp.E13", "001.thm3"], profile="full")
def _e13(ctx):
    """Alg 3 in 001.exp.E5's scaled mode (c_int = c = 0.2, Alg 2 stage T = 2 epochs of m = n/4, inner step x 400) on
    non-interpolating data at n = 2400 and 4800, eps below the statistical floor (which it reaches near eps = 30): slope of
    log mean excess vs log eps; theory -2 (the privacy part of Thm 3 (2)'s rate^2), competitor -1 (rate^1)."""
    from reference.interpolation.algorithms import alg3_adaptive
    from proofs_checks.interpolation.headline_experiments import rate_series
    d, beta, c, c_int, es, T, R = 2, 0.05, 0.2, 0.2, 400.0, 2, 12
    ns = (2400, 4800)
    epss = np.array([2.0, 3.0, 4.5, 7.0, 10.0, 15.0])
    xs = np.array([0.3, -0.2])
    L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)
    series, bad, ratio_max, nrel = [], [], 0.0, 0
    for ni, n in enumerate(ns):
        h = n // 2
        s1, z1 = _alg5_counts(h, alg5_T(h, 2.0))
        m = (n - h) // T
        s2, z2 = _alg5_counts(m, math.ceil(2 * math.log(m)))
        rng = ctx.child_rng(ni)
        E = np.empty((R, len(epss)))
        for j, eps in enumerate(epss):
            for r in range(R):
                S = _e5_instance(rng, n, xs, True)
                info, oc = {}, OperationCounter()
                x = alg3_adaptive(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, 2.0, 1.0, beta, float(eps), 0.0,
                                  np.zeros(d), constants="scaled", m=m, c=c, c_int=c_int, eta_scale=es, rng=rng,
                                  oracle=oc, info=info)
                E[r, j] = 0.5 * float(np.sum((x - xs) ** 2))
                if oc.erm_solves != s1 + T * s2 or sorted(set(oc.erm_sizes)) != sorted({z1, z2}):
                    bad.append((n, float(eps), oc.erm_solves, s1 + T * s2))
                rr, k = _budget_ratio(info, float(eps), 0.0, d)
                ratio_max, nrel = max(ratio_max, rr), max(nrel, k)
        series.append((f"no interpolation, x* interior, n = {n}", epss, [E[:, j] for j in range(len(epss))]))
    f0 = 0.5 * float(xs @ xs)
    claimed = ("Thm 3 (2) (no interpolation): E[f(x_adapt) - f*] <= LD O~(1/sqrt n + d/(n eps))^2 -- in the "
               "privacy-dominated range the excess falls like eps^-2; competitor: the growth-free rate eps^-1")
    extra = (f"f(x0) - f* = {f0:.3g}; accounted eps (core parallel_compose over up to {nrel} Laplace releases) = "
             f"{ratio_max:.4g} x eps; ERM counts = Alg 1 (n/2) + T x Alg 1 (m) in every run: {not bad}")
    guard = run_guard(claimed, extra, bad, ratio_max)
    if guard is not None:
        return guard
    details = (f"LABELLED SCALED MODE of 001.exp.E5: c_int = {c_int}, c = {c} (paper 128, 256), Alg 2 stage T = {T} "
               f"epochs of m = n/4, inner step eta x {es:g} (privacy unchanged: sigma and the sensitivity scale together, "
               "so the noise per phase is 400x the printed one at the same eps and the private term is visible at "
               "eps ~ 2-15 instead of eps < eps_x = 0.02, see 001.thm3.eps_regime_feasibility). Exploratory, same mode: "
               "the excess reaches its statistical floor ~3e-3 near eps = 30 (flat from 30 to 300), so the grid stops at "
               f"15 (at n = 2400). n in {list(ns)}, least squares + bounded label noise (no interpolation), x* = (0.3, -0.2), {R} iid "
               f"replicates x {len(epss)} eps.")
    return rate_series(ctx, "e13_thm3_vs_eps", series,
                       theory=-2.0, competitor=-1.0, claim=claimed, xlabel="eps", ylabel="excess f(x_adapt) - f*",
                       details=details, computed_extra=extra,
                       coverage=f"eps in [{epss[0]:g}, {epss[-1]:g}] at n in {list(ns)}, scaled constants (details)")
