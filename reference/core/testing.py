"""Statistical testers with rigorous error control: confidence intervals, mean/unbiasedness testers and a
privacy auditor (empirical lower bound on epsilon).

Every function states the exact inequality it relies on; every probability is a finite-sample bound
(no central-limit approximation).  Floating-point safety: Clopper-Pearson and Poisson limits computed with
``scipy.special`` inverse incomplete beta/gamma are moved outward by a relative ``1e-12`` (their relative
accuracy is ~1e-14), so the reported interval contains the exact one; ``proofs_checks/core/testing.py``
verifies the coverage of the floating-point intervals with exact rational arithmetic.

Spec: specs/core.testing.toml (ids ``core.test.*``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import numpy as np
from scipy import special
from reference.core import validation as _V

__all__ = [
    "clopper_pearson", "poisson_interval", "hoeffding_radius", "bernstein_radius",
    "empirical_bernstein_radius", "median_of_means_radius", "bonferroni",
    "MeanTestResult", "test_unbiased", "check_unbiased", "assert_unbiased", "test_moment", "assert_moment",
    "AuditEvent", "AuditResult", "audit_epsilon", "audit_bound_from_counts", "plan_threshold_audit",
    "optimal_threshold_audit",
]

#: outward relative widening of intervals computed by inverse incomplete beta / gamma functions
_OUTWARD = 1e-12

_SIDES = ("two-sided", "lower", "upper")


# ----------------------------------------------------------------------------------------------------------
# validation helpers
# ----------------------------------------------------------------------------------------------------------

def _check_alpha(alpha, name: str = "alpha") -> float:
    """A level in (0, 1) (reference.core.validation.in_range: a bool or string is a TypeError)."""
    return _V.in_range(name, alpha, 0.0, 1.0, lo_open=True, hi_open=True)


def _check_side(side: str) -> str:
    return _V.choice("side", side, _SIDES)


def _check_pos(x, name: str, allow_array: bool = False):
    """A finite value > 0: a scalar, or (``allow_array``) a scalar or 1-D per-coordinate array."""
    arr = _V.array(name, x)                          # refuses None / strings / bools / NaN / inf by name
    if arr.ndim > (1 if allow_array else 0):
        raise ValueError(f"{name} must be a scalar{' or a 1-D array' if allow_array else ''} > 0, got shape "
                         f"{arr.shape}")
    if not np.all(arr > 0):
        raise ValueError(f"{name} must be finite and > 0, got {x!r}"[:300])
    return arr if arr.ndim else float(arr)


def _check_nonneg(x, name: str, allow_array: bool = False):
    """A finite value >= 0: a scalar, or (``allow_array``) a scalar or 1-D per-coordinate array."""
    arr = _V.array(name, x)
    if arr.ndim > (1 if allow_array else 0):
        raise ValueError(f"{name} must be a scalar{' or a 1-D array' if allow_array else ''} >= 0, got shape "
                         f"{arr.shape}")
    if not np.all(arr >= 0):
        raise ValueError(f"{name} must be finite and >= 0, got {x!r}"[:300])
    return arr if arr.ndim else float(arr)


def _check_int(x, name: str, lo: int) -> np.ndarray:
    """Integers >= lo (a scalar or an array; broadcasting is the caller's); an integral float above 2**53 is not an
    exact count (as reference.core.validation.integer)."""
    arr = _V.array(name, x)                          # TypeError for a bool / string / None; NaN / inf refused
    if not np.all(arr == np.round(arr)) or not np.all(arr >= lo) or np.any(np.abs(arr) > 2.0 ** 53):
        raise ValueError(f"{name} must be an integer >= {lo} (exact: at most 2**53), got {x!r}"[:300])
    return arr.astype(np.int64)


def _scalar_count(x, name: str, lo: int) -> int:
    """One integer count >= lo (not an array)."""
    arr = _check_int(x, name, lo)
    if arr.ndim:
        raise ValueError(f"{name} must be one integer >= {lo}, got an array of shape {arr.shape}")
    return int(arr)


def _ret(x: np.ndarray):
    return float(x) if np.ndim(x) == 0 else x


# ----------------------------------------------------------------------------------------------------------
# Confidence intervals and concentration radii
# ----------------------------------------------------------------------------------------------------------

def clopper_pearson(k, n, alpha, side: str = "two-sided"):
    """Exact (Clopper-Pearson) confidence interval for a binomial proportion.

    Preconditions: ``n`` integer >= 1; ``k`` integer in [0, n] (arrays broadcast); ``alpha`` in (0, 1);
    ``side`` in {"two-sided", "lower", "upper"}.
    Steps: lower = Beta(a; k, n-k+1) quantile and upper = Beta(1-a; k+1, n-k) quantile
    (``scipy.special.betaincinv``; the upper end computed as 1 - Beta(a; n-k, k+1) quantile so that tiny a keeps
    its digits) with a = alpha/2 (two-sided) or a = alpha (one-sided); lower = 0 if k = 0, upper = 1 if k = n;
    "lower" returns (lower, 1), "upper" returns (0, upper).  Both ends are moved outward (lower and 1 - upper by
    a relative 1e-12, then one ulp) for float safety.
    Postcondition: for every p in [0, 1], P_{k~Bin(n,p)}(p in [lower(k), upper(k)]) >= 1 - alpha
    (Clopper & Pearson 1934; each one-sided bound fails with probability <= a).
    Returns ``(lower, upper)`` (floats, or arrays when k/n are arrays).
    Randomness: none (deterministic).
    Spec: core.test.clopper_pearson
    """
    alpha, side = _check_alpha(alpha), _check_side(side)
    n_arr = _check_int(n, "n", 1)
    k_arr = _check_int(k, "k", 0)
    if np.any(k_arr > n_arr):
        raise ValueError(f"k must be an integer in [0, n], got k={k!r}, n={n!r}")
    k_arr, n_arr = np.broadcast_arrays(k_arr, n_arr)
    a = alpha / 2.0 if side == "two-sided" else alpha
    kf = k_arr.astype(float)
    nf = n_arr.astype(float)
    with np.errstate(all="ignore"):
        lo = np.where(k_arr == 0, 0.0, special.betaincinv(np.maximum(kf, 1.0), nf - kf + 1.0, a))
        # upper = 1 - (a-quantile of Beta(n-k, k+1)): avoids passing 1 - a (which loses digits for tiny a)
        x = np.where(k_arr == n_arr, 0.0, special.betaincinv(np.maximum(nf - kf, 1.0), kf + 1.0, a))
    lo = np.clip(np.nextafter(lo * (1.0 - _OUTWARD), -np.inf), 0.0, 1.0)
    hi = np.clip(np.nextafter(1.0 - x * (1.0 - _OUTWARD), np.inf), 0.0, 1.0)
    if side == "lower":
        hi = np.ones_like(hi)
    elif side == "upper":
        lo = np.zeros_like(lo)
    return _ret(lo), _ret(hi)


def poisson_interval(k, alpha, side: str = "two-sided"):
    """Exact (Garwood) confidence interval for the mean of a Poisson count.

    Preconditions: ``k`` integer >= 0; ``alpha`` in (0, 1); ``side`` as in :func:`clopper_pearson`.
    Steps: lower = Gamma(k, 1) quantile at a, upper = Gamma(k+1, 1) quantile at 1-a
    (``scipy.special.gammaincinv`` / ``gammainccinv``), a = alpha/2 or alpha; lower = 0 if k = 0; moved outward
    by a relative 1e-12 and one ulp.
    Postcondition: for every mean lam >= 0, P_{k~Poi(lam)}(lam in [lower, upper]) >= 1 - alpha (Garwood 1936),
    because P(Poi(lam) >= k) = P(Gamma(k,1) <= lam).
    Randomness: none (deterministic).
    Spec: core.test.poisson_interval
    """
    alpha, side = _check_alpha(alpha), _check_side(side)
    k_arr = _check_int(k, "k", 0)
    a = alpha / 2.0 if side == "two-sided" else alpha
    kf = k_arr.astype(float)
    with np.errstate(all="ignore"):
        lo = np.where(k_arr == 0, 0.0, special.gammaincinv(np.maximum(kf, 1.0), a))
        hi = special.gammainccinv(kf + 1.0, a)
    lo = np.maximum(np.nextafter(lo * (1.0 - _OUTWARD), -np.inf), 0.0)
    hi = np.nextafter(hi * (1.0 + _OUTWARD), np.inf)
    if side == "lower":
        hi = np.full_like(hi, np.inf)
    elif side == "upper":
        lo = np.zeros_like(lo)
    return _ret(lo), _ret(hi)


def _log_factor(alpha: float, side: str) -> float:
    return math.log((2.0 if side == "two-sided" else 1.0) / alpha)


def hoeffding_radius(n, alpha, range_width, side: str = "two-sided"):
    """Hoeffding radius for the mean of n i.i.d. variables with values in an interval of width ``range_width``.

    Preconditions: ``n`` integer >= 1, ``alpha`` in (0, 1), ``range_width`` > 0 (scalar or array: one per
    coordinate), ``side`` in {"two-sided", "lower", "upper"}.
    Steps: L = log(c/alpha) with c = 2 (two-sided) or 1; r = range_width * sqrt(L / (2 n)).
    Postcondition: P(mean - mu >= r) <= exp(-2 n r^2 / w^2) = alpha/c and the same for mu - mean
    (Hoeffding 1963, Thm 2); so the two-sided statement P(|mean - mu| >= r) <= alpha.
    Randomness: none (deterministic).
    Spec: core.test.hoeffding_radius
    """
    n, alpha, side = _scalar_count(n, "n", 1), _check_alpha(alpha), _check_side(side)
    w = _check_pos(range_width, "range_width", allow_array=True)
    L = _log_factor(alpha, side)
    return _ret(np.asarray(w) * math.sqrt(L / (2.0 * n)))


def bernstein_radius(n, alpha, variance_bound, range_width, side: str = "two-sided"):
    """Bernstein radius for the mean of n i.i.d. variables with Var <= ``variance_bound`` and values in an
    interval of width ``range_width`` (so |X - mu| <= range_width).

    Preconditions: ``n`` integer >= 1, ``alpha`` in (0, 1), ``variance_bound`` >= 0, ``range_width`` > 0
    (scalars or per-coordinate arrays), ``side`` as above.
    Steps: v = min(variance_bound, range_width^2 / 4) (Popoviciu); b = range_width; L = log(c/alpha);
    r = (b L / 3 + sqrt((b L / 3)^2 + 2 n L v)) / n, the positive root of n r^2 = 2 L (v + b r / 3).
    Postcondition: P(mean - mu >= r) <= exp(-n r^2 / (2 (v + b r / 3))) = alpha / c (Bernstein's inequality,
    e.g. Boucheron-Lugosi-Massart Thm 2.10 / Cor. 2.11), same for the lower tail; so P(|mean - mu| >= r) <= alpha
    when two-sided.  r <= sqrt(2 v L / n) + 2 b L / (3 n).
    Randomness: none (deterministic).
    Spec: core.test.bernstein_radius
    """
    n, alpha, side = _scalar_count(n, "n", 1), _check_alpha(alpha), _check_side(side)
    w = np.asarray(_check_pos(range_width, "range_width", allow_array=True))
    v = np.asarray(_check_nonneg(variance_bound, "variance_bound", allow_array=True))
    with np.errstate(over="ignore"):
        v = np.minimum(v, w * (w / 4.0))
        L = _log_factor(alpha, side)
        bl3 = w * (L / 3.0)
        r = (bl3 + np.hypot(bl3, np.sqrt(2.0 * L * v) * math.sqrt(n))) / n     # no overflow of the squares
    return _ret(_V.finite_result("the Bernstein radius", r, range_width=range_width, variance_bound=variance_bound))


def empirical_bernstein_radius(samples, alpha, range_width, side: str = "two-sided"):
    """Empirical Bernstein radius of Maurer & Pontil (2009, Thm 4), scaled to a range of width ``range_width``.

    Preconditions: ``samples`` array of shape (n,) or (n, d) with n >= 2, finite; ``alpha`` in (0, 1);
    ``range_width`` > 0 (scalar or per coordinate): the variables take values in an interval of that width.
    Steps: V_n = unbiased sample variance (ddof = 1) per coordinate; L = log(2 c / alpha) with c = 2 for two-sided,
    1 for one-sided; r = sqrt(2 V_n L / n) + 7 w L / (3 (n - 1)).
    Postcondition: for X in [a, a + w] i.i.d., P(mu - mean >= r) <= alpha / c and P(mean - mu >= r) <= alpha / c
    (Maurer-Pontil Thm 4 for [0, 1] variables, applied to (X - a)/w and to (a + w - X)/w).
    Randomness: none (deterministic).
    Spec: core.test.empirical_bernstein_radius
    """
    alpha = _check_alpha(alpha)
    _check_side(side)
    x = _V.array("samples", samples)
    if x.ndim not in (1, 2) or x.shape[0] < 2:
        raise ValueError(f"samples must have shape (n,) or (n, d) with n >= 2, got shape {x.shape}")
    w = np.asarray(_check_pos(range_width, "range_width", allow_array=True))
    n = x.shape[0]
    Vn = x.var(axis=0, ddof=1)
    L = math.log(2.0 * (2.0 if side == "two-sided" else 1.0) / alpha)
    with np.errstate(over="ignore"):
        r = np.sqrt(2.0 * Vn * L / n) + w * (7.0 * L / (3.0 * (n - 1)))
    return _ret(np.asarray(_V.finite_result("the empirical Bernstein radius", r, range_width=range_width,
                                            samples="...")))


def median_of_means_radius(n, alpha, variance_bound):
    """Median-of-means radius for n i.i.d. variables with Var <= ``variance_bound`` (no range needed).

    Preconditions: ``n`` integer, ``alpha`` in (0, 1), ``variance_bound`` >= 0, n >= k = ceil(8 log(1/alpha)).
    Steps: k = ceil(8 log(1/alpha)) blocks of m = floor(n / k) samples (the remainder is dropped by
    :func:`test_unbiased`); r = 2 sqrt(variance_bound / m).
    Postcondition: P(|median of the k block means - mu| > r) <= alpha.  Proof: by Chebyshev each block mean
    deviates by more than r with probability <= v / (m r^2) = 1/4; the median deviates by more than r only if
    at least k/2 blocks do, which by Hoeffding has probability <= exp(-2 k (1/2 - 1/4)^2) = exp(-k/8) <= alpha.
    Returns ``(radius, k, m)``.
    Randomness: none (deterministic).
    Spec: core.test.median_of_means_radius
    """
    alpha = _check_alpha(alpha)
    v = _check_nonneg(variance_bound, "variance_bound", allow_array=True)
    k = int(math.ceil(8.0 * math.log(1.0 / alpha)))
    n = _scalar_count(n, "n", 1)
    if n < k:
        raise ValueError(f"n must be >= ceil(8 log(1/alpha)) = {k} for median of means, got n={n}")
    m = n // k
    return _ret(2.0 * np.sqrt(np.asarray(v) / m)), k, m


def bonferroni(alpha, m):
    """Bonferroni split: each of m tests at level alpha/m makes the family-wise error <= alpha (union bound).

    Preconditions: ``alpha`` in (0, 1); ``m`` integer >= 1.
    Steps: q = alpha / m rounded down to a float (exact rational comparison).
    Postcondition: m * q <= alpha exactly (as rationals), q >= alpha/m (1 - 2^-52).
    Randomness: none (deterministic).
    Spec: core.test.bonferroni
    """
    alpha = _check_alpha(alpha)
    m = int(_check_int(m, "m", 1))
    q = alpha / m
    if Fraction(q) * m > Fraction(alpha):
        q = float(np.nextafter(q, 0.0))
    return q


# ----------------------------------------------------------------------------------------------------------
# Mean / unbiasedness tester
# ----------------------------------------------------------------------------------------------------------

@dataclass
class MeanTestResult:
    """Outcome of a mean test.  ``passed`` iff target lies in [lower, upper] for every coordinate.

    ``estimate`` is the sample mean (median of block means for method "median_of_means"); ``radius`` the
    per-coordinate half-width; ``alpha`` the family-wise false-failure probability (if the estimator is
    unbiased, P(passed is False) <= alpha); ``max_ratio`` = max |estimate - target| / radius (< 1 iff passed).
    Preconditions: produced by test_unbiased / test_moment.
    Steps: a record (means, radii, ratios, decision).
    Postcondition: rejected iff some coordinate's deviation exceeds its radius.
    Randomness: none.
    Spec: core.test.unbiased
    """

    passed: bool
    estimate: np.ndarray
    target: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    radius: np.ndarray
    alpha: float
    method: str
    n: int
    max_ratio: float
    details: str = ""

    def __bool__(self) -> bool:
        return bool(self.passed)

    def summary(self) -> str:
        return (f"{'PASS' if self.passed else 'FAIL'} ({self.method}, n={self.n}, alpha={self.alpha:.3g}, "
                f"d={self.estimate.size}): max |mean - target|/radius = {self.max_ratio:.3g}")


def _draw(estimator: Callable, rng: np.random.Generator, n: int, batched: bool) -> np.ndarray:
    if not isinstance(rng, np.random.Generator):
        raise ValueError("rng must be a numpy.random.Generator when an estimator function is given")
    if batched:
        out = np.asarray(estimator(rng, n), dtype=float)
        if out.shape[0] != n:
            raise ValueError(f"estimator(rng, n) must return n={n} rows, got shape {out.shape}")
        return out
    return np.asarray([np.asarray(estimator(rng), dtype=float) for _ in range(n)])


def test_unbiased(samples=None, target=None, *, estimator: Callable | None = None, rng=None, n: int | None = None,
                  batched: bool = False, alpha: float = 1e-6, range_width=None, variance_bound=None,
                  method: str = "auto") -> MeanTestResult:
    """Test H0: E X = target for i.i.d. scalar or vector samples, with family-wise false-failure <= ``alpha``.

    Preconditions: either ``samples`` (shape (n,) or (n, d), or (n, ...) flattened to (n, d)) or ``estimator``
    with ``rng`` and ``n`` (``estimator(rng)`` returns one sample, or ``estimator(rng, n)`` returns n rows if
    ``batched``); ``target`` broadcastable to one sample; ``alpha`` in (0, 1); at least one of
    ``range_width`` (values of each coordinate lie in an interval of that width) and ``variance_bound``
    (per-coordinate variance bound), scalar or per coordinate.  Without either no finite-sample test is valid
    (a mean can be moved arbitrarily by rare large values), so a ValueError is raised.
    Steps: per coordinate a two-sided radius at level alpha/d (Bonferroni over the d coordinates), by
    ``method``: "hoeffding" (range), "bernstein" (range + variance), "empirical_bernstein" (range;
    Maurer-Pontil), "median_of_means" (variance only; estimate = median of k block means); "auto" picks
    bernstein if both bounds are given, hoeffding if only the range, median_of_means if only the variance.
    Postcondition: if E X = target (and the stated bounds hold) then P(not passed) <= alpha.
    Randomness: only through ``samples`` or the estimator's own use of ``rng`` (the tester itself draws nothing).
    Spec: core.test.unbiased
    """
    rng = _V.generator("rng", rng, allow_none=True)
    alpha = _check_alpha(alpha)
    if samples is None:
        if estimator is None:
            raise ValueError("samples or estimator must be given")
        n = int(_check_int(n, "n", 2)) if n is not None else None
        if n is None:
            raise ValueError("n must be an integer >= 2 when an estimator function is given")
        samples = _draw(estimator, rng, n, batched)
    x = _V.array("samples", samples, allow_empty=True)
    if x.ndim == 0 or x.shape[0] < 2:
        raise ValueError(f"samples must have at least 2 rows, got shape {x.shape}")
    nrow = x.shape[0]
    x = x.reshape(nrow, -1)
    d = x.shape[1]
    if target is None:
        raise ValueError("target must be given")
    tgt = _V.array("target", target)
    try:
        tgt = np.broadcast_to(tgt.reshape(-1) if tgt.ndim else tgt, (d,)).astype(float)
    except ValueError:
        raise ValueError(f"target must be a scalar or have {d} entries (one sample's size), got shape "
                         f"{np.shape(target)}") from None
    if range_width is None and variance_bound is None:
        raise ValueError("range_width or variance_bound must be given (no finite-sample mean test is valid "
                         "without a bound on the range or the variance)")
    if method == "auto":
        method = ("bernstein" if (range_width is not None and variance_bound is not None)
                  else "hoeffding" if range_width is not None else "median_of_means")
    a = bonferroni(alpha, d)
    est = x.mean(axis=0)
    details = ""
    if method == "hoeffding":
        if range_width is None:
            raise ValueError("range_width is required for method 'hoeffding'")
        rad = np.broadcast_to(hoeffding_radius(nrow, a, range_width), (d,))
    elif method == "bernstein":
        if range_width is None or variance_bound is None:
            raise ValueError("range_width and variance_bound are required for method 'bernstein'")
        rad = np.broadcast_to(bernstein_radius(nrow, a, variance_bound, range_width), (d,))
    elif method == "empirical_bernstein":
        if range_width is None:
            raise ValueError("range_width is required for method 'empirical_bernstein'")
        w = np.broadcast_to(np.asarray(range_width, dtype=float), (d,))
        span = x.max(axis=0) - x.min(axis=0)
        if np.any(span > w * (1 + 1e-12)):
            raise ValueError("range_width is smaller than the observed range of the samples")
        rad = np.broadcast_to(empirical_bernstein_radius(x, a, w), (d,))
    elif method == "median_of_means":
        if variance_bound is None:
            raise ValueError("variance_bound is required for method 'median_of_means'")
        r, k, m = median_of_means_radius(nrow, a, variance_bound)
        rad = np.broadcast_to(r, (d,))
        est = np.median(x[: k * m].reshape(k, m, d).mean(axis=1), axis=0)
        details = f"k={k} blocks of m={m}"
    else:
        raise ValueError(f"method must be one of auto, hoeffding, bernstein, empirical_bernstein, "
                         f"median_of_means; got {method!r}")
    if range_width is not None and method != "empirical_bernstein":
        w = np.broadcast_to(np.asarray(range_width, dtype=float), (d,))
        span = x.max(axis=0) - x.min(axis=0)
        if np.any(span > w * (1 + 1e-12) + 1e-300):
            raise ValueError("range_width is smaller than the observed range of the samples "
                             f"(max observed {float(span.max()):.6g})")
    rad = np.asarray(rad, dtype=float)
    dev = np.abs(est - tgt)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(rad > 0, dev / rad, np.where(dev > 0, np.inf, 0.0))
    return MeanTestResult(passed=bool(np.all(dev <= rad)), estimate=est, target=tgt, lower=est - rad,
                          upper=est + rad, radius=rad, alpha=alpha, method=method, n=nrow,
                          max_ratio=float(ratio.max()), details=details)


test_unbiased.__test__ = False  # not a pytest test
check_unbiased = test_unbiased


def assert_unbiased(*args, **kwargs) -> MeanTestResult:
    """:func:`test_unbiased`, raising AssertionError with the summary when the test rejects.
    Preconditions: as test_unbiased.
    Steps: run test_unbiased; raise AssertionError with the result when rejected.
    Postcondition: under H0 (E X = target) raises with probability <= alpha.
    Randomness: as test_unbiased.
    Spec: core.test.unbiased
    """
    res = test_unbiased(*args, **kwargs)
    if not res.passed:
        raise AssertionError(f"unbiasedness rejected: {res.summary()}; estimate={res.estimate}, target={res.target}")
    return res


def _sq_norm(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=float)
    return np.sum(x.reshape(x.shape[0], -1) ** 2, axis=1)


def test_moment(samples, target, *, moment: Callable[[np.ndarray], np.ndarray] = _sq_norm, alpha: float = 1e-6,
                range_width=None, variance_bound=None, method: str = "auto") -> MeanTestResult:
    """Test H0: E moment(X) = target (default moment: squared Euclidean norm per row, i.e. E ||X||^2).

    Preconditions: as :func:`test_unbiased`, with ``range_width`` / ``variance_bound`` bounds on moment(X).
    Steps: y = moment(samples) (vectorized over rows); :func:`test_unbiased` on y.
    Postcondition: if E moment(X) = target then P(not passed) <= alpha.
    Randomness: only through ``samples`` or the estimator's own use of ``rng`` (the tester itself draws nothing).
    Spec: core.test.moment
    """
    samples = _V.array("samples", samples)
    if samples.ndim == 0:
        raise ValueError(f"samples must have at least 2 rows (shape (n,) or (n, d)), got a scalar {samples!r}")
    target, alpha = _V.real("target", target), _check_alpha(alpha)
    _V.callable_("moment", moment)
    y = np.asarray(moment(samples), dtype=float)
    return test_unbiased(y, target, alpha=alpha, range_width=range_width, variance_bound=variance_bound,
                         method=method)


test_moment.__test__ = False


def assert_moment(*args, **kwargs) -> MeanTestResult:
    """test_moment that raises instead of returning a rejection.

    Preconditions: as :func:`test_moment`.
    Steps: run test_moment; raise AssertionError with the result when rejected.
    Postcondition: under H0 (E moment(X) = target) raises with probability <= alpha; returns the MeanTestResult otherwise.
    Randomness: as :func:`test_moment`.
    Spec: core.test.moment
    """
    res = test_moment(*args, **kwargs)
    if not res.passed:
        raise AssertionError(f"moment test rejected: {res.summary()}; estimate={res.estimate}, target={res.target}")
    return res


# ----------------------------------------------------------------------------------------------------------
# Privacy auditor: a lower confidence bound on epsilon from samples of a mechanism on neighbouring datasets
# ----------------------------------------------------------------------------------------------------------
#
# Setting.  P = law of statistic(M(D)), Q = law of statistic(M(D')).  If M is (eps, delta)-DP then for every
# event A:  Q(A) <= e^eps P(A) + delta  and  P(A) <= e^eps Q(A) + delta.  An audit *plan* is a pair of disjoint
# threshold events (A1, A2) (A2 may be absent): A1 is used in the first inequality, A2 in the second.  Adding
# them, with m = number of events used (1 or 2):
#
#     mu1 := n (Q(A1) + P(A2))  <=  e^eps n (P(A1) + Q(A2)) + m n delta  =:  e^eps mu0 + m n delta.       (*)
#
# Sampling (Poissonization).  The auditor draws N_P ~ Poisson(n) outputs on D and N_Q ~ Poisson(n) on D'
# (independent, i.i.d. mechanism runs).  Then counts of disjoint events are independent Poisson variables, so
#     N1 = #{Q-draws in A1} + #{P-draws in A2} ~ Poi(mu1),   N0 = #{P-draws in A1} + #{Q-draws in A2} ~ Poi(mu0),
# independent.  Given K = N0 + N1, N1 ~ Binomial(K, rho/(1+rho)) with rho = mu1/mu0 exactly.
#
# Bound.  With beta = beta1 + beta2 (beta2 = beta/20 when delta > 0, else 0):
#     pi_lb  = one-sided Clopper-Pearson lower bound for N1 successes out of K at level beta1,
#     rho_lb = pi_lb / (1 - pi_lb),
#     mu0_lb = one-sided Garwood (Poisson) lower bound for N0 at level beta2,
#     eps_lb = max(0, log(rho_lb - m n delta / mu0_lb))        (eps_lb = 0 if the argument is <= 1).
# Validity: if M is (eps*, delta)-DP, then by (*) e^eps* >= rho - m n delta / mu0, and eps_lb > eps* forces
# rho_lb > rho or mu0_lb > mu0, which has probability <= beta1 + beta2 = beta.  So P(eps_lb > eps*) <= beta for
# every mechanism and every plan chosen independently of the evaluation draws.
#
# Threshold choice.  Either the caller passes a plan (e.g. from :func:`plan_threshold_audit`, computed from the
# known output laws), or the auditor draws a separate *selection* sample (n_select per side, default n), ranks
# every candidate single tail event and disjoint pair of tail events by a normal approximation of the bound at the
# evaluation size with pessimistic counts (numerator lowered, denominator raised by z_0.02 sqrt(count): guards
# against the winner's curse in sparse tails), and evaluates the best plan on the fresh Poissonized sample.
#
# Relation to the textbook form eps >= log((1 - delta - FNR) / FPR) with FPR = P(A), 1 - FNR = Q(A): this is (*)
# with m = 1; the bound above replaces the two separate Clopper-Pearson intervals (FPR upper, FNR upper, union
# bound) by one exact conditional test on the ratio, and pools both directions (m = 2), which matters for tail
# events with few counts (Gaussian (1, 1e-5) at 1e6 draws per side: expected eps_lb 0.77 -> 0.86).
#
# Floating point: the Clopper-Pearson and Garwood quantiles are moved outward by a relative 1e-12; the remaining
# arithmetic (ratio, subtraction, log) has relative rounding ~1e-16, far below that margin.


@dataclass(frozen=True)
class AuditEvent:
    """The event {statistic >= threshold} (``direction='>='``) or {statistic <= threshold} (``'<='``).
    Preconditions: a tail event {s >= t} or {s <= t} of a scalar statistic.
    Steps: membership test of a statistic value.
    Postcondition: a fixed (data-independent) event.
    Randomness: none.
    Spec: core.test.audit_epsilon
    """

    direction: str
    threshold: float

    def __post_init__(self):
        _V.choice("direction", self.direction, (">=", "<="))
        _V.real("threshold", self.threshold)            # a finite number (not a bool, not NaN / inf)

    def indicator(self, s: np.ndarray) -> np.ndarray:
        s = np.asarray(s)
        return s >= self.threshold if self.direction == ">=" else s <= self.threshold

    def prob(self, dist) -> float:
        """Probability of the event under a scipy.stats continuous distribution ``dist``."""
        return float(dist.sf(self.threshold) if self.direction == ">=" else dist.cdf(self.threshold))

    def __str__(self) -> str:
        return f"{{s {self.direction} {self.threshold:.6g}}}"


def _disjoint(a1: AuditEvent, a2: AuditEvent) -> bool:
    if a1.direction == a2.direction:
        return False
    lo, hi = (a2, a1) if a1.direction == ">=" else (a1, a2)  # lo = {s <= t_lo}, hi = {s >= t_hi}
    return lo.threshold < hi.threshold


@dataclass
class AuditResult:
    """Outcome of :func:`audit_epsilon`.  ``epsilon_lb`` is a (1 - beta)-confidence lower bound on the epsilon
    of any (epsilon, delta)-DP guarantee the mechanism satisfies for the pair (D, D').
    Preconditions: produced by audit_epsilon / audit_bound_from_counts.
    Steps: a record (eps lower bound, counts, plan, levels).
    Postcondition: epsilon_lb is a (1 - beta) lower bound on eps* when the mechanism is (eps*, delta)-DP.
    Randomness: none.
    Spec: core.test.audit_epsilon
    """

    epsilon_lb: float
    beta: float
    delta: float
    A1: AuditEvent | None
    A2: AuditEvent | None
    n1: int
    n0: int
    n_samples: float
    sizes: tuple[int, int]
    predicted: float
    n_select: int
    rho_lb: float = float("nan")
    mu0_lb: float = float("nan")
    details: str = ""

    def summary(self) -> str:
        return (f"eps_lb={self.epsilon_lb:.4f} (beta={self.beta:g}, delta={self.delta:g}); A1={self.A1}, "
                f"A2={self.A2}; N1={self.n1}, N0={self.n0}, sizes={self.sizes}; predicted={self.predicted:.4f}")


def _bound(n1, n0, n_samples, delta, m, beta):
    """Vectorized core of the bound: accepts float counts (used for planning with expected counts)."""
    n1 = np.asarray(n1, dtype=float)
    n0 = np.asarray(n0, dtype=float)
    beta2 = beta / 20.0 if delta > 0 else 0.0
    beta1 = beta - beta2
    with np.errstate(all="ignore"):
        pi_lb = np.where(n1 > 0, special.betaincinv(np.maximum(n1, 1e-300), n0 + 1.0, beta1), 0.0)
        pi_lb = pi_lb * (1.0 - _OUTWARD)
        rho_lb = pi_lb / (1.0 - pi_lb)
        if delta > 0:
            mu0_lb = np.where(n0 > 0, special.gammaincinv(np.maximum(n0, 1e-300), beta2), 0.0) * (1.0 - _OUTWARD)
            arg = rho_lb - m * n_samples * delta / mu0_lb
        else:
            mu0_lb = np.full_like(n0, np.nan)
            arg = rho_lb
        eps = np.where(arg > 1.0, np.log(np.where(arg > 1.0, arg, 1.0)), 0.0)
    return eps, rho_lb, mu0_lb


def audit_bound_from_counts(n1, n0, n_samples, delta, beta, m: int = 1):
    """The auditor's epsilon lower bound from the two Poisson counts (see the module comment above (*)).

    Preconditions: ``n1``, ``n0`` integers >= 0 (arrays broadcast): N1 ~ Poi(mu1) and N0 ~ Poi(mu0) independent,
    with mu1 = n (Q(A1) + P(A2)), mu0 = n (P(A1) + Q(A2)), ``n_samples`` = n > 0 the Poisson mean of each side's
    sample size; ``delta`` in [0, 1); ``beta`` in (0, 1); ``m`` in {1, 2} the number of events in the plan.
    Steps: pi_lb (Clopper-Pearson, level beta1 = beta - beta2), rho_lb = pi_lb/(1-pi_lb), mu0_lb (Garwood, level
    beta2 = beta/20 if delta > 0 else 0); eps_lb = max(0, log(rho_lb - m n delta / mu0_lb)).
    Postcondition: if the mechanism is (eps*, delta)-DP then P(eps_lb > eps*) <= beta.
    Randomness: none (deterministic).
    Spec: core.test.audit_bound
    """
    delta = _V.in_range("delta", delta, 0.0, 1.0, hi_open=True)
    m = _V.integer("m", m, lo=1, hi=2)
    beta = _check_alpha(beta, "beta")
    n_samples = _check_pos(n_samples, "n_samples")
    n1 = _check_int(n1, "n1", 0)
    n0 = _check_int(n0, "n0", 0)
    eps, _, _ = _bound(n1, n0, n_samples, delta, m, beta)
    return _ret(eps)


def _approx_bound(N1, N0, n_samples: float, delta: float, m, beta: float):
    """Normal approximation of :func:`_bound` at (expected) counts: only used to rank candidate plans (fast)."""
    N1 = np.asarray(N1, dtype=float)
    N0 = np.asarray(N0, dtype=float)
    beta2 = beta / 20.0 if delta > 0 else 0.0
    z1 = special.ndtri(1.0 - (beta - beta2))
    z2 = special.ndtri(1.0 - beta2) if delta > 0 else 0.0
    with np.errstate(all="ignore"):
        rho_lb = (N1 / N0) * np.exp(-z1 * np.sqrt(1.0 / N1 + 1.0 / N0))
        arg = rho_lb - (m * n_samples * delta / np.maximum(N0 - z2 * np.sqrt(N0), 1e-300) if delta > 0 else 0.0)
        out = np.where(arg > 1.0, np.log(np.where(arg > 1.0, arg, 1.0)), 0.0)
    return np.where((N1 > 0) & np.isfinite(out), out, 0.0)


def _sample_statistic(mechanism, dataset, statistic, size: int, rng, batched: bool) -> np.ndarray:
    if batched:
        out = mechanism(dataset, rng, size)
    else:
        out = [mechanism(dataset, rng) for _ in range(size)]
    out = np.asarray(out)
    s = statistic(out) if statistic is not None else out
    try:
        s = np.asarray(s, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"statistic (or the mechanism's outputs on the dataset D / D_prime) must be real numbers, "
                        f"got {type(s).__name__}") from None
    if s.shape != (size,):
        raise ValueError(f"statistic must map the {size} outputs to a vector of shape ({size},), got {s.shape}")
    if not np.all(np.isfinite(s)):
        raise ValueError("statistic returned NaN or inf (on the outputs of the mechanism on D / D_prime)")
    return s


def _candidate_thresholds(sp: np.ndarray, sq: np.ndarray, n_cand: int = 150) -> np.ndarray:
    """Sample values at geometrically spaced ranks from both ends of the two sorted samples."""
    out = []
    for x in (sp, sq):
        N = x.size
        r = np.geomspace(1, max(N // 2, 1), n_cand).astype(np.int64)
        out.append(x[np.clip(r - 1, 0, N - 1)])
        out.append(x[np.clip(N - r, 0, N - 1)])
    return np.unique(np.concatenate(out))


def _select_plan(sp: np.ndarray, sq: np.ndarray, n_eval: float, delta: float, beta: float,
                 gamma: float = 0.02):
    """Choose (A1, A2) maximizing the predicted bound (expected counts at n_eval) on the selection sample.

    Pessimistic plug-in against the winner's curse in sparse tails: the numerator count of a plan is lowered and
    the denominator count raised by ``z_gamma`` standard deviations (sqrt(count)), scaled to the evaluation
    size, and the bound is predicted with its normal approximation.  Only the choice of the plan depends on
    this heuristic; the validity of the final bound does not.
    """
    sp = np.sort(sp)
    sq = np.sort(sq)
    ns = min(sp.size, sq.size)
    t = _candidate_thresholds(sp, sq)
    # counts of {s >= t} and {s <= t} in the P and Q selection samples
    cnt = {">=": (sp.size - np.searchsorted(sp, t, side="left"), sq.size - np.searchsorted(sq, t, side="left")),
           "<=": (np.searchsorted(sp, t, side="right"), np.searchsorted(sq, t, side="right"))}

    zg = special.ndtri(1.0 - gamma)

    def predict(kn, kd, trials, m):
        # pessimistic expected counts at the evaluation size, then the normal approximation of the bound
        kn = np.asarray(kn, dtype=float)
        kd = np.asarray(kd, dtype=float)
        scale = n_eval / ns
        N1 = np.maximum(kn - zg * np.sqrt(kn), 0.0) * scale
        N0 = (kd + zg * np.sqrt(kd) + 1.0) * scale
        return _approx_bound(N1, N0, n_eval, delta, m, beta)

    best = (0.0, None, None)
    # singles: role 1 = A1 (numerator Q, denominator P), role 2 = A2 (numerator P, denominator Q)
    for dirn, (kp, kq) in cnt.items():
        for role, kn, kd in ((1, kq, kp), (2, kp, kq)):
            pred = predict(kn, kd, ns, 1)
            i = int(np.argmax(pred))
            if pred[i] > best[0]:
                ev = AuditEvent(dirn, float(t[i]))
                best = (float(pred[i]), ev if role == 1 else None, ev if role == 2 else None)
    # disjoint pairs: A1 in one tail, A2 in the other tail (all candidate pairs)
    for d1, d2 in ((">=", "<="), ("<=", ">=")):
        kp1, kq1 = cnt[d1]
        kp2, kq2 = cnt[d2]
        kn = kq1[:, None] + kp2[None, :]
        kd = kp1[:, None] + kq2[None, :]
        pred = predict(kn, kd, 2 * ns, 2)
        ok = (t[None, :] < t[:, None]) if d1 == ">=" else (t[None, :] > t[:, None])
        pred = np.where(ok, pred, 0.0)
        j = np.unravel_index(int(np.argmax(pred)), pred.shape)
        if pred[j] > best[0]:
            best = (float(pred[j]), AuditEvent(d1, float(t[j[0]])), AuditEvent(d2, float(t[j[1]])))
    return best


def audit_epsilon(mechanism: Callable, D: Any, D_prime: Any, statistic: Callable | None, n_samples: int,
                  rng: np.random.Generator, *, beta: float = 0.05, delta: float = 0.0, n_select: int | None = None,
                  plan: tuple[AuditEvent | None, AuditEvent | None] | None = None, batched: bool = True,
                  select_level: float = 0.02) -> AuditResult:
    """Empirical (1 - beta)-confidence lower bound on the epsilon of an (epsilon, delta)-DP mechanism.

    Preconditions: ``mechanism(dataset, rng, size)`` returns ``size`` i.i.d. outputs stacked on axis 0
    (``batched=True``) or ``mechanism(dataset, rng)`` returns one output (``batched=False``); ``D``, ``D_prime``
    neighbouring datasets; ``statistic(outputs) -> array (size,)`` a scalar test statistic (``statistic=None``: the
    outputs themselves, which must then be scalars); ``n_samples`` >= 1 the Poisson mean of the evaluation sample
    size per side; ``rng`` a numpy Generator; ``beta`` in (0, 1); ``delta`` in [0, 1) (``delta=0``: pure DP, the
    result's mu0_lb is then nan = not used); ``n_select`` >= 1 the
    selection sample size per side (default n_samples), ignored when ``plan = (A1, A2)`` is given (events
    fixed independently of the evaluation draws; A2 may be None; A1 and A2 must be disjoint);
    ``select_level`` in (0, 1) the pessimism of the selection heuristic (see ``_select_plan``).
    Steps (module comment above): 1. select the plan on a separate sample (or take ``plan``); 2. draw
    N_P ~ Poi(n), N_Q ~ Poi(n) fresh outputs on D and D'; 3. N1 = #Q in A1 + #P in A2, N0 = #P in A1 + #Q in A2;
    4. eps_lb = :func:`audit_bound_from_counts`.
    Postcondition: if the mechanism is (eps*, delta)-DP for (D, D') (both directions), P(eps_lb > eps*) <= beta.
    Randomness: the mechanism's draws and the Poisson numbers of evaluation draws come from ``rng`` (selection and evaluation samples are separate); no pre-drawn form (the mechanism under test consumes its own randomness).
    Spec: core.test.audit_epsilon
    """
    delta = _V.probability("delta", delta)
    _V.callable_("mechanism", mechanism); _V.optional(_V.callable_, "statistic", statistic)
    batched = _V.flag("batched", batched)
    if plan is not None and (not isinstance(plan, (tuple, list)) or len(plan) != 2
                             or not all(e is None or isinstance(e, AuditEvent) for e in plan)):
        raise TypeError(f"plan must be None or a pair (A1, A2) of AuditEvent or None, got {plan!r}"[:300])
    beta = _check_alpha(beta, "beta")
    delta = float(delta)
    if not (0.0 <= delta < 1.0):
        raise ValueError(f"delta must be in [0, 1), got {delta!r}")
    n_samples = int(_check_int(n_samples, "n_samples", 1))
    if not isinstance(rng, np.random.Generator):
        raise ValueError("rng must be a numpy.random.Generator")
    predicted = float("nan")
    n_sel = 0
    if plan is None:
        n_sel = int(_check_int(n_select, "n_select", 1)) if n_select is not None else n_samples
        select_level = _check_alpha(select_level, "select_level")
        # Step 1: selection sample (independent of the evaluation sample)
        sp = _sample_statistic(mechanism, D, statistic, n_sel, rng, batched)
        sq = _sample_statistic(mechanism, D_prime, statistic, n_sel, rng, batched)
        predicted, A1, A2 = _select_plan(sp, sq, float(n_samples), delta, beta, gamma=select_level)
    else:
        A1, A2 = plan
    if A1 is None and A2 is None:
        return AuditResult(0.0, beta, delta, None, None, 0, 0, n_samples, (0, 0), predicted, n_sel,
                           details="no event with a positive predicted bound; eps_lb = 0")
    if A1 is not None and A2 is not None and not _disjoint(A1, A2):
        raise ValueError(f"plan events must be disjoint tails, got A1={A1}, A2={A2}")
    # Step 2: Poissonized evaluation sample
    size_p = int(rng.poisson(n_samples))
    size_q = int(rng.poisson(n_samples))
    sp = _sample_statistic(mechanism, D, statistic, size_p, rng, batched) if size_p else np.empty(0)
    sq = _sample_statistic(mechanism, D_prime, statistic, size_q, rng, batched) if size_q else np.empty(0)
    # Step 3: counts
    n1 = n0 = 0
    m = 0
    if A1 is not None:
        n1 += int(A1.indicator(sq).sum())
        n0 += int(A1.indicator(sp).sum())
        m += 1
    if A2 is not None:
        n1 += int(A2.indicator(sp).sum())
        n0 += int(A2.indicator(sq).sum())
        m += 1
    # Step 4: bound
    eps, rho_lb, mu0_lb = _bound(n1, n0, float(n_samples), delta, m, beta)
    return AuditResult(float(eps), beta, delta, A1, A2, n1, n0, n_samples, (size_p, size_q), predicted, n_sel,
                       rho_lb=float(rho_lb), mu0_lb=float(mu0_lb))


def _best_tail_threshold(logf: Callable, lo: float, hi: float, grid: int = 4001) -> tuple[float, float]:
    """Maximize a vectorized function on a grid, then refine by bounded Brent around the best grid point."""
    from scipy import optimize

    ts = np.linspace(lo, hi, grid)
    vals = np.asarray(logf(ts), dtype=float)
    vals = np.where(np.isfinite(vals), vals, -np.inf)
    i = int(np.argmax(vals))
    a, b = ts[max(i - 1, 0)], ts[min(i + 1, grid - 1)]
    if b > a and np.isfinite(vals[i]):
        r = optimize.minimize_scalar(lambda x: -float(logf(np.array([x]))[0]), bounds=(a, b), method="bounded",
                                     options={"xatol": 1e-12 * max(1.0, abs(ts[i]))})
        if np.isfinite(r.fun) and -r.fun >= vals[i]:
            return float(-r.fun), float(r.x)
    return float(vals[i]), float(ts[i])


_LAW_METHODS = ("ppf", "isf", "sf", "cdf", "logsf", "logcdf")   # a frozen continuous scipy.stats law


def optimal_threshold_audit(P, Q, delta: float, *, lo: float | None = None, hi: float | None = None):
    """Exact best epsilon certified by a single threshold event for known output laws (the population audit).

    Preconditions: ``P``, ``Q`` frozen continuous scipy.stats distributions (laws of the statistic on D, D');
    ``delta`` in [0, 1); optional search range [lo, hi] (default: the 1e-300 .. 1 - 1e-300 quantiles hull).
    Steps: maximize over t, over the two tails and the two roles the quantity
    log((Q(A) - delta) / P(A)) (A used as A1) or log((P(A) - delta) / Q(A)) (A used as A2), computed with
    logsf / logcdf; grid search refined by bounded Brent.
    Postcondition: returns (eps, event, role) with eps <= eps*(delta) for any (eps*, delta) guarantee of the pair
    (each candidate is a valid lower bound); for a likelihood-ratio-monotone pair (e.g. Gaussian shift) the
    threshold events are the Neyman-Pearson sets and eps equals the exact eps(delta) of the pair.
    Randomness: none (deterministic).
    Spec: core.test.optimal_threshold_audit
    """
    P, Q = _V.distribution("P", P, _LAW_METHODS), _V.distribution("Q", Q, _LAW_METHODS)
    delta = _V.in_range("delta", delta, 0.0, 1.0, hi_open=True)
    lo, hi = _V.optional(_V.real, "lo", lo), _V.optional(_V.real, "hi", hi)
    if lo is None:
        lo = float(min(P.ppf(1e-300), Q.ppf(1e-300)))
    if hi is None:
        hi = float(max(P.isf(1e-300), Q.isf(1e-300)))
    best = (0.0, None, 0)

    def mk(dirn, num_d, den_d):
        def f(t):
            ln = num_d.logsf(t) if dirn == ">=" else num_d.logcdf(t)
            ld = den_d.logsf(t) if dirn == ">=" else den_d.logcdf(t)
            with np.errstate(all="ignore"):
                num = np.exp(ln) - delta
                return np.where(num > 0, np.log(np.where(num > 0, num, 1.0)) - ld, -np.inf)
        return f

    for dirn in (">=", "<="):
        for role, num_d, den_d in ((1, Q, P), (2, P, Q)):
            val, t = _best_tail_threshold(mk(dirn, num_d, den_d), lo, hi)
            if val > best[0]:
                best = (val, AuditEvent(dirn, t), role)
    return best


def plan_threshold_audit(P, Q, delta: float, n_samples: float, beta: float = 0.05, *, grid: int = 2001,
                         lo: float | None = None, hi: float | None = None, pairs: bool = True):
    """Choose the audit plan (A1, A2) analytically for known output laws P, Q of the statistic.

    Preconditions: frozen continuous scipy.stats distributions ``P`` (on D), ``Q`` (on D'); ``delta`` in [0, 1);
    ``n_samples`` > 0 (evaluation Poisson mean per side); ``beta`` in (0, 1).
    Steps: on a grid of thresholds (between the 1e-12 quantiles) compute the exact tail probabilities, rank the
    single events and the disjoint pairs {s >= t1} (A1) with {s <= t2} (A2) (and the mirrored pair) by the
    normal approximation of the bound at the expected counts, and report the best plan with its predicted bound
    (the exact bound formula of :func:`audit_bound_from_counts` at the expected counts).
    Postcondition: returns (predicted_eps_lb, (A1, A2)); the plan depends only on P, Q, so it can be passed to
    :func:`audit_epsilon` without a selection sample (the bound stays valid whatever plan is passed).
    Randomness: none (deterministic).
    Spec: core.test.plan_threshold_audit
    """
    P, Q = _V.distribution("P", P, _LAW_METHODS), _V.distribution("Q", Q, _LAW_METHODS)
    delta = _V.in_range("delta", delta, 0.0, 1.0, hi_open=True)
    grid = _V.integer("grid", grid, lo=2)
    beta = _check_alpha(beta, "beta")
    n_samples = _check_pos(n_samples, "n_samples")
    lo, hi = _V.optional(_V.real, "lo", lo), _V.optional(_V.real, "hi", hi)
    if lo is None:
        lo = float(min(P.ppf(1e-12), Q.ppf(1e-12)))
    if hi is None:
        hi = float(max(P.isf(1e-12), Q.isf(1e-12)))
    t = np.linspace(lo, hi, grid)
    prob = {">=": (P.sf(t), Q.sf(t)), "<=": (P.cdf(t), Q.cdf(t))}
    n = n_samples
    cands = []  # (approx score, num prob, den prob, m, A1, A2)
    for dirn, (pp, qq) in prob.items():
        for role, num, den in ((1, qq, pp), (2, pp, qq)):
            sc = _approx_bound(n * num, n * den, n, delta, 1, beta)
            i = int(np.argmax(sc))
            ev = AuditEvent(dirn, float(t[i]))
            cands.append((float(sc[i]), num[i], den[i], 1, ev if role == 1 else None, ev if role == 2 else None))
    if pairs:
        for d1, d2 in ((">=", "<="), ("<=", ">=")):
            (p1, q1), (p2, q2) = prob[d1], prob[d2]

            def pair_best(I, J):
                N = n * (q1[I][:, None] + p2[J][None, :])
                Dn = n * (p1[I][:, None] + q2[J][None, :])
                sc = _approx_bound(N, Dn, n, delta, 2, beta)
                ok = (t[J][None, :] < t[I][:, None]) if d1 == ">=" else (t[J][None, :] > t[I][:, None])
                sc = np.where(ok, sc, 0.0)
                a, b = np.unravel_index(int(np.argmax(sc)), sc.shape)
                return I[a], J[b]

            # coarse search on a sub-grid, then the full grid in a window around the coarse optimum
            step = max(grid // 300, 1)
            coarse = np.arange(0, grid, step)
            i, j = pair_best(coarse, coarse)
            i, j = pair_best(np.arange(max(i - step, 0), min(i + step + 1, grid)),
                             np.arange(max(j - step, 0), min(j + step + 1, grid)))
            cands.append((0.0, q1[i] + p2[j], p1[i] + q2[j], 2,
                          AuditEvent(d1, float(t[i])), AuditEvent(d2, float(t[j]))))
    best = (0.0, (None, None))
    for _, num, den, m, A1, A2 in cands:
        pred = float(_bound(n * num, n * den, n, delta, m, beta)[0])
        if pred > best[0]:
            best = (pred, (A1, A2))
    return best
