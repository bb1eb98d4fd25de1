"""Shared helpers of the accounting package: input validation, precision contexts, enclosures.

Nothing here is a privacy primitive; it is the plumbing that lets every public function
(1) reject bad input with a ``ValueError`` naming the parameter, its value and the allowed range, and a
    ``TypeError`` for a value of the wrong type (bool, string, None: the rules of ``reference.core.validation``),
(2) compute at a stated mpmath precision (``dps``) or in Arb ball arithmetic, and
(3) hand back a float, an ``mpmath.mpf`` or a certified :class:`Interval`.
"""
from __future__ import annotations

import contextlib
import math
import numbers
from fractions import Fraction
from typing import Iterable, NamedTuple

import mpmath
import numpy as np
import flint
from flint import arb

from reference.core import validation as V

#: Default mpmath decimal precision: 15 correct digits of the returned float need a few guard
#: digits on top of the working precision lost to cancellation (which every function measures and
#: compensates for by raising the precision, see ``gaussian._gaussian_delta_mp``).
DEFAULT_DPS = 30

#: Default Arb precision (bits) of the certified paths; raised adaptively until the enclosure is
#: tight to ``TARGET_REL_BITS`` relative bits.
DEFAULT_PREC = 96
TARGET_REL_BITS = 60
MAX_PREC = 1 << 14


class _IntervalFields(NamedTuple):
    lo: float
    hi: float


class Interval(_IntervalFields):
    """A closed interval ``[lo, hi]`` of floats that encloses a real number (outward rounded).

    Preconditions (validated): ``lo``, ``hi`` real numbers (not bools, not strings), no NaN; infinite ends are
    admissible (an enclosure that saturates: ``lo=-inf``, ``hi=inf``; [inf, inf] for an infinite eps).  ``lo <= hi``
    is the caller's postcondition, not checked here: the fault-injection tests build inverted intervals on purpose
    so that the containment checks of proofs_checks must catch them.
    """

    __slots__ = ()

    def __new__(cls, lo, hi):
        V.real("lo", lo, allow_inf=True)
        V.real("hi", hi, allow_inf=True)
        return super().__new__(cls, lo, hi)

    def contains(self, x) -> bool:
        return self.lo <= x <= self.hi

    @property
    def mid(self) -> float:
        return 0.5 * (self.lo + self.hi)

    @property
    def width(self) -> float:
        return self.hi - self.lo

    def __repr__(self) -> str:  # pragma: no cover - cosmetic
        return f"Interval(lo={self.lo!r}, hi={self.hi!r})"


# ------------------------------------------------------------------------------------------
# validation
# ------------------------------------------------------------------------------------------

def _as_real(name: str, x):
    """Return ``x`` if it is a real scalar (int, float, Fraction, numpy scalar, mpf); else raise TypeError.

    The type rules are those of the shared ``reference.core.validation`` (a bool, a string, None or any non-number is
    a TypeError); exact types (Fraction, mpf) are kept as they are (validation.real would round them to float), and
    NaN is passed on so that ``check_real`` reports it with the allowed range."""
    if isinstance(x, (Fraction, mpmath.mpf)):
        return x
    if hasattr(x, "dtype") and getattr(x, "shape", None) == () and not isinstance(x, (bool, np.bool_)):
        if x.dtype.kind in "fiu":
            x = x.item()
    if isinstance(x, float) and math.isnan(x):
        return x
    V.real(name, x, allow_inf=True)          # TypeError for bool / str / None / non-numbers
    return x


def _is_nan(x) -> bool:
    if isinstance(x, mpmath.mpf):
        return mpmath.isnan(x)
    if isinstance(x, (int, Fraction)):
        return False
    return math.isnan(float(x))


def _is_inf(x) -> bool:
    if isinstance(x, mpmath.mpf):
        return mpmath.isinf(x)
    if isinstance(x, (int, Fraction)):
        return False
    return math.isinf(float(x))


def _fmt_bound(x) -> str:
    if isinstance(x, Fraction) and x.denominator > 1000:
        return f"{float(x):.12g}"
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


def check_real(name: str, x, *, lo=None, hi=None, lo_open: bool = False, hi_open: bool = False,
               allow_inf: bool = False):
    """Validate a real scalar against a range and return it unchanged.

    The error message names the parameter, the allowed range and the offending value, e.g.
    ``sigma must be a finite real number in (0, inf), got -1.0``.
    """
    x = _as_real(name, x)
    lb = "(" if lo_open else "["
    rb = ")" if hi_open else "]"
    lo_s = "-inf" if lo is None else _fmt_bound(lo)
    hi_s = "inf" if hi is None else _fmt_bound(hi)
    if lo is None:
        lb = "("
    if hi is None:
        rb = ")" if not allow_inf else "]"
    rng = f"{lb}{lo_s}, {hi_s}{rb}"
    kind = "a real number" if allow_inf else "a finite real number"
    if _is_nan(x):
        raise ValueError(f"{name} must be {kind} in {rng}, got nan")
    if _is_inf(x) and not (allow_inf and x > 0 and hi is None):
        raise ValueError(f"{name} must be {kind} in {rng}, got {x!r}")
    if lo is not None and (x < lo or (lo_open and x == lo)):
        raise ValueError(f"{name} must be {kind} in {rng}, got {x!r}")
    if hi is not None and (x > hi or (hi_open and x == hi)):
        raise ValueError(f"{name} must be {kind} in {rng}, got {x!r}")
    return x


def check_positive(name, x):
    return check_real(name, x, lo=0, lo_open=True)


def check_nonneg(name, x):
    return check_real(name, x, lo=0)


def check_prob_open(name, x):
    """``x`` in (0, 1) (a delta)."""
    return check_real(name, x, lo=0, hi=1, lo_open=True, hi_open=True)


def check_int(name: str, k, *, lo: int = 1, hi: int | None = None) -> int:
    """An integer in [lo, hi] (a float with an integral value is accepted): TypeError for a bool / string / None
    (reference.core.validation.integer), ValueError naming the range otherwise."""
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (numbers.Real, np.integer, np.floating)):
        return V.integer(name, k, lo=lo, hi=hi)         # raises TypeError
    if isinstance(k, (float, np.floating)) and not (math.isfinite(float(k)) and float(k).is_integer()):
        raise ValueError(f"{name} must be an integer >= {lo}" + (f" and <= {hi}" if hi is not None else "")
                         + f", got {k!r}")
    k = int(k)
    if k < lo or (hi is not None and k > hi):
        raise ValueError(f"{name} must be an integer >= {lo}" + (f" and <= {hi}" if hi is not None else "")
                         + f", got {k!r}")
    return k


def check_dps(dps) -> int:
    if dps is None:
        return DEFAULT_DPS
    return check_int("dps", dps, lo=5, hi=100000)


def check_method(method: str, allowed: Iterable[str]) -> str:
    return V.choice("method", method, tuple(allowed))


def check_flag(name: str, v) -> bool:
    """A switch (True / False): reference.core.validation.flag."""
    return V.flag(name, v)


def check_sequence(name: str, xs, *, nonempty: bool = True) -> list:
    if isinstance(xs, (str, bytes)) or not hasattr(xs, "__iter__"):
        raise TypeError(f"{name} must be a sequence of real numbers, got {type(xs).__name__}")
    xs = list(xs)
    if nonempty and not xs:
        raise ValueError(f"{name} must be a non-empty sequence, got an empty one")
    return xs


# ------------------------------------------------------------------------------------------
# conversions
# ------------------------------------------------------------------------------------------

def to_mpf(x):
    """Exact conversion of int / float / Fraction / mpf to an mpf at the current precision.

    Floats and ints are exact when the precision suffices; a Fraction is rounded once.
    """
    if isinstance(x, Fraction):
        return mpmath.mpf(x.numerator) / x.denominator
    if isinstance(x, mpmath.mpf):
        return +x
    if isinstance(x, numbers.Integral):
        return mpmath.mpf(int(x))
    return mpmath.mpf(float(x))


def to_arb(x) -> arb:
    """Ball containing ``x`` (exact for ints, floats and mpf; a tight ball for a Fraction)."""
    if isinstance(x, arb):
        return x
    if isinstance(x, bool):
        raise TypeError("bool is not a real number here")
    if isinstance(x, numbers.Integral):
        return arb(int(x))
    if isinstance(x, Fraction):
        return arb(flint.fmpq(x.numerator, x.denominator))
    if isinstance(x, mpmath.mpf):
        man, exp = x.man_exp
        return arb(int(man)) * arb(2) ** int(exp)
    xf = float(x)
    return arb(xf)


def arb_to_interval(x: arb) -> Interval:
    """Outward-rounded float interval containing the ball ``x`` (saturating to +-inf)."""
    if not x.is_finite():
        return Interval(-math.inf, math.inf)
    lo_a, hi_a = x.lower(), x.upper()
    lo, hi = float(lo_a), float(hi_a)
    if math.isfinite(lo) and arb(lo) > lo_a:
        lo = math.nextafter(lo, -math.inf)
    if math.isfinite(hi) and arb(hi) < hi_a:
        hi = math.nextafter(hi, math.inf)
    return Interval(lo, hi)


def arb_upper_float(x: arb) -> float:
    return arb_to_interval(x).hi


def arb_lower_float(x: arb) -> float:
    return arb_to_interval(x).lo


@contextlib.contextmanager
def arb_prec(bits: int):
    """Temporarily set python-flint's global Arb precision (restored on exit)."""
    old = flint.ctx.prec
    flint.ctx.prec = int(bits)
    try:
        yield
    finally:
        flint.ctx.prec = old


def rel_ok(x: arb, bits: int = TARGET_REL_BITS) -> bool:
    """The ball is finite and tight to ``bits`` relative bits (or is exactly zero)."""
    if not x.is_finite():
        return False
    if x.is_exact():
        return True
    return x.rel_accuracy_bits() >= bits


def mpf_to_float(x) -> float:
    """Round an mpf to the nearest float (mpmath rounds correctly); +-inf on overflow."""
    return float(x)


def float_up(x) -> float:
    """The smallest float >= x (for privacy guarantees: a bound rounded up stays a valid bound; in particular a
    positive delta below the float range becomes 5e-324, never 0)."""
    v = float(x)
    if math.isfinite(v) and mpmath.mpf(v) < x:
        v = math.nextafter(v, math.inf)
    return v
