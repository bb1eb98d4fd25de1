"""Generate specs/003_ch06.toml, 003_ch07.toml, 003_ch08.toml from the catalog + the results table.

Run:  python -m proofs_checks.thesis.ch06._specgen
Every catalog item of Ch. 6-8 (algorithms A6.1-A8.6, statements S6-01..S8-26, privacy claims P6-1..P8-4,
headline results of section 5, audit notes AU1-AU61) becomes one spec entry.  Items not yet checked are SKIPPED
with "not yet checked: <plan>".  Verdicts of checked items come from RESULTS in ``_results.py`` (written by hand
from what the checks compute; ``verify`` cross-checks them against the registered checks).
"""
from __future__ import annotations

import re
from pathlib import Path

from proofs_checks.thesis._catalog_parse import clean, extend, sources

from proofs_checks.thesis.ch06._results import RESULTS

COMPUTED: dict[str, dict] = {}

ROOT = Path(__file__).resolve().parents[3]
CATALOG = ROOT.parent / "shared" / "catalog" / "003_ch06_ch08.md"
SEED = "003_7b89ea95d4dd3293.txt"
CHAPTERS = {6: (5043, 5651, "Private non-convex optimization: second-order stationary points and excess risk"),
            7: (5652, 6089, "Adaptive batch size for private second-order stationary points"),
            8: (6090, 6795, "Private nonsmooth nonconvex optimization (Goldstein stationarity)")}
CLASS = {"S": "symbolic", "N": "numeric", "MC": "statistical", "A": "instance"}
KIND_WORDS = [("Lemma", "lemma", "lemma"), ("Thm", "theorem", "thm"), ("Prop", "proposition", "prop"),
              ("Fact", "fact", "fact"), ("Claim", "claim", "claim")]
# privacy rows / experiments without line refs of their own: fall back to these
PRIV_SRC = {"P6-3": [(5256, 5271), (5275, 5281)], "P6-4": [(5285, 5295)], "P8-4": [(6746, 6754)],
            "P7-1": [(5751, 5757), (5767, 5793)], "P7-2": [(5923, 5939)], "P8-1": [(6296, 6310)],
            "P8-2": [(6394, 6398)], "P8-3": [(6611, 6625)], "P6-5": [(5333, 5335), (5359, 5365)],
            "P6-6": [(5367, 5371)], "P6-7": [(5377, 5381), (5640, 5650)]}
EXP_SRC = {"Table 8.1": [(6117, 6160)], "Remark 8.4.2": [(6402, 6416)]}

def _clean(s: str) -> str:
    return clean(s)


def _extend(a: int) -> int:
    """End line of the block starting at seed line a (at most 25 lines; see _catalog_parse.extend)."""
    return extend(a, 25)


def _sources(text: str, chapter: int, maxn: int = 3) -> list[str]:
    return sources(text, CHAPTERS[chapter][:2], 25, maxn)


def _chapter_of(label: str) -> int:
    m = re.match(r"[ASP](\d)", label)
    if m:
        return int(m[1])
    k = int(label[2:])
    return 6 if k <= 28 else (7 if k <= 40 else 8)


def parse_catalog(path: Path = CATALOG) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    items: list[dict] = []
    section = None
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("## "):
            section = ln[3:5].strip(" .")
        if section == "2" and ln.startswith("### A"):
            head = ln[4:]
            j = i + 1
            body = []
            while j < len(lines) and not lines[j].startswith("###") and not lines[j].startswith("---"):
                body.append(lines[j])
                j += 1
            lab, title = head.split(": ", 1)
            ch = _chapter_of(lab)
            m = re.search(r"Algorithm (\d+)", head)
            name = f"alg{m[1]}" if m else "proc_" + lab.replace(".", "_")
            items.append(dict(label=lab, table="algorithm", chapter=ch, name=name,
                              title=f"{lab}: {_clean(title)}", statement=_clean(" ".join(body))[:2400],
                              kind="algorithm", cls="instance", source=_sources(head, ch),
                              plan="implementation with counting oracles + oracle-mode and privacy tests"))
            i = j
            continue
        if section == "3":
            m = re.match(r"\*\*(S(\d)-\d+)\. (.*?)\*\* — \((\w+)", ln)
            if m:
                body = [ln]
                j = i + 1
                while j < len(lines) and lines[j].strip() and not lines[j].startswith("**S"):
                    body.append(lines[j])
                    j += 1
                lab, ch, title, cls = m[1], int(m[2]), m[3], m[4]
                kind, name = "claim", "claim_" + lab.replace("-", "_")
                for w, k, ab in KIND_WORDS:
                    mm = re.match(rf"{w} (\d+(?:\.\d+)+)", title)
                    if mm:
                        kind, name = k, ab + mm[1].replace(".", "_")
                        break
                if title.startswith("Eq"):
                    kind = "equation"
                text = " ".join(x.strip() for x in body[1:])
                stmt = text.split("- Check")[0] if "- Check" in text else text
                if not stmt.strip():
                    stmt = f"{title} (statement given by reference in the catalog): {text}"
                plan = text.split("Check", 1)[1] if "Check" in text else text
                items.append(dict(label=lab, table="statement", chapter=ch, name=name,
                                  title=f"{lab} {_clean(title)}", statement=_clean(stmt)[:2400], kind=kind,
                                  cls=CLASS[cls], source=_sources(title, ch), plan=_clean(plan)[:400]))
                i = j
                continue
        if section == "4":
            m = re.match(r"\| (P(\d)-\d+) \| (.*?) \| (.*?) \| (.*?) \| (.*?) \| (.*?) \|", ln)
            if m:
                lab, ch = m[1], int(m[2])
                src = _sources(m[3], ch) if re.search(r"L\d{4}", m[3]) else []
                if lab in PRIV_SRC:
                    src = [f"{SEED}:{a}-{b}" for a, b in PRIV_SRC[lab]]
                items.append(dict(label=lab, table="statement", chapter=ch, name="priv." + lab.replace("-", "_"),
                                  title=f"{lab} privacy: {_clean(m[3])}"[:200],
                                  statement=_clean(f"Mechanism: {m[3]}. Sensitivity (replace-one): {m[4]}. "
                                                   f"Accounting in text: {m[5]}. Final claim: {m[6]}."),
                                  kind="privacy", cls="numeric", source=src, plan=_clean(m[7])[:400]))
        if section == "5":
            m = re.match(r"\| ((?:Thm|App|Table|Remark).*?) \| (.*?) \| (.*?) \| (.*?) \| (.*?) \|", ln)
            if m:
                loc = m[1]
                mm = re.search(r"(\d)\.\d", loc)
                ch = int(mm[1])
                src = _sources(loc, ch) if re.search(r"L\d{4}", loc) else None
                for key, rng in EXP_SRC.items():
                    if loc.startswith(key):
                        src = [f"{SEED}:{a}-{b}" for a, b in rng]
                k = 1 + sum(1 for it in items if it["kind"] == "experiment" and it["chapter"] == ch)
                items.append(dict(label=f"H{ch}.{k}", table="statement", chapter=ch, name=f"exp.E{k}",
                                  title=f"Headline {ch}.{k}: {_clean(loc)}"[:200],
                                  statement=_clean(f"{loc}: {m[2]} [regime: {m[3]}; cost: {m[4]}]"),
                                  kind="experiment", cls="instance", source=src,
                                  plan=("experiment (full profile): " + _clean(m[5])) if m[5].strip() != "—"
                                  else "experiment (full profile): rate/complexity comparison"))
        if section == "6":
            m = re.match(r"- \*\*(AU\d+) \[(.*?)\]\*\* (.*)", ln)
            if m:
                body = [m[3]]
                j = i + 1
                while j < len(lines) and lines[j].startswith("  "):
                    body.append(lines[j].strip())
                    j += 1
                lab = m[1]
                ch = _chapter_of(lab)
                text = " ".join(body)
                head = re.sub(r"^\(.*?\)\.?\s*", "", m[3])
                items.append(dict(label=lab, table="statement", chapter=ch, name="audit." + lab,
                                  title=f"{lab} [{m[2]}] audit: {_clean(head)[:140]}", statement=_clean(text)[:2400],
                                  kind="audit", cls="numeric", source=_sources(m[3], ch),
                                  plan="reproduce the audit note with an explicit computation"))
                i = j
                continue
        i += 1
    return items


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _qlist(xs) -> str:
    return "[" + ", ".join(_q(x) for x in xs) + "]"


def render(chapter: int, items: list[dict]) -> str:
    lo, hi, title = CHAPTERS[chapter]
    out = [f"# Generated by proofs_checks/thesis/ch06/_specgen.py from the catalog + _results.py; edit those.",
           "[meta]", f'title   = "D. Liu PhD thesis, Ch. {chapter}: {title} (seed lines {lo}-{hi})"',
           f'seed    = "{SEED}"', 'catalog = "003_ch06_ch08.md"', ""]
    used = set()
    for it in items:
        if it["chapter"] != chapter:
            continue
        eid = f"003_ch{chapter:02d}.{it['name']}"
        if eid in used:
            eid = f"{eid}_{it['label'].replace('-', '_').replace('.', '_')}"
        used.add(eid)
        r = dict(RESULTS.get(it["label"], {}))
        c = COMPUTED.get(eid, {})
        tests = r.pop("tests", [])
        if c:
            for key in ("erratum", "corrected", "notes"):
                if c.get(key) and not r.get(key):
                    r[key] = c[key]
            r["checked_by"] = c["checked_by"] + tests
            if c["verdict"] is not None:
                r["verdict"] = c["verdict"]
        elif tests:
            r["checked_by"] = tests
        verdict = r.get("verdict", "SKIPPED")
        out.append(f"[[{it['table']}]]")
        out.append(f"id             = {_q(eid)}")
        src = it["source"] or [f"{SEED}:{lo}-{hi}"]
        out.append(f"source         = {_qlist(src)}")
        out.append(f"title          = {_q(it['title'])}")
        out.append(f"statement      = {_q(r.get('statement', it['statement']))}")
        out.append(f"kind           = {_q(it['kind'])}")
        out.append(f"check_class    = {_q(r.get('check_class', it['cls']))}")
        impl = r.get('implemented_by', [])   # empty only for a SKIPPED algorithm that is not implemented
        out.append(f"implemented_by = {_qlist(impl)}")
        out.append(f"checked_by     = {_qlist(r.get('checked_by', []))}")
        out.append(f"verdict        = {_q(verdict)}")
        if verdict == "SKIPPED":
            out.append(f"skip_reason    = {_q(r.get('skip_reason', 'not yet checked: ' + it['plan']))}")
        for key in ("erratum", "corrected", "notes"):
            if r.get(key):
                out.append(f"{key:<14} = {_q(r[key])}")
        out.append(f"catalog        = {_q(it['label'])}")
        out.append("")
    return "\n".join(out)


ORDER = ["PROVED", "CERTIFIED", "NUMERIC", "STATISTICAL"]


def run_results() -> dict[str, dict]:
    """Run the registered quick checks of Ch. 6-8 and aggregate per spec entry (verify's rule)."""
    from proofs_checks.framework import discover, run_one

    reg = discover()
    per: dict[str, list] = {}
    for cid, rc in sorted(reg.items()):
        if not any(s.startswith(("003_ch06.", "003_ch07.", "003_ch08.")) for s in rc.spec):
            continue
        r = run_one(cid, rc.profile)
        for s in rc.spec:
            per.setdefault(s, []).append((cid, r))
    out = {}
    for eid, rs in per.items():
        vs = [r.verdict for _, r in rs if r is not None]
        if "FAILED" in vs:
            raise SystemExit(f"{eid}: a check FAILED: {[(c, r.details[:300]) for c, r in rs if r and r.verdict == 'FAILED']}")
        if "ERRATUM" in vs:
            v = "ERRATUM"
        elif vs:
            v = max((x for x in vs if x in ORDER), key=ORDER.index)
        else:
            v = None
        err = " | ".join(r.counterexample for _, r in rs if r is not None and r.verdict == "ERRATUM")
        corr = " | ".join(r.claimed for _, r in rs if r is not None and r.verdict in ORDER) if v == "ERRATUM" else ""
        notes = " | ".join(f"{c}: {r.verdict}: {r.computed}" for c, r in rs if r is not None)[:3000]
        out[eid] = dict(verdict=v, checked_by=[c for c, _ in rs], erratum=err, corrected=corr, notes=notes)
    return out


def main() -> None:
    global COMPUTED
    COMPUTED = run_results()
    items = parse_catalog()
    for ch in (6, 7, 8):
        (ROOT / "specs" / f"003_ch{ch:02d}.toml").write_text(render(ch, items), encoding="utf-8")
    by = {}
    for it in items:
        by.setdefault((it["chapter"], it["kind"]), 0)
        by[(it["chapter"], it["kind"])] += 1
    print(sorted(by.items()))
    unknown = set(RESULTS) - {it["label"] for it in items}
    if unknown:
        raise SystemExit(f"RESULTS has labels not in the catalog: {sorted(unknown)}")


if __name__ == "__main__":
    main()
