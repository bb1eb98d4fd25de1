"""Explicit Thm 2 bound and its inversion (Cor 4.1 / Remark 1; spec 001.cor4_1, 001.remark1)."""
import mpmath
import pytest
from hypothesis import given, settings, strategies as st

from reference.interpolation.schedule import thm2_explicit_bound, thm2_sample_complexity


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 120), st.sampled_from([1.0, 0.5, 0.1]), st.sampled_from([1, 100]))
def test_sample_complexity_is_the_crossing(j, rho, d):
    a = mpmath.mpf(10) ** (-j)
    n = thm2_sample_complexity(a, rho=rho, d=d)
    assert thm2_explicit_bound(n, mu=1 / mpmath.mpf(rho), d=d) <= a
    assert thm2_explicit_bound(n / (1 + mpmath.mpf(1e-9)), mu=1 / mpmath.mpf(rho), d=d) > a
    # monotone in alpha
    assert thm2_sample_complexity(a / 10, rho=rho, d=d) >= n


def test_bad_inputs():
    with pytest.raises(ValueError, match="alpha"):
        thm2_sample_complexity(2.0, rho=0.5)
    with pytest.raises(ValueError, match="rho"):
        thm2_sample_complexity(1e-3)
    with pytest.raises(ValueError, match="beta_rule"):
        thm2_sample_complexity(1e-3, rho=1, beta_rule="x")
    with pytest.raises(ValueError, match="n must be"):
        thm2_explicit_bound(2)
