"""Every elementwise function on every non-CPU device against the CPU.

For each device present (the `hostdev` test device when PADDLE_C_TEST_BACKENDS=hostdev, gpu:0
on a machine with a GPU) and each public elementwise function of elementwise.def (from the
table's introspection, _C._elementwise(), plus where, clip and the steps of diff, vecdot and
cross) and each dtype the
CPU accepts: inputs holding special values (NaN, +-inf, +-0, integer extremes, subnormals) in
five layouts (contiguous, transposed, negative stride, stepped, broadcast), 0-D and empty,
compared with the CPU's result: bit for bit (NaN matching NaN) for exact functions, within 2
units in the last place for the transcendental ones (the GPU's libm against the CPU's).

A function whose device slot is empty must raise NotImplementedError naming the function,
the device and the dtype. The coverage gate: every filled device slot of these functions must
have been dispatched to by this test (_C._kernel_hits), so each device kernel comes with a
test. Without a non-CPU device there is nothing to compare.
"""

import collections

import numpy as np
import pytest

import paddle_c as pc
from strategies import ALL_DTYPES

from devices import OTHERS as DEVICES  # noqa: E402
pytestmark = pytest.mark.skipif(not DEVICES, reason="no non-CPU device in this build")

ELEMENTWISE = dict(pc._C._elementwise())
# functions computed with libm-class code (or several roundings) on either side: <= 2 ulp
APPROX = {"sqrt", "exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "asin",
          "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "atan2", "hypot",
          "logaddexp", "pow", "reciprocal", "divide", "square", "multiply", "sign", "abs"}
# sums of products: whether a * b + c is contracted to one fused multiply-add differs between
# compilers (vecdot, cross)
APPROX |= {"vecdot", "cross"}
# exact only for real dtypes (complex results combine several roundings)
APPROX_COMPLEX_ONLY = {"reciprocal", "divide", "square", "multiply", "sign", "abs"}


def special_values(dtype):
    if dtype == "bool":
        return [False, True]
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        vals = [0, 1, 2, 7, 100, int(info.max), int(info.max) - 1, int(info.min)]
        if info.min < 0:
            vals += [-1, -2, -7, int(info.min) + 1]
        return vals
    tiny = {"float16": 6e-8, "bfloat16": 1e-40, "float32": 1e-45, "complex64": 1e-45}.get(dtype,
                                                                                         5e-324)
    big = {"float16": 65504.0, "bfloat16": 3e38, "float32": 3e38, "complex64": 3e38}.get(dtype,
                                                                                        1e308)
    real = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 100.0, 1e-3, tiny, -tiny, big, -big,
            float("nan"), float("inf"), float("-inf")]
    if dtype.startswith("complex"):
        return [complex(a, b) for a, b in zip(real, real[3:] + real[:3])]
    return real


def base(dtype, shape, seed):
    vals = special_values(dtype)
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape)) if shape else 1
    picked = [vals[i] for i in rng.integers(0, len(vals), n)]
    t = pc.asarray(np.array(picked, dtype=object).tolist() if n else [],
                   dtype=getattr(pc, dtype), device="cpu")
    return pc.reshape(t, shape)


def layouts(dtype, nin, seed):
    """(layout name, [operands...]) with the same logical shape, built on the CPU; `dtype` is
    every operand's dtype, or a list of one dtype per operand."""
    dts = [dtype] * nin if isinstance(dtype, str) else list(dtype)
    out = []
    out.append(("contiguous", [base(dts[k], (4, 5), seed + k) for k in range(nin)]))
    out.append(("transposed", [pc.permute_dims(base(dts[k], (5, 4), seed + k), (1, 0))
                               for k in range(nin)]))
    out.append(("negative stride", [base(dts[k], (4, 5), seed + k)[:, ::-1]
                                    for k in range(nin)]))
    out.append(("stepped", [base(dts[k], (4, 10), seed + k)[:, ::2] for k in range(nin)]))
    if nin == 1:
        out.append(("broadcast", [pc.broadcast_to(base(dts[0], (1, 5), seed), (4, 5))]))
    else:
        out.append(("broadcast", [base(dts[0], (1, 5), seed)] +
                    [base(dts[k], (4, 1), seed + k) for k in range(1, nin)]))
    out.append(("0-D", [base(dts[k], (), seed + k) for k in range(nin)]))
    out.append(("empty", [base(dts[k], (0, 3), seed + k) for k in range(nin)]))
    return out


def to_numpy(t):
    if t.dtype == pc.bfloat16:
        t = t.astype(pc.float32)
    return np.asarray(t)


def ulps(got, want, dtype):
    """|got - want| in units in the last place of the result dtype (inf where they differ in
    kind: NaN against a number, infinities of different sign)."""
    g, w = got.astype(np.float64), want.astype(np.float64)
    both_nan = np.isnan(g) & np.isnan(w)
    same = (g == w) | both_nan
    if dtype == "bfloat16":
        spacing = np.abs(w) * 2.0 ** -7 + 2.0 ** -133
    else:
        with np.errstate(all="ignore"):
            spacing = np.spacing(np.abs(want).astype(want.dtype)).astype(np.float64)
    with np.errstate(all="ignore"):
        d = np.where(same, 0.0, np.abs(g - w) / spacing)
    d = np.where(~same & (np.isnan(g) | np.isnan(w) | np.isinf(g) | np.isinf(w)), np.inf, d)
    return d


def compare(name, dtype, got, want):
    """None when got (from the device) agrees with want (from the CPU), else a description."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"shape/dtype {got.shape} {got.dtype} != {want.shape} {want.dtype}"
    if got.size == 0:
        return None
    approx = name in APPROX and (name not in APPROX_COMPLEX_ONLY or want.dtype.kind == "c")
    if want.dtype.kind in "fc" and approx:
        if want.dtype.kind == "c":
            # [Complex overflow] Whether a part of an overflowing product is inf or NaN depends
            # on FMA contraction (a*c - b*d as one fused operation or two), which compilers
            # choose per loop: such values are compared as "not finite" (C99 Annex G calls any
            # value with an infinite part an infinity).
            gi, wi = ~np.isfinite(got), ~np.isfinite(want)
            if np.any(gi != wi):
                i = np.flatnonzero((gi != wi).ravel())[0]
                return f"element {i}: device {got.ravel()[i]!r}, cpu {want.ravel()[i]!r}"
            got, want = np.where(wi, 0, got), np.where(wi, 0, want)
        parts = [(got.real, want.real), (got.imag, want.imag)] if want.dtype.kind == "c" \
            else [(got, want)]
        worst = max(float(np.max(ulps(g, w, dtype))) for g, w in parts)
        return None if worst <= 2 else f"{worst:.3g} ulp apart"
    if want.dtype.kind in "fc":
        same = (got == want) | (np.isnan(got) & np.isnan(want))
        if want.dtype.kind == "f":
            same &= np.signbit(got) == np.signbit(want)
    else:
        same = got == want
    if np.all(same):
        return None
    i = np.flatnonzero(~np.asarray(same).ravel())[0]
    return f"element {i}: device {got.ravel()[i]!r}, cpu {want.ravel()[i]!r}"


def call(name, args):
    if name == "where":
        cond = pc.not_equal(args[0], pc.zeros_like(args[0])) if args[0].dtype != pc.bool \
            else args[0]
        return pc.where(cond, args[1], args[2])
    if name == "clip":
        return pc.clip(args[0], args[1], args[2])
    if name == "diff":
        return pc.diff(args[0], axis=-1)
    if name == "vecdot":
        return pc.vecdot(*[pc.reshape(a, (1,)) if a.ndim == 0 else a for a in args])
    if name == "cross":
        # three-element vectors: the first three of each row; a 0-D value repeated (a
        # stride-0 vector axis)
        return pc.linalg.cross(*[pc.broadcast_to(pc.reshape(a, (1,)), (3,)) if a.ndim == 0
                                 else a[..., :3] for a in args])
    return getattr(pc, name)(*args)


FUNCTIONS = [(n, k) for n, k in ELEMENTWISE.items()] + [("where", 3), ("clip", 3), ("diff", 1),
                                                ("vecdot", 2), ("cross", 2)]


def run_all(device):
    failures, missing = [], set()
    for name, nin in FUNCTIONS:
        for dtype in ALL_DTYPES:
            for layout, args in layouts(dtype, nin, seed=len(name)):
                try:
                    want = call(name, args)
                except (TypeError, ValueError):
                    break  # the CPU does not take this dtype: nor may the device
                dargs = [a.to_device(device) for a in args]
                try:
                    got = call(name, dargs)
                except NotImplementedError as e:
                    msg = str(e)
                    if not (f"'{name}'" in msg and dtype in msg and f":{device.index}" in msg):
                        failures.append(f"{name} {dtype}: NotImplementedError without op, "
                                        f"device and dtype: {msg!r}")
                    missing.add((name, dtype))
                    break
                except Exception as e:  # noqa: BLE001 - every failure is reported
                    failures.append(f"{name} {dtype} {layout}: {type(e).__name__}: {e}")
                    continue
                if got.device != device:
                    failures.append(f"{name} {dtype} {layout}: result on {got.device}")
                    continue
                why = compare(name, dtype, to_numpy(got.to_device("cpu")), to_numpy(want))
                if why:
                    failures.append(f"{name} {dtype} {layout}: {why}")
    return failures, missing


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_device_matches_cpu(device):
    pc._C._kernel_hits(reset=True)
    failures, missing = run_all(device)
    hits = collections.defaultdict(set)
    for op, backend, dtype, _ in pc._C._kernel_hits(reset=True):
        hits[backend].add((op, dtype))
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:60])
    print(f"{device}: {len(missing)} (function, dtype) slots raise NotImplementedError")
    # the coverage gate: every filled device slot of these functions was dispatched to
    names = {n for n, _ in FUNCTIONS}
    assert hits, f"no device kernel was dispatched to on {device}"
    for backend, seen in hits.items():
        filled = {(op, dt) for op, b, dt in pc._C._kernels() if b == backend and op in names}
        never = sorted(filled - seen)
        assert not never, f"{backend} kernels no test exercised: {never}"


# ---- operands of mixed dtypes ---------------------------------------------------------------
# A device kernel converts operands of another dtype than its own on load (and the result on
# store) instead of converting whole tensors into temporaries first: the result must be the
# CPU's (whose buffered casting is the reference) and NumPy's, and only the result may be
# allocated on the device.
MIXED = [("add", ("int8", "float64")), ("multiply", ("bool", "complex64")),
         ("multiply", ("bool", "complex128")), ("add", ("float16", "float32")),
         ("subtract", ("bfloat16", "float64")), ("divide", ("int16", "int16")),
         ("greater", ("uint8", "float32")), ("equal", ("int64", "uint32")),
         ("logical_and", ("int32", "float64")), ("atan2", ("int8", "float32")),
         ("maximum", ("float32", "int16")), ("bitwise_or", ("int8", "int64")),
         ("sqrt", ("int32",)), ("where", ("bool", "int8", "float64")),
         ("clip", ("int32", "int8", "int16"))]


def mixed_supported(name, dtypes):
    try:
        call(name, [base(dt, (2,), 0) for dt in dtypes])
    except (TypeError, ValueError):
        return False
    return True


@pytest.mark.parametrize("device", DEVICES, ids=str)
@pytest.mark.parametrize("name,dtypes", MIXED, ids=lambda v: v if isinstance(v, str)
                         else "-".join(v))
def test_mixed_dtypes_match_the_cpu(device, name, dtypes):
    if not mixed_supported(name, dtypes):
        pytest.fail(f"{name}{dtypes} is refused on the CPU: the case list is wrong")
    for layout, args in layouts(list(dtypes), len(dtypes), seed=3):
        want = call(name, args)
        got = call(name, [a.to_device(device) for a in args])
        assert got.device == device
        why = compare(name, str(want.dtype).rsplit(".", 1)[-1], to_numpy(got.to_device("cpu")), to_numpy(want))
        assert why is None, f"{name}{dtypes} {layout}: {why}"


@pytest.mark.parametrize("device", DEVICES, ids=str)
@pytest.mark.parametrize("name,dtypes", [m for m in MIXED if "bfloat16" not in m[1]],
                         ids=lambda v: v if isinstance(v, str) else "-".join(v))
def test_mixed_dtypes_match_numpy_without_temporaries(device, name, dtypes):
    rng = np.random.default_rng(7)
    arrays = [(rng.integers(-3, 4, (4, 6)) if dt != "bool" else rng.integers(0, 2, (4, 6)))
              .astype(dt) for dt in dtypes]
    arrays = [a[:, ::2] if k % 2 else a[:, :3] for k, a in enumerate(arrays)]  # strided too
    xs = [pc.asarray(a, device=device) for a in arrays]
    before = pc.memory_stats(device)["num_allocs"]
    got = call(name, xs)
    # only the result (GPU: where's raw kernel still converts through temporaries; a
    # decomposed slot - PADDLE_C_HOSTDEV_PRIMITIVES - makes its steps' temporaries; a plug-in's
    # kernels take operands of their own dtype only, plugin.h)
    how = {(op, dt) for op, b, dt, h in pc._C._coverage() if h == "decomposed"}
    decomposed = any((name, dt) in how for dt in dtypes)
    if (device.type == "hostdev" or name != "where") and not decomposed and device.type != "xpu":
        assert pc.memory_stats(device)["num_allocs"] == before + 1
    np_name = {"atan2": "arctan2"}.get(name, name)
    if name == "clip":
        want = np.clip(*arrays)
    else:
        want = getattr(np, np_name)(*arrays)
    got = np.asarray(got.to_device("cpu"))  # paddle_c's int / int is float32, NumPy's float64
    np.testing.assert_allclose(got, want.astype(got.dtype), rtol=1e-6, atol=0)
