"""Samplers of thesis 003 Ch.3 Sec 3.5: alternating sampler (Alg 13), rejection RGO (Alg 14), composite sampler
(Thm 3.5.6).  Target pi ~ exp(-(1/n) sum_i f_i(x) - (lam/2)||x||^2) on K = R^d or a ball.

Value queries f_i(x) go through a counting reference.core.oracles.SampleAccessOracle (``value(x, i)``), so the
expected O(1) queries per RGO call (Lemma 3.5.5) are measured exactly.  Randomness: ``rng``; the fixed-shape
streams (Alg 13's Gaussian steps, the unconstrained proposal) also accept pre-drawn standard draws.
Spec: 003_ch03.alg5, alg6, alg7
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from reference.core.oracles import SampleAccessOracle
from reference.core.randomness import Source
from reference.core.samplers import truncated_gaussian_ball
from reference.core import validation as _V

__all__ = ["gaussian_rgo_proposal", "rgo_rejection", "alternating_sampler", "composite_sampler_parameters",
           "composite_sampler"]


def gaussian_rgo_proposal(y, eta, lam, rng: np.random.Generator, radius=None, noise=None):
    """One draw of G_y ~ exp(-(lam/2)||x||^2 - ||x - y||^2/(2 eta)) restricted to K (ball of ``radius`` at 0, or R^d):
    N(y/(1 + eta lam), eta/(1 + eta lam) I) truncated to K (rejection, exact).  Returns (x, attempts).

    Preconditions: eta > 0, lam >= 0 (validated by the callers :func:`rgo_rejection`); radius None or > 0.
    Randomness: K = R^d: one standard-normal vector of shape (d,), from ``rng`` or the pre-drawn ``noise``;
        K a ball: rejection (a random number of normal vectors), ``rng`` only.
    Spec: 003_ch03.alg6
    """
    y = _V.vector("y", y)
    rng = _V.generator("rng", rng, allow_none=noise is not None and radius is None)
    eta, lam = _V.positive("eta", eta), _V.nonnegative("lam", lam)
    noise = _V.optional(_V.vector, "noise", noise, y.shape[0])
    m = y / (1 + eta * lam)
    sd = math.sqrt(eta / (1 + eta * lam))
    if radius is None:
        z = rng.standard_normal(y.shape[0]) if noise is None else noise
        return m + sd * z, 1
    return truncated_gaussian_ball(m, sd, radius, rng)


def rgo_rejection(oracle: SampleAccessOracle, y, eta, lam, rng: np.random.Generator, radius=None,
                  max_rounds: int = 1_000_000, fresh_indices: bool = True, stats: dict | None = None,
                  proposal: Callable | None = None):
    """Alg 14 (003 L2783-2797): exact-in-law implementation of x ~ exp(-F(x) - ||x - y||^2/(2 eta)) up to TV delta_in,
    F = (1/n) sum_i f_i + (lam/2)||x||^2, via rejection with an unbiased estimator of exp(m), m = E_i(f_i(z) - f_i(x)).

    Preconditions: oracle with per-sample values (f_i G-Lipschitz); eta > 0, lam >= 0; max_rounds >= 1.
    Steps (per round): line 2: x, z ~ G_y i.i.d.; line 3: rho = 1; lines 4-8: for alpha = 1, 2, ...: draw alpha fresh
    indices j ~ Unif[n] (``fresh_indices``; else reuse the first alpha of one growing list), rho += prod_{j}
    (f_j(z) - f_j(x)); break with probability alpha/(1 + alpha); line 9: accept x with probability clip(rho/2, 0, 1).
    ``proposal(y, rng) -> (x, attempts)``: an exact sampler of G_y for another psi (default: the quadratic psi =
    (lam/2)||x||^2 on K, :func:`gaussian_rgo_proposal`; used by 003 Ch.4's l_p RGO, reference.thesis.ch04.proximal_sampler).
    Postcondition: returns x; ``stats`` (if given) accumulates rounds, proposals, "rho_outside" (rounds with rho not in
    [0, 2]: the truncation that is Alg 14's only error, Lemma 3.5.3) and "alpha_queries" (sum over rounds of
    alpha_max (alpha_max + 1) = the value queries made with fresh indices).
    Randomness: ``rng`` only: a rejection loop whose number of rounds, indices and uniforms is random, so no
        fixed-shape pre-drawn form exists; ports are compared in law (003_ch03.lemma3_5_5.dkw) and by query counts.
    Spec: 003_ch03.alg6
    """
    _V.vector("y", y); _V.has_methods("oracle", oracle, ("value",))
    rng = _V.generator("rng", rng)
    eta, lam = _V.positive("eta", eta), _V.nonnegative("lam", lam)
    max_rounds = _V.integer("max_rounds", max_rounds, lo=1)
    _V.optional(_V.callable_, "proposal", proposal)
    if not (eta > 0 and lam >= 0):
        raise ValueError(f"eta must be > 0 and lam >= 0, got eta={eta!r}, lam={lam!r}")
    n = oracle.n
    for rnd in range(1, max_rounds + 1):
        if proposal is None:
            x, ax = gaussian_rgo_proposal(y, eta, lam, rng, radius)      # line 2
            z, az = gaussian_rgo_proposal(y, eta, lam, rng, radius)
        else:
            x, ax = proposal(y, rng)                                      # line 2 (another psi's G_y)
            z, az = proposal(y, rng)
        rho = 1.0                                                         # line 3
        alpha = 1
        cache: list[tuple[float, float]] = []
        while True:                                                       # lines 4-8
            if fresh_indices:
                js = rng.integers(0, n, size=alpha)
                diffs = [oracle.value(z, int(j)) - oracle.value(x, int(j)) for j in js]
            else:
                while len(cache) < alpha:
                    j = int(rng.integers(0, n))
                    cache.append(oracle.value(z, j) - oracle.value(x, j))
                diffs = cache[:alpha]
            rho += float(np.prod(diffs))
            if rng.random() < alpha / (1 + alpha):
                break
            alpha += 1
        u = rng.random()                                                  # line 9
        if stats is not None:
            stats["rounds"] = stats.get("rounds", 0) + 1
            stats["proposals"] = stats.get("proposals", 0) + ax + az
            stats["rho_outside"] = stats.get("rho_outside", 0) + (not 0.0 <= rho <= 2.0)
            stats["alpha_queries"] = stats.get("alpha_queries", 0) + alpha * (alpha + 1)
        if u <= rho / 2:
            return x
    raise RuntimeError(f"rgo_rejection: no acceptance in max_rounds={max_rounds} rounds (eta too large?)")


def _stats_dict(stats):
    """``stats=None`` or a dict the sampler accumulates its counts into (TypeError naming ``stats`` otherwise)."""
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict (accumulated into) or None, got {type(stats).__name__} {stats!r}"[:300])
    return stats


def alternating_sampler(x0, T: int, eta, rgo: Callable, rng: np.random.Generator | None, trace: list | None = None,
                        *, draws=None):
    """Alg 13 alternating sampler (003 L2764-2775).

    Preconditions (validated): T integer >= 1; eta > 0; ``rgo(y) -> x`` an (exact or TV-accurate) sampler of
        x ∝ exp(-F(x) - ||x - y||^2/(2 eta)) (line 4; e.g. :func:`rgo_rejection`).
    Steps: for t = 1..T (line 2, L2769): y_t = x_{t-1} + sqrt(eta) zeta_t, zeta_t ~ N(0, I_d) (line 3, L2770);
        x_t = rgo(y_t) (line 4, L2771).  Return x_T (line 6, L2773).
    Postcondition: x_T with TV(x_T, pi) <= delta when eta <= 1/mu and T is as in Thm 3.5.2 (F mu-strongly convex).
    Randomness: the T Gaussian vectors zeta_t, standard normals of shape (T, d), drawn one row per step from ``rng``
        or pre-drawn as ``draws`` (array (T, d), or {"zeta": (T, d)}); ``rgo`` owns its own randomness.  With the
        rows the rng path drew, the draws path returns the same x_T bit for bit (tests/thesis/ch03).
    Spec: 003_ch03.alg5
    """
    _V.callable_("rgo", rgo)
    T = _V.integer("T", T, lo=1)
    eta = _V.positive("eta", eta)
    rng = _V.generator("rng", rng, allow_none=draws is not None, draws_name="draws")
    _V.trace_list("trace", trace)
    x = _V.vector("x0", x0)
    d = x.shape[0]
    zeta = None
    if draws is not None:
        zeta = Source(None, draws, single="zeta").normal("zeta", (int(T), d))
    for t in range(int(T)):
        z = rng.standard_normal(d) if zeta is None else zeta[t]
        y = x + math.sqrt(eta) * z                                        # line 3 (L2770)
        x = np.asarray(rgo(y), dtype=float)                               # line 4 (L2771)
        if trace is not None:
            trace.append(x.copy())
    return x


def composite_sampler_parameters(G, mu, d, D, delta, C_eta=2.0 ** -8, C_T=1.0, max_iter=100):
    """A3.7 parameters (Thm 3.5.6 with the eta <= 1/mu of Thm 3.5.2, audit C-11): fixed point of
    delta_in = delta/(2T), eta = min{1/mu, C_eta/(G^2 log(1/delta_in))}, T = ceil(C_T (1/(eta mu)) log((d/mu + D^2)/(eta delta))).
    C_eta, C_T are labelled stand-ins for the unspecified Theta constants.  Returns dict(T, eta, delta_in)."""
    d, max_iter = _V.integer("d", d, lo=1), _V.integer("max_iter", max_iter, lo=1)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    C_eta, C_T = _V.positive("C_eta", C_eta), _V.positive("C_T", C_T)
    G, mu, D = _V.positive("G", G), _V.positive("mu", mu), _V.positive("D", D)
    T = 1
    for _ in range(max_iter):
        d_in = delta / (2 * T)
        eta = min(1 / mu, C_eta / (G * G * math.log(1 / d_in)))
        if not eta > 0:
            raise ValueError(f"eta = min(1/mu, C_eta / (G^2 log(1/delta_in))) underflows to 0 at G={G!r}, mu={mu!r}, "
                             f"C_eta={C_eta!r}")
        T_raw = _V.finite_result("T", C_T / (eta * mu) * math.log((d / mu + D * D) / (eta * delta)), G=G, mu=mu,
                                 D=D, C_T=C_T, C_eta=C_eta)
        T_new = max(1, math.ceil(T_raw))
        if T_new == T:
            break
        T = T_new
    else:
        raise ValueError(f"the fixed point (T, eta) did not converge in max_iter={max_iter} iterations (G={G!r}, "
                         f"mu={mu!r}, D={D!r}, C_eta={C_eta!r}, C_T={C_T!r})")
    return dict(T=T, eta=eta, delta_in=delta / (2 * T))


def composite_sampler(oracle: SampleAccessOracle, lam, G, d, D, delta, rng: np.random.Generator, x0=None,
                      radius=None, C_eta=2.0 ** -8, C_T=1.0, stats: dict | None = None, trace: list | None = None):
    """Thm 3.5.6 composite sampler (003 L2961-2967): Alg 13 with line 4 by Alg 14, for
    pi ~ exp(-(1/n) sum f_i - (lam/2)||x||^2) (mu = lam).  Returns (x, params).

    Preconditions (validated): G, lam = mu, D > 0; delta in (0, 1); f_i G-Lipschitz.
    Steps: (T, eta, delta_in) = :func:`composite_sampler_parameters` (stand-in constants C_eta, C_T); run
        :func:`alternating_sampler` for T steps with :func:`rgo_rejection` as its line 4.
    Postcondition: TV(x, pi) <= delta for the Theta-constants of Thm 3.5.6 (stand-ins here), O(1) expected value
        queries per step (``stats``).
    Randomness: ``rng`` only (Alg 14 is a rejection loop: no fixed-shape pre-drawn form).
    Spec: 003_ch03.alg7
    """
    rng = _V.generator("rng", rng)
    lam = _V.positive("lam", lam)
    _stats_dict(stats); _V.trace_list("trace", trace)
    prm = composite_sampler_parameters(G, lam, d, D, delta, C_eta, C_T)
    x0 = np.zeros(d) if x0 is None else _V.vector("x0", x0, d)
    rgo = lambda y: rgo_rejection(oracle, y, prm["eta"], lam, rng, radius, stats=stats)
    return alternating_sampler(x0, prm["T"], prm["eta"], rgo, rng, trace), prm
