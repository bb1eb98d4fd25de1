"""Monte Carlo machinery for the utility statements of 002 (Thm 5.1, Lemmas 5.2–5.3).

* :func:`run_streams` runs Algorithm 1 on N independent data streams at once (vectorised over streams, same steps
  as :func:`reference.srgd.algorithm.accelerated_dp_srgd`); :func:`crosscheck` replays stream 0 through the
  reference implementation and returns the max deviation (checks assert it is <= 1e-10, so the MC tests the
  reference and not a private re-implementation).
* :func:`bounds` evaluates, per stream and step, the printed right-hand sides of Lemma 5.2 / Thm 5.1 and the
  corrected ones (below), and the Hayes event ‖q_t‖ <= Q s_t/(√B η_t).

Problems: P1 (½‖x − d‖², d uniform on atoms) and P2 (⟨d, x⟩) on 𝒞 = B(0, r).  For both,
Δ_t(d) − E_dΔ_t(d) = ∓(η_t − η_{t−1})(d − d̄) with η_t − η_{t−1} = 1, so the a.s. bound of Thm 5.1 is exactly
Q = max_atoms ‖d − d̄‖ for EVERY x_t, x_{t−1} (as the hypothesis requires).

Corrected per-step bound (κ_z = 1/4, potential Φ_t = η_{0:t−1}(F(y_t) − F*) + 2β‖z_t − x*‖², D = diam 𝒞 = 2r),
valid pathwise on the event ‖q_t‖ <= ε_t := Q s_t/(√B η_t), with G_t = ‖∇F(x_t)‖ + ε_t >= ‖∇_t‖:
  ΔΦ_t <= 3η_{0:t}ε_t G_t/β + 3η_{0:t}ε_t‖b_t‖/η_t + η_tε_tD + η_{0:t}G_t‖b_t‖/η_t + 5β‖b_t‖D + η_{0:t}β‖b_t‖²/η_t²
(derivation: (4)–(6) + the factor-2 projection inequality with z-step η_t/(4β), which gives 4β⟨b_t, z_{t+1} − x*⟩;
Lemma 5.3 with ‖y_{t+1} − x_t‖ <= ‖∇_t‖/β + ‖b_t‖/η_t (x_t ∈ 𝒞, projection non-expansive) instead of L/β
(AUD-11); (11) and Cauchy–Schwarz with coefficient 3 (AUD-10); the L‖b_t‖/τ_t term kept (AUD-1)).
"""
from __future__ import annotations

import math

import numpy as np

from reference.srgd.algorithm import accelerated_dp_srgd
from reference.srgd.problems import LinearLoss, MeanEstimation
from reference.srgd.tree import prefix_noise

B_MODES = ("zero", "gauss", "+grad", "-grad", "tree")


def make_problem(kind: str, p: int, r: float, rng: np.random.Generator, m: int = 6):
    """P1-in (x† = d̄ ∈ int 𝒞), P1-out (x† ∉ 𝒞), P2 (linear); atoms random, m of them."""
    A = rng.normal(size=(m, p))
    if kind == "P1-in":
        A = 0.5 * r * A / np.max(np.linalg.norm(A, axis=1)) + rng.uniform(-0.2, 0.2, size=p) * r
        prob = MeanEstimation(A)
        while np.linalg.norm(prob.mean) >= 0.9 * r:
            A = A * 0.5
            prob = MeanEstimation(A)
    elif kind == "P1-out":
        shift = rng.normal(size=p)
        A = 0.5 * A + (2.0 * r) * shift / np.linalg.norm(shift)
        prob = MeanEstimation(A)
    elif kind == "P2":
        A = A + 2.0 * rng.normal(size=p)
        prob = LinearLoss(A)
    else:
        raise ValueError(f"kind must be P1-in, P1-out or P2, got {kind!r}")
    prob.Q = float(np.max(np.linalg.norm(prob.atoms - prob.mean, axis=1)))
    return prob


def _proj(V, r):
    nrm = np.linalg.norm(V, axis=-1, keepdims=True)
    return V * np.minimum(1.0, r / np.maximum(nrm, 1e-300))


def F_batch(prob, X):
    """F at the rows of X (..., p)."""
    if isinstance(prob, MeanEstimation):
        return 0.5 * np.sum((X - prob.mean) ** 2, axis=-1) + 0.5 * prob.population.trace_cov
    return X @ prob.mean


def gradF_batch(prob, X):
    if isinstance(prob, MeanEstimation):
        return X - prob.mean
    return np.broadcast_to(prob.mean, X.shape)


def run_streams(prob, N: int, T: int, B: int, beta: float, r: float, rng: np.random.Generator | None, *,
                kappa_z: float = 1.0, bmode: str = "zero", bnorm: float = 0.0, data=None, b=None,
                independent: bool = False):
    """Algorithm 1 (0-indexed, η_t = t+1, τ_t = 2/(t+2), x_0 = z_0 = 0) on N independent i.i.d. streams.

    b regimes: zero; gauss (fixed in advance: N(0, I) rescaled to norm bnorm); ±grad (adaptive: ±bnorm ∇_t/‖∇_t‖);
    tree (fixed in advance: b_t = −N_{t+1}, corrected-tree prefix noise with per-node σ = bnorm/√p).
    ``data`` (N, TB, p) given: the streams are these (no sampling; exact enumeration of a finite law); ``b`` (T, p)
    given: the same fixed noise for every stream (bmode ignored).  ``independent=True``: A-10 (§5.5), ∇_t = batch mean
    of ∇f(x_t, d) instead of the SRG (cross-checked by the callers against reference.srgd.algorithm
    .accelerated_sgd_independent).
    Returns a dict of arrays: data (N, n, p), x, y, z (N, T+1, p), g (N, T, p), b (N, T, p).
    """
    p = prob.atoms.shape[1]
    n = T * B
    if data is None:
        data = prob.atoms[rng.integers(0, len(prob.atoms), size=(N, n))]
    else:
        data = np.asarray(data, dtype=float)
        N = data.shape[0]
    eta = np.arange(1, T + 2, dtype=float)
    tau = eta / np.cumsum(eta)
    if b is not None:
        bfix = np.broadcast_to(np.asarray(b, dtype=float), (N, T, p))
        bmode = "fixed"
    elif bmode == "gauss":
        bfix = rng.standard_normal((N, T, p))
        bfix *= bnorm / np.linalg.norm(bfix, axis=-1, keepdims=True)
    elif bmode == "tree":
        Z = rng.standard_normal((N, T, p)) * (bnorm / math.sqrt(p))
        bfix = -np.stack([prefix_noise(Z[i]) for i in range(N)])
    elif bmode in ("zero", "+grad", "-grad"):
        bfix = np.zeros((N, T, p))
    else:
        raise ValueError(f"bmode must be one of {B_MODES}, got {bmode!r}")
    X = np.zeros((N, T + 1, p)); Y = np.zeros((N, T + 1, p)); Zs = np.zeros((N, T + 1, p))
    G = np.zeros((N, T, p)); Bn = np.zeros((N, T, p))
    S = np.zeros((N, p))
    for t in range(T):
        Dt = data[:, t * B:(t + 1) * B].reshape(N * B, p)
        xt = np.repeat(X[:, t], B, axis=0)
        Delta = eta[t] * prob.grad(xt, Dt).reshape(N, B, p).mean(axis=1)               # Alg. 1 line 4
        if t > 0 and not independent:
            Delta -= eta[t - 1] * prob.grad(np.repeat(X[:, t - 1], B, axis=0), Dt).reshape(N, B, p).mean(axis=1)
        S = S + Delta
        g = Delta / eta[t] if independent else S / eta[t]                               # line 5 (A-10: batch mean)
        G[:, t] = g
        if bmode in ("+grad", "-grad"):
            sgn = 1.0 if bmode == "+grad" else -1.0
            bt = sgn * bnorm * g / np.maximum(np.linalg.norm(g, axis=1, keepdims=True), 1e-300)
        else:
            bt = bfix[:, t]
        Bn[:, t] = bt
        Zs[:, t + 1] = _proj(Zs[:, t] - kappa_z * (eta[t] / beta) * g + bt, r)          # line 7
        Y[:, t + 1] = _proj(X[:, t] - g / beta + bt / eta[t], r)                        # line 8
        X[:, t + 1] = (1 - tau[t + 1]) * Y[:, t + 1] + tau[t + 1] * Zs[:, t + 1]        # line 9
    Y[:, 0] = X[:, 0]
    return dict(data=data, x=X, y=Y, z=Zs, g=G, b=Bn, eta=eta)


def crosscheck(prob, run, T, B, beta, r, kappa_z, k: int = 0) -> float:
    """Max |difference| between stream k of ``run`` and the reference implementation on the same data and b."""
    p = prob.atoms.shape[1]
    ref = accelerated_dp_srgd(prob.grad, run["data"][k], T=T, B=B, beta=beta, radius=r, p=p, b=run["b"][k],
                              kappa_z=kappa_z)
    return float(max(np.max(np.abs(ref.y - run["y"][k])), np.max(np.abs(ref.z - run["z"][k])),
                     np.max(np.abs(ref.x - run["x"][k]))))


def bounds(prob, run, T, B, beta, r, gamma, *, per_step_gamma: bool):
    """Per stream (N,) and step (T,): LHS and RHS arrays of the printed and corrected statements.

    per_step_gamma=True: s_t = √(3(t+1) ln(6/γ)) (Lemma 5.2); False: √(3(t+1) ln(6T/γ)) (Thm 5.1).
    ‖𝒞‖ is read as the diameter D = 2r (catalog A5; the radius reading is reported separately).
    """
    eta = run["eta"]
    e0 = np.cumsum(eta)                       # η_{0:t}
    e0m = np.concatenate([[0.0], e0[:T]])     # η_{0:t−1}, t = 0..T
    D = 2.0 * r
    Q = prob.Q
    t = np.arange(T)
    s = np.sqrt(3 * (t + 1) * math.log((6.0 if per_step_gamma else 6.0 * T) / gamma))
    eps = Q * s / (math.sqrt(B) * eta[:T])                          # Hayes radius of ‖q_t‖
    xs = prob.x_star(r)
    Fs = float(F_batch(prob, xs))
    FY = F_batch(prob, run["y"]) - Fs                                # (N, T+1)
    Phi = e0m[None, :] * FY + 2 * beta * np.sum((run["z"] - xs) ** 2, axis=-1)
    dPhi = np.diff(Phi, axis=1)                                      # (N, T)
    gF = gradF_batch(prob, run["x"][:, :T])
    nF = np.linalg.norm(gF, axis=-1)                                 # ‖∇F(x_t)‖
    q = run["g"] - gF
    nq = np.linalg.norm(q, axis=-1)
    nb = np.linalg.norm(run["b"], axis=-1)
    et, e0t = eta[:T], e0[:T]
    # printed bracket (Lemma 5.2 / Thm 5.1), multiplied by η_{0:t}
    printed = e0t * (2 * Q * s * (nF + Q * s / (math.sqrt(B) * et)) / (math.sqrt(B) * et * beta)
                     + 3 * Q * s * nb / (math.sqrt(B) * et ** 2) + Q * D * s / (math.sqrt(B) * e0t)
                     + 3 * beta * nb * D / e0t + beta * nb ** 2 / et ** 2)
    Gt = nF + eps
    corrected = (3 * e0t * eps * Gt / beta + 3 * e0t * eps * nb / et + et * eps * D + e0t * Gt * nb / et
                 + 5 * beta * nb * D + e0t * beta * nb ** 2 / et ** 2)
    return dict(dPhi=dPhi, Phi=Phi, printed=printed, corrected=corrected, event=(nq <= eps), nq=nq, eps=eps,
                excess=FY[:, T], e0=e0, e0m=e0m, D=D, nb=nb, nF=nF, Q=Q, xs=xs)


def thm51_rhs(bd, beta, T):
    """Printed Thm 5.1 RHS (N,): (1/η_{0:T}) Σ_t η_{0:t}[bracket_t] + β‖𝒞‖²/η_{0:T} (‖𝒞‖ = D = 2r);
    ``bd`` from bounds(per_step_gamma=False)."""
    return (bd["printed"].sum(axis=1) + beta * bd["D"] ** 2) / bd["e0"][T]


def thm51_corrected_rhs(bd, beta, T):
    """Corrected Thm 5.1 (κ_z = 1/4): F(y_T) − F* <= (Σ_t corrected_t + 2β‖x*‖²)/η_{0:T−1} on the Hayes events."""
    return (bd["corrected"].sum(axis=1) + 2 * beta * float(np.sum(bd["xs"] ** 2))) / bd["e0m"][T]
