"""The one-liner API: ``Oracle.assert_same_draws`` and ``Oracle.assert_same_law`` against a spec id.

    from reference.oracle import Oracle
    Oracle().assert_same_draws(my_fast_tree, "core.tree.TreeAggregator")      # same draws -> same outputs
    Oracle().assert_same_law(my_fast_tree, "core.tree.TreeAggregator", n_samples=4000)   # own RNG -> same law

Both explore many valid inputs (``n_cases`` drawn by the target's input generator from a fixed seed), not one
hand-picked case.  Failures raise ``AssertionError`` with the first failing inputs and the comparison's message.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .compare import DrawComparison, LawComparison, Tolerance, compare_draws, compare_samples
from .targets import Target, get_target


def _short(inputs: dict) -> str:
    out = []
    for k, v in inputs.items():
        if isinstance(v, np.ndarray):
            out.append(f"{k}=array{v.shape}")
        elif callable(v):
            out.append(f"{k}=<{getattr(v, '__qualname__', type(v).__name__)}>")
        else:
            out.append(f"{k}={v!r}")
    return ", ".join(out)


@dataclass
class Oracle:
    seed: int = 0

    def target(self, spec_id: str) -> Target:
        return get_target(spec_id)

    def check_draws(self, candidate: Callable, spec_id: str, n_cases: int = 25, tol: Tolerance = Tolerance(),
                    inputs: dict | None = None) -> list[tuple[dict, DrawComparison]]:
        """Compare on ``n_cases`` random valid inputs (or on the given ``inputs``) with shared pre-drawn noise."""
        if n_cases < 1:
            raise ValueError(f"n_cases must be >= 1, got {n_cases}")
        tgt = self.target(spec_id)
        rng = np.random.default_rng([self.seed, 1])
        out = []
        for _ in range(1 if inputs is not None else n_cases):
            inp = dict(inputs) if inputs is not None else tgt.make_inputs(rng)
            draws = tgt.make_draws(inp, rng)
            if "rng" not in draws:
                draws = dict(draws, rng=None)
            out.append((inp, compare_draws(tgt.reference, candidate, inp, draws, tol, tgt.output)))
        return out

    def assert_same_draws(self, candidate: Callable, spec_id: str, n_cases: int = 25,
                          tol: Tolerance = Tolerance(), inputs: dict | None = None) -> None:
        for inp, res in self.check_draws(candidate, spec_id, n_cases, tol, inputs):
            if not res.ok:
                raise AssertionError(f"{spec_id}: candidate differs from the reference draw for draw on inputs "
                                     f"({_short(inp)}): {res.message}")

    def check_law(self, candidate: Callable, spec_id: str, n_samples: int = 4000, n_cases: int = 3,
                  alpha: float = 1e-6, inputs: dict | None = None) -> list[tuple[dict, LawComparison]]:
        """In-law test on ``n_cases`` input sets; total false-failure probability <= alpha (Bonferroni)."""
        if n_samples < 10:
            raise ValueError(f"n_samples must be >= 10, got {n_samples}")
        tgt = self.target(spec_id)
        rng = np.random.default_rng([self.seed, 2])
        cases = [dict(inputs)] if inputs is not None else [tgt.make_inputs(rng) for _ in range(n_cases)]
        out = []
        for k, inp in enumerate(cases):
            ref = tgt.sample(tgt.reference, inp, n_samples, np.random.default_rng([self.seed, 3, k]), own_rng=False)
            cand = tgt.sample(candidate, inp, n_samples, np.random.default_rng([self.seed, 4, k]), own_rng=True)
            mean, cov = tgt.exact_moments(inp) if tgt.exact_moments else (None, None)
            res = compare_samples(ref, cand, alpha=alpha / len(cases), rng=np.random.default_rng([self.seed, 5, k]),
                                  exact_mean=mean, exact_cov=cov)
            out.append((inp, res))
        return out

    def assert_same_law(self, candidate: Callable, spec_id: str, n_samples: int = 4000, n_cases: int = 3,
                        alpha: float = 1e-6, inputs: dict | None = None) -> None:
        for inp, res in self.check_law(candidate, spec_id, n_samples, n_cases, alpha, inputs):
            if not res.ok:
                raise AssertionError(f"{spec_id}: candidate's output law differs from the reference on inputs "
                                     f"({_short(inp)}): {res.message}")
