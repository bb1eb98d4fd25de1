"""Benchmark: certified DP-SGD epsilon (reference.core.accounting) vs dp-accounting's float RDP accountant.

Setting (issue): Poisson rate q = 0.01, noise multiplier sigma = 1, T = 1000 steps, delta = 1e-5, integer orders
2..256, improved RDP -> DP conversion. Requirement: the certified path costs at most 3x dp-accounting's
``RdpAccountant`` composed with ``PoissonSampledDpEvent(q, GaussianDpEvent(sigma))`` T times, in the same run.

Run:  python benchmarks/bench_dpsgd_accounting.py [--repeats 5]
(needs the optional extra: pip install dp-accounting). Prints both eps side by side and the time ratio
(best of ``repeats`` wall-clock times, each timing a fresh computation: no caching across repeats).
"""
from __future__ import annotations

import argparse
import sys
import time

from reference.core.accounting import dpsgd_epsilon

Q, SIGMA, T, DELTA = 0.01, 1.0, 1000, 1e-5
ORDERS = list(range(2, 257))


def ours_certified():
    return dpsgd_epsilon(Q, SIGMA, T, DELTA, orders=ORDERS, certified=True, method="improved", return_order=True)


def theirs():
    import dp_accounting
    from dp_accounting.rdp import RdpAccountant
    acc = RdpAccountant(ORDERS)
    acc.compose(dp_accounting.PoissonSampledDpEvent(Q, dp_accounting.GaussianDpEvent(SIGMA)), T)
    return acc.get_epsilon_and_optimal_order(DELTA)


def best_time(fn, repeats):
    best, out = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    try:
        import dp_accounting  # noqa: F401
    except ImportError:
        print("dp-accounting is not installed (pip install dp-accounting); only our timing is shown")
        t_ours, (iv, order) = best_time(ours_certified, args.repeats)
        print(f"ours (certified): eps in [{iv.lo!r}, {iv.hi!r}] at order {order}; {t_ours * 1e3:.1f} ms")
        return 0
    ours_certified(), theirs()          # warm-up (imports, first-call costs) for both
    t_ours, (iv, order) = best_time(ours_certified, args.repeats)
    t_theirs, (eps_t, order_t) = best_time(theirs, args.repeats)
    ratio = t_ours / t_theirs
    print(f"setting: Poisson q={Q}, sigma={SIGMA}, T={T}, delta={DELTA}, orders 2..256, improved conversion")
    print(f"{'':28s}{'epsilon':>28s}{'order':>7s}{'time [ms]':>12s}")
    print(f"{'ours (certified, Arb)':28s}{iv.hi!r:>28}{order:>7}{t_ours * 1e3:>12.1f}   (certified upper bound; "
          f"enclosure [{iv.lo!r}, {iv.hi!r}])")
    print(f"{'dp-accounting RdpAccountant':28s}{float(eps_t)!r:>28}{int(order_t):>7}{t_theirs * 1e3:>12.1f}")
    print(f"eps difference (ours.hi - theirs) = {iv.hi - eps_t:.3e} (relative {(iv.hi - eps_t) / eps_t:.3e})")
    print(f"time ratio ours/theirs = {ratio:.3f}  (requirement <= 3): {'OK' if ratio <= 3 else 'TOO SLOW'}")
    return 0 if ratio <= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
