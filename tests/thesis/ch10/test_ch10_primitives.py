"""Tests for thesis 003 chapter 10 primitives (P10.1 SGD subroutine, P10.4-P10.6, Alg 34 = core AboveThreshold)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from reference.core.mechanisms import above_threshold
from reference.core.oracles import QueryCounter
from reference.thesis.ch10.primitives import (gaussian_mechanism_ch10, gaussian_sigma_ch10, laplace_mechanism_ch10,
                                              one_pass_sgd, subsampled)


def test_one_pass_sgd_counts_T_gradients_and_is_bit_identical_with_order():
    items = np.linspace(-1, 1, 11)[:, None]
    grad = lambda x, z: x - z
    proj = lambda x: np.clip(x, -0.5, 0.5)
    order = np.random.default_rng(0).permutation(11)
    c1, c2 = QueryCounter(), QueryCounter()
    tr = []
    a = one_pass_sgd(items, grad, proj, np.zeros(1), 0.1, order=order, counter=c1, trace=tr)
    b = one_pass_sgd(items, grad, proj, np.zeros(1), 0.1, order=order, counter=c2)
    assert np.array_equal(a, b) and c1.calls == 11 and len(tr) == 11
    assert np.all(np.abs(np.array(tr)) <= 0.5)


def test_one_pass_sgd_rejects_bad_input():
    with pytest.raises(ValueError, match="eta"):
        one_pass_sgd([np.zeros(1)], lambda x, z: x, lambda x: x, np.zeros(1), 0.0, np.random.default_rng(0))
    with pytest.raises(ValueError, match="order"):
        one_pass_sgd([np.zeros(1)] * 2, lambda x, z: x, lambda x: x, np.zeros(1), 0.1, order=[0, 0])


def test_gaussian_and_laplace_mechanisms_use_the_chapter_scales():
    z = np.array([0.5, -1.0])
    out = gaussian_mechanism_ch10(np.zeros(2), 2.0, 1.0, 1e-5, noise=z)
    assert np.allclose(out, gaussian_sigma_ch10(2.0, 1.0, 1e-5) * z)
    assert math.isclose(gaussian_sigma_ch10(1.0, 1.0, 1e-5) ** 2, 2 * math.log(2e5))
    lap = laplace_mechanism_ch10(np.zeros(2), 1.0, 0.5, noise=np.array([1.0, -2.0]))
    assert np.allclose(lap, [2.0, -4.0])
    with pytest.raises(ValueError):
        gaussian_sigma_ch10(1.0, 1.0, 1.5)


def test_subsampled_runs_mechanism_on_M_distinct_records():
    seen = subsampled(lambda S: sorted(S), list(range(10)), 4, np.random.default_rng(1))
    assert len(seen) == 4 and len(set(seen)) == 4


def test_alg34_is_core_above_threshold_halting_on_first_top():
    ans = above_threshold([0.0, 5.0, 10.0], 1.0, 1.0, 1.0, None, noise=(np.zeros(1), np.zeros(3)))
    assert ans == [False, True]


def test_alg31_gradient_count_equals_sum_n_i_m_and_at_most_nm():
    """S10.22 instrumented: Alg 31 (scaled constants c_groups = 0.5, c_lap = 0.05: no halt) uses exactly Σ_i C·N_i·m ≤ nm gradients."""
    from reference.thesis.ch10.primitives import phased_sgd_outlier_iterate_removal
    rng = np.random.default_rng(0)
    n, m, d = 2048, 2, 2
    data = rng.normal(size=(n, m, d)) * 0.1 + 0.3
    grad = lambda x, z: x - z
    proj = lambda x: x / max(1.0, float(np.linalg.norm(x)))
    eps, delta, p, q = 1.0, 1e-2, 2.0, 0.3
    c = QueryCounter()
    x = phased_sgd_outlier_iterate_removal(data, grad, proj, np.zeros(d), epsilon=eps, delta=delta, p=p, q=q, eta=0.5,
                                           L=1.0, rng=rng, c_groups=0.5, c_lap=0.05, counter=c)
    C = math.ceil(0.5 * math.log(20 * n * m * math.exp(eps) / delta) / eps)
    expected = sum(C * (int((1 - 2 ** -q) * n / 2 ** (i * q)) // C) * m for i in range(1, int(math.log2(n)) + 1))
    assert c.calls == expected <= n * m
    assert x.shape == (d,) and np.all(np.isfinite(x))


def test_alg31_paper_constants_reject_too_few_users():
    from reference.thesis.ch10.primitives import phased_sgd_outlier_iterate_removal
    with pytest.raises(ValueError, match="N_i"):
        phased_sgd_outlier_iterate_removal(np.zeros((64, 1, 1)), lambda x, z: x, lambda x: x, np.zeros(1), epsilon=1.0,
                                           delta=1e-6, p=2.0, q=0.5, eta=0.1, L=1.0, rng=np.random.default_rng(0))


def test_ac_sa_converges_on_a_noiseless_quadratic():
    from reference.thesis.ch10.accelerated import ac_sa_init, ac_sa_step
    H = np.diag([1.0, 10.0])
    st = ac_sa_init(np.array([3.0, -2.0]))
    for _ in range(200):
        st = ac_sa_step(st, H @ st["x_md"], mu=1.0, beta=10.0, project=lambda x: x)
    assert np.linalg.norm(st["x_ag"]) < 0.05 and np.linalg.norm(st["x"]) < 0.01   # O(β‖x0‖²/t²) decay


def test_alg33_gradient_count_equals_sum_TiKim():
    """Alg 33 with scaled constants (labelled): no halt, gradient calls = Σ_i T_i K_i m exactly (from the trace)."""
    from reference.thesis.ch10.accelerated import accelerated_phased_erm
    rng = np.random.default_rng(3)
    n, m, d = 64, 2, 2
    data = rng.normal(size=(n, m, d)) * 0.01 + 0.2
    c = QueryCounter()
    tr = []
    x = accelerated_phased_erm(data, lambda x, z: x - z, lambda x: x / max(1.0, float(np.linalg.norm(x))), np.zeros(d),
                               epsilon=5.0, delta=1e-3, p=1.0, q=0.5, lam=0.1, beta=1.0, L=1.0, rng=rng, c_tau=10.0,
                               c_K=0.05, a32_kwargs=dict(c_sigma=0.0, c_thr=0.01, c_lap=0.01), counter=c, trace=tr)
    assert c.calls == sum(T_i * K_i * m for (_, _, T_i, K_i, _) in tr)
    assert np.linalg.norm(x - 0.2) < 0.2


def test_smoothed_grad_is_unbiased_for_quadratic():
    """P10.3: E ∇f(x + y, z) over y ~ Unif(B_r) equals ∇f(x, z) for f = ½‖x − z‖² (Hoeffding per coordinate, 1e-6)."""
    from reference.thesis.ch10.accelerated import smoothed_grad
    rng = np.random.default_rng(4)
    g = smoothed_grad(lambda x, z: x - z, 0.5, rng)
    x, z, N = np.array([0.3, -0.1]), np.array([1.0, 1.0]), 4000
    vals = np.array([g(x, z) for _ in range(N)])
    rad = 1.0 * math.sqrt(math.log(4 / 1e-6) / (2 * N))      # each coordinate lies in an interval of width 2r = 1
    assert np.all(np.abs(vals.mean(axis=0) - (x - z)) <= rad)


def test_ch10_algorithms_predrawn_draws_are_bit_identical():
    """P10.1, Alg 31, Alg 32 and P10.3 accept pre-drawn standard draws; with the draws the rng would make (same
    stream order) the output is identical."""
    from reference.thesis.ch10.accelerated import accelerated_minibatch_sgd, smoothed_grad
    from reference.thesis.ch10.primitives import one_pass_sgd, phased_sgd_outlier_iterate_removal
    proj = lambda x: x / max(1.0, np.linalg.norm(x))
    grad = lambda x, z: x - z
    items = list(np.random.default_rng(1).normal(size=(7, 2)))
    a = one_pass_sgd(items, grad, proj, np.zeros(2), 0.3, np.random.default_rng(5))
    b = one_pass_sgd(items, grad, proj, np.zeros(2), 0.3, None, draws=np.random.default_rng(5).random(7))
    assert np.array_equal(a, b)
    # Alg 31 (scaled constants): per phase order_u (C, T_i), lap, sel (C,), gauss (d,)
    n, m, d, eps, delta, p, q = 2048, 2, 2, 1.0, 1e-2, 2.0, 0.3
    data = np.random.default_rng(2).normal(size=(n, m, d)) * 0.1 + 0.3
    kw = dict(epsilon=eps, delta=delta, p=p, q=q, eta=0.5, L=1.0, c_groups=0.5, c_lap=0.05)
    trace = []
    x1 = phased_sgd_outlier_iterate_removal(data, grad, proj, np.zeros(d), rng=np.random.default_rng(9), trace=trace,
                                            **kw)
    C = math.ceil(0.5 * math.log(20 * n * m * math.exp(eps) / delta) / eps)
    g = np.random.default_rng(9)
    dr = []
    for i in range(1, len(trace) + 1):
        T_i = (int((1 - 2 ** -q) * n / 2 ** (i * q)) // C) * m
        dr.append(dict(order_u=g.random((C, T_i)), lap=g.laplace(0.0, 1.0, ()), sel=g.random(C),
                       gauss=g.standard_normal(d)))
    x2 = phased_sgd_outlier_iterate_removal(data, grad, proj, np.zeros(d), rng=None, draws=dr, **kw)
    assert len(trace) >= 1 and np.array_equal(x1, x2)
    # Alg 32
    users = np.random.default_rng(3).normal(size=(10, 2, d)) * 0.01
    kw = dict(T=4, K=6, tau=1.0, lam=1.0, beta=1.0, epsilon=1.0, delta=1e-3, n_total=10, d=d, c_sigma=1e-3,
              c_thr=0.01, c_lap=0.01)
    y1 = accelerated_minibatch_sgd(users, grad, proj, np.zeros(d), rng=np.random.default_rng(4), **kw)
    g = np.random.default_rng(4)
    dr = dict(thr=g.laplace(0.0, 1.0, ()), idx=g.random((4, 6)), lap=g.laplace(0.0, 1.0, (4,)), sel=g.random((4, 6)),
              gauss=g.standard_normal((4, d)))
    y2 = accelerated_minibatch_sgd(users, grad, proj, np.zeros(d), rng=None, draws=dr, **kw)
    assert np.array_equal(y1, y2)
    # P10.3
    f1 = smoothed_grad(grad, 0.1, np.random.default_rng(6))
    g = np.random.default_rng(6)
    G, U = np.zeros((3, d)), np.zeros(3)
    for k in range(3):
        G[k], U[k] = g.standard_normal(d), g.random()
    f2 = smoothed_grad(grad, 0.1, None, draws=dict(g=G, u=U))
    for k in range(3):
        assert np.array_equal(f1(np.ones(d), np.zeros(d)), f2(np.ones(d), np.zeros(d)))
    with pytest.raises(ValueError, match="exhausted"):
        f2(np.ones(d), np.zeros(d))
    with pytest.raises(ValueError, match="order_u"):
        phased_sgd_outlier_iterate_removal(data, grad, proj, np.zeros(d), rng=None, draws=[{}], epsilon=eps,
                                           delta=delta, p=p, q=q, eta=0.5, L=1.0, c_groups=0.5, c_lap=0.05)


def test_multi_stage_ac_sa_counts_stages_and_rejects_bad_input():
    import math
    import numpy as np
    import pytest
    from reference.core.oracles import QueryCounter
    from reference.thesis.ch10.accelerated import multi_stage_ac_sa
    A = np.diag([0.1, 1.0])
    cnt, tr = QueryCounter(), []
    p = multi_stage_ac_sa(lambda x: A @ x, np.array([1.0, 1.0]), mu=0.1, beta=1.0, V0=1.0, sigma2=0.0, K=3,
                          project=lambda x: x, counter=cnt, trace=tr)
    N = math.ceil(4 * math.sqrt(2 * 1.0 / 0.1))
    assert [t["N"] for t in tr] == [N] * 3 and cnt.calls == 3 * N
    assert 0.5 * p @ A @ p <= 1.0 * 2.0 ** -3
    for key, bad in (("mu", 0.0), ("beta", -1.0), ("V0", float("nan")), ("sigma2", -1.0), ("K", 0)):
        kw = dict(mu=0.1, beta=1.0, V0=1.0, sigma2=0.0, K=1)
        kw[key] = bad
        with pytest.raises((ValueError, TypeError), match=key):
            multi_stage_ac_sa(lambda x: A @ x, np.ones(2), project=lambda x: x, **kw)
