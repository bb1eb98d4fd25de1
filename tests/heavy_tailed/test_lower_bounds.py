"""Tests for doc 004 lower-bound machinery."""
import math
from fractions import Fraction

import numpy as np
from hypothesis import given, strategies as st

from reference.heavy_tailed import lower_bounds as lb


@given(st.floats(1e-6, 1.0), st.floats(2.0, 10.0))
def test_packing_moment_le_one(p, k):
    assert lb.packing_central_moment(p, k) <= 1 + 1e-12


def test_packing_sampler_mean():
    """Mean of Q_nu: exact target p^{(k-1)/k} nu; binomial count test with 6-sigma band (false-failure < 1e-8)."""
    rng = np.random.default_rng(0)
    nu = np.array([1, 0, 1, 0]); p, k, n = 0.1, 3.0, 200000
    X = lb.sample_packing(nu, p, k, n, rng)
    hits = int((X[:, 0] > 0).sum())
    assert abs(hits - n * p) <= 6 * math.sqrt(n * p * (1 - p))
    assert np.allclose(lb.packing_mean(nu, p, k), p ** ((k - 1) / k) * nu)


def test_gv_small_cases():
    assert lb.gv_bound(8) == Fraction(70, 1)
    assert lb.gv_bound(16) >= 4


def test_fano_rhs_monotone_in_rho():
    a = lb.cdp_fano_rhs(1.0, 64, 50, 0.1, 0.05)
    b = lb.cdp_fano_rhs(1.0, 64, 50, 0.2, 0.05)
    assert a > b


def test_lb_positive():
    v, p = lb.lb_mean_cdp(10 ** 4, 64, 2, 1.0)
    assert v > 0 and 0 < p <= 1
