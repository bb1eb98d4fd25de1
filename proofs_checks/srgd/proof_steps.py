"""Proof steps of 002's theorems that fail while the printed statement is not refuted (PROOF-GAP outcomes).

Each check re-establishes, exactly, a counterexample to one step that a theorem's proof relies on, and reports it as
the theorem's PROOF-GAP: the printed statement is neither refuted nor established by these checks.

* Thm 5.1 (and Thm 5.13, whose proof plugs its gradient bound into (10) and "proceeds similarly to Theorem 5.1",
  l.702–704) rest on Lemma 5.2 / (10): with Q = 0 and b ≡ 0 the potential must be non-increasing for Algorithm 1,
  and it is not (exact rational run, 1-D, every example d = 1/2 — the SRG estimate and the independent-batch
  gradient are then both the exact gradient, so the same run is a counterexample for both proofs).
* Thm 5.12's privacy half: the unclipped algorithm is argued (ε, δ)-DP from "within TV δ/2 of an (ε, δ/2)-DP
  algorithm" (l.554, reused by Cor 5.11); the rule "TV η ⇒ δ' + η" is false (exact two-outcome counterexample),
  the valid rule gives δ/2 + (1+e^ε)δ/2.  Its utility half rests on Thm 5.1 (the gap above).
"""
from __future__ import annotations

import math
from fractions import Fraction as Fr

from proofs_checks.framework import check, fail, proof_gap
from proofs_checks.srgd.utility import exact_potential_1d


def _lemma52_counterexample():
    """Exact: p = 1, f(x,d) = (x−d)²/2, every d = 1/2, 𝒞 = [−1, 1], β = 2, η_t = t+1, b ≡ 0, z-step η_t/β."""
    P = exact_potential_1d(Fr(1, 2), Fr(2), 3, Fr(1))
    return P, P[3] - P[2]


@check("002.thm5_1.proof_step_lemma5_2", spec=["002.thm5_1", "002.thm5_13"], profile="quick")
def _thm51_gap(ctx):
    P, dP = _lemma52_counterexample()
    if not dP > 0:
        return fail("ΔΦ_2 > 0 for Algorithm 1 (Q = 0, b = 0)", f"ΔΦ_2 = {dP}")
    return proof_gap(
        claimed="Thm 5.1 (l.220–231) by telescoping Lemma 5.2 (l.240–246); Thm 5.13 (l.683–704) by plugging (30) into "
                "(10) and proceeding as in Thm 5.1",
        computed=f"Lemma 5.2 / (10) with Q = 0, b ≡ 0 require ΔΦ_t <= 0; exact run gives Φ_2 = {P[2]}, Φ_3 = {P[3]}",
        counterexample=f"step 'ΔΦ_t <= bracket' (Lemma 5.2, (10)) fails: p = 1, f(x, d) = (x − d)²/2, every d = 1/2 "
                       f"(Q = 0, M = 1, x† = 1/2 ∈ 𝒞 = [−1, 1]), β = 2, η_t = t+1, b ≡ 0, Algorithm 1's z-step η_t/β: "
                       f"ΔΦ_2 = {dP} = {float(dP):.5f} > 0 (the same run is the independent-gradient variant, so the "
                       f"proof of Thm 5.13 has the same gap)",
        margin=-float(dP), precision="exact rational arithmetic (fractions)",
        details="the theorems' printed bounds were not found violated (002.thm5_1.mc, 002.thm5_13.mc): the printed "
                "statements are open, not refuted; the corrected chain (z-step η_t/(4β)) is 002.thm5_1.corrected_mc")


@check("002.thm5_12.proof_steps", spec="002.thm5_12", profile="quick")
def _thm512_gap(ctx):
    # (i) privacy: TV-coupling step of l.554 (reused for Cor 5.11 / Thm 5.12) — exact two-outcome counterexample
    eps, eta = 1.0, 1e-3
    AD, ADp = (2 * eta, 1 - 2 * eta), (0.0, 1.0)            # both within TV η of A' = (η, 1 − η), which is 0-DP
    delta_true = max(sum(max(a - math.exp(eps) * b, 0.0) for a, b in zip(AD, ADp)),
                     sum(max(b - math.exp(eps) * a, 0.0) for a, b in zip(AD, ADp)))
    paper = 0.0 + eta
    valid = (1 + math.exp(eps)) * eta
    # (ii) utility: rests on Thm 5.1, whose proof has the Lemma 5.2 gap
    P, dP = _lemma52_counterexample()
    if not (delta_true > paper and delta_true <= valid and dP > 0):
        return fail("TV step and Lemma 5.2 step fail", f"{delta_true}, {paper}, {dP}")
    return proof_gap(
        claimed="Thm 5.12 (l.651–681): (ε, δ)-DP via 'clipped (ε, δ/2)-DP + unclipped within TV δ/2 ⇒ (ε, δ)-DP' "
                "(l.554) and the excess bound via Thm 5.1",
        computed=f"TV rule: exact δ(ε={eps}) = {delta_true:.3g} > δ' + η = {paper:.3g} (valid: δ' + (1+e^ε)η = "
                 f"{valid:.3g}); Lemma 5.2 step: ΔΦ_2 = {dP} > 0",
        counterexample=f"privacy step: A' 0-DP with A'(D) = A'(D') = (η, 1−η), A(D) = (2η, 1−2η), A(D') = (0, 1), "
                       f"η = {eta:g}, ε = {eps}: δ_true = {delta_true:.3g} > δ' + η = {paper:.3g}, so the argument gives "
                       f"only δ/2 + (1+e^ε)δ/2 = {(2 + math.exp(eps)) / 2:.3f}·δ at ε = 1; utility step: Lemma 5.2 "
                       f"fails for Algorithm 1 (ΔΦ_2 = {dP} > 0 at Q = 0, b ≡ 0)",
        margin=-(delta_true - paper), precision="exact (finite distributions; rational arithmetic)",
        details="the substitution chain l.674–679 holds (002.thm5_12.substitution); the clipped release with Cor 5.11's "
                "σ is (ε, δ/2)-DP on its grid (002.cor5_11.gdp_grid); neither the printed privacy nor the printed rate "
                "is refuted")


@check("002.audit.AUD-5.worst_case_dataset", spec="002.audit.AUD-5", profile="quick")
def _aud5b(ctx):
    """AUD-5(b): l.554 needs 'unclipped within TV δ/2 of clipped' for EVERY dataset (DP is worst case), but the
    sensitivity bound behind it (Lemmas 5.4–5.5) is proved w.h.p. over i.i.d. data.  A worst-case ordering of an
    admissible dataset (P1, convex, M = 1, x† ∈ 𝒞) drives the unclipped ‖Δ_t(d)‖ above the clip level at the scaled
    constant c = 1, so on that dataset the clipped and unclipped runs differ (TV ≈ 1, not <= δ/2)."""
    import numpy as np
    from reference.srgd.algorithm import accelerated_dp_srgd
    from reference.srgd.params import params_eq19
    from reference.srgd.problems import MeanEstimation
    atoms = np.array([[0.9, 0.0], [-0.9, 0.0]])
    prob = MeanEstimation(atoms)
    r, p, n = 1.0, 2, 1024
    L = prob.lipschitz(r)
    par = params_eq19(n, 1.0 / n, 1.0, p, L, r, mode="scaled", c=1.0)
    T, B, beta, kappa = par["T"], par["B"], par["beta"], par["kappa"]
    m = T * B
    worst = np.vstack([np.repeat(atoms[:1], m // 2, 0), np.repeat(atoms[1:], m - m // 2, 0)])   # + then −
    iid = prob.sample(m, ctx.rng)
    rw = accelerated_dp_srgd(prob.grad, worst, T=T, B=B, beta=beta, radius=r, p=p)
    ri = accelerated_dp_srgd(prob.grad, iid, T=T, B=B, beta=beta, radius=r, p=p)
    cw = accelerated_dp_srgd(prob.grad, worst, T=T, B=B, beta=beta, radius=r, p=p, clip=kappa)
    qw, qi = float(rw.max_example_delta.max() / kappa), float(ri.max_example_delta.max() / kappa)
    gap = float(np.linalg.norm(rw.y_T - cw.y_T))
    if not (qw > 1 and qi < 1 and cw.n_clipped > 0 and gap > 0):
        return fail("worst-case dataset exceeds the clip level, i.i.d. does not", f"{qw}, {qi}, {cw.n_clipped}, {gap}")
    return proof_gap(
        claimed="l.554: Algorithm 1 without clipping is within TV δ/2 of the clipped version (by Lemmas 5.4, 5.5), "
                "hence (ε, δ)-DP",
        computed=f"scaled instantiation U (c = 1, n = {n}: T = {T}, B = {B}, β = {beta:.3g}, κ = cL = {kappa:.3g}), "
                 f"P1 with atoms ±0.9e₁ (x† = 0 ∈ 𝒞 = B(0, 1)): i.i.d. order max‖Δ_t(d)‖/κ = {qi:.3f}; worst-case order "
                 f"(first half +0.9e₁, then −0.9e₁) {qw:.3f} > 1: clipping active on {cw.n_clipped} examples, "
                 f"‖y_T(unclipped) − y_T(clipped)‖ = {gap:.3g}",
        counterexample=f"step 'unclipped ≈ clipped in TV' fails on an admissible worst-case dataset: the sensitivity bound "
                       f"of Lemma 5.5 holds only w.h.p. over i.i.d. data (here {qi:.2f}κ), the worst-case ordering reaches "
                       f"{qw:.2f}κ, so the two algorithms differ deterministically on it (TV ≈ 1 ≫ δ/2)",
        margin=-(qw - 1), precision="float64, deterministic runs (noise-free; the tree noise is identical in both)",
        details="scaled constant c = 1 is a stand-in (the paper's c_DP is infeasible below n ≈ 8e25); at c = 2 the same "
                "ordering reaches ≈ 0.58κ (vs 0.26κ i.i.d.): a gap of proof, not a refutation of Thm 5.8's privacy; the "
                "always-clipped algorithm avoids it")
