"""Excess-risk part of Ch. 6 (Sec. 6.4, 003 L5325-5391): privacy of Gibbs sampling, the exponential
mechanism over a net (A6.11, Thm 6.4.8), and exact quantities used by the checks.
"""
from __future__ import annotations

import math

import mpmath
import numpy as np

from reference.core.accounting import gdp_delta
from reference.core.mechanisms import exponential_mechanism, exponential_mechanism_probabilities
from reference.core import validation as _V

__all__ = ["masn16_epsilon", "gibbs_gaussian_true_delta", "gibbs_beta_calibration", "lemma643_ratio",
           "net_exponential_mechanism", "net_exponential_law"]


def masn16_epsilon(G: float, beta: float, n: int, C_lsi: float, delta: float) -> float:
    """Thm 6.4.1 (003 L5333): ε = 2(Gβ/n) sqrt(C_LSI) sqrt(1 + 2 log(1/δ))."""
    G, beta, C_lsi = _V.positive("G", G), _V.positive("beta", beta), _V.positive("C_lsi", C_lsi)
    n = _V.integer("n", n, lo=1)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    return _V.finite_result("epsilon", 2 * (G / n) * beta * math.sqrt(C_lsi) * math.sqrt(1 + 2 * math.log(1 / delta)),
                            G=G, beta=beta, C_lsi=C_lsi)


def gibbs_gaussian_true_delta(mu: float, delta: float) -> float:
    """Exact δ(ε) of the Gaussian instance of Thm 6.4.1 at the claimed ε (catalog S6-16).

    f(x;z) = <a_z, x>, ||a_z|| <= G, r = ||x||²/(2C): π_D = N(−Cβā, C I), C_LSI = C; replace-one neighbours
    shift the mean by 2CβG/n, i.e. the output law is a Gaussian shift with mu = 2Gβ sqrt(C)/n (mu-GDP, exact).
    Claimed ε = mu sqrt(1 + 2 log(1/δ)); returns gdp_delta(ε, mu).
    """
    mu = _V.positive("mu", mu)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    eps = _V.finite_result("epsilon = mu sqrt(1 + 2 log(1/delta))", mu * math.sqrt(1 + 2 * math.log(1 / delta)), mu=mu)
    return float(gdp_delta(eps, mu))


def gibbs_beta_calibration(G: float, D: float, n: int, d: int, epsilon: float, delta: float) -> float:
    """Largest β with 2(Gβ/n) D sqrt(e^{βGD}/d) sqrt(1 + 2 log(1/δ)) <= ε (catalog A6.7; Thm 6.4.1 with
    C_LSI <= e^{βGD} D²/d), by bisection (the left side is increasing in β).

    Preconditions: epsilon > 0; delta in (0, 1); G, D > 0; n, d integers >= 1.
    Steps: bisection on the increasing map β ↦ 2(Gβ/n)D√(e^{βGD}/d)√(1 + 2 log(1/δ)) (Thm 6.4.1 with C_LSI ≤
        e^{βGD}D²/d).
    Postcondition: the largest β with that expression ≤ ε (the concrete calibration replacing the O(·) of Thm
        6.4.6).
    Spec: 003_ch06.proc_A6_7"""
    G, D, epsilon = _V.positive("G", G), _V.positive("D", D), _V.positive("epsilon", epsilon)
    n, d = _V.integer("n", n, lo=1), _V.integer("d", d, lo=1)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    log_eps = math.log(epsilon)
    log_c = math.log(2 * G * D / n) - 0.5 * math.log(d) + 0.5 * math.log(1 + 2 * math.log(1 / delta))

    # In log space: no clamp of e^{beta G D}.  The former min(beta G D, 700) under-stated the left side beyond
    # beta G D = 700 (a silent repair an admissible input reaches), so the bisection could return a beta violating
    # the inequality (issue 21).
    def log_lhs(b):   # log of 2 (G b / n) D sqrt(e^{b G D} / d) sqrt(1 + 2 log(1/delta))
        return -math.inf if b == 0 else log_c + math.log(b) + 0.5 * b * G * D

    lo, hi = 0.0, 1.0
    for _ in range(1100):                # bounded bracket search: hi reaches the float range at most
        if log_lhs(hi) > log_eps:
            break
        hi *= 2
    else:
        raise ValueError(f"gibbs_beta_calibration: no beta in the float range meets epsilon={epsilon!r} "
                         f"(G={G!r}, D={D!r}, n={n})")
    for _ in range(200):
        mid = (lo + hi) / 2
        if log_lhs(mid) <= log_eps:
            lo = mid
        else:
            hi = mid
    return lo


def lemma643_ratio(d: int, u, *, dps: int = 30):
    """Ratio E_π[F] − min F over the Lemma 6.4.3 bound (d/β) log(βGD/d), for F = G||x|| on the ball of
    diameter D (μ = 0), at u = βGD/d (catalog S6-18).  E_π[F] = (1/β) γ(d+1, a)/γ(d, a) with a = βGD/2 = ud/2.
    Returns (ratio_printed, ratio_corrected) where corrected bound = (d/β)(1 + log(βGD/d))."""
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    d, u = _V.integer("d", d, lo=1), _V.positive("u", u)
    if u == 1.0:
        raise ValueError("u must not be 1 (log u = 0 is a denominator of the first ratio), got 1.0")
    with mpmath.workdps(dps):
        u = mpmath.mpf(u)
        a = u * d / 2
        EF_beta = mpmath.gammainc(d + 1, 0, a) / mpmath.gammainc(d, 0, a)    # β·E[F − min]
        return EF_beta / (d * mpmath.log(u)), EF_beta / (d * (1 + mpmath.log(u)))


def net_exponential_mechanism(F_tilde, *, epsilon: float, G: float, D: float, n: int, rng: np.random.Generator | None,
                              variant: str = "corrected", u=None) -> int:
    """A6.11 (Thm 6.4.8, proof L5640-5650): exponential mechanism over a finite net P with shifted empirical
    losses F̃_D(p) ∈ [0, GD] (score −F̃, sensitivity GD/n).

    variant "corrected" (default): p ∝ exp(−εn F̃(p)/(2GD)) — ε-DP.  variant "printed" (L5371):
    p ∝ exp(−εn F̃(p)/(GD)) — 2ε-DP in general (audit AU24).
    Returns the index of the selected point.

    Preconditions: F_tilde finite scores of the net points (losses shifted to [0, GD]); epsilon, G, D > 0; n integer
        >= 1; variant in {printed, corrected}; ``u`` optional pre-drawn uniforms (then ``rng=None`` is admissible).
    Steps: sample a net point with probability ∝ exp(−ε'nF̃/(GD)) with ε' = ε (printed) or ε/2 (corrected, replace-
        one) via the core exponential mechanism.
    Postcondition: the index of the chosen net point; ε-DP (corrected) — the printed weight is 2ε-DP (AU24).
    Randomness: the core exponential mechanism's draws from ``rng`` or the pre-drawn uniforms ``u``; bit-identical.
    Spec: 003_ch06.proc_A6_11
    """
    epsilon, G, D = _V.positive("epsilon", epsilon), _V.positive("G", G), _V.positive("D", D)
    n = _V.integer("n", n, lo=1)
    rng = _V.generator("rng", rng, allow_none=u is not None, draws_name="u")
    _V.choice("variant", variant, ("corrected", "printed"))
    F_tilde = _V.vector("F_tilde", F_tilde)
    _V.finite_result("the sensitivity G D / n", G * D / n, G=G, D=D, n=n)
    eps = epsilon if variant == "corrected" else 2 * epsilon
    return int(exponential_mechanism(-np.asarray(F_tilde, dtype=float), eps, G * D / n, rng, u=u))


def net_exponential_law(F_tilde, *, epsilon: float, G: float, D: float, n: int, variant: str = "corrected"):
    """Exact output law of ``net_exponential_mechanism``.

    Preconditions: as net_exponential_mechanism (no randomness).
    Steps: normalize exp(−ε'nF̃/(GD)) over the net.
    Postcondition: the exact output law (probability vector) of net_exponential_mechanism.
    Spec: 003_ch06.proc_A6_11
    """
    epsilon, G, D = _V.positive("epsilon", epsilon), _V.positive("G", G), _V.positive("D", D)
    n = _V.integer("n", n, lo=1)
    _V.choice("variant", variant, ("corrected", "printed"))
    F_tilde = _V.vector("F_tilde", F_tilde)
    _V.finite_result("the sensitivity G D / n", G * D / n, G=G, D=D, n=n)
    eps = epsilon if variant == "corrected" else 2 * epsilon
    return exponential_mechanism_probabilities(-np.asarray(F_tilde, dtype=float), eps, G * D / n)
