"""Seventh batch of thesis-003 checks (per-batch indistinguishability of L2P-MW; Monte-Carlo utility lemmas)."""
from __future__ import annotations

import math

import numpy as np
import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check
from reference.core.testing import hoeffding_radius


@check("003_ch13.S13_12.first_affected_batch", spec="003_ch13.S13_12")
def _s1312(ctx):
    rng = ctx.rng
    worst_dec, worst_all = 0.0, 0.0
    for trial in range(3000):
        d, B = int(rng.integers(2, 6)), int(rng.integers(1, 5))
        eta, p = float(rng.uniform(1e-3, 0.1)), float(rng.uniform(0.05, 1.0))
        if not (eta * B <= 0.1):
            continue
        Lprev = rng.random(d) * rng.uniform(0, 20)             # cumulative losses before batch s−1
        lb = rng.random((B, d))                                 # batch s−1 losses
        lbp = lb.copy()
        lbp[int(rng.integers(0, B))] = rng.random(d)            # neighbouring: one round differs
        x, y = int(rng.integers(0, d)), int(rng.integers(0, d))

        def law(batch):
            lw_prev = -eta * Lprev
            lw_s = -eta * (Lprev + batch.sum(axis=0))
            log_r = (lw_s[x] - 2 * B * eta - lw_prev[x]) + (lw_prev[y] - lw_s[y])
            keep = min(1.0, math.exp(log_r)) * (1 - p)
            nu = np.exp(lw_s - lw_s.max()); nu /= nu.sum()
            out = (1 - keep) * nu
            out[x] += keep
            return keep, out

        k1, P = law(lb)
        k2, Q = law(lbp)
        dec = max(abs(math.log(k1 / k2)), abs(math.log((1 - k1) / (1 - k2))))
        worst_dec = max(worst_dec, dec / (2 * eta / p))
        worst_all = max(worst_all, float(np.max(np.abs(np.log(P / Q)))) / (2 * eta / p + 2 * eta))
    ok = worst_dec <= 1 + 1e-12 and worst_all <= 1 + 1e-12
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="(13.3) batch whose switch decision depends on the differing loss: the decision is "
                           "e^{2η/p}-indistinguishable (and a fresh draw adds ≤ e^{2η})",
                   computed=f"MW exact conditional laws: max decision loss/(2η/p) = {worst_dec:.3f}; max loss of x_s's "
                            f"conditional law/(2η/p + 2η) = {worst_all:.3f}", margin=1 - max(worst_dec, worst_all),
                   precision="exact conditional laws on 3000 random instances (Bη ≤ 0.1)",
                   details="MW only; the y-resampling issue of later batches is AU13.8")


@check("003_ch12.lemma12_7_2.mc", spec="003_ch12.lemma12_7_2")
def _l1272(ctx):
    from reference.thesis.ch12.algorithms import one_pass_clipped_sgd
    rng = ctx.rng
    d, T, eta, C, Rb = 2, 200, 0.05, 1.5, 1.0
    a, k = 3.5, 3                                          # ‖s‖ ~ Pareto(3.5) ⇒ E‖s‖^3 = 3.5/0.5 = 7
    mean_dir = np.array([1.0, 0.0])
    Es = mean_dir * (a / (a - 1))                          # s = ‖s‖·e_1: E s = E‖s‖ e_1
    G2sq, Gkk = a / (a - 2), a / (a - k)
    proj = lambda x: x * min(1.0, Rb / max(float(np.linalg.norm(x)), 1e-300))
    u = -mean_dir * Rb                                     # minimizer of F_P(x) = ⟨E s, x⟩ on the ball
    x0 = np.zeros(d)
    D = 2 * Rb
    rhs = float(np.linalg.norm(x0 - u) ** 2) / (2 * eta * T) + eta * G2sq / 2 + Gkk * D / ((k - 1) * C ** (k - 1))
    N = 30 if not ctx.full else 400
    ex = []
    for _ in range(N):
        norms = rng.pareto(a, size=T) + 1.0
        S = norms[:, None] * mean_dir[None, :]
        xh = one_pass_clipped_sgd(list(S), lambda x, s: s, proj, x0, C=C, eta=eta)
        ex.append(float(Es @ xh - Es @ u))
    ex = np.array(ex)
    width = 2 * float(np.linalg.norm(Es)) * Rb
    rad = float(hoeffding_radius(N, 1e-6, width, side="upper"))
    ok = ex.mean() - rad <= rhs
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED,
                   claimed="E[F_P(x̂) − F_P(u)] ≤ ‖x_0−u‖²/(2ηT) + ηG_2²/2 + G_k^kD/((k−1)C^{k−1})",
                   computed=f"mean excess {ex.mean():.4f} (radius {rad:.3f}) vs bound {rhs:.4f}", margin=rhs - ex.mean() + rad,
                   precision="one-sided Hoeffding at 1e-6", details=f"linear losses, ‖s‖ ~ Pareto(3.5) along e_1, ball "
                   f"radius 1, T = {T}, η = {eta}, C = {C}, k = 3, N = {N}")


@check("003_ch09.lemma9_4_7.gaussian_identity", spec="003_ch09.lemma9_4_7")
def _l947(ctx):
    N = 3
    z = sp.symbols(f"z0:{N}")
    zp = sp.Symbol("zp")
    allv = [*z, zp]

    def E(expr):                                           # E of a quadratic polynomial in independent N(0,1)
        P = sp.Poly(sp.expand(expr), *allv)
        tot = sp.Integer(0)
        for mon, c in P.terms():
            if all(e % 2 == 0 for e in mon) and sum(mon) <= 2:
                tot += c
            elif sum(mon) > 2:
                raise ValueError("only quadratic forms")
        return tot

    th = sum(z) / N                                         # A(D) = ERM of the squared loss = mean
    thp = (sum(z[1:]) + zp) / N                             # A(D') with z_1 replaced by z'
    lhs = sp.simplify(E((th - zp) ** 2) - E(sum((th - zi) ** 2 for zi in z) / N))
    rhs = sp.simplify(E((th - zp) ** 2 - (thp - zp) ** 2))
    ok = sp.simplify(lhs - rhs) == 0 and sp.simplify(lhs - sp.Rational(2, N)) == 0
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="E[L_P(A(D)) − L_D(A(D))] = E[ℓ(A(D); z') − ℓ(A(D'); z')] (replace-one identity)",
                   computed=f"squared loss, A = mean, N = {N} standard normal items: both sides = {lhs}",
                   precision="sympy exact expectations (Isserlis for quadratic forms)", details="one family (N = 3); the general identity is "
                   "the symmetry argument of [BE02]")


@check("003_ch10.lemma10_7_3.mc", spec="003_ch10.lemma10_7_3")
def _l1073(ctx):
    from reference.core.samplers import uniform_l2_ball
    from reference.thesis.ch10.primitives import one_pass_sgd
    rng = ctx.rng
    d, T, eta, L = 2, 100, 0.3, 1.0                       # f(x, z) = ½‖x − z‖² (β = 1), z ~ Unif(B(0, 1/2)), X = B(0, 1/2)
    proj = lambda x: x * min(1.0, 0.5 / max(float(np.linalg.norm(x)), 1e-300))
    x0 = np.array([0.5, 0.0])
    y = np.zeros(d)                                        # minimizer of F(x) = ½‖x‖² + const
    rhs = float(np.linalg.norm(y - x0) ** 2) / (eta * T) + eta * L * L
    N = 40 if not ctx.full else 400
    ex = []
    for _ in range(N):
        Z = uniform_l2_ball(d, 0.5, rng, size=T)
        xt = one_pass_sgd(list(Z), lambda x, z: x - z, proj, x0, eta, rng)
        ex.append(0.5 * float(xt @ xt))
    ex = np.array(ex)
    rad = float(hoeffding_radius(N, 1e-6, 0.125, side="upper"))
    ok = ex.mean() - rad <= rhs
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED,
                   claimed="η ≤ 1/β ⇒ E[F(x̃) − F(y)] ≤ E‖y − x_0‖²/(ηT) + ηL² (one-pass SGD average)",
                   computed=f"mean {ex.mean():.4f} (radius {rad:.3f}) vs bound {rhs:.4f}", margin=rhs - ex.mean() + rad,
                   precision="one-sided Hoeffding at 1e-6 (excess ∈ [0, 1/8])",
                   details=f"f = ½‖x − z‖², z ~ Unif(B(0,1/2)), X = B(0,1/2) (L = 1), T = {T}, η = {eta}, N = {N}")
