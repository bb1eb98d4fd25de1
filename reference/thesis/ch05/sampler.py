"""Non-Euclidean proximal sampler of thesis 003 Ch. 5: Algorithm 15 (AlternateSample) and Algorithm 16 (InnerLoop).

Problem 5.4.1 (003 L4314): target pi ∝ exp(-F(x) - eta mu psi(x)) 1_X, F = E_{i~I} f_i, psi the log-Laplace
transform (LLT) of phi.  Alg. 15 alternates y ~ pi_x = D_x^phi (exactly normalized, (5.15)) and x ~ pi_y, the latter
by Alg. 16: rejection from gamma_y ∝ exp(-(1+eta mu) psi(x) + <x,y>) 1_X with the Bernoulli-factory weight rho.

Euclidean reference instance (catalog A7): phi(y) = (eta/2)||y||^2 => psi(x) = ||x||^2/(2 eta) + (d/2) log(2 pi/eta),
pi_x = N(x/eta, I/eta), gamma_y = N(eta y/(1+eta mu), eta/(1+eta mu) I) restricted to X (exact rejection), and
pi ∝ exp(-F - mu||x||^2/2) 1_X.  :func:`euclidean_pi_x`, :func:`euclidean_gamma_y`, :func:`euclidean_warm_start`.

Spec: 003_ch05.alg15, 003_ch05.alg16, 003_ch05.alg_gamma_y_sampler, 003_ch05.alg_warm_start.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from reference.core.oracles import QueryCounter, ValueOracle
from reference.core.samplers import truncated_gaussian_ball
from reference.core import validation as _V

__all__ = ["sample_a", "bernoulli_factory_rho", "inner_loop", "alternate_sample", "euclidean_pi_x", "euclidean_gamma_y",
           "euclidean_warm_start", "component_oracles"]


def sample_a(rng: np.random.Generator | None, variant: str = "corrected", u=None, max_a: int = 10 ** 6) -> int:
    """Draw a in N for Alg. 16 line 7 (003 L4382).

    Preconditions (validated): variant in {"corrected", "printed"}; ``u`` None or in (0, 1].
    Steps: corrected (the law the analysis (5.19) and Lemma 5.4.6 use): Pr[a >= b] = 1/b!  =>  a = max{b : b! <= 1/U};
    printed (line 7, L4382): Pr[a >= b] = 1/b for b >= 1  =>  a = floor(1/U) (E[a] = inf; Audit #5).
    Postcondition: a with the stated law; RuntimeError if a > max_a (printed variant only, practically).
    Randomness: one standard uniform U (``rng.random()``), or the pre-drawn ``u`` (oracle mode; U = 0 is read as the
    smallest positive double).
    Spec: 003_ch05.alg16
    """
    _V.choice("variant", variant, ('corrected', 'printed'))
    rng = _V.generator("rng", rng, allow_none=u is not None)
    max_a = _V.integer("max_a", max_a, lo=1)
    U = rng.random() if u is None else _V.real("u", u)
    if U == 0.0:
        U = float(np.nextafter(0.0, 1.0))
    if not 0.0 < U <= 1.0:
        raise ValueError(f"u must be in (0, 1], got {u}")
    if variant == "corrected":
        if not math.isfinite(1.0 / U):                 # U subnormal (u = 0 is read as the smallest float): 1/U
            a, target = 0, -math.log(U)                # overflows; (a+1)! <= 1/U in log space (issue 21: hung)
            while math.lgamma(a + 2) <= target:
                a += 1
            return a
        a, fact = 0, 1.0
        while fact * (a + 1) <= 1.0 / U:               # (a+1)! <= 1/U
            a += 1
            fact *= a
        return a
    if variant == "printed":
        a = int(math.floor(1.0 / U))
        if a > max_a:
            raise RuntimeError(f"printed Line 7 drew a = {a} > max_a = {max_a} (E[a] = inf under Pr[a >= b] = 1/b)")
        return a
    raise ValueError(f"variant must be 'corrected' or 'printed', got {variant!r}")


def component_oracles(f: Callable[[int, np.ndarray], float], m: int, counter: QueryCounter | None = None) -> list[ValueOracle]:
    """m counting value oracles x -> f(j, x) sharing one QueryCounter (value queries to f_j, Problem 5.4.1)."""
    _V.callable_("f", f)
    m = _V.integer("m", m)
    if int(m) != m or m < 1:
        raise ValueError(f"m must be an integer >= 1, got {m}")
    counter = counter or QueryCounter()
    return [ValueOracle(lambda x, j=j: f(j, np.asarray(x, dtype=float)), counter=counter) for j in range(int(m))]


def bernoulli_factory_rho(x1, x2, f_oracles: Sequence[ValueOracle], rng: np.random.Generator,
                          variant: str = "corrected") -> tuple[int, float]:
    """Lines 7-10 of Alg. 16 (003 L4382-4386): draw a (line 7), then for b in [a] draw j_{1,b}, ..., j_{b,b} ~ I
    (fresh for every b) and add prod_i (f_{j_{i,b}}(x2) - f_{j_{i,b}}(x1)) to rho = 1.  Returns (a, rho).

    Preconditions: ``f_oracles`` non-empty list of value oracles (I uniform on them); variant as in :func:`sample_a`.
    Postcondition (corrected variant): E[rho | x1, x2] = exp(F(x2) - F(x1)) ((5.19)); exactly a(a+1) value queries.
    Randomness: ``rng`` only (one uniform for a, then a(a+1)/2 integer index draws); the number of draws is itself
    random, so no fixed-shape pre-drawn form exists; ports are compared in law (tests/thesis/ch05).
    Spec: 003_ch05.alg16

    Steps: a = sample_a(rng, variant) (line 7); for b = 1..a: draw b fresh indices (line 9), multiply the
        differences (line 10), add to rho.
    """
    rng = _V.generator("rng", rng)
    f_oracles = _f_oracles(f_oracles)
    x1, x2 = _V.vector("x1", x1), _V.vector("x2", x2)
    m = len(f_oracles)
    rho = 1.0
    a = sample_a(rng, variant)                                          # line 7 (L4382)
    for b in range(1, a + 1):                                           # line 8 (L4383)
        J = rng.integers(0, m, size=b)                                  # line 9 (L4384): j_{1,b}, ..., j_{b,b} ~ I
        prod = 1.0
        for j in J:                                                     # line 10 (L4385)
            prod *= f_oracles[j](x2) - f_oracles[j](x1)
        rho += prod
    return a, rho


def _f_oracles(f_oracles):
    """A non-empty sequence of callables (the component value oracles), as a list."""
    return [_V.callable_(f"f_oracles[{j}]", f) for j, f in enumerate(_V.sequence("f_oracles", f_oracles))]


def _stats_dict(stats):
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict (filled in) or None, got {type(stats).__name__} {stats!r}"[:300])
    return stats


def inner_loop(y, delta, f_oracles: Sequence[ValueOracle], gamma_y: Callable[[np.random.Generator], np.ndarray],
               rng: np.random.Generator, *, variant: str = "corrected", eta=None, G=None, stats: dict | None = None,
               max_iter: int = 10 ** 6) -> np.ndarray:
    """Algorithm 16 InnerLoop(y, delta, X, F, phi, mu) (003 L4369-4388).

    Preconditions: delta in (0, 1/2); ``f_oracles`` = [f_1, ..., f_m] counting value oracles, F = (1/m) sum_j f_j
        (I = uniform on [m]); ``gamma_y(rng)`` an exact i.i.d. sampler of gamma_y (5.16) for this y; if ``eta`` and
        ``G`` are given, 1/eta >= 1e4 G^2 log(1/delta) is validated (Line 1).
    Steps (paper's names): u <- 1, rho <- 1 (line 3); while u > rho/2 (line 4): x1, x2 ~ gamma_y (line 5);
        rho <- 1, u ~ U[0,1] (line 6); draw a (line 7, ``variant``); for b in [a]: j_{i,b} ~ I,
        rho <- rho + prod_i (f_{j_{i,b}}(x2) - f_{j_{i,b}}(x1)) (lines 8-10, L4383-4385).  Return x1 (line 13, L4388).
    Postcondition: E[rho | x1, x2] = exp(F(x2) - F(x1)) (corrected variant, (5.19)), so when rho in [0, 2] a.s. (e.g.
        sup |f_j(x) - f_j(x')| <= 1/2 on X) the output is EXACTLY pi_y ∝ gamma_y e^{-F}; in general within TV delta
        (Prop 5.4.7).  Per iteration: 2 gamma_y draws, a(a+1)/2 index draws, a(a+1) value queries (E = 2e).
        ``stats`` (if a dict) receives 'iterations', 'a' (list), 'rho' (list).
    Randomness: ``rng`` only: a rejection loop with a random number of iterations, each drawing 2 gamma_y samples,
        one uniform u, and the draws of :func:`bernoulli_factory_rho`; no fixed-shape pre-drawn form exists, so
        ports are compared in law (KS test 003_ch05.alg16.ks_exact) and by query counts.
    Spec: 003_ch05.alg16
    """
    _V.callable_("gamma_y", gamma_y)
    rng = _V.generator("rng", rng)
    max_iter = _V.integer("max_iter", max_iter, lo=1)
    delta = _V.in_range("delta", delta, 0.0, 0.5, lo_open=True, hi_open=True)
    y = _V.vector("y", y)
    f_oracles = _f_oracles(f_oracles)
    _stats_dict(stats)
    eta, G = _V.optional(_V.positive, "eta", eta), _V.optional(_V.positive, "G", G)
    m = len(f_oracles)
    if eta is not None and G is not None and not (1.0 / eta >= 1e4 * G * G * math.log(1 / delta)):
        raise ValueError(f"eta must satisfy 1/eta >= 1e4 G^2 log(1/delta) (L4373), got eta={eta}, G={G}, delta={delta}")
    u, rho = 1.0, 1.0                                                   # line 3 (L4378)
    it = 0
    x1 = None
    while u > rho / 2:                                                  # line 4 (L4379)
        it += 1
        if it > max_iter:
            raise RuntimeError(f"InnerLoop exceeded max_iter = {max_iter}")
        x1, x2 = gamma_y(rng), gamma_y(rng)                             # line 5 (L4380)
        rho, u = 1.0, rng.random()                                      # line 6 (L4381)
        a, rho = bernoulli_factory_rho(x1, x2, f_oracles, rng, variant)  # lines 7-10 (L4382-4385)
        if stats is not None:
            stats.setdefault("a", []).append(a)
            stats.setdefault("rho", []).append(rho)
    if stats is not None:
        stats["iterations"] = stats.get("iterations", 0) + it
    return x1                                                           # line 13 (L4388)


def alternate_sample(x0, T: int, pi_x: Callable, gamma_factory: Callable, f_oracles: Sequence[ValueOracle], delta,
                     rng: np.random.Generator, *, variant: str = "corrected", trace: list | None = None,
                     stats: dict | None = None) -> np.ndarray:
    """Algorithm 15 AlternateSample(X, F, phi, T, mu, x0) (003 L4332-4347).

    Preconditions: T integer >= 1; ``x0`` in X (from a beta-warm start, e.g. :func:`euclidean_warm_start`);
        ``pi_x(x, rng)`` an exact sampler of D_x^phi; ``gamma_factory(y)`` returns the exact sampler ``rng -> x`` of
        gamma_y; delta in (0, 1/2).
    Steps: for k = 1..T (line 2, L4339): y_k ~ pi_{x_{k-1}} (line 3, L4340); x_k ~ pi_{y_k} by InnerLoop(y_k, delta/(2T))
        (line 4, L4341).  Return x_T (line 6, L4343).
    Postcondition: x_T within TV delta of pi for T = Theta((1/(eta mu)) log(beta/delta)) (Thm 5.4.12); the x-chain is
        reversible w.r.t. pi (Lemma 5.4.2).  ``trace`` receives (y_k, x_k) per step.
    Randomness: ``rng`` only, passed to ``pi_x`` and to InnerLoop (a rejection loop with a random number of draws), so
        no fixed-shape pre-drawn form exists; the Euclidean pieces accept pre-drawn normals (``euclidean_pi_x``'s
        ``noise``) and runs are replayed via ``trace``.
    Spec: 003_ch05.alg15
    """
    _V.callable_("pi_x", pi_x); _V.callable_("gamma_factory", gamma_factory)
    rng = _V.generator("rng", rng)
    T = _V.integer("T", T, lo=1)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    f_oracles = _f_oracles(f_oracles)
    _stats_dict(stats); _V.trace_list("trace", trace)
    x = _V.vector("x0", x0)
    for _ in range(int(T)):
        y = pi_x(x, rng)                                                              # line 3 (L4340): y_k ~ pi_{x_{k-1}}
        x = inner_loop(y, float(delta) / (2 * T), f_oracles, gamma_factory(y), rng,   # line 4 (L4341): x_k ~ pi_{y_k}
                       variant=variant, stats=stats)
        if trace is not None:
            trace.append((np.array(y, copy=True), np.array(x, copy=True)))
    return x


# ----------------------------------------------------------------------------------------------- Euclidean instance
def euclidean_pi_x(eta) -> Callable:
    """pi_x = D_x^phi for phi = (eta/2)||y||^2: N(x/eta, I/eta) (exact).

    Preconditions (validated): eta > 0.
    Steps: y = x/eta + z/sqrt(eta), z ~ N(0, I).
    Postcondition: draw(x, rng) ~ D_x^phi = N(x/eta, I/eta) exactly.
    Randomness: d standard normals from ``rng`` or the pre-drawn ``noise`` (shape of x).
    Spec: 003_ch05.alg15
    """
    eta = _V.positive("eta", eta)

    def draw(x, rng, noise=None):
        x = np.asarray(x, dtype=float)
        z = rng.standard_normal(x.shape) if noise is None else np.asarray(noise, dtype=float)
        return x / eta + z / math.sqrt(eta)

    return draw


def euclidean_gamma_y(eta, mu, radius) -> Callable:
    """gamma_y for phi = (eta/2)||y||^2 on X = B_2(0, radius): N(eta y/(1+eta mu), eta/(1+eta mu) I) restricted to X,
    sampled exactly by rejection (``reference.core.samplers.truncated_gaussian_ball``).  Returns y -> (rng -> x).
    Spec: 003_ch05.alg_gamma_y_sampler

    Preconditions (validated): eta > 0, mu >= 0, radius > 0.
    Steps: mean eta y/(1 + eta mu), scale sqrt(eta/(1 + eta mu)); exact rejection onto the ball.
    Postcondition: factory(y)(rng) ~ gamma_y exactly.
    Randomness: the returned sampler uses ``rng`` only (rejection: a random number of normal vectors).
    """
    eta, mu, radius = _V.positive("eta", eta), _V.nonnegative("mu", mu), _V.positive("radius", radius)
    s = math.sqrt(eta / (1 + eta * mu))

    def factory(y):
        mean = eta * np.asarray(y, dtype=float) / (1 + eta * mu)
        return lambda rng: truncated_gaussian_ball(mean, s, radius, rng)[0]

    return factory


def euclidean_warm_start(eta, mu, radius, d: int, rng: np.random.Generator) -> np.ndarray:
    """Lemma 5.4.13 warm start nu ∝ exp(-eta mu psi) 1_X = N(0, I/mu) restricted to B_2(0, radius) (exact); it is
    exp(G D)-warm for pi when F is G-Lipschitz and D = diam(X).

    Preconditions (validated): mu > 0; radius > 0; d >= 1.
    Postcondition: one exact draw of nu (rejection from N(0, I/mu)).
    Randomness: ``rng`` only (rejection: a random number of standard-normal vectors), no fixed-shape pre-drawn form.
    Spec: 003_ch05.alg_warm_start

    Steps: draw N(0, I/mu) restricted to B_2(0, radius) by rejection.
    """
    rng = _V.generator("rng", rng)
    eta, mu, radius = _V.positive("eta", eta), _V.positive("mu", mu), _V.positive("radius", radius)
    d = _V.integer("d", d, lo=1)
    return truncated_gaussian_ball(np.zeros(int(d)), 1 / math.sqrt(mu), float(radius), rng)[0]
