"""The fast log-Laplace back-end of thesis 003 Section 5.5.3 (reference.thesis.ch05.llt: log_F_fast, psi_pa_batch,
sample_pi_x_fast) against definitional references: mpmath (series / quad), the definitional llt.psi_pa, closed forms
(d = 1: psi = log sqrt(pi/a) + x^2/(4a), D_x = N(x/(2a), 1/(2a))) and a direct 2-D quadrature at tiny a."""
from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats
from scipy.special import logsumexp

from reference.thesis.ch05 import llt

U_PTS = [0.0, 1e-8, 1e-3, 0.2, 1.0, 3.7, 10.0, 19.999, 20.0, 20.001, 33.0, 1e2, 1e3, 3e4, 1e6, 1e9]


def test_log_F_fast_against_mpmath_extremes_included():
    ref = np.array([float(llt.log_F_reference(u)) for u in U_PTS])
    fast = llt.log_F_fast(np.array(U_PTS))
    assert np.all(np.abs(fast - ref) <= 1e-9 * np.maximum(1.0, np.abs(ref)))
    assert np.array_equal(llt.log_F_fast(-np.array(U_PTS)), fast)              # even


def test_log_F_reference_series_and_quad_agree():
    """The two branches of the mpmath reference agree where both apply (series vs Laplace-substitution quad)."""
    import mpmath as mp
    for u in (8.0, 15.0, 24.0):
        with mp.workdps(30):
            vs = mp.cbrt(mp.mpf(u) / 4)
            eps = 1 / vs ** 2
            f = lambda s: mp.exp(-(s ** 2 + 4 / mp.mpf(6) ** 1.5 * eps * s ** 3 + eps ** 2 * s ** 4 / 36))
            q = 3 * vs ** 4 - mp.log(mp.sqrt(6) * vs) + mp.log(mp.quad(f, [-mp.inf, -6, -2, 0, 2, 6, mp.inf]))
            assert abs(float(q - llt.log_F_reference(u))) <= 1e-24


def test_log_F_fast_derivative():
    for u in (0.3, 5.0, 19.9, 20.1, 100.0, 1e4):
        h = 1e-4 * max(1.0, u)
        fd = float((llt.log_F_reference(u + h, 40) - llt.log_F_reference(u - h, 40)) / (2 * h))
        _, d = llt.log_F_fast(np.array([u, -u]), deriv=True)
        assert abs(d[0] - fd) <= 1e-7 * max(1.0, abs(fd)) and d[1] == -d[0]


def test_psi_batch_equals_definitional_psi():
    rng = np.random.default_rng(3)
    for a in (0.05, 0.3, 1.0, 3.0):
        for d in (1, 2, 3):
            X = rng.uniform(-1, 1, (3, d))
            X[0] = 0.0
            ref = np.array([llt.psi_pa(x, a) for x in X])
            assert np.max(np.abs(llt.psi_pa_batch(X, a) - ref)) <= 1e-10 * max(1.0, np.max(np.abs(ref)))


def test_psi_batch_closed_form_d1_all_scales():
    xs = np.array([[0.0], [1e-3], [0.5], [-3.0], [30.0]])
    for a in (1e-8, 1e-5, 1e-2, 1.0, 1e2):
        ex = 0.5 * np.log(np.pi / a) + xs[:, 0] ** 2 / (4 * a)
        assert np.all(np.abs(llt.psi_pa_batch(xs, a) - ex) <= 1e-10 * np.maximum(1.0, np.abs(ex)))


def test_psi_batch_tiny_a_against_direct_2d_quadrature():
    """d = 2, a = 1e-5 (where the fixed grid of psi_pa does not resolve the lambda-law): psi = -log a +
    log int exp(<x', z> - ||z||_4^2) dz, x' = x/sqrt(a), by a 2-D trapezoid around the mode (step 0.02, +-9)."""
    a = 1e-5
    for x in ([0.2, -0.12], [0.05, 0.0], [0.31, 0.3]):
        x = np.array(x)
        xp = x / math.sqrt(a)
        zs = np.sign(xp) * np.abs(xp) ** (1 / 3)                 # mode of <x', z> - ||z||_4^2: grad = x'
        nz = np.sum(zs ** 4) ** 0.5
        zs = zs * np.sum(np.abs(xp) ** (4 / 3)) ** 0.25 / 2 ** 0.5 / max(nz, 1e-300) ** 0.5 if nz > 0 else zs
        from scipy.optimize import minimize
        zs = minimize(lambda z: -(xp @ z - np.sqrt(np.sum(z ** 4))), zs, method="BFGS", options={"gtol": 1e-10}).x
        t = np.arange(-9, 9.0001, 0.02)
        Z1, Z2 = np.meshgrid(zs[0] + t, zs[1] + t, indexing="ij")
        lf = xp[0] * Z1 + xp[1] * Z2 - np.sqrt(Z1 ** 4 + Z2 ** 4)
        direct = logsumexp(lf) + 2 * math.log(0.02) - math.log(a)
        fast = llt.psi_pa_batch(x, a)[0]
        assert abs(fast - direct) <= 1e-9 * abs(direct), (x, fast, direct)


def test_psi_batch_gradient_and_strong_convexity():
    """grad psi = E_{D_x}[y] (mixture) vs central differences; Hess psi >= I/(6a) (the Cramer-Rao bound used by
    lp_gamma_y's Gaussian envelope) along random directions, small and moderate a."""
    rng = np.random.default_rng(5)
    for a in (1e-4, 0.05, 1.0):
        for d in (2, 4):
            X = rng.uniform(-0.5, 0.5, (3, d))
            _, g = llt.psi_pa_batch(X, a, grad=True)
            h = 1e-5 * math.sqrt(a)
            for m in range(3):
                fd = [(llt.psi_pa_batch(X[m] + h * e, a)[0] - llt.psi_pa_batch(X[m] - h * e, a)[0]) / (2 * h)
                      for e in np.eye(d)]
                assert np.allclose(g[m], fd, rtol=1e-5, atol=1e-5 / math.sqrt(a))
                for _ in range(3):
                    v = rng.standard_normal(d)
                    v /= np.linalg.norm(v)
                    hh = 1e-2 * math.sqrt(a)
                    vals = llt.psi_pa_batch(np.array([X[m] - hh * v, X[m], X[m] + hh * v]), a)
                    curv = (vals[0] - 2 * vals[1] + vals[2]) / hh ** 2
                    assert curv >= (1 / (6 * a)) * (1 - 1e-3)


def test_psi_batch_validation():
    with pytest.raises(ValueError, match="a"):
        llt.psi_pa_batch(np.zeros((1, 2)), 0.0)
    with pytest.raises(ValueError, match="X"):
        llt.psi_pa_batch(np.zeros((1, 2, 2)), 1.0)
    with pytest.raises(ValueError, match="X"):
        llt.psi_pa_batch(np.array([[np.nan, 0.0]]), 1.0)


@pytest.mark.parametrize("a", [1e-6, 0.8])
def test_sample_pi_x_fast_law_d1_all_scales(a):
    """d = 1: D_x = N(x/(2a), 1/(2a)) exactly; KS at false failure 1e-6 (DKW) + 1e-4 grid allowance, also at tiny a
    where the fixed grids of sample_pi_x do not resolve the lambda-law."""
    x, N = 0.6 * math.sqrt(a) * 50, 3000
    rng = np.random.default_rng(7)
    ys = np.array([llt.sample_pi_x_fast([x], a, rng)[0] for _ in range(N)])
    ks = stats.kstest(ys, stats.norm(x / (2 * a), math.sqrt(1 / (2 * a))).cdf).statistic
    assert ks <= math.sqrt(math.log(2 / 1e-6) / (2 * N)) + 1e-4


def test_sample_pi_x_fast_reproducible_and_oracle_mode():
    u = np.array([0.3, 0.7, 0.1])
    y1 = llt.sample_pi_x_fast([0.2, -0.1], 0.01, None, u=u)
    assert np.array_equal(y1, llt.sample_pi_x_fast([0.2, -0.1], 0.01, np.random.default_rng(0), u=u))
    assert np.array_equal(llt.sample_pi_x_fast([0.2, -0.1], 0.01, np.random.default_rng(9)),
                          llt.sample_pi_x_fast([0.2, -0.1], 0.01, np.random.default_rng(9)))
    with pytest.raises(ValueError, match="u"):
        llt.sample_pi_x_fast([0.2, -0.1], 0.01, None, u=[0.3, 1.5, 0.2])
