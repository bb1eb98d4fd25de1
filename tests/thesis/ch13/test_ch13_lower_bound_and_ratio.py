"""Pinned results of the Ch. 13 checks added for Lemma 13.4.4 (tiny LP), Lemma 13.2.5, Lemma 13.6.1/13.3.7 (three-point
counterexample) and AU13_5 (no valid p)."""
import math

import numpy as np
import pytest

from proofs_checks.thesis.ch13.indistinguishability import lemma1325_worst, lemma1361_instance
from proofs_checks.thesis.ch13.lower_bound_lp import lemma1344_bound, lemma1344_lp_minimum


def test_lemma1344_lp_equality_at_zero_privacy_and_slack_otherwise():
    # ε = δ = 0: every output law is data-independent, the best is T/2 — the printed bound with equality
    assert lemma1344_lp_minimum(2, 2, 0.0, 0.0) == pytest.approx(1.0, abs=1e-7)
    # d = 2, T = 1, δ = 0: the exact minimum is (1/4)(1 + 2/(1 + e^ε)) (the pair (01, 10) mixes, (00, 11) are fixed)
    for eps in (0.25, 1.0):
        assert lemma1344_lp_minimum(2, 1, eps, 0.0) == pytest.approx(0.25 * (1 + 2 / (1 + math.exp(eps))), abs=1e-7)
        assert lemma1344_lp_minimum(2, 1, eps, 0.0) >= lemma1344_bound(2, 1, eps, 0.0)


def test_lemma1344_lp_rejects_bad_input():
    with pytest.raises(ValueError, match="d·T <= 6"):
        lemma1344_lp_minimum(3, 3, 0.1, 0.0)
    with pytest.raises(ValueError, match="eps"):
        lemma1344_lp_minimum(2, 1, -0.1, 0.0)


def test_lemma1361_three_point_counterexample_is_pinned():
    d0, bad, worst = lemma1361_instance(0.45, 1.001, 0.05)
    assert d0 == pytest.approx(2.37e-5, rel=0.02)
    assert bad == pytest.approx(2 * 0.45 ** 2, rel=1e-12)           # (a, b) and (b, a)
    assert bad > 100 * 6 * math.exp(0.05) * d0 / 0.05                # > 100× Lemma 13.6.1's failure probability
    assert 2 < worst <= 4                                            # outside e^(±2Bη), inside the proof's e^(±4Bη)


def test_lemma1325_worst_matches_hand_computation():
    eps = 0.1
    mu = np.array([[0.5, 0.5, 0.0]])
    nu = np.array([[0.5 * math.exp(-0.2), 1 - 0.5 * math.exp(-0.2), 0.0]])
    dmin, bad = lemma1325_worst(mu, nu, eps)
    h = math.exp(eps / 2)
    assert dmin[0] == pytest.approx(max(max(0.5 - h * nu[0, 0], 0) + max(0.5 - h * nu[0, 1], 0),
                                        max(nu[0, 0] - h * 0.5, 0) + max(nu[0, 1] - h * 0.5, 0)))
    # log-ratios +0.2 and log(0.5/0.5906) = −0.167: both points are outside [−ε, ε]
    assert bad[0] == pytest.approx(1.0)
    assert bad[0] * eps / dmin[0] <= 6
