"""``asymptotic``: test an O(.) claim "f <= C g for a constant C" by sweeping what the O(.) hides (issue 12, item 3).

The constant C must not depend on the ``hidden`` parameters (the ones the source's convention says the O(.) is
uniform over, e.g. n, d, T, 1/eps); the other parameters are held at ``fixed`` values (default: the geometric
centre of their search range).  From a base point (the centre of each hidden parameter's range) the sweep follows
rays to the extremes of the hidden parameters, jointly: every direction in {-1, 0, +1}^k (each hidden parameter
down / still / up; at most ``max_rays``, single-parameter and all-up/all-down rays first).  Along a ray, a
parameter on a log scale (or whose extreme is 0 or infinite) moves geometrically to its extreme
(:func:`.box.search_extremes`: 1e12 for an infinite end); a parameter with a finite non-zero extreme on a linear
scale approaches it as ``end - (end - centre) 10^(-6t)``.  The fit variable ``u`` is the mean log-displacement of
the moving coordinates, so the slope is the growth exponent of f/g in "factors of the hidden parameters".

On each ray the slope of ``log(f/g)`` against ``u`` is fitted (least squares) on the last ``tail_fraction`` of the
points (the asymptotic end), with a ``level`` confidence interval (Student t).  The claim is refuted along a ray
when the whole interval lies above ``min_slope`` (the ratio grows at least like factor^min_slope): deterministic
f and g give tiny intervals, so ``min_slope`` (default 0.1) is what separates growth from curvature and from
polylog factors (log^k x has local slope k / ln x < 0.1 once x > e^(10 k)); for an O~(.) claim put the allowed
polylog factors into g or raise ``min_slope``.  Points where ``f <= 0`` satisfy the claim for any C > 0 and
are skipped; ``g <= 0`` or a non-finite value is reported.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .box import Param, _g, search_extremes, validate_params

__all__ = ["asymptotic", "AsymResult", "RayFit"]


@dataclass
class RayFit:
    direction: dict                 # hidden name -> -1 / +1 (0 = held at the base value)
    u: list
    log_ratio: list
    points: list
    slope: float = math.nan         # fitted on the tail of the ray
    ci: tuple = (math.nan, math.nan)
    slope_all: float = math.nan     # fitted on the whole ray
    n_skipped: int = 0

    def label(self) -> str:
        return ", ".join(f"{k}{'↑' if v > 0 else '↓'}" for k, v in self.direction.items() if v)

    def end_point(self) -> dict:
        return self.points[-1] if self.points else {}


@dataclass
class AsymResult:
    rays: list
    bounded: bool
    hidden: tuple
    fixed: dict
    level: float
    min_slope: float
    problems: list = field(default_factory=list)
    claim: str = ""

    @property
    def worst(self) -> RayFit | None:
        fits = [r for r in self.rays if math.isfinite(r.ci[0])]
        return max(fits, key=lambda r: r.ci[0]) if fits else None

    @property
    def max_slope(self) -> float:
        w = self.worst
        return w.slope if w else math.nan

    def summary(self) -> str:
        parts = []
        for r in sorted(self.rays, key=lambda r: -r.ci[0] if math.isfinite(r.ci[0]) else math.inf)[:5]:
            parts.append(f"[{r.label()}] slope {r.slope:+.3f} (CI {r.ci[0]:+.3f}..{r.ci[1]:+.3f})")
        return "; ".join(parts)

    def to_outcome(self, claimed: str | None = None, *, convention: str = ""):
        """NUMERIC (bounded on every ray) or ERRATUM (a ray along which f/g grows), naming what the O hides."""
        from proofs_checks.framework import Outcome, Verdict

        claimed = claimed if claimed is not None else self.claim
        hides = (f"O(.) taken to hide constants uniform over {', '.join(self.hidden)}"
                 + (f"; held fixed: {', '.join(f'{k}={_g(v)}' for k, v in self.fixed.items())}" if self.fixed else "")
                 + (f"; convention: {convention}" if convention else ""))
        cov = (f"{len(self.rays)} rays to the extremes of ({', '.join(self.hidden)}), "
               f"{len(self.rays[0].u) if self.rays else 0} points each; slopes of log(f/g) per unit log-factor, "
               f"{self.level:.0%} CI on the far half; growth threshold {self.min_slope}")
        kw = {}
        if "coverage" in getattr(Outcome, "__dataclass_fields__", {}):
            kw["coverage"] = cov
        probs = ("; problems: " + "; ".join(self.problems)) if self.problems else ""
        w = self.worst
        if not self.bounded and w is not None:
            end = ", ".join(f"{k}={_g(v)}" for k, v in w.end_point().items())
            return Outcome(Verdict.ERRATUM, claimed=claimed,
                           computed=f"f/g grows along [{w.label()}]: slope {w.slope:.3f} "
                                    f"(CI {w.ci[0]:.3f}..{w.ci[1]:.3f}) > {self.min_slope}",
                           margin=-w.ci[0], precision=f"least-squares slope, {self.level:.0%} CI",
                           details=f"{hides}; {cov}; {self.summary()}{probs}",
                           counterexample=f"along [{w.label()}] up to {end}: f/g ~ factor^{w.slope:.3f} "
                                          f"(log(f/g) from {w.log_ratio[0]:.3g} to {w.log_ratio[-1]:.3g})", **kw)
        return Outcome(Verdict.NUMERIC, claimed=claimed,
                       computed=f"f/g bounded on every ray: max slope {self.max_slope:.3f}; {self.summary()}",
                       margin=(self.min_slope - w.ci[1]) if w else None,
                       precision=f"least-squares slope, {self.level:.0%} CI",
                       details=f"{hides}; {cov}{probs}", **kw)


def _fit(u, y, level):
    import numpy as np
    from scipy import stats

    u, y = np.asarray(u, float), np.asarray(y, float)
    n = len(u)
    if n < 3 or np.ptp(u) == 0:
        return math.nan, (math.nan, math.nan)
    A = np.vstack([u, np.ones(n)]).T
    coef, *_ = np.linalg.lstsq(A, y, rcond=None)
    resid = y - A @ coef
    s2 = float(resid @ resid) / (n - 2)
    se = math.sqrt(s2 / float(((u - u.mean()) ** 2).sum()))
    q = float(stats.t.ppf(0.5 + level / 2, n - 2))
    slope = float(coef[0])
    return slope, (slope - q * se, slope + q * se)


def asymptotic(f: Callable[[dict], float], g: Callable[[dict], float], params: Sequence[Param], *,
               hidden: Sequence[str], fixed: dict | None = None, rays: Sequence[dict] | None = None,
               points_per_ray: int = 12, level: float = 0.99, min_slope: float = 0.1,
               tail_fraction: float = 0.5, max_rays: int = 26, claim: str = "") -> AsymResult:
    """Sweep the hidden parameters to their extremes and fit log-log slopes of f/g (module docstring).

    ``f``, ``g``: point dict -> positive float (or mpmath number); ``rays``: explicit directions
    ({name: -1|0|1}) instead of the default set.
    """
    params = validate_params(params)
    pmap = {p.name: p for p in params}
    hidden = tuple(hidden)
    if not hidden or any(h not in pmap for h in hidden):
        raise ValueError(f"hidden must name parameters of the box, got {hidden}")
    if points_per_ray < 4:
        raise ValueError("points_per_ray must be >= 4")
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level}")
    fixed = dict(fixed or {})
    for n in fixed:
        if n not in pmap or n in hidden:
            raise ValueError(f"fixed names a parameter that is unknown or hidden: {n!r}")
    base = {}
    for p in params:
        lo, hi = search_extremes(p)
        if p.name in fixed:
            base[p.name] = fixed[p.name]
        elif p.log or (lo > 0 and hi / lo > 100):
            c = math.sqrt(lo * hi)
            base[p.name] = int(round(c)) if p.integer else c
        else:
            c = 0.5 * (lo + hi)
            base[p.name] = int(round(c)) if p.integer else c
    held = {n: v for n, v in base.items() if n not in hidden}
    if rays is None:
        dirs = [d for d in itertools.product((-1, 0, 1), repeat=len(hidden)) if any(d)]
        dirs.sort(key=lambda d: (sum(1 for x in d if x) not in (1, len(hidden)), sum(1 for x in d if x), d))
        dirs = dirs[:max_rays]
        rays = [dict(zip(hidden, d)) for d in dirs]
    problems: list[str] = []
    fits = []
    ts = [k / (points_per_ray - 1) for k in range(points_per_ray)]
    for direction in rays:
        moving = [(n, s) for n, s in direction.items() if s]
        if not moving:
            continue
        maps = []
        for n, s in moving:
            p = pmap[n]
            lo, hi = search_extremes(p)
            c = base[n]
            end = hi if s > 0 else lo
            if end == c:
                maps = None
                break
            geometric = c > 0 and end > 0 and (p.log or p.lo == 0 or p.hi == math.inf or end / c > 100 or c / end > 100)
            if geometric:
                L = abs(math.log(end / c))
                maps.append((n, p, lambda t, c=c, end=end: c * (end / c) ** t, L))
            else:
                maps.append((n, p, lambda t, c=c, end=end: end - (end - c) * 10.0 ** (-6 * t), 6 * math.log(10)))
        if maps is None:
            continue
        scale = sum(m[3] for m in maps) / len(maps)
        u, y, pts, skipped = [], [], [], 0
        for t in ts:
            pt = dict(base)
            for n, p, fn, _ in maps:
                x = fn(t)
                pt[n] = int(round(x)) if p.integer else x
            try:
                fv, gv = float(f(dict(pt))), float(g(dict(pt)))
            except (ValueError, ZeroDivisionError, OverflowError, ArithmeticError) as e:
                problems.append(f"error at {pt}: {e}")
                continue
            if not (math.isfinite(fv) and math.isfinite(gv)) or gv <= 0:
                problems.append(f"f={fv:g}, g={gv:g} at " + ", ".join(f"{k}={_g(v)}" for k, v in pt.items()))
                continue
            if fv <= 0:
                skipped += 1
                continue
            u.append(t * scale)
            y.append(math.log(fv) - math.log(gv))
            pts.append(pt)
        k0 = int(len(u) * (1 - tail_fraction))
        slope, ci = _fit(u[k0:], y[k0:], level)
        slope_all, _ = _fit(u, y, level)
        fits.append(RayFit(direction=dict(direction), u=u, log_ratio=y, points=pts, slope=slope, ci=ci,
                           slope_all=slope_all, n_skipped=skipped))
    bounded = not any(math.isfinite(r.ci[0]) and r.ci[0] > min_slope for r in fits)
    return AsymResult(rays=fits, bounded=bounded, hidden=hidden, fixed=held, level=level, min_slope=min_slope,
                      problems=problems[:10], claim=claim)
