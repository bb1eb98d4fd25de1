"""The spec registry: one TOML file per source in ``specs/`` (schema in ``specs/README.md``).

``load_specs()`` validates every file and raises :class:`SpecError` naming the file, the entry and the
field at fault.  Nothing here imports the implementations; :func:`resolve_dotted` does, for the
traceability test and ``dpsco-ref show``.
"""
from __future__ import annotations

import importlib
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .framework import Verdict

REPO_ROOT = Path(__file__).resolve().parents[1]
SPECS_DIR = Path(os.environ.get("DPSCO_SPECS_DIR", REPO_ROOT / "specs"))
SEEDS_DIR = Path(os.environ.get("DPSCO_SEEDS_DIR", REPO_ROOT.parent / "shared" / "seeds"))

KINDS = {
    "algorithm", "definition", "lemma", "theorem", "proposition", "corollary", "fact", "claim",
    "equation", "privacy", "audit", "experiment", "remark", "assumption", "primitive", "example",
}
CHECK_CLASSES = {"symbolic", "numeric", "statistical", "instance"}
ENTRY_TABLES = ("algorithm", "statement")
REQUIRED = ("id", "source", "title", "statement", "kind", "check_class", "implemented_by", "checked_by", "verdict")
OPTIONAL = ("erratum", "corrected", "skip_reason", "notes", "catalog", "constants",
            "severity", "consequence", "reading", "missing", "gap", "domain", "covered",
            "depends_on", "same_claim_as", "transfer_note", "engine")
#: outcome of the check engine on a parametrised inequality entry (``engine = "certified: ..."``)
ENGINE_OUTCOMES = ("certified", "refuted", "search", "undecided", "not-evaluable")
SEVERITIES = ("critical", "major", "minor")
#: keys every source's ``[meta.conventions]`` declares (value: the convention, or "not fixed by the document: ...")
CONVENTION_KEYS = ("log_base", "big_o", "neighbouring", "norms")
_SOURCE_RE = re.compile(r"^(?P<file>[0-9]{3}_[0-9a-f]+\.txt):(?P<a>[0-9]+)(?:-(?P<b>[0-9]+))?$")
_ID_RE = re.compile(r"^[A-Za-z0-9_]+(\.[A-Za-z0-9_\-]+)+$")


class SpecError(ValueError):
    """A spec file is malformed.  The message names file, entry and field."""


@dataclass
class SpecEntry:
    id: str
    table: str                 # "algorithm" | "statement"
    file: str                  # spec file name, e.g. "000.toml"
    source: list[str]
    title: str
    statement: str
    kind: str
    check_class: str
    implemented_by: list[str]
    checked_by: list[str]
    verdict: str
    erratum: str = ""
    corrected: str = ""
    skip_reason: str = ""
    notes: str = ""
    extra: dict = field(default_factory=dict)
    severity: str = ""          # ERRATUM: critical | major | minor
    consequence: str = ""       # ERRATUM: one line, what breaks downstream
    reading: str = ""           # ERRATUM that fails under one reading of an open convention only (then minor)
    missing: str = ""           # PARTIAL: what is not established
    gap: str = ""               # PROOF-GAP: the failing step and its counterexample
    domain: dict | None = None  # parameter -> admissible range (from the stated hypotheses); None: not declared
    covered: str = ""           # holding verdicts: what the checks cover (region, points, boxes)
    depends_on: list[str] = field(default_factory=list)
    same_claim_as: list[str] = field(default_factory=list)
    transfer_note: str = ""     # why a critical/major erratum among depends_on does not transfer
    engine: str = ""            # parametrised inequality: "<certified|refuted|search|undecided|not-evaluable>: details"

    @property
    def source_key(self) -> str:
        """The source the entry belongs to: the spec file's stem ("000", "003_ch04", "core")."""
        return self.file.removesuffix(".toml")


def _as_list(v, fname, eid, key) -> list[str]:
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise SpecError(f"{fname}: entry {eid!r}: field {key!r} must be a string or a list of strings")
    return v


def _check_source(src: str, fname: str, eid: str, seed_lines: dict[str, int]) -> None:
    if src.startswith("ref:"):
        if len(src) < 8:
            raise SpecError(f"{fname}: entry {eid!r}: field 'source' literature reference {src!r} is too short")
        return
    m = _SOURCE_RE.match(src)
    if not m:
        raise SpecError(f"{fname}: entry {eid!r}: field 'source' must be 'SEEDFILE.txt:START-END' or 'ref: ...', got {src!r}")
    a = int(m["a"])
    b = int(m["b"] or a)
    if not 1 <= a <= b:
        raise SpecError(f"{fname}: entry {eid!r}: field 'source' line range {a}-{b} is empty or not increasing")
    if seed_lines:
        if m["file"] not in seed_lines:
            raise SpecError(f"{fname}: entry {eid!r}: field 'source' names unknown seed file {m['file']!r}")
        if b > seed_lines[m["file"]]:
            raise SpecError(f"{fname}: entry {eid!r}: field 'source' line {b} is past the end of {m['file']} "
                            f"({seed_lines[m['file']]} lines)")


def _seed_line_counts() -> dict[str, int]:
    out = {}
    if SEEDS_DIR.is_dir():
        for p in SEEDS_DIR.glob("*.txt"):
            with open(p, "rb") as fh:
                out[p.name] = sum(1 for _ in fh)
    return out


def parse_spec_text(text: str, fname: str, seed_lines: dict[str, int] | None = None) -> list[SpecEntry]:
    """Parse and validate one spec file's text.  Raises SpecError naming file / entry / field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"{fname}: not valid TOML: {e}") from None
    meta = data.get("meta")
    if not isinstance(meta, dict) or "title" not in meta:
        raise SpecError(f"{fname}: missing [meta] table with a 'title'")
    conv = meta.get("conventions", {})
    if not isinstance(conv, dict) or not all(isinstance(v, str) for v in conv.values()):
        raise SpecError(f"{fname}: [meta.conventions] must be a table of strings")
    unknown_tables = set(data) - {"meta", *ENTRY_TABLES}
    if unknown_tables:
        raise SpecError(f"{fname}: unknown top-level key(s) {sorted(unknown_tables)}; allowed: meta, algorithm, statement")
    seed_lines = _seed_line_counts() if seed_lines is None else seed_lines
    entries: list[SpecEntry] = []
    for table in ENTRY_TABLES:
        for k, raw in enumerate(data.get(table, [])):
            eid = raw.get("id", f"<{table} #{k + 1}>")
            for key in REQUIRED:
                if key not in raw:
                    raise SpecError(f"{fname}: entry {eid!r}: missing required field {key!r}")
            unknown = set(raw) - set(REQUIRED) - set(OPTIONAL)
            if unknown:
                raise SpecError(f"{fname}: entry {eid!r}: unknown field(s) {sorted(unknown)}")
            if not isinstance(eid, str) or not _ID_RE.match(eid):
                raise SpecError(f"{fname}: entry {eid!r}: field 'id' must look like 'SOURCE.name' (letters, digits, _ . -)")
            for key in ("title", "statement", "kind", "check_class", "verdict"):
                if not isinstance(raw[key], str) or not raw[key].strip():
                    raise SpecError(f"{fname}: entry {eid!r}: field {key!r} must be a non-empty string")
            if raw["kind"] not in KINDS:
                raise SpecError(f"{fname}: entry {eid!r}: field 'kind' is {raw['kind']!r}; allowed: {sorted(KINDS)}")
            if table == "algorithm" and raw["kind"] not in ("algorithm", "primitive"):
                raise SpecError(f"{fname}: entry {eid!r}: field 'kind' of an [[algorithm]] must be 'algorithm' or 'primitive'")
            if table == "statement" and raw["kind"] in ("algorithm", "primitive"):
                raise SpecError(f"{fname}: entry {eid!r}: field 'kind' {raw['kind']!r} belongs in an [[algorithm]] table")
            if raw["check_class"] not in CHECK_CLASSES:
                raise SpecError(f"{fname}: entry {eid!r}: field 'check_class' is {raw['check_class']!r}; allowed: {sorted(CHECK_CLASSES)}")
            try:
                verdict = Verdict(raw["verdict"])
            except ValueError:
                raise SpecError(f"{fname}: entry {eid!r}: field 'verdict' is {raw['verdict']!r}; allowed: "
                                f"{[v.value for v in Verdict if v is not Verdict.FAILED]}") from None
            if verdict is Verdict.FAILED:
                raise SpecError(f"{fname}: entry {eid!r}: field 'verdict' may not be FAILED (fix the bug instead)")
            sources = _as_list(raw["source"], fname, eid, "source")
            for s in sources:
                _check_source(s, fname, eid, seed_lines)
            impl = _as_list(raw["implemented_by"], fname, eid, "implemented_by")
            chk = _as_list(raw["checked_by"], fname, eid, "checked_by")
            if verdict is not Verdict.SKIPPED and not chk:
                raise SpecError(f"{fname}: entry {eid!r}: field 'checked_by' is empty but verdict is {verdict.value}")
            if verdict is Verdict.SKIPPED and not str(raw.get("skip_reason", "")).strip():
                raise SpecError(f"{fname}: entry {eid!r}: field 'skip_reason' is required when verdict is SKIPPED")
            if verdict is Verdict.ERRATUM and not str(raw.get("erratum", "")).strip():
                raise SpecError(f"{fname}: entry {eid!r}: field 'erratum' (what fails, the counterexample) is required "
                                f"when verdict is ERRATUM")
            if verdict is Verdict.PARTIAL and not str(raw.get("missing", "")).strip():
                raise SpecError(f"{fname}: entry {eid!r}: field 'missing' (what is not established) is required "
                                f"when verdict is PARTIAL")
            if verdict is Verdict.PROOF_GAP and not str(raw.get("gap", "")).strip():
                raise SpecError(f"{fname}: entry {eid!r}: field 'gap' (the failing step and its counterexample) is "
                                f"required when verdict is PROOF-GAP")
            if "severity" in raw and raw["severity"] not in SEVERITIES:
                raise SpecError(f"{fname}: entry {eid!r}: field 'severity' is {raw['severity']!r}; allowed: {list(SEVERITIES)}")
            for key in ("severity", "consequence", "reading") :
                if key in raw and verdict is not Verdict.ERRATUM:
                    raise SpecError(f"{fname}: entry {eid!r}: field {key!r} belongs to an ERRATUM, verdict is {verdict.value}")
            if "missing" in raw and verdict is not Verdict.PARTIAL:
                raise SpecError(f"{fname}: entry {eid!r}: field 'missing' belongs to a PARTIAL entry, verdict is {verdict.value}")
            if "gap" in raw and verdict is not Verdict.PROOF_GAP:
                raise SpecError(f"{fname}: entry {eid!r}: field 'gap' belongs to a PROOF-GAP entry, verdict is {verdict.value}")
            for key in ("consequence", "reading", "missing", "gap", "covered", "transfer_note"):
                if key in raw and (not isinstance(raw[key], str) or not raw[key].strip()):
                    raise SpecError(f"{fname}: entry {eid!r}: field {key!r} must be a non-empty string")
            if "engine" in raw:
                eng = raw["engine"]
                if not isinstance(eng, str) or eng.split(":", 1)[0].strip() not in ENGINE_OUTCOMES or ":" not in eng \
                        or not eng.split(":", 1)[1].strip():
                    raise SpecError(f"{fname}: entry {eid!r}: field 'engine' must be '<outcome>: <details>' with outcome "
                                    f"in {list(ENGINE_OUTCOMES)}, got {eng!r}")
            domain = raw.get("domain", {})
            if not isinstance(domain, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in domain.items()):
                raise SpecError(f"{fname}: entry {eid!r}: field 'domain' must be a table parameter = \"range\" (strings)")
            for pname, rng_text in domain.items():
                try:
                    parse_range(rng_text)
                except ValueError as exc:
                    raise SpecError(f"{fname}: entry {eid!r}: field 'domain' parameter {pname!r}: {exc}") from None
            links = {k: _as_list(raw.get(k, []), fname, eid, k) for k in ("depends_on", "same_claim_as")}
            if table == "algorithm" and not impl and verdict is not Verdict.SKIPPED:
                raise SpecError(f"{fname}: entry {eid!r}: field 'implemented_by' is empty for an algorithm "
                                f"(allowed only with verdict SKIPPED and a skip_reason saying it is not implemented)")
            extra = {k: raw[k] for k in ("catalog", "constants") if k in raw}
            entries.append(SpecEntry(
                id=eid, table=table, file=fname, source=sources, title=raw["title"], statement=raw["statement"],
                kind=raw["kind"], check_class=raw["check_class"], implemented_by=impl, checked_by=chk,
                verdict=verdict.value, erratum=raw.get("erratum", ""), corrected=raw.get("corrected", ""),
                skip_reason=raw.get("skip_reason", ""), notes=raw.get("notes", ""), extra=extra,
                severity=raw.get("severity", ""), consequence=raw.get("consequence", ""),
                reading=raw.get("reading", ""), missing=raw.get("missing", ""), gap=raw.get("gap", ""),
                domain=dict(domain) if "domain" in raw else None, covered=raw.get("covered", ""), depends_on=links["depends_on"],
                same_claim_as=links["same_claim_as"], transfer_note=raw.get("transfer_note", ""),
                engine=raw.get("engine", ""),
            ))
    return entries


def load_meta(spec_dir: Path | str | None = None) -> dict[str, dict]:
    """The ``[meta]`` table of every spec file, keyed by source (file stem)."""
    spec_dir = Path(spec_dir) if spec_dir is not None else SPECS_DIR
    return {p.stem: tomllib.loads(p.read_text(encoding="utf-8")).get("meta", {})
            for p in sorted(spec_dir.glob("*.toml"))}


@dataclass(frozen=True)
class Range:
    """A parsed ``domain`` value: an interval of reals or integers, or free text (``text`` set, bounds None)."""

    lo: float | None
    hi: float | None
    lo_open: bool = False
    hi_open: bool = False
    integer: bool = False
    text: str = ""

    @property
    def is_interval(self) -> bool:
        return self.lo is not None


_RANGE_RE = re.compile(r"^(?P<int>int\s+)?(?P<l>[\[(])\s*(?P<lo>[^,]+?)\s*,\s*(?P<hi>[^\])]+?)\s*(?P<r>[\])])$")
_CMP_RE = re.compile(r"^(?P<int>int\s*)?(?P<op>>=|>|<=|<)\s*(?P<v>\S+)$")


def _num(tok: str) -> float:
    t = tok.strip().lower().replace("∞", "inf")
    if t in ("inf", "+inf"):
        return float("inf")
    if t == "-inf":
        return float("-inf")
    return float(t)


def parse_range(text: str) -> Range:
    """Parse a ``domain`` value.

    Grammar: ``"(0, 1]"``, ``"[1, inf)"``, ``"int [1, 100]"`` (integers), ``">= 1"``, ``"int >= 1"``, ``"> 0"``;
    anything starting with ``"text:"`` is a free-text domain (a set, a function class) kept as is.
    Raises ValueError on an interval that does not parse or is empty.
    """
    t = text.strip()
    if t.startswith("text:"):
        if not t[5:].strip():
            raise ValueError("free-text domain 'text:' is empty")
        return Range(None, None, text=t[5:].strip())
    m = _RANGE_RE.match(t)
    if m:
        try:
            lo, hi = _num(m["lo"]), _num(m["hi"])
        except ValueError:
            raise ValueError(f"range {text!r}: bounds must be numbers or inf (or write 'text: ...')") from None
        r = Range(lo, hi, m["l"] == "(", m["r"] == ")", bool(m["int"]))
    else:
        m = _CMP_RE.match(t)
        if not m:
            raise ValueError(f"range {text!r} does not parse: write '(a, b]', 'int [1, 100]', '>= 1', or 'text: ...'")
        try:
            v = _num(m["v"])
        except ValueError:
            raise ValueError(f"range {text!r}: bound must be a number (or write 'text: ...')") from None
        op = m["op"]
        if op.startswith(">"):
            r = Range(v, float("inf"), op == ">", True, bool(m["int"]))
        else:
            r = Range(float("-inf"), v, True, op == "<", bool(m["int"]))
    if not (r.lo < r.hi or (r.lo == r.hi and not r.lo_open and not r.hi_open)):
        raise ValueError(f"range {text!r} is empty")
    return r


def load_specs(spec_dir: Path | str | None = None) -> dict[str, SpecEntry]:
    """Load every ``*.toml`` in the spec directory; ids must be unique across all files."""
    spec_dir = Path(spec_dir) if spec_dir is not None else SPECS_DIR
    if not spec_dir.is_dir():
        raise SpecError(f"spec directory {spec_dir} does not exist (set DPSCO_SPECS_DIR)")
    seed_lines = _seed_line_counts()
    out: dict[str, SpecEntry] = {}
    for p in sorted(spec_dir.glob("*.toml")):
        for e in parse_spec_text(p.read_text(encoding="utf-8"), p.name, seed_lines):
            if e.id in out:
                raise SpecError(f"{p.name}: entry {e.id!r}: field 'id' duplicates an entry of {out[e.id].file}")
            out[e.id] = e
    for e in out.values():
        for key in ("depends_on", "same_claim_as"):
            for other in getattr(e, key):
                if other not in out:
                    raise SpecError(f"{e.file}: entry {e.id!r}: field {key!r} names unknown entry {other!r}")
                if other == e.id:
                    raise SpecError(f"{e.file}: entry {e.id!r}: field {key!r} names the entry itself")
    return out


def resolve_dotted(path: str):
    """Import ``package.module.attr[.attr...]`` and return the object (raises ImportError/AttributeError)."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        modname = ".".join(parts[:cut])
        try:
            obj = importlib.import_module(modname)
        except ModuleNotFoundError as e:
            if e.name and (modname == e.name or modname.startswith(e.name + ".")):
                continue
            raise
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(f"cannot import any prefix of {path!r}")


def is_test_node(ref: str) -> bool:
    return "::" in ref


def pytest_node_exists(ref: str) -> bool:
    """``tests/test_x.py::test_name`` (or ``::Class::test``) exists as a def in that file."""
    fpart, _, rest = ref.partition("::")
    p = REPO_ROOT / fpart
    if not p.is_file():
        return False
    name = rest.split("::")[-1].split("[")[0]
    src = p.read_text(encoding="utf-8")
    return re.search(rf"^\s*(async\s+)?def\s+{re.escape(name)}\s*\(", src, re.M) is not None
