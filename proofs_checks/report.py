"""Aggregation of check results per spec entry, and the text / Markdown / JSON reports of ``dpsco-ref verify``."""
from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .framework import CheckResult, Verdict
from .specs import SpecEntry

VERDICT_ORDER = [v.value for v in Verdict]
_STRENGTH = {Verdict.PROVED.value: 0, Verdict.CERTIFIED.value: 1, Verdict.NUMERIC.value: 2, Verdict.STATISTICAL.value: 3}
_HOLD = set(_STRENGTH)


def aggregate_verdict(verdicts: list[str]) -> str | None:
    """FAILED > ERRATUM > PROOF-GAP > PARTIAL > the weakest holding verdict; SKIPPED if nothing else; None if empty."""
    if not verdicts:
        return None
    for v in ("FAILED", "ERRATUM", "PROOF-GAP", "PARTIAL"):
        if v in verdicts:
            return v
    hold = [v for v in verdicts if v in _STRENGTH]
    if hold:
        return max(hold, key=lambda v: _STRENGTH[v])
    return "SKIPPED"


def drift_reason(recorded: str, computed: str | None, refutation_deferred: bool = False) -> str:
    """Why a computed aggregate contradicts the recorded verdict ('' when consistent).

    The recorded verdict may be weaker than the aggregate (the spec judges coverage), never stronger.
    ``refutation_deferred``: some of the entry's checks belong to a heavier profile and did not run; then a recorded
    ERRATUM / PROOF-GAP cannot be contradicted by the checks that did run (the refuting check may be a deferred one),
    unless those checks already give ERRATUM where PROOF-GAP is recorded (the spec would understate the evidence).
    """
    if computed is None or computed in ("FAILED", "SKIPPED") or recorded == "SKIPPED":
        return ""
    if computed == recorded:
        return ""
    if refutation_deferred and recorded in ("ERRATUM", "PROOF-GAP") and not (recorded == "PROOF-GAP" and computed == "ERRATUM"):
        return ""
    if computed in _HOLD:
        if recorded == "PARTIAL":
            return ""
        if recorded in _HOLD:
            if _STRENGTH[recorded] <= _STRENGTH[computed] - 0 and _STRENGTH[recorded] < _STRENGTH[computed]:
                return (f"spec records {recorded} but the checks establish only {computed}: "
                        f"the recorded verdict overstates the evidence")
            return ""
        return f"spec records {recorded} but every check now holds ({computed}): update the spec or fix the check"
    if computed == "PARTIAL":
        return (f"spec records {recorded} but the checks establish only PARTIAL: "
                f"record PARTIAL with 'missing', or strengthen the check")
    # computed ERRATUM or PROOF-GAP
    return (f"spec records {recorded} but the checks now give {computed}: "
            f"update the spec (with the evidence) or fix the check")


@dataclass
class EntryStatus:
    entry: SpecEntry
    results: list[CheckResult] = field(default_factory=list)
    computed: str | None = None        # aggregate of the checks run (None: none ran in this profile)
    drift: str = ""                    # disagreement with the recorded verdict
    complete: bool = True              # every check of the entry eligible in this profile ran
    deferred: tuple[str, ...] = ()     # checks of the entry registered for a heavier profile only (not run here)

    @property
    def final(self) -> str:
        if self.drift:
            return "FAILED"
        if self.computed == "FAILED":
            return "FAILED"
        return self.entry.verdict


def entry_statuses(specs: dict[str, SpecEntry], results: list[CheckResult],
                   expected_checks: dict[str, set[str]] | None = None,
                   deferred_checks: dict[str, set[str]] | None = None) -> dict[str, EntryStatus]:
    """Status per entry.  ``expected_checks`` maps an entry id to the check ids eligible in this run's profile;
    an entry whose eligible checks did not all run (a subset run) is not compared with its recorded verdict.

    ``deferred_checks`` maps an entry id to its checks that are registered only for a heavier profile (the full-only
    checks in a quick run).  Such a check may be the one that refutes the statement, so a recorded ERRATUM or
    PROOF-GAP is not contradicted by quick checks that hold: the comparison is deferred to the full profile, where
    every check runs and the ordinary rule applies (see ``drift_reason``).  A recorded *holding* verdict is still
    compared: quick checks that refute it are drift in every profile."""
    by_spec: dict[str, list[CheckResult]] = defaultdict(list)
    for r in results:
        for s in r.spec:
            by_spec[s].append(r)
    out = {}
    for eid, e in specs.items():
        st = EntryStatus(e, sorted(by_spec.get(eid, []), key=lambda r: r.id))
        st.computed = aggregate_verdict([r.verdict for r in st.results])
        if expected_checks is not None:
            ran = {r.id for r in st.results}
            st.complete = expected_checks.get(eid, set()) <= ran
        if deferred_checks is not None:
            st.deferred = tuple(sorted(deferred_checks.get(eid, set())))
        if st.complete:
            st.drift = drift_reason(e.verdict, st.computed, refutation_deferred=bool(st.deferred))
        out[eid] = st
    return out


def expected_checks_for(profile: str) -> dict[str, set[str]]:
    """Entry id -> ids of the registered checks that run in ``profile``."""
    from .framework import discover

    out: dict[str, set[str]] = defaultdict(set)
    for cid, rc in discover().items():
        if profile == "quick" and rc.profile == "full":
            continue
        for s in rc.spec:
            out[s].add(cid)
    return out


def deferred_checks_for(profile: str) -> dict[str, set[str]]:
    """Entry id -> ids of its registered checks that do *not* run in ``profile`` (full-only checks in quick)."""
    from .framework import discover

    out: dict[str, set[str]] = defaultdict(set)
    if profile == "full":
        return out
    for cid, rc in discover().items():
        if rc.profile == "full":
            for s in rc.spec:
                out[s].add(cid)
    return out


def apply_drift(results: list[CheckResult], statuses: dict[str, EntryStatus]) -> list[CheckResult]:
    """Turn a verdict drift into a FAILED result (so verify's exit code reflects it)."""
    extra = []
    for st in statuses.values():
        if st.drift:
            extra.append(CheckResult(
                id=f"{st.entry.id}::verdict-drift", spec=[st.entry.id], verdict="FAILED",
                claimed=f"recorded verdict {st.entry.verdict}", computed=st.computed or "", margin=None,
                precision="", details=st.drift, counterexample="", artifacts=[], seconds=0.0,
                profile=st.results[0].profile if st.results else "", expected=st.entry.verdict))
    return results + extra


def source_of(spec_id: str, specs: dict[str, SpecEntry]) -> str:
    e = specs.get(spec_id)
    if e is not None:
        return e.source_key
    return spec_id.split(".", 1)[0]


def summary_table(results: list[CheckResult], specs: dict[str, SpecEntry]) -> str:
    """Per source: count of check results per verdict, and the total seconds."""
    rows: dict[str, Counter] = defaultdict(Counter)
    secs: dict[str, float] = defaultdict(float)
    for r in results:
        src = source_of(r.spec[0], specs)
        rows[src][r.verdict] += 1
        secs[src] += r.seconds
    cols = VERDICT_ORDER
    head = f"{'source':<12}" + "".join(f"{c[:11]:>12}" for c in cols) + f"{'total':>8}{'seconds':>10}"
    lines = [head, "-" * len(head)]
    tot = Counter()
    for src in sorted(rows):
        c = rows[src]
        tot.update(c)
        lines.append(f"{src:<12}" + "".join(f"{c.get(v, 0):>12}" for v in cols) + f"{sum(c.values()):>8}{secs[src]:>10.1f}")
    lines.append("-" * len(head))
    lines.append(f"{'all':<12}" + "".join(f"{tot.get(v, 0):>12}" for v in cols) + f"{sum(tot.values()):>8}{sum(secs.values()):>10.1f}")
    return "\n".join(lines)


def _fmt_margin(m) -> str:
    if m is None:
        return ""
    if isinstance(m, str):
        return m
    if not math.isfinite(m):
        return str(m)
    return f"{m:.4g}"


def _md_escape(s: str) -> str:
    return (s or "").replace("|", "\\|").replace("\n", " ")


LEGEND = (
    "**Verdicts** (for the printed statement over its declared domain): "
    "`PROVED` symbolic proof over the whole domain · `CERTIFIED` ball/interval arithmetic over the whole declared "
    "domain (certificate written) · `NUMERIC` high precision at finitely many points (the entry says how many, where) · "
    "`STATISTICAL` a test with declared false-failure probability · `PARTIAL` only a special case, a sub-step or a form "
    "with added hypotheses was established (the entry says what is missing) · `PROOF-GAP` a proof step fails, the "
    "statement is neither refuted nor established · `ERRATUM` the printed statement is false (severity: `critical` a "
    "privacy claim or a main rate/complexity false in the paper's regime; `major` a stated bound, constant or setting "
    "false in that regime, repairable; `minor` typo, intermediate display, or failure only far outside the regime) · "
    "`SKIPPED` not checked, with the reason · `FAILED` a bug, or a recorded verdict the checks no longer support.")

ENTRY_COLUMNS = ("PROVED", "CERTIFIED", "NUMERIC", "STATISTICAL", "PARTIAL", "PROOF-GAP",
                 "ERRATUM critical", "ERRATUM major", "ERRATUM minor", "SKIPPED", "FAILED")
_SEV_ORDER = {"critical": 0, "major": 1, "minor": 2, "": 3}


def _entry_class(st: EntryStatus) -> str:
    v = st.final
    if v == "ERRATUM":
        return f"ERRATUM {st.entry.severity or 'unweighed'}"
    return v


def entry_table(statuses: dict[str, EntryStatus], markdown: bool = False) -> str:
    """Spec entries per source and verdict (ERRATUM split by severity)."""
    rows: dict[str, Counter] = defaultdict(Counter)
    for st in statuses.values():
        rows[st.entry.source_key][_entry_class(st)] += 1
    cols = list(ENTRY_COLUMNS)
    extra = sorted({c for r in rows.values() for c in r} - set(cols))
    cols += extra
    tot = Counter()
    for c in rows.values():
        tot.update(c)
    if markdown:
        lines = ["| source | " + " | ".join(cols) + " | total |", "|---" * (len(cols) + 2) + "|"]
        for src in sorted(rows):
            c = rows[src]
            lines.append(f"| [{src}]({src}.md) | " + " | ".join(str(c.get(k, 0)) for k in cols) + f" | {sum(c.values())} |")
        lines.append("| **all** | " + " | ".join(f"**{tot.get(k, 0)}**" for k in cols) + f" | **{sum(tot.values())}** |")
        return "\n".join(lines)
    short = {"ERRATUM critical": "ERR crit", "ERRATUM major": "ERR major", "ERRATUM minor": "ERR minor",
             "STATISTICAL": "STATIST.", "ERRATUM unweighed": "ERR unweig"}
    head = f"{'source':<10}" + "".join(f"{short.get(k, k)[:10]:>11}" for k in cols) + f"{'total':>7}"
    lines = [head, "-" * len(head)]
    for src in sorted(rows):
        c = rows[src]
        lines.append(f"{src:<10}" + "".join(f"{c.get(k, 0):>11}" for k in cols) + f"{sum(c.values()):>7}")
    lines.append("-" * len(head))
    lines.append(f"{'all':<10}" + "".join(f"{tot.get(k, 0):>11}" for k in cols) + f"{sum(tot.values()):>7}")
    return "\n".join(lines)


def verdict_diff(statuses: dict[str, EntryStatus]) -> list[tuple[str, str, str, str]]:
    """(id, recorded, computed, note) for every entry whose checks ran completely and give another verdict."""
    out = []
    for eid, st in sorted(statuses.items()):
        if not st.complete or st.computed is None or st.computed == st.entry.verdict:
            continue
        if st.computed == "SKIPPED" and st.entry.verdict == "SKIPPED":
            continue
        note = st.drift or ("the checks establish more than recorded (the spec judges coverage: see 'missing')"
                            if st.entry.verdict == "PARTIAL" else "recorded verdict is weaker than the checks give")
        if st.computed == "FAILED":
            note = "a check FAILED"
        out.append((eid, st.entry.verdict, st.computed, note))
    return out


def _reproduce(eid: str) -> str:
    return f"`dpsco-ref verify --profile full --id '{eid}'` · `dpsco-ref show {eid}`"


def _checks_lines(st: EntryStatus, plots_rel: Path | None) -> list[str]:
    lines = []
    for r in st.results:
        cov = f" — covered: {_md_escape(r.coverage)}" if r.coverage else ""
        lines.append(f"- `{r.id}` **{r.verdict}** ({r.seconds:.2f} s, margin {_fmt_margin(r.margin)}): "
                     f"{_md_escape(r.computed)[:500]}{cov}")
        if r.counterexample:
            lines.append(f"  - counterexample: {_md_escape(r.counterexample)[:1500]}")
        for a in r.artifacts:
            p = Path(a)
            rel = (plots_rel / p.name) if plots_rel else p
            lines.append(f"  ![{p.name}]({rel.as_posix()})")
    tests = [c for c in st.entry.checked_by if "::" in c]
    if tests:
        lines.append("- tests: " + ", ".join(f"`{t}`" for t in tests))
    if st.deferred:
        lines.append("- full-profile checks (not run in this profile; the recorded verdict rests on them too): "
                     + ", ".join(f"`{c}`" for c in st.deferred))
    if not st.results and not tests:
        lines.append("- (no check ran in this profile)")
    return lines


def source_report(src: str, sts: list[EntryStatus], meta: dict, profile: str, plots_rel: Path | None) -> str:
    """``reports/<source>.md``: errata by severity, PROOF-GAP and PARTIAL, holding entries with coverage."""
    title = meta.get("title", src)
    lines = [f"# `{src}` — {title}", "", f"Profile `{profile}`. [Index](index.md). " + LEGEND, ""]
    conv = meta.get("conventions") or {}
    if conv:
        lines += ["## Conventions", "", "| convention | reading |", "|---|---|"]
        lines += [f"| {k} | {_md_escape(v)} |" for k, v in conv.items()]
        lines.append("")
    by = defaultdict(list)
    for st in sorted(sts, key=lambda s: s.entry.id):
        by[st.final].append(st)
    failed = by.get("FAILED", [])
    if failed:
        lines += ["## FAILED", ""]
        for st in failed:
            lines += [f"### `{st.entry.id}` — {_md_escape(st.entry.title)}", "",
                      f"Recorded {st.entry.verdict}; {st.drift or 'a check failed'}", ""]
            for r in st.results:
                if r.verdict == "FAILED":
                    lines += ["```", (r.details or r.computed)[:3000], "```", ""]
    errata = sorted(by.get("ERRATUM", []), key=lambda s: (_SEV_ORDER.get(s.entry.severity, 3), s.entry.id))
    lines += [f"## Errata ({len(errata)})", ""]
    for st in errata:
        e = st.entry
        lines += [f"### `{e.id}` — {_md_escape(e.title)} · **{e.severity or 'unweighed'}**", "",
                  f"*Consequence:* {_md_escape(e.consequence) or '(not stated)'}", "",
                  f"*Source:* {', '.join(e.source)}", "", f"*Statement as printed:* {_md_escape(e.statement)}", "",
                  f"*What fails:* {_md_escape(e.erratum)}", ""]
        if e.reading:
            lines += [f"*Fails only under the reading:* {_md_escape(e.reading)}", ""]
        if e.corrected:
            lines += [f"*Corrected statement:* {_md_escape(e.corrected)}", ""]
        lines += [f"*Reproduce:* {_reproduce(e.id)}", ""] + _checks_lines(st, plots_rel) + [""]
    gaps = by.get("PROOF-GAP", [])
    lines += [f"## Proof gaps ({len(gaps)})", ""]
    for st in gaps:
        e = st.entry
        lines += [f"### `{e.id}` — {_md_escape(e.title)}", "", f"*Gap:* {_md_escape(e.gap)}", "",
                  f"*Reproduce:* {_reproduce(e.id)}", ""] + _checks_lines(st, plots_rel) + [""]
    parts = by.get("PARTIAL", [])
    lines += [f"## Partial ({len(parts)})", "", "| id | title | what is missing | checks |", "|---|---|---|---|"]
    for st in parts:
        e = st.entry
        chk = "<br>".join(f"`{r.id}` {r.verdict}" for r in st.results) or "(not run in this profile)"
        lines.append(f"| `{e.id}` | {_md_escape(e.title)} | {_md_escape(e.missing)} | {chk} |")
    lines.append("")
    hold = [st for v in ("PROVED", "CERTIFIED", "NUMERIC", "STATISTICAL") for st in by.get(v, [])]
    lines += [f"## Holding ({len(hold)})", "", "| id | title | verdict | domain | covered | checks |",
              "|---|---|---|---|---|---|"]
    for st in hold:
        e = st.entry
        dom = ", ".join(f"{k} ∈ {v}" for k, v in (e.domain or {}).items()) or ("(no parameters)" if e.domain == {} else "")
        chk = "<br>".join(f"`{r.id}` {r.verdict}" for r in st.results) or "(not run in this profile)"
        lines.append(f"| `{e.id}` | {_md_escape(e.title)} | {e.verdict} | {_md_escape(dom)} | {_md_escape(e.covered)} | {chk} |")
    lines.append("")
    skipped = by.get("SKIPPED", [])
    lines += [f"## Skipped ({len(skipped)})", "", "| id | title | reason |", "|---|---|---|"]
    lines += [f"| `{st.entry.id}` | {_md_escape(st.entry.title)} | {_md_escape(st.entry.skip_reason)} |" for st in skipped]
    return "\n".join(lines) + "\n"


def index_report(statuses: dict[str, EntryStatus], results: list[CheckResult], specs: dict[str, SpecEntry],
                 profile: str, wall: float) -> str:
    """``reports/index.md``: summary per source, then every erratum of every source by severity."""
    lines = ["# dpsco-ref verify — index", "",
             f"Profile `{profile}`: {len(results)} check results in {wall:.1f} s wall time. " + LEGEND, "",
             "## Spec entries per source and verdict", "", entry_table(statuses, markdown=True), "",
             "## Check results per source", "", "```", summary_table(results, specs), "```", ""]
    diff = verdict_diff(statuses)
    if diff:
        lines += ["## Verdicts that differ from the recorded ones", "", "| id | recorded | computed | note |",
                  "|---|---|---|---|"]
        lines += [f"| `{a}` | {b} | {c} | {_md_escape(d)} |" for a, b, c, d in diff]
        lines.append("")
    errata = [st for st in statuses.values() if st.final == "ERRATUM"]
    errata.sort(key=lambda s: (_SEV_ORDER.get(s.entry.severity, 3), s.entry.source_key, s.entry.id))
    lines += [f"## Errata of all sources by severity ({len(errata)})", "",
              "| severity | id | title | consequence |", "|---|---|---|---|"]
    for st in errata:
        e = st.entry
        lines.append(f"| {e.severity or 'unweighed'} | [`{e.id}`]({e.source_key}.md) | {_md_escape(e.title)} | "
                     f"{_md_escape(e.consequence)} |")
    return "\n".join(lines) + "\n"


def write_reports(results: list[CheckResult], statuses: dict[str, EntryStatus], specs: dict[str, SpecEntry],
                  meta_by_source: dict[str, dict], profile: str, wall: float, outdir: Path,
                  plots_rel: Path | None = None) -> list[Path]:
    """Write ``index.md`` and one ``<source>.md`` per source that had a check in this run; return the paths."""
    outdir.mkdir(parents=True, exist_ok=True)
    ran_sources = {statuses[s].entry.source_key for r in results for s in r.spec if s in statuses}
    by_source: dict[str, list[EntryStatus]] = defaultdict(list)
    for st in statuses.values():
        by_source[st.entry.source_key].append(st)
    shown = {eid: st for eid, st in statuses.items() if st.entry.source_key in ran_sources}
    paths = [outdir / "index.md"]
    paths[0].write_text(index_report(shown, results, specs, profile, wall), encoding="utf-8")
    for src in sorted(ran_sources):
        p = outdir / f"{src}.md"
        p.write_text(source_report(src, by_source[src], meta_by_source.get(src, {}), profile, plots_rel),
                     encoding="utf-8")
        paths.append(p)
    return paths


def write_json(results: list[CheckResult], path: Path, statuses: dict[str, EntryStatus] | None = None) -> None:
    """Check results, and (when given) the per-entry recorded / computed / final verdicts."""
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"checks": [r.to_dict() for r in results]}
    if statuses is not None:
        doc["entries"] = {eid: {"source": st.entry.source_key, "recorded": st.entry.verdict, "computed": st.computed,
                                "final": st.final, "drift": st.drift, "complete": st.complete, "deferred": list(st.deferred),
                                "severity": st.entry.severity, "consequence": st.entry.consequence,
                                "missing": st.entry.missing, "gap": st.entry.gap, "covered": st.entry.covered,
                                "domain": st.entry.domain}
                          for eid, st in sorted(statuses.items()) if st.results}
    path.write_text(json.dumps(doc, indent=1, default=str), encoding="utf-8")
