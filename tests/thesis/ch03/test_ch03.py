"""Tests of thesis 003 Ch.3 reference code (reference/thesis/ch03)."""
from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import stats

from reference.core.oracles import SampleAccessOracle
from reference.core.testing import hoeffding_radius
from reference.thesis.ch03 import lower_bound as lb
from reference.thesis.ch03 import mechanisms as mech
from reference.thesis.ch03 import params as prm
from reference.thesis.ch03 import privacy as pv
from reference.thesis.ch03 import sampler as smp


def test_exponential_mechanism_1d_pure_dp():
    # two neighbouring losses with sup |F_D - F_D'| <= Delta = 0.2 on [-1, 1]; k = eps/(2 Delta)
    eps, Delta = 1.0, 0.2
    FD = lambda x: abs(x - 0.3)
    FDp = lambda x: abs(x - 0.3) + 0.2 * math.sin(3 * x) ** 2      # differs by <= 0.2
    k = eps / (2 * Delta)
    logZ = lambda F: math.log(sum(math.exp(-k * F(x)) for x in np.linspace(-1, 1, 20001)) * 2 / 20000)
    zD, zDp = logZ(FD), logZ(FDp)
    worst = max(abs(-k * FD(x) - zD + k * FDp(x) + zDp) for x in np.linspace(-1, 1, 2001))
    assert worst <= eps + 1e-6
    x = mech.exponential_mechanism_1d_loss(FD, -1, 1, eps, Delta, np.random.default_rng(0), breakpoints=(0.3,))
    assert -1 <= float(x) <= 1


def test_regularized_exp_mech_sampler_law():
    # exp(-k(F + mu x^2/2)) with F = 0 on [-3, 3]: a truncated N(0, 1/(k mu)); inverse-CDF with given u is exact
    k, mu = 4.0, 1.0
    for u in (0.1, 0.5, 0.9):
        x = mech.regularized_exp_mech_1d(lambda x: 0 * x, -3, 3, k, mu, None, u=u)
        sd = 1 / math.sqrt(k * mu)
        lo, hi = stats.norm.cdf(-3 / sd), stats.norm.cdf(3 / sd)
        want = stats.norm.ppf(lo + u * (hi - lo)) * sd
        assert abs(float(x) - want) < 1e-9
    with pytest.raises(ValueError, match="k"):
        mech.regularized_exp_mech_1d(lambda x: x, -1, 1, -1.0, 1.0, None, u=0.5)


def test_parameter_functions():
    p = prm.dp_erm_parameters(0.05, 1e-5, 1.0, 2.0, 1000, 10)
    assert math.isclose(p["s"], math.sqrt(2) * p["a"], rel_tol=1e-12)
    assert math.isclose(p["queries_T"], 2 * 1000 ** 2 * p["a"] ** 2, rel_tol=1e-12)
    assert math.isclose(p["eta_tv"], 1e-5 / (3 * (1 + math.exp(0.05))))
    assert prm.dp_erm_parameters(0.05, 1e-5, 1.0, 2.0, 1000, 10, tv_variant="thesis")["eta_tv"] == 1e-5 / 3
    q = prm.dp_sco_parameters(0.05, 1e-5, 1.0, 2.0, 1000, 10)
    assert q["bound"] <= q["printed"] and q["s"] <= 0.05 / math.sqrt(2 * q["L"]) * (1 + 1e-12)
    with pytest.raises(ValueError, match="delta"):
        prm.dp_erm_parameters(0.05, 0.2, 1.0, 1.0, 10, 1)
    with pytest.raises(ValueError, match="epsilon"):
        prm.dp_sco_parameters(0.5, 0.01, 1.0, 1.0, 10, 1)


@settings(max_examples=30, deadline=None)
@given(eps=st.floats(1e-3, 30.0), delta=st.floats(1e-12, 0.49))
def test_calibration_property(eps, delta):
    s = pv.calibrate_s_lemma363(eps, delta)
    assert pv.gaussian_privacy_curve(eps, s) <= delta * (1 + 1e-9)


def test_sampler_dp_variants():
    assert pv.sampler_dp(1.0, 0.0, 0.01, "thesis") == (1.0, 0.01)
    e, d = pv.sampler_dp(1.0, 0.0, 0.01, "correct")
    assert math.isclose(d, (1 + math.e) * 0.01, rel_tol=1e-12)


def test_alternating_sampler_gaussian_law():
    # pi = N(0, 1/mu) on R, exact RGO N(y/(1+eta mu), eta/(1+eta mu)); x_T ~ N(x0 r^T, (1/mu)(1 - r^{2T}))
    mu, eta, x0, T, R = 2.0, 0.3, 3.0, 6, 20000
    rng = np.random.default_rng(5)
    rgo = lambda y: smp.gaussian_rgo_proposal(y, eta, mu, rng)[0]
    xs = np.array([smp.alternating_sampler(np.array([x0]), T, eta, rgo, rng)[0] for _ in range(R)])
    r = 1 / (1 + eta * mu)
    m, v = x0 * r ** T, (1 / mu) * (1 - r ** (2 * T))
    z = (xs.mean() - m) / math.sqrt(v / R)
    assert abs(z) < 5.33                         # two-sided false-failure 1e-7
    assert stats.kstest((xs - m) / math.sqrt(v), "norm").pvalue > 1e-6


def test_rgo_rho_unbiased():
    # E[rho | x, z] = e^m with m = E_i(f_i(z) - f_i(x)); rho from the Russian-roulette loop of Alg 14
    rng = np.random.default_rng(11)
    c = np.array([0.2, -0.4, 0.9])
    orc = SampleAccessOracle(lambda x, s: np.sign(x - s), c.reshape(-1, 1), per_sample_loss=lambda x, s: abs(x[0] - s[0]))
    x, z = np.array([0.1]), np.array([0.35])
    diffs = np.array([abs(z[0] - ci) - abs(x[0] - ci) for ci in c])
    m = diffs.mean()
    R = 40000
    rhos = np.empty(R)
    for r in range(R):
        rho, alpha = 1.0, 1
        while True:
            js = rng.integers(0, 3, size=alpha)
            rho += float(np.prod(diffs[js]))
            if rng.random() < alpha / (1 + alpha):
                break
            alpha += 1
        rhos[r] = rho
    # |terms| <= 0.25^alpha: rho in [1 - 1/3, 1 + 1/3] (geometric), Hoeffding with range 2/3
    assert abs(rhos.mean() - math.exp(m)) <= hoeffding_radius(R, 1e-6, 2 / 3)
    # the implementation itself: accept frequency of one round equals E[clip(rho,0,2)]/2 = e^m/2 here (rho in [0,2])
    st_ = {}
    for _ in range(200):
        smp.rgo_rejection(orc, np.array([0.2]), 0.01, 1.0, rng, stats=st_)
    assert st_["rounds"] >= 200 and orc.calls > 0


def test_composite_sampler_gaussian_target():
    # f_i(x) = s_i x (linear, G = max|s_i|), psi = lam x^2/2 on R: pi = N(-mean(s)/lam, 1/lam) exactly
    rng = np.random.default_rng(3)
    s = np.array([0.3, -0.1, 0.4, 0.2])
    orc = SampleAccessOracle(lambda x, si: si, s.reshape(-1, 1), per_sample_loss=lambda x, si: float(si[0] * x[0]))
    lam, G = 1.0, 0.4
    R = 60
    stats_ = {}
    xs = []
    prm_ = None
    for _ in range(R):
        x, prm_ = smp.composite_sampler(orc, lam, G, 1, 1.0, 0.05, rng, C_eta=0.5, C_T=0.5, stats=stats_)
        xs.append(x[0])
    xs = np.array(xs)
    target_m, target_v = -s.mean() / lam, 1 / lam
    z = (xs.mean() - target_m) / math.sqrt(target_v / R)
    assert abs(z) < 5.33
    # expected value queries per RGO call: <= 2 * 2e * (rounds per call); rounds per call measured
    calls = R * prm_["T"]
    assert orc.calls / calls <= 2 * 2 * math.e * 6


def test_orthogonal_query_wrapper():
    rng = np.random.default_rng(7)
    inst = lb.hard_instance(1.0, 6, 10, 4, rng)
    assert math.isclose(6 * (inst["sigma_h"] ** 2 + inst["delta_h"] ** 2), 1.0, rel_tol=1e-12)
    W = lb.OrthogonalQueryWrapper(inst["s"])
    for _ in range(60):
        X = rng.standard_normal(6)
        i = int(rng.integers(0, 4))
        assert abs(W(X, i) - X @ inst["s"][i]) < 1e-9
    assert W.real_queries <= min(W.queries, 4 * 6)
    with pytest.raises(ValueError, match="d"):
        lb.hard_instance(1.0, 0, 10, 4, rng)


def test_sampler_oracle_mode_bit_identical():
    """Oracle mode for the rejection-based samplers: the number of draws is random, so the pre-drawn noise is a seeded
    Generator; identical generators give bit-identical outputs and traces, different ones differ."""
    s = np.array([0.3, -0.1, 0.4])
    mk = lambda: SampleAccessOracle(lambda x, si: si, s.reshape(-1, 1), per_sample_loss=lambda x, si: float(si[0] * x[0]))
    outs = []
    for seed in (9, 9, 10):
        tr = []
        x, _ = smp.composite_sampler(mk(), 1.0, 0.4, 1, 1.0, 0.05, np.random.default_rng(seed), C_eta=0.5, C_T=0.2, trace=tr)
        outs.append((x, tr))
    assert np.array_equal(outs[0][0], outs[1][0]) and all(np.array_equal(a, b) for a, b in zip(outs[0][1], outs[1][1]))
    assert not np.array_equal(outs[0][0], outs[2][0])
    with pytest.raises(ValueError, match="T"):
        smp.alternating_sampler(np.zeros(1), 0, 0.1, lambda y: y, np.random.default_rng(0))


def test_predrawn_draws_bit_identical_to_rng_path():
    """alternating_sampler and hard_instance: pre-drawn standard draws reproduce the rng path exactly."""
    T, d = 7, 3
    rgo = lambda y: 0.5 * y                     # deterministic RGO: all randomness is Alg 13's zeta
    x_rng = smp.alternating_sampler(np.ones(d), T, 0.1, rgo, np.random.default_rng(5))
    zeta = np.random.default_rng(5).standard_normal((T, d))
    x_drw = smp.alternating_sampler(np.ones(d), T, 0.1, rgo, None, draws=zeta)
    assert np.array_equal(x_rng, x_drw)
    with pytest.raises(ValueError, match="zeta"):
        smp.alternating_sampler(np.ones(d), T, 0.1, rgo, None, draws=zeta[:-1])
    a = lb.hard_instance(1.0, 6, 10, 4, np.random.default_rng(9))
    r = np.random.default_rng(9)
    b = lb.hard_instance(1.0, 6, 10, 4, None, draws={"v": r.random(6), "s": r.standard_normal((4, 6))})
    assert np.array_equal(a["v"], b["v"]) and np.array_equal(a["s"], b["s"])
