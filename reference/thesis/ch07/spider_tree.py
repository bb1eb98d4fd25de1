"""Stochastic Spider with tree noise and adaptive batch sizes (Algorithm 21, 003 L5825-5855) with the
adaptive-batch gradient oracles of Algorithm 22 (L5865-5877).

Implementation choices (catalog A7.2/A7.3, audits AU32/AU33/AU44):
* b_t uses ||∇̃_{t−1}|| (the O2 sensitivity at step t is M||x_t − x_{t−1}|| / b_t = Mη||∇̃_{t−1}||/b_t; the printed
  ||∇̃_t|| is not yet available when O2 is called, AU33);
* a fresh corrected tree (reference.thesis.ch07.tree, depth ⌈log2 T⌉) per drift epoch, restarted at every O1 call;
* escape branch: ``escape_variant="printed"`` resets drift to 0 (L5843, breaks Lemma 7.3.6's premise, AU32);
  ``"keep_drift"`` (default) leaves the drift unchanged;
* data: a stream (a permutation of the data fixed in advance), consumed without replacement; the run stops when
  the next batch does not fit.

Privacy (P7-2): every sample enters exactly one leaf M_j of one epoch's tree; the leaf's replace-one sensitivity
is s_j = 2G/b (O1) or 2Mη||∇̃_{t−1}||/b_t <= 2Mη αε/√d (O2).  With L = ⌈log2 T⌉ each leaf lies in <= L+1 nodes, so
the whole run is mu-GDP with mu = max_j s_j sqrt(L+1)/σ (adaptive composition of Gaussian node releases).
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.accounting import gdp_delta, gdp_mu
from reference.core.oracles import GradientOracle, QueryCounter
from reference.thesis.ch07.tree import node_set
from reference.core import validation as _V

__all__ = ["batch_sizes", "adaptive_batch_spider", "epoch_drift_at_o2", "alg21_privacy_mu", "alg21_sigma",
           "alg21_delta"]


def batch_sizes(*, G: float, alpha: float, epsilon: float, d: int, kappa: float, grad_prev_norm: float | None = None):
    """Alg. 22 / Lemma 7.3.8 (L5939): b = ⌈G√d/(εα) + G²/α²⌉ (dimensionally consistent form, AU36), and
    b_t = ⌈max{g√d/(αε), κg/α², 1}⌉ with g = ||∇̃_{t−1}|| (AU33 index fix).

    Preconditions: G, M, alpha, epsilon, kappa > 0; d integer >= 1; grad_norm_prev >= 0.
    Steps: b = G√d/(εα) + G²/α² (Lemma 7.3.8); b_t = ‖∇̃_{t−1}‖√d/(αε) + ‖∇̃_{t−1}‖κ/α² (uses ∇̃_{t−1}, AU33).
    Postcondition: integer batch sizes (b, b_t) >= 1 with G/b ≤ εα/√d and ‖∇̃_{t−1}‖/b_t ≤ αε/√d.
    Spec: 003_ch07.alg22
    """
    G, alpha, epsilon = _V.positive("G", G), _V.positive("alpha", alpha), _V.positive("epsilon", epsilon)
    d, kappa = _V.integer("d", d, lo=1), _V.positive("kappa", kappa)
    g = _V.optional(_V.nonnegative, "grad_prev_norm", grad_prev_norm)
    if g is None:
        # the exact value is > 0, so its ceiling is >= 1 (a float underflow to 0 at huge alpha must not give b = 0)
        return max(1, math.ceil(_V.finite_result("b", G * math.sqrt(d) / epsilon / alpha + (G / alpha) * (G / alpha),
                                                 G=G, alpha=alpha, epsilon=epsilon)))
    bt = max(g * math.sqrt(d) / (alpha * epsilon), kappa * g / alpha / alpha, 1.0)
    return math.ceil(_V.finite_result("b_t", bt, grad_prev_norm=g, alpha=alpha, epsilon=epsilon, kappa=kappa))


def adaptive_batch_spider(per_sample_grad, data, x0, *, G: float, M: float, eta: float, kappa: float, T: int,
                          Gamma: float, escape_threshold: float, zeta: float, alpha: float, epsilon: float,
                          sigma: float, rng: np.random.Generator | None, escape_variant: str = "keep_drift",
                          noise: dict | None = None, counter: QueryCounter | None = None,
                          trace: list | None = None) -> dict:
    """Algorithm 21 (Stochastic Spider with tree noise and adaptive batch sizes), 003 L5825-5855.

    Preconditions: per_sample_grad(x, z) -> (d,) gradient of f(x; z) (G-Lipschitz, M-smooth); data a sequence of
    records in stream order (permute beforehand; each is used at most once); x0 public; G, M, eta, kappa, Gamma,
    escape_threshold, alpha, epsilon > 0; sigma >= 0 (tree noise), zeta >= 0 (escape noise sd ζ/√d per coordinate);
    T >= 1.  ``noise`` may hold pre-drawn standard normals: "tree" (dict keyed by (epoch, u, v) -> (d,)) and
    "escape" ((T, d) array).
    Steps (L5834-5853): (a) drift >= κ: ∇_t = O1(x_t) on b fresh samples, drift = 0, new tree epoch; (b) else
    ∇_t = ∇_{t−1} + O2(x_t, x_{t−1}) on b_t fresh samples; (c)/(d) ∇̃_t = ∇_t + TREE(t_loc) (+ escape noise when
    ||∇̃_{t−1}|| <= threshold and frozen <= 0); (e) x_{t+1} = x_t − η∇̃_t, drift += ||∇̃_t||.
    Postcondition: dict with the iterates xs, per-step leaf sensitivities ``sens`` (replace-one), samples used,
    counts; privacy mu = max(sens)·sqrt(⌈log2 T⌉+1)/σ (``alg21_privacy_mu``).

    Randomness: fresh samples from the data stream (no randomness of its own beyond the oracles), the escape kicks
        (standard normals) and the tree noise per node, from ``rng`` or pre-drawn ``noise``; bit-identical (tested).
    Spec: 003_ch07.alg21
    """
    T = _V.integer("T", T, lo=1)
    zeta = _V.nonnegative("zeta", zeta)
    sigma = _V.nonnegative("sigma", sigma)
    _V.callable_("per_sample_grad", per_sample_grad)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    rng = _V.generator("rng", rng, allow_none=True)
    x = _V.vector("x0", x0).copy()
    G, M, eta, kappa = _V.positive("G", G), _V.positive("M", M), _V.positive("eta", eta), _V.positive("kappa", kappa)
    Gamma, escape_threshold = _V.positive("Gamma", Gamma), _V.positive("escape_threshold", escape_threshold)
    alpha, epsilon = _V.positive("alpha", alpha), _V.positive("epsilon", epsilon)
    _V.choice("escape_variant", escape_variant, ("keep_drift", "printed"))
    data = _V.sequence("data", data)
    d = x.size
    if noise is None:
        if rng is None:
            raise ValueError("rng must be a numpy Generator when noise is not given")
        noise = {"tree": {}, "escape": rng.standard_normal((int(T), d))}
    tree_draws = noise["tree"]
    grad_oracle = GradientOracle(lambda v: v, counter=counter)     # counts per-sample gradient evaluations

    def batch_grad(pt, zs):
        for _ in zs:
            grad_oracle(np.zeros(1))                                # one count per sample gradient
        return np.mean([per_sample_grad(pt, z) for z in zs], axis=0)

    b = batch_sizes(G=G, alpha=alpha, epsilon=epsilon, d=d, kappa=kappa)
    ptr = 0
    drift, frozen_prev = kappa, 1.0                                 # drift_0 = κ, frozen_{−1} = 1 (L5834)
    grad_prev = np.zeros(d)                                         # ∇_{−1} = 0 (printed "Δ_{−1} = 0", AU32)
    gt_prev = np.zeros(d)                                           # ∇̃_{−1}
    x_prev = x.copy()
    epoch, t_loc = -1, 0
    prefix_noise_nodes: dict = {}
    xs, sens, kinds, gt_norms, bts = [], [], [], [], []
    n_o1 = n_o2 = n_esc = 0
    t = 0
    while t < T:                                                    # while t < T and unused samples remain (L5836)
        if drift >= kappa:                                          # (a) L5837-5839
            if ptr + b > len(data):
                break
            grad = batch_grad(x, data[ptr:ptr + b])                 # ∇_t = O1(x_t), b fresh samples (Alg. 22)
            ptr += b
            drift = 0.0
            frozen = frozen_prev - 1
            epoch, t_loc = epoch + 1, 0                             # fresh tree per drift epoch (AU44)
            sens.append(2 * G / b)
            kinds.append("O1")
            n_o1 += 1
        else:                                                       # (b) L5840-5841
            bt = batch_sizes(G=G, alpha=alpha, epsilon=epsilon, d=d, kappa=kappa,
                             grad_prev_norm=float(np.linalg.norm(gt_prev)))        # b_t from ∇̃_{t−1} (AU33)
            if ptr + bt > len(data):
                break
            zs = data[ptr:ptr + bt]
            bts.append(bt)
            ptr += bt
            delta = batch_grad(x, zs) - batch_grad(x_prev, zs)      # O2(x_t, x_{t−1}) on b_t fresh samples
            grad = grad_prev + delta                                # ∇_t = ∇_{t−1} + Δ_t
            frozen = frozen_prev - 1
            sens.append(_V.finite_result("the O2 leaf sensitivity 2 M ||x_t - x_(t-1)|| / b_t",
                                         2 * M * float(np.linalg.norm(x - x_prev)) / bt, M=M, eta=eta))
            kinds.append("O2")
            n_o2 += 1
        t_loc += 1
        tree = np.zeros(d)                                          # TREE(t_loc) of the current epoch
        for (u, v) in node_set(t_loc, int(T)):
            key = (epoch, u, v)
            if key not in tree_draws:
                if rng is None:
                    raise ValueError(f"noise['tree'] lacks node {key} and rng is None")
                tree_draws[key] = rng.standard_normal(d)
            tree += sigma * np.asarray(tree_draws[key])
        if np.linalg.norm(gt_prev) <= escape_threshold and frozen_prev <= 0:      # (c) L5842-5844
            frozen = Gamma
            if escape_variant == "printed":
                drift = 0.0                                         # printed reset without O1 (AU32)
            gt = grad + tree + (zeta / math.sqrt(d)) * np.asarray(noise["escape"][t])
            n_esc += 1
        else:                                                       # (d) L5845-5846
            gt = grad + tree
        _V.finite_result("the noisy gradient", gt, sigma=sigma, zeta=zeta, eta=eta)
        x_prev, x = x, x - eta * gt                                 # (e) x_{t+1} = x_t − η∇̃_t (L5849)
        _V.finite_result("the iterate x_(t+1) = x_t - eta grad", x, eta=eta, sigma=sigma)
        drift += float(np.linalg.norm(gt))                          # drift_{t+1} = drift_t + ||∇̃_t|| (unsquared, L5849)
        grad_prev, gt_prev, frozen_prev = grad, gt, frozen
        gt_norms.append(float(np.linalg.norm(gt)))
        xs.append(x.copy())
        if trace is not None:
            trace.append(x.copy())
        t += 1
    return dict(xs=xs, sens=sens, kinds=kinds, gt_norms=gt_norms, bts=bts, samples_used=ptr, n_o1=n_o1, n_o2=n_o2, n_escape=n_esc,
                b=b, gradient_evaluations=grad_oracle.calls)


def epoch_drift_at_o2(kinds, gt_norms) -> float:
    """max over O2 steps t of Σ_{i from the last O1 time to t−1} ||∇̃_i|| (Lemma 7.3.6 premise: < κ).

    Preconditions: a trace of Alg 21 (list of dicts with the drift and the oracle type per step).
    Postcondition: the drift accumulated since the last O1 refresh at every O2 call (exposes the escape-branch
        defect AU32).
    Spec: 003_ch07.alg21
    """
    kinds = [_V.choice(f"kinds[{i}]", k, ("O1", "O2")) for i, k in enumerate(_V.sequence("kinds", kinds))]
    gt_norms = _V.vector("gt_norms", gt_norms, len(kinds))
    if np.any(gt_norms < 0):
        raise ValueError(f"gt_norms must be norms >= 0, got {gt_norms!r}"[:300])
    worst, acc = 0.0, 0.0
    for k, g in zip(kinds, gt_norms):
        if k == "O1":
            acc = 0.0
        else:
            worst = max(worst, acc)
        acc += g
    return worst


def alg21_privacy_mu(sens, sigma: float, T: int) -> float:
    """mu = max_j s_j sqrt(⌈log2 T⌉+1)/σ (each sample in one leaf of one epoch's tree of depth ⌈log2 T⌉).

    Preconditions: as alg21_sigma, plus the σ used.
    Steps: μ per period = leaf sensitivity·√(levels)/σ; fresh tree per period, disjoint samples ⇒ parallel
        composition.
    Postcondition: the exact GDP parameter of Alg 21 with that σ (δ(ε) via core.gdp_delta).
    Spec: 003_ch07.alg21
    """
    sigma, T = _V.positive("sigma", sigma), _V.integer("T", T, lo=1)
    sens = _V.vector("sens", sens)
    if np.any(sens < 0):
        raise ValueError(f"sens must be sensitivities >= 0, got {sens!r}"[:300])
    L = math.ceil(math.log2(T)) if T > 1 else 0
    return _V.finite_result("mu", float(np.max(sens)) * math.sqrt(L + 1) / sigma, sens="max " + repr(float(np.max(sens))),
                            sigma=sigma)


def alg21_sigma(*, G: float, M: float, eta: float, alpha: float, epsilon: float, delta: float, d: int, T: int,
                kappa: float) -> float:
    """σ making Alg. 21 (ε,δ)-DP: worst-case leaf sensitivity s = max(2G/b, 2Mη αε/√d) (deterministic, by the
    choice of b and b_t) and σ = s sqrt(⌈log2 T⌉+1)/gdp_mu(ε, δ) (exact).

    Preconditions: G, alpha, epsilon > 0; delta in (0, 1); d, Sigma integers >= 1; variant in the documented set.
    Steps: the leaf sensitivity bound max(2G/b, 2αε/√d) times the corrected tree factor √(⌈log2Σ⌉+1)/gdp_mu(ε, δ)
        (or the printed σ's).
    Postcondition: the tree σ of Alg 21 for the chosen variant.
    Spec: 003_ch07.alg21
    """
    G, M, eta, alpha = _V.positive("G", G), _V.positive("M", M), _V.positive("eta", eta), _V.positive("alpha", alpha)
    epsilon, kappa = _V.positive("epsilon", epsilon), _V.positive("kappa", kappa)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    d, T = _V.integer("d", d, lo=1), _V.integer("T", T, lo=1)
    b = batch_sizes(G=G, alpha=alpha, epsilon=epsilon, d=d, kappa=kappa)
    s = max(2 * G / b, 2 * M * eta * alpha * epsilon / math.sqrt(d))
    L = math.ceil(math.log2(T)) if T > 1 else 0
    return _V.finite_result("sigma", s * math.sqrt(L + 1) / gdp_mu(epsilon, delta), G=G, M=M, eta=eta, alpha=alpha)


def alg21_delta(epsilon: float, sens, sigma: float, T: int) -> float:
    epsilon = _V.nonnegative("epsilon", epsilon, allow_inf=True)
    sigma = _V.nonnegative("sigma", sigma)
    T = _V.integer("T", T, lo=1)
    return float(gdp_delta(epsilon, alg21_privacy_mu(sens, sigma, T)))
