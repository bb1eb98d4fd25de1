"""Tests of proofs_checks.engine.certify (issue 12, items 1 and 4).

True inequalities are certified, false ones refuted with a certified counterexample (one of them too small by
1e-12 relative), and true-but-tight claims end UNDECIDED, never CERTIFIED.
"""
import math

import pytest
from flint import arb

from proofs_checks.engine import Monotone, Param, certify, certify_le, certify_monotone
from proofs_checks.framework import Verdict

Q = "erfc(x/sqrt(2))/2"                      # Gaussian upper tail
PHI = "exp(-x^2/2)/sqrt(2*pi)"               # Gaussian density
DELTA = ("erfc(-(1/(2*sigma) - eps*sigma)/sqrt(2))/2 "
         "- exp(eps)*erfc((1/(2*sigma) + eps*sigma)/sqrt(2))/2")      # analytic Gaussian delta(eps), Delta = 1


# -- true claims: CERTIFIED ------------------------------------------------------------------------------------

def test_mills_upper_bound():
    r = certify_le(Q, f"{PHI}/x", [Param("x", 0.05, 20, log=True)])
    assert r.status == "CERTIFIED" and r.open_share == 0 and r.max_upper <= 0


def test_mills_lower_bound_scaled_form():
    # x/(1+x^2) phi(x) <= Q(x)  <=>  x/(1+x^2) <= sqrt(pi/2) erfcx(x/sqrt 2)   (divided by phi > 0)
    assert certify("x/(1+x^2) - sqrt(pi/2)*erfcx(x/sqrt(2))", [Param("x", 0, 20)]).status == "CERTIFIED"


def test_chernoff_tail_tight_at_zero_closed_by_gradient_sign():
    # Q(x) <= exp(-x^2/2)/2 with equality at x = 0: the leaf at 0 closes by the sign of the derivative
    r = certify(f"{Q} - exp(-x^2/2)/2", [Param("x", 0, 40)])
    assert r.status == "CERTIFIED"
    assert any(lf.fixed_by.get("x") == "gradient" and lf.fixed.get("x") == 0 for lf in r.leaves)


def test_exp_ge_one_plus_x_on_a_half_line():
    # [0.5, inf): monotone tail by the claim's own derivative (AD), whose tail is a declared fact
    fact = Monotone("x", "nonincreasing", derivative="auto",
                    derivative_monotone=[Monotone("x", "nonincreasing", justification="d/dx(1 - e^x) = -e^x < 0")])
    r = certify("1 + x - exp(x)", [Param("x", 0.5, math.inf)], monotone_tail=[fact])
    assert r.status == "CERTIFIED" and r.assumptions
    assert r.facts[0]["status"] == "certified"


def test_half_line_without_a_tail_fact_is_undecided():
    r = certify("1 + x - exp(x)", [Param("x", 0.5, math.inf)], budget=200)
    assert r.status == "UNDECIDED" and 0 < r.open_share < 1e-1


def test_analytic_gaussian_delta_decreasing_in_sigma():
    ps = [Param("eps", 0.05, 1, log=True), Param("sigma", 0.3, 3, log=True)]
    r = certify_monotone(DELTA, ps, "sigma", "nonincreasing")
    assert r.status == "CERTIFIED"


def test_arb_callable_from_the_core_accountant():
    from reference.core.accounting.gaussian import gaussian_delta_arb

    # delta(eps) of sigma = 1 is at most 0.127 for eps in [1, 3]  (delta(1) = 0.126936...), not 0.1269
    f = lambda e, c: gaussian_delta_arb(e["eps"], arb(1), arb(1)) - arb(c)  # noqa: E731
    assert certify(lambda e: f(e, "0.127"), [Param("eps", 1, 3)]).status == "CERTIFIED"
    r = certify(lambda e: f(e, "0.1269"), [Param("eps", 1, 3)])
    assert r.status == "REFUTED" and r.counterexample["point"]["eps"] < 1.001


def test_integer_parameter_enumeration_and_relaxation():
    # (n-2)(n-3) >= 0 on the integers (false on the reals between 2 and 3): integers are never relaxed across a gap
    r = certify("-(n-2)*(n-3)", [Param("n", 0, 10 ** 6, integer=True)])
    assert r.status == "CERTIFIED"
    # n^3 <= 2^n fails at n = 2..9: the counterexample is an integer
    r = certify("n^3 - 2^n", [Param("n", 1, 200, integer=True)])
    assert r.status == "REFUTED" and isinstance(r.counterexample["point"]["n"], int)
    assert 2 <= r.counterexample["point"]["n"] <= 9
    assert certify("n^3 - 2^n", [Param("n", 10, 10 ** 4, integer=True)]).status == "CERTIFIED"


# -- false claims: REFUTED with a certified point ------------------------------------------------------------

def test_near_tight_false_claim_refuted_with_certified_point():
    # max of x e^-x is 1/e at x = 1; the claimed bound is too small by 1e-12 relative
    r = certify("x*exp(-x) - (1 - 1e-12)*exp(-1)", [Param("x", 0, 3)])
    assert r.status == "REFUTED"
    x = r.counterexample["point"]["x"]
    assert abs(x - 1) < 2e-6 and r.counterexample["lower"] > 0
    v = arb(x) * (-arb(x)).exp() - (1 - arb("1e-12")) * arb(-1).exp()    # re-check the point independently
    assert v > 0
    out = r.to_outcome("x e^-x <= (1 - 1e-12)/e")
    assert out.verdict is Verdict.ERRATUM and "x=" in out.counterexample


def test_false_two_parameter_claim():
    # sqrt(a b) <= (a + b)/4 is false (true with /2)
    r = certify_le("sqrt(a*b)", "(a+b)/4", [Param("a", 1e-3, 1e3, log=True), Param("b", 1e-3, 1e3, log=True)])
    assert r.status == "REFUTED"
    p = r.counterexample["point"]
    assert math.sqrt(p["a"] * p["b"]) > (p["a"] + p["b"]) / 4


# -- true but too tight: UNDECIDED, never CERTIFIED ---------------------------------------------------------

@pytest.mark.parametrize("expr,params", [
    ("x*exp(-x) - exp(-1)", [Param("x", 0, 3)]),                                       # equality at x = 1
    ("(x*y*z)^(1/3) - (x+y+z)/3", [Param(n, 0.5, 2, log=True) for n in "xyz"]),        # equality on a line
])
def test_tight_true_claim_is_undecided(expr, params):
    r = certify(expr, params, budget=1500)
    assert r.status == "UNDECIDED" and 0 < r.open_share < 1
    out = r.to_outcome("tight")
    assert out.verdict is not Verdict.CERTIFIED and "open share" in out.computed


# -- contract ------------------------------------------------------------------------------------------------

def test_outcome_of_a_certified_result_and_determinism():
    ps = [Param("a", 1e-3, 1e3, log=True), Param("b", 1e-3, 1e3, log=True)]
    r1 = certify("sqrt(a+b) - sqrt(a) - sqrt(b)", ps)
    r2 = certify("sqrt(a+b) - sqrt(a) - sqrt(b)", ps)
    assert r1.status == "CERTIFIED"
    assert [(lf.box, lf.upper) for lf in r1.leaves] == [(lf.box, lf.upper) for lf in r2.leaves]
    out = r1.to_outcome("sqrt(a+b) <= sqrt(a) + sqrt(b)")
    assert out.verdict is Verdict.CERTIFIED and out.margin >= 0 and "a in [0.001, 1000]" in out.details


@pytest.mark.parametrize("kw,match", [
    (dict(name="x", lo=2, hi=1), "lo <= hi"),
    (dict(name="x", lo=-1, hi=1, log=True), "log"),
    (dict(name="n", lo=0.5, hi=3, integer=True), "integer"),
    (dict(name="x", lo=0, hi=1, log=True), "lo_open"),
])
def test_bad_params_raise_clear_errors(kw, match):
    name, lo, hi = kw.pop("name"), kw.pop("lo"), kw.pop("hi")
    with pytest.raises(ValueError, match=match):
        Param(name, lo, hi, **kw)


def test_bad_expression_and_budget():
    with pytest.raises(ValueError, match="unknown name"):
        certify("x + y", [Param("x", 0, 1)])
    with pytest.raises(ValueError, match="budget"):
        certify("x", [Param("x", 0, 1)], budget=0)


def test_open_log_end_at_zero():
    # x log x <= 0.1 on (0, 1]: log x is undefined at 0, so the leaf at 0 needs a limit (x log x -> 0 as x -> 0+)
    r = certify("x*log(x) - 0.1", [Param("x", 0, 1, log=True, lo_open=True)], budget=400)
    assert r.status == "UNDECIDED"
    fact = Monotone("x", "nonincreasing", end=0.01, limit="0 - 0.1", justification="x log x decreases to 0+ ...")
    r = certify("x*log(x) - 0.1", [Param("x", 0, 1, log=True, lo_open=True)], monotone_tail=[fact])
    assert r.status == "CERTIFIED" and any(lf.form == "limit" for lf in r.leaves)


# -- regressions (bugs found while applying the engine) -------------------------------------------------------

def test_integer_half_infinite_parameter_with_a_certified_monotone_fact():
    # the fact's sub-box used to be built with hi_open=True, which the integer Param rejects (ValueError)
    fact = Monotone("n", "nonincreasing", derivative="auto",
                    derivative_monotone=[Monotone("n", "nondecreasing", limit="0", justification="-1/n^2 -> 0-")])
    r = certify("1/n - 2", [Param("n", 1, math.inf, integer=True)], monotone_tail=[fact])
    assert r.status == "CERTIFIED" and r.facts[0]["status"] == "certified"
    # without a tail fact for the derivative: UNDECIDED (no crash, no overflow far in the integer tail)
    r = certify("1/n - 2", [Param("n", 1, math.inf, integer=True)], budget=300,
                monotone_tail=[Monotone("n", "nonincreasing", derivative="auto")])
    assert r.status == "UNDECIDED" and "not certified" in r.coverage


def test_integer_tail_certificate_is_rechecked():
    from proofs_checks import certificate_checker as cc
    from proofs_checks.engine import certificate_dict

    fact = Monotone("n", "nonincreasing", derivative="auto",
                    derivative_monotone=[Monotone("n", "nondecreasing", limit="0", justification="-1/n^2 -> 0-")])
    r = certify("1/n - 2 + 0*x", [Param("n", 1, math.inf, integer=True), Param("x", 0, 1)], monotone_tail=[fact])
    assert r.status == "CERTIFIED"
    ch = cc.Checker()
    ch.check(certificate_dict(r, name="int_tail"))
    assert len(ch.assumptions) == 1 and "declared" in ch.assumptions[0]


@pytest.mark.parametrize("expr", [
    "-1 - beta", "beta^0.5 - 2", "beta*log(beta) - 1", "-exp(log(beta))", "log(1/beta) - 700",
    "-1/(1+1/beta)", "-beta^x", "x*beta^(1/3) - 3", "(beta^(1/3))^(3/2) - 1.5", "abs(log(beta)) - 700",
])
def test_log_scale_parameter_with_a_tiny_end_is_decided(expr):
    # a ball of [1e-300, b] reaches 0 (outward rounding of its radius): log / 1/x / x^y used to be undefined and
    # about half of the box stayed open; the leaf coordinate now carries its exact ends (a tight ball)
    from proofs_checks import certificate_checker as cc
    from proofs_checks.engine import certificate_dict

    ps = [Param("beta", 1e-300, 1, log=True), Param("x", 0.5, 2)]
    r = certify(expr, ps, budget=60)
    assert r.status == "CERTIFIED" and r.open_share == 0 and r.n_boxes <= 20, (r.status, r.open_share)
    ch = cc.Checker()
    ch.check(certificate_dict(r, name="tiny"))      # the independent checker decides the same leaves


def test_tiny_end_false_claim_is_refuted_and_tight_claim_not_certified():
    r = certify("log(1/beta) - 600", [Param("beta", 1e-300, 1, log=True)], budget=200)
    assert r.status == "REFUTED" and r.counterexample["point"]["beta"] < 1e-260
    # -beta <= 0 is true; -beta <= -1e-299 is false (beta = 1e-300): the tight ball must not close it
    r = certify("1e-299 - beta", [Param("beta", 1e-300, 1, log=True)], budget=200)
    assert r.status == "REFUTED"


def test_huge_negative_values_close_leaves():
    # values below -1.8e308 (not representable as floats) are <= 0: the recorded bound is -max float, not inf
    r = certify("n^3 - 2^n", [Param("n", 1000, 2000, integer=True)], budget=200)
    assert r.status == "CERTIFIED" and r.max_upper <= 0
