"""Thesis 003 ch. 1, H3 on the two-point worst-case family (proofs_checks/thesis/ch01/worst_case_sco.py)."""
from __future__ import annotations

import math

import numpy as np
import pytest

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
    assert ns[0] >= lead and len(ns) >= 3 and ns[-1] >= 8 * ns[0] and R >= 12
    assert all(wc.WC_C / math.sqrt(N) <= 1 for N in ns)
