"""P5: the data-independent (D_i, L_i) schedules of Alg. 2 (001 L229-231) and Alg. 6 (L620-626), and the
paper's sample-size constants (Thm 2, L239/L243; Thm 8, L634-638).  Spec: 001.P5.

Everything here is deterministic and exact (floats of closed forms); mpmath versions are used by the checks
when n is astronomically large.
"""
from __future__ import annotations

import math
import numbers

import mpmath
import numpy as np

import reference.core.validation as V

__all__ = ["rate_term", "alg2_schedule", "alg2_q", "c_kappa", "alg6_schedule", "thm2_m", "thm2_explicit_bound",
           "thm2_sample_complexity"]


def rate_term(m: int, T: int, beta: float, d: int, epsilon: float, delta: float, alg: str = "alg2") -> float:
    """r_m = max{ sqrt(log(T/beta)) log^{3/2} m / sqrt m , A log(T/beta) log m/(m eps) }  (L229, L620, L623).

    A = d for delta = 0; for delta > 0, A = min(d, sqrt(d log(1/delta))) in Alg. 2 (L229) and
    sqrt(d log(1/delta)) in Alg. 6 (L623) (AUD-8).
    Preconditions (validated): m integer >= 2; T, d integers >= 1; 0 < beta < 1; epsilon > 0 (``epsilon=inf``: no
    privacy term); 0 <= delta < 1; alg in {"alg2", "alg6"}.
    """
    V.choice("alg", alg, ('alg2', 'alg6'))
    m = V.integer("m", m, lo=2)
    T = V.integer("T", T, lo=1)
    beta = V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    d = V.integer("d", d, lo=1)
    epsilon = V.positive("epsilon", epsilon, allow_inf=True)
    delta = V.probability("delta", delta, allow_one=False)
    if delta == 0:
        A = d
    else:
        A = math.sqrt(d * math.log(1 / delta))
        if alg == "alg2":
            A = min(d, A)
    lTb = math.log(T / beta)
    return max(math.sqrt(lTb) * math.log(m) ** 1.5 / math.sqrt(m), A * lTb * math.log(m) / (m * epsilon))


def _schedule_args(*, D1, L, H, lam, epsilon, c, T, m, d, beta, delta) -> tuple:
    """Validate and convert the common arguments of the Alg. 2 / Alg. 6 schedules (error names the parameter).

    Returns (D1, L, H, lam, epsilon, c, T, m, d, beta, delta) as floats / ints.
    """
    D1, L, H, lam, epsilon, c = (V.positive(name, v) for name, v in
                                 (("D1", D1), ("L", L), ("H", H), ("lam", lam), ("epsilon", epsilon), ("c", c)))
    T, m, d = (V.positive_int(name, v) for name, v in (("T", T), ("m", m), ("d", d)))
    beta = V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    delta = V.in_range("delta", delta, 0.0, 1.0, hi_open=True)
    return D1, L, H, lam, epsilon, c, T, m, d, beta, delta


def alg2_schedule(D1: float, L: float, H: float, lam: float, T: int, m: int, beta: float, d: int, epsilon: float,
                  delta: float = 0.0, c: float = 256.0) -> tuple[list[float], list[float]]:
    """(D_1..D_{T+1}, L_1..L_{T+1}) of Alg. 2 (L229-231).

    Preconditions (validated): D1, L, H, lam, epsilon, c > 0; T, m, d integers >= 1; 0 < beta < 1; 0 <= delta < 1.
    Steps: L_1 = L, D_1 = Diam X; for i = 1..T: D_{i+1} = c (L_i/lambda) r_m, L_{i+1} = H D_{i+1}, with
      r_m = max{sqrt(log(T/beta)) log^{3/2} m/sqrt m, min(d, sqrt(d log(1/delta))) log(T/beta) log m/(m eps)}.
    Postcondition: the printed recursion; for i >= 2, D_{i+1} = q D_i with q = c H r_m/lambda (contraction iff q < 1).
    Randomness: none (deterministic).
    Spec: 001.P5.
    """
    D1, L, H, lam, epsilon, c, T, m, d, beta, delta = _schedule_args(
        D1=D1, L=L, H=H, lam=lam, epsilon=epsilon, c=c, T=T, m=m, d=d, beta=beta, delta=delta)
    r = rate_term(m, T, beta, d, epsilon, delta, "alg2")
    D, Ls = [float(D1)], [float(L)]
    for _ in range(T):
        D.append(c * (Ls[-1] / lam) * r)
        Ls.append(H * D[-1])
    V.finite_result("the schedule (D_i, L_i)", D + Ls, D1=D1, L=L, H=H, lam=lam, c=c)
    return D, Ls


def alg2_q(H: float, lam: float, T: int, m: int, beta: float, d: int, epsilon: float, delta: float = 0.0,
           c: float = 256.0) -> float:
    """Per-epoch contraction factor q = c H r_m/lambda of Alg. 2 (contracts iff q < 1; AUD-40).

    Preconditions (validated): H, lam, c > 0 finite; T, m, d integers >= 1 (m >= 2); 0 < beta < 1; epsilon > 0
    (``epsilon=inf``: no privacy term); 0 <= delta < 1.  ValueError if q leaves the float range.
    """
    H, lam, c = (V.positive(name, v) for name, v in (("H", H), ("lam", lam), ("c", c)))
    epsilon = V.positive("epsilon", epsilon, allow_inf=True)
    r = rate_term(m, T, beta, d, epsilon, delta, "alg2")
    return V.finite_result("q = c H r_m/lambda", c * H * r / lam, c=c, H=H, lam=lam)


def c_kappa(kappa: float, C_kappa: float = 2.0 ** 12) -> float:
    """c_kappa = 2 (C_kappa kappa)^{1/kappa} (Lemma C.1, L564; Remark L630)."""
    kappa = V.positive("kappa", kappa)          # kappa >= 1 in the paper; > 0 keeps the formula defined
    C_kappa = V.positive("C_kappa", C_kappa)
    # log space: (C kappa)^(1/kappa) for any kappa > 0 (logs added, so C kappa never overflows)
    return V.finite_result("c_kappa", 2 * math.exp((math.log(C_kappa) + math.log(kappa)) / kappa), kappa=kappa,
                           C_kappa=C_kappa)


def alg6_schedule(D1: float, L1: float, H: float, lam: float, kappa: float, T: int, m: int, beta: float, d: int,
                  epsilon: float, delta: float = 0.0, ck: float | None = None) -> tuple[list[float], list[float]]:
    """Alg. 6 schedule (L620-626).

    Preconditions (validated): D1, L1, H, lam, epsilon > 0; kappa > 1; T, m, d integers >= 1; 0 < beta < 1;
      0 <= delta < 1; ck > 0 (default c_kappa(kappa) = 2 (2^12 kappa)^{1/kappa}).
    Steps: for i = 1..T: D_{i+1} = c_kappa ((L_i/lambda) r_m)^{1/(kappa-1)}, L_{i+1} = H D_{i+1}.
    Postcondition: the printed recursion (D_1..D_{T+1}, L_1..L_{T+1}).
    Randomness: none (deterministic).
    Spec: 001.P5.
    """
    kappa = V.in_range("kappa", kappa, 1.0, math.inf, lo_open=True)
    L1 = V.positive("L1", L1)
    ck = c_kappa(kappa) if ck is None else ck
    D1, L1, H, lam, epsilon, ck, T, m, d, beta, delta = _schedule_args(
        D1=D1, L=L1, H=H, lam=lam, epsilon=epsilon, c=ck, T=T, m=m, d=d, beta=beta, delta=delta)
    r = rate_term(m, T, beta, d, epsilon, delta, "alg6")
    D, Ls = [float(D1)], [float(L1)]
    for _ in range(T):
        D.append(ck * ((Ls[-1] / lam) * r) ** (1 / (kappa - 1)))
        Ls.append(H * D[-1])
    V.finite_result("the schedule (D_i, L_i)", D + Ls, D1=D1, L1=L1, H=H, lam=lam, ck=ck)
    return D, Ls


def thm2_m(n: int, d: int, H: float, lam: float, epsilon: float, delta: float, beta: float) -> float:
    """Samples per epoch of Thm 2 (L239 / L243), real-valued:
    m = 256 log^2 n (H log(1/beta)/lambda) max{256 H/lambda, A/(eps sqrt(log n))},
    A = d (delta = 0), sqrt(d) log(1/delta) (delta > 0, as printed at L243; AUD-8)."""
    n = V.integer("n", n, lo=3)
    d = V.integer("d", d, lo=1)
    H, lam, epsilon = (V.positive(name, v) for name, v in (("H", H), ("lam", lam), ("epsilon", epsilon)))
    delta = V.probability("delta", delta, allow_one=False)
    beta = V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    A = d if delta == 0 else math.sqrt(d) * math.log(1 / delta)
    ln = math.log(n)
    return V.finite_result("m", 256 * ln ** 2 * (H * math.log(1 / beta) / lam) * max(256 * H / lam,
                                                                                   A / (epsilon * math.sqrt(ln))),
                           H=H, lam=lam, epsilon=epsilon)


# ----------------------------------------------------------------------------------------------------
# Explicit finite form of Thm 2 (proof L603-610, eq. (6)) and its inversion (Cor 4.1, L251-262; Remark 1, L270-272)
# ----------------------------------------------------------------------------------------------------
def thm2_explicit_bound(n, *, H=1, lam=1, L=2, D=1, d=1, epsilon=1, beta=None, mu=1, dps: int = 30):
    """E[f(x_T) - f*] <= beta H D^2/2 + (L^2 lambda/(8 H^2)) exp(-n/(k log^2 n)) (L603-608, eq. (6)),
    k = 256 (H log(1/beta)/lambda) max{256 H/lambda, d/(eps sqrt(log n))} (L599); beta = n^{-mu} unless given.

    Valid (as proved) only when condition (595) holds, i.e. for n >= ~10^152 at unit constants (001.audit.AUD-11).
    mpmath (n may be astronomically large).  Spec: 001.cor4_1, 001.remark1."""
    dps = V.integer("dps", dps, lo=1, hi=100_000)
    d = V.integer("d", d, lo=1)
    H, lam, L, D = (V.positive(k, v) for k, v in (("H", H), ("lam", lam), ("L", L), ("D", D)))
    epsilon, mu = V.positive("epsilon", epsilon), V.positive("mu", mu)
    if beta is not None:
        beta = V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    import mpmath

    if isinstance(n, (bool, np.bool_)) or not isinstance(n, (numbers.Real, mpmath.mpf)):
        raise TypeError(f"n must be a real number (int, float or mpmath mpf), got {type(n).__name__} {n!r}"[:300])
    with mpmath.workdps(dps):
        n = mpmath.mpf(n)
        if not mpmath.isfinite(n) or not n > 3:
            raise ValueError(f"n must be > 3, got {n}")
        ln = mpmath.log(n)
        b = n ** (-mpmath.mpf(mu)) if beta is None else mpmath.mpf(beta)
        if not 0 < b < 1:
            raise ValueError(f"beta must be in (0, 1), got {b}")
        k = 256 * (H * mpmath.log(1 / b) / lam) * max(256 * mpmath.mpf(H) / lam, d / (epsilon * mpmath.sqrt(ln)))
        val = b * H * mpmath.mpf(D) ** 2 / 2 + (mpmath.mpf(L) ** 2 * lam / (8 * mpmath.mpf(H) ** 2)) * mpmath.exp(-n / (k * ln ** 2))
        return V.finite_result("the bound", val, H=H, L=L, D=D)


def thm2_sample_complexity(alpha, *, rho=None, beta_rule: str = "n^-mu", dps: int = 30, **consts):
    """n*(alpha) = min{n : thm2_explicit_bound(n) <= alpha} (bisection on log n; the bound is decreasing in n
    for n >= 20).  beta_rule "n^-mu" uses beta = n^{-1/rho} (Cor 4.1, rho = 1/mu); "alpha" uses beta = alpha
    (Remark 1).  Returns an mpmath mpf (may exceed 1e300).  Spec: 001.cor4_1, 001.remark1."""
    V.choice("beta_rule", beta_rule, ('alpha', 'n^-mu'))
    dps = V.integer("dps", dps, lo=1, hi=100_000)
    import mpmath

    if beta_rule not in ("n^-mu", "alpha"):
        raise ValueError(f"beta_rule must be 'n^-mu' or 'alpha', got {beta_rule!r}")
    rho = V.optional(V.positive, "rho", rho)
    if beta_rule == "n^-mu" and not (rho is not None and rho > 0):
        raise ValueError(f"rho must be > 0 with beta_rule='n^-mu', got {rho}")
    if isinstance(alpha, (bool, np.bool_)) or not isinstance(alpha, (numbers.Real, mpmath.mpf)):
        raise TypeError(f"alpha must be a real number in (0, 1), got {type(alpha).__name__} {alpha!r}"[:300])
    with mpmath.workdps(dps):
        alpha = mpmath.mpf(alpha)
        if not 0 < alpha < 1:
            raise ValueError(f"alpha must be in (0, 1), got {alpha}")
        kw = dict(consts, dps=dps)
        if beta_rule == "n^-mu":
            kw["mu"] = 1 / mpmath.mpf(rho)
        else:
            kw["beta"] = alpha

        def ok(logn):
            return thm2_explicit_bound(mpmath.exp(logn), **kw) <= alpha

        lo, hi = mpmath.log(20), mpmath.mpf(10)
        try:
            ok(hi)
        except ValueError as e:                          # name the caller's parameter that produced it
            raise ValueError(f"{e} (beta_rule={beta_rule!r}, rho={rho!r}, alpha={float(alpha):.3g})") from None
        while not ok(hi):
            lo, hi = hi, 2 * hi
            if hi > 1e6:
                raise ValueError("alpha too small: n* > exp(1e6)")
        for _ in range(200):
            mid = (lo + hi) / 2
            if ok(mid):
                hi = mid
            else:
                lo = mid
            if hi - lo < mpmath.mpf(10) ** (-12) * hi:      # log n to relative 1e-12
                break
        return mpmath.exp(hi)
