"""``dpsco-ref``: run the checks, show coverage, show one entry.

    dpsco-ref verify [--profile quick|full] [--source 000] [--id GLOB] [--jobs N] [--executor E] [--json PATH] [--report-dir DIR]
                     [--diff]
    dpsco-ref specs [--source S]
    dpsco-ref show ID
    dpsco-ref oracle module:function --against SPEC_ID [--mode draws|law|both] [--n-cases N] [--n-samples N]
                     [--case K] [--exact | --atol A --rtol R | --ulps U] [--alpha A] [--seed S]
    dpsco-ref oracle --list [--against SPEC_ID]
    (every command) --seeds-dir DIR   the seed documents (default: $DPSCO_SEEDS_DIR, else ../shared/seeds)
    dpsco-ref check-certificate FILE [--strict]

Exit status: 0, or 1 when a check FAILED (an unexpected failure or a verdict that drifted from the spec) or, for
``oracle``, when the port differs from the reference; 2 on bad arguments or a crash of the oracle run (one line on
stderr, no traceback).
"""
from __future__ import annotations

import argparse
import inspect
import os
import sys
import time
from collections import Counter
from pathlib import Path

from . import framework, report
from . import specs as _specs_mod
from .specs import REPO_ROOT, SEEDS_DIR, SpecError, is_test_node, load_meta, load_specs, resolve_dotted, pytest_node_exists


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, no usage dump
        sys.stderr.write(f"dpsco-ref: error: {message}\n")
        raise SystemExit(2)


def _progress_printer(stream=sys.stderr):
    tty = stream.isatty()
    state = {"last": -1}

    def show(r, k, n):
        width = 30
        done = int(width * k / max(n, 1))
        bar = "#" * done + "." * (width - done)
        msg = f"[{bar}] {k}/{n} {r.verdict:<11} {r.id}"
        if tty:
            stream.write("\r" + msg[:150].ljust(150))
            if k == n:
                stream.write("\n")
        else:
            pct = 10 * k // max(n, 1)
            if pct != state["last"] or r.verdict == "FAILED":
                state["last"] = pct
                stream.write(msg + "\n")
        stream.flush()

    return show


def _positive_int(s: str) -> int:
    try:
        v = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs must be a positive integer, got {s!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"--jobs must be a positive integer, got {s!r}")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="dpsco-ref", description="Reference implementations and checks of DP-SCO papers.")
    p.add_argument("--seeds-dir", type=Path, default=None,
                   help="directory of the seed documents (default: $DPSCO_SEEDS_DIR, else ../shared/seeds next to the "
                        "checkout); accepted before or after the subcommand")
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)
    v = sub.add_parser("verify", help="run the checks and write the report")
    v.add_argument("--profile", choices=framework.PROFILES, default="quick")
    v.add_argument("--source", help="only this source (core, 000, 001, 002, 004, 003_chNN)")
    v.add_argument("--id", dest="pattern", help="only checks whose id or spec id matches this glob")
    v.add_argument("--jobs", type=_positive_int, default=min(os.cpu_count() or 1, 4),
                   help="worker processes (default: the number of cores, at most 4; 1 runs in this process)")
    v.add_argument("--executor", default="process",
                   help="process (default: --jobs worker processes), serial, or dask:ADDRESS (a Dask scheduler; "
                        "dask:local starts a local cluster; needs the 'dask' extra)")
    v.add_argument("--json", type=Path, help="also write the results as JSON here")
    v.add_argument("--report-dir", type=Path, default=Path("reports"),
                   help="where index.md and <source>.md are written (default reports/)")
    v.add_argument("--no-report", action="store_true", help="do not write the Markdown reports")
    v.add_argument("--diff", action="store_true",
                   help="list the entries whose computed verdict differs from the recorded one")
    s = sub.add_parser("specs", help="coverage table of the spec registry")
    s.add_argument("--source", help="only this source")
    s.add_argument("--list", action="store_true", help="list every entry with its recorded verdict")
    sh = sub.add_parser("show", help="one spec entry: statement, source lines, code, checks, verdict")
    sh.add_argument("id")
    sh.add_argument("--no-run", action="store_true", help="do not run the entry's checks")
    o = sub.add_parser("oracle", help="test a candidate implementation against a reference algorithm")
    o.add_argument("candidate", nargs="?", help="the candidate as module:function")
    o.add_argument("--against", help="spec id of the reference algorithm (an oracle target)")
    o.add_argument("--list", action="store_true",
                   help="list the oracle targets with their calling conventions (with --against: that target only)")
    o.add_argument("--mode", choices=("draws", "law", "both"), default="both")
    o.add_argument("--n-cases", "--cases", dest="cases", type=_positive_int, default=None,
                   help="input cases (default: 25 draw for draw; the target's law_cases in law)")
    o.add_argument("--case", type=int, default=None, help="run only this case index (the reproducer of a failure)")
    o.add_argument("--n-samples", type=_positive_int, default=None,
                   help="samples per case in law (default: the target's law_samples)")
    o.add_argument("--atol", type=float, default=None, help="draw-for-draw absolute tolerance (times max(1, max|ref|))")
    o.add_argument("--rtol", type=float, default=None, help="draw-for-draw relative tolerance")
    o.add_argument("--ulps", type=int, default=None, help="draw-for-draw tolerance in float64 ULPs instead")
    o.add_argument("--exact", action="store_true", help="draw for draw: demand bit-identical outputs")
    o.add_argument("--alpha", type=float, default=1e-6, help="false-failure probability of the in-law test")
    o.add_argument("--seed", type=int, default=0)
    cc = sub.add_parser("check-certificate", help="re-verify a certificate written by the check engine")
    cc.add_argument("file", type=Path)
    cc.add_argument("--strict", action="store_true", help="reject declared (uncertified) monotonicity facts")
    return p


def _load_specs_or_exit():
    try:
        return load_specs()
    except SpecError as e:
        sys.stderr.write(f"dpsco-ref: spec error: {e}\n")
        raise SystemExit(2)


def cmd_verify(a) -> int:
    specs = _load_specs_or_exit()
    known_sources = {e.source_key for e in specs.values()} | {e.id.split(".")[0] for e in specs.values()}
    if a.source and a.source not in known_sources:
        sys.stderr.write(f"dpsco-ref: error: --source {a.source!r} is not a known source; known: {sorted(known_sources)}\n")
        return 2
    ids = framework.select(a.profile, a.source, a.pattern)
    if not ids:
        sys.stderr.write("dpsco-ref: error: no check matches the selection\n")
        return 2
    out_dir = a.report_dir if a.profile == "quick" else a.report_dir / a.profile
    artifact_dir = None
    if a.profile == "full" and not a.no_report:
        artifact_dir = str((out_dir / "figures").resolve())
    from .engine.executors import open_executor

    try:
        executor_cm = open_executor(a.executor, a.jobs)
    except ValueError as e:
        sys.stderr.write(f"dpsco-ref: error: {e}\n")
        return 2
    t0 = time.perf_counter()
    with executor_cm as ex:
        results = framework.run_checks(ids, a.profile, ex, artifact_dir, _progress_printer())
    wall = time.perf_counter() - t0
    statuses = report.entry_statuses(specs, results, report.expected_checks_for(a.profile),
                                      report.deferred_checks_for(a.profile))
    results = report.apply_drift(results, statuses)
    print("check results:")
    print(report.summary_table(results, specs))
    ran = {s for r in results for s in r.spec}
    shown = {eid: st for eid, st in statuses.items() if eid in ran}
    print("\nspec entries checked in this run, by verdict:")
    print(report.entry_table(shown))
    failed = [r for r in results if r.verdict == "FAILED"]
    for r in failed:
        first = (r.details or r.computed).strip().splitlines()
        print(f"FAILED {r.id}: {first[-1] if first else ''}")
    if a.diff:
        diff = report.verdict_diff(statuses)
        print(f"\n{len(diff)} entries whose computed verdict differs from the recorded one:")
        for eid, rec, comp, note in diff:
            print(f"  {eid:<44} recorded {rec:<12} computed {comp:<12} {note}")
    errata = sum(1 for st in shown.values() if st.final == "ERRATUM")
    print(f"{len(results)} results, {len(shown)} entries ({errata} errata), {len(failed)} failed; wall time {wall:.1f} s")
    if not a.no_report:
        rel = Path(os.path.relpath(artifact_dir, out_dir)) if artifact_dir else None
        paths = report.write_reports(results, statuses, specs, load_meta(), a.profile, wall, out_dir, rel)
        print(f"reports: {paths[0]} and {len(paths) - 1} source reports in {out_dir}/")
    if a.json:
        report.write_json(results, a.json, statuses)
        print(f"json: {a.json}")
    return 1 if failed else 0


def _impl_ok(path: str) -> bool:
    try:
        return callable(resolve_dotted(path))
    except Exception:  # noqa: BLE001
        return False


def cmd_specs(a) -> int:
    specs = _load_specs_or_exit()
    reg = framework.discover()
    rows: dict[str, Counter] = {}
    for e in specs.values():
        if a.source and e.source_key != a.source:
            continue
        c = rows.setdefault(e.source_key, Counter())
        c[e.table] += 1
        if e.implemented_by and all(_impl_ok(p) for p in e.implemented_by):
            c[f"{e.table}_impl"] += 1
        if e.checked_by and all((pytest_node_exists(x) if is_test_node(x) else x in reg) for x in e.checked_by):
            c[f"{e.table}_chk"] += 1
        c[e.verdict] += 1
    if not rows:
        sys.stderr.write(f"dpsco-ref: error: no spec entries for source {a.source!r}\n")
        return 2
    vs = [v.value for v in framework.Verdict if v is not framework.Verdict.FAILED]
    head = f"{'source':<10}{'algs':>6}{'impl':>6}{'chkd':>6}{'stmts':>7}{'chkd':>6}" + "".join(f"{v[:6]:>8}" for v in vs)
    print(head)
    print("-" * len(head))
    for src in sorted(rows):
        c = rows[src]
        print(f"{src:<10}{c['algorithm']:>6}{c['algorithm_impl']:>6}{c['algorithm_chk']:>6}{c['statement']:>7}"
              f"{c['statement_chk']:>6}" + "".join(f"{c[v]:>8}" for v in vs))
    if a.list:
        for e in sorted(specs.values(), key=lambda e: e.id):
            if not a.source or e.source_key == a.source:
                print(f"{e.id:<40} {e.verdict:<12} {e.title}")
    return 0


def _seed_excerpt(src: str, max_lines: int = 25) -> str:
    if src.startswith("ref:"):
        return src
    fname, _, rng = src.partition(":")
    a, _, b = rng.partition("-")
    a, b = int(a), int(b or a)
    p = _specs_mod.SEEDS_DIR / fname
    if not p.is_file():
        return f"({p} not present)"
    lines = p.read_text(encoding="utf-8", errors="replace").splitlines()[a - 1:b]
    more = f"\n    ... ({len(lines) - max_lines} more lines)" if len(lines) > max_lines else ""
    return "\n".join(f"    {a + i:>5}  {ln[:160]}" for i, ln in enumerate(lines[:max_lines])) + more


def cmd_show(a) -> int:
    specs = _load_specs_or_exit()
    e = specs.get(a.id)
    if e is None:
        near = [k for k in specs if a.id in k][:10]
        sys.stderr.write(f"dpsco-ref: error: no spec entry {a.id!r}" + (f"; did you mean {near}?" if near else "") + "\n")
        return 2
    print(f"{e.id} — {e.title}  [{e.kind}, {e.check_class}; spec {e.file}]")
    print(f"\nStatement:\n  {e.statement}")
    for s in e.source:
        print(f"\nSource {s}:\n{_seed_excerpt(s)}")
    print("\nImplemented by:")
    for path in e.implemented_by:
        try:
            obj = resolve_dotted(path)
            f = inspect.getsourcefile(obj)
            line = inspect.getsourcelines(obj)[1]
            print(f"  {path}  ({os.path.relpath(f, REPO_ROOT)}:{line})")
        except Exception as ex:  # noqa: BLE001
            print(f"  {path}  (NOT IMPORTABLE: {ex})")
    print(f"\nRecorded verdict: {e.verdict}")
    if e.erratum:
        print(f"Erratum: {e.erratum}")
    if e.corrected:
        print(f"Corrected: {e.corrected}")
    if e.skip_reason:
        print(f"Skip reason: {e.skip_reason}")
    if e.notes:
        print(f"Notes: {e.notes}")
    reg = framework.discover()
    print("\nChecked by:")
    for c in e.checked_by:
        if is_test_node(c):
            print(f"  {c}  (pytest{'' if pytest_node_exists(c) else ', MISSING'})")
        elif c not in reg:
            print(f"  {c}  (MISSING check)")
        elif a.no_run:
            print(f"  {c}  ({reg[c].profile} profile, {reg[c].module})")
        else:
            r = framework.run_one(c, "full" if reg[c].profile == "full" else "quick")
            print(f"  {c}: {r.verdict} in {r.seconds:.2f}s — margin {report._fmt_margin(r.margin)}")
            for label, val in (("claimed", r.claimed), ("computed", r.computed), ("precision", r.precision),
                               ("counterexample", r.counterexample), ("details", r.details)):
                if val:
                    print(f"      {label}: {val[:800]}")
    return 0


def cmd_oracle(a) -> int:
    """Exit status: 0 the port agrees, 1 the port differs (draw for draw or in law), 2 usage error or a crash
    (of the port or of the harness: one line on stderr)."""
    import importlib
    import traceback

    from reference.oracle import Oracle, Tolerance, all_targets

    targets = all_targets()
    if a.list:
        ids = [a.against] if a.against else sorted(targets)
        for k in ids:
            if k not in targets:
                sys.stderr.write(f"dpsco-ref: error: {k!r} is not an oracle target; known: {sorted(targets)}\n")
                return 2
            print(targets[k].conventions())
            print()
        return 0
    if not a.candidate or not a.against:
        sys.stderr.write("dpsco-ref: error: oracle needs a candidate module:function and --against SPEC_ID "
                         "(or --list)\n")
        return 2
    mod, sep, fn = a.candidate.partition(":")
    if not sep or not mod or not fn:
        sys.stderr.write(f"dpsco-ref: error: candidate must be module:function, got {a.candidate!r}\n")
        return 2
    try:
        cand = getattr(importlib.import_module(mod), fn)
    except Exception as e:  # ImportError, AttributeError, or the module failing at import
        sys.stderr.write(f"dpsco-ref: error: cannot load candidate {a.candidate!r}: {type(e).__name__}: {e}\n")
        return 2
    if a.against not in targets:
        sys.stderr.write(f"dpsco-ref: error: --against {a.against!r} is not an oracle target; known: {sorted(targets)}\n")
        return 2
    tgt = targets[a.against]
    try:
        if a.exact:
            tol = Tolerance()
        elif a.atol is None and a.rtol is None and a.ulps is None:
            tol = tgt.tolerance
        else:
            tol = Tolerance(a.atol or 0.0, a.rtol or 0.0, a.ulps, scaled=True)
    except ValueError as e:
        sys.stderr.write(f"dpsco-ref: error: {e}\n")
        return 2
    if not (0 < a.alpha < 1):
        sys.stderr.write(f"dpsco-ref: error: --alpha must be in (0, 1), got {a.alpha}\n")
        return 2
    if a.case is not None and a.case < 0:
        sys.stderr.write(f"dpsco-ref: error: --case must be >= 0, got {a.case}\n")
        return 2
    orc = Oracle(seed=a.seed, candidate_name=a.candidate)
    bad = 0
    try:
        if a.mode in ("draws", "both"):
            t0 = time.perf_counter()
            res = orc.check_draws(cand, a.against, n_cases=a.cases, tol=tol, case=a.case)
            nbad = sum(not r.ok for r in res)
            bad += nbad
            print(f"draw-for-draw: {len(res) - nbad}/{len(res)} input cases agree ({tol.describe()}; "
                  f"{time.perf_counter() - t0:.2f}s)")
            for r in res:
                if not r.ok:
                    print("  " + r.describe(a.candidate))
                    break
        if a.mode in ("law", "both"):
            t0 = time.perf_counter()
            res = orc.check_law(cand, a.against, n_samples=a.n_samples, n_cases=a.cases, alpha=a.alpha, case=a.case,
                                tol=tol)
            nbad = sum(not r.ok for r in res)
            bad += nbad
            print(f"in law ({res[0].law_mode}): {len(res) - nbad}/{len(res)} input cases agree (false-failure <= "
                  f"{a.alpha:g} for the whole call; {time.perf_counter() - t0:.2f}s)")
            for r in res:
                print(f"  [{'ok' if r.ok else 'DIFFERS'} {r.seconds:.2f}s] " + r.describe(a.candidate))
    except Exception as e:
        tb = traceback.extract_tb(e.__traceback__)
        where = f" at {tb[-1].filename}:{tb[-1].lineno}" if tb else ""
        sys.stderr.write(f"dpsco-ref: error: the run crashed: {type(e).__name__}: {e}{where}\n")
        return 2
    print("PASS" if not bad else "FAIL (the port differs from the reference)")
    return 1 if bad else 0


def cmd_check_certificate(a) -> int:
    from . import certificate_checker

    return certificate_checker.main([str(a.file)] + (["--strict"] if a.strict else []))


def _use_seeds_dir(argv: list[str]) -> list[str]:
    """Take ``--seeds-dir DIR`` (or ``--seeds-dir=DIR``) from anywhere in argv; point DPSCO_SEEDS_DIR (inherited by
    worker processes) and every already-imported SEEDS_DIR at it."""
    out, d, i = [], None, 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--seeds-dir" and i + 1 < len(argv):
            d, i = argv[i + 1], i + 2
            continue
        if arg.startswith("--seeds-dir="):
            d = arg.split("=", 1)[1]
        else:
            out.append(arg)
        i += 1
    if d is not None:
        path = Path(d).expanduser().resolve()
        if not path.is_dir():
            sys.stderr.write(f"dpsco-ref: error: --seeds-dir {d!r} is not a directory\n")
            raise SystemExit(2)
        os.environ["DPSCO_SEEDS_DIR"] = str(path)
        for mod in list(sys.modules.values()):
            if getattr(mod, "__name__", "").startswith("proofs_checks") and isinstance(getattr(mod, "SEEDS_DIR", None), Path):
                mod.SEEDS_DIR = path
    return out


def main(argv: list[str] | None = None) -> int:
    argv = _use_seeds_dir(list(sys.argv[1:] if argv is None else argv))
    p = build_parser()
    a = p.parse_args(argv)
    if a.cmd is None:
        a = p.parse_args(["verify"])
    try:
        return {"verify": cmd_verify, "specs": cmd_specs, "show": cmd_show, "oracle": cmd_oracle,
                "check-certificate": cmd_check_certificate}[a.cmd](a)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and closed early: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
