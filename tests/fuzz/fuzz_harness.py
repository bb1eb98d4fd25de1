"""The fuzz harness of the public API (issue 21): enumerate, substitute one bad value, classify.

``public_api()`` lists every public function and class named in ``__all__`` of every public module under
``reference/`` (a module without ``__all__`` is reported by ``modules_without_all()``).  ``run_campaign()`` takes the
one valid call per function from ``valid_calls.CALLS``, substitutes each bad value of ``BAD_VALUES`` in turn for one
parameter, runs the call in a pool of worker processes under a time-out (``signal.setitimer`` in the worker; the
parent kills a worker that does not answer, so a hang in C code is caught too) and classifies the outcome:

* ``clear``    — ValueError / TypeError whose message names the parameter;
* ``vague``    — ValueError / TypeError that does not name it;
* ``crash``    — any other exception (ZeroDivisionError, IndexError, OverflowError, RuntimeError, ...);
* ``hang``     — no answer within the time-out;
* ``silent``   — returned although the value is nonsense (NaN, inf, a bool, a string, None, a wrong-shape array, a
  negative value for a parameter that is a scale / size / budget by name), or returned NaN / inf / a negative
  scale;
* ``accepted`` — a documented special value (``valid_calls.ACCEPT`` or a ````name=value```` in the docstring), or
  a numeric value (0, -1, 1e308) outside the conventional-positive names returned with a finite result.

Sampling is deterministic: for each function the substitutions are ordered by a SHA-256 hash of
``function/parameter/value`` and the first ``per_function`` are run (every parameter at least once, every value
kind in turn); ``FUZZ_FULL=1`` runs them all.
"""
from __future__ import annotations

import hashlib
import importlib
import inspect
import math
import multiprocessing as mp
import numbers
import os
import pkgutil
import re
import signal
import sys
import time
from multiprocessing.connection import wait as mp_wait

import numpy as np

#: the bad values, by key (a key, not the value, crosses the process boundary)
BAD_VALUES = {
    "nan": lambda: float("nan"),
    "+inf": lambda: float("inf"),
    "-inf": lambda: float("-inf"),
    "-1": lambda: -1,
    "0": lambda: 0,
    "1e308": lambda: 1e308,
    "True": lambda: True,
    "str": lambda: "x",
    "None": lambda: None,
    "empty": lambda: np.array([]),
    "shape": lambda: np.zeros((2, 3, 4)),
}
CLASSES = ("clear", "vague", "crash", "hang", "silent", "accepted")
NONSENSE = {"nan", "+inf", "-inf", "True", "str", "None", "empty", "shape"}
#: parameter names that are by convention a scale, size, count or budget (> 0 or >= 0): accepting -1 is nonsense
POSITIVE_NAMES = re.compile(
    r"^(eps|epsilon|delta|sigma|sigma\d|n|d|T|L|G|beta|mu|lam|rho|eta|radius|D|R|B|k|m|N|M|tau|kappa|"
    r"sensitivity|l2_sensitivity|C|clip|q|alpha|H|K|n_samples|batch|batch_size|b|s|lr|step|steps|"
    r"[A-Za-z]+_(eps|epsilon|delta|sigma|n|T|rho|radius|size|count|steps))$")
SCALE_FUNCS = re.compile(r"sigma|scale|noise|std|variance|var_", re.I)
RNG_MARK = "__RNG__"


def public_modules():
    import reference
    out = []
    for m in pkgutil.walk_packages(reference.__path__, "reference."):
        parts = m.name.split(".")
        if any(p.startswith("_") for p in parts) or m.name == "reference.oracle.pytest_plugin":
            continue
        out.append(m.name)
    return sorted(out)


def modules_without_all():
    """Public modules that define a public function or class but no ``__all__``."""
    bad = []
    for name in public_modules():
        mod = importlib.import_module(name)
        if "__all__" in vars(mod):
            continue
        own = [k for k, v in vars(mod).items() if not k.startswith("_")
               and (inspect.isfunction(v) or inspect.isclass(v)) and getattr(v, "__module__", "") == name]
        if own:
            bad.append(name)
    return bad


def public_api():
    """``{qualified name: object}`` for every callable in ``__all__`` (each object once, under its defining module)."""
    out = {}
    for name in public_modules():
        mod = importlib.import_module(name)
        for n in vars(mod).get("__all__", ()):
            o = getattr(mod, n, None)
            if not (inspect.isfunction(o) or inspect.isclass(o)):
                continue
            home = getattr(o, "__module__", name)
            if not home.startswith("reference."):
                continue
            out.setdefault(f"{home}.{o.__name__}", o)
    return dict(sorted(out.items()))


def resolve(qual):
    mod, _, n = qual.rpartition(".")
    return getattr(importlib.import_module(mod), n)


def documented_specials(obj):
    """``{param: {value keys}}`` read from ````name=value```` / ````name = value```` in the docstring."""
    doc = inspect.getdoc(obj) or ""
    out = {}
    for p, v in re.findall(r"``\s*([A-Za-z_]\w*)\s*=\s*([^`\s]+)\s*``", doc):
        key = {"inf": "+inf", "math.inf": "+inf", "np.inf": "+inf", "0": "0", "0.0": "0", "None": "None",
               "-1": "-1"}.get(v)
        if key:
            out.setdefault(p, set()).add(key)
    return out


def _has_nonfinite(r, depth=0):
    if depth > 4:
        return False
    if isinstance(r, (bool, np.bool_)):
        return False
    if isinstance(r, (numbers.Real, np.floating, np.integer)):
        return not math.isfinite(float(r))
    if isinstance(r, complex):
        return True
    if isinstance(r, np.ndarray):
        if r.dtype.kind == "c":
            return True
        return r.dtype.kind == "f" and not bool(np.all(np.isfinite(r)))
    if isinstance(r, (list, tuple)):
        return any(_has_nonfinite(x, depth + 1) for x in r[:200])
    if isinstance(r, dict):
        return any(_has_nonfinite(x, depth + 1) for x in list(r.values())[:200])
    if hasattr(r, "__dict__") and not inspect.isroutine(r) and not isinstance(r, type):
        return any(_has_nonfinite(x, depth + 1) for x in list(vars(r).values())[:50])
    return False


def _names_param(msg, p):
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(p) + r"(?![A-Za-z0-9_])", msg) is not None


def classify(qual, param, key, outcome, accepted_keys):
    """Class of one outcome: ``outcome`` is ``("raise", type name, is ValueError/TypeError, message)`` or
    ``("return", has non-finite, negative scalar)``."""
    if outcome[0] == "raise":
        _, tname, vt, msg = outcome
        if vt:
            return "clear" if _names_param(msg, param) else "vague"
        if tname == "AssertionError" and qual.rsplit(".", 1)[1].startswith("assert_") and key in accepted_keys:
            return "accepted"    # an assert_* test helper's contract: AssertionError when its test rejects (ACCEPT)
        return "crash"
    _, nonfinite, negative = outcome
    fname = qual.rsplit(".", 1)[1]
    if key in accepted_keys:
        return "accepted"
    if nonfinite or (negative and SCALE_FUNCS.search(fname)):
        return "silent"
    if key in NONSENSE:
        return "silent"
    if key == "-1" and POSITIVE_NAMES.match(param):
        return "silent"
    return "accepted"


# ----------------------------------------------------------------------------------------------- worker side
class _Alarm(BaseException):
    pass


def _on_alarm(signum, frame):
    raise _Alarm()


def _build(qual):
    from tests.fuzz import valid_calls as vc  # noqa: F401  (imported in the worker)
    kw = vc.CALLS[qual]()
    return {k: (np.random.default_rng(0) if (isinstance(v, str) and v == RNG_MARK) else v) for k, v in kw.items()}


def _is_strategy(r):
    try:
        from hypothesis.strategies import SearchStrategy
    except ImportError:                     # pragma: no cover
        return False
    return isinstance(r, SearchStrategy)


def _call(qual, param, key, timeout):
    fn = resolve(qual)
    kw = _build(qual)
    if param is not None:
        kw[param] = BAD_VALUES[key]()
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    t0 = time.perf_counter()
    try:
        with np.errstate(all="ignore"):
            import warnings
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                r = fn(**kw)
                if _is_strategy(r):         # a hypothesis strategy is lazy: draw once so its checks run
                    r = r.example()
        signal.setitimer(signal.ITIMER_REAL, 0)
        dt = time.perf_counter() - t0
        neg = isinstance(r, (numbers.Real, np.floating)) and not isinstance(r, bool) and float(r) < 0
        return ("return", _has_nonfinite(r), neg), dt
    except _Alarm:
        return ("hang",), timeout
    except RecursionError as e:
        signal.setitimer(signal.ITIMER_REAL, 0)
        return ("raise", "RecursionError", False, str(e)[:300]), time.perf_counter() - t0
    except Exception as e:  # noqa: BLE001 — classification is the point
        signal.setitimer(signal.ITIMER_REAL, 0)
        vt = isinstance(e, (ValueError, TypeError))
        return ("raise", type(e).__name__, vt, str(e)[:300]), time.perf_counter() - t0


def _worker(conn, root):
    sys.path.insert(0, root)
    devnull = open(os.devnull, "w")
    sys.stdout = devnull
    while True:
        task = conn.recv()
        if task is None:
            break
        qual, param, key, timeout = task
        try:
            res = _call(qual, param, key, timeout)
        except BaseException as e:  # noqa: BLE001 — building the call failed
            res = (("raise", type(e).__name__, False, "harness: " + str(e)[:300]), 0.0)
        conn.send(res)


# ----------------------------------------------------------------------------------------------- parent side
def plan(api, calls, per_function=None):
    """The deterministic list of ``(qual, param, key)`` substitutions."""
    full = os.environ.get("FUZZ_FULL") == "1"
    tasks = []
    for qual in api:
        if qual not in calls:
            continue
        params = list(calls[qual]().keys())
        if not params:
            continue
        subs = sorted(((p, k) for p in params for k in BAD_VALUES),
                      key=lambda pk: hashlib.sha256(f"{qual}/{pk[0]}/{pk[1]}".encode()).hexdigest())
        if not full and per_function is not None:
            cap = per_function(qual, len(params))
            chosen, seen_p = [], set()
            for p, k in subs:          # every parameter once first
                if p not in seen_p:
                    chosen.append((p, k))
                    seen_p.add(p)
            for pk in subs:
                if len(chosen) >= max(cap, len(params)):
                    break
                if pk not in chosen:
                    chosen.append(pk)
            subs = chosen[:max(cap, len(params))]
        tasks += [(qual, p, k) for p, k in subs]
    return tasks


def run_tasks(tasks, *, workers=2, timeout=2.0, grace=3.0, root=None):
    """Run ``(qual, param, key)`` tasks (``param=None``: the valid call itself); ``{task: (outcome, seconds)}``."""
    root = root or os.getcwd()
    ctx = mp.get_context("fork")
    pending = list(reversed(tasks))
    results = {}
    slots = []

    def spawn():
        a, b = ctx.Pipe()
        p = ctx.Process(target=_worker, args=(b, root), daemon=True)
        p.start()
        return {"proc": p, "conn": a, "task": None, "t0": 0.0}

    for _ in range(workers):
        slots.append(spawn())
    while pending or any(s["task"] is not None for s in slots):
        for i, s in enumerate(slots):
            if s["task"] is None and pending:
                t = pending.pop()
                s["task"], s["t0"] = t, time.monotonic()
                s["conn"].send((*t, timeout))
        busy = [s["conn"] for s in slots if s["task"] is not None]
        ready = mp_wait(busy, timeout=0.2)
        now = time.monotonic()
        for i, s in enumerate(slots):
            if s["task"] is None:
                continue
            if s["conn"] in ready:
                try:
                    results[s["task"]] = s["conn"].recv()
                    s["task"] = None
                    continue
                except EOFError:
                    results[s["task"]] = (("raise", "WorkerDied", False, "worker process died"), now - s["t0"])
            elif now - s["t0"] < timeout + grace:
                continue
            else:
                results[s["task"]] = (("hang",), now - s["t0"])
            s["proc"].kill()
            s["proc"].join()
            slots[i] = spawn()
    for s in slots:
        try:
            s["conn"].send(None)
        except (BrokenPipeError, OSError):
            pass
        s["proc"].join(timeout=1)
        if s["proc"].is_alive():
            s["proc"].kill()
    return results


def table(rows):
    """Counts per class for ``rows`` = list of (scope, class)."""
    scopes = sorted({s for s, _ in rows})
    lines = ["| scope | calls | " + " | ".join(CLASSES) + " | clear / (calls - accepted) |",
             "|---" * (len(CLASSES) + 3) + "|"]
    for sc in scopes + ["ALL"]:
        cl = [c for s, c in rows if sc in ("ALL", s)]
        n = len(cl)
        cnt = [cl.count(c) for c in CLASSES]
        lines.append(f"| {sc} | {n} | " + " | ".join(str(x) for x in cnt)
                     + f" | {100.0 * cnt[0] / max(n - cnt[-1], 1):.1f} % |")
    return "\n".join(lines)


def scope_of(qual):
    parts = qual.split(".")
    if parts[1] == "thesis":
        return ".".join(parts[1:3])
    if parts[1] == "core" and parts[2] == "accounting":
        return "core.accounting"
    return parts[1]
