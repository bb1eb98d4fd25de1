"""In-law tests against an exactly known law, with a declared false-failure probability and a computed power.

When the reference knows the exact law of its output (or of the noise a port adds, given the deterministic part),
a port's samples are mapped to *normal scores* ``Z`` (n × k) that are i.i.d. N(0, 1) entries exactly when the port
has the reference's law:

* Gaussian law N(mu, Sigma): ``Z = (X - mu) L^{-T}`` with ``Sigma = L L^T`` (Cholesky; in coordinate order the
  columns of Z are the standardized innovations of coordinate i given coordinates < i, so a wrong cross-coordinate
  or cross-time correlation moves them); singular Sigma: eigen-whitening on the range, exact equality on the kernel.
* independent coordinates with a continuous marginal law F_i (e.g. Laplace): ``Z_i = Phi^{-1}(F_i(X_i))``.

On Z the statistics are computed along a set of unit directions ``u`` (each ``r = Z u`` is exactly N(0, 1) per
sample under the null): the whitened axes, the original coordinates (x_i - mu_i)/sd_i, sums and differences of
neighbouring coordinates (lag 1 and the target's time stride: correlations), a few fixed random directions, and all
entries of Z pooled (n·k i.i.d. N(0, 1) values).  Mean and variance are tested along every direction; tail and KS
(the shape) along the whitened axes, the coordinates and the pooled entries:

=========  =================================  =====================================  ===========================
statistic  value                              exact null law                          detects (computed below)
=========  =================================  =====================================  ===========================
mean       sqrt(n) * mean(r)                  N(0, 1)                                 bias delta (in sd units)
variance   sum(r^2)                           chi^2_n                                 std ratio rho (either side)
tail       #{|r| > 3}                         Binomial(n, 2 Phi(-3) = 0.0027)         heavy/light tails
                                                                                      (same-variance Laplace: 0.0144)
ks         sup |F_n - Phi|                    Kolmogorov (exact critical value        KS distance to N(0, 1)
                                              ``kstwo.isf``)
=========  =================================  =====================================  ===========================

Every p-value is two-sided and exact for its law (KS: exact critical value, DKW–Massart bound shown); the test
rejects when some statistic is significant at ``alpha / (number of statistics)`` (Bonferroni), so under the null
the false-failure probability is <= alpha.

Detectable effects (probability >= 0.99 of rejection, computed from the thresholds and the laws, not guessed):
mean: ``delta = (z_{1-a/2} + z_{0.99}) / sqrt(n)`` (Gaussian alternative with the reference variance);
variance: ``rho_hi = sqrt(q_{1-a/2}(chi^2_n) / q_{0.01}(chi^2_n))``, ``rho_lo = sqrt(q_{a/2} / q_{0.99})``
(alternative: r scaled by rho); a correlation off by ``c`` along a pair direction changes its variance by ``1 +- c``;
tail: the smallest p1 with ``P(Bin(n, p1) >= k_hi) >= 0.99``; KS: ``D_crit + sqrt(ln(2/0.01) / (2 n))`` (DKW–Massart
on the alternative's own empirical CDF).  ``a`` is the per-statistic level alpha/m.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
from scipy import stats

from reference.core import validation as _V

__all__ = ["LawSpec", "StatFailure", "ExactLawComparison", "describe_detectable", "normal_scores",
           "exact_law_test"]

TAIL_C = 3.0
POWER = 0.99


@dataclass
class LawSpec:
    """The exact law of a target's output (or of its noise): ``family`` "gaussian" (``mean``, ``cov``) or "laplace"
    (independent coordinates, location ``mean``, scale ``scale`` per coordinate).  ``stride`` (>= 1) is the number
    of coordinates per time step of a flattened (T, dim) output (pair directions at lag ``stride`` test cross-time
    correlations); ``labels`` name the coordinates in messages."""

    family: str
    mean: np.ndarray
    cov: np.ndarray | None = None
    scale: np.ndarray | None = None
    stride: int = 1
    labels: list[str] | None = None

    def __post_init__(self):
        """Validated: family "gaussian" | "laplace"; mean finite (raveled, k values); gaussian: cov a finite k × k
        (or k² values) symmetric array; laplace: scale finite >= 0, one value or k; stride an integer >= 1; labels
        None or k strings."""
        self.family = _V.choice("family", self.family, ("gaussian", "laplace"))
        self.mean = np.atleast_1d(_V.array("mean", self.mean, allow_empty=True)).ravel()
        k = self.mean.size
        if self.family == "gaussian":
            cov = _V.array("cov", self.cov, allow_empty=(k == 0))
            if cov.size != k * k:
                raise ValueError(f"cov must be a {k} × {k} array (k = mean.size), got shape {cov.shape}")
            self.cov = cov.reshape(k, k)
            if not np.allclose(self.cov, self.cov.T, rtol=1e-12, atol=1e-300):
                raise ValueError("cov must be symmetric")
        else:
            sc = np.atleast_1d(_V.array("scale", self.scale, allow_empty=(k == 0))).ravel()
            if sc.size not in (1, k) or np.any(sc < 0):
                raise ValueError(f"scale must be one value or {k} values, all >= 0, got {self.scale!r}"[:300])
            self.scale = np.broadcast_to(sc, (k,)).copy()
        self.stride = _V.positive_int("stride", self.stride)
        if self.labels is None:
            self.labels = [f"[{i}]" for i in range(k)]
        else:
            self.labels = [_V.text(f"labels[{i}]", x) for i, x in enumerate(_V.sequence("labels", self.labels,
                                                                                         allow_empty=True))]
            if len(self.labels) != k:
                raise ValueError(f"labels must name the {k} coordinates, got {len(self.labels)}")


@dataclass
class StatFailure:
    statistic: str
    direction: str
    value: float
    p_value: float
    threshold: float
    detectable: str

    def __str__(self):
        cmp_ = "p <= " if self.statistic == "ks" else "p = "
        return (f"{self.statistic} along {self.direction}: value {self.value:.6g}, {cmp_}{self.p_value:.3g} "
                f"(level {self.threshold:.3g}; {self.detectable})")


@dataclass
class ExactLawComparison:
    ok: bool
    alpha: float
    n: int
    n_statistics: int
    detectable: dict                                  # effect name -> smallest effect detected w.p. >= 0.99
    failures: list = field(default_factory=list)      # StatFailure, worst first
    deterministic_failure: str = ""
    min_p_value: float = 1.0

    def __bool__(self):
        return self.ok

    @property
    def message(self) -> str:
        det = describe_detectable(self.detectable)
        if self.ok:
            return (f"same law not rejected: {self.n_statistics} exact statistics, n = {self.n}, min p = "
                    f"{self.min_p_value:.3g} (false-failure <= {self.alpha:g}); detects with prob >= 0.99: {det}")
        head = self.deterministic_failure or str(self.failures[0])
        more = f" (+{len(self.failures) - 1} more failing statistics)" if len(self.failures) > 1 else ""
        return (f"DIFFERENT LAW: {head}{more}; {self.n_statistics} exact statistics, n = {self.n}, false-failure "
                f"<= {self.alpha:g}; detects with prob >= 0.99: {det}")


def describe_detectable(d: dict) -> str:
    """A sentence from a detectable-effects mapping (as returned in ``ExactLawComparison.detectable``); ``{}``:
    nothing.  Preconditions (validated): d a mapping (TypeError naming d otherwise)."""
    if not isinstance(d, Mapping):
        raise TypeError(f"d must be a mapping of detectable effects (ExactLawComparison.detectable), got "
                        f"{type(d).__name__} {d!r}"[:300])
    if not d:
        return "nothing (no random coordinate)"
    parts = []
    if "mean_bias_sd" in d:
        parts.append(f"mean bias >= {d['mean_bias_sd']:.3g} sd (per coordinate), >= {d['pooled_mean_bias_sd']:.3g} sd "
                     f"(common to all whitened coordinates)")
    if "std_ratio_hi" in d:
        parts.append(f"std ratio >= {d['std_ratio_hi']:.4g} or <= {d['std_ratio_lo']:.4g} (per coordinate), "
                     f"{d['pooled_std_ratio_hi']:.4g} / {d['pooled_std_ratio_lo']:.4g} (pooled)")
        parts.append(f"correlation error >= {d['std_ratio_hi'] ** 2 - 1:.3g} along a tested pair")
    if "tail_prob_hi" in d:
        parts.append(f"P(|score| > 3) >= {d['tail_prob_hi']:.4g} per coordinate / {d['pooled_tail_prob_hi']:.4g} "
                     f"pooled (Gaussian {d['tail_prob_null']:.4f}, same-variance Laplace {math.exp(-3 * math.sqrt(2)):.4f})")
    if "ks_distance" in d:
        parts.append(f"KS distance >= {d['ks_distance']:.3g} per coordinate / {d['pooled_ks_distance']:.3g} pooled "
                     f"(same-variance Laplace vs Gaussian: 0.062)")
    return "; ".join(parts)


# ---------------------------------------------------------------------------------------------------------------
# detectable effects (from thresholds and the laws of the statistics)
# ---------------------------------------------------------------------------------------------------------------

def _detectable(n: int, a: float) -> dict:
    """Smallest effects detected with probability >= POWER by one statistic at level ``a`` on ``n`` values."""
    beta = 1 - POWER
    z = stats.norm.isf(a / 2) + stats.norm.isf(beta)
    hi = stats.chi2.isf(a / 2, n)
    lo = stats.chi2.ppf(a / 2, n)
    p0 = 2 * stats.norm.sf(TAIL_C)
    k_hi = int(stats.binom.isf(a / 2, n, p0)) + 1              # reject when K >= k_hi (P_0(K >= k_hi) <= a/2)
    lo_p, hi_p = p0, 1.0
    for _ in range(60):                                        # smallest p1 with P(Bin(n, p1) >= k_hi) >= POWER
        mid = 0.5 * (lo_p + hi_p)
        if stats.binom.sf(k_hi - 1, n, mid) >= POWER:
            hi_p = mid
        else:
            lo_p = mid
    d_crit = stats.kstwo.isf(a, n)
    return dict(mean_bias_sd=z / math.sqrt(n), std_ratio_hi=math.sqrt(hi / stats.chi2.ppf(beta, n)),
                std_ratio_lo=math.sqrt(lo / stats.chi2.isf(beta, n)), tail_prob_hi=hi_p, tail_prob_null=p0,
                ks_distance=d_crit + math.sqrt(math.log(2 / beta) / (2 * n)))


# ---------------------------------------------------------------------------------------------------------------
# the four statistics on a batch of directions
# ---------------------------------------------------------------------------------------------------------------

def _pvalues(R: np.ndarray, a: float, shape_stats: bool = True) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """R (n × m), columns i.i.d. N(0, 1) under the null: (value, p, reject at level a) per statistic and column.
    KS: the decision is exact (D > the exact critical value ``kstwo.isf(a, n)``); the p shown is the DKW–Massart
    bound 2 exp(-2 n D^2) (>= the exact p; the exact ``kstwo.sf`` is too slow for large D)."""
    n = R.shape[0]
    s = np.sqrt(n) * R.mean(axis=0)
    p_mean = 2 * stats.norm.sf(np.abs(s))
    Q = np.einsum("ij,ij->j", R, R)
    p_var = np.minimum(1.0, 2 * np.minimum(stats.chi2.cdf(Q, n), stats.chi2.sf(Q, n)))
    out = dict(mean=(s, p_mean, p_mean < a), variance=(Q / n, p_var, p_var < a))
    if not shape_stats:
        return out
    K = np.sum(np.abs(R) > TAIL_C, axis=0)
    p0 = 2 * stats.norm.sf(TAIL_C)
    p_tail = np.minimum(1.0, 2 * np.minimum(stats.binom.cdf(K, n, p0), stats.binom.sf(K - 1, n, p0)))
    Rs = np.sort(R, axis=0)
    F = stats.norm.cdf(Rs)
    i = np.arange(1, n + 1)[:, None]
    D = np.maximum((i / n - F).max(axis=0), (F - (i - 1) / n).max(axis=0))
    p_ks = np.minimum(1.0, 2 * np.exp(-2 * n * D * D))
    out.update(tail=(K / n, p_tail, p_tail < a), ks=(D, p_ks, D > _ks_crit(a, n)))
    return out


_KS_CRIT: dict = {}


def _ks_crit(a: float, n: int) -> float:
    key = (a, n)
    if key not in _KS_CRIT:
        _KS_CRIT[key] = float(stats.kstwo.isf(a, n))
    return _KS_CRIT[key]


def _directions(kz: int, L: np.ndarray | None, stride: int, labels: list[str], rng: np.random.Generator,
                n_random: int = 8, max_pairs: int = 300):
    """Unit directions in Z-space (kz whitened coordinates) with labels.  ``L`` (k × kz): x - mu = L z, so row i is
    original coordinate i in Z-space (None: Z's axes are the original coordinates, independent-coordinate laws)."""
    I = np.eye(kz)
    chol = L is not None and L.shape == (kz, kz) and np.allclose(L, np.tril(L))
    dirs = [I[i] for i in range(kz)]
    names = [(f"whitened{labels[i]} (innovation given earlier coordinates)" if chol else f"eigen-direction #{i}")
             if L is not None else f"score{labels[i]}" for i in range(kz)]
    base = I if L is None else L
    units = {}
    for i in range(base.shape[0]):
        nv = np.linalg.norm(base[i])
        if nv > 0:
            units[i] = base[i] / nv
            if L is not None:
                dirs.append(units[i]); names.append(f"coordinate{labels[i]}")
    k = base.shape[0]
    lags = sorted({1, max(1, int(stride))}) if k > 1 else []
    pairs = [(i, i + lag) for lag in lags for i in range(k - lag) if i in units and i + lag in units][:max_pairs]
    for i, j in pairs:
        for sgn, op in ((1.0, "+"), (-1.0, "-")):
            v = units[j] + sgn * units[i]
            nv = np.linalg.norm(v)
            if nv > 1e-9:
                dirs.append(v / nv); names.append(f"coordinate{labels[j]} {op} coordinate{labels[i]}")
    if kz > 1:
        g = rng.standard_normal((n_random, kz))
        g /= np.linalg.norm(g, axis=1, keepdims=True)
        for r, v in enumerate(g):
            dirs.append(v); names.append(f"random direction #{r}")
    return np.array(dirs), names


def _law(law):
    if not isinstance(law, LawSpec):
        raise TypeError(f"law must be a LawSpec, got {type(law).__name__} {law!r}"[:300])
    return law


def _candidate_samples(X):
    """A candidate's samples as a 2-D float array; NaN/inf are kept (they fail the test deterministically)."""
    if X is None or isinstance(X, (str, bytes, bool, np.bool_)):
        raise TypeError(f"X must be an (n × k) array of samples, got {type(X).__name__} {X!r}"[:300])
    try:
        a = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"X must be an (n × k) array of real samples, got {type(X).__name__}") from None
    if a.ndim == 0 or a.ndim > 2 or a.size == 0:
        raise ValueError(f"X must be an (n × k) array (or n values) with at least one sample, got shape {a.shape}")
    return np.atleast_2d(a)


def normal_scores(X: np.ndarray, law: LawSpec, rtol: float = 1e-9):
    """(Z, L, deterministic_message): Z (n × k') the normal scores, L the factor with x - mu = L z (None for
    independent-coordinate laws), and a message when the samples leave the law's support (a zero-variance
    direction that moved).

    Preconditions (validated): X an (n × k) real array (or n values / one sample) with at least one value — its
    non-finite values and a wrong k are outcomes (the deterministic message), not errors; law a LawSpec; rtol >= 0.
    """
    X = _candidate_samples(X)
    law = _law(law)
    rtol = _V.nonnegative("rtol", rtol)
    if X.shape[1] != law.mean.size:
        return None, None, f"output has {X.shape[1]} values, the reference law has {law.mean.size}"
    if not np.all(np.isfinite(X)):
        i = int(np.argwhere(~np.isfinite(X))[0][1])
        return None, None, f"non-finite output at coordinate{law.labels[i]}"
    R = X - law.mean
    scale = max(1.0, float(np.max(np.abs(law.mean))) if law.mean.size else 1.0)
    if law.family == "laplace":
        b = law.scale
        zero = b <= 0
        if np.any(zero):
            bad = np.abs(R[:, zero]) > rtol * scale
            if np.any(bad):
                i = int(np.flatnonzero(zero)[np.argwhere(bad)[0][1]])
                return None, None, (f"coordinate{law.labels[i]} must equal {law.mean[i]!r} (zero noise scale), "
                                    f"got {X[np.argwhere(bad)[0][0], i]!r}")
        y = R[:, ~zero] / b[~zero]
        Z = np.where(y > 0, stats.norm.isf(0.5 * np.exp(-np.abs(y))), stats.norm.ppf(0.5 * np.exp(-np.abs(y))))
        return Z, None, ""
    cov = law.cov
    try:
        L = np.linalg.cholesky(cov)
        if np.min(np.diag(L)) <= 1e-12 * max(1.0, float(np.max(np.diag(L)))):
            raise np.linalg.LinAlgError
        Z = np.linalg.solve(L, R.T).T
        return Z, L, ""
    except np.linalg.LinAlgError:
        w, U = np.linalg.eigh(cov)
        tol = 1e-12 * max(1.0, float(np.max(np.abs(w))) if w.size else 1.0)
        pos = w > tol
        if np.any(~pos):
            dev = R @ U[:, ~pos]
            lim = rtol * scale * math.sqrt(cov.shape[0])
            if np.max(np.abs(dev)) > lim:
                j = int(np.argmax(np.max(np.abs(dev), axis=0)))
                u = U[:, ~pos][:, j]
                i = int(np.argmax(np.abs(u)))
                return None, None, (f"the reference output has zero variance along a direction (largest weight on "
                                    f"coordinate{law.labels[i]}) but the port's output moves by "
                                    f"{float(np.max(np.abs(dev[:, j]))):.3g} along it")
        Lr = U[:, pos] * np.sqrt(w[pos])                      # x - mu = Lr z
        Z = (R @ U[:, pos]) / np.sqrt(w[pos])
        return Z, Lr, ""


def exact_law_test(X: np.ndarray, law: LawSpec, alpha: float = 1e-6, seed: int = 0,
                   extra_Z: np.ndarray | None = None) -> ExactLawComparison:
    """One-sample tests of samples ``X`` (n × k) against the exact law; false-failure probability <= alpha.

    Preconditions (validated): X as in :func:`normal_scores`; law a LawSpec; alpha in (0, 1); seed an integer
    >= 0; extra_Z None or a finite array."""
    alpha = _V.in_range("alpha", alpha, 0.0, 1.0, lo_open=True, hi_open=True)
    seed = _V.integer("seed", seed, lo=0)
    law = _law(law)
    extra_Z = _V.optional(_V.array, "extra_Z", extra_Z)
    X = _candidate_samples(X)
    n = X.shape[0]
    Z, L, det = normal_scores(X, law)
    if det:
        return ExactLawComparison(False, alpha, n, 0, {}, [], deterministic_failure=det, min_p_value=0.0)
    k = Z.shape[1]
    if k == 0:
        return ExactLawComparison(True, alpha, n, 0, {})
    rng = np.random.default_rng([seed, 77])
    V, names = _directions(k, L, law.stride, law.labels, rng)
    n_shape_dirs = k + (L.shape[0] if L is not None else 0)   # the first directions: whitened axes, coordinates
    n_shape = min(V.shape[0], n_shape_dirs)                   # tail and KS: whitened axes + coordinates only
    m = 2 * (V.shape[0] + 1) + 2 * (n_shape + 1)               # + the pooled "direction"
    a = alpha / m
    res = {}
    for c0 in range(0, V.shape[0], 64):                        # column blocks (memory)
        part = _pvalues(Z @ V[c0:c0 + 64].T, a, shape_stats=c0 < n_shape)
        for key, trip in part.items():
            if key in ("tail", "ks"):
                trip = tuple(x[:max(0, n_shape - c0)] for x in trip)
            old = res.get(key)
            res[key] = trip if old is None else tuple(np.concatenate([o, t]) for o, t in zip(old, trip))
    pooled = _pvalues(Z.reshape(-1, 1), a)
    failures = []
    pmin = 1.0
    det1 = _detectable(n, a)
    detp = _detectable(n * k, a)
    for stat, (vals, ps, rej) in res.items():
        pmin = min(pmin, float(ps.min()))
        for j in np.flatnonzero(rej):
            failures.append(StatFailure(stat, names[j], float(vals[j]), float(ps[j]), a, _effect(stat, det1)))
    for stat, (vals, ps, rej) in pooled.items():
        pmin = min(pmin, float(ps[0]))
        if rej[0]:
            failures.append(StatFailure(stat, "all whitened coordinates pooled", float(vals[0]), float(ps[0]), a,
                                        _effect(stat, detp)))
    failures.sort(key=lambda f: f.p_value)
    detectable = dict(det1)
    detectable.update({f"pooled_{k_}": v for k_, v in detp.items()})
    return ExactLawComparison(not failures, alpha, n, m, detectable, failures, min_p_value=pmin)


def _effect(stat: str, d: dict) -> str:
    if stat == "mean":
        return f"detects a bias >= {d['mean_bias_sd']:.3g} sd w.p. 0.99"
    if stat == "variance":
        return f"detects std ratio >= {d['std_ratio_hi']:.4g} or <= {d['std_ratio_lo']:.4g} w.p. 0.99"
    if stat == "tail":
        return f"detects P(|score|>3) >= {d['tail_prob_hi']:.4g} (null {d['tail_prob_null']:.4f}) w.p. 0.99"
    return f"detects KS distance >= {d['ks_distance']:.3g} w.p. 0.99"
