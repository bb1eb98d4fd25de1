"""Checks of reference.core.samplers: clipping postconditions, subsampling laws, uniform / truncated-Gaussian
ball laws, exact 1-D inverse-CDF sampling.

Statistical checks use fixed seeds (ctx.rng), exact finite-sample bounds (Clopper–Pearson from
reference.core.testing, the Dvoretzky–Kiefer–Wolfowitz inequality with Massart's constant, exact chi-square
quantiles) and a Bonferroni split, with a declared family-wise false-failure probability <= 1e-6 per check.
"""
from __future__ import annotations

import math

import mpmath
import numpy as np
from scipy import stats

from proofs_checks.framework import Outcome, Verdict, check, fail
from reference.core import samplers as S
from reference.core.testing import bonferroni, clopper_pearson

ALPHA = 1e-6  # family-wise false-failure probability of each statistical check


# --------------------------------------------------------------------------------------------
# small rigorous helpers (TODO(core): replace by reference.core.testing.dkw_radius if it appears)
# --------------------------------------------------------------------------------------------

def _dkw_radius(n: int, alpha: float) -> float:
    """t with P(sup_x |F_n(x) - F(x)| > t) <= alpha for n i.i.d. draws (Massart 1990: 2 exp(-2 n t^2),
    valid for any F, continuous or not, whenever the bound is <= 1/2)."""
    return math.sqrt(math.log(2.0 / alpha) / (2.0 * n))


def _ks_stat(samples: np.ndarray, cdf) -> float:
    """sup_x |F_n(x) - F(x)| for a continuous F given as a vectorised callable."""
    x = np.sort(np.asarray(samples, dtype=float))
    n = x.shape[0]
    F = np.asarray(cdf(x), dtype=float)
    i = np.arange(1, n + 1)
    return float(max(np.max(i / n - F), np.max(F - (i - 1) / n)))


def _dkw_test(samples, cdf, alpha: float) -> tuple[bool, float, float]:
    """(passes, KS statistic, DKW radius)."""
    d = _ks_stat(samples, cdf)
    t = _dkw_radius(len(samples), alpha)
    return d <= t, d, t


def _cp_test(k: int, n: int, p: float, alpha: float) -> tuple[bool, float, float]:
    """Does the exact two-sided CP interval of k/n at level alpha contain p?  (passes, lo, hi)."""
    lo, hi = clopper_pearson(int(k), int(n), alpha)
    return bool(lo <= p <= hi), float(lo), float(hi)


def _chi2_test(stat: float, df: int, alpha: float) -> tuple[bool, float, float]:
    """Two-sided exact chi-square acceptance region at level alpha."""
    lo, hi = stats.chi2.ppf(alpha / 2, df), stats.chi2.isf(alpha / 2, df)
    return bool(lo <= stat <= hi), float(lo), float(hi)


# --------------------------------------------------------------------------------------------
# clipping (deterministic postconditions over a grid with extremes)
# --------------------------------------------------------------------------------------------

@check("core.samp.clip.postconditions", spec=["core.samp.clip_postconditions", "core.samp.clip_l2",
                                              "core.samp.clip_coordinates", "core.samp.l2_norm"])
def _clip_postconditions(ctx):
    rng = ctx.rng
    norms = [0.0, 5e-324, 1e-300, 1e-10, 0.3, 1.0 - 2 ** -53, 1.0, 1.0 + 2 ** -52, 1.7, 1e10, 1e300, 1.7e308]
    Cs = [0.0, 1e-300, 1e-8, 1.0, 3.0, 1e8, 1e300]
    dims = [1, 2, 7, 300]
    n_cases = 0
    for d in dims:
        dirs = rng.standard_normal((8, d))
        dirs /= np.linalg.norm(dirs, axis=1, keepdims=True)
        for C in Cs:
            for r in norms:
                X = dirs * (r * C if 0 < r * C < 1.7e308 else r)
                if not np.all(np.isfinite(X)):
                    continue
                Y = S.clip_l2(X, C)
                n_cases += X.shape[0]
                ny = S.l2_norm(Y)
                nx = S.l2_norm(X)
                if np.any(ny > C):
                    return fail("||clip(x)|| <= C", f"violated: max norm {ny.max()!r} > C={C!r} (d={d}, r={r})")
                if not np.array_equal(S.clip_l2(Y, C), Y):
                    return fail("clip idempotent", f"clip(clip(x)) != clip(x) at d={d}, C={C}, r={r}")
                inside = nx <= C
                if not np.array_equal(Y[inside], X[inside]):
                    return fail("rows with ||x|| <= C unchanged", f"changed at d={d}, C={C}, r={r}")
                # direction kept: Y = lambda X with lambda in [0, 1]
                for x, y in zip(X[~inside], Y[~inside]):
                    lam = S.l2_norm(y) / S.l2_norm(x) if S.l2_norm(x) > 0 else 0.0
                    if C > 0 and not np.allclose(y, lam * x, rtol=1e-12, atol=0):
                        return fail("direction kept", f"d={d}, C={C}, r={r}")
                    if C > 0 and lam > 0 and abs(S.l2_norm(y) - C) > 8e-16 * C:
                        return fail("clipped rows have norm C (to rounding)", f"norm {S.l2_norm(y)!r}, C={C!r}")
                Z = S.clip_coordinates(X, C)
                if np.any(np.abs(Z) > C) or not np.array_equal(S.clip_coordinates(Z, C), Z):
                    return fail("coordinate clip postconditions", f"d={d}, C={C}, r={r}")
    # a row whose norm overflows (finite entries): clipping must still return (v/||v||) C
    big = np.full((2, 4), 1e308)
    big[1, 0] = -1e308
    Yb = S.clip_l2(big, 3.0)
    if not (np.all(S.l2_norm(Yb) <= 3.0) and np.allclose(Yb, np.sign(big) * 1.5, rtol=1e-15)):
        return fail("clip of a vector with overflowing norm", f"{Yb}")
    # l2_norm accuracy against mpmath (no overflow / underflow for any finite input)
    worst_rel = 0.0
    with mpmath.workdps(40):
        for d in (1, 3, 300):
            for scale in (5e-324, 1e-200, 1.0, 1e200, 1e307):
                x = rng.standard_normal(d) * scale
                if not np.all(np.isfinite(x)):
                    continue
                ref = mpmath.sqrt(mpmath.fsum(mpmath.mpf(float(v)) ** 2 for v in x))
                if ref == 0:
                    continue
                if ref > np.finfo(float).max:
                    if S.l2_norm(x) != np.inf:
                        return fail("l2_norm = inf when the norm exceeds the largest float", f"d={d}")
                    continue
                err = abs(mpmath.mpf(S.l2_norm(x)) - ref)
                if ref < 1e-300:  # subnormal result: at most a few units of 2^-1074
                    if err > 4 * mpmath.mpf(2) ** -1074:
                        return fail("l2_norm error <= 4 * 2^-1074 for subnormal results", f"d={d}: err {err}")
                    continue
                rel = float(err / ref)
                worst_rel = max(worst_rel, rel)
                if rel > (d + 4) * 2.0 ** -52:
                    return fail("l2_norm relative error <= (d+4) 2^-52", f"d={d}, scale={scale}: rel {rel:.2e}")
    return Outcome(Verdict.NUMERIC, claimed="||clip_l2(x,C)|| <= C exactly in floating point, clip_l2 idempotent, "
                   "rows with ||x|| <= C unchanged, direction kept, clipped norm = C to 8e-16 relative; "
                   "|clip_coordinates(x,C)_i| <= C, idempotent",
                   computed=f"all postconditions hold on {n_cases} vectors; l2_norm max relative error vs mpmath "
                   f"{worst_rel:.1e} (scales 5e-324..1e307)", margin=0.0,
                   precision="exact floating-point comparisons (grid, not a proof)",
                   details=f"d in {dims}; C in {Cs}; norms/C in {norms} (incl. subnormal, 1 +- ulp, near overflow)")


# --------------------------------------------------------------------------------------------
# subsampling laws
# --------------------------------------------------------------------------------------------

@check("core.samp.poisson.law", spec=["core.samp.poisson_law", "core.samp.poisson_subsample"])
def _poisson_law(ctx):
    rng = ctx.rng
    n, N = 40, 6000
    qs = [0.05, 0.5, 0.93]
    n_tests = len(qs) * (n + 6 + 1)
    a = bonferroni(ALPHA, n_tests)
    worst = 1.0
    for q in qs:
        incl = np.zeros((N, n), dtype=bool)
        for r in range(N):
            incl[r, S.poisson_subsample(n, q, rng)] = True
        # marginal inclusion: each index ~ Bernoulli(q)
        for i in range(n):
            ok, lo, hi = _cp_test(incl[:, i].sum(), N, q, a)
            if not ok:
                return fail(f"P(i in batch) = q = {q}", f"index {i}: CP [{lo:.4f}, {hi:.4f}] excludes q")
        # pairwise independence on 6 pairs: P(i, j both in) = q^2
        for (i, j) in [(0, 1), (0, n - 1), (5, 17), (20, 21), (3, 30), (38, 39)]:
            ok, lo, hi = _cp_test((incl[:, i] & incl[:, j]).sum(), N, q * q, a)
            if not ok:
                return fail(f"P(i, j in batch) = q^2 = {q*q}", f"pair {(i, j)}: CP [{lo:.4f}, {hi:.4f}]")
        # batch size ~ Bin(n, q): DKW on the discrete law (valid for discrete F)
        sizes = incl.sum(axis=1)
        Fn = np.array([(sizes <= k).mean() for k in range(n + 1)])
        D = float(np.max(np.abs(Fn - stats.binom.cdf(np.arange(n + 1), n, q))))
        t = _dkw_radius(N, a)
        worst = min(worst, t - D)
        if D > t:
            return fail("|batch| ~ Bin(n, q)", f"q={q}: KS distance {D:.4f} > DKW radius {t:.4f}")
    # q in {0, 1}: deterministic
    if S.poisson_subsample(n, 0.0, rng).size != 0 or S.poisson_subsample(n, 1.0, rng).size != n:
        return fail("q=0 gives the empty batch and q=1 the full data set", "violated")
    return Outcome(Verdict.STATISTICAL, claimed="Poisson subsampling: inclusion indicators i.i.d. Bernoulli(q)",
                   computed=f"{n_tests} exact tests passed (CP marginals, CP pair inclusions, DKW on |batch|); "
                   "q = 0, 1 exact", margin=worst,
                   precision=f"family-wise false-failure <= {ALPHA:g} (Bonferroni over {n_tests}: CP, DKW-Massart)",
                   details=f"n={n}, N={N} batches per q, q in {qs}; seed from check id")


@check("core.samp.with_replacement.law", spec=["core.samp.with_replacement_law", "core.samp.sample_with_replacement"])
def _with_replacement_law(ctx):
    rng = ctx.rng
    n, m, N = 5, 3, 6000
    draws = np.array([S.sample_with_replacement(n, m, rng) for _ in range(N)])
    if draws.min() < 0 or draws.max() >= n:
        return fail("indices in {0..n-1}", f"range [{draws.min()}, {draws.max()}]")
    # the full joint law of the ordered m-tuple: uniform on n^m cells
    codes = draws[:, 0] * n * n + draws[:, 1] * n + draws[:, 2]
    counts = np.bincount(codes, minlength=n ** m)
    a = bonferroni(ALPHA, n ** m)
    p = 1.0 / n ** m
    for cell, k in enumerate(counts):
        ok, lo, hi = _cp_test(k, N, p, a)
        if not ok:
            return fail(f"P(tuple) = n^-m = {p:.5f}", f"cell {cell}: count {k}, CP [{lo:.5f}, {hi:.5f}]")
    # n = 1 edge
    if not np.array_equal(S.sample_with_replacement(1, 4, rng), np.zeros(4, dtype=np.int64)):
        return fail("n=1 gives only index 0", "violated")
    return Outcome(Verdict.STATISTICAL, claimed="with replacement: the ordered m-tuple is uniform on {0..n-1}^m",
                   computed=f"all {n**m} cells pass exact CP tests", margin=None,
                   precision=f"family-wise false-failure <= {ALPHA:g} (Bonferroni over {n**m} CP tests)",
                   details=f"n={n}, m={m}, N={N}")


@check("core.samp.without_replacement.law",
       spec=["core.samp.without_replacement_law", "core.samp.sample_without_replacement"])
def _without_replacement_law(ctx):
    rng = ctx.rng
    n, m, N = 6, 3, 12000
    draws = np.array([S.sample_without_replacement(n, m, rng) for _ in range(N)])
    if any(len(set(r)) != m for r in draws):
        return fail("indices distinct", "a sample repeats an index")
    codes = draws[:, 0] * n * n + draws[:, 1] * n + draws[:, 2]
    valid = [a * n * n + b * n + c for a in range(n) for b in range(n) for c in range(n) if len({a, b, c}) == 3]
    counts = np.bincount(codes, minlength=n ** 3)
    a = bonferroni(ALPHA, len(valid))
    p = 1.0 / len(valid)  # (n-m)!/n! = 1/120
    for cell in valid:
        ok, lo, hi = _cp_test(counts[cell], N, p, a)
        if not ok:
            return fail(f"P(ordered tuple) = (n-m)!/n! = {p:.5f}", f"cell {cell}: CP [{lo:.5f}, {hi:.5f}]")
    if sorted(S.sample_without_replacement(7, 7, rng).tolist()) != list(range(7)) or S.sample_without_replacement(7, 0, rng).size:
        return fail("m = n gives a permutation, m = 0 the empty sample", "violated")
    return Outcome(Verdict.STATISTICAL, claimed="without replacement: every ordered m-tuple of distinct indices has "
                   "probability (n-m)!/n! (hence inclusion m/n, pair inclusion m(m-1)/(n(n-1)))",
                   computed=f"all {len(valid)} ordered tuples pass exact CP tests; m=n permutation, m=0 empty",
                   precision=f"family-wise false-failure <= {ALPHA:g} (Bonferroni over {len(valid)} CP tests)",
                   details=f"n={n}, m={m}, N={N}")


# --------------------------------------------------------------------------------------------
# balls
# --------------------------------------------------------------------------------------------

@check("core.samp.uniform_ball.law", spec=["core.samp.uniform_ball_law", "core.samp.uniform_l2_ball"])
def _uniform_ball_law(ctx):
    rng = ctx.rng
    cases = [(1, 1.0), (2, 0.5), (5, 3.0), (50, 1.0)]
    N = 20000
    n_tests = 3 * len(cases)
    a = bonferroni(ALPHA, n_tests)
    worst = np.inf
    lines = []
    for d, R in cases:
        c = np.arange(d, dtype=float) * 0.1
        X = S.uniform_l2_ball(d, R, rng, size=N, center=c)
        Y = X - c
        r = np.linalg.norm(Y, axis=1)
        if np.any(r > R * (1 + 1e-12)):
            return fail("||x - c|| <= R", f"d={d}: max radius {r.max()!r} > R={R}")
        # radius law P(r <= s) = (s/R)^d
        ok1, D1, t = _dkw_test(r, lambda s: np.clip(s / R, 0, 1) ** d, a)
        # first-coordinate law: (x_1/R)^2 ~ Beta(1/2, (d+1)/2)
        ok2, D2, _ = _dkw_test((Y[:, 0] / R) ** 2, lambda s: stats.beta.cdf(s, 0.5, (d + 1) / 2), a)
        # sign symmetry of the last coordinate: P(x_d > 0) = 1/2
        ok3, lo, hi = _cp_test(int((Y[:, -1] > 0).sum()), N, 0.5, a)
        worst = min(worst, t - D1, t - D2)
        lines.append(f"d={d}: KS radius {D1:.4f}, KS x1^2 {D2:.4f} (DKW {t:.4f}); P(x_d>0) CP [{lo:.3f},{hi:.3f}]")
        if not (ok1 and ok2 and ok3):
            return fail("uniform law on the ball", "; ".join(lines))
    return Outcome(Verdict.STATISTICAL, claimed="uniform_l2_ball ~ Unif(B(c, R)): radius CDF (s/R)^d, "
                   "(x_1/R)^2 ~ Beta(1/2, (d+1)/2), sign symmetry",
                   computed="; ".join(lines), margin=worst,
                   precision=f"family-wise false-failure <= {ALPHA:g} (Bonferroni over {n_tests}: DKW-Massart, CP)",
                   details=f"N={N} per case; (d, R) in {cases}; centers c = 0.1*(0..d-1)")


def _radial_cdf_factory(d: int, lam: float, sigma: float, R: float):
    """CDF of ||X - c|| for X ~ N(m, sigma^2 I) conditioned on ||X - c|| <= R, lam = ||m - c||^2/sigma^2."""
    dist = stats.chi2(d) if lam == 0 else stats.ncx2(d, lam)
    Z = dist.cdf(R * R / sigma ** 2)
    return (lambda s: np.clip(dist.cdf(np.minimum(s, R) ** 2 / sigma ** 2) / Z, 0.0, 1.0)), float(Z)


@check("core.samp.truncated_gaussian.law",
       spec=["core.samp.truncated_gaussian_law", "core.samp.truncated_gaussian_ball"])
def _truncated_gaussian_law(ctx):
    rng = ctx.rng
    cases = [  # (d, mean - center, sigma, R)
        (1, [0.0], 1.0, 0.5),
        (3, [1.0, 0.0, 0.0], 1.0, 1.0),
        (2, [2.0, 0.0], 1.0, 1.2),
        (20, [0.2] * 20, 0.25, 1.5),
    ]
    N = 2000
    n_tests = 2 * len(cases)
    a = bonferroni(ALPHA, n_tests)
    lines = []
    worst = np.inf
    for d, off, sigma, R in cases:
        c = np.full(d, -0.5)
        m = c + np.array(off)
        lam = float(np.sum(np.array(off) ** 2) / sigma ** 2)
        cdf, p_acc = _radial_cdf_factory(d, lam, sigma, R)
        xs = np.empty((N, d))
        att = np.empty(N, dtype=np.int64)
        for i in range(N):
            xs[i], att[i] = S.truncated_gaussian_ball(m, sigma, R, rng, center=c)
        r = np.linalg.norm(xs - c, axis=1)
        if np.any(r > R):
            return fail("output in the ball", f"d={d}: radius {r.max()}")
        ok1, D, t = _dkw_test(r, cdf, a)
        ok2, lo, hi = _cp_test(int((att == 1).sum()), N, p_acc, a)
        worst = min(worst, t - D)
        lines.append(f"d={d}, lam={lam:.2f}: KS {D:.4f} <= {t:.4f}; P(attempts=1)={p_acc:.4f} in CP [{lo:.4f},{hi:.4f}]; "
                     f"mean attempts {att.mean():.2f} (1/p_acc = {1/p_acc:.2f})")
        if not (ok1 and ok2):
            return fail("radial law = truncated noncentral chi; attempts ~ Geometric(p_acc)", "; ".join(lines))
    return Outcome(Verdict.STATISTICAL,
                   claimed="||x - c|| has CDF F(s) = G(s^2/sigma^2)/G(R^2/sigma^2), G the (noncentral) chi^2_d CDF "
                   "with lambda = ||m - c||^2/sigma^2; P(attempts = 1) = G(R^2/sigma^2)",
                   computed="; ".join(lines), margin=worst,
                   precision=f"family-wise false-failure <= {ALPHA:g} (Bonferroni over {n_tests}: DKW-Massart, CP)",
                   details=f"N={N} per case; cases (d, m-c, sigma, R) = {cases}; center c = -0.5*1")


# --------------------------------------------------------------------------------------------
# exact inverse CDF
# --------------------------------------------------------------------------------------------

def _normal_quantile(u):
    """sqrt(2) erfinv(2u - 1) evaluated with 80 extra digits (2u - 1 cancels for tiny u)."""
    with mpmath.workdps(mpmath.mp.dps + 80):
        return mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(u) - 1)


@check("core.samp.inverse_cdf.precision", spec=["core.samp.inverse_cdf_precision", "core.samp.inverse_cdf_sample"])
def _inverse_cdf_precision(ctx):
    dps = 50
    us = ["1e-30", "1e-5", "0.3", "0.5", "0.9999999999"]
    worst = mpmath.mpf(0)
    lines = []
    with mpmath.workdps(dps + 10):
        laws = {
            # name: (cdf, pdf, lo, hi, exact quantile)
            "normal": (lambda x: mpmath.ncdf(x), lambda x: mpmath.npdf(x), -15, 15, _normal_quantile),
            "exponential": (lambda x: -mpmath.expm1(-x), lambda x: mpmath.exp(-x), 0, 80,
                            lambda u: -mpmath.log1p(-u)),
            "beta(2,1)": (lambda x: x * x, lambda x: 2 * x, 0, 1, lambda u: mpmath.sqrt(u)),
        }
        for name, (cdf, pdf, lo, hi, q) in laws.items():
            for use_pdf in (True, False):
                for u in us:
                    x = S.inverse_cdf_sample(cdf, lo, hi, None, u=u, pdf=pdf if use_pdf else None, dps=dps)
                    err = abs(x - q(mpmath.mpf(u)))
                    tol = (mpmath.mpf(hi) - lo) * mpmath.mpf(10) ** (-dps) * 2
                    worst = max(worst, err / tol)
                    if err > tol:
                        return fail(f"|F^-1(u) - x| <= (hi-lo) 10^-{dps}",
                                    f"{name}, u={u}, pdf={use_pdf}: error {mpmath.nstr(err, 5)} > tol {mpmath.nstr(tol, 5)}")
            lines.append(name)
    return Outcome(Verdict.NUMERIC, claimed=f"inverse_cdf_sample solves F(x) = u to (hi-lo) 10^-{dps}",
                   computed=f"max error/tolerance = {mpmath.nstr(worst, 3)} over {len(us)} u's x 3 laws x (Newton, bisection)",
                   margin=float(1 - worst), precision=f"mpmath dps={dps}+10",
                   details=f"laws: {lines} against closed-form quantiles (erfinv, -log1p(-u), sqrt u); u in {us}")
