"""Reductions, arg-reductions and scans on every non-CPU device against the CPU.

For each device present (the `hostdev` test device when PADDLE_C_TEST_BACKENDS=hostdev, gpu:0
on a machine with a GPU): Hypothesis draws arrays of every dtype (bfloat16 through float32
values) in the layouts of tests/strategies.py (contiguous, transposed, reversed, stepped,
offset; 0-D and 0-size shapes included), an axis (None, an int or a tuple) and keepdims; the
function runs on the CPU and on the device, and the results must agree in dtype, shape and
values, or both sides must raise the same exception type.

Tolerance classes (a GPU reduces in another order than the CPU):
  exact      arg-reductions, all/any/count_nonzero, max/min and their nan forms, ptp, maxabs and every
             integer or bool sum, product and cumulative sum/product (two's complement);
  relative   floating sums, means, products, var/std and logsumexp: |device - cpu| within
             1e-13 (float64, complex128) / 1e-6 (float32, complex64 and the float32 results of
             integer input) / one unit of the result's precision (float16, bfloat16) of the
             condition of the problem (the same reduction of |x| for sums and means, |cpu| for
             products, the mean square for var, max|x| + 1 for logsumexp); NaN and infinities
             in the same places.

The coverage gate: a deterministic sweep over every function and dtype must dispatch to every
filled device slot of these ops (_C._kernel_hits).
"""

import collections
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paddle_c as pc
from strategies import ALL_DTYPES, layouts, np_arrays, shapes

from devices import OTHERS as DEVICES  # noqa: E402
pytestmark = pytest.mark.skipif(not DEVICES, reason="no non-CPU device in this build")

SUMS = ["sum", "nansum", "mean", "nanmean"]
PRODS = ["prod", "nanprod"]
VARS = ["var", "std", "nanvar", "nanstd"]
ORDERED = ["max", "min", "nanmax", "nanmin", "ptp", "maxabs"]
LOGIC = ["all", "any", "count_nonzero"]
ARG = ["argmax", "argmin", "nanargmax", "nanargmin"]
SCANS = ["cumulative_sum", "cumulative_prod"]
REDUCTIONS = SUMS + PRODS + VARS + ORDERED + LOGIC + ["logsumexp"]
FUNCTIONS = REDUCTIONS + ARG + SCANS
# the kernel table's name of each function
OPS = {"cumulative_sum": "cumsum", "cumulative_prod": "cumprod"}

RTOL = {"float64": 1e-13, "complex128": 1e-13, "float32": 1e-6, "complex64": 1e-6,
        "float16": 2.0 ** -10, "bfloat16": 2.0 ** -7}


def call(name, x, axis, keepdims, extra):
    if name in SCANS:
        return getattr(pc, name)(x, axis=axis, include_initial=extra)
    if name == "logsumexp":
        return pc.logsumexp(x, axis=axis, keepdim=keepdims)
    if name in VARS:
        return getattr(pc, name)(x, axis=axis, keepdims=keepdims, correction=int(extra))
    return getattr(pc, name)(x, axis=axis, keepdims=keepdims)


def to_numpy(t):
    if t.dtype == pc.bfloat16:
        t = t.astype(pc.float32)
    return np.asarray(t)


def scale_of(name, x, axis, want):
    """The magnitude the rounding errors of `name` scale with, shaped like `want`."""
    a = np.abs(x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)).real
    if name in PRODS or name == "cumulative_prod":
        return np.abs(want.astype(np.complex128)).real
    if a.size == 0:
        return np.zeros(want.shape)
    ax = tuple(range(a.ndim)) if axis is None else axis
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        if name == "cumulative_sum":
            s = np.full(want.shape, np.nansum(a))  # bounds every running sum
        elif name in ("sum", "nansum"):
            s = np.nansum(a, axis=ax, keepdims=True)
        elif name in ("mean", "nanmean"):
            s = np.nanmean(a, axis=ax, keepdims=True)
        elif name in VARS:
            s = np.nanmean(a * a, axis=ax, keepdims=True)
            s = np.sqrt(s) if name.endswith("std") else s
        else:  # logsumexp
            s = np.nanmax(np.where(np.isinf(a), 0, a), axis=ax, keepdims=True) + 1
    s = np.nan_to_num(np.asarray(s, dtype=np.float64), nan=0.0, posinf=np.inf)
    return s.reshape(want.shape)


def exact(name, dtype):
    return name in ORDERED + LOGIC + ARG or dtype in ("bool", "int8", "int16", "int32",
                                                       "int64", "uint8", "uint16", "uint32",
                                                       "uint64") and name not in (
        ["mean", "nanmean", "logsumexp"] + VARS)


def compare(name, dtype, got, want, x, axis):
    """None when the device's result agrees with the CPU's, else a description."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"shape/dtype {got.shape} {got.dtype} != {want.shape} {want.dtype}"
    if got.size == 0:
        return None
    if exact(name, dtype) or want.dtype.kind not in "fc":
        same = (got == want) | (np.isnan(got) & np.isnan(want)) if want.dtype.kind in "fc" \
            else got == want
        if np.all(same):
            return None
        i = np.flatnonzero(~np.asarray(same).ravel())[0]
        return f"element {i}: device {got.ravel()[i]!r}, cpu {want.ravel()[i]!r}"
    res = {"float32": "float32", "complex64": "float32"}.get(want.dtype.name, want.dtype.name)
    rtol = RTOL.get(dtype if dtype in ("float16", "bfloat16") else res, 1e-6)
    scale = scale_of(name, x, axis, want)
    for g, w in ([(got.real, want.real), (got.imag, want.imag)] if want.dtype.kind == "c"
                 else [(got, want)]):
        g, w = g.astype(np.float64), w.astype(np.float64)
        special = ~np.isfinite(w) | ~np.isfinite(g)
        bad = special & ~((g == w) | (np.isnan(g) & np.isnan(w)))
        with np.errstate(all="ignore"):
            bad |= ~special & (np.abs(g - w) > rtol * scale + 1e-300)
        if np.any(bad):
            i = np.flatnonzero(bad.ravel())[0]
            return (f"element {i}: device {g.ravel()[i]!r}, cpu {w.ravel()[i]!r} "
                    f"(rtol {rtol:g} of {np.ravel(scale)[i]:g})")
    return None


def np_input(dtype, shape, bounded):
    """NumPy arrays for `dtype` (bfloat16 as float32 values); `bounded` keeps floating values
    in [-2, 2] (products: no overflow or underflow whose place depends on the order)."""
    ndt = "float32" if dtype == "bfloat16" else dtype
    elements = None
    if bounded and np.dtype(ndt).kind in "fc":
        width = {"float16": 16, "float32": 32, "complex64": 32}.get(ndt, 64)
        real = st.one_of(st.floats(-2, 2, width=width, allow_subnormal=False),
                         st.sampled_from([float("nan"), float("inf"), 0.0]))
        elements = real if np.dtype(ndt).kind == "f" else st.builds(complex, real, real)
    return np_arrays(ndt, shape=shape, elements=elements)


@st.composite
def cases(draw, name, dtype):
    a = draw(np_input(dtype, shapes(min_dims=0, max_dims=3, max_side=6),
                      name in PRODS + ["cumulative_prod"]))
    v = draw(layouts(a))
    nd = v.ndim
    if name in SCANS:
        # an axis is required above one dimension; None flattens
        choices = list(range(-nd, nd)) if nd > 1 else [None] + list(range(nd))
        axis = draw(st.sampled_from(choices))
        extra = draw(st.booleans())
    elif name in ARG:
        axis = draw(st.sampled_from([None] + list(range(-nd, nd))))
        extra = None
    else:
        axis = draw(st.one_of(st.none(), st.integers(-nd, nd - 1) if nd else st.none(),
                              st.permutations(range(nd)).flatmap(
                                  lambda p: st.integers(0, nd).map(lambda k: tuple(p[:k])))))
        extra = draw(st.sampled_from([0, 1])) if name in VARS else None
    keepdims = draw(st.booleans())
    return v, axis, keepdims, extra


def check(device, name, dtype, v, axis, keepdims, extra):
    x = pc.asarray(v)
    if dtype == "bfloat16":
        x = x.astype(pc.bfloat16)
        v = to_numpy(x)
    try:
        want = call(name, x, axis, keepdims, extra)
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            call(name, x.to_device(device), axis, keepdims, extra)
        return
    got = call(name, x.to_device(device), axis, keepdims, extra)
    assert got.device == device
    why = compare(name, dtype, to_numpy(got.to_device("cpu")), to_numpy(want), v,
                  None if axis is None else (axis if isinstance(axis, tuple) else
                                             (axis % max(v.ndim, 1),)))
    assert why is None, f"{name} {dtype} axis={axis} keepdims={keepdims} {extra}: {why}"


@pytest.mark.parametrize("device", DEVICES, ids=str)
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("name", FUNCTIONS)
def test_device_matches_cpu(device, name, dtype):
    @settings(max_examples=8, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(cases(name, dtype))
    def run(case):
        check(device, name, dtype, *case)

    run()


def test_scan_accuracy_on_device():
    """float64 running sums stay compensated on the device: docs/reductions.md's example."""
    for device in DEVICES:
        x = pc.asarray([1e16, 1.0, -1e16, 1.0], dtype=pc.float64, device=device)
        got = np.asarray(pc.cumulative_sum(x).to_device("cpu"))
        assert got.tolist() == [1e16, 1e16 + 1, 1.0, 2.0]
        big = pc.asarray(np.tile([1e16, 1.0, -1e16], 3000), dtype=pc.float64, device=device)
        assert float(pc.sum(big).to_device("cpu")) == 3000.0


def test_nanargmax_all_nan_raises_on_device():
    for device in DEVICES:
        x = pc.asarray([[1.0, float("nan")], [float("nan"), float("nan")]], dtype=pc.float64,
                       device=device)
        for f in (pc.nanargmax, pc.nanargmin):
            with pytest.raises(ValueError, match="All-NaN"):
                f(x, axis=1)
        assert pc.nanargmax(x[0]).to_device("cpu").tolist() == 0


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_every_device_slot_is_exercised(device):
    """The coverage gate: each filled device slot of these ops is dispatched to."""
    pc._C._kernel_hits(reset=True)
    rng = np.random.default_rng(0)
    for name in FUNCTIONS:
        for dtype in ALL_DTYPES:
            v = rng.integers(1, 4, (3, 4)).astype("float32" if dtype == "bfloat16" else dtype)
            x = pc.asarray(v).astype(getattr(pc, dtype)).to_device(device)
            try:
                call(name, x, 1, False, True if name in SCANS else
                     (0 if name in VARS else None))
            except (TypeError, NotImplementedError):
                pass
    hits = collections.defaultdict(set)
    for op, backend, dtype, _ in pc._C._kernel_hits(reset=True):
        hits[backend].add((op, dtype))
    ops = {OPS.get(n, n) for n in FUNCTIONS}
    assert hits, f"no device kernel was dispatched to on {device}"
    for backend, seen in hits.items():
        filled = {(op, dt) for op, b, dt in pc._C._kernels() if b == backend and op in ops}
        never = sorted(filled - seen)
        assert not never, f"{backend} kernels no test exercised: {never}"
