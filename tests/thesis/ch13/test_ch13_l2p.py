"""Tests for thesis 003 chapter 13: Alg 44 L2P with multiplicative weights."""
from __future__ import annotations

import math

import numpy as np
import pytest

from reference.core.testing import clopper_pearson
from reference.thesis.ch13.l2p import alternating_batch_losses, l2p_mw, l2p_mw_output_law, mw_expected_regret


def test_l2p_mw_predrawn_draws_bit_identical():
    rng = np.random.default_rng(0)
    L = rng.random((8, 3))
    draws = {k: rng.random(4) for k in ("ux", "uy", "us", "us2", "ua")}
    tr = []
    a = l2p_mw(L, eta=0.05, B=2, p=0.3, draws=draws, trace=tr)
    b = l2p_mw(L, eta=0.05, B=2, p=0.3, draws=draws)
    assert a == b and len(a) == 4 and len(tr) == 3


def test_l2p_mw_law_matches_exact_enumeration():
    """Empirical frequency of each played sequence vs the exact law (Clopper–Pearson, Bonferroni 1e-6)."""
    rng = np.random.default_rng(11)
    L = (rng.random((4, 2)) < 0.5).astype(float)
    law = l2p_mw_output_law(L, eta=0.1, B=1, p=0.4)
    N = 6000
    counts = {}
    for _ in range(N):
        s = tuple(l2p_mw(L, eta=0.1, B=1, p=0.4, rng=rng))
        counts[s] = counts.get(s, 0) + 1
    for seq, pr in law.items():
        lo, hi = clopper_pearson(counts.get(seq, 0), N, 1e-6 / len(law))
        assert lo <= pr <= hi, (seq, pr, lo, hi)


def test_l2p_mw_rejects_bad_input():
    with pytest.raises(ValueError, match="T/B"):
        l2p_mw(np.zeros((5, 2)), eta=0.05, B=2, p=0.5, rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="eta"):
        l2p_mw(np.zeros((4, 2)), eta=0.5, B=2, p=0.5, rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="losses"):
        l2p_mw(np.full((4, 2), 2.0), eta=0.05, B=2, p=0.5, rng=np.random.default_rng(0))


def test_batched_regret_closed_form():
    L = alternating_batch_losses(2000, 10)
    assert abs(mw_expected_regret(L, 0.01, 10) - 2000 / 4 * np.tanh(0.05)) < 1e-9


def test_rmw_rejection_sampler_matches_1d_density():
    """P13.1: d = 1, X = [−1, 1], Σℓ(x) = |x − 0.3|·3; compare P(x ≤ 0) with quadrature (Hoeffding, 1e-6)."""
    import math
    from scipy import integrate
    from reference.thesis.ch13.l2p import rmw_rejection_sample
    rng = np.random.default_rng(0)
    beta, lam = 2.0, 1.0
    f = lambda x: 3 * abs(float(np.atleast_1d(x)[0]) - 0.3)
    g = lambda x: np.array([3 * np.sign(float(x[0]) - 0.3) if float(x[0]) != 0.3 else 3.0])
    dens = lambda x: math.exp(-beta * (3 * abs(x - 0.3) + lam * x * x))
    Z = integrate.quad(dens, -1, 1, points=[0.3])[0]
    target = integrate.quad(dens, -1, 0)[0] / Z
    N = 4000
    xs = [rmw_rejection_sample(f, g, np.array([0.0]), beta=beta, lam=lam, in_domain=lambda x: abs(x[0]) <= 1,
                               rng=rng)[0][0] for _ in range(N)]
    assert abs(np.mean(np.array(xs) <= 0) - target) <= math.sqrt(math.log(2 / 1e-6) / (2 * N))


def test_low_switching_sketch_and_adversary():
    from reference.thesis.ch13.l2p import lower_bound_adversary, low_switching_sketch
    rng = np.random.default_rng(1)
    L = rng.random((20, 3))
    cum = np.vstack([np.zeros(3), np.cumsum(L, axis=0)])
    eta = 0.05

    def logmu(t, x):
        w = -eta * cum[t - 1]
        return w[x] - np.log(np.exp(w).sum())

    sample = lambda t, u: int(np.searchsorted(np.cumsum(np.exp([logmu(t, k) for k in range(3)])), u * (1 - 1e-12)))
    xs = low_switching_sketch(logmu, sample, 20, C=math.exp(-2 * eta), p=0.1, rng=rng)
    assert len(xs) == 20 and all(0 <= x < 3 for x in xs)
    losses = lower_bound_adversary(10 ** 4, 0.05, 3, rng)
    assert losses.shape == (10 ** 4, 3)
    B = round(10 ** 4 / (10 ** 4 * 0.05) ** (4 / 3))
    assert np.all(losses[:B] == losses[0])
    with pytest.raises(ValueError, match="B"):
        lower_bound_adversary(10 ** 6, 0.1, 2, rng)


def test_p13_samplers_predrawn_draws_are_bit_identical():
    """P13.1-P13.3 accept pre-drawn standard draws; with the draws the rng would make the output is identical."""
    from reference.thesis.ch13.l2p import lower_bound_adversary, low_switching_sketch, rmw_rejection_sample
    # P13.3
    a = lower_bound_adversary(10 ** 4, 0.05, 3, np.random.default_rng(5))
    E = (10 ** 4 * 0.05) ** (4 / 3)
    n_ep = -(-10 ** 4 // int(round(10 ** 4 / E)))
    b = lower_bound_adversary(10 ** 4, 0.05, 3, None, draws=np.random.default_rng(5).random((n_ep, 3)))
    assert np.array_equal(a, b)
    # P13.2
    L = np.random.default_rng(1).random((15, 3))
    cum = np.vstack([np.zeros(3), np.cumsum(L, axis=0)])
    logmu = lambda t, x: (-0.05 * cum[t - 1])[x] - np.log(np.exp(-0.05 * cum[t - 1]).sum())
    sample = lambda t, u: int(np.searchsorted(np.cumsum(np.exp([logmu(t, k) for k in range(3)])), u * (1 - 1e-12)))
    kw = dict(C=math.exp(-0.1), p=0.2)
    x1 = low_switching_sketch(logmu, sample, 15, rng=np.random.default_rng(8), **kw)
    g = np.random.default_rng(8)
    dr = {k: g.random(15) for k in ("ux", "us", "us2")}
    assert x1 == low_switching_sketch(logmu, sample, 15, rng=None, draws=dr, **kw)
    # P13.1
    f = lambda x: 3 * abs(float(np.atleast_1d(x)[0]) - 0.3)
    gr = lambda x: np.array([3 * np.sign(float(x[0]) - 0.3) if float(x[0]) != 0.3 else 3.0])
    kw = dict(beta=2.0, lam=1.0, in_domain=lambda x: abs(x[0]) <= 1)
    xa, na = rmw_rejection_sample(f, gr, np.array([0.0]), rng=np.random.default_rng(3), **kw)
    g = np.random.default_rng(3)
    z, u = np.zeros((na, 1)), np.zeros(na)
    for k in range(na):
        z[k], u[k] = g.standard_normal(1), g.random()
    xb, nb = rmw_rejection_sample(f, gr, np.array([0.0]), rng=None, draws=dict(z=z, u=u), **kw)
    assert na == nb and np.array_equal(xa, xb)
    with pytest.raises(ValueError, match="draws"):
        lower_bound_adversary(10 ** 4, 0.05, 3, None, draws=np.zeros((2, 2)))
    with pytest.raises(ValueError, match="beta"):
        rmw_rejection_sample(f, gr, np.array([0.0]), rng=np.random.default_rng(0), beta=0.0, lam=1.0,
                             in_domain=lambda x: True)
