"""Tests for thesis 003 Ch. 7: the tree mechanism (Alg. 20), printed vs corrected.

Statistical tests declare their false-failure probability (<= 1e-6); seeds are fixed.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from reference.thesis.ch07 import tree as tr


@given(S=st.integers(1, 300), data=st.data())
def test_corrected_node_set_tiles_prefix(S, data):
    t = data.draw(st.integers(1, S))
    ns = tr.node_set(t, S)
    cover = sorted(i for (u, v) in ns for i in range(u, v + 1))
    assert cover == list(range(1, t + 1))
    L = math.ceil(math.log2(S)) if S > 1 else 0
    assert len(ns) <= L + 1
    assert all((v - u + 1) & (v - u) == 0 for (u, v) in ns)          # dyadic lengths


@pytest.mark.parametrize("L", range(1, 9))
def test_printed_tree_leaks_last_step(L):
    S = 2 ** L
    assert tr.node_set(S, S, "printed") == tr.node_set(S - 1, S, "printed")
    rng = np.random.default_rng(L)
    M = rng.standard_normal((S, 2))
    X = tr.tree_mechanism(M, 10.0, rng, variant="printed")
    np.testing.assert_allclose(X[-1] - X[-2], M[-1], atol=1e-10)


def test_oracle_mode_bit_identical():
    S, d = 11, 3
    rng = np.random.default_rng(0)
    draws = {n: rng.standard_normal(d) for t in range(1, S + 1) for n in tr.node_set(t, S)}
    M = np.arange(S * d, dtype=float).reshape(S, d)
    a = tr.tree_mechanism(M, 2.0, None, draws=draws)
    b = tr.tree_mechanism(M, 2.0, None, draws=draws)
    assert np.array_equal(a, b)


def test_noise_law_matches_node_count():
    """Var of each TREE(t) coordinate = |NODE(t)| σ²: exact χ² band, false-failure <= 1e-6 (Bonferroni over Σ)."""
    S, d, sig, N = 9, 2, 0.7, 3000
    rng = np.random.default_rng(42)
    acc = np.zeros(S)
    for _ in range(N):
        acc += np.sum(tr.tree_noise(S, d, sig, rng) ** 2, axis=1)
    for t in range(S):
        k = len(tr.node_set(t + 1, S))
        ratio = acc[t] / (N * d * k * sig ** 2)
        a = 1e-6 / S
        assert stats.chi2.ppf(a / 2, N * d) / (N * d) <= ratio <= stats.chi2.ppf(1 - a / 2, N * d) / (N * d)


@given(S=st.integers(1, 2 ** 20), eps=st.floats(0.01, 20), dl=st.floats(1e-12, 0.2))
def test_corrected_sigma_is_private(S, eps, dl):
    sig = tr.tree_sigma_corrected(1.0, S, eps, dl)
    assert tr.tree_delta(eps, 1.0, sig, S) <= dl


@pytest.mark.parametrize("bad", [dict(t=0), dict(t=5), dict(Sigma=0), dict(variant="x")])
def test_bad_input(bad):
    kw = dict(t=1, Sigma=4, variant="corrected")
    kw.update(bad)
    with pytest.raises(ValueError):
        tr.node_set(**kw)


# ------------------------------------------------------------------------------------------ Alg. 21 / 22
from reference.thesis.ch07 import spider_tree as stree  # noqa: E402


def _a21(noise=None, rng_seed=1, trace=None):
    gradF = lambda x: np.array([-np.sin(x[0]), x[1], x[2]])
    data = list(np.random.default_rng(0).uniform(-1, 1, (5000, 3)) * 0.05)
    return stree.adaptive_batch_spider(lambda x, z: gradF(x) + z, data, np.array([1e-3, 0.5, 0.5]), G=1.2, M=1.0,
                                       eta=1.0, kappa=2.0, T=60, Gamma=3, escape_threshold=0.05, zeta=0.05, alpha=1.0,
                                       epsilon=5.0, sigma=0.01,
                                       rng=None if rng_seed is None else np.random.default_rng(rng_seed), noise=noise,
                                       trace=trace)


def test_alg21_oracle_mode_bit_identical():
    rng = np.random.default_rng(7)
    noise = {"tree": {}, "escape": rng.standard_normal((60, 3))}
    noise["tree"] = {(e, u, v): rng.standard_normal(3) for e in range(60) for t in range(1, 61)
                     for (u, v) in tr.node_set(t, 60)}
    tr1: list = []
    a = _a21(noise=noise, rng_seed=None, trace=tr1)
    b = _a21(noise=noise, rng_seed=None)
    assert all(np.array_equal(x, y) for x, y in zip(a["xs"], b["xs"]))
    assert all(np.array_equal(x, y) for x, y in zip(tr1, a["xs"]))


def test_alg21_sensitivity_bound_and_stream():
    r = _a21()
    b = r["b"]
    assert max(r["sens"]) <= max(2 * 1.2 / b, 2 * 1.0 * 5.0 / math.sqrt(3)) + 1e-12
    assert r["samples_used"] == b * r["n_o1"] + sum(r["bts"]) <= 5000


@given(g=st.floats(0, 100), a=st.floats(0.01, 10), e=st.floats(0.01, 10), d=st.integers(1, 1000), k=st.floats(0.01, 100))
def test_batch_size_bounds_o2_sensitivity(g, a, e, d, k):
    bt = stree.batch_sizes(G=1.0, alpha=a, epsilon=e, d=d, kappa=k, grad_prev_norm=g)
    assert g / bt <= a * e / math.sqrt(d) * (1 + 1e-12) and g * g / bt <= g * a * a / k * (1 + 1e-12) + 1e-300


@pytest.mark.parametrize("bad", [dict(T=0), dict(sigma=-1.0), dict(escape_variant="x"), dict(kappa=0.0)])
def test_alg21_bad_input(bad):
    kw = dict(G=1.0, M=1.0, eta=1.0, kappa=1.0, T=5, Gamma=1, escape_threshold=0.1, zeta=0.1, alpha=1.0, epsilon=1.0,
              sigma=0.1, rng=np.random.default_rng(0))
    kw.update(bad)
    with pytest.raises(ValueError):
        stree.adaptive_batch_spider(lambda x, z: x, [0.0] * 10, np.zeros(2), **kw)


def test_erm_route_draws_bit_identical_and_bad_input():
    """A7.4: the pre-drawn path equals the rng path; bad input names the parameter."""
    import math
    from reference.core.randomness import Source
    from reference.thesis.ch07.erm_route import erm_then_generalise_sosp, uniform_deviation_radii
    psg = lambda x, z: np.array([-math.sin(x[0]), x[1]]) + z
    psh = lambda x, z: np.diag([-math.cos(x[0]), 1.0])
    data = list(np.random.default_rng(1).uniform(-0.2, 0.2, (120, 2)))
    T, d = 30, 2
    kw = dict(G=3.0, M=1.0, rho=1.0, R=8.0, alpha=0.5, epsilon=10.0, delta=1e-6, omega=0.1, iota=0.05, eta=1.0,
              kappa=0.05, T=T, Gamma=3, escape_threshold=0.1, escape_sd=0.05, K_max=15, N_esc=5)
    a = erm_then_generalise_sosp(psg, psh, data, np.array([1e-3, 0.3]), rng=np.random.default_rng(4), **kw)
    src = Source(np.random.default_rng(4), None)
    draws = {"escape": src.normal("escape", (T + 1, d)), "o1": src.normal("o1", (T + 1, d)), "o2": src.normal("o2", (T, d)),
             "at_threshold": src.laplace("at_threshold", (2,)), "at_nu": src.laplace("at_nu", (T + 1,)),
             "at_nu2": src.laplace("at_nu2", (T + 1,))}
    b = erm_then_generalise_sosp(psg, psh, data, np.array([1e-3, 0.3]), rng=None, draws=draws, **kw)
    assert a["index"] == b["index"] and all(np.array_equal(u, v) for u, v in zip(a["stage1"]["xs"], b["stage1"]["xs"]))
    assert a["dev_grad"] == b["dev_grad"] > 0 and a["privacy"] == (10.0, 1e-6)
    for name, bad in (("R", -1.0), ("iota", 1.5), ("G", float("nan"))):
        with pytest.raises(ValueError, match=name):
            erm_then_generalise_sosp(psg, psh, data, np.array([1e-3, 0.3]), rng=np.random.default_rng(4), **{**kw, name: bad})
    with pytest.raises(ValueError, match="n"):
        uniform_deviation_radii(G=1.0, M=1.0, rho=1.0, R=1.0, n=0, d=2, iota=0.1)


def test_max_node_memberships_matches_direct_count():
    """The difference-array count equals the direct count max_i #{nodes ∋ i} (both variants)."""
    for S in range(1, 70):
        for variant in ("corrected", "printed"):
            nodes = {n for t in range(1, S + 1) for n in tr.node_set(t, S, variant)}
            direct = max(sum(1 for (u, v) in nodes if u <= i <= v) for i in range(1, S + 1))
            assert tr.max_node_memberships(S, variant) == direct
