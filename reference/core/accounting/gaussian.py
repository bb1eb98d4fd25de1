"""Exact privacy curve of the Gaussian mechanism and Gaussian differential privacy.

* ``gaussian_delta``: the analytic Gaussian mechanism (Balle & Wang 2018, Thm 8): the mechanism
  ``f(D) + N(0, sigma^2)`` with ``|f(D) - f(D')| <= Delta`` is (eps, delta)-DP iff
  ``delta >= Phi(Delta/(2 sigma) - eps sigma/Delta) - e^eps Phi(-Delta/(2 sigma) - eps sigma/Delta)``.
* ``gaussian_sigma`` / ``gaussian_epsilon``: inverses by certified bisection.
* ``gdp_delta``, ``gdp_mu``, ``gdp_compose``: mu-GDP (Dong, Roth & Su 2022, Cor 2.13 and Cor 3.3).
"""
from __future__ import annotations

import math
import sys
from fractions import Fraction

import mpmath
from flint import arb

from ._common import (DEFAULT_PREC, MAX_PREC, Interval, arb_prec, arb_to_interval, check_dps,
                      check_flag, check_method, check_nonneg, check_positive, check_prob_open, check_real, check_sequence,
                      rel_ok, to_arb, to_mpf)

__all__ = ["gaussian_delta", "gaussian_delta_arb", "gaussian_sigma", "gaussian_epsilon", "gdp_delta", "gdp_mu",
           "gdp_compose"]


# ------------------------------------------------------------------------------------------
# the formula in three arithmetics
# ------------------------------------------------------------------------------------------

def _gaussian_delta_mp(eps, sigma, sens, dps: int):
    """delta(eps) at ``dps`` correct digits: the working precision is raised by the number of bits
    lost in the subtraction Phi(a) - e^eps Phi(b) (measured, then recomputed)."""
    need_bits = int(dps * 3.33) + 10
    prec = need_bits + 20
    for _ in range(40):
        with mpmath.workprec(prec):
            e, s, d = to_mpf(eps), to_mpf(sigma), to_mpf(sens)
            a = d / (2 * s) - e * s / d          # Balle & Wang 2018, Thm 8
            b = -d / (2 * s) - e * s / d
            t1 = mpmath.ncdf(a)
            t2 = mpmath.exp(e) * mpmath.ncdf(b)
            delta = t1 - t2
            if delta > 0 and t1 > 0:
                lost = int(mpmath.log(t1 / delta, 2)) + 1 if t1 > delta else 0
                if prec - lost >= need_bits:
                    return delta
                prec = need_bits + lost + 30
            else:
                prec *= 2
    raise ArithmeticError("gaussian_delta: precision escalation did not converge")  # pragma: no cover


def _log_mills_diff_float(u: float, d: float) -> float:
    """log(R(u) - R(v)) for 0 < u < v = u + d (d given separately: u + d may round to u), R(x) = Phi_bar(x)/phi(x) = sqrt(pi/2) erfcx(x/sqrt 2) (float).  For u >= 1e4
    the asymptotic series R(t) = 1/t - 1/t^3 + 3/t^5 - 15/t^7 + 105/t^9 - ... gives
    R(u) - R(v) = (v - u)/(u v) [1 + sum_{k>=1} c_k sum_{i=0}^{2k} u^-i v^-(2k-i)] (no cancellation, no underflow:
    the correction terms are at most 1e-8; truncation error < 1e-30 relative)."""
    v = u + d
    if u < 1e4:
        from scipy.special import erfcx
        c = math.sqrt(math.pi / 2)
        return math.log(c * (float(erfcx(u / math.sqrt(2))) - float(erfcx(v / math.sqrt(2)))))
    iu, iv = 1.0 / u, 1.0 / v
    corr = 0.0
    for k, ck in ((1, -1.0), (2, 3.0), (3, -15.0), (4, 105.0)):
        n = 2 * k
        corr += ck * sum(iu ** i * iv ** (n - i) for i in range(n + 1))
    return math.log(d) - math.log(u) - math.log(v) + math.log1p(corr)


def _gaussian_log_delta_float(eps, sigma, sens) -> float:
    """log delta(eps) in float: the direct formula while a > -5, else the Mills form
    log phi(a) + log(R(-a) - R(-b)) (no overflow for any eps)."""
    from scipy.special import log_ndtr
    e, s, d = float(eps), float(sigma), float(sens)
    a = d / (2 * s) - e * s / d
    b = -d / (2 * s) - e * s / d
    if a > -5:
        la, lb = float(log_ndtr(a)), float(log_ndtr(b))
        return la + math.log(-math.expm1(e + lb - la))
    if -a > 1e154:                          # a^2/2 beyond the float range: log delta < -1.79e308
        return -sys.float_info.max
    return -0.5 * a * a - 0.5 * math.log(2 * math.pi) + _log_mills_diff_float(-a, d / s)


def _gaussian_delta_float(eps, sigma, sens) -> float:
    """Float fast path (scipy log_ndtr / erfcx; relative error ~1e-12 except under heavy cancellation).  Below
    the float range it returns 5e-324 (the smallest positive float, an upper bound), never 0."""
    ld = _gaussian_log_delta_float(eps, sigma, sens)
    if ld < -744.0:
        return 5e-324
    return math.exp(ld)


def _gaussian_log_delta_arb(eps: arb, sigma: arb, sens: arb) -> arb:
    """Ball of log delta(eps) at the current precision, for every eps >= 0 (no overflow): the direct formula while
    a = Delta/(2s) - eps s/Delta > -5, else the Mills form delta = phi(a) (R(-a) - R(-b)), b = a - Delta/s
    (e^eps phi(b) = phi(a)), with R(x) = Phi_bar(x)/phi(x) = U(1/2, 1/2, x^2/2)/sqrt(2) (DLMF 7.11.4):
    log delta = -a^2/2 - log sqrt(2 pi) + log(R(-a) - R(-b))."""
    a = sens / (2 * sigma) - eps * sigma / sens
    b = a - sens / sigma
    if a > -5:
        return gaussian_delta_arb(eps, sigma, sens).log()
    half = arb(1) / 2
    R = lambda x: (x * x / 2).hypgeom_u(half, half) / arb(2).sqrt()  # noqa: E731
    return -a * a / 2 - (2 * arb.pi()).sqrt().log() + (R(-a) - R(-b)).log()


def _gaussian_log_delta_certified(eps, sigma, sens) -> arb:
    prec = DEFAULT_PREC
    while True:
        with arb_prec(prec):
            ld = _gaussian_log_delta_arb(to_arb(eps), to_arb(sigma), to_arb(sens))
        if (ld.is_finite() and ld.rad() < arb(2) ** -60 * max(1.0, abs(float(ld.mid()))))  or prec >= MAX_PREC:
            return ld
        prec *= 2


def gaussian_delta_arb(eps: arb, sigma: arb, sens: arb) -> arb:
    """Ball enclosure of delta(eps) at the current Arb precision (no precision escalation).

    Preconditions: ``eps``, ``sigma``, ``sens`` Arb balls (TypeError otherwise; use gaussian_delta for numbers)."""
    for name, v in (("eps", eps), ("sigma", sigma), ("sens", sens)):
        if not isinstance(v, arb):
            raise TypeError(f"{name} must be an arb ball (python-flint), got {type(v).__name__} {v!r}")
    a = sens / (2 * sigma) - eps * sigma / sens
    b = -sens / (2 * sigma) - eps * sigma / sens
    r2 = arb(2).sqrt()
    t1 = (-a / r2).erfc() / 2                   # Phi(a)
    t2 = eps.exp() * (-b / r2).erfc() / 2       # e^eps Phi(b)
    return t1 - t2


def _gaussian_delta_certified(eps, sigma, sens) -> arb:
    prec = DEFAULT_PREC
    while True:
        with arb_prec(prec):
            d = gaussian_delta_arb(to_arb(eps), to_arb(sigma), to_arb(sens))
        if rel_ok(d) or prec >= 1024:
            break
        prec *= 2
    if rel_ok(d):
        return d
    with arb_prec(128):                     # far tail: exp of the certified log (no cancellation, no overflow)
        return _gaussian_log_delta_certified(eps, sigma, sens).exp()


def gaussian_delta(epsilon, sigma, sensitivity=1, *, dps=None, method: str = "exact", as_mpf: bool = False,
                   log: bool = False):
    """Exact privacy curve delta(eps) of the Gaussian mechanism (analytic Gaussian mechanism).

    Preconditions: ``epsilon`` in [0, inf); ``sigma`` in (0, inf); ``sensitivity`` in (0, inf);
        ``method`` in {"exact", "float", "certified"}; ``dps`` an integer >= 5 (default 30).
    Steps: a = Delta/(2 sigma) - eps sigma/Delta, b = -Delta/(2 sigma) - eps sigma/Delta;
        delta = Phi(a) - e^eps Phi(b)  (Balle & Wang 2018, Thm 8).
    Postcondition: returns the smallest delta such that M(D) = f(D) + N(0, sigma^2 I) is (eps, delta)-DP for
        every f of l2-sensitivity Delta, i.e. the hockey-stick divergence
        H_{e^eps}(N(Delta, sigma^2) || N(0, sigma^2)).
        "exact": a float correct to ~15 digits (mpmath at ``dps`` digits, precision raised to compensate
        cancellation); with ``as_mpf=True`` the mpf itself. "float": scipy fast path. "certified": an
        :class:`Interval` enclosing the exact value (Arb ball arithmetic).
        Extremes: for every eps >= 0 nothing overflows (far tail: the Mills form in log space, see
        _gaussian_log_delta_arb); a delta below the float range is returned as 5e-324 (the smallest positive float,
        an upper bound; never 0.0).  ``log=True`` returns log delta instead ("exact": float; "certified": Interval;
        "float": float), representable for every eps (e.g. eps = 1e100: log delta ~ -5e199).
    Spec: core.acct.gaussian_delta
    """
    epsilon = check_nonneg("epsilon", epsilon)
    sigma = check_positive("sigma", sigma)
    sensitivity = check_positive("sensitivity", sensitivity)
    dps = check_dps(dps)
    check_method(method, ("exact", "float", "certified"))
    as_mpf, log = check_flag("as_mpf", as_mpf), check_flag("log", log)
    if log:
        if method == "float":
            return _gaussian_log_delta_float(epsilon, sigma, sensitivity)
        ld = _gaussian_log_delta_certified(epsilon, sigma, sensitivity)
        iv = arb_to_interval(ld)
        if iv.hi < -sys.float_info.max:     # below the float range: -1.79e308 is still an upper bound
            iv = Interval(-math.inf, -sys.float_info.max)
        return iv if method == "certified" else max(float(ld.mid()), -sys.float_info.max)
    if method == "float":
        return _gaussian_delta_float(epsilon, sigma, sensitivity)
    if method == "certified":
        iv = arb_to_interval(_gaussian_delta_certified(epsilon, sigma, sensitivity))
        return Interval(max(iv.lo, 0.0), max(iv.hi, 5e-324))      # delta > 0: never below 0, never exactly 0
    a = float(sensitivity) / (2 * float(sigma)) - float(epsilon) * float(sigma) / float(sensitivity)
    if a < -30:                             # far tail: from the certified log (the mp path would lose its footing)
        ld = _gaussian_log_delta_certified(epsilon, sigma, sensitivity)
        with mpmath.workdps(dps + 10):
            v = mpmath.exp(mpmath.mpf(ld.mid().str(dps + 20, radius=False)))
    elif -(a - float(sensitivity) / float(sigma)) > 1e8:   # b << 0: mpmath's erfc overflows; Arb at dps digits
        with arb_prec(int(dps * 3.33) + 64):
            d = gaussian_delta_arb(to_arb(epsilon), to_arb(sigma), to_arb(sensitivity))
        with mpmath.workdps(dps + 10):
            v = mpmath.mpf(d.mid().str(dps + 20, radius=False))
    else:
        v = _gaussian_delta_mp(epsilon, sigma, sensitivity, dps)
    if as_mpf:
        with mpmath.workdps(dps):
            return +v
    f = float(v)
    return f if f > 0 or v == 0 else 5e-324


# ------------------------------------------------------------------------------------------
# inverses by certified bisection
# ------------------------------------------------------------------------------------------

def _cmp_delta(eps, sigma, sens, delta_target) -> int:
    """-1 if delta(eps; sigma) <= target is certified, +1 if > target is certified, 0 if undecided."""
    tgt = to_arb(delta_target)
    prec = DEFAULT_PREC
    while prec <= 4096:
        with arb_prec(prec):
            d = gaussian_delta_arb(to_arb(eps), to_arb(sigma), to_arb(sens))
            if d <= tgt:
                return -1
            if d > tgt:
                return 1
        prec *= 2
    return 0


def _bisect_float(pred_ok, lo: float, hi: float, rel: float) -> tuple[float, float]:
    """Bisect between ``lo`` (not ok, certified) and ``hi`` (ok, certified) in float arithmetic."""
    while hi - lo > rel * hi:
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if pred_ok(mid):
            hi = mid
        else:
            lo = mid
    return lo, hi


def gaussian_sigma(epsilon, delta, sensitivity=1, *, method: str = "certified", rel_tol: float = 1e-13,
                   return_bracket: bool = False):
    """The smallest noise sigma for which the Gaussian mechanism is (eps, delta)-DP.

    Preconditions: ``epsilon`` in [0, inf); ``delta`` in (0, 1); ``sensitivity`` in (0, inf);
        ``method`` in {"certified", "float"}; ``rel_tol`` in [1e-15, 1e-2].
    Steps: delta(eps; sigma) is strictly decreasing in sigma (from 1 at sigma -> 0 to 0 at sigma -> inf).
        Bracket [lo, hi] by doubling/halving, then bisect; every comparison delta(sigma) vs delta is decided
        in Arb ball arithmetic (precision raised until decided).
    Postcondition: returns sigma_hi with delta(eps; sigma_hi) <= delta CERTIFIED and a certified
        sigma_lo >= sigma_hi (1 - rel_tol) with delta(eps; sigma_lo) > delta; with ``return_bracket`` the
        Interval(sigma_lo, sigma_hi). "float": scipy brentq on the float fast path (not certified).
    Spec: core.acct.gaussian_sigma
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_prob_open("delta", delta)
    sensitivity = check_positive("sensitivity", sensitivity)
    check_method(method, ("certified", "float"))
    rel_tol = check_real("rel_tol", rel_tol, lo=1e-15, hi=1e-2)
    return_bracket = check_flag("return_bracket", return_bracket)
    sens_f = float(sensitivity)

    if method == "float":
        from scipy.optimize import brentq
        f = lambda s: _gaussian_delta_float(epsilon, s, sens_f) - float(delta)  # noqa: E731
        lo, hi = sens_f, sens_f
        for _ in range(2100):               # bounded: 2^2100 spans every float ratio
            if not f(hi) > 0 or not math.isfinite(2 * hi):
                break
            hi *= 2
        for _ in range(2100):
            if not f(lo) <= 0 or lo < 1e-300:
                break
            lo /= 2
        if not (f(hi) <= 0 < f(lo)):
            raise ValueError(f"no sigma in the float range meets delta={delta!r} at epsilon={epsilon!r}, "
                             f"sensitivity={sensitivity!r}")
        s = brentq(f, lo, hi, xtol=1e-300, rtol=1e-15)
        return Interval(s, s) if return_bracket else s

    ok = lambda s: _cmp_delta(epsilon, s, sensitivity, delta) < 0  # noqa: E731
    hi = sens_f
    if ok(hi):
        lo = hi / 2
        while ok(lo):
            hi, lo = lo, lo / 2
            if lo < 1e-300:
                raise ValueError(f"no sigma >= 1e-300 violates delta={delta!r} at epsilon={epsilon!r}")
    else:
        lo = hi
        hi = 2 * hi
        while not ok(hi):
            lo, hi = hi, 2 * hi
            if not math.isfinite(2 * hi):
                raise ValueError(f"delta={delta!r} needs sigma beyond the float range at epsilon={epsilon!r}, "
                                 f"sensitivity={sensitivity!r}")
    lo, hi = _bisect_float(ok, lo, hi, rel_tol)
    return Interval(lo, hi) if return_bracket else hi


def gaussian_epsilon(delta, sigma, sensitivity=1, *, rel_tol: float = 1e-13, return_bracket: bool = False):
    """The smallest eps >= 0 with delta(eps; sigma) <= delta (certified bisection, as gaussian_sigma).

    Preconditions: ``delta`` in (0, 1); ``sigma``, ``sensitivity`` in (0, inf); ``rel_tol`` in [1e-15, 1e-2].
    Postcondition: returns eps_hi with delta(eps_hi) <= delta CERTIFIED; eps_hi = 0 if delta(0) <= delta,
        else a certified eps_lo >= eps_hi - rel_tol * max(eps_hi, 1) has delta(eps_lo) > delta.
    Spec: core.acct.gaussian_delta
    """
    delta = check_prob_open("delta", delta)
    sigma = check_positive("sigma", sigma)
    sensitivity = check_positive("sensitivity", sensitivity)
    rel_tol = check_real("rel_tol", rel_tol, lo=1e-15, hi=1e-2)
    return_bracket = check_flag("return_bracket", return_bracket)
    ok = lambda e: _cmp_delta(e, sigma, sensitivity, delta) < 0  # noqa: E731
    if ok(0.0):
        return Interval(0.0, 0.0) if return_bracket else 0.0
    lo, hi = 0.0, 1.0
    while not ok(hi):
        lo, hi = hi, 2 * hi
        if hi > 1e300:  # delta(eps) -> 0 as eps -> inf, but here beyond the float range
            raise ValueError(f"the epsilon meeting delta={delta!r} is beyond the float range (> 1e300) for "
                             f"sensitivity={sensitivity!r}, sigma={sigma!r} (sensitivity / sigma too large)")
    while hi - lo > rel_tol * max(hi, 1.0):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return Interval(lo, hi) if return_bracket else hi


# ------------------------------------------------------------------------------------------
# Gaussian differential privacy
# ------------------------------------------------------------------------------------------

def gdp_delta(epsilon, mu, *, dps=None, method: str = "exact", as_mpf: bool = False):
    """delta(eps) of mu-GDP: delta = Phi(-eps/mu + mu/2) - e^eps Phi(-eps/mu - mu/2).

    Preconditions: ``epsilon`` in [0, inf); ``mu`` in [0, inf) (mu = 0 gives delta = 0).
    Postcondition: the hockey-stick divergence H_{e^eps}(N(mu, 1) || N(0, 1)) (Dong, Roth & Su 2022,
        Cor 2.13); equals gaussian_delta(eps, sigma=1, sensitivity=mu).
    Spec: core.acct.gdp
    """
    epsilon = check_nonneg("epsilon", epsilon)
    mu = check_nonneg("mu", mu)
    check_method(method, ("exact", "float", "certified"))
    as_mpf = check_flag("as_mpf", as_mpf)
    if mu == 0:
        if method == "certified":
            return Interval(0.0, 0.0)
        return mpmath.mpf(0) if as_mpf else 0.0
    return gaussian_delta(epsilon, 1, mu, dps=dps, method=method, as_mpf=as_mpf)


def gdp_mu(epsilon, delta, *, rel_tol: float = 1e-13) -> float:
    """The largest mu such that mu-GDP implies (eps, delta)-DP (certified: gdp_delta(eps, mu) <= delta).

    Preconditions: ``epsilon`` in [0, inf); ``delta`` in (0, 1).
    Steps: mu = 1 / gaussian_sigma(eps, delta, 1) (sigma_hi certified), rounded down.
    Spec: core.acct.gdp
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_prob_open("delta", delta)
    s = gaussian_sigma(epsilon, delta, 1, rel_tol=rel_tol)
    mu = 1.0 / s
    if Fraction(mu) * Fraction(s) > 1:  # round toward 0 so that mu <= 1/sigma_hi exactly
        mu = math.nextafter(mu, 0.0)
    return mu


def gdp_compose(mus, *, dps=None) -> float:
    """Composition of mu_i-GDP mechanisms: sqrt(sum mu_i^2)-GDP (Dong, Roth & Su 2022, Cor 3.3).

    Preconditions: ``mus`` a non-empty sequence of reals in [0, inf).
    Postcondition: returns sqrt(sum mu_i^2) correctly rounded (mpmath at ``dps`` digits).
    Spec: core.acct.gdp_compose
    """
    mus = check_sequence("mus", mus)
    for i, m in enumerate(mus):
        check_nonneg(f"mus[{i}]", m)
    dps = check_dps(dps)
    with mpmath.workdps(dps + 10):
        return float(mpmath.sqrt(mpmath.fsum(to_mpf(m) ** 2 for m in mus)))
