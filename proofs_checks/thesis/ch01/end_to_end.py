"""Full-profile end-to-end experiments of thesis 003 Ch.1 (Thm 1.1.1 / Thm 1.4.9 / Thm 1.4.11: H1, H2).

The paper's own algorithm, private: Lemma 1.4.7's restarts of Private AC-SA (Alg 4) with parameter set E
(Thm 1.4.9, ``params_erm``), sigma per round from the thesis's tCDP chain (``privacy.tcdp_sigma``, replace-one
sensitivity 2 max||x||), and for the convex case Lemma 1.4.10's regularisation reduction
(``reference.thesis.ch01.algorithms.dp_erm_strongly_convex`` / ``dp_erm_convex``).

Privacy is replayed independently of the calibration with the core accountants (a certified chain for size-B
sampling WITHOUT replacement under replace-one neighbours): per step the exact Gaussian curve of the noise actually
added (sigma, sensitivity 2) at (eps_0, delta_0) -> amplification by sampling B of N without replacement
(``amplify_without_replacement``, substitution neighbours) -> advanced composition over the T_i steps the round
makes -> basic composition over the rounds; the check fails unless every round is certified at <= (eps_i, delta_i).

Gradient counts: the counting oracle's total must EQUAL sum_i B_i T_i with (T_i, B_i) recomputed from the printed
formulas (T = ceil(100 eps N/(c1 d^{1/4} sqrt(log(1/delta)))), B of L731 with c1, k = ceil(log2 log2 N^3) rounds
at eps/2^{k+1-i}) -- asserted, not printed; the ratio to the stated Theta(eps N^{3/2}/(d^{1/8} log^{1/4}(1/delta)) +
eps^2 N^2/(d log(1/delta))) is reported over the range.

Instances (exact F*, no optimiser): samples on the unit sphere (the steepest admissible: ||x|| = 1, so the
linear part is exactly 1-Lipschitz), K = unit ball (D = 2).
* s.c. (H2): f(w, x) = <x, w> + (mu/2)||w||^2, w* = -xbar/mu interior, F - F* = (mu/2)||w - w*||^2;
* convex (H1): f(w, x) = <x, w>, w* = -xbar/||xbar|| on the boundary, F - F* = <xbar, w> + ||xbar||.

Regime rule (fixed before the runs): an O(.) rate can only be read where the private excess is well below the
excess of the trivial output w0 = 0 (the bounded domain caps the excess there).  If at some x of the ladder the mean
excess exceeds 1/4 of the mean trivial excess, the ladder is pre-asymptotic: an interval that misses the theory
exponent is then reported as PARTIAL (regime too small, with the numbers), never as a refutation.
"""
from __future__ import annotations

import functools
import math
import time

import numpy as np

from proofs_checks.experiments import faster_than_bound_outcome, loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core import accounting as A
from reference.core.geometry import proj_l2_ball
from reference.thesis.ch01.rowwise_oracle import RowwiseSampleOracle
from reference.thesis.ch01 import algorithms as alg
from reference.thesis.ch01 import privacy as pv

P = "003_ch01."
SENS = 2.0                       # replace-one sensitivity of sum_i grad f(w, x_i): ||x - x'|| <= 2 max||x||


def _sigma_rule(N, B, T, e, dl):
    return pv.tcdp_sigma(N, B, T, e, dl, sensitivity=SENS)


def _sigma_rule_certified(N, B, T, e, dl):
    """The thesis's tCDP sigma, raised to the core chain's certified sigma (certified_sigma) where the chain cannot
    certify it: above N ~ 3e3 (T_k ~ 3e4 steps) advanced composition certifies the tCDP sigma only at ~1.05 eps_i."""
    return max(_sigma_rule(N, B, T, e, dl), certified_sigma(N, B, T, e, dl))


def certified_round_epsilon(N, B, T, sigma, delta_round, sens=SENS) -> float:
    """Certified eps of one Private AC-SA round from the noise actually added (core accountants, no thesis formula):
    min over the split delta_round = T (B/N) delta_0 + delta' of advanced-composition(amplify_WOR(Gaussian))."""
    best = math.inf
    for frac in (0.05, 0.2, 0.4, 0.6, 0.8, 0.95):
        d0 = frac * delta_round / (T * B / N)
        e0 = A.gaussian_epsilon(d0, sigma, sens)
        ea, da = A.amplify_without_replacement(e0, d0, B, N)
        eg, _ = A.compose_advanced(ea, da, T, (1 - frac) * delta_round)
        best = min(best, eg)
    return best


def _rounds_formula(N, d, eps, delta, c1=1.0):
    """(eps_i, delta_i, T_i, B_i) recomputed from the printed formulas (Lemma 1.4.7 L670-672; Thm 1.4.9 L720-731)."""
    k = math.ceil(math.log2(math.log2(N ** 3)))
    out = []
    Ld = lambda dl: math.log(1 / dl)
    for i in range(1, k + 1):
        e, dl = eps / 2 ** (k + 1 - i), delta / 2 ** (k + 1 - i)
        T = math.ceil(100 * e * N / (c1 * d ** 0.25 * math.sqrt(Ld(dl))))
        B = math.ceil(math.sqrt(e * N ** 2 / (c1 * T)) + e ** 2 * N ** 2 / (d * Ld(dl) * T))
        out.append((e, dl, T, B))
    return out


def _theta_count(N, d, eps, delta):
    L = math.log(1 / delta)
    return eps * N ** 1.5 / (d ** 0.125 * L ** 0.25) + eps ** 2 * N ** 2 / (d * L)


def _instance(N, d, rng):
    """N unit vectors in a cap of half-angle 60 degrees around e_1 (||xbar|| ~ 0.8 < mu = 1: w* interior)."""
    X = rng.standard_normal((N, d))
    X[:, 0] = np.abs(X[:, 0]) + 1.2 * np.linalg.norm(X[:, 1:], axis=1)
    return X / np.linalg.norm(X, axis=1, keepdims=True)


def _run_ladder(ctx, xs, cfg, convex, R):
    """One replicate = a fresh dataset and a fresh private run.  Returns (samples, counts, certified eps, seconds)."""
    d, mu, D = cfg["d"], cfg["mu"], 2.0
    proj = lambda y: proj_l2_ball(y, None, 1.0)
    samples, ratios, eps_cert, secs, trivial = [], [], [], [], []
    raised = cfg.setdefault("raised", [])
    for j, x in enumerate(xs):
        N, eps, delta = cfg["N"](x), cfg["eps"](x), cfg["delta"]
        rounds = _rounds_formula(N, d, eps, delta)
        # privacy of the noise actually added (independent of tcdp_sigma's chain), once per (N, eps)
        rule = cfg.get("sigma_rule", _sigma_rule)
        for (e, dl, T, B) in rounds:
            s = rule(N, B, T, e, dl)
            raised.append(s / _sigma_rule(N, B, T, e, dl))
            ce = certified_round_epsilon(N, B, T, s, dl)
            if not ce <= e:
                raise AssertionError(f"round (eps_i={e:.4g}, T={T}, B={B}, sigma={s:.4g}) certified only at eps "
                                     f"{ce:.4g} > eps_i at N={N}")
            eps_cert.append(ce / e)
        e_k, d_k, T_k, B_k = rounds[-1]
        c2_eff = rule(N, B_k, T_k, e_k, d_k) * e_k * N / (SENS / 2 * B_k * math.sqrt(T_k * math.log(1 / d_k)))
        tot = A.compose_basic([(e, dl) for (e, dl, _, _) in rounds])
        if not (tot[0] <= eps + 1e-12 and tot[1] <= delta + 1e-15):
            raise AssertionError(f"basic composition of the rounds {tot} exceeds ({eps}, {delta})")
        want = sum(T * B for (_, _, T, B) in rounds)
        ex, triv = [], []
        t0 = time.perf_counter()
        for r in range(R):
            rng = ctx.child_rng(10_000 * j + r)
            X = _instance(N, d, rng)
            xbar = X.mean(axis=0)
            if convex:
                orc = RowwiseSampleOracle(lambda W, S: S.copy(), X)            # grad <x, w> = x
                w, info = alg.dp_erm_convex(orc, np.zeros(d), D, 1.0, eps, delta, rng, rule, proj=proj)
                ex.append(float(xbar @ w + np.linalg.norm(xbar)))
                triv.append(float(np.linalg.norm(xbar)))
                if info.get("trivial"):
                    raise AssertionError(f"N={N}, eps={eps}: u D >= G, the reduction returned w0 (trivial regime)")
            else:
                orc = RowwiseSampleOracle(lambda W, S: S + mu * W, X)          # grad = x + mu w
                G = 1.0 + mu * (1.0 + D * d ** 0.25 / rounds[0][2])      # Lipschitz on K_r, r <= D d^{1/4}/T_1
                w, info = alg.dp_erm_strongly_convex(orc, np.zeros(d), D, G, mu, eps, delta, rng, rule,
                                                     proj=proj)
                ex.append(float(mu / 2 * np.sum((w + xbar / mu) ** 2)))
                triv.append(float(mu / 2 * np.sum((xbar / mu) ** 2)))
            if orc.calls != want or info["gradients"] != want:
                raise AssertionError(f"gradient count at N={N}, eps={eps}: oracle {orc.calls}, reported "
                                     f"{info['gradients']}, formula sum_i B_i T_i = {want}")
        secs.append(time.perf_counter() - t0)
        ratios.append(want / _theta_count(N, d, eps, delta))
        cfg.setdefault("c2", []).append(c2_eff)
        samples.append(ex)
        trivial.append(float(np.mean(triv)))
    return samples, ratios, eps_cert, secs, trivial


# N ladder of H1 (convex DP-ERM): from N_min of exp.H1.infeasible_regime (predicted excess <= trivial/4 first at
# N = 3584) upwards, as far as ~4 min of one core allows (vectorised oracle; fixed before the run)
H1_NS, H1_R = [3584, 7168, 14336], 8

# Leading-regime ladders (raised budget: each <= ~10 min CPU of one core, separate full-profile checks; fixed before
# the runs).  H1 from N_lead = 14336 of exp.H1.infeasible_regime (predicted excess <= trivial/16), geometric (ratio
# ~1.7) up to 40960 = 2.86 N_lead: ~13 / 23 / 38 CPU s per replicate measured (63 us per step), so 8 replicates
# (the minimum; the H1 excess has a relative sd of a few % per replicate, the earlier ladder's interval was +-0.015,
# so replicates are not what limits the separation of -1 from -1/2) x 3 N ~ 600 CPU s (measured under load: 689 CPU
# s, 696 s wall); the full doubling ladder to 4 N_lead = 57344 would need ~760 s.  H4 from N_lead = 17664 of
# exp.H4.infeasible_regime (1/N >= 3x the calibrated privacy term), doubling to 4 N_lead = 70656 with 10 replicates
# (relative sd of the s.c. excess ~0.5-1 per replicate, so a factor-4 range with 10 runs per N gives an interval of
# about +-0.6: wide enough to separate -1 from the competitor 0 if the rate is there); ~12 / 17 / 28 CPU s per
# replicate, ~570 CPU s predicted (measured under load: 389 CPU s, 451 s wall).
H1_LEAD_NS, H1_LEAD_R = [14336, 24576, 40960], 8
H4_LEAD_NS, H4_LEAD_R = [17664, 35328, 70656], 10
# "well below the trivial level" for a refutation in the leading regime: H1 trivial/16 (the regime's definition in
# exp.H1.infeasible_regime: the trivial cap bends the slope above it), H4 trivial/4 (the experiments' non-trivial
# rule; H4's leading regime is defined by the ratio of the bound's terms, which its ladder meets by construction)
H1_LEAD_LEVEL, H4_LEAD_LEVEL = 1 / 16, 1 / 4


def _leading_outcome(out, ci, theory, xs, means, triv, level, det, cov, lead):
    """The verdict rule of the leading-regime ladders (fixed before the runs).  Accepted or inconclusive
    (contains both exponents): unchanged.  Interval BELOW the exponent (faster decay): no refutation of the O(.)
    upper bound (:func:`proofs_checks.experiments.faster_than_bound_outcome`), PARTIAL.  Interval ABOVE it (slower
    decay -- the only way an O(.) upper bound can be refuted): ERRATUM only if every mean excess is <= ``level`` x
    the trivial output's (well below the cap) AND the log-log curve is not still steepening (last local slope not
    below the first by more than 0.05); otherwise PARTIAL, pre-asymptotic, with the numbers."""
    out = faster_than_bound_outcome(out, ci, theory, why=f"the bound's other term is {lead}; the exponent "
                                    f"{theory:+g} itself is not attained on this instance")
    if out.verdict is not Verdict.ERRATUM:
        return out
    loc = [math.log(means[i + 1] / means[i]) / math.log(xs[i + 1] / xs[i]) for i in range(len(xs) - 1)]
    frac = max(means) / triv
    locs = ", ".join(f"{v:+.2f}" for v in loc)
    if frac <= level and not loc[-1] < loc[0] - 0.05:
        return Outcome(Verdict.ERRATUM, claimed=out.claimed, computed=out.computed, margin=out.margin,
                       precision=out.precision, details=det + f"; local slopes {locs}", artifacts=out.artifacts,
                       coverage=cov, counterexample=out.counterexample + f" with every mean <= {frac:.3f} x the "
                       f"trivial output's and local slopes {locs} (not steepening)")
    why = (f"mean excess up to {frac:.2f} x the trivial output's (> {level:g}: not yet well below the cap)"
           if frac > level else "")
    if loc[-1] < loc[0] - 0.05:
        why += ("; " if why else "") + f"local slopes {locs}: the curve is still steepening towards {theory:+g}"
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                   details=det + f"; local slopes {locs}", artifacts=out.artifacts,
                   coverage=cov + f"; missing: the interval {ci} lies above the exponent {theory:+g} (slower decay) "
                   f"but the ladder is pre-asymptotic ({why}), so it does not refute the O(.) upper bound and does "
                   f"not reproduce its rate")


def _experiment(ctx, *, convex, vary, leading=False):
    d, mu, delta = 2, 1.0, 1e-3
    if vary == "N":
        xs = [250, 500, 1000] if ctx.full else [64, 128, 256]
        cfg = {"d": d, "mu": mu, "delta": delta, "N": lambda x: int(x), "eps": lambda x: 0.5}
    else:
        xs = [0.125, 0.25, 0.5] if ctx.full else [0.125, 0.25, 0.5]
        cfg = {"d": d, "mu": mu, "delta": delta, "N": lambda x: 400 if ctx.full else 128, "eps": lambda x: x}
    R = (6 if vary == "N" else 4) if ctx.full else 3
    if convex:      # from N_min of exp.H1.infeasible_regime (predicted excess <= trivial/4 first at N = 3584)
        xs, R = ((H1_LEAD_NS, H1_LEAD_R) if leading else (H1_NS, H1_R)) if ctx.full else ([64, 128, 256], 3)
        cfg["sigma_rule"] = _sigma_rule_certified
    cpu0 = time.process_time()
    try:
        samples, ratios, eps_cert, secs, trivial = _run_ladder(ctx, xs, cfg, convex, R)
    except AssertionError as e:
        return fail("gradient counts equal sum_i B_i T_i; every round certified (eps_i, delta_i)-DP", str(e))
    if convex:
        theory, comp, what = -1.0, -0.5, "Thm 1.4.11 convex DP-ERM: E[F - F*] = O(GD sqrt(d log(1/delta))/(eps N))"
        name = "H1"
    else:
        theory, comp, what = -2.0, -1.0, "Thm 1.4.9 s.c. DP-ERM: E[F - F*] = O(G^2 d log(1/delta)/(mu eps^2 N^2))"
        name = "H2"
    ci = slope_interval(xs, samples, ctx.child_rng(99))
    xl = "N" if vary == "N" else "epsilon"
    fig = loglog_figure(ctx, f"{name}_excess_vs_{xl}" + ("_leading_regime" if leading else ""), xs, samples, ci,
                        theory=theory, competitor=comp, xlabel=xl,
                        ylabel="E[F - F*]", title=f"{name}: restarts of Private AC-SA, parameter set E")
    means = [float(np.mean(s)) for s in samples]
    det = (f"means {', '.join(f'{m:.3g}' for m in means)} at {xl} = {xs}; R = {R} replicates per {xl} (fresh data "
           f"and noise each); d = {d}, mu = {mu if not convex else 0}, delta = {delta}, "
           + (f"eps = 0.5" if vary == "N" else f"N = {cfg['N'](0)}")
           + f"; gradient counts = sum_i B_i T_i exactly (asserted), ratio to the Theta(.) expression "
           f"{min(ratios):.2f}..{max(ratios):.2f}; privacy: every round certified by the core chain (Gaussian -> "
           f"WOR amplification -> advanced composition) at eps/eps_i in [{min(eps_cert):.3f}, {max(eps_cert):.3f}]; "
           f"effective c2 of the calibration (sigma = c2 G B sqrt(T log(1/delta))/(eps N), G = max||x|| = 1, last "
           f"round) {min(cfg['c2']):.1f}..{max(cfg['c2']):.1f}"
           + (f"; sigma = max(tCDP sigma, core-certified sigma): {sum(1 for v in cfg['raised'] if v > 1)} of "
              f"{len(cfg['raised'])} rounds raised (by up to x{max(cfg['raised']):.3f}: the core chain does not certify "
              f"the tCDP sigma there)" if "sigma_rule" in cfg else "")
           + f"; seconds per x {', '.join(f'{s:.1f}' for s in secs)} wall, {time.process_time() - cpu0:.0f} CPU s "
           f"in all (process time; shared machine)")
    cov = (f"{xl} in [{xs[0]}, {xs[-1]}] (factor {xs[-1] / xs[0]:g}), one instance family (unit-norm samples in a "
           f"60-degree cap, K = unit ball), d = {d}, delta = {delta}; private (sigma from the thesis's tCDP chain"
           + (", raised to the core chain's where that cannot certify it" if "sigma_rule" in cfg else "")
           + ", certified by the core accountants)")
    frac = [m / t for m, t in zip(means, trivial)]
    det += f"; mean excess / trivial excess (w0 = 0) {', '.join(f'{f:.2f}' for f in frac)}"
    out = rate_outcome(ci, theory=theory, competitor=comp, claim=what + f", slope in {xl}", figure=fig,
                       details=det, coverage=cov)
    if leading:
        return _leading_outcome(out, ci, theory, xs, means, float(np.mean(trivial)), H1_LEAD_LEVEL, det, cov,
                                "u D^2 ~ 1/N as well (Lemma 1.4.10), same exponent")
    if out.verdict is Verdict.ERRATUM and max(frac) > 0.25:
        return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                       details=det, artifacts=out.artifacts,
                       coverage=cov + f"; missing: the ladder is pre-asymptotic (mean excess up to {max(frac):.2f} x "
                       f"the trivial output's), so the interval {ci} says nothing about the exponent {theory:+g}")
    return out


@check(P + "exp.H2.excess_vs_N", spec=[P + "exp.H2", P + "thm1_4_9", P + "thm1_1_1"], profile="full")
def _h2_n(ctx):
    return _experiment(ctx, convex=False, vary="N")


@check(P + "exp.H2.excess_vs_eps", spec=[P + "exp.H2", P + "thm1_4_9", P + "thm1_1_1"], profile="full")
def _h2_eps(ctx):
    return _experiment(ctx, convex=False, vary="eps")


@check(P + "exp.H1.excess_vs_N", spec=[P + "thm1_4_11", P + "thm1_1_1"], profile="full")
def _h1_n(ctx):
    return _experiment(ctx, convex=True, vary="N")


@check(P + "exp.H1.leading_regime", spec=[P + "exp.H1", P + "thm1_4_11", P + "thm1_1_1"], profile="full")
def _h1_lead(ctx):
    """exp.H1.excess_vs_N's experiment (same algorithm, calibration, privacy replay and asserted counts) on the
    leading-regime ladder H1_LEAD_NS x H1_LEAD_R (raised budget, ~10 min CPU), verdict by _leading_outcome."""
    return _experiment(ctx, convex=True, vary="N", leading=True)


def _round_certified(N, B, T, sigma, delta_round, e, sens=SENS) -> bool:
    """certified_round_epsilon(N, B, T, sigma, delta_round) <= e, decided with the same splits, stopping at the first
    split that certifies; eps_0 by gaussian_epsilon to rel. 1e-9 (its certified upper end, so never more permissive
    than the 1e-13 default -- at most a sigma within 1e-9 of the boundary is decided the other way, conservatively)."""
    for frac in (0.05, 0.2, 0.4, 0.6, 0.8, 0.95):
        d0 = frac * delta_round / (T * B / N)
        e0 = A.gaussian_epsilon(d0, sigma, sens, rel_tol=1e-9)
        ea, da = A.amplify_without_replacement(e0, d0, B, N)
        if A.compose_advanced(ea, da, T, (1 - frac) * delta_round)[0] <= e:
            return True
    return False


@functools.lru_cache(maxsize=None)
def certified_sigma(N, B, T, e, dl) -> float:
    """The smallest sigma (bisection, rel. 1e-2; the upper end is returned) whose round the core chain certifies at (e, dl): the calibration
    used where the thesis's tCDP chain does not apply (BDRS18 preconditions q = B/N <= 0.1 fail for parameter set S
    at small N_i)."""
    lo, hi = 1e-3, 1.0
    while not _round_certified(N, B, T, hi, dl, e):
        hi *= 2
        if hi > 1e9:
            raise AssertionError(f"no sigma certifies (N={N}, B={B}, T={T}, eps={e})")
    while hi / lo > 1 + 1e-2:
        mid = math.sqrt(lo * hi)
        lo, hi = (lo, mid) if _round_certified(N, B, T, mid, dl, e) else (mid, hi)
    return hi


def sco_counts(N, d, eps, delta, c1=1.0):
    """sum of B T over Alg 5's phases (N_i = floor(N/2^i), eps_i = eps/2^i, L851) of Lemma 1.4.7-restarted Private
    AC-SA with parameter set S (T = 400 ceil(min{N^{1/2} d^{1/4}, N eps/(d^{1/4} sqrt(log(1/delta)))}),
    B = ceil(N/T + N sqrt(eps/(c1 T))), L900-906); a phase with N_i = 1 runs one round.  Returns (gradients, Private AC-SA steps)."""
    tot = steps = 0
    for i in range(1, math.ceil(math.log2(N)) + 1):
        Ni = N // 2 ** i
        if Ni < 1:
            break
        ei, di = eps / 2 ** i, delta / 2 ** i
        k = math.ceil(math.log2(math.log2(Ni ** 3))) if Ni >= 2 else 1
        for j in range(1, k + 1):
            e, dl = (ei / 2 ** (k + 1 - j), di / 2 ** (k + 1 - j)) if Ni >= 2 else (ei, di)
            L = math.log(1 / dl)
            T = 400 * math.ceil(min(math.sqrt(Ni) * d ** 0.25, Ni * e / (d ** 0.25 * math.sqrt(L))))
            B = math.ceil(Ni / T + Ni * math.sqrt(e / (c1 * T)))
            tot, steps = tot + B * T, steps + T
    return tot, steps


def _sco_count_formula(N, d, eps, delta, c1=1.0):
    return sco_counts(N, d, eps, delta, c1)[0]


def _pre_asymptotic(out, means, triv, det, cov):
    """A rate outcome that is not accepted while some mean excess is above 1/4 of the trivial output's is PARTIAL
    (pre-asymptotic: the run never left the trivial level), not a refutation of the O(.) upper bound."""
    if out.verdict is not Verdict.STATISTICAL and max(means) > 0.25 * triv:
        return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                       details=det, artifacts=out.artifacts,
                       coverage=cov + f"; missing: pre-asymptotic (mean excess up to {max(means) / triv:.2f} x the "
                       f"trivial output's), the rate is not reproduced")
    return out


# N ladders of the DP-SCO headlines: from N_min of exp.H3/H4.infeasible_regime (predicted excess <= trivial/4 first
# at N = 4672 / 488) upwards, as far as ~4 min of one core allows (vectorised oracle; fixed before the runs)
H3_NS, H3_R = [4672, 9344, 18688], 8
H4_NS, H4_R = [976, 1952, 3904, 7808], 10
_ARC = np.array([math.sin(math.pi / 3) / (math.pi / 3), 0.0])      # m = E x for x = (cos t, sin t), t ~ U[-pi/3, pi/3]


def _sco_ladder(ctx, ns, R, strongly_convex):
    """Replicates of Thm 1.5.6's procedures on x = (cos t, sin t), t ~ U[-pi/3, pi/3], K = unit ball, d = 2,
    eps = 0.5, delta = 1e-3: convex f = <x, w> by dp_sco_convex (Alg 5 + Lemma 1.4.7-restarted Private AC-SA, set S);
    s.c. f = <x, w> + (mu/2)||w||^2 (mu = 1, G = 2) by dp_sco_strongly_convex (Lemma 1.5.5's restarts of it).
    Population excess exact: <m, w> + ||m|| resp. (mu/2)||w + m/mu||^2.  Asserts per run: gradient count = the
    formula (sum over restarts, phases and inner restarts of B T), basic composition of the budgets <= (eps, delta).
    Returns (samples, seconds per N, single-sample phases, sigma/eps-range of the certified calibration)."""
    d, eps, delta, mu, m = 2, 0.5, 1e-3, 1.0, _ARC
    samples, secs, single = [], [], 0
    for j, N in enumerate(ns):
        if strongly_convex:
            k = math.ceil(math.log2(math.log2(N ** 3)))
            want = sum(_sco_count_formula(N // 2 ** (k + 1 - i), d, eps / 2 ** (k + 1 - i), delta / 2 ** (k + 1 - i))
                       for i in range(1, k + 1))
        else:
            want = _sco_count_formula(N, d, eps, delta)
        ex = []
        t0 = time.perf_counter()
        for r in range(R):
            rng = ctx.child_rng(10_000 * j + r)
            t = rng.uniform(-math.pi / 3, math.pi / 3, N)
            X = np.c_[np.cos(t), np.sin(t)]
            if strongly_convex:
                orc = RowwiseSampleOracle(lambda W, S: S + mu * W, X)
                w, info = alg.dp_sco_strongly_convex(orc, np.zeros(d), 1.0 + mu, 2.0, eps, delta, rng, certified_sigma)
                budgets = [b for rd in info["rounds"] for b in rd["budgets"]]
                single += sum(rd["single_sample_phases"] for rd in info["rounds"])
                ex.append(float(mu / 2 * np.sum((w + m / mu) ** 2)))
            else:
                orc = RowwiseSampleOracle(lambda W, S: S.copy(), X)
                w, info = alg.dp_sco_convex(orc, np.zeros(d), 1.0, 2.0, eps, delta, rng, certified_sigma)
                budgets = info["budgets"]
                single += info["single_sample_phases"]
                ex.append(float(m @ w + np.linalg.norm(m)))
            if orc.calls != want or info["gradients"] != want:
                raise AssertionError(f"gradient count at N = {N}: oracle {orc.calls}, reported {info['gradients']}, "
                                     f"formula {want}")
            tot = A.compose_basic(budgets)
            if not (tot[0] <= eps and tot[1] <= delta):
                raise AssertionError(f"basic composition of the phases {tot} exceeds ({eps}, {delta}) at N = {N}")
        secs.append(time.perf_counter() - t0)
        samples.append(ex)
    return samples, secs, single


def _faster_than_bound(out, ci, theory, det, cov, lead):
    """A rate interval entirely BELOW the printed exponent (faster decay) does not refute an O(.) upper bound whose
    other term decays faster (the privacy term): PARTIAL, the leading exponent is not reached (rule fixed before the
    runs; :func:`proofs_checks.experiments.faster_than_bound_outcome`)."""
    if out.verdict is Verdict.ERRATUM and ci.hi < theory:
        out = Outcome(out.verdict, claimed=out.claimed, computed=out.computed, precision=out.precision, details=det,
                      artifacts=out.artifacts, coverage=cov, counterexample=out.counterexample)
    return faster_than_bound_outcome(out, ci, theory,
                                     why=f"the bound's other term is {lead}; the leading exponent {theory:+g} itself "
                                         "is not reproduced (privacy term dominant, or an instance easier than the "
                                         "worst case)")


def _sco_experiment(ctx, strongly_convex, leading=False):
    if leading and not strongly_convex:
        raise ValueError("lead: only the strongly convex (H4) ladder has a leading-regime run")
    ns, R = ((H4_LEAD_NS, H4_LEAD_R) if leading else (H4_NS, H4_R)) if strongly_convex else (H3_NS, H3_R)
    if not ctx.full:
        ns, R = ([32, 64, 128], 2) if strongly_convex else ([16, 32, 64], 2)
    cpu0 = time.process_time()
    try:
        samples, secs, single = _sco_ladder(ctx, ns, R, strongly_convex)
    except AssertionError as e:
        return fail("gradient counts = the formula; basic composition <= (eps, delta)", str(e))
    m = _ARC
    if strongly_convex:
        name, theory, comp, triv = "H4", -1.0, 0.0, float(np.sum(m ** 2) / 2)
        claim = "Thm 1.5.6 (s.c.): E[F - F*] = O((G^2/mu)(1/N + d log(1/delta)/(eps^2 N^2))), slope in N"
        lead = "d log(1/delta)/(eps^2 N^2) with the calibrated c2^2, exponent -2"
        title = "H4: Lemma 1.5.5 restarts of Alg 5 (s.c.)"
    else:
        name, theory, comp, triv = "H3", -0.5, 0.0, float(np.linalg.norm(m))
        claim = "Thm 1.5.6: E[F - F*] = O(GD(1/sqrt N + sqrt(d log(1/delta))/(eps N))), slope in N"
        lead = "sqrt(d log(1/delta))/(eps N) with the calibrated (1 + c2^2/2), exponent -1"
        title = "H3: Alg 5 + restarted Private AC-SA (set S)"
    ci = slope_interval(ns, samples, ctx.child_rng(99))
    fig = loglog_figure(ctx, f"{name}_population_excess_vs_N" + ("_leading_regime" if leading else ""), ns, samples,
                        ci, theory=theory, competitor=comp, xlabel="N", ylabel="E[F - F*] (population)", title=title)
    means = [float(np.mean(s)) for s in samples]
    sds = [float(np.std(s, ddof=1)) for s in samples]
    det = (f"means {', '.join(f'{v:.3g}' for v in means)} (sd {', '.join(f'{v:.2g}' for v in sds)}) at N = {ns}; "
           f"mean / trivial (w0 = 0: {triv:.3f}) {', '.join(f'{v / triv:.3f}' for v in means)}; R = {R} runs per N "
           f"(fresh data and noise); d = 2, eps = 0.5, delta = 1e-3{', mu = 1' if strongly_convex else ''}; gradient "
           f"counts = formula exactly (asserted, vectorised counting oracle); sigma per round certified by the core "
           f"chain (certified_sigma); basic composition <= (eps, delta) asserted; {single} single-sample last phases "
           f"(N_k = 1, one round run); seconds per N {', '.join(f'{v:.1f}' for v in secs)} wall, "
           f"{time.process_time() - cpu0:.0f} CPU s in all (process time; shared machine)")
    cov = (f"N in [{ns[0]}, {ns[-1]}] (factor {ns[-1] // ns[0]}, from the predicted "
           + ("leading-regime N_lead" if leading else "non-trivial N_min") + " up), d = 2, "
           f"eps = 0.5, delta = 1e-3, one distribution; private (certified calibration)")
    out = rate_outcome(ci, theory=theory, competitor=comp, claim=claim, figure=fig, details=det, coverage=cov)
    if leading:
        return _leading_outcome(out, ci, theory, ns, means, triv, H4_LEAD_LEVEL, det, cov, lead)
    out = _faster_than_bound(out, ci, theory, det, cov, lead)
    return _pre_asymptotic(out, means, triv, det, cov)


@check(P + "exp.H3.population_excess_vs_N", spec=[P + "thm1_5_6", P + "thm1_1_2"], profile="full")
def _h3(ctx):
    """Thm 1.5.6 end to end: Alg 5 (iterative localisation) with Lemma 1.5.4's restarted Private AC-SA per phase;
    sigma per round from the core chain (certified_sigma); population excess exact (linear loss on an arc)."""
    return _sco_experiment(ctx, strongly_convex=False)


@check(P + "exp.H4.population_excess_vs_N", spec=[P + "lemma1_5_5"], profile="full")
def _h4(ctx):
    """Thm 1.5.6's s.c. part end to end: Lemma 1.5.5's restarts (fresh blocks) of dp_sco_convex, mu = 1, G = 2."""
    return _sco_experiment(ctx, strongly_convex=True)


@check(P + "exp.H4.leading_regime", spec=[P + "exp.H4", P + "lemma1_5_5"], profile="full")
def _h4_lead(ctx):
    """exp.H4.population_excess_vs_N's experiment (same procedure, calibration, asserted counts and composition) on
    the leading-regime ladder H4_LEAD_NS x H4_LEAD_R (raised budget, ~10 min CPU), verdict by _leading_outcome."""
    return _sco_experiment(ctx, strongly_convex=True, leading=True)
