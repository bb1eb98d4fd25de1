"""Symbolic (sympy) and numeric (mpmath) checks of 002's constant chains and parameter blocks."""
from __future__ import annotations

import math

import mpmath as mp
import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail, proof_gap
from reference.srgd.params import c_dp, params_eq19


def _nonneg(expr, syms_pos):
    """True if sympy can show expr >= 0 for positive symbols (factor + is_nonnegative)."""
    e = sp.factor(sp.simplify(expr))
    return bool(e.is_nonnegative)


@check("002.eta_condition.sympy", spec="002.eta_condition", profile="quick")
def _eta(ctx):
    t = sp.Symbol("t", nonnegative=True, integer=True)
    i = sp.Symbol("i", integer=True)
    eta0t = sp.summation(i + 1, (i, 0, t))
    ok1 = sp.factor(4 * eta0t - (t + 1) ** 2)            # (t+1)(t+3) >= 0
    ok2 = sp.factor(2 * eta0t - (t + 1) ** 2)            # t+1 >= 0
    tau = sp.simplify((t + 1) / eta0t)
    ok3 = sp.simplify(eta0t * tau**2 - 2 * (t + 1) / (t + 2)) == 0
    ok4 = sp.factor(4 - 2 * (t + 1) / (t + 2))
    if not (ok1.is_nonnegative and ok2.is_nonnegative and sp.simplify(tau - 2 / (t + 2)) == 0 and ok3
            and ok4.is_nonnegative):
        return fail("η_t = t+1 conditions", f"{ok1}, {ok2}, {tau}, {ok4}")
    # Arb cross-check (issue 12): with y = 1/(t+2) ∈ (0, 1/2] (real relaxation of t >= 0) the four claims divided by
    # their positive right sides are η_t²/(2η_{0:t}) = 1 − y, η_t²/(4η_{0:t}) = (1 − y)/2, τ_t = 2y, η_{0:t}τ_t² = 2(1 − y)
    from proofs_checks.engine import Param, certify
    yv = sp.Symbol("y", positive=True)
    tv = 1 / yv - 2
    forms = [sp.simplify(e.subs(t, tv)) for e in ((t + 1) ** 2 / (2 * eta0t), (t + 1) ** 2 / (4 * eta0t), tau, eta0t * tau**2)]
    if [sp.simplify(f - g) for f, g in zip(forms, (1 - yv, (1 - yv) / 2, 2 * yv, 2 * (1 - yv)))] != [0, 0, 0, 0]:
        return fail("normalised forms in y = 1/(t+2)", str(forms))
    cert = certify("max(-y, (1 - y)/2 - 1, 2*y - 1, 2*(1 - y) - 4)", [Param("y", 0, 0.5, lo_open=True)], budget=2000,
                   certificate_path=True, name="002.eta_condition.sympy",
                   claim="η_t² <= 2η_{0:t}, η_t² <= 4η_{0:t}, τ_t <= 1, η_{0:t}τ_t² <= 4 in y = 1/(t+2) ∈ (0, 1/2]")
    if cert.status != "CERTIFIED":
        return fail("Arb cross-check", f"{cert.status}: {cert.coverage}")
    return Outcome(Verdict.PROVED, claimed="η_t = t+1: η_t² <= 4η_{0:t} and <= 2η_{0:t}; τ_t = 2/(t+2); η_{0:t}τ_t² = "
                   "2(t+1)/(t+2) <= 4", computed=f"4η_{{0:t}} − η_t² = {ok1}; 2η_{{0:t}} − η_t² = {ok2}; τ_t = {tau}; "
                   f"Arb cross-check of the four claims in y = 1/(t+2) ∈ (0, 1/2]: CERTIFIED ({cert.n_boxes} boxes, "
                   f"certificate {cert.certificate_path})",
                   margin=0, precision="sympy exact; python-flint Arb 64 bits")


@check("002.lemma5_5.small_t", spec=["002.lemma5_5", "002.audit.AUD-13"], profile="quick")
def _small_t(ctx):
    t, cM, c = sp.symbols("t c_M c_DP", positive=True)
    # (η_t c_M + 1) L <= c_DP L with η_t = t+1  ⟺  t <= (c_DP − 1)/c_M − 1
    at_printed_end = ((1 + (c - 1) / cM) + 1) * cM + 1          # value of (η_t c_M + 1) at t = 1 + (c_DP−1)/c_M
    excess = sp.simplify(at_printed_end - c)
    thr = sp.solve(sp.Eq((t + 1) * cM + 1, c), t)[0]
    if sp.simplify(excess - 2 * cM) != 0 or sp.simplify(thr - ((c - 1) / cM - 1)) != 0:
        return fail("excess = 2c_M", str(excess))
    return erratum(claimed="l.469–474: for t <= 1 + (c_DP−1)/c_M, η_t M R + L <= (η_t c_M + 1)L <= c_DP L",
                   computed=f"(η_t c_M + 1) at the printed endpoint = c_DP + {excess}; the bound holds iff t <= {thr}",
                   counterexample="c_DP = 10, c_M = 1, t = 10 (= 1 + (c_DP−1)/c_M): (η_t c_M + 1) = 12 > c_DP = 10",
                   margin=-2, precision="sympy exact",
                   details="corrected range t <= (c_DP−1)/c_M − 1 (the printed range is 2 too large); l.473 '+ L' is '·L'")


@check("002.lemma5_9.second_inequality", spec=["002.lemma5_9", "002.audit.AUD-18"], profile="quick")
def _l59(ctx):
    M, b, R, L, cM = sp.symbols("M b_max R L c_M", positive=True)
    lhs = 2 * (M * b + 2 * M * R + L)
    rhs_printed = 2 * M * b + (2 * cM + 1) * L
    rhs_corr = 2 * M * b + (4 * cM + 2) * L
    # M = c_M L / R (tightest allowed): lhs − printed
    d_pr = sp.simplify((lhs - rhs_printed).subs(M, cM * L / R))
    d_co = sp.simplify((rhs_corr - lhs).subs(M, cM * L / R))
    if sp.simplify(d_pr - (2 * cM + 1) * L) != 0 or d_co != 0:
        return fail("difference", f"{d_pr}, {d_co}")
    return erratum(claimed="Lemma 5.9 (l.595): 2(M b_max + 2MR + L) <= 2M b_max + (2c_M+1)L",
                   computed=f"with M = c_M L/R: LHS − RHS = {d_pr} > 0",
                   counterexample="c_M = 1, L = R = M = 1, b_max = 0: LHS = 6 > RHS = 3", margin=-3,
                   precision="sympy exact")


@check("002.lemma5_9.corrected", spec=["002.lemma5_9", "002.audit.AUD-18"], profile="quick")
def _l59c(ctx):
    M, b, R, L, cM = sp.symbols("M b_max R L c_M", positive=True)
    gap = sp.expand(2 * M * b + (4 * cM + 2) * L - 2 * (M * b + 2 * M * R + L))   # = 4L c_M − 4MR >= 0 iff M <= c_M L/R
    ok = sp.simplify(gap - 4 * (cM * L - M * R)) == 0
    # recursion a_t <= ½ max_{i<t} a_i + K, a_0 <= L <= 2K ⇒ a_t <= 2K (induction step exact)
    K, a = sp.symbols("K a", positive=True)
    step = sp.simplify(2 * K - (a / 2 + K)).subs(a, 2 * K)
    if not ok or step != 0:
        return fail("corrected", f"{gap}, {step}")
    return Outcome(Verdict.PROVED, claimed="‖Δ_t(d)‖ <= 2(M b_max + 2MR + L) <= 2M b_max + (4c_M+2)L (M <= c_M L/R); "
                   "recursion a_t <= ½max_{i<t}a_i + K ⇒ a_t <= 2K",
                   computed=f"(4c_M+2)L-form minus 2(Mb+2MR+L) = 4(c_M L − M R) >= 0; induction step 2K − (K + K) = {step}",
                   margin=0, precision="sympy exact")


@check("002.cor5_10.constant", spec=["002.cor5_10", "002.audit.AUD-19"], profile="quick")
def _c510(ctx):
    B, beta, eps, M, lgT, l2T, l25, p, cM, L = sp.symbols("B beta epsilon M lgT ln2T ln25 p c_M L", positive=True)
    mu = eps / sp.sqrt(2 * l25)
    C = (8 * cM + 4) * L / (B * beta)
    bmax = 4 * C * lgT**sp.Rational(3, 2) * sp.sqrt(p * l2T) / mu          # Lemma 5.6 with its factor 4
    pmax = sp.solve(sp.Eq(M * bmax, (2 * cM + 1) * L), p)[0]
    const = sp.simplify(B**2 * beta**2 * eps**2 / (M**2 * lgT**3 * l2T * l25) / pmax)
    if const != 512:
        return fail("512", str(const))
    return erratum(claimed="Cor 5.10: p <= B²β²ε²/(32 M² lg³T ln(2T/δ) ln(2.5/δ)) suffices for M b_max <= (2c_M+1)L",
                   computed=f"with Lemma 5.6's b_max = 4C lg^{{3/2}}T √(p ln(2T/δ))/μ, μ = ε/√(2ln(2.5/δ)): the condition is "
                            f"p <= B²β²ε²/({const} M² lg³T ln(2T/δ) ln(2.5/δ))",
                   counterexample="the printed constant 32 allows p 16× larger than the bound permits (l.631 drops the 4)",
                   margin=-(512 - 32), precision="sympy exact")


@check("002.cor5_10.corrected", spec="002.cor5_10", profile="quick")
def _c510c(ctx):
    B, beta, eps, M, lgT, l2T, l25, cM, L = sp.symbols("B beta epsilon M lgT ln2T ln25 c_M L", positive=True)
    p = B**2 * beta**2 * eps**2 / (512 * M**2 * lgT**3 * l2T * l25)
    mu = eps / sp.sqrt(2 * l25)
    bmax = 4 * (8 * cM + 4) * L / (B * beta) * lgT**sp.Rational(3, 2) * sp.sqrt(p * l2T) / mu
    d = sp.simplify(M * bmax - (2 * cM + 1) * L)
    if d != 0:
        return fail("equality at 512", str(d))
    return Outcome(Verdict.PROVED, claimed="p <= B²β²ε²/(512 M² lg³T ln(2T/δ) ln(2.5/δ)) ⇒ M b_max <= (2c_M+1)L "
                   "(Cor 5.11's μ-form constant is 256)", computed="equality at the boundary: M·b_max − (2c_M+1)L = 0",
                   margin=0, precision="sympy exact")


@check("002.thm4_1.exponents", spec=["002.thm4_1", "002.audit.AUD-2", "002.exp.E6"], profile="quick")
def _thm41(ctx):
    T, Q, B, beta, b, R, G, ell = sp.symbols("T Q B beta b R G ell", positive=True)
    t = sp.Symbol("t", nonnegative=True, integer=True)
    eta = t + 1; e0t = (t + 1) * (t + 2) / 2; e0T = (T + 1) * (T + 2) / 2
    s = sp.sqrt(3 * (t + 1) * ell)
    terms = {
        "QG": e0t * 2 * Q * s * G / (sp.sqrt(B) * eta * beta),
        "Q2": e0t * 2 * Q * s * Q * s / (sp.sqrt(B) * eta * sp.sqrt(B) * eta * beta),
        "Qb": e0t * 3 * Q * s * b / (sp.sqrt(B) * eta**2),
        "QR": e0t * Q * R * s / (sp.sqrt(B) * e0t),
        "bR": e0t * 3 * beta * b * R / e0t,
        "b2": e0t * beta * b**2 / eta**2,
        "Lb(dropped)": e0t * G * b / eta,
    }
    # leading power of T of (1/η_{0:T}) Σ_{t<T} term (Euler–Maclaurin: integrate the leading monomial)
    expo = {}
    for k, term in terms.items():
        u = sp.Symbol("u", positive=True)
        f = sp.simplify(term.subs(t, u))
        # degree in u at infinity
        deg = sp.limit(sp.log(f) / sp.log(u), u, sp.oo)
        expo[k] = deg + 1 - 2                   # Σ_{t<T} u^deg ~ T^{deg+1}; divide by η_{0:T} ~ T²
    claimed = {"QG": -sp.Rational(1, 2), "Q2": -sp.Rational(1, 2), "Qb": -1, "QR": -sp.Rational(3, 2), "bR": -2,
               "b2": None, "Lb(dropped)": -1}
    derived = {"QG": sp.Rational(1, 2), "Q2": 0, "Qb": -sp.Rational(1, 2), "QR": -sp.Rational(1, 2), "bR": -1,
               "b2": -1, "Lb(dropped)": 0}
    if any(sp.simplify(expo[k] - derived[k]) != 0 for k in derived):
        return fail("derived exponents", str(expo))
    diff = [k for k in derived if claimed[k] is None or claimed[k] != expo[k]]
    # PROOF-GAP: Thm 4.1 is presented as a simplification of Thm 5.1 (its only proof); the simplification step fails,
    # but a larger bound from Thm 5.1 does not show that the excess risk itself exceeds Thm 4.1's bound.
    return proof_gap(claimed="Thm 4.1 (l.151), derived as a simplification of Thm 5.1: T-exponents SL/(β√T): −1/2, S²/(β√T): −1/2, Sb/T: −1, SR/T^{3/2}: −3/2, "
                           "βbR/T²: −2, Lb/T: −1 (no βb² term)",
                   computed="Thm 5.1 with η_t = t+1, S = Q/√B gives T-exponents " +
                            ", ".join(f"{k}: {expo[k]}" for k in derived),
                   counterexample=f"step 'Thm 5.1 ⇒ Thm 4.1' fails: terms {diff} of Thm 5.1 have larger T-exponents "
                                  "than Thm 4.1 states (e.g. βbR: T^-1 not T^-2; the dropped L·b term tends to L·b/2, "
                                  "exponent 0); the excess risk itself is not shown to exceed Thm 4.1's bound",
                   margin=-1, precision="sympy exact limits")


@check("002.eq12.dropped_term", spec=["002.eq12", "002.audit.AUD-1", "002.audit.AUD-10"], profile="quick")
def _dropped(ctx):
    T = sp.Symbol("T", positive=True, integer=True)
    t = sp.Symbol("t", nonnegative=True, integer=True)
    Lb = sp.Symbol("Lb", positive=True)
    total = sp.simplify(sp.summation(((t + 1) * (t + 2) / 2) * Lb / (t + 1), (t, 0, T - 1)) / ((T + 1) * (T + 2) / 2))
    lim = sp.limit(total, T, sp.oo)
    closed = sp.simplify(total - Lb * (T**2 + 3 * T) / (2 * (T + 1) * (T + 2)))
    if closed != 0 or lim != Lb / 2:
        return fail("Lb/2", f"{total}, {lim}")
    return erratum(claimed="l.326–328 / Lemma 5.2 / Thm 5.1: the potential drop is bounded by the bracket without the term "
                           "L‖b_t‖/τ_t (present in (10), (12), Lemma 5.3), with coefficient 2 on Q s_t‖∇F‖",
                   computed=f"(1/η_{{0:T}})Σ_t η_{{0:t}}·L b/η_t = {sp.factor(total)} → {lim}; (12) has coefficient 3 "
                            "(3η_{0:t}‖q_t‖‖∇_t‖/β) where l.326 writes 2",
                   counterexample="T = 100, L = b = 1: the dropped normalised term is 0.485 (→ 0.5), not o(1)",
                   margin=-0.5, precision="sympy exact summation")


@check("002.thm5_8.dropped_term", spec=["002.thm5_8", "002.audit.AUD-1"], profile="quick")
def _thm58_drop(ctx):
    L, R, p, eps, n, c = sp.symbols("L R p epsilon n c_DP", positive=True)
    B = n**sp.Rational(3, 4) / c
    beta = c**2 * L / R                               # regime √p <= ε√n: max{1, ·} = 1
    bmax = c**2 * L * sp.sqrt(p) / (eps * B * beta)
    extra = sp.simplify(L * bmax / 2)
    rate = L * R * sp.sqrt(p) / (eps * n)
    ratio = sp.simplify(extra / rate)
    T = c * n**sp.Rational(1, 4)
    sub1 = sp.simplify(beta * bmax * R / T - c**2 * L * R * sp.sqrt(p) / (eps * n))
    sub2 = sp.simplify(beta * R**2 / T**2 - L * R / sp.sqrt(n))
    if sp.simplify(ratio - c * n**sp.Rational(1, 4) / 2) != 0 or sub1 != 0 or sub2 != 0:
        return fail("ratio", f"{ratio}, {sub1}, {sub2}")
    # PROOF-GAP for the utility half: the proof's chain loses the rate; the printed rate is not refuted
    # (Thm 5.8's privacy half is refuted separately by 002.cor5_7.gdp_grid).
    return proof_gap(claimed="Thm 5.8: E F(y_T) − F* = O(LR polylog(1/√n + √p/(εn))) from Thm 5.1 under (19)",
                   computed=f"the substitutions βb_maxR/T = c_DP²LR√p/(εn) and βR²/T² = LR/√n hold (difference {sub1}, "
                            f"{sub2}), but the dropped term L·b_max/2 equals ({ratio})·LR√p/(εn)",
                   counterexample="step 'Thm 5.1 + (19) ⇒ rate' with the term L‖b_t‖/τ_t kept (it is in (10), (12), "
                                  "Lemma 5.3): √p <= ε√n regime: L b_max/2 / (LR√p/(εn)) = c_DP n^{1/4}/2 — polynomially "
                                  "above the claimed private term (the stated Thm 5.1 itself was not found violated)",
                   margin=-1, precision="sympy exact")


@check("002.params19.infeasible", spec=["002.params19", "002.algA7", "002.audit.AUD-6", "002.audit.AUD-36"],
       profile="quick")
def _infeasible(ctx):
    rows = []
    for e in (4, 6, 9, 12, 16, 20):
        n = 10**e
        par = params_eq19(n, 1.0 / n, 1.0, 10, 1.0, 1.0)
        rows.append((n, par["c"], par["T_real"], par["B_real"], par["c"] / n**0.25))
    # threshold n where c_DP <= n^{1/4} (δ = 1/n, lg): bisection on log10 n
    f = lambda le: c_dp(10**le, 10**-le) - 10 ** (le / 4)
    lo, hi = 10.0, 40.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    thr = hi
    bad = [r for r in rows if r[2] > r[0] or r[3] < 1]
    if not bad:
        return fail("infeasible at practical n", str(rows))
    r6 = [r for r in rows if r[0] == 10**6][0]
    return erratum(claimed="(19): T = c_DP n^{1/4} batch steps of size B = n^{3/4}/c_DP (BT = n), b_max <= R·c_DP/n^{1/4} <= R "
                           "'for large n'",
                   computed="; ".join(f"n=1e{int(math.log10(r[0]))}: c_DP={r[1]:.3g}, T={r[2]:.3g}, B={r[3]:.3g}, "
                                      f"c_DP/n^{{1/4}}={r[4]:.3g}" for r in rows) +
                            f"; c_DP <= n^{{1/4}} first at n ≈ 10^{thr:.2f}",
                   counterexample=f"n = 1e6, δ = 1/n: c_DP = {r6[1]:.4g}, T = {r6[2]:.4g} > n, B = {r6[3]:.3g} < 1",
                   margin=-1, precision="float64 (closed form); bisection on log10 n",
                   details="lg = log2 in c_DP; the scaled mode (free constant c) is the labelled stand-in")


@check("002.params19.bmax_sympy", spec="002.params19", profile="quick")
def _bmax(ctx):
    L, R, p, eps, n, c = sp.symbols("L R p epsilon n c_DP", positive=True)
    m = sp.Symbol("m", positive=True)                # m = max{1, √p/(ε√n)} >= √p/(ε√n)
    B = n**sp.Rational(3, 4) / c
    beta = c**2 * L * m / R
    bmax = sp.simplify(c**2 * L * sp.sqrt(p) / (eps * B * beta))
    bound = R * c / n**sp.Rational(1, 4)
    # bmax / bound = √p/(ε√n m) <= 1 since m >= √p/(ε√n)
    ratio = sp.simplify(bmax / bound)
    if sp.simplify(ratio - sp.sqrt(p) / (eps * sp.sqrt(n) * m)) != 0:
        return fail("ratio", str(ratio))
    return Outcome(Verdict.PROVED, claimed="b_max = c_DP²L√p/(εBβ) <= R·c_DP/n^{1/4} under (19)",
                   computed=f"b_max/(R c_DP/n^{{1/4}}) = {ratio} <= 1 because max{{1, √p/(ε√n)}} >= √p/(ε√n)",
                   margin=0, precision="sympy exact")


@check("002.martingale_conc.gamma_range", spec=["002.martingale_conc", "002.audit.AUD-41"], profile="quick")
def _hayes(ctx):
    with mp.workdps(30):
        g0 = mp.findroot(lambda g: 2 * mp.e**2 * (g / 6) ** 1.5 - g, 0.98)
        grid = [mp.mpf(x) / 1000 for x in range(1, 1000)]
        ok = [g for g in grid if 2 * mp.e**2 * (g / 6) ** 1.5 <= g]
        fails = [g for g in grid if 2 * mp.e**2 * (g / 6) ** 1.5 > g]
    if not fails or float(min(fails)) < float(g0) or float(max(ok)) > float(g0):
        return fail("threshold", str(g0))
    return erratum(claimed="Hayes: ‖Σ‖² <= 3Q²N ln(6/γ) w.p. >= 1−γ (any γ; l.320–324)",
                   computed=f"Hayes' tail 2e²exp(−a²/(2NQ²)) at a² = 3NQ² ln(6/γ) equals 2e²(γ/6)^{{3/2}}, <= γ iff "
                            f"γ <= {float(g0):.6f}",
                   counterexample=f"γ = 0.995: 2e²(γ/6)^{{3/2}} = {float(2 * mp.e**2 * (mp.mpf('0.995') / 6) ** 1.5):.5f} > γ",
                   margin=float(g0) - 1, precision="mpmath 30 digits (findroot) and grid γ ∈ (0, 1) step 1e-3",
                   details="harmless in practice (γ <= δ/4) but unstated")


@check("002.sum_integral.sympy", spec="002.sum_integral", profile="quick")
def _sumint(ctx):
    # proof: for k >= 0, x^k is nondecreasing on x > 0 (d/dx x^k = k x^{k-1} >= 0), so i^k <= ∫_i^{i+1} x^k dx
    # = F(i+1) − F(i), F(z) = z^{k+1}/(k+1) (for i = 0, k = 0 both sides are 1); summing over i = 0..t−1 telescopes
    # to F(t) − F(0) = t^{k+1}/(k+1) (F(0) = 0 since k + 1 > 0).
    x = sp.Symbol("x", positive=True)
    i = sp.Symbol("i", nonnegative=True)
    k = sp.Symbol("k", nonnegative=True)
    F = lambda z: z ** (k + 1) / (k + 1)                 # noqa: E731
    integral = sp.piecewise_fold(sp.integrate(x ** k, (x, i, i + 1)))
    ok_int = sp.simplify(integral - (F(i + 1) - F(i))) == 0
    deriv = sp.diff(x ** k, x)
    ok_mono = bool(deriv.is_nonnegative)
    ok_f0 = sp.limit(F(x), x, 0, "+") == 0
    # cross-check: exhaustive float grid t = 1..1e4 (the telescoped sum against the printed bound)
    import numpy as np
    bad = 0
    for kv in (0.0, 0.5, 1.0, 1.25, 1.5, 2.0, 3.0, 5.0, 10.0):
        tt = np.arange(1, 10001)
        S = np.cumsum(np.arange(0, 10000) ** kv)           # S[t−1] = Σ_{i=0}^{t−1} i^k
        bad += int(np.sum(S > tt ** (kv + 1) / (kv + 1) * (1 + 1e-12)))
    if not (ok_int and ok_mono and ok_f0) or bad:
        return fail("Σ i^k <= t^{k+1}/(k+1)", f"integral {ok_int}, monotone {ok_mono}, F(0) {ok_f0}, grid violations {bad}")
    return Outcome(Verdict.PROVED,
                   claimed="Σ_{i=0}^{t−1} i^k <= t^{k+1}/(k+1) for every k >= 0 and integer t >= 1",
                   computed=f"sympy: ∫_i^{{i+1}} x^k dx = F(i+1) − F(i) with F = z^{{k+1}}/(k+1) ({integral}); d/dx x^k = "
                            f"{deriv} >= 0 for x > 0, k >= 0 (so i^k <= ∫_i^{{i+1}} x^k dx; i = 0, k = 0: 1 <= 1); the sum "
                            "telescopes to F(t) − F(0) = t^{k+1}/(k+1); cross-check: 0 violations for t = 1..1e4, "
                            "k ∈ {0, 1/2, 1, 5/4, 3/2, 2, 3, 5, 10} (float64)",
                   margin=0, precision="sympy exact (integral identity, derivative sign); telescoping by induction")


@check("002.unaccel_variance.sympy", spec=["002.unaccel_variance", "002.audit.AUD-25"], profile="quick")
def _unacc(ctx):
    t = sp.Symbol("t", nonnegative=True, integer=True); i = sp.Symbol("i", integer=True)
    s = sp.simplify(sp.summation((i + 1) ** 2, (i, 0, t)) / (t + 1) ** 2)
    target = (t + 2) * (2 * t + 3) / (6 * (t + 1))
    lim = sp.limit(s / t, t, sp.oo)
    if sp.simplify(s - target) != 0 or lim != sp.Rational(1, 3):
        return fail("sum", str(s))
    return Outcome(Verdict.PROVED, claimed="Σ_{i<=t} η_i²/η_t² = (t+2)(2t+3)/(6(t+1)) ~ t/3 (so Var ∇_t ≈ t/(3Bβ²) with "
                   "Var Δ_i ≈ η_i²/(Bβ²); l.208 omits 1/B in the middle and has the index typo Δ_t)",
                   computed=f"sympy: {sp.factor(s)}, limit ratio to t = {lim}", margin=0, precision="sympy exact")


@check("002.overview_error_form.sympy", spec="002.overview_error_form", profile="quick")
def _overview(ctx):
    L, R, n, p, eps = sp.symbols("L R n p epsilon", positive=True)
    w = sp.Symbol("w", positive=True)                     # w = √n / B >= 1
    B = sp.sqrt(n) / w
    d1 = sp.simplify(L * R / sp.sqrt(n) - L * R * B / n)
    d2 = sp.simplify(L * R * sp.sqrt(p) / (eps * n) - L * R * B * sp.sqrt(p) / (eps * n**2))
    ok = sp.simplify(d1 - L * R * (w - 1) / (w * sp.sqrt(n))) == 0 and sp.simplify(
        d2 - L * R * sp.sqrt(p) * (1 - 1 / (w * n**sp.Rational(1, 2))) / (eps * n)) == 0
    if not ok:
        return fail("forms", f"{d1}, {d2}")
    return Outcome(Verdict.PROVED, claimed="B <= √n ⇒ LRB/n <= LR/√n and LRB√p/(εn²) <= LR√p/(εn)",
                   computed=f"with B = √n/w, w >= 1: differences {sp.factor(d1)} and {sp.factor(d2)} are >= 0 (n >= 1)",
                   margin=0, precision="sympy exact")


@check("002.lower_bound_arith.sympy", spec="002.lower_bound_arith", profile="quick")
def _lb(ctx):
    T, n = sp.symbols("T n", positive=True)
    sol = sp.solve(sp.Eq(1 / T**2, 1 / sp.sqrt(n)), T)
    if sol != [n**sp.Rational(1, 4)]:
        return fail("T = n^{1/4}", str(sol))
    return Outcome(Verdict.PROVED, claimed="1/T² <= 1/√n ⟺ T >= n^{1/4}", computed=f"boundary T = {sol[0]}; 1/T² decreasing",
                   margin=0, precision="sympy exact")


@check("002.footnote_M_lower.sympy", spec=["002.footnote_M_lower", "002.audit.AUD-38"], profile="quick")
def _fn(ctx):
    L, M, D = sp.symbols("L M D", positive=True)
    # L = ‖∇F(x) − ∇F(x†)‖ <= M‖x − x†‖ <= M·D  ⇒  M >= L/D; with radius R, D = 2R gives only M >= L/(2R)
    Mmin = sp.solve(sp.Eq(L, M * D), M)[0]
    R = sp.Symbol("R", positive=True)
    if Mmin != L / D:
        return fail("M >= L/D", str(Mmin))
    return Outcome(Verdict.PROVED, claimed="∇F(x†) = 0, x† ∈ 𝒞, ‖∇F(x)‖ = L at some x ∈ 𝒞 ⇒ M >= L/diam(𝒞)",
                   computed=f"M >= {Mmin}; with ‖𝒞‖₂ read as radius R (diam = 2R) this is only M >= {Mmin.subs(D, 2 * R)} "
                            "(AUD-38: needs L tight for F and the diameter reading)",
                   margin=0, precision="sympy exact")


@check("002.beta_chain.sympy", spec=["002.beta_chain", "002.audit.AUD-31"], profile="quick")
def _beta(ctx):
    n, L, R, cM, w = sp.symbols("n L R c_M w", positive=True)     # B = √n/w, w >= 1
    B = sp.sqrt(n) / w
    M = cM * L / R                                                   # worst case M = c_M L/R
    beta = (16 * cM + 8) * L * n**sp.Rational(3, 2) / (R * B**2)
    T = n / B
    s1 = sp.simplify(beta - 16 * M * n**sp.Rational(3, 2) / B**2)     # 8 L n^{3/2}/(R B²) >= 0
    s2 = sp.simplify(16 * M * n**sp.Rational(3, 2) / B**2 - 16 * M * n / B)
    s3 = sp.simplify(16 * M * n / B - 2 * M * T)
    ok = s1.is_positive and sp.simplify(s2 - 16 * M * n * w * (w - 1) / sp.sqrt(n)) == 0 and s3.is_positive
    if not ok:
        return fail("chain", f"{s1}, {s2}, {s3}")
    return Outcome(Verdict.PROVED, claimed="β = (16c_M+8)Ln^{3/2}/(RB²) >= 16Mn^{3/2}/B² >= 16Mn/B >= 2MT (B <= √n, "
                   "T = n/B, M <= c_M L/R)", computed=f"gaps: {s1}; 16Mn√n w(w−1)/... >= 0 (w = √n/B >= 1); {s3}",
                   margin=0, precision="sympy exact",
                   details="β ∝ n^{3/2}/B² (l.653), so 'n^{3/2}B²' on l.647 is a typo; Lemma 5.9 needs β >= 2MT (l.190 "
                           "says TM)")


@check("002.resque_complexity.vs_000", spec="002.resque_complexity", profile="quick")
def _resque_citation(ctx):
    """l.78 cites [14] = document 000 (ReSQue, Thm 4, 000 seed L1231–1239, spec 000.thm4): compare with the source."""
    n, p, eps = sp.symbols("n p epsilon", positive=True)
    cited = sp.Min(n, n**2 / p) + sp.Min(n * p**2 / eps, n**sp.Rational(4, 3) * eps**sp.Rational(1, 3))
    source = sp.Min(n, n**2 * eps**2 / p) + sp.Min((n * p)**sp.Rational(2, 3) / eps, n**sp.Rational(4, 3) * eps**sp.Rational(1, 3))
    pt = {n: sp.Integer(10)**6, p: sp.Integer(10)**3, eps: sp.Integer(1)}
    c, s_ = cited.subs(pt), source.subs(pt)
    mid = sp.simplify((n * p**2 / eps) / ((n * p)**sp.Rational(2, 3) / eps))
    if not (c > s_ and sp.simplify(mid - n**sp.Rational(1, 3) * p**sp.Rational(4, 3)) == 0):
        return fail("cited ≠ source", f"{c}, {s_}, {mid}")
    return erratum(claimed="l.78: [14]'s gradient complexity is Õ(min{n, n²/p} + min{np²/ε, n^{4/3}ε^{1/3}})",
                   computed=f"document 000 (the cited [14]) Thm 4 prints Õ(min{{n, n²ε²/d}} + min{{(nd)^{{2/3}}/ε, "
                            f"n^{{4/3}}ε^{{1/3}}}}): the middle terms differ by the factor np²/(np)^{{2/3}} = {mid} and ε² is "
                            f"dropped in n²ε²/p",
                   counterexample=f"n = 1e6, p = 1e3, ε = 1: cited {float(c):.4g} vs source {float(s_):.4g} "
                                  f"({float(c / s_):.3g}× larger)",
                   margin=-float(c / s_ - 1), precision="sympy exact",
                   details="both are Õ(·) with the same hidden factors, so the ratio of the printed expressions is what "
                           "differs; see the note on 000.thm4")


@check("002.scaling.units", spec="002.scaling", profile="quick")
def _scaling(ctx):
    """Issue 15 rule 4 (scaling test): rescale the domain R → aR and the loss f → bf (so L → bL, M → bM/a, and
    ‖𝒞‖, x, z, y, b_t scale by a; gradients by b; F − F* by a·b).  Every printed excess bound must
    scale like a·b (loss units), every z-unit noise/displacement like a, every dimension condition be invariant."""
    a, b = sp.symbols("a b", positive=True)
    L, R, M, n, p, eps, B, T, cM, lgT, l2T, l25, c = sp.symbols("L R M n p epsilon B T c_M lgT ln2T ln25 c_DP", positive=True)
    S = {L: b * L, R: a * R, M: b * M / a}
    beta12 = (16 * cM + 8) * L * n**sp.Rational(3, 2) / (R * B**2)             # Thm 5.12 β (units L/R)
    beta19 = c**2 * L / R                                                          # (19), √p <= ε√n branch
    items = {
        # excess-risk expressions (must scale like b·a)
        "Thm 5.12 explicit (l.656)": M * R**2 * B**2 / n**2 + (L + M * R) * R / sp.sqrt(n)
                                      + (L + M * R / sp.sqrt(B)) * R * sp.sqrt(p) / (eps * n),
        "βR²/T² (Thm 5.12 chain)": beta12 * R**2 / (n / B)**2,
        "Thm 5.8 rate": L * R * (1 / sp.sqrt(n) + sp.sqrt(p) / (eps * n)),
        "βb_maxR/T (Thm 5.8 proof)": beta19 * (c**2 * L * sp.sqrt(p) / (eps * B * beta19)) * R / T,
        "Thm 5.13 term 8L²/(√Bβ)": 8 * L**2 / (sp.sqrt(B) * beta12),
    }
    zunits = {   # z-unit quantities (scale like a)
        "Cor 5.7 σ": c * L * sp.sqrt(lgT * l25) / (eps * B * beta19),
        "Cor 5.11 σ": (16 * sp.sqrt(2) * cM + 8 * sp.sqrt(2)) * L * sp.sqrt(lgT * l25) / (eps * B * beta12),
        "b_max (l.389)": c**2 * L * sp.sqrt(p) / (eps * B * beta19),
    }
    invariant = {"Cor 5.10 condition p <= B²β²ε²/(512M²…)": B**2 * beta12**2 * eps**2 / (512 * M**2 * lgT**3 * l2T * l25),
                 "M <= c_M L/R": M * R / (cM * L)}
    bad = []
    for k, e in items.items():
        if sp.simplify(e.subs(S, simultaneous=True) / e - a * b) != 0:
            bad.append(k)
    for k, e in zunits.items():
        if sp.simplify(e.subs(S, simultaneous=True) / e - a) != 0:
            bad.append(k)
    for k, e in invariant.items():
        if sp.simplify(e.subs(S, simultaneous=True) / e - 1) != 0:
            bad.append(k)
    if bad:
        return fail("consistent scaling", str(bad))
    return Outcome(Verdict.PROVED, claimed="the printed bounds, noise scales and conditions are invariant under R → aR, "
                   "f → bf (L → bL, M → bM/a)",
                   computed=f"sympy: {len(items)} excess expressions scale like a·b, {len(zunits)} z-unit quantities like "
                            f"a, {len(invariant)} conditions invariant: " + ", ".join(list(items) + list(zunits) + list(invariant)),
                   margin=0, precision="sympy exact")

