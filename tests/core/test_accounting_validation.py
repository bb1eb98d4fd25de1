"""Bad input and extremes for every exported function of reference.core.accounting (issue 20, item 4).

* wrong types (bool, string, None) are TypeErrors naming the parameter (the rules of reference.core.validation);
* NaN and out-of-range values are ValueErrors naming the parameter, the value and the allowed range;
* large RDP orders are refused clearly (exact sums) or bounded in time independent of the order (DP-SGD routes);
* extreme eps / delta come back in log space or as a valid bound: no overflow, no (-inf, inf), no silent 0.0.
Spec: core.acct.validation.
"""
from __future__ import annotations

import math
import time
from fractions import Fraction

import pytest

from reference.core import accounting as A

NAN = float("nan")

# (function, good keyword arguments, names of its scalar numeric parameters)
SCALAR = [
    (A.gaussian_delta, dict(epsilon=1.0, sigma=1.0, sensitivity=1.0), ["epsilon", "sigma", "sensitivity"]),
    (A.gaussian_sigma, dict(epsilon=1.0, delta=1e-5, sensitivity=1.0), ["epsilon", "delta", "sensitivity", "rel_tol"]),
    (A.gaussian_epsilon, dict(delta=1e-5, sigma=1.0, sensitivity=1.0), ["delta", "sigma", "sensitivity", "rel_tol"]),
    (A.gdp_delta, dict(epsilon=1.0, mu=1.0), ["epsilon", "mu"]),
    (A.gdp_mu, dict(epsilon=1.0, delta=1e-5), ["epsilon", "delta"]),
    (A.zcdp_gaussian, dict(sigma=1.0, sensitivity=1.0), ["sigma", "sensitivity"]),
    (A.dp_to_zcdp, dict(epsilon=1.0), ["epsilon"]),
    (A.zcdp_to_dp, dict(rho=0.1, delta=1e-5), ["rho", "delta"]),
    (A.rdp_gaussian, dict(alpha=2.0, sigma=1.0, sensitivity=1.0), ["alpha", "sigma", "sensitivity"]),
    (A.rdp_laplace, dict(alpha=2.0, b=1.0, sensitivity=1.0), ["alpha", "b", "sensitivity"]),
    (A.rdp_subsampled_gaussian, dict(alpha=2, q=0.1, sigma=1.0), ["alpha", "q", "sigma"]),
    (A.rdp_subsampled_gaussian_bound, dict(alpha=2, q=0.1, sigma=1.0), ["alpha", "q", "sigma"]),
    (A.rdp_subsampled_gaussian_arb, dict(orders=[2, 3], q=0.1, sigma=1.0), ["q", "sigma"]),
    (A.dpsgd_rdp, dict(q=0.1, sigma=1.0, steps=10, orders=[2, 3]), ["q", "sigma", "steps"]),
    (A.dpsgd_epsilon, dict(q=0.1, sigma=1.0, steps=10, delta=1e-5, orders=[2, 3]), ["q", "sigma", "steps", "delta"]),
    (A.rdp_to_dp, dict(alphas=[2.0], rdps=[1.0], delta=1e-5), ["delta"]),
    (A.rdp_to_dp_delta, dict(alphas=[2.0], rdps=[1.0], epsilon=1.0), ["epsilon"]),
    (A.compose_advanced, dict(epsilon=0.1, delta=1e-6, k=10, delta_prime=1e-5), ["epsilon", "delta", "k", "delta_prime"]),
    (A.compose_optimal_homogeneous, dict(epsilon=0.1, delta=1e-6, k=10, delta_total=1e-4),
     ["epsilon", "delta", "k", "delta_total"]),
    (A.compose_optimal_homogeneous_delta, dict(epsilon=0.1, delta=1e-6, k=10, epsilon_total=0.5),
     ["epsilon", "delta", "k", "epsilon_total"]),
    (A.group_privacy, dict(epsilon=0.1, delta=1e-6, k=3), ["epsilon", "delta", "k"]),
    (A.amplify_poisson, dict(epsilon=1.0, delta=1e-6, q=0.1), ["epsilon", "delta", "q"]),
    (A.amplify_without_replacement, dict(epsilon=1.0, delta=1e-6, m=5, n=10), ["epsilon", "delta", "m", "n"]),
    (A.tv_to_dp, dict(epsilon=1.0, delta=1e-6, eta=1e-3), ["epsilon", "delta", "eta"]),
    (A.approx_rdp_to_dp, dict(alpha=2.0, epsilon=1.0, delta=1e-6, delta_prime=1e-5),
     ["alpha", "epsilon", "delta", "delta_prime"]),
    (A.rdp_mixture_bdrs18, dict(alpha=2.0, tau=0.1, s=0.01), ["alpha", "tau", "s"]),
    (A.dpsgd_epsilon_bracket, dict(q=0.01, sigma=1.0, T=10, delta=1e-5), ["q", "sigma", "T", "delta"]),
    (A.dpsgd_delta_bracket, dict(q=0.01, sigma=1.0, T=10, epsilon=1.0), ["q", "sigma", "T", "epsilon"]),
    (A.SubsampledGaussianPair, dict(q=0.01, sigma=1.0, sensitivity=1.0), ["q", "sigma", "sensitivity"]),
    (A.LaplacePair, dict(b=1.0, sensitivity=1.0), ["b", "sensitivity"]),
    (A.randomized_response_pair, dict(epsilon=1.0), ["epsilon"]),
]
CASES = [(fn, good, p) for fn, good, ps in SCALAR for p in ps]
IDS = [f"{fn.__name__}-{p}" for fn, _, p in CASES]


@pytest.mark.parametrize("fn,good,param", CASES, ids=IDS)
def test_wrong_type_is_type_error(fn, good, param):
    for bad in (True, "1", None):
        kw = dict(good)
        kw[param] = bad
        with pytest.raises(TypeError, match=param):
            fn(**kw)


@pytest.mark.parametrize("fn,good,param", CASES, ids=IDS)
def test_nan_is_value_error_naming_range(fn, good, param):
    kw = dict(good)
    kw[param] = NAN
    with pytest.raises(ValueError, match=param) as ei:
        fn(**kw)
    assert "nan" in str(ei.value)


# out-of-range values: the message names the parameter, its value and the allowed range
RANGE = [
    (A.dpsgd_rdp, dict(q=0.1, sigma=1.0, steps=10, orders=[2]), "q", 2.0, "(0, 1]"),
    (A.dpsgd_rdp, dict(q=0.1, sigma=1.0, steps=10, orders=[2]), "sigma", -1.0, "(0, inf)"),
    (A.dpsgd_rdp, dict(q=0.1, sigma=1.0, steps=10, orders=[2]), "orders", [0], "orders[0]"),
    (A.dpsgd_rdp, dict(q=0.1, sigma=1.0, steps=10, orders=[2]), "orders", [1], "orders[0]"),
    (A.dpsgd_rdp, dict(q=0.1, sigma=1.0, steps=10, orders=[2]), "orders", [-3], "orders[0]"),
    (A.dpsgd_rdp, dict(q=0.1, sigma=1.0, steps=10, orders=[2]), "steps", 0, ">= 1"),
    (A.rdp_subsampled_gaussian_arb, dict(orders=[2], q=0.1, sigma=1.0), "q", 2.0, "(0, 1]"),
    (A.rdp_subsampled_gaussian_arb, dict(orders=[2], q=0.1, sigma=1.0), "sigma", -1.0, "(0, inf)"),
    (A.rdp_subsampled_gaussian_arb, dict(orders=[2], q=0.1, sigma=1.0), "orders", [1.5], "orders[0]"),
    (A.rdp_subsampled_gaussian_arb, dict(orders=[2], q=0.1, sigma=1.0), "orders", [5000], "4096"),
    (A.rdp_subsampled_gaussian, dict(alpha=2, q=0.1, sigma=1.0), "alpha", 2e4, "4096"),
    (A.dpsgd_epsilon, dict(q=0.1, sigma=1.0, steps=10, delta=1e-5), "method", "fast", "method"),
    (A.dpsgd_epsilon_bracket, dict(q=0.01, sigma=1.0, T=10, delta=1e-5), "T", 0, ">= 1"),
    (A.dpsgd_epsilon_bracket, dict(q=0.01, sigma=1.0, T=10, delta=1e-5), "delta", 1.0, "(0, 1)"),
    (A.gaussian_epsilon, dict(delta=1e-5, sigma=1.0), "rel_tol", 0.5, "rel_tol"),
    (A.gdp_delta, dict(epsilon=1.0, mu=0.0), "method", "fast", "method"),
]


@pytest.mark.parametrize("fn,good,param,bad,frag", RANGE, ids=[f"{r[0].__name__}-{r[2]}-{r[3]}" for r in RANGE])
def test_out_of_range_is_value_error(fn, good, param, bad, frag):
    kw = dict(good)
    kw[param] = bad
    with pytest.raises(ValueError) as ei:
        fn(**kw)
    msg = str(ei.value)
    assert frag in msg and "got" in msg, msg


# ------------------------------------------------------------------------------------------------ large orders

def test_large_orders_bounded_in_time_or_refused():
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match="4096"):
        A.rdp_subsampled_gaussian(5000, 0.01, 1.0)
    r = A.dpsgd_rdp(0.01, 1.0, 10, [2e4, 1e6, 1e300])
    assert all(x.is_finite() for x in r[:2])
    e = A.dpsgd_epsilon(0.01, 1.0, 10, 1e-5, orders=[2, 2e4, 1e6])
    b = A.rdp_subsampled_gaussian_bound(1e6, 0.01, 1.0)
    assert math.isfinite(e) and e > 0 and b > 0
    assert time.perf_counter() - t0 < 5.0            # independent of the order (was minutes at 2e4)


def test_bound_is_above_exact_rdp():
    for a in (2, 7, 64):
        ex = A.rdp_subsampled_gaussian(a, 0.05, 0.8, method="certified")
        bd = A.rdp_subsampled_gaussian_bound(a, 0.05, 0.8, method="certified")
        assert ex.hi <= bd.lo
    assert math.isclose(A.rdp_subsampled_gaussian_bound(3, 1.0, 2.0), 3 / 8, rel_tol=1e-15)   # exact at q = 1


# ------------------------------------------------------------------------------------------------ extremes

@pytest.mark.parametrize("eps", [60.0, 1e3, 1e15, 1e100, 1e300])
def test_gaussian_delta_extreme_eps(eps):
    for method in ("exact", "float"):
        v = A.gaussian_delta(eps, 1.0, method=method)
        assert v == 5e-324                                # an upper bound below the float range, never 0.0
    iv = A.gaussian_delta(eps, 1.0, method="certified")
    assert iv.lo == 0.0 and iv.hi == 5e-324
    ld = A.gaussian_delta(eps, 1.0, log=True)
    lf = A.gaussian_delta(eps, 1.0, log=True, method="float")
    li = A.gaussian_delta(eps, 1.0, log=True, method="certified")
    assert math.isfinite(ld) and math.isfinite(lf) and math.isfinite(li.hi) and ld < 0
    assert li.lo <= ld <= li.hi
    if eps <= 1e100:                                      # log delta ~ -eps^2/2 representable: agrees to 1e-12
        assert abs(lf - ld) <= 1e-12 * abs(ld)
        a = eps - 0.5                                     # log delta = -a^2/2 - log(a sqrt(2 pi)) + O(1/a^2) + log(1 - ...)
        assert abs(ld + a * a / 2) <= 1e-9 * a * a + 2 * math.log(eps) + 5


def test_gaussian_log_delta_matches_direct_where_representable():
    for eps, s in [(0.5, 1.0), (3.0, 0.3), (30.0, 1.0), (5.0, 3.0)]:
        d = A.gaussian_delta(eps, s)
        assert math.isclose(A.gaussian_delta(eps, s, log=True), math.log(d), rel_tol=1e-13)
        assert math.isclose(A.gaussian_delta(eps, s, log=True, method="float"), math.log(d), rel_tol=1e-10)


def test_other_extremes_no_overflow():
    assert A.gdp_delta(1e300, 1.0) == 5e-324
    z = A.zcdp_to_dp(1e300, 1e-5)
    assert math.isfinite(z) and z >= 1e300
    assert A.zcdp_to_dp(1e-300, 1e-300) >= 0.0
    assert A.rdp_to_dp([1e300], [1.0], 1e-5) == 1.0
    assert A.rdp_to_dp_delta([2.0], [1.0], 1e300) == 5e-324
    assert A.hockey_stick_finite([0.5, 0.5], [0.25, 0.75], epsilon=1e300) == 0.0      # exact: e^eps q_i >= p_i


def test_exact_types_kept():
    """Fractions and mpf stay exact (reference.core.validation would round them to float)."""
    import mpmath
    assert A.rdp_mixture_bdrs18(Fraction(2), Fraction(1, 3), Fraction(1, 50)) > 0
    assert A.gaussian_delta(mpmath.mpf(1), Fraction(1, 3)) > 0
