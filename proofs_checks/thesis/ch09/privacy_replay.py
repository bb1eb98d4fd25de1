"""Privacy of the noise the ch. 9 code actually adds (PC1-PC4), replayed with the core accountants.

The noise scales are read from the code (pre-drawn draws: the flip point of a halting decision in the threshold
draw ρ and in the query draw ν, the output shift of a unit Gaussian draw), the score's sensitivity under the
user-level neighbouring relation is computed by the code on explicit worst-case neighbours, the releases are
counted by the code's query counter, and the privacy is composed with ``reference.core.accounting`` (rdp_laplace at
α = ∞ for the Laplace parts of AboveThreshold's proof, gdp_delta for the Gaussian releases, compose_basic /
parallel_compose). The calibration formulas of the thesis are not re-evaluated.
"""
from __future__ import annotations

import functools
import math

import mpmath as mp
import numpy as np
import sympy as sp

from proofs_checks.framework import Outcome, Verdict, check
from reference.core.accounting import compose_basic, gdp_delta, parallel_compose, rdp_laplace
from reference.core.oracles import QueryCounter
from reference.core.testing import clopper_pearson
from reference.thesis.ch09.algorithms import (a28_calibrated_sigma, above_threshold_ch9, chernoff_k,
                                              concentration_score, localized_user_level_dp_sco,
                                              outlier_removal_mean, user_level_dp_sgd)
from reference.thesis.ch09.exact import at_pattern_probability

C9 = "003_ch09"


def _flip(pred, lo: float, hi: float, iters: int = 200, rtol: float = 1e-13) -> float:
    """The point in [lo, hi] where the boolean pred switches (pred(lo) != pred(hi)), by bisection to ``rtol``."""
    plo = pred(lo)
    if pred(hi) == plo:
        raise ValueError("no flip in the bracket")
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        if pred(mid) == plo:
            lo = mid
        else:
            hi = mid
        if hi - lo <= rtol * max(1.0, abs(lo)):
            break
    return 0.5 * (lo + hi)


def _at_scales_alg27(eps: float) -> tuple[float, float]:
    """(b_threshold, b_query) of above_threshold_ch9 at budget ε, read from its halting decisions."""
    # Δ̂ = Δ − b1·ρ; answer ⊥ iff q + b2·ν < Δ̂. Query q = 0, Δ = 0: with ν = 0, ⊥ iff 0 < −b1ρ iff ρ < 0 …
    # use q = x: with ρ = 1, ν = 0: ⊥ iff x < −b1; with ρ = 0, ν = 1: ⊥ iff x + b2 < 0 iff x < −b2.
    b1 = -_flip(lambda x: above_threshold_ch9([x], 0.0, eps, noise=(1.0, [0.0]))[0], -1e6, 0.0)
    b2 = -_flip(lambda x: above_threshold_ch9([x], 0.0, eps, noise=(0.0, [1.0]))[0], -1e6, 0.0)
    return b1, b2


def _fixed(qs):
    for q in qs:
        yield q


def _a28_scales(n: int, eps: float, delta: float, tau: float, T: int, variant: str, sigma=None):
    """(b_threshold, b_query, σ) of outlier_removal_mean, read from the code with pre-drawn draws.

    The AboveThreshold scales are located by bisection on a 10-user instance and then confirmed at the real n (the
    halting decision flips within a relative 1e-9 of the located point); σ is the output shift of a unit draw."""
    def halts(m, rho, nu):
        users = [np.zeros((1, 1))] * m                   # all users equal: score s = m
        dr = dict(rho=rho, nu=np.array([nu]), u=np.zeros((1, m)), gauss=np.zeros((1, 1)))
        return outlier_removal_mean(users, _fixed([lambda Z: Z[0]]), eps, delta, tau, 1, 1, draws=dr,
                                    variant=variant, sigma=sigma)[1]
    # halting (core): −s + 2bν >= −4n/5 + bρ.  ν = 0: halt iff ρ <= −0.2n/b.  ρ = 0: halt iff ν >= 0.1n/b.
    b1 = -0.2 * 10 / _flip(lambda r: halts(10, r, 0.0), -1e7, 0.0)
    b2 = 0.2 * 10 / _flip(lambda v: halts(10, 0.0, v), 0.0, 1e7)
    r1, v1 = -0.2 * n / b1, 0.2 * n / b2
    if not (halts(n, r1 * (1 + 1e-9), 0.0) and not halts(n, r1 * (1 - 1e-9), 0.0)
            and halts(n, 0.0, v1 * (1 + 1e-9)) and not halts(n, 0.0, v1 * (1 - 1e-9))):
        raise AssertionError(f"AboveThreshold scales of Alg 28 differ between n = 10 and n = {n}")
    users = [np.zeros((1, 1))] * n
    dr = dict(rho=0.0, nu=np.zeros(T), u=np.zeros((T, n)), gauss=np.zeros((T, 1)))
    dr["gauss"][0, 0] = 1.0
    outs, h = outlier_removal_mean(users, _fixed([lambda Z: Z[0]] * T), eps, delta, tau, T, 1, draws=dr,
                                   variant=variant, sigma=sigma)
    assert not h
    return b1, b2, float(outs[0][0])


def _score_sensitivity(n: int, tau: float) -> float:
    """max |s(D) − s(D′)| over user-level neighbours, computed by the code: user 1 inside the cluster of all other
    users (D) or far away (D′) — the extreme case of the (2n−2)/n bound."""
    v = np.zeros((n, 1))
    vp = v.copy(); vp[0] = 1e6 * tau
    return abs(concentration_score(v, tau) - concentration_score(vp, tau))


def _at_eps_upper(b1: float, b2: float, sens: float) -> float:
    """AboveThreshold's privacy by its proof (DR14 Thm 3.23): the threshold Laplace absorbs a shift Δ, the halting
    query's Laplace a shift 2Δ; both pure-DP costs from the core (rdp_laplace at α = ∞), composed basically."""
    return compose_basic([(rdp_laplace(math.inf, b1, sens), 0.0), (rdp_laplace(math.inf, b2, 2 * sens), 0.0)])[0]


@functools.lru_cache(maxsize=8)
def _at_eps_lower(n: int, tau: float, b1: float, b2: float) -> float:
    """Exact privacy loss of one output pattern on realizable user-level neighbours (the AU9.1 plan): 4 adaptive
    1-D queries, user 1 inside a cluster of 837 users for q_1..q_3 and of 900 for q_4 in D, the reverse in D′."""
    from proofs_checks.thesis.ch09.checks import _cluster_values
    plan = [(round(0.837 * n), True)] * 3 + [(round(0.9 * n), False)]
    s = [concentration_score(_cluster_values(n, c, inside)[:, None], tau) for c, inside in plan]
    sp_ = [concentration_score(_cluster_values(n, c, not inside)[:, None], tau) for c, inside in plan]
    pa = at_pattern_probability(s, 0.8 * n, b1, b2, 4)
    pb = at_pattern_probability(sp_, 0.8 * n, b1, b2, 4)
    return float(mp.log(pa) - mp.log(pb))


def _at_scales_alg34(eps: float) -> tuple[float, float]:
    """(b_threshold, b_query) of the core AboveThreshold (Alg 34, halts on the first ⊤), read from its decisions:
    T̂ = b1·ρ (threshold 0); ⊤ iff q + b2·ν >= T̂."""
    from reference.core.mechanisms import above_threshold
    b1 = _flip(lambda x: above_threshold([x], 0.0, eps, 1.0, None, noise=(np.array([1.0]), np.array([0.0])))[0],
               0.0, 1e6)
    b2 = -_flip(lambda x: above_threshold([x], 0.0, eps, 1.0, None, noise=(np.array([0.0]), np.array([1.0])))[0],
                -1e6, 0.0)
    return b1, b2


@check(f"{C9}.priv.PC1.replay", spec=(f"{C9}.priv.PC1", f"{C9}.lemma9_2_4", "003_ch10.lemma10_6_9"))
def _pc1(ctx):
    rows, worst = [], 0.0
    for eps in (0.01, 0.5, 1.0, 5.0, 9.99):
        for name, read in (("Alg 27", _at_scales_alg27), ("Alg 34 (core)", _at_scales_alg34)):
            b1, b2 = read(eps)
            e = _at_eps_upper(b1, b2, 1.0)
            worst = max(worst, e / eps)
            rows.append(f"{name} ε={eps}: b_thr={b1:.6g}, b_query={b2:.6g} ⇒ ε_proof={e:.6g}")
    ok = worst <= 1 + 1e-12
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="Alg 27 (Lap(2/ε) threshold, Lap(4/ε) per query, sensitivity-1 queries) is (ε, 0)-DP",
                   computed="; ".join(rows) + f"; max ε_proof/ε = {worst:.12f}", margin=1 + 1e-12 - worst,
                   precision="core rdp_laplace(α=∞) + compose_basic (mpmath), scales read by bisection to 1e-13",
                   details="scales read from the decisions of above_threshold_ch9 (Alg 27) and of the core "
                           "above_threshold (Alg 34) with pre-drawn draws; the bound holds for any number of queries T "
                           "(the proof's two Laplace shifts); the exact pattern audits (lemma9_2_4 / lemma10_6_9."
                           "exact_privacy) are the lower-side sanity at small T",
                   coverage="ε ∈ {0.01, 0.5, 1, 5, 9.99}, every T (bound independent of T)")


def _a28_replay(n, eps, delta, tau, T, variant, sigma=None):
    """Accounting of one A28 instance from its measured noise: returns a dict of the pieces."""
    b1, b2, sig = _a28_scales(n, eps, delta, tau, T, variant, sigma)
    ds = _score_sensitivity(n, tau)
    e_at = _at_eps_upper(b1, b2, ds)
    e_at_lo = _at_eps_lower(n, tau, b1, b2)
    zeta = delta / (2 * (math.exp(eps) + 1 + T))             # the proof's ζ′ (L7342)
    dprime = delta / (2 * math.exp(eps / 2))
    sens_g = 24 * tau * chernoff_k(zeta) / n                  # the explicit coupled sensitivity (catalog A28 (ii))
    mu = math.sqrt(T) * sens_g / sig                          # T Gaussian releases, one per answered query
    d_g = gdp_delta(eps / 2, mu)
    tot_e, tot_d = compose_basic([(e_at, 0.0), (eps / 2, d_g)])
    tot_d += (T + 1 + math.exp(eps)) * zeta                   # the coupling's failure mass (L7342-7346)
    return dict(b1=b1, b2=b2, sigma=sig, ds=ds, e_at=e_at, e_at_lo=e_at_lo, d_g=d_g, dprime=dprime, mu=mu,
                tot_e=tot_e, tot_d=tot_d)


@check(f"{C9}.priv.PC2.replay", spec=f"{C9}.priv.PC2")
def _pc2(ctx):
    n, eps, delta, tau, T = (1000 if ctx.full else 200), 1.0, 1e-6, 1.0, 10
    r = _a28_replay(n, eps, delta, tau, T, "paper")
    zeta = delta / (2 * (math.exp(eps) + 1 + T))
    c = _a28_replay(n, eps, delta, tau, T, "corrected",
                    sigma=a28_calibrated_sigma(n, eps, delta / (2 * math.exp(eps / 2)), tau, T, zeta))
    at_fails = r["e_at_lo"] > eps / 2 and r["e_at"] > eps / 2
    g_fails = r["d_g"] > r["dprime"]
    corr_ok = c["e_at"] <= eps / 2 + 1e-12 and c["tot_e"] <= eps + 1e-12 and c["tot_d"] <= delta * (1 + 1e-9)
    if not (at_fails and g_fails and corr_ok):
        return Outcome(Verdict.FAILED, computed=f"paper {r}; corrected {c}")
    return Outcome(Verdict.PROOF_GAP,
                   claimed="Alg 28 is (ε, δ)-user-level DP: AboveThreshold(ε/2) on the score + T Gaussian releases "
                           "(ε/2, δ′) given the coupling, failure mass (T+1+e^ε)ζ′",
                   computed=f"(n,ε,δ,τ,T) = ({n},{eps},{delta:g},{tau},{T}), printed variant, from the code: "
                            f"b_thr = {r['b1']:.6g}, b_query = {r['b2']:.6g}, σ = {r['sigma']:.4g}; score sensitivity "
                            f"(code, user-level neighbours) = {r['ds']:.4f}; AboveThreshold ε ∈ [{r['e_at_lo']:.4f} "
                            f"(exact pattern audit), {r['e_at']:.4f} (proof bound)] vs ε/2 = {eps / 2}; Gaussian: "
                            f"μ = {r['mu']:.4g}, δ(ε/2) = {r['d_g']:.3g} vs δ′ = {r['dprime']:.3g}; composed "
                            f"(ε, δ) ≤ ({r['tot_e']:.4f}, {r['tot_d']:.3g}). Corrected variant with the calibrated σ "
                            f"= {c['sigma']:.4g}: ({c['tot_e']:.4f}, {c['tot_d']:.3g}) ≤ (ε, δ)",
                   precision="core rdp_laplace/compose_basic/gdp_delta; exact 1-D integrals for the lower side",
                   counterexample=f"two steps of the proof fail on the noise the code adds: the AboveThreshold step "
                                  f"costs at least {r['e_at_lo']:.3f} > ε/2 (score sensitivity {r['ds']:.3f}, not 1), "
                                  f"and the Gaussian step with the explicit coupled sensitivity 24τk_ζ/n has "
                                  f"δ(ε/2) = {r['d_g']:.3g} ≫ δ′ = {r['dprime']:.3g}; the total is not refuted "
                                  f"(the coupling bound is not a realized sensitivity)",
                   details="the corrected variant (AboveThreshold for sensitivity 2, σ from the exact GDP accountant) "
                           "closes both steps at the same point")


@check(f"{C9}.priv.PC3.replay", spec=(f"{C9}.priv.PC3", f"{C9}.priv.PC4"))
def _pc3(ctx):
    n, m, d, eps, delta, tau, T, eta = (1000 if ctx.full else 200), 2, 1, 1.0, 1e-3, 1.0, 6, 0.5
    # σ and the number of releases of the A28 instance inside Alg 29, read from user_level_dp_sgd
    data = np.zeros((n, m, d))
    g = np.random.default_rng(0)
    draws = dict(smooth_g=g.standard_normal((T, n, m, d)), smooth_u=g.random((T, n, m)),
                 a28=dict(rho=0.0, nu=np.zeros(T), u=np.zeros((T, n)), gauss=np.zeros((T, d))))
    draws["a28"]["gauss"][0, 0] = 1.0
    cnt = QueryCounter()
    out = user_level_dp_sgd(data, lambda th, z: np.zeros(d), lambda x: x, np.zeros(d), epsilon=eps, delta=delta,
                            r=0.0, T=T, eta=eta, tau=tau, variant="paper", draws=draws, counter=cnt)
    sigma = float(-out[0]) * T / ((T - 1) * eta)             # θ_2..θ_T = −ησ e_1, averaged with θ_1 = 0
    releases = cnt.by_kind["user_query"] // n
    delta_a28 = delta / (2 * T * m * d)
    r = _a28_replay(n, eps, delta_a28, tau, T, "paper", sigma=sigma)
    same_sigma = abs(sigma - r["sigma"]) <= 1e-9 * sigma
    if not (releases == T and same_sigma and r["d_g"] > r["dprime"]):
        return Outcome(Verdict.FAILED, computed=f"releases {releases}, σ {sigma} vs {r['sigma']}, {r}")
    return Outcome(Verdict.PROOF_GAP,
                   claimed="Alg 29 is post-processing of one A28(D, ε, δ/(2Tmd), τ) instance ⇒ (ε, δ/(2Tmd))-DP",
                   computed=f"(n,m,d,ε,δ,τ,T) = ({n},{m},{d},{eps},{delta:g},{tau},{T}): Alg 29's measured σ = "
                            f"{sigma:.4g} (= A28 at δ/(2Tmd) = {delta_a28:.3g}), {releases} Gaussian releases and one "
                            f"AboveThreshold instance (user-query counter); AboveThreshold ε ∈ [{r['e_at_lo']:.4f}, "
                            f"{r['e_at']:.4f}] vs ε/2; Gaussian δ(ε/2) = {r['d_g']:.3g} vs δ′ = {r['dprime']:.3g}",
                   precision="core accountants on the noise read from user_level_dp_sgd",
                   counterexample="Alg 29 inherits both failing steps of A28's proof (PC2.replay) on its own noise: "
                                  f"AboveThreshold ≥ {r['e_at_lo']:.3f} > ε/2 and the Gaussian part δ(ε/2) = "
                                  f"{r['d_g']:.3g} > δ′ = {r['dprime']:.3g}; the privacy claim is open, not refuted")


@check(f"{C9}.priv.PC4.parallel", spec=f"{C9}.priv.PC4")
def _pc4(ctx):
    """Alg 30: which users each phase reads (from the code), and the parallel composition of the phases."""
    n, m, d = 64, 2, 1
    data = np.arange(n, dtype=float).reshape(n, 1, 1).repeat(m, axis=1)        # item value = user index
    reads: list[set] = []
    def grad(th, z):
        reads[-1].add(int(round(float(z[0]))))
        return np.zeros(d)
    def params(i, n_i):
        reads.append(set())
        return dict(T=2, r=0.0, eta=0.1, tau=1e6, R=1.0)                 # τ huge: every score passes
    ball = lambda c, R: (lambda x: x)                                     # noqa: E731
    localized_user_level_dp_sco(data, grad, ball, np.zeros(d), epsilon=1.0, delta=1e-3, mu=1.0, G=1.0,
                                rng=np.random.default_rng(3), params=params)
    k = len(reads)
    disjoint = all(not (reads[i] & reads[j]) for i in range(k) for j in range(i + 1, k))
    per_phase = [(1.0, 1e-3)] * k                                       # each phase claims (ε, δ) (Thm 9.4.11)
    tot = parallel_compose(per_phase)
    if not (disjoint and tot == (1.0, 1e-3) and k == math.ceil(math.log2(math.log2(m * n)))):
        return Outcome(Verdict.FAILED, computed=f"phases {k}, reads {[sorted(r) for r in reads]}")
    return Outcome(Verdict.PROOF_GAP,
                   claimed="Alg 30: disjoint user blocks + post-processing ⇒ (ε, δ) overall (parallel composition)",
                   computed=f"n = {n}, m = {m}: k = {k} phases read disjoint user sets of sizes "
                            f"{[len(r) for r in reads]} (from the code's gradient calls); core parallel_compose of "
                            f"the phases' (ε, δ) = {tot}",
                   precision="exact bookkeeping",
                   counterexample="the parallel-composition step holds on the code; each phase is an Alg 29 run whose "
                                  "privacy proof has the two failing steps of PC3.replay, so the claim stays open")


# ---------------------------------------------------------------- Lemma 9.2.4 / Lemma 10.6.9: the accuracy part
def _at_accuracy(eps_grid, scales_of, run_worst, label):
    """The accuracy part of [DR14] Thm 3.24 on the noise scales a code actually uses.

    Proof (union bound): the event |b_thr ρ| < α/2 and |b_q ν_t| < α/2 for all t <= T implies every answer is
    α-accurate (a ⊤ / ⊥ decision moves the comparison by at most |b_thr ρ| + |b_q ν_t| < α); its complement has
    probability <= e^{−α/(2b_thr)} + T e^{−α/(2b_q)}.  With the scales read from the code (b_thr = 2/ε, b_q = 4/ε
    found by bisection) and α = 8 log(2T/γ)/ε this is (γ/(2T))² + γ/2 <= γ for T >= 1, γ ∈ (0, 1] (sympy).  A Monte
    Carlo on the code with queries placed at Δ ± α (the accuracy boundary, every answer decided by the noise) bounds the
    real failure rate by Clopper–Pearson at 1e-6."""
    T_, g_, e_ = sp.symbols("T gamma epsilon", positive=True)
    read = []
    for eps in eps_grid:
        b1, b2 = scales_of(eps)
        read.append((eps, b1 * eps, b2 * eps))
    c1 = {round(v[1], 9) for v in read}
    c2 = {round(v[2], 9) for v in read}
    if len(c1) != 1 or len(c2) != 1:
        return Outcome(Verdict.FAILED, computed=f"{label}: noise scales not of the form c/ε: {read}")
    k1, k2 = sp.nsimplify(c1.pop()), sp.nsimplify(c2.pop())
    alpha = 8 * sp.log(2 * T_ / g_) / e_
    fail_bound = sp.exp(-alpha / (2 * k1 / e_)) + T_ * sp.exp(-alpha / (2 * k2 / e_))
    fb = sp.simplify(sp.powsimp(sp.expand_log(fail_bound, force=True), force=True))
    target = (g_ / (2 * T_)) ** (8 / (2 * k1)) + T_ * (g_ / (2 * T_)) ** (8 / (2 * k2))
    same = sp.simplify(fb - target) == 0
    # <= γ for T >= 1, γ <= 1: with k1 = 2, k2 = 4: (γ/2T)^2 + γ/2 <= γ/4 + γ/2
    proved = same and k1 == 2 and k2 == 4
    mc_rows, worst_cp = [], 0.0
    for eps, T, gamma, reps in ((0.5, 4, 0.2, 4000), (2.0, 16, 0.1, 4000)):
        fails = run_worst(eps, T, gamma, reps)
        ub = clopper_pearson(fails, reps, 1e-6)[1]
        worst_cp = max(worst_cp, ub / gamma)
        mc_rows.append(f"ε = {eps}, T = {T}, γ = {gamma}: {fails}/{reps} failures (CP upper {ub:.3f})")
    ok = proved and worst_cp <= 1
    return Outcome(Verdict.PROVED if ok else Verdict.FAILED,
                   claimed=f"{label}: α = 8 log(2T/γ)/ε ⇒ w.p. >= 1 − γ every answer is α-accurate",
                   computed=f"scales read from the code: b_thr = {k1}/ε, b_q = {k2}/ε at ε ∈ {list(eps_grid)}; union "
                            f"bound = {fb} (sympy) <= γ/4 + γ/2 for T >= 1: {proved}; Monte Carlo at the boundary: "
                            + "; ".join(mc_rows), margin=1 - worst_cp,
                   precision="sympy (union bound on the code's scales) + Clopper–Pearson at 1e-6",
                   coverage="every T >= 1, γ ∈ (0, 1], ε > 0, every query sequence (proof on the code's scales)")


def _at_accuracy_mc(run_once):
    def run_worst(eps, T, gamma, reps):
        rng = np.random.default_rng(4242 + T)
        alpha = 8 * math.log(2 * T / gamma) / eps
        fails = 0
        for _ in range(reps):
            qs = rng.choice([-1.0, 1.0], size=T) * alpha * (1 + 1e-9)   # Δ = 0: just outside the accuracy band
            fails += run_once(qs, eps, alpha, rng)
        return fails
    return run_worst


def _alg27_inaccurate(qs, eps, alpha, rng):
    ans = above_threshold_ch9(list(qs), 0.0, eps, rng)
    for q, a in zip(qs, ans):
        if (a and q < -alpha) or (not a and q > alpha):
            return 1
    return 0


def _alg34_inaccurate(qs, eps, alpha, rng):
    from reference.core.mechanisms import above_threshold
    ans = above_threshold(list(qs), 0.0, eps, 1.0, rng)
    for q, a in zip(qs, ans):
        if (a and q < -alpha) or (not a and q > alpha):
            return 1
    return 0


@check(f"{C9}.lemma9_2_4.accuracy", spec=f"{C9}.lemma9_2_4")
def _l924_acc(ctx):
    return _at_accuracy((0.1, 1.0, 7.0), _at_scales_alg27, _at_accuracy_mc(_alg27_inaccurate),
                        "Lemma 9.2.4 (Alg 27, halts on ⊥)")


@check("003_ch10.lemma10_6_9.accuracy", spec="003_ch10.lemma10_6_9")
def _l1069_acc(ctx):
    return _at_accuracy((0.1, 1.0, 7.0), _at_scales_alg34, _at_accuracy_mc(_alg34_inaccurate),
                        "Lemma 10.6.9 (Alg 34 = core AboveThreshold, halts on ⊤)")
