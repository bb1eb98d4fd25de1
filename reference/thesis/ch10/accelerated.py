"""Chapter 10 of thesis 003: Alg 32 (user-level DP accelerated minibatch SGD), Alg 33 (accelerated phased ERM with
outlier-gradient removal), the AC-SA step P10.2 [stand-in] and the smoothed variant P10.3 (seed L7620-7678, L8094-8131).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from reference.core import validation as V
from reference.core.randomness import Source

from reference.core.oracles import QueryCounter
from reference.core.samplers import sample_with_replacement, sample_without_replacement, uniform_l2_ball
from reference.core import validation as _V

__all__ = ["ac_sa_step", "ac_sa_init", "accelerated_minibatch_sgd", "accelerated_phased_erm", "smoothed_grad",
           "multi_stage_ac_sa"]


def ac_sa_step(state: dict, G: np.ndarray, *, mu: float, beta: float, project: Callable) -> dict:
    """P10.2 [stand-in: AC-SA of Ghadimi–Lan 2012 (Euclidean, μ-strongly convex, β-smooth); not specified in the thesis].

    state = dict(t, x, x_ag, x_md) where x_md is the point at which G (a stochastic gradient) was computed:
        α_t = 2/(t+1), γ_t = 4β/(t(t+1)); x_t = Π_X([α_t μ x_md + ((1−α_t)μ + γ_t) x_{t−1} − α_t G]/(μ + γ_t));
        x_ag = α_t x_t + (1−α_t) x_ag.  Returns the next state with the next query point
        x_md = [(1−α)(μ+γ) x_ag + α((1−α)μ + γ) x]/(γ + (1−α²)μ) at t+1.

    Preconditions: state from ac_sa_init/ac_sa_step; G a finite gradient vector; mu >= 0; beta > 0; project the
        projection onto X.
    Steps: the AC-SA updates (α_t, γ_t, x^md, x, x^ag) of Ghadimi–Lan 2012 as displayed in the catalog P10.2.
    Postcondition: the next state dict (t, x, x_ag, x_md).
    Spec: 003_ch10.algP10_2"""
    _V.callable_("project", project)
    mu, beta = _V.nonnegative("mu", mu), _V.positive("beta", beta)
    if not isinstance(state, dict) or not {"t", "x", "x_ag", "x_md"} <= set(state):
        raise TypeError(f"state must be the AC-SA state dict(t, x, x_ag, x_md) (ac_sa_init), got {type(state).__name__}"
                        f" {state!r}"[:300])
    t, x, x_ag, x_md = state["t"], state["x"], state["x_ag"], state["x_md"]
    G = _V.vector("G", G, np.shape(x)[0])
    _V.finite_result("gamma_t = 4 beta / (t (t + 1))", 4.0 * beta / (t * (t + 1)), beta=beta)
    a, g = 2.0 / (t + 1), 4.0 * beta / (t * (t + 1))
    x_new = np.asarray(project((a * mu * x_md + ((1 - a) * mu + g) * x - a * G) / (mu + g)), dtype=float)
    x_ag_new = a * x_new + (1 - a) * x_ag
    t1 = t + 1
    a1, g1 = 2.0 / (t1 + 1), 4.0 * beta / (t1 * (t1 + 1))
    x_md_new = ((1 - a1) * (mu + g1) * x_ag_new + a1 * ((1 - a1) * mu + g1) * x_new) / (g1 + (1 - a1 ** 2) * mu)
    return dict(t=t1, x=x_new, x_ag=x_ag_new, x_md=x_md_new)


def ac_sa_init(x0) -> dict:
    """P10.2 initial AC-SA state.

    Preconditions (validated): x0 a finite vector.
    Steps: t = 1, x = x_ag = x_md = x0.
    Postcondition: the initial state dict(t, x, x_ag, x_md) for :func:`ac_sa_step`.
    Spec: 003_ch10.algP10_2
    """
    x0 = _V.vector("x0", x0)
    return dict(t=1, x=x0.copy(), x_ag=x0.copy(), x_md=x0.copy())


def accelerated_minibatch_sgd(users, grad: Callable, project: Callable, x_prev, *, T: int, K: int, tau: float,
                              lam: float, beta: float, epsilon: float, delta: float, n_total: int, d: int,
                              rng: np.random.Generator, sampling: str = "without_replacement",
                              output: str = "aggregated", c_sigma: float = 1000.0, c_thr: float = 8.0,
                              c_lap: float = 16.0, counter: QueryCounter | None = None,
                              trace: list | None = None, draws: dict | None = None) -> np.ndarray:
    """Alg 32 (003 L7620-7659): user-level DP accelerated minibatch SGD on F̂_i(x) = (1/n_i)Σ_Z F̂(x,Z) + (λ/2)‖x − x_prev‖².

    Preconditions: ``users`` array (n_i, m, ...); 1 <= K <= n_i (AU10.13: the caller caps K); T >= 1; tau, lam, beta > 0.
        ``sampling``: "without_replacement" (default; matches Lemma 10.6.8 and (10.12), AU10.7) or "with_replacement"
        (as printed).  ``output``: "aggregated" (default: AC-SA's guarantee is for x^ag, AU10.10) or "paper" (x^{T}).
    Steps: Δ̂ = 4K/5 + Lap(c_thr/ε) (drawn once, AU10.7); for t = 1..T: D^t = K users; q_t(Z) = (1/m)Σ_z ∇f(x^t_md, z);
        s^t = (1/K)Σ_{Z,Z'} 1(‖q_t(Z) − q_t(Z')‖ ≤ 2τ); ŝ = s^t + Lap(c_lap/ε); if ŝ >= Δ̂: h, p (piecewise at K/2, 2K/3),
        S^t ~ Bernoulli selection, g = mean_{S^t} q_t (0 if empty), ĝ = g + N(0, σ²I),
        σ = c_sigma τ √T log(n d e^ε/δ)/(ε n_i); one AC-SA step with ĝ + λ(x_md − x_prev); else halt and return 0.
    Postcondition: Thm 10.8.1 (privacy, claimed) / Lemma 10.8.4 (utility of multi-stage AC-SA; here single-stage).
        Gradient calls T·K·m (no halt).
    Randomness: threshold standard Laplace ``thr`` (shape ()), then per round the K subsample uniforms ``idx`` (T, K)
        (Fisher–Yates or floor(u n_i)), the score's standard Laplace ``lap`` (T,), the selection uniforms ``sel``
        (T, K) and the Gaussian noise ``gauss`` (T, d) — drawn from ``rng`` stream by stream in that order, or
        pre-drawn ``draws`` = dict(thr, idx, lap, sel, gauss) of those shapes; bit-identical.
    Spec: 003_ch10.alg32
    """
    _V.callable_("grad", grad); _V.callable_("project", project)
    n_total = _V.integer("n_total", n_total, lo=1)
    d = _V.integer("d", d, lo=1)
    # stand-in constants; 0 switches that noise / threshold term off (used by the count tests)
    c_sigma, c_thr, c_lap = _V.nonnegative("c_sigma", c_sigma), _V.nonnegative("c_thr", c_thr), _V.nonnegative("c_lap", c_lap)
    users = _V.array("users", users)
    if users.ndim < 2:
        raise ValueError(f"users must be an array (n_i, m, ...) of n_i users with m items each, got shape {users.shape}")
    n_i, m = users.shape[0], users.shape[1]
    T = V.positive_int("T", T)
    K = V.integer("K", K)
    tau, lam, beta = V.positive("tau", tau), V.positive("lam", lam), V.positive("beta", beta)
    epsilon = V.positive("epsilon", epsilon)
    delta = V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    if not (1 <= K <= n_i):
        raise ValueError(f"K must be in [1, n_i = {n_i}] (n_i users in users), got {K!r} (cap K_i at n_i, AU10.13)")
    _V.choice("sampling", sampling, ("without_replacement", "with_replacement"))
    _V.choice("output", output, ("aggregated", "paper"))
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    _V.finite_result("AC-SA step scale 4 (beta + lam)", 4.0 * (beta + lam), beta=beta, lam=lam)
    counter = counter if counter is not None else QueryCounter()
    x_prev = _V.vector("x_prev", x_prev)
    # log(n d e^eps / delta) = log(n d / delta) + eps (no overflow of e^eps for large eps)
    sigma = c_sigma * tau * math.sqrt(T) * (math.log(n_total * d / delta) + epsilon) / (epsilon * n_i)
    _V.finite_result("sigma", sigma, c_sigma=c_sigma, tau=tau, T=T, epsilon=epsilon)
    dim = x_prev.shape[0]
    src = Source(rng, draws)
    thr = 4 * K / 5 + (c_thr / epsilon) * float(src.laplace("thr", ()))  # line 4 (drawn once, AU10.7)
    idx_u, lap_u = src.uniform("idx", (T, K)), src.laplace("lap", (T,))
    sel_u, gauss = src.uniform("sel", (T, K)), src.normal("gauss", (T, dim))
    st = ac_sa_init(x_prev)
    for t in range(T):                                                     # line 3
        idx = (sample_without_replacement(n_i, K, None, noise=idx_u[t]) if sampling == "without_replacement"
               else sample_with_replacement(n_i, K, None, noise=idx_u[t]))  # line 5
        xq = st["x_md"]
        q = np.array([np.mean([grad(xq, z) for z in users[j]], axis=0) for j in idx])   # line 6
        counter.record(K * m, "gradient")
        dist = np.linalg.norm(q[:, None, :] - q[None, :, :], axis=-1)
        s = float((dist <= 2 * tau).sum()) / K                             # line 7
        if s + (c_lap / epsilon) * lap_u[t] < thr:                          # line 8 / else: halt, return 0
            return np.zeros_like(x_prev)
        h = (dist <= 2 * tau).sum(axis=1).astype(float)                    # lines 9-11
        p = np.clip((h - K / 2) / (K / 6), 0.0, 1.0)
        S = sel_u[t] < p
        g = q[S].mean(axis=0) if S.any() else np.zeros_like(x_prev)
        g_hat = g + sigma * gauss[t]                                        # line 12
        st = ac_sa_step(st, g_hat + lam * (xq - x_prev), mu=lam, beta=beta + lam, project=project)   # line 13
        if trace is not None:
            trace.append(st["x"].copy())
    return st["x_ag"] if output == "aggregated" else st["x"]


def accelerated_phased_erm(data, grad: Callable, project: Callable, x0, *, epsilon: float, delta: float, p: float,
                           q: float, lam: float, beta: float, L: float, rng: np.random.Generator,
                           c_tau: float = 1.0, c_T: float = 1.0, c_K: float = 500.0,
                           a32_kwargs: dict | None = None, counter: QueryCounter | None = None,
                           trace: list | None = None, draws: list | None = None) -> np.ndarray:
    """Alg 33 (003 L7661-7678): user-level DP accelerated phased ERM with outlier-gradient removal.

    Steps: l = ⌊log₂ n⌋; τ = c_tau·L log(ndm)/√m (constant unspecified); for i = 1..l: n_i = ⌊(1−2^{−q})n/2^{iq}⌋,
        λ_i = λ2^{pi}, T_i = ⌈c_T(1 + √(β/λ_i)) log(ndm)⌉, K_i = min(n_i, ⌈c_K log(n_i²m²e^ε/δ)(1/ε + n_iε/√(T_i log(1/δ)))⌉)
        (cap: AU10.13); D_i = n_i fresh users; x_i = Alg32(D_i, T_i, K_i, x_{i−1}, τ, λ_i).  Output x_l.
    Preconditions (validated): ``data`` array (n, m, ...) with n >= 2; epsilon in (0, 10]; delta in (0, 1); p, q, lam,
        beta, L in (0, inf); ``rng`` a numpy Generator unless ``draws`` is given.
    Postcondition: Thms 10.8.1/10.8.3 (claimed; privacy proof open, 003_ch10.thm10_3_1); gradient calls
        Σ_i T_i K_i m when no phase halts.
    Randomness: the l Alg-32 calls in order, from ``rng`` or pre-drawn ``draws`` = a list of per-phase Alg-32 draw
        dicts (see :func:`accelerated_minibatch_sgd`); bit-identical.
    Spec: 003_ch10.alg33
    """
    _V.callable_("grad", grad); _V.callable_("project", project)
    rng = _V.generator("rng", rng, allow_none=True)
    c_tau, c_T, c_K = _V.positive("c_tau", c_tau), _V.positive("c_T", c_T), _V.positive("c_K", c_K)
    if a32_kwargs is not None and not isinstance(a32_kwargs, dict):
        raise TypeError(f"a32_kwargs must be a dict of Alg-32 keyword arguments or None, got "
                        f"{type(a32_kwargs).__name__} {a32_kwargs!r}"[:300])
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    data = _V.array("data", data)
    if data.ndim < 2:
        raise ValueError(f"data must be an array (n, m, ...) of n users with m items each, got shape {data.shape}")
    n, m = data.shape[0], data.shape[1]
    if n < 2:
        raise ValueError(f"data must contain n >= 2 users, got {n}")
    epsilon = V.in_range("epsilon", epsilon, 0.0, 10.0, lo_open=True)
    delta = V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    for name, v in (("p", p), ("q", q), ("lam", lam), ("beta", beta), ("L", L)):
        V.positive(name, v)
    x = V.vector("x0", x0)
    d = x.shape[0]
    l = int(math.floor(math.log2(n)))
    if draws is not None and (not isinstance(draws, (list, tuple)) or len(draws) < l):
        raise ValueError(f"draws must be a list of l = {l} per-phase Alg-32 draw dicts")
    tau = _V.finite_result("tau = c_tau L log(ndm)/sqrt(m)", c_tau * L * math.log(n * d * m) / math.sqrt(m),
                           c_tau=c_tau, L=L)
    start = 0
    for i in range(1, l + 1):
        n_i = int(math.floor((1 - 2.0 ** -q) * n * 2.0 ** (-i * q)))
        if n_i < 1:
            raise ValueError(f"phase {i}: n_i = (1 - 2^-q) n / 2^(i q) < 1 at n = {n} users of data, q = {q!r}")
        if math.log2(lam) + p * i > 1000.0:
            raise ValueError(f"phase {i}: lam_i = lam 2^(p i) overflows the float range at lam = {lam!r}, p = {p!r}")
        lam_i = lam * 2.0 ** (p * i)
        T_real = c_T * (1 + math.sqrt(beta / lam_i)) * math.log(n * d * m)
        if not T_real <= 1e8:
            raise ValueError(f"phase {i}: T_i = {T_real:.4g} rounds (> 1e8: its pre-drawn streams do not fit in "
                             f"memory) at c_T = {c_T!r}, beta = {beta!r}, lam_i = {lam_i!r}")
        T_i = int(math.ceil(T_real))
        K_real = (c_K * math.log(n_i ** 2 * m ** 2 * math.exp(epsilon) / delta)
                  * (1 / epsilon + n_i * epsilon / math.sqrt(T_i * math.log(1 / delta))))
        K_i = n_i if not K_real <= n_i else int(math.ceil(K_real))       # min(n_i, ceil(K_real)); K_real may be inf
        D_i = data[start:start + n_i]
        start += n_i
        x = accelerated_minibatch_sgd(D_i, grad, project, x, T=T_i, K=K_i, tau=tau, lam=lam_i, beta=beta,
                                      epsilon=epsilon, delta=delta, n_total=n, d=d, rng=rng, counter=counter,
                                      draws=None if draws is None else draws[i - 1], **(a32_kwargs or {}))
        if trace is not None:
            trace.append((i, n_i, T_i, K_i, x.copy()))
    return x


def smoothed_grad(grad: Callable, r: float, rng: np.random.Generator | None = None, *,
                  draws: dict | None = None) -> Callable:
    """P10.3 (L8094-8131): gradient oracle of f_r = f * Unif(B_r), used to run Alg 33 on non-smooth losses.

    Preconditions (validated): r in [0, inf); ``grad(x, z)`` a subgradient of f(·; z) defined on X_r = X + B(0, r);
        ``rng`` a numpy Generator unless ``draws`` is given.
    Steps: each call g(x, z) returns ∇f(x + y, z) with a fresh y ~ Unif(B(0, r)) (``uniform_l2_ball``); Alg 33 then
        runs with smoothness β = L√d/r.
    Postcondition: E_y g(x, z) = ∇f_r(x, z) (unbiased for the smoothed loss, Lemma 10.9.1).
    Randomness: per call d standard normals then one uniform, from ``rng`` or pre-drawn ``draws`` = dict(g=(N, d),
        u=(N,)) consumed one row per call (ValueError once exhausted); bit-identical.
    Spec: 003_ch10.algP10_3
    """
    _V.callable_("grad", grad)
    r = V.nonnegative("r", r)
    if draws is None:
        V.generator("rng", rng)
    else:
        if not isinstance(draws, dict) or set(draws) != {"g", "u"}:
            raise ValueError("draws must be dict(g=(N, d), u=(N,))")
        G_all, U_all = np.asarray(draws["g"], dtype=float), np.asarray(draws["u"], dtype=float)
        if G_all.ndim != 2 or U_all.shape != (G_all.shape[0],):
            raise ValueError(f"draws['g'] must have shape (N, d) and draws['u'] (N,), got {G_all.shape}, {U_all.shape}")
    calls = [0]

    def g(x, z):
        x = np.asarray(x, dtype=float)
        if draws is None:
            y = uniform_l2_ball(x.shape[0], r, rng)
        else:
            k = calls[0]
            if k >= G_all.shape[0]:
                raise ValueError(f"draws exhausted after {k} calls")
            y = uniform_l2_ball(x.shape[0], r, None, noise=(G_all[k], U_all[k]))
        calls[0] += 1
        return np.asarray(grad(x + y, z), dtype=float)
    return g


def multi_stage_ac_sa(grad_oracle: Callable, x0, *, mu: float, beta: float, V0: float, sigma2: float, K: int,
                      project: Callable, counter: QueryCounter | None = None, trace: list | None = None) -> np.ndarray:
    """P10.2 multi-stage AC-SA, the variant Lemma 10.8.4 / Remark 10.8.5 (003 L8002-8008) require [stand-in: the
    thesis does not specify it; the restart scheme of Ghadimi–Lan 2013 (GL13a), with stage lengths and smoothness
    parameters as recalled from it — labelled, not verified against the paper].

    Preconditions (validated): ``grad_oracle(x)`` an unbiased stochastic gradient of a μ-strongly convex, β-smooth F̂
        with E‖g − ∇F̂(x)‖² <= sigma2 (its randomness is the caller's: pre-drawn or rng inside the oracle); x0 a finite
        vector in X with F̂(x0) − min F̂ <= V0; mu, beta, V0 in (0, inf); sigma2 in [0, inf); K integer >= 1 (stages);
        ``project`` the Euclidean projection onto X.
    Steps: p_0 = x0; for k = 1..K: V_k = V0·2^{−k};
        N_k = ⌈max{4√(2β/μ), 128σ²/(3μV0·2^{−(k+1)})}⌉;
        φ_k = max{2β, (μσ²N_k(N_k+1)(N_k+2)/(3V0·2^{−(k−1)}))^{1/2}};
        run N_k AC-SA steps (:func:`ac_sa_step`, strong convexity μ, smoothness parameter φ_k) from p_{k−1};
        p_k = the stage's aggregated point x^ag.  Return p_K.
    Postcondition (GL13a, as used by Lemma 10.8.4): E[F̂(p_k) − min F̂] <= V0·2^{−k}; total oracle calls Σ_k N_k
        (counted), so E[F̂(x^T) − min] ≲ V0·exp(−c T√(μ/β)) + σ²/(μT) in the total count T (checked on quadratics by
        003_ch10.lemma10_8_4.multi_stage_quadratics).
    Randomness: none of its own (the oracle's).
    Spec: 003_ch10.algP10_2
    """
    _V.callable_("grad_oracle", grad_oracle); _V.callable_("project", project)
    mu, beta, V0 = V.positive("mu", mu), V.positive("beta", beta), V.positive("V0", V0)
    sigma2 = V.nonnegative("sigma2", sigma2)
    K = V.positive_int("K", K)
    p = V.vector("x0", x0)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    counter = counter if counter is not None else QueryCounter()
    for k in range(1, K + 1):
        N_real = max(4.0 * math.sqrt(2.0 * beta / mu), 128.0 * sigma2 / (3.0 * mu * V0 * 2.0 ** -(k + 1)))
        if not N_real <= 1e9:
            raise ValueError(f"stage {k}: N_k = {N_real:.4g} AC-SA steps (> 1e9: not a bounded run) at beta = "
                             f"{beta!r}, mu = {mu!r}, sigma2 = {sigma2!r}, V0 = {V0!r}")
        N = int(math.ceil(N_real))
        phi = max(2.0 * beta, math.sqrt(mu * sigma2 * N * (N + 1) * (N + 2) / (3.0 * V0 * 2.0 ** -(k - 1))))
        st = ac_sa_init(p)
        for _ in range(N):
            counter.record(1, "stochastic_gradient")
            st = ac_sa_step(st, np.asarray(grad_oracle(st["x_md"]), dtype=float), mu=mu, beta=phi, project=project)
        p = st["x_ag"]
        if trace is not None:
            trace.append(dict(k=k, N=N, phi=phi, p=p.copy()))
    return p
