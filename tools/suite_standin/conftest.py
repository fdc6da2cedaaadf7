"""A stand-in for the official array API suite (data-apis/array-api-tests), used by
`make gpu-rehearsal` when no checkout of the suite is named (ARRAY_API_TESTS_DIR unset, as in
CI): it has the suite's layout and accepts the options array_api_tests/run passes, so the
bundle's suite step (runner, skips file, xdist, environment) is exercised without the suite.
It is never used for a result: the manifest and summary.txt say "stand-in".
"""


def pytest_addoption(parser):
    parser.addoption("--hypothesis-max-examples", "--max-examples", type=int, default=100)
    parser.addoption("--hypothesis-disable-deadline", "--disable-deadline", action="store_true")
    parser.addoption("--skips-file", action="store")
    parser.addoption("--xfails-file", action="store")
