"""Tests of reference.core.tree: replay mode, exactness with zero / given noise, shapes, index ranges,
validation.  Deterministic (hypothesis derandomized, fixed seeds)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core import tree as TR

Ts = st.integers(1, 40)
dims = st.integers(1, 4)
seeds = st.integers(0, 2 ** 32 - 1)


@given(T=Ts, dim=dims, seed=seeds, sigma=st.floats(0.0, 10.0))
def test_replay_reproduces_stream(T, dim, seed, sigma):
    rng = np.random.default_rng(seed)
    v = rng.standard_normal((T, dim))
    agg = TR.TreeAggregator(T, sigma, dim, rng=np.random.default_rng(seed + 1))
    streamed = np.array([agg.step(x) for x in v])
    assert streamed.shape == (T, dim)
    # replay with the kept draws: bit-identical
    est, draws = TR.tree_prefix_sums(v, sigma, noise=agg.draws)
    assert np.array_equal(est, streamed) and np.array_equal(draws, agg.draws)
    # rng path = the documented draw order (one standard_normal(dim) per step)
    est2, _ = TR.tree_prefix_sums(v, sigma, rng=np.random.default_rng(seed + 1))
    assert np.array_equal(est2, streamed)
    assert np.array_equal(agg.draws, np.random.default_rng(seed + 1).standard_normal((T, dim)))


@given(T=Ts, dim=dims, seed=seeds)
def test_zero_noise_gives_exact_prefix_sums(T, dim, seed):
    v = np.random.default_rng(seed).integers(-5, 6, size=(T, dim)).astype(float)  # exact sums
    est, _ = TR.tree_prefix_sums(v, 0.0, rng=np.random.default_rng(seed))
    assert np.array_equal(est, np.cumsum(v, axis=0))


@given(T=Ts, dim=dims, seed=seeds, sigma=st.floats(0.1, 5.0))
def test_estimate_equals_prefix_plus_node_noise(T, dim, seed, sigma):
    rng = np.random.default_rng(seed)
    v = rng.standard_normal((T, dim))
    agg = TR.TreeAggregator(T, sigma, dim, rng=rng)
    for s in range(1, T + 1):
        g = agg.step(v[s - 1])
        N = agg.prefix_noise(s)
        assert np.allclose(g, agg.prefix_sums[-1] + N, rtol=1e-12, atol=1e-12)
        # N_s is the sum of sigma * z over the nodes of the prefix (z = draws at their completion steps)
        ref = sum(sigma * agg.draws[j * 2 ** k - 1] for j, k in TR.prefix_nodes(s))
        assert np.allclose(N, ref, rtol=1e-12, atol=1e-12)
    assert len(agg.node_noise) == T and len(agg.estimates) == T
    with pytest.raises(ValueError, match="T="):
        agg.step(np.zeros(dim))


def test_paper_indexing_example_and_printed_range():
    # g_7 = s_{1,2} + s_{3,1} + s_{7,0} (002 l.541); the printed range misses (1, 3) at T = 8 (AUD-20)
    assert TR.prefix_nodes(7) == [(1, 2), (3, 1), (7, 0)]
    assert set(TR.tree_nodes(8)) - set(TR.tree_nodes(8, "printed")) == {(1, 3)}
    agg = TR.TreeAggregator(8, 1.0, 1, noise=np.zeros((8, 1)), index_range="printed")
    for _ in range(7):
        agg.step(1.0)
    with pytest.raises(TR.MissingNodeError, match=r"j=1, k=3"):
        agg.step(1.0)
    # doc 002: b_t = -N_{t+1}/beta with leaf s = Delta_{s-1}; the covariance of (N_1..N_T)
    C = TR.prefix_noise_covariance(8, 2.0)
    assert C[6, 6] == 4.0 * 3 and C[7, 7] == 4.0 and C[6, 7] == 0.0
    assert TR.tree_l2_sensitivity(8, 1.0) == 2.0 and TR.tree_l2_sensitivity(7, 1.0) == np.sqrt(3)


def test_T_equal_one_and_scalar_leaves():
    est, draws = TR.tree_prefix_sums([2.5], 1.0, noise=[[0.5]])
    assert est.shape == (1, 1) and est[0, 0] == 3.0
    agg = TR.TreeAggregator(1, 1.0, 1, rng=np.random.default_rng(0))
    assert agg.step(1.0).shape == (1,)
    assert TR.tree_depth(1) == 0 and TR.tree_nodes(1) == [(1, 0)]


def test_validation_names_parameter():
    rng = np.random.default_rng(0)
    for bad, param, call in [
        (0, "T", lambda: TR.TreeAggregator(0, 1.0, 1, rng=rng)),
        (-1, "sigma", lambda: TR.TreeAggregator(4, -1.0, 1, rng=rng)),
        (0, "dim", lambda: TR.TreeAggregator(4, 1.0, 0, rng=rng)),
        (None, "rng", lambda: TR.TreeAggregator(4, 1.0, 1)),
        (None, "noise", lambda: TR.TreeAggregator(4, 1.0, 2, noise=np.zeros((4, 3)))),
        (None, "index_range", lambda: TR.tree_nodes(4, "odd")),
        (None, "v", lambda: TR.TreeAggregator(4, 1.0, 2, rng=rng).step([1.0])),
        (None, "s", lambda: TR.node_of_step(0)),
        (None, "j", lambda: TR.node_leaves(0, 1)),
        (None, "values", lambda: TR.tree_prefix_sums([[np.nan]], 1.0, rng=rng)),
        (None, "C", lambda: TR.tree_l2_sensitivity(4, -1.0)),
    ]:
        with pytest.raises(ValueError) as e:
            call()
        assert param in str(e.value), (param, str(e.value))
    agg = TR.TreeAggregator(4, 1.0, 1, rng=rng)
    agg.step(0.0)
    with pytest.raises(ValueError, match="s"):
        agg.prefix_noise(2)  # not yet streamed
