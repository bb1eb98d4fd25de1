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

Scaled regime (said with numbers in the outcome): p = 16, ε = 1, δ = 1/n²; n ∈ {2^8, 2^10, 2^12, 2^14}; 40
replicates per n; 95% bootstrap intervals from the shared protocol (proofs_checks.experiments).  On P1 the private
excess is second order in the displacement (½E‖D‖², ‖D‖ ≈ √T·b_max ∝ n^{-1/2}: the tree noise b_t enters z every
round and accumulates), so a slope −1 here does not separate the printed √p/(εn) from a first-order n^{-1/2} effect;
the outcome reports the displacement slope next to the excess slope.

Accept rule (an O(·) upper bound, issue-12/15 protocol through :func:`_upper_rate`): the interval of the metric's
slope contains the theory exponent and excludes the competitor → STATISTICAL; contains both → PARTIAL; lies entirely
BELOW the theory exponent (decays faster than the bound) → PARTIAL (the bound holds with room, its rate is not
attained on this instance); lies entirely ABOVE it (decays slower) → ERRATUM-type outcome (a counterexample to the
rate in the measured range).
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import faster_than_bound_outcome, loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.accounting import gdp_delta, gdp_mu
from reference.srgd.algorithm import accelerated_dp_srgd, dp_sgd
from reference.srgd.params import params_thm5_12, sigma_cor5_11_printed
from reference.srgd.privacy import dp_srgd_tree, tree_release_mu
from reference.srgd.problems import LinearLoss, MeanEstimation


def _upper_rate(ci, *, theory, competitor, claim, figure, details, coverage):
    """Accept rule for an O(·) UPPER bound: the shared two-sided rule (:func:`rate_outcome`), where an interval
    entirely below the theory exponent (faster decay) is PARTIAL, never an erratum
    (:func:`proofs_checks.experiments.faster_than_bound_outcome`)."""
    out = rate_outcome(ci, theory=theory, competitor=competitor, claim=claim, figure=figure, details=details,
                       coverage=coverage)
    return faster_than_bound_outcome(out, ci, theory, why="the bound holds with room on this instance")


def _polylog(T, delta):
    """The private term's printed polylog of Thm 5.12 / Cor 5.11: √(lg T·ln(2.5/δ))."""
    return math.sqrt(math.log2(T) * math.log(2.5 / delta))


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
        out = {k: [] for k in ("pe_paper", "pe_exact", "pe_sgd", "ex0", "ex0_sgd", "disp_paper", "bmax_paper")}
        for _ in range(reps):
            data = prob.sample(n, rng)
            xi = rng.standard_normal((T, p))
            run = lambda sg: dp_srgd_tree(prob.grad, data, T=T, B=B, beta=beta, radius=r, p=p, kappa=kappa,  # noqa: E731
                                          sigma=sg, draws=xi)[0]
            y0 = run(0.0).y_T
            e0 = prob.excess(y0, r)
            rp = run(sig_paper)
            g = dp_sgd(prob.grad, data, T=T, B=B, lr=lr, radius=r, p=p, clip=L, sigma=sig_sgd, draws=xi)
            g0 = dp_sgd(prob.grad, data, T=T, B=B, lr=lr, radius=r, p=p, clip=L, sigma=0.0)
            es0 = prob.excess(g0.y_T, r)
            out["pe_paper"].append(prob.excess(rp.y_T, r) - e0)
            out["disp_paper"].append(float(np.linalg.norm(rp.y_T - y0)))
            out["bmax_paper"].append(float(np.linalg.norm(rp.b, axis=1).max()))
            out["pe_exact"].append(prob.excess(run(sig_exact).y_T, r) - e0)
            out["pe_sgd"].append(prob.excess(g.y_T, r) - es0)
            out["ex0"].append(e0); out["ex0_sgd"].append(es0)
        polylog = _polylog(T, delta)
        theory = L * r * math.sqrt(p) * polylog / (eps * n)      # the private term of Thm 5.12 without its constant
        rows.append(dict(n=n, B=B, T=T, beta=beta, delta=delta, sig_paper=sig_paper, sig_exact=sig_exact,
                         d_paper=d_paper, d_exact=d_exact, theory=theory, L=L, polylog=polylog,
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
    # the theorem's private term carries the printed polylog √(lg T ln(2.5/δ)) (δ = 1/n² grows it with n): the rate
    # exponent −1 is the slope of private excess / polylog (raw private excess, no clamping of negative replicates)
    metric = [r["pe_paper"] / r["polylog"] for r in rows]
    ci = slope_interval(ns, metric, ctx.child_rng(1))
    s_ex = slope_interval(ns, [r["pe_exact"] / r["polylog"] for r in rows], ctx.child_rng(3))
    s_sgd = slope_interval(ns, [r["pe_sgd"] / r["polylog"] for r in rows], ctx.child_rng(4))
    s_disp = slope_interval(ns, [r["disp_paper"] for r in rows], ctx.child_rng(5))
    s_b = slope_interval(ns, [r["bmax_paper"] for r in rows], ctx.child_rng(6))
    fig = loglog_figure(ctx, "thm5_12_private_rate", ns, metric, ci, theory=-1.0, competitor=-0.5, xlabel="n",
                        ylabel="private excess / √(lg T ln(2.5/δ))",
                        title="002 Thm 5.12 (B = T = √n, Cor 5.11 σ): P1, p = 16, ε = 1, δ = 1/n², 40 reps")
    fig_sgd = loglog_figure(ctx, "thm5_12_private_rate_dpsgd", ns, [r["pe_sgd"] / r["polylog"] for r in rows], s_sgd,
                            theory=-1.0, competitor=-0.5, xlabel="n", ylabel="DP-SGD private excess / polylog",
                            title="single-epoch DP-SGD at the same (ε, δ/2), B, T (competitor)")
    txt = "; ".join(f"n={r['n']} (T = B = {r['T']}): private excess paper-σ {np.mean(r['pe_paper']):.3g}, exact-σ "
                    f"{np.mean(r['pe_exact']):.3g}, DP-SGD {np.mean(r['pe_sgd']):.3g}; E‖D‖ {np.mean(r['disp_paper']):.3g}"
                    f", E b_max {np.mean(r['bmax_paper']):.3g}; theory term {r['theory']:.3g}; "
                    f"σ paper/exact = {r['sig_paper'] / r['sig_exact']:.2f}; δ_GDP/(δ/2) paper {r['d_paper'] / (r['delta'] / 2):.1e}"
                    for r in rows)
    details = (f"slopes in n of private excess / polylog (95% bootstrap): SRGD paper σ {ci}; SRGD exact σ {s_ex}; "
               f"single-epoch DP-SGD (same B, T, clip L, Gaussian σ from core gdp_mu(ε, δ/2), step r/(L√T)) {s_sgd}. "
               f"Displacement D = ‖y_T − y_T⁰‖ (paper σ): {s_disp}; b_max: {s_b} — the private excess on P1 is ½E‖D‖² "
               "with D ≈ √T·b_max (tree noise accumulates in z), so its −1 is a squared n^{-1/2} displacement, not a "
               "first-order √p/(εn) term. " + txt)
    out = _upper_rate(ci, theory=-1.0, competitor=-0.5,
                      claim="Thm 5.12's private term: E excess − E excess(noise-free) = O(LR√p·polylog/(εn)) at the "
                            "paper's Cor 5.11 σ (privacy of the added noise by the core accountant)",
                      figure=fig, details=details,
                      coverage="one instance family (P1: M = 1 = c_M L/R, x† inside 𝒞), p = 16, ε = 1, δ = 1/n², "
                               "n = 2^8..2^14 (B = T = √n), 40 replicates per n; missing: the worst case over the class "
                               "(on P1 the private excess is second order in the displacement), the statistical term, "
                               "the unclipped (ε, δ) claim (TV-step gap, 002.thm5_12)")
    if fig_sgd:
        out.artifacts.append(fig_sgd)
    return out


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
    s = slope_interval(ns, c1, ctx.child_rng(1))
    fig = loglog_figure(ctx, "lemma5_4_implied_c1", ns, c1, s, theory=0.0, xlabel="n", ylabel="implied c_1",
                        title="002 Lemma 5.4 shape (scaled U, c = 2): implied constant vs n")
    if s.lo > 0:
        return fail("implied c_1 bounded in n (slope interval not above 0)", f"slope {s}")
    return Outcome(Verdict.PARTIAL,
                   claimed="Lemma 5.4: ‖∇F(x_t)‖ <= c_1√M(√(c_DP LR ln(T/γ)/√(B(t+1))) + √(βb_maxR/(t+1)) + 2√βR/(t+1)) "
                           "for a constant c_1",
                   computed=f"implied c_1 = max_t ‖∇F(x_t)‖/RHS_t: " + ", ".join(f"n = {n}: {np.mean(v):.3g}"
                                                                              for n, v in zip(ns, c1))
                            + f"; log–log slope in n {s}",
                   margin=-s.lo, precision="95% percentile bootstrap over 10 runs per n (shared protocol)",
                   artifacts=[fig] if fig else [],
                   coverage="scaled instantiation U (c = 2 in place of c_DP ≈ 1e4–1e5, which makes (19) infeasible), "
                            "P1 with x† inside 𝒞, p = 4, ε = 1, δ = 1/n, n = 2^10..2^16, corrected tree σ; the printed "
                            "lemma (its c_DP, its regime n ≳ 8e25) cannot be run")


def run_excess_vs_eps(rng, prob, *, n, p, epss, reps, r=1.0, cM=1.0):
    """Per ε: excess E F(y_T) − F* of Accelerated-DP-SRGD in the Thm 5.12 block (B = ⌊√n⌋, T = n/B, β, κ of
    params_thm5_12) with the paper's Cor 5.11 σ, the noise-free run on the same data/draws, the displacement ‖y_T − y_T⁰‖,
    and single-epoch DP-SGD at the same (ε, δ/2), B, T (Gaussian σ from core gdp_mu, clip L, step r/(L√T)).
    Privacy of the noise actually added, by the core accountant: δ_GDP(ε; μ_tree) and δ_GDP(ε; μ_sgd) per ε."""
    delta = 1.0 / n**2
    B = math.isqrt(n); T = n // B
    L = prob.lipschitz(r)
    par = params_thm5_12(n, L, r, cM, B)
    beta, kappa = par["beta"], par["kappa"]
    lr = r / (L * math.sqrt(T))
    rows = []
    for eps in epss:
        sig = sigma_cor5_11_printed(cM, L, T, delta, eps, B, beta)
        sig_sgd = L / (B * gdp_mu(eps, delta / 2))
        d_tree = gdp_delta(eps, tree_release_mu(kappa, B, beta, sig, T))      # clipped tree release, noise added
        d_sgd = gdp_delta(eps, (L / B) / sig_sgd)                             # one Gaussian mechanism per example
        out = {k: [] for k in ("ex", "ex0", "disp", "ex_sgd", "ex0_sgd")}
        for _ in range(reps):
            data = prob.sample(n, rng)
            xi = rng.standard_normal((T, p))
            y = dp_srgd_tree(prob.grad, data, T=T, B=B, beta=beta, radius=r, p=p, kappa=kappa, sigma=sig, draws=xi)[0].y_T
            y0 = dp_srgd_tree(prob.grad, data, T=T, B=B, beta=beta, radius=r, p=p, kappa=kappa, sigma=0.0,
                              draws=xi)[0].y_T
            g = dp_sgd(prob.grad, data, T=T, B=B, lr=lr, radius=r, p=p, clip=L, sigma=sig_sgd, draws=xi).y_T
            g0 = dp_sgd(prob.grad, data, T=T, B=B, lr=lr, radius=r, p=p, clip=L, sigma=0.0).y_T
            out["ex"].append(prob.excess(y, r)); out["ex0"].append(prob.excess(y0, r))
            out["disp"].append(float(np.linalg.norm(y - y0)))
            out["ex_sgd"].append(prob.excess(g, r)); out["ex0_sgd"].append(prob.excess(g0, r))
        rows.append(dict(eps=eps, sigma=sig, d_tree=d_tree, d_sgd=d_sgd, delta=delta, L=L, T=T, B=B,
                         **{k: np.array(v) for k, v in out.items()}))
    return rows


@check("002.exp.headline.thm5_12_excess_vs_eps", spec=["002.exp.E4", "002.exp.H2"], profile="full")
def _excess_vs_eps(ctx):
    """Excess risk vs ε for Algorithm 1 with tree noise at the paper's Cor 5.11 calibration (Thm 5.12 block).

    Instance P1 (mean estimation, M = 1 = c_M L/R, x† inside 𝒞), n = 4096 (B = T = 64), p = 16, δ = 1/n²,
    ε ∈ {0.7, 1, 1.4, 2, 2.8, 4} (√2 steps), 32 replicates each.  The ladder is the measured private-dominated,
    unsaturated window, asserted per ε: E excess ≥ 3·E excess(noise-free) and E excess ≤ 0.1·L·diam(𝒞).  (The theorem's
    own terms put the √p/(εn) term above LR/√n only for ε < √p/√n = 0.0625, where the excess is saturated.)
    Theory exponent in ε: −1 (the private term √p/(εn)); competitor −1/2 (the nearest conventional alternative: a
    private error entering under a square root, (√p/(εn))^{1/2}, as for output perturbation; 0 would only say the
    noise is invisible, which the dominance assertion already excludes).  Accept rule :func:`_upper_rate`.
    Second instance P2 (linear loss, optimum on the boundary: the first-order case), n = 16384, reported: its
    noise-free excess (the optimisation term βR²/η_{0:T} ~ 48LR/√n at this β) leaves no unsaturated private-dominated
    window at feasible n."""
    rng = ctx.rng
    p, n = 16, 4096
    epss = [0.7, 1.0, 1.4, 2.0, 2.8, 4.0]
    atoms = rng.uniform(-0.3, 0.3, size=(8, p)) / math.sqrt(p)
    prob = MeanEstimation(atoms)
    rows = run_excess_vs_eps(rng, prob, n=n, p=p, epss=epss, reps=32)
    bad = [(r["eps"], r["d_tree"], r["d_sgd"]) for r in rows
           if r["d_tree"] > r["delta"] / 2 or r["d_sgd"] > r["delta"] / 2 * (1 + 1e-9)]
    if bad:
        return fail("tree release and DP-SGD (ε, δ/2)-DP by the core accountant at every ε", str(bad))
    L, r_ = rows[0]["L"], 1.0
    regime = [(r["eps"], float(np.mean(r["ex"])), float(np.mean(r["ex0"]))) for r in rows
              if not (np.mean(r["ex"]) >= 3 * np.mean(r["ex0"]) and np.mean(r["ex"]) <= 0.1 * L * 2 * r_)]
    ci = slope_interval(epss, [r["ex"] for r in rows], ctx.child_rng(1))
    s_pe = slope_interval(epss, [r["ex"] - r["ex0"] for r in rows], ctx.child_rng(2))
    s_disp = slope_interval(epss, [r["disp"] for r in rows], ctx.child_rng(3))
    s_sgd = slope_interval(epss, [r["ex_sgd"] for r in rows], ctx.child_rng(4))
    fig = loglog_figure(ctx, "thm5_12_excess_vs_eps", epss, [r["ex"] for r in rows], ci, theory=-1.0, competitor=-0.5,
                        xlabel="ε", ylabel="E F(y_T) − F*",
                        title=f"002 Thm 5.12 excess vs ε (Cor 5.11 σ): P1, n = {n}, p = {p}, 32 reps")
    fig2 = loglog_figure(ctx, "thm5_12_excess_vs_eps_dpsgd", epss, [r["ex_sgd"] for r in rows], s_sgd, theory=-1.0,
                         competitor=-0.5, xlabel="ε", ylabel="DP-SGD E F(y_T) − F*",
                         title="single-epoch DP-SGD at the same (ε, δ/2), B, T")
    # P2: the first-order instance (optimum on the boundary), reported
    atoms2 = np.zeros((2, p)); atoms2[:, 0] = [1.0, 0.6]
    rows2 = run_excess_vs_eps(rng, LinearLoss(atoms2), n=16384, p=p, epss=[0.025, 0.05, 0.1, 0.2], reps=12)
    txt = "; ".join(f"ε={r['eps']:g}: excess {np.mean(r['ex']):.3g} (noise-free {np.mean(r['ex0']):.3g}), E‖D‖ "
                    f"{np.mean(r['disp']):.3g}, DP-SGD {np.mean(r['ex_sgd']):.3g}, δ_GDP/(δ/2) tree "
                    f"{r['d_tree'] / (r['delta'] / 2):.1e}" for r in rows)
    txt2 = "; ".join(f"ε={r['eps']:g}: excess {np.mean(r['ex']):.3g} (noise-free {np.mean(r['ex0']):.3g}), DP-SGD "
                     f"{np.mean(r['ex_sgd']):.3g}" for r in rows2)
    details = (f"P1 slopes in ε (95% bootstrap): excess {ci}; private excess {s_pe}; displacement E‖y_T − y_T⁰‖ {s_disp} "
               f"(first order: ∝ σ ∝ 1/ε unless clipping/projection act); single-epoch DP-SGD excess {s_sgd}. "
               f"P1 rows: {txt}. P2 (linear, optimum on the boundary, n = 16384, 12 reps): {txt2}")
    if regime:
        return Outcome(Verdict.PARTIAL, claimed="excess ∝ 1/ε where the private term dominates",
                       computed=f"ε outside the private-dominated unsaturated window: {regime}", details=details,
                       artifacts=[a for a in (fig, fig2) if a],
                       coverage="missing: the ladder left the measured private-dominated window; re-tune it")
    out = _upper_rate(ci, theory=-1.0, competitor=-0.5,
                      claim="Thm 5.12: E F(y_T) − F* = O(LR(1/√n + √p/(εn))·polylog): in ε, where the private term "
                            "dominates, excess ∝ 1/ε",
                      figure=fig, details=details,
                      coverage=f"P1 (x† inside 𝒞), n = {n} (B = T = 64), p = {p}, δ = 1/n², ε = 0.7..4 (measured "
                               "private-dominated: excess ≥ 3× noise-free, unsaturated), 32 replicates per ε, paper's "
                               "Cor 5.11 σ (its clipped release is far inside (ε, δ/2) by the core accountant); on P1 "
                               "the private excess is second order in the displacement (½E‖D‖² ∝ 1/ε²); the first-order "
                               "instance P2 has no such window at n = 16384 (details)")
    if fig2:
        out.artifacts.append(fig2)
    return out


def _nesterov_hard(p, M=1.0):
    """Nesterov's worst-case M-smooth convex quadratic in dimension p (Nesterov 2004, §2.1.2):
    F(x) = (M/4)(½xᵀTri x − x_1), Tri = tridiag(−1, 2, −1); every first-order method started at 0 has
    F(x_T) − F* >= 3M‖x*‖²/(32(T+1)²) for p >= 2T+1.  Returns (A, c, x*) with F(x) = ½xᵀAx − cᵀx."""
    A = (M / 4) * (2 * np.eye(p) - np.eye(p, k=1) - np.eye(p, k=-1))
    c = np.zeros(p); c[0] = M / 4
    return A, c, np.linalg.solve(A, c)


@check("002.exp.headline.thm4_1_accel_rate", spec=["002.thm4_1", "002.exp.H3"], profile="full")
def _accel_rate(ctx):
    """Thm 4.1's deterministic term βR²/T² (S = 0, b = 0) on the steepest admissible instance: Nesterov's worst-case
    quadratic (M = 1, p = 2T+1, x* inside 𝒞 = B(0, R), R = 1.0001‖x*‖), Algorithm 1 as printed (κ_z = 1, η_t = t+1,
    B = 1; all examples equal, so the SRG is the exact gradient), β ∈ {M, 2M, 4M}, T = 4..256.

    Measured: excess/(βR²) vs T.  Theory exponent −2 (the accelerated rate); competitor −1 (the unaccelerated
    βR²/T).  The runs are deterministic: the interval is a bootstrap over the three β configurations (their spread,
    not sampling error).  Also asserted: the normalised excess excess·η_{0:T}/(βR²) never exceeds 1 (Thm 5.1 with
    Q = 0, b = 0, radius reading) and stays above the first-order lower bound 3/(32·(T+1)²)·η_{0:T}/β (the instance
    is the hard one)."""
    Ts = [4, 8, 16, 32, 64, 128, 256]
    betas = [1.0, 2.0, 4.0]
    norm = {b: [] for b in betas}
    ratio = []
    lower_ok = True
    for T in Ts:
        p = 2 * T + 1
        A, c, xs = _nesterov_hard(p)
        r = 1.0001 * float(np.linalg.norm(xs))
        Fs = 0.5 * xs @ A @ xs - c @ xs

        def grad(X, D, A=A, c=c):
            return np.asarray(X) @ A - c
        e0T = (T + 1) * (T + 2) / 2
        for beta in betas:
            res = accelerated_dp_srgd(grad, np.zeros((T, 1)), T=T, B=1, beta=beta, radius=r, p=p)
            assert res.oracle_calls == 2 * T - 1                     # 2n − B per-example calls (n = T, B = 1)
            y = res.y_T
            exc = float(0.5 * y @ A @ y - c @ y - Fs)
            norm[beta].append(exc / (beta * r**2))
            ratio.append((T, beta, exc * e0T / (beta * r**2)))
            lower_ok &= exc >= 3 * 1.0 * float(xs @ xs) / (32 * (T + 1) ** 2) * (1 - 1e-9)
    samples = [np.array([norm[b][i] for b in betas]) for i in range(len(Ts))]
    ci = slope_interval(Ts, samples, ctx.child_rng(1))
    fig = loglog_figure(ctx, "thm4_1_accel_rate", Ts, samples, ci, theory=-2.0, competitor=-1.0, xlabel="T",
                        ylabel="(F(y_T) − F*)/(βR²)",
                        title="002 Thm 4.1 (S = b = 0): Nesterov worst-case quadratic, p = 2T+1, β ∈ {1,2,4}M")
    rmax = max(x[2] for x in ratio)
    details = (f"normalised excess·η_{{0:T}}/(βR²) in [{min(x[2] for x in ratio):.3f}, {rmax:.3f}] over T = 4..256 × "
               f"β ∈ {{1, 2, 4}}M (radius reading; ≤ 1 is Thm 5.1 with Q = b = 0); every run above the first-order "
               f"lower bound 3M‖x*‖²/(32(T+1)²): {lower_ok}; excess/(βR²) at T = 256: "
               + ", ".join(f"β={b:g}: {norm[b][-1]:.3g}" for b in betas))
    if rmax > 1 or not lower_ok:
        return fail("Thm 5.1 (Q = b = 0) on the hard instance and the lower bound", details)
    return _upper_rate(ci, theory=-2.0, competitor=-1.0,
                       claim="Thm 4.1 with S = 0, b = 0: E F(y_T) − F* = Õ(βR²/T²) (accelerated)", figure=fig,
                       details=details,
                       coverage="Nesterov's worst-case quadratic (the lower-bound instance, M = 1, x* inside 𝒞, "
                                "p = 2T+1), T = 4..256, β ∈ {1, 2, 4}M, Algorithm 1 as printed (κ_z = 1), deterministic "
                                "runs (interval = spread over β); not covered: S > 0, b ≠ 0")
