"""Tests of thesis 003 Ch. 5: InnerLoop / AlternateSample, the pi_x mixture sampler, Kanter, DP parameters, fallback."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import stats

from reference.core.oracles import QueryCounter
from reference.core.testing import clopper_pearson, hoeffding_radius
from reference.thesis.ch05 import dp, llt, lower_bound
from reference.thesis.ch05 import sampler as S

Z_ = np.array([-1.0, -1.0, -0.8])
G_ = 0.25


def _oracles(ctr=None):
    return S.component_oracles(lambda j, x: G_ * abs(float(x[0]) - Z_[j]), 3, ctr)


def _dkw(N, alpha):
    return math.sqrt(math.log(2 / alpha) / (2 * N))


def test_sample_a_law():
    """Pr[a = b] = b/(b+1)! under Pr[a >= b] = 1/b!: Clopper-Pearson (alpha 1e-7 each) for b = 1, 2, 3."""
    rng = np.random.default_rng(11)
    N = 20000
    a = np.array([S.sample_a(rng) for _ in range(N)])
    assert a.min() >= 1
    for b_, p in ((1, 1 / 2), (2, 1 / 3), (3, 1 / 8)):
        lo, hi = clopper_pearson(int(np.sum(a == b_)), N, 1e-7)
        assert lo <= p <= hi
    assert S.sample_a(None, u=1.0) == 1 and S.sample_a(None, u=0.4) == 2      # 2! <= 2.5 < 3!
    assert S.sample_a(None, "printed", u=0.3) == 3                              # floor(1/0.3)
    with pytest.raises(ValueError, match="variant"):
        S.sample_a(None, "other", u=0.5)


@settings(max_examples=5, deadline=None)
@given(x1=st.floats(-1, 1), x2=st.floats(-1, 1), seed=st.integers(0, 2 ** 32 - 1))
def test_rho_unbiased(x1, x2, seed):
    """(5.19): E[rho | x1, x2] = exp(F(x2) - F(x1)); rho in [0, 2] here (differences <= 1/2), Hoeffding alpha = 1e-6."""
    rng = np.random.default_rng(seed)
    fo = _oracles()
    X1, X2 = np.array([x1]), np.array([x2])
    N = 2500
    rhos = np.array([S.bernoulli_factory_rho(X1, X2, fo, rng)[1] for _ in range(N)])
    F = lambda x: float(np.mean(G_ * np.abs(x - Z_)))
    assert np.all((rhos >= 0) & (rhos <= 2))
    assert abs(rhos.mean() - math.exp(F(x2) - F(x1))) <= hoeffding_radius(N, 1e-6, 2.0)


def test_inner_loop_validation_and_counts():
    fo = _oracles()
    g = S.euclidean_gamma_y(1.0, 0.5, 1.0)(np.array([0.0]))
    with pytest.raises(ValueError, match="delta"):
        S.inner_loop(np.zeros(1), 0.7, fo, g, np.random.default_rng(0))
    with pytest.raises(ValueError, match="eta"):
        S.inner_loop(np.zeros(1), 0.1, fo, g, np.random.default_rng(0), eta=1.0, G=1.0)
    ctr = QueryCounter()
    fo = _oracles(ctr)
    st_: dict = {}
    x = S.inner_loop(np.zeros(1), 0.1, fo, g, np.random.default_rng(5), stats=st_)
    a = np.array(st_["a"])
    assert ctr.calls == int(np.sum(a * (a + 1))) and len(a) == st_["iterations"] and abs(x[0]) <= 1


def _pi_inverse_cdf(mu, n=20001):
    xs = np.linspace(-1, 1, n)
    F = np.mean(G_ * np.abs(xs[:, None] - Z_), axis=1)
    w = np.exp(-F - mu * xs ** 2 / 2)
    c = np.concatenate([[0.0], np.cumsum((w[1:] + w[:-1]) / 2)])
    return xs, c / c[-1]


def test_alternate_sample_stationarity_exact():
    """Lemma 5.4.2 + exact inner loop: x0 ~ pi => x_T ~ pi exactly; KS <= DKW radius (alpha = 1e-6) + grid error."""
    eta, mu, T = 1.0, 1.0, 3
    xs, cdf = _pi_inverse_cdf(mu)
    rng = np.random.default_rng(2025)
    N = 1500
    x0s = np.interp(rng.random(N), cdf, xs)
    fo = _oracles()
    pix, fac = S.euclidean_pi_x(eta), S.euclidean_gamma_y(eta, mu, 1.0)
    out = np.array([S.alternate_sample(np.array([x0]), T, pix, fac, fo, 0.1, rng)[0] for x0 in x0s])
    emp = np.searchsorted(np.sort(out), xs, side="right") / N
    assert np.max(np.abs(emp - cdf)) <= _dkw(N, 1e-6) + 1e-6


def test_alternate_sample_oracle_mode_and_trace():
    fo = _oracles()
    pix, fac = S.euclidean_pi_x(1.0), S.euclidean_gamma_y(1.0, 1.0, 1.0)
    tr1, tr2 = [], []
    x1 = S.alternate_sample(np.array([0.2]), 5, pix, fac, fo, 0.1, np.random.default_rng(9), trace=tr1)
    x2 = S.alternate_sample(np.array([0.2]), 5, pix, fac, fo, 0.1, np.random.default_rng(9), trace=tr2)
    assert np.array_equal(x1, x2) and len(tr1) == 5
    assert all(np.array_equal(a[1], b[1]) for a, b in zip(tr1, tr2))
    with pytest.raises(ValueError, match="T"):
        S.alternate_sample(np.array([0.2]), 0, pix, fac, fo, 0.1, np.random.default_rng(9))


def test_pi_x_sampler_corrected_law_d1():
    """q = 4, d = 1: D_x = N(x/(2a), 1/(2a)); corrected mixture sampler passes KS (alpha = 1e-6); oracle mode identical."""
    a, x = 0.8, 0.6
    rng = np.random.default_rng(4)
    N = 3000
    ys = np.array([llt.sample_pi_x([x], a, rng)[0] for _ in range(N)])
    ks = stats.kstest(ys, stats.norm(x / (2 * a), math.sqrt(1 / (2 * a))).cdf).statistic
    assert ks <= _dkw(N, 1e-6) + 1e-4                         # + grid error of the lambda / t tables
    u = np.array([0.3, 0.7])
    assert np.array_equal(llt.sample_pi_x([x], a, None, u=u), llt.sample_pi_x([x], a, rng, u=u))


def test_pi_x_sampler_law_test_rejects_a_mutated_scale():
    """Power of the KS rule of test_pi_x_sampler_corrected_law_d1 (N = 3000, DKW at 1e-6 + grid error 1e-4): the
    log-Laplace step run at a mutated scale a -> 2a (D_x becomes N(x/(4a), 1/(4a))) is at sup-CDF distance > 2 x the
    radius from the target N(x/(2a), 1/(2a)), so it is rejected w.p. >= 1 - 1e-6; the run at 2a is rejected."""
    a, x, N = 0.8, 0.6, 3000
    target = stats.norm(x / (2 * a), math.sqrt(1 / (2 * a)))
    mutant = stats.norm(x / (4 * a), math.sqrt(1 / (4 * a)))
    t = np.linspace(-6, 6, 20001)
    r = _dkw(N, 1e-6) + 1e-4
    assert np.max(np.abs(target.cdf(t) - mutant.cdf(t))) > 2 * r        # the stated detectable effect
    rng = np.random.default_rng(41)
    ys = np.array([llt.sample_pi_x([x], 2 * a, rng)[0] for _ in range(N)])
    assert stats.kstest(ys, target.cdf).statistic > r


def test_kanter_laplace_transform():
    rng = np.random.default_rng(12)
    N = 100000
    for c in (0.3, 0.5, 0.8):
        lam = llt.kanter_positive_stable(c, rng, N)
        for t in (0.5, 2.0):
            assert abs(np.mean(np.exp(-t * lam)) - math.exp(-t ** c)) <= hoeffding_radius(N, 1e-6 / 6, 1.0)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 50), d=st.integers(2, 10 ** 4), eps=st.floats(0.01, 0.99), delta=st.floats(1e-10, 0.9),
       p=st.sampled_from([1.0, 1.2, 1.5, 2.0]), seed=st.integers(0, 10 ** 6))
def test_fallback_is_data_independent(n, d, eps, delta, p, seed):
    """P6: the fallback decision uses public quantities only and returns the fixed point for every dataset."""
    rng = np.random.default_rng(seed)
    x_fixed = np.zeros(3)
    outs = [dp.m_erm_fallback(rng.standard_normal((n, 3)), x_fixed, n, d, eps, delta, p) for _ in range(3)]
    if dp.fallback_applies(n, d, eps, delta, p):
        assert all(o is not None and np.array_equal(o, x_fixed) for o in outs)
    else:
        assert all(o is None for o in outs)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 10 ** 6), d=st.integers(1, 10 ** 5), eps=st.floats(1e-3, 10), delta=st.floats(1e-12, 0.49))
def test_prop556_params(n, d, eps, delta):
    L = math.log(1 / (2 * delta))
    k, mu = dp.prop556_params(n, d, 1.0, 2.0, eps, delta, "erm", "consistent")
    assert math.isclose(dp.prop556_gdp_parameter(n, 1.0, k, mu), eps / math.sqrt(2 * L), rel_tol=1e-9)
    k, mu = dp.prop556_params(n, d, 1.0, 2.0, eps, delta, "sco", "corrected")
    assert dp.prop556_gdp_parameter(n, 1.0, k, mu) <= eps / math.sqrt(2 * L) * (1 + 1e-9)


def test_hard_instance():
    rng = np.random.default_rng(1)
    inst = lower_bound.hard_instance(6, 10, 1.0, 1.5, 2.0, rng)
    s = inst["sample"](rng, 20000)
    assert np.allclose(s.mean(axis=0), inst["kappa"] * inst["v"], atol=6 * inst["sigma"] / math.sqrt(20000))
    assert math.isclose(np.linalg.norm(inst["x_star"], 1.5), 1.0, rel_tol=1e-12)


def test_euclidean_gamma_and_warm_start():
    """gamma_y and the warm start are exact truncated Gaussians: E x^2 matches quadrature (Hoeffding, x^2 in [0, R^2], alpha 1e-6)."""
    from scipy.integrate import quad
    rng = np.random.default_rng(21)
    N = 20000
    eta, mu, R = 1.0, 0.5, 1.0
    g = S.euclidean_gamma_y(eta, mu, R)(np.array([0.6]))
    m, s2 = eta * 0.6 / (1 + eta * mu), eta / (1 + eta * mu)
    xs = np.array([g(rng)[0] for _ in range(N)])
    w = lambda x: math.exp(-(x - m) ** 2 / (2 * s2))
    target = quad(lambda x: x * x * w(x), -R, R)[0] / quad(w, -R, R)[0]
    assert abs(np.mean(xs ** 2) - target) <= hoeffding_radius(N, 1e-6, R ** 2)
    ws = np.array([S.euclidean_warm_start(eta, mu, R, 1, rng)[0] for _ in range(N)])
    w0 = lambda x: math.exp(-mu * x * x / 2)
    t0 = quad(lambda x: x * x * w0(x), -R, R)[0] / quad(w0, -R, R)[0]
    assert abs(np.mean(ws ** 2) - t0) <= hoeffding_radius(N, 1e-6, R ** 2)


def test_hard_instance_predrawn_signs_bit_identical():
    a = lower_bound.hard_instance(8, 5, 1.0, 1.5, 2.0, np.random.default_rng(4))
    b = lower_bound.hard_instance(8, 5, 1.0, 1.5, 2.0, None, draws=np.random.default_rng(4).random(8))
    assert np.array_equal(a["v"], b["v"]) and set(np.unique(a["v"])) <= {-1.0, 1.0}
    with pytest.raises(ValueError, match="v"):
        lower_bound.hard_instance(8, 5, 1.0, 1.5, 2.0, None, draws=np.zeros(7))
