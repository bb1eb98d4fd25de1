"""Private ERM solvers of doc 000 Section 4 (Alg. 3-7), Aggregate (Lemma 11 stand-in) and the Lemma 6 coupling.

Data access is through a counting :class:`reference.core.oracles.SampleAccessOracle` (per-sample subgradients ∂f^i);
indices are sampled uniformly WITH replacement (000 L171, L480).  All queries of a phase are at xbar + xi (independent of
the iterates), so one phase is one parallel round.

Oracle mode: every random draw can be passed in ``draws`` (dict) -- identical draws give bit-identical outputs, and the
coupled-run privacy tests feed the SAME draws to neighbouring data sets (Lemma 5 coupling).

Spec: 000.alg3 ... 000.alg7, 000.aggregate, 000.coupling_sampler
    """
from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations, product
from math import comb

import numpy as np

from reference.core.aggregation import aggregate  # noqa: F401  (re-exported: Alg 7's Aggregate, 000.aggregate)
from reference.core.geometry import as_vector
from reference.core.oracles import SampleAccessOracle
from reference.core.problems import AbsSum
from reference.core.randomness import Source
from reference.core.validation import positive
from reference.core import validation as _V

__all__ = ["ErmProblem", "alg3_draws", "alg5_draws", "subsampled_resqued_erm", "regularized_resqued_erm", "alg5_schedule",
           "strongly_convex_resqued_erm", "bias_reduced_estimator", "high_probability_solver", "aggregate",
           "lemma6_coupling", "lemma6_coupling_law", "private_erm_parameters", "private_erm"]


def _proj(y, c, r):
    v = y - c
    nv = math.sqrt(float(v @ v))
    return y if nv <= r else c + v * (r / nv)


# ----------------------------------------------------------------------------------------------------------------------
# test ERM problems (catalog A0', A17): f^i(x) = c_i |<a_i, x> - b_i|  or linear f^i(x) = c_i <a_i, x>
# ----------------------------------------------------------------------------------------------------------------------
class ErmProblem:
    """ERM over rows (a_i, b_i, c_i, linear_i): f^i = c_i|<a_i,x> - b_i| (linear_i = 0) or c_i<a_i,x> (linear_i = 1).

    ``L`` = max_i |c_i| ||a_i|| (every f^i is L-Lipschitz, Problem 2).  ``smooth_value/grad`` = exact f̂^erm_rho (catalog A0').
    Preconditions: A (n, d), b, c (n,) finite.  Steps: per-sample subgradients; ``oracle()`` a counting sample-access oracle.
    Postcondition: Problem 2's sample access (with-replacement index, L-Lipschitz f^i).  Randomness: none (the solvers draw
    the indices).  Spec: 000.problem_oracles
    """

    def __init__(self, A, b, c, linear=None):
        self.A = _V.matrix("A", A)
        self.n, self.d = self.A.shape
        if self.n < 1 or self.d < 1:
            raise ValueError(f"A must have at least one row and one column, got shape {self.A.shape}")
        self.b = _V.vector("b", b, self.n)
        self.c = _V.vector("c", c, self.n)
        if linear is None:
            self.linear = np.zeros(self.n, bool)
        else:
            lin = np.asarray(linear)
            if lin.shape != (self.n,) or lin.dtype != bool:
                raise ValueError(f"linear must be None or a boolean array of shape ({self.n},), got {lin.dtype} {lin.shape}")
            self.linear = lin
        self.L = float(np.max(np.abs(self.c) * np.linalg.norm(self.A, axis=1)))
        ab = ~self.linear
        self._abs = AbsSum(self.A[ab], self.b[ab], self.c[ab] / self.n) if ab.any() else None
        self._lin = (self.c[self.linear] / self.n) @ self.A[self.linear] if self.linear.any() else np.zeros(self.d)
        self.data = np.column_stack([self.A, self.b, self.c, self.linear.astype(float)])

    def per_sample_grad(self, x, s):
        d = self.d
        a, b, c, lin = s[:d], s[d], s[d + 1], s[d + 2]
        return c * a if lin else c * np.sign(a @ x - b) * a

    def oracle(self, rng=None) -> SampleAccessOracle:
        return SampleAccessOracle(self.per_sample_grad, self.data, rng=rng, dim=self.d)

    def smooth_value(self, x, rho):
        return (float(self._abs.smoothed_value(x, rho)) if self._abs is not None else 0.0) + float(self._lin @ x)

    def smooth_grad(self, x, rho):
        return (self._abs.smoothed_grad(x, rho) if self._abs is not None else 0.0) + self._lin

    def prox_min(self, xbar, r, rho, lam=0.0, center=None, iters=4000):
        """argmin_{B_xbar(r)} f̂^erm_rho(x) + lam/2||x - center||^2 by projected accelerated gradient (ground truth)."""
        center = xbar if center is None else center
        Ls = self.L / rho + lam
        x = y = np.array(xbar, float)
        tk = 1.0
        for _ in range(iters):
            xn = _proj(y - (self.smooth_grad(y, rho) + lam * (y - center)) / Ls, xbar, r)
            tn = (1 + math.sqrt(1 + 4 * tk * tk)) / 2
            y = xn + (tk - 1) / tn * (xn - x)
            x, tk = xn, tn
        return x


# ----------------------------------------------------------------------------------------------------------------------
# Alg. 3 and Alg. 4
# ----------------------------------------------------------------------------------------------------------------------
def _phases(T: int) -> tuple[int, int, list[int]]:
    That = 2 ** int(math.floor(math.log2(T)))
    k = int(round(math.log2(That)))
    return That, k, [That >> i for i in range(1, k + 1)]


def alg3_draws(n: int, d: int, T: int, rho: float, rng: np.random.Generator) -> dict:
    """All random draws of one Alg. 3/4 run, as STANDARD draws in the order the rng path consumes them
    (reference.core.randomness.Source): "z" (That-1,) uniforms in [0, 1) (index floor(u n)), "xi" (That-1, d) standard
    normals (xi = rho N(0, I) is scaled by the solver), "zeta" (k, d) standard normals.  ``rho`` is validated (> 0) and
    does not enter the standard draws.  Preconditions: n, d, T >= 1 integers, rho > 0, rng a Generator.
    Randomness: exactly what subsampled_resqued_erm / regularized_resqued_erm draw from ``rng``.  Spec: 000.alg3"""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    T = _V.integer("T", T, lo=1)
    rho = _V.positive("rho", rho)
    rng = _V.generator("rng", rng)
    That, k, _ = _phases(T)
    return dict(z=rng.random(That - 1), xi=rng.standard_normal((That - 1, d)), zeta=rng.standard_normal((k, d)))


def _alg3_source(rng, draws, n: int, d: int, That: int, k: int, rho: float):
    """The draws of one Alg. 3/4 run through Source (rng path and pre-drawn path identical): indices z = floor(u n),
    xi = rho * N(0, I), zeta standard normal."""
    src = Source(rng, draws)
    u = src.uniform("z", (That - 1,))
    xi = src.normal("xi", (That - 1, d))
    zeta = src.normal("zeta", (k, d))
    if draws is not None:
        if not np.all((u >= 0) & (u < 1)):
            raise ValueError("draws['z'] must be standard uniforms in [0, 1)")
        unused = src.unused()
        if unused:
            raise ValueError(f"draws: unknown streams {unused}; expected 'z', 'xi', 'zeta'")
    z = np.minimum(np.floor(u * n).astype(np.int64), n - 1)
    return z, _V.finite_result("xi = rho N(0, I)", rho * xi, rho=rho), zeta


def _erm_oracle(oracle):
    """Sample access to f^1..f^n (a SampleAccessOracle or anything with grad_batch and n)."""
    _V.has_methods("oracle", oracle, ("grad_batch",))
    _V.integer("oracle.n", getattr(oracle, "n", None), lo=1)
    return oracle


def _check_common(n_oracle, xbar, r, rho, beta, T, L):
    xbar = as_vector("xbar", xbar)
    positive("r", r), positive("rho", rho), positive("beta", beta), positive("L", L)
    if int(T) != T or T < 1:
        raise ValueError(f"T must be a positive integer, got {T}")
    return xbar


def subsampled_resqued_erm(oracle: SampleAccessOracle, xbar, r: float, rho: float, beta: float, T: int, L: float,
                           rng: np.random.Generator | None = None, *, draws: dict | None = None,
                           project_output: bool = False, trace: list | None = None, record: dict | None = None,
                           phase_starts: list | None = None) -> np.ndarray:
    """Subsampled ReSQued ERM solver, convex case (Alg. 3, 000 L562-592).

    Preconditions: r, rho, beta, L > 0; T >= 1 integer (T = 1 gives k = 0 phases and returns xbar); oracle = sample access
      to f^1..f^n (each L-Lipschitz); either rng or draws (alg3_draws) given.
    Steps: That = 2^floor(log2 T), k = log2 That, eta = (r/L) min(1/sqrt T, beta/sqrt d), x_0 = xbar; for phase i = 1..k:
      T_i = 2^-i That, eta_i = 4^-i eta, sigma_i = L eta_i/beta; y_0 = x_{i-1}; for j: z ~ unif[n], xi ~ N(0, rho^2 I),
      y_j = Proj_{B_xbar(r)}(y_{j-1} - eta_i w_xbar(y_{j-1}; xi) ∂f^z(xbar + xi)); x_i = mean(y_1..y_Ti) + N(0, sigma_i^2 I).
    Postcondition (Lemma 4): E F(x_k) - min_{B_xbar(r)} F <= C_cvx L r (sqrt(d)/(beta T) + 1/sqrt T), F = f̂^erm_rho;
      That - 1 <= T - 1 gradients.  project_output=True returns Proj_{B_xbar(r)}(x_k) (Audit A8 fix; post-processing).
    ``record`` (dict) receives per-phase start x_{i-1}, ybar_i, y_Ti (coupled-run drift tests) and ``proj_active`` (number of
    steps at which the projection moved the point); ``phase_starts`` (test hook
    for the Lemma 5 coupling, which conditions on a common phase start y_0 = y_0') overrides x_{i-1} as phase i's start.
    Randomness: ``rng`` or ``draws`` = :func:`alg3_draws`: STANDARD draws through reference.core.randomness.Source
      {"z": (That-1,) uniforms in [0, 1) -> index floor(u n), "xi": (That-1, d) standard normals -> xi = rho N(0, I),
      "zeta": (k, d) standard normals} (names and shapes validated); the rng path draws them in this order, so
      ``alg3_draws(..., rng)`` replays it bit-identically.
    Spec: 000.alg3
    """
    oracle = _erm_oracle(oracle)
    r = _V.positive("r", r)
    rho = _V.positive("rho", rho)
    beta = _V.positive("beta", beta)
    T = _V.integer("T", T, lo=1)
    L = _V.positive("L", L)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    xbar = _check_common(oracle.n, xbar, r, rho, beta, T, L)
    d = xbar.shape[0]
    That, k, Ts = _phases(int(T))
    if draws is None and rng is None:
        raise ValueError("rng must be given when draws is None")
    Z, XI, ZETA = _alg3_source(rng, draws, oracle.n, d, That, k, rho)     # z ~ unif[n], xi ~ N(0, rho^2 I), zeta ~ N(0, I)
    eta = (r / L) * min(1 / math.sqrt(T), beta / math.sqrt(d))           # line 2
    x = xbar.copy()                                                        # x_0 = xbar
    off = 0
    for i in range(1, k + 1):                                              # phases i in [k]
        Ti, eta_i = Ts[i - 1], eta / 4 ** i                                 # T_i = 2^-i That, eta_i = 4^-i eta
        sigma_i = L * eta_i / beta                                         # sigma_i = L eta_i / beta
        z, xi = Z[off:off + Ti], XI[off:off + Ti]                          # z_{i,j} ~ unif[n], xi_{i,j} ~ N(0, rho^2 I)
        off += Ti
        G = oracle.grad_batch(xbar + xi, z)                                # ∂f^{z}(xbar + xi): one round (iterate-free)
        if phase_starts is not None:
            x = np.asarray(phase_starts[i - 1], dtype=float)
        if record is not None:
            record.setdefault("start", []).append(x.copy())
        y, ysum = x.copy(), np.zeros(d)                                    # y_0 = x_{i-1}
        for j in range(Ti):
            v = y - xbar
            h = math.exp((float(v @ xi[j]) - 0.5 * float(v @ v)) / (rho * rho)) * G[j]   # ReSQue estimate at y_{j-1}
            u = y - eta_i * h
            y = _proj(u, xbar, r)                                          # y_j = Proj(y_{j-1} - eta_i h)
            if record is not None and y is not u:
                record["proj_active"] = record.get("proj_active", 0) + 1
            ysum += y
        ybar = ysum / Ti                                                   # ybar_i = mean(y_1..y_Ti)
        x = ybar + sigma_i * ZETA[i - 1]                                   # x_i = ybar_i + N(0, sigma_i^2 I)
        if record is not None:
            record.setdefault("ybar", []).append(ybar.copy())
            record.setdefault("ylast", []).append(y.copy())
        if trace is not None:
            trace.append(x.copy())
    return _proj(x, xbar, r) if project_output else x


def regularized_resqued_erm(oracle: SampleAccessOracle, xbar, r: float, rho: float, beta: float, lam: float, T: int,
                            r_prime: float, x0, L: float, rng: np.random.Generator | None = None, *,
                            draws: dict | None = None, project_output: bool = True, trace: list | None = None,
                            record: dict | None = None) -> np.ndarray:
    """Regularized ReSQued ERM solver (Alg. 4, 000 L832-848).

    Preconditions: as Alg. 3, plus lam >= 0, r_prime in (0, 2r], x0 in B_xbar(r) (E||x0 - x*_{xbar,lam}||^2 <= r'^2).
    Steps: as Alg. 3 with eta = (r'/L) min(1/sqrt T, beta/sqrt d), y_0 of phase 1 = x0 and the composite step (line 8)
      y_j = Proj_{B_xbar(r)}((y_{j-1} + eta_i lam xbar - eta_i h)/(1 + eta_i lam)).
    Postcondition (Cor 2): E F^lam(x) - F^lam(x*_{xbar,lam}) <= C_cvx L r'(sqrt(d)/(beta T) + 1/sqrt T).  Output projected onto
      B_xbar(r) by default (Audit A8: Alg. 5 feeds it back as the next x_0 in B_xbar(r)) -- a REPAIR of the printed Alg. 4,
      whose output is not projected (Cor 2's membership claim is an erratum); pass project_output=False for the printed form.
    Randomness: as Alg. 3 (``rng`` or ``draws`` = alg3_draws with T).
    Spec: 000.alg4
    """
    oracle = _erm_oracle(oracle)
    r = _V.positive("r", r)
    rho = _V.positive("rho", rho)
    beta = _V.positive("beta", beta)
    lam = _V.nonnegative("lam", lam)
    T = _V.integer("T", T, lo=1)
    r_prime = _V.positive("r_prime", r_prime)
    L = _V.positive("L", L)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    xbar = _check_common(oracle.n, xbar, r, rho, beta, T, L)
    if not 0 < r_prime <= 2 * r * (1 + 1e-12):
        raise ValueError(f"r_prime must be in (0, 2r] = (0, {2 * r}], got {r_prime}")
    x0 = as_vector("x0", x0, xbar.shape[0])
    if np.linalg.norm(x0 - xbar) > r * (1 + 1e-9):
        raise ValueError(f"x0 must lie in B_xbar(r) (r = {r}), got ||x0 - xbar|| = {np.linalg.norm(x0 - xbar)}")
    d = xbar.shape[0]
    That, k, Ts = _phases(int(T))
    if draws is None and rng is None:
        raise ValueError("rng must be given when draws is None")
    Z, XI, ZETA = _alg3_source(rng, draws, oracle.n, d, That, k, rho)     # as Alg. 3
    eta = (r_prime / L) * min(1 / math.sqrt(T), beta / math.sqrt(d))      # line 2 (with r')
    x = x0.copy()                                                          # starts from the input x_0
    off = 0
    for i in range(1, k + 1):
        Ti, eta_i = Ts[i - 1], eta / 4 ** i
        sigma_i = L * eta_i / beta
        z, xi = Z[off:off + Ti], XI[off:off + Ti]
        off += Ti
        G = oracle.grad_batch(xbar + xi, z)
        y, ysum = x.copy(), np.zeros(d)
        for j in range(Ti):
            v = y - xbar
            h = math.exp((float(v @ xi[j]) - 0.5 * float(v @ v)) / (rho * rho)) * G[j]
            y = _proj((y + eta_i * lam * xbar - eta_i * h) / (1 + eta_i * lam), xbar, r)   # line 8 (composite step)
            ysum += y
        ybar = ysum / Ti
        x = ybar + sigma_i * ZETA[i - 1]
        if record is not None:
            record.setdefault("ybar", []).append(ybar.copy())
            record.setdefault("ylast", []).append(y.copy())
        if trace is not None:
            trace.append(x.copy())
    return _proj(x, xbar, r) if project_output else x


# ----------------------------------------------------------------------------------------------------------------------
# Alg. 5
# ----------------------------------------------------------------------------------------------------------------------
def alg5_schedule(T: int, beta: float, lam: float, L: float, d: int, C_cvx: float = 16.0) -> dict:
    """Alg. 5 parameters (L901-913, (28) L929): k = ceil(log2 log2 T) (Audit A16: log2, T >= 4), beta_i = 2^{(k-i)/2} beta,
    T_i = floor(2^{i-k} T), E_i = (2 C_cvx^2 L^2/lam)(sqrt(d)/(beta_i T_i) + 1/sqrt(T_i))^2, D_i = 4E_i (2L^2/(4 lam E_0))^{2^-i}."""
    T = _V.integer("T", T, lo=4)                   # k = ceil(log2 log2 T) >= 1 needs T >= 4
    beta = _V.positive("beta", beta)
    lam = _V.positive("lam", lam)
    L = _V.positive("L", L)
    d = _V.integer("d", d, lo=1)
    C_cvx = _V.positive("C_cvx", C_cvx)
    try:
        out = _alg5_schedule(T, beta, lam, L, d, C_cvx)
    except (OverflowError, ZeroDivisionError):
        out = None
    if out is None or not all(math.isfinite(v) for key in ("beta", "E", "D") for v in out[key]):
        _V.finite_result("Alg. 5 schedule E_i, D_i", math.inf, L=L, lam=lam, beta=beta, C_cvx=C_cvx)
    return out


def _alg5_schedule(T, beta, lam, L, d, C_cvx):
    k = math.ceil(math.log2(math.log2(T)))
    beta_i = [2 ** ((k - i) / 2) * beta for i in range(k + 1)]
    T_i = [int(math.floor(2.0 ** (i - k) * T)) for i in range(k + 1)]
    E = [(2 * C_cvx ** 2 * L ** 2 / lam) * (math.sqrt(d) / (beta_i[i] * T_i[i]) + 1 / math.sqrt(T_i[i])) ** 2 for i in range(k + 1)]
    D = [4 * E[i] * (2 * L ** 2 / (4 * lam * E[0])) ** (2.0 ** -i) for i in range(k + 1)]
    return dict(k=k, beta=beta_i, T=T_i, E=E, D=D)


def alg5_draws(n: int, d: int, T: int, rho: float, beta: float, lam: float, L: float, rng: np.random.Generator,
               C_cvx: float = 16.0) -> list[dict]:
    """All random draws of one Alg. 5 run: one ``alg3_draws`` dict per Alg. 4 call i = 1..k, with T_{i-1} of the schedule."""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    rho = _V.positive("rho", rho)
    rng = _V.generator("rng", rng)
    s = alg5_schedule(T, beta, lam, L, d, C_cvx)        # validates T, beta, lam, L, C_cvx
    return [alg3_draws(n, d, s["T"][i - 1], rho, rng) for i in range(1, s["k"] + 1)]


def strongly_convex_resqued_erm(oracle, xbar, r, rho, beta, lam, T, L, rng=None, *, C_cvx: float = 16.0,
                                draws: list | None = None, trace: list | None = None,
                                record: list | None = None) -> np.ndarray:
    """Strongly convex ReSQued ERM solver (Alg. 5, 000 L901-913).

    Preconditions: lam > 0, T >= 4 integer, others as Alg. 4.  C_cvx (needed for the radii r_i) defaults to the derived 16.
    Steps: schedule (alg5_schedule); x_0 = xbar; for i = 1..k: r_{i-1} = min(2r, sqrt(2 D_{i-1}/lam));
      x_i = Alg4(xbar, r, rho, beta_{i-1}, lam, T_{i-1}, r_{i-1}, x_{i-1}) (projected output).  Return x_k (paper: x_{k+1}; A16).
    Postcondition (Prop 8): E F^lam(x) - F^lam(x*) <= C_sc (L^2/lam)(d/(beta^2 T^2) + 1/T), C_sc = 32 C_cvx^2.
    ``record`` (list) receives (beta_{i-1}, T_{i-1}) per call for the privacy ledger.
    Randomness: ``rng`` or ``draws`` = :func:`alg5_draws` (one Alg. 4 draw dict per call, k = ceil(log2 log2 T) of them;
      count validated); identical draws give bit-identical outputs.
    Spec: 000.alg5
    """
    oracle = _erm_oracle(oracle)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    r = _V.positive("r", r)
    rho = _V.positive("rho", rho)
    xbar = as_vector("xbar", xbar)
    s = alg5_schedule(T, beta, lam, L, xbar.shape[0], C_cvx)     # validates T >= 4, beta, lam, L, C_cvx > 0
    if draws is None:
        if rng is None:
            raise ValueError("rng must be given when draws is None")
        draws = alg5_draws(oracle.n, xbar.shape[0], T, rho, beta, lam, L, rng, C_cvx)
    if len(draws) != s["k"]:
        raise ValueError(f"draws must hold k = {s['k']} Alg. 4 draw dicts (alg5_draws), got {len(draws)}")
    x = xbar.copy()
    for i in range(1, s["k"] + 1):
        r_prev = min(2 * r, math.sqrt(2 * s["D"][i - 1] / lam))            # r_{i-1} (data-independent)
        if not r_prev > 0:
            raise ValueError(f"lam = {lam!r} is too large for float arithmetic: r_{i - 1} = sqrt(2 D_{i - 1}/lam) underflows to 0")
        x = regularized_resqued_erm(oracle, xbar, r, rho, s["beta"][i - 1], lam, s["T"][i - 1], r_prev, x, L,
                                    draws=draws[i - 1])
        if record is not None:
            record.append((s["beta"][i - 1], s["T"][i - 1]))
        if trace is not None:
            trace.append(x.copy())
    return x


# ----------------------------------------------------------------------------------------------------------------------
# Alg. 6, Alg. 7, Aggregate
# ----------------------------------------------------------------------------------------------------------------------
def _geom_half(u: float) -> int:
    """J ~ Geom(1/2) on {1, 2, ...} from one standard uniform u in [0, 1), by inversion: J = floor(-log2(1 - u)) + 1, so
    Pr[J = j] = Pr[1 - 2^{-(j-1)} <= u < 1 - 2^{-j}] = 2^-j."""
    return int(math.floor(-math.log2(1.0 - float(u)))) + 1


def _alg6_levels(n: int, T, C_priv: float) -> tuple[int, int]:
    C_priv = positive("C_priv", C_priv)
    T_max = int(math.floor(n / C_priv))
    if int(T) != T or T < 4 or T > T_max // 2:
        raise ValueError(f"T must be an integer in [4, floor(n/(2 C_priv))] = [4, {T_max // 2}], got {T}")
    return T_max, int(math.floor(math.log2(T_max / T)))


def alg6_draws(n: int, d: int, T: int, rho: float, beta: float, lam: float, L: float, rng: np.random.Generator, *,
               C_priv: float, C_cvx: float = 16.0) -> dict:
    """All random draws of one Alg. 6 run, in the order the rng path consumes them: per loop k = 1..j_max one standard
    uniform u_k (J_k = _geom_half(u_k)), then one :func:`alg5_draws` list for x_0 = Alg5(beta, T) and, if J_k <= j_max,
    one for Alg5(2^{-J/2} beta, 2^J T) and one for Alg5(2^{-(J-1)/2} beta, 2^{J-1} T).
    Returns {"u": array (j_max,), "alg5": [list of 1 or 3 alg5_draws lists per loop]}."""
    _, j_max = _alg6_levels(n, T, C_priv)
    u = np.empty(j_max)
    alg5 = []
    for k in range(j_max):
        u[k] = rng.random()
        J = _geom_half(u[k])
        calls = [alg5_draws(n, d, T, rho, beta, lam, L, rng, C_cvx)]
        if J <= j_max:
            calls.append(alg5_draws(n, d, 2 ** J * T, rho, 2 ** (-J / 2) * beta, lam, L, rng, C_cvx))
            calls.append(alg5_draws(n, d, 2 ** (J - 1) * T, rho, 2 ** (-(J - 1) / 2) * beta, lam, L, rng, C_cvx))
        alg5.append(calls)
    return {"u": u, "alg5": alg5}


def bias_reduced_estimator(oracle, xbar, r, rho, beta, lam, T, L, rng=None, *, C_priv: float, C_cvx: float = 16.0,
                           record: list | None = None, draws: dict | None = None) -> np.ndarray:
    """Bias-reduced ReSQued stochastic proximal estimator (Alg. 6, 000 L952-970; MLMC).

    Preconditions (validated): 4 <= T <= floor(n/(2 C_priv)) integer (so j_max >= 1), C_priv > 0 (a parameter; the paper
      leaves it implicit), lam > 0 and the other arguments as Alg. 5; either ``rng`` or ``draws``.
    Steps: line 2 (L955) T_max = floor(n/C_priv), j_max = floor(log2(T_max/T)); line 3: for k in [j_max]: line 4 (L957)
      J ~ Geom(1/2) on {1,2,..}; line 5 (L958) x_0 = Alg5(beta, T); lines 6-9 (L959-962) if J <= j_max: xhat_k = x_0 +
      2^J (Alg5(2^{-J/2} beta, 2^J T) - Alg5(2^{-(J-1)/2} beta, 2^{J-1} T)); line 12 (L965) else xhat_k = x_0.
      Return (L969): mean_k xhat_k.
    Postcondition (Prop 9 (a)): E xhat_k = E x_{j_max} (telescoping); bias/variance bounds of Prop 9: see 000.prop9
      (PROOF-GAP).  ``record`` receives each J (privacy accounting, Lemma 10).
    Randomness: ``rng`` or ``draws`` = :func:`alg6_draws` (stream "u": j_max standard uniforms, J = floor(-log2(1-u)) + 1,
      shape-validated through reference.core.randomness.Source; "alg5": per loop the 1 or 3 Alg. 5 draw lists).  The rng
      path draws exactly ``alg6_draws(..., rng)`` first, so the same draws give a bit-identical output.
    Spec: 000.alg6
    """
    oracle = _erm_oracle(oracle)
    C_priv = _V.positive("C_priv", C_priv)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    T = _V.integer("T", T, lo=4)
    xbar = as_vector("xbar", xbar)
    alg5_schedule(T, beta, lam, L, xbar.shape[0], C_cvx)         # validates beta, lam, L, C_cvx (as Alg. 5)
    _, j_max = _alg6_levels(oracle.n, T, C_priv)
    if draws is None:
        if rng is None:
            raise ValueError("rng must be given when draws is None")
        draws = alg6_draws(oracle.n, xbar.shape[0], T, rho, beta, lam, L, rng, C_priv=C_priv, C_cvx=C_cvx)
    if not isinstance(draws, Mapping) or set(draws) != {"u", "alg5"}:
        raise ValueError("draws must be a mapping with keys 'u' and 'alg5' (see alg6_draws)")
    u = Source(None, {"u": draws["u"]}).uniform("u", (j_max,))
    if not np.all((u >= 0) & (u < 1)):
        raise ValueError("draws['u'] must be standard uniforms in [0, 1)")
    if len(draws["alg5"]) != j_max:
        raise ValueError(f"draws['alg5'] must hold j_max = {j_max} loops, got {len(draws['alg5'])}")
    out = []
    for k in range(j_max):
        J = _geom_half(u[k])                                              # line 4 (L957): J ~ Geom(1/2)
        calls = draws["alg5"][k]
        need = 3 if J <= j_max else 1
        if len(calls) != need:
            raise ValueError(f"draws['alg5'][{k}] must hold {need} Alg. 5 draw lists for J = {J}, got {len(calls)}")
        x0 = strongly_convex_resqued_erm(oracle, xbar, r, rho, beta, lam, T, L, C_cvx=C_cvx, draws=calls[0])  # line 5 (L958)
        if J <= j_max:                                                    # line 6 (L959)
            xJ = strongly_convex_resqued_erm(oracle, xbar, r, rho, 2 ** (-J / 2) * beta, lam, 2 ** J * T, L, C_cvx=C_cvx,
                                             draws=calls[1])
            xJm = strongly_convex_resqued_erm(oracle, xbar, r, rho, 2 ** (-(J - 1) / 2) * beta, lam, 2 ** (J - 1) * T, L,
                                              C_cvx=C_cvx, draws=calls[2])
            out.append(x0 + 2 ** J * (xJ - xJm))                          # line 9 (L962)
        else:
            out.append(x0)                                                # line 12 (L965)
        if record is not None:
            record.append(J)
    return np.mean(out, axis=0)                                           # Return (L969)


def alg7_draws(n: int, d: int, T: int, rho: float, beta: float, lam: float, L: float, zeta: float,
               rng: np.random.Generator, C_cvx: float = 16.0) -> list:
    """All random draws of one Alg. 7 run: k = ceil(20 ln(1/zeta)) :func:`alg5_draws` lists, in the order the runs use them."""
    if not 0 < zeta < 1:
        raise ValueError(f"zeta must be in (0,1), got {zeta}")
    return [alg5_draws(n, d, T, rho, beta, lam, L, rng, C_cvx) for _ in range(math.ceil(20 * math.log(1 / zeta)))]


def high_probability_solver(oracle, xbar, r, rho, beta, lam, zeta, T, L, rng=None, *, C_sc: float = 8192.0,
                            C_cvx: float = 16.0, draws: list | None = None) -> np.ndarray:
    """High-probability strongly convex solver (Alg. 7, 000 L1034-1042).

    Preconditions (validated): zeta in (0, 1); lam > 0, T >= 4 integer and the rest as Alg. 5; either ``rng`` or ``draws``.
    Steps: line 2 (L1037) k = ceil(20 ln(1/zeta)) (rounded up, Audit A20); lines 3-4 (L1038-1039) k independent Alg5 runs
      x_1..x_k; Return (L1041) Aggregate(runs, Delta), Delta = 9 sqrt(2 C_sc)(L/lam)(d/(beta^2T^2)+1/T)^{1/2}.
    Postcondition (Prop 10): w.p. >= 1 - zeta, ||x' - x*|| <= C_ls (L/lam)(sqrt(d)/(beta T) + 1/sqrt T), C_ls = 9 sqrt(2 C_sc);
      gradients k T_total(Alg 5) (the printed 18 T log(1/zeta) is an erratum, 000.prop10).
    Randomness: ``rng`` or ``draws`` = :func:`alg7_draws` (k Alg. 5 draw lists; length validated).  The rng path draws
      exactly ``alg7_draws(..., rng)``, so the same draws give a bit-identical output.
    Spec: 000.alg7
    """
    oracle = _erm_oracle(oracle)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    C_sc = _V.positive("C_sc", C_sc)
    zeta = _V.in_range("zeta", zeta, 0.0, 1.0, lo_open=True, hi_open=True)
    xbar = as_vector("xbar", xbar)
    alg5_schedule(T, beta, lam, L, xbar.shape[0], C_cvx)         # validates T >= 4, beta, lam, L, C_cvx (as Alg. 5)
    d = xbar.shape[0]
    k = math.ceil(20 * math.log(1 / zeta))                                # line 2 (L1037), rounded up (Audit A20)
    if draws is None:
        if rng is None:
            raise ValueError("rng must be given when draws is None")
        draws = alg7_draws(oracle.n, d, T, rho, beta, lam, L, zeta, rng, C_cvx)
    if len(draws) != k:
        raise ValueError(f"draws must hold k = ceil(20 ln(1/zeta)) = {k} Alg. 5 draw lists (alg7_draws), got {len(draws)}")
    xs = [strongly_convex_resqued_erm(oracle, xbar, r, rho, beta, lam, T, L, C_cvx=C_cvx, draws=draws[i])   # line 4 (L1039)
          for i in range(k)]
    Delta = 9 * math.sqrt(2 * C_sc) * (L / lam) * math.sqrt(d / ((beta * T) * (beta * T)) + 1 / T)
    return aggregate(xs, Delta)[0]                                          # Return (L1041)


# ----------------------------------------------------------------------------------------------------------------------
# Lemma 6 coupling (A16)
# ----------------------------------------------------------------------------------------------------------------------
def _p_a(n, m, b):
    w = [Fraction(comb(m, a) * (n - 1) ** (m - a)) for a in range(1, b + 1)]
    s = sum(w)
    return [x / s for x in w]


def lemma6_coupling(n: int, m: int, b: int, rng: np.random.Generator | None = None, *,
                    draws: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Draw (I, I') from the Lemma 6 coupling (000 L771-803).

    Preconditions (validated): integers n >= 2, m >= 1, 1 <= b <= m; either ``rng`` or ``draws``.
    Steps: I ~ unif(S_0) (m i.i.d. uniform draws from {2..n}); a ~ p_a, p_a proportional to C(m,a)(n-1)^{m-a} on {1..b};
      set a uniformly random a-subset of the positions of I to index 1, giving I'.
    Postcondition (Lemma 6): I ~ unif(S_0), I' ~ unif(S_1) = unif{I' in [n]^m: 1 <= #1's <= b}, Hamming(I, I') = a <= b.
    Randomness: standard uniforms through reference.core.randomness.Source: "I" (m,) -> I_j = 2 + floor(u (n-1));
      "a" (1,) -> a by inversion of the cdf of p_a; "pos" (m,) -> the positions of the a smallest u's (a uniform a-subset).
      ``draws`` = {"I", "a", "pos"} replays the rng path bit-identically.
    Spec: 000.coupling_sampler
    """
    n = _V.integer("n", n, lo=1)
    m = _V.integer("m", m)
    b = _V.integer("b", b)
    if not (int(n) == n and int(m) == m and int(b) == b and n >= 2 and m >= 1 and 1 <= b <= m):
        raise ValueError(f"need integers n >= 2, m >= 1, 1 <= b <= m; got n={n}, m={m}, b={b}")
    src = Source(rng, draws)
    uI, ua, upos = src.uniform("I", (m,)), src.uniform("a", (1,)), src.uniform("pos", (m,))
    if not all(np.all((u >= 0) & (u < 1)) for u in (uI, ua, upos)):
        raise ValueError("draws must be standard uniforms in [0, 1)")
    I = 2 + np.minimum(np.floor(uI * (n - 1)).astype(int), n - 2)
    cdf = np.cumsum([float(x) for x in _p_a(n, m, b)])
    a = 1 + int(min(np.searchsorted(cdf, ua[0], side="right"), b - 1))
    pos = np.argsort(upos, kind="stable")[:a]
    Ip = I.copy()
    Ip[pos] = 1
    return I, Ip


def lemma6_coupling_law(n: int, m: int, b: int) -> dict:
    """Exact joint law {(I, I'): prob} (Fractions) of the Lemma 6 coupling, by enumeration (small n, m).

    Preconditions: integers n >= 2, 1 <= b <= m (small: (n-1)^m C(m, <=b) terms).  Steps: enumerate I in {2..n}^m, a, and
    the a-subsets.  Postcondition: the law :func:`lemma6_coupling` samples.  Randomness: none.  Spec: 000.coupling_sampler
    """
    n = _V.integer("n", n, lo=2)
    m = _V.integer("m", m, lo=1)
    b = _V.integer("b", b, lo=1, hi=m)
    pa = _p_a(n, m, b)
    law: dict = {}
    pI = Fraction(1, (n - 1) ** m)
    for I in product(range(2, n + 1), repeat=m):
        for a in range(1, b + 1):
            for pos in combinations(range(m), a):
                Ip = list(I)
                for q in pos:
                    Ip[q] = 1
                key = (I, tuple(Ip))
                law[key] = law.get(key, 0) + pI * pa[a - 1] / comb(m, a)
    return law


# ----------------------------------------------------------------------------------------------------------------------
# Thm 3: the private ERM solver (A12) = BallAccel STAND-IN driven by Alg. 7 / Alg. 5 / Alg. 6
# ----------------------------------------------------------------------------------------------------------------------
def private_erm_parameters(n: int, d: int, eps: float, delta: float, L: float = 1.0, R: float = 1.0, *, C: float = 1.0,
                           C_ba: float = 4.0, scaled: dict | None = None) -> dict:
    """Parameters (30)-(34) of Thm 3 (000 L1087-1116) via accounting.thm3_parameters, with T_1, T_2, T_3 rounded up to integers
    >= 4, zeta = 1/(kappa C_ba K log kappa) (32) and the BallAccel iteration count ceil(C_ba K log kappa).
    ``scaled`` (a dict of overrides, e.g. {"r": .., "rho": .., "eps_opt": .., "beta": .., "T1": 16, "T2": 16, "T3": 8,
    "zeta": 0.3, "iterations": 5}) is the clearly labelled SCALED-CONSTANTS mode: the literal constants make every
    feasibility condition need astronomically large n (catalog A12), so experiments override them and say so.

    Preconditions: as accounting.thm3_parameters (n, d >= 1, eps in (0,1), delta in (0,1/6), L, R, C, C_ba > 0).
    Steps: (30)-(34) (L1087-1116), then the overrides of ``scaled`` and the derived K, kappa, zeta, iterations.
    Postcondition: the parameter dict used by :func:`private_erm` (mode "paper" or "scaled").
    Randomness: none.
    Spec: 000.private_erm"""
    n = _V.integer("n", n, lo=1)
    d = _V.integer("d", d, lo=1)
    eps = _V.nonnegative("eps", eps, allow_inf=True)
    delta = _V.probability("delta", delta)
    L = _V.positive("L", L, allow_inf=True)
    R = _V.positive("R", R, allow_inf=True)
    C = _V.positive("C", C, allow_inf=True)
    C_ba = _V.positive("C_ba", C_ba, allow_inf=True)
    from reference.resque.accounting import thm3_parameters
    if scaled is not None and not isinstance(scaled, Mapping):
        raise TypeError(f"scaled must be None or a dict of overrides (eps_opt, rho, r, beta, T1, T2, T3, zeta, iterations), "
                        f"got {type(scaled).__name__}")
    p = dict(thm3_parameters(n, d, eps, delta, L, R, C, C_ba))
    lk = math.log(max(p["kappa"], math.e))
    p["zeta"] = min(0.5, 1.0 / (p["kappa"] * C_ba * p["K"] * lk))
    p["iterations"] = math.ceil(C_ba * p["K"] * lk)
    p["mode"] = "paper"
    if scaled:
        p.update(scaled)
        p["mode"] = "scaled"
        p["K"] = (R / p["r"]) ** (2 / 3)
        p["kappa"] = L * R / p["eps_opt"]
        lk = math.log(max(p["kappa"], math.e))
        if "zeta" not in scaled:
            p["zeta"] = min(0.5, 1.0 / (p["kappa"] * C_ba * p["K"] * lk))
        if "iterations" not in scaled:
            p["iterations"] = math.ceil(C_ba * p["K"] * lk)
    for key in ("T1", "T2", "T3"):
        p[key] = max(4, int(math.ceil(p[key])))
    return p


def private_erm(oracle: SampleAccessOracle, L: float, R: float, eps: float, delta: float, rng: np.random.Generator | None = None,
                *, C: float = 1.0, C_ba: float = 4.0, C_priv: float | None = None, C_sc: float = 8192.0, C_cvx: float = 16.0,
                scaled: dict | None = None, record: dict | None = None, draws: dict | None = None) -> np.ndarray:
    """Private ERM solver of Thm 3 (000 L1074-1199), with the BallAccel STAND-IN (reference.resque.parallel.ball_accel).

    Preconditions: eps in (0,1), delta in (0,1/6) (as Thm 3); oracle = sample access to n L-Lipschitz f^i; C, C_ba, C_priv,
      C_sc, C_cvx > 0 are the paper's implicit constants (C_priv default: the derived Lemma 7 value); T_3 <= floor(n/(2 C_priv))
      is required by Alg. 6 (ValueError otherwise -- with the literal constants this needs astronomically large n; use
      ``scaled`` for experiments, see private_erm_parameters).
    Steps (L1118-1150): parameters (30)-(34); F = f̂^erm_rho; run BallAccel for exactly ceil(C_ba K log kappa) iterations
      (data-independent count) with O_ls = Alg. 7 (T_1, zeta), O_bo = Alg. 5 (T_2), O_sp = Alg. 6 (T_3), every oracle centred
      at the current y with ball radius r and smoothing rho; output projected onto B(R) (Audit A21f).
    Postcondition (Thm 3): (eps, delta)-DP and E f^erm(x) - min_{B(R)} f^erm <= O(LR(1/sqrt n + sqrt(d log(1/delta))
      log^{1.5}(n/delta) log n/(n eps))).  ``record`` receives the parameters, the BallAccel record, the list of oracle calls
      [(kind, lam, T, beta)] and Alg. 6's levels J (the input of the privacy replay accounting.thm3_replay), and ``draws``:
      the draws every oracle call consumed (the replay input below).
    Randomness: ``rng`` or ``draws`` = {"ls": [alg7_draws per O_ls call], "bo": [alg5_draws per O_bo call],
      "sp": [alg6_draws per O_sp call]}, consumed in call order per kind (a ValueError names the exhausted stream; leftovers
      are reported in record["draws_unused"]).  The rng path draws each call's draws from ``rng`` with the same functions at
      call time, so ``private_erm(..., draws=record["draws"])`` replays a run bit-identically.  (The BallAccel loop itself is
      deterministic given the oracle answers.)
    Spec: 000.private_erm
    """
    oracle = _erm_oracle(oracle)
    L = _V.positive("L", L)
    R = _V.positive("R", R)
    eps = _V.in_range("eps", eps, 0.0, 1.0, lo_open=True, hi_open=True)           # (0, 1) (Thm 3)
    delta = _V.in_range("delta", delta, 0.0, 1 / 6, lo_open=True, hi_open=True)   # (0, 1/6) (Thm 3)
    rng = _V.generator("rng", rng, allow_none=draws is not None)
    C = _V.positive("C", C, allow_inf=True)
    C_ba = _V.positive("C_ba", C_ba, allow_inf=True)
    C_sc = _V.positive("C_sc", C_sc, allow_inf=True)
    C_cvx = _V.positive("C_cvx", C_cvx, allow_inf=True)
    from reference.resque.accounting import C_PRIV_LEMMA7
    from reference.resque.parallel import ball_accel
    if not 0 < eps < 1:
        raise ValueError(f"eps must be in (0,1), got {eps}")
    if not 0 < delta < 1 / 6:
        raise ValueError(f"delta must be in (0,1/6), got {delta}")
    C_priv = C_PRIV_LEMMA7 if C_priv is None else positive("C_priv", C_priv)
    n, d = oracle.n, oracle.dim
    p = private_erm_parameters(n, d, eps, delta, L, R, C=C, C_ba=C_ba, scaled=scaled)   # (30)-(34)
    if p["T3"] > math.floor(n / C_priv) // 2:
        raise ValueError(f"T_3 = {p['T3']} must be <= floor(n/(2 C_priv)) = {math.floor(n / C_priv) // 2} (Alg. 6 input); "
                         "use scaled=... (scaled-constants mode) for feasible n")
    r, rho, beta = p["r"], p["rho"], p["beta"]
    calls, Js = [], []
    if draws is None and rng is None:
        raise ValueError("rng must be given when draws is None")
    if draws is not None and (not isinstance(draws, Mapping) or set(draws) != {"ls", "bo", "sp"}):
        raise ValueError("draws must be a mapping with keys 'ls', 'bo', 'sp' (lists of per-call draws)")
    used: dict = {"ls": [], "bo": [], "sp": []}

    def take(kind, make):
        if draws is None:
            dr = make()
        else:
            k = len(used[kind])
            if k >= len(draws[kind]):
                raise ValueError(f"draws[{kind!r}] is exhausted: call {k + 1} needs its draws, {len(draws[kind])} given")
            dr = draws[kind][k]
        used[kind].append(dr)
        return dr

    def O_ls(y, lam):                                                      # line-search oracle = Alg. 7 (T_1, zeta) (32)
        calls.append(("ls", lam, p["T1"], beta, p["zeta"]))
        dr = take("ls", lambda: alg7_draws(n, d, p["T1"], rho, beta, lam, L, p["zeta"], rng, C_cvx))
        return high_probability_solver(oracle, y, r, rho, beta, lam, p["zeta"], p["T1"], L, C_sc=C_sc, C_cvx=C_cvx, draws=dr)

    def O_bo(y, lam):                                                      # ball-optimization oracle = Alg. 5 (T_2) (33)
        calls.append(("bo", lam, p["T2"], beta))
        dr = take("bo", lambda: alg5_draws(n, d, p["T2"], rho, beta, lam, L, rng, C_cvx))
        return strongly_convex_resqued_erm(oracle, y, r, rho, beta, lam, p["T2"], L, C_cvx=C_cvx, draws=dr)

    def O_sp(y, lam):                                                      # stochastic proximal oracle = Alg. 6 (T_3) (34)
        calls.append(("sp", lam, p["T3"], beta))
        dr = take("sp", lambda: alg6_draws(n, d, p["T3"], rho, beta, lam, L, rng, C_priv=C_priv, C_cvx=C_cvx))
        return bias_reduced_estimator(oracle, y, r, rho, beta, lam, p["T3"], L, C_priv=C_priv, C_cvx=C_cvx, record=Js, draws=dr)

    rec: dict = {}
    x = ball_accel(O_ls, O_bo, O_sp, L, R, r, p["eps_opt"], d, C_ba=C_ba, stop_A=math.inf, max_iter=p["iterations"],
                   record=rec)
    x = _proj(x, np.zeros(d), R)                                           # output in B(R) (Audit A21f)
    if record is not None:
        record.update(params=p, ball_accel=rec, calls=calls, J=Js, C_priv=C_priv, draws=used,
                      draws_unused={} if draws is None else {k: len(draws[k]) - len(used[k]) for k in used})
    return x
