"""Test-oracle harness: validate a fast implementation (JAX, PyTorch, C++, vectorized numpy) against the
reference, draw for draw (same pre-drawn noise ⇒ same outputs) and in law (own RNG ⇒ same distribution).

    def test_mine(dpsco_oracle):                       # pytest fixture, registered by this package
        dpsco_oracle.assert_same_law(my_fast_tree, "core.tree.TreeAggregator", n_samples=4000)

CLI: ``dpsco-ref oracle mypkg.module:function --against core.tree.TreeAggregator``.
"""
from .compare import (DrawComparison, LawComparison, Tolerance, compare_draws, compare_samples, flatten_output,
                      ulp_distance)
from .harness import Oracle
from .targets import Target, all_targets, get_target, register_target

__all__ = ["Oracle", "Target", "Tolerance", "DrawComparison", "LawComparison", "compare_draws", "compare_samples",
           "flatten_output", "ulp_distance", "get_target", "register_target", "all_targets"]
