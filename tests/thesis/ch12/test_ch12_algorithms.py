"""Tests for thesis 003 chapter 12: Alg 36, 39, 40, 41, 42 indexing, 43, bounded Laplace, Aggregate."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.core.oracles import QueryCounter
from reference.core.strategies import neighbouring_datasets
from reference.thesis.ch12.algorithms import (a42_phase_indices, aggregate_ch12, blap_mechanism_delta,
                                              bounded_laplace, clipped_dp_sgd, glm_clipped_dp_sgd,
                                              known_lip_reduction, one_pass_clipped_sgd, prop1231_sigma,
                                              svt_bounded_laplace)

proj1 = lambda x: x / max(1.0, float(np.linalg.norm(x)))


def test_clipped_dp_sgd_predrawn_noise_bit_identical_and_counts():
    rng = np.random.default_rng(0)
    data = rng.standard_t(3, size=(10, 2))
    noise = rng.standard_normal((15, 2))
    grad = lambda x, s: s                                  # linear losses ⟨s, x⟩
    c = QueryCounter()
    a = clipped_dp_sgd(data, grad, proj1, 2, C=1.0, lam=1.0, sigma=0.3, T=15, noise=noise, counter=c)
    b = clipped_dp_sgd(data, grad, proj1, 2, C=1.0, lam=1.0, sigma=0.3, T=15, noise=noise)
    assert np.array_equal(a, b) and c.calls == 10 * 15 and np.linalg.norm(a) <= 1 + 1e-12
    assert math.isclose(prop1231_sigma(1.0, 15, 10, 0.5) ** 2, 2 * 15 / (100 * 0.5))
    with pytest.raises(ValueError, match="lam"):
        clipped_dp_sgd(data, grad, proj1, 2, C=1.0, lam=0.0, sigma=0.3, T=1, noise=noise)


def test_one_pass_clipped_sgd_clips_each_step():
    tr = []
    one_pass_clipped_sgd([np.array([100.0])] * 5, lambda x, s: s, lambda x: x, np.zeros(1), C=2.0, eta=0.5, trace=tr)
    assert np.allclose(np.diff(np.concatenate([[0.0], np.array(tr)[:, 0]])), -1.0)


def test_bounded_laplace_support_and_tail_law():
    rng = np.random.default_rng(3)
    R, tau, N = 1.0, 2.0, 40000
    x = bounded_laplace(R, tau, rng, N)
    assert np.all(np.abs(x) <= tau)
    p = (1 - math.exp(-1.0)) / (1 - math.exp(-2.0))        # P(|ξ| <= 1)
    rad = math.sqrt(math.log(2 / 1e-6) / (2 * N))
    assert abs(np.mean(np.abs(x) <= 1.0) - p) <= rad
    assert blap_mechanism_delta(1.0, 0.5, 2 * math.log(4 / 1e-3)) <= 1e-3


def test_svt_bounded_laplace_halts_after_c_tops():
    out = svt_bounded_laplace([100.0] * 10, c=3, L=0.0, R=0.1, tau=0.5, rng=np.random.default_rng(0))
    assert out == [True, True, True]
    out = svt_bounded_laplace([-100.0] * 4, c=1, L=0.0, R=0.1, tau=0.5, rng=np.random.default_rng(0))
    assert out == [False] * 4


def test_a42_corrected_indexing_is_disjoint_paper_indexing_is_not():
    corr = a42_phase_indices(32)
    assert sum(len(r) for r in corr) == len(set().union(*map(set, corr)))
    paper = a42_phase_indices(32, "paper")
    assert set(paper[1]) <= set(paper[0])


def test_glm_clipped_dp_sgd_uses_each_sample_once():
    c = QueryCounter()
    data = [np.ones(2)] * 16
    x = glm_clipped_dp_sgd(data, lambda x, s: s, proj1, np.zeros(2), n=16, eta=0.1, C=1.0, rho=1.0,
                           noise=np.zeros((4, 2)), counter=c)
    assert c.calls == 8 + 4 + 2 + 1 and np.all(np.isfinite(x))


@settings(max_examples=30, deadline=None)
@given(neighbouring_datasets("replace", max_n=10, max_d=3, radius=3.0), st.floats(0.1, 3.0))
def test_known_lip_reduction_maps_neighbours_to_neighbours(pair, C):
    """PC11: the truncation is per-sample, so the reduced datasets differ in at most one entry."""
    dummy = np.zeros(pair.D.shape[1])
    seen = []
    base = lambda D: seen.append(np.array(D)) or 0
    lbar = lambda s: float(np.linalg.norm(s))
    known_lip_reduction(list(pair.D), lbar, base, C=C, dummy=dummy)
    known_lip_reduction(list(pair.D_prime), lbar, base, C=C, dummy=dummy)
    diff = np.any(seen[0] != seen[1], axis=1).sum()
    assert diff <= 1


def test_aggregate_reuses_doc000_rule():
    pts = np.array([[0.0], [0.1], [0.2], [10.0]])
    assert abs(aggregate_ch12(pts, 0.2)[0]) <= 0.6


def test_aggregate_erm_uses_disjoint_portions_and_counts():
    """Alg 38 / PC10: J disjoint portions of n samples; each P12.0 call uses n·T sample gradients."""
    from reference.thesis.ch12.algorithms import aggregate_erm
    rng = np.random.default_rng(5)
    S = list(rng.standard_t(4, size=(24, 2)))
    c = QueryCounter()
    x = aggregate_erm(S, lambda x, s: s, np.zeros(2), proj1, J=3, lam=1.0, Gk=2.0, k=4, rho=1.0, R=1.0, rng=rng,
                      counter=c)
    n, T = 8, max(8, math.ceil(64 * 1.0 / 2))
    assert c.calls == 3 * n * T and x.shape == (2,)


def test_a_lip_standin_runs_and_stays_in_domain():
    from reference.thesis.ch12.algorithms import a_lip_standin
    rng = np.random.default_rng(6)
    S = list(rng.normal(size=(32, 2)))
    x = a_lip_standin(S, lambda x, s: s / max(1.0, float(np.linalg.norm(s))), proj1, np.zeros(2), L=1.0, D=2.0, rho=1.0,
                      rng=rng, solver_steps=20)
    assert np.linalg.norm(x) <= 1 + 1e-12


def test_alg42_one_gradient_per_sample_and_halts_on_many_clips():
    from reference.thesis.ch12.algorithms import localized_clipped_dp_sgd
    rng = np.random.default_rng(8)
    S = list(rng.normal(size=(64, 2)) * 0.1)
    c = QueryCounter()
    x = localized_clipped_dp_sgd(S, lambda x, s: x - s, proj1, np.zeros(2), eta=0.5, C=10.0, c=50.0, omega=0.01,
                                 beta=1.0, epsilon=0.5, delta=1e-3, rng=rng, counter=c)
    assert x is not None and c.calls == 63                   # Σ_i n/2^i = n − 1 samples, one gradient each
    big = [np.full(2, 100.0)] * 64                            # every gradient is huge ⇒ many clips ⇒ ⊥
    assert localized_clipped_dp_sgd(big, lambda x, s: x - s, proj1, np.zeros(2), eta=0.5, C=1.0, c=4.0, omega=0.01,
                                    beta=1.0, epsilon=0.5, delta=1e-3, rng=rng) is None


def test_svt_bounded_laplace_law_matches_exact_integral():
    """Alg 41 (c = 1) output-pattern frequencies vs the exact integral (Clopper–Pearson, Bonferroni 1e-6)."""
    from reference.core.testing import clopper_pearson
    from reference.thesis.ch12.algorithms import svt_pattern_probability
    rng = np.random.default_rng(12)
    q, R, tau, N = [0.3, -0.2], 1.0, 2.5, 6000
    counts = {}
    for _ in range(N):
        out = tuple(svt_bounded_laplace(q, c=1, L=0.0, R=R, tau=tau, rng=rng))
        counts[out] = counts.get(out, 0) + 1
    for pat, k in (((True,), 1), ((False, True), 2), ((False, False), None)):
        p = float(svt_pattern_probability(q, L=0.0, R=R, tau=tau, k=k))
        lo, hi = clopper_pearson(counts.get(pat, 0), N, 1e-6 / 3)
        assert lo <= p <= hi, (pat, p, lo, hi)


def test_ch12_mechanisms_predrawn_draws_are_bit_identical():
    """Alg 41 (SVT with BLap), P12.0/Alg 38 and the A_Lip stand-in accept pre-drawn standard draws; with the draws the
    rng would make (same order) the output is identical."""
    from reference.thesis.ch12.algorithms import a_lip_standin, aggregate_erm
    # Alg 41: rng order = threshold (u, s), then per query (u, s) and, after a non-final ⊤, a fresh threshold (u, s)
    q = [0.3, -0.2, 0.9, 0.1, 0.0, 0.4]
    kw = dict(c=2, L=0.1, R=0.2, tau=0.8)
    a = svt_bounded_laplace(q, rng=np.random.default_rng(4), **kw)
    g = np.random.default_rng(4)
    thr_u, thr_s, q_u, q_s = np.zeros(2), np.zeros(2), np.zeros(len(q)), np.zeros(len(q))
    thr_u[0], thr_s[0] = g.random(), g.random()
    k = 0
    for i, ans in enumerate(a):
        q_u[i], q_s[i] = g.random(), g.random()
        if ans:
            k += 1
            if k < 2:
                thr_u[k], thr_s[k] = g.random(), g.random()
    b = svt_bounded_laplace(q, rng=None, draws=dict(thr_u=thr_u, thr_s=thr_s, q_u=q_u, q_s=q_s), **kw)
    assert a == b
    # Alg 38 over P12.0: J portions, each T = max(n, ceil(n²ρ/d)) steps of d normals
    rng = np.random.default_rng(6)
    S = list(rng.normal(size=(12, 2)))
    proj1 = lambda x: x / max(1.0, np.linalg.norm(x))
    kw = dict(J=3, lam=1.0, Gk=2.0, k=4, rho=1.0, R=1.0)
    x1 = aggregate_erm(S, lambda x, s: s, np.zeros(2), proj1, rng=np.random.default_rng(11), **kw)
    g = np.random.default_rng(11)
    dr = [g.standard_normal((max(4, int(np.ceil(16 * 1.0 / 2))), 2)) for _ in range(3)]
    x2 = aggregate_erm(S, lambda x, s: s, np.zeros(2), proj1, rng=None, draws=dr, **kw)
    assert np.array_equal(x1, x2)
    # A_Lip stand-in: K = floor(log2 n) phases of d normals
    data = list(np.random.default_rng(2).normal(size=(16, 2)))
    kw = dict(L=1.0, D=2.0, rho=0.5, solver_steps=20)
    y1 = a_lip_standin(data, lambda x, s: x - s, proj1, np.zeros(2), rng=np.random.default_rng(13), **kw)
    y2 = a_lip_standin(data, lambda x, s: x - s, proj1, np.zeros(2), rng=None,
                       draws=np.random.default_rng(13).standard_normal((4, 2)), **kw)
    assert np.array_equal(y1, y2)
    with pytest.raises(ValueError, match="draws"):
        a_lip_standin(data, lambda x, s: x - s, proj1, np.zeros(2), rng=None, draws=np.zeros((3, 2)), **kw)
    with pytest.raises(ValueError, match="thr_u"):
        svt_bounded_laplace(q, rng=None, draws=dict(thr_u=np.zeros(1), thr_s=np.zeros(1), q_u=q_u, q_s=q_s),
                            c=2, L=0.1, R=0.2, tau=0.8)


def test_high_probability_sco_needs_n_above_the_portion_count():
    """P12.4: a phase with n_i < J_i = ⌈48 log(2^i/δ)⌉ is rejected with a clear error; bad δ is rejected."""
    from reference.thesis.ch12.algorithms import high_probability_sco, prox_sgd_standin
    g = lambda x, s: np.sign(x - s)
    prox = lambda v, eta: np.clip(v, -1, 1)
    with pytest.raises(ValueError, match="phase 1"):
        high_probability_sco(list(np.zeros(64)), g, prox, np.array([0.5]), delta=0.1, G=1.0, lam=1.0)
    with pytest.raises(ValueError, match="delta"):
        high_probability_sco(list(np.zeros(64)), g, prox, np.array([0.5]), delta=0.5, G=1.0, lam=1.0)
    cnt = QueryCounter()
    x = prox_sgd_standin([0.3] * 50, g, prox, np.array([0.0]), np.array([0.0]), lam=1.0, counter=cnt)
    assert cnt.calls == 50 and -1 <= x[0] <= 1


def test_high_probability_sco_portion_constant_is_the_J_rule():
    """P12.4 with a scaled portion constant c: J_i = ⌈c log(2^i/δ)⌉ in every phase, queries Σ J_iT_i ≤ n;
    c <= 0 is rejected by name."""
    from reference.thesis.ch12.algorithms import high_probability_sco
    g = lambda x, s: np.array([s])
    prox = lambda v, eta: np.clip(v, -1, 1)
    S = list(np.random.default_rng(3).normal(size=1024))
    cnt, tr = QueryCounter(), []
    x = high_probability_sco(S, g, prox, np.zeros(1), delta=0.1, G=1.0, lam=0.05, counter=cnt, trace=tr,
                             portion_constant=4.0)
    assert [t["J"] for t in tr] == [math.ceil(4.0 * math.log(2 ** t["i"] / 0.1)) for t in tr]
    assert cnt.calls == sum(t["J"] * t["T"] for t in tr) <= 1024 and -1 <= x[0] <= 1
    with pytest.raises(ValueError, match="portion_constant"):
        high_probability_sco(S, g, prox, np.zeros(1), delta=0.1, G=1.0, lam=0.05, portion_constant=0.0)


def test_thm1238_sco_counts_disjoint_phases_and_privacy_reads():
    """Thm 12.3.8's algorithm: I = log₂ m phases (m = 2^⌊log₂(n/J)⌋), phase i reads the next J·m_i samples, each
    exactly T_i = max(m_i, ⌈m_i²ρ/d⌉) times (one P12.0 call); the discarded tail is never read; queries counted."""
    from reference.thesis.ch12.algorithms import thm1238_sco
    n, J, d, rho = 50, 3, 2, 0.5                      # m = 16, I = 4, 2 samples discarded
    S = np.random.default_rng(4).normal(size=(n, d))
    reads = np.zeros(n, dtype=int)

    def g(x, s):
        reads[s] += 1
        return S[s]

    restricted = lambda xb, r: (lambda y: y * min(1.0, r / max(float(np.linalg.norm(y)), 1e-300)))
    cnt, tr = QueryCounter(), []
    x = thm1238_sco(list(range(n)), g, restricted, np.zeros(d), J=J, lam=0.5, Delta=0.2, G1=1.0, Gk=1.5, k=4,
                    rho=rho, rng=np.random.default_rng(5), counter=cnt, trace=tr)
    assert [t["m_i"] for t in tr] == [8, 4, 2, 1] and x.shape == (d,)
    pos, total = 0, 0
    for t in tr:
        T_i = max(t["m_i"], math.ceil(t["m_i"] ** 2 * rho / d))
        assert np.all(reads[pos:pos + J * t["m_i"]] == T_i)
        total += J * t["m_i"] * T_i
        pos += J * t["m_i"]
    assert not reads[pos:].any() and cnt.calls == total
    with pytest.raises(ValueError, match="2J"):
        thm1238_sco(list(range(5)), g, restricted, np.zeros(d), J=3, lam=0.5, Delta=0.2, G1=1.0, Gk=1.5, k=4,
                    rho=rho, rng=np.random.default_rng(5))


def test_headline_projections_match_brute_force():
    """The exact ball-intersection projections of the H12.1 / H12.6 experiments equal a grid search (2-D)."""
    from proofs_checks.thesis.ch12.headline_h12_1_run import project_two_balls
    from proofs_checks.thesis.ch12.headline_h12_6_run import project_balls_2d
    rng = np.random.default_rng(6)
    g = np.stack(np.meshgrid(np.linspace(-3, 3, 401), np.linspace(-3, 3, 401)), -1).reshape(-1, 2)
    for _ in range(40):
        p0 = rng.normal(size=2) * 0.2
        balls = [(c, max(float(rng.uniform(0.3, 1.5)), float(np.linalg.norm(p0 - c)) + 0.05))
                 for c in rng.normal(size=(3, 2)) * 0.6]
        y = rng.normal(size=2) * 2.5
        ok = np.all([np.linalg.norm(g - c, axis=1) <= r for c, r in balls], axis=0)
        best = float(np.min(np.linalg.norm(g[ok] - y, axis=1)))
        z3 = project_balls_2d(y, balls)
        assert all(np.linalg.norm(z3 - c) <= r + 1e-9 for c, r in balls)
        assert float(np.linalg.norm(z3 - y)) <= best + 1e-9
        ok2 = np.all([np.linalg.norm(g - c, axis=1) <= r for c, r in balls[:2]], axis=0)
        z2 = project_two_balls(y, balls[0][0], balls[0][1], balls[1][0], balls[1][1])
        assert all(np.linalg.norm(z2 - c) <= r + 1e-9 for c, r in balls[:2])
        assert float(np.linalg.norm(z2 - y)) <= float(np.min(np.linalg.norm(g[ok2] - y, axis=1))) + 1e-9
