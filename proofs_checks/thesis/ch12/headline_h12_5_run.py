"""H12.5 (Thm 12.9.4, high-probability non-private SCO, P12.4 ``high_probability_sco``), run end to end in a scaled
regime: the portion constant 48 of J_i = ⌈48 log(2^i/δ)⌉ (L9693) is replaced by 4 (stated), because with 48 every
phase has n_i ≥ J_i only from n = 2^18 on (003_ch12.thm12_9_4.high_probability_run), where a ladder with replicates
exceeds the budget.  With 4 the Aggregate step's Chernoff argument (≥ 0.51J_i good portions w.p. ≥ 1 − δ_i) no longer
holds as proved, so the 1 − δ guarantee itself is not what is tested: the n-exponent of the excess at fixed δ is, and
the empirical (1 − δ)-quantile over the replicates is reported as the implied C_sco at each n.

Instance: X = [−1, 1] (D = 2), ψ = 0 (prox = Π_X), f(x) = μx, stochastic gradient g = μ + ξ with ξ = ±r, r Pareto(α = 3,
scale 1/√3) (E ξ² = 1, E|ξ|³ = ∞: only the second moment of Def 12.9.1), G² = μ² + 1; x_0 = 0; λ = Δ/D with
Δ = G√(log(1/δ)/n) (the balance of Prop 12.3.7 used by 003_ch12.thm12_9_4.high_probability_run).  Excess μ(x + 1)
exact.  Each n takes the worst mean of the phase model (the regularized minimizer of phase i is x_{i−1} − μ/λ_i):
μ*(n) = 1/(2Σ_i 1/λ_i); the algorithm is given the class G of the ladder's largest μ*.  Queries asserted = Σ_i J_iT_i
≤ n.  Competitor −1: the fixed-law fast rate that a worst-case instance must not show.
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check
from reference.core.oracles import QueryCounter
from reference.thesis.ch12.algorithms import high_probability_sco

C12 = "003_ch12"
D_DIAM = 2.0
C_PORTION = 4.0                                   # the printed algorithm has 48 (L9693)
_ALPHA, _T0 = 3.0, 1.0 / math.sqrt(3.0)           # E r² = α t0²/(α − 2) = 1


def _G(mu):
    return math.sqrt(mu * mu + 1.0)


def _lam(n, delta, G):
    return G * math.sqrt(math.log(1 / delta) / n) / D_DIAM


def _mu_star(n, delta, G):
    lam, I = _lam(n, delta, G), int(math.floor(0.5 * math.log2(n)))
    return 1.0 / (2 * sum(1.0 / (lam * 32 ** i) for i in range(1, I + 1)))


def _class_G(ns, delta):
    G = 1.0
    for _ in range(60):
        Gn = _G(max(_mu_star(n, delta, G) for n in ns))
        if abs(Gn - G) < 1e-13:
            break
        G = Gn
    return G


def _samples(rng, n, mu):
    r = _T0 * rng.random(n) ** (-1.0 / _ALPHA)
    return mu + np.where(rng.random(n) < 0.5, -r, r)


@check(f"{C12}.exp.H12_5.excess_vs_n", spec=(f"{C12}.exp.H12_5", f"{C12}.thm12_9_4"), profile="full")
def _h125_run(ctx):
    delta, reps = 0.1, 12
    ns = [2 ** 10, 2 ** 11, 2 ** 12, 2 ** 13, 2 ** 14, 2 ** 15]
    G = _class_G(ns, delta)
    rng = ctx.child_rng(1251)
    prox = lambda v, eta: np.clip(v, -1.0, 1.0)                                  # noqa: E731 (ψ = 0 on X)
    grad = lambda x, s: np.array([s])                                             # noqa: E731
    samples, rows, csco = [], [], []
    for n in ns:
        mu, lam = _mu_star(n, delta, G), _lam(n, delta, G)
        exc = []
        for _ in range(reps):
            cnt, tr = QueryCounter(), []
            x = high_probability_sco(list(_samples(rng, n, mu)), grad, prox, np.zeros(1), delta=delta, G=G, lam=lam,
                                     counter=cnt, trace=tr, portion_constant=C_PORTION)
            expected = sum(t["J"] * t["T"] for t in tr)
            if cnt.calls != expected or cnt.calls > n:
                raise AssertionError(f"n = {n}: {cnt.calls} queries, expected Σ J_iT_i = {expected} ≤ n")
            if any(t["J"] != math.ceil(C_PORTION * math.log(2 ** t["i"] / delta)) for t in tr):
                raise AssertionError(f"n = {n}: a phase's J_i differs from ⌈{C_PORTION:g} log(2^i/δ)⌉")
            exc.append(mu * (float(x[0]) + 1.0))
        samples.append(exc)
        q = float(np.quantile(exc, 1 - delta))
        csco.append(q / (G * D_DIAM * math.sqrt(math.log(1 / delta) / n)))
        rows.append(f"n={n}: μ*={mu:.4g}, λ={lam:.4g}, J_1..J_I = {[t['J'] for t in tr]}, mean excess "
                    f"{np.mean(exc):.4g} (model μ*/2 = {mu / 2:.4g}), empirical {1 - delta:g}-quantile {q:.4g} = "
                    f"{csco[-1]:.3g}·GD√(log(1/δ)/n)")
    ci = slope_interval(ns, samples, ctx.child_rng(1252))
    fig = loglog_figure(ctx, "excess_vs_n", ns, samples, ci, theory=-0.5, competitor=-1.0, xlabel="n",
                        ylabel="excess at μ*(n)", title="H12.5 P12.4, portion constant 4 (printed 48), δ = 0.1")
    cov = (f"scaled: portion constant {C_PORTION:g} instead of 48 in J_i = ⌈48 log(2^i/δ)⌉ (the Chernoff step behind "
           f"the 1 − δ guarantee is not what is tested); n ∈ {ns}, δ = {delta}, {reps} replicates per n at the worst "
           f"mean μ*(n) (class G = {G:.4f}); the Lemma 12.9.3 solver is our proximal-SGD stand-in (003_ch12.algP12_4); "
           f"queries = Σ J_iT_i ≤ n asserted; implied C_sco (empirical {1 - delta:g}-quantile over {reps} runs / "
           f"GD√(log(1/δ)/n)) ∈ [{min(csco):.3g}, {max(csco):.3g}]; competitor −1 is the fixed-law fast rate")
    out = rate_outcome(ci, theory=-0.5, competitor=-1.0,
                       claim="Thm 12.9.4: w.p. ≥ 1 − δ, excess ≤ C_sco·GD√(log(1/δ)/n) (exponent in n at fixed δ)",
                       figure=fig, details="; ".join(rows), coverage=cov)
    miss = ("; missing: the printed regime (portion constant 48, n ≥ 2^18) and the 1 − δ quantile as a function of "
            "log(1/δ); the worst mean μ*(n) ∝ λ(n) ∝ n^{-1/2} makes the phase model's excess μ*/2 scale like the bound "
            "by construction, so the run shows the algorithm realizes its model (noise, Aggregate) rather than an "
            "independent rate")
    if out.verdict in (Verdict.ERRATUM, Verdict.STATISTICAL):
        out = Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                      details=out.details, artifacts=out.artifacts, margin=out.margin,
                      coverage=cov + (f"; the interval {'excludes' if out.verdict == Verdict.ERRATUM else 'contains'}"
                                      " −1/2") + miss)
    return out
