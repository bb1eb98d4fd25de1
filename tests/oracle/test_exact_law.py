"""The exact-law tests (reference/oracle/exact_law.py): their null laws, their computed power, singular laws.

Declared false-failure probability of every call below: alpha = 1e-6 (Bonferroni over its statistics); fixed seeds.
"""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from reference.core.tree import prefix_noise_covariance
from reference.oracle.exact_law import LawSpec, _detectable, _pvalues, exact_law_test


def test_null_p_values_are_uniform():
    """Under the null each statistic's p-value is (super-)uniform: over 400 columns of N(0, 1) samples the fraction
    of p < 0.05 stays below 0.05 + 4.5 binomial sds (mean, variance: exact continuous laws; tail: discrete, two-sided
    conservative).  Probability of a false failure of this test: <= 4 * P(Bin(400, .05) > 20 + 4.5*4.36) < 1e-6."""
    R = np.random.default_rng(0).standard_normal((2000, 400))
    res = _pvalues(R, 1e-6)
    for stat in ("mean", "variance", "tail"):
        frac = float(np.mean(res[stat][1] < 0.05))
        assert frac < 0.05 + 4.5 * np.sqrt(0.05 * 0.95 / 400), (stat, frac)


def test_correct_gaussian_and_tree_samples_pass():
    rng = np.random.default_rng(1)
    C = prefix_noise_covariance(13, 0.7)
    X = rng.standard_normal((20000, 13)) @ np.linalg.cholesky(C).T + 3.0
    assert exact_law_test(X, LawSpec("gaussian", 3.0 * np.ones(13), C, stride=1)).ok
    Y = rng.laplace(1.0, 0.5, size=(20000, 3))
    assert exact_law_test(Y, LawSpec("laplace", np.ones(3), scale=0.5)).ok


def test_reported_power_is_achieved():
    """The detectable effects are what they claim: at n = 5000 and the per-statistic level of a small call, samples
    with exactly the detectable mean bias / std ratio are rejected (each with probability >= 0.99 by construction;
    checked on 3 seeds: all 3 rejected with probability >= 0.97)."""
    n, k = 5000, 2
    law = LawSpec("gaussian", np.zeros(k), np.eye(k))
    rng = np.random.default_rng(2)
    d0 = exact_law_test(rng.standard_normal((n, k)), law).detectable
    for _ in range(3):
        Z = rng.standard_normal((n, k))
        bias = Z.copy(); bias[:, 0] += d0["mean_bias_sd"] * 1.001
        assert not exact_law_test(bias, law).ok
        wide = Z * d0["pooled_std_ratio_hi"] * 1.001
        assert not exact_law_test(wide, law).ok


def test_detectable_effects_shrink_like_one_over_sqrt_n():
    a = 1e-8
    d1, d4 = _detectable(10000, a), _detectable(40000, a)
    assert d4["mean_bias_sd"] == pytest.approx(d1["mean_bias_sd"] / 2, rel=1e-9)
    assert d4["std_ratio_hi"] - 1 < 0.52 * (d1["std_ratio_hi"] - 1)
    assert 2 * stats.norm.sf(3) < d4["tail_prob_hi"] < d1["tail_prob_hi"]


def test_singular_law_requires_exact_equality_on_its_kernel():
    """sigma = 0 coordinates (zero variance) must be reproduced exactly; the random ones are still tested."""
    rng = np.random.default_rng(3)
    cov = np.diag([1.0, 0.0, 4.0])
    X = np.c_[rng.standard_normal(3000), np.full(3000, 2.0), 2 * rng.standard_normal(3000)]
    law = LawSpec("gaussian", [0.0, 2.0, 0.0], cov)
    assert exact_law_test(X, law).ok
    X[5, 1] = 2.001
    res = exact_law_test(X, law)
    assert not res.ok and "zero variance" in res.message and "coordinate[1]" in res.message


def test_wrong_dimension_and_non_finite_are_reported():
    law = LawSpec("gaussian", np.zeros(2), np.eye(2))
    assert "values" in exact_law_test(np.zeros((10, 3)), law).message
    X = np.random.default_rng(0).standard_normal((100, 2)); X[3, 1] = np.nan
    assert "non-finite" in exact_law_test(X, law).message
    with pytest.raises(ValueError, match="alpha"):
        exact_law_test(np.zeros((10, 2)), law, alpha=0)
