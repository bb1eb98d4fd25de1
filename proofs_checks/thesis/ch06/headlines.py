"""Thesis 003 Ch. 6 headline H6.1 (Thm 6.3.9, L5285): Alg. 17 with the private full-batch oracles (6.2), end to end,
private and accounted, with the shared slope protocol (proofs_checks.experiments)."""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import loglog_figure, slope_interval
from proofs_checks.framework import check, fail, partial
from reference.core.accounting import gdp_compose, gdp_delta
from reference.core.oracles import QueryCounter
from reference.thesis.ch06 import spider as spd

_EPS, _DL, _D, _B, _G, _M, _RHO, _PREFIX = 1.0, 1e-6, 2, 1.0, 1.5, 1.0, 1.0, 300


def _gradF(x):
    return np.array([-math.sin(x[0]), x[1]])                       # F_D = cos(x1) + x2²/2 (symmetric data: the
                                                                    # data term cancels), strict saddle at 0


def _run(n, seed):
    rng = np.random.default_rng(seed)
    a = math.sqrt(_D * math.log(1 / _DL)) / (n * _EPS)
    kappa = _G ** (4 / 3) * _B ** (1 / 3) * _M ** (-5 / 3) * a ** (2 / 3)   # κ of Thm 6.3.9
    alpha1 = (_B * _G * _M) ** (1 / 3) * a ** (2 / 3)                         # α1 without its polylog
    T = math.ceil(_B * _M / alpha1 ** 2)                                       # T = BM/γ² without log⁴ (scaled)
    eta = 1 / _M
    K = math.ceil(4 * _B * eta / kappa) + 1                                    # Lemma 6.3.7's count, constant 4
    Gam = max(1, math.ceil(_M / math.sqrt(_RHO * alpha1)))
    E = math.ceil(T / Gam) + 1
    s1, s2, _ = spd.calibrate_spider_sigmas(G=_G, M=_M, n=n, K_max=K, N_esc=E, T=T, epsilon=_EPS, delta=_DL)
    # independent accounting of the calibrated noise: the worst-case sequence (caps) composed by the core accountant
    mu = float(gdp_compose([2 * _G / (n * s1)] * (K + E) + [2 * _M / (n * s2)] * T))
    priv = float(gdp_delta(_EPS, mu))
    gam = math.sqrt(_D * (s2 ** 2 * kappa + 4 * s1 ** 2))
    z = rng.uniform(-0.3, 0.3, (n // 2, _D))
    data = list(np.vstack([z, -z]))
    cache = {}

    def psg(x, zz):
        k = x.tobytes()
        if k not in cache:
            cache.clear()
            cache[k] = _gradF(x)
        return cache[k] + zz

    counter = QueryCounter()
    O1, O2, full = spd.empirical_private_oracles(psg, data, sigma1=s1, sigma2=s2, rng=rng, counter=counter)
    r = spd.stochastic_spider(O1, O2, np.array([1e-3, 0.5]), eta=eta, kappa=kappa, T=min(T, _PREFIX), Gamma=Gam,
                              escape_threshold=gam, escape_sd=gam / math.sqrt(_D), rng=rng, max_refresh=K, max_escape=E)
    calls = full.calls
    if calls != r["n_refresh"] + r["n_escape"] + 2 * r["n_o2"]:
        raise AssertionError(f"full-gradient calls {calls} != #O1 + #escape + 2#O2")
    level = min(max(float(np.linalg.norm(_gradF(x))), max(0.0, math.cos(x[0])) ** 2 / _RHO) for x in r["xs"])
    return level, dict(T=T, K=K, E=E, iters=len(r["xs"]), alpha1=alpha1, gamma=gam, delta=priv)


@check("003_ch06.exp.E1.scaled_run", spec="003_ch06.exp.E1", profile="full")
def _h61(ctx):
    ns, R = [100, 300, 1000, 2000], 8
    samples, info = [], []
    for i, n in enumerate(ns):
        out = [_run(n, 100 * i + k) for k in range(R)]
        samples.append([o[0] for o in out])
        info.append(out[0][1] | dict(iters=float(np.median([o[1]["iters"] for o in out]))))
    if any(v["delta"] > _DL * (1 + 1e-9) for v in info):
        return fail("each run (ε, δ)-DP by the core accountant at the caps", str(info))
    ci = slope_interval(ns, samples, ctx.child_rng(0))
    fig = loglog_figure(ctx, "alpha_vs_n", ns, samples, ci, theory=-2 / 3, competitor=-1 / 2, xlabel="n (ε = 1)",
                        ylabel="min_i SOSP level of F_D")
    means = [float(np.mean(s)) for s in samples]
    ratio = [m / v["alpha1"] for m, v in zip(means, info)]
    out = partial(claimed="Thm 6.3.9 (L5285): some iterate of Alg. 17 with the (ε, δ)-DP oracles (6.2) is an α1-SOSP of F_D, "
                          "α1 = Õ((√(dBGM) log(1/δ)/(nε))^(2/3)) (slope −2/3 in n; competitor −1/2, the prior (√d/(nε))^(1/2))",
                  computed=f"{ci}; mean levels {[round(m, 4) for m in means]} = {[round(x, 1) for x in ratio]} × α1 "
                           f"(α1 = {[round(v['alpha1'], 4) for v in info]}); gradient-error floor γ = "
                           f"{[round(v['gamma'], 3) for v in info]}; T = {[v['T'] for v in info]}, caps K = "
                           f"{[v['K'] for v in info]}, median iterations run {[v['iters'] for v in info]}; every run "
                           f"(ε, δ)-DP: δ(ε) at the caps = {max(v['delta'] for v in info) / _DL:.9f}·δ (core gdp_delta)",
                  coverage=f"scaled regime: n ∈ {ns}, ε = 1, δ = 1e-6, d = 2, {R} replicates; T = BM/α1² without log⁴, "
                           f"refresh cap 4Bη/κ + 1 (Lemma 6.3.7 with constant 4), escape threshold γ = √(d(σ2²κ + 4σ1²)) "
                           f"without log³, only the first {_PREFIX} iterations (an upper bound on the run's best level); "
                           f"missing: the gradient-error floor γ exceeds the target α1 by "
                           f"{min(v['gamma'] / v['alpha1'] for v in info):.0f}–{max(v['gamma'] / v['alpha1'] for v in info):.0f}× "
                           "at these n, so the run is noise-dominated search over the iterates, not the analysed regime; "
                           "the measured levels stay within a constant of α1 (the upper bound is consistent) but the slope "
                           "interval is not accepted as the theorem's rate (γ < α1 needs far larger nε, each step a "
                           "full-batch pass of n gradients)",
                  margin=None, precision="95% bootstrap slope interval (2000 resamples)")
    out.artifacts = [fig] if fig else []
    return out
