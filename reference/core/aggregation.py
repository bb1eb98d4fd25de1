"""Aggregate: robust selection of a point that most of a set of candidates agree on.

Shared by document 000 (Alg. 7 and the parallel solver's boosting step) and thesis ch. 12 (Alg. 38).
"""
from __future__ import annotations

import numpy as np

from reference.core.validation import matrix, nonnegative

__all__ = ["aggregate"]


def aggregate(points, Delta: float) -> tuple[np.ndarray, bool]:
    """STAND-IN Aggregate for Lemma 11 ([KLL+22, Claim 1], 000 L1032-1034).

    Preconditions: points (k, d) finite, k >= 1 (a 1-D array is one point); Delta >= 0 finite (validated).
    Steps: c_i = #{j : ||x_i - x_j|| <= 2 Delta/3}; return the first x_i with c_i >= 0.51 k (flag True); else (x_1, False).
    Postcondition: if >= 0.51k points lie within Delta/3 of some y then ||output - y|| <= Delta (triangle inequality
    + pigeonhole).
    Randomness: none.
    Spec: 000.aggregate
    """
    if points is None or isinstance(points, (str, bytes, bool, np.bool_)):   # (np.asarray would coerce them)
        raise TypeError(f"points must be a (k, d) array of reals, got {type(points).__name__} {points!r}"[:300])
    P = matrix("points", np.atleast_2d(np.asarray(points, dtype=float)))
    if P.shape[0] < 1 or P.shape[1] < 1:
        raise ValueError(f"points must be a non-empty (k, d) array, got shape {P.shape}")
    Delta = nonnegative("Delta", Delta)
    k = P.shape[0]
    D = np.linalg.norm(P[:, None, :] - P[None, :, :], axis=-1)
    cnt = (D <= 2 * Delta / 3).sum(axis=1)
    ok = np.nonzero(cnt >= 0.51 * k)[0]
    return (P[ok[0]].copy(), True) if ok.size else (P[0].copy(), False)
