"""Algorithms of thesis 003 Ch.1 (Kulkarni-Lee-Liu, "Breaking the quadratic barrier"), seed lines cited as L<n>.

Straight-line implementations, paper order and names:

* :func:`meta`                    Alg 1 META (L490-499)
* :func:`meta_dp`                 Alg 2 META_DP (L506-518)
* :func:`ac_sa`                   Alg 3 AC-SA (L557-574), ``variant="gl12"`` (default) or ``"thesis"``
* :func:`ball_smoothed_gradient`  the oracle of Claim 1.4.2 / Alg 4 (L585-600, L619-621)
* :func:`private_ac_sa`           Alg 4 Private AC-SA (L610-624), ``radius="proof"`` (default, r = D d^{1/4}/T, L648)
                                  or ``"printed"`` (r = D/(T d^{1/4}), L616)
* :func:`params_erm`, :func:`params_sco`  parameter sets E (Thm 1.4.9, L720-734) and S (Lemma 1.5.4, L900-906)
* :func:`restart_erm`, :func:`restart_sco`  Lemma 1.4.7 (L664-703) / Lemma 1.5.5 (L914-924) wrappers
* :func:`regularized_reduction`   Lemma 1.4.10 (L745-775)
* :func:`iterative_localization`  Alg 5 (L789-801, parameters L849-880)

Randomness: every random function takes ``rng`` (numpy Generator) and accepts pre-drawn ``draws``; per-sample
gradients go through a counting :class:`reference.core.oracles.SampleAccessOracle` (``grad_batch``), so the
gradient complexity is measured exactly.  Accounting: :mod:`reference.thesis.ch01.privacy`.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from reference.core.accounting import compose_basic
from reference.core.oracles import SampleAccessOracle
from reference.core.randomness import Source
from reference.core.validation import in_range, integer, nonnegative, positive, positive_int, vector
from reference.core.samplers import sample_without_replacement, uniform_l2_ball

from .privacy import thesis_sigma
from .rowwise_oracle import derived_oracle
from reference.core import validation as _V

__all__ = ["meta", "meta_dp", "ac_sa", "ball_smoothed_gradient", "private_ac_sa", "params_erm", "params_sco",
           "restart_erm", "restart_sco", "regularized_reduction", "iterative_localization", "acsa_md_weights",
           "dp_erm_strongly_convex", "dp_erm_convex", "proj_ball_intersection", "dp_sco_convex",
           "dp_sco_strongly_convex"]


# ------------------------------------------------------------------------------------------------
# Alg 1 / Alg 2
# ------------------------------------------------------------------------------------------------

def meta(w0, T: int, gradient_estimate: Callable, sub_procedure: Callable, trace: list | None = None):
    """Alg 1 META (003 L490-499).

    Preconditions: T integer >= 1; ``gradient_estimate(w, t) -> G_t``; ``sub_procedure(w, G, t) -> w'``.
    Steps: for t = 1..T: G_t ~ grad F(w_{t-1}) (line 3); w_t <- SubProcedure(w_{t-1}, G_t) (line 4).
    Postcondition: returns the list [w_0, ..., w_T] ("some function of the iterates" is left to the caller).
    Spec: 003_ch01.alg1
    """
    _V.callable_("gradient_estimate", gradient_estimate); _V.callable_("sub_procedure", sub_procedure)
    T = positive_int("T", T)
    _V.trace_list("trace", trace)
    ws = [vector("w0", w0)]
    for t in range(1, T + 1):
        G_t = gradient_estimate(ws[-1], t)                 # Alg 1 line 3; 003 L494
        ws.append(np.asarray(sub_procedure(ws[-1], G_t, t), dtype=float))   # line 4; L495
        if trace is not None:
            trace.append(ws[-1].copy())
    return ws


def meta_dp(oracle: SampleAccessOracle, w0, T: int, B: int, sigma: float, sub_procedure: Callable,
            rng: np.random.Generator | None, *, draws: dict | None = None, trace: list | None = None):
    """Alg 2 META_DP (003 L506-518).

    Preconditions (validated): ``oracle`` a SampleAccessOracle over the N samples (counts per-sample gradients);
        T >= 1, 1 <= B <= N integers; sigma > 0; ``sub_procedure(w, G, t) -> w'``.
    Steps: for t = 1..T: S_t uniform size-B subset (line 3, L513); v ~ N(0, sigma^2 I) (line 4);
        G_t = (sum_{x_i in S_t} grad f(w_{t-1}, x_i) + v)/B (line 4, L514); w_t <- SubProcedure(w_{t-1}, G_t) (line 5).
    Postcondition: returns [w_0..w_T]; exactly B*T per-sample gradient queries; (eps, delta)-DP by Thm 1.3.1
        when sigma = thesis_sigma(...) with a large enough c2 (see reference.thesis.ch01.privacy).
    Randomness: standard uniforms "subsets" (T, B) (partial Fisher-Yates per step) and standard normals "v" (T, d),
        drawn from ``rng`` in that order or pre-drawn as ``draws = {"subsets": ..., "v": ...}`` (shape-validated;
        bit-identical to the rng path given its draws).
    Spec: 003_ch01.alg2
    """
    _V.callable_("sub_procedure", sub_procedure)
    _V.has_methods("oracle", oracle, ("grad_batch",))
    _V.trace_list("trace", trace)
    T, B = positive_int("T", T), positive_int("B", B)
    if B > oracle.n:
        raise ValueError(f"B must be in [1, N={oracle.n}], got {B}")
    sigma = positive("sigma", sigma)
    w = vector("w0", w0)
    d = w.shape[0]
    src = Source(rng, draws)
    U = src.uniform("subsets", (T, B))
    V = src.normal("v", (T, d))
    ws = [w]
    for t in range(1, T + 1):
        S_t = sample_without_replacement(oracle.n, B, None, noise=U[t - 1])     # line 3; L513
        v = sigma * V[t - 1]                                                     # line 4; L514
        G_t = _V.finite_result("G_t", (oracle.grad_batch(ws[-1], S_t).sum(axis=0) + v) / B, sigma=sigma)   # line 4; L514
        ws.append(np.asarray(sub_procedure(ws[-1], G_t, t), dtype=float))        # line 5; L515
        if trace is not None:
            trace.append(ws[-1].copy())
    return ws


# ------------------------------------------------------------------------------------------------
# Alg 3 AC-SA
# ------------------------------------------------------------------------------------------------

def acsa_md_weights(alpha, gamma, mu):
    """Weights (a, b) of w^md = a w^ag_{t-1} + b w_{t-1} (Alg 3 line 6, 003 L567); a + b = 1 exactly.

    Preconditions (validated): alpha in (0, 1], gamma, mu >= 0 with gamma + (1 - alpha^2) mu > 0 (else 0/0).
    """
    symbolic = any(hasattr(v, "free_symbols") for v in (alpha, gamma, mu))   # sympy expressions only
    if not symbolic:                     # sympy symbols pass through (the symbolic check of a + b = 1)
        alpha = in_range("alpha", alpha, 0.0, 1.0, lo_open=True)
        gamma, mu = nonnegative("gamma", gamma), nonnegative("mu", mu)
    return _md_weights(alpha, gamma, mu, check=not symbolic)


def _md_weights(alpha, gamma, mu, check=True):
    """The formula of :func:`acsa_md_weights` without re-validating alpha, gamma, mu (ac_sa's loop: alpha_t in (0, 1],
    gamma_t, mu >= 0 by construction); the 0/0 case is still refused."""
    den = gamma + (1 - alpha ** 2) * mu
    if check and not den > 0:
        raise ValueError(f"gamma + (1 - alpha^2) mu must be > 0 (the weights are 0/0), got gamma={gamma!r}, "
                         f"alpha={alpha!r}, mu={mu!r}")
    return (1 - alpha) * (mu + gamma) / den, alpha * ((1 - alpha) * mu + gamma) / den


def ac_sa(w0, T: int, L: float, mu: float, oracle: Callable, proj: Callable | None = None, variant: str = "gl12",
          reg_lambda: float = 0.0, reg_center=None, trace: list | None = None):
    """Alg 3 AC-SA ([GL12] Prop. 9; 003 L557-574) for min_K f + h, h(w) = reg_lambda ||w - reg_center||^2.

    Preconditions (validated): T >= 1; L >= 0 (smoothness), mu >= 0, not both 0 when T >= 2 (the md weights of
    line 6 are 0/0 then); ``oracle(w) -> G`` a (stochastic) gradient of f;
    ``proj`` the Euclidean projection onto K (identity if None); variant in {"gl12", "thesis"}.
    Steps (t = 1..T):
      step sizes (line 3, L564): thesis alpha_t = 2/(t+2); gl12 alpha_t = 2/(t+1); gamma_t = 4L/(t(t+1));
      line 6 (L567): w^md = a w^ag_{t-1} + b w_{t-1} (acsa_md_weights);
      line 7 (L568): G_t = oracle(w^md);
      line 8 (L569): w_t = argmin_K alpha_t[<G_t,w> + h(w) + m ||w^md - w||^2] + c ||w_{t-1} - w||^2 with
        c = (1 - alpha_t) mu + gamma_t; thesis m = mu, weights as printed; gl12 halves the two quadratics
        (prox function V = ||.||^2/2); closed form: the unconstrained minimiser projected onto K;
      line 9 (L572): w^ag_t = alpha_t w_t + (1 - alpha_t) w^ag_{t-1}.
    Postcondition: returns w^ag_T (GL12: E[Psi(w^ag_T) - Psi*] <= 4L V(w0,w*)/(T(T+1)) + 4(M^2+V)/(mu(T+1))).
    Spec: 003_ch01.alg3
    """
    T = positive_int("T", T)
    L, mu = nonnegative("L", L), nonnegative("mu", mu)
    lam = nonnegative("reg_lambda", reg_lambda)
    if variant not in ("gl12", "thesis"):
        raise ValueError(f"variant must be 'gl12' or 'thesis', got {variant!r}")
    if not callable(oracle):
        raise TypeError(f"oracle must be a callable w -> G, got {type(oracle).__name__}")
    if proj is not None and not callable(proj):
        raise TypeError(f"proj must be a callable or None, got {type(proj).__name__}")
    if L == 0 and mu == 0 and (T >= 2 or variant == "thesis"):
        raise ValueError("L and mu are both 0: the md weights of line 6 (L567) are 0/0; need L > 0 or mu > 0")
    proj = proj if proj is not None else (lambda y: y)
    w = vector("w0", w0).copy()
    ctr = np.zeros_like(w) if reg_center is None else vector("reg_center", reg_center, w.shape[0])
    w_ag = w.copy()                                                   # line 2 (L563)
    _V.finite_result("gamma_t = 4 L/(t (t + 1))", 4.0 * L, L=L)     # 4 L finite: every gamma_t below is finite
    for t in range(1, T + 1):
        alpha = 2.0 / (t + 2) if variant == "thesis" else 2.0 / (t + 1)   # line 3 (L564)
        gamma = 4.0 * L / (t * (t + 1))                                # line 3 (L564)
        if alpha == 1.0 and gamma == 0:      # t = 1 of gl12 with L = 0: 0/0, but w^ag_0 = w_0 so any a + b = 1
            a, b = 0.0, 1.0
        else:
            a, b = _md_weights(alpha, gamma, mu)                       # acsa_md_weights, inputs valid by construction
        w_md = a * w_ag + b * w                                       # line 6 (L567)
        G_t = np.asarray(oracle(w_md), dtype=float)                   # line 7 (L568)
        c = (1 - alpha) * mu + gamma                                  # line 8 (L569-571): argmin weights
        if variant == "thesis":
            num = alpha * mu * w_md + c * w + alpha * lam * ctr - alpha * G_t / 2
            den = alpha * mu + c + alpha * lam
        else:
            num = alpha * mu * w_md + c * w + 2 * alpha * lam * ctr - alpha * G_t
            den = alpha * mu + c + 2 * alpha * lam
        if den <= 0:
            raise ValueError("degenerate prox step (mu = L = reg_lambda = 0 at t >= 2): need L > 0 or mu > 0")
        w = proj(num / den)
        w_ag = alpha * w + (1 - alpha) * w_ag                         # line 9 (L572)
        if trace is not None:
            trace.append(w_ag.copy())
    return w_ag


# ------------------------------------------------------------------------------------------------
# Claim 1.4.2 oracle and Alg 4 Private AC-SA
# ------------------------------------------------------------------------------------------------

def ball_smoothed_gradient(oracle: SampleAccessOracle, w, idx, r: float, rng: np.random.Generator | None, *,
                           draws=None):
    """Per-sample gradients at uniformly perturbed points (Claim 1.4.2(d), 003 L593-599; Alg 4 oracle L619-621).

    Preconditions (validated): r >= 0; idx a 1-D array of m sample indices.
    Steps: y_i ~ Unif(B_2(0, r)) independently; return rows grad f(w + y_i, x_{idx_i}) (m queries).
    Postcondition: each row is unbiased for grad F_{n_r}^{(i)}(w) with second moment <= G^2 (f G-Lipschitz on K_r).
    Randomness: standard normals g (m, d) then standard uniforms u (m,) (``uniform_l2_ball``), from ``rng`` or
        pre-drawn as ``draws = (g, u)`` (shape-validated by reference.core.samplers.uniform_l2_ball).
    Spec: 003_ch01.alg4
    """
    _V.vector("w", w); _V.has_methods("oracle", oracle, ("grad_batch",))
    rng = _V.generator("rng", rng, allow_none=True)
    r = nonnegative("r", r)
    w = np.asarray(w, dtype=float)
    idx = _V.array("idx", idx, ndim=1)
    if not np.all(idx == np.round(idx)) or np.any(idx < 0) or np.any(idx >= oracle.n):
        raise ValueError(f"idx must be sample indices in [0, {oracle.n}), got {idx!r}"[:300])
    idx = idx.astype(np.int64)
    y = uniform_l2_ball(w.shape[0], r, rng, size=len(idx), noise=draws)     # Alg 4 line 7 (L621): y_i ~ n_r
    return oracle.grad_batch(w[None, :] + y, idx)                          # Alg 4 line 7 (L621): grad f(w + y_i, x_i)


def params_erm(N: int, d: int, epsilon: float, delta: float, c1: float = 1.0, variant: str = "corrected"):
    """Parameter set E of Thm 1.4.9 (003 L720-734): (T, B).

    T = ceil(100 eps N/(c1 d^{1/4} sqrt(log(1/delta)))) (L720);
    corrected (L731 with c1): B = ceil(sqrt(eps N^2/(c1 T)) + eps^2 N^2/(d log(1/delta) T));
    "printed_l723": B = ceil(sqrt(eps N^2/(c1 T) + eps^2 N^2/(d log(1/delta) T))) (audit A-2).
    Spec: 003_ch01.alg5
    """
    _V.choice("variant", variant, ('corrected', 'printed_l723'))
    N, d = positive_int("N", N), positive_int("d", d)
    epsilon, c1 = positive("epsilon", epsilon), positive("c1", c1)
    delta = in_range("delta", delta, 0.0, 0.5, lo_open=True)
    L = math.log(1 / delta)
    # ceil of a positive real is >= 1 (max(1, .) only undoes an underflow to 0.0, e.g. at c1 = 1e308)
    T = max(1, math.ceil(_V.finite_result("T", 100 * epsilon * N / (c1 * d ** 0.25 * math.sqrt(L)), epsilon=epsilon,
                                          c1=c1)))
    if variant == "corrected":
        B = math.sqrt(epsilon * N ** 2 / (c1 * T)) + epsilon ** 2 * N ** 2 / (d * L * T)
    else:   # "printed_l723"
        B = math.sqrt(epsilon * N ** 2 / (c1 * T) + epsilon ** 2 * N ** 2 / (d * L * T))
    return T, math.ceil(_V.finite_result("B", B, epsilon=epsilon, c1=c1, N=N))


def params_sco(N: int, d: int, epsilon: float, delta: float, c1: float = 1.0, variant: str = "corrected"):
    """Parameter set S of Lemma 1.5.4 (003 L900-906): (T, B).

    T = 400 ceil(min{N^{1/2} d^{1/4}, N eps/(d^{1/4} sqrt(log(1/delta)))});
    corrected: B = ceil(N/T + N sqrt(eps/(c1 T))); "printed": B = ceil(N/T + N sqrt(eps/T)) (audit A-13).
    Spec: 003_ch01.alg5
    """
    _V.choice("variant", variant, ('corrected', 'printed'))
    N, d = positive_int("N", N), positive_int("d", d)
    epsilon, c1 = positive("epsilon", epsilon), positive("c1", c1)
    delta = in_range("delta", delta, 0.0, 0.5, lo_open=True)
    L = math.log(1 / delta)
    T = 400 * math.ceil(min(math.sqrt(N) * d ** 0.25, N * epsilon / (d ** 0.25 * math.sqrt(L))))
    cc = c1 if variant == "corrected" else 1.0
    if variant not in ("corrected", "printed"):
        raise ValueError(f"variant must be 'corrected' or 'printed', got {variant!r}")
    B = math.ceil(N / T + N * math.sqrt(epsilon / (cc * T)))
    return T, B


def private_ac_sa(oracle: SampleAccessOracle, w0, D: float, G: float, mu: float, epsilon: float, delta: float,
                  B: int, T: int, rng: np.random.Generator | None, c2: float = 1.0, sigma: float | None = None,
                  radius: str = "proof", variant: str = "gl12", proj: Callable | None = None, *,
                  draws: dict | None = None, trace: list | None = None):
    """Alg 4 Private AC-SA (003 L610-624).

    Preconditions: oracle over N samples, f(., x) G-Lipschitz, mu-s.c. on K_r; D = diam K > 0; B in [1, N],
    T >= 1; epsilon > 0, delta in (0, 1/2]; sigma None (thesis formula with c2) or > 0; radius in
    {"proof", "printed"}.
    Steps: line 2 (L616): r = D d^{1/4}/T ("proof", L648) or D/(T d^{1/4}) ("printed"), sigma = c2 G B
    sqrt(T log(1/delta))/(eps N); line 3 (L617): AC-SA with L = G sqrt(d)/r, M = 0, h = 0, mu; oracle lines 5-7 (L619-621):
    S_t uniform size-B subset, y_i ~ Unif(B(0,r)), v ~ N(0, sigma^2 I), G(w) = (sum_i grad f(w + y_i, x_i) + v)/B.
    Postcondition: returns (w^ag_T, info) with exactly B*T per-sample gradients; privacy: Lemma 1.4.4 (the output
    is post-processing of the META_DP transcript); utility Lemma 1.4.5.
    Randomness: standard uniforms "subsets" (T, B), standard normals "g" (T, B, d), standard uniforms "u" (T, B) and
    standard normals "v" (T, d), drawn from ``rng`` in that order or pre-drawn as ``draws = {"subsets", "g", "u",
    "v"}`` (shape-validated; bit-identical to the rng path given its draws).
    Spec: 003_ch01.alg5
    """
    _V.vector("w0", w0); _V.has_methods("oracle", oracle, ("grad_batch",))
    epsilon = _V.nonnegative("epsilon", epsilon, allow_inf=True)
    delta = _V.probability("delta", delta)
    c2 = _V.real("c2", c2, allow_inf=True)
    D, G = positive("D", D), positive("G", G)
    mu = nonnegative("mu", mu)
    T, B = positive_int("T", T), positive_int("B", B)
    if B > oracle.n:
        raise ValueError(f"B must be in [1, N={oracle.n}], got {B}")
    w0 = np.asarray(w0, dtype=float)
    d = w0.shape[0]
    if radius == "proof":
        r = D * d ** 0.25 / T                                         # L648
    elif radius == "printed":
        r = D / (T * d ** 0.25)                                       # Alg 4 line 2 (L616), as printed
    else:
        raise ValueError(f"radius must be 'proof' or 'printed', got {radius!r}")
    sigma = thesis_sigma(G, B, T, oracle.n, epsilon, delta, c2) if sigma is None else positive("sigma", sigma)
    L = _V.finite_result("L = G sqrt(d)/r", G * math.sqrt(d) / r, G=G, D=D, T=T)   # Alg 4 line 3 (L617)
    src = Source(rng, draws)
    draws = {"subsets": src.uniform("subsets", (T, B)), "g": src.normal("g", (T, B, d)), "u": src.uniform("u", (T, B)),
             "v": src.normal("v", (T, d))}
    # Alg 4 line 7 (L621): the perturbations y_i ~ n_r of every step, from the same standard draws (g, u) that
    # ball_smoothed_gradient would use step by step (row-wise, so bit-identical), drawn once: shape (T, B, d)
    Y = uniform_l2_ball(d, r, None, size=T * B, noise=(draws["g"].reshape(T * B, d), draws["u"].reshape(T * B)))
    Y = Y.reshape(T, B, d)
    step = [0]

    def G_oracle(w):                                                  # Alg 4 lines 5-7 (L619-621)
        t = step[0]
        step[0] += 1
        S_t = sample_without_replacement(oracle.n, B, None, noise=draws["subsets"][t])   # line 6 (L620): S_t, |S_t| = B
        grads = oracle.grad_batch(w[None, :] + Y[t], S_t)              # line 7 (L621): grad f(w + y_i, x_i)
        return (grads.sum(axis=0) + sigma * draws["v"][t]) / B         # line 7 (L621): (sum + v)/B

    w = ac_sa(w0, T, L, mu, G_oracle, proj=proj, variant=variant, trace=trace)
    return w, {"r": r, "sigma": sigma, "L": L, "gradients": B * T}


# ------------------------------------------------------------------------------------------------
# wrappers: Lemma 1.4.7, Lemma 1.5.5, Lemma 1.4.10, Alg 5
# ------------------------------------------------------------------------------------------------

def restart_erm(solver: Callable, w0, N: int, epsilon: float, delta: float, trace: list | None = None):
    """Restart (noise-annealing) wrapper of Lemma 1.4.7 (003 L664-703).

    Preconditions: ``solver(eps_i, delta_i, w_start) -> w`` an (eps_i, delta_i)-DP s.c. ERM solver; N >= 2.
    Steps: k = ceil(log2 log2 N^3) (L670); for i = 1..k: eps_i = eps/2^{k+1-i}, delta_i = delta/2^{k+1-i};
    w <- solver(eps_i, delta_i, w).
    Postcondition: returns (w, budgets) with basic composition sum eps_i = eps(1 - 2^-k) <= eps (Thm 1.2.7).
    Spec: 003_ch01.alg6
    """
    _V.callable_("solver", solver)
    N = integer("N", N, lo=2)
    epsilon, delta = positive("epsilon", epsilon), in_range("delta", delta, 0.0, 1.0, lo_open=True)
    k = math.ceil(math.log2(math.log2(N ** 3)))                      # L670
    if trace is not None and not isinstance(trace, list):
        raise TypeError(f"trace must be a list (appended to) or None, got {type(trace).__name__}")
    w, budgets = vector("w0", w0), []
    for i in range(1, k + 1):
        e_i, d_i = epsilon / 2 ** (k + 1 - i), delta / 2 ** (k + 1 - i)   # L672
        w = solver(e_i, d_i, w)
        budgets.append((e_i, d_i))
        if trace is not None:
            trace.append(np.array(w, copy=True))
    total = compose_basic(budgets)
    return w, {"k": k, "budgets": budgets, "total": total}


def restart_sco(solver: Callable, w0, N: int, epsilon: float, delta: float, trace: list | None = None):
    """SCO restart wrapper of Lemma 1.5.5 (003 L914-924): as restart_erm, round i uses the fresh block
    [start_i, start_i + N/2^{k+1-i}) of the samples.  ``solver(eps_i, delta_i, w_start, idx) -> w``.
    Postcondition: disjoint blocks; (sum eps_i, sum delta_i) <= (eps, delta).
    Spec: 003_ch01.alg7

    Preconditions (validated): N integer >= 2; epsilon > 0; delta in (0, 1]; ``solver(eps_i, delta_i, w_start, idx)``
        an (eps_i, delta_i)-DP s.c. solver on the samples ``idx``.
    Steps: k = ceil(log2 log2 N^3); for i = 1..k: eps_i = eps/2^{k+1-i}, delta_i = delta/2^{k+1-i}, n_i = floor(N/2^{k+1-i}),
        idx_i = the next n_i unused samples; w <- solver(eps_i, delta_i, w, idx_i).
    """
    _V.callable_("solver", solver)
    N = integer("N", N, lo=2)
    epsilon, delta = positive("epsilon", epsilon), in_range("delta", delta, 0.0, 1.0, lo_open=True)
    k = math.ceil(math.log2(math.log2(N ** 3)))
    trace = _V.trace_list("trace", trace)
    w, budgets, start, blocks = vector("w0", w0), [], 0, []
    for i in range(1, k + 1):
        e_i, d_i = epsilon / 2 ** (k + 1 - i), delta / 2 ** (k + 1 - i)
        n_i = N // 2 ** (k + 1 - i)
        idx = np.arange(start, start + n_i)
        start += n_i
        w = solver(e_i, d_i, w, idx)
        budgets.append((e_i, d_i))
        blocks.append(idx)
        if trace is not None:
            trace.append(np.array(w, copy=True))
    return w, {"k": k, "budgets": budgets, "blocks": blocks, "total": compose_basic(budgets)}


def regularized_reduction(sc_solver: Callable, w0, G: float, D: float, d: int, N: int, epsilon: float,
                          delta: float, u_const: float = 1.0):
    """Lemma 1.4.10 reduction (003 L745-775): convex -> strongly convex by h_u = h + u ||w - w0||^2.

    Steps: u = u_const G sqrt(d log(1/delta))/(D eps N) (L757); if u D >= G return w0 (loss <= GD, L759);
    else return sc_solver(mu=2u, reg_lambda=u, reg_center=w0) (h_u is 2u-s.c. and (G + 2uD)-Lipschitz on K).
    ``sc_solver(mu, lam, center) -> w`` must add lam ||w - center||^2 itself (e.g. AC-SA's h).
    Spec: 003_ch01.alg8

    Preconditions (validated): G, D > 0; d, N integers >= 1; epsilon > 0; delta in (0, 1].
    Postcondition: returns (w, info); if the s.c. solver has excess O(G'^2 d log(1/delta)/(mu' eps^2 N^2)) for
        mu' = 2u, G' = G + 2uD, then h(w) - h* = O(GD sqrt(d log(1/delta))/(eps N)) (Lemma 1.4.10) with the same privacy
        (the regulariser is data independent).
    """
    _V.callable_("sc_solver", sc_solver)
    u_const, G, D, w0 = positive("u_const", u_const), positive("G", G), positive("D", D), vector("w0", w0)
    d, N = positive_int("d", d), positive_int("N", N)
    epsilon, delta = positive("epsilon", epsilon), in_range("delta", delta, 0.0, 1.0, lo_open=True)
    u = _V.finite_result("u", u_const * G * math.sqrt(d * math.log(1 / delta)) / (D * epsilon * N), u_const=u_const, G=G)
    if u == 0.0:
        raise ValueError(f"u = u_const G sqrt(d log(1/delta))/(D epsilon N) underflows to 0 at D = {D!r}, "
                         f"epsilon = {epsilon!r}, N = {N}")
    if u * D >= G:
        return np.asarray(w0, dtype=float), {"u": u, "trivial": True}
    return sc_solver(2 * u, u, np.asarray(w0, dtype=float)), {"u": u, "trivial": False}


def iterative_localization(solver: Callable, w0, N: int, G: float, D: float, d: int, epsilon: float,
                           delta: float, trace: list | None = None):
    """Alg 5 iterative localisation A' (003 L789-801; parameters from the proof L849-880).

    Preconditions: ``solver(eps_i, delta_i, idx, center, radius, lam, w_start) -> w_i`` an (eps_i, delta_i)-DP
    solver of F_i(w) = (1/N_i) sum_{j in idx} f(w, x_j) + lam ||w - center||^2 over K_i = K cap B(center, radius);
    N >= 2; G, D > 0.
    Steps: k = ceil(log2 N), stop early when N_i = floor(N/2^i) < 1 (audit A-11); eta = (D/G) min{1/sqrt N,
    eps/sqrt(d log(1/delta))} (L875); for i = 1..k: eps_i = eps/2^i, delta_i = delta/2^i (L851), eta_i = eta/32^i,
    S_i = next N_i unused samples (half-open blocks), K_i radius 2 G eta_i N_i, lam_i = 1/(eta_i N_i),
    w_i = solver(...).
    Postcondition: returns (w_k, info); disjoint blocks; sum eps_i < eps, sum delta_i < delta.
    Spec: 003_ch01.alg9
    """
    _V.callable_("solver", solver)
    N, d = integer("N", N, lo=2), positive_int("d", d)
    G, D = positive("G", G), positive("D", D)
    epsilon, delta = positive("epsilon", epsilon), in_range("delta", delta, 0.0, 1.0, lo_open=True)
    _V.trace_list("trace", trace)
    k = math.ceil(math.log2(N))                                        # L793
    eta = (D / G) * min(1 / math.sqrt(N), epsilon / math.sqrt(d * math.log(1 / delta)))   # L875
    w, start, budgets, blocks = vector("w0", w0), 0, [], []
    for i in range(1, k + 1):
        N_i = N // 2 ** i
        if N_i < 1:
            break
        e_i, d_i, eta_i = epsilon / 2 ** i, delta / 2 ** i, eta / 32 ** i   # L851
        idx = np.arange(start, start + N_i)                             # S_i (half-open)
        start += N_i
        radius_i = _V.finite_result("the radius 2 G eta_i N_i", 2 * G * eta_i * N_i, G=G, D=D, epsilon=epsilon)
        if not 0.0 < eta_i * N_i:
            raise ValueError(f"phase {i}: eta_i N_i underflows to 0 (lam_i = 1/(eta_i N_i) undefined) at D = {D!r}, "
                             f"G = {G!r}, epsilon = {epsilon!r}")
        w = solver(e_i, d_i, idx, w.copy(), radius_i, 1 / (eta_i * N_i), w.copy())   # lines 4-6
        budgets.append((e_i, d_i))
        blocks.append(idx)
        if trace is not None:
            trace.append(np.array(w, copy=True))
    return w, {"k": k, "eta": eta, "budgets": budgets, "blocks": blocks, "total": compose_basic(budgets)}


# ------------------------------------------------------------------------------------------------
# end-to-end procedures of Thm 1.4.9 / Thm 1.4.11 (Thm 1.1.1): restarts of Private AC-SA, parameter set E
# ------------------------------------------------------------------------------------------------

def dp_erm_strongly_convex(oracle: SampleAccessOracle, w0, D: float, G: float, mu: float, epsilon: float,
                           delta: float, rng: np.random.Generator, sigma_rule: Callable, *, c1: float = 1.0,
                           proj: Callable | None = None, params: str = "E"):
    """Thm 1.4.9 (003 L707-735): Lemma 1.4.7's restarts of Private AC-SA with parameter set E
    (``params="S"``: Lemma 1.5.4's set S, L900-906, the SCO inner solver restarted the same way, L908).

    Preconditions (validated): ``oracle`` a SampleAccessOracle over the N >= 2 samples, f(., x) G-Lipschitz and
        mu-s.c. on K_r (caller's responsibility); D = diam K > 0, G > 0, mu > 0; epsilon, delta in (0, 1/2];
        ``sigma_rule(N, B, T, eps_i, delta_i) -> sigma`` the calibration of Lemma 1.4.4 (the thesis leaves the Theta
        in sigma to an accountant: pass e.g. ``privacy.tcdp_sigma`` with the replace-one sensitivity); ``proj`` the
        projection onto K; ``params`` in {"E", "S"} (ValueError when the set's B exceeds N).
    Steps: k = ceil(log2 log2 N^3) rounds (Lemma 1.4.7, L670-672); round i: eps_i = eps/2^{k+1-i},
        delta_i = delta/2^{k+1-i}; (T_i, B_i) = params_erm(N, d, eps_i, delta_i, c1) (Thm 1.4.9, L720-731);
        sigma_i = sigma_rule(N, B_i, T_i, eps_i, delta_i); w <- Private AC-SA(w, eps_i, delta_i, B_i, T_i, sigma_i)
        started at the previous output (L670).
    Postcondition: returns (w, info) with info["rounds"] = [(eps_i, delta_i, T_i, B_i, sigma_i)] and
        info["gradients"] = sum_i B_i T_i (exactly the per-sample gradients queried); (eps, delta)-DP by basic
        composition of the rounds (Thm 1.2.7) when each sigma_i makes Private AC-SA (eps_i, delta_i)-DP;
        E[F - F*] = O(G^2 d log(1/delta)/(mu eps^2 N^2)) (Thm 1.4.9).
    Spec: 003_ch01.thm1_1_1
    """
    _V.has_methods("oracle", oracle, ("grad_batch",)); _V.callable_("sigma_rule", sigma_rule)
    rng = _V.generator("rng", rng)
    D, G, mu = positive("D", D), positive("G", G), positive("mu", mu)
    epsilon = in_range("epsilon", epsilon, 0.0, 0.5, lo_open=True)
    delta = in_range("delta", delta, 0.0, 0.5, lo_open=True)
    w0 = vector("w0", w0)
    _V.choice("params", params, ("E", "S"))
    N, d = oracle.n, w0.shape[0]
    rounds = []
    def solver(e_i, d_i, w):
        if params == "E":
            T_i, B_i = params_erm(N, d, e_i, d_i, c1)                        # Thm 1.4.9 (L720-731)
        else:
            T_i, B_i = params_sco(N, d, e_i, d_i, c1)                        # Lemma 1.5.4 (L900-906)
        if B_i > N:
            raise ValueError(f"parameter set {params} gives B = {B_i} > N = {N} (eps_i = {e_i:.3g}): the printed "
                             f"B <= N/10 of Lemma 1.4.4 fails at this N")
        s_i = positive("sigma_rule(...)", sigma_rule(N, B_i, T_i, e_i, d_i))  # Lemma 1.4.4 calibration
        rounds.append((e_i, d_i, T_i, B_i, s_i))
        return private_ac_sa(oracle, w, D, G, mu, e_i, d_i, B_i, T_i, rng, sigma=s_i, proj=proj)[0]   # Alg 4

    w, info = restart_erm(solver, w0, N, epsilon, delta)                   # Lemma 1.4.7 (L664-703)
    return w, {"k": info["k"], "rounds": rounds, "gradients": sum(B * T for _, _, T, B, _ in rounds),
               "total": info["total"]}


def dp_erm_convex(oracle: SampleAccessOracle, w0, D: float, G: float, epsilon: float, delta: float,
                  rng: np.random.Generator, sigma_rule: Callable, *, c1: float = 1.0, u_const: float = 1.0,
                  proj: Callable | None = None):
    """Thm 1.4.11 (003 L777-786): Lemma 1.4.10's reduction around :func:`dp_erm_strongly_convex`.

    Preconditions (validated): as :func:`dp_erm_strongly_convex` with f(., x) G-Lipschitz convex (no mu).
    Steps: u = u_const G sqrt(d log(1/delta))/(D eps N) (L757); if u D >= G return w0 (L759); else run the s.c.
        solver on the per-sample losses h_u(w, x) = h(w, x) + u ||w - w0||^2 (2u-s.c., (G + 2uD)-Lipschitz on K;
        the added term is data independent, so the sensitivity of the sampled gradient sums is unchanged).
    Postcondition: (w, info); E[H - H*] = O(G D sqrt(d log(1/delta))/(eps N)) with the gradient count of the s.c.
        solver (info["gradients"]; 0 in the trivial branch).
    Spec: 003_ch01.thm1_1_1
    """
    _V.has_methods("oracle", oracle, ("grad_batch",))
    w0 = vector("w0", w0)
    N, d = oracle.n, w0.shape[0]
    box = {}

    def sc_solver(mu_u, lam, center):
        reg = derived_oracle(oracle, None, lam, center)                    # h_u = h + lam ||w - w0||^2 (L763)
        w, info = dp_erm_strongly_convex(reg, center, D, G + 2 * lam * D, mu_u, epsilon, delta, rng, sigma_rule,
                                         c1=c1, proj=proj)
        box.update(info)
        return w

    w, info = regularized_reduction(sc_solver, w0, G, D, d, N, epsilon, delta, u_const)   # Lemma 1.4.10
    info.update(box)
    info.setdefault("gradients", 0)
    return w, info


def proj_ball_intersection(y, radius_K: float, center, radius: float):
    """Exact Euclidean projection onto K_i = B_2(0, radius_K) ∩ B_2(center, radius) (Alg 5's K_i for K a ball).

    Preconditions (validated): the intersection is non-empty (||center|| <= radius_K + radius).
    Steps: y if in both; else the projection onto one ball if it lies in the other; else the nearest point of the
        (d-2)-sphere where both boundary spheres meet (centre a c/||c|| with a = (radius_K^2 - radius^2 + ||c||^2)/(2||c||),
        radius h = sqrt(radius_K^2 - a^2), in the direction of y's component orthogonal to c).
    Postcondition: argmin_{z in K_i} ||z - y|| (both balls are convex; the KKT point is one of the three cases).
    """
    y, c = vector("y", y), vector("center", center, len(y))
    RK, rho = positive("radius_K", radius_K), positive("radius", radius)
    nc = float(np.linalg.norm(c))
    if nc > RK + rho:
        raise ValueError(f"K_i is empty: ||center|| = {nc} > radius_K + radius = {RK + rho}")
    return _proj_ball_intersection(y, RK, c, rho)


def _proj_ball_intersection(y, RK: float, c, rho: float):
    """:func:`proj_ball_intersection` after validation (dp_sco_convex validates K_i once per phase and calls this per
    step); y must be a finite float vector of c's length (a non-finite y is refused)."""
    nrm = lambda z: math.sqrt(float(z @ z))            # = np.linalg.norm for 1-D float arrays, bit for bit
    if not math.isfinite(nrm(y)):
        raise ValueError(f"y must be finite, got {y!r}"[:200])
    nc = nrm(c)
    inK = lambda z: nrm(z) <= RK * (1 + 1e-12)
    inB = lambda z: nrm(z - c) <= rho * (1 + 1e-12)
    if inK(y) and inB(y):
        return y.copy()
    p1 = c + (y - c) * min(1.0, rho / max(nrm(y - c), 1e-300))
    if inK(p1):
        return p1
    p0 = y * min(1.0, RK / max(nrm(y), 1e-300))
    if inB(p0):
        return p0
    u = c / nc
    a = (RK ** 2 - rho ** 2 + nc ** 2) / (2 * nc)
    h = math.sqrt(max(RK ** 2 - a * a, 0.0))
    v = y - (y @ u) * u
    nv = nrm(v)
    if nv == 0:                         # y on the axis: every point of the circle is nearest; take any
        e = np.zeros_like(y); e[int(np.argmin(np.abs(u)))] = 1.0
        v = e - (e @ u) * u; nv = nrm(v)
    return a * u + h * v / nv


def dp_sco_convex(oracle: SampleAccessOracle, w0, G: float, D: float, epsilon: float, delta: float,
                  rng: np.random.Generator, sigma_rule: Callable, *, radius_K: float | None = None, c1: float = 1.0):
    """Thm 1.5.6 / Thm 1.1.2 (003 L928-936): Alg 5 iterative localisation whose phase solver is Lemma 1.5.4's
    Private AC-SA (parameter set S) restarted as in Lemma 1.4.7, on K = B_2(0, radius_K) (D = 2 radius_K).

    Preconditions (validated): ``oracle`` over N >= 2 i.i.d. samples, f(., x) G-Lipschitz convex on K_r; D > 0;
        epsilon, delta in (0, 1/2]; ``sigma_rule`` as in :func:`dp_erm_strongly_convex`.
    Steps: :func:`iterative_localization` (k = ceil(log2 N) phases, eps_i = eps/2^i, eta_i = eta/32^i, block S_i);
        phase i solves F_i(w) = (1/N_i) sum_{S_i} f(w, x) + lam_i ||w - w_{i-1}||^2 over K_i = K ∩ B(w_{i-1}, 2 G eta_i N_i)
        by :func:`dp_erm_strongly_convex` (params "S", mu = 2 lam_i, Lipschitz G + 2 lam_i radius_i, diameter
        min(D, 2 radius_i)), projecting with :func:`proj_ball_intersection`.
    Postcondition: (w, info) with info["gradients"] = the per-sample gradients queried; (eps, delta)-DP by basic
        composition over disjoint blocks; E[F - F*] = O(GD(1/sqrt N + sqrt(d log(1/delta))/(eps N))).
    Spec: 003_ch01.thm1_1_2
    """
    _V.has_methods("oracle", oracle, ("grad_batch",))
    w0 = vector("w0", w0)
    G, D = positive("G", G), positive("D", D)
    # Thm 1.5.6 (L928): eps, delta <= 1/2 -- validated here (the phases' eps/2^i, delta/2^i would accept up to 1)
    epsilon = in_range("epsilon", epsilon, 0.0, 0.5, lo_open=True)
    delta = in_range("delta", delta, 0.0, 0.5, lo_open=True)
    RK = D / 2 if radius_K is None else positive("radius_K", radius_K)
    N, d = oracle.n, w0.shape[0]
    phases = []

    def solver(e_i, d_i, idx, center, radius, lam, w_start):
        sub = derived_oracle(oracle, idx, lam, center)     # F_i: the block S_i, + lam ||w - w_{i-1}||^2
        proj_ball_intersection(center, RK, center, radius)              # K_i non-empty (validated once per phase)
        proj = lambda y: _proj_ball_intersection(y, RK, center, radius)
        D_i, G_i = min(D, 2 * radius), G + 2 * lam * min(radius, D)
        if len(idx) < 2:
            # Lemma 1.4.7's k = ceil(log2 log2 N^3) is undefined at N_i = 1 (the last phase of Alg 5 when N is a
            # power of 2): one Private AC-SA round at (eps_i, delta_i) instead -- a counted branch, reported
            T_i, B_i = params_sco(1, d, e_i, d_i, c1)
            s_i = positive("sigma_rule(...)", sigma_rule(1, B_i, T_i, e_i, d_i))
            w, _ = private_ac_sa(sub, proj(w_start), D_i, G_i, 2 * lam, e_i, d_i, B_i, T_i, rng, sigma=s_i, proj=proj)
            phases.append({"gradients": B_i * T_i, "rounds": [(e_i, d_i, T_i, B_i, s_i)], "single_sample": True})
            return w
        w, info = dp_erm_strongly_convex(sub, proj(w_start), D_i, G_i, 2 * lam, e_i, d_i,
                                         rng, sigma_rule, c1=c1, proj=proj, params="S")
        phases.append(info)
        return w

    w, info = iterative_localization(solver, w0, N, G, D, d, epsilon, delta)
    info["phases"] = phases
    info["gradients"] = sum(p["gradients"] for p in phases)
    info["single_sample_phases"] = sum(1 for p in phases if p.get("single_sample"))
    return w, info


def dp_sco_strongly_convex(oracle: SampleAccessOracle, w0, G: float, D: float, epsilon: float, delta: float,
                           rng: np.random.Generator, sigma_rule: Callable, *, radius_K: float | None = None,
                           c1: float = 1.0):
    """Thm 1.5.6, s.c. part (003 L914-936): Lemma 1.5.5's restarts (:func:`restart_sco`: round i on the fresh block of
    N/2^{k+1-i} samples at (eps/2^{k+1-i}, delta/2^{k+1-i})) of :func:`dp_sco_convex` started at the previous output.

    Preconditions (validated): as :func:`dp_sco_convex` (f(., x) additionally mu-s.c.; mu enters only the utility
        claim); N >= 2 and every block has >= 2 samples (ValueError otherwise: Alg 5 needs N >= 2).
    Postcondition: (w, info) with info["gradients"] = sum over rounds of the dp_sco_convex counts; (eps, delta)-DP by
        parallel composition over disjoint blocks (and basic composition, as printed); E[F - F*] =
        O((G^2/mu)(1/N + d log(1/delta)/(eps^2 N^2))).
    Spec: 003_ch01.thm1_1_2
    """
    _V.has_methods("oracle", oracle, ("grad_batch",))
    w0 = vector("w0", w0)
    positive("G", G); positive("D", D); positive("c1", c1)                     # fail fast (dp_sco_convex re-checks)
    in_range("epsilon", epsilon, 0.0, 0.5, lo_open=True); in_range("delta", delta, 0.0, 0.5, lo_open=True)   # L928
    _V.optional(positive, "radius_K", radius_K)
    _V.generator("rng", rng); _V.callable_("sigma_rule", sigma_rule)
    rounds = []

    def solver(e_i, d_i, w, idx):
        if len(idx) < 2:
            raise ValueError(f"restart block of {len(idx)} sample(s): Alg 5 needs N >= 2 (N = {oracle.n} too small)")
        sub = derived_oracle(oracle, idx)                                   # the fresh block of Lemma 1.5.5
        w_new, info = dp_sco_convex(sub, w, G, D, e_i, d_i, rng, sigma_rule, radius_K=radius_K, c1=c1)
        rounds.append(info)
        return w_new

    w, info = restart_sco(solver, w0, oracle.n, epsilon, delta)                 # Lemma 1.5.5 (L914-924)
    info["rounds"] = rounds
    info["gradients"] = sum(r["gradients"] for r in rounds)
    return w, info
