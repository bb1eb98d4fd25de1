"""Checks of thesis 003 Ch.1 on the smoothed loss and the localisation step: Claim 1.4.2(b)/Fact 1.4.3 on an exact smoothed loss,
Lemma 1.5.2 (audit A-12), audit A-14 (domain extension) and Lemma 1.5.3 (stability of regularised ERM)."""
from __future__ import annotations

import math

import numpy as np
from scipy import optimize, stats

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail, proof_gap
from reference.thesis.ch01 import algorithms as alg

P = "003_ch01."


def _smoothed_abs(ws, r, d):
    """E_{y ~ Unif B(0,r)} |w + y_1| (exact 1-D reduction: y_1 = r t, t = 2 Beta((d+1)/2,(d+1)/2) - 1) and its derivative,
    vectorised over the array ws."""
    B = stats.beta((d + 1) / 2, (d + 1) / 2)
    ts = np.linspace(-1, 1, 20001)
    dens = B.pdf((ts + 1) / 2) / 2
    vals = np.trapezoid(np.abs(ws[:, None] + r * ts[None, :]) * dens[None, :], ts, axis=1)
    grads = 1 - 2 * B.cdf((1 - ws / r) / 2)
    return vals, grads


@check(P + "claim1_4_2b.lipschitz_sc", spec=[P + "claim1_4_2b", P + "fact1_4_3"])
def _c142b(ctx):
    worst_lip, worst_sc = 0.0, np.inf
    for d in (1, 3, 10):
        r, G, mu = 0.5, 1.0, 0.7
        ws = np.linspace(-1.5, 1.5, 61)
        vals, grads = _smoothed_abs(ws, r, d)
        # f(w) = G|w_1| + (mu/2) w_1^2 (1-D section): smoothed = G E|w + y_1| + (mu/2)(w^2 + E y_1^2)
        Ey2 = r * r / (d + 2)
        F = G * vals + mu / 2 * (ws ** 2 + Ey2)
        g = G * grads + mu * ws
        worst_lip = max(worst_lip, float(np.max(np.abs(G * grads))))
        dw = ws[None, :] - ws[:, None]
        worst_sc = min(worst_sc, float(np.min(F[None, :] - F[:, None] - g[:, None] * dw - mu / 2 * dw ** 2)))
    if worst_lip > 1 + 1e-12 or worst_sc < -1e-6:
        return fail("smoothed loss Lipschitz / s.c.", f"{worst_lip} {worst_sc}")
    return Outcome(Verdict.NUMERIC, claimed="F_{n_r} is G-Lipschitz and mu-s.c. when f is (Claim 1.4.2(b), Fact 1.4.3)",
                   computed=f"exact smoothed G|w_1| + (mu/2)w_1^2 (d in {{1,3,10}}, r = 0.5): max |grad of smoothed G|w_1|| = {worst_lip:.6f} <= G; "
                            f"min s.c. slack over 61^2 pairs = {worst_sc:.2e}", margin=float(min(1 - worst_lip, worst_sc)),
                   precision="exact Beta CDF gradient; trapezoid 2e4 nodes for values (err ~1e-8)",
                   details="E y_1^2 = r^2/(d+2) for the uniform ball; averaging preserves the s.c. inequality (Fact 1.4.3)")


@check(P + "audit.A12.swapped_sides", spec=[P + "audit.A12", P + "lemma1_5_2"])
def _a12(ctx):
    rng = ctx.rng
    # 1-D F_i(w) = (1/N) sum |w - x_j| + (w - c)^2/(eta N): lambda = 2/(eta N)-s.c.; minimiser w_hat
    N, eta, c = 50, 0.02, 0.3
    x = rng.uniform(-1, 1, N)
    F = lambda w: np.mean(np.abs(w - x)) + (w - c) ** 2 / (eta * N)
    res = optimize.minimize_scalar(F, bounds=(-3, 3), method="bounded", options={"xatol": 1e-12})
    w_hat = res.x
    lam = 2 / (eta * N)
    w_i = w_hat + 0.5                            # any other point
    printed_rhs = F(w_hat) - F(w_i)              # L825: E[F_i(w_hat) - F_i(w_i)] -- negative
    lhs = lam / 2 * (w_hat - w_i) ** 2
    corrected_rhs = F(w_i) - F(w_hat)
    # Lemma 1.5.2's first step: ||w_hat - w_{i-1}|| <= G eta N (here w_{i-1} = c, G = 1)
    dist_ok = abs(w_hat - c) <= 1.0 * eta * N + 1e-9
    if not (lhs > printed_rhs and lhs <= corrected_rhs + 1e-12 and dist_ok):
        return fail("A-12", f"{lhs} {printed_rhs} {corrected_rhs} {dist_ok}")
    return proof_gap(claimed="L825: (lambda_i/2) E||w_hat_i - w_i||^2 <= E[F_i(w_hat_i) - F_i(w_i)]",
                   computed=f"the right side is <= 0 since w_hat_i minimises F_i: {printed_rhs:.4f} < {lhs:.4f}",
                   counterexample=f"N = 50 uniform points, eta = 0.02, centre 0.3, w_i = w_hat + 0.5: (lambda/2)|w_hat - w_i|^2 = {lhs:.4f} > F(w_hat) - F(w_i) = {printed_rhs:.4f}",
                   margin=printed_rhs - lhs,
                   details=f"corrected (sides swapped): (lambda/2)||w_hat - w_i||^2 <= F_i(w_i) - F_i(w_hat) = {corrected_rhs:.4f}; "
                           f"distance step |w_hat - w_(i-1)| = {abs(w_hat - c):.4f} <= G eta N = {eta*N:.2f}")


@check(P + "audit.A14.domain_extension", spec=[P + "audit.A14"])
def _a14(ctx):
    G, D = 1.0, 1.0
    N, d, eps, delta = 10 ** 8, 1, 1.0, 1e-6
    r_assumed = D * math.sqrt(d * math.log(1 / delta)) / (eps * N)          # Thm 1.1.2 / 1.5.6 extension
    eta = (D / G) * min(1 / math.sqrt(N), eps / math.sqrt(d * math.log(1 / delta)))
    N1, e1, d1, eta1 = N // 2, eps / 2, delta / 2, eta / 32
    D1 = min(D, 4 * G * eta1 * N1)                                          # diam K_1
    T1, B1 = alg.params_sco(N1, d, e1, d1)
    r1 = D1 * d ** 0.25 / T1                                                # Private AC-SA radius in phase 1
    if not r1 > r_assumed:
        return fail("A-14", f"{r1} {r_assumed}")
    return erratum(claimed="Thm 1.1.2/1.5.6: f Lipschitz on K_r with r = D sqrt(d log(1/delta))/(eps N) suffices",
                   computed="the SCO inner solver (Private AC-SA, parameter set S) queries gradients at w + y with ||y|| <= r_i = D_i d^{1/4}/T_i",
                   counterexample=f"N = 1e8, d = 1, eps = 1, delta = 1e-6, G = D = 1: phase 1 has D_1 = {D1:.3g}, T_1 = {T1}, r_1 = {r1:.3e} > r = {r_assumed:.3e} "
                                  f"(x{r1/r_assumed:.1f}): the perturbed query points can leave K_r",
                   margin=r_assumed - r1, details="fix: assume Lipschitzness on K + B(0, max(r, max_i r_i)) (or on R^d, as the tests do)")


def _reg_erm_argmin(x_sorted, c, eta, lo=-1.0, hi=1.0):
    """Exact minimiser of (1/n) sum |w - x_j| + (w - c)^2/(eta n) over [lo, hi] (1-D, piecewise quadratic)."""
    n = len(x_sorted)
    # stationarity w = c - (eta/2)(#below - #above); subgradient interval at data points
    cand = [lo, hi] + list(x_sorted)
    for k in range(n + 1):
        w = c - eta / 2 * (2 * k - n)
        left = x_sorted[k - 1] if k > 0 else -np.inf
        right = x_sorted[k] if k < n else np.inf
        if left <= w <= right:
            cand.append(w)
    cand = np.clip(np.array(cand), lo, hi)
    vals = np.abs(cand[:, None] - x_sorted[None, :]).mean(axis=1) + (cand - c) ** 2 / (eta * n)
    return float(cand[np.argmin(vals)])


@check(P + "lemma1_5_3.stability_mc", spec=[P + "lemma1_5_3"])
def _l153(ctx):
    from reference.core.testing import hoeffding_radius
    rng = ctx.rng
    Fpop = lambda w: (1 + w * w) / 2                      # E|w - x|, x ~ U[-1,1], w in [-1,1]
    worst = np.inf
    R = 400
    tests = 0
    for (n, eta, c) in ((20, 0.05, 0.4), (50, 0.01, -0.3), (10, 0.2, 0.0)):
        wh = np.array([_reg_erm_argmin(np.sort(rng.uniform(-1, 1, n)), c, eta) for _ in range(R)])
        for y in (0.0, c, 0.5 * c):
            tests += 1
            emp = float(np.mean(Fpop(wh) - Fpop(y)))
            bound = (c - y) ** 2 / (eta * n) + 50 * eta
            rad = hoeffding_radius(R, 1e-6 / 9, 1.0)
            worst = min(worst, bound - (emp - rad))
    if worst < 0:
        return fail("Lemma 1.5.3 with constant 50", str(worst))
    return Outcome(Verdict.STATISTICAL, claimed="E[F(w_hat) - F(y)] <= ||w_{i-1} - y||^2/(eta N) + 50 G^2 eta (Lemma 1.5.3 with the SSSSS09 constant 4L^2/(lambda n), L <= 5G)",
                   computed=f"1-D f = |w - x|, x ~ U[-1,1] (F = (1+w^2)/2 exact), exact regularised-ERM minimiser, 3 (n, eta, centre) x 3 y: min slack (bound - upper CI) = {worst:.4f}",
                   margin=float(worst), precision="false-failure <= 1e-6 (Hoeffding, range 1, Bonferroni over 9)",
                   details=f"R = {R} data sets per setting; G = 1")
