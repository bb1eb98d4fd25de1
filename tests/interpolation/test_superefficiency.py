"""ST-27 harness for Prop 4 (spec 001.prop4): modulus, inverse-sensitivity stand-in, exhaustive neighbourhoods."""
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from reference.interpolation.superefficiency import (expected_error, hamming, mechanism_pmf, minimiser, modulus,
                                                     neighbourhood, prop4_instance, sample_mechanism, sensitivity_len)

GRID = [Fraction(i, 10) for i in range(-10, 11)]
points = st.integers(-8, 8).map(lambda k: Fraction(k, 8))
datasets = st.lists(points, min_size=2, max_size=6)


def test_modulus_exact_and_bounds():
    assert minimiser([0, 0, 1, 1]) == Fraction(1, 2)
    assert modulus([0] * 5, 2) == (Fraction(2, 5), Fraction(2, 5), Fraction(2, 5))
    assert modulus([1] * 5, 2) == (Fraction(0), Fraction(4, 5), Fraction(4, 5))        # boundary: only downwards
    assert modulus([0, 0, 1, -1], 1) == (Fraction(1, 2), Fraction(1, 2), Fraction(1, 2))
    assert modulus([0] * 3, 7)[2] == 1                                                 # r is capped at n


@settings(max_examples=60, deadline=None)
@given(datasets, st.integers(0, 6))
def test_modulus_is_attained_and_in_band(c, r):
    n, r = len(c), min(r, len(c))
    wp, wm, w = modulus(c, r)
    assert Fraction(r, n) <= w <= Fraction(2 * r, n)                                   # D h/n <= omega <= 2 D h/n
    # attained by replacing the r smallest points by D (and the r largest by -D)
    s = sorted(c)
    assert minimiser(s[r:] + [1] * r) - minimiser(c) == wp
    assert minimiser(c) - minimiser(s[:n - r] + [-1] * r) == wm


@settings(max_examples=60, deadline=None)
@given(datasets, st.integers(0, 100), points)
def test_len_is_hamming_distance_and_lipschitz(c, j, v):
    lens = sensitivity_len(c, GRID)
    x = minimiser(c)
    for t, l in zip(GRID, lens):
        wp, wm, _ = modulus(c, int(l))
        assert x - wm <= t <= x + wp                                                    # reachable with len points
        if l > 0:
            wp1, wm1, _ = modulus(c, int(l) - 1)
            assert not (x - wm1 <= t <= x + wp1)                                        # and not with fewer
    c2 = list(c)
    c2[j % len(c)] = v
    assert np.abs(sensitivity_len(c2, GRID) - lens).max() <= 1                          # 1-Lipschitz in Hamming


@settings(max_examples=40, deadline=None)
@given(datasets, st.integers(0, 100), points, st.sampled_from([0.1, 1.0, 5.0]), st.sampled_from([0.0, 3.0, 30.0]))
def test_mechanism_is_eps_dp(c, j, v, eps, logw):
    prior = [math.exp(logw) if t == 0 else 1.0 for t in GRID]
    c2 = list(c)
    c2[j % len(c)] = v
    p, q = mechanism_pmf(c, GRID, eps, prior=prior), mechanism_pmf(c2, GRID, eps, prior=prior)
    assert np.all(p <= math.exp(eps) * q * (1 + 1e-12)) and np.all(q <= math.exp(eps) * p * (1 + 1e-12))


def test_expected_error_float_matches_mpmath():
    c = [Fraction(1, 4), Fraction(-1, 2), 0, 1]
    for eps in (0.05, 1.0, 20.0):
        e64 = expected_error(c, GRID, eps)
        emp = expected_error(c, GRID, mpmath.mpf(eps), dps=50)
        assert abs(e64 - float(emp)) <= 1e-12 * max(1.0, float(emp))


def test_sampler_oracle_mode_and_law():
    rng = np.random.default_rng(7)
    c = [0, 0, Fraction(1, 2), 1]
    u = rng.random(20000)
    a = sample_mechanism(c, GRID, 1.0, rng, draws=u)
    b = sample_mechanism(c, GRID, 1.0, np.random.default_rng(99), draws=u)
    assert np.array_equal(a, b)                                                         # same draws: bit-identical
    fresh = sample_mechanism(c, GRID, 1.0, np.random.default_rng(3), size=20000)
    x = float(minimiser(c))
    exact = expected_error(c, GRID, 1.0)
    # Hoeffding on |M - x*| in [0, 2]: false-failure <= 1e-6
    rad = 2 * math.sqrt(math.log(2 / 1e-6) / (2 * 20000))
    assert abs(np.abs(fresh - x).mean() - exact) <= rad


def test_neighbourhood_exhaustive_and_hamming():
    nb = neighbourhood([0, 0, 0], 2, [-1, 1])
    # multisets of size 3 over {-1,0,1} with >= 1 zero: 10 - 4 = 6 (the 4 all-nonzero ones need 3 replacements)
    assert len(nb) == 6 and max(nb.values()) == 2
    assert all(d == 3 - k.count(0) for k, d in nb.items())
    assert hamming([0, 1, 1], [1, 0, -1]) == 1


@settings(max_examples=8, deadline=None)
@given(st.lists(st.integers(-4, 4).map(lambda k: Fraction(k, 4)), min_size=3, max_size=4),
       st.sampled_from([0.2, 0.5, 1.5]), st.sampled_from([2.0, 6.0, 20.0]))
def test_prop4_conclusion_random_instances(c, eps, logw):
    grid = [Fraction(i, 8) for i in range(-8, 9)]
    anchor = min(grid, key=lambda t: abs(t - minimiser(c)))
    prior = [math.exp(logw) if t == anchor else 1.0 for t in grid]
    r = prop4_instance(c, eps, grid=grid, prior=prior, values=[-1, 0, 1])
    for row in r["rows"]:
        assert row["ratio_S"] >= 1 / (2 * (math.e + 1)) - 1e-12                          # proved constant
        assert row["ratio_Sp"] >= 1 / 16


def test_bad_inputs():
    with pytest.raises(ValueError, match="D must be"):
        minimiser([0], D=0)
    with pytest.raises(ValueError, match=r"c_j must lie in \[-D, D\]"):
        modulus([2], 1)
    with pytest.raises(ValueError, match="r must be"):
        modulus([0], -1)
    with pytest.raises(ValueError, match="eps must be"):
        mechanism_pmf([0], GRID, 0)
    with pytest.raises(ValueError, match="prior"):
        mechanism_pmf([0], GRID, 1.0, prior=[0] * len(GRID))
    with pytest.raises(ValueError, match="grid points"):
        sensitivity_len([0], [Fraction(3, 2)])
    with pytest.raises(ValueError, match="same size"):
        hamming([0], [0, 1])


def test_minimax_lp_bounds_every_mechanism():
    """The LP optimum is a min over all eps-DP mechanisms: it lies below the stand-in's ratio (same Omega, same h,
    stand-in admissible at gamma_h) and above the proved constant 1/(2(e+1))."""
    from reference.interpolation.superefficiency import prop4_minimax_lp
    S, Om, eps = [0, 0, 0], [-1, 0, 1], 0.3
    grid = [Fraction(i, 20) for i in range(-20, 21)]
    prior = [math.exp(8.0) if t == 0 else 1.0 for t in grid]
    r = prop4_instance(S, eps, grid=grid, prior=prior, values=Om)
    assert r["admissible"] and r["rows"]
    for row in r["rows"]:
        h = row["h"]
        for rd, key in (("S", "ratio_S"), ("S'", "ratio_Sp")):
            lp = prop4_minimax_lp(S, eps, h, Om, reading=rd)
            assert lp["feasible"]
            assert r["gamma_min"] <= lp["gamma_h"]
            assert 1 / (2 * (math.e + 1)) - 1e-7 <= lp["z"] <= row[key] + 1e-7
    with pytest.raises(ValueError, match="reading"):
        prop4_minimax_lp(S, eps, 1, Om, reading="x")
    with pytest.raises(ValueError, match="h must be"):
        prop4_minimax_lp(S, eps, 9, Om)
