"""Unit and property tests of reference.core.testing: intervals, radii and the mean / moment testers.

Statistical tests fix their seeds and state their false-failure probability (<= 1e-6 each, from the tester's
own alpha)."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core import testing as T

alphas = st.floats(1e-12, 0.5)


# ---------------------------------------------------------------- Clopper-Pearson
def test_cp_known_values():
    n, alpha = 10, 0.05
    lo, hi = T.clopper_pearson(0, n, alpha)
    assert lo == 0.0 and hi == pytest.approx(1 - (alpha / 2) ** (1 / n), rel=1e-11)
    assert hi >= 1 - (alpha / 2) ** (1 / n)  # outward rounding
    lo, hi = T.clopper_pearson(n, n, alpha)
    assert hi == 1.0 and lo == pytest.approx((alpha / 2) ** (1 / n), rel=1e-11)
    lo, hi = T.clopper_pearson(3, 10, 0.05)  # reference values (R binom.test)
    assert lo == pytest.approx(0.06673951117766773, rel=1e-10)
    assert hi == pytest.approx(0.6524528500606498, rel=1e-10)


def test_cp_vectorized_and_sides():
    k = np.arange(6)
    lo, hi = T.clopper_pearson(k, 5, 0.1)
    assert lo.shape == hi.shape == (6,)
    lo1, hi1 = T.clopper_pearson(k, 5, 0.1, side="lower")
    assert np.all(hi1 == 1.0) and np.all(lo1 >= lo)
    lo2, hi2 = T.clopper_pearson(k, 5, 0.1, side="upper")
    assert np.all(lo2 == 0.0) and np.all(hi2 <= hi)
    # one-sided at alpha == two-sided at 2 alpha
    assert np.allclose(lo1, T.clopper_pearson(k, 5, 0.2)[0], rtol=1e-12)


@given(st.integers(1, 400), st.data(), alphas)
def test_cp_contains_mle_and_monotone(n, data, alpha):
    k = data.draw(st.integers(0, n))
    lo, hi = T.clopper_pearson(k, n, alpha)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    if k < n:
        lo2, hi2 = T.clopper_pearson(k + 1, n, alpha)
        assert lo2 >= lo and hi2 >= hi


@given(st.integers(1, 200), st.data(), st.floats(1e-9, 0.5))
def test_cp_width_shrinks_with_n(n, data, alpha):
    k = data.draw(st.integers(0, n))
    lo, hi = T.clopper_pearson(k, n, alpha)
    lo4, hi4 = T.clopper_pearson(4 * k, 4 * n, alpha)
    assert hi4 - lo4 < hi - lo


@given(st.integers(1, 100), st.floats(1e-6, 0.5), st.floats(1e-6, 0.5))
def test_cp_nested_in_alpha(n, a1, a2):
    a1, a2 = min(a1, a2), max(a1, a2)
    k = n // 3
    lo1, hi1 = T.clopper_pearson(k, n, a1)
    lo2, hi2 = T.clopper_pearson(k, n, a2)
    assert lo1 <= lo2 and hi1 >= hi2


@pytest.mark.parametrize("args, name", [((3, 2, 0.1), "k"), ((-1, 2, 0.1), "k"), ((1, 0, 0.1), "n"),
                                        ((1.5, 3, 0.1), "k"), ((1, 3, 0.0), "alpha"), ((1, 3, 1.0), "alpha"),
                                        ((1, 3, float("nan")), "alpha"), ((True, 3, 0.1), "k")])
def test_cp_validation(args, name):
    with pytest.raises((ValueError, TypeError), match=name):
        T.clopper_pearson(*args)


def test_cp_side_validation():
    with pytest.raises(ValueError, match="side"):
        T.clopper_pearson(1, 3, 0.1, side="both")


# ---------------------------------------------------------------- Poisson
def test_poisson_interval():
    lo, hi = T.poisson_interval(0, 0.05)
    assert lo == 0.0 and hi == pytest.approx(-math.log(0.025), rel=1e-11) and hi >= -math.log(0.025)
    lo, hi = T.poisson_interval(np.arange(50), 1e-3)
    assert np.all(lo <= np.arange(50)) and np.all(hi >= np.arange(50)) and np.all(np.diff(lo) >= 0)
    with pytest.raises(ValueError, match="k"):
        T.poisson_interval(-1, 0.1)


# ---------------------------------------------------------------- radii
def test_hoeffding_formula():
    assert T.hoeffding_radius(100, 0.05, 2.0) == pytest.approx(2.0 * math.sqrt(math.log(2 / 0.05) / 200))
    assert T.hoeffding_radius(100, 0.05, 2.0, side="upper") == pytest.approx(2.0 * math.sqrt(math.log(1 / 0.05) / 200))
    r = T.hoeffding_radius(10, 0.1, np.array([1.0, 2.0]))
    assert r.shape == (2,) and r[1] == pytest.approx(2 * r[0])


@given(st.integers(1, 10**6), alphas, st.floats(1e-6, 1.0), st.floats(1e-3, 10.0))
def test_bernstein_properties(n, alpha, vfrac, w):
    v = vfrac * w**2 / 4
    r = T.bernstein_radius(n, alpha, v, w)
    L = math.log(2 / alpha)
    # exact root of n r^2 = 2 L (v + w r / 3), and the usual closed-form upper bound
    assert n * r**2 == pytest.approx(2 * L * (v + w * r / 3), rel=1e-9)
    assert r <= math.sqrt(2 * v * L / n) + 2 * w * L / (3 * n) + 1e-15
    assert T.bernstein_radius(2 * n, alpha, v, w) < r
    # variance above Popoviciu's w^2/4 is clipped
    assert T.bernstein_radius(n, alpha, 10 * w**2, w) == pytest.approx(T.bernstein_radius(n, alpha, w**2 / 4, w))


def test_bernstein_beats_hoeffding_for_small_variance():
    assert T.bernstein_radius(10**4, 1e-6, 1e-4, 1.0) < 0.2 * T.hoeffding_radius(10**4, 1e-6, 1.0)


def test_empirical_bernstein_formula():
    x = np.array([0.0, 1.0, 0.0, 1.0])
    L = math.log(4 / 0.1)
    expect = math.sqrt(2 * x.var(ddof=1) * L / 4) + 7 * L / (3 * 3)
    assert T.empirical_bernstein_radius(x, 0.1, 1.0) == pytest.approx(expect)
    X = np.random.default_rng(0).random((50, 3))
    assert T.empirical_bernstein_radius(X, 0.1, 1.0).shape == (3,)
    with pytest.raises(ValueError, match="samples"):
        T.empirical_bernstein_radius([1.0], 0.1, 1.0)
    with pytest.raises(ValueError, match="range_width"):
        T.empirical_bernstein_radius(x, 0.1, 0.0)


def test_median_of_means_radius():
    r, k, m = T.median_of_means_radius(1000, 1e-6, 4.0)
    assert k == math.ceil(8 * math.log(1e6)) and m == 1000 // k and r == pytest.approx(2 * math.sqrt(4.0 / m))
    with pytest.raises(ValueError, match="n must be"):
        T.median_of_means_radius(10, 1e-6, 1.0)


@pytest.mark.parametrize("fn, args, name", [
    (T.hoeffding_radius, (0, 0.1, 1.0), "n"), (T.hoeffding_radius, (10, 1.5, 1.0), "alpha"),
    (T.hoeffding_radius, (10, 0.1, -1.0), "range_width"), (T.bernstein_radius, (10, 0.1, -1.0, 1.0), "variance_bound"),
    (T.bernstein_radius, (10, 0.1, 1.0, float("inf")), "range_width"), (T.bonferroni, (0.1, 0), "m"),
    (T.bonferroni, (2.0, 3), "alpha"), (T.median_of_means_radius, (100, 0.1, -1.0), "variance_bound")])
def test_radius_validation(fn, args, name):
    with pytest.raises((ValueError, TypeError), match=name):
        fn(*args)


@given(alphas, st.integers(1, 10**6))
def test_bonferroni(alpha, m):
    assert T.bonferroni(alpha, m) * m == pytest.approx(alpha)


# ---------------------------------------------------------------- mean tester
def test_unbiased_accepts_and_rejects():
    """Accept: U[0,1]^5 with target 1/2 (false-failure <= 1e-6 each method). Reject: target 0.52 is 3.15
    Hoeffding radii (0.00635) away; acceptance would need a deviation of 2.15 radii, probability
    <= (1e-6/10)^(2.15^2) < 1e-6."""
    rng = np.random.default_rng(1)
    X = rng.random((200_000, 5))
    for method in ("auto", "hoeffding", "bernstein", "empirical_bernstein", "median_of_means"):
        res = T.test_unbiased(X, 0.5, range_width=1.0, variance_bound=1 / 12, method=method)
        assert res.passed and bool(res) and res.alpha == 1e-6 and res.estimate.shape == (5,), res.summary()
        assert np.all(res.lower <= 0.5) and np.all(res.upper >= 0.5)
    assert T.test_unbiased(X, 0.5, range_width=1.0).method == "hoeffding"
    assert T.test_unbiased(X, 0.5, variance_bound=1 / 12).method == "median_of_means"
    target = np.array([0.5, 0.5, 0.52, 0.5, 0.5])
    res = T.test_unbiased(X, target, range_width=1.0)
    assert not res.passed and res.max_ratio > 2
    with pytest.raises(AssertionError, match="unbiasedness rejected"):
        T.assert_unbiased(X, target, range_width=1.0)


def test_unbiased_with_estimator_function():
    """An unbiased Rademacher estimator (false-failure <= 1e-6)."""
    est = lambda rng: rng.choice([-1.0, 1.0], size=3)  # noqa: E731
    res = T.test_unbiased(target=np.zeros(3), estimator=est, rng=np.random.default_rng(2), n=2000, range_width=2.0)
    assert res.passed and res.n == 2000
    est_b = lambda rng, n: rng.choice([-1.0, 1.0], size=(n, 3))  # noqa: E731
    res = T.assert_unbiased(target=0.0, estimator=est_b, rng=np.random.default_rng(3), n=5000, batched=True,
                            range_width=2.0, variance_bound=1.0)
    assert res.method == "bernstein"


def test_unbiased_matrix_samples_flattened():
    X = np.random.default_rng(4).standard_normal((1000, 2, 2)).clip(-5, 5)
    res = T.test_unbiased(X, np.zeros((2, 2)), variance_bound=1.0)
    assert res.passed and res.estimate.shape == (4,)


@pytest.mark.parametrize("kwargs, match", [
    (dict(samples=np.zeros((10, 2)), target=0.0), "range_width or variance_bound"),
    (dict(samples=np.array([[0.0], [3.0]]), target=0.0, range_width=1.0), "range_width is smaller"),
    (dict(samples=np.array([0.0, np.nan]), target=0.0, range_width=1.0), "finite"),
    (dict(samples=np.zeros(1), target=0.0, range_width=1.0), "at least 2"),
    (dict(samples=np.zeros(5), target=0.0, range_width=1.0, method="magic"), "method"),
    (dict(samples=np.zeros(5), target=0.0, variance_bound=1.0, method="hoeffding"), "range_width"),
    (dict(samples=np.zeros(5), target=0.0, range_width=1.0, alpha=0.0), "alpha"),
    (dict(target=0.0, estimator=lambda r: 0.0, rng=None, n=10, range_width=1.0), "rng"),
    (dict(target=0.0, estimator=lambda r: 0.0, rng=np.random.default_rng(0), range_width=1.0), "n must"),
])
def test_unbiased_validation(kwargs, match):
    with pytest.raises(ValueError, match=match):
        T.test_unbiased(**kwargs)


def test_not_collected_by_pytest():
    assert T.test_unbiased.__test__ is False and T.test_moment.__test__ is False


def test_moment_squared_norm_uniform_ball():
    """E||X||^2 = d/(d+2) for X uniform in the unit ball of R^d (false-failure <= 1e-6)."""
    rng = np.random.default_rng(5)
    d, n = 4, 100_000
    g = rng.standard_normal((n, d))
    X = g / np.linalg.norm(g, axis=1, keepdims=True) * rng.random((n, 1)) ** (1 / d)
    assert T.test_moment(X, d / (d + 2), range_width=1.0).passed
    res = T.test_moment(X, 0.7, range_width=1.0)  # 0.7 - 2/3 = 3.9 Hoeffding radii (0.0085): rejected
    assert not res.passed
    res = T.assert_moment(X, 0.0, moment=lambda x: x[:, 0] * x[:, 1], range_width=1.0)  # E X1 X2 = 0
    assert res.passed
