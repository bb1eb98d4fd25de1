"""Binary tree mechanism of Lemma 5.6 (002 l.535–545): a thin, paper-indexed layer over :mod:`reference.core.tree`.

Nodes s_{j,k} = Σ_{i=(j−1)2^k+1}^{j·2^k} v_i + ξ_{j,k},  ξ_{j,k} i.i.d. N(0, σ² I_p)   (l.541).

The streaming mechanism, node enumeration, prefix decomposition and the exact prefix-noise covariance live in
:mod:`reference.core.tree` (``TreeAggregator``, ``tree_nodes``, ``prefix_nodes``, ``prefix_incidence``,
``prefix_noise_covariance``, ``leaf_memberships``); they are re-exported here.  This module only adds what is
specific to document 002:

* the paper's two readings of the index range, named as in the spec: ``variant="printed"`` (l.541 literally:
  k = 0..⌈lg T⌉, odd j = 1, 3, ..., ≤ T/2^k − 1; core ``index_range="printed"``) and ``variant="corrected"``
  (odd j with j·2^k <= T; core ``index_range="complete"``).  For T a power of 2 the printed range omits exactly the
  root (1, lg T), which the prefix g_T needs (AUD-20); for other T it omits every node ending at T;
* the (j, k) ↔ noise-row bookkeeping used by Algorithm 1: node (j, k) completes at step j·2^k and its noise is row
  j·2^k − 1 of the (T, p) node-noise array (``node_noise_index``), exactly the row ``TreeAggregator`` uses;
* ``prefix_noise(xi)``: all prefix noises N_s = Σ_{nodes of prefix s} ξ at once (= prefix_incidence(T) @ xi),
  used for b_t = −N_{t+1} in z-units (σ in z-units, leaves Δ_{s−1}/β; equivalently core's b_t = −N_{t+1}/β with
  leaves Δ_{s−1} and σ in Δ-units).

Spec: 002.algA6
"""
from __future__ import annotations

import numpy as np

from reference.core.tree import (MissingNodeError, TreeAggregator, leaf_memberships, node_leaves, node_of_step,
                                 prefix_incidence, prefix_nodes, prefix_noise_covariance, tree_depth,
                                 tree_l2_sensitivity, tree_prefix_sums)
from reference.core.tree import tree_nodes as _core_tree_nodes
from reference.core import validation as _V

__all__ = [
    "VARIANTS", "lg_ceil", "tree_nodes", "node_leaves", "prefix_nodes", "prefix_formable", "missing_prefix_nodes",
    "leaf_membership", "node_time", "node_noise_index", "node_of_step", "prefix_noise", "prefix_incidence",
    "prefix_noise_covariance", "tree_l2_sensitivity", "TreeAggregator", "tree_prefix_sums", "MissingNodeError",
]

#: paper variant name -> core index_range
VARIANTS = {"corrected": "complete", "printed": "printed"}

lg_ceil = tree_depth   # ⌈lg T⌉ (exact integer arithmetic), the K of l.541–543


def _index_range(variant: str) -> str:
    return VARIANTS[_V.choice("variant", variant, tuple(VARIANTS))]


def tree_nodes(T: int, variant: str = "corrected") -> list[tuple[int, int]]:
    """The node labels (j, k) released over leaves 1..T (l.541), sorted by completion time.

    Preconditions: T integer >= 1; variant "printed" | "corrected" (ValueError otherwise).
    Steps: printed: k = 0..⌈lg T⌉, odd j <= T/2^k − 1 (as printed, l.541); corrected: odd j with j·2^k <= T.
    Postcondition: corrected gives exactly T nodes, every prefix 1..s a disjoint union of <= ⌈lg T⌉ of them; the
      printed range omits (1, lg T) when T is a power of 2, so g_T cannot be formed (002.algA6, AUD-20).
    Randomness: none.
    Spec: 002.algA6
    """
    T = _V.integer("T", T, lo=1)
    return _core_tree_nodes(T, _index_range(variant))


def node_time(j: int, k: int) -> int:
    """The step s = j·2^k at which node (j, k) completes (its last leaf arrives)."""
    j = _V.integer("j", j)
    k = _V.integer("k", k)
    return node_leaves(j, k).stop - 1


def node_noise_index(j: int, k: int) -> int:
    """Row of the (T, p) node-noise array holding ξ_{j,k} (completion order, as ``TreeAggregator`` draws it)."""
    j = _V.integer("j", j)
    k = _V.integer("k", k)
    return node_time(j, k) - 1


def missing_prefix_nodes(s: int, T: int, variant: str = "corrected") -> list[tuple[int, int]]:
    """The nodes needed by prefix g_s that the given variant's index range does not release."""
    s = _V.integer("s", s)
    T = _V.integer("T", T, lo=1)
    nodes = set(tree_nodes(T, variant))
    return [nd for nd in prefix_nodes(s) if nd not in nodes]


def prefix_formable(s: int, T: int, variant: str = "corrected") -> bool:
    """Whether every node needed by prefix g_s exists in the tree of the given variant."""
    s = _V.integer("s", s)
    T = _V.integer("T", T, lo=1)
    return not missing_prefix_nodes(s, T, variant)


def leaf_membership(i: int, T: int, variant: str = "corrected") -> int:
    """Number of released nodes containing leaf i (l.543 claims <= 1 + ⌈lg T⌉)."""
    i = _V.integer("i", i)
    T = _V.integer("T", T, lo=1)
    if not 1 <= i <= T:
        raise ValueError(f"i must be an integer in [1, T] = [1, {T}], got {i!r}")
    return int(leaf_memberships(T, _index_range(variant))[i - 1])


def prefix_noise(xi: np.ndarray) -> np.ndarray:
    """N_s for s = 1..T from the corrected tree's node noise xi (T, p) in completion order; returns (T, p).

    Preconditions (validated): xi finite-shaped (T, p), T >= 1 (the node noise already scaled by σ).
    Steps: N_s = Σ_{(j,k) ∈ prefix_nodes(s)} ξ_{j,k} = (prefix_incidence(T) @ xi)[s−1] (l.541–543).
    Postcondition: identical to ``TreeAggregator(T, σ, p, noise=xi/σ).prefix_noise(s)``; for ξ ~ N(0, σ²I) i.i.d.,
      N_s ~ N(0, popcount(s)σ²I) and Cov(N_s, N_r) = σ²·#shared nodes (002.lemma5_6.covariance).
    Randomness: none here (the caller passes the node noise; see dp_srgd_tree's "xi" stream).
    Spec: 002.algA6
    """
    xi = _V.matrix("xi", xi)
    if xi.shape[0] < 1:
        raise ValueError(f"xi must have shape (T, p) with T >= 1, got {xi.shape}")
    return prefix_incidence(xi.shape[0]).astype(float) @ xi
