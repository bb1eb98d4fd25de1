"""Comparing a candidate implementation with the reference: draw for draw, and (two-sample) in law.

Draw for draw
    Both functions get the same inputs and the same pre-drawn randomness (the reference's ``noise=`` / ``draws=``
    / ``b=`` keywords); their outputs must agree within a :class:`Tolerance` (default per target: scaled absolute +
    relative, which accepts float reassociation; ``Tolerance.exact()`` for bit-identical, or ULPs).  Iterative
    algorithms that accept ``trace=`` (a list the function appends one dict per step to) are compared step by step;
    the first divergent step, its field, index and both values are reported.

In law, two-sample (targets without a known exact law; see :mod:`reference.oracle.exact_law` for the exact tests)
    The candidate draws its own randomness.  ``n`` outputs of each are compared by two-sample Kolmogorov–Smirnov
    tests on ``k`` random 1-D projections (plus every coordinate when the output has at most 64), with a Bonferroni
    correction and rigorous DKW–Massart p-values: under the null (same law) the probability that the test rejects is
    at most ``alpha``.  The KS distance detected with probability >= 0.99 is reported.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import numpy as np

from reference.core import validation as _V

__all__ = ["flatten_output", "Tolerance", "ulp_distance", "DrawComparison", "compare_draws", "LawComparison",
           "compare_samples"]


# --------------------------------------------------------------------------------------------
# flattening outputs
# --------------------------------------------------------------------------------------------

def flatten_output(out: Any) -> np.ndarray:
    """A 1-D float vector from a scalar, an array, a tuple/list of arrays, a dict or a dataclass of arrays.

    Any real output is flattened as it is — NaN, ±inf, an empty or multi-dimensional array, a bool are outputs to
    compare, not errors (``out=None`` gives the empty vector); a string or an object without a float view is
    refused (TypeError naming out)."""
    if isinstance(out, (str, bytes)):
        raise TypeError(f"out must be a real output (number, array, sequence, mapping or dataclass of them), got "
                        f"{type(out).__name__} {out!r}"[:300])
    if out is None:
        return np.zeros(0)
    if isinstance(out, (int, float, np.floating, np.integer, bool, np.bool_)):
        return np.array([float(out)])
    if isinstance(out, np.ndarray):
        return np.asarray(out, dtype=float).ravel()
    if isinstance(out, Mapping):
        return np.concatenate([flatten_output(out[k]) for k in sorted(out)]) if out else np.zeros(0)
    if hasattr(out, "__dataclass_fields__"):
        return np.concatenate([flatten_output(getattr(out, k)) for k in out.__dataclass_fields__]) \
            if out.__dataclass_fields__ else np.zeros(0)
    if isinstance(out, (list, tuple)):
        parts = [flatten_output(o) for o in out]
        return np.concatenate(parts) if parts else np.zeros(0)
    try:
        return np.asarray(out, dtype=float).ravel()
    except (TypeError, ValueError):
        raise TypeError(f"out must be a real output (number, array, sequence, mapping or dataclass of them), got "
                        f"{type(out).__name__}") from None


# --------------------------------------------------------------------------------------------
# tolerances
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tolerance:
    """``|a - b| <= atol * S + rtol * |b|`` elementwise, ``S = max(1, max |reference values|)`` when ``scaled``
    (else 1); with ``ulps`` set, at most ``ulps`` float64 ULPs apart instead.

    ``Tolerance()`` (all zero) demands bit-identical outputs (``Tolerance.exact()``).  The harness default is each
    target's ``tolerance`` (``Tolerance(1e-9, 1e-9, scaled=True)``): it accepts the float reassociation of a correct
    vectorised port (a cumsum instead of a loop, a matrix product instead of sums: differences of a few ULPs of the
    largest intermediate, also near zero where a pure ULP or relative tolerance fails) and rejects every algorithmic
    difference larger than 1e-9 of the output's scale.
    """

    atol: float = 0.0
    rtol: float = 0.0
    ulps: int | None = None
    scaled: bool = False

    def __post_init__(self):
        """Validated: atol, rtol finite reals >= 0 (not bools); ulps None or an integer >= 0; scaled a bool."""
        object.__setattr__(self, "atol", _V.nonnegative("atol", self.atol))
        object.__setattr__(self, "rtol", _V.nonnegative("rtol", self.rtol))
        object.__setattr__(self, "ulps", _V.optional(_V.integer, "ulps", self.ulps, lo=0))
        object.__setattr__(self, "scaled", _V.flag("scaled", self.scaled))

    @classmethod
    def exact(cls) -> "Tolerance":
        return cls()

    def describe(self) -> str:
        if self.ulps is not None:
            return f"<= {self.ulps} ULPs"
        if self.atol == 0 and self.rtol == 0:
            return "bit-identical"
        return f"|diff| <= {self.atol:g}{' * max(1, max|ref|)' if self.scaled else ''} + {self.rtol:g} * |ref|"

    def close(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Elementwise: candidate ``a`` close to reference ``b``."""
        a = np.asarray(a, dtype=float)
        b = np.asarray(b, dtype=float)
        same = (a == b) | (np.isnan(a) & np.isnan(b))
        if self.ulps is not None:
            return same | (ulp_distance(a, b) <= self.ulps)
        S = max(1.0, float(np.max(np.abs(b[np.isfinite(b)])))) if (self.scaled and b.size and np.any(np.isfinite(b))) else 1.0
        with np.errstate(invalid="ignore"):
            return same | (np.abs(a - b) <= self.atol * S + self.rtol * np.abs(b))


def ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Number of representable float64 values between a and b elementwise (0 when equal; ±inf are representable
    values, so ``a=inf`` is admissible; NaN has no position: the distance is inf — never close — where exactly one
    side is NaN, and 0 where both are).

    Preconditions (validated): a, b real numbers or arrays of the same shape (TypeError for None, strings, bools;
    ValueError naming a and b for different shapes).
    """
    for name, v in (("a", a), ("b", b)):
        if v is None or isinstance(v, (str, bytes, bool, np.bool_)) or \
                (isinstance(v, np.ndarray) and v.dtype.kind not in "fiu"):
            raise TypeError(f"{name} must be a real number or array of reals, got {type(v).__name__} {v!r}"[:300])
    try:
        a = np.asarray(a, dtype=np.float64)
        b = np.asarray(b, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError("a and b must be real numbers or arrays of reals") from None
    if a.shape != b.shape:
        raise ValueError(f"a and b must have the same shape, got a {a.shape} and b {b.shape}")
    na, nb = np.isnan(a), np.isnan(b)

    def ordered(x):
        i = x.view(np.int64)
        return np.where(i < 0, np.int64(-0x8000000000000000) - i, i)

    oa, ob = ordered(np.ascontiguousarray(a)), ordered(np.ascontiguousarray(b))
    same_side = (oa >= 0) == (ob >= 0)                  # no int64 overflow in oa − ob
    with np.errstate(over="ignore"):
        d = np.where(same_side, np.abs(oa - ob).astype(float), np.abs(oa.astype(float) - ob.astype(float)))
    return np.where(na & nb, 0.0, np.where(na | nb, np.inf, d))


# --------------------------------------------------------------------------------------------
# draw-for-draw
# --------------------------------------------------------------------------------------------

@dataclass
class DrawComparison:
    ok: bool
    max_abs_error: float
    max_ulps: float
    n_values: int
    first_divergent_step: int | None = None   # index into the trace, when traces were compared
    divergent_field: str | None = None
    message: str = ""
    first_index: int | None = None          # first output index beyond tolerance
    reference_value: float | None = None
    candidate_value: float | None = None

    def __bool__(self) -> bool:
        return self.ok


def _accepts(fn: Callable, name: str) -> bool:
    import inspect

    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return False
    return name in sig.parameters or any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())


def _trace_item_vector(item: Any) -> dict[str, np.ndarray]:
    if isinstance(item, Mapping):
        return {str(k): flatten_output(v) for k, v in item.items()}
    return {"value": flatten_output(item)}


def compare_draws(reference: Callable, candidate: Callable, inputs: Mapping[str, Any], draws: Mapping[str, Any],
                  tol: Tolerance = Tolerance(atol=1e-9, rtol=1e-9, scaled=True), output: Callable[[Any], np.ndarray] = flatten_output,
                  use_trace: bool = True) -> DrawComparison:
    """Run both on the same inputs and pre-drawn randomness; compare outputs (and traces, when both keep one).

    Preconditions: ``reference(**inputs, **draws)`` is deterministic given ``draws`` (the reference convention);
    ``candidate`` takes the same keywords (``rng`` is passed as ``None`` to both when it is among ``inputs``).
    Postcondition: ``ok`` iff every output value is within ``tol``; ``first_divergent_step`` is the first trace
    index whose values differ beyond ``tol`` (None when traces were not both kept or agree).
    """
    _V.callable_("reference", reference)
    _V.callable_("candidate", candidate)
    _V.callable_("output", output)
    use_trace = _V.flag("use_trace", use_trace)
    for name, v in (("inputs", inputs), ("draws", draws)):
        if not isinstance(v, Mapping):
            raise TypeError(f"{name} must be a mapping (keyword -> value), got {type(v).__name__} {v!r}"[:300])
    if not isinstance(tol, Tolerance):
        raise TypeError(f"tol must be a Tolerance, got {type(tol).__name__} {tol!r}"[:300])
    kw = dict(inputs)
    kw.update(draws)
    ref_trace: list | None = [] if use_trace and _accepts(reference, "trace") else None
    cand_trace: list | None = [] if (ref_trace is not None and _accepts(candidate, "trace")) else None
    r_out = reference(**kw, **({"trace": ref_trace} if ref_trace is not None else {}))
    c_out = candidate(**kw, **({"trace": cand_trace} if cand_trace is not None else {}))
    a, b = output(r_out), output(c_out)
    if a.shape != b.shape:
        return DrawComparison(False, math.inf, math.inf, a.size,
                              message=f"output sizes differ: reference {a.size}, candidate {b.size}")
    close = tol.close(b, a)
    err = float(np.max(np.abs(a - b))) if a.size else 0.0
    ulp = float(np.max(ulp_distance(a, b))) if a.size else 0.0
    step = fieldname = None
    step_detail = ""
    if ref_trace is not None and cand_trace is not None:
        for t, (ri, ci) in enumerate(zip(ref_trace, cand_trace)):
            rv, cv = _trace_item_vector(ri), _trace_item_vector(ci)
            for key in rv:
                if key not in cv:
                    step, fieldname, step_detail = t, key, f"the port's trace has no key {key!r} (keys {sorted(cv)})"
                elif rv[key].shape != cv[key].shape:
                    step, fieldname, step_detail = t, key, f"shape {cv[key].shape} instead of {rv[key].shape}"
                else:
                    c = tol.close(cv[key], rv[key])
                    if not np.all(c):
                        j = int(np.flatnonzero(~c)[0])
                        step, fieldname = t, key
                        step_detail = f"[{j}] reference {float(rv[key][j])!r}, port {float(cv[key][j])!r}"
                if step is not None:
                    break
            if step is not None:
                break
        if step is None and len(ref_trace) != len(cand_trace):
            step, fieldname = min(len(ref_trace), len(cand_trace)), "<trace length>"
            step_detail = f"reference {len(ref_trace)} steps, port {len(cand_trace)}"
    ok = bool(np.all(close))
    i0 = rv0 = cv0 = None
    if ok:
        msg = f"identical within tolerance ({tol.describe()})"
    else:
        i0 = int(np.flatnonzero(~close)[0])
        rv0, cv0 = float(a[i0]), float(b[i0])
        msg = (f"{int(np.sum(~close))}/{a.size} output values differ beyond {tol.describe()}; first at output[{i0}]: "
               f"reference {rv0!r}, port {cv0!r}; max |diff| = {err:.3g} ({ulp:.0f} ULPs)")
    if step is not None:
        msg += f"; first divergent trace step {step} (field {fieldname!r}"
        if step_detail:
            msg += f": {step_detail}"
        msg += ")"
    return DrawComparison(ok, err, ulp, int(a.size), step, fieldname, msg, i0, rv0, cv0)


# --------------------------------------------------------------------------------------------
# in law
# --------------------------------------------------------------------------------------------

@dataclass
class LawComparison:
    ok: bool
    alpha: float                      # declared false-failure probability (same law, test rejects)
    n_tests: int
    min_p_value: float
    worst_direction: int
    ks_statistic: float
    mean_check: str = ""
    details: dict = field(default_factory=dict)
    detectable_ks: float = float("nan")      # KS distance along a tested direction detected w.p. >= 0.99

    def __bool__(self) -> bool:
        return self.ok

    @property
    def message(self) -> str:
        verdict = "same law not rejected" if self.ok else "DIFFERENT LAW"
        return (f"{verdict}: min KS p-value {self.min_p_value:.3g} over {self.n_tests} projections "
                f"(reject below {self.alpha / self.n_tests:.3g}; false-failure <= {self.alpha:g}); "
                f"KS D = {self.ks_statistic:.4f} (direction {self.worst_direction}); detects a KS distance >= "
                f"{self.detectable_ks:.3g} along a tested direction w.p. >= 0.99. {self.mean_check}")


def _directions(dim: int, k: int, rng: np.random.Generator) -> np.ndarray:
    dirs = [np.eye(dim)[i] for i in range(dim)] if dim <= 64 else []
    g = rng.standard_normal((k, dim))
    g /= np.linalg.norm(g, axis=1, keepdims=True)
    return np.vstack(dirs + [g]) if dirs else g


def _samples(name, v, *, allow_nonfinite=False):
    """Samples (n × dim, or n values) as a 2-D float array (NaN/inf refused unless ``allow_nonfinite``)."""
    a = _V.array(name, v, allow_inf=allow_nonfinite) if not allow_nonfinite else _real_array(name, v)
    if a.ndim == 0 or a.ndim > 2:
        raise ValueError(f"{name} must be an (n × dim) array or n values, got shape {a.shape}")
    return np.atleast_2d(a)


def _real_array(name, v):
    if v is None or isinstance(v, (str, bytes, bool, np.bool_)):
        raise TypeError(f"{name} must be an array of real samples, got {type(v).__name__} {v!r}"[:300])
    try:
        a = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of real samples, got {type(v).__name__}") from None
    if a.size == 0:
        raise ValueError(f"{name} must not be empty")
    return a


def compare_samples(ref: np.ndarray, cand: np.ndarray, alpha: float = 1e-6, n_projections: int = 8,
                    rng: np.random.Generator | None = None, exact_mean: np.ndarray | None = None,
                    exact_cov: np.ndarray | None = None) -> LawComparison:
    """Two-sample test of ``ref`` (n1 × dim) against ``cand`` (n2 × dim); false-failure probability <= alpha.

    Preconditions (validated): ref finite, cand real (its non-finite values make the comparison fail: ok = False),
    same dimension; alpha in (0, 1); n_projections an integer >= 0; rng a Generator or None.

    For each direction the two-sample KS statistic D is turned into a rigorous p-value by the triangle
    inequality D <= D1 + D2 (each sample against the common law F) and the one-sample DKW inequality with
    Massart's constant, P(D_i >= s) <= 2 exp(-2 n_i s^2), split at s = t sqrt(n2)/(sqrt(n1)+sqrt(n2)):
    ``p <= 4 exp(-2 t^2 n1 n2 / (sqrt(n1)+sqrt(n2))^2)``, valid for every law (continuous or not) and every n.
    The directions' tests are combined by Bonferroni.  With ``exact_mean``/``exact_cov`` of the reference law,
    the candidate's sample mean is also
    checked with Chebyshev's inequality along each tested direction (alpha split in half between the two parts).
    """
    from scipy import stats

    alpha = _V.in_range("alpha", alpha, 0.0, 1.0, lo_open=True, hi_open=True)
    n_projections = _V.integer("n_projections", n_projections, lo=0)
    rng = _V.generator("rng", rng, allow_none=True)
    ref = _samples("ref", ref)
    cand = _samples("cand", cand, allow_nonfinite=True)       # a candidate's NaN/inf is a failure, not an error
    if ref.shape[0] == 1 and ref.ndim == 2 and ref.shape[1] > 1 and cand.shape[0] == 1:
        ref, cand = ref.T, cand.T
    if ref.shape[1] != cand.shape[1]:
        raise ValueError(f"ref and cand must have the same sample dimension: ref {ref.shape[1]}, cand "
                         f"{cand.shape[1]}")
    if not np.all(np.isfinite(cand)):
        return LawComparison(False, alpha, 0, 0.0, -1, math.inf,
                             mean_check=f"DIFFERENT LAW: the candidate emitted {int(np.sum(~np.isfinite(cand)))} "
                                        "non-finite sample value(s)")
    rng = rng or np.random.default_rng(0)
    dirs = _directions(ref.shape[1], n_projections, rng)
    a_ks = alpha / 2 if exact_mean is not None else alpha
    m = len(dirs)
    n1, n2 = ref.shape[0], cand.shape[0]
    n_eff = n1 * n2 / (math.sqrt(n1) + math.sqrt(n2)) ** 2
    pmin, worst, dworst = 1.0, -1, 0.0
    for j, u in enumerate(dirs):
        d = stats.ks_2samp(ref @ u, cand @ u).statistic
        p = min(1.0, 4.0 * math.exp(-2.0 * n_eff * d * d))  # rigorous: DKW-Massart on each sample
        if p < pmin or worst < 0:
            pmin, worst, dworst = p, j, float(d)
    ok = pmin >= a_ks / m
    mean_msg = ""
    if exact_mean is not None:
        exact_mean = np.asarray(exact_mean, dtype=float).ravel()
        cov = np.asarray(exact_cov, dtype=float) if exact_cov is not None else None
        if cov is None:
            raise ValueError("exact_cov is required with exact_mean (Chebyshev needs the variance)")
        worst_ratio = 0.0
        for u in dirs:
            var = float(u @ cov @ u)
            dev = abs(float(np.mean(cand @ u)) - float(exact_mean @ u))
            radius = math.sqrt(var / (n2 * (alpha / 2) / m)) if var > 0 else 0.0
            worst_ratio = max(worst_ratio, dev / radius if radius > 0 else (0.0 if dev == 0 else math.inf))
        ok = ok and worst_ratio <= 1.0
        mean_msg = f"Mean vs exact (Chebyshev): worst |dev|/radius = {worst_ratio:.3g} (must be <= 1)."
    # power: under an alternative at KS distance Delta along a direction, D >= Delta - D1 - D2 and
    # P(D1 + D2 >= s) <= 4 exp(-2 n_eff s^2) (same split as the p-value): detected w.p. >= 0.99 when
    # Delta >= t_crit + sqrt(ln(400) / (2 n_eff)), t_crit solving 4 exp(-2 n_eff t^2) = a_ks / m.
    t_crit = math.sqrt(math.log(4 * m / a_ks) / (2 * n_eff))
    det = t_crit + math.sqrt(math.log(400.0) / (2 * n_eff))
    return LawComparison(ok, alpha, m, pmin, worst, dworst, mean_msg, detectable_ks=det)
