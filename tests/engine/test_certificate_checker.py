"""The independent certificate checker accepts engine certificates and rejects tampered ones (issue 12, item 7)."""
import copy
import json
import math

import pytest

from proofs_checks import certificate_checker as cc
from proofs_checks.cli import main as cli_main
from proofs_checks.engine import Monotone, Param, certificate_dict, certify


@pytest.fixture(scope="module")
def cert2d():
    # 1 + xy <= e^{xy}: closed leaves of every form (ball, gradient fixing, mean value)
    r = certify("1 + x*y - exp(x*y) + 0.01*y^2 - 0.01*y^2", [Param("x", 0.01, 3), Param("y", 0.5, 2, log=True)])
    assert r.status == "CERTIFIED"
    return certificate_dict(r, name="t2d")


@pytest.fixture(scope="module")
def cert_tail():
    fact = Monotone("x", "nondecreasing", start=50, limit="0", justification="x Q(x)/phi(x) increases to 1")
    r = certify("x*sqrt(pi/2)*erfcx(x/sqrt(2)) - 1", [Param("x", 0.01, math.inf, log=True)], monotone_tail=[fact])
    assert r.status == "CERTIFIED"
    return certificate_dict(r, name="mills")


def verdict(cert, strict=False):
    ch = cc.Checker(strict=strict)
    try:
        ch.check(copy.deepcopy(cert))
    except cc.Invalid as e:
        return False, str(e)
    return True, ch.assumptions


def test_valid_certificates_pass(cert2d, cert_tail):
    assert verdict(cert2d) == (True, [])
    ok, assumptions = verdict(cert_tail)
    assert ok and any("declared" in a for a in assumptions)
    forms = {lf["form"] for lf in cert2d["leaves"]}
    assert {"ball", "mean-value"} <= forms
    assert any("gradient" in (lf.get("fixed_by") or {}).values() for lf in cert2d["leaves"])


def test_declared_fact_rejected_in_strict_mode(cert_tail):
    ok, why = verdict(cert_tail, strict=True)
    assert not ok and "declared" in why


def test_leaf_removed_is_a_gap(cert2d):
    c = copy.deepcopy(cert2d)
    del c["leaves"][len(c["leaves"]) // 2]
    ok, why = verdict(c)
    assert not ok and "gap" in why


def test_leaf_duplicated_is_an_overlap(cert2d):
    c = copy.deepcopy(cert2d)
    c["leaves"].append(copy.deepcopy(c["leaves"][3]))
    assert not verdict(c)[0]


def test_bound_changed(cert2d):
    # the recorded bound is informative: the checker decides from its own enclosure.  A recorded bound that the
    # checker's enclosure refutes (below its lower end) or that is positive is rejected.
    c = copy.deepcopy(cert2d)
    c["leaves"][5]["upper"] = "-1e6"
    ok, why = verdict(c)
    assert not ok and "refuted" in why
    c["leaves"][5]["upper"] = "0.5"
    ok, why = verdict(c)
    assert not ok and "positive" in why


def test_recorded_bounds_differing_from_the_checkers_are_accepted(cert2d):
    # an engine that rounds differently (here: every recorded bound weakened by 0.1% or 1e-15 absolute) writes a
    # correct certificate; the checker must not compare its own numbers with the recorded ones for equality
    c = copy.deepcopy(cert2d)
    for lf in c["leaves"]:
        lf["upper"] = repr(min(0.0, float(lf["upper"]) * 0.999 + 1e-15))
    assert verdict(c) == (True, [])


@pytest.mark.parametrize("expr,params", [
    ("(a^(1/3))^(3/2) - 2*a^(0.5)", [Param("a", 0.01, 100, log=True)]),
    ("(x^(1/3))^(p) - x - 1", [Param("x", 0.01, 1), Param("p", 0.5, 3)]),
    ("x^(p/3) - 2", [Param("x", 0.1, 1), Param("p", 0.5, 3)]),
])
def test_nested_fractional_powers_certificates_are_valid(expr, params):
    r = certify(expr, params, budget=3000)
    assert r.status == "CERTIFIED"
    c = certificate_dict(r, name="pow")
    assert verdict(c)[0]
    for lf in c["leaves"]:        # recorded bounds perturbed by 1e-6 relative (a different rounding): still valid
        lf["upper"] = repr(float(lf["upper"]) * (1 - 1e-6))
    assert verdict(c)[0]


@pytest.mark.parametrize("expr,x,y", [
    ("x^y", (0.25, 2.0), (0.5, 1.5)),          # x > 0, ball exponent: exp(y log x)
    ("(x^(1/3))^(3/2)", (0.001, 8.0), (0, 0)),
    ("x^y", (0.0, 1.0), (0.5, 1.5)),           # ball reaching 0: log undefined -> not finite (leaf open / invalid)
    ("x^y", (0.0, 0.0), (0.5, 0.5)),           # 0^y: a domain error, not 0
    ("x^y", (-2.0, -1.0), (0.5, 0.5)),         # negative base, non-integer exponent: domain error
    ("x^3 - x^(-2)", (-2.0, -1.0), (0, 0)),    # integer powers: repeated multiplication, any sign
    ("x^2", (-1.0, 2.0), (0, 0)),
    ("y*x^(0.5)", (1e-300, 1.0), (1.0, 2.0)),  # tiny positive end: tight ball on both sides
])
def test_engine_and_checker_agree_on_power_semantics(expr, x, y):
    from flint import arb, ctx

    from proofs_checks.engine.box import ball
    from proofs_checks.engine.certify import _upper_float
    from proofs_checks.engine.expression import compile_expression

    ps = [Param("x", *x), Param("y", *y)]
    old = ctx.prec
    ctx.prec = 64
    try:
        eng = compile_expression(expr, ["x", "y"])({p.name: ball(p, p.lo, p.hi) for p in ps})
        chk = cc.Claim({"kind": "grammar", "text": expr}, ["x", "y"]).value(
            {p.name: cc.make_ball(p.lo, p.hi) for p in ps})
        eng_ok = eng.is_finite()
        assert eng_ok == (chk is not None), (eng, chk)
        if eng_ok:
            up_e, up_c = _upper_float(eng), cc.upper_of(chk)
            assert math.isclose(up_e, up_c, rel_tol=1e-9, abs_tol=1e-300)
            for xv in (x[0], x[1], 0.5 * (x[0] + x[1])):     # the value at points of the box is enclosed
                for yv in (y[0], y[1]):
                    if (xv > 0 or "y" not in expr.replace("x^y", "")) and xv != 0:
                        pt = compile_expression(expr, ["x", "y"])({"x": arb(xv), "y": arb(yv)})
                        if pt.is_finite():
                            assert _upper_float(pt) <= up_e and _upper_float(pt) <= up_c
    finally:
        ctx.prec = old


def test_leaf_reaching_zero_in_a_power_is_rejected(cert2d):
    # a certificate whose leaf makes x^y undefined (x reaching 0) cannot pass, whatever bound it records
    r = certify("x^(0.5) - 2", [Param("x", 0.01, 1)])
    c = certificate_dict(r, name="p0")
    c["params"][0]["lo"] = "0.0"
    for lf in c["leaves"]:
        if lf["box"][0][0] == "0.01":
            lf["box"][0][0] = "0.0"
    ok, why = verdict(c)
    assert not ok and ("not computable" in why or "not <= 0" in why)


def test_box_widened(cert2d):
    c = copy.deepcopy(cert2d)
    c["params"][0]["hi"] = "3.5"
    ok, why = verdict(c)
    assert not ok and "gap" in why
    # widening the box and the leaves at its edge together: the edge leaves no longer verify
    c = copy.deepcopy(cert2d)
    c["params"][0]["lo"] = "0.0"
    for lf in c["leaves"]:
        if lf["box"][0][0] == "0.01":
            lf["box"][0][0] = "0.0"
    assert not verdict(c)[0]


def test_expression_altered(cert2d):
    c = copy.deepcopy(cert2d)
    c["expression"]["text"] = c["expression"]["text"].replace("1 + x*y", "1.001 + x*y")
    ok, why = verdict(c)
    assert not ok


def test_gradient_fixing_at_the_wrong_end_rejected(cert2d):
    c = copy.deepcopy(cert2d)
    lf = next(lf for lf in c["leaves"] if (lf.get("fixed_by") or {}).get("x") == "gradient")
    lf["fixed"]["x"] = lf["box"][0][1]
    assert not verdict(c)[0]


def test_cli_exit_codes(cert2d, tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(cert2d))
    assert cli_main(["check-certificate", str(good)]) == 0
    bad = copy.deepcopy(cert2d)
    bad["leaves"].pop()
    badp = tmp_path / "bad.json"
    badp.write_text(json.dumps(bad))
    assert cli_main(["check-certificate", str(badp)]) == 1
    assert "INVALID" in capsys.readouterr().out
    assert cli_main(["check-certificate", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "junk.json").write_text("{not json")
    assert cli_main(["check-certificate", str(tmp_path / "junk.json")]) == 1


def test_checker_shares_no_code_with_the_engine():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(cc))
    mods = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    mods |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert mods <= {"__future__", "importlib", "json", "math", "re", "sys", "flint"}, mods


def test_certify_writes_certificate(tmp_path):
    p = tmp_path / "c.json"
    r = certify("x^2 - x", [Param("x", 0, 1)], certificate_path=p, name="sq")
    assert r.status == "CERTIFIED" and r.certificate_path == str(p)
    ok, msg = cc.check_file(p)
    assert ok, msg
    with pytest.raises(ValueError):
        certificate_dict(certify(lambda env: env["x"] - 2, [Param("x", 0, 1)]))


def test_auto_derivative_fact_is_rederived_by_the_checker():
    fact = Monotone("x", "nonincreasing", derivative="auto",
                    derivative_monotone=[Monotone("x", "nonincreasing", justification="d/dx(1 - e^x) = -e^x < 0")])
    r = certify("1 + x - exp(x)", [Param("x", 0.5, math.inf)], monotone_tail=[fact])
    cert = certificate_dict(r, name="exp_tail")
    ok, assumptions = verdict(cert)
    # the only assumption left is the declared fact about the derivative's own tail
    assert ok and len(assumptions) == 1 and "declared" in assumptions[0]
    sub = cert["monotonicity_facts"][0]["derivative_certificate"]
    assert sub["expression"]["kind"] == "derivative"
    bad = copy.deepcopy(cert)
    bad["monotonicity_facts"][0]["derivative_certificate"]["expression"]["negate"] = True
    assert not verdict(bad)[0]
    bad = copy.deepcopy(cert)
    bad["monotonicity_facts"][0]["direction"] = "nondecreasing"
    assert not verdict(bad)[0]
