"""DP-ERM / DP-SCO of thesis 003 Ch.3 with the composite sampler (reference.thesis.ch03.procedures)."""
import numpy as np
import pytest

from reference.core.oracles import SampleAccessOracle
from reference.thesis.ch03 import procedures as pr
from reference.thesis.ch03.params import dp_erm_parameters, dp_sco_parameters


def _orc(n):
    s = np.linspace(-0.5, 0.5, n)[:, None]
    return SampleAccessOracle(lambda x, si: np.sign(x - si), s, per_sample_loss=lambda x, si: float(np.abs(x - si).sum()))


def test_dp_erm_steps_equal_the_rule_and_queries_counted():
    orc = _orc(4)
    x, info = pr.dp_erm(orc, 1.0, 2.0, 1, 0.5, 0.01, np.random.default_rng(0), C_eta=1.0)
    p = dp_erm_parameters(0.5, 0.01, 1.0, 2.0, 4, 1)
    assert info["rgo_calls"] == info["T"] == pr.expected_steps(p["k"], p["mu"], 1.0, 2.0, 1, p["eta_tv"], C_eta=1.0)
    assert info["value_queries"] == orc.calls > 0
    assert abs(x[0]) <= 1.0


def test_dp_sco_runs():
    orc = _orc(4)
    x, info = pr.dp_sco(orc, 1.0, 2.0, 1, 0.05, 0.01, np.random.default_rng(1), C_eta=1.0)
    p = dp_sco_parameters(0.05, 0.01, 1.0, 2.0, 4, 1)
    assert info["k"] == p["k"] and info["rgo_calls"] == info["T"] and abs(x[0]) <= 1.0


def test_reg_exp_mech_composite_needs_values():
    orc = SampleAccessOracle(lambda x, s: x, np.zeros((2, 1)))
    with pytest.raises(ValueError, match="per_sample_loss"):
        pr.reg_exp_mech_composite(orc, 1.0, 1.0, 1.0, 2.0, 1, 0.01, np.random.default_rng(0))
