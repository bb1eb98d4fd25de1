"""Counting oracles: every query is counted, and so is the parallel depth (number of sequential rounds).

Model (000 L353, "query depth"): an algorithm interacts with an oracle in *rounds*; in one round it submits a batch
of points chosen before seeing any answer of that round.  A single call ``oracle(x)`` is one query and one round;
``oracle.batch(xs)`` is ``len(xs)`` queries and ONE round; every query made inside ``with oracle.parallel_round():``
(including nested batches and other oracles sharing the same :class:`QueryCounter`) is one round in total.

Oracles that must share a depth (a value and a gradient oracle of the same function, or a sample-access oracle
and a stochastic-gradient view of it) are built with the same ``counter=``.

``vectorized=True``: the wrapped function also accepts a batch (m, d) and answers all rows at once (rows
independent; for stochastic oracles, one fresh draw per row); counting is unchanged.

Classes: :class:`QueryCounter`, :class:`ValueOracle`, :class:`GradientOracle` (deterministic (sub)gradient),
:class:`StochasticGradientOracle`, :class:`SampleAccessOracle` (ERM: per-sample losses over a data set, counted per
sample and with a with-replacement sampler).  Helper: :func:`draw_indices_with_replacement`.

Spec: core.orc.*
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

import numbers

import numpy as np

from .geometry import as_vector
from reference.core import validation as _V

__all__ = [
    "QueryCounter",
    "ValueOracle",
    "GradientOracle",
    "StochasticGradientOracle",
    "SampleAccessOracle",
    "draw_indices_with_replacement",
]


class QueryCounter:
    """Counts queries (``calls``), parallel rounds (``rounds`` = depth) and queries per kind (``by_kind``).

    Preconditions: none (a fresh counter starts at 0).
    Steps: ``record(m, kind)`` adds m queries and one round (a round with zero queries is not counted); inside
    ``parallel_round()`` (nested blocks merge) every query joins the one round of the block.
    Postcondition (invariant): ``rounds <= calls``; calls = total queries; by_kind sums to calls.
    Randomness: none.
    Spec: core.orc.counter
    """

    def __init__(self) -> None:
        self.calls = 0
        self.rounds = 0
        self.by_kind: dict[str, int] = {}
        self._depth = 0               # nesting level of parallel_round contexts
        self._round_has_query = False

    def record(self, n: int, kind: str = "query") -> None:
        """Record ``n >= 1`` queries submitted together (one round unless inside an open parallel round)."""
        n = int(n)
        if n < 0:
            raise ValueError(f"n must be >= 0, got {n}")
        if n == 0:
            return
        self.calls += n
        self.by_kind[kind] = self.by_kind.get(kind, 0) + n
        if self._depth > 0:
            if not self._round_has_query:
                self._round_has_query = True
                self.rounds += 1
        else:
            self.rounds += 1

    @contextlib.contextmanager
    def parallel_round(self):
        """All queries inside the ``with`` block form one round (nested blocks merge into the outermost)."""
        self._depth += 1
        if self._depth == 1:
            self._round_has_query = False
        try:
            yield self
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._round_has_query = False

    def reset(self) -> None:
        if self._depth:
            raise RuntimeError("cannot reset a counter inside an open parallel_round")
        self.calls = 0
        self.rounds = 0
        self.by_kind = {}

    def snapshot(self) -> dict[str, Any]:
        return {"calls": self.calls, "rounds": self.rounds, "by_kind": dict(self.by_kind)}

    def __repr__(self) -> str:
        return f"QueryCounter(calls={self.calls}, rounds={self.rounds}, by_kind={self.by_kind})"


class _CountingOracle:
    kind = "query"

    def __init__(self, dim: int | None = None, counter: QueryCounter | None = None, vectorized: bool = False) -> None:
        if dim is not None:
            _V.positive_int("dim", dim)
        if dim is not None and (int(dim) != dim or dim < 1):
            raise ValueError(f"dim must be a positive integer, got {dim!r}")
        self.dim = None if dim is None else int(dim)
        self.counter = counter if counter is not None else QueryCounter()
        self.vectorized = bool(vectorized)

    # counters (delegated, so that oracles sharing a counter share the depth)
    @property
    def calls(self) -> int:
        return self.counter.calls

    @property
    def rounds(self) -> int:
        return self.counter.rounds

    def parallel_round(self):
        """Context manager: every query inside (on any oracle sharing this counter) is one round."""
        return self.counter.parallel_round()

    def _point(self, x) -> np.ndarray:
        return as_vector("x", x, self.dim)

    def _points(self, xs) -> np.ndarray:
        a = np.asarray(xs, dtype=float)
        if a.ndim != 2:
            raise ValueError(f"xs must be a 2-D array (batch of points, shape (m, d)), got shape {a.shape}")
        return as_vector("xs", a, self.dim, allow_batch=True)

    def _eval(self, x: np.ndarray):  # pragma: no cover - abstract
        raise NotImplementedError

    def __call__(self, x):
        """One query at x: counts 1 query and (outside a parallel round) 1 round."""
        x = self._point(x)
        self.counter.record(1, self.kind)
        return self._eval(x)

    def batch(self, xs):
        """Queries at the rows of ``xs`` (shape (m, d)), answered together: m queries, 1 round."""
        xs = self._points(xs)
        self.counter.record(xs.shape[0], self.kind)
        if xs.shape[0] == 0:  # empty batch: no query, no round; empty answer of the right shape
            return np.zeros((0,) if self.kind == "value" else xs.shape)
        if self.vectorized:
            return self._eval_batch(xs)
        return np.asarray([self._eval(x) for x in xs])

    def _eval_batch(self, xs: np.ndarray):  # pragma: no cover - abstract
        raise NotImplementedError


class ValueOracle(_CountingOracle):
    """Function-value oracle ``x -> f(x)`` (float), counted.

    Preconditions (validated): f callable; x finite of the oracle's dimension; a NaN value raises.
    Steps: one query (kind "value") per point; ``batch(xs)`` answers m points in one round.
    Postcondition: the counter records exactly the queries made.
    Randomness: none.
    Spec: core.orc.value
    """

    kind = "value"

    def __init__(self, f: Callable[[np.ndarray], float], dim: int | None = None,
                 counter: QueryCounter | None = None, vectorized: bool = False) -> None:
        if not callable(f):
            raise ValueError("f must be callable")
        super().__init__(dim, counter, vectorized)
        self.f = f

    def _eval(self, x):
        v = float(self.f(x))
        if np.isnan(v):
            raise ValueError("f returned NaN at the query point x")
        return v

    def _eval_batch(self, xs):
        v = np.asarray(self.f(xs), dtype=float)
        if v.shape != (xs.shape[0],):
            raise ValueError(f"vectorized f returned shape {v.shape}, expected ({xs.shape[0]},)")
        if np.any(np.isnan(v)):
            raise ValueError("f returned NaN at a query point of the batch xs")
        return v


class GradientOracle(_CountingOracle):
    """Deterministic (sub)gradient oracle ``x -> g(x) ∈ ∂f(x)`` (array of shape (d,)), counted.

    Preconditions (validated): g callable returning a finite (d,) array.
    Steps: one query (kind "gradient") per point; batches and parallel rounds as for :class:`QueryCounter`.
    Postcondition: the counter records exactly the queries made.
    Randomness: none.
    Spec: core.orc.gradient
    """

    kind = "gradient"

    def __init__(self, grad: Callable[[np.ndarray], np.ndarray], dim: int | None = None,
                 counter: QueryCounter | None = None, vectorized: bool = False) -> None:
        if not callable(grad):
            raise ValueError("grad must be callable")
        super().__init__(dim, counter, vectorized)
        self.grad = grad

    def _eval(self, x):
        g = np.asarray(self.grad(x), dtype=float)
        if g.shape != x.shape:
            raise ValueError(f"grad returned shape {g.shape}, expected {x.shape}")
        return g

    _eval_batch = _eval


class StochasticGradientOracle(_CountingOracle):
    """Stochastic gradient oracle: ``x -> G`` with ``E G ∈ ∂f(x)`` (000 Problem 1, L347–351), counted.

    Preconditions (validated): ``sample_grad(x, rng)`` callable using only the generator passed to it; rng a numpy Generator.
    Steps: one query (kind "stochastic_gradient") per point; each query (single or in a batch) draws fresh,
    independent randomness from ``rng``.
    Postcondition: E G ∈ ∂f(x) (the caller's sample_grad contract); the counter records exactly the queries made.
    Randomness: from the oracle's ``rng`` only (no pre-drawn form here: the draws are whatever sample_grad consumes;
    pre-drawn replays are done by the algorithms that call it, e.g. 000 Alg 5's alg5_draws).
    Spec: core.orc.stochastic
    """

    kind = "stochastic_gradient"

    def __init__(self, sample_grad: Callable[[np.ndarray, np.random.Generator], np.ndarray],
                 rng: np.random.Generator, dim: int | None = None, counter: QueryCounter | None = None,
                 vectorized: bool = False) -> None:
        if not callable(sample_grad):
            raise ValueError("sample_grad must be callable")
        if not isinstance(rng, np.random.Generator):
            raise ValueError("rng must be a numpy.random.Generator")
        super().__init__(dim, counter, vectorized)
        self.sample_grad = sample_grad
        self.rng = rng

    def _eval(self, x):
        g = np.asarray(self.sample_grad(x, self.rng), dtype=float)
        if g.shape != x.shape:
            raise ValueError(f"sample_grad returned shape {g.shape}, expected {x.shape}")
        return g

    _eval_batch = _eval


def draw_indices_with_replacement(n: int, m: int, rng: np.random.Generator) -> np.ndarray:
    """m i.i.d. uniform indices in {0, ..., n-1} (sampling WITH replacement; 000 L171, L480).

    Preconditions: n >= 1, m >= 0 integers; rng a numpy Generator.
    Steps: ``rng.integers(0, n, m)``.
    Postcondition: array of shape (m,), dtype int64, each entry uniform on [n], independent.
    Randomness: ``rng`` only.  The pre-drawn form is :func:`reference.core.samplers.sample_with_replacement` (uniforms
    ``noise``, i = floor(u n)); this function keeps numpy's integer stream so that existing seeded runs are unchanged.
    Spec: core.orc.with_replacement
    """
    rng = _V.generator("rng", rng)
    n = _V.integer("n", n, lo=1)
    m = _V.integer("m", m)
    if int(n) != n or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    if int(m) != m or m < 0:
        raise ValueError(f"m must be a non-negative integer, got {m!r}")
    if not isinstance(rng, np.random.Generator):
        raise ValueError("rng must be a numpy.random.Generator")
    return rng.integers(0, int(n), size=int(m), dtype=np.int64)


class SampleAccessOracle:
    """Sample access to an ERM objective ``f^erm(x) = (1/n) Σ_i f(x; s_i)`` (000 Problem 2, L474–480).

    Preconditions (validated): ``per_sample_grad(x, s) -> (d,)`` callable (and optionally ``per_sample_loss``); ``data``
    a non-empty sequence of samples or an array whose rows are samples.
    Steps: every per-sample gradient evaluation is one query (kind ``"sample_gradient"``), every per-sample
    loss one query (kind ``"sample_value"``); ``per_sample_calls[i]`` counts how often sample i was touched (any kind).

    * ``grad(x, i)``                     one query, one round;
    * ``grad_batch(xs, idx)``            len(idx) queries (point ``xs[j]`` with sample ``idx[j]``), one round;
    * ``stochastic_gradient(x)``         draws i ~ unif[n] with replacement from ``rng``, one query;
    * ``full_gradient(x)``, ``erm_value(x)``  n queries, one round;
    * ``as_stochastic_oracle()``         a :class:`StochasticGradientOracle`-compatible view sharing the counter
                                         (000 L480: ERM as a case of Problem 1 with ``g(x) = ∂f^i(x)``, i ~ unif[n]).

    Postcondition: full_gradient = ∇f^erm(x) exactly (mean of the per-sample gradients); E stochastic_gradient = ∇f^erm(x).
    Randomness: the with-replacement indices from ``rng`` (:func:`draw_indices_with_replacement`).
    Spec: core.orc.sample_access
    """

    def __init__(self, per_sample_grad: Callable[[np.ndarray, Any], np.ndarray], data: Sequence[Any] | np.ndarray,
                 rng: np.random.Generator | None = None, per_sample_loss: Callable[[np.ndarray, Any], float] | None = None,
                 dim: int | None = None, counter: QueryCounter | None = None) -> None:
        _V.callable_("per_sample_grad", per_sample_grad)
        _V.optional(_V.callable_, "per_sample_loss", per_sample_loss)
        rng = _V.generator("rng", rng, allow_none=True)
        if data is None or isinstance(data, (str, bytes, bool, np.bool_, numbers.Number)) \
                or not hasattr(data, "__len__") or (isinstance(data, np.ndarray) and data.ndim == 0):
            raise TypeError(f"data must be a sequence of samples or an array whose rows are samples, got "
                            f"{type(data).__name__} {data!r}"[:300])
        n = len(data)
        if n < 1:
            raise ValueError("data must contain at least one sample (n >= 1)")
        dim = _V.optional(_V.positive_int, "dim", dim)
        self.per_sample_grad = per_sample_grad
        self.per_sample_loss = per_sample_loss
        self.data = data
        self.n = n
        self.dim = None if dim is None else int(dim)
        self.rng = rng
        self.counter = counter if counter is not None else QueryCounter()
        self.per_sample_calls = np.zeros(n, dtype=np.int64)

    @property
    def calls(self) -> int:
        return self.counter.calls

    @property
    def rounds(self) -> int:
        return self.counter.rounds

    def parallel_round(self):
        return self.counter.parallel_round()

    def _index(self, i) -> int:
        if isinstance(i, (bool, np.bool_)) or int(i) != i or not 0 <= int(i) < self.n:
            raise ValueError(f"i must be an integer sample index in [0, {self.n - 1}], got {i!r}")
        return int(i)

    def _g(self, x: np.ndarray, i: int) -> np.ndarray:
        g = np.asarray(self.per_sample_grad(x, self.data[i]), dtype=float)
        if g.shape != x.shape:
            raise ValueError(f"per_sample_grad returned shape {g.shape}, expected {x.shape}")
        self.per_sample_calls[i] += 1
        return g

    def grad(self, x, i) -> np.ndarray:
        """(Sub)gradient of f(·; s_i) at x: one query."""
        x = as_vector("x", x, self.dim)
        i = self._index(i)
        self.counter.record(1, "sample_gradient")
        return self._g(x, i)

    def value(self, x, i) -> float:
        """f(x; s_i): one query (needs ``per_sample_loss``)."""
        if self.per_sample_loss is None:
            raise ValueError("per_sample_loss was not given: this oracle has no value access")
        x = as_vector("x", x, self.dim)
        i = self._index(i)
        self.counter.record(1, "sample_value")
        self.per_sample_calls[i] += 1
        return float(self.per_sample_loss(x, self.data[i]))

    def grad_batch(self, xs, idx) -> np.ndarray:
        """Rows ``∇f(xs[j]; s_{idx[j]})``: len(idx) queries, one round.  ``xs`` may be one point (d,) for all."""
        idx = np.asarray(idx)
        if idx.ndim != 1:
            raise ValueError(f"idx must be a 1-D array of sample indices, got shape {idx.shape}")
        idx = [self._index(i) for i in idx]
        xs = np.asarray(xs, dtype=float)
        if xs.ndim == 1:
            x = as_vector("xs", xs, self.dim)
            xs = np.broadcast_to(x, (len(idx), x.shape[0]))
        else:
            xs = as_vector("xs", xs, self.dim, allow_batch=True)
            if xs.ndim != 2 or xs.shape[0] != len(idx):
                raise ValueError(f"xs must have shape (len(idx), d) = ({len(idx)}, d), got {xs.shape}")
        self.counter.record(len(idx), "sample_gradient")
        if not idx:
            return np.zeros((0, xs.shape[-1]))
        return np.stack([self._g(x, i) for x, i in zip(xs, idx)])

    def sample_indices(self, m: int) -> np.ndarray:
        """m indices drawn uniformly WITH replacement from ``rng`` (no query is counted)."""
        if self.rng is None:
            raise ValueError("rng was not given: cannot sample indices")
        return draw_indices_with_replacement(self.n, m, self.rng)

    def stochastic_gradient(self, x) -> np.ndarray:
        """∇f(x; s_i) with i ~ unif[n] (with replacement): unbiased for ∇f^erm(x).  One query."""
        i = int(self.sample_indices(1)[0])
        return self.grad(x, i)

    def stochastic_gradient_batch(self, xs) -> np.ndarray:
        """One fresh uniform index per row of ``xs`` (shape (m, d)): m queries, one round."""
        xs = np.asarray(xs, dtype=float)
        if xs.ndim != 2:
            raise ValueError(f"xs must be a 2-D array (m, d), got shape {xs.shape}")
        return self.grad_batch(xs, self.sample_indices(xs.shape[0]))

    def full_gradient(self, x) -> np.ndarray:
        """∇f^erm(x) = (1/n) Σ_i ∇f(x; s_i): n queries, one round."""
        x = as_vector("x", x, self.dim)
        return self.grad_batch(x, np.arange(self.n)).mean(axis=0)

    def erm_value(self, x) -> float:
        """f^erm(x) = (1/n) Σ_i f(x; s_i): n queries, one round (needs ``per_sample_loss``)."""
        if self.per_sample_loss is None:
            raise ValueError("per_sample_loss was not given: this oracle has no value access")
        x = as_vector("x", x, self.dim)
        self.counter.record(self.n, "sample_value")
        self.per_sample_calls += 1
        return float(np.mean([self.per_sample_loss(x, s) for s in self.data]))

    def as_stochastic_oracle(self) -> "StochasticGradientOracle":
        """A StochasticGradientOracle drawing i ~ unif[n] per query, sharing this oracle's counter."""
        if self.rng is None:
            raise ValueError("rng was not given: cannot build a stochastic oracle")
        parent = self

        def _sample(x, rng):
            i = int(draw_indices_with_replacement(parent.n, 1, rng)[0])
            return parent._g(x, i)

        return StochasticGradientOracle(_sample, self.rng, dim=self.dim, counter=self.counter)
