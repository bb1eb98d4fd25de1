"""The shared headline-experiment protocol (proofs_checks.experiments): slope intervals and the accept rule."""
import numpy as np
import pytest

from proofs_checks.experiments import (at_most_partial, below_bound_outcome, faster_than_bound_outcome, protocol_words,
                                       rate_outcome, slope_interval)
from proofs_checks.framework import Verdict


def _samples(ns, exponent, rng, reps=20, noise=0.1):
    return [n ** exponent * np.exp(noise * rng.standard_normal(reps)) for n in ns]


def test_interval_contains_true_slope_and_accepts():
    rng = np.random.default_rng(0)
    ns = [100, 300, 1000, 3000, 10000]
    ci = slope_interval(ns, _samples(ns, -0.5, rng), np.random.default_rng(1))
    assert ci.contains(-0.5) and ci.hi - ci.lo < 0.1
    assert rate_outcome(ci, theory=-0.5, competitor=-1.0, claim="x").verdict is Verdict.STATISTICAL


def test_wrong_exponent_is_refuted():
    rng = np.random.default_rng(0)
    ns = [100, 300, 1000, 3000, 10000]
    ci = slope_interval(ns, _samples(ns, -0.4, rng), np.random.default_rng(1))
    out = rate_outcome(ci, theory=-0.5, competitor=-1.0, claim="x")
    assert out.verdict is Verdict.ERRATUM and out.margin < 0


def test_unseparated_competitor_is_partial():
    rng = np.random.default_rng(0)
    ns = [100, 110, 121]
    ci = slope_interval(ns, _samples(ns, -0.5, rng, reps=3, noise=0.5), np.random.default_rng(1))
    out = rate_outcome(ci, theory=-0.5, competitor=-0.6, claim="x")
    assert out.verdict in (Verdict.PARTIAL, Verdict.ERRATUM)


@pytest.mark.parametrize("xs,samples", [([1, 2], [[1, 2], [1, 2]]), ([1, 2, -3], [[1, 2]] * 3),
                                        ([1, 2, 3], [[1], [1, 2], [1, 2]]), ([1, 2, 3], [[1, np.nan]] * 3)])
def test_bad_input(xs, samples):
    with pytest.raises(ValueError):
        slope_interval(xs, samples, np.random.default_rng(0))


def test_ks_statistic_and_dkw_radius():
    from proofs_checks.experiments import dkw_radius, ks_statistic
    assert ks_statistic([0.5], lambda v: v) == 0.5                      # one draw at the median of U(0,1)
    assert ks_statistic([0.25, 0.75], [0.25, 0.75]) == 0.25
    assert abs(dkw_radius(200, 1e-6) - np.sqrt(np.log(2e6) / 400)) < 1e-15
    with pytest.raises(ValueError):
        dkw_radius(0, 0.1)
    with pytest.raises(ValueError):
        ks_statistic([1.0, 2.0], [0.5])


def test_below_bound_rule_turns_a_missed_rate_into_partial_only_when_every_mean_is_below_the_bound():
    rng = np.random.default_rng(0)
    ns = [100, 300, 1000, 3000, 10000]
    samples = _samples(ns, -0.4, rng)
    ci = slope_interval(ns, samples, np.random.default_rng(1))
    out = rate_outcome(ci, theory=-1.0, competitor=-0.5, claim="x")
    assert out.verdict is Verdict.ERRATUM
    means = [float(np.mean(s)) for s in samples]
    below = below_bound_outcome(out, means, [2 * m for m in means], why="w", wider="c")
    assert below.verdict is Verdict.PARTIAL and "mean/bound ratios 0.50" in below.computed
    above = [2 * m for m in means[:-1]] + [0.5 * means[-1]]          # one mean above its explicit bound: kept
    assert below_bound_outcome(out, means, above, why="w", wider="c") is out
    holds = rate_outcome(ci, theory=-0.4, competitor=-1.0, claim="x")
    assert below_bound_outcome(holds, means, [2 * m for m in means], why="w", wider="c") is holds
    with pytest.raises(ValueError, match="same length"):
        below_bound_outcome(out, means, means[:-1], why="w", wider="c")


def test_faster_decay_than_an_upper_bound_is_partial_and_a_slower_one_stays_a_refutation():
    rng = np.random.default_rng(0)
    ns = [100, 300, 1000, 3000, 10000]
    fast = slope_interval(ns, _samples(ns, -1.0, rng), np.random.default_rng(1))
    out = rate_outcome(fast, theory=-0.5, competitor=0.0, claim="x")
    assert out.verdict is Verdict.ERRATUM
    part = faster_than_bound_outcome(out, fast, -0.5, why="easy instance")
    assert part.verdict is Verdict.PARTIAL and "easy instance" in part.coverage and part.margin > 0
    slow = slope_interval(ns, _samples(ns, -0.2, rng), np.random.default_rng(2))
    out = rate_outcome(slow, theory=-0.5, competitor=0.0, claim="x")
    assert faster_than_bound_outcome(out, slow, -0.5, why="w") is out and out.verdict is Verdict.ERRATUM


def test_protocol_words_name_the_rule_and_the_direction():
    rng = np.random.default_rng(0)
    ns = [100, 300, 1000, 3000, 10000]
    ci = slope_interval(ns, _samples(ns, -1.0, rng), np.random.default_rng(1))
    out = rate_outcome(ci, theory=-0.5, competitor=-1.0, claim="x")
    rule, shape = protocol_words(out, ci, -0.5, -1.0)
    assert rule == "excludes -0.5" and shape.startswith("faster")
    ok = rate_outcome(ci, theory=-1.0, competitor=-0.5, claim="x")
    assert protocol_words(ok, ci, -1.0, -0.5) == ("accepted (contains -1, excludes -0.5)",
                                                  "consistent with the claimed exponent")


def test_at_most_partial_demotes_only_a_holding_outcome():
    rng = np.random.default_rng(0)
    ns = [100, 300, 1000, 3000, 10000]
    ci = slope_interval(ns, _samples(ns, -0.5, rng), np.random.default_rng(1))
    ok = rate_outcome(ci, theory=-0.5, competitor=-1.0, claim="x")
    part = at_most_partial(ok, "stand-in sampler")
    assert part.verdict is Verdict.PARTIAL and part.coverage.endswith("missing: stand-in sampler")
    bad = rate_outcome(ci, theory=-1.0, competitor=-2.0, claim="x")
    assert at_most_partial(bad, "w") is bad
