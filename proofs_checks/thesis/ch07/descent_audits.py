"""Thesis 003 Ch. 7: the descent step of Lemma 7.3.9's proof (AU37: the ‖∇̃‖ ≥ γ threshold)."""
from __future__ import annotations

import numpy as np
from proofs_checks.framework import check, fail, proof_gap


# -------------------------------------------------------------------------------------- AU37 threshold
@check("003_ch07.audit.AU37.threshold", spec="003_ch07.audit.AU37")
def _au37(ctx):
    gamma = 1.0
    gF = np.array([0.0, 0.0])             # ||∇F|| = 0
    gt = np.array([gamma, 0.0])           # ||∇̃|| = γ, error = γ (allowed by Lemma 7.3.8)
    err = float(np.linalg.norm(gt - gF))
    if not (np.linalg.norm(gt) >= gamma and np.linalg.norm(gF) < 4 * err):
        return fail("counterexample", "")
    # descent identity: F(x+) − F(x) <= (η/2)(||g − a||² − ||a||²) = (η/2)γ² > 0 here: no descent
    return proof_gap(claimed="Lemma 7.3.9's proof applies Lemma 7.3.2's descent whenever ||∇̃_i|| >= γ (L5977-5979)",
                   computed=f"||∇̃|| = γ with error ||∇̃ − ∇F|| = γ (Lemma 7.3.8's bound) allows ∇F = 0, so ||∇F|| >= 4·error fails and "
                            "the exact bound (η/2)(||∇̃−∇F||² − ||∇F||²) = +ηγ²/2 gives no decrease; with ||∇̃|| >= 5γ, ||∇F|| >= 4γ >= 4·error",
                   counterexample="∇F(x) = 0, ∇̃ = γ e1 (error exactly γ): ||∇̃|| >= γ but the step can increase F (up to ηγ²/2)",
                   precision="exact")
