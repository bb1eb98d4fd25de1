"""End-to-end procedures of thesis 003 Ch.1 (Thm 1.4.9 / 1.4.11 / 1.5.6): counts, projection, privacy replay."""
import math

import numpy as np
import pytest
from scipy import optimize

from reference.core.oracles import SampleAccessOracle
from reference.core.geometry import proj_l2_ball
from reference.thesis.ch01 import algorithms as alg
from reference.thesis.ch01 import privacy as pv


def _sigma(N, B, T, e, dl):
    return pv.tcdp_sigma(N, B, T, e, dl, sensitivity=2.0)


@pytest.mark.parametrize("seed", range(6))
def test_proj_ball_intersection_is_the_projection(seed):
    rng = np.random.default_rng(seed)
    c = rng.uniform(-1, 1, 2)
    rho = rng.uniform(0.2, 1.0)
    y = rng.uniform(-3, 3, 2)
    p = alg.proj_ball_intersection(y, 1.0, c, rho)
    assert np.linalg.norm(p) <= 1 + 1e-9 and np.linalg.norm(p - c) <= rho + 1e-9
    cons = [{"type": "ineq", "fun": lambda z: 1 - z @ z}, {"type": "ineq", "fun": lambda z: rho ** 2 - (z - c) @ (z - c)}]
    best = min((optimize.minimize(lambda z: (z - y) @ (z - y), z0, constraints=cons, method="SLSQP",
                                  options={"ftol": 1e-14}) for z0 in (c * 0.9, np.zeros(2), p)), key=lambda r: r.fun)
    assert np.linalg.norm(p - y) <= math.sqrt(best.fun) + 1e-6


def test_proj_ball_intersection_empty_raises():
    with pytest.raises(ValueError, match="empty"):
        alg.proj_ball_intersection(np.zeros(2), 1.0, np.array([3.0, 0.0]), 0.5)


def test_dp_erm_strongly_convex_counts_equal_parameter_set_E():
    rng = np.random.default_rng(0)
    N, d = 40, 2
    X = rng.standard_normal((N, d)); X /= np.linalg.norm(X, axis=1, keepdims=True)
    orc = SampleAccessOracle(lambda w, s: s + w, X)
    w, info = alg.dp_erm_strongly_convex(orc, np.zeros(d), 2.0, 2.5, 1.0, 0.5, 1e-3, rng, _sigma,
                                         proj=lambda y: proj_l2_ball(y, None, 1.0))
    k = math.ceil(math.log2(math.log2(N ** 3)))
    want = 0
    for i in range(1, k + 1):
        T, B = alg.params_erm(N, d, 0.5 / 2 ** (k + 1 - i), 1e-3 / 2 ** (k + 1 - i))
        want += B * T
    assert orc.calls == info["gradients"] == want and len(info["rounds"]) == k
    assert np.linalg.norm(w) <= 1 + 1e-12


def test_dp_erm_convex_trivial_branch_returns_w0():
    rng = np.random.default_rng(1)
    X = np.ones((3, 2)) / math.sqrt(2)
    orc = SampleAccessOracle(lambda w, s: s, X)
    w, info = alg.dp_erm_convex(orc, np.zeros(2), 2.0, 1.0, 0.5, 1e-3, rng, _sigma)
    assert info["trivial"] and info["gradients"] == 0 and np.all(w == 0)


def test_dp_sco_convex_runs_and_counts():
    rng = np.random.default_rng(2)
    N = 8
    t = rng.uniform(-1, 1, N)
    orc = SampleAccessOracle(lambda w, s: s, np.c_[np.cos(t), np.sin(t)])
    w, info = alg.dp_sco_convex(orc, np.zeros(2), 1.0, 2.0, 0.5, 1e-3, rng,
                                lambda N_, B, T, e, dl: 50.0 * B * math.sqrt(T) / max(N_, 1))
    assert orc.calls == info["gradients"] > 0
    assert np.linalg.norm(w) <= 1 + 1e-9
    assert info["single_sample_phases"] == 1           # N = 8: the last phase has N_3 = 1


def test_dp_sco_strongly_convex_rejects_blocks_below_two_samples():
    orc = SampleAccessOracle(lambda w, s: s + w, np.ones((8, 2)) / math.sqrt(2))
    with pytest.raises(ValueError, match="block"):
        alg.dp_sco_strongly_convex(orc, np.zeros(2), 2.0, 2.0, 0.5, 1e-3, np.random.default_rng(0),
                                   lambda N_, B, T, e, dl: 1.0)
