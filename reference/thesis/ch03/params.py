"""Parameter choices of thesis 003 Ch.3 Thm 3.6.4 (DP-ERM) and Thm 3.6.9 (DP-SCO).  Spec: 003_ch03.alg3, alg4"""
from __future__ import annotations

import math
from reference.core import validation as _V

__all__ = ["dp_erm_parameters", "dp_sco_parameters"]


def _expit_neg(eps):
    """1 / (1 + e^eps) without overflow."""
    return 1.0 / (1.0 + math.exp(eps)) if eps < 700 else math.exp(-eps)


def _check(eps, delta, G, D, n, d, hi_delta):
    for name, v in (("epsilon", eps), ("G", G), ("D", D)):
        _V.positive(name, v)
    _V.in_range("delta", delta, 0.0, hi_delta, lo_open=True, hi_open=True)
    for name, v in (("n", n), ("d", d)):
        _V.integer(name, v, lo=1)


def dp_erm_parameters(epsilon, delta, G, D, n, d, tv_variant="correct"):
    """Thm 3.6.4 (003 L3015-3035): L_delta = log(3/(4 delta)), a = sqrt(L_delta + eps) - sqrt(L_delta),
    mu = G sqrt(d)/(n D a), k = 2 mu n^2 a^2/G^2, so s = G sqrt(k)/(n sqrt(mu)) = sqrt2 a; TV accuracy
    eta_TV = delta/3 (thesis) or delta/(3(1 + e^eps)) (correct, audit C-12).
    Preconditions: eps > 0, delta in (0, 1/10), G, D > 0, n, d >= 1.
    Postcondition: dict(L, a, mu, k, s, eta_tv, utility = GD sqrt(d)/(n a), queries_T = k G^2/mu = 2 n^2 a^2).

    Steps: L, a, mu, k, s as above (L3025-3031), eta_TV by ``tv_variant``.
    Spec: 003_ch03.alg3
    """
    _V.choice("tv_variant", tv_variant, ('correct', 'thesis'))
    _check(epsilon, delta, G, D, n, d, 0.1)                          # one validation line per parameter
    L = math.log(3 / (4 * delta))
    a = epsilon / (math.sqrt(L + epsilon) + math.sqrt(L))            # = sqrt(L+eps) - sqrt(L)
    mu = G * math.sqrt(d) / (n * D * a)
    if not mu > 0:
        raise ValueError(f"mu = G sqrt(d) / (n D a) underflows to 0 at G={G!r}, D={D!r}, n={n}, epsilon={epsilon!r}")
    k = 2 * mu * n * n * a * a / (G * G)
    s = G * math.sqrt(k) / (n * math.sqrt(mu))
    eta = delta / 3 if tv_variant == "thesis" else delta / 3 * _expit_neg(epsilon)
    out = dict(L=L, a=a, mu=mu, k=k, s=s, eta_tv=eta, utility=G * D * math.sqrt(d) / (n * a),
               queries_T=k * G * G / mu)
    _V.finite_result("the parameters", list(out.values()), epsilon=epsilon, G=G, D=D, n=n)
    return out


def dp_sco_parameters(epsilon, delta, G, D, n, d, tv_variant="correct"):
    """Thm 3.6.9 (003 L3117-3144): L_delta = log(3/(4 delta)), mu = (G/D) sqrt(2(2 L d/(eps^2 n^2) + 1/(2n))),
    k = (mu/G^2) min{eps^2 n^2/(2L), 2nd}; s = G sqrt(k)/(n sqrt(mu)) <= eps/sqrt(2L).
    Preconditions: 0 < eps, delta < 1/10.
    Postcondition: dict(L, mu, k, s, eta_tv, bound = d/k + mu D^2/2 + G^2/(mu n), printed = GD(2 sqrt(d log(1/delta))/(eps n) + 2/sqrt n)).

    Steps: L, mu, k, s as above (L3119-3125), eta_TV = delta/3 (thesis) or delta/(3(1 + e^eps)) (correct).
    Spec: 003_ch03.alg4
    """
    _V.choice("tv_variant", tv_variant, ('correct', 'thesis'))
    _check(epsilon, delta, G, D, n, d, 0.1)                          # one validation line per parameter
    _V.in_range("epsilon", epsilon, 0.0, 0.1, lo_open=True, hi_open=True)
    L = math.log(3 / (4 * delta))
    mu = (G / D) * math.sqrt(2 * (2 * L * d / (epsilon ** 2 * n ** 2) + 1 / (2 * n)))
    k = (mu / G / G) * min(epsilon ** 2 * n ** 2 / (2 * L), 2 * n * d)
    s = G * math.sqrt(k) / (n * math.sqrt(mu))
    eta = delta / 3 if tv_variant == "thesis" else delta / 3 * _expit_neg(epsilon)
    out = dict(L=L, mu=mu, k=k, s=s, eta_tv=eta, bound=d / k + mu * D * D / 2 + G * G / (mu * n),
               printed=G * D * (2 * math.sqrt(d * math.log(1 / delta)) / (epsilon * n) + 2 / math.sqrt(n)))
    _V.finite_result("the parameters", list(out.values()), epsilon=epsilon, G=G, D=D, n=n)
    return out
