"""Fourth batch of thesis-003 ch9-13 checks."""
from __future__ import annotations

import math

import numpy as np
import sympy as sp
from scipy.optimize import linprog

from proofs_checks.framework import Outcome, Verdict, check
from reference.core.accounting import gaussian_delta, rdp_gaussian, rdp_to_dp


@check("003_ch09.lemma9_4_5.lp_pure_approximation", spec="003_ch09.lemma9_4_5")
def _l945(ctx):
    """(ε,δ)-DP ⇒ ∃ (2ε,0)-DP A' with TV(A(D), A'(D)) ≤ δ: LP feasibility on random 2-dataset mechanisms."""
    rng = ctx.rng
    worst, tested = -np.inf, 0
    for trial in range(60):
        k = int(rng.integers(2, 6))
        eps = float(rng.choice([0.1, 0.5, 1.0, 2.0]))
        P = rng.dirichlet(np.ones(k) * 0.5)
        Q = rng.dirichlet(np.ones(k) * 0.5)
        delta = max(float(np.maximum(P - math.exp(eps) * Q, 0).sum()), float(np.maximum(Q - math.exp(eps) * P, 0).sum()))
        if delta >= 0.5:
            continue
        tested += 1
        # variables a (A'(D)), b (A'(D')), t_a, t_b (|a − P|, |b − Q| slack): minimize max TV → LP with TV ≤ δ constraints
        e2 = math.exp(2 * eps)
        nv = 4 * k
        A_ub, b_ub = [], []
        for o in range(k):
            for (u, v) in ((0, 1), (1, 0)):               # a_o ≤ e^{2ε} b_o and b_o ≤ e^{2ε} a_o
                row = np.zeros(nv); row[u * k + o] = 1; row[v * k + o] = -e2; A_ub.append(row); b_ub.append(0)
            for blk, ref in ((0, P), (1, Q)):              # |x_o − ref_o| ≤ t_o
                row = np.zeros(nv); row[blk * k + o] = 1; row[(2 + blk) * k + o] = -1; A_ub.append(row); b_ub.append(ref[o])
                row = np.zeros(nv); row[blk * k + o] = -1; row[(2 + blk) * k + o] = -1; A_ub.append(row); b_ub.append(-ref[o])
        for blk in (2, 3):                                 # TV = ½Σ t ≤ δ
            row = np.zeros(nv); row[blk * k:(blk + 1) * k] = 0.5; A_ub.append(row); b_ub.append(delta)
        A_eq = [np.r_[np.ones(k), np.zeros(3 * k)], np.r_[np.zeros(k), np.ones(k), np.zeros(2 * k)]]
        res = linprog(np.zeros(nv), A_ub=np.array(A_ub), b_ub=b_ub, A_eq=np.array(A_eq), b_eq=[1, 1],
                      bounds=[(0, None)] * nv, method="highs")
        if res.status != 0:
            return Outcome(Verdict.FAILED, computed=f"LP infeasible at ε={eps}, δ={delta}, P={P}, Q={Q}")
        worst = max(worst, delta)
    return Outcome(Verdict.NUMERIC, claimed="(ε,δ)-DP A on a pair D, D' ⇒ ∃ (2ε,0)-DP A' with TV(A(·), A'(·)) ≤ δ",
                   computed=f"LP feasible on all {tested} random finite-output instances (δ up to {worst:.3f})",
                   precision="scipy HiGHS LP (feasibility)", details="two-dataset domain; the path-graph case is not tested")


@check("003_ch12.prop12_6_5.truncation_error", spec=("003_ch12.prop12_6_5", "003_ch12.lemma12_6_4"))
def _p1265(ctx):
    # f(x; s) = L̄_s·x on X = [−D/2, D/2], L̄ = 1.1 w.p. 1/2 else 0, C = 1, k = 3.  Truncation replaces every s with
    # L̄_s > C by the dummy (f ≡ 0) ⇒ F^C ≡ 0, so A = "output D/2" is an exact minimizer (Err(A) = 0).
    D, C, k, p, t = 1.0, 1.0, 3, 0.5, 1.1
    Gk = p * t ** k
    excess = p * t * (D / 2 - (-D / 2))                 # F_P(D/2) − F_P(−D/2) = E[L̄]·D
    claimed = Gk * D / ((k - 1) * C ** (k - 1))
    corrected = Gk * D / C ** (k - 1)
    if not (excess > claimed and excess <= corrected):
        return Outcome(Verdict.FAILED, computed=f"{excess} {claimed} {corrected}")
    return Outcome(Verdict.ERRATUM, claimed="μ = 0: E[F_P(x) − F*] ≤ Err(A) + G_k^kD/((k−1)C^{k−1}) (Prop 12.6.5)",
                   computed=f"excess {excess:.4f} > claimed {claimed:.4f}; corrected G_k^kD/C^(k−1) = {corrected:.4f}",
                   precision="exact", margin=claimed - excess,
                   counterexample="f(x;s) = L̄_s·x on X = [−1/2, 1/2] (D = 1), L̄ = 1.1 w.p. 1/2 else 0 (k = 3, G_3³ = 0.6655), "
                                  "C = 1: the truncated population loss is ≡ 0, A = 'output 1/2' has Err(A) = 0, but "
                                  "F_P(1/2) − F* = 0.55 > 0.333")


@check("003_ch12.lemma12_2_4.gaussian_rdp", spec="003_ch12.lemma12_2_4")
def _l1224(ctx):
    a, s, D = sp.symbols("alpha sigma Delta", positive=True)
    x = sp.symbols("x", real=True)
    p = sp.exp(-(x - D) ** 2 / (2 * s ** 2))
    q = sp.exp(-x ** 2 / (2 * s ** 2))
    # D_α = 1/(α−1) log ∫ p^α q^{1−α} / √(2πσ²): exponent is a quadratic; complete the square symbolically
    expo = sp.expand(-a * (x - D) ** 2 / (2 * s ** 2) - (1 - a) * x ** 2 / (2 * s ** 2))
    shift = sp.simplify(expo.subs(x, x + a * D) - (-(x ** 2) / (2 * s ** 2)))
    ok1 = sp.simplify(shift / (a - 1) - a * D ** 2 / (2 * s ** 2)) == 0
    worst = 0.0
    alphas = list(range(2, 200))
    for sigma in (0.5, 1.0, 3.0):
        for delta in (1e-8, 1e-4):
            eps_rdp = rdp_to_dp(alphas, [rdp_gaussian(al, sigma) for al in alphas], delta, method="mironov")
            eps_rdp = eps_rdp[0] if isinstance(eps_rdp, tuple) else eps_rdp
            worst = max(worst, gaussian_delta(float(eps_rdp), sigma, 1.0) / delta)
    ok = ok1 and worst <= 1
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="(3) Gaussian: D_α(N(a,σ²)‖N(b,σ²)) = α‖a−b‖²/(2σ²) (⇒ L²/(2σ²)-CDP); (2) RDP→DP conversion "
                           "is conservative", computed=f"sympy completes the square: D_α = αΔ²/(2σ²); exact δ at the "
                           f"converted ε / δ ≤ {worst:.3g}", precision="sympy + exact analytic Gaussian",
                   details="(1) additivity of RDP is the core's rdp_compose (not re-proved here)")


@check("003_ch12.fact12_12_1.projection_lipschitz", spec="003_ch12.fact12_12_1")
def _f12121(ctx):
    from reference.core.geometry import proj_box, proj_l2_ball, proj_simplex
    rng = ctx.rng
    worst = 0.0
    for trial in range(600):
        d = int(rng.integers(1, 7))
        x, y = rng.normal(size=d) * 3, rng.normal(size=d) * 3
        for P in (lambda z: proj_l2_ball(z, np.zeros(d), 1.0), lambda z: proj_box(z, -np.ones(d), np.ones(d) * 0.5),
                  lambda z: proj_simplex(z)):
            worst = max(worst, np.linalg.norm(P(x) - P(y)) - np.linalg.norm(x - y))
    ok = worst <= 1e-12
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED, claimed="projection onto a convex set is 1-Lipschitz",
                   computed=f"balls, boxes, simplices, 600 random pairs: max(‖Px−Py‖ − ‖x−y‖) = {worst:.2e}",
                   margin=-worst, precision="random pairs (core geometry projections)")


@check("003_ch12.lemma12_6_2.strong_convexity_lipschitz", spec="003_ch12.lemma12_6_2")
def _l1262(ctx):
    rng = ctx.rng
    worst = np.inf
    for trial in range(500):
        d = int(rng.integers(1, 5))
        mu = float(rng.uniform(0.1, 3))
        H = rng.normal(size=(d, d)); H = H @ H.T + mu * np.eye(d)        # μ-strongly convex quadratic
        c = rng.normal(size=d) * 3
        a, b = rng.normal(size=d), rng.normal(size=d)
        Dm = float(np.linalg.norm(a - b))
        # on the segment [a, b] (diameter D) the Lipschitz constant is ≥ max(‖∇f(a)‖, ‖∇f(b)‖)
        L = max(np.linalg.norm(H @ (a - c)), np.linalg.norm(H @ (b - c)))
        worst = min(worst, L / (mu * Dm / 4))
    ok = worst >= 1
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED, claimed="L-Lipschitz and μ-strongly convex on a set of "
                   "diameter D ⇒ L ≥ μD/4", computed=f"500 random quadratics on segments: min L/(μD/4) = {worst:.3f} "
                   "(≥ 2: the argument ⟨∇f(a)−∇f(b), a−b⟩ ≥ μD² gives L ≥ μD/2)", margin=worst - 1,
                   precision="random instances")


@check("003_ch12.lemma12_7_8.gaussian_step", spec="003_ch12.lemma12_7_8")
def _l1278(ctx):
    worst = 0.0
    for eps in (0.01, 0.1, 0.5, 0.99):
        for delta in (1e-12, 1e-6, 1e-2, 0.5, 0.99):
            sigma = 30 * math.sqrt(math.log(3 / delta)) / eps         # σ_i/(Cη_i)
            dl = gaussian_delta(eps / 3, sigma, 6.0)                    # sensitivity 6Cη_i
            worst = max(worst, dl / (delta / 3))
    ok = worst <= 1
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="Gaussian step of Alg 42: σ_i = 30Cη_i√log(3/δ)/ε on sensitivity 6Cη_i is (ε/3, δ/3)-DP",
                   computed=f"max exact δ(ε/3)/(δ/3) = {worst:.3g} over ε ∈ (0,1), δ ∈ [1e-12, 0.99]", margin=1 - worst,
                   precision="exact analytic Gaussian", details="only step (iii) of the proof; the SVT/count steps and "
                   "the sample reuse (AU12.14) are not covered")


@check("003_ch13.lemma13_2_6.gaussian_group", spec="003_ch13.lemma13_2_6")
def _l1326(ctx):
    worst = 0.0
    for sigma in (0.5, 1.0, 3.0):
        for eps in (0.1, 0.5, 1.0):
            delta = gaussian_delta(eps, sigma, 1.0)
            for k in (2, 3, 5, 10):
                exact = gaussian_delta(k * eps, sigma, float(k))             # datasets at distance k
                worst = max(worst, exact / (k * math.exp((k - 1) * eps) * delta))
    ok = worst <= 1
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="k-distant datasets: P ≤ e^{kε}P' + k e^{(k−1)ε}δ",
                   computed=f"Gaussian mechanism (its exact (ε,δ) curve): max exact δ_k(kε)/(k e^((k−1)ε)δ) = {worst:.3g}",
                   margin=1 - worst, precision="exact analytic Gaussian", details="σ ∈ {0.5,1,3}, ε ∈ {0.1,0.5,1}, k ≤ 10")


@check("003_ch13.lemma13_3_7.mw_ratio_range", spec=("003_ch13.lemma13_3_7", "003_ch13.lemma13_6_1"))
def _l1337(ctx):
    from reference.thesis.ch13.l2p import mw_log_weights
    rng = ctx.rng
    worst = 0.0
    for trial in range(300):
        B = int(rng.integers(1, 6)); d = int(rng.integers(2, 6)); S = 4
        eta = float(rng.uniform(1e-3, 0.01))
        L = rng.random((S * B, d))
        lw = mw_log_weights(L, eta, B)
        for s in range(S - 1):
            for x in range(d):
                for y in range(d):
                    lr = (lw[s + 1][x] - lw[s][x]) + (lw[s][y] - lw[s + 1][y])
                    worst = max(worst, abs(lr) / (B * eta))
    ok = worst <= 2
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="(ν_{s+1}(x_s)/ν_s(x_s))(ν_s(y_s)/ν_{s+1}(y_s)) ∈ [e^{−2Bη}, e^{2Bη}] (w.h.p.; surely for MW)",
                   computed=f"MW, all (x, y), random losses: max |log ratio|/(Bη) = {worst:.3f} ≤ 1 ≤ 2", margin=2 - worst,
                   precision="exhaustive over (x,y) on random instances", details="MW only (δ_0 = 0); RMW not checked")
