"""Doc 000: the engine's certified counterexamples and certified proof-chain inequalities stay found (issue 12 item 6),
and every certificate they write re-verifies with the independent checker."""
import json
import math

import pytest

from proofs_checks import certificate_checker as cc
from proofs_checks import framework as fw

CHECKS = {
    "000.eq7.certified": "ERRATUM", "000.audit.A12.certified": "ERRATUM", "000.audit.A16.certified": "ERRATUM",
    "000.prop10.certified_count": "ERRATUM", "000.audit.A17.exact": "PROOF-GAP", "000.lemma5.chain_certified": "CERTIFIED",
    "000.audit.A14.failure_region": "ERRATUM", "000.audit.A22.failure_region": "ERRATUM",
    "000.audit.A14.s_negative": "ERRATUM", "000.thm3.conversion_grid": "ERRATUM", "000.thm3.conversion_certified": "CERTIFIED",
    "000.lemma11.proof": "PROVED", "000.priv.alg5.sum_exact": "PROVED", "000.lemma7.chain": "NUMERIC",
}
#: the pinned counterexamples (text that must stay in the outcome)
PINNED = {
    "000.eq7.certified": "u = ||v||^2/rho^2 = 0.75",
    "000.audit.A12.certified": "T = That = 1024",
    "000.audit.A16.certified": "T = 2^20",
    "000.prop10.certified_count": "zeta = 1/10",
    "000.audit.A17.exact": "T = 2^20 (k = 5)",
    "000.audit.A14.s_negative": "n = 600, m = That - 1 = 10, delta = 0.1",
    "000.thm3.conversion_grid": "eps = 0.9375",
}


@pytest.mark.parametrize("cid", sorted(CHECKS))
def test_verdict_pinned_point_and_certificates(cid, tmp_path, monkeypatch):
    import proofs_checks.engine.certificate as cert_mod

    monkeypatch.setattr(cert_mod, "default_certificate_path", lambda name: tmp_path / f"{name}.json")
    out = fw.discover()[cid].fn(fw.CheckContext(check_id=cid, profile="quick"))
    assert out.verdict.value == CHECKS[cid], (out.verdict, out.computed)
    if cid in PINNED:
        assert PINNED[cid] in out.counterexample, out.counterexample
    files = list(tmp_path.glob("*.json"))
    if CHECKS[cid] == "CERTIFIED" or cid.endswith("failure_region") or cid in ("000.eq7.certified", "000.audit.A12.certified"):
        assert files, "a certificate is written"
    for f in files:
        ok, msg = cc.check_file(f)
        assert ok, (f.name, msg)


def test_lemma5_chain_tampered_certificate_is_rejected(tmp_path, monkeypatch):
    """Widening the certified box of Lemma 5's chain to x = 1/u up to 5 (u >= 0.2, where claim (a) fails) is rejected."""
    import proofs_checks.engine.certificate as cert_mod

    monkeypatch.setattr(cert_mod, "default_certificate_path", lambda name: tmp_path / f"{name}.json")
    fw.discover()["000.lemma5.chain_certified"].fn(fw.CheckContext(check_id="000.lemma5.chain_certified", profile="quick"))
    path = tmp_path / "000.lemma5.chain.json"
    assert cc.check_file(path)[0]
    c = json.loads(path.read_text())
    for p in c["params"]:
        if p["name"] == "x":
            p["hi"] = "5.0"
    path.write_text(json.dumps(c))
    ok, msg = cc.check_file(path)
    assert not ok and "INVALID" in msg


def test_lemma5_chain_b_sup_is_above_1414():
    """(1 + 96 eta L p/rho)^(p-2) with p = 5u + 1, eta L = r/4, rho = 1728 u^2 r tends to exp(600/1728) = 1.4151 (> 1.414,
    < 2) as u -> inf: the step's constant 2 is needed, 1.414 (an earlier note) is not an upper bound."""
    def val(u):
        p = 5 * u + 1
        return math.exp((p - 2) * math.log1p(24 * p / (1728 * u * u)))
    assert val(1e4) > 1.414 and val(1e4) < 2
    assert abs(val(1e7) - math.exp(600 / 1728)) < 1e-5
