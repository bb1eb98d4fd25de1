"""Efficient sampler of Ch. 6 (Thm 6.4.7): AlternateSample / proximal sampler (Algorithm 19, 003 L5603; = Alg 13 of
Ch. 3) with the restricted-Gaussian-oracle rejection sampler (Lemma 6.6.2, L5624; = Alg 14 of Ch. 3, L2783).

Target π ∝ exp(−F̂), F̂(x) = β(F_D(x) + (μ/2)||x||²) on 𝒦 = B(0, R); f_i = β f(·; z_i) (βG-Lipschitz),
ψ(x) = (βμ/2)||x||² + ι_𝒦(x).
"""
from __future__ import annotations

import math

import numpy as np

from reference.core import validation as V

from reference.core.oracles import QueryCounter, ValueOracle
from reference.core import validation as _V

__all__ = ["restricted_gaussian_draw", "rgo_rejection_sampler", "alternate_sample"]


def restricted_gaussian_draw(y, *, eta: float, beta_mu: float, R: float, rng: np.random.Generator | None = None,
                             draws=None) -> np.ndarray:
    """Exact draw from 𝒢 ∝ exp(−ψ(x) − ||x − y||²/(2η)) = N(y/(1+ηβμ), η/(1+ηβμ) I) restricted to B(0, R) (rejection).

    Preconditions: y a finite vector; eta, beta_mu >= 0 with 1 + η·βμ > 0; R > 0.
    Steps: propose x = y/(1 + ηβμ) + √(η/(1 + ηβμ))·ζ, ζ ~ N(0, I), until ‖x‖ ≤ R (at most 1e6 tries).
    Postcondition: an exact draw from N(y/(1+ηβμ), η/(1+ηβμ) I) restricted to B(0, R); RuntimeError after 1e6
        rejections.
    Randomness: d standard normals per try, from ``rng`` or pre-drawn ``draws`` of shape (A, d) (one row per try;
        RuntimeError if all A rows are rejected); bit-identical given the rows the rng would draw.
    Spec: 003_ch06.proc_A6_9
    """
    eta = _V.nonnegative("eta", eta)
    beta_mu = _V.nonnegative("beta_mu", beta_mu)
    y = V.vector("y", y)
    R = V.positive("R", R)
    if draws is None:
        V.generator("rng", rng)
        rows, A = None, 10 ** 6
    else:
        rows = V.matrix("draws", draws)
        if rows.ndim != 2 or rows.shape[1] != y.size:
            raise ValueError(f"draws must have shape (A, {y.size}), got {rows.shape}")
        A = rows.shape[0]
    m, s = y / (1 + eta * beta_mu), math.sqrt(eta / (1 + eta * beta_mu))
    for k in range(A):
        x = m + s * (rng.standard_normal(y.size) if rows is None else rows[k])
        if np.linalg.norm(x) <= R:
            return x
    raise RuntimeError(f"restricted Gaussian: no draw inside the ball in {A} tries")


def rgo_rejection_sampler(f_list, y, *, eta: float, beta: float, mu: float, R: float, rng: np.random.Generator,
                          counter: QueryCounter | None = None, max_rounds: int = 10 ** 5) -> tuple[np.ndarray, int]:
    """Lemma 6.6.2 / Alg. 14 of Ch. 3 (003 L2783-2843): sample ∝ exp(−F̄(x) − ψ(x) − ||x − y||²/(2η)), F̄ = mean_i f_i.

    Preconditions: f_list = [f_i] with f_i = β f(·; z_i) (callables on R^d); eta, beta, mu, R > 0.
    Steps (repeat until accepted): (1) x, z iid ~ 𝒢; (2) ρ ← 1; (3) for a = 1, 2, ...: fresh indices j_1..j_a ~ Unif(I),
    ρ ← ρ + Π_{i<=a}(f_{j_i}(z) − f_{j_i}(x)); stop w.p. a/(1+a); (4) accept x w.p. clip(ρ, 0, 2)/2.
    Postcondition: E[ρ | x, z] = exp(F̄(z) − F̄(x)); when ρ never leaves [0, 2] the output law is exact; the clipping
    event is the TV error (small when βG√η ≪ 1).  Returns (x, number of proposals).

    Randomness: restricted-Gaussian proposals (d normals per try), uniform indices and Bernoulli stops, all from
        ``rng``; the number of draws is random (rejection), so there is no fixed-shape pre-drawn form.
    Spec: 003_ch06.proc_A6_9
    """
    eta, beta, mu, R = _V.positive("eta", eta), _V.positive("beta", beta), _V.positive("mu", mu), _V.positive("R", R)
    rng = _V.generator("rng", rng)
    max_rounds = _V.integer("max_rounds", max_rounds, lo=1)
    f_list = [_V.callable_(f"f_list[{i}]", f) for i, f in enumerate(_V.sequence("f_list", f_list))]
    y = _V.vector("y", y)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    n = len(f_list)
    val = ValueOracle(lambda v: 0.0, counter=counter)

    def fv(j, p):
        val(np.zeros(1))
        return f_list[j](p)
    for k in range(1, max_rounds + 1):
        x = restricted_gaussian_draw(y, eta=eta, beta_mu=beta * mu, R=R, rng=rng)     # step 1
        z = restricted_gaussian_draw(y, eta=eta, beta_mu=beta * mu, R=R, rng=rng)
        rho = 1.0                                                                       # step 2
        a = 1
        while True:                                                                     # step 3
            js = rng.integers(n, size=a)
            rho += float(np.prod([fv(j, z) - fv(j, x) for j in js]))
            if rng.random() < a / (1 + a):
                break
            a += 1
        if rng.random() <= min(max(rho, 0.0), 2.0) / 2:                                 # step 4
            return x, k
    raise RuntimeError("RGO: no acceptance")


def alternate_sample(f_list, x0, *, eta: float, T: int, beta: float, mu: float, R: float, rng: np.random.Generator,
                     counter: QueryCounter | None = None, trace: list | None = None) -> np.ndarray:
    """Algorithm 19 (AlternateSample, 003 L5603): for t = 1..T: y_t = x_{t−1} + √η ζ, ζ ~ N(0, I); x_t ~ RGO(y_t).
    Postcondition (Thm 6.6.1): R_q(law(x_T), π) <= R_q(π_0, π)/(1 + η/C_LSI)^{2T/q} (+ inner TV errors).

    Preconditions: f_list a list of callables; x0 a finite vector in B(0, R); eta, beta, mu, R > 0; T integer >= 1
        (validated).
    Steps: for t = 1..T: y_t = x_{t−1} + √η ζ_t, ζ_t ~ N(0, I); x_t = rgo_rejection_sampler(y_t).
    Randomness: per step d standard normals for y_t, then the RGO's draws, all from ``rng`` (rejection inside: no
        fixed-shape pre-drawn form).
    Spec: 003_ch06.alg19
    """
    eta, beta, mu, R = _V.positive("eta", eta), _V.positive("beta", beta), _V.positive("mu", mu), _V.positive("R", R)
    T, rng = _V.integer("T", T, lo=1), _V.generator("rng", rng)
    f_list = [_V.callable_(f"f_list[{i}]", f) for i, f in enumerate(_V.sequence("f_list", f_list))]
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    x = _V.vector("x0", x0)
    if not float(np.linalg.norm(x)) <= R:
        raise ValueError(f"x0 must lie in B(0, R = {R!r}), got ||x0|| = {float(np.linalg.norm(x))!r}")
    for _ in range(int(T)):
        y = x + math.sqrt(eta) * rng.standard_normal(x.size)                            # y_t = x_{t−1} + √η ζ
        x, _ = rgo_rejection_sampler(f_list, y, eta=eta, beta=beta, mu=mu, R=R, rng=rng, counter=counter)
        if trace is not None:
            trace.append(x.copy())
    return x
