"""Tests of reference.core.samplers: clipping postconditions (hypothesis), draw-for-draw reproducibility,
shapes, validation and the inverse-CDF bracket.  Deterministic (hypothesis derandomized, fixed seeds)."""
from __future__ import annotations

import mpmath
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference.core import samplers as S

wide = st.floats(min_value=-1e300, max_value=1e300, allow_nan=False, allow_infinity=False, allow_subnormal=True)
vec_shapes = hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6)
levels = st.one_of(st.just(0.0), st.floats(min_value=1e-300, max_value=1e300), st.floats(0.01, 100.0))


def _raises_naming(param, fn, *args, **kwargs):
    with pytest.raises(ValueError) as e:
        fn(*args, **kwargs)
    assert param in str(e.value), f"{str(e.value)!r} does not name {param!r}"


@given(x=hnp.arrays(np.float64, vec_shapes, elements=wide), C=levels)
def test_clip_l2_postconditions(x, C):
    y = S.clip_l2(x, C)
    assert y.shape == x.shape and np.all(np.isfinite(y))
    ny, nx = np.atleast_1d(S.l2_norm(y)), np.atleast_1d(S.l2_norm(x))
    assert np.all(ny <= C)                                      # ||clip(x)|| <= C exactly
    assert np.array_equal(S.clip_l2(y, C), y)                    # idempotent
    inside = (nx <= C).reshape(x.shape[:-1])
    assert np.array_equal(y[inside], x[inside])                  # unchanged when already inside
    # same direction: y = lambda x, lambda in [0, 1] (checked through signs)
    assert np.all((np.sign(y) == np.sign(x)) | (y == 0))


@given(x=hnp.arrays(np.float64, vec_shapes, elements=wide), C=levels)
def test_clip_coordinates_postconditions(x, C):
    y = S.clip_coordinates(x, C)
    assert y.shape == x.shape and np.all(np.abs(y) <= C)
    assert np.array_equal(S.clip_coordinates(y, C), y)
    inside = np.abs(x) <= C
    assert np.array_equal(y[inside], x[inside])


def test_clip_validation_and_zero():
    _raises_naming("C", S.clip_l2, [1.0, 2.0], -1.0)
    _raises_naming("C", S.clip_l2, [1.0, 2.0], float("nan"))
    _raises_naming("x", S.clip_l2, [1.0, float("inf")], 1.0)
    _raises_naming("x", S.clip_l2, 3.0, 1.0)
    _raises_naming("C", S.clip_coordinates, [1.0], -2.0)
    assert np.array_equal(S.clip_l2(np.zeros(3), 1.0), np.zeros(3))       # clip(0) = 0
    assert np.array_equal(S.clip_l2(np.array([3.0, 4.0]), 0.0), np.zeros(2))
    assert np.allclose(S.clip_l2(np.array([3.0, 4.0]), 1.0), [0.6, 0.8], rtol=1e-15)


@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(0, 30), q=st.floats(0, 1), m=st.integers(0, 30))
def test_subsampling_draw_for_draw(seed, n, q, m):
    idx = S.poisson_subsample(n, q, np.random.default_rng(seed))
    u = np.random.default_rng(seed).random(n)
    assert np.array_equal(idx, S.poisson_subsample(n, q, None, noise=u))
    assert np.all(np.diff(idx) > 0) and (idx.size == 0 or (idx[0] >= 0 and idx[-1] < n))
    if n >= 1:
        w = S.sample_with_replacement(n, m, np.random.default_rng(seed))
        assert np.array_equal(w, S.sample_with_replacement(n, m, None, noise=np.random.default_rng(seed).random(m)))
        assert w.shape == (m,) and np.all((0 <= w) & (w < n))
    mm = min(m, n)
    wo = S.sample_without_replacement(n, mm, np.random.default_rng(seed))
    assert np.array_equal(wo, S.sample_without_replacement(n, mm, None, noise=np.random.default_rng(seed).random(mm)))
    assert wo.shape == (mm,) and len(set(wo.tolist())) == mm and np.all((0 <= wo) & (wo < max(n, 1)))


def test_subsampling_validation():
    rng = np.random.default_rng(0)
    _raises_naming("q", S.poisson_subsample, 10, 1.5, rng)
    _raises_naming("n", S.poisson_subsample, -1, 0.5, rng)
    _raises_naming("n", S.poisson_subsample, 2.5, 0.5, rng)
    _raises_naming("noise", S.poisson_subsample, 3, 0.5, None, noise=[0.1, 0.2])
    _raises_naming("noise", S.poisson_subsample, 2, 0.5, None, noise=[0.1, 1.0])
    _raises_naming("n", S.sample_with_replacement, 0, 3, rng)
    _raises_naming("m", S.sample_without_replacement, 3, 4, rng)
    _raises_naming("rng", S.sample_without_replacement, 3, 2, None)


@given(seed=st.integers(0, 2 ** 32 - 1), d=st.integers(1, 12), R=st.floats(0, 1e3),
       size=st.one_of(st.none(), st.integers(0, 7)))
@example(seed=1, d=1, R=1.957515667511041e-16, size=None)   # issue 21 explore profile: c + r u rounds at |c| = 1
@example(seed=0, d=2, R=2.220446049250313e-16, size=4)
def test_uniform_ball_shapes_and_draw_for_draw(seed, d, R, size):
    c = np.linspace(-1, 1, d)
    x = S.uniform_l2_ball(d, R, np.random.default_rng(seed), size=size, center=c)
    shape = (d,) if size is None else (size, d)
    assert x.shape == shape
    g_rng = np.random.default_rng(seed)
    g = g_rng.standard_normal(shape)
    u = g_rng.random(shape[:-1])
    assert np.array_equal(x, S.uniform_l2_ball(d, R, None, size=size, center=c, noise=(g, u)))
    # the output is c + r u in floating point: the addition rounds each coordinate by <= ulp(|c_i|)/2, so a point
    # can leave a tiny ball by that much (found by the explore profile at R ~ 2e-16, |c| = 1)
    rounding = 2.0 ** -53 * (np.linalg.norm(np.abs(c) + R) + R)
    assert np.all(np.atleast_1d(S.l2_norm(x - c)) <= R * (1 + 1e-12) + rounding + 1e-300)


def test_uniform_ball_validation():
    rng = np.random.default_rng(0)
    _raises_naming("d", S.uniform_l2_ball, 0, 1.0, rng)
    _raises_naming("radius", S.uniform_l2_ball, 2, -1.0, rng)
    _raises_naming("center", S.uniform_l2_ball, 2, 1.0, rng, center=[0.0, 0.0, 0.0])
    _raises_naming("noise[0] (g)", S.uniform_l2_ball, 2, 1.0, None, noise=(np.zeros(3), 0.5))
    _raises_naming("g", S.uniform_l2_ball, 2, 1.0, None, noise=(np.zeros(2), 0.5))  # zero direction


@given(seed=st.integers(0, 2 ** 32 - 1), d=st.integers(1, 6), R=st.floats(0.5, 3.0), sigma=st.floats(0.1, 2.0))
def test_truncated_gaussian_draw_for_draw(seed, d, R, sigma):
    mean = np.full(d, 0.3)
    x, k = S.truncated_gaussian_ball(mean, sigma, R, np.random.default_rng(seed))
    assert x.shape == (d,) and k >= 1 and S.l2_norm(x) <= R
    z = np.random.default_rng(seed).standard_normal((k, d))
    x2, k2 = S.truncated_gaussian_ball(mean, sigma, R, None, noise=z)
    assert k2 == k and np.array_equal(x, x2)
    if k > 1:  # the first k-1 proposals were rejected: feeding only them must raise (the noise argument is short)
        with pytest.raises(ValueError, match="noise"):
            S.truncated_gaussian_ball(mean, sigma, R, None, noise=z[:-1])


def test_truncated_gaussian_validation_and_cap():
    rng = np.random.default_rng(0)
    _raises_naming("sigma", S.truncated_gaussian_ball, [0.0], 0.0, 1.0, rng)
    _raises_naming("radius", S.truncated_gaussian_ball, [0.0], 1.0, 0.0, rng)
    _raises_naming("mean", S.truncated_gaussian_ball, [[0.0]], 1.0, 1.0, rng)
    _raises_naming("max_attempts", S.truncated_gaussian_ball, [0.0], 1.0, 1.0, rng, max_attempts=0)
    with pytest.raises(RuntimeError, match="max_attempts"):
        S.truncated_gaussian_ball([50.0], 1.0, 1.0, rng, max_attempts=100)


@settings(max_examples=25)
@given(u=st.floats(0.0, 1.0), use_pdf=st.booleans())
def test_inverse_cdf_validation_and_bracket(u, use_pdf):
    cdf = lambda x: x ** 3  # noqa: E731  (law on [0, 1])
    pdf = (lambda x: 3 * x ** 2) if use_pdf else None
    x = S.inverse_cdf_sample(cdf, 0, 1, None, u=u, pdf=pdf, dps=30)
    with mpmath.workdps(40):
        tol = mpmath.mpf(10) ** -30
        assert 0 <= x <= 1
        assert cdf(max(x - tol, 0)) <= mpmath.mpf(u) <= cdf(min(x + tol, 1))
    assert x == S.inverse_cdf_sample(cdf, 0, 1, None, u=u, pdf=pdf, dps=30)


def test_inverse_cdf_rng_path_and_validation():
    cdf = lambda x: x  # noqa: E731
    x = S.inverse_cdf_sample(cdf, 0, 1, np.random.default_rng(3), dps=20)
    u = np.random.default_rng(3).random()
    assert abs(x - u) <= 1e-19
    _raises_naming("u", S.inverse_cdf_sample, cdf, 0, 1, None, u=1.5)
    _raises_naming("lo", S.inverse_cdf_sample, cdf, 1, 0, None, u=0.5)
    _raises_naming("dps", S.inverse_cdf_sample, cdf, 0, 1, None, u=0.5, dps=3)
    _raises_naming("rng", S.inverse_cdf_sample, cdf, 0, 1, None)
    with pytest.raises(ValueError, match="cdf"):
        S.inverse_cdf_sample(lambda x: x / 2, 0, 1, None, u=0.9, dps=20)  # u above cdf(hi)
