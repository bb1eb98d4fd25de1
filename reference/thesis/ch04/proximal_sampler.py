"""The value-oracle sampler of thesis 003 Ch. 4 (Prop 4.4.8, [GLL22] Thm 2.3) for the l_p REM, 1 < p <= 2.

Prop 4.4.8 (003 L3751-3753): for F~_D = (1/n) sum_i f(.; s_i) + psi on X (f G-Lipschitz in l_2, psi mu-strongly convex
in l_2, diam_2 X <= D), a sample within TV delta of ∝ exp(-F~_D) is generated with N value queries to f(.; s_i) and
samples from ∝ exp(-psi - ||. - v||^2/(2 eta)).  [GLL22] is chapter 3 of this thesis: Prop 4.4.8 is Thm 3.2.3
(003 L2552-2556) = Thm 3.5.6 (L2961-2967): the alternating (proximal) sampler Alg 13 (L2764-2775) whose line 4 is the
rejection loop Alg 14 (L2783-2797), both implemented in ``reference.thesis.ch03.sampler`` and called from here.

For the REM of Thm 4.4.2 with the l_p regulariser of Cor 4.4.10 (r = ||x||_p^2/(2(p-1)), L3787) the instance is
(Prop 4.4.9's conversion, L3763): components k f(.; s_i), G-Lipschitz in l_p hence G' = k d^{1/p-1/2} G in l_2;
psi = k mu r + indicator of X = B_p(0, radius), (k mu)-strongly convex in l_2 (||.||_p >= ||.||_2 for p <= 2);
D = diam_2 X <= 2 radius.  What this module adds is the restricted Gaussian oracle (RGO) for that psi, which the chapter
delegates to "generic results on logconcave sampling" (L3765): :func:`lp_rgo`, EXACT rejection from a Gaussian with
the tangent-plane envelope of the convex k mu r.

Readings (what the seed leaves open):
  * the Theta-constants of Thm 3.2.3 / 3.5.6 (eta = Theta(G^-2/log(T/delta)), T = Theta((G^2/mu) log^2 ...)) are
    not printed, in Ch. 4 or in Ch. 3; the parameters are the shared fixed point
    ``reference.thesis.ch03.sampler.composite_sampler_parameters`` (eta = min(1/mu, C_eta/(G^2 log(1/delta_in))),
    T = ceil(C_T (1/(eta mu)) log((d/mu + D^2)/(eta delta))), delta_in = delta/(2T)) with its documented stand-ins
    C_eta = 2^-8 (the proof of Lemma 3.5.5 needs eta <= 2^-8 G^-2 L^-1, L3935) and C_T = 1; other (scaled) constants
    are passed explicitly by the experiments and reported by them;
  * the starting point x_0 (Thm 3.2.3's D = ||x_0 - x*||): the centre of X;
  * Prop 4.4.8's N is an O(.) bound (constants dropped): :func:`reference.thesis.ch04.rem.query_count_bound` is its
    leading term; runs report measured / formula, they cannot assert it.

Spec: 003_ch04.alg_value_oracle_sampler, 003_ch04.alg_lp_wrappers.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from reference.core import validation as _V
from reference.core.oracles import QueryCounter, SampleAccessOracle
from reference.thesis.ch03.sampler import alternating_sampler, composite_sampler_parameters, rgo_rejection
from reference.thesis.ch04 import rem

__all__ = ["lp_reg_grad", "lp_rgo", "make_lp_rgo", "gll_sample", "rem_erm_gll"]


def _p(p) -> float:
    p = _V.real("p", p)
    if not 1.0 < p <= 2.0:
        raise ValueError(f"p must be in (1, 2] (Cor 4.4.10's regulariser, psi strongly convex in l_2), got {p!r}")
    return p


def _radius(radius, p) -> float:
    """radius > 0 with radius^2 and radius^p finite (the RGO squares norms and compares sum |x_i|^p with radius^p)."""
    radius = _V.positive("radius", radius)
    if not radius <= 1e150:
        raise ValueError(f"radius must be <= 1e150 (radius^2, radius^p finite), got {radius!r}")
    return radius


def lp_reg_grad(x, p) -> np.ndarray:
    """Gradient of r(x) = ||x||_p^2/(2(p-1)) (Prop 4.4.7 / Cor 4.4.10, 003 L3745, L3787), 1 < p <= 2.

    Preconditions (validated): x a finite vector; p in (1, 2].
    Steps: r = N^2/(2(p-1)), N = ||x||_p; grad r = N^{2-p} sign(x) |x|^{p-1}/(p-1) (0 at x = 0: r is C^1).
    Postcondition: the gradient of r at x.
    Spec: 003_ch04.alg_value_oracle_sampler
    """
    x = _V.vector("x", x)
    p = _p(p)
    nrm = float(np.linalg.norm(x, p))
    if nrm == 0.0:
        return np.zeros_like(x)
    return nrm ** (2 - p) * np.sign(x) * np.abs(x) ** (p - 1) / (p - 1)


def lp_rgo(y, eta, lam, p, radius, rng: np.random.Generator, max_attempts: int = 100_000) -> tuple[np.ndarray, int]:
    """Exact RGO for psi = lam r + indicator(B_p(0, radius)), r = ||x||_p^2/(2(p-1)): one draw of
    G_y ∝ exp(-psi(x) - ||x - y||^2/(2 eta)) (the density Prop 4.4.8 samples from, 003 L3751; Alg 14 line 3, L2789).

    Preconditions (validated): y a finite vector; eta > 0; lam >= 0; p in (1, 2]; radius > 0; max_attempts >= 1.
    Steps: (1) centre c = the l_2 projection of y onto X (:func:`_project_lp_ball`; c = y when y in X); for every x in
        X, <x, y - c> <= radius ||y - c||_q (the support function of B_p, q = p/(p-1)), so
        ||x - y||^2 >= ||x - c||^2 + const, EXACTLY for any c (c near the projection only makes it tight);
        (2) h = lam r is convex: h(x) >= h(x0) + <g, x - x0>, g = grad h(x0), tangent point x0 = c/(1 + eta lam/(p-1))
        (the mode of G_y for p = 2 and y in X); (3) repeat: x = c - eta g + sqrt(eta) z, z ~ N(0, I); if
        ||x||_p <= radius, accept with probability exp(-[h(x) - h(x0) - <g, x - x0>] - [radius ||y - c||_q -
        <x, y - c>]/eta) (both brackets >= 0 on X; a rounding-level negative value gives a probability > 1, i.e.
        acceptance, no clamp).
    Postcondition: returns (x, attempts) with x ~ G_y exactly; attempts = the number of Gaussian proposals made.
    Randomness: ``rng`` only (per attempt: d standard normals, and one uniform when the proposal lies in X).
    Spec: 003_ch04.alg_value_oracle_sampler
    """
    y = _V.vector("y", y)
    eta, lam = _V.positive("eta", eta), _V.nonnegative("lam", lam)
    p = _p(p)
    radius = _radius(radius, p)
    rng = _V.generator("rng", rng)
    max_attempts = _V.integer("max_attempts", max_attempts, lo=1)
    return _rgo_draw(y, eta, lam, p, radius, rng, max_attempts)


def _t_of_nu(a: np.ndarray, nu: float, p: float) -> np.ndarray:
    """t_i >= 0 solving t + nu p t^{p-1} = a_i (the KKT equation of the l_2 projection onto B_p, per coordinate):
    closed form for p = 2 (t = a/(1 + 2 nu)) and p = 3/2 (sqrt(t) is the positive root of s^2 + 1.5 nu s - a = 0),
    vectorised bisection (60 halvings) otherwise."""
    if p == 2.0:
        return a / (1 + 2 * nu)
    if p == 1.5:
        b = 1.5 * nu
        s = 2 * a / (b + np.sqrt(b * b + 4 * a))                              # cancellation-free root
        return s * s
    lo, hi = np.zeros_like(a), a.copy()
    for _ in range(60):
        mid = (lo + hi) / 2
        big = mid + nu * p * mid ** (p - 1) > a
        hi, lo = np.where(big, mid, hi), np.where(big, lo, mid)
    return (lo + hi) / 2


def _project_lp_ball(y: np.ndarray, p: float, radius: float) -> np.ndarray:
    """The l_2 projection of y onto B_p(0, radius) (y itself when inside): sign(y) t(nu) with nu > 0 the root of
    sum t_i(nu)^p = radius^p (Brent's method on a bracket found by doubling).  Only needs to be near the projection:
    :func:`lp_rgo`'s envelope is exact for any centre."""
    if float(np.sum(np.abs(y) ** p)) <= radius ** p:
        return y
    from scipy.optimize import brentq
    a = np.abs(y)
    f = lambda nu: float(np.sum(_t_of_nu(a, nu, p) ** p)) - radius ** p
    hi = 1e-12
    while f(hi) > 0:
        hi *= 4
    nu = brentq(f, 0.0, hi, xtol=1e-300, rtol=4 * np.finfo(float).eps)
    return np.sign(y) * _t_of_nu(a, nu, p)


class _Schatten:
    """The Schatten-p geometry on row-major vectorised d1 x d2 matrices (Cor 4.4.13, 003 L3839-3861): norm = l_p norm
    of the singular values, grad of ||M||_{S_p}^2/2 = ||M||^{2-p} U diag(s^{p-1}) V^T, Frobenius projection onto the
    S_p ball = U diag(l_2 projection of s onto B_p) V^T (unitarily invariant norm), dual norm S_q."""

    def __init__(self, d1: int, d2: int):
        self.shape = (d1, d2)

    def svd(self, v):
        return np.linalg.svd(np.reshape(v, self.shape), full_matrices=False)

    def norm(self, v, p):
        return float(np.linalg.norm(np.linalg.svd(np.reshape(v, self.shape), compute_uv=False), p))

    def grad_half_sq(self, v, p):
        U, sv, Vt = self.svd(v)
        nv = float(np.linalg.norm(sv, p))
        return (nv ** (2 - p) * (U * sv ** (p - 1)) @ Vt).ravel() if nv > 0 else np.zeros_like(v)

    def project(self, y, p, radius):
        U, sv, Vt = self.svd(y)
        if float(np.sum(sv ** p)) <= radius ** p:
            return y
        return ((U * _project_lp_ball(sv, p, radius)) @ Vt).ravel()


class _Lp:
    """The l_p geometry (Cor 4.4.10, 003 L3787)."""

    def norm(self, v, p):
        return float(np.linalg.norm(v, p))

    def project(self, y, p, radius):
        return _project_lp_ball(y, p, radius)


_LP = _Lp()


def _rgo_draw(y, eta, lam, p, radius, rng, max_attempts, geom=_LP):
    """:func:`lp_rgo` without the validation (inner loop of the sampler; the caller validated once); ``geom`` = the
    l_p (default) or Schatten-p geometry (same steps with its norm, gradient, projection and dual norm)."""
    cc = lam / (2 * (p - 1))
    q = p / (p - 1)
    c = geom.project(y, p, radius)                                           # centre (= y when y in X)
    v = y - c
    sup = radius * geom.norm(v, q) if np.any(v) else 0.0                     # max_X <x, y - c> (support function)
    x0 = c / (1 + eta * lam / (p - 1))                                       # tangent point (the mode for p = 2)
    n0 = geom.norm(x0, p)
    h0 = cc * n0 * n0                                                        # h(x0) = lam ||x0||_p^2/(2(p-1))
    if geom is _LP:                                                          # grad h(x0), l_p closed form
        g = (2 * cc * n0 ** (2 - p)) * np.sign(x0) * np.abs(x0) ** (p - 1) if n0 > 0 else np.zeros_like(y)
    else:
        g = 2 * cc * geom.grad_half_sq(x0, p)                                # grad h(x0) through the SVD
    m = c - eta * g                                                          # mean of the envelope Gaussian
    s = math.sqrt(eta)
    for a in range(1, max_attempts + 1):
        x = m + s * rng.standard_normal(y.shape[0])
        nx = geom.norm(x, p)
        if nx > radius:                                                      # outside X: psi = +inf
            continue
        gap = cc * nx * nx - h0 - float(g @ (x - x0))                        # Bregman gap h(x) - h(x0) - <g, x - x0>
        if sup:
            gap += (sup - float(x @ v)) / eta                                # support gap of the centre shift
        if rng.random() < math.exp(-gap):
            return x, a
    raise RuntimeError(f"lp_rgo: no acceptance in max_attempts = {max_attempts} proposals")


def make_lp_rgo(eta, lam, p, radius, stats: dict | None = None, schatten_shape: tuple | None = None) -> Callable:
    """The ``proposal(y, rng) -> (x, attempts)`` of Alg 14 line 3 (003 L2789) for the l_p psi: :func:`lp_rgo` with
    fixed (eta, lam, p, radius); ``stats`` (a dict, optional) accumulates "rgo_draws" and "rgo_attempts";
    ``schatten_shape = (d1, d2)``: the same RGO on the Schatten-p ball of d1 x d2 matrices (row-major vectors;
    psi = lam ||M||_{S_p}^2/(2(p-1)) + indicator, Cor 4.4.13 L3839-3861): norm, gradient and projection through the
    SVD, support function radius ||.||_{S_q}.

    Preconditions (validated): as :func:`lp_rgo`.
    Postcondition: every call is one exact draw of G_y.
    Spec: 003_ch04.alg_value_oracle_sampler
    """
    eta, lam = _V.positive("eta", eta), _V.nonnegative("lam", lam)
    p = _p(p)
    radius = _radius(radius, p)
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict or None, got {type(stats).__name__}")
    st = stats if stats is not None else {}
    geom = _LP
    if schatten_shape is not None:
        sh = _V.sequence("schatten_shape", schatten_shape)
        if len(sh) != 2:
            raise ValueError(f"schatten_shape must be (d1, d2), got {schatten_shape!r}")
        geom = _Schatten(_V.integer("schatten_shape[0]", sh[0], lo=1), _V.integer("schatten_shape[1]", sh[1], lo=1))

    def proposal(y, rng):
        x, a = _rgo_draw(np.asarray(y, dtype=float), eta, lam, p, radius, rng, 100_000, geom)
        st["rgo_draws"] = st.get("rgo_draws", 0) + 1
        st["rgo_attempts"] = st.get("rgo_attempts", 0) + a
        return x, a

    return proposal


def gll_sample(oracle: SampleAccessOracle, G2, lam, p, radius, delta_tv, rng: np.random.Generator, *,
               C_eta=2.0 ** -8, C_T=1.0, x0=None, steps: int | None = None, stats: dict | None = None,
               trace: list | None = None, schatten_shape: tuple | None = None) -> np.ndarray:
    """Prop 4.4.8 (003 L3751-3753) = [GLL22] Thm 3.2.3 (L2552-2556) for F~ = (1/n) sum_i f_i + psi,
    psi = lam r_p + indicator(B_p(0, radius)): the alternating sampler (Alg 13, L2764-2775) with line 4 by the
    rejection loop Alg 14 (L2783-2797) whose proposals are the exact l_p RGO (:func:`make_lp_rgo`).

    Preconditions (validated): ``oracle`` a SampleAccessOracle with per-sample values f_i(x) (the value queries are
        counted by its QueryCounter), each f_i convex and G2-Lipschitz in l_2 on X (caller); G2 > 0, lam > 0;
        p in (1, 2]; radius > 0; delta_tv in (0, 1/2); C_eta, C_T > 0; x0 in X (default the centre); ``steps`` None
        (the parameter rule) or an integer in [1, 1e8] (an explicit T, e.g. the 2-step negative control); the l_p RGO
        raises RuntimeError after 1e5 Gaussian proposals without acceptance (never reached at eta lam <= 1).
    Steps: (T, eta, delta_in) = composite_sampler_parameters(G2, lam, d, D = 2 radius, delta_tv, C_eta, C_T)
        (Thm 3.5.6 / 3.5.2's rule, shared with Ch. 3); for t = 1..T: y_t = x_{t-1} + sqrt(eta) zeta (Alg 13 line 3,
        L2770); x_t = Alg 14 (rgo_rejection with proposal = l_p RGO) (line 4, L2771).
    Postcondition: returns x_T; TV(law(x_T), ∝ exp(-F~)) <= delta_tv for the (unprinted) Theta-constants; ``stats``
        receives T, eta, delta_in, the RGO calls of Alg 13 (= T), Alg 14's rounds / proposals / rho_outside /
        alpha_queries (= the value queries, fresh indices), and the l_p RGO's draws and Gaussian attempts; ``trace``
        (a list, optional) receives the T iterates x_1, ..., x_T (Alg 13's trace); ``schatten_shape = (d1, d2)``: X
        the Schatten-p ball of d1 x d2 matrices (vectors of length d1 d2) and psi the Schatten regulariser.
    Randomness: ``rng`` only (Alg 13's Gaussians, Alg 14's indices / uniforms, the RGO's proposals).
    Spec: 003_ch04.alg_value_oracle_sampler
    """
    _V.has_methods("oracle", oracle, ("value",))
    rng = _V.generator("rng", rng)
    G2, lam = _V.positive("G2", G2), _V.positive("lam", lam)
    p = _p(p)
    radius = _radius(radius, p)
    delta_tv = _V.in_range("delta_tv", delta_tv, 0.0, 0.5, lo_open=True, hi_open=True)
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict or None, got {type(stats).__name__}")
    st = stats if stats is not None else {}
    d = oracle.dim if oracle.dim is not None else int(np.asarray(oracle.data[0], dtype=float).size)
    x0 = np.zeros(d) if x0 is None else _V.vector("x0", x0, d)
    proposal = make_lp_rgo(1.0, lam, p, radius, None, schatten_shape)      # validates schatten_shape
    geom = _LP if schatten_shape is None else _Schatten(*schatten_shape)
    if schatten_shape is not None and schatten_shape[0] * schatten_shape[1] != d:
        raise ValueError(f"schatten_shape {schatten_shape!r} must have d1 d2 = d = {d}")
    if not geom.norm(x0, p) <= radius:
        raise ValueError(f"x0 must lie in X = B_p(0, {radius}), got ||x0||_p = {geom.norm(x0, p)}")
    prm = composite_sampler_parameters(G2, lam, d, 2 * radius, delta_tv, C_eta, C_T)       # Thm 3.5.6 rule
    T = prm["T"] if steps is None else _V.integer("steps", steps, lo=1, hi=10 ** 8)
    eta = prm["eta"]
    proposal = make_lp_rgo(eta, lam, p, radius, st, schatten_shape)
    calls = [0]

    def line4(y):                                                            # Alg 13 line 4 (L2771) by Alg 14
        calls[0] += 1
        return rgo_rejection(oracle, y, eta, lam, rng, stats=st, proposal=proposal)

    x = alternating_sampler(x0, T, eta, line4, rng, trace)                   # Alg 13 (L2764-2775)
    st.update(T=T, eta=eta, delta_in=delta_tv / (2 * T), rgo_calls=st.get("rgo_calls", 0) + calls[0])
    return x


def rem_erm_gll(data: Sequence, loss: Callable, *, d: int, p, radius, G, epsilon, delta, delta_tv,
                rng: np.random.Generator, params: str = "consistent", C_eta=2.0 ** -8, C_T=1.0, x0=None,
                steps: int | None = None, counter: QueryCounter | None = None, stats: dict | None = None,
                trace: list | None = None, schatten_shape: tuple | None = None):
    """Private ERM by the REM of Thm 4.4.2 (003 L3667-3683) with the l_p regulariser of Cor 4.4.10 (L3787), 1 < p <= 2,
    on X = B_p(0, radius), SAMPLED by the chapter's own sampler (Prop 4.4.8 via Prop 4.4.9, L3751-3765).

    Preconditions (validated): ``data`` non-empty (n = len(data)); ``loss(x, s)`` convex, G-Lipschitz in ||.||_p
        (caller); d >= 1; p in (1, 2]; radius, G, epsilon > 0; delta in (0, 1/2); delta_tv in (0, 1/2);
        C_eta, C_T, x0, steps, trace as in :func:`gll_sample`; ``counter`` a QueryCounter (default: a fresh one);
        ``schatten_shape = (d1, d2)`` (d = d1 d2): the Schatten-p REM of Cor 4.4.13 (L3839-3861) instead: (r, Theta) =
        schatten_regularizer(p, min(d1, d2), 2 radius), G' = k min(d1, d2)^{1/p - 1/2} G (the Frobenius norm is the
        l_2 norm of the vector, rank <= min(d1, d2): "d <- d2" of L3861).
    Steps: (r, Theta) = lp_regularizer(p, d, D = 2 radius) (L3787); (k, mu) = rem_erm_params(n, d, G, Theta,
        epsilon, delta, params) (L3669 / Audit #1); components k loss(., s_i) as counted value oracles; Prop 4.4.9's
        conversion (L3763): G' = k d^{1/p - 1/2} G in l_2, psi = k mu r + indicator(X), (k mu)-strongly convex in l_2;
        x = gll_sample(oracle, G', k mu, p, radius, delta_tv, ...).
    Postcondition: returns (x, info): x in X, TV(law(x), ∝ exp(-k(F_D + mu r)) 1_X) <= delta_tv for the unprinted
        Theta-constants (Readings); info = dict(k, mu, Theta, G2, value_queries (counted), query_formula = Prop 4.4.9's
        leading term query_count_bound(k G, k mu, 2 radius, d, delta_tv, p) -- Schatten: Prop 4.4.8's G'^2/(k mu)
        log^2(G'^2 (D^2 + 1/(k mu)) d1/delta_tv) with d1 = max(d1, d2) in the log (L3861) --, and the sampler's stats).
    Randomness: ``rng`` only.
    Spec: 003_ch04.alg_value_oracle_sampler
    """
    _V.callable_("loss", loss)
    data = _V.sequence("data", data)
    d = _V.integer("d", d, lo=1)
    p, G = _p(p), _V.positive("G", G)
    radius = _radius(radius, p)
    n = len(data)
    if schatten_shape is None:
        r, Theta = rem.lp_regularizer(p, d, 2 * radius)                     # L3787 (r centred at 0)
        dconv = d
    else:
        d1, d2 = (_V.integer("schatten_shape[0]", schatten_shape[0], lo=1),
                  _V.integer("schatten_shape[1]", schatten_shape[1], lo=1))
        if d1 * d2 != d:
            raise ValueError(f"schatten_shape {schatten_shape!r} must have d1 d2 = d = {d}")
        dconv = min(d1, d2)
        r, Theta = rem.schatten_regularizer(p, dconv, 2 * radius, np.zeros((d1, d2)))    # L3839-3861
    k, mu = rem.rem_erm_params(n, d, G, Theta, epsilon, delta, params)       # L3669 / Audit #1
    if counter is not None and not isinstance(counter, QueryCounter):
        raise TypeError(f"counter must be a QueryCounter or None, got {type(counter).__name__}")
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict or None, got {type(stats).__name__}")
    counter = counter if counter is not None else QueryCounter()
    oracle = SampleAccessOracle(lambda x, s: np.zeros_like(x), data, per_sample_loss=lambda x, s: k * loss(x, s),
                                dim=d, counter=counter)                      # value queries to k f(.; s_i)
    G2 = k * dconv ** (1 / p - 0.5) * G                                      # L3763 / L3861: -> l_2 Lipschitz
    st = stats if stats is not None else {}
    q0 = counter.calls
    x = gll_sample(oracle, G2, k * mu, p, radius, delta_tv, rng, C_eta=C_eta, C_T=C_T, x0=x0, steps=steps,
                   stats=st, trace=trace, schatten_shape=schatten_shape)
    info = dict(k=k, mu=mu, Theta=Theta, G2=G2, value_queries=counter.calls - q0,
                query_formula=(rem.query_count_bound(k * G, k * mu, 2 * radius, d, delta_tv, p) if schatten_shape is None
                               else rem.query_count_bound(G2, k * mu, 2 * radius, max(d1, d2), delta_tv, 2.0)), **st)
    return x, info
