"""Full-profile experiments of thesis 003 Ch.1 (headline H5: Private AC-SA rate in T)."""
from __future__ import annotations

import math

import numpy as np
from scipy import optimize

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.geometry import proj_l2_ball
from reference.core.oracles import SampleAccessOracle
from reference.thesis.ch01 import algorithms as alg

P = "003_ch01."


@check(P + "exp.H5.slope_in_T", spec=[P + "exp.H5"], profile="full")
def _h5(ctx):
    rng = ctx.rng
    N, d, mu, B, sigma = 400, 3, 1.0, 40, 2.0
    A = rng.standard_normal((N, d))
    A /= np.linalg.norm(A, axis=1, keepdims=True)
    b = rng.uniform(-0.3, 0.3, N)
    F = lambda w: float(np.mean(np.abs(A @ w - b)) + mu / 2 * w @ w)
    best = min((optimize.minimize(F, rng.uniform(-0.2, 0.2, d), method="Powell", options={"xtol": 1e-12, "ftol": 1e-14, "maxiter": 200000})
                for _ in range(5)), key=lambda r: r.fun)
    Fstar = best.fun
    g = lambda w, s: np.sign(s[:d] @ w - s[d]) * s[:d] + mu * w
    Ts = [25, 50, 100, 200, 400]
    R = 24 if ctx.full else 6
    means, ses = [], []
    for T in Ts:
        ex = []
        for r in range(R):
            orc = SampleAccessOracle(g, np.c_[A, b])
            w, info = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.0 + mu, mu, 1.0, 1e-5, B, T, ctx.child_rng(1000 * T + r),
                                        sigma=sigma, proj=lambda y: proj_l2_ball(y, None, 1.0))
            if orc.calls != B * T:
                return fail("gradient count B T", f"{orc.calls} != {B*T}")
            ex.append(F(w) - Fstar)
        means.append(np.mean(ex))
        ses.append(np.std(ex, ddof=1) / math.sqrt(R))
    x, y = np.log(Ts), np.log(means)
    slope, icpt = np.polyfit(x, y, 1)
    resid = y - (slope * x + icpt)
    se = math.sqrt(np.sum(resid ** 2) / (len(x) - 2) / np.sum((x - x.mean()) ** 2))
    arts = []
    path = ctx.figure_path("h5_slope.png")
    if path is not None:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(5, 4))
        ax.errorbar(Ts, means, yerr=2 * np.array(ses), fmt="o-", label="Private AC-SA excess")
        ax.plot(Ts, np.exp(icpt) * np.array(Ts, float) ** slope, "--", label=f"fit slope {slope:.2f}")
        ax.set_xscale("log"); ax.set_yscale("log"); ax.set_xlabel("T"); ax.set_ylabel("E[F - F*]"); ax.legend()
        fig.tight_layout(); fig.savefig(path, dpi=100); plt.close(fig)
        arts.append(str(path))
    # the O(1/T) upper bound is consistent with the data iff the interval reaches slopes <= -1; the check has power
    # iff the interval also excludes the nearest slower rate, T^{-1/2} (no benefit of strong convexity)
    z = 2.576
    lo, hi = slope - z * se, slope + z * se
    if lo > -1 or hi >= -0.5:
        return fail("excess decays like 1/T: slope interval reaches -1 and excludes -1/2",
                    f"slope {slope:.3f}, 99% interval [{lo:.3f}, {hi:.3f}]")
    return Outcome(Verdict.NUMERIC, claimed="Lemma 1.4.5: E[F - F*] = O((G^2/B + sigma^2 d/B^2)/(mu T) + G D d^{1/4}/T): log-log slope in T <= -1",
                   computed=f"means {', '.join(f'{m:.2e}' for m in means)} at T = {Ts}; fitted slope {slope:.3f}, 99% interval "
                            f"[{lo:.3f}, {hi:.3f}] (reaches -1, excludes -1/2); gradient count = B T exactly",
                   margin=min(-1 - lo, -0.5 - hi), artifacts=arts,
                   precision="Monte Carlo instance (R runs per T): regression slope +- 2.576 SE (residual SE of the 5-point fit); "
                             "instance-level evidence, not a calibrated test",
                   details=f"ridge |<a,w> - b| + (mu/2)||w||^2, N = {N}, d = {d}, mu = {mu}, B = {B}, sigma = {sigma} fixed, R = {R} runs per T, "
                            f"K = unit ball (D = 2), GL12 AC-SA, radius = D d^(1/4)/T; F* by Powell (5 restarts)")


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
