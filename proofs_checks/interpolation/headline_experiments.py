"""Headline experiments of document 001 (issue 14): the paper's private algorithms run end to end (noise on),
privacy accounted from the noise actually added, operation counts against the stated formulas, and the rate
measured as a log-log slope with an interval over independent replicate sweeps.

E4 (Thm 8, Alg. 6 with the Alg. 1 wrapper, kappa = 3 growth under interpolation): excess vs n.
E5 (Thm 3, Alg. 3, adaptivity): the same Alg. 3 run on an interpolating and a non-interpolating instance.

Common protocol.
* One *sweep* = one independent run at every grid point (fresh data, fresh noise).  Each sweep gives one
  least-squares slope of log(excess) on log(x); the R sweeps are iid, so a t-interval for the mean slope is
  exact up to the normal approximation of a mean of R iid slopes.  Two intervals are reported: 99% and
  1 - 1e-6; acceptance uses the 1 - 1e-6 interval (declared false-failure <= 1e-6 when the true mean slope is the
  theory's exponent and the slopes are near-normal): it must contain the theory's exponent and exclude the
  competitor's.  If it does not, the outcome is PARTIAL with the measured numbers (an O~ rate is not refuted
  by a finite-n slope), never a pass.
* Privacy ledger: every Alg. 4 phase releases x_hat + sigma_i zeta with zeta iid Laplace; its worst-case
  loss over the l2 sensitivity Delta_i = L_i eta_i + 2 tau_i (certified solver radius) is
  sup_{||v||_2 <= Delta_i} ||v||_1/sigma_i = sqrt(d) Delta_i/sigma_i (``laplace_phase_epsilon`` at the
  extremal v); phases use disjoint chunks, so the transcript is ``parallel_compose`` of all phases
  (core accountant).  Any run whose accounted epsilon exceeds the nominal one is FAILED.
* Operation counts (``OperationCounter``): ERM solves and their sizes equal the formulas of the printed
  algorithms exactly in every run, else FAILED.
* Repairs: re-centrings of an empty X cap B(x_{i-1}, R) (``info["recentred"]``) are counted and reported.
"""
from __future__ import annotations

import math

import numpy as np

from proofs_checks.experiments import loglog_figure, rate_outcome, slope_interval
from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core.accounting import gaussian_delta, parallel_compose
from reference.interpolation.algorithms import alg3_adaptive, alg6_general_kappa
from reference.interpolation.lipschitz_extension import CubicRidgeLoss, LeastSquaresLoss
from reference.interpolation.localization import OperationCounter, alg5_T
from reference.interpolation.privacy import laplace_phase_epsilon
from reference.interpolation.schedule import rate_term

FALSE_FAILURE = 1e-6


# ----------------------------------------------------------------------------------------------------
# shared helpers
# ----------------------------------------------------------------------------------------------------
def _phases(info):
    """All Alg. 4 phases (sigma_i, Delta_i) of a nested info dict (Alg 4 / 5 / 1 / 2 / 3 / 6)."""
    out = []
    if "sigma" in info and "sensitivity" in info:
        return list(zip(info["sigma"], info["sensitivity"]))
    for key in ("phases", "epochs"):
        for sub in info.get(key, []):
            out += _phases(sub)
    for key in ("alg1", "alg2"):
        if key in info:
            out += _phases(info[key])
    return out


def _recentred(info) -> int:
    c = int(info.get("recentred", 0)) if isinstance(info, dict) else 0
    if isinstance(info, dict):
        for key in ("phases", "epochs"):
            for sub in info.get(key, []):
                c += _recentred(sub)
        for key in ("alg1", "alg2"):
            if key in info:
                c += _recentred(info[key])
    return c


_GAUSS_CACHE: dict = {}


def accounted_delta(info, epsilon: float) -> tuple[float, int]:
    """Gaussian releases: (delta(epsilon) of the whole transcript, number of releases).  Each phase's exact
    delta(eps) is the analytic Gaussian's at ratio Delta_i/sigma_i (core ``gaussian_delta``; the ratio is rounded UP
    to 12 significant digits for caching, which can only over-count); phases compose in parallel."""
    ph = _phases(info)
    pairs = []
    for sigma, Delta in ph:
        ratio = float(f"{Delta / sigma * (1 + 1e-12):.12e}")
        key = (epsilon, ratio)
        if key not in _GAUSS_CACHE:
            _GAUSS_CACHE[key] = float(gaussian_delta(epsilon, 1.0, ratio))
        pairs.append((epsilon, _GAUSS_CACHE[key]))
    _, delta = parallel_compose(pairs)
    return delta, len(ph)

def _budget_ratio(info, eps, delta, d):
    """Privacy of the noise actually added, as a share of the budget: accounted eps/eps (pure DP, delta = 0) or
    accounted delta(eps)/delta; and the number of releases counted."""
    if delta == 0:
        e_acc, nrel = accounted_epsilon(info, d)
        return e_acc / eps, nrel
    d_acc, nrel = accounted_delta(info, eps)
    return d_acc / delta, nrel


def run_guard(claimed, computed, bad_counts, ratio_max):
    """FAILED outcome when some run's operation counts differ from the stated formula or its accounted privacy exceeds
    the nominal budget (every run of an experiment must be the printed algorithm, private); else ``None``."""
    if bad_counts:
        return fail(claimed, computed, details=f"operation counts differ from the formula: {bad_counts[:3]}")
    if ratio_max > 1 + 1e-12:
        return fail(claimed, computed, details="accounted privacy exceeds the nominal budget")
    return None



def accounted_epsilon(info, d: int) -> tuple[float, int]:
    """(epsilon of the whole transcript by the core accountant, number of releases)."""
    ph = _phases(info)
    v = np.full(d, 1.0 / math.sqrt(d))                      # extremal direction of ||v||_1 on the l2 sphere
    pairs = [(laplace_phase_epsilon(Delta * v, sigma, "iid"), 0.0) for sigma, Delta in ph]
    eps, _ = parallel_compose(pairs)
    return eps, len(ph)


def _alg5_counts(n5: int, T5: int) -> tuple[int, int]:
    """(ERM solves, samples per ERM) of one Alg. 5 run on n5 samples with T5 epochs: Alg. 4 on n0 = floor(n5/T5)
    samples has k = ceil(log n0) phases of floor(n0/k) samples (L432, L448)."""
    n0 = n5 // T5
    k = math.ceil(math.log(n0))
    return T5 * k, n0 // k


LEVEL, N_BOOT = 0.99, 4000                    # bootstrap interval of the shared protocol (proofs_checks.experiments)
_RANK = {Verdict.STATISTICAL: 0, Verdict.PARTIAL: 1, Verdict.ERRATUM: 2}


def rate_series(ctx, tag: str, series, *, theory, competitor, claim: str, xlabel: str, ylabel: str, details: str,
                coverage: str, computed_extra: str = "", miss_refutes: str | None = None,
                miss_reason: str = "the regime is scaled, the printed one is not tested (see details)",
                rng_base: int = 900):
    """The shared protocol over one or more series (e.g. x* interior / on the boundary), one accept rule for all.

    ``series``: list of (name, xs, samples) with samples[i] the replicates at xs[i]; ``theory``/``competitor``:
    one exponent for all series, or a dict name -> exponent.  Each series gets ``slope_interval`` (99% percentile
    bootstrap of the least-squares slope of log mean excess), ``loglog_figure`` and ``rate_outcome`` (contains the
    theory exponent AND excludes the competitor); the check's verdict is the worst series' verdict.
    ``miss_refutes``: None when a missed theory exponent cannot refute the printed statement (scaled regime, or a
    vacuous bound): the ERRATUM-type outcome of ``rate_outcome`` is then reported as PARTIAL with the reason in
    ``coverage`` ("missing: ..."); a string (the severity argument) keeps it an ERRATUM.
    """
    outs, rows, arts = [], [], []
    for i, (name, xs, samples) in enumerate(series):
        th = theory[name] if isinstance(theory, dict) else theory
        cp = competitor[name] if isinstance(competitor, dict) else competitor
        ci = slope_interval(xs, samples, ctx.child_rng(rng_base + i), n_boot=N_BOOT, level=LEVEL)
        fig = loglog_figure(ctx, f"{tag}_{i}", xs, samples, ci, theory=th, competitor=cp, xlabel=xlabel,
                            ylabel=ylabel, title=f"{ctx.check_id}: {name}")
        o = rate_outcome(ci, theory=th, competitor=cp, claim=f"{claim} [{name}]", figure=fig)
        outs.append(o)
        arts += o.artifacts or []
        gm = [float(np.mean(s)) for s in samples]
        rows.append(f"{name}: {ci}; theory {th:+.3g}, competitor "
                    f"{'none' if cp is None else format(cp, '+.3g')} -> {o.verdict.value}; mean excess "
                    f"{gm[0]:.3g} (x = {float(xs[0]):.3g}) -> {gm[-1]:.3g} (x = {float(xs[-1]):.3g})")
    worst = max(outs, key=lambda o: _RANK.get(o.verdict, 3))
    computed = "; ".join(rows) + (f"; {computed_extra}" if computed_extra else "")
    if worst.verdict == Verdict.STATISTICAL:
        return Outcome(Verdict.STATISTICAL, claimed=claim, computed=computed, margin=min(o.margin for o in outs),
                       precision=f"{100 * LEVEL:g}% percentile bootstrap ({N_BOOT} resamples) of the log-log slope of "
                                 "the mean over iid replicates per x (proofs_checks.experiments); false acceptance "
                                 "not bounded", details=details, artifacts=arts, coverage=coverage)
    if worst.verdict == Verdict.ERRATUM and miss_refutes is not None:
        return Outcome(Verdict.ERRATUM, claimed=claim, computed=computed, margin=worst.margin,
                       precision=worst.precision, details=details + "; " + miss_refutes, artifacts=arts,
                       counterexample=worst.counterexample, coverage=coverage)
    why = ("the interval contains the competing exponent too" if worst.verdict == Verdict.PARTIAL else
           f"the interval EXCLUDES the theory exponent; not a refutation: {miss_reason}")
    return Outcome(Verdict.PARTIAL, claimed=claim, computed=computed, details=details, artifacts=arts,
                   coverage=(coverage + "; " if coverage else "") + f"missing: {why} ({worst.computed})")


# ----------------------------------------------------------------------------------------------------
# E4 / E10 / E11: Theorem 8 (Alg. 6, kappa-growth, interpolation)
# ----------------------------------------------------------------------------------------------------
# Instance: F(x; (a, b)) = |a'x - b|^kappa/kappa, a = sqrt(2) u, u uniform on the circle, b = a'x* (interpolation
# at x*), X = B(0, 1), x0 = 0.  f(x) - f* = K ||x - x*||^kappa with K = (2^{kappa/2}/kappa) E|cos|^kappa: kappa growth
# with lambda = kappa K (Remark 2 form (lambda/kappa) dist^kappa), exactly and nothing more (f - f* = o(dist^2)).
# On X: ||grad F(y)|| <= ||a||^kappa ||y - x*||^(kappa-1); Hessian (kappa-1)|a'(y - x*)|^(kappa-2) aa' <=
# (kappa-1) ||a||^kappa Diam^(kappa-2) = H; L_1 = ||a||^kappa (1 + ||x*||)^(kappa-1) = sup_X ||grad F||.
E4_D = 2


def _abs_cos_moment(p: float) -> float:
    """E|cos theta|^p, theta uniform: Gamma((p+1)/2)/(sqrt(pi) Gamma(p/2 + 1))."""
    return math.gamma((p + 1) / 2) / (math.sqrt(math.pi) * math.gamma(p / 2 + 1))


def _kappa_constants(kappa: float) -> tuple[float, float, float]:
    """(K, lambda, H) of the kappa instance on X = B(0, 1), d = 2."""
    K = 2 ** (kappa / 2) / kappa * _abs_cos_moment(kappa)
    return K, kappa * K, (kappa - 1) * 2 ** (kappa / 2) * 2.0 ** (kappa - 2)


E4_K, E4_LAM, E4_H = _kappa_constants(3.0)


def _e4_instance(rng, n, x_star):
    u = rng.normal(size=(n, E4_D))
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    A = math.sqrt(E4_D) * u
    return np.c_[A, A @ x_star]


@check("001.exp.E4.kappa_growth_slope", spec=["001.exp.E4", "001.thm8"], profile="full")
def _e4(ctx):
    """E4: Alg. 6 (corrected: Alg. 1 wrapper), kappa = 3, excess vs n; exponent of the rate term."""
    return _kappa_growth(ctx, kappa=3.0, delta=0.0, eps=1000.0, R=16, label="E4", tag="e4_kappa3")


@check("001.exp.E10.kappa_growth_slope_gaussian", spec=["001.exp.E10", "001.thm8"], profile="full")
def _e10(ctx):
    """E10: as E4 with Gaussian noise (delta = 1e-6, Thm 8's delta > 0 part); eps = 200 < eps_max(1e-6) = 302."""
    return _kappa_growth(ctx, kappa=3.0, delta=1e-6, eps=200.0, R=12, label="E10", tag="e10_kappa3_gaussian")


@check("001.exp.E11.kappa4_growth_slope", spec=["001.exp.E11", "001.thm8"], profile="full")
def _e11(ctx):
    """E11: as E4 with kappa = 4 (Thm 8 for kappa != 3): exponent kappa/(kappa-2) = 2 vs kappa/(kappa-1) = 4/3."""
    return _kappa_growth(ctx, kappa=4.0, delta=0.0, eps=1000.0, R=12, label="E11", tag="e11_kappa4")


def _kappa_growth(ctx, *, kappa, delta, eps, R, label, tag):
    from reference.interpolation.lipschitz_extension import PowerRidgeLoss
    K, lam, H = _kappa_constants(kappa)
    beta, ck, es = 0.05, 0.2, 1000.0
    ns = np.array([500, 1000, 2000, 4000, 8000])
    stars = {"x* interior": np.array([0.3, -0.2]), "x* on the boundary": np.array([0.6, 0.8])}
    p_theory, p_comp = kappa / (kappa - 2), kappa / (kappa - 1)
    # quadrature check of the closed form E|cos|^kappa -- the excess below is exact
    th = np.linspace(0, 2 * np.pi, 200001)[:-1]
    if abs(float(np.mean(np.abs(np.cos(th)) ** kappa)) - _abs_cos_moment(kappa)) > 1e-9:
        return fail(f"{label} instance: E|cos|^kappa closed form", str(float(np.mean(np.abs(np.cos(th)) ** kappa))))
    series, bad_counts, ratio_max, n_rel, recent = [], [], 0.0, 0, 0
    for si, (name, xs) in enumerate(stars.items()):
        L1 = 2 ** (kappa / 2) * (1 + float(np.linalg.norm(xs))) ** (kappa - 1)
        rng = ctx.child_rng(si)
        E = np.empty((R, len(ns))); Rt = np.empty(len(ns))
        for j, n in enumerate(ns):
            T = math.ceil(math.log(n))                                   # Thm 8: T = log n, m = n/log n
            m = n // T
            Rt[j] = rate_term(m, T, beta, E4_D, eps, delta, "alg6")
            T5 = alg5_T(m, kappa)
            solves, size = _alg5_counts(m, T5)
            for r in range(R):
                S = _e4_instance(rng, n, xs)
                info, oc = {}, OperationCounter()
                x = alg6_general_kappa(S, PowerRidgeLoss(kappa, 5.0), [(np.zeros(E4_D), 1.0)], L1, H, lam, kappa,
                                       beta, eps, delta, np.zeros(E4_D), T=T, ck=ck, eta_scale=es, rng=rng,
                                       oracle=oc, info=info)
                E[r, j] = K * float(np.linalg.norm(x - xs)) ** kappa
                if oc.erm_solves != T * solves or set(oc.erm_sizes) != {size}:
                    bad_counts.append((name, int(n), oc.erm_solves, T * solves, sorted(set(oc.erm_sizes)), size))
                ratio, nrel = _budget_ratio(info, eps, delta, E4_D)
                ratio_max, n_rel = max(ratio_max, ratio), max(n_rel, nrel)
                recent += _recentred(info)
        series.append((name, Rt, [E[:, j] for j in range(len(ns))]))
    claimed = (f"Thm 8 (kappa = {kappa:g}): f(x_T) - f* <= O~(r)^(kappa/(kappa-2)) = r^{p_theory:.3g}, r the rate "
               f"term r_m of Alg 6's schedule (L620); competitor: the non-interpolation kappa-growth rate "
               f"r^(kappa/(kappa-1)) = r^{p_comp:.3g}")
    what = "eps (Laplace)" if delta == 0 else "delta(eps) (analytic Gaussian, core gaussian_delta)"
    extra = (f"accounted {what}, parallel composition of {n_rel} releases, worst run = {ratio_max:.4g} x nominal; "
             f"ERM counts = T x T5 x ceil(log(m/T5)) with sizes floor(n0/k) in every run: {not bad_counts}; "
             f"re-centrings (empty X cap B) = {recent}; r_m over the grid {Rt[0]:.3g} .. {Rt[-1]:.3g}")
    guard = run_guard(claimed, extra, bad_counts, ratio_max)
    if guard is not None:
        return guard
    details = (f"LABELLED SCALED MODE. What is lost: at the paper's c_kappa (Remark, c_kappa = 2(2^12 kappa)^(1/kappa) = "
               f"{2 * (2 ** 12 * kappa) ** (1 / kappa):.1f}) the radii D_i stay >= Diam X at feasible n (for kappa = 3: "
               f"m <= 1.4e8, certified in 001.thm8.no_localization_certified), so the printed schedule never localises; "
               f"here c_kappa = {ck}, inner step eta_0 x {es:g} (privacy unchanged: sigma and sensitivity scale together, "
               f"ledger in computed), eps = {eps:g}{'' if delta == 0 else f', delta = {delta:g}'} (no meaningful "
               f"privacy). The exponent is measured against r_m including its printed log factors (x axis), not "
               f"against n. Instance |a'x - b|^{kappa:g}/{kappa:g}, d = 2, exact kappa growth (lambda = {lam:.4g}), "
               f"H = {H:.4g}, interpolation, x* interior and on the boundary of X = B(0, 1); {R} iid replicates x "
               f"{len(ns)} n = {list(map(int, ns))} per x*; T = ceil(log n).")
    return rate_series(ctx, tag, series, theory=p_theory, competitor=p_comp, claim=claimed, xlabel="rate term r_m",
                       ylabel="excess f(x_T) - f*", details=details, computed_extra=extra,
                       coverage=f"kappa = {kappa:g}, n in [{ns[0]}, {ns[-1]}], eps = {eps:g}, delta = {delta:g}, d = 2; "
                                "x* interior and on the boundary; scaled constants (details)")


# ----------------------------------------------------------------------------------------------------
# E5: Theorem 3 (Alg. 3 adapts to interpolation)
# ----------------------------------------------------------------------------------------------------
# Instances (least squares, d = 2, a = sqrt(2) u, u uniform on the circle, so E aa' = I and f - f* = ||x - x*||^2/2
# exactly, lambda = 1 (QG), H = 2 on X = B(0, 1)):
#   (I) interpolation b = a'x*;  (N) no interpolation b = a'x* + 0.5 xi, xi = +-1 (bounded, mean 0).
# L = ||a|| (||a|| (1 + ||x*||) + 0.5) bounds ||grad F|| on X for both, so the same Alg. 3 call (same L, H, lambda,
# eps, schedule) is used on both: the algorithm is not told which instance it sees.
E5_SIGMA_Y = 0.5


def _e5_instance(rng, n, x_star, noisy):
    u = rng.normal(size=(n, 2))
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    A = math.sqrt(2) * u
    b = A @ x_star + (E5_SIGMA_Y * rng.choice([-1.0, 1.0], size=n) if noisy else 0.0)
    return np.c_[A, b]


def _alg3_rate(n, d, eps, beta):
    """The rate term of Thm 3 / D_int (L299): sqrt(log(2/beta)) log^{3/2} n/sqrt n + d log(2/beta) log n/(n eps)."""
    l2b = math.log(2 / beta)
    return math.sqrt(l2b) * math.log(n) ** 1.5 / math.sqrt(n) + d * l2b * math.log(n) / (n * eps)


@check("001.exp.E5.adaptivity", spec=["001.exp.E5", "001.thm3"], profile="full")
def _e5(ctx):
    """E5: Alg. 3 (scaled) on interpolating and non-interpolating data; excess vs n, one accept rule per series."""
    d, beta, eps, c, c_int, es, T = 2, 0.05, 200.0, 0.2, 0.2, 400.0, 2
    ns = np.array([1200, 2400, 4800])                      # Alg 2 stage: T = 2 epochs of m = n/4 samples
    cases = [("interpolation, x* interior", np.array([0.3, -0.2]), False),
             ("interpolation, x* on the boundary", np.array([0.6, 0.8]), False),
             ("no interpolation, x* interior", np.array([0.3, -0.2]), True)]
    R = 20
    rate2 = np.array([_alg3_rate(n, d, eps, beta) ** 2 for n in ns])
    s_rate2 = float(np.polyfit(np.log(ns), np.log(rate2), 1)[0])      # Thm 3(2) slope of O~(rate)^2 over the grid
    series, theory, comp, bad_counts, ratio_max, recent, n_rel, sched = [], {}, {}, [], 0.0, 0, 0, {}
    for ci, (name, xs, noisy) in enumerate(cases):
        L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)
        rng = ctx.child_rng(ci)
        E = np.empty((R, len(ns))); Bsched = np.empty(len(ns))
        for j, n in enumerate(ns):
            h = n // 2
            s1, z1 = _alg5_counts(h, alg5_T(h, 2.0))      # stage 1: Alg 1 (Alg 5, T5 = ceil(2 log(n/2)))
            m = (n - h) // T                               # m grows with n (Thm 2: m ~ polylog n; here n/4)
            s2, z2 = _alg5_counts(m, math.ceil(2 * math.log(m)))   # stage 2: Alg 2, T epochs of Alg 1 on m samples
            for r in range(R):
                S = _e5_instance(rng, n, xs, noisy)
                info, oc = {}, OperationCounter()
                x = alg3_adaptive(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, 2.0, 1.0, beta, eps, 0.0, np.zeros(d),
                                  constants="scaled", m=m, c=c, c_int=c_int, eta_scale=es, rng=rng, oracle=oc, info=info)
                E[r, j] = 0.5 * float(np.sum((x - xs) ** 2))
                if oc.erm_solves != s1 + T * s2 or sorted(set(oc.erm_sizes)) != sorted({z1, z2}):
                    bad_counts.append((name, int(n), oc.erm_solves, s1 + T * s2, sorted(set(oc.erm_sizes)), (z1, z2)))
                ratio, nrel = _budget_ratio(info, eps, 0.0, d)
                ratio_max, n_rel = max(ratio_max, ratio), max(n_rel, nrel)
                recent += _recentred(info)
            Bsched[j] = 0.5 * (info["alg2"]["D"][-1] / 2) ** 2               # excess bound on the containment event
        s_sched = float(np.polyfit(np.log(ns), np.log(Bsched), 1)[0])
        sched[name] = s_sched
        theory[name], comp[name] = ((s_rate2, 0.0) if noisy else (s_sched, s_rate2))
        series.append((name, ns, [E[:, j] for j in range(len(ns))]))
    claimed = ("Thm 3: the same Alg 3 gives (3) under interpolation the fast rate of Thm 2 -- measured against the "
               "slope of its schedule bound (1/2)(D_(T+1)/2)^2 on the containment event, competitor the "
               f"non-interpolation rate^2 slope {s_rate2:.3g} -- and (2) without interpolation the rate^2 slope "
               f"{s_rate2:.3g} (rate of L299 with its logs), competitor 0 (no convergence: the non-adaptive Alg 2's "
               "failure mode)")
    extra = (f"schedule-bound slopes {', '.join(f'{k}: {v:.3g}' for k, v in sched.items() if 'no interp' not in k)}; "
             f"accounted eps (core parallel_compose of up to {n_rel} Laplace releases) = {ratio_max:.4f} x eps; ERM "
             f"counts = Alg 1 (n/2) + T x Alg 1 (m) in every run: {not bad_counts}; re-centrings = {recent}")
    guard = run_guard(claimed, extra, bad_counts, ratio_max)
    if guard is not None:
        return guard
    details = (f"LABELLED SCALED MODE. What is lost: as printed (c_int = 128, c = 256) D_int/2 >= Diam X for every "
               f"n <= 3.7e5 (certified, 001.thm3.no_localization_certified) and Alg 2 has T < 1 for n <= 4e8 (001.thm2), "
               f"so Alg 3 cannot localise at feasible n; here c_int = {c_int}, c = {c}, T = {T} epochs of m = n/4 "
               f"samples in the Alg 2 stage (with m fixed at 300 and T = n/(2m) = 2..8 the non-interpolating excess "
               f"stays at the m-sample level, slope +0.39 [-0.24, +1.19]: the domains D_int/2 = 0.36..0.24 do not yet "
               f"bind below that error), inner step x {es:g}, "
               f"eps = {eps:g} (no meaningful privacy). {R} iid replicates x n = {list(map(int, ns))} per series; least "
               "squares d = 2 (lambda = 1, H = 2), x* interior / on the boundary of X = B(0, 1).")
    return rate_series(ctx, "e5_adaptivity", series, theory=theory, competitor=comp, claim=claimed, xlabel="n",
                       ylabel="excess f(x_adapt) - f*", details=details, computed_extra=extra,
                       coverage=f"n in [{ns[0]}, {ns[-1]}], eps = {eps:g}, d = 2, scaled constants (details)")


# ----------------------------------------------------------------------------------------------------
# E6 / E7: Theorems 6-7 (Alg. 5, kappa = 2 growth, no interpolation needed)
# ----------------------------------------------------------------------------------------------------
def _thm6_rate(n, d, L, eps, beta, kbar=2.0):
    """The rate term of Thm 6 (L491): L sqrt(log(1/beta)) log^{3/2} n/sqrt n + L d log(1/beta) log n/(n eps (kbar-1))."""
    lb = math.log(1 / beta)
    return L * math.sqrt(lb) * math.log(n) ** 1.5 / math.sqrt(n) + L * d * lb * math.log(n) / (n * eps * (kbar - 1))


@check("001.exp.E6.qg_rate_slope", spec=["001.exp.E6", "001.thm6"], profile="full")
def _e6(ctx):
    """E6: Alg. 5 (T = ceil(2 log n), beta = 1/(n+d)), least squares with bounded label noise (QG, lambda = 1, no
    interpolation), excess vs n; exponent of Thm 6's rate term r(n): theory kappa/(kappa-1) = 2, competitor 1."""
    return _qg_rate(ctx, delta=0.0, eps=1000.0, R=64, label="E6", thm="Thm 6")   # 32 before the 1 - 1e-6 rule


@check("001.exp.E7.qg_rate_slope_gaussian", spec=["001.exp.E7", "001.thm7"], profile="full")
def _e7(ctx):
    """E7: as E6 with Gaussian noise (delta = 1e-6, Thm 7); eps = 200 < eps_max(1e-6) = 302 (001.priv.PC1)."""
    return _qg_rate(ctx, delta=1e-6, eps=200.0, R=24, label="E7", thm="Thm 7")


def _qg_rate(ctx, *, delta, eps, R, label, thm):
    from reference.interpolation.localization import alg5_epochs, alg5_eta0
    d, es = 2, 1000.0
    ns = np.array([500, 1000, 2000, 4000, 8000])
    stars = {"x* interior": np.array([0.3, -0.2]), "x* on the boundary": np.array([0.6, 0.8])}
    series, bad_counts, ratio_max, n_rel, recent = [], [], 0.0, 0, 0
    for si, (name, xs) in enumerate(stars.items()):
        L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)   # sup ||grad F|| on X
        rng = ctx.child_rng(si)
        E = np.empty((R, len(ns))); Rt = np.empty(len(ns))
        for j, n in enumerate(ns):
            beta = 1.0 / (n + d)                                          # Thm 6: beta <= 1/(n+d)
            T = alg5_T(n, 2.0)                                            # T = ceil(2 log n/(kbar - 1)), kbar = 2
            Rt[j] = _thm6_rate(n, d if delta == 0 else math.sqrt(d * math.log(1 / delta)), L, eps, beta)
            solves, size = _alg5_counts(n, T)
            for r in range(R):
                S = _e5_instance(rng, n, xs, True)
                info, oc = {}, OperationCounter()
                x = alg5_epochs(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, np.zeros(d), T, beta, eps, delta, rng=rng,
                                eta_scale=es, oracle=oc, info=info)
                E[r, j] = 0.5 * float(np.sum((x - xs) ** 2))                 # exact f(x) - f* (E aa' = I)
                if oc.erm_solves != solves or set(oc.erm_sizes) != {size}:
                    bad_counts.append((name, int(n), oc.erm_solves, solves, sorted(set(oc.erm_sizes)), size))
                ratio, nrel = _budget_ratio(info, eps, delta, d)
                ratio_max, n_rel = max(ratio_max, ratio), max(n_rel, nrel)
                recent += _recentred(info)
        series.append((name, Rt, [E[:, j] for j in range(len(ns))]))
    claimed = (f"{thm} (kappa = kbar = 2): f(x_T) - min f <= (4032/lambda) r(n)^(kappa/(kappa-1)) = O(r^2), r the printed "
               f"rate term ({'d' if delta == 0 else 'sqrt(d log(1/delta))'} in its privacy part); competitor: the "
               f"growth-free rate r^1 (Prop {2 if delta == 0 else 3})")
    what = "eps (Laplace)" if delta == 0 else "delta(eps) (analytic Gaussian, core gaussian_delta)"
    extra = (f"accounted {what}, parallel composition of {n_rel} releases, worst run = {ratio_max:.4g} x nominal; ERM "
             f"counts = T ceil(log(n/T)) with sizes floor(n0/k) in every run: {not bad_counts}; re-centrings = {recent}")
    guard = run_guard(claimed, extra, bad_counts, ratio_max)
    if guard is not None:
        return guard
    nL = int(ns[-1]); TL = alg5_T(nL, 2.0); n5 = nL // TL; kL = math.ceil(math.log(n5))
    Lb = math.sqrt(2) * (math.sqrt(2) * 1.36 + E5_SIGMA_Y)
    prox_w = alg5_eta0(n5, d, 2.0, Lb, 1.0, 0.0, 1.0 / (nL + d)) / 16 * (n5 // kL)
    details = (f"LABELLED SCALED MODE: Alg 5 exactly as printed except eta_0 x {es:g} (privacy unchanged: ledger in "
               f"computed) and eps = {eps:g} (no meaningful privacy). What is lost: at the printed step (eta x 1) and "
               f"eps = 1 the iterates barely leave x0 at n <= {nL} (first-phase prox weight eta_1 n0 = {prox_w:.2g} at "
               f"n = {nL}), and the printed bound exceeds L D for every n <= 1.2e8 (certified, "
               f"001.thm6.vacuity_certified). Instance: least squares, a = sqrt 2 u, labels a'x* + 0.5 xi (xi = +-1): "
               f"QG with lambda = 1, no interpolation, L = sup_X ||grad F||; x* interior and on the boundary of "
               f"X = B(0, 1); exact excess ||x - x*||^2/2; {R} iid replicates x n = {list(map(int, ns))} per x*.")
    return rate_series(ctx, f"{label.lower()}_qg_rate", series, theory=2.0, competitor=1.0, claim=claimed,
                       xlabel="rate term r(n)", ylabel="excess f(x_T) - f*", details=details, computed_extra=extra,
                       coverage=f"kappa = 2, n in [{ns[0]}, {ns[-1]}], eps = {eps:g}, delta = {delta:g}, d = 2; x* "
                                "interior and on the boundary; scaled step (details)")


# ----------------------------------------------------------------------------------------------------
# E8: excess vs eps, Alg. 5 exactly as printed (Thm 6, real privacy)
# ----------------------------------------------------------------------------------------------------
@check("001.exp.E8.excess_vs_eps_printed", spec=["001.exp.E8", "001.thm6"], profile="full")
def _e8(ctx):
    """E8: Alg. 5 at the printed step size (eta_scale = 1), n = 8000, eps from 0.03 to 10: slope of log excess vs
    log eps against the slope of Thm 6's r(eps)^2 (theory) and r(eps)^1 (competitor) over the same grid."""
    from reference.interpolation.localization import alg5_epochs
    d, n, es = 2, 8000, 1.0
    epss = np.array([0.03, 0.1, 0.3, 1.0, 3.0, 10.0])
    xs = np.array([0.3, -0.2])
    R = 12
    beta = 1.0 / (n + d)
    T = alg5_T(n, 2.0)
    L = math.sqrt(2) * (math.sqrt(2) * (1 + float(np.linalg.norm(xs))) + E5_SIGMA_Y)
    solves, size = _alg5_counts(n, T)
    rng = ctx.child_rng(0)
    E = np.empty((R, len(epss))); bad_counts, ratio_max, nrel = [], 0.0, 0
    for j, eps in enumerate(epss):
        for r in range(R):
            S = _e5_instance(rng, n, xs, True)
            info, oc = {}, OperationCounter()
            x = alg5_epochs(S, LeastSquaresLoss(), [(np.zeros(d), 1.0)], L, np.zeros(d), T, beta, float(eps), 0.0, rng=rng,
                            eta_scale=es, oracle=oc, info=info)
            E[r, j] = 0.5 * float(np.sum((x - xs) ** 2))
            if oc.erm_solves != solves or set(oc.erm_sizes) != {size}:
                bad_counts.append((float(eps), oc.erm_solves, solves))
            ratio, nrel = _budget_ratio(info, float(eps), 0.0, d)
            ratio_max = max(ratio_max, ratio)
    Rt = np.array([_thm6_rate(n, d, L, float(e), beta) for e in epss])
    s_th = float(np.polyfit(np.log(epss), 2 * np.log(Rt), 1)[0])
    s_cp = float(np.polyfit(np.log(epss), np.log(Rt), 1)[0])
    f0 = 0.5 * float(np.sum(xs ** 2))
    claimed = (f"Thm 6 (kappa = 2) vs eps at n = {n}, printed constants: excess ~ r(eps)^2 (slope {s_th:.3g} in log eps "
               f"over this grid), not r(eps)^1 (slope {s_cp:.3g})")
    extra = (f"f(x0) - f* = {f0:.4g}; printed rate term r = {Rt[-1]:.3g} .. {Rt[0]:.3g} (the bound (4032/lambda) r^2 "
             f"exceeds L D = {2 * L:.3g}); accounted eps (core parallel_compose over {nrel} Laplace releases, worst run) "
             f"= {ratio_max:.4g} x eps; ERM counts exact: {not bad_counts}")
    guard = run_guard(claimed, extra, bad_counts, ratio_max)
    if guard is not None:
        return guard
    details = ("Alg 5 EXACTLY as printed (eta_0 of L450, T = ceil(2 log n), beta = 1/(n+d)), real privacy eps in "
               f"[{epss[0]:g}, {epss[-1]:g}]; instance of 001.exp.E6 (least squares + bounded label noise, QG lambda = 1, "
               f"x* = (0.3, -0.2)); {R} iid replicates per eps. A missed theory slope does not refute Thm 6 here: its "
               "bound is vacuous at this n (certified, 001.thm6.vacuity_certified), so the eps-dependence it claims is "
               "unobservable at the printed constants")
    return rate_series(ctx, "e8_excess_vs_eps", [("x* interior, printed step", epss, [E[:, j] for j in range(len(epss))])],
                       theory=s_th, competitor=s_cp, claim=claimed, xlabel="eps", ylabel="excess f(x_T) - f*",
                       details=details, computed_extra=extra, miss_reason="the printed bound is vacuous at this n",
                       coverage=f"eps in [{epss[0]:g}, {epss[-1]:g}] at n = {n}, printed constants")


# ----------------------------------------------------------------------------------------------------
# E12: Theorem 2, excess vs eps (Alg. 2 = Alg. 1 (Lipschitz extension) around Alg. 5/4, privacy-limited)
# ----------------------------------------------------------------------------------------------------
@check("001.exp.E12.thm2_excess_vs_eps", spec=["001.exp.E12", "001.thm2"], profile="full")
def _e12(ctx):
    """E12: Alg 2 (scaled mode of 001.exp.E2), interpolating least squares, excess vs eps at fixed n.

    Thm 2's privacy term LD exp(-Theta~(lambda n eps/(H d))) comes from its epoch size: in the privacy branch of
    m = 256 log^2 n (H log(1/beta)/lambda) max{256 H/lambda, d/(eps sqrt(log n))} (L239) m is proportional to d/eps,
    so T = n/m grows linearly in eps and the schedule contracts T times.  Here m = ceil(C/eps) with the scaled
    C = 6000 (n = 2400 fixed, T = floor(n/m)).  The excess must then decay in eps faster than any power, in
    particular faster than the non-interpolation (d/(n eps))^2 (slope -2), and its log-log slope must steepen.
    Accept rule (shared protocol, two disjoint halves of the eps grid): the upper half's 99% bootstrap interval lies
    below -2 and below the lower half's, for x* interior and on the boundary.  Under interpolation the data carry no
    statistical error (noiseless labels), so the whole excess is the price of privacy."""
    from proofs_checks.interpolation.utility_checks import _alg2_runs
    n, C, c, beta = 2400, 6000.0, 0.1, 0.05
    epss = np.array([20.0, 25.0, 32.0, 40.0, 50.0, 63.0])
    R = 8
    stars = {"x* interior": np.array([0.3, -0.2]), "x* on the boundary": np.array([0.6, 0.8])}
    rows, arts, oks, ledger_all, sched = [], [], [], dict(eps_ratio=0.0, releases=0), []
    for si, (name, xs) in enumerate(stars.items()):
        samples = []
        for j, eps in enumerate(epss):
            m = int(math.ceil(C / eps))
            T = n // m
            ledger = {}
            _, Ds, exc, _, _, q = _alg2_runs(ctx, m=m, T=T, c=c, eps=float(eps), delta=0.0, beta=beta, N=R,
                                             rng=ctx.child_rng(10 * si + j), x_star=xs, ledger=ledger)
            if ledger.get("bad_counts"):
                return fail("Alg 2 ERM counts = T x T5 x ceil(log(m/T5))", str(ledger["bad_counts"][:3]))
            ledger_all["eps_ratio"] = max(ledger_all["eps_ratio"], ledger["eps_ratio"])
            ledger_all["releases"] = max(ledger_all["releases"], ledger["releases"])
            samples.append(exc)
            if si == 0:
                sched.append(f"eps {eps:g}: m = {m}, T = {T}, q = {q:.3g}, bound (1/2)(D_(T+1)/2)^2 = "
                             f"{0.5 * (Ds[-1] / 2) ** 2:.3g}")
        h = len(epss) // 2
        ci_all = slope_interval(epss, samples, ctx.child_rng(900 + si), n_boot=N_BOOT, level=LEVEL)
        ci_lo = slope_interval(epss[:h], samples[:h], ctx.child_rng(910 + si), n_boot=N_BOOT, level=LEVEL)
        ci_hi = slope_interval(epss[h:], samples[h:], ctx.child_rng(920 + si), n_boot=N_BOOT, level=LEVEL)
        fig = loglog_figure(ctx, f"e12_thm2_vs_eps_{si}", epss, samples, ci_all, theory=None, competitor=-2.0,
                            xlabel="eps (m = ceil(6000/eps), T = floor(2400/m))", ylabel="excess f(x_T) - f*",
                            title=f"{ctx.check_id}: {name}")
        arts += [fig] if fig else []
        ok = ci_hi.hi < -2.0 and ci_hi.hi < ci_lo.lo
        oks.append(ok)
        means = [float(np.mean(s)) for s in samples]
        rows.append(f"{name}: whole grid {ci_all}; lower half eps {epss[0]:g}..{epss[h - 1]:g}: {ci_lo}; upper half "
                    f"eps {epss[h]:g}..{epss[-1]:g}: {ci_hi}; mean excess {', '.join(f'{v:.3g}' for v in means)}; "
                    f"accept (upper < -2 and upper < lower): {ok}")
    if ledger_all["eps_ratio"] > 1 + 1e-12:
        return fail("privacy of the added noise <= eps", f"accounted {ledger_all['eps_ratio']:.4g} x eps")
    claimed = ("Thm 2 eq. (3), privacy term LD exp(-Theta~(lambda n eps/(H d))) of Alg 2 (with Alg 1's Lipschitz "
               "extension around Alg 5/4), m in the privacy branch (m ~ d/eps, T = n/m ~ eps): the excess decays in "
               "eps faster than every power, in particular faster than the non-interpolation (d/(n eps))^2 (slope -2)")
    computed = ("; ".join(rows) + "; schedule: " + "; ".join(sched) + f"; accounted eps (core parallel_compose over up "
                f"to {ledger_all['releases']} Laplace releases, worst run) = {ledger_all['eps_ratio']:.4g} x eps; ERM "
                "counts = T x T5 x ceil(log(m/T5)) with the formula sizes in every run")
    details = (f"LABELLED SCALED MODE of 001.exp.E2: n = {n}, m = ceil({C:g}/eps) (the privacy branch of L239 with a "
               f"scaled constant), T = floor(n/m) = 8..25, c = {c} (paper 256), inner step scaled so that the first "
               "proximal weight is 2/lambda (privacy unchanged), beta = 0.05; instance B (noiseless least squares, d = 2, "
               f"H = 2, lambda = 1, interpolation), x* interior and on the boundary of X = B(0, 1); {R} iid replicates x "
               f"{len(epss)} eps. What is lost: at the paper's m, T = n/m < 1 for every n <= 4e8 (certified, "
               "001.thm2.T_below_one_certified); above eps ~ 100 at this n the excess reaches the certified solver's "
               "floor (tau ~ 1e-12); with m FIXED (m = 300, T = 3) the excess falls only like eps^-1.9 (exploratory: the "
               "eps-dependence of Thm 2 enters through T = n/m, not through the noise of a fixed epoch).")
    cov = f"eps in [{epss[0]:g}, {epss[-1]:g}], n = {n} (scaled), d = 2, x* interior and on the boundary"
    if all(oks):
        return Outcome(Verdict.STATISTICAL, claimed=claimed, computed=computed, artifacts=arts, details=details,
                       precision=f"{100 * LEVEL:g}% percentile bootstrap intervals ({N_BOOT} resamples) of log-log slopes "
                                 "on disjoint halves of the grid (proofs_checks.experiments); false acceptance not "
                                 "bounded", coverage=cov)
    return Outcome(Verdict.PARTIAL, claimed=claimed, computed=computed, artifacts=arts, details=details,
                   coverage=cov + "; missing: the exponential eps-dependence is not shown (an interval is not below "
                                  "-2 or does not steepen), see computed")
