"""SCO framework (Alg. 1, SCOF) and the rho-zCDP heavy-tailed SCO algorithm (Alg. 2) with the parameter settings
of Thm 5.2 (convex, CWME oracle), Thm 5.5 (convex, noise-smoothing oracle) and Thm 5.7 (strongly convex).

Seed ``004_e5e2a2910354303b.txt``.  Hidden parameters of the paper are explicit arguments: the CWME failure
probability beta (Thm 5.2 uses beta = (alpha/M)^{2d}, alpha = n^{-3}, L665/L691, audit U15), the number of blocks m,
and the rounding of T (T = max(1, floor(.)) for Thms 5.2/5.5, ceil for Thm 5.7).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from reference.core import validation
from reference.core.geometry import proj_l2_ball
from reference.core.oracles import SampleAccessOracle

from . import mean_estimators as me
from reference.core import validation as _V

__all__ = ["ball_projection", "BatchSampleAccessOracle", "scof", "cwme_oracle", "nsme_oracle", "SCOParams",
           "params_thm5_2", "params_thm5_5", "G_thm5_7_standin", "params_thm5_7", "cdp_sco",
           "quadratic_loss_oracle"]


def ball_projection(center, radius):
    """Proj_W for W = B_radius(center) (Def. 2.9, L131-133); diameter M = 2 radius.

    Preconditions: center a finite vector, radius > 0 (validated by the core projection at each call).
    Steps: returns y -> proj_l2_ball(y, center, radius) = center + (y - center) min(1, radius/||y - center||).
    Postcondition: the returned map is argmin_{w in W} ||y - w|| (non-expansive, 004.proj).
    Randomness: none.
    Spec: 004.proj
    """
    radius = _V.positive("radius", radius)          # W bounded (Assumption 2.12(3)): finite radius
    center = _V.vector("center", center)
    center = np.asarray(center, dtype=float)
    return lambda y: proj_l2_ball(y, center, radius)


class BatchSampleAccessOracle(SampleAccessOracle):
    """The core counting oracle ``reference.core.oracles.SampleAccessOracle`` with a vectorized ``grad_batch``.

    Preconditions (validated): ``grad_rows`` callable, ``grad_rows(w, S)`` returns the |S| x d matrix of per-sample
    gradients at one point ``w`` for the data rows S; ``data`` an n x d' array.
    Steps: ``grad_batch(w, idx)`` validates idx, records len(idx) queries (kind "sample_gradient") and one round,
    adds 1 to ``per_sample_calls[i]`` for every i in idx, and evaluates the gradients in one numpy call.
    Postcondition: the counts are the core's (004.exp.E4 checks n T / T floor(n/T) exactly); only the evaluation is
    vectorized, so E3 fits its budget.
    Randomness: none.
    Spec: 004.alg1
    """

    def __init__(self, grad_rows, data, **kwargs):
        _V.callable_("grad_rows", grad_rows)
        data = _V.array("data", data)
        if data.ndim not in (1, 2):
            raise ValueError(f"data must be an n x d' array (or a length-n vector), got shape {data.shape}")
        if data.ndim == 1:
            data = data[:, None]
        super().__init__(lambda w, s: grad_rows(w, s[None, :])[0], data, **kwargs)
        self.grad_rows = grad_rows

    def grad_batch(self, xs, idx) -> np.ndarray:
        idx = np.asarray(idx)
        if idx.ndim != 1 or not np.issubdtype(idx.dtype, np.integer) or (idx.size and (idx.min() < 0 or idx.max() >= self.n)):
            raise ValueError(f"idx must be a 1-D integer array of sample indices in [0, {self.n - 1}]")
        w = np.asarray(xs, dtype=float)
        if w.ndim != 1:
            raise ValueError(f"xs must be one point of shape (d,) for the vectorized oracle, got shape {w.shape}")
        self.counter.record(len(idx), "sample_gradient")
        np.add.at(self.per_sample_calls, idx, 1)
        G = np.asarray(self.grad_rows(w, self.data[idx]), dtype=float)
        if G.shape != (len(idx), w.shape[0]):
            raise ValueError(f"grad_rows returned shape {G.shape}, expected {(len(idx), w.shape[0])}")
        return G


def scof(X, grad_oracle, proj, eta, T: int, mean_oracle, w0, *, mode: str = "convex",
         rng: np.random.Generator | None = None, noise=None, trace: list | None = None, draws=None) -> np.ndarray:
    """Alg. 1, SCOF_{eta,T,MeanOracle}(X) (L177-189).

    Preconditions (validated): X an n x d' data array; ``grad_oracle`` a counting sample-access oracle over X
    (``reference.core.oracles.SampleAccessOracle`` interface: ``grad_batch(w, idx)`` returns the |idx| x d matrix of
    per-sample gradients and counts |idx| queries, one round; ``grad_oracle.n == n``); ``proj`` the Euclidean projection onto W; eta > 0 a constant or a length-T sequence of step
    sizes (L187 writes eta_{t-1}, audit U36); T >= 1 an integer; ``mean_oracle(G, rng=..., noise=...)`` maps a
    multiset of gradients to R^d; w0 in W; mode "convex" (S_t = X) or "strongly_convex" (S_t = t-th of T disjoint
    consecutive batches of size b = floor(n/T), remainder dropped; needs n >= T).
    Steps (for t = 1..T): S_t (L181-184); G_t = [grad l(w^{t-1}, x)]_{x in S_t}; g_t = MeanOracle(G_t) (L186);
    w^t = Proj_W(w^{t-1} - eta_{t-1} g_t) (L187).
    Postcondition: returns the T x d array (w^1..w^T) (L189); gradient evaluations = n T (convex) or T floor(n/T)
    (strongly convex), T MeanOracle calls, one parallel round per step (Thm 3.1 / Thm 3.2 give the accuracy under
    their hypotheses; see 004.thm3_1, 004.thm3_2 for the errata).
    Randomness: only inside the MeanOracle: ``rng``, or pre-drawn standard draws ``draws`` of shape (T, d) (row t is
    the oracle's stream "noise" at step t; ``noise``, a length-T sequence of d-vectors, is the older name). The
    pre-drawn path is bit-identical to the rng path given the draws the rng would make.
    Spec: 004.alg1
    """
    rng = _V.generator("rng", rng, allow_none=True)
    T = _V.integer("T", T, lo=1)
    X = _V.array("X", X, allow_inf=True)
    if X.ndim not in (1, 2):
        raise ValueError(f"X must be an n x d' data array, got shape {X.shape}")
    _V.callable_("proj", proj)
    _V.callable_("mean_oracle", mean_oracle)
    w0 = _V.vector("w0", w0)
    if trace is not None and not isinstance(trace, list):
        raise TypeError(f"trace must be a list (the iterates are appended) or None, got {type(trace).__name__}")
    if X.ndim == 1:
        X = X[:, None]
    n = X.shape[0]
    if getattr(grad_oracle, "n", None) != n or not hasattr(grad_oracle, "grad_batch"):
        raise ValueError(f"grad_oracle must be a sample-access oracle (grad_batch) over the n = {n} rows of X")
    if not (isinstance(T, (int, np.integer)) and T >= 1):
        raise ValueError(f"T must be an integer >= 1, got {T!r}")
    _V.choice("mode", mode, ("convex", "strongly_convex"))
    eta = _V.array("eta", eta)
    if eta.ndim > 1 or (eta.ndim == 1 and eta.shape[0] != T):
        raise ValueError(f"eta must be a constant or a length-T (T = {T}) sequence, got shape {eta.shape}")
    etas = np.broadcast_to(eta, (T,))
    if not np.all(etas > 0):
        raise ValueError(f"eta must be > 0 (a constant or a length-T sequence), got {eta!r}"[:200])
    if mode == "strongly_convex":
        b = n // T
        if b < 1:
            raise ValueError(f"strongly convex mode needs n >= T (batch size floor(n/T) >= 1); n={n}, T={T}")
    if noise is not None:
        noise = _V.array("noise", noise, ndim=2)                     # T rows of d standard draws
    if draws is not None:
        if noise is not None:
            raise ValueError("give draws or noise (the same pre-drawn standard draws), not both")
        draws = _V.array("draws", draws)
        if draws.ndim != 2 or draws.shape[0] != T:
            raise ValueError(f"draws must be a T x d array of standard draws (T = {T}), got shape {draws.shape}")
        noise = list(draws)
    if noise is not None and len(noise) != T:
        raise ValueError(f"noise must hold T = {T} per-step draws, got {len(noise)}")
    w = np.asarray(w0, dtype=float).copy()                           # L179: w^0 in W
    out = []
    for t in range(1, T + 1):                                         # L180
        if mode == "convex":
            S = np.arange(n)                                          # L181-182: S_t = X
        else:
            S = np.arange((t - 1) * b, t * b)                         # L183-184: t-th disjoint batch
        G = grad_oracle.grad_batch(w, S)                              # L186: gradients at w^{t-1}
        g = mean_oracle(G, rng=rng, noise=None if noise is None else noise[t - 1])   # L186
        step = w - etas[t - 1] * g
        if not np.all(np.isfinite(step)):
            raise ValueError(f"the step w^(t-1) - eta g_t left the float range at t = {t} (eta = {etas[t - 1]!r})")
        w = proj(step)                                                # L187
        out.append(w.copy())
        if trace is not None:
            trace.append(w.copy())
    return np.array(out)                                              # L189


# ------------------------------------------------------------------------------------------------
# Mean oracles with budget rho_t (Alg. 2 calls MeanOracle(rho/T), L257)
# ------------------------------------------------------------------------------------------------

def cwme_oracle(rho_t: float, tau: float, beta: float, *, m: int | None = None, sensitivity_constant: float = 12.0):
    """CDPCWME(rho_t, tau) as a MeanOracle (records sigma of each call in ``.sigmas``)."""
    rho_t = _V.positive("rho_t", rho_t)
    tau = _V.positive("tau", tau)
    beta = _V.in_range("beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    sensitivity_constant = _V.positive("sensitivity_constant", sensitivity_constant)
    if m is not None:
        m = _V.positive_int("m", m)
    def oracle(G, rng=None, noise=None):
        n, d = G.shape
        mm = me.cwme_num_blocks(d, beta) if m is None else m
        oracle.sigmas.append(me.cdp_cwme_sigma(n, d, tau, mm, rho_t, sensitivity_constant=sensitivity_constant))
        oracle.calls += 1
        return me.cdp_cwme(G, rho_t, tau, beta, rng, m=m, noise=noise, sensitivity_constant=sensitivity_constant)
    oracle.sigmas = []
    oracle.calls = 0
    return oracle


def nsme_oracle(rho_t: float, tau: float, *, c: float = 1.0, variant: str = "corrected"):
    """CDPNSME(rho_t, tau) (Alg. 4) as a MeanOracle."""
    rho_t = _V.positive("rho_t", rho_t)
    tau = _V.positive("tau", tau)
    c = _V.positive("c", c)
    _V.choice("variant", variant, ("corrected", "printed"))
    def oracle(G, rng=None, noise=None):
        n, d = G.shape
        oracle.sigmas.append(me.nsme_sigma(n, d, tau, rho_t, c, variant=variant))
        oracle.calls += 1
        return me.cdp_nsme(G, rho_t, tau, rng, c=c, noise=noise, variant=variant)
    oracle.sigmas = []
    oracle.calls = 0
    return oracle


# ------------------------------------------------------------------------------------------------
# Parameter settings
# ------------------------------------------------------------------------------------------------

@dataclass
class SCOParams:
    """Parameters of one Alg. 2 instantiation (every hidden choice explicit)."""

    setting: str
    T: int
    eta: float
    tau: float
    mode: str
    beta: float | None = None
    m: int | None = None
    T_real: float = float("nan")
    notes: dict = field(default_factory=dict)

    def __post_init__(self):
        """Validated: setting a str; T an integer >= 1; eta, tau > 0 finite; mode "convex" / "strongly_convex";
        beta in [0, 1) or None (0.0: the paper's beta = (alpha/M)^{2d} underflowed; m is then authoritative); m an integer
        >= 1 or None; T_real a real (nan = not recorded); notes a dict."""
        if not isinstance(self.setting, str):
            raise TypeError(f"setting must be a str, got {type(self.setting).__name__} {self.setting!r}")
        self.T = _V.positive_int("T", self.T)
        self.eta = _V.positive("eta", self.eta)
        self.tau = _V.positive("tau", self.tau)
        _V.choice("mode", self.mode, ("convex", "strongly_convex"))
        self.beta = _V.optional(_V.in_range, "beta", self.beta, 0.0, 1.0, hi_open=True)   # 0.0: underflowed (m decides)
        self.m = _V.optional(_V.positive_int, "m", self.m)
        if isinstance(self.T_real, (bool, np.bool_)) or not isinstance(self.T_real, (int, float, np.integer, np.floating)):
            raise TypeError(f"T_real must be a real number (nan = not recorded), got {type(self.T_real).__name__}")
        if math.isinf(float(self.T_real)):
            raise ValueError(f"T_real must be finite (nan = not recorded), got {self.T_real!r}")
        if not isinstance(self.notes, dict):
            raise TypeError(f"notes must be a dict, got {type(self.notes).__name__}")


def _T_real(R, rho, n, tau, dd, M):
    """T = R^2 rho n^2/(tau^2 dd^2) (the printed formula, same float operations); a T beyond the float range raises a
    ValueError naming R, rho, n, M (never inf)."""
    try:
        T = R ** 2 * rho * n ** 2 / (tau ** 2 * dd ** 2)
    except (OverflowError, ZeroDivisionError):
        T = math.inf
    if not math.isfinite(T):
        raise ValueError(f"the printed T = R^2 rho n^2/(tau^2 d^..) = {T:.4g} is beyond the float range "
                         f"at R={R!r}, rho={rho!r}, n={n!r}, M={M!r} (tau = {tau:.4g}); reduce R / rho / n or raise M")
    return T


def params_thm5_2(n: int, d: int, k: float, rho: float, M: float, R: float, *, beta: float | None = None,
                  alpha: float | None = None, scaled: bool = False, balance_noise: bool = False) -> SCOParams:
    """Parameters of Alg. 2 for Thm 5.2 (L270-276; B.4 L639-733).

    Preconditions (validated): n, d integers >= 1; k >= 2; rho, M, R > 0; beta (optional) in (0, 1).
    Steps: tau = (sqrt(rho) n/(M d^{3/2}))^{1/k}; T = R^2 rho n^2/(tau^2 d^4) rounded to max(1, floor); eta = M/(R sqrt T).
    Hidden (L665, L691): alpha = n^{-3}, beta = (alpha/M)^{2d} (kept in logs), m = ceil(4 ln(2d/beta)) (L557) =
    Theta(d log n).  ``beta=`` overrides (``scaled=True`` uses beta = 0.1, clearly NOT the analysed algorithm, audit U15).
    ``balance_noise=True`` (a labelled SCALED setting, not the paper's T): T is divided by 72 m^2/d^2 so that the true
    per-step noise E||N||^2 = 72 tau^2 m^2 d^2 T/(rho n^2) equals R^2, which is what the balancing at L729 intends (the
    paper's T gives 72 m^2 R^2/d^2; erratum 004.thm5_2).
    Postcondition: SCOParams with the printed formulas; ``notes["repairs"]`` lists every repair applied (T_real < 1
    rounded up to 1: the printed T is not an admissible number of steps there).
    Randomness: none.
    Spec: 004.alg2a
    """
    n, d = validation.positive_int("n", n), validation.positive_int("d", d)
    validation.in_range("k", k, 2.0)
    for nm, v in (("rho", rho), ("M", M), ("R", R)):
        validation.positive(nm, v)
    scaled = _V.flag("scaled", scaled)
    balance_noise = _V.flag("balance_noise", balance_noise)
    beta = _V.optional(_V.in_range, "beta", beta, 0.0, 1.0, lo_open=True, hi_open=True)
    alpha = _V.optional(_V.positive, "alpha", alpha)
    if alpha is not None and not alpha < M:
        raise ValueError(f"alpha must be < M (beta = (alpha/M)^(2d) < 1), got alpha={alpha!r}, M={M!r}")
    tau = (math.sqrt(rho) * n / (M * d ** 1.5)) ** (1.0 / k)
    T_real = _T_real(R, rho, n, tau, d ** 2, M)
    T = max(1, int(math.floor(T_real)))
    repairs = [f"T_real = {T_real:.3g} < 1 rounded up to T = 1"] if T_real < 1 else []
    if beta is None:
        if scaled:
            log_beta = math.log(0.1)
        else:
            alpha = n ** -3.0 if alpha is None else alpha
            log_beta = 2 * d * math.log(alpha / M)          # beta = (alpha/M)^{2d}, kept in logs (underflows)
        beta = math.exp(log_beta)
    else:
        if not 0 < beta < 1:
            raise ValueError(f"beta must be in (0, 1), got {beta}")
        log_beta = math.log(beta)
    m = int(math.ceil(4.0 * (math.log(2.0 * d) - log_beta) - 1e-12))   # m = ceil(4 ln(2d/beta)), L557
    if balance_noise:
        T_real = T_real * d ** 2 / (72.0 * m ** 2)
        T = max(1, int(math.floor(T_real)))
        repairs = [f"(scaled) T_real = {T_real:.3g} < 1 rounded up to T = 1"] if T_real < 1 else []
    eta = M / (R * math.sqrt(T))
    return SCOParams("thm5_2", T, eta, tau, "convex", beta, m, T_real,
                     {"m_over_n": m / n, "balance_noise": balance_noise, "scaled": scaled, "repairs": repairs})


def params_thm5_5(n: int, d: int, rho: float, M: float, R: float, q: float = 1.0) -> SCOParams:
    """Parameters of Alg. 2 for Thm 5.5 (L288-294; B.5 L735-792).

    Preconditions (validated): n, d integers >= 1; rho, M, R > 0; q in [0.5, 2].
    Steps: tau = (sqrt(rho) n/(M d^q))^{1/2}; T = R^2 rho n^2/(tau^2 d^2) = R^2 M sqrt(rho) n d^{q-2} rounded to
    max(1, floor); eta = M/(R sqrt T).
    Postcondition: SCOParams with the printed formulas; ``notes["repairs"]`` lists T_real < 1 rounded up to 1.
    Randomness: none.
    Spec: 004.alg2b
    """
    n, d = validation.positive_int("n", n), validation.positive_int("d", d)
    for nm, v in (("rho", rho), ("M", M), ("R", R)):
        validation.positive(nm, v)
    validation.in_range("q", q, 0.5, 2.0)
    tau = math.sqrt(math.sqrt(rho) * n / (M * d ** q))
    T_real = _T_real(R, rho, n, tau, d, M)
    T = max(1, int(math.floor(T_real)))
    repairs = [f"T_real = {T_real:.3g} < 1 rounded up to T = 1"] if T_real < 1 else []
    return SCOParams("thm5_5", T, M / (R * math.sqrt(T)), tau, "convex", None, None, T_real, {"q": q, "repairs": repairs})


def G_thm5_7_standin(n: int, d: int, k: float, rho: float) -> float:
    """Stand-in for G = O~(sqrt(d/n) + sqrt d (sqrt d/(sqrt rho n))^{(k-1)/k}) (L308), logs dropped.

    Preconditions (validated): n, d integers >= 1; k >= 2; rho > 0.  Steps: the displayed expression without the
    hidden logs.  Postcondition: a labelled stand-in (the paper gives G only as O~(.)), not the analysed constant.
    Randomness: none.
    Spec: 004.alg2c
    """
    n, d = validation.positive_int("n", n), validation.positive_int("d", d)
    validation.in_range("k", k, 2.0)
    validation.positive("rho", rho)
    return math.sqrt(d / n) + math.sqrt(d) * (math.sqrt(d) / (math.sqrt(rho) * n)) ** ((k - 1) / k)


def params_thm5_7(n: int, d: int, k: float, rho: float, lam: float, L: float, *, G: float | None = None) -> SCOParams:
    """Parameters of Alg. 2 for Thm 5.7 (L306-312; B.6 L794-808).

    Preconditions (validated): n, d integers >= 1; k >= 2; rho > 0; 0 < lam <= L; G (optional) > 0.
    Steps: eta = 1/(lam+L); T = ln((lam+L)G/(lam L)) / ln((lam^2+L^2+lam L)/(lam+L)^2) rounded up;
    tau = (sqrt(rho) n/(sqrt d T^{3/2}))^{1/k}; CWME beta = T d/n + d (sqrt d T^{3/2}/(sqrt rho n))^{(2k-2)/k} (L798).
    G: the paper gives only O~(.); default is the labelled stand-in :func:`G_thm5_7_standin`.
    Postcondition: SCOParams with the printed formulas where they are defined.  Repairs (listed in
    ``notes["repairs"]``, audit U31): T = 1 when the printed T <= 0 (i.e. (lam+L)G >= lam L), and the CWME beta clipped
    to (0, 0.5] when the printed beta > 0.5 (the printed beta can exceed 1).
    Randomness: none.
    Spec: 004.alg2c
    """
    lam = _V.positive("lam", lam)
    L = _V.positive("L", L)
    n, d = validation.positive_int("n", n), validation.positive_int("d", d)
    validation.in_range("k", k, 2.0)
    validation.positive("rho", rho)
    if not 0 < lam <= L:
        raise ValueError(f"need 0 < lam <= L, got lam={lam}, L={L}")
    G = G_thm5_7_standin(n, d, k, rho) if G is None else validation.positive("G", G)
    r = lam / L                                                          # in ratios and logs: no overflow
    num = math.log(1.0 / L + 1.0 / lam) + math.log(G)                    # ln((lam+L) G/(lam L))
    den = math.log1p(-r / (r + 1.0) ** 2)                                # ln((lam^2+L^2+lam L)/(lam+L)^2) = ln(1 - c) < 0
    if den == 0.0:
        raise ValueError(f"lam/L = {r!r} underflows: ln(1 - lam L/(lam+L)^2) = 0 in float, T undefined (lam={lam!r}, L={L!r})")
    T_real = num / den
    if not T_real <= 2.0 ** 53:
        raise ValueError(f"the printed T = {T_real!r} exceeds 2^53 steps (not a step count) at lam={lam!r}, L={L!r}, G={G!r}")
    T = max(1, int(math.ceil(T_real)))
    tau = (math.sqrt(rho) * n / (math.sqrt(d) * T ** 1.5)) ** (1.0 / k)
    beta_raw = T * d / n + d * (math.sqrt(d) * T ** 1.5 / (math.sqrt(rho) * n)) ** ((2 * k - 2) / k)
    beta = min(max(beta_raw, 1e-12), 0.5)
    repairs = []
    if T_real < 1:
        repairs.append(f"T_real = {T_real:.3g} {'<= 0 (undefined: (lam+L)G >= lam L)' if T_real <= 0 else '< 1'} rounded up to T = 1")
    if beta_raw != beta:
        repairs.append(f"CWME beta_raw = {beta_raw:.3g} clipped to {beta:.3g}")
    return SCOParams("thm5_7", T, 1.0 / (lam + L), tau, "strongly_convex", beta, None, T_real,
                     {"G": G, "beta_raw": beta_raw, "repairs": repairs})


def cdp_sco(X, grad_oracle, proj, w0, params: SCOParams, rho: float, *, oracle: str = "cwme",
            rng: np.random.Generator | None = None, noise=None, trace: list | None = None, c: float = 1.0,
            nsme_variant: str = "corrected", sensitivity_constant: float = 12.0, draws=None):
    """Alg. 2 (L255-258): {w^t} = SCOF_{eta,T,MeanOracle(rho/T)}(X); w_priv = average (convex) or w^T (strongly convex).

    Preconditions (validated): as :func:`scof`; rho > 0; ``params`` from params_thm5_2 / params_thm5_5 /
    params_thm5_7; oracle in {"cwme", "nsme"}.
    Steps: 1. MeanOracle = CDPCWME(rho/T, tau) or CDPNSME(rho/T, tau) (L257); 2. {w^t} = SCOF(X) (Alg. 1);
    3. w_priv = average of the iterates (convex) or w^T (strongly convex).
    Postcondition: rho-zCDP by zCDP composition of T calls of budget rho/T (Lemma 5.1, L262-264); in strongly
    convex mode the batches are disjoint, so by parallel composition it is even rho/T-zCDP (audit U30).  With
    oracle="nsme" and nsme_variant="printed" the calls are NOT rho/T-zCDP for c < 0.7557 (004.priv.P3).
    Randomness: as :func:`scof` (``rng`` or ``draws`` of shape (T, d), standard normal).
    Returns (w_priv, iterates, mean_oracle) -- the oracle records its per-call sigmas for the accounting.
    Spec: 004.alg2
    """
    rng = _V.generator("rng", rng, allow_none=True)
    if not isinstance(params, SCOParams):
        raise TypeError(f"params must be an SCOParams (from params_thm5_2 / params_thm5_5 / params_thm5_7), got {type(params).__name__}")
    rho = _V.positive("rho", rho)
    c = _V.positive("c", c)
    _V.choice("nsme_variant", nsme_variant, ("corrected", "printed"))
    sensitivity_constant = _V.positive("sensitivity_constant", sensitivity_constant)
    _V.choice("oracle", oracle, ("cwme", "nsme"))
    rho_t = rho / params.T                                                     # L257: MeanOracle(rho/T)
    if oracle == "cwme":
        mo = cwme_oracle(rho_t, params.tau, params.beta, m=params.m, sensitivity_constant=sensitivity_constant)
    elif oracle == "nsme":
        mo = nsme_oracle(rho_t, params.tau, c=c, variant=nsme_variant)
    else:
        raise ValueError(f"oracle must be 'cwme' or 'nsme', got {oracle!r}")
    W = scof(X, grad_oracle, proj, params.eta, params.T, mo, w0, mode=params.mode, rng=rng, noise=noise, trace=trace,
             draws=draws)
    w_priv = W.mean(axis=0) if params.mode == "convex" else W[-1]              # Thm 3.1 / Thm 3.2 post-processing
    return w_priv, W, mo


def quadratic_loss_oracle(X) -> BatchSampleAccessOracle:
    """Counting sample-access oracle over X for l(w, x) = 1/2 ||w - x||^2 (construction C1, L812).

    Preconditions: X an n x d array (validated by the core oracle).  Steps: grad l(w, x) = w - x, vectorized.
    Postcondition: L_D(w) - L_D(mu) = 1/2 ||w - mu||^2 and the per-sample gradients have the central moments of x
    (Lemma 6.2, 004.lemma6_2).  Randomness: none.
    Spec: 004.c1_quadratic
    """
    X = _V.array("X", X, allow_inf=False)
    if X.ndim not in (1, 2):
        raise ValueError(f"X must be an n x d array (or a length-n vector for d = 1), got shape {X.shape}")
    return BatchSampleAccessOracle(lambda w, S: w[None, :] - S, X)
