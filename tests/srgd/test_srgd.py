"""Tests of reference.srgd (document 002): oracle mode, equivalence of the b-form and the noisy-prefix form,
SRG recursion, input validation.  Statistical tests declare their false-failure probability."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy import stats

from reference.core.geometry import proj_l2_ball
from reference.core.samplers import clip_l2
from reference.srgd.algorithm import accelerated_dp_srgd, nesterov_linear_coupling, srg_update
from reference.srgd.privacy import dp_srgd_tree
from reference.srgd.problems import MeanEstimation, SineLoss
from reference.srgd.tree import TreeAggregator


def _problem(seed, p=2, T=8, B=3):
    rng = np.random.default_rng(seed)
    prob = MeanEstimation(rng.uniform(-1, 1, size=(4, p)))
    return prob, prob.sample(T * B, rng)


@given(st.lists(st.floats(-1e3, 1e3), min_size=1, max_size=6), st.floats(1e-3, 1e3))
def test_clip_properties(v, kappa):
    v = np.array(v)
    c = clip_l2(v, kappa)
    assert np.linalg.norm(c) <= kappa * (1 + 1e-12)
    if np.linalg.norm(v) <= kappa:
        assert np.array_equal(c, v)
    else:
        assert np.allclose(c, v * kappa / np.linalg.norm(v))


def test_nonprivate_equals_zero_noise():
    prob, data = _problem(1)
    a = nesterov_linear_coupling(prob.grad, data, T=8, B=3, beta=2.0, radius=0.5, p=2)
    b = accelerated_dp_srgd(prob.grad, data, T=8, B=3, beta=2.0, radius=0.5, p=2, b=np.zeros((8, 2)))
    assert np.array_equal(a.y_T, b.y_T)


@given(st.integers(1, 12), st.integers(0, 10**6))
def test_srg_recursion_equals_sum(T, seed):
    rng = np.random.default_rng(seed)
    D = rng.normal(size=(T, 3)); eta = np.arange(1, T + 1, dtype=float)
    S = np.zeros(3); prev = np.zeros(3)
    for t in range(T):
        S, g = srg_update(S, D[t], eta[t])
        assert np.allclose(g, D[: t + 1].sum(0) / eta[t])
        rec = D[t] / eta[t] + (eta[t - 1] / eta[t] * prev if t > 0 else 0)   # l.128 equivalent form
        assert np.allclose(g, rec)
        prev = g


def test_oracle_mode_bit_identical():
    prob, data = _problem(2)
    noise = np.random.default_rng(5).standard_normal((8, 2))
    tr1, tr2 = [], []
    r1, _ = dp_srgd_tree(prob.grad, data, T=8, B=3, beta=2.0, radius=0.5, p=2, kappa=2.0, sigma=0.1, noise=noise,
                         trace=tr1)
    r2, _ = dp_srgd_tree(prob.grad, data, T=8, B=3, beta=2.0, radius=0.5, p=2, kappa=2.0, sigma=0.1, noise=noise,
                         trace=tr2)
    assert np.array_equal(r1.y_T, r2.y_T)
    assert all(np.array_equal(a["x_next"], b["x_next"]) for a, b in zip(tr1, tr2))


def _noisy_prefix_reimplementation(grad, data, T, B, beta, radius, p, kappa, sigma, noise):
    """Independent re-implementation: stream the clipped leaves Δ_{s−1}/β into the tree, use the noisy prefix
    P̃_t (z-units) directly: z ← Π(z − P̃_t), y ← Π(x − P̃_t/η_t) (leaf s ↔ Δ_{s−1}, AUD-45)."""
    mech = TreeAggregator(T, sigma, p, noise=noise)
    x = np.zeros(p); z = np.zeros(p); x_prev = None; y = None
    for t in range(T):
        eta, eta_m = t + 1.0, float(t)
        Dt = data[t * B:(t + 1) * B]
        per = eta * grad(np.repeat(x[None], B, 0), Dt)
        if t > 0:
            per = per - eta_m * grad(np.repeat(x_prev[None], B, 0), Dt)
        leaf = clip_l2(per, kappa).mean(0) / beta
        P = mech.step(leaf)
        z = proj_l2_ball(z - P, radius=radius)
        y = proj_l2_ball(x - P / eta, radius=radius)
        tau = 2.0 / (t + 3)
        x_prev, x = x, (1 - tau) * y + tau * z
    return y


def test_b_form_equals_noisy_prefix_form():
    for seed in range(3):
        prob, data = _problem(10 + seed, T=13)
        noise = np.random.default_rng(seed).standard_normal((13, 2))
        r, _ = dp_srgd_tree(prob.grad, data, T=13, B=3, beta=3.0, radius=0.5, p=2, kappa=1.5, sigma=0.05, noise=noise)
        y = _noisy_prefix_reimplementation(prob.grad, data, 13, 3, 3.0, 0.5, 2, 1.5, 0.05, noise)
        assert np.allclose(r.y_T, y, atol=1e-12)


def test_reimplementation_agrees_in_law():
    """Different draws: y_T's first coordinate from the two implementations have the same law.
    KS two-sample test at level 1e-6 (false-failure <= 1e-6)."""
    prob, data = _problem(3, T=8)
    rng1, rng2 = np.random.default_rng(100), np.random.default_rng(200)
    a = [dp_srgd_tree(prob.grad, data, T=8, B=3, beta=2.0, radius=0.5, p=2, kappa=2.0, sigma=0.2, rng=rng1)[0].y_T[0]
         for _ in range(300)]
    b = [_noisy_prefix_reimplementation(prob.grad, data, 8, 3, 2.0, 0.5, 2, 2.0, 0.2, rng2.standard_normal((8, 2)))[0]
         for _ in range(300)]
    assert stats.ks_2samp(a, b).pvalue > 1e-6


def test_bad_inputs():
    prob, data = _problem(4)
    with pytest.raises(ValueError, match="data"):
        accelerated_dp_srgd(prob.grad, data[:-1], T=8, B=3, beta=1.0, radius=0.5, p=2)
    with pytest.raises(ValueError, match="beta"):
        accelerated_dp_srgd(prob.grad, data, T=8, B=3, beta=0.0, radius=0.5, p=2)
    with pytest.raises(ValueError, match="kappa_z"):
        accelerated_dp_srgd(prob.grad, data, T=8, B=3, beta=1.0, radius=0.5, p=2, kappa_z=-1)
    with pytest.raises(ValueError, match="kappa"):
        dp_srgd_tree(prob.grad, data, T=8, B=3, beta=1.0, radius=0.5, p=2, kappa=0.0, sigma=1.0, rng=np.random.default_rng())
    with pytest.raises(ValueError, match="printed"):
        dp_srgd_tree(prob.grad, data, T=8, B=3, beta=1.0, radius=0.5, p=2, kappa=1.0, sigma=1.0,
                     rng=np.random.default_rng(), tree_variant="printed")
    with pytest.raises(ValueError, match="T"):
        accelerated_dp_srgd(prob.grad, data, T=0, B=3, beta=1.0, radius=0.5, p=2)


def test_private_path_nonconvex_runs_and_clips():
    rng = np.random.default_rng(7)
    data = rng.normal(size=(24, 2)) * 10
    r, nodes = dp_srgd_tree(SineLoss().grad, data, T=8, B=3, beta=2.0, radius=0.5, p=2, kappa=0.5, sigma=0.1, rng=rng)
    assert r.n_clipped > 0 and np.all(np.isfinite(r.y_T)) and len(nodes) == 8


# ---------------------------------------------------------------------------------------------------------------
# Thm 5.1 / Lemmas 5.2–5.3 (utility statements)
# ---------------------------------------------------------------------------------------------------------------
from fractions import Fraction

from hypothesis import settings

from proofs_checks.srgd import _mc
from proofs_checks.srgd.utility import exact_potential_1d, lemma53_instance, lemma53_sides


def test_lemma5_2_exact_counterexample():
    """Lemma 5.2 with Q = b = 0 claims ΔΦ_t <= 0; Algorithm 1 (z-step η_t/β) violates it exactly; z-step η_t/(4β)
    does not (same data)."""
    P = exact_potential_1d(Fraction(1, 2), Fraction(2), 3, Fraction(1))
    assert P[3] - P[2] == Fraction(15, 1024)
    Pq = exact_potential_1d(Fraction(1, 2), Fraction(2), 12, Fraction(1, 4))
    assert all(b <= a for a, b in zip(Pq, Pq[1:]))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_lemma5_3_property(seed):
    """Lemma 5.3 on a random coupled state (one step of Algorithm 1), ‖𝒞‖ read as the diameter; ‖∇_t‖ unrestricted."""
    s = lemma53_instance(np.random.default_rng(seed))
    lhs, rhs = lemma53_sides(s, 2 * s["r"])
    assert lhs <= rhs + 1e-9 * (1 + abs(lhs) + abs(rhs))


def _potential_step(rng):
    """One step of Algorithm 1 with z-step η_t/(4β) from a random coupled state on F = ½‖x − c‖² (M = 1)."""
    p, r = 2, 1.0
    c = rng.normal(size=p) * rng.uniform(0, 2)
    xs = c if np.linalg.norm(c) <= r else c * r / np.linalg.norm(c)
    beta = float(rng.choice([1.0, 1.5, 4.0, 20.0]))
    t = int(rng.integers(0, 30)); eta = t + 1.0; e0 = (t + 1) * (t + 2) / 2; e0m = t * (t + 1) / 2; tau = eta / e0
    z = proj_l2_ball(rng.normal(size=p) * rng.uniform(0, 1.5), radius=r)
    y = z if t == 0 else proj_l2_ball(rng.normal(size=p) * rng.uniform(0, 1.5), radius=r)
    x = (1 - tau) * y + tau * z
    q = rng.normal(size=p) * rng.uniform(0, 3)
    b = rng.normal(size=p) * rng.uniform(0, 1)
    g = (x - c) + q
    zn = proj_l2_ball(z - 0.25 * (eta / beta) * g + b, radius=r)
    yn = proj_l2_ball(x - g / beta + b / eta, radius=r)
    F = lambda u: 0.5 * float(np.sum((u - c) ** 2))  # noqa: E731
    dPhi = e0 * (F(yn) - F(xs)) + 2 * beta * np.sum((zn - xs) ** 2) - e0m * (F(y) - F(xs)) - 2 * beta * np.sum((z - xs) ** 2)
    eps = float(np.linalg.norm(q)); nb = float(np.linalg.norm(b)); D = 2 * r
    G = float(np.linalg.norm(x - c)) + eps
    bound = (3 * e0 * eps * G / beta + 3 * e0 * eps * nb / eta + eta * eps * D + e0 * G * nb / eta + 5 * beta * nb * D
             + e0 * beta * nb ** 2 / eta ** 2)
    return dPhi, bound


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_corrected_potential_step(seed):
    """Corrected (10)/Lemma 5.2 step for z-step η_t/(4β): ΔΦ_t <= corrected bound with ε_t = ‖q_t‖ (deterministic)."""
    dPhi, bound = _potential_step(np.random.default_rng(seed))
    assert dPhi <= bound + 1e-9 * (1 + abs(dPhi) + abs(bound))


@pytest.mark.parametrize("kind,bmode,kz", [("P1-in", "+grad", 1.0), ("P1-out", "tree", 0.25), ("P2", "gauss", 1.0)])
def test_mc_runner_matches_reference(kind, bmode, kz):
    """The vectorised Monte Carlo runner of proofs_checks/srgd/_mc.py reproduces accelerated_dp_srgd on every stream."""
    rng = np.random.default_rng(11)
    prob = _mc.make_problem(kind, 3, 1.0, rng)
    run = _mc.run_streams(prob, 4, 9, 3, 2.0, 1.0, rng, kappa_z=kz, bmode=bmode, bnorm=0.2)
    for k in range(4):
        assert _mc.crosscheck(prob, run, 9, 3, 2.0, 1.0, kz, k=k) <= 1e-12


# ---- pre-drawn randomness (reference.core.randomness convention): draws bit-identical to the rng path ----------

def test_dp_srgd_tree_draws_bit_identical():
    prob, data = _problem(21, T=13)
    r1, n1 = dp_srgd_tree(prob.grad, data, T=13, B=3, beta=3.0, radius=0.5, p=2, kappa=1.5, sigma=0.05,
                          rng=np.random.default_rng(7))
    xi = np.random.default_rng(7).standard_normal((13, 2))                       # what the rng path draws
    r2, n2 = dp_srgd_tree(prob.grad, data, T=13, B=3, beta=3.0, radius=0.5, p=2, kappa=1.5, sigma=0.05, draws=xi)
    r3, _ = dp_srgd_tree(prob.grad, data, T=13, B=3, beta=3.0, radius=0.5, p=2, kappa=1.5, sigma=0.05,
                         draws={"xi": xi})
    assert np.array_equal(r1.y_T, r2.y_T) and np.array_equal(r1.y_T, r3.y_T)
    assert all(np.array_equal(n1[k], n2[k]) for k in n1)
    with pytest.raises(ValueError, match="xi"):
        dp_srgd_tree(prob.grad, data, T=13, B=3, beta=3.0, radius=0.5, p=2, kappa=1.5, sigma=0.05, draws=xi[:-1])
    with pytest.raises(ValueError, match="once"):
        dp_srgd_tree(prob.grad, data, T=13, B=3, beta=3.0, radius=0.5, p=2, kappa=1.5, sigma=0.05, draws=xi, noise=xi)


def test_dp_sgd_draws_bit_identical():
    from reference.srgd.algorithm import dp_sgd
    prob, data = _problem(22, T=10, B=4)
    a = dp_sgd(prob.grad, data, T=10, B=4, lr=0.2, radius=0.5, p=2, clip=1.0, sigma=0.3, rng=np.random.default_rng(3))
    xi = np.random.default_rng(3).standard_normal((10, 2))
    b = dp_sgd(prob.grad, data, T=10, B=4, lr=0.2, radius=0.5, p=2, clip=1.0, sigma=0.3, draws=xi)
    assert np.array_equal(a.y_T, b.y_T) and np.array_equal(a.x, b.x)
    with pytest.raises(ValueError, match="xi"):
        dp_sgd(prob.grad, data, T=10, B=4, lr=0.2, radius=0.5, p=2, clip=1.0, sigma=0.3, draws=np.zeros((9, 2)))


def test_problem_sample_draws_bit_identical():
    prob = MeanEstimation(np.random.default_rng(0).uniform(-1, 1, size=(7, 3)))
    a = prob.sample(50, np.random.default_rng(11))
    u = np.random.default_rng(11).random(50)
    b = prob.sample(50, None, draws=u)
    assert np.array_equal(a, b)
    assert np.array_equal(prob.sample(3, None, draws=np.array([0.0, 0.999999, 0.5])),
                          prob.atoms[[0, 6, 3]])
    with pytest.raises(ValueError, match="u"):
        prob.sample(5, None, draws=np.zeros(4))
