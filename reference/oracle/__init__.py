"""Test-oracle harness: validate a fast implementation (JAX, PyTorch, C++, vectorized numpy) against the
reference, draw for draw (same pre-drawn noise ⇒ same outputs within a reassociation-safe tolerance) and in law
(own RNG ⇒ same distribution: exact one-sample tests where the reference knows the law, with a declared
false-failure probability and the smallest detectable effects reported).

    def test_mine(dpsco_oracle):                       # pytest fixture, registered by this package
        dpsco_oracle.assert_same_draws(my_fast_tree, "core.tree.TreeAggregator")
        dpsco_oracle.assert_same_law(my_fast_tree, "core.tree.TreeAggregator")

CLI: ``dpsco-ref oracle mypkg.module:function --against core.tree.TreeAggregator``; conventions of every target:
``dpsco-ref oracle --list``.  See :mod:`reference.oracle.harness` for the calling conventions and the three in-law
tiers.
"""
from .compare import (DrawComparison, LawComparison, Tolerance, compare_draws, compare_samples, flatten_output,
                      ulp_distance)
from .exact_law import ExactLawComparison, LawSpec, exact_law_test
from .harness import CaseResult, Oracle, serialise_inputs
from .targets import Target, all_targets, get_target, register_target

__all__ = ["Oracle", "CaseResult", "serialise_inputs", "LawSpec", "ExactLawComparison", "exact_law_test", "Target", "Tolerance", "DrawComparison", "LawComparison", "compare_draws", "compare_samples",
           "flatten_output", "ulp_distance", "get_target", "register_target", "all_targets"]
