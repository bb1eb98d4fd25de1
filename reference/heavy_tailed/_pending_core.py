"""Minimal private versions of shared primitives used by the heavy-tailed package.

Every function here is a stand-in for a ``reference.core`` primitive that did not exist yet when this
package was written.  # TODO(core): replace each by the named reference.core function once it exists.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import special, stats

__all__ = [
    "clip", "proj_l2_ball", "GradientOracle", "gaussian_delta", "zcdp_to_dp_standard",
    "zcdp_gaussian", "clopper_pearson", "hoeffding_radius",
]


def clip(x, lo: float, hi: float) -> np.ndarray:
    """Coordinate-wise clip to [lo, hi] (+-inf mapped to the endpoints).

    # TODO(core): replace by reference.core.samplers.clip
    """
    if not lo <= hi:
        raise ValueError(f"clip: need lo <= hi, got lo={lo}, hi={hi}")
    x = np.asarray(x, dtype=float)
    if np.isnan(x).any():
        raise ValueError("clip: x contains NaN; allowed: real numbers or +-inf")
    return np.clip(x, lo, hi)


def proj_l2_ball(y, center, radius: float) -> np.ndarray:
    """Euclidean projection onto the ball B_radius(center).

    # TODO(core): replace by reference.core.geometry.proj_l2_ball
    """
    if not radius > 0:
        raise ValueError(f"proj_l2_ball: radius must be > 0, got {radius}")
    y = np.asarray(y, dtype=float)
    c = np.asarray(center, dtype=float)
    v = y - c
    nv = float(np.linalg.norm(v))
    if nv <= radius:
        return y.copy()
    return c + v * (radius / nv)


class GradientOracle:
    """Counting per-sample gradient oracle: ``oracle(w, X)`` returns the |X| x d matrix of gradients.

    ``calls`` counts per-sample gradient evaluations; ``rounds`` counts batch queries (parallel depth).
    # TODO(core): replace by reference.core.oracles.GradientOracle
    """

    def __init__(self, grad_fn):
        self.grad_fn = grad_fn
        self.calls = 0
        self.rounds = 0

    def __call__(self, w, X) -> np.ndarray:
        X = np.asarray(X, dtype=float)
        G = np.asarray(self.grad_fn(np.asarray(w, dtype=float), X), dtype=float)
        if G.shape[0] != X.shape[0]:
            raise ValueError("gradient function must return one row per sample")
        self.calls += X.shape[0]
        self.rounds += 1
        return G


def gaussian_delta(epsilon: float, mu: float) -> float:
    """Exact privacy profile of the Gaussian mechanism with mu = sensitivity/sigma:
    delta(eps) = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2)  (Balle-Wang 2018).

    # TODO(core): replace by reference.core.accounting.gaussian_delta / gdp_delta
    """
    if mu < 0:
        raise ValueError(f"gaussian_delta: mu must be >= 0, got {mu}")
    if mu == 0:
        return 0.0
    a = -epsilon / mu + mu / 2
    b = -epsilon / mu - mu / 2
    # e^eps Phi(b) computed in log space for large eps
    return float(special.ndtr(a) - math.exp(epsilon + special.log_ndtr(b)))


def zcdp_to_dp_standard(rho: float, delta: float) -> float:
    """BS16 Prop 1.3: rho-zCDP => (rho + 2 sqrt(rho ln(1/delta)), delta)-DP.

    # TODO(core): replace by reference.core.accounting.zcdp_to_dp(rho, delta, method="standard")
    """
    if not rho >= 0:
        raise ValueError(f"rho must be >= 0, got {rho}")
    if not 0 < delta < 1:
        raise ValueError(f"delta must be in (0,1), got {delta}")
    return rho + 2.0 * math.sqrt(rho * math.log(1.0 / delta))


def zcdp_gaussian(sigma: float, sensitivity: float = 1.0) -> float:
    """rho of the Gaussian mechanism: sensitivity^2/(2 sigma^2).

    # TODO(core): replace by reference.core.accounting.zcdp_gaussian
    """
    if not sigma > 0:
        raise ValueError(f"sigma must be > 0, got {sigma}")
    return sensitivity ** 2 / (2.0 * sigma ** 2)


def clopper_pearson(k: int, n: int, alpha: float) -> tuple[float, float]:
    """Two-sided exact (1-alpha) Clopper-Pearson interval; each side has error <= alpha/2.

    # TODO(core): replace by reference.core.testing.clopper_pearson
    """
    if not 0 <= k <= n or n < 1:
        raise ValueError(f"need 0 <= k <= n, n >= 1; got k={k}, n={n}")
    lo = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(stats.beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lo, hi


def hoeffding_radius(n: int, width: float, alpha: float) -> float:
    """Two-sided Hoeffding radius for the mean of n variables in an interval of length ``width``.

    # TODO(core): replace by reference.core.testing.hoeffding_radius
    """
    return width * math.sqrt(math.log(2.0 / alpha) / (2.0 * n))
