"""H12.4 (Thm 12.8.2, Alg 43 OnePass-Clipped-DP-SGD for smooth GLMs), run end to end: private (σ_i of line 6, the
per-phase zCDP computed by the core accountant from the Lemma 12.8.1 sensitivity 2η_iC_i and asserted ≤ ρ), gradient
queries asserted equal to 2^I − 1 ≤ n, excess measured against the printed bound with its constants 4 and 26.

Instance: the linear GLM f(x; s) = ⟨s, x⟩ (σ(u) = u: convex, 0-smooth, so every β condition holds) on X = B(0, D),
x_0 = 0, D = 1; s = μe_1 + r·u with u uniform on S^{d−1} and r Pareto(α = 4.5, scale t_0 = 9^{−1/4}) — k = 4 moments
finite, the 5th infinite.  G_2 and G_4 in closed form: G_2² = μ² + E r², G_4⁴ = μ⁴ + 2μ²E r² + E r⁴ + 4μ²E r²/d.
F(x) = μx_1, x* = −De_1, excess(x) = μ(x_1 + D) exactly (no Monte Carlo).  Alg 43's η and C as printed (η's second
term without /G_k, C with the undefined m read as n: AU12.19).  For a linear loss on a ball the excess depends on μ
(the travel time of SGD to the boundary), so each n takes the worst μ of a grid (the class is sup over laws).

Constants: at the pinned cell (n = 2^15, μ = 0.38, d = 8, ρ = 0.01, k = 4), where η is the private
term of line 4 and SGD's phase-1 travel nημ/32 < 1 leaves x_I short of the boundary, 24 replicates; ERRATUM iff the
one-sided t statistic (mean − bound)/se exceeds the t_23 quantile at 1 − 1e-6 (false failure ≤ 1e-6 under the CLT for
the bounded excess ∈ [−tiny, 2μD]).  μ = 0.38 is the worst mean for this n: SGD's phase-1 average stops at
−nημ/64·e_1, so the excess ≈ μ − nημ²/64 peaks at μ* = 32/(nη) with value 16D²/(ηn) — the proof's own i = 1 term
(AU12.19), which exceeds the printed bound.

Rate (H12_4.excess_vs_n, shared protocol): n ∈ {2^14..2^17} at the worst mean μ*(n) of each n; every law lies in
the class of the ladder's largest (G_2, G_4), so the theory exponent is the printed bound's local slope at those
constants; accept iff the interval contains it and excludes −1/2 (the non-private rate).
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check
from reference.core.accounting import zcdp_gaussian
from reference.core.oracles import QueryCounter
from reference.thesis.ch12.algorithms import glm_clipped_dp_sgd

C12 = "003_ch12"
_ALPHA, _T0 = 4.5, 9.0 ** -0.25


def _moments(mu: float, d: int):
    er2 = _ALPHA * _T0 ** 2 / (_ALPHA - 2)
    er4 = _ALPHA * _T0 ** 4 / (_ALPHA - 4)
    return math.sqrt(mu * mu + er2), (mu ** 4 + 2 * mu * mu * er2 + er4 + 4 * mu * mu * er2 / d) ** 0.25


def _draw(rng, n, d, mu):
    u = rng.standard_normal((n, d))
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    r = _T0 * rng.random(n) ** (-1.0 / _ALPHA)
    s = r[:, None] * u
    s[:, 0] += mu
    return s


def _proj(x):
    nx = float(np.linalg.norm(x))
    return x if nx <= 1.0 else x / nx


def _bound(n, d, rho, k, G2, Gk, D=1.0):
    return 4 * G2 * D / math.sqrt(n) + 26 * Gk * D * (math.sqrt(d) / (n * math.sqrt(rho))) ** (1 - 1 / k)


def _cell(rng, n, d, rho, k, mu, reps):
    G2, Gk = _moments(mu, d)
    D = 1.0
    eta = min(math.sqrt(8 / n) * D / G2, (1 / n) * (n * n * rho / (32 * d)) ** ((k - 1) / (2 * k))
              * 2 ** ((k + 1) / (2 * k)) * D)                                   # line 4 as printed (AU12.19)
    C = (Gk ** k * D * rho * n / (32 * eta * d)) ** (1 / (k + 1))                # line 4, m := n (AU12.19)
    I = int(math.floor(math.log2(n)))
    # privacy of the noise the code adds: phase i releases x̄_i + N(0, σ_i²I), sensitivity 2η_iC_i (Lemma 12.8.1 for
    # GLMs, replayed by 003_ch12.priv.PC14.replay); one phase reads the differing sample (disjoint batches)
    rho_ph = max(zcdp_gaussian(2 * (eta / 16 ** i) * (2 ** i * C) * math.sqrt(2 / rho), 2 * (eta / 16 ** i) * (2 ** i * C))
                 for i in range(1, I + 1))
    if rho_ph > rho * (1 + 1e-12):
        raise AssertionError(f"phase zCDP {rho_ph} > ρ = {rho}")
    exc = []
    for _ in range(reps):
        S = _draw(rng, n, d, mu)
        cnt = QueryCounter()
        x = glm_clipped_dp_sgd(list(S), lambda x, s: s, _proj, np.zeros(d), n=n, eta=eta, C=C, rho=rho, rng=rng,
                               counter=cnt)
        if cnt.calls != 2 ** I - 1:
            raise AssertionError(f"n = {n}: {cnt.calls} gradient queries, expected 2^I − 1 = {2 ** I - 1}")
        exc.append(mu * (float(x[0]) + D))
    return exc, _bound(n, d, rho, k, G2, Gk), rho_ph, eta, C


@check(f"{C12}.exp.H12_4.constants", spec=(f"{C12}.exp.H12_4", f"{C12}.thm12_8_2"), profile="full")
def _h124c(ctx):
    from scipy.stats import t as student_t
    n, mu, d, rho, k, reps = 2 ** 15, 0.38, 8, 0.01, 4, 24
    exc, b, rp, eta, C = _cell(ctx.child_rng(126), n, d, rho, k, mu, reps)
    m, se = float(np.mean(exc)), float(np.std(exc, ddof=1) / math.sqrt(reps))
    tstat, tq = (m - b) / se, float(student_t.ppf(1 - 1e-6, reps - 1))
    text = (f"(n, μ, d, ρ, k) = ({n}, {mu}, {d}, {rho}, {k}), η = {eta:.4g}, C = {C:.4g}: mean excess {m:.4f} ± {se:.4f} "
            f"(se, {reps} replicates) vs printed bound {b:.4f}; t = {tstat:.1f} vs t_{reps - 1}(1 − 1e-6) = {tq:.2f}; "
            f"the proof's own i = 1 term 16D²/(ηn) = {16 / (eta * n):.4f} (AU12.19); per-phase zCDP {rp:.4g} ≤ ρ")
    if tstat > tq:
        if m > 1.3 * b:
            raise AssertionError(f"excess exceeds even 1.3 × the printed bound: {text}")
        return Outcome(Verdict.ERRATUM, claimed="Thm 12.8.2: E[F(x_I) − F*] ≤ 4G_2D/√n + 26G_kD(√d/(n√ρ))^{1−1/k}",
                       computed=text, margin=b - m, precision="one-sided t test, false failure ≤ 1e-6 (CLT)",
                       counterexample=f"linear GLM f(x; s) = ⟨s, x⟩ on B(0, 1), s = μe_1 + Pareto(4.5)-radius "
                                      f"isotropic noise: {text}",
                       details="the excess is SGD's unfinished travel toward x* = −De_1 (phase 1 steps η/16, n/2 "
                               "samples), the term the printed 4G_2D/√n and 26-constant do not cover; mean ≤ 1.3 × "
                               "bound asserted (the corrected statement: same rate, larger constants)",
                       coverage="one pinned cell in the theorem's regime (β = 0 meets every β condition); the "
                                "readings of AU12.19 (η without /G_k, m := n) do not matter here: G_4 = 1.04 and "
                                "clipping at C_1 ≥ 7 is rare")
    return Outcome(Verdict.STATISTICAL, claimed="E excess ≤ printed bound at the pinned cell", computed=text,
                   margin=b - m, precision="one-sided t test")


def _eta(n, d, rho, k, G2, D=1.0):
    return min(math.sqrt(8 / n) * D / G2, (1 / n) * (n * n * rho / (32 * d)) ** ((k - 1) / (2 * k))
               * 2 ** ((k + 1) / (2 * k)) * D)


@check(f"{C12}.exp.H12_4.excess_vs_n", spec=f"{C12}.exp.H12_4", profile="full")
def _h124n(ctx):
    """n-exponent at the worst mean of each n, μ*(n) = 32/(nη(n)) (fixed point; the printed η's private branch is
    active on the whole ladder), where G_2, G_4 stay within a narrow band (the noise part of the law is fixed)."""
    d, rho, k, reps = 8, 0.01, 4, 8
    ns = [2 ** 14, 2 ** 15, 2 ** 16, 2 ** 17]
    rng = ctx.child_rng(127)
    samples, bounds, rows, G2s = [], [], [], []
    for n in ns:
        mu = 1.0
        for _ in range(20):
            mu = 32.0 / (n * _eta(n, d, rho, k, _moments(mu, d)[0]))
        exc, b, rp, eta, C = _cell(rng, n, d, rho, k, mu, reps)
        if rp > rho / 4 * (1 + 1e-12):
            raise AssertionError(f"per-phase zCDP {rp} > ρ/4")
        samples.append(exc); bounds.append(b); G2s.append(_moments(mu, d)[0])
        rows.append(f"n={n}: μ*={mu:.3f}, η={eta:.4g}, G_2={G2s[-1]:.3f}, mean excess {np.mean(exc):.4g} "
                    f"(bound {b:.4g}, 16D²/(ηn) = {16 / (eta * n):.4g})")
    # every law of the ladder lies in the class (G_2, G_4) = the ladder's maxima; the theorem's rate is for a fixed
    # class, so the theory exponent is the printed bound's local slope at those fixed constants
    G4s = [_moments(32.0 / (n * _eta(n, d, rho, k, g)), d)[1] for n, g in zip(ns, G2s)]
    cls = [_bound(n, d, rho, k, max(G2s), max(G4s)) for n in ns]
    th = float(np.polyfit(np.log(ns), np.log(cls), 1)[0])
    ci = slope_interval(ns, samples, ctx.child_rng(128))
    fig = loglog_figure(ctx, "excess_vs_n", ns, samples, ci, theory=th, competitor=-0.5, xlabel="n",
                        ylabel="excess population loss at μ*(n)", title="H12.4 Alg 43, linear GLM, k = 4")
    return rate_outcome(ci, theory=th, competitor=-0.5,
                        claim=f"Thm 12.8.2: E excess ≲ G_2D/√n + G_kD(√d/(n√ρ))^{{3/4}} (local slope of the printed "
                              f"bound at the class constants G_2 = {max(G2s):.3f}, G_4 = {max(G4s):.3f}: {th:+.3f} "
                              f"over n ∈ {ns})",
                        figure=fig, details="; ".join(rows),
                        coverage=f"n ∈ {ns}, μ = μ*(n) = 32/(nη) (worst mean; G_2 ∈ [{min(G2s):.2f}, {max(G2s):.2f}]), "
                                 f"d = {d}, ρ = {rho} (per-phase zCDP ρ/4 asserted), k = 4 (Pareto α = 4.5), {reps} "
                                 "replicates per n; η, C as printed (m := n); queries = 2^I − 1 asserted; competitor "
                                 "−1/2 is the non-private rate")
