"""The registered oracle targets (one ``register_target`` call per reference algorithm; no harness code).

Each target says how to build valid inputs (from a Generator and as a hypothesis strategy that follows the
spec'd preconditions), how to pre-draw the reference's randomness for those inputs, and, where the reference
knows it, the exact law of its output (``law``: Gaussian mechanism, Laplace mechanism, tree aggregation with its
exact cross-time covariance, CDPCWME / DPCWME / CDPNSME, the Ch. 7 tree mechanism) or of its noise given the
deterministic part (``noise_from_trace`` + ``noise_law``: DP-SGD, Accelerated-DP-SRGD with Gaussian or tree noise).
Its calling convention (noise keywords and scaling, return, trace keys, tolerance, in-law defaults) is printed by
``dpsco-ref oracle --list`` / ``get_target(id).conventions()``.
"""
from __future__ import annotations

import numpy as np

from reference.core import validation as _V

from reference.core.mechanisms import gaussian_mechanism, laplace_mechanism
from reference.core.oracles import GradientOracle
from reference.core.tree import prefix_noise_covariance, tree_prefix_sums
from reference.heavy_tailed import mean_estimators as _me
from reference.heavy_tailed.sco import SCOParams, ball_projection, cdp_sco, quadratic_loss_oracle
from reference.interpolation.algorithms import alg1_lipschitz_extension
from reference.interpolation.lipschitz_extension import LeastSquaresLoss
from reference.resque.parallel import ac_sa, epoch_sgd
from reference.resque.private import (ErmProblem, alg3_draws, alg5_draws, bias_reduced_estimator, high_probability_solver,
                                      private_erm, regularized_resqued_erm, strongly_convex_resqued_erm,
                                      subsampled_resqued_erm)
from reference.resque.resque import resque_estimate
from reference.srgd.algorithm import accelerated_dp_srgd, dp_sgd
from reference.srgd.privacy import dp_srgd_tree
from reference.srgd.problems import MeanEstimation
from reference.thesis.ch07.tree import node_set, tree_mechanism
from reference.thesis.ch13.l2p import l2p_mw

from .compare import flatten_output
from .exact_law import LawSpec
from .targets import Target, register_target

__all__ = ["accelerated_dp_srgd_gaussian_b"]


def _gaussian_law(moments, stride=None):
    def law(inputs):
        mean, cov = moments(inputs)
        return LawSpec("gaussian", mean, cov, stride=stride(inputs) if stride else 1)
    return law


# ---------------------------------------------------------------------------- Gaussian mechanism
def _gauss_inputs(rng):
    d = int(rng.integers(1, 6))
    return dict(value=rng.normal(size=d), sensitivity=float(rng.uniform(0.1, 3)), sigma=float(rng.uniform(0.1, 3)))


def _gauss_strategy():
    from hypothesis import strategies as st
    from hypothesis.extra.numpy import arrays

    finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
    return st.integers(1, 6).flatmap(lambda d: st.fixed_dictionaries(dict(
        value=arrays(np.float64, d, elements=finite),
        sensitivity=st.floats(1e-6, 1e6), sigma=st.floats(0.0, 1e6))))


def _gauss_draws(inputs, rng):
    return dict(noise=rng.standard_normal(np.shape(inputs["value"])))


def _gauss_moments(inputs):
    v = np.atleast_1d(np.asarray(inputs["value"], dtype=float))
    return v, inputs["sigma"] ** 2 * np.eye(v.size)


register_target(Target(
    spec_id="core.mech.gaussian_mechanism", reference=gaussian_mechanism,
    make_inputs=_gauss_inputs, make_draws=_gauss_draws, inputs_strategy=_gauss_strategy,
    exact_moments=_gauss_moments, description="value + sigma * N(0, I)", law=_gaussian_law(_gauss_moments),
    noise_doc="noise = standard normals z of value's shape (unscaled; output = value + sigma * z)",
    returns_doc="array of value's shape (a scalar for a scalar value)", law_samples=30000))


# ---------------------------------------------------------------------------- Laplace mechanism
def _lap_inputs(rng):
    d = int(rng.integers(1, 6))
    return dict(value=rng.normal(size=d), sensitivity=float(rng.uniform(0.1, 3)), epsilon=float(rng.uniform(0.1, 3)))


def _lap_strategy():
    from hypothesis import strategies as st
    from hypothesis.extra.numpy import arrays

    finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
    return st.integers(1, 6).flatmap(lambda d: st.fixed_dictionaries(dict(
        value=arrays(np.float64, d, elements=finite),
        sensitivity=st.floats(1e-6, 1e6), epsilon=st.floats(1e-6, 1e3))))


def _lap_draws(inputs, rng):
    return dict(noise=rng.laplace(0.0, 1.0, np.shape(inputs["value"])))


def _lap_moments(inputs):
    v = np.atleast_1d(np.asarray(inputs["value"], dtype=float))
    b = inputs["sensitivity"] / inputs["epsilon"]
    return v, 2 * b * b * np.eye(v.size)


register_target(Target(
    spec_id="core.mech.laplace_mechanism", reference=laplace_mechanism,
    make_inputs=_lap_inputs, make_draws=_lap_draws, inputs_strategy=_lap_strategy,
    exact_moments=_lap_moments, description="value + (sensitivity/epsilon) * Lap(1)^d",
    law=lambda inp: LawSpec("laplace", np.atleast_1d(np.asarray(inp["value"], float)),
                            scale=inp["sensitivity"] / inp["epsilon"]),
    noise_doc="noise = standard Laplace draws w (scale 1) of value's shape (output = value + (sensitivity/epsilon) w)",
    returns_doc="array of value's shape", law_samples=30000))


# ---------------------------------------------------------------------------- binary-tree aggregation
def _tree_inputs(rng):
    T = int(rng.integers(1, 40))
    dim = int(rng.integers(1, 4))
    return dict(values=rng.normal(size=(T, dim)), sigma=float(rng.uniform(0.1, 2.0)))


def _tree_strategy():
    from hypothesis import strategies as st
    from hypothesis.extra.numpy import arrays

    finite = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)
    shapes = st.tuples(st.integers(1, 70), st.integers(1, 3))
    return shapes.flatmap(lambda sh: st.fixed_dictionaries(dict(
        values=arrays(np.float64, sh, elements=finite), sigma=st.floats(0.0, 10.0))))


def _tree_draws(inputs, rng):
    return dict(noise=rng.standard_normal(np.shape(inputs["values"])))


def _tree_output(out):
    est = out[0] if isinstance(out, tuple) else out
    return np.asarray(est, dtype=float).ravel()


def _tree_moments(inputs):
    v = np.asarray(inputs["values"], dtype=float)
    T, dim = v.shape
    mean = np.cumsum(v, axis=0).ravel()
    cov = np.kron(prefix_noise_covariance(T, inputs["sigma"]), np.eye(dim))
    return mean, cov


register_target(Target(
    spec_id="core.tree.TreeAggregator", reference=tree_prefix_sums,
    make_inputs=_tree_inputs, make_draws=_tree_draws, output=_tree_output, inputs_strategy=_tree_strategy,
    exact_moments=_tree_moments, description="private prefix sums by the binary-tree mechanism",
    law=lambda inp: LawSpec("gaussian", *_tree_moments(inp), stride=np.shape(inp["values"])[1],
                            labels=[f"[s={s + 1},j={j}]" for s in range(np.shape(inp["values"])[0])
                                    for j in range(np.shape(inp["values"])[1])]),
    noise_doc="noise = (T, dim) standard normals, one per dyadic node in completion order (the node ending at step s "
              "uses row s-1, unscaled); prefix s adds sigma * sum of its nodes' rows (exact covariance "
              "sigma^2 |P(s) & P(t)| per coordinate)",
    returns_doc="(estimates (T, dim), draws) or estimates alone (element 0 of a tuple is read)", law_samples=32000,
    size_key=lambda inp: np.size(inp["values"])))


# ---------------------------------------------------------------------------- DP-SGD (doc 002, A-1)
def _dpsgd_inputs(rng):
    p = int(rng.integers(1, 4))
    T = int(rng.integers(1, 6))
    B = int(rng.integers(1, 5))
    atoms = rng.normal(size=(T * B, p)) * 3.0
    prob = MeanEstimation(atoms)
    return dict(oracle=prob.grad, data=atoms, T=T, B=B, lr=float(rng.uniform(0.05, 0.5)),
                radius=float(rng.uniform(0.5, 5.0)), p=p, clip=float(rng.uniform(0.2, 2.0)),
                sigma=float(rng.uniform(0.1, 1.0)))


def _dpsgd_draws(inputs, rng):
    return dict(noise=rng.standard_normal((inputs["T"], inputs["p"])))


def _dpsgd_output(out):
    return np.asarray(out.y_T, dtype=float).ravel()


def _dpsgd_strategy():
    from hypothesis import strategies as st

    @st.composite
    def inputs(draw):
        p, T, B = draw(st.integers(1, 3)), draw(st.integers(1, 5)), draw(st.integers(1, 4))
        atoms = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1))).normal(size=(T * B, p)) * 3.0
        return dict(oracle=MeanEstimation(atoms).grad, data=atoms, T=T, B=B, lr=draw(st.floats(1e-3, 2.0)),
                    radius=draw(st.floats(1e-3, 10.0)), p=p, clip=draw(st.floats(1e-3, 10.0)),
                    sigma=draw(st.floats(0.0, 5.0)))
    return inputs()


def _stack_trace(trace, key, T, p):
    if len(trace) != T or any(not isinstance(it, dict) or key not in it for it in trace):
        raise ValueError(f"the port's trace must hold T = {T} dicts with key {key!r} (got {len(trace)} items)")
    return np.vstack([np.asarray(it[key], dtype=float).reshape(1, p) for it in trace])


def _dpsgd_noise_from_trace(inputs, trace):
    T, p, s = inputs["T"], inputs["p"], inputs["sigma"]
    b = _stack_trace(trace, "b", T, p)                                # b_t = sigma * xi_t (absolute, on the mean grad)
    return dict(noise=b / s if s > 0 else np.zeros((T, p))), b.ravel()


def _iid_noise_law(scale_key):
    def law(inputs):
        T, p, s = inputs["T"], inputs["p"], inputs[scale_key]
        return LawSpec("gaussian", np.zeros(T * p), s * s * np.eye(T * p), stride=p,
                       labels=[f"[t={t},i={i}]" for t in range(T) for i in range(p)])
    return law


register_target(Target(
    spec_id="002.algA1", reference=dp_sgd,
    make_inputs=_dpsgd_inputs, make_draws=_dpsgd_draws, output=_dpsgd_output, inputs_strategy=_dpsgd_strategy,
    description="DP-SGD with per-example clipping and projected steps (002 l.110)",
    noise_from_trace=_dpsgd_noise_from_trace, noise_law=_iid_noise_law("sigma"),
    noise_doc="noise = (T, p) standard normals xi (unscaled); step t adds b_t = sigma * xi_t to the mean clipped "
              "gradient: x_{t+1} = Proj(x_t - lr (G_t + b_t)); in law the port records b_t in its trace (key 'b')",
    returns_doc="an object with attribute y_T (the last iterate, shape (p,))", law_samples=8000,
    size_key=lambda inp: inp["T"] * inp["p"]))


# =====================================================================================================================
# The main randomized algorithms of documents 000, 001, 002, 004 and two of thesis 003.
# Conventions: ``make_draws`` returns exactly the reference's pre-drawn-randomness keyword(s), with the law the
# reference itself draws from when given ``rng``; hypothesis strategies keep sizes small (fast examples) and take
# parameters over the whole validated range (extremes included) where the output stays finite.
# Array data in strategies is generated from a hypothesis-drawn seed (fast, reproducible, shrinks by seed).
# =====================================================================================================================
def _st():
    from hypothesis import strategies as st

    return st


def _seeded(draw, st):
    return np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))


# ---------------------------------------------------------------------------- 000: ReSQue estimator (Def. 2)
class _QuadAbsGrad:
    """g(z) = (z - c) + sign(<a, z>) a, a (sub)gradient of 1/2||z - c||^2 + |<a, z>| (picklable, no state)."""

    def __init__(self, a, c):
        self.a, self.c = np.asarray(a, float), np.asarray(c, float)

    def __call__(self, z):
        return (z - self.c) + np.sign(self.a @ z) * self.a


def _resque_make(rng, d, rho, scale):
    xbar = rng.normal(size=d)
    x = xbar + scale * rho * rng.normal(size=d) / np.sqrt(d)      # ||x - xbar|| ~ scale * rho: weight of moderate size
    return dict(x=x, xbar=xbar, rho=float(rho),
                grad_oracle=GradientOracle(_QuadAbsGrad(rng.normal(size=d), rng.normal(size=d)), dim=d))


def _resque_inputs(rng):
    return _resque_make(rng, int(rng.integers(1, 6)), float(rng.uniform(0.1, 3.0)), float(rng.uniform(0, 1.5)))


def _resque_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        d = draw(st.integers(1, 8))
        rho = draw(st.floats(1e-3, 1e3))                          # Precondition: rho > 0 finite
        return _resque_make(_seeded(draw, st), d, rho, draw(st.floats(0.0, 2.0)))
    return inputs()


def _resque_draws(inputs, rng):
    d = np.shape(inputs["xbar"])[0]
    return dict(xi=inputs["rho"] * rng.standard_normal(d))       # xi ~ N(0, rho^2 I_d), used as is (L219)


register_target(Target(
    spec_id="000.resque_estimator", reference=resque_estimate,
    make_inputs=_resque_inputs, make_draws=_resque_draws, inputs_strategy=_resque_strategy,
    description="ReSQue: w_xbar(x; xi) g(xbar + xi), xi ~ N(0, rho^2 I) (000 Def. 2); draws: xi (pre-scaled)"))


# ---------------------------------------------------------------------------- 000: Alg. 3 and Alg. 4 (private ERM)
def _erm_make(rng, n, d, r, rho, beta, T, linear_frac=0.25):
    A = rng.normal(size=(n, d))
    A[np.linalg.norm(A, axis=1) == 0, 0] = 1.0
    prob = ErmProblem(A, rng.normal(size=n), rng.uniform(0.5, 1.5, size=n), rng.random(n) < linear_frac)
    xbar = rng.normal(size=d)
    return prob, dict(oracle=prob.oracle(), xbar=xbar, r=float(r), rho=float(rho), beta=float(beta), T=int(T),
                      L=prob.L)


def _alg3_inputs(rng):
    return _erm_make(rng, int(rng.integers(1, 12)), int(rng.integers(1, 5)), rng.uniform(0.2, 3), rng.uniform(0.05, 1),
                     rng.uniform(0.1, 5), int(rng.integers(1, 40)))[1]


def _alg3_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 3): r, rho, beta, L > 0; T >= 1 integer (T = 1: k = 0 phases)
        return _erm_make(_seeded(draw, st), draw(st.integers(1, 10)), draw(st.integers(1, 5)),
                         draw(st.floats(1e-3, 1e3)), draw(st.floats(1e-2, 1e2)), draw(st.floats(1e-3, 1e3)),
                         draw(st.integers(1, 70)))[1]
    return inputs()


def _alg3_draws(inputs, rng):
    return dict(draws=alg3_draws(inputs["oracle"].n, np.shape(inputs["xbar"])[0], inputs["T"], inputs["rho"], rng))


register_target(Target(
    spec_id="000.alg3", reference=subsampled_resqued_erm,
    make_inputs=_alg3_inputs, make_draws=_alg3_draws, inputs_strategy=_alg3_strategy,
    description="Subsampled ReSQued ERM (000 Alg. 3); draws = alg3_draws: standard draws z ~ U[0,1) (index floor(u n)), "
                "xi ~ N(0, I) (scaled by rho inside), zeta ~ N(0, I)"))


def _alg4_extend(inp, rng_x0, lam, r_prime_frac):
    v = rng_x0.normal(size=np.shape(inp["xbar"])[0])
    v *= rng_x0.uniform(0, 1) * inp["r"] / max(np.linalg.norm(v), 1e-300)
    return dict(inp, lam=float(lam), r_prime=float(r_prime_frac * 2 * inp["r"]), x0=inp["xbar"] + v)


def _alg4_inputs(rng):
    return _alg4_extend(_alg3_inputs(rng), rng, rng.uniform(0, 3), rng.uniform(0.05, 1))


def _alg4_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 4): as Alg. 3, lam >= 0, r' in (0, 2r], x0 in B_xbar(r)
        inp = draw(_alg3_strategy())
        return _alg4_extend(inp, _seeded(draw, st), draw(st.floats(0.0, 1e3)), draw(st.floats(1e-3, 1.0)))
    return inputs()


register_target(Target(
    spec_id="000.alg4", reference=regularized_resqued_erm,
    make_inputs=_alg4_inputs, make_draws=_alg3_draws, inputs_strategy=_alg4_strategy,
    description="Regularized ReSQued ERM (000 Alg. 4); draws = alg3_draws (same layout as Alg. 3)"))


# ---------------------------------------------------------------------------- 000: Alg. 5 (strongly convex ERM)
def _alg5_inputs(rng):
    inp = _erm_make(rng, int(rng.integers(1, 12)), int(rng.integers(1, 5)), rng.uniform(0.2, 3), rng.uniform(0.05, 1),
                    rng.uniform(0.1, 5), int(rng.integers(4, 70)))[1]
    return dict(inp, lam=float(rng.uniform(0.1, 3)))


def _alg5_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 5): as Alg. 3, lam > 0, T >= 4 integer
        inp = _erm_make(_seeded(draw, st), draw(st.integers(1, 10)), draw(st.integers(1, 5)),
                        draw(st.floats(1e-3, 1e3)), draw(st.floats(1e-2, 1e2)), draw(st.floats(1e-3, 1e3)),
                        draw(st.integers(4, 70)))[1]
        return dict(inp, lam=draw(st.floats(1e-3, 1e3)))
    return inputs()


def _alg5_draws(inputs, rng):
    return dict(draws=alg5_draws(inputs["oracle"].n, np.shape(inputs["xbar"])[0], inputs["T"], inputs["rho"],
                                 inputs["beta"], inputs["lam"], inputs["L"], rng))


register_target(Target(
    spec_id="000.alg5", reference=strongly_convex_resqued_erm,
    make_inputs=_alg5_inputs, make_draws=_alg5_draws, inputs_strategy=_alg5_strategy,
    description="Strongly convex ReSQued ERM (000 Alg. 5); draws = alg5_draws: one Alg. 4 draw dict per call"))


# ---------------------------------------------------------------------------- 000: Alg. 6 (MLMC) and Alg. 7 (high probability)
def _alg6_inputs(rng):
    n = int(rng.integers(16, 41))
    inp = _erm_make(rng, n, int(rng.integers(1, 4)), rng.uniform(0.2, 3), rng.uniform(0.05, 1), rng.uniform(0.1, 5),
                    int(rng.integers(4, n // 2 + 1)))[1]
    return dict(inp, lam=float(rng.uniform(0.1, 3)), C_priv=1.0)


def _alg6_draws(inputs, rng):
    from reference.resque.private import alg6_draws
    return dict(draws=alg6_draws(inputs["oracle"].n, np.shape(inputs["xbar"])[0], inputs["T"], inputs["rho"], inputs["beta"],
                                 inputs["lam"], inputs["L"], rng, C_priv=inputs["C_priv"]))


def _alg7_inputs(rng):
    inp = _alg5_inputs(rng)
    return dict(inp, T=int(rng.integers(4, 20)), zeta=float(rng.uniform(0.3, 0.9)))


def _alg7_draws(inputs, rng):
    from reference.resque.private import alg7_draws
    return dict(draws=alg7_draws(inputs["oracle"].n, np.shape(inputs["xbar"])[0], inputs["T"], inputs["rho"], inputs["beta"],
                                 inputs["lam"], inputs["L"], inputs["zeta"], rng))


def _alg6_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 6): as Alg. 5 (lam > 0), C_priv > 0, 4 <= T <= floor(n/(2 C_priv)) integer
        n = draw(st.integers(16, 40))
        inp = _erm_make(_seeded(draw, st), n, draw(st.integers(1, 3)), draw(st.floats(1e-3, 1e3)), draw(st.floats(1e-2, 1e2)),
                        draw(st.floats(1e-3, 1e3)), draw(st.integers(4, n // 2)))[1]
        return dict(inp, lam=draw(st.floats(1e-3, 1e3)), C_priv=1.0)
    return inputs()


def _alg7_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 7): as Alg. 5 (lam > 0, T >= 4 integer), zeta in (0, 1) (kept >= 0.3: k = ceil(20 ln(1/zeta)) runs)
        inp = _erm_make(_seeded(draw, st), draw(st.integers(1, 10)), draw(st.integers(1, 4)), draw(st.floats(1e-3, 1e3)),
                        draw(st.floats(1e-2, 1e2)), draw(st.floats(1e-3, 1e3)), draw(st.integers(4, 20)))[1]
        return dict(inp, lam=draw(st.floats(1e-3, 1e3)), zeta=draw(st.floats(0.3, 0.99)))
    return inputs()


register_target(Target(
    spec_id="000.alg6", reference=bias_reduced_estimator, make_inputs=_alg6_inputs, make_draws=_alg6_draws,
    inputs_strategy=_alg6_strategy,
    description="Bias-reduced MLMC estimator (000 Alg. 6); draws = alg6_draws: uniforms u (J by inversion) + Alg. 5 draw lists"))

register_target(Target(
    spec_id="000.alg7", reference=high_probability_solver, make_inputs=_alg7_inputs, make_draws=_alg7_draws,
    inputs_strategy=_alg7_strategy,
    description="High-probability solver (000 Alg. 7); draws = alg7_draws: ceil(20 ln(1/zeta)) Alg. 5 draw lists"))


# ---------------------------------------------------------------------------- 000: Alg. 1 / Alg. 2 (ball oracles), private_erm (Thm 3)
def _ball_inputs(rng, alg):
    d = int(rng.integers(1, 4))
    r = float(rng.uniform(0.2, 2.0))
    lam = float(rng.uniform(0.5, 3.0))
    phi = float(rng.uniform(0.05, 0.5)) * lam * r * r if alg == 2 else float(rng.uniform(8.0, 40.0))
    return dict(oracle=GradientOracle(_QuadAbsGrad(rng.normal(size=d), rng.normal(size=d)), dim=d), xbar=rng.normal(size=d),
                r=r, rho=r, lam=lam, phi=phi, L=float(1.0 + np.sqrt(d) * 4))


def _alg1_ball_inputs(rng):
    return _ball_inputs(rng, 1)


def _alg2_ball_inputs(rng):
    return _ball_inputs(rng, 2)


def _ball_strategy(alg):
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 1 / Alg. 2): r, rho, lam, phi, L > 0 (kept moderate: the query count grows as L^2/(lam phi))
        return _ball_inputs(_seeded(draw, st), alg)
    return inputs


def _alg1_draws(inputs, rng):
    from reference.resque.parallel import epoch_sgd_T
    T = epoch_sgd_T(inputs["L"], inputs["lam"], inputs["phi"])
    return dict(draws=rng.standard_normal((2 * T, np.shape(inputs["xbar"])[0])))    # standard normals, scaled by rho


def _alg2_draws(inputs, rng):
    from reference.resque.parallel import ac_sa_sizes
    N = ac_sa_sizes(inputs["L"], inputs["r"], inputs["rho"], inputs["lam"], inputs["phi"])[3]
    return dict(draws=rng.standard_normal((N, np.shape(inputs["xbar"])[0])))


register_target(Target(
    spec_id="000.alg1", reference=epoch_sgd,
    make_inputs=_alg1_ball_inputs, make_draws=_alg1_draws, inputs_strategy=_ball_strategy(1),
    description="Parallel EpochSGD (000 Alg. 1); draws = (2T, d) standard normals (xi = rho N(0, I), scaled inside)"))

register_target(Target(
    spec_id="000.alg2", reference=ac_sa,
    make_inputs=_alg2_ball_inputs, make_draws=_alg2_draws, inputs_strategy=_ball_strategy(2),
    description="Parallel AC-SA, GL12 form (000 Alg. 2); draws = (N, d) standard normals, N = T sum_k N_k"))


_PERM_SCALED = dict(eps_opt=0.3, rho=0.2, r=0.1, beta=0.5, T1=4, T2=4, T3=4, zeta=0.5, iterations=2)


def _private_erm_inputs(rng):
    n = int(rng.integers(16, 30))
    prob = _erm_make(rng, n, int(rng.integers(1, 3)), 1.0, 0.5, 1.0, 4)[0]
    return dict(oracle=prob.oracle(), L=prob.L, R=1.0, eps=float(rng.uniform(0.2, 0.9)), delta=1e-3, C_ba=1.0, C_priv=1.0,
                scaled=dict(_PERM_SCALED))


def _private_erm_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Thm 3 solver, scaled mode): eps in (0, 1), delta in (0, 1/6), T_3 <= floor(n/(2 C_priv))
        return _private_erm_inputs(_seeded(draw, st))
    return inputs()


def _private_erm_draws(inputs, rng):
    rec: dict = {}
    private_erm(**inputs, rng=rng, record=rec)   # the draws the rng path consumes
    return dict(draws=rec["draws"])


register_target(Target(
    spec_id="000.private_erm", reference=private_erm,
    make_inputs=_private_erm_inputs, make_draws=_private_erm_draws, inputs_strategy=_private_erm_strategy,
    description="Private ERM solver of Thm 3 (000), scaled-constants mode; draws = {'ls', 'bo', 'sp'}: the Alg. 7 / "
                "Alg. 5 / Alg. 6 draw lists per oracle call, in call order (the call count depends on the run, so "
                "make_draws records an rng run)"))


# ---------------------------------------------------------------------------- 001: Algorithm 1 (with Alg. 5 inside)
def _alg1_make(rng, n, d, T5, L, beta, epsilon, delta, radius):
    A = rng.normal(size=(n, d))
    S = np.c_[A, A @ (0.3 * rng.normal(size=d)) + 0.1 * rng.normal(size=n)]   # least squares rows [a, b]
    centre = 0.2 * rng.normal(size=d)
    X = [(centre, float(radius))]
    return dict(S=S, loss=LeastSquaresLoss(), X=X, L=float(L), x0=centre.copy(), beta=float(beta),
                epsilon=float(epsilon), delta=float(delta), T5=int(T5))


def _alg1_inputs(rng):
    T5 = int(rng.integers(1, 4))
    return _alg1_make(rng, int(3 * T5 + rng.integers(0, 30)), int(rng.integers(1, 4)), T5, rng.uniform(0.5, 4),
                      rng.uniform(1e-3, 0.5), rng.uniform(0.1, 5), [0.0, 1e-5][int(rng.integers(0, 2))],
                      rng.uniform(0.3, 3))


def _alg1_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 1 -> Alg. 5): X a non-empty list of balls; T5 >= 1; n/T5 >= 3; 0 < beta < 1;
        # epsilon > 0; 0 <= delta < 1; L > 0
        T5 = draw(st.integers(1, 3))
        n = draw(st.integers(3 * T5, 3 * T5 + 25))
        delta = draw(st.one_of(st.just(0.0), st.floats(1e-12, 0.5)))
        return _alg1_make(_seeded(draw, st), n, draw(st.integers(1, 3)), T5, draw(st.floats(0.05, 50.0)),
                          draw(st.floats(1e-6, 0.99)), draw(st.floats(1e-2, 1e2)), delta, draw(st.floats(0.05, 10.0)))
    return inputs()


def _alg1_draws(inputs, rng):
    # Alg. 5 epoch i runs Alg. 4 on n0 = floor(n/T5) rows: k = ceil(ln n0) standardised draws of dimension d each,
    # Laplace(0, 1) iid coordinates when delta = 0 (laplace_reading="iid"), N(0, I_d) when delta > 0.
    n, d, T5 = inputs["S"].shape[0], np.shape(inputs["x0"])[0], inputs["T5"]
    k = int(np.ceil(np.log(n // T5)))
    draw = (lambda: rng.laplace(0.0, 1.0, (k, d))) if inputs["delta"] == 0 else (lambda: rng.standard_normal((k, d)))
    return dict(noise=[draw() for _ in range(T5)])


register_target(Target(
    spec_id="001.alg1", reference=alg1_lipschitz_extension,
    make_inputs=_alg1_inputs, make_draws=_alg1_draws, inputs_strategy=_alg1_strategy,
    description="Lipschitzian-extension algorithm (001 Alg. 1) = Alg. 5 epochs of Alg. 4 on F_L; "
                "draws: noise = T5 arrays (k, d), k = ceil(ln floor(n/T5)), Laplace iid (delta = 0) or Gaussian"))


# ---------------------------------------------------------------------------- 002: Alg. 1 with tree noise; Alg. 1
def _srgd_make(rng, p, T, B, beta, radius):
    atoms = rng.normal(size=(T * B, p)) * 3.0
    return dict(oracle=MeanEstimation(atoms).grad, data=atoms, T=int(T), B=int(B), beta=float(beta),
                radius=float(radius), p=int(p))


def _srgd_tree_inputs(rng):
    inp = _srgd_make(rng, int(rng.integers(1, 4)), int(rng.integers(1, 9)), int(rng.integers(1, 5)),
                     rng.uniform(0.5, 20), rng.uniform(0.5, 5))
    return dict(inp, kappa=float(rng.uniform(0.2, 20)), sigma=float(rng.uniform(0.0, 1.0)))


def _srgd_tree_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions: T, B >= 1 integers, n = T B; beta > 0; radius > 0; kappa in (0, inf); sigma >= 0
        inp = _srgd_make(_seeded(draw, st), draw(st.integers(1, 3)), draw(st.integers(1, 17)), draw(st.integers(1, 4)),
                         draw(st.floats(1e-2, 1e3)), draw(st.floats(1e-3, 1e2)))
        return dict(inp, kappa=draw(st.floats(1e-3, 1e3)), sigma=draw(st.floats(0.0, 10.0)))
    return inputs()


def _srgd_tree_draws(inputs, rng):
    return dict(noise=rng.standard_normal((inputs["T"], inputs["p"])))   # node noise, completion order


def _lowbit(s):
    return s & -s


def _srgd_tree_noise_from_trace(inputs, trace):
    T, p, s = inputs["T"], inputs["p"], inputs["sigma"]
    N = -_stack_trace(trace, "b", T, p)                                # N_1..N_T (prefix noise sums)
    xi = np.array([N[t - 1] - (N[t - _lowbit(t) - 1] if t - _lowbit(t) > 0 else 0.0) for t in range(1, T + 1)])
    return dict(noise=xi / s if s > 0 else np.zeros((T, p))), N.ravel()


def _srgd_tree_noise_law(inputs):
    from reference.core.tree import prefix_noise_covariance

    T, p, s = inputs["T"], inputs["p"], inputs["sigma"]
    return LawSpec("gaussian", np.zeros(T * p), np.kron(prefix_noise_covariance(T, s), np.eye(p)), stride=p,
                   labels=[f"[N_{t + 1},i={i}]" for t in range(T) for i in range(p)])


def _srgd_tree_output(out):
    res, nodes = out
    return np.concatenate([np.asarray(res.y_T, float).ravel(), flatten_output(nodes)])


register_target(Target(
    spec_id="002.algA7", reference=dp_srgd_tree,
    make_inputs=_srgd_tree_inputs, make_draws=_srgd_tree_draws, output=_srgd_tree_output,
    inputs_strategy=_srgd_tree_strategy,
    description="Accelerated-DP-SRGD with binary-tree noise and clipping (002 Alg. 1, private path A-7/A-8); "
                "output: y_T then the released node values (sorted by node); draws: noise (T, p) N(0, 1)",
    noise_from_trace=_srgd_tree_noise_from_trace, noise_law=_srgd_tree_noise_law,
    noise_doc="noise = (T, p) standard normals, one per tree node in completion order (unscaled); node noise "
              "xi = sigma * noise; step t uses b_t = -N_{t+1} (minus the prefix-(t+1) noise sum); in law the port "
              "records b_t in its trace (key 'b'): exact covariance sigma^2 |P(s) & P(t)| across time",
    returns_doc="(result with attribute y_T, {node (j, k): released node value}) — flattened as y_T then the node "
                "values in the dict's order", law_samples=5000, size_key=lambda inp: inp["T"] * inp["p"]))


def accelerated_dp_srgd_gaussian_b(oracle, data, *, T, B, beta, radius, p, sigma_b, clip=None, kappa_z=1.0,
                                   rng=None, b=None, trace=None):
    """Oracle target for Algorithm 1 (002 l.124-134) with generic noise instantiated as b_t i.i.d. N(0, sigma_b^2 I_p)
    (catalog regime (ii)); ``b`` (T, p) = the pre-drawn noise itself (as accelerated_dp_srgd's ``b``).
    A port is called with the same keywords (``sigma_b`` only matters when it draws ``b`` itself).  Preconditions
    (validated): sigma_b >= 0; T, p integers >= 1; rng a Generator unless b is given; the rest as
    accelerated_dp_srgd (clip None or in (0, inf]: ``clip=inf`` means no clipping).  Spec: 002.alg1"""
    sigma_b = _V.nonnegative("sigma_b", sigma_b)
    T = _V.positive_int("T", T)
    p = _V.positive_int("p", p)
    rng = _V.generator("rng", rng, allow_none=b is not None)
    if b is None:
        b = sigma_b * rng.standard_normal((T, p))
    return accelerated_dp_srgd(oracle, data, T=T, B=B, beta=beta, radius=radius, p=p, b=b, kappa_z=kappa_z,
                               clip=clip, trace=trace)


def _alg1_srgd_inputs(rng):
    inp = _srgd_make(rng, int(rng.integers(1, 4)), int(rng.integers(1, 9)), int(rng.integers(1, 5)),
                     rng.uniform(0.5, 20), rng.uniform(0.5, 5))
    clip = None if rng.random() < 0.5 else float(rng.uniform(0.2, 20))
    return dict(inp, sigma_b=float(rng.uniform(0, 0.5)), clip=clip, kappa_z=float(rng.choice([1.0, 0.5, 0.25])))


def _alg1_srgd_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions: as dp_srgd_tree; kappa_z > 0; clip None or > 0; sigma_b >= 0
        inp = _srgd_make(_seeded(draw, st), draw(st.integers(1, 3)), draw(st.integers(1, 17)), draw(st.integers(1, 4)),
                         draw(st.floats(1e-2, 1e3)), draw(st.floats(1e-3, 1e2)))
        return dict(inp, sigma_b=draw(st.floats(0.0, 10.0)), clip=draw(st.one_of(st.none(), st.floats(1e-3, 1e3))),
                    kappa_z=draw(st.floats(1e-2, 4.0)))
    return inputs()


def _alg1_srgd_draws(inputs, rng):
    return dict(b=inputs["sigma_b"] * rng.standard_normal((inputs["T"], inputs["p"])))


register_target(Target(
    spec_id="002.alg1", reference=accelerated_dp_srgd_gaussian_b,
    make_inputs=_alg1_srgd_inputs, make_draws=_alg1_srgd_draws, output=_dpsgd_output,
    inputs_strategy=_alg1_srgd_strategy,
    description="Accelerated-DP-SRGD (002 Alg. 1) with b_t iid N(0, sigma_b^2 I); output y_T; draws: b (T, p)",
    noise_from_trace=lambda inp, tr: (dict(b=_stack_trace(tr, "b", inp["T"], inp["p"])),
                                      _stack_trace(tr, "b", inp["T"], inp["p"]).ravel()),
    noise_law=_iid_noise_law("sigma_b"),
    noise_doc="b = (T, p) noise ALREADY SCALED by sigma_b (b_t ~ N(0, sigma_b^2 I)); in law the port records b_t "
              "in its trace (key 'b')",
    returns_doc="an object with attribute y_T", law_samples=5000, size_key=lambda inp: inp["T"] * inp["p"]))


# ---------------------------------------------------------------------------- 004: CDPCWME, DPCWME, CDPNSME, Alg. 2
def _heavy_data(rng, n, d, scale=1.0):
    return scale * rng.standard_t(3.0, size=(n, d))                 # heavy-tailed rows (finite 2nd moment)


def _cwme_blocks(inputs):
    d = inputs["X"].shape[1]
    return _me.cwme_num_blocks(d, inputs["beta"]) if inputs.get("m") is None else inputs["m"]


def _cwme_make(rng, n, d, tau, beta, m, key, budget):
    return {"X": _heavy_data(rng, n, d), key: float(budget), "tau": float(tau), "beta": float(beta), "m": m}


def _cwme_inputs_for(key):
    def make(rng):
        d = int(rng.integers(1, 5))
        beta = float(rng.uniform(0.05, 0.9))
        m_def = _me.cwme_num_blocks(d, beta)
        if rng.random() < 0.5:                                       # m = ceil(4 ln(2d/beta)) (paper)
            return _cwme_make(rng, m_def + int(rng.integers(0, 30)), d, rng.uniform(1, 20), beta, None, key,
                              rng.uniform(0.05, 5))
        m = int(rng.integers(1, 6))                                  # explicit m (override)
        return _cwme_make(rng, m + int(rng.integers(0, 20)), d, rng.uniform(1, 20), beta, m, key, rng.uniform(0.05, 5))
    return make


def _cwme_strategy_for(key):
    def strategy():
        st = _st()

        @st.composite
        def inputs(draw):
            # Preconditions (Alg. 3 / Thm 4.1): X n x d, no NaN; tau > 0; beta in (0, 1); m >= 1 with floor(n/m) >= 1;
            # rho (resp. epsilon) > 0
            d = draw(st.integers(1, 4))
            beta = draw(st.floats(1e-6, 0.999, exclude_max=True))
            m = draw(st.one_of(st.none(), st.integers(1, 8)))
            mm = _me.cwme_num_blocks(d, beta) if m is None else m
            n = draw(st.integers(mm, mm + 20))
            return _cwme_make(_seeded(draw, st), n, d, draw(st.floats(1e-3, 1e3)), beta, m, key,
                              draw(st.floats(1e-4, 1e3)))
        return inputs()
    return strategy


def _std_normal_d(inputs, rng):
    return dict(noise=rng.standard_normal(inputs["X"].shape[1]))


def _std_laplace_d(inputs, rng):
    return dict(noise=rng.laplace(0.0, 1.0, inputs["X"].shape[1]))


def _cdpcwme_moments(inputs):
    n, d = inputs["X"].shape
    s = _me.cdp_cwme_sigma(n, d, inputs["tau"], _cwme_blocks(inputs), inputs["rho"])
    return _me.cwme(inputs["X"], inputs["tau"], inputs["beta"], m=inputs["m"]), s * s * np.eye(d)


def _dpcwme_moments(inputs):
    n, d = inputs["X"].shape
    bL = _me.dp_cwme_scale(n, d, inputs["tau"], _cwme_blocks(inputs), inputs["epsilon"])
    return _me.cwme(inputs["X"], inputs["tau"], inputs["beta"], m=inputs["m"]), 2 * bL * bL * np.eye(d)


register_target(Target(
    spec_id="004.cdpcwme", reference=_me.cdp_cwme,
    make_inputs=_cwme_inputs_for("rho"), make_draws=_std_normal_d, inputs_strategy=_cwme_strategy_for("rho"),
    exact_moments=_cdpcwme_moments, law=_gaussian_law(_cdpcwme_moments),
    description="CDPCWME (004 Alg. 3 + Gaussian noise, Thm 4.1): clipped median of means + sigma N(0, I_d)",
    noise_doc="noise = d standard normals (unscaled; output = CWME + sigma z, sigma = cdp_cwme_sigma(...))",
    returns_doc="array (d,)", law_samples=30000, size_key=lambda inp: inp["X"].shape[1]))

register_target(Target(
    spec_id="004.dpcwme", reference=_me.dp_cwme,
    make_inputs=_cwme_inputs_for("epsilon"), make_draws=_std_laplace_d, inputs_strategy=_cwme_strategy_for("epsilon"),
    exact_moments=_dpcwme_moments,
    law=lambda inp: LawSpec("laplace", _dpcwme_moments(inp)[0], scale=np.sqrt(_dpcwme_moments(inp)[1][0, 0] / 2)),
    description="DPCWME (004 Alg. 3 + Laplace noise, Thm 4.1): clipped median of means + b_L Lap(1)^d",
    noise_doc="noise = d standard Laplace draws (unscaled; output = CWME + b_L w)", returns_doc="array (d,)",
    law_samples=30000, size_key=lambda inp: inp["X"].shape[1]))


def _nsme_make(rng, n, d, rho, tau, c, variant):
    return dict(X=_heavy_data(rng, n, d), rho=float(rho), tau=float(tau), c=float(c), variant=variant)


def _nsme_inputs(rng):
    return _nsme_make(rng, int(rng.integers(1, 30)), int(rng.integers(1, 5)), rng.uniform(0.05, 5), rng.uniform(1, 20),
                      rng.uniform(0.1, 3), ["corrected", "printed"][int(rng.integers(0, 2))])


def _nsme_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 4): X n x d (no NaN); rho > 0; tau > 0; c > 0; variant corrected|printed
        return _nsme_make(_seeded(draw, st), draw(st.integers(1, 30)), draw(st.integers(1, 4)),
                          draw(st.floats(1e-4, 1e3)), draw(st.floats(1e-3, 1e3)), draw(st.floats(5e-3, 20.0)),
                          draw(st.sampled_from(["corrected", "printed"])))
    return inputs()


def _nsme_moments(inputs):
    n, d = inputs["X"].shape
    s = _me.nsme_sigma(n, d, inputs["tau"], inputs["rho"], inputs["c"], variant=inputs["variant"])
    return _me.nsme(inputs["X"], inputs["tau"], inputs["c"]), s * s * np.eye(d)


register_target(Target(
    spec_id="004.alg4", reference=_me.cdp_nsme,
    make_inputs=_nsme_inputs, make_draws=_std_normal_d, inputs_strategy=_nsme_strategy, exact_moments=_nsme_moments,
    law=_gaussian_law(_nsme_moments), noise_doc="noise = d standard normals (unscaled)", returns_doc="array (d,)",
    law_samples=30000, size_key=lambda inp: inp["X"].shape[1],
    description="CDPNSME (004 Alg. 4): noise-smoothed soft-truncated mean + sigma N(0, I_d)"))


def _sco_make(rng, n, d, T, mode, oracle, rho, eta, tau, beta, m, radius):
    X = _heavy_data(rng, n, d)
    centre = 0.3 * rng.normal(size=d)
    params = SCOParams("oracle-target", int(T), float(eta), float(tau), mode, float(beta), m)
    return dict(X=X, grad_oracle=quadratic_loss_oracle(X), proj=ball_projection(centre, radius), w0=centre.copy(),
                params=params, rho=float(rho), oracle=oracle)


def _sco_inputs(rng):
    T = int(rng.integers(1, 5))
    mode = ["convex", "strongly_convex"][int(rng.integers(0, 2))]
    m = int(rng.integers(1, 4))
    n = T * m + int(rng.integers(0, 10))
    return _sco_make(rng, n, int(rng.integers(1, 4)), T, mode, ["cwme", "nsme"][int(rng.integers(0, 2))],
                     rng.uniform(0.1, 5), rng.uniform(0.05, 1), rng.uniform(1, 20), rng.uniform(0.05, 0.5), m,
                     rng.uniform(0.5, 3))


def _sco_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 2 / SCOF): T >= 1; eta > 0; rho > 0; mode convex|strongly_convex (n >= T);
        # CWME blocks m with floor(batch/m) >= 1; tau > 0; w0 in W = ball
        T = draw(st.integers(1, 5))
        m = draw(st.integers(1, 4))
        n = draw(st.integers(T * m, T * m + 12))
        return _sco_make(_seeded(draw, st), n, draw(st.integers(1, 3)), T,
                         draw(st.sampled_from(["convex", "strongly_convex"])), draw(st.sampled_from(["cwme", "nsme"])),
                         draw(st.floats(1e-3, 1e3)), draw(st.floats(1e-3, 10.0)), draw(st.floats(1e-2, 1e3)),
                         draw(st.floats(1e-3, 0.99)), m, draw(st.floats(1e-2, 1e2)))
    return inputs()


def _sco_draws(inputs, rng):
    # one standard normal d-vector per SCOF step (both mean oracles add Gaussian noise)
    return dict(noise=rng.standard_normal((inputs["params"].T, inputs["X"].shape[1])))


def _sco_output(out):
    w_priv, W, _ = out
    return np.concatenate([np.asarray(w_priv, float).ravel(), np.asarray(W, float).ravel()])


register_target(Target(
    spec_id="004.alg2", reference=cdp_sco,
    make_inputs=_sco_inputs, make_draws=_sco_draws, output=_sco_output, inputs_strategy=_sco_strategy,
    description="rho-zCDP heavy-tailed SCO (004 Alg. 2 = SCOF with CDPCWME/CDPNSME(rho/T)); output: w_priv then "
                "the iterates w^1..w^T; draws: noise (T, d) N(0, 1)"))


# ---------------------------------------------------------------------------- thesis 003: Ch. 7 tree, Ch. 13 L2P-MW
def _tree7_make(rng, Sigma, d, sigma, variant):
    return dict(M=rng.normal(size=(Sigma, d)), sigma=float(sigma), variant=variant)


def _tree7_inputs(rng):
    return _tree7_make(rng, int(rng.integers(1, 33)), int(rng.integers(1, 4)), rng.uniform(0, 2),
                       ["corrected", "printed"][int(rng.integers(0, 5) == 0)])


def _tree7_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions: M finite (Sigma, d), Sigma >= 1, d >= 1; sigma >= 0 finite; variant corrected|printed
        return _tree7_make(_seeded(draw, st), draw(st.integers(1, 70)), draw(st.integers(1, 3)),
                           draw(st.floats(0.0, 1e3)), draw(st.sampled_from(["corrected", "printed"])))
    return inputs()


def _tree7_nodes(Sigma, variant):
    nodes = []
    for t in range(1, Sigma + 1):
        nodes += [nd for nd in node_set(t, Sigma, variant) if nd not in nodes]
    return nodes


def _tree7_draws(inputs, rng):
    Sigma, d = inputs["M"].shape
    return dict(draws={nd: rng.standard_normal(d) for nd in _tree7_nodes(Sigma, inputs["variant"])})


def _tree7_moments(inputs):
    M = np.asarray(inputs["M"], float)
    Sigma, d = M.shape
    sets = [set(node_set(t, Sigma, inputs["variant"])) for t in range(1, Sigma + 1)]
    K = np.array([[len(a & b) for b in sets] for a in sets], dtype=float)     # shared nodes of prefixes t, s
    return np.cumsum(M, axis=0).ravel(), inputs["sigma"] ** 2 * np.kron(K, np.eye(d))


register_target(Target(
    spec_id="003_ch07.alg20", reference=tree_mechanism,
    make_inputs=_tree7_inputs, make_draws=_tree7_draws, inputs_strategy=_tree7_strategy, exact_moments=_tree7_moments,
    law=_gaussian_law(_tree7_moments, stride=lambda inp: np.shape(inp["M"])[1]),
    noise_doc="draws = {node: N(0, I_d) standard normals} (unscaled; node noise sigma * z)", law_samples=30000,
    size_key=lambda inp: np.size(inp["M"]),
    description="Tree mechanism of thesis Ch. 7 (Alg. 20; corrected or printed node sets); draws: {node: N(0, I_d)}"))


def _l2p_make(rng, S, B, d, eta, p):
    return dict(losses=rng.random((S * B, d)), eta=float(eta), B=int(B), p=float(p))


def _l2p_inputs(rng):
    return _l2p_make(rng, int(rng.integers(1, 12)), int(rng.integers(1, 4)), int(rng.integers(1, 5)),
                     rng.uniform(1e-3, 0.1), rng.uniform(0.05, 1))


def _l2p_strategy():
    st = _st()

    @st.composite
    def inputs(draw):
        # Preconditions (Alg. 44 / L2P-MW): losses (T, d) in [0, 1], T/B integer >= 1; eta in (0, 1/10]; p in (0, 1]
        return _l2p_make(_seeded(draw, st), draw(st.integers(1, 15)), draw(st.integers(1, 4)), draw(st.integers(1, 6)),
                         draw(st.floats(1e-6, 0.1)), draw(st.floats(1e-6, 1.0)))
    return inputs()


def _l2p_draws(inputs, rng):
    S = inputs["losses"].shape[0] // inputs["B"]
    return dict(draws={k: rng.random(S) for k in ("ux", "uy", "us", "us2", "ua")})


register_target(Target(
    spec_id="003_ch13.alg44", reference=l2p_mw,
    make_inputs=_l2p_inputs, make_draws=_l2p_draws, inputs_strategy=_l2p_strategy,
    description="L2P (thesis Ch. 13 Alg. 44) instantiated with multiplicative weights on [d]; output: the played "
                "actions x_1..x_{T/B}; draws: uniforms ux, uy, us, us2, ua of length T/B"))
