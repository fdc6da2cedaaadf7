"""Device plug-ins (paddle_c/plugin.h) and the OpenCL plug-in (plugins/opencl).

The loader part runs everywhere: a tiny plug-in built here for another ABI version must be
refused, naming both versions, at the first use of an xpu device. The OpenCL part needs the
plug-in loaded as xpu:0 (`make test-opencl` builds it and sets PADDLE_C_PLUGIN_PATH; PoCL runs
it on the CPU): every elementwise function against the CPU (the consistency test of
test_backend_consistency.py, for every op it claims), the reductions, matmul, the
decompositions, DLPack's device type and the memory statistics.
"""

import os
import shutil
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle_c as pc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from devices import XPU  # noqa: E402
needs_xpu = pytest.mark.skipif(not XPU, reason="no plug-in device (make test-opencl loads the "
                               "OpenCL plug-in as xpu:0)")

WRONG_ABI = textwrap.dedent("""
    #include "paddle_c/plugin.h"
    static const pcp_plugin p = {sizeof(pcp_plugin), PC_PLUGIN_ABI_VERSION + 998, "wrong"};
    __attribute__((visibility("default"))) const pcp_plugin *paddle_c_plugin(void) { return &p; }
""")


def build_plugin(tmp_path, source, name):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the test plug-in")
    src = tmp_path / f"{name}.c"
    src.write_text(source)
    lib = tmp_path / f"lib{name}.so"
    subprocess.run([cc, "-shared", "-fPIC", "-I", os.path.join(ROOT, "csrc", "include"),
                    str(src), "-o", str(lib)], check=True)
    return lib


def run_with_plugins(path, code):
    env = dict(os.environ, PADDLE_C_PLUGIN_PATH=str(path))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)


def test_wrong_abi_version_is_refused(tmp_path):
    lib = build_plugin(tmp_path, WRONG_ABI, "wrong_abi")
    code = textwrap.dedent("""
        import paddle_c as pc
        print([str(d) for d in pc.__array_namespace_info__().devices()])
        print(pc._C._plugins())
        try:
            pc.asarray([1.0], device="xpu:0")
        except RuntimeError as e:
            print("refused:", e)
    """)
    r = run_with_plugins(lib, code)
    assert r.returncode == 0, r.stderr
    devices, plugins, refused = r.stdout.splitlines()[:3]
    assert "xpu" not in devices
    assert "'wrong'" in plugins and "False" in plugins
    assert refused.startswith("refused:")
    assert "ABI version 999" in refused and "implements version 1" in refused, refused


def test_not_a_plugin_is_refused(tmp_path):
    lib = build_plugin(tmp_path, "int not_an_entry;\n", "no_entry")
    r = run_with_plugins(tmp_path, "import paddle_c as pc; print(pc._C._plugins())")
    assert r.returncode == 0, r.stderr
    assert str(lib) in r.stdout and "no entry symbol paddle_c_plugin" in r.stdout


# ---- the OpenCL plug-in on xpu:0 ------------------------------------------------------------


@pytest.mark.skipif("PADDLE_C_PLUGIN_PATH" not in os.environ, reason="no plug-in path set")
def test_plugin_path_gives_a_device():
    """With a plug-in path set (make test-opencl), the plug-in must have loaded: the xpu tests
    below are then never skipped."""
    assert XPU, pc._C._plugins()


@needs_xpu
def test_plugin_device_listed():
    (rec,) = [p for p in pc._C._plugins() if p[2]]
    assert rec[1] == "opencl"
    x = pc.asarray([1.0, 2.0], device="xpu:0")
    assert str(x.device) == "xpu:0"
    assert x.__dlpack_device__()[0] == 4  # kDLOpenCL


@needs_xpu
def test_consistency_on_xpu(monkeypatch):
    """The consistency test of test_backend_consistency.py on xpu:0 for every dtype the
    plug-in runs (complex is not one: test_complex_is_not_implemented), with its coverage gate
    (every filled xpu slot of the elementwise functions is exercised)."""
    import test_backend_consistency as tbc

    monkeypatch.setattr(tbc, "ALL_DTYPES", [d for d in tbc.ALL_DTYPES
                                            if not d.startswith("complex")])
    dev = XPU[0]
    pc._C._kernel_hits(reset=True)
    failures, missing = tbc.run_all(dev)
    hits = {(op, dt) for op, b, dt, _ in pc._C._kernel_hits(reset=True) if b == "custom"}
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:60])
    names = {n for n, _ in tbc.FUNCTIONS}
    filled = {(op, dt) for op, b, dt in pc._C._kernels() if b == "custom" and op in names}
    assert filled, "the plug-in registered no elementwise kernel"
    assert not sorted(filled - hits), sorted(filled - hits)
    # what raises NotImplementedError: the functions the plug-in lacks (vecdot, cross)
    assert {name for name, _ in missing} <= {"vecdot", "cross"}, sorted(missing)


@needs_xpu
@pytest.mark.parametrize("fn", ["add", "exp", "sum", "abs"])
def test_complex_is_not_implemented(fn):
    x = pc.asarray([1 + 2j, 3 - 1j], dtype=pc.complex64).to_device("xpu:0")
    with pytest.raises(NotImplementedError, match="complex64"):
        getattr(pc, fn)(*([x, x] if fn == "add" else [x]))


REAL = ["bool", "int8", "int32", "int64", "uint8", "uint64", "float16", "bfloat16", "float32",
        "float64"]


def sample(dtype, shape, seed=0):
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        a = rng.integers(0, 2, shape).astype(bool)
    elif dtype.startswith(("int", "uint")):
        a = rng.integers(0, 50, shape).astype(dtype)
    else:
        a = rng.standard_normal(shape).astype(np.float32)
    return pc.reshape(pc.asarray(a.ravel().tolist(), dtype=getattr(pc, dtype)), shape)


def same(got, want, dtype):
    g = np.asarray(got.to_device("cpu").astype(pc.float64)) if dtype in ("float16", "bfloat16") \
        else np.asarray(got.to_device("cpu"))
    w = np.asarray(want.astype(pc.float64)) if dtype in ("float16", "bfloat16") \
        else np.asarray(want)
    assert g.shape == w.shape
    if w.dtype.kind == "f":
        np.testing.assert_allclose(g, w, rtol=1e-5 if dtype != "float64" else 1e-12,
                                   atol=1e-5 if dtype != "float64" else 1e-12)
    else:
        np.testing.assert_array_equal(g, w)


@needs_xpu
@pytest.mark.parametrize("dtype", REAL)
@pytest.mark.parametrize("fn", ["sum", "prod", "max", "min"])
def test_reductions(fn, dtype):
    x = sample(dtype, (3, 4, 5))
    if fn == "prod" and dtype not in ("bool",):
        x = x[:, :2, :2]  # small products: exact in every dtype
    for axis in [None, 0, 1, 2, (0, 2), -1]:
        want = getattr(pc, fn)(x, axis=axis)
        got = getattr(pc, fn)(x.to_device("xpu:0"), axis=axis)
        assert got.dtype == want.dtype
        same(got, want, dtype if want.dtype != pc.int64 else "int64")
    got = getattr(pc, fn)(x[:, ::-1, ::2].to_device("xpu:0"), axis=1, keepdims=True)
    same(got, getattr(pc, fn)(x[:, ::-1, ::2], axis=1, keepdims=True), dtype)


@needs_xpu
@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float64"])
def test_matmul(dtype):
    for sa, sb in [((5, 7), (7, 3)), ((2, 33, 17), (2, 17, 40)), ((1, 16), (16, 1)),
                   ((3, 4, 0), (3, 0, 2))]:
        a, b = sample(dtype, sa, 1), sample(dtype, sb, 2)
        same(pc.matmul(a.to_device("xpu:0"), b.to_device("xpu:0")), pc.matmul(a, b), dtype)
    a = sample(dtype, (6, 9), 3)
    same(pc.matmul(a.to_device("xpu:0").T, a.to_device("xpu:0")), pc.matmul(a.T, a), dtype)


@needs_xpu
def test_memory_stats_and_copies():
    before = pc._C._kernel_hits(reset=True)
    x = pc.arange(1000, dtype=pc.float32)
    d = x.to_device("xpu:0")
    np.testing.assert_array_equal(np.asarray(d[::7].to_device("cpu")), np.asarray(x[::7]))
    y = pc.astype(d, pc.float64)
    np.testing.assert_array_equal(np.asarray(y.to_device("cpu")), np.asarray(x, dtype=float))
    del before


# ---- decompositions: composites the plug-in lacks, run from its primitives ------------------

DECOMPOSED = ["logsumexp", "mean", "var", "std", "nansum", "count_nonzero", "all", "any"]


@needs_xpu
def test_coverage_reports_decompositions():
    how = {(op, dt): h for op, b, dt, h in pc._C._coverage() if b == "custom"}
    for op in DECOMPOSED:
        assert how[(op, "float32")] == "decomposed", op
    assert how[("sum", "float32")] == "native"
    assert how[("cumsum", "float32")] == "none"
    assert how[("logsumexp", "int8")] == "none"  # computes in float32: the float32 row runs
    formulas = dict(pc._C._decompositions())
    assert formulas["logsumexp"].startswith("m + log(sum(exp(x - m)))")


@needs_xpu
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn", DECOMPOSED)
def test_decomposed_reductions_match_cpu(fn, dtype):
    x = sample(dtype, (3, 4, 5), 4)
    special = pc.asarray([[0.0, float("nan"), 1.0], [float("inf"), 2.0, -1.0],
                          [float("-inf"), float("-inf"), 0.0]], dtype=getattr(pc, dtype))
    for t, axis in [(x, None), (x, 1), (x, (0, 2)), (x[:, ::-1, ::2], -1), (special, 1),
                    (special, 0)]:
        kw = {"correction": 1} if fn in ("var", "std") else {}
        want = getattr(pc, fn)(t, axis=axis, **kw)
        got = getattr(pc, fn)(t.to_device("xpu:0"), axis=axis, **kw)
        assert str(got.device) == "xpu:0"
        assert got.dtype == want.dtype
        g, w = np.asarray(got.to_device("cpu")), np.asarray(want)
        if w.dtype.kind == "f":
            np.testing.assert_allclose(g, w, rtol=1e-5 if dtype == "float32" else 1e-12)
        else:
            np.testing.assert_array_equal(g, w)


@needs_xpu
def test_decomposed_on_other_dtypes():
    for dtype in ["bool", "int8", "uint64", "float16"]:
        x = sample(dtype, (4, 6), 5)
        for fn in ["count_nonzero", "all", "any"]:
            same(getattr(pc, fn)(x.to_device("xpu:0"), axis=1), getattr(pc, fn)(x, axis=1),
                 "bool" if fn != "count_nonzero" else "int64")
        same(pc.diff(x.to_device("xpu:0"), axis=1), pc.diff(x, axis=1), dtype)


@needs_xpu
def test_no_silent_cpu_fallback():
    x = pc.asarray([1.0, 2.0], device="xpu:0")
    with pytest.raises(NotImplementedError, match="'cumsum' is not implemented on xpu:0"):
        pc.cumsum(x)


@needs_xpu
def test_elementwise_decomposition_when_the_plugin_lacks_the_op():
    """logaddexp (native on the plug-in) left out by the plug-in's test hook runs decomposed,
    and agrees with the CPU on special values; still nothing runs on the CPU."""
    code = textwrap.dedent("""
        import numpy as np
        import paddle_c as pc
        how = {(o, d): h for o, b, d, h in pc._C._coverage() if b == "custom"}
        assert how[("logaddexp", "float32")] == "decomposed", how[("logaddexp", "float32")]
        v = [0.0, -0.0, 1.0, -1.0, 2.5, 100.0, -100.0, 1e30, float("nan"), float("inf"),
             float("-inf")]
        for dt in (pc.float32, pc.float64):
            a = pc.asarray([x for x in v for _ in v], dtype=dt)
            b = pc.asarray([y for _ in v for y in v], dtype=dt)
            want = np.asarray(pc.logaddexp(a, b))
            got = pc.logaddexp(a.to_device("xpu:0"), b.to_device("xpu:0"))
            assert str(got.device) == "xpu:0"
            # results in the subnormal range carry exp's absolute error there
            np.testing.assert_allclose(np.asarray(got.to_device("cpu")), want, rtol=4e-7,
                                       atol=float(np.finfo(want.dtype).tiny))
        print("ok")
    """)
    env = dict(os.environ, PADDLE_C_OPENCL_OMIT="logaddexp")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr
