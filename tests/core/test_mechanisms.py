"""Tests of reference.core.mechanisms: validation, draw-for-draw reproducibility, shapes, law sanity.

Deterministic (hypothesis derandomized, fixed numpy seeds); no statistical assertions here (those are the
checks in proofs_checks/core/mechanisms.py).
"""
from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference.core import mechanisms as M

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
positive = st.floats(min_value=1e-6, max_value=1e6, allow_nan=False, allow_infinity=False)
shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=5)
bad_positive = st.one_of(st.floats(max_value=0.0), st.just(float("nan")), st.just(float("inf")))


def _raises_naming(param: str, fn, *args, **kwargs):
    with pytest.raises(ValueError) as e:
        fn(*args, **kwargs)
    assert param in str(e.value), f"error message {str(e.value)!r} does not name {param!r}"


# ---------------------------------------------------------------------------------------------------------
# validation
# ---------------------------------------------------------------------------------------------------------

@given(bad=bad_positive)
def test_validation_names_parameter(bad):
    rng = np.random.default_rng(0)
    _raises_naming("sensitivity", M.gaussian_mechanism, [1.0], bad, 1.0, rng)
    _raises_naming("sigma", M.gaussian_mechanism, [1.0], 1.0, -abs(bad) - 1 if math.isfinite(bad) else bad, rng)
    _raises_naming("epsilon", M.laplace_mechanism, [1.0], 1.0, bad, rng)
    _raises_naming("sensitivity", M.laplace_mechanism, [1.0], bad, 1.0, rng)
    _raises_naming("epsilon", M.exponential_mechanism, [0.0, 1.0], bad, 1.0, rng)
    _raises_naming("sensitivity", M.exponential_mechanism_probabilities, [0.0, 1.0], 1.0, bad)
    _raises_naming("epsilon", M.report_noisy_max, [0.0, 1.0], bad, 1.0, rng)
    _raises_naming("epsilon", M.above_threshold, [0.0], 0.0, bad, 1.0, rng)
    _raises_naming("sensitivity", M.above_threshold, [0.0], 0.0, 1.0, bad, rng)


def test_validation_other_parameters():
    rng = np.random.default_rng(0)
    _raises_naming("value", M.gaussian_mechanism, [1.0, float("nan")], 1.0, 1.0, rng)
    _raises_naming("rng", M.gaussian_mechanism, [1.0], 1.0, 1.0, None)
    with pytest.raises(TypeError, match="rng"):     # a wrong type is a TypeError
        M.laplace_mechanism([1.0], 1.0, 1.0, np.random.RandomState(0))
    _raises_naming("noise", M.gaussian_mechanism, [1.0, 2.0], 1.0, 1.0, None, noise=[0.0])
    _raises_naming("scores", M.exponential_mechanism, [], 1.0, 1.0, rng)
    _raises_naming("scores", M.exponential_mechanism, [[0.0, 1.0]], 1.0, 1.0, rng)
    _raises_naming("method", M.exponential_mechanism, [0.0, 1.0], 1.0, 1.0, rng, method="softmax")
    _raises_naming("u", M.exponential_mechanism, [0.0, 1.0], 1.0, 1.0, None, u=1.0)
    _raises_naming("distribution", M.report_noisy_max, [0.0, 1.0], 1.0, 1.0, rng, distribution="cauchy")
    _raises_naming("c", M.above_threshold, [0.0], 0.0, 1.0, 1.0, rng, c=0)
    _raises_naming("queries[1]", M.above_threshold, [0.0, float("inf")], 100.0, 1.0, 1.0, rng)
    _raises_naming("threshold", M.above_threshold, [0.0], float("nan"), 1.0, 1.0, rng)
    _raises_naming("noise[1] (nu)", M.above_threshold, [-50.0, -50.0], 0.0, 1.0, 1.0, None, noise=([0.0], [0.0]))
    _raises_naming("lo", M.exponential_mechanism_1d, lambda x: x, 1, 0, 1.0, 1.0, rng)
    with pytest.raises(TypeError, match="score"):
        M.exponential_mechanism_1d(3.0, 0, 1, 1.0, 1.0, rng)
    _raises_naming("dps", M.exponential_mechanism_1d, lambda x: x, 0, 1, 1.0, 1.0, rng, dps=5)


# ---------------------------------------------------------------------------------------------------------
# draw for draw: same pre-drawn noise => bit-identical output; rng path = documented draw order
# ---------------------------------------------------------------------------------------------------------

@given(shape=shapes, seed=st.integers(0, 2 ** 32 - 1), sigma=positive, eps=positive, sens=positive)
def test_gaussian_laplace_draw_for_draw(shape, seed, sigma, eps, sens):
    value = np.random.default_rng(seed + 1).standard_normal(shape)
    out = M.gaussian_mechanism(value, sens, sigma, np.random.default_rng(seed))
    z = np.random.default_rng(seed).standard_normal(shape)
    out2 = M.gaussian_mechanism(value, sens, sigma, None, noise=z)
    assert np.array_equal(out, out2) and np.shape(out) == shape
    assert np.array_equal(out2, M.gaussian_mechanism(value, sens, sigma, None, noise=z))
    outl = M.laplace_mechanism(value, sens, eps, np.random.default_rng(seed))
    w = np.random.default_rng(seed).laplace(0.0, 1.0, shape)
    assert np.array_equal(outl, M.laplace_mechanism(value, sens, eps, None, noise=w)) and np.shape(outl) == shape
    if shape == ():
        assert isinstance(out, float) and isinstance(outl, float)


@given(scores=st.lists(finite, min_size=1, max_size=8), seed=st.integers(0, 2 ** 32 - 1), eps=positive, sens=positive)
def test_exponential_draw_for_draw(scores, seed, eps, sens):
    r1 = M.exponential_mechanism(scores, eps, sens, np.random.default_rng(seed))
    u = np.random.default_rng(seed).random()
    assert r1 == M.exponential_mechanism(scores, eps, sens, None, u=u)
    p = M.exponential_mechanism_probabilities(scores, eps, sens)
    assert p[r1] > 0
    r2 = M.exponential_mechanism(scores, eps, sens, np.random.default_rng(seed), method="gumbel")
    uu = np.random.default_rng(seed).random(len(scores))
    assert r2 == M.exponential_mechanism(scores, eps, sens, None, u=uu, method="gumbel")
    assert 0 <= r1 < len(scores) and 0 <= r2 < len(scores)


def test_exponential_inverse_cdf_boundaries():
    p = M.exponential_mechanism_probabilities([0.0, 1.0, 2.0], 1.0, 1.0)
    cum = np.cumsum(p)
    assert M.exponential_mechanism([0.0, 1.0, 2.0], 1.0, 1.0, None, u=0.0) == 0
    assert M.exponential_mechanism([0.0, 1.0, 2.0], 1.0, 1.0, None, u=float(np.nextafter(cum[0], 0))) == 0
    assert M.exponential_mechanism([0.0, 1.0, 2.0], 1.0, 1.0, None, u=float(cum[0])) == 1
    assert M.exponential_mechanism([0.0, 1.0, 2.0], 1.0, 1.0, None, u=float(np.nextafter(1.0, 0))) == 2
    # a zero-probability candidate is never returned
    assert M.exponential_mechanism([0.0, -1e6], 1.0, 1.0, None, u=float(np.nextafter(1.0, 0))) == 0


@given(scores=st.lists(finite, min_size=1, max_size=8), seed=st.integers(0, 2 ** 32 - 1), eps=positive,
       sens=positive, dist=st.sampled_from(["laplace", "gumbel"]), monotone=st.booleans())
def test_report_noisy_max_draw_for_draw(scores, seed, eps, sens, dist, monotone):
    r = M.report_noisy_max(scores, eps, sens, np.random.default_rng(seed), distribution=dist, monotone=monotone)
    g = np.random.default_rng(seed)
    w = g.laplace(0.0, 1.0, len(scores)) if dist == "laplace" else g.gumbel(0.0, 1.0, len(scores))
    assert r == M.report_noisy_max(scores, eps, sens, None, noise=w, distribution=dist, monotone=monotone)
    b = (1.0 if monotone else 2.0) * sens / eps
    assert r == int(np.argmax(np.asarray(scores) + b * w))


def _at_reconstruct(seed, answers, c, m):
    """The rng path's draws in the documented order: rho_0, nu_1, ..., and a fresh rho after each non-final ⊤."""
    seq = np.random.default_rng(seed).laplace(0.0, 1.0, 2 * m + c + 2)
    rho, nu, idx = [seq[0]], [], 1
    for k, a in enumerate(answers):
        nu.append(seq[idx])
        idx += 1
        if a and sum(answers[:k + 1]) < c:
            rho.append(seq[idx])
            idx += 1
    rho += [0.0] * (c - len(rho))
    return np.array(rho), np.array(nu + [0.0] * (m - len(nu)))


@given(queries=st.lists(st.floats(-5, 5), min_size=1, max_size=8), seed=st.integers(0, 2 ** 32 - 1),
       c=st.integers(1, 3), eps=st.floats(0.1, 5.0), thr=st.floats(-2, 2))
def test_above_threshold_draw_for_draw(queries, seed, c, eps, thr):
    ans = M.above_threshold(iter(queries), thr, eps, 1.0, np.random.default_rng(seed), c=c)
    rho, nu = _at_reconstruct(seed, ans, c, len(queries))
    ans2 = M.above_threshold(queries, thr, eps, 1.0, None, c=c, noise=(rho, nu))
    assert ans == ans2
    assert ans2 == M.above_threshold(queries, thr, eps, 1.0, None, c=c, noise=(rho, nu))


@given(queries=st.lists(st.floats(-5, 5), min_size=1, max_size=10), seed=st.integers(0, 2 ** 32 - 1),
       c=st.integers(1, 4))
def test_above_threshold_halting(queries, seed, c):
    ans = M.above_threshold(queries, 0.0, 1.0, 1.0, np.random.default_rng(seed), c=c)
    k = sum(ans)
    assert 1 <= len(ans) <= len(queries) and k <= c
    if k == c:
        assert ans[-1] is True  # halts right at the c-th ⊤ (c = 1: after the first above-threshold answer)
    else:
        assert len(ans) == len(queries)  # ran out of queries
    # deterministic extremes: huge queries are all ⊤, tiny all ⊥
    big = M.above_threshold([1e9] * 5, 0.0, 1.0, 1.0, np.random.default_rng(seed), c=c)
    assert big == [True] * min(c, 5)
    small = M.above_threshold([-1e9] * 5, 0.0, 1.0, 1.0, np.random.default_rng(seed), c=c)
    assert small == [False] * 5


def test_above_threshold_adaptive_generator():
    """Queries may depend on earlier answers (the analyst sees the transcript)."""
    seen = []

    def analyst():
        x = -3.0
        for _ in range(20):
            seen.append(x)
            yield x
            x += 1.0

    ans = M.above_threshold(analyst(), 0.0, 2.0, 1.0, np.random.default_rng(5))
    assert len(seen) == len(ans) and ans[-1] is True


# ---------------------------------------------------------------------------------------------------------
# exponential mechanism law sanity
# ---------------------------------------------------------------------------------------------------------

@given(scores=st.lists(st.floats(-1e300, 1e300), min_size=1, max_size=10), eps=st.floats(1e-8, 1e8),
       sens=st.floats(1e-8, 1e8))
@example(scores=[-1e300, 1e300], eps=1e8, sens=1e-8)    # issue 21 (explore profile): inf - inf gave NaN
@example(scores=[0.0, 1.0, 2.0], eps=1e8, sens=1e-8)
def test_exponential_probabilities_sum_to_one(scores, eps, sens):
    p = M.exponential_mechanism_probabilities(scores, eps, sens)
    assert p.shape == (len(scores),)
    assert np.all(np.isfinite(p)) and np.all(p >= 0)
    assert abs(p.sum() - 1.0) <= 1e-12
    assert p[int(np.argmax(scores))] == p.max()


@settings(max_examples=8)
@given(u=st.floats(0.0, 1.0), seed=st.integers(0, 1000))
def test_exponential_1d_draw_for_draw(u, seed):
    x = M.exponential_mechanism_1d(lambda t: -t * t, -1, 2, 3.0, 1.0, None, u=u, dps=20, panels=4)
    assert -1 <= x <= 2
    assert x == M.exponential_mechanism_1d(lambda t: -t * t, -1, 2, 3.0, 1.0, None, u=u, dps=20, panels=4)
    y = M.exponential_mechanism_1d(lambda t: -t * t, -1, 2, 3.0, 1.0, np.random.default_rng(seed), dps=20, panels=4)
    u0 = np.random.default_rng(seed).random()
    assert y == M.exponential_mechanism_1d(lambda t: -t * t, -1, 2, 3.0, 1.0, None, u=u0, dps=20, panels=4)
    assert isinstance(x, mpmath.mpf)
