"""Thesis 003 Ch. 13: the parameter arithmetic of the L2P proofs — whether the printed parameters admit the constraints
the proofs invoke (AU13_5: Thm 13.3.10 leaves p unspecified) and the constant of the TV sum in Prop 13.3.3's proof
(AU13_6)."""
from __future__ import annotations

import math

import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check


@check("003_ch13.audit.AU13_5.no_valid_p", spec=("003_ch13.audit.AU13_5", "003_ch13.thm13_3_10"))
def _au135(ctx):
    """Thm 13.3.10 (L10176) sets B = 1/ε, η = min(ε_0, ε)^{2/3}/T^{1/3}, ε_0 = T^{−1/4}log^{3/4} d, and its proof (L10180)
    says these 'guarantee the algorithm is (ε, δ)-DP' by Thm 13.3.2, whose ε is
    2η/p + η + 3Tη²p log(1/δ_1)/(2B) + √(6Tη²p log²(1/δ_1)/B) (L9990); p is never set.  Dropping the nonnegative
    terms η and 3Tη²p log/(2B), the guarantee is ≥ min_p [2η/p + √(6Tη²p L²/B)] (L = log(1/δ_1)), computed exactly."""
    p, eta, T, eps, L, m = sp.symbols("p eta T epsilon L m", positive=True)
    B = 1 / eps
    f = 2 * eta / p + sp.sqrt(6 * T * eta ** 2 * p * L ** 2 / B)
    p_star = sp.solve(sp.Eq(sp.diff(f, p), 0), p)
    if len(p_star) != 1:
        return Outcome(Verdict.FAILED, computed=f"stationary points {p_star}")
    fmin = sp.simplify(f.subs(p, p_star[0]).subs(eta, m ** sp.Rational(2, 3) / T ** sp.Rational(1, 3)))
    # a unique stationary point and f → ∞ at both ends of (0, ∞): it is the global minimum over p
    convex = sp.limit(f, p, 0, "+") == sp.oo and sp.limit(f, p, sp.oo) == sp.oo
    # regime ε ≤ ε_0 (m = ε): the smallest guarantee over all p, divided by the target ε
    ratio_small = sp.simplify(fmin.subs(m, eps) / eps)                   # = c·L^{2/3}
    c = float(sp.simplify(ratio_small / L ** sp.Rational(2, 3)))
    # regime ε > ε_0 (m = ε_0): fmin ≤ ε ⇔ ε ≥ c^{3/2} L ε_0
    thr = c ** 1.5
    # the paper's own scale: T = 1e8, d = 2, ε = 1e-3 (≤ ε_0 = 7.6e-3), δ = 1e-6; δ ≥ 2Tδ_1 forces δ_1 ≤ δ/(2T)
    Tn, dn, en, dl = 1e8, 2, 1e-3, 1e-6
    eps0 = Tn ** -0.25 * math.log(dn) ** 0.75
    Ln = math.log(2 * Tn / dl)
    best = c * Ln ** (2 / 3) * en
    if not (convex and c > 1 and en <= eps0 and best > en):
        return Outcome(Verdict.FAILED, computed=f"convex {convex}, c {c}, eps0 {eps0}, best {best}")
    return Outcome(Verdict.PROOF_GAP, claimed="L10180: B = 1/ε and η = min(ε_0, ε)^{2/3}/T^{1/3} 'guarantee the algorithm is "
                   "(ε, δ)-DP' via Thm 13.3.2 (p unspecified)",
                   computed=f"sympy: min over p of 2η/p + √(6Tη²pL²/B) at B = 1/ε, η = m^(2/3)/T^(1/3) is {fmin} "
                            f"(the unique stationary point; f → ∞ as p → 0 and p → ∞); for ε ≤ ε_0 (m = ε) this is {c:.4f}·L^(2/3)·ε > ε for every L ≥ 1; for "
                            f"ε > ε_0 it is ≤ ε only when ε ≥ {thr:.2f}·log(1/δ_1)·ε_0",
                   margin=en - best, precision="sympy (exact minimisation)",
                   counterexample=f"T = 1e8, d = 2, ε = 1e-3 ≤ ε_0 = {eps0:.2e}, δ = 1e-6 (δ ≥ 2Tδ_1 needs δ_1 ≤ "
                                  f"δ/(2T), log(1/δ_1) ≥ {Ln:.1f}): for EVERY p, Thm 13.3.2 gives ε ≥ {best:.4f} = "
                                  f"{best / en:.1f}× the target ε; no choice of the unspecified p makes the proof's "
                                  "privacy step hold in the regime ε ≤ ε_0")


@check("003_ch13.audit.AU13_6.tv_sum", spec="003_ch13.audit.AU13_6")
def _au136(ctx):
    """Proof of Prop 13.3.3, L10063: B Σ_{s ∈ [T/B]} 3(s−1)(2/η + log(1/δ_1)/p)eBδ_0 ≤ 8T²δ_0 log(1/δ_1)/η, under the
    proposition's hypotheses ηB log(1/δ_1)/p ≤ 1 and δ_1, η < 1/2 (L10037).  Exact (sympy) evaluation of the left side."""
    import sympy as sp
    T, B, eta, d0, L, p, s = sp.symbols("T B eta delta_0 L p s", positive=True)
    lhs = B * sp.summation(3 * (s - 1) * (2 / eta + L / p) * sp.E * B * d0, (s, 1, T / B))
    rhs = 8 * T ** 2 * d0 * L / eta
    # the 2/η part alone (any p): lhs ≥ 3e·T(T − B)δ_0/η, so the step needs L ≥ 3e(1 − B/T)/8 ≈ 1.019(1 − B/T)
    lhs_min = sp.simplify(B * sp.summation(3 * (s - 1) * (2 / eta) * sp.E * B * d0, (s, 1, T / B)))
    thr = sp.simplify(lhs_min / (8 * T ** 2 * d0 / eta))                 # the step fails whenever L < thr
    pt = {T: 100, B: 1, eta: sp.Rational(1, 100), d0: sp.Rational(1, 10 ** 9)}
    L_val = sp.log(sp.Rational(5, 2))                                    # δ_1 = 0.4 < 1/2
    p_val = pt[eta] * pt[B] * L_val                                      # the smallest p with ηB log(1/δ_1)/p ≤ 1
    l_num = sp.N(lhs.subs(pt).subs({L: L_val, p: p_val}), 30)
    r_num = sp.N(rhs.subs(pt).subs({L: L_val}), 30)
    thr_val = float(thr.subs(pt))
    if not (l_num > r_num and thr_val > float(L_val)):
        return Outcome(Verdict.FAILED, computed=f"lhs {l_num}, rhs {r_num}, threshold {thr_val}")
    return Outcome(Verdict.PROOF_GAP, claimed="L10063: B Σ_{s∈[T/B]} 3(s−1)(2/η + log(1/δ_1)/p)eBδ_0 ≤ "
                   "8T²δ_0 log(1/δ_1)/η (δ_1, η < 1/2, ηB log(1/δ_1)/p ≤ 1)",
                   computed=f"sympy: left side = {sp.factor(lhs)}; its 2/η part alone exceeds the right side whenever "
                            f"log(1/δ_1) < {sp.simplify(thr)} (= {thr_val:.4f} at T = 100, B = 1); at δ_1 = 0.4 "
                            f"(log = {float(L_val):.4f}) with p = ηB log(1/δ_1): {float(l_num):.4g} > {float(r_num):.4g}",
                   margin=float(r_num - l_num), precision="sympy exact sums, 30-digit evaluation",
                   counterexample=f"(T, B, η, δ_0, δ_1, p) = (100, 1, 0.01, 1e-9, 0.4, {float(p_val):.5f}): L10063's "
                                  f"left side {float(l_num):.4g} > right side {float(r_num):.4g} (ratio "
                                  f"{float(l_num / r_num):.3f}); the step fails for every p once log(1/δ_1) < "
                                  f"3e(1 − B/T)/8 (δ_1 > 0.36 at B/T → 0), inside the hypothesis δ_1 < 1/2")
