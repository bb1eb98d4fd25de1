"""H12.1 (Thm 12.3.8: Alg 37 using Alg 38 in line 5), run end to end in a documented scaled regime.

The printed regime cannot run (003_ch12.exp.H12_1.nontrivial_size: J ≥ 400 log(I/δ) copies, the bound trivial until
n ≥ 13,285 and ≥ 1.2e11 queries for a ladder).  This experiment runs the same algorithm (``thm1238_sco``: the proof's
sample split L9049-9055, Alg 38 per phase with R = Δ4^i/λ_i, P12.0 = Alg 36 per portion), private, with two constants
scaled and stated:
  * J = 3 copies per phase (the proof: J ∈ [400, 500]·log(I/δ), ≥ 1476 at δ = 0.1) — so the 1 − δ event of the proof's
    Chernoff step is not what is tested; the rate in n at fixed J is;
  * C_reg-pop = 1/16 in Δ = 3C_reg-pop(G_k(√d/(m√ρ))^{1−1/k} + G_2/√m) (unspecified in the thesis; ≤ 106.8 by the
    catalog): at C_reg-pop ≥ 1/8 the localization radius exceeds what any mean can move on this ladder (the algorithm
    never leaves x_0 — the trivial regime of the nontrivial_size check).
λ = the printed optimizer of Prop 12.3.7's bound, √(2(G_1Δ/8^I + Δ²/4))/D; G_1 := G_2 (Jensen; a larger restriction
ball B(x̄, 2G_1/λ_i)); Aggregate radius R/3 (the corrected Alg 38, AU12.7).

Instance: f(x; s) = ⟨s, x⟩ on X = B(0, 1) (D = 2), x_0 = 0, d = 2, s = μe_1 + r·u (u uniform on the circle, r Pareto(α
= 4.5), k = 4; G_2, G_4 in closed form, shared with H12.3/H12.4).  Excess μ(x_1 + 1) exact.  The algorithm gets the
class constants (G_2, G_4) of the ladder's largest mean; each n takes the worst mean of the phase model: an exact
localization step moves x by μ/λ_i along −e_1, so the excess is ≈ μ(1 − μΣ_i 1/λ_i), maximal at μ*(n) = 1/(2Σ_i 1/λ_i).

Privacy of the noise the code adds: every sample is read by exactly one P12.0 call (asserted from per-sample read
counts: T_i reads for a sample of phase i), whose T_i Gaussian releases of sensitivity 2C_i/m_i at the σ_i the code
uses (prop1231_sigma, replayed exactly by 003_ch12.priv.PC9.replay) are composed with the core zCDP accountant and
asserted ≤ ρ.  ρ = 2d/m_max = 1/128, so T_i = max(m_i, ⌈m_i²ρ/d⌉) = m_i on the whole ladder.  Gradient queries asserted
= Σ_i J m_i max(m_i, ⌈m_i²ρ/d⌉) and ≤ max(n², n³ρ/d) (C_sco = 1).  Aggregate's fallbacks (no 0.51J cluster) counted.
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check
from proofs_checks.thesis.ch12.headline_h12_4 import _draw, _moments
from reference.core.accounting import zcdp_compose, zcdp_gaussian
from reference.core.oracles import QueryCounter
from reference.thesis.ch12.algorithms import prop1231_sigma, thm1238_sco

C12 = "003_ch12"
D_DIAM = 2.0                       # X = B(0, 1): diameter 2


def project_two_balls(y, a, ra, b, rb):
    """Exact Euclidean projection of y onto B(a, ra) ∩ B(b, rb) (assumed non-empty), d >= 2: a single-ball projection
    when it lies in the other ball, else the nearest point of the intersection of the two spheres."""
    y = np.asarray(y, dtype=float)
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    tol = 1e-12

    def pb(c, r):
        v = y - c
        nv = float(np.linalg.norm(v))
        return y.copy() if nv <= r else c + v * (r / nv)

    pa = pb(a, ra)
    if np.linalg.norm(pa - b) <= rb * (1 + tol) + tol:
        return pa
    pbb = pb(b, rb)
    if np.linalg.norm(pbb - a) <= ra * (1 + tol) + tol:
        return pbb
    w = b - a
    L = float(np.linalg.norm(w))
    u = w / L
    t = (ra * ra - rb * rb + L * L) / (2 * L)          # centre of the intersection circle: a + t u
    h = math.sqrt(max(ra * ra - t * t, 0.0))
    c = a + t * u
    v = (y - c) - float(np.dot(y - c, u)) * u
    nv = float(np.linalg.norm(v))
    if nv == 0.0:
        e = np.zeros_like(u)
        e[int(np.argmin(np.abs(u)))] = 1.0
        v = e - float(np.dot(e, u)) * u
        nv = float(np.linalg.norm(v))
    return c + h * v / nv


def _restricted(x_bar, r):
    """Π onto (X − x̄) ∩ B(0, r) with X = B(0, 1)."""
    xb = np.asarray(x_bar, dtype=float).copy()
    z = np.zeros_like(xb)
    return lambda y: project_two_balls(y, -xb, 1.0, z, r)


def _setup(m, d, k, rho, Crp, G2, Gk):
    I = int(math.log2(m))
    Delta = 3 * Crp * (Gk * (math.sqrt(d) / (m * math.sqrt(rho))) ** (1 - 1 / k) + G2 / math.sqrt(m))
    lam = math.sqrt(2 * (G2 * Delta / 8 ** I + Delta ** 2 / 4)) / D_DIAM      # Prop 12.3.7's optimizer, G_1 := G_2
    mu_star = 1.0 / (2 * sum(1.0 / (lam * 32 ** i) for i in range(1, I + 1)))
    return I, Delta, lam, mu_star


def _class(ms, d, k, rho, Crp):
    G2, Gk = _moments(0.0, d)
    for _ in range(60):                                   # the class of the ladder's largest worst mean (fixed point)
        G2n, Gkn = _moments(_setup(min(ms), d, k, rho, Crp, G2, Gk)[3], d)
        if abs(G2n - G2) < 1e-12 and abs(Gkn - Gk) < 1e-12:
            break
        G2, Gk = G2n, Gkn
    return G2, Gk


def _expected_queries(m, J, rho, d):
    I = int(math.log2(m))
    return sum(J * (m // 2 ** i) * max(m // 2 ** i, math.ceil((m // 2 ** i) ** 2 * rho / d)) for i in range(1, I + 1))


def _run_cell(rng, m, J, d, k, rho, Crp, G2, Gk, reps):
    I, Delta, lam, mu = _setup(m, d, k, rho, Crp, G2, Gk)
    n = J * m
    # privacy of the code's noise: each phase-i sample takes part in T_i releases of one P12.0 call
    worst_rho = 0.0
    for i in range(1, I + 1):
        m_i = m // 2 ** i
        T_i = max(m_i, math.ceil(m_i * m_i * rho / d))
        C_i = Gk * (25 * m_i * m_i * rho / (32 * d)) ** (1 / (2 * k))
        sig = prop1231_sigma(C_i, T_i, m_i, rho)
        worst_rho = max(worst_rho, zcdp_compose([zcdp_gaussian(sig, 2 * C_i / m_i)] * T_i))
    if worst_rho > rho * (1 + 1e-9):
        raise AssertionError(f"m = {m}: per-sample zCDP {worst_rho} > ρ = {rho}")
    q_expect = _expected_queries(m, J, rho, d)
    if q_expect > max(n * n, n ** 3 * rho / d):
        raise AssertionError(f"m = {m}: {q_expect} queries > max(n², n³ρ/d) (C_sco = 1)")
    exc, fallbacks, ev = [], 0, dict(cor=0, r3=0, all=0)
    for _ in range(reps):
        S = _draw(rng, n, d, mu)
        reads = np.zeros(n, dtype=np.int64)

        def g(x, s):
            reads[s] += 1
            return S[s]

        cnt, tr = QueryCounter(), []
        x = thm1238_sco(list(range(n)), g, _restricted, np.zeros(d), J=J, lam=lam, Delta=Delta, G1=G2, Gk=Gk, k=k,
                        rho=rho, rng=rng, counter=cnt, trace=tr)
        if cnt.calls != q_expect:
            raise AssertionError(f"m = {m}: {cnt.calls} gradient queries, expected Σ_i J m_i max(m_i, ⌈m_i²ρ/d⌉) = "
                                 f"{q_expect}")
        pos = 0
        for i in range(1, I + 1):                          # per-sample reads: T_i for the phase's block, 0 elsewhere
            m_i = m // 2 ** i
            T_i = max(m_i, math.ceil(m_i * m_i * rho / d))
            if not np.all(reads[pos:pos + J * m_i] == T_i):
                raise AssertionError(f"m = {m}, phase {i}: a sample was read {sorted(set(reads[pos:pos + J * m_i]))} "
                                     f"times, expected T_i = {T_i} (one P12.0 call)")
            pos += J * m_i
        if np.any(reads[pos:]):
            raise AssertionError(f"m = {m}: a discarded sample was read")
        fallbacks += sum(not t["found"] for t in tr)
        for t in tr:                                     # Cor 12.3.6's event per copy, against the exact x_i*
            lam_i, m_i = t["lam_i"], t["m_i"]
            z = t["x_prev"] - mu * np.eye(d)[0] / lam_i  # x_i* = argmin μx_1 + (λ_i/2)‖x − x_{i−1}‖² over B(0, 1)
            xs = z / max(1.0, float(np.linalg.norm(z)))
            r_cor = Crp / lam_i * (Gk * (math.sqrt(d) / (m_i * math.sqrt(rho))) ** (1 - 1 / k) + G2 / math.sqrt(m_i))
            dist = np.linalg.norm(t["points"] - xs, axis=1)
            ev["cor"] += int((dist <= r_cor).sum()); ev["r3"] += int((dist <= t["R"] / 3).sum()); ev["all"] += len(dist)
            ev.setdefault("ratio", []).extend((dist * Crp / r_cor).tolist())   # C_reg-pop this copy would need
        if float(np.linalg.norm(x)) > 1 + 1e-9:
            raise AssertionError(f"m = {m}: output outside X (‖x‖ = {np.linalg.norm(x)})")
        exc.append(mu * (float(x[0]) + 1.0))
    return exc, dict(I=I, Delta=Delta, lam=lam, mu=mu, n=n, q=q_expect, rho_s=worst_rho, fallbacks=fallbacks,
                     phases=I * reps, ev=ev)


def _bound_shape(n, d, k, rho, G2, Gk, delta):
    L = math.log(1 / delta)
    return Gk * D_DIAM * (math.sqrt(d) * L / (n * math.sqrt(rho))) ** (1 - 1 / k) + G2 * D_DIAM * math.sqrt(L / n)


@check(f"{C12}.exp.H12_1.excess_vs_n", spec=(f"{C12}.exp.H12_1", f"{C12}.thm12_3_8", f"{C12}.cor12_3_6"),
       profile="full")
def _h121_run(ctx):
    d, k, J, Crp, reps, delta = 2, 4, 3, 1 / 16, 8, 0.1
    ms = [64, 128, 256, 512, 1024]
    rho = 2 * d / max(ms)
    G2, Gk = _class(ms, d, k, rho, Crp)
    rng = ctx.child_rng(1211)
    samples, rows, ns, fb, ph, ev = [], [], [], 0, 0, dict(cor=0, r3=0, all=0)
    for m in ms:
        exc, p = _run_cell(rng, m, J, d, k, rho, Crp, G2, Gk, reps)
        samples.append(exc); ns.append(p["n"]); fb += p["fallbacks"]; ph += p["phases"]
        for key in ("cor", "r3", "all"):
            ev[key] += p["ev"][key]
        ev.setdefault("ratio", []).extend(p["ev"]["ratio"])
        rows.append(f"n={p['n']} (m={m}, I={p['I']}): μ*={p['mu']:.4f}, λ={p['lam']:.4g}, Δ={p['Delta']:.4g}, "
                    f"queries {p['q']}, per-sample zCDP {p['rho_s']:.4g} ≤ ρ, mean excess {np.mean(exc):.4g} "
                    f"(model μ*/2 = {p['mu'] / 2:.4g}), Aggregate fallbacks {p['fallbacks']}/{p['phases']}, P12.0 "
                    f"copies within Cor 12.3.6's radius (C_reg-pop = {Crp:g}) of x_i* {p['ev']['cor']}/{p['ev']['all']}, "
                    f"within R/3 {p['ev']['r3']}/{p['ev']['all']}")
    cls = [_bound_shape(n, d, k, rho, G2, Gk, delta) for n in ns]
    th = float(np.polyfit(np.log(ns), np.log(cls), 1)[0])
    ci = slope_interval(ns, samples, ctx.child_rng(1212))
    fig = loglog_figure(ctx, "excess_vs_n", ns, samples, ci, theory=th, competitor=-0.5, xlabel="n",
                        ylabel="excess population loss at μ*(n)",
                        title="H12.1 Thm 12.3.8 (Alg 37 + Alg 38), J = 3, C_reg-pop = 1/16, k = 4")
    out = rate_outcome(ci, theory=th, competitor=-0.5,
                       claim=f"Thm 12.3.8: excess ≲ G_kD(√d log(1/δ)/(n√ρ))^{{3/4}} + G_2D√(log(1/δ)/n) (local slope "
                             f"of the printed bound at the class constants G_2 = {G2:.3f}, G_4 = {Gk:.3f}, ρ = {rho:g}: "
                             f"{th:+.3f} over n ∈ {ns})",
                       figure=fig, details="; ".join(rows),
                       coverage=f"scaled: J = {J} (printed ≥ 400 log(I/δ)), C_reg-pop = {Crp:g}; n ∈ {ns}, d = {d}, "
                                f"ρ = {rho:g} (zCDP of the code's noise asserted ≤ ρ per sample), k = 4, {reps} "
                                f"replicates per n; queries = Σ_i J m_i max(m_i, ⌈m_i²ρ/d⌉) asserted; Aggregate "
                                f"fallbacks {fb}/{ph} phases; Cor 12.3.6's event (‖x^j − x_i*‖ ≤ (C_reg-pop/λ_i)(G_k"
                                f"(√d/(m_i√ρ))^{{3/4}} + G_2/√m_i), x_i* exact) in {ev['cor']}/{ev['all']} copies = "
                                f"{ev['cor'] / ev['all']:.3f} (claimed ≥ 0.55 for the unspecified C_reg-pop; the "
                                f"0.55-quantile of the constant each copy needs, i.e. the implied C_reg-pop on this "
                                f"instance, is {float(np.quantile(ev['ratio'], 0.55)):.3g}), (12.8)'s R/3 in "
                                f"{ev['r3']}/{ev['all']}; "
                                "competitor −1/2 is the non-private rate")
    if out.verdict == Verdict.PARTIAL:
        return out                                   # the interval contains the competitor too (its missing says so)
    # a scaled regime (J, C_reg-pop) can neither establish nor refute the printed theorem: PARTIAL either way
    what = (f"the interval excludes the bound's local slope {th:+.3f}" if out.verdict == Verdict.ERRATUM else
            f"the accept rule holds in this scaled range (contains {th:+.3f}, excludes −1/2)")
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                   details=out.details, artifacts=out.artifacts, margin=out.margin,
                   coverage=out.coverage + f"; {what}; missing: the printed regime — J ∈ [400, 500]·log(I/δ) copies "
                                           "(so the 1 − δ event of the Chernoff step is not tested) and the "
                                           "unspecified C_reg-pop, C_sco (1/16 and 1 here)")
