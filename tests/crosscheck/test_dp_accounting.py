"""Agreements with Google's dp-accounting that must hold (optional extra ``crosscheck``; skipped without it).

Measured values and findings: specs/core.crosscheck.toml (core.xchk.dpacc_*).
"""
from __future__ import annotations

import math

import pytest

dp_accounting = pytest.importorskip("dp_accounting")

from proofs_checks.crosscheck import _thirdparty as tp  # noqa: E402
from proofs_checks.crosscheck._truth import exact_delta, exact_eps, sgm_rdp_quad  # noqa: E402
from reference.core import accounting as A  # noqa: E402


@pytest.mark.parametrize("q,sigma", [(1e-6, 1.0), (1e-3, 0.5), (0.01, 1.0), (0.5, 2.0), (0.999, 0.3)])
def test_rdp_integer_orders_match(q, sigma):
    """Integer orders: |theirs - exact| <= 1e-9 exact + 1e-15 (float64 log-space floor)."""
    orders = [2, 3, 5, 16, 64, 256]
    ours = A.rdp_subsampled_gaussian_arb(orders, q, sigma)
    with tp.quiet():
        theirs = tp.dpacc_rdp(q, sigma, orders)
    for a, t in zip(orders, theirs):
        o = float(ours[a].mid())
        assert abs(t - o) <= 1e-9 * o + 1e-15, (a, t, o)


@pytest.mark.parametrize("q,sigma,alpha", [(0.1, 10.0, 1.01), (0.01, 1.0, 2.5), (0.5, 2.0, 10.5), (1e-6, 1.0, 1.5)])
def test_fractional_rdp_is_an_upper_bound(q, sigma, alpha):
    """Fractional orders: dp-accounting's series is >= the exact D_alpha (not equal: see the spec's erratum)."""
    with tp.quiet():
        t = tp.dpacc_rdp(q, sigma, [alpha])[0]
    assert t >= sgm_rdp_quad(alpha, q, sigma) * (1 - 1e-9)


@pytest.mark.parametrize("q,sigma,T,delta", [(0.01, 1.0, 1000, 1e-5), (0.5, 1.0, 1, 1e-12), (1.0, 2.0, 10, 1e-8)])
def test_rdp_epsilon_matches_ours_and_is_valid(q, sigma, T, delta):
    orders = list(range(2, 129))
    with tp.quiet():
        theirs, o_t = tp.dpacc_rdp_eps(q, sigma, T, delta, orders)
    ours, o_o = A.dpsgd_epsilon(q, sigma, T, delta, orders=orders, return_order=True)
    assert theirs == pytest.approx(ours, rel=1e-9)
    assert o_t == o_o
    ex = exact_eps(delta, q, sigma, T)
    if ex is not None:
        assert theirs >= ex[0]


@pytest.mark.parametrize("sigma,T", [(1.0, 1), (2.0, 10)])
def test_pld_gaussian_valid_at_moderate_delta(sigma, T):
    """At delta = 1e-5 the pessimistic PLD eps of the Gaussian mechanism is a valid upper bound (exact check)."""
    with tp.quiet():
        e = tp.dpacc_pld_eps(1.0, sigma, T, 1e-5)
    assert A.gaussian_delta(e, sigma / math.sqrt(T)) <= 1e-5 * (1 + 1e-9)
    assert e - A.gaussian_epsilon(1e-5, sigma / math.sqrt(T)) < 0.01


def test_pld_sgm_t1_is_valid():
    q, sigma, delta = 0.01, 1.0, 1e-5
    with tp.quiet():
        e = tp.dpacc_pld_eps(q, sigma, 1, delta)
    assert exact_delta(e, q, sigma, 1) <= delta * (1 + 1e-9)
    assert e - exact_eps(delta, q, sigma, 1)[1] < 0.01
