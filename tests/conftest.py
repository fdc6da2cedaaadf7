"""Shared pytest configuration: Hypothesis profiles and fixtures."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# the sanitizer run executes every test under ASan/UBSan: fewer examples keep it short
settings.register_profile(
    "sanitizer",
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
# a long local run to shake out rare cases: PC_HYPOTHESIS_PROFILE=thorough
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(
    "sanitizer" if os.environ.get("PC_SANITIZER_RUN")
    else os.environ.get("PC_HYPOTHESIS_PROFILE", "default")
)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long-running test, skipped in the sanitizer run")
