"""Chapter 10 of thesis 003 (faster user-level DP-SCO, seed L7432-8143): DP primitives and the SGD subroutine.

P10.4 Laplace mechanism, P10.5 Gaussian mechanism with the chapter's σ (Def 10.6.5), P10.6 subsampling wrapper,
P10.1 one-pass projected SGD (the SGD(D, η, T, x_0) subroutine of Alg 31 line 8).  Alg 34 (AboveThreshold, halts on
the first ⊤) is exactly ``reference.core.mechanisms.above_threshold`` with c = 1.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from reference.core import validation as V
from reference.core.randomness import Source

from reference.core.mechanisms import gaussian_mechanism, laplace_mechanism
from reference.core.oracles import QueryCounter
from reference.core.samplers import sample_without_replacement
from reference.core import validation as _V

__all__ = ["laplace_mechanism_ch10", "gaussian_sigma_ch10", "gaussian_mechanism_ch10", "subsampled",
           "one_pass_sgd", "phased_sgd_outlier_iterate_removal"]


def laplace_mechanism_ch10(value, l1_sensitivity: float, epsilon: float, rng: np.random.Generator | None = None, *,
                           noise=None):
    """P10.4 / Def 10.6.3 (L7750-7758): q(D) + (Y_1..Y_k), Y_i ~ Lap(Δ_1/ε) i.i.d.; ε-DP (Lemma 10.6.4).

    Preconditions: value finite (scalar or vector); l1_sensitivity > 0; epsilon > 0 (validated by the core).
    Steps: value + Lap(Δ_1/ε) per coordinate (core laplace_mechanism).
    Postcondition: ε-DP for queries of ℓ1-sensitivity Δ_1 (Lemma 10.6.4).
    Randomness: one standard Laplace per coordinate from ``rng`` or pre-drawn ``noise``; bit-identical.
    Spec: 003_ch10.algP10_4"""
    l1_sensitivity, epsilon = _V.positive("l1_sensitivity", l1_sensitivity), _V.positive("epsilon", epsilon)
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    _V.finite_result("the Laplace scale l1_sensitivity / epsilon", l1_sensitivity / epsilon, l1_sensitivity=l1_sensitivity,
                     epsilon=epsilon)
    return laplace_mechanism(value, l1_sensitivity, epsilon, rng, noise=noise)


def gaussian_sigma_ch10(l2_sensitivity: float, epsilon: float, delta: float) -> float:
    """σ of Def 10.6.5 (L7760): σ² = 2Δ² log(2/δ)/ε² (claimed (ε,δ)-DP for ε ≤ 10 — false for ε ≳ 8, AU10.11).

    Preconditions: l2_sensitivity, epsilon > 0; delta in (0, 1).
    Steps: σ = Δ√(2 log(2/δ))/ε.
    Postcondition: the σ of Def 10.6.5 ((ε, δ)-DP only for ε ≲ 8, AU10.11).
    Spec: 003_ch10.algP10_5
    """
    l2_sensitivity, epsilon = _V.positive("l2_sensitivity", l2_sensitivity), _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    return _V.finite_result("sigma", l2_sensitivity * (math.sqrt(2 * math.log(2 / delta)) / epsilon),
                            l2_sensitivity=l2_sensitivity, epsilon=epsilon)


def gaussian_mechanism_ch10(value, l2_sensitivity: float, epsilon: float, delta: float,
                            rng: np.random.Generator | None = None, *, noise=None):
    """P10.5 / Def 10.6.5 (L7760-7766): q(D) + N(0, σ² I), σ² = 2Δ² log(2/δ)/ε².

    Postcondition (Lemma 10.6.6, as printed): (ε, δ)-DP — holds for ε ≤ 5 on our grid, fails for large ε (AU10.11).

    Preconditions: value finite; l2_sensitivity > 0; epsilon > 0; delta in (0, 1) (validated by the core).
    Steps: value + N(0, σ²I) with σ = gaussian_sigma_ch10(Δ_2, ε, δ).
    Randomness: one standard normal per coordinate from ``rng`` or pre-drawn ``noise``; bit-identical.
    Spec: 003_ch10.algP10_5"""
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    return gaussian_mechanism(value, l2_sensitivity, gaussian_sigma_ch10(l2_sensitivity, epsilon, delta), rng,
                              noise=noise)


def subsampled(mechanism: Callable, data, M: int, rng: np.random.Generator | None = None, *, noise=None):
    """P10.6 / Lemma 10.6.8 (L7776): run ``mechanism`` on a uniformly random size-M subset (without replacement).

    Postcondition: (ε,δ)-DP mechanism ⇒ ((e^ε−1)M/N, δM/N)-DP (ULL17; tight: log(1+(M/N)(e^ε−1))).

    Preconditions: mechanism callable on a sequence; data a sequence of N records; M integer in [1, N].
    Steps: draw M distinct indices uniformly (partial Fisher–Yates) and run the mechanism on those records.
    Randomness: M uniforms (core sample_without_replacement) from ``rng`` or pre-drawn ``noise``; the mechanism's
        own draws are its own; bit-identical.
    Spec: 003_ch10.algP10_6"""
    _V.callable_("mechanism", mechanism)
    M = _V.integer("M", M, lo=0)
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    data = _V.sequence("data", data)
    if M > len(data):
        raise ValueError(f"M must be <= the data size N = {len(data)} (a subset without replacement), got M={M}")
    idx = sample_without_replacement(len(data), M, rng, noise=noise)
    return mechanism([data[i] for i in idx])


def one_pass_sgd(items, grad: Callable, project: Callable, x0, eta: float, rng: np.random.Generator | None = None, *,
                 order=None, counter: QueryCounter | None = None, trace: list | None = None,
                 draws=None) -> np.ndarray:
    """P10.1 SGD(D, η, T, x_0) (Alg 31 line 8, L7567; Lemma 10.7.4 proof L7884-7916).

    Preconditions: ``items`` a sequence of T >= 1 data points (the group's pooled items); ``grad(x, z)`` a
        (sub)gradient; ``project`` the Euclidean projection onto X; eta > 0; ``order`` an optional pre-drawn
        permutation of range(T); else ``draws`` (T,) standard uniforms; else ``rng``.
    Steps: random order (one pass, without replacement); x_{t+1} = Π_X(x_t − η ∇f(x_t; z_{t+1})), t = 0..T−1.
    Postcondition: returns (1/T) Σ_{t=0}^{T−1} x_t; exactly T gradient calls (counted).
    Randomness: the visiting order is a uniform permutation by Fisher–Yates from T standard uniforms
        (``reference.core.samplers.sample_without_replacement(T, T)``), from ``rng`` or pre-drawn ``draws`` of shape
        (T,); bit-identical given the draws the rng would make.
    Spec: 003_ch10.algP10_1
    """
    _V.callable_("grad", grad); _V.callable_("project", project)
    items = _V.sequence("items", items)
    T = len(items)
    eta = V.positive("eta", eta)
    x0 = _V.vector("x0", x0)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    counter = counter if counter is not None else QueryCounter()
    if order is not None:
        perm = _V.array("order", order, ndim=1, allow_empty=True)
    else:
        u = Source(rng, draws, single="u").uniform("u", (T,))
        perm = sample_without_replacement(T, T, None, noise=u)
    if sorted(perm.tolist()) != list(range(T)):
        raise ValueError(f"order must be a permutation of range(T) (T = {T}), got {order!r}"[:300])
    perm = perm.astype(int)
    x = x0.copy()
    s = np.zeros_like(x)
    for t in range(T):
        s += x
        counter.record(1, "gradient")
        g = np.asarray(grad(x, items[perm[t]]), dtype=float)
        if g.shape != x.shape:
            raise ValueError(f"grad(x, items[{perm[t]}]) must have the shape {x.shape} of x0, got {g.shape}")
        x = np.asarray(project(x - eta * g), dtype=float)
        if trace is not None:
            trace.append(x.copy())
    return s / T


def phased_sgd_outlier_iterate_removal(data, grad: Callable, project: Callable, x0, *, epsilon: float, delta: float,
                                       p: float, q: float, eta: float, L: float,
                                       rng: np.random.Generator | None = None, c_groups: float = 100.0,
                                       c_tau: float = 1000.0, c_lap: float = 20.0, c_sigma: float = 100.0,
                                       counter: QueryCounter | None = None, trace: list | None = None,
                                       draws: list | None = None) -> np.ndarray:
    """Alg 31: user-level DP phased SGD with outlier-iterate removal and output perturbation (003 L7559-7595).

    Preconditions: ``data`` array (n, m, ...) of n users with m items each; ``grad(x, z)``, ``project`` = Π_X;
        epsilon in (0, 10]; delta in (0, 1); p, q > 0; eta > 0; L > 0 (Lipschitz constant).  The constants
        c_groups = 100 (C = c_groups·log(20nme^ε/δ)/ε, line 2), c_tau = 1000 (τ_i, line 4), c_lap = 20 (Lap(20/ε), line 10)
        and c_sigma = 100 (σ_i, line 18) are the paper's defaults; smaller values are a labelled 'scaled' setting
        for experiments (the paper's C needs n ≳ 1e4-1e5 users so that N_i = n_i/C ≥ 1, AU10.2).
    Steps: l = ⌊log₂ n⌋, C = ⌈c_groups log(20nme^ε/δ)/ε⌉; for i = 1..l: n_i = ⌊(1−2^{−q})n/2^{iq}⌋, η_i = η/2^{pi},
        N_i = ⌊n_i/C⌋, T_i = N_i m, τ_i = c_tau η_i L √T_i log(ndm); D_i = n_i fresh users split into C groups of N_i;
        x̃_{i,j} = SGD(D_{i,j}, η_i, T_i, x_{i−1}) (P10.1); s_i = (1/C)Σ_{j,j'} 1(‖x̃_{i,j} − x̃_{i,j'}‖ ≤ τ_i);
        ŝ_i = s_i + Lap(c_lap/ε); if ŝ_i ≥ 4C/5: h_{i,j} = #{j': ‖x̃_{i,j} − x̃_{i,j'}‖ ≤ 2τ_i}, p_{i,j} piecewise,
        S_i ~ Bernoulli selection, x̃_i = mean(S_i) (x_{i−1} if S_i = ∅), x_i = x̃_i + N(0, σ_i² I),
        σ_i = c_sigma τ_i log²(n/δ)/(εC); else halt and output 0.  Output x_l.
    Postcondition: Thm 10.7.1 (claimed (ε, δ)-user-level DP; its Laplace-tail step fails for small δ, AU10.3);
        gradient calls Σ_i C·T_i = Σ_i C N_i m ≤ nm (S10.22), counted in ``counter``.
    Randomness: per phase i, in this order: the C groups' SGD orders (C, T_i) standard uniforms (Fisher–Yates), the
        score's standard Laplace (shape ()), the selection uniforms (C,), the Gaussian noise (d,) standard normals —
        from ``rng`` or pre-drawn ``draws`` = a list of l dicts with keys order_u, lap, sel, gauss of those shapes
        (phases after a halt may be omitted); bit-identical given the draws the rng would make.
    Spec: 003_ch10.alg31
    """
    _V.callable_("grad", grad); _V.callable_("project", project)
    c_groups, c_tau = _V.positive("c_groups", c_groups), _V.positive("c_tau", c_tau)
    c_lap, c_sigma = _V.nonnegative("c_lap", c_lap), _V.nonnegative("c_sigma", c_sigma)
    data = _V.array("data", data)
    if data.ndim < 2:
        raise ValueError(f"data must be an array (n, m, ...) of n users with m items each, got shape {data.shape}")
    n, m = data.shape[0], data.shape[1]
    epsilon = V.in_range("epsilon", epsilon, 0.0, 10.0, lo_open=True)
    delta = V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    p, q, eta, L = V.positive("p", p), V.positive("q", q), V.positive("eta", eta), V.positive("L", L)
    if draws is None:
        V.generator("rng", rng)
    elif not isinstance(draws, (list, tuple)):
        raise ValueError("draws must be a list of per-phase dicts (order_u, lap, sel, gauss)")
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    counter = counter if counter is not None else QueryCounter()
    x = _V.vector("x0", x0)
    d = x.shape[0]
    l = int(math.floor(math.log2(n)))                                             # line 2 (L7564)
    C_real = c_groups * math.log(20 * n * m * math.exp(epsilon) / delta) / epsilon
    if not C_real <= n:
        raise ValueError(f"c_groups = {c_groups!r} gives C = {C_real:.4g} groups > n = {n} users of data, so N_i = "
                         f"n_i/C < 1 (line 2; AU10.2)")
    C = int(math.ceil(C_real))
    start = 0
    for i in range(1, l + 1):                                                     # line 3
        n_i = int(math.floor((1 - 2.0 ** -q) * n * 2.0 ** (-i * q)))             # line 4
        eta_i = eta * 2.0 ** (-p * i)
        N_i = n_i // C
        T_i = N_i * m
        if N_i < 1:
            raise ValueError(f"phase {i}: N_i = n_i/C = {n_i}/{C} < 1 (too few users for C groups at n = {n}, "
                             f"q = {q!r}, c_groups = {c_groups!r}; AU10.2)")
        if eta_i <= 0.0:
            raise ValueError(f"phase {i}: eta_i = eta/2^(p i) underflows to 0 at eta = {eta!r}, p = {p!r}")
        tau_i = _V.finite_result("tau_i", c_tau * eta_i * L * math.sqrt(T_i) * math.log(n * d * m), c_tau=c_tau,
                                 eta=eta, L=L)
        D_i = data[start:start + C * N_i]                                         # line 5: fresh disjoint users
        start += C * N_i
        if draws is not None and i > len(draws):
            raise ValueError(f"draws has {len(draws)} phases but phase {i} is reached")
        src = Source(rng, None if draws is None else draws[i - 1])
        order_u = src.uniform("order_u", (C, T_i))
        xt = np.array([one_pass_sgd(D_i[j * N_i:(j + 1) * N_i].reshape(T_i, *data.shape[2:]), grad, project, x,
                                    eta_i, None, draws=order_u[j], counter=counter) for j in range(C)])    # lines 6-9
        dist = np.linalg.norm(xt[:, None, :] - xt[None, :, :], axis=-1)
        s_i = float((dist <= tau_i).sum()) / C                                   # line 10
        s_hat = s_i + (c_lap / epsilon) * float(src.laplace("lap", ()))
        if s_hat < 4 * C / 5:                                                     # line 11; lines 18-19: halt, output 0
            return np.zeros(d)
        h = (dist <= 2 * tau_i).sum(axis=1).astype(float)                         # line 14
        p_ij = np.clip((h - C / 2) / (C / 6), 0.0, 1.0)                           # line 15
        S = src.uniform("sel", (C,)) < p_ij                                       # line 15: Bernoulli selection
        x_tilde = xt[S].mean(axis=0) if S.any() else x.copy()                     # line 21 (empty S: keep x_{i-1})
        sigma_i = c_sigma * tau_i * math.log(n / delta) ** 2 / (epsilon * C)      # line 22
        _V.finite_result("sigma_i", sigma_i, c_sigma=c_sigma, c_tau=c_tau, eta=eta, L=L)
        x = x_tilde + sigma_i * src.normal("gauss", (d,))
        if trace is not None:
            trace.append(x.copy())
    return x
