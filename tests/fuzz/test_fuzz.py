"""A brief run of every fuzzing target (fuzz_targets.py) in each test run.

A few dozen inputs per target (fewer in the sanitizer run) keep this to seconds; `make fuzz`
runs the same targets for as long as FUZZ_SECONDS allows (run.py). The targets that need a
second device (TARGET_ENV) run in a child process with hostdev enabled, as run.py runs them,
so that a crash there fails their test and not the test run.
"""

import os
import pathlib
import subprocess
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_targets import TARGET_ENV, TARGETS

EXAMPLES = 12 if os.environ.get("PC_SANITIZER_RUN") else 40
#: targets whose every input is slower (a fresh interpreter per input)
FEWER = {"environment": 4 if os.environ.get("PC_SANITIZER_RUN") else 8}
RUN_PY = pathlib.Path(__file__).with_name("run.py")


def _make(name):
    strategy, check = TARGETS[name]

    @settings(max_examples=FEWER.get(name, EXAMPLES), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(case):
        check(case)

    return run


def _in_child(name):
    with tempfile.NamedTemporaryFile("r", suffix=".last") as last:
        proc = subprocess.run(
            [sys.executable, str(RUN_PY), "--child", name, "--seconds", "0",
             "--batch", str(FEWER.get(name, EXAMPLES)), "--last", last.name],
            capture_output=True, text=True, timeout=600,
            env=dict(os.environ, **TARGET_ENV[name]))
        how = (f"crashed (signal {-proc.returncode})" if proc.returncode < 0
               else f"failed (exit status {proc.returncode})")
        assert proc.returncode == 0, (f"{name} {how}; last input: {last.read()}\n"
                                      f"{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}")


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_briefly(name):
    if name in TARGET_ENV:
        _in_child(name)
    else:
        _make(name)()
