"""Property tests of the Lipschitzian extension (Lemma 2.1, P1; spec 001.P1, 001.lemma2_1)."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from reference.interpolation.lipschitz_extension import (ExtendedLoss, LeastSquaresLoss, MatrixQuadraticLoss,
                                                         QuadraticLoss, ext_least_squares, ext_quadratic, huber,
                                                         lipschitz_extension)

seeds = st.integers(0, 2 ** 32 - 1)


def _rand_psd(rng, d):
    B = rng.normal(size=(d, d))
    A = B @ B.T
    if rng.random() < 0.3:                       # singular directions too
        w, V = np.linalg.eigh(A); w[0] = 0.0; A = (V * w) @ V.T; A = (A + A.T) / 2
    return A


@given(seeds, st.integers(1, 4), st.floats(0.05, 20))
def test_bisection_matches_closed_form_quadratic(seed, d, L):
    rng = np.random.default_rng(seed)
    H = float(10 ** rng.uniform(-1, 1)); s = rng.normal(size=d); x = rng.normal(size=d) * 5
    loss = QuadraticLoss(H)
    v, g, y = lipschitz_extension(x, lambda z: float(loss.value(z, s[None])[0]), lambda z: loss.grad(z, s[None])[0],
                                  lambda z, t: loss.prox(z, s, t), L)
    v0, g0, y0 = ext_quadratic(x, s, H, L)
    assert abs(v - v0) <= 1e-9 * (1 + abs(v0))
    assert np.allclose(g, g0, atol=1e-9 * (1 + L)) and np.allclose(y, y0, atol=1e-8 * (1 + np.abs(y0).max()))


@given(seeds, st.integers(1, 4), st.floats(0.05, 20))
def test_bisection_matches_huber(seed, d, L):
    rng = np.random.default_rng(seed)
    a = rng.normal(size=d); b = float(rng.normal() * 5); x = rng.normal(size=d) * 3
    loss = LeastSquaresLoss(); s = np.r_[a, b]
    v, g, _ = lipschitz_extension(x, lambda z: float(loss.value(z, s[None])[0]), lambda z: loss.grad(z, s[None])[0],
                                  lambda z, t: loss.prox(z, s, t), L)
    v0, g0 = ext_least_squares(x, a, b, L)
    u = a @ x - b
    assert abs(v0 - huber(u, L / np.linalg.norm(a))) <= 1e-12 * (1 + abs(v0))
    assert abs(v - v0) <= 1e-9 * (1 + abs(v0)) and np.allclose(g, g0, atol=1e-8 * (1 + L))


def _families(rng, d, L):
    A = _rand_psd(rng, d)
    S = rng.normal(size=(3, d)) * 2
    yield ExtendedLoss(MatrixQuadraticLoss(A), L, method="bisection"), S, MatrixQuadraticLoss(A), float(np.linalg.eigvalsh(A).max())
    Sl = np.c_[rng.normal(size=(3, d)), rng.normal(size=3) * 3]
    yield ExtendedLoss(LeastSquaresLoss(), L), Sl, LeastSquaresLoss(), LeastSquaresLoss().smoothness(Sl)


@given(seeds, st.integers(1, 3), st.floats(0.1, 10))
def test_extension_properties(seed, d, L):
    """Lemma 2.1: L-Lipschitz, convex (midpoint), F_L <= F, = F where ||grad F|| <= L, gradient = finite differences,
    H-smoothness preserved."""
    rng = np.random.default_rng(seed)
    for ext, S, base, H in _families(rng, d, L):
        x, y = rng.normal(size=d) * 3, rng.normal(size=d) * 3
        fx, fy, fm = ext.value(x, S), ext.value(y, S), ext.value((x + y) / 2, S)
        nxy = np.linalg.norm(x - y)
        assert np.all(np.abs(fx - fy) <= L * nxy * (1 + 1e-9) + 1e-10)               # (1) Lipschitz
        assert np.all(fm <= (fx + fy) / 2 + 1e-9 * (1 + np.abs(fx) + np.abs(fy)))     # (2) convex
        Fx = base.value(x, S)
        assert np.all(fx <= Fx + 1e-9 * (1 + np.abs(Fx)))                           # F_L <= F
        gF = base.grad(x, S)
        inside = np.linalg.norm(gF, axis=1) <= L
        assert np.allclose(fx[inside], Fx[inside], rtol=1e-12, atol=1e-12)           # (3)/(4) equality
        gx, gy = ext.grad(x, S), ext.grad(y, S)
        assert np.all(np.linalg.norm(gx - gy, axis=1) <= H * nxy * (1 + 1e-6) + 1e-7)  # smoothness preserved
        h = 1e-6
        for j in range(d):                                                            # (4) gradient formula
            e = np.zeros(d); e[j] = h
            fd = (ext.value(x + e, S) - ext.value(x - e, S)) / (2 * h)
            assert np.allclose(fd, gx[:, j], rtol=1e-5, atol=1e-5 * (1 + L))


def test_affine_without_lipschitz_minorant_raises():
    """AUD-47: f(x) = -2L x has no L-Lipschitz affine minorant, f_L = -inf."""
    L = 1.0
    with pytest.raises(RuntimeError, match="affine minorant"):
        lipschitz_extension(np.array([0.0]), lambda z: float(-2 * L * z[0]), lambda z: np.array([-2 * L]),
                            lambda z, t: z + 2 * L * t, L)


def test_bad_L_rejected():
    with pytest.raises(ValueError, match="L must be"):
        ext_quadratic(np.zeros(2), np.ones(2), 1.0, -1.0)


def test_cubic_ridge_extension_matches_brute_force():
    """CubicRidgeLoss (E4 instance): closed-form F_L = h_{L/||a||}(a'x - b) equals the infimal convolution
    inf_y F(y) + L||x - y|| (attained on the line x + t a/||a||), its gradient has norm <= L, and F_L = F where
    ||grad F|| <= L."""
    from reference.interpolation.lipschitz_extension import CubicRidgeLoss
    rng = np.random.default_rng(7)
    loss = CubicRidgeLoss(3.0)
    for _ in range(20):
        s = np.r_[rng.normal(size=2), rng.normal()]
        x = rng.normal(size=2) * 2
        L = float(rng.uniform(0.1, 3.0))
        v, G = loss.extension(x, s[None], L)
        a, b = s[:-1], s[-1]
        na = np.linalg.norm(a)
        ts = np.linspace(-30, 30, 600001)
        brute = np.min(np.abs(a @ x - b + ts * na) ** 3 / 3 + L * np.abs(ts))
        assert abs(v[0] - brute) <= 1e-6 * max(1.0, brute)
        assert np.linalg.norm(G[0]) <= L * (1 + 1e-12)
        if np.linalg.norm(loss.grad(x, s[None])[0]) <= L:
            assert v[0] == pytest.approx(loss.value(x, s[None])[0], rel=1e-12)
            assert np.allclose(G[0], loss.grad(x, s[None])[0])


@pytest.mark.parametrize("p", [2.5, 3.0, 4.0])
def test_power_ridge_extension_matches_brute_force(p):
    """PowerRidgeLoss (E11 instance, kappa = p): p = 3 is CubicRidgeLoss exactly; the closed-form F_L equals the
    infimal convolution inf_y F(y) + L||x - y|| (attained on the line x + t a/||a||), ||grad F_L|| <= L, F_L = F where
    ||grad F|| <= L; the growth constant E|cos|^p used by the experiment equals its quadrature."""
    from reference.interpolation.lipschitz_extension import CubicRidgeLoss, PowerRidgeLoss
    from proofs_checks.interpolation.headline_experiments import _abs_cos_moment
    rng = np.random.default_rng(11)
    loss = PowerRidgeLoss(p, 3.0)
    th = np.linspace(0, 2 * np.pi, 400001)[:-1]
    assert _abs_cos_moment(p) == pytest.approx(float(np.mean(np.abs(np.cos(th)) ** p)), rel=1e-9)
    for _ in range(12):
        s = np.r_[rng.normal(size=2), rng.normal()]
        x = rng.normal(size=2) * 2
        L = float(rng.uniform(0.1, 3.0))
        v, G = loss.extension(x, s[None], L)
        if p == 3.0:
            v3, G3 = CubicRidgeLoss(3.0).extension(x, s[None], L)
            assert np.allclose(v, v3) and np.allclose(G, G3)
        a, b = s[:-1], s[-1]
        na = np.linalg.norm(a)
        ts = np.linspace(-30, 30, 600001)
        brute = np.min(np.abs(a @ x - b + ts * na) ** p / p + L * np.abs(ts))
        assert abs(v[0] - brute) <= 1e-6 * max(1.0, brute)
        assert np.linalg.norm(G[0]) <= L * (1 + 1e-12)
        if np.linalg.norm(loss.grad(x, s[None])[0]) <= L:
            assert v[0] == pytest.approx(loss.value(x, s[None])[0], rel=1e-12)
            assert np.allclose(G[0], loss.grad(x, s[None])[0])
