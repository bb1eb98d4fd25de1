"""Check framework: a registry of check functions keyed by spec id, and their structured results.

A *check* is a function ``fn(ctx: CheckContext) -> Outcome``.  It is registered with :func:`check`::

    from proofs_checks.framework import check, Outcome, Verdict

    @check("core.gaussian_rdp.proved", spec="core.stmt.rdp_gaussian", profile="quick")
    def _(ctx):
        ...                                     # sympy / mpmath / Arb / Monte Carlo work
        return Outcome(Verdict.PROVED, claimed="D_alpha = alpha*Delta^2/(2 sigma^2)",
                       computed="sympy simplify(difference) == 0", margin=0)

Rules (DEVELOPERS.md):
* the check id is stable and unique; ``spec`` names the spec entry (or entries) it checks;
* randomness comes only from ``ctx.rng`` (seeded from the check id, so results do not depend on the
  order or the executor) or from generators derived with ``ctx.child_rng(k)``;
* a STATISTICAL outcome states its false-failure probability in ``precision`` (``<= 1e-6``);
* an ERRATUM outcome carries the ``counterexample``;
* ``profile="quick"`` checks run in both profiles and must take at most a few seconds;
  ``profile="full"`` checks run only in the full profile.  ``ctx.profile`` lets a quick check use a
  larger grid in the full profile.

The framework fills in ``id``, ``spec`` and ``seconds``; an exception inside a check becomes FAILED
with the traceback, never a crash of the whole run.
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import math
import pkgutil
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

PROFILES = ("quick", "full")


class Verdict(str, enum.Enum):
    """What a check established.  Ordered from strongest evidence to 'no evidence'."""

    PROVED = "PROVED"            # sympy proof of an identity / inequality
    CERTIFIED = "CERTIFIED"      # interval / ball arithmetic encloses it over the stated range or grid
    NUMERIC = "NUMERIC"          # high-precision evaluation on a stated grid (not a proof)
    STATISTICAL = "STATISTICAL"  # passed a test with declared false-failure probability
    PARTIAL = "PARTIAL"          # only a special case / a sub-step / a form with added hypotheses was established
    PROOF_GAP = "PROOF-GAP"      # a step of the proof fails (counterexample to the step); the statement is open
    ERRATUM = "ERRATUM"          # the printed statement fails; counterexample attached
    FAILED = "FAILED"            # an unexpected failure: a bug to fix
    SKIPPED = "SKIPPED"          # not checked, with the reason

    def __str__(self) -> str:  # pragma: no cover - cosmetic
        return self.value


#: Verdicts that mean "the printed statement holds over its declared domain" (with the stated kind of evidence).
HOLDS = (Verdict.PROVED, Verdict.CERTIFIED, Verdict.NUMERIC, Verdict.STATISTICAL)

#: Verdicts that are not a refutation of the printed statement (it holds, or holds in part, or its proof has a gap).
NOT_REFUTED = HOLDS + (Verdict.PARTIAL, Verdict.PROOF_GAP)


@dataclass
class Outcome:
    """What a check function returns.  All fields but ``verdict`` are optional but should be filled.

    ``claimed``   the claimed value or inequality, as text (constants explicit);
    ``computed``  what was computed (value, enclosure, proof step);
    ``margin``    slack of the inequality at the tightest point (>= 0 when it holds; negative for errata),
                  or ``None`` when it does not apply;
    ``precision`` mpmath dps / Arb bits / confidence level ("false-failure <= 1e-6");
    ``details``   free text (grid, seeds, sample sizes);
    ``counterexample`` for ERRATUM: the parameters where the printed statement fails and by how much;
                  for PROOF-GAP: the step that fails and the point where it fails;
    ``coverage``  for holding verdicts: what was covered (the region of the declared domain, how many points or
                  boxes, which special case); for PARTIAL: what is missing;
    ``artifacts`` paths of plots written (full profile).
    """

    verdict: Verdict
    claimed: str = ""
    computed: str = ""
    margin: float | None = None
    precision: str = ""
    details: str = ""
    counterexample: str = ""
    artifacts: list[str] = field(default_factory=list)
    coverage: str = ""

    def __post_init__(self) -> None:
        self.verdict = Verdict(self.verdict)
        if self.margin is not None:
            self.margin = float(self.margin)
        if self.verdict in (Verdict.ERRATUM, Verdict.PROOF_GAP) and not self.counterexample:
            raise ValueError(f"an {self.verdict.value} outcome must carry a counterexample")
        if self.verdict is Verdict.PARTIAL and not (self.coverage or self.details):
            raise ValueError("a PARTIAL outcome must say what was covered and what is missing (coverage=...)")


@dataclass
class CheckResult:
    """A finished check: the Outcome plus identity and timing (what reports and JSON carry)."""

    id: str
    spec: list[str]
    verdict: str
    claimed: str
    computed: str
    margin: float | None
    precision: str
    details: str
    counterexample: str
    artifacts: list[str]
    seconds: float
    profile: str
    expected: str | None = None
    coverage: str = ""

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        if d["margin"] is not None and not math.isfinite(d["margin"]):
            d["margin"] = str(d["margin"])
        return d


@dataclass
class CheckContext:
    """Passed to every check.  ``rng`` is seeded from the check id (order- and executor-independent)."""

    check_id: str
    profile: str
    artifact_dir: Path | None = None

    def __post_init__(self) -> None:
        self.seed = seed_from_id(self.check_id)
        self.rng = np.random.default_rng(self.seed)

    @property
    def full(self) -> bool:
        return self.profile == "full"

    def child_rng(self, k: int) -> np.random.Generator:
        """An independent generator for sub-experiment ``k`` (reproducible)."""
        return np.random.default_rng([self.seed, int(k)])

    def figure_path(self, name: str) -> Path | None:
        """Where to save a plot (``None`` when the run writes no artifacts)."""
        if self.artifact_dir is None:
            return None
        self.artifact_dir.mkdir(parents=True, exist_ok=True)
        safe = self.check_id.replace("/", "_")
        return self.artifact_dir / f"{safe}__{name}"


def seed_from_id(check_id: str) -> int:
    """64-bit seed derived from the check id only (SHA-256)."""
    return int.from_bytes(hashlib.sha256(check_id.encode()).digest()[:8], "little")


@dataclass(frozen=True)
class RegisteredCheck:
    id: str
    spec: tuple[str, ...]
    profile: str
    fn: Callable[[CheckContext], Outcome]
    module: str


_REGISTRY: dict[str, RegisteredCheck] = {}


def check(check_id: str, *, spec: str | Sequence[str], profile: str = "quick"):
    """Decorator registering ``fn(ctx) -> Outcome`` as the check ``check_id`` of spec entry ``spec``."""
    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {PROFILES}, got {profile!r}")
    specs = (spec,) if isinstance(spec, str) else tuple(spec)
    if not specs:
        raise ValueError(f"check {check_id!r}: spec must name at least one spec entry")

    def deco(fn: Callable[[CheckContext], Outcome]):
        if check_id in _REGISTRY and _REGISTRY[check_id].fn.__qualname__ != fn.__qualname__:
            raise ValueError(f"duplicate check id {check_id!r} ({fn.__module__} and {_REGISTRY[check_id].module})")
        _REGISTRY[check_id] = RegisteredCheck(check_id, specs, profile, fn, fn.__module__)
        return fn

    return deco


_DISCOVERED = False


def discover() -> dict[str, RegisteredCheck]:
    """Import every module under ``proofs_checks`` so that all checks register; return the registry."""
    global _DISCOVERED
    if not _DISCOVERED:
        import proofs_checks

        for mod in pkgutil.walk_packages(proofs_checks.__path__, prefix="proofs_checks."):
            if mod.name.rsplit(".", 1)[-1].startswith("_") or mod.name in ("proofs_checks.cli",):
                continue
            importlib.import_module(mod.name)
        _DISCOVERED = True
    return _REGISTRY


def registry() -> dict[str, RegisteredCheck]:
    return discover()


def select(profile: str = "quick", source: str | None = None, pattern: str | None = None) -> list[str]:
    """Check ids to run for a profile, optionally filtered by source prefix and an fnmatch glob."""
    import fnmatch

    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {PROFILES}, got {profile!r}")
    out = []
    for cid, rc in sorted(discover().items()):
        if profile == "quick" and rc.profile == "full":
            continue
        if source is not None and not any(s.split(".", 1)[0] == source or s.startswith(source + ".") or s.startswith(source + "_") for s in rc.spec):
            continue
        if pattern is not None and not (fnmatch.fnmatch(cid, pattern) or any(fnmatch.fnmatch(s, pattern) for s in rc.spec)):
            continue
        out.append(cid)
    return out


def run_one(check_id: str, profile: str = "quick", artifact_dir: str | None = None) -> CheckResult:
    """Run one check by id (a top-level function of strings: picklable for any Executor)."""
    rc = discover()[check_id]
    ctx = CheckContext(check_id, profile, Path(artifact_dir) if artifact_dir else None)
    t0 = time.perf_counter()
    try:
        out = rc.fn(ctx)
        if not isinstance(out, Outcome):
            raise TypeError(f"check {check_id} returned {type(out).__name__}, not Outcome")
    except Exception:  # noqa: BLE001 - any exception is a FAILED verdict, reported with traceback
        out = Outcome(Verdict.FAILED, details=traceback.format_exc(limit=8))
    secs = time.perf_counter() - t0
    return CheckResult(
        id=check_id, spec=list(rc.spec), verdict=out.verdict.value, claimed=out.claimed,
        computed=out.computed, margin=out.margin, precision=out.precision, details=out.details,
        counterexample=out.counterexample, artifacts=list(out.artifacts), seconds=round(secs, 4),
        profile=profile, coverage=out.coverage,
    )


def run_checks(ids: Iterable[str], profile: str = "quick", executor=None, artifact_dir: str | None = None,
               progress: Callable[[CheckResult, int, int], None] | None = None) -> list[CheckResult]:
    """Run checks, serially or on any ``concurrent.futures.Executor`` (process pool, Dask, Ray...).

    Results come back sorted by id, so they are identical whatever the executor or its order.
    """
    ids = list(ids)
    results: list[CheckResult] = []
    n = len(ids)
    if executor is None:
        for cid in ids:
            r = run_one(cid, profile, artifact_dir)
            results.append(r)
            if progress:
                progress(r, len(results), n)
    else:
        from concurrent.futures import as_completed

        futs = [executor.submit(run_one, cid, profile, artifact_dir) for cid in ids]
        for f in as_completed(futs):
            r = f.result()
            results.append(r)
            if progress:
                progress(r, len(results), n)
    results.sort(key=lambda r: r.id)
    return results


# --------------------------------------------------------------------------------------------
# Small helpers used by many checks
# --------------------------------------------------------------------------------------------

def holds(verdict: Verdict | str) -> bool:
    return Verdict(verdict) in HOLDS


def erratum(claimed: str, computed: str, counterexample: str, margin: float | None = None,
            precision: str = "", details: str = "") -> Outcome:
    return Outcome(Verdict.ERRATUM, claimed=claimed, computed=computed, margin=margin,
                   precision=precision, details=details, counterexample=counterexample)


def partial(claimed: str, computed: str, coverage: str, margin: float | None = None,
            precision: str = "", details: str = "") -> Outcome:
    """The claim was established only in part: ``coverage`` says what was covered and what is missing."""
    return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, margin=margin,
                   precision=precision, details=details, coverage=coverage)


def proof_gap(claimed: str, computed: str, counterexample: str, margin: float | None = None,
              precision: str = "", details: str = "") -> Outcome:
    """A step of the proof fails (``counterexample`` names the step and the point); the statement stays open."""
    return Outcome(Verdict.PROOF_GAP, claimed=claimed, computed=computed, margin=margin,
                   precision=precision, details=details, counterexample=counterexample)


def fail(claimed: str, computed: str, details: str = "", margin: float | None = None) -> Outcome:
    return Outcome(Verdict.FAILED, claimed=claimed, computed=computed, details=details, margin=margin)
