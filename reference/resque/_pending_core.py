"""Minimal private versions of shared primitives that ``reference.core`` did not yet provide when doc 000 was written.

Every function here is marked ``# TODO(core): replace by reference.core.X``; the lead swaps them for the core
versions once those exist (same signatures as announced in briefs/common.md).
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np
from scipy import stats


# --------------------------------------------------------------------------------------------------------------
# geometry
# --------------------------------------------------------------------------------------------------------------
def proj_l2_ball(y: np.ndarray, center: np.ndarray, radius: float) -> np.ndarray:
    """Euclidean projection of ``y`` onto B_center(radius).  # TODO(core): replace by reference.core.geometry.proj_l2_ball"""
    if not radius >= 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    y = np.asarray(y, dtype=float)
    c = np.asarray(center, dtype=float)
    v = y - c
    nv = float(np.linalg.norm(v))
    if nv <= radius:
        return y.copy()
    return c + v * (radius / nv)


# --------------------------------------------------------------------------------------------------------------
# counting oracle
# --------------------------------------------------------------------------------------------------------------
class CountingGradientOracle:
    """Wraps ``fn(X) -> G`` (rows = query points) and counts calls and parallel rounds.

    ``query(x)`` is one query in its own round; ``query_batch(X)`` is ``len(X)`` queries in ONE round (depth 1).
    # TODO(core): replace by reference.core.oracles.StochasticGradientOracle
    """

    def __init__(self, fn):
        self.fn = fn
        self.calls = 0
        self.rounds = 0

    def query(self, x: np.ndarray) -> np.ndarray:
        self.calls += 1
        self.rounds += 1
        return np.asarray(self.fn(np.asarray(x, dtype=float)[None, :]))[0]

    def query_batch(self, X: np.ndarray) -> np.ndarray:
        X = np.atleast_2d(np.asarray(X, dtype=float))
        self.calls += X.shape[0]
        self.rounds += 1
        return np.asarray(self.fn(X))


# --------------------------------------------------------------------------------------------------------------
# accounting
# --------------------------------------------------------------------------------------------------------------
def rdp_gaussian(alpha: float, sigma: float, sensitivity: float = 1.0) -> float:
    """alpha*Delta^2/(2 sigma^2) [Mir17, Prop 7].  # TODO(core): replace by reference.core.accounting.rdp_gaussian"""
    if not alpha > 1:
        raise ValueError(f"alpha must be > 1, got {alpha}")
    if not sigma > 0:
        raise ValueError(f"sigma must be > 0, got {sigma}")
    return alpha * sensitivity ** 2 / (2.0 * sigma ** 2)


def rdp_to_dp_mironov(alpha: float, rdp: float, delta: float) -> float:
    """eps = rdp + log(1/delta)/(alpha-1) [Mir17, Prop 3].  # TODO(core): reference.core.accounting.rdp_to_dp(method="mironov")"""
    if not alpha > 1:
        raise ValueError(f"alpha must be > 1, got {alpha}")
    if not 0 < delta < 1:
        raise ValueError(f"delta must be in (0,1), got {delta}")
    return rdp + math.log(1.0 / delta) / (alpha - 1.0)


def gaussian_delta(epsilon: float, sigma: float, sensitivity: float = 1.0) -> float:
    """Exact privacy profile of the Gaussian mechanism (Balle-Wang 2018).
    # TODO(core): replace by reference.core.accounting.gaussian_delta"""
    a = sensitivity / (2 * sigma)
    b = epsilon * sigma / sensitivity
    return float(stats.norm.cdf(a - b) - math.exp(epsilon + stats.norm.logcdf(-a - b)))


# --------------------------------------------------------------------------------------------------------------
# testing
# --------------------------------------------------------------------------------------------------------------
def clopper_pearson(k: int, n: int, alpha: float) -> tuple[float, float]:
    """Two-sided exact (1-alpha) CI for a binomial proportion.  # TODO(core): reference.core.testing.clopper_pearson"""
    lo = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2, k, n - k + 1))
    hi = 1.0 if k == n else float(stats.beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lo, hi


def hoeffding_radius(n: int, width: float, alpha: float) -> float:
    """One-sided Hoeffding radius for the mean of n variables in an interval of length ``width``.
    # TODO(core): replace by reference.core.testing.hoeffding_radius"""
    return width * math.sqrt(math.log(1.0 / alpha) / (2.0 * n))


# --------------------------------------------------------------------------------------------------------------
# problems: sums of absolute values with exact Gaussian smoothing (catalog A0')
# --------------------------------------------------------------------------------------------------------------
class AbsSum:
    """f(x) = sum_i c_i |<a_i, x> - b_i| with exact Gaussian-smoothed value, gradient and Hessian (catalog A0').

    # TODO(core): replace by reference.core.problems (abs-value with exact Gaussian smoothing)
    """

    def __init__(self, A: np.ndarray, b: np.ndarray, c: np.ndarray | None = None):
        self.A = np.atleast_2d(np.asarray(A, dtype=float))
        self.b = np.asarray(b, dtype=float).reshape(-1)
        self.c = np.ones(self.A.shape[0]) if c is None else np.asarray(c, dtype=float).reshape(-1)
        self.d = self.A.shape[1]
        self.L = float(np.sum(np.abs(self.c) * np.linalg.norm(self.A, axis=1)))

    def value(self, x):
        return float(np.sum(self.c * np.abs(self.A @ x - self.b)))

    def subgrad(self, X):
        """Row-wise subgradients sum c_i a_i sign(mu_i) at the rows of X."""
        X = np.atleast_2d(X)
        return (np.sign(X @ self.A.T - self.b) * self.c) @ self.A

    def smooth_value(self, x, rho):
        mu = self.A @ x - self.b
        s = rho * np.linalg.norm(self.A, axis=1)
        z = mu / s
        return float(np.sum(self.c * (mu * (2 * stats.norm.cdf(z) - 1) + 2 * s * stats.norm.pdf(z))))

    def smooth_grad(self, x, rho):
        mu = self.A @ x - self.b
        s = rho * np.linalg.norm(self.A, axis=1)
        return (self.c * (2 * stats.norm.cdf(mu / s) - 1)) @ self.A

    def smooth_hess(self, x, rho):
        mu = self.A @ x - self.b
        s = rho * np.linalg.norm(self.A, axis=1)
        wts = self.c * 2.0 / s * stats.norm.pdf(mu / s)
        return (self.A.T * wts) @ self.A
