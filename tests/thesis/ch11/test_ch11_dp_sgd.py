"""Tests for thesis 003 chapter 11: Alg 35 DP-SGD and the geometric-median test problem."""
from __future__ import annotations

import numpy as np
import pytest

from reference.core.oracles import QueryCounter
from reference.thesis.ch11.dp_sgd import (dp_sgd_epsilon, dp_sgd_regularized, geometric_median_grad,
                                          restricted_lipschitz_diag)


def test_dp_sgd_predrawn_noise_bit_identical_and_counts():
    rng = np.random.default_rng(0)
    data = rng.normal(size=(8, 3))
    A = np.diag([1.0, 0.5, 0.25])
    grad = geometric_median_grad(A)
    j, z = rng.integers(0, 8, size=20), rng.standard_normal((20, 3))
    c = QueryCounter()
    tr = []
    a = dp_sgd_regularized(data, grad, np.zeros(3), sigma=0.5, T=20, eta=0.05, G=1.0, alpha=0.1, noise=(j, z),
                           counter=c, trace=tr)
    b = dp_sgd_regularized(data, grad, np.zeros(3), sigma=0.5, T=20, eta=0.05, G=1.0, alpha=0.1, noise=(j, z))
    assert np.array_equal(a, b) and c.calls == 20 and len(tr) == 20
    assert np.allclose(a, np.mean(tr, axis=0))


def test_dp_sgd_without_noise_and_linear_loss_matches_closed_form():
    g = np.array([1.0, -2.0])
    x = dp_sgd_regularized([0], lambda x, s: g, np.zeros(2), sigma=0.0, T=3, eta=0.1, G=1.0, alpha=0.0,
                           rng=np.random.default_rng(1))
    assert np.allclose(x, -0.1 * g * np.mean([1, 2, 3]))


def test_dp_sgd_rejects_bad_parameters():
    with pytest.raises(ValueError, match="eta"):
        dp_sgd_regularized([0], lambda x, s: x, np.zeros(1), sigma=1.0, T=1, eta=0.0, G=1.0, alpha=0.0,
                           rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="T"):
        dp_sgd_regularized([0], lambda x, s: x, np.zeros(1), sigma=1.0, T=0, eta=0.1, G=1.0, alpha=0.0,
                           rng=np.random.default_rng(0))


def test_restricted_lipschitz_coefficients_and_accountant_monotone():
    G = restricted_lipschitz_diag([1.0, 0.25, 1 / 9])
    assert np.allclose(G, [1.0, 0.5, 1 / 3, 0.0])
    assert dp_sgd_epsilon(100, 10000, 4.0, 1e-6) < dp_sgd_epsilon(100, 10000, 2.0, 1e-6)
