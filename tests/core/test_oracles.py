"""Tests of reference.core.oracles: exact counting, depth, sample access, validation."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core.oracles import (GradientOracle, QueryCounter, SampleAccessOracle, StochasticGradientOracle,
                                    ValueOracle, draw_indices_with_replacement)


@given(st.lists(st.tuples(st.sampled_from(["call", "batch", "round"]), st.integers(0, 5)), max_size=20),
       st.booleans())
def test_counts_equal_number_of_calls(ops, vectorized):
    evals = []
    g = GradientOracle(lambda x: (evals.append(1 if np.ndim(x) == 1 else len(x)), 2 * x)[1], dim=2,
                       vectorized=vectorized)
    calls = rounds = 0
    for op, m in ops:
        if op == "call":
            g(np.ones(2))
            calls, rounds = calls + 1, rounds + 1
        elif op == "batch":
            out = g.batch(np.ones((m, 2)))
            assert out.shape == (m, 2)
            calls, rounds = calls + m, rounds + (m > 0)
        else:
            with g.parallel_round():
                for _ in range(m):
                    g(np.zeros(2))
            calls, rounds = calls + m, rounds + (m > 0)
    assert (g.calls, g.rounds) == (calls, rounds)
    assert sum(evals) == calls


def test_parallel_round_and_batch_depth():
    counter = QueryCounter()
    v = ValueOracle(lambda x: float(x @ x), dim=3, counter=counter)
    g = GradientOracle(lambda x: 2 * x, dim=3, counter=counter)
    with counter.parallel_round():
        v(np.ones(3))
        g.batch(np.ones((4, 3)))
        with g.parallel_round():  # nested: merged
            g(np.ones(3))
    assert (counter.calls, counter.rounds) == (6, 1)
    assert counter.by_kind == {"value": 1, "gradient": 5}
    v(np.ones(3))
    assert (counter.calls, counter.rounds) == (7, 2)
    with counter.parallel_round():
        pass  # an empty round is not a round
    assert counter.rounds == 2
    counter.reset()
    assert (counter.calls, counter.rounds) == (0, 0)


def test_stochastic_oracle_reproducible():
    def sg(x, rng):
        return x + rng.standard_normal(x.shape)

    a = StochasticGradientOracle(sg, np.random.default_rng(3), dim=2)
    b = StochasticGradientOracle(sg, np.random.default_rng(3), dim=2)
    assert np.array_equal(a.batch(np.zeros((5, 2))), b.batch(np.zeros((5, 2))))
    assert (a.calls, a.rounds) == (5, 1)


def test_sample_access_counts_and_full_gradient():
    data = np.arange(12.0).reshape(4, 3)
    sa = SampleAccessOracle(lambda x, s: x - s, data, rng=np.random.default_rng(0),
                            per_sample_loss=lambda x, s: 0.5 * float(np.sum((x - s) ** 2)), dim=3)
    x = np.ones(3)
    assert np.allclose(sa.full_gradient(x), x - data.mean(axis=0))
    assert (sa.calls, sa.rounds) == (4, 1)
    sa.grad_batch(x, [0, 0, 3])
    assert (sa.calls, sa.rounds) == (7, 2)
    assert list(sa.per_sample_calls) == [3, 1, 1, 2]
    sa.erm_value(x)
    assert (sa.calls, sa.rounds) == (11, 3)
    so = sa.as_stochastic_oracle()
    so.batch(np.zeros((6, 3)))
    assert (sa.calls, sa.rounds) == (17, 4) and sa.per_sample_calls.sum() == 17
    assert sa.counter.by_kind == {"sample_gradient": 7, "sample_value": 4, "stochastic_gradient": 6}


def test_with_replacement_draws_repeat_and_cover():
    idx = draw_indices_with_replacement(3, 1000, np.random.default_rng(1))
    assert idx.min() == 0 and idx.max() == 2 and len(np.unique(idx[:10])) < 10


@pytest.mark.parametrize("call, name", [
    (lambda: GradientOracle(lambda x: x, dim=2)(np.zeros(3)), "x"),
    (lambda: GradientOracle(lambda x: x, dim=2)(np.array([np.nan, 1.0])), "x"),
    (lambda: GradientOracle(lambda x: x, dim=2).batch(np.zeros(2)), "xs"),
    (lambda: GradientOracle(lambda x: x, dim=0), "dim"),
    (lambda: StochasticGradientOracle(lambda x, r: x, rng=1), "rng"),
    (lambda: ValueOracle(lambda x: float("nan"))(np.zeros(2)), "NaN"),
    (lambda: SampleAccessOracle(lambda x, s: x, []), "data"),
    (lambda: SampleAccessOracle(lambda x, s: x, [1, 2]).grad(np.zeros(1), 2), "i"),
    (lambda: SampleAccessOracle(lambda x, s: x, [1, 2]).stochastic_gradient(np.zeros(1)), "rng"),
    (lambda: SampleAccessOracle(lambda x, s: x, [1, 2]).erm_value(np.zeros(1)), "per_sample_loss"),
    (lambda: draw_indices_with_replacement(0, 3, np.random.default_rng()), "n"),
    (lambda: draw_indices_with_replacement(3, -1, np.random.default_rng()), "m"),
])
def test_validation_errors_name_parameter(call, name):
    with pytest.raises(ValueError, match=name):
        call()
