"""Property tests of reference.core.geometry (hypothesis, derandomized by tests/conftest.py)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from reference.core.geometry import (proj_box, proj_l1_ball, proj_l2_ball, proj_simplex, proj_two_balls,
                                     two_balls_kkt)

FIN = st.floats(-1e4, 1e4, allow_nan=False, allow_infinity=False)
RAD = st.floats(0.0, 1e3, allow_nan=False, allow_infinity=False)


@st.composite
def pairs(draw, dmax=6):
    d = draw(st.integers(1, dmax))
    x = draw(arrays(np.float64, d, elements=FIN))
    y = draw(arrays(np.float64, d, elements=FIN))
    c = draw(arrays(np.float64, d, elements=st.floats(-100, 100)))
    return x, y, c


def _tol(*arrs):
    return 1e-9 * max(1.0, *(float(np.max(np.abs(a))) for a in arrs))


@given(pairs(), RAD)
def test_l2_ball_properties(xyc, r):
    x, y, c = xyc
    px, py = proj_l2_ball(x, c, r), proj_l2_ball(y, c, r)
    t = _tol(x, y, c, np.array([r]))
    assert np.linalg.norm(px - c) <= r + t                                   # lands in the set
    assert np.linalg.norm(px - py) <= np.linalg.norm(x - y) + t              # non-expansive
    assert np.allclose(proj_l2_ball(px, c, r), px, rtol=0, atol=t)           # idempotent
    batch = proj_l2_ball(np.stack([x, y]), c, r)                             # batch = rows
    assert np.allclose(batch, np.stack([px, py]), rtol=0, atol=0)


@given(pairs(), st.floats(0.1, 50), st.floats(0.1, 50), st.floats(0.0, 0.999))
def test_two_balls_properties(xyc, r1, r2, frac):
    x, y, c1 = xyc
    d = x.shape[0]
    u = np.ones(d) / np.sqrt(d)
    c2 = c1 + frac * (r1 + r2) * u                    # non-empty intersection (lens, nested or concentric)
    px, lam = proj_two_balls(x, c1, r1, c2, r2, return_multipliers=True)
    py = proj_two_balls(y, c1, r1, c2, r2)
    t = _tol(x, y, c1, c2, np.array([r1, r2]))
    assert np.linalg.norm(px - c1) <= r1 + t and np.linalg.norm(px - c2) <= r2 + t
    assert np.linalg.norm(px - py) <= np.linalg.norm(x - y) + t
    assert np.allclose(proj_two_balls(px, c1, r1, c2, r2), px, rtol=0, atol=t)
    if frac < 0.99 and d >= 2:  # Slater point exists: KKT must hold
        k = two_balls_kkt(x, px, c1, r1, c2, r2, lam)
        assert k["dual"] == 0.0 and k["stationarity"] <= 1e-7 * max(1.0, np.linalg.norm(x - px))


def test_two_balls_empty_raises():
    with pytest.raises(ValueError, match="r1, r2"):
        proj_two_balls(np.zeros(2), np.zeros(2), 1.0, np.array([3.0, 0.0]), 1.0)


def test_two_balls_tangent_returns_the_point():
    x = proj_two_balls(np.array([0.3, 5.0]), np.zeros(2), 1.0, np.array([2.0, 0.0]), 1.0)
    assert np.allclose(x, [1.0, 0.0], atol=1e-12)


@given(pairs(), RAD)
def test_l1_ball_properties(xyc, r):
    x, y, c = xyc
    px, py = proj_l1_ball(x, r, c), proj_l1_ball(y, r, c)
    t = _tol(x, y, c, np.array([r])) * x.shape[0]
    assert np.sum(np.abs(px - c)) <= r + t
    assert np.linalg.norm(px - py) <= np.linalg.norm(x - y) + t
    assert np.allclose(proj_l1_ball(px, r, c), px, rtol=0, atol=t)


@given(pairs(), st.floats(1e-3, 1e3))
def test_box_and_simplex_properties(xyc, z):
    x, y, c = xyc
    lo, hi = c - 1.0, c + np.abs(c) + 0.5
    bx, by = proj_box(x, lo, hi), proj_box(y, lo, hi)
    assert np.all(bx >= lo) and np.all(bx <= hi)
    assert np.linalg.norm(bx - by) <= np.linalg.norm(x - y) * (1 + 1e-15) + 1e-300
    assert np.array_equal(proj_box(bx, lo, hi), bx)
    sx, sy = proj_simplex(x, z), proj_simplex(y, z)
    t = _tol(x, y, np.array([z])) * x.shape[0]
    assert np.all(sx >= 0) and abs(np.sum(sx) - z) <= t
    assert np.linalg.norm(sx - sy) <= np.linalg.norm(x - y) + t
    assert np.allclose(proj_simplex(sx, z), sx, rtol=0, atol=t)


@pytest.mark.parametrize("call, name", [
    (lambda: proj_l2_ball(np.zeros(2), None, -1.0), "radius"),
    (lambda: proj_l2_ball(np.array([np.nan, 0.0]), None, 1.0), "y"),
    (lambda: proj_l2_ball(np.zeros(2), np.zeros(3), 1.0), "center"),
    (lambda: proj_l2_ball(np.zeros(2), None, float("nan")), "radius"),
    (lambda: proj_two_balls(np.zeros(2), np.zeros(2), -1.0, np.zeros(2), 1.0), "r1"),
    (lambda: proj_two_balls(np.zeros(2), np.zeros(3), 1.0, np.zeros(2), 1.0), "c1"),
    (lambda: proj_l1_ball(np.zeros(2), -0.5), "radius"),
    (lambda: proj_l1_ball(np.array([np.inf, 0.0]), 1.0), "y"),
    (lambda: proj_box(np.zeros(2), 1.0, 0.0), "lower"),
    (lambda: proj_box(np.zeros(2), float("nan"), 1.0), "lower"),
    (lambda: proj_simplex(np.zeros(2), 0.0), "total"),
    (lambda: proj_simplex(np.zeros((2, 2)), 1.0), "y"),
])
def test_validation_errors_name_parameter(call, name):
    with pytest.raises(ValueError, match=name):
        call()
