"""Tests for thesis 003 chapter 9 (user-level DP-SCO): Alg 27, Alg 28, P9.1, Alg 29."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.core.oracles import QueryCounter
from reference.core.strategies import neighbouring_datasets
from reference.core.testing import clopper_pearson
from reference.thesis.ch09.algorithms import (localized_user_level_dp_sco, outlier_removal_mean, above_threshold_ch9, concentration_score,
                                              selection_probabilities, smoothed_gradient_sample,
                                              thm941_parameters, user_level_dp_sgd)
from reference.thesis.ch09.exact import at_pattern_probability


def test_above_threshold_ch9_predrawn_noise_is_bit_identical_and_halts_below():
    q = [5.0, 4.0, -3.0, 10.0]
    noise = (0.3, np.array([0.1, -0.2, 0.0, 0.5]))
    a = above_threshold_ch9(q, 0.0, 1.0, noise=noise)
    b = above_threshold_ch9(q, 0.0, 1.0, noise=noise)
    assert a == b == [True, True, False]          # Δ̂ = −0.6; third query −3 + 0 < −0.6 ⇒ ⊥ and halt
    r1 = above_threshold_ch9(q, 0.0, 1.0, np.random.default_rng(3))
    r2 = above_threshold_ch9(q, 0.0, 1.0, np.random.default_rng(3))
    assert r1 == r2


def test_above_threshold_ch9_law_matches_exact_integral():
    """Monte Carlo frequency of each output pattern vs the exact 1-D integral (Clopper–Pearson, 1e-6 each)."""
    rng = np.random.default_rng(20261122)
    q, eps, N = [0.5, -0.5], 1.0, 20000
    counts = {}
    for _ in range(N):
        out = tuple(above_threshold_ch9(q, 0.0, eps, rng))
        counts[out] = counts.get(out, 0) + 1
    pats = {(False,): 1, (True, False): 2, (True, True): None}
    for pat, k in pats.items():
        p = float(at_pattern_probability(q, 0.0, 2 / eps, 4 / eps, k))
        lo, hi = clopper_pearson(counts.get(pat, 0), N, 1e-6 / 3)
        assert lo <= p <= hi, (pat, p, lo, hi)


def test_above_threshold_ch9_rejects_bad_parameters():
    with pytest.raises(ValueError, match="epsilon"):
        above_threshold_ch9([1.0], 0.0, 0.0, np.random.default_rng(0))
    with pytest.raises(ValueError, match="queries"):
        above_threshold_ch9([float("nan")], 0.0, 1.0, np.random.default_rng(0))


def _zero_noise(T, n, d):
    return dict(rho=0.0, nu=np.zeros(T), u=np.full((T, n), 0.5), gauss=np.zeros((T, d)))


def _fixed_queries(qs, received):
    """A query generator for Alg 28 that records the releases it is sent."""
    for q in qs:
        g = yield q
        received.append(g)


def test_a28_concentrated_users_are_all_kept_with_zero_noise():
    rng = np.random.default_rng(1)
    users = [rng.normal(0, 0.01, size=(4, 2)) for _ in range(20)]        # means within diameter ≤ τ
    cnt, got = QueryCounter(), []
    outs, halted = outlier_removal_mean(users, _fixed_queries([lambda Z: Z.mean(axis=0)] * 2, got), 1.0, 1e-6,
                                        tau=1.0, T=2, d=2, draws=_zero_noise(2, 20, 2), counter=cnt)
    assert not halted and len(outs) == 2 and len(got) == 2
    assert np.allclose(outs[0], np.mean([Z.mean(axis=0) for Z in users], axis=0))
    assert cnt.calls == 40                                               # n user queries per answered round


def test_a28_halts_on_dispersed_users_and_outputs_zero():
    users = [np.full((1, 1), 10.0 * j) for j in range(10)]               # pairwise far apart: s = 1 < 4n/5
    got = []
    outs, halted = outlier_removal_mean(users, _fixed_queries([lambda Z: Z[0]] * 3, got), 1.0, 1e-6, tau=1.0, T=3,
                                        d=1, draws=_zero_noise(3, 10, 1))
    assert halted and len(outs) == 1 and np.all(outs[0] == 0) and got == []


def test_a28_predrawn_draws_are_bit_identical_to_the_rng_path():
    rng = np.random.default_rng(5)
    users = [rng.normal(size=(3, 2)) * 0.05 for _ in range(12)]
    qs = [lambda Z: Z.mean(axis=0), lambda Z: Z.max(axis=0)]
    a, ha = outlier_removal_mean(users, _fixed_queries(qs, []), 1.0, 1e-5, 0.5, 2, 2, np.random.default_rng(8))
    g = np.random.default_rng(8)
    draws = dict(rho=g.laplace(), nu=g.laplace(size=2), u=g.random((2, 12)), gauss=g.standard_normal((2, 2)))
    b, hb = outlier_removal_mean(users, _fixed_queries(qs, []), 1.0, 1e-5, 0.5, 2, 2, draws=draws)
    assert ha == hb and len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))


def test_a28_uses_the_core_above_threshold_scales():
    """The halting decision is the core AboveThreshold at budget ε/2: threshold noise b·ρ with b = 4·sens/ε."""
    users = [np.zeros((1, 1))] * 10                                      # s = n = 10 > 4n/5 = 8
    for variant, sens in (("paper", 1.0), ("corrected", 2.0)):
        b = 4 * sens / 1.0
        for rho, expect_halt in ((-(10 - 8) / b - 1e-9, True), (-(10 - 8) / b + 1e-9, False)):
            # core: halt iff −s + 2bν >= −4n/5 + bρ; with ν = 0: iff ρ <= −(s − 4n/5)/b
            dr = dict(rho=rho, nu=np.zeros(1), u=np.zeros((1, 10)), gauss=np.zeros((1, 1)))
            _, h = outlier_removal_mean(users, _fixed_queries([lambda Z: Z[0]], []), 1.0, 1e-6, 1.0, 1, 1,
                                        draws=dr, variant=variant)
            assert h is expect_halt, (variant, rho, h)


def test_a28_rejects_bad_parameters():
    users = [np.zeros((1, 1))] * 3
    q = lambda: _fixed_queries([lambda Z: Z[0]], [])
    with pytest.raises(ValueError, match="delta"):
        outlier_removal_mean(users, q(), 1.0, 1.5, 1.0, 1, 1, np.random.default_rng(0))
    with pytest.raises(ValueError, match="variant"):
        outlier_removal_mean(users, q(), 1.0, 0.5, 1.0, 1, 1, np.random.default_rng(0), variant="x")
    with pytest.raises(ValueError, match="epsilon"):
        outlier_removal_mean(users, q(), 10.0, 0.5, 1.0, 1, 1, np.random.default_rng(0))
    with pytest.raises(TypeError, match="queries"):
        outlier_removal_mean(users, [lambda Z: Z[0]], 1.0, 0.5, 1.0, 1, 1, np.random.default_rng(0))


@settings(max_examples=40, deadline=None)
@given(neighbouring_datasets("user_level", max_n=10, max_d=2, max_m=3), st.floats(0.05, 2.0))
def test_selection_probabilities_l1_sensitivity_on_user_level_neighbours(pair, tau):
    """Corrected Lemma 9.3.3 on user-level neighbours: ‖p − p'‖₁ ≤ 1 + 6(n−1)/n for the user means q(Z)."""
    v, vp = pair.D.mean(axis=1), pair.D_prime.mean(axis=1)
    n = v.shape[0]
    p, pp = selection_probabilities(v, 2 * tau), selection_probabilities(vp, 2 * tau)
    assert np.abs(p - pp).sum() <= 1 + 6 * (n - 1) / n + 1e-12
    assert 1 <= concentration_score(v, tau) <= n


def test_smoothed_gradient_is_unbiased_for_abs_value():
    """E ∇ℓ(θ + y) = ℓ̂'(θ) = Gθ/r for ℓ = G|θ|, |θ| ≤ r (d = 1), Hoeffding at level 1e-6."""
    rng = np.random.default_rng(7)
    G, r, th, N = 2.0, 1.0, 0.3, 6000
    vals = np.array([smoothed_gradient_sample(lambda x: G * np.sign(x), np.array([th]), r, rng)[0] for _ in range(N)])
    rad = 2 * G * math.sqrt(math.log(2 / 1e-6) / (2 * N))
    assert abs(vals.mean() - G * th / r) <= rad


def test_a29_counts_gradients_and_returns_theta0_on_halt():
    rng = np.random.default_rng(2)
    n, m, d = 6, 2, 2
    data = rng.normal(size=(n, m, d)) * 100                       # dispersed gradients ⇒ halt at once
    grad = lambda th, z: th - z
    proj = lambda x: x / max(1.0, np.linalg.norm(x))
    cnt = QueryCounter()
    th0 = np.array([0.1, -0.2])
    T = 3
    draws = _alg29_draws_in_rng_order(2, T, n, m, d)
    draws["a28"]["rho"], draws["a28"]["nu"] = 0.0, np.zeros(T)        # AboveThreshold noise off: s = 1 < 4n/5
    out = user_level_dp_sgd(data, grad, proj, th0, epsilon=1.0, delta=1e-5, r=0.1, T=T, eta=0.1, tau=0.01,
                            draws=draws, counter=cnt)
    assert np.array_equal(out, th0)
    assert cnt.calls == n * m + n                                 # one query: n·m gradients + n user queries


def test_a29_runs_on_concentrated_data_and_stays_in_domain():
    rng = np.random.default_rng(4)
    n, m, d, T = 30, 4, 2, 5
    data = rng.normal(size=(n, m, d)) * 0.01
    proj = lambda x: x / max(1.0, np.linalg.norm(x))
    trace = []
    out = user_level_dp_sgd(data, lambda th, z: np.sign(th - z), proj, np.zeros(d), epsilon=5.0, delta=1e-3, r=0.01,
                            T=T, eta=0.05, tau=10.0, rng=rng, sigma=0.0, trace=trace)
    assert len(trace) <= T and np.linalg.norm(out) <= 1 + 1e-12


def test_thm941_parameters_corrected_step_is_larger_by_sqrt_n_in_privacy_regime():
    a = thm941_parameters(100, 4, 10, 1.0, 1.0, 1.0, 1e-6, T=10 ** 8, variant="paper")
    b = thm941_parameters(100, 4, 10, 1.0, 1.0, 1.0, 1e-6, T=10 ** 8, variant="corrected")
    assert b["eta"] >= a["eta"]


def test_a30_runs_on_disjoint_blocks():
    """Alg 30: k = ⌈log₂log₂(mn)⌉ phases on disjoint user blocks (parallel composition); counts gradients per phase."""
    from reference.thesis.ch09.algorithms import localized_user_level_dp_sco
    rng = np.random.default_rng(9)
    n, m, d = 64, 4, 2
    data = rng.normal(size=(n, m, d)) * 0.01
    cnt = QueryCounter()
    ball = lambda c, R: (lambda x: c + (x - c) * min(1.0, R / max(np.linalg.norm(x - c), 1e-300)))
    params = lambda i, n_i: dict(T=3, r=0.01, eta=0.1, tau=10.0, R=1.0)
    out = localized_user_level_dp_sco(data, lambda th, z: th - z, ball, np.ones(d), epsilon=5.0, delta=1e-3, mu=1.0,
                                      G=1.0, rng=rng, params=params, counter=cnt)
    k = math.ceil(math.log2(math.log2(m * n)))
    n_is = [n // 2 ** (k + 1 - i) for i in range(1, k + 1)]
    assert sum(n_is) <= n and out.shape == (d,)
    assert cnt.by_kind["gradient"] <= sum(3 * n_i * m for n_i in n_is)


def _alg29_draws_in_rng_order(seed, T, n, m, d):
    """The standard draws Alg 29 takes from default_rng(seed), stream by stream in its documented order."""
    g = np.random.default_rng(seed)
    sg, su = g.standard_normal((T, n, m, d)), g.random((T, n, m))
    rho, nu, u, gauss = g.laplace(), g.laplace(size=T), g.random((T, n)), g.standard_normal((T, d))
    return dict(smooth_g=sg, smooth_u=su, a28=dict(rho=rho, nu=nu, u=u, gauss=gauss))


def test_a29_predrawn_draws_are_bit_identical_to_the_rng_path():
    n, m, d, T = 12, 3, 2, 4
    data = np.random.default_rng(9).normal(size=(n, m, d)) * 0.01
    proj = lambda x: x / max(1.0, np.linalg.norm(x))
    grad = lambda th, z: np.sign(th - z)
    kw = dict(epsilon=5.0, delta=1e-3, r=0.05, T=T, eta=0.05, tau=10.0, sigma=0.1)
    a = user_level_dp_sgd(data, grad, proj, np.zeros(d), rng=np.random.default_rng(77), **kw)
    b = user_level_dp_sgd(data, grad, proj, np.zeros(d), rng=None, draws=_alg29_draws_in_rng_order(77, T, n, m, d),
                          **kw)
    assert np.array_equal(a, b)


def test_a29_a30_reject_bad_input():
    data = np.zeros((4, 2, 2))
    proj = lambda x: x
    grad = lambda th, z: th - z
    base = dict(epsilon=1.0, delta=1e-3, r=0.1, T=2, eta=0.1, tau=1.0, rng=np.random.default_rng(0))
    for key, bad in (("epsilon", 10.0), ("epsilon", 0.0), ("delta", 1.0), ("r", -1.0), ("T", 0), ("eta", 0.0),
                     ("tau", float("nan"))):
        with pytest.raises((ValueError, TypeError), match=key):
            user_level_dp_sgd(data, grad, proj, np.zeros(2), **{**base, key: bad})
    with pytest.raises(ValueError, match="data"):
        user_level_dp_sgd(np.zeros((1, 2, 2)), grad, proj, np.zeros(2), **base)
    with pytest.raises(ValueError, match="smooth_g"):
        user_level_dp_sgd(data, grad, proj, np.zeros(2), **{**base, "rng": None},
                          draws=dict(smooth_g=np.zeros((1, 1, 1, 1)), smooth_u=np.zeros((2, 4, 2)), a28={}))
    with pytest.raises(ValueError, match="mu"):
        localized_user_level_dp_sco(data, grad, lambda c, R: proj, np.zeros(2), epsilon=1.0, delta=1e-3, mu=0.0, G=1.0,
                                    rng=np.random.default_rng(0), params=lambda i, n: {})


def test_a30_rejects_too_few_users_instead_of_repairing():
    """Alg 30 with n_i = ⌊n/2^(k+1-i)⌋ < 2 users in a phase raises (no silent max(1, ·) repair)."""
    data = np.zeros((4, 64, 1))                                   # n = 4, m = 64: k = ⌈log₂ 8⌉ = 3, n_1 = ⌊4/8⌋ = 0
    params = lambda i, n_i: dict(T=1, r=0.0, eta=0.1, tau=1.0, R=1.0)
    with pytest.raises(ValueError, match="phase 1"):
        localized_user_level_dp_sco(data, lambda th, z: th - z, lambda c, R: (lambda x: x), np.zeros(1), epsilon=1.0,
                                    delta=1e-3, mu=1.0, G=1.0, rng=np.random.default_rng(0), params=params)


def test_a30_rejects_malformed_phase_parameters():
    data = np.zeros((64, 4, 1))
    for bad in ({"T": 1}, [1, 2], dict(T=1, r=0.0, eta=0.1, tau=1.0, R=-1.0)):
        with pytest.raises(ValueError, match="params"):
            localized_user_level_dp_sco(data, lambda th, z: th - z, lambda c, R: (lambda x: x), np.zeros(1),
                                        epsilon=1.0, delta=1e-3, mu=1.0, G=1.0, rng=np.random.default_rng(0),
                                        params=lambda i, n_i, b=bad: b)


def test_a29_smoothing_points_are_drawn_per_user_item_as_documented():
    """q_t(Z_j) = (1/m) Σ_i ∇ℓ(θ_t + y_{j,i}; z_{j,i}) with y_{j,i} built from smooth_g[t, j, i], smooth_u[t, j, i]
    (one uniform_l2_ball call per round for all users must equal one call per user)."""
    from reference.core.samplers import uniform_l2_ball
    n, m, d, T, eta, r = 5, 3, 2, 3, 0.1, 0.3
    draws = _alg29_draws_in_rng_order(11, T, n, m, d)
    draws["a28"]["rho"], draws["a28"]["nu"] = 0.0, np.zeros(T)
    data = np.zeros((n, m, d))
    out = user_level_dp_sgd(data, lambda th, z: th, lambda x: x, np.zeros(d), epsilon=5.0, delta=1e-3, r=r, T=T,
                            eta=eta, tau=1e6, sigma=0.0, draws=draws)
    theta, its = np.zeros(d), []
    for t in range(T):                                            # all users kept (τ huge), σ = 0
        its.append(theta.copy())
        qs = [np.mean(theta + uniform_l2_ball(d, r, None, size=m, noise=(draws["smooth_g"][t, j],
                                                                          draws["smooth_u"][t, j])), axis=0)
              for j in range(n)]
        theta = theta - eta * np.mean(qs, axis=0)
    assert np.allclose(out, np.mean(its, axis=0), rtol=0, atol=1e-15)


def test_a30_passes_the_phase_sigma_to_alg29():
    """params(i, n_i) may set Alg 28's σ per phase: with σ = 0 the Gaussian draws do not matter; without it (the
    printed σ) they do."""
    n, m, d = 16, 2, 1
    data = np.random.default_rng(3).random((n, m, d))
    k = math.ceil(math.log2(math.log2(m * n)))
    n_is = [n // 2 ** (k + 1 - i) for i in range(1, k + 1)]
    T = 3

    def draws(seed):
        g = np.random.default_rng(seed)
        return [dict(smooth_g=g.standard_normal((T, ni, m, d)), smooth_u=g.random((T, ni, m)),
                     a28=dict(rho=0.0, nu=np.zeros(T), u=g.random((T, ni)), gauss=g.standard_normal((T, d))))
                for ni in n_is]
    run = lambda seed, extra: localized_user_level_dp_sco(   # noqa: E731
        data, lambda th, z: th - z, lambda c, R: (lambda x: x), np.zeros(d), epsilon=5.0, delta=1e-3, mu=1.0, G=1.0,
        params=lambda i, n_i: dict(T=T, r=0.0, eta=0.1, tau=1e6, R=1.0, **extra), draws=draws(seed))
    assert np.array_equal(run(1, dict(sigma=0.0)), run(2, dict(sigma=0.0)))
    assert not np.array_equal(run(1, {}), run(2, {}))


def test_h91_printed_regime_numbers_come_from_the_code():
    from proofs_checks.thesis.ch09.headline_runs import printed_regime
    T, grads, W, rho = printed_regime(32, 64, 1, 1.0, 1e-6)
    assert T == 64 ** 2 * 32 ** 2 + 64 * 32 and grads == T * 32 * 64 and W == T * (32 * 64 + 32 ** 2)
    assert 8e9 < grads < 9e9 and rho > 1


def test_scaled_replay_control_is_private_and_scaled_run_is_not():
    """The replay of the noise the scaled headline runs add: the unscaled calibration gives ≤ ε, the scaled one ≫ ε;
    a halved σ (s_gauss = 0.5) must already exceed ε."""
    from proofs_checks.thesis.ch09.headline_runs import replay_scaled
    r = replay_scaled(8, 2, 1, 9.0, 1e-6, 20.0, 40)
    assert r["calibrated"]["eps"] <= 9.0 and r["scaled"]["eps"] > 1e3
    assert replay_scaled(8, 2, 1, 9.0, 1e-6, 20.0, 40, s_gauss=0.5)["scaled"]["eps"] > 9.0


def test_headline_scaled_run_missing_the_theory_fails_not_erratum():
    from proofs_checks.experiments import SlopeInterval, rate_outcome
    from proofs_checks.framework import Verdict
    from proofs_checks.thesis.ch09.headline_runs import _no_erratum
    ci = SlopeInterval(0.0, -0.2, 0.2, 0.95, 2000, (8, 8, 8), 0.0)
    assert _no_erratum(rate_outcome(ci, theory=-1.0, competitor=-0.5, claim="x")).verdict == Verdict.FAILED
    ok = SlopeInterval(-1.0, -1.2, -0.8, 0.95, 2000, (8, 8, 8), 0.0)
    out = _no_erratum(rate_outcome(ok, theory=-1.0, competitor=-0.5, claim="x", holds_verdict=Verdict.PARTIAL,
                                   coverage="scaled"))
    assert out.verdict == Verdict.PARTIAL
