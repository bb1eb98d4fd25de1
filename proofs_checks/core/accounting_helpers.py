"""Helpers shared by the accounting checks (no checks are registered here; importing it is harmless)."""
from __future__ import annotations

import functools
import math

import mpmath
import numpy as np
from flint import arb



def arb_normal_pdf(mu, s):
    """acb -> acb density of N(mu, s^2) (entire)."""
    mu, s = arb(mu) if not isinstance(mu, arb) else mu, arb(s) if not isinstance(s, arb) else s
    c = 1 / (s * (2 * arb.pi()).sqrt())
    return lambda z: c * (-(z - mu) ** 2 / (2 * s * s)).exp()


def arb_normal_sf(x: arb, mu: arb, s: arb) -> arb:
    """P(N(mu, s^2) > x) in Arb."""
    return ((x - mu) / (s * arb(2).sqrt())).erfc() / 2


def fmt(x, n=4) -> str:
    return mpmath.nstr(x, n) if isinstance(x, mpmath.mpf) else f"{float(x):.{n}g}"


# ------------------------------------------------------------------------------------------
# sampled Gaussian mechanism: Renyi divergences of the mixture by direct quadrature
# ------------------------------------------------------------------------------------------

def _log_integrand_np(x, alpha, q, sigma, forward: bool):
    """log of mu0 (mu/mu0)^alpha (forward) or mu0 (mu/mu0)^(1-alpha) (reverse), up to the constant of mu0."""
    z = (2 * x - 1) / (2 * sigma ** 2)
    lr = np.logaddexp(np.log1p(-q) if q < 1 else -np.inf, np.log(q) + z)   # log(mu/mu0)
    pw = alpha if forward else 1 - alpha
    return -x ** 2 / (2 * sigma ** 2) + pw * lr


def sgm_renyi_quad(alpha, q, sigma, forward: bool = True, dps: int = 30) -> mpmath.mpf:
    """D_alpha(mu || mu0) (forward) or D_alpha(mu0 || mu) (reverse), mu = (1-q) N(0, s^2) + q N(1, s^2),
    mu0 = N(0, s^2), by mpmath quadrature of the mixture density ratio raised to the power (no binomial
    expansion). The integration range is the set where the log-integrand is within 70 nats of its maximum
    (located on a float grid of step sigma/8 over [-alpha - 15 sigma, alpha + 15 sigma]); the range is cut in
    pieces of length <= 1.5 sigma for the tanh-sinh rule.
    """
    a = float(alpha)
    xs = np.arange(-a - 15 * sigma - 2, a + 15 * sigma + 2, sigma / 8)
    lv = _log_integrand_np(xs, a, q, sigma, forward)
    keep = xs[lv >= lv.max() - 70]
    lo, hi = keep.min() - sigma, keep.max() + sigma
    npieces = max(4, int(math.ceil((hi - lo) / (1.5 * sigma))))
    with mpmath.workdps(dps):
        s2 = 2 * mpmath.mpf(sigma) ** 2
        qq, aa = mpmath.mpf(q), mpmath.mpf(alpha)
        c0 = 1 / (mpmath.sqrt(mpmath.pi * s2))
        pw = aa if forward else 1 - aa

        def f(x):
            ratio = (1 - qq) + qq * mpmath.exp((2 * x - 1) / s2)
            return c0 * mpmath.exp(-x * x / s2) * ratio ** pw

        pts = mpmath.linspace(mpmath.mpf(lo), mpmath.mpf(hi), npieces + 1)
        I = mpmath.quad(f, pts)
        # the two tails beyond [lo, hi] are below e^{-70} of the peak value times the Gaussian tail width
        return mpmath.log(I) / (aa - 1)


# ------------------------------------------------------------------------------------------
# Gaussian integrals in sympy by completing the square (fast and fully verified)
# ------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _base_gauss_ok() -> bool:
    import sympy as sp
    y = sp.Symbol("y", real=True)
    return sp.integrate(sp.exp(-y ** 2), (y, -sp.oo, sp.oo)) == sp.sqrt(sp.pi)


def sympy_gauss_integral(integrand, x):
    """int_{-inf}^{inf} integrand dx for integrand = K * exp(A x^2 + B x + C) (K, A, B, C free of x, A < 0).

    Every step is checked by sympy: (i) integrand / exp(E) is free of x for the polynomial exponent E read off
    log(integrand); (ii) A is negative under the symbols' assumptions; (iii) E = A (x + B/(2A))^2 + C - B^2/(4A)
    expands to 0 difference; (iv) int exp(-y^2) dy = sqrt(pi) (sympy); the linear change of variables
    y = sqrt(-A) (x + B/(2A)) then gives K sqrt(pi/(-A)) exp(C - B^2/(4A)). Returns that expression.
    Raises ValueError if a step cannot be verified.
    """
    import sympy as sp
    f = sp.powsimp(sp.expand_power_base(integrand, force=True), force=True, combine="exp")
    logf = sp.expand(sp.expand_log(sp.log(f), force=True))
    poly_part = sp.Add(*[term for term in sp.Add.make_args(logf) if term.has(x)])
    rest = sp.expand(logf - poly_part)
    P = sp.Poly(sp.expand(poly_part), x)
    if P.degree() != 2:
        raise ValueError(f"exponent is not quadratic in {x}: {poly_part}")
    A, B, C0 = P.all_coeffs()
    A, B = sp.simplify(A), sp.simplify(B)
    if sp.simplify(A).is_negative is not True:
        raise ValueError(f"x^2 coefficient {A} not provably negative")
    C = C0 + rest
    E = A * x ** 2 + B * x + C
    if sp.expand(E - (A * (x + B / (2 * A)) ** 2 + C - B ** 2 / (4 * A))) != 0:
        raise ValueError("completing the square failed")
    if not _base_gauss_ok():
        raise ValueError("base Gaussian integral")
    return sp.sqrt(sp.pi / (-A)) * sp.exp(C - B ** 2 / (4 * A))
