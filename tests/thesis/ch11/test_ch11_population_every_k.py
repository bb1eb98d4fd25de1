"""Thm 11.3.5's per-k parameters (every_k_scaled) and Remark 11.3.7's closed-form supremum."""
import math

import numpy as np
import pytest

from proofs_checks.thesis.ch11.population_every_k import printed_regime_steps, thm1135_parameters
from proofs_checks.thesis.ch11.remark_rates import remark1137_sup_ratio
from reference.thesis.ch11.dp_sgd import restricted_lipschitz_diag


def test_thm1135_parameters_follow_the_printed_formulas():
    d, n, sigma = 64, 48, 9.0
    Gk = restricted_lipschitz_diag(np.arange(1, d + 1, dtype=float) ** -2.0)
    P = thm1135_parameters(n, d, 4, 1.0, 1e-5, 1.0, Gk, sigma)
    T = n * n + math.ceil(d * math.log(d) ** 2)
    assert P["T"] == T == printed_regime_steps(n, d)
    assert P["S"] == 5                                              # ⌊log₂(64/4)⌋ + 1
    assert P["eta"] == pytest.approx(math.sqrt(1 / (T * (T / n + 4 * sigma ** 2))))
    assert P["alpha"] == pytest.approx(math.sqrt(sum(s * s * 2 ** s * Gk[2 ** (s - 1) * 4] ** 2 for s in range(1, 6))))
    at_d = thm1135_parameters(n, d, d, 1.0, 1e-5, 1.0, Gk, sigma)  # k = d: S = 1, tail G_d = 0, α = 0
    assert at_d["S"] == 1 and at_d["alpha"] == 0.0
    with pytest.raises(ValueError, match="k must lie"):
        thm1135_parameters(n, d, 0, 1.0, 1e-5, 1.0, Gk, sigma)


def test_remark1137_supremum_matches_a_grid():
    for c, q, eps in ((0.55, 1.0, 1.0), (1.0, 2.0, 0.5)):
        a = 2 * c / (1 + 2 * c)
        n = np.exp(np.linspace(1e-6, 200, 200_001))
        r = (np.sqrt(q * np.log(n)) / (eps * n)) ** a * np.sqrt(n)
        assert r.max() <= remark1137_sup_ratio(c, q, eps) * (1 + 1e-12)
        assert r.max() >= remark1137_sup_ratio(c, q, eps) * (1 - 1e-6)
    with pytest.raises(ValueError, match="c > 1/2"):
        remark1137_sup_ratio(0.5, 1.0, 1.0)
