"""Oracle targets: what the harness needs to know about a reference algorithm to test a port against it.

A target is data, not harness code: the reference callable, how to make valid inputs (from a ``Generator``,
and as a hypothesis strategy derived from the spec'd preconditions), how to pre-draw its randomness for given
inputs (the reference's ``noise=`` / ``u=`` / ``draws=`` keywords), and optionally the exact law of its output
(``law``) or of its noise given the deterministic part (``noise_from_trace``, ``noise_law``), its draw-for-draw
tolerance, its documented noise scaling / return type, and its in-law defaults (``law_samples``, ``law_cases``).  A new algorithm plugs in with one :func:`register_target` call (in
``reference/oracle/catalog.py``); nothing in the harness changes.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from reference.core import validation as _V

from .compare import Tolerance, flatten_output
from .exact_law import LawSpec

__all__ = ["Target", "register_target", "get_target", "all_targets"]

DEFAULT_TOLERANCE = Tolerance(atol=1e-9, rtol=1e-9, scaled=True)


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
    # --- in law with power (issue 19) ---
    law: Callable[[dict], LawSpec] | None = None                  # exact law of output(...) given the inputs
    noise_from_trace: Callable[[dict, list], tuple[dict, np.ndarray]] | None = None
    #   (inputs, the port's trace) -> (the reference's pre-drawn keywords reproducing the port's noise, the noise as
    #   a flat vector); its exact law is noise_law(inputs): "the step given the deterministic part"
    noise_law: Callable[[dict], LawSpec] | None = None
    tolerance: Tolerance = DEFAULT_TOLERANCE                      # draw-for-draw default (reassociation-safe)
    tolerance_note: str = "|port - ref| <= 1e-9 * max(1, max|ref|) + 1e-9 * |ref| elementwise (float reassociation)"
    noise_doc: str = ""                                           # the noise keyword(s) and their scaling
    returns_doc: str = ""                                         # what the port returns (output() reads it)
    law_samples: int = 2000                                       # default in-law sample size per case
    law_cases: int = 3                                            # default number of in-law input cases
    size_key: Callable[[dict], Any] | None = None                 # orders generated cases by size (law cases spread)

    def law_mode(self) -> str:
        if self.law is not None:
            return "exact law of the output"
        if self.noise_from_trace is not None:
            return "exact law of the noise given the deterministic part (needs the port's trace) + replay"
        return "two-sample KS against the reference (no exact law known)"

    def conventions(self) -> str:
        """The calling convention a port must follow (signature, noise keywords and scaling, return, trace keys)."""
        try:
            sig = str(inspect.signature(self.reference))
        except (TypeError, ValueError):
            sig = "(...)"
        rng = np.random.default_rng(0)
        lines = [f"{self.spec_id}: {self.description}",
                 f"  reference: {getattr(self.reference, '__module__', '?')}.{getattr(self.reference, '__qualname__', '?')}{sig}"]
        try:
            inp = self.make_inputs(rng)
            draws = self.make_draws(inp, rng)
            lines.append("  inputs (keywords): " + ", ".join(_kind(k, v) for k, v in inp.items()))
            lines.append("  draw-for-draw: called with the inputs + rng=None + " + ", ".join(_kind(k, v) for k, v in draws.items()))
            trace: list = []
            kw = dict(inp, **draws)
            kw.setdefault("rng", None)
            has_trace = _accepts_kw(self.reference, "trace")
            out = self.reference(**kw, **({"trace": trace} if has_trace else {}))
            if has_trace:
                if trace and isinstance(trace[0], dict):
                    lines.append(f"  trace: pass trace=[]; the port appends one dict per step with keys {sorted(trace[0])} "
                                 f"(compared step by step when the port accepts trace)")
                else:
                    lines.append(f"  trace: the reference appends {len(trace)} item(s) of type "
                                 f"{type(trace[0]).__name__ if trace else '-'} for these inputs (compared when both keep one)")
            if not self.returns_doc:
                lines.append(f"  returns: like the reference ({type(out).__name__}; output() flattens it to "
                             f"{self.output(out).size} values here)")
        except Exception as e:  # pragma: no cover - documentation only
            lines.append(f"  (example inputs failed: {e})")
        if self.noise_doc:
            lines.append(f"  noise: {self.noise_doc}")
        lines.append("  in law: called with the inputs + rng=<numpy Generator> (the port draws its own noise)")
        if self.returns_doc:
            lines.append(f"  returns: {self.returns_doc}")
        lines.append(f"  in-law test: {self.law_mode()}; default n_samples = {self.law_samples}, n_cases = {self.law_cases}")
        lines.append(f"  draw-for-draw tolerance: {self.tolerance_note}")
        return "\n".join(lines)

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


def _kind(k, v) -> str:
    if isinstance(v, np.ndarray):
        return f"{k}: array{v.shape}"
    if isinstance(v, dict):
        return f"{k}: dict[{len(v)}]"
    if isinstance(v, (list, tuple)):
        return f"{k}: {type(v).__name__}[{len(v)}]"
    if callable(v):
        return f"{k}: callable"
    return f"{k}: {type(v).__name__}"


def _accepts_kw(fn, name) -> bool:
    try:
        ps = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return name in ps or any(p.kind is p.VAR_KEYWORD for p in ps.values())


TARGETS: dict[str, Target] = {}
_LOADED = False


def register_target(target: Target) -> Target:
    if target.spec_id in TARGETS and TARGETS[target.spec_id].reference is not target.reference:
        raise ValueError(f"oracle target {target.spec_id!r} is registered twice")
    TARGETS[target.spec_id] = target
    return target


class UnknownTargetError(KeyError, ValueError):
    """No oracle target is registered for the given spec_id (a KeyError for lookups, a ValueError for callers that
    validate input)."""

    def __str__(self):
        return str(self.args[0]) if self.args else ""


def get_target(spec_id: str) -> Target:
    """The registered target for a spec id (loads ``reference.oracle.catalog`` on first use).

    Preconditions (validated): spec_id a str (TypeError otherwise) naming a registered target
    (:class:`UnknownTargetError`, a KeyError and ValueError naming spec_id and listing the known ids, otherwise).
    """
    global _LOADED
    spec_id = _V.text("spec_id", spec_id)
    if not _LOADED:
        from . import catalog  # noqa: F401  (registers the targets)

        _LOADED = True
    if spec_id not in TARGETS:
        raise UnknownTargetError(f"spec_id must name a registered oracle target, got {spec_id!r}; known: "
                                 f"{sorted(TARGETS)}"[:600])
    return TARGETS[spec_id]


def all_targets() -> dict[str, Target]:
    global _LOADED
    if not _LOADED:
        from . import catalog  # noqa: F401

        _LOADED = True
    return dict(TARGETS)
