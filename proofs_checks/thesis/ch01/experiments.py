"""Full-profile experiments of thesis 003 Ch.1 (headline H5: Private AC-SA rate in T)."""
from __future__ import annotations

import math

import numpy as np
from scipy import optimize

from proofs_checks.experiments import loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.geometry import proj_l2_ball
from reference.core.oracles import SampleAccessOracle
from reference.thesis.ch01 import algorithms as alg

P = "003_ch01."


def _fstar_certified(A, b, mu):
    """F* of F(w) = mean|Aw - b| + (mu/2)||w||^2 with a duality-gap certificate: the dual
    max_{lambda in [-1,1]^N} -||A^T lambda||^2/(2 mu N^2) - b.lambda/N (L-BFGS-B), primal point w(lambda) =
    -A^T lambda/(mu N).  Returns (F_upper, F_lower) with F_lower <= F* <= F_upper (weak duality)."""
    N = len(b)
    F = lambda w: float(np.mean(np.abs(A @ w - b)) + mu / 2 * w @ w)
    negdual = lambda lam: (float((A.T @ lam) @ (A.T @ lam)) / (2 * mu * N * N) + float(b @ lam) / N,
                           A @ (A.T @ lam) / (mu * N * N) + b / N)
    res = optimize.minimize(negdual, np.zeros(N), jac=True, method="L-BFGS-B", bounds=[(-1, 1)] * N,
                            options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 20000})
    w = -(A.T @ res.x) / (mu * N)
    return F(w), -float(res.fun), w


@check(P + "exp.H5.slope_in_T", spec=[P + "exp.H5"], profile="full")
def _h5(ctx):
    rng = ctx.rng
    N, d, mu, B, sigma = 400, 3, 1.0, 40, 2.0
    A = rng.standard_normal((N, d))
    A /= np.linalg.norm(A, axis=1, keepdims=True)
    b = rng.uniform(-0.3, 0.3, N)
    F = lambda w: float(np.mean(np.abs(A @ w - b)) + mu / 2 * w @ w)
    F_up, F_lo, w_dual = _fstar_certified(A, b, mu)
    if not np.linalg.norm(w_dual) < 1.0:
        return fail("the minimiser lies inside K (so the unconstrained dual certifies min_K F)",
                    f"||w(lambda)|| = {np.linalg.norm(w_dual):.4f}")
    g = lambda w, s: np.sign(s[:d] @ w - s[d]) * s[:d] + mu * w
    Ts = [25, 50, 100, 200, 400, 800] if ctx.full else [25, 50, 100]
    R = 12 if ctx.full else 6
    samples = []
    for T in Ts:
        ex = []
        for r in range(R):
            orc = SampleAccessOracle(g, np.c_[A, b])
            w, info = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.0 + mu, mu, 1.0, 1e-5, B, T, ctx.child_rng(1000 * T + r),
                                        sigma=sigma, proj=lambda y: proj_l2_ball(y, None, 1.0))
            if orc.calls != B * T or info["gradients"] != B * T:
                return fail("gradient count B T", f"{orc.calls} != {B*T}")
            ex.append(F(w) - F_up)
        samples.append(ex)
    means = [float(np.mean(s)) for s in samples]
    gap = F_up - F_lo
    if not gap <= 0.01 * min(means):
        return fail("F* certified to 1% of the smallest mean excess", f"duality gap {gap:.3g}, min mean {min(means):.3g}")
    ci = slope_interval(Ts, samples, ctx.child_rng(99))
    fig = loglog_figure(ctx, "h5_slope", Ts, samples, ci, theory=-1.0, competitor=-0.5, xlabel="T",
                        ylabel="E[F - F*]", title="H5: Private AC-SA, fixed sigma, B")
    loc = [math.log(means[i + 1] / means[i]) / math.log(Ts[i + 1] / Ts[i]) for i in range(len(Ts) - 1)]
    # the lemma's own terms with O-constant 1 (G = 1 + mu on K, D = 2): an upper bound O(1/T) is refuted on a finite
    # range only if the excess exceeds them; a slope interval that misses -1 while the excess stays far below the
    # constant-1 bound is a pre-asymptotic finding (PARTIAL), not a refutation (rule fixed before the run)
    Gl, Dl = 1.0 + mu, 2.0
    bound = [((Gl ** 2 / B + sigma ** 2 * d / B ** 2) / (mu * T) + Gl * Dl * d ** 0.25 / T) for T in Ts]
    ratio = max(m / b for m, b in zip(means, bound))
    Texc = [m * T for m, T in zip(means, Ts)]
    det = (f"means {', '.join(f'{m:.3g}' for m in means)} at T = {Ts}; T x mean excess "
           f"{', '.join(f'{v:.3g}' for v in Texc)}; local slopes {', '.join(f'{v:+.2f}' for v in loc)}; max mean / "
           f"(lemma's terms with constant 1) = {ratio:.3g}; gradient count = B T exactly (asserted); F* certified by "
           f"duality (gap {gap:.2g} <= 1% of the smallest mean excess); instance mean|<a,w> - b| + (mu/2)||w||^2 (unit "
           f"a, b ~ U[-0.3, 0.3]), N = {N}, d = {d}, mu = {mu}, B = {B}, sigma = {sigma} fixed, R = {R} runs per T, "
           f"K = unit ball (D = 2), GL12 AC-SA, radius D d^(1/4)/T")
    cov = f"T in [{Ts[0]}, {Ts[-1]}] (factor {Ts[-1] // Ts[0]}), one instance, sigma and B fixed"
    out = rate_outcome(ci, theory=-1.0, competitor=-0.5,
                       claim="Lemma 1.4.5: E[F - F*] = O((G^2/B + sigma^2 d/B^2)/(mu T) + G D d^{1/4}/T), slope in T",
                       figure=fig, details=det, coverage=cov)
    if out.verdict is Verdict.ERRATUM and ratio <= 1.0:
        return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                       details=det, artifacts=out.artifacts,
                       coverage=cov + f"; missing: the slope interval {ci} excludes -1 (T x excess grows "
                       f"{Texc[0]:.3g} -> {max(Texc):.3g}), but every mean stays below the lemma's terms with "
                       f"O-constant 1 (max ratio {ratio:.3g}), so the upper bound holds on the range and the 1/T decay "
                       f"itself is not reproduced")
    return out


@check(P + "priv.P1.empirical_audit", spec=[P + "priv.P1"], profile="full")
def _p1_audit(ctx):
    from reference.core.testing import audit_epsilon
    from reference.thesis.ch01 import privacy as pv
    N, B, T, d, G, eps, delta = 50, 5, 10, 2, 1.0, 1.0, 1e-5
    sigma = pv.tcdp_sigma(N, B, T, eps, delta, sensitivity=2 * G)     # replace-one: +G e_1 vs -G e_1
    D = np.zeros(N); D[0] = 1.0
    Dp = np.zeros(N); Dp[0] = -1.0

    def make(sig):
        def mech(data, rng):
            orc = SampleAccessOracle(lambda w, s: np.array([G * s, 0.0]), data)
            w, _ = alg.private_ac_sa(orc, np.zeros(d), 2.0, G, 0.5, eps, delta, B, T, rng, sigma=sig,
                                     proj=lambda y: proj_l2_ball(y, None, 1.0))
            return w[0]
        return mech
    n = 1500 if ctx.full else 300
    res = audit_epsilon(make(sigma), D, Dp, None, n, ctx.child_rng(1), beta=1e-6, delta=delta, batched=False)
    if res.epsilon_lb > eps:
        return fail("empirical eps lower bound <= eps", res.summary())
    # power: the same auditor flags a 30x under-calibrated sigma (so this check can fail)
    bad = audit_epsilon(make(sigma / 30), D, Dp, None, n, ctx.child_rng(2), beta=1e-6, delta=delta, batched=False)
    if not bad.epsilon_lb > eps:
        return fail("auditor power: sigma/30 must be flagged", bad.summary())
    return Outcome(Verdict.STATISTICAL, claimed=f"Private AC-SA with sigma from the tCDP accountant (sensitivity 2G) is ({eps}, {delta})-DP",
                   computed=f"core auditor on the worst replace-one canary pair (+G e_1 vs -G e_1), statistic = output w_1: {res.summary()}; "
                            f"power check with sigma/30: eps_lb = {bad.epsilon_lb:.3f} > eps",
                   margin=eps - res.epsilon_lb, precision="false-failure <= 1e-6 (auditor beta)",
                   details=f"N = {N}, B = {B}, T = {T}, d = {d}, sigma = {sigma:.4f}; a pass is evidence, not a proof (the output is a weak statistic)")
