"""Chapter 9 of thesis 003 (D. Liu): user-level DP-SCO with optimal rates (seed lines 6796-7431).

Alg 27 AboveThreshold (halts on the first *below*), Alg 28 outlier-removal mean estimation for concentrated data,
the randomized-smoothing oracle (P9.1), Alg 29 user-level DP-SGD and Alg 30 localization for strongly convex losses.
Seed = shared/seeds/003_7b89ea95d4dd3293.txt; ``L1234`` below are its lines.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from reference.core import validation as V
from reference.core.accounting import gdp_mu
from reference.core.mechanisms import above_threshold as core_above_threshold
from reference.core.oracles import QueryCounter
from reference.core.randomness import Source
from reference.core.samplers import uniform_l2_ball
from reference.core import validation as _V

__all__ = ["above_threshold_ch9", "concentration_score", "selection_probabilities", "a28_paper_sigma",
           "chernoff_k", "a28_calibrated_sigma", "outlier_removal_mean", "smoothed_gradient_sample",
           "user_level_dp_sgd", "thm941_parameters", "localized_user_level_dp_sco"]


def above_threshold_ch9(queries, threshold: float, epsilon: float, rng: np.random.Generator | None = None, *,
                        sensitivity: float = 1.0, noise=None) -> list[bool]:
    """Alg 27 AboveThreshold, Ch. 9 version (halts at the first answer *below* the threshold).

    Preconditions (validated): ``queries`` an iterable of finite reals q_t(D) (may be a generator: adaptive
        queries); ``threshold`` finite; ``epsilon`` in (0, inf); ``sensitivity`` (of each q_t) in (0, inf), the paper
        assumes 1; ``rng`` a numpy Generator unless ``noise`` is given.
    Steps (003 L6897-6915), computed by the core AboveThreshold (``reference.core.mechanisms.above_threshold``,
        c = 1) on the negated stream −q_t with threshold −Δ (halting on the first ⊤ of −q is halting on the first ⊥
        of q):
        line 2: Δ̂ = Δ − Lap(2·sens/ε)                               (drawn once)
        lines 3-8: for t = 1..T: ν_t ~ Lap(4·sens/ε); if q_t + ν_t < Δ̂: output ⊥ (False) and halt; else ⊤ (True).
    Postcondition: the answers (True = ⊤) end with the first False; Lemma 9.2.4 (L6890): (ε, 0)-DP; with
        α = 8 log(2T/γ)/ε, w.p. >= 1-γ every ⊤ has q_t >= Δ-α and a final ⊥ has q_k <= Δ+α.
    Randomness: one standard Laplace ρ for the threshold, then one standard Laplace ν_t per answered query, from
        ``rng`` or pre-drawn ``noise = (rho, nu)`` (rho a scalar, nu of length >= the number of answers); with the
        same draws the output is identical (the core receives (ρ, −ν): ν enters as +ν here).
    Spec: 003_ch09.alg27
    """
    threshold = V.real("threshold", threshold)
    epsilon = V.positive("epsilon", epsilon)
    sensitivity = V.positive("sensitivity", sensitivity)
    if isinstance(queries, (str, bytes)) or not hasattr(queries, "__iter__"):
        raise TypeError(f"queries must be an iterable of real numbers (a list or a generator), got "
                        f"{type(queries).__name__} {queries!r}"[:300])
    core_noise = None
    if noise is None:
        V.generator("rng", rng)
    else:
        if not (isinstance(noise, (tuple, list)) and len(noise) == 2):
            raise ValueError("noise must be a pair (rho, nu) of standard Laplace draws")
        rho = V.real("noise[0] (rho)", noise[0])
        nu = np.asarray(noise[1], dtype=float)
        if nu.ndim != 1 or not np.all(np.isfinite(nu)):
            raise ValueError("noise[1] (nu) must be a finite 1-D array of standard Laplace draws")
        core_noise = (np.array([rho]), -nu)

    def negated():
        for t, q in enumerate(queries):
            q = float(q)
            if not math.isfinite(q):
                raise ValueError(f"queries[{t}] must be finite, got {q!r}")
            yield -q

    tops = core_above_threshold(negated(), -threshold, epsilon, sensitivity, rng, c=1, noise=core_noise)
    return [not a for a in tops]

def concentration_score(v: np.ndarray, tau: float) -> float:
    """s = (1/n) Σ_j Σ_j' 1(‖v_j − v_j'‖ <= τ)  (eq. 9.2, L6981; includes j = j'; range [1, n])."""
    tau = _V.nonnegative("tau", tau)
    v = _V.array("v", v)
    if v.ndim not in (1, 2):
        raise ValueError(f"v must be n points: shape (n,) or (n, d), got {v.shape}")
    v = v.reshape(len(v), -1)
    dist = np.linalg.norm(v[:, None, :] - v[None, :, :], axis=-1)
    return float((dist <= tau).sum()) / v.shape[0]


def selection_probabilities(v: np.ndarray, radius: float) -> np.ndarray:
    """p_j of Alg 28 lines 8-9 (L6989-6990): f_j = #{j': ‖v_j − v_j'‖ <= radius}; p = 0 if f < n/2, 1 if f >= 2n/3,
    (f − n/2)/(n/6) otherwise."""
    radius = _V.nonnegative("radius", radius)
    v = _V.array("v", v)
    if v.ndim not in (1, 2):
        raise ValueError(f"v must be n points: shape (n,) or (n, d), got {v.shape}")
    v = v.reshape(len(v), -1)
    n = v.shape[0]
    dist = np.linalg.norm(v[:, None, :] - v[None, :, :], axis=-1)
    f = (dist <= radius).sum(axis=1).astype(float)
    return np.clip((f - n / 2.0) / (n / 6.0), 0.0, 1.0)


def a28_paper_sigma(n: int, epsilon: float, delta: float, tau: float, T: int) -> float:
    """σ of Alg 28 line 12 (L6993): σ² = 8τ² T log(e^ε T/δ) log(e^{ε/2}/δ)/(n² ε²).

    Preconditions: n integer >= 2; epsilon, delta, tau > 0; T integer >= 1.
    Steps: σ² = 8τ²T log(e^εT/δ) log(e^{ε/2}/δ)/(n²ε²) as printed at L6993.
    Postcondition: the printed σ of Alg 28 line 12 (under-calibrated for the explicit coupled sensitivity, AU9.8).
    Spec: 003_ch09.alg28
    """
    n, T = _V.integer("n", n, lo=1), _V.integer("T", T, lo=1)
    epsilon, tau = _V.positive("epsilon", epsilon), _V.positive("tau", tau)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    # log(e^eps T / delta) and log(e^{eps/2} / delta) written as sums (no e^eps overflow)
    l1, l2 = epsilon + math.log(T / delta), epsilon / 2 + math.log(1 / delta)
    s = math.sqrt(8 * T * l1 * l2) * (tau / (n * epsilon))
    return _V.finite_result("sigma", s, tau=tau, epsilon=epsilon, n=n)


def chernoff_k(zeta: float, mean: float = 7.0) -> int:
    """k_ζ = min{k > mean : e^{-mean}(e·mean/k)^k <= ζ} (Chernoff bound for a Poisson-binomial of mean <= `mean`)."""
    zeta = _V.in_range("zeta", zeta, 0.0, 1.0, lo_open=True, hi_open=True)
    mean = _V.positive("mean", mean)
    k = int(math.floor(mean)) + 1
    while -mean + k * (1 + math.log(mean / k)) > math.log(zeta):
        k += 1
    return k


def a28_calibrated_sigma(n: int, epsilon: float, delta_prime: float, tau: float, T: int, zeta: float) -> float:
    """[stand-in, not in the thesis] σ making the T Gaussian releases of Alg 28 (ε/2, δ')-DP for the explicit coupled
    sensitivity Δ_ζ = 24 τ k_ζ / n (catalog A28 impl note (ii)): T-fold Gaussian = (√T Δ_ζ/σ)-GDP, exact.

    Preconditions: n integer >= 2; epsilon, tau > 0; delta_prime, zeta in (0, 1); T integer >= 1.
    Steps: Δ_ζ = 24τk_ζ/n; σ = √T·Δ_ζ/gdp_mu(ε/2, δ′).
    Postcondition: σ making the T Gaussian releases exactly (ε/2, δ′)-DP for sensitivity Δ_ζ (stand-in; the failure
        mass (T+1+e^ε)ζ′ is added to δ by the caller).
    Spec: 003_ch09.alg28
    """
    n, T = _V.integer("n", n, lo=1), _V.integer("T", T, lo=1)
    epsilon, tau = _V.nonnegative("epsilon", epsilon), _V.positive("tau", tau)
    delta_prime = _V.in_range("delta_prime", delta_prime, 0.0, 1.0, lo_open=True, hi_open=True)
    zeta = _V.in_range("zeta", zeta, 0.0, 1.0, lo_open=True, hi_open=True)
    delta_z = 24.0 * tau * chernoff_k(zeta) / n
    mu = gdp_mu(epsilon / 2.0, delta_prime)
    return _V.finite_result("sigma", math.sqrt(T) * delta_z / mu, tau=tau, epsilon=epsilon, n=n)


def outlier_removal_mean(users, queries, epsilon: float, delta: float, tau: float, T: int, d: int,
                         rng: np.random.Generator | None = None, *, sigma: float | None = None,
                         variant: str = "corrected", draws: dict | None = None,
                         counter: QueryCounter | None = None) -> tuple[list, bool]:
    """Alg 28: outlier-removal mean estimation for concentrated user data (003 L6975-6999), over T adaptive queries.

    Preconditions (validated): ``users`` a sequence of n >= 2 user datasets Z_j; ``queries`` a generator of query
        callables q_i(Z) -> R^d (adaptive: after each release ĝ_i it receives ĝ_i through ``send``; it may stop
        early); ``epsilon`` in (0, 10); ``delta`` in (0, 1); ``tau`` in (0, inf); ``T`` integer >= 1; ``d`` integer
        >= 1 (dimension of the queries' values); ``sigma`` None (the printed line-12 value, under-calibrated, AU9.8;
        pass :func:`a28_calibrated_sigma` for the explicit accountant) or in [0, inf); ``variant`` "corrected"
        (default: the score has user-level sensitivity (2n−2)/n < 2 (AU9.1), so AboveThreshold runs for sensitivity
        2: Lap(8/ε), Lap(16/ε), giving the intended ε/2) or "paper" (sensitivity 1 as printed: Lap(4/ε), Lap(8/ε));
        ``rng`` a numpy Generator unless ``draws`` is given.
    Steps (the AboveThreshold of line 5 is the core ``reference.core.mechanisms.above_threshold`` with c = 1, budget
        ε/2, on the negated scores −s_i with threshold −4n/5: its first ⊤ is Alg 28's first ⊥):
        line 2 (L6980): for i = 1..T:
        line 3 (L6981):   receive q_i; v_j = q_i(Z_j) (n user queries, counted);
        line 4 (L6982):   s_i = concentration score (9.2) at radius τ;
        line 5 (L6986):   AboveThreshold(s_i, ε/2, 4n/5) = ⊤ ⇔ −s_i + 2b ν_i < −4n/5 + b ρ, b = 4·sens/ε;
        lines 8-9 (L6989-6990): f_j = #{j′: ‖v_j − v_j′‖ <= 2τ}, p_j piecewise, B_j = 1(u_j < p_j);
        line 11 (L6992): g_i = mean of v_j over S_i = {j: B_j = 1} (0 if S_i = ∅);
        line 12 (L6993): output ĝ_i = g_i + σ N(0, I_d);
        lines 15-16 (L6996-6997): on ⊥ output 0 and halt.
    Postcondition: (outputs, halted): the released ĝ_1..ĝ_k (a final 0 if halted). Thm 9.3.2 / Prop 9.3.6: (ε, δ)-
        user-level DP (claimed; its proof has failing steps, 003_ch09.priv.PC2); if the v's are (τ,γ)-concentrated no
        user is removed w.p. >= 1-(T+1)γ (Prop 9.3.7 — its sample-size condition is insufficient, AU9.3).
    Randomness: standard draws, stream by stream in this order, from ``rng`` or pre-drawn ``draws`` = dict(rho=(),
        nu=(T,), u=(T, n), gauss=(T, d)) (Laplace, Laplace, uniforms, normals; rho and nu are the core
        AboveThreshold's draws); bit-identical given the draws the rng would make.
    Spec: 003_ch09.alg28
    """
    users = _V.sequence("users", users)
    n = len(users)
    if n < 2:
        raise ValueError(f"users must contain n >= 2 users, got {n}")
    epsilon = V.in_range("epsilon", epsilon, 0.0, 10.0, lo_open=True, hi_open=True)
    delta = V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    tau = V.positive("tau", tau)
    _V.finite_result("2 tau (the selection radius)", 2.0 * tau, tau=tau)
    T = V.positive_int("T", T)
    d = V.positive_int("d", d)
    variant = V.choice("variant", variant, ("corrected", "paper"))
    sigma = a28_paper_sigma(n, epsilon, delta, tau, T) if sigma is None else V.nonnegative("sigma", sigma)
    if not hasattr(queries, "send"):
        raise TypeError(f"queries must be a generator of query callables, got {type(queries).__name__}")
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    counter = counter if counter is not None else QueryCounter()
    src = Source(rng, draws)
    rho, nu = src.laplace("rho", ()), src.laplace("nu", (T,))
    u_sel, gauss = src.uniform("u", (T, n)), src.normal("gauss", (T, d))
    at_sens = 2.0 if variant == "corrected" else 1.0
    outputs: list = []

    def negated_scores():
        q = next(queries)                                               # line 3 (L6981): first query
        for i in range(T):                                              # line 2 (L6980)
            v = np.asarray([np.atleast_1d(np.asarray(q(Z), dtype=float)) for Z in users])
            counter.record(n, "user_query")
            if v.shape[1] != d:
                raise ValueError(f"query {i} returned values of dimension {v.shape[1]} on users, expected d = {d}")
            yield -concentration_score(v, tau)                          # line 4 (L6982); the core decides line 5
            p = selection_probabilities(v, 2.0 * tau)                   # lines 8-9 (L6989-6990)
            S = u_sel[i] < p
            g = v[S].mean(axis=0) if S.any() else np.zeros(d)           # line 11 (L6992)
            g_hat = _V.finite_result("release g + sigma N(0, I)", g + sigma * gauss[i], sigma=sigma, tau=tau)   # line 12 (L6993)
            outputs.append(g_hat)
            try:
                q = queries.send(g_hat)                                 # line 3: the next (adaptive) query
            except StopIteration:
                return

    tops = core_above_threshold(negated_scores(), -0.8 * n, epsilon / 2.0, at_sens, None, c=1,
                                noise=(np.array([float(rho)]), nu))     # line 5 (L6986)
    halted = bool(tops) and tops[-1]
    if halted:
        outputs.append(np.zeros(d))                                     # lines 15-16 (L6996-6997): output 0, halt
    return outputs, halted


def smoothed_gradient_sample(grad: Callable, theta: np.ndarray, r: float, rng: np.random.Generator | None = None,
                             *, noise=None) -> np.ndarray:
    """P9.1 randomized smoothing (L6922-6931): one draw ∇ℓ(θ + y), y ~ Unif(B(0, r)); E = ∇ℓ̂(θ) (Lemma 9.2.5).

    Preconditions: grad callable; theta a finite vector; r >= 0 (validated).
    Steps: y ~ Unif(B(0, r)); return ∇ℓ(θ + y).
    Postcondition: E_y = ∇ℓ̂(θ) (Lemma 9.2.5 (iv)).
    Randomness: d standard normals then one uniform (uniform_l2_ball), from ``rng`` or pre-drawn ``noise`` = (g, u);
        bit-identical.
    Spec: 003_ch09.algP9_1"""
    _V.callable_("grad", grad)
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    theta = _V.vector("theta", theta)
    y = uniform_l2_ball(theta.shape[0], V.nonnegative("r", r), rng, noise=noise)
    return np.asarray(grad(theta + y), dtype=float)


def user_level_dp_sgd(data: np.ndarray, grad: Callable, project: Callable, theta0, *, epsilon: float, delta: float,
                      r: float, T: int, eta: float, tau: float, rng: np.random.Generator | None = None,
                      variant: str = "corrected", sigma: float | None = None, counter: QueryCounter | None = None,
                      trace: list | None = None, draws: dict | None = None) -> np.ndarray:
    """Alg 29: user-level DP-SGD = randomized smoothing + one Alg-28 instance (003 L7082-7098).

    Preconditions (validated): ``data`` a finite array (n, m, ...) of n >= 2 users with m >= 1 items each;
        ``theta0`` a finite vector of dimension d >= 1; ``grad(theta, z)`` a subgradient of ℓ(·; z) (defined on
        Θ_r); ``project`` the Euclidean projection onto Θ; epsilon in (0, 10); delta in (0, 1); r in [0, inf);
        T integer >= 1; eta in (0, inf); tau in (0, inf); ``rng`` a numpy Generator unless ``draws`` is given.
        Parameters of Thm 9.4.1 (L7069) are the caller's (see thm941_parameters).
    Steps:
        line 1 (L7082): inputs; θ_1 = θ_0 (AU9.9);
        line 2 (L7085): for t = 1..T:
        line 3 (L7086):   q_t(Z) = (1/m) Σ_j ∇ℓ(θ_t + y_j; z_j), y_j ~ Unif(B(0, r)) fresh per item (eq. 9.3);
        line 4 (L7088):   one Alg-28 instance A28(D, ε, δ/(2Tmd), τ) answers q_t (:func:`outlier_removal_mean`,
                          whose AboveThreshold is the core one);
        line 5 (L7089):   ḡ_t = its output;
        line 7 (L7091):   θ_{t+1} = Π_Θ(θ_t − η ḡ_t);
        lines 9-11 (L7093-7095): if A28 halted: output θ_0 and halt;
        line 14 (L7098): return (1/T) Σ_{t=1}^T θ_t.
    Postcondition: Thm 9.4.1: user-level (ε, δ)-DP (post-processing of A28 — its privacy proof has failing steps,
        003_ch09.priv.PC2) and E[L_P(θ̂)] − min L_P ≤ O(GR(1/√(nm) + √d log²(ndm/δ)/(n√m ε))) (step size: AU9.10).
        Exactly n·m gradient and n user-query calls per answered round (counted).
    Randomness: stream by stream in this order: the smoothing draws ``smooth_g`` (T, n, m, d) standard normals and
        ``smooth_u`` (T, n, m) uniforms (``uniform_l2_ball``), then A28's streams rho, nu, u, gauss (see
        :func:`outlier_removal_mean`) — from ``rng``, or pre-drawn ``draws`` = dict(smooth_g, smooth_u, a28=dict(rho,
        nu, u, gauss)) of those shapes; bit-identical given the draws the rng would make (tested).
    Spec: 003_ch09.alg29
    """
    _V.callable_("grad", grad); _V.callable_("project", project)
    data = _V.array("data", data)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    if data.ndim < 2 or data.shape[0] < 2 or data.shape[1] < 1 or not np.all(np.isfinite(data)):
        raise ValueError(f"data must be a finite array (n, m, ...) with n >= 2 users and m >= 1 items, got shape "
                         f"{data.shape}")
    n, m = data.shape[0], data.shape[1]
    theta0 = V.vector("theta0", theta0)
    d = theta0.shape[0]
    epsilon = V.in_range("epsilon", epsilon, 0.0, 10.0, lo_open=True, hi_open=True)
    delta = V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    r = V.nonnegative("r", r)
    T = V.positive_int("T", T)
    eta = V.positive("eta", eta)
    tau = V.positive("tau", tau)
    if draws is not None and (not isinstance(draws, dict) or set(draws) != {"smooth_g", "smooth_u", "a28"}):
        raise ValueError("draws must be a dict with keys 'smooth_g', 'smooth_u', 'a28'")
    src = Source(rng, None if draws is None else {k: draws[k] for k in ("smooth_g", "smooth_u")})
    sg, su = src.normal("smooth_g", (T, n, m, d)), src.uniform("smooth_u", (T, n, m))
    counter = counter if counter is not None else QueryCounter()
    iterates: list = []

    def rounds():                                                       # the adaptive queries of Alg 29
        theta = theta0.copy()                                           # θ_1 := θ_0 (AU9.9)
        for t in range(T):                                              # line 2 (L7085)
            iterates.append(theta.copy())
            th, user = theta.copy(), [0]
            # the smoothing points y_{j,i} of all n users of this round in one call (row-wise: the same values as
            # one call per user on sg[t, j], su[t, j])
            ys_t = uniform_l2_ball(d, r, None, size=n * m, noise=(sg[t].reshape(n * m, d),
                                                                  su[t].reshape(n * m))).reshape(n, m, d)

            def q_t(Z, th=th, ys_t=ys_t):                               # line 3, eq. (9.3) (L7086)
                j = user[0]
                user[0] += 1
                ys = ys_t[j]
                counter.record(len(Z), "gradient")
                return np.mean([grad(th + y, z) for y, z in zip(ys, Z)], axis=0)

            g_bar = yield q_t                                           # lines 4-5 (L7088-7089)
            theta = np.asarray(project(theta - eta * g_bar), dtype=float)   # line 7 (L7091)
            if trace is not None:
                trace.append(theta.copy())

    _, halted = outlier_removal_mean(list(data), rounds(), epsilon, delta / (2 * T * m * d), tau, T, d, rng,
                                     sigma=sigma, variant=variant, draws=None if draws is None else draws["a28"],
                                     counter=counter)                   # line 4 (L7088): A28 with δ/(2Tmd)
    if halted:                                                          # lines 9-11 (L7093-7095): return θ_0 on halt
        return theta0.copy()
    return np.mean(iterates, axis=0)                                    # line 14 (L7098)

def thm941_parameters(n: int, m: int, d: int, G: float, R: float, epsilon: float, delta: float, *,
                      T: int | None = None, variant: str = "corrected") -> dict:
    """Parameters of Thm 9.4.1 (L7069): r = d^{1/4}R/√T, τ = G log(n d m e^ε T/δ)/√m, T = m²n² + mn√d (default),
    η = (R/G) min{A, T^{-3/4}, √(nm)/T} with A = √(mn)ε/(T√d log(mnd/δ)) ("paper") or n√m ε/(T√d log(mnd/δ))
    ("corrected", AU9.10).

    Preconditions: n, m, d integers >= 1; G, R > 0; epsilon in (0, 10); delta in (0, 1); T integer >= 1 or None;
        variant in {paper, corrected}.
    Steps: the displayed formulas above.
    Postcondition: dict(T, r, eta, tau) of Thm 9.4.1 (the paper's first η term is √n too small, AU9.10).
    Spec: 003_ch09.alg29
    """
    n, m, d = _V.integer("n", n, lo=1), _V.integer("m", m, lo=1), _V.integer("d", d, lo=1)
    G, R, epsilon = _V.positive("G", G), _V.positive("R", R), _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    _V.choice("variant", variant, ("corrected", "paper"))
    T = _V.optional(_V.integer, "T", T, lo=1)
    if T is None:
        T = int(math.ceil(m * m * n * n + m * n * math.sqrt(d)))
    lg = math.log(m * n * d / delta)
    first = (math.sqrt(m * n) if variant == "paper" else n * math.sqrt(m)) * epsilon / (T * math.sqrt(d) * lg)
    eta = (R / G) * min(first, T ** -0.75, math.sqrt(n * m) / T)
    out = dict(T=T, r=d ** 0.25 * R / math.sqrt(T), eta=eta,
               tau=G * (math.log(n * d * m * T / delta) + epsilon) / math.sqrt(m))     # log(... e^eps ...) as a sum
    _V.finite_result("the parameters", [out["r"], eta, out["tau"]], G=G, R=R, epsilon=epsilon)
    return out


def localized_user_level_dp_sco(data: np.ndarray, grad: Callable, project_factory: Callable, theta0, *, epsilon: float,
                                delta: float, mu: float, G: float, rng: np.random.Generator | None = None,
                                params: Callable, counter: QueryCounter | None = None,
                                draws: list | None = None) -> np.ndarray:
    """Alg 30: localization over Alg 29 for μ-strongly convex losses (003 L7218-7229, Thm 9.4.11).

    Preconditions (validated): ``data`` a finite array (n, m, ...) with n >= 2 users; epsilon in (0, 10); delta in
        (0, 1); mu in (0, inf) (strong convexity); G in (0, inf) (Lipschitz constant); ``params(i, n_i)`` returns
        dict(T, r, eta, tau, R) for phase i (constants of the proof L7412-7430 are implicit; the caller supplies
        them), optionally with ``sigma`` (Alg 28's Gaussian scale in that phase, passed to Alg 29; default None: the
        printed line-12 value); ``project_factory(center, radius)`` the projection onto B(center, radius) ∩ Θ; ``rng`` a numpy
        Generator unless ``draws`` is given.
    Steps: line 2: k = ⌈log₂ log₂(mn)⌉; line 3: disjoint D_i of n_i = ⌊n/2^{k+1-i}⌋ users (i = 1..k; a ValueError
        names the phase if n_i < 2, outside Thm 9.4.11's regime — no silent repair);
        lines 4-5: θ_i = Alg29(D_i, ε, δ, θ_{i-1}, r_i, T_i, η_i, τ_i) on B(θ_{i-1}, R̂_i); line 7: output θ_k.
    Postcondition: disjoint users + post-processing ⇒ (ε, δ)-user-level DP (parallel composition, inheriting Alg
        29's open privacy proof, 003_ch09.priv.PC4); Thm 9.4.11's rate O((G²/μ)(1/(nm) + d log²(ndm/δ)/(n²mε²))).
    Randomness: the k Alg-29 calls in order, from ``rng`` or pre-drawn ``draws`` = a list of k Alg-29 draw dicts
        (see :func:`user_level_dp_sgd`); bit-identical given the draws the rng would make.
    Spec: 003_ch09.alg30
    """
    _V.callable_("grad", grad); _V.callable_("project_factory", project_factory); _V.callable_("params", params)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    data = _V.array("data", data)
    if data.ndim < 2:
        raise ValueError(f"data must be an array (n, m, ...) of n users with m items each, got shape {data.shape}")
    if data.ndim < 2 or data.shape[0] < 2 or data.shape[1] < 1 or not np.all(np.isfinite(data)):
        raise ValueError(f"data must be a finite array (n, m, ...) with n >= 2 users and m >= 1 items, got shape "
                         f"{data.shape}")
    n, m = data.shape[0], data.shape[1]
    epsilon = V.in_range("epsilon", epsilon, 0.0, 10.0, lo_open=True, hi_open=True)
    delta = V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    V.positive("mu", mu)
    V.positive("G", G)
    k = math.ceil(math.log2(math.log2(m * n)))                          # line 2 (L7223), logs base 2; k = 0 at mn = 2
    if draws is None:
        V.generator("rng", rng)
    elif not isinstance(draws, (list, tuple)) or len(draws) != k:
        raise ValueError(f"draws must be a list of k = {k} Alg-29 draw dicts, got {type(draws).__name__}")
    theta = V.vector("theta0", theta0)
    start = 0
    for i in range(1, k + 1):                                           # lines 3-5 (L7224-7226)
        n_i = int(n // 2 ** (k + 1 - i))                                # n/2^{k+1-i}, floored (n need not be a power of 2)
        if n_i < 2:
            raise ValueError(f"phase {i}: n_i = ⌊n/2^(k+1-i)⌋ = {n_i} < 2 users (Alg 29 needs n >= 2); n = {n} users in data is "
                             f"too small for k = {k} phases (Thm 9.4.11 assumes n > log(mdn)log(mdn/δ)/ε)")
        D_i = data[start:start + n_i]                                   # disjoint blocks (parallel composition)
        start += n_i
        p = params(i, n_i)
        if not isinstance(p, dict) or not {"T", "r", "eta", "tau", "R"} <= set(p):
            raise ValueError(f"params({i}, {n_i}) must return a dict with keys T, r, eta, tau, R (phase parameters of "
                             f"L7412-7430), got {p!r}"[:300])
        V.positive("params(...)['R']", p["R"])
        theta = user_level_dp_sgd(D_i, grad, project_factory(theta, p["R"]), theta, epsilon=epsilon, delta=delta,
                                  r=p["r"], T=p["T"], eta=p["eta"], tau=p["tau"], rng=rng, counter=counter,
                                  sigma=p.get("sigma"), draws=None if draws is None else draws[i - 1])
    return theta                                                        # line 7 (L7228)
