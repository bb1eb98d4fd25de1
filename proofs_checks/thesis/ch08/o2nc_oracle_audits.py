"""Thesis 003 Ch. 8: the O2NC oracles — textual audits of Secs. 8.3-8.9 (exact seed matches), noise accumulation of the
multi-pass oracle (AU49), the dropped L/√B1 term (AU46), the variance lemmas 8.3.5/8.9.3 and the nSG Hoeffding bound."""
from __future__ import annotations

import math
import re
import numpy as np
from scipy import stats
from proofs_checks.framework import Outcome, Verdict, check, erratum, fail
from proofs_checks.thesis.ch06.textual_audits import seed_line
from reference.thesis.ch08 import oracles as orc


_TEXT = {
    "003_ch08.audit.AU41": ([(6244, r"\(f\(x \+ \\alpha y_j; \\xi\) - f\(x - \\alpha y_j; \\xi\)\), \\quad")],
                            "eq. (8.4) at L6244 ends '(f(x + αy_j; ξ) − f(x − αy_j; ξ)), ' without the trailing y_j"),
    "003_ch08.audit.AU45": ([(6432, r"\\leq 1 - \\delta/8")], "L6432 bounds a failure probability by '≤ 1 − δ/8' (δ/8 meant)"),
    "003_ch08.audit.AU50": ([(6537, r"\\mathbb\{E\} \\\|\\tilde\{g\}_t - \\nabla h\(z_t\)\\\|\^2 \\leq G_1\^2")],
                            "L6537 recalls E||g̃_t − ∇h(z_t)||² <= G1² where E||g̃_t||² <= G1² is the assumption used"),
    "003_ch08.audit.AU59": ([(6637, r"d\^3/2")], "Thm 8.9.4 (L6637) prints 'd^3/2' for d^{3/2}"),
    "003_ch08.audit.AU58": ([(6442, r"\\mathbb\{E\}\[g_t\] = \\nabla F_\\alpha\(z_t\)")],
                            "L6442 writes E[g_t] = ∇F_α(z_t) with a random z_t (only the martingale statement holds)"),
    "003_ch08.audit.AU49": ([(6478, r"\(III\) &\\leq \\sigma_1\^2 d \+ \\sigma_2\^2 \(\\Sigma - 1\)")],
                            "L6478: (III) <= σ1²d + σ2²(Σ−1), missing the factor d on σ2²"),
}


def _text_check(eid):
    pats, text = _TEXT[eid]

    def fn(ctx):
        found = []
        for line, pat in pats:
            m = re.search(pat, seed_line(line))
            if not m:
                return fail(f"seed line {line} contains /{pat}/", seed_line(line)[:300])
            found.append(f"L{line}: …{m[0]}…")
        return erratum(claimed=f"the printed text at {', '.join('L' + str(l) for l, _ in pats)}",
                       computed="regex match in the seed: " + "; ".join(found), counterexample=text,
                       precision="exact text match in the seed file")
    fn.__name__ = fn.__qualname__ = "_text_" + eid.replace(".", "_")
    return fn


for _eid in _TEXT:
    check(_eid + ".text", spec=_eid)(_text_check(_eid))


# ----------------------------------------------------------------------------- AU49 / S8-14 noise accumulation
@check("003_ch08.audit.AU49.noise_accumulation", spec=("003_ch08.audit.AU49", "003_ch08.alg25"))
def _au49(ctx):
    rng = ctx.rng
    d, Sigma, s1, s2, N = 6, 5, 0.7, 0.3, 600
    acc = np.zeros(Sigma)
    for _ in range(N):
        O, st = orc.multi_pass_oracle([0.0], Sigma=Sigma, alpha=0.1, m=1, sigma1=s1, sigma2=s2,
                                      f=lambda x, xi: 0.0, rng=rng)        # f ≡ 0: the output is the accumulated noise
        for t in range(Sigma):
            acc[t] += float(np.sum(O(np.zeros(d)) ** 2))
    ok = True
    for t in range(Sigma):
        var = s1 ** 2 + t * s2 ** 2                                          # per coordinate
        ratio = acc[t] / (N * d * var)
        a = 1e-6 / Sigma
        ok &= stats.chi2.ppf(a / 2, N * d) / (N * d) <= ratio <= stats.chi2.ppf(1 - a / 2, N * d) / (N * d)
    printed_last = s1 ** 2 * d + s2 ** 2 * (Sigma - 1)
    true_last = d * (s1 ** 2 + (Sigma - 1) * s2 ** 2)
    if not ok or not true_last > printed_last:
        return fail("E||Σχ||² = d(σ1² + kσ2²)", str(acc / N))
    return erratum(claimed="Lemma 8.4.4 proof: (III) <= σ1²d + σ2²(Σ − 1) (L6478)",
                   computed=f"Alg. 25 with f ≡ 0 (output = accumulated noise), d = {d}, Σ = {Sigma}: E||g̃_t||² = "
                            f"d(σ1² + (t−t0)σ2²) confirmed for all t (exact χ² band, N = {N}); at t − t0 = Σ−1: {true_last:.3f} vs "
                            f"printed {printed_last:.3f}",
                   counterexample=f"d = 6, σ1 = 0.7, σ2 = 0.3, Σ = 5: E||noise||² at the period's last step = {true_last:.3f} > "
                                  f"σ1²d + σ2²(Σ−1) = {printed_last:.3f}",
                   precision="false-failure <= 1e-6 for the corrected identity (χ² band, Bonferroni over Σ)")


# -------------------------------------------------------------------------------------- AU46 dropped term
@check("003_ch08.audit.AU46.g0", spec=("003_ch08.audit.AU46", "003_ch08.thm8_3_1"))
def _au46(ctx):
    L, d, eps, alpha, D = 1.0, 10, 10.0, 0.1, 1e-4
    Sigma = (alpha / (eps * D)) ** (2 / 3)
    kept = L / Sigma + L * D * math.sqrt(d * Sigma) / alpha + L * math.sqrt(d) / (Sigma * eps)    # printed (8.9) shape
    dropped = L / math.sqrt(Sigma)
    if not dropped > kept:
        return fail("dropped term dominates", f"{dropped} <= {kept}")
    return erratum(claimed="eq. (8.9): G0 ≲ L/B1 + ... with B1 = Σ (L6332)",
                   computed=f"Lemma 8.3.5 gives G0² ≲ L²/B1 + ..., i.e. G0 ≲ L/√B1; at L = 1, d = 10, ε = 10, α = 0.1, D = 1e-4 "
                            f"(Σ = (α/(εD))^(2/3) = {Sigma:.2f}): dropped L/√Σ = {dropped:.3f} > all kept terms together {kept:.3f}",
                   counterexample=f"Σ = {Sigma:.2f} > d/ε² = {d / eps ** 2}: L/√Σ = {dropped:.3f} dominates L/Σ + LD√(dΣ)/α + L√d/(Σε) = {kept:.3f}",
                   precision="float64 (O-constants 1)")


# ------------------------------------------------------------------- S6-02 / S7-02 / S8-26 nSG Hoeffding constant
@check("003_ch08.thm8_11_2.nsg_hoeffding", spec=("003_ch08.thm8_11_2", "003_ch07.lemma7_2_4", "003_ch06.lemma6_2_5"))
def _nsg(ctx):
    rng = ctx.rng
    rows = []
    for fam in ("gauss", "sphere"):
        for d in (1, 10, 50):
            for k in (1, 10, 50):
                for om in (0.1, 0.01):
                    N = 500
                    if fam == "gauss":
                        s = 1.0 / math.sqrt(d)
                        X = rng.standard_normal((N, k, d)) * s
                        zeta = s * math.sqrt(d)          # nSG(σ√d) (Fact 6.2.4)
                    else:
                        X = rng.standard_normal((N, k, d))
                        X /= np.linalg.norm(X, axis=2, keepdims=True)
                        zeta = 1.0 / math.sqrt(2 * math.log(2))   # bounded by 1 ⇒ nSG(1/√(2 ln 2))
                    S = np.linalg.norm(X.sum(axis=1), axis=1)
                    q = float(np.quantile(S, 1 - om))
                    rows.append((fam, d, k, om, q / math.sqrt(k * zeta ** 2 * math.log(2 * d / om))))
    chat = max(r[4] for r in rows)
    cmin = min(r[4] for r in rows)
    if chat > 4:
        return fail("ĉ <= 4", str(max(rows, key=lambda r: r[4])))
    return Outcome(Verdict.STATISTICAL, claimed="w.p. >= 1−ω, ||Σx_i|| <= c√(Σζ_i² log(2d/ω)) for a martingale of zero-mean nSG(ζ_i) "
                                                "vectors (absolute constant c unspecified)",
                   computed=f"empirical (1−ω)-quantile ratios over Gaussian and unit-sphere families, d in {{1,10,50}}, k in {{1,10,50}}, "
                            f"ω in {{0.1,0.01}}: ĉ in [{cmin:.3f}, {chat:.3f}] (stable, <= 4)",
                   margin=4 - chat, precision="empirical quantiles (N = 500 per cell); a constant-estimation check (the statement's c is "
                                              "unspecified), not a proof",
                   details="nSG parameters exact: Gaussian N(0,σ²I) is nSG(σ√d); ||x|| <= 1 is nSG(1/√(2 ln 2))")


# ---------------------------------------------------------------- S8-11 / S8-19 variance of the single-pass oracles
@check("003_ch08.lemma8_3_5.variance", spec=("003_ch08.lemma8_3_5", "003_ch08.lemma8_9_3"))
def _l835(ctx):
    rng = ctx.rng
    d, L, alpha, c0 = 3, 1.0, 0.2, 0.3
    K = 50
    A = rng.standard_normal((K, d))
    A /= np.linalg.norm(A, axis=1, keepdims=True)

    def grad_F_alpha(x):                                  # exact ∇F_α for f = L|<a,x> − c0|, y ~ Unif(B_α) in R³
        u = np.clip((c0 - A @ x) / alpha, -1, 1)
        cdf = 0.75 * (u - u ** 3 / 3 + 2 / 3)
        return (L * A * (2 * (1 - cdf) - 1)[:, None]).mean(axis=0)
    f = lambda x, i: L * abs(A[int(i)] @ x - c0)
    gr = lambda x, i: L * np.sign(A[int(i)] @ x - c0) * A[int(i)]
    Sigma, B1, B2, m, sigma, T, D, M_ = 4, 4, 1, 6, 0.05, 40, 0.02, 5
    out = {}
    for order in ("zero", "first"):
        acc = np.zeros(T)
        R = 30
        for _ in range(R):
            stream = rng.integers(0, K, 4 * T)
            O, st = orc.single_pass_oracle(stream, Sigma=Sigma, alpha=alpha, B1=B1, B2=B2, m=m, sigma=sigma, rng=rng,
                                           order=order, f=f, grad=gr)
            errs = []

            def Orec(z):
                g = O(z)
                errs.append(float(np.sum((g - grad_F_alpha(z)) ** 2)))
                return g
            from reference.thesis.ch08.o2nc import o2nc
            o2nc(Orec, np.full(d, 1.0), D=D, eta=0.01, M=M_, T=T, rng=rng)
            acc += np.array(errs)
        mean = acc / R
        if order == "zero":
            rhs = L ** 2 / B1 + L ** 2 * d ** 2 / (B1 * m) + L ** 2 * d * D ** 2 * Sigma / (alpha ** 2 * B2) \
                + sigma ** 2 * d * math.log(Sigma) + L ** 2 * d ** 2 * Sigma / (m * B2)
        else:
            rhs = L ** 2 / B1 + L ** 2 * d * D ** 2 * Sigma / (alpha ** 2 * B2) + sigma ** 2 * d * math.log(Sigma) \
                + L ** 2 * Sigma / (m * B2)
        out[order] = (float(np.max(mean) / rhs), float(np.max(mean)), rhs)
    chat = max(v[0] for v in out.values())
    if chat > 4:
        return fail("ĉ <= 4", str(out))
    return Outcome(Verdict.STATISTICAL, claimed="E||g̃_t − ∇F_α(z_t)||² ≲ L²/B1 + L²d²/(B1 m) + L²dD²Σ/(α²B2) + σ²d log Σ + L²d²Σ/(mB2) "
                                                "(Lemma 8.3.5, zero-order) and the first-order analogue (Lemma 8.9.3)",
                   computed="30 O2NC runs per oracle (d=3, L=1, α=0.2, Σ=B1=4, B2=1, m=6, σ=0.05, T=40), exact ∇F_α: "
                            + "; ".join(f"{k}: max_t mean error {v[1]:.4f} vs RHS {v[2]:.4f} (ĉ = {v[0]:.3f})" for k, v in out.items()),
                   margin=4 - chat, precision="empirical means over 30 runs (constant estimate; the ≲ constant is unspecified)",
                   details="population = uniform over 50 atoms; the stream samples atoms i.i.d.")


# ------------------------------------------------------------------- S8-14 Lemma 8.4.4 (linear losses, exact)
@check("003_ch08.lemma8_4_4.linear_exact", spec="003_ch08.lemma8_4_4", profile="full")
def _l844(ctx):
    """Lemma 8.4.4 (L6398): E‖g̃_t − ∇F_α^D(z_t)‖² ≲ L²d²Σ/(mn) + σ1²d + σ2²dΣ.  For linear losses f(x; ξ) = <a_ξ, x>
    (‖a_ξ‖ = L) the sphere estimator is d<a, y>y with variance (d−1)L², the O2 differences use independent directions,
    so at local index k (0 = period start) the error is exactly V_k = (d−1)L²(1 + 2k)/(nm) + d(σ1² + kσ2²) (martingale
    increments); sympy: V_k <= 2·(bound) for all 0 <= k <= Σ−1, d >= 1; the oracle's runs reproduce V_k."""
    import sympy as sp
    from reference.thesis.ch08 import oracles as orc
    L, n, m, s1, s2, S = sp.symbols("L n m sigma1 sigma2 Sigma", positive=True)
    e, j = sp.symbols("e j", nonnegative=True)                       # d = 1 + e, k = Σ − 1 − j
    d, k = 1 + e, S - 1 - j
    V = (d - 1) * L ** 2 * (1 + 2 * k) / (n * m) + d * (s1 ** 2 + k * s2 ** 2)
    bound = L ** 2 * d ** 2 * S / (m * n) + s1 ** 2 * d + s2 ** 2 * d * S
    gap = sp.expand((2 * bound - V) * n * m)
    Sg = sp.Symbol("Sg", nonnegative=True)                            # Σ = 1 + j + Sg (k >= 0)
    poly = sp.Poly(sp.expand(gap.subs(S, 1 + j + Sg)), e, j, Sg, L, s1, s2, n, m)
    if any(c < 0 for c in poly.coeffs()):
        return fail("2·bound − V_k has nonnegative coefficients", str(poly))
    # the oracle reproduces V_k (linear losses, sphere directions, n = 4, m = 3, d = 3, Σ = 4)
    rng = ctx.rng
    dd, nn, mm, SS, sg1, sg2, Lv = 3, 4, 3, 4, 0.3, 0.2, 1.0
    A = rng.standard_normal((nn, dd))
    A = Lv * A / np.linalg.norm(A, axis=1, keepdims=True)
    f = lambda x, xi: float(A[int(xi)] @ x)
    abar = A.mean(axis=0)
    R = 600
    acc = np.zeros(SS)
    for _ in range(R):
        O, _ = orc.multi_pass_oracle(list(range(nn)), Sigma=SS, alpha=0.1, m=mm, sigma1=sg1, sigma2=sg2, f=f, rng=rng)
        for t in range(SS):
            acc[t] += float(np.sum((O(np.full(dd, 0.1 * t)) - abar) ** 2))
    emp = acc / R
    exact = np.array([(dd - 1) * Lv ** 2 * (1 + 2 * kk) / (nn * mm) + dd * (sg1 ** 2 + kk * sg2 ** 2) for kk in range(SS)])
    rel = float(np.max(np.abs(emp / exact - 1)))
    if rel > 0.2:
        return fail("the oracle's error matches V_k", f"{emp} vs {exact}")
    return Outcome(Verdict.PARTIAL,
                   claimed="Lemma 8.4.4: E‖g̃_t − ∇F_α^D(z_t)‖² ≲ L²d²Σ/(mn) + σ1²d + σ2²dΣ (and E‖g̃_t‖² ≲ L² + the same)",
                   computed=f"linear losses: exact V_k = (d−1)L²(1+2k)/(nm) + d(σ1² + kσ2²); sympy: (2·bound − V_k)·nm is a "
                            f"polynomial with nonnegative coefficients in (d − 1, Σ − 1 − k, k, ...), so '≲' holds with constant 2; "
                            f"{R} runs of the oracle reproduce V_k within {100 * rel:.1f}% (d = 3, n = 4, m = 3, Σ = 4)",
                   coverage="linear losses only (per-sample estimator variance (d−1)L²/m, below the L²d²/m a general "
                            "L-Lipschitz loss can reach; the proof's general bound gives constant 3); the second inequality "
                            "follows by the triangle inequality and is not run",
                   margin=None, precision="sympy exact (algebra); Monte Carlo agreement within 20% (regression, not a test)")
