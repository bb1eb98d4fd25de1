"""pytest plugin (entry point ``pytest11: dpsco_oracle``): the ``dpsco_oracle`` fixture.

    def test_my_port(dpsco_oracle):
        dpsco_oracle.assert_same_draws(my_fast_tree, "core.tree.TreeAggregator")
        dpsco_oracle.assert_same_law(my_fast_tree, "core.tree.TreeAggregator", n_samples=4000)
"""
from __future__ import annotations

import pytest


@pytest.fixture
def dpsco_oracle():
    from reference.oracle.harness import Oracle

    return Oracle(seed=0)
