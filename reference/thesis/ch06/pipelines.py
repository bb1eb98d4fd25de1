"""Ch. 6 pipelines and samplers: population oracles (eq. 6.3, A6.3), the empirical / population SOSP pipelines
(Thm 6.3.9 / 6.3.12; A6.5, A6.6), the exact regularized Gibbs sampler on a ball (A6.7, our exact stand-in), and
the explicit lower-bound construction (A6.12).
"""
from __future__ import annotations

import math

import numpy as np
from scipy import special

from reference.core.accounting import compose_basic, gdp_delta
from reference.core.oracles import GradientOracle, QueryCounter
from reference.thesis.ch06.above_threshold import above_threshold_sosp
from reference.thesis.ch06.spider import (_oracle_noise, calibrate_spider_sigmas, empirical_private_oracles,
                                         stochastic_spider)
from reference.core import validation as _V
from reference.core.randomness import Source

__all__ = ["population_private_oracles", "empirical_sosp_pipeline", "population_sosp_pipeline",
           "truncated_gaussian_ball", "gibbs_sampler_ball", "gibbs_density_1d", "gv_code_bumps",
           "fresh_delta_gaussian"]


def population_private_oracles(per_sample_grad, stream, *, b1: int, b2: int, sigma1: float, sigma2: float,
                               rng: np.random.Generator | None = None, counter: QueryCounter | None = None,
                               draws: dict | None = None):
    """Eq. (6.3) (003 L5297): O1(x) = (1/b1)Σ_{z∈S1}∇f(x;z) + N(0, σ1² I); O2(x,y) = (1/b2)Σ_{z∈S2}(∇f(x;z) − ∇f(y;z))
    + N(0, σ2²||x−y||² I), with S1, S2 fresh batches of the stream (no reuse; StopIteration when exhausted).
    Replace-one sensitivities 2G/b1 and 2M||x−y||/b2; each sample enters one call (parallel composition).

    Preconditions: per_sample_grad(x, z) -> (d,) array; ``stream`` a finite sequence of samples; b1, b2 integers >=
        1 and σ1, σ2 >= 0 (validated); ``rng`` a numpy Generator.
    Steps: O1 takes the next b1 samples and returns their mean gradient + σ1·ξ; O2 takes the next b2 samples and
        returns the mean gradient difference + σ2‖x − y‖·ξ; StopIteration when the stream is exhausted.
    Postcondition: (O1, O2, state) with every sample used in at most one call (parallel composition; sensitivities
        2G/b1 and 2M‖x − y‖/b2).
    Randomness: one (d,) standard-normal vector per oracle call, from ``rng`` (in call order) or pre-drawn ``draws`` =
        dict(o1=(K1, d), o2=(K2, d)) consumed row by row (as :func:`empirical_private_oracles`); bit-identical.
    Spec: 003_ch06.proc_A6_3
    """
    sigma1, sigma2 = _V.nonnegative("sigma1", sigma1), _V.nonnegative("sigma2", sigma2)
    rng = _V.generator("rng", rng, allow_none=True)
    b1, b2 = _V.integer("b1", b1, lo=1), _V.integer("b2", b2, lo=1)
    _V.callable_("per_sample_grad", per_sample_grad)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    stream = _V.sequence("stream", stream)
    st = {"ptr": 0}
    g = GradientOracle(lambda v: v, counter=counter)

    def take(k):
        if st["ptr"] + k > len(stream):
            raise StopIteration("data pool exhausted")
        out = stream[st["ptr"]:st["ptr"] + k]
        st["ptr"] += k
        return out

    def grads(x, zs):
        for _ in zs:
            g(np.zeros(1))
        return np.mean([per_sample_grad(x, z) for z in zs], axis=0)

    gauss = _oracle_noise(rng, draws)

    def O1(x):
        return grads(x, take(b1)) + sigma1 * gauss("o1", np.shape(x))

    def O2(x, y):
        zs = take(b2)
        return grads(x, zs) - grads(y, zs) + sigma2 * np.linalg.norm(np.asarray(x) - np.asarray(y)) * gauss("o2", np.shape(x))

    return O1, O2, st


def _validate_sosp(per_sample_grad, per_sample_hess, data, x0, *, G, M, rho, alpha, epsilon, delta, omega, eta,
                   kappa, Gamma, escape_threshold, escape_sd, K_max, N_esc=1):
    """The shared preconditions of A6.5 / A6.6, one validation line per parameter (returns data as a list, x0)."""
    _V.callable_("per_sample_grad", per_sample_grad); _V.callable_("per_sample_hess", per_sample_hess)
    for name, v in (("G", G), ("M", M), ("rho", rho), ("alpha", alpha), ("epsilon", epsilon), ("eta", eta),
                    ("kappa", kappa), ("Gamma", Gamma), ("escape_threshold", escape_threshold)):
        _V.positive(name, v)
    _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    _V.in_range("omega", omega, 0.0, 1.0, lo_open=True, hi_open=True)
    _V.nonnegative("escape_sd", escape_sd)
    _V.integer("K_max", K_max, lo=1); _V.integer("N_esc", N_esc, lo=1)
    return _V.sequence("data", data), _V.vector("x0", x0)


def empirical_sosp_pipeline(per_sample_grad, per_sample_hess, data, x0, *, G, M, rho, alpha, epsilon, delta, omega,
                            eta, kappa, T, Gamma, escape_threshold, escape_sd, K_max, N_esc,
                            rng: np.random.Generator | None = None, draws: dict | None = None) -> dict:
    """A6.5 (Thm 6.3.9, L5285): stage 1 = Alg. 17 with the corrected (6.2) oracles calibrated exactly to
    (ε/2, δ) with hard caps (K_max refreshes, N_esc escapes, T O2 calls); stage 2 = corrected Alg. 18 at ε/2 on
    the same data.  Basic composition: (ε, δ) (the text states (ε,δ) for stage 1 only; P6-4).
    Returns dict(x = selected point or None, stage1 = Alg. 17 result, privacy = (ε_total, δ_total)).

    Preconditions: per_sample_grad/per_sample_hess callables; data a sequence of n >= 1 records; G, M, rho, alpha,
        epsilon > 0; delta, omega in (0, 1); eta, kappa, Gamma, escape_threshold > 0; escape_sd >= 0; T, K_max,
        N_esc integers >= 1 (validated by the called functions).
    Steps: stage 1: calibrate σ1, σ2 exactly for (ε/2, δ) with the caps; run Alg 17 with the corrected (6.2)
        oracles; stage 2: corrected Alg 18 at ε/2 on the same data; privacy by basic composition.
    Postcondition: dict(x = selected iterate or None, index, stage1 = Alg 17 result, privacy = (ε, δ)).
    Randomness: standard draws ``escape`` (T+1, d) normals (Alg 17's kicks), ``o1`` (T+1, d) and ``o2`` (T, d) normals
        (one row per O1 / O2 call in call order; at most T+1 iterations, the first an O1 call), ``at_threshold`` (2,),
        ``at_nu`` (T+1,), ``at_nu2`` (T+1,) standard Laplace (Alg 18: thresholds, then one per candidate), drawn from
        ``rng`` in that order or given as pre-drawn ``draws`` (dict of those six streams); bit-identical (tested).
    Spec: 003_ch06.proc_A6_5
    """
    rng = _V.generator("rng", rng, allow_none=True)
    data, x0 = _validate_sosp(per_sample_grad, per_sample_hess, data, x0, G=G, M=M, rho=rho, alpha=alpha,
                              epsilon=epsilon, delta=delta, omega=omega, eta=eta, kappa=kappa, Gamma=Gamma,
                              escape_threshold=escape_threshold, escape_sd=escape_sd, K_max=K_max, N_esc=N_esc)
    n = len(data)
    T = _V.integer("T", T, lo=1)
    d = x0.size
    src = Source(rng, draws)
    esc, o1, o2 = src.normal("escape", (T + 1, d)), src.normal("o1", (T + 1, d)), src.normal("o2", (T, d))
    thr, nu, nu2 = src.laplace("at_threshold", (2,)), src.laplace("at_nu", (T + 1,)), src.laplace("at_nu2", (T + 1,))
    s1, s2, _ = calibrate_spider_sigmas(G=G, M=M, n=n, K_max=K_max, N_esc=N_esc, T=T, epsilon=epsilon / 2, delta=delta)
    O1, O2, _ = empirical_private_oracles(per_sample_grad, data, sigma1=s1, sigma2=s2, draws={"o1": o1, "o2": o2})
    r = stochastic_spider(O1, O2, x0, eta=eta, kappa=kappa, T=T, Gamma=Gamma, escape_threshold=escape_threshold,
                          escape_sd=escape_sd, rng=None, noise=esc, max_refresh=K_max, max_escape=N_esc)
    xs = r["xs"]
    if r["n_o2"] > T:
        raise RuntimeError("O2 cap exceeded")
    q = [float(np.linalg.norm(np.mean([per_sample_grad(x, z) for z in data], axis=0))) for x in xs]
    h = [float(np.linalg.eigvalsh(np.mean([per_sample_hess(x, z) for z in data], axis=0))[0]) for x in xs]
    k = above_threshold_sosp(q, h, G=G, M=M, rho=rho, alpha=alpha, n=n, epsilon=epsilon / 2, omega=omega, rng=None,
                             noise={"rho1": thr[0], "rho2": thr[1], "nu": nu[:len(xs)], "nu2": nu2[:len(xs)]})
    priv = compose_basic([(epsilon / 2, delta), (epsilon / 2, 0.0)])
    return dict(x=None if k is None else xs[k], index=k, stage1=r, privacy=priv)


def population_sosp_pipeline(per_sample_grad, per_sample_hess, data, x0, *, G, M, rho, alpha, epsilon, delta, omega,
                             eta, kappa, T, Gamma, escape_threshold, escape_sd, K_max, b1=None, b2=None,
                             rng: np.random.Generator | None = None, draws: dict | None = None) -> dict:
    """A6.6 (Thm 6.3.12, L5313): D1 = first ⌈n/2⌉ points (Alg. 17 with eq. 6.3 oracles, b1 = ⌊(n/4)/K_max⌋,
    b2 = ⌊(n/4)/T⌋ so b1·K_max + b2·T <= n/2, AU11), D2 = the rest (corrected Alg. 18 at ε).  Disjoint halves:
    parallel composition, (ε, δ).  σ's: exact Gaussian calibration per call (each sample in one call).

    Preconditions: as empirical_sosp_pipeline, plus optional batch sizes b1, b2 integers >= 1 (default: b1·K_max +
        b2·T <= n/2).
    Steps: split the data in halves D1, D2; Alg 17 with the (6.3) minibatch oracles on D1 (σ's calibrated per call);
        corrected Alg 18 at ε on D2.
    Postcondition: dict(x, index, stage1, privacy = (ε, δ) by parallel composition over the disjoint halves,
        iterates, b1, b2, samples_used).
    Randomness: the six standard-draw streams of :func:`empirical_sosp_pipeline` (same names and shapes), from ``rng``
        in that order or pre-drawn ``draws``; bit-identical (tested).
    Spec: 003_ch06.proc_A6_6
    """
    rng = _V.generator("rng", rng, allow_none=True)
    data, x0 = _validate_sosp(per_sample_grad, per_sample_hess, data, x0, G=G, M=M, rho=rho, alpha=alpha,
                              epsilon=epsilon, delta=delta, omega=omega, eta=eta, kappa=kappa, Gamma=Gamma,
                              escape_threshold=escape_threshold, escape_sd=escape_sd, K_max=K_max)
    b1, b2 = _V.optional(_V.integer, "b1", b1, lo=1), _V.optional(_V.integer, "b2", b2, lo=1)
    T = _V.integer("T", T, lo=1)
    d = x0.size
    src = Source(rng, draws)
    esc, o1, o2 = src.normal("escape", (T + 1, d)), src.normal("o1", (T + 1, d)), src.normal("o2", (T, d))
    thr, nu, nu2 = src.laplace("at_threshold", (2,)), src.laplace("at_nu", (T + 1,)), src.laplace("at_nu2", (T + 1,))
    from reference.core.accounting import gaussian_sigma
    n = len(data)
    D1, D2 = data[:(n + 1) // 2], data[(n + 1) // 2:]
    b1 = b1 or max(1, (n // 4) // K_max)
    b2 = b2 or max(1, (n // 4) // T)
    sigma1 = gaussian_sigma(epsilon, delta, _V.finite_result("the O1 sensitivity 2G/b1", 2 * G / b1, G=G, b1=b1))
    sigma2 = gaussian_sigma(epsilon, delta, _V.finite_result("the O2 sensitivity 2M/b2", 2 * M / b2, M=M, b2=b2))
    O1, O2, st = population_private_oracles(per_sample_grad, D1, b1=b1, b2=b2, sigma1=sigma1, sigma2=sigma2,
                                            draws={"o1": o1, "o2": o2})
    xs = []
    try:
        r = stochastic_spider(O1, O2, x0, eta=eta, kappa=kappa, T=T, Gamma=Gamma, escape_threshold=escape_threshold,
                              escape_sd=escape_sd, rng=None, noise=esc, max_refresh=K_max, trace=xs)
    except StopIteration:
        r = None
    if not xs:
        return dict(x=None, index=None, stage1=r, privacy=(epsilon, delta), iterates=[])
    q = [float(np.linalg.norm(np.mean([per_sample_grad(x, z) for z in D2], axis=0))) for x in xs]
    h = [float(np.linalg.eigvalsh(np.mean([per_sample_hess(x, z) for z in D2], axis=0))[0]) for x in xs]
    k = above_threshold_sosp(q, h, G=G, M=M, rho=rho, alpha=alpha, n=len(D2), epsilon=epsilon, omega=omega, rng=None,
                             noise={"rho1": thr[0], "rho2": thr[1], "nu": nu[:len(xs)], "nu2": nu2[:len(xs)]})
    return dict(x=None if k is None else xs[k], index=k, stage1=r, privacy=(epsilon, delta), iterates=xs,
                b1=b1, b2=b2, samples_used=st["ptr"])


# ------------------------------------------------------------------------------------- A6.7 Gibbs sampler

def truncated_gaussian_ball(d: int, scale2: float, R: float, rng: np.random.Generator, u=None, g=None) -> np.ndarray:
    """Exact draw from ∝ exp(−||x||²/(2·scale2)) restricted to B(0, R): direction g/||g||, radius
    r = sqrt(2 scale2 · P^{-1}(d/2, U·P(d/2, R²/(2 scale2)))) (regularized lower incomplete gamma).

    Preconditions: d integer >= 1; scale2 > 0; R > 0; ``u`` in (0, 1) and ``g`` a nonzero (d,) vector when given.
    Steps: direction g/‖g‖; radius r = √(2·scale2·P^{−1}(d/2, u·P(d/2, R²/(2·scale2)))) (regularized incomplete
        gamma).
    Postcondition: an exact draw from ∝ exp(−‖x‖²/(2·scale2)) restricted to B(0, R).
    Randomness: d standard normals g then one uniform u, from ``rng`` or pre-drawn (``u``, ``g``); bit-identical.
    Spec: 003_ch06.proc_A6_7
    """
    d = _V.integer("d", d, lo=1)
    scale2, R = _V.positive("scale2", scale2), _V.positive("R", R)
    rng = _V.generator("rng", rng, allow_none=u is not None and g is not None)
    g = rng.standard_normal(d) if g is None else _V.vector("g", g, d)
    if not np.any(g):
        raise ValueError("g must not be the zero vector (its direction g/||g|| is used)")
    u = rng.random() if u is None else _V.in_range("u", u, 0.0, 1.0, hi_open=True)
    a = d / 2
    x2 = _V.finite_result("R^2 / (2 scale2)", (R / scale2) * (R / 2), R=R, scale2=scale2)
    r = math.sqrt(2.0) * math.sqrt(scale2) * math.sqrt(special.gammaincinv(a, u * special.gammainc(a, x2)))  # no 2 scale2 overflow
    return r * np.asarray(g) / np.linalg.norm(g)


def gibbs_sampler_ball(F, *, beta: float, mu: float, R: float, G: float, d: int,
                       rng: np.random.Generator | None = None, max_proposals: int = 10 ** 6,
                       draws: dict | None = None) -> tuple[np.ndarray, int]:
    """A6.7 exact reference sampler of π_D(x) ∝ exp(−β(F_D(x) + (μ/2)||x||²)) on 𝒦 = B(0, R) (Thm 6.4.6, L5359).

    Preconditions: F(x) = F_D(x), G-Lipschitz on the ball; beta, mu, R, G > 0.
    Steps: propose x from ∝ exp(−βμ||x||²/2) on the ball (exact radial method); accept w.p.
    exp(−β(F(x) − F_lb)) with F_lb = F(0) − G R <= min F (Lipschitz); acceptance rate >= e^{−2βGR}.
    Postcondition: an exact sample of π_D (no TV error); returns (x, number of proposals).

    Randomness: per proposal d standard normals g, one uniform u (radius) and one uniform for the acceptance, from
        ``rng`` in that order, or pre-drawn ``draws`` = dict(g=(A, d), u=(A,), acc=(A,)) for A proposals (RuntimeError
        if all are rejected); bit-identical given the draws the rng would make.
    Spec: 003_ch06.proc_A6_7
    """
    beta, mu, R, G = _V.positive("beta", beta), _V.positive("mu", mu), _V.positive("R", R), _V.positive("G", G)
    d = _V.integer("d", d, lo=1)
    rng = _V.generator("rng", rng, allow_none=True)
    max_proposals = _V.integer("max_proposals", max_proposals, lo=1)
    _V.callable_("F", F)
    if not 1.0 / (beta * mu) > 0.0:
        raise ValueError(f"the proposal variance 1/(beta mu) underflows to 0 at beta = {beta!r}, mu = {mu!r}")
    if 2.0 * beta * G * R > 700.0:
        raise ValueError(f"the acceptance-rate bound exp(-2 beta G R) underflows (2 beta G R = {2.0 * beta * G * R:.4g} "
                         f"> 700 at beta = {beta!r}, G = {G!r}, R = {R!r}): the exact sampler cannot run in float "
                         f"arithmetic")
    if draws is not None:
        if not isinstance(draws, dict) or set(draws) != {"g", "u", "acc"}:
            raise ValueError("draws must be dict(g=(A, d), u=(A,), acc=(A,))")
        g_all, u_all, a_all = (np.asarray(draws[k], dtype=float) for k in ("g", "u", "acc"))
        if g_all.ndim != 2 or g_all.shape[1] != d or u_all.shape != (g_all.shape[0],) or a_all.shape != u_all.shape:
            raise ValueError(f"draws['g'] must have shape (A, {d}) and draws['u'], draws['acc'] shape (A,)")
        max_proposals = min(max_proposals, g_all.shape[0])
    elif not isinstance(rng, np.random.Generator):
        raise TypeError("rng must be a numpy.random.Generator when draws is not given")
    F_lb = F(np.zeros(d)) - G * R
    for k in range(1, max_proposals + 1):
        if draws is None:
            x = truncated_gaussian_ball(d, 1.0 / (beta * mu), R, rng)
            acc = rng.random()
        else:
            x = truncated_gaussian_ball(d, 1.0 / (beta * mu), R, None, u=u_all[k - 1], g=g_all[k - 1])
            acc = a_all[k - 1]
        if acc <= math.exp(-beta * (F(x) - F_lb)):
            return x, k
    raise RuntimeError("no acceptance within max_proposals")


def gibbs_density_1d(zs, *, G: float, beta: float, mu: float, R: float, npts: int = 400):
    """Exact normalized density of π_D on [−R, R] for f(x;z) = G|x − z| (d = 1), as (nodes, weights·density)
    on a composite Gauss-Legendre grid with breakpoints at the z's; returns (x, w, dens).

    Preconditions: zs finite reals; G, beta, mu, R > 0; npts integer >= 2.
    Steps: composite Gauss–Legendre nodes on [−R, R] with breakpoints at the z's; evaluate the unnormalized log-
        density and normalize.
    Postcondition: (x, w, dens) with Σ w·dens = 1: the exact density of π_D for f = G|x − z| in d = 1.
    Spec: 003_ch06.proc_A6_7
    """
    G, beta, mu, R = _V.positive("G", G), _V.positive("beta", beta), _V.positive("mu", mu), _V.positive("R", R)
    npts, zs = _V.integer("npts", npts, lo=1), _V.vector("zs", zs)
    xs, ws = np.polynomial.legendre.leggauss(npts)
    pts = sorted({-R, R, *[float(z) for z in zs if -R < z < R]})
    X, W = [], []
    for a, b in zip(pts[:-1], pts[1:]):
        X.append((b - a) / 2 * xs + (a + b) / 2)
        W.append((b - a) / 2 * ws)
    X, W = np.concatenate(X), np.concatenate(W)
    zs = np.asarray(zs, dtype=float)
    logp = -beta * (G * np.abs(X[:, None] - zs[None, :]).mean(axis=1) + mu * X ** 2 / 2)
    p = np.exp(logp - logp.max())
    p /= np.sum(p * W)
    return X, W, p


# ------------------------------------------------------------------------------------------- A6.12

def gv_code_bumps(d: int, rng: np.random.Generator | None = None, size: int | None = None, *, draws=None):
    """A6.12 reduction: greedy Gilbert-Varshamov code in {0,1}^d with distance >= d/4, mapped to
    v = (2b − 1)/(2√d) ∈ B(0, 1/2) (pairwise distance >= 1/2); loss f(x; z) = −Σ_j (1 − z_j) max(0, 1/4 − ||x − v_j||)
    (disjoint bumps, 1-Lipschitz).  Returns (V, loss).

    Preconditions: d integer >= 1 (2^d words are scanned); size None or an integer >= 1; ``rng`` a numpy Generator.
    Steps: scan {0,1}^d in a random order, keep a word if its Hamming distance to every kept word is >= d/4, stop at
        the GV size; map b ↦ (2b − 1)/(2√d).
    Postcondition: (V, loss): codewords pairwise >= 1/2 apart in B(0, 1/2) and the disjoint-bump 1-Lipschitz loss of
        the reduction (Thm 6.4.10).
    Randomness: a uniform permutation of {0..2^d − 1} by Fisher–Yates from 2^d standard uniforms, from ``rng`` or
        pre-drawn ``draws`` of shape (2^d,); bit-identical (a combinatorial construction, not a privacy mechanism).
    Spec: 003_ch06.proc_A6_12"""
    d = _V.integer("d", d, lo=1, hi=24)                 # 2^d candidate words are enumerated
    size = _V.optional(_V.integer, "size", size, lo=1)
    words = []
    target = size or int(math.ceil(2 ** (d * (1 - (-(0.25 * math.log2(0.25) + 0.75 * math.log2(0.75)))))))
    from reference.core.randomness import Source
    from reference.core.samplers import sample_without_replacement
    u = Source(rng, draws, single="u").uniform("u", (2 ** d,))
    for w in sample_without_replacement(2 ** d, 2 ** d, None, noise=u):
        b = np.array([(int(w) >> i) & 1 for i in range(d)])
        if all(np.sum(b != c) >= d / 4 for c in words):
            words.append(b)
        if len(words) >= target:
            break
    V = np.array([(2 * b - 1) / (2 * math.sqrt(d)) for b in words])

    def loss(x, z):
        return -float(np.sum((1 - np.asarray(z)) * np.maximum(0.0, 0.25 - np.linalg.norm(V - x, axis=1))))
    return V, loss


def fresh_delta_gaussian(epsilon: float, mu: float) -> float:
    epsilon, mu = _V.nonnegative("epsilon", epsilon), _V.nonnegative("mu", mu)
    return float(gdp_delta(epsilon, mu))
