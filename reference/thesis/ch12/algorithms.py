"""Chapter 12 of thesis 003 (heavy-tailed private SCO via simple reductions, seed L8603-9832).

Alg 36 Clipped-DP-SGD, Alg 37 Population-Localize (with a caller-supplied x_i rule), P12.1 Aggregate (reused from
``reference.core.aggregation.aggregate``), Alg 39 KnownLipReduction, Alg 40 OnePass-Clipped-SGD, P12.3 bounded Laplace,
Alg 41 SVT with bounded Laplace, Alg 42's sample indexing, Alg 43 OnePass-Clipped-DP-SGD for GLMs.
Π_C(v) = v·min(1, C/‖v‖) (L8709) is ``reference.core.samplers.clip_l2``.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from reference.core import validation as V
from reference.core.oracles import QueryCounter
from reference.core.randomness import Source
from reference.core.samplers import clip_l2
from reference.core.aggregation import aggregate as _aggregate_000
from reference.core import validation as _V

__all__ = ["clipped_dp_sgd", "prop1231_sigma", "population_localize", "aggregate_ch12", "known_lip_reduction",
           "one_pass_clipped_sgd", "bounded_laplace", "blap_mechanism_delta", "svt_bounded_laplace",
           "a42_phase_indices", "glm_clipped_dp_sgd", "cor1236_solver", "aggregate_erm", "a_lip_standin",
           "localized_clipped_dp_sgd", "svt_pattern_probability", "prox_sgd_standin", "high_probability_sco",
           "strongly_convex_localization", "thm1238_sco"]


def _sample_grad(grad, x, s, where):
    """grad(x, s) as a float array of the shape of x (a ValueError naming the sample otherwise)."""
    g = np.asarray(grad(x, s), dtype=float)
    if g.shape != x.shape:
        raise ValueError(f"grad(x, {where}) must have the shape {x.shape} of x, got {g.shape}")
    return g


def clipped_dp_sgd(data, grad: Callable, project: Callable, d: int, *, C: float, lam: float, sigma: float, T: int,
                   rng: np.random.Generator | None = None, noise=None, counter: QueryCounter | None = None,
                   trace: list | None = None) -> np.ndarray:
    """Alg 36 Clipped-DP-SGD (003 L8789-8803), the strongly convex DP-ERM solver of Prop 12.3.1.

    Preconditions: ``data`` n >= 1 samples; ``grad(x, s)`` = ∇f(x; s); ``project`` = Π_X with 0 ∈ X ⊂ B(r);
        C > 0; lam > 0 (η_t = 4/(λ(t+1)) needs λ > 0, AU12.24); sigma >= 0; T >= 1; ``noise`` (T, d) std normals.
    Steps: x_0 = 0; for t = 0..T−1: ξ_t ~ N(0, σ²I); ĝ_t = (1/n) Σ_i Π_C(∇f_i(x_t));
        x_{t+1} = argmin_X {η_t⟨ĝ_t + ξ_t, x⟩ + (η_tλ/2)‖x‖² + ½‖x − x_t‖²} = Π_X((x_t − η_t(ĝ_t + ξ_t))/(1 + η_tλ)).
        Return Σ_t (t+4) x_t / Σ_t (t+4).
    Postcondition: Prop 12.3.1 (L8805): ρ-CDP for σ² = 2C²T/(n²ρ) (sensitivity 2C/n per step); excess regularized
        empirical risk ≤ 32C²d/(λn²ρ) + b_D²/λ + 7λr²/n.  n·T sample gradients.

    Randomness: a (T, d) array of standard normals from ``rng`` or pre-drawn ``noise`` (the docstring's
        Preconditions give the shape); bit-identical.
    Spec: 003_ch12.alg36
    """
    _V.callable_("grad", grad); _V.callable_("project", project)
    d, T = _V.integer("d", d, lo=1), _V.integer("T", T, lo=1)
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    data = _V.sequence("data", data)
    n = len(data)
    C, lam, sigma = V.positive("C", C), V.positive("lam", lam), V.nonnegative("sigma", sigma)
    noise = _V.optional(_V.matrix, "noise", noise, (T, d))
    trace = _V.trace_list("trace", trace)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    counter = counter if counter is not None else QueryCounter()
    xi = rng.standard_normal((T, d)) if noise is None else np.asarray(noise, dtype=float)
    x = np.zeros(d)                                                      # line 2 (L8794): x_0 = 0
    num, den = np.zeros(d), 0.0
    for t in range(T):                                                   # line 3 (L8795)
        num += (t + 4) * x
        den += t + 4
        eta = 4.0 / (lam * (t + 1))
        counter.record(n, "sample_gradient")
        g_hat = np.mean(clip_l2(np.array([_sample_grad(grad, x, s, f"data[{i}]") for i, s in enumerate(data)]), C),
                        axis=0)                                          # line 5 (L8797): Π_C per sample (row)
        x = np.asarray(project((x - eta * (g_hat + sigma * xi[t])) / (1 + eta * lam)), dtype=float)  # lines 4, 6 (L8796-8798)
        if trace is not None:
            trace.append(x.copy())
    return _V.finite_result("the average iterate", num / den, sigma=sigma, C=C)   # line 8 (L8800)


def prop1231_sigma(C: float, T: int, n: int, rho: float) -> float:
    """σ of Prop 12.3.1: σ² = 2C²T/(n²ρ).

    Preconditions: C > 0; T, n integers >= 1; rho > 0.
    Steps: σ = √(2C²T/(n²ρ)).
    Postcondition: the σ of Prop 12.3.1: T releases of sensitivity 2C/n are exactly ρ-CDP (PC9, proved).
    Spec: 003_ch12.alg36
    """
    C, rho = _V.positive("C", C), _V.positive("rho", rho)
    T, n = _V.integer("T", T, lo=1), _V.integer("n", n, lo=1)
    return _V.finite_result("sigma", C * math.sqrt(2 * T / rho) / n, C=C, rho=rho)


def population_localize(x0, choose_x: Callable, *, lam: float, I: int, Delta: float) -> np.ndarray:
    """Alg 37 Population-Localize (003 L8867-8885).  λ_i = λ·32^i; x_i = choose_x(i, x_{i−1}, λ_i, radius) must
    return a point within radius = Δ4^i/λ_i of x_i* = argmin_X F_P + (λ_i/2)‖· − x_{i−1}‖² (A38 realizes it w.h.p.;
    checks pass an exact or adversarial rule).  Δ is used but missing from the printed inputs (AU12.6).  Return x_I.

    Preconditions: x0 a finite vector; choose_x(i, x_prev, lam_i) a callable returning x_i; lam >= 0; I integer >=
        1; Delta > 0.
    Steps: for i in [I]: λ_i = λ·32^i; x_i = choose_x(i, x_{i−1}, λ_i).
    Postcondition: x_I; Prop 12.3.7's bound holds only in the corrected form (factors 16, 8; major erratum).
    Spec: 003_ch12.alg37"""
    _V.callable_("choose_x", choose_x)
    _V.callable_("choose_x", choose_x)
    lam, I, Delta = _V.positive("lam", lam), _V.integer("I", I, lo=1), _V.positive("Delta", Delta)
    x = _V.vector("x0", x0)
    _V.finite_result("lambda_I = lam 32^I", lam * 32.0 ** min(I, 400), lam=lam, I=I)
    for i in range(1, int(I) + 1):
        lam_i = lam * 32.0 ** i
        x = np.asarray(choose_x(i, x, lam_i, Delta * 4.0 ** i / lam_i), dtype=float)
    return x


def aggregate_ch12(points, R: float) -> np.ndarray:
    """P12.1 Aggregate (Fact 12.2.9, [KLL+23] Claim 1): if >= 0.51k points lie within R of some z, returns a point
    x_i with #{j: ‖x_i − x_j‖ <= 2R} >= 0.51k, hence ‖x − z‖ <= 3R.  Reuses the doc-000 implementation with Δ = 3R.

    Preconditions: points a (k, d) finite array; R >= 0 (validated).
    Steps: the shared Aggregate of document 000 (count 2R-neighbours, return a point with >= 0.51k of them) at
        radius R.
    Postcondition: a point within 3R of z whenever >= 0.51k points are within R of z (Fact 12.2.9).
    Spec: 003_ch12.algP12_1"""
    R = V.nonnegative("R", R)
    points = V.matrix("points", points)
    _V.finite_result("3 R", 3.0 * R, R=R)
    return _aggregate_000(points, 3.0 * R)[0]


def known_lip_reduction(data, lbar: Callable, base: Callable, *, C: float, mu: float = 0.0, dummy=None, s_mu=None):
    """Alg 39 KnownLipReduction (003 L9129-9140): replace every sample with known Lipschitz bound L̄_s > C by the
    dummy s_0 (f ≡ 0) when μ = 0, or by s_μ (f = (μ/2)‖x − x̄‖²) when μ > 0; return base(D^C).
    Per-sample map ⇒ neighbours stay neighbours ⇒ inherits base's ρ-CDP (PC11).

    Preconditions: data a sequence of samples; lbar(s) the public Lipschitz bound L̄_s; base the private algorithm;
        C > 0 (validated); mu >= 0.
    Steps: replace every sample with L̄_s > C by the dummy (μ = 0) or s_μ (μ > 0), then run base on the truncated
        dataset.
    Postcondition: base's output; neighbours map to neighbours, so base's ρ-CDP is inherited (PC11).
    Spec: 003_ch12.alg39"""
    _V.callable_("lbar", lbar); _V.callable_("base", base)
    mu, C = _V.nonnegative("mu", mu), V.positive("C", C)
    data = _V.sequence("data", data)
    repl = dummy if mu == 0 else s_mu
    if repl is None:
        raise ValueError(f"the replacement sample must be given: dummy (mu = 0) or s_mu (mu > 0), got None at mu={mu!r}")
    bounds = [_V.real(f"lbar(data[{i}])", lbar(s), allow_inf=True) for i, s in enumerate(data)]   # L̄_s = inf: replaced
    return base([s if b <= C else repl for s, b in zip(data, bounds)])


def one_pass_clipped_sgd(data, grad: Callable, project: Callable, x0, *, C: float, eta: float,
                         counter: QueryCounter | None = None, trace: list | None = None) -> np.ndarray:
    """Alg 40 OnePass-Clipped-SGD (003 L9274-9283): x_{t+1} = Π_X(x_t − η Π_C(∇f(x_t; s_{t+1}))), t = 0..T−1 with
    T = |D|; returns (1/T) Σ_{t=0}^{T−1} x_t.  Non-private; T gradient calls.

    Preconditions: data T >= 1 samples; grad, project callables; x0 finite; C, eta > 0 (validated).
    Steps: x_{t+1} = Π_X(x_t − ηΠ_C(∇f(x_t; s_{t+1}))) for t = 0..T−1.
    Postcondition: (1/T)Σ_{t<T} x_t; exactly T gradient calls (non-private; Lemma 12.7.2).
    Spec: 003_ch12.alg40"""
    _V.callable_("grad", grad); _V.callable_("project", project)
    data = _V.sequence("data", data)
    C, eta = V.positive("C", C), V.positive("eta", eta)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    counter = counter if counter is not None else QueryCounter()
    x = _V.vector("x0", x0).copy()
    acc = np.zeros_like(x)
    for t, s in enumerate(data):
        acc += x
        counter.record(1, "sample_gradient")
        x = np.asarray(project(x - eta * clip_l2(_sample_grad(grad, x, s, f"data[{t}]"), C)), dtype=float)
        if trace is not None:
            trace.append(x.copy())
    return acc / len(data)


def bounded_laplace(R: float, tau: float, rng: np.random.Generator | None = None, size=None, *, u=None, sign=None):
    """P12.3 BLap(R, τ) = Lap(R) conditioned on |ξ| <= τ (L9319-9323), exact inverse-CDF sampler:
    a = 1 − e^{−τ/R}, U ~ Unif(0, a), ξ = ±(−R log(1 − U)) with a fair sign.

    Preconditions: R, tau > 0 (validated); ``u`` in [0, 1) and ``sign`` ±1 when given.
    Steps: a = 1 − e^{−τ/R}; ξ = sign·(−R log(1 − a·u)).
    Postcondition: ξ ~ Lap(R) conditioned on |ξ| <= τ exactly.
    Randomness: two standard uniforms per draw (u, then the sign's uniform) from ``rng``, or pre-drawn ``u`` and
        ``sign``; bit-identical.
    Spec: 003_ch12.algP12_3"""
    rng = _V.generator("rng", rng, allow_none=u is not None and sign is not None)
    R, tau = V.positive("R", R), V.positive("tau", tau)
    size = _V.optional(_V.integer, "size", size, lo=0)
    a = -math.expm1(-tau / R)
    uu = rng.random(size) if u is None else _V.array("u", u, allow_empty=True)
    if np.any(uu < 0) or np.any(uu >= 1):
        raise ValueError(f"u must be uniforms in [0, 1), got {u!r}"[:300])
    sg = np.where(rng.random(size) < 0.5, -1.0, 1.0) if sign is None else _V.array("sign", sign, allow_empty=True)
    if not np.all(np.abs(sg) == 1):
        raise ValueError(f"sign must be +-1, got {sign!r}"[:300])
    want = () if size is None else (size,)
    if np.shape(uu) != want or np.shape(sg) != want:
        raise ValueError(f"u and sign must have the shape {want} (size={size!r}), got u {np.shape(uu)}, "
                         f"sign {np.shape(sg)}")
    return sg * (-R * np.log1p(-a * uu))


def blap_mechanism_delta(Delta: float, epsilon: float, tau: float) -> float:
    """Exact δ(ε) of S(D) + BLap(Δ/ε, τ) (Lemma 12.7.4): inside the common support the density ratio is <= e^ε,
    so δ(ε) = the mass of the non-overlapping end segment = (e^{−(τ−Δ)ε/Δ} − e^{−τε/Δ})/(2(1 − e^{−τε/Δ})).

    Preconditions: Delta, epsilon > 0; tau >= Delta (validated).
    Steps: the closed form displayed above.
    Postcondition: the exact δ(ε) of S(D) + BLap(Δ/ε, τ) (≈ δ/4 at τ = (Δ/ε) log(4/δ); Lemma 12.7.4 checked over a
        grid).
    Spec: 003_ch12.algP12_3
    """
    Delta, epsilon, tau = _V.positive("Delta", Delta), _V.positive("epsilon", epsilon), _V.positive("tau", tau)
    b = _V.finite_result("b = Delta / epsilon", Delta / epsilon, Delta=Delta, epsilon=epsilon)
    if tau < Delta:
        raise ValueError("tau must be >= Delta")
    return (math.exp(-(tau - Delta) / b) - math.exp(-tau / b)) / (2 * -math.expm1(-tau / b))


def svt_bounded_laplace(queries, *, c: int, L: float, R: float, tau: float, rng: np.random.Generator | None = None,
                        draws: dict | None = None) -> list[bool]:
    """Alg 41 SVT with bounded Laplace (003 L9339-9367).

    Preconditions (validated): ``queries`` an iterable of finite reals (may be adaptive); c integer >= 1 (the number
        of ⊤ before halting); L finite (threshold); R, tau in (0, inf) (BLap scale and truncation); ``rng`` a numpy
        Generator unless ``draws`` is given.
    Steps: b = L + BLap(R, τ); for each query q_i: ξ ~ BLap(2R, 2τ); if q_i + ξ < b output ⊥; else output ⊤,
        count += 1, b ← L + BLap(R, τ) (fresh); halt after c ⊤'s.
    Postcondition: the answers (True = ⊤), ending with the c-th ⊤ or when the queries run out; Lemma 12.7.5:
        (ε, δ)-DP when R ≥ (6Δ/ε)√(c log(5/δ)) and τ ≥ R log(10T/δ).
    Randomness: every BLap draw takes two standard uniforms (magnitude u, then sign s), see :func:`bounded_laplace`;
        from ``rng`` in the order threshold, then per query (ξ, then after a ⊤ the fresh threshold); or pre-drawn
        ``draws`` = dict(thr_u=(c,), thr_s=(c,), q_u=(m,), q_s=(m,)) (threshold draws in order; one per answered
        query, m >= the number of answers); bit-identical given the draws the rng would make.
    Spec: 003_ch12.alg41
    """
    c = V.positive_int("c", c)
    L = V.real("L", L)
    R = V.positive("R", R)
    tau = V.positive("tau", tau)
    if isinstance(queries, (str, bytes)) or not hasattr(queries, "__iter__"):
        raise TypeError(f"queries must be an iterable of real numbers (a list or a generator), got "
                        f"{type(queries).__name__} {queries!r}"[:300])
    if draws is None:
        V.generator("rng", rng)
    else:
        if not isinstance(draws, dict) or set(draws) != {"thr_u", "thr_s", "q_u", "q_s"}:
            raise ValueError("draws must be dict(thr_u=(c,), thr_s=(c,), q_u=(m,), q_s=(m,))")
        tu, ts = np.asarray(draws["thr_u"], float), np.asarray(draws["thr_s"], float)
        qu, qs = np.asarray(draws["q_u"], float), np.asarray(draws["q_s"], float)
        if tu.shape != (c,) or ts.shape != (c,) or qu.ndim != 1 or qs.shape != qu.shape:
            raise ValueError(f"draws['thr_u'], draws['thr_s'] must have shape ({c},) and draws['q_u'], draws['q_s'] "
                             f"equal 1-D shapes")

    def blap(scale, trunc, stream, k):
        if draws is None:
            return float(bounded_laplace(scale, trunc, rng))
        u_arr, s_arr = (tu, ts) if stream == "thr" else (qu, qs)
        if k >= u_arr.shape[0]:
            raise ValueError(f"draws[{stream + '_u'!r}] has {u_arr.shape[0]} draws but draw {k} is needed")
        return float(bounded_laplace(scale, trunc, None, u=u_arr[k], sign=np.where(s_arr[k] < 0.5, -1.0, 1.0)))

    out: list[bool] = []
    b = L + blap(R, tau, "thr", 0)
    count = 0
    for i, q in enumerate(queries):
        if count >= c:
            break
        q = V.real(f"queries[{i}]", q)
        xi = blap(2 * R, 2 * tau, "q", i)
        if q + xi < b:
            out.append(False)
        else:
            out.append(True)
            count += 1
            if count < c:
                b = L + blap(R, tau, "thr", count)
    return out

def a42_phase_indices(n: int, variant: str = "corrected") -> list[range]:
    """Sample indices (1-based) of the phases of Alg 42 (L9410): s_{i,j} is the (offset_i + j)-th sample with
    offset_i = Σ_{i'<i} n_{i'} ("corrected") or Σ_{i'∈[i]} n_{i'} ("paper", reuses samples, AU12.14); n_i = n/2^i.

    Preconditions: n integer >= 2; variant in {corrected, paper}.
    Steps: phase i uses samples offset_i + j, j ∈ [n_i], with offset_i = Σ_{i′<i} n_{i′} (corrected) or Σ_{i′≤i}
        n_{i′} (printed).
    Postcondition: the list of 1-based index ranges; disjoint for 'corrected', overlapping for 'paper' (AU12.14).
    Spec: 003_ch12.alg42"""
    n = _V.integer("n", n, lo=1)
    _V.choice("variant", variant, ("corrected", "paper"))
    I = int(math.floor(math.log2(n)))
    n = 2 ** I
    out = []
    for i in range(1, I + 1):
        n_i = n // 2 ** i
        prev = sum(n // 2 ** k for k in range(1, i))
        off = prev if variant == "corrected" else prev + n_i
        out.append(range(off + 1, off + n_i + 1))
    return out


def glm_clipped_dp_sgd(data, grad: Callable, project: Callable, x0, *, n: int, eta: float, C: float, rho: float,
                       rng: np.random.Generator | None = None, noise=None, counter: QueryCounter | None = None):
    """Alg 43 OnePass-Clipped-DP-SGD for smooth GLMs (003 L9602-9616): I = ⌊log₂ n⌋; for i ∈ [I]: n_i = n/2^i,
    η_i = η/16^i, C_i = 2^i C, σ_i = 2η_iC_i√(2/ρ); x̄_i = Alg40(next n_i unused samples, C_i, η_i, x_{i−1});
    x_i = x̄_i + N(0, σ_i² I).  Return x_I.  ρ-CDP (each phase ρ/4; one phase affected).

    Preconditions: data n samples (n >= 2); grad, project callables; x0 finite; eta, C, rho > 0.
    Steps: Alg 43: I = ⌊log₂n⌋ phases of one-pass clipped SGD on fresh batches, each followed by Gaussian noise σ_i
        = 2η_iC_i√(2/ρ).
    Postcondition: x_I; ρ/4-CDP per affected phase (PC14) given the GLM contraction of Lemma 12.8.1.
    Randomness: one (d,) standard-normal vector per phase from ``rng`` or pre-drawn ``noise`` (I, d); bit-identical.
    Spec: 003_ch12.alg43"""
    _V.callable_("grad", grad); _V.callable_("project", project)
    n = _V.integer("n", n, lo=1)
    eta, C, rho = _V.positive("eta", eta), _V.positive("C", C), _V.positive("rho", rho)
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    data = _V.sequence("data", data)
    I = int(math.floor(math.log2(n)))
    if len(data) < 2 ** I - 1:
        raise ValueError(f"data must hold the 2^I - 1 = {2 ** I - 1} samples of the I = {I} phases for n = {n}, "
                         f"got {len(data)}")
    x = _V.vector("x0", x0)
    d = x.shape[0]
    if noise is not None and (isinstance(noise, (str, bytes)) or not hasattr(noise, "__getitem__")
                              or (hasattr(noise, "__len__") and len(noise) < I)):
        raise (ValueError if hasattr(noise, "__len__") and not isinstance(noise, (str, bytes)) else TypeError)(
            f"noise must hold I = {I} pre-drawn rows of d = {d} standard normals, got {noise!r}"[:300])
    start = 0
    for i in range(1, I + 1):
        n_i = (2 ** I) // 2 ** i
        eta_i, C_i = eta / 16.0 ** i, 2.0 ** i * C
        sigma_i = _V.finite_result("sigma_i = 2 eta_i C_i sqrt(2/rho)", 2 * eta_i * C_i * math.sqrt(2 / rho),
                                   eta=eta, C=C, rho=rho)
        xbar = one_pass_clipped_sgd(data[start:start + n_i], grad, project, x, C=C_i, eta=eta_i, counter=counter)
        start += n_i
        z = rng.standard_normal(d) if noise is None else _V.vector(f"noise[{i - 1}]", noise[i - 1], d)
        x = xbar + sigma_i * z
    return x


def cor1236_solver(data, grad: Callable, x_bar, project_shifted: Callable, *, lam: float, Gk: float, k: float,
                   rho: float, rng: np.random.Generator | None = None, counter: QueryCounter | None = None,
                   draws=None) -> np.ndarray:
    """P12.0: the Cor 12.3.6 solver (L8853-8859).

    Preconditions (validated): ``data`` n >= 1 samples; ``x_bar`` a finite vector (dimension d); lam, Gk, rho in
        (0, inf); k in (1, inf); ``project_shifted`` = Π onto (X − x̄) ∩ B(0, 2G_1/λ); ``rng`` a numpy Generator
        unless ``draws`` is given.
    Postcondition: ρ-CDP (Prop 12.3.1) and, w.p. 0.55, the Cor 12.3.6 distance bound (not tested).
    Randomness: the (T, d) standard normals of Alg 36 (T = max(n, ⌈n²ρ/d⌉)), from ``rng`` or pre-drawn ``draws``
        (that array); bit-identical.
    Steps:  Shifted losses f̃(x; s) = f(x + x̄; s) (the text's f(x − x̄) is a sign
    typo, AU12.5) on X̃ = (X − x̄) ∩ B(0, 2G_1/λ) (``project_shifted`` = Π_X̃, supplied by the caller); run Alg 36 with
    Cor 12.3.3's C = G_k(25n²ρ/(32d))^{1/(2k)}, T = max(n, ⌈n²ρ/d⌉), σ² = 2C²T/(n²ρ); return x̂ + x̄.
    ρ-CDP (Prop 12.3.1); max(n², n³ρ/d) sample gradients.  Spec: 003_ch12.algP12_0"""
    _V.callable_("grad", grad); _V.callable_("project_shifted", project_shifted)
    data = _V.sequence("data", data)
    x_bar = _V.vector("x_bar", x_bar)
    n, d = len(data), x_bar.shape[0]
    lam, Gk, rho = V.positive("lam", lam), V.positive("Gk", Gk), V.positive("rho", rho)
    k = V.in_range("k", k, 1.0, lo_open=True)
    C = Gk * (25 * n * n * rho / (32 * d)) ** (1 / (2 * k))
    T_real = n * n * rho / d
    if not T_real <= 1e8:
        raise ValueError(f"T = max(n, n^2 rho/d) = {T_real:.4g} steps (> 1e8: not a bounded run) at rho = {rho!r}, "
                         f"n = {n}, d = {d}")
    T = max(n, int(math.ceil(T_real)))
    _V.finite_result("sigma = C sqrt(2T/rho)/n", C * math.sqrt(2 * T / rho) / n, Gk=Gk, rho=rho, k=k)
    sigma = prop1231_sigma(C, T, n, rho)
    noise = None if draws is None else Source(None, draws, single="xi").normal("xi", (T, d))
    xh = clipped_dp_sgd(data, lambda x, s: grad(x + x_bar, s), project_shifted, d, C=C, lam=lam, sigma=sigma, T=T,
                        rng=rng, noise=noise, counter=counter)
    return xh + x_bar


def aggregate_erm(samples, grad: Callable, x_bar, project_shifted: Callable, *, J: int, lam: float, Gk: float,
                  k: float, rho: float, R: float, rng: np.random.Generator | None = None, variant: str = "corrected",
                  counter: QueryCounter | None = None, draws: list | None = None,
                  trace: list | None = None) -> np.ndarray:
    """Alg 38 Aggregate-ERM (L8921-8937): D^j = samples (j−1)n+1..jn (disjoint, j ∈ [J]); x^j = P12.0(D^j, x̄, λ, ρ);
    return Aggregate({x^j}, R/3) ("corrected": inliers within R/3 by (12.8), output within R, AU12.7) or
    Aggregate({x^j}, R) ("paper").  Disjoint portions ⇒ ρ-CDP by parallel composition (PC10).

    Preconditions (validated): J integer >= 1 with n = ⌊|samples|/J⌋ >= 1; R in [0, inf); the P12.0 preconditions;
        ``rng`` a numpy Generator unless ``draws`` is given.
    Steps: as above (L8921-8937).  Postcondition: ρ-CDP; within R of the target when >= 0.51J portions are inliers
        ("corrected"; "paper" can be 2.95R away, AU12.7).
    Randomness: the J P12.0 calls in order, from ``rng`` or pre-drawn ``draws`` = a list of J (T, d) standard-normal
        arrays; bit-identical.  ``trace`` (a list) receives dict(points, found): the J outputs and whether Aggregate
        found >= 0.51J of them within 2·radius of one (else it returns x^1, a fallback the caller counts).
    Spec: 003_ch12.alg38"""
    _V.callable_("grad", grad); _V.callable_("project_shifted", project_shifted)
    lam, Gk, k, rho = _V.positive("lam", lam), _V.positive("Gk", Gk), _V.positive("k", k), _V.positive("rho", rho)
    rng = _V.generator("rng", rng, allow_none=True)
    _V.choice("variant", variant, ("corrected", "paper"))
    _V.trace_list("trace", trace)
    samples = _V.sequence("samples", samples)
    J = V.positive_int("J", J)
    R = V.nonnegative("R", R)
    n = len(samples) // J
    if n < 1:
        raise ValueError(f"samples must hold at least J = {J} samples, got {len(samples)}")
    if draws is not None and (not isinstance(draws, (list, tuple)) or len(draws) != J):
        raise ValueError(f"draws must be a list of J = {J} arrays of standard normals")
    portions = [samples[j * n:(j + 1) * n] for j in range(J)]
    xs = np.array([cor1236_solver(P, grad, x_bar, project_shifted, lam=lam, Gk=Gk, k=k, rho=rho, rng=rng,
                                  counter=counter, draws=None if draws is None else draws[j])
                   for j, P in enumerate(portions)])
    out = aggregate_ch12(xs, R / 3.0 if variant == "corrected" else R)
    if trace is not None:                       # whether Aggregate found a 0.51J cluster (else it fell back to x^1)
        trace.append(dict(points=xs.copy(), found=bool(_aggregate_000(xs, R if variant == "corrected" else 3 * R)[1])))
    return out


def a_lip_standin(data, grad: Callable, project: Callable, x0, *, L: float, D: float, rho: float,
                  rng: np.random.Generator | None = None, solver_steps: int = 200, counter: QueryCounter | None = None,
                  draws=None) -> np.ndarray:
    """P12.2 [stand-in for A_Lip, Prop 12.6.6 ← FKT20; not specified in the thesis]: localized phased regularized ERM
    with output perturbation.  For i = 1..⌈log₂ n⌉: fresh batch n_i = ⌊n/2^i⌋ (disjoint); λ_i = λ4^i with
    λ = (L/D)max(1/√n, √d/(n√ρ)); x̃_i ≈ argmin_X (1/n_i)Σ f + (λ_i/2)‖x − x_{i−1}‖² (projected GD, ``solver_steps``
    steps, steps 1/(λ_i t); non-private); x_i = Π_X(x̃_i + N(0, σ_i²I)), σ_i = 2L/(λ_i n_i √(2ρ)) (replace-one
    sensitivity 2L/(λ_i n_i) of the regularized minimizer ⇒ ρ-CDP per phase; disjoint batches ⇒ ρ-CDP).

    Preconditions (validated): ``data`` n >= 2 samples; L, D, rho in (0, inf); solver_steps integer >= 1; ``x0`` a
        finite vector; ``rng`` a numpy Generator unless ``draws`` is given.
    Postcondition: ρ-CDP (each sample in one phase; each phase's Gaussian release is ρ-CDP for the stated
        sensitivity); the utility of Prop 12.6.6 is not claimed for this stand-in.
    Randomness: one (d,) standard-normal vector per phase (K = ⌊log₂ n⌋ phases), from ``rng`` or pre-drawn ``draws``
        of shape (K, d); bit-identical.  Spec: 003_ch12.algP12_2"""
    _V.callable_("grad", grad); _V.callable_("project", project)
    data = _V.sequence("data", data)
    n = len(data)
    x = _V.vector("x0", x0)
    d = x.shape[0]
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    counter = counter if counter is not None else QueryCounter()
    L, D, rho = V.positive("L", L), V.positive("D", D), V.positive("rho", rho)
    solver_steps = V.positive_int("solver_steps", solver_steps)
    if n < 2:
        raise ValueError(f"data must contain n >= 2 samples, got {n}")
    K = sum(1 for i in range(1, int(math.ceil(math.log2(n))) + 1) if n // 2 ** i >= 1)
    z_all = Source(rng, draws, single="z").normal("z", (K, d))
    lam = (L / D) * max(1 / math.sqrt(n), math.sqrt(d) / (n * math.sqrt(rho)))
    start = 0
    for i in range(1, int(math.ceil(math.log2(n))) + 1):
        n_i = n // 2 ** i
        if n_i < 1:
            break
        batch = data[start:start + n_i]
        start += n_i
        lam_i = lam * 4.0 ** i
        y = x.copy()
        for it in range(solver_steps):                       # subgradient method on a λ_i-strongly convex objective
            counter.record(n_i, "sample_gradient")
            g = np.mean([_sample_grad(grad, y, s, f"data[{start - n_i + b}]") for b, s in enumerate(batch)],
                        axis=0) + lam_i * (y - x)
            y = np.asarray(project(y - g / (lam_i * (it + 1))), dtype=float)
        sigma_i = _V.finite_result("sigma_i = 2L/(lam_i n_i sqrt(2 rho))", 2 * L / (lam_i * n_i * math.sqrt(2 * rho)),
                                   L=L, D=D, rho=rho)
        x = np.asarray(project(y + sigma_i * z_all[i - 1]), dtype=float)
    return x


def localized_clipped_dp_sgd(data, grad: Callable, project: Callable, x0, *, eta: float, C: float, c: float,
                             omega: float, beta: float, epsilon: float, delta: float, rng: np.random.Generator,
                             variant: str = "corrected", counter: QueryCounter | None = None, trace: list | None = None):
    """Alg 42 Localized-Clipped-DP-SGD (003 L9391-9450), (ε, δ)-DP heavy-tailed SCO for β-smooth losses.

    Preconditions: ``data`` n >= 2 samples; eta, C, c, omega, beta > 0; epsilon, delta in (0, 1); ``variant``
        "corrected" (phase i uses samples Σ_{i'<i} n_{i'} + j, disjoint) or "paper" (Σ_{i'∈[i]} n_{i'} + j, which
        reuses samples across phases, AU12.14).
    Steps: I = ⌊log₂ n⌋, n ← 2^I; for i ∈ [I]: n_i = n/2^i, η_i = η/4^i, ω_i = 6ωCη_iβ, τ_i = ω_i log(30n_i/δ);
        Ĉ = C + BLap(ω_i, τ_i); ĉ_i = c + BLap(3/ε, c/2); count = 0; x_{i,1} = x_{i−1}; for j ∈ [n_i]: s = s_{i,j};
        ν ~ BLap(2ω_i, 2τ_i); if ‖∇f(x_{i,j}; s)‖ + ν ≥ Ĉ: count++, g = Π_C(∇f), Ĉ = C + BLap(ω_i, τ_i); else g = ∇f;
        if count ≥ ĉ_i: return None (⊥); x_{i,j+1} = Π_X(x_{i,j} − η_i g).  x̄_i = (1/n_i)Σ_j x_{i,j};
        x_i = x̄_i + N(0, σ_i²I), σ_i = 30Cη_i√log(3/δ)/ε.  Return x_I.
    Postcondition: Thm 12.7.6 / Lemma 12.7.8 (claimed (ε, δ)-DP, rate with an understated log factor, AU12.17);
        exactly one gradient per used sample (≤ n calls).

    Randomness: bounded-Laplace draws (two uniforms each) for Ĉ, ĉ_i and every sample's ν, and (d,) standard normals
        per phase, all from ``rng``; the number of threshold refreshes is data-dependent, so there is no fixed-shape
        pre-drawn form yet (not done: a draws layout per phase with maximal shapes).
    Spec: 003_ch12.alg42
    """
    _V.callable_("grad", grad); _V.callable_("project", project)
    eta, C, c = _V.positive("eta", eta), _V.positive("C", C), _V.positive("c", c)
    omega, beta, epsilon = _V.positive("omega", omega), _V.positive("beta", beta), _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    rng = _V.generator("rng", rng)
    data = _V.sequence("data", data)
    if len(data) < 2:
        raise ValueError(f"data must contain n >= 2 samples, got {len(data)}")
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    I = int(math.floor(math.log2(len(data))))
    n = 2 ** I
    x = _V.vector("x0", x0)
    d = x.shape[0]
    counter = counter if counter is not None else QueryCounter()
    ranges = a42_phase_indices(n, variant)
    for i in range(1, I + 1):                                                          # line 3
        n_i, eta_i = n // 2 ** i, eta / 4.0 ** i                                       # line 4
        omega_i = omega * 6 * C * eta_i * beta
        tau_i = omega_i * math.log(30 * n_i / delta)
        _V.finite_result("2 tau_i = 12 omega C eta_i beta log(30 n_i/delta)", 2.0 * tau_i, omega=omega, C=C, eta=eta,
                         beta=beta)
        C_hat = C + float(bounded_laplace(omega_i, tau_i, rng))                        # line 5
        c_hat = c + float(bounded_laplace(3 / epsilon, c / 2, rng))
        count = 0
        xj = x.copy()                                                                  # line 6
        acc = np.zeros(d)
        for j, idx in enumerate(ranges[i - 1]):                                        # line 7
            s = data[idx - 1]                                                          # line 8 (1-based index)
            acc += xj
            counter.record(1, "sample_gradient")
            gj = _sample_grad(grad, xj, s, f"data[{idx - 1}]")
            nu = float(bounded_laplace(2 * omega_i, 2 * tau_i, rng))                  # line 9
            if float(np.linalg.norm(gj)) + nu >= C_hat:                                # line 10
                count += 1                                                             # line 11
                gj = clip_l2(gj, C)                                                    # line 12
                C_hat = C + float(bounded_laplace(omega_i, tau_i, rng))                # line 13
            if count >= c_hat:                                                         # line 18
                return None                                                            # line 19: ⊥
            xj = np.asarray(project(xj - eta_i * gj), dtype=float)                     # line 21
        x_bar = acc / n_i                                                              # line 23: mean of x_{i,1..n_i}
        sigma_i = 30 * C * eta_i * math.sqrt(math.log(3 / delta)) / epsilon            # line 24
        _V.finite_result("sigma_i = 30 C eta_i sqrt(log(3/delta))/epsilon", sigma_i, C=C, eta=eta, epsilon=epsilon)
        x = x_bar + sigma_i * rng.standard_normal(d)
        if trace is not None:
            trace.append(x.copy())
    return x


def svt_pattern_probability(q, *, L: float, R: float, tau: float, k, dps: int = 20):
    """Exact P(Alg 41 with c = 1 answers ⊥^{k−1}⊤ (k ∈ 1..T) or ⊥^T (k = None)) for query values q (1-D integral over
    the bounded-Laplace threshold noise; BLap CDFs in closed form).  Oracle for Lemma 12.7.5 (c = 1).  ``k=None``: no ⊤.
    Spec: 003_ch12.alg41"""
    dps = _V.integer("dps", dps, lo=1, hi=100_000)
    L, R, tau = _V.real("L", L), _V.positive("R", R), _V.positive("tau", tau)
    q = _V.vector("q", q)
    k = _V.optional(_V.integer, "k", k, lo=1, hi=q.shape[0])
    if not tau / R > 10.0 ** (2 - dps):     # 1 - e^{-tau/R} would round to 0 at dps digits
        raise ValueError(f"tau / R must exceed 10^(2 - dps) = {10.0 ** (2 - dps):.1e} (the working precision), got "
                         f"tau={tau!r}, R={R!r}, dps={dps}")
    import mpmath as mp
    with mp.workdps(dps):
        R, tau, L = mp.mpf(R), mp.mpf(tau), mp.mpf(L)
        b2, t2 = 2 * R, 2 * tau
        Z1, Z2 = 1 - mp.exp(-tau / R), 1 - mp.exp(-t2 / b2)

        def cdf2(x):                                       # P(ξ < x), ξ ~ BLap(2R, 2τ)
            if x <= -t2:
                return mp.mpf(0)
            if x >= t2:
                return mp.mpf(1)
            if x < 0:
                return (mp.exp(x / b2) - mp.exp(-t2 / b2)) / (2 * Z2)
            return (2 - mp.exp(-t2 / b2) - mp.exp(-x / b2)) / (2 * Z2)

        qs = [mp.mpf(v) for v in q]
        last = len(qs) if k is None else k

        def integrand(u):
            val = mp.exp(-abs(u) / R) / (2 * R * Z1)
            for t in range(last):
                below = cdf2(L + u - qs[t])                # ⊥ iff q_t + ξ < L + u
                val *= (1 - below) if (k is not None and t == last - 1) else below
            return val

        pts = {-tau, tau, mp.mpf(0)}
        for v in qs:
            for off in (-t2, mp.mpf(0), t2):
                u0 = v + off - L
                if -tau < u0 < tau:
                    pts.add(u0)
        return mp.quad(integrand, sorted(pts))


def prox_sgd_standin(samples, grad: Callable, prox: Callable, x_center, x_start, *, lam: float,
                     counter: QueryCounter | None = None) -> np.ndarray:
    """[stand-in for the [ACJ+21, Lemma 1] solver of Lemma 12.9.3 (L9667-9673); not specified in the thesis]
    proximal SGD with weighted averaging on f + ψ + (λ/2)‖· − x_center‖² (λ-strongly convex).

    Preconditions (validated): ``samples`` T >= 1 i.i.d. samples (one stochastic-gradient query each); ``grad(x, s)``
        a stochastic subgradient of f with E g ∈ ∂f, E‖g‖² <= G²; ``prox(v, eta)`` the proximal oracle of ψ over X
        (Def 12.9.2, L9655): argmin_X {‖x − v‖²/(2η) + ψ(x)}; lam in (0, inf); x_center, x_start finite vectors.
    Steps: x_1 = x_start; for t = 1..T: η_t = 2/(λ(t+1)); v = x_t − η_t g(x_t; s_t); x_{t+1} = prox_{η_t(ψ + (λ/2)‖·−c‖²)}(v)
        = prox((v + η_tλc)/(1 + η_tλ), η_t/(1 + η_tλ)) (one query to each oracle); return Σ_t t·x_{t+1}/Σ_t t.
    Postcondition: Lemma 12.9.3 (claimed for the cited solver): w.p. >= 4/5, ‖x̄ − x*‖ <= 30G/(λ√T) — checked for this
        stand-in by 003_ch12.lemma12_9_3.stand_in_success (Monte Carlo, Clopper–Pearson).  Exactly T queries.
    Randomness: none beyond the samples (each query consumes one sample).
    Spec: 003_ch12.algP12_4
    """
    _V.callable_("grad", grad); _V.callable_("prox", prox)
    samples = _V.sequence("samples", samples)
    lam = V.positive("lam", lam)
    c = V.vector("x_center", x_center)
    x = V.vector("x_start", x_start, d=c.shape[0]).copy()
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    counter = counter if counter is not None else QueryCounter()
    num, den = np.zeros_like(x), 0.0
    for t, s in enumerate(samples, start=1):
        eta = 2.0 / (lam * (t + 1))
        counter.record(1, "stochastic_gradient")
        v = x - eta * _sample_grad(grad, x, s, f"samples[{t - 1}]")
        x = np.asarray(prox((v + eta * lam * c) / (1 + eta * lam), eta / (1 + eta * lam)), dtype=float)
        num += t * x
        den += t
    return num / den


def high_probability_sco(samples, grad: Callable, prox: Callable, x0, *, delta: float, G: float, lam: float,
                         counter: QueryCounter | None = None, trace: list | None = None,
                         portion_constant: float = 48.0) -> np.ndarray:
    """P12.4: high-probability (non-private) SCO of Thm 12.9.4 (003 L9675-9703), the case 1/δ <= polylog(n).

    Preconditions (validated): ``samples`` n i.i.d. samples (n queries to g); ``grad(x, s)`` the stochastic oracle of
        Def 12.9.1 (E g(x) ∈ ∂f(x), E‖g‖² <= G²); ``prox(v, eta)`` the proximal oracle of ψ over X (Def 12.9.2);
        ``x0`` in X; delta in (0, 1/2); G, lam in (0, inf) (λ, the initial regularization of Alg 37, is the caller's
        tuning: the proof leaves it to Prop 12.3.7); every phase must have n_i >= J_i (the proof's "n sufficiently
        larger than log(1/δ)", L9691): a ValueError names the phase otherwise; ``portion_constant`` in (0, inf), the
        48 of J_i = ⌈48 log(1/δ_i)⌉ (L9693) — 48 is the printed algorithm; any other value is a scaled run the caller
        must state.
    Steps (L9691-9697): Alg 37 (``population_localize``) with F_P ← f + ψ and I = ⌊½log₂ n⌋ phases, λ_i = λ·32^i;
        phase i: the next n_i = ⌊n/2^i⌋ queries, δ_i = δ/2^i, J_i = ⌈48 log(1/δ_i)⌉ portions of T_i = ⌊n_i/J_i⌋
        queries; on each portion the Lemma 12.9.3 solver (:func:`prox_sgd_standin`) for f + ψ + (λ_i/2)‖· − x_{i−1}‖²
        from x_{i−1}; x_i = Aggregate(portions' outputs, 30G/(λ_i√T_i)) (Fact 12.2.9, ``aggregate_ch12``).
    Postcondition: Thm 12.9.4 (claimed): w.p. >= 1 − δ, f(x) + ψ(x) − min <= C_sco·GD·√(log(1/δ)/n) (C_sco not given).
        Queries Σ_i J_i T_i <= n (counted).
    Randomness: none beyond the samples.
    Spec: 003_ch12.algP12_4
    """
    _V.callable_("grad", grad); _V.callable_("prox", prox)
    samples = _V.sequence("samples", samples)
    n = len(samples)
    if n < 4:
        raise ValueError(f"samples must contain n >= 4 samples, got {n}")
    delta = V.in_range("delta", delta, 0.0, 0.5, lo_open=True, hi_open=True)
    G, lam = V.positive("G", G), V.positive("lam", lam)
    c48 = V.positive("portion_constant", portion_constant)
    x0 = V.vector("x0", x0)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    counter = counter if counter is not None else QueryCounter()
    I = int(math.floor(0.5 * math.log2(n)))                              # L9691: I = ½ log₂ n
    for i in range(1, I + 1):                                            # fail fast: every phase needs n_i >= J_i
        J_i = int(math.ceil(c48 * math.log(1 / (delta / 2 ** i))))        # as in phase() below (L9693)
        if (n // 2 ** i) // J_i < 1:
            raise ValueError(f"phase {i}: n_i = {n // 2 ** i} < J_i = {J_i} "
                             f"portions (samples: n = {n} too small for δ = {delta:g}: the proof assumes n sufficiently "
                             "larger than log(1/δ), L9691)")
    pos = [0]

    def phase(i, x_prev, lam_i, radius):                                 # (12.7) realized by J_i solvers + Aggregate
        n_i = n // 2 ** i                                                # L9691: n_i = n/2^i
        delta_i = delta / 2 ** i                                         # L9693: δ_i = δ/2^i
        J = int(math.ceil(c48 * math.log(1 / delta_i)))                  # L9693: 48 log(1/δ_i) portions
        T = n_i // J
        if T < 1:
            raise ValueError(f"phase {i}: n_i = {n_i} < J_i = {J} portions (n too small for δ = {delta:g}: the proof "
                             "assumes n sufficiently larger than log(1/δ), L9691)")
        batch = samples[pos[0]:pos[0] + n_i]
        pos[0] += n_i
        outs = np.array([prox_sgd_standin(batch[j * T:(j + 1) * T], grad, prox, x_prev, x_prev, lam=lam_i,
                                          counter=counter) for j in range(J)])   # L9693: Lemma 12.9.3 per portion
        x = aggregate_ch12(outs, 30.0 * G / (lam_i * math.sqrt(T)))       # L9693-9695: Aggregate (Fact 12.2.9)
        if trace is not None:
            trace.append(dict(i=i, n_i=n_i, J=J, T=T, lam_i=lam_i, x=x.copy()))
        return x

    return population_localize(x0, phase, lam=lam, I=I, Delta=G * math.sqrt(math.log(1 / delta) / n))


def strongly_convex_localization(samples, solver: Callable, x0, *, mu: float, D: float, err: Callable,
                                 K: int | None = None, trace: list | None = None) -> np.ndarray:
    """P12.5: the strongly convex reduction of Cor 12.5.1 (003 L9077-9081) [stand-in: the thesis gives no pseudocode;
    the [FKT20, §5.1 / Thm 5.1] localization with the domain truncation the proof describes].

    Preconditions (validated): ``samples`` n >= 2 samples; ``solver(batch, center, radius)`` the convex algorithm of
        Thm 12.3.8 run on the batch over X ∩ B(center, radius) (it must return a point of that set); ``err(n_k,
        radius)`` its high-probability excess-risk bound on n_k samples over a domain of diameter 2·radius; mu, D in
        (0, inf) (strong convexity, diameter of X); K None (⌊log₂ log₂ n⌋ + 1 stages) or an integer >= 1.
    Steps (L9079-9081): R_0 = D; for k = 1..K: n_k = ⌊n/2^k⌋ fresh samples; x_k = solver(batch_k, x_{k−1}, R_{k−1});
        R_k = √(2·err(n_k, R_{k−1})/μ) (μ-strong convexity: F(x) − F* >= (μ/2)‖x − x*‖², so x* ∈ B(x_k, R_k) whenever
        the bound holds — the truncation that keeps the minimizer); return x_K.
    Postcondition: Cor 12.5.1 (claimed): w.p. >= 1 − δ, F(x) − F* <= C_sco((G_k²/μ)(d log³(1/δ)/(n²ρ))^{1−1/k} +
        (G_2²/μ)log(1/δ)/n); privacy: disjoint batches (parallel composition) of ρ-CDP solver calls.
    Randomness: the solver's.
    Spec: 003_ch12.algP12_5
    """
    _V.callable_("solver", solver); _V.callable_("err", err)
    _V.trace_list("trace", trace)
    samples = _V.sequence("samples", samples)
    n = len(samples)
    if n < 2:
        raise ValueError(f"samples must contain n >= 2 samples, got {n}")
    mu, D = V.positive("mu", mu), V.positive("D", D)
    K = int(math.floor(math.log2(max(2.0, math.log2(n))))) + 1 if K is None else V.positive_int("K", K)
    x = V.vector("x0", x0)
    R, pos = D, 0
    for k in range(1, K + 1):
        n_k = n // 2 ** k
        if n_k < 1:
            raise ValueError(f"stage {k}: n_k = n/2^k < 1 (K = {K} too large for n = {n} samples)")
        x = np.asarray(solver(samples[pos:pos + n_k], x, R), dtype=float)
        pos += n_k
        R_next = math.sqrt(2.0 * float(err(n_k, R)) / mu)
        if trace is not None:
            trace.append(dict(k=k, n_k=n_k, radius=R, x=x.copy()))
        R = R_next
    return x


def thm1238_sco(samples, grad: Callable, project_restricted: Callable, x0, *, J: int, lam: float, Delta: float,
                G1: float, Gk: float, k: float, rho: float, rng: np.random.Generator, variant: str = "corrected",
                counter: QueryCounter | None = None, trace: list | None = None) -> np.ndarray:
    """Thm 12.3.8's algorithm: Alg 37 using Alg 38 in its line 5, with the sample split of the proof (003 L9049-9065).

    Preconditions (validated): ``samples`` n samples with m = 2^⌊log₂(n/J)⌋ >= 2 (the proof's m = n/J rounded down to
        a power of 2, "discarding <= 1/2 our samples", L9051); J integer >= 1 (the proof takes J ∈ [400 log(I/δ),
        500 log(I/δ)], L9049; here the caller's, so a scaled run states its J); lam, Delta, G1, Gk, rho in (0, inf);
        k in (1, inf); ``project_restricted(x_bar, r)`` returns Π onto (X − x̄) ∩ B(0, r) (the shifted restricted
        domain of Cor 12.3.6 / P12.0); ``x0`` in X; ``variant`` "corrected" (Aggregate radius R/3, AU12.7) or "paper".
    Steps: I = log₂ m phases (I = ⌈log₂(n/J)⌉ with m a power of 2), m_i = m/2^i; phase i (Alg 37 line 4 with
        λ_i = λ32^i) calls Alg 38 (``aggregate_erm``) on the next J·m_i unused samples (portions D_i^j of m_i
        samples, pairwise disjoint over (i, j), L9053-9055) with center x_{i−1}, λ_i, ρ and R = Δ4^i/λ_i (L9059);
        each portion runs P12.0 (``cor1236_solver``) on X̃ = (X − x_{i−1}) ∩ B(0, 2G_1/λ_i).  Return x_I.
    Postcondition: Thm 12.3.8 (claimed): ρ-CDP (each sample in one P12.0 call, L9067); Σ_i J·m_i·max(m_i,
        ⌈m_i²ρ/d⌉) sample gradients (counted; <= C_sco max(n², n³ρ/d)); w.p. >= 1 − δ the excess is <= C_sco(G_kD(√d
        log(1/δ)/(n√ρ))^{1−1/k} + G_2D√(log(1/δ)/n)) when J, Δ are the proof's (C_sco, C_reg-pop unspecified).
    Randomness: the P12.0 calls' (T, d) standard normals in phase order, from ``rng``.  ``trace`` receives per phase
        dict(i, m_i, lam_i, R, found, points, x_prev, x): the J P12.0 outputs, the centre x_{i−1}, the phase output;
        found = False marks Aggregate's fallback to x^1 (no 0.51J cluster).
    Spec: 003_ch12.thm12_3_8
    """
    _V.callable_("grad", grad); _V.callable_("project_restricted", project_restricted)
    samples = _V.sequence("samples", samples)
    J = V.positive_int("J", J)
    lam, Delta, G1 = V.positive("lam", lam), V.positive("Delta", Delta), V.positive("G1", G1)
    Gk, rho = V.positive("Gk", Gk), V.positive("rho", rho)
    k = V.in_range("k", k, 1.0, lo_open=True)
    rng = _V.generator("rng", rng)
    _V.choice("variant", variant, ("corrected", "paper"))
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    x0 = V.vector("x0", x0)
    n = len(samples)
    if n < 2 * J:
        raise ValueError(f"samples must hold n >= 2J = {2 * J} samples (m = n/J >= 2), got n = {n}")
    I = int(math.floor(math.log2(n / J)))                                # L9049: I = ⌈log₂(n/J)⌉, m = 2^I (L9051)
    m = 2 ** I
    pos = [0]

    def phase(i, x_prev, lam_i, R):                                      # Alg 37 line 4 realized by Alg 38 (L9057)
        m_i = m // 2 ** i                                                # L9053: m_i = m/2^i
        block = samples[pos[0]:pos[0] + J * m_i]                         # L9055: ∪_j D_i^j, disjoint over (i, j)
        pos[0] += J * m_i
        agg: list = []
        x = aggregate_erm(block, grad, x_prev, project_restricted(x_prev, 2.0 * G1 / lam_i), J=J, lam=lam_i, Gk=Gk,
                          k=k, rho=rho, R=R, rng=rng, variant=variant, counter=counter,
                          trace=agg)                                       # L9057-9059: R = Δ4^i/λ_i
        if trace is not None:
            trace.append(dict(i=i, m_i=m_i, lam_i=lam_i, R=R, found=agg[-1]["found"], points=agg[-1]["points"],
                              x_prev=np.asarray(x_prev, dtype=float).copy(), x=np.asarray(x, dtype=float).copy()))
        return x

    return population_localize(x0, phase, lam=lam, I=I, Delta=Delta)
