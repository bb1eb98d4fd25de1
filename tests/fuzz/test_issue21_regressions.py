"""Pinned cases of issue 21 (each was a hang, a crash or a silent wrong value before the fix)."""
import math
import signal

import numpy as np
import pytest

from reference.core import mechanisms as M
from reference.heavy_tailed.mean_estimators import cdp_cwme_sigma
from reference.interpolation.privacy import alg4_sigma
from reference.srgd.params import sigma_cor5_7_printed
from reference.srgd.privacy import tree_release_mu
from reference.thesis.ch01.algorithms import ac_sa
from reference.thesis.ch01.privacy import canary_sum_delta, tcdp_sigma


def _alarm(seconds):
    def boom(*_):
        raise TimeoutError(f"did not return within {seconds} s")
    signal.signal(signal.SIGALRM, boom)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def test_canary_sum_delta_returns_on_valid_input():
    # T ln(1 - q) = 50 ln(0.99) = -0.50 > -eps = -1: the old bracket search for log p/q = -eps never ended
    _alarm(60)
    try:
        d = canary_sum_delta(1000, 10, 50, 1.0, 1.0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    assert math.isfinite(d) and 0 <= d <= 1


@pytest.mark.parametrize("bad", [float("nan"), -1.0, 0.0])
def test_tcdp_sigma_refuses_bad_sensitivity(bad):
    with pytest.raises(ValueError, match="sensitivity"):
        tcdp_sigma(1000, 10, 50, 1.0, 1e-5, sensitivity=bad)


@pytest.mark.parametrize("call,name", [
    (lambda: sigma_cor5_7_printed(1.0, 1.0, 16, 1e-5, -1.0, 2.0, 1.0), "epsilon"),
    (lambda: tree_release_mu(1.0, 2, 1.0, -1.0, 16), "sigma"),
    (lambda: alg4_sigma(1.0, 0.1, 3, -1.0, 1e-5), "epsilon"),
    (lambda: cdp_cwme_sigma(100, 3, -1.0, 2, 0.5), "tau"),
])
def test_no_negative_noise_scale(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_exponential_mechanism_at_huge_epsilon():
    p = M.exponential_mechanism_probabilities([0.0, 1.0, 2.0], 1e308, 1e-3)
    assert np.all(np.isfinite(p)) and p.sum() == 1.0 and p[2] == 1.0
    for method in ("inverse_cdf", "gumbel"):
        assert M.exponential_mechanism([0.0, 1.0, 2.0], 1e308, 0.1, np.random.default_rng(0), method=method) == 2


def test_ac_sa_with_zero_smoothness():
    out = ac_sa(np.ones(2), 5, 0.0, 0.5, lambda w: w)        # L = 0 is admissible (mu > 0)
    assert np.all(np.isfinite(out))
    with pytest.raises(ValueError, match="L and mu"):
        ac_sa(np.ones(2), 5, 0.0, 0.0, lambda w: w)


def test_bools_are_not_numbers():
    with pytest.raises(TypeError, match="N"):
        tcdp_sigma(True, 10, 50, 1.0, 1e-5)
    with pytest.raises(TypeError, match="epsilon"):
        alg4_sigma(1.0, 0.1, 3, True, 1e-5)
