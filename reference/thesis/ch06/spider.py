"""Stochastic Spider (Algorithm 17, 003 L5175-5204) and the empirical private oracles of eq. (6.2) (L5248).

Variants of Alg. 17 (audit AU3): ``"printed"`` executes line 16 literally, drift_t = drift_{t-1} + η²||∇_t||²,
which overwrites the resets of lines 7 and 11 so that drift never decreases and O1 fires at every step after
the first; ``"corrected"`` (default) adds η²||∇_t||² to the post-reset drift (the invariant used at L5411).

Privacy of the oracles (A6.2, corrected eq. 6.2 with O2 noise ∝ ||x−y||, audit AU5): O1 is a Gaussian mechanism
with replace-one sensitivity 2G/n, O2 one with sensitivity 2M||x−y||/n and noise σ2||x−y||, so each call is
mu_i-GDP (mu1 = 2G/(nσ1), mu2 = 2M/(nσ2)) and the adaptive composition over <= K_max O1 calls and <= T O2 calls
is sqrt(K_max mu1² + T mu2²)-GDP (exact).  With the printed eq. (6.2) (noise σ2, not scaled) the O2 call's
GDP parameter is 2M||x−y||/(nσ2), unbounded in ||x−y||.
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.accounting import gdp_compose, gdp_delta, gdp_mu
from reference.core.oracles import GradientOracle, QueryCounter
from reference.core import validation as _V

__all__ = ["spider_parameters", "stochastic_spider", "empirical_private_oracles", "spider_privacy_mu",
           "calibrate_spider_sigmas", "spider_delta"]

VARIANTS = ("corrected", "printed")


def spider_parameters(*, B, M, G, rho, kappa, omega, zeta1, zeta2, d, C: float = 1.0):
    """γ, Γ, η, T of Alg. 17 (L5184-5186): γ = sqrt(4C(ζ2²κ + 4ζ1²) log(BMd/(ρω))), Γ = M log(dMB/(ργω))/sqrt(ργ),
    η = 1/M, T = BM log⁴(dMB/(ργω))/γ²  (natural logs; arguments used as printed, see AU2).

    Preconditions: B, M, G, rho, kappa, omega, zeta1, zeta2 > 0, d integer >= 1, C > 0 (not validated: a pure
        formula).
    Steps: evaluate the four printed expressions with natural logs.
    Postcondition: the dict (gamma, Gamma, eta, T) of Alg 17 as printed (dimensional defects of the log arguments:
        AU2).
    Spec: 003_ch06.alg17
    """
    C, M, G, rho, kappa = (_V.positive("C", C), _V.positive("M", M), _V.positive("G", G), _V.positive("rho", rho),
                           _V.positive("kappa", kappa))
    B, d = _V.integer("B", B, lo=1), _V.integer("d", d, lo=1)
    omega = _V.in_range("omega", omega, 0.0, 1.0, lo_open=True, hi_open=True)
    zeta1, zeta2 = _V.positive("zeta1", zeta1), _V.positive("zeta2", zeta2)
    ell = math.log(B * M * d / (rho * omega))
    if not ell > 0:
        raise ValueError(f"log(B M d / (rho omega)) must be > 0 (the printed log factors), got {ell!r} at B={B}, M={M!r}, "
                         f"d={d}, rho={rho!r}, omega={omega!r}")
    gamma = _V.finite_result("gamma", math.sqrt(4 * C * (zeta2 * zeta2 * kappa + 4 * zeta1 * zeta1) * ell), C=C,
                             zeta1=zeta1, zeta2=zeta2, kappa=kappa)
    ell2 = math.log(d * M * B / (rho * gamma * omega))
    Gamma = M * ell2 / math.sqrt(rho * gamma)
    out = dict(gamma=gamma, Gamma=Gamma, eta=1.0 / M, T=B * M * ell2 ** 4 / gamma ** 2, escape_threshold=gamma * ell ** 3)
    _V.finite_result("the parameters", list(out.values()), B=B, M=M, rho=rho, d=d)
    return out


def stochastic_spider(O1, O2, x0, *, eta: float, kappa: float, T: int, Gamma: float, escape_threshold: float,
                      escape_sd: float, rng: np.random.Generator | None, variant: str = "corrected",
                      max_refresh: int | None = None, max_escape: int | None = None, noise=None,
                      trace: list | None = None) -> dict:
    """Alg. 17 (Stochastic Spider), 003 L5175-5204.

    Preconditions: O1(x) -> gradient estimate, O2(x, y) -> estimate of ∇F(x) − ∇F(y) (callables; counting
    oracles recommended); x0 finite vector (public start; the text leaves it implicit); eta, kappa, Gamma,
    escape_threshold > 0, escape_sd >= 0; T >= 1 integer (the loop "while t <= T" makes T+1 iterations);
    variant in {"corrected", "printed"}; optional caps on O1 refreshes and escapes (hard caps for worst-case
    privacy, catalog A6.1: the run stops when a cap would be exceeded).  ``noise`` (optional) is an array of
    shape (T+1, d) of standard normal escape draws (pre-drawn noise).
    Steps: escape branch (L5189-5191), refresh branch (L5192-5194), Spider branch (L5195-5197),
    update x_{t+1} = x_t − η∇_t and drift (L5198).
    Postcondition: returns dict(xs = [x_1..x_{t_end}], counts of O1 refresh / O1 escape / O2 calls, drift and
    frozen traces, O2_drift_prev = drift_{t−1} at each O2 call (the invariant drift < κ, L5411, holds for the
    corrected variant)).

    Randomness: the escape kicks are standard normals, one (d,) row per iteration ((T+1, d) array), drawn from
        ``rng`` or given as ``noise`` (same shape); the oracles O1, O2 carry their own randomness. With the same
        noise and deterministic oracles the run is bit-identical (tested).
    Spec: 003_ch06.alg17
    """
    T = _V.integer("T", T, lo=1)
    escape_sd = _V.nonnegative("escape_sd", escape_sd)
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    _V.callable_("O1", O1); _V.callable_("O2", O2)
    _V.trace_list("trace", trace)
    x = _V.vector("x0", x0).copy()
    eta, kappa, Gamma = _V.positive("eta", eta), _V.positive("kappa", kappa), _V.positive("Gamma", Gamma)
    escape_threshold = _V.positive("escape_threshold", escape_threshold)
    _V.choice("variant", variant, VARIANTS)
    max_refresh = _V.optional(_V.integer, "max_refresh", max_refresh, lo=0)
    max_escape = _V.optional(_V.integer, "max_escape", max_escape, lo=0)
    d = x.size
    if noise is None:
        noise = rng.standard_normal((int(T) + 1, d))
    noise = _V.matrix("noise", noise, (int(T) + 1, d))
    drift_prev, frozen_prev, grad_prev = kappa, 1.0, np.zeros(d)      # drift_0 = κ, frozen = 1, ∇_{−1} = 0 (L5187)
    x_prev = x.copy()
    xs, drift_tr, frozen_tr, o2_drift, kinds = [], [], [], [], []
    n_ref = n_esc = n_o2 = 0
    t = 0
    while t <= T:                                                       # while t <= T (L5188)
        reset = False
        if np.linalg.norm(grad_prev) <= escape_threshold and frozen_prev <= 0:   # escape test (L5189)
            if max_escape is not None and n_esc >= max_escape:
                break
            frozen, drift = Gamma, 0.0                                  # frozen_t = Γ, drift_t = 0 (L5190)
            grad = O1(x) + escape_sd * noise[t]                         # ∇_t = O1(x_t) + g_t, g_t ~ N(0, sd² I) (L5191)
            n_esc += 1
            reset = True
            kinds.append("escape")
        elif drift_prev >= kappa:                                       # refresh test (L5192)
            if max_refresh is not None and n_ref >= max_refresh:
                break
            grad = O1(x)                                                # ∇_t = O1(x_t) (L5193)
            drift, frozen = 0.0, frozen_prev - 1                        # drift_t = 0, frozen_t = frozen_{t−1} − 1 (L5193)
            n_ref += 1
            reset = True
            kinds.append("refresh")
        else:
            o2_drift.append(drift_prev)
            delta = O2(x, x_prev)                                       # Δ_t = O2(x_t, x_{t−1}) (L5196)
            grad = grad_prev + delta                                    # ∇_t = ∇_{t−1} + Δ_t (L5196)
            frozen = frozen_prev - 1                                    # frozen_t = frozen_{t−1} − 1 (L5197)
            drift = drift_prev
            n_o2 += 1
            kinds.append("o2")
        x_next = _V.finite_result("the iterate x_(t+1) = x_t - eta grad_t", x - eta * grad, eta=eta,
                                  escape_sd=escape_sd)                  # x_{t+1} = x_t − η∇_t (L5198)
        if variant == "printed":
            drift = drift_prev + eta * eta * float(grad @ grad)         # drift_t = drift_{t−1} + η²||∇_t||² (L5198, literal)
        else:
            drift = (0.0 if reset else drift_prev) + eta * eta * float(grad @ grad)   # post-reset drift (AU3 fix)
        _V.finite_result("the drift", drift, eta=eta, escape_sd=escape_sd)
        x_prev, x = x, x_next
        drift_prev, frozen_prev, grad_prev = drift, frozen, grad
        xs.append(x.copy())
        drift_tr.append(drift)
        frozen_tr.append(frozen)
        if trace is not None:
            trace.append(x.copy())
        t += 1                                                          # t ← t + 1 (L5199)
    return dict(xs=xs, n_refresh=n_ref, n_escape=n_esc, n_o2=n_o2, drift=drift_tr, frozen=frozen_tr,
                o2_drift_prev=o2_drift, kinds=kinds)


# ------------------------------------------------------------------------------------- oracles (6.2)

def _oracle_noise(rng, draws):
    """Per-call standard-normal rows for run-time-adaptive oracles: from ``rng`` (one ``standard_normal(shape)`` per
    call) or from pre-drawn ``draws`` = dict(stream -> (K, d) array) consumed row by row in call order (a ValueError
    names the stream when its rows run out or the shape differs)."""
    if draws is None:
        if not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy.random.Generator when draws is not given, got {type(rng).__name__}")
        return lambda stream, shape: rng.standard_normal(shape)
    if not isinstance(draws, dict):
        raise TypeError("draws must be a dict stream -> (K, d) array of standard normals")
    pools = {k: np.asarray(v, dtype=float) for k, v in draws.items()}
    used = {k: 0 for k in pools}

    def take(stream, shape):
        if stream not in pools:
            raise ValueError(f"draws: missing stream {stream!r}; given: {sorted(pools)}")
        arr, k = pools[stream], used[stream]
        if k >= arr.shape[0]:
            raise ValueError(f"draws[{stream!r}] has {arr.shape[0]} rows but call {k + 1} needs one more")
        if arr.shape[1:] != tuple(shape):
            raise ValueError(f"draws[{stream!r}] rows must have shape {tuple(shape)}, got {arr.shape[1:]}")
        used[stream] = k + 1
        return arr[k]
    return take


def empirical_private_oracles(per_sample_grad, data, *, sigma1: float, sigma2: float,
                              rng: np.random.Generator | None = None, variant: str = "corrected",
                              counter: QueryCounter | None = None, draws: dict | None = None):
    """Eq. (6.2) (003 L5248): O1(x) = ∇F_D(x) + N(0, σ1² I); O2(x,y) = ∇F_D(x) − ∇F_D(y) + g2 with
    g2 ~ N(0, σ2²||x−y||² I) (corrected, default) or N(0, σ2² I) (printed, audit AU5).

    Preconditions: per_sample_grad(x, z) -> (d,) array; data a sequence of n >= 1 records; σ1, σ2 > 0.
    Postcondition: returns (O1, O2, grad_oracle) where grad_oracle is the counting full-gradient oracle
    (each O1 costs 1 call, each O2 2 calls).

    Steps: O1(x) = mean_z ∇f(x; z) + σ1·ξ; O2(x, y) = mean_z(∇f(x; z) − ∇f(y; z)) + σ2·‖x − y‖·ξ (corrected) or σ2·ξ
        (printed); each call draws a fresh ξ.
    Randomness: one (d,) standard-normal vector per oracle call, from ``rng`` (in call order), or pre-drawn ``draws`` =
        dict(o1=(K1, d), o2=(K2, d)) consumed row by row by O1 and O2 respectively (ValueError when a stream runs out);
        with the rows the rng would give, in call order, the outputs are bit-identical (tested).
    Spec: 003_ch06.proc_A6_2
    """
    sigma1, sigma2 = _V.positive("sigma1", sigma1), _V.positive("sigma2", sigma2)
    rng = _V.generator("rng", rng, allow_none=True)
    _V.choice("variant", variant, VARIANTS)
    _V.callable_("per_sample_grad", per_sample_grad)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    data = _V.sequence("data", data)
    full = GradientOracle(lambda x: np.mean([per_sample_grad(x, z) for z in data], axis=0), counter=counter)
    gauss = _oracle_noise(rng, draws)

    def O1(x):
        return full(x) + sigma1 * gauss("o1", np.shape(x))

    def O2(x, y):
        scale = sigma2 * (np.linalg.norm(np.asarray(x) - np.asarray(y)) if variant == "corrected" else 1.0)
        return full(x) - full(y) + scale * gauss("o2", np.shape(x))

    return O1, O2, full


def spider_privacy_mu(*, G: float, M: float, n: int, sigma1: float, sigma2: float, K_max: int, N_esc: int, T: int,
                      escape_sigma1: float | None = None) -> float:
    """GDP parameter of Alg. 17 with the corrected (6.2) oracles and hard caps (P6-1):
    mu = sqrt((K_max + N_esc) (2G/(nσ1))² + T (2M/(nσ2))²) (escapes use O1 too; exact adaptive composition).

    Preconditions: G, M > 0; n integer >= 1; sigma1, sigma2 > 0; K_max, N_esc, T integers >= 0.
    Steps: μ_i = sensitivity/σ per call (2G/(nσ1) for O1 and escapes, 2M/(nσ2) for O2) and adaptive Gaussian
        composition √Σμ_i² (core gdp_compose).
    Postcondition: the exact GDP parameter of the capped Alg 17 with the corrected (6.2) oracles (P6-1).
    Spec: 003_ch06.proc_A6_2
    Infinite noise is admissible (``sigma1=inf``, ``sigma2=inf``, ``escape_sigma1=inf``: that part adds mu = 0).
    """
    G, M, n = _V.positive("G", G), _V.positive("M", M), _V.integer("n", n, lo=1)
    sigma1, sigma2 = _V.positive("sigma1", sigma1, allow_inf=True), _V.positive("sigma2", sigma2, allow_inf=True)
    escape_sigma1 = _V.optional(_V.positive, "escape_sigma1", escape_sigma1, allow_inf=True)
    K_max, N_esc, T = _V.integer("K_max", K_max, lo=0), _V.integer("N_esc", N_esc, lo=0), _V.integer("T", T, lo=1)
    mu1 = 2 * G / (n * sigma1)
    mue = 2 * G / (n * (escape_sigma1 or sigma1))
    mu2 = 2 * M / (n * sigma2)
    _V.finite_result("the per-call mu 2 (G, M) / (n sigma)", [mu1, mue, mu2], G=G, M=M, n=n)
    return float(gdp_compose([mu1] * int(K_max) + [mue] * int(N_esc) + [mu2] * int(T)))


def calibrate_spider_sigmas(*, G, M, n, K_max, N_esc, T, epsilon, delta, share_o1: float = 0.5):
    """Exact calibration (catalog A6.2 'reference implementation'): μ* = gdp_mu(ε, δ); give a fraction
    ``share_o1`` of μ*² to the K_max + N_esc O1 calls, the rest to the T O2 calls; return (σ1, σ2, μ*).

    Preconditions: G, M > 0; n integer >= 1; K_max + N_esc >= 1 and T >= 1 integers; epsilon > 0; delta in (0, 1);
        share_o1 in (0, 1).
    Steps: μ* = gdp_mu(ε, δ); split μ*² as share_o1 to the O1/escape calls and the rest to the O2 calls; σ =
        sensitivity/μ per call.
    Postcondition: (σ1, σ2, μ*) with spider_privacy_mu(σ1, σ2) = μ*, i.e. δ(ε) = δ exactly for the capped run.
    Spec: 003_ch06.proc_A6_2
    """
    G, M = _V.positive("G", G), _V.positive("M", M)
    n, T = _V.integer("n", n, lo=1), _V.integer("T", T, lo=1)
    K_max, N_esc = _V.integer("K_max", K_max, lo=0), _V.integer("N_esc", N_esc, lo=0)
    if K_max + N_esc == 0:
        raise ValueError("K_max + N_esc must be >= 1 (the O1 calls share the budget), got K_max=0, N_esc=0")
    epsilon = _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    share_o1 = _V.in_range("share_o1", share_o1, 0.0, 1.0, lo_open=True, hi_open=True)
    mu_star = gdp_mu(epsilon, delta)
    mu1 = math.sqrt(share_o1 * mu_star ** 2 / (K_max + N_esc))
    mu2 = math.sqrt((1 - share_o1) * mu_star ** 2 / T)
    out = (2 * G / (n * mu1), 2 * M / (n * mu2), mu_star)
    return _V.finite_result("the noise scales", list(out), G=G, M=M, n=n) and out


def spider_delta(epsilon: float, mu: float) -> float:
    """δ(ε) of a mu-GDP mechanism (exact)."""
    epsilon, mu = _V.nonnegative("epsilon", epsilon), _V.nonnegative("mu", mu)
    return float(gdp_delta(epsilon, mu))
