"""Thesis 003 Ch. 9: concentration and coupling — explicit coupled sensitivity of Alg 28 (Lemma 9.3.5), nSG sums with
bounded vectors (Lemma 9.2.7), and Lemma 9.4.4 with its dropped constant (exact binomial tails)."""
from __future__ import annotations

import math
import numpy as np
from proofs_checks.framework import Outcome, Verdict, check
from reference.thesis.ch09.algorithms import concentration_score, selection_probabilities
from scipy import stats
from reference.core.testing import clopper_pearson


@check("003_ch09.lemma9_2_7.bounded_vectors", spec="003_ch09.lemma9_2_7")
def _l927(ctx):
    from reference.core.testing import clopper_pearson
    rng = ctx.rng
    rows, worst_hi = [], 0.0
    delta, N = 0.05, 1500
    c = math.sqrt(2)                                         # Pinelis (Hilbert-space Hoeffding) constant
    for d in (1, 10, 100):
        for n in (5, 50):
            sig = rng.uniform(0.2, 1.0, size=n)
            X = rng.standard_normal((N, n, d))
            X /= np.linalg.norm(X, axis=2, keepdims=True)
            X *= (sig * rng.choice([-1.0, 1.0], size=(N, n)))[..., None]       # ‖X_i‖ = σ_i, zero mean
            norms = np.linalg.norm(X.sum(axis=1), axis=1)
            thr = c * math.sqrt((sig ** 2).sum() * math.log(2 * d / delta))
            k = int((norms > thr).sum())
            lo, hi = clopper_pearson(k, N, 1e-6 / 6, side="upper")
            worst_hi = max(worst_hi, float(hi))
            rows.append(f"d={d}, n={n}: {k}/{N}")
    ok = worst_hi <= delta
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED,
                   claimed="‖Σ X_i‖ ≤ c√(Σσ_i² log(2d/δ)) w.p. ≥ 1−δ for independent zero-mean nSG(σ_i) (c unspecified)",
                   computed=f"bounded vectors (‖X_i‖ = σ_i), c = √2, δ = 0.05: violations {rows}; max CP upper = {worst_hi:.4f}",
                   margin=delta - worst_hi, precision="one-sided Clopper–Pearson, Bonferroni over 6 cases (1e-6 total)",
                   details="c = √2 is the Pinelis constant for bounded vectors; general nSG vectors not tested")


@check("003_ch09.lemma9_3_5.explicit_sensitivity", spec=("003_ch09.lemma9_3_5", "003_ch09.audit.AU9_7"))
def _l935(ctx):
    rng = ctx.rng
    worst, tested = 0.0, 0
    tau = 1.0
    for trial in range(1500):
        n = int(rng.integers(6, 40))
        d = int(rng.integers(1, 3))
        core = rng.normal(size=(n, d)) * rng.uniform(0.05, 0.6)
        out = int(rng.integers(0, max(1, n // 6)))
        core[:out] += rng.normal(size=(out, d)) * rng.uniform(1, 3)          # some outliers
        Dp = core.copy()
        Dp[0] = core[0] + rng.normal(size=d) * rng.uniform(0.1, 4)          # user 1 replaced
        if min(concentration_score(core, tau), concentration_score(Dp, tau)) < 0.7 * n:
            continue                                                         # both pass the AboveThreshold check
        tested += 1
        p, pp = selection_probabilities(core, 2 * tau), selection_probabilities(Dp, 2 * tau)
        U = rng.random(n)                                                     # coordinatewise maximal coupling
        S, Sp = U < p, U < pp
        if not S.any() or not Sp.any():
            continue
        g, gp = core[S].mean(axis=0), Dp[Sp].mean(axis=0)
        K = int((S != Sp).sum()) + int(S[0] and Sp[0])                        # user 1 counts if kept in both
        worst = max(worst, float(np.linalg.norm(g - gp)) / (24 * tau * max(K, 1e-300) / n) if K else
                    (0.0 if np.allclose(g, gp) else np.inf))
    ok = worst <= 1 + 1e-12 and tested > 100
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="conditional on both passing: ‖g − g'‖ ≤ 24τ·K/n, K = |S△S'| (+1 if user 1 is kept in both) "
                           "(explicit version of Lemma 9.3.5: diameter ≤ 8τ, |S'| ≥ 2n/3)",
                   computed=f"{tested} random neighbouring configurations with s ≥ 0.7n: max ‖g−g'‖/(24τK/n) = {worst:.3f}",
                   margin=1 - worst, precision="random search (not a proof)",
                   details="P(K ≥ k_ζ) ≤ ζ is Lemma 9.3.4 (checked separately, 003_ch09.lemma9_3_4)")


@check("003_ch09.lemma9_4_4.exact_binomial", spec=("003_ch09.lemma9_4_4", "003_ch09.audit.AU9_12"))
def _l944(ctx):
    # ℓ(θ; z) = G|θ − z| (d = 1), z ~ N(0,1), θ = 0: ∇L_P(0) = 0 and a user's gradient is G·(mean of m random signs).
    n, d, m, gamma, G = 2, 1, 4, 0.99, 1.0
    thr = G * math.log(n * d / gamma) / math.sqrt(m)          # claimed deviation bound
    # P(|mean of m signs| > thr/G) exactly: S = 2·Bin(m, 1/2) − m
    ks = np.arange(m + 1)
    pm = stats.binom.pmf(ks, m, 0.5)
    fail = float(pm[np.abs(2 * ks - m) / m > thr / G].sum())
    if not fail > gamma / n:
        return Outcome(Verdict.FAILED, computed=f"{fail} vs {gamma / n}")
    return Outcome(Verdict.ERRATUM, claimed="w.p. ≥ 1 − γ/n: ‖∇ℓ̂(θ;Z_i) − ∇L̂_P(θ)‖ ≤ G log(nd/γ)/√m (Lemma 9.4.4)",
                   computed=f"P(deviation > {thr:.4f}) = {fail:.4f} > γ/n = {gamma / n:.4f}", precision="exact binomial",
                   counterexample=f"ℓ(θ;z) = G|θ − z|, z ~ N(0,1), θ = 0 (r → 0), n = 2, d = 1, m = 4, γ = 0.99: the user "
                                  f"gradient is G·(mean of 4 random signs); P(|mean| > log(2/0.99)/2 = {thr:.3f}) = "
                                  f"{fail:.3f} > γ/n = 0.495 (the constant of Lemma 9.2.7 was dropped, AU9.12). With smoothing radius r ≤ 1e-3 the "
                                  "smoothed gradients differ from the signs only if some |z_j| < r (prob. ≤ 4·2r/√(2π) < 0.004).")


@check("003_ch09.lemma9_4_4.corrected", spec=("003_ch09.lemma9_4_4", "003_ch09.audit.AU9_12"))
def _l944c(ctx):
    worst = 0.0
    for n in (1, 2, 10, 100):
        for m in (1, 4, 16, 100, 1000):
            for gamma in (0.99, 0.5, 0.01, 1e-6):
                thr = math.sqrt(2 * math.log(2 * n / gamma) / m)    # d = 1 corrected radius (Hoeffding)
                ks = np.arange(m + 1)
                pm = stats.binom.pmf(ks, m, 0.5)
                fail = float(pm[np.abs(2 * ks - m) / m > thr].sum())
                worst = max(worst, fail / (gamma / n))
    ok = worst <= 1
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="corrected (bounded gradients, per coordinate): ≤ G√(2 d log(2dn/γ)/m) w.p. ≥ 1 − γ/n",
                   computed=f"d = 1 exact binomial tails on a grid: max P(fail)/(γ/n) = {worst:.3f}", margin=1 - worst,
                   precision="exact binomial (d = 1); d > 1 follows by a union bound over coordinates (not re-checked)")
