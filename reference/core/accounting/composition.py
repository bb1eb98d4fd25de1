"""(eps, delta)-DP bookkeeping: composition, group privacy, amplification by subsampling, TV transfer.

* ``compose_basic``: (sum eps_i, sum delta_i) (Dwork & Roth 2014, Thm 3.16).
* ``compose_advanced``: k-fold (eps, delta) => (sqrt(2k log(1/delta')) eps + k eps (e^eps - 1), k delta + delta')
  (Dwork, Rothblum & Vadhan 2010, Thm III.3; Dwork & Roth 2014, Thm 3.20).
* ``compose_optimal_homogeneous`` / ``_delta``: the exact k-fold composition of (eps, delta)-DP
  (Kairouz, Oh & Viswanath 2015/2017, Thm 3.3).
* ``group_privacy``: (eps, delta) => groups of k: (k eps, delta sum_{i<k} e^{i eps}) (Dwork & Roth 2014, Thm 2.2
  gives the weaker k e^{(k-1) eps} delta).
* ``amplify_poisson`` (Balle, Barthe & Gaboardi 2018, Thm 8; Li, Qardaji & Su 2012),
  ``amplify_without_replacement`` (Balle, Barthe & Gaboardi 2018, Thm 9, substitution neighbours).
* ``tv_to_dp``: if A is (eps, delta)-DP and A' is within TV eta of A on every input, A' is
  (eps, delta + (1 + e^eps) eta)-DP (same argument as 000 Cor 1, L522-540).
* ``parallel_compose``: mechanisms on disjoint parts of the data: (max eps_i, max delta_i) (McSherry 2009).
"""
from __future__ import annotations

import math

import mpmath

from reference.core import validation as V

from ._common import (float_up, check_dps, check_int, check_nonneg, check_prob_open, check_real,
                      check_sequence, to_mpf)

__all__ = ["compose_basic", "compose_advanced", "compose_optimal_homogeneous", "compose_optimal_homogeneous_delta",
           "group_privacy", "amplify_poisson", "amplify_without_replacement", "tv_to_dp", "parallel_compose"]


def _check_pairs(name, pairs):
    pairs = check_sequence(name, pairs)
    out = []
    for i, p in enumerate(pairs):
        try:
            e, d = p
        except (TypeError, ValueError):
            raise ValueError(f"{name}[{i}] must be a pair (epsilon, delta), got {p!r}") from None
        out.append((check_nonneg(f"{name}[{i}].epsilon", e),
                    check_real(f"{name}[{i}].delta", d, lo=0, hi=1)))
    return out


def compose_basic(pairs, *, dps=None) -> tuple[float, float]:
    """Basic composition: (eps_i, delta_i)-DP mechanisms (adaptively) compose to (sum eps_i, sum delta_i)-DP.

    Preconditions: ``pairs`` a non-empty sequence of (epsilon in [0, inf), delta in [0, 1]).
    Postcondition: (sum eps_i, min(1, sum delta_i)), sums rounded once (mpmath fsum).
    Spec: core.acct.compose_basic
    """
    pairs = _check_pairs("pairs", pairs)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        e = mpmath.fsum(to_mpf(p[0]) for p in pairs)
        d = mpmath.fsum(to_mpf(p[1]) for p in pairs)
        return float_up(e), float_up(min(d, mpmath.mpf(1)))


def parallel_compose(pairs) -> tuple[float, float]:
    """Parallel composition: mechanisms applied to disjoint parts of the data set (each record in at most one
    part) are jointly (max eps_i, max delta_i)-DP.

    Preconditions: as compose_basic.
    Spec: core.acct.parallel_compose
    """
    pairs = _check_pairs("pairs", pairs)
    return float(max(p[0] for p in pairs)), float(max(p[1] for p in pairs))


def compose_advanced(epsilon, delta, k, delta_prime, *, dps=None) -> tuple[float, float]:
    """Advanced composition (Dwork, Rothblum & Vadhan 2010, Thm III.3).

    Preconditions: ``epsilon`` in [0, inf); ``delta`` in [0, 1]; ``k`` an integer >= 1; ``delta_prime`` in (0, 1).
    Postcondition: the k-fold adaptive composition of (eps, delta)-DP mechanisms is (eps', k delta + delta')-DP,
        eps' = sqrt(2 k log(1/delta')) eps + k eps (e^eps - 1). Returns (eps', min(1, k delta + delta')).
    Spec: core.acct.compose_advanced
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1)
    k = check_int("k", k, lo=1)
    delta_prime = check_prob_open("delta_prime", delta_prime)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        e = to_mpf(epsilon)
        ep = mpmath.sqrt(2 * k * mpmath.log(1 / to_mpf(delta_prime))) * e + k * e * mpmath.expm1(e)
        dt = min(k * to_mpf(delta) + to_mpf(delta_prime), mpmath.mpf(1))
        return V.finite_result("eps' (advanced composition)", float_up(ep), epsilon=epsilon, k=k), float_up(dt)


def _kov_logw_mp(e, k):
    """log of the binomial weights C(k,l) e^{(k-l)eps} / (1+e^eps)^k, l = 0..k (the law of l ~ Bin(k, 1/(1+e^eps)))
    at the current mpmath precision; weights below e^{-(prec + 40) ln 2} of the largest are dropped (their total
    is below 2^-prec relative, i.e. below the working precision)."""
    lse = k * (mpmath.log1p(mpmath.exp(-e)) + e)           # k log(1 + e^eps), overflow-free
    logw, C = [], 1                                         # C = binomial(k, l), exact integer recurrence
    for l in range(k + 1):
        logw.append(mpmath.log(C) + (k - l) * e - lse)
        C = C * (k - l) // (l + 1)
    cut = max(logw) - (mpmath.mp.prec + 40 + int(math.log2(k + 1))) * mpmath.log(2)
    return [(l, w) for l, w in enumerate(logw) if w >= cut]


def _kov_delta_mp(e, d, k, eg, logw=None):
    """1 - (1-delta)^k (1 - sum_l C(k,l) [e^{(k-l)eps} - e^{eps_g} e^{l eps}]_+ / (1+e^eps)^k) (KOV Thm 3.3),
    with the bracket written e^{(k-l)eps} (1 - e^{eps_g - (k-2l) eps}) and log-weights (no overflow)."""
    if logw is None:
        logw = _kov_logw_mp(e, k)
    s = mpmath.fsum(mpmath.exp(w) * -mpmath.expm1(eg - (k - 2 * l) * e) for l, w in logw if (k - 2 * l) * e > eg)
    return -mpmath.expm1(k * mpmath.log1p(-d) + mpmath.log1p(-s)) if s < 1 else mpmath.mpf(1)


def _kov_delta_float(e: float, d: float, k: int, logw_l, logw_w, eg: float) -> float:
    import numpy as np
    m = (k - 2 * logw_l) * e > eg
    s = float(np.sum(np.exp(logw_w[m]) * -np.expm1(eg - (k - 2 * logw_l[m]) * e)))
    return -math.expm1(k * math.log1p(-d) + math.log1p(-s)) if s < 1 else 1.0


def compose_optimal_homogeneous_delta(epsilon, delta, k, epsilon_total, *, dps=None) -> float:
    """The exact smallest delta_g such that every k-fold adaptive composition of (eps, delta)-DP mechanisms is
    (eps_g, delta_g)-DP (Kairouz, Oh & Viswanath 2017, Thm 3.3).

    Preconditions: ``epsilon`` in [0, inf); ``delta`` in [0, 1]; ``k`` an integer in [1, 10^5];
        ``epsilon_total`` in [0, inf).
    Steps: delta_g = 1 - (1-delta)^k (1 - sum_{l=0}^k C(k,l) [e^{(k-l)eps} - e^{eps_g + l eps}]_+ / (1+e^eps)^k):
        the hockey-stick divergence of the k-fold product of the dominating pair
        P~ = (delta, (1-delta) e^eps/(1+e^eps), (1-delta)/(1+e^eps), 0), Q~ = its mirror image.
    Postcondition: float delta_g (mpmath at ``dps`` digits).
    Spec: core.acct.compose_optimal_homogeneous
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1)
    k = check_int("k", k, lo=1, hi=10 ** 5)
    epsilon_total = check_nonneg("epsilon_total", epsilon_total)
    dps = check_dps(dps)
    with mpmath.workdps(dps + 10):
        e = to_mpf(epsilon)
        if e == 0:   # all weights equal C(k,l)/2^k and every bracket vanishes for eps_g >= 0
            return float_up(-mpmath.expm1(k * mpmath.log1p(-to_mpf(delta))))
        return float_up(_kov_delta_mp(e, to_mpf(delta), k, to_mpf(epsilon_total)))


def compose_optimal_homogeneous(epsilon, delta, k, delta_total, *, dps=None, rel_tol: float = 1e-12) -> float:
    """The smallest eps_g such that every k-fold adaptive composition of (eps, delta)-DP mechanisms is
    (eps_g, delta_total)-DP (Kairouz, Oh & Viswanath 2017, Thm 3.3), by bisection on eps_g.

    Preconditions: as compose_optimal_homogeneous_delta, with ``delta_total`` in [1 - (1-delta)^k, 1)
        (below 1 - (1-delta)^k no eps_g works: ValueError).
    Postcondition: returns eps_hi with delta_g(eps_hi) <= delta_total (at mpmath ``dps`` digits), and
        delta_g(eps_hi - rel_tol max(1, eps_hi)) > delta_total unless eps_hi = 0.
    Spec: core.acct.compose_optimal_homogeneous
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1, hi_open=True)
    k = check_int("k", k, lo=1, hi=10 ** 5)
    delta_total = check_real("delta_total", delta_total, lo=0, hi=1, hi_open=True)
    dps = check_dps(dps)
    rel_tol = check_real("rel_tol", rel_tol, lo=1e-15, hi=1e-2)
    with mpmath.workdps(dps + 10):
        e, d, dt = to_mpf(epsilon), to_mpf(delta), to_mpf(delta_total)
        floor_ = 1 - mpmath.power(1 - d, k)
        if dt < floor_:
            raise ValueError(f"delta_total must be >= 1 - (1 - delta)^k = {float(floor_):.6g} "
                             f"for k={k}, delta={delta!r}; got {delta_total!r}")
        logw = _kov_logw_mp(e, k)
        f = lambda eg: _kov_delta_mp(e, d, k, eg, logw)  # noqa: E731
        if f(mpmath.mpf(0)) <= dt:
            return 0.0
        # float bisection on the pruned weights (fast), then certify/fix the end point at mpmath precision
        import numpy as np
        ll = np.array([l for l, _ in logw], dtype=float)
        ww = np.array([float(w) for _, w in logw])
        ef, df, dtf = float(e), float(d), float(dt)
        lo, hi = 0.0, float(k * e)          # delta_g(k eps) = 1 - (1-delta)^k <= delta_total
        while hi - lo > rel_tol * max(hi, 1.0):
            mid = 0.5 * (lo + hi)
            if mid <= lo or mid >= hi:
                break
            if _kov_delta_float(ef, df, k, ll, ww, mid) <= dtf:
                hi = mid
            else:
                lo = mid
        step = rel_tol * max(hi, 1.0)
        for _ in range(200):                # make the returned eps_g valid at full precision (bounded)
            if not f(to_mpf(hi)) > dt:
                return hi
            hi += step
            step *= 2
        raise ArithmeticError(f"compose_optimal_homogeneous: no valid eps_g found within 200 doublings above "
                              f"{hi!r} (epsilon={epsilon!r}, k={k}, delta_total={delta_total!r})")


def group_privacy(epsilon, delta, k, *, dps=None) -> tuple[float, float]:
    """Group privacy: an (eps, delta)-DP mechanism is (k eps, delta sum_{i=0}^{k-1} e^{i eps})-DP for data sets
    differing in k records (chain D_0, ..., D_k of neighbours; Dwork & Roth 2014, Thm 2.2 states the weaker
    k e^{(k-1) eps} delta).

    Preconditions: ``epsilon`` in [0, inf); ``delta`` in [0, 1]; ``k`` an integer >= 1.
    Postcondition: (k eps, min(1, delta (e^{k eps} - 1)/(e^eps - 1))) (= k delta at eps = 0).
    Spec: core.acct.group_privacy
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1)
    k = check_int("k", k, lo=1)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        e, d = to_mpf(epsilon), to_mpf(delta)
        geo = k if e == 0 else mpmath.expm1(k * e) / mpmath.expm1(e)
        return (V.finite_result("k epsilon", float_up(k * e), epsilon=epsilon, k=k),
                float_up(min(d * geo, mpmath.mpf(1))))


def amplify_poisson(epsilon, delta, q, *, dps=None) -> tuple[float, float]:
    """Amplification by Poisson subsampling (each record kept independently with probability q), add/remove
    neighbours: (eps, delta) => (log(1 + q (e^eps - 1)), q delta) (Balle, Barthe & Gaboardi 2018, Thm 8).

    Preconditions: ``epsilon`` in [0, inf); ``delta`` in [0, 1]; ``q`` in (0, 1].
    Spec: core.acct.amplify_poisson
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1)
    q = check_real("q", q, lo=0, hi=1, lo_open=True)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        qq = to_mpf(q)
        return float_up(mpmath.log1p(qq * mpmath.expm1(to_mpf(epsilon)))), float_up(qq * to_mpf(delta))


def amplify_without_replacement(epsilon, delta, m, n, *, dps=None) -> tuple[float, float]:
    """Amplification by sampling m of n records without replacement, substitution neighbours:
    (eps, delta) => (log(1 + (m/n)(e^eps - 1)), (m/n) delta) (Balle, Barthe & Gaboardi 2018, Thm 9).

    Preconditions: ``epsilon`` in [0, inf); ``delta`` in [0, 1]; integers 1 <= m <= n.
    Spec: core.acct.amplify_without_replacement
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1)
    n = check_int("n", n, lo=1)
    m = check_int("m", m, lo=1, hi=n)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        g = mpmath.mpf(m) / n
        return float_up(mpmath.log1p(g * mpmath.expm1(to_mpf(epsilon)))), float_up(g * to_mpf(delta))


def tv_to_dp(epsilon, delta, eta, *, dps=None) -> tuple[float, float]:
    """TV transfer: if A is (eps, delta)-DP and D_TV(A(D), A'(D)) <= eta for every D, then A' is
    (eps, delta + (1 + e^eps) eta)-DP.

    Preconditions: ``epsilon`` in [0, inf); ``delta``, ``eta`` in [0, 1].
    Proof: A'(D)(S) <= A(D)(S) + eta <= e^eps A(D')(S) + delta + eta <= e^eps (A'(D')(S) + eta) + delta + eta.
    Postcondition: (eps, min(1, delta + (1 + e^eps) eta)).
    Spec: core.acct.tv_to_dp
    """
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1)
    eta = check_real("eta", eta, lo=0, hi=1)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        e = to_mpf(epsilon)
        return float_up(e), float_up(min(to_mpf(delta) + (1 + mpmath.exp(e)) * to_mpf(eta), mpmath.mpf(1)))
