"""Mutation benchmark of the privacy-critical lines (issue 21 item 4; not part of CI: slow).

Each mutant changes ONE privacy-critical line (noise scale, sensitivity, clipping, budget split, tree levels,
subsampling rate, conversion) in a private copy of the working tree (the tree itself is never touched), then runs the
tests of that area (and, with ``--verify``, ``dpsco-ref verify --id`` on the area's spec prefix).  A mutant the
suite does not fail is a SURVIVOR: a missing check.  Prints the kill rate and lists the survivors, and separately the strict kill rate: a mutant that only moves a
value ``verify`` reports, while every verdict stays the same, is listed as killed by value only — an auditor reading
the verdicts would not notice it, so it counts as a missing assertion.

    python benchmarks/bench_mutation.py                 # every target below, tests only
    python benchmarks/bench_mutation.py --only srgd     # targets whose file contains "srgd"
    python benchmarks/bench_mutation.py --verify        # also run verify on the area's checks (slower)

Targets are (file, a unique substring of the line, the mutated text, tests to run, verify glob).  Keep them few and
meaningful: each is an error a port could plausibly make (a factor 2 lost, sqrt dropped, q^2 -> q, a level off by
one, clipping skipped).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TARGETS = [
    # core mechanisms / samplers
    ("reference/core/mechanisms.py", "scale = epsilon / (2.0 * sensitivity)", "scale = epsilon / (1.0 * sensitivity)",
     "tests/core/test_mechanisms.py", "core.mech.*"),
    ("reference/core/mechanisms.py", "b = (1.0 if monotone else 2.0) * sensitivity / epsilon",
     "b = (1.0 if monotone else 1.0) * sensitivity / epsilon", "tests/core/test_mechanisms.py", "core.mech.*"),
    # srgd: tree release, calibration
    ("reference/srgd/privacy.py", "return kappa / (B * beta) * math.sqrt(1 + lg_ceil(T)) / sigma",
     "return kappa / (B * beta) * math.sqrt(lg_ceil(T)) / sigma", "tests/srgd", "002.*"),
    ("reference/srgd/privacy.py", "xi = sigma * noise ", "xi = 0.5 * sigma * noise ", "tests/srgd", "002.*"),
    ("reference/srgd/params.py", "C * math.sqrt(1 + lg_ceil(T)) / mu, C=C", "C * math.sqrt(lg_ceil(T)) / mu, C=C",
     "tests/srgd", "002.*"),
    # thesis ch01: sigma formula, subsampling rate, tCDP per-step
    ("reference/thesis/ch01/privacy.py", "c2 * G * B * math.sqrt(T * math.log(1 / delta)) / (epsilon * N), c2=c2",
     "c2 * G * B * math.sqrt(math.log(1 / delta)) / (epsilon * N), c2=c2", "tests/thesis/ch01", "003_ch01.*"),
    ("reference/thesis/ch01/privacy.py", "rho_T = 13 * T * q * q * rho", "rho_T = 13 * T * q * rho",
     "tests/thesis/ch01", "003_ch01.*"),
    ("reference/thesis/ch01/privacy.py", "0.5 * (sens / sigma) * (sens / sigma),", "0.25 * (sens / sigma) * (sens / sigma),",
     "tests/thesis/ch01", "003_ch01.*"),
    # interpolation: Alg 4 noise scale
    ("reference/interpolation/privacy.py", "4 * L * eta_i * A / epsilon",
     "2 * L * eta_i * A / epsilon", "tests/interpolation", "001.*"),
    # heavy-tailed: CDP-CWME noise scale
    ("reference/heavy_tailed/mean_estimators.py",
     "(sensitivity_constant * tau * math.sqrt(d) / b) / math.sqrt(2.0 * rho),",
     "(sensitivity_constant * tau * math.sqrt(d) / b) / math.sqrt(4.0 * rho),", "tests/heavy_tailed", "004.*"),
    ("reference/heavy_tailed/mean_estimators.py", "per = 6.0 * tau / b", "per = 3.0 * tau / b",
     "tests/heavy_tailed", "004.*"),
]


def copy_tree(dst):
    for name in ("reference", "proofs_checks", "tests", "specs", "pyproject.toml"):
        src = os.path.join(ROOT, name)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(dst, name), ignore=shutil.ignore_patterns("__pycache__"))
        elif os.path.exists(src):
            shutil.copy(src, dst)


def run(cmd, cwd, timeout):
    env = dict(os.environ, PYTHONPATH=cwd, PYTHONDONTWRITEBYTECODE="1")
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
        return p.returncode
    except subprocess.TimeoutExpired:
        return "timeout"


def verdicts(cwd, glob, timeout):
    """{check id: (verdict, computed)} of ``verify --id glob`` in ``cwd`` (no reports written), or None on a crash/time-out."""
    out = os.path.join(cwd, "_mut_verify.json")
    rc = run([sys.executable, "-m", "proofs_checks", "verify", "--id", glob, "--no-report", "--jobs", "1",
              "--json", out], cwd, timeout)
    if rc == "timeout" or not os.path.exists(out):
        return None
    import json
    d = json.load(open(out))
    os.remove(out)
    return {c["id"]: (c["verdict"], c.get("computed", "")) for c in d["checks"]}   # verdict and computed value


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--timeout", type=float, default=600)
    a = ap.parse_args()
    targets = [t for t in TARGETS if a.only in t[0]]
    killed, survivors, skipped, value_only = 0, [], [], []
    with tempfile.TemporaryDirectory(prefix="dpsco_mut_") as tmp:
        copy_tree(tmp)
        base = {}
        for path, old, new, tests, glob in targets:
            f = os.path.join(tmp, path)
            src = open(f).read()
            if src.count(old) != 1:
                skipped.append((path, old, f"line found {src.count(old)} times"))
                continue
            open(f, "w").write(src.replace(old, new))
            t0 = time.time()
            try:
                rc = run([sys.executable, "-m", "pytest", tests, "-q", "-x", "-n", "0", "-p", "no:randomly",
                          "-p", "no:cacheprovider"], tmp, a.timeout)
                how = "tests" if rc != 0 else None
                if rc == 0 and a.verify:
                    if glob not in base:             # verdicts of the unmutated copy (restored below first)
                        open(f, "w").write(src)
                        base[glob] = verdicts(tmp, glob, a.timeout)
                        open(f, "w").write(src.replace(old, new))
                    got = verdicts(tmp, glob, a.timeout)
                    if got != base[glob]:
                        keys = set(got or {}) | set(base[glob] or {})
                        vdiff = sorted(k for k in keys if ((got or {}).get(k) or (None,))[0]
                                       != ((base[glob] or {}).get(k) or (None,))[0])
                        diff = sorted(k for k in keys if (got or {}).get(k) != (base[glob] or {}).get(k))
                        if vdiff:
                            how = f"verify: {len(vdiff)} verdict(s) changed, e.g. {vdiff[:2]}"
                        else:    # weaker: only a reported value moved; the verdicts an auditor reads are unchanged
                            how = f"verify (value only): {len(diff)} computed value(s) changed, e.g. {diff[:2]}"
                            value_only.append((path, old, new))
            finally:
                open(f, "w").write(src)
            dt = time.time() - t0
            if how:
                killed += 1
                print(f"KILLED ({how}, {dt:.0f} s)  {path}: {old!r} -> {new!r}", flush=True)
            else:
                survivors.append((path, old, new))
                print(f"SURVIVED ({dt:.0f} s)  {path}: {old!r} -> {new!r}", flush=True)
    n = killed + len(survivors)
    print(f"\nkill rate: {killed}/{n} = {100 * killed / max(n, 1):.0f} %  (skipped: {len(skipped)}); "
          f"strict (a test fails or a verdict changes): {killed - len(value_only)}/{n}")
    for s in value_only:
        print("  killed only by a changed computed value (no verdict changed — a missing assertion):", s)
    for s in survivors:
        print("  survivor:", s)
    for s in skipped:
        print("  skipped:", s)


if __name__ == "__main__":
    main()
