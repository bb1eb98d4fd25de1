"""Shared protocol of the headline rate experiments: log–log slopes with intervals, the accept rule, the figure.

The issues' protocol ("Headline results, reproduced end to end"): run the paper's algorithm at a ladder of values
of one parameter (n, ε, d, κ, …) with ``R`` independent replicates each; measure the rate as the least-squares
slope of ``log mean(metric)`` against ``log x``; give it a confidence interval; **accept iff the interval contains the
theory's exponent and excludes the nearest competing exponent**.  Every experiment writes a log–log figure with the
theory line and the interval.

The decision interval (the one every rule below reads) is at level 1 − 1e-6 (DEVELOPERS.md: a statistical check
declares false-failure ≤ 1e-6): a Welch–Satterthwaite t interval on the delta-method standard error of the slope,
``estimate ± t_{df}(1 − 5e-7) · SE`` with ``SE = max(SE_delta, SD_bootstrap)`` (the larger of the two estimates, so
a skewed replicate law whose bootstrap spread exceeds the linearised one widens the interval).  Assumption (stated,
not certified): each ``log mean`` is approximately normal (means of ≥ 2 independent replicates, replicates
independent across x).  Under it, a true exponent is refuted with probability ≤ 1e-6, and a true competitor is
excluded (a false acceptance) with probability ≤ 1e-6.  With few replicates the t quantile is large (df 7: 15.8;
df 20: 6.9; df ∞: 4.9), which is the honest price of the 1e-6 level.  The 95 % percentile bootstrap interval of earlier sessions
is kept as a descriptive field (``boot_lo``, ``boot_hi``) and printed, but decides nothing.

Use::

    from proofs_checks.experiments import slope_interval, rate_outcome, loglog_figure

    ci = slope_interval(ns, samples, ctx.child_rng(0))          # samples[i] = replicates at ns[i]
    fig = loglog_figure(ctx, "excess_vs_n", ns, samples, ci, theory=-0.5, xlabel="n", ylabel="excess risk")
    return rate_outcome(ci, theory=-0.5, competitor=-1.0, claim="excess = Θ(n^{-1/2})", figure=fig,
                        details="...", coverage="...")

A slope interval is a statement about the measured range only; ``coverage`` must say which range (and, where the
paper's constants were scaled, by how much and why).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from proofs_checks.framework import Outcome, Verdict

__all__ = ["SlopeInterval", "slope_interval", "rate_outcome", "loglog_figure", "ks_statistic", "dkw_radius"]


DECISION_FALSE_FAILURE = 1e-6          # two-sided: P(true exponent outside [lo, hi]) <= 1e-6 under the stated model


@dataclass(frozen=True)
class SlopeInterval:
    """Least-squares log–log slope ``estimate`` with the decision interval ``[lo, hi]`` at ``level``.

    ``method`` names how ``[lo, hi]`` was made; ``boot_lo``/``boot_hi`` are the percentile-bootstrap interval at
    ``boot_level`` (descriptive only), ``se`` the standard error used and ``df`` the Welch–Satterthwaite degrees of
    freedom (``inf`` when every replicate group is constant)."""

    estimate: float
    lo: float
    hi: float
    level: float
    n_boot: int
    replicates: tuple[int, ...]
    intercept: float
    method: str = "percentile bootstrap"
    boot_lo: float | None = None
    boot_hi: float | None = None
    boot_level: float | None = None
    se: float | None = None
    df: float | None = None

    def contains(self, x: float) -> bool:
        return self.lo <= x <= self.hi

    def level_text(self) -> str:
        """The decision level and method in words, e.g. ``1 − 1e-06 Welch-t interval``."""
        if self.level >= 0.999:
            return f"1 − {1 - self.level:.0e} {self.method} interval"
        return f"{100 * self.level:g}% {self.method} interval"

    def __str__(self) -> str:
        extra = ""
        if self.boot_lo is not None:
            extra = (f"; df {self.df:.3g}, SE {self.se:.3g}; descriptive {100 * self.boot_level:g}% bootstrap "
                     f"[{self.boot_lo:+.3f}, {self.boot_hi:+.3f}], {self.n_boot} resamples")
        elif self.method == "percentile bootstrap":
            extra = f", {self.n_boot} resamples"
        return (f"slope {self.estimate:+.3f} [{self.lo:+.3f}, {self.hi:+.3f}] ({self.level_text()}{extra}, "
                f"replicates per x {list(self.replicates)})")


def _ls_slope(lx: np.ndarray, ly: np.ndarray) -> tuple[float, float]:
    A = np.vstack([lx, np.ones_like(lx)]).T
    (b, a), *_ = np.linalg.lstsq(A, ly, rcond=None)
    return float(b), float(a)


def slope_interval(xs: Sequence[float], samples: Sequence[Sequence[float]], rng: np.random.Generator, *,
                   n_boot: int = 2000, level: float = 0.95) -> SlopeInterval:
    """Slope of ``log mean(samples[i])`` vs ``log xs[i]`` with its decision interval at 1 − 1e-6 (module docstring).

    Preconditions (validated): at least 3 distinct positive ``xs``; every ``samples[i]`` has at least 2 finite
    values with a positive mean; ``0 < level < 1`` (the level of the descriptive percentile-bootstrap interval only);
    ``n_boot >= 100``.  Each bootstrap resample draws, for every x independently, ``len(samples[i])`` replicates
    with replacement (the replicates at different x are independent runs).
    Steps: (1) least-squares slope b = sum_i c_i log m_i, c_i = (log x_i − mean log x)/S_xx, m_i the mean at x_i;
    (2) delta method: Var(log m_i) ≈ s_i^2/(R_i m_i^2) (s_i the sample SD, ddof 1), SE_delta^2 = sum_i c_i^2 v_i,
    Welch–Satterthwaite df = (sum c_i^2 v_i)^2 / sum (c_i^2 v_i)^2/(R_i − 1); (3) the bootstrap SD of the slope
    and its percentile interval at ``level``; (4) [lo, hi] = b ± t_df(1 − 5e-7) · max(SE_delta, SD_boot).
    Postcondition: under the normal model of the module docstring, P(true slope ∉ [lo, hi]) ≤ 1e-6.
    """
    from scipy import stats

    xs = np.asarray(xs, dtype=float)
    if xs.ndim != 1 or len(xs) < 3 or len(set(xs.tolist())) < 3 or not np.all(np.isfinite(xs)) or np.any(xs <= 0):
        raise ValueError(f"xs must be at least 3 distinct positive finite values, got {xs!r}")
    if len(samples) != len(xs):
        raise ValueError(f"samples must have one sequence per x ({len(xs)}), got {len(samples)}")
    if not (0.0 < level < 1.0):
        raise ValueError(f"level must lie in (0, 1), got {level!r}")
    if int(n_boot) < 100:
        raise ValueError(f"n_boot must be >= 100, got {n_boot!r}")
    arrs = []
    for i, s in enumerate(samples):
        a = np.asarray(s, dtype=float).ravel()
        if len(a) < 2 or not np.all(np.isfinite(a)) or a.mean() <= 0:
            raise ValueError(f"samples[{i}] must hold >= 2 finite values with a positive mean, got {a!r}")
        arrs.append(a)
    lx = np.log(xs)
    est, icpt = _ls_slope(lx, np.log([a.mean() for a in arrs]))                       # step 1
    c = (lx - lx.mean()) / np.sum((lx - lx.mean()) ** 2)
    R = np.array([len(a) for a in arrs], dtype=float)
    v = np.array([a.var(ddof=1) / (len(a) * a.mean() ** 2) for a in arrs])            # step 2
    w = c ** 2 * v
    se_delta = float(math.sqrt(w.sum()))
    den = float(np.sum(w ** 2 / (R - 1)))
    df = float(w.sum() ** 2 / den) if den > 0 else math.inf
    boots = np.empty(int(n_boot))                                                     # step 3
    for b in range(int(n_boot)):
        means = [a[rng.integers(0, len(a), len(a))].mean() for a in arrs]
        boots[b] = _ls_slope(lx, np.log(np.maximum(means, 1e-300)))[0]
    blo, bhi = np.quantile(boots, [(1 - level) / 2, (1 + level) / 2])
    se = max(se_delta, float(boots.std(ddof=1)))
    alpha = DECISION_FALSE_FAILURE                                                    # step 4
    q = float(stats.norm.isf(alpha / 2)) if math.isinf(df) else float(stats.t.isf(alpha / 2, df))
    return SlopeInterval(est, est - q * se, est + q * se, 1.0 - alpha, int(n_boot), tuple(len(a) for a in arrs),
                         icpt, method="Welch-t", boot_lo=float(blo), boot_hi=float(bhi), boot_level=float(level),
                         se=se, df=df)


def rate_outcome(ci: SlopeInterval, *, theory: float, competitor: float | None, claim: str,
                 figure: str | None = None, details: str = "", coverage: str = "",
                 holds_verdict: Verdict = Verdict.STATISTICAL) -> Outcome:
    """The issues' accept rule: the interval contains ``theory`` and excludes ``competitor``.

    Holds → ``holds_verdict`` (STATISTICAL by default: a bootstrap interval, not a proof; its level goes into
    ``precision``).  The interval misses the theory exponent → ERRATUM-type outcome with the interval as the
    counterexample (the caller's spec decides whether a measured-range discrepancy is an erratum; a check whose
    regime is scaled should say so in ``coverage``).  Contains both → PARTIAL (the experiment cannot tell the claimed
    rate from the competitor in the measured range).
    """
    text = f"{claim}: theory exponent {theory:+g}" + (f", competitor {competitor:+g}" if competitor is not None else "")
    arts = [figure] if figure else []
    if not ci.contains(theory):
        return Outcome(Verdict.ERRATUM, claimed=text, computed=str(ci), margin=-min(abs(ci.lo - theory),
                                                                                   abs(ci.hi - theory)),
                       precision=ci.level_text(), details=details,
                       counterexample=f"measured {ci} excludes the theory exponent {theory:+g}", artifacts=arts,
                       coverage=coverage)
    if competitor is not None and ci.contains(competitor):
        return Outcome(Verdict.PARTIAL, claimed=text, computed=str(ci), precision=ci.level_text(),
                       details=details, artifacts=arts,
                       coverage=(coverage + "; " if coverage else "") +
                       f"missing: the interval also contains the competing exponent {competitor:+g}, so the measured "
                       "range does not separate the claimed rate from it")
    return Outcome(holds_verdict, claimed=text, computed=str(ci),
                   margin=min(theory - ci.lo, ci.hi - theory),
                   precision=ci.level_text() + " (false failure and false acceptance each <= 1e-6 under the normal model of "
                             "proofs_checks.experiments; the measured range only)",
                   details=details, artifacts=arts, coverage=coverage)


def at_most_partial(out: Outcome, missing: str) -> Outcome:
    """A run whose accept rule holds but whose regime is not the printed one (a stand-in sampler, scaled constants):
    STATISTICAL becomes PARTIAL with ``missing`` in its coverage; every other outcome is returned unchanged."""
    if out.verdict is not Verdict.STATISTICAL:
        return out
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, precision=out.precision,
                   details=out.details, artifacts=out.artifacts,
                   coverage=(out.coverage + "; " if out.coverage else "") + f"missing: {missing}")


def protocol_words(out: Outcome, ci: SlopeInterval, theory: float, competitor: float) -> tuple[str, str]:
    """Two phrases for a report that records a scaled run as PARTIAL whatever the protocol says: the accept rule's
    reading of ``out`` and the direction of the measured decay relative to ``theory`` (for an upper bound a faster
    decay is consistent but does not attain the rate)."""
    rule = {Verdict.STATISTICAL: f"accepted (contains {theory:+.3g}, excludes {competitor:+.3g})",
            Verdict.PARTIAL: f"contains both {theory:+.3g} and {competitor:+.3g}",
            Verdict.ERRATUM: f"excludes {theory:+.3g}"}.get(out.verdict, out.verdict.name)
    shape = ("faster than the claimed exponent (an upper bound: consistent, not attained)" if ci.hi < theory else
             "slower than the claimed exponent in this range" if ci.lo > theory else
             "consistent with the claimed exponent")
    return rule, shape


def faster_than_bound_outcome(out: Outcome, ci: SlopeInterval, theory: float, *, why: str) -> Outcome:
    """The accept rule for an O(·) UPPER bound whose measured decay is FASTER than the bound's exponent.

    When ``out`` (from :func:`rate_outcome`) is ERRATUM-type because the whole interval lies below ``theory`` (for a
    decreasing quantity: a steeper decay), the bound is not refuted — it holds with room — but its rate is not
    attained on the instance: PARTIAL, with ``why`` (the reason the instance decays faster: an easier instance than
    the worst case, another term dominant) in its coverage.  An interval above ``theory`` (slower decay: a real
    counterexample to the rate in the measured range) and every other outcome are returned unchanged.
    """
    if out.verdict is not Verdict.ERRATUM or not ci.hi < theory:
        return out
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed, margin=theory - ci.hi,
                   precision=out.precision, details=out.details, artifacts=out.artifacts,
                   coverage=(out.coverage + "; " if out.coverage else "") +
                   f"missing: the interval {ci} lies below the bound's exponent {theory:+g} (faster decay, consistent "
                   f"with the O(·) upper bound), so the bound's rate is not attained here: {why}")


def below_bound_outcome(out: Outcome, means: Sequence[float], bounds: Sequence[float], *, why: str,
                        wider: str) -> Outcome:
    """The accept rule for an UPPER bound with explicit constants, measured on a pre-asymptotic range.

    When ``out`` (from :func:`rate_outcome`) is ERRATUM-type because the slope interval misses the theory exponent
    while every sampled mean stays at or below its printed bound, nothing is refuted: the bound holds at every point
    measured, only its rate is not attained on the range.  The outcome is then PARTIAL, with the mean/bound ratios,
    ``why`` (why the range is pre-asymptotic) and ``wider`` (what a wider range would cost) in its coverage.  A mean
    above its bound, or any other outcome, is returned unchanged (a mean above an explicit bound is a refutation the
    caller must report as such).
    """
    if len(means) != len(bounds):
        raise ValueError(f"means and bounds must have the same length, got {len(means)} and {len(bounds)}")
    if out.verdict is not Verdict.ERRATUM or any(m > b for m, b in zip(means, bounds)):
        return out
    ratios = ", ".join(f"{m / b:.2f}" for m, b in zip(means, bounds))
    return Outcome(Verdict.PARTIAL, claimed=out.claimed, computed=out.computed + f"; mean/bound ratios {ratios}",
                   precision=out.precision, details=out.details, artifacts=out.artifacts,
                   coverage=out.coverage + "; missing: the interval excludes the theory exponent but every mean is "
                   f"below the bound (no refutation of the upper bound: {why}); a wider range costs: {wider}")


def loglog_figure(ctx, name: str, xs: Sequence[float], samples: Sequence[Sequence[float]], ci: SlopeInterval, *,
                  theory: float | None, xlabel: str, ylabel: str, title: str = "",
                  competitor: float | None = None) -> str | None:
    """Write ``<check id>__<name>.png``: replicate points, means, the fitted line, the theory slope anchored at the
    fit's centre, and the interval in the legend.  Returns the path (``None`` when the run writes no artifacts)."""
    path = ctx.figure_path(name if name.endswith(".png") else name + ".png")
    if path is None:
        return None
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    xs = np.asarray(xs, dtype=float)
    fig, ax = plt.subplots(figsize=(5.2, 3.8))
    for x, s in zip(xs, samples):
        s = np.asarray(s, dtype=float)
        s = s[s > 0]                      # a replicate equal to 0 has no place on a log axis (the mean still counts it)
        ax.scatter(np.full(len(s), x), s, s=6, alpha=0.35, color="tab:gray")
    means = np.array([np.mean(s) for s in samples])
    ax.plot(xs, means, "o", color="tab:blue", label="mean over replicates")
    lx = np.log(xs)
    ax.plot(xs, np.exp(ci.intercept + ci.estimate * lx), "-", color="tab:blue",
            label=f"fit {ci.estimate:+.2f} [{ci.lo:+.2f}, {ci.hi:+.2f}]")
    c = lx.mean()
    yc = ci.intercept + ci.estimate * c
    if theory is not None:
        ax.plot(xs, np.exp(yc + theory * (lx - c)), "--", color="tab:red", label=f"theory {theory:+g}")
    if competitor is not None:
        ax.plot(xs, np.exp(yc + competitor * (lx - c)), ":", color="tab:green", label=f"competitor {competitor:+g}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title or ctx.check_id, fontsize=8)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return str(path)


def ks_statistic(samples, cdf_at_sorted) -> float:
    """Kolmogorov–Smirnov distance sup |F_m − F| of ``samples`` from a law whose CDF, evaluated at the SORTED samples,
    is ``cdf_at_sorted`` (a callable on the sorted array, or the array of values itself)."""
    v = np.sort(np.asarray(samples, dtype=float).ravel())
    F = np.asarray(cdf_at_sorted(v) if callable(cdf_at_sorted) else cdf_at_sorted, dtype=float)
    m = len(v)
    if m == 0 or F.shape != v.shape:
        raise ValueError(f"ks_statistic needs >= 1 sample and one CDF value per sample, got {m} and {F.shape}")
    return float(max(np.max(np.arange(1, m + 1) / m - F), np.max(F - np.arange(m) / m)))


def dkw_radius(m: int, beta: float) -> float:
    """Dvoretzky–Kiefer–Wolfowitz–Massart radius: P(sup |F_m − F| > r) <= beta for m iid draws (two-sided)."""
    if int(m) < 1 or not (0.0 < beta < 1.0):
        raise ValueError(f"dkw_radius needs m >= 1 and beta in (0, 1), got m={m!r}, beta={beta!r}")
    return math.sqrt(math.log(2 / beta) / (2 * int(m)))
