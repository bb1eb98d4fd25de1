"""Tests of the Schatten RGO of thesis 003 Ch. 4's own sampler (reference.thesis.ch04.proximal_sampler.make_lp_rgo with
schatten_shape): exact in law on 2 x 2 against 4-D grid quadrature; the acceptance-free mutant is rejected."""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import dkw_radius, ks_statistic
from reference.thesis.ch04 import proximal_sampler as PS

BETA = 1e-6
RAD, PP = 0.5, 1.5


def _sv2(a, b, c, d):
    """Singular values of the 2 x 2 matrices [[a, b], [c, d]] (vectorised closed form)."""
    r1, r2 = np.hypot(a + d, b - c) / 2, np.hypot(a - d, b + c) / 2
    return r1 + r2, np.abs(r1 - r2)


def test_schatten_rgo_exact_in_law():
    """The Schatten RGO (make_lp_rgo(schatten_shape=(2, 2))) against the exact 4-D density
    ∝ exp(-lam ||M||_{S_p}^2/(2(p-1)) - ||M - Y||_F^2/(2 eta)) on the S_p ball (grid quadrature, marginals of M11 and
    M12; grid error bounded by the gap to a coarser grid); the mutant without the acceptance step is rejected."""
    Y, eta, lam = np.array([0.3, -0.25, 0.1, 0.2]), 0.03, 25.0

    def marg(m):
        g = np.linspace(-RAD, RAD, m)
        A, B, C, D = np.meshgrid(g, g, g, g, indexing="ij", sparse=True)
        s1, s2 = _sv2(A, B, C, D)
        nr = (s1 ** PP + s2 ** PP) ** (1 / PP)
        U = lam * nr ** 2 / (2 * (PP - 1)) + ((A - Y[0]) ** 2 + (B - Y[1]) ** 2 + (C - Y[2]) ** 2 + (D - Y[3]) ** 2) / (2 * eta)
        W = np.where(nr <= RAD, np.exp(-(U - U[nr <= RAD].min())), 0.0)
        W /= W.sum()
        return g, np.cumsum(W.sum(axis=(1, 2, 3))), np.cumsum(W.sum(axis=(0, 2, 3)))

    g, c1, c2 = marg(51)
    gc, d1, d2 = marg(35)
    hf, hc = (g[1] - g[0]) / 2, (gc[1] - gc[0]) / 2              # node masses: the CDF steps at the cell's upper edge
    gerr = 2 * max(np.max(np.abs(np.interp(g + hf, gc + hc, d1) - c1)), np.max(np.abs(np.interp(g + hf, gc + hc, d2) - c2)))
    M = 2000
    rng = np.random.default_rng(3)
    prop = PS.make_lp_rgo(eta, lam, PP, RAD, schatten_shape=(2, 2))
    xs = np.array([prop(Y, rng)[0] for _ in range(M)])
    F = [lambda v, c=c: np.interp(v, g + hf, c) for c in (c1, c2)]
    thr = dkw_radius(M, BETA / 2) + gerr
    ks = [ks_statistic(xs[:, j], F[i]) for i, j in ((0, 0), (1, 1))]
    assert max(ks) <= thr, (ks, thr)
    s1, s2 = _sv2(*xs.T)
    assert np.all(s1 ** PP + s2 ** PP <= RAD ** PP * (1 + 1e-12))
    z = Y + math.sqrt(eta) * rng.standard_normal((6 * M, 4))    # mutant: the plain Gaussian restricted to X
    a1, a2 = _sv2(*z.T)
    z = z[a1 ** PP + a2 ** PP <= RAD ** PP][:M]
    kz = [ks_statistic(z[:, j], F[i]) for i, j in ((0, 0), (1, 1))]
    assert max(kz) > thr, (kz, thr)
