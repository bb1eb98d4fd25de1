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
    c = copy.deepcopy(cert2d)
    lf = c["leaves"][5]
    lf["upper"] = repr(float(lf["upper"]) * 10 - 1e-3)
    ok, why = verdict(c)
    assert not ok and "does not match" in why
    c["leaves"][5]["upper"] = "0.5"
    assert not verdict(c)[0]


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
