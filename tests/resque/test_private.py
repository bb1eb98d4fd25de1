"""Tests of the private solvers (Alg. 3-7), Aggregate and the privacy drift property of Alg. 4."""
import math

import numpy as np
import pytest
from hypothesis import given, strategies as st

from reference.resque.private import (ErmProblem, aggregate, alg3_draws, alg5_draws, alg5_schedule, bias_reduced_estimator,
                                      high_probability_solver, regularized_resqued_erm, strongly_convex_resqued_erm,
                                      subsampled_resqued_erm)


def _P(rng, n=20, d=2):
    A = rng.standard_normal((n, d)); A /= np.linalg.norm(A, axis=1)[:, None]
    return ErmProblem(A, 0.1 * rng.standard_normal(n), np.ones(n))


@given(T=st.integers(1, 300))
def test_alg3_gradient_count(T):
    rng = np.random.default_rng(T)
    P = _P(rng)
    o = P.oracle()
    subsampled_resqued_erm(o, np.zeros(2), 0.1, 1.0, 1.0, T, P.L, rng)
    That = 2 ** int(math.floor(math.log2(T)))
    k = int(math.log2(That))
    assert o.calls == That - 1 <= T - 1 and o.rounds == k


def test_alg3_oracle_mode():
    rng = np.random.default_rng(0)
    P = _P(rng)
    dr = alg3_draws(P.n, 2, 64, 1.0, rng)
    tr1, tr2 = [], []
    a = subsampled_resqued_erm(P.oracle(), np.zeros(2), 0.1, 1.0, 1.0, 64, P.L, draws=dr, trace=tr1)
    b = subsampled_resqued_erm(P.oracle(), np.zeros(2), 0.1, 1.0, 1.0, 64, P.L, draws=dr, trace=tr2)
    assert np.array_equal(a, b) and all(np.array_equal(u, v) for u, v in zip(tr1, tr2))


def test_alg4_lambda_zero_equals_alg3():
    rng = np.random.default_rng(1)
    P = _P(rng)
    dr = alg3_draws(P.n, 2, 32, 1.0, rng)
    a = subsampled_resqued_erm(P.oracle(), np.zeros(2), 0.1, 1.0, 0.5, 32, P.L, draws=dr, project_output=True)
    b = regularized_resqued_erm(P.oracle(), np.zeros(2), 0.1, 1.0, 0.5, 0.0, 32, 0.1, np.zeros(2), P.L, draws=dr)
    assert np.array_equal(a, b)


def test_alg4_drift_not_larger():
    """P3: coupled runs on neighbours (f^1 = +<e1,x> vs -<e1,x>): the lambda > 0 phase drift is never larger than lambda = 0."""
    rng = np.random.default_rng(2)
    n, d = 10, 2
    A = np.tile(np.eye(d)[0], (n, 1)); lin = np.ones(n, bool)
    c1 = np.ones(n); c2 = c1.copy(); c2[0] = -1
    D1, D2 = ErmProblem(A, np.zeros(n), c1, lin), ErmProblem(A, np.zeros(n), c2, lin)
    for t in range(20):
        dr = alg3_draws(n, d, 16, 50.0, rng)
        dr["z"][:3] = 0
        drift = {}
        for lam in (0.0, 5.0):
            r1, r2 = {}, {}
            regularized_resqued_erm(D1.oracle(), np.zeros(d), 0.1, 50.0, 1.0, lam, 16, 0.1, np.zeros(d), 1.0, draws=dr, record=r1)
            regularized_resqued_erm(D2.oracle(), np.zeros(d), 0.1, 50.0, 1.0, lam, 16, 0.1, np.zeros(d), 1.0, draws=dr, record=r2)
            drift[lam] = np.linalg.norm(r1["ybar"][0] - r2["ybar"][0])
        assert drift[5.0] <= drift[0.0] + 1e-15


def test_alg5_schedule():
    s = alg5_schedule(2 ** 10, 0.5, 1.0, 1.0, 3)
    assert s["k"] == 4 and s["T"] == [64, 128, 256, 512, 1024]
    assert all(math.isclose(s["D"][i + 1], math.sqrt(s["D"][i] * s["E"][i]) * 2 ** 0, rel_tol=0.5) for i in range(3))
    rng = np.random.default_rng(3)
    P = _P(rng)
    o = P.oracle()
    rec = []
    x = strongly_convex_resqued_erm(o, np.zeros(2), 0.1, 1.0, 0.5, 1.0, 64, P.L, rng, record=rec)
    assert len(rec) == 3 and np.linalg.norm(x) <= 0.1 + 1e-12 and o.calls <= 64


def test_alg5_oracle_mode_bit_identical():
    """Alg. 5 with pre-drawn draws (alg5_draws) equals the rng run draw for draw; a wrong number of draw dicts is
    rejected with an error naming ``draws``."""
    P = _P(np.random.default_rng(3))
    x_rng = strongly_convex_resqued_erm(P.oracle(), np.zeros(2), 0.1, 1.0, 0.5, 1.0, 64, P.L, np.random.default_rng(11))
    dr = alg5_draws(P.oracle().n, 2, 64, 1.0, 0.5, 1.0, P.L, np.random.default_rng(11))
    x_dr = strongly_convex_resqued_erm(P.oracle(), np.zeros(2), 0.1, 1.0, 0.5, 1.0, 64, P.L, draws=dr)
    assert np.array_equal(x_rng, x_dr)
    with pytest.raises(ValueError, match="draws"):
        strongly_convex_resqued_erm(P.oracle(), np.zeros(2), 0.1, 1.0, 0.5, 1.0, 64, P.L, draws=dr[:-1])


def test_alg6_levels_and_cost():
    rng = np.random.default_rng(4)
    P = _P(rng, n=400)
    o = P.oracle()
    J = []
    bias_reduced_estimator(o, np.zeros(2), 0.1, 1.0, 0.5, 1.0, 4, P.L, rng, C_priv=20.0, record=J)
    j_max = int(math.floor(math.log2((400 // 20) / 4)))
    assert len(J) == j_max
    assert o.calls <= sum(2 ** (j + 1) * 4 if j <= j_max else 4 for j in J)


def test_alg7_runs():
    rng = np.random.default_rng(5)
    P = _P(rng)
    o = P.oracle()
    x = high_probability_solver(o, np.zeros(2), 0.1, 1.0, 0.5, 1.0, 0.5, 16, P.L, rng)
    assert np.linalg.norm(x) <= 0.1 + 1e-12 and o.calls <= math.ceil(20 * math.log(2)) * 16


@given(k=st.integers(1, 25), seed=st.integers(0, 10 ** 6), Delta=st.floats(0.01, 10))
def test_aggregate_guarantee(k, seed, Delta):
    """Lemma 11: >= 0.51k points within Delta/3 of y (random radii/directions), others adversarial (clustered far away or at
    distance just above 2Delta/3 from a good point): output within Delta of y, always."""
    rng = np.random.default_rng(seed)
    d = 3
    y = rng.standard_normal(d)
    g = math.ceil(0.51 * k)
    good = y + (Delta / 3) * rng.uniform(0, 1, (g, 1)) * _unit(rng, g, d)
    far = y + Delta * rng.uniform(1.01, 10, (k - g, 1)) * _unit(rng, 1, d)
    pts = np.vstack([good, far])[rng.permutation(k)]
    z, ok = aggregate(pts, Delta)
    assert ok and np.linalg.norm(z - y) <= Delta * (1 + 1e-12)


def _unit(rng, m, d):
    u = rng.standard_normal((m, d))
    return u / np.linalg.norm(u, axis=1, keepdims=True)


def test_private_erm_end_to_end_scaled():
    """Thm 3 solver (scaled constants): runs, fixed iteration count, one O_bo/O_sp per iteration, output in B(R);
    paper-literal constants are rejected with a ValueError naming T_3 (infeasible n)."""
    from reference.resque.private import private_erm
    rng = np.random.default_rng(5)
    P = _P(rng, n=400)
    rec = {}
    sc = dict(eps_opt=0.3, rho=0.3 / (P.L * np.sqrt(2)), r=0.1, beta=0.5, T1=8, T2=8, T3=4, zeta=0.5)
    x = private_erm(P.oracle(rng), P.L, 1.0, 0.5, 1e-3, rng, C_ba=2.0, C_priv=4.0, scaled=sc, record=rec)
    assert np.linalg.norm(x) <= 1.0 + 1e-12
    ba = rec["ball_accel"]
    assert ba["iterations"] == rec["params"]["iterations"]
    assert [c[0] for c in rec["calls"]].count("bo") == ba["iterations"]
    with pytest.raises(ValueError, match="T_3"):
        private_erm(P.oracle(rng), P.L, 1.0, 0.5, 1e-3, rng)
    with pytest.raises(ValueError, match="eps"):
        private_erm(P.oracle(rng), P.L, 1.0, 1.5, 1e-3, rng, scaled=sc, C_priv=4.0)


# ---------------------------------------------------------------------------------------------- pre-drawn randomness
def test_alg6_draws_replay_bit_identical_and_validated():
    """Alg. 6: the rng path equals the draws path given alg6_draws(..., same rng state); J = floor(-log2(1-u)) + 1."""
    from reference.resque.private import alg6_draws
    P = _P(np.random.default_rng(7), n=64)
    args = (P.oracle(), np.zeros(2), 0.1, 1.0, 1.0, 2.0, 4, P.L)
    a = bias_reduced_estimator(*args, np.random.default_rng(11), C_priv=2.0)
    dr = alg6_draws(P.n, 2, 4, 1.0, 1.0, 2.0, P.L, np.random.default_rng(11), C_priv=2.0)
    b = bias_reduced_estimator(*args, draws=dr, C_priv=2.0)
    assert np.array_equal(a, b)
    with pytest.raises(ValueError, match="u"):
        bias_reduced_estimator(*args, draws=dict(dr, u=dr["u"][:-1]), C_priv=2.0)
    with pytest.raises(ValueError, match="alg5"):
        bias_reduced_estimator(*args, draws=dict(dr, alg5=dr["alg5"][:-1]), C_priv=2.0)


def test_alg6_level_law():
    """J = floor(-log2(1-u)) + 1 maps the dyadic cell [1 - 2^-(j-1), 1 - 2^-j) (probability 2^-j) to j (cell ends up to
    one ulp of 1 - u)."""
    from reference.resque.private import _geom_half
    for j in range(1, 30):
        lo, hi = 1 - 2.0 ** -(j - 1), 1 - 2.0 ** -j
        assert _geom_half(lo) == j and _geom_half((lo + hi) / 2) == j and _geom_half(hi) == j + 1


def test_alg7_draws_replay_bit_identical_and_validated():
    from reference.resque.private import alg7_draws
    P = _P(np.random.default_rng(8))
    args = (P.oracle(), np.zeros(2), 0.1, 1.0, 0.5, 1.0, 0.5, 16, P.L)
    a = high_probability_solver(*args, np.random.default_rng(3))
    dr = alg7_draws(P.n, 2, 16, 1.0, 0.5, 1.0, P.L, 0.5, np.random.default_rng(3))
    assert len(dr) == math.ceil(20 * math.log(2))
    assert np.array_equal(a, high_probability_solver(*args, draws=dr))
    with pytest.raises(ValueError, match="k = ceil"):
        high_probability_solver(*args, draws=dr[:-1])


def test_lemma6_coupling_draws_and_law():
    """Pre-drawn uniforms replay the rng path; the sampler's empirical law matches the exact coupling law."""
    from collections import Counter
    from reference.core.randomness import Source
    from reference.resque.private import lemma6_coupling, lemma6_coupling_law
    rng = np.random.default_rng(5)
    src = Source(np.random.default_rng(9), record=True)
    dr = {k: src.uniform(k, s) for k, s in (("I", (3,)), ("a", (1,)), ("pos", (3,)))}
    I1, J1 = lemma6_coupling(4, 3, 2, np.random.default_rng(9))
    I2, J2 = lemma6_coupling(4, 3, 2, draws=dr)
    assert np.array_equal(I1, I2) and np.array_equal(J1, J2)
    with pytest.raises(ValueError, match="pos"):
        lemma6_coupling(4, 3, 2, draws=dict(dr, pos=dr["pos"][:2]))
    law = lemma6_coupling_law(3, 2, 2)
    M = 40000
    cnt = Counter(tuple(map(tuple, lemma6_coupling(3, 2, 2, rng))) for _ in range(M))
    for key, p in law.items():                      # 4 sigma binomial band per cell (a handful of cells)
        q = cnt[key] / M
        assert abs(q - float(p)) <= 4 * math.sqrt(float(p) * (1 - float(p)) / M) + 1e-12


def test_private_erm_replay_bit_identical():
    """private_erm (scaled constants): record['draws'] of an rng run replays it bit-identically; an exhausted stream fails."""
    from reference.resque.private import private_erm
    rng = np.random.default_rng(4)
    n, d = 400, 2
    A = rng.standard_normal((n, d)); A /= np.linalg.norm(A, axis=1)[:, None]
    P = ErmProblem(A, 0.1 * rng.standard_normal(n), np.ones(n))
    sc = dict(r=0.2, rho=0.4, eps_opt=0.3, beta=0.5, T1=4, T2=4, T3=4, zeta=0.5, iterations=2)
    rec = {}
    x1 = private_erm(P.oracle(), P.L, 1.0, 0.5, 1e-3, np.random.default_rng(2), C_ba=2.0, C_priv=4.0, scaled=sc, record=rec)
    x2 = private_erm(P.oracle(), P.L, 1.0, 0.5, 1e-3, draws=rec["draws"], C_ba=2.0, C_priv=4.0, scaled=sc)
    assert np.array_equal(x1, x2)
    short = dict(rec["draws"], bo=rec["draws"]["bo"][:-1])
    with pytest.raises(ValueError, match="bo"):
        private_erm(P.oracle(), P.L, 1.0, 0.5, 1e-3, draws=short, C_ba=2.0, C_priv=4.0, scaled=sc)


def test_alg3_to_7_and_private_erm_draws_replay_rng_path_bit_identical():
    """One pre-drawn convention: the *_draws functions draw exactly what the rng path draws (standard draws through
    reference.core.randomness.Source), so feeding them back gives bit-identical outputs (Alg. 3, 4, 5, 6, 7, private_erm)."""
    from reference.resque.private import alg6_draws, alg7_draws, private_erm
    P = _P(np.random.default_rng(11))
    n, d = P.n, 2
    a = subsampled_resqued_erm(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 40, P.L, np.random.default_rng(1))
    b = subsampled_resqued_erm(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 40, P.L, None,
                               draws=alg3_draws(n, d, 40, 0.5, np.random.default_rng(1)))
    assert np.array_equal(a, b)
    a = regularized_resqued_erm(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 40, 0.3, np.zeros(2), P.L, np.random.default_rng(2))
    b = regularized_resqued_erm(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 40, 0.3, np.zeros(2), P.L, None,
                                draws=alg3_draws(n, d, 40, 0.5, np.random.default_rng(2)))
    assert np.array_equal(a, b)
    a = strongly_convex_resqued_erm(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 32, P.L, np.random.default_rng(3))
    b = strongly_convex_resqued_erm(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 32, P.L,
                                    draws=alg5_draws(n, d, 32, 0.5, 1.0, 2.0, P.L, np.random.default_rng(3)))
    assert np.array_equal(a, b)
    a = bias_reduced_estimator(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 4, P.L, np.random.default_rng(4), C_priv=1.0)
    b = bias_reduced_estimator(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 4, P.L, C_priv=1.0,
                               draws=alg6_draws(n, d, 4, 0.5, 1.0, 2.0, P.L, np.random.default_rng(4), C_priv=1.0))
    assert np.array_equal(a, b)
    a = high_probability_solver(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 0.6, 8, P.L, np.random.default_rng(5))
    b = high_probability_solver(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 2.0, 0.6, 8, P.L,
                                draws=alg7_draws(n, d, 8, 0.5, 1.0, 2.0, P.L, 0.6, np.random.default_rng(5)))
    assert np.array_equal(a, b)
    sc = dict(eps_opt=0.2, rho=0.15, r=0.07, beta=0.5, T1=8, T2=8, T3=4, zeta=0.5)
    rec = {}
    a = private_erm(P.oracle(), P.L, 1.0, 0.5, 1e-3, np.random.default_rng(6), C_ba=2.0, C_priv=1.0, scaled=sc, record=rec)
    b = private_erm(P.oracle(), P.L, 1.0, 0.5, 1e-3, None, C_ba=2.0, C_priv=1.0, scaled=sc, draws=rec["draws"])
    assert np.array_equal(a, b)
    with pytest.raises(ValueError, match="z"):
        dr = alg3_draws(n, d, 40, 0.5, np.random.default_rng(1)); dr["z"][0] = 1.5
        subsampled_resqued_erm(P.oracle(), np.zeros(2), 0.3, 0.5, 1.0, 40, P.L, None, draws=dr)
