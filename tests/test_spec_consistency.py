"""The spec registry's consistency rules (specs/README.md): vocabulary, severities, domains, links, citations.

The real specs must have no problem (one test per source, so a failure names the source), and each rule is shown
to catch a deliberately broken example.
"""
from __future__ import annotations

import pytest

from proofs_checks import consistency as c
from proofs_checks.report import drift_reason, entry_statuses
from proofs_checks.framework import CheckResult
from proofs_checks.specs import SpecError, load_meta, load_specs, parse_spec_text

SPECS = load_specs()
META = load_meta()
SOURCES = sorted({e.source_key for e in SPECS.values()})


def _of(src):
    return {k: e for k, e in SPECS.items() if e.source_key == src}


@pytest.mark.parametrize("src", SOURCES)
def test_vocabulary(src):
    problems = c.vocabulary_problems(_of(src))
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:15])


@pytest.mark.parametrize("src", SOURCES)
def test_conventions_declared(src):
    problems = c.convention_problems({src: META[src]})
    assert not problems, "\n".join(problems)


def test_links_consistent():
    problems = c.link_problems(SPECS)
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:15])


@pytest.mark.parametrize("src", [s for s in SOURCES if s != "core"])
def test_code_citations_match_the_seed(src):
    problems = c.citation_problems(_of(src))
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:15])


# ------------------------------------------------------------------------------------------------
# deliberately broken examples
# ------------------------------------------------------------------------------------------------
HEAD = '[meta]\ntitle = "t"\n[meta.conventions]\nlog_base = "ln"\nbig_o = "constants"\nneighbouring = "replace-one"\nnorms = "l2"\n'


def _entry(eid="x.s1", **kw):
    fields = dict(source='"ref: a textbook, 2024"', title='"t"', statement='"s"', kind='"lemma"',
                  check_class='"numeric"', implemented_by="[]", checked_by='["x.s1.c"]', verdict='"NUMERIC"')
    fields.update(kw)
    return "[[statement]]\nid = \"%s\"\n" % eid + "".join(f"{k} = {v}\n" for k, v in fields.items())


def _parse(*entries, head=HEAD):
    return {e.id: e for e in parse_spec_text(head + "".join(entries), "x.toml", {})}


def test_erratum_without_severity_is_caught():
    specs = _parse(_entry(verdict='"ERRATUM"', erratum='"fails at n = 3"'))
    problems = c.vocabulary_problems(specs)
    assert any("severity" in p for p in problems) and any("consequence" in p for p in problems)


def test_reading_dependent_erratum_must_be_minor():
    specs = _parse(_entry(verdict='"ERRATUM"', erratum='"fails for log2"', severity='"major"',
                          consequence='"none"', reading='"log base 2"'))
    assert any("reading" in p for p in c.vocabulary_problems(specs))
    ok = _parse(_entry(verdict='"ERRATUM"', erratum='"fails for log2"', severity='"minor"',
                       consequence='"none"', reading='"log base 2"'))
    assert not c.vocabulary_problems(ok)


def test_numeric_without_domain_or_coverage_is_caught():
    problems = c.vocabulary_problems(_parse(_entry()))
    assert any("domain" in p for p in problems) and any("covered" in p for p in problems)
    ok = _parse(_entry(domain='{ n = "int >= 1", eps = "(0, 1]" }', covered='"48 points incl. n = 1, eps = 1"'))
    assert not c.vocabulary_problems(ok)


def test_not_yet_checked_is_no_reason():
    specs = _parse(_entry(verdict='"SKIPPED"', checked_by="[]", skip_reason='"not yet checked: MC planned"'))
    assert c.vocabulary_problems(specs)


def test_loader_requires_missing_and_gap_and_valid_severity():
    with pytest.raises(SpecError, match="missing"):
        _parse(_entry(verdict='"PARTIAL"'))
    with pytest.raises(SpecError, match="gap"):
        _parse(_entry(verdict='"PROOF-GAP"'))
    with pytest.raises(SpecError, match="severity"):
        _parse(_entry(verdict='"ERRATUM"', erratum='"e"', severity='"huge"'))
    with pytest.raises(SpecError, match="severity"):
        _parse(_entry(severity='"minor"'))                 # severity on a holding entry
    with pytest.raises(SpecError, match="domain"):
        _parse(_entry(domain='{ n = "from 1 to 5" }'))


def test_missing_conventions_are_caught():
    assert c.convention_problems({"x": {"title": "t"}})
    assert not c.convention_problems({"x": {"conventions": {"log_base": "ln", "big_o": "c", "neighbouring": "r",
                                                            "norms": "l2"}}})


def test_same_claim_disagreement_is_caught():
    specs = _parse(_entry("x.a", same_claim_as='["x.b"]', domain="{}", covered='"all"'),
                   _entry("x.b", verdict='"ERRATUM"', erratum='"false"', severity='"major"', consequence='"c"'))
    assert any("same claim" in p for p in c.link_problems(specs))


def test_holding_entry_on_a_major_erratum_needs_a_transfer_note():
    bad = _entry("x.b", verdict='"ERRATUM"', erratum='"false"', severity='"major"', consequence='"c"')
    specs = _parse(_entry("x.a", depends_on='["x.b"]', verdict='"PROVED"'), bad)
    assert any("depends on" in p for p in c.link_problems(specs))
    specs = _parse(_entry("x.a", depends_on='["x.b"]', verdict='"PROVED"',
                          transfer_note='"uses only the corrected constant"'), bad)
    assert not c.link_problems(specs)
    minor = _entry("x.b", verdict='"ERRATUM"', erratum='"typo"', severity='"minor"', consequence='"c"')
    assert not c.link_problems(_parse(_entry("x.a", depends_on='["x.b"]', verdict='"PROVED"'), minor))


SEED = "000_eacc44d3bd553eb5.txt"          # Alg 1 pseudocode: line 7 is L396, line 2 is L391


def test_citation_outside_the_entry_lines_is_caught():
    specs = _parse(_entry("x.alg", source=f'"{SEED}:388-405"', implemented_by='["m.f"]'))
    good = "def f():\n    # line 2 (L391)\n    # line 7 (L396)\n"
    assert not c.citation_problems(specs, sources={"m.f": good})
    bad = good + "    # see L1446\n"
    assert any("L1446" in p for p in c.citation_problems(specs, sources={"m.f": bad}))


def test_citation_pair_must_match_the_pseudocode_line():
    specs = _parse(_entry("x.alg", source=f'"{SEED}:388-405"', implemented_by='["m.f"]'))
    bad = "def f():\n    # line 8 (L396)\n"
    assert any("line 8" in p for p in c.citation_problems(specs, sources={"m.f": bad}))


# ------------------------------------------------------------------------------------------------
# drift rules: recorded never stronger than computed; subset runs compare nothing
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("recorded, computed, drifts", [
    ("NUMERIC", "NUMERIC", False), ("NUMERIC", "PROVED", False), ("PROVED", "NUMERIC", True),
    ("PARTIAL", "NUMERIC", False), ("NUMERIC", "PARTIAL", True), ("PARTIAL", "PARTIAL", False),
    ("ERRATUM", "NUMERIC", True), ("NUMERIC", "ERRATUM", True), ("PARTIAL", "ERRATUM", True),
    ("PROOF-GAP", "PROOF-GAP", False), ("NUMERIC", "PROOF-GAP", True), ("PROOF-GAP", "NUMERIC", True),
    ("ERRATUM", "PROOF-GAP", True), ("SKIPPED", "NUMERIC", False),
])
def test_drift_rules(recorded, computed, drifts):
    assert bool(drift_reason(recorded, computed)) is drifts


def _result(cid, spec, verdict):
    return CheckResult(id=cid, spec=[spec], verdict=verdict, claimed="", computed="", margin=None, precision="",
                       details="", counterexample="x" if verdict == "ERRATUM" else "", artifacts=[], seconds=0.0,
                       profile="quick")


def test_subset_run_does_not_report_spurious_drift():
    specs = _parse(_entry("x.e", verdict='"ERRATUM"', erratum='"false"', severity='"minor"', consequence='"c"',
                          checked_by='["x.e.printed", "x.e.corrected"]'))
    only_corrected = [_result("x.e.corrected", "x.e", "NUMERIC")]
    expected = {"x.e": {"x.e.printed", "x.e.corrected"}}
    st = entry_statuses(specs, only_corrected, expected)["x.e"]
    assert not st.complete and not st.drift
    both = only_corrected + [_result("x.e.printed", "x.e", "ERRATUM")]
    assert not entry_statuses(specs, both, expected)["x.e"].drift
    assert entry_statuses(specs, only_corrected, {"x.e": {"x.e.corrected"}})["x.e"].drift   # complete: real drift


@pytest.mark.parametrize("recorded, computed, drifts", [
    ("ERRATUM", "NUMERIC", False), ("ERRATUM", "PARTIAL", False), ("PROOF-GAP", "NUMERIC", False),
    ("ERRATUM", "PROOF-GAP", False), ("PROOF-GAP", "ERRATUM", True),     # quick checks already refute more
    ("NUMERIC", "ERRATUM", True), ("PARTIAL", "ERRATUM", True), ("PROVED", "NUMERIC", True),
])
def test_drift_with_a_deferred_refutation(recorded, computed, drifts):
    """A full-only check may be the refuting one: a quick run cannot contradict a recorded ERRATUM / PROOF-GAP."""
    assert bool(drift_reason(recorded, computed, refutation_deferred=True)) is drifts


def test_full_only_refutation_backs_an_erratum_in_quick_and_is_compared_in_full():
    specs = _parse(_entry("x.e", verdict='"ERRATUM"', erratum='"false"', severity='"minor"', consequence='"c"',
                          checked_by='["x.e.algebra", "x.e.run"]'))
    quick = [_result("x.e.algebra", "x.e", "NUMERIC")]
    st = entry_statuses(specs, quick, {"x.e": {"x.e.algebra"}}, {"x.e": {"x.e.run"}})["x.e"]
    assert st.complete and not st.drift and st.deferred == ("x.e.run",)
    full_holding = quick + [_result("x.e.run", "x.e", "NUMERIC")]           # the full run no longer refutes: drift
    assert entry_statuses(specs, full_holding, {"x.e": {"x.e.algebra", "x.e.run"}}, {})["x.e"].drift
    full_refuting = quick + [_result("x.e.run", "x.e", "ERRATUM")]
    assert not entry_statuses(specs, full_refuting, {"x.e": {"x.e.algebra", "x.e.run"}}, {})["x.e"].drift


def test_engine_outcome_must_match_the_verdict():
    with pytest.raises(SpecError, match="engine"):
        _parse(_entry(engine='"proved it"'))
    specs = _parse(_entry(engine='"certified: x.s1.c, 40 boxes"', domain='{ x = "(0, 1]" }', covered='"all"'))
    assert any("engine outcome 'certified'" in p for p in c.vocabulary_problems(specs))
    ok = _parse(_entry(engine='"certified: x.s1.c, 40 boxes"', verdict='"CERTIFIED"', domain='{ x = "(0, 1]" }',
                       covered='"whole box"'))
    assert not c.vocabulary_problems(ok)
