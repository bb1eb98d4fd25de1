"""Checks of the certified PLD bracket (reference.core.accounting.pld): it must contain the exact privacy curve
wherever that is known independently, and a deliberately wrong rounding direction must be caught.

Exact values used (independent of the PLD code):
* q = 1 (Gaussian mechanism, any T): T steps of noise sigma = one Gaussian of sensitivity sqrt(T) (T a perfect
  square, so sqrt(T) is exact): eps by ``gaussian_epsilon(..., return_bracket=True)`` (certified bisection on the
  analytic Gaussian curve, Balle & Wang 2018, in Arb).
* T = 1 (Poisson-subsampled Gaussian, both directions): H_{e^eps}(P||Q) and H(Q||P) by certified Arb quadrature
  (``hockey_stick_density_arb``) of (p - e^eps q)_+ over the half line where it is positive (the likelihood ratio
  1 - q + q exp((2x-1)/(2 s^2)) is increasing, so the crossing point x* is explicit), the tail beyond the
  integration range bounded by a normal tail in Arb.
* Randomized response (any T): H = sum_l C(T,l) p^{T-l} (1-p)^l (1 - e^{eps - eps0 (T - 2l)})_+ in Arb.
* Laplace (T = 1): 1 - exp((eps - Delta/b)/2) in Arb.
* Finite pairs (T <= 4): the product distributions enumerated exactly (Fractions), ``hockey_stick_finite``
  certified.
A containment is CERTIFIED when ours.lo <= exact.lo and exact.hi <= ours.hi (both as enclosures); a certified
VIOLATION is ours.hi < exact.lo or ours.lo > exact.hi; anything else is undecided (counted, never a pass).
Spec: core.acct.pld_bracket, core.acct.dpsgd_epsilon_bracket, core.acct.pld_pairs.
"""
from __future__ import annotations

import itertools
import math
import time
from fractions import Fraction

from flint import acb, arb

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core import accounting as A
from reference.core.accounting import pld
from reference.core.accounting._common import arb_prec, arb_to_interval, to_arb

from .accounting_helpers import arb_normal_pdf


# ------------------------------------------------------------------------------------------------ exact values

def exact_eps_q1(sigma: float, T: int, delta: float) -> tuple[float, float]:
    """Certified enclosure of the exact eps(delta) of T Gaussian steps (T a perfect square)."""
    r = math.isqrt(T)
    if r * r != T:
        raise ValueError(f"T must be a perfect square (sqrt(T) exact), got {T}")
    iv = A.gaussian_epsilon(delta, sigma, r, return_bracket=True)
    return iv.lo, iv.hi


def _sgm_t1_arb(eps: float, q: float, sigma: float, direction: str) -> arb:
    """Certified ball of H_{e^eps}(P||Q) (remove) or H(Q||P) (add), one step of the Poisson-subsampled Gaussian,
    by Arb quadrature.  remove: p - e^eps q > 0 iff x > x* = s^2 log((e^eps - 1 + q)/q) + 1/2; add: q - e^eps p > 0
    iff x < x*' = s^2 log((e^-eps - 1 + q)/q) + 1/2 (empty when e^-eps <= 1 - q)."""
    with arb_prec(192):
        e, qa, s = to_arb(eps), to_arb(q), to_arb(sigma)
        p0, p1 = arb_normal_pdf(arb(0), s), arb_normal_pdf(arb(1), s)
        mix = lambda z: (1 - qa) * p0(z) + qa * p1(z)  # noqa: E731
        c = e.exp()
        if direction == "remove":
            xs = s * s * ((e.expm1() + qa) / qa).log() + arb(1) / 2
            U, step = max(float(xs.mid()), 1.0) + 1.0, sigma
            while True:      # tail of (mix - c p0)_+ beyond U <= P_mix(X > U)
                tail = (1 - qa) * ((arb(U) / (s * arb(2).sqrt())).erfc() / 2) + \
                    qa * (((arb(U) - 1) / (s * arb(2).sqrt())).erfc() / 2)
                if tail < arb(2) ** -120:
                    break
                U += step
            return A.hockey_stick_density_arb(mix, p0, c, xs, arb(U), tail_bound=tail, abs_tol=arb(2) ** -130,
                                              rel_tol_bits=90, prec=192)
        arg = ((-e).expm1() + qa) / qa
        if not (arg > 0):
            return arb(0)
        xs = s * s * arg.log() + arb(1) / 2
        Lo, step = min(float(xs.mid()), -1.0) - 1.0, sigma
        while True:          # tail of (p0 - c mix)_+ below Lo <= P_0(X < Lo)
            tail = (-arb(Lo) / (s * arb(2).sqrt())).erfc() / 2
            if tail < arb(2) ** -120:
                break
            Lo -= step
        # integral_{Lo}^{x*} (p0 - c mix) = integral of (p0 - c mix) reflected: use the same routine with x -> -x
        pr0 = lambda z: p0(-z)  # noqa: E731
        prm = lambda z: mix(-z)  # noqa: E731
        return A.hockey_stick_density_arb(pr0, prm, c, -xs, arb(-Lo), tail_bound=tail, abs_tol=arb(2) ** -130,
                                          rel_tol_bits=90, prec=192)


def exact_delta_t1(eps: float, q: float, sigma: float) -> tuple[float, float]:
    """Enclosure of the exact one-step delta(eps) = max(remove, add) of the Poisson-subsampled Gaussian."""
    r = _sgm_t1_arb(eps, q, sigma, "remove")
    a = _sgm_t1_arb(eps, q, sigma, "add")
    iv = arb_to_interval(r.max(a) if (r.is_finite() and a.is_finite()) else arb("nan"))
    return iv.lo, iv.hi


def exact_delta_rr(eps0: float, T: int, eps: float) -> tuple[float, float]:
    with arb_prec(256):
        e0, e = to_arb(eps0), to_arb(eps)
        p = e0.exp() / (1 + e0.exp())
        tot = arb(0)
        for l in range(T + 1):
            loss = e0 * (T - 2 * l)
            if loss > e:
                tot += arb.bin_uiui(T, l) * p ** (T - l) * (1 - p) ** l * (-(e - loss).expm1())
            elif not (loss <= e):
                tot += arb.bin_uiui(T, l) * p ** (T - l) * (1 - p) ** l * (-(e - loss).expm1()).nonnegative_part()
        iv = arb_to_interval(tot)
    return iv.lo, iv.hi


def exact_delta_laplace(b: float, eps: float) -> tuple[float, float]:
    with arb_prec(256):
        e0 = 1 / to_arb(b)
        v = -(((to_arb(eps) - e0) / 2).expm1()) if to_arb(eps) < e0 else arb(0)
        iv = arb_to_interval(v)
    return iv.lo, iv.hi


def exact_delta_finite(P, Q, T: int, eps: float) -> tuple[float, float]:
    PT = [math.prod(c) for c in itertools.product(P, repeat=T)]
    QT = [math.prod(c) for c in itertools.product(Q, repeat=T)]
    f = A.hockey_stick_finite(PT, QT, epsilon=eps, certified=True)
    r = A.hockey_stick_finite(QT, PT, epsilon=eps, certified=True)
    return max(f.lo, r.lo), max(f.hi, r.hi)


# ------------------------------------------------------------------------------------------------ cases

FIN_P = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
FIN_Q = [Fraction(1, 6), Fraction(1, 3), Fraction(1, 2)]

Q1_QUICK = [(5.0, 100, 1e-5), (1.0, 4, 1e-12), (2.0, 16, 1e-5), (0.8, 1, 1e-5)]
Q1_FULL = Q1_QUICK + [(2.0, 400, 1e-12), (2.0, 10000, 1e-5), (10.0, 2500, 1e-8), (0.5, 9, 1e-5), (1.0, 100, 1e-10)]
T1_QUICK = [(0.01, 1.0, 1.0), (0.5, 1.0, 2.0), (0.1, 0.5, 0.3)]
T1_FULL = T1_QUICK + [(0.999, 1.0, 3.0), (1e-3, 2.0, 0.01), (0.3, 5.0, 0.05), (0.01, 0.5, 6.0), (0.9, 0.7, 0.0)]
RR_QUICK = [(0.5, 10, 0.79), (0.1, 200, 1.41), (1.0, 50, 3.5)]
RR_FULL = RR_QUICK + [(2.0, 5, 3.0), (0.05, 1000, 2.0)]
LAP = [(0.5, 0.6), (1.0, 0.3), (3.0, 0.1)]
FIN = [(1, 0.1), (2, 0.7), (3, 1.5), (4, 0.3)]


def containment(ours, ex) -> str:
    """'in' (certified containment), 'out' (certified violation) or 'undecided'."""
    lo, hi = ours
    elo, ehi = ex
    if hi < elo or lo > ehi:
        return "out"
    if lo <= elo and ehi <= hi:
        return "in"
    return "undecided"


def bracket_cases(full: bool) -> list[tuple]:
    """(label, callable returning our Interval, callable returning the exact enclosure)."""
    cs = []
    for s, T, d in (Q1_FULL if full else Q1_QUICK):
        cs.append((f"q=1 sigma={s} T={T} delta={d}: eps", lambda s=s, T=T, d=d: pld.dpsgd_epsilon_bracket(1.0, s, T, d),
                   lambda s=s, T=T, d=d: exact_eps_q1(s, T, d)))
    for q, s, e in (T1_FULL if full else T1_QUICK):
        cs.append((f"T=1 q={q} sigma={s} eps={e}: delta", lambda q=q, s=s, e=e: pld.dpsgd_delta_bracket(q, s, 1, e),
                   lambda q=q, s=s, e=e: exact_delta_t1(e, q, s)))
    for e0, T, e in (RR_FULL if full else RR_QUICK):
        cs.append((f"RR eps0={e0} T={T} eps={e}: delta",
                   lambda e0=e0, T=T, e=e: pld.pld_bracket(pld.randomized_response_pair(e0), T, epsilon=e),
                   lambda e0=e0, T=T, e=e: exact_delta_rr(e0, T, e)))
    for b, e in LAP:
        cs.append((f"Laplace b={b} T=1 eps={e}: delta", lambda b=b, e=e: pld.pld_bracket(pld.LaplacePair(b), 1, epsilon=e),
                   lambda b=b, e=e: exact_delta_laplace(b, e)))
    for T, e in FIN:
        cs.append((f"finite T={T} eps={e}: delta",
                   lambda T=T, e=e: pld.pld_bracket(pld.FinitePair(FIN_P, FIN_Q), T, epsilon=e),
                   lambda T=T, e=e: exact_delta_finite(FIN_P, FIN_Q, T, e)))
    return cs


def verify_brackets(cases) -> dict:
    """Run the cases: counts of certified containments, violations (with the rows) and undecided."""
    out = {"in": 0, "out": [], "undecided": [], "rows": [], "widths": []}
    for label, ours_fn, ex_fn in cases:
        iv = ours_fn()
        ex = ex_fn()
        st = containment((iv.lo, iv.hi), ex)
        row = f"{label}: ours [{iv.lo:.12g}, {iv.hi:.12g}] exact [{ex[0]:.14g}, {ex[1]:.14g}] -> {st}"
        out["rows"].append(row)
        if st == "in":
            out["in"] += 1
            out["widths"].append((iv.hi - iv.lo) / max(abs(ex[1]), 1e-300))
        elif st == "out":
            out["out"].append(row)
        else:
            out["undecided"].append(row)
    return out


def _outcome(res, n, claimed, extra=""):
    if res["out"]:
        return fail(claimed, "; ".join(res["out"][:4]), details=" | ".join(res["rows"]))
    if res["undecided"]:
        return fail(claimed, f"{len(res['undecided'])} undecided containments: " + "; ".join(res["undecided"][:3]),
                    details=" | ".join(res["rows"]))
    # each containment is certified (Arb), but at finitely many points: NUMERIC (the proof is the module docstring)
    return Outcome(Verdict.NUMERIC, claimed=claimed,
                   computed=f"{res['in']}/{n} exact values certified inside the bracket; relative widths "
                            f"{min(res['widths']):.2e} .. {max(res['widths']):.2e}" + extra,
                   margin=None, precision="bracket: exact integer convolutions + Arb (128-160 bits); exact values: "
                                          "Arb (192-256 bits)",
                   details=" | ".join(res["rows"]))


@check("core.acct.pld.exact_sgm", spec=["core.acct.dpsgd_epsilon_bracket", "core.acct.pld_bracket", "core.acct.pld_pairs"])
def _pld_exact_sgm(ctx):
    cs = [c for c in bracket_cases(ctx.full) if c[0].startswith(("q=1", "T=1"))]
    res = verify_brackets(cs)
    return _outcome(res, len(cs), "dpsgd_epsilon_bracket / dpsgd_delta_bracket contain the exact eps(delta) at q = 1 "
                                  "(any T) and the exact one-step delta(eps) (both directions) at T = 1")


@check("core.acct.pld.exact_pairs", spec=["core.acct.pld_pairs", "core.acct.pld_bracket"])
def _pld_exact_pairs(ctx):
    cs = [c for c in bracket_cases(ctx.full) if not c[0].startswith(("q=1", "T=1"))]
    res = verify_brackets(cs)
    return _outcome(res, len(cs), "pld_bracket contains the exact delta_T(eps) of randomized response (any T), "
                                  "Laplace (T = 1) and finite hockey-stick pairs (T <= 4)")


FAULT_CASES = [(5.0, 100, 1e-5), (2.0, 16, 1e-5)]


def fault_run(fault: str) -> dict:
    """The q = 1 certification with a deliberately wrong rounding direction injected (restored afterwards)."""
    old = set(pld._FAULTS)
    pld._FAULTS.clear()
    pld._FAULTS.add(fault)
    try:
        cs = [(f"[{fault}] q=1 sigma={s} T={T} delta={d}",
               lambda s=s, T=T, d=d: pld.dpsgd_epsilon_bracket(1.0, s, T, d, max_refinements=0),
               lambda s=s, T=T, d=d: exact_eps_q1(s, T, d)) for s, T, d in FAULT_CASES]
        return verify_brackets(cs)
    finally:
        pld._FAULTS.clear()
        pld._FAULTS.update(old)


@check("core.acct.pld.fault_detected", spec=["core.acct.pld_bracket"])
def _pld_fault_detected(ctx):
    """The certification check can fail: the pessimistic chain with its masses rounded DOWN (at 10 bits), or with
    the loss rounded down instead of the connect-the-dots split, must produce a certified violation."""
    rows = []
    for fault in ("upper_round_down", "upper_optimistic"):
        res = fault_run(fault)
        rows += res["rows"]
        if not res["out"]:
            return fail("a wrong rounding direction is caught by the containment check",
                        f"fault {fault}: no certified violation", details=" | ".join(res["rows"]))
    return Outcome(Verdict.NUMERIC, claimed="the containment check detects a wrong rounding direction",
                   computed="both injected faults (masses rounded down; loss rounded down) give brackets whose upper "
                            "end is certified below the exact eps", details=" | ".join(rows))


@check("core.acct.pld.benchmark_case", spec=["core.acct.dpsgd_epsilon_bracket"])
def _pld_benchmark(ctx):
    """Issue 20 target: width <= 0.002 at q = 0.01, sigma = 1, T = 1000, delta = 1e-5 (true eps ~ 1.828), both ends
    certified; and monotone consistency: the bracket at T = 1000 and at T = 999 / 1001 overlap in order."""
    t0 = time.perf_counter()
    iv = pld.dpsgd_epsilon_bracket(0.01, 1.0, 1000, 1e-5)
    sec = time.perf_counter() - t0
    claimed = "width of the certified bracket <= 0.002 at (q, sigma, T, delta) = (0.01, 1, 1000, 1e-5)"
    if not (iv.width <= 0.002):
        return fail(claimed, f"bracket {iv} has width {iv.width:.3g}")
    rdp = A.dpsgd_epsilon(0.01, 1.0, 1000, 1e-5, orders=range(2, 257), certified=True).hi
    if not (iv.hi <= rdp):
        return fail("the bracket's upper end is below the certified RDP bound", f"{iv.hi} vs {rdp}")
    return Outcome(Verdict.NUMERIC, claimed=claimed,
                   computed=f"[{iv.lo!r}, {iv.hi!r}] width {iv.width:.3g} in {sec:.2f} s (machine shared); certified "
                            f"RDP (orders 2..256) gives {rdp:.6g}",
                   margin=0.002 - iv.width)


GRID_FULL = [(0.01, 1.0, 1000, 1e-12), (1e-3, 1.0, 10 ** 5, 1e-5), (1e-3, 1.0, 10 ** 6, 1e-5),
             (1e-4, 1.0, 10 ** 6, 1e-5), (0.01, 2.0, 10 ** 5, 1e-12), (0.1, 2.0, 1000, 1e-8), (1.0, 3.0, 10 ** 4, 1e-5)]


@check("core.acct.pld.grid_width", spec=["core.acct.dpsgd_epsilon_bracket"], profile="full")
def _pld_grid(ctx):
    """Width <= 0.1% of eps on a grid with T up to 1e6 (q in [1e-4, 1], sigma in [1, 3], delta in [1e-12, 1e-5])."""
    rows, worst = [], 0.0
    for q, s, T, d in GRID_FULL:
        t0 = time.perf_counter()
        iv = pld.dpsgd_epsilon_bracket(q, s, T, d)
        rel = iv.width / iv.hi
        worst = max(worst, rel)
        rows.append(f"(q={q}, s={s}, T={T}, d={d}): [{iv.lo:.6f}, {iv.hi:.6f}] rel width {rel:.2e} "
                    f"({time.perf_counter() - t0:.1f} s)")
        if rel > 1e-3:
            return fail("relative width <= 1e-3 on the grid", rows[-1], details=" | ".join(rows))
    return Outcome(Verdict.NUMERIC, claimed="certified bracket with relative width <= 1e-3 on the grid",
                   computed=f"{len(rows)} points, worst relative width {worst:.2e}", margin=1e-3 - worst,
                   details=" | ".join(rows))


# ------------------------------------------------------------------------------------------------ dpsgd_epsilon routes

ROUTE_PTS = [(0.01, 1.0, 1000, 1e-5), (0.01, 0.5, 100, 1e-12), (1.0, 2.0, 100, 1e-10), (0.5, 1.0, 1, 1e-12)]


@check("core.acct.dpsgd_epsilon.auto_routes", spec=["core.acct.dpsgd_epsilon"])
def _dpsgd_auto_routes(ctx):
    """(1) The fractional-order RDP by certified quadrature (both directions) overlaps the exact integer-order
    binomial sums at integer orders; (2) every route of dpsgd_epsilon (automatic RDP orders, q = 1 exact curve,
    'pld') returns a value >= the certified LOWER end of the PLD bracket (a route below it would be invalid), and the
    automatic route is <= the fixed orders 2..256; (3) the 'pld' route equals the bracket's upper end."""
    from reference.core.accounting.rdp import _sgm_frac_cert
    n = 0
    for a, q, s in [(2, 0.01, 1.0), (3, 1e-4, 5.0), (5, 0.3, 0.8), (2, 0.999, 0.7)]:
        fr = _sgm_frac_cert(float(a), q, s)
        ex = A.rdp_subsampled_gaussian_arb([a], q, s)[a]
        n += 1
        if not fr.overlaps(ex):
            return fail("quadrature RDP = exact integer-order RDP", f"alpha={a}, q={q}, sigma={s}: {fr} vs {ex}")
    rows = []
    for i, (q, s, T, d) in enumerate(ROUTE_PTS if ctx.full else [ROUTE_PTS[0], ROUTE_PTS[2]]):
        br = pld.dpsgd_epsilon_bracket(q, s, T, d)
        auto = A.dpsgd_epsilon(q, s, T, d)
        fixed = A.dpsgd_epsilon(q, s, T, d, orders=range(2, 257))
        p = A.dpsgd_epsilon(q, s, T, d, method="pld") if (i == 0 or ctx.full) else br.hi
        rows.append(f"(q={q}, s={s}, T={T}, d={d}): bracket [{br.lo:.6g}, {br.hi:.6g}], auto RDP/exact {auto:.6g}, "
                    f"orders 2..256 {fixed:.6g}, pld {p:.6g}")
        if not (auto >= br.lo and fixed >= br.lo and p >= br.lo):
            return fail("every route >= the certified lower end of the true eps", rows[-1])
        if not (auto <= fixed * (1 + 1e-12)):
            return fail("automatic orders never worse than orders 2..256", rows[-1])
        if p != br.hi:
            return fail("route 'pld' = bracket upper end", rows[-1])
    return Outcome(Verdict.NUMERIC, claimed="dpsgd_epsilon routes are valid (>= a certified lower bound on the true eps) "
                   "and the automatic orders are never worse than 2..256",
                   computed=f"{n} quadrature-vs-exact RDP overlaps; " + "; ".join(rows),
                   precision="Arb (quadrature 128 bits, conversions 128 bits); bracket certified", details="; ".join(rows))
