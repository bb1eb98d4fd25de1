"""Full-profile end-to-end checks of thesis 003 Ch.3: DP-ERM (Thm 3.6.4) run with the chapter's own sampler.

``reference.thesis.ch03.procedures.dp_erm`` draws one sample of the regularised exponential mechanism with the
composite sampler of Thm 3.5.6 (Alg 13 + Alg 14, stand-in Theta-constants C_eta = 1, C_T = 1: the printed theorem
fixes none; C_eta = 2^-8 makes a single draw cost ~10^5 steps at n = 10).

* ``alg3.sampler_in_law``: the law of the procedure's output against the exact 1-D target
  pi ∝ exp(-k(F_D(x) + mu x^2/2)) on K = [-D/2, D/2] (CDF by adaptive quadrature, breakpoints at the samples):
  Kolmogorov-Smirnov statistic vs the DKW radius at false-failure 1e-6 plus the claimed TV accuracy eta_TV.
  Second, targeted part (power against a wrong k): on the linear-loss instance f(x; s) = G x, the sample mean of the
  sufficient statistic of k, h(x) = G x + mu x^2/2, against its exact mean under the PRINTED (k, mu) (recomputed
  from L3025-3031 here), Bernstein radius with the exact variance plus the TV slack; detects k doubled and mu doubled
  in the calibration (tests/thesis/ch03/test_ch03_law_power.py runs the mutants).
* ``exp.H8.sampled_utility`` / ``exp.H9.sampled_population_risk``: empirical / population excess risk of dp_erm /
  dp_sco vs n with the shared protocol (slope interval, figure), RGO calls asserted = T, privacy replayed with the
  core accountant.
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

from proofs_checks.experiments import (below_bound_outcome, dkw_radius, ks_statistic, loglog_figure, rate_outcome,
                                       slope_interval)
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.oracles import SampleAccessOracle
from reference.thesis.ch03 import procedures as pr
from reference.thesis.ch03.params import dp_erm_parameters, dp_sco_parameters

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


# ------------------------------------------------------------------------------------- targeted law test (power vs k)
def _h_stat(x, mu):
    """h(x) = G x + mu x^2/2: the sufficient statistic of k for pi ∝ exp(-k h) on K (linear loss f(x; s) = G x)."""
    return G * np.asarray(x, dtype=float) + mu * np.asarray(x, dtype=float) ** 2 / 2


def _gibbs_moments(k, mu, h_mu):
    """E and Var of h_{h_mu}(x) = G x + h_mu x^2/2 under pi_{k, mu} ∝ exp(-k(G x + mu x^2/2)) on [-D/2, D/2]
    (adaptive quadrature, rel. tol 1e-12), and the range [min, max] of h_{h_mu} on K."""
    ref = min(_h_stat(v, mu) for v in (-D / 2, D / 2, max(-D / 2, min(D / 2, -G / mu))))
    w = lambda x: math.exp(-k * (float(_h_stat(x, mu)) - ref))
    Z = integrate.quad(w, -D / 2, D / 2, epsabs=0, epsrel=1e-12)[0]
    E = integrate.quad(lambda x: float(_h_stat(x, h_mu)) * w(x), -D / 2, D / 2, epsabs=0, epsrel=1e-12)[0] / Z
    V = integrate.quad(lambda x: (float(_h_stat(x, h_mu)) - E) ** 2 * w(x), -D / 2, D / 2, epsabs=0,
                       epsrel=1e-12)[0] / Z
    pts = [-D / 2, D / 2] + ([-G / h_mu] if abs(G / h_mu) < D / 2 else [])
    vals = [float(_h_stat(v, h_mu)) for v in pts]
    return E, V, min(vals), max(vals)


def bernstein_radius(var, span, m, beta):
    """Two-sided Bernstein radius: P(|mean_m - E| >= r) <= beta for m iid draws with variance <= var and
    |X - EX| <= span."""
    L = math.log(2 / beta)
    return math.sqrt(2 * var * L / m) + 2 * span * L / (3 * m)


def sufficient_statistic_test(xs, k, mu, eta_tv, beta):
    """Targeted in-law test of draws ``xs`` claimed to follow pi_{k, mu} ∝ exp(-k(G x + mu x^2/2)) on K up to TV
    eta_tv: the sample mean of h(x) = G x + mu x^2/2 (the sufficient statistic of k: the Neyman-Pearson direction
    against a wrong k) against E_pi h, with the Bernstein radius for Var_P h <= Var_pi h + eta_tv span^2 and the bias
    |E_P h - E_pi h| <= eta_tv span (span = max_K h - min_K h).  False rejection <= beta.  Returns a dict."""
    xs = np.asarray(xs, dtype=float)
    E, V, lo, hi = _gibbs_moments(k, mu, mu)
    span = hi - lo
    r = bernstein_radius(V + eta_tv * span * span, span, len(xs), beta) + eta_tv * span
    dev = float(np.mean(_h_stat(xs, mu))) - E
    return dict(E=E, V=V, span=span, r=r, dev=dev, reject=abs(dev) > r, m=len(xs))


def detectable_shifts(k, mu, m, beta, eta_tv=0.0):
    """For the mutants of the mechanism (2k, k/2, mu -> 2mu in the calibration (k = 2 mu n^2 a^2/G^2 doubles too),
    mu -> 2mu in the regulariser only): the shift of E h (h of the null) and whether it exceeds r_null + r_alt (then
    the test rejects with probability >= 1 - beta by the same Bernstein bound; r_null is the test's own radius, TV slack
    eta_tv included)."""
    E0, V0, lo, hi = _gibbs_moments(k, mu, mu)
    span = hi - lo
    r0 = bernstein_radius(V0 + eta_tv * span * span, span, m, beta) + eta_tv * span
    out = {}
    for name, (kk, mm) in {"2k": (2 * k, mu), "k/2": (k / 2, mu), "2mu (calibration: k doubles too)": (2 * k, 2 * mu),
                           "2mu (regulariser only)": (k, 2 * mu)}.items():
        E1, V1, _, _ = _gibbs_moments(kk, mm, mu)
        out[name] = (E1 - E0, abs(E1 - E0) > r0 + bernstein_radius(V1, span, m, beta))
    return out


def targeted_law_runs(n, M, rng_for):
    """M independent dp_erm runs on the linear-loss instance (f(x; s) = G x, optimum on the boundary of K), each
    asserting RGO calls = T of the parameter rule AT THE RUN'S OWN reported (k, mu).  Returns (xs, info of a run)."""
    orc = _linear_oracle(n)
    xs = np.empty(M)
    info = None
    for m in range(M):
        x, info = pr.dp_erm(orc, G, D, 1, EPS, DELTA, rng_for(m), C_eta=1.0)
        T_rule = pr.expected_steps(info["k"], info["mu"], G, D, 1, info["eta_tv"], C_eta=1.0)
        if not info["rgo_calls"] == info["T"] == T_rule:
            raise AssertionError(f"RGO calls {info['rgo_calls']} != T {info['T']} != rule {T_rule}")
        xs[m] = x[0]
    return xs, info


N_TARGETED, M_TARGETED = 4, 4000


def printed_erm_k_mu(n, d=1):
    """(k, mu) of Thm 3.6.4 recomputed here from the printed lines (L3025-3031), independently of
    reference.thesis.ch03.params: L = log(3/(4 delta)), a = sqrt(L + eps) - sqrt(L), mu = G sqrt(d)/(n D a),
    k = 2 mu n^2 a^2/G^2 (so that a wrong calibration in the code is caught by the law test, not copied into it)."""
    L = math.log(3 / (4 * DELTA))
    a = math.sqrt(L + EPS) - math.sqrt(L)
    mu = G * math.sqrt(d) / (n * D * a)
    return 2 * mu * n * n * a * a / (G * G), mu


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
    dkw = dkw_radius(M, BETA / 2)
    thr = dkw + p["eta_tv"]
    # power of the KS part: the sup-CDF distance of the mechanism with k doubled
    grid = np.linspace(-D / 2, D / 2, 401)
    sup_k2 = float(np.max(np.abs(_target_cdf(s, p["k"], p["mu"], grid) - _target_cdf(s, 2 * p["k"], p["mu"], grid))))
    if ks > thr:
        return fail("KS distance to the exact Gibbs target <= DKW radius (beta = 5e-7) + eta_TV",
                    f"KS = {ks:.4f} > {thr:.4f} (M = {M}, n = {n}, k = {p['k']:.4g}, mu = {p['mu']:.4g})")
    # targeted part: sufficient statistic of k on the linear-loss instance (H8's), M2 runs
    M2 = M_TARGETED if ctx.full else 200
    xs2, info2 = targeted_law_runs(N_TARGETED, M2, lambda m: ctx.child_rng(10 ** 6 + m))
    k0, mu0 = printed_erm_k_mu(N_TARGETED)              # the target: the printed calibration, recomputed
    t = sufficient_statistic_test(xs2, k0, mu0, info2["eta_tv"], BETA / 2)
    if t["reject"]:
        return fail("mean of h(x) = G x + mu x^2/2 within the Bernstein radius (beta = 5e-7) + eta_TV span of E_pi h",
                    f"|{t['dev']:+.4f}| > {t['r']:.4f} (M = {M2}, n = {N_TARGETED}, printed k = {k0:.4g}, "
                    f"mu = {mu0:.4g}; the runs reported k = {info2['k']:.4g}, mu = {info2['mu']:.4g})")
    shifts = detectable_shifts(k0, mu0, M2, BETA / 2, info2["eta_tv"])
    eff = "; ".join(f"{nm}: shift {sh:+.4f} ({'detected w.p. >= 1 - 5e-7' if ok else 'NOT reliably detected'})"
                    for nm, (sh, ok) in shifts.items())
    return Outcome(Verdict.STATISTICAL,
                   claimed="Thm 3.6.4's sampler (Thm 3.5.6 composite sampler) outputs the regularised exponential "
                           "mechanism pi ∝ exp(-k(F_D + mu x^2/2)) on K up to TV eta_TV",
                   computed=f"(a) KS = {ks:.4f} <= DKW radius {dkw:.4f} + eta_TV {p['eta_tv']:.2g} (M = {M}, n = {n}, "
                            f"symmetric data); (b) targeted: mean h - E_pi h = {t['dev']:+.4f}, |.| <= {t['r']:.4f} "
                            f"(M = {M2}, n = {N_TARGETED}, linear loss, E_pi h = {t['E']:.4f}, Var_pi h = {t['V']:.4f}); "
                            f"RGO calls = T of the rule in every run",
                   margin=min(thr - ks, t["r"] - abs(t["dev"])),
                   precision=f"false failure <= {BETA:g} (DKW 5e-7 + Bernstein 5e-7); detectable effects: (a) any "
                             f"sup-CDF deviation >= {thr + dkw:.3f} (k doubled moves the CDF by only {sup_k2:.3f}); "
                             f"(b) a shift of E h by more than r_null + r_alt (~{2 * t['r']:.3f}): {eff}",
                   details=f"(a) n = {n} data points s_i = linspace(-0.5, 0.5), f(x; s) = G|x - s|, k = {p['k']:.4g}, "
                           f"mu = {p['mu']:.4g}, T = {T_rule}; (b) f(x; s) = G x (optimum on the boundary), target "
                           f"(k, mu) = ({k0:.4g}, {mu0:.4g}) recomputed from the printed L3025-3031 (the runs reported "
                           f"({info2['k']:.4g}, {info2['mu']:.4g})), T = {info2['T']}; both: G = {G}, D = {D} (K = "
                           f"[-1, 1]), eps = {EPS}, delta = {DELTA}, independent runs of dp_erm (composite sampler, "
                           f"stand-ins C_eta = C_T = 1); exact laws by adaptive quadrature (rel. tol 1e-12); h is the "
                           f"sufficient statistic of k (likelihood-ratio direction). The regulariser alone contributes "
                           f"k mu x^2/2 <= d/4 to the log-density (k mu = 2d/D^2 at the calibration), so a wrong mu "
                           f"at fixed k is not detectable at this M; a wrong mu in the calibration is (k = 2 mu n^2 a^2/G^2)",
                   coverage=f"d = 1, n = {n} (both parts), one (eps, delta); the stand-in constants C_eta = C_T = 1 "
                            f"(the printed Theta-constants are unspecified)")


@check(P + "thm3_6_4.query_count", spec=[P + "thm3_6_4", P + "alg3", P + "thm3_1_5"], profile="full")
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


def _privacy_note(n, eps=EPS) -> str:
    """Privacy of the H8 runs replayed with the core accountant: GDP s of Thm 3.6.2 (G/n sensitivity, and 2G/n for
    replace-one neighbours) -> exact Gaussian curve (accounting.gdp_delta) -> the TV transfer (sampler_dp 'correct')."""
    from reference.core import accounting
    from reference.thesis.ch03.privacy import reg_exp_mech_gdp, sampler_dp
    p = dp_erm_parameters(eps, DELTA, G, D, n, 1)
    sg = reg_exp_mech_gdp(G, p["k"], n, p["mu"])
    d1 = sampler_dp(eps, float(accounting.gdp_delta(eps, sg)), p["eta_tv"])[1]
    d2 = sampler_dp(eps, float(accounting.gdp_delta(eps, 2 * sg)), p["eta_tv"])[1]
    return (f"privacy replayed (core accountant; GDP s = {sg:.3f} at every n, then the TV transfer with eta_TV): "
            f"(eps = {eps:g}, delta = {d1:.2g}) with the chapter's G/n sensitivity (<= {DELTA:g}), "
            f"(eps = {eps:g}, delta = {d2:.2g}) with 2G/n (replace-one)")


H8_EPS = 0.099                                    # < 1/10: Thm 3.1.5's hypothesis


@check(P + "exp.H8.sampled_utility", spec=[P + "exp.H8", P + "thm3_6_4", P + "thm3_1_5"], profile="full")
def _sampled_utility(ctx):
    # eps = 0.099 < 1/10 (the hypothesis of Thm 3.1.5 and of the eps < 1/10 form of Thm 3.6.4): the run's cost and
    # risk depend on n only through n a (k G D = 2 n a), so n = 40..320 here costs what n = 8..64 cost at eps = 0.5
    eps = H8_EPS
    ns = [40, 80, 160, 320] if ctx.full else [20, 40, 80]
    Rs = [16, 16, 16, 8] if ctx.full else [2, 2, 2]      # the n = 64 runs cost ~4.7 s each (T = 30514)
    samples, bounds, bounds_small, exact, Ts = [], [], [], [], []
    for j, n in enumerate(ns):
        orc = _linear_oracle(n)
        p = dp_erm_parameters(eps, DELTA, G, D, n, 1)
        T_rule = pr.expected_steps(p["k"], p["mu"], G, D, 1, p["eta_tv"], C_eta=1.0)
        row = []
        for r in range(Rs[j]):
            x, info = pr.dp_erm(orc, G, D, 1, eps, DELTA, ctx.child_rng(5000 + 100 * j + r), C_eta=1.0)
            if info["rgo_calls"] != T_rule:
                return fail("RGO calls = T of the parameter rule", f"n = {n}: {info['rgo_calls']} != {T_rule}")
            if not abs(x[0]) <= D / 2:
                return fail("output in K", f"x = {x}")
            row.append(G * (float(x[0]) + D / 2))
        samples.append(row)
        Ts.append(T_rule)
        bounds.append(G * D / (n * (math.sqrt(math.log(1 / DELTA) + eps) - math.sqrt(math.log(1 / DELTA)))))
        bounds_small.append(2 * G * D * math.sqrt(math.log(1 / DELTA)) / (eps * n))   # eps < 1/10 form
        exact.append((_exact_excess(p["k"], p["mu"]), p["eta_tv"]))
    means = [float(np.mean(s)) for s in samples]
    if any(m > min(b, b2) for m, b, b2 in zip(means, bounds, bounds_small)):
        return Outcome(Verdict.ERRATUM, claimed="E F_D(x) - F_D* <= GD sqrt d/(n(sqrt(L + eps) - sqrt L))",
                       computed=f"means {means} vs bounds {bounds}, {bounds_small}",
                       counterexample="a sampled mean above the bound",
                       details="", coverage="")
    ci = slope_interval(ns, samples, ctx.child_rng(97))
    ex = [e for e, _ in exact]
    ex_slope = math.log(ex[-1] / ex[0]) / math.log(ns[-1] / ns[0])
    ex_local = ", ".join(f"{math.log(b / a) / math.log(m / l):+.2f}" for a, b, l, m in zip(ex, ex[1:], ns, ns[1:]))
    fig = loglog_figure(ctx, "sampled_excess_vs_n", ns, samples, ci, theory=-1.0, competitor=-0.5, xlabel="n",
                        ylabel="excess empirical risk (sampled)", title="Thm 3.6.4, dp_erm with the composite sampler")
    return _upper_bound_partial(means, bounds, _exact_slope_guard(rate_outcome(
        ci, theory=-1.0, competitor=-0.5,
        claim="Thm 3.6.4: E F_D(x) - F_D* <= GD sqrt d/(n(sqrt(log(1/delta) + eps) - sqrt(log(1/delta)))) for the "
              "sampled mechanism, slope in n", figure=fig,
        details=f"means {', '.join(f'{m:.3g}' for m in means)} at n = {ns} (R = {Rs} runs of dp_erm, composite "
                f"sampler T = {Ts} steps = RGO calls asserted) vs the exact Gibbs expectations "
                f"{', '.join(f'{e:.3g}' for e in ex)} (for reference only: with R <= {max(Rs)} the Hoeffding radius at "
                f"1e-6 exceeds the range GD, so the agreement is not a test; the law is tested by alg3.sampler_in_law); "
                f"the EXACT mechanism's slope over this range is {ex_slope:+.2f} (local {ex_local}): on n <= {ns[-1]} "
                f"the mechanism itself is pre-asymptotic (kGD = 2 n a <= {2 * ns[-1] * (math.sqrt(math.log(3 / (4 * DELTA)) + eps) - math.sqrt(math.log(3 / (4 * DELTA)))):.0f}), "
                f"so no number of replicates can separate -1 from -1/2 here; all means are also below the eps < 1/10 "
                f"form 2GD sqrt(d log(1/delta))/(eps n) = {', '.join(f'{b:.3g}' for b in bounds_small)} "
                f"and below the "
                f"bound {', '.join(f'{b:.3g}' for b in bounds)}; f(x; s) = G x (optimum on the boundary), G = {G}, "
                f"D = {D}, eps = {eps}, delta = {DELTA}, d = 1, stand-ins C_eta = C_T = 1; {_privacy_note(ns[0], eps)}",
        coverage=f"n in [{ns[0]}, {ns[-1]}], d = 1, one (eps, delta); k = O(n eps/sqrt(log(1/delta))) is only "
                 f"{dp_erm_parameters(eps, DELTA, G, D, ns[-1], 1)['k']:.2g} at n = {ns[-1]}: the small-n end is near "
                 "the trivial level GD/2"), ci, ex_slope),
        f"n = 640 would take ~25 s per dp_erm run (T ~ 1.5e5 alternating steps), and separating -1 from -1/2 needs "
        f"a range where the exact slope is ~-1 (n >= 160) with ~40 runs per n")


# ------------------------------------------------------------------------------------------ DP-SCO population risk
SCO_EPS, SCO_DELTA, SCO_P = 0.099, 0.01, 0.9      # eps < 1/10 (Thm 3.6.9's hypothesis), P(s = +1) = SCO_P


def _upper_bound_partial(means, bounds, out, cost):
    """The accept rule for an UPPER bound measured on a pre-asymptotic range
    (:func:`proofs_checks.experiments.below_bound_outcome`)."""
    return below_bound_outcome(out, means, bounds,
                               why="the exact mechanism is itself pre-asymptotic on this range, see details",
                               wider=cost)


def _exact_slope_guard(out, ci, ex_slope):
    """A holding rate outcome whose interval EXCLUDES the exact mechanism's own slope over the same range (computed
    exactly from the Gibbs law, no sampling) agrees with the theory exponent only by sampling noise: PARTIAL, saying so."""
    if out.verdict not in (Verdict.STATISTICAL, Verdict.NUMERIC) or ci.contains(ex_slope):
        return out
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                   details=out.details, artifacts=out.artifacts,
                   coverage=out.coverage + f"; missing: the interval contains the theory exponent but excludes the EXACT "
                   f"mechanism's slope over the same range ({ex_slope:+.2f}, no sampling): the agreement with the theory "
                   f"exponent is sampling noise, not a reproduction of the rate")


def _sco_data(n, rng):
    """n i.i.d. samples s in {+1, -1}, P(s = +1) = SCO_P; f(x; s) = G|x - s| (G-Lipschitz, convex) on K = [-1, 1].
    Population F(x) = G(1 - (2 SCO_P - 1) x) on K: optimum x* = 1 on the boundary, excess G (2 SCO_P - 1)(1 - x)."""
    s = np.where(rng.random(n) < SCO_P, 1.0, -1.0)[:, None]
    return SampleAccessOracle(lambda x, si: G * np.sign(x - si), s,
                              per_sample_loss=lambda x, si: G * float(np.abs(x - si).sum()))


def _sco_exact_population_excess(n):
    """E over data sets (exact Binomial average) of E_{pi_D}[F(x) - F*] for the exact Gibbs law pi_D of Thm 3.6.9's
    mechanism (quadrature on 2e4 nodes; the reference the sampled means should approach, not a test)."""
    from scipy import stats
    q = dp_sco_parameters(SCO_EPS, SCO_DELTA, G, D, n, 1)
    x = np.linspace(-D / 2, D / 2, 20001)
    tot = 0.0
    for m, w in zip(range(n + 1), stats.binom.pmf(np.arange(n + 1), n, SCO_P)):
        if w < 1e-14:
            continue
        lw = -q["k"] * (G * (1 - (2 * m / n - 1) * x) + q["mu"] * x * x / 2)
        ww = np.exp(lw - lw.max())
        tot += w * float(np.trapezoid(ww * G * (2 * SCO_P - 1) * (1 - x), x) / np.trapezoid(ww, x))
    return tot


def _replayed_privacy(params, n, eps, delta) -> tuple[float, float, float]:
    """(delta with G/n sensitivity, delta with 2G/n, GDP s) of the run's mechanism at eps: GDP s = G sqrt(k)/(n sqrt(mu))
    (Thm 3.6.2) -> exact Gaussian curve (core accountant accounting.gdp_delta) -> TV transfer with eta_TV."""
    from reference.core import accounting
    from reference.thesis.ch03.privacy import reg_exp_mech_gdp, sampler_dp
    sg = reg_exp_mech_gdp(G, params["k"], n, params["mu"])
    return (sampler_dp(eps, float(accounting.gdp_delta(eps, sg)), params["eta_tv"])[1],
            sampler_dp(eps, float(accounting.gdp_delta(eps, 2 * sg)), params["eta_tv"])[1], sg)


@check(P + "exp.H9.sampled_population_risk", spec=[P + "exp.H9", P + "thm3_6_9", P + "alg4", P + "thm3_1_6"],
       profile="full")
def _sco_population_risk(ctx):
    ns = [64, 96, 128, 192, 256] if ctx.full else [16, 24, 32]
    R = 10 if ctx.full else 2
    samples, bounds, exact, Ts, privs = [], [], [], [], []
    for j, n in enumerate(ns):
        q = dp_sco_parameters(SCO_EPS, SCO_DELTA, G, D, n, 1)
        T_rule = pr.expected_steps(q["k"], q["mu"], G, D, 1, q["eta_tv"], C_eta=1.0)
        d1, d2, sg = _replayed_privacy(q, n, SCO_EPS, SCO_DELTA)
        if not d1 <= SCO_DELTA:
            return fail("replayed privacy (G/n sensitivity) within the claimed delta",
                        f"n = {n}: delta = {d1:.3g} > {SCO_DELTA}")
        privs.append((sg, d1, d2))
        row = []
        for r in range(R):
            rng = ctx.child_rng(7000 + 100 * j + r)
            orc = _sco_data(n, rng)                           # a fresh i.i.d. data set per replicate
            q0 = orc.calls
            x, info = pr.dp_sco(orc, G, D, 1, SCO_EPS, SCO_DELTA, rng, C_eta=1.0)
            if not info["rgo_calls"] == info["T"] == T_rule:
                return fail("RGO calls = T of the parameter rule", f"n = {n}: {info['rgo_calls']} != {T_rule}")
            if info["value_queries"] != orc.calls - q0:
                return fail("reported value queries = oracle count", f"{info['value_queries']} != {orc.calls - q0}")
            if not abs(x[0]) <= D / 2:
                return fail("output in K", f"x = {x}")
            row.append(G * (2 * SCO_P - 1) * (1 - float(x[0])))   # population excess F(x) - F*, exact given x
        samples.append(row)
        Ts.append(T_rule)
        bounds.append(q["printed"])
        exact.append(_sco_exact_population_excess(n))
    means = [float(np.mean(s)) for s in samples]
    ci = slope_interval(ns, samples, ctx.child_rng(96))
    ex_slope = math.log(exact[-1] / exact[0]) / math.log(ns[-1] / ns[0])
    fig = loglog_figure(ctx, "sampled_population_excess_vs_n", ns, samples, ci, theory=-1.0, competitor=-0.5,
                        xlabel="n", ylabel="population excess risk (sampled)",
                        title="Thm 3.6.9, dp_sco with the composite sampler")
    sgs = sorted(set(round(p[0], 6) for p in privs))
    out = rate_outcome(
        ci, theory=-1.0, competitor=-0.5,
        claim="Thm 3.6.9: E F(x) - F* <= GD(2 sqrt(d log(1/delta))/(eps n) + 2/sqrt n) for the sampled mechanism; "
              "slope in n where the privacy term dominates (n < d log(1/delta)/eps^2)", figure=fig,
        details=f"means {', '.join(f'{m:.3g}' for m in means)} at n = {ns} (R = {R} runs of dp_sco each, a fresh "
                f"i.i.d. data set per run, composite sampler T = {Ts} steps = RGO calls asserted, value queries = the "
                f"oracle's count) vs the exact Gibbs population expectations {', '.join(f'{e:.3g}' for e in exact)} "
                f"(exact slope over the range {ex_slope:+.2f}: the mechanism itself is pre-asymptotic at small n) and "
                f"below the printed bound {', '.join(f'{b:.3g}' for b in bounds)}; data s = +1 w.p. {SCO_P}, -1 "
                f"otherwise, f(x; s) = G|x - s|, population optimum x* = 1 on the boundary of K = [-1, 1], G = {G}, "
                f"D = {D}, eps = {SCO_EPS}, delta = {SCO_DELTA}, d = 1, stand-ins C_eta = C_T = 1; privacy replayed "
                f"(core accountant: GDP s = {', '.join(f'{v:.4f}' for v in sgs)} at every n -> accounting.gdp_delta "
                f"-> TV transfer (1 + e^eps) eta_TV): (eps = {SCO_EPS}, delta <= {max(p[1] for p in privs):.2g}) with "
                f"the chapter's G/n sensitivity (asserted <= {SCO_DELTA}), delta <= {max(p[2] for p in privs):.2g} with "
                f"2G/n (replace-one)",
        coverage=f"n in [{ns[0]}, {ns[-1]}], d = 1, one (eps, delta), one data law; the crossover to the 2/sqrt n "
                 f"term is at n = d log(1/delta)/eps^2 = {math.log(1 / SCO_DELTA) / SCO_EPS ** 2:.0f}")
    out = _exact_slope_guard(out, ci, ex_slope)
    return _upper_bound_partial(means, bounds, out,
                                f"n = 384 costs ~7 s per dp_sco run (T = 4.7e4 steps), n = 512 ~14 s (T = 9e4)")
