"""Tests of the shared hypothesis strategies (reference.core.strategies): ranges, extremes reachable, and the
neighbouring relations."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from reference.core import strategies as S

NODB = settings(database=None, max_examples=500)


@given(S.epsilons())
def test_epsilons_range(e):
    assert 1e-3 <= e <= 100.0


@given(S.deltas())
def test_deltas_range(d):
    assert 1e-12 <= d <= 0.5 and 0 < d < 1


@given(S.rhos(), S.sigmas())
def test_rho_sigma_positive(rho, sigma):
    assert rho > 0 and sigma > 0 and np.isfinite(rho) and np.isfinite(sigma)


@given(S.renyi_orders())
def test_renyi_orders(a):
    assert 1.0 < a <= 1e3


@given(S.dp_params())
def test_dp_params(p):
    eps, delta = p
    assert eps > 0 and 0 < delta < 1


def test_extremes_are_reachable():
    assert find(S.deltas(), lambda d: d <= 1e-12, settings=NODB) == 1e-12
    assert find(S.epsilons(), lambda e: e >= 100.0, settings=NODB) == 100.0
    assert find(S.renyi_orders(), lambda a: a < 1.001, settings=NODB) > 1.0
    assert find(S.dimensions(1, 64), lambda d: d == 64, settings=NODB) == 64


@given(S.dimensions(), st.data())
def test_points_in_ball(d, data):
    radius = data.draw(st.floats(1e-3, 1e3))
    c = data.draw(st.lists(st.floats(-10, 10), min_size=d, max_size=d))
    x = data.draw(S.points_in_ball(d, radius, center=np.array(c)))
    assert x.shape == (d,)
    assert np.linalg.norm(x - np.array(c)) <= radius * (1 + 1e-12)


def test_points_on_sphere_and_center_reachable():
    x = find(S.points_in_ball(3, 2.0), lambda x: np.linalg.norm(x) >= 2.0 * (1 - 1e-12), settings=NODB)
    assert np.linalg.norm(x) <= 2.0
    find(S.points_in_ball(3, 2.0), lambda x: np.linalg.norm(x) == 0.0, settings=NODB)
    D = find(S.datasets(5, 3), lambda D: np.linalg.norm(D, axis=1).max() >= 1 - 1e-12, settings=NODB)
    assert np.linalg.norm(D, axis=1).max() <= 1.0


@given(S.neighbouring_datasets())
def test_neighbouring_relation(pair):
    D, Dp = pair.D, pair.D_prime
    assert pair.kind in S.NEIGHBOUR_KINDS
    assert np.all(np.linalg.norm(D.reshape(-1, D.shape[-1]), axis=1) <= 1 + 1e-12)
    if pair.kind == "add_remove":
        assert abs(D.shape[0] - Dp.shape[0]) == 1
        big, small = (Dp, D) if pair.added else (D, Dp)
        assert np.array_equal(np.delete(big, pair.index, axis=0), small)
    else:
        assert D.shape == Dp.shape
        rows = np.nonzero(np.any((D != Dp).reshape(D.shape[0], -1), axis=1))[0]
        assert set(rows.tolist()) <= {pair.index} and pair.differing_rows() <= 1
        if pair.kind == "zero_out":
            assert np.all(Dp[pair.index] == 0)
        if pair.kind == "user_level":
            assert D.ndim == 3


@given(S.neighbouring_datasets("user_level", n=3, d=2, m=4))
def test_user_level_shape(pair):
    assert pair.D.shape == (3, 4, 2) and pair.D_prime.shape == (3, 4, 2)


@pytest.mark.parametrize("make, match", [
    (lambda: S.log_uniform(0.0, 1.0), "min_value"), (lambda: S.log_uniform(2.0, 1.0), "min_value"),
    (lambda: S.deltas(0.0, 0.5), "deltas"), (lambda: S.dimensions(0, 3), "min_value"),
    (lambda: S.renyi_orders(1.5), "max_value"),
    (lambda: find(S.neighbouring_datasets("swap"), lambda x: True, settings=NODB), "kind"),
    (lambda: find(S.points_in_ball(0, 1.0), lambda x: True, settings=NODB), "d must"),
    (lambda: find(S.points_in_ball(2, -1.0), lambda x: True, settings=NODB), "radius"),
    (lambda: find(S.datasets(0, 2), lambda x: True, settings=NODB), "n must"),
])
def test_strategy_validation(make, match):
    with pytest.raises(ValueError, match=match):
        make()
