"""Certified check of the p = 1 regulariser of Cors 4.4.11 / 4.4.13 at small dimension (thesis 003 Ch.4).

The proofs (003 L3811; Cor 4.4.13 "follows identically", L3861) take r(x) = e^2/(2(q-1)) ||x - x0||_q^2 with
q = 1 + 1/log d and invoke Prop 4.4.7 ([BCL94], stated for 1 < q <= 2) to get 1-strong convexity in ||.||_1.
q <= 2 needs log d >= 1, i.e. d >= 3; the corollaries admit every d (Cor 4.4.13: d2 = 2 with d1 = 3 > d2).
At d = 2, q = 1 + 1/log 2 = 2.4427 and the step fails: with x = (1, -t), y = (1, t) (or the diagonal matrices
diag(1, -t), diag(1, t) for the Schatten norms, whose S_q / trace norms are these l_q / l_1 norms),
(r(x) + r(y))/2 - r((x + y)/2) = c((1 + t^q)^{2/q} - 1) ~ (2c/q) t^q  <  ||x - y||_1^2/8 = t^2/2 for small t.
Certified in Arb at t = 10^-3 (and the hypothesis q <= 2 of Prop 4.4.7 fails, q > 2 certified).
"""
from __future__ import annotations

from flint import arb

from proofs_checks.framework import Outcome, Verdict, check, fail


@check("003_ch04.audit.30.arb", spec=["003_ch04.audit.30"])
def _p1_regulariser_d2(ctx):
    e = arb(1).exp()
    out = []
    for t in (arb("1e-3"), arb("1e-2")):
        q = 1 + 1 / arb(2).log()                                   # q = 1 + 1/log d at d = 2
        c = e * e / (2 * (q - 1))
        lhs = c * ((1 + t ** q) ** (2 / q) - 1)                    # midpoint gap of r between (1, -t), (1, t)
        rhs = (2 * t) ** 2 / 8                                     # ||x - y||_1^2/8 (modulus 1 in l_1)
        if not (q > 2 and lhs < rhs):
            return fail("q > 2 and the midpoint strong-convexity inequality fails (certified)",
                        f"t = {t}: q = {q}, gap {lhs}, required {rhs}")
        out.append(f"t = {float(t.mid()):g}: gap {float(lhs.mid()):.3g} < required {float(rhs.mid()):.3g}")
    q3 = 1 + 1 / arb(3).log()
    if not q3 <= 2:
        return fail("q <= 2 at d = 3", str(q3))
    return Outcome(Verdict.PROOF_GAP,
                   claimed="Cor 4.4.11 / 4.4.13 (p = 1) proof: r = e^2/(2(q-1))||x||_q^2, q = 1 + 1/log d, is 1-strongly "
                           "convex in ||.||_1 by Prop 4.4.7",
                   computed=f"d = 2: q = {float(q.mid()):.4f} > 2 (outside Prop 4.4.7's 1 < q <= 2); midpoint "
                            f"inequality at x = (1, -t), y = (1, t): {'; '.join(out)} (Arb enclosures, certified); "
                            f"d = 3: q = {float(q3.mid()):.4f} <= 2",
                   counterexample="d = 2 (Schatten: d2 = 2, e.g. 3 x 2 matrices), x = (1, -1e-3), y = (1, 1e-3)",
                   precision="Arb ball arithmetic (certified)",
                   details="the step needs d >= 3 (log d >= 1); for d = 1 q is undefined (log 1 = 0); the corollaries' "
                           "conclusions at d = 2 are not refuted (e.g. the l_2 regulariser with ||.||_1 <= sqrt 2 ||.||_2 "
                           "gives the bound with other constants), only unproved by this construction",
                   coverage="d = 2 (vector and Schatten d2 = 2); d >= 3 is in Prop 4.4.7's range")
