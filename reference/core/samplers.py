"""Samplers and clipping shared by every document: clipping, subsampling, balls, exact 1-D inverse CDF.

Every random function takes ``rng: numpy.random.Generator`` and, where a fast implementation would compare
draw for draw, the pre-drawn *standard* randomness (``noise=`` / ``u=``): with the same pre-drawn values
the output is bit-identical and ``rng`` is not touched (it may then be ``None``).  The documented draw
order is the order a fast implementation would use (``rng.random``/``rng.standard_normal``).

Spec: core.samp.* (specs/core.mechanisms.toml).  Checks: proofs_checks/core/samplers.py.
"""
from __future__ import annotations

import math
import numbers
from typing import Callable

import mpmath
import numpy as np
from reference.core import validation as _V

__all__ = [
    "l2_norm",
    "clip_l2",
    "clip_coordinates",
    "poisson_subsample",
    "sample_with_replacement",
    "sample_without_replacement",
    "uniform_l2_ball",
    "truncated_gaussian_ball",
    "inverse_cdf_sample",
]


# --------------------------------------------------------------------------------------------
# private validators (also used by reference.core.mechanisms and reference.core.tree)
# --------------------------------------------------------------------------------------------

def _real(name: str, x, *, lo: float | None = None, hi: float | None = None, lo_open: bool = False,
          hi_open: bool = False, allow_inf: bool = False) -> float:
    """``x`` as a float in the stated interval (reference.core.validation.in_range)."""
    return _V.in_range(name, x, -math.inf if lo is None else lo, math.inf if hi is None else hi,
                       lo_open=lo_open, hi_open=hi_open, allow_inf=allow_inf)


def _int(name: str, x, *, lo: int | None = None, hi: int | None = None) -> int:
    """``x`` as a Python int in [lo, hi] (reference.core.validation.integer)."""
    return _V.integer(name, x, lo=lo, hi=hi)


def _finite_array(name: str, x, *, ndim: int | None = None, min_ndim: int = 0) -> np.ndarray:
    """``x`` as a finite float64 array (reference.core.validation.array; empty allowed)."""
    a = _V.array(name, x, ndim=ndim, allow_empty=True)
    if a.ndim < min_ndim:
        raise ValueError(f"{name} must have at least {min_ndim} dimension(s), got shape {a.shape}")
    return a


def _generator(rng, needed: bool = True) -> np.random.Generator | None:
    """``rng``: a numpy Generator whenever randomness is still to be drawn; otherwise (pre-drawn noise given) None or
    a Generator (anything else is refused even when unused)."""
    if needed and rng is None:
        raise ValueError("rng must be a numpy.random.Generator when no pre-drawn draws (noise / u) are given, got None")
    return _V.generator("rng", rng, allow_none=not needed)


def _noise(name: str, x, shape: tuple[int, ...], implied_by: str = "") -> np.ndarray:
    """Pre-drawn noise of exactly ``shape`` (the shape ``implied_by`` the named arguments), finite."""
    a = _finite_array(name, x)
    if a.shape != tuple(shape):
        by = f" (implied by {implied_by})" if implied_by else ""
        raise ValueError(f"{name} must have shape {tuple(shape)}{by} (pre-drawn standard noise), got {a.shape}")
    return a


def _uniforms(name: str, x, shape: tuple[int, ...], implied_by: str = "") -> np.ndarray:
    """Pre-drawn uniforms in [0, 1) of exactly ``shape``."""
    a = _noise(name, x, shape, implied_by)
    if a.size and (np.any(a < 0) or np.any(a >= 1)):
        raise ValueError(f"{name} must lie in [0, 1) (pre-drawn uniforms)")
    return a


# --------------------------------------------------------------------------------------------
# clipping (002 A-0, l.110; Abadi et al. 2016)
# --------------------------------------------------------------------------------------------

def l2_norm(x) -> np.ndarray | float:
    """Overflow-safe Euclidean norm along the last axis: ``m sqrt(sum((x/m)^2))``, m = max|x_i|.

    Preconditions: x a finite real array (scalar, vector or batch).
    Steps: m = max|x_i|; 0 if m = 0; else m * sqrt(sum((x/m)^2)).
    Postcondition: relative error <= (d+4) 2^-52 for normal-range results; inf only if the norm exceeds the largest float.
    Randomness: none (deterministic).
    Spec: core.samp.l2_norm
    """
    a = _V.array("x", x, allow_empty=True)           # finite, real (no bools / None / strings)
    if a.ndim == 0:                                  # a scalar is a vector of length 1
        a = a[None]
    # scaled by the largest |entry| per row, so that neither overflow (1e200^2) nor underflow spoil it
    m = np.max(np.abs(a), axis=-1) if a.shape[-1] else np.zeros(a.shape[:-1])
    safe = np.where(m > 0, m, 1.0)
    with np.errstate(over="ignore"):  # inf only when the norm itself exceeds the largest float
        out = np.where(m > 0, m * np.sqrt(np.sum((a / safe[..., None]) ** 2, axis=-1)), 0.0)
    return float(out) if out.ndim == 0 else out


def clip_l2(x, C: float) -> np.ndarray:
    """Per-example l2 clipping ``clip(v, C) = v * min(1, C/||v||_2)`` along the last axis (``clip(0) = 0``).

    Preconditions: ``x`` finite array with ndim >= 1 (rows = examples, last axis = coordinates); ``C`` in [0, inf).
    Steps: 1. norms ``||v||`` per row; 2. rows with ``||v|| > C`` become ``(v/||v||) C`` (the unit vector
    computed as w/||w||, w = v/max|v_i|, so it is finite even if ||v|| overflows); 3. rounding guard:
    a scaled row whose computed norm still exceeds ``C`` is shrunk by one ulp until it does not.
    Postcondition: ``l2_norm(clip_l2(x, C)) <= C`` exactly in floating point (per row); rows with
    ``l2_norm(v) <= C`` are returned unchanged, so ``clip_l2`` is idempotent; the direction is kept.
    Randomness: none (deterministic).
    Spec: core.samp.clip_l2  (ref: Abadi et al. 2016 Alg 1; 002 A-0 l.110)
    """
    a = _finite_array("x", x, min_ndim=1)
    C = _real("C", C, lo=0.0)
    # step 1: norms per example
    norms = np.asarray(l2_norm(a), dtype=float)
    over = norms > C
    if not np.any(over):
        return a.copy()
    # step 2: (v/||v||) * C for rows above the level (normalise first: C/||v|| may underflow)
    out = a.reshape(-1, a.shape[-1]).copy()
    over = over.reshape(-1)
    rows = out[over]
    rows = rows / np.max(np.abs(rows), axis=-1, keepdims=True)      # finite even when ||v|| overflows
    rows = rows / np.sqrt(np.sum(rows * rows, axis=-1, keepdims=True))
    out[over] = rows * C
    out = out.reshape(a.shape)
    over = over.reshape(a.shape[:-1])
    # step 3: rounding guard, so that the postcondition holds for the computed norm
    for _ in range(64):
        bad = over & (np.asarray(l2_norm(out)) > C)
        if not np.any(bad):
            break
        out = np.where(bad[..., None], out * (1.0 - 2.0 ** -52), out)
    return out


def clip_coordinates(x, C: float) -> np.ndarray:
    """Coordinate-wise clipping ``v_i -> max(-C, min(C, v_i))``.

    Preconditions: ``x`` finite array; ``C`` in [0, inf).
    Postcondition: ``max_i |out_i| <= C``; entries with ``|v_i| <= C`` unchanged; idempotent.
    Steps: out_i = max(-C, min(C, x_i)).
    Randomness: none (deterministic).
    Spec: core.samp.clip_coordinates
    """
    a = _finite_array("x", x)
    C = _real("C", C, lo=0.0)
    return np.clip(a, -C, C)


# --------------------------------------------------------------------------------------------
# subsampling
# --------------------------------------------------------------------------------------------

def poisson_subsample(n: int, q: float, rng: np.random.Generator | None, noise=None) -> np.ndarray:
    """Poisson subsampling: each index ``i in {0..n-1}`` is kept independently with probability ``q``.

    Preconditions: ``n`` integer >= 0; ``q`` in [0, 1]; ``noise`` None or n uniforms in [0, 1)
    (``rng.random(n)``).
    Steps: 1. u_i ~ U[0,1) i.i.d.; 2. keep i iff u_i < q.
    Postcondition: the inclusion indicators are i.i.d. Bernoulli(q) (batch size ~ Bin(n, q)); sorted indices.
    Randomness: n uniforms u_i from ``rng`` or pre-drawn ``noise`` of shape (n,); bit-identical given the draws the rng would make.
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.samp.poisson_subsample  (ref: Abadi et al. 2016; Mironov, Talwar, Zhang 2019)
    """
    n = _int("n", n, lo=0)
    q = _real("q", q, lo=0.0, hi=1.0)
    rng = _generator(rng, needed=noise is None)
    u = _uniforms("noise", noise, (n,), "n") if noise is not None else rng.random(n)  # step 1
    return np.flatnonzero(u < q)  # step 2


def sample_with_replacement(n: int, m: int, rng: np.random.Generator | None, noise=None) -> np.ndarray:
    """``m`` indices drawn uniformly from ``{0..n-1}`` with replacement (000: ``i ~ unif[n]``).

    Preconditions: ``n`` integer >= 1; ``m`` integer >= 0; ``noise`` None or m uniforms in [0, 1) (``rng.random(m)``).
    Steps: i_k = floor(u_k * n) (clamped to n-1 against rounding).
    Postcondition: i_1..i_m i.i.d. uniform on {0..n-1}.
    Randomness: m uniforms from ``rng`` or pre-drawn ``noise`` of shape (m,); i_k = floor(u_k n); bit-identical given the draws the rng would make.
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.samp.sample_with_replacement
    """
    n = _int("n", n, lo=1)
    m = _int("m", m, lo=0)
    rng = _generator(rng, needed=noise is None)
    u = _uniforms("noise", noise, (m,), "m") if noise is not None else rng.random(m)
    return np.minimum(np.floor(u * n).astype(np.int64), n - 1)


def sample_without_replacement(n: int, m: int, rng: np.random.Generator | None, noise=None) -> np.ndarray:
    """A uniformly random ordered sample of ``m`` distinct indices of ``{0..n-1}`` (partial Fisher–Yates).

    Preconditions: ``n`` integer >= 0; ``m`` integer in [0, n]; ``noise`` None or m uniforms in [0, 1)
    (``rng.random(m)``).
    Steps: perm = (0..n-1); for k = 0..m-1: j = k + floor(u_k (n-k)); swap perm[k], perm[j]; return perm[:m].
    Postcondition: every ordered m-tuple of distinct indices has probability (n-m)!/n!; in particular each
    index is included with probability m/n and each pair with m(m-1)/(n(n-1)).
    Randomness: m uniforms (partial Fisher-Yates) from ``rng`` or pre-drawn ``noise`` of shape (m,); bit-identical given the draws the rng would make.
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.samp.sample_without_replacement  (ref: Knuth TAOCP vol 2, Alg 3.4.2P)
    """
    n, m = _int("n", n, lo=0), _int("m", m, lo=0)
    if m > n:
        raise ValueError(f"m must be <= n (m distinct indices of n), got m={m}, n={n}")
    rng = _generator(rng, needed=noise is None)
    u = _uniforms("noise", noise, (m,), "m") if noise is not None else rng.random(m)
    perm = np.arange(n, dtype=np.int64)
    for k in range(m):
        j = k + min(int(u[k] * (n - k)), n - k - 1)
        perm[k], perm[j] = perm[j], perm[k]
    return perm[:m].copy()


# --------------------------------------------------------------------------------------------
# balls
# --------------------------------------------------------------------------------------------

def uniform_l2_ball(d: int, radius: float, rng: np.random.Generator | None, size: int | None = None,
                    center=None, noise=None) -> np.ndarray:
    """Uniform law on the l2 ball ``B(center, radius)`` in R^d: ``center + radius * U^(1/d) * g/||g||``.

    Preconditions: ``d`` integer >= 1; ``radius`` in [0, inf); ``size`` None (one point, shape (d,)) or an
    integer >= 0 (shape (size, d)); ``center`` None (origin) or finite shape (d,); ``noise`` None or a pair
    ``(g, u)`` with g standard normals of shape (..., d) and u uniforms in [0,1) of shape (...)
    (drawn as ``g = rng.standard_normal(shape)`` then ``u = rng.random(shape[:-1])``).
    Steps: 1. direction g/||g|| (uniform on the sphere, rotation invariance of N(0, I));
    2. radius R*U^(1/d) (P(r <= s) = (s/R)^d); 3. shift by the center.
    Postcondition: output ~ Unif(B(center, radius)); ``||x - center|| <= radius`` up to rounding.
    Randomness: d standard normals and one uniform per point from ``rng`` or pre-drawn ``noise`` (see Preconditions for the layout); bit-identical given the draws the rng would make.
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.samp.uniform_l2_ball  (ref: Muller 1959; Marsaglia 1972)
    """
    d = _int("d", d, lo=1)
    radius = _real("radius", radius, lo=0.0)
    shape = (d,) if size is None else (_int("size", size, lo=0), d)
    c = np.zeros(d) if center is None else _finite_array("center", center, ndim=1)
    if c.shape != (d,):
        raise ValueError(f"center must have shape ({d},), got {c.shape}")
    _generator(rng, needed=noise is None)
    if noise is not None:
        if not (isinstance(noise, (tuple, list)) and len(noise) == 2):
            raise ValueError("noise must be a pair (g, u) of standard normals and uniforms")
        g = _noise("noise[0] (g)", noise[0], shape, "d, size")
        u = _uniforms("noise[1] (u)", noise[1], shape[:-1], "size")
    else:
        rng = _generator(rng)
        g = rng.standard_normal(shape)
        u = rng.random(shape[:-1])
    gn = np.asarray(l2_norm(g))
    if np.any(gn == 0):
        raise ValueError("noise[0] (g) has a zero row: the direction g/||g|| is undefined")
    direction = g / gn[..., None]                      # step 1
    r = radius * np.power(u, 1.0 / d)                  # step 2
    return c + np.asarray(r)[..., None] * direction     # step 3


def truncated_gaussian_ball(mean, sigma: float, radius: float, rng: np.random.Generator | None, center=None,
                            max_attempts: int = 1_000_000, noise=None) -> tuple[np.ndarray, int]:
    """N(mean, sigma^2 I) conditioned on the ball ``B(center, radius)``, by rejection; returns ``(x, attempts)``.

    Preconditions: ``mean`` finite shape (d,); ``sigma`` in (0, inf); ``radius`` in (0, inf); ``center`` None
    (origin) or finite shape (d,); ``max_attempts`` integer >= 1; ``noise`` None or standard normals of shape
    (k, d), used row by row as the proposals' standard parts (``rng.standard_normal(d)`` per attempt).
    Steps: repeat: x = mean + sigma z, z ~ N(0, I); accept iff ||x - center|| <= radius (003 A3.6 impl. note).
    Postcondition: x ~ N(mean, sigma^2 I) restricted to the ball and renormalised (exact);
    ``attempts`` ~ Geometric(p_acc), p_acc = P(||N(mean, sigma^2 I) - center|| <= radius) (noncentral chi^2);
    raises RuntimeError after ``max_attempts`` rejections, ValueError (naming ``noise``) when the pre-drawn rows run
    out.
    Randomness: standard normal proposals from ``rng`` (a data-dependent number: rejection), or pre-drawn ``noise`` proposals consumed in order; bit-identical given the draws the rng would make.
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.samp.truncated_gaussian_ball
    """
    mu = _finite_array("mean", mean, ndim=1)
    d = mu.shape[0]
    if d == 0:
        raise ValueError("mean must have dimension >= 1")
    sigma = _real("sigma", sigma, lo=0.0, lo_open=True)
    radius = _real("radius", radius, lo=0.0, lo_open=True)
    c = np.zeros(d) if center is None else _finite_array("center", center, ndim=1)
    if c.shape != (d,):
        raise ValueError(f"center must have shape ({d},), got {c.shape}")
    max_attempts = _int("max_attempts", max_attempts, lo=1)
    _generator(rng, needed=noise is None)
    if noise is not None:
        z_all = _finite_array("noise", noise, ndim=2)
        if z_all.shape[1] != d:
            raise ValueError(f"noise must have shape (k, {d}) (pre-drawn standard normals), got {z_all.shape}")
    else:
        rng = _generator(rng)
    for attempt in range(1, max_attempts + 1):
        if noise is not None:
            if attempt > z_all.shape[0]:
                raise ValueError(f"noise: the {z_all.shape[0]} pre-drawn proposals were all rejected (mean, "
                                 f"sigma={sigma!r}, radius={radius!r}); give more rows")
            z = z_all[attempt - 1]
        else:
            z = rng.standard_normal(d)
        x = mu + sigma * z
        y = x - c
        sq = float(np.dot(y, y))
        if (math.sqrt(sq) if math.isfinite(sq) else l2_norm(y)) <= radius:
            return x, attempt
    raise RuntimeError(f"truncated_gaussian_ball: no acceptance in max_attempts={max_attempts} proposals "
                       f"(acceptance probability too small; increase max_attempts or use an exact radial sampler)")


# --------------------------------------------------------------------------------------------
# exact 1-D inverse-CDF sampling (003 Ch.3 A3.1 implementation note)
# --------------------------------------------------------------------------------------------

def inverse_cdf_sample(cdf: Callable, lo, hi, rng: np.random.Generator | None, u=None, pdf: Callable | None = None,
                       dps: int = 50, tol=None):
    """Solve ``cdf(x) = u`` on ``[lo, hi]`` to ``dps`` digits (safeguarded Newton–bisection); return an ``mpf``.

    Preconditions: ``cdf`` a non-decreasing mpmath callable on [lo, hi] with cdf(lo) <= u <= cdf(hi) (in
    practice cdf(lo) = 0, cdf(hi) = 1; lo, hi finite); ``pdf`` its derivative (optional: enables Newton
    steps); ``u`` None (drawn as ``rng.random()``) or a real in [0, 1] (float, str or mpf: exact input);
    ``dps`` integer in [15, 1000]; ``tol`` absolute x-tolerance (default ``(hi - lo) * 10**-dps``).
    Steps: keep a bracket [a, b] with cdf(a) <= u <= cdf(b); from x try a Newton step x - (cdf(x)-u)/pdf(x);
    if it leaves the bracket (or no pdf), bisect; stop when b - a <= tol or cdf(x) == u at working precision.
    Postcondition: the returned x satisfies cdf(a) <= u <= cdf(b) for a bracket [a, b] of width <= tol
    containing x, i.e. x is the generalized inverse F^{-1}(u) up to ``tol`` (up to cdf's own evaluation error).
    With U ~ U[0,1), x ~ the law with CDF ``cdf`` (inverse transform).
    Randomness: one uniform u from ``rng`` or pre-drawn ``u``; bit-identical given the draws the rng would make.
    With pre-drawn draws ``rng=None`` is admissible (otherwise a Generator is required).
    Spec: core.samp.inverse_cdf_sample
    """
    _V.callable_("cdf", cdf)
    lo = _V.real("lo", lo, allow_inf=True)
    hi = _V.real("hi", hi, allow_inf=True)
    dps = _int("dps", dps, lo=15, hi=1000)
    with mpmath.workdps(dps + 10):
        if u is None:
            u = mpmath.mpf(float(_generator(rng).random()))
        else:
            try:
                u = mpmath.mpf(u)
            except (TypeError, ValueError):
                raise ValueError(f"u must be a real number in [0, 1], got {u!r}") from None
            if not (0 <= u <= 1):
                raise ValueError(f"u must be in [0, 1], got {u!r}")
        try:
            a, b = mpmath.mpf(lo), mpmath.mpf(hi)
        except (TypeError, ValueError):
            raise ValueError(f"lo and hi must be real numbers, got {lo!r}, {hi!r}") from None
        if not (mpmath.isfinite(a) and mpmath.isfinite(b) and a < b):
            raise ValueError(f"lo and hi must be finite with lo < hi, got lo={lo!r}, hi={hi!r}")
        tol = (b - a) * mpmath.mpf(10) ** (-dps) if tol is None else mpmath.mpf(tol)
        if not tol > 0:
            raise ValueError(f"tol must be > 0, got {tol!r}")
        Fa, Fb = cdf(a), cdf(b)
        if not (Fa <= u <= Fb):
            raise ValueError(f"u={mpmath.nstr(u, 8)} is not in [cdf(lo), cdf(hi)] = "
                             f"[{mpmath.nstr(Fa, 8)}, {mpmath.nstr(Fb, 8)}] (cdf must increase from lo to hi)")
        x = (a + b) / 2
        for _ in range(10 * (dps + 10) + 200):
            Fx = cdf(x)
            if Fx == u:
                a = b = x
                break
            if Fx < u:           # keep the bracket
                a = x
            else:
                b = x
            if b - a <= tol:
                break
            cand = None
            if pdf is not None:  # Newton step
                p = pdf(x)
                if p > 0:
                    cand = x - (Fx - u) / p
            if cand is not None and abs(cand - x) <= tol / 4:
                # Newton has converged (possibly below the working resolution): close a bracket of width < tol
                cc = min(max(cand, a), b)
                lo_c, hi_c = max(cc - tol * 0.45, a), min(cc + tol * 0.45, b)
                if lo_c > a and cdf(lo_c) <= u:
                    a = lo_c
                if hi_c < b and cdf(hi_c) >= u:
                    b = hi_c
                if b - a <= tol:
                    x = cc
                    break
            x_new = cand if (cand is not None and a < cand < b) else None
            x = x_new if x_new is not None else (a + b) / 2  # bisection fallback
        else:  # pragma: no cover - the bisection halves the bracket each time, so this is not reached
            raise RuntimeError("inverse_cdf_sample did not converge")
        x = min(max(x, a), b)
        with mpmath.workdps(dps):
            return +x   # rounded to dps digits (mpf values keep their precision outside the context)
