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


def test_decision_interval_is_the_one_minus_1e6_welch_t_interval_on_the_delta_method_se():
    """[lo, hi] = b ± t_df(1 − 5e-7) · max(SE_delta, SD_boot), recomputed here from its definition."""
    from scipy import stats
    rng = np.random.default_rng(3)
    ns = [100.0, 400.0, 1600.0]
    samples = _samples(ns, -1.0, rng, reps=8, noise=0.3)
    ci = slope_interval(ns, samples, np.random.default_rng(4))
    lx = np.log(ns)
    c = (lx - lx.mean()) / np.sum((lx - lx.mean()) ** 2)
    w = np.array([ci_ ** 2 * s.var(ddof=1) / (len(s) * s.mean() ** 2) for ci_, s in zip(c, samples)])
    df = w.sum() ** 2 / np.sum(w ** 2 / 7)
    assert abs(ci.df - df) < 1e-9 * df
    q = stats.t.isf(5e-7, df)
    assert ci.se >= np.sqrt(w.sum()) - 1e-15
    assert abs((ci.hi - ci.lo) / 2 - q * ci.se) < 1e-12 and abs((ci.hi + ci.lo) / 2 - ci.estimate) < 1e-12
    assert ci.level == 1 - 1e-6 and ci.method == "Welch-t" and "1 − 1e-06" in str(ci)
    assert ci.boot_lo > ci.lo and ci.boot_hi < ci.hi          # the 95 % percentile interval is descriptive and narrower


def test_decision_interval_false_failure_is_small_at_the_true_slope():
    """Over 400 simulated experiments (3 x-values, 8 heavy-ish replicates each) the true slope is never refuted,
    while the descriptive 95 % bootstrap interval misses it often -- the reason the decision moved to 1 − 1e-6."""
    rng = np.random.default_rng(5)
    ns = [100.0, 400.0, 1600.0]
    refuted = boot_missed = 0
    for k in range(400):
        samples = [n ** -0.5 * rng.exponential(1.0, 8) for n in ns]          # CV 1: skewed replicate law
        ci = slope_interval(ns, samples, np.random.default_rng(k), n_boot=200)
        refuted += not ci.contains(-0.5)
        boot_missed += not (ci.boot_lo <= -0.5 <= ci.boot_hi)
    assert refuted == 0 and boot_missed >= 20


def test_decision_interval_power_separates_rates_with_enough_replicates():
    """What the 1 − 1e-6 rule can detect: 16 replicates (CV 0.3) over a factor 64 in x separate -1/2 from -1."""
    rng = np.random.default_rng(6)
    ns = [100.0, 800.0, 6400.0]
    ci = slope_interval(ns, _samples(ns, -0.5, rng, reps=16, noise=0.3), np.random.default_rng(7))
    assert rate_outcome(ci, theory=-0.5, competitor=-1.0, claim="x").verdict is Verdict.STATISTICAL
    ci = slope_interval(ns, _samples(ns, -1.0, rng, reps=16, noise=0.3), np.random.default_rng(8))
    assert rate_outcome(ci, theory=-0.5, competitor=-1.0, claim="x").verdict is Verdict.ERRATUM
