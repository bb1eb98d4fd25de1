"""Doc 004: the engine's certified counterexamples stay found (issue 12 item 6) and their certificates re-verify."""
import json

import pytest

from proofs_checks import certificate_checker as cc
from proofs_checks import framework as fw
from proofs_checks.engine import Param, certify
from proofs_checks.heavy_tailed import certified_counterexamples as m

CHECKS = {
    "004.audit.U1.certified": "ERRATUM", "004.audit.U4.certified": "ERRATUM", "004.audit.U7.certified": "ERRATUM",
    "004.audit.U6.certified": "PROOF-GAP", "004.audit.U12.certified": "PROOF-GAP", "004.audit.U17.certified": "PROOF-GAP",
    "004.audit.U19.certified": "ERRATUM", "004.audit.U20.certified": "PROOF-GAP", "004.audit.U24.certified": "ERRATUM",
    "004.audit.U25.certified": "ERRATUM", "004.audit.U25b.certified": "ERRATUM", "004.audit.U26.certified": "PROOF-GAP",
    "004.audit.U28.certified": "ERRATUM", "004.audit.U31.certified": "ERRATUM",
}


@pytest.mark.parametrize("cid", sorted(CHECKS))
def test_pinned_counterexample_and_certificate(cid, tmp_path, monkeypatch):
    import proofs_checks.engine.certificate as cert_mod

    monkeypatch.setattr(cert_mod, "default_certificate_path", lambda name: tmp_path / f"{name}.json")
    out = fw.discover()[cid].fn(fw.CheckContext(check_id=cid, profile="quick"))
    assert out.verdict.value == CHECKS[cid], (out.verdict, out.computed)
    assert "pinned" in out.computed and "> 0 (Arb" in out.computed      # the certified point is still a counterexample
    for f in tmp_path.glob("*.json"):                                     # every region certificate re-verifies
        ok, msg = cc.check_file(f)
        assert ok, (f.name, msg)


def test_tampered_region_certificate_is_rejected(tmp_path):
    path = tmp_path / "u31.json"
    r = certify("log(g)/log1p(-r)", [Param("g", 1.001, 1e9, log=True), Param("r", 1e-9, 0.25, log=True)],
                certificate_path=path, name="t")
    assert r.certified and cc.check_file(path)[0]
    c = json.loads(path.read_text())
    c["params"][0]["lo"] = 0.5            # extend the box to g < 1, where T > 0: the stored leaves no longer cover it
    path.write_text(json.dumps(c))
    assert not cc.check_file(path)[0]


def test_u25b_gap_matches_a_float_evaluation():
    """The Arb sum of 004.audit.U25b.certified against an independent scipy evaluation at the pinned point."""
    from flint import arb
    from scipy import stats

    eta, rho, n = 0.05, 1.0, m.U25B_N
    c = range(n + 1)
    e = sum(stats.binom.pmf(k, n, 0.5 + eta) * stats.norm.cdf((n / 2 - k) * rho ** 0.5) for k in c)
    avg = 1 - (1 - e) ** 2
    import math
    beta = 4 * eta * math.log((0.5 + eta) / (0.5 - eta))
    first = 0.5 * (1 - (beta + math.log(2)) / math.log(4))
    gap = m._u25b_gap({"eta": arb(eta), "rho": arb(rho)})
    assert abs(float(gap.mid()) - (first - avg)) < 1e-9
