"""Certified strongly convex solver (P2; spec 001.P2): the returned radius bounds the distance to the exact minimiser."""
import numpy as np
from hypothesis import given, strategies as st

from reference.core.geometry import proj_l2_ball
from reference.interpolation.localization import certified_argmin


@given(st.integers(0, 2 ** 32 - 1), st.integers(1, 5), st.booleans())
def test_certified_radius_holds(seed, d, constrained):
    rng = np.random.default_rng(seed)
    mu = float(10 ** rng.uniform(-2, 1)); Hs = mu * float(10 ** rng.uniform(0, 2.5))
    a = rng.normal(size=d) * 3
    # isotropic part mu and a PSD part with zero mean-gradient at a: Phi(x) = mu/2||x-a||^2 + 1/2 (x-a)'B(x-a)
    if constrained:
        B = np.zeros((d, d)); smooth = mu
    else:
        Q, _ = np.linalg.qr(rng.normal(size=(d, d))); B = (Q * rng.uniform(0, Hs - mu, d)) @ Q.T; smooth = Hs
    grad = lambda x: mu * (x - a) + B @ (x - a)
    c = rng.normal(size=d); R = float(rng.uniform(0.1, 5))
    balls = [(c, R)] if constrained else []
    xstar = proj_l2_ball(a, c, R) if constrained else a
    tau = float(10 ** rng.uniform(-8, -2))
    x, rad = certified_argmin(grad, np.zeros(d), mu, smooth, balls, tau)
    assert rad <= tau
    assert np.linalg.norm(x - xstar) <= rad
    if constrained:
        assert np.linalg.norm(x - c) <= R * (1 + 1e-12)
