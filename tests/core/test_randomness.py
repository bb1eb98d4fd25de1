"""reference.core.randomness.Source (spec core.randomness): an rng or pre-drawn standard draws, validated by
stream name and shape; the pre-drawn path is bit-identical to the rng path given the draws the rng would make."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from reference.core.randomness import LAWS, Source


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(sorted(LAWS)), st.integers(1, 5), st.integers(1, 4))
def test_rng_path_is_numpy_and_replay_is_bit_identical(seed, law, a, b):
    src = Source(np.random.default_rng(seed), record=True)
    x = getattr(src, law)("z", (a, b))
    assert np.array_equal(x, LAWS[law](np.random.default_rng(seed), (a, b)))
    again = getattr(Source(None, src.drawn), law)("z", (a, b))
    assert np.array_equal(again, x)


def test_several_streams_in_order():
    g = np.random.default_rng(4)
    src = Source(g, record=True)
    u = src.uniform("u", (3,))
    z = src.normal("xi", (2, 2))
    h = np.random.default_rng(4)
    assert np.array_equal(u, h.random((3,))) and np.array_equal(z, h.standard_normal((2, 2)))
    rep = Source(None, {"u": u, "xi": z})
    assert np.array_equal(rep.uniform("u", (3,)), u) and np.array_equal(rep.normal("xi", (2, 2)), z)
    assert rep.unused() == []


def test_single_stream_array():
    src = Source(None, np.zeros(4), single="noise")
    assert src.predrawn
    assert np.array_equal(src.laplace("noise", (4,)), np.zeros(4))
    with pytest.raises(TypeError, match="mapping"):
        Source(None, np.zeros(4))


def test_shape_name_and_finiteness_errors_name_the_stream():
    with pytest.raises(ValueError, match=r"draws\['xi'\] must have shape \(3,\)"):
        Source(None, {"xi": np.zeros(2)}).normal("xi", (3,))
    with pytest.raises(ValueError, match="missing stream 'xi'"):
        Source(None, {"u": np.zeros(2)}).normal("xi", (2,))
    with pytest.raises(ValueError, match="finite"):
        Source(None, {"xi": np.array([0.0, np.inf])}).normal("xi", (2,))
    src = Source(None, {"xi": np.zeros(2)})
    src.normal("xi", (2,))
    with pytest.raises(ValueError, match="requested twice"):
        src.normal("xi", (2,))


def test_unused_streams_are_reported():
    src = Source(None, {"a": np.zeros(1), "b": np.zeros(1)})
    src.uniform("a", (1,))
    assert src.unused() == ["b"]


def test_rng_type_checked():
    with pytest.raises(TypeError, match="rng must be a numpy.random.Generator"):
        Source(np.random.RandomState(0))
    with pytest.raises(TypeError):
        Source(None, "draws")
    with pytest.raises(ValueError, match="law must be one of"):
        Source(np.random.default_rng(0))._take("z", "cauchy", (1,))
