"""Privacy curves and calibrations of thesis 003 Ch.3 (eq. 3.9, 3.10; Lemma 3.6.3; Thm 3.6.4/3.6.9; l.2531).

* :func:`gaussian_privacy_curve`  delta(N(0,1)||N(s,1))(eps) (eq. 3.9, L2570) -- via reference.core.accounting.gdp_delta
* :func:`gaussian_tradeoff`       T(N(0,1)||N(s,1))(z) = Phi(Phi^-1(1-z) - s) (eq. 3.10, L2584)
* :func:`calibrate_s_lemma363`    s*(eps, delta) = sqrt(2 log(1/(2delta)) + 2eps) - sqrt(2 log(1/(2delta))) (L3003)
* :func:`reg_exp_mech_gdp`        mu_GDP = G sqrt(k)/(n sqrt(mu)) of the regularised exponential mechanism (Thm 3.6.2)
* :func:`sampler_dp`              (eps, delta') of a TV-eta sampler of an (eps, delta)-DP mechanism: thesis (delta + eta,
                                  L2531) or correct (delta + (1 + e^eps) eta; reference.core.accounting.tv_to_dp)
* :func:`privacy_curve_1d`        delta(P||Q)(eps) = int (q - e^eps p)_+ for unnormalised 1-D log-densities (mpmath)
Spec: 003_ch03.alg8, 003_ch03.priv.P4-P6
"""
from __future__ import annotations

import math

import mpmath
import numpy as np

from reference.core.accounting import gdp_delta, tv_to_dp
from reference.core import validation as _V

__all__ = ["gaussian_privacy_curve", "gaussian_tradeoff", "gaussian_tradeoff_array", "calibrate_s_lemma363", "reg_exp_mech_gdp", "sampler_dp",
           "privacy_curve_1d", "normalised_density_1d"]


def gaussian_privacy_curve(epsilon, s) -> float:
    """delta(N(0,1)||N(s,1))(eps) = Phi(-eps/s + s/2) - e^eps Phi(-eps/s - s/2) (eq. 3.9, 003 L2570).  Spec: 003_ch03.alg8"""
    epsilon, s = _V.nonnegative("epsilon", epsilon), _V.nonnegative("s", s)
    return float(gdp_delta(epsilon, s))


def gaussian_tradeoff(z, s, dps=30):
    """T(N(0,1)||N(s,1))(z) = Phi(Phi^-1(1-z) - s) for z in [0, 1] (eq. 3.10, 003 L2584).  Spec: 003_ch03.alg8

    Preconditions (validated): z in [0, 1]; s real.
    Steps: Phi^-1(1 - z) = sqrt2 erfinv(1 - 2z) in mpmath at ``dps`` digits; the ends z = 0, 1 exactly.
    Postcondition: the Gaussian trade-off function (type II error at type I error z).
    """
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    z, s = _V.probability("z", z), _V.nonnegative("s", s)
    with mpmath.workdps(dps):
        if z == 0:
            return 1.0
        if z == 1:
            return 0.0
        x = mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * mpmath.mpf(z)) - s    # Phi^-1(1-z) = sqrt2 erfinv(1-2z)
        if x < -1e8:            # Phi(x) < e^(-5e15): the correctly rounded float is 0.0 (mpmath's erfc overflows)
            return 0.0
        return float(mpmath.ncdf(x))


def gaussian_tradeoff_array(z, s):
    """Vectorised float version of :func:`gaussian_tradeoff` (scipy): Phi(Phi^-1(1-z) - s).  Spec: 003_ch03.alg8"""
    _V.array("z", z)
    s = _V.nonnegative("s", s)
    from scipy import stats
    z = np.asarray(z, dtype=float)
    if np.any((z < 0) | (z > 1)):
        raise ValueError("z must be in [0, 1]")
    return stats.norm.cdf(stats.norm.isf(z) - s)


def calibrate_s_lemma363(epsilon, delta) -> float:
    """s*(eps, delta) = sqrt(2 log(1/(2 delta)) + 2 eps) - sqrt(2 log(1/(2 delta))) (Lemma 3.6.3, 003 L3003;
    radical scope as in the proof, audit C-17).  Preconditions: eps > 0, delta in (0, 1/2).  Spec: 003_ch03.alg8

    Steps: t = sqrt(2 log(1/(2 delta))); s* = 2 eps/(sqrt(t^2 + 2 eps) + t) (cancellation-free form).
    Postcondition: delta_G(eps; s) <= delta for |s| <= s* (Lemma 3.6.3; lemma3_6_3.grid).
    """
    epsilon = _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 0.5, lo_open=True, hi_open=True)
    t = math.sqrt(2 * math.log(1 / (2 * delta)))
    r = math.sqrt(2.0) * math.sqrt(epsilon)                         # sqrt(2 eps) without overflowing 2 eps
    return r / (math.hypot(t / r, 1.0) + t / r)     # = sqrt(t^2 + 2eps) - t, cancellation- and overflow-free


def reg_exp_mech_gdp(G, k, n, mu) -> float:
    """mu_GDP = G sqrt(k)/(n sqrt(mu)) for pi_D ~ exp(-k(F(x;D) + mu||x||^2/2)) (Thm 3.6.2 / Cor 3.4.3).  Spec: 003_ch03.priv.P4"""
    n = _V.integer("n", n, lo=1)
    G, k, mu = _V.positive("G", G), _V.positive("k", k), _V.positive("mu", mu)
    return _V.finite_result("mu_GDP", G * math.sqrt(k) / (n * math.sqrt(mu)), G=G, k=k, mu=mu)


def sampler_dp(epsilon, delta, eta, variant="correct"):
    """Privacy of a sampler within TV eta of an (eps, delta)-DP mechanism.

    variant "thesis" (L2531, proofs L3033, L3142): (eps, delta + eta); "correct": (eps, delta + (1 + e^eps) eta)
    (reference.core.accounting.tv_to_dp).  Spec: 003_ch03.priv.P6
    """
    _V.choice("variant", variant, ('correct', 'thesis'))
    epsilon, delta, eta = _V.nonnegative("epsilon", epsilon), _V.probability("delta", delta), _V.probability("eta", eta)
    if variant == "thesis":
        return float(epsilon), float(delta) + float(eta)
    if variant == "correct":
        return tv_to_dp(epsilon, delta, eta)
    raise ValueError(f"variant must be 'thesis' or 'correct', got {variant!r}")


def normalised_density_1d(logf, lo, hi, breakpoints=()):
    """Return (pdf, logZ) for the density proportional to exp(logf) on [lo, hi] (scipy quad; logf float -> float)."""
    _V.callable_("logf", logf)
    lo = _V.real("lo", lo)
    hi = _V.real("hi", hi)
    if not lo < hi:
        raise ValueError(f"lo must be < hi, got lo={lo!r}, hi={hi!r}")
    from scipy import integrate
    pts = sorted(b for b in breakpoints if lo < b < hi)
    grid = np.linspace(lo, hi, 2001)
    ref = max(logf(float(x)) for x in grid)
    Z = integrate.quad(lambda x: math.exp(logf(x) - ref), lo, hi, points=pts or None, limit=500, epsabs=0, epsrel=1e-13)[0]
    if not (math.isfinite(Z) and Z > 0):
        raise ValueError(f"the density exp(logf) has no positive finite mass on [lo, hi] = [{lo!r}, {hi!r}] (quadrature "
                         f"gave {Z!r}; narrow [lo, hi] or list breakpoints)")
    logZ = ref + math.log(Z)
    return (lambda x: math.exp(logf(x) - logZ)), logZ


def privacy_curve_1d(logp, logq, epsilon, lo, hi, breakpoints=(), grid: int = 4001) -> float:
    """delta(P||Q)(eps) = sup_S Q(S) - e^eps P(S) = int (q - e^eps p)_+ for P ~ exp(logp), Q ~ exp(logq) on [lo, hi]
    (Def 3.3.1, 003 L2556; the thesis's argument order).  The sign changes of q - e^eps p are located on a grid and
    refined by brentq; the positive part is integrated piecewise with scipy quad (rel. tol 1e-12), so the kinks are
    resolved exactly.  ``logp``, ``logq``: float -> float.  Spec: 003_ch03.priv.P4
    """
    _V.callable_("logp", logp); _V.callable_("logq", logq)
    epsilon = _V.nonnegative("epsilon", epsilon)
    lo = _V.real("lo", lo)
    hi = _V.real("hi", hi)
    grid = _V.integer("grid", grid, lo=2)
    from scipy import integrate, optimize
    p, _ = normalised_density_1d(logp, lo, hi, breakpoints)
    q, _ = normalised_density_1d(logq, lo, hi, breakpoints)
    ee = _V.finite_result("e^epsilon", math.exp(epsilon) if epsilon < 709 else math.inf, epsilon=epsilon)
    h = lambda x: q(x) - ee * p(x)
    xs = np.unique(np.concatenate([np.linspace(lo, hi, grid), [b for b in breakpoints if lo < b < hi]]))
    hv = np.array([h(float(x)) for x in xs])
    cuts = [float(lo)]
    for a, b, ha, hb in zip(xs[:-1], xs[1:], hv[:-1], hv[1:]):
        if ha * hb < 0:
            cuts.append(optimize.brentq(h, a, b, xtol=1e-15, rtol=1e-15))
        if b in breakpoints:
            cuts.append(float(b))
    cuts.append(float(hi))
    cuts = sorted(set(cuts))
    tot = 0.0
    for a, b in zip(cuts[:-1], cuts[1:]):
        if b - a <= 0 or h(0.5 * (a + b)) <= 0:
            continue
        tot += integrate.quad(lambda x: max(h(x), 0.0), a, b, limit=200, epsabs=0, epsrel=1e-12)[0]
    return tot
