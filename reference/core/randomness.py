"""The one randomness convention: an ``rng`` *or* pre-drawn standard draws.

Every function that takes ``rng: numpy.random.Generator`` also takes keyword-only ``draws``:

* ``draws=None`` (default): randomness comes from ``rng``;
* ``draws`` given: ``rng`` may be ``None``; ``draws`` holds **standard** draws (unscaled: N(0, 1), Unif[0, 1),
  standard Laplace, Exp(1), ...), either one array (a function with one random stream) or a mapping
  name -> array (several streams), with the exact shapes the docstring's "Randomness" section states.
  The function scales them itself, so a port that receives the same standard draws must give the same output.

``Source`` hides the difference: ``src = Source(rng, draws)`` then ``src.normal("xi", (T, d))`` either draws from
``rng`` or returns the pre-drawn array after checking its name and shape (a ``ValueError`` names the stream, the
expected shape and the one given).  ``record=True`` keeps what was drawn (``src.drawn``), so a run with ``rng`` can
be replayed draw for draw.  Spec: core.randomness.
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from reference.core import validation as _V

__all__ = ["Source", "LAWS"]

#: the standard laws a stream may have, and how numpy draws them
LAWS = {
    "normal": lambda rng, shape: rng.standard_normal(shape),
    "uniform": lambda rng, shape: rng.random(shape),
    "laplace": lambda rng, shape: rng.laplace(0.0, 1.0, shape),
    "exponential": lambda rng, shape: rng.standard_exponential(shape),
    "gumbel": lambda rng, shape: rng.gumbel(0.0, 1.0, shape),
}


class Source:
    """Randomness for one call: from ``rng``, or from pre-drawn standard ``draws`` (validated by name and shape)."""

    def __init__(self, rng, draws=None, *, record: bool = False, single: str | None = None):
        """``rng`` a Generator (or ``None`` when ``draws`` is given); ``record`` a bool; ``single`` None or the
        stream name a single pre-drawn array stands for (``single=None``: several streams, draws by name)."""
        record = _V.flag("record", record)
        single = _V.optional(_V.text, "single", single)
        if draws is None:
            if not isinstance(rng, np.random.Generator):
                raise TypeError("rng must be a numpy.random.Generator when draws is not given, "
                                f"got {type(rng).__name__}")
        elif rng is not None and not isinstance(rng, np.random.Generator):   # unused, but never nonsense
            raise TypeError(f"rng must be a numpy.random.Generator or None (draws given), got {type(rng).__name__}")
        elif not isinstance(draws, (Mapping, np.ndarray, list, tuple)):
            raise TypeError(f"draws must be an array or a mapping name -> array, got {type(draws).__name__}")
        self.rng = rng
        self._single = single
        if draws is not None and not isinstance(draws, Mapping):
            if single is None:
                raise TypeError("draws must be a mapping name -> array for a function with several random streams")
            draws = {single: draws}
        self._draws = None if draws is None else dict(draws)
        self._used: set[str] = set()
        self.record = record
        self.drawn: dict[str, np.ndarray] = {}

    @property
    def predrawn(self) -> bool:
        return self._draws is not None

    def _take(self, name: str, law: str, shape) -> np.ndarray:
        if law not in LAWS:
            raise ValueError(f"law must be one of {sorted(LAWS)}, got {law!r}")
        shape = tuple(int(s) for s in np.atleast_1d(shape)) if shape != () else ()
        if self._draws is None:
            out = np.asarray(LAWS[law](self.rng, shape), dtype=float)
        else:
            if name not in self._draws:
                raise ValueError(f"draws: missing stream {name!r} ({law}, shape {shape}); given: {sorted(self._draws)}")
            if name in self._used:
                raise ValueError(f"draws: stream {name!r} requested twice; pass one array per stream")
            out = np.asarray(self._draws[name], dtype=float)
            if out.shape != shape:
                raise ValueError(f"draws[{name!r}] must have shape {shape} ({law}), got {out.shape}")
            if not np.all(np.isfinite(out)):
                raise ValueError(f"draws[{name!r}] must be finite")
            self._used.add(name)
        if self.record:
            self.drawn[name] = out
        return out

    def normal(self, name: str, shape) -> np.ndarray:
        """Standard normal draws N(0, 1)."""
        return self._take(name, "normal", shape)

    def uniform(self, name: str, shape) -> np.ndarray:
        """Standard uniform draws on [0, 1)."""
        return self._take(name, "uniform", shape)

    def laplace(self, name: str, shape) -> np.ndarray:
        """Standard Laplace draws (scale 1)."""
        return self._take(name, "laplace", shape)

    def exponential(self, name: str, shape) -> np.ndarray:
        """Standard exponential draws (rate 1)."""
        return self._take(name, "exponential", shape)

    def gumbel(self, name: str, shape) -> np.ndarray:
        """Standard Gumbel draws."""
        return self._take(name, "gumbel", shape)

    def unused(self) -> list[str]:
        """Pre-drawn streams that were given but never consumed (a caller error worth reporting)."""
        return [] if self._draws is None else sorted(set(self._draws) - self._used)
