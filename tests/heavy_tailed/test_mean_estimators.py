"""Tests for doc 004 mean estimators (Alg. 3, CDPCWME, DPCWME, Alg. 4).

Statistical tests use fixed seeds and declare their false-failure probability in the docstring."""
import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy import stats

from reference.heavy_tailed import distributions as D
from reference.heavy_tailed import mean_estimators as me


def test_cwme_matches_definition():
    rng = np.random.default_rng(1)
    X = rng.standard_t(2, size=(103, 3)) * 20
    tau, beta = 2.0, 0.3
    m = me.cwme_num_blocks(3, beta)
    assert m == math.ceil(4 * math.log(2 * 3 / beta))
    b = 103 // m
    ref = np.empty(3)
    for j in range(3):
        means = [np.mean(np.clip(X[i * b:(i + 1) * b, j], -3 * tau, 3 * tau)) for i in range(m)]
        ref[j] = np.median(means)
    assert np.allclose(me.cwme(X, tau, beta), ref, rtol=1e-14, atol=1e-14)


@given(st.integers(1, 4), st.integers(1, 6), st.integers(1, 5), st.floats(0.05, 50), st.integers(0, 10 ** 6))
def test_cwme_sensitivity_property(d, m, b, tau, seed):
    """Replace-one neighbours: every coordinate moves by at most 6 tau / b (exact bound, no randomness in the claim)."""
    rng = np.random.default_rng(seed)
    n = m * b + int(rng.integers(0, m))
    X = rng.standard_cauchy((n, d)) * tau * 3
    Xp = X.copy()
    Xp[rng.integers(0, n)] = rng.choice([np.inf, -np.inf, 1e9, -1e9, 0.0], size=d)
    diff = np.abs(me.cwme(X, tau, 0.5, m=m) - me.cwme(Xp, tau, 0.5, m=m))
    assert diff.max() <= 6 * tau / (n // m) * (1 + 1e-12)
    # the shared function states the same bound (it calibrates the noise: a survivor of the mutation benchmark)
    assert diff.max() <= me.cwme_sensitivity(n, d, tau, m, which="true", norm="linf") * (1 + 1e-12)


@pytest.mark.parametrize("n,tau", [(5, 1.0), (12, 0.3)])
def test_cwme_sensitivity_attained(n, tau):
    """cwme_sensitivity(which="true") is attained (m = 1: one point moved from -inf to +inf moves the clipped mean
    by 6 tau / n), so a smaller calibration would be wrong (issue 21 mutation survivor)."""
    X = np.zeros((n, 2))
    X[0] = -np.inf
    Xp = X.copy()
    Xp[0] = np.inf
    diff = np.abs(me.cwme(X, tau, 0.5, m=1) - me.cwme(Xp, tau, 0.5, m=1)).max()
    assert diff == pytest.approx(me.cwme_sensitivity(n, 2, tau, 1, which="true", norm="linf"), rel=1e-12)


def test_cdp_cwme_bit_identical_with_noise():
    rng = np.random.default_rng(5)
    X = rng.standard_normal((200, 4))
    z = np.random.default_rng(9).standard_normal(4)
    a = me.cdp_cwme(X, 0.3, 10.0, 0.2, np.random.default_rng(9))
    b = me.cdp_cwme(X, 0.3, 10.0, 0.2, noise=z)
    assert np.array_equal(a, b)
    za = np.random.default_rng(2).laplace(0, 1, 4)
    assert np.array_equal(me.dp_cwme(X, 1.0, 10.0, 0.2, np.random.default_rng(2)), me.dp_cwme(X, 1.0, 10.0, 0.2, noise=za))


def test_cdp_cwme_law_matches_reimplementation():
    """Distributional oracle test: an independent re-implementation (block loop + its own draws) agrees in law.
    Two-sample KS at level 1e-6 (false-failure <= 1e-6)."""
    rng = np.random.default_rng(11)
    X = rng.standard_t(3, size=(90, 1))
    tau, beta, rho = 3.0, 0.4, 0.2
    m = me.cwme_num_blocks(1, beta); b = 90 // m
    base = np.median([np.clip(X[i * b:(i + 1) * b, 0], -3 * tau, 3 * tau).mean() for i in range(m)])
    sigma = math.sqrt((12 * tau / b) ** 2 / (2 * rho))
    g = np.random.default_rng(12)
    ours = np.array([me.cdp_cwme(X, rho, tau, beta, g)[0] for _ in range(3000)])
    theirs = base + sigma * np.random.default_rng(13).standard_normal(3000)
    assert stats.ks_2samp(ours, theirs).pvalue > 1e-6


@pytest.mark.parametrize("bad", [dict(tau=0.0), dict(tau=-1.0), dict(beta=1.0), dict(beta=0.0)])
def test_cwme_validation(bad):
    kw = dict(tau=1.0, beta=0.5)
    kw.update(bad)
    with pytest.raises(ValueError, match="tau|beta"):
        me.cwme(np.zeros((50, 2)), kw["tau"], kw["beta"])


def test_cwme_rejects_nan_and_small_n():
    with pytest.raises(ValueError, match="NaN"):
        me.cwme(np.array([[np.nan]] * 20), 1.0, 0.5)
    with pytest.raises(ValueError, match="n must be"):
        me.cwme(np.zeros((2, 1)), 1.0, 0.5)
    with pytest.raises(ValueError, match="rho"):
        me.cdp_cwme(np.zeros((50, 1)), -1.0, 1.0, 0.5, np.random.default_rng(0))


def test_psi_closed_form_vs_quadrature():
    mp.mp.dps = 25
    for c in (0.05, 0.7, 3.0):
        for y in (0.02, 0.9, 1.5, 4.0, 250.0, -3.0):
            q = float(me.psi_mp(y, c, method="quad"))
            assert abs(float(me.psi(np.array([y]), c)[0]) - q) < 1e-12


@given(st.floats(0.01, 20), st.floats(-1e6, 1e6))
def test_psi_odd_and_bounded(c, y):
    v = me.psi(np.array([y, -y]), c)
    assert v[0] == pytest.approx(-v[1], abs=1e-12)
    assert abs(v[0]) <= me.psi_sup(c) + 1e-12


def test_nsme_unbiased_for_its_exact_target():
    """E[CDPNSME(X)] = (tau/n) sum E psi_c(x/tau): for three-point data the exact target is a finite sum.
    Monte Carlo over data and noise, N = 4000 runs; z-test at |z| <= 5.3 (false-failure <= 1e-7 by Gaussian tail;
    the estimate is an average of bounded + Gaussian terms)."""
    rng = np.random.default_rng(21)
    L = D.three_point(2, 3.0)
    tau, c, rho, n = 2.0, 0.5, 1.0, 30
    atoms = np.array([-3.0, 0.0, 3.0]) + 0.7; w = np.array([1 / 18, 1 - 1 / 9, 1 / 18])
    target = tau * float((w * me.psi(atoms / tau, c)).sum())
    vals = np.array([me.cdp_nsme(L.sample(rng, n, 1, 0.7), rho, tau, rng, c=c)[0] for _ in range(4000)])
    z = (vals.mean() - target) / (vals.std(ddof=1) / math.sqrt(len(vals)))
    assert abs(z) < 5.3


def test_nsme_printed_vs_corrected_noise():
    s = me.psi_sup(0.01)
    assert me.nsme_sigma(10, 2, 3.0, 0.5, 0.01, variant="corrected") == pytest.approx(
        math.sqrt(2) * s * me.nsme_sigma(10, 2, 3.0, 0.5, 0.01, variant="printed"))
    assert 2 * me.psi_sup(me.C_STAR) ** 2 == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("law", [D.three_point(3, 2.0), D.student_t(3), D.pareto(3)])
def test_generators_exact_moment(law):
    mp.mp.dps = 20
    assert float(law.abs_moment(3)) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("k", [2.0, 3.0, 4.5])
def test_generators_agree_with_core_moments(k):
    """Cross-check with reference.core.problems (written independently): raw moments of the unit laws."""
    core = pytest.importorskip("reference.core.problems")
    mp.mp.dps = 30
    t = D.student_t(k)
    assert float(t.abs_moment(k) / t.scale_mp() ** k) == pytest.approx(core.student_t_abs_moment(k + 0.5, k), rel=1e-12)
    p = D.pareto(k)
    assert float(p.abs_moment(k) / p.scale_mp() ** k) == pytest.approx(core.lomax_moment(k + 0.5, k), rel=1e-12)
