"""Test problems with exact minimizers and exact population losses, heavy-tailed and interpolating data generators,
and a certified solver for smooth strongly convex problems.

Contents
--------
* Gaussian smoothing closed forms (000 catalog A0'; Def 1 (5), 000 L207–211, ``f̂_ρ(x) = E f(x + ρZ)``):
  :func:`smoothed_abs` (E|μ + sZ|), :func:`smoothed_norm` (E||v + ρZ|| via 1F1), their mpmath versions, and the
  problem classes :class:`AbsSum` (``Σ c_i |<a_i,x> - b_i|``) and :class:`NormDistance` (``L||x - c||``).
* Smooth problems: :class:`LinearProblem`, :class:`QuadraticProblem`, :class:`MeanEstimation`,
  :class:`LogisticAtoms` (finite population; minimizer by Newton with a certified radius), :class:`HuberAtoms`.
* Heavy-tailed laws with exact moments: :func:`student_t_abs_moment`, :func:`lomax_moment`, :func:`pareto_moment`,
  :func:`gaussian_abs_moment`, :func:`three_point_abs_moment`, sampler :func:`sample_heavy_tailed`, and
  :func:`heavy_tailed_mean_estimation`.
* Interpolating data (001 Def 2.3, L100–102): :func:`interpolating_regression`, :func:`interpolating_classification`.
* :func:`solve_strongly_convex`: accelerated projected gradient with a certified bound on ``||x - x*||``.

Every random function takes ``rng: numpy.random.Generator``.  Spec: core.prob.*
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import mpmath as mp
import numpy as np
from scipy import special as sps

from .geometry import as_vector, check_radius, proj_l2_ball
from .oracles import GradientOracle, QueryCounter, SampleAccessOracle, StochasticGradientOracle, ValueOracle
from reference.core import validation as _V

__all__ = [
    "smoothed_abs", "smoothed_abs_grad", "smoothed_abs_hess", "smoothed_abs_mp",
    "smoothed_norm", "smoothed_norm_grad", "smoothed_norm_hess", "smoothed_norm_mp",
    "AbsSum", "NormDistance", "LinearProblem", "QuadraticProblem", "MeanEstimation", "LogisticAtoms", "HuberAtoms",
    "huber", "huber_grad",
    "student_t_abs_moment", "lomax_moment", "pareto_moment", "gaussian_abs_moment", "three_point_abs_moment",
    "sample_heavy_tailed", "heavy_tailed_variance", "heavy_tailed_mean_estimation",
    "RegressionData", "interpolating_regression", "ClassificationData", "interpolating_classification",
    "solve_strongly_convex",
]

_SQRT2 = math.sqrt(2.0)
_INV_SQRT2PI = 1.0 / math.sqrt(2.0 * math.pi)
_U = 2.0 ** -53  # unit roundoff of float64


def _pos(name: str, v, *, allow_inf: bool = False) -> float:
    return check_radius(name, v, allow_inf=allow_inf, allow_zero=False)


def _check_rng(rng) -> None:
    if rng is None:                             # missing (ValueError, as the samplers); a wrong type: TypeError
        raise ValueError("rng must be a numpy.random.Generator, got None")
    _V.generator("rng", rng)


# =============================================================================================
# Gaussian smoothing closed forms (000 catalog A0')
# =============================================================================================

def _broadcastable(**arrays) -> None:
    """The named arrays broadcast together (numpy rules); ValueError naming them otherwise."""
    try:
        np.broadcast_shapes(*(np.shape(a) for a in arrays.values()))
    except ValueError:
        raise ValueError(" and ".join(arrays) + " must broadcast together (elementwise), got shapes "
                         + ", ".join(f"{k} {np.shape(a)}" for k, a in arrays.items())) from None


def _pos_arr(name, v) -> np.ndarray:
    """A finite real array (or scalar), > 0 elementwise."""
    a = _V.array(name, v)
    if np.any(a <= 0):
        raise ValueError(f"{name} must be > 0 (elementwise), got {v!r}"[:300])
    return a


def smoothed_abs(mu, s):
    """``E|μ + sZ|`` for Z ~ N(0,1): ``μ(2Φ(μ/s) - 1) + 2 s φ(μ/s)`` (elementwise, numpy broadcasting).

    Preconditions: μ finite, s > 0.  Computed as ``μ erf(μ/(s√2)) + 2 s φ(μ/s)`` (no cancellation: both terms >= 0).
    Steps: μ erf(μ/(s√2)) + 2 s φ(μ/s).
    Postcondition: equals E|μ + sZ| (sympy, core.prob.stmt.smoothed_abs_identity).
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_abs
    """
    mu, s = _V.array("mu", mu), _pos_arr("s", s)
    _broadcastable(mu=mu, s=s)
    t = mu / s
    return mu * sps.erf(t / _SQRT2) + s * (2.0 * _INV_SQRT2PI) * np.exp(-0.5 * t * t)   # no overflow at s = 1e308


def smoothed_abs_grad(mu, s):
    """``d/dμ E|μ + sZ| = 2Φ(μ/s) - 1 = erf(μ/(s√2))``.
    Preconditions: μ finite, s > 0.
    Steps: erf(μ/(s√2)).
    Postcondition: the μ-derivative of smoothed_abs (sympy).
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_abs
    """
    mu, s = _V.array("mu", mu), _pos_arr("s", s)
    _broadcastable(mu=mu, s=s)
    return sps.erf(mu / s / _SQRT2)


def smoothed_abs_hess(mu, s):
    """``d²/dμ² E|μ + sZ| = (2/s) φ(μ/s)``.
    Preconditions: μ finite, s > 0.
    Steps: (2/s) φ(μ/s).
    Postcondition: the second μ-derivative of smoothed_abs (sympy).
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_abs
    """
    mu, s = _V.array("mu", mu), _pos_arr("s", s)
    _broadcastable(mu=mu, s=s)
    t = mu / s
    return 2.0 / s * _INV_SQRT2PI * np.exp(-0.5 * t * t)


def smoothed_abs_mp(mu, s, dps: int = 30):
    """mpmath reference of :func:`smoothed_abs` at ``dps`` digits: returns (value, first, second derivative).

    Preconditions: μ real, s > 0, dps >= 15.
    Steps: the closed forms in mpmath.
    Postcondition: value and derivatives to dps digits.
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_abs
    """
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    _V.real("mu", mu); _V.positive("s", s)          # scalars (float or mpf; kept exact)
    with mp.workdps(dps):
        mu = mp.mpf(mu)
        s = mp.mpf(s)
        t = mu / s
        val = mu * (2 * mp.ncdf(t) - 1) + 2 * s * mp.npdf(t)
        return val, 2 * mp.ncdf(t) - 1, 2 / s * mp.npdf(t)


def _norm_const(d: int) -> float:
    """√2 Γ((d+1)/2)/Γ(d/2) = E||Z|| for Z ~ N(0, I_d)."""
    return _SQRT2 * math.exp(math.lgamma((d + 1) / 2.0) - math.lgamma(d / 2.0))


def smoothed_norm(r, rho: float, d: int):
    """``E||v + ρZ||`` for ||v|| = r, Z ~ N(0, I_d): ``ρ √2 Γ((d+1)/2)/Γ(d/2) · 1F1(-1/2; d/2; -r²/(2ρ²))``
    (mean of a noncentral chi distribution; 000 catalog A0').  Elementwise in r.

    Preconditions: r >= 0 finite, ρ > 0 finite, d >= 1 integer.
    Steps: the 1F1 closed form; where z = r²/(2ρ²) > 1e12 (or overflows) the asymptotic expansion
    r + (d-1)ρ²/(2r) (relative error O(d² (ρ/r)⁴) < 1e-22 there), so r = 1e308 gives a finite, correct value.
    Postcondition: equals E||v + ρZ|| (checked against an independent quadrature).
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_norm
    """
    r = _V.array("r", r)
    if np.any(r < 0):
        raise ValueError(f"r must be >= 0 (a norm), got {r!r}"[:300])
    rho = _V.positive("rho", rho)
    d = _V.integer("d", d, lo=1)
    with np.errstate(over="ignore", divide="ignore"):
        q = r / rho
        z = 0.5 * q * q
        far = ~(z <= 1e12)
        direct = rho * _norm_const(d) * sps.hyp1f1(-0.5, d / 2.0, -np.where(far, 0.0, z))
        asym = r + (d - 1) * rho / (2.0 * np.where(far, q, 1.0))
    out = np.where(far, asym, direct)
    return float(out) if out.ndim == 0 else out


def _norm_g(z, d):
    # d/dz 1F1(-1/2; d/2; -z) = (1/d) 1F1(1/2; d/2 + 1; -z)
    return sps.hyp1f1(0.5, d / 2.0 + 1.0, -z) / d


def _norm_gprime(z, d):
    # d/dz [(1/d) 1F1(1/2; d/2+1; -z)] = -(1/d) (1/2)/(d/2+1) 1F1(3/2; d/2+2; -z)
    return -sps.hyp1f1(1.5, d / 2.0 + 2.0, -z) / (d * (d + 2.0))


def smoothed_norm_grad(v, rho: float):
    """Gradient in v of ``E||v + ρZ||``: ``(√2 Γ((d+1)/2)/Γ(d/2)) (1/(dρ)) 1F1(1/2; d/2+1; -||v||²/(2ρ²)) v``.

    Preconditions: v finite (d,), ρ > 0.
    Steps: the closed form.
    Postcondition: the gradient of smoothed_norm (checked by differences of the mpmath gradient).
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_norm
    """
    v, rho = _V.vector("v", v), _V.positive("rho", rho)
    d = v.shape[-1]
    z = np.sum(v * v, axis=-1, keepdims=True) / (2.0 * rho * rho)
    return _norm_const(d) * _norm_g(z, d) * v / rho


def smoothed_norm_hess(v, rho: float):
    """Hessian in v of ``E||v + ρZ||``: ``K [ g(z) I/ρ + g'(z) v vᵀ/ρ³ ]``, z = ||v||²/(2ρ²), K = √2Γ((d+1)/2)/Γ(d/2),
    g(z) = (1/d) 1F1(1/2; d/2+1; -z), g'(z) = -(1/(d(d+2))) 1F1(3/2; d/2+2; -z).
    Preconditions: v finite (d,), ρ > 0.
    Steps: the closed form.
    Postcondition: the Hessian of smoothed_norm (checked by differences of the mpmath gradient).
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_norm
    """
    v, rho = _V.vector("v", v), _V.positive("rho", rho)
    d = v.shape[0]
    u = v / rho                                     # scaled first: rho**3 would overflow at rho = 1e308
    z = float(u @ u) / 2.0
    K = _norm_const(d)
    return K * (_norm_g(z, d) * np.eye(d) / rho + _norm_gprime(z, d) * np.outer(u, u) / rho)


def smoothed_norm_mp(v, rho, dps: int = 30):
    """mpmath closed form of ``E||v + ρZ||``, its gradient and Hessian at ``dps`` digits (lists of mpf).

    Preconditions: v real (d,), ρ > 0, dps >= 15.
    Steps: the closed forms in mpmath.
    Postcondition: value, gradient, Hessian to dps digits.
    Randomness: none (deterministic).
    Spec: core.prob.smoothed_norm
    """
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    _V.vector("v", v)                               # finite, 1-D, non-empty (mpf entries are kept exact)
    _V.positive("rho", rho)
    with mp.workdps(dps):
        v = [mp.mpf(float(t)) if not isinstance(t, mp.mpf) else t for t in np.ravel(np.asarray(v, dtype=object))]
        d = len(v)
        rho = mp.mpf(rho)
        z = sum(t * t for t in v) / (2 * rho * rho)
        K = mp.sqrt(2) * mp.gamma(mp.mpf(d + 1) / 2) / mp.gamma(mp.mpf(d) / 2)
        val = rho * K * mp.hyp1f1(-mp.mpf(1) / 2, mp.mpf(d) / 2, -z)
        g = mp.hyp1f1(mp.mpf(1) / 2, mp.mpf(d) / 2 + 1, -z) / d
        gp = -mp.hyp1f1(mp.mpf(3) / 2, mp.mpf(d) / 2 + 2, -z) / (d * (d + 2))
        grad = [K * g * t / rho for t in v]
        hess = [[K * (g * (1 if i == j else 0) / rho + gp * v[i] * v[j] / rho ** 3) for j in range(d)]
                for i in range(d)]
        return val, grad, hess


# =============================================================================================
# Non-smooth test problems with exact Gaussian smoothing
# =============================================================================================

class AbsSum:
    """``f(x) = Σ_i c_i |<a_i, x> - b_i|`` (convex, L-Lipschitz with ``L = Σ c_i ||a_i||``) and its exact Gaussian
    smoothing ``f̂_ρ(x) = E f(x + ρZ)`` (000 catalog A0'):

    with ``μ_i = <a_i,x> - b_i``, ``s_i = ρ||a_i||``:
      ``f̂_ρ(x) = Σ c_i [μ_i(2Φ(μ_i/s_i) - 1) + 2 s_i φ(μ_i/s_i)]``,
      ``∇f̂_ρ(x) = Σ c_i a_i (2Φ(μ_i/s_i) - 1)``,   ``∇²f̂_ρ(x) = Σ c_i (2/s_i) φ(μ_i/s_i) a_i a_iᵀ``.
    Subgradient oracle: ``Σ c_i a_i sign(μ_i)`` (sign(0) = 0 is a valid element of the subdifferential).
    ``f̂_ρ`` is (L/ρ)√(2/π)-smooth (<= L/ρ, 000 Fact 5).

    Preconditions: A shape (m, d) with non-zero rows, b shape (m,), c shape (m,) with c_i >= 0 (default 1).
    Points x may be (d,) or a batch (..., d) for value/gradient.
    Steps: μ_i = <a_i,x> - b_i, s_i = ρ||a_i||, then the closed forms above (erf form, no cancellation).
    Postcondition: value/gradient/Hessian equal E f(x + ρZ) and its derivatives (checked against quadrature, core.prob.stmt.abs_sum_closed_form).
    Randomness: none in the closed forms; the ERM oracle's with-replacement indices come from the ``rng`` passed to erm_oracle.
    Spec: core.prob.abs_sum
    """

    def __init__(self, A, b, c=None) -> None:
        A = _V.matrix("A", A)                          # finite (m, d)
        if 0 in A.shape:
            raise ValueError(f"A must be a non-empty (m, d) matrix, got shape {A.shape}")
        m, d = A.shape
        b = as_vector("b", b, m)
        c = np.ones(m) if c is None else as_vector("c", c, m)
        if np.any(c < 0):
            raise ValueError("c must be >= 0 entrywise (a negative weight makes f non-convex)")
        norms = np.linalg.norm(A, axis=1)
        if np.any(norms == 0):
            raise ValueError("A must have non-zero rows a_i")
        self.A, self.b, self.c, self.norms = A, b, c, norms
        self.m, self.d = m, d
        self.lipschitz = float(np.sum(c * norms))

    def _mu(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return x @ self.A.T - self.b

    def value(self, x):
        return np.sum(self.c * np.abs(self._mu(x)), axis=-1)

    def subgradient(self, x):
        return (self.c * np.sign(self._mu(x))) @ self.A

    def smoothed_value(self, x, rho: float):
        rho = _pos("rho", rho)
        return np.sum(self.c * smoothed_abs(self._mu(x), rho * self.norms), axis=-1)

    def smoothed_grad(self, x, rho: float):
        rho = _pos("rho", rho)
        return (self.c * smoothed_abs_grad(self._mu(x), rho * self.norms)) @ self.A

    def smoothed_hess(self, x, rho: float):
        rho = _pos("rho", rho)
        x = as_vector("x", x, self.d)
        w = self.c * smoothed_abs_hess(self._mu(x), rho * self.norms)
        return (self.A.T * w) @ self.A

    def smoothness(self, rho: float) -> float:
        """Upper bound ``Σ c_i ||a_i|| √(2/π)/ρ`` on the largest eigenvalue of ∇²f̂_ρ (<= L/ρ)."""
        return self.lipschitz * math.sqrt(2.0 / math.pi) / _pos("rho", rho)

    def smoothed_mp(self, x, rho, dps: int = 30):
        """mpmath closed forms (value, gradient list, Hessian list-of-lists) at ``dps`` digits."""
        dps = _V.integer("dps", dps, lo=1, hi=100_000)
        x = as_vector("x", x, self.d)
        with mp.workdps(dps):
            rho = mp.mpf(rho)
            val = mp.mpf(0)
            grad = [mp.mpf(0)] * self.d
            hess = [[mp.mpf(0)] * self.d for _ in range(self.d)]
            for i in range(self.m):
                a = [mp.mpf(float(t)) for t in self.A[i]]
                mu = mp.fsum(ai * mp.mpf(float(xi)) for ai, xi in zip(a, x)) - mp.mpf(float(self.b[i]))
                s = rho * mp.sqrt(mp.fsum(ai * ai for ai in a))
                v, g1, g2 = smoothed_abs_mp(mu, s, dps)
                ci = mp.mpf(float(self.c[i]))
                val += ci * v
                grad = [gj + ci * g1 * aj for gj, aj in zip(grad, a)]
                hess = [[hess[p][q] + ci * g2 * a[p] * a[q] for q in range(self.d)] for p in range(self.d)]
            return val, grad, hess

    # oracles
    def value_oracle(self, counter: QueryCounter | None = None) -> ValueOracle:
        return ValueOracle(self.value, dim=self.d, counter=counter, vectorized=True)

    def subgradient_oracle(self, counter: QueryCounter | None = None) -> GradientOracle:
        return GradientOracle(self.subgradient, dim=self.d, counter=counter, vectorized=True)

    def erm_oracle(self, rng: np.random.Generator | None = None, counter: QueryCounter | None = None
                   ) -> SampleAccessOracle:
        """Sample access to ``f = (1/m) Σ_i f_i``, ``f_i(x) = m c_i |<a_i,x> - b_i|`` (000 Problem 2)."""
        data = [(self.A[i], self.b[i], self.m * self.c[i]) for i in range(self.m)]
        return SampleAccessOracle(
            lambda x, s: s[2] * np.sign(s[0] @ x - s[1]) * s[0], data, rng=rng,
            per_sample_loss=lambda x, s: s[2] * abs(float(s[0] @ x - s[1])), dim=self.d, counter=counter)

    def smoothed_prox_point(self, xbar, lam: float, rho: float, radius: float, tol: float = 1e-12):
        """``argmin_{x ∈ B_xbar(radius)} f̂_ρ(x) + (λ/2)||x - xbar||²`` (000 eq. (8), L277) with a certified radius:
        returns (x, r) with ``||x - x*|| <= r`` (see :func:`solve_strongly_convex`)."""
        xbar = as_vector("xbar", xbar, self.d)
        lam = _pos("lam", lam)
        rho = _pos("rho", rho)
        # float error of Σ c_i a_i erf(.) (+ erf's relative error ~ 2u, and the error of μ_i through erf' <= 1/s_i)
        k = self.m + self.d + 8
        err = lambda x: 4.0 * k * _U * (self.lipschitz + float(np.sum(  # noqa: E731
            self.c * self.norms * (np.abs(self.A) @ np.abs(x) + np.abs(self.b)) / (rho * self.norms)))
            + lam * float(np.linalg.norm(x - xbar)))
        return solve_strongly_convex(lambda x: self.smoothed_grad(x, rho) + lam * (x - xbar), xbar, mu=lam,
                                     smoothness=self.smoothness(rho) + lam, center=xbar, radius=radius,
                                     grad_error=err, tol=tol)


class NormDistance:
    """``f(x) = L ||x - c||`` (L-Lipschitz) with exact smoothing
    ``f̂_ρ(x) = L ρ √2 Γ((d+1)/2)/Γ(d/2) · 1F1(-1/2; d/2; -||x-c||²/(2ρ²))`` (000 catalog A0').
    Minimizer c (value 0) for f; also for f̂_ρ (by symmetry), with ``f̂_ρ(c) = L ρ √2 Γ((d+1)/2)/Γ(d/2)``.

    Preconditions: L > 0, c finite of shape (d,).
    Steps: the 1F1 closed forms above (value, gradient, Hessian).
    Postcondition: f̂_ρ = L E||x - c + ρZ|| (checked against quadrature, core.prob.stmt.norm_closed_form).
    Randomness: none (deterministic).
    Spec: core.prob.norm_distance
    """

    def __init__(self, L: float, c) -> None:
        self.L = _pos("L", L)
        self.c = as_vector("c", c)
        self.d = self.c.shape[0]
        self.lipschitz = self.L
        self.minimizer = self.c.copy()

    def value(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return self.L * np.linalg.norm(x - self.c, axis=-1)

    def subgradient(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        v = x - self.c
        n = np.linalg.norm(v, axis=-1, keepdims=True)
        return self.L * np.divide(v, n, out=np.zeros_like(v), where=n > 0)

    def smoothed_value(self, x, rho: float):
        x = as_vector("x", x, self.d, allow_batch=True)
        rho = _pos("rho", rho)
        return self.L * smoothed_norm(np.linalg.norm(x - self.c, axis=-1), rho, self.d)

    def smoothed_grad(self, x, rho: float):
        x = as_vector("x", x, self.d, allow_batch=True)
        return self.L * smoothed_norm_grad(x - self.c, _pos("rho", rho))

    def smoothed_hess(self, x, rho: float):
        x = as_vector("x", x, self.d)
        return self.L * smoothed_norm_hess(x - self.c, _pos("rho", rho))

    def smoothness(self, rho: float) -> float:
        """Largest eigenvalue of ∇²f̂_ρ, attained at x = c: ``L √2 Γ((d+1)/2)/(d Γ(d/2) ρ)`` (<= L/ρ)."""
        return self.L * _norm_const(self.d) / (self.d * _pos("rho", rho))

    def smoothed_mp(self, x, rho, dps: int = 30):
        dps = _V.integer("dps", dps, lo=1, hi=100_000)
        x = as_vector("x", x, self.d)
        with mp.workdps(dps):
            v = [mp.mpf(float(a)) - mp.mpf(float(b)) for a, b in zip(x, self.c)]
            val, g, h = smoothed_norm_mp(v, rho, dps)
            L = mp.mpf(self.L)
            return L * val, [L * t for t in g], [[L * t for t in row] for row in h]

    def value_oracle(self, counter: QueryCounter | None = None) -> ValueOracle:
        return ValueOracle(self.value, dim=self.d, counter=counter, vectorized=True)

    def subgradient_oracle(self, counter: QueryCounter | None = None) -> GradientOracle:
        return GradientOracle(self.subgradient, dim=self.d, counter=counter, vectorized=True)


# =============================================================================================
# Smooth problems with exact minimizers
# =============================================================================================

class LinearProblem:
    """``f(x) = <g, x> + b0`` on the ball ``B_center(R)``: minimizer ``center - R g/||g||``, minimum
    ``<g, center> + b0 - R||g||`` (exact).  Stochastic oracle: ``g + σ ξ``, ξ ~ N(0, I) (unbiased, E||G||² =
    ||g||² + dσ²).
    Preconditions (validated): g finite (d,), R > 0, center finite (d,).
    Steps: the closed forms above.
    Postcondition: the minimizer and minimum are exact.
    Randomness: the stochastic oracle draws ξ ~ N(0, I) from the ``rng`` passed to stochastic_oracle.
    Spec: core.prob.linear
    """

    def __init__(self, g, b0: float = 0.0) -> None:
        self.g = as_vector("g", g)
        if not math.isfinite(float(b0)):
            raise ValueError("b0 must be finite")
        self.b0 = float(b0)
        self.d = self.g.shape[0]

    def value(self, x):
        return as_vector("x", x, self.d, allow_batch=True) @ self.g + self.b0

    def grad(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return np.broadcast_to(self.g, x.shape).copy()

    def minimizer_on_ball(self, center, radius: float) -> np.ndarray:
        center = as_vector("center", center, self.d)
        R = check_radius("radius", radius, allow_inf=False)
        n = float(np.linalg.norm(self.g))
        return center.copy() if n == 0 else center - R * self.g / n

    def min_on_ball(self, center, radius: float) -> float:
        center = as_vector("center", center, self.d)
        R = check_radius("radius", radius, allow_inf=False)
        return float(self.g @ center + self.b0 - R * np.linalg.norm(self.g))

    def stochastic_oracle(self, rng: np.random.Generator, sigma: float,
                          counter: QueryCounter | None = None) -> StochasticGradientOracle:
        sigma = check_radius("sigma", sigma, allow_inf=False)
        return StochasticGradientOracle(lambda x, r: self.g + sigma * r.standard_normal(x.shape), rng,
                                        dim=self.d, counter=counter, vectorized=True)


class QuadraticProblem:
    """``f(x) = ½ xᵀ A x - bᵀ x + c0`` with A symmetric positive definite: minimizer ``x* = A⁻¹ b``,
    ``f* = c0 - ½ bᵀ x*``; μ = λ_min(A), H = λ_max(A).  Ball-constrained minimizer via :func:`solve_strongly_convex`
    (certified).
    Preconditions (validated): A symmetric positive definite (d, d), b (d,), c0 finite.
    Steps: solve A x = b; the ball-constrained minimizer by solve_strongly_convex.
    Postcondition: the unconstrained minimizer is exact up to the linear solve; the constrained one is certified.
    Randomness: none (deterministic).
    Spec: core.prob.quadratic
    """

    def __init__(self, A, b, c0: float = 0.0) -> None:
        A = _V.matrix("A", A)
        if A.shape[0] != A.shape[1] or A.shape[0] == 0:
            raise ValueError(f"A must be a non-empty square matrix, got shape {A.shape}")
        if not np.allclose(A, A.T, rtol=1e-12, atol=1e-14 * max(1.0, float(np.max(np.abs(A))))):
            raise ValueError("A must be symmetric")
        A = 0.5 * (A + A.T)
        ev = np.linalg.eigvalsh(A)
        if ev[0] <= 0:
            raise ValueError(f"A must be positive definite (smallest eigenvalue {ev[0]!r} <= 0)")
        self.A = A
        self.d = A.shape[0]
        self.b = as_vector("b", b, self.d)
        self.c0 = float(c0)
        self.mu, self.smoothness = float(ev[0]), float(ev[-1])
        self.minimizer = np.linalg.solve(A, self.b)
        self.min_value = self.c0 - 0.5 * float(self.b @ self.minimizer)

    def value(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return 0.5 * np.sum((x @ self.A) * x, axis=-1) - x @ self.b + self.c0

    def grad(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return x @ self.A - self.b

    def minimizer_on_ball(self, center, radius: float, tol: float = 1e-12):
        center = as_vector("center", center, self.d)
        nA, nb = float(np.linalg.norm(self.A)), float(np.linalg.norm(self.b))
        # |fl(Ax - b) - (Ax - b)| <= γ_{d+1} (|A||x| + |b|) componentwise  ->  norm <= (d+2)u(||A||_F||x|| + ||b||)
        err = lambda x: 1.01 * (self.d + 2) * _U * (nA * float(np.linalg.norm(x)) + nb)  # noqa: E731
        return solve_strongly_convex(self.grad, center, mu=self.mu, smoothness=self.smoothness,
                                     center=center, radius=radius, grad_error=err, tol=tol)


class MeanEstimation:
    """Mean estimation: ``F(x; s) = ½||x - s||²``, population ``F(x) = ½||x - μ||² + ½ tr Σ`` for s with mean μ and
    covariance Σ; exact minimizer μ, excess risk ``½||x - μ||²``; per-sample gradient ``x - s`` (so gradient central
    moments equal data moments; 004 construction C1, Lemma 6.2).
    Preconditions (validated): μ finite (d,), trace Σ >= 0.
    Steps: the closed forms above.
    Postcondition: population loss and minimizer exact (sympy, core.prob.stmt.population_losses).
    Randomness: none; the ERM oracle uses the ``rng`` given to erm_oracle.
    Spec: core.prob.mean_estimation
    """

    def __init__(self, mean, trace_cov: float) -> None:
        self.mean = as_vector("mean", mean)
        self.d = self.mean.shape[0]
        tc = _V.nonnegative("trace_cov", trace_cov)
        self.trace_cov = tc
        self.minimizer = self.mean.copy()
        self.min_value = 0.5 * tc

    @staticmethod
    def per_sample_loss(x, s) -> float:
        return 0.5 * float(np.sum((np.asarray(x) - np.asarray(s)) ** 2))

    @staticmethod
    def per_sample_grad(x, s):
        return np.asarray(x, dtype=float) - np.asarray(s, dtype=float)

    def population_loss(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return 0.5 * np.sum((x - self.mean) ** 2, axis=-1) + 0.5 * self.trace_cov

    def excess_risk(self, x):
        return self.population_loss(x) - self.min_value

    def erm_oracle(self, data, rng=None, counter=None) -> SampleAccessOracle:
        data = np.asarray(data, dtype=float)
        if data.ndim != 2 or data.shape[1] != self.d:
            raise ValueError(f"data must have shape (n, {self.d}), got {data.shape}")
        return SampleAccessOracle(self.per_sample_grad, data, rng=rng, per_sample_loss=self.per_sample_loss,
                                  dim=self.d, counter=counter)


def _log1pexp(t):
    """log(1 + e^t), stable."""
    return np.logaddexp(0.0, t)


class LogisticAtoms:
    """Logistic loss on a finite population ``P = Σ_j p_j δ_{(a_j, y_j)}``, y_j ∈ {-1, +1}, plus ridge λ >= 0:
    ``F(x) = Σ_j p_j log(1 + exp(-y_j <a_j, x>)) + (λ/2)||x||²`` (the exact population loss is this finite sum).

    :meth:`minimizer` runs damped Newton and returns ``(x, r)`` with a certified ``||x - x*|| <= r``:
    on ``B(x, t)`` the Hessian is ⪰ ``H_t = Σ_j p_j σ'(|<a_j,x>| + ||a_j|| t) a_j a_jᵀ + λI`` (σ' = σ(1-σ) is even and
    decreasing in |·|), so with μ_t = λ_min(H_t) and ``2 ĝ/μ_t < t`` (ĝ >= ||∇F(x)||, gradient summed in mpmath)
    the minimizer exists, is unique, lies in B(x, t) and strong monotonicity gives ``||x - x*|| <= ĝ/μ_t``.

    Preconditions: A (m, d) finite, y ∈ {±1}^m, p > 0 summing to 1 (default uniform), λ >= 0.
    Steps: damped Newton, then Newton refinement with the gradient summed in mpmath; the certificate described above.
    Postcondition: ||x - x*|| <= r (certified; re-verified at 40 digits by core.prob.stmt.logistic_certified).
    Randomness: none (deterministic).
    Spec: core.prob.logistic
    """

    def __init__(self, A, y, p=None, lam: float = 0.0) -> None:
        A = _V.matrix("A", A)                          # finite (m, d)
        if 0 in A.shape:
            raise ValueError(f"A must be a non-empty (m, d) matrix, got shape {A.shape}")
        m, d = A.shape
        y = as_vector("y", y, m)
        if not np.all(np.abs(y) == 1):
            raise ValueError("y must have entries in {-1, +1}")
        p = np.full(m, 1.0 / m) if p is None else as_vector("p", p, m)
        if np.any(p <= 0) or abs(float(np.sum(p)) - 1.0) > 1e-12:
            raise ValueError("p must be positive and sum to 1")
        self.lam = check_radius("lam", lam, allow_inf=False)
        self.A, self.y, self.p = A, y, p
        self.m, self.d = m, d
        self.norms = np.linalg.norm(A, axis=1)
        self.smoothness = 0.25 * float(np.linalg.eigvalsh((A.T * p) @ A)[-1]) + self.lam

    def value(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return _log1pexp(-(x @ self.A.T) * self.y) @ self.p + 0.5 * self.lam * np.sum(x * x, axis=-1)

    def grad(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        t = (x @ self.A.T) * self.y
        w = -self.p * self.y * sps.expit(-t)
        return w @ self.A + self.lam * x

    def hess(self, x):
        x = as_vector("x", x, self.d)
        t = self.A @ x
        w = self.p * sps.expit(t) * sps.expit(-t)
        return (self.A.T * w) @ self.A + self.lam * np.eye(self.d)

    def per_sample_loss(self, x, j) -> float:
        return float(_log1pexp(-self.y[j] * (self.A[j] @ x)))

    def per_sample_grad(self, x, j):
        return -self.y[j] * sps.expit(-self.y[j] * (self.A[j] @ x)) * self.A[j]

    def _grad_mp(self, x, dps: int = 30):
        """∇F(x) summed in mpmath at ``dps`` digits (list of mpf) and the scale Σ p_j||a_j|| + λ||x||."""
        with mp.workdps(dps):
            xv = [mp.mpf(float(t)) for t in x]
            lam = mp.mpf(self.lam)
            g = [lam * t for t in xv]
            for j in range(self.m):
                a = [mp.mpf(float(t)) for t in self.A[j]]
                yj = mp.mpf(float(self.y[j]))
                u = mp.fsum(ai * xi for ai, xi in zip(a, xv))
                w = -mp.mpf(float(self.p[j])) * yj / (1 + mp.exp(yj * u))
                g = [gi + w * ai for gi, ai in zip(g, a)]
            scale = mp.fsum(mp.mpf(float(pj)) * mp.mpf(float(nj)) for pj, nj in zip(self.p, self.norms)) + lam * mp.sqrt(
                mp.fsum(t * t for t in xv))
            return g, scale

    def grad_norm_upper(self, x, dps: int = 30) -> float:
        """An upper bound on ||∇F(x)|| at the float point x: the gradient is summed in mpmath at ``dps`` digits
        (error <= 1e-25 relative for dps = 30), then the float norm is rounded up by a relative 1e-15."""
        dps = _V.integer("dps", dps, lo=1, hi=100_000)
        g, scale = self._grad_mp(np.asarray(x, dtype=float), dps)
        with mp.workdps(dps):
            gn = mp.sqrt(mp.fsum(t * t for t in g))
        return float(gn) * (1.0 + 1e-15) + float(scale) * 1e-25

    def certified_radius(self, x) -> float:
        """Certified bound on ||x - x*|| (inf if the certificate fails).

        ĝ = :meth:`grad_norm_upper`; μ_t = λ_min(H_t) computed in float64 minus a rounding allowance
        ``8 d u ||H_t||_F`` (Weyl); returns ĝ/μ_t for the first t = 4ĝ/μ_0 · 2^j with 2ĝ/μ_t < t."""
        x = as_vector("x", x, self.d)
        g = self.grad_norm_upper(x)
        if g == 0.0:
            return 0.0
        absu = np.abs(self.A @ x)

        def mu_t(t):
            s = sps.expit(absu + self.norms * t)
            w = self.p * s * (1.0 - s)
            H = (self.A.T * w) @ self.A + self.lam * np.eye(self.d)
            return float(np.linalg.eigvalsh(H)[0]) - 8.0 * self.d * _U * float(np.linalg.norm(H))

        mu0 = mu_t(0.0)
        if mu0 <= 0:
            return math.inf
        t = 4.0 * g / mu0
        for _ in range(60):
            mt = mu_t(t)
            if mt > 0 and 2.0 * g / mt < t:
                return g / mt
            t *= 2.0
        return math.inf

    def minimizer(self, tol: float = 1e-12, max_iter: int = 200) -> tuple[np.ndarray, float]:
        """Damped Newton from 0, then Newton refinement with the gradient summed in mpmath; returns (x, r) with a
        certified ``||x - x*|| <= r``.  Stops when r <= tol or r stops improving (the float64 floor, about
        u·||x||·cond: e.g. 5e-11 for a nearly separable instance with ||x|| ~ 1e2 and λ = 1e-3); callers must check r.
        Raises ValueError (naming the atoms) when no finite certificate is found, e.g. separable atoms with λ = 0
        (then no minimizer exists)."""
        x = np.zeros(self.d)
        r = math.inf
        best = (x.copy(), math.inf)
        stale = 0
        for it in range(max_iter):
            g = self.grad(x) if best[1] > 1e-6 else np.array([float(t) for t in self._grad_mp(x)[0]])
            H = self.hess(x)
            try:
                step = np.linalg.solve(H, g)
            except np.linalg.LinAlgError:
                step = g / self.smoothness
            # backtracking (Armijo) on F while far; full steps in the refinement phase
            eta = 1.0
            if best[1] > 1e-6:
                f0 = float(self.value(x))
                while eta > 1e-12 and float(self.value(x - eta * step)) > f0 - 1e-4 * eta * float(g @ step):
                    eta *= 0.5
            x = x - eta * step
            if not np.all(np.isfinite(x)) or np.linalg.norm(x) > 1e12:
                break
            r = self.certified_radius(x)
            if r < best[1] * (1 - 1e-3):
                best, stale = (x.copy(), r), 0
            else:
                stale += 1
                if r < best[1]:
                    best = (x.copy(), r)
            if best[1] <= tol or (math.isfinite(best[1]) and stale >= 5):
                break
        if not math.isfinite(best[1]):
            raise ValueError(f"atoms: no certified minimizer (certified radius {r!r}); the atoms may be separable "
                             "with lam = 0 (no minimizer exists)")
        return best

    def erm_oracle(self, rng=None, counter=None) -> SampleAccessOracle:
        """Sample access treating the atoms as the data set (requires uniform p and λ = 0)."""
        if self.lam != 0 or not np.allclose(self.p, 1.0 / self.m, rtol=0, atol=1e-15):
            raise ValueError("p, lam: the ERM view needs uniform weights p and lam = 0")
        return SampleAccessOracle(self.per_sample_grad, list(range(self.m)), rng=rng,
                                  per_sample_loss=self.per_sample_loss, dim=self.d, counter=counter)


def huber(u, delta: float):
    """``Huber_δ(u) = u²/2`` if |u| <= δ else ``δ|u| - δ²/2`` (elementwise).
    Preconditions: δ > 0, u real (array).
    Steps: the two branches.
    Postcondition: convex, continuous with continuous derivative at ±δ (sympy).
    Randomness: none (deterministic).
    Spec: core.prob.huber
    """
    _V.array("u", u)
    delta = _pos("delta", delta)
    u = np.asarray(u, dtype=float)
    au = np.abs(u)
    return np.where(au <= delta, 0.5 * u * u, delta * au - 0.5 * delta * delta)


def huber_grad(u, delta: float):
    """``Huber_δ'(u) = clip(u, -δ, δ)``.
    Preconditions: δ > 0, u real (array).
    Steps: clip(u, -δ, δ).
    Postcondition: the derivative of huber (sympy).
    Randomness: none (deterministic).
    Spec: core.prob.huber
    """
    _V.array("u", u)
    delta = _pos("delta", delta)
    return np.clip(np.asarray(u, dtype=float), -delta, delta)


class HuberAtoms:
    """Huber regression on a finite population: ``F(x) = Σ_j p_j Huber_δ(<a_j,x> - b_j) + (λ/2)||x - x_ref||²``.
    Exact population loss (finite sum); convex, (Σ p_j||a_j||² + λ)-smooth, Lipschitz with δ Σ p_j||a_j|| (λ = 0).
    Minimizer: if λ > 0, certified by :func:`solve_strongly_convex`; if λ = 0 and the atoms are realizable
    (``b = A x_star`` given as ``x_star``) then ``x_star`` minimizes every atom's loss (interpolation).
    Preconditions (validated): A (m, d) finite, b (m,), p > 0 summing to 1, δ > 0, λ >= 0.
    Steps: the finite-sum loss, gradient and the certified minimizer described above.
    Postcondition: the minimizer is certified (λ > 0) or exact (realizable, λ = 0).
    Randomness: none (deterministic).
    Spec: core.prob.huber
    """

    def __init__(self, A, b, delta: float, p=None, lam: float = 0.0, x_ref=None, x_star=None) -> None:
        A = _V.matrix("A", A)                          # finite (m, d)
        if 0 in A.shape:
            raise ValueError(f"A must be a non-empty (m, d) matrix, got shape {A.shape}")
        m, d = A.shape
        self.A, self.b = A, as_vector("b", b, m)
        self.delta = _pos("delta", delta)
        self.p = np.full(m, 1.0 / m) if p is None else as_vector("p", p, m)
        if np.any(self.p <= 0) or abs(float(np.sum(self.p)) - 1.0) > 1e-12:
            raise ValueError("p must be positive and sum to 1")
        self.lam = check_radius("lam", lam, allow_inf=False)
        self.m, self.d = m, d
        self.x_ref = np.zeros(d) if x_ref is None else as_vector("x_ref", x_ref, d)
        self.x_star = None if x_star is None else as_vector("x_star", x_star, d)
        if self.x_star is not None:
            res = A @ self.x_star - self.b
            if np.max(np.abs(res)) > 1e-12 * (1 + np.max(np.abs(self.b))):
                raise ValueError("x_star: the atoms are not realizable by x_star (b != A x_star)")
        self.smoothness = float(np.linalg.eigvalsh((A.T * self.p) @ A)[-1]) + self.lam
        self.mu = self.lam  # strong-convexity modulus guaranteed by the ridge term

    def value(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return huber(x @ self.A.T - self.b, self.delta) @ self.p + 0.5 * self.lam * np.sum((x - self.x_ref) ** 2, axis=-1)

    def grad(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return (self.p * huber_grad(x @ self.A.T - self.b, self.delta)) @ self.A + self.lam * (x - self.x_ref)

    def minimizer(self, tol: float = 1e-12) -> tuple[np.ndarray, float]:
        if self.lam > 0:
            nrows = np.linalg.norm(self.A, axis=1)
            g_d, g_m = 1.01 * (self.d + 1) * _U, 1.01 * (self.m + 2) * _U

            def err(x):
                # residual error γ_{d+1}(|a_j|ᵀ|x| + |b_j|), clip is 1-Lipschitz, times ||a_j||, summed with γ_{m+2}
                res = np.abs(self.A) @ np.abs(x) + np.abs(self.b)
                term = float(self.p @ (nrows * g_d * res))
                summ = g_m * (float(self.p @ (nrows * np.minimum(res, self.delta))) + self.lam * float(
                    np.linalg.norm(x - self.x_ref)))
                return 1.01 * (term + summ) + 2 * _U * self.lam * float(np.linalg.norm(x - self.x_ref))

            return solve_strongly_convex(self.grad, self.x_ref, mu=self.lam, smoothness=self.smoothness,
                                         grad_error=err, tol=tol)
        if self.x_star is not None:
            return self.x_star.copy(), 0.0
        raise ValueError("lam: with lam = 0 a minimizer is only available for realizable atoms (pass x_star)")


# =============================================================================================
# Heavy-tailed laws with exact moments (004 catalog §3 "Standard heavy-tailed test laws")
# =============================================================================================

def _mp_or_float(val, dps):
    return val if dps is not None else float(val)


def _float_moment(val, dps, **params):
    """The mpf moment (``dps`` given) or its float, which must be finite (a finite moment beyond the float range
    raises a ValueError naming the parameters; pass ``dps`` for the mpf)."""
    if dps is not None:
        return val
    return _V.finite_result("the moment (as a float; pass dps for an mpf)", float(val), **params)


def _dps_ok(dps):
    if dps is not None:
        _V.integer("dps", dps, lo=1, hi=100_000)


def student_t_abs_moment(nu: float, k: float, dps: int | None = None):
    """``E|T_ν|^k = ν^{k/2} Γ((k+1)/2) Γ((ν-k)/2) / (√π Γ(ν/2))`` for 0 <= k < ν (inf for k >= ν).

    Returns float, or mpf at ``dps`` digits when ``dps`` is given.
    Preconditions (validated): ν > 0, k >= 0.
    Steps: the closed form (inf for k >= ν).
    Postcondition: exact (checked against quadrature).
    Randomness: none (deterministic).
    Spec: core.prob.student_t_moment
    """
    _dps_ok(dps)
    nu = _pos("nu", nu)
    k = check_radius("k", k, allow_inf=False)
    if k >= nu:
        return mp.inf if dps is not None else math.inf
    with mp.workdps(dps or 30):
        nu_, k_ = mp.mpf(nu), mp.mpf(k)
        logv = (k_ / 2) * mp.log(nu_) + mp.loggamma((k_ + 1) / 2) + mp.loggamma((nu_ - k_) / 2) \
            - mp.log(mp.pi) / 2 - mp.loggamma(nu_ / 2)         # log space: no overflow of the Gamma factors
        return _float_moment(mp.exp(logv), dps, nu=nu, k=k)


def lomax_moment(alpha: float, k: float, dps: int | None = None):
    """Lomax (Pareto II) shape α, scale 1, ``X = U^{-1/α} - 1``: ``E X^k = Γ(k+1) Γ(α-k)/Γ(α)`` for 0 <= k < α.

    Preconditions (validated): α > 0, k >= 0.
    Steps: the closed form (inf for k >= α).
    Postcondition: exact (checked against quadrature).
    Randomness: none (deterministic).
    Spec: core.prob.pareto_moment
    """
    _dps_ok(dps)
    alpha = _pos("alpha", alpha)
    k = check_radius("k", k, allow_inf=False)
    if k >= alpha:
        return mp.inf if dps is not None else math.inf
    with mp.workdps(dps or 30):
        a, k_ = mp.mpf(alpha), mp.mpf(k)
        return _float_moment(mp.exp(mp.loggamma(k_ + 1) + mp.loggamma(a - k_) - mp.loggamma(a)), dps,
                             alpha=alpha, k=k)


def pareto_moment(alpha: float, k: float, xm: float = 1.0, dps: int | None = None):
    """Pareto (type I) shape α, scale x_m, ``X = x_m U^{-1/α}``: ``E X^k = α x_m^k/(α - k)`` for 0 <= k < α.

    Preconditions (validated): α > 0, x_m > 0, k >= 0.
    Steps: the closed form (inf for k >= α).
    Postcondition: exact (checked against quadrature).
    Randomness: none (deterministic).
    Spec: core.prob.pareto_moment
    """
    _dps_ok(dps)
    alpha = _pos("alpha", alpha)
    xm = _pos("xm", xm)
    k = check_radius("k", k, allow_inf=False)
    if k >= alpha:
        return mp.inf if dps is not None else math.inf
    with mp.workdps(dps or 30):
        a, k_ = mp.mpf(alpha), mp.mpf(k)
        return _float_moment(a * mp.mpf(xm) ** k_ / (a - k_), dps, alpha=alpha, k=k, xm=xm)


def gaussian_abs_moment(k: float, sigma: float = 1.0, dps: int | None = None):
    """``E|σZ|^k = σ^k 2^{k/2} Γ((k+1)/2)/√π``.
    Preconditions (validated): k > -1, σ > 0.
    Steps: the closed form.
    Postcondition: exact (checked against quadrature).
    Randomness: none (deterministic).
    Spec: core.prob.student_t_moment
    """
    _dps_ok(dps)
    k = check_radius("k", k, allow_inf=False)
    sigma = _pos("sigma", sigma)
    with mp.workdps(dps or 30):
        k_ = mp.mpf(k)
        val = mp.exp(k_ * mp.log(mp.mpf(sigma)) + (k_ / 2) * mp.log(2) + mp.loggamma((k_ + 1) / 2)
                     - mp.log(mp.pi) / 2)
        return _float_moment(val, dps, k=k, sigma=sigma)


def three_point_abs_moment(a: float, k_law: float, k: float):
    """Three-point law (004 H1): ``Y ∈ {-a, 0, a}``, ``P(±a) = 1/(2a^{k_law})`` (needs a >= 1): ``E|Y|^k = a^{k-k_law}``.

    Preconditions (validated): a >= 1, k_law > 0, k >= 0.
    Steps: the closed form.
    Postcondition: exact.
    Randomness: none (deterministic).
    Spec: core.prob.student_t_moment
    """
    k_law, k = _V.positive("k_law", k_law), _V.nonnegative("k", k)
    a = _V.in_range("a", a, 1.0, math.inf)      # a >= 1: P(Y != 0) = a^-k_law <= 1
    return _V.finite_result("a^(k - k_law)", math.exp((k - k_law) * math.log(a)) if (k - k_law) * math.log(a) < 710
                            else math.inf, a=a, k=k, k_law=k_law)


_LAWS = ("student_t", "lomax", "three_point", "gaussian")


def _size(size):
    """numpy's ``size``: None, an integer >= 0 or a tuple of integers >= 0."""
    if size is None:
        return None
    if isinstance(size, (tuple, list)):
        return tuple(_V.integer(f"size[{i}]", t, lo=0) for i, t in enumerate(size))
    return _V.integer("size", size, lo=0)


def _law_params(law: str, k: float, shape: float | None) -> float:
    _V.choice("law", law, _LAWS)
    if law in ("student_t", "lomax"):
        shape = k + 0.5 if shape is None else _pos("shape", shape)
        if shape <= k:
            raise ValueError(f"shape must be > k = {k} (else the k-th moment is infinite), got {shape!r}")
    elif law == "three_point":
        shape = 5.0 if shape is None else _pos("shape", shape)
        if shape < 1:
            raise ValueError(f"shape (the atom a of the three-point law) must be >= 1, got {shape!r}")
    return shape


def _unit_scale(law: str, k: float, shape: float) -> float:
    """s such that E|s Y0|^k = 1 for the base law Y0: s = exp(-log E|Y0|^k / k) (log space: no overflow for any
    admissible k, e.g. k = 1e308)."""
    if law == "three_point":
        return 1.0  # E|Y|^k = 1 exactly for P(±a) = 1/(2a^k)
    with mp.workdps(30):
        k_ = mp.mpf(k)
        if law == "student_t":
            nu = mp.mpf(shape)
            logm = (k_ / 2) * mp.log(nu) + mp.loggamma((k_ + 1) / 2) + mp.loggamma((nu - k_) / 2) \
                - mp.log(mp.pi) / 2 - mp.loggamma(nu / 2)
        elif law == "lomax":  # symmetric ±Lomax: E|Y|^k = E X^k
            a = mp.mpf(shape)
            logm = mp.loggamma(k_ + 1) + mp.loggamma(a - k_) - mp.loggamma(a)
        else:
            logm = (k_ / 2) * mp.log(2) + mp.loggamma((k_ + 1) / 2) - mp.log(mp.pi) / 2
        return float(mp.exp(-logm / k_))


def sample_heavy_tailed(rng: np.random.Generator, size, k: float, law: str = "student_t", gamma: float = 1.0,
                        shape: float | None = None) -> np.ndarray:
    """Symmetric, mean-zero draws Y with ``E|Y|^k = γ`` exactly (004 catalog laws H1–H3 and the rescaled Gaussian).

    law = "student_t": Y = s T_ν, ν = shape (default k + 1/2);  "lomax": Y = ±s(U^{-1/α} - 1), α = shape (default
    k + 1/2);  "three_point": Y ∈ {-a, 0, a}, P(±a) = 1/(2a^k), a = shape (default 5) scaled by γ^{1/k};
    "gaussian": Y = σ_k Z with σ_k = (2^{k/2}Γ((k+1)/2)/√π)^{-1/k} γ^{1/k}.
    Preconditions: k >= 1 (moment order), γ > 0, shape as above.
    Postcondition: i.i.d. entries, E Y = 0, E|Y|^k = γ (values: :func:`student_t_abs_moment`, :func:`lomax_moment`).
    Steps: draw from the chosen law and scale to E|Y|^k = γ.
    ``size`` None (one draw, ``size=None``), an integer >= 0 or a tuple of them (numpy's size).
    Randomness: ``rng`` only (Student-t draws are numpy's standard_t, not a core standard law); no pre-drawn form (a test-data generator). The 004 generators (reference.heavy_tailed.distributions) take pre-drawn draws.
    Spec: core.prob.heavy_tailed
    """
    _check_rng(rng)
    size = _size(size)
    k = _V.in_range("k", k, 1.0, math.inf)
    gamma = _pos("gamma", gamma)
    shape = _law_params(law, k, shape)
    s = _V.finite_result("the scale s", _unit_scale(law, k, shape) * math.exp(math.log(gamma) / k), k=k,
                         gamma=gamma, shape=shape)
    if law == "student_t":
        return s * rng.standard_t(shape, size=size)
    if law == "lomax":
        u = 1.0 - rng.random(size=size)  # in (0, 1]
        sign = np.where(rng.random(size=size) < 0.5, -1.0, 1.0)
        return s * sign * np.expm1(-np.log(u) / shape)
    if law == "three_point":
        a = shape
        q = 0.5 * math.exp(-k * math.log(a))      # 1/(2 a^k) without overflowing a^k
        v = rng.random(size=size)
        return s * np.where(v < q, -a, np.where(v < 2 * q, a, 0.0))
    return s * rng.standard_normal(size=size)


def heavy_tailed_variance(k: float, law: str = "student_t", gamma: float = 1.0, shape: float | None = None) -> float:
    """Exact ``E Y²`` of :func:`sample_heavy_tailed` (inf if infinite).
    Preconditions (validated): as sample_heavy_tailed.
    Steps: the closed-form second moment of the chosen law.
    Postcondition: exact (inf when the second moment is infinite).
    Randomness: none (deterministic).
    Spec: core.prob.heavy_tailed
    """
    gamma = _pos("gamma", gamma)
    k = _pos("k", k)
    shape = _law_params(law, k, shape)
    s = _unit_scale(law, k, shape) * math.exp(math.log(gamma) / k)
    if law == "student_t":
        v = s * s * student_t_abs_moment(shape, 2.0)
    elif law == "lomax":
        v = s * s * lomax_moment(shape, 2.0)
    elif law == "three_point":
        v = s * s * math.exp((2.0 - k) * math.log(shape))
    else:
        v = s * s
    return v if math.isinf(v) and law in ("student_t", "lomax") and shape <= 2 else \
        _V.finite_result("E Y^2", v, k=k, gamma=gamma, shape=shape)


def heavy_tailed_mean_estimation(rng: np.random.Generator, n: int, d: int, k: float, law: str = "student_t",
                                 mean=None, gamma: float = 1.0, shape: float | None = None):
    """Data ``X_i = μ + Y_i`` (Y_i with i.i.d. coordinates from :func:`sample_heavy_tailed`): every coordinate of the
    gradient ``x - X`` of ``½||x - X||²`` has central k-th absolute moment exactly γ (004 Def 2.11 with equality).
    Returns ``(data (n, d), MeanEstimation(μ, d E Y²))`` whose population loss is exact.
    Preconditions (validated): n, d integers >= 1, k >= 1, γ > 0, μ finite (d,).
    Steps: Y from sample_heavy_tailed, X = μ + Y.
    Postcondition: as stated; the returned MeanEstimation's population loss is exact.
    Randomness: ``rng`` only (through sample_heavy_tailed); no pre-drawn form (a test-data generator, not a mechanism).
    Spec: core.prob.heavy_tailed
    """
    n, d = _V.integer("n", n, lo=1), _V.integer("d", d, lo=1)
    k, gamma = _V.in_range("k", k, 1.0, math.inf), _pos("gamma", gamma)
    _check_rng(rng)
    mean = np.zeros(int(d)) if mean is None else as_vector("mean", mean, int(d))
    Y = sample_heavy_tailed(rng, (int(n), int(d)), k, law=law, gamma=gamma, shape=shape)
    var = heavy_tailed_variance(k, law, gamma, shape)
    return mean + Y, MeanEstimation(mean, int(d) * var)


# =============================================================================================
# Interpolating data sets (001 Def 2.3, L100–102)
# =============================================================================================

@dataclass
class RegressionData:
    """Realizable regression data ``b_i = <a_i, x_star>``: loss ``ℓ(u)`` of the residual u = <a,x> - b with
    ``ℓ = u²/2`` ("squared") or ``Huber_δ`` ("huber"); every per-sample loss is 0 and minimized at x_star
    (interpolation, 001 Def 2.3).  For the Gaussian design (a ~ N(0, I)) and squared loss the population loss is
    exactly ``½||x - x_star||²``.
    Preconditions (validated): A (n, d) finite, x_star (d,), loss in {squared, huber}, δ > 0.
    Steps: residuals u = <a_i, x> - b_i and the chosen loss.
    Postcondition: every per-sample loss is 0 and minimized at x_star.
    Randomness: none; the ERM oracle uses the ``rng`` given to erm_oracle.
    Spec: core.prob.interpolating
    """

    A: np.ndarray
    b: np.ndarray
    x_star: np.ndarray
    loss: str = "squared"
    delta: float = 1.0
    n: int = field(init=False)
    d: int = field(init=False)

    def __post_init__(self):
        self.A = _V.matrix("A", self.A)
        self.b = _V.vector("b", self.b, self.A.shape[0])
        self.x_star = _V.vector("x_star", self.x_star, self.A.shape[1])
        self.loss = _V.choice("loss", self.loss, ("squared", "huber"))
        self.delta = _V.positive("delta", self.delta)
        self.n, self.d = self.A.shape

    def _ell(self, u):
        return 0.5 * np.asarray(u) ** 2 if self.loss == "squared" else huber(u, self.delta)

    def _dell(self, u):
        return np.asarray(u, dtype=float) if self.loss == "squared" else huber_grad(u, self.delta)

    def per_sample_loss(self, x, i) -> float:
        return float(self._ell(self.A[i] @ x - self.b[i]))

    def per_sample_grad(self, x, i):
        return float(self._dell(self.A[i] @ x - self.b[i])) * self.A[i]

    def erm_value(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return np.mean(self._ell(x @ self.A.T - self.b), axis=-1)

    def erm_grad(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        return self._dell(x @ self.A.T - self.b) @ self.A / self.n

    def population_loss_gaussian_design(self, x):
        """Exact population loss for a ~ N(0, I_d), squared loss: ``½||x - x_star||²``."""
        if self.loss != "squared":
            raise ValueError("loss: the closed-form population loss is for the squared loss")
        x = as_vector("x", x, self.d, allow_batch=True)
        return 0.5 * np.sum((x - self.x_star) ** 2, axis=-1)

    def erm_oracle(self, rng=None, counter=None) -> SampleAccessOracle:
        return SampleAccessOracle(self.per_sample_grad, list(range(self.n)), rng=rng,
                                  per_sample_loss=self.per_sample_loss, dim=self.d, counter=counter)


def interpolating_regression(rng: np.random.Generator, n: int, d: int, x_star=None, loss: str = "squared",
                             delta: float = 1.0, design: str = "gaussian", k: float = 4.0) -> RegressionData:
    """Realizable regression data: a_i i.i.d. (design "gaussian": N(0, I_d); "student_t": coordinates from
    :func:`sample_heavy_tailed` with unit k-th moment), b_i = <a_i, x_star> exactly (x_star default: uniform on the
    unit sphere).  Every sample loss is minimized (value 0) at x_star.
    Preconditions (validated): n, d integers >= 1; loss, design as stated.
    Steps: draw the design, b = A x_star.
    Postcondition: every sample loss is minimized (value 0) at x_star.
    Randomness: ``rng`` only; no pre-drawn form (a test-data generator).
    Spec: core.prob.interpolating
    """
    _V.choice("design", design, ('gaussian', 'student_t'))
    _V.choice("loss", loss, ('huber', 'squared'))
    n, d = _V.integer("n", n, lo=1), _V.integer("d", d, lo=1)
    k = _V.in_range("k", k, 1.0, math.inf)          # the design's moment order (design "student_t")
    delta = _pos("delta", delta)
    _check_rng(rng)
    if x_star is None:
        g = rng.standard_normal(d)
        x_star = g / np.linalg.norm(g)
    x_star = as_vector("x_star", x_star, d)
    if design == "gaussian":
        A = rng.standard_normal((n, d))
    else:   # "student_t"
        A = sample_heavy_tailed(rng, (n, d), k, law="student_t")
    return RegressionData(A=A, b=A @ x_star, x_star=x_star.copy(), loss=loss, delta=delta)


@dataclass
class ClassificationData:
    """Separable data with margin: ``y_i <a_i, x_star> >= margin`` for every i.  Loss: squared hinge
    ``ℓ(x; a, y) = ½ max(0, 1 - y<a, x>/margin)²`` (convex, smooth with constant ||a||²/margin²), which is 0 — its
    minimum — at x_star for every sample: an interpolation problem (001 Def 2.3).  (The logistic loss has no minimizer
    on separable data — its infimum 0 is not attained — so it cannot be interpolating in the sense of Def 2.3.)
    Preconditions (validated): A (n, d) finite, y in {±1}^n, margin > 0, x_star of shape (d,).
    Steps: the squared-hinge loss and its gradient per sample.
    Postcondition: every per-sample loss and gradient vanish at x_star.
    Randomness: none (the data are generated by interpolating_classification); the ERM oracle uses the ``rng`` given to erm_oracle.
    Spec: core.prob.interpolating
    """

    A: np.ndarray
    y: np.ndarray
    x_star: np.ndarray
    margin: float
    n: int = field(init=False)
    d: int = field(init=False)

    def __post_init__(self):
        self.A = _V.matrix("A", self.A)
        self.y = _V.vector("y", self.y, self.A.shape[0])
        if not np.all(np.abs(self.y) == 1):
            raise ValueError("y must have entries in {-1, +1}")
        self.x_star = _V.vector("x_star", self.x_star, self.A.shape[1])
        self.margin = _V.positive("margin", self.margin)
        self.n, self.d = self.A.shape

    def per_sample_loss(self, x, i) -> float:
        h = max(0.0, 1.0 - self.y[i] * float(self.A[i] @ x) / self.margin)
        return 0.5 * h * h

    def per_sample_grad(self, x, i):
        h = max(0.0, 1.0 - self.y[i] * float(self.A[i] @ x) / self.margin)
        return -h * self.y[i] / self.margin * self.A[i]

    def erm_value(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        h = np.maximum(0.0, 1.0 - (x @ self.A.T) * self.y / self.margin)
        return 0.5 * np.mean(h * h, axis=-1)

    def erm_grad(self, x):
        x = as_vector("x", x, self.d, allow_batch=True)
        h = np.maximum(0.0, 1.0 - (x @ self.A.T) * self.y / self.margin)
        return (-h * self.y / self.margin) @ self.A / self.n

    def erm_oracle(self, rng=None, counter=None) -> SampleAccessOracle:
        return SampleAccessOracle(self.per_sample_grad, list(range(self.n)), rng=rng,
                                  per_sample_loss=self.per_sample_loss, dim=self.d, counter=counter)


def interpolating_classification(rng: np.random.Generator, n: int, d: int, x_star=None,
                                 margin: float = 0.1) -> ClassificationData:
    """Separable data: a ~ N(0, I_d) conditioned on ``|<a, x_star>| >= margin`` (rejection), y = sign<a, x_star>.
    x_star default: uniform on the unit sphere.
    Preconditions (validated): n, d integers >= 1, margin > 0.
    Steps: rejection sampling of a ~ N(0, I_d) until |<a, x_star>| >= margin; y = sign<a, x_star>.
    Postcondition: y_i <a_i, x_star> >= margin for every i.
    Randomness: ``rng`` only (rejection: a data-dependent number of draws); no pre-drawn form (a test-data generator).
    Spec: core.prob.interpolating
    """
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    _check_rng(rng)
    if int(n) != n or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    if int(d) != d or d < 1:
        raise ValueError(f"d must be a positive integer, got {d!r}")
    margin = _pos("margin", margin)
    n, d = int(n), int(d)
    if x_star is None:
        g = rng.standard_normal(d)
        x_star = g / np.linalg.norm(g)
    x_star = as_vector("x_star", x_star, d)
    ns = float(np.linalg.norm(x_star))
    if ns == 0:
        raise ValueError("x_star must be non-zero")
    # <a, x_star> ~ N(0, ||x_star||²): acceptance probability 2Φ(-margin/||x_star||)
    p_acc = float(sps.erfc(margin / (ns * _SQRT2)))
    if p_acc < 1e-6:
        raise ValueError(f"margin: acceptance probability {p_acc:.2e} too small (need margin <~ 4.8 ||x_star||)")
    rows: list[np.ndarray] = []
    got = 0
    while got < n:
        cand = rng.standard_normal((max(2 * (n - got), int(1.5 * (n - got) / p_acc) + 8), d))
        cand = cand[np.abs(cand @ x_star) >= margin]
        rows.append(cand)
        got += cand.shape[0]
    A = np.concatenate(rows)[:n]
    y = np.sign(A @ x_star)
    return ClassificationData(A=A, y=y, x_star=x_star.copy(), margin=margin)


# =============================================================================================
# Certified solver for smooth strongly convex problems
# =============================================================================================

def solve_strongly_convex(grad: Callable[[np.ndarray], np.ndarray], x0, mu: float, smoothness: float, *,
                          center=None, radius: float | None = None,
                          project: Callable[[np.ndarray], np.ndarray] | None = None,
                          grad_error: float | Callable[[np.ndarray], float] = 0.0,
                          tol: float = 1e-12, max_iter: int = 100_000, check_every: int = 10,
                          patience: int = 30) -> tuple[np.ndarray, float]:
    """Minimize a μ-strongly convex, H-smooth F over K (R^d, the ball ``B_center(radius)``, or a set given by its exact
    Euclidean ``project``) by accelerated projected gradient (constant momentum (1-√(μ/H))/(1+√(μ/H))), with a
    certified bound on the distance to the unique minimizer x*.

    Certificates (x ∈ K, g = computed ∇F(x), e = ``grad_error`` >= ||g - ∇F(x)||):
      * K = R^d:   ``||x - x*|| <= (||g|| + e)/μ``;
      * K = ball:  ``||x - x*|| <= (dist(-g, N_K(x)) + e)/μ`` (N_K(x) = {t(x - c), t >= 0} on the boundary, {0}
        inside; on the boundary ``dist = ||g + max(0, -<g, n>) n||``, n = (x - c)/||x - c||);
      * any K:     gradient mapping ``G = H(x - P_K(x - g/H))``: ``||x - x*|| <= 2(||G|| + e)/μ`` (Nesterov,
        Thm 2.2.7; P_K is non-expansive, so an error e in g moves G by at most e).
    The smallest applicable bound is returned.  ``grad_error`` (a number or a function of x) is the caller's bound on
    the floating-point error of ``grad``; with the default 0 the radius is certified only up to that error.
    The iteration stops when the bound is <= tol, when it has not improved for ``patience`` certifications (the
    floating-point floor), or after max_iter iterations; the returned radius is what was certified (it may exceed
    tol: callers must check it).
    Preconditions: 0 < μ <= H finite; radius in [0, inf) if given; at most one of (center/radius, project).
    Postcondition: ``||x - x*|| <= r``.
    Steps: accelerated projected gradient with constant momentum, then the certificate above.
    Randomness: none (deterministic).
    Spec: core.prob.solve_strongly_convex
    """
    _V.callable_("grad", grad)
    tol = _V.real("tol", tol, allow_inf=True)
    max_iter = _V.integer("max_iter", max_iter)
    check_every = _V.integer("check_every", check_every)
    patience = _V.integer("patience", patience)
    mu = _pos("mu", mu)
    H = _pos("smoothness", smoothness)
    if mu > H * (1 + 1e-12):
        raise ValueError(f"mu must be <= smoothness, got mu={mu!r} > smoothness={H!r}")
    x0 = as_vector("x0", x0)
    d = x0.shape[0]
    if (radius is not None or center is not None) and project is not None:
        raise ValueError("project: give either (center, radius) or project, not both")
    ball = radius is not None
    if ball:
        R = check_radius("radius", radius, allow_inf=False)
        c = np.zeros(d) if center is None else as_vector("center", center, d)
        P = lambda z: proj_l2_ball(z, c, R)  # noqa: E731
    elif project is not None:
        P = project
    else:
        P = lambda z: z  # noqa: E731
    err_fn = grad_error if callable(grad_error) else (lambda x, e=float(grad_error): e)

    def certify(x):
        g = np.asarray(grad(x), dtype=float)
        if g.shape != x.shape:
            raise ValueError(f"grad returned shape {g.shape}, expected {x.shape}")
        if not np.all(np.isfinite(g)):
            raise ValueError("grad returned a non-finite value")
        e = float(err_fn(x))
        if not e >= 0:
            raise ValueError(f"grad_error must be >= 0, got {e!r}")
        G = H * (x - P(x - g / H))
        best = 2.0 * (float(np.linalg.norm(G)) + e) / mu if (ball or project is not None) else math.inf
        if project is None:
            if ball:
                v = x - c
                nv = float(np.linalg.norm(v))
                if nv >= R * (1.0 - 1e-14) and nv > 0:
                    n = v / nv
                    t = max(0.0, -float(g @ n))
                    best = min(best, (float(np.linalg.norm(g + t * n)) + e) / mu)
                elif nv < R:
                    best = min(best, (float(np.linalg.norm(g)) + e) / mu)
            else:
                best = (float(np.linalg.norm(g)) + e) / mu
        return best

    q = math.sqrt(mu / H)
    beta = (1.0 - q) / (1.0 + q)
    x = np.asarray(P(x0), dtype=float)
    y = x.copy()
    best_x, best_r = x.copy(), certify(x)
    if best_r <= tol:
        return best_x, best_r
    stale = 0
    for it in range(1, max_iter + 1):
        x_new = np.asarray(P(y - np.asarray(grad(y), dtype=float) / H), dtype=float)
        y = x_new + beta * (x_new - x)
        x = x_new
        if it % check_every == 0:
            r = certify(x)
            if r < best_r * (1.0 - 1e-3):
                best_x, best_r, stale = x.copy(), r, 0
            else:
                stale += 1
                if r < best_r:
                    best_x, best_r = x.copy(), r
            if best_r <= tol or stale >= patience:
                break
    return best_x, best_r
