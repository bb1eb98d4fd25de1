"""Tests of proofs_checks.engine.asymptotic (issue 12, item 3)."""
import math

from proofs_checks.engine import Param, asymptotic
from proofs_checks.framework import Verdict

PS = [Param("n", 10, math.inf, integer=True), Param("d", 1, 1e6, log=True), Param("eps", 0, 1, lo_open=True)]


def f_rate(p):      # a typical DP-SCO rate: sqrt(d)/n + d/(n eps)
    return math.sqrt(p["d"]) / p["n"] + p["d"] / (p["n"] * p["eps"])


def test_true_rate_is_bounded():
    g = lambda p: p["d"] / (p["n"] * p["eps"]) + math.sqrt(p["d"] / p["n"])  # noqa: E731
    r = asymptotic(f_rate, g, PS, hidden=("n", "d", "eps"))
    assert r.bounded and len(r.rays) == 26
    out = r.to_outcome("f = O(d/(n eps) + sqrt(d/n))", convention="O hides absolute constants")
    assert out.verdict is Verdict.NUMERIC and "uniform over n, d, eps" in out.details


def test_dropped_term_is_a_counterexample():
    g = lambda p: math.sqrt(p["d"]) / p["n"]  # noqa: E731   (drops d/(n eps))
    r = asymptotic(f_rate, g, PS, hidden=("n", "d", "eps"))
    assert not r.bounded
    out = r.to_outcome("f = O(sqrt(d)/n)")
    assert out.verdict is Verdict.ERRATUM and out.counterexample
    assert r.worst.slope > 0.4


def test_what_the_O_hides_decides():
    f = lambda p: p["d"] / p["n"]  # noqa: E731
    g = lambda p: 1 / p["n"]  # noqa: E731
    assert asymptotic(f, g, PS, hidden=("n",)).bounded                # d treated as a constant
    assert not asymptotic(f, g, PS, hidden=("n", "d")).bounded        # O uniform over d: false


def test_log_factor_below_threshold_and_detected_above():
    f = lambda p: math.log(p["n"]) / p["n"]  # noqa: E731
    g = lambda p: 1 / p["n"]  # noqa: E731
    ps = [Param("n", 10, math.inf, log=True)]
    assert asymptotic(f, g, ps, hidden=("n",)).bounded                 # O~ tolerates the log
    assert not asymptotic(f, g, ps, hidden=("n",), min_slope=0.01).bounded
