"""Utility statements of 002: Theorem 5.1 (l.220–231), Lemma 5.2 (l.240–246), equation (10) (l.289–291),
Lemma 5.3 (l.330–363) and the audit notes on their proofs (AUD-1, AUD-9, AUD-10, AUD-10b, AUD-11).

* Lemma 5.2 with Q = 0 and b ≡ 0 says the potential is non-increasing ("the potential growth is non-positive",
  l.238).  For Algorithm 1 as printed (z-step η_t/β) this is false: an exact rational counterexample (1-D, where the
  projection is a clip, so every quantity is rational).
* The corrected per-step bound (z-step η_t/(4β), see proofs_checks/srgd/_mc.py) holds pathwise on the Hayes event;
  Thm 5.1 as printed is tested by Monte Carlo with Clopper–Pearson on the violation frequency.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction as Fr

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, erratum, fail, proof_gap
from proofs_checks.srgd import _mc
from reference.core.testing import clopper_pearson
from reference.srgd.algorithm import accelerated_dp_srgd
from reference.srgd.problems import LinearLoss, MeanEstimation

# --------------------------------------------------------------------------------------------------------------
# exact 1-D Algorithm 1 (rational arithmetic)
# --------------------------------------------------------------------------------------------------------------


def exact_run_1d(c: Fr, beta: Fr, T: int, kappa_z: Fr, r: Fr = Fr(1)):
    """Algorithm 1 on f(x, d) = (x − d)²/2 with every example d = c (Q = 0), b ≡ 0, 𝒞 = [−r, r], η_t = t+1,
    τ_t = 2/(t+2), in exact rational arithmetic (Π_𝒞 = clip).  Returns (y_0..y_T, z_0..z_T)."""
    clip = lambda v: max(-r, min(r, v))  # noqa: E731
    x = z = Fr(0); S = Fr(0); xprev = None
    ys, zs = [Fr(0)], [Fr(0)]
    for t in range(T):
        eta, etam = t + 1, t
        S += eta * (x - c) - (etam * (xprev - c) if t > 0 else 0)      # Alg. 1 line 4 (Δ_t), line 5 (S_t)
        g = S / eta
        zn = clip(z - kappa_z * Fr(eta) / beta * g)                        # line 7 (b_t = 0)
        yn = clip(x - g / beta)                                            # line 8
        tau = Fr(2, t + 3)                                                 # τ_{t+1}
        xprev, x, z = x, (1 - tau) * yn + tau * zn, zn                     # line 9
        ys.append(yn); zs.append(zn)
    return ys, zs


def exact_potential_1d(c: Fr, beta: Fr, T: int, kappa_z: Fr, coef: Fr = Fr(2), r: Fr = Fr(1)):
    """Φ_t = η_{0:t−1}(F(y_t) − F*) + coef·β(z_t − x*)², t = 0..T (eq. (1), coef = 2 as printed)."""
    ys, zs = exact_run_1d(c, beta, T, kappa_z, r)
    xs = max(-r, min(r, c))
    F = lambda u: (u - c) ** 2 / 2  # noqa: E731
    return [Fr(t * (t + 1), 2) * (F(ys[t]) - F(xs)) + coef * beta * (zs[t] - xs) ** 2 for t in range(T + 1)]


@check("002.lemma5_2.noise_free_exact", spec=["002.lemma5_2", "002.eq10", "002.audit.AUD-10b"], profile="quick")
def _l52_exact(ctx):
    # the counterexample (exact)
    c, beta = Fr(1, 2), Fr(2)
    P = exact_potential_1d(c, beta, 3, Fr(1))
    dP = P[3] - P[2]
    # the same run through the reference implementation (float)
    prob = MeanEstimation(np.array([[0.5]]))
    res = accelerated_dp_srgd(prob.grad, np.full((3, 1), 0.5), T=3, B=1, beta=2.0, radius=1.0, p=1)
    ys, zs = exact_run_1d(c, beta, 3, Fr(1))
    dev = max(abs(float(a) - b) for a, b in zip(ys[1:] + zs[1:], list(res.y[1:, 0]) + list(res.z[1:, 0])))
    # grid: c ∈ {−2, −15/8, ..., 2}, β ∈ {1, 2, 4, 8, 16} (β >= M = 1), T = 1..10
    grid = [(Fr(k, 8), Fr(b)) for k in range(-16, 17) for b in (1, 2, 4, 8, 16)]
    Tmax = 10 if not ctx.full else 16
    n_pr = n_q = n_h = 0
    for cc, bb in grid:
        n_pr += any(b_ > a_ for a_, b_ in zip(exact_potential_1d(cc, bb, Tmax, Fr(1)),
                                              exact_potential_1d(cc, bb, Tmax, Fr(1))[1:]))
        Pq = exact_potential_1d(cc, bb, Tmax, Fr(1, 4))
        n_q += any(Pq[t + 1] > Pq[t] for t in range(Tmax))
        Ph = exact_potential_1d(cc, bb, Tmax, Fr(1, 2), coef=Fr(1))
        n_h += any(Ph[t + 1] > Ph[t] for t in range(Tmax))
    if not (dP > 0 and dev < 1e-12 and n_pr > 0 and n_q == 0 and n_h == 0):
        return fail("ΔΦ_2 > 0 for Alg. 1; corrected steps non-increasing",
                    f"dP = {dP}, dev = {dev}, counts printed/quarter/half = {n_pr}/{n_q}/{n_h}")
    return erratum(
        claimed="Lemma 5.2 (l.240–246) with Q = 0 and b_t ≡ 0: ΔΦ_t <= 0 for Algorithm 1 (l.238: 'the potential growth is "
                "non-positive'); likewise (10) with q_t = 0, b_t = 0",
        computed=f"exact rational run: Φ_2 = {P[2]}, Φ_3 = {P[3]}, ΔΦ_2 = {dP} > 0 (reference implementation agrees "
                 f"to {dev:.1e}); on the grid c ∈ [−2, 2] step 1/8, β ∈ {{1,2,4,8,16}}, T = {Tmax}: {n_pr}/{len(grid)} "
                 f"configurations have some ΔΦ_t > 0 for the printed z-step η_t/β; 0/{len(grid)} for z-step η_t/(4β) "
                 f"(Φ coefficient 2β) and 0/{len(grid)} for z-step η_t/(2β) with Φ coefficient β",
        counterexample="p = 1, f(x, d) = (x − d)²/2 with every example d = 1/2 (Q = 0, M = 1, x† = 1/2 ∈ 𝒞 = [−1, 1]), "
                       f"β = 2, η_t = t+1, τ_t = 2/(t+2), b ≡ 0: Φ_2 = {P[2]} < Φ_3 = {P[3]} (ΔΦ_2 = {dP} = "
                       f"{float(dP):.5f} > 0 = RHS)",
        margin=-float(dP), precision="exact rational arithmetic (fractions); 1-D projection = clip",
        details="the defect is the z-step multiplier of Algorithm 1 vs the proof's (7)–(9) (AUD-10b); Theorem 5.1 "
                "itself (a telescoped bound) is not refuted by this (002.thm5_1.mc)")


# --------------------------------------------------------------------------------------------------------------
# Monte Carlo cells
# --------------------------------------------------------------------------------------------------------------

def _cells(full: bool):
    """(kind, p, T, B, beta_mult, bmode, bnorm, N).  β = max(M, 1)·beta_mult."""
    kinds = ("P1-in", "P1-out", "P2")
    if not full:
        out = []
        for kind, (T, B), bmode in itertools.product(kinds, ((8, 1), (32, 4)), _mc.B_MODES):
            out.append((kind, 2, T, B, 1.0, bmode, 0.05, 400))
        # tight cells: tiny Q (clustered atoms), β = M, large adversarial noise, small T
        for kind, T, bmode in itertools.product(("P1-tight", "P2-tight"), (2, 4), ("+grad", "gauss", "zero")):
            out.append((kind, 2, T, 1, 1.0, bmode, 0.5, 200))
        return out
    out = []
    for kind, (T, B), bmode, (bm, p) in itertools.product(kinds, ((8, 1), (32, 8), (128, 1), (128, 64)), _mc.B_MODES,
                                                          ((1.0, 2), (4.0, 2), (1.0, 10))):
        out.append((kind, p, T, B, bm, bmode, 0.05, max(100, min(1000, 50000 // (T * B)))))
    for kind, T, bmode, bn in itertools.product(("P1-tight", "P2-tight"), (2, 3, 4, 8), ("+grad", "-grad", "gauss",
                                                                                       "zero"), (0.1, 0.5, 1.0)):
        out.append((kind, 2, T, 1, 1.0, bmode, bn, 500))
    return out


def _make(kind, p, r, rng):
    if kind.endswith("-tight"):
        base = rng.normal(size=p)
        base *= (0.5 if kind.startswith("P1") else 1.5) / np.linalg.norm(base)
        atoms = base + 1e-3 * rng.normal(size=(6, p))
        prob = MeanEstimation(atoms) if kind.startswith("P1") else LinearLoss(atoms)
        prob.Q = float(np.max(np.linalg.norm(prob.atoms - prob.mean, axis=1)))
        return prob
    return _mc.make_problem(kind, p, r, rng)


def _run_cells(ctx, kappa_z, gammas):
    """Run all cells; return per-cell records."""
    r = 1.0
    recs = []
    for i, (kind, p, T, B, bm, bmode, bn, N) in enumerate(_cells(ctx.full)):
        rng = ctx.child_rng(i)
        prob = _make(kind, p, r, rng)
        M = 1.0 if isinstance(prob, MeanEstimation) else 0.0
        beta = max(M, 1.0) * bm
        run = _mc.run_streams(prob, N, T, B, beta, r, rng, kappa_z=kappa_z, bmode=bmode, bnorm=bn)
        cc = _mc.crosscheck(prob, run, T, B, beta, r, kappa_z)
        # Q is the exact a.s. bound: verify it against the realised per-example deviations of the first stream
        rec = dict(cell=(kind, p, T, B, beta, bmode, bn), N=N, cc=cc, gam={})
        for g in gammas:
            bd = _mc.bounds(prob, run, T, B, beta, r, g, per_step_gamma=False)
            bl = _mc.bounds(prob, run, T, B, beta, r, g, per_step_gamma=True)
            rhs = _mc.thm51_rhs(bd, beta, T)
            rc = _mc.thm51_corrected_rhs(bd, beta, T)
            tol = 1e-9 * (1 + np.abs(rhs))
            rec["gam"][g] = dict(
                thm_viol=int(np.sum(bd["excess"] > rhs + tol)), thm_ratio=float(np.max(bd["excess"] / rhs)),
                thm_corr_viol_on_event=int(np.sum((bd["excess"] > rc + 1e-9 * (1 + np.abs(rc))) & bd["event"].all(1))),
                thm_event_fail=int(np.sum(~bd["event"].all(1))),
                l52_printed_viol=bl["dPhi"] > bl["printed"] + 1e-9 * (1 + np.abs(bl["printed"])),
                l52_corr_viol_on_event=int(np.sum((bl["dPhi"] > bl["corrected"] + 1e-9 * (1 + np.abs(bl["corrected"])))
                                                  & bl["event"])),
                l52_event_fail=np.sum(~bl["event"], axis=0),
                l52_ratio=float(np.max(bl["dPhi"] / np.maximum(bl["corrected"], 1e-300))),
            )
        recs.append(rec)
    return recs


def _cp_reject(k, n, gamma, alpha):
    """True iff the one-sided Clopper–Pearson lower bound (level alpha) on the violation probability exceeds γ."""
    lo, _ = clopper_pearson(k, n, alpha, side="lower")
    return lo > gamma, lo


@check("002.thm5_1.mc", spec=["002.thm5_1", "002.alg1"], profile="quick")
def _thm51_mc(ctx):
    gammas = (0.05, 0.5)
    recs = _run_cells(ctx, 1.0, gammas)
    ntests = len(recs) * len(gammas)
    alpha = 1e-6 / ntests
    worst_cc = max(r["cc"] for r in recs)
    if worst_cc > 1e-10:
        return fail("vectorised MC runner = reference accelerated_dp_srgd", f"max deviation {worst_cc:.2e}")
    rej = []
    tot_v = 0; tot_n = 0; worst = (0.0, None)
    for r in recs:
        for g in gammas:
            v = r["gam"][g]["thm_viol"]; tot_v += v; tot_n += r["N"]
            bad, lo = _cp_reject(v, r["N"], g, alpha)
            if bad:
                rej.append((r["cell"], g, v, lo))
            if r["gam"][g]["thm_ratio"] > worst[0]:
                worst = (r["gam"][g]["thm_ratio"], r["cell"], g)
    if rej:
        return fail("P(F(y_T) − F* > RHS_5.1) <= γ", f"rejected in {len(rej)} cells, e.g. {rej[0]}")
    return Outcome(
        Verdict.STATISTICAL,
        claimed="Thm 5.1 (l.220–231): for Algorithm 1 as printed, w.p. >= 1−γ over the batches, F(y_T) − F* <= "
                "(1/η_{0:T})Σ_t η_{0:t}[bracket_t(s_t = √(3(t+1)ln(6T/γ)))] + β‖𝒞‖²/η_{0:T} (‖𝒞‖ = diameter 2r)",
        computed=f"{len(recs)} cells × γ ∈ {gammas}: {tot_v} violations in {tot_n} stream-tests; no cell has a "
                 f"Clopper–Pearson lower bound above γ; max LHS/RHS = {worst[0]:.3f} at {worst[1]} (γ = {worst[2]}); "
                 f"vectorised runner = reference to {worst_cc:.1e}",
        margin=1 - worst[0],
        precision=f"false-failure <= 1e-6 (one-sided Clopper–Pearson at level {alpha:.1e} per cell, Bonferroni over "
                  f"{ntests} tests)",
        details="problems P1 (x† in/out of 𝒞 = B(0,1)), P2 (linear), plus tight cells (Q ≈ 1e-3, β = M, ‖b_t‖ = 0.5); "
                "b regimes zero / fixed Gaussian / adaptive ±b∇_t/‖∇_t‖ / tree prefix noise; Q = max‖d − d̄‖ is the exact "
                "a.s. bound of Δ_t(d) − E_dΔ_t(d) for these problems; the bound is loose (the MC has little power "
                "except in the tight cells)")


@check("002.thm5_1.corrected_mc", spec=["002.thm5_1", "002.lemma5_2", "002.eq10", "002.audit.AUD-1",
                                       "002.audit.AUD-9", "002.audit.AUD-10"], profile="quick")
def _corrected_mc(ctx):
    gammas = (0.5,)
    recs = _run_cells(ctx, 0.25, gammas)
    worst_cc = max(r["cc"] for r in recs)
    n_path = sum(r["gam"][0.5]["l52_corr_viol_on_event"] for r in recs)
    n_thm = sum(r["gam"][0.5]["thm_corr_viol_on_event"] for r in recs)
    # Hayes event failure frequency per (cell, t): must be consistent with <= γ
    ntests = sum(len(r["gam"][0.5]["l52_event_fail"]) for r in recs) + len(recs)
    alpha = 1e-6 / ntests
    rej = []
    maxfreq = 0.0
    for r in recs:
        for t, k in enumerate(r["gam"][0.5]["l52_event_fail"]):
            maxfreq = max(maxfreq, k / r["N"])
            if _cp_reject(int(k), r["N"], 0.5, alpha)[0]:
                rej.append((r["cell"], t, int(k)))
        if _cp_reject(r["gam"][0.5]["thm_event_fail"], r["N"], 0.5, alpha)[0]:
            rej.append((r["cell"], "all t", r["gam"][0.5]["thm_event_fail"]))
    ratio = max(r["gam"][0.5]["l52_ratio"] for r in recs)
    if worst_cc > 1e-10 or n_path or n_thm or rej:
        return fail("corrected bounds hold on the Hayes event; event probability >= 1−γ",
                    f"cc = {worst_cc:.1e}, pathwise violations {n_path}/{n_thm}, rejected {rej[:2]}")
    return Outcome(
        Verdict.STATISTICAL,
        claimed="corrected Lemma 5.2 / (10) / Thm 5.1 for Algorithm 1 with z-step η_t/(4β): on {‖q_t‖ <= ε_t := "
                "Q s_t/(√Bη_t)}, ΔΦ_t <= 3η_{0:t}ε_tG_t/β + 3η_{0:t}ε_t‖b_t‖/η_t + η_tε_tD + η_{0:t}G_t‖b_t‖/η_t "
                "+ 5β‖b_t‖D + η_{0:t}β‖b_t‖²/η_t² (G_t = ‖∇F(x_t)‖ + ε_t; keeps AUD-1's term, coefficient 3 of AUD-10, "
                "5β for the factor-2 projection inequality), and F(y_T) − F* <= (Σ_t bound_t + 2β‖x*‖²)/η_{0:T−1} "
                "(AUD-9 normalisation); P(‖q_t‖ > ε_t) <= γ (Hayes)",
        computed=f"{len(recs)} cells: 0 pathwise violations of the per-step bound and of the telescoped bound on the "
                 f"events; max ΔΦ_t / bound_t = {ratio:.3f}; max per-step event-failure frequency {maxfreq:.4f} "
                 f"(γ = 0.5); runner = reference to {worst_cc:.1e}",
        margin=1 - ratio,
        precision=f"pathwise inequalities at relative tolerance 1e-9; event frequencies: false-failure <= 1e-6 "
                  f"(one-sided Clopper–Pearson, Bonferroni over {ntests} tests)",
        details="same cells as 002.thm5_1.mc with κ_z = 1/4; ‖𝒞‖ read as the diameter D = 2r")


@check("002.thm5_1.mc_full", spec="002.thm5_1", profile="full")
def _thm51_full(ctx):
    return _thm51_mc(ctx)


@check("002.thm5_1.adversarial_noise", spec=["002.thm5_1", "002.audit.AUD-1"], profile="full")
def _thm51_adv(ctx):
    """Q = 0 (all examples equal): Thm 5.1 is deterministic.  Nelder–Mead over the noise sequence b (T <= 8)
    maximising LHS/RHS for Algorithm 1 as printed."""
    from scipy.optimize import minimize
    rng = ctx.rng
    ntr = 8 if not ctx.full else 150
    r = 1.0
    best = (0.0, None)
    for trial in range(ntr):
        p = 2; T = int(rng.choice([1, 2, 3, 4, 6, 8]))
        kind = trial % 2
        cvec = rng.normal(size=p); cvec *= rng.uniform(0.2, 3) / np.linalg.norm(cvec)
        prob = MeanEstimation(cvec[None]) if kind == 0 else LinearLoss(cvec[None])
        M = 1.0 if kind == 0 else 0.0
        beta = max(M, float(np.exp(rng.uniform(-3, 2))))
        data = np.repeat(cvec[None], T, axis=0)
        eta = np.arange(1, T + 2.0); e0 = np.cumsum(eta)

        def ratio(v):
            b = v.reshape(T, p)
            out = accelerated_dp_srgd(prob.grad, data, T=T, B=1, beta=beta, radius=r, p=p, b=b)
            nb = np.linalg.norm(b, axis=1)
            rhs = (np.sum(3 * beta * nb * 2 * r + e0[:T] * beta * nb ** 2 / eta[:T] ** 2) + beta * (2 * r) ** 2) / e0[T]
            return prob.excess(out.y_T, r) / rhs

        res = minimize(lambda v: -ratio(v), rng.normal(size=T * p) * rng.uniform(0.01, 2), method="Nelder-Mead",
                       options=dict(maxiter=120 if not ctx.full else 600))
        if -res.fun > best[0]:
            best = (-res.fun, (("P1" if kind == 0 else "P2"), T, round(beta, 4)))
    if best[0] > 1:
        return fail("Thm 5.1 with Q = 0", f"ratio {best[0]} at {best[1]}")
    return Outcome(
        Verdict.NUMERIC,
        claimed="Thm 5.1 with Q = 0 (deterministic): F(y_T) − F* <= (1/η_{0:T})Σ_t η_{0:t}(3β‖b_t‖‖𝒞‖/η_{0:t} + "
                "β‖b_t‖²/η_t²) + β‖𝒞‖²/η_{0:T} for every noise sequence, although the proof drops L‖b_t‖/τ_t (AUD-1)",
        computed=f"{ntr} Nelder–Mead searches over b ∈ R^(T×2): max LHS/RHS = {best[0]:.3f} at {best[1]}",
        margin=1 - best[0], precision="float64; local search (not a proof)",
        details="P1 (M = 1) and P2 (M = 0, β down to e^−3) on 𝒞 = B(0, 1), ‖𝒞‖ = 2; the dropped term is a gap in the "
                "proof, not a demonstrated failure of the statement")


# --------------------------------------------------------------------------------------------------------------
# Lemma 5.3 and the step used on l.362 (AUD-11)
# --------------------------------------------------------------------------------------------------------------

def _proj(v, r):
    n = float(np.sqrt(v @ v))
    return v if n <= r else v * (r / n)


def lemma53_instance(rng, r=1.0):
    """A random coupled state for Lemma 5.3 on F(x) = (M/2)‖x − c‖² (M = 1) or F(x) = ⟨c, x⟩ (M = 0):
    y_t, z_t ∈ 𝒞, x_t = (1 − τ_t)y_t + τ_tz_t, ∇_t = ∇F(x_t) + q_t, noise b_t, β >= M; one step of Alg. 1."""
    p = 2
    lin = rng.random() < 0.3
    M = 0.0 if lin else 1.0
    c = rng.normal(size=p) * rng.uniform(0, 2.5)
    L = float(np.linalg.norm(c)) if lin else M * (r + float(np.linalg.norm(c)))   # max ‖∇F‖ on 𝒞
    beta = max(M, 1e-2) * float(rng.choice([1.0, 1.0, 1.5, 4.0]))
    t = int(rng.integers(0, 20)); eta = t + 1.0; e0 = (t + 1) * (t + 2) / 2; tau = eta / e0
    z = _proj(rng.normal(size=p) * rng.uniform(0, 1.5), r)
    y = z if t == 0 else _proj(rng.normal(size=p) * rng.uniform(0, 1.5), r)
    x = (1 - tau) * y + tau * z
    gF = c if lin else M * (x - c)
    q = rng.normal(size=p) * rng.uniform(0, 10)
    g = gF + q
    b = rng.normal(size=p) * rng.uniform(0, 2)
    zn = _proj(z - (eta / beta) * g + b, r)
    yn = _proj(x - g / beta + b / eta, r)
    F = (lambda u: float(c @ u)) if lin else (lambda u: 0.5 * M * float(np.sum((u - c) ** 2)))
    return dict(M=M, L=L, beta=beta, t=t, eta=eta, e0=e0, tau=tau, x=x, y=y, z=z, g=g, q=q, b=b, yn=yn, zn=zn, F=F,
                r=r)


def lemma53_sides(s, D):
    lhs = s["e0"] * (s["F"](s["yn"]) - s["F"](s["x"])) + s["eta"] * s["g"] @ (s["z"] - s["zn"]) \
        - 2 * s["beta"] * float(np.sum((s["zn"] - s["z"]) ** 2))
    nb = float(np.linalg.norm(s["b"]))
    rhs = -s["e0"] * s["q"] @ (s["yn"] - s["x"]) + s["L"] * nb / s["tau"] + s["beta"] * nb ** 2 / (s["eta"] * s["tau"]) \
        + s["beta"] * nb * D
    return lhs, rhs


@check("002.lemma5_3.property", spec="002.lemma5_3", profile="quick")
def _l53(ctx):
    N = 6000 if not ctx.full else 300000
    rng = ctx.rng
    viol = {"diameter": 0, "radius": 0}
    big = 0; worst = -np.inf
    for _ in range(N):
        s = lemma53_instance(rng)
        big += float(np.linalg.norm(s["g"])) > s["L"]
        for name, D in (("diameter", 2 * s["r"]), ("radius", s["r"])):
            lhs, rhs = lemma53_sides(s, D)
            ex = (lhs - rhs) / (1 + abs(lhs) + abs(rhs))
            if name == "diameter":
                worst = max(worst, ex)
            viol[name] += ex > 1e-9
    if viol["diameter"]:
        return fail("Lemma 5.3", f"{viol}")
    return Outcome(
        Verdict.NUMERIC,
        claimed="Lemma 5.3 (l.330–335): η_{0:t}(F(y_{t+1}) − F(x_t)) + η_t⟨∇_t, z_t − z_{t+1}⟩ − 2β‖z_{t+1} − z_t‖² <= "
                "−η_{0:t}⟨q_t, y_{t+1} − x_t⟩ + L‖b_t‖/τ_t + β‖b_t‖²/(η_tτ_t) + β‖b_t‖‖𝒞‖ (one step of Alg. 1)",
        computed=f"{N} random coupled states (‖∇_t‖ > L in {big} of them): 0 violations with ‖𝒞‖ = diameter, "
                 f"{viol['radius']} with ‖𝒞‖ = radius; max relative excess {worst:.2e}",
        margin=-worst, precision="float64, relative tolerance 1e-9; random states (not a proof)",
        details="F quadratic (M = 1, L = r + ‖c‖) or linear (M = 0, L = ‖c‖), β ∈ {1, 1.5, 4}·max(M, 0.01), t < 20, "
                "‖q_t‖ up to 10√2, ‖b_t‖ up to 2√2; the statement survives ‖∇_t‖ > L although the proof's step on l.362 "
                "needs it (002.audit.AUD-11.step)")


@check("002.audit.AUD-11.step", spec=["002.audit.AUD-11", "002.lemma5_3"], profile="quick")
def _aud11(ctx):
    rng = ctx.rng
    N = 4000
    v = 0; vc = 0; ex = None; big = 0
    for _ in range(N):
        s = lemma53_instance(rng)
        d = float(np.linalg.norm(s["yn"] - s["x"]))
        nb = float(np.linalg.norm(s["b"]))
        big += float(np.linalg.norm(s["g"])) > s["L"]
        if d > s["L"] / s["beta"] + nb / s["eta"] + 1e-12:
            v += 1
            if ex is None:
                ex = (s, d)
        vc += d > float(np.linalg.norm(s["g"])) / s["beta"] + nb / s["eta"] + 1e-12
    if v == 0 or vc:
        return fail("step fails, corrected step holds", f"{v}, {vc}")
    s, d = ex
    # PROOF-GAP: a step of Lemma 5.3's proof fails; the statement itself was not found violated (002.lemma5_3.property)
    return proof_gap(
        claimed="l.362 (proof of Lemma 5.3): ‖y_{t+1} − x_t‖ <= L/β + ‖b_t‖/η_t (uses ‖∇_t‖ <= L for the SRG estimate)",
        computed=f"violated in {v}/{N} random coupled states (‖∇_t‖ > L in {big}); the valid step ‖y_{{t+1}} − x_t‖ <= "
                 f"‖∇_t‖/β + ‖b_t‖/η_t (x_t ∈ 𝒞, projection non-expansive) holds in all {N}",
        counterexample=f"step l.362 fails at t = {s['t']}, β = {s['beta']:.3g}, L = {s['L']:.4g}, ‖∇_t‖ = {np.linalg.norm(s['g']):.4g}, "
                       f"‖b_t‖ = {np.linalg.norm(s['b']):.4g}: ‖y_{{t+1}} − x_t‖ = {d:.4g} > L/β + ‖b_t‖/η_t = "
                       f"{s['L'] / s['beta'] + np.linalg.norm(s['b']) / s['eta']:.4g}",
        margin=-1, precision="float64",
        details="the statement of Lemma 5.3 nevertheless held on every tested state (002.lemma5_3.property); the "
                "corrected per-step bound replaces L by ‖∇F(x_t)‖ + ‖q_t‖ (002.thm5_1.corrected_mc)")


@check("002.eq_diff_bound.property", spec="002.eq_diff_bound", profile="quick")
def _diff_bound(ctx):
    """l.173–174 / (23): ‖η_t∇f(x_t,d) − η_{t−1}∇f(x_{t−1},d)‖ <= η_tM‖x_t − x_{t−1}‖ + (η_t − η_{t−1})L on P1 (M = 1,
    L = r + max‖d‖ on 𝒞 = B(0, r)) and on a logistic-type loss f = ln(1 + e^{−⟨a,x⟩}) (M = ‖a‖²/4, L = ‖a‖)."""
    rng = ctx.rng
    N = 20000
    r = 1.0
    X = rng.normal(size=(N, 3)); X *= (r * rng.uniform(0, 1, size=(N, 1))) / np.linalg.norm(X, axis=1, keepdims=True)
    Xm = rng.normal(size=(N, 3)); Xm *= (r * rng.uniform(0, 1, size=(N, 1))) / np.linalg.norm(Xm, axis=1, keepdims=True)
    Dd = rng.normal(size=(N, 3)) * rng.uniform(0, 3, size=(N, 1))
    t = rng.integers(0, 1000, size=N).astype(float)
    eta, etam = t + 1, t
    # P1
    L1 = r + np.linalg.norm(Dd, axis=1)
    lhs1 = np.linalg.norm(eta[:, None] * (X - Dd) - etam[:, None] * (Xm - Dd), axis=1)
    rhs1 = eta * np.linalg.norm(X - Xm, axis=1) + (eta - etam) * L1
    # logistic
    sig = lambda u: 1 / (1 + np.exp(u))  # noqa: E731  (−d/du ln(1+e^{−u}) = 1/(1+e^u))
    g = lambda Z: -sig(np.sum(Z * Dd, axis=1))[:, None] * Dd  # noqa: E731
    a = np.linalg.norm(Dd, axis=1)
    lhs2 = np.linalg.norm(eta[:, None] * g(X) - etam[:, None] * g(Xm), axis=1)
    rhs2 = eta * (a ** 2 / 4) * np.linalg.norm(X - Xm, axis=1) + (eta - etam) * a
    worst = float(max(np.max((lhs1 - rhs1) / (1 + rhs1)), np.max((lhs2 - rhs2) / (1 + rhs2))))
    if worst > 1e-12:
        return fail("difference bound", str(worst))
    return Outcome(Verdict.NUMERIC,
                   claimed="‖Δ_t(d)‖ <= η_tM‖x_t − x_{t−1}‖ + (η_t − η_{t−1})L (l.173–174; decomposition "
                           "η_t(∇f(x_t,d) − ∇f(x_{t−1},d)) + (η_t − η_{t−1})∇f(x_{t−1},d))",
                   computed=f"{2 * N} random (x_t, x_{{t−1}}, d, t < 1000) on P1 and a logistic loss: max relative excess "
                            f"{worst:.2e}",
                   margin=-worst, precision="float64 (a triangle inequality; random instances)")
