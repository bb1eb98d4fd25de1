"""Tests for thesis 003 Ch. 6: Alg. 17 (Stochastic Spider), oracles (6.2), Alg. 18 (two-stream AboveThreshold),
exponential mechanism over a net, Gibbs privacy helpers.

Statistical tests declare their false-failure probability (<= 1e-6 each); seeds are fixed.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core.accounting import gdp_delta
from reference.core.oracles import QueryCounter
from reference.core.testing import clopper_pearson
from reference.thesis.ch06 import above_threshold as at
from reference.thesis.ch06 import excess_risk as er
from reference.thesis.ch06 import spider as spd

H = np.diag([-0.5, 1.0, 1.0])


def gradF(x):
    return H @ x + (x @ x) * x


def _run(variant="corrected", noise=None, seed=3, trace=None):
    rng = np.random.default_rng(seed)
    O1 = lambda x: gradF(x) + 0.01 * rng.standard_normal(3)
    O2 = lambda x, y: gradF(x) - gradF(y) + 0.01 * np.linalg.norm(x - y) * rng.standard_normal(3)
    return spd.stochastic_spider(O1, O2, np.array([1e-3, 0.5, 0.5]), eta=1 / 3, kappa=0.01, T=120, Gamma=10,
                                 escape_threshold=0.02, escape_sd=0.01, rng=np.random.default_rng(seed + 1),
                                 variant=variant, noise=noise, trace=trace)


def test_spider_oracle_mode_bit_identical():
    noise = np.random.default_rng(0).standard_normal((121, 3))
    tr1: list = []
    a = _run(noise=noise, trace=tr1)
    b = _run(noise=noise)
    assert all(np.array_equal(x, y) for x, y in zip(a["xs"], b["xs"]))
    assert all(np.array_equal(x, y) for x, y in zip(tr1, a["xs"]))


def test_spider_corrected_invariant_and_printed_defect():
    r = _run()
    assert r["n_o2"] > 0 and max(r["o2_drift_prev"]) < 0.01
    p = _run("printed")
    assert p["n_o2"] == 0 and p["n_refresh"] + p["n_escape"] == len(p["xs"])


def test_spider_escapes_strict_saddle():
    r = _run()
    x = r["xs"][-1]
    assert abs(abs(x[0]) - math.sqrt(0.5)) < 0.05            # minimiser of −x²/4 + x⁴/4 along e1
    assert r["n_escape"] >= 1


def test_spider_caps_and_counts():
    counter = QueryCounter()
    data = [np.array([1.0, 0.0]), np.array([0.0, 1.0]), np.array([1.0, 1.0])]
    psg = lambda x, z: x - z
    O1, O2, full = spd.empirical_private_oracles(psg, data, sigma1=0.1, sigma2=0.1, rng=np.random.default_rng(5),
                                                 counter=counter)
    r = spd.stochastic_spider(O1, O2, np.zeros(2), eta=0.5, kappa=0.05, T=50, Gamma=5, escape_threshold=1e-3,
                              escape_sd=0.0, rng=np.random.default_rng(6), max_refresh=4)
    assert r["n_refresh"] <= 4
    assert full.calls == r["n_refresh"] + r["n_escape"] + 2 * r["n_o2"]


@pytest.mark.parametrize("bad", [dict(eta=0.0), dict(kappa=-1.0), dict(T=0), dict(variant="nope")])
def test_spider_bad_input(bad):
    kw = dict(eta=0.1, kappa=0.1, T=5, Gamma=1.0, escape_threshold=0.1, escape_sd=0.1, rng=np.random.default_rng(0))
    kw.update(bad)
    with pytest.raises(ValueError):
        spd.stochastic_spider(lambda x: x, lambda x, y: x - y, np.zeros(2), **kw)


@given(n=st.integers(1, 10 ** 6), K=st.integers(1, 500), T=st.integers(1, 10 ** 4),
       eps=st.floats(0.01, 20), dl=st.floats(1e-12, 0.1))
def test_calibrated_sigmas_meet_delta(n, K, T, eps, dl):
    s1, s2, mus = spd.calibrate_spider_sigmas(G=1.0, M=3.0, n=n, K_max=K, N_esc=1, T=T, epsilon=eps, delta=dl)
    mu = spd.spider_privacy_mu(G=1.0, M=3.0, n=n, sigma1=s1, sigma2=s2, K_max=K, N_esc=1, T=T)
    assert gdp_delta(eps, mu) <= dl * (1 + 1e-6)


# ------------------------------------------------------------------------------------ Alg. 18

KW = dict(G=1.0, M=1.0, rho=1.0, alpha=1.0, n=1, epsilon=1.0, omega=0.5)


def test_above_threshold_oracle_mode():
    q, h = np.array([5.0, 3.0, 1.0]), np.array([-4.0, -2.0, 0.0])
    noise = {"rho1": 0.3, "rho2": -0.2, "nu": np.array([0.1, -2.0, 0.5]), "nu2": np.array([0.0, 1.0, -0.3])}
    a = at.above_threshold_sosp(q, h, rng=None, noise=noise, **KW)
    b = at.above_threshold_sosp(q, h, rng=None, noise=noise, **KW)
    assert a == b


@pytest.mark.parametrize("variant", ["corrected", "printed"])
def test_above_threshold_law_matches_exact(variant):
    """MC frequencies vs the exact quadrature law; false-failure <= 1e-6 (Clopper-Pearson, Bonferroni over 4 cells)."""
    q = np.array([60.0, 50.0, 45.0])
    h = np.array([-60.0, -50.0, -40.0])
    bt1, bt2, bq1, bq2 = at._scales(1.0, 1.0, 1, 1.0, variant)
    c1, c2 = at.thresholds_offsets(1.0, 1.0, 1.0, 1.0, 1, 1.0, 0.5, 3)
    law = at.output_law(q, h, bt1=bt1, bt2=bt2, bq1=bq1, bq2=bq2, c1=c1, c2=c2, npts=40)
    assert abs(law.sum() - 1) < 1e-9
    rng = np.random.default_rng(11)
    N = 6000
    counts = np.zeros(4, dtype=int)
    for _ in range(N):
        k = at.above_threshold_sosp(q, h, rng=rng, variant=variant, **KW)
        counts[3 if k is None else k] += 1
    for j in range(4):
        lo, hi = clopper_pearson(int(counts[j]), N, 1e-6 / 4)
        assert lo <= law[j] <= hi, (j, counts, law)


def test_above_threshold_privacy_corrected_vs_printed():
    assert at.worst_case_loss(20, 1.0, variant="corrected") <= 1.0
    assert at.worst_case_loss(20, 1.0, variant="printed") > 1.0


@pytest.mark.parametrize("bad", [dict(epsilon=0.0), dict(omega=1.0), dict(n=0), dict(variant="x")])
def test_above_threshold_bad_input(bad):
    kw = dict(KW)
    kw.update(bad)
    with pytest.raises(ValueError):
        at.above_threshold_sosp([1.0], [0.0], rng=np.random.default_rng(0), **kw)


# --------------------------------------------------------------------------------- A6.11 / Thm 6.4.1

@given(K=st.integers(2, 50), eps=st.floats(0.01, 10), seed=st.integers(0, 2 ** 31))
def test_net_exponential_mechanism_is_eps_dp(K, eps, seed):
    rng = np.random.default_rng(seed)
    F = rng.uniform(0, 1, K)                                   # F̃_D in [0, GD], G = D = 1, n = 1
    F2 = np.clip(F + rng.uniform(-1, 1, K), 0, 1)              # replace-one: |F − F'| <= GD/n
    p = er.net_exponential_law(F, epsilon=eps, G=1, D=1, n=1)
    p2 = er.net_exponential_law(F2, epsilon=eps, G=1, D=1, n=1)
    assert np.max(np.abs(np.log(p) - np.log(p2))) <= eps * (1 + 1e-9)


def test_net_exponential_mechanism_sampling():
    F = np.array([0.0, 0.5, 1.0])
    idx = er.net_exponential_mechanism(F, epsilon=1.0, G=1, D=1, n=10, rng=None, u=0.0)
    assert idx == 0


@given(mu=st.floats(0.01, 1.2), dl=st.floats(1e-15, 0.4))
def test_masn16_holds_small_mu(mu, dl):
    assert er.gibbs_gaussian_true_delta(mu, dl) <= dl


def test_gibbs_beta_calibration_is_tight():
    b = er.gibbs_beta_calibration(1.0, 1.0, 1000, 5, 0.5, 1e-6)
    C = math.exp(b) / 5                            # C_LSI <= e^{βGD} D²/d
    assert er.masn16_epsilon(1.0, b, 1000, C, 1e-6) == pytest.approx(0.5, rel=1e-9)


# --------------------------------------------------------------------------------- pipelines / samplers
from reference.thesis.ch06 import pipelines as pl  # noqa: E402


def test_empirical_pipeline_runs_and_composes():
    rng = np.random.default_rng(3)
    gradF = lambda x: np.array([-math.sin(x[0]), x[1]])
    hessF = lambda x: np.diag([-math.cos(x[0]), 1.0])
    data = list(rng.uniform(-0.2, 0.2, (200, 2)))
    r = pl.empirical_sosp_pipeline(lambda x, z: gradF(x) + z, lambda x, z: hessF(x), data, np.array([1e-3, 0.3]),
                                   G=1.5, M=1.0, rho=1.0, alpha=0.5, epsilon=50.0, delta=1e-6, omega=0.1, eta=1.0,
                                   kappa=0.05, T=60, Gamma=3, escape_threshold=0.1, escape_sd=0.05, K_max=30, N_esc=10,
                                   rng=rng)
    assert r["privacy"] == (50.0, 1e-6)
    assert r["stage1"]["n_refresh"] <= 30 and r["stage1"]["n_escape"] <= 10


@pytest.mark.parametrize("which", ["empirical", "population"])
def test_pipelines_draws_bit_identical(which):
    """The SOSP pipelines with pre-drawn standard draws (six named streams) equal the rng path bit for bit."""
    from reference.core.randomness import Source
    gradF = lambda x: np.array([-math.sin(x[0]), x[1]])
    hessF = lambda x: np.diag([-math.cos(x[0]), 1.0])
    data = list(np.random.default_rng(5).uniform(-0.2, 0.2, (400, 2)))
    T, d = 40, 2
    kw = dict(G=1.5, M=1.0, rho=1.0, alpha=0.5, epsilon=8.0, delta=1e-6, omega=0.1, eta=1.0, kappa=0.05, T=T, Gamma=3,
              escape_threshold=0.1, escape_sd=0.05, K_max=20)
    fn = pl.empirical_sosp_pipeline if which == "empirical" else pl.population_sosp_pipeline
    if which == "empirical":
        kw["N_esc"] = 5
    args = (lambda x, z: gradF(x) + z, lambda x, z: hessF(x), data, np.array([1e-3, 0.3]))
    a = fn(*args, rng=np.random.default_rng(9), **kw)
    g = np.random.default_rng(9)
    src = Source(g, None, record=True)
    draws = {"escape": src.normal("escape", (T + 1, d)), "o1": src.normal("o1", (T + 1, d)), "o2": src.normal("o2", (T, d)),
             "at_threshold": src.laplace("at_threshold", (2,)), "at_nu": src.laplace("at_nu", (T + 1,)),
             "at_nu2": src.laplace("at_nu2", (T + 1,))}
    b = fn(*args, rng=None, draws=draws, **kw)
    xa, xb = (a["stage1"]["xs"], b["stage1"]["xs"]) if which == "empirical" else (a["iterates"], b["iterates"])
    assert len(xa) == len(xb) and all(np.array_equal(u, v) for u, v in zip(xa, xb))
    assert a["index"] == b["index"]
    with pytest.raises(ValueError, match="o2"):
        fn(*args, rng=None, draws={**draws, "o2": draws["o2"][:-1]}, **kw)


@pytest.mark.parametrize("d", [1, 3, 20])
def test_truncated_gaussian_ball_radius_law(d):
    """P(||x|| <= r) = P(d/2, r²/2s)/P(d/2, R²/2s); KS against it, false-failure <= 1e-6 (DKW)."""
    from scipy import special
    rng = np.random.default_rng(d)
    s2, R, N = 0.7, 1.3, 3000
    r = np.sort([np.linalg.norm(pl.truncated_gaussian_ball(d, s2, R, rng)) for _ in range(N)])
    cdf = special.gammainc(d / 2, r ** 2 / (2 * s2)) / special.gammainc(d / 2, R ** 2 / (2 * s2))
    ks = np.max(np.abs(cdf - np.arange(1, N + 1) / N))
    assert r[-1] <= R + 1e-12 and ks <= math.sqrt(math.log(2e6) / (2 * N)) + 1 / N


def test_gv_code_bumps():
    V, loss = pl.gv_code_bumps(12, np.random.default_rng(0))
    dmin = min(np.linalg.norm(V[i] - V[j]) for i in range(len(V)) for j in range(i))
    assert dmin >= 0.5 - 1e-12 and np.all(np.linalg.norm(V, axis=1) <= 0.5 + 1e-12)
    z = np.zeros(len(V))
    assert loss(V[0], z) == pytest.approx(-0.25)
    x, y = np.random.default_rng(1).uniform(-0.5, 0.5, (2, 12))
    assert abs(loss(x, z) - loss(y, z)) <= np.linalg.norm(x - y) + 1e-12          # 1-Lipschitz (disjoint bumps)


def test_alternate_sample_seeded():
    from reference.thesis.ch06.sampler import alternate_sample
    fl = [(lambda x, z=z: 1.5 * abs(x[0] - z)) for z in (-0.5, 0.2, 0.9)]
    tr: list = []
    a = alternate_sample(fl, np.array([0.0]), eta=0.04, T=5, beta=1.5, mu=0.5, R=1.0, rng=np.random.default_rng(9), trace=tr)
    b = alternate_sample(fl, np.array([0.0]), eta=0.04, T=5, beta=1.5, mu=0.5, R=1.0, rng=np.random.default_rng(9))
    assert np.array_equal(a, b) and len(tr) == 5 and np.array_equal(tr[-1], a) and abs(a[0]) <= 1.0


def test_ch06_predrawn_draws_are_bit_identical():
    """A6.2/A6.3 oracles, the A6.7 Gibbs sampler, the restricted Gaussian draw and the A6.12 code accept pre-drawn
    standard draws; with the draws the rng would make (same order) the outputs are identical."""
    from reference.thesis.ch06.pipelines import gibbs_sampler_ball, gv_code_bumps, population_private_oracles
    from reference.thesis.ch06.sampler import restricted_gaussian_draw
    from reference.thesis.ch06.spider import empirical_private_oracles
    data = list(np.random.default_rng(0).normal(size=(30, 3)))
    psg = lambda x, z: np.asarray(x) - z
    x, y = np.ones(3), np.zeros(3)
    O1, O2, _ = empirical_private_oracles(psg, data, sigma1=0.5, sigma2=0.7, rng=np.random.default_rng(3))
    a = [O1(x), O2(x, y), O1(y)]
    g = np.random.default_rng(3)
    r1, r2, r3 = g.standard_normal(3), g.standard_normal(3), g.standard_normal(3)
    P1, P2, _ = empirical_private_oracles(psg, data, sigma1=0.5, sigma2=0.7, draws=dict(o1=np.array([r1, r3]),
                                                                                       o2=np.array([r2])))
    b = [P1(x), P2(x, y), P1(y)]
    assert all(np.array_equal(u, v) for u, v in zip(a, b))
    with pytest.raises(ValueError, match="o2"):
        P2(x, y)
    Q1, Q2, _ = population_private_oracles(psg, data, b1=5, b2=5, sigma1=0.5, sigma2=0.7, rng=np.random.default_rng(4))
    c = [Q1(x), Q2(x, y)]
    g = np.random.default_rng(4)
    S1, S2, _ = population_private_oracles(psg, data, b1=5, b2=5, sigma1=0.5, sigma2=0.7,
                                           draws=dict(o1=g.standard_normal((1, 3)), o2=g.standard_normal((1, 3))))
    assert all(np.array_equal(u, v) for u, v in zip(c, [S1(x), S2(x, y)]))
    # A6.7 exact Gibbs sampler: per proposal g (d,), u (radius), acc
    F = lambda v: float(np.linalg.norm(v - 0.2))
    xa, ka = gibbs_sampler_ball(F, beta=2.0, mu=1.0, R=1.0, G=1.0, d=2, rng=np.random.default_rng(5))
    g = np.random.default_rng(5)
    G_, U_, A_ = np.zeros((ka, 2)), np.zeros(ka), np.zeros(ka)
    for k in range(ka):
        G_[k], U_[k], A_[k] = g.standard_normal(2), g.random(), g.random()
    xb, kb = gibbs_sampler_ball(F, beta=2.0, mu=1.0, R=1.0, G=1.0, d=2, draws=dict(g=G_, u=U_, acc=A_))
    assert ka == kb and np.array_equal(xa, xb)
    # restricted Gaussian draw (rejection on the ball)
    za = restricted_gaussian_draw(np.array([0.9, 0.0]), eta=0.5, beta_mu=1.0, R=1.0, rng=np.random.default_rng(6))
    rows = np.random.default_rng(6).standard_normal((200, 2))
    zb = restricted_gaussian_draw(np.array([0.9, 0.0]), eta=0.5, beta_mu=1.0, R=1.0, draws=rows)
    assert np.array_equal(za, zb)
    # A6.12 greedy GV code: Fisher-Yates over 2^d words
    Va, _ = gv_code_bumps(8, np.random.default_rng(7))
    Vb, _ = gv_code_bumps(8, None, draws=np.random.default_rng(7).random(2 ** 8))
    assert np.array_equal(Va, Vb)
