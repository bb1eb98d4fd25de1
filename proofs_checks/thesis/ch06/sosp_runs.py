"""Thesis 003 Ch. 6, Sec. 6.3 (SOSP via Stochastic Spider): runs of Alg 17/18 and the private oracles — drift, refresh
count, escape, error constants, sample budgets, composition of the pipelines, and the dimensional audits AU2, AU4, AU10, AU11."""
from __future__ import annotations

import math
import numpy as np
import sympy as sp
from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from proofs_checks.thesis.ch07._units import F_, X_, units_of
from reference.core.accounting import gaussian_delta
from reference.core.testing import clopper_pearson
from reference.thesis.ch06 import pipelines as pl
from reference.thesis.ch06 import spider as spd


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


@check("003_ch06.audit.AU11.budget", spec=("003_ch06.audit.AU11", "003_ch06.thm6_3_12", "003_ch06.exp.E2"))
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


# ------------------------------------------------------------------------------- S6-13 Claim 6.3.10 nSG estimate
@check("003_ch06.claim6_3_10.nsg", spec=("003_ch06.claim6_3_10", "003_ch06.proc_A6_3"), profile="full")
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


# ------------------------------------------------------------------------ S6-09 Lemma 6.3.6 (idealised oracles)
@check("003_ch06.lemma6_3_6.idealised_runs", spec="003_ch06.lemma6_3_6", profile="full")
def _l636(ctx):
    """Alg. 17 (corrected drift) with idealised nSG oracles O1 = ∇F + N(0, ζ1²/d I) (nSG(ζ1), Fact 6.2.4) and
    O2 = ∇F(x) − ∇F(y) + N(0, ζ2²‖x−y‖²/d I); γ, Γ, T of Alg. 17 with the O(1) read as 1 (C = 1/4 in Alg. 17's 4C),
    escape noise of Lemma 6.3.4, F = cos(x1) + (x2² + x3²)/2 (strict saddle at 0; G = 2, M = ρ = 1, B = 2).
    Sweep of ζ; per run the best SOSP level min_i max(‖∇F(x_i)‖, (smin⁻)²/ρ) against α = γ log³(BMd/(ρωγ))."""
    d, B, M, rho, om, kappa = 3, 2.0, 1.0, 1.0, 0.1, 0.05
    gradF = lambda x: np.array([-math.sin(x[0]), x[1], x[2]])
    rng = ctx.rng
    rows, fails, N = [], 0, 0
    for zeta in (0.1, 0.2, 0.4):
        p = spd.spider_parameters(B=B, M=M, G=2.0, rho=rho, kappa=kappa, omega=om, zeta1=zeta, zeta2=zeta, d=d, C=0.25)
        gam, T = p["gamma"], int(math.ceil(p["T"]))
        alpha = gam * math.log(B * M * d / (rho * om * gam)) ** 3
        levels = []
        for _ in range(10):
            O1 = lambda x: gradF(x) + zeta / math.sqrt(d) * rng.standard_normal(d)
            O2 = lambda x, y: gradF(x) - gradF(y) + zeta * np.linalg.norm(x - y) / math.sqrt(d) * rng.standard_normal(d)
            r = spd.stochastic_spider(O1, O2, np.array([1e-3, 0.5, -0.5]), eta=1 / M, kappa=kappa, T=T, Gamma=p["Gamma"],
                                      escape_threshold=p["escape_threshold"],
                                      escape_sd=gam / math.sqrt(d * math.log(d / om)), rng=rng)
            lv = min(max(float(np.linalg.norm(gradF(x))), max(0.0, math.cos(x[0])) ** 2 / rho) for x in r["xs"])
            levels.append(lv)
            fails += lv > alpha
            N += 1
        rows.append((zeta, gam, T, alpha, float(np.max(levels)), float(np.max(levels)) / gam))
    lo, _ = clopper_pearson(fails, N, 1e-6)
    if lo > om:
        return fail("some iterate is an α-SOSP w.p. >= 1 − ω", f"{fails}/{N}")
    ratios = [r[5] for r in rows]
    return Outcome(Verdict.PARTIAL,
                   claimed="Lemma 6.3.6 (L5236): with γ = O(1)√((ζ2²κ + 4ζ1²) log(Td/ω)), w.p. >= 1 − ω some x_i (i <= T) is an "
                           "α-SOSP, α = γ log³(BMd/(ρωγ))",
                   computed="; ".join(f"ζ = {z}: γ = {g:.3f}, T = {t}, α = {a:.1f}, worst best-level {m:.4f} = {q:.3f}·γ"
                                      for z, g, t, a, m, q in rows)
                            + f"; runs with no α-SOSP: {fails}/{N}",
                   coverage="one strict-saddle family (d = 3), idealised Gaussian nSG oracles, ζ ∈ {0.1, 0.2, 0.4}, 10 runs each, "
                            "O(1) = 1, natural logs; missing: at every runnable ζ the printed α = γ log³(·) exceeds the "
                            "instance's gradient bound G = 2, so the printed conclusion holds trivially; the sharper Õ(γ) "
                            f"content holds with a stable constant (worst best-level/γ ∈ [{min(ratios):.3f}, {max(ratios):.3f}])",
                   margin=min(r[3] - r[4] for r in rows), precision="Clopper-Pearson at 1e-6 on the failure count")
