"""Property checks of 002 along actual runs and on random states: Lemma 5.9 with adversarial noise, (11), and
small audit notes (AUD-12, AUD-15, AUD-23)."""
from __future__ import annotations

import math

import numpy as np
import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from reference.srgd.algorithm import accelerated_dp_srgd
from reference.srgd.problems import MeanEstimation


@check("002.lemma5_9.property", spec="002.lemma5_9", profile="quick")
def _l59_prop(ctx):
    """Deterministic sensitivity bound for ANY noise with ‖b_t‖ <= b_max (adversarial, aligned with ±∇_t or random):
    ‖Δ_t(d)‖ <= 2(M b_max + 2MR + L) with β >= 2MT, η_t = t+1."""
    rng = ctx.rng
    worst = 0.0
    runs = 0
    for trial in range(30):
        p = int(rng.integers(1, 4)); T = int(rng.choice([4, 8, 16])); B = int(rng.choice([1, 2, 4]))
        r = 0.5
        atoms = rng.uniform(-2, 2, size=(4, p))
        prob = MeanEstimation(atoms)                      # per-example f = ½‖x − d‖²: M = 1, L = r + max‖d‖ on 𝒞
        M, L = 1.0, prob.lipschitz(r)
        beta = 2 * M * T * float(rng.choice([1.0, 1.5, 4.0]))
        bmax = float(rng.choice([0.0, 0.05, 0.3]))
        mode = trial % 3
        b = rng.normal(size=(T, p)); b = bmax * b / np.linalg.norm(b, axis=1, keepdims=True)
        if mode > 0:                                      # adversarial: aligned with ±∇ of a pilot run
            pilot = accelerated_dp_srgd(prob.grad, prob.sample(T * B, rng), T=T, B=B, beta=beta, radius=r, p=p)
            g = pilot.grad_est / np.maximum(np.linalg.norm(pilot.grad_est, axis=1, keepdims=True), 1e-300)
            b = (1 if mode == 1 else -1) * bmax * g
        data = prob.sample(T * B, rng)
        res = accelerated_dp_srgd(prob.grad, data, T=T, B=B, beta=beta, radius=r, p=p, b=b)
        # R in the lemma: ‖x_t − x_{t−1}‖-type bounds use the diameter 2r (AUD-8)
        K = M * bmax + 2 * M * (2 * r) + L
        worst = max(worst, float(res.max_example_delta.max()) / (2 * K))
        runs += 1
    if worst > 1:
        return fail("‖Δ_t(d)‖ <= 2K", str(worst))
    return Outcome(Verdict.NUMERIC, claimed="Lemma 5.9: ‖b_t‖ <= b_max, η_t = t+1, β >= 2MT ⇒ ‖Δ_t(d)‖ <= 2(M b_max + 2MR + L)",
                   computed=f"{runs} runs (random and ±∇-aligned noise of norm b_max): max ‖Δ_t(d)‖/(2K) = {worst:.3f}",
                   margin=1 - worst, precision="float64 runs",
                   details="P1 with atoms in [−2, 2]^p, 𝒞 = B(0, 0.5) (R read as diameter 1)")


@check("002.eq11.property", spec="002.eq11", profile="quick")
def _eq11(ctx):
    rng = ctx.rng
    worst = 0.0; worst_sharp = 0.0
    for _ in range(5000):
        p = 3; r = 1.0
        x = rng.normal(size=p); x *= min(1, r / np.linalg.norm(x)) * rng.uniform(0, 1)
        g = rng.normal(size=p) * rng.uniform(0, 5); b = rng.normal(size=p) * rng.uniform(0, 1)
        eta = float(rng.integers(1, 50)); beta = float(np.exp(rng.uniform(-1, 3)))
        yp = x - g / beta + b / eta
        y = yp * min(1, r / np.linalg.norm(yp))
        d = np.linalg.norm(y - yp)
        worst = max(worst, d / (2 * np.linalg.norm(g) / beta + 2 * np.linalg.norm(b) / eta + 1e-300))
        worst_sharp = max(worst_sharp, d / (np.linalg.norm(g / beta - b / eta) + 1e-300))
    if worst > 1 + 1e-12 or worst_sharp > 1 + 1e-12:
        return fail("(11)", f"{worst}, {worst_sharp}")
    return Outcome(Verdict.NUMERIC, claimed="(11): ‖y_{t+1} − y'_{t+1}‖ <= 2‖∇_t‖/β + 2‖b_t‖/η_t, and the sharper "
                   "<= ‖∇_t/β − b_t/η_t‖ (x_t ∈ 𝒞)", computed=f"5000 random states: max ratios {worst:.3f} and {worst_sharp:.3f}",
                   margin=1 - worst_sharp, precision="float64")


@check("002.audit.AUD-12.decomposition", spec="002.audit.AUD-12", profile="quick")
def _aud12(ctx):
    eta, etam = sp.Symbol("eta_t"), sp.Symbol("eta_tm1")
    gt, gm = sp.symbols("g_t g_tm1")                      # ∇f(x_t, d), ∇f(x_{t−1}, d) (one coordinate)
    true = eta * gt - etam * gm
    printed = eta * (gt - gm) + (eta - etam) * gt
    correct = eta * (gt - gm) + (eta - etam) * gm
    d_pr = sp.simplify(printed - true); d_co = sp.simplify(correct - true)
    if d_co != 0 or d_pr == 0:
        return fail("decomposition", f"{d_pr}, {d_co}")
    return erratum(claimed="l.466 / l.600: Δ_t(d) = η_t(∇f(x_t,d) − ∇f(x_{t−1},d)) + (η_t − η_{t−1})∇f(x_t, d)",
                   computed=f"printed − Δ_t(d) = {sp.factor(d_pr)}; with ∇f(x_{{t−1}}, d) in the last term the difference is 0 "
                            "(the norm bound η_tM‖x_t − x_{t−1}‖ + (η_t − η_{t−1})L is unaffected)",
                   counterexample="η_t = 2, η_{t−1} = 1, ∇f(x_t,d) = 1, ∇f(x_{t−1},d) = 0: printed 3 ≠ Δ_t(d) = 2",
                   margin=-1, precision="sympy exact")


@check("002.audit.AUD-15.sqrt_max", spec="002.audit.AUD-15", profile="quick")
def _aud15(ctx):
    a = sp.Symbol("a", positive=True)
    gap = sp.simplify(1 / sp.sqrt(sp.Max(1, a)) - 1 / sp.Max(1, a))
    v = gap.subs(a, 4)
    if not v > 0:
        return fail("gap", str(v))
    return erratum(claimed="l.428 / l.496 replace 1/√max{1, √p/(ε√n)} by 1/max{1, √p/(ε√n)} inside an upper bound",
                   computed="1/√max{1,a} − 1/max{1,a} > 0 for a > 1: the replacement decreases the bound (not valid)",
                   counterexample=f"a = √p/(ε√n) = 4: 1/√4 = 0.5 > 1/4 = 0.25 (gap {v})", margin=-float(v),
                   precision="sympy exact", details="harmless downstream once bounded by 1 (l.497)")


@check("002.audit.AUD-23.y_noise", spec="002.audit.AUD-23", profile="quick")
def _aud23(ctx):
    rng = ctx.rng
    p, T, B = 2, 6, 2
    prob = MeanEstimation(rng.uniform(-0.1, 0.1, size=(3, p)))
    b = rng.normal(size=(T, p)) * 0.01
    res = accelerated_dp_srgd(prob.grad, prob.sample(T * B, rng), T=T, B=B, beta=50.0, radius=100.0, p=p, b=b)
    errs_alg, errs_pr = [], []
    for t in range(1, T + 1):                  # y_t − x_{t−1} + ∇_{t−1}/β (no projection active: radius 100)
        resid = res.y[t] - res.x[t - 1] + res.grad_est[t - 1] / 50.0
        errs_alg.append(np.linalg.norm(resid - b[t - 1] / t))          # η_{t−1} = t
        errs_pr.append(np.linalg.norm(resid - b[t - 1] / (t + 1)))     # l.481 writes η_t = t+1
    if max(errs_alg) > 1e-12 or max(errs_pr) < 1e-6:
        return fail("y noise scale", f"{errs_alg}, {errs_pr}")
    return erratum(claimed="l.481 / l.608: the noise in y_t − x_{t−1} is b_{t−1}/η_t",
                   computed=f"along an unprojected run: residual matches b_{{t−1}}/η_{{t−1}} to {max(errs_alg):.1e}, and "
                            f"differs from b_{{t−1}}/η_t by up to {max(errs_pr):.2e}",
                   counterexample=f"t = 1: η_0 = 1 vs η_1 = 2 — the y-step noise is b_0, not b_0/2 "
                                  f"(difference {errs_pr[0]:.2e})", margin=-max(errs_pr),
                   precision="float64", details="the bound ‖·‖ <= b_max/(t+1)·… still holds up to the factor (t+1)/t")
