"""Checks of the core accounting (reference.core.accounting): Gaussian curve, GDP, zCDP, RDP.

Spec file: specs/core.accounting.toml (ids core.acct.*). Composition / amplification / hockey-stick / doc-000
helpers are checked in accounting_composition.py.
"""
from __future__ import annotations

import math

import mpmath
import sympy as sp
from flint import arb

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core import accounting as A
from reference.core.accounting._common import arb_prec, to_arb

from .accounting_helpers import arb_normal_pdf, arb_normal_sf, sgm_renyi_quad, sympy_gauss_integral

EPS_GRID = [0.0, 1e-3, 0.01, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0]
SIGMA_GRID = [0.05, 0.1, 0.3, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 100.0]


# ------------------------------------------------------------------------------------------
# analytic Gaussian mechanism = hockey-stick integral (CERTIFIED)
# ------------------------------------------------------------------------------------------

def _gauss_hockey_arb(eps: float, sigma: float, sens: float) -> tuple[arb, arb]:
    """(formula ball, integral ball) at 128 bits. The integral is over [x*, U] with x* = sigma^2 eps/Delta + Delta/2
    the exact crossing point of p = N(Delta, s^2) and e^eps q, q = N(0, s^2) (the likelihood ratio
    p/q = exp((2x Delta - Delta^2)/(2 s^2)) is increasing, so {p > e^eps q} = (x*, inf)); the tail beyond U is
    bounded by P_p(X > U), computed in Arb, and U is pushed out until that is < 2^-80 of the formula."""
    with arb_prec(128):
        e, s, D = arb(eps), arb(sigma), arb(sens)
        xs = s * s * e / D + D / 2
        f = A.gaussian_delta_arb(e, s, D)
        U, step = max(float(xs.mid()), sens), sigma
        while True:
            tail = arb_normal_sf(arb(U), D, s)
            if tail < f * arb(2) ** -80:
                break
            U += step
            step *= 1.5
        p, q = arb_normal_pdf(D, s), arb_normal_pdf(arb(0), s)
        I = A.hockey_stick_density_arb(p, q, e.exp(), xs, arb(U), tail_bound=tail,
                                       abs_tol=p(xs).real * s * arb(2) ** -90, rel_tol_bits=80)
    return f, I


@check("core.acct.gaussian_delta.hockey_arb", spec=["core.acct.gaussian_delta", "core.acct.stmt.analytic_gaussian",
                                                   "core.acct.hockey_stick_density"])
def _gaussian_delta_hockey_arb(ctx):
    eps_grid = EPS_GRID + ([0.25, 3.0, 30.0, 40.0] if ctx.full else [])
    sig_grid = SIGMA_GRID + ([0.07, 0.2, 3.0, 50.0, 70.0] if ctx.full else [])
    sens_grid = [1.0, 3.0] if not ctx.full else [0.1, 1.0, 3.0]
    worst_rel, worst_code, n = 0.0, 0.0, 0
    smallest = None
    for sens in sens_grid:
        for eps in eps_grid:
            for sig in sig_grid:
                if sens != 1.0 and (eps not in (0.0, 1.0, 50.0) or sig not in (0.05, 1.0, 100.0)) and not ctx.full:
                    continue
                f, I = _gauss_hockey_arb(eps, sig, sens)
                n += 1
                with arb_prec(128):
                    rel = (I - f) / f
                    bound = arb(2) ** -50
                    if not (rel.abs_upper() <= bound):
                        return fail("Phi(D/2s - es/D) - e^e Phi(-D/2s - es/D) = int (p - e^e q)_+",
                                    f"eps={eps}, sigma={sig}, Delta={sens}: formula {f.str(20)} vs integral {I.str(20)}")
                    worst_rel = max(worst_rel, float(rel.abs_upper()))
                    # the code's float (15 digits) and certified interval against the ball
                    v = A.gaussian_delta(eps, sig, sens)
                    iv = A.gaussian_delta(eps, sig, sens, method="certified")
                    if not (arb(iv.lo) <= f.lower() and f.upper() <= arb(iv.hi)):
                        return fail("certified Interval encloses delta", f"eps={eps}, sigma={sig}: {iv} vs {f}")
                    if f > arb(2.2250738585072014e-308):   # normal floats: relative error of the exact path
                        err = float(((arb(v) - f) / f).abs_upper())
                        if err > 4e-16:
                            return fail("gaussian_delta correct to 15 digits", f"eps={eps}, sigma={sig}: rel err {err:.3g}")
                        worst_code = max(worst_code, err)
                    if smallest is None or f < smallest[0]:
                        smallest = (f, eps, sig, sens)
    return Outcome(Verdict.CERTIFIED,
                   claimed="delta(eps) = Phi(D/(2s) - e s/D) - e^e Phi(-D/(2s) - e s/D) = int (N(D,s^2) - e^e N(0,s^2))_+",
                   computed=f"{n} grid points: Arb enclosures of formula and integral agree to rel {worst_rel:.2e} "
                            f"(<= 2^-50 certified); code float rel err <= {worst_code:.2e}; smallest delta "
                            f"{smallest[0].str(5, radius=False)} at eps={smallest[1]}, sigma={smallest[2]}",
                   margin=2.0 ** -50 - worst_rel,
                   precision="Arb 128 bits; acb.integral rel tol 2^-80; tail beyond U bounded by erfc (< 2^-80 rel)",
                   details=f"eps in {eps_grid}; sigma in {sig_grid}; Delta in {sens_grid} (Delta != 1 on a sub-grid in quick)")


# ------------------------------------------------------------------------------------------
# gaussian_sigma / gaussian_epsilon / gdp_mu minimality (CERTIFIED)
# ------------------------------------------------------------------------------------------

def _delta_arb(eps, sig, sens, prec=256) -> arb:
    with arb_prec(prec):
        return A.gaussian_delta_arb(to_arb(eps), to_arb(sig), to_arb(sens))


def _decide(make, target, op) -> bool:
    """Decide ``make() <op> target`` in Arb, doubling the precision (256 .. 16384 bits) until the balls separate.
    ``make`` builds the ball at the current precision. Returns False if undecided (counted as a failure)."""
    prec = 256
    while prec <= 16384:
        with arb_prec(prec):
            v, t = make(), to_arb(target)
            if op == "<=" and v <= t:
                return True
            if op == ">" and v > t:
                return True
            if (op == "<=" and v > t) or (op == ">" and v <= t):
                return False
        prec *= 2
    return False


@check("core.acct.gaussian_sigma.minimal", spec=["core.acct.gaussian_sigma", "core.acct.gaussian_delta"])
def _gaussian_sigma_minimal(ctx):
    eps_grid = [0.0, 1e-6, 0.01, 0.5, 1.0, 5.0, 50.0] + ([0.1, 2.0, 20.0] if ctx.full else [])
    delta_grid = [1e-300, 1e-100, 1e-10, 1e-5, 0.1, 0.5, 0.99] + ([1e-200, 1e-30, 1e-3] if ctx.full else [])
    sens_grid = [1.0, 0.1] if not ctx.full else [1.0, 0.1, 7.0]
    n, worst = 0, 0.0
    for sens in sens_grid:
        for eps in eps_grid:
            for dl in delta_grid:
                s = A.gaussian_sigma(eps, dl, sens)
                n += 1
                at = lambda: A.gaussian_delta_arb(to_arb(eps), to_arb(s), to_arb(sens))  # noqa: E731
                below = lambda: A.gaussian_delta_arb(to_arb(eps), to_arb(s) * (1 - arb(10) ** -9), to_arb(sens))  # noqa: E731
                if not _decide(at, dl, "<="):
                    return fail("delta(sigma) <= delta", f"eps={eps}, delta={dl}, Delta={sens}: sigma={s!r}")
                if not _decide(below, dl, ">"):
                    return fail("delta(sigma (1 - 1e-9)) > delta", f"eps={eps}, delta={dl}, Delta={sens}: sigma={s!r}")
                with arb_prec(2048):
                    worst = max(worst, float(((to_arb(dl) - at()) / to_arb(dl)).upper()))
    # gaussian_epsilon: smallest eps
    n_e = 0
    for sig in [0.1, 1.0, 10.0]:
        for dl in [1e-100, 1e-10, 1e-5, 0.3]:
            e = A.gaussian_epsilon(dl, sig)
            n_e += 1
            if not _decide(lambda: A.gaussian_delta_arb(to_arb(e), arb(sig), arb(1)), dl, "<="):
                return fail("delta(gaussian_epsilon) <= delta", f"sigma={sig}, delta={dl}, eps={e}")
            if e > 0:
                e_lo = e - 1e-9 * max(e, 1.0)
                if e_lo > 0 and not _decide(lambda: A.gaussian_delta_arb(to_arb(e_lo), arb(sig), arb(1)), dl, ">"):
                    return fail("gaussian_epsilon minimal", f"sigma={sig}, delta={dl}, eps={e}")
    return Outcome(Verdict.CERTIFIED,
                   claimed="gaussian_sigma returns sigma with delta(eps; sigma) <= delta < delta(eps; sigma (1 - 1e-9))",
                   computed=f"{n} (eps, delta, Delta) points certified both ways; max relative slack "
                            f"(delta - delta(sigma))/delta = {worst:.2e}; gaussian_epsilon minimal at {n_e} points",
                   margin=None, precision="Arb 256 bits (comparisons decided by ball arithmetic)",
                   details=f"eps in {eps_grid}; delta in {delta_grid}; Delta in {sens_grid}")


@check("core.acct.gdp.round_trip", spec=["core.acct.gdp"])
def _gdp_round_trip(ctx):
    n = 0
    for eps in [0.0, 0.1, 1.0, 5.0, 30.0]:
        for dl in [1e-100, 1e-12, 1e-5, 0.1, 0.9]:
            mu = A.gdp_mu(eps, dl)
            n += 1
            at = lambda: A.gaussian_delta_arb(arb(eps), arb(1), arb(mu))  # noqa: E731
            above = lambda: A.gaussian_delta_arb(arb(eps), arb(1), arb(mu) * (1 + arb(10) ** -9))  # noqa: E731
            if not _decide(at, dl, "<=") or not _decide(above, dl, ">"):
                return fail("gdp_delta(eps, gdp_mu(eps, delta)) <= delta < gdp_delta(eps, mu (1+1e-9))",
                            f"eps={eps}, delta={dl}, mu={mu}")
            with arb_prec(2048):
                d_at = at()
            # gdp_delta is the Gaussian curve with sigma = 1, Delta = mu: check the code against the Arb ball
            v = A.gdp_delta(eps, mu)
            if abs(v - float(d_at.mid())) > 4e-16 * max(v, 1e-300) and d_at > arb(1e-300):
                return fail("gdp_delta = Phi(-e/mu + mu/2) - e^e Phi(-e/mu - mu/2)", f"eps={eps}, mu={mu}: {v} vs {d_at}")
    return Outcome(Verdict.CERTIFIED, claimed="gdp_mu(eps, delta) is the largest mu with gdp_delta(eps, mu) <= delta",
                   computed=f"{n} points: gdp_delta(mu) <= delta and gdp_delta(mu (1 + 1e-9)) > delta certified",
                   precision="Arb 256..16384 bits (adaptive)", details="eps in {0, 0.1, 1, 5, 30}; delta in {1e-100, 1e-12, 1e-5, 0.1, 0.9}")


# ------------------------------------------------------------------------------------------
# GDP composition (PROVED)
# ------------------------------------------------------------------------------------------

@check("core.acct.gdp_compose.sympy", spec=["core.acct.gdp_compose", "core.acct.stmt.gdp_composition"])
def _gdp_compose_sympy(ctx):
    """Privacy loss L = log(p/q)(X) of N(mu_i, 1) vs N(0, 1) is the sufficient statistic of the pair; the hockey-stick
    curve is a function of the laws of L under P and under Q. We prove with sympy: (1) for one coordinate,
    L_i = mu_i x - mu_i^2/2 (log-likelihood ratio); (2) its moment generating function under Q = N(0,1) is
    exp(t^2 mu_i^2/2 - t mu_i^2/2) and under P = N(mu_i, 1) exp(t^2 mu_i^2/2 + t mu_i^2/2) (symbolic integrals);
    (3) for the product, L = sum L_i (log of a product), so the MGFs multiply: exponents add to the 1-D MGFs with
    mu^2 = sum mu_i^2 -- checked for n = 2, 3 with independent symbols and, for general n, because each MGF is
    exp(c(t) mu_i^2) with the same c(t) (so prod = exp(c(t) sum mu_i^2)). MGFs on an open interval determine the
    law, hence the product pair has the privacy curve of N(||mu||, 1) vs N(0, 1)."""
    x, t = sp.symbols("x t", real=True)
    m = sp.Symbol("mu", positive=True)
    phi = lambda z, c: sp.exp(-(z - c) ** 2 / 2) / sp.sqrt(2 * sp.pi)  # noqa: E731
    L = sp.expand(sp.expand_log(sp.log(phi(x, m) / phi(x, 0)), force=True))
    if sp.simplify(L - (m * x - m ** 2 / 2)) != 0:
        return fail("L = mu x - mu^2/2", str(L))
    mgf_q = sympy_gauss_integral(sp.exp(t * L) * phi(x, 0), x)
    mgf_p = sympy_gauss_integral(sp.exp(t * L) * phi(x, m), x)
    cq = sp.simplify(sp.expand_log(sp.log(mgf_q), force=True) / m ** 2)
    cp = sp.simplify(sp.expand_log(sp.log(mgf_p), force=True) / m ** 2)
    if sp.simplify(sp.expand_log(sp.log(mgf_q), force=True) - cq * m ** 2) != 0 or sp.diff(cq, m) != 0 \
            or sp.diff(cp, m) != 0:
        return fail("log MGF = c(t) mu^2", f"{mgf_q}, {mgf_p}")
    if sp.simplify(cq - (t ** 2 / 2 - t / 2)) != 0 or sp.simplify(cp - (t ** 2 / 2 + t / 2)) != 0:
        return fail("log MGF_Q = (t^2 - t) mu^2/2, log MGF_P = (t^2 + t) mu^2/2", f"{cq}, {cp}")
    for n in (2, 3):
        mus = sp.symbols(f"m1:{n + 1}", positive=True)
        prod_q = sp.Mul(*[sp.exp(cq * mi ** 2) for mi in mus])
        one_d = sp.exp(cq * sp.Add(*[mi ** 2 for mi in mus]))
        if sp.simplify(sp.powsimp(prod_q) - one_d) != 0:
            return fail("prod of MGFs = MGF of N(||mu||,1) vs N(0,1)", f"n={n}")
    # the code: sqrt(sum mu_i^2) correctly rounded
    cases = [([3, 4], 5.0), ([1] * 100, 10.0), ([0.5], 0.5), ([1e-200, 1e-200], math.sqrt(2) * 1e-200)]
    for mus_, want in cases:
        got = A.gdp_compose(mus_)
        if abs(got - want) > 2e-16 * want:
            return fail("gdp_compose = ||mu||", f"{mus_}: {got} vs {want}")
    return Outcome(Verdict.PROVED, claimed="(x) N(mu_i,1) vs (x) N(0,1) has the privacy curve of N(||mu||,1) vs N(0,1)",
                   computed=f"sympy: L_i = mu_i x - mu_i^2/2; log MGF_Q = {cq}*mu^2, log MGF_P = {cp}*mu^2; "
                            "product of MGFs = 1-D MGF with mu^2 = sum mu_i^2 (n = 2, 3 and general n by the common c(t))",
                   margin=0, precision="exact symbolic", details="code: gdp_compose on 4 exact cases")


# ------------------------------------------------------------------------------------------
# RDP of the Gaussian (PROVED), composition of product Gaussians (PROVED)
# ------------------------------------------------------------------------------------------

def _gauss_renyi_sympy():
    x = sp.Symbol("x", real=True)
    a = sp.Symbol("alpha", positive=True)
    s = sp.Symbol("sigma", positive=True)
    m = sp.Symbol("mu", positive=True)
    p = sp.exp(-(x - m) ** 2 / (2 * s ** 2)) / (s * sp.sqrt(2 * sp.pi))
    q = sp.exp(-x ** 2 / (2 * s ** 2)) / (s * sp.sqrt(2 * sp.pi))
    I = sympy_gauss_integral(p ** a * q ** (1 - a), x)
    D = sp.expand_log(sp.log(I), force=True) / (a - 1)
    return a, s, m, sp.factor(sp.expand(D))


@check("core.acct.rdp_gaussian.sympy", spec=["core.acct.rdp_gaussian", "core.acct.zcdp_gaussian",
                                             "core.acct.stmt.rdp_gaussian"])
def _rdp_gaussian_sympy(ctx):
    a, s, m, D = _gauss_renyi_sympy()
    target = a * m ** 2 / (2 * s ** 2)
    if sp.simplify(D - target) != 0:
        return fail("D_alpha = alpha mu^2/(2 sigma^2)", str(D))
    # the integral converges for every alpha (the x^2 coefficient of the exponent is -1/(2 sigma^2) for all alpha)
    # the code against the closed form at exact points (rounded once)
    for al, sg, de in [(2, 1, 1), (1.5, 0.3, 2), (256, 100, 0.5), (1, 7, 3), (1e6, 1e-3, 1e-4)]:
        want = float(sp.Rational(al) * sp.Rational(de) ** 2 / (2 * sp.Rational(sg) ** 2))
        got = A.rdp_gaussian(al, sg, de)
        got_z = A.zcdp_gaussian(sg, de) * al
        if abs(got - want) > 2.3e-16 * want or abs(got_z - want) > 4.5e-16 * want:
            return fail("rdp_gaussian / zcdp_gaussian = formula", f"{(al, sg, de)}: {got}, {got_z} vs {want}")
    return Outcome(Verdict.PROVED, claimed="D_alpha(N(mu, s^2) || N(0, s^2)) = alpha mu^2 / (2 s^2) (so rho = Delta^2/(2 s^2))",
                   computed=f"sympy: log(int p^alpha q^(1-alpha))/(alpha-1) simplifies to {D} (Gaussian integral by a "
                            "verified completion of the square; x^2 coefficient -1/(2 sigma^2) < 0 for every alpha)",
                   margin=0, precision="exact symbolic; code checked at 5 exact points to 1 ulp",
                   details="d-dimensional case follows by rotation invariance (only ||mu - mu'|| matters)")


@check("core.acct.rdp_compose.sympy", spec=["core.acct.rdp_compose", "core.acct.zcdp_compose",
                                            "core.acct.stmt.rdp_composition"])
def _rdp_compose_sympy(ctx):
    x, y = sp.symbols("x y", real=True)
    a = sp.Symbol("alpha", positive=True)
    s1, s2, m1, m2 = sp.symbols("s1 s2 m1 m2", positive=True)
    g = lambda z, c, s: sp.exp(-(z - c) ** 2 / (2 * s ** 2)) / (s * sp.sqrt(2 * sp.pi))  # noqa: E731
    P = g(x, m1, s1) * g(y, m2, s2)
    Q = g(x, 0, s1) * g(y, 0, s2)
    Ix = sympy_gauss_integral(P ** a * Q ** (1 - a), x)       # inner integral over x (Tonelli: integrand >= 0)
    I = sympy_gauss_integral(Ix, y)                            # then over y
    D = sp.expand(sp.expand_log(sp.log(I), force=True) / (a - 1))
    want = a * m1 ** 2 / (2 * s1 ** 2) + a * m2 ** 2 / (2 * s2 ** 2)
    if sp.simplify(D - want) != 0:
        return fail("D_alpha(P1 x P2 || Q1 x Q2) = D_alpha(P1||Q1) + D_alpha(P2||Q2)", str(D))
    # the code: rdp_compose / zcdp_compose are these sums
    c1 = [A.rdp_gaussian(al, 1.0) for al in (2, 3, 10)]
    c2 = [A.rdp_gaussian(al, 0.5, 2.0) for al in (2, 3, 10)]
    got = A.rdp_compose([c1, c2], counts=[3, 1])
    want_n = [3 * u + v for u, v in zip(c1, c2)]
    if any(abs(g_ - w) > 1e-15 * w for g_, w in zip(got, want_n)):
        return fail("rdp_compose sums", f"{got} vs {want_n}")
    if A.zcdp_compose([A.zcdp_gaussian(1.0)] * 3 + [A.zcdp_gaussian(0.5, 2.0)]) != 3 * 0.5 + 8.0:
        return fail("zcdp_compose sums", "")
    return Outcome(Verdict.PROVED, claimed="RDP (and zCDP) of a product of Gaussian pairs is the sum (Mironov 2017 Prop 1 instance)",
                   computed=f"sympy 2-D integral (iterated Gaussian integrals, completed squares verified): D_alpha - ({want}) "
                            "simplifies to 0",
                   margin=0, precision="exact symbolic",
                   details="non-adaptive product of two Gaussian mechanisms with different sigma, mean; code sums checked")


# ------------------------------------------------------------------------------------------
# Laplace: pure DP (PROVED), RDP formula (PROVED) and code vs quadrature (NUMERIC)
# ------------------------------------------------------------------------------------------

@check("core.acct.laplace.pure_dp", spec=["core.acct.stmt.laplace_pure_dp", "core.acct.rdp_laplace"])
def _laplace_pure_dp(ctx):
    """log(p/q)(x) = (|x| - |x - Delta|)/b for p = Lap(Delta, b), q = Lap(0, b); on each of the three pieces of R cut
    at 0 and Delta the absolute values are linear; sympy gives the piece and its supremum, all <= Delta/b."""
    x = sp.Symbol("x", real=True)
    b, D = sp.symbols("b Delta", positive=True)
    llr = (sp.Abs(x) - sp.Abs(x - D)) / b
    sups = []
    for lo, hi, sx, sxd in [(-sp.oo, 0, -1, -1), (0, D, 1, -1), (D, sp.oo, 1, 1)]:
        piece = (sx * x - sxd * (x - D)) / b   # |x| = sx x, |x - D| = sxd (x - D) on the piece
        # verify the piece equals llr at an interior point for generic positive symbols
        probe = {(-sp.oo, 0): -D, (0, D): D / 3, (D, sp.oo): 2 * D}[(lo, hi)]
        if sp.simplify(llr.subs(x, probe) - piece.subs(x, probe)) != 0:
            return fail("piecewise form of the log-likelihood ratio", str(piece))
        slope = sp.diff(piece, x)
        sup = sp.limit(piece, x, hi) if slope.is_nonnegative else sp.limit(piece, x, lo)
        if slope.is_nonnegative is None:
            return fail("sign of slope decided", str(slope))
        sups.append(sp.simplify(sup))
        if sp.simplify(D / b - sup).is_nonnegative is not True:
            return fail("sup log(p/q) <= Delta/b", f"piece {lo, hi}: sup {sup}")
    # the code: the pure-DP limit of rdp_laplace is Delta/b
    if A.rdp_laplace(math.inf, 0.5, 2.0) != 4.0:
        return fail("rdp_laplace(inf) = Delta/b", str(A.rdp_laplace(math.inf, 0.5, 2.0)))
    return Outcome(Verdict.PROVED, claimed="Laplace mechanism with scale b is (Delta/b)-DP: p/q <= e^{Delta/b}",
                   computed=f"sympy: sup of log(p/q) on the pieces (-inf,0), (0,Delta), (Delta,inf) = {sups}",
                   margin=0, precision="exact symbolic")


@check("core.acct.rdp_laplace.sympy", spec=["core.acct.stmt.rdp_laplace"])
def _rdp_laplace_sympy(ctx):
    x = sp.Symbol("x", real=True)
    a = sp.Symbol("alpha", positive=True)
    b, D = sp.symbols("b Delta", positive=True)
    dens = lambda c, sgn: sp.exp(-sgn * (x - c) / b) / (2 * b)  # noqa: E731 - sgn = sign(x - c) on the piece
    pieces = [(dens(D, -1), dens(0, -1), -sp.oo, 0), (dens(D, -1), dens(0, 1), 0, D), (dens(D, 1), dens(0, 1), D, sp.oo)]
    u = sp.Symbol("u", positive=True)   # alpha = 1 + u, u > 0
    I = 0
    for p, q, lo, hi in pieces:
        f = sp.powsimp(sp.expand_power_base(p ** a * q ** (1 - a), force=True), force=True, combine="exp")
        c = sp.diff(sp.expand(sp.expand_log(sp.log(f), force=True)), x)     # f = K exp(c x): log f is linear in x
        if sp.diff(c, x) != 0 or c == 0:
            return fail("piece integrand is K exp(c x), c != 0", str(c))
        F = f / c                                                        # antiderivative, verified:
        if sp.simplify(sp.diff(F, x) - f) != 0:
            return fail("d/dx F = f", str(F))
        cu = sp.factor(c.subs(a, 1 + u))
        if lo == -sp.oo and not cu.is_positive:      # F -> 0 at -inf needs c > 0 (for every alpha > 1)
            return fail("convergence at -inf", str(cu))
        if hi == sp.oo and not cu.is_negative:       # F -> 0 at +inf needs c < 0
            return fail("convergence at +inf", str(cu))
        F_hi = 0 if hi == sp.oo else F.subs(x, hi)
        F_lo = 0 if lo == -sp.oo else F.subs(x, lo)
        I += F_hi - F_lo
    e = D / b
    target = a / (2 * a - 1) * sp.exp((a - 1) * e) + (a - 1) / (2 * a - 1) * sp.exp(-a * e)
    if sp.simplify(I - target) != 0:
        return fail("int p^a q^(1-a) = a/(2a-1) e^{(a-1)e} + (a-1)/(2a-1) e^{-a e}", str(sp.simplify(I)))
    return Outcome(Verdict.PROVED, claimed="D_alpha(Lap(Delta,b)||Lap(0,b)) = log(a/(2a-1) e^{(a-1)e} + (a-1)/(2a-1) e^{-ae})/(a-1), e = Delta/b",
                   computed="sympy: on the pieces (-inf,0), (0,Delta), (Delta,inf) the integrand is K e^{cx}; antiderivatives "
                            "verified by differentiation, c has the sign that kills the infinite ends for alpha > 1; the sum "
                            "minus the closed form simplifies to 0", margin=0, precision="exact symbolic")


@check("core.acct.rdp_laplace.quad", spec=["core.acct.rdp_laplace"])
def _rdp_laplace_quad(ctx):
    alphas = [1.0, 1.01, 2.0, 256.0] + ([1.5, 3.3, 5.0, 32.0, 100.0, 1000.0] if ctx.full else [])
    bs = [0.05, 1.0, 1e4] + ([0.3, 3.0, 20.0] if ctx.full else [])
    worst = 0.0
    with mpmath.workdps(30):
        for bb in bs:
            B = mpmath.mpf(bb)
            for al in alphas:
                a = mpmath.mpf(al)
                # p = Lap(1, B), q = Lap(0, B); p^a q^(1-a) = exp(-(a|x-1| + (1-a)|x|)/B)/(2B), log(p/q) = (|x| - |x-1|)/B
                if al == 1.0:
                    f = lambda x: mpmath.exp(-abs(x - 1) / B) / (2 * B) * (abs(x) - abs(x - 1)) / B  # noqa: E731
                    want = mpmath.quad(f, [-mpmath.inf, 0, 1, mpmath.inf])
                else:
                    f = lambda x: mpmath.exp(-(a * abs(x - 1) + (1 - a) * abs(x)) / B) / (2 * B)  # noqa: E731
                    want = mpmath.log(mpmath.quad(f, [-mpmath.inf, 0, 1, mpmath.inf])) / (a - 1)
                got = A.rdp_laplace(al, bb)
                rel = abs(got - want) / want
                if rel > 1e-12:
                    return fail("rdp_laplace = D_alpha by quadrature", f"alpha={al}, b={bb}: {got} vs {mpmath.nstr(want, 17)}")
                worst = max(worst, float(rel))
    return Outcome(Verdict.NUMERIC, claimed="rdp_laplace(alpha, b) = D_alpha(Lap(1,b) || Lap(0,b))",
                   computed=f"max relative difference code vs mpmath quad = {worst:.2e} (<= 1e-12)",
                   precision="mpmath dps 30 tanh-sinh split at 0 and 1", details=f"alpha in {alphas}; b in {bs}")


# ------------------------------------------------------------------------------------------
# sampled Gaussian RDP vs direct quadrature (NUMERIC)
# ------------------------------------------------------------------------------------------

SGM_QUICK = [(2, 0.01, 1.0), (3.5, 0.1, 0.8), (4, 0.999, 1.0)]
SGM_FULL = [(2, 1e-6, 0.3), (3, 0.5, 0.5), (8, 0.01, 1.0), (16, 0.9, 0.3), (32, 0.5, 0.5), (32, 1e-4, 4.0),
            (64, 1e-6, 0.3), (8, 0.999, 0.5), (128, 0.01, 2.0), (256, 0.01, 2.0), (256, 0.05, 0.5), (256, 0.999, 0.8), (100, 1.0, 1.0),
            (2.5, 0.01, 1.0), (1.2, 0.3, 0.7), (40.5, 0.02, 1.5)]


def _sgm_check(points):
    worst, worst_rev, lines = 0.0, 0.0, []
    for al, q, s in points:
        fwd = sgm_renyi_quad(al, q, s, True, dps=20)
        rev = sgm_renyi_quad(al, q, s, False, dps=20)
        iv = A.rdp_subsampled_gaussian(al, q, s, method="certified")
        if float(al).is_integer():
            rel = abs(mpmath.mpf(iv.mid) - fwd) / fwd
            if rel > 1e-12:
                return None, f"alpha={al}, q={q}, sigma={s}: code {iv} vs quad {mpmath.nstr(fwd, 17)}"
            worst = max(worst, float(rel))
        else:   # fractional order: the code returns an upper bound of both directions
            if not (fwd <= iv.hi * (1 + 1e-12)):
                return None, f"fractional alpha={al}: bound {iv.hi} < D_fwd {fwd}"
        if not (rev <= iv.hi * (1 + 1e-12)):
            return None, f"alpha={al}, q={q}, sigma={s}: reverse D {rev} > {iv.hi}"
        worst_rev = max(worst_rev, float(rev / fwd))
        lines.append(f"({al},{q},{s}): {iv.mid:.6g}")
    return (worst, worst_rev, lines), ""


@check("core.acct.rdp_subsampled_gaussian.quad", spec=["core.acct.rdp_subsampled_gaussian", "core.acct.stmt.sgm_rdp"])
def _sgm_quad_quick(ctx):
    res, msg = _sgm_check(SGM_QUICK)
    if res is None:
        return fail("integer alpha: binomial sum = D_alpha(mu||mu0) >= D_alpha(mu0||mu)", msg)
    worst, worst_rev, lines = res
    return Outcome(Verdict.NUMERIC, claimed="integer alpha: rdp_subsampled_gaussian = D_alpha(mu || mu0) >= D_alpha(mu0 || mu); "
                   "fractional alpha: >= both", computed=f"max rel diff (integer orders) {worst:.2e}; max D_rev/D_fwd {worst_rev:.3f}",
                   precision="mpmath dps 20 quadrature of the mixture ratio (no binomial expansion)",
                   details="; ".join(lines) + " (the full profile runs alpha up to 256, q in [1e-6, 1], sigma in [0.3, 4])")


@check("core.acct.rdp_subsampled_gaussian.quad_full", spec=["core.acct.rdp_subsampled_gaussian", "core.acct.stmt.sgm_rdp"],
       profile="full")
def _sgm_quad_full(ctx):
    res, msg = _sgm_check(SGM_FULL)
    if res is None:
        return fail("integer alpha: binomial sum = D_alpha(mu||mu0) >= D_alpha(mu0||mu)", msg)
    worst, worst_rev, lines = res
    return Outcome(Verdict.NUMERIC, claimed="as core.acct.rdp_subsampled_gaussian.quad on the large grid",
                   computed=f"max rel diff (integer orders) {worst:.2e}; max D_rev/D_fwd {worst_rev:.3f}",
                   precision="mpmath dps 20 quadrature", details="; ".join(lines))


@check("core.acct.dpsgd_epsilon.routes", spec=["core.acct.dpsgd_epsilon", "core.acct.rdp_subsampled_gaussian"], profile="full")
def _dpsgd_routes(ctx):
    """(1) the polynomial (EGF) route and the direct binomial sum enclose the same RDP values (balls overlap and are
    tight); (2) T = 1, q = 1 is the plain Gaussian mechanism: the certified eps must satisfy delta_exact(eps) <= delta;
    (3) the certified interval contains the float answer."""
    from reference.core.accounting.rdp import _sgm_int_direct_arb
    pts = [(0.01, 1.0), (0.5, 0.3), (1e-5, 5.0), (1.0, 2.0)]
    for q, s in pts:
        balls = A.rdp_subsampled_gaussian_arb(range(2, 65), q, s)
        for al in (2, 7, 33, 64):
            d = _sgm_int_direct_arb(al, q, s, 192)
            if not balls[al].overlaps(d):
                return fail("EGF route = direct sum", f"q={q}, s={s}, alpha={al}: {balls[al]} vs {d}")
    worst_gap = 0.0
    for s in [0.5, 1.0, 3.0]:
        for dl in [1e-10, 1e-5]:
            iv = A.dpsgd_epsilon(1.0, s, 1, dl, certified=True)
            with arb_prec(256):
                dex = A.gaussian_delta_arb(to_arb(iv.hi), arb(s), arb(1))
            if not (dex <= arb(dl)):
                return fail("DP-SGD (q=1, T=1) certified eps valid for the Gaussian", f"sigma={s}, delta={dl}: {iv}")
            worst_gap = max(worst_gap, iv.hi - A.gaussian_epsilon(dl, s))
    v = A.dpsgd_epsilon(0.01, 1.0, 1000, 1e-5)
    iv = A.dpsgd_epsilon(0.01, 1.0, 1000, 1e-5, certified=True)
    if not (iv.lo <= v <= iv.hi) or iv.width > 1e-12 * v:
        return fail("certified interval contains and pins the float eps", f"{v} vs {iv}")
    return Outcome(Verdict.CERTIFIED, claimed="dpsgd_epsilon: certified RDP via EGF product = direct binomial sums; eps valid",
                   computed=f"EGF vs direct sums overlap at 16 (q, sigma, alpha) points; q=1,T=1: delta_exact(eps_cert) <= delta "
                            f"(max eps_cert - exact Gaussian eps = {worst_gap:.3f}); DP-SGD(0.01, 1, 1000, 1e-5) = {v!r} in {iv}",
                   precision="Arb 96-192 bits, enclosures tight to 2^-60", details=f"(q, sigma) in {pts}")


# ------------------------------------------------------------------------------------------
# zCDP -> DP conversions (CERTIFIED), dp -> zCDP (CERTIFIED)
# ------------------------------------------------------------------------------------------

RHO_GRID = [1e-6, 1e-3, 0.01, 0.1, 0.5, 1.0, 5.0, 50.0]
DELTA_GRID = [1e-300, 1e-100, 1e-10, 1e-5, 1e-2, 0.5]


@check("core.acct.zcdp_to_dp.valid", spec=["core.acct.zcdp_to_dp", "core.acct.stmt.zcdp_to_dp_valid"])
def _zcdp_valid(ctx):
    rhos = RHO_GRID + ([3e-5, 0.03, 2.0, 20.0, 200.0] if ctx.full else [])
    dls = DELTA_GRID + ([1e-200, 1e-30, 1e-3, 0.1, 0.9] if ctx.full else [])
    n, tight = 0, []
    for r in rhos:
        sig = 1 / math.sqrt(2 * r)            # the Gaussian with rho = 1/(2 sigma^2), Delta = 1
        for dl in dls:
            for meth in ("standard", "cks"):
                e = A.zcdp_to_dp(r, dl, method=meth)
                with arb_prec(256):
                    # sigma is a rounded float: use the exact float sigma and its own rho' = 1/(2 sigma^2) >= or <= r;
                    # validity needs the Gaussian with rho' <= r: nudge sigma up by one ulp if needed
                    s_arb = arb(sig)
                    if not (1 / (2 * s_arb * s_arb) <= arb(r)):
                        s_arb = arb(math.nextafter(sig, math.inf))
                    dex = A.gaussian_delta_arb(arb(e), s_arb, arb(1))
                    if not (dex <= arb(dl)):
                        return fail(f"zcdp_to_dp({meth}) valid: delta_Gauss(eps) <= delta", f"rho={r}, delta={dl}: eps={e}, delta_exact={dex}")
                    n += 1
                    if meth == "cks" and dl > 1e-200:
                        tight.append(float((dex / arb(dl)).mid()))
    return Outcome(Verdict.CERTIFIED, claimed="each zcdp_to_dp bound eps satisfies delta_exact(eps) <= delta for the Gaussian with that rho",
                   computed=f"{n} (rho, delta, method) points certified; CKS delta_exact/delta in [{min(tight):.3g}, {max(tight):.3g}]",
                   precision="Arb 256 bits", details=f"rho in {rhos}; delta in {dls}")


@check("core.acct.zcdp_to_dp.cks_tighter", spec=["core.acct.stmt.zcdp_cks_tighter", "core.acct.zcdp_to_dp"])
def _zcdp_tighter(ctx):
    from reference.core.accounting.zcdp import cks_objective
    n, ratios = 0, []
    for r in RHO_GRID:
        for dl in DELTA_GRID:
            e_std = A.zcdp_to_dp(r, dl, method="standard")
            e_cks, al = A.zcdp_to_dp(r, dl, method="cks", return_order=True)
            with arb_prec(256):
                # certify: the CKS objective at the returned order (evaluated in Arb) is <= rho + 2 sqrt(rho log 1/delta)
                ra, da, aa = arb(r), arb(dl), arb(al)
                f = aa * ra + ((1 / da).log() + (aa - 1) * (-1 / aa).log1p() - aa.log()) / (aa - 1)
                std = ra + 2 * (ra * (1 / da).log()).sqrt()
                if not (f.max(arb(0)) < std):
                    return fail("CKS < standard", f"rho={r}, delta={dl}: {f} vs {std}")
                if abs(e_cks - max(float(f.mid()), 0.0)) > 1e-12 * max(e_std, 1):
                    return fail("code returns the objective at its order", f"{e_cks} vs {f}")
            n += 1
            ratios.append(e_cks / e_std)
    return Outcome(Verdict.CERTIFIED, claimed="CKS conversion is strictly tighter than rho + 2 sqrt(rho log(1/delta))",
                   computed=f"{n} points certified; eps_cks/eps_std in [{min(ratios):.3f}, {max(ratios):.3f}]",
                   precision="Arb 256 bits", details=f"rho in {RHO_GRID}; delta in {DELTA_GRID}")


@check("core.acct.dp_to_zcdp.rr_laplace", spec=["core.acct.dp_to_zcdp", "core.acct.stmt.dp_to_zcdp"])
def _dp_to_zcdp(ctx):
    """Instances of eps-DP pairs: randomized response (the extreme pair of eps-DP on two points) and the Laplace
    mechanism; their exact D_alpha (Arb) must be <= alpha eps^2/2 = alpha dp_to_zcdp(eps)."""
    n, worst = 0, 0.0
    for eps in [1e-4, 0.01, 0.1, 0.5, 1.0, 2.0, 5.0, 20.0]:
        rho = A.dp_to_zcdp(eps)
        for al in [1.001, 1.5, 2.0, 4.0, 16.0, 256.0, 1e4]:
            with arb_prec(256):
                e, a = arb(eps), arb(al)
                p1 = e.exp() / (1 + e.exp())
                p2 = 1 / (1 + e.exp())
                D_rr = (p1 ** a * p2 ** (1 - a) + p2 ** a * p1 ** (1 - a)).log() / (a - 1)
                inner = (a * ((a - 1) * e).expm1() + (a - 1) * (-a * e).expm1()) / (2 * a - 1)
                D_lap = inner.log1p() / (a - 1)
                bound = a * arb(rho)
                if not (D_rr <= bound and D_lap <= bound):
                    return fail("D_alpha <= alpha eps^2/2", f"eps={eps}, alpha={al}: RR {D_rr}, Lap {D_lap}, bound {bound}")
                worst = max(worst, float((D_rr / bound).upper()))
                n += 1
    return Outcome(Verdict.CERTIFIED, claimed="eps-DP => (eps^2/2)-zCDP, on randomized response and Laplace",
                   computed=f"{n} (eps, alpha) points, max D_alpha(RR)/(alpha eps^2/2) = {worst:.4f}",
                   precision="Arb 256 bits", details="eps in [1e-4, 20], alpha in [1.001, 1e4]")


# ------------------------------------------------------------------------------------------
# RDP -> DP conversions: valid for the Gaussian (CERTIFIED)
# ------------------------------------------------------------------------------------------

@check("core.acct.rdp_to_dp.gaussian_exact", spec=["core.acct.rdp_to_dp", "core.acct.stmt.rdp_to_dp_valid"])
def _rdp_to_dp_gaussian(ctx):
    orders = [1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64, 96, 128, 256, 512, 1024]
    sigmas = [0.1, 0.5, 1.0, 2.0, 5.0, 20.0, 100.0]
    dls = [1e-100, 1e-12, 1e-5, 1e-2, 0.3]
    n, gains = 0, []
    for s in sigmas:
        rdps = [A.rdp_gaussian(a, s) for a in orders]
        for dl in dls:
            e_m = A.rdp_to_dp(orders, rdps, dl, method="mironov")
            e_i = A.rdp_to_dp(orders, rdps, dl, method="improved")
            iv = A.rdp_to_dp(orders, rdps, dl, method="improved", certified=True)
            if e_i > e_m * (1 + 1e-15) or not (iv.lo <= e_i <= iv.hi):
                return fail("improved <= mironov and certified interval contains the float", f"{e_i}, {e_m}, {iv}")
            with arb_prec(256):
                for e in (e_m, e_i, iv.hi):
                    dex = A.gaussian_delta_arb(arb(e), arb(s), arb(1))
                    if not (dex <= arb(dl)):
                        return fail("delta_exact(eps_conv) <= delta", f"sigma={s}, delta={dl}, eps={e}: {dex}")
            # delta direction: rdp_to_dp_delta >= exact delta at eps
            for e in (0.5, 2.0, 10.0):
                for meth in ("mironov", "improved"):
                    d_conv = A.rdp_to_dp_delta(orders, rdps, e, method=meth)
                    with arb_prec(256):
                        dex = A.gaussian_delta_arb(arb(e), arb(s), arb(1))
                    if not (dex <= arb(d_conv) * (1 + arb(1e-14))):
                        return fail("rdp_to_dp_delta >= exact delta", f"sigma={s}, eps={e}, {meth}: {d_conv} < {dex}")
            n += 1
            if e_m > 0:
                gains.append(e_i / e_m)
    return Outcome(Verdict.CERTIFIED, claimed="Mironov and improved RDP->DP conversions are valid for the Gaussian (delta_exact(eps) <= delta)",
                   computed=f"{n} (sigma, delta) points x 2 methods certified; eps_improved/eps_mironov in "
                            f"[{min(gains):.3f}, {max(gains):.3f}]; rdp_to_dp_delta >= exact delta at eps in {{0.5, 2, 10}}",
                   precision="Arb 256 bits (rdp_to_dp_delta compared with relative slack 1e-14 for its float rounding)",
                   details=f"orders {orders}; sigma in {sigmas}; delta in {dls}")
