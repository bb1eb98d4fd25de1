"""H12.4 experiment instance: the closed-form moments of the heavy-tailed law, and one small end-to-end cell."""
import math

import numpy as np

from proofs_checks.thesis.ch12.headline_h12_4 import _cell, _draw, _moments


def test_closed_form_second_moment_matches_sampling():
    rng = np.random.default_rng(0)
    mu, d = 0.5, 8
    s = _draw(rng, 400_000, d, mu)
    G2, G4 = _moments(mu, d)
    assert abs(np.mean((s ** 2).sum(1)) / G2 ** 2 - 1) < 0.02
    assert abs(np.mean(s[:, 0]) - mu) < 0.01
    assert G4 > G2                                   # Lyapunov: the 4th-moment constant dominates


def test_small_cell_is_private_and_counts_queries():
    exc, b, rho_phase, eta, C = _cell(np.random.default_rng(1), 256, 4, 0.5, 4, 1.0, 2)
    assert math.isclose(rho_phase, 0.5 / 4, rel_tol=1e-12)       # each phase ρ/4 (one phase reads a sample)
    assert len(exc) == 2 and b > 0 and eta > 0 and C > 0
