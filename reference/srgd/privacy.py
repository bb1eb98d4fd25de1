"""The private instantiations of Algorithm 1 (A-7: Cor 5.7 / Thm 5.8; A-8: Cor 5.10–5.11 / Thm 5.12) and the
accountant (A-11).

Released object: the tree-node values over the leaves v_s = Δ_{s−1}/β (z-units, 1-indexed leaves, AUD-45).
Running Algorithm 1 with the noisy prefix P̃_t = Σ_{i<=t}Δ_i/β + N_{t+1} in place of Σ Δ_i/β is the same as the
b-form with b_t = −N_{t+1} (the tree's prefix noise, scaled as printed: σ in z-units).  Per-example clipping at
κ is always on in the private path (l.554), so a zero-out neighbour changes one leaf by <= κ/(Bβ).

Spec: 002.algA7, 002.algA8, 002.algA11
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.accounting import gdp_delta, gdp_mu
from reference.core import validation as _v
from reference.core.randomness import Source
from reference.core.samplers import clip_l2
from reference.srgd.algorithm import SRGDResult, accelerated_dp_srgd, default_eta
from reference.srgd.tree import (MissingNodeError, lg_ceil, missing_prefix_nodes, node_leaves, node_noise_index,
                                 prefix_noise, tree_nodes)
from reference.core import validation as _V

__all__ = ["tree_release_mu", "tv_step_delta", "paper_tv_step_delta", "dp_srgd_tree", "tree_node_values",
           "realised_delta", "gdp_delta", "gdp_mu"]


def tree_release_mu(kappa: float, B: int, beta: float, sigma: float, T: int) -> float:
    """A-11: μ of the tree release with per-leaf change C = κ/(Bβ) (z-units) and 1+⌈lg T⌉ nodes per leaf
    (adaptive GDP composition of Gaussian mechanisms, l.543): μ = C·√(1+⌈lg T⌉)/σ.

    Preconditions (validated): κ, B, β, σ > 0, T integer >= 1 (ValueError naming the parameter otherwise).
    Steps: C = κ/(Bβ); μ = C√(1+⌈lg T⌉)/σ.
    Postcondition: an upper bound on the GDP parameter of the released node vector for one-leaf (zero-out)
      neighbours; tight at leaf 1 when T is a power of 2 (002.priv.tree.worst_case_exact).
    Randomness: none.
    Spec: 002.algA11
    """
    kappa, B, beta, sigma = (_v.positive(k, v) for k, v in (("kappa", kappa), ("B", B), ("beta", beta),
                                                             ("sigma", sigma)))
    T = _v.positive_int("T", T)
    return kappa / (B * beta) * math.sqrt(1 + lg_ceil(T)) / sigma


def realised_delta(epsilon: float, mu: float) -> float:
    """δ(ε) actually achieved by a μ-GDP release (exact formula, A-11).  Validated: ε >= 0, μ > 0."""
    epsilon = _v.nonnegative("epsilon", epsilon); mu = _v.positive("mu", mu)
    return gdp_delta(epsilon, mu)


def tv_step_delta(epsilon: float, delta_prime: float, eta_tv: float) -> float:
    """Correct TV-coupling rule: an algorithm within TV η of an (ε, δ')-DP one is (ε, δ' + (1+e^ε)η)-DP (AUD-5a).

    Preconditions (validated): ε >= 0, δ' ∈ [0, 1], η ∈ [0, 1].
    Steps: δ' + (1 + e^ε)·η.
    Postcondition: a valid δ for the coupled algorithm (the printed δ' + η is not: 002.audit.AUD-5.tv_rule).
    Randomness: none.
    Spec: 002.algA11
    """
    epsilon = _v.nonnegative("epsilon", epsilon)
    delta_prime = _v.probability("delta_prime", delta_prime); eta_tv = _v.probability("eta_tv", eta_tv)
    if eta_tv == 0:
        return delta_prime
    log_term = epsilon + math.log(eta_tv)            # e^ε·η in log space; a bound beyond 1e308 is vacuous (inf)
    return delta_prime + eta_tv + (math.exp(log_term) if log_term < 709.0 else math.inf)


def paper_tv_step_delta(delta_prime: float, eta_tv: float) -> float:
    """The rule used on l.554: δ_total = δ' + η_TV.  Validated: δ', η ∈ [0, 1]."""
    delta_prime = _v.probability("delta_prime", delta_prime); eta_tv = _v.probability("eta_tv", eta_tv)
    return delta_prime + eta_tv


def tree_node_values(leaves: np.ndarray, xi: np.ndarray) -> dict:
    """Released node values s_{j,k} = Σ leaves + ξ_{j,k} of the corrected tree (leaves (T, p), xi (T, p))."""
    leaves = _v.matrix("leaves", leaves)
    xi = _v.matrix("xi", xi, leaves.shape)
    T = leaves.shape[0]
    out = {}
    for (j, k) in tree_nodes(T, "corrected"):
        lv = node_leaves(j, k)
        out[(j, k)] = leaves[lv.start - 1: lv.stop - 1].sum(axis=0) + xi[node_noise_index(j, k)]
    return out


def dp_srgd_tree(oracle, data, *, T: int, B: int, beta: float, radius: float, p: int, kappa: float, sigma: float,
                 rng: np.random.Generator | None = None, noise: np.ndarray | None = None, kappa_z: float = 1.0,
                 tree_variant: str = "corrected", trace: list | None = None,
                 draws=None) -> tuple[SRGDResult, dict]:
    """Algorithm 1 with binary-tree noise and per-example clipping (the private path of A-7 / A-8).

    Preconditions: as :func:`accelerated_dp_srgd`; kappa in (0, inf) (clip level of Δ_t(d), always on);
      sigma >= 0 per-node std in z-units; tree_variant "corrected" (default) or "printed" (l.541's index range:
      raises, naming the missing node, when a prefix 1..T cannot be formed — AUD-20).
    Randomness: one stream "xi" of standard normals, shape (T, p), in node-completion order (node j·2^k completes at
      step j·2^k): from ``rng``, or pre-drawn via keyword-only ``draws`` (array or {"xi": array}, shape-validated by
      reference.core.randomness.Source); ``noise`` is the older name of the same array (give one of the two).
      With the draws ``rng`` would make, the output is bit-identical.
    Steps: ξ = σ·noise (l.541); N_s = Σ_{nodes of prefix s} ξ (s = 1..T); b_t = −N_{t+1} (z-units);
      run Algorithm 1 with clip = κ; released nodes = tree over leaves Δ_{s−1}/β.
    Postcondition: the node release is μ-GDP with μ = κ√(1+⌈lg T⌉)/(Bβσ) for every pair of zero-out
      neighbours (no convexity needed); returns (result, released node values).
    Spec: 002.algA7 (with the Cor 5.7 σ), 002.algA8 (with the Cor 5.11 σ)
    """
    B = _V.integer("B", B)
    beta = _V.real("beta", beta, allow_inf=True)
    radius = _V.real("radius", radius, allow_inf=True)
    kappa_z = _V.real("kappa_z", kappa_z, allow_inf=True)
    kappa = _v.positive("kappa", kappa)          # (0, inf): clipping is always on in the private path
    sigma = _v.nonnegative("sigma", sigma)
    T = _v.positive_int("T", T); p = _v.positive_int("p", p)
    if tree_variant not in ("printed", "corrected"):
        raise ValueError(f"tree_variant must be 'printed' or 'corrected', got {tree_variant!r}")
    if tree_variant == "printed":
        for s in range(1, T + 1):
            missing = missing_prefix_nodes(s, T, "printed")
            if missing:
                raise MissingNodeError(f"tree_variant='printed': prefix g_{s} needs node(s) {missing} that the index range "
                                 f"j = 1, 3, ..., T/2^k - 1 of l.541 omits (T = {T})")
    if noise is not None and draws is not None:
        raise ValueError("give the pre-drawn node noise once: draws (or its older name noise), not both")
    if noise is not None:
        draws = noise
    if draws is None and rng is None:
        raise ValueError("rng must be a numpy Generator when draws (noise) is not given")
    noise = Source(rng, draws, single="xi").normal("xi", (T, p))
    xi = sigma * noise                                       # ξ_{j,k} ~ N(0, σ² I), l.541
    N = prefix_noise(xi)                                     # N_s, s = 1..T
    b = -N                                                   # b_t = −N_{t+1} (row t holds prefix t+1)
    res = accelerated_dp_srgd(oracle, data, T=T, B=B, beta=beta, radius=radius, p=p, b=b, kappa_z=kappa_z,
                              clip=kappa, trace=trace)
    nodes = tree_node_values(res.deltas / beta, xi)
    return res, nodes


def replay_leaves(oracle, data, x_path: np.ndarray, *, T: int, B: int, beta: float, kappa: float,
                  eta=None) -> np.ndarray:
    """Leaves v_{t+1} = (1/B)Σ_{d∈ℬ_t} clip(η_t∇f(x_t,d) − η_{t−1}∇f(x_{t−1},d), κ)/β evaluated at GIVEN states
    x_path (T+1, p) (replay: a neighbour's leaves given the same released history).  Returns (T, p).
    Spec: 002.priv.cor5_7"""
    eta = default_eta(T) if eta is None else np.asarray(eta, dtype=float)
    p = x_path.shape[1]
    out = np.zeros((T, p))
    for t in range(T):
        Dt = data[t * B:(t + 1) * B]
        per_ex = eta[t] * oracle(np.repeat(x_path[t][None], B, axis=0), Dt)
        if t > 0:
            per_ex = per_ex - eta[t - 1] * oracle(np.repeat(x_path[t - 1][None], B, axis=0), Dt)
        out[t] = clip_l2(per_ex, kappa).mean(axis=0) / beta
    return out
