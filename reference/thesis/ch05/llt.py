"""l_p log-Laplace transform psi_{p,a} and the sampler of pi_x = D_x^phi, phi = a||.||_q^2 (thesis 003 Section 5.5.3).

(5.28) (003 L4761-4765): for c in (0,1), mu_c = positive c-stable law with Laplace transform exp(-t^c); for c = 1/2,
    mu_{1/2}(lambda) = lambda^{-3/2} exp(-1/(4 lambda))/(2 sqrt(pi)) (Lévy law), exactly sampled by Kanter's formula.
(5.29) (L4767-4771, with |y_i|^q, Audit #10): with c = 2/q, kappa(lambda) = lambda a^{q/2},
    exp(psi_{p,a}(x)) = int_0^inf mu_c(lambda) prod_i Z(kappa(lambda), x_i) d lambda,  Z(kappa, s) = int exp(s t - kappa|t|^q) dt.
Sampler of D_x (Audit #9): the printed procedure draws lambda ~ mu_c (untilted) -- wrong; the corrected one draws lambda
    from the tilted density ∝ mu_c(lambda) prod_i Z(kappa(lambda), x_i), then y_i | lambda ∝ exp(x_i t - kappa|t|^q).

Implementation: q = 4 (p = 4/3, c = 1/2, closed-form mu_{1/2}); Z and all 1-D laws by numpy quadrature /
inverse CDF on fixed grids (``GRID`` documents the resolution; error ~1e-8 relative on the tested range, i.e. a
labelled grid back-end (catalog B1), not an exact sampler).
Spec: 003_ch05.alg_pi_x_sampler, 003_ch05.alg_psi_oracle.
"""
from __future__ import annotations

import functools
import math

import numpy as np
from scipy.special import logsumexp
from reference.core import validation as _V

__all__ = ["levy_half_logpdf", "kanter_positive_stable", "log_Z", "psi_pa", "sample_pi_x", "lambda_grid_logweights"]

LOGLAM = np.linspace(-8.0, 44.0, 1041)         # log lambda grid (step 0.05); tails: e^{-1/(4 lambda)} below, lambda^{-1/2-d/4} above
NV = 801                                       # points of the v-grid in Z(kappa, s) = kappa^{-1/q} int exp(s' v - |v|^q) dv


def _check_q(q):
    q = _V.real("q", q)
    if q != 4:
        raise ValueError(f"q must be 4 (p = 4/3, c = 1/2: the closed-form Lévy mixing law), got {q}")


def levy_half_logpdf(lam):
    """log mu_{1/2}(lambda) = -1.5 log(lambda) - 1/(4 lambda) - log(2 sqrt(pi)) ((5.28), L4765)."""
    lam = _V.array("lam", lam)
    if np.any(lam <= 0):
        raise ValueError(f"lam must be > 0 (the Levy(1/2) law lives on (0, inf)), got {lam!r}"[:300])
    return -1.5 * np.log(lam) - 1 / (4 * lam) - math.log(2 * math.sqrt(math.pi))


def kanter_positive_stable(c, rng: np.random.Generator, size=None, noise=None):
    """Kanter's exact sampler of the positive c-stable law (E exp(-t lambda) = exp(-t^c)), c in (0, 1).

    lambda = [sin(cU)/sin(U)^{1/c}] [sin((1-c)U)/W]^{(1-c)/c}, U ~ U(0, pi), W ~ Exp(1).

    Preconditions (validated): c in (0, 1).
    Postcondition: lambda ~ positive c-stable law (Laplace transform exp(-t^c); (5.28) for c = 1/2).
    Randomness: U ~ U(0, pi) then W ~ Exp(1) (each of shape ``size``) from ``rng``, or ``noise = (U, W)`` (oracle mode).
    Spec: 003_ch05.alg_pi_x_sampler

    Steps: Kanter's formula above, elementwise.
    """
    rng = _V.generator("rng", rng, allow_none=noise is not None)
    c = _V.in_range("c", c, 0.0, 1.0, lo_open=True, hi_open=True)
    size = _V.optional(_V.integer, "size", size, lo=0)
    if noise is None:
        U = rng.uniform(0, math.pi, size)
        W = rng.exponential(1.0, size)
    else:
        noise = _V.sequence("noise", noise)
        if len(noise) != 2:
            raise ValueError(f"noise must be a pair (U, W) of pre-drawn uniforms on (0, pi) and Exp(1) draws, got "
                             f"{len(noise)} items")
        U, W = _V.array("noise[0] (U)", noise[0]), _V.array("noise[1] (W)", noise[1])
        if U.shape != W.shape or U.ndim > 1:
            raise ValueError(f"noise must be two arrays of one shape (size,), got {U.shape} and {W.shape}")
    return (np.sin(c * U) / np.sin(U) ** (1 / c)) * (np.sin((1 - c) * U) / W) ** ((1 - c) / c)


def log_Z(kappa, s, q=4):
    """log Z(kappa, s) = log int exp(s t - kappa |t|^q) dt for arrays kappa (> 0), scalar s; trapezoid on a grid
    centred at the mode (relative error < 1e-10 for the tested range)."""
    kappa, s = _V.array("kappa", kappa), _V.real("s", s)
    _check_q(q)
    if np.any(kappa <= 0):
        raise ValueError(f"kappa must be > 0 (elementwise), got {kappa!r}"[:300])
    scale = kappa ** (-1.0 / q)                          # t = scale * v
    sp = s * scale                                       # exp(sp v - |v|^q)
    vstar = np.sign(sp) * np.cbrt(np.abs(sp) / 4)
    half = np.full_like(sp, 5.0)                         # exp(sp v - v^4) < e^{-40} x peak outside [v* - 5, v* + 5]
    u = np.linspace(-1.0, 1.0, NV)
    v = vstar[..., None] + half[..., None] * u           # local grid around the mode
    logf = sp[..., None] * v - np.abs(v) ** q
    dv = half * (u[1] - u[0])
    lz = logsumexp(logf, axis=-1, b=None) + np.log(dv)
    return _V.finite_result("log Z", lz + np.log(scale), s=s, kappa="(given)")


@functools.lru_cache(maxsize=64)
def _lw_cached(x: tuple, a: float, q: int, variant: str) -> np.ndarray:
    return _lambda_grid_logweights(np.array(x), a, q, variant)


def lambda_grid_logweights(x, a, q=4, variant="corrected"):
    """Cached version of the lambda-law log weights (see :func:`_lambda_grid_logweights`)."""
    a = _V.positive("a", a)
    _check_q(q)
    x = tuple(float(v) for v in np.atleast_1d(_V.array("x", x, ndim=1) if np.ndim(x) else _V.array("x", x)))
    try:
        lw = _lw_cached(x, float(a), int(q), str(variant))
    except OverflowError:
        lw = np.array([np.inf])
    return _V.finite_result("the lambda-grid log weights", lw, a=a, x="(given)")


def _lambda_grid_logweights(x, a, q=4, variant="corrected"):
    """log weights on LOGLAM of the lambda-law used by the sampler: corrected = tilted mu_c(lambda) prod Z(kappa, x_i)
    (times the Jacobian lambda of d log lambda); printed = mu_c(lambda) only (L4773)."""
    _check_q(q)
    a = float(a)
    lam = np.exp(LOGLAM)
    lw = levy_half_logpdf(lam) + LOGLAM                  # d lambda = lambda d log lambda
    if variant == "corrected":
        kappa = lam * a ** (q / 2)
        for xi in np.atleast_1d(np.asarray(x, dtype=float)):
            lw = lw + log_Z(kappa, float(xi), q)
    elif variant != "printed":
        raise ValueError(f"variant must be 'corrected' or 'printed', got {variant!r}")
    return lw


def psi_pa(x, a, q=4) -> float:
    """psi_{p,a}(x) = log int exp(<x,y> - a||y||_q^2) dy via the mixture (5.29) (1-D lambda quadrature on LOGLAM).
    Preconditions: a > 0; q = 4.  Spec: 003_ch05.alg_psi_oracle

    Steps: log-weights of the lambda grid (5.29), log-sum-exp times the grid step.
    Postcondition: psi_{p,a}(x) up to the lambda-grid quadrature error (2.7e-14 in d = 1 against the closed form).
    """
    a = _V.positive("a", a)
    _check_q(q)
    lw = lambda_grid_logweights(x, a, q, "corrected")
    return float(logsumexp(lw) + math.log(LOGLAM[1] - LOGLAM[0]))


def sample_pi_x(x, a, rng: np.random.Generator, q=4, variant: str = "corrected", u=None) -> np.ndarray:
    """One draw of y ~ D_x^phi, phi = a||.||_q^2 (Section 5.5.3, 003 L4755-4775).

    Preconditions: a > 0; q = 4; x in R^d (d >= 1); variant in {"corrected", "printed"}; ``u`` optional pre-drawn
        uniforms of length d + 1 (oracle mode).
    Steps: (1) lambda from its grid law (corrected: tilted; printed: untilted mu_c, Audit #9) by inverse CDF;
           (2) kappa = lambda a^{q/2}; each y_i ∝ exp(x_i t - kappa |t|^q) by inverse CDF on a local grid.
    Postcondition: corrected: y ~ D_x^phi up to grid error; printed: a different law (already at x = 0).
    Randomness: d + 1 standard uniforms (lambda first, then y_1..y_d), from ``rng`` or the pre-drawn ``u``.
    Spec: 003_ch05.alg_pi_x_sampler
    """
    _V.choice("variant", variant, ('corrected', 'printed'))
    rng = _V.generator("rng", rng, allow_none=u is not None)
    a = _V.positive("a", a)
    _check_q(q)
    x = np.atleast_1d(_V.array("x", x, ndim=1) if np.ndim(x) else _V.array("x", x))
    d = x.shape[0]
    uu = rng.random(d + 1) if u is None else _V.vector("u", u, d + 1)
    if np.any(uu < 0) or np.any(uu >= 1):
        raise ValueError(f"u must be d + 1 = {d + 1} uniforms in [0, 1), got {u!r}"[:300])
    lw = lambda_grid_logweights(x, a, q, variant)                          # step 1 (5.29)
    w = np.exp(lw - lw.max())
    cdf = np.cumsum(w)
    cdf /= cdf[-1]
    i = int(np.searchsorted(cdf, uu[0]))
    i = min(i, len(LOGLAM) - 1)
    lo = cdf[i - 1] if i > 0 else 0.0
    frac = (uu[0] - lo) / max(cdf[i] - lo, 1e-300)
    loglam = LOGLAM[i] + (frac - 0.5) * (LOGLAM[1] - LOGLAM[0])
    kappa = math.exp(loglam) * a ** (q / 2)                                # step 2
    y = np.empty(d)
    scale = kappa ** (-1.0 / q)
    for k in range(d):
        sp = x[k] * scale
        vstar = math.copysign(abs(sp / 4) ** (1 / 3), sp)
        v = np.linspace(vstar - 6.0, vstar + 6.0, 4001)
        logf = sp * v - np.abs(v) ** q
        f = np.exp(logf - logf.max())
        c = np.concatenate([[0.0], np.cumsum((f[1:] + f[:-1]) / 2)])
        c /= c[-1]
        y[k] = scale * float(np.interp(uu[k + 1], c, v))
    return y
