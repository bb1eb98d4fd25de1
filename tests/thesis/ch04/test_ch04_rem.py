"""Tests of thesis 003 Ch. 4 REM: parameters, exact samplers (law + oracle mode), regularizers, validation."""
from __future__ import annotations

import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from reference.core.testing import hoeffding_radius
from reference.thesis.ch04 import privacy as P
from reference.thesis.ch04 import rem

LIN = lambda x, s: float(np.dot(s, x))


def _ball_mean_x1(d, a, b):
    with mp.workdps(20):
        w = P.ball_marginal(d, a, 1.0)
        pts = [-1, -0.9, -0.5, 0, 0.5, 0.9, 1]
        dens = lambda x: w(x) * mp.e ** (-b * x)
        return float(mp.quad(lambda x: x * dens(x), pts) / mp.quad(dens, pts))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 10 ** 6), d=st.integers(1, 10 ** 4), eps=st.floats(1e-3, 50), delta=st.floats(1e-12, 0.49))
def test_consistent_params_balance(n, d, eps, delta):
    """Consistent (Audit #1) k, mu satisfy (4.6) and mu Theta = d/k; printed mu is n x the (4.6) value."""
    k, mu = rem.rem_erm_params(n, d, 1.3, 0.7, eps, delta, "consistent")
    L = rem.L_of(delta)
    assert math.isclose(mu, 2 * 1.3 ** 2 * k * L / (n ** 2 * eps ** 2), rel_tol=1e-12)
    assert math.isclose(mu * 0.7, d / k, rel_tol=1e-10)
    kp, mup = rem.rem_erm_params(n, d, 1.3, 0.7, eps, delta, "printed")
    assert math.isclose(mup / (2 * 1.3 ** 2 * kp * L / (n ** 2 * eps ** 2)), n, rel_tol=1e-10)


@pytest.mark.parametrize("bad", [0.0, 0.5, 0.7, -1e-3, float("nan")])
def test_delta_validation(bad):
    with pytest.raises(ValueError, match="delta"):
        rem.rem_erm_params(10, 2, 1, 1, 1, bad)


def test_rem_erm_law_on_ball_instance():
    """Exact law: E x_1 of REM on the ball instance (linear losses, r = ||x||^2/2) matches the quadrature value.

    Hoeffding (x_1 in [-1, 1]), two-sided, false-failure <= 1e-6.
    """
    rng = np.random.default_rng(2024)
    d, n = 3, 8
    data = [np.eye(d)[0]] * 6 + [-np.eye(d)[0]] * 2           # mean s = 0.5 e_1
    sampler = rem.make_quadratic_ball_sampler(d)
    r = lambda x: float(np.dot(x, x)) / 2
    N = 3000
    xs = np.array([rem.rem_erm(data, LIN, r, d=d, G=1.0, Theta=0.5, epsilon=0.05, delta=1e-3, sampler=sampler, rng=rng)
                   for _ in range(N)])
    k, mu = rem.rem_erm_params(n, d, 1.0, 0.5, 0.05, 1e-3)
    target = _ball_mean_x1(d, k * mu, k * 0.5)
    assert np.all(np.linalg.norm(xs, axis=1) <= 1 + 1e-12)
    assert abs(xs[:, 0].mean() - target) <= hoeffding_radius(N, 1e-6, 2.0)


def test_oracle_mode_bit_identical_and_counts():
    d = 4
    data = [np.eye(d)[1], -np.eye(d)[1], np.eye(d)[0]]
    sampler = rem.make_quadratic_ball_sampler(d)
    r = lambda x: float(np.dot(x, x)) / 2
    noise = np.random.default_rng(7).standard_normal((50, d))
    kw = dict(d=d, G=1.0, Theta=0.5, epsilon=1.0, delta=1e-5, sampler=sampler)
    x1, U1 = rem.rem_sco(data, LIN, r, rng=np.random.default_rng(1), noise=noise, return_oracle=True, **kw)
    x2 = rem.rem_sco(data, LIN, r, rng=np.random.default_rng(99), noise=noise, **kw)
    assert np.array_equal(x1, x2)
    assert U1.calls == 2 * d + 1 + 2                         # identification + 2 verification queries


def test_em_strongly_convex_quadratic_losses():
    """Thm 4.5.2 mechanism with f = (mu/2)||x - s||^2 is the truncated Gaussian N(mean s, I/(k mu))."""
    d = 2
    data = [np.array([0.2, 0.0]), np.array([0.4, 0.0])]
    loss = lambda x, s: 0.5 * float(np.dot(x - s, x - s))
    sampler = rem.make_quadratic_ball_sampler(d)
    noise = np.zeros((1, d))                                 # standard part 0 => returns the mean if inside
    x = rem.em_strongly_convex(data, loss, G=2.0, mu=1.0, epsilon=1.0, delta=1e-5, sampler=sampler,
                               rng=np.random.default_rng(0), noise=noise)
    assert np.allclose(x, [0.3, 0.0], atol=1e-9)


def test_quadratic_sampler_rejects_non_quadratic():
    sampler = rem.make_quadratic_ball_sampler(2)
    with pytest.raises(ValueError, match="quadratic"):
        sampler(lambda x: float(np.sum(np.abs(x))), np.random.default_rng(0))


def test_interval_sampler_inverse_cdf_exact():
    """1-D REM back-end: with pre-chosen u, the output x satisfies CDF(x) = u (quadrature)."""
    U = lambda x: 3.0 * abs(float(x[0]) - 0.2) + 0.5 * float(x[0]) ** 2
    smp = rem.make_interval_sampler(-1.0, 1.0, dps=15, panels=2, breakpoints=[0.2])
    dens = lambda t: mp.e ** (-U(np.array([float(t)])))
    Z = mp.quad(dens, [-1, 0.2, 1])
    for u in (0.05, 0.93):
        x = smp(U, None, u=u)
        cdf = mp.quad(dens, [-1, min(0.2, x), x]) / Z if x > 0.2 else mp.quad(dens, [-1, x]) / Z
        assert abs(float(cdf) - u) < 1e-8


def test_lp_regularizers():
    rng = np.random.default_rng(3)
    for p in (1.0, 1.5, 2.0, 3.0):
        d, D = 6, 2.0
        r, Th = rem.lp_regularizer(p, d, D)
        # strong convexity (1) in l_p along random triples
        for _ in range(50):
            x, y = rng.uniform(-1, 1, d), rng.uniform(-1, 1, d)
            t = rng.uniform(0.1, 0.9)
            gap = t * r(x) + (1 - t) * r(y) - r(t * x + (1 - t) * y) - t * (1 - t) * np.linalg.norm(x - y, p) ** 2 / 2
            assert gap >= -1e-12
        # range over the l_p ball of diameter D (radius D/2, centred at x0 = 0) is <= Theta
        z = rng.standard_normal((200, d))
        z = z / np.linalg.norm(z, p, axis=1, keepdims=True) * (D / 2)
        assert max(r(v) for v in z) <= Th * (1 + 1e-12)
    rS, ThS = rem.schatten_regularizer(1.5, 3, 1.0, np.zeros((4, 3)))
    M = np.random.default_rng(0).standard_normal((4, 3))
    assert math.isclose(rS(M), rem.schatten_norm(M, 1.5) ** 2 / 1.0, rel_tol=1e-12)
    assert ThS == 1.0


def test_schatten_sampler_in_ball_and_validation():
    """The Schatten-p box-rejection back-end: draws lie in the ball, no envelope violation, the mean of a linear
    potential's draws moves against the tilt; bad parameters are rejected with a ValueError naming them."""
    rng = np.random.default_rng(5)
    r, Th = rem.schatten_regularizer(1.5, 2, 1.0, np.zeros((2, 2)))
    S = [np.array([1.0, 0.2, -0.1, 0.5]) / rem.schatten_norm(np.array([[1.0, 0.2], [-0.1, 0.5]]), 3.0)] * 50
    smp = rem.make_schatten_ball_rejection_sampler(2, 2, 1.5, 0.5)
    xs = np.array([rem.rem_erm(S, LIN, lambda x: r(np.reshape(x, (2, 2))), d=4, G=1.0, Theta=Th, epsilon=1.0,
                               delta=1e-3, sampler=smp, rng=rng) for _ in range(200)])
    assert all(rem.schatten_norm(np.reshape(x, (2, 2)), 1.5) <= 0.5 * (1 + 1e-12) for x in xs)
    assert smp.stats.get("envelope_violations", 0) == 0 and smp.stats["proposals"] >= 200
    # E <S, M> < 0 under exp(-k <S, M> - ...) (E = 0 for the untilted uniform law): 200 draws with
    # |<S, M>| <= 1/2, one-sided Hoeffding at 1e-6
    assert float(np.mean(xs @ S[0])) + 0.5 * math.sqrt(2 * math.log(1e6) / 200) < 0
    for bad in (dict(d1=0, d2=2, p=1.5), dict(d1=2, d2=2, p=0.5), dict(d1=2, d2=2, p=1.5, radius=-1.0),
                dict(d1=2, d2=2, p=1.5, center=np.zeros((3, 2)))):
        with pytest.raises(ValueError):
            rem.make_schatten_ball_rejection_sampler(**bad)
    with pytest.raises(ValueError, match="noise"):
        smp(lambda x: 0.0, rng, noise=[0.1])
