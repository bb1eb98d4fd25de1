"""Tests of reference.core.problems: oracles of the test problems, generators, certified minimizers."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core import problems as P


def test_abs_sum_oracles_and_erm():
    rng = np.random.default_rng(0)
    prob = P.AbsSum(rng.standard_normal((5, 3)), rng.standard_normal(5), rng.random(5))
    x = rng.standard_normal(3)
    v, g = prob.value_oracle(), prob.subgradient_oracle()
    assert v(x) == pytest.approx(float(prob.value(x)))
    G = g.batch(np.stack([x, x]))
    assert G.shape == (2, 3) and (g.calls, g.rounds) == (2, 1)
    erm = prob.erm_oracle(np.random.default_rng(1))
    assert erm.erm_value(x) == pytest.approx(float(prob.value(x)), rel=1e-12)
    assert np.mean([erm.value(x, i) for i in range(5)]) == pytest.approx(float(prob.value(x)), rel=1e-12)
    assert np.allclose(erm.full_gradient(x), prob.subgradient(x))
    # smoothing tends to f as rho -> 0 and f_hat >= f (Jensen)
    assert prob.smoothed_value(x, 1e-9) == pytest.approx(float(prob.value(x)), abs=1e-7)
    assert prob.smoothed_value(x, 0.5) >= prob.value(x)
    xs, r = prob.smoothed_prox_point(np.zeros(3), 0.1, 0.5, 1.0)
    assert np.linalg.norm(xs) <= 1.0 + 1e-12 and r <= 1e-10


def test_linear_and_quadratic():
    lp = P.LinearProblem([3.0, 4.0])
    assert np.allclose(lp.minimizer_on_ball([0, 0], 2.0), [-1.2, -1.6])
    assert lp.min_on_ball([0, 0], 2.0) == pytest.approx(-10.0)
    so = lp.stochastic_oracle(np.random.default_rng(0), 0.0)
    assert np.allclose(so([1.0, 1.0]), [3.0, 4.0])
    q = P.QuadraticProblem(np.diag([1.0, 4.0]), [1.0, 1.0])
    assert np.allclose(q.minimizer, [1.0, 0.25]) and q.min_value == pytest.approx(-0.625)
    x, r = q.minimizer_on_ball([0.0, 0.0], 10.0)
    assert np.linalg.norm(x - q.minimizer) <= r + 1e-15 and r <= 1e-12
    with pytest.raises(ValueError, match="positive definite"):
        P.QuadraticProblem(np.diag([1.0, -1.0]), [0.0, 0.0])


@given(st.integers(1, 6), st.floats(0.05, 5.0), st.floats(0.01, 10.0), st.integers(0, 10**6))
def test_solver_certificate_holds(d, R, kappa, seed):
    """||x - x*|| <= r against the closed-form minimizer of an isotropic quadratic μ/2||x - p||² on a ball
    (x* = proj(p)), for any κ = H/μ given to the solver (H >= μ is a valid smoothness bound)."""
    rng = np.random.default_rng(seed)
    p, c = rng.standard_normal(d) * 3, rng.standard_normal(d)
    mu = 0.7
    x, r = P.solve_strongly_convex(lambda z: mu * (z - p), np.zeros(d), mu, mu * kappa if kappa >= 1 else mu,
                                   center=c, radius=R, grad_error=lambda z: 4 * P._U * mu * (np.linalg.norm(z) + np.linalg.norm(p)))
    v = p - c
    xs = c + v * min(1.0, R / np.linalg.norm(v)) if np.linalg.norm(v) > 0 else p
    assert np.linalg.norm(x - xs) <= r + 1e-15 * (1 + np.linalg.norm(xs))
    assert r <= 1e-10


def test_logistic_minimizer_certified():
    rng = np.random.default_rng(2)
    A = rng.standard_normal((40, 3))
    y = np.where(rng.random(40) < 0.5, -1.0, 1.0)
    prob = P.LogisticAtoms(A, y)
    x, r = prob.minimizer()
    assert r <= 1e-12 and np.linalg.norm(prob.grad(x)) <= 1e-12
    erm = prob.erm_oracle(np.random.default_rng(0))
    assert np.allclose(erm.full_gradient(x), prob.grad(x), atol=1e-15)
    with pytest.raises(ValueError, match="atoms"):
        P.LogisticAtoms(np.array([[1.0], [2.0]]), [1.0, 1.0]).minimizer()


def test_heavy_tailed_mean_estimation():
    data, prob = P.heavy_tailed_mean_estimation(np.random.default_rng(0), 1000, 4, k=4.0, law="student_t",
                                                mean=[1.0, 2.0, 3.0, 4.0], gamma=1.0)
    assert data.shape == (1000, 4)
    assert prob.trace_cov == pytest.approx(4 * P.heavy_tailed_variance(4.0, "student_t"))
    assert prob.excess_risk(prob.minimizer) == 0.0
    erm = prob.erm_oracle(data)
    assert np.allclose(erm.full_gradient(np.zeros(4)), -data.mean(axis=0))
    for law in ("lomax", "three_point", "gaussian"):
        y = P.sample_heavy_tailed(np.random.default_rng(1), 10, 3.0, law=law)
        assert y.shape == (10,) and np.all(np.isfinite(y))
    # three-point law: E|Y|^k = 1 exactly by construction
    assert P.three_point_abs_moment(5.0, 4.0, 4.0) == 1.0


def test_interpolating_data():
    reg = P.interpolating_regression(np.random.default_rng(0), 30, 4, loss="huber", delta=0.3)
    assert reg.erm_value(reg.x_star) <= 1e-28 and np.linalg.norm(reg.erm_grad(reg.x_star)) <= 1e-14
    oracle = reg.erm_oracle(np.random.default_rng(1))
    assert np.linalg.norm(oracle.stochastic_gradient(reg.x_star)) <= 1e-14 and oracle.calls == 1
    cls = P.interpolating_classification(np.random.default_rng(0), 50, 3, margin=0.2)
    assert np.min(cls.y * (cls.A @ cls.x_star)) >= 0.2 and cls.erm_value(cls.x_star) == 0.0


@pytest.mark.parametrize("call, name", [
    (lambda: P.AbsSum(np.ones((2, 2)), np.ones(3)), "b"),
    (lambda: P.AbsSum(np.ones((2, 2)), np.ones(2), [-1.0, 1.0]), "c"),
    (lambda: P.AbsSum(np.ones((2, 2)), np.ones(2)).smoothed_value(np.zeros(2), 0.0), "rho"),
    (lambda: P.NormDistance(-1.0, [0.0]), "L"),
    (lambda: P.student_t_abs_moment(-1.0, 2.0), "nu"),
    (lambda: P.sample_heavy_tailed(np.random.default_rng(), 3, 2.0, law="cauchy"), "law"),
    (lambda: P.sample_heavy_tailed(np.random.default_rng(), 3, 4.0, law="student_t", shape=3.0), "shape"),
    (lambda: P.sample_heavy_tailed(None, 3, 2.0), "rng"),
    (lambda: P.interpolating_regression(np.random.default_rng(), 0, 2), "n"),
    (lambda: P.interpolating_classification(np.random.default_rng(), 5, 2, margin=-1.0), "margin"),
    (lambda: P.solve_strongly_convex(lambda z: z, np.zeros(2), 2.0, 1.0), "mu"),
    (lambda: P.solve_strongly_convex(lambda z: z, np.zeros(2), 1.0, 1.0, radius=-1.0), "radius"),
    (lambda: P.LogisticAtoms(np.ones((2, 1)), [1.0, 0.0]), "y"),
])
def test_validation_errors_name_parameter(call, name):
    with pytest.raises(ValueError, match=name):
        call()
