"""``search``: a counterexample search over a declared domain, for claims Arb cannot evaluate (issue 12, item 2).

``violation(point) -> float`` is > 0 exactly where the claim fails (e.g. ``lhs - rhs`` of ``lhs <= rhs``, or an
estimated probability minus its bound).  The search visits, in this order (all deterministic given ``seed``):

1. the corners of the box (every combination of the extreme values; at most ``max_corners``, the rest sampled);
2. points along the edges (``n_edge`` interior points per edge, log-spaced on log scales; at most ``max_edge``);
3. the centre, then ``n_random`` points log-uniform (log scales) / uniform (linear scales) in the box;
4. local maximisation of the violation (scipy Nelder-Mead in the unit cube of the search scale) from the
   ``n_local`` worst points so far.

Infinite or open ends are replaced by finite extremes (:func:`.box.search_extremes`: an infinite end on a log
scale is a factor 1e12 away, an open end 1e-12 relative inside); the region actually covered is reported.
A violation that raises or returns NaN at an admissible point is counted and reported (never ignored).

For hypothesis property tests use :func:`hypothesis_target` (wraps ``hypothesis.target`` on the violation) and
:func:`hypothesis_points` (a strategy drawing points of the box, extremes included).
"""
from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .box import Param, _g, search_extremes, validate_params

__all__ = ["search", "SearchResult", "hypothesis_target", "hypothesis_points"]


@dataclass
class SearchResult:
    worst_point: dict
    worst_violation: float
    n_evals: int
    region: str
    tolerance: float = 0.0
    seconds: float = 0.0
    n_nan: int = 0
    nan_example: dict | None = None
    phases: dict = field(default_factory=dict)    # phase -> number of evaluations
    claim: str = ""

    @property
    def worst_margin(self) -> float:
        return -self.worst_violation

    @property
    def violated(self) -> bool:
        return self.worst_violation > self.tolerance

    @property
    def counterexample(self) -> dict | None:
        return dict(self.worst_point) if self.violated else None

    def point_text(self, pt=None) -> str:
        pt = self.worst_point if pt is None else pt
        return ", ".join(f"{k}={_g(v) if isinstance(v, (int, float)) else v}" for k, v in pt.items())

    @property
    def coverage(self) -> str:
        ph = ", ".join(f"{k} {v}" for k, v in self.phases.items())
        nan = f"; {self.n_nan} evaluations raised or returned NaN (e.g. at {self.point_text(self.nan_example)})" \
            if self.n_nan else ""
        return (f"search over {self.region}: {self.n_evals} evaluations ({ph}); worst margin "
                f"{self.worst_margin:.6g} at {self.point_text()}{nan}")

    def to_outcome(self, claimed: str | None = None, *, precision: str = "float64 evaluation"):
        """ERRATUM when the worst violation exceeds ``tolerance``; else NUMERIC with the region and margin."""
        from proofs_checks.framework import Outcome, Verdict

        claimed = claimed if claimed is not None else self.claim
        kw = {}
        if "coverage" in getattr(Outcome, "__dataclass_fields__", {}):
            kw["coverage"] = self.coverage
        if self.violated:
            return Outcome(Verdict.ERRATUM, claimed=claimed,
                           computed=f"violation {self.worst_violation:.6g} > tolerance {self.tolerance:g}",
                           margin=self.worst_margin, precision=precision, details=self.coverage,
                           counterexample=f"at {self.point_text()}: violation {self.worst_violation:.6g} "
                                          f"(search, {precision}; not certified)", **kw)
        return Outcome(Verdict.NUMERIC, claimed=claimed,
                       computed=f"no violation found; worst margin {self.worst_margin:.6g} at {self.point_text()}",
                       margin=self.worst_margin, precision=precision, details=self.coverage, **kw)


class _Scale:
    """Maps the unit cube to the search region of one parameter (log or linear)."""

    def __init__(self, p: Param):
        self.p = p
        self.lo, self.hi = search_extremes(p)
        self.log = p.log and self.lo > 0

    def x(self, s: float):
        s = min(1.0, max(0.0, float(s)))
        if self.log:
            v = math.exp(math.log(self.lo) + s * (math.log(self.hi) - math.log(self.lo)))
        else:
            v = self.lo + s * (self.hi - self.lo)
        v = min(max(v, self.lo), self.hi)
        if self.p.integer:
            return int(min(max(round(v), self.lo), self.hi))
        return v

    def text(self) -> str:
        lb = "(" if self.p.lo_open or not math.isfinite(self.p.lo) else "["
        return f"{self.p.name} in [{_g(self.lo)}, {_g(self.hi)}]{' log' if self.log else ''}"


def search(violation: Callable[[dict], float], params: Sequence[Param], *, n_random: int = 256, seed: int = 0,
           local: bool = True, budget_seconds: float | None = None, tolerance: float = 0.0, n_edge: int = 3,
           max_corners: int = 256, max_edge: int = 512, n_local: int = 3, local_maxiter: int = 200,
           claim: str = "", stop_on_violation: bool = False) -> SearchResult:
    """Search the box for the largest ``violation(point)`` (see the module docstring)."""
    import numpy as np

    params = validate_params(params)
    if not callable(violation):
        raise TypeError("violation must be callable(point dict) -> float")
    if n_random < 0 or n_edge < 0 or n_local < 0:
        raise ValueError("n_random, n_edge and n_local must be >= 0")
    if not (tolerance >= 0):
        raise ValueError(f"tolerance must be >= 0, got {tolerance!r}")
    scales = [_Scale(p) for p in params]
    names = [p.name for p in params]
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    state = {"best": (-math.inf, None), "n": 0, "nan": 0, "nan_ex": None}
    phases: dict[str, int] = {}
    seen: dict = {}   # point -> violation (None for NaN)
    found: list = []   # (violation, s-vector)

    def out_of_time():
        return budget_seconds is not None and time.perf_counter() - t0 > budget_seconds

    def ev(svec, phase):
        pt = {n: sc.x(s) for n, sc, s in zip(names, scales, svec)}
        key = tuple(pt.values())
        if key in seen:
            return seen[key]
        state["n"] += 1
        phases[phase] = phases.get(phase, 0) + 1
        try:
            v = float(violation(dict(pt)))
        except (ValueError, ZeroDivisionError, OverflowError, FloatingPointError, ArithmeticError):
            v = math.nan
        if math.isnan(v):
            state["nan"] += 1
            if state["nan_ex"] is None:
                state["nan_ex"] = pt
            seen[key] = None
            return None
        seen[key] = v
        if v > state["best"][0]:
            state["best"] = (v, pt)
        found.append((v, tuple(svec)))
        return v

    def done():
        return out_of_time() or (stop_on_violation and state["best"][0] > tolerance)

    d = len(params)
    ends = [(0.0, 1.0) if sc.lo != sc.hi else (0.0,) for sc in scales]
    # 1. corners
    corners = list(itertools.product(*ends))
    if len(corners) > max_corners:
        idx = sorted(rng.choice(len(corners), size=max_corners, replace=False))
        corners = [corners[i] for i in idx]
    for c in corners:
        if done():
            break
        ev(c, "corners")
    # 2. edges
    if n_edge > 0 and not done():
        ts = [(k + 1) / (n_edge + 1) for k in range(n_edge)]
        edges = []
        for i in range(d):
            if len(ends[i]) == 1:
                continue
            others = [ends[j] if j != i else (None,) for j in range(d)]
            for base in itertools.product(*others):
                for t in ts:
                    edges.append(tuple(t if j == i else base[j] for j in range(d)))
        if len(edges) > max_edge:
            idx = sorted(rng.choice(len(edges), size=max_edge, replace=False))
            edges = [edges[i] for i in idx]
        for e in edges:
            if done():
                break
            ev(e, "edges")
    # 3. centre and random points
    if not done():
        ev(tuple(0.5 for _ in range(d)), "random")
    if n_random > 0 and not done():
        pts = rng.random((n_random, d))
        for row in pts:
            if done():
                break
            ev(tuple(float(s) for s in row), "random")
    # 4. local maximisation from the worst points
    if local and n_local > 0 and found and not done() and d > 0:
        from scipy.optimize import minimize

        starts = sorted(found, key=lambda t: -t[0])[:n_local]
        for _, s0 in starts:
            if done():
                break

            def neg(svec):
                if done():
                    return 0.0
                v = ev(tuple(float(min(1.0, max(0.0, s))) for s in svec), "local")
                return -v if v is not None else math.inf

            minimize(neg, np.array(s0), method="Nelder-Mead",
                     options={"maxiter": local_maxiter, "xatol": 1e-10, "fatol": 0.0, "initial_simplex": _simplex(s0)})
    best_v, best_pt = state["best"]
    if best_pt is None:
        best_pt = {n: sc.x(0.5) for n, sc in zip(names, scales)}
        best_v = -math.inf
    region = "; ".join(sc.text() for sc in scales)
    return SearchResult(worst_point=best_pt, worst_violation=best_v, n_evals=state["n"], region=region,
                        tolerance=tolerance, seconds=time.perf_counter() - t0, n_nan=state["nan"],
                        nan_example=state["nan_ex"], phases=phases, claim=claim)


def _simplex(s0):
    import numpy as np

    s0 = np.asarray(s0, dtype=float)
    d = len(s0)
    sim = [s0.copy()]
    for i in range(d):
        v = s0.copy()
        v[i] = v[i] - 0.05 if v[i] > 0.5 else v[i] + 0.05
        sim.append(v)
    return np.array(sim)


# -- hypothesis helpers ------------------------------------------------------------------------------------------

def hypothesis_target(violation: Callable[[dict], float], label: str = "violation") -> Callable[[dict], float]:
    """Wrap ``violation`` so that every call also reports it to ``hypothesis.target`` (use inside @given tests):

        v = hypothesis_target(my_violation)(point)   # hypothesis then steers towards larger violations
        assert v <= 0
    """
    def wrapped(point: dict) -> float:
        from hypothesis import target

        v = float(violation(point))
        if math.isfinite(v):
            target(v, label=label)
        return v

    wrapped.__name__ = getattr(violation, "__name__", "violation")
    return wrapped


def hypothesis_points(params: Sequence[Param]):
    """A hypothesis strategy of point dicts in the box: the search extremes with high probability, then
    log-uniform (log scales) / uniform values; integers for integer parameters."""
    from hypothesis import strategies as st

    params = validate_params(params)
    comps = {}
    for p in params:
        sc = _Scale(p)
        if p.integer:
            lo, hi = int(sc.lo), int(sc.hi)
            comps[p.name] = st.one_of(st.sampled_from(sorted({lo, hi})), st.integers(lo, hi))
        elif sc.log:
            la, lb = math.log(sc.lo), math.log(sc.hi)
            comps[p.name] = st.one_of(st.sampled_from(sorted({sc.lo, sc.hi})),
                                      st.floats(la, lb).map(lambda u, sc=sc: min(max(math.exp(u), sc.lo), sc.hi)))
        else:
            comps[p.name] = st.one_of(st.sampled_from(sorted({sc.lo, sc.hi})), st.floats(sc.lo, sc.hi))
    return st.fixed_dictionaries(comps)
