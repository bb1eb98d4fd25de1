"""Tests of proofs_checks.srgd.engine_census (issue 12 census of document 002): the engine's closed forms agree with
the reference code, the certificates re-verify with the independent checker, and a tampered one is rejected."""
from __future__ import annotations

import json
import math

import flint
import pytest

from proofs_checks.certificate_checker import check_file
from proofs_checks.engine import Param, certify, compile_expression
from proofs_checks.srgd import engine_census as ec
from reference.srgd.params import c_dp


def test_cdp_expressions_match_reference():
    assert ec._matches_cdp() == ""
    f = compile_expression(ec.CDP_DELTA_1_OVER_N)
    for n in (2.0, 1e3, 1e40):
        assert float(f({"n": flint.arb(n)}).mid()) == pytest.approx(c_dp(n, 1 / n), rel=1e-12)


@pytest.mark.parametrize("k", range(len(ec._TAIL_CASES)))
def test_gauss_tail_certificates_reverify(tmp_path, k):
    label, expr, params, facts = ec._TAIL_CASES[k]
    path = tmp_path / f"tail{k}.json"
    r = certify(expr, params, budget=5000, monotone_tail=facts, certificate_path=path, name=f"tail{k}")
    assert r.status == "CERTIFIED", (label, r.coverage)
    ok, msg = check_file(path)
    assert ok, msg


def test_chi2_tail_closed_forms_match_mpmath():
    import mpmath as mp
    fs = [compile_expression(ec._TAIL_CASES[k][1]) for k in range(3)]
    for p, f in zip((1, 2, 3), fs):
        for x in (math.log(4), 2.0, 7.5, 40.0):
            exact = mp.gammainc(mp.mpf(p) / 2, p * x, mp.inf, regularized=True) * mp.exp(x) - 1
            assert float(f({"x": flint.arb(x)}).mid()) == pytest.approx(float(exact), rel=1e-10, abs=1e-15)


def test_l527_range_certificate_reverifies_and_tamper_is_rejected(tmp_path):
    path = tmp_path / "l527.json"
    r = certify(f"-({ec.L527_OVER_CDP})", [Param("n", 1e40, 1e300, log=True), Param("a", 0.14, 0.14)], budget=5000,
                certificate_path=path, name="l527")
    assert r.status == "CERTIFIED"
    assert check_file(path)[0]
    cert = json.loads(path.read_text())
    # claims a bound below the expression's values on the leaf (a false bound; the checker's rule: the recorded
    # bound is informative, a merely tighter but true one is accepted, a refuted one is rejected)
    cert["leaves"][0]["upper"] = str(-abs(float(cert["leaves"][0]["upper"])) * 1e12)
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(cert))
    assert not check_file(bad)[0]
