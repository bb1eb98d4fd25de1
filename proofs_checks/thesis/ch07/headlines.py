"""Thesis 003 Ch. 7 headline (H7.1, Thm 7.3.11, L6025): Alg. 21/22 end to end, private, single pass, with the shared
slope protocol (proofs_checks.experiments)."""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import loglog_figure, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from reference.core.accounting import gdp_delta
from reference.thesis.ch07 import spider_tree as st_

_EPS, _DL, _D, _B, _G, _M, _RHO = 0.02, 1e-6, 2, 1.0, 1.2, 1.0, 1.0


def _gradF(x):
    return np.array([-math.sin(x[0]), x[1]])                       # F_P = cos(x1) + x2²/2: strict saddle at 0


def _sosp_level(x):
    """α(x) = max(‖∇F_P(x)‖, (smin⁻)²/ρ): x is an α-SOSP iff α(x) <= α (Def 7.1.2)."""
    return max(float(np.linalg.norm(_gradF(x))), max(0.0, math.cos(x[0])) ** 2 / _RHO)


def _run(n, seed, sigma_kind):
    rng = np.random.default_rng(seed)
    alpha = (math.sqrt(_D) / (n * _EPS)) ** 0.5                    # Thm 7.3.11's private term (the one that dominates
    kappa = max(alpha * math.sqrt(_D) / _EPS, (_B * _G * _M) ** (1 / 3))   # here: n < (√d/ε)³ = 3.5e5)
    T = n                                                            # single pass: stops when the stream is exhausted
    if sigma_kind == "private":
        sigma = st_.alg21_sigma(G=_G, M=_M, eta=1 / _M, alpha=alpha, epsilon=_EPS, delta=_DL, d=_D, T=T, kappa=kappa)
    else:
        sigma = alpha / math.sqrt(_D)                               # σ = α/√d as printed in Thm 7.3.11
    data = list(rng.uniform(-0.3, 0.3, (n, _D)))                    # E z = 0: ∇F_P = ∇F exactly
    r = st_.adaptive_batch_spider(lambda x, z: _gradF(x) + z, data, np.array([1e-3, 0.5]), G=_G, M=_M, eta=1 / _M,
                                  kappa=kappa, T=T, Gamma=max(1, math.ceil(_M / math.sqrt(_RHO * alpha))),
                                  escape_threshold=alpha, zeta=alpha, alpha=alpha, epsilon=_EPS, sigma=sigma, rng=rng)
    used = r["b"] * r["n_o1"] + sum(r["bts"])
    if not (used == r["samples_used"] <= n and r["gradient_evaluations"] == r["b"] * r["n_o1"] + 2 * sum(r["bts"])):
        raise AssertionError(f"sample / gradient counts differ from b·#O1 + Σb_t: {used}, {r['samples_used']}")
    level = min(_sosp_level(x) for x in r["xs"]) if r["xs"] else float("inf")
    L = math.ceil(math.log2(T))
    mu = max(r["sens"]) * math.sqrt(L + 1) / sigma
    return level, len(r["xs"]), alpha, sigma, float(gdp_delta(_EPS, mu)), math.ceil(_B * _M / alpha ** 2)


@check("003_ch07.exp.E1.private_run", spec=("003_ch07.exp.E1", "003_ch07.thm7_3_11"), profile="full")
def _h71(ctx):
    ns = [3000, 10000, 30000, 100000]
    R = 8
    priv, prt, rows = [], [], []
    for i, n in enumerate(ns):
        a = [_run(n, 1000 * i + k, "private") for k in range(R)]
        b = [_run(n, 5000 + 1000 * i + k, "printed") for k in range(R // 2)]      # contrast only: 4 replicates
        priv.append([v[0] for v in a])
        prt.append([v[0] for v in b])
        rows.append(dict(n=n, alpha=a[0][2], s_priv=a[0][3], s_prt=b[0][3], steps_priv=float(np.median([v[1] for v in a])),
                         steps_prt=float(np.median([v[1] for v in b])), T_need=a[0][5],
                         d_priv=max(v[4] for v in a), d_prt=min(v[4] for v in b)))
    ci_p = slope_interval(ns, priv, ctx.child_rng(0))
    ci_q = slope_interval(ns, prt, ctx.child_rng(1))
    fig = loglog_figure(ctx, "sosp_level_vs_n_private", ns, priv, ci_p, theory=-0.5, competitor=-1 / 3, xlabel="n",
                        ylabel="min_i SOSP level of F_P (private σ)")
    loglog_figure(ctx, "sosp_level_vs_n_printed_sigma", ns, prt, ci_q, theory=-0.5, competitor=-1 / 3, xlabel="n",
                  ylabel="min_i SOSP level of F_P (printed σ = α/√d, not private)")
    if any(r["d_priv"] > _DL * (1 + 1e-9) for r in rows):
        return fail("the private runs are (ε, δ)-DP", str(rows))
    infeasible = all(r["steps_priv"] < 0.1 * r["T_need"] for r in rows)
    not_private = all(r["d_prt"] > _DL for r in rows)
    for r, s_ in zip(rows, priv):
        r["ratio"] = float(np.mean(s_)) / r["alpha"]
    table = "; ".join(f"n={r['n']}: mean level/α = {r['ratio']:.2f} (private), α={r['alpha']:.3g}, σ_private={r['s_priv']:.3g} vs printed α/√d={r['s_prt']:.3g} "
                      f"(δ(ε) = {r['d_prt']:.2g}); median steps {r['steps_priv']:.0f} (private) / {r['steps_prt']:.0f} "
                      f"(printed σ) of T ≈ BM/α² = {r['T_need']}" for r in rows)
    text = (f"private σ: {ci_p}, means {[round(float(np.mean(s)), 4) for s in priv]}; printed σ: {ci_q}, means "
            f"{[round(float(np.mean(s)), 4) for s in prt]}. {table}")
    if infeasible and not_private:
        out = erratum(claimed="Thm 7.3.11 (L6025): Alg. 21 with σ = α/√d and the printed b, b_t, κ is (ε, δ)-DP and finds an "
                               "Õ(α)-SOSP, α ∝ (√d/(nε))^(1/2) in the private regime (slope −1/2 in n; competitor −1/3)",
                       computed=text,
                       counterexample=f"ε = {_EPS}, δ = {_DL}, d = {_D}, n = 1e5: the printed σ = α/√d = {rows[-1]['s_prt']:.3g} "
                                      f"gives δ(ε) = {rows[-1]['d_prt']:.2g} ≫ δ (replace-one leaf sensitivities, "
                                      f"⌈log2 T⌉+1 nodes); with the σ privacy needs ({rows[-1]['s_priv']:.3g}) the single pass "
                                      f"stops after {rows[-1]['steps_priv']:.0f} of the ≈ {rows[-1]['T_need']} steps the "
                                      f"analysis needs (each O1 call takes b = G√d/(εα) + G²/α² samples and the tree noise "
                                      f"drives the drift past κ every few steps); the private slope interval is reported, "
                                      f"but with a few dozen noise-dominated steps it measures random search, not the "
                                      f"analysed descent",
                       margin=-1.0, precision="95% bootstrap slope intervals (2000 resamples); exact GDP (core gdp_delta)",
                       details=f"{R} replicates per n ∈ {ns} (printed-σ contrast: {R // 2}); F_P = cos(x1) + x2²/2, ∇f = ∇F_P + z, z ~ U[−0.3, 0.3]²; "
                               "b, b_t (from ∇̃_(t−1), AU33), κ = max{α√d/ε, (BGM)^(1/3)}, fresh corrected tree per epoch; "
                               "samples used = b·#O1 + Σb_t and per-sample gradients = b·#O1 + 2Σb_t asserted on every run")
        out.artifacts = [fig] if fig else []
        return out
    return Outcome(Verdict.PARTIAL, claimed="Thm 7.3.11 rate", computed=text,
                   coverage=f"n ∈ {ns}, {R} replicates; private runs feasible={not infeasible}, printed σ private={not not_private}",
                   artifacts=[fig] if fig else [])
