"""Lower-bound machinery of doc 004: rho-CDP Fano (Thm 1.4), eps-DP Fano [ASZ21 Thm 2], Gilbert-Varshamov
constant-weight packings, the point-mass packing C2, and explicit (non-asymptotic) lower-bound values for concrete
(n, d, k, rho) / (n, d, k, eps).

Explicit values use only what the constructions guarantee: |V| >= 2^{d/8} (ln M = (d/8) ln 2), separation
r = ||mu_nu - mu_nu'|| >= (1/2) p^{(k-1)/k} sqrt(d/2) (L862), TV = p, and loss ||.||_2 (a metric, so Thm 1.4's proof
applies).  The free mixing weight p is optimised numerically (the paper's literal p makes Fano vacuous, audit U20).
"""
from __future__ import annotations

import math
from fractions import Fraction
from math import comb

import numpy as np

from reference.core import validation
from reference.core.randomness import Source
from scipy import optimize
from reference.core import validation as _V

__all__ = ["cdp_fano_rhs", "eps_dp_fano_rhs", "eps_dp_fano_mi_rhs", "gv_bound", "greedy_constant_weight_code",
           "sample_packing", "packing_mean", "packing_central_moment", "gaussian_abs_moment", "lb_mean_cdp_at",
           "lb_mean_cdp", "lb_mean_pure_at", "lb_mean_pure", "lb_strongly_convex", "lb_convex",
           "PURE_C0", "CDP_C1", "CDP_RHO_OVER_D_MAX", "explicit_p", "explicit_constant", "packing_distribution"]

LN2 = math.log(2.0)


# ------------------------------------------------------------------------------------------------
# Fano inequalities
# ------------------------------------------------------------------------------------------------

def cdp_fano_rhs(r: float, M: int, n: int, rho: float, alpha: float, kl: float | None = None, *,
                 kl_is_per_sample: bool = True) -> float:
    """Thm 1.4 (L73-75): (r/2) max{1 - (beta + ln2)/ln M, 1 - (rho(n^2 alpha^2 + n alpha(1-alpha)) + ln 2)/ln M}.

    Preconditions (validated): M >= 2; alpha in [0, 1]; r, rho >= 0, n >= 1; kl >= 0 or None; kl_is_per_sample a bool.
    Steps: the second (private) term; the first with ``kl``: n*beta if ``kl_is_per_sample`` (the corrected reading,
    audit U25b) else beta as printed; ``kl=None`` drops the first term.
    Postcondition: a lower bound on the average loss of every rho-CDP estimator for a METRIC loss (audit U25) with
    the corrected first term (004.thm1_4 is an erratum as printed).
    Randomness: none.
    Spec: 004.thm1_4
    """
    r = _V.nonnegative("r", r)
    M = _V.integer("M", M)
    n = _V.integer("n", n, lo=1)
    rho = _V.nonnegative("rho", rho)
    alpha = _V.probability("alpha", alpha)
    kl = _V.optional(_V.nonnegative, "kl", kl)
    kl_is_per_sample = _V.flag("kl_is_per_sample", kl_is_per_sample)
    if M < 2:
        raise ValueError(f"M must be >= 2, got {M}")
    lnM = math.log(M)
    t2 = 1.0 - (rho * (n * n * alpha * alpha + n * alpha * (1 - alpha)) + LN2) / lnM
    terms = [t2]
    if kl is not None:
        b = n * kl if kl_is_per_sample else kl
        terms.append(1.0 - (b + LN2) / lnM)
    return _V.finite_result("the Fano bound", 0.5 * r * max(terms), rho=rho, n=n, alpha=alpha, kl=kl)


def eps_dp_fano_rhs(r: float, M: int, n: int, eps: float, tv: float, kl: float | None = None) -> float:
    """eps-DP Fano [ASZ21, Thm 2] as used at L862: max{(r/2)(1 - (n KL + ln2)/ln M), 0.4 r min(1, M/e^{10 eps n tv})}.

    NOTE: the constants (0.4, 10) are quoted from ASZ21 from memory and CANNOT be verified from our sources: the
    seed cites "Theorem 2 in [ASZ21]" (L862, L931) without stating it.  Use :func:`eps_dp_fano_mi_rhs` (derived from
    the seed's B.10 argument) for any value we claim."""
    r = _V.nonnegative("r", r)
    M = _V.integer("M", M)
    n = _V.integer("n", n, lo=1)
    eps = _V.nonnegative("eps", eps)
    tv = _V.probability("tv", tv)
    kl = _V.optional(_V.nonnegative, "kl", kl)
    if M < 2:
        raise ValueError(f"M must be >= 2, got {M}")
    t = [0.4 * r * min(1.0, math.exp(min(0.0, math.log(M) - 10.0 * eps * n * tv)))]
    if kl is not None:
        t.append(0.5 * r * (1.0 - (n * kl + LN2) / math.log(M)))
    return max(t)


def eps_dp_fano_mi_rhs(r: float, M: int, n: int, eps: float, tv: float) -> float:
    """eps-DP Fano derived from the seed's own proof of Thm 1.4 (B.10, L967-1005) with pure-DP group privacy:
    (r/2) (1 - (eps n tv + ln 2)/ln M).

    Derivation (every step from sources we hold): an eps-DP p_hat has density ratio <= e^{eps d_Ham(x,x')} (group
    privacy), so d_KL(p_hat(x), p_hat(x')) <= eps d_Ham(x, x') (in place of rho d_Ham^2, L989); under the optimal
    coupling d_Ham ~ Bin(n, tv), so I(X; p_hat(X)) <= eps n tv (in place of rho(n^2 tv^2 + n tv(1-tv)), L995);
    Fano (L1001) and the triangle inequality (L1005, metric loss) finish as in B.10.  This replaces the eps-DP Fano
    of [ASZ21, Thm 2] that L862/L931 cite without stating it (see :func:`eps_dp_fano_rhs`).  Spec: 004.lemma6_3"""
    r = _V.nonnegative("r", r)
    M = _V.integer("M", M)
    n = _V.integer("n", n, lo=1)
    eps = _V.nonnegative("eps", eps)
    tv = _V.probability("tv", tv)
    if M < 2:
        raise ValueError(f"M must be >= 2, got {M}")
    if not 0 <= tv <= 1:
        raise ValueError(f"tv must be in [0,1], got {tv}")
    return _V.finite_result("the eps-DP Fano bound", 0.5 * r * (1.0 - (eps * n * tv + LN2) / math.log(M)), eps=eps, n=n, tv=tv)


# ------------------------------------------------------------------------------------------------
# Packings
# ------------------------------------------------------------------------------------------------

def gv_bound(d: int) -> Fraction:
    """Gilbert-Varshamov size bound for weight-d/2 codes with distance >= d/8 (C2, L840-846).

    Preconditions (validated): d an even integer >= 2.
    Steps: C(d, d/2) / sum_{16 i < d} C(d/2, i)^2 (exact rational: the number of weight-d/2 words over the size of a
    Hamming ball of radius < d/8 within that weight class).
    Postcondition: a code of at least this size exists (greedy argument); >= 2^{d/8} for d = 8..512 (004.lb.gv_exact).
    Randomness: none.
    Spec: 004.c2_packing
    """
    d = _V.integer("d", d, lo=1)
    if d < 2 or d % 2:
        raise ValueError(f"d must be an even integer >= 2, got {d}")
    w = d // 2
    ball = sum(comb(w, i) ** 2 for i in range(0, w + 1) if 16 * i < d)   # 2i < d/8  <=>  16 i < d
    return Fraction(comb(d, w), ball)


def greedy_constant_weight_code(d: int, min_dist: int, rng: np.random.Generator, size: int, max_tries: int = 200000) -> np.ndarray:
    """Random greedy weight-d/2 code in {0,1}^d with pairwise Hamming distance >= min_dist (stops at ``size``).

    Preconditions: d even >= 2, min_dist >= 0, size >= 1, ``rng`` a numpy Generator.
    Steps: draw a uniform weight-d/2 word; keep it if its distance to every kept word is >= min_dist; repeat up to
    ``max_tries`` times or until ``size`` words are kept.
    Postcondition: every returned word has weight d/2 and pairwise distance >= min_dist; the size may be < ``size``
    (callers check it).
    Randomness: ``rng`` only.  No pre-drawn form: the number of candidate words drawn is data-dependent (greedy
    rejection, up to ``max_tries``); this builds a test instance (an explicit packing for C2), it is not an algorithm
    of the paper, and its output is checked for the stated properties (weight, distance, size) wherever it is used.
    Spec: 004.c2_packing
    """
    rng = _V.generator("rng", rng)
    d = _V.integer("d", d, lo=1)
    min_dist = _V.integer("min_dist", min_dist)
    size = _V.integer("size", size)
    max_tries = _V.integer("max_tries", max_tries)
    w = d // 2
    code = []
    for _ in range(max_tries):
        v = np.zeros(d, dtype=np.int8)
        v[rng.choice(d, w, replace=False)] = 1
        if all(int(np.sum(v != c)) >= min_dist for c in code):
            code.append(v)
            if len(code) >= size:
                break
    return np.array(code)


def sample_packing(nu, p: float, k: float, n: int, rng: np.random.Generator | None, *, draws=None) -> np.ndarray:
    """n samples of Q_nu = (1-p) delta_0 + p delta_{p^{-1/k} nu} (construction C2, L836-838).

    Preconditions (validated): p in (0, 1], k > 0, n integer >= 1, nu a finite vector.
    Steps: sample i is p^{-1/k} nu if u_i < p, else 0.
    Postcondition: the rows are i.i.d. Q_nu; mean p^{(k-1)/k} nu (L850).
    Randomness: ``rng``, or pre-drawn uniform draws ``draws`` of shape (n,) (stream "hit"), bit-identical
    (``rng=None`` when ``draws`` is given).
    Spec: 004.c2_packing
    """
    p = _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    nu = validation.vector("nu", nu)
    rng = _V.generator("rng", rng, allow_none=True)
    if not 0 < p <= 1:
        raise ValueError(f"p must be in (0,1], got {p}")
    validation.positive("k", k)
    n = validation.positive_int("n", n)
    hit = Source(rng, draws, single="hit").uniform("hit", (n,)) < p
    return hit[:, None] * (p ** (-1.0 / k) * nu)[None, :]


def packing_mean(nu, p: float, k: float) -> np.ndarray:
    """mu_nu = p^{(k-1)/k} nu (L850); nu a finite 1-D vector, p in (0, 1], k >= 1."""
    nu = _V.vector("nu", nu)
    p = _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    k = _V.in_range("k", k, 1.0)
    return p ** ((k - 1.0) / k) * nu


def packing_central_moment(p: float, k: float) -> float:
    """Exact E|x_j - mu_j|^k for a support coordinate of Q_nu: (1-p)[(1-p)^{k-1} + p^{k-1}] (<= 1; L854)."""
    p = _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    k = _V.in_range("k", k, 1.0)
    return (1 - p) * ((1 - p) ** (k - 1) + p ** (k - 1))


def gaussian_abs_moment(k: float) -> float:
    """E|N(0,1)|^k = 2^{k/2} Gamma((k+1)/2)/sqrt(pi) (audit U22).

    Preconditions: k > -1.  Steps: the closed form.  Postcondition: exact (> 1 for k > 2, so N(mu, I) violates the
    k-th moment bound 1 of construction C4).  Randomness: none.
    Spec: 004.c4_gaussian_packing
    """
    k = _V.in_range("k", k, 1.0)
    try:
        lv = 0.5 * k * LN2 + math.lgamma((k + 1) / 2) - 0.5 * math.log(math.pi)     # in logs
    except OverflowError:
        lv = math.inf
    return _V.finite_result("E|N(0,1)|^k", math.exp(lv) if lv < 709.0 else math.inf, k=k)


# ------------------------------------------------------------------------------------------------
# Explicit lower-bound values
# ------------------------------------------------------------------------------------------------

def _sep(p, d, k):
    return 0.5 * p ** ((k - 1.0) / k) * math.sqrt(d / 2.0)


def lb_mean_cdp_at(p: float, n: int, d: int, k: float, rho: float, lnM: float | None = None) -> float:
    """Explicit rho-CDP lower bound on the average E||A(X) - mu_nu||_2 over C2 at mixing weight p."""
    p = _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    k = _V.in_range("k", k, 1.0)
    rho = _V.positive("rho", rho)
    lnM = d / 8.0 * LN2 if lnM is None else _V.positive("lnM", lnM)
    r = _sep(p, d, k)
    return 0.5 * r * (1.0 - (rho * (n * n * p * p + n * p * (1 - p)) + LN2) / lnM)


def lb_mean_cdp(n: int, d: int, k: float, rho: float, lnM: float | None = None) -> tuple[float, float]:
    """max_p lb_mean_cdp_at (p in (0,1]) -> (value, p*)."""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    k = _V.in_range("k", k, 1.0)
    rho = _V.positive("rho", rho)
    lnM = _V.optional(_V.positive, "lnM", lnM)
    f = lambda lp: -lb_mean_cdp_at(math.exp(lp), n, d, k, rho, lnM)  # noqa: E731
    res = optimize.minimize_scalar(f, bounds=(math.log(1e-12), 0.0), method="bounded", options={"xatol": 1e-10})
    grid = np.linspace(math.log(1e-12), 0.0, 400)
    vals = [f(g) for g in grid]
    best = min([(res.fun, res.x)] + list(zip(vals, grid)))
    return max(0.0, -best[0]), math.exp(best[1])


def lb_mean_pure_at(p: float, n: int, d: int, k: float, eps: float, lnM: float | None = None, *,
                    method: str = "mi") -> float:
    """Explicit eps-DP lower bound on the average E||A(X) - mu_nu||_2 over C2 at mixing weight p.

    method "mi" (default): :func:`eps_dp_fano_mi_rhs`, derived from sources we hold.  method "asz21": the form
    0.4 r min(1, M e^{-10 eps n p}) of [ASZ21 Thm 2] with constants quoted from memory -- NOT verifiable from our
    sources (the seed cites the theorem at L862/L931 without stating it); kept only for comparison."""
    _V.choice("method", method, ('asz21', 'mi'))
    p = _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    k = _V.in_range("k", k, 1.0)
    eps = _V.nonnegative("eps", eps)
    lnM = d / 8.0 * LN2 if lnM is None else _V.positive("lnM", lnM)
    r = _sep(p, d, k)
    if method == "mi":
        return _V.finite_result("the eps-DP Fano bound", 0.5 * r * (1.0 - (eps * n * p + LN2) / lnM), eps=eps, n=n, p=p)
    if method == "asz21":
        return 0.4 * r * min(1.0, math.exp(min(0.0, lnM - 10.0 * eps * n * p)))
    raise ValueError(f"method must be 'mi' or 'asz21', got {method!r}")


def lb_mean_pure(n: int, d: int, k: float, eps: float, lnM: float | None = None, *,
                 method: str = "mi") -> tuple[float, float]:
    """max_p lb_mean_pure_at (p in (0,1], log grid) -> (value, p*)."""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    k = _V.in_range("k", k, 1.0)
    eps = _V.nonnegative("eps", eps)
    lnM = _V.optional(_V.positive, "lnM", lnM)
    _V.choice("method", method, ("asz21", "mi"))
    f = lambda lp: -lb_mean_pure_at(math.exp(lp), n, d, k, eps, lnM, method=method)  # noqa: E731
    grid = np.linspace(math.log(1e-12), 0.0, 2000)
    vals = [f(g) for g in grid]
    i = int(np.argmin(vals))
    return max(0.0, -vals[i]), math.exp(grid[i])


def lb_strongly_convex(n: int, d: int, k: float, rho: float) -> float:
    """Thm 6.1 via Lemma 6.2 + Jensen: E excess = E 1/2||w - mu||^2 >= 1/2 (E||w - mu||)^2 >= 1/2 LB_mean^2."""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    k = _V.in_range("k", k, 1.0)
    rho = _V.positive("rho", rho)
    v, _ = lb_mean_cdp(n, d, k, rho)
    return 0.5 * v * v


def lb_convex(n: int, d: int, k: float, rho: float) -> float:
    """Thm 6.4 private term, explicit: instance C3 (l = -<w,x> on the unit ball, w_nu = mu_nu/||mu||).

    Preconditions: n, d >= 1 (d a multiple of 8 for the GV packing), k >= 2, rho > 0.
    Steps: E excess >= (||mu||/2) avg E||w - w_nu||^2 (eq. (14)); metric route: avg E||w - w_nu|| >= (r1/2) p_e with
    r1 = 1/2 and the rho-CDP Fano p_e >= 1 - (rho(n^2 p^2 + n p(1-p)) + ln 2)/ln M, ln M = (d/8) ln 2; then
    E||.||^2 >= (E||.||)^2; maximised over p on a 2000-point log grid in [1e-12, 1].
    Postcondition: a valid explicit lower bound for the C3 instance given the corrected Thm 1.4 (metric loss); the
    instance is outside Assumption 2.12 (audit U24).
    Randomness: none.
    Spec: 004.thm6_4
    """
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    k = _V.in_range("k", k, 1.0)
    rho = _V.positive("rho", rho)
    def val(lp):
        p = math.exp(lp)
        lnM = d / 8.0 * LN2
        pe = 1.0 - (rho * (n * n * p * p + n * p * (1 - p)) + LN2) / lnM
        if pe <= 0:
            return 0.0
        mu = p ** ((k - 1.0) / k) * math.sqrt(d / 2.0)
        return 0.5 * mu * (0.25 * pe) ** 2
    grid = np.linspace(math.log(1e-12), 0.0, 2000)
    return max(val(g) for g in grid)


# ------------------------------------------------------------------------------------------------
# Explicit Omega(.) constants (the seed states none; derived here, proved by 004.lb.explicit_constants)
# ------------------------------------------------------------------------------------------------

PURE_C0 = LN2 / 32.0                  # eps-DP:  p = min(1, c0 d/(eps n))
CDP_C1 = math.sqrt(LN2 / 64.0)        # rho-CDP: p = min(1, c1 sqrt d/(sqrt rho n)), on rho <= (ln 2/64) d
CDP_RHO_OVER_D_MAX = LN2 / 64.0


def explicit_p(n: int, d: int, privacy: str, budget: float) -> float:
    """The explicit mixing weight of the packing C2 for which the Fano bound is >= half its maximum (d >= 32).

    Preconditions (validated): n, d integers >= 1; privacy in {"pure", "cdp"}; budget = eps > 0 (pure) or rho > 0.
    Steps: pure: p = min(1, c0 d/(eps n)), c0 = ln2/32; cdp: p = min(1, c1 sqrt d/(sqrt rho n)), c1 = sqrt(ln2/64).
    Postcondition: with ln M = (d/8) ln 2 and d >= 32 (and rho <= (ln2/64) d for cdp), the Fano error probability
    is >= 1/2 (004.lb.explicit_constants, sympy).  Randomness: none.
    Spec: 004.lemma6_3
    """
    n = _V.positive_int("n", n)
    d = _V.positive_int("d", d)
    _V.choice("privacy", privacy, ("pure", "cdp"))
    budget = _V.positive("budget", budget)
    if privacy == "pure":
        return min(1.0, PURE_C0 * d / (budget * n))
    return min(1.0, CDP_C1 * math.sqrt(d) / (math.sqrt(budget) * n))


def explicit_constant(k: float, privacy: str, which: str = "mean") -> float:
    """c(k) with LB >= c(k) * rate, derived from the Fano bounds at :func:`explicit_p` (d >= 32).

    Preconditions (validated): k >= 1; privacy in {"pure", "cdp"}; which in {"mean", "strongly_convex", "convex"}.
    Steps (c = c0 or c1, g = (k-1)/k): mean (Lemma 6.3): avg E||A - mu_nu|| >= (r/2) p_e >= (1/2)(1/2) (1/2) p^g
    sqrt(d/2) >= c^g/(8 sqrt 2) sqrt d min(1, v)^g, v = d/(eps n) or sqrt d/(sqrt rho n); strongly_convex
    (Thm 6.1 via Lemma 6.2 + Jensen): (1/2) c_mean^2 d min(1, v)^{2g}; convex (Thm 6.4, C3, metric route with
    separation 1/2 of the minimisers, then Jensen): ||mu||/2 (p_e/4)^2 >= c^g/(128 sqrt 2) sqrt d min(1, v)^g.
    Postcondition: the constant of the explicit bound (proved in 004.lb.explicit_constants).  Randomness: none.
    Spec: 004.lemma6_3
    """
    k = _V.in_range("k", k, 1.0)
    _V.choice("privacy", privacy, ("pure", "cdp"))
    _V.choice("which", which, ("mean", "strongly_convex", "convex"))
    g = (k - 1.0) / k
    c = (PURE_C0 if privacy == "pure" else CDP_C1) ** g
    if which == "mean":
        return c / (8.0 * math.sqrt(2.0))
    if which == "strongly_convex":
        return 0.5 * (c / (8.0 * math.sqrt(2.0))) ** 2
    return c / (128.0 * math.sqrt(2.0))


def packing_distribution(nu, p: float, k: float) -> tuple[np.ndarray, np.ndarray]:
    """The law Q_nu of construction C2 as explicit atoms and weights: the null point 0 with mass 1 - p and
    p^{-1/k} nu with mass p (L836-838).

    Preconditions (validated): nu a finite 0/1 vector; p in (0, 1]; k >= 1.
    Steps: atoms = [0, p^{-1/k} nu], weights = [1 - p, p].
    Postcondition: mean p^{(k-1)/k} nu; coordinate central k-th moment (1-p)[(1-p)^{k-1} + p^{k-1}] <= 1 on the
    support of nu, 0 off it (004.lb.packing_in_class).  Randomness: none.
    Spec: 004.c2_packing
    """
    nu = _V.vector("nu", nu)
    if not np.all((nu == 0) | (nu == 1)):
        raise ValueError(f"nu must be a 0/1 vector, got {nu!r}")
    p = _V.in_range("p", p, 0.0, 1.0, lo_open=True)
    k = _V.in_range("k", k, 1.0)
    atoms = np.vstack([np.zeros_like(nu, dtype=float), p ** (-1.0 / k) * nu.astype(float)])
    return atoms, np.array([1.0 - p, p])
