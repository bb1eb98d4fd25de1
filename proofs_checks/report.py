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


def drift_reason(recorded: str, computed: str | None) -> str:
    """Why a computed aggregate contradicts the recorded verdict ('' when consistent).

    The recorded verdict may be weaker than the aggregate (the spec judges coverage), never stronger.
    """
    if computed is None or computed in ("FAILED", "SKIPPED") or recorded == "SKIPPED":
        return ""
    if computed == recorded:
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

    @property
    def final(self) -> str:
        if self.drift:
            return "FAILED"
        if self.computed == "FAILED":
            return "FAILED"
        return self.entry.verdict


def entry_statuses(specs: dict[str, SpecEntry], results: list[CheckResult],
                   expected_checks: dict[str, set[str]] | None = None) -> dict[str, EntryStatus]:
    """Status per entry.  ``expected_checks`` maps an entry id to the check ids eligible in this run's profile;
    an entry whose eligible checks did not all run (a subset run) is not compared with its recorded verdict."""
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
        if st.complete:
            st.drift = drift_reason(e.verdict, st.computed)
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


def markdown_report(results: list[CheckResult], specs: dict[str, SpecEntry], profile: str, wall: float,
                    plots_rel: Path | None = None) -> str:
    statuses = entry_statuses(specs, results)
    lines = [f"# dpsco-ref verify — profile `{profile}`", "",
             f"{len(results)} check results in {wall:.1f} s wall time. Verdicts: "
             "PROVED (sympy proof) · CERTIFIED (ball/interval arithmetic) · NUMERIC (high precision on a grid) · "
             "STATISTICAL (declared false-failure probability) · ERRATUM (printed statement fails) · FAILED (bug) · "
             "SKIPPED.", "", "## Summary (check results per source)", "", "```", summary_table(results, specs), "```", ""]
    by_source: dict[str, list[EntryStatus]] = defaultdict(list)
    for st in statuses.values():
        by_source[st.entry.source_key].append(st)
    ran = {s for r in results for s in r.spec}
    for src in sorted(by_source):
        sts = sorted(by_source[src], key=lambda s: s.entry.id)
        if not any(s.entry.id in ran for s in sts):
            continue
        lines += [f"## Source `{src}`", "", "| id | title | source lines | verdict | checks (verdict, margin, seconds) |",
                  "|---|---|---|---|---|"]
        for st in sts:
            e = st.entry
            chk = "<br>".join(f"`{r.id}` {r.verdict}, margin {_fmt_margin(r.margin)}, {r.seconds:.2f}s" for r in st.results)
            if not st.results:
                chk = "(not run in this profile)" if e.checked_by else ""
                tests = [c for c in e.checked_by if "::" in c]
                if tests:
                    chk += " tests: " + ", ".join(f"`{t}`" for t in tests)
            verdict = st.final + (" (drift!)" if st.drift else "")
            lines.append(f"| `{e.id}` | {_md_escape(e.title)} | {_md_escape(', '.join(e.source))} | {verdict} | {chk} |")
        lines.append("")
    # errata
    errata = [st for st in statuses.values() if (st.computed or st.entry.verdict) == "ERRATUM" and st.entry.id in ran]
    lines += ["## Errata", ""]
    if not errata:
        lines.append("None among the entries checked in this run.")
    for st in sorted(errata, key=lambda s: s.entry.id):
        e = st.entry
        lines += [f"### `{e.id}` — {e.title}", "", f"*Source:* {', '.join(e.source)}", "",
                  f"*Statement as printed:* {e.statement}", "", f"*What fails:* {e.erratum}", ""]
        for r in st.results:
            if r.verdict == "ERRATUM":
                lines.append(f"*Counterexample (`{r.id}`):* {r.counterexample}")
                lines.append("")
        if e.corrected:
            lines += [f"*Corrected statement:* {e.corrected}", ""]
            for r in st.results:
                if r.verdict != "ERRATUM":
                    lines.append(f"- `{r.id}`: {r.verdict} — {_md_escape(r.computed)}")
            lines.append("")
    # failures
    failed = [r for r in results if r.verdict == "FAILED"]
    lines += ["## Failures", ""]
    if not failed:
        lines.append("None.")
    for r in failed:
        lines += [f"### `{r.id}`", "", "```", (r.details or r.computed)[:4000], "```", ""]
    # details
    lines += ["## Check details", ""]
    for r in results:
        lines.append(f"- `{r.id}` **{r.verdict}** — claimed: {_md_escape(r.claimed)}; computed: {_md_escape(r.computed)}; "
                     f"margin {_fmt_margin(r.margin)}; precision: {_md_escape(r.precision)}; {_md_escape(r.details)[:600]}")
        for a in r.artifacts:
            p = Path(a)
            rel = (plots_rel / p.name) if plots_rel else p
            lines.append(f"  ![{p.name}]({rel.as_posix()})")
    return "\n".join(lines) + "\n"


def write_json(results: list[CheckResult], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([r.to_dict() for r in results], indent=1, default=str), encoding="utf-8")
