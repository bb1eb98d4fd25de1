"""Full-profile checks of the Schatten-p hit-and-run stand-in (reference.thesis.ch04.hit_and_run) and the Schatten row
of thesis 003 Ch. 4's headline table (Cor 4.4.13) vs d, run with it.

Instance (as exp.E1.schatten_rows / schatten_rows_3x2): REM of Thm 4.4.2 with r = ||M||_{S_p}^2/(2(p-1)), p = 1.5,
X = {||M||_{S_p} <= 1/2} (D = 1), n = 100 linear losses <S, M> with ||S||_{S_q} = 1, eps = 1, delta = 1e-3,
params 'consistent'; F_D* = -(1/2)||Sbar||_{S_q}.

* ``alg_schatten_wrappers.hit_and_run_in_law``: 2 x 2 matrices, T = 20 d^2 = 320 steps, two starts (the centre and the
  loss maximiser on the boundary), each against the EXACT law of (r1, r2) of schatten_rows (angles integrated out
  with Bessel I0, grid quadrature); KS <= DKW (false failure 1e-6 over 4 tests) + grid error.
* ``exp.E1.schatten_risk_vs_d``: excess empirical risk vs d = d1 d2 for d1 x 2 matrices, d1 = 3, 4, 6, 8 (d1 > d2 as
  the corollary assumes), slope against +1/2 (the bound's sqrt(d1 d2)) and the competitor 0.
"""
from __future__ import annotations

import math
import time

import numpy as np

from proofs_checks.experiments import (at_most_partial, below_bound_outcome, dkw_radius, ks_statistic, loglog_figure,
                                       rate_outcome, slope_interval)
from proofs_checks.framework import Outcome, Verdict, check, fail
from proofs_checks.thesis.ch04.lp_rows import privacy_note
from proofs_checks.thesis.ch04.schatten_rows import _exact_cdfs, _r12, _sq
from reference.thesis.ch04 import hit_and_run as H
from reference.thesis.ch04 import rem

P = "003_ch04."
PP, G, EPS, DELTA, RAD = 1.5, 1.0, 1.0, 1e-3, 0.5
QQ = PP / (PP - 1)
BETA = 1e-6
N = 100


def _data(n, d1, d2, rng):
    """n rows vec(S_i), S_i = (Gaussian/||.||_{S_q} + u)/2 renormalised to ||S_i||_{S_q} = 1, u = the 'identity'."""
    u = np.zeros((d1, d2))
    for i in range(min(d1, d2)):
        u[i, i] = 1.0
    u /= _sq(u)
    out = np.empty((n, d1 * d2))
    for i in range(n):
        S = rng.standard_normal((d1, d2))
        S = 0.5 * S / _sq(S) + 0.5 * u
        out[i] = (S / _sq(S)).ravel()
    return out


def _vloss(x, S):
    return G * (S @ x)


def _far_start(Sbar, d1, d2):
    """The boundary point maximising <Sbar, M> over the S_p ball: U diag(s^{q-1}) V^T scaled to ||.||_{S_p} = RAD."""
    U_, s, Vt = np.linalg.svd(np.reshape(Sbar, (d1, d2)), full_matrices=False)
    M = (U_ * s ** (QQ - 1)) @ Vt
    M *= RAD * (1 - 1e-9) / rem.schatten_norm(M, PP)
    return M.ravel()


def _rem(S, d1, d2, smp, rng, return_oracle=False):
    r, Theta = rem.schatten_regularizer(PP, d2, 2 * RAD, np.zeros((d1, d2)))
    return rem.rem_erm(S, _vloss, lambda v: r(np.reshape(v, (d1, d2))), d=d1 * d2, G=G, Theta=Theta, epsilon=EPS,
                       delta=DELTA, sampler=smp, rng=rng, vectorized_loss=True, return_oracle=return_oracle)


@check(P + "alg_schatten_wrappers.hit_and_run_in_law", spec=[P + "alg_schatten_wrappers"], profile="full")
def _in_law(ctx):
    M = 200 if ctx.full else 30
    S = _data(N, 2, 2, ctx.child_rng(0))
    Sbar = S.mean(axis=0)
    Theta = rem.schatten_regularizer(PP, 2, 2 * RAD, np.zeros((2, 2)))[1]
    k, mu = rem.rem_erm_params(N, 4, G, Theta, EPS, DELTA)
    edges, c1, c2 = _exact_cdfs(Sbar, k, mu, 1200)
    e6, c16, c26 = _exact_cdfs(Sbar, k, mu, 600)
    gerr = 2 * max(np.max(np.abs(np.interp(edges, e6, c16) - c1)), np.max(np.abs(np.interp(edges, e6, c26) - c2)))
    eff = {}
    for lab, kk in (("k x2", 2 * k), ("k x1/2", k / 2)):
        ee, d1_, d2_ = _exact_cdfs(Sbar, kk, mu, 600)
        eff[lab] = max(np.max(np.abs(np.interp(edges, ee, d1_) - c1)), np.max(np.abs(np.interp(edges, ee, d2_) - c2)))
    dkw = dkw_radius(M, BETA / 4)
    thr = dkw + gerr
    T = H.default_steps(4)
    lines, worst = [], math.inf
    for j, (name, start) in enumerate((("centre", None), ("worst", _far_start(Sbar, 2, 2)))):
        smp = H.make_schatten_ball_hit_and_run_sampler(2, 2, PP, RAD, x_start=start)
        xs = np.array([_rem(S, 2, 2, smp, ctx.child_rng(100 + 1000 * j + m)) for m in range(M)])
        if smp.stats.get("steps", 0) + smp.stats.get("degenerate_chords", 0) != M * T:
            return fail(f"steps = M T(4) = {M * T}", str(smp.stats))
        r12 = np.array([_r12(x) for x in xs])
        ks = [ks_statistic(r12[:, i], lambda v, c=c: np.interp(v, edges, c, left=0.0)) for i, c in ((0, c1), (1, c2))]
        if max(ks) > thr:
            return fail("KS of r1, r2 <= DKW (beta/4) + grid error from both starts",
                        f"{name} start: KS ({ks[0]:.4f}, {ks[1]:.4f}) > {thr:.4f}")
        worst = min(worst, thr - max(ks))
        lines.append(f"{name} start: KS (r1, r2) = ({ks[0]:.3f}, {ks[1]:.3f}); "
                     f"{smp.stats['target_evaluations'] / M:.0f} U evaluations per draw")
    return Outcome(Verdict.STATISTICAL,
                   claimed="hit-and-run (exact 1-D conditional draws) at T = 20 d^2 samples the Schatten REM "
                           "∝ exp(-k(F_D + mu r)) 1_{S_p ball} from either start (2 x 2, p = 1.5)",
                   computed="; ".join(lines) + f" <= DKW {dkw:.3f} + grid error {gerr:.1g} (M = {M} per start, T = {T})",
                   margin=worst,
                   precision=f"false failure <= {BETA:g} (DKW, Bonferroni over 2 statistics x 2 starts); detectable: a "
                             f"sup-CDF distance >= {thr:.3f} in the law of r1 or r2; exact sizes: "
                             + ", ".join(f"{a} -> {b:.3f}" for a, b in eff.items()),
                   details=f"n = {N}, p = {PP}, eps = {EPS}, delta = {DELTA}, k = {k:.4g}, mu = {mu:.4g} (params "
                           "'consistent'); exact (r1, r2) law of schatten_rows (Bessel I0, 1200^2 vs 600^2 cells)",
                   coverage="2 x 2 (d1 = d2), p = 1.5, one dataset, the statistics r1, r2 only (the angles are not "
                            "tested); d1 x 2 with d1 > 2 (the experiment's shapes) are not tested in law")


@check(P + "exp.E1.schatten_risk_vs_d", spec=[P + "exp.E1", P + "cor4_4_13", P + "alg_schatten_wrappers"],
       profile="full")
def _risk_vs_d(ctx):
    shapes = [(3, 2), (4, 2), (6, 2), (8, 2)] if ctx.full else [(2, 2), (3, 2), (4, 2)]
    R = 8 if ctx.full else 2
    t0 = time.perf_counter()
    ds, sd, bd, cost = [], [], [], []
    for j, (d1, d2) in enumerate(shapes):
        d = d1 * d2
        rng = ctx.child_rng(700 + j)
        smp = H.make_schatten_ball_hit_and_run_sampler(d1, d2, PP, RAD)
        Theta = rem.schatten_regularizer(PP, d2, 2 * RAD, np.zeros((d1, d2)))[1]
        k, mu = rem.rem_erm_params(N, d, G, Theta, EPS, DELTA)
        ex, calls = [], 0
        for _ in range(R):
            S = _data(N, d1, d2, rng)
            Sbar = S.mean(axis=0)
            x, U = _rem(S, d1, d2, smp, rng, return_oracle=True)
            calls += U.counter.calls
            if rem.schatten_norm(np.reshape(x, (d1, d2)), PP) > RAD:
                return fail("every output in X", f"{d1} x {d2}: {x}")
            ex.append(float(Sbar @ x) + RAD * _sq(np.reshape(Sbar, (d1, d2))))
        T = H.default_steps(d)
        if smp.stats.get("steps", 0) + smp.stats.get("degenerate_chords", 0) != R * T:
            return fail(f"steps = R T(d) = {R * T}", f"{d1} x {d2}: {smp.stats}")
        if calls != smp.stats["target_evaluations"]:
            return fail("U-oracle calls = the sampler's counted target evaluations", f"{calls} vs {smp.stats}")
        if not math.isclose(rem.gdp_parameter(G, N, k, k * mu), 2 * EPS / math.sqrt(2 * rem.L_of(DELTA)),
                            rel_tol=1e-9):
            return fail("GDP t = 2 eps/sqrt(2L) at every d", f"{d1} x {d2}")
        ds.append(d); sd.append(ex); bd.append(mu * Theta + d / k)
        cost.append(f"{d1} x {d2}: {T} steps, {smp.stats['target_evaluations'] / R:.3g} U evaluations per draw")
    secs = time.perf_counter() - t0
    md = [float(np.mean(s)) for s in sd]
    if any(m > b for m, b in zip(md, bd)):
        return Outcome(Verdict.ERRATUM, claimed="E F_D - F_D* <= mu Theta + d/k (Thm 4.4.2, d = d1 d2)",
                       computed=f"means {md} vs bounds {bd}", counterexample="a mean above the bound", details="",
                       coverage=f"shapes {shapes} (hit-and-run stand-in sampler)")
    ci = slope_interval(ds, sd, ctx.child_rng(799))
    fig = loglog_figure(ctx, "schatten_risk_vs_d_hit_and_run", ds, sd, ci, theory=0.5, competitor=0.0,
                        xlabel="d = d1 d2", ylabel="excess empirical risk",
                        title="Cor 4.4.13, S_1.5 ball, d1 x 2, n = 100 (hit-and-run)")
    ratios = ", ".join(f"{m / b:.2f}" for m, b in zip(md, bd))
    details = (f"means {', '.join(f'{m:.3g}' for m in md)} at d = {ds} (shapes {shapes}, n = {N}) below mu Theta + d/k "
               f"= {', '.join(f'{b:.3g}' for b in bd)} (mean/bound {ratios}); R = {R} runs each (fresh data); "
               f"{'; '.join(cost)}; {secs:.0f} s in all (shared machine); "
               f"{privacy_note(N, 6, rem.schatten_regularizer(PP, 2, 2 * RAD, np.zeros((3, 2)))[1])}; t does not depend "
               "on d (asserted); the MCMC output is the REM's draw only up to an unbounded TV term")
    cov = (f"d = d1 d2 in {ds} (d2 = 2, d1 > d2), n = {N}, p = 1.5, eps = {EPS}, delta = {DELTA}, params 'consistent'; "
           "sampler: hit-and-run stand-in (T = 20 d^2; Schatten law tested on 2 x 2 only), not the chapter's sampler")
    out = rate_outcome(ci, theory=0.5, competitor=0.0, claim="Cor 4.4.13 Schatten row (p = 1.5): excess risk "
                       "<= 2 G D sqrt(d1 d2 log(1/(2 delta)))/(n eps sqrt(p-1)), slope in d = d1 d2", figure=fig,
                       details=details, coverage=cov)
    out = below_bound_outcome(out, md, bd, why="its sqrt(d) growth is not attained on this range",
                              wider="larger d1 x 2 shapes (T = 20 d^2 hit-and-run steps per draw)")
    return at_most_partial(out, "the rule holds, but on an MCMC stand-in whose law is tested on 2 x 2 only")
