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


# ---- devices -------------------------------------------------------------------------------
# Tests that take the `device` fixture run once per device this process can use: the CPU, and
# the test device hostdev:0 when PADDLE_C_TEST_BACKENDS=hostdev (make test-hostdev), and any
# GPU present.
import pytest  # noqa: E402

from devices import ALL as DEVICES  # noqa: E402


@pytest.fixture(params=DEVICES, ids=str)
def device(request):
    return request.param
