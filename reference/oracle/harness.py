"""The one-liner API: ``Oracle.assert_same_draws`` and ``Oracle.assert_same_law`` against a spec id.

    from reference.oracle import Oracle
    Oracle().assert_same_draws(my_fast_tree, "core.tree.TreeAggregator")   # same pre-drawn noise -> same outputs
    Oracle().assert_same_law(my_fast_tree, "core.tree.TreeAggregator")     # own rng -> same law (exact, with power)

Calling conventions (per target: ``dpsco-ref oracle --list`` or ``get_target(id).conventions()``): the port is called
with keyword arguments only — the target's inputs, plus

* draw for draw: ``rng=None`` and the reference's pre-drawn noise keyword(s) (``noise=``, ``draws=``, ``b=``, ...,
  with the target's scaling), and ``trace=[]`` when both the reference and the port accept ``trace``;
* in law: ``rng=<numpy.random.Generator>`` (the port draws its own noise), and ``trace=[]`` for targets whose
  exact law is the law of the noise given the deterministic part (the port records its noise in the trace).

Cases: draw for draw, case ``k`` has inputs ``make_inputs(default_rng([seed, 1, k]))``; in law, ``n_cases`` cases
are chosen from a pool of ``make_inputs(default_rng([seed, 2, j]))`` spread over their sizes (smallest, largest and
between: never all of size 1).  A failure names the case and prints a one-line reproducer.

In law, three tiers (``Target.law_mode()``):

1. exact law of the output (Gaussian / Laplace mechanisms, tree aggregation with its exact cross-time covariance,
   the heavy-tailed mean estimators, the Ch. 7 tree mechanism): one-sample exact tests
   (:mod:`reference.oracle.exact_law`);
2. exact law of the noise given the deterministic part (DP-SGD, Accelerated-DP-SRGD with Gaussian or tree noise):
   the port's trace gives its noise; replaying that noise through the reference must reproduce the port's output
   (deterministic, target tolerance, first ``n_replay`` samples), and the noise must have the exact law (exact
   tests, cross-time covariance of tree noise included);
3. otherwise a two-sample KS test against the reference (rigorous DKW–Massart p-values) with its detectable KS
   distance reported.

Every in-law call keeps its false-failure probability <= ``alpha`` (Bonferroni over cases and statistics) and
reports the smallest effects it detects with probability >= 0.99.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Callable

import numpy as np

from reference.core import validation as _V

from .compare import DrawComparison, Tolerance, _accepts, compare_draws, compare_samples
from .exact_law import ExactLawComparison, exact_law_test
from .targets import Target, get_target

__all__ = ["serialise_inputs", "CaseResult", "Oracle"]


def serialise_inputs(inputs: dict, max_values: int = 64) -> str:
    """A one-line JSON view of an input case (arrays in full when small, else their shape; callables by name).

    Preconditions (validated): inputs a mapping (TypeError naming inputs); max_values an integer >= 0.
    """
    if not isinstance(inputs, Mapping):
        raise TypeError(f"inputs must be a mapping (keyword -> value) of one case, got {type(inputs).__name__} "
                        f"{inputs!r}"[:300])
    max_values = _V.integer("max_values", max_values, lo=0)
    def conv(v):
        if isinstance(v, np.ndarray):
            return v.tolist() if v.size <= max_values else f"array{v.shape}"
        if isinstance(v, (np.floating, np.integer)):
            return v.item()
        if isinstance(v, (list, tuple)):
            return [conv(x) for x in v] if len(v) <= max_values else f"{type(v).__name__}[{len(v)}]"
        if isinstance(v, dict):
            return {str(k): conv(x) for k, x in v.items()}
        if isinstance(v, (int, float, str, bool)) or v is None:
            return v
        return f"<{getattr(v, '__qualname__', type(v).__name__)}>"
    return json.dumps({k: conv(v) for k, v in inputs.items()})


def _size_key(inputs: dict) -> float:
    s = 0.0
    for v in inputs.values():
        if isinstance(v, np.ndarray):
            s += v.size
        elif isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            s += float(v)
        elif isinstance(v, (list, tuple)):
            s += len(v)
    return s


@dataclass
class CaseResult:
    spec_id: str
    mode: str                         # "draws" | "law"
    case: int | None                  # case index (None: inputs given by the caller)
    inputs: dict
    result: object                    # DrawComparison | ExactLawComparison | LawComparison
    seconds: float = 0.0
    seed: int = 0
    law_mode: str = ""

    @property
    def ok(self) -> bool:
        return bool(self.result.ok)

    def reproducer(self, candidate: str = "MODULE:FUNCTION") -> str:
        if self.case is None:
            return f"Oracle(seed={self.seed}).check_{self.mode}(port, {self.spec_id!r}, inputs={{...}})  # inputs: " \
                   f"{serialise_inputs(self.inputs)}"
        return (f"dpsco-ref oracle {candidate} --against {self.spec_id} --mode {self.mode} --seed {self.seed} "
                f"--case {self.case}   # inputs: {serialise_inputs(self.inputs)}")

    def describe(self, candidate: str = "MODULE:FUNCTION") -> str:
        where = f"case {self.case}" if self.case is not None else "given inputs"
        return f"{self.spec_id} [{self.mode}, {where}]: {self.result.message}\n  reproduce: {self.reproducer(candidate)}"


@dataclass
class Oracle:
    """``seed`` fixes every case and sample; ``n_cases`` / ``n_samples`` override the per-target defaults
    (draw for draw: 25 cases; in law: ``Target.law_cases`` cases of ``Target.law_samples`` samples)."""

    seed: int = 0
    n_cases: int | None = None
    n_samples: int | None = None
    n_replay: int = 50
    candidate_name: str = "MODULE:FUNCTION"
    log: list = field(default_factory=list)

    def __post_init__(self):
        """Validated: seed an integer >= 0 (numpy seeds); n_cases, n_samples None or integers >= 1; n_replay an
        integer >= 0; candidate_name a str; log a list."""
        self.seed = _V.integer("seed", self.seed, lo=0)
        self.n_cases = _V.optional(_V.positive_int, "n_cases", self.n_cases)
        self.n_samples = _V.optional(_V.positive_int, "n_samples", self.n_samples)
        self.n_replay = _V.integer("n_replay", self.n_replay, lo=0)
        self.candidate_name = _V.text("candidate_name", self.candidate_name)
        if not isinstance(self.log, list):
            raise TypeError(f"log must be a list, got {type(self.log).__name__}")

    def target(self, spec_id: str) -> Target:
        return get_target(spec_id)

    # ---------------------------------------------------------------- cases
    def draw_case(self, tgt: Target, k: int) -> dict:
        return tgt.make_inputs(np.random.default_rng([self.seed, 1, k]))

    def law_case(self, tgt: Target, j: int) -> dict:
        return tgt.make_inputs(np.random.default_rng([self.seed, 2, j]))

    def law_case_indices(self, tgt: Target, n_cases: int) -> list[int]:
        """``n_cases`` indices from a pool of 6 n_cases + 4 generated cases, spread over their sizes."""
        pool = 6 * n_cases + 4
        key = tgt.size_key or _size_key
        keys = [(key(self.law_case(tgt, j)), j) for j in range(pool)]
        keys.sort()
        pick = list(dict.fromkeys(int(i) for i in np.round(np.linspace(pool - 1, 0, n_cases))))  # largest first
        idx = [keys[i][1] for i in pick]
        j = 0
        while len(idx) < n_cases:                         # (only when n_cases > pool positions, never in practice)
            if keys[j][1] not in idx:
                idx.append(keys[j][1])
            j += 1
        return idx

    # ---------------------------------------------------------------- draw for draw
    def check_draws(self, candidate: Callable, spec_id: str, n_cases: int | None = None, tol: Tolerance | None = None,
                    inputs: dict | None = None, case: int | None = None) -> list[CaseResult]:
        """Compare on ``n_cases`` generated inputs (or on the given ``inputs``, or on case ``case``) with shared
        pre-drawn noise; ``tol`` defaults to the target's reassociation-safe tolerance (``Tolerance()`` for
        bit-identical)."""
        tgt = self.target(spec_id)
        n_cases = n_cases if n_cases is not None else (self.n_cases or 25)
        if n_cases < 1:
            raise ValueError(f"n_cases must be >= 1, got {n_cases}")
        tol = tgt.tolerance if tol is None else tol
        if inputs is not None:
            plan = [(None, dict(inputs))]
        elif case is not None:
            plan = [(case, self.draw_case(tgt, case))]
        else:
            plan = [(k, self.draw_case(tgt, k)) for k in range(n_cases)]
        out = []
        for k, inp in plan:
            t0 = time.perf_counter()
            rng = np.random.default_rng([self.seed, 11, 2 ** 31 if k is None else k])
            extra = {key: inp.pop(key) for key in list(inp) if key in _draw_keys(tgt, inp)} if k is None else {}
            draws = extra or tgt.make_draws(inp, rng)
            if "rng" not in draws:
                draws = dict(draws, rng=None)
            res = compare_draws(tgt.reference, candidate, inp, draws, tol, tgt.output)
            out.append(CaseResult(spec_id, "draws", k, dict(inp, **{a: b for a, b in extra.items()}), res,
                                  time.perf_counter() - t0, self.seed))
        return out

    def assert_same_draws(self, candidate: Callable, spec_id: str, n_cases: int | None = None,
                          tol: Tolerance | None = None, inputs: dict | None = None, case: int | None = None) -> None:
        for r in self.check_draws(candidate, spec_id, n_cases, tol, inputs, case):
            if not r.ok:
                raise AssertionError("candidate differs from the reference draw for draw: "
                                     + r.describe(self.candidate_name))

    # ---------------------------------------------------------------- in law
    def check_law(self, candidate: Callable, spec_id: str, n_samples: int | None = None, n_cases: int | None = None,
                  alpha: float = 1e-6, inputs: dict | None = None, case: int | None = None,
                  tol: Tolerance | None = None) -> list[CaseResult]:
        """In-law test on ``n_cases`` input cases; total false-failure probability <= alpha (Bonferroni)."""
        return list(self.iter_law(candidate, spec_id, n_samples, n_cases, alpha, inputs, case, tol))

    def iter_law(self, candidate: Callable, spec_id: str, n_samples: int | None = None, n_cases: int | None = None,
                 alpha: float = 1e-6, inputs: dict | None = None, case: int | None = None,
                 tol: Tolerance | None = None):
        """As :meth:`check_law`, one case at a time (a caller may stop at the first failing case)."""
        tgt = self.target(spec_id)
        n_samples = n_samples if n_samples is not None else (self.n_samples or tgt.law_samples)
        n_cases = n_cases if n_cases is not None else (self.n_cases or tgt.law_cases)
        if n_samples < 10:
            raise ValueError(f"n_samples must be >= 10, got {n_samples}")
        if n_cases < 1:
            raise ValueError(f"n_cases must be >= 1, got {n_cases}")
        if not (0 < alpha < 1):
            raise ValueError(f"alpha must be in (0, 1), got {alpha!r}")
        tol = tgt.tolerance if tol is None else tol
        if inputs is not None:
            plan = [(None, dict(inputs))]
        elif case is not None:
            plan = [(case, self.law_case(tgt, case))]
        else:
            plan = [(j, self.law_case(tgt, j)) for j in self.law_case_indices(tgt, n_cases)]
        for k, inp in plan:
            t0 = time.perf_counter()
            kk = 2 ** 31 if k is None else k
            a_case = alpha / len(plan)
            use_trace = tgt.noise_from_trace is not None and _accepts(candidate, "trace")
            if tgt.law is not None:
                X = tgt.sample(candidate, inp, n_samples, np.random.default_rng([self.seed, 4, kk]), own_rng=True)
                res = exact_law_test(X, tgt.law(inp), a_case, seed=self.seed)
                mode = tgt.law_mode()
            elif use_trace:
                res = self._law_by_trace(tgt, candidate, inp, n_samples, a_case, kk, tol)
                mode = tgt.law_mode()
            else:
                ref = tgt.sample(tgt.reference, inp, n_samples, np.random.default_rng([self.seed, 3, kk]), own_rng=False)
                cand = tgt.sample(candidate, inp, n_samples, np.random.default_rng([self.seed, 4, kk]), own_rng=True)
                res = compare_samples(ref, cand, alpha=a_case, rng=np.random.default_rng([self.seed, 5, kk]))
                mode = "two-sample KS against the reference" + (
                    " (the port keeps no trace: its noise cannot be tested exactly)" if tgt.noise_from_trace else "")
            yield CaseResult(spec_id, "law", k, inp, res, time.perf_counter() - t0, self.seed, mode)

    def _law_by_trace(self, tgt: Target, candidate, inp, n, alpha, kk, tol) -> ExactLawComparison:
        rng = np.random.default_rng([self.seed, 4, kk])
        rows = []
        for i in range(n):
            trace: list = []
            out = candidate(**dict(inp, rng=rng, trace=trace))
            draws, nv = tgt.noise_from_trace(inp, trace)
            rows.append(np.asarray(nv, dtype=float).ravel())
            if i < self.n_replay:                                   # the step given the deterministic part
                def replayed(_out=out, _trace=trace, **kw):
                    if kw.get("trace") is not None:
                        kw["trace"].extend(_trace)
                    return _out
                d = dict(draws)
                d.setdefault("rng", None)
                cmp = compare_draws(tgt.reference, replayed, inp, d, tol, tgt.output)
                if not cmp.ok:
                    return ExactLawComparison(False, alpha, i + 1, 0, {}, [], deterministic_failure=(
                        f"sample {i}: replaying the port's own recorded noise (trace) through the reference gives a "
                        f"different result: {cmp.message}"), min_p_value=0.0)
        return exact_law_test(np.vstack(rows), tgt.noise_law(inp), alpha, seed=self.seed)

    def assert_same_law(self, candidate: Callable, spec_id: str, n_samples: int | None = None,
                        n_cases: int | None = None, alpha: float = 1e-6, inputs: dict | None = None,
                        case: int | None = None) -> None:
        for r in self.iter_law(candidate, spec_id, n_samples, n_cases, alpha, inputs, case):
            if not r.ok:
                raise AssertionError("candidate's output law differs from the reference: "
                                     + r.describe(self.candidate_name))


def _draw_keys(tgt: Target, inputs: dict) -> set:
    """Keys of ``inputs`` that are the target's pre-drawn randomness (so caller-given draws are used as given)."""
    try:
        probe = dict(inputs)
        keys = set(tgt.make_draws(probe, np.random.default_rng(0)))
    except Exception:
        return set()
    return keys & set(inputs)
