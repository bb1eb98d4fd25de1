"""Stand-ins for a user's fast ports: vectorized numpy re-implementations of reference algorithms, written
independently of the reference code (not calling it), plus copies with one seeded bug each."""
from __future__ import annotations

import numpy as np


def _prefix_incidence(T: int) -> np.ndarray:
    """M[s-1, e-1] = 1 iff the dyadic node completed at step e is in the decomposition of the prefix [1..s]:
    for every set bit k of s, the node of level k ending at e = (s >> k) << k."""
    s = np.arange(1, T + 1)[:, None]
    k = np.arange(int(T).bit_length())[None, :]
    bit = (s >> k) & 1
    e = (s >> k) << k
    M = np.zeros((T, T))
    rows = np.broadcast_to(s - 1, e.shape)[bit == 1]
    M[rows, e[bit == 1] - 1] = 1.0
    return M


def fast_tree_prefix_sums(values, sigma, rng=None, noise=None, index_range="complete"):
    """Binary-tree private prefix sums in three vector operations: cumsum + sigma * M @ z."""
    v = np.asarray(values, dtype=float)
    if v.ndim == 1:
        v = v[:, None]
    T, dim = v.shape
    z = np.asarray(noise, dtype=float) if noise is not None else rng.standard_normal((T, dim))
    return np.cumsum(v, axis=0) + sigma * (_prefix_incidence(T) @ z), z


def buggy_tree_sigma_sqrt2(values, sigma, rng=None, noise=None, index_range="complete"):
    """Seeded bug: the noise scale is off by sqrt(2) (a variance/std mix-up)."""
    return fast_tree_prefix_sums(values, sigma * np.sqrt(2.0), rng=rng, noise=noise)


def buggy_tree_missing_top_node(values, sigma, rng=None, noise=None, index_range="complete"):
    """Seeded bug: the root node of a power-of-two stream gets no noise (an off-by-one index range)."""
    est, z = fast_tree_prefix_sums(values, sigma, rng=rng, noise=noise)
    T = est.shape[0]
    if T & (T - 1) == 0:
        est[T - 1] -= sigma * z[T - 1]
    return est, z


def fast_dp_sgd(oracle, data, *, T, B, lr, radius, p, clip, sigma=0.0, rng=None, noise=None, trace=None,
                _skip_clip=False, _bug_from_step=None):
    """DP-SGD with per-example clipping and projection onto B(0, radius), batch-vectorized."""
    data = np.asarray(data, dtype=float)
    z = np.asarray(noise, dtype=float) if noise is not None else rng.standard_normal((T, p))
    x = np.zeros(p)
    for t in range(T):
        g = oracle(np.broadcast_to(x, (B, p)), data[t * B:(t + 1) * B])
        if not _skip_clip:
            nrm = np.linalg.norm(g, axis=1, keepdims=True)
            g = g * np.minimum(1.0, clip / np.maximum(nrm, 1e-300))
        step = lr * (g.mean(axis=0) + sigma * z[t])
        if _bug_from_step is not None and t >= _bug_from_step:
            step = step * 1.01
        x_new = x - step
        nx = np.linalg.norm(x_new)
        x_new = x_new if nx <= radius else x_new * (radius / nx)
        if trace is not None:
            trace.append(dict(t=t, x=x.copy(), x_next=x_new.copy()))
        x = x_new

    class _R:
        y_T = x

    return _R()


def buggy_dp_sgd_no_clip(oracle, data, **kw):
    """Seeded bug: the per-example clip is missing."""
    return fast_dp_sgd(oracle, data, _skip_clip=True, **kw)


def buggy_dp_sgd_from_step_2(oracle, data, **kw):
    """Seeded bug that starts at iteration 2 (to test first-divergent-step reporting)."""
    return fast_dp_sgd(oracle, data, _bug_from_step=2, **kw)
