"""Shared pytest configuration.

Two hypothesis profiles:

* ``dpsco`` (default, CI): derandomized (a fixed seed per test), so every test run is reproducible;
  ``--hypothesis-seed`` has no effect under it.
* ``explore`` (local and extended runs): randomized, honours ``--hypothesis-seed`` (or draws a fresh seed, which
  hypothesis prints on failure), more examples.  Select it with ``HYPOTHESIS_PROFILE=explore``; the example count
  can be raised with ``HYPOTHESIS_MAX_EXAMPLES``.  Every failure it finds is fixed and pinned with ``@example``.

Statistical tests fix their numpy seeds and declare their false-failure probability in their docstrings.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dpsco",
    derandomize=True,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "explore",
    derandomize=False,
    deadline=None,
    max_examples=int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES", "200")),
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dpsco"))
