"""Benchmark: psi_{p,a} (thesis 003 Section 5.5.3, p = 4/3) -- the definitional llt.psi_pa (fixed 1041-point lambda
grid x 801-point v grid per coordinate) against the fast llt.psi_pa_batch (spline log F, adapted lambda grid), per
call and per point in a batch; and one gamma_y draw (lp_pipeline.lp_gamma_y) at the in-law test's parameters.

Run:  python benchmarks/bench_llt_psi.py
Timings are wall-clock on the shared 2-core machine (other agents' load included: numbers vary).
"""
from __future__ import annotations

import time

import numpy as np

from reference.thesis.ch05 import llt
from reference.thesis.ch05 import lp_pipeline as lp


def per_call(fn, reps):
    t0 = time.perf_counter()
    for i in range(reps):
        fn(i)
    return (time.perf_counter() - t0) / reps


def main():
    rng = np.random.default_rng(0)
    llt._spline_table()
    for d in (2, 8):
        X = rng.uniform(-0.5, 0.5, (64, d))
        old = per_call(lambda i: llt.psi_pa(X[i % 64] + 1e-9 * i, 0.05), 10)     # new x each call: no cache hit
        new1 = per_call(lambda i: llt.psi_pa_batch(X[i % 64], 0.05), 100)
        newb = per_call(lambda i: llt.psi_pa_batch(X, 0.05), 10) / 64
        print(f"d = {d}: psi_pa {old * 1e6:9.0f} us/call | psi_pa_batch single {new1 * 1e6:7.0f} us/call "
              f"(x{old / new1:.0f}) | batch of 64 {newb * 1e6:6.1f} us/point (x{old / newb:.0f})")
    st = {}
    draw = lp.lp_gamma_y(1.0, 0.05, 1.0, 2, stats=st)(np.array([3.0, 3.0]))
    t = per_call(lambda i: draw(rng), 200)
    print(f"gamma_y (c = 1, a = 0.05, R = 1, y = (3, 3), d = 2): {t * 1e3:.2f} ms per draw, "
          f"{st['proposals'] / st['draws']:.1f} proposals per draw")


if __name__ == "__main__":
    main()
