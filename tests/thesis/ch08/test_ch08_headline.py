"""Tests for the end-to-end headline runs of Thms 8.3.1 / 8.9.4 (proofs_checks/thesis/ch08/headline_goldstein.py): the
instance satisfies exactly the hypotheses, the exact Goldstein norm agrees with a brute-force hull, one tiny private
run has the counted evaluations and a replayed δ within budget."""
from __future__ import annotations

import math

import numpy as np
import pytest

from proofs_checks.thesis.ch08 import headline_goldstein as H
from proofs_checks.thesis.ch08.headline_cost import DELTA, RUN_LADDERS, run_cost
from reference.core.oracles import QueryCounter
from reference.thesis.ch08 import nonsmooth as ns
from reference.thesis.ch08 import oracles as orc


def test_instance_hypotheses():
    f, grad, x0_1, knots, slopes, F1 = H.instance()
    # Φ = F(x0) − inf F exactly (F1 piecewise linear: the infimum is at a knot; |F1'| = L outside the knots' hull)
    assert math.isclose(F1(x0_1) - min(F1(u) for u in knots), H.PHI, rel_tol=0, abs_tol=1e-12)
    # every sample L-Lipschitz with |f'| = L a.e. (steepest): finite differences on a grid avoiding kinks
    rng = np.random.default_rng(0)
    for xi in np.linspace(-H.W, H.W, H.K_ATOMS):
        for u in rng.uniform(-5, 5, 50):
            x = np.array([u, 0.3])
            g = grad(x, xi)
            fd = (f(x + np.array([1e-7, 0.0]), xi) - f(x - np.array([1e-7, 0.0]), xi)) / 2e-7
            assert abs(abs(g[0]) - H.L) < 1e-12 and g[1] == 0.0 and abs(fd - g[0]) < 1e-6
    # nonconvex (local maximum at 0) and nonsmooth (slope jumps); the start is not (2α, β)-stationary for β < L
    assert F1(0.0) > F1(-1.0) and F1(0.0) > F1(1.0)
    assert np.any(np.diff(slopes) != 0)
    for alpha in (0.2, RUN_LADDERS["zero"]["alpha"], RUN_LADDERS["first"]["alpha"]):
        assert H.goldstein_2alpha(np.array([x0_1, 0.0]), alpha) == pytest.approx(H.L)


def test_goldstein_exact_matches_bruteforce_hull():
    _, _, _, knots, slopes, _ = H.instance()
    atoms = np.linspace(-H.W, H.W, H.K_ATOMS)

    def F1(u):                                   # F1 written out again, vectorised: mean_ξ L·min(|u−ξ−c|, |u−ξ+c|)
        v = u[:, None] - atoms[None, :]
        return H.L * np.minimum(np.abs(v - H.C), np.abs(v + H.C)).mean(axis=1)
    rng = np.random.default_rng(1)
    for x in rng.uniform(-4, 4, 200):
        for r in (0.05, 0.4):
            exact = ns.goldstein_norm_1d(*ns.pl_slope_range(knots, slopes, x - r, x + r))
            us = np.linspace(x - r, x + r, 4001)
            d = (F1(us + 1e-9) - F1(us - 1e-9)) / 2e-9                           # F1' (Clarke hull from both sides)
            lo, hi = d.min(), d.max()
            brute = 0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))
            # the grid can miss a piece narrower than its spacing: brute force may only over-estimate the hull's norm
            assert exact <= brute + 1e-6
            assert brute - exact <= 2 * H.L / H.K_ATOMS + 1e-6


@pytest.mark.parametrize("order,d", [("first", 3), ("zero", 2)])
def test_tiny_private_run_counts_and_privacy(order, d):
    n, T, D, Sigma, m, evals = run_cost(0.9, alpha=0.2, eps=10.0, d=d, order=order, delta=DELTA)
    rng = np.random.default_rng(5)
    x_out, pr, N, M, sig = H.counted_private_run(order, n=n, T=T, D=D, Sigma=Sigma, m=m, evals=evals, alpha=0.2,
                                                 eps=10.0, d=d, rng=rng, seed=7)
    assert x_out.shape == (d,) and 0 < pr <= 1 + 1e-9 and N >= n and M >= 1 and sig > 0
    assert 0.0 <= H.goldstein_2alpha(x_out, 0.2) <= H.L + 1e-12


def test_single_pass_oracle_counts_kinds():
    cnt = QueryCounter()
    O, st = orc.single_pass_oracle(list(np.zeros(20)), Sigma=2, alpha=0.1, B1=2, B2=1, m=3, sigma=0.0,
                                   rng=np.random.default_rng(0), order="zero", f=lambda x, xi: float(x[0]), counter=cnt)
    O(np.zeros(2)); O(np.ones(2))
    assert cnt.calls == 2 * 3 * 2 + 4 * 3 * 1 and cnt.by_kind == {"value": cnt.calls}
    cnt2 = QueryCounter()
    O, st = orc.single_pass_oracle(list(np.zeros(20)), Sigma=2, alpha=0.1, B1=2, B2=1, m=3, sigma=0.0,
                                   rng=np.random.default_rng(0), order="first", grad=lambda x, xi: np.ones(2),
                                   counter=cnt2)
    O(np.zeros(2)); O(np.ones(2))
    assert cnt2.calls == 2 + 2 * 3 and cnt2.by_kind == {"gradient": cnt2.calls}


@pytest.mark.parametrize("order,d,beta", [("zero", 2, 0.9), ("first", 10, 0.9 * 2 ** -1.25)])
def test_vectorized_oracle_is_bit_identical(order, d, beta):
    """single_pass_oracle(vectorized=True) (rows of one estimate in one batch) = the pointwise path: same x_out, same
    counts (the n = 229 first-order point has Σ = 2, so the variance-reduction steps are compared too)."""
    n, T, D, Sigma, m, evals = run_cost(beta, alpha=0.2, eps=10.0, d=d, order=order, delta=DELTA)
    outs = [H.counted_private_run(order, n=n, T=T, D=D, Sigma=Sigma, m=m, evals=evals, alpha=0.2, eps=10.0, d=d,
                                  rng=np.random.default_rng(3), seed=4, vectorized=v) for v in (False, True)]
    assert np.array_equal(outs[0][0], outs[1][0]) and outs[0][1:] == outs[1][1:]
    if order == "first":
        assert Sigma == 2


def test_vectorized_shape_errors():
    O, _ = orc.single_pass_oracle(list(np.zeros(5)), Sigma=1, alpha=0.1, B1=1, B2=1, m=2, sigma=0.0,
                                  rng=np.random.default_rng(0), order="zero", f=lambda X, xi: np.zeros(1),
                                  vectorized=True)
    with pytest.raises(ValueError, match="vectorized f"):
        O(np.zeros(3))
    with pytest.raises(TypeError, match="vectorized"):
        orc.single_pass_oracle([0.0], Sigma=1, alpha=0.1, B1=1, B2=1, m=1, sigma=0.0, rng=np.random.default_rng(0),
                               order="zero", f=lambda x, xi: 0.0, vectorized=1)
