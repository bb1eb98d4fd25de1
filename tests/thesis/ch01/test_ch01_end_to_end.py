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


# ---- the vectorised counting oracle of the ch. 1 experiments (reference.thesis.ch01.rowwise_oracle) ----

from reference.thesis.ch01.rowwise_oracle import RowwiseSampleOracle, derived_oracle   # noqa: E402


def test_rowwise_oracle_equals_core_oracle_values_and_counts():
    rng = np.random.default_rng(3)
    X = rng.standard_normal((30, 2))
    core = SampleAccessOracle(lambda w, s: s + 0.5 * w, X)
    vec = RowwiseSampleOracle(lambda W, S: S + 0.5 * W, X)
    idx = np.array([3, 7, 7, 29, 0])
    W = rng.standard_normal((5, 2))
    assert np.array_equal(core.grad_batch(W, idx), vec.grad_batch(W, idx))
    assert np.array_equal(core.grad_batch(W[0], idx), vec.grad_batch(W[0], idx))
    assert np.array_equal(core.grad(W[1], 4), vec.grad(W[1], 4))
    assert core.calls == vec.calls == 11 and core.rounds == vec.rounds == 3
    assert np.array_equal(core.per_sample_calls, vec.per_sample_calls)
    for bad in (np.array([0, 30]), np.array([-1]), np.array([0.5]), np.zeros((1, 1), dtype=int)):
        with pytest.raises(ValueError, match="idx"):
            vec.grad_batch(W[:len(bad)], bad)
    with pytest.raises(ValueError, match="xs"):
        vec.grad_batch(np.zeros((2, 2)), np.array([0, 1, 2]))
    with pytest.raises(ValueError, match="xs"):
        vec.grad_batch(np.array([[np.nan, 0.0]]), np.array([0]))
    assert vec.calls == 11                               # refused queries are not counted


@pytest.mark.parametrize("vectorised", [False, True])
def test_derived_oracle_block_and_regulariser_share_the_counter(vectorised):
    X = np.arange(12.0).reshape(6, 2)
    parent = (RowwiseSampleOracle(lambda W, S: S.copy(), X) if vectorised
              else SampleAccessOracle(lambda w, s: s, X))
    c = np.array([0.5, -1.0])
    sub = derived_oracle(parent, np.array([2, 3, 4]), 0.25, c)
    assert isinstance(sub, RowwiseSampleOracle) == vectorised and sub.n == 3 and sub.counter is parent.counter
    w = np.array([1.0, 2.0])
    g = sub.grad_batch(w, np.array([0, 2]))
    assert np.array_equal(g, np.stack([X[2], X[4]]) + 2 * 0.25 * (w - c))
    assert parent.calls == 2
    plain = derived_oracle(parent, None)
    assert np.array_equal(plain.grad_batch(w, np.array([5])), X[5:6]) and parent.calls == 3


def test_end_to_end_procedures_bit_identical_with_the_vectorised_oracle():
    """dp_erm_convex, dp_sco_convex, dp_sco_strongly_convex: same output and count with either oracle (the
    experiments use the vectorised one)."""
    d = 2
    t = np.random.default_rng(4).uniform(-1, 1, 40)
    X = np.c_[np.cos(t), np.sin(t)]
    sig = lambda N_, B, T, e, dl: 30.0 * B * math.sqrt(T) / N_
    proj = lambda y: proj_l2_ball(y, None, 1.0)
    runs = [
        (lambda o, r: alg.dp_erm_convex(o, np.zeros(d), 2.0, 1.0, 0.5, 1e-3, r, _sigma, proj=proj), False),
        (lambda o, r: alg.dp_sco_convex(o, np.zeros(d), 1.0, 2.0, 0.5, 1e-3, r, sig), False),
        (lambda o, r: alg.dp_sco_strongly_convex(o, np.zeros(d), 2.0, 2.0, 0.5, 1e-3, r, sig), True),
    ]
    for run, sc in runs:
        core = SampleAccessOracle((lambda w, s: s + w) if sc else (lambda w, s: s), X)
        vec = RowwiseSampleOracle((lambda W, S: S + W) if sc else (lambda W, S: S.copy()), X)
        w1, i1 = run(core, np.random.default_rng(9))
        w2, i2 = run(vec, np.random.default_rng(9))
        assert np.array_equal(w1, w2) and core.calls == vec.calls == i1["gradients"] == i2["gradients"] > 0


def test_private_ac_sa_perturbations_are_the_per_step_ball_draws():
    """Alg 4 line 7 (L621): the points queried at step t are w^md_t + y_{t,i} with y_{t,i} = uniform_l2_ball of that
    step's (g, u) draws -- the up-front drawing of all steps is the per-step law, draw for draw."""
    from reference.core.samplers import uniform_l2_ball
    T, B, d, N = 7, 4, 3, 20
    r0 = np.random.default_rng(5)
    X = r0.standard_normal((N, d))
    draws = {"subsets": r0.random((T, B)), "g": r0.standard_normal((T, B, d)), "u": r0.random((T, B)),
             "v": r0.standard_normal((T, d))}
    seen = []
    orc = RowwiseSampleOracle(lambda W, S: (seen.append(W.copy()), S + W)[1], X)
    _, info = alg.private_ac_sa(orc, np.zeros(d), 2.0, 2.0, 1.0, 1.0, 1e-5, B, T, None, sigma=0.3, draws=draws)
    assert len(seen) == T and orc.calls == B * T
    for t in range(T):
        y = uniform_l2_ball(d, info["r"], None, size=B, noise=(draws["g"][t], draws["u"][t]))
        base = seen[t] - y
        assert np.allclose(base, base[0], rtol=0, atol=1e-14)


def test_experiment_ladders_start_at_the_predicted_non_trivial_N():
    """The full-profile H1 ladder starts at >= N_min of its feasibility check (H3/H4: asserted by those checks)."""
    from proofs_checks.thesis.ch01 import end_to_end as e2e
    from proofs_checks.thesis.ch01 import headline_feasibility as hf
    lv = hf.trivial_levels(np.random.default_rng(0))["H1"]
    assert hf.n_min(hf.pred_h1, lv) <= e2e.H1_NS[0] and e2e.H1_R >= 8 and e2e.H3_R >= 8 and e2e.H4_R >= 8


def test_leading_regime_ladders_start_at_n_lead():
    """exp.H1/H4.leading_regime: the ladders start at >= N_lead of exp.H1/H4.infeasible_regime, R >= 8."""
    from proofs_checks.thesis.ch01 import end_to_end as e2e
    from proofs_checks.thesis.ch01 import headline_feasibility as hf
    lv = hf.trivial_levels(np.random.default_rng(0))["H1"]
    assert hf.n_min(hf.pred_h1, lv / 4) <= e2e.H1_LEAD_NS[0] and e2e.H1_LEAD_R >= 8
    assert hf.n_min(hf.lead_ratio_h4, 4 / 3, start=512) <= e2e.H4_LEAD_NS[0] and e2e.H4_LEAD_R >= 8


@pytest.mark.parametrize("case", ["refuted", "steepening", "near_cap", "faster", "accepted"])
def test_leading_outcome_rule(case):
    """_leading_outcome: a slower decay is an ERRATUM only with every mean well below the cap and a curve that is
    no longer steepening; a faster decay or a curve still bending towards the exponent is PARTIAL (the rule can fail
    both ways)."""
    from proofs_checks.experiments import rate_outcome, slope_interval
    from proofs_checks.framework import Verdict
    from proofs_checks.thesis.ch01 import end_to_end as e2e
    xs = [1000, 2000, 4000]
    rng = np.random.default_rng(3)
    exps = {"refuted": [-0.7, -0.7], "steepening": [-0.5, -0.8], "near_cap": [-0.7, -0.7], "faster": [-1.6, -1.6],
            "accepted": [-1.0, -1.0]}[case]
    top = 0.5 if case == "near_cap" else 0.02
    means = [top, top * 2 ** exps[0], top * 2 ** (exps[0] + exps[1])]
    samples = [m * (1 + 0.01 * rng.standard_normal(8)) for m in means]
    ci = slope_interval(xs, samples, rng)
    out = rate_outcome(ci, theory=-1.0, competitor=-0.5, claim="c", details="d", coverage="c")
    res = e2e._leading_outcome(out, ci, -1.0, xs, [float(np.mean(s)) for s in samples], 1.0, 1 / 16, "d", "c", "t")
    want = {"refuted": Verdict.ERRATUM, "accepted": Verdict.STATISTICAL}.get(case, Verdict.PARTIAL)
    assert res.verdict is want, (case, ci, res.coverage)
