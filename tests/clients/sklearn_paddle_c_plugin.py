"""A pytest plugin that points scikit-learn's own array API tests at paddle_c, without changing
scikit-learn: before collection it replaces the generators its tests are parametrized with
(sklearn.utils._array_api.yield_namespaces and friends) by ones that yield paddle_c only.

    PYTHONPATH=tests/clients .venv/bin/python -m pytest -p sklearn_paddle_c_plugin \
        --pyargs sklearn.decomposition.tests.test_pca -k array_api

(make clients-sklearn runs a few modules this way.) The test modules import the generators
with `from sklearn.utils._array_api import ...` when they are collected, after this plugin's
pytest_configure, so they see the replacements.
"""

from __future__ import annotations

import os

NAMESPACE = "paddle_c"
DTYPES = ("float64", "float32")


def yield_namespaces(include_numpy_namespaces=True):
    yield NAMESPACE


def yield_namespace_device_dtype_combinations(include_numpy_namespaces=True):
    for dtype in DTYPES:
        yield NAMESPACE, None, dtype


def pytest_configure(config):
    # scikit-learn's array API dispatch needs SciPy's, read when SciPy is imported
    os.environ.setdefault("SCIPY_ARRAY_API", "1")
    import sklearn.utils._array_api as array_api

    array_api.yield_namespaces = yield_namespaces
    array_api.yield_namespace_device_dtype_combinations = (
        yield_namespace_device_dtype_combinations)
    if hasattr(array_api, "yield_mixed_namespace_input_permutations"):
        nd = array_api.NamespaceAndDevice

        def yield_mixed_namespace_input_permutations():
            yield nd("numpy", None), nd(NAMESPACE, None), "numpy to paddle_c"
            yield nd(NAMESPACE, None), nd("numpy", None), "paddle_c to numpy"

        array_api.yield_mixed_namespace_input_permutations = (
            yield_mixed_namespace_input_permutations)
