"""Issue 21 regressions for reference.srgd: no silent inf, no OverflowError, clear errors naming the parameter."""
import math

import numpy as np
import pytest

from reference.srgd.algorithm import accelerated_dp_srgd, linear_coupling_step, srg_update
from reference.srgd.params import b_max_eq19, params_eq19, params_thm5_12, sigma_tree_corrected
from reference.srgd.tree import tree_nodes


def _g(X, D):
    return np.asarray(X) - np.asarray(D)


def test_parameter_blocks_raise_instead_of_overflowing():
    with pytest.raises(ValueError, match="c="):
        b_max_eq19(1e308, 1.0, 3, 1.0, 2.0, 1.0)
    with pytest.raises(ValueError, match="R"):
        params_thm5_12(20, 1.0, 1e308, 1.0)
    with pytest.raises(ValueError, match="L"):
        params_eq19(10000, 1e-5, 1.0, 3, 1e308, 1.0, mode="scaled", c=2.0)
    with pytest.raises(ValueError, match="C"):
        sigma_tree_corrected(1e308, 4, 1.0, 1e-5)
    with pytest.raises(ValueError, match="mode"):
        params_eq19(10000, 1e-5, 1.0, 3, 1.0, 1.0, mode=np.zeros(2))


def test_steps_validate_their_scalars():
    x = np.array([0.1, 0.2]); z = np.zeros(2); g = np.ones(2)
    for kw, name in ((dict(beta=math.inf), "beta"), (dict(beta=0.0), "beta"), (dict(eta_t=0.0), "eta_t"),
                     (dict(tau_next=-math.inf), "tau_next"), (dict(kappa_z=math.inf), "kappa_z")):
        args = dict(x_t=x, z_t=z, grad_t=g, b_t=z, eta_t=1.0, tau_next=0.5, beta=2.0, radius=1.0) | kw
        with pytest.raises(ValueError, match=name):
            linear_coupling_step(**args)
    with pytest.raises(ValueError, match="eta_t"):
        srg_update(np.zeros(2), np.ones(2), 0.0)


def test_algorithm_inputs_named():
    data = np.linspace(-1, 1, 12).reshape(4, 3)
    with pytest.raises(TypeError, match="data"):
        accelerated_dp_srgd(_g, None, T=2, B=2, beta=10.0, radius=1.0, p=3)
    with pytest.raises(ValueError, match="p"):
        accelerated_dp_srgd(_g, data, T=2, B=2, beta=10.0, radius=1.0, p=0)
    with pytest.raises(ValueError, match="clip"):
        accelerated_dp_srgd(_g, data, T=2, B=2, beta=10.0, radius=1.0, p=3, clip=-1.0)
    a = accelerated_dp_srgd(_g, data, T=2, B=2, beta=10.0, radius=1.0, p=3, clip=math.inf).y_T
    b = accelerated_dp_srgd(_g, data, T=2, B=2, beta=10.0, radius=1.0, p=3).y_T
    assert np.array_equal(a, b)                        # clip=inf: no clipping, as documented
    with pytest.raises(ValueError, match="variant"):
        tree_nodes(4, np.zeros(2))
