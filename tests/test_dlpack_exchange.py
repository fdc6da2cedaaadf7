"""The DLPack 1.3 C exchange API: Tensor.__dlpack_c_exchange_api__, called through ctypes as a C
extension would call it."""

from __future__ import annotations

import ctypes
import gc
import sys

import numpy as np
import pytest

import paddle_c as pc
from dlpack_ctypes import (
    READ_ONLY, SET_ERROR, DLDataType, DLDevice, DLManagedTensorVersioned, DLTensor, dims,
    exchange_api,
)


def _take(obj: ctypes.py_object):
    """The object a C function stored into `obj` as a new reference, which we now own."""
    value = obj.value
    ctypes.pythonapi.Py_DecRef(ctypes.py_object(value))  # ctypes took its own reference
    return value


def test_capsule_on_the_type():
    cap = pc.Tensor.__dlpack_c_exchange_api__
    assert type(cap).__name__ == "PyCapsule"
    assert "dlpack_exchange_api" in repr(cap)
    assert pc.zeros(1).__dlpack_c_exchange_api__ is cap
    api = exchange_api(pc.Tensor)
    assert (api.version.major, api.version.minor) == (1, 3)
    assert not api.prev_api
    assert not api.dltensor_from_py_object_no_sync  # see csrc/python/dlpack.c


def _allocate(api, shape, code, bits, device=(1, 0)):
    shp = (ctypes.c_int64 * max(len(shape), 1))(*shape)
    proto = DLTensor(None, DLDevice(*device), len(shape), DLDataType(code, bits, 1), shp, None, 0)
    out = ctypes.POINTER(DLManagedTensorVersioned)()
    errors = []

    @SET_ERROR
    def set_error(ctx, kind, message):
        errors.append((kind.decode(), message.decode()))

    rc = api.managed_tensor_allocator(ctypes.byref(proto), ctypes.byref(out), None, set_error)
    return rc, out, errors


def test_allocator_and_import():
    api = exchange_api(pc.Tensor)
    rc, out, errors = _allocate(api, (2, 3), 2, 32)
    assert rc == 0 and not errors
    m = out.contents
    assert (m.version.major, m.flags) == (1, 0)
    assert dims(m.dl_tensor) == ((2, 3), (3, 1))
    assert m.dl_tensor.data
    obj = ctypes.py_object()
    assert api.managed_tensor_to_py_object_no_sync(out, ctypes.byref(obj)) == 0
    t = _take(obj)
    assert isinstance(t, pc.Tensor) and t.shape == (2, 3) and t.dtype == pc.float32
    assert np.asarray(t).ctypes.data == m.dl_tensor.data


def test_allocator_errors_go_through_set_error():
    api = exchange_api(pc.Tensor)
    rc, out, errors = _allocate(api, (2,), 8, 8)  # float8: no such dtype
    assert rc == -1 and not out
    assert errors and errors[0][0] == "BufferError" and "data type" in errors[0][1]
    rc, out, errors = _allocate(api, (2,), 2, 32, device=(2, 0))
    assert rc == -1 and errors[0][0] == "BufferError"


def test_from_py_object_round_trip():
    api = exchange_api(pc.Tensor)
    a = np.arange(12.0).reshape(3, 4)[:, ::-2]
    base = sys.getrefcount(a)
    t = pc.asarray(a)
    out = ctypes.POINTER(DLManagedTensorVersioned)()
    assert api.managed_tensor_from_py_object_no_sync(t, ctypes.byref(out)) == 0
    m = out.contents
    assert m.flags == 0
    assert dims(m.dl_tensor) == ((3, 2), (4, -2))
    obj = ctypes.py_object()
    assert api.managed_tensor_to_py_object_no_sync(out, ctypes.byref(obj)) == 0
    u = _take(obj)
    assert u.strides == t.strides and np.shares_memory(np.asarray(u), a)
    del t, u, obj, m, out
    gc.collect()
    assert sys.getrefcount(a) == base


def test_from_py_object_read_only_and_foreign_objects():
    api = exchange_api(pc.Tensor)
    a = np.arange(3.0)
    a.flags.writeable = False
    out = ctypes.POINTER(DLManagedTensorVersioned)()
    assert api.managed_tensor_from_py_object_no_sync(pc.asarray(a), ctypes.byref(out)) == 0
    assert out.contents.flags == READ_ONLY
    out.contents.deleter(out)
    with pytest.raises(TypeError, match="paddle_c tensors"):
        api.managed_tensor_from_py_object_no_sync(a, ctypes.byref(out))


def test_current_work_stream():
    api = exchange_api(pc.Tensor)
    stream = ctypes.c_void_p(1234)
    assert api.current_work_stream(1, 0, ctypes.byref(stream)) == 0
    assert stream.value is None
