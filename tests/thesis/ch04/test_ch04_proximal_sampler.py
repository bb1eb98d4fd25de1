"""Tests of thesis 003 Ch. 4's own sampler (reference.thesis.ch04.proximal_sampler: Prop 4.4.8 = [GLL22] Thm 2.3,
Alg 13 + Alg 14 + the exact l_p RGO): the RGO in law, the sampler in law against the exact d = 2 target with mutants
(k x2, mu x2, a 2-step chain) that the same test must reject at false failure 1e-6, bit-identical replay, exact
query bookkeeping, validation."""
from __future__ import annotations

import math

import numpy as np
import pytest

from proofs_checks.experiments import dkw_radius, ks_statistic
from proofs_checks.thesis.ch04 import gll_law as GL
from reference.core.oracles import QueryCounter
from reference.thesis.ch04 import proximal_sampler as PS

BETA = 1e-6
RAD = GL.RAD
A, LAM, PP = 2.0, 16.0, 1.5            # linear + l_1.5 instance: k x2 / mu x2 effects 0.22 / 0.25 (exact grids)
C_ETA, C_T = 0.5, 0.3


def _instance():
    rng = np.random.default_rng(5)
    S = GL.data(20, 2, rng)
    return S, S.mean(axis=0), np.array([0.6, -0.8])


def test_rgo_exact_in_law():
    """lp_rgo against the exact d = 2 density ∝ exp(-lam r_p(x) - ||x - y||^2/(2 eta)) on B_p (grid quadrature);
    the mutant without the Bregman acceptance step (the plain envelope Gaussian restricted to X) is rejected."""
    y, eta, lam = np.array([0.35, -0.3]), 0.05, 12.0
    g = np.linspace(-RAD, RAD, 801)
    X1, X2 = np.meshgrid(g, g, indexing="ij")
    nr = (np.abs(X1) ** PP + np.abs(X2) ** PP) ** (1 / PP)
    U = lam * nr ** 2 / (2 * (PP - 1)) + ((X1 - y[0]) ** 2 + (X2 - y[1]) ** 2) / (2 * eta)
    W = np.where(nr <= RAD, np.exp(-(U - U[nr <= RAD].min())), 0.0)
    W /= W.sum()
    c1, c2 = np.cumsum(W.sum(axis=1)), np.cumsum(W.sum(axis=0))
    M = 3000
    rng = np.random.default_rng(1)
    xs = np.array([PS.lp_rgo(y, eta, lam, PP, RAD, rng)[0] for _ in range(M)])
    thr = dkw_radius(M, BETA / 2) + 2 / 800                                   # DKW + one grid cell of CDF mass
    ks = [ks_statistic(xs[:, j], lambda v, c=c: np.interp(v, g, c)) for j, c in ((0, c1), (1, c2))]
    assert max(ks) <= thr, (ks, thr)
    assert np.all(np.sum(np.abs(xs) ** PP, axis=1) <= RAD ** PP)
    # mutant: the envelope Gaussian N(y - eta grad h(x0), eta I) restricted to X, no Bregman acceptance
    x0 = y / (1 + eta * lam / (PP - 1))
    m = y - eta * lam * PS.lp_reg_grad(x0, PP)
    z = m + math.sqrt(eta) * rng.standard_normal((4 * M, 2))
    z = z[np.sum(np.abs(z) ** PP, axis=1) <= RAD ** PP][:M]
    kz = [ks_statistic(z[:, j], lambda v, c=c: np.interp(v, g, c)) for j, c in ((0, c1), (1, c2))]
    assert max(kz) > thr, (kz, thr)


def test_gll_in_law_with_mutants():
    """gll_sample at (C_eta, C_T) = (0.5, 0.3) against the exact law (5 statistics, DKW at beta = 1e-6 split +
    grid error); the same test rejects k x2, mu x2 (same T) and a 2-step chain from the worst start."""
    S, sbar, w = _instance()
    ex = GL.exact_2d(sbar, w, A, LAM, PP, grids=(401, 201))
    M = 300
    rng_of = lambda m: np.random.default_rng(1000 + m)
    X, st = GL.draws(S, A, LAM, PP, M, rng_of, C_eta=C_ETA, C_T=C_T)
    T = st["T"]
    _, ks, thr, _, _ = GL.law_2d(X, sbar, w, PP, ex, BETA)
    assert GL.max_excess(ks, thr) <= 0, (ks, thr)
    for lab, (a, lam, x0, steps) in {"k x2": (2 * A, 2 * LAM, None, T), "mu x2": (A, 2 * LAM, None, T),
                                     "2 steps": (A, LAM, GL.worst_start(sbar, PP), 2)}.items():
        Xm, _ = GL.draws(S, a, lam, PP, M, rng_of, C_eta=C_ETA, C_T=C_T, x0=x0, steps=steps)
        _, km, tm, _, _ = GL.law_2d(Xm, sbar, w, PP, ex, BETA)
        assert GL.max_excess(km, tm) > 0, (lab, km, tm)


def test_replay_bit_identical_and_bookkeeping():
    S, sbar, _ = _instance()
    runs = []
    for _ in range(2):
        st: dict = {}
        c = QueryCounter()
        x, info = PS.rem_erm_gll(list(S), lambda x, s: float(s @ x), d=2, p=PP, radius=RAD, G=1.0, epsilon=0.05,
                                 delta=1e-3, delta_tv=1e-3, rng=np.random.default_rng(42), C_eta=C_ETA, C_T=C_T,
                                 counter=c, stats=st)
        runs.append((x, info, c.calls))
    (x1, i1, c1), (x2, i2, c2) = runs
    assert np.array_equal(x1, x2) and i1 == i2 and c1 == c2
    assert i1["rgo_calls"] == i1["T"] and i1["value_queries"] == i1["alpha_queries"] == c1
    assert i1["rgo_draws"] == 2 * i1["rounds"] >= 2 * i1["T"]
    assert i1["query_formula"] > 0 and np.sum(np.abs(x1) ** PP) <= RAD ** PP


@pytest.mark.parametrize("kw, name", [(dict(p=1.0), "p"), (dict(p=2.5), "p"), (dict(radius=0.0), "radius"),
                                      (dict(delta_tv=0.5), "delta_tv"), (dict(x0=np.array([0.6, 0.0])), "x0"),
                                      (dict(steps=0), "steps")])
def test_validation(kw, name):
    S, _, _ = _instance()
    args = dict(d=2, p=PP, radius=RAD, G=1.0, epsilon=0.1, delta=1e-3, delta_tv=1e-3, rng=np.random.default_rng(0))
    args.update(kw)
    with pytest.raises(ValueError, match=name):
        PS.rem_erm_gll(list(S), lambda x, s: float(s @ x), **args)


def test_rgo_validation():
    with pytest.raises(ValueError, match="eta"):
        PS.lp_rgo(np.zeros(2), 0.0, 1.0, PP, RAD, np.random.default_rng(0))
    with pytest.raises(ValueError, match="lam"):
        PS.lp_rgo(np.zeros(2), 0.1, -1.0, PP, RAD, np.random.default_rng(0))
    assert np.array_equal(PS.lp_reg_grad(np.zeros(3), PP), np.zeros(3))
    x = np.array([0.3, -0.1, 0.2])
    h = lambda v: np.linalg.norm(v, PP) ** 2 / (2 * (PP - 1))
    num = np.array([(h(x + 1e-6 * e) - h(x - 1e-6 * e)) / 2e-6 for e in np.eye(3)])
    assert np.allclose(PS.lp_reg_grad(x, PP), num, rtol=1e-6, atol=1e-9)

