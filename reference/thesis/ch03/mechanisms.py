"""Exponential mechanisms of thesis 003 Ch.3 in one dimension, sampled exactly (inverse CDF).

* :func:`exponential_mechanism_1d_loss`  x ~ exp(-k F(x;D)) on [lo, hi], k = eps/(2 Delta_F) (eq. 3.2, L2374-2378)
* :func:`regularized_exp_mech_1d`       x ~ exp(-k (F(x;D) + mu x^2/2)) on [lo, hi] (eq. 3.8; Thm 3.6.2)
Both delegate the exact sampling to reference.core.mechanisms.exponential_mechanism_1d (score = -loss).
Spec: 003_ch03.alg1, 003_ch03.alg2
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import numpy as np

from reference.core.mechanisms import exponential_mechanism_1d
from reference.core import validation as _V

__all__ = ["exponential_mechanism_1d_loss", "regularized_exp_mech_1d"]


def exponential_mechanism_1d_loss(F: Callable, lo, hi, epsilon, sensitivity_F, rng: np.random.Generator | None,
                                  u=None, breakpoints: Sequence = (), dps: int = 30):
    """Eq. (3.2) (003 L2376): sample x ~ exp(-k F(x; D)) on [lo, hi] with k = eps/(2 Delta_F).

    Preconditions (validated by reference.core.mechanisms.exponential_mechanism_1d): F mpmath-evaluable on [lo, hi];
        eps, Delta_F > 0 with Delta_F >= sup_{D~D'} sup_x |F_D - F_D'|.
    Steps: score = -F; inverse-CDF sampling of exp(eps score/(2 Delta_F)) on [lo, hi].
    Postcondition: an exact (to dps digits) sample; (eps, 0)-DP (L2378).
    Randomness: one standard uniform, from ``rng`` or the pre-drawn ``u`` (inverse CDF).
    Spec: 003_ch03.alg1
    """
    _V.callable_("F", F)
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    rng = _V.generator("rng", rng, allow_none=u is not None, draws_name="u")
    lo, hi = _V.real("lo", lo), _V.real("hi", hi)
    epsilon, sensitivity_F = _V.positive("epsilon", epsilon), _V.positive("sensitivity_F", sensitivity_F)
    return exponential_mechanism_1d(lambda x: -F(x), lo, hi, epsilon, sensitivity_F, rng, u=u, dps=dps,
                                    breakpoints=breakpoints)


def regularized_exp_mech_1d(F: Callable, lo, hi, k, mu, rng: np.random.Generator | None, u=None,
                            breakpoints: Sequence = (), dps: int = 30):
    """Eq. (3.8) / Thm 3.6.2 (003 L2987-2999): sample x ~ exp(-k (F(x; D) + mu x^2/2)) on [lo, hi].

    Preconditions (validated): k > 0, mu >= 0.
    Steps: score = -(F + mu x^2/2); inverse-CDF sampling of exp(k score) on [lo, hi].
    Postcondition: exact sample; G sqrt(k)/(n sqrt(mu))-GDP when F = (1/n) sum f_i with f_i - f_i' G-Lipschitz
        (reference.thesis.ch03.privacy.reg_exp_mech_gdp).
    Randomness: one standard uniform, from ``rng`` or the pre-drawn ``u`` (inverse CDF).
    Spec: 003_ch03.alg2
    """
    _V.callable_("F", F)
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    rng = _V.generator("rng", rng, allow_none=u is not None, draws_name="u")
    k, mu = _V.positive("k", k), _V.nonnegative("mu", mu)
    _V.callable_("F", F)
    breakpoints = [_V.real(f"breakpoints[{i}]", b) for i, b in enumerate(_V.sequence("breakpoints", breakpoints,
                                                                                      allow_empty=True))]
    _V.finite_result("epsilon = 2 k", 2 * k, k=k)
    # exponential_mechanism_1d samples exp(eps * score/(2 Delta)); take eps = 2k, Delta = 1, score = -(F + mu x^2/2)
    return exponential_mechanism_1d(lambda x: -(F(x) + mu * x * x / 2), lo, hi, 2 * float(k), 1.0, rng, u=u, dps=dps,
                                    breakpoints=breakpoints)
