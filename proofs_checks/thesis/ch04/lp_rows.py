"""Full-profile checks of thesis 003 Ch.4's l_p rows run with a real sampler (reference.thesis.ch04.rem).

REM of Thm 4.4.2 with the l_p regulariser of Cor 4.4.10 (1 < p <= 2: r = ||x||_p^2/(2(p-1)), Theta = D^2/(2(p-1)))
on X = B_p(0, 1/2) (D = 1), sampled exactly by ``make_lp_ball_rejection_sampler`` (uniform box proposals).
Instance: linear losses f(x; s) = <s, x> with ||s||_q = 1 (q = p/(p-1): exactly 1-Lipschitz in l_p, the steepest
admissible), s = (unit-q-norm Gaussian direction + a common direction)/2 renormalised; F_D* = -(1/2)||sbar||_q on
the boundary of X (closed form, no optimiser).

* ``alg_lp_wrappers.rem_lp_in_law``: the sampler's x_1, x_2 marginals against the exact REM density on a 2-D grid
  (KS vs DKW at false failure 1e-6 split over two marginals, plus the grid error).
* ``exp.E1.lp_rows``: excess empirical risk vs n (d = 2) and vs d (n = 100; d in {2, 3, 4}: the box proposal's
  acceptance collapses beyond) with bootstrap slope intervals; theory n^-1 (competitor n^-1/2) and d^{1/2}
  (competitor d^0: a dimension-free rate, the nearer alternative on a factor-2 range) from the bound G sqrt(Theta) sqrt(8 d L)/(n eps) (params "consistent", Audit #1).
"""
from __future__ import annotations

import math
import time

import numpy as np

from proofs_checks.experiments import (below_bound_outcome, dkw_radius, ks_statistic, loglog_figure, rate_outcome,
                                       slope_interval)
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.thesis.ch04 import rem

P = "003_ch04."
PP, G, EPS, DELTA, RAD = 1.5, 1.0, 1.0, 1e-3, 0.5
QQ = PP / (PP - 1)
BETA = 1e-6


def _data(n, d, rng):
    S = rng.standard_normal((n, d))
    S /= np.linalg.norm(S, QQ, axis=1, keepdims=True)
    u = np.ones(d) / np.linalg.norm(np.ones(d), QQ)
    S = 0.5 * S + 0.5 * u
    return S / np.linalg.norm(S, QQ, axis=1, keepdims=True)


def privacy_note(n, d, Theta) -> str:
    """The privacy of the runs, replayed with the core accountant (GDP of Thm 4.1.3 -> exact Gaussian curve):
    t = gdp_parameter(G, n, k, k mu) for replace-one neighbours (Audit #2) and for the paper's own sensitivity."""
    k, mu = rem.rem_erm_params(n, d, G, Theta, EPS, DELTA)
    t = rem.gdp_parameter(G, n, k, k * mu)
    tp = rem.gdp_parameter(G, n, k, k * mu, neighbouring="paper")
    return (f"privacy replayed (core accountant, GDP t = {t:.3f} replace-one / {tp:.3f} paper's sensitivity, the same "
            f"at every n): (eps = {EPS:g}, delta = {rem.rem_privacy_delta(EPS, t):.2g}) replace-one vs the claimed "
            f"delta = {DELTA:g} (Audit #2), (eps = {EPS:g}, {rem.rem_privacy_delta(EPS, tp):.2g}) with the paper's")


def _run(n, d, R, rng):
    r, Theta = rem.lp_regularizer(PP, d, 2 * RAD)
    smp = rem.make_lp_ball_rejection_sampler(d, PP, RAD)
    ex, bound = [], None
    for _ in range(R):
        S = _data(n, d, rng)
        sbar = S.mean(axis=0)
        x = rem.rem_erm(list(S), lambda x, s: G * float(s @ x), r, d=d, G=G, Theta=Theta, epsilon=EPS, delta=DELTA,
                        sampler=smp, rng=rng)
        if not np.sum(np.abs(x) ** PP) <= RAD ** PP:
            raise AssertionError(f"output outside X: {x}")
        ex.append(float(sbar @ x + RAD * np.linalg.norm(sbar, QQ)))
    k, mu = rem.rem_erm_params(n, d, G, Theta, EPS, DELTA)
    bound = mu * Theta + d / k
    return ex, bound, smp.stats


@check(P + "alg_lp_wrappers.rem_lp_in_law", spec=[P + "alg_lp_wrappers"], profile="full")
def _in_law(ctx):
    n, d = 25, 2
    M = 1000 if ctx.full else 100
    rng = ctx.child_rng(0)
    S = _data(n, d, rng)
    r, Theta = rem.lp_regularizer(PP, d, 2 * RAD)
    k, mu = rem.rem_erm_params(n, d, G, Theta, EPS, DELTA)
    smp = rem.make_lp_ball_rejection_sampler(d, PP, RAD)
    xs = np.array([rem.rem_erm(list(S), lambda x, s: G * float(s @ x), r, d=d, G=G, Theta=Theta, epsilon=EPS,
                               delta=DELTA, sampler=smp, rng=ctx.child_rng(1 + m)) for m in range(M)])
    if smp.stats.get("envelope_violations", 0):
        return fail("no envelope violation", str(smp.stats))
    sbar = S.mean(axis=0)

    def marg(m):
        g = np.linspace(-RAD, RAD, m)
        X1, X2 = np.meshgrid(g, g, indexing="ij")
        inside = np.abs(X1) ** PP + np.abs(X2) ** PP <= RAD ** PP
        U = k * (G * (X1 * sbar[0] + X2 * sbar[1]) + mu * (np.abs(X1) ** PP + np.abs(X2) ** PP) ** (2 / PP) / (2 * (PP - 1)))
        w = np.where(inside, np.exp(-(U - U[inside].min())), 0.0)
        w /= w.sum()
        return g, np.cumsum(w.sum(axis=1)), np.cumsum(w.sum(axis=0))

    g, c1, c2 = marg(1201)
    g6, c16, c26 = marg(601)
    gerr = 2 * max(np.max(np.abs(np.interp(g, g6, c16) - c1)), np.max(np.abs(np.interp(g, g6, c26) - c2)))

    k1, k2 = (ks_statistic(xs[:, j], lambda v, c=c: np.interp(v, g, c)) for j, c in ((0, c1), (1, c2)))
    dkw = dkw_radius(M, BETA / 2)
    thr = dkw + gerr
    if max(k1, k2) > thr:
        return fail("KS of both marginals <= DKW (beta/2 each) + grid error", f"KS ({k1:.4f}, {k2:.4f}) > {thr:.4f}")
    return Outcome(Verdict.STATISTICAL,
                   claimed="REM with the l_p regulariser of Cor 4.4.10 (p = 1.5) is sampled exactly: x ~ ∝ exp(-k(F_D + "
                           "mu r)) 1_{B_p}",
                   computed=f"KS of the x_1 / x_2 marginals ({k1:.4f}, {k2:.4f}) <= DKW {dkw:.4f} + grid error "
                            f"{gerr:.2g}; 0 envelope violations in {smp.stats.get('proposals', 0)} proposals",
                   margin=thr - max(k1, k2),
                   precision=f"false failure <= {BETA:g} (DKW split over two marginals); detectable effect: marginal "
                             f"sup-CDF distance >= {thr:.3f}",
                   details=f"n = {n}, d = {d}, p = {PP}, eps = {EPS}, delta = {DELTA}, k = {k:.4g}, mu = {mu:.4g} "
                           f"(params 'consistent'), M = {M} independent draws; exact marginals on a 1201^2 grid",
                   coverage="d = 2, p = 1.5, one dataset")


@check(P + "exp.E1.lp_rows", spec=[P + "exp.E1", P + "alg_lp_wrappers"], profile="full")
def _rows(ctx):
    ns = [25, 50, 100, 200, 400] if ctx.full else [25, 50, 100]
    R = 12 if ctx.full else 4
    t0 = time.perf_counter()
    sn, bn, viol = [], [], 0
    for j, n in enumerate(ns):
        ex, b, st = _run(n, 2, R, ctx.child_rng(100 + j))
        viol += st.get("envelope_violations", 0)
        sn.append(ex); bn.append(b)
    ds = [2, 3, 4, 5, 6] if ctx.full else [2, 3, 4]
    sd, bd, ppd = [], [], []
    for j, d in enumerate(ds):
        Rd = R if ctx.full else 3
        ex, b, st = _run(100, d, Rd, ctx.child_rng(200 + j))
        viol += st.get("envelope_violations", 0)
        ppd.append(st.get("proposals", 0) / Rd)
        sd.append(ex); bd.append(b)
    secs = time.perf_counter() - t0
    # cost of the d-sweep: box proposals per draw grow geometrically in d (log-linear fit over the measured d)
    gslope, gicpt = np.polyfit(ds, np.log(ppd), 1)
    cost = (f"box proposals per draw at n = 100: {', '.join(f'{v:.3g}' for v in ppd)} for d = {ds} (x{math.exp(gslope):.1f} "
            f"per unit of d; extrapolated d = 8: {math.exp(gicpt + 8 * gslope):.2g}, d = 16: "
            f"{math.exp(gicpt + 16 * gslope):.2g}; each proposal inside X costs one O(n) potential evaluation)")
    if viol:
        return fail("no envelope violation in the rejection sampler", f"{viol} violations")
    mn = [float(np.mean(s)) for s in sn]
    md = [float(np.mean(s)) for s in sd]
    if any(m > b for m, b in zip(mn + md, bn + bd)):
        return Outcome(Verdict.ERRATUM, claimed="E F_D - F_D* <= G sqrt(Theta) sqrt(8 d L)/(n eps)",
                       computed=f"means {mn + md} vs bounds {bn + bd}", counterexample="a mean above the bound",
                       details="", coverage="")
    ci_n = slope_interval(ns, sn, ctx.child_rng(98))
    fig_n = loglog_figure(ctx, "lp_risk_vs_n", ns, sn, ci_n, theory=-1.0, competitor=-0.5, xlabel="n",
                          ylabel="excess empirical risk", title="Thm 4.4.2, l_1.5 ball, d = 2")
    out = rate_outcome(ci_n, theory=-1.0, competitor=-0.5, claim="Thm 4.4.2 l_p row (p = 1.5): excess risk "
                       "O(G D sqrt(d log(1/delta))/(sqrt(p-1) n eps)), slope in n", figure=fig_n,
                       details=f"means {', '.join(f'{m:.3g}' for m in mn)} at n = {ns} (d = 2) below the bound "
                               f"{', '.join(f'{b:.3g}' for b in bn)}; R = {R} runs each (fresh data); {secs:.0f} s in all; "
                               f"{privacy_note(ns[0], 2, rem.lp_regularizer(PP, 2, 2 * RAD)[1])}",
                       coverage=f"n in [{ns[0]}, {ns[-1]}], d = 2, p = 1.5, eps = {EPS}, delta = {DELTA}")
    ci_d = slope_interval(ds, sd, ctx.child_rng(99))
    fig_d = loglog_figure(ctx, "lp_risk_vs_d", ds, sd, ci_d, theory=0.5, competitor=0.0, xlabel="d",
                          ylabel="excess empirical risk", title="Thm 4.4.2, l_1.5 ball, n = 100")
    out_d = rate_outcome(ci_d, theory=0.5, competitor=0.0, claim="slope in d (theory sqrt d, competitor: no "
                         "d-dependence)", figure=fig_d)
    dv = {"STATISTICAL": "contains +1/2 and excludes 0", "PARTIAL": "contains both +1/2 and 0 (unresolved)",
          "ERRATUM": "misses +1/2; every mean is below the bound, so this is no refutation of the O(sqrt d) upper bound, "
                     "only the sqrt(d) growth is not seen"}[out_d.verdict.value]
    dtxt = (f"vs d: means {', '.join(f'{m:.3g}' for m in md)} at d = {ds} (n = 100; bounds "
            f"{', '.join(f'{b:.3g}' for b in bd)}), {ci_d}: {dv}; {cost}")
    if out.verdict is Verdict.STATISTICAL and out_d.verdict is Verdict.STATISTICAL:
        return Outcome(Verdict.STATISTICAL, claimed=out.claimed, computed=out.computed + "; " + dtxt,
                       margin=out.margin, precision=out.precision, details=out.details, artifacts=out.artifacts +
                       out_d.artifacts, coverage=out.coverage + f"; d in {ds}")
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed + "; " + dtxt, precision=out.precision,
                   details=out.details, artifacts=out.artifacts + out_d.artifacts,
                   coverage=out.coverage + f"; missing: the vs-n interval {'holds' if out.verdict is Verdict.STATISTICAL else 'does not hold'} "
                   f"the accept rule and the d-dependence is not resolved (d only in {ds}: the box-proposal rejection "
                   f"sampler's acceptance collapses geometrically in d, see the proposal counts; the d-row is run with the "
                   f"hit-and-run stand-in in exp.E1.lp_risk_vs_d)")


# ----------------------------------------------------------------------------------------------- the p = 1 row
D1 = 3          # smallest d with q = 1 + 1/log d <= 2 (for d = 2, q = 2.44 and ||.||_q^2 is not strongly convex)


def _data_l1(n, d, rng):
    """Linear losses <s, x> with ||s||_inf = 1 (exactly 1-Lipschitz in l_1), s = (Gaussian + e_1)/2 renormalised."""
    S = rng.standard_normal((n, d))
    S /= np.max(np.abs(S), axis=1, keepdims=True)
    S = 0.5 * S
    S[:, 0] += 0.5
    return S / np.max(np.abs(S), axis=1, keepdims=True)


def _run_l1(n, d, R, rng):
    r, Theta = rem.lp_regularizer(1.0, d, 2 * RAD)
    smp = rem.make_lp_ball_rejection_sampler(d, 1.0, RAD)
    ex = []
    for _ in range(R):
        S = _data_l1(n, d, rng)
        sbar = S.mean(axis=0)
        x = rem.rem_erm(list(S), lambda x, s: G * float(s @ x), r, d=d, G=G, Theta=Theta, epsilon=EPS, delta=DELTA,
                        sampler=smp, rng=rng)
        if not np.sum(np.abs(x)) <= RAD * (1 + 1e-12):
            raise AssertionError(f"output outside X: {x}")
        ex.append(float(sbar @ x + RAD * np.max(np.abs(sbar))))          # F_D* = -R ||sbar||_inf (a vertex)
    k, mu = rem.rem_erm_params(n, d, G, Theta, EPS, DELTA)
    printed = 6 * G * 2 * RAD * math.sqrt(math.log(d)) * math.sqrt(d * rem.L_of(DELTA)) / (n * EPS)   # (4.10)
    return ex, mu * Theta + d / k, printed, smp.stats


@check(P + "exp.E1.l1_row", spec=[P + "exp.E1", P + "cor4_4_11"], profile="full")
def _l1_row(ctx):
    ns = [25, 50, 100, 200] if ctx.full else [25, 50, 100]
    R = 12 if ctx.full else 3
    ser = run_ladder(ns, R, lambda n, rng: _run_l1(n, D1, R, rng), ctx, 300)
    bad = bound_refutation(ser, "E F_D - F_D* <= mu Theta + d/k (Thm 4.4.2 with Cor 4.4.11's r)")
    if bad is not None:
        return bad
    sn, bn, pn, props, secs = ser["samples"], ser["bounds"], ser["printed"], ser["proposals"], ser["seconds"]
    mn = [float(np.mean(s)) for s in sn]
    ci = slope_interval(ns, sn, ctx.child_rng(97))
    fig = loglog_figure(ctx, "l1_risk_vs_n", ns, sn, ci, theory=-1.0, competitor=-0.5, xlabel="n",
                        ylabel="excess empirical risk", title=f"Cor 4.4.11, l_1 ball, d = {D1}")
    return upper_bound_rate(mn, bn, rate_outcome(ci, theory=-1.0, competitor=-0.5,
                        claim="Cor 4.4.11 l_1 row: excess empirical risk <= 6 G D sqrt(log d) sqrt(d L)/(n eps), "
                              "slope in n", figure=fig,
                        details=f"means {', '.join(f'{m:.3g}' for m in mn)} at n = {ns} below mu Theta + d/k = "
                                f"{', '.join(f'{b:.3g}' for b in bn)} (printed (4.10): "
                                f"{', '.join(f'{b:.3g}' for b in pn)}); R = {R} runs each (fresh data); box proposals "
                                f"per draw {', '.join(f'{p:.0f}' for p in props)} (the optimum is a vertex: acceptance "
                                f"falls like k^-d); 0 envelope violations; {secs:.0f} s in all; "
                                f"{privacy_note(ns[0], D1, rem.lp_regularizer(1.0, D1, 2 * RAD)[1])}",
                        coverage=f"n in [{ns[0]}, {ns[-1]}], d = {D1} (q = 1 + 1/log d = {1 + 1 / math.log(D1):.3f}), "
                                 f"eps = {EPS}, delta = {DELTA}; params 'consistent' (Audit #1)"),
                            f"n = {ns[-1] * 2} needs ~10^5 box proposals per draw (acceptance ~ k^-d at the vertex optimum)")


def run_ladder(ns, R, run_one, ctx, seed0):
    """Run ``run_one(n, rng) -> (excesses, bound, [printed bound,] sampler stats)`` at every n of the ladder with
    ``ctx.child_rng(seed0 + j)``; return the series: excesses, bounds, printed bounds (None where not returned),
    envelope violations (summed), box proposals per draw, seconds."""
    t0 = time.perf_counter()
    sn, bn, pn, viol, props = [], [], [], 0, []
    for j, n in enumerate(ns):
        out = run_one(n, ctx.child_rng(seed0 + j))
        st = out[-1]
        viol += st.get("envelope_violations", 0)
        props.append(st.get("proposals", 0) / R)
        sn.append(out[0]); bn.append(out[1]); pn.append(out[2] if len(out) == 4 else None)
    return dict(samples=sn, bounds=bn, printed=pn, violations=viol, proposals=props, seconds=time.perf_counter() - t0)


def bound_refutation(series, claimed):
    """FAILED when the rejection sampler's envelope was violated (the draws are then not from the target), an ERRATUM
    when a ladder mean exceeds the bound, else ``None``."""
    if series["violations"]:
        return fail("no envelope violation in the rejection sampler", f"{series['violations']} violations")
    mn = [float(np.mean(s)) for s in series["samples"]]
    if any(m > b for m, b in zip(mn, series["bounds"])):
        return Outcome(Verdict.ERRATUM, claimed=claimed, computed=f"means {mn} vs bounds {series['bounds']}",
                       counterexample="a mean above the bound", details="", coverage="")
    return None


def upper_bound_rate(means, bounds, out, cost):
    """The accept rule for an O(1/n) UPPER bound (:func:`proofs_checks.experiments.below_bound_outcome`): a slope
    interval that misses the theory exponent while every mean stays below the bound is no refutation."""
    return below_bound_outcome(out, means, bounds,
                               why="the rising mean/bound ratio says the 1/n regime is not reached on this range",
                               wider=f"infeasible with the box sampler: {cost}")
