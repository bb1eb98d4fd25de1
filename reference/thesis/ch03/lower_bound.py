"""Lower-bound construction of thesis 003 Ch.3 Sec 3.7 (L3146-3349): hard instance and orthogonal-query wrapper.

Notation: k = number of value queries (Sec 3.7), delta_h = instance mean scale (the thesis's delta), sigma_h.
Spec: 003_ch03.alg9
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.randomness import Source
from reference.core import validation as _V
from reference.core.validation import positive, positive_int

__all__ = ["hard_instance", "OrthogonalQueryWrapper"]


def hard_instance(G, d: int, k: int, n: int, rng: np.random.Generator | None, *, draws=None):
    """Hard instance of Thm 3.7.1 (003 L3276-3288): v ~ Unif{+-1}^d, s_i ~ N(delta_h v, sigma_h^2 I) i.i.d.
    (i = 1..n), f(x; s) = <x, s> on the unit ball (D = 2).

    Preconditions (validated): G > 0 finite; d, k, n integers >= 1.
    Steps: sigma_h = G/sqrt(d + d^2/(4k)), delta_h = sigma_h sqrt(d)/(2 sqrt(k)) (L3286); v_j = -1 if U_j < 1/2 else
        +1; s_i = delta_h v + sigma_h xi_i.
    Postcondition: d(sigma_h^2 + delta_h^2) = G^2 (each f(., s) is G-Lipschitz in expectation of ||s||^2);
        returns dict(v, s, sigma_h, delta_h, x_v = -v/sqrt(d)).
    Randomness: standard uniforms "v" of shape (d,) and standard normals "s" of shape (n, d), from ``rng`` (in that
        order) or pre-drawn as ``draws = {"v": ..., "s": ...}`` (bit-identical to the rng path given its draws;
        then ``rng=None`` is admissible).
    Spec: 003_ch03.alg9
    """
    G = positive("G", G)
    d, k, n = positive_int("d", d), positive_int("k", k), positive_int("n", n)
    src = Source(rng, draws)
    sigma_h = G / math.sqrt(d + d * d / (4 * k))
    delta_h = sigma_h * math.sqrt(d) / (2 * math.sqrt(k))
    v = np.where(src.uniform("v", (d,)) < 0.5, -1.0, 1.0)
    s = delta_h * v + sigma_h * src.normal("s", (n, d))
    return dict(v=v, s=s, sigma_h=sigma_h, delta_h=delta_h, x_v=-v / math.sqrt(d))


class OrthogonalQueryWrapper:
    """Answers value queries f(X; s_i) = <X, s_i> using only queries at orthonormal directions (A3.9).

    For user i keeps an orthonormal list Q_i and cached c_{i,j} = <q_j, s_i>.  A query (X, i): r = X - sum_j <X,q_j> q_j;
    if ||r|| <= tol the answer is sum_j <X,q_j> c_{i,j} (no real query); else q = r/||r|| is queried (a unit vector, in K)
    and appended.  Real queries <= wrapped queries and <= d per user.  Spec: 003_ch03.alg9

    Preconditions: s an (n, d) array of user vectors; tol >= 0.
    Steps (per query (X, i)): project X on span Q_i; answer from the cache if the residual is <= tol, else make one
        real query at the unit residual direction and extend Q_i.
    Postcondition: every answer equals <X, s_i> up to rounding; real_queries <= queries and <= d per user.
    """

    def __init__(self, s, tol: float = 1e-10):
        self.s = _V.matrix("s", s)
        self.tol = _V.nonnegative("tol", tol)
        self.Q = {i: [] for i in range(self.s.shape[0])}
        self.C = {i: [] for i in range(self.s.shape[0])}
        self.queries = 0
        self.real_queries = 0

    def __call__(self, X, i: int) -> float:
        X = np.asarray(X, dtype=float)
        self.queries += 1
        Q, C = self.Q[i], self.C[i]
        coef = [float(q @ X) for q in Q]
        r = X - sum((c * q for c, q in zip(coef, Q)), np.zeros_like(X))
        val = float(sum(c * cc for c, cc in zip(coef, C)))
        nr = float(np.linalg.norm(r))
        if nr <= self.tol:
            return val
        q = r / nr
        c = float(q @ self.s[i])            # the one real query <q, s_i>
        self.real_queries += 1
        Q.append(q)
        C.append(c)
        return val + nr * c
