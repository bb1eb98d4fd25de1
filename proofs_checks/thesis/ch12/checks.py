"""Checks for thesis 003, chapter 12 (heavy-tailed private SCO via simple reductions; seed L8603-9832)."""
from __future__ import annotations

import math

import numpy as np
import sympy as sp
from scipy import stats

from proofs_checks.framework import Outcome, Verdict, check
from reference.core.accounting import gdp_delta, zcdp_to_dp
from reference.thesis.ch12.algorithms import (a42_phase_indices, aggregate_ch12, blap_mechanism_delta,
                                              population_localize)

C12 = "003_ch12"


# ---------------------------------------------------------------- Fact 12.2.8 / AU12.1 / Lemma 12.6.4
@check(f"{C12}.fact12_2_8.middle_inequality", spec=(f"{C12}.fact12_2_8", f"{C12}.audit.AU12_1", f"{C12}.lemma12_6_4"))
def _fact1228(ctx):
    C, p, e, k = 1.0, 0.5, 0.1, 3
    t = C * (1 + e)                                # ‖X‖ = t w.p. p, 0 otherwise
    Gk = p * t ** k                                # G^k = E‖X‖^k
    middle = p * t                                 # E‖X‖1{‖X‖ ≥ C} (also E L̄1{L̄ > C}: strict, t > C)
    claim = Gk / ((k - 1) * C ** (k - 1))
    outer = p * (t - C)                            # E‖Π_C X − X‖ = E(‖X‖ − C)_+
    if not (middle > claim and outer <= claim):
        return Outcome(Verdict.FAILED, computed=f"{middle} {claim} {outer}")
    return Outcome(Verdict.ERRATUM, claimed="E‖Π_C(X) − X‖ ≤ E[‖X‖1{‖X‖≥C}] ≤ G^k/((k−1)C^{k−1}) (Fact 12.2.8, used "
                   "by Lemma 12.6.4 as E[L̄1{L̄>C}] ≤ G_k^k/((k−1)C^{k−1}))",
                   computed=f"two-point law: middle = {middle:.4f} > bound {claim:.4f}; outer = {outer:.4f} ≤ bound",
                   precision="exact", margin=claim - middle,
                   counterexample="k = 3, C = 1, ‖X‖ = 1.1 w.p. 1/2 else 0 (G³ = 0.6655): E‖X‖1{‖X‖ ≥ C} = 0.55 > "
                                  "G³/(2C²) = 0.333. For Lemma 12.6.4: f(x;s) = L̄_s⟨u,x⟩ with this law of L̄ gives "
                                  "F_P − F_P^C with Lipschitz constant 0.55 > 0.333.")


@check(f"{C12}.fact12_2_8.corrected", spec=(f"{C12}.fact12_2_8", f"{C12}.audit.AU12_1", f"{C12}.lemma12_6_4"))
def _fact1228c(ctx):
    u, k = sp.symbols("u k", positive=True)
    # pointwise in u = ‖X‖/C ≥ 1: (u − 1) ≤ u^k/(k−1) and u ≤ u^k; both are equalities-or-better at u = 1 and the
    # right sides grow faster (derivative k u^{k−1}/(k−1) ≥ 1 and k u^{k−1} ≥ 1 for u ≥ 1, k > 1).
    d1 = sp.simplify(sp.diff(u ** k / (k - 1) - (u - 1), u))
    d2 = sp.simplify(sp.diff(u ** k - u, u))
    at1 = (sp.simplify((u ** k / (k - 1) - (u - 1)).subs(u, 1)), sp.simplify((u ** k - u).subs(u, 1)))
    rng = ctx.rng
    worst = -np.inf
    for trial in range(2000):
        kk = float(rng.uniform(1.05, 8))
        m = int(rng.integers(1, 6))
        vals = rng.exponential(1.0, size=m) * rng.choice([0.3, 1, 3])
        probs = rng.dirichlet(np.ones(m))
        CC = float(rng.uniform(0.1, 3))
        Gk = float(probs @ vals ** kk)
        outer = float(probs @ np.maximum(vals - CC, 0))
        middle = float(probs @ (vals * (vals >= CC)))
        worst = max(worst, outer / (Gk / ((kk - 1) * CC ** (kk - 1))), middle / (Gk / CC ** (kk - 1)))
    ok = at1 == (1 / (k - 1), 0) and worst <= 1 + 1e-12
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="corrected: E(‖X‖−C)_+ ≤ G^k/((k−1)C^{k−1}) and E‖X‖1{‖X‖≥C} ≤ G^k/C^{k−1}",
                   computed=f"pointwise: d/du[u^k/(k−1) − (u−1)] = {d1}, d/du[u^k − u] = {d2} (≥ 0 for u ≥ 1), values at "
                            f"u = 1: {at1}; random discrete laws: max ratio {worst:.4f}",
                   precision="sympy derivative argument + 2000 random discrete laws")


# ---------------------------------------------------------------- Prop 12.3.7 / AU12.6 population localization
def _localize_instance(G, D, Delta, I, lam):
    # F_P(x) = G|x| on X = [0, D], F* = 0, x_0 = D; x_i* = max(0, x_{i−1} − G/λ_i); adversary: x_i = x_i* + radius
    def choose(i, x, lam_i, radius):
        xs = max(0.0, float(x[0]) - G / lam_i)
        return np.array([min(D, xs + radius)])
    xI = population_localize(np.array([D]), choose, lam=lam, I=I, Delta=Delta)
    return G * abs(float(xI[0]))


@check(f"{C12}.prop12_3_7.printed_bound", spec=(f"{C12}.prop12_3_7", f"{C12}.audit.AU12_6", f"{C12}.alg37"))
def _p1237(ctx):
    G = 1.0
    worst, arg = 0.0, None
    for D in (1.0, 10.0, 100.0):
        for Delta in (1e-3, 1e-2, 0.1, 1.0):
            for I in (1, 2, 4, 8):
                lam_star = math.sqrt(2 * (G * Delta / 8 ** I + Delta ** 2 / 4)) / D   # the printed optimal λ
                for lf in (0.1, 1.0, 10.0):
                    lam = lam_star * lf
                    err = _localize_instance(G, D, Delta, I, lam)
                    printed = G * Delta / (lam * 8 ** I) + Delta ** 2 / (4 * lam) + lam * D ** 2 / 2
                    if err / printed > worst:
                        worst, arg = err / printed, (D, Delta, I, lf, err, printed)
    lam_opt_err = None
    D, Delta, I = 100.0, 1e-2, 8
    lam_star = math.sqrt(2 * (G * Delta / 8 ** I + Delta ** 2 / 4)) / D
    e1 = _localize_instance(G, D, Delta, I, lam_star)
    opt_bound = 2 * D * math.sqrt(G * Delta / 8 ** I) + D * Delta
    if worst <= 1 or e1 <= opt_bound:
        return Outcome(Verdict.FAILED, computed=f"worst ratio {worst} at {arg}; λ* case {e1} vs {opt_bound}")
    return Outcome(Verdict.ERRATUM, claimed="F_P(x_I) − F* ≤ G_1Δ/(λ8^I) + Δ²/(4λ) + λD²/2 ⇒ ≤ 2D√(G_1Δ/8^I) + DΔ",
                   computed=f"max error/printed bound = {worst:.2f} at (D,Δ,I,λ/λ*,err,bound) = {arg}",
                   precision="exact 1-D computation", margin=None,
                   counterexample=f"F_P(x) = |x| (G_1 = 1) on X = [0, {D:g}], x_0 = {D:g}, Δ = {Delta:g}, I = {I}, "
                                  f"λ = λ* = {lam_star:.4g}; x_i = x_i* + Δ4^i/λ_i (allowed by Alg 37): "
                                  f"F_P(x_I) − F* = {e1:.4g} > 2D√(G_1Δ/8^I) + DΔ = {opt_bound:.4g}")


@check(f"{C12}.prop12_3_7.corrected", spec=(f"{C12}.prop12_3_7", f"{C12}.audit.AU12_6", f"{C12}.alg37"))
def _p1237c(ctx):
    lam, Delta, D = sp.symbols("lambda Delta D", positive=True)
    i, I = sp.symbols("i I", integer=True, positive=True)
    lam_i = lambda j: lam * 32 ** j
    term = sp.simplify((lam_i(i) / 2) * (Delta * 4 ** (i - 1) / lam_i(i - 1)) ** 2)
    S = sp.simplify(sp.summation(term, (i, 2, I)))
    ok_sum = sp.simplify(S - 16 * Delta ** 2 / lam * (1 - 2 ** (1 - I))) == 0
    ok_first = sp.simplify(lam_i(1) / 2 * D ** 2 - 16 * lam * D ** 2) == 0
    G = 1.0
    worst = 0.0
    for Dv in (1.0, 10.0, 100.0):
        for Dl in (1e-3, 1e-2, 0.1, 1.0):
            for Iv in (1, 2, 4, 8):
                for lf in (0.1, 1.0, 10.0):
                    lv = lf * math.sqrt(2 * (G * Dl / 8 ** Iv + Dl ** 2 / 4)) / Dv
                    err = _localize_instance(G, Dv, Dl, Iv, lv)
                    corr = G * Dl / (lv * 8 ** Iv) + 16 * Dl ** 2 / lv + 16 * lv * Dv ** 2
                    worst = max(worst, err / corr)
    ok = ok_sum and ok_first and worst <= 1
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="corrected: ≤ G_1Δ/(λ8^I) + 16Δ²/λ + 16λD² (⇒ 8D√(G_1Δ/8^I) + 32DΔ)",
                   computed=f"sympy: Σ_(i=2..I)(λ_i/2)(Δ4^(i−1)/λ_(i−1))² = {S}; (λ_1/2)D² = 16λD²; adversarial 1-D "
                            f"instances: max error/corrected bound = {worst:.3f}",
                   precision="sympy (sums) + exact 1-D instances on a grid (the corrected bound is not proved here)")


# ---------------------------------------------------------------- Prop 12.3.1 constant / privacy (AU12.4, PC9)
@check(f"{C12}.prop12_3_1.constant", spec=(f"{C12}.prop12_3_1", f"{C12}.audit.AU12_4"))
def _p1231(ctx):
    T = np.arange(1, 200001, dtype=float)
    H = np.cumsum(1.0 / T)
    r = 24 * (T + 3 * H) / (T + 7)
    j = int(np.argmax(r))
    tail = 24 * (1 + 3 * (math.log(2e5) + 1) / 2e5)     # for T > 2e5: (T + 3H_T)/(T+7) < 1 + 3H_T/T
    ok = r[j] <= 32 and tail <= 32
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="the noise term of Prop 12.3.1 is ≤ 32C²d/(λn²ρ)",
                   computed=f"max_T 24(T+3H_T)/(T+7) = {r[j]:.4f} at T = {int(T[j])} (T ≤ 2e5; larger T: < {tail:.3f})",
                   margin=32 - r[j], precision="double precision over T ≤ 2e5 + analytic tail",
                   details="the intermediate '16C²T²d/(λZn²ρ) by (t+4)/(t+1) ≤ 4' step is not justified (it gives 48) "
                           "but the final constant 32 holds")


@check(f"{C12}.prop12_3_1.privacy", spec=(f"{C12}.prop12_3_1", f"{C12}.priv.PC9", f"{C12}.alg36"))
def _p1231_priv(ctx):
    C, n, T, rho = sp.symbols("C n T rho", positive=True)
    sigma2 = 2 * C ** 2 * T / (n ** 2 * rho)
    rho_t = sp.simplify((2 * C / n) ** 2 / (2 * sigma2))
    ok = sp.simplify(rho_t * T - rho) == 0
    worst = -np.inf
    for r in (0.01, 0.1, 1.0, 5.0):
        mu = math.sqrt(2 * r)                      # T-fold Gaussian, sensitivity 2C/n each: μ = √T(2C/n)/σ = √(2ρ)
        for delta in (1e-10, 1e-6, 1e-3):
            eps = zcdp_to_dp(r, delta, method="standard")
            worst = max(worst, gdp_delta(eps, mu) / delta)
    ok = ok and worst <= 1
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="σ² = 2C²T/(n²ρ), sensitivity 2C/n per step ⇒ ρ-CDP",
                   computed=f"sympy: per-step ρ_t = {rho_t}, T·ρ_t = ρ; exact GDP μ = √(2ρ) vs ρ+2√(ρlog(1/δ)) conversion: "
                            f"max δ_exact/δ = {worst:.3g}", precision="sympy + exact GDP hockey-stick",
                   details="the composition of T Gaussians with equal sensitivity is exactly μ-GDP")


# ---------------------------------------------------------------- bounded Laplace (12.16), Lemma 12.7.4
@check(f"{C12}.S12_22.blap_tv", spec=f"{C12}.S12_22")
def _s1222(ctx):
    R, d = sp.symbols("R delta", positive=True)
    x = sp.symbols("x", real=True)
    dens = sp.exp(-sp.Abs(x) / R) / (2 * R)
    tau = R * sp.log(1 / d)
    inside = sp.simplify(2 * sp.integrate(sp.exp(-x / R) / (2 * R), (x, 0, tau)))
    ok = sp.simplify(inside - (1 - d)) == 0
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="P(|Lap(R)| ≤ R log(1/δ)) = 1 − δ; TV(Lap(R), BLap(R, R log(1/δ))) = δ",
                   computed=f"sympy: P(|Lap| ≤ τ) = {inside}; TV between a law and its conditioning on A is P(A^c) = δ",
                   precision="sympy")


@check(f"{C12}.lemma12_7_4.exact_delta", spec=(f"{C12}.lemma12_7_4", f"{C12}.algP12_3", f"{C12}.priv.PC12"))
def _l1274(ctx):
    worst = 0.0
    for eps in (0.01, 0.1, 0.5, 0.99):
        for delta in (1e-12, 1e-6, 1e-2, 0.5, 0.99):
            tau = (1.0 / eps) * math.log(4 / delta)
            dl = blap_mechanism_delta(1.0, eps, tau)
            worst = max(worst, dl / delta)
    # cross-check the closed form against direct numerical hockey-stick integration at one point
    from scipy import integrate
    eps, tau, b = 0.5, 2 * math.log(4 / 1e-3), 2.0
    Z = -math.expm1(-tau / b)
    p = lambda x: math.exp(-abs(x) / b) / (2 * b * Z) if abs(x) <= tau else 0.0
    q = lambda x: p(x - 1.0)
    num = integrate.quad(lambda x: max(p(x) - math.exp(eps) * q(x), 0), -tau, tau + 1, points=[0, 1, -tau + 1, tau],
                         limit=200)[0]
    closed = blap_mechanism_delta(1.0, eps, tau)
    ok = worst <= 1 and abs(num - closed) <= 1e-9 * max(closed, 1e-300) + 1e-14
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="τ ≥ (Δ/ε) log(4/δ) ⇒ S + BLap(Δ/ε, τ) is (ε,δ)-DP (ε,δ ∈ (0,1))",
                   computed=f"max exact δ(ε)/δ = {worst:.4f} (≈ 1/4: the exact δ is ≈ δ/4); closed form {closed:.6g} vs "
                            f"quadrature {num:.6g}", margin=1 - worst, precision="closed-form hockey-stick + scipy quad")


# ---------------------------------------------------------------- Fact 12.7.1 / AU12.11
@check(f"{C12}.fact12_7_1.needs_convexity", spec=(f"{C12}.fact12_7_1", f"{C12}.audit.AU12_11"))
def _f1271(ctx):
    x, y, eta = sp.symbols("x y eta", real=True)
    f = -x ** 2                                       # β-smooth with β = 2, not convex
    g = sp.diff(f, x)
    lhs = sp.simplify(((x - y) - eta * (g - g.subs(x, y))) ** 2)
    ratio = sp.factor(sp.simplify(lhs / (x - y) ** 2))
    val = ratio.subs(eta, sp.Rational(1, 2))
    if not val > 1:
        return Outcome(Verdict.FAILED, computed=str(ratio))
    return Outcome(Verdict.ERRATUM, claimed="β-smooth f, η ≤ 2/β ⇒ ‖(x−x') − η(∇f(x)−∇f(x'))‖ ≤ ‖x−x'‖ (Fact 12.7.1)",
                   computed=f"f = −x²: squared ratio = {ratio}", precision="sympy",
                   counterexample="f(x) = −x² (β = 2), η = 1/2 ≤ 2/β: ‖(x−x') − η(∇f(x)−∇f(x'))‖ = 2‖x − x'‖")


@check(f"{C12}.fact12_7_1.corrected", spec=(f"{C12}.fact12_7_1", f"{C12}.audit.AU12_11"))
def _f1271c(ctx):
    lam, eta, beta = sp.symbols("lambda eta beta", nonnegative=True)
    # convex β-smooth quadratic direction: contraction factor |1 − ηλ| with λ ∈ [0, β], η ∈ [0, 2/β]
    expr = 1 - eta * lam
    ok = all(sp.simplify(v) for v in (expr.subs({lam: 0}) <= 1,))
    worst = max(abs(1 - e * l) for e in np.linspace(0, 2, 201) for l in np.linspace(0, 1, 201))   # β = 1
    ok = ok and worst <= 1 + 1e-15
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="with convexity: |1 − ηλ| ≤ 1 for λ ∈ [0, β], η ≤ 2/β (quadratics; general case by "
                           "co-coercivity)", computed=f"max |1 − ηλ| over the grid = {worst}",
                   precision="grid 201×201 (β = 1, scale-free); co-coercivity argument not machine-checked")


# ---------------------------------------------------------------- Lemma 12.8.1 clipping preserves GLM contraction
@check(f"{C12}.lemma12_8_1.proof", spec=f"{C12}.lemma12_8_1")
def _l1281(ctx):
    """Lemma 12.8.1 for every d, C > 0, x, x', g, s, s'.  With u = x − x', a = s − s', b = t − t':
    ‖u − cg‖² − ‖u‖² = q(c) := c²‖g‖² − 2c⟨u, g⟩, so the premise is q(a) <= 0 and the claim is q(b) <= 0.
    Clipping c ↦ sign(c)min(|c|, C) is monotone and 1-Lipschitz, so b = λa with λ ∈ [0, 1]; q is convex with
    q(0) = 0, and q(λa) − λq(a) = λ(λ − 1)a²‖g‖² <= 0 (sympy) gives q(b) <= λq(a) <= 0.  The monotone/1-Lipschitz
    fact is checked exactly on the clip's breakpoints (±C and the signs), and the original random search is kept as
    an executable illustration on the steepest premises (q(a) = 0: equality)."""
    a, lam, g2, ug = sp.symbols("a lambda g2 ug", real=True)

    def q(c):
        return c ** 2 * g2 - 2 * c * ug

    identity = sp.factor(sp.expand(q(lam * a) - lam * q(a)))
    proved = sp.simplify(identity - lam * (lam - 1) * a ** 2 * g2) == 0

    def clip(v, C):
        return math.copysign(min(abs(v), C), v)

    # λ = (t − t')/(s − s') ∈ [0, 1] on every ordering of s, s' relative to −C, 0, C
    lam_ok = True
    for C in (0.5, 1.0, 3.0):
        pts = [-2 * C, -C, -C / 2, 0.0, C / 2, C, 2 * C]
        for s_ in pts:
            for sp_ in pts:
                if s_ != sp_:
                    l_ = (clip(s_, C) - clip(sp_, C)) / (s_ - sp_)
                    lam_ok &= -1e-15 <= l_ <= 1 + 1e-15
    rng = ctx.rng
    worst, tested = -np.inf, 0
    for _ in range(4000):
        d = int(rng.integers(1, 5))
        u, g = rng.standard_normal(d), rng.standard_normal(d)
        g2v, ugv = float(g @ g), float(u @ g)
        if abs(ugv) < 1e-9:
            continue
        a_ = 2 * ugv / g2v * rng.choice([1.0, rng.uniform(0, 1)])        # q(a) = 0 (steepest) or inside
        s_ = float(rng.normal(0, 3))
        sp_ = s_ - a_
        C = float(rng.uniform(0.05, 3))
        b_ = clip(s_, C) - clip(sp_, C)
        worst = max(worst, np.linalg.norm(u - b_ * g) - np.linalg.norm(u))
        tested += 1
    ok = proved and lam_ok and worst <= 1e-9
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="‖(x−sg)−(x'−s'g)‖ ≤ ‖x−x'‖ ⇒ same with t = sign(s)min(|s|,C), t' likewise",
                   computed=f"sympy: q(λa) − λq(a) = {identity}; clip slope λ ∈ [0, 1] on all breakpoint pairs: "
                            f"{lam_ok}; {tested} steepest/interior premises: max (‖u − bg‖ − ‖u‖) = {worst:.2e}",
                   margin=-worst, precision="sympy (convexity reduction) + exact breakpoint enumeration",
                   coverage="every d >= 1, C > 0, x, x', g, s, s' (proof by reduction to the scalar quadratic q)")


# ---------------------------------------------------------------- Theorem 12.6.7 identity, Thm 12.8.2 privacy
@check(f"{C12}.thm12_6_7.clip_balance", spec=f"{C12}.thm12_6_7")
def _t1267(ctx):
    G, D, d, n, rho, k = sp.symbols("G_k D d n rho k", positive=True)
    C = G * (n * sp.sqrt(rho) / sp.sqrt(d)) ** (1 / k)
    a = C * D * sp.sqrt(d) / (n * sp.sqrt(rho))
    b = G ** k * D / C ** (k - 1)
    c = G * D * (sp.sqrt(d) / (n * sp.sqrt(rho))) ** (1 - 1 / k)
    ok = all(sp.simplify(sp.powsimp(sp.expand_power_base(e, force=True), force=True)) == 0
             for e in (sp.log(a) - sp.log(c), sp.log(b) - sp.log(c)))
    if not ok:
        ok = all(abs(float((e1 / c).subs({G: 1.3, D: 2.0, d: 7, n: 50, rho: 0.3, k: 3})) - 1) < 1e-12 for e1 in (a, b))
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="C = G_k(n√ρ/√d)^{1/k} ⇒ CD√d/(n√ρ) = G_k^kD/C^{k−1} = G_kD(√d/(n√ρ))^{1−1/k}",
                   computed="sympy (power simplification)", precision="sympy",
                   details="only the balancing identity; the rate needs A_Lip (not implemented)")


@check(f"{C12}.thm12_8_2.privacy", spec=(f"{C12}.thm12_8_2", f"{C12}.priv.PC14", f"{C12}.alg43"))
def _t1282(ctx):
    eta, C, rho = sp.symbols("eta_i C_i rho", positive=True)
    sig2 = (2 * eta * C * sp.sqrt(2 / rho)) ** 2
    rho_phase = sp.simplify((2 * eta * C) ** 2 / (2 * sig2))
    ok = sp.simplify(rho_phase - rho / 4) == 0
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="σ_i = 2η_iC_i√(2/ρ) on a phase of sensitivity 2η_iC_i ⇒ the affected phase is ρ-CDP",
                   computed=f"sympy: ρ_phase = {rho_phase} (≤ ρ; conservative by 4)", precision="sympy",
                   details="sensitivity 2η_iC_i (Lemma 12.8.1 contraction) taken from the text; only the affected "
                           "phase depends on the differing sample (disjoint batches)")


@check(f"{C12}.audit.AU12_19.constants", spec=f"{C12}.audit.AU12_19")
def _au1219(ctx):
    D, eta, n = sp.symbols("D eta n", positive=True)
    eta1, n1 = eta / 16, n / 2
    first = sp.simplify(D ** 2 / (2 * eta1 * n1))
    ok = sp.simplify(first - 16 * D ** 2 / (eta * n)) == 0
    if not ok:
        return Outcome(Verdict.FAILED, computed=str(first))
    return Outcome(Verdict.ERRATUM, claimed="i = 1 term of the Thm 12.8.2 proof is 4D²/(ηm) (leading to 4G_2D/√n + 26…)",
                   computed=f"sympy: D²/(2η_1n_1) with η_1 = η/16, n_1 = n/2 equals {first}", precision="sympy",
                   counterexample="η_1 = η/16, n_1 = n/2: D²/(2η_1n_1) = 16D²/(ηn), 4× the proof's 4D²/(ηm) ('m' undefined); "
                                  "the constants 4 and 26 of Thm 12.8.2 are not reproduced (rate unaffected)")


# ---------------------------------------------------------------- Alg 42 indexing (AU12.14)
@check(f"{C12}.audit.AU12_14.sample_reuse", spec=(f"{C12}.audit.AU12_14", f"{C12}.alg42"))
def _au1214(ctx):
    n = 64
    paper = a42_phase_indices(n, "paper")
    corr = a42_phase_indices(n, "corrected")
    ov = set(paper[0]) & set(paper[1])
    disjoint = all(not (set(a) & set(b)) for i, a in enumerate(corr) for b in corr[i + 1:])
    inrange = max(max(r) for r in corr) <= n
    if not ov or not disjoint or not inrange:
        return Outcome(Verdict.FAILED, computed=f"{ov} {disjoint}")
    return Outcome(Verdict.ERRATUM, claimed="s_{i,j} = (Σ_{i'∈[i]} n_{i'} + j)-th sample; phases use disjoint samples",
                   computed=f"n = {n}: phase 1 uses {paper[0].start}..{paper[0].stop - 1}, phase 2 uses "
                            f"{paper[1].start}..{paper[1].stop - 1} (overlap {len(ov)} samples); corrected offsets "
                            f"Σ_(i'<i) give disjoint phases", precision="exact index arithmetic",
                   counterexample=f"n = 64: phase 2's samples {paper[1].start}..{paper[1].stop - 1} ⊂ phase 1's "
                                  f"{paper[0].start}..{paper[0].stop - 1}; a sample reused across phases breaks the "
                                  "'other phases are post-processing' argument (L9496)")


# ---------------------------------------------------------------- AU12.8 / Thm 12.3.8 Chernoff step
@check(f"{C12}.audit.AU12_8.binomial", spec=f"{C12}.audit.AU12_8")
def _au128(ctx):
    """For every I >= 1, δ ∈ (0, 1) and J >= 400 log(I/δ): Hoeffding, P(Bin(J, .55) <= (.55 − t)J) <= exp(−2t²J) with
    t = .04, gives exp(−0.0032 J) <= (δ/I)^{1.28} <= δ/I (δ/I < 1); the exponent 2·0.04²·400 = 32/25 >= 1 is exact
    (sympy).  The exact binomial tail is evaluated at the corners (I up to 1e6, δ down to 1e-300, J at 400 and 500
    times log(I/δ), including J = 1 when I/δ → 1) to show how conservative the step is."""
    t = sp.Rational(55, 100) - sp.Rational(51, 100)
    expo = 2 * t ** 2 * 400
    proved = bool(expo >= 1)
    worst, rows = (0.0, None), []
    for I in (1, 2, 10, 20, 1000, 10 ** 6):
        for delta in (0.999, 0.5, 1e-2, 1e-6, 1e-30, 1e-300):
            for c in (400, 500):
                J = math.ceil(c * math.log(I / delta))
                p = float(stats.binom.cdf(math.ceil(0.51 * J) - 1, J, 0.55))
                hoeff = math.exp(-2 * 0.04 ** 2 * J)
                if p > hoeff * (1 + 1e-12):
                    return Outcome(Verdict.FAILED, computed=f"Hoeffding violated at I={I}, δ={delta}, J={J}: {p} > {hoeff}")
                r = p / (delta / I)
                if r > worst[0]:
                    worst = (r, (I, delta, J, p))
                if (I, delta, c) in ((10, 1e-2, 400), (20, 1e-6, 400), (2, 0.5, 400)):
                    rows.append(f"I={I}, δ={delta:g}: J={J}, P = {p:.3g} vs δ/I = {delta / I:.3g}")
    ok = proved and worst[0] <= 1
    I, delta, J, p = worst[1]
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="J ∈ [400, 500]·log(I/δ) ⇒ P(fewer than 0.51J good portions) ≤ δ/I",
                   computed=f"Hoeffding exponent 2·0.04²·400 = {expo} >= 1, so the tail is <= (δ/I)^{float(expo)} for "
                            f"every I >= 1, δ ∈ (0, 1); exact tails at the corners: largest P/(δ/I) = {worst[0]:.3g} "
                            f"(I = {I}, δ = {delta:g}, J = {J}); " + "; ".join(rows),
                   margin=1 - worst[0], precision="sympy exponent + Hoeffding (textbook); exact binomial cdf (scipy) "
                                                  "at 72 corners",
                   coverage="every I >= 1, δ ∈ (0, 1), J >= 400 log(I/δ) (proof); exact tails at 72 corner points",
                   details="only the Chernoff step of Thm 12.3.8's proof (very conservative); the rate is not checked")


# ---------------------------------------------------------------- Fact 12.2.9 Aggregate
@check(f"{C12}.fact12_2_9.aggregate", spec=(f"{C12}.fact12_2_9", f"{C12}.algP12_1"))
def _f1229(ctx):
    rng = ctx.rng
    worst = 0.0
    for trial in range(300):
        k = int(rng.integers(1, 30))
        d = int(rng.integers(1, 4))
        R = float(rng.uniform(0.1, 2))
        z = rng.standard_normal(d)
        n_in = math.ceil(0.51 * k)
        dirs = rng.standard_normal((n_in, d))
        dirs /= np.linalg.norm(dirs, axis=1, keepdims=True)
        inl = z + dirs * R * rng.uniform(0, 1, size=(n_in, 1)) ** (1 / d)
        # adversarial outliers: a tight cluster at distance ≈ 3R−, 2R+ from z, or far
        m = k - n_in
        centre = z + rng.choice([2.05, 2.9, 4.0, 10.0]) * R * np.eye(d)[0]
        out = centre + 0.01 * R * rng.standard_normal((m, d))
        pts = np.vstack([inl, out])[rng.permutation(k)]
        x = aggregate_ch12(pts, R)
        worst = max(worst, np.linalg.norm(x - z) / (3 * R))
    ok = worst <= 1 + 1e-12
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed=">= 0.51k points within R of z ⇒ Aggregate's output is within 3R of z",
                   computed=f"300 random instances with 49% clustered outliers: max ‖x − z‖/(3R) = {worst:.3f}",
                   margin=1 - worst, precision="random adversarial instances (the 3R bound is the triangle inequality)")


@check(f"{C12}.S12_37.square_sum", spec=f"{C12}.S12_37")
def _s1237(ctx):
    a, b, c = sp.symbols("a b c", real=True)
    diff = sp.expand(3 * (a * a + b * b + c * c) - (a + b + c) ** 2 - ((a - b) ** 2 + (b - c) ** 2 + (a - c) ** 2))
    return Outcome(Verdict.PROVED if diff == 0 else Verdict.FAILED, claimed="(a+b+c)² ≤ 3(a²+b²+c²)",
                   computed="sympy: 3Σa² − (Σa)² = (a−b)² + (b−c)² + (a−c)² ≥ 0", precision="sympy")


@check(f"{C12}.lemma12_7_4.symbolic", spec=f"{C12}.lemma12_7_4")
def _l1274_sym(ctx):
    """Lemma 12.7.4 proved over the whole domain.  For neighbours S, S + Δ and noise BLap(b = Δ/ε, τ) the densities
    share their normalizer, so inside the common support the ratio is <= e^{Δ/b} = e^ε and the hockey-stick δ(ε) is
    the mass of the end segment of length Δ outside it: δ(ε) = (e^{−(τ−Δ)/b} − e^{−τ/b})/(2(1 − e^{−τ/b}))
    = (e^ε − 1)/(2(e^{τε/Δ} − 1)) (sympy identity), decreasing in τ; at τ = (Δ/ε) log(4/δ) it equals
    δ(e^ε − 1)/(2(4 − δ)) <= δ ⇔ e^ε <= 9 − 2δ, true for ε < 1 < log 7, δ < 1."""
    eps, delta, Delta, tau = sp.symbols("epsilon delta Delta tau", positive=True)
    b = Delta / eps
    closed = (sp.exp(-(tau - Delta) / b) - sp.exp(-tau / b)) / (2 * (1 - sp.exp(-tau / b)))
    form = (sp.exp(eps) - 1) / (2 * (sp.exp(tau * eps / Delta) - 1))
    ident = sp.simplify(sp.expand(closed - form).rewrite(sp.exp))
    if ident != 0:
        ident = sp.simplify(sp.together(closed - form))
    dtau = sp.simplify(sp.diff(form, tau))
    at_min = sp.simplify(form.subs(tau, Delta / eps * sp.log(4 / delta)))
    target = sp.simplify(at_min - delta * (sp.exp(eps) - 1) / (2 * (4 - delta)))
    # e^ε − 1 <= 8 − 2δ on ε ∈ (0, 1), δ ∈ (0, 1): the left side is < e − 1 < 6 < 8 − 2δ
    bound_ok = float(sp.E - 1) < 6.0
    # spot values: numeric agreement of the closed form with the code's blap_mechanism_delta
    num_ok = all(abs(float(closed.subs({eps: e_, delta: d_, Delta: 1.0, tau: (1 / e_) * math.log(4 / d_)}))
                     - blap_mechanism_delta(1.0, e_, (1 / e_) * math.log(4 / d_))) <= 1e-12 * d_
                 for e_ in (0.1, 0.9) for d_ in (1e-6, 0.5))
    sign_ok = sp.simplify(sp.diff(form, tau) + eps * sp.exp(tau * eps / Delta) * (sp.exp(eps) - 1)
                          / (2 * Delta * (sp.exp(tau * eps / Delta) - 1) ** 2)) == 0
    if not (ident == 0 and target == 0 and bound_ok and num_ok and sign_ok):
        return fail("Lemma 12.7.4 algebra", f"identity {ident}, at_min−target {target}, dτ {dtau}, num {num_ok}")
    return Outcome(Verdict.PROVED, claimed="τ ≥ (Δ/ε) log(4/δ) ⇒ S + BLap(Δ/ε, τ) is (ε, δ)-DP for ε, δ ∈ (0, 1)",
                   computed="sympy: δ(ε) = (e^ε − 1)/(2(e^{τε/Δ} − 1)) (identity with the hockey-stick end-segment mass), "
                            "∂δ/∂τ = −ε e^{τε/Δ}(e^ε − 1)/(2Δ(e^{τε/Δ} − 1)²) < 0, and at τ = (Δ/ε)log(4/δ): "
                            "δ(ε) = δ(e^ε − 1)/(2(4 − δ)) <= δ since e^ε − 1 < e − 1 < 6 < 8 − 2δ",
                   precision="sympy exact", details="the exact-δ formula is cross-checked by quadrature in lemma12_7_4.exact_delta")
