"""Thesis 003 Ch. 8: one-dimensional Goldstein-stationarity facts — Def 8.10.1 properties (AU55 units, descent), Lemma
8.10.3 on a grid, and the Lipschitz counterexample to Prop 8.5.1 (AU52)."""
from __future__ import annotations

import math
import numpy as np
import sympy as sp
from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from proofs_checks.thesis.ch07._units import F_, X_, units_of
from reference.thesis.ch08 import nonsmooth as ns


# -------------------------------------------------------------------------------------- AU55 units
@check("003_ch08.audit.AU55.units", spec=("003_ch08.audit.AU55", "003_ch08.claim_S8_21"))
def _au55(ctx):
    a, b, Ls = sp.symbols("alpha_gold beta_gold L1s", positive=True)
    U = {"alpha_gold": X_, "beta_gold": F_ / X_, "L1s": F_ / X_ ** 2}
    ua, ub, uc = units_of(a, U), units_of(b, U), units_of(b + Ls * a, U)
    if not (ua != ub and uc == F_ / X_):
        return fail("units", f"{ua}, {ub}, {uc}")
    return erratum(claimed="Def 8.10.1 (i): for L-smooth f, an (α,β)-stationary point is O(α+β)-stationary (L6713)",
                   computed=f"units: α has {ua}, β has {ub} — the sum is not a gradient norm; the correct form ||∇F(x)|| <= β + "
                            f"(smoothness)·α has units {uc}",
                   counterexample="F(x) = (S/2)x² (S-smooth), x = α: ∂_α F(x) ∋ 0 (β = 0) but ||∇F(x)|| = Sα, not O(α + 0) "
                                  "uniformly in S",
                   precision="sympy exact")


# --------------------------------------------------------------------------- S8-21 Goldstein descent (1-D)
@check("003_ch08.claim_S8_21.descent_1d", spec="003_ch08.claim_S8_21")
def _s821(ctx):
    rng = ctx.rng
    worst = -np.inf
    cnt = 0
    for _ in range(30):
        knots = np.sort(rng.uniform(-3, 3, 10))
        slopes = rng.uniform(-1, 1, 11)
        vals = np.concatenate([[0.0], np.cumsum(slopes[1:-1] * np.diff(knots))])

        def h(x):
            i = int(np.searchsorted(knots, x, side="right"))
            if i == 0:
                return vals[0] + slopes[0] * (x - knots[0])
            return vals[i - 1] + slopes[i] * (x - knots[i - 1])
        alpha = float(rng.uniform(0.05, 0.5))
        for x in np.linspace(-2, 2, 41):
            lo, hi = ns.pl_slope_range(knots, slopes, x - alpha, x + alpha)
            g = ns.goldstein_norm_1d(lo, hi)
            if g == 0:
                continue
            ghat = lo if lo > 0 else hi                 # min-norm element (same sign on the window)
            step = x - alpha * np.sign(ghat)
            worst = max(worst, h(step) - (h(x) - alpha * g))
            cnt += 1
    if worst > 1e-9:
        return fail("F(x − αĝ/||ĝ||) <= F(x) − α||ĝ||", str(worst))
    return Outcome(Verdict.NUMERIC, claimed="Goldstein descent: F(x − α ĝ/||ĝ||) <= F(x) − α||ĝ||, ĝ = ∂̄_α F(x) (Def 8.10.1 ii)",
                   computed=f"{cnt} points on 30 random piecewise-linear 1-D functions: max violation {worst:.2e} <= 0",
                   margin=float(-worst), precision="exact Goldstein sets (1-D piecewise linear), float64",
                   details="d = 1 only; property (i) is AU55 (units)")


# --------------------------------------------------------------------------- S8-23 Lemma 8.10.3 (1-D grid)
@check("003_ch08.lemma8_10_3.grid", spec="003_ch08.lemma8_10_3")
def _l8103(ctx):
    grid = np.linspace(-5, 5, 1001)
    hgrid = grid[1] - grid[0]
    worst, cnt = -np.inf, 0
    for L in (0.5, 1.0, 2.0):
        for lam in (0.05, 0.2):
            for kind in ("abs", "double_well"):
                hv = L * np.abs(grid) if kind == "abs" else L * np.minimum(np.abs(grid - 1), np.abs(grid + 1))
                ht = ns.lasry_lions_grid(hv, grid, lam)
                dht = np.gradient(ht, hgrid)
                hp = np.gradient(hv, hgrid)
                r = 3 * lam * L
                for i in range(150, 851, 7):
                    beta = abs(dht[i])
                    if beta > L:
                        continue
                    w = (grid >= grid[i] - r - hgrid) & (grid <= grid[i] + r + hgrid)
                    g = ns.goldstein_norm_1d(float(hp[w].min()), float(hp[w].max()))
                    worst = max(worst, g - beta)
                    cnt += 1
    tol = 0.05
    if worst > tol:
        return fail("(3λL, β)-Goldstein", f"excess {worst}")
    return Outcome(Verdict.NUMERIC, claimed="a β-stationary point of h̃_λLL is a (3λL, β)-Goldstein point of h (β <= L; Lemma 8.10.3)",
                   computed=f"{cnt} grid points, h in {{L|x|, L·min(|x−1|,|x+1|)}}, L in {{0.5,1,2}}, λ in {{0.05,0.2}}: "
                            f"max(||∂̄_(3λL) h(x)|| − |h̃'(x)|) = {worst:.3g} (<= {tol}: finite-difference tolerance)",
                   margin=tol - worst, precision="brute-force envelopes on a 1001-point grid; finite-difference derivatives",
                   details="d = 1 only")


# ----------------------------------------------------------------------- S8-15 / AU52 Prop 8.5.1 counterexample
@check("003_ch08.prop8_5_1.counterexample", spec=("003_ch08.prop8_5_1", "003_ch08.audit.AU52", "003_ch08.exp.E5"))
def _p851(ctx):
    from fractions import Fraction as Fr
    from math import gcd, ceil
    r = Fr(1, 1000)
    alpha = Fr(1, 4)
    a_bound = 2 * r * Fr(16450, 10000)                 # |A_0| <= Σ_k k·2r/k³ = 2r ζ(2) < 2r·1.6450
    # (ii) n-independent: measure{x ∈ B(x0,α): F̂'(x) > 0} <= 2·a·(2α + 2) < 2α  ⇒ a point with F̂' <= 0 in every ball
    neg_ok = 2 * a_bound * (2 * alpha + 2) < 2 * alpha
    rng = ctx.rng
    worst_digits = 0
    n = 40
    for trial in range(6):
        xis = [Fr(int(v), 10 ** 6) for v in rng.integers(0, 10 ** 6, n)]
        x0 = Fr(int(rng.integers(0, 10 ** 6)), 10 ** 6)
        lo, hi = x0 - alpha, x0 + alpha
        pts = []
        for xi in xis:                                   # nested intervals inside ∩_i (ξ_i + A) ∩ B(x0, α)
            k = ceil(4 / (hi - lo))
            c = (lo + hi) / 2 - xi
            p = round(c * k)
            q = Fr(p, k)
            kr = k // gcd(p, k)
            rho = r / kr ** 3
            lo, hi = max(lo, xi + q - rho), min(hi, xi + q + rho)
            if not lo < hi:
                return fail("nested interval nonempty", f"trial {trial}")
            pts.append((xi, q, rho))
        xstar = (lo + hi) / 2
        if not (x0 - alpha < xstar < x0 + alpha and all(abs(xstar - xi - q) < rho for xi, q, rho in pts)):
            return fail("x* − ξ_i ∈ A for all i", f"trial {trial}")
        worst_digits = max(worst_digits, len(str(hi.denominator)))
    gap = 1 - 2 * a_bound                               # ||∂̄_α F(x)|| = |F'| = 1 − 2a >= 1 − 2·a_bound for every x
    if not (neg_ok and gap > Fr(99, 100)):
        return fail("construction", f"{neg_ok}, {gap}")
    rhs = math.sqrt(math.log(1 / 0.01) / 10 ** 6)       # Õ(L√(d log(R/ζ)/n)) with constants 1, d = 1, R = 1, ζ = 0.01, n = 1e6
    return erratum(claimed="w.p. >= 1−ζ, ||∂̄_α F(x_out)|| <= ||∂̄_α F̂(x_out)|| + Õ(L√(d log(R/ζ)/n)) for L-Lipschitz losses "
                           "(Prop 8.5.1 / eq. 8.15, L6412; relies on [MBM18], which assumes smooth losses)",
                   computed=f"d = 1, L = 1: A_0 = ∪_(p/k) (p/k − r/k³, p/k + r/k³) (open, dense, |A_0| <= {float(a_bound):.5f}), "
                            f"h' = 2·1_(A_0+Z) − 1, f(x;ξ) = h(x − ξ), ξ ~ U[0,1]: F' ≡ 2|A_0| − 1, so ||∂̄_α F(x)|| >= {float(gap):.4f} "
                            f"for all x. For every sample: {{F̂' > 0}} has measure <= 2|A|(2α+2) < 2α in each ball (n-independent), and "
                            f"exact nested rational intervals give F̂' = +1 inside ∩(ξ_i + A) ∩ B(x0, α) (6 trials, n = {n}, "
                            f"denominators up to {worst_digits} digits): 0 ∈ ∂_α F̂(x) for every x",
                   counterexample=f"r = 1/1000, α = 1/4: every x is (α, 0)-Goldstein stationary for F̂ (any n, any sample) while "
                                  f"||∂̄_α F(x)|| >= {float(gap):.4f}; the claimed gap Õ(√(log(1/ζ)/n)) is {rhs:.4f} at n = 1e6",
                   precision="exact rationals (Fraction) for the nested intervals; measure bounds in closed form",
                   details="the +1 construction is checked for n = 40 samples (denominators grow triply exponentially); for larger n "
                           "it follows from density of A_0 by the same step")
