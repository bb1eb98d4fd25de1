"""Hit-and-run MCMC for the regularised exponential mechanism of thesis 003 Ch. 4 on l_p / Schatten-p balls.

The chapter samples nu ∝ exp(-U) 1_X (U = k(F_D + mu r), Thm 4.4.2) with the value-oracle sampler of [GLL22]
(Prop 4.4.8/4.4.9, 003 L3751-3765), whose restricted-Gaussian step for psi = k mu r is delegated to "generic results
on logconcave sampling (see e.g. [LV07] ...)" (003 L3765).  Neither is implemented here; this module is the generic
log-concave sampler of [LV07]'s family that the chapter points to -- hit-and-run -- applied to the whole target
nu (a STAND-IN for the chapter's sampler, not the chapter's algorithm):

    x_0 = centre; for t = 1..T: v ~ uniform on the unit l_2 sphere; chord {x_{t-1} + s v} ∩ X = [s_-, s_+]
    (root of the convex norm along the line); s ~ ∝ exp(-U(x_{t-1} + s v)) on [s_-, s_+] EXACTLY (the density
    along a line is log-concave: derivative-free adaptive rejection sampling, [Gilks 1992]); x_t = x_{t-1} + s v.

Each step leaves nu invariant exactly (it is the Gibbs update of nu along a uniformly random line); the chain is
irreducible on X, so law(x_T) -> nu.  The error is the finite mixing time only: the schedule T(d) is stated
(:func:`default_steps`) and checked in proofs_checks/thesis/ch04/hit_and_run_law.py (the l_1.5 chain in law against
the exact REM law at d = 2, 3 from two starts; the schedule at d = 8..32 from the worst start on the p = 2 sibling,
whose exact law is computable at any d).  Cost: U evaluations per step = 2 (chord ends) + 1 (the accepted ARS
proposal) + the rejected ARS proposals (measured ~0.1-0.3 per step), i.e. O(T(d)) = O(d^2) evaluations per draw --
polynomial in d, where the exact box-rejection samplers of rem.py cost ~x6.7 proposals per added dimension.

Spec: 003_ch04.alg_lp_wrappers, 003_ch04.alg_schatten_wrappers.
"""
from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from reference.core import validation as _V

__all__ = ["default_steps", "sample_logconcave_on_chord", "hit_and_run", "make_lp_ball_hit_and_run_sampler",
           "make_schatten_ball_hit_and_run_sampler", "hit_and_run_l2_gaussian_batch"]

STEPS_C = 20


def default_steps(dim: int, c: int = STEPS_C) -> int:
    """The mixing schedule T(dim) = c dim^2 (c = 20 by default): hit-and-run from a fixed start mixes in O*(dim^2)
    steps for a well-rounded log-concave target ([LV07]; the constant is not theirs: c = 20 is validated for this
    chapter's REM instances by the in-law and two-start checks, not derived).

    Preconditions (validated): dim, c integers >= 1.
    Postcondition: returns c dim^2.
    """
    dim, c = _V.integer("dim", dim, lo=1), _V.integer("c", c, lo=1)
    return c * dim * dim


def _stats_dict(stats) -> dict:
    """``stats`` is None (no counting) or a dict the function adds its counts to."""
    if stats is None:
        return {}
    if not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict (counts are added to it) or None, got {type(stats).__name__} "
                        f"{stats!r}"[:200])
    return stats


# ----------------------------------------------------------------------------------------------- 1-D exact draw
def _log_mass(a: float, b: float, L: float) -> float:
    """log of int_0^L exp(a + b s) ds, stable for every sign and size of b L."""
    bl = b * L
    if abs(bl) < 1e-12:
        return a + math.log(L) + bl / 2
    if b > 0:
        return a + bl + math.log(-math.expm1(-bl)) - math.log(b)
    return a + math.log(-math.expm1(bl)) - math.log(-b)


def _draw_in_piece(b: float, L: float, u: float) -> float:
    """s in [0, L] with density ∝ exp(b s), by inversion of the uniform u."""
    bl = b * L
    if abs(bl) < 1e-12:
        return u * L
    if b > 0:
        s = L + math.log1p((1 - u) * math.expm1(-bl)) / b
    else:
        s = math.log1p(u * math.expm1(bl)) / b
    return min(max(s, 0.0), L)


def _hull(ts: list, hs: list) -> list:
    """Pieces (u, w, a, b) of the upper hull of a concave h from its values at the sorted points ts: on
    [t_i, t_{i+1}], h <= min(chord_{i-1,i} extended, chord_{i+1,i+2} extended) (concavity); log-envelope a + b (s - u)."""
    m = len(ts)
    sl = [(hs[i + 1] - hs[i]) / (ts[i + 1] - ts[i]) for i in range(m - 1)]
    pieces = []
    for i in range(m - 1):
        u, w = ts[i], ts[i + 1]
        lines = []
        if i >= 1:
            lines.append((hs[i], sl[i - 1], ts[i]))              # through (t_i, h_i), slope of chord (i-1, i)
        if i + 2 <= m - 1:
            lines.append((hs[i + 1], sl[i + 1], ts[i + 1]))      # through (t_{i+1}, h_{i+1}), chord (i+1, i+2)
        if len(lines) == 1:
            h0, b, t0 = lines[0]
            pieces.append((u, w, h0 + b * (u - t0), b))
            continue
        (h1, b1, t1), (h2, b2, t2) = lines
        # min of two lines: the first (decreasing slope b1 >= b2 by concavity) from the left, then the second
        if b1 != b2:
            c = (h2 - b2 * t2 - h1 + b1 * t1) / (b1 - b2)
        else:
            c = u if h1 + b1 * (u - t1) > h2 + b2 * (u - t2) else w
        c = min(max(c, u), w)
        if c > u:
            pieces.append((u, c, h1 + b1 * (u - t1), b1))
        if w > c:
            pieces.append((c, w, h2 + b2 * (c - t2), b2))
    return pieces


def sample_logconcave_on_chord(phi: Callable[[float], float], lo: float, hi: float, rng: np.random.Generator,
                               inner: tuple[float, float] | None = None, max_rejections: int = 10_000,
                               stats: dict | None = None) -> tuple[float, float]:
    """Exact draw of s ~ ∝ exp(-phi(s)) on [lo, hi] for CONVEX phi (derivative-free adaptive rejection sampling,
    [Gilks 1992]).

    Preconditions (validated): lo < hi finite; phi finite and convex on [lo, hi] (convexity is not checkable from
        values; a non-convex phi makes the hull invalid -- detected only when a hull value falls below a later
        evaluated point, which raises ValueError); ``inner`` = optional (s0, phi(s0)) with lo < s0 < hi, a known value.
    Steps: points {lo, (s0), hi} (the midpoint instead of s0 if there is no s0 or s0 is within 1e-6 (hi - lo) of an
        end: knots that close make the chord slopes rounding-dominated); upper hull of -phi by extended chords; draw s from the
        piecewise-exponential envelope exactly; accept with prob exp(-phi(s) - hull(s)); on rejection add s to the
        points (adaptive; not when within 1e-6 (hi - lo) of a knot, so rounding in the hull stays <= ~1e-8 (1 + |phi|) and
        below the convexity tolerance 1e-6 (1 + |phi|), which bounds the density error of the draw by a factor
        1 + 1e-6).  ``stats["evals"]`` counts phi evaluations, ``stats["rejections"]`` the rejections.
    Postcondition: returns (s, phi(s)) with s distributed ∝ exp(-phi) on [lo, hi] (exactly up to the factor
        1 + 1e-6 of rounding-level hull violations stated above).
    Randomness: ``rng`` only (uniforms).
    Spec: 003_ch04.alg_lp_wrappers
    """
    lo, hi = _V.real("lo", lo), _V.real("hi", hi)
    if not lo < hi:
        raise ValueError(f"need lo < hi, got [{lo}, {hi}]")
    _V.callable_("phi", phi)
    rng = _V.generator("rng", rng)
    st = _stats_dict(stats)

    def ev(s):
        st["evals"] = st.get("evals", 0) + 1
        v = float(phi(s))
        if not math.isfinite(v):
            raise ValueError(f"phi must be finite on [lo, hi]; phi({s!r}) = {v!r}")
        return v

    gap = 1e-6 * (hi - lo)             # knots closer than this make chord slopes rounding-dominated (cancellation)
    if inner is not None and lo + gap < inner[0] < hi - gap:
        pts = {lo: -ev(lo), float(inner[0]): -float(inner[1]), hi: -ev(hi)}
    else:
        mid = (lo + hi) / 2
        pts = {lo: -ev(lo), mid: -ev(mid), hi: -ev(hi)}
    for _ in range(max_rejections):
        ts = sorted(pts)
        hs = [pts[t] for t in ts]
        pieces = _hull(ts, hs)
        lm = np.array([_log_mass(a, b, w - u) for (u, w, a, b) in pieces])
        top = lm.max()
        wts = np.exp(lm - top)
        j = int(np.searchsorted(np.cumsum(wts), rng.random() * wts.sum(), side="right"))
        j = min(j, len(pieces) - 1)
        u, w, a, b = pieces[j]
        s = u + _draw_in_piece(b, w - u, rng.random())
        env = a + b * (s - u)
        if s in pts:                                   # a hull knot: the envelope equals h there
            return s, -pts[s]
        h = -ev(s)
        if h > env + 1e-6 * (1 + abs(env)):
            raise ValueError(f"phi is not convex on [lo, hi]: -phi({s!r}) = {h!r} above the hull {env!r}")
        if math.log(1.0 - rng.random()) <= h - env:
            return s, -h
        st["rejections"] = st.get("rejections", 0) + 1
        if min(abs(s - t) for t in ts) > gap:                # a rejected point becomes a knot unless nearly one
            pts[s] = h
    raise ValueError(f"adaptive rejection did not accept within max_rejections = {max_rejections}")


# ----------------------------------------------------------------------------------------------- the chain
def _chord_end(gap: Callable[[np.ndarray], float], x: np.ndarray, v: np.ndarray, smax: float) -> float:
    """Largest s in [0, smax] with x + s v in X = {gap <= 0} (gap convex, e.g. ||. - c||_{S_p} - radius; x in X and
    x + smax v outside or on the boundary): Brent's root of the convex function s -> gap(x + s v) to 1e-14 smax,
    then the returned s is moved inward until gap(x + s v) <= 0 (so it is a point of X)."""
    from scipy.optimize import brentq
    f = lambda s: gap(x + s * v)
    if f(smax) <= 0:
        return smax
    if f(0.0) >= 0:
        return 0.0
    s = brentq(f, 0.0, smax, xtol=1e-14 * smax, rtol=4 * np.finfo(float).eps)
    h = 1e-14 * smax
    while s > 0 and f(s) > 0:
        s, h = max(s - h, 0.0), 2 * h
    return s


def _lp_chord_end(y: np.ndarray, v: np.ndarray, p: float, radius: float, smax: float) -> float:
    """Largest s in [0, smax] with ||y + s v||_p <= radius (y = x - centre, ||y||_p <= radius), l_p-specific:
    p = inf in closed form; p < inf by Newton's method on the convex g(s) = sum |y_i + s v_i|^p - radius^p started at
    the chord end of the enclosing l_2 ball (g > 0 there unless that point is in X: the iterates decrease
    monotonically to the root and stay >= it), then moved inward until g <= 0 (the returned s is a point of X)."""
    if p == math.inf:
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(v > 0, (radius - y) / v, np.where(v < 0, (-radius - y) / v, np.inf))
        return _inward(y, v, p, radius, float(min(max(t.min(), 0.0), smax)), smax)
    Rp = radius ** p
    g = lambda s: float((np.abs(y + s * v) ** p).sum()) - Rp
    # start: the chord end of the enclosing l_2 ball of radius R2 = radius max(1, d^{1/2-1/p}) (B_p ⊂ B_2(R2))
    R2 = radius * max(1.0, len(y) ** (0.5 - 1 / p))
    yv, yy = float(y @ v), float(y @ y)
    s = min(smax, -yv + math.sqrt(max(yv * yv - yy + R2 * R2, 0.0)) * (1 + 1e-12) + 1e-15 * smax)
    gs = g(s)
    if gs <= 0:
        return s
    for _ in range(200):
        z = y + s * v
        a = np.abs(z)
        dg = p * float((a ** (p - 1) * np.sign(z) * v).sum())
        if not dg > 0:
            break
        step = gs / dg
        s -= step
        gs = g(s)
        if step <= 1e-15 * smax or gs <= 1e-14 * Rp:
            break
    h = 1e-15 * smax
    while s > 0 and gs > 0:
        s, h = max(s - h, 0.0), 2 * h
        gs = g(s)
    return _inward(y, v, p, radius, max(s, 0.0), smax)


def _inward(y, v, p, radius, s, smax) -> float:
    """Move s inward (by 1e-15 smax, doubling) until ||y + s v||_p <= radius also in numpy's norm (rounding)."""
    h = 1e-15 * smax
    while s > 0 and np.linalg.norm(y + s * v, p) > radius:
        s, h = max(s - h, 0.0), 2 * h
    return s


def hit_and_run(U: Callable[[np.ndarray], float], x0, chord_end: Callable[[np.ndarray, np.ndarray], float],
                steps: int, rng: np.random.Generator, stats: dict | None = None) -> np.ndarray:
    """``steps`` steps of hit-and-run for nu ∝ exp(-U) 1_X from x0 (exact 1-D conditional draws).

    Preconditions (validated where checkable): X convex and compact; x0 a finite vector in X (the makers check);
        ``chord_end(x, v)`` = the largest s >= 0 with x + s v in X (a point of X); steps integer >= 0; U convex and
        finite on X (one counted evaluation per call).
    Steps: per step v ~ N(0, I)/||.||_2; s_+ = chord_end(x, v), s_- = -chord_end(x, -v); s ~ ∝ exp(-U(x + s v)) on
        [s_-, s_+] exactly (:func:`sample_logconcave_on_chord`, with the known value U(x) at s = 0); x <- x + s v.
    Postcondition: returns x_T; every step leaves nu invariant; ``stats`` accumulates "steps", "target_evaluations"
        (calls of U) and "ars_rejections".
    Randomness: ``rng`` only.
    Spec: 003_ch04.alg_lp_wrappers
    """
    x = _V.vector("x0", x0).astype(float).copy()
    steps = _V.integer("steps", steps, lo=0)
    rng = _V.generator("rng", rng)
    st = _stats_dict(stats)
    dim = len(x)
    ucur = float(U(x))
    st["target_evaluations"] = st.get("target_evaluations", 0) + 1
    for _ in range(steps):
        v = rng.standard_normal(dim)
        v /= np.linalg.norm(v)
        sp = chord_end(x, v)
        sm = -chord_end(x, -v)
        if not sp - sm > 0:                       # x on the boundary with a degenerate chord: stay (exact: measure 0)
            st["degenerate_chords"] = st.get("degenerate_chords", 0) + 1
            continue
        one: dict = {}
        inner = (0.0, ucur) if sm < 0.0 < sp else None
        s, us = sample_logconcave_on_chord(lambda s: U(x + s * v), sm, sp, rng, inner=inner, stats=one)
        x = x + s * v
        ucur = us
        st["target_evaluations"] = st.get("target_evaluations", 0) + one.get("evals", 0)
        st["ars_rejections"] = st.get("ars_rejections", 0) + one.get("rejections", 0)
        st["steps"] = st.get("steps", 0) + 1
    return x


def _sampler_backend(xs: np.ndarray, chord_end: Callable, T: int) -> Callable:
    """The ``sample(U, rng) -> x`` back-end shared by the l_p and Schatten makers: :func:`hit_and_run` from ``xs`` for
    ``T`` steps with ``chord_end``; ``sample.stats`` accumulates the counts over draws, ``sample.steps`` = T."""
    stats: dict = {}

    def sample(U, rng, noise=None):
        if noise is not None:
            raise ValueError("the hit-and-run sampler has no pre-drawn form (noise must be None)")
        rng = _V.generator("rng", rng)
        stats["draws"] = stats.get("draws", 0) + 1
        return hit_and_run(U, xs, chord_end, T, rng, stats)

    sample.stats = stats
    sample.steps = T
    return sample


def make_lp_ball_hit_and_run_sampler(d: int, p: float, radius: float = 1.0, center=None, steps: int | None = None,
                                     x_start=None) -> Callable:
    """Sampler back-end ``sample(U, rng) -> x`` for rem_erm / rem_sco on X = B_p(center, radius): hit-and-run from
    ``x_start`` (default: the centre) for ``steps`` steps (default :func:`default_steps` (d) = 20 d^2).

    Preconditions (validated): d >= 1; p >= 1 (``p=inf`` allowed); radius > 0; centre / x_start in X; U convex.
    Steps: :func:`hit_and_run` with the chord end of :func:`_lp_chord_end` (Newton on ||x + s v - center||_p^p) and chord bound smax = 2 radius
        max(1, d^{1/2 - 1/p}) (the l_2 diameter of the l_p ball).
    Postcondition: law(x) -> nu ∝ exp(-U) 1_X as steps -> inf (an MCMC stand-in for the chapter's [GLL22] sampler;
        the finite-T error is what the law checks bound); ``sample.stats`` counts steps, target evaluations (U calls),
        ARS rejections, draws.
    Randomness: ``rng`` only (no pre-drawn form: ``noise`` must be None).
    Spec: 003_ch04.alg_lp_wrappers
    """
    d = _V.positive_int("d", d)
    p = _V.in_range("p", p, 1.0, math.inf, allow_inf=True)
    radius = _V.positive("radius", radius)
    c0 = np.zeros(d) if center is None else _V.vector("center", center, d)
    T = default_steps(d) if steps is None else _V.integer("steps", steps, lo=0)
    xs = c0.copy() if x_start is None else _V.vector("x_start", x_start, d)
    if not np.linalg.norm(xs - c0, p) <= radius:
        raise ValueError("x_start must lie in the l_p ball")
    smax = 2 * radius * max(1.0, d ** (0.5 - 1 / p))
    return _sampler_backend(xs, lambda x, v: _lp_chord_end(x - c0, v, p, radius, smax), T)


def make_schatten_ball_hit_and_run_sampler(d1: int, d2: int, p: float, radius: float = 1.0, center=None,
                                           steps: int | None = None, x_start=None) -> Callable:
    """As :func:`make_lp_ball_hit_and_run_sampler` on the Schatten-p ball {M in R^{d1 x d2}: ||M - C||_{S_p} <= radius}
    (row-major vectorised; default steps = :func:`default_steps` (d1 d2)).

    Preconditions (validated): d1, d2 >= 1; p >= 1 (``p=inf``: operator norm); radius > 0; C a d1 x d2 matrix.
    Steps: :func:`hit_and_run` with chord ends by Brent's method on ||reshape(x) - C||_{S_p} - radius (SVD), smax = 2 radius
        max(1, min(d1, d2)^{1/2 - 1/p}) (the Frobenius diameter).
    Postcondition, Randomness: as the l_p back-end.
    Spec: 003_ch04.alg_schatten_wrappers
    """
    d1, d2 = _V.positive_int("d1", d1), _V.positive_int("d2", d2)
    p = _V.in_range("p", p, 1.0, math.inf, allow_inf=True)
    radius = _V.positive("radius", radius)
    C = np.zeros((d1, d2)) if center is None else _V.matrix("center", center, (d1, d2))
    c0 = C.ravel().copy()
    T = default_steps(d1 * d2) if steps is None else _V.integer("steps", steps, lo=0)
    xs = c0.copy() if x_start is None else _V.vector("x_start", x_start, d1 * d2)

    def gap(x):
        return float(np.linalg.norm(np.linalg.svd(np.reshape(x - c0, (d1, d2)), compute_uv=False), p)) - radius

    if not gap(xs) <= 0:
        raise ValueError("x_start must lie in the Schatten-p ball")
    smax = 2 * radius * max(1.0, min(d1, d2) ** (0.5 - 1 / p))
    return _sampler_backend(xs, lambda x, v: _chord_end(gap, x, v, smax), T)


def _truncnorm_std(a: np.ndarray, b: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Standard normal restricted to [a, b] (elementwise, a < b) by inversion of the uniforms u, in log space (exact to
    rounding in both tails: intervals in the right tail are mirrored to the left tail first)."""
    from scipy.special import log_ndtr, ndtri_exp
    flip = a > 0
    lo = np.where(flip, -b, a)
    hi = np.where(flip, -a, b)
    lA, lB = log_ndtr(lo), log_ndtr(hi)
    with np.errstate(divide="ignore"):               # log((1 - u) Phi(lo) + u Phi(hi)), Phi(lo) = 0 allowed
        lp = np.logaddexp(np.log1p(-u) + lA, np.log(u) + lB)
    z = np.clip(ndtri_exp(np.minimum(lp, 0.0)), lo, hi)
    return np.where(flip, -z, z)


def hit_and_run_l2_gaussian_batch(c, b, radius, x0, steps: int, rng: np.random.Generator) -> np.ndarray:
    """M independent hit-and-run chains, at once, for nu ∝ exp(-<c, x> - (b/2)||x||_2^2) 1{||x||_2 <= radius} -- the
    REM of Thm 4.4.2 with linear losses and the p = 2 regulariser r = ||x||^2/2 (Cor 4.4.12's rule at p = 2), where the
    1-D conditional along a chord is a truncated Gaussian drawn exactly (inversion).  The same Markov kernel as
    :func:`hit_and_run` on this target (uniform directions, exact conditional draws); used to test the mixing
    schedule :func:`default_steps` at large d against the exact law, which is computable for this target.

    Preconditions (validated): c finite (d,); b > 0; radius > 0; x0 (M, d) with every row in the ball; steps >= 0.
    Steps: per step, for every chain: v ~ uniform on the sphere; chord [s_-, s_+] of the l_2 ball in closed form;
        along the chord U = const + s (<c, v> + b <x, v>) + (b/2) s^2, so s ~ N(m, 1/b) truncated to [s_-, s_+],
        m = -(<c, v> + b <x, v>)/b; x <- x + s v.
    Postcondition: returns the (M, d) states after ``steps`` steps; each step leaves nu invariant.
    Randomness: ``rng`` only (normals for directions, uniforms for the inversions).
    Spec: 003_ch04.alg_lp_wrappers
    """
    c = _V.vector("c", c)
    b, radius = _V.positive("b", b), _V.positive("radius", radius)
    X = _V.array("x0", x0, ndim=2).astype(float).copy()
    if X.shape[1] != len(c):
        raise ValueError(f"x0 must have shape (M, {len(c)}), got {X.shape}")
    if np.any(np.linalg.norm(X, axis=1) > radius):
        raise ValueError("every row of x0 must lie in the l_2 ball")
    steps = _V.integer("steps", steps, lo=0)
    rng = _V.generator("rng", rng)
    M, d = X.shape
    sb = math.sqrt(b)
    for _ in range(steps):
        V = rng.standard_normal((M, d))
        V /= np.linalg.norm(V, axis=1, keepdims=True)
        xv = np.einsum("ij,ij->i", X, V)
        xx = np.einsum("ij,ij->i", X, X)
        disc = np.sqrt(np.maximum(xv * xv - xx + radius * radius, 0.0))
        lo, hi = -xv - disc, -xv + disc
        m = -(V @ c + b * xv) / b
        z = _truncnorm_std((lo - m) * sb, (hi - m) * sb, rng.random(M))
        s = np.clip(m + z / sb, lo, hi)
        X += s[:, None] * V
        nr = np.linalg.norm(X, axis=1)
        over = nr > radius                          # rounding only (s in the chord): pulled back onto the sphere
        if np.any(over):
            X[over] *= (radius / nr[over])[:, None]
    return X
