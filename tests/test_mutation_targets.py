"""The mutation benchmark's targets (benchmarks/bench_mutation.py) still name lines that exist exactly once.

The benchmark itself is slow and not part of CI; this keeps its targets from silently going stale when a
privacy-critical line is refactored (a stale target would drop out of the kill rate unnoticed).
"""
import importlib.util
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location("bench_mutation", os.path.join(ROOT, "benchmarks", "bench_mutation.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


@pytest.mark.parametrize("target", bench.TARGETS, ids=lambda t: f"{os.path.basename(t[0])}:{t[1][:30]}")
def test_target_line_exists_once(target):
    path, old, new = target[0], target[1], target[2]
    with open(os.path.join(ROOT, path)) as fh:
        src = fh.read()
    assert src.count(old) == 1, f"{path}: mutation target {old!r} found {src.count(old)} times (update the benchmark)"
    assert old != new
