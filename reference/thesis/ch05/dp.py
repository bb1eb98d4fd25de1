"""DP-ERM / DP-SCO of thesis 003 Section 5.5: Proposition 5.5.6 parameters, Theorem 5.5.8 fallback and accounting.

Spec: 003_ch05.alg_m_erm_sco, 003_ch05.prop5_5_6, 003_ch05.priv.*
"""
from __future__ import annotations

import math

import numpy as np

from reference.core import accounting
from reference.core import validation as _V

__all__ = ["prop556_params", "prop556_gdp_parameter", "fallback_applies", "m_erm_fallback", "m_erm_delta_with_tv"]


def _L(delta) -> float:
    delta = float(delta)
    if not 0 < delta < 0.5:
        raise ValueError(f"delta must be in (0, 1/2), got {delta}")
    return math.log(1 / (2 * delta))


def prop556_params(n, d, G, Theta, epsilon, delta, task: str = "erm", params: str = "printed") -> tuple[float, float]:
    """(k, mu) of Proposition 5.5.6 (003 L4659-4677).

    ERM printed (L4663): k = sqrt(d n) eps/(G sqrt(2 Theta L)), mu = 2G^2kL/(n^2 eps^2); ERM consistent (Audit #1):
        k = n sqrt(d) eps/(G sqrt(2 Theta L)).
    SCO (L4669-4673): k = (1/(G sqrt Theta)) sqrt(dL/(eps^2 n^2) + 1/n) min(eps^2 n^2/L, n d),
        mu = G^2 k max(L/(n^2 eps^2), 1/(n d)) (printed; lacks the factor 2 of (4.6), Audit #4); params="corrected"
        doubles mu in the first branch (mu = G^2 k max(2L/(n^2 eps^2), 1/(nd))).
    Spec: 003_ch05.alg_m_erm_sco

    Preconditions (validated): n, d integers >= 1; G, Theta, epsilon > 0; delta in (0, 1/2); task in {"erm", "sco"};
        params in {"printed", "consistent", "corrected"}.
    Steps: L = log(1/(2 delta)); (k, mu) by task and params as above.
    Postcondition: returns (k, mu); the printed SCO mu gives GDP parameter sqrt(2) Y (Audit #4), not (eps, delta)-DP;
        under replace-one the GDP parameter doubles (prop556_gdp_parameter(..., "replace")).
    """
    _V.choice("params", params, ('consistent', 'corrected', 'printed'))
    _V.choice("task", task, ('erm', 'sco'))
    delta = _V.probability("delta", delta)
    n, d = _V.integer("n", n, lo=1), _V.integer("d", d, lo=1)
    G, Theta, epsilon = _V.positive("G", G), _V.positive("Theta", Theta), _V.positive("epsilon", epsilon)
    L = _L(delta)
    eps = float(epsilon)
    if task == "erm":
        if params == "printed":
            k = math.sqrt(d * n) * eps / (G * math.sqrt(2 * Theta * L))                       # L4663
        elif params in ("consistent", "corrected"):
            k = n * math.sqrt(d) * eps / (G * math.sqrt(2 * Theta * L))                       # Audit #1
        else:
            raise ValueError(f"params must be 'printed', 'consistent' or 'corrected', got {params!r}")
        mu = 2 * (G / (n * eps)) * (G / (n * eps)) * k * L                                  # L4663 (no G**2 overflow)
        return _V.finite_result("(k, mu)", [k, mu], G=G, Theta=Theta, epsilon=eps, n=n, d=d) and (k, mu)
    if task == "sco":
        en = eps * n                                                              # (no ** overflow at eps = 1e308)
        k = math.sqrt(d * L / en / en + 1 / n) * min(en * en / L, n * d) / (G * math.sqrt(Theta))  # L4669
        c = 1.0 if params == "printed" else 2.0
        if params not in ("printed", "consistent", "corrected"):
            raise ValueError(f"params must be 'printed', 'consistent' or 'corrected', got {params!r}")
        mu = G * G * k * max(c * L / (n * eps) / (n * eps), 1 / (n * d))                     # L4673
        return _V.finite_result("(k, mu)", [k, mu], G=G, Theta=Theta, epsilon=eps, n=n, d=d) and (k, mu)
    raise ValueError(f"task must be 'erm' or 'sco', got {task!r}")


def prop556_gdp_parameter(n, G, k, mu, neighbouring: str = "paper") -> float:
    """t = c G sqrt(k)/(n sqrt(mu)) (c = 1 paper's sensitivity, c = 2 replace-one)."""
    n = _V.integer("n", n, lo=1)
    G = _V.positive("G", G)
    k = _V.positive("k", k)
    mu = _V.positive("mu", mu)
    c = {"paper": 1.0, "replace": 2.0}.get(_V.choice("neighbouring", neighbouring, ("paper", "replace")))
    if c is None:
        raise ValueError(f"neighbouring must be 'paper' or 'replace', got {neighbouring!r}")
    return _V.finite_result("t", c * G * math.sqrt(k) / (n * math.sqrt(mu)), G=G, k=k, mu=mu)


def fallback_applies(n, d, epsilon, delta, p) -> bool:
    """Theorem 5.5.8 proof (003 L4707): Theta' = min(1/(p-1), log d); fall back iff (n eps)^2 < d Theta' log(1/delta).

    Preconditions (validated): p in [1, 2]; delta in (0, 1).
    Steps: Theta' = min(1/(p - 1), log d) (log d for p = 1); compare (n eps)^2 with d Theta' log(1/delta).
    Postcondition: True iff the fallback branch applies; a function of public parameters only.
    Spec: 003_ch05.alg_m_erm_sco
    """
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    epsilon = _V.nonnegative("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    p = _V.in_range("p", p, 1.0, 2.0)
    theta = min(1 / (p - 1), math.log(d)) if p > 1 else math.log(d)
    return (n * epsilon) * (n * epsilon) < d * theta * math.log(1 / delta)     # no ** overflow (inf < x: False)


def m_erm_fallback(data, x_fixed, n, d, epsilon, delta, p):
    """The fallback branch of M_erm/M_sco (L4707): return the fixed public point ``x_fixed`` (0-DP: the decision
    uses only public n, d, eps, delta, p) -- or None when the main branch applies.  Spec: 003_ch05.priv.fallback

    Preconditions: as :func:`fallback_applies`; ``x_fixed`` a public point of X.
    Steps: if fallback_applies(...): return a copy of x_fixed, else None.
    Postcondition: the output does not depend on ``data`` (0-DP).
    """
    data = _V.matrix("data", data)                       # the (n, d) data set (ignored by the fallback, validated)
    x_fixed = _V.vector("x_fixed", x_fixed)
    if fallback_applies(n, d, epsilon, delta, p):
        return np.array(x_fixed, dtype=float, copy=True)
    return None


def m_erm_delta_with_tv(epsilon, t, tv) -> float:
    """delta of the approximate mechanism: GDP curve of the exact target, plus the TV transfer (1 + e^eps) tv
    (``accounting.tv_to_dp``).

    Preconditions (validated by the core accountants): epsilon >= 0, t > 0, tv in [0, 1].
    Steps: delta0 = gdp_delta(epsilon, t); delta = tv_to_dp(epsilon, delta0, tv) = delta0 + (1 + e^eps) tv.
    Postcondition: the approximate mechanism (within TV ``tv`` of a t-GDP one) is (epsilon, delta)-DP.
    Spec: 003_ch05.alg_m_erm_sco
    """
    epsilon = _V.nonnegative("epsilon", epsilon, allow_inf=True)
    tv = _V.probability("tv", tv)
    t = _V.positive("t", t)
    d0 = float(accounting.gdp_delta(epsilon, t))
    return accounting.tv_to_dp(epsilon, d0, tv)[1]
