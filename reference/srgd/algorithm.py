"""Accelerated-DP-SRGD (Algorithm 1 of 002, l.124–134) and its relatives.

* :func:`srg_update`                 — the stochastic recursive gradient (A-4; Alg. 1 lines 4–5, l.127–128).
* :func:`linear_coupling_step`       — Nesterov linear coupling with noise (A-3/A-5; Alg. 1 lines 7–9, l.130–132),
                                        with the z-step multiplier ``kappa_z`` (1 = as printed; 1/2, 1/4: AUD-10b).
* :func:`accelerated_dp_srgd`        — Algorithm 1 with generic noise {b_t} (A-5), optional per-example clipping.
* :func:`nesterov_linear_coupling`   — A-3 = Algorithm 1 with b ≡ 0 (l.62).
* :func:`unaccelerated_srg_sgd`      — the §4.3 sketch (A-9, l.204–210).
* :func:`accelerated_sgd_independent`— §5.5 / Thm 5.13 variant with independent batch gradients (A-10, l.683–704).
* :func:`dp_sgd`                     — the DP-SGD background update (A-1, l.110).

Conventions: 0-indexed rounds t = 0..T−1 as in Algorithm 1; η_{−1} := 0 so round 0 makes one gradient call per
example (AUD-22); batch t is the t-th block of B consecutive examples (single pass, A7); 𝒞 = B(0, radius).
The oracle is a per-example gradient oracle ``grad(X, D) -> (m, p)``; it is wrapped in a counting oracle.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from reference.core.randomness import Source
from reference.core.geometry import proj_l2_ball
from reference.core.oracles import QueryCounter
from reference.core.samplers import clip_l2 as _core_clip_l2
from reference.core import validation as _V

__all__ = [
    "PerExampleGradientOracle", "SRGDResult", "default_eta", "default_tau", "srg_update", "linear_coupling_step", "accelerated_dp_srgd",
    "nesterov_linear_coupling", "unaccelerated_srg_sgd", "accelerated_sgd_independent", "dp_sgd",
]


@dataclass
class SRGDResult:
    """Output y_T plus the whole path (for the per-step lemmas)."""

    y_T: np.ndarray
    x: np.ndarray                 # (T+1, p): x_0 .. x_T
    y: np.ndarray                 # (T+1, p): y_0 := x_0 (unused, τ_0 = 1) .. y_T
    z: np.ndarray                 # (T+1, p): z_0 .. z_T
    grad_est: np.ndarray          # (T, p): ∇_t
    deltas: np.ndarray            # (T, p): Δ_t (after clipping when clip is on)
    b: np.ndarray                 # (T, p): the noise b_t used
    max_example_delta: np.ndarray  # (T,): max_d ‖Δ_t(d)‖ before clipping
    n_clipped: int                # number of per-example differences changed by clipping
    batches: list = field(default_factory=list)   # batch t = range of example indices
    oracle_calls: int = 0
    oracle_rounds: int = 0


def default_eta(T: int) -> np.ndarray:
    """η_t = t + 1 for t = 0..T (l.176, l.373); the entry η_T only enters τ_T."""
    T = _V.integer("T", T, lo=1)
    return np.arange(1, T + 2, dtype=float)


def default_tau(eta: np.ndarray) -> np.ndarray:
    """τ_t = η_t / η_{0:t} (l.62, l.274); = 2/(t+2) for η_t = t+1."""
    _V.array("eta", eta, ndim=1)
    eta = np.asarray(eta, dtype=float)
    return eta / np.cumsum(eta)


class PerExampleGradientOracle:
    """Vectorised per-example gradient oracle (x, d) ↦ ∇f(x, d), counted by a core
    :class:`reference.core.oracles.QueryCounter` (kind ``"sample_gradient"``).

    ``oracle(X, D)`` evaluates the rows ∇f(X[i], D[i]) of points X (m, p) and examples D (m, ...) in ONE call of
    the wrapped ``grad(X, D) -> (m, p)``: m queries and one parallel round (the rows' states are fixed before the
    query).  ``calls``/``rounds`` delegate to the counter, so oracles sharing a ``counter`` share the depth and
    ``with oracle.parallel_round():`` merges rounds as in core.  (Core's ``SampleAccessOracle`` has the same
    counting but evaluates sample by sample; doc 002's Monte Carlo checks need the vectorised form.)
    Spec: 002.alg1 (oracle model, l.35–39)
    """

    kind = "sample_gradient"

    def __init__(self, grad, counter: QueryCounter | None = None):
        if not callable(grad):
            raise TypeError(f"grad (the oracle) must be callable: grad(X, D) -> (m, p), got {type(grad).__name__}")
        self._grad = grad
        self.counter = counter if counter is not None else QueryCounter()

    @property
    def calls(self) -> int:
        return self.counter.calls

    @property
    def rounds(self) -> int:
        return self.counter.rounds

    def parallel_round(self):
        return self.counter.parallel_round()

    def __call__(self, X, D) -> np.ndarray:
        X = np.asarray(X, dtype=float)
        if X.ndim != 2:
            raise ValueError(f"X must have shape (m, p), got {X.shape}")
        if len(D) != X.shape[0]:
            raise ValueError(f"D must have {X.shape[0]} rows, got {len(D)}")
        self.counter.record(X.shape[0], self.kind)
        G = np.asarray(self._grad(X, D), dtype=float)
        if G.shape != X.shape:
            raise ValueError(f"gradient must have shape {X.shape}, got {G.shape}")
        if not np.all(np.isfinite(G)):
            raise ValueError("the gradient oracle returned a non-finite value")
        return G


def clip_l2(v, kappa: float) -> np.ndarray:
    """Per-example clip(v, κ) = v·min{1, κ/‖v‖₂} (002 l.110, l.554) row-wise; κ = inf means no clipping.

    Preconditions (validated by core): v finite, ndim >= 1 (rows = examples); κ in [0, inf].
    Steps: κ = inf: copy; else :func:`reference.core.samplers.clip_l2`.
    Postcondition: rows with ‖v‖ <= κ unchanged; others v·κ/‖v‖ with ‖output‖ <= κ exactly (core's l2_norm);
      clip(0, κ) = 0 (002.algA0.clip over κ ∈ [1e-8, 1e8], ‖v‖/κ ∈ [1e-12, 1e12]).
    Randomness: none.
    Spec: 002.algA0
    """
    if kappa == math.inf:
        return np.array(v, dtype=float)
    return _core_clip_l2(v, kappa)


def _wrap(oracle):
    return oracle if isinstance(oracle, PerExampleGradientOracle) else PerExampleGradientOracle(oracle)


def _validate_common(data, T, B, beta, radius):
    if isinstance(T, bool) or not isinstance(T, (int, np.integer)) or T < 1:
        raise ValueError(f"T must be an integer >= 1, got {T!r}")
    if isinstance(B, bool) or not isinstance(B, (int, np.integer)) or B < 1:
        raise ValueError(f"B must be an integer >= 1, got {B!r}")
    if data is None or isinstance(data, (str, bytes, bool, np.bool_)) or np.ndim(data) == 0:
        raise TypeError(f"data must be an array (or sequence) of n = T*B = {T * B} examples, got "
                        f"{type(data).__name__} {data!r}"[:300])
    if len(data) != T * B:
        raise ValueError(f"data must hold exactly n = T*B = {T * B} examples (single pass, BT = n), got {len(data)}")
    if not (beta > 0 and math.isfinite(beta)):
        raise ValueError(f"beta must be in (0, inf), got {beta!r}")
    if not (radius > 0 and math.isfinite(radius)):
        raise ValueError(f"radius must be in (0, inf), got {radius!r}")


def _validate_eta_tau(T, eta, tau):
    eta = default_eta(T) if eta is None else np.asarray(eta, dtype=float)
    if eta.shape != (T + 1,) or not np.all(np.isfinite(eta)) or np.any(eta <= 0):
        raise ValueError(f"eta must be a positive finite array of length T+1 = {T + 1} (η_0..η_T)")
    tau = default_tau(eta) if tau is None else np.asarray(tau, dtype=float)
    if tau.shape != (T + 1,) or np.any(tau < 0) or np.any(tau > 1):
        raise ValueError(f"tau must be an array of length T+1 = {T + 1} with entries in [0, 1]")
    return eta, tau


def _validate_noise(b, T, p, name="b"):
    if b is None:
        return np.zeros((T, p))
    return _V.array(name, b, shape=(T, p))


def _validate_clip(clip):
    """clip: None or in (0, inf] (``clip=inf`` and ``clip=None``: no clipping)."""
    return _V.optional(_V.positive, "clip", clip, allow_inf=True)


def srg_update(S_prev: np.ndarray, delta_t: np.ndarray, eta_t: float) -> tuple[np.ndarray, np.ndarray]:
    """Alg. 1 line 5 (l.128): S_t = S_{t−1} + Δ_t and ∇_t = S_t / η_t = Σ_{i<=t} Δ_i / η_t.

    Preconditions (validated): S_prev, delta_t finite vectors of the same length; η_t in (0, inf).
    Steps: S_t = S_{t−1} + Δ_t; ∇_t = S_t/η_t.
    Postcondition: returns (S_t, ∇_t), ∇_t = Δ_t/η_t + (η_{t−1}/η_t)∇_{t−1} (test_srg_recursion_equals_sum); over the
      batches ∇_t is an unbiased estimate of ∇F(x_t) (not conditionally: 002.algA4.unbiased).
    Randomness: none.
    Spec: 002.algA4
    """
    S_prev = _V.vector("S_prev", S_prev)
    delta_t = _V.vector("delta_t", delta_t, S_prev.shape[0])
    eta_t = _V.positive("eta_t", eta_t)
    S = S_prev + delta_t
    return S, S / eta_t


def linear_coupling_step(x_t, z_t, grad_t, b_t, eta_t, tau_next, beta, radius, kappa_z=1.0):
    """Alg. 1 lines 7–9 (l.130–132) with z-step multiplier κ_z.

    Preconditions (validated): x_t, z_t, grad_t, b_t finite vectors of the same length; η_t, β, κ_z in (0, inf);
      τ_{t+1} ∈ [0, 1]; radius in (0, inf] (``radius=inf``: no constraint, Π_𝒞 = identity); x_t, z_t ∈ 𝒞 is
      assumed (not checked: the drivers keep every iterate in 𝒞).
    Steps: z_{t+1} = Π_𝒞(z_t − κ_z (η_t/β) ∇_t + b_t)      (line 7; κ_z = 1 as printed; 1/2, 1/4 see AUD-10b)
           y_{t+1} = Π_𝒞(x_t − ∇_t/β + b_t/η_t)           (line 8)
           x_{t+1} = (1 − τ_{t+1}) y_{t+1} + τ_{t+1} z_{t+1} (line 9)
    Postcondition: returns (x_{t+1}, y_{t+1}, z_{t+1}), all in 𝒞 (convex combination of projections).
    Randomness: none (b_t is given).
    Spec: 002.algA3
    """
    x_t = _V.vector("x_t", x_t)
    z_t = _V.vector("z_t", z_t, x_t.shape[0])
    grad_t = _V.vector("grad_t", grad_t, x_t.shape[0])
    b_t = _V.vector("b_t", b_t, x_t.shape[0])
    eta_t = _V.positive("eta_t", eta_t)
    tau_next = _V.probability("tau_next", tau_next)
    beta = _V.positive("beta", beta)
    radius = _V.positive("radius", radius, allow_inf=True)
    kappa_z = _V.positive("kappa_z", kappa_z)
    z_next = proj_l2_ball(z_t - kappa_z * (eta_t / beta) * grad_t + b_t, radius=radius)   # Alg. 1 line 7; l.130
    y_next = proj_l2_ball(x_t - grad_t / beta + b_t / eta_t, radius=radius)               # Alg. 1 line 8; l.131
    x_next = (1.0 - tau_next) * y_next + tau_next * z_next                                 # Alg. 1 line 9; l.132
    return x_next, y_next, z_next


def accelerated_dp_srgd(oracle, data, *, T: int, B: int, beta: float, radius: float, p: int,
                        eta=None, tau=None, b=None, kappa_z: float = 1.0, clip: float | None = None,
                        trace: list | None = None) -> SRGDResult:
    """Algorithm 1 (Accelerated-DP-SRGD, 002 l.124–134) with a given noise sequence {b_t}.

    Preconditions (validated): T, B integers >= 1 and len(data) = n = T·B (batch t = examples tB..tB+B−1);
      beta > 0; 𝒞 = B(0, radius) with radius > 0 (0 ∈ 𝒞); eta positive of length T+1 (default η_t = t+1),
      tau in [0,1] of length T+1 (default τ_t = η_t/η_{0:t}); b of shape (T, p) (default 0);
      kappa_z > 0 (1 = as printed); clip = per-example clip level κ on Δ_t(d) in (0, inf] (``clip=None`` or
      ``clip=inf``: no clipping).
    Steps (0-indexed, η_{−1} := 0, ∇_{−1} := 0):
      1. x_0 = z_0 = 0                                                  (line 2, l.125)
      2. Δ_t = (1/B) Σ_{d∈ℬ_t} clip(η_t ∇f(x_t,d) − η_{t−1} ∇f(x_{t−1},d), κ)   (line 4, l.127; clip l.554)
      3. ∇_t = Σ_{i<=t} Δ_i / η_t                                      (line 5, l.128)
      4. z_{t+1}, y_{t+1}, x_{t+1} by :func:`linear_coupling_step`      (lines 7–9, l.130–132)
    Postcondition: returns y_T and the path; the oracle made exactly B + 2B(T−1) = 2n − B per-example calls in
      T rounds, each example used in exactly one round (E1).  Utility: Thm 5.1 (002.thm5_1, PROOF-GAP).
    Randomness: none (the noise b is an input; the private path draws it in :func:`reference.srgd.privacy.dp_srgd_tree`).
    Spec: 002.alg1
    """
    T = _V.integer("T", T, lo=1)
    B = _V.integer("B", B)
    beta = _V.positive("beta", beta, allow_inf=True)
    radius = _V.positive("radius", radius, allow_inf=True)
    p = _V.positive_int("p", p)
    kappa_z = _V.positive("kappa_z", kappa_z, allow_inf=True)
    _validate_common(data, T, B, beta, radius)
    if not (kappa_z > 0 and math.isfinite(kappa_z)):
        raise ValueError(f"kappa_z must be in (0, inf), got {kappa_z!r}")
    clip = _validate_clip(clip)
    eta, tau = _validate_eta_tau(T, eta, tau)
    b = _validate_noise(b, T, p)
    orc = _wrap(oracle)
    c0, r0 = orc.calls, orc.rounds

    x = np.zeros((T + 1, p)); y = np.zeros((T + 1, p)); z = np.zeros((T + 1, p))       # line 2: x_0, z_0 ← 0
    G = np.zeros((T, p)); D = np.zeros((T, p)); maxd = np.zeros(T); n_clip = 0
    S = np.zeros(p)
    batches = []
    for t in range(T):                                                                   # line 3
        idx = range(t * B, (t + 1) * B)
        batches.append(idx)
        Dt = data[t * B:(t + 1) * B]
        if t == 0:                                                                       # η_{−1} = 0: one call
            per_ex = eta[0] * orc(np.repeat(x[0][None], B, axis=0), Dt)
        else:                                                                            # both calls, one round
            Gall = orc(np.vstack([np.repeat(x[t][None], B, axis=0), np.repeat(x[t - 1][None], B, axis=0)]),
                       np.concatenate([Dt, Dt]))
            per_ex = eta[t] * Gall[:B] - eta[t - 1] * Gall[B:]                          # Δ_t(d), line 4
        norms = np.linalg.norm(per_ex, axis=1)
        maxd[t] = norms.max()
        if clip is not None:                                                             # clip, l.554
            n_clip += int(np.sum(norms > clip))
            per_ex = clip_l2(per_ex, clip)
        D[t] = per_ex.mean(axis=0)                                                       # line 4: Δ_t
        S, G[t] = srg_update(S, D[t], eta[t])                                            # line 5: ∇_t
        x[t + 1], y[t + 1], z[t + 1] = linear_coupling_step(                             # lines 7–9
            x[t], z[t], G[t], b[t], eta[t], tau[t + 1], beta, radius, kappa_z)
        if trace is not None:
            trace.append(dict(t=t, x=x[t].copy(), y_next=y[t + 1].copy(), z_next=z[t + 1].copy(),
                              x_next=x[t + 1].copy(), grad=G[t].copy(), delta=D[t].copy(), b=b[t].copy()))
    y[0] = x[0]
    return SRGDResult(y_T=y[T].copy(), x=x, y=y, z=z, grad_est=G, deltas=D, b=b, max_example_delta=maxd,
                      n_clipped=n_clip, batches=batches, oracle_calls=orc.calls - c0,
                      oracle_rounds=orc.rounds - r0)


def nesterov_linear_coupling(oracle, data, *, T, B, beta, radius, p, kappa_z=1.0, trace=None) -> SRGDResult:
    """A-3 (l.62): the non-private linear coupling = Algorithm 1 with b ≡ 0 and no clipping.

    Preconditions: as :func:`accelerated_dp_srgd` (validated there).
    Steps: accelerated_dp_srgd(..., b=None, clip=None).
    Postcondition: the Nesterov linear-coupling iterates with SRG gradients; deterministic rate tested in
      002.algA3.deterministic_rate (PARTIAL).
    Randomness: none.
    Spec: 002.algA3
    """
    return accelerated_dp_srgd(oracle, data, T=T, B=B, beta=beta, radius=radius, p=p, b=None,
                               kappa_z=kappa_z, clip=None, trace=trace)


def unaccelerated_srg_sgd(oracle, data, *, T: int, B: int, beta: float, radius: float, p: int,
                          eta=None, noise=None, clip: float | None = None, trace: list | None = None) -> SRGDResult:
    """A-9, the §4.3 sketch (l.204–210): SRG estimate + projected SGD without coupling.

    Steps: Δ_t and ∇_t as in Algorithm 1 (lines 4–5); x_{t+1} = Π_𝒞(x_t − (1/β)(∇_t + noise_t)).
    Preconditions as :func:`accelerated_dp_srgd`; noise of shape (T, p) (default 0; unspecified in the paper);
      clip in (0, inf] (``clip=inf`` or None: no clipping).
    Postcondition: returns the last iterate as ``y_T`` (the sketch names no output); 2n − B oracle calls.
    Randomness: none (noise is an input).
    Spec: 002.algA9
    """
    T = _V.integer("T", T, lo=1)
    B = _V.integer("B", B)
    beta = _V.real("beta", beta, allow_inf=True)
    radius = _V.real("radius", radius, allow_inf=True)
    p = _V.positive_int("p", p)
    _validate_common(data, T, B, beta, radius)
    eta, _ = _validate_eta_tau(T, eta, None)
    noise = _validate_noise(noise, T, p, "noise")
    clip = _validate_clip(clip)
    orc = _wrap(oracle)
    c0, r0 = orc.calls, orc.rounds
    x = np.zeros((T + 1, p)); G = np.zeros((T, p)); D = np.zeros((T, p)); maxd = np.zeros(T); n_clip = 0
    S = np.zeros(p)
    batches = []
    for t in range(T):
        Dt = data[t * B:(t + 1) * B]
        batches.append(range(t * B, (t + 1) * B))
        if t == 0:
            per_ex = eta[0] * orc(np.repeat(x[0][None], B, axis=0), Dt)
        else:
            Gall = orc(np.vstack([np.repeat(x[t][None], B, axis=0), np.repeat(x[t - 1][None], B, axis=0)]),
                       np.concatenate([Dt, Dt]))
            per_ex = eta[t] * Gall[:B] - eta[t - 1] * Gall[B:]          # l.206: Δ_t
        norms = np.linalg.norm(per_ex, axis=1)
        maxd[t] = norms.max()
        if clip is not None:
            n_clip += int(np.sum(norms > clip))
            per_ex = clip_l2(per_ex, clip)
        D[t] = per_ex.mean(axis=0)
        S, G[t] = srg_update(S, D[t], eta[t])                            # l.206: ∇_t = Σ Δ_i/η_t
        x[t + 1] = proj_l2_ball(x[t] - (G[t] + noise[t]) / beta, radius=radius)   # l.206: projected step
        if trace is not None:
            trace.append(dict(t=t, x=x[t].copy(), x_next=x[t + 1].copy(), grad=G[t].copy()))
    return SRGDResult(y_T=x[T].copy(), x=x, y=x.copy(), z=x.copy(), grad_est=G, deltas=D, b=noise,
                      max_example_delta=maxd, n_clipped=n_clip, batches=batches,
                      oracle_calls=orc.calls - c0, oracle_rounds=orc.rounds - r0)


def accelerated_sgd_independent(oracle, data, *, T: int, B: int, beta: float, radius: float, p: int,
                                eta=None, tau=None, b=None, kappa_z: float = 1.0, clip: float | None = None,
                                trace: list | None = None) -> SRGDResult:
    """A-10, §5.5 (Thm 5.13, l.685–704): Algorithm 1 with ∇_t = (1/B) Σ_{d∈ℬ_t} ∇f(x_t, d) (one call per example).

    Preconditions (validated): as :func:`accelerated_dp_srgd` (T, B >= 1, len(data) = TB, β, radius > 0, η, τ, b shapes;
      clip in (0, inf], ``clip=inf`` or None: no clipping).
    Steps: ∇_t = mean of (clipped) per-example gradients at x_t (l.687); lines 7–9 of Algorithm 1 unchanged.
    Postcondition: n oracle calls in T rounds; ‖∇_t‖ <= L for L-Lipschitz losses.
    Randomness: none (b is an input).
    Spec: 002.algA10
    """
    T = _V.integer("T", T, lo=1)
    B = _V.integer("B", B)
    beta = _V.real("beta", beta, allow_inf=True)
    radius = _V.positive("radius", radius, allow_inf=True)
    p = _V.positive_int("p", p)
    kappa_z = _V.real("kappa_z", kappa_z, allow_inf=True)
    _validate_common(data, T, B, beta, radius)
    eta, tau = _validate_eta_tau(T, eta, tau)
    b = _validate_noise(b, T, p)
    clip = _validate_clip(clip)
    orc = _wrap(oracle)
    c0, r0 = orc.calls, orc.rounds
    x = np.zeros((T + 1, p)); y = np.zeros((T + 1, p)); z = np.zeros((T + 1, p))
    G = np.zeros((T, p)); maxd = np.zeros(T); n_clip = 0
    batches = []
    for t in range(T):
        Dt = data[t * B:(t + 1) * B]
        batches.append(range(t * B, (t + 1) * B))
        per_ex = orc(np.repeat(x[t][None], B, axis=0), Dt)                  # l.687
        norms = np.linalg.norm(per_ex, axis=1)
        maxd[t] = norms.max()
        if clip is not None:
            n_clip += int(np.sum(norms > clip))
            per_ex = clip_l2(per_ex, clip)
        G[t] = per_ex.mean(axis=0)
        x[t + 1], y[t + 1], z[t + 1] = linear_coupling_step(x[t], z[t], G[t], b[t], eta[t], tau[t + 1], beta,
                                                            radius, kappa_z)
        if trace is not None:
            trace.append(dict(t=t, x=x[t].copy(), y_next=y[t + 1].copy(), z_next=z[t + 1].copy(), grad=G[t].copy(),
                              b=b[t].copy()))
    y[0] = x[0]
    return SRGDResult(y_T=y[T].copy(), x=x, y=y, z=z, grad_est=G, deltas=G * eta[:T, None], b=b,
                      max_example_delta=maxd, n_clipped=n_clip, batches=batches,
                      oracle_calls=orc.calls - c0, oracle_rounds=orc.rounds - r0)


def dp_sgd(oracle, data, *, T: int, B: int, lr: float, radius: float, p: int, clip: float, sigma: float = 0.0,
           rng: np.random.Generator | None = None, noise=None, trace: list | None = None, draws=None) -> SRGDResult:
    """A-1, DP-SGD background (l.110): x_{t+1} = Π_𝒞(x_t − lr·(∇_t + b_t)), ∇_t = mean_d clip(∇ℓ(x_t; d), clip),
    b_t i.i.d. N(0, σ² I) (σ unspecified in the paper).

    Preconditions (validated): T, B >= 1, len(data) = TB; lr > 0; radius > 0; σ >= 0; clip in (0, inf]
      (``clip=inf``: no clipping).
    Steps: for t = 0..T−1: ∇_t = mean of clipped per-example gradients of batch t at x_t; b_t = σ·ξ_t;
      x_{t+1} = Π_𝒞(x_t − lr(∇_t + b_t)) (l.110).
    Postcondition: the DP-SGD iterates; n oracle calls in T rounds (002.algA1.calls).  The paper states no σ or
      privacy claim for it (002.priv.background).
    Randomness: one stream "xi" of standard normals, shape (T, p): from ``rng``, or pre-drawn via keyword-only
      ``draws`` (array or {"xi": array}; ``noise`` is the older name of the same array); none is drawn when σ = 0
      and neither is given.  With the draws ``rng`` would make, the output is bit-identical.
    Spec: 002.algA1
    """
    T = _V.integer("T", T, lo=1)
    B = _V.integer("B", B)
    lr = _V.positive("lr", lr, allow_inf=True)
    radius = _V.positive("radius", radius, allow_inf=True)
    p = _V.positive_int("p", p)
    clip = _V.real("clip", clip, allow_inf=True)
    sigma = _V.nonnegative("sigma", sigma)
    _validate_common(data, T, B, 1.0, radius)
    if not (lr > 0 and math.isfinite(lr)):
        raise ValueError(f"lr must be in (0, inf), got {lr!r}")
    if not (sigma >= 0 and math.isfinite(sigma)):
        raise ValueError(f"sigma must be in [0, inf), got {sigma!r}")
    if not (clip > 0):
        raise ValueError(f"clip must be in (0, inf], got {clip!r}")
    if noise is not None and draws is not None:
        raise ValueError("give the pre-drawn noise once: draws (or its older name noise), not both")
    if noise is not None:
        draws = noise
    if draws is None and (sigma == 0 or rng is None):
        if sigma > 0:
            raise ValueError("rng must be a numpy Generator when sigma > 0 and draws (noise) is not given")
        noise = np.zeros((T, p))                                     # σ = 0: nothing is drawn
    else:
        noise = Source(rng, draws, single="xi").normal("xi", (T, p))
    orc = _wrap(oracle)
    c0, r0 = orc.calls, orc.rounds
    x = np.zeros((T + 1, p)); G = np.zeros((T, p)); maxd = np.zeros(T)
    for t in range(T):
        per_ex = orc(np.repeat(x[t][None], B, axis=0), data[t * B:(t + 1) * B])
        maxd[t] = np.linalg.norm(per_ex, axis=1).max()
        G[t] = clip_l2(per_ex, clip).mean(axis=0)
        x[t + 1] = proj_l2_ball(x[t] - lr * (G[t] + sigma * noise[t]), radius=radius)     # l.110
        if trace is not None:
            trace.append(dict(t=t, x=x[t].copy(), x_next=x[t + 1].copy(), b=sigma * noise[t]))   # b: the noise added
    return SRGDResult(y_T=x[T].copy(), x=x, y=x.copy(), z=x.copy(), grad_est=G, deltas=G, b=sigma * noise,
                      max_example_delta=maxd, n_clipped=0, batches=[range(t * B, (t + 1) * B) for t in range(T)],
                      oracle_calls=orc.calls - c0, oracle_rounds=orc.rounds - r0)
