"""Prop 4 (superefficiency, copy of AD20 Prop 2.2) harness of catalog ST-27 [STAND-IN].

Family (ST-27): d = 1, X = [-D, D], F(x; c) = (H/2)(x - c)^2 with c in [-D, D].  Then f_S is H-strongly convex
(lambda = H), L = 2HD-Lipschitz on X, every dataset lies in S_lambda^L(F) (L359), and x_S* = mean(c) (L742).
Modulus of continuity (L742-745) with r = number of replaced points:
    omega_+(S, r) = (1/n) sum of the r largest (D - c_j)     (replace them by D)
    omega_-(S, r) = (1/n) sum of the r largest (c_j + D)     (replace them by -D)
    omega(S, r)   = max(omega_+, omega_-)                    (the sup is attained).
Mechanism [STAND-IN, not in the paper]: the inverse-sensitivity mechanism of AD20 on a fixed grid G of [-D, D],
    P(M(S) = t) ∝ w(t) exp(-eps len_S(t)/2),   len_S(t) = min{r : t in [x_S* - omega_-(S,r), x_S* + omega_+(S,r)]},
with a data-independent prior w (w = 1: plain; w = W at one anchor point: a superefficient mechanism).  len_S(t) is
the Hamming distance from S to the set of datasets with minimiser t, so it changes by <= 1 between neighbours and
the mechanism is eps-DP for every prior (checked exactly in the tests).

All data are rationals; everything combinatorial (x*, omega, len) is computed exactly in integers over a common
denominator; E|M(S) - x_S*| in float64 or mpmath (``dps``).  Spec: 001.prop4.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
from reference.core import validation as _V

__all__ = ["minimiser", "modulus", "sensitivity_len", "mechanism_pmf", "expected_error", "sample_mechanism",
           "hamming", "neighbourhood", "prop4_instance", "prop4_minimax_lp"]


def _as_fractions(c, name="c"):
    return _V.rationals(name, c, allow_empty=True)       # int, Fraction, finite float or decimal string


def _validate(c, D):
    D = _V.rational("D", D)
    if D <= 0:
        raise ValueError(f"D must be > 0, got {D}")
    c = _as_fractions(c)
    if len(c) == 0:
        raise ValueError("c (the dataset) must have n >= 1 points")
    if any(abs(v) > D for v in c):
        raise ValueError(f"every data point c_j must lie in [-D, D] = [{-D}, {D}]")
    return c, D


def minimiser(c, D=1) -> Fraction:
    """x_S* = argmin_{[-D,D]} (1/n) sum (H/2)(x - c_j)^2 = mean(c) (L742 with the ST-27 family)."""
    c, D = _validate(c, D)
    return sum(c) / len(c)


def modulus(c, r: int, D=1) -> tuple[Fraction, Fraction, Fraction]:
    """(omega_+, omega_-, omega)(S, r) of L742-745 for the quadratic family; r = allowed Hamming distance (floored)."""
    r = _V.integer("r", r)
    c, D = _validate(c, D)
    if r < 0:
        raise ValueError(f"r must be >= 0, got {r}")
    r = min(int(math.floor(r)), len(c))
    n = len(c)
    up = sorted((D - v for v in c), reverse=True)          # replace the r smallest c_j by +D
    dn = sorted((v + D for v in c), reverse=True)          # replace the r largest c_j by -D
    wp, wm = sum(up[:r], Fraction(0)) / n, sum(dn[:r], Fraction(0)) / n
    return wp, wm, max(wp, wm)


def _integer_units(c, grid, D):
    """Common denominator K: c_j = C_j/K, t = T/K, D = DK/K (all Python ints)."""
    den = math.lcm(*(v.denominator for v in list(c) + list(grid) + [D]))
    C = [int(v * den) for v in c]
    T = np.array([int(t * den) for t in grid], dtype=object)
    return C, T, int(D * den), den


def sensitivity_len(c, grid, D=1) -> np.ndarray:
    """len_S(t) for every grid point t (exact integers): the fewest replacements that make t the minimiser."""
    c, D = _validate(c, D)
    grid = _V.rationals("grid", grid)                    # non-empty
    if any(abs(t) > D for t in grid):
        raise ValueError(f"grid points must lie in X = [-D, D] = [{-D}, {D}]")
    n = len(c)
    C, T, DK, _ = _integer_units(c, grid, D)
    if max([abs(v) for v in C] + [DK]) * n > 2 ** 50:
        raise ValueError("common denominator of c, grid and D too large for exact int64 arithmetic")
    sC = sum(C)
    # n (t - x*) K = n T - sum C; compare with the cumulative sums of the n*omega_+/- increments (integers, exact)
    cum_up = np.cumsum([0] + sorted((DK - v for v in C), reverse=True)).astype(np.int64)
    cum_dn = np.cumsum([0] + sorted((v + DK for v in C), reverse=True)).astype(np.int64)
    m = n * T.astype(np.int64) - sC
    out = np.where(m >= 0, np.searchsorted(cum_up, np.abs(m), side="left"),
                   np.searchsorted(cum_dn, np.abs(m), side="left")).astype(np.int64)
    return out


def mechanism_pmf(c, grid, eps, D=1, prior=None, dps: int | None = None):
    """P(M(S) = t), t in grid, of the inverse-sensitivity stand-in: ∝ prior(t) exp(-eps len_S(t)/2).

    Preconditions: eps > 0 finite; prior (data-independent) >= 0 with a positive entry, same length as grid.
    Postcondition: an eps-DP mechanism on all datasets of the family (len is 1-Lipschitz in the Hamming metric).
    Returns float64 array (dps None) or a list of mpmath mpf (dps given)."""
    eps = _V.positive("eps", eps)
    dps = _V.optional(_V.integer, "dps", dps, 15, 10_000)
    lens = sensitivity_len(c, grid, D)
    if prior is None:
        prior = [1] * len(lens)
    if isinstance(prior, np.ndarray):
        _V.array("prior", prior, ndim=1)
    else:
        _V.rationals("prior", prior)
    if len(prior) != len(lens) or any(float(p) < 0 for p in prior) or not any(float(p) > 0 for p in prior):
        raise ValueError("prior must be a non-negative weight per grid point with a positive entry")
    if dps is None:
        logw = np.log(np.maximum(np.asarray(prior, dtype=float), 1e-300)) - float(eps) * lens / 2
        logw[np.asarray(prior, dtype=float) == 0] = -np.inf
        w = np.exp(logw - logw.max())
        return w / w.sum()
    with mpmath.workdps(dps):
        w = [mpmath.mpf(p) * mpmath.exp(-mpmath.mpf(eps) * int(l) / 2) for p, l in zip(prior, lens)]
        Z = mpmath.fsum(w)
        return [x / Z for x in w]


def expected_error(c, grid, eps, D=1, prior=None, dps: int | None = None):
    """E|M(S) - x_S*| exactly (finite sum over the grid; float64 or mpmath at ``dps``).

    Preconditions (validated in mechanism_pmf): eps > 0 finite; dps None or an integer in [15, 10000]; grid
    non-empty in [-D, D].
    """
    eps = _V.positive("eps", eps)
    dps = _V.optional(_V.integer, "dps", dps, 15, 10_000)
    p = mechanism_pmf(c, grid, eps, D, prior, dps)
    xs = minimiser(c, D)
    g = _as_fractions(grid, "grid")
    if dps is None:
        return float(np.dot(p, np.array([float(abs(t - xs)) for t in g])))
    with mpmath.workdps(dps):
        return mpmath.fsum(pi * mpmath.mpf(abs(t - xs).numerator) / abs(t - xs).denominator for pi, t in zip(p, g))


def sample_mechanism(c, grid, eps, rng: np.random.Generator | None, D=1, prior=None, size: int = 1, *, draws=None):
    """Draws of M(S) (oracle mode: ``draws`` = pre-drawn uniforms in [0,1), a non-empty 1-D array, one per output,
    inverse-CDF on the grid; ``size`` (>= 1) is used only with ``rng``)."""
    rng = _V.generator("rng", rng, allow_none=True)
    eps = _V.positive("eps", eps)
    size = _V.integer("size", size, lo=1)
    p = mechanism_pmf(c, grid, eps, D, prior)
    if draws is None:
        if rng is None:
            raise ValueError("rng is required when draws is not given (rng=None, draws=None)")
        u = rng.random(size)
    else:
        u = np.asarray(_V.array("draws", draws, ndim=1), dtype=float)
        if not np.all((u >= 0) & (u < 1)):
            raise ValueError(f"draws must be uniforms in [0, 1) (one per output; size is then len(draws)), got "
                             f"values in [{u.min()}, {u.max()}]")
    idx = np.minimum(np.searchsorted(np.cumsum(p), u, side="right"), len(p) - 1)
    return np.array([float(Fraction(grid[i])) for i in idx])


_LEN_CACHE: dict = {}
_MOD_CACHE: dict = {}


def _lens_dists(key: tuple, grid: tuple, gid: int, D: Fraction):
    """Cached (len_S(t), |t - x_S*|) over the grid for a dataset given as a sorted tuple (harness speed-up)."""
    ck = (gid, D, key)
    if ck not in _LEN_CACHE:
        if len(_LEN_CACHE) > 200000:
            _LEN_CACHE.clear()
        xs = sum(key) / len(key)
        _LEN_CACHE[ck] = (sensitivity_len(list(key), list(grid), D), np.array([float(abs(t - xs)) for t in grid]))
    return _LEN_CACHE[ck]


def _fast_error(key: tuple, grid: tuple, gid: int, D: Fraction, eps, prior) -> float:
    """float64 E|M(S) - x_S*| from the cached lens (same formula as mechanism_pmf / expected_error)."""
    lens, dist = _lens_dists(key, grid, gid, D)
    pr = np.asarray(prior, dtype=float)
    with np.errstate(divide="ignore"):
        logw = np.where(pr > 0, np.log(np.where(pr > 0, pr, 1.0)), -np.inf) - float(eps) * lens / 2
    w = np.exp(logw - logw.max())
    return float(np.dot(w, dist) / w.sum())


def hamming(c, c2) -> int:
    """Replace-one Hamming distance between datasets as multisets: n - |multiset intersection|."""
    c, c2 = _V.rationals("c", c), _V.rationals("c2", c2)
    if len(c) != len(c2):
        raise ValueError("datasets must have the same size n (replace-one neighbours)")
    from collections import Counter
    a, b = Counter(Fraction(v) for v in c), Counter(Fraction(v) for v in c2)
    return len(c) - sum((a & b).values())


def neighbourhood(c, radius: int, values) -> dict[tuple, int]:
    """All S' obtained from S by replacing <= radius points with values from ``values`` (deduplicated as sorted
    tuples of Fractions), mapped to their exact Hamming distance d_ham(S, S')."""
    radius = _V.integer("radius", radius, lo=0)
    from collections import Counter
    c = _V.rationals("c", c)
    values = sorted(set(_V.rationals("values", values)))
    den = math.lcm(*(v.denominator for v in c + values))
    ci = sorted(int(v * den) for v in c)
    vi = [int(v * den) for v in values]
    base = Counter(ci)
    n = len(ci)
    out: dict[tuple, int] = {}
    for r in range(0, min(radius, n) + 1):
        removed = {tuple(ci[j] for j in idx) for idx in itertools.combinations(range(n), r)}
        for rem in removed:
            kept = base - Counter(rem)
            for add in itertools.combinations_with_replacement(vi, r):
                new = kept + Counter(add)
                key = tuple(sorted(new.elements()))
                if key not in out:
                    out[key] = n - sum((base & new).values())
    return {tuple(Fraction(v, den) for v in key): dist for key, dist in out.items()}


def prop4_instance(c, eps, D=1, grid=None, prior=None, values=None, dps: int = 30) -> dict:
    """Evaluate Prop 4 (L746-750, l = identity) for one dataset S and one eps-DP mechanism, over every admissible gamma.

    Steps:
      1. E_S = E|M(S) - x_S*| and omega(S; 1/eps) (L745-748);  gamma_min = 2 E_S/omega(S; 1/eps)  (hypothesis).
      2. If gamma_min > 1/(2e) the hypothesis fails for every gamma: return admissible = False.
      3. Every gamma in [gamma_min, 1/(2e)] gives radius k = log(1/2gamma)/(2 eps) (L748); d_ham <= k means
         h = floor(k) replacements, so the conclusions are indexed by h in [floor(1/(2eps)), floor(k(gamma_min))].
      4. For each h: over the enumerated S' with d_ham(S,S') <= h, the best witness for
            reading "S":  E|M(S') - x_S'*| >= omega(S; h)/16      and
            reading "S'": E|M(S') - x_S'*| >= omega(S'; h)/16     (the printed one, L750).
    With a finite sample space Omega = values (containing S's points and +-D, so the modulus sup is attained), the
    enumeration covers every S' in Omega^n with d_ham <= h: the check is exhaustive on that finite instance.
    Returns per-h rows with ratio_S = max_S' E'/omega(S;h) and ratio_Sp = max_S' E'/omega(S';h) (>= 1/16 = holds).

    Preconditions (ValueError naming the parameter): D > 0, every c_j in [-D, D], eps > 0 finite, grid in [-D, D],
    prior a non-negative weight per grid point with a positive entry (data-independent, so M is eps-DP).
    Postcondition: Prop 4 holds on this instance iff every row has ratio_S >= 1/16 (modulus at S) /
    ratio_Sp >= 1/16 (printed reading).  Spec: 001.prop4.
    """
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    eps = _V.in_range("eps", eps, 0.0, 700.0, lo_open=True)     # e^{2 h eps} and gamma stay finite floats
    values = _V.optional(_V.rationals, "values", values, allow_empty=True)
    c, D = _validate(c, D)
    if grid is None:
        grid = [Fraction(i, 20) * D for i in range(-20, 21)]
    mechanism_pmf(c, grid, eps, D, prior)                               # validates eps, grid, prior
    if values is None:
        values = [-D, D, Fraction(0)]
    values = sorted(set(Fraction(v) for v in values) | set(c) | {-D, D})   # Omega: finite, contains S and +-D
    n = len(c)
    gt = tuple(Fraction(t) for t in grid)
    gid = hash(gt)
    pr = [1.0] * len(gt) if prior is None else list(prior)
    # Step 1: E_S = E|M(S) - x_S*| (exact finite sum) and omega(S; 1/eps) with d_ham <= 1/eps -> floor(1/eps) (L745)
    E_S = _fast_error(tuple(sorted(c)), gt, gid, D, eps, pr)
    r1 = int(math.floor(1 / float(eps) + 1e-12))
    om1 = modulus(c, r1, D)[2]
    if E_S > 0 and om1 > 0:               # mpmath only where floor(k(gamma_min)) could be ambiguous in float64
        k_ = math.log(float(om1) / (4 * E_S)) / (2 * float(eps))
        if abs(k_ - round(k_)) < 1e-6:
            E_S = expected_error(c, grid, eps, D, prior, dps=dps)
    # Step 2: the smallest gamma meeting the hypothesis E_S <= gamma omega(S;1/eps)/2 (L748); admissible iff <= 1/(2e)
    with mpmath.workdps(dps):
        gmax = 1 / (2 * mpmath.e)
        if om1 > 0:
            gmin = 2 * mpmath.mpf(E_S) * om1.denominator / om1.numerator
        else:
            gmin = mpmath.mpf(0) if E_S == 0 else mpmath.inf
        row = dict(n=n, eps=float(eps), E_S=float(E_S), omega_1eps=om1, gamma_min=float(gmin), rows=[])
        if gmin > gmax:
            row["admissible"] = False
            return row
        # Step 3: radii k = log(1/2gamma)/(2eps) for gamma in [gamma_min, 1/(2e)] -> h = floor(k) in [h_lo, h_hi]
        h_lo = int(mpmath.floor(mpmath.log(1 / (2 * gmax)) / (2 * mpmath.mpf(eps))))
        h_hi = n if gmin == 0 else int(mpmath.floor(mpmath.log(1 / (2 * gmin)) / (2 * mpmath.mpf(eps))))
    h_hi = min(h_hi, n)
    h_lo = min(h_lo, h_hi)
    # Step 4: every S' in Omega^n with d_ham(S, S') <= h_hi, and E|M(S') - x_S'*| for each (L749-750)
    nb = neighbourhood(c, h_hi, values)
    errs = {key: _fast_error(key, gt, gid, D, eps, pr) for key in nb}

    def om(key, h):
        if (key, h, D) not in _MOD_CACHE:
            if len(_MOD_CACHE) > 200000:
                _MOD_CACHE.clear()
            _MOD_CACHE[(key, h, D)] = modulus(list(key), h, D)[2]
        return _MOD_CACHE[(key, h, D)]

    # Step 5: per radius h, the best witness under each reading
    for h in range(h_lo, h_hi + 1):
        omS = modulus(c, h, D)[2]
        cand = [key for key, dist in nb.items() if dist <= h]
        best_S = max(cand, key=lambda k_: errs[k_])
        rS = errs[best_S] / float(omS) if omS > 0 else math.inf
        rSp_list = [(errs[k_] / float(om(k_, h)) if om(k_, h) > 0 else math.inf, k_) for k_ in cand]
        rSp, best_Sp = max(rSp_list, key=lambda z: z[0])
        row["rows"].append(dict(h=h, omega_S=omS, ratio_S=rS, witness_S=best_S, ratio_Sp=rSp, witness_Sp=best_Sp,
                                n_candidates=len(cand)))
    row["admissible"] = True
    return row


def prop4_minimax_lp(c, eps, h: int, values, D=1, reading: str = "S") -> dict:
    """Exact worst case of Prop 4 over ALL eps-DP mechanisms on the finite class Omega^n (a linear program).

    Class: every dataset of n points from the finite sample space Omega = values (with S's points and +-D added);
    all of them lie in S_lambda^L(F) for the ST-27 family.  Reductions (both exact):
      * symmetric mechanisms (depending on the multiset) suffice: averaging over permutations keeps eps-DP and the
        (permutation-invariant) objective and constraints;
      * outputs in P = {x_S'* : S' in Omega^n} cup {-D, D} suffice: between consecutive points of P every
        |t - x_S'*| is affine in t, so splitting t's mass onto its two neighbours in P (a data-independent
        post-processing, hence still eps-DP) preserves every E|M(S') - x_S'*|.
    LP (scipy HiGHS):  minimise z  over p[s, j] >= 0, sum_j p[s, j] = 1,
        p[s, j] <= e^eps p[s', j]                         for neighbouring multisets s, s' (eps-DP, L68-74),
        E_S <= gamma_h omega(S; floor(1/eps))/2,           gamma_h = min(1/(2e), e^{-2 h eps}/2) (the largest gamma with
                                                           floor(log(1/2gamma)/(2eps)) = h: the loosest hypothesis),
        E_s' <= z * omega_ref(s')  for every s' with d_ham(S, s') <= h,
    with omega_ref = omega(S; h) (reading "S") or omega(s'; h) (reading "S'", printed).  Prop 4 holds at this
    (S, eps, h) for every mechanism iff the optimum z* >= 1/16.  Distances enter the LP in units of D (scale
    invariance), so any admissible D gives the same z.  Preconditions (validated): 0 < eps <= 700 (e^eps finite);
    the points of Omega (c, values, +-D) at mutual gaps >= 1e-9 D (float LP resolution);
    h integer in [0, n]; c, values in [-D, D]; reading in {"S", "S'"}.  Spec: 001.prop4.
    """
    eps = _V.in_range("eps", eps, 0.0, 700.0, lo_open=True)     # e^eps must be a finite float (DP constraints)
    h = _V.integer("h", h)
    values = _V.rationals("values", values, allow_empty=True)
    _V.choice("reading", reading, ("S", "S'"))
    from collections import Counter

    import scipy.optimize as so
    import scipy.sparse as sps

    if reading not in ("S", "S'"):
        raise ValueError(f"reading must be 'S' or \"S'\", got {reading!r}")
    c, D = _validate(c, D)
    if not (0 < float(eps) < math.inf):
        raise ValueError(f"eps must be a finite number > 0, got {eps!r}")
    n = len(c)
    if not (0 <= h <= n):
        raise ValueError(f"h must be in [0, n] = [0, {n}], got {h}")
    omega_vals = sorted(set(Fraction(v) for v in values) | set(c) | {-D, D})
    if any(abs(v) > D for v in omega_vals):
        raise ValueError(f"values must lie in [-D, D] = [{-D}, {D}]")
    gaps = [b_ - a_ for a_, b_ in zip(omega_vals, omega_vals[1:])]
    if min(gaps) < D * Fraction(1, 10 ** 9):          # the float64 LP cannot resolve the sample space
        raise ValueError(f"D = {float(D):.3g} is too large for the points of c and values (closest gap "
                         f"{float(min(gaps)):.3g}): the float LP needs gaps >= 1e-9 D")
    # datasets (multisets) of the class, their minimisers and the output set P
    sets = [tuple(m) for m in itertools.combinations_with_replacement(omega_vals, n)]
    idx = {s: i for i, s in enumerate(sets)}
    xs = [sum(s) / n for s in sets]
    P = sorted(set(xs) | {-D, D})
    N, J = len(sets), len(P)
    nv = N * J + 1                                                     # p[s, j] then z
    S0 = tuple(sorted(c))
    dist = {s: n - sum((Counter(S0) & Counter(s)).values()) for s in sets}
    rows, cols, vals, rhs = [], [], [], []
    r = 0
    ee = math.exp(float(eps))
    for s in sets:                                                     # eps-DP between neighbouring multisets
        cs = Counter(s)
        for s2 in sets:
            if s2 == s or n - sum((cs & Counter(s2)).values()) != 1:
                continue
            a, b = idx[s], idx[s2]
            for j in range(J):
                rows += [r, r]; cols += [a * J + j, b * J + j]; vals += [1.0, -ee]; rhs.append(0.0); r += 1
    iS = idx[S0]
    r1 = int(math.floor(1 / float(eps) + 1e-12))
    # every distance in units of D: the LP is invariant under x -> x/D (z is a ratio), so any admissible D works
    om1 = float(modulus(c, r1, D)[2] / D)
    gamma_h = min(1 / (2 * math.e), math.exp(-2 * h * float(eps)) / 2)
    for j in range(J):                                                 # hypothesis of Prop 4 (L748)
        rows.append(r); cols.append(iS * J + j); vals.append(float(abs(P[j] - xs[iS]) / D))
    rhs.append(gamma_h * om1 / 2); r += 1
    omS_exact = modulus(c, h, D)[2]
    omS = float(omS_exact / D)
    n_cand = 0
    for s in sets:                                                     # conclusion, every S' within h
        if dist[s] > h:
            continue
        ref = omS if reading == "S" else float(modulus(list(s), h, D)[2] / D)
        if ref == 0:
            continue
        n_cand += 1
        i = idx[s]
        for j in range(J):
            rows.append(r); cols.append(i * J + j); vals.append(float(abs(P[j] - xs[i]) / D))
        rows.append(r); cols.append(nv - 1); vals.append(-ref); rhs.append(0.0); r += 1
    A_ub = sps.csr_matrix((vals, (rows, cols)), shape=(r, nv))
    A_eq = sps.csr_matrix((np.ones(N * J), (np.repeat(np.arange(N), J), np.arange(N * J))), shape=(N, nv))
    cost = np.zeros(nv); cost[-1] = 1.0
    res = so.linprog(cost, A_ub=A_ub, b_ub=np.array(rhs), A_eq=A_eq, b_eq=np.ones(N),
                     bounds=[(0, None)] * nv, method="highs")
    return dict(status=res.status, feasible=res.status == 0, z=float(res.fun) if res.status == 0 else math.nan,
                gamma_h=gamma_h, omega_S_h=float(omS_exact), n_datasets=N, n_outputs=J, n_candidates=n_cand,
                dp_constraints=r, reading=reading)
