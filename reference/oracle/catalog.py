"""The registered oracle targets (one ``register_target`` call per reference algorithm; no harness code).

Each target says how to build valid inputs (from a Generator and as a hypothesis strategy that follows the
spec'd preconditions), how to pre-draw the reference's randomness for those inputs, and, where the reference
knows them, the exact mean and covariance of its output.
"""
from __future__ import annotations

import numpy as np

from reference.core.mechanisms import gaussian_mechanism, laplace_mechanism
from reference.core.tree import prefix_noise_covariance, tree_prefix_sums
from reference.srgd.algorithm import dp_sgd
from reference.srgd.problems import MeanEstimation

from .targets import Target, register_target


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
    exact_moments=_gauss_moments, description="value + sigma * N(0, I)"))


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
    exact_moments=_lap_moments, description="value + (sensitivity/epsilon) * Lap(1)^d"))


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
    exact_moments=_tree_moments, description="private prefix sums by the binary-tree mechanism"))


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


register_target(Target(
    spec_id="002.algA1", reference=dp_sgd,
    make_inputs=_dpsgd_inputs, make_draws=_dpsgd_draws, output=_dpsgd_output,
    description="DP-SGD with per-example clipping and projected steps (002 l.110)"))
