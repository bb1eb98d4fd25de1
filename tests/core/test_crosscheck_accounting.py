"""Cross-checks of reference.core.accounting against Google's dp-accounting (optional extra ``crosscheck``).

Skipped when dp_accounting is not installed. Agreement thresholds are relative and stated per test; measured
magnitudes (2026-11, dp-accounting 0.6.0): gaussian delta rel diff <= 1e-9 (their float path), integer-order
sampled-Gaussian RDP rel diff <= 1e-12, DP-SGD eps rel diff <= 1e-12; fractional orders are compared with exact
quadrature in proofs_checks/crosscheck, not here (their fractional series is not exact).
"""
from __future__ import annotations

import math

import pytest

dp_accounting = pytest.importorskip("dp_accounting")

from dp_accounting.pld import pld_privacy_accountant  # noqa: E402
from dp_accounting.rdp import rdp_privacy_accountant as rdp_mod  # noqa: E402

from reference.core import accounting as A  # noqa: E402


@pytest.mark.parametrize("eps", [0.1, 1.0, 3.0, 8.0])
@pytest.mark.parametrize("sigma", [0.5, 1.0, 4.0])
def test_gaussian_delta_matches(eps, sigma):
    """dp-accounting's PLD accountant for one Gaussian mechanism (pessimistic discretization, so >= exact)."""
    acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-3)
    acc.compose(dp_accounting.GaussianDpEvent(sigma))
    theirs = acc.get_delta(eps)
    ours = A.gaussian_delta(eps, sigma)
    assert theirs >= ours * (1 - 1e-9)                 # their pessimistic estimate is an upper bound
    if ours > 1e-12:
        assert abs(theirs - ours) <= 1e-3 * ours + 1e-12  # discretization error


@pytest.mark.parametrize("q,sigma", [(0.01, 1.0), (0.1, 0.7), (0.5, 2.0), (1e-4, 0.5), (0.999, 1.5)])
def test_rdp_subsampled_gaussian_matches(q, sigma):
    orders = [2, 3, 5, 8, 16, 32, 64, 128, 256]
    theirs = rdp_mod._compute_rdp_poisson_subsampled_gaussian(q, sigma, orders)
    for a, t in zip(orders, theirs):
        ours = A.rdp_subsampled_gaussian(a, q, sigma)
        if math.isfinite(t) and t > 0:
            assert abs(ours - t) <= 1e-10 * t, (a, ours, t)
    # Fractional orders are not compared here: dp-accounting's fractional series is NOT exact (it over-estimates,
    # e.g. +839% at q=0.1, sigma=10, alpha=1.01), so neither side is a reference for the other. The comparison
    # against exact quadrature is the check core.xchk.dpacc.rdp_frac.* (proofs_checks/crosscheck).


@pytest.mark.parametrize("q,sigma,T,delta", [(0.01, 1.0, 1000, 1e-5), (0.004, 1.1, 10000, 1e-6), (0.1, 2.0, 100, 1e-5),
                                              (1.0, 5.0, 10, 1e-5)])
def test_dpsgd_epsilon_matches(q, sigma, T, delta):
    orders = list(range(2, 257))
    acc = rdp_mod.RdpAccountant(orders)
    acc.compose(dp_accounting.PoissonSampledDpEvent(q, dp_accounting.GaussianDpEvent(sigma)), T)
    theirs, order_t = acc.get_epsilon_and_optimal_order(delta)
    ours, order_o = A.dpsgd_epsilon(q, sigma, T, delta, orders=orders, return_order=True)
    iv = A.dpsgd_epsilon(q, sigma, T, delta, orders=orders, certified=True)
    assert abs(ours - theirs) <= 1e-10 * theirs, (ours, theirs)
    assert iv.lo <= ours <= iv.hi
    assert order_o == order_t
