"""Lower-bound hard instances of thesis 003 Section 5.7 ([DJWW15] Gaussian linear losses).

Spec: 003_ch05.alg_lower_bound_instance
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.randomness import Source
from reference.core import validation as _V

__all__ = ["hard_instance", "optimality_gap"]


def hard_instance(d: int, k: int, G, p, D, rng: np.random.Generator | None, v=None, *, draws=None):
    """Prop 5.7.4 instance (003 L4857-4863): v ~ Unif{±1}^d, P_v = N(kappa v, sigma^2 I), f(x; s) = <s, x>,
    sigma = G d^{-1/q}/sqrt(d/k + 4 log d), kappa = sigma sqrt(d)/(2 sqrt k); X = l_p ball of diameter D at 0.

    Preconditions (validated): d integer >= 2; k integer >= 1; p in [1, 2]; ``v`` None or a given sign vector.
    Steps: v_j = -1 if U_j < 1/2 else +1 (unless ``v`` is given); sigma (L4863), kappa (L4861).
    Postcondition: returns dict(v, kappa, sigma, sample(rng, m) -> (m, d) array, x_star = -(D/2) d^{-1/p} v,
        f_star = -kappa (D/2) d^{1/q}); E||s||_q^2-type scaling makes f(., s) G-Lipschitz in l_p on average.
    Randomness: d standard uniforms for v, from ``rng`` or pre-drawn ``draws`` (shape (d,); then ``rng=None`` is
        admissible); none when ``v`` is given;
        ``sample(r, m)`` draws (m, d) standard normals from its own ``r``.
    Spec: 003_ch05.alg_lower_bound_instance
    """
    d, k = _V.integer("d", d, lo=2), _V.integer("k", k, lo=1)
    G, p, D = _V.positive("G", G), _V.in_range("p", p, 1.0, 2.0), _V.positive("D", D)
    q = math.inf if p == 1 else p / (p - 1)
    inv_q = 0.0 if p == 1 else 1 / q
    if v is None:
        v = np.where(Source(rng, draws, single="v").uniform("v", (int(d),)) < 0.5, -1.0, 1.0)
    else:
        v = _V.vector("v", v, d)
        if not np.all(np.abs(v) == 1):
            raise ValueError(f"v must be a sign vector in {{-1, +1}}^d, got {v!r}"[:300])
    sigma = G * d ** (-inv_q) / math.sqrt(d / k + 4 * math.log(d))            # L4863
    kappa = sigma * math.sqrt(d) / (2 * math.sqrt(k))                          # L4861
    return dict(v=v, kappa=kappa, sigma=sigma, q=q,
                sample=lambda r, m: kappa * v + sigma * r.standard_normal((int(m), d)),
                x_star=-(D / 2) * d ** (-1 / p) * v, f_star=-kappa * (D / 2) * d ** inv_q)


def optimality_gap(x, v, kappa, D, p) -> float:
    """E_{P_v} f(x; s) - E_{P_v} f(x*_v; s) = kappa (<v, x> + (D/2) d^{1/q}) (Lemma 5.7.1, L4837).

    Preconditions: v in {-1, +1}^d; kappa, D > 0; p in [1, 2].
    Steps: the closed form above (E f(x; s) = kappa <v, x> under P_v).
    Postcondition: the exact optimality gap of x on the instance (Lemma 5.7.1's left side).
    Spec: 003_ch05.alg_lower_bound_instance
    """
    kappa = _V.positive("kappa", kappa)
    D = _V.positive("D", D)
    p = _V.in_range("p", p, 1.0, 2.0)
    x = _V.vector("x", x)
    v = _V.vector("v", v, x.shape[0])
    if not np.all(np.abs(v) == 1):
        raise ValueError("v must have entries in {-1, +1}")
    d = len(v)
    inv_q = 0.0 if p == 1 else 1 - 1 / p
    return float(kappa * (np.dot(v, x) + (D / 2) * d ** inv_q))
