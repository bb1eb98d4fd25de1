"""Exact output laws used as oracles for the chapter-9/10 AboveThreshold variants (1-D integrals, mpmath).

Spec: 003_ch09.lemma9_2_4, 003_ch10.lemma10_6_9
"""
from __future__ import annotations

import mpmath as mp
from reference.core import validation as _V

__all__ = ["at_pattern_probability", "at_all_pass_probability"]


def _lap_sf(z, b):
    """P(Lap(b) >= z)."""
    return mp.exp(-z / b) / 2 if z >= 0 else 1 - mp.exp(z / b) / 2


def at_pattern_probability(q, threshold, b_threshold, b_query, k, *, halt_on="below", sign=-1, dps: int = 20):
    """P(the AboveThreshold answers are the pattern ending at query k), integrated exactly over the threshold noise.

    Noisy threshold Δ̂ = Δ + sign·X, X ~ Lap(b_threshold) (sign = -1 for Alg 27 / L6899, +1 for Alg 34 / L7784);
    query noise ν_t ~ Lap(b_query).  halt_on = "below" (Alg 27: answers ⊤ while q_t + ν_t >= Δ̂, halts on the first ⊥)
    or "above" (Alg 34: answers ⊥ while q_t + ν_t < Δ̂, halts on the first ⊤).  k in 1..T: the halting answer is the
    k-th; ``k=None``: no halt within the T = len(q) queries.
    """
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    threshold = _V.real("threshold", threshold)
    b_threshold, b_query = _V.positive("b_threshold", b_threshold), _V.positive("b_query", b_query)
    q = _V.vector("q", q)
    _V.choice("halt_on", halt_on, ("below", "above"))
    _V.choice("sign", sign, (-1, 1))
    k = _V.optional(_V.integer, "k", k, lo=1, hi=q.shape[0])
    with mp.workdps(dps):
        q = [mp.mpf(float(x)) for x in q]
        T = len(q)
        last = T if k is None else k
        bt, bq, D = mp.mpf(b_threshold), mp.mpf(b_query), mp.mpf(threshold)

        def integrand(x):
            th = D + sign * x
            val = mp.exp(-abs(x) / bt) / (2 * bt)
            for t in range(last):
                p_ge = _lap_sf(th - q[t], bq)                  # P(q_t + ν_t >= Δ̂)
                cont = p_ge if halt_on == "below" else 1 - p_ge
                halt = (t == last - 1) and k is not None
                val *= (1 - cont) if halt else cont
            return val

        pts = sorted({mp.mpf(0), *[sign * (qt - D) for qt in q]})
        return mp.quad(integrand, [-mp.inf, *pts, mp.inf])


def at_all_pass_probability(s, threshold, b_threshold, b_query, T, *, dps: int = 20):
    """P(Alg 27 answers ⊤ to T queries of constant value s) = ∫ Lap(x) P(s + ν >= Δ − x)^T dx (Prop 9.3.7 oracle)."""
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    threshold, s, T = _V.real("threshold", threshold), _V.real("s", s), _V.integer("T", T, lo=1)
    b_threshold, b_query = _V.positive("b_threshold", b_threshold), _V.positive("b_query", b_query)
    with mp.workdps(dps):
        bt, bq, D, s = mp.mpf(b_threshold), mp.mpf(b_query), mp.mpf(threshold), mp.mpf(s)

        def integrand(x):
            return mp.exp(-abs(x) / bt) / (2 * bt) * _lap_sf(D - x - s, bq) ** T

        return mp.quad(integrand, [-mp.inf, *sorted({mp.mpf(0), D - s}), mp.inf])
