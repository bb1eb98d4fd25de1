"""Thesis 003 ch. 1, H3 on the two-point worst-case family (proofs_checks/thesis/ch01/worst_case_sco.py)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from proofs_checks.experiments import slope_interval
from proofs_checks.framework import Verdict
from proofs_checks.thesis.ch01 import end_to_end as e2e
from proofs_checks.thesis.ch01 import worst_case_sco as wc
from reference.thesis.ch01 import algorithms as alg
from reference.thesis.ch01.rowwise_oracle import RowwiseSampleOracle


def test_two_point_instance_law_and_determinism():
    X1, s1, g1 = wc.two_point_instance(40_000, 32.0, np.random.default_rng(3))
    X2, s2, g2 = wc.two_point_instance(40_000, 32.0, np.random.default_rng(3))
    assert np.array_equal(X1, X2) and s1 == s2 and g1 == g2            # same rng -> bit-identical
    assert X1.shape == (40_000, 1) and set(np.unique(X1)) <= {-1.0, 1.0}
    assert g1 == pytest.approx(32 / 200)
    # E x = s gamma; sd of the mean ~ 1/200: 6 sd of room
    assert abs(X1.mean() - s1 * g1) < 6 / 200
    signs = {wc.two_point_instance(64, 4.0, np.random.default_rng(k))[1] for k in range(20)}
    assert signs == {-1.0, 1.0}                                         # both hypotheses occur


@pytest.mark.parametrize("kw", [dict(N=1, c=1.0), dict(N=2.5, c=1.0), dict(N=True, c=1.0), dict(N=100, c=0.0),
                                dict(N=100, c=float("nan")), dict(N=100, c=11.0)])
def test_two_point_instance_rejects(kw):
    with pytest.raises(ValueError):
        wc.two_point_instance(kw["N"], kw["c"], np.random.default_rng(0))
    with pytest.raises(ValueError, match="rng"):
        wc.two_point_instance(100, 1.0, None)


def test_population_excess_exact():
    assert wc.population_excess(np.array([-1.0]), 1.0, 0.3) == 0.0       # w* = -s
    assert wc.population_excess(np.array([1.0]), 1.0, 0.3) == pytest.approx(0.6)
    assert wc.population_excess(np.array([0.0]), -1.0, 0.3) == pytest.approx(0.3)   # trivial output: gamma
    for bad in (dict(w=np.array([1.5]), s=1.0, g=0.3), dict(w=np.zeros(2), s=1.0, g=0.3),
                dict(w=np.zeros(1), s=0.5, g=0.3), dict(w=np.zeros(1), s=1.0, g=1.5)):
        with pytest.raises(ValueError):
            wc.population_excess(bad["w"], bad["s"], bad["g"])


def test_noise_free_move_is_cD_over_128():
    """The docstring's reading of the printed parameters: with the privacy noise switched off (sigma = 1e-12; not a
    private run) and phase 1's block mean exactly s gamma, Alg 5 moves w0 = 0 to ~ -s c D/128 = -s c/64 (phase 1's
    prox step with lam_1 = 64 G/(D sqrt N); later phases move <= 2^-6 of it), at two N: the relative progress is the
    same along the family."""
    for N in (256, 1024):
        c, s = 8.0, -1.0
        g = c / math.sqrt(N)
        n1 = N // 2
        k = round(n1 * (1 + g) / 2)                                     # block S_1: mean (2k - n1)/n1 ~ s gamma
        blk = np.r_[np.full(k, s), np.full(n1 - k, -s)]
        X = np.r_[blk, np.where(np.arange(N - n1) % 2 == 0, s, -s)][:, None]
        orc = RowwiseSampleOracle(lambda W, S: S.copy(), X)
        w, _ = alg.dp_sco_convex(orc, np.zeros(1), 1.0, 2.0, 0.5, 1e-3, np.random.default_rng(1), lambda *a: 1e-12)
        xbar1 = blk.mean()
        assert w[0] == pytest.approx(-xbar1 * 2 * math.sqrt(N) / 128, rel=0.1), (N, w, xbar1)
        assert -s * w[0] == pytest.approx(c / 64, rel=0.1)


def test_admissible_range_validated():
    X = np.ones((64, 1))
    for eps, dl in ((0.51, 1e-3), (0.9, 1e-3), (0.5, 0.6)):
        with pytest.raises(ValueError, match="epsilon|delta"):
            alg.dp_sco_convex(RowwiseSampleOracle(lambda W, S: S.copy(), X), np.zeros(1), 1.0, 2.0, eps, dl,
                              np.random.default_rng(0), e2e.certified_sigma)


def test_privacy_ratio_preconditions_and_ladder_start():
    with pytest.raises(ValueError, match="N must be"):
        wc.privacy_ratio(20)                                             # < d log(1/delta)/eps^2 = 27.6
    with pytest.raises(ValueError, match="eps, delta"):
        wc.privacy_ratio(5000, eps=0.6)
    lead = wc.n_lead()
    assert wc.privacy_ratio(lead) <= 1 / 3 < wc.privacy_ratio(int(lead * 0.9))
    ns, R = wc.H3_LEAD_NS, wc.H3_LEAD_R
    assert ns[0] >= lead and len(ns) >= 3 and ns[-1] >= 4 * ns[0] and min(R) >= 8
    assert all(wc.member_gamma(m, N) <= 1 for m in wc.H3_MEMBERS for N in ns)
    # a member of order 1: the trivial output's sup over the members does not decay along the ladder
    triv = [max(wc.member_gamma(m, N) for m in wc.H3_MEMBERS) for N in ns]
    assert triv[0] == triv[-1] == 0.5


def test_member_gamma_and_ladder_cost():
    assert wc.member_gamma(("c", 32.0), 4096) == 0.5 and wc.member_gamma(("gamma", 0.5), 4096) == 0.5
    for bad in (("x", 1.0), ("c", 0.0), ("c", float("nan")), ("c", 64.0), [("c", 1.0)]):
        with pytest.raises(ValueError, match="member"):
            wc.member_gamma(bad, 1024)
    with pytest.raises(ValueError, match="N must be"):
        wc.member_gamma(("c", 1.0), 1)
    g1, st1, _ = wc.ladder_cost([512, 1024, 2048], 3, 1e-6)
    g2, st2, _ = wc.ladder_cost([512, 1024, 2048], [3, 3, 3], 1e-6, members=2)
    assert (g2, st2) == (2 * g1, 2 * st1)
    with pytest.raises(ValueError, match="R must be"):
        wc.ladder_cost([512, 1024, 2048], [3, 3], 1e-6)


def test_family_sup_selects_the_largest_mean():
    ns = [100, 200, 400]
    a = [[1.0, 1.2], [0.5, 0.7], [0.2, 0.4]]
    b = [[0.5, 0.6], [0.9, 1.1], [0.2, 0.2001]]
    sel, sup, zs = wc.family_sup(ns, [a, b])
    assert sel == [0, 1, 0] and sup == [a[0], b[1], a[2]]
    assert all(z > 0 for z in zs)
    assert wc.family_sup(ns, [a, b]) == (sel, sup, zs)                  # deterministic
    for bad in (([a, b], [100, 200]), ([a, b[:2]], ns), ([a, [[1.0], [1.0], [1.0]]], ns)):
        with pytest.raises(ValueError):
            wc.family_sup(bad[1], bad[0])


def _synthetic_sup(output, seed=0):
    """The sup-over-family pipeline of exp.H3.leading_regime (same ladder, members, excess, selection, interval and
    accept rule) with dp_sco_convex replaced by a cheap ``output(X, N, rng) -> w``."""
    ns, members = wc.H3_LEAD_NS, wc.H3_MEMBERS
    by_member = []
    for k, m in enumerate(members):
        per_n = []
        for j, N in enumerate(ns):
            ex = []
            for r in range(wc.H3_LEAD_R[j]):
                rng = np.random.default_rng([seed, k, j, r])
                X, s, g = wc.two_point_instance(N, wc.member_gamma(m, N) * math.sqrt(N), rng)
                ex.append(wc.population_excess(output(X, N, rng), s, g))
            per_n.append(ex)
        by_member.append(per_n)
    sel, sup, zs = wc.family_sup(ns, by_member)
    ci = slope_interval(ns, sup, np.random.default_rng(99))
    return wc.sup_rate_outcome(ci, claim="synthetic"), ci, sel


def _noise_free_prox(X, N, rng):
    """Phase 1 of Alg 5 without privacy noise (the docstring's reading): w = clip(-xbar_1 D sqrt(N)/128, K)."""
    xbar1 = X[: N // 2, 0].mean()
    return np.array([float(np.clip(-xbar1 * 2.0 * math.sqrt(N) / 128, -1.0, 1.0))])


def test_sup_pipeline_can_fail_data_ignoring_outputs_are_refuted():
    """The mutants, on the run's ladder, members and replicate counts: the trivial output w = 0 and a random output
    ignoring the data.  Their sup over the family is the member gamma = 1/2 (excess 1/2 in mean at every N), slope
    ~0: the accept rule refutes -1/2 for w = 0 (zero spread: a degenerate interval at 0) and never accepts the
    random output (its excess has relative sd 1/sqrt 3, so the interval is wide but contains 0)."""
    out, ci, sel = _synthetic_sup(lambda X, N, rng: np.zeros(1))
    assert out.verdict is Verdict.ERRATUM and abs(ci.estimate) < 1e-9 and ci.lo > -0.5, str(ci)
    assert sel == [2, 2, 2]                                              # the order-1 member is the sup
    for seed in (0, 1, 2):
        out, ci, sel = _synthetic_sup(lambda X, N, rng: rng.uniform(-1.0, 1.0, 1), seed=seed)
        assert out.verdict is not Verdict.STATISTICAL and abs(ci.estimate) < 0.3 and ci.contains(0.0), str(ci)


def test_sup_pipeline_accepts_the_noise_free_algorithm():
    """Positive control: the noise-free phase-1 step (excess -> gamma (1 - min(1, gamma sqrt N/64)), sup 16/sqrt N
    at gamma = 32/sqrt N) is accepted: the interval contains -1/2 and excludes -1 and 0."""
    out, ci, sel = _synthetic_sup(_noise_free_prox)
    assert out.verdict is Verdict.STATISTICAL, str(ci)
    assert _synthetic_sup(_noise_free_prox)[1] == ci                     # same seeds -> bit-identical
