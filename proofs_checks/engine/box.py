"""Parameter boxes for the check engine: :class:`Param`, the coordinate transform, splitting and Arb balls.

A box is a tuple of per-parameter intervals ``(a, b)`` in the parameter's own units (``x``-space):

* real parameter: the closed interval ``[a, b]`` (floats; ``b`` may be ``math.inf``, ``a`` may be ``-math.inf``);
* integer parameter: the integers ``a, a+1, ..., b`` (Python ints; ``b`` may be ``math.inf``).

Leaves produced by bisection share their split point, so the leaves of a certification cover the box exactly.

**Transform (measure and bisection).**  Every parameter is mapped to a normalised coordinate
``phi(x) in [0, 1]``: first ``u = log x`` (``log=True``) or ``u = x``, then

* both ends of ``u`` finite: ``phi = (u - u_lo) / (u_hi - u_lo)``;
* upper end infinite (``hi = inf``): ``phi = s / (c + s)`` with ``s = u - u_lo`` -- this is the transform
  ``t = 1/(c + s)`` (``phi = 1 - c t``), so a half-infinite range is a compact range in ``t``;
* lower end infinite (``lo = -inf``, or ``lo = 0`` on a log scale): ``phi = c / (c + s)``, ``s = u_hi - u``;
* both infinite: ``phi = (1 + u / (c + |u|)) / 2``.

``c = 1`` on a log scale (one factor of e) and ``c = max(1, |finite end|)`` on a linear scale.  Bisection splits
the widest coordinate (in ``phi``) at the ``phi``-midpoint (a geometric midpoint on a log scale), and the
"open share" of an undecided certification is the ``phi``-volume of the open leaves (the whole box has volume 1).
An integer range ``a..b`` is measured as the real range ``[a, b + 1]``.

**Arb balls.**  The ball of a real interval ``[a, b]`` is ``arb(a).union(arb(b))`` (rounded outward by Arb), and
when ``a >= 0`` its nonnegative part, so that ``sqrt``/``log`` of a leaf touching 0 stay defined.  When that ball
loses the sign of ``[a, b]`` (``0 < a`` with ``a / b < 2^-30``, e.g. a log-scale leaf ``[1e-300, 1]``; or the
mirror case ``b < 0``) it is passed as a *tight ball* carrying the exact ends ``arb(a)``, ``arb(b)``, on which
the grammar evaluates ``log``, ``1/x``, ``x^y`` from the ends (:mod:`.expression`), so such leaves are decided.  An integer
range ``a..b`` is relaxed to the real ball of ``[a, b]`` (a singleton is the exact integer).  A leaf with an
infinite end has no finite ball: it is closed only by a monotonicity fact (see :mod:`.certify`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

__all__ = ["Param", "Box", "phi", "phi_inv", "split_point", "ball", "box_volume", "is_finite_interval",
           "format_box", "validate_params", "search_extremes", "point_in_box", "params_from_domain"]

Box = tuple  # tuple[tuple[float|int, float|int], ...]


@dataclass(frozen=True)
class Param:
    """One coordinate of a box: ``name`` ranging over ``[lo, hi]``.

    ``log``      bisect and sample on a log scale (requires ``lo >= 0``; ``lo = 0`` is treated as an
                 infinite end in log coordinates);
    ``integer``  the parameter takes integer values only (``n``, ``T``, ``d``); see :func:`.certify.certify`
                 for the enumeration / real relaxation rule;
    ``lo_open``/``hi_open``  the end is excluded from the domain (counterexamples are never placed there;
                 a leaf touching it is closed only by a ball evaluation or a monotonicity fact with a limit).
    ``hi`` may be ``math.inf`` and ``lo`` may be ``-math.inf`` (infinite ends are always open).
    """

    name: str
    lo: float
    hi: float
    log: bool = False
    integer: bool = False
    lo_open: bool = False
    hi_open: bool = False

    def __init__(self, name: str, lo, hi, *, log: bool = False, integer: bool = False,
                 lo_open: bool = False, hi_open: bool = False):
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"Param name must be an identifier, got {name!r}")
        lo_f, hi_f = float(lo), float(hi)
        if math.isnan(lo_f) or math.isnan(hi_f):
            raise ValueError(f"Param {name}: lo and hi must not be NaN")
        if not lo_f <= hi_f:
            raise ValueError(f"Param {name}: need lo <= hi, got lo={lo!r}, hi={hi!r}")
        if lo_f == math.inf or hi_f == -math.inf:
            raise ValueError(f"Param {name}: empty range [{lo!r}, {hi!r}]")
        if log and lo_f < 0:
            raise ValueError(f"Param {name}: a log-scale parameter needs lo >= 0, got lo={lo!r}")
        if log and lo_f == 0 and not lo_open:
            raise ValueError(f"Param {name}: log scale with lo = 0 needs lo_open=True (log 0 = -inf)")
        if integer:
            if math.isfinite(lo_f) and lo_f != math.floor(lo_f) or math.isfinite(hi_f) and hi_f != math.floor(hi_f):
                raise ValueError(f"Param {name}: integer parameter needs integer ends, got [{lo!r}, {hi!r}]")
            if not math.isfinite(lo_f):
                raise ValueError(f"Param {name}: integer parameter needs a finite lo, got {lo!r}")
            if lo_open or hi_open:
                raise ValueError(f"Param {name}: integer parameter takes closed integer ranges (use lo+1 / hi-1)")
        if lo_f == hi_f and (lo_open or hi_open):
            raise ValueError(f"Param {name}: degenerate range [{lo!r}, {hi!r}] cannot have an open end")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "lo", int(lo_f) if integer else lo_f)
        object.__setattr__(self, "hi", (int(hi_f) if math.isfinite(hi_f) else math.inf) if integer else hi_f)
        object.__setattr__(self, "log", bool(log))
        object.__setattr__(self, "integer", bool(integer))
        object.__setattr__(self, "lo_open", bool(lo_open) or lo_f == -math.inf or (log and lo_f == 0))
        object.__setattr__(self, "hi_open", bool(hi_open) or hi_f == math.inf)

    # -- description ------------------------------------------------------------------------------------------
    def interval_text(self) -> str:
        lb = "(" if self.lo_open else "["
        rb = ")" if self.hi_open else "]"
        kind = ", integer" if self.integer else ""
        scale = ", log" if self.log else ""
        return f"{self.name} in {lb}{_g(self.lo)}, {_g(self.hi)}{rb}{kind}{scale}"

    def transform_text(self) -> str:
        u = "log x" if self.log else "x"
        ends = _u_ends(self)
        if math.isfinite(ends[0]) and math.isfinite(ends[1]):
            t = "affine"
        elif math.isfinite(ends[0]):
            t = f"t = 1/({_c(self):g} + {u} - {u}_lo) (half-infinite)"
        elif math.isfinite(ends[1]):
            t = f"t = 1/({_c(self):g} + {u}_hi - {u}) (half-infinite below)"
        else:
            t = "u/(c+|u|) (two-sided infinite)"
        return f"{self.name}: u = {u}, {t}" + (", integer range a..b measured as [a, b+1]" if self.integer else "")

    def to_json(self) -> dict:
        return {"name": self.name, "lo": _num_json(self.lo), "hi": _num_json(self.hi), "log": self.log,
                "integer": self.integer, "lo_open": self.lo_open, "hi_open": self.hi_open}


def _g(x) -> str:
    if isinstance(x, int):
        return str(x)
    if x == math.inf:
        return "inf"
    if x == -math.inf:
        return "-inf"
    return f"{x:.17g}" if x != float(f"{x:.6g}") else f"{x:.6g}"


def _num_json(x):
    """JSON form of an endpoint: ints stay ints, floats are exact repr strings ('inf' for infinity)."""
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    return repr(float(x))


def validate_params(params: Sequence[Param]) -> tuple[Param, ...]:
    params = tuple(params)
    if not params:
        raise ValueError("params: need at least one Param")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise ValueError(f"params: duplicate names in {names}")
    for p in params:
        if not isinstance(p, Param):
            raise ValueError(f"params: expected Param objects, got {type(p).__name__}")
    return params


# -- the transform -------------------------------------------------------------------------------------------

def _u(p: Param, x: float) -> float:
    if p.log:
        if x == 0:
            return -math.inf
        return math.inf if x == math.inf else math.log(x)
    return float(x)


def _u_inv(p: Param, u: float) -> float:
    if p.log:
        if u > 709.0:
            return math.inf
        return math.exp(u)
    return u


def _u_ends(p: Param) -> tuple[float, float]:
    hi = p.hi + 1 if (p.integer and math.isfinite(p.hi)) else p.hi
    return _u(p, p.lo), _u(p, hi)


def _c(p: Param) -> float:
    if p.log:
        return 1.0
    lo, hi = _u_ends(p)
    fin = [abs(v) for v in (lo, hi) if math.isfinite(v)]
    return max([1.0] + fin)


def phi(p: Param, x: float) -> float:
    """Normalised coordinate of ``x`` (in ``[0, 1]``); see the module docstring."""
    ulo, uhi = _u_ends(p)
    u = _u(p, x)
    c = _c(p)
    if math.isfinite(ulo) and math.isfinite(uhi):
        return 0.0 if uhi == ulo else min(1.0, max(0.0, (u - ulo) / (uhi - ulo)))
    if math.isfinite(ulo):
        if u == math.inf:
            return 1.0
        s = max(0.0, u - ulo)
        return s / (c + s)
    if math.isfinite(uhi):
        if u == -math.inf:
            return 0.0
        s = max(0.0, uhi - u)
        return c / (c + s)
    if u == math.inf:
        return 1.0
    if u == -math.inf:
        return 0.0
    return 0.5 * (1.0 + u / (c + abs(u)))


def phi_inv(p: Param, f: float) -> float:
    ulo, uhi = _u_ends(p)
    c = _c(p)
    if math.isfinite(ulo) and math.isfinite(uhi):
        u = ulo + f * (uhi - ulo)
    elif math.isfinite(ulo):
        u = math.inf if f >= 1 else ulo + c * f / (1.0 - f)
    elif math.isfinite(uhi):
        u = -math.inf if f <= 0 else uhi - c * (1.0 - f) / f
    else:
        g = 2.0 * f - 1.0
        if abs(g) >= 1:
            u = math.copysign(math.inf, g)
        else:
            u = math.copysign(c * abs(g) / (1.0 - abs(g)), g)
    return _u_inv(p, u)


def _measure_ends(p: Param, a, b) -> tuple[float, float]:
    if p.integer:
        return a, (b + 1 if math.isfinite(b) else b)
    return a, b


def width(p: Param, a, b) -> float:
    """``phi``-width of the interval (integer ranges measured as ``[a, b+1]``)."""
    ma, mb = _measure_ends(p, a, b)
    ulo, uhi = _u_ends(p)
    if math.isfinite(ulo) and not math.isfinite(uhi):
        # 1 - phi = c / (c + s): no cancellation far in the tail (an open tail leaf keeps a positive share)
        c = _c(p)

        def comp(x):
            u = _u(p, x)
            return 0.0 if u == math.inf else c / (c + max(0.0, u - ulo))

        return comp(ma) - comp(mb)
    return phi(p, mb) - phi(p, ma)


def box_volume(params: Sequence[Param], box: Box) -> float:
    v = 1.0
    for p, (a, b) in zip(params, box):
        v *= width(p, a, b)
    return v


def split_point(p: Param, a, b):
    """The bisection point ``m`` of ``[a, b]`` (``phi``-midpoint), or ``None`` when it cannot be split.

    Real: children ``[a, m]`` and ``[m, b]`` with ``a < m < b``.  Integer: children ``a..m`` and ``m+1..b``.
    """
    if p.integer:
        if a == b or a > 10 ** 300:        # beyond 1e300 the phi scale (floats) cannot split: the leaf stays open
            return None
        ma, mb = _measure_ends(p, a, b)
        x = phi_inv(p, 0.5 * (phi(p, ma) + phi(p, mb)))
        if not math.isfinite(x) or x > 1e300:
            x = 2 * max(abs(a), 1) + a     # integer arithmetic (no float overflow)
        m = int(math.ceil(x)) - 1          # children a..m and m+1..b, both non-empty
        m = max(a, m)
        if b != math.inf:
            m = min(m, b - 1)
        return m
    if a == b:
        return None
    fa, fb = phi(p, a), phi(p, b)
    m = phi_inv(p, 0.5 * (fa + fb))
    if not (a < m < b) or not math.isfinite(m):
        # phi resolution exhausted (or overflow in the tail): fall back to a plain midpoint in x / u
        if math.isfinite(a) and math.isfinite(b):
            m = 0.5 * a + 0.5 * b
            if p.log and a > 0:
                g = math.sqrt(a) * math.sqrt(b)
                if a < g < b:
                    m = g
        elif math.isfinite(a):
            m = (a * 16.0 if (p.log and a > 0) else a + 16.0 * max(1.0, abs(a)))
        elif math.isfinite(b):
            m = (b / 16.0 if p.log else b - 16.0 * max(1.0, abs(b)))
        else:
            m = 0.0 if not p.log else 1.0
        if not (a < m < b) or not math.isfinite(m):
            return None
    return m


def is_finite_interval(p: Param, a, b) -> bool:
    if p.log and a == 0:
        return True  # ball [0, b] is finite; the expression may still be undefined at 0
    return math.isfinite(a) and math.isfinite(b)


def ball(p: Param, a, b):
    """Arb ball enclosing the interval (real relaxation for integers); ``None`` for an infinite end."""
    from flint import arb

    if not (math.isfinite(a) and math.isfinite(b)):
        return None
    if a == b:
        return arb(a)
    x = arb(a).union(arb(b))
    if a >= 0:
        x = x.nonnegative_part()
    if (a > 0 and not x > 0) or (b < 0 and not x < 0):
        # the ball lost the sign of [a, b] (a / b < 2^-30): a tight ball keeps the exact ends (expression.py)
        from .expression import tight

        return tight(x, arb(a), arb(b))
    return x


def point_in_box(params: Sequence[Param], box: Box) -> dict:
    """A representative point of the box: the ``phi``-midpoint of each coordinate (integers rounded),
    moved strictly inside open ends; float/int values."""
    out = {}
    for p, (a, b) in zip(params, box):
        if a == b:
            out[p.name] = a
            continue
        ma, mb = _measure_ends(p, a, b)
        x = phi_inv(p, 0.5 * (phi(p, ma) + phi(p, mb)))
        if p.integer:
            if not math.isfinite(x) or x > 1e300:
                x = 2 * max(abs(a), 1) + a     # integer arithmetic (no float overflow)
            x = max(a, int(math.floor(x)))
            if math.isfinite(b):
                x = min(x, b)
        else:
            if not (a < x < b) or not math.isfinite(x):
                if math.isfinite(a) and math.isfinite(b):
                    x = 0.5 * a + 0.5 * b
                elif math.isfinite(a):
                    x = a * 2 if (p.log and a > 0) else a + max(1.0, abs(a))
                elif math.isfinite(b):
                    x = b / 2 if p.log else b - max(1.0, abs(b))
                else:
                    x = 1.0 if p.log else 0.0
        out[p.name] = x
    return out


def format_box(params: Sequence[Param], box: Box | None = None) -> str:
    if box is None:
        return "; ".join(p.interval_text() for p in params)
    return ", ".join(f"{p.name} in [{_g(a)}, {_g(b)}]" for p, (a, b) in zip(params, box))


def search_extremes(p: Param) -> tuple[float, float]:
    """Finite extreme values used by :func:`.search.search` for each end (open/infinite ends moved inside):
    an infinite end on a log scale becomes a factor 1e12 from the finite end (or 1e-12 / 1e12),
    on a linear scale 1e6 * max(1, |finite end|) away; an open finite end is moved inside by 1e-12 relative."""
    lo, hi = p.lo, p.hi
    if p.log:
        if lo == 0:
            lo = (hi * 1e-12) if math.isfinite(hi) else 1e-12
        if hi == math.inf:
            hi = lo * 1e12
    else:
        if lo == -math.inf:
            lo = (hi - 1e6 * max(1.0, abs(hi))) if math.isfinite(hi) else -1e6
        if hi == math.inf:
            hi = lo + 1e6 * max(1.0, abs(lo))
    if p.integer:
        return int(lo), int(hi)
    if p.lo_open and math.isfinite(p.lo) and lo == p.lo:
        lo = lo + 1e-12 * max(abs(lo), 1e-300) if lo != 0 else min(1e-12, hi / 2)
    if p.hi_open and math.isfinite(p.hi) and hi == p.hi:
        hi = hi - 1e-12 * max(abs(hi), 1e-300) if hi != 0 else max(-1e-12, lo / 2)
    return float(lo), float(hi)


_NUM = r"[-+]?(?:inf|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"


def params_from_domain(domain: dict, *, log: dict | None = None, finite: dict | None = None) -> list[Param]:
    """Params from a spec entry's ``domain`` table (``specs/README.md``): ``"(0, 1]"``, ``"[1, inf)"``,
    ``"int [1, 100]"``, ``">= 1"``, ``"int >= 1"``, ``"> 0"``, ``"< 1"``.

    Scale: log when the range is positive and spans a factor >= 100 (or is half-infinite with ``lo >= 0``),
    unless ``log[name]`` says otherwise.  ``finite[name] = (lo, hi)`` replaces a range by a sub-box (the caller
    then reports the coverage as partial).  ``"text: ..."`` entries are not boxes: ValueError naming them.
    """
    import re

    log = dict(log or {})
    finite = dict(finite or {})
    out = []
    for name, spec in domain.items():
        if name in finite:
            lo, hi = finite[name]
            s = str(spec).strip()
            integer = s.startswith("int")
            lo_open = hi_open = False
        else:
            s = str(spec).strip()
            integer = s.startswith("int")
            body = s[3:].strip() if integer else s
            m = re.fullmatch(rf"([\[(])\s*({_NUM})\s*,\s*({_NUM})\s*([\])])", body)
            m2 = re.fullmatch(rf"(>=|>|<=|<)\s*({_NUM})", body)
            if m:
                lo, hi = float(m.group(2)), float(m.group(3))
                lo_open, hi_open = m.group(1) == "(", m.group(4) == ")"
            elif m2:
                v = float(m2.group(2))
                if m2.group(1).startswith(">"):
                    lo, hi, lo_open, hi_open = v, math.inf, m2.group(1) == ">", True
                else:
                    lo, hi, lo_open, hi_open = -math.inf, v, True, m2.group(1) == "<"
            else:
                raise ValueError(f"domain[{name!r}] = {spec!r} is not a box range (expected e.g. '(0, 1]', "
                                 f"'int >= 1', '> 0')")
        if integer:
            lo = math.ceil(lo) + (1 if lo_open and float(lo).is_integer() else 0) if math.isfinite(lo) else lo
            hi = (math.floor(hi) - (1 if hi_open and float(hi).is_integer() else 0)) if math.isfinite(hi) else hi
            lo_open = hi_open = False
        use_log = log.get(name)
        if use_log is None:
            use_log = lo >= 0 and (hi == math.inf or (lo > 0 and hi / lo >= 100)) and (lo > 0 or lo_open)
        out.append(Param(name, lo, hi, log=bool(use_log), integer=integer,
                         lo_open=lo_open and not integer, hi_open=hi_open and not integer))
    return out
