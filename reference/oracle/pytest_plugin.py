"""pytest plugin (entry point ``pytest11: dpsco_oracle``): the ``dpsco_oracle`` fixture.

    def test_my_port(dpsco_oracle):
        dpsco_oracle.assert_same_draws(my_fast_tree, "core.tree.TreeAggregator")
        dpsco_oracle.assert_same_law(my_fast_tree, "core.tree.TreeAggregator")

The fixture is a :class:`reference.oracle.Oracle`; ``n_cases`` / ``n_samples`` / ``seed`` can be given per call or
for the whole run: ``pytest --oracle-cases 5 --oracle-samples 50000 --oracle-seed 3`` (defaults: 25 cases draw for
draw; per target in law, see ``dpsco-ref oracle --list``).
"""
from __future__ import annotations

import pytest


def pytest_addoption(parser):
    g = parser.getgroup("dpsco_oracle", "dpsco-reference test oracle")
    g.addoption("--oracle-cases", type=int, default=None, help="input cases per oracle call (default: per mode/target)")
    g.addoption("--oracle-samples", type=int, default=None, help="samples per in-law case (default: per target)")
    g.addoption("--oracle-seed", type=int, default=0, help="seed of the oracle's cases and samples")


@pytest.fixture
def dpsco_oracle(request):
    from reference.oracle.harness import Oracle

    cfg = request.config
    return Oracle(seed=cfg.getoption("--oracle-seed", 0) or 0, n_cases=cfg.getoption("--oracle-cases", None),
                  n_samples=cfg.getoption("--oracle-samples", None))
