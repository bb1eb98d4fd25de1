"""Projection onto an intersection of up to four balls (reference.interpolation.geometry; spec 001.P2, 001.P4)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from reference.interpolation.geometry import balls_intersect, proj_balls


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(1, 4), st.integers(1, 4))
def test_projection_variational_inequality(seed, d, k):
    """x = P_K(y) iff x in K and <y - x, z - x> <= 0 for every z in K (checked on random points of K)."""
    rng = np.random.default_rng(seed)
    p = rng.normal(size=d)                                  # a common point: K is non-empty
    balls = []
    for _ in range(k):
        c = p + rng.normal(size=d)
        balls.append((c, float(np.linalg.norm(c - p)) + float(rng.uniform(0.01, 1.0))))
    y = rng.normal(size=d) * 4
    x = proj_balls(y, balls)
    scale = 1 + np.abs(y).max() + max(r for _, r in balls)
    assert all(np.linalg.norm(x - c) <= r + 1e-9 * scale for c, r in balls)
    Z = p + rng.normal(size=(3000, d)) * 2                  # rejection-sample points of K
    Z = Z[np.all([np.linalg.norm(Z - c, axis=1) <= r for c, r in balls], axis=0)]
    Z = np.r_[Z, p[None]]
    assert np.all((Z - x) @ (y - x) <= 1e-8 * scale ** 2)


def test_empty_intersection_and_limits():
    far = [(np.zeros(2), 1.0), (np.array([5.0, 0.0]), 1.0), (np.array([0.0, 0.5]), 1.0)]
    assert not balls_intersect(far)
    with pytest.raises(ValueError, match="empty intersection"):
        proj_balls(np.ones(2), far)
    with pytest.raises(ValueError, match="at most 4"):
        proj_balls(np.ones(2), [(np.zeros(2), 1.0)] * 5)
    assert np.array_equal(proj_balls(np.ones(2), []), np.ones(2))
