"""Projection onto an intersection of a few Euclidean balls (the domains X_i of Algs 2-6 of document 001).

Domains are lists of ``(centre, radius)`` pairs: Alg. 5 intersects its input X (itself possibly a ball around an
earlier iterate) with a new ball, and Alg. 4 intersects again, so up to four balls meet (catalog P2, P4).
One ball and two balls use ``reference.core.geometry`` (``proj_l2_ball``, the closed form ``proj_two_balls``);
three or four balls, which core does not provide, are projected exactly by enumerating active sets here.
Spec: 001.P2 (projection used by the certified solver), 001.P4 (domains).
"""
from __future__ import annotations

import itertools
import math
from typing import Sequence

import numpy as np

from reference.core.geometry import proj_l2_ball, proj_two_balls
from reference.core import validation as _V

__all__ = ["check_balls", "proj_balls", "balls_intersect"]

MAX_BALLS = 4


def _proj_sphere_intersection(y, centers, radii):
    """Nearest point to y of {x : ||x - c_j|| = r_j for all j} (a lower-dimensional sphere), or None if empty.

    The sphere lies in the affine plane P = {x : 2(c_j - c_1)'x = r_1^2 - r_j^2 + ||c_j||^2 - ||c_1||^2}; its centre
    is the projection p of c_1 on P and its radius sqrt(r_1^2 - ||c_1 - p||^2); the nearest point is p plus that
    radius times the direction of (Pi_P(y) - p).
    """
    c1, r1 = centers[0], radii[0]
    if len(centers) == 1:
        v = y - c1
        nv = float(np.linalg.norm(v))
        if nv == 0.0:
            v = np.zeros_like(y); v[0] = 1.0; nv = 1.0
        return c1 + r1 * v / nv
    B = np.array([2 * (c - c1) for c in centers[1:]])
    h = np.array([r1 ** 2 - r ** 2 + float(c @ c) - float(c1 @ c1) for c, r in zip(centers[1:], radii[1:])])
    BBt = B @ B.T
    if np.linalg.matrix_rank(BBt) < len(h):
        return None

    def onto_P(z):
        return z - B.T @ np.linalg.solve(BBt, B @ z - h)

    p = onto_P(c1)
    rho2 = r1 ** 2 - float((c1 - p) @ (c1 - p))
    if rho2 < 0:
        return None
    w = onto_P(y) - p
    nw = float(np.linalg.norm(w))
    if nw == 0.0:                                   # y on the axis: any point of the sphere is nearest
        Q, _ = np.linalg.qr(B.T, mode="complete")
        w = Q[:, len(h)] if Q.shape[1] > len(h) else np.zeros_like(y)
        nw = float(np.linalg.norm(w)) or 1.0
    return p + math.sqrt(rho2) * w / nw


def check_balls(balls, name: str = "balls", d: int | None = None) -> list:
    """``balls`` as a list of (centre 1-D finite array, radius >= 0 finite) pairs of one dimension; [] allowed."""
    if balls is None or isinstance(balls, (str, bytes, bool, np.bool_, float, int, np.number)) \
            or not hasattr(balls, "__iter__"):
        raise TypeError(f"{name} must be a list of (centre, radius) pairs, got {type(balls).__name__} {balls!r}"[:300])
    if isinstance(balls, np.ndarray):
        raise TypeError(f"{name} must be a list of (centre, radius) pairs, got an array of shape {balls.shape}")
    out = []
    for i, b in enumerate(balls):
        if not (isinstance(b, (tuple, list)) and len(b) == 2):
            raise TypeError(f"{name}[{i}] must be a (centre, radius) pair, got {b!r}"[:300])
        c = _V.vector(f"{name}[{i}] centre", b[0], d)
        d = c.shape[0]
        out.append((c, _V.nonnegative(f"{name}[{i}] radius", b[1])))
    return out


def proj_balls(y: np.ndarray, balls: Sequence[tuple[np.ndarray, float]], rtol: float = 1e-10) -> np.ndarray:
    """Euclidean projection of y onto the intersection of at most four balls.

    Preconditions: ``balls`` a list of 0..4 pairs (centre of the dimension of y, radius >= 0); [] means R^d;
    rtol in (0, 1] (validated).
    Steps: 0 balls -> y; 1 ball -> core proj_l2_ball; 2 balls -> core proj_two_balls (closed form);
      3-4 balls -> y if feasible; else the first projection onto one ball or onto a pair of balls that lies in
      K (it is then the projection onto K, K being a subset); else the nearest feasible point among the
      projections of y onto the intersection spheres of the active sets of size >= 3 (the projection lies on
      the sphere of its active set, KKT).
    Postcondition: the exact projection (up to rounding); ValueError if the intersection is empty.
    Randomness: none (deterministic).
    Spec: 001.P2.
    """
    rtol = _V.in_range("rtol", rtol, 0.0, 1.0, lo_open=True)
    try:                                   # hot path (every solver step): inputs validated only when it fails
        return _proj_balls(y, balls, rtol)
    except (TypeError, ValueError, IndexError):
        yv = _V.vector("y", y)
        check_balls(balls, "balls", yv.shape[0])
        raise


def _proj_balls(y, balls, rtol):
    y = np.asarray(y, float)
    if len(balls) == 0:
        return y.copy()
    if len(balls) > MAX_BALLS:
        raise ValueError(f"balls: at most {MAX_BALLS} balls supported, got {len(balls)}")
    C = [np.asarray(c, float) for c, _ in balls]
    Rr = [float(r) for _, r in balls]
    if len(balls) == 1:
        return proj_l2_ball(y, C[0], Rr[0])
    if len(balls) == 2:
        return proj_two_balls(y, C[0], Rr[0], C[1], Rr[1])
    scale = max(Rr) + max(float(np.linalg.norm(c)) for c in C)

    def feasible(z):
        return all(float(np.sqrt((z - c) @ (z - c))) <= r + rtol * scale for c, r in zip(C, Rr))

    if feasible(y):
        return y.copy()
    # If the projection onto a superset (one ball, or two balls in closed form) lies in K, it is the projection
    # onto K: K is contained in that superset, so no point of K is closer to y.
    for j in range(len(C)):
        z = proj_l2_ball(y, C[j], Rr[j])
        if feasible(z):
            return z
    for i, j in itertools.combinations(range(len(C)), 2):
        try:
            z = proj_two_balls(y, C[i], Rr[i], C[j], Rr[j])
        except ValueError:
            raise ValueError("balls: empty intersection") from None
        if feasible(z):
            return z
    # otherwise at least three constraints are active: nearest feasible point on an intersection sphere
    best, bd = None, math.inf
    for k in range(3, len(C) + 1):
        for A in itertools.combinations(range(len(C)), k):
            z = _proj_sphere_intersection(y, [C[j] for j in A], [Rr[j] for j in A])
            if z is not None and feasible(z):
                dz = float(np.linalg.norm(z - y))
                if dz < bd:
                    best, bd = z, dz
    if best is None:
        raise ValueError("balls: empty intersection")
    return best


def balls_intersect(balls: Sequence[tuple[np.ndarray, float]]) -> bool:
    """True iff the intersection of the balls is non-empty (the projection of a centre exists).

    Preconditions (validated): ``balls`` a non-empty list of (centre, radius >= 0) pairs of one dimension."""
    balls = check_balls(balls)
    if not balls:
        raise ValueError("balls must not be empty (the intersection of no balls is R^d)")
    try:
        proj_balls(np.asarray(balls[0][0], float), balls)
        return True
    except ValueError:
        return False
