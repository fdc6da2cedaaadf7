"""Bad input raises the right exception with a useful message; memory stays flat."""

import gc
import inspect
import os
import resource

import numpy as np
import pytest

import paddle_c as pc


@pytest.mark.parametrize("shape,exc,msg", [
    ((-1,), ValueError, "non-negative"),
    ((2, -3), ValueError, "non-negative"),
    ((2**62, 2**62), ValueError, "too big"),
    ((2**63 - 1, 2), ValueError, "too big"),
    (tuple([1] * 65), ValueError, "dimensions"),
    ((1.5,), TypeError, "integer"),
    ("abc", TypeError, "shape"),
    ((True, 2), TypeError, "integer"),
    ((2**70,), ValueError, "64 bits"),
])
def test_bad_shapes(shape, exc, msg):
    with pytest.raises(exc, match=msg):
        pc.zeros(shape)


def test_allocation_failure_is_memory_error():
    with pytest.raises(MemoryError):
        pc.empty((2**46,), dtype=pc.float64)  # 512 TiB


def test_zero_size_huge_shape_is_fine():
    t = pc.zeros((0, 2**40))
    assert t.size == 0 and t.shape == (0, 2**40)


@pytest.mark.parametrize("fn,args,kwargs,exc", [
    (pc.zeros, (2,), {"dtype": "float128"}, TypeError),
    (pc.zeros, (2,), {"device": "tpu"}, ValueError),
    (pc.zeros, (2,), {"device": "gpu:0"}, RuntimeError),
    (pc.zeros, (2,), {"bogus": 1}, TypeError),
    (pc.zeros, (), {}, TypeError),
    (pc.asarray, (1, 2), {}, TypeError),
    (pc.asarray, ([1],), {"copy": "yes"}, TypeError),
    (pc.full, ((2,), None), {}, TypeError),
    (pc.eye, (-1,), {}, ValueError),
    (pc.eye, (2.5,), {}, TypeError),
    (pc.linspace, (0, 1), {"num": 2.5}, TypeError),
    (pc.arange, ("a",), {}, TypeError),
    (pc.zeros_like, ([1, 2],), {}, TypeError),
    (pc.tril, (pc.ones(3),), {"k": "1"}, TypeError),
    (pc.astype, (pc.ones(2), "nope"), {}, TypeError),
    (pc.can_cast, (pc.int8,), {}, TypeError),
])
def test_bad_arguments(fn, args, kwargs, exc):
    with pytest.raises(exc):
        fn(*args, **kwargs)


def test_failed_astype_leaves_input():
    t = pc.asarray([1.0, 2.0])
    with pytest.raises(TypeError):
        t.astype("nope")
    assert t.tolist() == [1.0, 2.0] and t.dtype == pc.float32


def _rss_kib() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


@pytest.mark.skipif(bool(os.environ.get("PC_SANITIZER_RUN")),
                    reason="ASan's quarantine holds freed memory, so RSS is not meaningful there")
def test_create_astype_delete_cycles_leave_memory_flat():
    def cycle(n):
        for i in range(n):
            t = pc.ones((8, 8), dtype=pc.float32)
            u = t.astype(pc.float64)
            v = pc.asarray(np.ones(16))
            w = pc.asarray([1, 2, 3])
            del t, u, v, w

    cycle(20_000)  # warm up allocators
    gc.collect()
    before = _rss_kib()
    cycle(100_000)
    gc.collect()
    after = _rss_kib()
    assert after - before < 2048, f"RSS grew by {after - before} KiB over 100,000 cycles"


def test_views_keep_storage_alive():
    a = np.arange(10.0)
    t = pc.asarray(a)
    del a
    gc.collect()
    v = t.T
    del t
    gc.collect()
    assert v.tolist() == list(np.arange(10.0))


SIGNATURES = {
    "asarray": "(obj, /, *, dtype=None, device=None, copy=None)",
    "empty": "(shape, dtype=None, *, device=None)",
    "zeros": "(shape, dtype=None, *, device=None)",
    "ones": "(shape, dtype=None, *, device=None)",
    "empty_like": "(x, /, dtype=None, *, device=None)",
    "zeros_like": "(x, /, dtype=None, *, device=None)",
    "ones_like": "(x, /, dtype=None, *, device=None)",
    "full": "(shape, fill_value, dtype=None, *, device=None)",
    "full_like": "(x, /, fill_value, dtype=None, *, device=None)",
    "arange": "(start=0, stop=None, step=1, dtype=None, *, device=None)",
    "linspace": "(start, stop, num, dtype=None, *, device=None, endpoint=True)",
    "eye": "(n_rows, n_cols=None, dtype=None, *, k=0, device=None)",
    "tril": "(x, /, k=0)",
    "triu": "(x, /, k=0)",
    "meshgrid": "(*arrays, indexing='xy')",
    "from_dlpack": "(x, /, *, device=None, copy=None)",
    "astype": "(x, dtype, /, *, copy=True, device=None)",
    "can_cast": "(from_, to, /)",
    "isdtype": "(dtype, kind)",
    "result_type": "(*arrays_and_dtypes)",
    "finfo": "(type, /)",
    "iinfo": "(type, /)",
}


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signatures(name):
    assert str(inspect.signature(getattr(pc, name))) == SIGNATURES[name]


def test_namespace_info():
    info = pc.__array_namespace_info__()
    caps = info.capabilities()
    assert caps["boolean indexing"] is True and caps["data-dependent shapes"] is True
    assert caps["max dimensions"] == 64
    assert info.default_device() == pc.Device("cpu")
    assert isinstance(info.devices(), tuple) and info.default_device() in info.devices()
    d = info.default_dtypes()
    assert d == {"real floating": pc.float32, "complex floating": pc.complex64,
                 "integral": pc.int64, "indexing": pc.int64}
    assert info.default_dtypes(device=pc.Device("cpu")) == d
    assert len(info.dtypes()) == 13
    assert set(info.dtypes(kind="real floating")) == {"float32", "float64"}
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64",
                                                                  "complex128"}
    assert all(isinstance(v, pc.dtype) for v in info.dtypes(kind="numeric").values())
    with pytest.raises(ValueError):
        info.dtypes(kind="nope")
    assert pc.__array_api_version__ == "2025.12"
