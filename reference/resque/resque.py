"""The ReSQue estimator (Reweighted Stochastic Query), Definition 2 of doc 000 (L215-222; eq. (2) L143).

    ∇~_xbar f̂_rho(x) = [gamma_rho(x - xbar - xi)/gamma_rho(xi)] · g(xbar + xi),   xi ~ N(0, rho^2 I_d),

with the weight computed in closed form (normalizers cancel; catalog A0):

    w_xbar(x; xi) = exp((<x - xbar, xi> - ||x - xbar||^2/2)/rho^2),

so ``log w ~ N(-||v||^2/(2 rho^2), ||v||^2/rho^2)``, ``v = x - xbar`` (the exact test oracle of Lemma 1/2).

Spec: 000.resque_estimator, 000.lemma1.unbiased, 000.lemma1.variance, 000.lemma2.moment, 000.lemma2.difference
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from reference.core.geometry import as_vector
from reference.core import validation as _V

__all__ = ["resque_log_weight", "resque_weight", "resque_estimate", "ResqueBatch", "draw_resque_batch"]


def _check_rho(rho) -> float:
    rho = float(rho)
    if not (np.isfinite(rho) and rho > 0):
        raise ValueError(f"rho must be a finite number > 0, got {rho}")
    return rho


def resque_log_weight(x, xbar, xi, rho: float) -> np.ndarray:
    """log w_xbar(x; xi) = (<x - xbar, xi> - ||x - xbar||^2/2)/rho^2   (Def. 2, L219; ratio of gamma_rho densities).

    Preconditions: x, xbar finite of shape (d,) (x may be a batch (m, d)); xi of shape (d,) or (N, d); rho > 0.
    Steps: (<x - xbar, xi> - ||x - xbar||^2/2)/rho^2, the log of the ratio of the N(0, rho^2 I) densities (normalisers cancel).
    Postcondition: array of log-weights, shape broadcast of the leading dims (scalar for single x and xi).
    Randomness: none (xi is an input).
    Spec: 000.resque_estimator
    """
    rho = _V.positive("rho", rho)
    xbar = as_vector("xbar", xbar)
    if np.ndim(x) > 2 or np.ndim(xi) > 2:
        raise ValueError(f"x and xi must have shape (d,) or (N, d) with d = {xbar.shape[0]}, got {np.shape(x)} and {np.shape(xi)}")
    x = as_vector("x", x, xbar.shape[0], allow_batch=True)
    xi = as_vector("xi", xi, xbar.shape[0], allow_batch=True)
    v = x - xbar
    return (xi @ v.T - 0.5 * np.sum(v * v, axis=-1)) / rho / rho          # / rho^2 without overflowing rho^2


def resque_weight(x, xbar, xi, rho: float) -> np.ndarray:
    """w_xbar(x; xi) = gamma_rho(x - xbar - xi)/gamma_rho(xi) (Def. 2, L219), via the log-weight (no overflow of the ratio).

    Preconditions: as :func:`resque_log_weight` (validated there).
    Steps: exp(resque_log_weight(x, xbar, xi, rho)).
    Postcondition: w > 0 with E_xi w = 1 and log w ~ N(-||v||^2/(2 rho^2), ||v||^2/rho^2), v = x - xbar (Lemma 1).
    Randomness: none (xi is an input).
    Spec: 000.resque_estimator"""
    return np.exp(resque_log_weight(x, xbar, xi, rho))


@dataclass
class ResqueBatch:
    """Deferred ReSQue queries (catalog A0 'batched form'): centre xbar, radius rho, draws xi_i and answers G_i = g(xbar + xi_i).

    Any later point x gets the estimates w_i(x) G_i; all queries were made in ONE parallel round (000 L143; Algs 1-2 use this for their single round).
    Preconditions: built by :func:`draw_resque_batch` (validated there): xi (N, d), G (N, d), rho > 0.
    Steps: ``estimate(x, idx)`` = mean over i in idx of w_xbar(x; xi_i) G_i.
    Postcondition: each single-index estimate is unbiased for ∇f̂_rho(x) when xi_i was drawn independently of x (Lemma 1.1).
    Randomness: none (the draws are stored).
    Spec: 000.resque_estimator
    """

    xbar: np.ndarray
    rho: float
    xi: np.ndarray       # (N, d)
    G: np.ndarray        # (N, d)

    def __post_init__(self):
        self.xbar = as_vector("xbar", self.xbar)
        self.rho = _V.positive("rho", self.rho)
        d = self.xbar.shape[0]
        self.xi = _V.matrix("xi", self.xi, (None, d))
        self.G = _V.matrix("G", self.G, (self.xi.shape[0], d))

    def estimate(self, x, idx) -> np.ndarray:
        """Mean over i in idx of w_xbar(x; xi_i) G_i (a single index gives the plain estimator)."""
        idx = np.atleast_1d(idx)
        lw = resque_log_weight(x, self.xbar, self.xi[idx], self.rho)
        return (np.exp(lw)[:, None] * self.G[idx]).mean(axis=0)


def draw_resque_batch(oracle, xbar, rho: float, N: int, rng: np.random.Generator, *, xi=None) -> ResqueBatch:
    """Steps 3-4 of Alg. 1/2 (L392-393, L416-417): draw xi_1..xi_N ~ N(0, rho^2 I) and query g(xbar + xi_i) in ONE round.

    Preconditions: ``oracle`` has ``.batch(xs)`` (a counting oracle of reference.core.oracles); N >= 0 integer; rho > 0;
    ``xi`` (optional, shape (N, d)) are pre-drawn standard-scaled draws (oracle mode: xi is used as is, NOT rescaled).
    Postcondition: oracle.calls increases by N and oracle.rounds by 1 (if N > 0).
    """
    _V.has_methods("oracle", oracle, ("batch",))
    rho = _V.positive("rho", rho)
    N = _V.integer("N", N, lo=0)
    rng = _V.generator("rng", rng, allow_none=xi is not None)   # None only with pre-drawn xi
    rho = _check_rho(rho)
    xbar = as_vector("xbar", xbar)
    if int(N) != N or N < 0:
        raise ValueError(f"N must be a non-negative integer, got {N}")
    N = int(N)
    d = xbar.shape[0]
    if xi is None:
        xi = rho * rng.standard_normal((N, d))                     # xi_i ~ N(0, rho^2 I_d)
    else:
        xi = np.asarray(xi, dtype=float)
        if xi.shape != (N, d):
            raise ValueError(f"xi must have shape (N, d) = ({N}, {d}), got {xi.shape}")
    G = oracle.batch(xbar + xi) if N > 0 else np.zeros((0, d))  # one parallel round
    return ResqueBatch(xbar=xbar, rho=rho, xi=xi, G=np.asarray(G, dtype=float).reshape(N, d))


def resque_estimate(x, xbar, rho: float, grad_oracle, rng: np.random.Generator, *, xi=None) -> np.ndarray:
    """One ReSQue estimate ∇~^g_xbar f̂_rho(x) (Def. 2): draw xi ~ N(0, rho^2 I) (or use ``xi``), query g(xbar + xi) once,
    return w_xbar(x; xi) g(xbar + xi).

    Preconditions: rho > 0; x, xbar finite of the same dimension; grad_oracle a counting oracle (callable at one point).
    Steps: xi ~ N(0, rho^2 I) (L219); G = g(xbar + xi), one query (L221); return w_xbar(x; xi) G.
    Postcondition (Lemma 1.1): E[output] = ∇f̂_rho(x); (Lemma 1.2) E||output||^2 = exp(||x-xbar||^2/rho^2)·E||g||^2-weighted.
    Randomness: ``rng`` (xi = rho N(0, I_d)) or ``xi`` = the pre-drawn SCALED draw rho z (shape (d,), used as is; this
      module's older convention, kept for the oracle targets: ``xi = rho * standard_normal(d)`` replays the rng path).
    Spec: 000.resque_estimator
    """
    rho = _V.positive("rho", rho)
    rng = _V.generator("rng", rng, allow_none=xi is not None)   # None only with pre-drawn xi
    grad_oracle = _V.callable_("grad_oracle", grad_oracle)
    rho = _check_rho(rho)
    xbar = as_vector("xbar", xbar)
    x = as_vector("x", x, xbar.shape[0])
    if xi is None:
        xi = rho * rng.standard_normal(xbar.shape[0])             # xi ~ N(0, rho^2 I_d)   (L219)
    G = np.asarray(grad_oracle(xbar + xi), dtype=float)           # g queried independently after xi is drawn (L221)
    return float(resque_weight(x, xbar, xi, rho)) * G
