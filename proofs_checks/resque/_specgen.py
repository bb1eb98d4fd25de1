"""Generator of specs/000.toml (doc 000, ReSQue).  Not auto-imported (leading underscore).

Run ``python -m proofs_checks.resque._specgen`` to rewrite specs/000.toml from the table below.  The table is the
single place where entries are edited; the TOML is its output.
"""
from __future__ import annotations

import json
from pathlib import Path

SEED = "000_eacc44d3bd553eb5.txt"
OUT = Path(__file__).resolve().parents[2] / "specs" / "000.toml"

R = "reference.resque."
T = "tests/resque/"

ENTRIES: list[dict] = []


def src(*ranges):
    return [f"{SEED}:{r}" for r in ranges]


def E(table, id, source, title, statement, kind, cls, impl=(), chk=(), verdict="SKIPPED", skip="", erratum="",
      corrected="", notes="", catalog=""):
    ENTRIES.append(dict(table=table, id=id, source=source, title=title, statement=statement, kind=kind,
                        check_class=cls, implemented_by=list(impl), checked_by=list(chk), verdict=verdict,
                        skip_reason=skip, erratum=erratum, corrected=corrected, notes=notes, catalog=catalog))


def A(*a, **k):
    E("algorithm", *a, **k)


def S(*a, **k):
    E("statement", *a, **k)


def NY(what):
    return f"not yet checked: {what}"


from proofs_checks.resque._spec_table import fill  # noqa: E402

fill(A, S, src, NY, R, T)


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def _downgrade_unchecked() -> None:
    """Any entry whose checks do not (yet) exist is recorded honestly as SKIPPED ("not yet checked")."""
    from proofs_checks.framework import discover
    import re

    root = Path(__file__).resolve().parents[2]

    def is_test_node(c):
        return "::" in c

    def test_node_exists(c):
        f, _, name = c.partition("::")
        p = root / f
        return p.is_file() and re.search(rf"^\s*def\s+{re.escape(name)}\s*\(", p.read_text(), re.M) is not None

    reg = discover()
    for e in ENTRIES:
        if e["verdict"] == "SKIPPED":
            continue
        missing = [c for c in e["checked_by"] if not (test_node_exists(c) if is_test_node(c) else c in reg)]
        if missing or not e["checked_by"]:
            e["skip_reason"] = "not yet checked: planned " + ", ".join(e["checked_by"])
            if e["erratum"]:
                e["notes"] = ("catalog lead (unverified): " + e["erratum"] + " " + e["notes"]).strip()
            e["verdict"], e["erratum"], e["corrected"] = "SKIPPED", "", ""
            e["checked_by"] = [c for c in e["checked_by"] if c not in missing]


def render() -> str:
    out = ['[meta]',
           'title   = "ReSQueing Parallel and Private Stochastic Convex Optimization (Carmon, Jambulapati, Jin, Lee, Liu, Sidford, Tian)"',
           f'seed    = "{SEED}"', 'catalog = "000_resque.md"', '']
    for e in ENTRIES:
        out.append(f"[[{e['table']}]]")
        for k in ("id", "source", "title", "statement", "kind", "check_class", "implemented_by", "checked_by",
                  "verdict", "skip_reason", "erratum", "corrected", "notes", "catalog"):
            v = e[k]
            if k in ("skip_reason", "erratum", "corrected", "notes", "catalog") and not v:
                continue
            if k == "skip_reason" and e["verdict"] != "SKIPPED":
                continue
            if isinstance(v, list):
                out.append(f"{k:<14} = [" + ", ".join(_q(x) for x in v) + "]")
            else:
                out.append(f"{k:<14} = {_q(v)}")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    _downgrade_unchecked()
    OUT.write_text(render(), encoding="utf-8")
    from collections import Counter
    print(OUT, len(ENTRIES), Counter(e["verdict"] for e in ENTRIES))
