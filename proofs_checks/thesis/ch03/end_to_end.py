"""Full-profile end-to-end checks of thesis 003 Ch.3: DP-ERM (Thm 3.6.4) run with the chapter's own sampler.

``reference.thesis.ch03.procedures.dp_erm`` draws one sample of the regularised exponential mechanism with the
composite sampler of Thm 3.5.6 (Alg 13 + Alg 14, stand-in Theta-constants C_eta = 1, C_T = 1: the printed theorem
fixes none; C_eta = 2^-8 makes a single draw cost ~10^5 steps at n = 10).

* ``alg3.sampler_in_law``: the law of the procedure's output against the exact 1-D target
  pi ∝ exp(-k(F_D(x) + mu x^2/2)) on K = [-D/2, D/2] (CDF by adaptive quadrature, breakpoints at the samples):
  Kolmogorov-Smirnov statistic vs the DKW radius at false-failure 1e-6 plus the claimed TV accuracy eta_TV.
* ``thm3_6_4.query_count``: RGO calls == T of the sampler's parameter rule (asserted, every run); value queries
  per RGO call (Lemma 3.5.5: O(1) in expectation) and the growth of the total value queries with n, normalised by the
  stated log^2(n d eps/delta) factor (theory n^2, competitor n).  A Theta(.) with log factors is a bounded-ratio
  claim: if the interval misses 2 by <= 0.15 while the ratio to the stated expression stays within a factor 2 over
  the range, the outcome is PARTIAL (log-argument drift at small n), not a refutation.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import integrate

from proofs_checks.experiments import dkw_radius, ks_statistic, loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.oracles import SampleAccessOracle
from reference.thesis.ch03 import procedures as pr
from reference.thesis.ch03.params import dp_erm_parameters

P = "003_ch03."
EPS, DELTA, G, D = 0.5, 0.01, 1.0, 2.0
BETA = 1e-6


def _oracle(n):
    s = np.linspace(-0.5, 0.5, n)[:, None]          # data; f(x; s) = G|x - s| is exactly G-Lipschitz
    return SampleAccessOracle(lambda x, si: G * np.sign(x - si), s,
                              per_sample_loss=lambda x, si: G * float(np.abs(x - si).sum())), s[:, 0]


def _target_cdf(s, k, mu, grid):
    """Exact CDF of pi ∝ exp(-k(mean_i G|x - s_i| + mu x^2/2)) on [-D/2, D/2] at the points ``grid``."""
    logf = lambda x: -k * (G * float(np.mean(np.abs(x - s))) + mu * x * x / 2)
    pts = sorted(set(float(v) for v in s))
    edges = sorted(set([-D / 2, D / 2] + pts))
    mass = []
    for a, b in zip(edges[:-1], edges[1:]):
        mass.append(integrate.quad(lambda x: math.exp(logf(x)), a, b, epsabs=0, epsrel=1e-12)[0])
    Z = sum(mass)
    out = []
    for g in grid:
        acc = 0.0
        for (a, b), m in zip(zip(edges[:-1], edges[1:]), mass):
            if g >= b:
                acc += m
            elif g > a:
                acc += integrate.quad(lambda x: math.exp(logf(x)), a, g, epsabs=0, epsrel=1e-12)[0]
                break
            else:
                break
        out.append(acc / Z)
    return np.array(out)


@check(P + "alg3.sampler_in_law", spec=[P + "alg3", P + "thm3_5_6"], profile="full")
def _in_law(ctx):
    n = 4
    M = 700 if ctx.full else 60
    orc, s = _oracle(n)
    p = dp_erm_parameters(EPS, DELTA, G, D, n, 1)
    T_rule = pr.expected_steps(p["k"], p["mu"], G, D, 1, p["eta_tv"], C_eta=1.0)
    xs = np.empty(M)
    for m in range(M):
        x, info = pr.dp_erm(orc, G, D, 1, EPS, DELTA, ctx.child_rng(m), C_eta=1.0)
        if info["rgo_calls"] != T_rule:
            return fail("RGO calls = T of the parameter rule", f"{info['rgo_calls']} != {T_rule}")
        xs[m] = x[0]
    xs.sort()
    F = _target_cdf(s, p["k"], p["mu"], xs)
    ks = ks_statistic(xs, F)
    dkw = dkw_radius(M, BETA)
    thr = dkw + p["eta_tv"]
    # power: the same statistic against the mechanism with k doubled / without the regulariser
    F2 = _target_cdf(s, 2 * p["k"], p["mu"], xs)
    ks2 = ks_statistic(xs, F2)
    grid = np.linspace(-D / 2, D / 2, 401)
    sup_k2 = float(np.max(np.abs(_target_cdf(s, p["k"], p["mu"], grid) - _target_cdf(s, 2 * p["k"], p["mu"], grid))))
    if ks > thr:
        return fail("KS distance to the exact Gibbs target <= DKW radius (beta = 1e-6) + eta_TV",
                    f"KS = {ks:.4f} > {thr:.4f} (M = {M}, n = {n}, k = {p['k']:.4g}, mu = {p['mu']:.4g})")
    return Outcome(Verdict.STATISTICAL,
                   claimed="Thm 3.6.4's sampler (Thm 3.5.6 composite sampler) outputs the regularised exponential "
                           "mechanism pi ∝ exp(-k(F_D + mu x^2/2)) on K up to TV eta_TV",
                   computed=f"KS = {ks:.4f} <= DKW radius {dkw:.4f} + eta_TV {p['eta_tv']:.2g}; RGO calls = T = "
                            f"{T_rule} in every run; KS against the k-doubled mechanism on the same draws: {ks2:.3f}",
                   margin=thr - ks,
                   precision=f"false failure <= {BETA:g} (DKW); detectable effect: sup |CDF - CDF_pi| >= {thr:.3f} "
                             f"(e.g. the mechanism with k doubled, sup distance {sup_k2:.3f})",
                   details=f"n = {n} data points s_i = linspace(-0.5, 0.5), f(x; s) = G|x - s|, G = {G}, D = {D} "
                           f"(K = [-1, 1]), eps = {EPS}, delta = {DELTA}, k = {p['k']:.4g}, mu = {p['mu']:.4g}; M = {M} "
                           f"independent runs of dp_erm (composite sampler, C_eta = 1, C_T = 1 stand-ins, T = {T_rule} "
                           f"steps each); exact CDF by piecewise quadrature (rel. tol 1e-12)",
                   coverage=f"d = 1, n = {n}, one (eps, delta); the stand-in constants C_eta = C_T = 1 (the printed "
                            f"Theta-constants are unspecified)")


@check(P + "thm3_6_4.query_count", spec=[P + "thm3_6_4", P + "alg3"], profile="full")
def _queries(ctx):
    ns = [4, 8, 16, 32] if ctx.full else [4, 8, 16]
    R = 4 if ctx.full else 2
    samples, per_call, Ts = [], [], []
    for j, n in enumerate(ns):
        orc, _ = _oracle(n)
        p = dp_erm_parameters(EPS, DELTA, G, D, n, 1)
        T_rule = pr.expected_steps(p["k"], p["mu"], G, D, 1, p["eta_tv"], C_eta=1.0)
        logf = math.log(n * 1 * EPS / DELTA) ** 2
        row = []
        for r in range(R):
            q0 = orc.calls
            x, info = pr.dp_erm(orc, G, D, 1, EPS, DELTA, ctx.child_rng(1000 * j + r), C_eta=1.0)
            if info["rgo_calls"] != T_rule or info["T"] != T_rule:
                return fail("RGO calls = T of the parameter rule", f"n = {n}: {info['rgo_calls']} != {T_rule}")
            if info["value_queries"] != orc.calls - q0:
                return fail("reported value queries = oracle count", f"{info['value_queries']} != {orc.calls - q0}")
            row.append(info["value_queries"] / logf)
            per_call.append(info["value_queries"] / T_rule)
        samples.append(row)
        Ts.append(T_rule)
    ci = slope_interval(ns, samples, ctx.child_rng(99))
    fig = loglog_figure(ctx, "queries_vs_n", ns, samples, ci, theory=2.0, competitor=1.0, xlabel="n",
                        ylabel="value queries / log^2(n d eps/delta)", title="Thm 3.6.4 with the composite sampler")
    means = [float(np.mean(s)) for s in samples]
    L = math.log(1 / DELTA)
    band = [m / (EPS ** 2 * n * n / L) for m, n in zip(means, ns)]       # queries / (stated Theta expression)
    out = rate_outcome(ci, theory=2.0, competitor=1.0,
                        claim="Thm 3.6.4: Theta(eps^2 n^2/log(1/delta) log^2(n d eps/delta)) value queries in "
                              "expectation; slope in n of queries/log^2",
                        figure=fig,
                        details=f"T (RGO calls, asserted = the rule) {Ts} at n = {ns}; mean value queries / log^2 "
                                f"{', '.join(f'{m:.3g}' for m in means)}; value queries per RGO call "
                                f"{min(per_call):.1f}..{max(per_call):.1f} (Lemma 3.5.5: O(1)); R = {R} runs per n; "
                                f"eps = {EPS}, delta = {DELTA}, d = 1, stand-ins C_eta = C_T = 1",
                        coverage=f"n in [{ns[0]}, {ns[-1]}], d = 1, one (eps, delta), stand-in Theta-constants")
    # a Theta(.) with log factors is a bounded-ratio claim: an exponent a little off 2 whose ratio to the stated
    # expression stays in a band of width < 2 is log-argument drift (the rule's logs are log(2T/delta),
    # log((d/mu + D^2)/(eta delta)) ~ log n^2, the statement's log(n d eps/delta)), reported PARTIAL (rule fixed
    # here, stated in the module docstring); a larger miss stays a refutation
    spread = max(band) / min(band)
    if out.verdict is Verdict.ERRATUM and abs(ci.estimate - 2.0) <= 0.15 and spread < 2.0:
        return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed + f"; queries / (eps^2 n^2/log(1/delta) "
                       f"log^2(n d eps/delta)) in [{min(band):.3g}, {max(band):.3g}] (spread {spread:.2f})",
                       precision=out.precision, details=out.details, artifacts=out.artifacts,
                       coverage=out.coverage + f"; missing: the slope {ci} excludes 2 by log-argument drift (ratio to the "
                       f"stated Theta-expression within a factor {spread:.2f} over the range): consistent with Theta(.) on "
                       f"n <= {ns[-1]} but the bounded ratio is shown only on this range")
    return out


# ----------------------------------------------------------------------------------------------- utility from samples
def _linear_oracle(n):
    """f(x; s) = G x s with s = 1 for every sample: exactly G-Lipschitz, the optimum x* = -D/2 on the boundary of K
    (the steepest admissible loss; F_D(x) - F_D* = G (x + D/2))."""
    s = np.ones((n, 1))
    return SampleAccessOracle(lambda x, si: G * si, s, per_sample_loss=lambda x, si: G * float(x @ si))


def _exact_excess(k, mu):
    """E_pi[G (x + D/2)] for pi ∝ exp(-k(G x + mu x^2/2)) on [-D/2, D/2] (quadrature, rel. tol 1e-12)."""
    f = lambda x: math.exp(-k * (G * (x + D / 2) + mu * (x * x - D * D / 4) / 2))
    Z = integrate.quad(f, -D / 2, D / 2, epsabs=0, epsrel=1e-12)[0]
    return integrate.quad(lambda x: G * (x + D / 2) * f(x), -D / 2, D / 2, epsabs=0, epsrel=1e-12)[0] / Z


def _privacy_note(n) -> str:
    """Privacy of the H8 runs replayed with the core accountant: GDP s of Thm 3.6.2 (G/n sensitivity, and 2G/n for
    replace-one neighbours) -> exact Gaussian curve (accounting.gdp_delta) -> the TV transfer (sampler_dp 'correct')."""
    from reference.core import accounting
    from reference.thesis.ch03.privacy import reg_exp_mech_gdp, sampler_dp
    p = dp_erm_parameters(EPS, DELTA, G, D, n, 1)
    sg = reg_exp_mech_gdp(G, p["k"], n, p["mu"])
    d1 = sampler_dp(EPS, float(accounting.gdp_delta(EPS, sg)), p["eta_tv"])[1]
    d2 = sampler_dp(EPS, float(accounting.gdp_delta(EPS, 2 * sg)), p["eta_tv"])[1]
    return (f"privacy replayed (core accountant; GDP s = {sg:.3f} at every n, then the TV transfer with eta_TV): "
            f"(eps = {EPS:g}, delta = {d1:.2g}) with the chapter's G/n sensitivity (<= {DELTA:g}), "
            f"(eps = {EPS:g}, delta = {d2:.2g}) with 2G/n (replace-one)")


@check(P + "exp.H8.sampled_utility", spec=[P + "exp.H8", P + "thm3_6_4"], profile="full")
def _sampled_utility(ctx):
    from proofs_checks.thesis.ch04.lp_rows import upper_bound_rate
    ns = [8, 16, 32, 64] if ctx.full else [4, 8, 16]
    R = 8 if ctx.full else 2
    samples, bounds, exact, Ts = [], [], [], []
    for j, n in enumerate(ns):
        orc = _linear_oracle(n)
        p = dp_erm_parameters(EPS, DELTA, G, D, n, 1)
        T_rule = pr.expected_steps(p["k"], p["mu"], G, D, 1, p["eta_tv"], C_eta=1.0)
        row = []
        for r in range(R):
            x, info = pr.dp_erm(orc, G, D, 1, EPS, DELTA, ctx.child_rng(5000 + 100 * j + r), C_eta=1.0)
            if info["rgo_calls"] != T_rule:
                return fail("RGO calls = T of the parameter rule", f"n = {n}: {info['rgo_calls']} != {T_rule}")
            if not abs(x[0]) <= D / 2:
                return fail("output in K", f"x = {x}")
            row.append(G * (float(x[0]) + D / 2))
        samples.append(row)
        Ts.append(T_rule)
        bounds.append(G * D / (n * (math.sqrt(math.log(1 / DELTA) + EPS) - math.sqrt(math.log(1 / DELTA)))))
        exact.append((_exact_excess(p["k"], p["mu"]), p["eta_tv"]))
    means = [float(np.mean(s)) for s in samples]
    if any(m > b for m, b in zip(means, bounds)):
        return Outcome(Verdict.ERRATUM, claimed="E F_D(x) - F_D* <= GD sqrt d/(n(sqrt(L + eps) - sqrt L))",
                       computed=f"means {means} vs bounds {bounds}", counterexample="a sampled mean above the bound",
                       details="", coverage="")
    ci = slope_interval(ns, samples, ctx.child_rng(97))
    fig = loglog_figure(ctx, "sampled_excess_vs_n", ns, samples, ci, theory=-1.0, competitor=-0.5, xlabel="n",
                        ylabel="excess empirical risk (sampled)", title="Thm 3.6.4, dp_erm with the composite sampler")
    return upper_bound_rate(means, bounds, rate_outcome(
        ci, theory=-1.0, competitor=-0.5,
        claim="Thm 3.6.4: E F_D(x) - F_D* <= GD sqrt d/(n(sqrt(log(1/delta) + eps) - sqrt(log(1/delta)))) for the "
              "sampled mechanism, slope in n", figure=fig,
        details=f"means {', '.join(f'{m:.3g}' for m in means)} at n = {ns} (R = {R} runs of dp_erm each, composite "
                f"sampler T = {Ts} steps = RGO calls asserted) vs the exact Gibbs expectations "
                f"{', '.join(f'{e:.3g}' for e, _ in exact)} (for reference only: with R = {R} the Hoeffding radius at "
                f"1e-6 exceeds the range GD, so the agreement is not a test; the law is tested by alg3.sampler_in_law) "
                f"and below the "
                f"bound {', '.join(f'{b:.3g}' for b in bounds)}; f(x; s) = G x (optimum on the boundary), G = {G}, "
                f"D = {D}, eps = {EPS}, delta = {DELTA}, d = 1, stand-ins C_eta = C_T = 1; {_privacy_note(ns[0])}",
        coverage=f"n in [{ns[0]}, {ns[-1]}], d = 1, one (eps, delta); k = O(n eps/sqrt(log(1/delta))) is only "
                 f"{dp_erm_parameters(EPS, DELTA, G, D, ns[-1], 1)['k']:.2g} at n = {ns[-1]}: the small-n end is near "
                 "the trivial level GD/2"),
        f"n = 128 would take ~25 s per dp_erm run (T ~ 1.5e5 alternating steps)")
