"""Chapter 11 of thesis 003 (dimension independence via restricted Lipschitz continuity, seed L8144-8602).

Alg 35 DP-SGD for regularized finite sums (unconstrained) and the generalized-geometric-median test problem (P11.1).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from reference.core.accounting import dpsgd_epsilon
from reference.core.oracles import QueryCounter
from reference.core import validation as _V

__all__ = ["dp_sgd_regularized", "dp_sgd_epsilon", "restricted_lipschitz_diag", "geometric_median_grad"]


def dp_sgd_regularized(data, grad: Callable, x0, *, sigma: float, T: int, eta: float, G: float, alpha: float,
                       rng: np.random.Generator | None = None, noise=None, counter: QueryCounter | None = None,
                       trace: list | None = None) -> np.ndarray:
    """Alg 35 (003 L8220-8231): unconstrained DP-SGD on F_α(x) = F(x; D) + (α/2)‖x − x^{(0)}‖².

    Preconditions: ``data`` n >= 1 records; ``grad(x, s)`` a subgradient of f(·; s) with norm <= G; sigma >= 0;
        T >= 1; eta > 0; G > 0; alpha >= 0 (used by the algorithm but missing from its input list, AU11.4).
        ``noise`` None or a pair (j, z): j int array (T,) of indices, z standard normals (T, d).
    Steps: for t = 1..T: j_t ~ Unif([n]) (with replacement across steps); ζ_t ~ N(0, σ² I_d);
        x^{(t)} = x^{(t−1)} − η(∇f(x^{(t−1)}; s_{j_t}) + α(x^{(t−1)} − x^{(0)}) + G ζ_t).  No projection.
    Postcondition: returns x̄ = (1/T) Σ_{t=1}^T x^{(t)}; T gradient calls.  Privacy (Lemma 11.2.4, constants
        implicit): see ``dp_sgd_epsilon`` for the explicit accountant.

    Randomness: per step one index j_t (rng.integers) and d standard normals, from ``rng`` or the
        pre-drawn ``noise`` = (j, z) given (see Preconditions); bit-identical.
    Spec: 003_ch11.alg35
    """
    _V.callable_("grad", grad)
    T = _V.integer("T", T, lo=1)
    rng = _V.generator("rng", rng, allow_none=noise is not None, draws_name="noise")
    data = _V.sequence("data", data)
    n = len(data)
    sigma, alpha = _V.nonnegative("sigma", sigma), _V.nonnegative("alpha", alpha)
    eta, G = _V.positive("eta", eta), _V.positive("G", G)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    _V.trace_list("trace", trace)
    x0 = _V.vector("x0", x0)
    d = x0.shape[0]
    if noise is None:
        j = rng.integers(0, n, size=T)
        z = rng.standard_normal((T, d))
    else:
        if not isinstance(noise, (tuple, list)) or len(noise) != 2:
            raise TypeError(f"noise must be a pair (j, z) of indices (T,) and standard normals (T, d), got "
                            f"{type(noise).__name__} {noise!r}"[:300])
        z = _V.array("noise[1]", noise[1], shape=(T, d))
        j = _V.array("noise[0]", noise[0], shape=(T,))
        if np.any(j != np.floor(j)) or np.any(j < 0) or np.any(j >= n):
            raise ValueError(f"noise[0] must hold T = {T} integer indices in [0, n = {n}), got {noise[0]!r}"[:300])
        j = j.astype(int)
    counter = counter if counter is not None else QueryCounter()
    x = x0.copy()
    acc = np.zeros(d)
    for t in range(T):                                                   # line 2 (L8225)
        counter.record(1, "gradient")
        g = np.asarray(grad(x, data[j[t]]), dtype=float)                 # line 3: j_t ~ Unif([n])
        x = x - eta * (g + alpha * (x - x0) + G * sigma * z[t])          # lines 3-4 (L8226-8227)
        acc += x
        if trace is not None:
            trace.append(x.copy())
    return _V.finite_result("x_bar", acc / T, eta=eta, sigma=sigma, G=G, alpha=alpha)   # line 6 (L8229)


def dp_sgd_epsilon(n: int, T: int, sigma: float, delta: float) -> float:
    """[stand-in accountant, catalog A35] ε of Alg 35: per step a single-example gradient (replace-one ℓ2
    sensitivity 2G) plus noise G·N(0, σ²I) ⇒ noise multiplier σ/2, sampling rate 1/n; accounted as the
    Poisson-subsampled Gaussian (RDP, core dpsgd_epsilon) — a labelled approximation of uniform index sampling.

    Preconditions: n, T integers >= 1; sigma > 0; delta in (0, 1).
    Steps: Poisson-subsampled Gaussian RDP (rate 1/n, noise multiplier σ/2 for replace-one sensitivity 2G with noise
        Gσ) composed T times, converted to (ε, δ) (core accountant).
    Postcondition: an upper bound on ε at δ for Alg 35 ([stand-in] accountant; Alg 35 samples with replacement, the
        Poisson bound is the standard proxy).
    Spec: 003_ch11.alg35
    """
    n = _V.integer("n", n, lo=1)
    T = _V.integer("T", T, lo=1)
    sigma = _V.nonnegative("sigma", sigma)
    delta = _V.probability("delta", delta)
    return dpsgd_epsilon(1.0 / n, sigma / 2.0, int(T), delta)


def restricted_lipschitz_diag(a_diag) -> np.ndarray:
    """P11.1 (L8541-8545): for A = diag(a) (sorted decreasing), G_k = λ_{k+1}(A^{1/2}) = √a_{k+1}, G_d = 0.

    Preconditions: a nonnegative vector (the diagonal of A).
    Steps: sort decreasing; G_k = √a_{k+1} (G_d = 0).
    Postcondition: the restricted Lipschitz coefficients of the generalized geometric median (P11.1).
    Spec: 003_ch11.algP11_1
    """
    a = _V.vector("a_diag", a_diag)
    if np.any(a < 0):
        raise ValueError(f"a_diag must be >= 0 (the diagonal of A = A^(1/2) A^(1/2)), got {a!r}"[:300])
    a = np.sort(a)[::-1]
    return np.concatenate([np.sqrt(a), [0.0]])


def geometric_median_grad(A: np.ndarray) -> Callable:
    """∇f_i(x) = A(x − x_i)/‖x − x_i‖_A (0 at x = x_i) for f_i(x) = ‖x − x_i‖_A (P11.1, L8533-8539).

    Preconditions: x, xi finite vectors; A symmetric positive definite (d × d).
    Steps: A(x − x_i)/‖x − x_i‖_A (0 at x = x_i).
    Postcondition: a subgradient of ‖x − x_i‖_A, of ℓ2 norm <= λ_1(A^{1/2}).
    Spec: 003_ch11.algP11_1
    """
    A = _V.matrix("A", A)
    if A.shape[0] != A.shape[1] or A.shape[0] == 0 or not np.allclose(A, A.T):
        raise ValueError(f"A must be a non-empty symmetric square matrix, got shape {A.shape}")
    if np.linalg.eigvalsh(A)[0] <= 0:
        raise ValueError("A must be positive definite (its smallest eigenvalue is <= 0)")

    def grad(x, xi):
        v = np.asarray(x, dtype=float) - np.asarray(xi, dtype=float)
        nrm = math.sqrt(float(v @ A @ v))
        return np.zeros_like(v) if nrm == 0 else (A @ v) / nrm
    return grad
