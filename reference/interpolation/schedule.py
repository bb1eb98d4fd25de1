"""P5: the data-independent (D_i, L_i) schedules of Alg. 2 (001 L229-231) and Alg. 6 (L620-626), and the
paper's sample-size constants (Thm 2, L239/L243; Thm 8, L634-638).  Spec: 001.P5.

Everything here is deterministic and exact (floats of closed forms); mpmath versions are used by the checks
when n is astronomically large.
"""
from __future__ import annotations

import math


def rate_term(m: int, T: int, beta: float, d: int, epsilon: float, delta: float, alg: str = "alg2") -> float:
    """r_m = max{ sqrt(log(T/beta)) log^{3/2} m / sqrt m , A log(T/beta) log m/(m eps) }  (L229, L620, L623).

    A = d for delta = 0; for delta > 0, A = min(d, sqrt(d log(1/delta))) in Alg. 2 (L229) and
    sqrt(d log(1/delta)) in Alg. 6 (L623) (AUD-8).
    """
    if m < 2:
        raise ValueError(f"m must be >= 2, got {m}")
    if not 0 < beta < 1:
        raise ValueError(f"beta must be in (0,1), got {beta}")
    if alg not in ("alg2", "alg6"):
        raise ValueError(f"alg must be 'alg2' or 'alg6', got {alg!r}")
    if delta == 0:
        A = d
    else:
        A = math.sqrt(d * math.log(1 / delta))
        if alg == "alg2":
            A = min(d, A)
    lTb = math.log(T / beta)
    return max(math.sqrt(lTb) * math.log(m) ** 1.5 / math.sqrt(m), A * lTb * math.log(m) / (m * epsilon))


def alg2_schedule(D1: float, L: float, H: float, lam: float, T: int, m: int, beta: float, d: int, epsilon: float,
                  delta: float = 0.0, c: float = 256.0) -> tuple[list[float], list[float]]:
    """(D_1..D_{T+1}, L_1..L_{T+1}) of Alg. 2: L_1 = L, D_1 = Diam X; D_{i+1} = c (L_i/lambda) r_m,
    L_{i+1} = H D_{i+1} (L229-231).  For i >= 2, D_{i+1} = q D_i with q = c H r_m/lambda."""
    r = rate_term(m, T, beta, d, epsilon, delta, "alg2")
    D, Ls = [float(D1)], [float(L)]
    for _ in range(T):
        D.append(c * (Ls[-1] / lam) * r)
        Ls.append(H * D[-1])
    return D, Ls


def alg2_q(H: float, lam: float, T: int, m: int, beta: float, d: int, epsilon: float, delta: float = 0.0,
           c: float = 256.0) -> float:
    """Per-epoch contraction factor q = c H r_m/lambda of Alg. 2 (contracts iff q < 1; AUD-40)."""
    return c * H * rate_term(m, T, beta, d, epsilon, delta, "alg2") / lam


def c_kappa(kappa: float, C_kappa: float = 2.0 ** 12) -> float:
    """c_kappa = 2 (C_kappa kappa)^{1/kappa} (Lemma C.1, L564; Remark L630)."""
    return 2 * (C_kappa * kappa) ** (1 / kappa)


def alg6_schedule(D1: float, L1: float, H: float, lam: float, kappa: float, T: int, m: int, beta: float, d: int,
                  epsilon: float, delta: float = 0.0, ck: float | None = None) -> tuple[list[float], list[float]]:
    """Alg. 6 schedule: D_{i+1} = c_kappa ((L_i/lambda) r_m)^{1/(kappa-1)}, L_{i+1} = H D_{i+1} (L620-626)."""
    ck = c_kappa(kappa) if ck is None else ck
    r = rate_term(m, T, beta, d, epsilon, delta, "alg6")
    D, Ls = [float(D1)], [float(L1)]
    for _ in range(T):
        D.append(ck * ((Ls[-1] / lam) * r) ** (1 / (kappa - 1)))
        Ls.append(H * D[-1])
    return D, Ls


def thm2_m(n: int, d: int, H: float, lam: float, epsilon: float, delta: float, beta: float) -> float:
    """Samples per epoch of Thm 2 (L239 / L243), real-valued:
    m = 256 log^2 n (H log(1/beta)/lambda) max{256 H/lambda, A/(eps sqrt(log n))},
    A = d (delta = 0), sqrt(d) log(1/delta) (delta > 0, as printed at L243; AUD-8)."""
    if n < 3:
        raise ValueError(f"n must be >= 3, got {n}")
    A = d if delta == 0 else math.sqrt(d) * math.log(1 / delta)
    ln = math.log(n)
    return 256 * ln ** 2 * (H * math.log(1 / beta) / lam) * max(256 * H / lam, A / (epsilon * math.sqrt(ln)))
