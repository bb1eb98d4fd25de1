"""Consistency rules of the spec registry (``specs/README.md``, "Consistency rules").

Each function returns a list of problems (strings naming file, entry and field); the tests in
``tests/test_spec_consistency.py`` assert that the real specs have none and that deliberately broken examples are
caught.  Nothing here runs a check.
"""
from __future__ import annotations

import inspect
import re
from functools import lru_cache
from pathlib import Path

from .specs import CONVENTION_KEYS, SEEDS_DIR, SEVERITIES, SpecEntry, resolve_dotted

HOLDING = ("PROVED", "CERTIFIED", "NUMERIC", "STATISTICAL")
NOT_REFUTED = HOLDING + ("PARTIAL", "PROOF-GAP")
_NOT_A_REASON = re.compile(r"not yet checked|not checked yet|todo|tbd", re.I)


def vocabulary_problems(specs: dict[str, SpecEntry]) -> list[str]:
    """ERRATUM fields, domains and coverage of holding verdicts, skip reasons."""
    out = []
    for e in specs.values():
        where = f"{e.file}: entry {e.id!r}"
        if e.verdict == "ERRATUM":
            if e.severity not in SEVERITIES:
                out.append(f"{where}: ERRATUM without 'severity' (critical | major | minor)")
            if not e.consequence.strip():
                out.append(f"{where}: ERRATUM without 'consequence'")
            if e.reading and e.severity != "minor":
                out.append(f"{where}: erratum fails under one reading only ('reading') but severity is {e.severity!r}, not 'minor'")
        if e.verdict in ("CERTIFIED", "NUMERIC"):
            if e.domain is None:
                out.append(f"{where}: {e.verdict} without 'domain' (use domain = {{}} for a statement without parameters)")
            if not e.covered.strip():
                out.append(f"{where}: {e.verdict} without 'covered' (region, number of points/boxes)")
        if e.verdict == "STATISTICAL" and not e.covered.strip():
            out.append(f"{where}: STATISTICAL without 'covered' (instances, sample sizes, detectable effect)")
        if e.engine:
            outcome = e.engine.split(":", 1)[0].strip()
            want = {"certified": ("CERTIFIED", "PROVED"), "refuted": ("ERRATUM", "PROOF-GAP")}.get(outcome)
            if want and e.verdict not in want:
                out.append(f"{where}: engine outcome {outcome!r} but verdict {e.verdict} (expected one of {list(want)})")
            if outcome == "certified" and not e.domain:
                out.append(f"{where}: engine outcome 'certified' needs the declared 'domain' it was certified over")
        if e.verdict == "SKIPPED" and _NOT_A_REASON.search(e.skip_reason):
            out.append(f"{where}: skip_reason {e.skip_reason[:60]!r} is not a reason a reader would accept")
    return out


def convention_problems(meta_by_source: dict[str, dict]) -> list[str]:
    """Every source declares its conventions in ``[meta.conventions]``."""
    out = []
    for src, meta in sorted(meta_by_source.items()):
        conv = meta.get("conventions") or {}
        for key in CONVENTION_KEYS:
            if not str(conv.get(key, "")).strip():
                out.append(f"{src}.toml: [meta.conventions] does not declare {key!r}")
    return out


def link_problems(specs: dict[str, SpecEntry]) -> list[str]:
    """same_claim_as entries agree; holding entries do not silently rest on a critical/major erratum."""
    out = []
    seen = set()
    for e in specs.values():
        for o in e.same_claim_as:
            pair = tuple(sorted((e.id, o)))
            if pair in seen or o not in specs:
                continue
            seen.add(pair)
            a, b = e.verdict, specs[o].verdict
            if "SKIPPED" in (a, b):
                continue
            if (a == "ERRATUM") != (b == "ERRATUM"):
                out.append(f"{e.file}: entry {e.id!r} ({a}) and {o!r} ({b}) make the same claim (same_claim_as) "
                           f"but one is an ERRATUM and the other is not refuted")
        if e.verdict in HOLDING and not e.transfer_note.strip():
            bad = [d for d in e.depends_on if d in specs and specs[d].verdict == "ERRATUM"
                   and specs[d].severity in ("critical", "major")]
            if bad:
                out.append(f"{e.file}: entry {e.id!r} is {e.verdict} but depends on {bad} "
                           f"({', '.join(specs[d].severity for d in bad)} errata): add a 'transfer_note' saying why "
                           f"the defect does not transfer, or change the verdict")
    return out


# ---------------------------------------------------------------------------------------------------
# Code citations
# ---------------------------------------------------------------------------------------------------
_SRC_RE = re.compile(r"^(?P<file>[0-9]{3}_[0-9a-f]+\.txt):(?P<a>[0-9]+)(?:-(?P<b>[0-9]+))?$")
#: "L123", "L123-125", "L123-L125", "L123–125"
_CITE_RE = re.compile(r"(?<![A-Za-z0-9_])L(\d{2,5})(?:\s*[-–]\s*L?(\d{2,5}))?(?![0-9])")
#: "line 7 (L396)", "lines 3-4 (L392-393)"
_PAIR_RE = re.compile(r"\blines?\s+(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?\s*\(L(\d{2,5})(?:\s*[-–]\s*L?(\d{2,5}))?\)")


@lru_cache(maxsize=None)
def _seed_lines(fname: str, seeds_dir: str) -> tuple[str, ...]:
    p = Path(seeds_dir) / fname
    if not p.is_file():
        return ()
    return tuple(p.read_text(encoding="utf-8", errors="replace").splitlines())


def _ranges(e: SpecEntry) -> list[tuple[str, int, int]]:
    out = []
    for s in e.source:
        m = _SRC_RE.match(s)
        if m:
            a = int(m["a"])
            out.append((m["file"], a, int(m["b"] or a)))
    return out


def _source_text(path: str) -> str:
    try:
        obj = resolve_dotted(path)
        obj = inspect.unwrap(obj)
        return inspect.getsource(obj)
    except (TypeError, OSError, ImportError, AttributeError):
        return ""


def _pseudocode_line_ok(line: str, n: int) -> bool:
    """A seed pseudocode line 'n ...' (possibly after markup or whitespace)."""
    t = line.strip().lstrip("*#>|- ").strip()     # markdown list items ('- 7 ...', '  - 7 ...') included
    m = re.match(r"^(\d{1,3})(?!\d)", t)
    return bool(m) and int(m.group(1)) == n


def citation_problems(specs: dict[str, SpecEntry], seeds_dir: Path | str | None = None,
                      sources: dict[str, str] | None = None) -> list[str]:
    """Seed lines cited by reference code lie in the cited entries' source ranges; 'line N (Lk)' pairs match the seed.

    ``sources`` (dotted path -> source text) replaces importing the code (used by the tests' broken examples).
    """
    seeds_dir = str(seeds_dir or SEEDS_DIR)
    by_func: dict[str, list[SpecEntry]] = {}
    for e in specs.values():
        for path in e.implemented_by:
            by_func.setdefault(path, []).append(e)
    out = []
    for path, entries in sorted(by_func.items()):
        ranges = [r for e in entries for r in _ranges(e)]
        if not ranges:
            continue                       # literature primitives (core): no seed lines to cite
        text = sources[path] if sources is not None and path in sources else _source_text(path)
        if not text:
            continue
        ids = ", ".join(sorted(e.id for e in entries))
        for m in _CITE_RE.finditer(text):
            a = int(m.group(1))
            b = int(m.group(2)) if m.group(2) else a
            if b < a:                      # "L1446-47" style abbreviations are not used; treat as a single line
                b = a
            if not any(ra <= a and b <= rb for _, ra, rb in ranges):
                rtxt = ", ".join(f"{ra}-{rb}" for _, ra, rb in ranges)
                out.append(f"{path}: cites L{a}{'-' + str(b) if b != a else ''} outside the source lines "
                           f"[{rtxt}] of the entries it implements ({ids})")
        seed_files = sorted({f for f, _, _ in ranges})
        for m in _PAIR_RE.finditer(text):
            n1 = int(m.group(1))
            n2 = int(m.group(2)) if m.group(2) else None
            k1 = int(m.group(3))
            k2 = int(m.group(4)) if m.group(4) else None
            pairs = [(n1, k1)] + ([(n2, k2)] if n2 is not None and k2 is not None else [])
            for n, k in pairs:
                ok = False
                for f in seed_files:
                    lines = _seed_lines(f, seeds_dir)
                    if 1 <= k <= len(lines) and _pseudocode_line_ok(lines[k - 1], n):
                        ok = True
                if not ok:
                    out.append(f"{path}: comment '{m.group(0)}' — seed line L{k} does not start with pseudocode "
                               f"line number {n}")
    return out


def all_problems(specs: dict[str, SpecEntry], meta_by_source: dict[str, dict]) -> list[str]:
    return (vocabulary_problems(specs) + convention_problems(meta_by_source) + link_problems(specs)
            + citation_problems(specs))
