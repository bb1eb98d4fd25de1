"""The dpsco-ref command line: bad arguments give a one-line error and exit 2; verify writes its reports."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from proofs_checks import framework
from proofs_checks.cli import main


def _run(*args):
    return subprocess.run([sys.executable, "-m", "proofs_checks", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args,needle", [
    (["verify", "--profile", "fast"], "--profile"),
    (["verify", "--jobs", "0"], "--jobs"),
    (["verify", "--source", "999"], "--source"),
    (["verify", "--id", "no.such.check.*"], "no check"),
    (["show", "no.such.entry"], "no spec entry"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_one_line_error(args, needle):
    p = _run(*args)
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert needle in p.stderr
    assert "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1, p.stderr


def _one_quick_check_id():
    ids = framework.select("quick")
    assert ids, "no quick checks registered"
    return ids[0]


def test_verify_writes_index_source_reports_and_json(tmp_path, capsys):
    cid = _one_quick_check_id()
    js = tmp_path / "v.json"
    rc = main(["verify", "--id", cid, "--report-dir", str(tmp_path / "rep"), "--json", str(js), "--diff"])
    out = capsys.readouterr().out
    data = json.loads(js.read_text())
    checks = data["checks"]
    assert {"id", "verdict", "seconds", "coverage"} <= set(checks[0])
    assert checks[0]["id"] == cid
    assert rc == (1 if checks[0]["verdict"] == "FAILED" else 0)
    assert "source" in out and "PROVED" in out and "PARTIAL" in out      # the summary tables, new vocabulary
    assert "differs from the recorded one" in out                        # --diff
    spec = framework.discover()[cid].spec[0]
    assert spec in data["entries"] and data["entries"][spec]["recorded"]
    index = (tmp_path / "rep" / "index.md").read_text()
    assert "Errata of all sources by severity" in index and "PROOF-GAP" in index
    src = data["entries"][spec]["source"]
    text = (tmp_path / "rep" / f"{src}.md").read_text()
    assert "## Errata" in text and "## Partial" in text and "## Holding" in text


def test_results_identical_whatever_the_executor():
    from concurrent.futures import ProcessPoolExecutor

    ids = framework.select("quick")[:4]
    serial = framework.run_checks(ids, "quick")
    with ProcessPoolExecutor(2) as ex:
        pooled = framework.run_checks(ids, "quick", executor=ex)
    strip = lambda rs: [(r.id, r.verdict, r.computed, r.margin) for r in rs]  # noqa: E731
    assert strip(serial) == strip(pooled)


def test_specs_and_show_run():
    p = _run("specs")
    assert p.returncode == 0, p.stderr
    assert "source" in p.stdout
    from proofs_checks.specs import load_specs

    eid = sorted(load_specs())[0]
    p = _run("show", eid, "--no-run")
    assert p.returncode == 0, p.stderr
    assert eid in p.stdout and "Statement" in p.stdout
