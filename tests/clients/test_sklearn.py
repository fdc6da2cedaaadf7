"""scikit-learn with array_api_dispatch=True on paddle_c tensors, compared with the same
estimators and metrics on NumPy arrays. Skipped without scikit-learn (the [clients] extra)."""

from __future__ import annotations

import numpy as np
import pytest

import paddle_c as pc

sklearn = pytest.importorskip("sklearn")
pytest.importorskip("array_api_compat")

from sklearn import config_context  # noqa: E402


def _np(x):
    return np.asarray(x) if isinstance(x, pc.Tensor) else x


def _data(n=60, d=5, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(np.int64)
    return X, y


def _both(fn, *arrays, rtol=1e-7, atol=1e-9):
    """fn(*numpy arrays) and fn(*tensors) under array_api_dispatch: equal results, and tensor
    output for tensor input."""
    want = fn(*arrays)
    with config_context(array_api_dispatch=True):
        got = fn(*(pc.asarray(a) for a in arrays))
    wants = want if isinstance(want, tuple) else (want,)
    gots = got if isinstance(got, tuple) else (got,)
    for w, g in zip(wants, gots):
        if isinstance(w, np.ndarray):
            assert isinstance(g, pc.Tensor), type(g)
        np.testing.assert_allclose(_np(g), w, rtol=rtol, atol=atol)


@pytest.mark.parametrize("solver", ["full", "randomized"])
def test_pca(solver):
    from sklearn.decomposition import PCA
    X, _ = _data()
    _both(lambda X: PCA(n_components=3, svd_solver=solver, random_state=0,
                        power_iteration_normalizer="QR").fit_transform(X)
          if solver == "randomized" else PCA(n_components=3, svd_solver=solver).fit_transform(X),
          X, rtol=1e-6, atol=1e-8)


def test_lda():
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    X, y = _data()
    _both(lambda X, y: LinearDiscriminantAnalysis().fit(X, y).predict_proba(X), X, y,
          rtol=1e-6, atol=1e-8)


def test_ridge_svd():
    from sklearn.linear_model import Ridge
    X, _ = _data()
    t = X @ np.arange(1.0, 6.0)
    _both(lambda X, t: Ridge(alpha=0.5, solver="svd").fit(X, t).predict(X), X, t)


def test_kernel_ridge_on_a_precomputed_kernel():
    # scikit-learn 1.9's KernelRidge is not array-API enabled (its solver writes K.flat, a
    # NumPy attribute): the kernel is computed on paddle_c and handed over zero-copy
    from sklearn.kernel_ridge import KernelRidge
    from sklearn.metrics.pairwise import rbf_kernel
    X, _ = _data()
    t = np.sin(X[:, 0])
    want = KernelRidge(alpha=0.1, kernel="rbf").fit(X, t).predict(X)
    with config_context(array_api_dispatch=True):
        K = rbf_kernel(pc.asarray(X))
    assert isinstance(K, pc.Tensor)
    got = KernelRidge(alpha=0.1, kernel="precomputed").fit(np.asarray(K), t).predict(np.asarray(K))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("name", ["StandardScaler", "MinMaxScaler", "MaxAbsScaler",
                                  "Normalizer"])
def test_scalers(name):
    from sklearn import preprocessing
    X, _ = _data()
    _both(lambda X: getattr(preprocessing, name)().fit_transform(X), X)


@pytest.mark.parametrize("metric", ["euclidean", "cosine", "manhattan"])
def test_pairwise_distances(metric):
    from sklearn.metrics import pairwise_distances
    X, _ = _data(20)
    _both(lambda X: pairwise_distances(X, metric=metric), X, atol=1e-7)


@pytest.mark.parametrize("kernel", ["rbf_kernel", "linear_kernel", "polynomial_kernel",
                                    "sigmoid_kernel", "cosine_similarity"])
def test_pairwise_kernels(kernel):
    from sklearn.metrics import pairwise
    X, _ = _data(20)
    _both(lambda X: getattr(pairwise, kernel)(X), X)


def test_classification_metrics():
    from sklearn.metrics import accuracy_score, confusion_matrix
    rng = np.random.default_rng(1)
    y1 = rng.integers(0, 3, 50)
    y2 = rng.integers(0, 3, 50)
    _both(lambda a, b: accuracy_score(a, b), y1, y2)
    _both(lambda a, b: confusion_matrix(a, b), y1, y2)


def test_regression_and_ranking_metrics():
    from sklearn.metrics import r2_score, roc_curve
    rng = np.random.default_rng(2)
    t = rng.standard_normal(40)
    p = t + 0.1 * rng.standard_normal(40)
    _both(lambda a, b: r2_score(a, b), t, p)
    labels = (t > 0).astype(np.int64)
    _both(lambda a, b: roc_curve(a, b), labels, p)


def test_train_test_split():
    from sklearn.model_selection import train_test_split
    X, y = _data()
    _both(lambda X, y: tuple(train_test_split(X, y, test_size=0.25, random_state=0)), X, y)
