"""Algorithms 4 and 5 of document 001 (reproduced from [7] = Asi-Levy-Duchi 2021), with primitives P2-P4.

Alg. 4 (001 L430-445): phased ERM with output perturbation (localization, FKT20).
Alg. 5 (001 L446-462): epochs of Alg. 4 on shrinking balls, for kappa-growth.

Readings of under-specified steps (AUD-19; recorded in specs/001.toml):
* ``log`` is the natural log; ``n0 = floor(n/k)``, the remainder of the data is not used (AUD-41);
* ``eps_i`` (L439) is read as ``eps``; ``Lap_d(sigma)`` as d iid Laplace(0, sigma) coordinates
  (``laplace_reading="iid"``, default) or the l2-Laplace density ~ exp(-||z||_2/sigma) (``"l2"``);
  ``N(0, sigma_i^2)`` as ``N(0, sigma_i^2 I_d)``;
* "the optimization algorithm" (L437) is the certified solver P2 (``reference.core.problems.solve_strongly_convex``
  with the exact projection onto the intersection of balls): it returns a point within a certified
  distance tau of the exact minimiser, and tau is added to the sensitivity: Delta_2 = L eta_i + 2 tau
  (``info["sensitivity"]``; the factor-4 slack of sigma_i absorbs it, see 001.priv.PC1);
* if the noisy centre x_{i-1} is so far from X that X cap B(x_{i-1}, R_i) is empty (the printed algorithm
  is then undefined), the ball is re-centred at Pi_X(x_{i-1}) -- post-processing of a released point, so
  privacy is unchanged; the event is counted in ``info["recentred"]``.

Floating-point caveat: numpy's Laplace/Gaussian samplers are not hardened against Mironov-style (2012)
floating-point attacks; this is a reference oracle, not a release mechanism.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from reference.core.randomness import Source

from reference.core.oracles import QueryCounter
from reference.core.problems import solve_strongly_convex as _core_solve

from .geometry import balls_intersect, check_balls, proj_balls
from .lipschitz_extension import Loss
from .privacy import alg4_sigma
from reference.core import validation as _V

__all__ = ["OperationCounter", "draw_noise", "partition", "diameter_bound", "certified_argmin",
           "alg4_localization", "alg4_eta", "alg5_eta0", "alg5_T", "alg5_epochs"]

Balls = list  # list of (centre ndarray, radius float)


class OperationCounter(QueryCounter):
    """``reference.core.oracles.QueryCounter`` plus the operation counts of Alg. 4 (catalog §5 "Oracle counts").

    ``calls``: per-sample gradient evaluations (kind "sample_gradient"); ``rounds``: gradients of a whole phase
    objective (one batch over the chunk = one round); ``erm_solves``, ``erm_sizes``: certified ERM solves and
    the chunk size of each; ``noise_draws``: noise vectors drawn.  Spec: 001.exp.E1.
    """

    def __init__(self) -> None:
        super().__init__()
        self.erm_solves = 0
        self.erm_sizes: list[int] = []
        self.noise_draws = 0

    def reset(self) -> None:
        super().reset()
        self.erm_solves, self.erm_sizes, self.noise_draws = 0, [], 0


# ----------------------------------------------------------------------------------------------------
# P3 noise, P4 partition
# ----------------------------------------------------------------------------------------------------
def draw_noise(rng: np.random.Generator | None, d: int, kind: str, laplace_reading: str = "iid", *,
               draws=None) -> np.ndarray:
    """One standardised noise vector (scale 1): kind "laplace" (iid or l2 reading) or "gaussian" (N(0, I_d)).

    Preconditions (validated): d int >= 1; kind in {"laplace", "gaussian"}; laplace_reading in {"iid", "l2"};
        ``rng`` a numpy Generator unless ``draws`` is given.
    Steps: Gaussian: z = xi; iid Laplace: z = zeta; l2 Laplace: z = radius * u/||u|| (density ~ exp(-||z||_2)).
    Postcondition: z has the standard law of its kind (scale 1); the caller multiplies by sigma (L438-441).
    Randomness (``draws``, keyword-only, standard draws validated by name and shape; bit-identical to the rng
        path when given the draws it would draw): "gaussian": one array N(0, 1) of shape (d,);
        "laplace"/"iid": one array standard Laplace of shape (d,); "laplace"/"l2": a mapping
        {"direction": N(0, 1) of shape (d,), "radius": Gamma(d, 1) of shape ()} (drawn in that order).
    Spec: 001.P3.
    """
    _V.choice("kind", kind, ('gaussian', 'laplace'))
    _V.choice("laplace_reading", laplace_reading, ('iid', 'l2'))
    d = _V.integer("d", d, lo=1)
    if kind == "gaussian":
        return Source(rng, draws, single="xi").normal("xi", (d,))
    if laplace_reading == "iid":
        return Source(rng, draws, single="zeta").laplace("zeta", (d,))
    if laplace_reading == "l2":
        if draws is not None and not isinstance(draws, dict):
            raise TypeError("draws for the l2-Laplace reading must be a mapping {'direction': (d,), 'radius': ()}")
        if draws is None:
            u = Source(rng).normal("direction", (d,))
            radius = float(rng.gamma(d, 1.0))
        else:
            for name in ("direction", "radius"):
                if name not in draws:
                    raise ValueError(f"draws: missing stream {name!r} for the l2-Laplace reading; given: {sorted(draws)}")
            u = Source(None, {"direction": draws["direction"]}).normal("direction", (d,))
            r = np.asarray(draws["radius"], dtype=float)
            if r.shape != () or not np.isfinite(r) or r < 0:
                raise ValueError(f"draws['radius'] must be a finite scalar >= 0 (a Gamma(d, 1) draw), got {draws['radius']!r}")
            radius = float(r)
        nu = float(np.linalg.norm(u))
        if nu == 0.0:
            raise ValueError("draws['direction'] must be a non-zero vector")
        return radius * u / nu
    raise ValueError(f"laplace_reading must be 'iid' or 'l2', got {laplace_reading!r}")


def partition(n: int, parts: int) -> list[slice]:
    """Contiguous chunks S_k = (s_{(k-1)m+1}, ..., s_{km}), m = floor(n/parts); the remainder is dropped.

    Preconditions (validated): n >= parts >= 1 integers (ValueError naming n otherwise).
    Steps: m = floor(n/parts); chunk k = s_{(k-1)m+1..km}, k = 1..parts.
    Postcondition: parts disjoint contiguous slices of length m covering the first parts*m indices.
    Randomness: none (deterministic).
    Spec: 001.P4.
    """
    n = _V.integer("n", n, lo=1)
    parts = _V.integer("parts", parts, lo=1)
    m = n // parts
    if m < 1:
        raise ValueError(f"n must be >= parts (n={n}, parts={parts}): chunks would be empty")
    return [slice(k * m, (k + 1) * m) for k in range(parts)]


def diameter_bound(X: Sequence) -> float:
    """Diam(X) <= 2 min radius for an intersection of balls (inf for R^d).  X: a list of (centre, radius) pairs."""
    X = check_balls(X, "X")
    return math.inf if len(X) == 0 else 2.0 * min(float(r) for _, r in X)


def _run_inputs(S, loss, X, x0, *, n_min: int, X_name: str = "X", bounded: bool = False):
    """The common inputs of Algs 1-6, validated (ValueError / TypeError naming the parameter): S a finite 2-D array
    with >= n_min rows (samples); loss a Loss (value, grad, smoothness); X a list of (centre, radius) balls of
    x0's dimension ([] = R^d unless ``bounded``); x0 a finite vector.  Returns (S, X, x0)."""
    x0 = _V.vector("x0", x0)
    S = _V.matrix("S", S)
    if S.shape[0] < n_min:
        raise ValueError(f"S must have n >= {n_min} samples (rows), got n = {S.shape[0]}")
    _V.has_methods("loss", loss, ("value", "grad", "smoothness"))
    X = check_balls(X, X_name, x0.shape[0])
    if bounded and not X:
        raise ValueError(f"{X_name} must be a bounded domain (a non-empty list of balls), got []")
    return S, X, x0


def _run_outputs(oracle, trace, info) -> None:
    """The optional sinks of Algs 1-6: oracle an OperationCounter-like counter, trace a list, info a dict."""
    if oracle is not None:
        _V.has_methods("oracle", oracle, ("record",))
    if trace is not None and not isinstance(trace, list):
        raise TypeError(f"trace must be a list or None, got {type(trace).__name__}")
    if info is not None and not isinstance(info, dict):
        raise TypeError(f"info must be a dict or None, got {type(info).__name__}")


def _restrict(X: Sequence, centre: np.ndarray, radius: float, info: dict) -> list:
    """X cap B(centre, radius); re-centre at Pi_X(centre) when empty (post-processing; counted)."""
    Xi = list(X) + [(np.asarray(centre, float), float(radius))]
    if len(X) == 0 or balls_intersect(Xi):
        return Xi
    info["recentred"] = info.get("recentred", 0) + 1
    return list(X) + [(proj_balls(np.asarray(centre, float), X), float(radius))]


def certified_argmin(grad, x0, mu, smooth, balls, tau):
    """P2: reference.core.problems.solve_strongly_convex on K = cap of balls (exact projection proj_balls).

    Preconditions: mu-strongly convex, ``smooth``-smooth objective with gradient ``grad``; ``balls`` a list of
    at most 4 (centre, radius) with non-empty intersection ([] for R^d); validated: x0 a finite vector, mu, smooth,
    tau > 0 finite, smooth/mu <= 1e12.
    Postcondition: returns (x, r) with x in K and ||x - argmin_K|| <= r <= tau, else RuntimeError (privacy
    needs the certificate).  Steps: projected gradient with step 1/smooth on K; stop when 2||G(x)||/mu <= tau for the gradient mapping G
    (Nesterov Thm 2.2.7: <G, x - x*> >= (mu/2)||x - x*||^2 certifies ||x - x*|| <= 2||G||/mu).
    Randomness: none (deterministic).
    Spec: 001.P2.
    """
    _V.callable_("grad", grad)
    x0 = _V.vector("x0", x0)
    mu, smooth, tau = _V.positive("mu", mu), _V.positive("smooth", smooth), _V.positive("tau", tau)
    if smooth / mu > 1e12:
        raise ValueError(f"smooth/mu = {smooth / mu:.3g} > 1e12: the certified solver cannot reach tau at this "
                         f"condition number (mu={mu}, smooth={smooth})")
    balls = check_balls(balls, "balls", x0.shape[0])
    project = (lambda z: proj_balls(z, balls)) if len(balls) else None
    x, r = _core_solve(grad, proj_balls(np.asarray(x0, float), balls), mu, smooth, project=project, tol=tau,
                       grad_error=1e-12)
    if not r <= tau:
        raise RuntimeError(f"certified solver: radius {r} > tau = {tau} (increase tau_rel)")
    return x, r


# ----------------------------------------------------------------------------------------------------
# Algorithm 4
# ----------------------------------------------------------------------------------------------------
def alg4_localization(S: np.ndarray, loss: Loss, X: Sequence, eta: float, x0: np.ndarray, L: float,
                      epsilon: float, delta: float = 0.0, *, rng: np.random.Generator | None = None,
                      noise: np.ndarray | None = None, laplace_reading: str = "iid", tau_rel: float = 1e-2,
                      oracle: OperationCounter | None = None, trace: list | None = None,
                      info: dict | None = None) -> np.ndarray:
    """Algorithm 4 (Localization based algorithm), 001 L430-445.

    Preconditions (validated): S has n >= 3 rows (so k = ceil(log n) >= 2 and n0 = floor(n/k) >= 1);
    eta > 0; L > 0; epsilon > 0; 0 <= delta < 1; X a list of <= 3 balls (centre, radius), [] for R^d;
    ``noise`` (optional) the pre-drawn standardised draws, shape (k, d), used instead of ``rng``.
    Privacy precondition (not validated; Alg. 1 guarantees it): every F(.; s) is L-Lipschitz on X_i.
    Steps:
      1. k = ceil(log n), n0 = floor(n/k)                                            (L432)
      2. for i = 1..k: eta_i = 2^{-4i} eta                                          (L434)
         X_i = {x in X : ||x - x_{i-1}|| <= 2 L eta_i n0}                           (L435)
         x_hat_i = argmin_{X_i} (1/n0) sum_j F(x; s_j) + ||x - x_{i-1}||^2/(eta_i n0)  (L436-437; P2 certified)
         zeta_i ~ Lap_d(sigma_i), sigma_i = 4 L eta_i sqrt(d)/eps  (delta = 0)       (L439)
         zeta_i ~ N(0, sigma_i^2 I_d), sigma_i = 4 L eta_i sqrt(log(1/delta))/eps    (L441)
         x_i = x_hat_i + zeta_i                                                      (L443)
      3. return x_k (not projected onto X, AUD-17)                                   (L445)
    Postcondition: eps-DP (delta = 0) / (eps, delta)-DP (within the validity range of AUD-20) by
    PC-1 + PC-2; with prob. 1 - beta the utility of Prop. 2/3 at the paper's eta.
    ``info`` receives k, n0, eta_i, sigma_i, certified radii tau_i, sensitivities Delta_i = L eta_i + 2 tau_i,
    and the noiseless minimisers x_hat_i.
    Randomness: ``rng`` (numpy Generator), or the pre-drawn standardised draws ``noise`` (array (k, d): standard Laplace (delta = 0, iid reading) or N(0, 1) draws, scaled by sigma_i) instead; bit-identical to the rng path when given the draws it would draw (tested).
    Spec: 001.alg4.
    """
    rng = _V.generator("rng", rng, allow_none=True)
    S, X, x0 = _run_inputs(S, loss, X, x0, n_min=3)                # k = ceil(log n) >= 2
    eta, L, epsilon = _V.positive("eta", eta), _V.positive("L", L), _V.positive("epsilon", epsilon)
    delta = _V.probability("delta", delta, allow_one=False)
    tau_rel = _V.in_range("tau_rel", tau_rel, 0.0, 1.0, lo_open=True)
    _V.choice("laplace_reading", laplace_reading, ("iid", "l2"))
    _run_outputs(oracle, trace, info)
    n = S.shape[0]
    _V.finite_result("the first radius 2 L eta_1 n0", 2 * L * eta * n, eta=eta, L=L)
    x_prev = x0.copy()
    d = x_prev.shape[0]
    k = math.ceil(math.log(n))                                                     # L432
    n0 = n // k
    kind = "laplace" if delta == 0 else "gaussian"
    if noise is not None:
        noise = np.asarray(noise, float)
        if noise.shape != (k, d):
            raise ValueError(f"noise must have shape (k, d) = ({k}, {d}), got {noise.shape}")
    elif rng is None:
        raise ValueError("rng is required when noise is not given")
    info = {} if info is None else info
    info.update(k=k, n0=n0, eta=[], sigma=[], tau=[], sensitivity=[], x_hat=[], kind=kind)
    for i in range(1, k + 1):
        eta_i = 2.0 ** (-4 * i) * eta                                              # L434
        R_i = 2 * L * eta_i * n0                                                   # L435
        X_i = _restrict(X, x_prev, R_i, info)
        chunk = S[(i - 1) * n0: i * n0]                                            # L436
        mu = 2.0 / (eta_i * n0)
        c = x_prev.copy()

        def grad_Phi(x, chunk=chunk, mu=mu, c=c):
            if oracle is not None:
                oracle.record(len(chunk), "sample_gradient")
            return loss.grad(x, chunk).mean(axis=0) + mu * (x - c)

        tau = tau_rel * L * eta_i
        x_hat, radius = certified_argmin(grad_Phi, x_prev, mu, loss.smoothness(chunk) + mu, X_i, tau)  # L437
        if oracle is not None:
            oracle.erm_solves += 1
            oracle.erm_sizes.append(len(chunk))
        sigma_i = alg4_sigma(L, eta_i, d, epsilon, delta)                         # L438-441 (delta = 0: Laplace)
        z = noise[i - 1] if noise is not None else draw_noise(rng, d, kind, laplace_reading)
        if oracle is not None:
            oracle.noise_draws += 1
        x_i = x_hat + sigma_i * z                                                  # L443
        info["eta"].append(eta_i); info["sigma"].append(sigma_i); info["tau"].append(tau)
        info["sensitivity"].append(L * eta_i + 2 * tau); info["x_hat"].append(x_hat)
        if trace is not None:
            trace.append(x_i.copy())
        x_prev = x_i
    return x_prev                                                                  # L445


def alg4_eta(n: int, d: int, D: float, L: float, epsilon: float, delta: float, beta: float) -> float:
    """Step size of Prop. 2 (delta = 0, L472) / Prop. 3 (delta > 0, L481):
    eta = (D/L) min(1/sqrt(n log(1/beta)), eps/(A log(1/beta))), A = d or sqrt(d log(1/delta)).
    Preconditions (validated): n, d integers >= 1; D, L > 0 finite; epsilon > 0 (``epsilon=inf``: no privacy term);
    0 <= delta < 1; 0 < beta < 1."""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    D = _V.positive("D", D)
    L = _V.positive("L", L)
    epsilon = _V.positive("epsilon", epsilon, allow_inf=True)
    delta = _V.probability("delta", delta, allow_one=False)
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    A = d if delta == 0 else math.sqrt(d * math.log(1 / delta))
    lb = math.log(1 / beta)
    return _V.finite_result("eta", (D / L) * min(1 / math.sqrt(n * lb), epsilon / (A * lb)), D=D, L=L)


# ----------------------------------------------------------------------------------------------------
# Algorithm 5
# ----------------------------------------------------------------------------------------------------
def alg5_eta0(n0: int, d: int, D0: float, L: float, epsilon: float, delta: float, beta: float) -> float:
    """eta_0 of Alg. 5 (L450, L453): (D_0/(2L)) min(1/sqrt(n0 log(n0) log(1/beta)), eps/(A log(1/beta))).
    Preconditions (validated): n0 integer >= 2; d integer >= 1; D0, L > 0 finite; epsilon > 0 (``epsilon=inf``: no
    privacy term); 0 <= delta < 1; 0 < beta < 1."""
    n0 = _V.integer("n0", n0, lo=2)                       # log n0 > 0
    d = _V.integer("d", d, lo=1)
    D0 = _V.positive("D0", D0)
    L = _V.positive("L", L)
    epsilon = _V.positive("epsilon", epsilon, allow_inf=True)
    delta = _V.probability("delta", delta, allow_one=False)
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    A = d if delta == 0 else math.sqrt(d * math.log(1 / delta))
    lb = math.log(1 / beta)
    return _V.finite_result("eta_0", (D0 / (2 * L)) * min(1 / math.sqrt(n0 * math.log(n0) * lb), epsilon / (A * lb)),
                            D0=D0, L=L)


def alg5_T(n: int, kappa_min: float = 2.0) -> int:
    """T = ceil(2 log n/(kappa_min - 1)) (Thm 6/7, L491)."""
    n = _V.integer("n", n, lo=1)
    kappa_min = _V.in_range("kappa_min", kappa_min, 1.0, math.inf, lo_open=True)
    return math.ceil(2 * math.log(n) / (kappa_min - 1))


def alg5_epochs(S: np.ndarray, loss: Loss, X: Sequence, L: float, x0: np.ndarray, T: int, beta: float,
                epsilon: float, delta: float = 0.0, *, rng: np.random.Generator | None = None,
                noise: list | None = None, D0: float | None = None, laplace_reading: str = "iid",
                tau_rel: float = 1e-2, eta_scale: float = 1.0, oracle: OperationCounter | None = None,
                trace: list | None = None, info: dict | None = None) -> np.ndarray:
    """Algorithm 5 (Epoch-based algorithm for kappa-growth), 001 L446-462.

    Preconditions (validated): X a non-empty list of balls (bounded domain); T >= 1; n0 = floor(n/T) >= 3;
    0 < beta < 1; epsilon > 0; 0 <= delta < 1; ``noise`` optional list of T arrays of shape (k_i, d);
    ``eta_scale`` > 0 multiplies eta_0 (paper value 1; a *scaled* setting for experiments: privacy does not
    depend on it, since sigma_i and the sensitivity L eta_i scale together, PC-1).
    Steps:
      1. n0 = n/T, D_0 = diam(X)                                                  (L448)
      2. eta_0 = (D_0/(2L)) min(1/sqrt(n0 log n0 log(1/beta)), eps/(A log(1/beta)))   (L449-453)
      3. for i = 0..T-1: S_i = (s_{i n0 + 1}, ..., s_{(i+1) n0})  (printed off by one, AUD-21)   (L456)
         D_i = 2^{-i} D_0, eta_i = 2^{-i} eta_0                                    (L457)
         X_i = {x in X : ||x - x_i|| <= D_i}  (radius D_i, as printed; AUD-21)     (L458)
         x_{i+1} = Alg4(S_i, X_i, eta_i, x_i, L, (eps, delta))                     (L459-460)
      4. return x_T                                                                (L462)
    Postcondition: same (eps, delta) as one Alg. 4 run (parallel composition over disjoint S_i, PC-2),
    provided the losses are L-Lipschitz (Alg. 1 guarantees it); utility Thm 6/7.
    Randomness: ``rng`` (numpy Generator), or the pre-drawn standardised draws ``noise`` (list of T arrays, one Alg 4 noise array (k, d) per epoch) instead; bit-identical to the rng path when given the draws it would draw (tested).
    Spec: 001.alg5.
    """
    rng = _V.generator("rng", rng, allow_none=True)
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    epsilon = _V.positive("epsilon", epsilon)
    delta = _V.probability("delta", delta, allow_one=False)
    tau_rel = _V.in_range("tau_rel", tau_rel, 0.0, 1.0, lo_open=True)
    eta_scale = _V.positive("eta_scale", eta_scale)
    S, X, x0 = _run_inputs(S, loss, X, x0, n_min=3, bounded=True)   # D_0 = diam X needs a bounded X
    L = _V.positive("L", L)
    T = _V.integer("T", T, lo=1)
    D0 = _V.optional(_V.positive, "D0", D0)
    _V.choice("laplace_reading", laplace_reading, ("iid", "l2"))
    _run_outputs(oracle, trace, info)
    n = S.shape[0]
    n0 = n // T                                                                    # L448
    if n0 < 3:
        raise ValueError(f"n/T must be >= 3, got n={n}, T={T}")
    d = len(x0)
    D0 = diameter_bound(X) if D0 is None else float(D0)
    eta0 = eta_scale * alg5_eta0(n0, d, D0, L, epsilon, delta, beta)               # L449-453
    if not (0 < eta0 < math.inf):
        raise ValueError(f"eta_0 = {eta0} leaves the float range at L={L}, D0={D0}, eta_scale={eta_scale}")
    info = {} if info is None else info
    info.update(n0=n0, eta0=eta0, D0=D0, phases=[], T=T)
    x_i = np.asarray(x0, float).copy()
    for i in range(T):
        S_i = S[i * n0:(i + 1) * n0]                                               # L456 (corrected index)
        D_i = 2.0 ** (-i) * D0                                                     # L457
        eta_i = 2.0 ** (-i) * eta0
        X_i = _restrict(X, x_i, D_i, info)                                         # L458
        sub = {}
        x_i = alg4_localization(S_i, loss, X_i, eta_i, x_i, L, epsilon, delta, rng=rng,
                                noise=None if noise is None else noise[i], laplace_reading=laplace_reading,
                                tau_rel=tau_rel, oracle=oracle, trace=trace, info=sub)   # L459-460
        info["phases"].append(sub)
    return x_i                                                                     # L462
