"""Agreements with Microsoft's prv-accountant that must hold (optional extra ``crosscheck``; skipped without it).
Measured values: specs/core.crosscheck.toml (core.xchk.prv_bounds).
"""
from __future__ import annotations

import pytest

prv_accountant = pytest.importorskip("prv_accountant")

from proofs_checks.crosscheck import _thirdparty as tp  # noqa: E402
from proofs_checks.crosscheck._truth import eps_upper_rdp, exact_eps, judge  # noqa: E402


@pytest.mark.parametrize("q,sigma,delta", [(0.01, 1.0, 1e-5), (0.5, 1.0, 1e-12), (0.999, 1.0, 1e-12)])
def test_bounds_bracket_exact_one_step(q, sigma, delta):
    with tp.quiet():
        lo, est, up = tp.prv_eps(q, sigma, 1, delta)
    ex_lo, ex_hi = exact_eps(delta, q, sigma, 1)
    assert lo <= ex_lo and ex_hi <= up
    assert lo <= est <= up
    assert abs(est - ex_hi) < 1e-3


def test_bounds_bracket_full_batch():
    with tp.quiet():
        lo, est, up = tp.prv_eps(1.0, 1.0, 10, 1e-12)
    ex_lo, ex_hi = exact_eps(1e-12, 1.0, 1.0, 10)
    assert lo <= ex_lo and ex_hi <= up


def test_upper_above_lower_bound_composed():
    q, sigma, T, delta = 0.01, 1.0, 100, 1e-5
    with tp.quiet():
        lo, est, up = tp.prv_eps(q, sigma, T, delta)
    dl, t_lo, kind = judge(up, delta, q, sigma, T)
    assert dl <= delta and t_lo <= up
    assert lo <= eps_upper_rdp(delta, q, sigma, T)
