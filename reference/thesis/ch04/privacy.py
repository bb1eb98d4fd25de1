"""Exact privacy curves of the Ch. 4 mechanisms on instances where the output law reduces to one dimension.

Ball instance (catalog P1/P3): X = l2 ball of radius R in R^d, the mechanism's density on dataset D is
nu_D ∝ exp(-(a/2)||x||^2) 1_X and on the neighbour D' it is nu_D' ∝ nu_D(x) e^{c x_1}.  This is exactly
* REM with r = ||x||^2/2 and linear losses f(x; s) = G <s, x>, s in {±e_1}, D balanced, D' one entry flipped:
  a = k mu, c = 2 k G/n (replace-one neighbours);
* the exponential mechanism of Thm 4.5.2 with f(x; s) = (mu/2)||x - rho s e_1||^2: a = k mu, c = 2 k mu rho/n.
The privacy loss log(nu_D'/nu_D) = c x_1 + const depends on x_1 only, so the hockey-stick divergence equals the
one of the x_1-marginals
    w(x_1) ∝ exp(-a x_1^2/2) P((d-1)/2, a(R^2 - x_1^2)/2),   P = regularized lower incomplete gamma,
which is computed by ``reference.core.accounting.hockey_stick_density`` (mpmath quadrature) with the single
sign change of p - e^eps q listed as breakpoint.
Spec: 003_ch04.priv.rem, 003_ch04.priv.em_sc
"""
from __future__ import annotations

import math

import mpmath as mp

from reference.core import accounting
from reference.core import validation as _V

__all__ = ["ball_tilt_delta", "ball_marginal"]


def ball_marginal(d: int, a, R=1.0, dps: int = 30):
    """Unnormalized x_1-marginal density of ∝ exp(-(a/2)||x||^2) on the ball B_2(0, R) in R^d (d >= 2)."""
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    d = _V.integer("d", d, lo=2)
    a, R = _V.positive("a", a), _V.positive("R", R)
    a, R = mp.mpf(a), mp.mpf(R)
    s = mp.mpf(d - 1) / 2

    def w(x):
        x = mp.mpf(x)
        if abs(x) >= R:
            return mp.mpf(0)
        return mp.e ** (-a * x * x / 2) * mp.gammainc(s, 0, a * (R * R - x * x) / 2, regularized=True)

    return w


def ball_tilt_delta(epsilon, d: int, a, c, R=1.0, dps: int = 30) -> float:
    """Exact delta(eps) = max(H_{e^eps}(nu_D' || nu_D), H_{e^eps}(nu_D || nu_D')) for the ball instance.

    Preconditions: epsilon >= 0; d integer >= 2; a > 0 (strong convexity of the potential); c real (tilt);
        R > 0 (all validated); the quadrature's validated range |c| R <= 1e6 and a R^2 <= 1e12 (beyond it the
        panels miss the concentrated mass: c R = 1e15 gave delta = 1.0000003 > 1, R = 1e308 never returned), a
        ValueError outside it.  Postcondition: NUMERIC value (mpmath at ``dps`` digits, quadrature), checked to lie
        in [0, 1].
    """
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    eps, d = _V.nonnegative("epsilon", epsilon), _V.integer("d", d, lo=2)
    a, c, R = _V.positive("a", a), _V.real("c", c), _V.positive("R", R)
    if abs(c) * R > 1e6 or a * R * R > 1e12:
        raise ValueError(f"|c| R = {abs(c) * R:.3g} and a R^2 = {a * R * R:.3g} must be <= 1e6 and <= 1e12 (the "
                         f"quadrature's validated range), got a={a!r}, c={c!r}, R={R!r}")
    with mp.workdps(dps):
        w = ball_marginal(d, a, R, dps)
        R_ = mp.mpf(R)
        c = mp.mpf(c)
        if c == 0:
            return 0.0
        brk = [-R_ / 2, 0, R_ / 2]
        Zp = mp.quad(w, [-R_] + brk + [R_])
        Zq = mp.quad(lambda x: w(x) * mp.e ** (c * x), [-R_] + brk + [R_])

        def p(x):
            return w(x) / Zp

        def q(x):
            return w(x) * mp.e ** (c * x) / Zq

        lz = mp.log(Zq / Zp)
        out = []
        # H(q || p): q - e^eps p > 0  <=>  c x - lz > eps
        x_star = (eps + lz) / c
        # H(p || q): p - e^eps q > 0  <=>  -(c x - lz) > eps
        x_2 = (lz - eps) / c
        for (f, g, xb) in ((q, p, x_star), (p, q, x_2)):
            bps = [x for x in (xb,) if -R_ < x < R_]
            out.append(accounting.hockey_stick_density(f, g, eps, breakpoints=bps, support=(-R_, R_), dps=dps))
        val = float(max(out))
        if not 0.0 <= val <= 1.0 + 1e-9:
            raise ArithmeticError(f"ball_tilt_delta: the quadrature returned delta = {val!r} outside [0, 1] (a={a!r}, "
                                  f"c={c!r}, R={R!r}, dps={dps})")
        return val
