"""Minimal private stand-ins for shared primitives that reference/core did not provide yet.

Each function carries ``# TODO(core): replace by reference.core.X``; the lead swaps them when the core
versions exist.  They are deliberately small and are checked by proofs_checks/srgd (GDP formula against
numerical integration of the Gaussian hockey-stick divergence, clip against its definition).
"""
from __future__ import annotations

import math

import mpmath as mp
import numpy as np

__all__ = ["clip_l2", "gdp_delta", "gdp_mu", "CountingGradientOracle"]


# TODO(core): replace by reference.core.samplers.clip_l2
def clip_l2(v, kappa: float) -> np.ndarray:
    """Row-wise clip(v, κ) = v·min{1, κ/‖v‖₂} (002 l.110, l.554); clip(0, κ) = 0.

    Preconditions: kappa in (0, inf]; v finite, shape (p,) or (m, p).
    """
    kappa = float(kappa)
    if not kappa > 0 or math.isnan(kappa):
        raise ValueError(f"kappa must be in (0, inf], got {kappa!r}")
    v = np.asarray(v, dtype=float)
    if not np.all(np.isfinite(v)):
        raise ValueError("v must be finite (no NaN/inf)")
    if math.isinf(kappa):
        return v.copy()
    norms = np.linalg.norm(v, axis=-1, keepdims=True)
    scale = np.minimum(1.0, kappa / np.maximum(norms, 1e-300))
    return v * scale


# TODO(core): replace by reference.core.accounting.gdp_delta
def gdp_delta(epsilon: float, mu: float, dps: int = 40) -> float:
    """Exact δ(ε) of μ-GDP (Dong–Roth–Su 2019 Cor. 2.13): Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2).

    Preconditions: epsilon >= 0 finite, mu >= 0 finite.  Evaluated with mpmath at ``dps`` digits
    (the difference of two nearly equal terms needs the extra precision for large ε).
    """
    if not (epsilon >= 0 and math.isfinite(epsilon)):
        raise ValueError(f"epsilon must be in [0, inf), got {epsilon!r}")
    if not (mu >= 0 and math.isfinite(mu)):
        raise ValueError(f"mu must be in [0, inf), got {mu!r}")
    if mu == 0:
        return 0.0
    with mp.workdps(dps):
        e, m = mp.mpf(epsilon), mp.mpf(mu)
        val = mp.ncdf(-e / m + m / 2) - mp.exp(e) * mp.ncdf(-e / m - m / 2)
        return float(max(val, mp.mpf(0)))


# TODO(core): replace by reference.core.accounting.gdp_mu
def gdp_mu(epsilon: float, delta: float, dps: int = 40) -> float:
    """The largest μ with δ_GDP(ε; μ) <= δ (bisection; δ_GDP is increasing in μ).

    Preconditions: epsilon in [0, inf), delta in (0, 1).
    """
    if not (epsilon >= 0 and math.isfinite(epsilon)):
        raise ValueError(f"epsilon must be in [0, inf), got {epsilon!r}")
    if not (0 < delta < 1):
        raise ValueError(f"delta must be in (0, 1), got {delta!r}")
    lo, hi = 0.0, 1.0
    while gdp_delta(epsilon, hi, dps) <= delta:
        lo, hi = hi, 2 * hi
        if hi > 1e6:
            raise ValueError("gdp_mu: no finite mu found (delta too large?)")
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if gdp_delta(epsilon, mid, dps) <= delta:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-15 * hi:
            break
    return lo


# TODO(core): replace by reference.core.oracles.GradientOracle (per-example, counting)
class CountingGradientOracle:
    """Per-example gradient oracle ∇f(x_i, d_i) with call counters.

    ``grad(X, D)`` maps points X (m, p) and examples D (m, ...) to per-example gradients (m, p).
    ``calls`` counts per-example gradient evaluations; ``rounds`` counts batch queries (parallel depth:
    a batch query evaluates all its rows at states fixed before the query).
    """

    def __init__(self, grad):
        self._grad = grad
        self.calls = 0
        self.rounds = 0

    def __call__(self, X, D) -> np.ndarray:
        X = np.asarray(X, dtype=float)
        if X.ndim != 2:
            raise ValueError(f"X must have shape (m, p), got {X.shape}")
        if len(D) != X.shape[0]:
            raise ValueError(f"D must have {X.shape[0]} rows, got {len(D)}")
        self.calls += X.shape[0]
        self.rounds += 1
        G = np.asarray(self._grad(X, D), dtype=float)
        if G.shape != X.shape:
            raise ValueError(f"gradient must have shape {X.shape}, got {G.shape}")
        return G
