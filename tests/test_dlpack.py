"""DLPack: the producer (__dlpack__, __dlpack_device__), the consumer (from_dlpack, asarray of
DLPack-only objects), capsule contents and ownership, against NumPy and hand-made producers.
PyTorch round trips are in test_torch_interop.py, the C exchange API in test_dlpack_exchange.py.
"""

from __future__ import annotations

import ctypes
import gc
import subprocess
import sys
import threading

import numpy as np
import pytest
from hypothesis import given, strategies as st

import paddle_c as pc
from devices import ALL
from dlpack_ctypes import (
    IS_COPIED, READ_ONLY, Producer, capsule_name, dims, legacy_struct, mark_used,
    versioned_struct,
)
from strategies import ALL_DTYPES, NUMPY_DTYPES, layouts, np_arrays, shapes

DL_CODES = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}


def tensor_of(dtype: str, a: np.ndarray):
    """A tensor equal to `a` in `dtype` (bfloat16 goes through float32); shares a's memory
    for NumPy dtypes."""
    if dtype == "bfloat16":
        return pc.asarray(a.astype(np.float32)).astype(pc.bfloat16)
    return pc.asarray(a)


def values(t) -> np.ndarray:
    return np.asarray(t.astype(pc.float32)) if t.dtype == pc.bfloat16 else np.asarray(t)


@st.composite
def strided_arrays(draw, dtypes=NUMPY_DTYPES, min_dims=0):
    dtype = draw(st.sampled_from(dtypes))
    np_dtype = "float32" if dtype == "bfloat16" else dtype
    a = draw(np_arrays(np_dtype, shape=shapes(min_dims=min_dims, max_dims=4, max_side=4)))
    return dtype, draw(layouts(a))


# ---- producing ------------------------------------------------------------------------------

@given(strided_arrays(dtypes=NUMPY_DTYPES))
def test_numpy_from_dlpack_shares_memory(case):
    dtype, a = case
    t = pc.asarray(a)
    b = np.from_dlpack(t)
    assert b.dtype == a.dtype and b.shape == a.shape
    np.testing.assert_array_equal(b, a)
    if a.size:
        assert np.shares_memory(b, a)
        assert b.strides == a.strides or any(n <= 1 for n in a.shape)


@given(strided_arrays(dtypes=ALL_DTYPES))
@pytest.mark.parametrize("max_version", [None, (0, 8), (1, 0), (1, 3), (2, 0)])
def test_capsule_contents(max_version, case):
    dtype, a = case
    t = tensor_of(dtype, a)
    cap = t.__dlpack__(max_version=max_version)
    versioned = max_version is not None and max_version[0] >= 1
    assert capsule_name(cap) == ("dltensor_versioned" if versioned else "dltensor")
    m = versioned_struct(cap) if versioned else legacy_struct(cap)
    if versioned:
        assert (m.version.major, m.version.minor) == (1, 3)
        assert m.flags == 0
    dl = m.dl_tensor
    assert (dl.device.device_type, dl.device.device_id) == (1, 0)
    assert dl.ndim == t.ndim
    item = np.dtype(dtype).itemsize if dtype != "bfloat16" else 2
    code = 4 if dtype == "bfloat16" else DL_CODES[np.dtype(dtype).kind]
    assert (dl.dtype.code, dl.dtype.bits, dl.dtype.lanes) == (code, 8 * item, 1)
    shape, strides = dims(dl)
    assert shape == t.shape
    assert t.ndim == 0 or strides is not None  # never NULL (DLPack 1.2)
    for n, s, bs in zip(t.shape, strides or (), t.strides):
        assert n <= 1 or s * item == bs
    assert dl.byte_offset == 0
    if t.size and dtype != "bfloat16":
        assert dl.data == np.asarray(t).ctypes.data  # the first element, no byte_offset


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_every_dtype_round_trips_through_our_consumer(dtype):
    a = np.arange(6).reshape(2, 3)[:, ::-1] % 2 if dtype == "bool" else \
        np.arange(6).reshape(2, 3)[:, ::-1]
    a = a.astype("float32" if dtype == "bfloat16" else dtype)
    t = tensor_of(dtype, a)
    for mv in (None, (1, 0)):
        holder = type("H", (), {})()
        holder.__dlpack__ = lambda **kw: t.__dlpack__(max_version=mv)  # noqa: B023
        holder.__dlpack_device__ = t.__dlpack_device__
        u = pc.from_dlpack(holder)
        assert u.dtype == t.dtype and u.shape == t.shape and u.strides == t.strides
        np.testing.assert_array_equal(values(u), values(t))


def test_dlpack_device():
    t = pc.zeros(3)
    assert t.__dlpack_device__() == (1, 0)
    assert all(type(v) is int for v in t.__dlpack_device__())


def test_copy_semantics():
    a = np.arange(8.0)
    t = pc.asarray(a)
    assert np.shares_memory(np.from_dlpack(t, copy=False), a)
    assert np.shares_memory(np.from_dlpack(t), a)
    c = np.from_dlpack(t, copy=True)
    assert not np.shares_memory(c, a)
    np.testing.assert_array_equal(c, a)
    cap = t.__dlpack__(max_version=(1, 0), copy=True)
    assert versioned_struct(cap).flags == IS_COPIED
    cap = t.__dlpack__(max_version=(1, 0), copy=False)
    assert versioned_struct(cap).flags == 0
    assert versioned_struct(cap).dl_tensor.data == a.ctypes.data


def test_copy_of_strided_view_is_contiguous_and_equal():
    a = np.arange(24.0).reshape(4, 6)[::-2, 1::2]
    c = np.from_dlpack(pc.asarray(a), copy=True)
    np.testing.assert_array_equal(c, a)
    assert c.flags.c_contiguous


def test_read_only_flag_and_legacy_copy():
    a = np.arange(4.0)
    a.flags.writeable = False
    t = pc.asarray(a)
    cap = t.__dlpack__(max_version=(1, 0))
    assert versioned_struct(cap).flags == READ_ONLY
    b = np.from_dlpack(t)
    assert not b.flags.writeable and np.shares_memory(b, a)
    # the legacy capsule cannot say read-only: a copy with copy=None, an error with copy=False
    legacy = t.__dlpack__()
    assert legacy_struct(legacy).dl_tensor.data != a.ctypes.data
    with pytest.raises(BufferError, match="read-only"):
        t.__dlpack__(copy=False)
    cap = t.__dlpack__(max_version=(1, 0), copy=True)
    assert versioned_struct(cap).flags == IS_COPIED


def test_dl_device_and_stream_arguments():
    t = pc.arange(3)
    assert capsule_name(t.__dlpack__(dl_device=(1, 0), max_version=(1, 0))) == \
        "dltensor_versioned"
    import enum

    class Dev(enum.IntEnum):
        CPU = 1

    t.__dlpack__(dl_device=(Dev.CPU, 0))
    t.__dlpack__(stream=None)
    with pytest.raises(BufferError):
        t.__dlpack__(dl_device=(2, 0))  # CUDA is not part of this build
    with pytest.raises(BufferError):
        t.__dlpack__(dl_device=(99, 0))
    with pytest.raises(ValueError, match="stream"):
        t.__dlpack__(stream=1)
    with pytest.raises(ValueError, match="stream"):
        t.__dlpack__(stream=-1)
    with pytest.raises(TypeError):
        t.__dlpack__(dl_device="cpu")
    with pytest.raises(TypeError):
        t.__dlpack__(max_version=1)
    with pytest.raises(TypeError):
        t.__dlpack__(max_version=(1,))
    with pytest.raises(TypeError):
        t.__dlpack__(copy=1)
    with pytest.raises(TypeError):
        t.__dlpack__(None)
    with pytest.raises(TypeError):
        t.__dlpack__(strm=None)


def test_signatures():
    import inspect
    assert str(inspect.signature(pc.Tensor.__dlpack__)) == \
        "(self, /, *, stream=None, max_version=None, dl_device=None, copy=None)"
    assert str(inspect.signature(pc.Tensor.__dlpack_device__)) == "(self, /)"
    assert str(inspect.signature(pc.from_dlpack)) == "(x, /, *, device=None, copy=None)"


# ---- ownership of produced capsules ----------------------------------------------------------

def test_unconsumed_capsule_releases_the_tensor_memory():
    a = np.arange(10.0)
    base = sys.getrefcount(a)
    t = pc.asarray(a)
    caps = [t.__dlpack__(max_version=mv) for mv in (None, (1, 0))] * 50
    del t
    gc.collect()
    assert sys.getrefcount(a) > base  # the capsules keep the memory alive
    del caps
    gc.collect()
    assert sys.getrefcount(a) == base


def test_consumed_capsule_is_released_once_by_the_consumer():
    a = np.arange(10.0)
    base = sys.getrefcount(a)
    t = pc.asarray(a)
    b = np.from_dlpack(t)
    del t
    gc.collect()
    np.testing.assert_array_equal(b, np.arange(10.0))
    del b
    gc.collect()
    assert sys.getrefcount(a) == base


def test_deleter_runs_on_a_thread_without_the_gil():
    a = np.arange(5.0)
    base = sys.getrefcount(a)
    t = pc.asarray(a)
    cap = t.__dlpack__(max_version=(1, 0))
    del t
    m = versioned_struct(cap)
    mark_used(cap)  # we are the consumer now: the capsule will not delete it
    deleter = m.deleter
    ptr = __import__("ctypes").pointer(m)
    # a ctypes call releases the GIL: the deleter runs on a thread that does not hold it
    th = threading.Thread(target=deleter, args=(ptr,))
    th.start()
    th.join()
    del cap, m, ptr
    gc.collect()
    assert sys.getrefcount(a) == base


def test_deleters_race_on_many_threads():
    import ctypes
    a = np.arange(5.0)
    base = sys.getrefcount(a)
    t = pc.asarray(a)
    caps = [t.__dlpack__(max_version=(1, 0)) for _ in range(800)]
    del t
    structs = [versioned_struct(c) for c in caps]
    for c in caps:
        mark_used(c)
    calls = [(m.deleter, ctypes.pointer(m)) for m in structs]

    def run(chunk):
        for deleter, ptr in chunk:
            deleter(ptr)  # ctypes drops the GIL: the threads really run at once

    threads = [threading.Thread(target=run, args=(calls[i::8],)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    del caps, structs, calls
    gc.collect()
    assert sys.getrefcount(a) == base


# ---- the release's stream ordering (backend.h: the vtable's wait_external_stream slot) --------

class PcDevice(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int32), ("index", ctypes.c_int32)]


# backend.h's pc_device_type of the devices whose backends have no streams, so no
# wait_external_stream slot
NO_STREAMS = {"cpu": 0, "hostdev": 5}


@pytest.mark.parametrize("device", [d for d in ALL if d.type in NO_STREAMS], ids=str)
def test_a_backend_without_streams_orders_no_release(device):
    """pc_device_wait_external_stream (core/device.c) is the slot with its default: on a backend
    without it the wait is PC_OK (0) whatever the stream, nothing queued; a device that does not
    exist is refused. The DLPack path there is as before: no stream is taken, stream=None
    exports finished data and the consumer's view holds the memory until it lets go."""
    wait = ctypes.CDLL(pc._C.__file__).pc_device_wait_external_stream
    wait.argtypes = [PcDevice, ctypes.c_void_p]
    wait.restype = ctypes.c_int
    code = NO_STREAMS[device.type]
    for stream in (1, 2, 0x7F00DEAD):
        assert wait(PcDevice(code, 0), stream) == 0
    assert wait(PcDevice(code, 7), 1) != 0  # no such device: PC_ERR_RUNTIME
    x = pc.arange(6, dtype=pc.float32, device=device)
    with pytest.raises(ValueError, match="stream"):
        x.__dlpack__(stream=1)
    asked = []
    holder = type("H", (), {})()  # a foreign producer: the capsule path, not our own tensor's
    holder.__dlpack__ = lambda **kw: asked.append(kw) or x.__dlpack__(stream=None, **kw)
    holder.__dlpack_device__ = x.__dlpack_device__
    y = pc.from_dlpack(holder)
    assert "stream" not in asked[0]  # our consumer asks for no stream on such a device
    assert y.device == device
    del x, holder
    gc.collect()
    assert y.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]


SHUTDOWN_SCRIPT = r"""
import builtins, numpy as np, paddle_c as pc
a = np.arange(6.0)
t = pc.asarray(a)
builtins.keep = [t.__dlpack__(), t.__dlpack__(max_version=(1, 0)), pc.from_dlpack(a), t]
loop = [t.__dlpack__(max_version=(1, 0))]
loop.append(loop)  # a reference cycle collected during finalisation
print("ok")
"""


def test_capsules_alive_at_interpreter_shutdown():
    r = subprocess.run([sys.executable, "-c", SHUTDOWN_SCRIPT], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


# ---- consuming ------------------------------------------------------------------------------

@given(strided_arrays(dtypes=NUMPY_DTYPES))
def test_from_dlpack_numpy_shares_memory(case):
    dtype, a = case
    t = pc.from_dlpack(a)
    assert t.dtype == getattr(pc, dtype) and t.shape == a.shape
    np.testing.assert_array_equal(np.asarray(t), a)
    if a.size:
        assert np.shares_memory(np.asarray(t), a)


def test_from_dlpack_copy_and_device():
    a = np.arange(6.0)
    t = pc.from_dlpack(a, copy=True)
    assert not np.shares_memory(np.asarray(t), a)
    t = pc.from_dlpack(a, copy=False, device="cpu")
    assert np.shares_memory(np.asarray(t), a)
    assert t.device == pc.Device("cpu")
    with pytest.raises(TypeError):
        pc.from_dlpack(a, copy="yes")
    with pytest.raises(TypeError):
        pc.from_dlpack(a, None)


def test_from_dlpack_of_paddle_c_tensor():
    a = np.arange(6.0).reshape(2, 3).T
    t = pc.asarray(a)
    v = pc.from_dlpack(t)
    assert v is not t and v.strides == t.strides and np.shares_memory(np.asarray(v), a)
    c = pc.from_dlpack(t, copy=True)
    assert not np.shares_memory(np.asarray(c), a)
    np.testing.assert_array_equal(np.asarray(c), a)


def test_from_dlpack_needs_dlpack_methods():
    with pytest.raises(AttributeError):
        pc.from_dlpack(memoryview(b"abc"))
    with pytest.raises(AttributeError):
        pc.from_dlpack([1, 2])


def test_producer_kept_alive():
    a = np.arange(1000.0).reshape(10, 100)[::2, ::3]
    expect = a.copy()
    t = pc.from_dlpack(a)
    del a
    gc.collect()
    np.testing.assert_array_equal(np.asarray(t), expect)


def test_read_only_import_is_read_only():
    a = np.arange(4.0)
    a.flags.writeable = False
    t = pc.from_dlpack(a)
    assert not np.asarray(t).flags.writeable
    if hasattr(pc.Tensor, "__setitem__"):
        with pytest.raises(ValueError, match="read-only"):
            t[0] = 1.0
    np.testing.assert_array_equal(a, np.arange(4.0))
    p = Producer(np.arange(3.0), flags=READ_ONLY)
    u = pc.from_dlpack(p)
    assert not np.asarray(u).flags.writeable


@pytest.mark.parametrize("legacy", [False, True])
def test_hand_made_producers(legacy):
    base = np.arange(24, dtype=np.int32).reshape(4, 6)
    p = Producer(base, legacy=legacy)
    t = pc.from_dlpack(p)
    np.testing.assert_array_equal(np.asarray(t), base)
    assert np.shares_memory(np.asarray(t), base)
    assert p.exported == 1 and p.deleted == 0
    if legacy:
        assert p.last_kwargs == {}  # asked again without keywords after the TypeError
    else:
        assert p.last_kwargs["max_version"] == (1, 3)
    del t
    gc.collect()
    assert p.deleted == 1


def test_null_strides_and_byte_offset():
    base = np.arange(12.0).reshape(3, 4)
    p = Producer(base, strides=False, element_offset=5)
    t = pc.from_dlpack(p)
    np.testing.assert_array_equal(np.asarray(t), base)
    assert t.strides == (32, 8)
    assert np.shares_memory(np.asarray(t), base)
    p = Producer(base.T, element_offset=1)
    np.testing.assert_array_equal(np.asarray(pc.from_dlpack(p)), base.T)
    p = Producer(np.float64(7.0).reshape(()), strides=False)
    assert pc.from_dlpack(p).shape == () and float(pc.from_dlpack(p)) == 7.0


def test_unaligned_data_is_copied():
    raw = np.zeros(8 * 5 + 1, dtype=np.uint8)
    unaligned = raw[1:].view(np.float64)
    unaligned[:] = np.arange(5.0)
    p = Producer(unaligned)
    t = pc.from_dlpack(p)
    np.testing.assert_array_equal(np.asarray(t), np.arange(5.0))
    assert p.deleted == 1  # copied, so the producer was released at once
    with pytest.raises(BufferError, match="aligned"):
        pc.from_dlpack(Producer(unaligned), copy=False)


@pytest.mark.parametrize("kw, match", [
    (dict(code=8, bits=8), "data type"),          # float8_e4m3
    (dict(code=2, bits=80), "data type"),
    (dict(lanes=4), "lanes 4"),
    (dict(major=2), "version 2"),
    (dict(device=(7, 0)), "device type 7"),
    (dict(device=(2, 0)), "not available"),
])
def test_unsupported_capsules_raise_and_release(kw, match):
    base = np.arange(4, dtype=np.uint8)
    p = Producer(base, **kw)
    with pytest.raises(BufferError, match=match):
        pc.from_dlpack(p)
    gc.collect()
    assert p.exported == p.deleted  # the capsule kept the tensor and deleted it


def test_capsule_reuse_and_garbage():
    t = pc.arange(3)
    cap = t.__dlpack__()
    holder = type("H", (), {"__dlpack__": lambda self, **kw: cap,
                            "__dlpack_device__": lambda self: (1, 0)})()
    pc.from_dlpack(holder)
    with pytest.raises(BufferError, match="used_dltensor"):
        pc.from_dlpack(holder)
    bad = type("B", (), {"__dlpack__": lambda self, **kw: 42,
                         "__dlpack_device__": lambda self: (1, 0)})()
    with pytest.raises(TypeError, match="PyCapsule"):
        pc.from_dlpack(bad)
    worse = type("W", (), {"__dlpack__": lambda self, **kw: cap,
                           "__dlpack_device__": lambda self: "cpu"})()
    with pytest.raises(TypeError):
        pc.from_dlpack(worse)


def test_cross_device_request_without_copy():
    p = Producer(np.arange(3.0), device=(2, 0))
    with pytest.raises(ValueError, match="copy"):
        pc.from_dlpack(p, device="cpu", copy=False)


def test_asarray_of_dlpack_only_objects():
    base = np.arange(6, dtype=np.int16)
    t = pc.asarray(Producer(base))
    assert t.dtype == pc.int16 and np.shares_memory(np.asarray(t), base)
    u = pc.asarray(Producer(base), dtype=pc.float32)
    assert u.dtype == pc.float32
    np.testing.assert_array_equal(np.asarray(u), base)
    with pytest.raises(ValueError, match="copy"):
        pc.asarray(Producer(base), dtype=pc.float32, copy=False)
    c = pc.asarray(Producer(base), copy=True)
    assert not np.shares_memory(np.asarray(c), base)


def test_array_api_roundtrip_with_numpy_namespace():
    # from_dlpack(x, device=x.device, copy=True) as array-agnostic code writes it
    a = np.linspace(0, 1, 7, dtype=np.float32)
    t = pc.from_dlpack(a, device=pc.asarray(a).device, copy=True)
    np.testing.assert_array_equal(np.from_dlpack(t), a)
