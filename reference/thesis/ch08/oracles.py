"""Private gradient oracles for O2NC (Ch. 8): single-pass zero-order (Algorithm 24, 003 L6248-6278), multi-pass
zero-order (Algorithm 25, L6350-6380) and single-pass first-order (Algorithm 26, L6583-6609), with their exact
privacy accounting (conditional on the good event of the zero-order errors, plus its probability).

Corrections applied by default (catalog A8.3-A8.5): sphere directions in the zero-order O2 step (AU42; the printed
Unif(B_α) draws are available as ``directions="printed_ball"``), tree index ((t−1) mod Σ)+1 with a fresh tree per
period (AU44), replace-one sensitivities (AU57), tree σ with the sqrt(⌈log2 Σ⌉+1) factor (AU56).
"""
from __future__ import annotations

import math

import numpy as np

from reference.core.accounting import gdp_delta, gdp_mu
from reference.core.oracles import QueryCounter, ValueOracle, GradientOracle
from reference.core.samplers import uniform_l2_ball
from reference.thesis.ch07.tree import node_set
from reference.core import validation as _V

__all__ = ["single_pass_oracle", "multi_pass_oracle", "zo_error_bound", "single_pass_leaf_sensitivities",
           "single_pass_privacy", "single_pass_sigma"]


def _sphere(rng, m, d):
    g = rng.standard_normal((m, d))
    return g / np.linalg.norm(g, axis=1, keepdims=True)


def _draw_source(rng, draws, streams):
    """Run-time row source for oracles whose number of calls O2NC decides: ``take(stream, k)`` returns k rows of the
    named standard stream — normals ("dirs": (k, d), "tree"/"chi": (d,) when k is None) or uniforms ("radii": (k,)) —
    from ``rng`` (the same calls in the same order as the rng path) or from pre-drawn ``draws`` = dict(stream ->
    array), consumed in call order (a ValueError names the stream when its rows run out or the shape differs)."""
    if draws is None:
        if not isinstance(rng, np.random.Generator):
            raise TypeError(f"rng must be a numpy.random.Generator when draws is not given, got {type(rng).__name__}")

        def take(stream, k, d):
            if stream == "radii":
                return rng.random(k)
            return rng.standard_normal(d) if k is None else rng.standard_normal((k, d))
        return take
    if not isinstance(draws, dict):
        raise TypeError(f"draws must be a dict stream -> array with streams among {sorted(streams)}")
    bad = set(draws) - set(streams)
    if bad:
        raise ValueError(f"draws: unknown streams {sorted(bad)}; allowed {sorted(streams)}")
    pools = {k: np.asarray(v, dtype=float) for k, v in draws.items()}
    used = {k: 0 for k in pools}

    def take(stream, k, d):
        if stream not in pools:
            raise ValueError(f"draws: missing stream {stream!r}; given: {sorted(pools)}")
        arr, i = pools[stream], used[stream]
        kk = 1 if k is None else k
        if i + kk > arr.shape[0]:
            raise ValueError(f"draws[{stream!r}] has {arr.shape[0]} rows but {i + kk} are needed")
        if stream != "radii" and arr.shape[1:] != (d,):
            raise ValueError(f"draws[{stream!r}] rows must have shape ({d},), got {arr.shape[1:]}")
        used[stream] = i + kk
        return arr[i] if k is None else arr[i:i + kk]
    return take


def _zo(fval, z, xi, y, alpha):
    """(1/m) Σ_j (d/(2α))(f(z+αy_j;ξ) − f(z−αy_j;ξ)) y_j (eq. 8.4 with the trailing y_j, AU41)."""
    d = z.size
    vals = np.array([fval(z + alpha * yj, xi) - fval(z - alpha * yj, xi) for yj in y])
    return (d / (2 * alpha)) * (vals[:, None] * y).mean(axis=0)


def _fo(grad, z, xi, y):
    return np.mean([grad(z + yj, xi) for yj in y], axis=0)


def _zo_rows(fval_rows, z, xi, y, alpha):
    """_zo with the values of all rows at once: fval_rows(X, ξ) -> (k,) for X of shape (k, d); same arithmetic."""
    d = z.size
    vals = fval_rows(z[None, :] + alpha * y, xi) - fval_rows(z[None, :] - alpha * y, xi)
    return (d / (2 * alpha)) * (vals[:, None] * y).mean(axis=0)


def _fo_rows(grad_rows, z, xi, y):
    return np.mean(grad_rows(z[None, :] + y, xi), axis=0)


def single_pass_oracle(stream, *, Sigma: int, alpha: float, B1: int, B2: int, m: int, sigma: float,
                       rng: np.random.Generator | None = None, order: str = "zero", f=None, grad=None,
                       directions: str = "sphere", counter: QueryCounter | None = None, draws: dict | None = None,
                       vectorized: bool = False):
    """Algorithm 24 (order="zero", f(x, ξ) values) / Algorithm 26 (order="first", grad(x, ξ) subgradients).

    Preconditions: stream = the data in a fixed (public) order, consumed without replacement; Sigma >= 1 (period),
    alpha > 0, B1, B2, m >= 1 integers, sigma >= 0.
    Steps per call O(z_t) (t = 1, 2, ...): period start ((t−1) mod Σ = 0): B1 fresh samples, g_t = mean of the
    per-sample estimates at z_t, fresh tree; otherwise B2 fresh samples and g_t = g_{t−1} + mean of the
    differences of estimates at z_t and z_{t−1} (independent directions y_1..y_m and y_{m+1}..y_{2m});
    return g_t + TREE(((t−1) mod Σ)+1).  Zero-order: y ~ Unif(S^{d−1}) (``directions="printed_ball"``:
    Unif(B_α) as printed, AU42).  First-order (Alg. 26): y ~ Unif(B_α), ∇f(z + y; ξ); one y per sample at
    period starts.
    Postcondition: returns (O, state); state["calls"], state["samples_used"], state["exhausted"] (the call that
    finds the stream exhausted raises StopIteration).
    ``vectorized=True``: f(X, ξ) / grad(X, ξ) take the k query points of one estimate as the rows of X (k, d) and
    return (k,) values / (k, d) gradients, equal row by row to the pointwise callables; the counter records the same
    number of evaluations (one per row; one round per batch), the draws and the arithmetic are unchanged (tested
    bit-identical to the pointwise path).

    Randomness: per estimate the direction draws — "dirs": standard normals, k rows of d (sphere: y = g/‖g‖; ball:
        uniform_l2_ball with "radii": k standard uniforms after the k rows) — and one (d,) standard normal per tree node
        ("tree", fresh tree per period), from ``rng`` in call order or pre-drawn ``draws`` = dict(dirs=(K, d),
        radii=(K',), tree=(J, d)) consumed row by row in the same order (the number of calls is decided by O2NC at
        run time, so the arrays only need enough rows); bit-identical to the rng path (tested).
    Spec: 003_ch08.alg24, 003_ch08.alg26
    """
    alpha = _V.positive("alpha", alpha)
    sigma = _V.nonnegative("sigma", sigma)
    rng = _V.generator("rng", rng, allow_none=True)
    _V.choice("order", order, ("zero", "first"))
    _V.choice("directions", directions, ("sphere", "printed_ball"))
    vectorized = _V.flag("vectorized", vectorized)
    Sigma, B1, B2, m = (_V.integer("Sigma", Sigma, lo=1), _V.integer("B1", B1, lo=1), _V.integer("B2", B2, lo=1),
                        _V.integer("m", m, lo=1))
    if order == "zero" and f is None or order == "first" and grad is None:
        raise ValueError("order='zero' needs f(x, xi); order='first' needs grad(x, xi)")
    _V.optional(_V.callable_, "f", f); _V.optional(_V.callable_, "grad", grad)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    stream = _V.sequence("stream", stream)
    counter = counter if counter is not None else QueryCounter()
    record = counter.record                 # one query of kind ValueOracle.kind / GradientOracle.kind per evaluation

    def f_counted(x, xi):
        record(1, ValueOracle.kind)
        return f(x, xi)

    def g_counted(x, xi):
        record(1, GradientOracle.kind)
        return np.asarray(grad(x, xi), dtype=float)

    def f_rows(X, xi):
        record(X.shape[0], ValueOracle.kind)
        v = np.asarray(f(X, xi), dtype=float)
        if v.shape != (X.shape[0],):
            raise ValueError(f"vectorized f(X, xi) must return {X.shape[0]} values, got shape {v.shape}")
        return v

    def g_rows(X, xi):
        record(X.shape[0], GradientOracle.kind)
        G = np.asarray(grad(X, xi), dtype=float)
        if G.shape != X.shape:
            raise ValueError(f"vectorized grad(X, xi) must return shape {X.shape}, got {G.shape}")
        return G

    st = dict(t=0, ptr=0, g=None, z_prev=None, tree={}, calls=0, samples_used=0, counter=counter)
    take = _draw_source(rng, draws, ("dirs", "radii", "tree"))

    def draw_dirs(k, d):
        g = take("dirs", k, d)
        if order == "first" or directions == "printed_ball":
            return uniform_l2_ball(d, alpha, None, size=k, noise=(g, take("radii", k, d)))
        return g / np.linalg.norm(g, axis=1, keepdims=True)

    def est(z, xi, y):
        if vectorized:
            return _zo_rows(f_rows, z, xi, y, alpha) if order == "zero" else _fo_rows(g_rows, z, xi, y)
        return _zo(f_counted, z, xi, y, alpha) if order == "zero" else _fo(g_counted, z, xi, y)

    def O(z):
        z = np.asarray(z, dtype=float)
        d = z.size
        st["t"] += 1
        t = st["t"]
        loc = (t - 1) % Sigma + 1                                       # AU44: index ((t−1) mod Σ)+1
        if loc == 1:                                                    # Alg. 24 line 2: t mod Σ = 1 (period start)
            if st["ptr"] + B1 > len(stream):
                raise StopIteration("data stream exhausted")
            S = stream[st["ptr"]:st["ptr"] + B1]                        # line 3: B1 unused samples
            st["ptr"] += B1
            if order == "first":                                        # Alg. 26 line 3: one y per sample
                ests = [est(z, xi, draw_dirs(1, d)) for xi in S]
            else:                                                       # Alg. 24 lines 4-6
                ests = [est(z, xi, draw_dirs(m, d)) for xi in S]
            g = np.mean(ests, axis=0)                                   # line 7
            st["tree"] = {}                                             # fresh tree per period (AU44)
        else:
            if st["ptr"] + B2 > len(stream):
                raise StopIteration("data stream exhausted")
            S = stream[st["ptr"]:st["ptr"] + B2]                        # line 9: B2 unused samples
            st["ptr"] += B2
            diffs = []
            for xi in S:                                                # lines 10-14
                y = draw_dirs(2 * m, d)                                 # y_1..y_2m (sphere: AU42 fix)
                diffs.append(est(z, xi, y[:m]) - est(st["z_prev"], xi, y[m:]))
            g = st["g"] + np.mean(diffs, axis=0)                        # line 15
        noise = np.zeros(d)
        for node in node_set(loc, Sigma):                               # line 16: TREE(σ, Σ)(loc)
            if node not in st["tree"]:
                st["tree"][node] = take("tree", None, d)
            noise += sigma * st["tree"][node]
        st["g"], st["z_prev"] = g, z.copy()
        st["calls"] += 1
        st["samples_used"] = st["ptr"]
        return g + noise

    return O, st


def multi_pass_oracle(data, *, Sigma: int, alpha: float, m: int, sigma1: float, sigma2: float, f,
                      rng: np.random.Generator | None = None, directions: str = "sphere",
                      counter: QueryCounter | None = None, draws: dict | None = None):
    """Algorithm 25 (multi-pass zero-order), 003 L6350-6380: period start g̃_t = (1/n)Σ_i ∇̃f(z_t; ξ_i) + N(0, σ1² I);
    otherwise g̃_t = g̃_{t−1} + (1/n)Σ_i(∇̃f(z_t; ξ_i) − ∇̃f(z_{t−1}; ξ_i)) + N(0, σ2² I) (built on the noisy g̃).

    Preconditions: data n >= 1 samples; Sigma, m integers >= 1; alpha > 0; sigma1, sigma2 >= 0; f callable;
        directions in {sphere, ball}.
    Steps: period start: full-data zero-order gradient + σ1·ξ; otherwise the previous output plus the full-data
        difference + σ2·ξ (Alg 25).
    Postcondition: a callable oracle z ↦ g̃; the noise variance accumulates as σ1²d + kσ2²d within a period (AU49).
    Randomness: per estimate "dirs" (k rows of d standard normals; "radii", k uniforms, for the printed ball) and one
        (d,) standard normal per call ("chi"), from ``rng`` in call order or pre-drawn ``draws`` = dict(dirs=(K, d),
        radii=(K',), chi=(J, d)) consumed row by row (calls decided by O2NC at run time: the arrays need enough rows);
        bit-identical to the rng path (tested).
    Spec: 003_ch08.alg25
    """
    Sigma = _V.integer("Sigma", Sigma, lo=1)
    alpha = _V.positive("alpha", alpha)
    m = _V.integer("m", m, lo=1)
    sigma1 = _V.nonnegative("sigma1", sigma1)
    sigma2 = _V.nonnegative("sigma2", sigma2)
    rng = _V.generator("rng", rng, allow_none=True)
    _V.choice("directions", directions, ("sphere", "printed_ball"))
    _V.callable_("f", f)
    _V.optional(_V.has_methods, "counter", counter, ("record",))
    data = _V.sequence("data", data)
    counter = counter if counter is not None else QueryCounter()
    record = counter.record

    def f_counted(x, xi):
        record(1, ValueOracle.kind)
        return f(x, xi)
    st = dict(t=0, g=None, z_prev=None, counter=counter)
    take = _draw_source(rng, draws, ("dirs", "radii", "chi"))

    def dirs(k, d):
        g = take("dirs", k, d)
        if directions == "sphere":
            return g / np.linalg.norm(g, axis=1, keepdims=True)
        return uniform_l2_ball(d, alpha, None, size=k, noise=(g, take("radii", k, d)))

    def O(z):
        z = np.asarray(z, dtype=float)
        d = z.size
        st["t"] += 1
        if (st["t"] - 1) % Sigma == 0:                                  # line 2: period start
            g = np.mean([_zo(f_counted, z, xi, dirs(m, d), alpha) for xi in data], axis=0)   # lines 3-6
            out = g + sigma1 * take("chi", None, d)                     # line 7: + χ_t ~ N(0, σ1² I)
        else:
            diffs = []
            for xi in data:                                             # lines 9-13
                y = dirs(2 * m, d)
                diffs.append(_zo(f_counted, z, xi, y[:m], alpha) - _zo(f_counted, st["z_prev"], xi, y[m:], alpha))
            out = st["g"] + np.mean(diffs, axis=0) + sigma2 * take("chi", None, d)   # lines 14-15
        st["g"], st["z_prev"] = out, z.copy()
        return out

    return O, st


# ------------------------------------------------------------------------------------------- accounting

def zo_error_bound(L: float, d: int, m: int, iota: float) -> float:
    """Radius r with P(||(1/m)Σ_j v_j − E v|| >= r) <= ι for the sphere estimator (||v_j|| <= Ld, so
    ||v_j − Ev|| <= 2Ld): McDiarmid on the norm of the sum, r = 2Ld(1 + sqrt(2 log(1/ι)))/√m."""
    L, d, m = _V.positive("L", L), _V.integer("d", d, lo=1), _V.integer("m", m, lo=1)
    iota = _V.in_range("iota", iota, 0.0, 1.0, lo_open=True, hi_open=True)
    return _V.finite_result("the error bound", 2 * L * d * (1 + math.sqrt(2 * math.log(1 / iota))) / math.sqrt(m), L=L, d=d)


def single_pass_leaf_sensitivities(*, L: float, d: int, alpha: float, D: float, B1: int, B2: int, m: int,
                                   iota: float, order: str = "zero") -> tuple[float, float]:
    """Replace-one leaf sensitivities of Alg. 24/26 on the good event (directions coupled between neighbours):
    period start s1 = (2L + 2r)/B1, other steps s2 = (4L√d D/α + 4r)/B2, with r the zero-order error radius
    (zero-order) or the first-order average error radius 2L(1 + sqrt(2 log(1/ι)))/√m (Alg. 26; 0 at period
    starts, where the single y per sample is coupled and ||∇f|| <= L)."""
    L, alpha, D = _V.positive("L", L), _V.positive("alpha", alpha), _V.positive("D", D)
    d, m = _V.integer("d", d, lo=1), _V.integer("m", m, lo=1)
    B1, B2 = _V.integer("B1", B1, lo=1), _V.integer("B2", B2, lo=1)
    iota = _V.in_range("iota", iota, 0.0, 1.0, lo_open=True, hi_open=True)
    _V.choice("order", order, ("zero", "first"))
    if order == "zero":
        r1 = r2 = zo_error_bound(L, d, m, iota)
    else:
        r1, r2 = 0.0, 2 * L * (1 + math.sqrt(2 * math.log(1 / iota))) / math.sqrt(m)
    out = ((2 * L + 2 * r1) / B1, (4 * L * math.sqrt(d) * (D / alpha) + 4 * r2) / B2)
    return tuple(_V.finite_result("the leaf sensitivities", list(out), L=L, D=D, alpha=alpha))


def single_pass_privacy(*, epsilon: float, L: float, d: int, alpha: float, D: float, B1: int, B2: int, m: int,
                        sigma: float, Sigma: int, n_samples: int, iota: float, order: str = "zero") -> float:
    """δ_total(ε) = δ_tree(ε; mu = max(s1, s2) sqrt(⌈log2 Σ⌉+1)/σ) + P(bad event), P(bad) <= 2·n_samples·ι
    (each sample in one leaf of one period's tree; parallel over periods).

    Preconditions: as single_pass_sigma plus the σ used.
    Steps: δ_tree(ε) of the corrected tree with the leaf sensitivities, plus 2nι for the directions' bad event.
    Postcondition: the total δ at ε for that σ (compared with δ by the check 003_ch08.lemma8_3_4.corrected_privacy).
    Spec: 003_ch08.priv.P8_1"""
    epsilon = _V.nonnegative("epsilon", epsilon)
    sigma, Sigma = _V.positive("sigma", sigma), _V.integer("Sigma", Sigma, lo=1)
    n_samples = _V.integer("n_samples", n_samples, lo=1)
    s1, s2 = single_pass_leaf_sensitivities(L=L, d=d, alpha=alpha, D=D, B1=B1, B2=B2, m=m, iota=iota, order=order)
    Lt = math.ceil(math.log2(Sigma)) if Sigma > 1 else 0
    mu = _V.finite_result("mu", max(s1, s2 if Sigma > 1 else 0.0) * math.sqrt(Lt + 1) / sigma, sigma=sigma, L=L, D=D)
    return float(gdp_delta(epsilon, mu)) + 2 * n_samples * iota


def single_pass_sigma(*, epsilon: float, delta: float, L: float, d: int, alpha: float, D: float, B1: int, B2: int,
                      m: int, Sigma: int, n_samples: int, order: str = "zero") -> tuple[float, float]:
    """Exact calibration: ι = δ/(4 n_samples) (so P(bad) <= δ/2), σ with δ_tree(ε) = δ/2.  Returns (σ, ι).

    Preconditions: epsilon > 0; delta in (0, 1); L, alpha, D > 0; d, B1, B2, m, Sigma integers >= 1.
    Steps: leaf sensitivities (single_pass_leaf_sensitivities) plus the failure mass of the directions' bad event;
        corrected tree factor √(⌈log2Σ⌉+1)/μ.
    Postcondition: σ with (δ_tree + P(bad event)) = δ exactly (the reference calibration; the printed σ = O(·) lacks
        √log Σ, 003_ch08.lemma8_3_4).
    Spec: 003_ch08.alg24
    """
    epsilon = _V.positive("epsilon", epsilon)
    delta = _V.in_range("delta", delta, 0.0, 1.0, lo_open=True, hi_open=True)
    Sigma = _V.integer("Sigma", Sigma, lo=1)
    n_samples = _V.integer("n_samples", n_samples, lo=1)
    iota = delta / (4 * n_samples)
    s1, s2 = single_pass_leaf_sensitivities(L=L, d=d, alpha=alpha, D=D, B1=B1, B2=B2, m=m, iota=iota, order=order)
    Lt = math.ceil(math.log2(Sigma)) if Sigma > 1 else 0
    s = max(s1, s2 if Sigma > 1 else 0.0)
    return _V.finite_result("sigma", s * math.sqrt(Lt + 1) / gdp_mu(epsilon, delta / 2), L=L, D=D, alpha=alpha), iota
