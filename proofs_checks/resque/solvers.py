"""Checks of the private ERM solvers (doc 000 Sections 4.2-4.6): utility MCs, proof algebra and audit notes A8, A9, A16,
A18, A19, A20, A21, A24."""
from __future__ import annotations

import math

import numpy as np
import sympy as sp
from scipy import stats

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail, partial, proof_gap
from reference.resque.accounting import prop11_gradient_sum, thm3_parameters
from reference.resque.private import (ErmProblem, alg5_schedule, regularized_resqued_erm, strongly_convex_resqued_erm,
                                      subsampled_resqued_erm)

FF = "false-failure <= 1e-6"


def _erm(rng, n=30, d=2):
    A = rng.standard_normal((n, d))
    A /= np.linalg.norm(A, axis=1)[:, None]
    return ErmProblem(A, 0.1 * rng.standard_normal(n), np.ones(n))


def _trunc_lcb(gaps, cap, a):
    g = np.minimum(np.maximum(gaps, 0), cap)
    return g.mean() - cap * math.sqrt(math.log(1 / a) / (2 * len(g)))


@check("000.lemma4.mc", spec=["000.lemma4", "000.alg3", "000.prop6"], profile="full")
def _lemma4(ctx):
    """Alg 3 AS PRINTED (output x_k = ybar_k + N(0, sigma_k^2 I), not projected; F = fhat^erm_rho is defined on R^d) gap vs the
    C_cvx = 16 bound [derived]; truncated-Hoeffding one-sided test (FAIL iff LCB > bound)."""
    rng = ctx.rng
    M = 200 if ctx.full else 25
    worst, rows = -1e9, []
    cases = [(2, 0.1, 64), (2, 100.0, 256), (10, 1.0, 64)]
    for d, beta, T in cases:
        P = _erm(rng, d=d)
        r, rho = 0.05, 1.0
        xs = P.prox_min(np.zeros(d), r, rho)
        Fs = P.smooth_value(xs, rho)
        bound = 16 * P.L * r * (math.sqrt(d) / (beta * T) + 1 / math.sqrt(T))
        gaps = [P.smooth_value(subsampled_resqued_erm(P.oracle(), np.zeros(d), r, rho, beta, T, P.L, rng, project_output=False), rho) - Fs
                for _ in range(M)]
        lcb = _trunc_lcb(np.array(gaps), 2 * bound, 1e-6 / len(cases))
        worst = max(worst, lcb / bound)
        rows.append(f"d={d},beta={beta},T={T}: mean gap {np.mean(gaps):.2e} / bound {bound:.2e}")
    ok = worst <= 1
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED, claimed="E F(x) - min F <= 16 L r (sqrt(d)/(beta T) + 1/sqrt T)",
                   computed=f"max LCB/bound = {worst:.3f}; " + "; ".join(rows), margin=1 - worst,
                   precision=f"{FF} (Hoeffding on gaps truncated at 2x bound, Bonferroni over 3)", details=f"M={M}, n=30, r=0.05, rho=1")


@check("000.lemma4.constant_sympy", spec=["000.audit.A9"])
def _lemma4_const(ctx):
    i, L, eta, beta, That = sp.symbols("i L eta beta That", positive=True)
    eta_i, T_i = eta / 4 ** i, That / 2 ** i
    sigma_i = L * eta_i / beta
    val = sp.simplify(sigma_i ** 2 / (eta_i * T_i))
    exact = 2 ** (-i) * L ** 2 * eta / (beta ** 2 * That)
    printed = exact / 2
    ok = sp.simplify(val - exact) == 0
    # final constant: coefficients 8 + 3/2 + 1 (on Lr/sqrt T) and 8 + 8 (on Lr sqrt d/(beta T)) <= 16
    ok = ok and sp.Rational(8) + sp.Rational(3, 2) + 1 <= 16 and 8 + 8 <= 16
    ex = float(val.subs({i: 1, That: 8, eta: 1, L: 1, beta: 1}))
    if not ok:
        return fail("sigma_i^2/(eta_i T_i) exact value", str(val))
    return erratum(claimed="L619: sigma_i^2/(eta_i T_i) <= 2^-i L^2 eta/(2 beta^2 That)",
                   computed=f"sympy: sigma_i^2/(eta_i T_i) = {val}; final constant C_cvx = 16 (10.5 and 16 coefficients) [derived]",
                   counterexample=f"i=1, That=8, eta=L=beta=1: exact {ex:.4f} > printed {float(printed.subs({i: 1, That: 8, eta: 1, L: 1, beta: 1})):.4f}",
                   details="the later total 4 L^2 eta d/(beta^2 That) used by the proof is correct; Lemma 4 itself unaffected")


@check("000.cor2.mc", spec=["000.cor2", "000.alg4"])
def _cor2(ctx):
    rng = ctx.rng
    M = 200 if ctx.full else 25
    d, beta, T, r, rho = 2, 1.0, 64, 0.05, 1.0
    P = _erm(rng, d=d)
    worst, rows = -1e9, []
    for lam_f in (1.0, 20.0):
        lam = lam_f * P.L / r
        xs = P.prox_min(np.zeros(d), r, rho, lam)
        Fl = lambda x: P.smooth_value(x, rho) + lam / 2 * float(x @ x)
        for rp_f in (0.5, 2.0):
            rp = rp_f * r
            u = rng.standard_normal(d)
            x0 = xs + min(rp, r) * u / np.linalg.norm(u)
            x0 = x0 if np.linalg.norm(x0) <= r else x0 * r / np.linalg.norm(x0)
            if np.linalg.norm(x0 - xs) > rp:
                continue
            bound = 16 * P.L * rp * (math.sqrt(d) / (beta * T) + 1 / math.sqrt(T))
            gaps = [Fl(regularized_resqued_erm(P.oracle(), np.zeros(d), r, rho, beta, lam, T, rp, x0, P.L, rng)) - Fl(xs) for _ in range(M)]
            worst = max(worst, _trunc_lcb(np.array(gaps), 2 * bound, 1e-6 / 4) / bound)
            rows.append(f"lam={lam_f}L/r, r'={rp_f}r: {np.mean(gaps):.2e}/{bound:.2e}")
    ok = worst <= 1
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED, claimed="Cor 2: E F^lam(x) - F^lam* <= 16 L r' (sqrt d/(beta T) + 1/sqrt T)",
                   computed=f"max LCB/bound = {worst:.3f}; " + "; ".join(rows), margin=1 - worst, precision=f"{FF} (truncated Hoeffding, Bonferroni 4)")


@check("000.prop8.mc", spec=["000.prop8", "000.alg5"])
def _prop8(ctx):
    rng = ctx.rng
    M = 100 if ctx.full else 20
    d, beta, r, rho = 2, 1.0, 0.05, 1.0
    P = _erm(rng, d=d)
    worst, rows, vacuous = -1e9, [], True
    for T in (16, 128):
        lam = 5 * P.L / r
        xs = P.prox_min(np.zeros(d), r, rho, lam)
        Fl = lambda x: P.smooth_value(x, rho) + lam / 2 * float(x @ x)
        bound = 8192 * (P.L ** 2 / lam) * (d / (beta * T) ** 2 + 1 / T)
        cap = min(2 * bound, 2 * P.L * r + 2 * lam * r * r)
        vacuous = vacuous and bound >= 2 * P.L * r + 2 * lam * r * r
        gaps = [Fl(strongly_convex_resqued_erm(P.oracle(), np.zeros(d), r, rho, beta, lam, T, P.L, rng)) - Fl(xs) for _ in range(M)]
        worst = max(worst, _trunc_lcb(np.array(gaps), cap, 1e-6 / 2) / bound)
        rows.append(f"T={T}: mean gap {np.mean(gaps):.2e}, bound {bound:.2e} (empirical constant {np.mean(gaps) / (bound / 8192):.3f})")
    ok = worst <= 1
    if ok and vacuous:
        return partial(claimed="Prop 8: gap <= C_sc (L^2/lam)(d/(beta T)^2 + 1/T), C_sc = 8192",
                       computed=f"max LCB/bound = {worst:.3f}; " + "; ".join(rows),
                       coverage="the bound exceeds the largest possible gap (2 L r + 2 lam r^2) at every tested T, so this test cannot "
                                "fail on the claim; it only exercises the implementation (empirical constants reported)")
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED, claimed="Prop 8: gap <= C_sc (L^2/lam)(d/(beta T)^2 + 1/T), C_sc = 8192",
                   computed=f"max LCB/bound = {worst:.3f}; " + "; ".join(rows), margin=1 - worst, precision=f"{FF} (truncated Hoeffding)",
                   details="the bound exceeds the trivial gap range on this instance: the check mainly detects implementation errors")


@check("000.prop8.recursion_sympy", spec="000.prop8")
def _prop8_rec(ctx):
    Ei, D0, L, lam = sp.symbols("E_i D_0 L lambda", positive=True)
    i = sp.symbols("i", integer=True, nonnegative=True)
    # D_i = 4 E_i q^{2^-i}, q = D_0/(4 E_0); E_{i+1} = E_i/2 => D_{i+1}/(4E_{i+1}) = sqrt(D_i/(4 E_i)) => D_{i+1} = sqrt(D_i E_i)
    q = sp.symbols("q", positive=True)
    Di = 4 * Ei * q ** (2 ** -i)
    Dn = 4 * (Ei / 2) * q ** (2 ** -(i + 1))
    ok1 = sp.simplify(Dn ** 2 - Di * Ei) == 0
    # numeric schedule check: E_{i+1} = E_i/2 only asymptotically (T_i, beta_i schedule): verify ratio in [1/2, 1] and D_k <= 8 E_k
    worst = 0.0
    for T in (16, 256, 2 ** 16):
        s = alg5_schedule(T, 0.5, 1.0, 1.0, 4)
        worst = max(worst, s["D"][s["k"]] / (8 * s["E"][s["k"]]))
    ok = ok1 and worst <= 1
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED, claimed="(29) D_{i+1} = sqrt(D_i E_i); D_k <= 8 E_k",
                   computed=f"sympy identity {ok1}; schedule max D_k/(8 E_k) = {worst:.4f}", margin=1 - worst)


@check("000.lemma8.instances", spec="000.audit.A29")
def _lemma8(ctx):
    rng = ctx.rng
    worst_claim, worst_tight = 0.0, 0.0
    for t in range(6 if ctx.full else 2):
        P = _erm(rng, n=10, d=2)
        rho, r = 0.5, 1.0
        for lam_f in (0.5, 2.0, 10.0):
            lam = lam_f * P.L / r
            xbar = 0.3 * rng.standard_normal(2)
            xs = P.prox_min(xbar, r, rho, lam, iters=800)
            gap = P.smooth_value(xbar, rho) - (P.smooth_value(xs, rho) + lam / 2 * float((xs - xbar) @ (xs - xbar)))
            worst_claim = max(worst_claim, gap / (2 * P.L ** 2 / lam), np.linalg.norm(xs - xbar) / (2 * P.L / lam))
            worst_tight = max(worst_tight, gap / (P.L ** 2 / (2 * lam)))
    ok = worst_claim <= 1 and worst_tight <= 1 + 1e-9
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED, claimed="F(xbar) - F^lam(x*) <= 2L^2/lam; ||x* - xbar|| <= 2L/lam",
                   computed=f"max ratio to claim {worst_claim:.4f}; max ratio to L^2/(2 lam) = {worst_tight:.4f} (A29: tighter bound holds)",
                   margin=1 - worst_claim, details="6 (quick) / 18 (full) instances, ground truth by projected accelerated gradient")


@check("000.lemma8.sympy", spec=["000.lemma8", "000.lemma9", "000.audit.A29"])
def _lemma89_sympy(ctx):
    """Lemmas 8 and 9 over their whole domain (any L-Lipschitz convex F, lambda > 0, r > 0, x' anywhere), symbolically.
    Write t = ||x* - x0|| >= 0 (x0 = xbar for Lemma 8, x0 = Proj_B(x') for Lemma 9), s = ||x0 - x'||, c = <x* - x0, x' - x0>
    (c <= 0 by the projection property; c = 0, s = 0 for Lemma 8).  Lipschitz: F(x0) - F(x*) <= L t, so the gap
    G = F(x0) + lam/2 s^2 - F(x*) - lam/2 ||x* - x'||^2 with ||x* - x'||^2 = t^2 + s^2 - 2c satisfies
    G <= L t - lam t^2/2 + lam c <= L t - lam t^2/2 = L^2/(2 lam) - (L - lam t)^2/(2 lam) <= L^2/(2 lam) <= 2 L^2/lam.
    Also the printed intermediate ||x* - xbar|| <= 2L/lam (Lemma 8) from lam t^2/2 <= G <= L t."""
    L, lam, t, s, c = sp.symbols("L lambda t s c", real=True)
    dist2 = t ** 2 + s ** 2 - 2 * c
    G_bound = L * t + lam / 2 * (s ** 2 - dist2)
    ok1 = sp.simplify(G_bound - (L * t - lam * t ** 2 / 2 + lam * c)) == 0
    ok2 = sp.simplify(L ** 2 / (2 * lam) - (L * t - lam * t ** 2 / 2) - (L - lam * t) ** 2 / (2 * lam)) == 0
    ok3 = sp.simplify(2 * L ** 2 / lam - L ** 2 / (2 * lam) - sp.Rational(3, 2) * L ** 2 / lam) == 0     # slack 3L^2/(2 lam) >= 0
    # ||x* - xbar||: lam t^2/2 <= L t  <=>  t (L - lam t/2) >= 0  <=>  t <= 2L/lam
    ok4 = sp.solve(sp.Eq(lam * t ** 2 / 2, L * t), t) == [0, 2 * L / lam] or set(sp.solve(sp.Eq(lam * t ** 2 / 2, L * t), t)) == {0, 2 * L / lam}
    ok = ok1 and ok2 and ok3 and ok4
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed="Lemma 8: F(xbar) - F^lam(x*) <= 2L^2/lam; Lemma 9: gap at Proj(x') <= 2L^2/lam (sharp: L^2/(2 lam))",
                   computed="sympy: G <= L t - lam t^2/2 + lam c (c <= 0), L^2/(2lam) - (L t - lam t^2/2) = (L - lam t)^2/(2 lam) >= 0, "
                            "2L^2/lam - L^2/(2lam) = 3L^2/(2lam) >= 0; t <= 2L/lam",
                   margin=0, details="premises used: L-Lipschitz F, x* minimises over the ball, <x* - x0, x' - x0> <= 0 (projection)")


@check("000.prop9.telescoping", spec=["000.prop9", "000.alg6"])
def _prop9_tel(ctx):
    jm = 6
    X = sp.symbols(f"X0:{jm + 1}")
    # E xhat = X_0 + sum_{j<=jmax} 2^-j 2^j (X_j - X_{j-1}) = X_jmax
    E = X[0] + sum(sp.Rational(1, 2 ** j) * 2 ** j * (X[j] - X[j - 1]) for j in range(1, jm + 1))
    ok = sp.simplify(E - X[jm]) == 0
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED, claimed="E xhat_k = E x_{j_max} (Pr[J = j] = 2^-j)",
                   computed=f"sympy telescoping with j_max = {jm}: {sp.simplify(E)}", margin=0)


@check("000.audit.A18.rate", spec=["000.prop9", "000.audit.A18", "000.thm3"])
def _a18(ctx):
    n, T, Cp, d, beta = sp.symbols("n T C_priv d beta", positive=True)
    Tj = n / (2 * Cp)                # 2^jmax T >= n/(2 C_priv): the best case for the proof
    beta_j2 = beta ** 2 * T / Tj      # beta_jmax^2 = 2^-jmax beta^2 = beta^2 T/T_jmax
    derived = sp.sqrt(d / (beta_j2 * Tj ** 2))
    claimed = sp.sqrt(d) / (beta * n)
    ratio = sp.simplify(derived / claimed)
    val = float(ratio.subs({n: 10 ** 6, T: 10 ** 3, Cp: 1}))
    if sp.simplify(ratio - sp.sqrt(2 * Cp * n / T)) != 0:
        return fail("ratio = sqrt(2 C_priv n/T)", str(ratio))
    return proof_gap(claimed="Prop 9 bias <= C_bias (L/lambda)(sqrt(d)/(beta n) + 1/sqrt n)",
                   computed=f"sympy: Prop 8 at (beta_jmax, T_jmax) gives sqrt(d)/(beta_jmax T_jmax) = claimed x {ratio}",
                   counterexample=f"proof step L982-990 (bias <= Prop 8's bound at level j_max): n = 1e6, T = 1e3, C_priv = 1: the bound "
                                  f"the step yields is {val:.1f} x the claimed dimension term (grows like sqrt(n/T)); the bias itself is not "
                                  f"shown to be this large, so Prop 9 is not refuted",
                   details="with T_jmax = n/(2C_priv) (largest level); corrected: sqrt(2 C_sc)(L/lam)(sqrt(2 C_priv d/(nT))/beta + sqrt(2C_priv/n))")


@check("000.audit.A19.factor", spec="000.audit.A19")
def _a19(ctx):
    lam, t = sp.symbols("lambda t", positive=True)
    # quadratic F^lam = lam/2 ||x - x*||^2 (1-D): gap = lam t^2/2 for ||x - x*|| = t => ||x-x*||^2 = (2/lam) gap exactly
    gap = lam * t ** 2 / 2
    ok = sp.simplify(t ** 2 - 2 * gap / lam) == 0
    if not ok:
        return fail("||x - x*||^2 = (2/lam) gap on the quadratic instance", "sympy could not prove the identity")
    return proof_gap(claimed="L994: E||x_0 - x*||^2 <= C_sc (L^2/lam^2)(...) from E gap <= C_sc (L^2/lam)(...)",
                   computed="sympy: for F^lam = lam/2||x - x*||^2, ||x - x*||^2 = (2/lam) gap exactly: the factor 2 cannot be dropped",
                   counterexample="step L994: quadratic instance with E gap = C_sc (L^2/lam) c: E||x - x*||^2 = 2 C_sc (L^2/lam^2) c > "
                                  "C_sc (L^2/lam^2) c; Prop 9's variance bound has an unspecified universal C_var, so it is not refuted",
                   details=f"identity holds: {ok}; corrected C_var = C_bias^2 + 28 C_sc")


@check("000.audit.A16.k_values", spec="000.audit.A16")
def _a16(ctx):
    T = 2 ** 20
    k_ln = math.ceil(math.log(math.log(T)))
    k_2 = math.ceil(math.log2(math.log2(T)))
    s = alg5_schedule(16, 1.0, 1.0, 1.0, 1)
    if not (2 ** k_ln < math.log2(T) <= 2 ** k_2):
        return fail("ln-based k too small", f"{k_ln} {k_2}")
    return erratum(claimed="Alg 5: k = ceil(log log T), T_i = 2^{i-k} T, return x_{k+1}",
                   computed=f"T = 2^20: ceil(ln ln T) = {k_ln} (2^k = {2 ** k_ln} < log2 T = 20, so D_k <= 8E_k fails); ceil(log2 log2 T) = {k_2}",
                   counterexample=f"T = 2^20 with natural log: 2^{k_ln} = {2 ** k_ln} < 20; T = 3: log2 log2 3 = {math.log2(math.log2(3)):.3f} "
                                  f"so k = 1 and T_0 = 1.5 is not an integer; only x_1..x_k exist",
                   details=f"implemented: k = ceil(log2 log2 T), T_i = floor(2^(i-k) T) (T=16: {s['T']})")


@check("000.audit.A8.outside_ball", spec=["000.audit.A8", "000.prop6", "000.cor2"])
def _a8(ctx):
    """Constructive counterexample to 'Alg 3 produces x in B_xbar(r)' (Prop 6 / Cor 2): oracle mode.  Draw all randomness,
    run once recording ybar_k; when ybar_k lies on the sphere ||ybar_k - xbar|| = r (the last phase is one projected step), replace
    the last Gaussian draw zeta_k by the outward unit vector u = ybar_k/||ybar_k|| and rerun with the same draws: x_k = ybar_k + sigma_k u
    has norm r + sigma_k > r.  Given ybar_k on the sphere, every zeta_k in the half-space <zeta_k, ybar_k> > 0 (probability 1/2, and
    zeta_k is drawn independently of ybar_k) gives an output outside the ball."""
    from reference.resque.private import alg3_draws
    rng = ctx.rng
    n, d, r, T, beta = 30, 10, 0.05, 1024, 1.0
    A = np.tile(np.eye(d)[0], (n, 1))                        # f^i(x) = <e_1, x>: minimizer on the boundary of B_xbar(r)
    P = ErmProblem(A, np.zeros(n), np.ones(n), np.ones(n, bool))
    found = None
    for t in range(200):
        dr = alg3_draws(n, d, T, 1.0, rng)
        rec = {}
        subsampled_resqued_erm(P.oracle(), np.zeros(d), r, 1.0, beta, T, P.L, draws=dr, record=rec)
        yb = rec["ybar"][-1]
        if abs(np.linalg.norm(yb) - r) <= 1e-12 * r:
            dr["zeta"][-1] = yb / np.linalg.norm(yb)
            x = subsampled_resqued_erm(P.oracle(), np.zeros(d), r, 1.0, beta, T, P.L, draws=dr)
            found = (t, float(np.linalg.norm(x)))
            break
    if found is None or found[1] <= r:
        return fail("an output outside B_xbar(r)", "no boundary ybar_k found in 200 draws" if found is None else f"||x|| = {found[1]}")
    return erratum(claimed="Prop 6 / Cor 2: Alg 3 (Alg 4) produces x in B_xbar(r)",
                   computed=f"draw #{found[0]}: ybar_k on the sphere; with zeta_k = outward unit vector ||x_k|| - r = {found[1] - r:.3e} > 0",
                   counterexample=f"f^i = <e_1, x> (n = 30), d = 10, xbar = 0, r = 0.05, rho = 1, beta = 1, T = 1024: x_k = ybar_k + sigma_k zeta_k "
                                  f"leaves B_0(r) whenever ybar_k is on the sphere and <zeta_k, ybar_k> > 0 (positive probability)",
                   details="project_output=True (post-processing, default for Alg 4) restores membership")


@check("000.prop10.chernoff", spec=["000.prop10", "000.audit.A20"])
def _prop10(ctx):
    worst, rows = 0.0, []
    for zeta in (0.5, 0.1, 1e-2, 1e-4, 1e-8, 1e-12):
        k = math.ceil(20 * math.log(1 / zeta))
        bad = k - math.ceil(0.51 * k)
        tail = float(stats.binom.sf(bad, k, 1 / 3))
        worst = max(worst, tail / zeta)
        rows.append(f"zeta={zeta:g}: k={k}, tail={tail:.2e}")
    ok = worst <= 1
    if not ok:
        return fail("Chernoff tail <= zeta", "; ".join(rows))
    # every zeta in (0, 1): k = ceil(20 ln(1/zeta)) means exp(-k/20) <= zeta, and the event X > k - ceil(0.51 k) implies
    # X >= 0.49 k, so Chernoff-Hoeffding gives tail <= exp(-k KL(0.49 || 1/3)) <= exp(-k/20) <= zeta iff KL >= 1/20 (Arb).
    from flint import arb
    kl = arb("0.49") * (arb("0.49") * 3).log() + arb("0.51") * (arb("0.51") * arb(3) / 2).log() - arb(1) / 20
    if not kl > 0:
        return fail("KL(0.49 || 1/3) >= 1/20 (certified)", str(kl))
    k01 = math.ceil(20 * math.log(10))
    return erratum(claimed="Prop 10: Alg 7 uses 18 T log(1/zeta) gradients",
                   computed=f"exact binomial Pr[Bin(k,1/3) > k - ceil(0.51k)] / zeta <= {worst:.3e} (" + "; ".join(rows[:3]) + ")",
                   counterexample=f"zeta = 0.1: Alg 7 runs k = {k01} copies = {k01} T gradients > 18 T ln 10 = {18 * math.log(10):.1f} T",
                   details=f"the Chernoff step of the high-probability guarantee holds for EVERY zeta in (0, 1): KL(0.49 || 1/3) - 1/20 "
                           f"in {kl.str(6)} > 0 (Arb) with Chernoff-Hoeffding; exact binomial tails at 6 zetas")


@check("000.lemma10.sympy", spec=["000.lemma10", "000.priv.alg6"])
def _lemma10(ctx):
    J = sp.symbols("J", positive=True)
    T, b = sp.symbols("T beta", positive=True)
    cost = T + 2 ** J * T + 2 ** (J - 1) * T
    ok1 = sp.simplify(2 ** (J + 1) * T - cost - (2 ** (J - 1) * T - T)) == 0   # slack = 2^{J-1}T - T >= 0 for J >= 1
    rdp = b ** 2 * T ** 2 * (1 + 2 ** J + 2 ** (J - 1))
    ok2 = sp.simplify(sp.Rational(5, 2) * 2 ** J * b ** 2 * T ** 2 - rdp - b ** 2 * T ** 2 * (2 ** J - 1)) == 0
    # level j: beta_j^2 T_j^2 = 2^{-j} beta^2 4^j T^2 = 2^j beta^2 T^2
    j = sp.symbols("j", positive=True)
    ok3 = sp.simplify((2 ** (-j / 2) * b) ** 2 * (2 ** j * T) ** 2 - 2 ** j * b ** 2 * T ** 2) == 0
    ok = ok1 and ok2 and ok3
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED, claimed="gradients <= 2^{J+1} T; RDP scale <= 2.5 2^J beta^2 T^2",
                   computed="sympy: slack 2^{J-1}T - T >= 0 and 2.5 2^J - (1 + 2^J + 2^{J-1}) = 2^J - 1 >= 0 for J >= 1; level scale 2^j beta^2 T^2",
                   margin=0)


@check("000.audit.A21.C_cancels", spec="000.audit.A21")
def _a21(ctx):
    C, L, R, n, d, dl, e = sp.symbols("C L R n d delta epsilon", positive=True)
    lnd, ln1, lnn = sp.symbols("ell_nd ell_1d ell_n", positive=True)   # log(n/delta), log(1/delta), log n
    eps_opt_dp = C * L * R * sp.sqrt(d * ln1) * lnd ** sp.Rational(3, 2) * lnn / (n * e)   # dominant term of (30)
    kappa = L * R / eps_opt_dp
    beta = e / (C * lnd * sp.sqrt(ln1))
    expr = sp.simplify(kappa * sp.sqrt(d) / (beta * n))
    dC = sp.simplify(sp.diff(expr, C))
    if dC != 0:
        return fail("C cancels", str(expr))
    return proof_gap(claimed="L1145: 'The first inequality is clear' (kappa sqrt(d)/(beta n) small for C large)",
                   computed=f"sympy: kappa sqrt(d)/(beta n) = {expr}; d/dC = 0",
                   counterexample="step L1145: the expression equals 1/(sqrt(log(n/delta)) log n), independent of C: e.g. n = 100, "
                                  f"delta = 0.1: {1 / (math.sqrt(math.log(1000)) * math.log(100)):.3f}, not small for any C (needs n large); "
                                  "Thm 3's O(.) statement is not refuted by this step",
                   details="with the sqrt(d)/(beta n)-dominated eps_opt; needs n large (and see A18)")


@check("000.audit.A24.sum", spec=["000.audit.A24", "000.prop11", "000.thm4"])
def _a24(ctx):
    """Thm 4's gradient bound from Prop 11 (L1219-1227) with N = the Thm 3 / Cor 3 count (polylogs dropped): the halving-eps
    sum over phases divided by N(n, eps).  A log-grid search shows the ratio is UNBOUNDED: along eps = 1e-3 and
    n ~ d^2/eps^3 x const it grows roughly like d^{1/9} (d = 1e3: 10, 1e9: 56, 1e15: 272).  With full eps per phase
    (disjoint data, parallel composition) the sum is <= N(n,eps) (1 + 1/(2^{2/3}-1)) (geometric), <= 2 N."""
    pts = ((1e3, 1e15, 1e-3), (1e9, 1e26, 1e-3), (1e15, 1e38, 1e-3))
    ratios = [prop11_gradient_sum(n, d, e, "halving") for d, n, e in pts]
    ratios = [s / N for s, N in ratios]
    grid = [(10.0 ** ln, 10.0 ** ld, 10.0 ** le) for ld in range(0, 19, 3) for ln in range(2, 47, 2) for le in (-3, -1, 0)]
    full = max(s / N for s, N in (prop11_gradient_sum(n, d, e, "full") for n, d, e in grid))
    if not all(b > 2 * a for a, b in zip(ratios, ratios[1:])) or full > 2:
        return fail("halving-eps sum / N unbounded, full-eps sum <= 2N", f"ratios {ratios}, full max {full}")
    return proof_gap(claimed="Thm 4 gradients = O(log^6(n/delta) N(n, eps)) via Prop 11's sum_i N(n/2^i, eps/2^i, delta/2^i)",
                     computed=f"sum/N(n,eps) = {[round(x, 1) for x in ratios]} at (d, n, eps) = {pts} (unbounded, ~ d^(1/9) along "
                              f"n ~ d^2/eps^3); with full eps per phase max sum/N = {full:.3f} over {len(grid)} log-grid points",
                     counterexample=f"step 'Prop 11 + Cor 3 => Thm 4 gradients' (L1227-1239): d = 1e15, n = 1e38, eps = 1e-3: "
                                    f"halving-eps sum = {ratios[-1]:.0f} x N(n, eps) and the factor grows without bound (not a "
                                    f"polylog); Thm 4's count is not refuted (N is an upper bound), its proof does not give it",
                     details="N(n,eps) = min(n, n^2eps^2/d) + min((nd)^{2/3}/eps, n^{4/3}eps^{1/3}) (Thm 3's main terms)")


@check("000.thm3.gradient_algebra", spec="000.thm3")
def _thm3_grad(ctx):
    K, kap, d, beta = sp.symbols("K kappa d beta", positive=True)
    ok = sp.simplify(K * (kap * sp.sqrt(d) / (sp.sqrt(K) * beta) + kap ** 2 / K) - (kap * sp.sqrt(d * K) / beta + kap ** 2)) == 0
    # numeric: gradient count / (min(n, n^2eps^2/d) + min((nd)^{2/3}/eps, n^{4/3}eps^{1/3})) / log^6(n/delta) bounded on a grid
    rat = []
    for n in (1e6, 1e8, 1e10, 1e12):
        for dd in (10.0, 1e3):
            p = thm3_parameters(n, dd, 0.5, 1e-6)
            main = min(n, n * n * 0.25 / dd) + min((n * dd) ** (2 / 3) / 0.5, n ** (4 / 3) * 0.5 ** (1 / 3))
            rat.append(p["gradients"] / (main * math.log(n / 1e-6) ** 6))
    ok = ok and max(rat) < 10
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED, claimed="K T_3 = sqrt(C)(kappa sqrt(dK)/beta + kappa^2); gradients = O(log^6 (...))",
                   computed=f"sympy identity holds; gradients/(main x log^6(n/delta)) in [{min(rat):.2e}, {max(rat):.2e}] (C = C_ba = 1)",
                   margin=None, details="n in 1e6..1e12, d in {10, 1e3}, eps = 0.5, delta = 1e-6")


@check("000.exp.E2.gradients", spec="000.exp.E2", profile="full")
def _e2(ctx):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    d, e, dl = 100.0, 0.5, 1e-6
    ns = np.logspace(3, 14, 45)
    g = np.array([thm3_parameters(n, d, e, dl)["gradients"] / math.log(n / dl) ** 6 for n in ns])
    sl = np.diff(np.log(g)) / np.diff(np.log(ns))
    arts = []
    p = ctx.figure_path("E2_gradients.png")
    if p is not None:
        fig, ax = plt.subplots()
        ax.loglog(ns, g, "o-")
        for x in (d / e ** 2, d ** 2 / e ** 3):
            ax.axvline(x, ls=":")
        ax.set_xlabel("n"); ax.set_ylabel("gradients / log^6(n/delta)")
        fig.savefig(p, dpi=80); plt.close(fig)
        arts.append(str(p))
    main = np.array([min(n, n * n * e * e / d) + min((n * d) ** (2 / 3) / e, n ** (4 / 3) * e ** (1 / 3)) for n in ns])
    ratio = g / main
    ok = ratio.max() / ratio.min() < 1e3
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED, claimed="gradients = O(log^6(n/delta)(min(n, n^2eps^2/d) + min((nd)^{2/3}/eps, n^{4/3}eps^{1/3})))",
                   computed=f"(gradients/log^6)/main-term in [{ratio.min():.2e}, {ratio.max():.2e}] over n = 1e3..1e14; local slopes at n = 1e3.5 "
                            f"{sl[1]:.2f}, mid {sl[len(sl) // 2]:.2f}, 1e14 {sl[-1]:.2f} (regime slopes 4/3, 2/3, 1 not cleanly separated at d = 100)",
                   details="Thm 3 parameter formulas with C = C_ba = 1 (count only)", artifacts=arts)


def _slope_ci(Ts, means, ses, z=3.29):
    """Weighted least-squares slope of log(mean) on log(T), var(log mean_i) ~ (se_i/mean_i)^2 (delta method); returns
    (slope, half-width z*SE) -- z = 3.29 is a two-sided 99.9% normal interval (approximate: the delta method, not a bound)."""
    x, y = np.log(Ts), np.log(means)
    w = (np.asarray(means) / np.asarray(ses)) ** 2
    X = np.column_stack([np.ones_like(x), x])
    cov = np.linalg.inv(X.T @ (X * w[:, None]))
    beta = cov @ (X.T @ (w * y))
    return float(beta[1]), float(z * math.sqrt(cov[1, 1]))


@check("000.exp.E3.slopes", spec="000.exp.E3", profile="full")
def _e3(ctx):
    """E3: component slopes.  Alg 3 (beta = 100, so 1/sqrt(T) dominates the Lemma 4 bound) on three instances differing in
    rho/r, and Alg 5 (lambda = 5L/r) -- mean gap vs T with a delta-method 99.9% CI on the log-log slope, and a rigorous
    one-sided test that each mean gap is below the paper's bound (truncated Hoeffding LCB, FAIL iff LCB > bound).
    Finding (investigation of the previous flat result): on the rho/r = 20 instance F = fhat^erm_rho is nearly flat on B(r)
    (||grad F|| ~ 0.03 << L = 1) and the minimiser sits on the boundary, so the gap ~ ||grad F|| r (1 - progress) stays in the
    pre-asymptotic plateau: progress needs sqrt(T) >~ L/||grad F||.  With rho <= r the decay appears (slopes ~ -0.4 .. -0.7);
    Lemma 4's -1/2 is a worst-case UPPER rate, not a law every fixed instance follows."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rng = ctx.rng
    d, n, beta, M = 2, 30, 100.0, 60
    a = 1e-6 / 32
    Ts = [16, 64, 256, 1024]
    rows, ok, curves = [], True, {}
    for label, r, rho, bscale in (("alg3 rho/r=20 (previous)", 0.05, 1.0, 0.1), ("alg3 rho/r=1", 0.05, 0.05, 0.01),
                                  ("alg3 rho/r=0.4", 0.05, 0.02, 0.01)):
        A = rng.standard_normal((n, d)); A /= np.linalg.norm(A, axis=1)[:, None]
        P = ErmProblem(A, bscale * rng.standard_normal(n), np.ones(n))
        xs = P.prox_min(np.zeros(d), r, rho)
        Fs = P.smooth_value(xs, rho)
        means, ses = [], []
        for T in Ts:
            g = np.array([P.smooth_value(subsampled_resqued_erm(P.oracle(), np.zeros(d), r, rho, beta, T, P.L, rng,
                                                                project_output=True), rho) - Fs for _ in range(M)])
            bound = 16 * P.L * r * (math.sqrt(d) / (beta * T) + 1 / math.sqrt(T))
            ok &= _trunc_lcb(g, 2 * P.L * r, a) <= bound
            means.append(max(g.mean(), 1e-300)); ses.append(g.std(ddof=1) / math.sqrt(M))
        sl, hw = _slope_ci(Ts, means, ses)
        curves[label] = means
        rows.append(f"{label}: mean gaps {['%.2e' % m for m in means]}, slope {sl:.2f} +- {hw:.2f}")
    # Alg 5 (strongly convex): Prop 8 bound C_sc (L^2/lambda)(d/(beta^2 T^2) + 1/T), expected slope up to -1
    r, rho = 0.05, 0.05
    A = rng.standard_normal((n, d)); A /= np.linalg.norm(A, axis=1)[:, None]
    P = ErmProblem(A, 0.01 * rng.standard_normal(n), np.ones(n))
    lam = 5 * P.L / r
    xs = P.prox_min(np.zeros(d), r, rho, lam=lam)
    Fl = lambda x: P.smooth_value(x, rho) + lam / 2 * float(x @ x)  # noqa: E731
    means, ses = [], []
    for T in Ts:
        g = np.array([Fl(strongly_convex_resqued_erm(P.oracle(), np.zeros(d), r, rho, beta, lam, T, P.L, rng)) - Fl(xs)
                      for _ in range(M)])
        bound = 8192 * (P.L ** 2 / lam) * (d / (beta * T) ** 2 + 1 / T)
        ok &= _trunc_lcb(g, 2 * P.L * r + 2 * lam * r * r, a) <= bound
        means.append(max(g.mean(), 1e-300)); ses.append(max(g.std(ddof=1), 1e-300) / math.sqrt(M))
    sl, hw = _slope_ci(Ts, means, ses)
    curves["alg5 rho/r=1, lambda=5L/r"] = means
    rows.append(f"alg5 rho/r=1 lambda=5L/r: mean gaps {['%.2e' % m for m in means]}, slope {sl:.2f} +- {hw:.2f}")
    arts = []
    p = ctx.figure_path("E3_gap_vs_T.png")
    if p is not None:
        fig, ax = plt.subplots()
        for k, v in curves.items():
            ax.loglog(Ts, v, "o-", label=k)
        ax.loglog(Ts, [curves["alg3 rho/r=1"][0] * (T / Ts[0]) ** -0.5 for T in Ts], "k:", label="T^-1/2")
        ax.set_xlabel("T"); ax.set_ylabel("mean excess"); ax.legend(fontsize=7)
        fig.savefig(p, dpi=80); plt.close(fig)
        arts.append(str(p))
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED,
                   claimed="Alg 3 gap <= 16 L r(sqrt d/(beta T) + 1/sqrt T) (rate <= T^-1/2); Alg 5 gap <= 8192 (L^2/lambda)(d/(beta T)^2 + 1/T)",
                   computed="; ".join(rows),
                   precision="bound tests: false-failure <= 1e-6 (Bonferroni over 16 truncated-Hoeffding one-sided tests); slope "
                             "CIs: delta-method 99.9% (approximate, reported only)",
                   details=f"n = {n}, d = {d}, beta = {beta}, M = {M} runs per T; the flat curve of the previous report is the "
                           "rho/r = 20 instance (near-flat F, boundary minimiser): a pre-asymptotic plateau, not a bug. A6 bias vs n: "
                           "see 000.prop9.*; A7 failure vs zeta: exact binomial tails in 000.prop10.chernoff.", artifacts=arts)


@check("000.alg3.linear_exact_mean", spec="000.alg3", profile="full")
def _alg3_linear_mean(ctx):
    """Exact-expectation test of the whole Alg 3 pipeline.  For linear losses f^i(x) = <a_i, x> the subgradient does not depend
    on the query point and E_xi w_xbar(y; xi) = 1 for every y fixed before xi (Lemma 1.1), so as long as the projection is inactive
    E y_j = E y_{j-1} - eta_i grad F and E ybar_i = E x_{i-1} - eta_i (T_i + 1)/2 grad F  (averaging y_1..y_Ti), E x_i = E ybar_i:
        E ybar_k = xbar - grad F sum_i eta_i (T_i + 1)/2   (exact, data- and draw-free).
    The projection can only move the mean by <= 2r Pr[projection active in the run]; that probability is bounded by a
    Clopper-Pearson upper bound from the recorded activity.  Test: |mean ybar_k - exact| <= empirical-Bernstein radius (range 2r per
    coordinate) + 2r p_hi.  Detects wrong step sizes/phase lengths, averaging y_0..y_{T-1} (shift sum eta_i grad F), and a
    mis-normalised weight (E w = e^{||v||^2/(2 rho^2)} != 1)."""
    from reference.core.testing import clopper_pearson, empirical_bernstein_radius
    rng = ctx.rng
    M = 12000
    rows, worst = [], 0.0
    a = 1e-6 / 4
    for (d, T, rho, beta) in ((2, 32, 0.5, 1e6),):
        n, r, L = 8, 1.0, 1.0
        A = np.tile(np.eye(d)[0], (n, 1))
        A[n // 2:] = np.eye(d)[1]
        P = ErmProblem(A, np.zeros(n), np.ones(n), np.ones(n, bool))
        g = A.mean(axis=0)                                                 # grad F (linear ERM)
        That = 2 ** int(math.floor(math.log2(T)))
        k = int(math.log2(That))
        eta = (r / L) * min(1 / math.sqrt(T), beta / math.sqrt(d))
        exact = -g * sum((eta / 4 ** i) * ((That >> i) + 1) / 2 for i in range(1, k + 1))
        shift_bug = g * sum(eta / 4 ** i for i in range(1, k + 1))     # averaging y_0..y_{T-1} instead
        Y = np.empty((M, d))
        active = 0
        for m in range(M):
            rec = {}
            subsampled_resqued_erm(P.oracle(), np.zeros(d), r, rho, beta, T, L, rng, record=rec)
            Y[m] = rec["ybar"][-1]
            active += rec.get("proj_active", 0) > 0
        p_hi = clopper_pearson(active, M, a, side="upper")[1]
        rad = np.asarray(empirical_bernstein_radius(Y, a, 2 * r)) + 2 * r * p_hi
        dev = np.abs(Y.mean(axis=0) - exact)
        worst = max(worst, float(np.max(dev / rad)))
        rows.append(f"d={d}, T={T}, rho={rho}: exact E ybar_k = {np.round(exact, 4).tolist()}, mean = "
                    f"{np.round(Y.mean(axis=0), 4).tolist()}, radius = {np.round(rad, 4).tolist()}, projection-active runs = {active}/{M}, "
                    f"averaging-shift bug would move it by {np.round(shift_bug, 4).tolist()}")
    ok = worst <= 1
    return Outcome(Verdict.STATISTICAL if ok else Verdict.FAILED,
                   claimed="linear losses: E ybar_k = xbar - grad F sum_i eta_i (T_i+1)/2 (ReSQue unbiasedness through the whole run)",
                   computed=f"max |mean - exact|/radius = {worst:.3f}; " + "; ".join(rows), margin=1 - worst,
                   precision=f"{FF} (Bonferroni over empirical Bernstein per coordinate + Clopper-Pearson for the projection probability)",
                   details=f"M = {M} runs per instance; f^i = <e_1, x> (half) and <e_2, x> (half), L = 1, r = 1, beta = 1e6")
