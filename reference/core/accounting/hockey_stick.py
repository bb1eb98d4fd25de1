"""Hockey-stick divergence H_{e^eps}(P || Q) = sup_S P(S) - e^eps Q(S) = integral (p - e^eps q)_+.

P is (eps, delta)-indistinguishable from Q iff H_{e^eps}(P||Q) <= delta (Barthe & Olmedo 2013; Balle, Barthe &
Gaboardi 2018, Sec. 2): the tool that checks a mechanism's privacy exactly when its output laws are known.

* ``hockey_stick_finite``: finite distributions; exact ``Fraction`` arithmetic when the probabilities and
  ``exp_epsilon`` are rationals, mpmath otherwise, Arb enclosure with ``certified=True``.
* ``hockey_stick_density``: 1-D densities; mpmath quadrature split at the given breakpoints, or a CERTIFIED
  Arb enclosure (``acb.integral``) for analytic densities on a finite interval plus a caller-proved tail bound.
"""
from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Callable, Sequence

import mpmath
from flint import acb, arb

from reference.core import validation as V

from ._common import (DEFAULT_PREC, arb_prec, arb_to_interval, check_dps, check_flag, check_nonneg, check_real,
                      check_sequence, to_arb, to_mpf)

__all__ = ["hockey_stick_finite", "hockey_stick_density", "hockey_stick_density_arb"]


def _is_rational(x) -> bool:
    return isinstance(x, (Fraction, numbers.Integral)) and not isinstance(x, bool)


def _check_dist(name, p, exact: bool):
    p = check_sequence(name, p)
    for i, v in enumerate(p):
        check_real(f"{name}[{i}]", v, lo=0, hi=1)
    if exact and all(_is_rational(v) for v in p):
        if sum(Fraction(v) for v in p) != 1:
            raise ValueError(f"{name} must sum to 1 exactly, got {sum(Fraction(v) for v in p)}")
    else:
        tot = math.fsum(float(v) for v in p)
        if abs(tot - 1) > 1e-9:
            raise ValueError(f"{name} must sum to 1 (within 1e-9), got {tot!r}")
    return p


def hockey_stick_finite(p: Sequence, q: Sequence, epsilon=None, *, exp_epsilon=None, dps=None,
                        certified: bool = False):
    """H_{e^eps}(P || Q) = sum_i (p_i - e^eps q_i)_+ for distributions on a common finite set.

    Preconditions: ``p``, ``q`` equal-length sequences of probabilities in [0, 1] summing to 1 (exactly, if all
        entries are rationals); exactly one of ``epsilon`` in [0, inf) or ``exp_epsilon`` in [1, inf).
    Postcondition: the hockey-stick divergence: a ``Fraction`` when p, q and exp_epsilon are all rational
        (exact); a float (mpmath at ``dps`` digits) otherwise; an Interval (Arb) with ``certified``.
    Spec: core.acct.hockey_stick_finite
    """
    if (epsilon is None) == (exp_epsilon is None):
        raise ValueError("give exactly one of epsilon (in [0, inf)) or exp_epsilon (in [1, inf))")
    if epsilon is not None:
        epsilon = check_nonneg("epsilon", epsilon)
    else:
        exp_epsilon = check_real("exp_epsilon", exp_epsilon, lo=1)
    p = _check_dist("p", p, True)
    q = _check_dist("q", q, True)
    certified = check_flag("certified", certified)
    if len(p) != len(q):
        raise ValueError(f"q must have the same length as p ({len(p)}), got {len(q)}")
    dps = check_dps(dps)
    if certified:
        with arb_prec(DEFAULT_PREC + 32):
            c = to_arb(exp_epsilon) if exp_epsilon is not None else to_arb(epsilon).exp()
            tot = arb(0)
            for pi, qi in zip(p, q):
                tot += (to_arb(pi) - c * to_arb(qi)).nonnegative_part()
            return arb_to_interval(tot)
    if exp_epsilon is not None and _is_rational(exp_epsilon) and all(_is_rational(v) for v in [*p, *q]):
        c = Fraction(exp_epsilon)
        return sum((max(Fraction(pi) - c * Fraction(qi), Fraction(0)) for pi, qi in zip(p, q)), Fraction(0))
    with mpmath.workdps(dps + 10):
        c = to_mpf(exp_epsilon) if exp_epsilon is not None else mpmath.exp(to_mpf(epsilon))
        return float(mpmath.fsum(max(to_mpf(pi) - c * to_mpf(qi), 0) for pi, qi in zip(p, q)))


def hockey_stick_density(p: Callable, q: Callable, epsilon, *, breakpoints: Sequence = (),
                         support=(-math.inf, math.inf), dps=None) -> float:
    """H_{e^eps}(P || Q) = integral (p(x) - e^eps q(x))_+ dx for 1-D densities, by mpmath quadrature.

    Preconditions: ``p``, ``q`` callables mpf -> mpf (densities); ``epsilon`` in [0, inf); ``support`` = (a, b)
        with a < b (may be infinite); ``breakpoints`` the points in (a, b) where p - e^eps q may change sign or
        is not smooth (for full accuracy EVERY sign change must be listed: on each piece the sign is read at
        one interior point and the smooth integrand p - e^eps q is integrated where it is positive).
    Postcondition: float, accurate to about ``dps`` digits when the breakpoints are complete (NUMERIC; not a
        proof).
    Spec: core.acct.hockey_stick_density
    """
    p, q = V.callable_("p", p), V.callable_("q", q)
    epsilon = check_nonneg("epsilon", epsilon)
    dps = check_dps(dps)
    try:
        a, b = support
        bad = math.isnan(float(a)) or math.isnan(float(b))
    except (TypeError, ValueError):
        bad = True
    if bad or not float(a) < float(b):
        raise ValueError(f"support must be (a, b) with a < b, got {support!r}")
    pts = sorted(float(x) for x in breakpoints)
    for x in pts:
        if not float(a) < x < float(b):
            raise ValueError(f"breakpoints must lie inside support {support!r}, got {x!r}")
    with mpmath.workdps(dps + 10):
        c = mpmath.exp(to_mpf(epsilon))
        g = lambda x: p(x) - c * q(x)  # noqa: E731
        edges = [mpmath.mpf(a) if math.isfinite(float(a)) else -mpmath.inf] + [mpmath.mpf(x) for x in pts] + \
                [mpmath.mpf(b) if math.isfinite(float(b)) else mpmath.inf]
        total = mpmath.mpf(0)
        for lo, hi in zip(edges[:-1], edges[1:]):
            if mpmath.isinf(lo) and mpmath.isinf(hi):
                probe = [mpmath.mpf(0)]
            elif mpmath.isinf(lo):
                probe = [hi - 1, hi - mpmath.mpf("0.001")]
            elif mpmath.isinf(hi):
                probe = [lo + 1, lo + mpmath.mpf("0.001")]
            else:
                probe = [(lo + hi) / 2]
            if any(g(x) > 0 for x in probe):
                total += mpmath.quad(lambda x: max(g(x), 0), [lo, hi])
        return float(total)


def _finite_ball(name, x, lo=None):
    """An Arb ball (finite, above ``lo`` when given) or a finite real number (converted to a ball)."""
    if not isinstance(x, arb):
        x = to_arb(check_real(name, x, lo=lo))
    if not x.is_finite() or (lo is not None and x < lo):
        raise ValueError(f"{name} must be a finite ball" + (f" >= {lo}" if lo is not None else "") + f", got {x}")
    return x


def hockey_stick_density_arb(p: Callable, q: Callable, c: arb, a, b, *, tail_bound=0, rel_tol_bits: int = 60,
                             abs_tol=None, prec: int = 128) -> arb:
    """CERTIFIED enclosure of integral_a^b (p - c q) dx + [0, tail_bound], for analytic p, q (acb -> acb).

    Preconditions (the caller's proof obligations, stated in the check): p - c q >= 0 on [a, b] (e.g. [a, b] is
        inside {p > c q}, whose end point is known in closed form); the mass of (p - c q)_+ outside [a, b] is
        <= tail_bound. ``abs_tol`` (default 2^-prec) must be set below the expected size of the integral when
        that is tiny (it steers the quadrature only; the enclosure is rigorous whatever it is). ``a``, ``b`` may be balls: the integral is taken between the ball midpoints and the two
        end pieces are enclosed by the mean-value bound (m - a) g(hull(a, m)).
        Validated: ``p``, ``q`` callables; ``c`` a finite ball or real >= 0; ``a`` <= ``b`` finite balls or reals;
        ``tail_bound`` a finite ball or real >= 0; ``rel_tol_bits``, ``prec`` integers >= 2.
    """
    p, q = V.callable_("p", p), V.callable_("q", q)
    c, a, b = _finite_ball("c", c, lo=0), _finite_ball("a", a), _finite_ball("b", b)
    if a.mid() > b.mid():
        raise ValueError(f"a must be <= b (the integration range), got a={a}, b={b}")
    _finite_ball("tail_bound", tail_bound, lo=0)        # validated only (a ball stays a ball)
    rel_tol_bits, prec = V.integer("rel_tol_bits", rel_tol_bits, lo=2), V.integer("prec", prec, lo=2)
    if abs_tol is not None:
        _finite_ball("abs_tol", abs_tol, lo=0)
    with arb_prec(prec):
        a, b, c = to_arb(a), to_arb(b), to_arb(c)
        g = lambda z, _analytic: p(z) - c * q(z)  # noqa: E731 - entire integrand: the analytic flag can be ignored
        ma, mb = arb(a.mid()), arb(b.mid())
        kw = {} if abs_tol is None else {"abs_tol": to_arb(abs_tol)}
        core = acb.integral(g, acb(ma), acb(mb), rel_tol=arb(2) ** (-rel_tol_bits), **kw).real
        # end corrections: int_a^{ma} g = (ma - a) g(xi), xi in the ball a (which contains ma)
        ends = arb(0)
        if not a.is_exact():
            ends += (ma - a) * g(acb(a), False).real
        if not b.is_exact():
            ends += (b - mb) * g(acb(b), False).real
        tail = to_arb(tail_bound)
        return core + ends + arb(0).union(tail) if tail_bound else core + ends
