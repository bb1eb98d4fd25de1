"""Property tests of reference.core.accounting (hypothesis, derandomized by tests/conftest.py).

Validation (every parameter, every kind of bad value, message names the parameter), monotonicity, composition
laws and round trips. Spec: specs/core.accounting.toml.
"""
from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reference.core import accounting as A

NAN, INF = float("nan"), float("inf")

pos = st.floats(min_value=1e-3, max_value=1e3, allow_nan=False, allow_infinity=False)
eps_st = st.floats(min_value=0.0, max_value=30.0, allow_nan=False)
delta_st = st.floats(min_value=1e-200, max_value=0.99, allow_nan=False)
sigma_st = st.floats(min_value=0.05, max_value=100.0, allow_nan=False)
q_st = st.floats(min_value=1e-6, max_value=1.0, allow_nan=False)

# (function, good keyword arguments, parameter, bad values)
NEG_ZERO_NAN_INF = [-1.0, 0.0, NAN, INF, -INF]
NEG_NAN_INF = [-1e-300, -1.0, NAN, INF, -INF]
PROB_OPEN = [0.0, 1.0, 1.5, -0.1, NAN, INF]
VALIDATION = [
    (A.gaussian_delta, dict(epsilon=1.0, sigma=1.0, sensitivity=1.0), "epsilon", NEG_NAN_INF),
    (A.gaussian_delta, dict(epsilon=1.0, sigma=1.0, sensitivity=1.0), "sigma", NEG_ZERO_NAN_INF),
    (A.gaussian_delta, dict(epsilon=1.0, sigma=1.0, sensitivity=1.0), "sensitivity", NEG_ZERO_NAN_INF),
    (A.gaussian_sigma, dict(epsilon=1.0, delta=1e-5, sensitivity=1.0), "epsilon", NEG_NAN_INF),
    (A.gaussian_sigma, dict(epsilon=1.0, delta=1e-5, sensitivity=1.0), "delta", PROB_OPEN),
    (A.gaussian_sigma, dict(epsilon=1.0, delta=1e-5, sensitivity=1.0), "sensitivity", NEG_ZERO_NAN_INF),
    (A.gaussian_epsilon, dict(delta=1e-5, sigma=1.0), "delta", PROB_OPEN),
    (A.gaussian_epsilon, dict(delta=1e-5, sigma=1.0), "sigma", NEG_ZERO_NAN_INF),
    (A.gdp_delta, dict(epsilon=1.0, mu=1.0), "epsilon", NEG_NAN_INF),
    (A.gdp_delta, dict(epsilon=1.0, mu=1.0), "mu", NEG_NAN_INF),
    (A.gdp_mu, dict(epsilon=1.0, delta=1e-5), "delta", PROB_OPEN),
    (A.gdp_mu, dict(epsilon=1.0, delta=1e-5), "epsilon", NEG_NAN_INF),
    (A.zcdp_gaussian, dict(sigma=1.0, sensitivity=1.0), "sigma", NEG_ZERO_NAN_INF),
    (A.zcdp_gaussian, dict(sigma=1.0, sensitivity=1.0), "sensitivity", NEG_ZERO_NAN_INF),
    (A.dp_to_zcdp, dict(epsilon=1.0), "epsilon", NEG_NAN_INF),
    (A.zcdp_to_dp, dict(rho=0.1, delta=1e-5), "rho", NEG_NAN_INF),
    (A.zcdp_to_dp, dict(rho=0.1, delta=1e-5), "delta", PROB_OPEN),
    (A.rdp_gaussian, dict(alpha=2.0, sigma=1.0), "alpha", [0.5, -1.0, NAN, INF]),
    (A.rdp_gaussian, dict(alpha=2.0, sigma=1.0), "sigma", NEG_ZERO_NAN_INF),
    (A.rdp_laplace, dict(alpha=2.0, b=1.0), "alpha", [0.5, -1.0, NAN]),
    (A.rdp_laplace, dict(alpha=2.0, b=1.0), "b", NEG_ZERO_NAN_INF),
    (A.rdp_laplace, dict(alpha=2.0, b=1.0, sensitivity=1.0), "sensitivity", NEG_ZERO_NAN_INF),
    (A.rdp_subsampled_gaussian, dict(alpha=2, q=0.1, sigma=1.0), "alpha", [1.0, 0.5, NAN, INF, 2e6]),
    (A.rdp_subsampled_gaussian, dict(alpha=2, q=0.1, sigma=1.0), "q", [0.0, -0.1, 1.5, NAN, INF]),
    (A.rdp_subsampled_gaussian, dict(alpha=2, q=0.1, sigma=1.0), "sigma", NEG_ZERO_NAN_INF),
    (A.rdp_to_dp, dict(alphas=[2.0], rdps=[1.0], delta=1e-5), "delta", PROB_OPEN),
    (A.dpsgd_epsilon, dict(q=0.01, sigma=1.0, steps=10, delta=1e-5), "q", [0.0, -0.1, 1.5, NAN]),
    (A.dpsgd_epsilon, dict(q=0.01, sigma=1.0, steps=10, delta=1e-5), "sigma", NEG_ZERO_NAN_INF),
    (A.dpsgd_epsilon, dict(q=0.01, sigma=1.0, steps=10, delta=1e-5), "steps", [0, -3, 1.5, NAN]),
    (A.dpsgd_epsilon, dict(q=0.01, sigma=1.0, steps=10, delta=1e-5), "delta", PROB_OPEN),
    (A.compose_advanced, dict(epsilon=0.1, delta=1e-6, k=10, delta_prime=1e-5), "epsilon", NEG_NAN_INF),
    (A.compose_advanced, dict(epsilon=0.1, delta=1e-6, k=10, delta_prime=1e-5), "delta", [-0.1, 1.5, NAN]),
    (A.compose_advanced, dict(epsilon=0.1, delta=1e-6, k=10, delta_prime=1e-5), "k", [0, -1, 2.5]),
    (A.compose_advanced, dict(epsilon=0.1, delta=1e-6, k=10, delta_prime=1e-5), "delta_prime", PROB_OPEN),
    (A.compose_optimal_homogeneous, dict(epsilon=0.1, delta=1e-6, k=10, delta_total=1e-4), "delta_total", [-0.1, 1.0, NAN]),
    (A.group_privacy, dict(epsilon=0.1, delta=1e-6, k=3), "k", [0, -2]),
    (A.amplify_poisson, dict(epsilon=1.0, delta=1e-6, q=0.1), "q", [0.0, -0.1, 1.5, NAN]),
    (A.amplify_poisson, dict(epsilon=1.0, delta=1e-6, q=0.1), "epsilon", NEG_NAN_INF),
    (A.amplify_without_replacement, dict(epsilon=1.0, delta=1e-6, m=5, n=10), "m", [0, 11]),
    (A.amplify_without_replacement, dict(epsilon=1.0, delta=1e-6, m=5, n=10), "n", [0, -1]),
    (A.tv_to_dp, dict(epsilon=1.0, delta=1e-6, eta=1e-3), "eta", [-0.1, 1.5, NAN]),
    (A.approx_rdp_to_dp, dict(alpha=2.0, epsilon=1.0, delta=1e-6, delta_prime=1e-5), "alpha", [1.0, 0.5, NAN, INF]),
    (A.approx_rdp_to_dp, dict(alpha=2.0, epsilon=1.0, delta=1e-6, delta_prime=1e-5), "delta_prime", PROB_OPEN),
    (A.rdp_mixture_bdrs18, dict(alpha=2.0, tau=0.1, s=0.01), "s", [0.0, 0.025, 0.5, NAN]),
    (A.rdp_mixture_bdrs18, dict(alpha=2.0, tau=0.1, s=0.01), "tau", [0.0, 0.34, NAN]),
    (A.rdp_mixture_bdrs18, dict(alpha=2.0, tau=0.1, s=0.01), "alpha", [1.0, 30.0, NAN]),
]


@pytest.mark.parametrize("fn,good,param,bads", VALIDATION,
                         ids=[f"{v[0].__name__}-{v[2]}" for v in VALIDATION])
@settings(max_examples=10)
@given(data=st.data())
def test_validation_errors(fn, good, param, bads, data):
    bad = data.draw(st.sampled_from(bads))
    kw = dict(good)
    kw[param] = bad
    with pytest.raises(ValueError, match=param):
        fn(**kw)


def test_validation_non_numbers_and_methods():
    # wrong types are TypeErrors (the rules of reference.core.validation: a bool or a string is not a number)
    with pytest.raises(TypeError, match="sigma"):
        A.gaussian_delta(1.0, "1")
    with pytest.raises(TypeError, match="epsilon"):
        A.gaussian_delta(True, 1.0)
    with pytest.raises(ValueError, match="method"):
        A.gaussian_delta(1.0, 1.0, method="fast")
    with pytest.raises(ValueError, match="dps"):
        A.gaussian_delta(1.0, 1.0, dps=2)
    with pytest.raises(ValueError, match="rdps"):
        A.rdp_to_dp([2.0, 3.0], [1.0], 1e-5)
    with pytest.raises(ValueError, match="mus"):
        A.gdp_compose([])
    with pytest.raises(ValueError, match=r"mus\[1\]"):
        A.gdp_compose([1.0, -1.0])
    with pytest.raises(ValueError, match=r"orders\[0\]"):
        A.dpsgd_epsilon(0.01, 1.0, 10, 1e-5, orders=[1.0, 2.0])
    with pytest.raises(ValueError, match="delta_total"):   # below 1 - (1-delta)^k: no eps_g works
        A.compose_optimal_homogeneous(0.1, 0.01, 10, 0.05)
    with pytest.raises(ValueError, match="p must sum"):
        A.hockey_stick_finite([Fraction(1, 2), Fraction(1, 3)], [Fraction(1, 2), Fraction(1, 2)], exp_epsilon=1)
    with pytest.raises(ValueError, match="exactly one"):
        A.hockey_stick_finite([1], [1])


# ------------------------------------------------------------------------------------------
# monotonicity
# ------------------------------------------------------------------------------------------

@given(e1=eps_st, e2=eps_st, s1=sigma_st, s2=sigma_st)
def test_gaussian_delta_monotone(e1, e2, s1, s2):
    """delta(eps; sigma) is non-increasing in eps and in sigma (compared with certified enclosures)."""
    lo_e, hi_e = sorted((e1, e2))
    lo_s, hi_s = sorted((s1, s2))
    a = A.gaussian_delta(lo_e, lo_s, method="certified")
    b = A.gaussian_delta(hi_e, lo_s, method="certified")
    c = A.gaussian_delta(lo_e, hi_s, method="certified")
    assert b.lo <= a.hi and c.lo <= a.hi
    assert 0.0 <= a.lo <= a.hi <= 1.0


@given(e=eps_st, s=sigma_st)
def test_gaussian_delta_float_path(e, s):
    exact = A.gaussian_delta(e, s)
    fast = A.gaussian_delta(e, s, method="float")
    iv = A.gaussian_delta(e, s, method="certified")
    assert iv.lo <= exact <= iv.hi
    if exact > 1e-300:
        assert abs(fast - exact) <= 1e-9 * exact + 1e-300


@settings(max_examples=30)
@given(e1=st.floats(0.0, 20.0), e2=st.floats(0.0, 20.0), d1=delta_st, d2=delta_st)
def test_sigma_monotone(e1, e2, d1, d2):
    """sigma(eps, delta) is non-increasing in eps and in delta."""
    lo_e, hi_e = sorted((e1, e2))
    lo_d, hi_d = sorted((d1, d2))
    s = A.gaussian_sigma(lo_e, lo_d)
    assert A.gaussian_sigma(hi_e, lo_d) <= s * (1 + 1e-12)
    assert A.gaussian_sigma(lo_e, hi_d) <= s * (1 + 1e-12)


@settings(max_examples=30)
@given(e=st.floats(0.0, 20.0), d=delta_st, sens=st.floats(0.01, 100.0))
def test_sigma_round_trip(e, d, sens):
    """gaussian_delta(eps, gaussian_sigma(eps, delta)) <= delta, and just below sigma it is > delta."""
    br = A.gaussian_sigma(e, d, sens, return_bracket=True)
    assert br.lo <= br.hi <= br.lo * (1 + 2e-13)
    assert A.gaussian_delta(e, br.hi, sens, method="certified").hi <= d * (1 + 1e-12)
    assert A.gaussian_delta(e, br.hi * (1 - 1e-9), sens, method="certified").lo > d


@settings(max_examples=30)
@given(e=st.floats(0.0, 20.0), d=delta_st)
def test_gdp_round_trip(e, d):
    mu = A.gdp_mu(e, d)
    assert A.gdp_delta(e, mu) <= d * (1 + 1e-12)
    assert A.gdp_delta(e, mu * (1 + 1e-9)) > d


@settings(max_examples=25)
@given(r1=st.floats(1e-6, 50.0), r2=st.floats(1e-6, 50.0), d1=delta_st, d2=delta_st)
def test_zcdp_to_dp_monotone(r1, r2, d1, d2):
    lo_r, hi_r = sorted((r1, r2))
    lo_d, hi_d = sorted((d1, d2))
    for m in ("standard", "cks"):
        assert A.zcdp_to_dp(lo_r, lo_d, method=m) <= A.zcdp_to_dp(hi_r, lo_d, method=m) * (1 + 1e-9) + 1e-12
        assert A.zcdp_to_dp(lo_r, hi_d, method=m) <= A.zcdp_to_dp(lo_r, lo_d, method=m) * (1 + 1e-9) + 1e-12
    assert A.zcdp_to_dp(lo_r, lo_d) <= A.zcdp_to_dp(lo_r, lo_d, method="standard")


# ------------------------------------------------------------------------------------------
# composition laws
# ------------------------------------------------------------------------------------------

mus_st = st.lists(st.floats(0.0, 10.0), min_size=1, max_size=8)


@given(a=mus_st, b=mus_st, perm=st.randoms(use_true_random=False))
def test_gdp_compose_laws(a, b, perm):
    whole = A.gdp_compose(a + b)
    nested = A.gdp_compose([A.gdp_compose(a), A.gdp_compose(b)])
    shuffled = list(a + b)
    perm.shuffle(shuffled)
    assert math.isclose(whole, nested, rel_tol=1e-15, abs_tol=1e-300)
    assert whole == A.gdp_compose(shuffled)
    assert whole >= max(a + b)


@given(rs=st.lists(st.floats(0.0, 100.0), min_size=1, max_size=10))
def test_zcdp_compose_additive(rs):
    tot = A.zcdp_compose(rs)
    assert tot >= math.fsum(rs) and tot <= math.fsum(rs) * (1 + 1e-15) + 1e-300
    assert math.isclose(A.zcdp_compose([A.zcdp_compose(rs[: len(rs) // 2] or [0.0]), A.zcdp_compose(rs[len(rs) // 2:])]),
                        tot, rel_tol=1e-15, abs_tol=1e-300)


@given(s1=sigma_st, s2=sigma_st, k=st.integers(0, 5))
def test_rdp_compose_laws(s1, s2, k):
    orders = [1.5, 2, 8, 64]
    c1 = [A.rdp_gaussian(a, s1) for a in orders]
    c2 = [A.rdp_gaussian(a, s2) for a in orders]
    got = A.rdp_compose([c1, c2], counts=[k, 1])
    assert got == A.rdp_compose([c2, c1], counts=[1, k])
    for g, a in zip(got, orders):    # Gaussians: RDP composition = Gaussian with 1/s^2 = k/s1^2 + 1/s2^2
        assert math.isclose(g, a * (k / s1 ** 2 + 1 / s2 ** 2) / 2, rel_tol=1e-13)


pair_st = st.tuples(st.floats(0.0, 5.0), st.floats(0.0, 0.1))


@given(ps=st.lists(pair_st, min_size=1, max_size=6), perm=st.randoms(use_true_random=False))
def test_compose_basic_laws(ps, perm):
    e, d = A.compose_basic(ps)
    assert e >= math.fsum(p[0] for p in ps) and d >= min(1.0, math.fsum(p[1] for p in ps))
    q = list(ps)
    perm.shuffle(q)
    assert (e, d) == A.compose_basic(q)
    e2, d2 = A.compose_basic([A.compose_basic(ps[:1]), A.compose_basic(ps[1:])]) if len(ps) > 1 else (e, d)
    assert math.isclose(e, e2, rel_tol=1e-14, abs_tol=1e-300) and math.isclose(d, d2, rel_tol=1e-14, abs_tol=1e-300)
    pe, pd = A.parallel_compose(ps)
    assert pe <= e and pd <= d


@given(s=st.floats(0.3, 20.0), d=st.floats(1e-12, 0.1))
def test_rdp_to_dp_improved_le_mironov(s, d):
    orders = [1.5, 2, 3, 4, 8, 16, 32, 64, 128]
    rdps = [A.rdp_gaussian(a, s) for a in orders]
    e_m = A.rdp_to_dp(orders, rdps, d, method="mironov")
    e_i = A.rdp_to_dp(orders, rdps, d)
    iv = A.rdp_to_dp(orders, rdps, d, certified=True)
    assert e_i <= e_m
    assert iv.lo <= e_i <= iv.hi
    # both are valid: the exact delta of the Gaussian at those eps is <= d
    assert A.gaussian_delta(e_i, s, method="certified").hi <= d


@given(e=st.floats(0.0, 3.0), d=st.floats(0.0, 1e-3), k=st.integers(1, 50), dp=st.floats(1e-9, 1e-2))
@settings(max_examples=25)
def test_optimal_le_advanced(e, d, k, dp):
    ea, dt = A.compose_advanced(e, d, k, dp)
    assume(dt < 1)
    assert A.compose_optimal_homogeneous(e, d, k, dt) <= min(ea, k * e) * (1 + 1e-12) + 1e-15


def test_group_and_amplification_values():
    assert A.group_privacy(0.0, 0.01, 5) == (0.0, 0.05)
    e, d = A.group_privacy(1.0, 1e-6, 3)
    assert e == 3.0 and math.isclose(d, 1e-6 * (1 + math.e + math.e ** 2), rel_tol=1e-15)
    e, d = A.amplify_poisson(1.0, 1e-5, 1.0)
    assert math.isclose(e, 1.0, rel_tol=1e-15) and math.isclose(d, 1e-5, rel_tol=1e-15)
    e, d = A.amplify_without_replacement(2.0, 1e-5, 1, 4)
    assert math.isclose(e, math.log1p(math.expm1(2.0) / 4), rel_tol=1e-15)
    assert A.tv_to_dp(0.0, 0.0, 0.1) == (0.0, 0.2)


# ------------------------------------------------------------------------------------------
# sampled Gaussian / DP-SGD
# ------------------------------------------------------------------------------------------

@given(q=q_st, s=st.floats(0.3, 10.0), a=st.integers(2, 64))
def test_sgm_monotone_and_limits(q, s, a):
    v = A.rdp_subsampled_gaussian(a, q, s)
    assert 0 <= v <= A.rdp_gaussian(a, s) * (1 + 1e-12)   # subsampling never hurts
    assert A.rdp_subsampled_gaussian(a + 1, q, s) >= v * (1 - 1e-12)   # D_alpha non-decreasing in alpha
    frac = A.rdp_subsampled_gaussian(a + 0.5, q, s)
    assert v * (1 - 1e-12) <= frac <= A.rdp_subsampled_gaussian(a + 1, q, s) * (1 + 1e-12)


def test_sgm_q1_is_gaussian():
    for a in (2, 3, 17, 256):
        assert math.isclose(A.rdp_subsampled_gaussian(a, 1.0, 2.0), a / 8, rel_tol=1e-15)


def test_dpsgd_certified_contains_float():
    v = A.dpsgd_epsilon(0.01, 1.0, 1000, 1e-5)
    iv = A.dpsgd_epsilon(0.01, 1.0, 1000, 1e-5, certified=True)
    assert iv.lo <= v <= iv.hi and iv.width < 1e-12
    assert A.dpsgd_epsilon(0.01, 1.0, 1000, 1e-5, method="mironov") >= v


def test_hockey_stick_finite_exact():
    P = [Fraction(1, 2), Fraction(1, 2)]
    Q = [Fraction(1, 4), Fraction(3, 4)]
    assert A.hockey_stick_finite(P, Q, exp_epsilon=1) == Fraction(1, 4)
    assert A.hockey_stick_finite(P, Q, exp_epsilon=2) == Fraction(0)
    assert A.hockey_stick_finite(Q, P, exp_epsilon=Fraction(1, 1)) == Fraction(1, 4)


def test_hockey_stick_density_gaussian():
    p = lambda x: mpmath.npdf(x, 1, 1)  # noqa: E731
    q = lambda x: mpmath.npdf(x, 0, 1)  # noqa: E731
    assert math.isclose(A.hockey_stick_density(p, q, 1.0, breakpoints=[1.5], dps=20), A.gaussian_delta(1.0, 1.0),
                        rel_tol=1e-12)
