"""Tests of proofs_checks.engine.certify (issue 12, items 1 and 4)."""
import math

import pytest

from proofs_checks.engine import Monotone, Param, certify, certify_le


def test_exp_ge_one_plus_x_on_a_box():
    r = certify("1 + x - exp(x)", [Param("x", 0.001, 10)])
    assert r.status == "CERTIFIED" and r.open_share == 0 and r.max_upper <= 0


def test_exp_ge_one_plus_x_half_line_with_tail_fact():
    fact = Monotone("x", "nonincreasing", derivative="1 - exp(x)",
                    derivative_monotone=[Monotone("x", "nonincreasing", justification="exp is increasing")])
    r = certify("1 + x - exp(x)", [Param("x", 0, math.inf)], monotone_tail=[fact])
    assert r.status == "CERTIFIED"


def test_near_tight_false_claim_refuted_with_certified_point():
    # max of x e^-x is 1/e at x = 1; the claim is too small by 1e-12 relative
    r = certify("x*exp(-x) - (1 - 1e-12)*exp(-1)", [Param("x", 0, 3)])
    assert r.status == "REFUTED"
    assert r.counterexample["lower"] > 0
    assert abs(r.counterexample["point"]["x"] - 1) < 2e-6


def test_tight_true_claim_is_undecided_never_certified():
    r = certify("x*exp(-x) - exp(-1)", [Param("x", 0, 3)], budget=3000)
    assert r.status == "UNDECIDED" and 0 < r.open_share < 0.05


def test_certify_le_strings():
    r = certify_le("x^2", "x", [Param("x", 0, 1)])
    assert r.status in ("CERTIFIED", "UNDECIDED")
