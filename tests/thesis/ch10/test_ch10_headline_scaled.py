"""The parameter helpers of the scaled ch. 10 headline runs (proofs_checks/thesis/ch10/headline_a3*_scaled.py) agree
with the reference code they describe: gradient counts, phase schedules, and the replayed privacy moves the right way."""
import math

import numpy as np

from proofs_checks.thesis.ch10.headline_a31_scaled import PRINTED, SCALED, a31_count, a31_replayed_epsilon
from proofs_checks.thesis.ch10.headline_a33_scaled import SCALED as SCALED33, a33_params, a33_schedule
from reference.core.oracles import QueryCounter
from reference.thesis.ch10.accelerated import accelerated_phased_erm
from reference.thesis.ch10.primitives import phased_sgd_outlier_iterate_removal

_ID = lambda x: x                                                        # noqa: E731


def test_a31_count_equals_the_code():
    n, m, d, q, eps, delta = 1000, 3, 2, 0.5, 1.0, 1e-6
    cnt = QueryCounter()
    phased_sgd_outlier_iterate_removal(np.zeros((n, m, d)), lambda x, z: np.ones(d), _ID, np.zeros(d), epsilon=eps,
                                       delta=delta, p=2.0, q=q, eta=0.01, L=1.0, rng=np.random.default_rng(1),
                                       counter=cnt, **SCALED)
    assert cnt.calls == a31_count(n, m, q, eps, delta, SCALED["c_groups"]) <= n * m


def test_a31_replay_scaled_is_worse_than_printed_noise_ratio():
    r = a31_replayed_epsilon(1000, 16, 2, 1.0, 1e-6, 0.5, SCALED)
    assert r["e_score"] > 1 and r["eps"] > r["e_gauss"] > 1             # not private at the scaled constants
    assert math.isclose(r["b"], SCALED["c_lap"] / 1.0, rel_tol=1e-6)       # the Laplace scale read from the code
    assert PRINTED["c_tau"] == SCALED["c_tau"]                              # the score radius is not scaled


def test_a33_schedule_equals_the_code():
    n, m, d, eps = 300, 2, 2, 1.0
    delta, lam, p = a33_params(n, m, d, eps)
    sched = a33_schedule(n, m, d, eps, delta, p, 0.5, lam, 1.0, c_K=SCALED33["c_K"])
    cnt, tr = QueryCounter(), []
    accelerated_phased_erm(np.zeros((n, m, d)), lambda x, z: np.zeros(d), _ID, np.zeros(d), epsilon=eps, delta=delta,
                           p=p, q=0.5, lam=lam, beta=1.0, L=1.0, rng=np.random.default_rng(2), c_K=SCALED33["c_K"],
                           counter=cnt, trace=tr, a32_kwargs=dict(c_sigma=0.0, c_thr=0.0, c_lap=0.0))
    assert [(a, b, c) for _, a, b, c, _ in tr] == sched
    assert cnt.calls == sum(T * K * m for _, T, K in sched)


def test_a33_printed_K_is_the_cap():
    n, m, d, eps = 1000, 4, 2, 1.0
    delta, lam, p = a33_params(n, m, d, eps)
    assert all(K == n_i for n_i, _, K in a33_schedule(n, m, d, eps, delta, p, 0.5, lam, 1.0, c_K=500.0))
    assert all(K < n_i for n_i, _, K in a33_schedule(n, m, d, eps, delta, p, 0.5, lam, 1.0, c_K=SCALED33["c_K"])[:3])


def test_smoothing_parameters_and_schedule_grow_like_the_printed_beta():
    from proofs_checks.thesis.ch10.headline_a33_smoothed_scaled import smoothing
    r, beta = smoothing(1000, 4, 2, 1.0)
    assert math.isclose(r, math.sqrt(2) / (1000 * 2)) and math.isclose(beta, math.sqrt(2) / r)
    T1 = []
    for n in (250, 1000):
        delta, lam, p = a33_params(n, 4, 2, 1.0)
        T1.append(a33_schedule(n, 4, 2, 1.0, delta, p, 0.5, lam, smoothing(n)[1], c_K=SCALED33["c_K"])[0][1])
    assert T1[0] < T1[1]                                                  # T_i = ⌈(1 + √(β/λ_i)) log(ndm)⌉ grows with n
