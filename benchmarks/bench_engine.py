"""Benchmark: the check engine (issue 12) on typical inequalities -- boxes, seconds, and the independent
checker's re-verification time of each certificate.

Run:  python benchmarks/bench_engine.py
Timings are wall-clock on the machine at hand (the 2-core development machine is shared: numbers vary).
"""
from __future__ import annotations

import math
import tempfile
import time
from pathlib import Path

from proofs_checks import certificate_checker
from proofs_checks.engine import Monotone, Param, certify, certify_monotone, search

SIGMA = "(sqrt(2*log(1.25/delta))/eps)"
DELTA_EPS_SIGMA = ("erfc(-(1/(2*sigma) - eps*sigma)/sqrt(2))/2 "
                   "- exp(eps)*erfc((1/(2*sigma) + eps*sigma)/sqrt(2))/2")
CASES = [
    ("e^x >= 1 + x on [1e-3, 10]", "1 + x - exp(x)", [Param("x", 1e-3, 10)], {}),
    ("x/(1+x) <= log(1+x) on [1e-6, 1e6]", "x/(1+x) - log1p(x)", [Param("x", 1e-6, 1e6, log=True)], {}),
    ("Chernoff Q(x) <= e^{-x^2/2}/2 on [0, 40] (tight at 0)", "erfc(x/sqrt(2))/2 - exp(-x^2/2)/2",
     [Param("x", 0, 40)], {}),
    ("Mills Q(x) <= phi(x)/x on [0.05, 20]", "erfc(x/sqrt(2))/2 - exp(-x^2/2)/(x*sqrt(2*pi))",
     [Param("x", 0.05, 20, log=True)], {}),
    ("Mills, scaled, on [0.01, inf) (declared tail from 50)", "x*sqrt(pi/2)*erfcx(x/sqrt(2)) - 1",
     [Param("x", 0.01, math.inf, log=True)],
     {"monotone_tail": [Monotone("x", "nondecreasing", start=50, limit="0", justification="Mills ratio")]}),
    ("sqrt(a+b) <= sqrt(a) + sqrt(b), 2 params", "sqrt(a+b) - sqrt(a) - sqrt(b)",
     [Param("a", 1e-3, 1e3, log=True), Param("b", 1e-3, 1e3, log=True)], {}),
    ("x y e^{-xy} <= 0.37, 2 params", "x*y*exp(-x*y) - 0.37", [Param("x", 0.1, 4), Param("y", 0.5, 2, log=True)], {}),
    ("classic Gaussian mechanism delta(eps, sigma) <= delta, eps in [0.01, 1], 2 params",
     f"erfc(-(1/(2*{SIGMA}) - eps*{SIGMA})/sqrt(2))/2 - exp(eps)*erfc((1/(2*{SIGMA}) + eps*{SIGMA})/sqrt(2))/2"
     " - delta", [Param("eps", 0.01, 1, log=True), Param("delta", 1e-10, 0.1, log=True)], {}),
    ("(x+y+z)^2 <= 3.1 (x^2+y^2+z^2), 3 params", "(x+y+z)^2 - 3.1*(x^2+y^2+z^2)",
     [Param(n, 0.1, 10, log=True) for n in "xyz"], {}),
    ("1 + xyz <= e^{xyz}, 3 params", "1 + x*y*z - exp(x*y*z)", [Param(n, 0.1, 2) for n in "xyz"], {}),
    ("near-tight false: x e^-x <= (1 - 1e-12)/e", "x*exp(-x) - (1 - 1e-12)*exp(-1)", [Param("x", 0, 3)], {}),
    ("tight true: x e^-x <= 1/e (budget 20000)", "x*exp(-x) - exp(-1)", [Param("x", 0, 3)], {}),
]


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    print(f"{'claim':84} {'status':10} {'boxes':>6} {'engine s':>9} {'checker s':>9}")
    for k, (name, expr, params, kw) in enumerate(CASES):
        r = certify(expr, params, budget=20000, **kw)
        chk = ""
        if r.status == "CERTIFIED":
            from proofs_checks.engine import write_certificate

            p = write_certificate(r, tmp / f"c{k}.json")
            t0 = time.perf_counter()
            ok, _ = certificate_checker.check_file(p)
            chk = f"{time.perf_counter() - t0:9.3f}" + ("" if ok else " INVALID")
        print(f"{name:84} {r.status:10} {r.n_boxes:6d} {r.seconds:9.3f} {chk:>9}")
    t0 = time.perf_counter()
    r = certify_monotone(DELTA_EPS_SIGMA, [Param("eps", 0.05, 1, log=True), Param("sigma", 0.3, 3, log=True)], "sigma")
    print(f"{'analytic Gaussian delta nonincreasing in sigma (AD, 2 params)':84} {r.status:10} {r.n_boxes:6d} "
          f"{time.perf_counter() - t0:9.3f}")
    t0 = time.perf_counter()
    s = search(lambda p: p["x"] * math.exp(-p["x"]) - 0.367879, [Param("x", 0, 50)], n_random=256)
    print(f"{'search: x e^-x <= 0.367879 on [0, 50] (violated near 1)':84} {'found' if s.violated else 'none':10} "
          f"{s.n_evals:6d} {time.perf_counter() - t0:9.3f}")


if __name__ == "__main__":
    main()
