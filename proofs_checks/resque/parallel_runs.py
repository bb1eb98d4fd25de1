"""Thms 1-2 end to end (issue 13): the parallel solvers themselves -- the BallAccel-with-ball-oracles STAND-IN
(reference.resque.parallel.ball_accel_bo, Prop 2 / [CH22] external, C_ba = 1) whose every ball-oracle call is Alg. 1
(EpochSGD, Thm 1) or Alg. 2 (AC-SA in the GL12-corrected form, Thm 2), with ONE counting stochastic-gradient oracle per
run: query depth = its parallel rounds, total queries = its calls.  Rates by the shared protocol
(proofs_checks.experiments: least-squares log-log slope of the mean over 8 replicates, percentile bootstrap).

Exactly stated counts are asserted in every run: each Alg. 1 call costs 2 ceil(48 L^2/(lambda phi)) queries in one round
(Prop 3), each Alg. 2 call T sum_k N_k queries in one round (Prop 4), and BallAccel performs ceil(C_ba K log kappa)
iterations (Prop 1, K = (R/r)^{2/3}).

Isolating the 2/3: the depth of Thms 1-2 is O~(d^{1/3} kappa^{2/3}); the O~ hides log^3(d kappa) (Thm 1's proof,
000.thm12_algebra).  The raw depth slope mixes kappa^{2/3} with that log factor, so the accept rule is applied to
depth/log^3(d kappa + 1) (theory exponent 2/3) against the nearest competing depth in the seed's Table 1 (L63): [DBW12]'s
d^{1/4} kappa (exponent 1); SGD's kappa^2 (exponent 2) is reported too.  The raw slope is reported alongside.
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import loglog_figure, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.oracles import GradientOracle
from reference.core.problems import AbsSum
from reference.resque.parallel import ac_sa, ac_sa_sizes, ball_accel_bo, ball_accel_params, epoch_sgd

L, R, M = 1.0, 1.0, 8


def _run(alg: str, d: int, kappa: float, rng: np.random.Generator) -> tuple[int, int, str]:
    """One solver run on f = (1/4) sum_i |<a_i, x> - b_i| (unit a_i, L = 1) in R^d, r = rho = eps/(sqrt(d) L), eps = LR/kappa.
    Returns (depth, total, problem) where problem is '' or the violated exact count."""
    eps = L * R / kappa
    r = eps / (math.sqrt(d) * L)
    A = rng.standard_normal((4, d))
    A /= np.linalg.norm(A, axis=1)[:, None]
    P = AbsSum(A, 0.3 * rng.standard_normal(4) / math.sqrt(d), np.ones(4) / 4)
    o = GradientOracle(P.subgradient, dim=d, vectorized=True)
    exp = {"calls": 0, "rounds": 0}

    def bo(y, lam, phi):
        if alg == "alg1":
            T = math.ceil(48 * L ** 2 / (lam * phi))                      # Prop 3: 2T queries, one round
            exp["calls"] += 2 * T
            exp["rounds"] += 1
            return epoch_sgd(o, y, r, r, lam, phi, L, rng)
        N = ac_sa_sizes(L, r, r, lam, phi)[3]                              # Prop 4: T sum_k N_k queries, one round
        exp["calls"] += N
        exp["rounds"] += 1 if N > 0 else 0
        return ac_sa(o, y, r, r, lam, phi, L, rng)

    rec: dict = {}
    ball_accel_bo(bo, L, R, r, eps, d, rng, C_ba=1.0, record=rec)
    prob = ""
    if o.calls != exp["calls"] or o.rounds != exp["rounds"]:
        prob = f"{alg} d={d} kappa={kappa}: calls {o.calls} vs {exp['calls']}, rounds {o.rounds} vs {exp['rounds']}"
    P1 = ball_accel_params(L, R, r, eps, 1.0)
    if rec["iterations"] != P1["max_iter"] and rec.get("stopped") == "max_iter":
        prob = f"{alg} d={d} kappa={kappa}: {rec['iterations']} iterations != ceil(C_ba K log kappa) = {P1['max_iter']}"
    return o.rounds, o.calls, prob


def _sweep(ctx, alg, d_list, kappa_list):
    depth, total, probs = [], [], []
    for d in d_list:
        for kappa in kappa_list:
            ds, ts = [], []
            for rep in range(M):
                dep, tot, pr = _run(alg, d, kappa, np.random.default_rng([ctx.seed, d, int(kappa), rep]))
                if pr:
                    probs.append(pr)
                ds.append(dep); ts.append(tot)
            depth.append(ds); total.append(ts)
    return depth, total, probs


def _logcorr(samples, xs, d_of):
    return [[v / math.log(d_of(x) * x + 1) ** 3 for v in s] for s, x in zip(samples, xs)]


def _kappa_experiment(ctx, alg, kappas, thm):
    d = 1
    depth, total, probs, iters = [], [], [], []
    for kappa in kappas:
        dd, tt, pr = _sweep(ctx, alg, (d,), (kappa,))
        depth += dd; total += tt; probs += pr
        iters.append(ball_accel_params(L, R, L * R / kappa / (math.sqrt(d) * L), L * R / kappa, 1.0)["max_iter"])
    if probs:
        return fail(f"{thm}: exact per-call counts and iteration count", "; ".join(probs[:3]))
    raw = slope_interval(kappas, depth, ctx.child_rng(1))
    corr_s = _logcorr(depth, kappas, lambda k: d)
    corr = slope_interval(kappas, corr_s, ctx.child_rng(2))
    per_it = [[v / it for v in s] for s, it in zip(depth, iters)]
    pit = slope_interval(kappas, per_it, ctx.child_rng(4))
    tot = slope_interval(kappas, total, ctx.child_rng(3))
    fig = loglog_figure(ctx, f"{alg}_depth_vs_kappa", kappas, depth, raw, theory=2 / 3, competitor=1.0,
                        xlabel="kappa = LR/eps", ylabel="query depth (rounds)",
                        title=f"{thm}: {alg} ball oracle, d = {d}, {M} runs per kappa")
    fig2 = loglog_figure(ctx, f"{alg}_total_vs_kappa", kappas, total, tot, theory=2.0, xlabel="kappa",
                         ylabel="total queries", title=f"{thm}: total queries, {alg}")
    if raw.hi >= 2.0:
        return fail(f"{thm}: depth slope interval excludes SGD's 2", str(raw))
    return Outcome(Verdict.PARTIAL, artifacts=[f for f in (fig, fig2) if f],
                   claimed=f"{thm}: query depth O~(d^(1/3) kappa^(2/3)) (log^3(d kappa) hidden), total O~(d^(1/3) kappa^(2/3) + kappa^2)",
                   computed=f"depth: raw {raw}; depth/log^3(d kappa + 1) {corr}; BallAccel iterations = ceil(K ln kappa), "
                            f"K = d^(1/3) kappa^(2/3), asserted exactly ({iters}); ball calls per iteration {pit}; total {tot}",
                   margin=2.0 - raw.hi,
                   coverage=f"kappa in {list(kappas)}, d = {d}, {M} runs per kappa; exact per-call counts (Prop 3/4) and iteration "
                            f"counts asserted in every run; depth slope interval excludes SGD's exponent 2. missing: the 2/3 is "
                            f"not isolated -- the raw slope (upper side: log factors included) and the log^3-corrected slope "
                            f"(lower side: the proof's log power over-corrects at kappa <= {max(kappas)}) bracket it, and the raw "
                            f"interval does not exclude [DBW12]'s exponent 1 (Table 1, L63); the kappa^(2/3) enters only through "
                            f"the stand-in schedule's exact iteration count",
                   details="depth = parallel rounds of one counting oracle (each ball call = one round); the BallAccel/Prop 2 "
                           "schedule is a STAND-IN for the external [ACJ+21]/[CH22] algorithm")


@check("000.thm1.solver_run", spec=["000.thm1", "000.parallel_sco", "000.exp.E1"], profile="full")
def _thm1_solver_run(ctx):
    """Thm 1 (L357-364): the solver with Alg. 1 as ball oracle, kappa in {4, 8, 16}, d = 1, 8 runs per kappa (kappa = 32
    costs ~22 s per run).  Accept rule on depth/log^3(d kappa + 1): interval contains 2/3 and excludes 1 ([DBW12])."""
    return _kappa_experiment(ctx, "alg1", (4, 8, 16), "Thm 1")


@check("000.thm2.solver_run", spec=["000.thm2", "000.parallel_sco"], profile="full")
def _thm2_solver_run(ctx):
    """Thm 2 (L366-373): the solver with Alg. 2 (GL12 form) as ball oracle, kappa in {4, 8, 16, 32}, d = 1, 8 runs per
    kappa.  Accept rule on depth/log^3(d kappa + 1): interval contains 2/3 and excludes 1 ([DBW12])."""
    return _kappa_experiment(ctx, "alg2", (4, 8, 16, 32), "Thm 2")


@check("000.exp.E1.depth_vs_d", spec=["000.exp.E1", "000.parallel_sco"], profile="full")
def _depth_vs_d(ctx):
    """Depth vs d at kappa = 8 (Alg. 2 ball oracle), d in {1, 2, 4, 8}, 8 runs per d: theory d^{1/3} (exponent 1/3,
    up to log^3(d kappa)), competitor [DBW12]'s d^{1/4}.  The accept rule is applied to depth/log^3(d kappa + 1)."""
    kappa, ds = 8, (1, 2, 4, 8)
    depth, total, probs = [], [], []
    for d in ds:
        dd, tt, pr = _sweep(ctx, "alg2", (d,), (kappa,))
        depth += dd; total += tt; probs += pr
    if probs:
        return fail("exact per-call counts", "; ".join(probs[:3]))
    raw = slope_interval(ds, depth, ctx.child_rng(1))
    corr_s = [[v / math.log(d * kappa + 1) ** 3 for v in s] for s, d in zip(depth, ds)]
    corr = slope_interval(ds, corr_s, ctx.child_rng(2))
    fig = loglog_figure(ctx, "alg2_depth_vs_d", ds, depth, raw, theory=1 / 3, competitor=0.25, xlabel="d",
                        ylabel="query depth (rounds)", title=f"Thm 2 solver, kappa = {kappa}, {M} runs per d")
    return Outcome(Verdict.PARTIAL, artifacts=[fig] if fig else [],
                   claimed="Thms 1-2: depth O~(d^(1/3) kappa^(2/3)): exponent 1/3 in d (log^3(d kappa) hidden)",
                   computed=f"depth vs d: raw {raw}; depth/log^3(d kappa + 1) {corr}",
                   coverage=f"d in {list(ds)}, kappa = {kappa}, Alg 2 ball oracle, {M} runs per d, exact counts asserted. "
                            f"missing: the raw and log^3-corrected intervals bracket the exponent; [DBW12]'s d^(1/4) (Table 1, "
                            f"L63) is not separable from d^(1/3) over this range",
                   details="competitor exponent 1/4 ([DBW12])")
