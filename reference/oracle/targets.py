"""Oracle targets: what the harness needs to know about a reference algorithm to test a port against it.

A target is data, not harness code: the reference callable, how to make valid inputs (from a ``Generator``,
and as a hypothesis strategy derived from the spec'd preconditions), how to pre-draw its randomness for given
inputs (the reference's ``noise=`` / ``u=`` / ``draws=`` keywords), and optionally the exact mean/covariance
of its output.  A new algorithm plugs in with one :func:`register_target` call (in
``reference/oracle/catalog.py``); nothing in the harness changes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from .compare import flatten_output


@dataclass(frozen=True)
class Target:
    spec_id: str
    reference: Callable[..., Any]
    make_inputs: Callable[[np.random.Generator], dict]            # valid inputs (keyword arguments, no randomness)
    make_draws: Callable[[dict, np.random.Generator], dict]       # pre-drawn randomness for those inputs
    output: Callable[[Any], np.ndarray] = flatten_output          # output -> 1-D float vector
    inputs_strategy: Callable[[], Any] | None = None              # () -> hypothesis strategy of input dicts
    exact_moments: Callable[[dict], tuple[np.ndarray, np.ndarray]] | None = None  # inputs -> (mean, cov)
    description: str = ""

    def run(self, fn: Callable, inputs: dict, draws: dict | None = None, rng: np.random.Generator | None = None):
        """Call ``fn`` on inputs with either pre-drawn randomness or its own ``rng``."""
        kw = dict(inputs)
        if draws is not None:
            kw.update(draws)
            kw.setdefault("rng", None)
        else:
            kw["rng"] = rng
        return fn(**kw)

    def sample(self, fn: Callable, inputs: dict, n: int, rng: np.random.Generator, own_rng: bool = True) -> np.ndarray:
        """``n`` outputs of ``fn`` on fixed inputs (n × dim).

        ``own_rng=True``: ``fn`` draws from ``rng`` itself (a port with its own sampler);
        ``own_rng=False``: the reference's pre-drawn randomness is drawn from ``rng`` and passed in.
        """
        rows = []
        for _ in range(n):
            if own_rng:
                rows.append(self.output(self.run(fn, inputs, rng=rng)))
            else:
                rows.append(self.output(self.run(fn, inputs, draws=self.make_draws(inputs, rng))))
        return np.vstack(rows)


TARGETS: dict[str, Target] = {}
_LOADED = False


def register_target(target: Target) -> Target:
    if target.spec_id in TARGETS and TARGETS[target.spec_id].reference is not target.reference:
        raise ValueError(f"oracle target {target.spec_id!r} is registered twice")
    TARGETS[target.spec_id] = target
    return target


def get_target(spec_id: str) -> Target:
    """The registered target for a spec id (loads ``reference.oracle.catalog`` on first use)."""
    global _LOADED
    if not _LOADED:
        from . import catalog  # noqa: F401  (registers the targets)

        _LOADED = True
    if spec_id not in TARGETS:
        raise KeyError(f"no oracle target for spec id {spec_id!r}; known: {sorted(TARGETS)}")
    return TARGETS[spec_id]


def all_targets() -> dict[str, Target]:
    global _LOADED
    if not _LOADED:
        from . import catalog  # noqa: F401

        _LOADED = True
    return dict(TARGETS)
