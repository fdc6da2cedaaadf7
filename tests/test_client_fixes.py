"""Regression tests for what libraries written for NumPy or the array API standard expect of a
tensor (scikit-learn, Cubed, xarray, marray, SciPy): one test per defect they met.
docs/ecosystem.md says which client each one came from; tests/clients/ runs the clients."""

from __future__ import annotations

import inspect
import operator

import numpy as np
import pytest

import paddle_c as pc


# ---- reshape / transpose take their integers as separate arguments -------------------------

def test_reshape_varargs_gives_the_shape_asked_for():
    x = pc.asarray([1.0, 2.0, 3.0])
    assert x.reshape(-1, 1).shape == (3, 1)          # was (3,): 1 was taken as `name`
    assert pc.arange(6).reshape(3, 2).shape == (3, 2)
    assert pc.arange(6).reshape(np.int64(2), 3).shape == (2, 3)
    assert pc.arange(6).reshape((3, 2)).shape == (3, 2)
    assert pc.arange(6).reshape([3, 2], "name").shape == (3, 2)   # Paddle's (shape, name)
    assert pc.arange(6).reshape(6).shape == (6,)
    assert pc.arange(6).reshape(2, 3, name="n").shape == (2, 3)


def test_transpose_varargs():
    x = pc.reshape(pc.arange(6), (2, 3))
    assert x.transpose(1, 0).shape == (3, 2)
    assert x.transpose([1, 0]).shape == (3, 2)
    assert x.transpose(1, 0).tolist() == np.arange(6).reshape(2, 3).T.tolist()


# ---- operators defer to foreign array types -------------------------------------------------

class Foreign:
    """An array type of another library: convertible, with its own meaning of +."""

    def __init__(self, values):
        self.values = np.asarray(values, dtype=np.float64)

    def __array__(self, dtype=None, copy=None):
        return self.values

    def __dlpack__(self, **kwargs):
        return self.values.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.values.__dlpack_device__()

    def __radd__(self, other):
        return ("radd", other)

    def __rmul__(self, other):
        return ("rmul", other)

    def __rmatmul__(self, other):
        return ("rmatmul", other)

    def __lt__(self, other):
        return ("gt", other)

    def __iadd__(self, other):
        return ("iadd", other)


def test_operators_defer_to_foreign_types():
    t = pc.asarray([1.0, 2.0])
    f = Foreign([1.0, 1.0])
    assert (t + f)[0] == "radd"
    assert (t * f)[0] == "rmul"
    assert (t @ f)[0] == "rmatmul"
    assert (t > f)[0] == "gt"              # reflected comparison


def test_inplace_operator_defers_then_other_reflected():
    t = pc.asarray([1.0, 2.0])
    t += Foreign([1.0, 1.0])               # NotImplemented: Python tries Foreign.__radd__
    assert t[0] == "radd"


def test_foreign_type_without_reflection_raises_type_error():
    class Opaque:
        def __array__(self, dtype=None, copy=None):
            return np.ones(2)

    with pytest.raises(TypeError):
        pc.asarray([1.0, 2.0]) + Opaque()


def test_functions_still_convert_foreign_arrays():
    t = pc.asarray([1.0, 2.0])
    assert pc.add(t, Foreign([1.0, 1.0])).tolist() == [2.0, 3.0]


def test_plain_numpy_operands_still_convert():
    t = pc.asarray([1.0, 2.0], dtype=pc.float64)
    assert isinstance(t + np.ones(2), pc.Tensor)
    assert isinstance(t + np.float64(1.0), pc.Tensor)
    assert isinstance(t * np.int32(2), pc.Tensor)
    assert isinstance(t @ np.ones(2), pc.Tensor)
    assert (t + np.ones(2)).tolist() == [2.0, 3.0]


def test_numpy_subclasses_are_deferred_to():
    m = np.ma.masked_array([1.0, 2.0], mask=[False, True])
    r = pc.asarray([1.0, 1.0], dtype=pc.float64) + m
    assert isinstance(r, np.ma.MaskedArray)
    assert r.mask.tolist() == [False, True]            # the mask survives


# ---- in-place operators: NumPy's same-kind casting into the left operand --------------------

def test_inplace_float32_plus_float64_stores_into_float32():
    acc = pc.zeros((2, 3))
    acc += pc.ones((2, 3), dtype=pc.float64)
    assert acc.dtype == pc.float32 and acc.tolist() == [[1.0] * 3] * 2


def test_inplace_int32_plus_int64_tensor():
    acc = pc.zeros(3, dtype=pc.int32)
    acc += pc.asarray([1, 2, 3], dtype=pc.int64)
    assert acc.dtype == pc.int32 and acc.tolist() == [1, 2, 3]


@pytest.mark.parametrize("dt,other,op", [
    (pc.int32, 1.5, operator.iadd),
    (pc.int32, pc.ones(2, dtype=pc.float32), operator.iadd),
    (pc.float32, pc.ones(2, dtype=pc.complex64), operator.imul),
    (pc.int64, 2, operator.itruediv),
])
def test_inplace_cast_across_kinds_raises(dt, other, op):
    x = pc.ones(2, dtype=dt)
    with pytest.raises(TypeError):
        op(x, other)
    assert x.tolist() == [1, 1]


# ---- reductions: one keyword rule, dtype=, NumPy's method protocol --------------------------

KEEPDIMS_FUNCTIONS = ["sum", "prod", "max", "min", "mean", "var", "std", "all", "any",
                      "count_nonzero", "argmax", "argmin", "nansum", "nanprod", "nanmax",
                      "nanmin", "nanmean", "nanvar", "nanstd", "nanargmax", "nanargmin", "amax",
                      "amin", "logsumexp", "median", "nanmedian"]


@pytest.mark.parametrize("name", KEEPDIMS_FUNCTIONS)
@pytest.mark.parametrize("keyword", ["keepdims", "keepdim"])
def test_every_reduction_takes_keepdims_and_keepdim(name, keyword):
    x = pc.reshape(pc.arange(1.0, 7.0), (2, 3))
    r = getattr(pc, name)(x, axis=1, **{keyword: True})
    assert r.shape == (2, 1)


def test_kthvalue_takes_keepdims_and_keepdim():
    x = pc.reshape(pc.arange(1.0, 7.0), (2, 3))
    for keyword in ("keepdims", "keepdim"):
        values, _ = pc.kthvalue(x, 2, axis=1, **{keyword: True})
        assert values.shape == (2, 1)


@pytest.mark.parametrize("name", ["mean", "nanmean", "var", "std", "nanvar", "nanstd", "sum",
                                  "prod", "nansum", "nanprod"])
def test_reductions_take_dtype(name):
    x = pc.asarray([[1.0, 2.0], [3.0, 4.0]])
    r = getattr(pc, name)(x, axis=0, dtype=pc.float64)
    assert r.dtype == pc.float64
    want = getattr(np, name)(np.asarray([[1.0, 2.0], [3.0, 4.0]]), axis=0, dtype=np.float64)
    np.testing.assert_allclose(np.asarray(r), want, rtol=1e-12)


def test_mean_of_integers_with_dtype():
    assert pc.mean(pc.arange(4), dtype=pc.float64).dtype == pc.float64
    assert float(pc.mean(pc.arange(4), dtype=pc.float64)) == 1.5


@pytest.mark.parametrize("fn", [np.sum, np.mean, np.var, np.std, np.max, np.min, np.prod,
                                np.argmax, np.argmin, np.all, np.any])
def test_numpy_functions_call_the_tensor_methods(fn):
    a = np.asarray([[1.0, 2.0], [3.0, 5.0]], dtype=np.float32)
    r = fn(pc.asarray(a))
    assert isinstance(r, pc.Tensor)
    np.testing.assert_allclose(np.asarray(r), fn(a), rtol=1e-6)


def test_numpy_functions_with_axis_ddof_keepdims():
    a = np.asarray([[1.0, 2.0], [3.0, 5.0]])
    t = pc.asarray(a)
    np.testing.assert_allclose(np.asarray(np.var(t, axis=0, ddof=1)), np.var(a, axis=0, ddof=1))
    np.testing.assert_allclose(np.asarray(np.sum(t, axis=1, keepdims=True)),
                               np.sum(a, axis=1, keepdims=True))
    assert np.mean(t, dtype=np.float64).dtype == pc.float64


def test_methods_refuse_an_out_array_and_both_corrections():
    t = pc.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match="out="):
        t.sum(out=pc.zeros(()))
    with pytest.raises(TypeError, match="unbiased= or ddof="):
        t.var(unbiased=True, ddof=0)
    assert float(t.var()) == 0.5 and float(t.var(ddof=0)) == 0.25   # Paddle's default kept


def test_method_signatures_show_numpy_keywords():
    for name in ("mean", "var", "std"):
        params = inspect.signature(getattr(pc.Tensor, name)).parameters
        assert "dtype" in params and params["dtype"].kind is inspect.Parameter.KEYWORD_ONLY
    assert "ddof" in inspect.signature(pc.Tensor.var).parameters
    assert "out" in inspect.signature(pc.Tensor.sum).parameters


def test_diff_takes_n_and_axis_positionally():
    # scikit-learn's roc_curve calls xp.diff(x, 2) (NumPy's and Paddle's order)
    x = pc.asarray([1.0, 4.0, 9.0, 16.0])
    assert pc.diff(x, 2).tolist() == [2.0, 2.0]
    assert pc.diff(pc.reshape(x, (2, 2)), 1, 0).tolist() == [[8.0, 12.0]]
    assert pc.diff(x, n=1, axis=-1).tolist() == [3.0, 5.0, 7.0]


def test_where_with_the_condition_alone_is_nonzero():
    # scikit-learn's roc_curve calls xp.where(mask)[0] (NumPy's and Paddle's one-argument form)
    idx = pc.where(pc.asarray([True, False, True]))
    assert isinstance(idx, tuple) and idx[0].tolist() == [0, 2]
    with pytest.raises(TypeError):
        pc.where(pc.asarray([True]), 1.0)


# ---- dtypes and namespace inspection --------------------------------------------------------

def test_isdtype_accepts_numpy_dtypes():
    assert pc.isdtype(np.dtype("float64"), "real floating")
    assert not pc.isdtype(np.dtype("int32"), ("real floating", "complex floating"))
    assert pc.isdtype(pc.float32, np.dtype("float32"))
    assert pc.isdtype(np.dtype("int16"), (pc.int16, "bool"))
    with pytest.raises(TypeError):
        pc.isdtype("float64", "real floating")


def test_default_dtypes_take_a_device_string():
    info = pc.__array_namespace_info__()
    assert info.default_dtypes(device="cpu") == info.default_dtypes()
    assert info.dtypes(device="cpu", kind="bool") == {"bool": pc.bool}
    with pytest.raises(ValueError):
        info.default_dtypes(device="tpu")


# ---- scalars, formatting, NumPy conveniences ------------------------------------------------

def test_zero_d_tensor_is_not_iterable():
    assert not np.iterable(pc.asarray(1.0))
    with pytest.raises(TypeError):
        iter(pc.asarray(1.0))
    assert np.iterable(pc.asarray([1.0]))
    assert [v.tolist() for v in pc.asarray([[1, 2], [3, 4]])] == [[1, 2], [3, 4]]


def test_format_and_round():
    assert f"{pc.asarray(3.14159):.2f}" == "3.14"
    assert f"{pc.asarray(7):>3d}" == "  7"
    assert f"{pc.asarray([1.0, 2.0])}" == str(pc.asarray([1.0, 2.0]))
    with pytest.raises(TypeError):
        f"{pc.asarray([1.0, 2.0]):.2f}"
    assert round(pc.asarray(2.6)) == 3 and isinstance(round(pc.asarray(2.6)), int)
    np.testing.assert_allclose(np.asarray(round(pc.asarray([1.234, 2.345], dtype=pc.float64), 1)),
                               np.round([1.234, 2.345], 1))
    assert round(pc.asarray([1234, 5678]), -2).tolist() == [1200, 5700]
    assert round(pc.asarray([1, 2]), 1).tolist() == [1, 2]


def test_ravel_and_clip_methods():
    x = pc.reshape(pc.arange(6.0), (2, 3))
    assert x.ravel().shape == (6,) and x.ravel().tolist() == list(range(6))
    assert x.T.ravel().tolist() == np.arange(6.0).reshape(2, 3).T.ravel().tolist()
    assert x.clip(1.0, 4.0).tolist() == np.clip(np.arange(6.0).reshape(2, 3), 1, 4).tolist()
    assert x.clip(max=2.0).tolist() == np.minimum(np.arange(6.0), 2).reshape(2, 3).tolist()
