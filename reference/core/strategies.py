"""Hypothesis strategies shared by the test suites: privacy parameters, dimensions, points in balls, datasets and
neighbouring datasets (replace-one, add/remove-one, zero-out, user-level).

Every strategy covers the extremes of its admissible range on purpose (tiny delta like 1e-12, large epsilon,
Renyi orders close to 1, points on the sphere and at the centre, a single-record dataset), because the
project's rule is to search the whole admissible range.

Spec: core.test.strategies
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from reference.core import validation as _V

__all__ = [
    "log_uniform", "epsilons", "deltas", "rhos", "sigmas", "renyi_orders", "dp_params", "dimensions",
    "points_in_ball", "datasets", "NeighbouringPair", "neighbouring_datasets", "NEIGHBOUR_KINDS",
]

NEIGHBOUR_KINDS = ("replace", "add_remove", "zero_out", "user_level")


def _finite_pos(x: float, name: str) -> float:
    return _V.positive(name, x)                     # finite, > 0, not a bool


def log_uniform(min_value: float, max_value: float, *, extremes: bool = True) -> st.SearchStrategy[float]:
    """Floats in [min_value, max_value] spread uniformly in log scale; the two ends are drawn explicitly too.

    Preconditions: 0 < min_value <= max_value < inf.  Postcondition: every value lies in the closed range.
    Steps: exp(uniform(log min_value, log max_value)), plus the two ends.
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    extremes = _V.flag("extremes", extremes)
    lo = _finite_pos(min_value, "min_value")
    hi = _finite_pos(max_value, "max_value")
    if lo > hi:
        raise ValueError(f"min_value must be <= max_value, got {lo!r} > {hi!r}")
    a, b = np.log10(lo), np.log10(hi)
    body = st.floats(min_value=a, max_value=b, allow_nan=False).map(lambda e: float(min(max(10.0 ** e, lo), hi)))
    return st.one_of(st.sampled_from([lo, hi]), body) if extremes else body


def epsilons(min_value: float = 1e-3, max_value: float = 100.0) -> st.SearchStrategy[float]:
    """Privacy parameter epsilon > 0, log-uniform over [min_value, max_value] (default 1e-3 .. 100: large eps).
    Preconditions (validated): 0 < min_value <= max_value < inf.
    Steps: log_uniform over [min_value, max_value].
    Postcondition: epsilon in [min_value, max_value], ends reachable.
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    min_value = _V.real("min_value", min_value, allow_inf=True)
    max_value = _V.real("max_value", max_value, allow_inf=True)
    return log_uniform(min_value, max_value)


def deltas(min_value: float = 1e-12, max_value: float = 0.5) -> st.SearchStrategy[float]:
    """delta in (0, 1), log-uniform over [min_value, max_value] (default includes tiny 1e-12).
    Preconditions (validated): 0 < min_value <= max_value < 1.
    Steps: log_uniform over [min_value, max_value].
    Postcondition: delta in [min_value, max_value], ends reachable.
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    min_value = _V.real("min_value", min_value, allow_inf=True)
    max_value = _V.real("max_value", max_value, allow_inf=True)
    if not (0 < min_value <= max_value < 1):
        raise ValueError(f"deltas need 0 < min_value <= max_value < 1, got {min_value!r}, {max_value!r}")
    return log_uniform(min_value, max_value)


def rhos(min_value: float = 1e-4, max_value: float = 100.0) -> st.SearchStrategy[float]:
    """zCDP parameter rho > 0, log-uniform.
    Preconditions (validated): 0 < min_value <= max_value < inf.
    Steps: log_uniform.
    Postcondition: rho in [min_value, max_value].
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    min_value = _V.real("min_value", min_value, allow_inf=True)
    max_value = _V.real("max_value", max_value, allow_inf=True)
    return log_uniform(min_value, max_value)


def sigmas(min_value: float = 1e-2, max_value: float = 1e3) -> st.SearchStrategy[float]:
    """Noise scale sigma > 0, log-uniform.
    Preconditions (validated): 0 < min_value <= max_value < inf.
    Steps: log_uniform.
    Postcondition: sigma in [min_value, max_value].
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    min_value = _V.real("min_value", min_value, allow_inf=True)
    max_value = _V.real("max_value", max_value, allow_inf=True)
    return log_uniform(min_value, max_value)


def renyi_orders(max_value: float = 1e3) -> st.SearchStrategy[float]:
    """Renyi order alpha > 1: values just above 1 (1 + 1e-6 .. 2), integers 2 .. 64, and log-uniform up to
    ``max_value``.
    Preconditions (validated): max_value > 2.
    Steps: one of the three families described above.
    Postcondition: alpha > 1, alpha <= max_value.
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    max_value = _V.real("max_value", max_value, allow_inf=True)
    if not (max_value > 2):
        raise ValueError(f"max_value must be > 2, got {max_value!r}")
    near_one = log_uniform(1e-6, 1.0).map(lambda e: 1.0 + e)
    return st.one_of(near_one, st.integers(2, 64).map(float), log_uniform(2.0, max_value))


def dp_params(min_epsilon: float = 1e-3, max_epsilon: float = 100.0, min_delta: float = 1e-12,
              max_delta: float = 0.5) -> st.SearchStrategy[tuple[float, float]]:
    """Pairs (epsilon, delta) with epsilon > 0 and delta in (0, 1).
    Preconditions: as epsilons and deltas.
    Steps: a pair (epsilons(), deltas()).
    Postcondition: epsilon > 0, delta in (0, 1).
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    min_epsilon, max_epsilon = _finite_pos(min_epsilon, "min_epsilon"), _finite_pos(max_epsilon, "max_epsilon")
    min_delta = _V.in_range("min_delta", min_delta, 0.0, 1.0, lo_open=True, hi_open=True)
    max_delta = _V.in_range("max_delta", max_delta, 0.0, 1.0, lo_open=True, hi_open=True)
    if min_epsilon > max_epsilon or min_delta > max_delta:
        raise ValueError(f"need min_epsilon <= max_epsilon and min_delta <= max_delta, got min_epsilon="
                         f"{min_epsilon!r}, max_epsilon={max_epsilon!r}, min_delta={min_delta!r}, max_delta={max_delta!r}")
    return st.tuples(epsilons(min_epsilon, max_epsilon), deltas(min_delta, max_delta))


def dimensions(min_value: int = 1, max_value: int = 64) -> st.SearchStrategy[int]:
    """Dimensions d >= 1 (1 and max_value drawn explicitly).
    Preconditions (validated): max_value an integer >= 1.
    Steps: integers in [1, max_value] with 1 and max_value drawn explicitly.
    Postcondition: d in [1, max_value].
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    min_value, max_value = _V.integer("min_value", min_value, lo=1), _V.integer("max_value", max_value, lo=1)
    if not (min_value <= max_value):
        raise ValueError(f"dimensions need 1 <= min_value <= max_value, got {min_value!r}, {max_value!r}")
    return st.one_of(st.sampled_from([min_value, max_value]), st.integers(min_value, max_value))


@st.composite
def points_in_ball(draw, d: int, radius: float = 1.0, center=None) -> np.ndarray:
    """A point of the closed Euclidean ball B(center, radius) in R^d: the centre, points on the sphere and
    interior points (radius fraction in [0, 1] with 0 and 1 drawn explicitly).

    Preconditions: d >= 1 integer; radius > 0; center None (origin) or shape (d,).
    Postcondition: ||x - center|| <= radius (up to one float rounding: the point is rescaled if it lands
    outside).
    Steps: the centre, a sphere point, or centre + f radius u with u uniform on the sphere and f in [0, 1].
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    d, radius = _V.integer("d", d, lo=1), _finite_pos(radius, "radius")
    c = np.zeros(d) if center is None else _V.vector("center", center, d)
    u = draw(hnp.arrays(np.float64, d, elements=st.floats(-1.0, 1.0, allow_nan=False, allow_subnormal=False)))
    frac = draw(st.one_of(st.sampled_from([0.0, 1.0]), st.floats(0.0, 1.0)))
    nu = float(np.linalg.norm(u))
    if nu < 1e-150:
        u = np.zeros(d)
        u[0] = 1.0
        nu = 1.0
    x = radius * ((frac / nu) * u)                     # the unit-norm factor first: no overflow for radius = 1e308
    nx = float(np.linalg.norm(x / radius))             # ||x|| / radius
    if nx > 1.0:
        x = x * (1.0 / nx) * (1 - 1e-15)
    return c + x


@st.composite
def datasets(draw, n: int | None = None, d: int | None = None, *, max_n: int = 20, max_d: int = 8,
             radius: float = 1.0) -> np.ndarray:
    """A dataset: array (n, d) of records in the ball of radius ``radius`` (n >= 1; n, d drawn if None).
    Preconditions (validated): radius > 0; n, d None or integers >= 1.
    Steps: draw n, d if None, then n points_in_ball rows.
    Postcondition: shape (n, d), every row in the closed ball.
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    max_n, max_d = _V.integer("max_n", max_n, lo=1), _V.integer("max_d", max_d, lo=1)
    radius = _finite_pos(radius, "radius")
    n = draw(st.integers(1, max_n)) if n is None else _V.integer("n", n, lo=1)
    d = draw(st.integers(1, max_d)) if d is None else _V.integer("d", d, lo=1)
    return _rows_in_ball(draw, n, d, radius)


def _rows_in_ball(draw, n: int, d: int, radius: float) -> np.ndarray:
    """n points of the closed ball B(0, radius) in R^d, drawn in one array (fast): directions from a cube,
    radius fractions with 0 and 1 drawn explicitly."""
    u = draw(hnp.arrays(np.float64, (n, d), elements=st.floats(-1.0, 1.0, allow_nan=False, allow_subnormal=False)))
    frac = draw(hnp.arrays(np.float64, n, elements=st.one_of(st.sampled_from([0.0, 1.0]), st.floats(0.0, 1.0))))
    nu = np.linalg.norm(u, axis=1)
    small = nu < 1e-150
    u[small] = 0.0
    u[small, 0] = 1.0
    nu[small] = 1.0
    x = radius * ((frac / nu)[:, None] * u)          # the unit-norm factor first: no overflow for radius = 1e308
    nx = np.linalg.norm(x / radius, axis=1)            # ||x|| / radius
    over = nx > 1.0
    x[over] *= ((1.0 / nx[over]) * (1 - 1e-15))[:, None]
    return x


@dataclass(frozen=True)
class NeighbouringPair:
    """Two neighbouring datasets.

    ``kind``: "replace" (same size, row ``index`` replaced), "add_remove" (D_prime = D with row ``index``
    removed, or D with a row inserted at ``index`` when ``added``), "zero_out" (row ``index`` of D_prime set to 0,
    the null record), "user_level" (arrays of shape (n_users, m, d); all m records of user ``index`` replaced).
    Preconditions: built by neighbouring_datasets.
    Steps: a record of (D, D_prime, kind, index, added).
    Postcondition: D and D_prime are neighbours under ``kind``.
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """

    D: np.ndarray
    D_prime: np.ndarray
    kind: str
    index: int
    added: bool = False

    def __post_init__(self):
        _V.choice("kind", self.kind, NEIGHBOUR_KINDS)
        nd = 3 if self.kind == "user_level" else 2             # (n, d) records, or (n_users, m, d)
        D = _V.array("D", self.D, ndim=nd)
        Dp = _V.array("D_prime", self.D_prime, ndim=nd, allow_empty=self.kind == "add_remove")
        _V.flag("added", self.added)
        rows = D.shape[0] + (1 if self.added else -1) if self.kind == "add_remove" else D.shape[0]
        if Dp.shape[1:] != D.shape[1:] or Dp.shape[0] != rows:
            raise ValueError(f"D_prime must have shape {(rows,) + D.shape[1:]} (a {self.kind} neighbour of D, "
                             f"shape {D.shape}), got {Dp.shape}")
        _V.integer("index", self.index, lo=0, hi=max(D.shape[0], Dp.shape[0]) - 1)

    def differing_rows(self) -> int:
        if self.kind == "add_remove":
            return 1
        diff = np.any((self.D != self.D_prime).reshape(self.D.shape[0], -1), axis=1)
        return int(diff.sum())


@st.composite
def neighbouring_datasets(draw, kind: str | None = None, *, n: int | None = None, d: int | None = None,
                          m: int | None = None, max_n: int = 12, max_d: int = 6, max_m: int = 5,
                          radius: float = 1.0) -> NeighbouringPair:
    """Neighbouring datasets (D, D') under one of the relations in ``NEIGHBOUR_KINDS`` (drawn if None).

    Records lie in the ball of radius ``radius`` in R^d.  For "user_level" each of n users holds m records and
    the neighbour replaces all m records of one user.  For "add_remove" D has n >= 1 rows and D' has n - 1 or
    n + 1 rows (so an empty D' is included).  The changed record may equal the old one (a legal neighbour).
    Preconditions (validated): kind in NEIGHBOUR_KINDS or None; radius > 0.
    Steps: draw D (datasets), an index and the neighbour under ``kind``.
    Postcondition: a NeighbouringPair whose D, D' differ exactly as ``kind`` says (tested).
    Randomness: hypothesis's data source only (derandomized profile 'dpsco'); the listed extremes are drawn explicitly.
    Spec: core.test.strategies
    """
    kind = _V.optional(_V.choice, "kind", kind, NEIGHBOUR_KINDS)
    max_n, max_d, max_m = (_V.integer("max_n", max_n, lo=1), _V.integer("max_d", max_d, lo=1),
                           _V.integer("max_m", max_m, lo=1))
    radius = _finite_pos(radius, "radius")
    n, d, m = _V.optional(_V.positive_int, "n", n), _V.optional(_V.positive_int, "d", d), \
        _V.optional(_V.positive_int, "m", m)
    kind = draw(st.sampled_from(NEIGHBOUR_KINDS)) if kind is None else kind
    n = draw(st.integers(1, max_n)) if n is None else n
    d = draw(st.integers(1, max_d)) if d is None else d
    if kind == "user_level":
        m = draw(st.integers(1, max_m)) if m is None else m
        D = _rows_in_ball(draw, n * m, d, radius).reshape(n, m, d)
        i = draw(st.integers(0, n - 1))
        Dp = D.copy()
        Dp[i] = _rows_in_ball(draw, m, d, radius)
        return NeighbouringPair(D, Dp, kind, i)
    D = draw(datasets(n, d, radius=radius))
    if kind == "replace":
        i = draw(st.integers(0, n - 1))
        Dp = D.copy()
        Dp[i] = draw(points_in_ball(d, radius))
        return NeighbouringPair(D, Dp, kind, i)
    if kind == "zero_out":
        i = draw(st.integers(0, n - 1))
        Dp = D.copy()
        Dp[i] = 0.0
        return NeighbouringPair(D, Dp, kind, i)
    # add_remove
    added = draw(st.booleans())
    if added:
        i = draw(st.integers(0, n))
        Dp = np.insert(D, i, draw(points_in_ball(d, radius)), axis=0)
    else:
        i = draw(st.integers(0, n - 1))
        Dp = np.delete(D, i, axis=0)
    return NeighbouringPair(D, Dp, kind, i, added)
