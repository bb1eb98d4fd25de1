"""Parameter blocks of 002: equation (19) (l.373–377), the b_max bound (l.389), Thm 5.12 (l.653), and the noise
scales printed in Cor 5.7 (l.549) and Cor 5.11 (l.645), with the corrected calibration.

"log" in c_DP and in the tree depth is read as lg = log₂ (the chain on l.545 needs base 2, AUD-21); the
``log_base`` argument exposes the alternative.  σ is always in z-units: the per-node standard deviation of the
tree run on the leaves Δ_i/β (so b_t = −N_{t+1}, the tree's prefix noise; see privacy.py).
Spec: 002.algA7, 002.algA8
"""
from __future__ import annotations

import math

from reference.core import validation as _v
from reference.core.accounting import gdp_mu
from reference.srgd.tree import lg_ceil
from reference.core import validation as _V

__all__ = ["c_dp", "params_eq19", "b_max_eq19", "params_thm5_12", "sigma_cor5_7_printed", "sigma_cor5_11_printed",
           "sigma_tree_corrected", "mu_claimed", "mu_tree"]


def _pos(name, v):
    return _v.positive(name, v)                               # (0, inf), shared validator


def _delta(delta):
    return _v.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)


def _log(x, base):
    return math.log(x) if base == "e" else math.log(x, base)


def _log_base(base):
    if isinstance(base, str):
        return _v.choice("log_base", base, ("e",))
    b = _v.positive("log_base", base)
    if b == 1:
        raise ValueError("log_base must be 'e' or a number > 0 other than 1, got 1")
    return b


def _T(T):
    return _v.positive_int("T", T)


def c_dp(n: float, delta: float, log_base=2) -> float:
    """c_DP = 4√2·log^{3/2}(n)·√(ln(2n/δ))·ln(2.5/δ) (eq. (19), l.374)."""
    delta = _V.probability("delta", delta)
    n = _pos("n", n); delta = _delta(delta); log_base = _log_base(log_base)
    if n <= 1:
        raise ValueError(f"n must be > 1, got {n!r}")
    return _v.finite_result("c_DP", 4 * math.sqrt(2) * _log(n, log_base) ** 1.5 * math.sqrt(math.log(2 * n / delta))
                            * math.log(2.5 / delta), n=n, delta=delta)


def params_eq19(n: int, delta: float, epsilon: float, p: int, L: float, R: float, *, mode: str = "paper",
                c: float | None = None, log_base=2) -> dict:
    """Parameters (19) (l.373–377), real-valued as printed and rounded (T = ⌈c·n^{1/4}⌉, B = ⌊n/T⌋).

    Preconditions (validated): n integer > 1; δ ∈ (0, 1); ε, L, R > 0; mode "paper" or "scaled" (then c > 0).
    Steps: c = c_DP(n, δ) (l.374) or the free c; β = c²·L·max{1, √p/(ε√n)}/R (l.375); T = c·n^{1/4} (l.376);
      B = n/T (l.377); rounded T = max(1, ⌈T⌉), B = ⌊n/T⌋; clip level κ = c·L, C = κ/(Bβ) (z-units).
    Postcondition: the printed parameter block, with ``feasible`` = (T <= n and B >= 1) — False at every practical n
      in paper mode (002.params19: T > n at n = 1e6); no silent repair: T, B are reported as computed (B = 0 when
      T > n), and then C = inf (an empty batch has no finite per-leaf sensitivity) instead of a clamped value.
    Randomness: none.
    Spec: 002.algA7, 002.params19
    """
    delta = _V.probability("delta", delta)
    n = _v.integer("n", n, lo=2); delta = _delta(delta); epsilon = _pos("epsilon", epsilon); L = _pos("L", L)
    R = _pos("R", R); p = _v.positive_int("p", p); log_base = _log_base(log_base)
    mode = _v.choice("mode", mode, ("paper", "scaled"))
    if mode == "paper":
        cc = c_dp(n, delta, log_base)
    elif mode == "scaled":
        if c is None:
            raise ValueError("c must be given in scaled mode")
        cc = _pos("c", c)
    else:
        raise ValueError(f"mode must be 'paper' or 'scaled', got {mode!r}")
    beta = _v.finite_result("beta", cc * cc * L * max(1.0, math.sqrt(p) / (epsilon * math.sqrt(n))) / R,
                            c=cc, L=L, R=R, epsilon=epsilon)                    # l.375 (finite and > 0 below)
    if not beta > 0:
        raise ValueError(f"beta = c²L·max(1, √p/(ε√n))/R underflows to 0 at c={cc!r}, L={L!r}, R={R!r}; "
                         "rescale L / R")
    T_real = cc * n**0.25                                                            # l.376
    B_real = n / T_real                                                              # l.377
    T = max(1, math.ceil(T_real))
    B = n // T
    return dict(c=cc, beta=beta, T_real=T_real, B_real=B_real, T=T, B=B, kappa=cc * L,
                C=(cc * L / (B * beta) if B >= 1 else math.inf), feasible=(T <= n and B >= 1), mode=mode)


def b_max_eq19(c: float, L: float, p: int, epsilon: float, B: float, beta: float) -> float:
    """b_max := c_DP²·L·√p/(ε·B·β) (Lemma 5.4 hypothesis, l.389).  Preconditions (validated): c, L, ε, B, β > 0,
    p integer >= 1."""
    c, L, epsilon, B, beta = (_pos(k, v) for k, v in (("c", c), ("L", L), ("epsilon", epsilon), ("B", B),
                                                       ("beta", beta)))
    p = _v.positive_int("p", p)
    return _v.finite_result("b_max", c * c * L * math.sqrt(p) / (epsilon * B * beta), c=c, L=L, p=p,
                            epsilon=epsilon, B=B, beta=beta)


def params_thm5_12(n: int, L: float, R: float, c_M: float, B: int | None = None) -> dict:
    """Theorem 5.12 (l.653): B <= √n (default ⌊√n⌋), T = ⌊n/B⌋, β = (16c_M+8)·L·n^{3/2}/(R·B²), clip κ = (8c_M+4)L,
    C = κ/(Bβ) (Cor 5.10, l.625).

    Preconditions (validated): n integer >= 1; L, R, c_M > 0; B integer in [1, √n] (ValueError otherwise).
    Steps: T = ⌊n/B⌋; β, κ, C as above.
    Postcondition: the parameter block of Thm 5.12; β >= 2MT for every M <= c_M L/R (002.beta_chain, PROVED).
    Randomness: none.
    Spec: 002.algA8
    """
    n = _v.positive_int("n", n); L = _pos("L", L); R = _pos("R", R); c_M = _pos("c_M", c_M)
    if B is None:
        B = math.isqrt(n)
    B = _v.positive_int("B", B)
    if not (1 <= B <= math.sqrt(n)):
        raise ValueError(f"B must be in [1, sqrt(n)] = [1, {math.sqrt(n):.3g}], got {B!r}")
    T = n // B
    beta = _v.finite_result("beta", (16 * c_M + 8) * L * n**1.5 / (R * B**2), n=n, L=L, R=R, c_M=c_M)
    kappa = _v.finite_result("kappa", (8 * c_M + 4) * L, L=L, c_M=c_M)
    if not beta > 0:
        raise ValueError(f"beta = (16c_M+8)L·n^(3/2)/(R·B²) underflows to 0 at L={L!r}, R={R!r}; rescale L / R")
    return dict(B=B, T=T, beta=beta, kappa=kappa, C=_v.finite_result("C", kappa / (B * beta), L=L, R=R, c_M=c_M))


def sigma_cor5_7_printed(c: float, L: float, T: int, delta: float, epsilon: float, B: float, beta: float,
                         log_base=2) -> float:
    """σ = c_DP·L·√(log T·ln(2.5/δ))/(ε·B·β) as printed in Cor 5.7 (l.549).

    Preconditions (validated): c, L, ε, B, β > 0, T integer >= 1, δ ∈ (0, 1); T = 1 gives σ = 0 (as printed).
    Steps: evaluate the printed formula (log base ``log_base``, default lg).
    Postcondition: the printed σ — NOT private: it is √(2(1+⌈lg T⌉)/lg T) ∈ (√2, 2] times too small for the claimed
      (ε, δ/2) (002.cor5_7, critical).
    Randomness: none.
    Spec: 002.algA7, 002.cor5_7
    """
    T = _V.integer("T", T, lo=1)
    delta = _V.probability("delta", delta)
    c, L, epsilon, B, beta = (_pos(k, v) for k, v in (("c", c), ("L", L), ("epsilon", epsilon), ("B", B),
                                                       ("beta", beta)))
    T = _T(T); delta = _delta(delta); log_base = _log_base(log_base)
    return _v.finite_result("sigma", c * L * math.sqrt(_log(T, log_base) * math.log(2.5 / delta)) / (epsilon * B * beta),
                            c=c, L=L, epsilon=epsilon, B=B, beta=beta)


def sigma_cor5_11_printed(c_M: float, L: float, T: int, delta: float, epsilon: float, B: float, beta: float,
                          log_base=2) -> float:
    """σ = (16√2·c_M + 8√2)·L·√(log T·ln(2.5/δ))/(ε·B·β) as printed in Cor 5.11 (l.645) and Thm 5.12 (l.653).

    Preconditions (validated): c_M, L, ε, B, β > 0, T integer >= 1, δ ∈ (0, 1); T = 1 gives σ = 0 (as printed).
    Steps: evaluate the printed formula (log base ``log_base``, default lg).
    Postcondition: the printed σ; with C = (8c_M+4)L/(Bβ) the clipped tree release is (ε, δ/2)-DP for T >= 2,
      ε <= 10 (certified) and fails for ε >~ 15 or T = 1 (002.cor5_11, minor).
    Randomness: none.
    Spec: 002.algA8, 002.cor5_11
    """
    T = _V.integer("T", T, lo=1)
    delta = _V.probability("delta", delta)
    c_M, L, epsilon, B, beta = (_pos(k, v) for k, v in (("c_M", c_M), ("L", L), ("epsilon", epsilon), ("B", B),
                                                         ("beta", beta)))
    T = _T(T); delta = _delta(delta); log_base = _log_base(log_base)
    return _v.finite_result("sigma", (16 * math.sqrt(2) * c_M + 8 * math.sqrt(2)) * L
                            * math.sqrt(_log(T, log_base) * math.log(2.5 / delta)) / (epsilon * B * beta),
                            c_M=c_M, L=L, epsilon=epsilon, B=B, beta=beta)


def mu_claimed(epsilon: float, delta: float) -> float:
    """μ = ε/√(2 ln(2.5/δ)), the GDP level the proof of Cor 5.7 claims (l.554).  Validated: ε > 0, δ ∈ (0, 1)."""
    delta = _V.probability("delta", delta)
    epsilon = _pos("epsilon", epsilon); delta = _delta(delta)
    return epsilon / math.sqrt(2 * math.log(2.5 / delta))


def mu_tree(C: float, sigma: float, T: int, count: str = "paper") -> float:
    """GDP level of the tree release: μ = C·√m/σ where m = nodes per leaf.

    count="paper": m = 1 + ⌈lg T⌉ (l.543); count="exact": m = 1 + ⌊lg T⌋ (max over leaves, attained at leaf 1).
    """
    T = _V.integer("T", T, lo=1)
    C = _pos("C", C); sigma = _pos("sigma", sigma); T = _T(T)
    count = _v.choice("count", count, ("paper", "exact"))
    m = 1 + (lg_ceil(T) if count == "paper" else T.bit_length() - 1)
    return C * math.sqrt(m) / sigma


def sigma_tree_corrected(C: float, T: int, epsilon: float, delta_gdp: float, method: str = "exact") -> float:
    """The per-node σ making the tree (ε, δ_gdp)-DP: σ = C·√(1+⌈lg T⌉)/μ with
    method="exact": μ = μ*(ε, δ_gdp) solving δ_GDP(ε; μ) = δ_gdp (A-11); method="classical":
    μ = ε/√(2 ln(1.25/δ_gdp)) (valid only for ε <= 1, AUD-4).

    Preconditions: C > 0, T integer >= 1, ε > 0 (<= 1 for "classical", ValueError otherwise), δ_gdp ∈ (0, 1),
      method "exact" | "classical" (ValueError otherwise).
    Steps: μ from core's exact GDP inversion (or the classical formula); σ = C√(1+⌈lg T⌉)/μ.
    Postcondition: the tree release with per-leaf change <= C and this σ is μ-GDP hence (ε, δ_gdp)-DP
      (002.cor5_7.corrected, 002.priv.tree).
    Randomness: none.
    Spec: 002.algA7 (corrected calibration)
    """
    T = _V.integer("T", T, lo=1)
    C = _pos("C", C); T = _T(T); epsilon = _pos("epsilon", epsilon)
    delta_gdp = _v.in_range("delta_gdp", delta_gdp, 0.0, 1.0, lo_open=True, hi_open=True)
    if method == "exact":
        mu = gdp_mu(epsilon, delta_gdp)
    elif method == "classical":
        if epsilon > 1:
            raise ValueError(f"epsilon must be <= 1 for the classical calibration, got {epsilon!r}")
        mu = epsilon / math.sqrt(2 * math.log(1.25 / delta_gdp))
    else:
        raise ValueError(f"method must be 'exact' or 'classical', got {method!r}")
    return _v.finite_result("sigma", C * math.sqrt(1 + lg_ceil(T)) / mu, C=C, T=T, epsilon=epsilon,
                            delta_gdp=delta_gdp)
