"""Parameter validation shared by every public function (one module; no private ``_pos`` copies).

Each validator returns the value converted (``float`` / ``int`` / ``numpy.ndarray``) or raises

* ``TypeError`` for a wrong type — a bool, a string, ``None`` where a number is required (``True`` is not a number);
* ``ValueError`` for a value outside its range — the message names the parameter, its value and the allowed range.

NaN is never admissible; ``inf`` only where a validator says so (``allow_inf=True``: e.g. ``clip=inf`` = no
clipping).  Spec: core.validation.
"""
from __future__ import annotations

import math
import numbers
from fractions import Fraction

import numpy as np

__all__ = [
    "real", "positive", "nonnegative", "in_range", "probability", "integer", "positive_int",
    "vector", "matrix", "array", "rational", "rationals", "generator", "choice", "callable_", "has_methods",
    "flag", "optional", "distribution", "sequence", "finite_result", "text", "trace_list",
]


def _label(name) -> str:
    if not isinstance(name, str):
        raise TypeError(f"name must be a str (the parameter's name used in messages), got {type(name).__name__}")
    return name


def _flag(flag_name: str, v) -> bool:
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError(f"{flag_name} must be a bool (True or False), got {type(v).__name__} {v!r}"[:300])
    return bool(v)


def flag(name: str, v) -> bool:
    """A switch: ``True`` or ``False`` (a numpy bool too); 0 / 1, ``None``, strings and arrays are refused."""
    _label(name)
    return _flag(name, v)


def optional(check, name: str, v, *args, **kwargs):
    """``v=None`` (an optional parameter left out) or a value accepted by ``check(name, v, *args, **kwargs)``."""
    callable_("check", check)
    if v is None:
        return None
    return check(name, v, *args, **kwargs)


def _as_real(name: str, v) -> float:
    _label(name)
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (numbers.Real, np.floating, np.integer)):
        if isinstance(v, np.ndarray) and v.ndim == 0 and v.dtype.kind in "fiu":
            return float(v)
        raise TypeError(f"{name} must be a real number, got {type(v).__name__} {v!r}")
    x = float(v)
    if math.isnan(x):
        raise ValueError(f"{name} must be a real number, got nan")
    return x


def real(name: str, v, *, allow_inf: bool = False) -> float:
    """A real number (finite unless ``allow_inf``)."""
    _flag("allow_inf", allow_inf)
    x = _as_real(name, v)
    if math.isinf(x) and not allow_inf:
        raise ValueError(f"{name} must be finite, got {x!r}")
    return x


def in_range(name: str, v, lo: float = -math.inf, hi: float = math.inf, *, lo_open: bool = False,
             hi_open: bool = False, allow_inf: bool = False) -> float:
    """A real number in the interval ``lo .. hi`` (open or closed ends as declared)."""
    for bname, b in (("lo", lo), ("hi", hi)):
        if isinstance(b, (bool, np.bool_)) or not isinstance(b, (numbers.Real, np.floating, np.integer)) \
                or math.isnan(float(b)):
            raise TypeError(f"{bname} must be a real number (the interval's end), got {type(b).__name__} {b!r}")
    if float(lo) > float(hi):
        raise ValueError(f"lo must be <= hi, got lo={lo!r}, hi={hi!r}")
    x = real(name, v, allow_inf=allow_inf)
    bad = (x < lo or (lo_open and x == lo) or x > hi or (hi_open and x == hi))
    if bad:
        lb = "(" if lo_open else "["
        rb = ")" if hi_open else "]"
        raise ValueError(f"{name} must be in {lb}{lo:g}, {hi:g}{rb}, got {x!r}")
    return x


def positive(name: str, v, *, allow_inf: bool = False) -> float:
    """A real number > 0 (``inf`` only with ``allow_inf``)."""
    x = real(name, v, allow_inf=allow_inf)
    if not x > 0:
        raise ValueError(f"{name} must be > 0, got {x!r}")
    return x


def nonnegative(name: str, v, *, allow_inf: bool = False) -> float:
    """A real number >= 0 (``inf`` only with ``allow_inf``)."""
    x = real(name, v, allow_inf=allow_inf)
    if not x >= 0:
        raise ValueError(f"{name} must be >= 0, got {x!r}")
    return x


def probability(name: str, v, *, allow_zero: bool = True, allow_one: bool = True) -> float:
    """A probability in [0, 1] (ends excluded on request)."""
    _flag("allow_zero", allow_zero); _flag("allow_one", allow_one)
    return in_range(name, v, 0.0, 1.0, lo_open=not allow_zero, hi_open=not allow_one)


def integer(name: str, v, lo: int | None = None, hi: int | None = None) -> int:
    """An integer (a float with an integral value up to 2**53 is accepted; a bool is not) in ``[lo, hi]``."""
    _label(name)
    for bname, b in (("lo", lo), ("hi", hi)):
        if b is not None and (isinstance(b, (bool, np.bool_)) or not isinstance(b, (numbers.Integral, np.integer))):
            raise TypeError(f"{bname} must be an int or None, got {type(b).__name__} {b!r}")
    if lo is not None and hi is not None and hi < lo:
        raise ValueError(f"hi must be >= lo (an empty range), got lo={lo}, hi={hi}")
    if isinstance(v, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, got bool {v!r}")
    if isinstance(v, (numbers.Integral, np.integer)):
        k = int(v)
    elif isinstance(v, (numbers.Real, np.floating)) and math.isfinite(float(v)) and float(v) == int(float(v)):
        if abs(float(v)) > 2.0 ** 53:   # a float this large is not an exact integer (1e308 is not a count)
            raise ValueError(f"{name} must be an integer; a float above 2**53 is not exact, got {v!r}")
        k = int(float(v))
    else:
        if isinstance(v, (numbers.Real, np.floating)):
            raise ValueError(f"{name} must be an integer, got {v!r}")
        raise TypeError(f"{name} must be an integer, got {type(v).__name__} {v!r}")
    if (lo is not None and k < lo) or (hi is not None and k > hi):
        raise ValueError(f"{name} must be an integer in [{'-inf' if lo is None else lo}, "
                         f"{'inf' if hi is None else hi}], got {k}")
    return k


def positive_int(name: str, v) -> int:
    """An integer >= 1."""
    return integer(name, v, lo=1)


def vector(name: str, v, d: int | None = None, *, allow_empty: bool = False) -> np.ndarray:
    """A finite 1-D float array (of length ``d`` when given)."""
    _label(name); _flag("allow_empty", allow_empty)
    if d is not None:
        d = integer("d", d, lo=0)
    if v is None or isinstance(v, (str, bytes, bool)):
        raise TypeError(f"{name} must be a 1-D array of reals, got {type(v).__name__}")
    try:
        a = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a 1-D array of reals, got {type(v).__name__}") from None
    if a.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {a.shape}")
    if d is not None and a.shape[0] != d:
        raise ValueError(f"{name} must have length {d} (the given d), got {a.shape[0]}")
    if not allow_empty and a.size == 0:
        raise ValueError(f"{name} must not be empty")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} must be finite (no NaN/inf)")
    return a


def matrix(name: str, v, shape: tuple[int | None, int | None] = (None, None)) -> np.ndarray:
    """A finite 2-D float array (rows/columns fixed where ``shape`` gives them)."""
    _label(name)
    if not (isinstance(shape, tuple) and len(shape) == 2):
        raise TypeError(f"shape must be a pair (rows | None, columns | None), got {shape!r}")
    shape = tuple(None if k is None else integer("shape", k, lo=0) for k in shape)
    if v is None or isinstance(v, (str, bytes, bool)):
        raise TypeError(f"{name} must be a 2-D array of reals, got {type(v).__name__}")
    try:
        a = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a 2-D array of reals, got {type(v).__name__}") from None
    if a.ndim != 2:
        raise ValueError(f"{name} must be 2-D, got shape {a.shape}")
    for k, want in enumerate(shape):
        if want is not None and a.shape[k] != want:
            raise ValueError(f"{name} must have shape {shape}, got {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} must be finite (no NaN/inf)")
    return a


def generator(name: str, rng, *, allow_none: bool = False, draws_name: str | None = None):
    """A ``numpy.random.Generator`` (or ``None`` when pre-drawn draws replace it: ``allow_none``; ``draws_name``
    names the pre-drawn argument in the message when it is missing)."""
    _label(name); _flag("allow_none", allow_none)
    if rng is None and allow_none:
        return None
    if rng is None and draws_name is not None:
        raise ValueError(f"{name} must be a numpy.random.Generator when {draws_name} (pre-drawn draws) is not given, "
                         f"got None")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"{name} must be a numpy.random.Generator, got {type(rng).__name__}")
    return rng


def choice(name: str, v, allowed) -> object:
    """One of ``allowed`` (strings or other hashables)."""
    _label(name)
    if isinstance(allowed, (str, bytes)) or not hasattr(allowed, "__contains__") \
            or (isinstance(allowed, np.ndarray) and allowed.ndim != 1):
        raise TypeError(f"allowed must be a collection of admissible values, got {type(allowed).__name__}")
    if len(allowed) == 0:
        raise ValueError("allowed must not be empty (no value would be admissible)")
    if isinstance(v, np.ndarray) or (isinstance(v, (bool, np.bool_)) and not any(a is v for a in allowed)):
        ok = False                          # an array is never one value; True is not 1
    else:
        try:
            ok = v in allowed
        except (TypeError, ValueError):     # an unhashable v against a set
            ok = False
    if not ok:
        raise ValueError(f"{name} must be one of {sorted(map(str, allowed))}, got {v!r}")
    return v


def array(name: str, v, *, ndim: int | None = None, shape: tuple | None = None, allow_empty: bool = False,
          allow_inf: bool = False) -> np.ndarray:
    """A finite real array of any shape (a real scalar is a 0-d array), for vectorised parameters.

    Refuses ``None``, strings, bools and boolean arrays (TypeError), a wrong ``ndim`` or ``shape`` (``None`` entries
    of ``shape`` are free), an empty array unless
    ``allow_empty``, NaN always and ``inf`` unless ``allow_inf`` (ValueError naming the parameter).  The caller may
    keep its own value (the check does not change its type).
    """
    _label(name); _flag("allow_empty", allow_empty); _flag("allow_inf", allow_inf)
    if v is None or isinstance(v, (str, bytes, bool, np.bool_)):
        raise TypeError(f"{name} must be a real number or array of reals, got {type(v).__name__} {v!r}")
    try:
        a = np.asarray(v)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a real number or array of reals, got {type(v).__name__}") from None
    if a.dtype.kind == "b" or a.dtype.kind not in "fiu":
        try:
            if a.dtype.kind == "b":
                raise TypeError
            a = a.astype(float)
        except (TypeError, ValueError):
            raise TypeError(f"{name} must be a real number or array of reals, got dtype {a.dtype}") from None
    a = a.astype(float, copy=False)
    if ndim is not None and a.ndim != ndim:
        raise ValueError(f"{name} must have {ndim} dimension(s), got shape {a.shape}")
    if shape is not None:
        shape = tuple(shape)
        if a.ndim != len(shape) or any(w is not None and w != g for w, g in zip(shape, a.shape)):
            raise ValueError(f"{name} must have shape {tuple('any' if w is None else w for w in shape)}, "
                             f"got {a.shape}")
    if not allow_empty and a.size == 0:
        raise ValueError(f"{name} must not be empty")
    if np.any(np.isnan(a)) or (not allow_inf and not np.all(np.isfinite(a))):
        raise ValueError(f"{name} must be finite (no NaN{'' if allow_inf else '/inf'}), got {v!r}"[:300])
    return a


def callable_(name: str, v):
    """A callable (a function, method or object with ``__call__``)."""
    _label(name)
    if not callable(v):
        raise TypeError(f"{name} must be callable, got {type(v).__name__} {v!r}"[:300])
    return v


def rational(name: str, v) -> Fraction:
    """An exact rational: an int, a Fraction, a finite float (its exact value) or a decimal string such as "1/3"."""
    _label(name)
    if v is None or isinstance(v, (bool, np.bool_, np.ndarray, bytes)):
        raise TypeError(f"{name} must be a rational (int, Fraction, finite float or decimal string), "
                        f"got {type(v).__name__} {v!r}"[:300])
    if isinstance(v, (float, np.floating)) and not math.isfinite(float(v)):
        raise ValueError(f"{name} must be a finite rational, got {v!r}")
    try:
        return Fraction(v) if not isinstance(v, np.integer) else Fraction(int(v))
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a rational (int, Fraction, finite float or decimal string), got {v!r}"
                         [:300]) from None


def rationals(name: str, seq, *, allow_empty: bool = False) -> list:
    """A finite sequence of exact rationals (each as :func:`rational`); not a string, not a scalar."""
    _label(name); _flag("allow_empty", allow_empty)
    if seq is None or isinstance(seq, (str, bytes, bool, np.bool_, numbers.Number)) or not hasattr(seq, "__iter__"):
        raise TypeError(f"{name} must be a sequence of rationals, got {type(seq).__name__} {seq!r}"[:300])
    if isinstance(seq, np.ndarray) and seq.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got shape {seq.shape}")
    out = [rational(f"{name}[{i}]", v) for i, v in enumerate(seq)]
    if not out and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    return out


def has_methods(name: str, v, methods) -> object:
    """An object offering every method in ``methods`` (e.g. an oracle: ``("grad_batch",)``); TypeError otherwise."""
    _label(name)
    methods = _method_names(methods)
    missing = [m for m in methods if not callable(getattr(v, m, None))]
    if missing:
        raise TypeError(f"{name} must provide {', '.join(methods)} (e.g. a reference.core.oracles oracle), "
                        f"got {type(v).__name__} {v!r}"[:300])
    return v


def distribution(name: str, v, methods=("ppf", "cdf")):
    """A distribution object offering ``methods`` (by default a scipy.stats frozen law: ``.ppf`` and ``.cdf``)."""
    _label(name)
    methods = _method_names(methods)
    missing = [m for m in methods if not callable(getattr(v, m, None))]
    if missing:
        raise TypeError(f"{name} must be a distribution with methods {', '.join(methods)} (e.g. a frozen "
                        f"scipy.stats law), got {type(v).__name__} {v!r}"[:300])
    return v


def sequence(name: str, v, *, allow_empty: bool = False) -> list:
    """A finite sequence (list, tuple, 1-D array, iterable) given as a list; not a string, a number or ``None``."""
    _label(name); _flag("allow_empty", allow_empty)
    if v is None or isinstance(v, (str, bytes, bool, np.bool_, numbers.Number)) or not hasattr(v, "__iter__"):
        raise TypeError(f"{name} must be a sequence, got {type(v).__name__} {v!r}"[:300])
    if isinstance(v, np.ndarray) and v.ndim == 0:
        raise TypeError(f"{name} must be a sequence, got a 0-d array")
    out = list(v)
    if not out and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    return out


def finite_result(what: str, result, **params):
    """``result`` if it is finite as a float; else a ValueError saying that ``what`` (a result, not an input) leaves
    the float range at the given parameter values (named in the message) — never a silent inf / NaN."""
    text("what", what)
    if result is None or isinstance(result, (bool, np.bool_, str, bytes)):
        raise TypeError(f"result must be a number or an array of numbers (the computed {what}), got "
                        f"{type(result).__name__} {result!r}"[:300])
    try:
        ok = bool(np.all(np.isfinite(np.asarray(result, dtype=float))))
    except (TypeError, ValueError, OverflowError):
        ok = False
    if not ok:
        args = ", ".join(f"{k}={v!r}"[:80] for k, v in params.items())
        raise ValueError(f"the result {what} is not finite in float arithmetic (beyond the float range) at "
                         f"{args or 'the given inputs'}" + (f"; reduce {' / '.join(params)}" if params else "")
                         [:400])
    return result


def text(name: str, v, *, allow_empty: bool = False) -> str:
    """A string (a name, a label); not bytes, not a number."""
    _label(name); _flag("allow_empty", allow_empty)
    if not isinstance(v, str):
        raise TypeError(f"{name} must be a str, got {type(v).__name__} {v!r}"[:300])
    if not v and not allow_empty:
        raise ValueError(f"{name} must be a non-empty str")
    return v


def _method_names(methods) -> tuple:
    if isinstance(methods, (str, bytes)) or not isinstance(methods, (tuple, list)) or not methods \
            or not all(isinstance(m, str) and m for m in methods):
        raise TypeError(f"methods must be a non-empty tuple of method names (str), got {type(methods).__name__} "
                        f"{methods!r}"[:300])
    return tuple(methods)


def trace_list(name: str, v):
    """``v=None`` or a list that a function appends its iterates to (a ``trace=[]`` argument)."""
    _label(name)
    if v is not None and not isinstance(v, list):
        raise TypeError(f"{name} must be a list (appended to) or None, got {type(v).__name__} {v!r}"[:300])
    return v
