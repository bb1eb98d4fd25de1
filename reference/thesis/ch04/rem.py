"""Regularized exponential mechanism (REM) of thesis 003 Ch. 4 (Gopi-Lee-Liu-Shen-Tian, general norms).

Every mechanism of Ch. 4 is "draw ONE sample from nu ∝ exp(-U) 1_X" with U = k (F_D + mu r) (Thms 4.4.2, 4.4.6)
or U = k F_D (Thms 4.5.2, 4.5.3).  The parameter rules are functions here (printed and corrected values, seed
lines cited); the sampling step is delegated to an exact back-end:

* :func:`make_interval_sampler` -- X = [lo, hi] (d = 1), any potential: inverse CDF with mpmath quadrature
  (NUMERIC, accurate to ~dps digits);
* :func:`make_quadratic_ball_sampler` -- X = l2 ball, U(x) = (a/2)||x - m||^2 + const (linear losses +
  quadratic regularizer, or quadratic losses): exact rejection sampler of the truncated Gaussian
  (``reference.core.samplers.truncated_gaussian_ball``).  The quadratic is identified from 2d+1 value queries
  and verified at a random point (ValueError if U is not isotropic-quadratic).

``L`` always denotes log(1/(2 delta)) (Fact 4.2.4, 003 L3526).
Spec: 003_ch04.alg_rem_erm, 003_ch04.alg_rem_sco, 003_ch04.alg_em_strongly_convex.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import mpmath as mp
import numpy as np

from reference.core import accounting
from reference.core.oracles import ValueOracle
from reference.core.samplers import inverse_cdf_sample, truncated_gaussian_ball
from reference.core.validation import in_range, positive, positive_int
from reference.core import validation as _V

__all__ = [
    "L_of", "rem_erm_params", "rem_sco_params", "em_sc_params", "rem_erm", "rem_sco", "em_strongly_convex",
    "make_interval_sampler", "make_quadratic_ball_sampler", "gdp_parameter", "rem_privacy_delta",
    "fact424_threshold", "lp_regularizer", "schatten_regularizer", "query_count_bound",
    "make_lp_ball_rejection_sampler", "make_schatten_ball_rejection_sampler",
]


# ----------------------------------------------------------------------------------------------- validation
def _delta(delta) -> float:
    """delta in (0, 1/2): Fact 4.2.4 needs L = log(1/(2 delta)) > 0."""
    return in_range("delta", delta, 0.0, 0.5, lo_open=True, hi_open=True)


def L_of(delta) -> float:
    """L = log(1/(2 delta)) for delta in (0, 1/2) (003 L3526)."""
    delta = _V.probability("delta", delta)
    return math.log(1.0 / (2.0 * _delta(delta)))


# ----------------------------------------------------------------------------------------------- parameters
def rem_erm_params(n, d, G, Theta, epsilon, delta, params: str = "consistent") -> tuple[float, float]:
    """(k, mu) of Theorem 4.4.2 (003 L3669).

    Preconditions: n, d integers >= 1; G, Theta, epsilon in (0, inf); delta in (0, 1/2);
        params in {"printed", "consistent"}.
    printed    (L3669): k = sqrt(d n) eps/(G sqrt(2 Theta L)), mu = G sqrt(2 d L)/(sqrt(Theta n) eps);
    consistent (from (4.6) L3677 and the utility proof L3681; Audit #1):
               k = n sqrt(d) eps/(G sqrt(2 Theta L)), mu = 2 G^2 k L/(n^2 eps^2) (so mu Theta = d/k).
    Spec: 003_ch04.alg_rem_erm

    Steps: L = log(1/(2 delta)); (k, mu) by ``params`` as above.
    Postcondition: returns (k, mu); with "consistent", mu Theta + d/k = G sqrt(Theta) sqrt(8 d L)/(n eps) (Thm 4.4.2's bound).
    """
    _V.choice("params", params, ('consistent', 'printed'))
    delta = _V.probability("delta", delta)
    n, d = positive_int("n", n), positive_int("d", d)
    G, Theta, eps = positive("G", G), positive("Theta", Theta), positive("epsilon", epsilon)
    L = L_of(delta)
    if params == "printed":
        k = math.sqrt(d * n) * eps / (G * math.sqrt(2 * Theta * L))            # L3669
        mu = G * math.sqrt(2 * d * L) / (math.sqrt(Theta * n) * eps)            # L3669
    elif params == "consistent":
        k = n * math.sqrt(d) * eps / (G * math.sqrt(2 * Theta * L))            # Audit #1
        mu = 2 * (G / (n * eps)) * (G / (n * eps)) * k * L                     # (4.6) L3677 (no G**2 overflow)
    else:
        raise ValueError(f"params must be 'printed' or 'consistent', got {params!r}")
    return _V.finite_result("(k, mu)", [k, mu], G=G, Theta=Theta, epsilon=eps, n=n) and (k, mu)


def rem_sco_params(n, d, G, Theta, epsilon, delta) -> tuple[float, float]:
    """(k, mu) of Theorem 4.4.6 (003 L3715): C1 = 2G^2 Theta L/(n^2 eps^2), C2 = n eps^2/(2L),
    k = sqrt((d + C2)/C1), mu = 2 G^2 k L/(n^2 eps^2).  Spec: 003_ch04.alg_rem_sco

    Preconditions (validated): n, d integers >= 1; G, Theta, epsilon > 0; delta in (0, 1/2).
    Steps: L = log(1/(2 delta)); C1, C2, k, mu as above.
    Postcondition: returns (k, mu); C1 k + (C2 + d)/k = 2 sqrt(C1 (C2 + d)) <= G sqrt(Theta)(sqrt(8/n) + sqrt(8 d L)/(n eps)).
    """
    delta = _V.probability("delta", delta)
    n, d = positive_int("n", n), positive_int("d", d)
    G, Theta, eps = positive("G", G), positive("Theta", Theta), positive("epsilon", epsilon)
    L = L_of(delta)
    C1 = 2 * (G / (n * eps)) * (G / (n * eps)) * Theta * L                     # L3715 (no G**2 overflow)
    C2 = n * eps * eps / (2 * L)                                                # L3715
    k = math.sqrt((d + C2) / C1) if C1 > 0 else math.inf                        # L3715
    mu = 2 * (G / (n * eps)) * (G / (n * eps)) * k * L                          # L3715
    return _V.finite_result("(k, mu)", [k, mu], G=G, Theta=Theta, epsilon=eps, n=n) and (k, mu)


def em_sc_params(n, G, mu, epsilon, delta) -> float:
    """k = n^2 eps^2 mu/(2 G^2 L) of Theorems 4.5.2/4.5.3 (003 L3882, L3902).  Spec: 003_ch04.alg_em_strongly_convex

    Preconditions (validated): n integer >= 1; G, mu, epsilon > 0; delta in (0, 1/2).
    Steps: L = log(1/(2 delta)); k = n^2 eps^2 mu/(2 G^2 L).
    Postcondition: d/k = 2 d G^2 L/(n^2 eps^2 mu) (the utility of Thm 4.5.2).
    """
    delta = _V.probability("delta", delta)
    n = positive_int("n", n)
    G, mu, eps = positive("G", G), positive("mu", mu), positive("epsilon", epsilon)
    k = (n * eps / G) * (n * eps / G) * mu / (2 * L_of(delta))         # no G**2 / eps**2 overflow
    return _V.finite_result("k", k, n=n, epsilon=eps, mu=mu, G=G)


# ----------------------------------------------------------------------------------------------- privacy accounting
def gdp_parameter(G, n, k, strong_convexity, neighbouring: str = "replace") -> float:
    """GDP parameter t of Theorem 4.1.3 for U_D = k F_D + (strongly convex part), U_D kappa-strongly convex.

    Lambda = Lipschitz constant of U_D - U_D' = c k G/n with c = 2 for replace-one neighbours (the document's
    notion, L3518; Audit #2) and c = 1 for the paper's own computation (L3675, "paper").
    t = Lambda / sqrt(kappa), kappa = ``strong_convexity`` (k mu for REM, k mu for Thm 4.5.2).
    """
    c = {"replace": 2.0, "paper": 1.0}.get(neighbouring)
    if c is None:
        raise ValueError(f"neighbouring must be 'replace' or 'paper', got {neighbouring!r}")
    k, G, n = positive("k", k), positive("G", G), positive_int("n", n)
    t = c * k * G / (n * math.sqrt(positive("strong_convexity", strong_convexity)))
    return _V.finite_result("t", t, k=k, G=G, n=n)


def rem_privacy_delta(epsilon, t, **kw) -> float:
    """delta(eps) = delta_G(t, eps) (Theorem 4.1.3 + exact Gaussian curve, ``accounting.gdp_delta``)."""
    _V.nonnegative("t", t)
    epsilon = _V.nonnegative("epsilon", epsilon, allow_inf=True)
    return float(accounting.gdp_delta(epsilon, t, **kw))


def fact424_threshold(epsilon, delta) -> float:
    """X_delta(eps) = sqrt(2L + 2 eps) - sqrt(2L) of Fact 4.2.4 (003 L3526)."""
    eps = _V.nonnegative("epsilon", epsilon)
    delta = _V.probability("delta", delta)
    L = L_of(delta)
    r = math.sqrt(2.0) * math.sqrt(eps)    # sqrt(2L + 2eps) - sqrt(2L) = r / (sqrt(1 + (t/r)^2) + t/r), t = sqrt(2L):
    t = math.sqrt(2 * L)                   # cancellation-free and no overflow of 2 eps (eps = 1e308)
    return r / (math.hypot(t / r, 1.0) + t / r) if r > 0 else 0.0


# ----------------------------------------------------------------------------------------------- sampling back-ends
def make_interval_sampler(lo, hi, dps: int = 30, panels: int = 16, breakpoints=()) -> Callable:
    """Exact-law (to ``dps`` digits) sampler of nu ∝ exp(-U) on X = [lo, hi] by inverse CDF.

    Returns ``sample(U, rng, u=None) -> float``; U is called on floats (mpmath values are converted).
    ``breakpoints``: points of (lo, hi) where U is not smooth (kinks of the losses), added to the quadrature panels.

    Preconditions (validated): lo < hi finite; U finite on [lo, hi].
    Steps: quadrature panels (plus ``breakpoints``), normaliser Z by mpmath quad, CDF by quad, inverse CDF by
        ``reference.core.samplers.inverse_cdf_sample``.
    Postcondition: x ~ nu up to the stated tolerance ((hi - lo) 1e-11 in x).
    Randomness: one standard uniform, from ``rng`` or the pre-drawn ``u``.
    Spec: 003_ch04.alg_rem_erm
    """
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    lo, hi, panels = _V.real("lo", lo), _V.real("hi", hi), _V.integer("panels", panels, lo=1)
    if not lo < hi:
        raise ValueError(f"[lo, hi] must be a finite interval with lo < hi, got [{lo}, {hi}]")
    breakpoints = [_V.real(f"breakpoints[{i}]", b) for i, b in enumerate(_V.sequence("breakpoints", breakpoints,
                                                                                      allow_empty=True))]

    def sample(U: Callable, rng: np.random.Generator | None, u=None) -> float:
        with mp.workdps(dps):
            grid = sorted({mp.mpf(lo) + (mp.mpf(hi) - lo) * i / panels for i in range(panels + 1)}
                          | {mp.mpf(b) for b in breakpoints if lo < b < hi})
            shift = min(float(U(np.array([float(g)]))) for g in grid)

            def dens(x):
                return mp.e ** (-(mp.mpf(float(U(np.array([float(x)])))) - shift))

            Z = mp.quad(dens, grid)

            def cdf(x):
                return mp.quad(dens, [g for g in grid if g < x] + [x]) / Z

            x = inverse_cdf_sample(cdf, lo, hi, rng, u=u, pdf=lambda x: dens(x) / Z, dps=min(dps, 20),
                                   tol=(hi - lo) * 1e-11)
            return float(x)

    return sample


def make_quadratic_ball_sampler(d: int, radius: float = 1.0, check_rng_points: int = 2) -> Callable:
    """Exact sampler of nu ∝ exp(-U) 1_{||x||_2 <= radius} when U(x) = (a/2)||x - m||^2 + const.

    Identification (2d + 1 value queries): U(0), U(±h e_i) give a = (U(h e_i) + U(-h e_i) - 2U(0))/h^2 and
    m_i = -(U(h e_i) - U(-h e_i))/(2 h a); U is then checked at ``check_rng_points`` random points (relative
    error <= 1e-8, else ValueError: the potential is not isotropic-quadratic).  The draw itself is the exact
    rejection sampler ``truncated_gaussian_ball(m, 1/sqrt(a), radius)``.
    Returns ``sample(U, rng, noise=None) -> np.ndarray``.

    Preconditions (validated): d integer >= 1; radius > 0; U isotropic quadratic (checked, ValueError otherwise).
    Steps: identify (a, m) from 2d + 1 values; check at random points; exact rejection draw.
    Postcondition: x ~ N(m, I/a) restricted to the ball, i.e. nu exactly.
    Randomness: the rejection sampler's normals from ``rng`` or its pre-drawn ``noise`` (see truncated_gaussian_ball).
    Spec: 003_ch04.alg_rem_erm
    """
    check_rng_points = _V.integer("check_rng_points", check_rng_points)
    d = positive_int("d", d)
    radius = positive("radius", radius)

    def sample(U: Callable, rng: np.random.Generator, noise=None) -> np.ndarray:
        h = radius / 2
        u0 = float(U(np.zeros(d)))
        a_i, m = np.empty(d), np.empty(d)
        for i in range(d):
            e = np.zeros(d)
            e[i] = h
            up, um = float(U(e)), float(U(-e))
            a_i[i] = (up + um - 2 * u0) / h ** 2
            m[i] = -(up - um) / (2 * h * a_i[i]) if a_i[i] > 0 else np.nan
        a = float(a_i.mean())
        if not (a > 0 and np.allclose(a_i, a, rtol=1e-8) and np.all(np.isfinite(m))):
            raise ValueError("U must be (a/2)||x - m||^2 + const with a > 0 (isotropic quadratic potential)")
        c0 = u0 - a / 2 * float(m @ m)
        test_rng = np.random.default_rng(12345)
        for _ in range(check_rng_points):
            z = test_rng.uniform(-radius, radius, d) / math.sqrt(d)
            pred = a / 2 * float((z - m) @ (z - m)) + c0
            if not math.isclose(pred, float(U(z)), rel_tol=1e-8, abs_tol=1e-8 * (abs(u0) + a)):
                raise ValueError("U must be an isotropic quadratic (a/2)||x - m||^2 + const (check at a random point failed)")
        x, _ = truncated_gaussian_ball(m, 1 / math.sqrt(a), radius, rng, noise=noise)
        return x

    return sample


# ----------------------------------------------------------------------------------------------- mechanisms
def _check_k_mu(k, mu_, **params):
    """The potential's scales k and k mu must be finite and > 0 in float arithmetic (else the sampler would see a
    degenerate potential): a ValueError naming the parameters otherwise."""
    if not (0.0 < k < math.inf and 0.0 < k * mu_ < math.inf):
        args = ", ".join(f"{n}={v!r}" for n, v in params.items())
        raise ValueError(f"the potential's scales k = {k!r}, k mu = {k * mu_!r} leave (0, inf) in float arithmetic at "
                         f"{args}")


def _potential(data: Sequence, loss: Callable, k: float, mu: float, r: Callable | None,
               vectorized_loss: bool = False) -> ValueOracle:
    n = len(data)
    S = np.asarray(data, dtype=float) if vectorized_loss else None

    def U(x):
        x = np.asarray(x, dtype=float)
        if vectorized_loss:                                                     # loss(x, S) = (f(x; s_i))_i
            FD = float(np.mean(loss(x, S)))                                     # F_D(x) = (1/n) sum f(x; s_i)  (4.1)
        else:
            FD = sum(loss(x, s) for s in data) / n                              # F_D(x) = (1/n) sum f(x; s_i)  (4.1)
        return k * (FD + (mu * r(x) if r is not None else 0.0))

    return ValueOracle(U)


def rem_erm(data: Sequence, loss: Callable, r: Callable, *, d: int, G, Theta, epsilon, delta,
            sampler: Callable, rng: np.random.Generator, params: str = "consistent", noise=None,
            return_oracle: bool = False, vectorized_loss: bool = False):
    """Private ERM by REM (Theorem 4.4.2, 003 L3667-3683).

    Preconditions: ``data`` non-empty sequence (n = len(data)); ``loss(x, s)`` convex, G-Lipschitz in ||.||_X;
        ``r`` 1-strongly convex on X with range <= Theta; d >= 1; G, Theta, epsilon > 0; delta in (0, 1/2);
        ``sampler(U, rng[, noise])`` an exact sampler of ∝ exp(-U) 1_X (back-ends above; the MCMC stand-in of
        ``hit_and_run`` is not exact: its finite-step error is what its law checks bound);
        ``vectorized_loss``: ``loss(x, S)`` takes the stacked data array S (n rows) and returns the n losses
        (the same F_D, one numpy call instead of n Python calls).
    Steps: (1) (k, mu) <- rem_erm_params(params) [L3669 / Audit #1];
           (2) U <- k (F_D + mu r) as a counting value oracle [Thm 4.4.2];
           (3) return x ~ nu ∝ exp(-U) 1_X [L3667].
    Postcondition: x ~ nu exactly (up to the back-end's stated accuracy).  Privacy: GDP with
        t = gdp_parameter(G, n, k, k mu) (2G/n sensitivity, replace-one), i.e. (eps, delta_G(t, eps))-DP; the
        printed claim (eps, delta) fails (Audit #2/#3).  Utility E F_D - min F_D <= mu Theta + d/k.
    Randomness: all of it is the sampler back-end's: from ``rng``, or the back-end's pre-drawn standard draws passed
        as ``noise`` (inverse CDF: one uniform; ball back-end: the normals/uniforms its docstring states).
    Spec: 003_ch04.alg_rem_erm
    """
    _V.callable_("loss", loss); _V.callable_("r", r); _V.callable_("sampler", sampler)
    rng = _V.generator("rng", rng, allow_none=True)
    d = _V.integer("d", d, lo=1)
    data = _V.sequence("data", data)
    return_oracle = _V.flag("return_oracle", return_oracle)
    vectorized_loss = _V.flag("vectorized_loss", vectorized_loss)
    k, mu = rem_erm_params(len(data), d, G, Theta, epsilon, delta, params)     # L3669
    _check_k_mu(k, mu, G=G, Theta=Theta, epsilon=epsilon)
    U = _potential(data, loss, k, mu, r, vectorized_loss)                      # U = k(F_D + mu r)
    x = sampler(U, rng) if noise is None else sampler(U, rng, noise=noise)     # x ~ exp(-U) 1_X  (L3667)
    return (x, U) if return_oracle else x


def rem_sco(data: Sequence, loss: Callable, r: Callable, *, d: int, G, Theta, epsilon, delta,
            sampler: Callable, rng: np.random.Generator, noise=None, return_oracle: bool = False):
    """Private SCO by REM (Theorem 4.4.6, 003 L3713-3743); as :func:`rem_erm` with (k, mu) = rem_sco_params.

    Postcondition: x ~ nu ∝ exp(-k(F_D + mu r)) 1_X; E F_P - min F_P <= C1 k + (C2 + d)/k = 2 sqrt(C1 (C2 + d))
        under the paper's G/n generalization constant (Audit #2 doubles G^2/(n mu)).
    Preconditions, Steps, Randomness: as :func:`rem_erm` (``noise`` = the back-end's pre-drawn standard draws).
    Spec: 003_ch04.alg_rem_sco
    """
    _V.callable_("loss", loss); _V.callable_("r", r); _V.callable_("sampler", sampler)
    rng = _V.generator("rng", rng, allow_none=True)
    d = _V.integer("d", d, lo=1)
    data = _V.sequence("data", data)
    return_oracle = _V.flag("return_oracle", return_oracle)
    k, mu = rem_sco_params(len(data), d, G, Theta, epsilon, delta)             # L3715
    _check_k_mu(k, mu, G=G, Theta=Theta, epsilon=epsilon)
    U = _potential(data, loss, k, mu, r)
    x = sampler(U, rng) if noise is None else sampler(U, rng, noise=noise)     # L3713
    return (x, U) if return_oracle else x


def em_strongly_convex(data: Sequence, loss: Callable, *, G, mu, epsilon, delta, sampler: Callable,
                       rng: np.random.Generator, noise=None, return_oracle: bool = False):
    """Exponential mechanism for mu-strongly convex G-Lipschitz losses (Theorems 4.5.2/4.5.3, 003 L3882-3933).

    Steps: (1) k <- n^2 eps^2 mu/(2 G^2 L) [L3882]; (2) x ~ nu ∝ exp(-k F_D) 1_X.
    Postcondition: x ~ nu; GDP t = 2 G sqrt(k)/(n sqrt(mu)) = 2 eps/sqrt(2L) under replace-one (Audit #2);
        E F_D - min F_D <= d/k = 2 d G^2 L/(n^2 eps^2 mu).
    Preconditions (validated by em_sc_params): data non-empty; G, mu, epsilon > 0; delta in (0, 1/2); f(., s)
        mu-strongly convex and G-Lipschitz; ``sampler`` an exact back-end.
    Randomness: the back-end's, from ``rng`` or its pre-drawn standard draws passed as ``noise``.
    Spec: 003_ch04.alg_em_strongly_convex
    """
    _V.callable_("loss", loss); _V.callable_("sampler", sampler)
    rng = _V.generator("rng", rng, allow_none=True)
    data = _V.sequence("data", data)
    return_oracle = _V.flag("return_oracle", return_oracle)
    k = em_sc_params(len(data), G, mu, epsilon, delta)                          # L3882
    _check_k_mu(k, mu, G=G, mu=mu, epsilon=epsilon)
    U = _potential(data, loss, k, 0.0, None)                                   # U = k F_D
    x = sampler(U, rng) if noise is None else sampler(U, rng, noise=noise)     # L3882
    return (x, U) if return_oracle else x


# ----------------------------------------------------------------------------------------------- l_p / Schatten wrappers
def lp_regularizer(p, d, D, x0=None) -> tuple[Callable, float]:
    """(r, Theta) of Cors 4.4.10-4.4.12 (003 L3787, L3811, L3835).

    1 < p <= 2: r = ||x - x0||_p^2/(2(p-1)), Theta = D^2/(2(p-1));
    p = 1:      q = 1 + 1/log d, r = e^2/(2(q-1)) ||x - x0||_q^2, Theta = e^2 D^2 log(d)/2 (implied, Audit #29);
    p >= 2:     r = ||x - x0||_2^2/2, Theta = d^{1-2/p} D^2/2 (``p=inf`` included: Theta = d D^2/2).
    Spec: 003_ch04.alg_lp_wrappers

    Preconditions (validated): p >= 1; D > 0; d integer >= 1 (d >= 2 for p = 1); x0 in R^d (default 0).
    Steps: choose r and Theta by the three cases above.
    Postcondition: r is 1-strongly convex in ||.||_p ([BCL94], Prop 4.4.7; e^2-scaled l_q for p = 1, which needs
        q <= 2, i.e. d >= 3: at d = 2 the printed r is returned but is not strongly convex, audit.30) and
        max r - min r <= Theta on a set of l_p diameter D around x0 (tested on random points, not proved here).
    """
    p = _V.in_range("p", p, 1.0, math.inf, allow_inf=True)          # ``p=inf``: the l_inf ball (p >= 2 rule)
    D, d = positive("D", D), positive_int("d", d)
    x0 = np.zeros(d) if x0 is None else _V.vector("x0", x0, d)
    _V.finite_result("Theta (D^2 ...)", D * D * max(d, math.e ** 2 * math.log(max(d, 2))), D=D, d=d)
    if p == 1:
        if d < 2:
            raise ValueError("d must be >= 2 for p = 1 (q = 1 + 1/log d)")
        q = 1 + 1 / math.log(d)
        return (lambda x: math.e ** 2 / (2 * (q - 1)) * np.linalg.norm(np.asarray(x) - x0, q) ** 2,
                math.e ** 2 * D ** 2 * math.log(d) / 2)
    if p <= 2:
        return (lambda x: np.linalg.norm(np.asarray(x) - x0, p) ** 2 / (2 * (p - 1)), D ** 2 / (2 * (p - 1)))
    return (lambda x: float(np.sum((np.asarray(x) - x0) ** 2)) / 2, d ** (1 - 2 / p) * D ** 2 / 2)


def schatten_norm(M, p) -> float:
    """Schatten-p norm = l_p norm of the singular values (numpy SVD).

    Preconditions: M a real matrix; p >= 1 (numpy's vector-norm conventions, p = inf allowed).
    Steps: singular values by SVD; their l_p norm.
    Postcondition: ||M||_{S_p}.
    Spec: 003_ch04.alg_schatten_wrappers
    """
    return float(np.linalg.norm(np.linalg.svd(np.asarray(M, dtype=float), compute_uv=False), p))


def schatten_regularizer(p, d2, D, M0) -> tuple[Callable, float]:
    """(r, Theta) of Cor 4.4.13 (003 L3839-3861): the l_p rules with Schatten norms, d <- d2 (rank bound).
    Spec: 003_ch04.alg_schatten_wrappers

    Preconditions (validated): p >= 1 (``p=inf``: the operator norm); D > 0; d2 integer >= 1 (>= 2 for p = 1); M0
        the centre matrix.
    Steps: the l_p rules of :func:`lp_regularizer` with Schatten norms and d <- d2.
    Postcondition: r 1-strongly convex in the Schatten-p norm (for p = 1 only when d2 >= 3: audit.30), range <= Theta
        (tested on random matrices only).
    """
    p = _V.in_range("p", p, 1.0, math.inf, allow_inf=True)          # ``p=inf``: the operator norm (p >= 2 rule)
    D, d2 = positive("D", D), positive_int("d2", d2)
    M0 = _V.matrix("M0", M0)
    _V.finite_result("Theta (D^2 ...)", D * D * max(d2, math.e ** 2 * math.log(max(d2, 2))), D=D, d2=d2)
    if p == 1:
        if d2 < 2:
            raise ValueError("d2 must be >= 2 for p = 1")
        q = 1 + 1 / math.log(d2)
        return (lambda M: math.e ** 2 / (2 * (q - 1)) * schatten_norm(np.asarray(M) - M0, q) ** 2,
                math.e ** 2 * D ** 2 * math.log(d2) / 2)
    if 1 < p <= 2:
        return (lambda M: schatten_norm(np.asarray(M) - M0, p) ** 2 / (2 * (p - 1)), D ** 2 / (2 * (p - 1)))
    if p > 2:
        return (lambda M: schatten_norm(np.asarray(M) - M0, 2) ** 2 / 2, d2 ** (1 - 2 / p) * D ** 2 / 2)
    raise ValueError(f"p must be in [1, inf), got {p}")


def query_count_bound(G, mu, D, d, delta, p=2.0) -> float:
    """Leading term (constants dropped) of Prop 4.4.8/4.4.9 (003 L3751-3765):
    (G^2 c_p/mu) log^2(G^2 (D^2 + 1/mu) d/delta), c_p = d^{2/p-1} (p <= 2) or d^{1-2/p} (p >= 2).
    Spec: 003_ch04.alg_value_oracle_sampler

    Preconditions (validated): G, mu, D > 0; d integer >= 1; delta in (0, 1/2); p >= 1 (``p=inf``: c_p = d).
    Steps: c_p by p; the displayed product.
    Postcondition: the O(.) leading term only (constants of [GLL22] Thm 2.3 unspecified): not a count of any run.
    """
    delta = _V.in_range("delta", delta, 0.0, 0.5, lo_open=True, hi_open=True)
    p = _V.in_range("p", p, 1.0, math.inf, allow_inf=True)          # ``p=inf``: c_p = d
    G, mu, D, d = positive("G", G), positive("mu", mu), positive("D", D), positive_int("d", d)
    cp = d ** (2 / p - 1) if p <= 2 else d ** (1 - 2 / p)
    lg = 2 * math.log(G) + math.log(D * D + 1 / mu) + math.log(d / delta)   # log(G^2 (D^2 + 1/mu) d/delta), no overflow
    return _V.finite_result("the query count", G * (G * cp / mu) * lg * lg, G=G, mu=mu, D=D)


def make_lp_ball_rejection_sampler(d: int, p: float, radius: float = 1.0, center=None) -> Callable:
    """Exact sampler of nu ∝ exp(-U) 1_X on the l_p ball X = B_p(center, radius) for a CONVEX potential U (the REM of
    Thm 4.4.2 with the l_p regularisers of Cors 4.4.10-4.4.12): rejection from the uniform law on the enclosing box.

    Preconditions (validated): d >= 1, p >= 1, radius > 0; ``U`` a counting value oracle (ValueOracle) of a convex
        function on X.
    Steps (per call): z = argmin_X U by SLSQP (one run from the centre); m = U(z) - FW-gap(z) - 1e-6, a lower bound
        on min_X U for convex U (U(x) >= U(z) + <grad U(z), x - z>, gradient by central differences, dual norm p*);
        repeat x ~ Unif(center + [-radius, radius]^d), reject if ||x - center||_p > radius, accept w.p.
        exp(-(U(x) - m)).
    Postcondition: an exact draw of nu when no envelope violation occurs (U(x) < m at a proposal: counted in
        ``sampler.stats["envelope_violations"]``, never clipped silently); ``sampler.stats`` also counts proposals.
    Randomness: ``rng`` only (a rejection loop).
    Spec: 003_ch04.alg_lp_wrappers
    """
    d = positive_int("d", d)
    p = _V.real("p", p)
    if not p >= 1:
        raise ValueError(f"p must be >= 1, got {p!r}")
    radius = positive("radius", radius)
    c0 = np.zeros(d) if center is None else _V.vector("center", center, d)
    stats: dict = {}

    def sampler(U, rng, noise=None):
        if noise is not None:
            raise ValueError("the l_p rejection sampler has no pre-drawn form (noise must be None)")
        rng = _V.generator("rng", rng)
        qd = math.inf if p == 1 else p / (p - 1)
        return _box_rejection_draw(U, rng, c0, radius, lambda v: np.sum(np.abs(v) ** p) <= radius ** p,
                                   lambda v: radius ** p - np.sum(np.abs(v) ** p),
                                   lambda g: radius * float(np.linalg.norm(g, qd)), stats)

    sampler.stats = stats
    return sampler


def _box_rejection_draw(U, rng, c0, radius, inside, slack, support, stats) -> np.ndarray:
    """One exact draw of ∝ exp(-U) 1_X, X = c0 + {v: inside(v)} contained in the box c0 + [-radius, radius]^dim.

    ``slack(v) >= 0`` on X (SLSQP constraint), ``support(g) = max_{v in X - c0} <g, -v>`` (radius times the dual
    norm of g).  Envelope: m = U(z) - <g, z - c0> - support(g) - 1e-6 <= min_X U for convex U (Frank-Wolfe gap at
    the SLSQP point z, g = grad U(z) by central differences).  Proposals and envelope violations are counted in
    ``stats`` (a violation, U(x) < m, is never clipped).  Shared by the l_p and Schatten back-ends.
    """
    from scipy import optimize
    dim = len(c0)
    res = optimize.minimize(lambda z: U(z), c0.copy(), method="SLSQP",
                            constraints=[{"type": "ineq", "fun": lambda z: slack(z - c0)}],
                            options={"ftol": 1e-12, "maxiter": 200})
    z = res.x if slack(res.x - c0) >= -1e-9 * radius else c0.copy()
    h = 1e-7
    g = np.array([(U(z + h * e) - U(z - h * e)) / (2 * h) for e in np.eye(dim)])
    m = float(U(z)) - float(g @ (z - c0)) - support(g) - 1e-6
    while True:
        stats["proposals"] = stats.get("proposals", 0) + 1
        x = c0 + rng.uniform(-radius, radius, dim)
        if not inside(x - c0):
            continue
        e = float(U(x)) - m
        if e < 0:
            stats["envelope_violations"] = stats.get("envelope_violations", 0) + 1
        if math.log(rng.random()) < -e:
            return x


def make_schatten_ball_rejection_sampler(d1: int, d2: int, p: float, radius: float = 1.0, center=None) -> Callable:
    """Exact sampler of nu ∝ exp(-U) 1_X on the Schatten-p ball X = {M in R^{d1 x d2}: ||M - C||_{S_p} <= radius}
    for a CONVEX potential U of the row-major vectorised matrix (the REM of Thm 4.4.2 with the Schatten regularisers
    of Cor 4.4.13, 003 L3839-3861): rejection from the uniform law on the box C + [-radius, radius]^{d1 d2} (every
    entry is at most the operator norm, hence at most the S_p norm), envelope as in
    :func:`make_lp_ball_rejection_sampler` with the dual Schatten-q norm (q = p/(p-1); operator norm for p = 1).

    Preconditions (validated): d1, d2 integers >= 1; p >= 1 (``p=inf``: the operator-norm ball); radius > 0;
        ``center`` a d1 x d2 matrix (default 0); ``U`` a convex value oracle on vectors of length d1 d2.
    Steps (per call): z = argmin_X U (SLSQP); certified lower bound m on min_X U (Frank-Wolfe gap at z);
        repeat x ~ Unif(box), reject if outside X, accept w.p. exp(-(U(x) - m)).
    Postcondition: an exact draw of nu (returned as the vector of length d1 d2) when no envelope violation occurs
        (counted in ``sampler.stats["envelope_violations"]``); ``sampler.stats["proposals"]`` counts proposals.
    Randomness: ``rng`` only (a rejection loop).
    Spec: 003_ch04.alg_schatten_wrappers
    """
    d1, d2 = positive_int("d1", d1), positive_int("d2", d2)
    p = _V.in_range("p", p, 1.0, math.inf, allow_inf=True)
    radius = positive("radius", radius)
    if d1 * d2 > 64:
        raise ValueError(f"d1 d2 must be <= 64 for the box rejection sampler (acceptance collapses), got {d1 * d2}")
    C = np.zeros((d1, d2)) if center is None else _V.matrix("center", center, (d1, d2))
    c0 = C.ravel().copy()
    qd = math.inf if p == 1 else (1.0 if p == math.inf else p / (p - 1))

    def sn(v, r):
        return float(np.linalg.norm(np.linalg.svd(np.reshape(v, (d1, d2)), compute_uv=False), r))

    stats: dict = {}

    def sampler(U, rng, noise=None):
        if noise is not None:
            raise ValueError("the Schatten rejection sampler has no pre-drawn form (noise must be None)")
        rng = _V.generator("rng", rng)
        if p == math.inf:
            return _box_rejection_draw(U, rng, c0, radius, lambda v: sn(v, p) <= radius,
                                       lambda v: radius - sn(v, p), lambda g: radius * sn(g, qd), stats)
        return _box_rejection_draw(U, rng, c0, radius, lambda v: sn(v, p) ** p <= radius ** p,
                                   lambda v: radius ** p - sn(v, p) ** p, lambda g: radius * sn(g, qd), stats)

    sampler.stats = stats
    return sampler
