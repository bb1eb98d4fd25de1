"""Benchmark: power and cost of the test oracle at its DEFAULT settings (issue 19).

For each target with a seeded-bug port in tests/oracle/fast_ports.py (vectorized numpy stand-ins for a user's port):

* time per check: draw for draw (25 cases) and in law (the target's default cases and samples) on the correct port;
* the smallest effects each in-law call detects with probability >= 0.99 (computed from its thresholds and the exact
  laws of its statistics; per case: per coordinate, and pooled over all whitened coordinates);
* seeded bugs: caught or missed at the defaults, and (``--seeds K``) the empirical detection rate over K oracle seeds
  (different cases and samples), plus the correct port's false-failure count over the same seeds (declared <= 1e-6
  per call);
* optional (``--opacus``): Opacus's DP-SGD step in law (needs torch + opacus).

Run:  python benchmarks/bench_oracle_power.py [--seeds 3] [--targets ID ...] [--opacus] [--json PATH]
Timings are wall-clock on this machine (shared: say so when quoting them).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "oracle"))

import fast_ports as fp  # noqa: E402

from reference.oracle import Oracle  # noqa: E402
from reference.oracle.harness import _size_key  # noqa: E402

PORTS = {
    "core.mech.gaussian_mechanism": (fp.fast_gaussian_mechanism, ["sqrt2", "std1.1", "laplace", "bias"]),
    "core.tree.TreeAggregator": (fp.fast_tree_prefix_sums,
                                 ["sqrt2", "std1.1", "laplace", "bias", "indep", "level", "missing_top"]),
    "004.cdpcwme": (fp.fast_cdp_cwme, ["sqrt2", "std1.1", "laplace", "bias"]),
    "002.algA1": (fp.fast_dp_sgd, ["sqrt2", "std1.1", "laplace", "bias", "no_clip"]),
    "002.alg1": (fp.fast_srgd_gaussian_b, ["sqrt2", "std1.1", "laplace", "bias", "tau", "kappa_z", "no_clip"]),
    "002.algA7": (fp.fast_srgd_tree, ["sqrt2", "std1.1", "laplace", "bias", "indep", "level", "tau", "no_clip"]),
}


def law_caught(port, spec_id, seed) -> tuple[bool, float, str]:
    t0 = time.perf_counter()
    try:
        Oracle(seed=seed).assert_same_law(port, spec_id)
        return False, time.perf_counter() - t0, ""
    except AssertionError as e:
        return True, time.perf_counter() - t0, str(e).split("DIFFERENT LAW: ", 1)[-1].split(";")[0][:90]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=1, help="oracle seeds per bug (empirical detection rate)")
    ap.add_argument("--targets", nargs="*", default=None)
    ap.add_argument("--opacus", action="store_true")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    out = {"load_average": os.getloadavg(), "targets": {}}
    print(f"load average at start: {out['load_average']}")
    for spec_id, (port, bugs) in PORTS.items():
        if a.targets and spec_id not in a.targets:
            continue
        rec = {}
        o = Oracle()
        t0 = time.perf_counter()
        draws = o.check_draws(port, spec_id)
        rec["draws_seconds"] = time.perf_counter() - t0
        rec["draws_ok"] = sum(r.ok for r in draws)
        t0 = time.perf_counter()
        law = o.check_law(port, spec_id)
        rec["law_seconds"] = time.perf_counter() - t0
        rec["law_ok"] = all(r.ok for r in law)
        rec["cases"] = []
        for r in law:
            d = r.result.detectable
            rec["cases"].append(dict(case=r.case, n=r.result.n, statistics=r.result.n_statistics, seconds=r.seconds,
                                     size=(Oracle().target(spec_id).size_key or _size_key)(r.inputs),
                                     **{k: d[k] for k in ("mean_bias_sd", "pooled_mean_bias_sd", "std_ratio_hi",
                                                          "std_ratio_lo", "pooled_std_ratio_hi", "tail_prob_hi",
                                                          "pooled_tail_prob_hi", "ks_distance", "pooled_ks_distance")}))
        false_fail = 0
        for s in range(1, a.seeds):
            false_fail += not all(r.ok for r in Oracle(seed=s).check_law(port, spec_id))
        rec["false_failures"] = f"{false_fail}/{max(a.seeds - 1, 0)} extra seeds"
        rec["bugs"] = {}
        for bug in bugs:
            hits, secs, first = 0, [], ""
            for s in range(a.seeds):
                c, t, why = law_caught(fp.bugged(port, bug), spec_id, s)
                hits += c; secs.append(t); first = first or why
            rec["bugs"][bug] = dict(caught=f"{hits}/{a.seeds}", seconds=sum(secs) / len(secs), first_failure=first)
        out["targets"][spec_id] = rec
        print(f"\n== {spec_id}: draws {rec['draws_ok']}/25 in {rec['draws_seconds']:.2f}s; in law "
              f"{'PASS' if rec['law_ok'] else 'FAIL'} in {rec['law_seconds']:.2f}s; false failures {rec['false_failures']}")
        for c in rec["cases"]:
            print(f"   case {c['case']} (size {c['size']}, n={c['n']}, {c['statistics']} stats, {c['seconds']:.2f}s): "
                  f"bias {c['mean_bias_sd']:.3f} sd/coord, {c['pooled_mean_bias_sd']:.3f} pooled; std ratio "
                  f"{c['std_ratio_hi']:.3f}/{c['pooled_std_ratio_hi']:.3f}; tail P>{c['pooled_tail_prob_hi']:.4f} "
                  f"pooled; KS {c['ks_distance']:.3f}/{c['pooled_ks_distance']:.3f}")
        for bug, b in rec["bugs"].items():
            print(f"   bug {bug:10s} caught {b['caught']} ({b['seconds']:.2f}s): {b['first_failure']}")
    if a.opacus:
        try:
            import torch

            from reference.oracle.third_party import opacus_dp_sgd
            torch.set_num_threads(1)
            t0 = time.perf_counter()
            res = Oracle().check_law(opacus_dp_sgd, "002.algA1", n_samples=3000)
            out["opacus"] = dict(ok=all(r.ok for r in res), seconds=time.perf_counter() - t0,
                                 detectable=[r.result.detectable for r in res])
            print(f"\n== Opacus DP-SGD step vs 002.algA1 (n=3000 x {len(res)} cases): "
                  f"{'PASS' if out['opacus']['ok'] else 'FAIL'} in {out['opacus']['seconds']:.1f}s")
        except ImportError as e:
            print(f"\n(opacus extra not installed: {e})")
    if a.json:
        a.json.write_text(json.dumps(out, indent=1, default=float))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
