"""Euclidean projections onto the convex sets used by the documents.

Every projection ``P_K(y) = argmin_{x in K} ||x - y||_2`` is characterised by the variational inequality
``<y - P_K(y), z - P_K(y)> <= 0 for all z in K`` (checked in ``proofs_checks/core/geometry.py``).

Sets: the l2 ball ``B_c(r)``, the intersection of two l2 balls (exact closed form with KKT multipliers),
the l1 ball (Duchi, Shalev-Shwartz, Singer, Chandra 2008, sort-based), a box, the scaled simplex.

Spec: core.geom.*
"""
from __future__ import annotations

import math

import numpy as np
from reference.core import validation as _V

__all__ = [
    "proj_l2_ball",
    "proj_two_balls",
    "two_balls_kkt",
    "proj_l1_ball",
    "proj_box",
    "proj_simplex",
    "as_vector",
    "check_radius",
]


# --------------------------------------------------------------------------------------------
# validation helpers (shared by oracles / problems)
# --------------------------------------------------------------------------------------------

def as_vector(name: str, v, d: int | None = None, *, allow_batch: bool = False) -> np.ndarray:
    """``v`` as a finite float64 array of shape (d,) (or (..., d) if ``allow_batch``); ValueError names ``name``."""
    _V._label(name)                           # TypeError unless a str (the label used in messages)
    allow_batch = _V.flag("allow_batch", allow_batch)
    if d is not None:
        d = _V.positive_int("d", d)
    if v is None or isinstance(v, (str, bytes, bool, np.bool_)):
        raise TypeError(f"{name} must be a vector of reals, got {type(v).__name__} {v!r}")
    try:
        a = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a vector of reals, got {type(v).__name__}") from None
    if a.ndim == 0:
        raise ValueError(f"{name} must be a vector (1-D array), got a scalar")
    if not allow_batch and a.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array, got shape {a.shape}")
    if a.shape[-1] == 0:
        raise ValueError(f"{name} must have dimension >= 1, got shape {a.shape}")
    if d is not None and a.shape[-1] != d:
        raise ValueError(f"{name} must have dimension {d} (dimension mismatch), got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} must be finite (no NaN/inf)")
    return a


def check_radius(name: str, r, *, allow_inf: bool = True, allow_zero: bool = True) -> float:
    """``r`` as a float in [0, inf] (or (0, inf] when not ``allow_zero``; ``r=inf`` admissible unless not
    ``allow_inf``); ValueError names ``name``."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    allow_inf, allow_zero = _V.flag("allow_inf", allow_inf), _V.flag("allow_zero", allow_zero)
    r = _V.real(name, r, allow_inf=True)      # TypeError for a bool / string / None / array, ValueError for NaN
    if math.isnan(r) or r < 0 or (r == 0 and not allow_zero) or (math.isinf(r) and not allow_inf):
        lo = "[0" if allow_zero else "(0"
        hi = "inf]" if allow_inf else "inf)"
        raise ValueError(f"{name} must be in {lo}, {hi}, got {r!r}")
    return r


def _center(center, d: int) -> np.ndarray:
    if center is None:
        return np.zeros(d)
    c = _V.array("center", center)            # TypeError for a bool / string; ValueError for NaN / inf / empty
    if c.ndim == 0:
        return np.full(d, float(c))
    return as_vector("center", c, d)


# --------------------------------------------------------------------------------------------
# l2 ball
# --------------------------------------------------------------------------------------------

def proj_l2_ball(y, center=None, radius: float = 1.0) -> np.ndarray:
    """Euclidean projection onto the ball ``B_center(radius) = {x : ||x - center||_2 <= radius}``.

    Preconditions: ``y`` finite, shape (d,) or a batch (m, d) (rows projected independently); ``center`` None
    (origin), a scalar (every coordinate) or shape (d,); ``radius`` in [0, inf] (``radius=inf``: no constraint,
    y is returned).
    Steps: ``P(y) = c + (y - c) * min(1, r / ||y - c||)`` (000 catalog primitive ``proj_ball``).
    Postcondition: ``||P(y) - c|| <= r`` (up to one rounding) and ``<y - P(y), z - P(y)> <= 0`` for all z in the ball.
    Randomness: none (deterministic).
    Spec: core.geom.proj_l2_ball
    """
    y = as_vector("y", y, allow_batch=True)
    if y.ndim > 2:
        raise ValueError(f"y must have shape (d,) or (m, d), got {y.shape}")
    d = y.shape[-1]
    c = _center(center, d)
    r = check_radius("radius", radius)
    v = y - c
    nrm = np.linalg.norm(v, axis=-1, keepdims=True)
    if math.isinf(r):
        return y.copy()
    # scale = min(1, r/||v||), with ||v|| = 0 -> 1
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = np.where(nrm > r, r / np.where(nrm > 0, nrm, 1.0), 1.0)
    return c + v * scale


# --------------------------------------------------------------------------------------------
# intersection of two l2 balls
# --------------------------------------------------------------------------------------------

def _inside(x: np.ndarray, c: np.ndarray, r: float, rtol: float = 1e-12) -> bool:
    return float(np.linalg.norm(x - c)) <= r * (1.0 + rtol) + rtol * float(np.linalg.norm(c))


def _orthonormal_to(u: np.ndarray) -> np.ndarray:
    """A unit vector orthogonal to the unit vector u (d >= 2)."""
    k = int(np.argmin(np.abs(u)))
    e = np.zeros_like(u)
    e[k] = 1.0
    w = e - np.dot(e, u) * u
    return w / np.linalg.norm(w)


def proj_two_balls(y, c1, r1: float, c2, r2: float, *, return_multipliers: bool = False):
    """Exact Euclidean projection onto ``K = B_{c1}(r1) ∩ B_{c2}(r2)``.

    Preconditions: ``y, c1, c2`` finite of one dimension d; ``r1, r2`` in [0, inf); K non-empty, i.e.
    ``||c1 - c2|| <= r1 + r2`` (ValueError naming ``r1, r2`` otherwise).
    Steps (KKT of min ½||x-y||² s.t. ||x-ci||² <= ri²; 001 catalog P2 "Π_K"):
      1. nested balls (``D + r_small <= r_big``, D = ||c2 - c1||): K is the smaller ball; return its projection.
      2. y in both balls: return y (multipliers 0, 0).
      3. P1 = proj onto ball 1; if P1 in ball 2 return it (λ2 = 0). Same with ball 2.
      4. otherwise both constraints are active: x lies on the (d-2)-sphere ``{||x-c1|| = r1, ||x-c2|| = r2}``,
         centre ``m = c1 + t u`` (u = (c2-c1)/D, t = (D² + r1² - r2²)/(2D)), radius ``s = sqrt(r1² - t²)``,
         in the hyperplane orthogonal to u; the nearest point is ``m + s w/||w||``, w = component of y - m ⊥ u.
         In d = 1 the set is an interval and step 3 always applies.
    The multipliers solve ``y - x = λ1 (x - c1) + λ2 (x - c2)`` (least squares on the 2 columns), λ ≥ 0:
    they certify optimality (KKT: stationarity, complementary slackness, dual feasibility); see
    :func:`two_balls_kkt`.
    Postcondition: x ∈ K (up to rounding) and ``<y - x, z - x> <= 0`` for all z ∈ K.
    Returns x, or (x, (λ1, λ2)) when ``return_multipliers``.
    Randomness: none (deterministic).
    Spec: core.geom.proj_two_balls
    """
    y = as_vector("y", y)
    d = y.shape[0]
    c1 = as_vector("c1", c1, d)
    c2 = as_vector("c2", c2, d)
    r1 = check_radius("r1", r1, allow_inf=False)
    r2 = check_radius("r2", r2, allow_inf=False)
    return_multipliers = _V.flag("return_multipliers", return_multipliers)
    D = float(np.linalg.norm(c2 - c1))
    if D > (r1 + r2) * (1.0 + 1e-15):
        raise ValueError(f"r1, r2: the balls do not intersect (||c1 - c2|| = {D!r} > r1 + r2 = {r1 + r2!r})")

    def _out(x, lam1, lam2):
        return (x, (float(lam1), float(lam2))) if return_multipliers else x

    # step 1: nested balls
    if D + r1 <= r2:
        x = proj_l2_ball(y, c1, r1)
        return _out(x, *_multipliers_single(y, x, c1))
    if D + r2 <= r1:
        x = proj_l2_ball(y, c2, r2)
        lam = _multipliers_single(y, x, c2)
        return _out(x, lam[1], lam[0])
    # step 2: y feasible
    if np.linalg.norm(y - c1) <= r1 and np.linalg.norm(y - c2) <= r2:
        return _out(y.copy(), 0.0, 0.0)
    # step 3: one active constraint
    p1 = proj_l2_ball(y, c1, r1)
    if _inside(p1, c2, r2):
        return _out(p1, *_multipliers_single(y, p1, c1))
    p2 = proj_l2_ball(y, c2, r2)
    if _inside(p2, c1, r1):
        lam = _multipliers_single(y, p2, c2)
        return _out(p2, lam[1], lam[0])
    # step 4: both active -> nearest point of the intersection sphere
    u = (c2 - c1) / D
    t = (D * D + r1 * r1 - r2 * r2) / (2.0 * D)
    s = math.sqrt(max(r1 * r1 - t * t, 0.0))
    m = c1 + t * u
    w = (y - m) - np.dot(y - m, u) * u
    nw = float(np.linalg.norm(w))
    if d == 1:  # cannot happen for a non-empty interval (step 3 applies); guard against rounding
        x = m
    elif nw > 0.0:
        x = m + s * (w / nw)
    else:  # y on the axis: every point of the sphere is nearest; pick one
        x = m + s * _orthonormal_to(u)
    lam1, lam2 = _multipliers_pair(y, x, c1, c2)
    return _out(x, lam1, lam2)


def _multipliers_single(y, x, c) -> tuple[float, float]:
    """λ with y - x = λ (x - c) (λ = 0 when x = y)."""
    v = x - c
    nv2 = float(np.dot(v, v))
    if nv2 == 0.0:
        return 0.0, 0.0
    return max(float(np.dot(y - x, v)) / nv2, 0.0), 0.0


def _multipliers_pair(y, x, c1, c2) -> tuple[float, float]:
    A = np.stack([x - c1, x - c2], axis=1)
    lam, *_ = np.linalg.lstsq(A, y - x, rcond=None)
    return float(lam[0]), float(lam[1])


def two_balls_kkt(y, x, c1, r1, c2, r2, multipliers) -> dict:
    """KKT residuals of a candidate projection x of y onto B_{c1}(r1) ∩ B_{c2}(r2) with multipliers (λ1, λ2).

    Preconditions (validated): x, y, c1, c2 finite vectors of one length d; r1, r2 in (0, inf] (``r1=inf``,
    ``r2=inf``: no constraint); ``multipliers`` a pair (λ1, λ2) of finite reals.
    Steps: ``stationarity`` = ||(x - y) + λ1 (x - c1) + λ2 (x - c2)||, ``primal`` = max(0, ||x-ci|| - ri),
    ``dual`` = max(0, -λi), ``slackness`` = max_i |λi (||x - ci|| - ri)|.
    Postcondition: all four are 0 at the exact projection (the problem is convex with Slater's condition whenever the
    intersection has an interior point, so KKT is necessary and sufficient).
    Randomness: none (deterministic).
    Spec: core.geom.proj_two_balls
    """
    r1 = _V.positive("r1", r1, allow_inf=True)
    r2 = _V.positive("r2", r2, allow_inf=True)
    y = as_vector("y", y)
    x = as_vector("x", x, y.shape[0])
    c1 = as_vector("c1", c1, y.shape[0])
    c2 = as_vector("c2", c2, y.shape[0])
    mult = _V.sequence("multipliers", multipliers)
    if len(mult) != 2:
        raise ValueError(f"multipliers must be a pair (lambda1, lambda2), got {len(mult)} values")
    l1, l2 = _V.real("multipliers[0]", mult[0]), _V.real("multipliers[1]", mult[1])
    g1 = float(np.linalg.norm(x - c1)) - r1
    g2 = float(np.linalg.norm(x - c2)) - r2
    return {
        "stationarity": float(np.linalg.norm((x - y) + l1 * (x - c1) + l2 * (x - c2))),
        "primal": max(0.0, g1, g2),
        "dual": max(0.0, -l1, -l2),
        "slackness": max(abs(l1 * g1), abs(l2 * g2)),
    }


# --------------------------------------------------------------------------------------------
# l1 ball, box, simplex
# --------------------------------------------------------------------------------------------

def _simplex_threshold(u_sorted_desc: np.ndarray, z: float) -> float:
    """θ with Σ max(u_i - θ, 0) = z for u ≥ 0 sorted descending and Σ u > z (Duchi et al. 2008, Fig. 1)."""
    cssv = np.cumsum(u_sorted_desc)
    j = np.arange(1, u_sorted_desc.size + 1)
    cond = u_sorted_desc - (cssv - z) / j > 0
    nz = np.nonzero(cond)[0]
    # cond holds at j = 1 in exact arithmetic (u_1 - (u_1 - z) = z > 0); rounding can lose it when z << u_1
    rho = int(nz[-1]) if nz.size else 0
    return float((cssv[rho] - z) / (rho + 1))


def proj_l1_ball(y, radius: float = 1.0, center=None) -> np.ndarray:
    """Euclidean projection onto ``{x : ||x - center||_1 <= radius}`` (Duchi et al. 2008, sort-based, O(d log d)).

    Preconditions: ``y`` finite 1-D; ``radius`` in [0, inf] (``radius=inf``: no constraint); ``center`` None
    (origin), a scalar or shape (d,).
    Steps: v = y - c; if ||v||_1 <= r return y; else u = sort(|v|) descending,
    ρ = max{j : u_j - (Σ_{i<=j} u_i - r)/j > 0}, θ = (Σ_{i<=ρ} u_i - r)/ρ, x = c + sign(v) max(|v| - θ, 0).
    Postcondition: ||x - c||_1 <= r (up to rounding); variational inequality holds.
    Randomness: none (deterministic).
    Spec: core.geom.proj_l1_ball
    """
    y = as_vector("y", y)
    c = _center(center, y.shape[0])
    r = check_radius("radius", radius)
    v = y - c
    if float(np.sum(np.abs(v))) <= r:
        return y.copy()
    if r == 0.0:
        return c.copy()
    u = np.sort(np.abs(v))[::-1]
    theta = _simplex_threshold(u, r)
    return c + np.sign(v) * np.maximum(np.abs(v) - theta, 0.0)


def proj_box(y, lower, upper) -> np.ndarray:
    """Euclidean projection onto the box ``{x : lower <= x <= upper}`` (coordinate-wise clipping).

    Preconditions: ``y`` finite 1-D; ``lower``, ``upper`` scalars or shape (d,), not NaN (±inf allowed:
    ``lower=-inf``, ``upper=inf`` leave that side open), ``lower <= upper`` coordinate-wise.
    Postcondition: lower <= x <= upper exactly; variational inequality holds.
    Steps: x_i = min(max(y_i, lower_i), upper_i).
    Randomness: none (deterministic).
    Spec: core.geom.proj_box
    """
    y = as_vector("y", y)
    lo, hi = _V.array("lower", lower, allow_inf=True), _V.array("upper", upper, allow_inf=True)
    for nm, b in (("lower", lo), ("upper", hi)):
        if b.ndim > 1 or (b.ndim == 1 and b.shape != y.shape):
            raise ValueError(f"{nm} must be a scalar or have the shape of y {y.shape}, got shape {b.shape}")
    lo, hi = np.broadcast_to(lo, y.shape), np.broadcast_to(hi, y.shape)
    if np.any(lo > hi):
        raise ValueError("lower, upper: need lower <= upper coordinate-wise")
    return np.minimum(np.maximum(y, lo), hi)


def proj_simplex(y, total: float = 1.0) -> np.ndarray:
    """Euclidean projection onto the scaled simplex ``{x : x >= 0, Σ x = total}`` (Duchi et al. 2008).

    Preconditions: ``y`` finite 1-D; ``total`` in (0, inf).
    Steps: u = sort(y) descending; ρ, θ as in :func:`proj_l1_ball` (without absolute values); x = max(y - θ, 0).
    Postcondition: x >= 0, Σ x = total (up to rounding); variational inequality holds.
    Randomness: none (deterministic).
    Spec: core.geom.proj_simplex
    """
    y = as_vector("y", y)
    z = check_radius("total", total, allow_inf=False, allow_zero=False)
    u = np.sort(y)[::-1]
    theta = _simplex_threshold(u, z)
    return np.maximum(y - theta, 0.0)
