"""Binary tree mechanism of Lemma 5.6 (002 l.535–545), with the paper's printed index range and the corrected one.

Nodes s_{j,k} = Σ_{i=(j−1)2^k+1}^{j·2^k} v_i + ξ_{j,k},  ξ_{j,k} i.i.d. N(0, σ² I_p)   (l.541).

* ``variant="printed"``: k = 0..⌈lg T⌉ and odd j = 1, 3, ..., ≤ T/2^k − 1, as printed on l.541.  When T is a
  power of 2 this omits exactly the root node (1, lg T), which the prefix g_T needs (AUD-20); for other T
  the literal range omits every node ending at T, so g_T is never formable.
* ``variant="corrected"`` (default): odd j with j·2^k <= T, k = 0..⌊lg T⌋.  Exactly one node completes at each
  time s (k = ν₂(s), j = s/2^k), so the tree has T nodes and node (j, k) is the ``(j·2^k − 1)``-th noise row.

Prefix s uses the nodes (⌊s/2^k⌋, k) for the set bits k of s (l.541's example: g_7 = s_{1,2} + s_{3,1} + s_{7,0}),
so its noise is N_s = Σ_{k: bit k of s} ξ_{s>>k, k} ~ N(0, popcount(s) σ² I).

# TODO(core): the generic streaming aggregator belongs to reference.core.tree (TreeAggregator); this module keeps
# the paper-specific index ranges (printed vs corrected) and the (j, k) labelling of l.541.
Spec: 002.algA6
"""
from __future__ import annotations

import math

import numpy as np

__all__ = [
    "lg_ceil", "tree_nodes", "node_leaves", "prefix_nodes", "prefix_formable", "leaf_membership",
    "node_time", "node_noise_index", "prefix_noise", "prefix_noise_covariance", "BinaryTreeMechanism",
    "binary_tree_prefix_sums",
]


def _check_T(T) -> int:
    if isinstance(T, bool) or not isinstance(T, (int, np.integer)) or T < 1:
        raise ValueError(f"T must be an integer >= 1, got {T!r}")
    return int(T)


def lg_ceil(T: int) -> int:
    """⌈lg T⌉ (exact integer arithmetic)."""
    T = _check_T(T)
    return (T - 1).bit_length()


def tree_nodes(T: int, variant: str = "corrected") -> list[tuple[int, int]]:
    """The node labels (j, k) of the tree over leaves 1..T (l.541).

    printed:   k = 0..⌈lg T⌉, odd j with j <= T/2^k − 1 (real arithmetic, as printed).
    corrected: odd j with j·2^k <= T (k = 0..⌊lg T⌋).
    """
    T = _check_T(T)
    out = []
    if variant == "printed":
        for k in range(lg_ceil(T) + 1):
            j = 1
            while j <= T / 2**k - 1:        # l.541: j = 1, 3, 5, ..., T/2^k − 1
                out.append((j, k))
                j += 2
    elif variant == "corrected":
        for k in range(T.bit_length()):
            j = 1
            while j * 2**k <= T:
                out.append((j, k))
                j += 2
    else:
        raise ValueError(f"variant must be 'printed' or 'corrected', got {variant!r}")
    return out


def node_leaves(j: int, k: int) -> range:
    """Leaves (1-indexed) summed by s_{j,k}: (j−1)2^k+1 .. j·2^k (l.541)."""
    return range((j - 1) * 2**k + 1, j * 2**k + 1)


def node_time(j: int, k: int) -> int:
    """The step s = j·2^k at which node (j, k) completes (its last leaf arrives)."""
    return j * 2**k


def node_noise_index(j: int, k: int) -> int:
    """Row of the (T, p) node-noise array holding ξ_{j,k} in the corrected tree (completion order)."""
    return j * 2**k - 1


def prefix_nodes(s: int) -> list[tuple[int, int]]:
    """Nodes whose sum is the prefix g_s = v_1 + ... + v_s: (s >> k, k) for the set bits k of s."""
    s = _check_T(s)
    return [(s >> k, k) for k in range(s.bit_length()) if (s >> k) & 1]


def prefix_formable(s: int, T: int, variant: str = "corrected") -> bool:
    """Whether every node needed by prefix s exists in the tree of the given variant."""
    nodes = set(tree_nodes(T, variant))
    return all(nd in nodes for nd in prefix_nodes(s))


def leaf_membership(i: int, T: int, variant: str = "corrected") -> int:
    """Number of nodes of the tree containing leaf i (l.543 claims <= 1 + ⌈lg T⌉)."""
    return sum(1 for (j, k) in tree_nodes(T, variant) if (j - 1) * 2**k < i <= j * 2**k)


def prefix_noise(xi: np.ndarray) -> np.ndarray:
    """N_s for s = 1..T from the corrected tree's node noise xi (T, p) in completion order; returns (T, p).

    N_s = Σ_{k: bit k of s} ξ_{s>>k, k}, and ξ_{j,k} is row j·2^k − 1.
    """
    xi = np.asarray(xi, dtype=float)
    if xi.ndim != 2:
        raise ValueError(f"xi must have shape (T, p), got {xi.shape}")
    T = xi.shape[0]
    N = np.zeros_like(xi)
    for s in range(1, T + 1):
        for (j, k) in prefix_nodes(s):
            N[s - 1] += xi[node_noise_index(j, k)]
    return N


def prefix_noise_covariance(T: int) -> np.ndarray:
    """Cov(N_s, N_r)/σ² (per coordinate) = number of nodes shared by prefixes s and r (s, r = 1..T)."""
    T = _check_T(T)
    A = np.zeros((T, T))
    for s in range(1, T + 1):
        for (j, k) in prefix_nodes(s):
            A[s - 1, node_noise_index(j, k)] = 1.0
    return A @ A.T


class BinaryTreeMechanism:
    """Streaming binary tree mechanism (corrected index range): one node completes per step.

    ``sigma`` is the per-node noise standard deviation; node noise comes from ``rng`` or is replayed from
    ``noise`` (shape (T, p), row s−1 = the node completing at step s).  ``step(v)`` ingests v_s and returns
    the noisy prefix estimate g̃_s = Σ_{nodes of prefix s} s_{j,k}.  ``nodes`` holds every released node value.
    Spec: 002.algA6
    """

    def __init__(self, T: int, p: int, sigma: float, rng: np.random.Generator | None = None,
                 noise: np.ndarray | None = None):
        self.T = _check_T(T)
        if isinstance(p, bool) or not isinstance(p, (int, np.integer)) or p < 1:
            raise ValueError(f"p must be an integer >= 1, got {p!r}")
        self.p = int(p)
        if not (sigma >= 0 and math.isfinite(sigma)):
            raise ValueError(f"sigma must be in [0, inf), got {sigma!r}")
        self.sigma = float(sigma)
        if noise is None:
            if rng is None:
                raise ValueError("rng must be a numpy Generator when noise is not given")
            noise = rng.standard_normal((self.T, self.p))
        noise = np.asarray(noise, dtype=float)
        if noise.shape != (self.T, self.p):
            raise ValueError(f"noise must have shape {(self.T, self.p)}, got {noise.shape}")
        self.xi = self.sigma * noise            # ξ_{j,k} = σ·(standard normal)
        self.s = 0
        self._leaves = np.zeros((self.T, self.p))
        self.nodes: dict[tuple[int, int], np.ndarray] = {}

    def step(self, v) -> np.ndarray:
        v = np.asarray(v, dtype=float).reshape(self.p)
        if not np.all(np.isfinite(v)):
            raise ValueError("v must be finite")
        if self.s >= self.T:
            raise ValueError(f"the tree has only T = {self.T} leaves")
        self.s += 1
        s = self.s
        self._leaves[s - 1] = v
        k = (s & -s).bit_length() - 1            # ν₂(s): the node completing now
        j = s >> k
        lv = node_leaves(j, k)
        self.nodes[(j, k)] = self._leaves[lv.start - 1: lv.stop - 1].sum(axis=0) + self.xi[s - 1]   # l.541
        return sum(self.nodes[nd] for nd in prefix_nodes(s))


def binary_tree_prefix_sums(v: np.ndarray, sigma: float, rng: np.random.Generator | None = None,
                            noise: np.ndarray | None = None, variant: str = "corrected"):
    """All noisy prefix sums g̃_1..g̃_T of the stream v (T, p), and which of them the tree variant can form.

    Returns (g_tilde (T, p), formable (T,) bool).  For ``variant="printed"`` a prefix needing a node that the
    printed range omits is not formable; its row is left at 0 and flagged False (never NaN).
    """
    v = np.asarray(v, dtype=float)
    if v.ndim != 2:
        raise ValueError(f"v must have shape (T, p), got {v.shape}")
    T, p = v.shape
    mech = BinaryTreeMechanism(T, p, sigma, rng=rng, noise=noise)
    g = np.zeros((T, p))
    for s in range(1, T + 1):
        g[s - 1] = mech.step(v[s - 1])
    nodes = set(tree_nodes(T, variant))
    formable = np.array([all(nd in nodes for nd in prefix_nodes(s)) for s in range(1, T + 1)])
    g[~formable] = 0.0
    return g, formable
