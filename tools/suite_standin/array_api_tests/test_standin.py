"""What the official suite relies on, checked on the array module it is pointed at: the module
named by ARRAY_API_TESTS_MODULE imports, its default device is the one the run asked for, and
the options and files the runner passes arrive."""

import importlib
import os
import pathlib

import pytest

xp = importlib.import_module(os.environ["ARRAY_API_TESTS_MODULE"])


def test_default_device_is_the_device_under_test():
    want = os.environ.get("PADDLE_C_DEFAULT_DEVICE", "cpu")
    assert str(xp.asarray([1.0]).device) == str(xp.Device(want))


@pytest.mark.parametrize("name", ["add", "multiply", "less"])
def test_binary_function_on_the_default_device(name):
    x = xp.asarray([1.0, 2.0, 3.0])
    r = getattr(xp, name)(x, x)
    assert r.device == x.device
    assert r.shape == (3,)


def test_runner_options_arrive(pytestconfig):
    assert pytestconfig.getoption("--max-examples") > 0
    for option in ("--skips-file", "--xfails-file"):
        assert pathlib.Path(pytestconfig.getoption(option)).is_file(), option
