"""Cross-checks of third-party privacy accountants (dp-accounting, Opacus, prv-accountant) against exact values.

Spec file: specs/core.crosscheck.toml (ids ``core.xchk.*``).  Ground truth: ``_truth.py`` (exact curves at T = 1 and
q = 1, a rigorous-up-to-float lower bound on delta_T(eps) for T > 1).  Each check returns SKIPPED ("package X not
installed") when its package is absent; packages are the optional extra ``crosscheck``.
"""
