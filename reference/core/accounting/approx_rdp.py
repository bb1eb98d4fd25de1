"""Doc 000 (ReSQue, Carmon et al.) approximate-RDP accounting helpers (000 Sec. 4.1, catalog A15).

* ``approx_rdp_to_dp`` (000 Cor 1, L522-540): (alpha, eps, delta)-RDP => for every delta' in (0, 1),
  (eps_dp, delta' + (1 + e^{eps_dp}) delta)-DP with eps_dp = eps + log(1/delta')/(alpha - 1).
* ``approx_rdp_compose`` (000 Lemma 3, L543-560): (alpha, eps_i, delta_i) compose to (alpha, sum eps_i, sum delta_i).
* ``rdp_mixture_bdrs18`` (000 Prop 7 = Bun, Dwork, Rothblum & Steinke 2018, Thm 12, L763-769):
  tau <= 1/3, s in (0, 1/40), pairwise D_alpha(P_i || P_j) <= alpha tau for all alpha > 1 over {P, Q, R}
  => D_alpha(sP + (1-s)R || sQ + (1-s)R) <= 13 s^2 alpha tau for alpha in (1, 3/tau).
"""
from __future__ import annotations

from fractions import Fraction

import mpmath

from ._common import float_up, check_dps, check_nonneg, check_prob_open, check_real, check_sequence, to_mpf

__all__ = ["approx_rdp_to_dp", "approx_rdp_compose", "rdp_mixture_bdrs18"]


def approx_rdp_to_dp(alpha, epsilon, delta, delta_prime, *, dps=None) -> tuple[float, float]:
    """000 Cor 1: (alpha, eps, delta)-RDP implies (eps_dp, delta' + (1 + e^{eps_dp}) delta)-DP.

    Preconditions: ``alpha`` in (1, inf); ``epsilon`` in [0, inf); ``delta`` in [0, 1]; ``delta_prime`` in (0, 1).
    Steps: eps_dp = eps + log(1/delta')/(alpha - 1) (Prop 5.3 applied to the TV-close pair realizing D_{alpha,delta});
        delta_dp = delta' + (1 + e^{eps_dp}) delta (TV transfer, as tv_to_dp).
    Postcondition: (eps_dp, min(1, delta_dp)).
    Spec: core.acct.approx_rdp_to_dp
    """
    alpha = check_real("alpha", alpha, lo=1, lo_open=True)
    epsilon = check_nonneg("epsilon", epsilon)
    delta = check_real("delta", delta, lo=0, hi=1)
    delta_prime = check_prob_open("delta_prime", delta_prime)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        a = to_mpf(alpha)
        e_dp = to_mpf(epsilon) + mpmath.log(1 / to_mpf(delta_prime)) / (a - 1)        # 000 L522
        d_dp = to_mpf(delta_prime) + (1 + mpmath.exp(e_dp)) * to_mpf(delta)          # 000 L522
        return float_up(e_dp), float_up(min(d_dp, mpmath.mpf(1)))


def approx_rdp_compose(pairs, *, dps=None) -> tuple[float, float]:
    """000 Lemma 3: (alpha, eps_i, delta_i)-RDP mechanisms (adaptive, same alpha) compose to
    (alpha, sum eps_i, sum delta_i)-RDP.

    Preconditions: ``pairs`` a non-empty sequence of (eps_i in [0, inf), delta_i in [0, 1]).
    Spec: core.acct.approx_rdp_compose
    """
    pairs = check_sequence("pairs", pairs)
    es, ds = [], []
    for i, pr in enumerate(pairs):
        try:
            e, d = pr
        except (TypeError, ValueError):
            raise ValueError(f"pairs[{i}] must be a pair (epsilon, delta), got {pr!r}") from None
        es.append(check_nonneg(f"pairs[{i}].epsilon", e))
        ds.append(check_real(f"pairs[{i}].delta", d, lo=0, hi=1))
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        return float_up(mpmath.fsum(to_mpf(e) for e in es)), float_up(min(mpmath.fsum(to_mpf(d) for d in ds), 1))


def rdp_mixture_bdrs18(alpha, tau, s, *, dps=None) -> float:
    """000 Prop 7 (= BDRS18 Thm 12): the RDP bound 13 s^2 alpha tau of the mixtures sP + (1-s)R vs sQ + (1-s)R.

    Preconditions (validated): ``tau`` in (0, 1/3]; ``s`` in (0, 1/40); ``alpha`` in (1, 3/tau).
        (The hypothesis that P, Q, R are pairwise (alpha, alpha tau)-RDP for all alpha > 1 is the caller's.)
    Postcondition: returns 13 s^2 alpha tau (checked on 1-D Gaussian triples: core.acct.rdp_mixture_bdrs18.gauss).
    Spec: core.acct.rdp_mixture_bdrs18
    """
    tau = check_real("tau", tau, lo=0, hi=Fraction(1, 3), lo_open=True)
    s = check_real("s", s, lo=0, hi=0.025, lo_open=True, hi_open=True)
    alpha = check_real("alpha", alpha, lo=1, hi=3 / Fraction(tau), lo_open=True, hi_open=True)
    dps = check_dps(dps)
    with mpmath.workdps(dps):
        return float_up(13 * to_mpf(s) ** 2 * to_mpf(alpha) * to_mpf(tau))
