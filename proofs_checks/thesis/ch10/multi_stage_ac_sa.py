"""Lemma 10.8.4 ([GL13a] Prop 7) on the multi-stage AC-SA stand-in (P10.2): quadratics, Gaussian gradient noise."""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check
from reference.core.oracles import QueryCounter
from reference.thesis.ch10.accelerated import multi_stage_ac_sa

C10 = "003_ch10"


def _run(kappa: float, sigma2: float, K: int, rng, d: int = 6):
    lam, beta = 1.0 / kappa, 1.0
    A = np.diag(np.geomspace(lam, beta, d))
    x0 = np.full(d, 2.0)
    V0 = 0.5 * float(x0 @ A @ x0)
    tr, cnt = [], QueryCounter()
    multi_stage_ac_sa(lambda x: A @ x + math.sqrt(sigma2 / d) * rng.standard_normal(d), x0, mu=lam, beta=beta, V0=V0,
                      sigma2=sigma2, K=K, project=lambda x: x, counter=cnt, trace=tr)
    T, out = 0, []
    for t in tr:
        T += t["N"]
        out.append((T, 0.5 * float(t["p"] @ A @ t["p"]), V0 * 2.0 ** -t["k"]))
    assert cnt.calls == T
    return V0, lam, beta, out


@check(f"{C10}.lemma10_8_4.multi_stage_quadratics", spec=(f"{C10}.lemma10_8_4", f"{C10}.algP10_2"))
def _l1084(ctx):
    rng = ctx.rng
    reps = 12 if ctx.full else 4
    rows, worst_stage, worst_noise, c_exp = [], 0.0, 0.0, []
    for kappa in ((10.0, 100.0, 1000.0) if ctx.full else (10.0, 100.0)):
        # noiseless: fit the decay exponent c in gap ≈ V0·exp(−c T √(λ/β)) over the stages
        V0, lam, beta, out = _run(kappa, 0.0, 6, rng)
        xs = [T * math.sqrt(lam / beta) for T, g, _ in out if g > 1e-13 * V0]
        ys = [math.log(g / V0) for T, g, _ in out if g > 1e-13 * V0]
        if len(xs) >= 2:
            c_exp.append(-np.polyfit(xs, ys, 1)[0])
        worst_stage = max(worst_stage, max(g / vk for _, g, vk in out))
        # noisy: mean gap after K stages vs σ²/(λT)
        for sigma2 in ((1e-4, 1e-2) if (ctx.full or kappa < 50) else (1e-4,)):
            K = 6
            gaps = []
            for _ in range(reps):
                _, _, _, o = _run(kappa, sigma2, K, rng)
                gaps.append(o[-1][1])
                worst_stage = max(worst_stage, max(g / vk for _, g, vk in o))
            T = o[-1][0]
            ratio = float(np.mean(gaps)) / (sigma2 / (lam * T) + V0 * math.exp(-T * math.sqrt(lam / beta)))
            worst_noise = max(worst_noise, ratio)
            rows.append(f"κ={kappa:g}, σ²={sigma2:g}: T={T}, mean gap/(σ²/(λT) + V0e^{{−T√(λ/β)}}) = {ratio:.3g}")
    # the stand-in's own guarantee E gap ≤ V0 2^{−k} is tested per stage (mean over runs would be tighter; a single
    # run exceeding it by > 4x would be a failure of the scheme)
    ok = worst_stage <= 4.0 and worst_noise <= 100.0
    c_min = min(c_exp)
    return Outcome(Verdict.PARTIAL if ok else Verdict.FAILED,
                   claimed="E[F̂(x^T) − min F̂] ≲ [F̂(x^0) − min F̂]exp(−T√(λ/β)) + V²/(λT) (Lemma 10.8.4, multi-stage "
                           "AC-SA)",
                   computed="; ".join(rows) + f"; noiseless decay exponents c (gap ≈ V0 e^{{−cT√(λ/β)}}) = "
                            f"{[round(float(c), 3) for c in c_exp]}; max single-run gap/V0·2^{{−k}} = {worst_stage:.3g}; "
                            f"max noisy ratio = {worst_noise:.3g}",
                   precision=f"{reps} runs per noisy cell, fixed seeds; d = 6 quadratics, spectrum geometric in [λ, β]",
                   coverage=f"the [stand-in] scheme meets its stage guarantee V0 2^{{−k}} and the V²/(λT) term with a "
                            f"bounded constant (≤ {worst_noise:.2g}) over κ ∈ {{10, 100}} (full: +1000), σ² ∈ {{1e-4, 1e-2}} (quick: κ = 100 only at 1e-4); the "
                            f"deterministic term decays as exp(−cT√(λ/β)) with c ≈ {c_min:.2f}, not with the printed "
                            f"constant 1 in the exponent (an O(·) in the exponent is not an absolute factor), so the "
                            f"printed form is not established for this scheme; GL13a's own scheme is not available here")
