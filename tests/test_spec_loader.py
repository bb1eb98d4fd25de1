"""The spec loader rejects malformed files with a message naming file, entry and field; and the
traceability machinery detects a broken path (so the traceability test can fail)."""
from __future__ import annotations

import pytest

from proofs_checks.specs import SpecError, load_specs, parse_spec_text, resolve_dotted, pytest_node_exists

GOOD = '''
[meta]
title = "t"

[[statement]]
id = "zz.lemma1"
source = "ref: textbook, Thm 1"
title = "a lemma"
statement = "1 + 1 = 2"
kind = "lemma"
check_class = "symbolic"
implemented_by = ["reference.core"]
checked_by = ["zz.lemma1.proof"]
verdict = "PROVED"
'''


def test_good_file_parses():
    (e,) = parse_spec_text(GOOD, "zz.toml", seed_lines={})
    assert e.id == "zz.lemma1" and e.source_key == "zz" and e.verdict == "PROVED"


@pytest.mark.parametrize("old,new,field", [
    ('kind = "lemma"', 'kind = "lema"', "kind"),
    ('verdict = "PROVED"', 'verdict = "TRUE"', "verdict"),
    ('verdict = "PROVED"', 'verdict = "FAILED"', "verdict"),
    ('check_class = "symbolic"', 'check_class = "vibes"', "check_class"),
    ('source = "ref: textbook, Thm 1"', 'source = "paper.pdf:1-2"', "source"),
    ('checked_by = ["zz.lemma1.proof"]', 'checked_by = 3', "checked_by"),
    ('title = "a lemma"\n', '', "title"),
    ('verdict = "PROVED"', 'verdict = "ERRATUM"', "erratum"),
    ('verdict = "PROVED"', 'verdict = "SKIPPED"', "skip_reason"),
    ('id = "zz.lemma1"', 'id = "no dots here"', "id"),
    ('kind = "lemma"', 'kind = "algorithm"', "kind"),
    ('statement = "1 + 1 = 2"', 'statement = "1 + 1 = 2"\ncolour = "red"', "colour"),
])
def test_bad_field_is_named(old, new, field):
    bad = GOOD.replace(old, new)
    with pytest.raises(SpecError) as ei:
        parse_spec_text(bad, "zz.toml", seed_lines={})
    msg = str(ei.value)
    assert "zz.toml" in msg and field in msg, msg


def test_seed_line_range_checked():
    bad = GOOD.replace('source = "ref: textbook, Thm 1"', 'source = "000_abc.txt:10-20"')
    with pytest.raises(SpecError, match="past the end"):
        parse_spec_text(bad, "zz.toml", seed_lines={"000_abc.txt": 15})
    parse_spec_text(bad, "zz.toml", seed_lines={"000_abc.txt": 20})


def test_duplicate_ids_across_files_rejected(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD)
    (tmp_path / "b.toml").write_text(GOOD)
    with pytest.raises(SpecError, match="duplicates"):
        load_specs(tmp_path)


def test_broken_paths_are_detected():
    """What the traceability test relies on: a broken implemented_by or checked_by is caught."""
    with pytest.raises((ImportError, AttributeError)):
        resolve_dotted("reference.core.no_such_module.fn")
    with pytest.raises((ImportError, AttributeError)):
        resolve_dotted("reference.core.__init__.not_there")
    assert not pytest_node_exists("tests/test_spec_loader.py::test_that_does_not_exist")
    assert pytest_node_exists("tests/test_spec_loader.py::test_broken_paths_are_detected")
