"""Parallel ball-optimization oracles of doc 000 Section 3 (Alg. 1 EpochSGD, Alg. 2 AC-SA) and the query schedule of the
parallel SCO solvers (Thms 1-2; Prop 2 schedule is external [CH22] -> labelled STAND-IN).

All gradient queries of one ball subproblem are made at xbar + xi_i, independent of the iterates, hence in ONE parallel
round (ReSQue, 000 L388-393); the counting oracle measures this (``oracle.rounds`` increases by 1).

Spec: 000.alg1, 000.alg2, 000.ball_accel_bo, 000.parallel_sco, 000.ball_accel
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.randomness import Source

from reference.core.aggregation import aggregate
from reference.core.geometry import as_vector, proj_l2_ball
from reference.core.validation import positive
from reference.resque.resque import draw_resque_batch, resque_log_weight
from reference.core import validation as _V

__all__ = ["epoch_sgd", "epoch_sgd_T", "ac_sa", "ac_sa_sizes", "prop2_schedule", "parallel_sco_counts", "ball_accel_params",
           "ball_accel", "ball_accel_bo"]


def _proj(y: np.ndarray, c: np.ndarray, r: float) -> np.ndarray:
    """Proj_{B_c(r)}(y) without re-validation (inner loops; same formula as reference.core.geometry.proj_l2_ball)."""
    v = y - c
    n = math.sqrt(float(v @ v))
    return y if n <= r else c + v * (r / n)


def _count(what: str, x, **params) -> int:
    """ceil(x) for a query/iteration count computed in floats: a clear ValueError (naming the parameters) when the count
    leaves the float range instead of an OverflowError from ceil(inf)."""
    return math.ceil(_V.finite_result(what, x, **params))


def _safe(f, what: str, **params):
    """f() with float overflow / underflow-to-zero division turned into a clear ValueError naming ``params`` (values
    beyond the float range); the printed formula is evaluated as written (same rounding as before validation)."""
    try:
        return f()
    except (OverflowError, ZeroDivisionError):
        return _V.finite_result(what, math.inf, **params)


def epoch_sgd_T(L: float, lam: float, phi: float) -> int:
    """T = ceil(48 L^2/(lambda phi)) (Alg. 1 line 2, L391).  Preconditions (validated): L, lam, phi > 0 finite; a count
    beyond the float range is a ValueError naming them.  Spec: 000.alg1"""
    L = _V.positive("L", L)
    lam = _V.positive("lam", lam)
    phi = _V.positive("phi", phi)
    return _count("T = ceil(48 L^2/(lam phi))", _safe(lambda: 48.0 * L ** 2 / (lam * phi), "T", L=L, lam=lam, phi=phi),
                  L=L, lam=lam, phi=phi)


def epoch_sgd(oracle, xbar, r: float, rho: float, lam: float, phi: float, L: float, rng: np.random.Generator | None = None, *,
              draws=None, trace: list | None = None, record: dict | None = None) -> np.ndarray:
    """Parallel EpochSGD (Alg. 1, 000 L388-405): a (phi, lambda)-ball optimization oracle for f̂_rho on B_xbar(r).

    Preconditions: r, rho, lam, phi, L > 0 (ValueError names the parameter); ``oracle`` a counting stochastic-gradient
      oracle with ``.batch`` (Problem 1: E g in df, E||g||^2 <= L^2); either ``rng`` or ``draws``.
    Steps: line 2 eta_1 = 1/(4 lambda), T_1 = 16, T = ceil(48L^2/(lambda phi)); lines 3-4 draw 2T xi's and query g in one
      round; lines 6-14 epochs of projected SGD on f̂_rho + lambda/2||x - xbar||^2 with ReSQue gradients, T_{k+1} = 2T_k,
      eta_{k+1} = eta_k/2; return x_k^0.
    Postcondition (Prop 3, rho = r): E[F(x) + lambda/2||x-xbar||^2] <= min + phi; exactly 2T queries in 1 round; x in B_xbar(r).
    ``record`` (dict, test hook) receives ``proj_active`` = number of inner steps at which the projection moved the point.
    Randomness: through reference.core.randomness.Source: one stream "xi" of STANDARD normals, shape (2T, d), scaled
      here (xi = rho N(0, I)); ``rng`` draws it in one block, ``draws`` = the (2T, d) array (or {"xi": array}) replays the
      rng path bit-identically (``rng.standard_normal((2T, d))``).
    Spec: 000.alg1
    """
    _V.has_methods("oracle", oracle, ("batch",))
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    r, rho, lam, phi, L = (positive(n, v) for n, v in (("r", r), ("rho", rho), ("lam", lam), ("phi", phi), ("L", L)))
    xbar = as_vector("xbar", xbar)
    eta, Tk, T = 1.0 / (4.0 * lam), 16, epoch_sgd_T(L, lam, phi)          # line 2 (L391)
    xi = _V.finite_result("xi = rho N(0, I)", rho * Source(rng, draws, single="xi").normal("xi", (2 * T, xbar.shape[0])),
                          rho=rho)                                          # xi_i ~ N(0, rho^2 I)
    batch = draw_resque_batch(oracle, xbar, rho, 2 * T, None, xi=xi)       # lines 3-4 (L392-393): one parallel round
    x0, used = xbar.copy(), 0                                             # line 5: x_1^0 = xbar, k = 1
    while used + Tk <= T:                                                 # line 6: sum_{j<=k} T_j <= T
        x = proj_l2_ball((x0 + eta * lam * xbar) / (1 + eta * lam), xbar, r)   # line 7 (L396)
        xs = [x]
        for t in range(1, Tk):                                            # line 8: t in [T_k - 1]
            i = used + t - 1                                              # line 9 (0-based i = sum_{j<k} T_j + t)
            v = x - xbar
            h = math.exp((float(v @ batch.xi[i]) - 0.5 * float(v @ v)) / rho ** 2) * batch.G[i]   # line 10 (L399), ReSQue
            u = (x + eta * lam * xbar - eta * h) / (1 + eta * lam)
            x = _proj(u, xbar, r)                                         # line 11 (L400)
            if record is not None and x is not u:
                record["proj_active"] = record.get("proj_active", 0) + 1
            xs.append(x)
        x0 = np.mean(xs, axis=0)                                          # line 13: x_{k+1}^0 = mean_t x_k^t
        if trace is not None:
            trace.append(x0.copy())
        used, Tk, eta = used + Tk, 2 * Tk, eta / 2                        # line 13: T_{k+1} = 2T_k, eta_{k+1} = eta_k/2
    return x0                                                             # return x_k^0 (L404)


def ac_sa_sizes(L: float, r: float, rho: float, lam: float, phi: float) -> tuple[int, int, list[int], int]:
    """(K, T, [N_1..N_K], N) of Alg. 2 line 2-3 (L415-416): K = ceil(log2(lambda r^2/phi)), T = ceil(4 sqrt(L/(rho lambda)+1)),
    N_k = ceil(48 2^k L^2/(lambda^2 r^2 T)), N = T sum_k N_k (K < 1 gives no restart and N = 0)."""
    L = _V.positive("L", L)
    r = _V.positive("r", r)
    rho = _V.positive("rho", rho)
    lam = _V.positive("lam", lam)
    phi = _V.positive("phi", phi)
    ratio = _V.finite_result("lam r^2/phi", _safe(lambda: lam * r ** 2 / phi, "lam r^2/phi", lam=lam, r=r, phi=phi),
                             lam=lam, r=r, phi=phi)
    if not ratio > 0:
        raise ValueError(f"lam r^2/phi underflows to 0 at lam={lam!r}, r={r!r}, phi={phi!r}")
    K = max(0, math.ceil(math.log2(ratio)))                                    # line 2 (L415)
    T = _count("T", _safe(lambda: 4.0 * math.sqrt(L / (rho * lam) + 1.0), "T", L=L, rho=rho, lam=lam), L=L, rho=rho, lam=lam)
    Nk = [_count("N_k", _safe(lambda: 48.0 * 2 ** k * L ** 2 / (lam ** 2 * r ** 2 * T), "N_k", L=L, lam=lam, r=r),
                 L=L, lam=lam, r=r) for k in range(1, K + 1)]
    return K, T, Nk, T * sum(Nk)


def ac_sa(oracle, xbar, r: float, rho: float, lam: float, phi: float, L: float, rng: np.random.Generator | None = None, *,
          variant: str = "gl12", draws=None, trace: list | None = None) -> np.ndarray:
    """Parallel AC-SA (Alg. 2, 000 L412-432): a (phi, lambda)-ball optimization oracle for f̂_rho (Prop 4, rho = r).

    Preconditions: r, rho, lam, phi, L > 0; variant in {"gl12", "printed"}; either ``rng`` or ``draws``.
    Steps: line 2 sizes (ac_sa_sizes); lines 3-4 N = T sum N_k draws, one parallel round; lines 6-17: K restarts of T steps
      alpha_t = 2/(t+1), gamma_t = 4(L/rho+lambda)/(t(t+1)); x^md (line 9); mini-batch ReSQue gradient (lines 10-11);
      x_t = argmin_{B_xbar(r)} Psi_t (line 12, closed form = projection of the isotropic minimizer); x^ag (line 13); restart.
      variant="printed": the paper's literal line 9 weights alpha(1-alpha)(lambda+gamma), index N_{T,[k-1]} + n (same N_k
        samples at every t), regularizer gradient lambda(x^md - xbar) not multiplied by alpha_t (Audit A6 a-c);
      variant="gl12" (default): GL12 weights alpha((1-alpha)lambda+gamma), index N_{T,[k-1]} + (t-1)N_k + n, and
        alpha_t(Ghat + lambda(x^md - xbar)).
    Postcondition (Prop 4, gl12): (phi, lambda)-ball oracle; exactly N queries in 1 round; output in B_xbar(r).  The printed
      variant is NOT a ball oracle (000.prop4: mean gap 5.1 phi, E gap >= 2.1 phi certified at ff 1e-6, xbar = (20,..,20)).
    Randomness: through reference.core.randomness.Source: one stream "xi" of STANDARD normals, shape (N, d), scaled here
      (xi = rho N(0, I)); ``draws`` = that array (or {"xi": array}) replays the rng path bit-identically.
    Spec: 000.alg2
    """
    _V.has_methods("oracle", oracle, ("batch",))
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    if variant not in ("gl12", "printed"):
        raise ValueError(f"variant must be 'gl12' or 'printed', got {variant!r}")
    r, rho, lam, phi, L = (positive(n, v) for n, v in (("r", r), ("rho", rho), ("lam", lam), ("phi", phi), ("L", L)))
    xbar = as_vector("xbar", xbar)
    K, T, Nk, N = ac_sa_sizes(L, r, rho, lam, phi)                        # line 2 (L415)
    xi = _V.finite_result("xi = rho N(0, I)", rho * Source(rng, draws, single="xi").normal("xi", (N, xbar.shape[0])),
                          rho=rho)                                          # xi_i ~ N(0, rho^2 I)
    batch = draw_resque_batch(oracle, xbar, rho, N, None, xi=xi)          # lines 3-4 (L416-417): one round
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

    Preconditions: R, r, eps, L, C_ba > 0 (as ball_accel_params).  Postcondition: the counts below (Prop 2's upper bounds
    taken with equality).  Randomness: none.  Spec: 000.ball_accel_bo.
    Steps:
    Returns iterations = ceil(C_ba K log kappa), per-iteration ball calls m0 = ceil(C_ba log^2(R kappa/r)) (phi = lambda r^2/C_ba),
    and for j in [ceil(log2 K + C_ba)] the number of level-j calls ceil(C_ba^2 2^-j K log(R kappa/r)) with
    phi_j = lambda r^2/(C_ba 2^j log^2(R kappa/r)).  K = (R/r)^{2/3}, kappa = L R/eps, lambda_* = eps K^2 log^2(kappa)/R^2.
    """
    R = _V.positive("R", R)
    r = _V.positive("r", r)
    eps = _V.positive("eps", eps)
    L = _V.positive("L", L)
    C_ba = _V.in_range("C_ba", C_ba, 0.0, 64.0, lo_open=True)     # the level count ceil(log2 K + C_ba) must stay small
    if r > R:
        raise ValueError(f"r must be in (0, R] = (0, {R!r}], got {r!r}")
    kappa = _V.finite_result("kappa = L R/eps", L * R / eps, L=L, R=R, eps=eps)
    if not kappa >= 1:
        raise ValueError(f"eps must be in (0, L R] = (0, {L * R!r}] (kappa = L R/eps >= 1), got eps = {eps!r}")
    K = (R / r) ** (2.0 / 3.0)
    lam_star = _V.finite_result("lambda_*", _safe(lambda: eps * K ** 2 * math.log(kappa) ** 2 / R ** 2, "lambda_*", eps=eps,
                                                  R=R, r=r), eps=eps, R=R, r=r)
    lg = _V.finite_result("log(R kappa/r)", _safe(lambda: math.log(R * kappa / r), "log(R kappa/r)", R=R, r=r, eps=eps),
                          R=R, r=r, eps=eps)
    iters = _count("iterations", C_ba * K * math.log(kappa), C_ba=C_ba, R=R, r=r)
    m0 = _count("m0", C_ba * lg ** 2, C_ba=C_ba)
    levels = [(j, _count("level count", C_ba ** 2 * 2.0 ** -j * K * lg, C_ba=C_ba, R=R, r=r), 1.0 / (C_ba * 2 ** j * lg ** 2))
              for j in range(1, math.ceil(math.log2(K) + C_ba) + 1)]
    return dict(kappa=kappa, K=K, lam_star=lam_star, iterations=iters, m0=m0, phi0_factor=1.0 / C_ba, levels=levels, log=lg)


def parallel_sco_counts(d: int, kappa: float, oracle: str = "alg1", L: float = 1.0, R: float = 1.0, C_ba: float = 1.0) -> dict:
    """Query depth and total queries of the parallel SCO solver (Thm 1: oracle='alg1', Thm 2: 'alg2') from the STAND-IN
    Prop 2 schedule, r = rho = eps/(sqrt(d) L) (000 L449-451), every ball-oracle call at lambda = lambda_* (worst case for the
    query count) being ONE parallel round with the exact per-call count of Alg. 1 (2T) or Alg. 2 (T sum N_k).
    Preconditions: d >= 1 integer, kappa >= 1, L, R, C_ba > 0; oracle in {"alg1", "alg2"}.
    Steps: r = rho = eps/(sqrt(d) L); prop2_schedule; depth = number of ball-oracle calls; total = sum of their exact counts.
    Postcondition: depth and total of the stand-in schedule (Thms 1-2 claim O(d^{1/3} kappa^{2/3} polylog) and
      O(... + kappa^2 log^4)); NOT a run of the solver (000.parallel_sco is PARTIAL for that reason).
    Randomness: none.
    Spec: 000.parallel_sco
    """
    d = _V.integer("d", d, lo=1)
    kappa = _V.in_range("kappa", kappa, 1.0, math.inf, lo_open=True)
    L = _V.positive("L", L)
    R = _V.positive("R", R)
    C_ba = _V.in_range("C_ba", C_ba, 0.0, 64.0, lo_open=True)
    oracle = _V.choice("oracle", oracle, ("alg1", "alg2"))
    try:
        return _safe(lambda: _parallel_sco_counts(d, kappa, oracle, L, R, C_ba), "query counts", d=d, kappa=kappa, L=L,
                     C_ba=C_ba)
    except ValueError as e:                      # name this function's inputs, not only the inner schedule's
        raise ValueError(f"{e} (inputs: d={d!r}, kappa={kappa!r}, L={L!r}, R={R!r}, C_ba={C_ba!r})") from None


def _parallel_sco_counts(d, kappa, oracle, L, R, C_ba):
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


def ball_accel_params(L: float, R: float, r: float, eps: float, C_ba: float = 1.0) -> dict:
    """Prop 1 quantities (000 L299-311).

    Preconditions: L, R, r, eps, C_ba > 0 (validated).
    Steps: kappa = LR/eps, K = (R/r)^{2/3}, lambda_* = eps K^2 log^2(kappa)/R^2, the admissible range
      [lambda_*/C_ba, C_ba L/eps], the iteration budget ceil(C_ba K log kappa) and the per-iteration line-search budget
      ceil(C_ba log(R kappa/r)).
    Postcondition: the dict of these quantities (as defined at L303).
    Randomness: none.
    Spec: 000.ball_accel"""
    L, R, r, eps = (positive(n, v) for n, v in (("L", L), ("R", R), ("r", r), ("eps", eps)))
    C_ba = _V.in_range("C_ba", C_ba, 0.0, 64.0, lo_open=True)
    if r > R:
        raise ValueError(f"r must be in (0, R] = (0, {R}], got {r}")
    if eps > L * R:
        raise ValueError(f"eps must be in (0, L R] = (0, {L * R}], got {eps}")
    kappa = L * R / eps
    K = (R / r) ** (2.0 / 3.0)
    lk = math.log(max(kappa, math.e))                     # log kappa (floored at 1 so that kappa ~ 1 keeps a positive budget)
    lam_star = _V.finite_result("lambda_* = eps K^2 log^2(kappa)/R^2",
                                _safe(lambda: eps * K ** 2 * lk ** 2 / R ** 2, "lambda_*", L=L, R=R, r=r, eps=eps), L=L, R=R,
                                r=r, eps=eps)
    return dict(kappa=kappa, K=K, lam_star=lam_star, lam_lo=lam_star / C_ba, lam_hi=max(C_ba * L / eps, lam_star / C_ba),
                max_iter=_count("iterations", C_ba * K * lk, L=L, R=R, r=r, eps=eps),
                max_ls=max(1, _count("line-search budget", _safe(lambda: C_ba * math.log(R * kappa / r), "max_ls", R=R, r=r,
                                                                  eps=eps), R=R, r=r, eps=eps)))


def ball_accel(O_ls, O_bo, O_sp, L: float, R: float, r: float, eps: float, d: int, *, C_ba: float = 1.0,
               window: tuple[float, float] = (0.25, 0.5), stop_A: float | None = None, max_iter: int | None = None,
               trace: list | None = None, record: dict | None = None) -> np.ndarray:
    """STAND-IN for BallAccel (Prop 1, 000 L299-321; external: [ACJ+21] Alg. 4 with the [CH22] error tolerance).
    NOT specified in doc 000 -- a Monteiro-Svaiter-type ball-acceleration loop written from App. B (L1440-1467) and catalog A9.

    Oracles (all for the objective F on balls B_y(r), regularisation lambda/2||x - y||^2):
      O_ls(y, lam) -> x   line search oracle   (||x - x*_{y,lam}|| <= Delta),
      O_bo(y, lam) -> x   ball optimization oracle (x in B_y(r)),
      O_sp(y, lam) -> x   stochastic proximal oracle (estimate of x*_{y,lam}).
    Preconditions: L, R, r, eps, C_ba > 0, r <= R, eps <= L R, d >= 1; window = (w_lo, w_hi) with 0 < w_lo < w_hi <= 1.
    Steps (k = 0, 1, ...; x_0 = v_0 = 0, A_0 = 0):
      1. line search over lam in [lambda_*/C_ba, C_ba L/eps] by bisection in log lam (<= ceil(C_ba log(R kappa/r)) O_ls calls):
         a(lam) = (1 + sqrt(1 + 4 lam A_k))/(2 lam)  (solves lam a^2 = A_k + a, App. B), y(lam) = (A_k x_k + a v_k)/(A_k + a),
         xt = O_ls(y(lam), lam); accept when ||xt - y|| in [w_lo r, w_hi r], or at the floor lam_lo when ||xt - y|| < w_lo r
         (bracket end with ||xt - y|| <= w_hi r otherwise);
      2. a_{k+1} = a(lam), A_{k+1} = A_k + a_{k+1};
      3. x_{k+1} = O_bo(y_k, lam);
      4. xs = O_sp(y_k, lam); v_{k+1} = Proj_{B(R)}(v_k - a_{k+1} lam (y_k - xs))  (lam (y - x*) is the gradient of F at x*).
      Stop when A_k >= stop_A (default R^2/(2 eps): with exact oracles the MS potential A_k(F(x_k) - F*) + ||v_k - x*||^2/2 is
      non-increasing, so F(x_k) - F* <= R^2/(2 A_k) <= eps) or after max_iter (default ceil(C_ba K log kappa)) iterations.
    Postcondition (Prop 1, for the original algorithm): E F(x) <= F(x*) + eps for every x* in B(R) within C_ba K log kappa
      iterations; per iteration <= C_ba log(R kappa/r) line-search calls, one ball-oracle and one stochastic-proximal call, all
      with lam in [lambda_*/C_ba, C_ba L/eps].  ``record`` receives iterations, per-iteration line-search counts, the lambdas and
      the A_k's (so that a check can compare the counts with Prop 1).
    Randomness: none of its own (the oracles may be random).
    Spec: 000.ball_accel
    """
    O_ls, O_bo, O_sp = (_V.callable_(nm, f) for nm, f in (("O_ls", O_ls), ("O_bo", O_bo), ("O_sp", O_sp)))
    d = _V.integer("d", d, lo=1)                  # L, R, r, eps, C_ba: validated by ball_accel_params below
    w_lo, w_hi = float(window[0]), float(window[1])
    if not 0 < w_lo < w_hi <= 1:
        raise ValueError(f"window must satisfy 0 < w_lo < w_hi <= 1, got {window}")
    P = ball_accel_params(L, R, r, eps, C_ba)                            # Prop 1 quantities
    stop_A = R ** 2 / (2 * eps) if stop_A is None else float(stop_A)
    max_iter = P["max_iter"] if max_iter is None else int(max_iter)
    lam_lo, lam_hi, m_ls = P["lam_lo"], P["lam_hi"], P["max_ls"]
    zero = np.zeros(int(d))
    x, v, A = zero.copy(), zero.copy(), 0.0                              # x_0 = v_0 = 0, A_0 = 0
    rec = dict(iterations=0, ls_calls=[], lams=[], A=[], bo_calls=0, sp_calls=0, params=P, stopped="max_iter")

    def point(lam):
        a = (1.0 + math.sqrt(1.0 + 4.0 * lam * A)) / (2.0 * lam)        # lam a^2 = A + a   (App. B, L1446)
        return a, (A * x + a * v) / (A + a)                              # y = (A x + a v)/(A + a)

    for k in range(max_iter):
        if A >= stop_A:
            rec["stopped"] = "A_k >= stop_A"
            break
        # 1. line search over lam (bisection in log lam); dist(lam) = ||x*_{y(lam),lam} - y(lam)||
        calls = 0
        a, y = point(lam_lo)
        dist = float(np.linalg.norm(O_ls(y, lam_lo) - y)); calls += 1
        lam = lam_lo
        if dist > w_hi * r:                                               # floor too small: bracket [lo, hi]
            lo, hi = math.log(lam_lo), math.log(lam_hi)
            lam = lam_hi                                                  # fallback: the ceiling
            while calls < m_ls and hi - lo > 1e-12:
                mid = 0.5 * (lo + hi)
                a, y = point(math.exp(mid))
                dist = float(np.linalg.norm(O_ls(y, math.exp(mid)) - y)); calls += 1
                if dist > w_hi * r:                                       # step too long: increase lambda
                    lo = mid
                elif dist < w_lo * r:                                     # step too short: decrease lambda
                    hi = mid
                else:                                                     # accepted: ||x_ls - y|| in [w_lo r, w_hi r]
                    lam = math.exp(mid)
                    break
                lam = math.exp(hi)                                        # current upper bracket (step <= w_hi r)
        a, y = point(lam)
        # 2. a_{k+1}, A_{k+1}
        A_next = A + a
        # 3. x_{k+1} = O_bo(y_k; lam)
        x_new = np.asarray(O_bo(y, lam), dtype=float)
        rec["bo_calls"] += 1
        # 4. v_{k+1} = Proj_{B(R)}(v_k - a_{k+1} lam (y_k - xs)), xs = O_sp(y_k; lam)
        xs = np.asarray(O_sp(y, lam), dtype=float)
        rec["sp_calls"] += 1
        v = _proj(v - a * lam * (y - xs), zero, R)
        x, A = x_new, A_next
        rec["iterations"] += 1
        rec["ls_calls"].append(calls)
        rec["lams"].append(lam)
        rec["A"].append(A)
        if trace is not None:
            trace.append(x.copy())
    else:
        if A >= stop_A:
            rec["stopped"] = "A_k >= stop_A"
    if record is not None:
        record.update(rec)
    return x


def ball_accel_bo(ball_oracle, L: float, R: float, r: float, eps: float, d: int, rng: np.random.Generator | None = None, *,
                  C_ba: float = 4.0, record: dict | None = None, trace: list | None = None, draws=None) -> np.ndarray:
    """STAND-IN for Prop 2 (000 L327-333, App. C L1469-1479; external [CH22, Prop. 1]): BallAccel (``ball_accel``) with all three
    oracles realised through one (phi, lambda)-ball-optimization oracle ``ball_oracle(y, lam, phi) -> x in B_y(r)``.

    Preconditions: as ``ball_accel``; ``rng`` for the MLMC levels.  lg = log(R kappa/r), j_max = ceil(log2 K + C_ba).
    Steps:
      O_ls(y, lam) (App. C): m = ceil(lg) independent solves at phi_ls = lam r^2/(54 C_ba^2), then Aggregate(points, Delta) with
        Delta = 3 sqrt(6 phi_ls/lam) = r/C_ba (Markov: each solve is within Delta/3 of x* w.p. >= 2/3 since E||x - x*||^2 <=
        2 phi/lam by strong convexity; Lemma 11 then gives ||output - x*|| <= Delta = r/C_ba, Prop 1's line-search accuracy);
      O_bo(y, lam): one solve at phi = lam r^2/(C_ba log^3 kappa) (Prop 1's ball-oracle accuracy);
      O_sp(y, lam) (MLMC, [CH22, Alg. 2]; same template as Alg. 6): J ~ Geom(1/2); x_0 at phi_0 = lam r^2/(C_ba lg^2); if J <= j_max,
        x_J and x_{J-1} at phi_j = lam r^2/(C_ba 2^j lg^2) and output x_0 + 2^J (x_J - x_{J-1}), else x_0.
    Postcondition (Prop 2): E F(x) - F* <= eps; per iteration <= C_ba lg^2 ball calls at phi = lam r^2/C_ba (here: the stand-in's
      line search uses ceil(lg) solves per query at the SMALLER phi_ls, i.e. the constant of item 1 is 54 C_ba^2); for each level
      j <= j_max at most C_ba^2 2^-j K lg iterations call the level-j oracle.  ``record`` receives the BallAccel record plus
      ``ball_calls_per_iter`` and ``level_counts`` {j: #iterations with J = j}, and ``draws`` (the uniforms used).
    Randomness: one standard uniform u per O_sp call, J = floor(-log2(1 - u)) + 1 ~ Geom(1/2) (inversion); from ``rng``
      (one rng.random() per call, at call time) or from ``draws`` = 1-D array of uniforms in [0, 1) consumed in order (the
      number of O_sp calls is the number of BallAccel iterations, not known in advance: a ValueError names the exhausted
      stream; leftovers are reported in record["draws_unused"]).  ``draws=record["draws"]`` replays an rng run bit-identically
      when ``ball_oracle`` is deterministic (the oracle's own randomness is the caller's).
    Spec: 000.ball_accel_bo
    """
    ball_oracle = _V.callable_("ball_oracle", ball_oracle)
    d = _V.integer("d", d, lo=1)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    P = ball_accel_params(L, R, r, eps, C_ba)     # validates L, R, r, eps, C_ba
    lg = math.log(R * P["kappa"] / r)
    lk = math.log(max(P["kappa"], math.e))
    j_max = math.ceil(math.log2(P["K"]) + C_ba)
    m = max(1, math.ceil(lg))
    counts = {"calls": 0}
    levels: dict = {}
    if draws is None and rng is None:
        raise ValueError("rng must be given when draws is None")
    if draws is not None:
        draws = np.asarray(draws, dtype=float)
        if draws.ndim != 1 or not np.all(np.isfinite(draws)) or not np.all((draws >= 0) & (draws < 1)):
            raise ValueError("draws must be a 1-D array of standard uniforms in [0, 1)")
    used: list = []
    per_iter: list = []

    def solve(y, lam, phi):
        counts["calls"] += 1
        return np.asarray(ball_oracle(y, lam, phi), dtype=float)

    def O_ls(y, lam):                                                     # App. C: repeated solves + Aggregate
        phi = lam * r ** 2 / (54 * C_ba ** 2)
        pts = [solve(y, lam, phi) for _ in range(m)]
        return aggregate(pts, 3 * math.sqrt(6 * phi / lam))[0]

    def O_bo(y, lam):
        return solve(y, lam, lam * r ** 2 / (C_ba * lk ** 3))

    def O_sp(y, lam):                                                     # MLMC stochastic proximal estimator
        if draws is None:
            u = float(rng.random())
        elif len(used) < draws.shape[0]:
            u = float(draws[len(used)])
        else:
            raise ValueError(f"draws is exhausted: O_sp call {len(used) + 1} needs a uniform, {draws.shape[0]} given")
        used.append(u)
        J = int(math.floor(-math.log2(1.0 - u))) + 1                      # J ~ Geom(1/2) by inversion
        x0 = solve(y, lam, lam * r ** 2 / (C_ba * lg ** 2))
        out = x0
        if J <= j_max:
            levels[J] = levels.get(J, 0) + 1
            xJ = solve(y, lam, lam * r ** 2 / (C_ba * 2 ** J * lg ** 2))
            xJm = solve(y, lam, lam * r ** 2 / (C_ba * 2 ** (J - 1) * lg ** 2))
            out = x0 + 2 ** J * (xJ - xJm)
        per_iter.append(counts["calls"])
        return out

    rec: dict = {}
    x = ball_accel(O_ls, O_bo, O_sp, L, R, r, eps, d, C_ba=C_ba, record=rec, trace=trace)
    if record is not None:
        calls = np.diff([0] + per_iter).tolist()
        record.update(rec)
        record.update(ball_calls_per_iter=calls, level_counts=levels, j_max=j_max, m_ls=m, lg=lg, draws=np.array(used),
                      draws_unused=0 if draws is None else draws.shape[0] - len(used))
    return x
