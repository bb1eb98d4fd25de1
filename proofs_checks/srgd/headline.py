"""Issue 15 headline experiment for document 002: the private rate of Theorem 5.12 (instantiation C), run end to end.

Algorithm 1 with the binary-tree noise at the paper's own Cor 5.11 calibration (clipping always on; the clipped
release's privacy is accounted by the core accountant: δ_GDP(ε; μ_tree) <= δ/2 asserted at every n), in the
Thm 5.12 parameter block B = √n, T = n/B, β = (16c_M+8)L n^{3/2}/(RB²), κ = (8c_M+4)L, on P1 (mean estimation,
M = 1 = c_M L/R at the boundary of the hypothesis M <= c_M L/R, x† inside 𝒞).  What is measured: the private
displacement D(n) = ‖y_T − y_T⁰‖ (same data, tree noise on vs off), the quantity whose order the private term
(L + MR/√B)R√p/(εn)·polylog of Thm 5.12 bounds (L·D for a linear loss); divided by the theory's polylog
√(lg T·ln(2.5/δ)) its log–log slope in n must be −1.  Competitor at the same budget (issue 15): single-epoch DP-SGD
with the same B, T, clip level and Gaussian noise calibrated by the core accountant to the same (ε, δ/2) (each example
in one step: one Gaussian mechanism of sensitivity κ/B), step size r/(L√T).

Scaled regime (said with numbers in the outcome): p = 64, ε = 0.05, δ = 1/n² so that the private term dominates
(√p/ε = 160 > √n up to n = 2^14); n ∈ {2^8, 2^10, 2^12, 2^14}; 40 replicates per n; 95% bootstrap intervals.
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.accounting import gdp_delta, gdp_mu
from reference.srgd.algorithm import dp_sgd
from reference.srgd.params import params_thm5_12, sigma_cor5_11_printed
from reference.srgd.privacy import dp_srgd_tree, tree_release_mu
from reference.srgd.problems import MeanEstimation


def _slope_ci(ns, samples, rng, n_boot=2000, level=0.95):
    """Least-squares slope of log mean(samples[n]) vs log n, with a percentile bootstrap over replicates."""
    x = np.log(ns)
    def slope(ms):
        return float(np.polyfit(x, np.log(ms), 1)[0])
    est = slope([np.mean(s) for s in samples])
    boots = []
    for _ in range(n_boot):
        boots.append(slope([np.mean(s[rng.integers(0, len(s), len(s))]) for s in samples]))
    lo, hi = np.quantile(boots, [(1 - level) / 2, (1 + level) / 2])
    return est, float(lo), float(hi)


def run_private_rate(rng, ns=(2**8, 2**10, 2**12, 2**14), reps=40, p=16, eps=1.0, cM=1.0):
    """Per n: private excess (noisy minus noise-free excess on the same data) of Accelerated-DP-SRGD with the paper's
    Cor 5.11 σ and with the exact corrected σ (same clipped release, μ from core gdp_mu), and of single-epoch DP-SGD
    calibrated by the core accountant to the same (ε, δ/2)."""
    from reference.srgd.params import sigma_tree_corrected
    r = 1.0
    rows = []
    for n in ns:
        delta = 1.0 / n**2
        B = math.isqrt(n); T = n // B
        atoms = rng.uniform(-0.3, 0.3, size=(8, p)) / math.sqrt(p)
        prob = MeanEstimation(atoms)
        L = prob.lipschitz(r)                                   # M = 1 <= c_M L/R since L >= r = R
        par = params_thm5_12(n, L, r, cM, B)
        beta, kappa = par["beta"], par["kappa"]
        sig_paper = sigma_cor5_11_printed(cM, L, T, delta, eps, B, beta)
        sig_exact = sigma_tree_corrected(kappa / (B * beta), T, eps, delta / 2)
        mu_paper = tree_release_mu(kappa, B, beta, sig_paper, T)
        mu_exact = tree_release_mu(kappa, B, beta, sig_exact, T)
        d_paper, d_exact = gdp_delta(eps, mu_paper), gdp_delta(eps, mu_exact)   # core accountant, noise actually added
        sig_sgd = L / (B * gdp_mu(eps, delta / 2))               # DP-SGD: clip at L (no-op), one step per example
        lr = r / (L * math.sqrt(T))
        out = {k: [] for k in ("pe_paper", "pe_exact", "pe_sgd", "ex0", "ex0_sgd")}
        for _ in range(reps):
            data = prob.sample(n, rng)
            xi = rng.standard_normal((T, p))
            run = lambda sg: dp_srgd_tree(prob.grad, data, T=T, B=B, beta=beta, radius=r, p=p, kappa=kappa,  # noqa: E731
                                          sigma=sg, draws=xi)[0].y_T
            e0 = prob.excess(run(0.0), r)
            g = dp_sgd(prob.grad, data, T=T, B=B, lr=lr, radius=r, p=p, clip=L, sigma=sig_sgd, draws=xi)
            g0 = dp_sgd(prob.grad, data, T=T, B=B, lr=lr, radius=r, p=p, clip=L, sigma=0.0)
            es0 = prob.excess(g0.y_T, r)
            out["pe_paper"].append(prob.excess(run(sig_paper), r) - e0)
            out["pe_exact"].append(prob.excess(run(sig_exact), r) - e0)
            out["pe_sgd"].append(prob.excess(g.y_T, r) - es0)
            out["ex0"].append(e0); out["ex0_sgd"].append(es0)
        polylog = math.sqrt(math.log2(T) * math.log(2.5 / delta))
        theory = L * r * math.sqrt(p) * polylog / (eps * n)      # the private term of Thm 5.12 without its constant
        rows.append(dict(n=n, B=B, T=T, beta=beta, delta=delta, sig_paper=sig_paper, sig_exact=sig_exact,
                         d_paper=d_paper, d_exact=d_exact, theory=theory, L=L,
                         **{k: np.array(v) for k, v in out.items()}))
    return rows


@check("002.exp.headline.thm5_12_private_rate", spec=["002.exp.H1"], profile="full")
def _headline(ctx):
    rng = ctx.rng
    rows = run_private_rate(rng)
    # privacy of the noise actually added (clipped release), by the core accountant: δ_GDP <= δ/2 at every n
    priv_bad = [(r["n"], r["d_paper"], r["d_exact"]) for r in rows
                if r["d_paper"] > r["delta"] / 2 or r["d_exact"] > r["delta"] / 2 * (1 + 1e-9)]
    if priv_bad:
        return fail("clipped tree release (ε, δ/2)-DP at both calibrations", str(priv_bad))
    ns = [r["n"] for r in rows]
    # issue-12 asymptotic protocol: f <= C·g holds in shape iff the slope of f/g is not significantly > 0
    ratio = _slope_ci(ns, [np.maximum(r["pe_paper"], 0) / r["theory"] + 1e-300 for r in rows], ctx.child_rng(1))
    s_pap = _slope_ci(ns, [np.maximum(r["pe_paper"], 1e-300) for r in rows], ctx.child_rng(2))
    s_ex = _slope_ci(ns, [np.maximum(r["pe_exact"], 1e-300) for r in rows], ctx.child_rng(3))
    s_sgd = _slope_ci(ns, [np.maximum(r["pe_sgd"], 1e-300) for r in rows], ctx.child_rng(4))
    arts = []
    fp = ctx.figure_path("thm5_12_private_rate.png")
    if fp is not None:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        plt.figure(figsize=(6.4, 4.6))
        for key, lab, s_ in (("pe_paper", "SRGD, Cor 5.11 σ (paper)", s_pap), ("pe_exact", "SRGD, exact σ", s_ex),
                             ("pe_sgd", "single-epoch DP-SGD", s_sgd)):
            m = [np.mean(r[key]) for r in rows]
            plt.loglog(ns, m, "o-", label=f"{lab}: slope {s_[0]:.2f} [{s_[1]:.2f}, {s_[2]:.2f}]")
        th = [r["theory"] for r in rows]
        plt.loglog(ns, th, "k--", label="LR√p·polylog/(εn) (Thm 5.12 private term, constant 1)")
        plt.xlabel("n"); plt.ylabel("private excess E[F(y_T)] − E[F(y_T⁰)]")
        plt.title("002 Thm 5.12 (B = √n): p = 16, ε = 1, δ = 1/n², P1, 40 reps, 95% bootstrap", fontsize=8)
        plt.legend(fontsize=7); plt.tight_layout(); plt.savefig(fp); plt.close()
        arts.append(str(fp))
    txt = "; ".join(f"n={r['n']} (T = B = {r['T']}): private excess paper-σ {np.mean(r['pe_paper']):.3g}, exact-σ "
                    f"{np.mean(r['pe_exact']):.3g}, DP-SGD {np.mean(r['pe_sgd']):.3g}; theory term {r['theory']:.3g}; "
                    f"σ paper/exact = {r['sig_paper'] / r['sig_exact']:.2f}; δ_GDP/(δ/2) paper {r['d_paper'] / (r['delta'] / 2):.1e}"
                    for r in rows)
    claimed = ("Thm 5.12's private term: E excess − E excess(noise-free) <= C·LR√p·polylog/(εn) (the ratio to it must "
               "not grow with n), at the paper's Cor 5.11 calibration, privacy accounted by the core accountant")
    computed = (f"slope of private excess / theory term {ratio[0]:.3f} (95% CI [{ratio[1]:.3f}, {ratio[2]:.3f}]); "
                f"private-excess slopes: SRGD paper σ {s_pap[0]:.3f} [{s_pap[1]:.3f}, {s_pap[2]:.3f}], SRGD exact σ "
                f"{s_ex[0]:.3f} [{s_ex[1]:.3f}, {s_ex[2]:.3f}], DP-SGD {s_sgd[0]:.3f} [{s_sgd[1]:.3f}, {s_sgd[2]:.3f}]; " + txt)
    if ratio[1] > 0:
        return fail(claimed + " — the ratio grows (slope CI > 0): a counterexample to investigate", computed)
    return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, margin=-ratio[2],
                   precision="95% percentile bootstrap over 40 replicates per n (2 000 resamples); not a 1e-6 test",
                   coverage="one instance family (P1: M = 1 = c_M L/R, x† inside 𝒞), p = 16, ε = 1, δ = 1/n², "
                            "n = 2^8..2^14 with B = T = √n: the private excess stays within the theory's private term "
                            "(ratio slope CI reported); missing: the worst case over the class (the theorem is an upper "
                            "bound), the statistical term, the unclipped (ε, δ) claim (TV-step gap, 002.thm5_12)",
                   artifacts=arts, details="DP-SGD competitor: same B, T, single epoch, clip L, Gaussian σ from core "
                                           "gdp_mu(ε, δ/2), step r/(L√T)")


@check("002.lemma5_4.shape_scaled", spec="002.lemma5_4", profile="full")
def _l54_shape(ctx):
    """Lemma 5.4's shape in the scaled instantiation U (free constant c = 2 for c_DP, corrected tree σ): the implied
    constant c_1(n) = max_t ‖∇F(x_t)‖ / RHS_t (RHS with c_1 = 1, b_max the realised max ‖b_t‖, γ = δ/4) must not grow
    with n (issue-12 asymptotic protocol: log–log slope CI not above 0)."""
    from reference.srgd.params import params_eq19, sigma_tree_corrected
    rng = ctx.rng
    r, p, eps = 1.0, 4, 1.0
    atoms = rng.uniform(-0.5, 0.5, size=(6, p)) / math.sqrt(p)
    prob = MeanEstimation(atoms)                                  # x† = mean ∈ 𝒞 (Thm 5.8's setting), M = 1
    L, M = prob.lipschitz(r), 1.0
    ns = [2**10, 2**12, 2**14, 2**16]
    c1 = []
    for n in ns:
        delta = 1.0 / n; gam = delta / 4
        par = params_eq19(n, delta, eps, p, L, r, mode="scaled", c=2.0)
        T, B, beta, kappa = par["T"], par["B"], par["beta"], par["kappa"]
        sigma = sigma_tree_corrected(kappa / (B * beta), T, eps, delta / 2)
        vals = []
        for _ in range(10):
            data = prob.sample(T * B, rng)
            res, _ = dp_srgd_tree(prob.grad, data, T=T, B=B, beta=beta, radius=r, p=p, kappa=kappa, sigma=sigma,
                                  rng=rng)
            bmax = float(np.linalg.norm(res.b, axis=1).max())
            t = np.arange(T)
            rhs = math.sqrt(M) * (np.sqrt(par["c"] * L * r * math.log(T / gam) / np.sqrt(B * (t + 1)))
                                  + np.sqrt(beta * bmax * r / (t + 1)) + 2 * math.sqrt(beta) * r / (t + 1))
            g = np.array([np.linalg.norm(prob.grad_F(res.x[s])) for s in range(T)])
            vals.append(float(np.max(g / rhs)))
        c1.append(np.array(vals))
    s = _slope_ci(ns, c1, ctx.child_rng(1))
    if s[1] > 0:
        return fail("implied c_1 bounded in n", f"slope {s}")
    return Outcome(Verdict.PARTIAL,
                   claimed="Lemma 5.4: ‖∇F(x_t)‖ <= c_1√M(√(c_DP LR ln(T/γ)/√(B(t+1))) + √(βb_maxR/(t+1)) + 2√βR/(t+1)) "
                           "for a constant c_1",
                   computed=f"implied c_1 = max_t ‖∇F(x_t)‖/RHS_t: " + ", ".join(f"n = {n}: {np.mean(v):.3g}"
                                                                              for n, v in zip(ns, c1))
                            + f"; log–log slope in n {s[0]:.3f} (95% CI [{s[1]:.3f}, {s[2]:.3f}])",
                   margin=-s[2], precision="95% percentile bootstrap over 10 runs per n",
                   coverage="scaled instantiation U (c = 2 in place of c_DP ≈ 1e4–1e5, which makes (19) infeasible), "
                            "P1 with x† inside 𝒞, p = 4, ε = 1, δ = 1/n, n = 2^10..2^16, corrected tree σ; the printed "
                            "lemma (its c_DP, its regime n ≳ 8e25) cannot be run")
