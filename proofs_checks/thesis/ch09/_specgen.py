"""Generate specs/003_ch09.toml ... specs/003_ch13.toml from the catalog + the results table.

Run:  python -m proofs_checks.thesis.ch09._specgen
Every catalog item (algorithms A27-A44 and P*, statements S9.*-S13.*, privacy claims PC*, headline results H*,
audit notes AU*) becomes one spec entry.  Items not yet checked are SKIPPED with "not yet checked: <plan>".
The verdicts of checked items come from RESULTS in ``_results.py`` (written by hand from what the checks compute;
``verify`` cross-checks them against the registered checks).
"""
from __future__ import annotations

import re
from pathlib import Path

from proofs_checks.thesis._catalog_parse import clean, extend, sources

from proofs_checks.thesis.ch09._results import IMPL, RESULTS

ROOT = Path(__file__).resolve().parents[3]
CATALOG = ROOT.parent / "shared" / "catalog" / "003_ch09_ch13.md"
SEED = "003_7b89ea95d4dd3293.txt"
CHAPTERS = {9: (6796, 7431, "User-level DP-SCO with optimal rates"),
            10: (7432, 8143, "Faster user-level DP-SCO"),
            11: (8144, 8602, "Dimension independence via restricted Lipschitz continuity"),
            12: (8603, 9832, "Heavy-tailed private SCO via simple reductions"),
            13: (9833, 10427, "Private online learning via lazy algorithms")}
ALG_CHAPTER = {**{a: 9 for a in (27, 28, 29, 30)}, **{a: 10 for a in (31, 32, 33, 34)}, 35: 11,
               **{a: 12 for a in range(36, 44)}, 44: 13}
PC_CHAPTER = {1: 9, 2: 9, 3: 9, 4: 9, 5: 10, 6: 10, 7: 10, 8: 11, 9: 12, 10: 12, 11: 12, 12: 12, 13: 12, 14: 12, 15: 13}
H_TO_S = {"H9.1": "S9.11", "H9.2": "S9.19", "H9.3": None, "H10.1": "S10.1", "H10.2": "S10.4", "H10.3": "S10.7",
          "H10.4": "S10.6", "H11.1": "S11.2", "H11.2": "S11.4", "H12.1": "S12.12", "H12.2": "S12.18",
          "H12.3": "S12.25", "H12.4": "S12.30", "H12.5": "S12.32", "H12.6": "S12.13", "H13.1": "S13.14",
          "H13.2": "S13.16", "H13.3": "S13.17", "H13.4": None}
H_LINES = {"H9.3": (6799, 6855), "H13.4": (9833, 9883)}
CLASS = {"S": "symbolic", "N": "numeric", "MC": "statistical", "A": "instance"}
KIND_WORDS = [("Lemma", "lemma", "lemma"), ("Theorem", "theorem", "thm"), ("Proposition", "proposition", "prop"),
              ("Corollary", "corollary", "cor"), ("Fact", "fact", "fact"), ("Remark", "remark", "remark"),
              ("Definition", "definition", "def")]

def _clean(s: str) -> str:
    return clean(s)


def _extend(a: int) -> int:
    """End line of the block starting at seed line a (at most 40 lines; see _catalog_parse.extend)."""
    return extend(a, 40)


def _sources(text: str, chapter: int, maxn: int = 3) -> list[str]:
    return sources(text, CHAPTERS[chapter][:2], 40, maxn)


def _plan(text: str) -> str:
    m = re.search(r"Check[^:]*:(.*)", text)
    plan = m[1] if m else text
    plan = _clean(plan)
    return plan[:400]


def parse_catalog(path: Path = CATALOG) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    items: list[dict] = []
    section = None
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("## "):
            section = ln[3:5].strip(" .")
        if section == "2" and ln.startswith("### "):
            head = ln[4:]
            body = []
            j = i + 1
            while j < len(lines) and not lines[j].startswith("#"):
                body.append(lines[j])
                j += 1
            m = re.match(r"(A\d+|P\d+\.\d+(?:–P\d+\.\d+)?) — (.*)", head)
            labels = [m[1]]
            if "–" in m[1]:
                a, b = m[1].split("–")
                ch, k0 = a[1:].split(".")
                k1 = b.split(".")[1]
                labels = [f"P{ch}.{k}" for k in range(int(k0), int(k1) + 1)]
            for lab in labels:
                ch = ALG_CHAPTER[int(lab[1:])] if lab.startswith("A") else int(lab[1:].split(".")[0])
                text = " ".join(body)
                if len(labels) > 1:   # P10.4-P10.6: pick this label's bullet
                    bl = [b for b in body if b.strip().startswith(f"* {lab}")]
                    text = " ".join(bl) if bl else text
                src = _sources(head, ch) if re.search(r"L\d{4}", head) else _sources(text, ch)
                title = _clean(m[2].split(" — ")[0])
                items.append(dict(label=lab, table="algorithm", chapter=ch, title=f"{lab}: {title}",
                                  statement=_clean(text)[:1800], kind="algorithm", cls="instance", source=src,
                                  plan="implementation + oracle-mode/privacy tests"))
            i = j
            continue
        if section == "3":
            m = re.match(r"\*\*(S(\d+)\.\d+) (.*?)\*\* \[(\w+)\]", ln)
            if m:
                body = [ln]
                j = i + 1
                while j < len(lines) and lines[j].strip():
                    body.append(lines[j])
                    j += 1
                lab, ch, title, cls = m[1], int(m[2]), m[3], m[4]
                titl = title.split(" — ")[0]
                kind, name = "claim", None
                for w, k, ab in KIND_WORDS:
                    mm = re.match(rf"{w} (\d+(?:\.\d+)+)", titl)
                    if mm:
                        kind, name = k, ab + mm[1].replace(".", "_")
                        break
                if name is None and re.match(r"(Eq\. )?\(\d+\.\d+", titl):
                    kind = "equation"
                text = " ".join(body[1:]) or title
                stmt = re.split(r"\s(?:Check|Finite checks)\b", text)[0] or text
                items.append(dict(label=lab, table="statement", chapter=ch, title=f"{lab} {_clean(titl)}",
                                  statement=_clean(stmt)[:1800], kind=kind, cls=CLASS[cls],
                                  source=_sources(title, ch), plan=_plan(text), name=name))
                i = j
                continue
        if section == "4":
            m = re.match(r"\*\*(PC(\d+)) (.*?)\*\*(.*)", ln)
            if m:
                body = [m[4]]
                j = i + 1
                while j < len(lines) and lines[j].strip() and not lines[j].startswith("**PC"):
                    body.append(lines[j])
                    j += 1
                ch = PC_CHAPTER[int(m[2])]
                text = " ".join(body)
                items.append(dict(label=m[1], table="statement", chapter=ch, title=f"{m[1]} privacy: {_clean(m[3])}",
                                  statement=_clean(text)[:1800], kind="privacy", cls="statistical",
                                  source=_sources(m[3] + " " + text, ch), plan=_plan(text.replace("*Test*", "Check"))))
                i = j
                continue
        if section == "5":
            m = re.match(r"\| (H(\d+)\.\d+) \| (.*?) \| (.*?) \| (.*?) \| (.*?) \|", ln)
            if m:
                items.append(dict(label=m[1], table="statement", chapter=int(m[2]),
                                  title=f"{m[1]} headline: {_clean(m[3])}",
                                  statement=_clean(f"{m[3]}: {m[4]} [regime: {m[5]}]"), kind="experiment",
                                  cls="instance", source=None, plan=_clean(m[6]) or "no experiment planned"))
        if section == "6":
            m = re.match(r"\* (?:\*\*)?(AU(\d+)\.\d+) (.*)", ln)
            if m:
                body = [m[3]]
                j = i + 1
                while j < len(lines) and lines[j].startswith("  "):
                    body.append(lines[j])
                    j += 1
                text = " ".join(body)
                head = text.split(".", 1)[0] if ")" not in text[:200] else text[:text.find(")") + 1]
                items.append(dict(label=m[1], table="statement", chapter=int(m[2]),
                                  title=f"{m[1]} audit: {_clean(head)[:150]}", statement=_clean(text)[:1800],
                                  kind="audit", cls="numeric", source=_sources(text, int(m[2])),
                                  plan="reproduce the audit note (counterexample / numbers) with an explicit computation"))
                i = j
                continue
        i += 1
    by = {it["label"]: it for it in items}
    for it in items:
        if it["kind"] == "experiment":
            s = H_TO_S.get(it["label"])
            if s and s in by:
                it["source"] = by[s]["source"]
            else:
                a, b = H_LINES[it["label"]]
                it["source"] = [f"{SEED}:{a}-{b}"]
    return items


def entry_id(it: dict, used: set) -> str:
    ch = f"003_ch{it['chapter']:02d}"
    lab = it["label"]
    if it["table"] == "algorithm":
        base = f"{ch}.alg{lab[1:]}" if lab.startswith("A") else f"{ch}.alg{lab.replace('.', '_')}"
    elif lab.startswith("PC"):
        base = f"{ch}.priv.{lab}"
    elif lab.startswith("AU"):
        base = f"{ch}.audit.{lab.replace('.', '_')}"
    elif lab.startswith("H"):
        base = f"{ch}.exp.{lab.replace('.', '_')}"
    else:
        base = f"{ch}.{it.get('name') or lab.replace('.', '_')}"
    if base in used:
        base = f"{base}_{lab.replace('.', '_')}"
    used.add(base)
    return base


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_list(xs) -> str:
    return "[" + ", ".join(_toml_str(x) for x in xs) + "]"


def build() -> dict[int, list[dict]]:
    items = parse_catalog()
    used: set = set()
    out: dict[int, list[dict]] = {c: [] for c in CHAPTERS}
    for it in items:
        eid = entry_id(it, used)
        res = RESULTS.get(it["label"], {})
        e = dict(id=eid, source=res.get("source", it["source"]), title=it["title"],
                 statement=res.get("statement", it["statement"]), kind=it["kind"],
                 check_class=res.get("check_class", it["cls"]),
                 implemented_by=res.get("implemented_by", IMPL.get(it["label"], [])),
                 checked_by=res.get("checked_by", []), verdict=res.get("verdict", "SKIPPED"),
                 catalog=it["label"], table=it["table"])
        if e["verdict"] == "SKIPPED":
            e["skip_reason"] = res.get("skip_reason", f"not yet checked: {it['plan']}")
        for k in ("erratum", "corrected", "notes"):
            if k in res:
                e[k] = res[k]
        out[it["chapter"]].append(e)
    return out


def render(ch: int, entries: list[dict]) -> str:
    lo, hi, title = CHAPTERS[ch]
    lines = ["# Generated by proofs_checks/thesis/ch09/_specgen.py from the catalog + _results.py; edit those.",
             "[meta]", f'title   = "D. Liu PhD thesis, Ch. {ch}: {title} (seed lines {lo}-{hi})"',
             f'seed    = "{SEED}"', 'catalog = "003_ch09_ch13.md"', ""]
    for table in ("algorithm", "statement"):
        for e in entries:
            if e["table"] != table:
                continue
            lines.append(f"[[{table}]]")
            for k in ("id", "source", "title", "statement", "kind", "check_class", "implemented_by", "checked_by",
                      "verdict", "erratum", "corrected", "skip_reason", "notes", "catalog"):
                if k not in e:
                    continue
                v = e[k]
                val = _toml_list(v) if isinstance(v, list) else _toml_str(str(v))
                lines.append(f"{k:<15}= {val}")
            lines.append("")
    return "\n".join(lines)


def main() -> None:
    for ch, entries in build().items():
        p = ROOT / "specs" / f"003_ch{ch:02d}.toml"
        p.write_text(render(ch, entries), encoding="utf-8")
        print(p.name, len(entries))


if __name__ == "__main__":
    main()
