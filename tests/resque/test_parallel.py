"""Tests of Alg. 1 (EpochSGD) and Alg. 2 (AC-SA): exact query counts and depth, ball membership, oracle mode."""
import math

import numpy as np
import pytest
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
        outs.append((epoch_sgd(o, np.zeros(2), 1.0, 1.0, 1.0, 0.5, 1.0, np.random.default_rng(seed), draws=xi, trace=tr), tr))
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


# ---------------------------------------------------------------------------------------------------------------- BallAccel
def _sep_prox(y, lam, r, w, c):
    from proofs_checks.resque.ballaccel import sep_l1_prox
    return sep_l1_prox(y, lam, r, w, c)


def test_ball_accel_exact_oracles_reach_eps_within_budget():
    """STAND-IN BallAccel with exact constrained-prox oracles (F = sum w_i|x_i - c_i|): gap <= eps within C_ba K log kappa."""
    from reference.resque.parallel import ball_accel
    rng = np.random.default_rng(0)
    d, R, L = 3, 1.0, 1.0
    w = rng.uniform(0.2, 1, d); w /= np.linalg.norm(w)
    c = rng.standard_normal(d); c *= 0.8 / np.linalg.norm(c)
    for Rr, eps in ((20, 0.05), (200, 0.02)):
        r = R / Rr
        O = lambda y, lam: _sep_prox(y, lam, r, w, c)  # noqa: E731
        rec = {}
        x = ball_accel(O, O, O, L, R, r, eps, d, C_ba=2.0, record=rec)
        P = rec["params"]
        assert float(np.sum(w * np.abs(x - c))) <= eps
        assert rec["iterations"] <= 2.0 * P["K"] * np.log(P["kappa"])
        assert rec["bo_calls"] == rec["sp_calls"] == rec["iterations"]
        assert max(rec["ls_calls"]) <= P["max_ls"]


def test_ball_accel_deterministic_and_validation():
    from reference.resque.parallel import ball_accel
    rng = np.random.default_rng(1)
    w, c = np.ones(2) / np.sqrt(2), np.array([0.5, -0.3])
    O = lambda y, lam: _sep_prox(y, lam, 0.1, w, c)  # noqa: E731
    t1, t2 = [], []
    a = ball_accel(O, O, O, 1.0, 1.0, 0.1, 0.05, 2, trace=t1)
    b = ball_accel(O, O, O, 1.0, 1.0, 0.1, 0.05, 2, trace=t2)
    assert np.array_equal(a, b) and all(np.array_equal(u, v) for u, v in zip(t1, t2))
    for bad in (dict(r=2.0), dict(eps=5.0), dict(r=-1.0)):
        kw = dict(L=1.0, R=1.0, r=0.1, eps=0.05)
        kw.update(bad)
        with pytest.raises(ValueError, match=list(bad)[0]):
            ball_accel(O, O, O, kw["L"], kw["R"], kw["r"], kw["eps"], 2)
    with pytest.raises(ValueError, match="window"):
        ball_accel(O, O, O, 1.0, 1.0, 0.1, 0.05, 2, window=(0.5, 0.25))


def test_ball_accel_bo_counts():
    """Prop 2 stand-in: per-iteration ball-oracle calls = (line-search queries) x ceil(lg) + 1 + (1 or 3); levels <= j_max."""
    from reference.resque.parallel import ball_accel_bo
    rng = np.random.default_rng(3)
    w, c = np.ones(2) / np.sqrt(2), np.array([0.4, -0.2])
    calls = []

    def bo(y, lam, phi):
        calls.append(phi)
        return _sep_prox(y, lam, 0.1, w, c)

    rec = {}
    x = ball_accel_bo(bo, 1.0, 1.0, 0.1, 0.05, 2, rng, C_ba=4.0, record=rec)
    assert len(rec["ball_calls_per_iter"]) == rec["iterations"] and sum(rec["ball_calls_per_iter"]) == len(calls)
    for k, m in enumerate(rec["ball_calls_per_iter"]):
        assert m - rec["ls_calls"][k] * rec["m_ls"] - 1 in (1, 3)
    assert all(1 <= j <= rec["j_max"] for j in rec["level_counts"])
    assert float(np.sum(w * np.abs(x - c))) <= 0.05 * 3


def _epoch_sgd_reimpl(grad, xbar, r, rho, lam, phi, L, rng):
    """Independent re-implementation of Alg. 1 (000 L388-405) straight from the paper, one draw at a time (different draw order)."""
    T = math.ceil(48 * L ** 2 / (lam * phi))
    d = xbar.size
    xi = [rho * rng.standard_normal(d) for _ in range(2 * T)]
    G = [grad(xbar + z) for z in xi]
    eta, Tk, used, x0 = 1 / (4 * lam), 16, 0, xbar.copy()

    def proj(y):
        n = np.linalg.norm(y - xbar)
        return y if n <= r else xbar + (y - xbar) * r / n

    while used + Tk <= T:
        xs = [proj((x0 + eta * lam * xbar) / (1 + eta * lam))]
        for t in range(1, Tk):
            i = used + t - 1
            v = xs[-1] - xbar
            h = np.exp((v @ xi[i] - v @ v / 2) / rho ** 2) * G[i]
            xs.append(proj((xs[-1] + eta * lam * xbar - eta * h) / (1 + eta * lam)))
        x0 = np.mean(xs, axis=0)
        used, Tk, eta = used + Tk, 2 * Tk, eta / 2
    return x0


def test_epoch_sgd_agrees_in_law_with_reimplementation():
    """Oracle-mode item 7: the implementation and an independent re-implementation with DIFFERENT draws agree in law
    (two-sample KS on each coordinate of the output, level 1e-6/2 each)."""
    from scipy import stats
    A = np.array([[1.0, 0.3], [-0.2, 1.0], [0.5, -0.7]])
    b = np.array([0.1, -0.05, 0.2])
    grad = lambda X: np.sign(np.atleast_2d(X) @ A.T - b) @ A / 3  # noqa: E731
    xbar, r, lam, phi, L = np.array([0.2, -0.1]), 0.3, 4.0, 0.5, float(np.sum(np.linalg.norm(A, axis=1)) / 3)
    rng1, rng2 = np.random.default_rng(11), np.random.default_rng(12)
    M = 300
    o = GradientOracle(grad, dim=2, vectorized=True)
    X1 = np.array([epoch_sgd(o, xbar, r, r, lam, phi, L, rng1) for _ in range(M)])
    X2 = np.array([_epoch_sgd_reimpl(lambda z: grad(z)[0], xbar, r, r, lam, phi, L, rng2) for _ in range(M)])
    for j in range(2):
        assert stats.ks_2samp(X1[:, j], X2[:, j]).pvalue >= 5e-7


def test_ball_accel_bo_draws_replay():
    """ball_accel_bo: the uniforms recorded by an rng run (one per O_sp call) replay it bit-identically (deterministic oracle)."""
    import numpy as np
    import pytest
    from reference.resque.parallel import ball_accel_bo

    c = np.array([0.3, -0.2])

    def bo(y, lam, phi):                         # exact prox of f = ||x - c||_1/2 over B_y(0.1), deterministic
        x = y.copy()
        for _ in range(200):
            g = 0.5 * np.sign(x - c) + lam * (x - y)
            x = x - 0.01 * g
            v = x - y
            nv = np.linalg.norm(v)
            if nv > 0.1:
                x = y + v * 0.1 / nv
        return x
    rec = {}
    x1 = ball_accel_bo(bo, 1.0, 1.0, 0.1, 0.05, 2, np.random.default_rng(1), C_ba=4.0, record=rec)
    x2 = ball_accel_bo(bo, 1.0, 1.0, 0.1, 0.05, 2, draws=rec["draws"], C_ba=4.0)
    assert np.array_equal(x1, x2)
    if len(rec["draws"]):
        with pytest.raises(ValueError, match="exhausted"):
            ball_accel_bo(bo, 1.0, 1.0, 0.1, 0.05, 2, draws=rec["draws"][:-1], C_ba=4.0)


def test_alg1_alg2_draws_replay_rng_path_bit_identical():
    """One pre-drawn convention (reference.core.randomness.Source): the standard normals the rng path draws, passed as
    ``draws``, give a bit-identical output (Alg. 1 and both Alg. 2 variants)."""
    from reference.resque.parallel import ac_sa, ac_sa_sizes
    f = lambda X: np.sign(X - 0.1)
    lam, phi, rho = 1.0, 0.5, 0.7
    T = math.ceil(48 / (lam * phi))
    o1 = GradientOracle(f, dim=2, vectorized=True)
    a = epoch_sgd(o1, np.zeros(2), rho, rho, lam, phi, 1.0, np.random.default_rng(5))
    dr = np.random.default_rng(5).standard_normal((2 * T, 2))
    b = epoch_sgd(GradientOracle(f, dim=2, vectorized=True), np.zeros(2), rho, rho, lam, phi, 1.0, None, draws=dr)
    assert np.array_equal(a, b)
    N = ac_sa_sizes(1.0, rho, rho, lam, 0.05)[3]
    for v in ("gl12", "printed"):
        a = ac_sa(GradientOracle(f, dim=2, vectorized=True), np.zeros(2), rho, rho, lam, 0.05, 1.0, np.random.default_rng(6), variant=v)
        dr = np.random.default_rng(6).standard_normal((N, 2))
        b = ac_sa(GradientOracle(f, dim=2, vectorized=True), np.zeros(2), rho, rho, lam, 0.05, 1.0, None, variant=v, draws={"xi": dr})
        assert np.array_equal(a, b)
    with pytest.raises(ValueError, match="xi"):
        epoch_sgd(GradientOracle(f, dim=2, vectorized=True), np.zeros(2), rho, rho, lam, phi, 1.0, None, draws=dr[:3])
