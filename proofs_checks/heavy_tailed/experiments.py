"""Experiments E1-E4 of catalog section 5 (E5 in lower_bounds.py, E6 = the privacy checks)."""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.heavy_tailed import distributions as D
from reference.heavy_tailed import mean_estimators as me
from reference.heavy_tailed import sco


def _slope(ns, errs):
    x = np.log(ns); y = np.log(errs)
    A = np.vstack([x, np.ones_like(x)]).T
    coef, res, *_ = np.linalg.lstsq(A, y, rcond=None)
    return float(coef[0])


def _plot(ctx, name, series, xlabel, ylabel):
    path = ctx.figure_path(name)
    if path is None:
        return []
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(5, 4))
    for lab, (xs, ys) in series.items():
        ax.loglog(xs, ys, "o-", label=lab)
    ax.set_xlabel(xlabel); ax.set_ylabel(ylabel); ax.legend(); fig.tight_layout()
    fig.savefig(path, dpi=100); plt.close(fig)
    return [str(path)]


@check("004.exp.E4.oracle_counts", spec=("004.exp.E4", "004.alg1", "004.alg2"))
def _e4(ctx):
    rng = ctx.rng
    rows = []
    # extremes: T = 1, T > n (convex), batch of m = 10 samples (one per CWME block), n not divisible by T
    for mode, n, d, T in [("convex", 500, 3, 7), ("strongly_convex", 503, 2, 6), ("convex", 40, 1, 1), ("convex", 13, 2, 50),
                          ("strongly_convex", 70, 1, 7), ("strongly_convex", 1000, 4, 1)]:
        X = D.student_t(3).sample(rng, n, d)
        P = sco.SCOParams("count", T, 0.1, 10.0, mode, beta=0.2)
        o = sco.quadratic_loss_oracle(X)
        seed = int(rng.integers(2 ** 32))
        w, W, mo = sco.cdp_sco(X, o, sco.ball_projection(np.zeros(d), 1.0), np.zeros(d), P, 1.0,
                               rng=np.random.default_rng(seed))
        expect = n * T if mode == "convex" else T * (n // T)
        # the algorithm consumes exactly T standard-normal d-vectors: replaying them as pre-drawn noise is bit-identical
        g = np.random.default_rng(seed)
        noise = [g.standard_normal(d) for _ in range(T)]
        o2 = sco.quadratic_loss_oracle(X)
        w2, W2, _ = sco.cdp_sco(X, o2, sco.ball_projection(np.zeros(d), 1.0), np.zeros(d), P, 1.0, noise=noise)
        if o.calls != expect or o.rounds != T or mo.calls != T or not np.array_equal(W, W2):
            return fail("oracle counts", f"{mode}: calls {o.calls} vs {expect}, rounds {o.rounds}, mean-oracle {mo.calls}, identical {np.array_equal(W, W2)}")
        rows.append(f"{mode} n={n},T={T}: gradient evals {o.calls} = {expect}, rounds {o.rounds} = T, MeanOracle calls {mo.calls} = T, Gaussian draws T*d = {T * d}")
    return Outcome(Verdict.NUMERIC, claimed="gradient evaluations n T (convex) / T floor(n/T) (strongly convex); T MeanOracle calls; T d Gaussian draws",
                   computed="; ".join(rows), coverage="6 instances incl. T = 1, T > n (convex), batches of exactly m samples (block size 1), n not divisible by T", details="exact counts from the counting oracle; draws verified by bit-identical replay with pre-drawn noise")


@check("004.exp.E1.slopes", spec=("004.exp.E1", "004.cor4_2"), profile="full")
def _e1(ctx):
    rng = ctx.rng
    d, rho, beta = 4, 1e-2, 0.1
    ns = np.array([1000, 3000, 10000, 30000, 100000])
    R = 30
    series = {}
    rows = []
    for k in (2, 4):
        L = D.student_t(k)
        med = []
        for n in ns:
            tau = (math.sqrt(rho) * n / math.sqrt(d)) ** (1 / k)
            mu = np.full(d, 1 / math.sqrt(d))
            errs = [np.linalg.norm(me.cdp_cwme(L.sample(rng, int(n), d, mu), rho, tau, beta, rng) - mu) for _ in range(R)]
            med.append(float(np.median(errs)))
        s = _slope(ns, med)
        series[f"CDPCWME k={k} (slope {s:.2f})"] = (ns, med)
        target = -(k - 1) / k
        rows.append(f"k={k}: n-slope {s:.3f} (target {target:.3f})")
        if abs(s - target) > 0.15:
            return fail("E1 n-slope within 0.15 of -(k-1)/k", "; ".join(rows))
    # d-slope at fixed n (CDP): target (2k-1)/(2k) up to logs (m grows like log d)
    n, k = 100000, 2
    ds = np.array([2, 4, 8, 16, 32])
    med = []
    for dd in ds:
        tau = (math.sqrt(rho) * n / math.sqrt(dd)) ** (1 / k)
        mu = np.zeros(dd)
        errs = [np.linalg.norm(me.cdp_cwme(D.student_t(k).sample(rng, n, int(dd), mu), rho, tau, beta, rng) - mu) for _ in range(20)]
        med.append(float(np.median(errs)))
    sd = _slope(ds, med)
    rows.append(f"d-slope (k=2, n=1e5): {sd:.3f} (target (2k-1)/(2k) = 0.75 + log factor from m = ceil(4 ln(2d/beta)))")
    if abs(sd - 0.75) > 0.3:
        return fail("E1 d-slope", "; ".join(rows))
    arts = _plot(ctx, "e1_slopes.png", series, "n", "median ||mu~ - mu||")
    return Outcome(Verdict.NUMERIC, claimed="Cor 4.2: CDPCWME error ~ n^{-(k-1)/k} (private regime), d-slope (2k-1)/(2k) up to logs",
                   computed="; ".join(rows), artifacts=arts,
                   details=f"d=4, rho=1e-2, Student-t nu=k+1/2, medians of {R} runs, n in {list(ns)}; tolerance 0.15 (n), 0.3 (d, log factors)")


@check("004.exp.E2.sc_slope", spec=("004.exp.E2", "004.thm5_7"), profile="full")
def _e2(ctx):
    rng = ctx.rng
    # scaled setting: rho = 1e4 (weak privacy) so that n in [1e4, 1e6] is past the saturation of the paper's constants
    # (at rho <= 1 the per-step noise std exceeds the domain radius until n ~ 1e8) and still noise-dominated.
    d, rho = 1, 1e4
    ns = np.array([10 ** 4, 3 * 10 ** 4, 10 ** 5, 3 * 10 ** 5, 10 ** 6])
    R = 60
    rows = []
    series = {}
    for k in (2, 4):
        L = D.student_t(k)
        var_x = float(L.abs_moment(2))
        med, pred = [], []
        for n in ns:
            P = sco.params_thm5_7(int(n), d, k, rho, 1.0, 1.0)
            mu = np.full(d, 0.3)
            ex = []
            for _ in range(R):
                X = L.sample(rng, int(n), d, mu)
                w, W, mo = sco.cdp_sco(X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(d), 5.0), np.zeros(d), P, rho, rng=rng)
                ex.append(0.5 * float(np.sum((w - mu) ** 2)))
            med.append(float(np.mean(ex)))
            # prediction with every log factor explicit: per-step error variance s^2 = sigma_T^2 + (pi/2) Var(x)/batch
            nb = int(n) // P.T
            m = me.cwme_num_blocks(d, P.beta)
            sig = me.cdp_cwme_sigma(nb, d, P.tau, m, rho / P.T)
            s2 = sig ** 2 + (math.pi / 2) * var_x / nb
            eta = P.eta
            geo = sum((1 - eta) ** (2 * t) for t in range(P.T))
            pred.append(0.5 * d * s2 * eta ** 2 * geo + 0.5 * (1 - eta) ** (2 * P.T) * float(np.sum(mu ** 2)))
        s_meas = _slope(ns, med)
        s_pred = _slope(ns, pred)
        target = -(2 * k - 2) / k
        series[f"k={k} measured (slope {s_meas:.2f})"] = (ns, med)
        series[f"k={k} predicted (slope {s_pred:.2f})"] = (ns, pred)
        rows.append(f"k={k}: measured n-slope {s_meas:.3f}, predicted with explicit T, m, tau {s_pred:.3f} (asymptotic -(2k-2)/k = {target:.2f}); "
                    f"mean/pred ratios {[round(a / b, 2) for a, b in zip(med, pred)]}")
        if abs(s_meas - s_pred) > 0.2 or not s_pred < target + 0.6:
            return fail("E2 slope", "; ".join(rows))
    arts = _plot(ctx, "e2_sc_slope.png", series, "n", "median excess risk")
    return Outcome(Verdict.NUMERIC, claimed="Thm 5.7: excess ~ d/n + d (sqrt d/(sqrt rho n))^{(2k-2)/k}",
                   computed="; ".join(rows), artifacts=arts,
                   details=f"l = 1/2||w-x||^2 (lam=L=1), d=1, SCALED rho=1e4, Student-t data, Thm 5.7 parameters with the stand-in G, means of {R} runs; "
                           "mean excess over R runs; accepted if the measured slope is within 0.2 of the slope of the explicit prediction (Thm 5.7's O~ with T(n), m(n), tau(n) kept); "
                           "the log factors (T^{3(k-1)/k}-type and m^2 growth) make the finite-n slope shallower than -(2k-2)/k")


def _e3_series(rng, setting, rho, ns, reps, stat):
    """Excess risk of Alg. 2 on l = 1/2||w - x||^2 (d=1, M=2, R=1, Student-t k=2 data, mu = 0.25) over an n-grid."""
    d, M, Rr, k = 1, 2.0, 1.0, 2
    vals, Ts = [], []
    for n in ns:
        if setting == "thm5_5":
            P = sco.params_thm5_5(int(n), d, rho, M, Rr, q=1.0)
        else:
            P = sco.params_thm5_2(int(n), d, k, rho, M, Rr, scaled=True, balance_noise=True)
        Ts.append(P.T)
        ex = []
        for _ in range(reps):
            mu = np.array([0.25])
            X = D.student_t(k).sample(rng, int(n), d, mu)
            w, W, mo = sco.cdp_sco(X, sco.quadratic_loss_oracle(X), sco.ball_projection(np.zeros(d), M / 2), np.zeros(d), P, rho,
                                   rng=rng, oracle="nsme" if setting == "thm5_5" else "cwme")
            ex.append(0.5 * float(np.sum((w - mu) ** 2)))
        vals.append(float(stat(ex)))
    return vals, Ts


@check("004.exp.E3.convex_slopes", spec=("004.exp.E3", "004.thm5_5"), profile="full")
def _e3(ctx):
    # grid sized for the 60 s budget: cost ~ n T per run and T = 0.02 n here (k = 2, rho = 1e-4)
    ns, reps = np.array([1000, 2154, 4642, 10000]), 15
    med, Ts = _e3_series(ctx.rng, "thm5_5", 1e-4, ns, reps, np.median)
    s = _slope(ns, med)
    arts = _plot(ctx, "e3_convex.png", {f"Thm 5.5 (slope {s:.2f})": (ns, med)}, "n", "median excess risk")
    row = f"thm5_5 (rho=1e-4, median of {reps}): n = {[int(v) for v in ns]}, T = {Ts}, median excess {['%.3g' % v for v in med]}, n-slope {s:.3f} (claimed n^-0.5)"
    if not s <= -0.25:
        return fail("E3 Thm 5.5 slope <= -0.25", row)
    return Outcome(Verdict.NUMERIC, claimed="Thm 5.5: excess decreases at least like n^{-1/2} (k=2, d=1)", computed=row, artifacts=arts,
                   details="quadratic loss (strongly convex, so faster-than-claimed rates are allowed; the claim is an upper bound, so only slope <= -0.25 "
                           "is required); rho=1e-4, M=2, R=1, CDPNSME (corrected noise), c=1")


@check("004.exp.E3.thm5_2_scaled", spec=("004.exp.E3", "004.thm5_2"), profile="full")
def _e3_thm52(ctx):
    # Thm 5.2 in the labelled SCALED setting: beta = 0.1 (m = 12) and T divided by 72 m^2/d^2, so that the per-step noise is
    # R^2 as the balancing at L729 intends (erratum 004.thm5_2.noise_term); rho = 100 so that T in [19, 192] at n <= 1e5.
    ns, reps = np.array([10000, 30000, 100000]), 25
    mean, Ts = _e3_series(ctx.rng, "thm5_2_scaled", 100.0, ns, reps, np.mean)
    s = _slope(ns, mean)
    arts = _plot(ctx, "e3_thm5_2_scaled.png", {f"Thm 5.2 scaled (slope {s:.2f})": (ns, mean)}, "n", "mean excess risk")
    P = sco.params_thm5_2(30000, 1, 2, 1e-4, 2.0, 1.0)
    sig = me.cdp_cwme_sigma(30000, 1, P.tau, P.m, 1e-4 / P.T)
    row = (f"thm5_2 scaled (rho=100, mean of {reps}): n = {[int(v) for v in ns]}, T = {Ts}, mean excess {['%.3g' % v for v in mean]}, "
           f"n-slope {s:.3f} (claimed n^-0.5); with the paper's own parameters at n=3e4, rho=1e-4 the per-step noise std is {sig:.3g} R "
           f"(m = {P.m}), saturated: the proof's bound is vacuous below n ~ 1e17 (004.thm5_2.noise_term)")
    if not s <= -0.25:
        return fail("E3 Thm 5.2 (scaled) slope <= -0.25", row)
    return Outcome(Verdict.NUMERIC, claimed="Thm 5.2 in the scaled setting (beta=0.1, T/(72 m^2/d^2)): excess decreases at least like n^{-1/2} (k=2, d=1)",
                   computed=row, artifacts=arts,
                   details="NOT the paper's parameters (labelled scaled setting, sco.params_thm5_2(scaled=True, balance_noise=True)); quadratic loss, "
                           "so faster rates are allowed and only slope <= -0.25 is required; M=2, R=1, CDPCWME")
