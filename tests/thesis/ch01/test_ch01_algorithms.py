"""Tests of thesis 003 Ch.1 algorithms (reference/thesis/ch01): counts, oracle mode, wrappers, accounting."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from reference.core.geometry import proj_l2_ball
from reference.core.oracles import SampleAccessOracle
from reference.thesis.ch01 import algorithms as alg
from reference.thesis.ch01 import privacy as pv


def _ridge(N=60, d=3, seed=0, mu=0.3):
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((N, d))
    A /= np.linalg.norm(A, axis=1, keepdims=True)
    b = rng.uniform(-0.2, 0.2, N)
    g = lambda w, s: np.sign(s[:d] @ w - s[d]) * s[:d] + mu * w
    return SampleAccessOracle(g, np.c_[A, b]), d


def test_meta_driver():
    ws = alg.meta(np.zeros(2), 5, lambda w, t: w - 1.0, lambda w, G, t: w - 0.5 * G)
    assert len(ws) == 6
    assert np.allclose(ws[-1], 1 - 0.5 ** 5)


def test_meta_dp_counts_and_oracle_mode():
    orc, d = _ridge()
    T, B = 7, 9
    rng = np.random.default_rng(1)
    draws = {"subsets": rng.random((T, B)), "v": rng.standard_normal((T, d))}
    step = lambda w, G, t: proj_l2_ball(w - 0.1 * G, None, 1.0)
    tr1, tr2 = [], []
    w1 = alg.meta_dp(orc, np.zeros(d), T, B, 0.7, step, None, draws=draws, trace=tr1)
    assert orc.calls == B * T
    w2 = alg.meta_dp(orc, np.zeros(d), T, B, 0.7, step, None, draws=draws, trace=tr2)
    assert all(np.array_equal(a, b) for a, b in zip(w1, w2)) and len(tr1) == T
    with pytest.raises(ValueError, match="B"):
        alg.meta_dp(orc, np.zeros(d), T, 10 ** 6, 0.7, step, rng)


def test_private_ac_sa_counts_and_oracle_mode():
    orc, d = _ridge()
    T, B = 12, 10
    rng = np.random.default_rng(2)
    draws = {"subsets": rng.random((T, B)), "g": rng.standard_normal((T, B, d)), "u": rng.random((T, B)),
             "v": rng.standard_normal((T, d))}
    proj = lambda y: proj_l2_ball(y, None, 1.0)
    w1, info = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, None, proj=proj, draws=draws)
    assert orc.calls == B * T == info["gradients"]
    w2, _ = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, None, proj=proj, draws=draws)
    assert np.array_equal(w1, w2)
    w3, _ = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, np.random.default_rng(3), proj=proj)
    assert not np.array_equal(w1, w3) and np.linalg.norm(w3) <= 1 + 1e-12
    assert math.isclose(info["r"], 2.0 * d ** 0.25 / T)
    _, info_p = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, rng, proj=proj, radius="printed")
    assert math.isclose(info_p["r"], 2.0 / (T * d ** 0.25))
    with pytest.raises(ValueError, match="radius"):
        alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, rng, radius="bad")


def test_ac_sa_variants_and_validation():
    h = np.array([4.0, 0.5])
    for v in ("gl12", "thesis"):
        w = alg.ac_sa(np.ones(2), 50, 4.0, 0.5, lambda w: h * w, variant=v)
        assert 0.5 * np.sum(h * w * w) < 0.5 * np.sum(h)
    with pytest.raises(ValueError, match="variant"):
        alg.ac_sa(np.ones(2), 5, 1.0, 0.1, lambda w: w, variant="x")
    with pytest.raises(ValueError, match="T"):
        alg.ac_sa(np.ones(2), 0, 1.0, 0.1, lambda w: w)


def test_parameter_sets():
    T, B = alg.params_erm(10 ** 6, 100, 0.5, 1e-6)
    assert T == math.ceil(100 * 0.5 * 1e6 / (100 ** 0.25 * math.sqrt(math.log(1e6))))
    assert B <= 10 ** 5 and 0.5 <= B * B * T / 1e12
    T2, B2 = alg.params_sco(10 ** 6, 100, 0.5, 1e-6, c1=0.25)
    assert 0.5 <= 0.25 * B2 * B2 * T2 / 1e12
    with pytest.raises(ValueError, match="delta"):
        alg.params_erm(100, 1, 0.5, 0.7)


def test_restart_wrappers_budgets():
    calls = []
    w, info = alg.restart_erm(lambda e, d, w: (calls.append((e, d)), w + 1)[1], np.zeros(1), 1000, 1.0, 1e-5)
    k = info["k"]
    assert k == math.ceil(math.log2(math.log2(1000 ** 3))) and w[0] == k
    assert math.isclose(sum(e for e, _ in calls), 1 - 2 ** -k) and info["total"][0] <= 1.0
    w, info = alg.restart_sco(lambda e, d, w, idx: w, np.zeros(1), 1000, 1.0, 1e-5)
    allidx = np.concatenate(info["blocks"])
    assert len(np.unique(allidx)) == len(allidx) and allidx.max() < 1000


def test_regularized_reduction_branches():
    w, info = alg.regularized_reduction(lambda m, l, c: c + 1, np.zeros(2), 1.0, 1.0, 10, 5, 0.5, 1e-6)
    assert info["trivial"] and np.array_equal(w, np.zeros(2))
    w, info = alg.regularized_reduction(lambda m, l, c: (m, l), np.zeros(2), 1.0, 1.0, 10, 10 ** 6, 0.5, 1e-6)
    assert not info["trivial"] and w[0] == 2 * w[1] == 2 * info["u"]


def test_iterative_localization_blocks_and_radii():
    seen = []
    w, info = alg.iterative_localization(lambda e, d, idx, c, rad, lam, w0: (seen.append((len(idx), rad, lam)), w0)[1],
                                         np.zeros(2), 1000, 1.0, 2.0, 5, 0.5, 1e-6)
    assert [n for n, _, _ in seen] == [1000 // 2 ** i for i in range(1, 10)]
    eta = info["eta"]
    for i, (n, rad, lam) in enumerate(seen, start=1):
        assert math.isclose(rad, 2 * eta / 32 ** i * n) and math.isclose(lam, 1 / (eta / 32 ** i * n))
    assert info["total"][0] < 0.5 and info["total"][1] < 1e-6


@settings(max_examples=25, deadline=None)
@given(c2=st.floats(1.0, 20.0), T=st.integers(10, 400), eps=st.floats(0.05, 1.0))
def test_tcdp_epsilon_decreasing_in_sigma(c2, T, eps):
    N, B, delta = 10 ** 4, 500, 1e-6
    s = pv.thesis_sigma(1.0, B, T, N, eps, delta, c2)
    try:
        e1 = pv.tcdp_epsilon(N, B, T, s, delta)[0]
    except ValueError:
        return  # BDRS18 preconditions violated: the accountant refuses
    e2 = pv.tcdp_epsilon(N, B, T, 1.5 * s, delta)[0]
    assert e2 <= e1


def test_canary_lower_bound_below_rdp_upper_bound():
    # the canary pair's T-fold composition is bounded by the exact Poisson-mixture RDP: the lower bound must be <= delta
    N, B, T, delta = 1000, 100, 50, 1e-5
    for sigma in (3.0, 6.0):
        e_ub = pv.rdp_epsilon_exact(N, B, T, sigma, delta, orders=tuple(range(2, 65)))
        assert pv.canary_sum_delta(N, B, T, sigma, e_ub, dps=20) <= delta


def test_accountant_bad_input():
    with pytest.raises(ValueError, match="delta"):
        pv.thesis_sigma(1, 10, 10, 100, 0.5, 1.5)
    with pytest.raises(ValueError, match="BDRS18"):
        pv.tcdp_epsilon(100, 50, 10, 1.0, 1e-5)
    with pytest.raises(ValueError, match="order_cap"):
        pv.tcdp_epsilon(1000, 10, 10, 50.0, 1e-5, order_cap="x")


def test_meta_dp_canary_transcript_law():
    """The implemented META_DP transcript has exactly the law analysed by canary_sum_delta (priv.P1): on the canary
    data set (one point with gradient G e_1, the others 0), Z = sum_t <e_1, B G_t> ~ G Bin(T, q) + N(0, T sigma^2)."""
    from scipy import stats
    N, B, T, G, sigma, R = 20, 4, 6, 1.0, 0.8, 4000
    data = np.zeros((N, 1))
    data[0, 0] = 1.0                                               # canary index 0
    orc = SampleAccessOracle(lambda w, s: np.array([G * s[0], 0.0]), data)
    rng = np.random.default_rng(21)
    Z = np.empty(R)
    for r in range(R):
        ws = alg.meta_dp(orc, np.zeros(2), T, B, sigma, lambda w, Gt, t: w + Gt, rng)   # w_T = sum_t G_t
        Z[r] = B * ws[-1][0]
    q = B / N
    ks = np.arange(T + 1)
    pk = stats.binom.pmf(ks, T, q)
    cdf = lambda z: np.sum(pk[None, :] * stats.norm.cdf((np.asarray(z)[:, None] - G * ks[None, :]) / (math.sqrt(T) * sigma)), axis=1)
    p = stats.kstest(Z, cdf).pvalue
    assert p > 1e-6
    assert orc.calls == R * B * T


def test_predrawn_draws_bit_identical_to_rng_path():
    """meta_dp / private_ac_sa: the draws path with the standard draws the rng path draws gives the same output."""
    orc, d = _ridge()
    T, B = 6, 5
    step = lambda w, G, t: w - 0.1 * G
    r = np.random.default_rng(11)
    draws = {"subsets": r.random((T, B)), "v": r.standard_normal((T, d))}
    w_rng = alg.meta_dp(orc, np.zeros(d), T, B, 0.7, step, np.random.default_rng(11))
    w_drw = alg.meta_dp(orc, np.zeros(d), T, B, 0.7, step, None, draws=draws)
    assert all(np.array_equal(a, b) for a, b in zip(w_rng, w_drw))
    r = np.random.default_rng(12)
    draws = {"subsets": r.random((T, B)), "g": r.standard_normal((T, B, d)), "u": r.random((T, B)),
             "v": r.standard_normal((T, d))}
    proj = lambda y: proj_l2_ball(y, None, 1.0)
    a, _ = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, np.random.default_rng(12), proj=proj)
    b, _ = alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, None, proj=proj, draws=draws)
    assert np.array_equal(a, b)
    bad = dict(draws, v=draws["v"][:-1])
    with pytest.raises(ValueError, match="v"):
        alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, None, proj=proj, draws=bad)
    with pytest.raises(TypeError):
        alg.private_ac_sa(orc, np.zeros(d), 2.0, 1.3, 0.3, 1.0, 1e-5, B, T, None, 1.0, None, "proof", "gl12", proj, draws)
