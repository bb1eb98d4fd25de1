"""reference.core.validation (spec core.validation): every validator returns the converted value or raises
TypeError (wrong type) / ValueError (out of range) with a message naming the parameter."""
import math

import numpy as np
import pytest
from hypothesis import given, strategies as st

from reference.core import validation as V


@pytest.mark.parametrize("v", [1, 2.5, np.float32(0.5), np.int64(3), np.array(1.5)])
def test_real_accepts_numbers(v):
    assert V.real("x", v) == float(v)


@pytest.mark.parametrize("v", [True, np.bool_(False), "1", None, [1.0], 1 + 0j])
def test_real_rejects_non_numbers_with_type_error(v):
    with pytest.raises(TypeError, match="x must be a real number"):
        V.real("x", v)


def test_real_nan_and_inf():
    with pytest.raises(ValueError, match="x must be a real number, got nan"):
        V.real("x", float("nan"))
    with pytest.raises(ValueError, match="x must be finite"):
        V.real("x", math.inf)
    assert V.real("x", -math.inf, allow_inf=True) == -math.inf


def test_in_range_ends():
    assert V.in_range("p", 0.0, 0.0, 1.0) == 0.0
    with pytest.raises(ValueError, match=r"p must be in \(0, 1\]"):
        V.in_range("p", 0.0, 0.0, 1.0, lo_open=True)
    with pytest.raises(ValueError, match=r"p must be in \[0, 1\)"):
        V.in_range("p", 1.0, 0.0, 1.0, hi_open=True)
    with pytest.raises(ValueError):
        V.in_range("p", 2.0, 0.0, 1.0)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_positive_and_nonnegative_partition_the_reals(x):
    if x > 0:
        assert V.positive("eps", x) == x
    else:
        with pytest.raises(ValueError, match="eps must be > 0"):
            V.positive("eps", x)
    if x >= 0:
        assert V.nonnegative("delta", x) == x
    else:
        with pytest.raises(ValueError, match="delta must be >= 0"):
            V.nonnegative("delta", x)


def test_positive_inf_only_when_allowed():
    with pytest.raises(ValueError):
        V.positive("clip", math.inf)
    assert V.positive("clip", math.inf, allow_inf=True) == math.inf


def test_probability_ends():
    assert V.probability("q", 0.0) == 0.0 and V.probability("q", 1.0) == 1.0
    with pytest.raises(ValueError):
        V.probability("q", 0.0, allow_zero=False)
    with pytest.raises(ValueError):
        V.probability("q", 1.0, allow_one=False)
    with pytest.raises(ValueError):
        V.probability("q", 1.5)


@given(st.integers(min_value=-10 ** 6, max_value=10 ** 6))
def test_integer_accepts_integers_and_integral_floats(k):
    assert V.integer("n", k) == k
    assert V.integer("n", float(k)) == k
    if k >= 1:
        assert V.positive_int("n", k) == k
    else:
        with pytest.raises(ValueError, match="n must be an integer in"):
            V.positive_int("n", k)


def test_integer_rejects():
    with pytest.raises(ValueError, match="T must be an integer, got 2.5"):
        V.integer("T", 2.5)
    with pytest.raises(TypeError, match="bool"):
        V.integer("T", True)
    with pytest.raises(TypeError):
        V.integer("T", "3")
    with pytest.raises(ValueError, match=r"\[1, 5\]"):
        V.integer("T", 6, lo=1, hi=5)
    with pytest.raises(ValueError):
        V.integer("T", math.inf)


def test_vector_and_matrix():
    assert V.vector("w", [1, 2, 3], 3).dtype == float
    with pytest.raises(ValueError, match="w must have length 2"):
        V.vector("w", [1, 2, 3], 2)
    with pytest.raises(ValueError, match="finite"):
        V.vector("w", [1.0, np.nan])
    with pytest.raises(ValueError, match="empty"):
        V.vector("w", [])
    assert V.vector("w", [], allow_empty=True).size == 0
    with pytest.raises(ValueError, match="1-D"):
        V.vector("w", [[1.0]])
    with pytest.raises(TypeError):
        V.vector("w", "abc")
    assert V.matrix("X", [[1, 2], [3, 4]], (None, 2)).shape == (2, 2)
    with pytest.raises(ValueError, match="shape"):
        V.matrix("X", [[1, 2], [3, 4]], (3, None))
    with pytest.raises(ValueError, match="2-D"):
        V.matrix("X", [1, 2])
    with pytest.raises(ValueError, match="finite"):
        V.matrix("X", [[1, np.inf]])


def test_generator_and_choice():
    g = np.random.default_rng(0)
    assert V.generator("rng", g) is g
    assert V.generator("rng", None, allow_none=True) is None
    with pytest.raises(TypeError, match="rng must be a numpy.random.Generator"):
        V.generator("rng", np.random.RandomState(0))
    with pytest.raises(TypeError):
        V.generator("rng", None)
    assert V.choice("method", "a", ("a", "b")) == "a"
    with pytest.raises(ValueError, match="method must be one of"):
        V.choice("method", "c", ("a", "b"))
