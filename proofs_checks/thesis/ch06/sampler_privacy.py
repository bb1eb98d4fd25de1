"""P6-6 (Thm 6.4.7, L5367 / proof L5629-5636): the approximate sampler A6.10 is claimed (ε, 2δ)-DP because the Gibbs
target π_D is (ε, δ)-DP (P6-5, Thm 6.4.6) and the sampler's output law is within TV δ of π_D.

The transfer step is checked with the core accountants, independently of the thesis' formula:
- core ``tv_to_dp`` (A'(D)(S) ≤ A(D)(S) + η ≤ e^ε A(D')(S) + δ + η ≤ e^ε(A'(D')(S) + η) + δ + η) gives
  (ε, δ + (1 + e^ε)η); at η = δ that is (ε, (2 + e^ε)δ), strictly above the printed 2δ for every ε ≥ 0;
- the bound is attained: explicit 2-point laws π_D, π_D' with H_{e^ε}(π_D‖π_D') = δ exactly, and outputs p, p' with
  TV(p, π_D) = TV(p', π_D') = δ and H_{e^ε}(p‖p') = (2 + e^ε)δ — computed in exact rationals by the core
  ``hockey_stick_finite`` at e^ε = 3/2 (ε = 0.405 < 1/2, inside the theorem's range), δ ∈ {1e-3, 1e-6, 1/4·1e-1}.
So the proof's accounting does not give (ε, 2δ): it gives (ε, (2 + e^ε)δ) ≤ (ε, 3.65δ) for ε < 1/2.  The statement
itself (an (ε, 2δ) sampler exists) survives by running the construction at δ′ = 2δ/(2 + e^ε) (a constant change of δ
inside √log(1/δ)), so this is a PROOF-GAP of the privacy step, not an erratum of the risk bound.

Why TV ≤ δ is not certified on the code: the sampler's output law has no closed form (rejection with a clipped
Russian-roulette estimate ρ, L5624); a sampling test resolves TV only to its DKW band √(log(2/α)/(2N)), so a
certificate at δ with false-failure α = 1e-6 needs N ≥ log(2/α)/(2δ²) chains (computed below), and the code's
alternate_sample starts at a fixed x0 (the proof draws x0 ∝ exp(−βμ‖x‖²/2), L5631), where KL(δ_{x0}‖π) = ∞ so the
Thm 6.6.1 contraction bound gives no finite T.
"""
from __future__ import annotations

import math
from fractions import Fraction

from proofs_checks.framework import proof_gap, check, fail
from reference.core.accounting import hockey_stick_finite, tv_to_dp

C6 = "003_ch06"


def _tv(p, q):
    return sum(abs(a - b) for a, b in zip(p, q)) / 2


@check(f"{C6}.priv.P6_6.tv_transfer", spec=f"{C6}.priv.P6_6")
def _p66(ctx):
    c = Fraction(3, 2)                                    # e^ε, ε = log 1.5 ≈ 0.405 ∈ (0, 1/2)
    eps = math.log(1.5)
    rows = []
    for delta in (Fraction(1, 1000), Fraction(1, 10 ** 6), Fraction(1, 40)):
        q = Fraction(1, 4)
        pi = [c * q + delta, 1 - c * q - delta]           # π_D
        pi_ = [q, 1 - q]                                  # π_D'
        p = [pi[0] + delta, pi[1] - delta]                # sampler output on D: δ mass moved onto S
        p_ = [pi_[0] - delta, pi_[1] + delta]             # sampler output on D': δ mass moved off S
        h_pi = hockey_stick_finite(pi, pi_, exp_epsilon=c)
        h_p = hockey_stick_finite(p, p_, exp_epsilon=c)
        if not (h_pi == delta and _tv(p, pi) == delta and _tv(p_, pi_) == delta):
            return fail("construction", f"H(π) = {h_pi}, TV = {_tv(p, pi)}, {_tv(p_, pi_)} at δ = {delta}")
        e_tr, d_tr = tv_to_dp(eps, float(delta), float(delta))
        if h_p != (2 + c) * delta or not d_tr >= float((2 + c) * delta) * (1 - 1e-12):
            return fail("transfer attained", f"H(p) = {h_p}, tv_to_dp δ = {d_tr} at δ = {delta}")
        if not h_p > 2 * delta:
            return fail("(ε, 2δ) refuted", f"H(p) = {h_p} at δ = {delta}")
        rows.append(f"δ = {float(delta):g}: H_{{3/2}}(π_D‖π_D') = δ, TV = δ each, H_{{3/2}}(p‖p') = {h_p} = "
                    f"{float(h_p / delta):.2f}δ (tv_to_dp: {d_tr:.4g})")
    # sampling resolution for a TV certificate at δ (DKW, false failure 1e-6), and the existing KS test's band
    need = {d: math.ceil(math.log(2 / 1e-6) / (2 * d * d)) for d in (1e-3, 1e-6)}
    band400 = math.sqrt(math.log(2 / 1e-6) / (2 * 400))
    return proof_gap(claimed="Thm 6.4.7 (L5629-5636): π_D (ε, δ)-DP and TV(sampler output, π_D) ≤ δ ⇒ the sampler is "
                             "(ε, 2δ)-DP",
                     computed="; ".join(rows) + f"; core tv_to_dp: (ε, δ + (1 + e^ε)δ) = (ε, {float(2 + c):.2f}δ) at "
                              f"e^ε = 3/2, ≤ (ε, {2 + math.exp(0.5):.3f}δ) on the whole range ε < 1/2",
                     counterexample="2-point laws at e^ε = 3/2, δ = 1e-3: π_D = (3/8 + δ, 5/8 − δ), π_D' = (1/4, 3/4) "
                                    "(H = δ), outputs p = (3/8 + 2δ, 5/8 − 2δ), p' = (1/4 − δ, 3/4 + δ) (TV = δ each): "
                                    "H_{e^ε}(p‖p') = 3.5δ > 2δ — the step 'TV ≤ δ adds δ' fails (it adds (1 + e^ε)δ)",
                     margin=-1.5, precision="exact rationals (core hockey_stick_finite) + core tv_to_dp (mpmath)",
                     details=f"TV ≤ δ is not certified on the code: a DKW certificate at false failure 1e-6 needs "
                             f"N ≥ {need[1e-3]:.2e} chains at δ = 1e-3 and {need[1e-6]:.2e} at δ = 1e-6 (the "
                             f"existing KS test, N = 400, resolves {band400:.3f}); alternate_sample starts at a fixed "
                             "x0 (KL(δ_x0‖π) = ∞), the proof at π_0 ∝ exp(−βμ‖x‖²/2) (L5631); the statement survives "
                             "by calibrating the target and the chain at δ′ = 2δ/(2 + e^ε) (a constant inside √log(1/δ))")
