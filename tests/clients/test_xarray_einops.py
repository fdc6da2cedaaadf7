"""xarray DataArrays and Datasets backed by paddle_c tensors, and einops' array API entry point,
compared with NumPy. Skipped without xarray / einops (the [clients] extra)."""

from __future__ import annotations

import numpy as np
import pytest

import paddle_c as pc

A = np.arange(24.0).reshape(4, 6) / 3.0

OPS = {
    "mean": lambda da: da.mean("x"),
    "sum": lambda da: da.sum(),
    "max": lambda da: da.max("y"),
    "min": lambda da: da.min(skipna=True),
    "std": lambda da: da.std("y"),
    "std_ddof": lambda da: da.std("x", ddof=1),
    "var": lambda da: da.var(),
    "median": lambda da: da.median("x"),
    "argmax": lambda da: da.argmax("y"),
    "cumsum": lambda da: da.cumsum("x"),
    "arithmetic": lambda da: da + da * 2 - 1,
    "sel": lambda da: da.sel(x=20),
    "isel": lambda da: da.isel(y=slice(1, 4)),
    "transpose": lambda da: da.transpose("y", "x"),
    "groupby_mean": lambda da: da.groupby("g").mean(),
    "round": lambda da: da.round(1),
    "astype": lambda da: da.astype("float32"),
    "concat": lambda da: __import__("xarray").concat([da, da], dim="x"),
    "dataset_mean": lambda da: __import__("xarray").Dataset({"v": da}).mean()["v"],
}

# xarray computes these through NumPy (np.cumsum on np.asarray(data), zero-copy) and returns
# NumPy arrays, whatever the backing array
THROUGH_NUMPY = {"cumsum"}


def _dataarray(data):
    import xarray as xr
    return xr.DataArray(data, dims=("x", "y"),
                        coords={"x": [10, 20, 30, 40], "g": ("y", [0, 0, 1, 1, 2, 2])})


@pytest.mark.parametrize("name", sorted(OPS))
def test_xarray_matches_numpy(name):
    pytest.importorskip("xarray")
    want = OPS[name](_dataarray(A))
    got = OPS[name](_dataarray(pc.asarray(A)))
    want_type = np.ndarray if name in THROUGH_NUMPY else pc.Tensor
    assert isinstance(got.data, want_type), type(got.data)
    assert got.dims == want.dims
    np.testing.assert_allclose(np.asarray(got.data), np.asarray(want.data), rtol=1e-12)


def test_xarray_repr():
    pytest.importorskip("xarray")
    assert "paddle_c" in repr(_dataarray(pc.asarray(A))) or "Tensor" in repr(
        _dataarray(pc.asarray(A)))


@pytest.mark.parametrize("pattern,kwargs", [
    ("a b c -> (a b) c", {}),
    ("a b c -> c b a", {}),
    ("a (b1 b2) c -> a b1 b2 c", {"b2": 1}),
])
def test_einops_rearrange(pattern, kwargs):
    ea = pytest.importorskip("einops.array_api")
    x = np.arange(24.0).reshape(2, 3, 4)
    got = ea.rearrange(pc.asarray(x), pattern, **kwargs)
    import einops
    want = einops.rearrange(x, pattern, **kwargs)
    assert isinstance(got, pc.Tensor)
    np.testing.assert_array_equal(np.asarray(got), want)


@pytest.mark.parametrize("reduction", ["mean", "max", "min", "sum", "prod"])
def test_einops_reduce_and_repeat(reduction):
    ea = pytest.importorskip("einops.array_api")
    import einops
    x = np.arange(1.0, 25.0).reshape(2, 3, 4)
    got = ea.reduce(pc.asarray(x), "a b c -> a c", reduction)
    np.testing.assert_allclose(np.asarray(got), einops.reduce(x, "a b c -> a c", reduction))
    rep = ea.repeat(pc.asarray(x), "a b c -> a b c d", d=2)
    np.testing.assert_array_equal(np.asarray(rep), einops.repeat(x, "a b c -> a b c d", d=2))
