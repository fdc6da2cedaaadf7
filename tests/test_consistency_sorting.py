"""Sorting and selection on every non-CPU device against the CPU, exactly.

For each device present (the `hostdev` test device when PADDLE_C_TEST_BACKENDS=hostdev, gpu:0
on a machine with a GPU) and every dtype the CPU accepts: sort and argsort (ascending and
descending, stable, every axis), topk (largest and smallest), kthvalue, median and nanmedian
(both modes, an axis or all of them) on data full of ties, NaN, signed zeros and infinities
(complex values with NaN in either part) in several layouts: contiguous, transposed, negative
strides, stepped, a middle axis of a 3-D tensor, lanes long enough for the device's radix
passes, 0-D and 0-size. The device's results must equal the CPU's: the same dtype and shape,
the same indices (so the same stable order of ties), the values bit for bit (NaN payloads and
the sign of zero included). Where the CPU raises, the device must raise the same exception type.

The coverage gate: every filled device slot of SORT, ARGSORT and MEDIAN was dispatched to.
"""

import collections

import numpy as np
import pytest

import paddle_c as pc
from strategies import ALL_DTYPES
from test_backend_consistency import base, compare, to_numpy

from devices import OTHERS as DEVICES  # noqa: E402
pytestmark = pytest.mark.skipif(not DEVICES, reason="no non-CPU device in this build")

SORT_FAMILY = {"sort", "argsort", "median"}


def inputs(dtype, seed):
    """(name, x, axes) built on the CPU: the layouts and the axes to sort along."""
    long_lane = base(dtype, (3, 700), seed)
    cube = base(dtype, (3, 4, 5), seed + 1)
    return [
        ("contiguous", base(dtype, (4, 5), seed), [0, 1, -1]),
        ("transposed", pc.permute_dims(base(dtype, (5, 4), seed), (1, 0)), [0, 1]),
        ("negative stride", base(dtype, (4, 5), seed)[::-1, ::-1], [0, 1]),
        ("stepped", base(dtype, (8, 10), seed)[::2, 1::2], [0, 1]),
        ("3-D", cube, [0, 1, 2]),
        ("3-D permuted", pc.permute_dims(cube, (2, 0, 1)), [1]),
        ("long lanes", long_lane, [1]),
        ("one long lane", pc.reshape(long_lane, (-1,)), [0]),
        ("0-D", base(dtype, (), seed), [0, -1]),
        ("0-size", base(dtype, (4, 0), seed), [0, 1]),
        ("0-size lanes", base(dtype, (0, 3), seed), [1]),
    ]


def calls(axis):
    """(name, function of x) for one axis."""
    return [
        ("sort", lambda x: pc.sort(x, axis=axis)),
        ("sort desc", lambda x: pc.sort(x, axis=axis, descending=True)),
        ("argsort", lambda x: pc.argsort(x, axis=axis, stable=True)),
        ("argsort desc", lambda x: pc.argsort(x, axis=axis, descending=True, stable=True)),
        ("topk", lambda x: pc.topk(x, 2, axis=axis)),
        ("topk smallest", lambda x: pc.topk(x, 1, axis=axis, largest=False)),
        ("kthvalue", lambda x: pc.kthvalue(x, 2, axis=axis)),
        ("kthvalue keepdim", lambda x: pc.kthvalue(x, 1, axis=axis, keepdim=True)),
        ("median", lambda x: pc.median(x, axis=axis)),
        ("median min", lambda x: pc.median(x, axis=axis, mode="min", keepdim=True)),
        ("nanmedian", lambda x: pc.nanmedian(x, axis=axis)),
        ("nanmedian min", lambda x: pc.nanmedian(x, axis=axis, mode="min")),
        ("median all", lambda x: pc.median(x)),
        ("nanmedian all", lambda x: pc.nanmedian(x, mode="min")),
    ]


def bit_same(got, want):
    """None when got equals want bit for bit (values of floating dtypes), else a description."""
    g, w = to_numpy(got.to_device("cpu")), to_numpy(want)
    why = compare("", str(want.dtype), g, w)
    if why is None and w.dtype.kind in "fc" and g.tobytes() != w.tobytes():
        a = g.view(f"u{g.itemsize}").ravel() if g.dtype.kind == "f" else g.ravel()
        b = w.view(f"u{w.itemsize}").ravel() if w.dtype.kind == "f" else w.ravel()
        i = int(np.flatnonzero(a != b)[0]) if a.size and np.any(a != b) else 0
        return f"bits differ at element {i}"
    return why


def same(got, want):
    if isinstance(want, (tuple, list)):
        for g, w in zip(got, want):
            why = same(g, w)
            if why:
                return why
        return None
    return bit_same(got, want)


def run_one(device, fn, x):
    """None when fn on the device agrees with fn on the CPU, else a description."""
    try:
        want = fn(x)
    except (TypeError, ValueError, NotImplementedError) as e:
        try:
            fn(x.to_device(device))
        except type(e):
            return None
        return f"the CPU raised {type(e).__name__}, the device did not"
    return same(fn(x.to_device(device)), want)


def run_dtype(device, dtype):
    failures = []
    for layout, x, axes in inputs(dtype, 3):
        for axis in axes:
            for name, fn in calls(axis):
                why = run_one(device, fn, x)
                if why:
                    failures.append(f"{name} axis={axis} {dtype} {layout}: {why}")
    return failures


@pytest.mark.parametrize("device", DEVICES, ids=str)
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_device_matches_cpu(device, dtype):
    failures = run_dtype(device, dtype)
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize("device", DEVICES, ids=str)
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_nan_payloads_and_zero_signs_survive(device, dtype):
    """Values are moved, never recomputed: NaN payloads and signs, -0 before +0 as given."""
    uint = {"float16": np.uint16, "float32": np.uint32, "float64": np.uint64}[dtype]
    bits = np.dtype(uint).itemsize * 8
    quiet = {16: 0x7E00, 32: 0x7FC00000, 64: 0x7FF8000000000000}[bits]
    sign = 1 << (bits - 1)
    raw = [quiet | 5, sign | quiet | 3, quiet | 1, sign, 0, sign, 0]
    v = np.array(raw * 40, dtype=uint).view(dtype).reshape(10, 28)
    x = pc.asarray(v)
    for axis in (0, 1):
        for desc in (False, True):
            want = pc.sort(x, axis=axis, descending=desc)
            got = pc.sort(x.to_device(device), axis=axis, descending=desc)
            assert bit_same(got, want) is None
            got_v = np.asarray(got.to_device("cpu")).view(uint)
            assert np.array_equal(got_v, np.asarray(want).view(uint))


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_every_device_slot_is_exercised(device):
    """The coverage gate: each filled device slot of SORT, ARGSORT and MEDIAN is dispatched
    to by a small sweep."""
    pc._C._kernel_hits(reset=True)
    for dtype in ALL_DTYPES:
        x = base(dtype, (3, 4), 1).to_device(device)
        for fn in (lambda t: pc.sort(t, axis=1), lambda t: pc.argsort(t, axis=0),
                   lambda t: pc.median(t, axis=1)):
            try:
                fn(x)
            except (TypeError, NotImplementedError):
                pass
    hits = collections.defaultdict(set)
    for op, backend, dtype, _ in pc._C._kernel_hits(reset=True):
        hits[backend].add((op, dtype))
    assert hits, f"no device kernel was dispatched to on {device}"
    for backend, seen in hits.items():
        filled = {(op, dt) for op, b, dt in pc._C._kernels()
                  if b == backend and op in SORT_FAMILY}
        never = sorted(filled - seen)
        assert not never, f"{backend} kernels no test exercised: {never}"
