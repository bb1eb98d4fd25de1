"""Pre-drawn randomness (reference.core.randomness convention) for doc 004: every function that takes ``rng`` also
takes keyword-only ``draws`` (standard draws, shape-validated) and is bit-identical to the rng path given the draws
the rng would make."""
import numpy as np
import pytest

from reference.heavy_tailed import distributions as D
from reference.heavy_tailed import lower_bounds as lb
from reference.heavy_tailed import mean_estimators as me
from reference.heavy_tailed import sco


def _X(n=60, d=3, seed=0):
    return np.random.default_rng(seed).standard_t(2.5, size=(n, d))


def test_cdp_cwme_draws_bit_identical():
    X = _X()
    a = me.cdp_cwme(X, 0.5, 10.0, 0.5, np.random.default_rng(7), m=3)
    z = np.random.default_rng(7).standard_normal(3)
    assert np.array_equal(a, me.cdp_cwme(X, 0.5, 10.0, 0.5, None, m=3, draws=z))
    with pytest.raises(ValueError, match="shape"):
        me.cdp_cwme(X, 0.5, 10.0, 0.5, None, m=3, draws=np.zeros(2))
    with pytest.raises(ValueError, match="not both"):
        me.cdp_cwme(X, 0.5, 10.0, 0.5, None, m=3, draws=z, noise=z)


def test_dp_cwme_draws_bit_identical():
    X = _X()
    a = me.dp_cwme(X, 1.0, 10.0, 0.5, np.random.default_rng(3), m=3)
    z = np.random.default_rng(3).laplace(0.0, 1.0, 3)
    assert np.array_equal(a, me.dp_cwme(X, 1.0, 10.0, 0.5, None, m=3, draws=z))


def test_cdp_nsme_draws_bit_identical():
    X = _X()
    a = me.cdp_nsme(X, 0.5, 10.0, np.random.default_rng(11))
    z = np.random.default_rng(11).standard_normal(3)
    assert np.array_equal(a, me.cdp_nsme(X, 0.5, 10.0, None, draws=z))
    with pytest.raises(ValueError):
        me.cdp_nsme(X, 0.5, 10.0, None)


@pytest.mark.parametrize("oracle", ["cwme", "nsme"])
def test_cdp_sco_draws_bit_identical(oracle):
    n, d, T = 200, 2, 5
    X = _X(n, d, 1)
    P = sco.SCOParams("t", T, 0.1, 10.0, "convex", beta=0.2)
    proj = sco.ball_projection(np.zeros(d), 2.0)
    w1, W1, _ = sco.cdp_sco(X, sco.quadratic_loss_oracle(X), proj, np.zeros(d), P, 1.0, oracle=oracle,
                            rng=np.random.default_rng(5))
    g = np.random.default_rng(5)
    draws = np.array([g.standard_normal(d) for _ in range(T)])
    w2, W2, _ = sco.cdp_sco(X, sco.quadratic_loss_oracle(X), proj, np.zeros(d), P, 1.0, oracle=oracle, draws=draws)
    assert np.array_equal(W1, W2) and np.array_equal(w1, w2)
    with pytest.raises(ValueError, match="T x d"):
        sco.cdp_sco(X, sco.quadratic_loss_oracle(X), proj, np.zeros(d), P, 1.0, oracle=oracle, draws=draws[:-1])


def test_law_sample_draws_bit_identical():
    n, d = 50, 2
    L = D.three_point(2, 3.0)
    a = L.sample(np.random.default_rng(2), n, d)
    assert np.array_equal(a, L.sample(None, n, d, draws=np.random.default_rng(2).random((n, d))))
    L = D.pareto(3)
    a = L.sample(np.random.default_rng(2), n, d)
    g = np.random.default_rng(2)
    u = g.random((n, d)); sgn = g.random((n, d))
    assert np.array_equal(a, L.sample(None, n, d, draws={"u": u, "sign": sgn}))
    L = D.student_t(3)
    a = L.sample(np.random.default_rng(2), n, d)
    t = np.random.default_rng(2).standard_t(L.param, size=(n, d))
    assert np.array_equal(a, L.sample(None, n, d, draws=t))
    with pytest.raises(ValueError):
        D.pareto(3).sample(None, n, d, draws={"u": u})          # missing stream
    with pytest.raises(ValueError):
        D.student_t(3).sample(None, n, d, draws=t[:, :1])


def test_sample_packing_draws_bit_identical():
    nu = np.array([1, 0, 1, 0, 1, 0, 1, 0], dtype=float)
    a = lb.sample_packing(nu, 0.1, 2, 100, np.random.default_rng(9))
    b = lb.sample_packing(nu, 0.1, 2, 100, None, draws=np.random.default_rng(9).random(100))
    assert np.array_equal(a, b)
    with pytest.raises(ValueError):
        lb.sample_packing(nu, 0.0, 2, 100, np.random.default_rng(9))


def test_cdp_cwme_sigma_rejects_blocks_larger_than_n():
    with pytest.raises(ValueError, match="n must be >= m"):
        me.cdp_cwme_sigma(3, 2, 1.0, 12, 1.0)
