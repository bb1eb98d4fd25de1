"""Traceability: every spec entry points to real code and real checks; every check belongs to a spec entry."""
from __future__ import annotations

import pytest

from proofs_checks import framework
from proofs_checks.specs import is_test_node, load_specs, resolve_dotted, pytest_node_exists

SPECS = load_specs()
REG = framework.discover()


def test_specs_exist_and_ids_unique():
    assert SPECS, "no spec entries at all"
    # load_specs raises on a duplicate id across files; check the per-entry ids match their file's source too
    for e in SPECS.values():
        assert e.id.split(".")[0] in (e.source_key, e.source_key.split(".")[0], e.source_key.split("_")[0]), \
            f"{e.file}: entry {e.id!r} does not start with the source key {e.source_key!r}"


@pytest.mark.parametrize("eid", sorted(SPECS))
def test_implemented_by_is_importable_and_callable(eid):
    for path in SPECS[eid].implemented_by:
        obj = resolve_dotted(path)
        assert callable(obj), f"{eid}: implemented_by {path!r} is not callable"


@pytest.mark.parametrize("eid", sorted(SPECS))
def test_checked_by_exists(eid):
    for ref in SPECS[eid].checked_by:
        if is_test_node(ref):
            assert pytest_node_exists(ref), f"{eid}: checked_by test {ref!r} does not exist"
        else:
            assert ref in REG, f"{eid}: checked_by check {ref!r} is not registered in proofs_checks"
            assert eid in REG[ref].spec, f"{eid}: check {ref!r} is registered for {REG[ref].spec}, not for {eid}"


def test_every_check_belongs_to_a_spec_entry():
    orphans = {cid: rc.spec for cid, rc in REG.items() if not all(s in SPECS for s in rc.spec)}
    assert not orphans, f"checks naming unknown spec entries: {orphans}"


def test_every_check_is_listed_by_its_entry():
    unlisted = {cid: rc.spec for cid, rc in REG.items() if not all(cid in SPECS[s].checked_by for s in rc.spec if s in SPECS)}
    assert not unlisted, f"checks not listed in their entries' checked_by: {unlisted}"


def test_errata_carry_counterexample_and_skips_a_reason():
    for e in SPECS.values():
        if e.verdict == "ERRATUM":
            assert e.erratum.strip(), e.id
        if e.verdict == "SKIPPED":
            assert e.skip_reason.strip(), e.id
