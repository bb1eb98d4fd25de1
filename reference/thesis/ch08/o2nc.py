"""O2NC (Algorithm 23, 003 L6213-6238; [CMO23]) and the gradient estimators of Ch. 8.

* ``o2nc``: online-to-nonconvex conversion with clipped online gradient descent.
* ``zero_order_estimator``: eq. (8.4) (L6244) with the trailing y_j (AU41): (1/m) Σ (d/(2α))(f(x+αy_j) −
  f(x−αy_j)) y_j, y_j ~ Unif(S^{d−1}) (variant "sphere", correct) or, as printed in Alg. 24 line 13 / Alg. 25
  line 12 (L6268, L6368), y_j ~ Unif(B_α) plugged into the same formula (variant "printed_ball", biased: AU42).
* ``first_order_estimator``: eq. (8.17) (L6571) as printed (y ~ Unif(S^{d−1}), ∇f(x+αy): biased, AU43) or as
  in Alg. 26 (y ~ Unif(B_α), ∇f(x+y): unbiased for ∇f_α).
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.samplers import uniform_l2_ball
from reference.core import validation as _V

__all__ = ["clip", "o2nc", "zero_order_estimator", "first_order_estimator"]


def _sphere(rng, m, d):
    g = rng.standard_normal((m, d))
    return g / np.linalg.norm(g, axis=1, keepdims=True)


def clip(v: np.ndarray, D: float) -> np.ndarray:
    """clip_D(v) = min{1, D/||v||} v (Alg. 23 line 8).

    Preconditions: v a finite vector; D >= 0 (``D=inf``: no clipping).
    Steps: v·min(1, D/‖v‖).
    Postcondition: the projection of v onto B(0, D).
    Spec: 003_ch08.alg23
    """
    D = _V.nonnegative("D", D, allow_inf=True)
    v = _V.vector("v", v)
    nv = float(np.linalg.norm(v))
    return v if nv <= D else v * (D / nv)


def o2nc(O, x0, *, D: float, eta: float, M: int, T: int, rng: np.random.Generator | None, draws=None,
         trace: list | None = None) -> dict:
    """Algorithm 23 (O2NC), 003 L6213-6238.

    Preconditions: O(z) -> (d,) gradient estimate (counting oracle recommended); x0 finite vector; D > 0 (clip
    radius), eta > 0, M >= 1 and T >= M integers.  ``draws`` (optional): dict with "s" (T uniforms in [0,1]) and
    "k" (output block index in 0..K-1) — pre-drawn randomness.
    Steps: Δ_1 = 0; for t = 1..T: s_t ~ U[0,1]; x_t = x_{t−1} + Δ_t; z_t = x_{t−1} + s_tΔ_t; g̃_t = O(z_t);
    Δ_{t+1} = clip_D(Δ_t − η g̃_t).  K = ⌊T/M⌋, x̄_k = mean of z over block k; output x̄_k for k ~ Unif[K].
    Postcondition (Prop 8.2.6, L6203, with AU51 constants): if E||O(z) − ∇h(z)||² <= G0², E||O(z)||² <= G1²,
    η = D/(G1√M) and MD <= α, then E||∂̄_α h(x_out)|| <= (h(x0) − inf h)/(DT) + 5G1/(2√M) + 2G0.
    Returns dict(x_out, xbar (K×d), z (T×d), k).
    Spec: 003_ch08.alg23
    """
    _V.callable_("O", O)
    _V.trace_list("trace", trace)
    D = _V.positive("D", D)
    eta = _V.positive("eta", eta)
    M = _V.integer("M", M)
    T = _V.integer("T", T, lo=1)
    rng = _V.generator("rng", rng, allow_none=True)
    x = _V.vector("x0", x0).copy()
    if not (D > 0 and eta > 0):
        raise ValueError(f"D and eta must be > 0, got D={D!r}, eta={eta!r}")
    if int(M) != M or M < 1 or int(T) != T or T < M:
        raise ValueError(f"need integers M >= 1 and T >= M, got M={M!r}, T={T!r}")
    T, M = int(T), int(M)
    K = T // M
    if draws is None:
        if rng is None:
            raise ValueError("rng must be a numpy Generator when draws is not given")
        draws = {"s": rng.uniform(size=T), "k": int(rng.integers(K))}
    elif not isinstance(draws, dict) or set(draws) != {"s", "k"}:
        raise TypeError(f"draws must be a dict with keys 's' (T uniforms) and 'k' (block index), got {draws!r}"[:300])
    else:
        draws = {"s": _V.array("draws['s']", draws["s"], shape=(T,)), "k": _V.integer("draws['k']", draws["k"], 0, K - 1)}
    d = x.size
    Delta = np.zeros(d)                                         # line 1: Δ_1 = 0
    zs = np.zeros((T, d))
    for t in range(T):                                          # line 2: for t = 1..T
        s = draws["s"][t]                                       # line 3: s_t ~ Unif[0,1]
        x_prev = x
        x = x_prev + Delta                                      # line 4: x_t = x_{t−1} + Δ_t
        z = x_prev + s * Delta                                  # line 5: z_t = x_{t−1} + s_tΔ_t
        g = np.asarray(O(z), dtype=float)                       # line 7: g̃_t = O(z_t)
        if g.shape != (d,):
            raise ValueError(f"O(z) must return a gradient of the shape ({d},) of x0, got {g.shape}")
        Delta = clip(Delta - eta * g, D)                        # line 8: Δ_{t+1} = clip_D(Δ_t − ηg̃_t)
        zs[t] = z
        if trace is not None:
            trace.append(z.copy())
    xbar = zs[:K * M].reshape(K, M, d).mean(axis=1)             # line 10: x̄_k = (1/M) Σ_m z_{(k−1)M+m}
    k = int(draws["k"])                                         # line 11: output x̄_k, k ~ Unif[K]
    return dict(x_out=xbar[k], xbar=xbar, z=zs, k=k)


def zero_order_estimator(f, x, *, alpha: float, m: int, rng: np.random.Generator | None,
                         variant: str = "sphere", y=None) -> np.ndarray:
    """Eq. (8.4) (003 L6244, with the trailing y_j, AU41): (1/m) Σ_j (d/(2α))(f(x+αy_j) − f(x−αy_j)) y_j.

    variant "sphere" (default, correct): y_j ~ Unif(S^{d−1}); unbiased for ∇f_α(x) (Fact 8.2.3 iv).
    variant "printed_ball": y_j ~ Unif(B_α) as in Alg. 24 line 13 / Alg. 25 line 12 (biased, AU42).
    ``y`` (m × d) may be pre-drawn.  Each summand has norm <= L d for L-Lipschitz f.  Cost 2m values.

    Preconditions: f callable; x a finite vector (d >= 1); alpha > 0; m integer >= 1; variant in {sphere, ball}.
    Steps: draw y_1..y_m (uniform on S^{d−1}, or on B_α as printed in Alg 24 line 13); return (1/m)Σ(d/(2α))(f(x +
        αy_j) − f(x − αy_j))y_j.
    Postcondition: an unbiased estimator of ∇f_α(x) for the sphere variant (Fact 8.2.3(iv)); biased for the printed
        ball variant (AU42).
    Randomness: m·d standard normals (and m uniforms for the ball) from ``rng``, or pre-drawn
        directions ``y`` of shape (m, d) (then nothing is drawn); with the same y the output is identical.
    Spec: 003_ch08.proc_A8_2
    """
    _V.callable_("f", f)
    alpha, m = _V.positive("alpha", alpha), _V.integer("m", m, lo=1)
    rng = _V.generator("rng", rng, allow_none=y is not None, draws_name="y")
    x = _V.vector("x", x)
    d = x.size
    _V.choice("variant", variant, ("sphere", "printed_ball"))
    _V.finite_result("x +- alpha", [float(np.max(np.abs(x))) + alpha, d / (2 * alpha)], x="(given)", alpha=alpha)
    if y is None:
        y = _sphere(rng, int(m), d) if variant == "sphere" else uniform_l2_ball(d, alpha, rng, size=int(m))
    y = _V.matrix("y", y, (m, d))
    vals = np.array([f(x + alpha * yj) - f(x - alpha * yj) for yj in y])
    return _V.finite_result("the estimate", (d / (2 * alpha)) * (vals[:, None] * y).mean(axis=0), alpha=alpha)


def first_order_estimator(grad, x, *, alpha: float, m: int, rng: np.random.Generator | None,
                          variant: str = "ball", y=None) -> np.ndarray:
    """First-order estimator: variant "ball" (Alg. 26, L6583-6609): (1/m)Σ ∇f(x + y_j), y_j ~ Unif(B_α) —
    unbiased for ∇f_α(x); variant "printed_sphere" (eq. 8.17, L6571): (1/m)Σ ∇f(x + αy_j), y_j ~ Unif(S^{d−1})
    — biased (AU43).

    Preconditions: grad callable; x a finite vector; alpha > 0; m integer >= 1; variant in {ball, sphere}.
    Steps: draw y_1..y_m uniform on B_α (Alg 26) or αS^{d−1} (the printed (8.17)); return (1/m)Σ∇f(x + y_j).
    Postcondition: unbiased for ∇f_α(x) with the ball; biased with the sphere (AU43).
    Randomness: m·d standard normals (and m uniforms for the ball) from ``rng``, or pre-drawn
        directions ``y`` of shape (m, d) (then nothing is drawn); with the same y the output is identical.
    Spec: 003_ch08.alg26
    """
    _V.callable_("grad", grad)
    alpha, m = _V.positive("alpha", alpha), _V.integer("m", m, lo=1)
    rng = _V.generator("rng", rng, allow_none=y is not None, draws_name="y")
    x = _V.vector("x", x)
    d = x.size
    _V.choice("variant", variant, ("ball", "printed_sphere"))
    _V.finite_result("x +- alpha", [float(np.max(np.abs(x))) + alpha], x="(given)", alpha=alpha)
    if y is None:
        y = uniform_l2_ball(d, alpha, rng, size=int(m)) if variant == "ball" else alpha * _sphere(rng, int(m), d)
    y = _V.matrix("y", y, (m, d))
    return _V.finite_result("the estimate", np.mean([np.asarray(grad(x + yj), dtype=float) for yj in y], axis=0),
                            alpha=alpha)
