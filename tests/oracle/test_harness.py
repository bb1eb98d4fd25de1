"""The test-oracle harness itself: tolerances, messages, reproducers, case choice, conventions, CLI exit codes.

Ports are the independent vectorized numpy stand-ins of ``fast_ports.py``.  In-law tests declare their
false-failure probability (alpha = 1e-6 per call, Bonferroni over cases and statistics; exact laws) and use fixed
seeds.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings

from reference.oracle import Oracle, Tolerance, all_targets, compare_samples, get_target, ulp_distance

sys.path.insert(0, str(Path(__file__).resolve().parent))  # importlib mode does not put test dirs on sys.path
import fast_ports as fp  # noqa: E402

HERE = Path(__file__).resolve().parent
ENV = dict(os.environ, PYTHONPATH=str(HERE) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "proofs_checks", *args], capture_output=True, text=True, env=ENV,
                          timeout=300)


# ----------------------------------------------------------------------------------------- tolerance
@pytest.mark.parametrize("port, spec_id", [(fp.fast_tree_prefix_sums, "core.tree.TreeAggregator"),
                                           (fp.fast_dp_sgd, "002.algA1"), (fp.fast_srgd_gaussian_b, "002.alg1"),
                                           (fp.fast_srgd_tree, "002.algA7")])
def test_default_tolerance_accepts_reassociation_of_correct_ports(port, spec_id):
    """The vectorized ports reassociate sums (cumsum / matrix products): the default tolerance accepts all 40 cases,
    while bit-identical comparison (on request) rejects some of them (ULP-level differences)."""
    o = Oracle()
    assert all(r.ok for r in o.check_draws(port, spec_id, n_cases=40)), spec_id
    if spec_id in ("core.tree.TreeAggregator", "002.algA7"):
        exact = o.check_draws(port, spec_id, n_cases=40, tol=Tolerance.exact())
        assert any(not r.ok for r in exact), "expected ULP-level differences under bit-identical comparison"
        worst = max(r.result.max_abs_error for r in exact)
        assert 0 < worst < 1e-10


def test_tolerance_scaled_near_zero_and_ulps():
    tol = Tolerance(atol=1e-9, rtol=1e-9, scaled=True)
    ref = np.array([1e3, 1e-17])                 # an output value near zero next to a large one
    assert tol.close(ref + np.array([1e-13, 3e-14]), ref).all()
    assert not tol.close(ref + np.array([0, 1e-5]), ref).all()
    assert ulp_distance(np.array([1.0]), np.array([np.nextafter(1.0, 2.0)]))[0] == 1
    assert ulp_distance(np.array([-0.0]), np.array([0.0]))[0] == 0
    assert Tolerance(ulps=1).close(np.array([1.0]), np.array([np.nextafter(1.0, 2.0)]))[0]
    assert not Tolerance.exact().close(np.array([1.0]), np.array([np.nextafter(1.0, 2.0)]))[0]
    with pytest.raises(ValueError, match="atol"):
        Tolerance(atol=-1)


# ----------------------------------------------------------------------------------------- messages / reproducers
def test_draw_message_names_output_values_step_and_reproducer():
    tgt = get_target("002.algA1")
    rng = np.random.default_rng(5)
    inputs = tgt.make_inputs(rng)
    inputs.update(T=5)
    inputs["data"] = rng.normal(size=(5 * inputs["B"], inputs["p"])) * 3
    r, = Oracle().check_draws(fp.buggy_dp_sgd_from_step_2, "002.algA1", inputs=inputs)
    assert not r.ok
    res = r.result
    assert res.first_divergent_step == 2 and res.divergent_field == "x_next"   # step 2 computes a wrong x_3
    assert res.reference_value is not None and res.candidate_value is not None
    assert res.reference_value != res.candidate_value
    msg = r.describe("fast_ports:buggy_dp_sgd_from_step_2")
    assert "first divergent trace step 2 (field 'x_next'" in msg and "reference" in msg and "port" in msg
    assert "reproduce:" in msg and '"T": 5' in msg


def test_reproducer_case_reruns_the_same_inputs():
    o = Oracle(seed=3)
    res = o.check_draws(fp.buggy_tree_missing_top_node, "core.tree.TreeAggregator", n_cases=40)
    bad = [r for r in res if not r.ok]
    assert bad, "a power-of-two T case must appear among 40"
    again, = o.check_draws(fp.buggy_tree_missing_top_node, "core.tree.TreeAggregator", case=bad[0].case)
    assert not again.ok and np.array_equal(again.inputs["values"], bad[0].inputs["values"])
    json.loads(bad[0].reproducer().split("# inputs: ", 1)[1])        # the input case is serialisable JSON


def test_law_message_names_statistic_coordinate_value_and_power():
    with pytest.raises(AssertionError) as e:
        Oracle().assert_same_law(fp.bugged(fp.fast_gaussian_mechanism, "sqrt2"), "core.mech.gaussian_mechanism",
                                 n_cases=1)
    msg = str(e.value)
    assert "DIFFERENT LAW: variance along" in msg and "value" in msg and "p = " in msg
    assert "detects std ratio" in msg and "reproduce: dpsco-ref oracle" in msg


# ----------------------------------------------------------------------------------------- cases
@pytest.mark.parametrize("spec_id", ["002.algA1", "002.alg1", "002.algA7", "core.tree.TreeAggregator", "004.cdpcwme"])
def test_law_cases_vary_in_size(spec_id):
    tgt = get_target(spec_id)
    o = Oracle()
    idx = o.law_case_indices(tgt, 3)
    cases = [o.law_case(tgt, j) for j in idx]
    key = tgt.size_key
    sizes = [key(c) for c in cases]
    assert len(set(sizes)) == 3 and sizes == sorted(sizes, reverse=True), sizes   # largest first, all different
    if "T" in cases[0]:
        assert max(c["T"] for c in cases) > 1
    assert len(o.law_case_indices(tgt, 5)) == 5


def test_n_cases_from_the_fixture(dpsco_oracle):
    res = dpsco_oracle.check_draws(fp.fast_tree_prefix_sums, "core.tree.TreeAggregator", n_cases=7)
    assert len(res) == 7
    o = Oracle(n_cases=2, n_samples=500)
    assert len(o.check_law(fp.fast_gaussian_mechanism, "core.mech.gaussian_mechanism")) == 2


@settings(max_examples=30, deadline=None)
@given(get_target("core.tree.TreeAggregator").inputs_strategy())
def test_tree_port_draw_for_draw_over_hypothesis_inputs(inputs):
    """The target's input strategy (spec'd preconditions) explores shapes T in [1, 70] incl. powers of two."""
    tgt = get_target("core.tree.TreeAggregator")
    draws = tgt.make_draws(inputs, np.random.default_rng(0))
    r, = Oracle().check_draws(fp.fast_tree_prefix_sums, "core.tree.TreeAggregator", inputs=dict(inputs, **draws))
    assert r.ok, r.describe()


def test_two_sample_fallback_reports_power_and_keeps_alpha():
    rng = np.random.default_rng(11)
    for _ in range(3):
        a, b = rng.normal(size=(3000, 3)), rng.normal(size=(3000, 3))
        res = compare_samples(a, b, alpha=1e-6, rng=rng)
        assert res.ok and 0 < res.detectable_ks < 0.2
        assert "detects a KS distance" in res.message


# ----------------------------------------------------------------------------------------- conventions
def test_every_target_documents_its_conventions():
    for spec_id, tgt in all_targets().items():
        doc = tgt.conventions()
        assert spec_id in doc and "reference:" in doc and "draw-for-draw:" in doc and "in law:" in doc, spec_id
        assert "returns:" in doc and "tolerance" in doc, spec_id
    assert "trace=[]" in get_target("002.algA1").conventions() and "'b'" in get_target("002.algA1").conventions()
    assert "ALREADY SCALED" in get_target("002.alg1").conventions()


# ----------------------------------------------------------------------------------------- CLI exit codes
def _main(capsys, *args):
    from proofs_checks.cli import main

    rc = main(list(args))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_cli_exit_codes(capsys):
    rc, out, err = _main(capsys, "oracle", "fast_ports:fast_tree_prefix_sums", "--against", "core.tree.TreeAggregator",
                         "--n-cases", "2", "--n-samples", "1000")
    assert rc == 0 and "PASS" in out and "in law (exact law of the output): 2/2" in out, out + err
    rc, out, err = _main(capsys, "oracle", "fast_ports:buggy_tree_sigma_sqrt2", "--against", "core.tree.TreeAggregator",
                         "--mode", "law", "--n-cases", "1", "--n-samples", "1000")
    assert rc == 1 and "DIFFERENT LAW" in out and "--case" in out, out + err
    case = out.split("--case ")[1].split()[0]
    rc, out, _ = _main(capsys, "oracle", "fast_ports:buggy_tree_sigma_sqrt2", "--against", "core.tree.TreeAggregator",
                       "--mode", "law", "--case", case, "--n-samples", "1000")
    assert rc == 1, out
    rc, out, _ = _main(capsys, "oracle", "fast_ports:buggy_tree_missing_top_node", "--against",
                       "core.tree.TreeAggregator", "--mode", "draws", "--exact")
    assert rc == 1 and "bit-identical" in out and "reference" in out and "port" in out
    assert _main(capsys, "oracle", "reference.core.tree:nope", "--against", "core.tree.TreeAggregator")[0] == 2
    assert _main(capsys, "oracle", "fast_ports:fast_tree_prefix_sums", "--against", "no.such.target")[0] == 2
    rc, _, err = _main(capsys, "oracle", "fast_ports:_proj", "--against", "core.tree.TreeAggregator", "--mode", "draws")
    assert rc == 2 and "crashed" in err, err
    rc, out, _ = _main(capsys, "oracle", "--list")
    assert rc == 0 and "002.alg1" in out and "noise" in out
    with pytest.raises(SystemExit) as e:
        _main(capsys, "--seeds-dir", "/nonexistent-dir", "specs")
    assert e.value.code == 2


def test_cli_entry_point_exit_status():
    """The installed entry point returns the codes as process exit status (one subprocess)."""
    bad = _cli("oracle", "fast_ports:buggy_tree_missing_top_node", "--against", "core.tree.TreeAggregator", "--mode",
               "draws")
    assert bad.returncode == 1 and "FAIL" in bad.stdout, bad.stdout + bad.stderr


def test_trace_targets_without_a_port_trace_fall_back_to_two_sample():
    """A DP-SGD port that keeps no trace cannot expose its noise: the oracle says so and runs the two-sample test."""
    def no_trace(oracle, data, *, T, B, lr, radius, p, clip, sigma=0.0, rng=None, noise=None):
        return fp.fast_dp_sgd(oracle, data, T=T, B=B, lr=lr, radius=radius, p=p, clip=clip, sigma=sigma, rng=rng,
                              noise=noise)
    r, = Oracle().check_law(no_trace, "002.algA1", n_samples=300, n_cases=1)
    assert r.ok and "two-sample" in r.law_mode and "keeps no trace" in r.law_mode
    def bad_trace(oracle, data, *, trace=None, **kw):          # a trace without the documented key 'b'
        out = fp.fast_dp_sgd(oracle, data, trace=trace, **kw)
        for it in trace or []:
            it.pop("b")
        return out
    with pytest.raises(ValueError, match="key 'b'"):
        Oracle().check_law(bad_trace, "002.algA1", n_samples=50, n_cases=1)
