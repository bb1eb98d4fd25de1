"""The test-oracle harness on ports nobody here wrote against the reference: a vectorized numpy port of the
binary-tree mechanism and of DP-SGD pass draw for draw and in law; copies with one seeded bug are caught.

In-law tests declare their false-failure probability (alpha = 1e-6, Bonferroni over projections and cases;
rigorous DKW–Massart p-values) and use fixed seeds.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings

from reference.oracle import Oracle, Tolerance, compare_samples, get_target, ulp_distance

sys.path.insert(0, str(Path(__file__).resolve().parent))  # importlib mode does not put test dirs on sys.path
import fast_ports as fp  # noqa: E402


def test_fast_tree_port_agrees_draw_for_draw(dpsco_oracle):
    dpsco_oracle.assert_same_draws(fp.fast_tree_prefix_sums, "core.tree.TreeAggregator", n_cases=30,
                                   tol=Tolerance(atol=1e-9, rtol=1e-12))


def test_fast_tree_port_agrees_in_law(dpsco_oracle):
    dpsco_oracle.assert_same_law(fp.fast_tree_prefix_sums, "core.tree.TreeAggregator", n_samples=2000, n_cases=2)


def test_seeded_bug_sigma_sqrt2_caught_draw_for_draw(dpsco_oracle):
    with pytest.raises(AssertionError, match="differs"):
        dpsco_oracle.assert_same_draws(fp.buggy_tree_sigma_sqrt2, "core.tree.TreeAggregator",
                                       tol=Tolerance(atol=1e-9, rtol=1e-12))


def test_seeded_bug_sigma_sqrt2_caught_in_law():
    """Power: the KS distance between N(0, s^2) and N(0, 2 s^2) is 0.083; with n = 12000 per side the rigorous
    p-value bound 4 exp(-2 (n/4) D^2) ~ 4e-18 is far below the Bonferroni threshold."""
    inputs = dict(values=np.zeros((8, 1)), sigma=1.0)
    with pytest.raises(AssertionError, match="DIFFERENT LAW"):
        Oracle(seed=3).assert_same_law(fp.buggy_tree_sigma_sqrt2, "core.tree.TreeAggregator", n_samples=12000,
                                       inputs=inputs)


def test_seeded_bug_missing_node_caught_for_power_of_two_T(dpsco_oracle):
    inputs = dict(values=np.ones((16, 1)), sigma=1.0)
    with pytest.raises(AssertionError, match="differs"):
        dpsco_oracle.assert_same_draws(fp.buggy_tree_missing_top_node, "core.tree.TreeAggregator",
                                       inputs=inputs, tol=Tolerance(atol=1e-9))
    # ... and in law: the last prefix has variance 0 instead of sigma^2 (D close to 1/2)
    with pytest.raises(AssertionError, match="DIFFERENT LAW"):
        dpsco_oracle.assert_same_law(fp.buggy_tree_missing_top_node, "core.tree.TreeAggregator",
                                     n_samples=1000, inputs=inputs)


def test_fast_dp_sgd_agrees_and_missing_clip_caught(dpsco_oracle):
    dpsco_oracle.assert_same_draws(fp.fast_dp_sgd, "002.algA1", n_cases=20, tol=Tolerance(atol=1e-12, rtol=1e-12))
    with pytest.raises(AssertionError, match="differs"):
        dpsco_oracle.assert_same_draws(fp.buggy_dp_sgd_no_clip, "002.algA1", n_cases=20,
                                       tol=Tolerance(atol=1e-12, rtol=1e-12))


def test_first_divergent_step_is_reported():
    tgt = get_target("002.algA1")
    rng = np.random.default_rng(5)
    inputs = tgt.make_inputs(rng)
    inputs.update(T=5)
    inputs["data"] = rng.normal(size=(5 * inputs["B"], inputs["p"])) * 3
    (_, res), = Oracle().check_draws(fp.buggy_dp_sgd_from_step_2, "002.algA1", inputs=inputs,
                                     tol=Tolerance(atol=1e-12, rtol=1e-12))
    assert not res.ok
    assert res.first_divergent_step == 2 and res.divergent_field == "x_next"  # step 2 computes a wrong x_3
    assert "first divergent trace step 2" in res.message


@settings(max_examples=40)
@given(get_target("core.tree.TreeAggregator").inputs_strategy())
def test_tree_port_draw_for_draw_over_hypothesis_inputs(inputs):
    """The target's input strategy (spec'd preconditions) explores shapes T in [1, 70] incl. powers of two."""
    tgt = get_target("core.tree.TreeAggregator")
    draws = tgt.make_draws(inputs, np.random.default_rng(0))
    res = Oracle().check_draws(fp.fast_tree_prefix_sums, "core.tree.TreeAggregator", inputs=dict(inputs, **draws),
                               tol=Tolerance(atol=1e-6, rtol=1e-9))
    assert all(r.ok for _, r in res), res[0][1].message


def test_compare_samples_false_failure_is_bounded():
    """Under the null (same law) the test must pass; the declared false-failure probability is 1e-6."""
    rng = np.random.default_rng(11)
    for _ in range(5):
        a, b = rng.normal(size=(3000, 3)), rng.normal(size=(3000, 3))
        assert compare_samples(a, b, alpha=1e-6, rng=rng).ok


def test_ulp_distance_and_tolerance():
    assert ulp_distance(np.array([1.0]), np.array([np.nextafter(1.0, 2.0)]))[0] == 1
    assert ulp_distance(np.array([-0.0]), np.array([0.0]))[0] == 0
    assert Tolerance(ulps=1).close(np.array([1.0]), np.array([np.nextafter(1.0, 2.0)]))[0]
    assert not Tolerance().close(np.array([1.0]), np.array([np.nextafter(1.0, 2.0)]))[0]
    with pytest.raises(ValueError, match="atol"):
        Tolerance(atol=-1)


def test_cli_oracle_pass_and_fail():
    ok = subprocess.run([sys.executable, "-m", "proofs_checks", "oracle", "reference.core.tree:tree_prefix_sums",
                         "--against", "core.tree.TreeAggregator", "--mode", "draws"], capture_output=True, text=True)
    assert ok.returncode == 0 and "PASS" in ok.stdout, ok.stdout + ok.stderr
    bad = subprocess.run([sys.executable, "-m", "proofs_checks", "oracle", "reference.core.tree:nope",
                          "--against", "core.tree.TreeAggregator"], capture_output=True, text=True)
    assert bad.returncode == 2 and "cannot load candidate" in bad.stderr
