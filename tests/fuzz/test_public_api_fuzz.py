"""Fuzz test of the public API (issue 21): every public function refuses bad input clearly.

One campaign per session (module fixture): for every function in ``__all__`` of every public module under
``reference/``, the one valid call of ``valid_calls.CALLS`` is run, then bad values (NaN, +-inf, -1, 0, 1e308, True,
a string, None, an empty and a wrong-shape array) are substituted for one parameter at a time under a time-out, and
each outcome is classified (see ``fuzz_harness``).  Sampling is deterministic (``FUZZ_FULL=1`` runs every
substitution).  The table is printed (``pytest -s tests/fuzz``) and written to ``reports/fuzz_public_api.md``
only when ``FUZZ_REPORT=1``.  ``FUZZ_ONLY=reference.resque,reference.core.tree`` restricts the campaign to
callables under those prefixes (for work on one package; the share target and stale-KNOWN report then cover only
that part, and the completeness tests still cover everything).

Fails on: a public function without an entry, a valid call that does not run, any hang, crash-type exception or
silent result that is not in ``valid_calls.KNOWN`` (the open findings, each with its reason), and — the issue's
target — a share of clear errors below 95 %.
"""
from __future__ import annotations

import inspect
import os
from collections import Counter

import pytest

from tests.fuzz import fuzz_harness as fh
from tests.fuzz import valid_calls as vc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET_CLEAR = 0.95


def _per_function(qual, n_params):
    return vc.SLOW.get(qual, vc.PER_FUNCTION)


@pytest.fixture(scope="module")
def campaign():
    api = fh.public_api()
    only = tuple(p for p in os.environ.get("FUZZ_ONLY", "").split(",") if p)
    if only:
        api = {q: o for q, o in api.items() if q.startswith(only)}
    calls = {q: vc.CALLS[q] for q in api if q in vc.CALLS}
    base = fh.run_tasks([(q, None, None) for q in calls], timeout=vc.TIMEOUT, root=ROOT)
    runnable = [q for q in calls if base[(q, None, None)][0][0] == "return"]
    tasks = fh.plan(runnable, calls, _per_function)
    res = fh.run_tasks(tasks, timeout=vc.TIMEOUT, root=ROOT)
    rows = []
    for (q, p, k), (outcome, dt) in res.items():
        obj = fh.resolve(q)
        acc = set(vc.ACCEPT.get(q, {}).get(p, ())) | fh.documented_specials(obj).get(p, set())
        try:
            default = inspect.signature(obj).parameters[p].default
        except (KeyError, ValueError, TypeError):
            default = inspect.Parameter.empty
        if default is None:
            acc.add("None")
        if isinstance(default, bool):   # a switch: True is one of its two values
            acc.add("True")
        cls = "hang" if outcome[0] == "hang" else fh.classify(q, p, k, outcome, acc)
        rows.append((q, p, k, cls, outcome))
    table = fh.table([(fh.scope_of(q), c) for q, _, _, c, _ in rows])
    print("\nfuzz of the public API:", len(api), "callables,", len(runnable), "run,", len(rows), "substitutions")
    print(table)
    if os.environ.get("FUZZ_REPORT") == "1":
        with open(os.path.join(ROOT, "reports", "fuzz_public_api.md"), "w") as fhd:
            fhd.write("# Fuzz of the public API (issue 21)\n\n" + table + "\n\n## Findings\n\n")
            for q, p, k, c, o in sorted(rows):
                if c in ("hang", "crash", "silent", "vague"):
                    fhd.write(f"* {c}: `{q}` {p}={k}: {o[1] if o[0] == 'raise' else o}"
                              f"{(': ' + o[3][:120]) if o[0] == 'raise' else ''}\n")
    return {"api": api, "base": base, "rows": rows}


def test_every_public_module_declares_all():
    assert fh.modules_without_all() == []


def test_every_public_function_has_a_valid_call():
    api = fh.public_api()
    missing = sorted(set(api) - set(vc.CALLS) - set(vc.SKIP))
    assert not missing, f"public functions without an entry in tests/fuzz/valid_calls.py: {missing}"
    stale = sorted((set(vc.CALLS) | set(vc.SKIP)) - set(api))
    assert not stale, f"entries for names that are no longer public: {stale}"


def test_valid_calls_run(campaign):
    broken = {q: o for (q, _, _), (o, _) in campaign["base"].items() if o[0] != "return"}
    assert not broken, f"valid calls that do not run: {broken}"


@pytest.mark.parametrize("cls", ["hang", "crash", "silent"])
def test_no_new_hang_crash_or_silent(campaign, cls):
    found = sorted(f"{q} {p}={k}" for q, p, k, c, _ in campaign["rows"] if c == cls)
    known = {k: v for k, v in vc.KNOWN.get(cls, {}).items() if k.split()[0] in campaign["api"]}
    new = [f for f in found if f not in known]
    stale = sorted(set(known) - set(found))
    if stale:   # fixed (or no longer sampled): remove them from KNOWN so the list only shrinks
        print(f"\n{len(stale)} KNOWN {cls} entries no longer found (remove them): {stale[:20]}")
    assert not new, f"{len(new)} new {cls} outcome(s) (fix them; KNOWN is not for new findings): {new[:40]}"


def test_clear_error_share(campaign):
    rows = campaign["rows"]
    cnt = Counter(c for *_, c, _ in rows)
    judged = len(rows) - cnt["accepted"]
    share = cnt["clear"] / max(judged, 1)
    assert share >= TARGET_CLEAR, (f"clear errors are {100 * share:.1f} % of the {judged} rejected-or-wrong "
                                   f"substitutions (target >= 95 %); counts {dict(cnt)}")


def test_no_open_findings_are_listed():
    """Issue 21's bar: 0 hangs, 0 crash-type exceptions, 0 silent results — so KNOWN must stay empty (a new finding
    is fixed, or — for a documented contract such as assert_*'s AssertionError — declared in ACCEPT with its reason)."""
    assert all(not v for v in vc.KNOWN.values()), {k: list(v) for k, v in vc.KNOWN.items() if v}
