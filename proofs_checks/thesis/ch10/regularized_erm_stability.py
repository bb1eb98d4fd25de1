"""(10.15) (L8068–8070, cited from [SSSSS09]): for x_i* = argmin F̂_i, F̂_i = empirical loss of the N = n_im items of
phase i + (λ_i/2)‖x − x_{i−1}‖², E[F(x_i*) − F(y)] ≲ L²/(λ_iN) + λ_iE‖x_{i−1} − y‖² for every y.  A '≲' with a hidden
constant: the check sweeps (N, λ, the law) on the steepest one-dimensional family and reports the largest ratio of the
left side to the right side (constant 1), computed EXACTLY (binomial sums, no Monte Carlo):

f(x, z) = L·z·x on X = [−R/2, R/2], z = ±1 with P(+1) = (1 + γ)/2, x_{i−1} = 0, y = x* = −R/2 (the minimizer of
F(x) = Lγx, on the boundary, so that the left side is the full excess).  The regularized ERM is x̂ = Π(−L z̄/λ) with
z̄ = (2k − N)/N, k ~ Bin(N, (1+γ)/2), so E[F(x̂) − F(x*)] = Lγ(E x̂ + R/2) exactly.  Also compared with the explicit
form 4L²/(λN) + (λ/2)‖x_{i−1} − y‖² (uniform stability 4L²/(λN) of λ-strongly convex regularized ERM, as recalled
from [SSSSS09] — a labelled reference value, not verified against that paper).
"""
from __future__ import annotations

import math

import numpy as np
from scipy.stats import binom

from proofs_checks.framework import Outcome, Verdict, check

C10 = "003_ch10"
L, R = 1.0, 1.0


def excess(N: int, lam: float, gamma: float) -> float:
    """E[F(x̂) − F(x*)] for the regularized ERM x̂ = Π_[−R/2, R/2](−L z̄/λ) on N items (exact)."""
    k = np.arange(N + 1)
    pmf = binom.pmf(k, N, (1 + gamma) / 2)
    xhat = np.clip(-L * (2 * k - N) / (N * lam), -R / 2, R / 2)
    return L * gamma * (float(pmf @ xhat) + R / 2)


@check(f"{C10}.S10_19.exact_sweep", spec=f"{C10}.S10_19", profile="full")
def _s1019(ctx):
    Ns = (10, 100, 1000, 10_000, 100_000)
    lams = tuple(10.0 ** (e / 4) for e in range(-16, 5))                 # quarter decades, 1e-4 .. 10
    worst, worst_expl, rows = (0.0, None), (0.0, None), []
    for N in Ns:
        best_N = 0.0
        for lam in lams:
            for gamma in sorted({0.5 / math.sqrt(N), 1 / math.sqrt(N), 2 / math.sqrt(N), 0.1, 0.5, 1.0}):
                if gamma > 1:
                    continue
                lhs = excess(N, lam, gamma)
                rhs = L * L / (lam * N) + lam * (R / 2) ** 2
                expl = 4 * L * L / (lam * N) + lam / 2 * (R / 2) ** 2
                if lhs / rhs > worst[0]:
                    worst = (lhs / rhs, (N, lam, gamma, lhs))
                if lhs / expl > worst_expl[0]:
                    worst_expl = (lhs / expl, (N, lam, gamma, lhs))
                best_N = max(best_N, lhs / rhs)
        rows.append(f"N={N}: max ratio {best_N:.3f}")
    if worst_expl[0] > 1.0:
        N, lam, gamma, lhs = worst_expl[1]
        return Outcome(Verdict.ERRATUM, claimed="E[F(x*) − F(y)] ≤ 4L²/(λN) + (λ/2)‖x_0 − y‖² (explicit form)",
                       computed="; ".join(rows), counterexample=f"N = {N}, λ = {lam:g}, γ = {gamma:.3g}: excess {lhs:.4g} "
                       f"> explicit bound ({worst_expl[0]:.3f}×)", precision="exact binomial sums")
    N, lam, gamma, lhs = worst[1]
    return Outcome(Verdict.PARTIAL, claimed="(10.15): E[F(x_i*) − F(y)] ≲ L²/(λ_in_im) + λ_iE‖x_{i−1} − y‖² (L8070)",
                   computed="; ".join(rows) + f"; largest ratio to the constant-1 form {worst[0]:.3f} at N = {N}, "
                            f"λ = {lam:g}, γ = {gamma:.3g} (excess {lhs:.4g}); largest ratio to 4L²/(λN) + (λ/2)‖·‖² "
                            f"{worst_expl[0]:.3f}",
                   precision="exact binomial sums (float64)",
                   coverage=f"N ∈ {list(Ns)}, λ ∈ [1e-4, 10] (quarter decades), γ ∈ {{0.5, 1, 2}}/√N ∪ {{0.1, 0.5, 1}}, "
                            "1-D linear loss with the minimizer on the boundary, x_{i−1} = 0, y = x*; missing: other "
                            "losses, dimensions and y (the hidden constant is a supremum over them)")
