"""Test problems of 002 with exact population risk F and constrained minimiser on 𝒞 = B(0, r) (catalog 002 §3
P1, P2, plus a non-convex loss for the privacy tests).

Doc 002 draws examples i.i.d. from a FINITE atom set (so that sup_d quantities such as Q of Thm 5.1 are exact
maxima over atoms) and needs the minimiser over the ball 𝒞 (x† may lie outside 𝒞, Thm 5.12).  The population
risk of P1 is :class:`reference.core.problems.MeanEstimation` (mean d̄, trace of the atom covariance); this module
adds the atom law, the vectorised per-example gradients ``grad(X, D) -> (m, p)`` (points X (m, p), examples D
(m, p)) and the constrained minimiser.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from reference.core import validation as _V

from reference.core import validation as _v
from reference.core.problems import MeanEstimation as _CoreMeanEstimation
from reference.core.randomness import Source

__all__ = ["MeanEstimation", "LinearLoss", "SineLoss"]


def _sample_atoms(atoms, n, rng, draws):
    n = _v.integer("n", n, lo=0)
    u = Source(rng, draws, single="u").uniform("u", (n,))
    m = len(atoms)
    return atoms[np.minimum((u * m).astype(np.int64), m - 1)]   # ⌊u·m⌋; the min only guards u·m rounding to m


@dataclass
class MeanEstimation:
    """P1: f(x, d) = ½‖x − d‖², d uniform on the rows of ``atoms``.  M = 1; on B(0, r): L = r + max‖atom‖.
    F(x) = ½‖x − d̄‖² + const, x† = d̄; on 𝒞 = B(0, r): x* = Π_𝒞(d̄)."""

    atoms: np.ndarray

    def __post_init__(self):
        self.atoms = _V.matrix("atoms", self.atoms)
        if self.atoms.shape[0] == 0:
            raise ValueError("atoms must have at least one row")
        if self.atoms.ndim != 2:
            raise ValueError("atoms must have shape (m, p)")
        self.mean = self.atoms.mean(axis=0)
        self.M = 1.0
        # population risk F(x) = ½‖x − d̄‖² + ½ tr Σ (core), Σ = covariance of the uniform law on the atoms
        self.population = _CoreMeanEstimation(self.mean, float(np.mean(np.sum((self.atoms - self.mean) ** 2, axis=1))))

    def grad(self, X, D):
        return np.asarray(X) - np.asarray(D)

    def F(self, x):
        return float(self.population.population_loss(np.asarray(x, dtype=float)))

    def grad_F(self, x):
        return np.asarray(x, dtype=float) - self.mean

    def x_star(self, radius):
        nm = np.linalg.norm(self.mean)
        return self.mean.copy() if nm <= radius else self.mean * (radius / nm)

    def excess(self, x, radius):
        return self.F(x) - self.F(self.x_star(radius))

    def lipschitz(self, radius):
        return radius + float(np.max(np.linalg.norm(self.atoms, axis=1)))

    def sample(self, n, rng, *, draws=None):
        """n i.i.d. examples uniform on the atoms.  Randomness: one stream "u" of standard uniforms, shape (n,)
        (index ⌊u·m⌋ of m atoms): from ``rng`` or pre-drawn via ``draws`` (bit-identical with the same draws)."""
        return _sample_atoms(self.atoms, n, rng, draws)


@dataclass
class LinearLoss:
    """P2: f(x, d) = ⟨d, x⟩ with d uniform on ``atoms`` (‖d‖ <= L).  M = 0; x* = −r·d̄/‖d̄‖ on B(0, r) (x† ∉ 𝒞)."""

    atoms: np.ndarray

    def __post_init__(self):
        self.atoms = _V.matrix("atoms", self.atoms)
        if self.atoms.shape[0] == 0:
            raise ValueError("atoms must have at least one row")
        self.mean = self.atoms.mean(axis=0)
        self.M = 0.0

    def grad(self, X, D):
        return np.broadcast_to(np.asarray(D, dtype=float), np.asarray(X).shape).copy()

    def F(self, x):
        return float(np.asarray(x) @ self.mean)

    def grad_F(self, x):
        return self.mean.copy()

    def x_star(self, radius):
        return -radius * self.mean / np.linalg.norm(self.mean)

    def excess(self, x, radius):
        return self.F(x) - self.F(self.x_star(radius))

    def lipschitz(self, radius):
        return float(np.max(np.linalg.norm(self.atoms, axis=1)))

    def sample(self, n, rng, *, draws=None):
        """n i.i.d. examples uniform on the atoms.  Randomness: one stream "u" of standard uniforms, shape (n,)
        (index ⌊u·m⌋ of m atoms): from ``rng`` or pre-drawn via ``draws`` (bit-identical with the same draws)."""
        return _sample_atoms(self.atoms, n, rng, draws)


@dataclass
class SineLoss:
    """Non-convex per-example loss f(x, d) = L·sin(⟨a_d, x⟩)/‖a_d‖ (L-Lipschitz, M = L·‖a_d‖), examples D = a_d.
    Used only for the privacy sensitivity tests (privacy must not need convexity, l.45)."""

    L: float = 1.0

    def __post_init__(self):
        self.L = _V.positive("L", self.L)

    def grad(self, X, D):
        X = np.asarray(X, dtype=float); D = np.asarray(D, dtype=float)
        nrm = np.maximum(np.linalg.norm(D, axis=1, keepdims=True), 1e-300)
        return self.L * np.cos(np.sum(X * D, axis=1, keepdims=True)) * D / nrm
