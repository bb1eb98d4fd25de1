"""H10.3 (Thm 10.9.3 / 10.4.1: Alg 33 on the randomized-smoothing gradient P10.3, non-smooth losses) end to end in the
scaled regime of H10.2 (headline_a33_scaled: c_K 500 → 0.1, Lap(8/ε), Lap(16/ε) scaled by the same 2e-4) with
c_sigma 1000 → 0.3: the largest value on {0.3, 1, 3} whose mean excess at n = 1000 falls below 1/4 of the trivial
output's (at 3 the runs stay above the trivial level, 0.14–0.19 vs 0.125, at n = 500–2000).  The smoothing is the
printed one: r = √dR/(εn√m) (L8112-8131), β = L√d/r for Alg 33, y ~ Unif(B_r) per gradient call
(``smoothed_grad``); λ, p, q, δ as Thm 10.8.3 (``a33_params``).

Instance (non-smooth, optimum interior and sharp): f(x, z) = L‖x − z‖ on the ball of radius R/2 in R², z = ±a·e₁ with
P(+) = (1 + γ)/2, a = R/4, γ = 1/2, so F(x) = L[(1+γ)/2‖x − ae₁‖ + (1−γ)/2‖x + ae₁‖], x* = ae₁ and the population
excess F(x) − F(x*) is exact; x₀ = 0, trivial excess Laγ.  m = 4, d = 2, ε = 1.

The large smoothness β = Lεn√m/R makes T_i = ⌈(1+√(β/λ_i))log(ndm)⌉ large (T₁ = 227 at n = 250, 765 at n = 1000), so
the ladder is n ∈ {250, 500, 1000} (4×): each smoothed gradient costs a Python call and a uniform-ball draw.
Asserted: gradient count = Σ_i T_iK_im (``a33_schedule`` with this β) and the phases the code ran; no halts.  Privacy
replayed as in H10.2 (``a33_replayed_epsilon``; the smoothing draws are data-independent, PC7).  Scaled ⇒ PARTIAL.
"""
from __future__ import annotations

import math
import time

import numpy as np

from proofs_checks.experiments import loglog_figure, protocol_words, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check
from proofs_checks.thesis.ch10.headline_a33_scaled import (SCALED as _S33, a33_params, a33_replayed_epsilon,
                                                           a33_schedule, counted_a33_run)
from reference.thesis.ch10.accelerated import smoothed_grad

C10 = "003_ch10"
SCALED = dict(_S33, c_sigma=0.3)
D, L, R, GAMMA, A, EPS, M, Q = 2, 1.0, 1.0, 0.5, 0.25, 1.0, 4, 0.5
NS, REPS = (250, 500, 1000), 8
_E1 = np.array([A, 0.0])


def smoothing(n: int, m: int = M, d: int = D, eps: float = EPS):
    """(r, β) of Thm 10.9.3: r = √dR/(εn√m), β = L√d/r."""
    r = math.sqrt(d) * R / (eps * n * math.sqrt(m))
    return r, L * math.sqrt(d) / r


def _F(x):
    return L * ((1 + GAMMA) / 2 * float(np.linalg.norm(x - _E1)) + (1 - GAMMA) / 2 * float(np.linalg.norm(x + _E1)))


def _subgrad(x, z):
    v = x - z
    nv = float(np.linalg.norm(v))
    return L * v / nv if nv > 0 else np.zeros_like(v)


def _bound_slope(ns):
    ys = [1 / math.sqrt(n * M) + math.sqrt(D * math.log(10 * n * M)) / (EPS * n * math.sqrt(M)) for n in ns]
    return float(np.polyfit(np.log(ns), np.log(ys), 1)[0])


@check(f"{C10}.exp.H10_3.scaled_excess_vs_n", spec=f"{C10}.exp.H10_3", profile="full")
def _h103_scaled(ctx):
    Fstar, triv = _F(_E1), _F(np.zeros(D)) - _F(_E1)
    samples, rows, secs = [], [], []
    for k, n in enumerate(NS):
        delta, lam, p = a33_params(n, M, D, EPS)
        r, beta = smoothing(n)
        sched = a33_schedule(n, M, D, EPS, delta, p, Q, lam, beta, c_K=SCALED["c_K"])
        want = sum(T * K * M for _, T, K in sched)
        ex, t0 = [], time.perf_counter()
        for rep in range(REPS):
            rng = ctx.child_rng(1000 * k + rep)
            s = np.where(rng.random((n, M)) < (1 + GAMMA) / 2, A, -A)
            data = np.zeros((n, M, D)); data[:, :, 0] = s
            x = counted_a33_run(data, smoothed_grad(_subgrad, r, rng), n, beta, SCALED, rng)
            ex.append(_F(x) - Fstar)
        secs.append(time.perf_counter() - t0)
        samples.append(ex)
        rows.append(f"n={n}: mean excess {np.mean(ex):.4g} (sd {np.std(ex):.2g}), r = {r:.3g}, β = {beta:.3g}, "
                    f"{want} gradients/run = formula (phase 1: n_1, T_1, K_1 = {sched[0]}), {secs[-1]:.1f} s")
    pr = a33_replayed_epsilon(NS[0], M, D, EPS, SCALED, beta=smoothing(NS[0])[1])
    if pr["eps"] <= EPS:
        raise AssertionError(f"the scaled run is private by the replay ({pr}); drop the 'not private' wording")
    th = _bound_slope(NS)
    ci = slope_interval(NS, samples, ctx.child_rng(99))
    fig = loglog_figure(ctx, "a33_smoothed_scaled_excess_vs_n", NS, samples, ci, theory=th, competitor=-1.0,
                        xlabel="users n (m = 4)", ylabel="population excess",
                        title="H10.3 smoothed Alg 33, scaled (c_sigma 0.3, c_K/c_thr/c_lap × 2e-4)")
    out = rate_outcome(ci, theory=th, competitor=-1.0, figure=fig,
                       claim=f"Thm 10.4.1/10.9.3: E F(x_l) − F* ≤ LR·Õ(1/√(mn) + √(d log(1/δ))/(εn√m)) (local n-slope "
                             f"{th:+.3f})")
    rule, shape = protocol_words(out, ci, th, -1.0)
    means = [float(np.mean(v)) for v in samples]
    priv = (f"not private at these n: replayed ε = {pr['e_at']:.3g} for the AboveThreshold part and "
            f"{pr['e_gauss']:.3g} for phase 1's T₁ = {pr['T1']} Gaussian releases (σ/τ = {pr['sigma']:.3g} vs coupled "
            f"sensitivity 240k_ζ/K₁ = {pr['sens']:.3g}, exact GDP composition without amplification) at n = {NS[0]}; "
            f"claimed ε = {EPS:g}")
    cov = (f"n ∈ {list(NS)}, m = {M}, d = {D}, ε = {EPS:g}, δ = 1/(10nm), q = {Q}, p = 3q + 2.5 + log_n√m, "
           f"r = √dR/(εn√m), β = L√d/r, {REPS} replicates per n; counts asserted; no halts asserted; scaled: c_sigma "
           f"1000 → 0.3, c_K 500 → 0.1, c_thr 8 → 0.0016, c_lap 16 → 0.0032; stand-in c_τ = c_T = 1")
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=f"{out.computed}; protocol rule: {rule}",
                   precision="95% percentile bootstrap over replicates (shared protocol)",
                   details="; ".join(rows) + f"; {priv}; times under load: {sum(secs):.1f} s", artifacts=out.artifacts,
                   coverage=cov + f"; missing: the printed regime — σ's constant 1000 scaled to 0.3, K_i and the "
                                  f"AboveThreshold scales by 2e-4 ({priv}); only a 4× range of n (the smoothed β makes "
                                  f"T_i grow like n^(3/4)); the measured decay is {shape}; mean excess "
                                  f"{max(means) / triv:.2f} to {min(means) / triv:.2f} of the trivial output's")
