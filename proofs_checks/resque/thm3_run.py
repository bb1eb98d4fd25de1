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


@check("000.exp.E2.excess", spec="000.exp.E2", profile="full")
def _e2_excess(ctx):
    """E2 (excess-risk side): the Thm 3 solver (stand-in BallAccel, scaled constants) on L1 regression, d = 2, eps_dp = 0.5,
    delta = 1e-3, for n in {1000, 3000, 9000, 27000} (10 runs each); eps_opt from (30) with C = 0.1 (scaled), rho = eps_opt/(L sqrt d), r = rho/2,
    T1 = T2 = 16, T3 = 4, zeta = 0.5, C_ba = 2, C_priv = 4.  Reported: mean excess f^erm(x) - min_{B(R)} f^erm, its ratio to
    eps_opt, gradients, and log-log slopes vs n; asserted: the fixed iteration count and the output in B(R) for every run."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rng = ctx.rng
    d, C, delta = 2, 0.1, DELTA
    ns, M = (1000, 3000, 9000, 27000), 10
    ex, grads, eo, rows, problems, runs = [], [], [], [], [], []
    for n in ns:
        P = _l1_regression(rng, n, d)
        fstar, _ = _fstar(P)
        lnd = math.log(n / delta)
        eps_opt = C * P.L * (1 / math.sqrt(n) + math.sqrt(d * math.log(1 / delta)) * lnd ** 1.5 * math.log(n) / (n * EPS_DP))  # (30)
        eps_opt = min(eps_opt, 0.5 * P.L)
        vals, gs = [], []
        for _ in range(M):
            x, rec, g = _run(P, rng, eps_opt)
            if rec["ball_accel"]["iterations"] != rec["params"]["iterations"] or np.linalg.norm(x) > 1 + 1e-12:
                problems.append(f"n={n}: schedule/ball violated")
            vals.append(float(np.mean(np.abs(P.A @ x - P.b))) - fstar)
            gs.append(g)
        ex.append(max(np.mean(vals), 1e-12)); grads.append(float(np.mean(gs))); eo.append(eps_opt); runs.append(np.array(vals))
        rows.append(f"n={n}: eps_opt={eps_opt:.4f}, mean excess={np.mean(vals):.4f} ({np.mean(vals) / eps_opt:.2f} eps_opt), "
                    f"gradients={np.mean(gs):.0f}")
    s_ex = float(np.polyfit(np.log(ns), np.log(ex), 1)[0])
    # bootstrap (runs resampled within each n, 4000 resamples, fixed seed): a 99% percentile interval for the excess slope
    brng = np.random.default_rng([ctx.seed, 7])
    boots = []
    for _ in range(4000):
        m = [max(float(np.mean(v[brng.integers(0, len(v), len(v))])), 1e-12) for v in runs]
        boots.append(float(np.polyfit(np.log(ns), np.log(m), 1)[0]))
    lo_b, hi_b = (float(q) for q in np.quantile(boots, [0.005, 0.995]))
    s_eo = float(np.polyfit(np.log(ns), np.log(eo), 1)[0])
    s_g = float(np.polyfit(np.log(ns), np.log(grads), 1)[0])
    arts = []
    p = ctx.figure_path("E2_excess_vs_n.png")
    if p is not None:
        fig, ax = plt.subplots()
        ax.loglog(ns, ex, "o-", label="mean excess")
        ax.loglog(ns, eo, "k:", label="eps_opt (30), C = 0.1")
        ax.set_xlabel("n"); ax.legend()
        fig.savefig(p, dpi=80); plt.close(fig)
        arts.append(str(p))
    ok = not problems
    return Outcome(Verdict.NUMERIC if ok else Verdict.FAILED,
                   claimed="Thm 3: excess O(eps_opt(n)), eps_opt(n) = C L R(1/sqrt n + sqrt(d log(1/delta)) log^1.5(n/delta) log n/(n eps))",
                   computed="; ".join(rows) + f"; slopes vs n: excess {s_ex:.2f} (bootstrap 99% interval [{lo_b:.2f}, {hi_b:.2f}]), "
                                              f"eps_opt {s_eo:.2f}, gradients {s_g:.2f}"
                            if ok else "; ".join(problems),
                   details=f"SCALED-CONSTANTS mode, stand-in BallAccel, M = {M} runs per n; the slope interval is a bootstrap "
                           "percentile interval (approximate, 4 values of n); schedule assertions only. The scaled runs are not "
                           "private at these n (000.thm3.private_regime: a private run needs n ~ 1e17).",
                   artifacts=arts)


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
