"""Tests of Alg. 1 (EpochSGD) and Alg. 2 (AC-SA): exact query counts and depth, ball membership, oracle mode."""
import math

import numpy as np
from hypothesis import given, strategies as st

from reference.core.oracles import GradientOracle
from reference.resque.parallel import ac_sa, ac_sa_sizes, epoch_sgd


@given(lam=st.floats(0.5, 20), phi=st.floats(0.2, 5), r=st.floats(0.1, 2), seed=st.integers(0, 1000))
def test_epoch_sgd_counts(lam, phi, r, seed):
    rng = np.random.default_rng(seed)
    xbar = rng.standard_normal(3)
    o = GradientOracle(lambda X: np.sign(X), dim=3, vectorized=True)
    x = epoch_sgd(o, xbar, r, r, lam, phi, 1.0, rng)
    assert o.calls == 2 * math.ceil(48 / (lam * phi)) and o.rounds == 1
    assert np.linalg.norm(x - xbar) <= r * (1 + 1e-12)


def test_epoch_sgd_oracle_mode_bit_identical():
    rng = np.random.default_rng(0)
    T = math.ceil(48 / (1.0 * 0.5))
    xi = rng.standard_normal((2 * T, 2))
    outs = []
    for seed in (1, 2):
        o = GradientOracle(lambda X: np.sign(X - 0.1), dim=2, vectorized=True)
        tr = []
        outs.append((epoch_sgd(o, np.zeros(2), 1.0, 1.0, 1.0, 0.5, 1.0, np.random.default_rng(seed), xi=xi, trace=tr), tr))
    assert np.array_equal(outs[0][0], outs[1][0]) and len(outs[0][1]) >= 1


@given(lam=st.floats(0.5, 5), phi=st.floats(0.01, 0.5), variant=st.sampled_from(["gl12", "printed"]))
def test_ac_sa_counts(lam, phi, variant):
    rng = np.random.default_rng(0)
    o = GradientOracle(lambda X: np.sign(X), dim=2, vectorized=True)
    x = ac_sa(o, np.ones(2), 1.0, 1.0, lam, phi, 1.0, rng, variant=variant)
    K, T, Nk, N = ac_sa_sizes(1.0, 1.0, 1.0, lam, phi)
    assert o.calls == N and o.rounds == (1 if N else 0)
    assert np.linalg.norm(x - np.ones(2)) <= 1 + 1e-12


def test_bad_parameters_raise():
    import pytest
    o = GradientOracle(lambda X: np.sign(X), dim=2, vectorized=True)
    with pytest.raises(ValueError, match="phi"):
        epoch_sgd(o, np.zeros(2), 1.0, 1.0, 1.0, -1.0, 1.0, np.random.default_rng(0))
    with pytest.raises(ValueError, match="variant"):
        ac_sa(o, np.zeros(2), 1.0, 1.0, 1.0, 0.1, 1.0, np.random.default_rng(0), variant="x")
