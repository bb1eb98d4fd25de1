"""Checks of thesis 003 Ch.3 on the sampler proof steps and the DP-ERM/SCO instantiations: union bound and
per-index tails of Lemma 3.5.5 (audits C-7, C-8), Theta vs O in Thm 3.6.4 (C-13), regulariser centring (C-14),
exact-Gibbs utility (H8/H9) and sampler cost per step (H11) (spec 003_ch03.*)."""
from __future__ import annotations

import math

import numpy as np
from scipy import integrate, stats

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail, proof_gap
from proofs_checks.thesis.ch03.one_dim_instances import _norm_logdens

P = "003_ch03."


@check(P + "audit.C8.per_index_tail", spec=[P + "audit.C8", P + "eq3_16"])
def _c8(ctx):
    G, eta = 1.0, 2.0 ** -8
    # linear f_j(x) = G <a, x> (a unit), x, z ~ N(y, eta I): f_j(z) - f_j(x) ~ N(0, 2 eta G^2)
    true = 2 * stats.norm.sf(0.5 / (G * math.sqrt(2 * eta)))
    printed = math.exp(-1 / (8 * eta * G * G))
    corrected = 4 * math.exp(-1 / (32 * eta * G * G))
    if not (true > printed and true <= corrected):
        return fail("C-8", f"{true} {printed} {corrected}")
    return proof_gap(claimed="(3.16), L2945-2953: Pr[|f_j(z) - f_j(x)| >= 1/2] <= exp(-1/(8 eta G^2)) per index",
                   computed=f"exact for a linear G-Lipschitz f_j: 2 Phibar(1/(2G sqrt(2eta))) = {true:.3e}",
                   counterexample=f"G = 1, eta = 2^-8 (the thesis's own step-size range): true {true:.3e} > printed {printed:.3e}",
                   margin=printed - true,
                   details=f"corrected per-index bound 4 exp(-1/(32 eta G^2)) = {corrected:.3e} >= true; (3.16) then needs eta smaller by a constant factor (asymptotically immaterial)")


@check(P + "audit.C13.theta_vs_O", spec=[P + "audit.C13"])
def _c13(ctx):
    n, delta = 1000, 1e-3
    rows = []
    for eps in (0.1, 1.0, 10.0, 100.0, 1000.0, 1e4):
        L = math.log(3 / (4 * delta))
        a = eps / (math.sqrt(L + eps) + math.sqrt(L))
        T = 2 * n * n * a * a                          # k G^2/mu
        claimed = eps * eps * n * n / math.log(1 / delta)
        rows.append((eps, T / claimed))
    if not (rows[-1][1] < 0.01 * rows[0][1] and all(b[1] < a[1] for a, b in zip(rows, rows[1:]))):
        return fail("C-13", str(rows))
    return erratum(claimed="Thm 3.6.4: the number of queries is Theta((eps^2 n^2/log(1/delta)) log^2(nd eps/delta)) for all eps > 0",
                   computed="k G^2/mu = 2 n^2 (sqrt(L + eps) - sqrt(L))^2 = Theta(n^2 eps) for eps >> L",
                   counterexample="n = 1000, delta = 1e-3: ratio (k G^2/mu)/(eps^2 n^2/log(1/delta)) = " + ", ".join(f"{r:.2e} (eps={e:g})" for e, r in rows)
                                  + "; the ratio -> 0, so a Theta (lower) bound of that form fails (the log^2 factor grows only logarithmically)",
                   margin=-1.0, details="the upper bound O(.) holds; Thm 3.1.5 writes log^2(nd/delta), Thm 3.6.4 log^2(nd eps/delta)")


@check(P + "audit.C14.center_outside", spec=[P + "audit.C14", P + "thm3_6_2"])
def _c14(ctx):
    # K = [10, 11] (D = 1), n users with f(x;s) = G (11 - x) (linear, convex), mu = 0.1, k = 1e4, d = 1
    G, mu, k = 1.0, 0.1, 1e4
    lo, hi = 10.0, 11.0
    lw = lambda x: -k * (G * (11 - x) + mu * x * x / 2)
    val = integrate.quad(lambda x: (G * (11 - x)) * math.exp(lw(x) - lw(10.0)), lo, hi, points=[10.0, 10.01], limit=200)[0] / \
        integrate.quad(lambda x: math.exp(lw(x) - lw(10.0)), lo, hi, points=[10.0, 10.01], limit=200)[0]
    bound = 1 / k + mu * 1.0 ** 2 / 2
    # corrected: regulariser centred at x0 = 10.5 in K: exp(-k(F + mu (x - x0)^2/2))
    lw2 = lambda x: -k * (G * (11 - x) + mu * (x - 10.5) ** 2 / 2)
    ref = max(lw2(t) for t in np.linspace(lo, hi, 1001))
    val2 = integrate.quad(lambda x: (G * (11 - x)) * math.exp(lw2(x) - ref), lo, hi, limit=200)[0] / \
        integrate.quad(lambda x: math.exp(lw2(x) - ref), lo, hi, limit=200)[0]
    bound2 = 1 / k + mu * 1.0 ** 2 / 2
    if not (val > bound and val2 <= bound2):
        return fail("C-14", f"{val} {bound} {val2}")
    return erratum(claimed="Thm 3.6.2 utility: E F(x) - F* <= d/k + mu D^2/2 for x ~ exp(-k(F + mu||x||^2/2)) on K of diameter D",
                   computed=f"requires ||x*|| <= D (0 in K); otherwise the regulariser bias is mu ||x*||^2/2",
                   counterexample=f"K = [10, 11] (D = 1), F(x) = 11 - x (G = 1), mu = 0.1, k = 1e4, d = 1: E F(x) - F* = {val:.4f} > d/k + mu D^2/2 = {bound:.4f}",
                   margin=bound - val,
                   details=f"corrected: regulariser centred at a data-independent point of K (x0 = 10.5): E F - F* = {val2:.4f} <= {bound2:.4f}")


@check(P + "exp.H11.queries_per_step", spec=[P + "exp.H11"])
def _h11(ctx):
    from reference.core.oracles import SampleAccessOracle
    from reference.thesis.ch03.sampler import composite_sampler_parameters, rgo_rejection
    rng = ctx.rng
    rows = []
    calls_per = 150
    for G in (0.5, 2.0, 8.0):
        mu, d, D, delta = 1.0, 1, 1.0, 1e-3
        prm_ = composite_sampler_parameters(G, mu, d, D, delta)
        c = ctx.child_rng(int(G * 10)).uniform(-1, 1, 20)
        orc = SampleAccessOracle(lambda x, s: G * np.sign(x - s), c.reshape(-1, 1), per_sample_loss=lambda x, s: G * abs(x[0] - s[0]))
        st = {}
        for _ in range(calls_per):
            y = rng.standard_normal(1) * 0.5
            rgo_rejection(orc, y, prm_["eta"], mu, rng, stats=st)
        q = orc.calls / calls_per
        rows.append((G, prm_["T"], prm_["eta"], q, st["rounds"] / calls_per))
    # O(1) per step: the mean value-query count per RGO call must not grow with G^2/mu (eta G^2 log(1/delta_in) fixed)
    qs = [r[3] for r in rows]
    bound = 2 * 2 * math.e * 6            # 2 values per index, e fresh indices per round on average, <= 6 rounds (EX >= 1/3)
    # Hoeffding-free guard: rounds are geometric; use a generous deterministic factor on the mean and a monotonic-growth test
    if max(qs) > bound or max(qs) > 3 * min(qs):
        return fail("O(1) queries per step", str(rows))
    Ts = [r[1] for r in rows]
    slope = math.log(Ts[-1] / Ts[0]) / math.log((rows[-1][0] / rows[0][0]) ** 2)
    return Outcome(Verdict.NUMERIC, claimed="Thm 3.5.6: O(1) expected value queries per step; T = Theta((G^2/mu) log^2(...)) steps",
                   computed="; ".join(f"G={G}: T={T}, eta={eta:.2e}, queries/step={q:.2f}, rounds/step={r:.2f}" for G, T, eta, q, r in rows)
                            + f"; slope of T in G^2/mu = {slope:.3f} (1 + log factors)",
                   margin=bound - max(qs), precision="T exact from the parameter fixed point; queries/step are Monte Carlo means over 150 RGO calls (instance evidence, not a calibrated test; guard: <= 4e*6 = 65 and no growth with G)",
                   details="1-D, 20 users f_i = G|x - c_i|, mu = 1, delta = 1e-3, C_eta = 2^-8, C_T = 1 (stand-ins); T from the fixed point of A3.7")


def _gibbs_expect(logw, fvals, x):
    w = np.exp(logw - logw.max())
    return float(np.trapezoid(w * fvals, x) / np.trapezoid(w, x))


@check(P + "exp.H8_H9.exact_utility", spec=[P + "exp.H8", P + "exp.H9"])
def _h8h9(ctx):
    from reference.thesis.ch03 import params as prm
    G, D, d = 1.0, 3.0, 1
    x = np.linspace(-D / 2, D / 2, 40001)           # K = [-1.5, 1.5] contains 0 (audit C-14)
    rows8, rows9 = [], []
    for (n, eps, delta) in ((50, 0.05, 1e-5), (200, 0.09, 1e-3), (1000, 0.05, 1e-6)):
        # H8 (Thm 3.6.4): worst-ish data set: users split at the two ends s in {-1, +1}, 70% at +1
        p = prm.dp_erm_parameters(eps, delta, G, D, n, d)
        m = int(0.7 * n)
        F = G * (m * np.abs(x - 1) + (n - m) * np.abs(x + 1)) / n
        excess = _gibbs_expect(-p["k"] * (F + p["mu"] * x * x / 2), F, x) - F.min()
        rows8.append((n, eps, delta, excess, p["utility"], 2 * G * D * math.sqrt(d * math.log(1 / delta)) / (eps * n)))
        # H9 (Thm 3.6.9): s = +1 w.p. 0.7, -1 w.p. 0.3 i.i.d.; population F^(x) = G(0.7|x-1| + 0.3|x+1|); exact expectation over the
        # Binomial number of +1 users
        q = prm.dp_sco_parameters(eps, delta, G, D, n, d)
        Fpop = G * (0.7 * np.abs(x - 1) + 0.3 * np.abs(x + 1))
        ks = np.arange(n + 1)
        pk = stats.binom.pmf(ks, n, 0.7)
        keep = pk > 1e-10
        tot = 0.0
        for kk, pkk in zip(ks[keep], pk[keep]):
            Fd = G * (kk * np.abs(x - 1) + (n - kk) * np.abs(x + 1)) / n
            tot += pkk * _gibbs_expect(-q["k"] * (Fd + q["mu"] * x * x / 2), Fpop, x)
        tot /= pk[keep].sum()
        rows9.append((n, eps, delta, tot - Fpop.min(), q["printed"]))
    bad8 = [r for r in rows8 if not (r[3] <= r[4] <= r[5] * (1 + 1e-12))]
    bad9 = [r for r in rows9 if not r[3] <= r[4]]
    if bad8 or bad9:
        return fail("exact utility of the regularised exponential mechanism", f"{bad8} {bad9}")
    return Outcome(Verdict.NUMERIC, claimed="Thm 3.6.4: E excess <= GD sqrt(d)/(n a) <= 2GD sqrt(d log(1/delta))/(eps n) (eps < 1/10); Thm 3.6.9: population excess <= GD(2 sqrt(d log(1/delta))/(eps n) + 2/sqrt n)",
                   computed="ERM: " + "; ".join(f"n={n}: {e:.4f} <= {u:.4f} <= {b:.4f}" for n, _, _, e, u, b in rows8)
                            + " | SCO: " + "; ".join(f"n={n}: {e:.4f} <= {b:.4f}" for n, _, _, e, b in rows9),
                   margin=float(min(min(r[4] - r[3] for r in rows8), min(r[4] - r[3] for r in rows9))),
                   precision="exact expectations by quadrature (trapezoid 4e4 nodes) and exact Binomial averaging over data sets (no sampling)",
                   details="d = 1, G = 1, K = [-1.5, 1.5] (D = 3, 0 in K), users at s = +-1; exact Gibbs expectation replaces the sampler (TV error of the sampler not included)")


@check(P + "audit.C7.union_bound", spec=[P + "audit.C7", P + "eq3_14_15"])
def _c7(ctx):
    G, L, k = 1.0, 4, 1
    eta = 2.0 ** -8 / (G * G * L)                      # the thesis's step-size condition for (3.15)
    s = 2 ** k / 4
    # all L^2/2 indices carry the same linear f (a legal family): the union event is one event of probability
    true = 2 * stats.norm.sf(s / (G * math.sqrt(2 * eta)))
    printed = L * L * math.exp(-4 ** k / (32 * eta * G * G))
    corrected = (L * L / 2) * 4 * math.exp(-4 ** k / (128 * eta * G * G))
    if not (true > printed and true <= corrected):
        return fail("C-7", f"{true} {printed} {corrected}")
    return proof_gap(claimed="L2927: Pr(|f_i(x) - f_i(z)| >= 2^k/4 for some i in rho_<=L) <= L^2 exp(-4^k/(32 eta G^2))",
                   computed=f"for linear G-Lipschitz f_i (f_i(z) - f_i(x) ~ N(0, 2 eta G^2) under G_y): exact probability {true:.3e}",
                   counterexample=f"G = 1, L = 4, k = 1, eta = 2^-8/(G^2 L): exact {true:.3e} > printed {printed:.3e}",
                   margin=printed - true,
                   details=f"corrected union bound (L^2/2) 4 exp(-4^k/(128 eta G^2)) = {corrected:.3e} >= exact; with eta <= 2^-8/(G^2 L) it gives exp(-2 4^k L) up to the prefactor, as the next line uses")
