"""Minimal private versions of shared primitives that ``reference.core`` did not provide yet.

Each function carries ``# TODO(core): replace by reference.core.X``; the lead swaps them when core lands.
Everything here is small and exact enough to be a test oracle itself.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import mpmath
import numpy as np
from scipy import stats


# ----------------------------------------------------------------------------------------------------
# accounting
# ----------------------------------------------------------------------------------------------------
def analytic_gaussian_delta(epsilon: float, sigma: float, sensitivity: float = 1.0, dps: int = 50) -> float:
    """Exact (Balle & Wang 2018) delta(eps) of the Gaussian mechanism N(0, sigma^2 I), l2 sensitivity Delta.

    delta = Phi(Delta/(2 sigma) - eps sigma/Delta) - e^eps Phi(-Delta/(2 sigma) - eps sigma/Delta).
    # TODO(core): replace by reference.core.accounting.gaussian_delta
    """
    if not (epsilon >= 0 and math.isfinite(epsilon)):
        raise ValueError(f"epsilon must be finite and >= 0, got {epsilon}")
    if not sigma > 0:
        raise ValueError(f"sigma must be > 0, got {sigma}")
    if sensitivity < 0:
        raise ValueError(f"sensitivity must be >= 0, got {sensitivity}")
    if sensitivity == 0:
        return 0.0
    with mpmath.workdps(dps):
        a = mpmath.mpf(sensitivity) / (2 * mpmath.mpf(sigma))
        b = mpmath.mpf(epsilon) * mpmath.mpf(sigma) / mpmath.mpf(sensitivity)
        val = mpmath.ncdf(a - b) - mpmath.exp(epsilon) * mpmath.ncdf(-a - b)
        return float(max(val, mpmath.mpf(0)))


def laplace_epsilon(l1_sensitivity: float, b: float) -> float:
    """Pure-DP epsilon of iid Laplace(0, b) noise for a query of l1 sensitivity Delta_1: Delta_1/b (exact, tight).

    # TODO(core): replace by reference.core.mechanisms / accounting (laplace)
    """
    if not b > 0:
        raise ValueError(f"b must be > 0, got {b}")
    return float(l1_sensitivity) / float(b)


def group_privacy(epsilon: float, delta: float, k: int) -> tuple[float, float]:
    """(eps, delta)-DP at Hamming distance k: (k eps, k e^{(k-1) eps} delta) (DR14 / paper L539-542).

    # TODO(core): replace by reference.core.accounting.group_privacy
    """
    if k < 1 or int(k) != k:
        raise ValueError(f"k must be a positive integer, got {k}")
    return k * epsilon, k * math.exp((k - 1) * epsilon) * delta


# ----------------------------------------------------------------------------------------------------
# testing
# ----------------------------------------------------------------------------------------------------
def clopper_pearson(k: int, n: int, alpha: float) -> tuple[float, float]:
    """Two-sided exact Clopper-Pearson interval at level 1 - alpha.

    # TODO(core): replace by reference.core.testing.clopper_pearson
    """
    if not (0 <= k <= n and n >= 1):
        raise ValueError(f"need 0 <= k <= n, n >= 1; got k={k}, n={n}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0,1), got {alpha}")
    lo = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(stats.beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lo, hi


# ----------------------------------------------------------------------------------------------------
# geometry
# ----------------------------------------------------------------------------------------------------
def proj_l2_ball(y: np.ndarray, center: np.ndarray, radius: float) -> np.ndarray:
    """Euclidean projection onto B(center, radius).  # TODO(core): replace by reference.core.geometry.proj_l2_ball"""
    v = y - center
    r = float(np.linalg.norm(v))
    if r <= radius:
        return y.copy()
    return center + v * (radius / r)


def proj_two_balls(y, c1, r1, c2, r2) -> np.ndarray:
    """Euclidean projection onto B(c1,r1) cap B(c2,r2) (closed form; raises if the intersection is empty).

    # TODO(core): replace by reference.core.geometry.proj_two_balls
    """
    c1 = np.asarray(c1, float); c2 = np.asarray(c2, float); y = np.asarray(y, float)
    dc = float(np.linalg.norm(c2 - c1))
    if dc > r1 + r2 * (1 + 1e-12) + 1e-300:
        raise ValueError(f"empty intersection of balls: ||c1-c2|| = {dc} > r1 + r2 = {r1 + r2}")
    tol = 1e-12
    in1 = np.linalg.norm(y - c1) <= r1 * (1 + tol)
    in2 = np.linalg.norm(y - c2) <= r2 * (1 + tol)
    if in1 and in2:
        return y.copy()
    p1 = proj_l2_ball(y, c1, r1)
    if np.linalg.norm(p1 - c2) <= r2 * (1 + tol):
        return p1
    p2 = proj_l2_ball(y, c2, r2)
    if np.linalg.norm(p2 - c1) <= r1 * (1 + tol):
        return p2
    # project onto the intersection sphere: circle in the hyperplane perpendicular to c2 - c1
    u = (c2 - c1) / dc
    a = (dc ** 2 + r1 ** 2 - r2 ** 2) / (2 * dc)        # distance from c1 to the hyperplane
    rho = math.sqrt(max(r1 ** 2 - a ** 2, 0.0))          # circle radius
    p = c1 + a * u
    w = (y - p) - np.dot(y - p, u) * u
    nw = float(np.linalg.norm(w))
    if nw == 0.0:                                        # any point of the circle: pick an orthogonal direction
        e = np.zeros_like(u); e[int(np.argmin(np.abs(u)))] = 1.0
        w = e - np.dot(e, u) * u; nw = float(np.linalg.norm(w))
    return p + rho * w / nw


def _proj_sphere_intersection(y, centers, radii):
    """Nearest point to y of {x: ||x - c_j|| = r_j for all j} (a lower-dimensional sphere), or None if empty."""
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
    yP = onto_P(y)
    w = yP - p
    nw = float(np.linalg.norm(w))
    if nw == 0.0:                                   # any point of the sphere: an in-plane direction
        Q, _ = np.linalg.qr(B.T, mode="complete")
        w = Q[:, len(h)] if Q.shape[1] > len(h) else np.zeros_like(y)
        nw = float(np.linalg.norm(w)) or 1.0
    return p + math.sqrt(rho2) * w / nw


def proj_balls(y: np.ndarray, balls: Sequence[tuple[np.ndarray, float]], rtol: float = 1e-10) -> np.ndarray:
    """Euclidean projection onto an intersection of (few) balls, exactly: the projection lies on the
    intersection sphere of its active set, and is the nearest feasible candidate over all active sets.
    Raises ValueError if the intersection is empty.
    # TODO(core): replace by reference.core.geometry (proj_two_balls generalised)
    """
    y = np.asarray(y, float)
    if len(balls) == 0:
        return y.copy()
    if len(balls) == 1:
        return proj_l2_ball(y, np.asarray(balls[0][0], float), float(balls[0][1]))
    if len(balls) > 4:
        raise ValueError(f"balls: at most 4 balls supported, got {len(balls)}")
    C = [np.asarray(c, float) for c, _ in balls]
    Rr = [float(r) for _, r in balls]
    scale = max(Rr) + max(float(np.linalg.norm(c)) for c in C)

    def feasible(z):
        return all(float(np.linalg.norm(z - c)) <= r + rtol * scale for c, r in zip(C, Rr))

    if feasible(y):
        return y.copy()
    best, bd = None, math.inf
    import itertools
    for k in range(1, len(C) + 1):
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
    """True iff the intersection of the balls is non-empty (projection of a centre succeeds)."""
    try:
        proj_balls(np.asarray(balls[0][0], float), balls)
        return True
    except ValueError:
        return False


# ----------------------------------------------------------------------------------------------------
# oracles
# ----------------------------------------------------------------------------------------------------
@dataclass
class CountingOracle:
    """Counts gradient-oracle calls (per sample evaluations) and rounds (batched calls).

    # TODO(core): replace by reference.core.oracles.GradientOracle
    """
    calls: int = 0
    rounds: int = 0
    erm_solves: int = 0
    erm_sizes: list = field(default_factory=list)
    noise_draws: int = 0

    def tick(self, n_samples: int) -> None:
        self.calls += int(n_samples)
        self.rounds += 1


# ----------------------------------------------------------------------------------------------------
# certified strongly convex solver
# ----------------------------------------------------------------------------------------------------
def solve_strongly_convex(grad: Callable[[np.ndarray], np.ndarray], x0: np.ndarray, mu: float, smooth: float,
                          balls: Sequence[tuple[np.ndarray, float]], tau: float, max_iter: int = 200_000,
                          safety: float = 1e-9) -> tuple[np.ndarray, float]:
    """Minimise a mu-strongly convex, `smooth`-smooth Phi over K = cap of balls; return (x, certified_radius).

    Projected gradient with step 1/H'.  Stop at the first iterate x with 2||G(x)||/mu <= tau, where
    G(x) = H'(x - Pi_K(x - grad Phi(x)/H')).  Nesterov (Introductory Lectures, Thm 2.2.7) gives
    <G, x - x*> >= (mu/2)||x - x*||^2, hence ||x - x*|| <= 2||G||/mu.  The returned radius is 2||G||/mu
    inflated by a relative ``safety`` for floating-point rounding.
    # TODO(core): replace by reference.core.problems.solve_strongly_convex
    """
    if not mu > 0:
        raise ValueError(f"mu must be > 0, got {mu}")
    if not smooth >= mu:
        raise ValueError(f"smooth must be >= mu, got smooth={smooth}, mu={mu}")
    if not tau > 0:
        raise ValueError(f"tau must be > 0, got {tau}")
    Hp = float(smooth)
    kappa = Hp / mu
    mom = (math.sqrt(kappa) - 1) / (math.sqrt(kappa) + 1)      # Nesterov constant momentum (strongly convex)
    x = proj_balls(np.asarray(x0, float), balls)
    y = x
    for _ in range(max_iter):
        x_plus = proj_balls(y - grad(y) / Hp, balls)
        G = Hp * (y - x_plus)                                   # gradient mapping at y (Thm 2.2.7 allows any y)
        radius = 2.0 * float(np.linalg.norm(G)) / mu
        radius = radius * (1 + safety) + 1e-15 * (1 + float(np.linalg.norm(y)))
        if radius <= tau:
            # ||y - x*|| <= radius; the projected-gradient map is (1 - mu/H')-Lipschitz and fixes x*,
            # so x_plus (a point of K) is at least as close: return it with the same certificate.
            return x_plus, radius
        y = x_plus + mom * (x_plus - x)
        x = x_plus
    raise RuntimeError(f"solve_strongly_convex: no certificate <= tau={tau} after max_iter={max_iter} "
                       f"(condition number {kappa:.3g}); increase max_iter or tau")
