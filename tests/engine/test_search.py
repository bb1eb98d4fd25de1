"""Tests of proofs_checks.engine.search (issue 12, item 2)."""
import math

from hypothesis import given

from proofs_checks.engine import Param, search
from proofs_checks.engine.search import hypothesis_points, hypothesis_target
from proofs_checks.framework import Verdict


def test_finds_violation_at_a_corner():
    # claim: x*y <= 1e6 on [1, 1e4]^2 (log scales) fails only near the corner (1e4, 1e4)
    r = search(lambda p: p["x"] * p["y"] - 1e6, [Param("x", 1, 1e4, log=True), Param("y", 1, 1e4, log=True)],
               n_random=0, local=False)
    assert r.violated and r.worst_point == {"x": 1e4, "y": 1e4}
    assert r.to_outcome("x y <= 1e6").verdict is Verdict.ERRATUM


def test_local_optimisation_finds_interior_violation():
    # x e^-x <= 0.3678 fails only near x = 1 (max 1/e = 0.36788); corners/edges/random miss a thin window
    f = lambda p: p["x"] * math.exp(-p["x"]) - 0.367879  # noqa: E731
    r = search(f, [Param("x", 0, 50)], n_random=4, seed=1)
    assert r.violated and abs(r.worst_point["x"] - 1) < 1e-2


def test_true_claim_reports_numeric_with_region_and_margin():
    r = search(lambda p: -p["x"] ** 2 - 1, [Param("x", -3, 3)], n_random=50)
    out = r.to_outcome("-x^2 - 1 <= 0")
    assert out.verdict is Verdict.NUMERIC and abs(r.worst_margin - 1) < 1e-6
    assert "x in [-3, 3]" in r.coverage


def test_infinite_and_integer_ranges_and_nan_reported():
    ps = [Param("n", 1, math.inf, integer=True), Param("s", 0, 1, lo_open=True, log=True)]
    r = search(lambda p: math.log(p["s"]) / p["n"] if p["n"] < 10 ** 5 else math.nan, ps, n_random=20, local=False)
    assert not r.violated and r.n_nan >= 1 and "NaN" in r.coverage
    assert all(isinstance(v, (int, float)) for v in r.worst_point.values())


def test_deterministic():
    f = lambda p: math.sin(13 * p["a"]) * p["b"]  # noqa: E731
    ps = [Param("a", 0, 1), Param("b", 1e-3, 1e3, log=True)]
    assert search(f, ps, seed=3).worst_point == search(f, ps, seed=3).worst_point


@given(hypothesis_points([Param("x", 1e-6, 1e6, log=True), Param("k", 1, 50, integer=True)]))
def test_hypothesis_helpers(pt):
    v = hypothesis_target(lambda p: math.log1p(p["x"]) - p["x"])(pt)   # log(1+x) <= x
    assert v <= 0 and isinstance(pt["k"], int) and 1e-6 <= pt["x"] <= 1e6
