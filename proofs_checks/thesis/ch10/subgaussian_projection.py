"""Lemma 10.6.11 (L7816, cited from [JNG+19]): if X is nSG(ζ) (Def 10.6.10, L7814: P[‖X − EX‖ ≥ t] ≤ 2e^{−t²/(2ζ²)})
then for every fixed unit v, ⟨v, X⟩ is cζ-norm-subGaussian for an absolute constant c.  It holds with c = 1, in every
dimension: write Y = X − EX = a·v + w with a = ⟨v, Y⟩ and ⟨v, w⟩ = 0; bilinearity gives ‖Y‖² = a²⟨v,v⟩ + 2a⟨v,w⟩ +
⟨w,w⟩ = a² + ‖w‖² ≥ a² (sympy below), so {|⟨v, X⟩ − E⟨v, X⟩| ≥ t} = {|a| ≥ t} ⊆ {‖Y‖ ≥ t} (E⟨v, X⟩ = ⟨v, EX⟩ by
linearity) and the scalar inherits the tail 2e^{−t²/(2ζ²)}.
"""
from __future__ import annotations

import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check

C10 = "003_ch10"


@check(f"{C10}.lemma10_6_11.c_equals_1", spec=f"{C10}.lemma10_6_11")
def _lemma10611(ctx):
    a, vv, vw, ww = sp.symbols("a vv vw ww", real=True)
    norm2 = a ** 2 * vv + 2 * a * vw + ww                          # ‖a v + w‖² by bilinearity
    gap = sp.simplify(norm2.subs({vv: 1, vw: 0}) - a ** 2)          # unit v, w ⊥ v
    if gap != ww:
        return Outcome(Verdict.FAILED, computed=f"‖Y‖² − a² = {gap}")
    return Outcome(Verdict.PROVED, claimed="X nSG(ζ) ⇒ ⟨v, X⟩ is cζ-nSG for unit v, some absolute c (L7816)",
                   computed="sympy: ‖a v + w‖² − a² = ‖w‖² ≥ 0 for ⟨v,v⟩ = 1, ⟨v,w⟩ = 0 (any dimension, by "
                            "bilinearity), so {|⟨v, X − EX⟩| ≥ t} ⊆ {‖X − EX‖ ≥ t} and c = 1 works",
                   precision="symbolic (sympy) + event inclusion", coverage="every d, unit v, ζ > 0 and nSG(ζ) law")
