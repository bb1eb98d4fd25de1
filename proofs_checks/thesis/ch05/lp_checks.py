"""Full-profile checks of the assembled l_p instance of thesis 003 Section 5.5 (reference.thesis.ch05.lp_pipeline).

* ``alg_gamma_y_sampler.lp_in_law``: lp_gamma_y (rejection, d = 2, p = 4/3) against the exact law
  ∝ exp(-c psi_{p,a}(x) + <x, y>) 1_{B_p(0,R)}: the marginal CDFs of x_1 and x_2 are computed on a 2-D grid
  (psi by the mixture (5.29): log Z tabulated per coordinate value, so psi on the grid costs one log-sum-exp per
  point); Kolmogorov-Smirnov against DKW at false failure 1e-6 (split over the two marginals) plus the grid error
  (difference between the 61- and 121-point grids, doubled).
* ``thm5_5_8.pipeline_and_schedule``: M_erm (Alg 15 + Alg 16 with the l_p pi_x and gamma_y) run end to end on a tiny
  instance under a labelled relaxed schedule (T = 3), and the printed schedule's T for the headline rows.
"""
from __future__ import annotations

import math
import time

import numpy as np
from scipy.special import logsumexp

from proofs_checks.experiments import dkw_radius, ks_statistic
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.thesis.ch05 import llt
from reference.thesis.ch05 import lp_pipeline as lp

P = "003_ch05."
BETA = 1e-6


def grid_psi(a, R, m, p=4.0 / 3.0):
    """psi_{p,a} (q = 4) on the m x m grid of [-R, R]^2 by the mixture (5.29) (log Z tabulated per coordinate value,
    one log-sum-exp per point).  Returns (g, X1, X2, psi, inside) with inside = the l_p ball of radius R."""
    g = np.linspace(-R, R, m)
    lam = np.exp(llt.LOGLAM)
    kappa = lam * a ** 2                                   # q = 4: kappa = lambda a^{q/2}
    lZ = np.array([llt.log_Z(kappa, float(v), 4) for v in g])        # (m, L)
    base = llt.levy_half_logpdf(lam) + llt.LOGLAM
    psi = logsumexp(base[None, None, :] + lZ[:, None, :] + lZ[None, :, :], axis=-1) + math.log(llt.LOGLAM[1] - llt.LOGLAM[0])
    X1, X2 = np.meshgrid(g, g, indexing="ij")
    inside = (np.abs(X1) ** p + np.abs(X2) ** p) <= R ** p
    return g, X1, X2, psi, inside


def grid_law(c, y, X1, X2, psi, inside):
    """Normalised grid weights of ∝ exp(-c psi(x) + <x, y>) 1_X."""
    logd = -c * psi + X1 * y[0] + X2 * y[1]
    w = np.where(inside, np.exp(logd - logd[inside].max()), 0.0)
    return w / w.sum()


def _grid_marginals(c, a, R, y, m, p=4.0 / 3.0):
    """Marginal CDFs of x_1 and x_2 under ∝ exp(-c psi_{p,a}(x) + <x,y>) 1_{||x||_p <= R} on an m x m grid."""
    g, X1, X2, psi, inside = grid_psi(a, R, m, p)
    w = grid_law(c, y, X1, X2, psi, inside)
    return g, np.cumsum(w.sum(axis=1)), np.cumsum(w.sum(axis=0))


def _ks(xs, g, cdf):
    return ks_statistic(xs, lambda v: np.interp(v, g, cdf))


def _bernstein(var, span, m, beta):
    L = math.log(2 / beta)
    return math.sqrt(2 * var * L / m) + 2 * span * L / (3 * m)


def second_moment_test(xs, c, y, fine, coarse, R, beta):
    """Targeted in-law test of draws ``xs`` (M x 2) claimed to follow gamma ∝ exp(-c psi(x) + <x, y>) 1_{B_p(0,R)}:
    the sample mean of s(x) = ||x||_2^2 (0 <= s <= R^2 on the l_p ball, p <= 2) against its exact mean on the grid
    ``fine`` = (X1, X2, psi, inside), grid error = 2 |fine - coarse| added to the mean and to the variance; Bernstein
    radius, false rejection <= beta.  A wrong scale of psi (c or a) moves E s: the statistic targets that effect."""
    def mom(gr):
        X1, X2, psi, inside = gr
        w = grid_law(c, y, X1, X2, psi, inside)
        st = X1 ** 2 + X2 ** 2
        E = float((w * st).sum())
        return E, float((w * (st - E) ** 2).sum())
    (Ef, Vf), (Ec, Vc) = mom(fine), mom(coarse)
    bias, vbias = 2 * abs(Ef - Ec), 2 * abs(Vf - Vc)
    xs = np.asarray(xs, dtype=float)
    r = _bernstein(Vf + vbias, R * R, len(xs), beta) + bias
    dev = float(np.mean(np.sum(xs ** 2, axis=1))) - Ef
    return dict(E=Ef, V=Vf, r=r, dev=dev, grid_err=bias, var_err=vbias, reject=abs(dev) > r, m=len(xs))


def scale_mutant_shifts(c, y, fine, fine_2a, R, m, beta, bias=0.0, var_err=0.0, beta_alt=None):
    """Shift of E ||x||^2 under the scale mutants c -> 2c, c -> c/2, a -> 2a (``fine_2a`` = the grid of psi_{p,2a}),
    whether it exceeds r_null + r_alt at m draws (then rejected w.p. >= 1 - beta; r_null is the test's own radius with
    the grid errors ``bias``, ``var_err`` of :func:`second_moment_test`; r_alt at ``beta_alt``, default ``beta``),
    and the m that would make it so."""
    beta_alt = beta if beta_alt is None else beta_alt
    X1, X2, psi, inside = fine
    st = X1 ** 2 + X2 ** 2
    w0 = grid_law(c, y, X1, X2, psi, inside)
    E0 = float((w0 * st).sum()); V0 = float((w0 * (st - E0) ** 2).sum())
    out = {}
    for name, w1 in (("c -> 2c", grid_law(2 * c, y, X1, X2, psi, inside)),
                     ("c -> c/2", grid_law(c / 2, y, X1, X2, psi, inside)),
                     ("a -> 2a", grid_law(c, y, *fine_2a))):
        E1 = float((w1 * st).sum()); V1 = float((w1 * (st - E1) ** 2).sum())
        ok = lambda mm: abs(E1 - E0) > (_bernstein(V0 + var_err, R * R, mm, beta) + bias
                                        + _bernstein(V1, R * R, mm, beta_alt))
        need = next((mm for mm in range(10, 100001, 10) if ok(mm)), None)
        out[name] = (E1 - E0, ok(m), need)
    return out


def in_law_test(xs, c, y, R, grids, beta):
    """The in-law test of draws ``xs`` (M x 2) claimed to follow ∝ exp(-c psi(x) + <x, y>) 1_{B_p(0,R)}: KS of the
    two marginals against the fine grid law (DKW at beta/4 each + the doubled fine-vs-coarse grid error) and the
    second-moment test at beta/2.  ``grids`` = (fine, coarse) tuples (g, X1, X2, psi, inside).  Returns a dict."""
    (g4, X14, X24, psi4, in4), (g2, X12, X22, psi2, in2) = grids
    w4, w2 = grid_law(c, y, X14, X24, psi4, in4), grid_law(c, y, X12, X22, psi2, in2)
    c14, c24, c12, c22 = (np.cumsum(w4.sum(axis=1)), np.cumsum(w4.sum(axis=0)), np.cumsum(w2.sum(axis=1)),
                          np.cumsum(w2.sum(axis=0)))
    grid_err = 2 * max(np.max(np.abs(np.interp(g4, g2, c12) - c14)), np.max(np.abs(np.interp(g4, g2, c22) - c24)))
    M = len(xs)
    ks1, ks2 = _ks(xs[:, 0], g4, c14), _ks(xs[:, 1], g4, c24)
    dkw = dkw_radius(M, beta / 4)
    t = second_moment_test(xs, c, y, (X14, X24, psi4, in4), (X12, X22, psi2, in2), R, beta / 2)
    return dict(ks=(ks1, ks2), dkw=dkw, grid_err=grid_err, thr=dkw + grid_err, mom=t,
                reject=max(ks1, ks2) > dkw + grid_err or t["reject"], cdfs=(c14, c24))


@check(P + "alg_gamma_y_sampler.lp_in_law", spec=[P + "alg_gamma_y_sampler"], profile="full")
def _gamma_in_law(ctx):
    c, a, R, y = 1.0, 0.05, 1.0, np.array([3.0, 3.0])
    b_null, b_alt = 5e-7, 1e-7                   # false failure: null 5e-7 + 3 mutants x 1e-7 < 1e-6
    fine, coarse = grid_psi(a, R, 121), grid_psi(a, R, 61)
    fine_2a = grid_psi(2 * a, R, 121)
    (g4, X14, X24, psi4, in4) = fine
    dummy = second_moment_test(np.zeros((10, 2)), c, y, fine[1:], coarse[1:], R, b_null / 4)     # grid errors only
    sh = scale_mutant_shifts(c, y, fine[1:], fine_2a[1:], R, 100, b_null / 4, dummy["grid_err"], dummy["var_err"],
                             beta_alt=b_alt)
    needs = [need for (_, _, need) in sh.values()]
    if any(nd is None for nd in needs):
        return fail("each scale mutant detectable w.p. >= 1 - 1e-7 with <= 1e5 draws", str(sh))
    M = int(math.ceil(1.2 * max(needs) / 10) * 10)
    st = {}
    t0 = time.perf_counter()
    draw = lp.lp_gamma_y(c, a, R, 2, stats=st)(y)
    rng = ctx.child_rng(0)
    xs = np.array([draw(rng) for _ in range(M)])
    secs = time.perf_counter() - t0
    if st.get("envelope_violations", 0):
        return fail("no envelope violation in the rejection sampler", f"{st['envelope_violations']} violations")
    # the "gradient" envelope (the one M_erm uses, started at a hint point) through the same test
    stg = {}
    drg = lp.lp_gamma_y(c, a, R, 2, stats=stg, envelope="gradient", hint=lambda: np.array([0.3, -0.4]))(y)
    rg = ctx.child_rng(1)
    resg = in_law_test(np.array([drg(rg) for _ in range(M)]), c, y, R, (fine, coarse), b_null / 2)
    if stg.get("envelope_violations", 0) or resg["reject"]:
        return fail("the gradient-envelope sampler passes the same in-law test, 0 envelope violations",
                    f"KS {resg['ks']}, thr {resg['thr']:.4f}; moment dev {resg['mom']['dev']:+.4f} vs r "
                    f"{resg['mom']['r']:.4f}; violations {stg.get('envelope_violations', 0)}")
    res = in_law_test(xs, c, y, R, (fine, coarse), b_null / 2)
    if res["reject"]:
        return fail("the sampler passes its in-law test (KS of both marginals, mean of ||x||^2)",
                    f"KS = {res['ks']}, thr {res['thr']:.4f}; moment dev {res['mom']['dev']:+.4f} vs r "
                    f"{res['mom']['r']:.4f}, M = {M}")
    # the mutants, run through the same sampler code and the same test: each must be rejected
    mut = {"c -> 2c (psi scaled by 2)": lp.lp_gamma_y(2 * c, a, R, 2)(y),
           "c -> c/2": lp.lp_gamma_y(c / 2, a, R, 2)(y),
           "a -> 2a": lp.lp_gamma_y(c, 2 * a, R, 2)(y)}
    mres = {}
    for k, (nm, dr) in enumerate(mut.items()):
        r = ctx.child_rng(10 + k)
        mres[nm] = in_law_test(np.array([dr(r) for _ in range(M)]), c, y, R, (fine, coarse), b_null / 2)
    missed = [nm for nm, r in mres.items() if not r["reject"]]
    if missed:
        return fail("every scale mutant is rejected by the in-law test at M draws", f"not rejected: {missed}")
    le = -c * (X14 ** 2 + X24 ** 2) / (4 * a) + X14 * y[0] + X24 * y[1]
    wE = np.where(in4, np.exp(le - le[in4].max()), 0.0); wE /= wE.sum()
    c14, c24 = res["cdfs"]
    supE = float(max(np.max(np.abs(np.cumsum(wE.sum(axis=1)) - c14)), np.max(np.abs(np.cumsum(wE.sum(axis=0)) - c24))))
    t = res["mom"]
    eff = "; ".join(f"{nm}: E||x||^2 shift {d:+.3f}, detected w.p. >= 1 - 1e-7 from M = {need}" for nm, (d, _, need)
                    in sh.items())
    mtxt = "; ".join(f"{nm}: rejected (mean ||x||^2 dev {r['mom']['dev']:+.3f} vs r {r['mom']['r']:.3f}, KS "
                     f"{max(r['ks']):.3f} vs {r['thr']:.3f})" for nm, r in mres.items())
    return Outcome(Verdict.STATISTICAL,
                   claimed="lp_gamma_y draws gamma_y ∝ exp(-c psi_{p,a}(x) + <x,y>) on the l_p ball (p = 4/3, d = 2)",
                   computed=f"M = {M}: KS of the x_1 / x_2 marginals ({res['ks'][0]:.4f}, {res['ks'][1]:.4f}) <= DKW "
                            f"{res['dkw']:.4f} + grid error {res['grid_err']:.2g}; mean ||x||^2 - exact "
                            f"{t['dev']:+.4f}, |.| <= {t['r']:.4f} (exact {t['E']:.4f}); 0 envelope violations in "
                            f"{st.get('proposals', 0)} proposals; the 'gradient' envelope (M_erm's, hint (0.3, -0.4)): "
                            f"KS ({resg['ks'][0]:.4f}, {resg['ks'][1]:.4f}), moment dev {resg['mom']['dev']:+.4f} "
                            f"within {resg['mom']['r']:.4f}, 0 violations; mutants at the same M: {mtxt}",
                   margin=min(res["thr"] - max(res["ks"]), t["r"] - abs(t["dev"])),
                   precision=f"false failure <= 1e-6 (two null samplers at 2.5e-7 each: DKW 6.25e-8 per marginal + "
                             f"Bernstein 1.25e-7; each of "
                             f"the 3 mutant rejections designed to hold w.p. >= 1 - 1e-7); detectable effects at "
                             f"M = {M}: a marginal sup-CDF distance >= {res['thr'] + res['dkw']:.3f} (the Euclidean-"
                             f"phi counterpart differs by {supE:.3f}), a shift of E ||x||^2 beyond r_null + r_alt: "
                             f"{eff}",
                   details=f"c = {c}, a = {a}, R = {R}, y = {y.tolist()}, M = {M} independent draws per sampler "
                           f"({secs:.1f} s for the null sampler, psi by llt.psi_pa_batch; {st.get('psi_evals', 0)} psi "
                           f"evaluations); exact law on a 121 x 121 grid with the definitional log Z (llt.log_Z, "
                           f"independent of the fast back-end), error vs 61 x 61 doubled and added to the thresholds",
                   coverage="d = 2, one (c, a, R, y); p = 4/3 (q = 4) only")


@check(P + "thm5_5_8.pipeline_and_schedule", spec=[P + "thm5_5_8", P + "alg_m_erm_sco"], profile="full")
def _pipeline(ctx):
    # (1) the printed schedule for the headline l_p rows (p = 4/3, eps = 1, delta = 1e-3, G = D = 1)
    rows = []
    for n in (50, 200, 1000):
        for d in (2, 8):
            s = lp.m_erm_lp_schedule(n, d, 1.0, 1.0, 1e-3)
            rows.append((n, d, s["fallback"], s["T"], s["eta"]))
    # (2) the assembled pipeline end to end under a labelled relaxed schedule (not the printed one)
    n, d = 3, 2
    data = [np.array([0.3, -0.2]), np.array([-0.1, 0.25]), np.array([0.2, 0.1])]
    loss = lambda x, s: float(np.sum(np.abs(x - s) ** (4 / 3)) ** 0.75) * 0.5      # 0.5 ||x - s||_p: Lipschitz 1/2
    sched = {"fallback": False, "k": 1.0, "mu": 1.0, "eta": 0.2, "a": 0.2 * (1 / 3) / 2, "T": 2 if ctx.full else 1}
    st = {}
    t0 = time.perf_counter()
    x, info = lp.m_erm_lp(data, loss, n, d, 1.0, 1.0, 1e-3, ctx.child_rng(1), schedule=sched, stats=st)
    secs = time.perf_counter() - t0
    if not lp.lp_norm(x, 4 / 3) <= 0.5 + 1e-12:
        return fail("output in X = B_p(0, 1/2)", str(x))
    if st.get("envelope_violations", 0):
        return fail("no envelope violation", str(st))
    iters = st.get("iterations", 0)
    per_step = secs / sched["T"]
    tmin = min(r[3] for r in rows if not r[2])
    txt = "; ".join(f"n = {r[0]}, d = {r[1]}: " + ("fallback" if r[2] else f"T = {r[3]:.3g}, eta = {r[4]:.2g}") for r in rows)
    return Outcome(Verdict.PARTIAL,
                   claimed="Thm 5.5.8: M_erm (Alg 15 on k f^erm + k mu eta psi_{p,a}) attains O(GD sqrt(d log(1/delta))/"
                           "(sqrt(p-1) n eps)) with the stated value-query count",
                   computed=f"pipeline ran end to end under a relaxed schedule (k = mu = 1, eta = 0.2, T = {sched['T']}): "
                            f"{info['value_queries']} value queries, {iters} InnerLoop iterations, {secs:.1f} s "
                            f"({1e3 * per_step:.1f} ms per alternating step); printed schedule: {txt}",
                   details="the printed eta = 1/(1e4 (kG)^2 log(1/delta')) (InnerLoop precondition L4373) and "
                           "T = log(log beta/delta)/(eta k mu) (Thm 5.4.12, constant 1)",
                   coverage=f"missing: the headline l_p rows (risk vs n and vs d) are not reproduced: the smallest "
                            f"non-fallback printed schedule needs T = {tmin:.3g} alternating steps for ONE output, at "
                            f"~{1e3 * per_step:.1f} ms per step here (>= {tmin * per_step / 86400:.2g} days); this "
                            f"check only shows the pipeline runs and counts queries under a relaxed schedule (the "
                            f"scaled rows: thm5_5_8.lp_rows_vs_n, lp_rows_vs_d, lp_scaled_mixing)")
