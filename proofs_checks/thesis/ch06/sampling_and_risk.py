"""Thesis 003 Ch. 6, Secs. 6.4 and 6.6 (excess risk via sampling): Gibbs / exponential mechanisms, the proximal
sampler and its rejection oracle, generalisation lemmas, the explicit Thm 6.4.8 bound, the E5 rate and audits AU23, AU25."""
from __future__ import annotations

import math
from fractions import Fraction as Fr
from itertools import product
import numpy as np
import sympy as sp
from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from proofs_checks.thesis.ch07._units import F_, X_, units_of
from reference.thesis.ch06 import excess_risk as er
from reference.thesis.ch06 import pipelines as pl


# ------------------------------------------------------------------ S6-30 / A6.9 RGO rejection sampler, A6.8 chain
def _rgo_setup():
    zs = np.array([-0.5, 0.2, 0.9])
    G, R, beta, mu, eta = 1.0, 1.0, 1.5, 0.5, 0.04          # βG√η = 0.3
    fl = [(lambda x, z=z: beta * G * abs(x[0] - z)) for z in zs]
    return zs, G, R, beta, mu, eta, fl


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


@check("003_ch06.audit.AU23.units", spec=("003_ch06.audit.AU23", "003_ch06.thm6_4_7", "003_ch06.exp.E4"))
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


# -------------------------------------------------------------------------------------------- AU25 LB vs UB
@check("003_ch06.audit.AU25.lb_vs_ub", spec=("003_ch06.audit.AU25", "003_ch06.thm6_4_11", "003_ch06.exp.E6"))
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
