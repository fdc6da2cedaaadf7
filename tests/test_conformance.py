"""The official array API conformance suite, when a checkout of it is available.

Set ARRAY_API_TESTS_DIR to a checkout of data-apis/array-api-tests (array_api_tests/README.md)
to run it as part of the tests; otherwise this test is skipped with that explanation.
"""

import os
import pathlib
import subprocess
import sys

import pytest

RUNNER = pathlib.Path(__file__).resolve().parents[1] / "array_api_tests" / "run"


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("ARRAY_API_TESTS_DIR"),
                    reason="ARRAY_API_TESTS_DIR is not set: the official array API suite is not "
                           "available here (see array_api_tests/README.md)")
def test_official_suite():
    examples = os.environ.get("ARRAY_API_TESTS_MAX_EXAMPLES", "100")
    rc = subprocess.call([sys.executable, str(RUNNER), "--max-examples", examples])
    assert rc == 0, "the official array API suite failed; run array_api_tests/run for details"
