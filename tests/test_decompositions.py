"""Decompositions: composite ops run from the primitive set (kernels/primitives.def) on a device
that lacks them (dispatch/decompose.c), and the host fallback of the LAPACK-style ops.

Runs everywhere: the cases run in child processes with the test device hostdev keeping only
its primitives (PADDLE_C_HOSTDEV_PRIMITIVES=1), so every composite below goes through its
decomposition and is compared with the CPU, special values included. `make
test-hostdev-primitives` runs this file and the consistency tests in that mode.
"""

import os
import subprocess
import sys
import textwrap

import pytest

import paddle_c as pc

PRIMITIVES_ENV = {"PADDLE_C_TEST_BACKENDS": "hostdev", "PADDLE_C_HOSTDEV_PRIMITIVES": "1"}
# the ops without a decomposition: the host fallback's
LINALG = {"qr", "eigh", "eig", "svd"}


def run_child(code, **env):
    e = dict(os.environ)
    e.pop("PADDLE_C_DEFAULT_DEVICE", None)
    e.pop("PADDLE_C_HOST_FALLBACK", None)
    e.update(PRIMITIVES_ENV)
    e.update(env)
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=e, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_the_primitive_set_is_stated_once():
    roles = {op: (role, why) for op, role, why in pc._C._primitives()}
    for op in ["copy", "fill", "where", "sum", "prod", "max", "min", "cumsum", "cumprod", "sort",
               "gather", "scatter", "index_offsets", "arange", "matmul", "add", "exp"]:
        assert roles[op][0] == "primitive", op
    for op in ["copy", "sort", "gather", "arange", "matmul"]:
        assert roles[op][1], f"{op} says why it is a primitive"
    for op in ["mask_select", "mask_scatter", "copy_plane"]:
        assert roles[op][0] == "host loop", op
    for op in ["mask_fill", "mask_compact", "mask_expand"]:
        assert roles[op][0] == "optional", op
    assert roles["logaddexp"][0] == "composite"  # elementwise.def, decomposed
    assert roles["median"][0] == "composite"


def test_every_composite_has_a_decomposition_or_the_host_fallback():
    """Decomposition is the general mechanism: every composite op with a CPU kernel has a row
    of the decomposition table, except the LAPACK-style ops (the host fallback's)."""
    composites = {op for op, role, _ in pc._C._primitives() if role == "composite"}
    decomposed = {op for op, _ in pc._C._decompositions()}
    assert composites - decomposed == LINALG
    assert decomposed <= composites | {"cumsum", "cumprod"}


def test_primitives_only_hostdev_runs_everything_but_lapack():
    out = run_child("""
        import collections
        import paddle_c as pc
        rows = [(op, dt, h) for op, b, dt, h in pc._C._coverage() if b == "hostdev"]
        roles = {op: role for op, role, _ in pc._C._primitives()}
        assert {h for op, _, h in rows if roles[op] == "primitive"} == {"native"}
        assert {op for op, _, h in rows if h == "none"} == %r
        assert {h for op, _, h in rows if roles[op] == "composite" and op not in %r} == \\
            {"decomposed"}
        native = {op for op, b, dt in pc._C._kernels() if b == "hostdev"}
        assert native == {op for op, r in roles.items() if r == "primitive"} & native
        print(collections.Counter(h for _, _, h in rows))
    """ % (LINALG, LINALG))
    assert "decomposed" in out


CASES = r"""
import math
import warnings
import numpy as np
import paddle_c as pc

nan, inf = float("nan"), float("inf")
D = "hostdev:0"
failures = []


def host(t):
    if isinstance(t, tuple):
        return tuple(host(u) for u in t)
    if hasattr(t, "_fields"):
        return host(tuple(t))
    return np.asarray(t.to_device("cpu").astype(pc.float32) if t.dtype == pc.bfloat16
                      else t.to_device("cpu"))


def same(name, got, want, rtol=0.0):
    g, w = host(got), host(want)
    g, w = (g if isinstance(g, tuple) else (g,)), (w if isinstance(w, tuple) else (w,))
    for a, b in zip(g, w):
        try:
            assert a.dtype == b.dtype and a.shape == b.shape, (a.dtype, b.dtype, a.shape, b.shape)
            if rtol:
                np.testing.assert_allclose(a, b, rtol=rtol)
            else:
                np.testing.assert_array_equal(a, b)
        except AssertionError as e:
            failures.append(f"{name}: {e}")


def moved(v):
    return v.to_device(D) if isinstance(v, pc.Tensor) else v


def case(name, fn, *args, rtol=0.0, **kw):
    want = fn(*args, **kw)
    got = fn(*map(moved, args), **{k: moved(v) for k, v in kw.items()})
    same(name, got, want, rtol)


def raises(name, exc, text, fn, *args, **kw):
    msgs = []
    for a, k in [(args, kw), ([moved(x) for x in args], {n: moved(v) for n, v in kw.items()})]:
        try:
            fn(*a, **k)
        except exc as e:
            msgs.append(str(e))
        else:
            msgs.append(None)
    if msgs[0] != msgs[1] or msgs[0] is None or text not in msgs[0]:
        failures.append(f"{name}: the CPU said {msgs[0]!r}, the device {msgs[1]!r}")


f = pc.asarray([[3.0, -0.0, nan, 0.0, 3.0], [inf, -inf, 1.0, nan, 2.0], [nan] * 5])
z = pc.asarray([1 + 2j, complex(nan, 1), 1 + 2j, complex(1, nan), 0j, -0.0 + 0j, 3 - 1j])
i8 = pc.asarray([[5, -3, 7, 7], [0, 127, -128, 1]], dtype=pc.int8)

# reductions
for fn in ["mean", "var", "std", "nanmean", "nanvar", "nanstd", "nansum", "nanprod", "nanmax",
           "nanmin", "logsumexp", "ptp", "maxabs"]:
    for t, axis in [(f, 1), (f[:2], 0), (f[:2, ::-1], None), (pc.reshape(f, (3, 5, 1)), (0, 2))]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            case(f"{fn} axis={axis}", getattr(pc, fn), t, axis=axis, rtol=1e-6)
case("mean complex inf", pc.mean, pc.asarray(complex(0, inf)))
case("nanprod complex", pc.nanprod, pc.asarray([complex(0, inf), complex(0, nan), 1j]))
case("mean int8", pc.mean, i8, axis=1, rtol=1e-6)
case("logsumexp empty", pc.logsumexp, pc.zeros((2, 0)), axis=1)
case("ptp int8 wraps", pc.ptp, i8, axis=1)
case("ptp bool", pc.ptp, pc.asarray([[True, False], [True, True]]), axis=1)
for fn in ["all", "any", "count_nonzero"]:
    case(fn, getattr(pc, fn), f, axis=1)
    case(fn + " complex", getattr(pc, fn), z)
    case(fn + " empty", getattr(pc, fn), pc.zeros((0, 3)), axis=0)
# order
for fn in ["argmax", "argmin", "nanargmax", "nanargmin"]:
    case(fn, getattr(pc, fn), f[:2], axis=1)
    case(fn + " int8", getattr(pc, fn), i8, axis=0)
raises("nanargmax All-NaN", ValueError, "All-NaN", pc.nanargmax, f, axis=1)
case("argsort", pc.argsort, f, axis=1, descending=True)
case("median", pc.median, f, axis=1)
case("nanmedian", pc.nanmedian, f, axis=1)
case("median int8", pc.median, i8, axis=1)
case("median huge", pc.median, pc.asarray([1.7e308, 1.7e308]))
# searching and sets
case("searchsorted", pc.searchsorted, pc.asarray([-inf, -1.0, 0.0, 0.0, 2.0, nan]),
     pc.asarray([nan, -0.0, 2.0, -5.0, inf]))
case("searchsorted right", pc.searchsorted, pc.asarray([1, 2, 2, 3]), pc.asarray([2, 0, 9]),
     side="right")
case("searchsorted sorter", pc.searchsorted, pc.asarray([3.0, 1.0, 2.0]), pc.asarray([2.5]),
     sorter=pc.asarray([1, 2, 0]))
raises("searchsorted bad sorter", IndexError, "sorter index 5", pc.searchsorted,
       pc.asarray([3.0, 1.0, 2.0]), pc.asarray([2.5]), sorter=pc.asarray([1, 5, 0]))
case("isin", pc.isin, f, pc.asarray([3.0, nan, -0.0, inf]))
case("isin invert", pc.isin, i8, pc.asarray([7, 1], dtype=pc.int8), invert=True)
case("isin complex", pc.isin, z, pc.asarray([1 + 2j, complex(nan, 1), -0.0 + 0j]))
for fn in ["unique_values", "unique_counts", "unique_inverse", "unique_all"]:
    case(fn, getattr(pc, fn), f)
    case(fn + " complex", getattr(pc, fn), z)
    case(fn + " int8", getattr(pc, fn), i8)
case("nonzero", pc.nonzero, pc.reshape(pc.arange(24) % 3 == 0, (2, 3, 4)))
case("nonzero empty", pc.nonzero, pc.zeros((3, 2), dtype=pc.bool))
case("mask", lambda t: t[t > 0], f)
# making values
for dt in [pc.float32, pc.int16, pc.bool, pc.complex64, pc.float16]:
    for end in [True, False]:
        same(f"linspace {dt} {end}", pc.linspace(-3, 2.5, 9, dtype=dt, endpoint=end, device=D),
             pc.linspace(-3, 2.5, 9, dtype=dt, endpoint=end))
same("linspace complex", pc.linspace(1 + 1j, -2 + 3j, 5, device=D),
     pc.linspace(1 + 1j, -2 + 3j, 5))
for k in [-2, 0, 1, 9]:
    case(f"tril {k}", pc.tril, f, k=k)
    case(f"triu {k}", pc.triu, pc.reshape(pc.arange(24), (2, 3, 4)), k=k)
# elementwise
lo, hi = pc.asarray([0.0, nan, 1.0, 2.0, nan]), pc.asarray([1.0, 2.0, nan, 1.0, nan])
case("clip", pc.clip, pc.asarray([nan, 5.0, -5.0, 1.5, 0.5]), lo, hi)
case("clip int8", pc.clip, i8, -3, 5)
case("logaddexp", pc.logaddexp, f[0], f[1], rtol=4e-7)
case("diff", pc.diff, f, axis=1)
case("diff bool", pc.diff, f > 0, axis=0)
case("vecdot complex", pc.linalg.vecdot, pc.reshape(z[:6], (2, 3)), pc.reshape(z[1:], (2, 3)),
     rtol=1e-6)
case("vecdot int8", pc.linalg.vecdot, i8, i8)
case("cross float16", pc.linalg.cross, pc.asarray([[1.5, -2.0, 3.25]], dtype=pc.float16),
     pc.asarray([[0.5, 4.0, -1.0]], dtype=pc.float16))
# linalg: elimination steps over the batch
rng = np.random.default_rng(3)
for dt in [pc.float64, pc.complex64]:
    a = pc.asarray(rng.standard_normal((2, 3, 3)) + (1j if dt == pc.complex64 else 0) *
                   rng.standard_normal((2, 3, 3))).astype(dt)
    spd = pc.matmul(a, pc.conj(pc.matrix_transpose(a))) + 3 * pc.eye(3, dtype=dt)
    for fn, args in [(pc.linalg.cholesky, (spd,)), (pc.linalg.inv, (a,)),
                     (pc.linalg.solve, (a, a[..., ::-1][..., :2] + 1)), (pc.linalg.det, (a,)),
                     (pc.linalg.slogdet, (a,))]:
        case(f"{fn.__name__} {dt}", fn, *args, rtol=1e-4)
    case(f"cholesky upper {dt}", pc.linalg.cholesky, spd, upper=True, rtol=1e-4)
sing = pc.asarray([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 4.0]]])
raises("inv singular", ValueError, "inv: the matrix is singular", pc.linalg.inv, sing)
raises("solve singular", ValueError, "solve: the matrix x1 is singular", pc.linalg.solve, sing,
       pc.ones((2, 2, 1)))
raises("cholesky not positive definite", ValueError, "leading minor of order 2",
       pc.linalg.cholesky, pc.asarray([[[4.0, 2.0], [2.0, 1.0]], [[1.0, 0.0], [0.0, -1.0]]]))
case("det singular", pc.linalg.det, sing)
case("slogdet singular", pc.linalg.slogdet, sing)
# fft: matmuls with the DFT matrix
c = pc.asarray(np.random.default_rng(2).standard_normal((2, 6)) * (1 + 0.5j))
for fn, arg, kw in [(pc.fft.fft, c, {}), (pc.fft.ifft, c, {"n": 4}), (pc.fft.fft, c, {"n": 9}),
                    (pc.fft.rfft, pc.real(c), {"norm": "forward"}), (pc.fft.irfft, c, {}),
                    (pc.fft.irfft, c, {"n": 11}), (pc.fft.hfft, c[:, :4], {}),
                    (pc.fft.ifftn, c, {}), (pc.fft.fft, c.astype(pc.complex64), {})]:
    case(f"{fn.__name__} {kw}", fn, arg, rtol=1e-5, **kw)
try:
    pc.fft.fft(pc.zeros(5000, dtype=pc.complex64, device=D))
    failures.append("fft of 5000 points ran as a DFT matrix")
except NotImplementedError as e:
    if "at most 4096" not in str(e):
        failures.append(f"fft too long: {e}")
print("\n".join(failures) if failures else "ok")
"""


def test_decompositions_match_the_cpu():
    out = run_child(CASES)
    assert out.strip() == "ok", out


def test_host_fallback_is_off_and_says_how():
    out = run_child("""
        import paddle_c as pc
        try:
            pc.linalg.qr(pc.ones((2, 2), device="hostdev:0"))
        except NotImplementedError as e:
            print(e)
    """)
    assert "'qr' is not implemented on hostdev:0 for dtype float32 " \
           "(PADDLE_C_HOST_FALLBACK=1 runs it on the host" in out


def test_host_fallback_warns_once_per_op():
    out = run_child("""
        import warnings
        import numpy as np
        import paddle_c as pc
        how = {(o, d): h for o, b, d, h in pc._C._coverage() if b == "hostdev"}
        assert {h for (o, d), h in how.items() if o in %r} == {"host"}
        a = pc.asarray([[4.0, 2.0], [2.0, 3.0]])
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            for _ in range(2):
                for fn in (pc.linalg.svdvals, pc.linalg.eigvalsh):
                    got = fn(a.to_device("hostdev:0"))
                    np.testing.assert_allclose(np.asarray(got.to_device("cpu")),
                                               np.asarray(fn(a)), rtol=1e-6)
        print(sorted(str(x.message).split("'")[1] for x in w))
    """ % (LINALG,), PADDLE_C_HOST_FALLBACK="1")
    assert out.strip() == "['eigh', 'svd']", out


def test_decomposition_runs_are_counted():
    out = run_child("""
        import paddle_c as pc
        before = pc._C._decomposition_runs()
        pc.argmax(pc.asarray([1.0, 3.0, 2.0], device="hostdev:0"))
        print(pc._C._decomposition_runs() - before)
    """)
    assert int(out) >= 1
