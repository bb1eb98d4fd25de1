"""Explicit lower-bound constants (004.lb.explicit_constants), the explicit packing law, and the input validation
added for issue 21 (pinned regressions of the fuzz findings of reference.heavy_tailed)."""
import math

import numpy as np
import pytest

from reference.heavy_tailed import distributions as D
from reference.heavy_tailed import lower_bounds as lb
from reference.heavy_tailed import mean_estimators as me
from reference.heavy_tailed import sco


@pytest.mark.parametrize("k", [2.0, 4.0, 16.0])
@pytest.mark.parametrize("d", [32, 64, 512])
def test_explicit_constants_bound_the_fano_values(k, d):
    g = (k - 1) / k
    for n in (1, 100, 10 ** 6):
        for eps in (1e-3, 1.0, 1e3):
            p = lb.explicit_p(n, d, "pure", eps)
            rate = math.sqrt(d) * min(1.0, d / (eps * n)) ** g
            assert lb.lb_mean_pure_at(p, n, d, k, eps) >= lb.explicit_constant(k, "pure") * rate * (1 - 1e-12)
        for rho in (1e-6, 1e-2, lb.CDP_RHO_OVER_D_MAX * d):
            p = lb.explicit_p(n, d, "cdp", rho)
            rate = math.sqrt(d) * min(1.0, math.sqrt(d) / (math.sqrt(rho) * n)) ** g
            assert lb.lb_mean_cdp_at(p, n, d, k, rho) >= lb.explicit_constant(k, "cdp") * rate * (1 - 1e-12)


def test_packing_distribution_null_point_and_moment():
    nu = np.array([1, 0, 1, 0, 1, 0, 1, 0])
    for k in (2.0, 5.0):
        for p in (1e-3, 0.3, 1.0):
            atoms, w = lb.packing_distribution(nu, p, k)
            assert np.all(atoms[0] == 0) and math.isclose(w[0], 1 - p)       # the null point 0 with mass 1-p
            mu = w @ atoms
            assert np.allclose(mu, lb.packing_mean(nu, p, k))
            assert np.all(w @ np.abs(atoms - mu) ** k <= 1 + 1e-12)
    with pytest.raises(ValueError, match="nu"):
        lb.packing_distribution(np.array([0.5, 1.0]), 0.1, 2.0)


def test_fuzz_regressions_raise_clear_errors():
    assert D.clip_bias_bound_corrected(1e308, 10.0, 1.0) == 0.0               # was OverflowError
    assert D.clip_bias_bound_corrected(1.0, 10.0, 1.0) == 1.0
    with pytest.raises(ValueError, match="tau"):
        D.clip_bias_bound_paper(2, 0.0)                                      # was ZeroDivisionError
    with pytest.raises(ValueError, match="k"):
        D.clip_bias_bound_paper(1e308, 1.0)                                  # beyond the float range: named
    law = D.three_point(3, 1e308)                                            # was OverflowError
    assert np.all(law.sample(np.random.default_rng(0), 5, 2) == 0)
    with pytest.raises(ValueError, match="gamma"):
        D.student_t(3, gamma=math.inf)
    with pytest.raises(ValueError, match="k"):
        lb.gaussian_abs_moment(1e308)
    with pytest.raises(ValueError, match="lnM"):
        lb.lb_mean_cdp_at(0.1, 100, 64, 2, 1.0, lnM=0.0)
    with pytest.raises(TypeError, match="kl_is_per_sample"):
        lb.cdp_fano_rhs(1.0, 64, 50, 0.2, 0.05, kl_is_per_sample="yes")
    with pytest.raises(ValueError, match="beta"):
        me.cwme(np.zeros((10, 1)), 10.0, -1.0, m=2)                          # beta was ignored when m is given
    with pytest.raises(TypeError, match="noise"):
        me.cdp_nsme(np.zeros((4, 1)), 1.0, 5.0, noise=True)
    with pytest.raises(ValueError, match="R"):
        sco.params_thm5_5(20, 3, 0.5, 2.0, 1e308)                            # was OverflowError
    with pytest.raises(ValueError, match="L"):
        sco.params_thm5_7(300, 2, 2, 1.0, 1.0, 1e308)                        # was ZeroDivisionError / OverflowError
    with pytest.raises(TypeError, match="scaled"):
        sco.params_thm5_2(10000, 2, 2, 1.0, 1.0, 1.0, scaled=None)
    with pytest.raises(ValueError, match="radius"):
        sco.ball_projection(np.zeros(2), math.inf)
    assert float(me.psi_mp(-math.inf, 1.0)) == pytest.approx(-me.psi_sup(1.0))


def test_scoparams_validation_keeps_underflowed_beta():
    P = sco.params_thm5_2(10 ** 6, 16, 2, 1.0, 2.0, 1.0)                     # the paper's beta underflows to 0.0
    assert P.beta == 0.0 and P.m > 1000
    with pytest.raises(ValueError, match="mode"):
        sco.SCOParams("x", 3, 0.1, 10.0, "concave")
