"""Stand-ins for a user's fast ports: vectorized numpy re-implementations of reference algorithms, written
independently of the reference code (not calling it), written from the documented conventions
(``dpsco-ref oracle --list``), plus copies with one seeded bug each (``bug=`` keyword, used through
``functools.partial``).

Bug kinds (the issue-19 list): ``sqrt2`` (noise std x sqrt 2), ``std1.1`` (x 1.1), ``laplace`` (a Laplace sampler with
the same variance), ``bias`` (noise mean 0.05 sd), ``indep`` / ``level`` (tree noise with the right marginal variances
but wrong correlations), plus deterministic ones (missing clip, wrong step size, missing node).
"""
from __future__ import annotations

from functools import lru_cache, partial

import numpy as np

BIAS_SD = 0.05


def _std_noise(rng, shape, bug):
    """Standard noise as a correct port draws it, or with the seeded bug."""
    if bug == "laplace":
        return rng.laplace(0.0, 1.0 / np.sqrt(2.0), shape)          # variance 1: same variance as N(0, 1)
    z = rng.standard_normal(shape)
    if bug == "sqrt2":
        return np.sqrt(2.0) * z
    if bug == "std1.1":
        return 1.1 * z
    if bug == "bias":
        return z + BIAS_SD
    return z


# ----------------------------------------------------------------------------------------- Gaussian mechanism
def fast_gaussian_mechanism(value, sensitivity, sigma, rng=None, noise=None, bug=None):
    v = np.asarray(value, dtype=float)
    z = np.asarray(noise, dtype=float) if noise is not None else _std_noise(rng, v.shape, bug)
    return v + sigma * z


# ----------------------------------------------------------------------------------------- tree aggregation
@lru_cache(maxsize=256)
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
    M.flags.writeable = False
    return M


def fast_tree_prefix_sums(values, sigma, rng=None, noise=None, index_range="complete", bug=None):
    """Binary-tree private prefix sums in three vector operations: cumsum + sigma * M @ z."""
    v = np.asarray(values, dtype=float)
    if v.ndim == 1:
        v = v[:, None]
    T, dim = v.shape
    M = _prefix_incidence(T)
    z = np.asarray(noise, dtype=float) if noise is not None else _std_noise(rng, (T, dim), bug)
    if bug == "indep":                     # right marginal variance popcount(s) sigma^2, no correlation across time
        return np.cumsum(v, axis=0) + sigma * np.sqrt(M.sum(axis=1))[:, None] * z, z
    if bug == "level":                     # nodes of the same level share one draw (wrong cross-time correlation)
        lvl = np.array([(e & -e).bit_length() - 1 for e in range(1, T + 1)])
        z = z[lvl]
    noise_sum = M @ z
    if bug == "missing_top" and T & (T - 1) == 0:
        noise_sum[T - 1] -= z[T - 1]
    return np.cumsum(v, axis=0) + sigma * noise_sum, z


def buggy_tree_sigma_sqrt2(values, sigma, rng=None, noise=None, index_range="complete"):
    """Seeded bug: the noise scale is off by sqrt(2) (a variance/std mix-up)."""
    return fast_tree_prefix_sums(values, sigma * np.sqrt(2.0), rng=rng, noise=noise)


def buggy_tree_missing_top_node(values, sigma, rng=None, noise=None, index_range="complete"):
    """Seeded bug: the root node of a power-of-two stream gets no noise (an off-by-one index range)."""
    return fast_tree_prefix_sums(values, sigma, rng=rng, noise=noise, bug="missing_top")


# ----------------------------------------------------------------------------------------- DP-SGD (002 A-1)
def _proj(x, r):
    n = np.linalg.norm(x)
    return x if n <= r else x * (r / n)


def fast_dp_sgd(oracle, data, *, T, B, lr, radius, p, clip, sigma=0.0, rng=None, noise=None, trace=None,
                bug=None, _bug_from_step=None):
    """DP-SGD with per-example clipping and projection onto B(0, radius), batch-vectorized; records its noise b_t
    in the trace (key 'b'), as the documented convention asks."""
    data = np.asarray(data, dtype=float)
    z = np.asarray(noise, dtype=float) if noise is not None else _std_noise(rng, (T, p), bug)
    x = np.zeros(p)
    for t in range(T):
        g = oracle(np.broadcast_to(x, (B, p)), data[t * B:(t + 1) * B])
        if bug != "no_clip":
            nrm = np.linalg.norm(g, axis=1, keepdims=True)
            g = g * np.minimum(1.0, clip / np.maximum(nrm, 1e-300))
        b = sigma * z[t]
        step = lr * (g.mean(axis=0) + b)
        if _bug_from_step is not None and t >= _bug_from_step:
            step = step * 1.01
        x_new = _proj(x - step, radius)
        if trace is not None:
            trace.append(dict(t=t, x=x.copy(), x_next=x_new.copy(), b=b))
        x = x_new

    class _R:
        y_T = x

    return _R()


def buggy_dp_sgd_no_clip(oracle, data, **kw):
    """Seeded bug: the per-example clip is missing."""
    return fast_dp_sgd(oracle, data, bug="no_clip", **kw)


def buggy_dp_sgd_from_step_2(oracle, data, **kw):
    """Seeded bug that starts at iteration 2 (to test first-divergent-step reporting)."""
    return fast_dp_sgd(oracle, data, _bug_from_step=2, **kw)


# ----------------------------------------------------------------------------------------- Accelerated-DP-SRGD (002 Alg. 1)
def _srgd_core(oracle, data, T, B, beta, radius, p, b, kappa_z, clip, trace, bug=None):
    data = np.asarray(data, dtype=float)
    eta = np.arange(1.0, T + 2)
    tau = eta / np.cumsum(eta)
    if bug == "tau":
        tau = 2.0 / (np.arange(T + 1) + 3.0)                        # wrong coupling weights
    x = np.zeros(p); z = np.zeros(p); y = np.zeros(p); x_prev = x; S = np.zeros(p)
    for t in range(T):
        Dt = data[t * B:(t + 1) * B]
        per = eta[t] * oracle(np.broadcast_to(x, (B, p)), Dt)
        if t > 0:
            per = per - eta[t - 1] * oracle(np.broadcast_to(x_prev, (B, p)), Dt)
        if clip is not None and bug != "no_clip":
            nrm = np.linalg.norm(per, axis=1, keepdims=True)
            per = per * np.minimum(1.0, clip / np.maximum(nrm, 1e-300))
        delta = per.mean(axis=0)
        S = S + delta
        grad = S / eta[t]
        kz = 1.0 if bug == "kappa_z" else kappa_z
        z_new = _proj(z - kz * (eta[t] / beta) * grad + b[t], radius)
        y_new = _proj(x - grad / beta + b[t] / eta[t], radius)
        x_new = (1 - tau[t + 1]) * y_new + tau[t + 1] * z_new
        if trace is not None:
            trace.append(dict(t=t, x=x.copy(), y_next=y_new.copy(), z_next=z_new.copy(), x_next=x_new.copy(),
                              grad=grad.copy(), delta=delta.copy(), b=np.array(b[t], dtype=float)))
        x_prev, x, y, z = x, x_new, y_new, z_new

    class _R:
        y_T = y

    return _R(), x


def fast_srgd_gaussian_b(oracle, data, *, T, B, beta, radius, p, sigma_b, clip=None, kappa_z=1.0, rng=None, b=None,
                         trace=None, bug=None):
    """Port of 002.alg1 (b_t iid N(0, sigma_b^2 I), ``b`` pre-scaled)."""
    if b is None:
        b = sigma_b * _std_noise(rng, (T, p), bug)
    return _srgd_core(oracle, data, T, B, beta, radius, p, np.asarray(b, float), kappa_z, clip, trace, bug)[0]


def fast_srgd_tree(oracle, data, *, T, B, beta, radius, p, kappa, sigma, rng=None, noise=None, kappa_z=1.0,
                   trace=None, bug=None):
    """Port of 002.algA7: tree noise b_t = -N_{t+1}, clipping at kappa, released node values."""
    M = _prefix_incidence(T)
    z = np.asarray(noise, dtype=float) if noise is not None else _std_noise(rng, (T, p), bug)
    if bug == "level":                     # nodes of the same level share one draw (consistent releases, wrong law)
        z = z[np.array([(e & -e).bit_length() - 1 for e in range(1, T + 1)])]
    xi = sigma * z
    if bug == "indep":
        N = sigma * np.sqrt(M.sum(axis=1))[:, None] * z              # right variances, no cross-time correlation
    else:
        N = M @ xi
    res, _ = _srgd_core(oracle, data, T, B, beta, radius, p, -N, kappa_z, kappa, trace, bug)
    leaves = np.array([it["delta"] for it in trace]) / beta if trace is not None else None
    if leaves is None:                                               # (re-run to get the leaves without a trace)
        tr: list = []
        _srgd_core(oracle, data, T, B, beta, radius, p, -N, kappa_z, kappa, tr, bug)
        leaves = np.array([it["delta"] for it in tr]) / beta
    nodes = {}
    for e in range(1, T + 1):                                         # node completed at step e: leaves e-len+1..e
        ln = e & -e
        k = ln.bit_length() - 1
        nodes[(e >> k, k)] = leaves[e - ln:e].sum(axis=0) + xi[e - 1]
    return res, dict(sorted(nodes.items()))


# ----------------------------------------------------------------------------------------- CDPCWME (004)
def fast_cdp_cwme(X, rho, tau, beta, rng=None, *, m=None, noise=None, bug=None, sensitivity_constant=12.0):
    """Port of CDPCWME: per coordinate, median of m block means of clipped data, plus sigma N(0, I_d)."""
    X = np.asarray(X, dtype=float)
    n, d = X.shape
    if m is None:
        m = int(np.ceil(4 * np.log(2 * d / beta)))
    bsz = n // m
    blocks = np.clip(X[:m * bsz], -3 * tau, 3 * tau).reshape(m, bsz, d).mean(axis=1)
    est = np.median(blocks, axis=0)
    sigma = sensitivity_constant * tau * np.sqrt(d) / bsz / np.sqrt(2 * rho)
    z = np.asarray(noise, dtype=float) if noise is not None else _std_noise(rng, (d,), bug)
    return est + sigma * z


def bugged(fn, bug):
    return partial(fn, bug=bug)
