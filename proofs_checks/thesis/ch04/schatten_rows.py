"""Full-profile checks of thesis 003 Ch.4's Schatten rows (Cor 4.4.13) run with a real sampler.

REM of Thm 4.4.2 with the Schatten regulariser of Cor 4.4.13 (1 < p <= 2: r = ||M||_{S_p}^2/(2(p-1)),
Theta = D^2/(2(p-1))) on X = {M in R^{2x2}: ||M||_{S_p} <= 1/2} (D = 1), p = 1.5, sampled exactly by
``make_schatten_ball_rejection_sampler`` (uniform box proposals, certified Frank-Wolfe envelope).
Instance: linear losses f(M; S) = <S, M> with ||S||_{S_q} = 1 (q = 3: exactly 1-Lipschitz in S_p, the steepest
admissible); F_D* = -(1/2)||Sbar||_{S_q} (closed form, on the boundary of X).

Exact law used by the in-law test (2 x 2 only): with u = (M11 + M22)/2, v = (M12 - M21)/2, w = (M11 - M22)/2,
y = (M12 + M21)/2, r1 = |(u, v)|, r2 = |(w, y)|, the singular values are r1 + r2 and |r1 - r2| and
<Sbar, M> = alpha r1 cos(.) + beta r2 cos(.) (alpha = |(S11 + S22, S12 - S21)|, beta = |(S11 - S22, S12 + S21)|).
Integrating both angles out, (r1, r2) has the density ∝ r1 r2 I0(k alpha r1) I0(k beta r2) exp(-k mu r(r1, r2)) on
{(r1 + r2)^p + |r1 - r2|^p <= (1/2)^p}: a 2-D density evaluated on a grid (two resolutions bound the grid error).

Scope: the printed corollary assumes d1 > d2; 2 x 2 (d1 = d2) is the smallest square case the exact law above
covers, the smallest admissible 3 x 2 (6 coordinates) is beyond the box sampler's acceptance.
"""
from __future__ import annotations

import math

import numpy as np
from scipy.special import i0e

from proofs_checks.experiments import dkw_radius, ks_statistic, loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, fail
from proofs_checks.thesis.ch04.lp_rows import bound_refutation, privacy_note, run_ladder, upper_bound_rate
from reference.thesis.ch04 import rem

P = "003_ch04."
PP, G, EPS, DELTA, RAD = 1.5, 1.0, 1.0, 1e-3, 0.5
QQ = PP / (PP - 1)
BETA = 1e-6


def _sq(S):
    return float(np.linalg.norm(np.linalg.svd(S, compute_uv=False), QQ))


def _data(n, rng):
    u = np.eye(2) / _sq(np.eye(2))
    out = []
    for _ in range(n):
        S = rng.standard_normal((2, 2))
        S = 0.5 * S / _sq(S) + 0.5 * u
        out.append((S / _sq(S)).ravel())
    return out


def _loss(x, s):
    return G * float(s @ x)


def _rem(S, r, Theta, smp, rng):
    return rem.rem_erm(S, _loss, lambda x: r(np.reshape(x, (2, 2))), d=4, G=G, Theta=Theta, epsilon=EPS,
                       delta=DELTA, sampler=smp, rng=rng)


def _r12(x):
    a, b, c, d = x
    return math.hypot(a + d, b - c) / 2, math.hypot(a - d, b + c) / 2


def _exact_cdfs(Sbar, k, mu, N):
    """Marginal CDFs of r1 and r2 on the midpoint grid of [0, RAD]^2 with N^2 cells."""
    h = RAD / N
    g = (np.arange(N) + 0.5) * h
    R1, R2 = np.meshgrid(g, g, indexing="ij")
    s11, s12, s21, s22 = Sbar
    al, be = math.hypot(s11 + s22, s12 - s21), math.hypot(s11 - s22, s12 + s21)
    nrm = ((R1 + R2) ** PP + np.abs(R1 - R2) ** PP) ** (1 / PP)
    inside = nrm <= RAD
    logw = (np.log(R1) + np.log(R2) + np.log(i0e(k * al * R1)) + k * al * R1 + np.log(i0e(k * be * R2)) + k * be * R2
            - k * mu * nrm ** 2 / (2 * (PP - 1)))
    w = np.where(inside, np.exp(logw - logw[inside].max()), 0.0)
    w /= w.sum()
    edges = np.arange(1, N + 1) * h
    return edges, np.cumsum(w.sum(axis=1)), np.cumsum(w.sum(axis=0))


@check(P + "alg_schatten_wrappers.rem_schatten_in_law", spec=[P + "alg_schatten_wrappers"], profile="full")
def _in_law(ctx):
    n = 25
    M = 1000 if ctx.full else 100
    rng = ctx.child_rng(0)
    S = _data(n, rng)
    r, Theta = rem.schatten_regularizer(PP, 2, 2 * RAD, np.zeros((2, 2)))
    k, mu = rem.rem_erm_params(n, 4, G, Theta, EPS, DELTA)
    smp = rem.make_schatten_ball_rejection_sampler(2, 2, PP, RAD)
    xs = [_rem(S, r, Theta, smp, ctx.child_rng(1 + m)) for m in range(M)]
    if smp.stats.get("envelope_violations", 0):
        return fail("no envelope violation", str(smp.stats))
    if any(rem.schatten_norm(np.reshape(x, (2, 2)), PP) > RAD * (1 + 1e-12) for x in xs):
        return fail("every draw in X", "a draw outside the Schatten ball")
    Sbar = np.mean(S, axis=0)
    e, c1, c2 = _exact_cdfs(Sbar, k, mu, 1600)
    e8, c18, c28 = _exact_cdfs(Sbar, k, mu, 800)
    gerr = 2 * max(np.max(np.abs(np.interp(e, e8, c18) - c1)), np.max(np.abs(np.interp(e, e8, c28) - c2)))
    rr = np.array([_r12(x) for x in xs])

    e0 = np.concatenate([[0.0], e])
    k1, k2 = (ks_statistic(rr[:, j], lambda v, c=c: np.interp(v, e0, np.concatenate([[0.0], c])))
              for j, c in ((0, c1), (1, c2)))
    dkw = dkw_radius(M, BETA / 2)
    thr = dkw + gerr
    if max(k1, k2) > thr:
        return fail("KS of r1 and r2 <= DKW (beta/2 each) + grid error", f"KS ({k1:.4f}, {k2:.4f}) > {thr:.4f}")
    return Outcome(Verdict.STATISTICAL,
                   claimed="REM with the Schatten regulariser of Cor 4.4.13 (p = 1.5) is sampled exactly: "
                           "M ~ ∝ exp(-k(F_D + mu r)) 1_{S_p ball}",
                   computed=f"KS of r1 = |(M11+M22, M12-M21)|/2 and r2 = |(M11-M22, M12+M21)|/2 (singular values "
                            f"r1 + r2, |r1 - r2|) against their exact laws: ({k1:.4f}, {k2:.4f}) <= DKW {dkw:.4f} + "
                            f"grid error {gerr:.2g}; 0 envelope violations in {smp.stats.get('proposals', 0)} proposals",
                   margin=thr - max(k1, k2),
                   precision=f"false failure <= {BETA:g} (DKW split over r1, r2); detectable effect: a sup-CDF "
                             f"distance >= {thr:.3f} in the law of r1 or r2 (the singular-value law); the angles "
                             "(von Mises given r1, r2) are not tested",
                   details=f"2 x 2 matrices, n = {n}, p = {PP}, eps = {EPS}, delta = {DELTA}, k = {k:.4g}, mu = "
                           f"{mu:.4g} (params 'consistent', d = d1 d2 = 4), M = {M} independent draws; exact (r1, r2) "
                           "law (angles integrated out: Bessel I0) on a 1600^2 grid, grid error from 800^2",
                   coverage="d1 = d2 = 2 (the corollary assumes d1 > d2), p = 1.5, one dataset")


def _run(n, R, rng):
    r, Theta = rem.schatten_regularizer(PP, 2, 2 * RAD, np.zeros((2, 2)))
    smp = rem.make_schatten_ball_rejection_sampler(2, 2, PP, RAD)
    ex = []
    for _ in range(R):
        S = _data(n, rng)
        Sbar = np.mean(S, axis=0)
        x = _rem(S, r, Theta, smp, rng)
        if rem.schatten_norm(np.reshape(x, (2, 2)), PP) > RAD * (1 + 1e-12):
            raise AssertionError(f"output outside X: {x}")
        ex.append(float(Sbar @ x) + RAD * _sq(np.reshape(Sbar, (2, 2))))          # F_D* = -R ||Sbar||_{S_q}
    k, mu = rem.rem_erm_params(n, 4, G, Theta, EPS, DELTA)
    return ex, mu * Theta + 4 / k, 2 * G * 2 * RAD * math.sqrt(4 * rem.L_of(DELTA)) / (n * EPS * math.sqrt(PP - 1)), smp.stats


@check(P + "exp.E1.schatten_rows", spec=[P + "exp.E1", P + "cor4_4_13", P + "alg_schatten_wrappers"], profile="full")
def _rows(ctx):
    ns = [25, 50, 100, 200] if ctx.full else [25, 50, 100]
    R = 24 if ctx.full else 4
    ser = run_ladder(ns, R, lambda n, rng: _run(n, R, rng), ctx, 100)
    bad = bound_refutation(ser, "E F_D - F_D* <= mu Theta + d/k (Thm 4.4.2, d = d1 d2)")
    if bad is not None:
        return bad
    sn, bn, pn, secs = ser["samples"], ser["bounds"], ser["printed"], ser["seconds"]
    props = int(round(sum(ser["proposals"]) * R))
    mn = [float(np.mean(s)) for s in sn]
    ci = slope_interval(ns, sn, ctx.child_rng(98))
    fig = loglog_figure(ctx, "schatten_risk_vs_n", ns, sn, ci, theory=-1.0, competitor=-0.5, xlabel="n",
                        ylabel="excess empirical risk", title="Cor 4.4.13, S_1.5 ball, 2 x 2")
    return upper_bound_rate(mn, bn, rate_outcome(ci, theory=-1.0, competitor=-0.5,
                        claim="Cor 4.4.13 Schatten row (p = 1.5): excess empirical risk <= 2 G D sqrt(d1 d2 "
                              "log(1/(2 delta)))/(n eps sqrt(p-1)), slope in n", figure=fig,
                        details=f"means {', '.join(f'{m:.3g}' for m in mn)} at n = {ns} below mu Theta + d/k = "
                                f"{', '.join(f'{b:.3g}' for b in bn)} (printed display {', '.join(f'{b:.3g}' for b in pn)}); "
                                f"R = {R} runs each (fresh data); {props} box proposals, 0 envelope violations; "
                                f"{secs:.0f} s in all; {privacy_note(ns[0], 4, 1 / (PP - 1) / 2)}",
                        coverage=f"n in [{ns[0]}, {ns[-1]}], 2 x 2 matrices (d1 = d2; the corollary assumes d1 > d2), "
                                 f"p = 1.5, eps = {EPS}, delta = {DELTA}; params 'consistent' (Audit #1)"),
                            "n = 400 takes ~5 s per draw (~27000 box proposals of an O(n) potential)")


# ----------------------------------------------------------------------------------------------- 3 x 2 (d1 > d2)
def _data_32(n, rng):
    u = np.zeros((3, 2)); u[0, 0] = u[1, 1] = 1.0
    u /= _sq(u)
    out = []
    for _ in range(n):
        S = rng.standard_normal((3, 2))
        S = 0.5 * S / _sq(S) + 0.5 * u
        out.append((S / _sq(S)).ravel())
    return out


def _run_32(n, R, rng):
    r, Theta = rem.schatten_regularizer(PP, 2, 2 * RAD, np.zeros((3, 2)))
    smp = rem.make_schatten_ball_rejection_sampler(3, 2, PP, RAD)
    ex = []
    for _ in range(R):
        S = _data_32(n, rng)
        Sbar = np.mean(S, axis=0)
        x = rem.rem_erm(S, _loss, lambda x: r(np.reshape(x, (3, 2))), d=6, G=G, Theta=Theta, epsilon=EPS,
                        delta=DELTA, sampler=smp, rng=rng)
        if rem.schatten_norm(np.reshape(x, (3, 2)), PP) > RAD * (1 + 1e-12):
            raise AssertionError(f"output outside X: {x}")
        ex.append(float(Sbar @ x) + RAD * _sq(np.reshape(Sbar, (3, 2))))          # F_D* = -R ||Sbar||_{S_q}
    k, mu = rem.rem_erm_params(n, 6, G, Theta, EPS, DELTA)
    return ex, mu * Theta + 6 / k, smp.stats


@check(P + "exp.E1.schatten_rows_3x2", spec=[P + "exp.E1", P + "cor4_4_13", P + "alg_schatten_wrappers"],
       profile="full")
def _rows_32(ctx):
    ns = [25, 50, 100] if ctx.full else [12, 25, 50]
    R = 24 if ctx.full else 3
    ser = run_ladder(ns, R, lambda n, rng: _run_32(n, R, rng), ctx, 400)
    bad = bound_refutation(ser, "E F_D - F_D* <= mu Theta + d/k (Thm 4.4.2, d = d1 d2 = 6)")
    if bad is not None:
        return bad
    sn, bn, props, secs = ser["samples"], ser["bounds"], ser["proposals"], ser["seconds"]
    mn = [float(np.mean(s)) for s in sn]
    ci = slope_interval(ns, sn, ctx.child_rng(96))
    fig = loglog_figure(ctx, "schatten_3x2_risk_vs_n", ns, sn, ci, theory=-1.0, competitor=-0.5, xlabel="n",
                        ylabel="excess empirical risk", title="Cor 4.4.13, S_1.5 ball, 3 x 2")
    return upper_bound_rate(mn, bn, rate_outcome(
        ci, theory=-1.0, competitor=-0.5,
        claim="Cor 4.4.13 Schatten row (p = 1.5, d1 = 3 > d2 = 2): excess empirical risk <= 2 G D sqrt(d1 d2 "
              "log(1/(2 delta)))/(n eps sqrt(p-1)), slope in n", figure=fig,
        details=f"means {', '.join(f'{m:.3g}' for m in mn)} at n = {ns} below mu Theta + d/k = "
                f"{', '.join(f'{b:.3g}' for b in bn)}; R = {R} runs each (fresh data); box proposals per draw "
                f"{', '.join(f'{p:.3g}' for p in props)}, 0 envelope violations; {secs:.0f} s in all; the sampler's "
                f"law is tested on 2 x 2 (rem_schatten_in_law), not on 3 x 2; {privacy_note(ns[0], 6, 1 / (PP - 1) / 2)}",
        coverage=f"n in [{ns[0]}, {ns[-1]}], 3 x 2 matrices (the smallest admissible d1 > d2), p = 1.5, eps = {EPS}, "
                 f"delta = {DELTA}; params 'consistent' (Audit #1)"),
        "n = 200 needs ~3e6 box proposals per draw (~15 s)")
