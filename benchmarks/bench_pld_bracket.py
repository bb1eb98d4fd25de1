"""Benchmark: the certified PLD bracket (reference.core.accounting.dpsgd_epsilon_bracket) next to dp-accounting's
PLD and RDP accountants and prv-accountant, in ONE run (issue 20).

For every point (q, sigma, T, delta) it prints our bracket [lower, upper], its width (absolute and relative) and
time, and for each peer its eps, time, the ratio peer / our upper end and a verdict against our CERTIFIED bracket:
  "UNDER" = the peer's eps is below our certified LOWER end: the peer under-states eps (an invalid privacy claim);
  "in"    = inside our bracket; "above +x%" = valid, looser than our upper end by x%;
  prv-accountant also returns a lower bound: "LOWER>" when its eps_lower exceeds our certified upper end.
Failures (exceptions, memory, time-outs) are recorded, not fatal: each peer runs in a forked subprocess with a
time limit (--peer-timeout).  The machine is shared: the load average is printed and timings are under it.

Run:  python benchmarks/bench_pld_bracket.py [--quick] [--peer-timeout 300] [--skip-peers]
Peers: pip install -e ".[crosscheck]"  (dp-accounting, prv-accountant).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import sys
import time

from reference.core.accounting import dpsgd_epsilon_bracket

BENCH = (0.01, 1.0, 1000, 1e-5)
GRID = [
    BENCH,
    (0.01, 1.0, 1000, 1e-12),
    (0.01, 1.0, 1, 1e-5),
    (1e-6, 5.0, 1, 1e-5),            # true eps = 0 (delta(0) < 1e-5)
    (1.0, 2.0, 100, 1e-12),
    (1.0, 1.1, 100000, 1e-12),       # q = 1, delta = 1e-12: dp-accounting's PLD was reported optimistic here
    (0.1, 2.0, 1000, 1e-8),
    (1e-3, 1.0, 10000, 1e-12),
    (1e-3, 1.0, 100000, 1e-5),
    (0.01, 2.0, 100000, 1e-12),
    (1e-3, 1.0, 1000000, 1e-5),
    (1e-4, 1.0, 1000000, 1e-5),
    (1e-3, 0.8, 1000000, 1e-12),
]
QUICK = [BENCH, (1e-3, 1.0, 100000, 1e-5), (1e-3, 1.0, 1000000, 1e-5)]


# ------------------------------------------------------------------------------------------------ peers

def _peer_call(kind, q, s, T, d):
    from proofs_checks.crosscheck import _thirdparty as tp
    with tp.quiet():
        if kind == "dpacc-pld":
            return (tp.dpacc_pld_eps(q, s, T, d),)
        if kind == "dpacc-rdp":
            return (tp.dpacc_rdp_eps(q, s, T, d)[0],)
        if kind == "prv":
            lo, est, up = tp.prv_eps(q, s, T, d)
            return (up, lo, est)
    raise ValueError(kind)


def _child(conn, kind, args):
    try:
        t0 = time.perf_counter()
        out = _peer_call(kind, *args)
        conn.send(("ok", out, time.perf_counter() - t0))
    except BaseException as ex:  # noqa: BLE001 - a peer's failure is a measured outcome
        conn.send(("error", f"{type(ex).__name__}: {str(ex)[:120]}", 0.0))
    finally:
        conn.close()


def run_peer(kind, args, timeout):
    """(status, values, seconds): status 'ok', 'error: ...' or 'timeout'."""
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(child, kind, args))
    t0 = time.perf_counter()
    p.start()
    child.close()
    if parent.poll(timeout):
        try:
            st, val, sec = parent.recv()
        except EOFError:
            st, val, sec = "error", f"process died (exit code {p.exitcode}; out of memory?)", time.perf_counter() - t0
    else:
        p.kill()
        st, val, sec = "timeout", f"> {timeout:.0f} s", time.perf_counter() - t0
    p.join(5)
    if p.is_alive():  # pragma: no cover
        p.kill()
    if st == "ok":
        return "ok", val, sec
    if p.exitcode not in (0, None) and st == "error" and "died" not in str(val):
        pass
    return ("timeout" if st == "timeout" else "error: " + str(val)), None, time.perf_counter() - t0


def have(mod):
    import importlib.util
    return importlib.util.find_spec(mod) is not None


# ------------------------------------------------------------------------------------------------ main

def verdict(eps, lo, hi):
    if eps < lo:
        return f"UNDER by {lo - eps:.3g}"
    if eps <= hi:
        return "in"
    return f"above +{(eps - hi) / hi:.2%}" if hi > 0 else f"above by {eps - hi:.3g} (true eps = 0)"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="only the benchmark case and T = 1e5, 1e6")
    ap.add_argument("--peer-timeout", type=float, default=300.0)
    ap.add_argument("--skip-peers", action="store_true")
    args = ap.parse_args(argv)
    grid = QUICK if args.quick else GRID
    peers = [] if args.skip_peers else [k for k, m in (("dpacc-pld", "dp_accounting"), ("dpacc-rdp", "dp_accounting"),
                                                      ("prv", "prv_accountant")) if have(m)]
    print(f"load average {os.getloadavg()}, {os.cpu_count()} cores (shared machine: timings under this load)")
    print(f"peers: {peers or 'none installed'}; peer time limit {args.peer_timeout:.0f} s")
    dpsgd_epsilon_bracket(0.01, 1.0, 10, 1e-5)            # warm-up (imports)
    rows, failures, ok_bench = [], [], None
    t_all = time.perf_counter()
    for q, s, T, d in grid:
        t0 = time.perf_counter()
        iv = dpsgd_epsilon_bracket(q, s, T, d)
        sec = time.perf_counter() - t0
        rel = iv.width / iv.hi if iv.hi > 0 else 0.0
        print(f"\n(q={q:g}, sigma={s:g}, T={T}, delta={d:g})")
        print(f"  ours (certified)  [{iv.lo:.6f}, {iv.hi:.6f}]  width {iv.width:.2e} ({rel:.2e} rel)  {sec:7.2f} s")
        row = dict(pt=(q, s, T, d), lo=iv.lo, hi=iv.hi, width=iv.width, rel=rel, sec=sec, peers={})
        if (q, s, T, d) == BENCH:
            ok_bench = iv.width <= 0.002 and sec <= 3.0
        for k in peers:
            st, val, psec = run_peer(k, (q, s, T, d), args.peer_timeout)
            if st != "ok":
                print(f"  {k:16s}  FAILED: {st}  ({psec:.1f} s)")
                failures.append(f"{k} at (q={q:g}, sigma={s:g}, T={T}, delta={d:g}): {st}")
                row["peers"][k] = None
                continue
            eps = val[0]
            ratio = eps / iv.hi if iv.hi > 0 else (math.inf if eps > 0 else 1.0)
            extra = ""
            v = verdict(eps, iv.lo, iv.hi)
            if k == "prv":
                extra = f"  [lower {val[1]:.6f}, estimate {val[2]:.6f}]"
                if val[1] > iv.hi:
                    v += f"; LOWER> our upper by {val[1] - iv.hi:.3g}"
                    failures.append(f"prv eps_lower above the certified upper end at (q={q:g}, sigma={s:g}, T={T}, "
                                    f"delta={d:g}): {val[1]} > {iv.hi}")
            if eps < iv.lo:
                failures.append(f"{k} under-states eps at (q={q:g}, sigma={s:g}, T={T}, delta={d:g}): {eps} < "
                                f"certified lower end {iv.lo}")
            print(f"  {k:16s}  eps {eps:.6f}{extra}  {psec:7.2f} s  ratio to our upper {ratio:.4f}  "
                  f"time ratio {psec / max(sec, 1e-9):.2f}  {v}")
            row["peers"][k] = (eps, psec, ratio, v)
        rows.append(row)
    print(f"\nsummary ({time.perf_counter() - t_all:.0f} s total):")
    worst = max(rows, key=lambda r: r["rel"])
    print(f"  widths: max relative {worst['rel']:.2e} at {worst['pt']}; max absolute "
          f"{max(r['width'] for r in rows):.2e}; ours total {sum(r['sec'] for r in rows):.1f} s")
    if ok_bench is not None:
        b = rows[0]
        print(f"  benchmark case: width {b['width']:.2e} (target 0.002), {b['sec']:.2f} s (target 3 s): "
              f"{'OK' if ok_bench else 'MISSED'}")
    big = [r for r in rows if r["pt"][2] >= 10 ** 5 and r["pt"][0] < 1]
    if big:
        print(f"  T >= 1e5 (q < 1): max relative width {max(r['rel'] for r in big):.2e} (target 1e-3)")
    for k in peers:
        rs = [r["peers"][k][2] for r in rows if r["peers"].get(k)]
        if rs:
            print(f"  {k}: eps / our upper end in [{min(rs):.4f}, {max(rs):.4f}] over {len(rs)} points")
    print(f"  peer failures and invalid values: {len(failures)}")
    for f in failures:
        print(f"    - {f}")
    return 0 if ok_bench in (None, True) else 1


if __name__ == "__main__":
    sys.exit(main())
