"""A pytest plugin that runs SciPy's own array API tests with paddle_c as the backend, without
changing SciPy: its tests take the array library from the `xp` fixture of scipy/conftest.py
(parametrized over NumPy, array-api-strict, PyTorch, ... with SCIPY_ARRAY_API=1); this plugin
gives that fixture paddle_c instead.

    PYTHONPATH=tests/clients .venv/bin/python -m pytest -p scipy_paddle_c_plugin \
        -m "array_api_backends and not slow" --pyargs scipy

(make clients-scipy runs this.) The backends the `xp` fixture yields, named by
PADDLE_C_SCIPY_BACKENDS (comma-separated; the default is the first two):

  paddle_c          paddle_c with Paddle's float32 default
  paddle_c_float64  paddle_c after set_default_dtype("float64"), SciPy's own assumption (its
                    conftest sets PyTorch's default to float64 the same way); the setting is
                    made around each test and undone after it
  numpy             NumPy, through the same plugin: the reference the counts of
                    docs/ecosystem.md are set beside

Every test that fails on paddle_c is listed in scipy_known_failures.txt beside this file, with
its cause; the plugin marks those as strict expected failures of the runs they fail in, so a
new failure fails the run, and so does a listed test that passes. The list is SciPy's version's
(pyproject.toml pins SciPy in the [test] extra); with another SciPy the list is not applied and
every failure shows.

[Why a parametrize mark] The fixture's own parameters are fixed when scipy/conftest.py is
imported. A `parametrize` mark on the test, added before pytest expands the fixtures, takes
precedence over them and reaches the fixture as `request.param`, so SciPy's fixture body - its
skip and xfail markers, its `default_xp` context - runs unchanged on paddle_c. SciPy skips
`np_only` tests for every backend it knows other than NumPy; paddle_c is added to that set, so
those tests are skipped for it as for PyTorch.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest

BACKENDS = tuple(b.strip() for b in os.environ.get(
    "PADDLE_C_SCIPY_BACKENDS", "paddle_c,paddle_c_float64").split(",") if b.strip())
KNOWN_FAILURES = Path(__file__).with_name("scipy_known_failures.txt")

# SciPy's array API support is read from the environment when SciPy is first imported
os.environ.setdefault("SCIPY_ARRAY_API", "1")


def _params():
    import numpy as np

    import paddle_c

    known = {"paddle_c": (paddle_c, None), "paddle_c_float64": (paddle_c, "float64"),
             "numpy": (np, None)}
    unknown = set(BACKENDS) - set(known)
    if unknown or not BACKENDS:
        raise pytest.UsageError(f"PADDLE_C_SCIPY_BACKENDS: unknown backends {sorted(unknown)} "
                                f"(choose from {sorted(known)})")
    params = []
    for b in BACKENDS:
        module, default = known[b]
        marks = [pytest.mark.array_api_backends]
        if default is not None:
            marks.append(pytest.mark.paddle_c_default_dtype(default))
        params.append(pytest.param(module, id=b, marks=marks))
    return params


def _known_failures():
    """{run id: [(compiled test-id pattern, cause)]} and {cause: its text} of
    scipy_known_failures.txt, or empty tables when the installed SciPy is not the list's."""
    import scipy

    runs, causes, version = {}, {}, None
    for line in KNOWN_FAILURES.read_text().splitlines():
        line = line.strip()
        if line.startswith("# scipy "):
            version = line.split()[2]
        elif line.startswith("# cause "):
            key, text = line[len("# cause "):].split(":", 1)
            causes[key.strip()] = text.strip()
        elif line and not line.startswith("#"):
            run, test, cause = line.split()[0], " ".join(line.split()[1:-1]), line.split()[-1]
            pattern = re.compile(".*".join(re.escape(p) for p in test.split("*")) + "$")
            for r in (("paddle_c", "paddle_c_float64") if run == "both" else (run,)):
                runs.setdefault(r, []).append((pattern, cause))
    if version != scipy.__version__:
        sys.stderr.write(f"scipy_paddle_c_plugin: {KNOWN_FAILURES.name} lists SciPy {version}'s "
                         f"failures, SciPy {scipy.__version__} is installed: not applied\n")
        return {}, causes
    return runs, causes


def pytest_configure(config):
    config.addinivalue_line("markers", "paddle_c_default_dtype(name): the run's default dtype")
    config.addinivalue_line("markers", "array_api_backends: the test takes the xp fixture")
    config._paddle_c_xp_params = _params()


def pytest_ignore_collect(collection_path, config):
    # scipy.datasets' tests need pooch (an optional dependency of SciPy) to be imported at all;
    # none of them takes the `xp` fixture
    if (collection_path.name == "datasets" and collection_path.parent.name == "scipy"
            and importlib.util.find_spec("pooch") is None):
        return True
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc):
    if "xp" not in metafunc.fixturenames or "scipy" not in metafunc.module.__name__:
        return
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0] if mark.args else mark.kwargs.get("argnames", ())
        if "xp" in ([n.strip() for n in names.split(",")] if isinstance(names, str) else names):
            return                       # the test parametrizes xp itself
    conftest = sys.modules.get("scipy.conftest")
    if conftest is not None:
        conftest.xp_known_backends.add("paddle_c")
    metafunc.definition.add_marker(pytest.mark.parametrize(
        "xp", metafunc.config._paddle_c_xp_params, indirect=True))


RUN_IDS = r"(paddle_c_float64|paddle_c|numpy)"


def _run_of(item):
    """The backend run of a test that takes `xp` (an id of BACKENDS), else None."""
    spec = getattr(item, "callspec", None)
    if spec is None or "xp" not in spec.params:
        return None
    if spec.params["xp"].__name__ == "numpy":
        return "numpy"
    return "paddle_c_float64" if item.get_closest_marker("paddle_c_default_dtype") else "paddle_c"


def _test_id(item, files):
    """The test's id within SciPy without the run: its file from the scipy package on (files
    maps item paths to those, filled here), and its pytest name with the xp parameter's id
    taken out."""
    if item.path not in files:
        import scipy

        files[item.path] = Path(item.path).resolve().relative_to(
            Path(scipy.__file__).resolve().parent)
    path = files[item.path]
    name = item.nodeid.split("::", 1)[1]
    name = re.sub(r"\[" + RUN_IDS + r"\]$", "", name)
    name = re.sub(r"-" + RUN_IDS + r"(?=[-\]])", "", name)
    name = re.sub(r"\[" + RUN_IDS + r"-", "[", name)
    return f"{path.as_posix()}::{name}"


def pytest_collection_modifyitems(config, items):
    runs, causes, files = *_known_failures(), {}
    for item in items:
        run = _run_of(item)
        if run is None:
            continue
        test = _test_id(item, files)
        item.user_properties.append(("scipy_run", run))
        item.user_properties.append(("scipy_test", test))
        for pattern, cause in runs.get(run, ()):
            if pattern.match(test):
                item.add_marker(pytest.mark.xfail(reason=f"{cause}: {causes.get(cause, '')}",
                                                  strict=True))
                item.user_properties.append(("scipy_cause", cause))
                break


# ---- the summary: outcomes per run and cause ------------------------------------------------

_TALLY: dict = {}
_FAILED: list = []


def pytest_runtest_logreport(report):
    props = dict(report.user_properties)
    if "scipy_run" not in props or (report.when != "call" and report.outcome == "passed"):
        return
    if report.when == "teardown" and report.outcome != "failed":
        return
    if hasattr(report, "wasxfail"):
        outcome = "xfailed " + props.get("scipy_cause", "(SciPy's own)") if report.skipped \
            else "xpassed"
    else:
        outcome = report.outcome
    if outcome == "failed" or outcome.startswith("xfailed ") and "scipy_cause" in props:
        _FAILED.append(f"{props['scipy_run']} {props['scipy_test']}")
    key = (props["scipy_run"], outcome)
    _TALLY[key] = _TALLY.get(key, 0) + 1


def pytest_terminal_summary(terminalreporter):
    if not _TALLY:
        return
    terminalreporter.section("SciPy's array API tests per backend run")
    for run in BACKENDS:
        counts = sorted((o, n) for (r, o), n in _TALLY.items() if r == run)
        terminalreporter.write_line(f"{run}: " + ", ".join(f"{n} {o}" for o, n in counts))
    out = os.environ.get("PADDLE_C_SCIPY_FAILURES")
    if out:   # the failing tests, listed or not, for updating scipy_known_failures.txt
        Path(out).write_text("".join(f"{line}\n" for line in sorted(set(_FAILED))))


@pytest.hookimpl(tryfirst=True)
def pytest_fixture_setup(fixturedef, request):
    """SciPy's `devices` fixture (every device of the backend, and None) for paddle_c.

    [Why here] SciPy 1.17.1's fixture computes `devices() + [None]`, which needs a list; the
    2025.12 standard's devices() returns a tuple (the conformance suite checks it), so the
    plugin gives SciPy's tests the same value as a list, stored as pytest stores a fixture's."""
    if fixturedef.argname != "devices" or "xp" not in request.fixturenames:
        return None
    xp = request.getfixturevalue("xp")
    if xp.__name__ != "paddle_c":
        return None
    result = list(xp.__array_namespace_info__().devices()) + [None]
    fixturedef.cached_result = (result, fixturedef.cache_key(request), None)
    return result


@pytest.fixture(autouse=True)
def _paddle_c_default_dtype(request):
    """The default dtype of the test's run, set before the test and undone after it
    (autouse: set up before the fixtures the test requests, `xp` among them)."""
    mark = request.node.get_closest_marker("paddle_c_default_dtype")
    if mark is None:
        yield
        return
    import paddle_c

    before = paddle_c.get_default_dtype()
    paddle_c.set_default_dtype(mark.args[0])
    try:
        yield
    finally:
        paddle_c.set_default_dtype(before)
