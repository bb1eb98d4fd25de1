"""Tests of the ReSQue estimator (doc 000, Def. 2, Lemma 1) and Fact 4."""
import math
from fractions import Fraction

import numpy as np
from hypothesis import given, strategies as st
from scipy import stats

from reference.core.oracles import GradientOracle
from reference.core.problems import AbsSum
from reference.resque.resque import draw_resque_batch, resque_estimate, resque_log_weight, resque_weight


def test_weight_lognormal_exact():
    """log w equals the exact closed form (<v,xi> - |v|^2/2)/rho^2 = log gamma ratio; KS vs the log-normal law
    (false-failure <= 1e-6: p-value threshold 1e-6)."""
    rng = np.random.default_rng(0)
    d, rho = 4, 0.7
    xbar, x = rng.standard_normal(d), rng.standard_normal(d)
    xi = rho * rng.standard_normal((50000, d))
    lw = resque_log_weight(x, xbar, xi, rho)
    dens = stats.multivariate_normal(np.zeros(d), rho ** 2 * np.eye(d))
    np.testing.assert_allclose(lw[:50], dens.logpdf(x - xbar - xi[:50]) - dens.logpdf(xi[:50]), rtol=1e-9, atol=1e-9)
    v2 = np.sum((x - xbar) ** 2) / rho ** 2
    assert stats.kstest((lw + v2 / 2) / math.sqrt(v2), "norm").pvalue > 1e-6


@given(d=st.integers(1, 6), rho=st.floats(0.2, 3.0), s=st.floats(0.0, 1.0), seed=st.integers(0, 2 ** 31))
def test_unbiased_property(d, rho, s, seed):
    """Median-of-means (K = 60 groups, per-coordinate failure <= exp(-K/8) <= 6e-4, union over d <= 6 coords x 60 examples
    gives <= 0.2 total; the radius is 3x the MoM radius, so the per-coordinate failure is far smaller: Chebyshev 1/36 per group,
    Hoeffding exp(-2K(1/2-1/36)^2) = 2.3e-12) against the closed-form smoothed gradient."""
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((3, d)); A /= np.linalg.norm(A, axis=1)[:, None]
    P = AbsSum(A, 0.3 * rng.standard_normal(3), np.ones(3) / 3)
    xbar = rng.standard_normal(d)
    u = rng.standard_normal(d)
    x = xbar + s * rho * u / np.linalg.norm(u)
    o = GradientOracle(P.subgradient, dim=d, vectorized=True)
    K, ng = 60, 500
    B = draw_resque_batch(o, xbar, rho, K * ng, rng)
    assert o.calls == K * ng and o.rounds == 1
    est = np.exp(resque_log_weight(x, xbar, B.xi, rho))[:, None] * B.G
    mom = np.median(est.reshape(K, ng, d).mean(1), axis=0)
    sigma = P.lipschitz * math.exp(0.5 * np.sum((x - xbar) ** 2) / rho ** 2)
    assert np.all(np.abs(mom - P.smoothed_grad(x, rho)) <= 6 * sigma / math.sqrt(ng))


def test_abs_sum_closed_form_matches_mc():
    """Closed-form smoothed value vs Monte Carlo E f(x + rho Z) (bounded-difference Hoeffding, false-failure <= 1e-6)."""
    rng = np.random.default_rng(1)
    d, rho = 3, 0.5
    A = rng.standard_normal((4, d)); b = rng.standard_normal(4)
    P = AbsSum(A, b)
    x = rng.standard_normal(d)
    Z = rho * rng.standard_normal((200000, d))
    vals = np.abs((x + Z) @ A.T - b).sum(1)
    # f(x + rho Z) - f(x) is L-Lipschitz in Z: sub-Gaussian with variance proxy (L rho)^2
    rad = P.lipschitz * rho * math.sqrt(2 * math.log(2e6) / len(vals))
    assert abs(vals.mean() - P.smoothed_value(x, rho)) <= rad


def test_resque_estimate_single_query():
    rng = np.random.default_rng(2)
    o = GradientOracle(lambda x: np.sign(x), dim=2)
    g = resque_estimate(np.array([0.1, 0.2]), np.zeros(2), 1.0, o, rng, xi=np.array([0.5, -0.5]))
    assert o.calls == 1
    np.testing.assert_allclose(g, resque_weight(np.array([0.1, 0.2]), np.zeros(2), np.array([0.5, -0.5]), 1.0) * np.array([1, -1]))


@given(vals=st.lists(st.integers(0, 20), min_size=1, max_size=6), c=st.fractions(0, 10), p=st.integers(2, 6))
def test_fact4_minkowski_exact(vals, c, p):
    """(E(Z+C)^p)^{1/p} <= (E Z^p)^{1/p} + C, compared as p-th powers exactly with Fractions (uniform discrete Z)."""
    Z = [Fraction(v) for v in vals]
    lhs = sum((z + c) ** p for z in Z) / len(Z)
    mz = sum(z ** p for z in Z) / len(Z)
    # (mz^{1/p} + c)^p >= lhs  <=>  check with a rational upper approximation of mz^{1/p} from below is hard; use floats
    # for the root only with a safety margin, and the exact binomial expansion for the rest
    root = Fraction(mz ** (1.0 / p) if mz else 0.0) * (1 - Fraction(1, 10 ** 9))
    while root ** p > mz:
        root *= 1 - Fraction(1, 10 ** 6)
    assert lhs <= (root + c) ** p * (1 + Fraction(1, 10 ** 5)) or lhs <= (root + c) ** p + Fraction(1, 10 ** 6)


def test_bad_rho_raises():
    import pytest
    with pytest.raises(ValueError, match="rho"):
        resque_log_weight(np.zeros(2), np.zeros(2), np.zeros(2), 0.0)
