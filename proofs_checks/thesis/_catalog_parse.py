"""Helpers shared by the thesis spec generators that parse a catalog (``ch06/_specgen.py``, ``ch09/_specgen.py``):
text cleaning and seed-line ranges of the blocks the catalog cites.  Not auto-imported (name starts with ``_``)."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

SEED = "003_7b89ea95d4dd3293.txt"
SEED_PATH = Path(__file__).resolve().parents[2].parent / "shared" / "seeds" / SEED


@lru_cache(maxsize=1)
def seed_lines() -> tuple[str, ...]:
    return tuple(SEED_PATH.read_text(encoding="utf-8").splitlines()) if SEED_PATH.exists() else ()


def clean(s: str) -> str:
    """One line of TOML-safe text: no bold markers, backslashes or double quotes, whitespace folded."""
    s = s.replace("**", "").replace("\\", "/").replace('"', "'")
    return re.sub(r"\s+", " ", s).strip()


def extend(a: int, max_lines: int) -> int:
    """End line of the seed block starting at line a (until the next bold heading, at most ``max_lines`` lines)."""
    lines = seed_lines()
    if not lines:
        return a
    b = a
    for k in range(a + 1, min(a + max_lines, len(lines)) + 1):
        line = lines[k - 1]
        if line.startswith("**") or line.startswith("#"):
            break
        b = k
    while b > a and not lines[b - 1].strip():
        b -= 1
    return b


def sources(text: str, chapter_lines: tuple[int, int], max_lines: int, maxn: int = 3) -> list[str]:
    """Seed ranges for the ``L1234`` / ``L1234-L1240`` references in ``text`` (at most ``maxn``); the whole chapter
    ``chapter_lines`` when there are none."""
    out = []
    for m in re.finditer(r"L(\d{4,5})(?:\s*[–-]\s*L?(\d{4,5}))?", text):
        a = int(m[1])
        b = int(m[2]) if m[2] else extend(a, max_lines)
        if b < a:
            b = a
        s = f"{SEED}:{a}-{b}"
        if s not in out:
            out.append(s)
        if len(out) >= maxn:
            break
    if not out:
        lo, hi = chapter_lines
        out = [f"{SEED}:{lo}-{hi}"]
    return out
