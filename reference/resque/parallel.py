"""Parallel ball-optimization oracles of doc 000 Section 3 (Alg. 1 EpochSGD, Alg. 2 AC-SA) and the query schedule of the
parallel SCO solvers (Thms 1-2; Prop 2 schedule is external [CH22] -> labelled STAND-IN).

All gradient queries of one ball subproblem are made at xbar + xi_i, independent of the iterates, hence in ONE parallel
round (ReSQue, 000 L388-393); the counting oracle measures this (``oracle.rounds`` increases by 1).

Spec: 000.alg1, 000.alg2, 000.ball_accel_bo, 000.parallel_sco, 000.ball_accel
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.geometry import as_vector, proj_l2_ball
from reference.resque.resque import draw_resque_batch, resque_log_weight

__all__ = ["epoch_sgd", "epoch_sgd_T", "ac_sa", "ac_sa_sizes", "prop2_schedule", "parallel_sco_counts", "ball_accel"]


def _proj(y: np.ndarray, c: np.ndarray, r: float) -> np.ndarray:
    """Proj_{B_c(r)}(y) without re-validation (inner loops; same formula as reference.core.geometry.proj_l2_ball)."""
    v = y - c
    n = math.sqrt(float(v @ v))
    return y if n <= r else c + v * (r / n)


def _pos(name, v):
    v = float(v)
    if not (math.isfinite(v) and v > 0):
        raise ValueError(f"{name} must be a finite number > 0, got {v}")
    return v


def epoch_sgd_T(L: float, lam: float, phi: float) -> int:
    """T = ceil(48 L^2/(lambda phi)) (Alg. 1 line 2, L391)."""
    return math.ceil(48.0 * L ** 2 / (lam * phi))


def epoch_sgd(oracle, xbar, r: float, rho: float, lam: float, phi: float, L: float, rng: np.random.Generator, *,
              xi=None, trace: list | None = None) -> np.ndarray:
    """Parallel EpochSGD (Alg. 1, 000 L388-405): a (phi, lambda)-ball optimization oracle for f̂_rho on B_xbar(r).

    Preconditions: r, rho, lam, phi, L > 0 (ValueError names the parameter); ``oracle`` a counting stochastic-gradient
      oracle with ``.batch`` (Problem 1: E g in df, E||g||^2 <= L^2); ``xi`` optional pre-drawn (2T, d) N(0, rho^2 I) draws.
    Steps: line 2 eta_1 = 1/(4 lambda), T_1 = 16, T = ceil(48L^2/(lambda phi)); lines 3-4 draw 2T xi's and query g in one
      round; lines 6-14 epochs of projected SGD on f̂_rho + lambda/2||x - xbar||^2 with ReSQue gradients, T_{k+1} = 2T_k,
      eta_{k+1} = eta_k/2; return x_k^0.
    Postcondition (Prop 3, rho = r): E[F(x) + lambda/2||x-xbar||^2] <= min + phi; exactly 2T queries in 1 round; x in B_xbar(r).
    Spec: 000.alg1
    """
    r, rho, lam, phi, L = (_pos(n, v) for n, v in (("r", r), ("rho", rho), ("lam", lam), ("phi", phi), ("L", L)))
    xbar = as_vector("xbar", xbar)
    eta, Tk, T = 1.0 / (4.0 * lam), 16, epoch_sgd_T(L, lam, phi)          # line 2 (L391)
    batch = draw_resque_batch(oracle, xbar, rho, 2 * T, rng, xi=xi)        # lines 3-4 (L392-393): one parallel round
    x0, used = xbar.copy(), 0                                             # line 5: x_1^0 = xbar, k = 1
    while used + Tk <= T:                                                 # line 6: sum_{j<=k} T_j <= T
        x = proj_l2_ball((x0 + eta * lam * xbar) / (1 + eta * lam), xbar, r)   # line 7 (L396)
        xs = [x]
        for t in range(1, Tk):                                            # line 8: t in [T_k - 1]
            i = used + t - 1                                              # line 9 (0-based i = sum_{j<k} T_j + t)
            v = x - xbar
            h = math.exp((float(v @ batch.xi[i]) - 0.5 * float(v @ v)) / rho ** 2) * batch.G[i]   # line 10 (L399), ReSQue
            x = _proj((x + eta * lam * xbar - eta * h) / (1 + eta * lam), xbar, r)  # line 11 (L400)
            xs.append(x)
        x0 = np.mean(xs, axis=0)                                          # line 13: x_{k+1}^0 = mean_t x_k^t
        if trace is not None:
            trace.append(x0.copy())
        used, Tk, eta = used + Tk, 2 * Tk, eta / 2                        # line 13: T_{k+1} = 2T_k, eta_{k+1} = eta_k/2
    return x0                                                             # return x_k^0 (L404)


def ac_sa_sizes(L: float, r: float, rho: float, lam: float, phi: float) -> tuple[int, int, list[int], int]:
    """(K, T, [N_1..N_K], N) of Alg. 2 line 2-3 (L415-416): K = ceil(log2(lambda r^2/phi)), T = ceil(4 sqrt(L/(rho lambda)+1)),
    N_k = ceil(48 2^k L^2/(lambda^2 r^2 T)), N = T sum_k N_k (K < 1 gives no restart and N = 0)."""
    K = max(0, math.ceil(math.log2(lam * r ** 2 / phi)))
    T = math.ceil(4.0 * math.sqrt(L / (rho * lam) + 1.0))
    Nk = [math.ceil(48.0 * 2 ** k * L ** 2 / (lam ** 2 * r ** 2 * T)) for k in range(1, K + 1)]
    return K, T, Nk, T * sum(Nk)


def ac_sa(oracle, xbar, r: float, rho: float, lam: float, phi: float, L: float, rng: np.random.Generator, *,
          variant: str = "gl12", xi=None, trace: list | None = None) -> np.ndarray:
    """Parallel AC-SA (Alg. 2, 000 L412-432): a (phi, lambda)-ball optimization oracle for f̂_rho (Prop 4, rho = r).

    Preconditions: r, rho, lam, phi, L > 0; variant in {"gl12", "printed"}; ``xi`` optional pre-drawn (N, d) draws.
    Steps: line 2 sizes (ac_sa_sizes); lines 3-4 N = T sum N_k draws, one parallel round; lines 6-17: K restarts of T steps
      alpha_t = 2/(t+1), gamma_t = 4(L/rho+lambda)/(t(t+1)); x^md (line 9); mini-batch ReSQue gradient (lines 10-11);
      x_t = argmin_{B_xbar(r)} Psi_t (line 12, closed form = projection of the isotropic minimizer); x^ag (line 13); restart.
      variant="printed": the paper's literal line 9 weights alpha(1-alpha)(lambda+gamma), index N_{T,[k-1]} + n (same N_k
        samples at every t), regularizer gradient lambda(x^md - xbar) not multiplied by alpha_t (Audit A6 a-c);
      variant="gl12" (default): GL12 weights alpha((1-alpha)lambda+gamma), index N_{T,[k-1]} + (t-1)N_k + n, and
        alpha_t(Ghat + lambda(x^md - xbar)).
    Postcondition (Prop 4, gl12): (phi, lambda)-ball oracle; exactly N queries in 1 round; output in B_xbar(r).
    Spec: 000.alg2
    """
    if variant not in ("gl12", "printed"):
        raise ValueError(f"variant must be 'gl12' or 'printed', got {variant!r}")
    r, rho, lam, phi, L = (_pos(n, v) for n, v in (("r", r), ("rho", rho), ("lam", lam), ("phi", phi), ("L", L)))
    xbar = as_vector("xbar", xbar)
    K, T, Nk, N = ac_sa_sizes(L, r, rho, lam, phi)                        # line 2 (L415)
    batch = draw_resque_batch(oracle, xbar, rho, N, rng, xi=xi)           # lines 3-4 (L416-417): one round
    x_ag, x = xbar.copy(), xbar.copy()                                    # line 5
    for k in range(1, K + 1):                                             # line 6
        base = T * sum(Nk[: k - 1])                                       # line 10: N_{T,[k-1]}
        for t in range(1, T + 1):                                         # line 7
            a = 2.0 / (t + 1)                                             # line 8
            g = 4.0 * (L / rho + lam) / (t * (t + 1))
            den = g + (1 - a ** 2) * lam
            if variant == "printed":                                      # line 9 as printed (L422)
                x_md = ((1 - a) * (lam + g) * x_ag + a * (1 - a) * (lam + g) * x) / den
                idx = base + np.arange(Nk[k - 1])                         # line 11 as printed: independent of t
            else:                                                         # GL12 form (Audit A6a, A6b)
                x_md = ((1 - a) * (lam + g) * x_ag + a * ((1 - a) * lam + g) * x) / den
                idx = base + (t - 1) * Nk[k - 1] + np.arange(Nk[k - 1])
            lw = resque_log_weight(x_md, xbar, batch.xi[idx], rho)
            Ghat = (np.exp(lw)[:, None] * batch.G[idx]).mean(axis=0)      # line 11: mini-batch ReSQue gradient
            if variant == "printed":
                hlin = a * Ghat + lam * (x_md - xbar)                     # line 12 Psi_t as printed (L425)
            else:
                hlin = a * (Ghat + lam * (x_md - xbar))                   # GL12 (Audit A6c)
            x = _proj(((g + lam * (1 - a)) * x + lam * a * x_md - hlin) / (g + lam), xbar, r)   # line 12
            x_ag = a * x + (1 - a) * x_ag                                 # line 13
            if trace is not None:
                trace.append(x_ag.copy())
        x = x_ag.copy()                                                   # line 15: restart x_0^ag = x_0 = x_T^ag
    return x_ag                                                           # return x_T^ag


# ------------------------------------------------------------------------------------------------------------------
# Query schedule of the parallel SCO solvers (Thm 1 / Thm 2): Prop 2 is external ([CH22]) -> STAND-IN schedule
# ------------------------------------------------------------------------------------------------------------------
def prop2_schedule(R: float, r: float, eps: float, L: float, C_ba: float = 1.0) -> dict:
    """STAND-IN call schedule of Prop 2 (000 L327-333; external [CH22, Prop. 1]) with the constants set to C_ba.

    Returns iterations = ceil(C_ba K log kappa), per-iteration ball calls m0 = ceil(C_ba log^2(R kappa/r)) (phi = lambda r^2/C_ba),
    and for j in [ceil(log2 K + C_ba)] the number of level-j calls ceil(C_ba^2 2^-j K log(R kappa/r)) with
    phi_j = lambda r^2/(C_ba 2^j log^2(R kappa/r)).  K = (R/r)^{2/3}, kappa = L R/eps, lambda_* = eps K^2 log^2(kappa)/R^2.
    """
    kappa = L * R / eps
    K = (R / r) ** (2.0 / 3.0)
    lam_star = eps * K ** 2 * math.log(kappa) ** 2 / R ** 2
    lg = math.log(R * kappa / r)
    iters = math.ceil(C_ba * K * math.log(kappa))
    m0 = math.ceil(C_ba * lg ** 2)
    levels = [(j, math.ceil(C_ba ** 2 * 2.0 ** -j * K * lg), 1.0 / (C_ba * 2 ** j * lg ** 2))
              for j in range(1, math.ceil(math.log2(K) + C_ba) + 1)]
    return dict(kappa=kappa, K=K, lam_star=lam_star, iterations=iters, m0=m0, phi0_factor=1.0 / C_ba, levels=levels, log=lg)


def parallel_sco_counts(d: int, kappa: float, oracle: str = "alg1", L: float = 1.0, R: float = 1.0, C_ba: float = 1.0) -> dict:
    """Query depth and total queries of the parallel SCO solver (Thm 1: oracle='alg1', Thm 2: 'alg2') from the STAND-IN
    Prop 2 schedule, r = rho = eps/(sqrt(d) L) (000 L449-451), every ball-oracle call at lambda = lambda_* (worst case for the
    query count) being ONE parallel round with the exact per-call count of Alg. 1 (2T) or Alg. 2 (T sum N_k).
    Spec: 000.parallel_sco
    """
    if oracle not in ("alg1", "alg2"):
        raise ValueError(f"oracle must be 'alg1' or 'alg2', got {oracle!r}")
    if int(d) != d or d < 1:
        raise ValueError(f"d must be a positive integer, got {d}")
    if not kappa > 1:
        raise ValueError(f"kappa must be > 1, got {kappa}")
    eps = L * R / kappa
    r = rho = eps / (math.sqrt(d) * L)
    s = prop2_schedule(R, r, eps, L, C_ba)
    lam = s["lam_star"]

    def per_call(phi):
        if oracle == "alg1":
            return 2 * epoch_sgd_T(L, lam, phi), 1                        # (queries, computational depth ~ T)
        K2, T2, _, N2 = ac_sa_sizes(L, r, rho, lam, phi)
        return N2, K2 * T2

    calls = [(s["iterations"] * s["m0"], lam * r ** 2 * s["phi0_factor"])]
    calls += [(cnt, lam * r ** 2 * fac) for (_, cnt, fac) in s["levels"]]
    depth = sum(c for c, _ in calls)
    total = sum(c * per_call(phi)[0] for c, phi in calls)
    comp_depth = sum(c * (epoch_sgd_T(L, lam, phi) if oracle == "alg1" else per_call(phi)[1]) for c, phi in calls)
    return dict(depth=depth, total_queries=total, computational_depth=comp_depth, K=s["K"], kappa=kappa, d=d,
                log=s["log"], iterations=s["iterations"])


def ball_accel(*args, **kwargs):  # pragma: no cover - documented stand-in placeholder
    """STAND-IN for BallAccel (Prop 1, [ACJ+21] Alg. 4): not implemented in this version (external to doc 000).

    Raises NotImplementedError; see the spec entry 000.ball_accel (SKIPPED with the reason).
    """
    raise NotImplementedError("BallAccel is external to doc 000 ([ACJ+21] Alg. 4); the stand-in is not implemented yet")
