"""Privacy accounting of thesis 003 Ch.1 (META_DP / Private AC-SA; Sec 1.6, l.938-977).

* :func:`thesis_sigma`          sigma = c2 G B sqrt(T log(1/delta))/(eps N)       (Thm 1.3.1, l.522)
* :func:`bdrs18_preconditions`  the preconditions of Thm 1.6.3 ([BDRS18])          (l.956)
* :func:`tcdp_epsilon`          A1.10: per-step (13 q^2 rho, log(1/q)/(4 rho))-tCDP, T-fold composition
                                (Lemma 1.6.2), RDP -> (eps, delta) conversion (exact minimisation over the order)
* :func:`tcdp_sigma`            the smallest sigma with tcdp_epsilon <= eps (bisection)
* :func:`rdp_epsilon_exact`     the same chain with the exact RDP of the Poisson-subsampled Gaussian from
                                ``reference.core.accounting`` (cross-check; size-B sampling without replacement is
                                dominated by it only heuristically -- reported, not used as a proof)
* :func:`canary_sum_delta`      an exact LOWER bound on delta(eps) of META_DP: the hockey-stick divergence of the
                                post-processed statistic sum_t <e_1, B G_t> on the canary pair (Sec 4 P1 (b))

Spec: 003_ch01.alg10, 003_ch01.priv.P1
"""
from __future__ import annotations

import math

import mpmath

from reference.core.accounting import rdp_subsampled_gaussian, rdp_to_dp
from reference.core.validation import choice, in_range, integer, positive
from reference.core import validation as _V

__all__ = ["thesis_sigma", "bdrs18_preconditions", "tcdp_epsilon", "tcdp_sigma", "rdp_epsilon_exact",
           "canary_sum_delta"]


def _pos(name, x):
    return positive(name, x)                      # reference.core.validation (finite, > 0, no bools)


def _prob(name, x):
    return in_range(name, x, 0.0, 1.0, lo_open=True, hi_open=True)


def _int(name, k, lo=1):
    return integer(name, k, lo=lo)


def thesis_sigma(G, B, T, N, epsilon, delta, c2=1.0) -> float:
    """sigma = c2 G B sqrt(T log(1/delta))/(epsilon N)   (Thm 1.3.1, 003 L522; Alg 4 line 2, L616).

    Preconditions: G, epsilon, c2 > 0; B, T, N integers >= 1; delta in (0, 1).
    Spec: 003_ch01.alg2
    """
    G, epsilon, c2 = _pos("G", G), _pos("epsilon", epsilon), _pos("c2", c2)
    B, T, N = _int("B", B), _int("T", T), _int("N", N)
    delta = _prob("delta", delta)
    return _V.finite_result("sigma", c2 * G * B * math.sqrt(T * math.log(1 / delta)) / (epsilon * N), c2=c2, G=G,
                            epsilon=epsilon)


def bdrs18_preconditions(q, rho) -> dict:
    """The preconditions of Thm 1.6.3 (003 L956; s there is q): returns {name: bool} and 'all'.

    q, rho in (0, 0.1]; log(1/q) >= 3 rho (2 + log2(1/rho)); log(1/q)/(2 rho) >= 3 (omega' = inf for Gaussian).

    Preconditions (validated): q in (0, 1], rho > 0.
    Steps: evaluate the four conditions.
    Postcondition: {condition: bool, 'all': all of them}; Thm 1.6.3 applies iff 'all'.
    Spec: 003_ch01.alg10
    """
    q, rho = _prob("q", q), _pos("rho", rho)
    out = {
        "q<=0.1": q <= 0.1,
        "rho<=0.1": rho <= 0.1,
        "log(1/q)>=3rho(2+log2(1/rho))": math.log(1 / q) >= 3 * rho * (2 + math.log2(1 / rho)),
        "log(1/q)/(2rho)>=3": math.log(1 / q) / (2 * rho) >= 3,
    }
    out["all"] = all(out.values())
    return out


def tcdp_epsilon(N, B, T, sigma, delta, sensitivity=1.0, order_cap="bdrs18", require_preconditions=True):
    """A1.10: (eps, delta) of META_DP from the tCDP chain of Sec 1.6 (003 L938-977).

    Steps: 1. q = B/N, rho = Delta^2/(2 sigma^2) (Fact 1.6.4, L964);
    2. [BDRS18] preconditions (Thm 1.6.3, L956) -- ValueError when violated and ``require_preconditions``;
    3. per step (13 q^2 rho, omega)-tCDP, omega = log(1/q)/(4 rho) (``order_cap="bdrs18"``, Thm 1.6.3) or
       omega = 1/rho (``"thesis"``, the proof's L970);
    4. T-fold composition (Lemma 1.6.2): rho_T = 13 T q^2 rho;
    5. eps = min_{1 < alpha < omega} rho_T alpha + log(1/delta)/(alpha - 1)  (RDP -> DP, [Mir17] Prop 3);
       the minimiser is alpha* = 1 + sqrt(log(1/delta)/rho_T) (eps = rho_T + 2 sqrt(rho_T log(1/delta))) when
       alpha* < omega, else the infimum at alpha -> omega.
    Postcondition: returns (eps, alpha_used, rho_T); META_DP is (eps, delta)-DP under the cited results.
    Spec: 003_ch01.alg10

    Preconditions (validated): N, B, T integers >= 1 with B <= N; sigma, sensitivity > 0; delta in (0, 1);
        order_cap in {"bdrs18", "thesis"}.
    """
    _V.choice("order_cap", order_cap, ('bdrs18', 'thesis'))
    N, B, T = _int("N", N), _int("B", B), _int("T", T)
    if B > N:
        raise ValueError(f"B must be <= N, got B={B}, N={N}")
    sigma, sens = _pos("sigma", sigma), _pos("sensitivity", sensitivity)
    delta = _prob("delta", delta)
    require_preconditions = _V.flag("require_preconditions", require_preconditions)
    q = B / N                                                       # step 1
    rho = _V.finite_result("rho = sensitivity^2 / (2 sigma^2)", 0.5 * (sens / sigma) * (sens / sigma),
                           sensitivity=sensitivity, sigma=sigma)
    if not rho > 0:
        raise ValueError(f"rho = sensitivity^2 / (2 sigma^2) underflows to 0 at sensitivity={sensitivity!r}, sigma={sigma!r}")
    if require_preconditions and not bdrs18_preconditions(q, rho)["all"]:   # step 2
        raise ValueError(f"BDRS18 preconditions violated (q={q:.4g}, rho={rho:.4g}): {bdrs18_preconditions(q, rho)}")
    if order_cap == "bdrs18":                                       # step 3
        omega = math.log(1 / q) / (4 * rho)
    elif order_cap == "thesis":
        omega = 1 / rho
    else:
        raise ValueError(f"order_cap must be 'bdrs18' or 'thesis', got {order_cap!r}")
    rho_T = 13 * T * q * q * rho                                    # step 4
    L = math.log(1 / delta)
    a_star = 1 + math.sqrt(L / rho_T)                               # step 5
    alpha = a_star if a_star < omega else omega
    if alpha <= 1:
        return math.inf, alpha, rho_T
    return rho_T * alpha + L / (alpha - 1), alpha, rho_T


def tcdp_sigma(N, B, T, epsilon, delta, sensitivity=1.0, order_cap="bdrs18", rel_tol=1e-10) -> float:
    """Smallest sigma with tcdp_epsilon(...) <= epsilon (bisection; eps is decreasing in sigma).

    Preconditions (validated): N, B, T integers >= 1, B <= N; epsilon, sensitivity > 0 finite; delta in (0, 1);
    order_cap in {'bdrs18', 'thesis'}; rel_tol in (0, 1).  The bracket doubling stops at sigma = 1e12 sensitivity
    and the bisection after 200 halvings (a ValueError / RuntimeError, never a hang).
    Spec: 003_ch01.alg10
    """
    N, B, T = _int("N", N), _int("B", B), _int("T", T)
    if B > N:
        raise ValueError(f"B must be <= N, got B={B}, N={N}")
    epsilon = _pos("epsilon", epsilon)
    delta = _prob("delta", delta)
    sensitivity = _pos("sensitivity", sensitivity)
    order_cap = choice("order_cap", order_cap, ("bdrs18", "thesis"))
    rel_tol = in_range("rel_tol", rel_tol, 0.0, 1.0, lo_open=True, hi_open=True)

    def ok(s):
        try:
            return tcdp_epsilon(N, B, T, s, delta, sensitivity, order_cap)[0] <= epsilon
        except ValueError:
            return False
    lo, hi = 1e-6 * sensitivity, 1.0 * sensitivity
    while not ok(hi):
        hi *= 2
        if hi > 1e12 * sensitivity or not math.isfinite(2 * hi):
            raise ValueError(f"no sigma <= min(1e12 * sensitivity, float max) meets the target epsilon={epsilon!r} "
                             f"(sensitivity={sensitivity!r}, delta={delta!r})")
    for _ in range(200):
        if hi - lo <= rel_tol * hi:
            return hi
        mid = 0.5 * (lo + hi)
        lo, hi = (lo, mid) if ok(mid) else (mid, hi)
    raise RuntimeError(f"tcdp_sigma: bisection did not reach rel_tol={rel_tol!r} in 200 halvings")


def rdp_epsilon_exact(N, B, T, sigma, delta, sensitivity=1.0, orders=tuple(range(2, 129))) -> float:
    """Cross-check: exact RDP of the Poisson-subsampled Gaussian (q = B/N, noise multiplier sigma/Delta) composed
    T times and converted with the improved RDP->DP bound (reference.core.accounting).  Heuristic for size-B
    sampling without replacement (not a proof); used to show how loose the 13 q^2 rho bound is.
    """
    delta = _V.probability("delta", delta)
    N, B, T = _int("N", N), _int("B", B), _int("T", T)
    q = B / N
    z = _pos("sigma", sigma) / _pos("sensitivity", sensitivity)
    rdps = [T * float(rdp_subsampled_gaussian(a, q, z)) for a in orders]
    return float(rdp_to_dp(list(orders), rdps, delta))


def canary_sum_delta(N, B, T, sigma, epsilon, sensitivity=1.0, dps=30) -> float:
    """Exact LOWER bound on the delta(epsilon) of META_DP (any sub-procedure), by post-processing.

    Canary pair (catalog P1 (b)): N-1 points with f = 0 and a canary with f(w, x_c) = Delta <e_1, w> (convex,
    Delta-Lipschitz, gradient Delta e_1); neighbour: canary replaced by f = 0 (replace-one).  The statistic
    Z = sum_t <e_1, B G_t> has law P = Delta K + N(0, T sigma^2), K ~ Bin(T, q), q = B/N (the canary is in the fresh
    uniform size-B subset S_t with probability q, independently over t) versus Q = N(0, T sigma^2).
    Returns max(HS_eps(P||Q), HS_eps(Q||P)) computed with mpmath (dps digits): a valid lower bound on delta(eps).
    Exact evaluation: the likelihood ratio p/q(z) = sum_k w_k exp((Delta k z - Delta^2 k^2/2)/s^2) is increasing in z,
    so the optimal sets are half-lines {z > z1} (p vs q) and {z < z2} (q vs p), z1, z2 the roots of
    log(p/q) = +-eps (bisection to full precision); then HS = sum_k w_k Phibar((z1 - Delta k)/s) - e^eps Phibar(z1/s)
    and symmetrically.
    Spec: 003_ch01.priv.P1
    """
    N, B, T = _int("N", N), _int("B", B), _int("T", T)
    if B > N:
        raise ValueError(f"B must be <= N, got B={B}, N={N}")
    sigma, sens = _pos("sigma", sigma), _pos("sensitivity", sensitivity)
    epsilon = in_range("epsilon", epsilon, 0.0)
    dps = integer("dps", dps, lo=10, hi=10_000)
    with mpmath.workdps(dps):
        q = mpmath.mpf(B) / N
        s = mpmath.sqrt(T) * mpmath.mpf(sigma)
        D = mpmath.mpf(sens)
        w = [mpmath.binomial(T, k) * q ** k * (1 - q) ** (T - k) for k in range(T + 1)]

        def log_lr(z):  # log p(z)/q(z), increasing in z
            return mpmath.log(mpmath.fsum(w[k] * mpmath.exp((D * k * z - D * D * k * k / 2) / s ** 2)
                                          for k in range(T + 1)))

        def root(target):
            # log_lr increases from log w_0 = T log(1 - q) (z -> -inf) to +inf (z -> +inf); the caller only asks
            # for a target above that infimum, so both doublings end (bounded anyway: 4 dps + 64 doublings).
            lo, hi = -mpmath.mpf(1), mpmath.mpf(1)
            beyond = (f"canary_sum_delta: the root of log p/q = {mpmath.nstr(target, 5)} is not bracketed within the "
                      f"search range at epsilon={epsilon!r}, sigma={sigma!r}, sensitivity={sensitivity!r}, T={T}")
            for _ in range(4 * dps + 64):
                if log_lr(lo) <= target:
                    break
                lo *= 2
            else:
                raise ValueError(beyond)
            for _ in range(4 * dps + 64):
                if log_lr(hi) >= target:
                    break
                hi *= 2
            else:
                raise ValueError(beyond)
            for _ in range(dps * 4):
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if log_lr(mid) < target else (lo, mid)
            return (lo + hi) / 2
        ee = mpmath.exp(epsilon)
        sf = lambda x: mpmath.ncdf(-x)
        z1 = root(mpmath.mpf(epsilon))
        d1 = mpmath.fsum(w[k] * sf((z1 - D * k) / s) for k in range(T + 1)) - ee * sf(z1 / s)
        # HS_eps(Q||P): p/q >= w_0 = (1 - q)^T everywhere, so when T log(1 - q) >= -eps, q <= e^eps p pointwise and
        # the divergence is exactly 0 (no root of log p/q = -eps exists: the old bracket search never returned).
        log_w0 = T * mpmath.log(1 - q) if q < 1 else -mpmath.inf
        if log_w0 >= -mpmath.mpf(epsilon):
            d2 = mpmath.mpf(0)
        else:
            z2 = root(-mpmath.mpf(epsilon))
            d2 = mpmath.ncdf(z2 / s) - ee * mpmath.fsum(w[k] * mpmath.ncdf((z2 - D * k) / s) for k in range(T + 1))
        return float(max(d1, d2, 0))
