"""Tests of the ground truth used by the cross-checks (proofs_checks/crosscheck/_truth.py); no third-party package.

Spec: specs/core.crosscheck.toml (core.xchk.truth_t1, core.xchk.truth_lower).
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofs_checks.crosscheck import _truth as TR
from proofs_checks.crosscheck.xchk_truth import _quad_t1
from reference.core.accounting import gaussian_delta, rdp_subsampled_gaussian


@pytest.mark.parametrize("q,sigma,eps", [(0.01, 1.0, 0.2), (0.5, 1.0, 3.0), (0.999, 1.0, 0.01), (1e-3, 2.0, 1.0)])
def test_t1_closed_form_matches_quadrature(q, sigma, eps):
    rem, add = TR.sgm_delta_t1(eps, q, sigma)
    assert float(rem) == pytest.approx(_quad_t1(eps, q, sigma, "remove"), rel=1e-10)
    qa = _quad_t1(eps, q, sigma, "add")
    assert float(add) == pytest.approx(qa, rel=1e-10, abs=1e-300)
    assert (add == 0) == (eps >= -math.log1p(-q))


@pytest.mark.parametrize("eps,sigma", [(0.0, 1.0), (1.0, 0.5), (5.0, 3.0)])
def test_t1_q1_is_gaussian(eps, sigma):
    """q = 1: both directions are the Gaussian mechanism's (symmetric) curve."""
    rem, add = TR.sgm_delta_t1(eps, 1.0, sigma)
    g = gaussian_delta(eps, sigma)
    assert float(rem) == pytest.approx(g, rel=1e-14)
    assert float(add) == pytest.approx(g, rel=1e-14)


@settings(max_examples=8)
@given(q=st.floats(1e-3, 0.999), sigma=st.floats(0.5, 4.0), eps=st.floats(0.01, 6.0))
def test_lower_bound_below_exact_t1(q, sigma, eps):
    exact = float(TR.sgm_delta_t1(eps, q, sigma)[0])
    lb = TR.SgmLowerBound(q, sigma, 1, "remove", eps).delta_lower(eps)
    assert lb <= exact * (1 + 1e-12)
    if exact > 1e-200:
        assert lb >= 0.99 * exact


def test_lower_bound_below_gaussian_limit():
    """delta_{T,q} <= delta_{T,1} = Gaussian(sigma/sqrt T) (post-processing order in q), and tight as q -> 1."""
    s, T, e = 2.0, 16, 6.0
    lb = TR.SgmLowerBound(1 - 1e-9, s, T, "remove", e).delta_lower(e)
    g1 = gaussian_delta(e, s / math.sqrt(T))
    assert lb <= g1 * (1 + 1e-12)
    assert lb >= 0.999 * g1


def test_fft_error_within_allowance():
    """The FFT allowance FFT_K u log2(N) ||a||_2 ||b||_2 per entry covers the measured error on tilted pmfs of a real
    run (reference: long-double FFT convolution), with room to spare."""
    import scipy.fft as sf
    from scipy.signal import fftconvolve

    b = TR.SgmLowerBound(0.1, 1.0, 1, "remove", 2.0)
    lp, _ = b._step_logmass()
    a = b._tilt(lp, 3.0).t
    c = fftconvolve(a, a)
    n = len(c)
    N = sf.next_fast_len(n)
    A = sf.rfft(a.astype(np.longdouble), N)
    ref = sf.irfft(A * A, N)[:n]
    nfft = 1 << (n - 1).bit_length()
    bound = TR.U64 * math.log2(nfft) * np.linalg.norm(a) ** 2
    ratio = float(np.max(np.abs(c - ref))) / bound
    assert ratio <= TR.FFT_K / 2
    l1_allow = n * TR.FFT_K * bound
    assert float(np.sum(np.abs(c - ref))) <= l1_allow / 10


@pytest.mark.parametrize("alpha,q,sigma", [(2, 0.01, 1.0), (7, 0.1, 0.7), (32, 1e-3, 2.0), (3, 1e-6, 1.0)])
def test_rdp_quad_matches_integer_orders(alpha, q, sigma):
    assert TR.sgm_rdp_quad(alpha, q, sigma) == pytest.approx(rdp_subsampled_gaussian(alpha, q, sigma), rel=1e-9)


@pytest.mark.parametrize("kw,match", [
    (dict(q=0.0, sigma=1.0, T=2, direction="remove", eps_center=1.0), "q in"),
    (dict(q=1.0, sigma=1.0, T=2, direction="remove", eps_center=1.0), "q in"),
    (dict(q=0.1, sigma=-1.0, T=2, direction="remove", eps_center=1.0), "sigma"),
    (dict(q=0.1, sigma=1.0, T=0, direction="remove", eps_center=1.0), "T"),
    (dict(q=0.1, sigma=1.0, T=2, direction="both", eps_center=1.0), "direction"),
])
def test_lower_bound_validation(kw, match):
    with pytest.raises(ValueError, match=match):
        TR.SgmLowerBound(**kw)


def test_checks_skip_cleanly_without_packages(monkeypatch):
    """Every third-party cross-check returns SKIPPED ('package X not installed') when its package is absent."""
    from proofs_checks.crosscheck import _thirdparty as tp
    from proofs_checks.framework import CheckContext, Verdict, discover

    monkeypatch.setattr(tp, "have", lambda module: False)
    reg = discover()
    ids = [cid for cid in reg if cid.startswith("core.xchk.") and not cid.startswith("core.xchk.truth.")]
    assert len(ids) >= 14
    for cid in ids:
        out = reg[cid].fn(CheckContext(cid, "full"))
        assert out.verdict is Verdict.SKIPPED, cid
        assert "not installed" in out.details, cid
