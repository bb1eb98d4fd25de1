"""Exact privacy of what is implemented in document 001 (PC-1 .. PC-6).

Each phase of Alg. 4 releases x_hat_i + zeta_i where x_hat_i is a deterministic function of the phase's
chunk and of earlier releases.  Coupling the earlier releases, the privacy loss of the phase depends only on
v = x_hat_i(S) - x_hat_i(S'):
  * iid Laplace(sigma): the exact (tight) epsilon is ||v||_1/sigma  (<= sqrt(d) ||v||_2/sigma);
  * l2-Laplace (density ~ exp(-||z||_2/sigma)): ||v||_2/sigma;
  * Gaussian N(0, sigma^2 I): the exact delta(eps) of the analytic Gaussian at Delta = ||v||_2.
Phases and epochs use disjoint chunks, so the transcript has the same (eps, delta) as the worst phase
(adaptive parallel composition, PC-2).  Spec: 001.priv.PC1, 001.priv.PC2.
"""
from __future__ import annotations

import math

import mpmath

from reference.core import validation as _v
from reference.core.accounting import gaussian_delta
from reference.core import validation as _V

__all__ = ["laplace_phase_epsilon", "alg4_sigma", "alg4_gaussian_true_delta", "alg4_gaussian_max_epsilon",
           "classical_gaussian_ok"]


def laplace_phase_epsilon(v, sigma: float, reading: str = "iid") -> float:
    """Exact epsilon of one Laplace output perturbation with mean shift v (vector)."""
    _V.choice("reading", reading, ('iid', 'l2'))
    import numpy as np

    v = _v.vector("v", v)
    sigma = _v.positive("sigma", sigma)
    if reading == "iid":
        return float(np.sum(np.abs(v))) / sigma
    if reading == "l2":
        return float(np.linalg.norm(v)) / sigma
    raise ValueError(f"reading must be 'iid' or 'l2', got {reading!r}")


def alg4_sigma(L: float, eta_i: float, d: int, epsilon: float, delta: float) -> float:
    """sigma_i of Alg. 4 (L439, L441): 4 L eta_i sqrt(d)/eps (``delta=0``: pure DP, Laplace phase),
    4 L eta_i sqrt(log(1/delta))/eps.

    Preconditions (validated): L, eta_i, epsilon > 0 finite; d integer >= 1; delta in [0, 1).
    """
    L = _v.positive("L", L); eta_i = _v.positive("eta_i", eta_i); d = _v.positive_int("d", d)
    epsilon = _v.positive("epsilon", epsilon); delta = _v.in_range("delta", delta, 0.0, 1.0, hi_open=True)
    A = math.sqrt(d) if delta == 0 else math.sqrt(math.log(1 / delta))
    return _v.finite_result("sigma_i", 4 * L * eta_i * A / epsilon, L=L, eta_i=eta_i, epsilon=epsilon)


def alg4_gaussian_true_delta(epsilon: float, delta: float, ratio: float = 1.0, dps: int = 50) -> float:
    """Exact delta(eps) of Alg. 4's Gaussian phase when the sensitivity is ratio * L eta_i:
    Delta/sigma = ratio eps/(4 sqrt(log(1/delta)))."""
    epsilon = _v.positive("epsilon", epsilon)
    delta = _v.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    ratio = _v.positive("ratio", ratio); dps = _v.integer("dps", dps, lo=15, hi=10_000)
    sigma = alg4_sigma(1.0, 1.0, 1, epsilon, delta)      # the shared calibration (L = eta_i = 1), not a copy
    return gaussian_delta(epsilon, sigma, ratio, dps=dps)


def alg4_gaussian_max_epsilon(delta: float, ratio: float = 1.0, dps: int = 40) -> float:
    """Largest eps for which Alg. 4's Gaussian calibration (sensitivity ratio * L eta) is (eps, delta)-DP.

    delta_true(eps) - delta changes sign once on the bracket (it is negative for small eps, positive for
    large eps); found by bisection in mpmath to relative 1e-12.
    """
    delta = _v.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    ratio = _v.positive("ratio", ratio); dps = _v.integer("dps", dps, lo=15, hi=10_000)
    f = lambda e: alg4_gaussian_true_delta(float(e), delta, ratio, dps) - delta
    lo, hi = 1e-3, 1.0
    while f(hi) <= 0:
        lo, hi = hi, hi * 2
        if hi > 1e7:
            return math.inf
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if f(mid) <= 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * hi:
            break
    return lo


def classical_gaussian_ok(delta: float, ratio: float = 1.0) -> bool:
    """Does sigma = 4 Delta' sqrt(log(1/delta))/eps (Delta = ratio Delta') meet DR14 Thm A.1's
    sigma >= Delta sqrt(2 ln(1.25/delta))/eps?  (eps < 1 required by that theorem.)"""
    delta = _v.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True); ratio = _v.positive("ratio", ratio)
    return 4 * math.sqrt(math.log(1 / delta)) >= ratio * math.sqrt(2 * math.log(1.25 / delta))
