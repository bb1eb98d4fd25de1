"""Binary-tree aggregation for continual counting (Dwork, Naor, Pitassi, Rothblum 2010; Chan, Shi, Song 2011),
in the indexing of document 002 (proof of Lemma 5.6, l.541-545).

Indexing (002 l.541, 1-indexed stream v_1..v_T): node (j, k), level k >= 0, j >= 1, covers the leaves
``(j-1) 2^k + 1 .. j 2^k`` and releases ``s_{j,k} = sum of those v_i + xi_{j,k}``, xi i.i.d. N(0, sigma^2 I).
Only odd j are ever needed: the prefix ``g_s = v_1 + ... + v_s`` is the sum of the nodes
``(floor(s/2^k), k)`` over the set bits k of s (``floor(s/2^k)`` is odd there), e.g.
``g_7 = s_{1,2} + s_{3,1} + s_{7,0}``.  At step s exactly one node completes: ``k = nu_2(s)`` (trailing zeros),
``j = s/2^k`` (odd).  So there are exactly T nodes, one per step, and the per-node noise is indexed by the
step at which its node completes: ``noise[s-1]`` is the standard normal vector of node(s).

Index ranges (``index_range``):
* ``"complete"`` (default, the corrected range): odd j with ``j 2^k <= T`` — the nodes completed by time T.
* ``"printed"``: odd j with ``j <= T/2^k - 1`` for k = 0..ceil(lg T), as printed in 002 l.541.  For
  T = 2^K it omits exactly node (1, K), needed for g_T (002 AUD-20); for other T the literal reading
  omits further nodes.  Prefixes that need an omitted node raise :class:`MissingNodeError`.
* ``"all"``: every j (odd and even) with ``j 2^k <= T`` — the full dyadic tree; its even nodes are never
  used by a prefix, but it is the tree in which each leaf lies in exactly K+1 nodes when T = 2^K.

Document 002 use: leaf s is Delta_{s-1} (AUD-45) and b_t = -N_{t+1}/beta, where N_s =
``TreeAggregator.prefix_noise(s)``; its exact covariance is ``prefix_noise_covariance``.

Spec: core.tree.* (specs/core.mechanisms.toml).  Checks: proofs_checks/core/tree.py.
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.samplers import _finite_array, _generator, _int, _real
from reference.core import validation as _V

__all__ = [
    "INDEX_RANGES",
    "MissingNodeError",
    "tree_depth",
    "node_of_step",
    "node_leaves",
    "prefix_nodes",
    "tree_nodes",
    "leaf_memberships",
    "tree_l2_sensitivity",
    "prefix_incidence",
    "prefix_noise_covariance",
    "TreeAggregator",
    "tree_prefix_sums",
]

INDEX_RANGES = ("complete", "printed", "all")


class MissingNodeError(ValueError):
    """A prefix estimate needs a node that the chosen index range does not release (002 AUD-20)."""


def _index_range(index_range: str) -> str:
    return _V.choice("index_range", index_range, INDEX_RANGES)


def tree_depth(T: int) -> int:
    """``K = ceil(lg T)`` (levels k = 0..K; K = 0 for T = 1).

    Preconditions (validated): T an integer >= 1.
    Steps: K = (T - 1).bit_length() (exact integer ceil(lg T)).
    Postcondition: 2^(K-1) < T <= 2^K for T >= 2; K = 0 for T = 1.
    Randomness: none.
    Spec: core.tree.tree_depth
    """
    T = _int("T", T, lo=1)
    return (T - 1).bit_length()


def node_of_step(s: int) -> tuple[int, int]:
    """The node completed at step s: ``k = nu_2(s)`` (trailing zero bits), ``j = s / 2^k`` (odd).

    Preconditions (validated): s an integer >= 1.
    Steps: k = number of trailing zero bits of s; j = s >> k.
    Postcondition: j odd, j 2^k = s, the node's leaves are s - 2^k + 1 .. s.
    Randomness: none.
    Spec: core.tree.node_of_step
    """
    s = _int("s", s, lo=1)
    k = (s & -s).bit_length() - 1
    return s >> k, k


def node_leaves(j: int, k: int) -> range:
    """Leaves of node (j, k): ``range((j-1) 2^k + 1, j 2^k + 1)`` (1-indexed, 002 l.541).

    Preconditions (validated): j >= 1, k >= 0 integers.
    Steps: the dyadic block of length 2^k ending at j 2^k.
    Postcondition: 2^k consecutive leaves.
    Randomness: none.
    Spec: core.tree.node_leaves
    """
    j = _int("j", j, lo=1)
    k = _int("k", k, lo=0)
    return range((j - 1) * 2 ** k + 1, j * 2 ** k + 1)


def prefix_nodes(s: int) -> list[tuple[int, int]]:
    """Nodes whose sum is the prefix g_s: ``(floor(s/2^k), k)`` for the set bits k of s, highest level first.

    Preconditions (validated): s an integer >= 1.
    Steps: for each set bit k of s from the highest: the node (floor(s/2^k), k).
    Postcondition: the nodes' leaf ranges are disjoint and their union is {1..s}; there are popcount(s)
    of them (e.g. prefix_nodes(7) = [(1, 2), (3, 1), (7, 0)], 002 l.541).
    Randomness: none.
    Spec: core.tree.prefix_nodes, core.tree.prefix_variance
    """
    s = _int("s", s, lo=1)
    return [(s >> k, k) for k in range(s.bit_length() - 1, -1, -1) if (s >> k) & 1]


def tree_nodes(T: int, index_range: str = "complete") -> list[tuple[int, int]]:
    """The released nodes (j, k) for a stream of length T, sorted by completion time j 2^k (then level).

    Preconditions (validated): T an integer >= 1; index_range in {"complete", "printed", "all"}.
    Steps: ``"complete"``: odd j, j 2^k <= T (T nodes, one per step); ``"printed"``: odd j <= T/2^k - 1,
    k = 0..ceil(lg T) (002 l.541 as printed); ``"all"``: every j >= 1 with j 2^k <= T.
    Postcondition: "complete" has exactly one node completed at each step s = 1..T; "printed" misses (1, lg T) when T
    is a power of 2 (core.tree.printed_index_range).
    Randomness: none.
    Spec: core.tree.tree_nodes
    """
    _V.choice("index_range", index_range, ('all', 'complete', 'printed'))
    T = _int("T", T, lo=1)
    index_range = _index_range(index_range)
    K = tree_depth(T)
    out = []
    for k in range(K + 1):
        size = 2 ** k
        if index_range == "complete":
            js = range(1, T // size + 1, 2)
        elif index_range == "all":
            js = range(1, T // size + 1)
        else:  # printed: j = 1, 3, 5, ..., T/2^k - 1 read literally as odd j <= T/2^k - 1, i.e. (j+1) 2^k <= T
            js = (j for j in range(1, T // size + 1, 2) if (j + 1) * size <= T)
        out.extend((j * size, k, j) for j in js)
    out.sort()  # by completion time j 2^k, then level
    return [(j, k) for _, k, j in out]


def leaf_memberships(T: int, index_range: str = "complete") -> np.ndarray:
    """``m[i-1]`` = number of released nodes containing leaf i (i = 1..T), for the given index range.

    Preconditions (validated): as :func:`tree_nodes`.
    Steps: add 1 over the leaf range of every released node.
    Postcondition: for "complete", m_i <= floor(lg T) + 1 with equality for some leaf.
    Randomness: none.
    Spec: core.tree.leaf_memberships, core.tree.leaf_membership
    """
    T = _int("T", T, lo=1)
    diff = [0] * (T + 1)  # difference array: +1 at a node's first leaf, -1 after its last
    for j, k in tree_nodes(T, index_range):
        diff[(j - 1) * 2 ** k] += 1
        diff[j * 2 ** k] -= 1
    return np.cumsum(np.array(diff[:T], dtype=np.int64))


def tree_l2_sensitivity(T: int, C: float, index_range: str = "complete") -> float:
    """l2 sensitivity of the vector of all released node sums when one leaf changes by at most C in l2.

    Preconditions (validated): T an integer >= 1, C >= 0, index_range as :func:`tree_nodes`.
    Steps: ``C * sqrt(max_i m_i)`` with m = :func:`leaf_memberships` (= C sqrt(floor(lg T) + 1) for "complete").
    Postcondition: the release with N(0, sigma^2) node noise is (C sqrt(max m)/sigma)-GDP (Gaussian mechanism; adaptive
    composition for adaptively chosen leaves, Dong-Roth-Su 2022).
    Randomness: none.
    Spec: core.tree.tree_l2_sensitivity, core.tree.leaf_membership
    """
    T = _V.integer("T", T, lo=1)
    C = _real("C", C, lo=0.0)
    return C * math.sqrt(int(np.max(leaf_memberships(T, index_range))))


def prefix_incidence(T: int) -> np.ndarray:
    """The 0/1 matrix A (T x T) with N = A xi: ``A[s-1, r-1] = 1`` iff node(r) is one of prefix_nodes(s).

    Preconditions (validated): T an integer >= 1.
    Steps: xi indexed by completion step r, node(r) = node_of_step(r); row s marks the popcount(s) nodes of prefix s.
    Postcondition: row sums = popcount(s); A A^T = the prefix-noise covariance / sigma^2.
    Randomness: none.
    Spec: core.tree.prefix_incidence
    """
    T = _int("T", T, lo=1)
    A = np.zeros((T, T), dtype=np.int64)
    for s in range(1, T + 1):
        for j, k in prefix_nodes(s):
            A[s - 1, j * 2 ** k - 1] = 1
    return A


def prefix_noise_covariance(T: int, sigma: float = 1.0) -> np.ndarray:
    """Exact per-coordinate covariance of the prefix noises: ``Cov(N_s, N_t) = sigma^2 |P(s) ∩ P(t)|``.

    Preconditions (validated): T an integer >= 1, sigma >= 0.
    Steps: sigma^2 A A^T with A = :func:`prefix_incidence` (P(s) = prefix_nodes(s)).
    Postcondition: the diagonal is sigma^2 popcount(s); the full covariance is this ⊗ I_dim.
    Randomness: none.
    Spec: core.tree.prefix_noise_covariance, core.tree.prefix_covariance
    """
    T = _V.integer("T", T, lo=1)
    sigma = _real("sigma", sigma, lo=0.0)
    A = prefix_incidence(T).astype(float)  # float BLAS product: exact, the entries are integers <= lg T + 1
    with np.errstate(over="ignore"):
        cov = (sigma * sigma) * (A @ A.T)
    return _V.finite_result("sigma^2 |P(s) ∩ P(t)|", cov, sigma=sigma, T=T)


class TreeAggregator:
    """Streaming binary-tree mechanism (002 l.541; A-6): feed v_1, v_2, ... with :meth:`step`, which returns
    the private prefix estimate g~_s = sum of the released node sums of prefix_nodes(s).

    Preconditions: ``T`` integer >= 1; ``sigma`` in [0, inf) (node noise sd, absolute units); ``dim`` >= 1;
    ``rng`` a Generator (one ``rng.standard_normal(dim)`` per step, for the node completed at that step) or
    ``noise`` of shape (T, dim): the standard normals per completion step (replay mode; rng unused);
    ``index_range`` in INDEX_RANGES (see module docstring).
    Steps at time s (002 A-6 streaming form): 1. (j, k) = node_of_step(s); 2. z_s ~ N(0, I) (or noise[s-1]),
    xi_{j,k} = sigma z_s, s_{j,k} = sum_{i in node} v_i + xi_{j,k} (only if the node is released);
    3. g~_s = sum over prefix_nodes(s) of s_{j,k}.
    Postcondition: g~_s - g_s = N_s ~ N(0, sigma^2 popcount(s) I), Cov(N_s, N_t) = sigma^2 |P(s)∩P(t)| I;
    the node release is (C sqrt(floor(lg T)+1)/sigma)-GDP for per-leaf l2 changes <= C.
    Kept state: ``draws`` (T, dim) standard normals used so far, ``node_noise`` {(j,k): xi},
    ``node_sums`` {(j,k): s_{j,k}}, ``prefix_sums`` exact g_s, ``estimates`` g~_s.
    Randomness: one standard normal vector (dim) per released node, from ``rng`` or pre-drawn ``noise`` of shape (T, dim) consumed in completion order; ``draws`` records them (replay bit-identical).
    Spec: core.tree.TreeAggregator
    """

    def __init__(self, T: int, sigma: float, dim: int = 1, rng: np.random.Generator | None = None, noise=None,
                 index_range: str = "complete"):
        self.T = _int("T", T, lo=1)
        self.sigma = _real("sigma", sigma, lo=0.0)
        self.dim = _int("dim", dim, lo=1)
        self.index_range = _index_range(index_range)
        if noise is not None:
            z = _finite_array("noise", noise, ndim=2)
            if z.shape != (self.T, self.dim):
                raise ValueError(f"noise must have shape (T, dim) = ({self.T}, {self.dim}), got {z.shape}")
            self._replay = z.copy()
            self.rng = None
        else:
            self._replay = None
            self.rng = _generator(rng)
        self.released = set(tree_nodes(self.T, self.index_range))
        self.s = 0
        self.draws = np.zeros((self.T, self.dim))      # row s-1 holds z_s once step s has run (0 before)
        self.leaves = np.zeros((self.T, self.dim))
        self._running = np.zeros(self.dim)
        self.node_noise: dict[tuple[int, int], np.ndarray] = {}
        self.node_sums: dict[tuple[int, int], np.ndarray] = {}
        self.prefix_sums: list[np.ndarray] = []
        self.estimates: list[np.ndarray] = []

    def step(self, v) -> np.ndarray:
        """Consume v_s (shape (dim,), or a scalar when dim = 1); return g~_s (shape (dim,))."""
        if self.s >= self.T:
            raise ValueError(f"the stream has length T={self.T}; no more steps allowed")
        a = _finite_array("v", v)
        if a.ndim == 0 and self.dim == 1:
            a = a.reshape(1)
        if a.shape != (self.dim,):
            raise ValueError(f"v must have shape ({self.dim},), got {a.shape}")
        self.s += 1
        s = self.s
        self.leaves[s - 1] = a
        j, k = node_of_step(s)                                            # step 1
        z = self._replay[s - 1] if self._replay is not None else self.rng.standard_normal(self.dim)  # step 2
        self.draws[s - 1] = z
        if (j, k) in self.released:
            xi = self.sigma * z
            block = self.leaves[(j - 1) * 2 ** k: j * 2 ** k]
            self.node_noise[(j, k)] = xi
            self.node_sums[(j, k)] = np.sum(block, axis=0) + xi
        self._running = self._running + a
        self.prefix_sums.append(self._running.copy())
        est = np.zeros(self.dim)                                          # step 3
        for node in prefix_nodes(s):
            if node not in self.node_sums:
                raise MissingNodeError(
                    f"prefix g_{s} needs node (j={node[0]}, k={node[1]}), which index_range="
                    f"{self.index_range!r} does not release (002 l.541, AUD-20)")
            est = est + self.node_sums[node]
        self.estimates.append(est)
        return est.copy()

    def prefix_noise(self, s: int) -> np.ndarray:
        """N_s = g~_s - g_s = sum of xi over prefix_nodes(s) (s <= steps taken)."""
        s = _int("s", s, lo=1, hi=self.s)
        out = np.zeros(self.dim)
        for node in prefix_nodes(s):
            if node not in self.node_noise:
                raise MissingNodeError(f"prefix noise N_{s} needs node {node}, not released by "
                                       f"index_range={self.index_range!r}")
            out = out + self.node_noise[node]
        return out


def tree_prefix_sums(values, sigma: float, rng: np.random.Generator | None = None, noise=None,
                     index_range: str = "complete") -> tuple[np.ndarray, np.ndarray]:
    """Batch / replay mode: run :class:`TreeAggregator` over the whole stream; return (estimates, draws).

    Preconditions (validated): ``values`` finite, shape (T,) or (T, dim); sigma >= 0; ``rng`` or ``noise``.
    Steps: one TreeAggregator step per value, in order.
    Postcondition: estimates[s-1] = g~_s as streamed; draws = the standard normals used.
    Randomness: T x dim standard normals (one per released node) from ``rng``, or pre-drawn ``noise`` of shape (T, dim)
    (e.g. the ``draws`` of an earlier streaming run: then the estimates are bit-identical to that run's).
    Spec: core.tree.tree_prefix_sums
    """
    rng = _V.generator("rng", rng, allow_none=True)
    sigma = _V.nonnegative("sigma", sigma)
    v = _finite_array("values", values)
    if v.ndim == 1:
        v = v[:, None]
    if v.ndim != 2 or v.shape[0] == 0:
        raise ValueError(f"values must have shape (T,) or (T, dim) with T >= 1, got {np.shape(values)}")
    agg = TreeAggregator(v.shape[0], sigma, v.shape[1], rng=rng, noise=noise, index_range=index_range)
    est = np.array([agg.step(row) for row in v])
    return est, agg.draws.copy()
