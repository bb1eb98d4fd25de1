"""Checks of the ground truth used by the cross-checks (no third-party package needed).

* core.xchk.truth.t1_closed_form: the one-step closed forms (remove/add, via the exact Gaussian curve) equal the
  hockey-stick integrals computed by quadrature of the mixture densities.
* core.xchk.truth.lower_bound: the test-set lower bound for T > 1 is below the exact curve where that is known
  (T = 1; q -> 1 by the post-processing order delta_{T,q} <= delta_{T,1} = Gaussian(sigma/sqrt(T))), and tight there.
"""
from __future__ import annotations

import math

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.accounting import gaussian_delta

from ._truth import SgmLowerBound, sgm_delta_t1

T1_GRID = [(0.01, 1.0), (0.5, 1.0), (0.1, 0.5), (0.999, 1.0), (1e-3, 2.0), (0.3, 5.0)]
T1_EPS = [0.01, 0.2, 1.0, 3.0, 8.0]
T1_QUICK = [(0.01, 1.0), (0.5, 1.0), (0.999, 1.0), (1e-3, 2.0)]


def _quad_t1(eps, q, sigma, direction):
    """H_{e^eps}(P || Q) (remove) or H(Q || P) (add) by adaptive quadrature (scipy, float64, relative tolerance 1e-13)
    of (p - e^eps q)_+ over the half line where it is positive.  With z = (2x-1)/(2 s^2) the integrand factors
    without cancellation:  remove: p - e^eps q = phi_0(x) q c expm1(z - log c), c = 1 + expm1(eps)/q, on z >= log c;
    add: q - e^eps p = e^eps phi_0(x) q c' (-expm1(z - log c')), c' = 1 + expm1(-eps)/q, on z <= log c'.
    Integrated from the crossing point over 60 pieces of length sigma^2/(2 max(|x*|, 1, sigma)), then to infinity."""
    from scipy.integrate import quad

    s2 = sigma * sigma
    if direction == "remove":
        c = 1 + math.expm1(eps) / q
        sign, scale = 1, q * c
    else:
        c = 1 + math.expm1(-eps) / q
        if c <= 0:
            return 0.0
        sign, scale = -1, math.exp(eps) * q * c
    lc = math.log(c)
    xs = s2 * lc + 0.5

    lnorm = math.log(sigma * math.sqrt(2 * math.pi))
    lscale = math.log(scale)

    def f(x):
        w = (2 * x - 1) / (2 * s2) - lc
        lphi = -x * x / (2 * s2) - lnorm
        if w > 30:    # expm1(w) = e^w (1 - e^-w), combined in the exponent (no overflow)
            return math.exp(lphi + lscale + w) * -math.expm1(-w)
        return sign * math.exp(lphi + lscale) * math.expm1(w)

    L = s2 / (2 * max(abs(xs), 1, sigma))
    total = 0.0
    for k in range(60):
        a, b = xs + sign * k * L, xs + sign * (k + 1) * L
        total += quad(f, min(a, b), max(a, b), epsabs=0, epsrel=1e-13, limit=200)[0]
    a = xs + sign * 60 * L
    total += quad(f, a, math.inf, epsabs=0, epsrel=1e-13, limit=200)[0] if sign > 0 else \
        quad(f, -math.inf, a, epsabs=0, epsrel=1e-13, limit=200)[0]
    return total


@check("core.xchk.truth.t1_closed_form", spec="core.xchk.truth_t1")
def _t1_closed_form(ctx):
    worst, n, lines = 0.0, 0, []
    grid = T1_GRID if ctx.full else T1_QUICK
    for q, s in grid:
        for e in T1_EPS:
            rem, add = sgm_delta_t1(e, q, s)
            for name, cf in (("remove", rem), ("add", add)):
                qd = _quad_t1(e, q, s, name)
                cf = float(cf)
                if cf == 0.0 and qd == 0.0:
                    continue
                if cf < 1e-300:
                    continue
                rel = abs(qd - cf) / cf
                n += 1
                if rel > worst:
                    worst = rel
                    lines.append(f"{name} eps={e}, q={q}, sigma={s}: closed {cf:.12g} quad {qd:.12g}")
                if rel > 1e-8:
                    return fail("one-step hockey-stick = closed form via the Gaussian curve",
                                f"{name} eps={e}, q={q}, sigma={s}: closed {cf!r}, quadrature {qd!r} (rel {rel:.2e})")
    return Outcome(Verdict.NUMERIC,
                   claimed="T = 1: H(P||Q) = q delta_G(log(1 + (e^eps-1)/q)); H(Q||P) = (1 - e^eps(1-q)) "
                           "delta_G(-log(1 + (e^-eps - 1)/q)), P = (1-q)N(0,s^2) + qN(1,s^2), Q = N(0,s^2)",
                   computed=f"{n} nonzero values, max rel diff closed form vs quadrature {worst:.2e}",
                   margin=1e-8 - worst,
                   precision="closed forms: mpmath (exact Gaussian curve); integrals: scipy adaptive quadrature, "
                             "epsrel 1e-13, of the cancellation-free factored integrand",
                   details=f"(q, sigma) in {grid}, eps in {T1_EPS}; last worst: {lines[-1] if lines else '-'}")


LB_T1 = [(0.01, 1.0, 0.2), (0.01, 1.0, 2.0), (0.5, 1.0, 3.5), (0.1, 0.5, 6.5), (1e-3, 2.0, 0.01), (0.999, 1.0, 4.0)]
LB_Q1 = [(1.0, 10, 8.0), (2.0, 100, 20.0), (5.0, 100, 5.0)]   # (sigma, T, eps) with q = 1 - 1e-9


@check("core.xchk.truth.lower_bound", spec="core.xchk.truth_lower", profile="full")
def _lower_bound(ctx):
    lines, worst_slack = [], 1.0
    # T = 1: both directions against the exact closed forms
    for q, s, e in LB_T1:
        ex = sgm_delta_t1(e, q, s)
        for k, d in enumerate(("remove", "add")):
            if d == "add" and e >= -math.log1p(-q):
                continue
            lb = SgmLowerBound(q, s, 1, d, e).delta_lower(e)
            exact = float(ex[k])
            if lb > exact * (1 + 1e-12):
                return fail("test-set lower bound <= exact delta", f"T=1 {d} q={q} s={s} eps={e}: {lb!r} > {exact!r}")
            ratio = lb / exact if exact > 0 else 1.0
            worst_slack = min(worst_slack, ratio)
            lines.append(f"T=1 {d} (q={q}, s={s}, eps={e}): lower/exact = {ratio:.8f}")
    # q = 1 - 1e-9, T > 1: delta_{T,q} <= delta_{T,1} = Gaussian(sigma/sqrt(T)) (post-processing order)
    q = 1 - 1e-9
    for s, T, e in LB_Q1:
        lb = SgmLowerBound(q, s, T, "remove", e).delta_lower(e)
        g1 = gaussian_delta(e, s / math.sqrt(T))
        if lb > g1 * (1 + 1e-12):
            return fail("test-set lower bound <= delta_{T,q} <= Gaussian(sigma/sqrt T)",
                        f"q=1-1e-9 s={s} T={T} eps={e}: {lb!r} > {g1!r}")
        ratio = lb / g1
        worst_slack = min(worst_slack, ratio)
        lines.append(f"T={T} q=1-1e-9 (s={s}, eps={e}): lower/Gaussian = {ratio:.8f}")
    if worst_slack < 0.99:
        return fail("the lower bound is tight (>= 0.99 of the exact value) where the truth is known",
                    f"worst lower/exact = {worst_slack:.6f}", details="; ".join(lines))
    return Outcome(Verdict.NUMERIC,
                   claimed="SgmLowerBound.delta_lower <= exact delta (T = 1; q -> 1 Gaussian limit) and >= 0.99 of it",
                   computed=f"min lower/exact = {worst_slack:.8f} over {len(lines)} points; never above",
                   margin=worst_slack - 0.99, precision="float64 FFT with stated l1 allowances (see _truth.py)",
                   details="; ".join(lines))
