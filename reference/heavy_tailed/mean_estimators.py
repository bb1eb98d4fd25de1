"""Mean-estimation oracles of Kamath-Liu-Zhang (doc 004): Alg. 3 (coordinate-wise clipped median of means,
CWME), its rho-zCDP and eps-DP adaptations (CDPCWME, DPCWME), and Alg. 4 (CDPNSME, Holland's
noise-smoothed soft truncation) with its Gaussian-smoothing integral in closed form.

Seed: ``004_e5e2a2910354303b.txt``; line numbers ``Lnnn`` refer to it.

Sensitivities (replace-one neighbours, Def. 2.1 L89):
* CWME: one replaced row lies in exactly one block; after clipping to [-3tau, 3tau] the block mean moves by at
  most 6 tau / b in every coordinate, and the median (mid-average for even m) is 1-Lipschitz in l_inf, so the
  true per-coordinate sensitivity is 6 tau / b (= 6 tau m / n), half the paper's 12 tau m / n (L605, L617).
* NSME: mu_hat_j = (tau/n) sum_i psi_c(x_ij / tau) with sup |psi_c| = s(c), so Delta_2 = 2 tau s(c) sqrt(d) / n;
  the paper's "|phi| <= 1 => Delta_2 <= sqrt d" (L752) drops tau/n and the factor 2.
"""
from __future__ import annotations

import math

import mpmath as mp
import numpy as np
from scipy import special

from reference.core import validation
from reference.core.randomness import Source
from reference.core.samplers import clip_coordinates
from reference.core import validation as _V

__all__ = ["cwme_num_blocks", "cwme", "cwme_sensitivity", "cdp_cwme_sigma", "cdp_cwme", "dp_cwme_scale",
           "dp_cwme", "phi", "psi", "psi_mp", "psi_limit", "psi_sup", "nsme_sigma", "nsme", "cdp_nsme"]

SQRT2 = math.sqrt(2.0)
PHI_SUP = 2.0 * SQRT2 / 3.0           # sup |phi| = phi(sqrt 2) = 2 sqrt2 / 3  (L739)
C_STAR = 1.0 / float(special.ndtri(1.0 / 8.0)) ** 2   # Phi(-1/sqrt(c*)) = 1/8  <=>  2 s(c*)^2 = 1
_GL_X, _GL_W = np.polynomial.legendre.leggauss(48)


# ------------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------------

def _as_data(X, name="X") -> np.ndarray:
    X = _V.array(name, X, allow_inf=True)
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2 or X.shape[0] < 1 or X.shape[1] < 1:
        raise ValueError(f"{name} must be an n x d array with n, d >= 1, got shape {X.shape}")
    if np.isnan(X).any():
        raise ValueError(f"{name} contains NaN; allowed: real numbers or +-inf")
    return X


def cwme_num_blocks(d: int, beta: float) -> int:
    """m = ceil(4 ln(2d/beta)), the number of blocks of Alg. 3 (line 1, L557).

    Preconditions (validated): d an integer >= 1; beta in (0, 1).
    Steps: m <- ceil(4 ln(2d/beta)) (natural log: audit U28; the -1e-12 guards an exact integer against rounding up).
    Postcondition: d e^{-m/4} <= beta/2 (the union bound in the proof of Thm 4.1).
    Randomness: none.
    Spec: 004.alg3
    """
    d = _V.integer("d", d, lo=1)
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    return int(math.ceil(4.0 * math.log(2.0 * d / beta) - 1e-12))


# ------------------------------------------------------------------------------------------------
# Alg. 3 and its private adaptations
# ------------------------------------------------------------------------------------------------

def cwme(X, tau: float, beta: float, *, m: int | None = None) -> np.ndarray:
    """Alg. 3 (High-Dimensional Mean Estimator, L555-567): coordinate-wise clipped median of means.

    Preconditions (validated): X is n x d (no NaN; +-inf allowed, clipped); tau > 0 (the paper asks tau >= 10);
    beta in (0,1) (used in line 1 but not listed as an input, audit U28); m (optional override of
    ceil(4 ln(2d/beta))) an integer >= 1 with b = floor(n/m) >= 1.
    Steps:
      1. m <- ceil(4 ln(2d/beta)), b <- floor(n/m); the last n - m b rows are discarded (paper assumes m | n).
      2. I = [-3 tau, 3 tau].
      3. mu_j^i = mean of clip(X[(i-1)b : ib, j], I).
      4. mu_j = median_i mu_j^i (mean of the two middle values for even m, footnote 9 L617).
    Postcondition: deterministic; per-coordinate replace-one sensitivity <= 6 tau / b (true), <= 12 tau m/n
    (paper, L605); accuracy Thm 4.1 (L227-229).
    Randomness: none (deterministic).
    Spec: 004.alg3
    """
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    X = _as_data(X)
    tau = validation.positive("tau", tau)
    if not math.isfinite(3.0 * tau):
        raise ValueError(f"tau must be < 1e308/3 (the clipping interval [-3 tau, 3 tau] must be finite), got {tau!r}")
    m = _V.optional(_V.positive_int, "m", m)
    n, d = X.shape
    if m is None:
        m = cwme_num_blocks(d, beta)                                   # Alg. 3 line 1; L557
    b = n // m
    if b < 1:
        raise ValueError(f"n must be >= m = {m} (block size floor(n/m) >= 1), got n = {n}")
    # Alg. 3 lines 2-4; L558-561: clip to I.  +-inf entries (allowed: worst-case neighbours) are sent to the ends of I
    # first, which is what clipping does to them; the core clip_coordinates then requires finite input.
    Z = clip_coordinates(np.nan_to_num(X[: m * b], posinf=3.0 * tau, neginf=-3.0 * tau), 3.0 * tau)
    block_means = Z.reshape(m, b, d).mean(axis=1)                      # Alg. 3 line 5; L562 ((m/n) sum = mean)
    return np.median(block_means, axis=0)                              # Alg. 3 line 7; L564


def cwme_sensitivity(n: int, d: int, tau: float, m: int, *, which: str = "true", norm: str = "l2") -> float:
    """Replace-one sensitivity of Alg. 3 in the norm ``norm``.

    Preconditions: n >= m >= 1 integers, d >= 1, tau > 0; which in {"true", "paper"}; norm in {"linf", "l2", "l1"}.
    Steps: per coordinate 6 tau / b with b = floor(n/m) (true, tight: audit U2) or 12 tau m / n (paper, L605); times
    1, sqrt(d) or d for the l_inf, l2, l1 norms.
    Postcondition: max over replace-one neighbours of ||cwme(X) - cwme(X')|| <= the value (true: attained).
    Randomness: none.
    Spec: 004.alg3 (004.audit.U2)
    """
    _V.choice("which", which, ('paper', 'true'))
    m = validation.positive_int("m", m)
    n = validation.integer("n", n, lo=m)
    d = validation.positive_int("d", d); tau = validation.positive("tau", tau)
    norm = validation.choice("norm", norm, ("linf", "l2", "l1"))
    b = n // m
    if which == "true":
        per = 6.0 * tau / b
    elif which == "paper":
        per = 12.0 * tau * m / n
    else:
        raise ValueError(f"which must be 'true' or 'paper', got {which!r}")
    return _V.finite_result("the sensitivity", {"linf": per, "l2": per * math.sqrt(d), "l1": per * d}[norm], tau=tau, n=n, d=d)


def cdp_cwme_sigma(n: int, d: int, tau: float, m: int, rho: float, *, sensitivity_constant: float = 12.0) -> float:
    """Noise standard deviation of CDPCWME.

    Preconditions (validated): rho > 0; m, n integers >= 1 with n >= m (block size b = floor(n/m) >= 1); tau > 0, d >= 1.
    Steps: sigma = K tau sqrt(d) / (b sqrt(2 rho)), K = 12 (paper, L619: sigma^2 = 72 tau^2 m^2 d/(rho n^2) when m | n)
    or K = 6 (the true sensitivity).
    Postcondition: N(0, sigma^2 I_d) added to an l2-sensitivity K tau sqrt(d)/b release is rho-zCDP (Lemma 2.5).
    Randomness: none.
    Spec: 004.cdpcwme
    """
    rho = validation.positive("rho", rho)
    m = validation.positive_int("m", m)
    b = validation.positive_int("n", n) // m
    if b < 1:
        raise ValueError(f"n must be >= m = {m} (block size floor(n/m) >= 1), got n = {n}")
    tau = validation.positive("tau", tau); d = validation.positive_int("d", d)
    sensitivity_constant = validation.positive("sensitivity_constant", sensitivity_constant)
    return _V.finite_result("sigma", (sensitivity_constant * tau * math.sqrt(d) / b) / math.sqrt(2.0 * rho),
                            sensitivity_constant=sensitivity_constant, tau=tau, rho=rho)


def cdp_cwme(X, rho: float, tau: float, beta: float, rng: np.random.Generator | None = None, *,
             m: int | None = None, noise=None, sensitivity_constant: float = 12.0, draws=None) -> np.ndarray:
    """CDPCWME(rho, tau) (Thm 4.1 L231; proof L619-625): Alg. 3 output + N(0, sigma^2 I_d).

    Preconditions (validated): as :func:`cwme`; rho > 0; ``rng`` or ``draws``.
    Steps: 1. mu_hat = Alg3(X, tau, beta);  2. sigma^2 = (12 tau sqrt(d)/b)^2/(2 rho) (= 72 tau^2 m^2 d/(rho n^2),
    L619, when m | n);  3. output mu_hat + sigma * z.
    ``sensitivity_constant=6`` gives the noise calibrated to the true sensitivity (scaled setting).
    Postcondition: rho-zCDP (Lemma 2.5); with the true sensitivity it is (6/K)^2 rho-zCDP, i.e. rho/4 for K=12.
    Randomness: z ~ N(0, I_d) from ``rng`` (one ``standard_normal(d)`` call), or pre-drawn ``draws`` of shape (d,)
    (stream "noise"; ``noise`` is the older name), bit-identical.
    Spec: 004.cdpcwme
    """
    rng = _V.generator("rng", rng, allow_none=True)
    rho = _V.positive("rho", rho)
    tau = _V.positive("tau", tau)
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    sensitivity_constant = _V.positive("sensitivity_constant", sensitivity_constant)
    X = _as_data(X)
    n, d = X.shape
    mu_hat = cwme(X, tau, beta, m=m)                                           # step 1
    mm = cwme_num_blocks(d, beta) if m is None else m
    sigma = cdp_cwme_sigma(n, d, tau, mm, rho, sensitivity_constant=sensitivity_constant)  # step 2; L619
    z = _std_noise(noise, rng, d, "normal", draws)
    return _V.finite_result("the release mu_hat + sigma z", mu_hat + sigma * z, sigma=sigma,   # step 3; L231
                            noise=float(np.max(np.abs(z))))


def dp_cwme_scale(n: int, d: int, tau: float, m: int, epsilon: float, *, sensitivity_constant: float = 12.0) -> float:
    """Laplace scale of DPCWME.

    Preconditions (validated): epsilon > 0; n >= m >= 1 integers; tau > 0, d >= 1.
    Steps: b_L = K tau d / (b eps), b = floor(n/m), K = 12 (paper: 12 tau m d/(eps n) = 48 tau d ln(2d/beta)/(eps n),
    L235/L627) or 6 (true l1 sensitivity).
    Postcondition: Lap(b_L)^d added to an l1-sensitivity K tau d/b release is eps-DP (Lemma 2.5).
    Randomness: none.
    Spec: 004.dpcwme
    """
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    tau = _V.positive("tau", tau)
    m = _V.positive_int("m", m)
    sensitivity_constant = _V.positive("sensitivity_constant", sensitivity_constant)
    validation.positive("epsilon", epsilon)
    b = n // m
    return _V.finite_result("b_L", sensitivity_constant * tau * d / (b * epsilon), sensitivity_constant=sensitivity_constant,
                            tau=tau, epsilon=epsilon)


def dp_cwme(X, epsilon: float, tau: float, beta: float, rng: np.random.Generator | None = None, *,
            m: int | None = None, noise=None, sensitivity_constant: float = 12.0, draws=None) -> np.ndarray:
    """DPCWME(eps, tau) (Thm 4.1 L235; proof L627-637): Alg. 3 output + i.i.d. Lap(0, b_L) per coordinate.

    Preconditions (validated): as :func:`cwme`; epsilon > 0; ``rng`` or ``draws``.
    Steps: 1. mu_hat = Alg3(X, tau, beta); 2. b_L = 12 tau d/(b eps) (:func:`dp_cwme_scale`); 3. output mu_hat + b_L z.
    Postcondition: eps-DP (Laplace mechanism, Lemma 2.5) with the paper's l1 sensitivity 12 tau m d/n;
    with the true sensitivity 6 tau d/b it is (6/K) eps-DP.
    Randomness: z i.i.d. standard Laplace from ``rng`` (one ``laplace(0, 1, d)`` call), or pre-drawn ``draws`` of
    shape (d,) (stream "noise"), bit-identical.
    Spec: 004.dpcwme
    """
    rng = _V.generator("rng", rng, allow_none=True)
    epsilon = _V.positive("epsilon", epsilon)
    tau = _V.positive("tau", tau)
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    sensitivity_constant = _V.positive("sensitivity_constant", sensitivity_constant)
    X = _as_data(X)
    n, d = X.shape
    mu_hat = cwme(X, tau, beta, m=m)
    mm = cwme_num_blocks(d, beta) if m is None else m
    bL = dp_cwme_scale(n, d, tau, mm, epsilon, sensitivity_constant=sensitivity_constant)   # L627
    z = _std_noise(noise, rng, d, "laplace", draws)
    return _V.finite_result("the release mu_hat + b_L z", mu_hat + bL * z, b_L=bL, noise=float(np.max(np.abs(z))))


def _std_noise(noise, rng, d, kind, draws=None):
    """The d standard draws of one mechanism call, from ``rng`` or pre-drawn (``draws``, the project convention,
    or its older name ``noise``; a 1 x d array is accepted for ``noise``), validated by
    :class:`reference.core.randomness.Source` (stream "noise", shape (d,)); bit-identical to the rng path."""
    if noise is not None and draws is not None:
        raise ValueError("give draws or noise (the same pre-drawn standard draws), not both")
    if noise is not None:
        noise = _V.array("noise", noise)
    pre = draws if draws is not None else (None if noise is None else np.asarray(noise, dtype=float).reshape(-1))
    if pre is None and rng is None:
        raise ValueError("either rng (numpy Generator) or pre-drawn standard draws (draws, or its older name noise) must be given")
    src = Source(rng, pre, single="noise")
    return src.normal("noise", (d,)) if kind == "normal" else src.laplace("noise", (d,))


# ------------------------------------------------------------------------------------------------
# Alg. 4: soft truncation and its Gaussian smoothing
# ------------------------------------------------------------------------------------------------

def phi(y):
    """Holland's soft truncation (L739): y - y^3/6 on [-sqrt2, sqrt2], +-2sqrt2/3 outside.

    Preconditions: y real (array).  Steps: the two branches.  Postcondition: odd, non-decreasing, |phi| <= 2sqrt2/3
    (004.claim.phi_bound), |phi(y) - y| <= 3/(8 sqrt2) y^2.  Randomness: none.
    Spec: 004.alg4
    """
    _V.array("y", y, allow_inf=True)
    y = np.asarray(y, dtype=float)
    inner = y - y ** 3 / 6.0
    return np.where(y > SQRT2, PHI_SUP, np.where(y < -SQRT2, -PHI_SUP, inner))


def _ndtr_diff(lo, hi):
    """Phi(hi) - Phi(lo) without cancellation in the upper tail."""
    lo = np.asarray(lo, float)
    hi = np.asarray(hi, float)
    upper = (lo + hi) > 0
    return np.where(upper, special.ndtr(-lo) - special.ndtr(-hi), special.ndtr(hi) - special.ndtr(lo))


def psi(y, c: float):
    """psi_c(y) = E_{N ~ N(0,c)} phi(y (1+N)) in closed form (Remark B.3, L748-750; derivation in the catalog A6).

    Preconditions (validated): c > 0; y real (array, +-inf allowed).
    Steps: with Y = y(1+N) ~ N(a, s^2), a = y, s = |y| sqrt(c), truncation limits al = (-sqrt2 - a)/s,
    be = (sqrt2 - a)/s and truncated standard-normal moments M_r = int_al^be z^r phi_N(z) dz:
    psi = (a M0 + s M1) - (a^3 M0 + 3a^2 s M1 + 3 a s^2 M2 + s^3 M3)/6 + (2sqrt2/3)(Phi(-be) - Phi(al));
    tiny |y|: y - y^3(1+3c)/6 exactly; s >= 1: 48-point Gauss-Legendre on [-sqrt2, sqrt2] (no cancellation).
    Postcondition: equals the defining expectation (004.alg4.psi_closed_form: <= 1e-12 from quadrature); odd;
    |psi_c| < s(c) = psi_c(+inf).
    Randomness: none.
    Spec: 004.alg4
    """
    _V.array("y", y, allow_inf=True)
    validation.positive("c", c)
    y = np.asarray(y, dtype=float)
    out = np.zeros_like(y)
    inf = np.isinf(y)
    out[inf] = np.sign(y[inf]) * psi_limit(c)                           # psi_c(+-inf) = +-s(c)
    # |y|(1 + 40 sqrt c) < sqrt2: Y = y(1+N) leaves [-sqrt2, sqrt2] with probability < 2 Phi(-40) ~ 1e-349, so
    # psi_c(y) = E[Y - Y^3/6] = y - y^3 (1 + 3c)/6 exactly in double precision (also avoids 0 * inf for tiny y).
    small = (np.abs(y) * (1.0 + 40.0 * math.sqrt(c)) < SQRT2) & ~inf
    out[small] = y[small] - y[small] ** 3 * (1.0 + 3.0 * c) / 6.0
    nz = (y != 0) & ~inf & ~small
    a = y[nz]
    s = np.abs(a) * math.sqrt(c)
    al = (-SQRT2 - a) / s
    be = (SQRT2 - a) / s
    pa = np.exp(-0.5 * al ** 2) / math.sqrt(2 * math.pi)
    pb = np.exp(-0.5 * be ** 2) / math.sqrt(2 * math.pi)
    # Phi at +-al, +-be computed once (4 ndtr calls; M0 as in _ndtr_diff, the tails reuse Phi(-be), Phi(al))
    n_al, n_be, n_mal, n_mbe = special.ndtr(al), special.ndtr(be), special.ndtr(-al), special.ndtr(-be)
    M0 = np.where((al + be) > 0, n_mal - n_mbe, n_be - n_al)           # = _ndtr_diff(al, be)
    M1 = pa - pb
    M2 = M0 + al * pa - be * pb
    M3 = 2 * M1 + al ** 2 * pa - be ** 2 * pb
    EY = a * M0 + s * M1
    EY3 = a ** 3 * M0 + 3 * a ** 2 * s * M1 + 3 * a * s ** 2 * M2 + s ** 3 * M3
    inner = EY - EY3 / 6.0
    # For s >= 1 the moment recursion cancels catastrophically (s^3 M3 with M3 tiny); there the density of Y on
    # [-sqrt2, sqrt2] is smooth (std >= 1), so integrate (v - v^3/6) f_Y(v) by 48-point Gauss-Legendre instead.
    big = s >= 1.0
    if big.any():
        ab, sb = a[big], s[big]
        v = SQRT2 * _GL_X[None, :]
        fy = np.exp(-0.5 * ((v - ab[:, None]) / sb[:, None]) ** 2) / (sb[:, None] * math.sqrt(2 * math.pi))
        inner[big] = SQRT2 * ((v - v ** 3 / 6.0) * fy * _GL_W[None, :]).sum(axis=1)
    tails = n_mbe - n_al
    out[nz] = inner + PHI_SUP * tails
    return out


def psi_mp(y, c, *, method: str = "closed"):
    """mpmath reference for psi_c(y).

    Preconditions: y, c real with c > 0; ``y=inf`` (and -inf) gives the limit +-s(c).  Steps: ``closed`` evaluates the closed form of :func:`psi` at mp.dps;
    ``quad`` integrates phi(y(1+u)) against the N(0, c) density, split at the kinks of phi.
    Postcondition: psi_c(y) to the working precision.  Randomness: none.
    Spec: 004.alg4
    """
    y = _V.real("y", y, allow_inf=True)
    c = _V.positive("c", c)
    _V.choice("method", method, ("closed", "quad"))
    if math.isinf(y):                                  # psi_c(+-inf) = +-s(c) (the limit; y=+-inf is accepted)
        return mp.mpf(psi_limit(c)) * (1 if y > 0 else -1)
    y = mp.mpf(y)
    c = mp.mpf(c)
    if y == 0:
        return mp.mpf(0)
    r2 = mp.sqrt(2)
    sup = 2 * r2 / 3
    if method == "quad":
        sc = mp.sqrt(c)
        dens = lambda u: mp.exp(-u ** 2 / (2 * c)) / (sc * mp.sqrt(2 * mp.pi))  # noqa: E731

        def f(u):
            v = y * (1 + u)
            if v > r2:
                return sup * dens(u)
            if v < -r2:
                return -sup * dens(u)
            return (v - v ** 3 / 6) * dens(u)

        k1 = r2 / y - 1
        k2 = -r2 / y - 1
        pts = sorted([k1, k2, mp.mpf(-1)])
        return mp.quad(f, [-mp.inf] + pts + [mp.inf])
    a = y
    s = abs(y) * mp.sqrt(c)
    al = (-r2 - a) / s
    be = (r2 - a) / s
    npdf = lambda z: mp.exp(-z ** 2 / 2) / mp.sqrt(2 * mp.pi)  # noqa: E731
    M0 = mp.ncdf(be) - mp.ncdf(al)
    M1 = npdf(al) - npdf(be)
    M2 = M0 + al * npdf(al) - be * npdf(be)
    M3 = 2 * M1 + al ** 2 * npdf(al) - be ** 2 * npdf(be)
    EY = a * M0 + s * M1
    EY3 = a ** 3 * M0 + 3 * a ** 2 * s * M1 + 3 * a * s ** 2 * M2 + s ** 3 * M3
    return EY - EY3 / 6 + sup * (mp.ncdf(-be) - mp.ncdf(al))


def psi_limit(c: float) -> float:
    """lim_{y -> +inf} psi_c(y) = (2sqrt2/3)(1 - 2 Phi(-1/sqrt c))."""
    validation.positive("c", c)
    return PHI_SUP * (1.0 - 2.0 * float(special.ndtr(-1.0 / math.sqrt(c))))


def psi_sup(c: float) -> float:
    """s(c) = sup_y |psi_c(y)| = lim_{y->inf} psi_c(y) = (2sqrt2/3)(1 - 2 Phi(-1/sqrt c)).

    Preconditions (validated): c > 0.  Steps: the closed-form limit.
    Postcondition: psi_c is odd and approaches the limit from below: limit - psi_c(y) ~ (4 sqrt2/15) phi_N(1/sqrt c)/(c^{3/2} y^2)
    (second-order expansion); check 004.P3.sup verifies psi_c(y) <= limit at 60 digits on a grid
    y in [1e-4, 1e8] for c in [0.005, 20] and the asymptotic constant.
    Randomness: none.
    Spec: 004.alg4
    """
    c = _V.positive("c", c)
    return psi_limit(c)


def nsme_sigma(n: int, d: int, tau: float, rho: float, c: float, *, variant: str = "corrected") -> float:
    """Noise standard deviation of CDPNSME.

    Preconditions (validated): rho > 0; variant in {"printed", "corrected"}; n, d >= 1, tau > 0, c > 0.
    Steps: printed (L747): sigma^2 = tau^2 d/(rho n^2); corrected: sigma^2 = Delta_2^2/(2 rho) with the true
    Delta_2 = 2 tau s(c) sqrt(d)/n, i.e. sigma^2 = 2 s(c)^2 tau^2 d/(rho n^2).
    Postcondition: corrected: rho-zCDP exactly; printed: 2 s(c)^2 rho-zCDP (> rho iff c < 0.7557, 004.priv.P3).
    Randomness: none.
    Spec: 004.alg4
    """
    _V.choice("variant", variant, ('corrected', 'printed'))
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    tau = _V.positive("tau", tau)
    c = _V.positive("c", c)
    validation.positive("rho", rho)
    if variant == "printed":
        return tau * math.sqrt(d) / (math.sqrt(rho) * n)
    if variant == "corrected":
        return math.sqrt(2.0) * psi_sup(c) * tau * math.sqrt(d) / (math.sqrt(rho) * n)
    raise ValueError(f"variant must be 'corrected' or 'printed', got {variant!r}")


def nsme(X, tau: float, c: float) -> np.ndarray:
    """Non-private part of Alg. 4 (L744): mu_hat_j = (tau/n) sum_i psi_c(x_i(j)/tau).

    Preconditions (validated): X n x d without NaN (+-inf allowed); tau > 0; c > 0.
    Steps: psi_c of every entry / tau, column means, times tau.
    Postcondition: replace-one l2 sensitivity 2 tau s(c) sqrt(d)/n (tight at +-inf entries); bias
    |E mu_hat_j - mu_j| <= K(1+c) E[x_j^2]/tau, K = 3/(8 sqrt2) (004.me.nsme_bias_exact).
    Randomness: none.
    Spec: 004.alg4
    """
    c = _V.positive("c", c)
    X = _as_data(X)
    validation.positive("tau", tau)
    n = X.shape[0]
    return (tau / n) * psi(X / tau, c).sum(axis=0)


def cdp_nsme(X, rho: float, tau: float, rng: np.random.Generator | None = None, *, c: float = 1.0,
             noise=None, variant: str = "corrected", draws=None) -> np.ndarray:
    """Alg. 4, CDPNSME (L737-752): Holland's noise-smoothing mean estimator + Gaussian noise.

    Preconditions (validated): X n x d (no NaN); rho > 0; tau > 0 (paper: tau >= 10); c > 0 the smoothing variance,
    which the paper leaves as "a constant" (L742) -- default 1.0 is OUR choice; ``rng`` or ``draws``.
    Steps: 1. mu_hat_j = (tau/n) sum_i psi_c(x_i(j)/tau), psi_c(y) = E_{N~N(0,c)} phi(y(1+N)) (closed form);
           2. output mu_hat + sigma z with sigma from :func:`nsme_sigma`.
    variant="printed": sigma^2 = tau^2 d/(rho n^2) (L747); this is 2 s(c)^2 rho-zCDP, NOT rho-zCDP for
    c < c* = 0.75568... (audit U3).  variant="corrected" (default): sigma^2 = 2 s(c)^2 tau^2 d/(rho n^2), rho-zCDP.
    Postcondition: rho-zCDP (corrected); bias |E mu_hat_j - mu_j| <= K(1+c) E[x_j^2]/tau, K = 3/(8 sqrt2).
    Randomness: z ~ N(0, I_d) from ``rng`` (one ``standard_normal(d)`` call), or pre-drawn ``draws`` of shape (d,)
    (stream "noise"; ``noise`` is the older name), bit-identical.
    Spec: 004.alg4
    """
    rng = _V.generator("rng", rng, allow_none=True)
    rho = _V.positive("rho", rho)
    tau = _V.positive("tau", tau)
    X = _as_data(X)
    n, d = X.shape
    validation.positive("c", c)
    mu_hat = nsme(X, tau, c)                                                  # step 1; L744
    sigma = nsme_sigma(n, d, tau, rho, c, variant=variant)                    # step 2; L747
    z = _std_noise(noise, rng, d, "normal", draws)
    return mu_hat + sigma * z
