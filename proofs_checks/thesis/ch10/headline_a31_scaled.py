"""H10.1 (Thm 10.7.1, Alg 31) end to end in a documented SCALED regime — the printed constants make the run vacuous
(003_ch10.exp.H10_1.noise_vs_progress: output noise ≥ 914× the SGD displacement for nm ≤ 1e8, C ≈ 2,500 groups needing
n ≳ 1.3e5 users), so this experiment runs the reference Alg 31 (``phased_sgd_outlier_iterate_removal``, noise on)
with four constants changed and says what that costs:

* C = c_groups·log(20nme^ε/δ)/ε (line 2) with c_groups 100 → 0.3 (C ≈ 8–9 groups instead of ≈ 2,500), and the score's
  Laplace scale c_lap/ε (line 10) with c_lap 20 → 0.06, the same factor, so that the halting probability of a
  concentrated phase, ½exp(−C/(5b)) = ½(δ/(20nme^ε))^{c_groups/(5c_lap)}, is the printed one;
* σ_i = c_sigma·τ_i log²(n/δ)/(εC) (line 22) with c_sigma 100 → 3e-6, i.e. c_tau·c_sigma = 1e5 → 3e-3 (the score
  radius τ_i keeps its printed c_tau = 1000): the largest value on the grid {1e-6, 3e-6, 1e-5, 3e-5} at which the
  mean excess at n = 8000 falls below 1/4 of the trivial output's (at 1e-5 it stays at 0.26 of it, slope −0.38; at
  3e-5 the curve is flat: the first phase's noise is not corrected by the later, smaller-step phases).
Everything else is printed: l = ⌊log₂n⌋ phases, n_i = ⌊(1−2^{−q})n/2^{iq}⌋, η = R/(L√(dmnε)), p = J + 3/2 with the
smallest J such that m ≤ n^J on the ladder, one-pass SGD per group, the outlier score and selection.

Instance (steepest admissible samples, optimum on the boundary): f(x, z) = L⟨z, x⟩ on X = {‖x‖ ≤ R/2} ⊂ R²,
z = ±e₁ with P(z = e₁) = (1 + γ)/2, γ = 1/2, so F(x) = Lγx₁, x* = −(R/2)e₁ and the population excess of the output is
exactly Lγ(x₁ + R/2) (F's linear extension: the output perturbation may leave X; x₀ = 0, trivial excess LγR/2).

What is asserted (the check fails otherwise): the gradient count of every run equals Σ_i C·⌊n_i/C⌋·m (≤ nm, S10.22); no
run halts (the proof's good event, probability ≥ 1 − 3/(nm)); the replayed privacy at the scaled constants is computed
with the core accountants from the scales the code uses (``_a31_read``): score Laplace (pure ε, sensitivity 2) plus the
phase-1 Gaussian with the explicit coupled sensitivity 24τ₁k_ζ/C (Lemma 9.3.5's constant, as PC5) at δ/n, phases
disjoint (parallel composition).  The slope follows the shared protocol (theory −1/2: both terms of Thm 10.7.1 are
(nm)^{−1/2}; competitor −1: the optimal rate's private term √d/(εn√m) that A33 claims).  Because the regime is scaled,
the verdict is PARTIAL whatever the interval says; the interval is reported, not turned into an erratum.
"""
from __future__ import annotations

import math
import time

import numpy as np

from proofs_checks.experiments import loglog_figure, protocol_words, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check
from proofs_checks.thesis.ch10.privacy_replay import _a31_read, _score_sensitivity
from reference.core.accounting import compose_basic, gaussian_epsilon, rdp_laplace
from reference.core.oracles import QueryCounter
from reference.thesis.ch09.algorithms import chernoff_k
from reference.thesis.ch10.primitives import phased_sgd_outlier_iterate_removal

C10 = "003_ch10"
PRINTED = dict(c_groups=100.0, c_lap=20.0, c_tau=1000.0, c_sigma=100.0)
SCALED = dict(c_groups=0.3, c_lap=0.06, c_tau=1000.0, c_sigma=3e-6)
D, L, R, GAMMA, EPS, DELTA, M, Q = 2, 1.0, 1.0, 0.5, 1.0, 1e-6, 16, 0.5
NS, REPS = (1000, 2000, 4000, 8000), 8


def a31_count(n: int, m: int, q: float, eps: float, delta: float, c_groups: float) -> int:
    """Σ_i C·⌊n_i/C⌋·m, the gradient count of Alg 31 (lines 2, 4, 8: C groups of N_i users, T_i = N_im steps each)."""
    C = int(math.ceil(c_groups * math.log(20 * n * m * math.exp(eps) / delta) / eps))
    return sum(C * (int(math.floor((1 - 2.0 ** -q) * n * 2.0 ** (-i * q))) // C) * m
               for i in range(1, int(math.floor(math.log2(n))) + 1))


def a31_replayed_epsilon(n: int, m: int, d: int, eps: float, delta: float, q: float, consts: dict) -> dict:
    """Privacy of one phase of Alg 31 at the constants ``consts``, from the scales the code uses (phase 1; σ_i/τ_i and
    the Laplace scale are the same in every phase): score ε (Laplace at α = ∞, sensitivity 2 = sup (2C−2)/C), Gaussian ε
    at δ/n for the explicit coupled sensitivity 24τ₁k_ζ/C, ζ = δ/(10e^ε) (PC5's accounting), composed basically."""
    extra = {k: v for k, v in consts.items() if k != "c_groups"}
    C, b, sigma1 = _a31_read(n, m, d, eps, delta, q, consts["c_groups"], **extra)
    n1 = int(math.floor((1 - 2.0 ** -q) * n / 2 ** q)); T1 = (n1 // C) * m
    tau1 = consts["c_tau"] * 0.5 * math.sqrt(T1) * math.log(n * d * m)       # η_1 = η/2^p at η = 1, p = 1 (_a31_read)
    ds = max(_score_sensitivity(C, tau1), 2.0 * (C - 1) / C)
    e_score = rdp_laplace(math.inf, b, ds)
    zeta = delta / (10 * math.exp(eps))
    sens = 24 * tau1 * chernoff_k(zeta) / C
    e_gauss = gaussian_epsilon(delta / n, sigma1, sens)
    tot = compose_basic([(e_score, 0.0), (e_gauss, delta / n)])
    return dict(C=C, b=b, sigma1=sigma1, tau1=tau1, e_score=e_score, e_gauss=e_gauss, eps=tot[0], delta=tot[1],
                sens=sens, k_zeta=chernoff_k(zeta))


def _instance(rng: np.random.Generator, n: int):
    s = np.where(rng.random((n, M)) < (1 + GAMMA) / 2, 1.0, -1.0)
    data = np.zeros((n, M, D)); data[:, :, 0] = s
    return data


def _proj(x):
    nx = float(np.linalg.norm(x))
    return x if nx <= R / 2 else x * (R / 2 / nx)


def _grad(x, z):
    return L * z


@check(f"{C10}.exp.H10_1.scaled_excess_vs_n", spec=f"{C10}.exp.H10_1", profile="full")
def _h101_scaled(ctx):
    J = max(math.log(M) / math.log(n) for n in NS)                    # m ≤ n^J on the whole ladder
    p = J + 1.5                                                        # Thm 10.7.1: p = J + 3/2
    samples, rows, secs = [], [], []
    for k, n in enumerate(NS):
        eta = R / (L * math.sqrt(D * M * n * EPS))                     # Thm 10.7.1: η = R/(L√(dmnε))
        l = int(math.floor(math.log2(n)))
        want = a31_count(n, M, Q, EPS, DELTA, SCALED["c_groups"])
        ex, t0 = [], time.perf_counter()
        for r in range(REPS):
            rng = ctx.child_rng(1000 * k + r)
            data = _instance(rng, n)
            cnt, tr = QueryCounter(), []
            x = phased_sgd_outlier_iterate_removal(data, _grad, _proj, np.zeros(D), epsilon=EPS, delta=DELTA, p=p, q=Q,
                                                   eta=eta, L=L, rng=rng, counter=cnt, trace=tr, **SCALED)
            if cnt.calls != want or want > n * M:
                return Outcome(Verdict.FAILED, claimed="gradient count Σ_i C⌊n_i/C⌋m ≤ nm (S10.22)",
                               computed=f"n = {n}, replicate {r}: counted {cnt.calls}, formula {want}, nm = {n * M}")
            if len(tr) != l:
                return Outcome(Verdict.FAILED, claimed="no phase halts (the proof's good event, prob ≥ 1 − 3/(nm))",
                               computed=f"n = {n}, replicate {r}: halted after {len(tr)} of {l} phases")
            ex.append(L * GAMMA * (float(x[0]) + R / 2))
        secs.append(time.perf_counter() - t0)
        samples.append(ex)
        rows.append(f"n={n}: mean excess {np.mean(ex):.4g} (sd {np.std(ex):.2g}; trivial {L * GAMMA * R / 2:g}), "
                    f"{want} gradients/run = formula, {secs[-1]:.1f} s")
    pr = a31_replayed_epsilon(NS[0], M, D, EPS, DELTA, Q, SCALED)
    if pr["eps"] <= EPS:
        raise AssertionError(f"the scaled run is (ε, δ)-private by the replay ({pr}); drop the 'not private' wording")
    ci = slope_interval(NS, samples, ctx.child_rng(97))
    fig = loglog_figure(ctx, "a31_scaled_excess_vs_n", NS, samples, ci, theory=-0.5, competitor=-1.0,
                        xlabel="users n (m = 16)", ylabel="population excess",
                        title="H10.1 Alg 31, scaled constants (c_groups 0.3, c_lap 0.06, c_sigma 3e-6)")
    scal = ("scaled: c_groups 100 → 0.3 (C = " + f"{pr['C']}" + " groups at n = 1000, printed ≈ 2,500), c_lap 20 → 0.06 "
            "(same halting probability), c_sigma 100 → 3e-6 (c_tau·c_sigma = 1e5 → 3e-3; c_tau = 1000 printed)")
    priv = (f"not private at these n: replayed ε = {pr['eps']:.3g} at n = {NS[0]} (score {pr['e_score']:.3g} from "
            f"Lap({pr['b']:.3g}), Gaussian {pr['e_gauss']:.3g} at δ/n: σ₁ = {pr['sigma1']:.3g} vs explicit coupled "
            f"sensitivity 24τ₁k_ζ/C = {pr['sens']:.3g}, k_ζ = {pr['k_zeta']}); claimed ε = {EPS:g}, δ = {DELTA:g}")
    out = rate_outcome(ci, theory=-0.5, competitor=-1.0,
                       claim="Thm 10.7.1: E F(x_l) − F* ≤ LR·Õ(1/√(nmε) + √(d log(1/δ))/(√(nε)√m)), slope in n",
                       figure=fig)
    rule, shape = protocol_words(out, ci, -0.5, -1.0)
    cov = (f"n ∈ {list(NS)}, m = {M}, d = {D}, ε = {EPS:g}, δ = {DELTA:g}, q = {Q}, p = J + 3/2 = {p:.3f}, "
           f"η = R/(L√(dmnε)), {REPS} replicates (fresh data and noise) per n; gradient counts = Σ_i C⌊n_i/C⌋m asserted; "
           f"no halts asserted; {scal}")
    means = [float(np.mean(s)) for s in samples]
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=f"{out.computed}; protocol rule: {rule}",
                   precision="95% percentile bootstrap over replicates (shared protocol)",
                   details="; ".join(rows) + f"; {priv}; times under load: {sum(secs):.1f} s",
                   artifacts=out.artifacts,
                   coverage=cov + f"; missing: the printed regime — σ_i's constant c_tau·c_sigma = 1e5 scaled to 3e-3 "
                                  f"and C, Lap(20/ε) by 1/333, so the run is a non-private variant ({priv}); the "
                                  f"measured decay is {shape}; mean excess {max(means) / (L * GAMMA * R / 2):.2f} to "
                                  f"{min(means) / (L * GAMMA * R / 2):.2f} of the trivial output's")
