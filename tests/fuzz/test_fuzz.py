"""A brief run of every fuzzing target (fuzz_targets.py) in each test run.

A few dozen inputs per target (fewer in the sanitizer run) keep this to seconds; `make fuzz`
runs the same targets for as long as FUZZ_SECONDS allows (run.py).
"""

import os

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_targets import TARGETS

EXAMPLES = 12 if os.environ.get("PC_SANITIZER_RUN") else 40


def _make(name):
    strategy, check = TARGETS[name]

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(case):
        check(case)

    return run


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_briefly(name):
    _make(name)()
