"""What the ch. 1 headlines H1 (convex DP-ERM), H3 (DP-SCO) and H4 (s.c. DP-SCO) now run, and what is still out of
reach -- computed from the algorithms' own parameters and calibration; each check FAILS if the experiment's ladder
starts below the predicted non-trivial N, if a leading-regime run starts below N_lead or does not fit its raised
budget, or if the regime still out of reach would fit the budget.

Calibration constant: for a round (eps_r, delta_r, T, B) of Private AC-SA the noise actually added is sigma (the
thesis's tCDP chain ``privacy.tcdp_sigma`` for parameter set E, the core-accountant calibration
``end_to_end.certified_sigma`` for set S, as the experiments use); c2 = sigma eps_r N/(G B sqrt(T log(1/delta_r)))
is the constant of the printed form sigma = c2 G B sqrt(T log(1/delta))/(eps N) (G = sensitivity/2 = 1).
Predicted excess (the statements' bounds with O-constant 1, the privacy term inflated by the calibrated c2):
* H1 (Lemma 1.4.10 around Thm 1.4.9, u = u_const G sqrt(d log(1/delta))/(D eps N), u_const = 1):
  u D^2 + c2^2 (G + 2uD)^2 d log(1/delta)/(2u eps^2 N^2), c2 of the last round of the s.c. solver;
* H3 (Thm 1.5.6): G D (1/sqrt N + (1 + c2^2/2) sqrt(d log(1/delta))/(eps N)), c2 = max over Alg 5's first phase
  (N/2, eps/2, delta/2, set S) -- the same u-vs-noise trade-off as Lemma 1.4.10 with the printed regularisation;
* H4 (Lemma 1.5.5): (G^2/mu)(1/N + c2^2 d log(1/delta)/(eps^2 N^2)), c2 as for H3 on the last restart's block.
Regime rule of the experiments: non-trivial iff the predicted excess <= 1/4 of the trivial output's excess (w0 = 0),
computed on the experiments' instances (d = 2, eps = 0.5, delta = 1e-3).  N_min = the smallest such N (doubling,
then bisection to 2 %).  The experiments (end_to_end.H1_NS / H3_NS / H4_NS) run ladders starting at >= N_min
(asserted here).
Still out of reach -- the regime where the printed LEADING exponent can be read:
* H3: the statistical term 1/sqrt N is >= 3x the calibrated privacy term (1 + c2^2/2) sqrt(d log(1/delta))/(eps N)
  (below it the bound decays like 1/N, faster than the printed -1/2);
* H4: 1/N >= 3x c2^2 d log(1/delta)/(eps^2 N^2) (below it the bound decays like 1/N^2);
* H1: both terms of the bound are ~1/N, but the trivial cap bends the measured slope while the excess is a sizeable
  fraction of the trivial one: the regime predicted excess <= trivial/16 (4x below the experiments' rule).
N_lead = the smallest such N; its ladder N_lead, 2 N_lead, 4 N_lead with the experiment's replicates has the
experiments' asserted gradient formula (sum of B T) and sum T Private AC-SA steps.  Cost lower bound: steps x the
measured CPU seconds per step of a real private run with the experiments' vectorised oracle and B ~ 3 (min of 3;
larger B and Alg 5's ball-intersection projections only cost more; calibration ignored).
H3 (easy instance, full profile only): the check FAILS if that ladder fits the experiments' budget of 240 CPU seconds
(then it should be run instead).  H3 on the worst-case family (quick and full; worst_case_sco): the leading regime
by the proof's own terms at the printed eta (privacy/statistical ratio c2^2 d log(1/delta)/(2 eps^2 N) <= 1/3) is
N_lead ~ 4.4e3 at d = 1, eps = 1/2, delta = 1e-3 and RUNS (exp.H3.leading_regime, the sup over the family's members
worst_case_sco.H3_MEMBERS); the check FAILS if that ladder starts below N_lead, has < 3 N, a factor < 4, < 8
replicates per member, < 3 members or no member of order 1 (gamma >= 1/2), exceeds its budget (640 CPU s for all
members), or if its next factor 4 would fit.
H1, H4: the leading regime now RUNS, as separate full-profile checks with a raised budget of 600 CPU seconds each
(exp.H1.leading_regime / exp.H4.leading_regime on end_to_end.H1_LEAD_NS / H4_LEAD_NS); the check FAILS if that
ladder starts below N_lead or its cost lower bound exceeds the raised budget.  Still out of reach for them: the
next factor 4 of the leading regime (N_top, 2 N_top, 4 N_top, N_top = the top of the run ladder, same replicates);
the check FAILS if that ladder fits the raised budget (then it should be run instead).
"""
from __future__ import annotations

import math
import time

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, fail
from proofs_checks.thesis.ch01 import end_to_end as e2e
from reference.core.geometry import proj_l2_ball
from reference.thesis.ch01.rowwise_oracle import RowwiseSampleOracle
from reference.thesis.ch01 import algorithms as alg

P = "003_ch01."
D_DIM, EPS, DELTA = 2, 0.5, 1e-3
BUDGET_S = 240.0                 # per experiment, CPU seconds of one core (the experiments' budget)
LEAD_BUDGET_S = 600.0            # per leading-regime run (exp.H1/H4.leading_regime), CPU seconds of one core


def c2_erm(N, d=D_DIM, eps=EPS, delta=DELTA) -> float:
    e, dl, T, B = e2e._rounds_formula(N, d, eps, delta)[-1]
    s = e2e._sigma_rule(N, B, T, e, dl)
    return s * e * N / (B * math.sqrt(T * math.log(1 / dl)))


def _rounds_S(Ni, d, e_i, d_i, c1=1.0):
    k = math.ceil(math.log2(math.log2(Ni ** 3)))
    out = []
    for j in range(1, k + 1):
        e, dl = e_i / 2 ** (k + 1 - j), d_i / 2 ** (k + 1 - j)
        L = math.log(1 / dl)
        T = 400 * math.ceil(min(math.sqrt(Ni) * d ** 0.25, Ni * e / (d ** 0.25 * math.sqrt(L))))
        B = math.ceil(Ni / T + Ni * math.sqrt(e / (c1 * T)))
        out.append((e, dl, T, B))
    return out


def c2_sco_phase1(N, d=D_DIM, eps=EPS, delta=DELTA) -> float:
    Ni = N // 2
    c = 0.0
    for (e, dl, T, B) in _rounds_S(Ni, d, eps / 2, delta / 2):
        s = e2e.certified_sigma(Ni, min(B, Ni), T, e, dl)
        c = max(c, s * e * Ni / (B * math.sqrt(T * math.log(1 / dl))))
    return c


def pred_h1(N, G=1.0, D=2.0, u_const=1.0):
    L = D_DIM * math.log(1 / DELTA)
    u = u_const * G * math.sqrt(L) / (D * EPS * N)
    if u * D >= G:
        return math.inf
    return u * D ** 2 + c2_erm(N) ** 2 * (G + 2 * u * D) ** 2 * L / (2 * u * EPS ** 2 * N ** 2)


def pred_h3(N, G=1.0, D=2.0):
    return G * D * (1 / math.sqrt(N) + (1 + c2_sco_phase1(N) ** 2 / 2) * math.sqrt(D_DIM * math.log(1 / DELTA)) / (EPS * N))


def pred_h4(N, G=2.0, mu=1.0):
    k = math.ceil(math.log2(math.log2(N ** 3)))
    Nb = N // 2                                   # the last restart's block (Lemma 1.5.5: N/2^(k+1-i), i = k)
    return G ** 2 / mu * (1 / N + c2_sco_phase1(Nb, eps=EPS / 2, delta=DELTA / 2) ** 2 * D_DIM * math.log(1 / DELTA)
                          / (EPS ** 2 * N ** 2)) if k >= 1 else math.inf


def n_min(pred, level, start=16) -> int:
    """Smallest N with pred(N) <= level/4 (doubling, then bisection to 2 %); pred is decreasing on the ladder."""
    lo, hi = start, start
    while pred(hi) > level / 4:
        lo, hi = hi, 2 * hi
        if hi > 2 ** 40:
            raise AssertionError("no non-trivial N below 2^40")
    while hi - lo > max(1, 0.02 * hi):
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if pred(mid) <= level / 4 else (mid, hi)
    return hi


def counts_h1(N):
    """(gradients, Private AC-SA steps) of dp_erm_convex: the s.c. solver's rounds (set E)."""
    r = e2e._rounds_formula(N, D_DIM, EPS, DELTA)
    return sum(T * B for (_, _, T, B) in r), sum(T for (_, _, T, _) in r)


def _sco_counts(N, eps, delta, c1=1.0):
    """(gradients, steps) of Alg 5 with restarted set-S phases: the experiments' own count (e2e.sco_counts)."""
    return e2e.sco_counts(N, D_DIM, eps, delta, c1)


def counts_h3(N):
    return _sco_counts(N, EPS, DELTA)


def counts_h4(N):
    k = math.ceil(math.log2(math.log2(N ** 3)))
    c = [_sco_counts(N // 2 ** (k + 1 - i), EPS / 2 ** (k + 1 - i), DELTA / 2 ** (k + 1 - i)) for i in range(1, k + 1)]
    return sum(a for a, _ in c), sum(b for _, b in c)


def seconds_per_step(ctx, N=200, reps=3) -> float:
    """Measured: min over reps of (CPU time)/(steps) of a real private run of dp_erm_strongly_convex (set E, d = 2,
    B ~ 3 per step) with the experiments' vectorised oracle.  A lower bound for the ladders' steps (larger B,
    ball-intersection projections in Alg 5)."""
    best = math.inf
    for r in range(reps):
        rng = ctx.child_rng(100 + r)
        X = e2e._instance(N, D_DIM, rng)
        orc = RowwiseSampleOracle(lambda W, S: S + W, X)
        steps = sum(T for (_, _, T, _) in e2e._rounds_formula(N, D_DIM, EPS, DELTA))
        t0 = time.process_time()
        alg.dp_erm_strongly_convex(orc, np.zeros(D_DIM), 2.0, 3.0, 1.0, EPS, DELTA, rng, e2e._sigma_rule,
                                   proj=lambda y: proj_l2_ball(y, None, 1.0))
        best = min(best, (time.process_time() - t0) / steps)
    return best


def trivial_levels(rng):
    m = math.sin(math.pi / 3) / (math.pi / 3)
    X = e2e._instance(20_000, D_DIM, rng)
    return {"H1": float(np.linalg.norm(X.mean(axis=0))), "H3": m, "H4": m ** 2 / 2}


def lead_ratio_h3(N, G=1.0, D=2.0):
    """(calibrated privacy term)/(statistical term) of H3's bound; the leading exponent -1/2 is readable at <= 1/3."""
    priv = (1 + c2_sco_phase1(N) ** 2 / 2) * math.sqrt(D_DIM * math.log(1 / DELTA)) / (EPS * N)
    return priv * math.sqrt(N)


def lead_ratio_h4(N):
    """(calibrated privacy term)/(1/N) of H4's bound; the leading exponent -1 is readable at <= 1/3."""
    c2 = c2_sco_phase1(N // 2, eps=EPS / 2, delta=DELTA / 2)
    return c2 ** 2 * D_DIM * math.log(1 / DELTA) / (EPS ** 2 * N)


def _ladder_cost(ladder, R, counts, sps):
    cs = [counts(N) for N in ladder]
    g, st = R * sum(a for a, _ in cs), R * sum(b for _, b in cs)
    return g, st, st * sps


def _outcome(ctx, name, claim, pred, level, counts, c2_of, run, R, lead_N, lead_what, lead_run=None):
    """``lead_run = (ns, R)``: the leading-regime ladder that runs (raised budget LEAD_BUDGET_S); None: it does not."""
    N0 = n_min(pred, level)
    if run[0] < N0:
        return fail(f"{name}: the experiment's ladder starts at or above the predicted non-trivial N_min",
                    f"ladder {run} starts below N_min = {N0}")
    sps = seconds_per_step(ctx)
    g_run, st_run, s_run = _ladder_cost(run, R, counts, sps)
    txt = (f"{name}: trivial excess {level:.3f}; calibrated c2 = {c2_of(N0):.2f} at N_min; predicted excess <= "
           f"trivial/4 first at N_min = {N0} (eps N = {EPS * N0:.3g}); RUN by the experiment: N = {run} x {R} = "
           f"{g_run:.3g} gradients in {st_run:.3g} Private AC-SA steps (>= {s_run:.3g} CPU s at the measured "
           f"{sps * 1e6:.0f} us per step)")
    if lead_run is None:
        budget, Rn = BUDGET_S, R
        nxt = [lead_N, 2 * lead_N, 4 * lead_N]
        what = f"{lead_what} first at N_lead = {lead_N}"
    else:
        lns, Rn = lead_run
        if lns[0] < lead_N:
            return fail(f"{name}: the leading-regime run starts at or above N_lead ({lead_what})",
                        f"ladder {lns} starts below N_lead = {lead_N}; " + txt)
        g_l, st_l, s_l = _ladder_cost(lns, Rn, counts, sps)
        txt += (f"; RUN in the leading regime ({lead_what} first at N_lead = {lead_N}; raised budget "
                f"{LEAD_BUDGET_S:g} CPU s, exp.{name}.leading_regime): N = {lns} x {Rn} = {g_l:.3g} gradients in "
                f"{st_l:.3g} steps (>= {s_l:.3g} CPU s)")
        if s_l > LEAD_BUDGET_S:
            return fail(f"{name}: the leading-regime run fits its raised budget",
                        f"its cost lower bound {s_l:.3g} CPU s exceeds {LEAD_BUDGET_S:g} s; " + txt)
        budget = LEAD_BUDGET_S
        nxt = [lns[-1], 2 * lns[-1], 4 * lns[-1]]
        what = f"the next factor 4 of the leading regime, from the run's top N = {lns[-1]}"
    g_n, st_n, s_n = _ladder_cost(nxt, Rn, counts, sps)
    txt += (f"; OUT OF REACH: {what}, ladder {nxt} x {Rn} = {g_n:.3g} gradients in {st_n:.3g} steps, >= "
            f"{s_n:.3g} CPU s > the budget {budget:g} s")
    if s_n <= budget:
        return fail(f"{name}: the regime out of reach does not fit the budget", "it fits: run it; " + txt)
    return Outcome(
        Verdict.PARTIAL, claimed=claim, computed=txt,
        details=f"d = {D_DIM}, eps = {EPS}, delta = {DELTA}; the statements' bounds with O-constant 1 and the calibrated "
                f"c2 (module docstring); per-step cost: min of 3 real runs, CPU time on a shared machine",
        coverage=f"missing: {what} (ladder {nxt} x {Rn}); it needs >= {s_n:.3g} CPU s > {budget:g} s "
                 f"({st_n:.3g} steps)")


@check(P + "exp.H1.infeasible_regime", spec=[P + "thm1_4_11"], profile="full")
def _h1(ctx):
    lv = trivial_levels(ctx.child_rng(1))["H1"]
    lead = n_min(pred_h1, lv / 4)
    return _outcome(ctx, "H1", "Thm 1.4.11 convex DP-ERM rate: what runs end to end, what is out of reach", pred_h1,
                    lv, counts_h1, c2_erm, e2e.H1_NS, e2e.H1_R, lead, "predicted excess <= trivial/16",
                    lead_run=(e2e.H1_LEAD_NS, e2e.H1_LEAD_R))


def _h3_worst_case(ctx):
    """The leading-regime record of H3 on the two-point worst-case family (worst_case_sco): N_lead by the proof's
    terms at the printed eta (privacy/statistical ratio c2^2 d log(1/delta)/(2 eps^2 N) <= 1/3) at the run's
    (d = 1, eps = 1/2, delta = 1e-3) and (full profile) at the admissible corners that would lower it (eps is already the largest
    admissible 1/2: L402, L928; d = 2 as the other experiments; delta = 1/2, the largest admissible); the run ladder's
    shape, start and cost (steps x measured CPU s per step of a real private run on the family, calibration time
    excluded); the next factor 4 beyond the run.  Returns (failure reason or None, text)."""
    from proofs_checks.thesis.ch01 import worst_case_sco as wc
    ns, R, M = wc.H3_LEAD_NS, wc.H3_LEAD_R, len(wc.H3_MEMBERS)
    lead = wc.n_lead()
    corners = {"d = 2, delta = 1e-3": wc.n_lead(d=2), "d = 1, delta = 1/2": wc.n_lead(delta=0.5)} if ctx.full else {}
    sps = wc.seconds_per_step_worst_case(ctx, reps=2 if ctx.full else 1)
    g, st, cost = wc.ladder_cost(ns, R, sps, members=M)
    nxt = [ns[-1], 2 * ns[-1], 4 * ns[-1]]
    g2, st2, cost2 = wc.ladder_cost(nxt, R, sps, members=M)
    txt = (f"H3 worst case (two-point family, sup over the members {', '.join(wc.member_name(m) for m in wc.H3_MEMBERS)}"
           f", d = 1): eps <= 1/2 is the admissible range (L402, L928; the "
           f"runs use eps = 1/2, so eps cannot lower N_lead); leading regime (proof's terms at the printed eta, "
           f"calibrated c2, privacy/statistical ratio <= 1/3) first at N_lead = {lead} (ratio there "
           f"{wc.privacy_ratio(lead):.3f}) at d = 1, eps = 1/2, delta = 1e-3; corners (full profile): "
           + (", ".join(f"N_lead = {v} at {k}" for k, v in corners.items()) or "not computed")
           + f" (delta = 1/2 is admissible but a vacuous privacy level, and its ratio uses the printed log(1/delta) = log 2 while the phases pay log(1/delta_r) >= log 8: optimistic; not used); RUN (exp.H3.leading_regime): "
           f"N = {ns} x {R} replicates per member x {M} members (factor {ns[-1] / ns[0]:g}) = {g:.3g} gradients in "
           f"{st:.3g} Private AC-SA steps, >= {cost:.3g} CPU s at the measured {sps * 1e6:.0f} us per step (budget "
           f"{wc.H3_LEAD_BUDGET_S:g} s); OUT OF REACH: the next factor 4 ({nxt} x {R} x {M} = {st2:.3g} steps, >= "
           f"{cost2:.3g} CPU s)")
    if ns[0] < lead:
        return f"the leading-regime ladder {ns} starts below N_lead = {lead}", txt
    Rs = wc._per_n(R, ns)
    if not (len(ns) >= 3 and ns[-1] >= 4 * ns[0] and min(Rs) >= 8 and M >= 3
            and any(m[0] == "gamma" and m[1] >= 0.5 for m in wc.H3_MEMBERS)):
        return (f"the ladder must have >= 3 N over a factor >= 4 with >= 8 replicates per member and >= 3 members, one "
                f"of them gamma >= 1/2 (order 1), got {ns} x {R}, members {wc.H3_MEMBERS}"), txt
    if cost > wc.H3_LEAD_BUDGET_S:
        return f"its cost lower bound {cost:.3g} CPU s exceeds the budget {wc.H3_LEAD_BUDGET_S:g} s", txt
    if cost2 <= wc.H3_LEAD_BUDGET_S:
        return "the next factor 4 fits the budget: run it", txt
    return None, txt


@check(P + "exp.H3.infeasible_regime", spec=[P + "thm1_5_6"])
def _h3(ctx):
    """Quick: the worst-case leading-regime record (_h3_worst_case, a few seconds).  Full profile: also the record of
    the easy-instance ladder (exp.H3.population_excess_vs_N's N_min) and of the displayed-envelope criterion."""
    why, txt = _h3_worst_case(ctx)
    if why is not None:
        return fail("H3: the worst-case leading-regime ladder starts at N_lead, has the protocol's shape, fits its "
                    "budget, and the next factor 4 does not", why + "; " + txt)
    claim = "Thm 1.5.6 DP-SCO rate: what runs end to end, what is out of reach"
    wc_missing = ("missing: on the worst-case family, N beyond the run ladder (the next factor 4 is out of reach), "
                  "d >= 2 in the leading regime, other distributions")
    if not ctx.full:
        return Outcome(Verdict.PARTIAL, claimed=claim, computed=txt,
                       details="quick profile: the worst-case record only (the easy-instance record runs in full)",
                       coverage=wc_missing)
    lv = trivial_levels(ctx.child_rng(1))["H3"]
    lead = n_min(lead_ratio_h3, 4 / 3, start=4096)
    out = _outcome(ctx, "H3", claim, pred_h3, lv, counts_h3, c2_sco_phase1, e2e.H3_NS, e2e.H3_R, lead,
                   "easy instance (d = 2): statistical term 1/sqrt N >= 3x the displayed privacy term's envelope "
                   "inflated by (1 + c2^2/2)")
    if out.verdict is not Verdict.PARTIAL:
        return out
    return Outcome(Verdict.PARTIAL, claimed=claim, computed=txt + "; " + out.computed, details=out.details,
                   coverage=wc_missing + "; " + out.coverage)


@check(P + "exp.H4.infeasible_regime", spec=[P + "lemma1_5_5"], profile="full")
def _h4(ctx):
    lv = trivial_levels(ctx.child_rng(1))["H4"]
    lead = n_min(lead_ratio_h4, 4 / 3, start=512)
    return _outcome(ctx, "H4", "Lemma 1.5.5 s.c. DP-SCO rate: what runs end to end, what is out of reach", pred_h4,
                    lv, counts_h4, lambda N: c2_sco_phase1(N // 2, eps=EPS / 2, delta=DELTA / 2), e2e.H4_NS,
                    e2e.H4_R, lead, "1/N >= 3x the calibrated privacy term",
                    lead_run=(e2e.H4_LEAD_NS, e2e.H4_LEAD_R))
