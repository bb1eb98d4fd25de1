"""Tests for thesis 003 Ch. 8: O2NC (Alg. 23), zero/first-order estimators, Lasry-Lions envelope.

Statistical tests declare their false-failure probability (<= 1e-6); seeds are fixed.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core.oracles import GradientOracle
from reference.core.testing import hoeffding_radius
from reference.thesis.ch08 import nonsmooth as ns
from reference.thesis.ch08 import o2nc as oc


def _grad(x):
    return x / np.sqrt(1 + x @ x)           # ∇ sqrt(1 + ||x||²), 1-Lipschitz, smooth


def test_o2nc_oracle_mode_and_structure():
    rng = np.random.default_rng(0)
    draws = {"s": rng.uniform(size=40), "k": 3}
    O = GradientOracle(_grad)
    tr1: list = []
    a = oc.o2nc(O, np.ones(3), D=0.05, eta=0.01, M=8, T=40, rng=None, draws=draws, trace=tr1)
    b = oc.o2nc(GradientOracle(_grad), np.ones(3), D=0.05, eta=0.01, M=8, T=40, rng=None, draws=draws)
    assert np.array_equal(a["x_out"], b["x_out"]) and O.calls == 40
    assert np.allclose(a["x_out"], a["z"][24:32].mean(axis=0))
    steps = np.diff(np.vstack([np.ones(3), a["z"]]), axis=0)
    assert np.all(np.linalg.norm(steps, axis=1) <= 2 * 0.05 + 1e-12)          # ||z_t − z_{t−1}|| <= 2D
    assert all(np.array_equal(x, y) for x, y in zip(tr1, a["z"]))


def test_o2nc_decreases_smooth_objective():
    f = lambda x: math.sqrt(1 + x @ x)
    out = oc.o2nc(GradientOracle(_grad), np.full(2, 3.0), D=0.1, eta=0.05, M=5, T=400, rng=np.random.default_rng(1))
    assert f(out["xbar"][-1]) < f(np.full(2, 3.0)) - 1.0


@pytest.mark.parametrize("bad", [dict(D=0.0), dict(eta=-1.0), dict(M=0), dict(T=3, M=5)])
def test_o2nc_bad_input(bad):
    kw = dict(D=0.1, eta=0.1, M=2, T=4, rng=np.random.default_rng(0))
    kw.update(bad)
    with pytest.raises(ValueError):
        oc.o2nc(_grad, np.zeros(2), **kw)


@pytest.mark.parametrize("d", [1, 3, 10])
def test_zero_order_sphere_unbiased(d):
    """Linear f = L<a,x>: ∇f_α = L a.  Coordinates bounded by Ld: Hoeffding, false-failure <= 1e-6 (Bonferroni over d)."""
    rng = np.random.default_rng(d)
    a = rng.standard_normal(d)
    a /= np.linalg.norm(a)
    N = 20000
    est = oc.zero_order_estimator(lambda v: float(a @ v), rng.standard_normal(d), alpha=0.3, m=N, rng=rng)
    rad = hoeffding_radius(N, 1e-6 / d, 2.0 * d)
    assert np.all(np.abs(est - a) <= rad)


@given(lam=st.floats(0.05, 1.0))
def test_lasry_lions_quadratic_closed_form(lam):
    grid = np.linspace(-3, 3, 601)
    ht = ns.lasry_lions_grid(grid ** 2 / 2, grid, lam)
    inner = np.abs(grid) <= 1
    np.testing.assert_allclose(ht[inner], grid[inner] ** 2 / (2 * (1 + lam)), atol=1e-4 / lam)   # grid error O(h²/λ)


def test_goldstein_helpers():
    knots = np.array([0.0])
    slopes = np.array([-1.0, 1.0])                   # h = |x|
    assert ns.goldstein_norm_1d(*ns.pl_slope_range(knots, slopes, -0.1, 0.1)) == 0.0
    assert ns.goldstein_norm_1d(*ns.pl_slope_range(knots, slopes, 0.5, 0.7)) == 1.0


# ------------------------------------------------------------------------------------------ Alg. 24 / 25 / 26
from reference.thesis.ch08 import oracles as orc  # noqa: E402


def _lin(d):
    a = np.zeros(d)
    a[0] = 1.0
    return a, (lambda x, xi: float(xi * (a @ x))), (lambda x, xi: xi * a)


@pytest.mark.parametrize("order", ["zero", "first"])
def test_single_pass_stream_exhausts(order):
    a, f, g = _lin(2)
    O, st = orc.single_pass_oracle([1.0] * 7, Sigma=3, alpha=0.1, B1=3, B2=2, m=2, sigma=0.0,
                                   rng=np.random.default_rng(0), order=order, f=f, grad=g)
    O(np.zeros(2))
    O(np.ones(2))
    O(np.ones(2))
    with pytest.raises(StopIteration):
        O(np.ones(2))
    assert st["samples_used"] == 7


@pytest.mark.parametrize("order", ["zero", "first"])
def test_single_pass_noise_free_linear_is_exact(order):
    """Linear losses: ∇f_α = ∇f; first-order estimates are exact, zero-order is unbiased (checked at sigma = 0)."""
    a, f, g = _lin(3)
    O, st = orc.single_pass_oracle([1.0] * 4000, Sigma=2, alpha=0.1, B1=1000, B2=1000, m=1, sigma=0.0,
                                   rng=np.random.default_rng(1), order=order, f=f, grad=g)
    v1 = O(np.zeros(3))
    v2 = O(np.ones(3))
    if order == "first":
        assert np.allclose(v1, a) and np.allclose(v2, a)
    else:   # coordinates bounded by d = 3: Hoeffding radius at 1e-6 over 1000 samples
        assert np.all(np.abs(v1 - a) <= hoeffding_radius(1000, 1e-6 / 3, 6.0))


def test_multi_pass_noise_accumulates_exactly():
    a, f, g = _lin(2)
    rng = np.random.default_rng(2)
    O, st = orc.multi_pass_oracle([1.0, 1.0], Sigma=3, alpha=0.1, m=1, sigma1=1.0, sigma2=0.5, f=f, rng=rng,
                                  directions="sphere")
    outs = [O(np.zeros(2)) for _ in range(3)]      # same z: differences of estimates at z vs z are zero-mean
    assert st["counter"].calls == 2 * 2 * 1 + 2 * (2 * 2 * 2 * 1)      # start: n·2m; others: n·4m each
    assert all(np.all(np.isfinite(o)) for o in outs)


@given(eps=st.floats(0.05, 10), dl=st.floats(1e-12, 1e-2), S=st.integers(1, 4096), order=st.sampled_from(["zero", "first"]))
def test_single_pass_calibration_meets_delta(eps, dl, S, order):
    sig, iota = orc.single_pass_sigma(epsilon=eps, delta=dl, L=1.0, d=5, alpha=0.1, D=1e-3, B1=S, B2=1, m=10 ** 6,
                                      Sigma=S, n_samples=10 ** 5, order=order)
    tot = orc.single_pass_privacy(epsilon=eps, L=1.0, d=5, alpha=0.1, D=1e-3, B1=S, B2=1, m=10 ** 6, sigma=sig, Sigma=S,
                                  n_samples=10 ** 5, iota=iota, order=order)
    assert tot <= dl * (1 + 1e-9)


class _Rec(np.random.Generator):
    """Records every standard-normal and uniform block (to replay the rng path as pre-drawn draws)."""

    def __init__(self, seed):
        super().__init__(np.random.PCG64(seed))
        self.log = []

    def standard_normal(self, *a, **k):
        v = super().standard_normal(*a, **k)
        self.log.append(("n", np.array(v, copy=True)))
        return v

    def random(self, *a, **k):
        v = super().random(*a, **k)
        self.log.append(("u", np.array(v, copy=True)))
        return v


@pytest.mark.parametrize("kind", ["zero", "first", "printed_ball", "multi"])
def test_ch08_oracles_draws_bit_identical(kind):
    """single_pass_oracle / multi_pass_oracle: pre-drawn streams (dirs, radii, tree | chi) replay the rng path exactly."""
    from reference.thesis.ch08 import oracles as orc
    d = 3
    a = np.array([1.0, -0.5, 0.2])
    f = lambda x, xi: abs(float(a @ x) - xi)
    g = lambda x, xi: math.copysign(1.0, float(a @ x) - xi) * a
    stream = list(np.linspace(-0.5, 0.5, 80))
    zs = [0.01 * k * a for k in range(11)]
    if kind == "multi":
        mk = lambda rng, draws=None: orc.multi_pass_oracle(stream[:6], Sigma=4, alpha=0.1, m=3, sigma1=0.3, sigma2=0.2, f=f,
                                                           rng=rng, draws=draws)[0]
        names = ("dirs", "chi")
    else:
        order = "first" if kind == "first" else "zero"
        dirs = "printed_ball" if kind == "printed_ball" else "sphere"
        mk = lambda rng, draws=None: orc.single_pass_oracle(stream, Sigma=4, alpha=0.1, B1=3, B2=2, m=3, sigma=0.5, rng=rng,
                                                            order=order, f=f, grad=g, directions=dirs, draws=draws)[0]
        names = ("dirs", "tree")
    rec = _Rec(5)
    O = mk(rec)
    out_a = [O(z) for z in zs]
    dirs_rows = [v for t, v in rec.log if t == "n" and v.ndim == 2]
    other = [v for t, v in rec.log if t == "n" and v.ndim == 1]
    radii = [v for t, v in rec.log if t == "u"]
    draws = {names[0]: np.vstack(dirs_rows), names[1]: np.vstack(other)}
    if radii:
        draws["radii"] = np.concatenate(radii)
    O2 = mk(None, draws)
    out_b = [O2(z) for z in zs]
    assert all(np.array_equal(u, v) for u, v in zip(out_a, out_b))
    short = dict(draws)
    short[names[1]] = short[names[1]][:1]
    O3 = mk(None, short)
    with pytest.raises(ValueError, match=names[1]):
        for z in zs:
            O3(z)
