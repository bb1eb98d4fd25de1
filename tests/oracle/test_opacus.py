"""The oracle in law on a real third-party implementation of a registered target: Opacus's DP-SGD optimizer step
(per-sample clipping + Gaussian noise, CPU) against 002.algA1 (reference/oracle/third_party.py).  Skipped cleanly
when the optional extra (torch + opacus) is not installed.

Declared false-failure probability: alpha = 1e-6 per call (Bonferroni over cases and statistics); fixed seeds.
"""
from __future__ import annotations

import pytest

pytest.importorskip("torch")
pytest.importorskip("opacus")

import torch  # noqa: E402

from reference.oracle import Oracle  # noqa: E402
from reference.oracle.third_party import opacus_dp_sgd  # noqa: E402

torch.set_num_threads(1)


def test_opacus_dp_sgd_step_has_the_reference_law():
    res = Oracle().check_law(opacus_dp_sgd, "002.algA1", n_samples=1500, n_cases=1)
    assert all(r.ok for r in res), res[0].describe("reference.oracle.third_party:opacus_dp_sgd")
    assert res[0].result.detectable["pooled_std_ratio_hi"] < 1.1


def test_opacus_with_a_misread_noise_multiplier_is_caught():
    """A common integration bug: noise_multiplier set to sigma / clip (forgetting the batch size B of the mean):
    on the largest case (B > 1) the noise std is off by a factor B."""
    def wrong(oracle, data, *, T, B, lr, radius, p, clip, sigma=0.0, rng=None, noise=None, trace=None):
        return opacus_dp_sgd(oracle, data, T=T, B=B, lr=lr, radius=radius, p=p, clip=clip, sigma=sigma / B, rng=rng,
                             noise=noise, trace=trace)
    with pytest.raises(AssertionError, match="DIFFERENT LAW"):
        Oracle().assert_same_law(wrong, "002.algA1", n_samples=500, n_cases=1)
