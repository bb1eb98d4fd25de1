"""``certify``: prove ``expr(point) <= 0`` over a whole box by Arb branch and bound (issue 12, item 1).

Algorithm (deterministic, budget-bounded)::

    leaves := initial partition of the box (integer parameters: lo .. lo+enumerate_small-1 as singletons)
    while open leaves and budget left:
        take the open leaf with the largest upper bound (ties: creation order)
        evaluate expr on its Arb ball;                    upper <= 0      -> closed ("ball")
        else, if monotonicity facts apply to the leaf:   fixed-end value -> closed ("monotone")
        else evaluate expr at the leaf's midpoint (an exact point of the domain):
             lower > 0 (after precision escalation)      -> REFUTED, the point is a certified counterexample
        else bisect the widest coordinate (phi-scale, see box.py) and queue both children
    CERTIFIED if every leaf is closed, else UNDECIDED with the phi-volume share of open leaves.

Rules the caller can rely on:

* **Soundness.**  A leaf is closed only by an Arb enclosure whose upper end is <= 0 (rounding included); a
  counterexample is an exact point of the domain (never an open end) where the Arb enclosure is > 0.
  A true claim that is tight somewhere (equality at an interior point) can never be closed there: it ends
  UNDECIDED (never CERTIFIED), with the open share reported.
* **Integers.**  Values ``lo, ..., lo + enumerate_small - 1`` start as singleton leaves (exact evaluation);
  beyond, a range ``a..b`` is evaluated on the real relaxation ``[a, b]`` (a sufficient condition) and split into
  ``a..m`` and ``m+1..b``; a range that keeps failing is therefore split down to exactly enumerated singletons.
  Counterexamples are always integer points.
* **Half-infinite ranges** (``hi = inf``).  Bisection runs in the transformed coordinate ``t = 1/(c + x - lo)``
  (log scale: ``x -> log x`` first), so the box is compact in ``t``; every leaf but the last one is finite.
  The last leaf ``[X, inf)`` has no Arb ball: it is closed only by a **monotonicity fact** (``monotone_tail``):
  ``Monotone(param, "nonincreasing")`` means expr is nonincreasing in that parameter on the fact's range for every
  value of the other parameters in the box, so the sup over the leaf is the value at the leaf's finite left end;
  ``"nondecreasing"`` needs ``limit`` (an upper bound of expr as the parameter goes to the right end).  A fact is
  *certified* when ``derivative`` is given (its sign is certified by a nested ``certify`` over the fact's range;
  a half-infinite derivative range needs its own facts, ``derivative_monotone``), otherwise *declared*
  (recorded with its ``justification`` in the result's ``assumptions`` and in the certificate).
  Without a fact the tail leaf stays open and the result is UNDECIDED with its (small) share.
* **Boundary equalities** (claim tight at an end of the domain, e.g. ``1 + x - e^x = 0`` at ``x = 0``):
  declare or certify a monotonicity fact on a range touching that end; the leaf there is closed by the value at
  the end (an exact point, continuity of the grammar's functions), or by ``limit`` at an open end.
"""
from __future__ import annotations

import heapq
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .box import (Param, ball, box_volume, format_box, phi, point_in_box, split_point, validate_params,
                  width, _g)
from .expression import compile_expression

__all__ = ["certify", "certify_le", "certify_monotone", "CertResult", "Monotone", "Leaf", "DerivativeOf",
           "resolve_expr"]

STATUSES = ("CERTIFIED", "REFUTED", "UNDECIDED")
DIRECTIONS = ("nonincreasing", "nondecreasing")


@dataclass
class Monotone:
    """A monotonicity fact: ``expr`` is ``direction`` in ``param`` on ``[start, end]`` (default: the whole range)
    for every value of the other parameters in the box.

    ``derivative``  d expr / d param (string or arb callable), or ``"auto"`` (the claim's own derivative by
                    forward-mode AD, which the certificate checker re-derives); its sign is certified by a nested
                    certify over the fact's range;
    ``derivative_monotone``  facts for that nested certification (a half-infinite range needs them);
    ``limit``       upper bound of expr as ``param`` tends to its worst end when that end is infinite or not
                    evaluable (string or callable of the other parameters);
    ``justification``  for a declared (uncertified) fact: where it is proved (e.g. a sympy check id).
    """

    param: str
    direction: str = "nonincreasing"
    start: float | None = None
    end: float | None = None
    derivative: Any = None
    derivative_monotone: Sequence["Monotone"] = ()
    limit: Any = None
    justification: str = ""

    def __post_init__(self):
        if self.direction not in DIRECTIONS:
            raise ValueError(f"Monotone.direction must be one of {DIRECTIONS}, got {self.direction!r}")


@dataclass
class Leaf:
    """A closed leaf.  ``form``: how its bound was obtained --

    ``ball``        expr on the Arb ball of the leaf (with the ``fixed`` coordinates replaced by exact points);
    ``mean-value``  f(center) + sum_i G_i (X_i - center_i), G the gradient enclosure on the leaf (``fixed`` applied);
    ``limit``       a monotonicity fact's ``limit`` expression (the fact's parameter tends to an infinite/open end).

    ``fixed_by[name]`` is ``"gradient"`` (the gradient enclosure of the leaf has a certain sign in that coordinate;
    facts are applied first) or ``"fact:k"`` (monotonicity fact number k).
    """

    box: tuple
    upper: float            # rigorous upper bound of expr on the leaf (rounded up to a float)
    form: str = "ball"
    fixed: dict = field(default_factory=dict)
    fixed_by: dict = field(default_factory=dict)
    center: dict = field(default_factory=dict)

    @property
    def method(self) -> str:
        kinds = sorted(set(v.split(":")[0] for v in self.fixed_by.values()))
        return self.form + ("" if not kinds else " after fixing by " + "+".join(kinds))


@dataclass
class CertResult:
    status: str
    claim: str
    params: tuple
    counterexample: dict | None = None
    open_share: float = 0.0
    n_boxes: int = 0
    seconds: float = 0.0
    leaves: list = field(default_factory=list)
    coverage: str = ""
    prec: int = 64
    max_upper: float | None = None       # max of the closed leaves' upper bounds (<= 0 when CERTIFIED)
    best_point: dict | None = None       # the sampled midpoint with the largest value (evidence when UNDECIDED)
    best_value: float | None = None
    assumptions: list = field(default_factory=list)
    facts: list = field(default_factory=list)       # fact records (for certificates)
    expression: Any = None                          # the claim's expression (string or dotted path) if known
    certificate_path: str | None = None
    budget_exhausted: bool = False

    # ------------------------------------------------------------------------------------------------------
    @property
    def certified(self) -> bool:
        return self.status == "CERTIFIED"

    def counterexample_text(self) -> str:
        if not self.counterexample:
            return ""
        pt = ", ".join(f"{k}={_g(v)}" for k, v in self.counterexample["point"].items())
        return (f"at {pt}: {self.claim or 'expr'} has value in {self.counterexample['enclosure']} > 0 "
                f"(Arb, {self.counterexample['prec']} bits)")

    def to_outcome(self, claimed: str | None = None, *, name: str = ""):
        """The check framework's Outcome: CERTIFIED / ERRATUM / PARTIAL (or NUMERIC before PARTIAL exists)."""
        from proofs_checks.framework import Outcome, Verdict

        claimed = claimed if claimed is not None else self.claim
        kw: dict[str, Any] = {}
        if "coverage" in getattr(Outcome, "__dataclass_fields__", {}):
            kw["coverage"] = self.coverage
        assume = ("; assuming " + "; ".join(self.assumptions)) if self.assumptions else ""
        cert = f"; certificate {self.certificate_path}" if self.certificate_path else ""
        if self.status == "CERTIFIED":
            return Outcome(Verdict.CERTIFIED, claimed=claimed,
                           computed=f"Arb branch and bound: {len(self.leaves)} leaves, every upper bound of "
                                    f"lhs - rhs <= {self.max_upper:.3e}",
                           margin=-self.max_upper if self.max_upper is not None else None,
                           precision=f"Arb {self.prec} bits",
                           details=f"{self.coverage}{assume}{cert}", **kw)
        if self.status == "REFUTED":
            return Outcome(Verdict.ERRATUM, claimed=claimed,
                           computed=f"certified counterexample: {self.counterexample_text()}",
                           margin=-self.counterexample["lower"], precision=f"Arb {self.counterexample['prec']} bits",
                           details=self.coverage, counterexample=self.counterexample_text(), **kw)
        verdict = getattr(Verdict, "PARTIAL", Verdict.NUMERIC)
        best = ""
        if self.best_point is not None:
            best = (f"; largest sampled value {self.best_value:.3e} at "
                    + ", ".join(f"{k}={_g(v)}" for k, v in self.best_point.items()))
        return Outcome(verdict, claimed=claimed,
                       computed=f"UNDECIDED: open share {self.open_share:.3e} of the box after {self.n_boxes} "
                                f"boxes{best}",
                       margin=(-self.best_value if self.best_value is not None and self.best_value <= 0 else None),
                       precision=f"Arb {self.prec} bits", details=f"{self.coverage}{assume}", **kw)


# --------------------------------------------------------------------------------------------------------------

class DerivativeOf:
    """``env -> d expr / d wrt`` (negated if ``negate``), computed by forward-mode AD over Arb (:mod:`.ad`).

    Picklable when ``expr`` is (a string or a module-level function).  Its portable form
    ``{"kind": "derivative", "of": ..., "wrt": ..., "negate": ...}`` lets the certificate checker recompute the
    derivative with its own differentiation, so a monotonicity fact certified this way rests on no trusted
    derivative formula."""

    def __init__(self, expr, names, wrt: str, negate: bool = False):
        if wrt not in names:
            raise ValueError(f"derivative with respect to unknown parameter {wrt!r}")
        self.expr, self.names, self.wrt, self.negate = expr, list(names), wrt, bool(negate)
        self._f = None

    def __getstate__(self):
        return {"expr": self.expr, "names": self.names, "wrt": self.wrt, "negate": self.negate}

    def __setstate__(self, st):
        self.__dict__.update(st)
        self._f = None

    def portable(self):
        _, of = resolve_expr(self.expr, self.names)
        if of is None:
            return None
        return {"kind": "derivative", "of": of, "wrt": self.wrt, "negate": self.negate}

    def __call__(self, env):
        if self._f is None:
            self._f, _ = resolve_expr(self.expr, self.names)
        d = _safe_dual(self._f, env, self.names)
        if d is None:
            return None
        g = d.g[self.names.index(self.wrt)]
        return -g if self.negate else g


def resolve_expr(expr, names) -> tuple[Callable, Any]:
    """(callable, portable form) of a claim: a grammar string, or a callable (portable if importable by path)."""
    if isinstance(expr, DerivativeOf):
        return expr, expr.portable()
    if isinstance(expr, str):
        return compile_expression(expr, names), {"kind": "grammar", "text": expr}
    if callable(expr):
        path = _dotted_path(expr)
        return expr, ({"kind": "callable", "path": path} if path else None)
    raise TypeError(f"expr must be an expression string or a callable, got {type(expr).__name__}")


def _dotted_path(fn) -> str | None:
    mod, qual = getattr(fn, "__module__", None), getattr(fn, "__qualname__", "")
    if not mod or not qual or "<" in qual or mod == "__main__":
        return None
    import importlib

    try:
        obj = importlib.import_module(mod)
        for part in qual.split("."):
            obj = getattr(obj, part)
    except Exception:  # noqa: BLE001
        return None
    return f"{mod}:{qual}" if obj is fn else None


def _upper_float(v) -> float:
    """The smallest float >= the upper end of the ball (inf when not finite)."""
    from flint import arb

    from .expression import upper_end

    up = upper_end(v)
    u = float(up)
    if u == -math.inf:           # below -1.8e308: the most negative float is still an upper bound
        return -sys.float_info.max
    if not math.isfinite(u):
        return math.inf
    return u if arb(u) >= up else math.nextafter(u, math.inf)


def _closes(v) -> bool:
    """The value's upper end (tight balls: the smaller of ball and end enclosure, see expression.py) is <= 0."""
    return _upper_float(v) <= 0


def _lower_float(v) -> float:
    """The largest float <= the lower end of the ball."""
    from flint import arb

    lo = v.lower()
    x = float(lo)
    if x == math.inf:
        return sys.float_info.max
    if not math.isfinite(x):
        return -math.inf
    return x if arb(x) <= lo else math.nextafter(x, -math.inf)


def _safe_eval(f, env):
    try:
        v = f(env)
    except (ZeroDivisionError, ValueError, OverflowError, AssertionError, KeyError):
        return None   # KeyError: a limit expression that uses the parameter it eliminates
    if v is None or not hasattr(v, "upper"):
        from flint import arb

        try:
            v = arb(v)
        except Exception:  # noqa: BLE001
            return None
    return v if v.is_finite() else None


class _Facts:
    """Monotonicity facts with their ranges and (after certification) status."""

    def __init__(self, facts, params, prec, budget, expr=None):
        self.items = []
        self.records = []
        self.assumptions = []
        self.ok = True
        self.reason = ""
        pmap = {p.name: p for p in params}
        for k, fct in enumerate(facts):
            if fct.param not in pmap:
                raise ValueError(f"Monotone fact names unknown parameter {fct.param!r}")
            p = pmap[fct.param]
            start = p.lo if fct.start is None else (int(fct.start) if p.integer else float(fct.start))
            end = p.hi if fct.end is None else (int(fct.end) if p.integer else float(fct.end))
            if not (p.lo <= start <= end <= p.hi):
                raise ValueError(f"Monotone fact on {p.name}: range [{start}, {end}] not inside [{p.lo}, {p.hi}]")
            limit_f, limit_portable = (None, None)
            if fct.limit is not None:
                limit_f, limit_portable = resolve_expr(fct.limit, [q.name for q in params])
            rec = {"param": p.name, "direction": fct.direction, "start": _j(start), "end": _j(end),
                   "limit": limit_portable, "justification": fct.justification}
            if fct.limit is not None and limit_portable is None:
                rec["limit"] = {"kind": "opaque", "repr": repr(fct.limit)}
            if fct.derivative is not None:
                # the fact's range as a box (an integer range is closed: its infinite end is open by itself)
                sub_params = [Param(q.name, start, end, log=q.log, integer=q.integer,
                                    lo_open=not q.integer and q.lo_open and start == q.lo,
                                    hi_open=not q.integer and q.hi_open and end == q.hi)
                              if q.name == p.name else q for q in params]
                auto = isinstance(fct.derivative, str) and fct.derivative == "auto"
                if auto:   # the derivative of the claim itself, by AD (re-derived by the checker)
                    d_expr = DerivativeOf(expr, [q.name for q in params], p.name,
                                          negate=fct.direction == "nondecreasing")
                else:
                    d_expr = fct.derivative
                    if fct.direction == "nondecreasing":   # certify -d <= 0
                        d_expr = _negate(d_expr)
                sub = certify(d_expr, sub_params, budget=budget, prec=prec,
                              claim=f"d/d{p.name} {'<=' if fct.direction == 'nonincreasing' else '>='} 0",
                              monotone_tail=list(fct.derivative_monotone) or None)
                rec["status"] = "certified" if sub.status == "CERTIFIED" else "not certified"
                rec["derivative_result"] = sub
                if sub.status != "CERTIFIED":
                    self.ok = False
                    self.reason = (f"monotonicity of the claim in {p.name} on [{_g(start)}, {_g(end)}] "
                                   f"not certified: derivative check {sub.status}"
                                   + (f" ({sub.counterexample_text()})" if sub.counterexample else
                                      f" (open share {sub.open_share:.2e})"))
                self.assumptions.extend(sub.assumptions)
            else:
                rec["status"] = "declared"
                self.assumptions.append(f"declared: claim {fct.direction} in {p.name} on [{_g(start)}, {_g(end)}]"
                                        + (f" ({fct.justification})" if fct.justification else ""))
            self.items.append((k, p, start, end, fct, limit_f))
            self.records.append(rec)

    def applicable(self, params, box):
        out = []
        if not self.ok:
            return out
        idx = {p.name: i for i, p in enumerate(params)}
        for k, p, start, end, fct, limit_f in self.items:
            a, b = box[idx[p.name]]
            if start <= a and b <= end:
                out.append((k, p, fct, limit_f, idx[p.name]))
        return out


def _j(x):
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    return repr(float(x))


def _negate(expr):
    if isinstance(expr, str):
        return f"-({expr})"
    fn = expr

    def neg(env):
        return -fn(env)

    neg.__qualname__ = "<negated>"
    return neg


def _balls(params, box):
    env, finite = {}, True
    for p, (a, b) in zip(params, box):
        bl = ball(p, a, b)
        if bl is None:
            finite = False
        env[p.name] = bl
    return env, finite


def _worst_is_open_end(p: Param, worst) -> bool:
    return (p.lo_open and worst == p.lo) or (p.hi_open and worst == p.hi)


def _safe_dual(f, env, names):
    from .ad import dual_env

    try:
        d = f(dual_env(env, names))
    except (ArithmeticError, TypeError, AttributeError, ValueError):
        return None
    if not hasattr(d, "g") or not d.is_finite():
        return None
    return d


def _eval_leaf(f, params, box, facts: _Facts | None, use_ad: bool = True):
    """(closed Leaf or None, best upper bound found) for one leaf; see :class:`Leaf` for the forms."""
    from flint import arb

    names = [p.name for p in params]
    env, finite = _balls(params, box)
    best = math.inf
    if finite:
        v = _safe_eval(f, env)
        if v is not None:
            if _closes(v):
                return Leaf(box, _upper_float(v)), None
            best = _upper_float(v)
    fixed, fixed_by = {}, {}
    env1 = dict(env)
    # stage 1: monotonicity facts (parameters fixed at their worst end, or a limit at an infinite/open end)
    if facts is not None:
        app = facts.applicable(params, box)
        limit_fact = None
        for k, p, fct, limit_f, i in app:
            if p.name in fixed:
                continue
            a, b = box[i]
            worst = a if fct.direction == "nonincreasing" else b
            if not math.isfinite(worst):
                limit_fact = (k, p, limit_f)
                continue
            env1[p.name] = arb(worst)
            fixed[p.name] = worst
            fixed_by[p.name] = f"fact:{k}"
        if limit_fact is None and fixed and all(x is not None for x in env1.values()):
            w = _safe_eval(f, env1)
            if w is not None and _closes(w):
                return Leaf(box, _upper_float(w), "ball", fixed, fixed_by), None
            if w is None:   # not evaluable at an open end: use that fact's limit, if any
                for k, p, fct, limit_f, i in app:
                    if limit_f is not None and fixed_by.get(p.name) == f"fact:{k}" and \
                            _worst_is_open_end(p, fixed[p.name]):
                        limit_fact = (k, p, limit_f)
                        break
            elif w is not None:
                best = min(best, _upper_float(w))
        if limit_fact is not None:
            k, p, limit_f = limit_fact
            env3 = {n: x for n, x in env1.items() if n != p.name}
            if limit_f is None or any(x is None for x in env3.values()):
                return None, best
            w = _safe_eval(limit_f, env3)
            if w is not None and _closes(w):
                fx = {n: x for n, x in fixed.items() if n != p.name}
                fb = {n: x for n, x in fixed_by.items() if n != p.name}
                fb[p.name] = f"fact:{k}"
                return Leaf(box, _upper_float(w), "limit", fx, fb), None
            return None, best
    if any(x is None for x in env1.values()) or not use_ad:
        return None, best
    # stage 2: gradient enclosure -> monotone fixing, then the mean-value form
    d = _safe_dual(f, env1, names)
    if d is None:
        return None, best
    env2 = dict(env1)
    fixed2, fixed_by2 = dict(fixed), dict(fixed_by)
    for i, p in enumerate(params):
        a, b = box[i]
        if p.name in fixed or a == b:
            continue
        g = d.g[i]
        end = a if g <= 0 else (b if g >= 0 else None)
        if end is None or not math.isfinite(end):
            continue
        env2[p.name] = arb(end)
        fixed2[p.name] = end
        fixed_by2[p.name] = "gradient"
    if len(fixed2) > len(fixed):
        w = _safe_eval(f, env2)
        if w is not None:
            if _closes(w):
                return Leaf(box, _upper_float(w), "ball", fixed2, fixed_by2), None
            best = min(best, _upper_float(w))
    free = [i for i, p in enumerate(params) if p.name not in fixed2 and box[i][0] != box[i][1]]
    if free:
        center = {}
        envc = dict(env2)
        for i in free:
            a, b = box[i]
            c = 0.5 * a + 0.5 * b
            center[params[i].name] = c
            envc[params[i].name] = arb(c)
        fc = _safe_eval(f, envc)
        if fc is not None:
            mv = fc
            for i in free:
                n = params[i].name
                mv = mv + d.g[i] * (env2[n] - arb(center[n]))
            if mv.is_finite():
                if _closes(mv):
                    return Leaf(box, _upper_float(mv), "mean-value", fixed2, fixed_by2, center), None
                best = min(best, _upper_float(mv))
    return None, best


def _eval_point(f, params, point, prec, max_prec):
    """Arb value at an exact point, with precision escalation while the sign is ambiguous."""
    from flint import arb, ctx

    env = {p.name: arb(point[p.name]) for p in params}
    old = ctx.prec
    pr = prec
    try:
        while True:
            ctx.prec = pr
            v = _safe_eval(f, env)
            if v is None or v > 0 or v <= 0 or pr >= max_prec or float(v.mid()) <= 0:
                return v, pr
            pr *= 2
    finally:
        ctx.prec = old


def _initial_leaves(params, enumerate_small):
    per = []
    for p in params:
        if p.integer and enumerate_small > 0:
            top = p.lo + enumerate_small - 1
            if p.hi <= top:
                per.append([(v, v) for v in range(p.lo, int(p.hi) + 1)])
            else:
                per.append([(v, v) for v in range(p.lo, top + 1)] + [(top + 1, p.hi)])
        else:
            per.append([(p.lo, p.hi)])
    boxes = [()]
    for opts in per:
        boxes = [b + (o,) for b in boxes for o in opts]
    return boxes


def _widest(params, box):
    best, bi = -1.0, None
    for i, (p, (a, b)) in enumerate(zip(params, box)):
        if a == b:
            continue
        w = width(p, a, b)
        if w > best and split_point(p, a, b) is not None:
            best, bi = w, i
    return bi


def _split(params, box, i):
    p = params[i]
    a, b = box[i]
    m = split_point(p, a, b)
    left = list(box)
    right = list(box)
    left[i] = (a, m)
    right[i] = ((m + 1) if p.integer else m, b)
    return tuple(left), tuple(right)


def certify(expr, params: Sequence[Param], *, budget: int = 20000, seconds: float | None = None,
            prec: int = 64, max_prec: int = 1024, claim: str = "", monotone_tail=None,
            certificate_path=None, name: str | None = None, enumerate_small: int = 8,
            executor=None, chunks: int = 8, use_ad: bool = True) -> CertResult:
    """Prove ``expr(point) <= 0`` for every point of the box ``params`` (see the module docstring).

    ``expr``     an expression string (grammar of :mod:`.expression`) or a callable ``f(dict name->arb) -> arb``
                 that is a valid Arb enclosure for ball arguments (a pure function of its arguments);
    ``budget``   maximal number of leaf evaluations (deterministic); ``seconds`` an optional wall-clock cap
                 (makes the result machine-dependent; reported in ``coverage``);
    ``prec``     Arb precision in bits for box evaluations (point evaluations escalate up to ``max_prec``);
    ``monotone_tail``  monotonicity facts: a list of :class:`Monotone`, or ``{name: "nonincreasing"|...|Monotone}``;
    ``certificate_path``  write the certificate (JSON) there when CERTIFIED (``True``: the default path
                 ``reports/certificates/<name>.json``);
    ``use_ad``   use gradient enclosures (forward-mode AD over Arb) for monotone fixing and the mean-value form;
    ``executor`` a ``concurrent.futures.Executor``: the box is cut into ``chunks`` sub-boxes certified in
                 parallel (the expression must be picklable: a string or a module-level function); the
                 result is the same as the serial one on the same chunks.
    """
    from flint import ctx

    params = validate_params(params)
    names = [p.name for p in params]
    f, portable = resolve_expr(expr, names)
    if claim == "" and isinstance(expr, str):
        claim = f"{expr} <= 0"
    facts_list = _facts_list(monotone_tail)
    if not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be a positive integer (boxes), got {budget!r}")
    if not (isinstance(prec, int) and 16 <= prec <= 1 << 16):
        raise ValueError(f"prec must be an integer number of bits in [16, 65536], got {prec!r}")
    t0 = time.perf_counter()
    old = ctx.prec
    ctx.prec = prec
    try:
        facts = _Facts(facts_list, params, prec, max(1000, budget // 4), expr) if facts_list else None
        roots = _initial_leaves(params, enumerate_small)
        if executor is not None:
            res = _run_chunks(expr, params, roots, facts_list, budget, seconds, prec, max_prec, chunks, executor,
                              use_ad)
        else:
            res = _branch_and_bound(f, params, roots, facts, budget, seconds, prec, max_prec, t0, use_ad)
    finally:
        ctx.prec = old
    leaves, open_leaves, cex, n_boxes, best, exhausted = res
    secs = time.perf_counter() - t0
    open_share = sum(box_volume(params, b) for b in open_leaves)
    if cex is not None:
        status = "REFUTED"
    elif facts is not None and not facts.ok:
        status = "UNDECIDED"
    elif open_leaves:
        status = "UNDECIDED"
    else:
        status = "CERTIFIED"
    closed_uppers = [lf.upper for lf in leaves]
    max_upper = max(closed_uppers) if closed_uppers else None
    n_mv = sum(1 for lf in leaves if lf.form == "mean-value")
    n_grad = sum(1 for lf in leaves if "gradient" in lf.fixed_by.values())
    n_fact = sum(1 for lf in leaves if any(v.startswith("fact") for v in lf.fixed_by.values()))
    cov = (f"box {format_box(params)}; transform {'; '.join(p.transform_text() for p in params)}; "
           f"{len(leaves)} closed leaves ({n_grad} after gradient-sign fixing, {n_fact} by monotonicity facts, "
           f"{n_mv} by the mean-value form) and {len(open_leaves)} open "
           f"(open share {open_share:.3e}) after {n_boxes} box evaluations, Arb {prec} bits"
           + (f"; budget exhausted" if exhausted else ""))
    if facts is not None and not facts.ok:
        cov += f"; {facts.reason}"
    result = CertResult(status=status, claim=claim, params=params, counterexample=cex, open_share=open_share,
                        n_boxes=n_boxes, seconds=secs, leaves=leaves, coverage=cov, prec=prec,
                        max_upper=max_upper, best_point=best[1] if best else None,
                        best_value=best[0] if best else None,
                        assumptions=list(facts.assumptions) if facts else [],
                        facts=list(facts.records) if facts else [], expression=portable,
                        budget_exhausted=exhausted)
    result.open_leaves = open_leaves  # type: ignore[attr-defined]
    if certificate_path and status == "CERTIFIED":
        from .certificate import default_certificate_path, write_certificate

        path = default_certificate_path(name or "certificate") if certificate_path is True else certificate_path
        write_certificate(result, path, name=name)
        result.certificate_path = str(path)
    return result


def certify_le(lhs, rhs, params: Sequence[Param], **kw) -> CertResult:
    """Prove ``lhs <= rhs`` on the box: ``certify(lhs - rhs, ...)`` (strings are combined textually)."""
    if isinstance(lhs, str) and isinstance(rhs, str):
        kw.setdefault("claim", f"{lhs} <= {rhs}")
        return certify(f"({lhs}) - ({rhs})", params, **kw)
    names = [p.name for p in validate_params(params)]
    lf, _ = resolve_expr(lhs, names)
    rf, _ = resolve_expr(rhs, names)
    kw.setdefault("claim", "lhs <= rhs")

    def diff(env):
        return lf(env) - rf(env)

    diff.__qualname__ = "<certify_le>"
    return certify(diff, params, **kw)


def certify_monotone(expr, params: Sequence[Param], wrt: str, direction: str = "nonincreasing", **kw) -> CertResult:
    """Certify that ``expr`` is ``direction`` in ``wrt`` over the box: the sign of d expr / d wrt, computed by
    forward-mode AD over Arb (no derivative formula to trust; the checker re-derives it)."""
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
    params = validate_params(params)
    d = DerivativeOf(expr, [p.name for p in params], wrt, negate=direction == "nondecreasing")
    kw.setdefault("claim", f"{expr if isinstance(expr, str) else 'expr'} is {direction} in {wrt}")
    return certify(d, params, **kw)


def _facts_list(monotone_tail) -> list:
    if not monotone_tail:
        return []
    if isinstance(monotone_tail, dict):
        out = []
        for k, v in monotone_tail.items():
            if isinstance(v, Monotone):
                if v.param != k:
                    raise ValueError(f"monotone_tail[{k!r}] is a fact about {v.param!r}")
                out.append(v)
            elif isinstance(v, str):
                out.append(Monotone(k, v))
            else:
                raise ValueError(f"monotone_tail[{k!r}] must be 'nonincreasing', 'nondecreasing' or a Monotone")
        return out
    out = list(monotone_tail)
    for v in out:
        if not isinstance(v, Monotone):
            raise ValueError("monotone_tail must be a dict or a list of Monotone facts")
    return out


def _branch_and_bound(f, params, roots, facts, budget, seconds, prec, max_prec, t0, use_ad=True):
    heap: list = []
    counter = 0
    leaves: list[Leaf] = []
    open_leaves: list = []
    n_boxes = 0
    best = None          # (value, point)
    cex = None
    exhausted = False
    seen_points: set = set()

    def push(box):
        nonlocal counter, n_boxes, best, cex
        n_boxes += 1
        leaf, score = _eval_leaf(f, params, box, facts, use_ad)
        if leaf is not None:
            leaves.append(leaf)
            return
        # not closed: try the midpoint as a counterexample
        pt = point_in_box(params, box)
        key = tuple(pt[p.name] for p in params)
        if key not in seen_points:
            seen_points.add(key)
            w, pr = _eval_point(f, params, pt, prec, max_prec)
            if w is not None:
                mid = float(w.mid())
                if best is None or mid > best[0]:
                    best = (mid, pt)
                if w > 0:
                    cex = {"point": pt, "enclosure": w.str(20, radius=True),
                           "lower": _lower_float(w), "prec": pr}
                    return
        heapq.heappush(heap, (-score, counter, box))
        counter += 1

    for r in roots:
        push(r)
        if cex is not None:
            break
    while heap and cex is None:
        if n_boxes + 2 > budget or (seconds is not None and time.perf_counter() - t0 > seconds):
            exhausted = True
            break
        _, _, box = heapq.heappop(heap)
        i = _widest(params, box)
        if i is None:
            open_leaves.append(box)   # cannot be split further (float resolution): stays open
            continue
        for child in _split(params, box, i):
            push(child)
            if cex is not None:
                break
    open_leaves.extend(b for _, _, b in heap)
    return leaves, open_leaves, cex, n_boxes, best, exhausted


# -- executor support --------------------------------------------------------------------------------------------

def _chunk_roots(params, roots, chunks):
    boxes = list(roots)
    while len(boxes) < chunks:
        # split the largest-volume box (deterministic)
        k = max(range(len(boxes)), key=lambda j: (box_volume(params, boxes[j]), -j))
        i = _widest(params, boxes[k])
        if i is None:
            break
        left, right = _split(params, boxes[k], i)
        boxes[k:k + 1] = [left, right]
    return boxes


def _certify_chunk(expr, params, root, facts_list, budget, seconds, prec, max_prec, use_ad=True):
    """Worker: branch and bound on one chunk (a top-level function: picklable)."""
    from flint import ctx

    names = [p.name for p in params]
    f, _ = resolve_expr(expr, names)
    old = ctx.prec
    ctx.prec = prec
    try:
        facts = _Facts(facts_list, params, prec, max(1000, budget // 4), expr) if facts_list else None
        t0 = time.perf_counter()
        return _branch_and_bound(f, params, [root], facts, budget, seconds, prec, max_prec, t0, use_ad)
    finally:
        ctx.prec = old


def _run_chunks(expr, params, roots, facts_list, budget, seconds, prec, max_prec, chunks, executor, use_ad):
    boxes = _chunk_roots(params, roots, max(1, int(chunks)))
    per = max(2, budget // len(boxes))
    futs = [executor.submit(_certify_chunk, expr, params, b, facts_list, per, seconds, prec, max_prec, use_ad)
            for b in boxes]
    leaves, open_leaves, cex, n, best, exhausted = [], [], None, 0, None, False
    for fut in futs:   # in submission order: deterministic merge
        lv, op, cx, nb, bs, ex = fut.result()
        leaves += lv
        open_leaves += op
        n += nb
        exhausted |= ex
        if cx is not None and cex is None:
            cex = cx
        if bs is not None and (best is None or bs[0] > best[0]):
            best = bs
    return leaves, open_leaves, cex, n, best, exhausted
