"""More checks for thesis 003, Ch. 6: samplers, pipelines, generalisation lemmas, dimensional and textual audits."""
from __future__ import annotations

import math
import re
from fractions import Fraction as Fr
from itertools import product
from pathlib import Path

import numpy as np
import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from proofs_checks.thesis.ch07._units import F_, X_, units_of
from reference.core.accounting import gaussian_delta
from reference.core.testing import clopper_pearson
from reference.thesis.ch06 import excess_risk as er
from reference.thesis.ch06 import pipelines as pl
from reference.thesis.ch06 import spider as spd

SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "003_7b89ea95d4dd3293.txt"
_LINES: list[str] = []


def seed_line(k: int) -> str:
    global _LINES
    if not _LINES:
        _LINES = SEED.read_text(encoding="utf-8").splitlines()
    return _LINES[k - 1]


# ----------------------------------------------------------------------- P6-5 / A6.7 Gibbs: exact 1-D privacy
@check("003_ch06.priv.P6_5.quadrature_1d", spec=("003_ch06.priv.P6_5", "003_ch06.proc_A6_7", "003_ch06.thm6_4_6"))
def _p65(ctx):
    G, R, n, d = 1.0, 1.0, 20, 1
    D = 2 * R
    rows = []
    for eps, dl in ((0.5, 1e-6), (0.1, 1e-10), (0.45, 1e-3)):
        beta = er.gibbs_beta_calibration(G, D, n, d, eps, dl)
        mu = d / (D ** 2 * beta)
        zs = np.zeros(n)
        zs[0] = -R
        zs2 = zs.copy()
        zs2[0] = R
        X, W, p = pl.gibbs_density_1d(zs, G=G, beta=beta, mu=mu, R=R, npts=200)
        X2, W2, p2 = pl.gibbs_density_1d(zs2, G=G, beta=beta, mu=mu, R=R, npts=200)
        if not np.allclose(X, X2):
            return fail("common grid", "")
        worst = 0.0
        for a, b in ((p, p2), (p2, p)):
            worst = max(worst, float(np.sum(np.maximum(a - math.exp(eps) * b, 0) * W)))
        # smallest ε with δ(ε) <= δ (actual privacy of the calibrated sampler)
        lr = np.max(np.abs(np.log(p) - np.log(p2)))
        rows.append((eps, dl, beta, worst, float(lr)))
        if worst > dl:
            return fail("δ(ε) <= δ", str(rows[-1]))
    return Outcome(Verdict.NUMERIC, claimed="Gibbs sampling with β calibrated by Thm 6.4.1 (C_LSI <= e^{βGD}D²/d) is (ε,δ)-DP",
                   computed="1-D exact densities (f = G|x − z| on [−1,1], n = 20, worst-case replace-one z = −1 → +1): "
                            + "; ".join(f"ε={e}, δ={dl}: β={b:.4f}, δ(ε) = {w:.2e}, max |log ratio| = {lr:.4f}" for e, dl, b, w, lr in rows),
                   margin=min(r[1] - r[3] for r in rows), precision="composite Gauss-Legendre (200 nodes/piece, breakpoints at z's)",
                   details="the max |log-density ratio| is itself an ε bound (pure DP) — the LSI calibration is conservative here")


@check("003_ch06.proc_A6_7.exact_sampler", spec="003_ch06.proc_A6_7")
def _a67(ctx):
    rng = ctx.rng
    zs = np.array([-0.5, 0.2, 0.9])
    G, R, beta, mu = 1.0, 1.0, 1.5, 0.5
    F = lambda x: G * float(np.mean(np.abs(x[0] - zs)))
    N = 300
    S = np.sort([pl.gibbs_sampler_ball(F, beta=beta, mu=mu, R=R, G=G, d=1, rng=rng)[0][0] for _ in range(N)])
    X, W, p = pl.gibbs_density_1d(zs, G=G, beta=beta, mu=mu, R=R)
    order = np.argsort(X)
    cdfx, cdfv = X[order], np.cumsum((p * W)[order])
    emp = np.arange(1, N + 1) / N
    ks = float(np.max(np.abs(np.interp(S, cdfx, cdfv) - emp)))
    band = math.sqrt(math.log(2 / 1e-6) / (2 * N)) + 1.0 / N + 2e-3
    if ks > band:
        return fail("KS within DKW band", f"{ks} > {band}")
    return Outcome(Verdict.STATISTICAL, claimed="A6.7 sampler (radial truncated-Gaussian proposal + acceptance e^{−β(F−F_lb)}) draws exactly from π_D",
                   computed=f"KS distance to the exact CDF = {ks:.4f} <= DKW band {band:.4f} (N = {N})",
                   margin=band - ks, precision="false-failure <= 1e-6 (DKW), + 2e-3 for the CDF interpolation on the quadrature grid",
                   details="d = 1, 𝒦 = [−1, 1], F_D = mean |x − z_i| with z = (−0.5, 0.2, 0.9), β = 1.5, μ = 0.5")


# ------------------------------------------------------------------------- P6-2 / A6.3 / AU11 population oracles
@check("003_ch06.priv.P6_2.budget", spec=("003_ch06.priv.P6_2", "003_ch06.proc_A6_3", "003_ch06.proc_A6_6"))
def _p62(ctx):
    from reference.core.accounting import gaussian_sigma
    rng = ctx.rng
    gradF = lambda x: np.array([-math.sin(x[0]), x[1]])
    hessF = lambda x: np.diag([-math.cos(x[0]), 1.0])
    data = list(rng.uniform(-0.5, 0.5, (4000, 2)))
    r = pl.population_sosp_pipeline(lambda x, z: gradF(x) + z, lambda x, z: hessF(x), data, np.array([1e-3, 0.3]),
                                    G=1.5, M=1.0, rho=1.0, alpha=0.3, epsilon=2.0, delta=1e-6, omega=0.1, eta=1.0,
                                    kappa=0.05, T=100, Gamma=3, escape_threshold=0.1, escape_sd=0.05, K_max=20, rng=rng)
    b1, b2 = r["b1"], r["b2"]
    if not (b1 * 20 + b2 * 100 <= len(data) // 2 and r["samples_used"] <= (len(data) + 1) // 2):
        return fail("budget", f"{b1}, {b2}, {r['samples_used']}")
    worst = 0.0
    for s, sens in ((gaussian_sigma(2.0, 1e-6, 2 * 1.5 / b1), 2 * 1.5 / b1), (gaussian_sigma(2.0, 1e-6, 2 * 1.0 / b2), 2 * 1.0 / b2)):
        worst = max(worst, gaussian_delta(2.0, s, sens) / 1e-6)
    if worst > 1 + 1e-9:
        return fail("per-call δ", str(worst))
    return Outcome(Verdict.NUMERIC, claimed="A6.6: disjoint halves, eq. (6.3) oracles with no sample reuse (b1·K_max + b2·T <= n/2) "
                                            "and per-call exact Gaussian calibration: (ε, δ)-DP by parallel composition",
                   computed=f"n = 4000, K_max = 20, T = 100: b1 = {b1}, b2 = {b2}, b1K + b2T = {b1 * 20 + b2 * 100} <= n/2; "
                            f"samples used {r['samples_used']} of D1; per-call δ(ε)/δ <= {worst:.6f}; selection on D2",
                   margin=1 - worst, precision="exact Gaussian δ (core gaussian_delta)",
                   details="each sample enters exactly one Gaussian call on D1 (batch positions are public) or the ε-DP selector on D2")


@check("003_ch06.audit.AU11.budget", spec=("003_ch06.audit.AU11", "003_ch06.thm6_3_12"))
def _au11(ctx):
    # printed b1 = nκ/(Bη), b2 = nα1²/(BM); |K| = Bη log⁴/κ, T = BM log⁴/α1² (Lemma 6.3.7 / Alg. 17, constants 1)
    n, B, M, eta, kappa, alpha1, d, rho, omega = 10 ** 6, 1.0, 1.0, 1.0, 1e-3, 1e-2, 10, 1.0, 0.01
    ell = math.log(d * M * B / (rho * alpha1 * omega))
    b1, b2 = n * kappa / (B * eta), n * alpha1 ** 2 / (B * M)
    K, T = B * eta * ell ** 4 / kappa, B * M * ell ** 4 / alpha1 ** 2
    used = b1 * K + b2 * T
    if not used > n / 2:
        return fail("exceeds n/2", f"{used}")
    return erratum(claimed="b1|K| + b2T <= n/2 is satisfied by the parameter settings (L5531)",
                   computed=f"with b1 = nκ/(Bη), b2 = nα1²/(BM), |K| = Bη log⁴/κ, T = BM log⁴/α1² (log = ln(dMB/(ρα1ω)) = {ell:.2f}): "
                            f"b1|K| + b2T = 2n·log⁴ = {used:.3g} = {used / n:.0f}·n > n/2",
                   counterexample=f"n = 1e6, d = 10, B = M = ρ = η = 1, κ = 1e-3, α1 = 1e-2, ω = 0.01: samples needed {used:.3g} ≫ n/2",
                   precision="exact arithmetic (O-constants 1)")


# -------------------------------------------------------------------------------- AU10 α2 requirement
@check("003_ch06.audit.AU10.alpha2", spec=("003_ch06.audit.AU10", "003_ch06.thm6_3_9"))
def _au10(ctx):
    a1, c = sp.symbols("alpha1 c", positive=True)     # c = c_M/√ρ
    req = sp.expand((sp.sqrt(a1) + c) ** 2)
    printed = a1 + c * sp.sqrt(a1)
    gap = sp.simplify(req - printed - (c * sp.sqrt(a1) + c ** 2))
    if gap != 0:
        return fail("expansion", str(gap))
    v = {a1: sp.Rational(1, 10 ** 4), c: sp.Rational(1, 10)}
    r, p = float(req.subs(v)), float(printed.subs(v))
    return erratum(claimed="α2 = O(α1 + G log/(nε) + (M log/(nε√ρ))√α1) suffices for an α2-SOSP (Thm 6.3.9, L5291; Thm 6.3.12, L5319)",
                   computed=f"sympy: smin >= −√(ρα1) − c_M needs α2 >= (√α1 + c_M/√ρ)² = α1 + 2(c_M/√ρ)√α1 + c_M²/ρ; the printed α2 "
                            f"lacks c_M²/ρ. At α1 = 1e-4, c_M/√ρ = 0.1: required {r:.4g} vs printed form {p:.4g}",
                   counterexample="α1 = 1e-4, c_M/√ρ = 0.1 (c_M = 32 log(2T/ω)M/(nε)): (√α1 + c)² = 0.0121 > α1 + c√α1 = 0.0011 "
                                  "(ratio 11, not absorbed by an O(1) constant as α1 → 0)",
                   precision="sympy exact")


# -------------------------------------------------------------------------------- AU2 / AU23 units
@check("003_ch06.audit.AU2.log_units", spec="003_ch06.audit.AU2")
def _au2(ctx):
    B, M, d, rho, om = sp.symbols("B M d rho omega", positive=True)
    U = {"B": F_, "M": F_ / X_ ** 2, "rho": F_ / X_ ** 3}
    u = units_of(B * M * d / (rho * om), U)
    if u == 1:
        return fail("not dimensionless", str(u))
    return erratum(claimed="γ = √(4C(ζ2²κ + 4ζ1²) log(BMd/(ρω))) (Alg. 17, L5184) — one of three definitions of γ",
                   computed=f"the log argument BMd/(ρω) has units {u} (B [F], M [F/x²], ρ [F/x³]); Lemma 6.3.3 uses "
                            "γ² = 16C(ζ2²κ + 4ζ1²) log(Td/ω) (dimensionless) and Lemma 6.3.6 O(1)√(· log(Td/ω))",
                   counterexample="BMd/(ρω) has units F·x: changing the loss unit by c (B, M, ρ → cB, cM, cρ) multiplies it by c, "
                                  "so log(BMd/(ρω)) shifts by log c; the three γ definitions also differ by a factor 4 (4C vs 16C)",
                   precision="sympy exact")


@check("003_ch06.audit.AU23.units", spec=("003_ch06.audit.AU23", "003_ch06.thm6_4_7"))
def _au23(ctx):
    n, e, d, dl, G, D = sp.symbols("n epsilon d delta G D", positive=True)
    U = {"G": F_ / X_, "D": X_}
    printed = n * e ** 3 * sp.log(d) ** 3 * sp.sqrt(sp.log(1 / dl)) / (G * D)
    u = units_of(printed, U)
    if u == 1:
        return fail("units", str(u))
    return erratum(claimed="Thm 6.4.7 uses Õ(nε³log³(d)√log(1/δ)/(GD)) function values in expectation (L5367)",
                   computed=f"the printed count has units {u}, but a number of queries is dimensionless; the proof's ingredients "
                            "(C_LSI <= D²n, η ≍ (βG)^{-2}/log(2T/δ), βGD = Θ(ε log(nd)/√log(1/δ))) give T = (C_LSI/η)log(e^{βGD}/δ²) = Õ(nε²)",
                   counterexample="change the loss unit by c (G → cG): the printed count scales as 1/c",
                   precision="sympy exact")


# ------------------------------------------------------------------------------------------- AU4 escape noise
@check("003_ch06.audit.AU4.escape_noise", spec="003_ch06.audit.AU4")
def _au4(ctx):
    C, z1, z2, k, T, d, om = sp.symbols("C zeta1 zeta2 kappa T d omega", positive=True)
    gamma2 = 16 * C * (z2 ** 2 * k + 4 * z1 ** 2) * sp.log(T * d / om)
    ratio = (z1 ** 2 / d) / (gamma2 / (d * sp.log(d / om)))
    vals = {C: 1, z1: 1, z2: 1, k: sp.Rational(1, 10), T: 1000, d: 10, om: sp.Rational(1, 100)}
    r = float(ratio.subs(vals))
    if not r < 1 / 64:
        return fail("ratio", str(r))
    return erratum(claimed="Alg. 17's escape noise N(0, ζ1²/d·I) (L5190) is the perturbation Lemma 6.3.4 analyses",
                   computed=f"Lemma 6.3.4 needs N(0, γ²/(d log(d/ω)) I); with Lemma 6.3.3's γ² = 16C(ζ2²κ + 4ζ1²)log(Td/ω) the "
                            f"printed variance is a fraction ζ1² log(d/ω)/γ² <= 1/(64C) of the required one ({r:.4g} at C=1, ζ1=ζ2=1, "
                            "κ=0.1, T=1000, d=10, ω=0.01)",
                   counterexample=f"C = 1, ζ1 = ζ2 = 1, κ = 0.1, T = 1000, d = 10, ω = 0.01: printed/required variance = {r:.4g}",
                   precision="sympy exact")


# -------------------------------------------------------------------------------------------- AU25 LB vs UB
@check("003_ch06.audit.AU25.lb_vs_ub", spec=("003_ch06.audit.AU25", "003_ch06.thm6_4_11"))
def _au25(ctx):
    rows = []
    for n in (10 ** 4, 10 ** 6, 10 ** 9, 10 ** 12):
        ln = math.log(n)
        d = ln ** 2
        eps = 1.0
        log1d = math.sqrt(n) * math.log(2)          # δ = 2^{−√n}
        lb = d * log1d / (eps * n)
        ub = d * math.log(eps * n / d) / (eps * n) + math.sqrt(d * math.log(eps * n / d) / n)
        rows.append((n, lb / ub))
    if not (rows[-1][1] > rows[0][1] and rows[1][1] > 1):
        return fail("ratio grows", str(rows))
    return erratum(claimed="Thm 6.4.11: every (ε,δ)-DP algorithm has risk Ω(d log(1/δ)/(εn)) for δ >= 2^{−Ω(n)} (L5391), "
                           "while Thm 6.4.8 gives an ε-DP (hence (ε,δ)-DP) algorithm with risk O(d log(εn/d)/(εn) + √(d log(εn/d)/n))",
                   computed="δ = 2^{−√n}, d = log² n, ε = 1 (constants 1): LB/UB = " + ", ".join(f"n=1e{int(round(math.log10(n)))}: {r:.2f}" for n, r in rows)
                            + " — grows like √log n, so no choice of constants reconciles the two",
                   counterexample=f"n = 1e12, d = (ln n)², ε = 1, δ = 2^(-√n): lower bound / upper bound = {rows[-1][1]:.1f}",
                   precision="float64")


# ------------------------------------------------------------------------- S6-10 Lemma 6.3.7 finite form
@check("003_ch06.lemma6_3_7.refresh_count", spec=("003_ch06.lemma6_3_7", "003_ch06.alg17"))
def _l637(ctx):
    gradF = lambda x: np.array([-math.sin(x[0]), x[1], x[2]])
    Fv = lambda x: math.cos(x[0]) + 0.5 * (x[1] ** 2 + x[2] ** 2)
    worst = 0.0
    for seed in range(4):
        rng = np.random.default_rng(seed)
        errs = []
        xs_at = []

        def O1(x):
            v = gradF(x) + 0.02 * rng.standard_normal(3)
            return v

        def O2(x, y):
            return gradF(x) - gradF(y) + 0.02 * np.linalg.norm(x - y) * rng.standard_normal(3)
        tr: list = []
        x0 = np.array([1e-3, 0.8, -0.6])
        r = spd.stochastic_spider(O1, O2, x0, eta=1.0, kappa=0.02, T=150, Gamma=5, escape_threshold=0.05,
                                  escape_sd=0.02, rng=rng, trace=tr)
        # reconstruct ∇_t = (x_t − x_{t+1})/η and the errors against the exact gradient
        pts = [x0] + r["xs"]
        for t in range(len(pts) - 1):
            g = (pts[t] - pts[t + 1]) / 1.0
            errs.append(float(np.linalg.norm(g - gradF(pts[t]))))
        gamma = 4 * max(errs)                           # the good event ||∇_t − ∇F|| <= γ/4 holds by construction
        B = Fv(x0) - (-1.0)
        Tn = len(pts) - 1
        bound = 6 * 1.0 * (B + Tn * 1.0 * gamma ** 2) / 0.02 + 1
        worst = max(worst, r["n_refresh"] / bound)
    if worst > 1:
        return fail("|K| <= 6η(B + Tηγ²)/κ + 1", str(worst))
    return Outcome(Verdict.NUMERIC, claimed="on {||∇_t − ∇F(x_t)|| <= γ/4 ∀t}: |K| <= 6η(B + Tηγ²)/κ + 1 (finite form of Lemma 6.3.7)",
                   computed=f"4 runs of Alg. 17 on F = cos x1 + (x2²+x3²)/2 (M = 1, η = 1, κ = 0.02, T = 150): max |K|/bound = {worst:.4f}",
                   margin=1 - worst, precision="deterministic on runs (γ set to 4·max error so the event holds)",
                   details="the bound follows from F(x_{t+1}) − F(x_t) <= −||x_{t+1} − x_t||²/(6η) + ηγ² (catalog S6-10)")


# --------------------------------------------------------------------- S6-19 Lemma 6.4.4 exact enumeration
@check("003_ch06.lemma6_4_4.enumeration", spec=("003_ch06.lemma6_4_4", "003_ch11.lemma11_3_11"))
def _l644(ctx):
    supp = [Fr(0), Fr(1), Fr(2)]
    prob = [Fr(1, 2), Fr(1, 3), Fr(1, 6)]
    grid = [Fr(k, 2) for k in range(5)]
    f = lambda x, z: abs(x - z)
    FP = lambda x: sum(p * f(x, z) for z, p in zip(supp, prob))
    for n in (1, 2, 3):
        def A(D):
            return min(grid, key=lambda x: (sum(f(x, z) for z in D), x))   # deterministic ERM
        lhs = rhs = Fr(0)
        for idx in product(range(3), repeat=n):
            D = [supp[i] for i in idx]
            pD = math.prod(prob[i] for i in idx)
            x = A(D)
            lhs += pD * (FP(x) - sum(f(x, z) for z in D) / n)
            for i in range(n):
                for j, (s, ps) in enumerate(zip(supp, prob)):
                    D2 = list(D)
                    D2[i] = s
                    rhs += pD * ps * Fr(1, n) * (f(x, s) - f(A(D2), s))
        if lhs != rhs:
            # the printed form with s' as the evaluation point in the second term
            return fail("E[F_P(A(D)) − F_D(A(D))] = E[f(A(D); s') − f(A(D'); s')]", f"n={n}: {lhs} vs {rhs}")
    return Outcome(Verdict.NUMERIC, claimed="E[F_P(A(D)) − F_D(A(D))] = E[f(A(D); s') − f(A(D'); s')] (Lemma 6.4.4)",
                   computed="exact rational enumeration: supp {0,1,2} w.p. (1/2,1/3,1/6), A = ERM over {0,1/2,...,2} of |x−z|, "
                            "n = 1, 2, 3: both sides equal exactly",
                   margin=0.0, precision="exact rationals (Fraction)", details="a finite instance, not a proof of the general identity")


# ------------------------------------------------------------------------ S6-20 Lemma 6.4.5 explicit constant
@check("003_ch06.lemma6_4_5.explicit", spec="003_ch06.lemma6_4_5")
def _l645(ctx):
    from math import comb
    G, R = 1.0, 1.0
    D = 2 * R
    rows = []
    for n in (4, 10):
        for beta, mu in ((2.0, 0.5), (5.0, 2.0), (1.0, 0.1)):
            tot = 0.0
            for k in range(n + 1):                      # k records equal to +1
                zs = np.array([0.5] * k + [-0.5] * (n - k))
                X, W, p = pl.gibbs_density_1d(zs, G=G, beta=beta, mu=mu, R=R, npts=60)
                FP = G * 0.5 * (np.abs(X - 0.5) + np.abs(X + 0.5))
                FD = G * np.abs(X[:, None] - zs[None, :]).mean(axis=1)
                tot += comb(n, k) / 2 ** n * float(np.sum((FP - FD) * p * W))
            bound = 2 * G ** 2 * math.exp(beta * G * D) / (n * mu)
            rows.append((n, beta, mu, tot, bound))
            if tot > bound:
                return fail("gen <= 2G²e^{βGD}/(nμ)", str(rows[-1]))
    worst = max(r[3] / r[4] for r in rows)
    return Outcome(Verdict.NUMERIC, claimed="E_{D, x~π_D}[F_P(x) − F_D(x)] <= 2G²e^{βGD}/(nμ) (Lemma 6.4.5 with the proof's constant)",
                   computed=f"exact average over all 2^n datasets (z = ±1/2, f = G|x − z| on [−1,1]): max gen/bound = {worst:.3g} over "
                            "n in {4,10}, (β,μ) in {(2,.5),(5,2),(1,.1)}",
                   margin=1 - worst, precision="Gauss-Legendre quadrature (60 nodes/piece)",
                   details="the printed statement's left side is E[F_P − F_D]; its restatement (L5555) has E[F_D − F_D'] (AU20)")


# ------------------------------------------------------------------------ S6-11 utility bullets (printed)
@check("003_ch06.lemma6_3_8.utility", spec=("003_ch06.lemma6_3_8", "003_ch06.alg18"))
def _at_util(ctx):
    from reference.thesis.ch06.above_threshold import above_threshold_sosp, thresholds_offsets
    rng = ctx.rng
    G = M = 1.0
    n, eps, om, T, rho, alpha = 1, 1.0, 0.1, 20, 1.0, 1.0
    lg = math.log(2 * T / om)
    bad, N = 0, 5000
    miss, N2 = 0, 5000
    for _ in range(N):
        # boundary case for bullet 1/2: every query just outside the guaranteed region
        q = np.full(T, alpha + 32 * lg * G / (n * eps) + 1e-9)
        h = np.full(T, -math.sqrt(rho * alpha) - 32 * lg * M / (n * eps) - 1e-9)
        k = above_threshold_sosp(q, h, G=G, M=M, rho=rho, alpha=alpha, n=n, epsilon=eps, omega=om, rng=rng, variant="printed")
        bad += k is not None
    for _ in range(N2):
        q = np.full(T, 1e9)
        q[-1] = alpha                                   # one α-SOSP (exactly at the boundary) among the inputs
        h = np.full(T, -1e9)
        h[-1] = -math.sqrt(rho * alpha)
        k = above_threshold_sosp(q, h, G=G, M=M, rho=rho, alpha=alpha, n=n, epsilon=eps, omega=om, rng=rng, variant="printed")
        miss += k is None
    _, ub1 = clopper_pearson(bad, N, 2e-6)
    _, ub2 = clopper_pearson(miss, N2, 2e-6)
    if ub1 > om or ub2 > om:
        return fail("utility bullets", f"{bad}/{N}, {miss}/{N2}")
    return Outcome(Verdict.STATISTICAL, claimed="w.p. >= 1−ω outputs satisfy ||∇F_S|| <= α + 32log(2T/ω)G/(nε), smin >= −√(ρα) − 32log(2T/ω)M/(nε); "
                                                "an α-SOSP among the inputs ⇒ some output w.p. >= 1−ω (Lemma 6.3.8 utility, printed scales)",
                   computed=f"boundary instances (T = 20, ω = 0.1): wrong outputs {bad}/{N} (CP upper {ub1:.2e}), misses {miss}/{N2} "
                            f"(CP upper {ub2:.2e}), both <= ω",
                   margin=om - max(ub1, ub2), precision="false-failure <= 1e-6 (Clopper-Pearson, 2 tests)",
                   details="the corrected (ε/2 per stream) variant doubles the constants 32 → 64; the algebra needs T²/ω >= 4 "
                           "(003_ch06.lemma6_3_8.constants)")


# ------------------------------------------------------------------------------------------ textual audits
_TEXT = {
    "AU1": ([(5283, r"Combining Algorithm 18 and Algorithm 18")],
            "L5283 reads 'Combining Algorithm 18 and Algorithm 18' (Alg. 17 Stochastic Spider and Alg. 18 AboveThreshold meant)"),
    "AU12": ([(5301, r"O\(\\frac\{L\\sqrt\{\\log d\}\}")], "L5301 writes L for the Lipschitz constant G in Claim 6.3.10"),
    "AU16": ([(5113, r"\\exp\(\\max_\{x,y\} \|F_\{\\mathcal\{D\}\}\(x\) - F_\{\\mathcal\{D\}\}\(y\)\|\)/\\mu")],
             "L5113 states the LSI constant exp(max|F_D(x) − F_D(y)|)/μ (β missing; the proof L5571 has e^{βGD}/(βμ))"),
    "AU20": ([(5355, r"\[F_\{\\mathcal\{P\}\}\(x\) - F_\{\\mathcal\{D\}\}\(x\)\]"),
              (5555, r"\[F_\{\\mathcal\{D\}\}\(x\) - F_\{\\mathcal\{D\}'\}\(x\)\]")],
             "Lemma 6.4.5's left side is E[F_P(x) − F_D(x)] at L5355 but E[F_D(x) − F_D'(x)] at L5555"),
    "AU21": ([(5575, r"\\leq 1\$\$")], "the privacy inequality at L5575 ends '≤ 1' where '≤ ε' is meant"),
    "AU22": ([(5591, r"\\min_\{x\^\* \\in \\mathcal\{D\}\}"), (5593, r"empirical risk is dominated term")],
             "L5591 minimises over 𝒟 instead of 𝒦; L5593 says the empirical risk is the dominated term (reversed)"),
    "AU6": ([(5285, r"/\\kappa \\log\^2\(ndMB/\\omega\)\}\}\{n\\varepsilon\}"),
             (5489, r"/\\kappa\} \\log\^2\(ndMB/\\omega\)\}\{n\\varepsilon\}")],
            "σ1 has log²(ndMB/ω) inside the square root at L5285 but outside at L5489 (likewise log⁵ in σ2)"),
    "AU13": ([(5065, r"\\frac\{d\^\{\\frac\{1\}\{2\}\}\}\{n\^\{\\frac\{1\}\{2\}\}\}"),
              (5087, r"\(\\sqrt\{d\}/n\)\^\{1/2\}")],
             "Table 6.1 (L5065) lists the prior SOTA as d^{1/2}/n^{1/2}; the text (L5087) has (√d/n)^{1/2} = d^{1/4}/n^{1/2}"),
    "AU7": ([(5236, r"\\log\(Td/\\omega\)"),
             (5238, r"\\log\(\\frac\{d/\\omega\}\{\\zeta_2\^2\\kappa \+ \\zeta_1\^2\}\)")],
            "Lemma 6.3.6 sets γ with log(Td/ω) (L5236) but its second equality (L5238) uses log((d/ω)/(ζ2²κ + ζ1²)), "
            "dropping T and the factor 4"),
    "AU15": ([(5095, r"d\\sqrt\{\\log\(1/\\delta\)\}/\(\\varepsilon\^2 \\log n\)"),
              (5327, r"\\frac\{d\\log\(1/\\delta\)\}\{\\varepsilon\^2 \\log n\}")],
             "the [WCX19] bound is d√log(1/δ)/(ε² log n) at L5095 but d log(1/δ)/(ε² log n) at L5327"),
    "AU26": ([(5435, r"\\leq -\\sqrt\{\\rho\\gamma\}")],
             "Lemma 6.5.2 (L5435) assumes smin(∇²F(x0)) <= −√(ργ) where the rest of the section uses −√(ρα)"),
    "AU27": ([(5141, r"for any  \$\\delta > 0\$ ,"), (5143, r"with probability at least  \$1 - \\omega\$")],
             "Lemma 6.2.5 (L5141): 'for any δ > 0, with probability at least 1 − ω' (δ and ω mixed up)"),
}


def _text_check(label):
    pats, text = _TEXT[label]

    def fn(ctx):
        found = []
        for line, pat in pats:
            if not re.search(pat, seed_line(line)):
                return fail(f"seed line {line} contains /{pat}/", seed_line(line)[:300])
            found.append(f"L{line}: …{re.search(pat, seed_line(line))[0]}…")
        return erratum(claimed=f"the printed text at {', '.join('L' + str(l) for l, _ in pats)}",
                       computed="regex match in the seed: " + "; ".join(found), counterexample=text,
                       precision="exact text match in the seed file")
    fn.__name__ = fn.__qualname__ = f"_text_{label}"
    return fn


for _lab in _TEXT:
    check(f"003_ch06.audit.{_lab}.text", spec=f"003_ch06.audit.{_lab}")(_text_check(_lab))


# ------------------------------------------------------------------ S6-30 / A6.9 RGO rejection sampler, A6.8 chain
def _rgo_setup():
    zs = np.array([-0.5, 0.2, 0.9])
    G, R, beta, mu, eta = 1.0, 1.0, 1.5, 0.5, 0.04          # βG√η = 0.3
    fl = [(lambda x, z=z: beta * G * abs(x[0] - z)) for z in zs]
    return zs, G, R, beta, mu, eta, fl


@check("003_ch06.lemma6_6_2.rgo", spec=("003_ch06.lemma6_6_2", "003_ch06.proc_A6_9"))
def _rgo(ctx):
    from reference.core.oracles import QueryCounter
    from reference.thesis.ch06.sampler import rgo_rejection_sampler
    rng = ctx.rng
    zs, G, R, beta, mu, eta, fl = _rgo_setup()
    y = np.array([0.3])
    c = QueryCounter()
    N, props = 700, 0
    S = []
    for _ in range(N):
        x, k = rgo_rejection_sampler(fl, y, eta=eta, beta=beta, mu=mu, R=R, rng=rng, counter=c)
        S.append(x[0])
        props += k
    X = np.linspace(-1, 1, 20001)
    w = X[1] - X[0]
    lp = -beta * (G * np.abs(X[:, None] - zs[None, :]).mean(1) + mu * X ** 2 / 2) - (X - y[0]) ** 2 / (2 * eta)
    p = np.exp(lp - lp.max())
    p /= p.sum() * w
    cdf = np.cumsum(p) * w
    S = np.sort(S)
    ks = float(np.max(np.abs(np.interp(S, X, cdf) - np.arange(1, N + 1) / N)))
    band = math.sqrt(math.log(2 / 1e-6) / (2 * N)) + 1 / N + 1e-3
    evals = c.calls / props
    a_ = sp.Symbol("a", positive=True, integer=True)
    two_e = sp.summation(2 * a_ / sp.factorial(a_), (a_, 1, sp.oo))
    if ks > band or sp.simplify(two_e - 2 * sp.E) != 0:
        return fail("RGO output law / 2e", f"KS {ks} > {band}, {two_e}")
    return Outcome(Verdict.STATISTICAL, claimed="the RGO rejection sampler outputs ∝ exp(−F̄ − ψ − ||x−y||²/(2η)) up to TV δ_inner, with O(1) "
                                                "f-evaluations per proposal (Lemma 6.6.2)",
                   computed=f"1-D, βG√η = 0.3: KS distance to the exact target = {ks:.4f} <= band {band:.4f} (N = {N}); sympy "
                            f"E[evaluations per proposal] = Σ 2a/a! = 2e; measured {evals:.3f} (2e = {2 * math.e:.3f}), acceptance "
                            f"{N / props:.3f}",
                   margin=band - ks, precision="false-failure <= 1e-6 (DKW) + 1e-3 CDF grid error",
                   details="TV <= δ_inner would need the clipping event P(ρ ∉ [0,2]) <= δ_inner; at βG√η = 0.3 it is below the KS resolution")


@check("003_ch06.alg19.chain", spec=("003_ch06.alg19", "003_ch06.proc_A6_10", "003_ch06.priv.P6_6"), profile="full")
def _alg19(ctx):
    from reference.thesis.ch06.sampler import alternate_sample
    rng = ctx.rng
    zs, G, R, beta, mu, eta, fl = _rgo_setup()
    N, T = 400, 30
    xs = np.sort([alternate_sample(fl, np.array([0.0]), eta=eta, T=T, beta=beta, mu=mu, R=R, rng=rng)[0] for _ in range(N)])
    Xg, W, pg = pl.gibbs_density_1d(zs, G=G, beta=beta, mu=mu, R=R)
    o = np.argsort(Xg)
    cdfv = np.cumsum((pg * W)[o])
    ks = float(np.max(np.abs(np.interp(xs, Xg[o], cdfv) - np.arange(1, N + 1) / N)))
    # contraction bound (Thm 6.6.1, q = 1): KL_T <= KL_0/(1+η/C)^{2T} with C = C_LSI <= e^{βGD}/(βμ)
    C = math.exp(beta * G * 2 * R) / (beta * mu)
    contraction = (1 + eta / C) ** (-2 * T)
    band = math.sqrt(math.log(2 / 1e-6) / (2 * N)) + 1 / N + 2e-3
    if ks > band:
        return fail("chain law close to π", f"KS {ks}")
    return Outcome(Verdict.STATISTICAL, claimed="AlternateSample + RGO (A6.10) samples approximately from π_D (Thm 6.4.7 via Thm 6.6.1 + Lemma 6.6.2)",
                   computed=f"N = {N} chains, T = {T} steps, η = {eta}: KS distance to π_D = {ks:.4f} <= DKW band {band:.4f} "
                            f"(the Thm 6.6.1 worst-case contraction factor with C_LSI <= e^(βGD)/(βμ) is only {contraction:.3g}: "
                            "the chain mixes much faster than the bound)",
                   margin=band - ks, precision="false-failure <= 1e-6 (DKW), assuming the chain law equals π up to the KS resolution",
                   details="privacy P6-6 = P6-5 plus TV(output, π): the TV is below the KS resolution here (not a δ-level certificate)")


# ------------------------------------------------------------------------------------ P6-4 / A6.5 pipeline
@check("003_ch06.priv.P6_4.composition", spec=("003_ch06.priv.P6_4", "003_ch06.proc_A6_5"))
def _p64(ctx):
    from reference.core.accounting import compose_basic, gdp_delta
    rng = ctx.rng
    gradF = lambda x: np.array([-math.sin(x[0]), x[1]])
    hessF = lambda x: np.diag([-math.cos(x[0]), 1.0])
    data = list(rng.uniform(-0.2, 0.2, (200, 2)))
    eps, dl, K, E, T = 4.0, 1e-6, 30, 10, 60
    r = pl.empirical_sosp_pipeline(lambda x, z: gradF(x) + z, lambda x, z: hessF(x), data, np.array([1e-3, 0.3]),
                                   G=1.5, M=1.0, rho=1.0, alpha=0.5, epsilon=eps, delta=dl, omega=0.1, eta=1.0, kappa=0.05,
                                   T=T, Gamma=3, escape_threshold=0.1, escape_sd=0.05, K_max=K, N_esc=E, rng=rng)
    s1, s2, _ = spd.calibrate_spider_sigmas(G=1.5, M=1.0, n=200, K_max=K, N_esc=E, T=T, epsilon=eps / 2, delta=dl)
    mu = spd.spider_privacy_mu(G=1.5, M=1.0, n=200, sigma1=s1, sigma2=s2, K_max=K, N_esc=E, T=T)
    d1 = float(gdp_delta(eps / 2, mu))
    tot = compose_basic([(eps / 2, d1), (eps / 2, 0.0)])
    st = r["stage1"]
    if not (st["n_refresh"] <= K and st["n_escape"] <= E and st["n_o2"] <= T and tot[0] <= eps and tot[1] <= dl * (1 + 1e-9)
            and r["privacy"] == (eps, dl)):
        return fail("pipeline composition", f"{st['n_refresh']}, {st['n_escape']}, {tot}")
    return Outcome(Verdict.NUMERIC, claimed="A6.5: Alg. 17 + (6.2) at (ε/2, δ) and corrected Alg. 18 at ε/2 on the same data compose to (ε, δ)",
                   computed=f"run with caps K_max = {K}, N_esc = {E}, T = {T} (used {st['n_refresh']}, {st['n_escape']}, {st['n_o2']}): "
                            f"stage 1 exact δ(ε/2) = {d1:.3g}, basic composition {tot}",
                   margin=dl - tot[1], precision="exact GDP for stage 1; pure ε/2 for stage 2 (corrected Alg. 18)",
                   details="the text states (ε,δ) for stage 1 only; with the printed Alg. 18 at full ε the pipeline is (2ε, δ) at "
                           "best and Alg. 18 itself is not ε-DP (AU9)")


# -------------------------------------------------------------------------------- S6-27 Lemma 6.5.1 (provable)
@check("003_ch06.lemma6_5_1.provable", spec="003_ch06.lemma6_5_1")
def _l651(ctx):
    rng = ctx.rng
    worst = -np.inf
    for _ in range(300):
        d = int(rng.integers(1, 5))
        Msm = float(rng.uniform(0.5, 3))
        Q = rng.standard_normal((d, d))
        H = (Q + Q.T) / 2
        H *= Msm / max(np.max(np.abs(np.linalg.eigvalsh(H))), 1e-9)            # spectrum in [−M, M]
        b = rng.standard_normal(d)
        F = lambda x: 0.5 * x @ H @ x + b @ x
        gF = lambda x: H @ x + b
        eta = 1 / Msm
        x0 = rng.standard_normal(d)
        x, errs = x0.copy(), 0.0
        t = int(rng.integers(1, 30))
        scale = float(rng.uniform(0, 2))
        for _ in range(t):
            e = scale * rng.standard_normal(d)
            errs += float(e @ e)
            x = x - eta * (gF(x) + e)
        lhs = float((x - x0) @ (x - x0))
        rhs = 4 * eta * t * (F(x0) - F(x)) + 4 * eta ** 2 * t * errs
        worst = max(worst, (lhs - rhs) / max(1.0, abs(rhs)))
    if worst > 1e-9:
        return fail("||x_t − x_0||² <= 4ηt(F(x0) − F(x_t)) + 4η²tΣ||e_i||²", str(worst))
    return Outcome(Verdict.NUMERIC, claimed="improve-or-localize (Lemma 6.5.1 [WCX19], corrected indices): for M-smooth F, η = 1/M, "
                                            "x_{i+1} = x_i − η(∇F(x_i) + e_i): ||x_t − x_0||² <= 4ηt(F(x_0) − F(x_t)) + 4η²t Σ_{i<t}||e_i||² "
                                            "(implies the printed 8ηΓ(...) + 50η²Γ Σ form)",
                   computed=f"300 random M-smooth quadratics (d <= 4, spectrum in [−M, M]) and random errors: max normalized "
                            f"violation = {worst:.2e} <= 0",
                   margin=float(-worst), precision="float64",
                   details="the printed statement's indices are garbled (∇F(x_t) inside a sum over i; AU26); its constants 8, 50 "
                           "dominate 4, 4")


# --------------------------------------------------------------------------------- AU60 coupled sensitivity
@check("003_ch08.audit.AU60.coupling", spec="003_ch08.audit.AU60")
def _au60(ctx):
    from reference.thesis.ch08 import oracles as orc
    L, d, alpha, D, eps, dl, n = 1.0, 10, 0.1, 1e-3, 1.0, 1e-6, 10 ** 5
    rows = []
    for Sigma in (4, 22, 128):
        iota = dl / (4 * n)
        c = 2 * L * d * (1 + math.sqrt(2 * math.log(1 / iota)))
        # coupled (our accounting): r/B1 must be <= L/B1 at period starts → r <= L; uncoupled (Lemma 8.3.3 proof): the
        # zero-order error of all B1 shared samples enters, ||Σ err||/B1 ~ r (not r/B1): needs r <= L/B1
        m_coupled = math.ceil((c / L) ** 2)
        m_uncoupled = math.ceil((c * Sigma / L) ** 2)
        rows.append((Sigma, m_coupled, m_uncoupled, m_uncoupled / m_coupled))
    if not all(abs(r[3] - r[0] ** 2) / r[0] ** 2 < 0.01 for r in rows):
        return fail("ratio B1²", str(rows))
    return Outcome(Verdict.NUMERIC, claimed="AU60 (observation): coupling the directions of shared samples lets m = Õ(d²) suffice at "
                                            "period starts instead of Õ(d²B1²) (B1 = Σ), with unchanged privacy",
                   computed="m needed for the period-start sensitivity to stay <= 2L/B1·(1+1): " + "; ".join(
                       f"Σ={S}: coupled {a:.3g}, uncoupled {b:.3g} (ratio {r:.0f} = Σ²)" for S, a, b, r in rows),
                   margin=0.0, precision="closed form (McDiarmid radius), float64",
                   details="the coupled analysis is the one used in 003_ch08.lemma8_3_4.corrected_privacy (mixture over shared "
                           "internal randomness: joint convexity of the hockey-stick divergence)")


# --------------------------------------------------------------------------- S6-23 Thm 6.4.8 explicit (d = 1)
@check("003_ch06.thm6_4_8.explicit_bound", spec=("003_ch06.thm6_4_8", "003_ch06.proc_A6_11"))
def _t648(ctx):
    from scipy import stats as sst
    G, D, d = 1.0, 1.0, 1
    rows = []
    for eps in (0.5, 2.0):
        for n in (20, 100, 1000):
            for p0 in (0.3, 0.45, 0.5):
                r = D * d / (eps * n)
                net = np.unique(np.clip(np.concatenate([np.arange(r, D, 2 * r), [0.0, D]]), 0, D))   # r-net of [0, D]
                # f(x; z) = G|x − z|, z ∈ {0, 1}: P(z = 0) = p0; F_P(x) = G(p0 x + (1 − p0)(1 − x))
                FP = G * (p0 * net + (1 - p0) * (1 - net))
                best = min(G * p0, G * (1 - p0))                      # min over [0, D] (linear)
                ks = np.arange(n + 1)
                w = sst.binom.pmf(ks, n, p0)                          # number of zeros
                risk = 0.0
                for k, wk in zip(ks, w):
                    if wk < 1e-300:
                        continue
                    FD = G * (k / n * net + (1 - k / n) * (1 - net))  # shifted losses already in [0, GD]
                    law = er.net_exponential_law(FD, epsilon=eps, G=G, D=D, n=n)
                    risk += wk * float(law @ FP)
                risk -= best
                L = d * math.log(1 + 2 * D / r)
                bound = G * r + 2 * G * D / (eps * n) * (L + 1) + 2 * G * D * math.sqrt((L + math.log(2)) / (2 * n))
                rows.append((eps, n, p0, risk, bound))
                if risk > bound:
                    return fail("risk <= explicit bound", str(rows[-1]))
    worst = max(r[3] / r[4] for r in rows)
    return Outcome(Verdict.NUMERIC, claimed="ε-DP exponential mechanism on an r-net (r = Dd/(εn)) has E risk <= Gr + (2GD/(εn))(d ln(1+2D/r)+1) "
                                            "+ 2GD√((d ln(1+2D/r)+ln 2)/(2n)) (explicit Thm 6.4.8)",
                   computed=f"exact expectation over Binomial datasets and the EM law (d = 1, 𝒦 = [0,1], f = G|x − z|, z ∈ {{0,1}}): "
                            f"max risk/bound = {worst:.3g} over ε in {{0.5, 2}}, n in {{20, 100, 1000}}, P(z=0) in {{0.3, 0.45, 0.5}}",
                   margin=1 - worst, precision="exact sums (float64)",
                   details="printed rate √(d log(εn/d)/(√n)) has the √n misplaced (AU24); the explicit bound has the intended √(·/n)")


# ------------------------------------------------------------------------ S6-14 Lemma 6.3.11 (Hessian part, exact)
@check("003_ch06.lemma6_3_11.hessian_exact", spec="003_ch06.lemma6_3_11")
def _l6311(ctx):
    from scipy import optimize
    from scipy import stats as sst
    M = 1.0
    rows = []
    for d in (1, 3, 10):
        for m in (10, 100, 1000, 10000):
            for om in (0.1, 1e-3):
                # A_z = M diag(s_z), s_z uniform in {±1}^d: E A = 0, ||A_z|| = M; X_i = A_i/m: L = M/m, σ² = M²/m
                L_, s2 = M / m, M ** 2 / m
                f = lambda t: 2 * d * math.exp(-t ** 2 / (2 * (s2 + L_ * t / 3))) - om
                t_om = optimize.brentq(f, 1e-12, 100 * M)
                # exact: ||mean A||_op = M max_j |mean s_j|; P(|mean s| >= t) from the binomial
                k = np.arange(m + 1)
                pm = sst.binom.pmf(k, m, 0.5)
                p1 = float(pm[np.abs(2 * k - m) / m >= t_om / M - 1e-12].sum())
                pmax = 1 - (1 - p1) ** d
                rows.append((d, m, om, pmax, t_om / (M * math.log(d / om + 1) / math.sqrt(m)), om - pmax))
                if pmax > om:
                    return fail("P(||mean A − EA|| >= t_ω) <= ω", str(rows[-1]))
    ratio = max(r[4] for r in rows)
    return Outcome(Verdict.NUMERIC, claimed="||∇²F_S − ∇²F_P||_op <= O(M log(d/ω)/√m) w.p. >= 1−ω (Lemma 6.3.11; via matrix Bernstein "
                                            "with the corrected 2d prefactor)",
                   computed=f"exact tails for A_z = M·diag(±1): P(dev >= t_ω) <= ω at the corrected-Bernstein radius t_ω on all "
                            f"{len(rows)} cells (d in {{1,3,10}}, m in {{10..1e4}}, ω in {{0.1,1e-3}}); t_ω/(M log(d/ω+1)/√m) <= {ratio:.2f}",
                   margin=min(r[5] for r in rows), precision="exact binomial tails",
                   details="gradient part (O(G log(d/ω)/√m)) not checked separately; the proof's Bernstein uses the d prefactor (AU28)")


# ----------------------------------------------------------------------------- S6-17 Holley-Stroock (necessary)
@check("003_ch06.lemma6_4_2.lsi_ratio", spec="003_ch06.lemma6_4_2")
def _l642(ctx):
    x = np.linspace(-14, 14, 28001)
    w = x[1] - x[0]
    base = np.exp(-x ** 2 / 2)
    rows = []
    for c, V in ((0.5, lambda t: 0.5 * np.sin(3 * t)), (1.0, lambda t: np.clip(t, -1, 1)),
                 (2.0, lambda t: 2 * np.tanh(4 * t)), (1.5, lambda t: 1.5 * np.cos(t) ** 2 * 2 - 1.5)):
        p = base * np.exp(-V(x))
        p /= p.sum() * w
        best = 0.0
        for th in np.linspace(-4, 4, 81):
            if abs(th) < 1e-9:
                continue
            g = np.exp(th * x)                                  # f² with f = e^{θx/2}
            Eg = float(np.sum(g * p) * w)
            ent = float(np.sum(g * np.log(g) * p) * w) - Eg * math.log(Eg)
            dir2 = float(np.sum((th / 2) ** 2 * g * p) * w)     # E|f'|²
            best = max(best, ent / (2 * dir2))
        for a_ in np.linspace(-3, 3, 25):                       # f = tanh-steps: f² = 1 + s·tanh(x − a)
            for s_ in (0.5, 0.9):
                f2 = 1 + s_ * np.tanh(x - a_)
                fp = s_ / np.cosh(x - a_) ** 2 / (2 * np.sqrt(f2))
                E2 = float(np.sum(f2 * p) * w)
                ent = float(np.sum(f2 * np.log(f2) * p) * w) - E2 * math.log(E2)
                best = max(best, ent / (2 * float(np.sum(fp ** 2 * p) * w)))
        osc = float(np.max(V(x)) - np.min(V(x)))
        rows.append((c, best, math.exp(osc)))
        if best > math.exp(osc) * 1.001:
            return fail("C_LSI(π') <= (C/c)·C_LSI(π)", str(rows[-1]))
    return Outcome(Verdict.NUMERIC, claimed="0 < c <= dπ'/dπ <= C ⇒ C_LSI(π') <= (C/c) C_LSI(π) (Lemma 6.4.2), tested as a necessary condition",
                   computed="π = N(0,1) (C_LSI = 1), π' ∝ π e^{−V}, V bounded (C/c = e^{osc V}); best LSI-ratio lower bound over "
                            "exponential and tanh test functions: " + "; ".join(f"osc-bound {b:.3g} vs lower bound {a:.3g}" for _, a, b in rows),
                   margin=min(b - a for _, a, b in rows), precision="Riemann sums on [−14,14] (28001 points)",
                   details="a lower bound on C_LSI(π') from test functions can only refute the lemma, never prove it")


# --------------------------------------------------------------------------- S6-06 Lemma 6.3.3 constant estimate
@check("003_ch06.lemma6_3_3.constant", spec="003_ch06.lemma6_3_3")
def _l633(ctx):
    rng = ctx.rng
    d, z1, z2, om, T, eta, kappa = 3, 0.05, 0.5, 0.1, 120, 1.0, 0.05
    gradF = lambda x: np.array([-math.sin(x[0]), x[1], 0.5 * x[2]])
    res = []
    for run in range(120):
        O1 = lambda x: gradF(x) + (z1 / math.sqrt(d)) * rng.standard_normal(d)                 # nSG(ζ1) exactly (Fact 6.2.4)
        O2 = lambda x, y: gradF(x) - gradF(y) + (z2 / math.sqrt(d)) * np.linalg.norm(x - y) * rng.standard_normal(d)
        x0 = np.array([1e-3, 0.8, -0.6]) + 0.1 * rng.standard_normal(d)
        r = spd.stochastic_spider(O1, O2, x0, eta=eta, kappa=kappa, T=T, Gamma=5, escape_threshold=0.05, escape_sd=0.02, rng=rng)
        pts = [x0] + r["xs"]
        worst, drift = 0.0, 0.0
        for t, kind in enumerate(r["kinds"]):
            if kind != "o2":
                drift = 0.0
            else:
                drift += float(np.sum((pts[t] - pts[t - 1]) ** 2))
            g = (pts[t] - pts[t + 1]) / eta
            e2 = float(np.sum((g - gradF(pts[t])) ** 2))
            if kind == "escape":
                continue                               # the escape step adds its own perturbation
            worst = max(worst, e2 / ((z2 ** 2 * drift + 4 * z1 ** 2) * math.log(T * d / om)))
        res.append(worst)
    chat = float(np.quantile(res, 1 - om))
    if chat > 4:
        return fail("Ĉ <= 4", str(chat))
    return Outcome(Verdict.STATISTICAL, claimed="||∇_t − ∇F(x_t)||² <= C(ζ2² Σ_{i=τ_t+1}^t ||x_i − x_{i−1}||² + 4ζ1²) log(Td/ω) for all t w.p. >= 1−ω "
                                                "(Lemma 6.3.3; C unspecified)",
                   computed=f"120 runs of Alg. 17 with exactly nSG(ζ1), nSG(ζ2||x−y||) Gaussian oracles (d=3, ζ1=0.05, ζ2=0.5, T=120): "
                            f"(1−ω)-quantile of max_t ratio Ĉ = {chat:.3f} (ω = 0.1); median {float(np.median(res)):.3f}",
                   margin=4 - chat, precision="empirical quantile (constant estimate, C unspecified in the statement): not a proof",
                   details="drift reset at refreshes and escapes (corrected line 16, AU3)")


# ------------------------------------------------------------------------ H6.5 experiment: Thm 6.4.8 rate (full)
@check("003_ch06.exp.E5.rate", spec="003_ch06.exp.E5", profile="full")
def _e5(ctx):
    from scipy import stats as sst
    G, D, d, eps = 1.0, 1.0, 1, 1.0
    ns = np.unique(np.round(np.logspace(2, 4.3, 9)).astype(int))
    risks, bounds = [], []
    for n in ns:
        p0 = 0.5 - 0.5 / math.sqrt(n)          # hard family: population gap ~ n^{-1/2}
        r = D * d / (eps * n)
        net = np.unique(np.clip(np.concatenate([np.arange(r, D, 2 * r), [0.0, D]]), 0, D))
        FP = G * (p0 * net + (1 - p0) * (1 - net))
        best = min(G * p0, G * (1 - p0))
        ks = np.arange(n + 1)
        w = sst.binom.pmf(ks, n, p0)
        risk = 0.0
        for k, wk in zip(ks, w):
            if wk < 1e-14:
                continue
            FD = G * (k / n * net + (1 - k / n) * (1 - net))
            risk += wk * float(er.net_exponential_law(FD, epsilon=eps, G=G, D=D, n=int(n)) @ FP)
        risks.append(risk - best)
        Lg = d * math.log(1 + 2 * D / r)
        bounds.append(G * r + 2 * G * D / (eps * n) * (Lg + 1) + 2 * G * D * math.sqrt((Lg + math.log(2)) / (2 * n)))
    risks, bounds = np.array(risks), np.array(bounds)
    if np.any(risks > bounds):
        return fail("risk <= bound", str(list(zip(ns, risks, bounds))))
    X = np.log(ns)
    slope, icpt, rv, pv, se = sst.linregress(X, np.log(risks))
    ci = (slope - 5 * se, slope + 5 * se)
    arts = []
    path = ctx.figure_path("thm648_rate.png")
    if path is not None:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(5, 3.5))
        ax.loglog(ns, risks, "o-", label="exact E risk (hard family)")
        ax.loglog(ns, bounds, "s--", label="explicit Thm 6.4.8 bound")
        ax.set_xlabel("n"); ax.set_ylabel("excess population risk"); ax.legend()
        fig.tight_layout(); fig.savefig(path, dpi=120); plt.close(fig)
        arts.append(str(path))
    if not abs(slope + 0.5) <= 0.1:
        return fail("slope ≈ −1/2", f"slope {slope} ± {se}")
    return Outcome(Verdict.NUMERIC, claimed="Thm 6.4.8 rate: excess risk ≍ GD√(d log(εn/d)/n) for large n (reproducible slope −1/2)",
                   computed=f"exact expected risk of the ε-DP net mechanism on the hard 1-D family P(z=0) = 1/2 − 1/(2√n), "
                            f"n in [{ns[0]}, {ns[-1]}]: log-log slope {slope:.3f} (±5 s.e.: [{ci[0]:.3f}, {ci[1]:.3f}]); "
                            f"|slope + 1/2| <= 0.1 (catalog tolerance; the log and 1/(εn) terms steepen it slightly); risk <= explicit bound at every n (max ratio {float(np.max(risks / bounds)):.3f})",
                   margin=float(np.min(bounds - risks)), precision="exact sums; slope CI from the regression standard error",
                   artifacts=arts, details="d = 1, ε = 1; this family attains the √(1/n) term (upper bound shape)")


# ------------------------------------------------------------------------------- S6-13 Claim 6.3.10 nSG estimate
@check("003_ch06.claim6_3_10.nsg", spec=("003_ch06.claim6_3_10", "003_ch06.proc_A6_3"))
def _c6310(ctx):
    rng = ctx.rng
    d, G, M = 5, 1.0, 1.0
    x = np.full(d, 0.3)
    y = np.full(d, -0.2)
    rows = []
    for b, sig in ((5, 0.0), (20, 0.02), (60, 0.005)):
        N = 300
        stream = rng.choice([-1.0, 1.0], size=(N * b * 2, 2 * d))
        psg = lambda v, z: (G / math.sqrt(d)) * z[:d] + (M * z[d:]) * v      # ||·|| bounded, E = 0: ∇F = 0
        O1, O2, st = pl.population_private_oracles(psg, stream, b1=b, b2=b, sigma1=sig, sigma2=sig, rng=rng)
        e1 = np.array([np.linalg.norm(O1(x)) for _ in range(N)])
        e2 = np.array([np.linalg.norm(O2(x, y)) for _ in range(N)]) / np.linalg.norm(x - y)
        out = []
        for e, scale in ((e1, G), (e2, M)):
            ts = np.quantile(e, np.linspace(0.5, 0.98, 30))
            # smallest ζ with empirical P(||e|| >= t) <= 2 exp(−t²/(2ζ²)) on the grid
            zeta = max(t / math.sqrt(2 * math.log(2 / max(np.mean(e >= t), 1e-12))) for t in ts if np.mean(e >= t) < 2)
            formula = scale * math.sqrt(math.log(d)) / math.sqrt(b) + math.sqrt(d) * sig
            out.append(zeta / formula)
        rows.append((b, sig, out[0], out[1]))
    ratios = [r for row in rows for r in row[2:]]
    if max(ratios) > 4 or max(ratios) / min(ratios) > 8:
        return fail("ratio to formula bounded and stable", str(rows))
    return Outcome(Verdict.STATISTICAL, claimed="eq. (6.3) oracles are O(G√log d/√b1 + √d σ1) (first kind) and O(M√log d/√b2 + √d σ2) "
                                                "(second kind) norm-subGaussian (Claim 6.3.10; constants unspecified)",
                   computed="empirical nSG parameter / formula (d = 5, Rademacher-type bounded losses): " + "; ".join(
                       f"b={b}, σ={s}: O1 {a:.2f}, O2 {c:.2f}" for b, s, a, c in rows) + " (bounded by 4, spread <= 8)",
                   margin=4 - max(ratios), precision="empirical tail fit on 30 quantiles (N = 300 per cell): a constant estimate",
                   details="L in the printed claim stands for G (AU12)")


# --------------------------------------------------------------------- S6-07 / S7-05 saddle escape (slope fit)
@check("003_ch06.lemma6_3_4.escape_slope", spec=("003_ch06.lemma6_3_4", "003_ch07.lemma7_3_3"))
def _l634(ctx):
    from scipy import stats as sst
    rng = ctx.rng
    d, M, om = 4, 1.0, 0.1

    def run(gamma, rho, B=1.0):
        alpha = gamma                                        # α = γ·log³(...) with the log factor set to 1
        h = math.sqrt(rho * alpha)
        gF = lambda x: np.concatenate([[-h * x[0] + 0.5 * rho * abs(x[0]) * x[0]], M * x[1:]])
        Fv = lambda x: -0.5 * h * x[0] ** 2 + rho / 6 * abs(x[0]) ** 3 + 0.5 * M * float(x[1:] @ x[1:])
        eta = 1 / M
        Gam = int(math.ceil(M * math.log(d * M * B / (rho * gamma * om)) / math.sqrt(rho * gamma)))
        drops, esc = [], 0
        for _ in range(40):
            x = np.zeros(d)
            kick = rng.standard_normal(d) * gamma / math.sqrt(d * math.log(d / om))
            for t in range(Gam):
                e = np.zeros(d)
                e[1:] = rng.standard_normal(d - 1)
                e *= gamma / 4 / max(np.linalg.norm(e), 1e-12)          # adversarial-size error orthogonal to e1
                x = x - eta * (gF(x) + e + (kick if t == 0 else 0))
            drops.append(Fv(x))
            esc += Fv(x) < -0.1 * h ** 3 / rho ** 2
        return float(np.mean(drops)), esc / 40
    gam = [1e-3, 3e-3, 1e-2, 3e-2]
    res_g = [run(g, 1.0) for g in gam]
    rhos = [0.3, 1.0, 3.0, 10.0]
    res_r = [run(1e-2, r) for r in rhos]
    s_g = sst.linregress(np.log(gam), np.log([-m for m, _ in res_g])).slope
    s_r = sst.linregress(np.log(rhos), np.log([-m for m, _ in res_r])).slope
    fr = min(f for _, f in res_g + res_r)
    if not (abs(s_g - 1.5) <= 0.15 and abs(s_r + 0.5) <= 0.15 and fr >= 1 - om * math.log(1 / om)):
        return fail("slopes 3/2, −1/2 and escape frequency", f"{s_g}, {s_r}, {fr}")
    return Outcome(Verdict.NUMERIC, claimed="saddle escape: F(x_Γ) − F(x_0) <= −Ω(γ^{3/2}/√ρ) w.p. >= 1 − ω log(1/ω) (Lemma 6.3.4 / 7.3.3)",
                   computed=f"F = −(h/2)x1² + (ρ/6)|x1|³ + (M/2)Σ_{{i>=2}} x_i², h = √(ργ), d = 4, errors of norm γ/4 ⊥ e1, "
                            f"Gaussian kick N(0, γ²/(d log(d/ω)) I), Γ steps: slope of −ΔF vs γ = {s_g:.3f} (3/2), vs ρ = {s_r:.3f} (−1/2); "
                            f"escape frequency >= {fr:.2f} (>= 1 − ω log(1/ω) = {1 - om * math.log(1 / om):.2f})",
                   margin=0.15 - max(abs(s_g - 1.5), abs(s_r + 0.5)), precision="40 runs per point; slopes by least squares (log factors set to 1)",
                   details="an instance of the asymptotic statement (constants not checked); Lemma 6.3.4's γ-vs-α bookkeeping: AU26")
