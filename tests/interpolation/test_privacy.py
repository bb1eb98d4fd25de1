"""Privacy primitives of document 001: noise laws (P3), replace-one stability 2L/(mu n) (PC-1) by hypothesis."""
import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy import stats

from reference.interpolation.lipschitz_extension import ExtendedLoss, LeastSquaresLoss, QuadraticLoss
from reference.interpolation.localization import certified_argmin, draw_noise


def test_noise_laws():
    """KS tests of the standardised samplers (each false-failure <= 1e-6)."""
    rng = np.random.default_rng(0)
    lap = np.concatenate([draw_noise(rng, 5, "laplace") for _ in range(2000)])
    assert stats.kstest(lap, "laplace").pvalue > 1e-6
    gau = np.concatenate([draw_noise(rng, 5, "gaussian") for _ in range(2000)])
    assert stats.kstest(gau, "norm").pvalue > 1e-6
    r = np.array([np.linalg.norm(draw_noise(rng, 3, "laplace", "l2")) for _ in range(4000)])
    assert stats.kstest(r, stats.gamma(3).cdf).pvalue > 1e-6


@given(st.integers(0, 2 ** 32 - 1), st.integers(1, 4), st.integers(2, 30), st.booleans())
def test_stability_bound(seed, d, n, worst):
    """||argmin Phi_S - argmin Phi_S'|| <= 2L/(mu n) + 2 tau for mu-SC Phi = mean F_L + (mu/2)||x - c||^2."""
    rng = np.random.default_rng(seed)
    L = float(10 ** rng.uniform(-1, 1)); mu = float(10 ** rng.uniform(-2, 1))
    ext = ExtendedLoss(QuadraticLoss(float(10 ** rng.uniform(-1, 1))), L)
    S = rng.normal(size=(n, d))
    S2 = S.copy()
    if worst:
        u = rng.normal(size=d); u /= np.linalg.norm(u)
        S[0], S2[0] = 1e6 * u, -1e6 * u
    else:
        S2[0] = rng.normal(size=d) * 100
    c = rng.normal(size=d)
    tau = 1e-4 * L / (mu * n)
    sol = []
    for SS in (S, S2):
        g = lambda x, SS=SS: ext.grad(x, SS).mean(axis=0) + mu * (x - c)
        sol.append(certified_argmin(g, c, mu, ext.smoothness(SS) + mu, [], tau))
    gap = np.linalg.norm(sol[0][0] - sol[1][0])
    assert gap <= 2 * L / (mu * n) + sol[0][1] + sol[1][1]


@pytest.mark.parametrize("kind, reading", [("gaussian", "iid"), ("laplace", "iid"), ("laplace", "l2")])
def test_draw_noise_predrawn_bit_identical(kind, reading):
    """draw_noise(draws=...) with the standard draws the rng path would draw gives the same vector; bad shapes fail."""
    d = 4
    z1 = draw_noise(np.random.default_rng(5), d, kind, reading)
    r = np.random.default_rng(5)
    if kind == "gaussian":
        dr = r.standard_normal(d)
    elif reading == "iid":
        dr = r.laplace(0.0, 1.0, d)
    else:
        dr = {"direction": r.standard_normal(d), "radius": r.gamma(d, 1.0)}
    assert np.array_equal(z1, draw_noise(None, d, kind, reading, draws=dr))
    bad = {"direction": np.ones(d + 1), "radius": 1.0} if reading == "l2" else np.ones(d + 1)
    with pytest.raises(ValueError, match="shape"):
        draw_noise(None, d, kind, reading, draws=bad)


@pytest.mark.parametrize("delta", [0.0, 1e-6, 0.3])
def test_alg4_noise_scale_is_the_printed_sigma(delta):
    """Alg 4 adds noise of scale sigma_i = 4 L eta_i sqrt(d)/eps (delta = 0, L439) or 4 L eta_i sqrt(log(1/delta))/eps
    (L441) — recomputed here from the printed lines, independently of reference.interpolation.privacy.alg4_sigma (a
    halved or mis-transcribed scale in the shared function, which every caller uses, fails here)."""
    import math
    from reference.interpolation.localization import alg4_localization
    from reference.interpolation.lipschitz_extension import LeastSquaresLoss as _LS
    rng = np.random.default_rng(3)
    n, d, L, eps = 64, 2, 1.0, 0.7
    A_ = rng.standard_normal((n, d))
    S = np.hstack([A_, (A_ @ np.array([0.3, -0.2]))[:, None]])      # rows (a_j, b_j), interpolating
    info = {}
    alg4_localization(S, _LS(), [], 0.5, np.zeros(d), L, eps, delta, rng=np.random.default_rng(4), info=info)
    A = math.sqrt(d) if delta == 0 else math.sqrt(math.log(1 / delta))
    for eta_i, sigma_i in zip(info["eta"], info["sigma"]):
        assert sigma_i == pytest.approx(4 * L * eta_i * A / eps, rel=1e-12)
    assert len(info["sigma"]) >= 1
