"""End-to-end runs of the private ERM solver of Thm 3 (A12) with the BallAccel STAND-IN, in the labelled SCALED-CONSTANTS mode
(C_priv, C, T_i, zeta overridden: with the paper's constants every feasibility condition needs astronomically large n).
What is asserted is what the implementation must satisfy exactly (schedule, counts, ranges, ball membership, replay
arithmetic); the excess risk and the replayed privacy budget are measured and reported, not claimed."""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.framework import Outcome, Verdict, check, partial
from reference.resque.accounting import thm3_replay
from reference.resque.private import ErmProblem, private_erm

EPS_DP, DELTA, C_PRIV, C_BA = 0.5, 1e-3, 4.0, 2.0


def _l1_regression(rng, n, d=2):
    A = rng.standard_normal((n, d))
    A /= np.linalg.norm(A, axis=1)[:, None]
    b = 0.1 * rng.standard_normal(n) + A @ (0.3 * np.ones(d) / math.sqrt(d))
    return ErmProblem(A, b, np.ones(n))


def _fstar(P, R=1.0):
    """min_{B(R)} f^erm up to L rho_s sqrt(d) (f <= fhat_rho_s <= f + L rho_s sqrt d, Fact/[BJL+19]): minimise fhat at rho_s = 1e-4."""
    rho_s = 1e-4
    xs = P.prox_min(np.zeros(P.d), R, rho_s, iters=3000)
    return float(np.mean(np.abs(P.A @ xs - P.b))), P.L * rho_s * math.sqrt(P.d)


def _run(P, rng, eps_opt, **kw):
    d, L = P.d, P.L
    rho = eps_opt / (L * math.sqrt(d))                                    # (30): rho = eps_opt/(L sqrt d)
    sc = dict(eps_opt=eps_opt, rho=rho, r=rho / 2, beta=0.5, T1=16, T2=16, T3=4, zeta=0.5)
    sc.update(kw)
    o = P.oracle(rng)
    rec: dict = {}
    x = private_erm(o, L, 1.0, EPS_DP, DELTA, rng, C_ba=C_BA, C_priv=C_PRIV, scaled=sc, record=rec)
    return x, rec, o.calls


@check("000.private_erm.end_to_end", spec=["000.private_erm", "000.thm3", "000.priv.thm3"], profile="quick")
def _thm3_e2e(ctx):
    """One scaled run per eps_opt: BallAccel performs exactly ceil(C_ba K log kappa) iterations (data-independent), each with one
    Alg 5 and one Alg 6 call and <= ceil(C_ba log(R kappa/r)) Alg 7 calls at lambdas in [lambda_*/C_ba, C_ba L/eps_opt]; output in
    B(R); the privacy replay (paper's per-call bounds, Lemma 3, Cor 1) is recomputed and its per-kind sums add up."""
    rng = ctx.rng
    n = 2000
    P = _l1_regression(rng, n)
    fstar, fs_err = _fstar(P)
    problems, rows = [], []
    eps_list = (0.2, 0.1, 0.05) if ctx.full else (0.2,)
    for eps_opt in eps_list:
        x, rec, grads = _run(P, rng, eps_opt)
        p, ba = rec["params"], rec["ball_accel"]
        kinds = [c[0] for c in rec["calls"]]
        n_it = ba["iterations"]
        if n_it != p["iterations"] or p["iterations"] != math.ceil(C_BA * p["K"] * math.log(max(p["kappa"], math.e))):
            problems.append(f"iterations {n_it} != ceil(C_ba K log kappa) = {p['iterations']}")
        if kinds.count("bo") != n_it or kinds.count("sp") != n_it or sum(ba["ls_calls"]) != kinds.count("ls"):
            problems.append("oracle-call counts do not match the BallAccel record")
        if max(ba["ls_calls"]) > ba["params"]["max_ls"]:
            problems.append("line-search budget exceeded")
        if not all(ba["params"]["lam_lo"] * (1 - 1e-12) <= lm <= ba["params"]["lam_hi"] * (1 + 1e-12) for lm in ba["lams"]):
            problems.append("lambda outside [lambda_*/C_ba, C_ba L/eps]")
        if np.linalg.norm(x) > 1.0 + 1e-12:
            problems.append("output outside B(R)")
        rp = thm3_replay(rec["calls"], rec["J"], n, EPS_DP, DELTA, C_PRIV)
        if abs(sum(rp["per_kind"].values()) - rp["eps_total"]) > 1e-9 * max(1.0, rp["eps_total"]):
            problems.append("replay ledger does not add up")
        gap = float(np.mean(np.abs(P.A @ x - P.b))) - fstar
        rows.append(f"eps_opt={eps_opt}: iters={n_it}, oracle calls ls/bo/sp={kinds.count('ls')}/{kinds.count('bo')}/{kinds.count('sp')}, "
                    f"gradients={grads}, excess={gap:.4f} (3 eps_opt = {3 * eps_opt:.2f}), replay eps_total={rp['eps_total']:.3g} "
                    f"(target eps/2 = {EPS_DP / 2}), delta_total={rp['delta_total']:.2e}")
    ok = not problems
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="Thm 3 solver (stand-in BallAccel + Alg 7/5/6): fixed iteration count C_ba K log kappa, one O_bo and one O_sp call "
                           "per iteration, <= C_ba log(R kappa/r) O_ls calls, lambda range, output in B(R); privacy replay = Lemma 3 sum",
                   computed="; ".join(rows) if ok else "; ".join(problems),
                   margin=0 if ok else -1,
                   details=f"SCALED-CONSTANTS mode (not the paper's regime): n={n}, d=2, L1 regression, C_ba={C_BA}, C_priv={C_PRIV}, "
                           f"beta=0.5, T1=T2=16, T3=4, zeta=0.5, r=rho/2, eps_dp={EPS_DP}, delta={DELTA}; f* from fhat at rho=1e-4 "
                           f"(error <= {fs_err:.1e}). Excess risk and replayed eps are REPORTED, not asserted: at this n the replayed "
                           "budget is far above eps/2 (the constants that make Thm 3 private need n >> 1e10).")


def _eps_opt30(n, d, L, eps_dp, delta, C=0.1):
    """(30) with the scaled C, capped at L/2 (a cap reached is reported by the callers)."""
    lnd = math.log(n / delta)
    e = C * L * (1 / math.sqrt(n) + math.sqrt(d * math.log(1 / delta)) * lnd ** 1.5 * math.log(n) / (n * eps_dp))
    return min(e, 0.5 * L), e > 0.5 * L


def _e2_runs(ctx, rng, n, d, eps_dp, M, problems, P=None, fstar=None):
    if P is None:
        P = _l1_regression(rng, n, d)
        fstar, _ = _fstar(P)
    eps_opt, capped = _eps_opt30(n, d, P.L, eps_dp, DELTA)
    vals = []
    for _ in range(M):
        o = P.oracle(rng)
        rho = eps_opt / (P.L * math.sqrt(d))
        rec: dict = {}
        x = private_erm(o, P.L, 1.0, eps_dp, DELTA, rng, C_ba=C_BA, C_priv=C_PRIV, record=rec,
                        scaled=dict(eps_opt=eps_opt, rho=rho, r=rho / 2, beta=0.5, T1=16, T2=16, T3=4, zeta=0.5))
        if rec["ball_accel"]["iterations"] != rec["params"]["iterations"] or np.linalg.norm(x) > 1 + 1e-12:
            problems.append(f"n={n}, eps={eps_dp}: schedule/ball violated")
        vals.append(float(np.mean(np.abs(P.A @ x - P.b))) - fstar)
    return vals, eps_opt, capped


def _e2_outcome(ctx, name, xs, samples, bounds, xlabel, competitor, what, coverage):
    from proofs_checks.experiments import loglog_figure, rate_outcome, slope_interval
    ci = slope_interval(xs, samples, ctx.child_rng(0))
    theory = float(np.polyfit(np.log(xs), np.log(bounds), 1)[0])
    fig = loglog_figure(ctx, name, xs, samples, ci, theory=theory, competitor=competitor, xlabel=xlabel,
                        ylabel="excess empirical risk f^erm(x) - min f^erm")
    rule = rate_outcome(ci, theory=theory, competitor=competitor, claim=what, figure=fig)
    means = ", ".join(f"{np.mean(v):.4f}" for v in samples)
    return Outcome(Verdict.PARTIAL, artifacts=[fig] if fig else [],
                   claimed=f"Thm 3: excess = O(eps_opt), eps_opt from (30); {what}: the bound's local slope {theory:+.3f}, "
                           f"competitor {competitor:+g}",
                   computed=f"mean excess {means} at {xlabel} = {list(xs)}; {ci}; accept rule in this scaled regime: "
                            f"{rule.verdict.value} ({'contains the theory slope, excludes the competitor' if rule.verdict == Verdict.STATISTICAL else rule.coverage or rule.computed})",
                   coverage=coverage)


@check("000.exp.E2.excess", spec="000.exp.E2", profile="full")
def _e2_excess(ctx):
    """E2 (excess vs n): the Thm 3 solver (stand-in BallAccel, SCALED constants C = 0.1 in (30), rho = eps_opt/(L sqrt d),
    r = rho/2, T1 = T2 = 16, T3 = 4, zeta = 0.5, C_ba = 2, C_priv = 4, noise on) on L1 regression, d = 2, eps_dp = 0.5,
    delta = 1e-3, n in {1000, 3000, 9000, 27000}, 10 runs per n; the shared protocol (bootstrap slope interval, accept
    rule: contains the local slope of eps_opt(n), excludes the non-private -1/2).  Asserted per run: the fixed iteration
    count and the output in B(R).  Not private at these n (000.thm3.private_regime)."""
    rng = ctx.rng
    d, eps_dp, M, ns = 2, EPS_DP, 10, (1000, 3000, 9000, 27000)
    problems, samples, bounds, caps = [], [], [], 0
    for n in ns:
        vals, eo, capped = _e2_runs(ctx, rng, n, d, eps_dp, M, problems)
        samples.append(vals); bounds.append(eo); caps += capped
    if problems:
        return fail("E2 schedule", "; ".join(problems[:3]))
    return _e2_outcome(ctx, "E2_excess_vs_n", ns, samples, bounds, "n", -0.5, "slope of the mean excess vs n",
                       f"missing: scaled constants, not private at these n (replayed approximate-RDP budget >> eps/2; a private "
                       f"run needs n ~ 9e16, 000.thm3.private_regime); n = 1e3..2.7e4, {M} runs per n, d = 2, eps = {eps_dp}; "
                       f"{caps} capped eps_opt")


@check("000.exp.E2.excess_vs_eps", spec="000.exp.E2", profile="full")
def _e2_excess_eps(ctx):
    """E2 (excess vs eps): as 000.exp.E2.excess on ONE data set (n = 3000) with eps_dp in {0.25, 0.35, 0.5, 0.7, 0.99}, 8 runs each;
    theory = local slope of eps_opt(eps) from (30) (about -1: the privacy term dominates), competitor 0 (the non-private
    rate does not depend on eps)."""
    rng = ctx.rng
    d, n, M, es = 2, 3000, 8, (0.25, 0.35, 0.5, 0.7, 0.99)
    problems, samples, bounds, caps = [], [], [], 0
    P = _l1_regression(rng, n, d)                     # one data set for every eps (only the privacy level varies)
    fstar, _ = _fstar(P)
    for e in es:
        vals, eo, capped = _e2_runs(ctx, rng, n, d, e, M, problems, P, fstar)
        samples.append(vals); bounds.append(eo); caps += capped
    if problems:
        return fail("E2 schedule", "; ".join(problems[:3]))
    return _e2_outcome(ctx, "E2_excess_vs_eps", es, samples, bounds, "eps", 0.0, "slope of the mean excess vs eps",
                       f"missing: scaled constants, not private at n = {n}; eps in {list(es)}, {M} runs each, d = 2; {caps} capped eps_opt")


@check("000.thm3.private_regime", spec=["000.private_erm", "000.exp.E2"], profile="full")
def _private_regime(ctx):
    """Issue 13: the smallest n at which a Thm 3 run is both private and feasible with the paper's printed calibration.
    For each (d, eps, delta, C) the calibration (30)-(34) is charged for the WORST-CASE number of oracle calls
    (ceil(C_ba K ln kappa) iterations x (ceil(C_ba ln(R kappa/r)) Alg 7 + 1 Alg 5 + 1 Alg 6 calls), Alg 6's loops at the
    Chernoff level of the paper's high-probability event) with the per-call approximate-RDP bounds of Prop 10 / Prop 8 /
    Lemma 10, composed by the CORE accountants (approx_rdp_compose, approx_rdp_to_dp with delta' = delta/3):
    accounting.thm3_worst_case_budget.  'Feasible' = the paper's own preconditions: Alg 6's input T_3 <= floor(n/C_priv)/2
    (L955), Lemma 7's beta^2 log^2(1/delta) <= 1/C_priv, Lemma 5's rho/r >= C_priv log^2(log T_3/delta), with the derived
    C_priv = 216,032 and C_ba = 1.  Grid: d in {1, 10}, eps in {0.5, 0.99}, delta in {1e-3, 0.16}, C in 10^[0, 14]
    (half decades), n in 10^[3, 40] (quarter decades), then bisection in log n at the cheapest point."""
    from reference.resque.accounting import thm3_worst_case_budget
    best, n_pts, calib_only = None, 0, {}
    for d in (1, 10):
        for eps in (0.5, 0.99):
            for delta in (1e-3, 0.16):
                for lC in np.arange(0, 14.01, 0.5):
                    C = 10.0 ** lC
                    prev = None
                    for ln in np.arange(3, 40.01, 0.25):
                        n_pts += 1
                        b = thm3_worst_case_budget(10.0 ** ln, d, eps, delta, C=C)
                        if b["private"] and (d, eps, delta) not in calib_only and lC == 0:
                            calib_only[(d, eps, delta)] = (10.0 ** ln, b["eps_dp"])
                        if b["private"] and b["feasible"]:
                            lo, hi = (prev if prev is not None else ln - 0.25), ln
                            for _ in range(30):                                   # bisection in log10 n
                                mid = 0.5 * (lo + hi)
                                bm = thm3_worst_case_budget(10.0 ** mid, d, eps, delta, C=C)
                                if bm["private"] and bm["feasible"]:
                                    hi = mid
                                else:
                                    lo = mid
                            bb = thm3_worst_case_budget(10.0 ** hi, d, eps, delta, C=C)
                            if best is None or bb["gradients"] < best[0]:
                                best = (bb["gradients"], d, eps, delta, C, 10.0 ** hi, bb)
                            break
                        prev = ln
    if best is None:
        return partial(claimed="Thm 3 run both feasible and private", computed=f"no admissible point among {n_pts}",
                       coverage="no admissible (n, C) up to n = 1e40 on the grid: no private run exists at any testable n")
    g, d, eps, delta, C, n, b = best
    years = g / 1e8 / 3.15e7
    c1 = "; ".join(f"(d={k[0]}, eps={k[1]}, delta={k[2]}): n = {v[0]:.3g} (eps_dp {v[1]:.3f})" for k, v in sorted(calib_only.items()))
    if not (b["eps_dp"] <= eps and b["delta_dp"] <= delta and b["feasible"]):
        return fail("thm3_worst_case_budget at the reported point", f"{b}")
    return partial(claimed="Thm 3 (L1074-1199): the printed calibration makes a run (eps, delta)-DP; a run needs the paper's preconditions",
                   computed=f"smallest n with a run both private (core-composed worst-case ledger: eps_dp = {b['eps_dp']:.3f} <= "
                            f"eps = {eps}, delta_dp = {b['delta_dp']:.2e} <= {delta}) and feasible: n = {n:.4g} at d = {d}, C = {C:.3g} "
                            f"({b['iterations']} BallAccel iterations, {b['calls']} oracle calls); cost of that run: Thm 3 gradient "
                            f"bound {g:.3g} (~{years:.2g} years at 1e8 gradients/s). Calibration alone (ignoring the preconditions), "
                            f"C = 1: first private n on the grid {c1}",
                   coverage=f"{n_pts} grid points + bisection (relative accuracy 1e-9 in log10 n); no feasible private run on this "
                            f"machine: every run in this package uses the labelled scaled-constants mode (not private)",
                   details="per-call bounds: Prop 10 (Alg 7), Prop 8 (Alg 5), Lemma 10 (Alg 6 loops); composition and conversion by "
                           "reference.core.accounting (approx_rdp_compose, approx_rdp_to_dp)")
