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

__all__ = ["levy_half_logpdf", "kanter_positive_stable", "log_Z", "psi_pa", "sample_pi_x", "lambda_grid_logweights",
           "log_F_fast", "log_F_reference", "log_Z_fast", "psi_pa_batch", "sample_pi_x_fast"]

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


# ------------------------------------------------------------------------------------------------ fast back-end
# log Z(kappa, s) = -(1/4) log kappa + log F(s kappa^{-1/4}),  F(u) = int exp(u v - v^4) dv  (v = kappa^{1/4} t).
# F is even and entire: F(u) = sum_k u^{2k}/(2k)! Gamma((2k+1)/4)/2.  log F is tabulated once (lazily) on two
# segments and evaluated by cubic splines:
#   |u| <= U_SPLIT: log F itself on a uniform u-grid (nodes by a 1101-point trapezoid around the mode);
#   |u| >  U_SPLIT: the Laplace form log F(u) = 3 v*^4 + (1/2) log(pi/6) - log v* + r(z), v* = (u/4)^{1/3},
#       z = v*^{-4}, r(z) = log(I(eps)/sqrt(pi)), I(eps) = int exp(-(s^2 + (4/6^{3/2}) eps s^3 + eps^2 s^4/36)) ds,
#       eps = z^{1/2} (the exact substitution v = v* + s/(sqrt(6) v*)); I is even in eps, so r is a smooth
#       function of z on [0, z(U_SPLIT)] with r(0) = 0; r is tabulated in z.
# Accuracy: checked against an mpmath definitional evaluation (series / quad at 30 digits) over a dense sweep
# (check 003_ch05.alg_psi_oracle.logF_fast_accuracy; tests/thesis/ch05/test_ch05_llt_fast.py).
U_SPLIT = 20.0
U_MAX = 1e12
_NA, _NB = 2001, 1001
_LOGF = {}


def _lse_rows(A):
    """Row-wise log-sum-exp (plain numpy; the rows here are finite)."""
    mx = A.max(axis=1)
    return mx + np.log(np.exp(A - mx[:, None]).sum(axis=1))


def _spline_table():
    """Build (once) the two cubic-spline tables of log F (see the block comment above)."""
    if _LOGF:
        return _LOGF
    from scipy.interpolate import CubicSpline
    ua = np.linspace(0.0, U_SPLIT, _NA)
    vstar = np.cbrt(ua / 4)
    v = vstar[:, None] + np.linspace(-5.5, 5.5, 1101)[None, :]
    la = _lse_rows(ua[:, None] * v - v ** 4) + math.log(11.0 / 1100)
    zb = np.linspace(0.0, (4.0 / U_SPLIT) ** (4.0 / 3.0), _NB)
    s = np.linspace(-14.0, 14.0, 1401)
    eps = np.sqrt(zb)[:, None]
    lb = _lse_rows(-(s ** 2 + (4 / 6 ** 1.5) * eps * s ** 3 + eps ** 2 * s ** 4 / 36)) \
        + math.log(28.0 / 1400) - 0.5 * math.log(math.pi)
    sa = CubicSpline(ua, la, bc_type=((1, 0.0), "not-a-knot"))
    sb = CubicSpline(zb, lb, bc_type="not-a-knot")
    _LOGF.update(ha=ua[1] - ua[0], ca=sa.c, hb=zb[1] - zb[0], cb=sb.c, zmax=zb[-1])
    return _LOGF


def _pp_eval(c, h, t, deriv):
    """Evaluate the uniform-knot piecewise cubic with coefficients ``c`` (4, n) at t >= 0 (and its derivative)."""
    i = np.minimum((t / h).astype(np.int64), c.shape[1] - 1)
    dt = t - i * h
    c0, c1, c2, c3 = c[0, i], c[1, i], c[2, i], c[3, i]
    val = ((c0 * dt + c1) * dt + c2) * dt + c3
    if not deriv:
        return val, None
    return val, (3 * c0 * dt + 2 * c1) * dt + c2


def log_F_fast(u, deriv: bool = False):
    """log F(u), F(u) = int exp(u v - v^4) dv, by the two spline tables (and d/du log F if ``deriv``).

    Preconditions (validated): u a finite real scalar or 1-D array with |u| <= U_MAX = 1e12; deriv a bool.
    Steps: |u| <= U_SPLIT: spline of log F; else the Laplace form with the spline of r(z) (block comment above);
        log F is even, its derivative odd.
    Postcondition: log F(u) with |error| <= 1e-10 (checked against mpmath over a dense sweep, extremes included).
    Spec: 003_ch05.alg_psi_oracle
    """
    deriv = _V.flag("deriv", deriv)
    u = _V.array("u", u)
    if u.ndim > 1:
        raise ValueError(f"u must be a scalar or a 1-D array, got shape {u.shape}")
    if np.any(np.abs(u) > U_MAX):
        raise ValueError(f"u must satisfy |u| <= {U_MAX:g} (the tabulated range), got max |u| = {np.max(np.abs(u)):g}")
    return _log_F(u, deriv)


def _log_F(u, deriv=False):
    """log F (and its derivative) for a validated float array of any shape (internal, no checks)."""
    tab = _spline_table()
    au = np.abs(u)
    out = np.empty_like(au)
    der = np.empty_like(au) if deriv else None
    small = au <= U_SPLIT
    if np.any(small):
        val, dv = _pp_eval(tab["ca"], tab["ha"], au[small], deriv)
        out[small] = val
        if deriv:
            der[small] = dv
    big = ~small
    if np.any(big):
        ub = au[big]
        vs = np.cbrt(ub / 4)
        z = vs ** -4.0
        r, dr = _pp_eval(tab["cb"], tab["hb"], z, deriv)
        out[big] = 3 * vs ** 4 + 0.5 * math.log(math.pi / 6) - np.log(vs) + r
        if deriv:
            der[big] = vs - 1 / (12 * vs ** 3) - dr * vs ** -7.0 / 3
    if deriv:
        return out, np.sign(u) * der
    return out


def log_F_reference(u, dps: int = 30):
    """Definitional log F(u) in mpmath at ``dps`` digits: the positive series sum_k u^{2k}/(2k)! Gamma((2k+1)/4)/2
    for |u| <= 24, else mp.quad of the exact Laplace substitution (v = v* + s/(sqrt 6 v*)) over the real line.
    Preconditions: u finite real, |u| <= 1e12; dps >= 15.  Postcondition: log F(u) to ~dps digits (an mpf).
    Spec: 003_ch05.alg_psi_oracle
    """
    import mpmath as mp
    u = abs(_V.real("u", u))
    if u > U_MAX:
        raise ValueError(f"u must satisfy |u| <= {U_MAX:g}, got {u!r}")
    dps = _V.integer("dps", dps, lo=15)
    with mp.workdps(dps):
        U = mp.mpf(u)
        if u <= 24.0:
            tot, k, term_max = mp.mpf(0), 0, mp.mpf(0)
            while True:
                t = U ** (2 * k) / mp.factorial(2 * k) * mp.gamma(mp.mpf(2 * k + 1) / 4) / 2
                tot += t
                term_max = max(term_max, t)
                if k > 4 and t < tot * mp.mpf(10) ** (-dps - 5):
                    return mp.log(tot)
                k += 1
        vs = mp.cbrt(U / 4)
        eps = 1 / vs ** 2
        al = 4 / mp.mpf(6) ** mp.mpf(1.5)
        f = lambda s: mp.exp(-(s ** 2 + al * eps * s ** 3 + eps ** 2 * s ** 4 / 36))
        I = mp.quad(f, [-mp.inf, -6, -2, 0, 2, 6, mp.inf])
        return 3 * vs ** 4 - mp.log(mp.sqrt(6) * vs) + mp.log(I)


def log_Z_fast(kappa, s):
    """log Z(kappa, s) = -(1/4) log kappa + log F(s kappa^{-1/4}) (scalars or 1-D arrays, broadcast; q = 4).
    Preconditions (validated): kappa > 0; s real (a tilt of either sign); |s| kappa^{-1/4} <= 1e12.
    Spec: 003_ch05.alg_psi_oracle"""
    kappa, s = _V.array("kappa", kappa), _V.array("s", s)
    if kappa.ndim > 1 or s.ndim > 1:
        raise ValueError(f"kappa and s must be scalars or 1-D arrays, got shapes {kappa.shape} and {s.shape}")
    if np.any(kappa <= 0):
        raise ValueError(f"kappa must be > 0 (elementwise), got {kappa!r}"[:300])
    return -0.25 * np.log(kappa) + log_F_fast(s * kappa ** -0.25)


_COARSE = np.arange(-60.0, 60.0001, 0.5)         # coarse log-lambda scan (a = 1 scale)
_N_FINE, _THR, _MIN_IN = 192, 36.0, 48


def _mix_logweights(Xs, ell):
    """log weights g(ell) of the lambda-mixture (5.29) at a = 1 on log-lambda grids ``ell`` (m, L) for rows Xs (m, d):
    g = log mu_{1/2}(e^ell) + ell + sum_i [-(1/4) ell + log F(x_i e^{-ell/4})].  Returns (g, U) with U = x_i e^{-ell/4}."""
    U = Xs[:, :, None] * np.exp(-ell / 4)[:, None, :]
    g = -0.5 * ell - np.exp(-ell) / 4 - math.log(2 * math.sqrt(math.pi)) - 0.25 * Xs.shape[1] * ell \
        + _log_F(U).sum(axis=1)
    return g, U


def _adaptive_ell_grid(Xs, n_final=None):
    """Per-row log-lambda grid (m, n_final) covering {g >= max g - 36} with >= 48 points inside it: coarse scan at
    step 0.5 on [-60, 60], then uniform refinement of the bracketing interval until resolved (the tilted lambda-law
    is unimodal in log lambda on every tested row; a row that does not resolve in 8 refinements raises)."""
    n_final = _N_FINE if n_final is None else n_final
    m = Xs.shape[0]
    ell = np.broadcast_to(_COARSE, (m, len(_COARSE)))
    for _ in range(9):
        g, _U = _mix_logweights(Xs, ell)
        above = g >= g.max(axis=1, keepdims=True) - _THR
        L = ell.shape[1]
        idx = np.arange(L)
        first = np.where(above, idx, L).min(axis=1)
        last = np.where(above, idx, -1).max(axis=1)
        count = last - first + 1
        step = ell[:, 1] - ell[:, 0]
        if ell.shape[1] == n_final and np.all(count >= _MIN_IN):
            return ell
        lo = ell[np.arange(m), first] - step
        hi = ell[np.arange(m), last] + step
        ell = lo[:, None] + (hi - lo)[:, None] * np.linspace(0.0, 1.0, n_final)[None, :]
    raise RuntimeError("the lambda-mixture grid did not resolve the tilted lambda-law (not unimodal?)")


def psi_pa_batch(X, a, grad: bool = False):
    """psi_{p,a}(x) for a batch of points (rows of X, shape (m, d)) by the mixture (5.29) (003 L4767-4771), fast.

    Preconditions (validated): X finite, shape (m, d) (a 1-D x is one row); a > 0; q = 4 (p = 4/3).
    Steps: (1) scaling: psi_{p,a}(x) = psi_{p,1}(x/sqrt a) - (d/2) log a (y = z/sqrt a in the defining integral);
        (2) per row, a log-lambda grid adapted to the tilted lambda-law (coarse scan + refinement,
        :func:`_adaptive_ell_grid`); (3) log-weights g(ell) with log Z by :func:`log_F_fast`; trapezoid
        (log-sum-exp times the step); (4) if ``grad``: d psi/dx_i = E_lambda[kappa^{-1/4} (log F)'(x_i kappa^{-1/4})]
        (the mean of y_i under D_x), same weights.
    Postcondition: psi (m,) (and grad (m, d)) equal to the definitional :func:`psi_pa` to ~1e-10 where the latter's
        fixed grid resolves the lambda-law (tests), and exact up to ~1e-10 relative also for tiny a (scaling test and a
        2-D direct quadrature in tests/thesis/ch05/test_ch05_llt_fast.py).
    Spec: 003_ch05.alg_psi_oracle
    """
    a = _V.positive("a", a)
    grad = _V.flag("grad", grad)
    X = _V.array("X", X)
    if X.ndim == 1:
        X = X[None, :]
    if X.ndim != 2 or X.shape[1] < 1 or X.shape[0] < 1:
        raise ValueError(f"X must have shape (m, d) with m, d >= 1, got {X.shape}")
    d = X.shape[1]
    sa = math.sqrt(a)
    Xs = X / sa                                                                  # step 1
    ell = _adaptive_ell_grid(Xs)                                                 # step 2
    g, U = _mix_logweights(Xs, ell)                                              # step 3
    h = ell[:, 1] - ell[:, 0]
    lse = logsumexp(g, axis=1)
    psi = lse + np.log(h) - 0.5 * d * math.log(a)
    psi = _V.finite_result("psi_{p,a}", psi, a=a, X="(given)")
    if not grad:
        return psi
    w = np.exp(g - lse[:, None])                                                 # step 4
    _, dF = _log_F(U, deriv=True)
    gr = np.einsum("ml,mil->mi", w, dF * np.exp(-ell / 4)[:, None, :]) / sa
    return psi, gr


def sample_pi_x_fast(x, a, rng: np.random.Generator, u=None) -> np.ndarray:
    """One draw of y ~ D_x^phi, phi = a||.||_4^2 (Section 5.5.3, 003 L4755-4775; corrected tilted lambda-law, Audit #9),
    on grids adapted to the law (valid for any a > 0, unlike the fixed grids of :func:`sample_pi_x`).

    Preconditions: a > 0; x in R^d; ``u`` optional pre-drawn uniforms of length d + 1 (oracle mode).
    Steps: (0) scaling x' = x/sqrt(a) (y = z/sqrt a, z ~ D_{x'} at a = 1); (1) log lambda from the tilted law
        ∝ mu_{1/2}(lambda) prod_i Z(lambda, x'_i) (5.29) by inverse CDF (cumulative trapezoid, linear interpolation) on
        the adapted grid of :func:`psi_pa_batch` refined 4x; (2) kappa = lambda; v_i ∝ exp(u_i v - v^4) with
        u_i = x'_i lambda^{-1/4}, by inverse CDF on a 4001-point grid v* + s/sqrt(1 + 6 v*^2), s in [-8, 8]
        (v* the mode), z_i = v_i lambda^{-1/4}, y_i = z_i/sqrt(a).
    Postcondition: y ~ D_x^phi up to the grid interpolation error (quantile error ~1e-4 of a standard deviation).
    Randomness: d + 1 standard uniforms (lambda first, then y_1..y_d), from ``rng`` or the pre-drawn ``u``.
    Spec: 003_ch05.alg_pi_x_sampler
    """
    rng = _V.generator("rng", rng, allow_none=u is not None)
    a = _V.positive("a", a)
    x = np.atleast_1d(_V.array("x", x, ndim=1) if np.ndim(x) else _V.array("x", x))
    d = x.shape[0]
    uu = rng.random(d + 1) if u is None else _V.vector("u", u, d + 1)
    if np.any(uu < 0) or np.any(uu >= 1):
        raise ValueError(f"u must be d + 1 = {d + 1} uniforms in [0, 1), got {u!r}"[:300])
    sa = math.sqrt(a)
    xs = (x / sa)[None, :]                                                       # step 0
    ell = _adaptive_ell_grid(xs, 4 * _N_FINE)                                    # step 1
    g, _U = _mix_logweights(xs, ell)
    w = np.exp(g[0] - g[0].max())
    cdf = np.concatenate([[0.0], np.cumsum((w[1:] + w[:-1]) / 2)])
    cdf /= cdf[-1]
    lam = math.exp(float(np.interp(uu[0], cdf, ell[0])))
    sc = lam ** -0.25                                                            # step 2
    ui = xs[0] * sc
    vstar = np.cbrt(ui / 4)
    s = np.linspace(-8.0, 8.0, 4001)
    v = vstar[:, None] + s[None, :] / np.sqrt(1 + 6 * vstar ** 2)[:, None]
    lf = ui[:, None] * v - v ** 4
    f = np.exp(lf - lf.max(axis=1, keepdims=True))
    c = np.concatenate([np.zeros((d, 1)), np.cumsum((f[:, 1:] + f[:, :-1]) / 2, axis=1)], axis=1)
    c /= c[:, -1:]
    y = np.array([np.interp(uu[k + 1], c[k], v[k]) for k in range(d)]) * sc / sa
    return y
