"""Zero-concentrated differential privacy (Bun & Steinke 2016) and its conversion to (eps, delta)-DP.

* rho-zCDP: D_alpha(M(D) || M(D')) <= alpha rho for all alpha > 1.
* Gaussian mechanism: rho = Delta^2 / (2 sigma^2) (Bun & Steinke 2016, Prop 1.6).
* Composition: rhos add (Bun & Steinke 2016, Lemma 1.7).
* eps-DP => (eps^2/2)-zCDP (Bun & Steinke 2016, Prop 1.4).
* zCDP => DP: standard rho + 2 sqrt(rho log(1/delta)) (Bun & Steinke 2016, Prop 1.3) and the tighter
  inf_{alpha > 1} alpha rho + (log(1/delta) + (alpha-1) log(1-1/alpha) - log(alpha)) / (alpha - 1)
  (Canonne, Kamath & Steinke 2020, Cor 13).
"""
from __future__ import annotations

import math

import mpmath

from reference.core import validation as V

from ._common import (float_up, check_dps, check_flag, check_method, check_nonneg, check_positive, check_prob_open, check_sequence,
                      to_mpf)

__all__ = ["zcdp_gaussian", "zcdp_compose", "dp_to_zcdp", "zcdp_to_dp", "cks_objective"]


def zcdp_gaussian(sigma, sensitivity=1, *, dps=None) -> float:
    """rho = Delta^2 / (2 sigma^2): the Gaussian mechanism is rho-zCDP.

    Preconditions: ``sigma`` in (0, inf), ``sensitivity`` in (0, inf).
    Postcondition: D_alpha(N(Delta, sigma^2) || N(0, sigma^2)) = alpha rho for every alpha > 1
        (checked symbolically: core.acct.rdp_gaussian.sympy).
    Spec: core.acct.zcdp_gaussian
    """
    sigma = check_positive("sigma", sigma)
    sensitivity = check_positive("sensitivity", sensitivity)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        rho = float_up(to_mpf(sensitivity) ** 2 / (2 * to_mpf(sigma) ** 2))
    return V.finite_result("rho = sensitivity^2 / (2 sigma^2)", rho, sensitivity=sensitivity, sigma=sigma)


def zcdp_compose(rhos, *, dps=None) -> float:
    """Composition of rho_i-zCDP mechanisms (adaptive): (sum rho_i)-zCDP.

    Preconditions: ``rhos`` a non-empty sequence of reals in [0, inf).
    Spec: core.acct.zcdp_compose
    """
    rhos = check_sequence("rhos", rhos)
    for i, r in enumerate(rhos):
        check_nonneg(f"rhos[{i}]", r)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        return float_up(mpmath.fsum(to_mpf(r) for r in rhos))


def dp_to_zcdp(epsilon, *, dps=None) -> float:
    """eps-DP (pure) implies (eps^2 / 2)-zCDP (Bun & Steinke 2016, Prop 1.4).

    Preconditions: ``epsilon`` in [0, inf).
    Spec: core.acct.dp_to_zcdp
    """
    epsilon = check_nonneg("epsilon", epsilon)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        rho = float_up(to_mpf(epsilon) ** 2 / 2)
    return V.finite_result("rho = epsilon^2 / 2", rho, epsilon=epsilon)


def cks_objective(alpha, rho, delta):
    """The CKS20 (Cor 13) conversion at one order alpha > 1 (mpf arithmetic at the current precision):
    alpha rho + (log(1/delta) + (alpha-1) log(1 - 1/alpha) - log(alpha)) / (alpha - 1).

    Preconditions (validated): ``alpha`` in (1, inf); ``rho`` in [0, inf); ``delta`` in (0, 1) (real numbers or
    mpf).  Postcondition: the mpf value, finite in float (ValueError if alpha * rho leaves the float range)."""
    alpha = V.in_range("alpha", alpha, 1, math.inf, lo_open=True) if not isinstance(alpha, mpmath.mpf) else alpha
    rho = check_nonneg("rho", rho)
    delta = check_prob_open("delta", delta)
    if not (mpmath.isfinite(alpha) and alpha > 1):
        raise ValueError(f"alpha must be a finite real number in (1, inf), got {alpha!r}")
    a, r, d = to_mpf(alpha), to_mpf(rho), to_mpf(delta)
    val = a * r + (mpmath.log(1 / d) + (a - 1) * mpmath.log1p(-1 / a) - mpmath.log(a)) / (a - 1)
    return V.finite_result("cks_objective = alpha rho + ...", val, alpha=alpha, rho=rho)


def _cks_objective_t(t, rho, L):
    """The CKS20 objective at alpha = 1 + t written without 1 + t cancellations (t may be 1e-150):
    rho (1 + t) + L/t + log t - log1p(t) - log1p(t)/t  (= cks_objective(1 + t, rho, delta), L = log(1/delta))."""
    return rho * (1 + t) + L / t + mpmath.log(t) - mpmath.log1p(t) - mpmath.log1p(t) / t


def zcdp_to_dp(rho, delta, *, method: str = "cks", dps=None, return_order: bool = False):
    """Epsilon such that rho-zCDP implies (eps, delta)-DP.

    Preconditions: ``rho`` in [0, inf); ``delta`` in (0, 1); ``method`` in {"cks", "standard"}.
    Steps: "standard": eps = rho + 2 sqrt(rho log(1/delta)) (Bun & Steinke 2016, Prop 1.3).
        "cks": minimize f(alpha) = alpha rho + (log(1/delta) + (alpha-1) log(1-1/alpha) - log alpha)/(alpha-1)
        over alpha > 1 (Canonne, Kamath & Steinke 2020, Cor 13) by golden-section search on log(alpha - 1),
        and return f at the order found, or at alpha* = 1 + sqrt(log(1/delta)/rho) if smaller.
    Postcondition: the returned eps is a valid conversion (f(alpha) is valid at EVERY alpha > 1, so the
        approximate minimizer costs tightness, never validity); "cks" <= "standard" always (at alpha*,
        f(alpha*) = standard + log(1-1/alpha*) - log(alpha*)/(alpha*-1) < standard). eps is clipped at 0
        (a valid (eps < 0, delta) guarantee implies (0, delta)).
        With ``return_order`` returns (eps, alpha) (alpha = None for "standard").
    Spec: core.acct.zcdp_to_dp
    """
    rho = check_nonneg("rho", rho)
    delta = check_prob_open("delta", delta)
    check_method(method, ("cks", "standard"))
    dps = check_dps(dps)
    return_order = check_flag("return_order", return_order)
    with mpmath.workdps(dps + 10):
        r, d = to_mpf(rho), to_mpf(delta)
        L = mpmath.log(1 / d)
        if r == 0:
            return (0.0, None) if return_order else 0.0
        std = r + 2 * mpmath.sqrt(r * L)
        if method == "standard":
            return (float_up(std), None) if return_order else float_up(std)
        t_star = mpmath.sqrt(L / r)                     # alpha* - 1 (may be far below 1e-40: work in t)
        a_star = 1 + t_star
        f = lambda u: _cks_objective_t(mpmath.exp(u), r, L)  # noqa: E731
        lo, hi = mpmath.log(t_star) - 12, mpmath.log(t_star) + 12
        g = (mpmath.sqrt(5) - 1) / 2
        x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
        f1, f2 = f(x1), f(x2)
        for _ in range(90):              # 0.618^90 * 24 < 1e-17: far below the precision that matters
            if f1 <= f2:
                hi, x2, f2 = x2, x1, f1
                x1 = hi - g * (hi - lo)
                f1 = f(x1)
            else:
                lo, x1, f1 = x1, x2, f2
                x2 = lo + g * (hi - lo)
                f2 = f(x2)
        best_u, best = (x1, f1) if f1 <= f2 else (x2, f2)
        alpha = 1 + mpmath.exp(best_u)
        f_star = _cks_objective_t(t_star, r, L)
        if f_star < best:
            alpha, best = a_star, f_star
        eps = max(best, mpmath.mpf(0))
        return (float_up(eps), float(alpha)) if return_order else float_up(eps)
