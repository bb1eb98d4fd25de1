"""Shared pytest configuration.

Hypothesis runs derandomized (a fixed seed per test), so every test run is reproducible; statistical tests
fix their numpy seeds and declare their false-failure probability in their docstrings.
"""
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dpsco",
    derandomize=True,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("dpsco")
