"""Tree mechanism of Ch. 7 (Algorithm 20, 003 L5767-5793; Thm 7.2.2 L5751; Prop 8.2.5 L6197).

Two variants of the noise NODE/TREE:

* ``"printed"`` -- literally Alg. 20: node set 𝒯 with levels 1 <= l <= log Σ (lengths 2^{l-1} <= Σ/2) and
  NODE(t) built greedily with block lengths 2^{⌈log Σ⌉ - i}, i = 1..⌈log Σ⌉ (L5782-5789).  For Σ = 2^L,
  NODE(Σ) = NODE(Σ-1): the last prefix carries no fresh noise on M_Σ (audit AU29).
* ``"corrected"`` (default) -- the dyadic decomposition with L = ⌈log2 Σ⌉ and levels 1..L+1 (block lengths up
  to 2^L), so NODE(t) always covers [1, t] exactly and each step lies in at most L+1 nodes.

Privacy of the corrected tree: the released node sums form one Gaussian mechanism whose l2-sensitivity is
s·sqrt(L+1) (each M_i sits in L+1 nodes), i.e. mu-GDP with mu = s·sqrt(L+1)/σ (exact, via gdp_delta).
"""
from __future__ import annotations

import math

import numpy as np

from reference.core import validation as _V
from reference.core.accounting import gdp_delta

__all__ = ["node_set", "tree_noise", "tree_mechanism", "max_node_memberships", "tree_mu", "tree_sigma_printed",
           "tree_sigma_corrected", "tree_delta"]

VARIANTS = ("corrected", "printed")


def _check_sigma_len(Sigma: int) -> int:
    return _V.integer("Sigma", Sigma, lo=1)          # sequence length (no bools, no NaN, no 1e308)


def node_set(t: int, Sigma: int, variant: str = "corrected") -> list[tuple[int, int]]:
    """NODE(t): the blocks (u, v) whose noises sum to TREE(t) (Alg. 20 lines 9-16, 003 L5782-5789).

    Preconditions: 1 <= t <= Sigma; variant in {"corrected", "printed"}.
    Postcondition (corrected): the blocks are disjoint dyadic intervals with union [1, t].
    Printed: blocks of lengths 2^{⌈log2 Σ⌉-i}, i = 1..⌈log2 Σ⌉ (never the full length 2^{⌈log2 Σ⌉}).

    Steps: binary decomposition of [1, t] into dyadic intervals of the variant's tree (printed: levels ≤ log Σ;
        corrected: ≤ ⌈log2Σ⌉+1).
    Spec: 003_ch07.alg20
    """
    t = _V.integer("t", t)
    Sigma = _V.integer("Sigma", Sigma)
    Sigma = _check_sigma_len(Sigma)
    if int(t) != t or not 1 <= t <= Sigma:
        raise ValueError(f"t must be an integer in [1, Sigma={Sigma}], got {t!r}")
    _V.choice("variant", variant, VARIANTS)
    Lc = math.ceil(math.log2(Sigma)) if Sigma > 1 else 0
    S: list[tuple[int, int]] = []                         # Alg. 20 line 10: S = {}
    k = 0                                                 # line 10: k = 0
    imax = Lc if variant == "printed" else Lc + 1         # printed: i = 1..⌈log Σ⌉ ; corrected: one more level
    top = Lc if variant == "printed" else Lc + 1
    for i in range(1, imax + 1):                          # line 11: for i = 1..⌈log Σ⌉
        if k >= t:                                        # line 11: while k < t
            break
        kp = k + 2 ** (top - i)                           # line 12: k' = k + 2^{⌈log Σ⌉ - i}
        if kp <= t:                                       # line 13: if k' <= t
            S.append((k + 1, kp))                         # line 14: S = S ∪ {(k+1, k')}
            k = kp                                        # line 14: k = k'
    return S


def tree_noise(Sigma: int, d: int, sigma: float, rng: np.random.Generator | None, *, variant: str = "corrected",
               draws: dict | None = None) -> np.ndarray:
    """TREE(t) for t = 1..Σ (rows), with ζ_(u,v) ~ N(0, σ² I_d) per node (Alg. 20 lines 2-8, L5772-5780).

    Preconditions: Sigma >= 1, d >= 1, sigma >= 0; ``draws`` (optional) maps (u, v) to a standard normal
    d-vector (pre-drawn noise: identical draws give identical output).
    Postcondition: row t-1 equals σ·Σ_{(u,v) ∈ NODE(t)} draws[(u,v)].

    Steps: draw ζ_node for every node once; TREE(t) = Σ_{node ∈ NODE(t)} σ·ζ_node.
    Randomness: one (d,) standard-normal vector per node from ``rng`` or pre-drawn ``draws`` (keyed by node); bit-identical.
    Spec: 003_ch07.alg20
    """
    Sigma, d, sigma = _check_sigma_len(Sigma), _V.integer("d", d, lo=1), _V.nonnegative("sigma", sigma)
    rng = _V.generator("rng", rng, allow_none=True)
    _V.choice("variant", variant, VARIANTS)
    if draws is not None and not isinstance(draws, dict):
        raise TypeError(f"draws must be a dict node -> standard normals of shape (d,), got {type(draws).__name__}")
    out = np.zeros((Sigma, int(d)))
    z = {} if draws is None else {k: _V.vector(f"draws[{k!r}]", v, d) for k, v in draws.items()}
    for t in range(1, Sigma + 1):
        for node in node_set(t, Sigma, variant):
            if node not in z:
                if rng is None:
                    raise ValueError("rng is None and draws lacks node %r" % (node,))
                z[node] = rng.standard_normal(int(d))
            out[t - 1] += sigma * np.asarray(z[node], dtype=float)
    return out


def tree_mechanism(M: np.ndarray, sigma: float, rng: np.random.Generator | None, *, variant: str = "corrected",
                   draws: dict | None = None) -> np.ndarray:
    """Release X_t = Σ_{j<=t} M_j + TREE(t), t = 1..Σ (Alg. 20 use, 003 L5793; non-adaptive form).

    Preconditions: M has shape (Σ, d); sigma >= 0.
    Postcondition: (corrected) mu-GDP with mu = s·sqrt(⌈log2 Σ⌉+1)/σ where s = max_j ||M_j - M'_j||.

    Steps: for t = 1..Σ: X_t = Σ_{j≤t} M_j + TREE(t), TREE(t) = Σ_{node ∈ NODE(t)} ζ_node with one N(0, σ²I) draw
        per tree node.
    Randomness: one (d,) standard-normal vector per node of the tree (variant's node set), from ``rng`` or pre-drawn
        ``draws`` keyed by node; bit-identical.
    Spec: 003_ch07.alg20
    """
    sigma = _V.nonnegative("sigma", sigma)
    rng = _V.generator("rng", rng, allow_none=True)
    M = _V.matrix("M", M)                                  # finite (Sigma, d)
    return np.cumsum(M, axis=0) + tree_noise(M.shape[0], M.shape[1], sigma, rng, variant=variant, draws=draws)


def max_node_memberships(Sigma: int, variant: str = "corrected") -> int:
    """max_i #{nodes used by some NODE(t) that contain step i}: the l2-sensitivity multiplier squared."""
    Sigma = _V.integer("Sigma", Sigma)
    Sigma = _check_sigma_len(Sigma)
    nodes = {n for t in range(1, Sigma + 1) for n in node_set(t, Sigma, variant)}
    cover = np.zeros(Sigma + 2, dtype=np.int64)                  # difference array: +1 at u, −1 after v
    for (u, v) in nodes:
        cover[u] += 1
        cover[v + 1] -= 1
    return int(np.cumsum(cover)[1:Sigma + 1].max())


def tree_mu(s: float, sigma: float, Sigma: int) -> float:
    """GDP parameter of the corrected tree: mu = s·sqrt(⌈log2 Σ⌉+1)/σ (each step lies in L+1 nodes).

    Preconditions: s >= 0, sigma > 0, Sigma integer >= 1, variant in {printed, corrected}.
    Steps: μ = s·√(max_t |NODE(t) ∋ t-th leaf|)/σ: each leaf is in at most L + 1 nodes of the corrected tree.
    Postcondition: the GDP parameter of the tree release for per-step sensitivity s (infinite for the printed tree
        at Σ a power of 2, AU29).
    Spec: 003_ch07.alg20
    """
    s, sigma, Sigma = _V.nonnegative("s", s), _V.positive("sigma", sigma), _check_sigma_len(Sigma)
    L = math.ceil(math.log2(Sigma)) if Sigma > 1 else 0
    return _V.finite_result("mu", s * math.sqrt(L + 1) / sigma, s=s, sigma=sigma)


def tree_sigma_printed(s: float, Sigma: int, epsilon: float, delta: float) -> float:
    """σ = 4 s sqrt(log Σ · log(1/δ))/ε as printed in Thm 7.2.2 (003 L5751) (natural logs).

    Preconditions (validated): s >= 0; Sigma integer >= 1; epsilon > 0; delta in (0, 1).
    """
    Sigma = _V.integer("Sigma", Sigma)
    s = _V.nonnegative("s", s); Sigma = _check_sigma_len(Sigma)
    epsilon = _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    return _V.finite_result("sigma", 4 * s * math.sqrt(math.log(Sigma) * math.log(1 / delta)) / epsilon, s=s,
                            epsilon=epsilon)


def tree_sigma_corrected(s: float, Sigma: int, epsilon: float, delta: float) -> float:
    """σ = 4 s sqrt((⌈log2 Σ⌉+1) ln(1/δ))/ε (catalog A7.1 correction; nonzero for Σ = 1).

    Preconditions (validated): s > 0; epsilon > 0; delta in (0, 1); Sigma integer >= 1 (issue 21: ε = −1 gave a
    negative σ).
    Steps: σ = s√(⌈log2Σ⌉ + 1)/gdp_mu(ε, δ).
    Postcondition: the smallest σ making the corrected tree (ε, δ)-DP exactly (δ(ε) = δ).
    Spec: 003_ch07.alg20
    """
    Sigma = _V.integer("Sigma", Sigma)
    s = _V.positive("s", s); Sigma = _check_sigma_len(Sigma)
    epsilon = _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    L = math.ceil(math.log2(Sigma)) if Sigma > 1 else 0
    return _V.finite_result("sigma", 4 * s * math.sqrt((L + 1) * math.log(1 / delta)) / epsilon, s=s, epsilon=epsilon)


def tree_delta(epsilon: float, s: float, sigma: float, Sigma: int) -> float:
    """Exact δ(ε) of the corrected tree (GDP, Dong-Roth-Su)."""
    epsilon, s = _V.nonnegative("epsilon", epsilon), _V.nonnegative("s", s)
    return float(gdp_delta(epsilon, tree_mu(s, sigma, Sigma)))
