"""Issue 21 regressions for reference.oracle: bad input is a clear error; a candidate's NaN is a failed comparison."""
import numpy as np
import pytest

from reference.oracle.compare import Tolerance, compare_samples, flatten_output, ulp_distance
from reference.oracle.exact_law import LawSpec, exact_law_test
from reference.oracle.harness import Oracle, serialise_inputs
from reference.oracle.targets import UnknownTargetError, get_target


def test_unknown_target_is_key_and_value_error_naming_spec_id():
    with pytest.raises(KeyError):
        get_target("no.such.entry")
    with pytest.raises(ValueError, match="spec_id"):
        get_target("no.such.entry")
    assert issubclass(UnknownTargetError, KeyError) and issubclass(UnknownTargetError, ValueError)
    with pytest.raises(TypeError, match="spec_id"):
        get_target(None)


def test_candidate_nan_samples_fail_the_comparison_instead_of_passing():
    ref = np.random.default_rng(0).standard_normal((200, 2))
    cand = ref.copy()
    cand[5, 0] = np.nan
    res = compare_samples(ref, cand)
    assert not res.ok and "non-finite" in res.mean_check
    with pytest.raises(ValueError, match="ref"):
        compare_samples(cand, ref)                       # the reference must be finite


def test_exact_law_keeps_candidate_nan_as_deterministic_failure():
    law = LawSpec("gaussian", np.zeros(2), np.eye(2))
    X = np.random.default_rng(1).standard_normal((50, 2))
    X[0, 1] = np.inf
    res = exact_law_test(X, law)
    assert not res.ok and "non-finite" in res.deterministic_failure
    with pytest.raises(TypeError, match="law"):
        exact_law_test(X, None)
    with pytest.raises(ValueError, match="cov"):
        LawSpec("gaussian", np.zeros(2), np.eye(3))


def test_ulp_distance_nan_inf_and_opposite_signs():
    d = ulp_distance(np.array([1.0, np.nan, np.nan, -np.inf, 0.0]),
                     np.array([np.nextafter(1.0, 2.0), np.nan, 1.0, np.inf, -0.0]))
    assert d[0] == 1 and d[1] == 0 and d[2] == np.inf and 1e18 < d[3] < 2e19 and d[4] == 0
    with pytest.raises(ValueError, match="same shape"):
        ulp_distance(np.zeros(2), np.zeros(3))


def test_records_and_harness_fields_validated():
    with pytest.raises(TypeError, match="atol"):
        Tolerance(atol=True)
    with pytest.raises(TypeError, match="scaled"):
        Tolerance(scaled=1)
    with pytest.raises(ValueError, match="n_samples"):
        Oracle(n_samples=-1)
    with pytest.raises(TypeError, match="inputs"):
        serialise_inputs([1, 2])
    with pytest.raises(TypeError, match="out"):
        flatten_output("x")
    assert np.isnan(flatten_output(float("nan"))[0])   # an output is flattened as it is
