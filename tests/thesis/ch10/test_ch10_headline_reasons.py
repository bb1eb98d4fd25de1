"""The computed skip reasons of the ch. 9/10/12 headlines (proofs_checks/thesis/ch*/headline.py): their parameter
helpers agree with the reference code and move the right way."""
import math

import numpy as np
import pytest

from proofs_checks.thesis.ch09.headline import a30_run
from proofs_checks.thesis.ch10.headline import a31_noise_to_movement, a33_first_phase_ratio
from proofs_checks.thesis.ch12.headline import thm1238_split
from reference.thesis.ch10.primitives import phased_sgd_outlier_iterate_removal


def test_a31_defined_iff_the_code_runs():
    # n = 2000 users: C = ⌈100 log(20nme/δ)/ε⌉ groups leave N_1 = 0, so the helper says "undefined" and the code raises
    n, m, q, eps, delta = 2000, 1, 0.5, 1.0, 1e-3
    C, r, phase = a31_noise_to_movement(n, m, 1, q, eps, delta)
    assert r is None and phase == 1
    with pytest.raises(ValueError, match="N_i"):
        phased_sgd_outlier_iterate_removal(np.zeros((n, m, 1)), lambda x, z: x * 0, lambda x: x, np.zeros(1),
                                           epsilon=eps, delta=delta, p=1.5, q=q, eta=0.1, L=1.0,
                                           rng=np.random.default_rng(0))


def test_a31_ratio_is_large_where_defined():
    C, r, _ = a31_noise_to_movement(10 ** 7, 1, 1, 0.1, 10.0, 1e-3)
    assert r is not None and r > 100


def test_a33_ratio_decreases_in_n():
    r = [a33_first_phase_ratio(n, 1, 1, 1.0, 1.0, 1e-9)[0] for n in (10 ** 4, 10 ** 5, 10 ** 6, 10 ** 7)]
    assert all(a > b for a, b in zip(r, r[1:])) and r[0] > 1


def test_thm1238_split_is_a_fixed_point():
    J, I, m = thm1238_split(10 ** 5, 1e-2)
    assert J == math.ceil(400 * math.log(I / 1e-2)) and I == math.ceil(math.log2(10 ** 5 / J))


def test_a30_small_n_undefined_and_noise_dominated():
    assert a30_run(5, 1, 1, 1.0, 1e-6) is None                 # k = 2 phases, n_1 = ⌊5/4⌋ = 1 < 2
    W, rho, T = a30_run(256, 1, 1, 9.0, 1e-6)
    assert rho > 1 and W > 0 and T > 0
