"""The recipe of docs/devices.md ("Adding a device that provides only the primitives"),
followed once: tests/toy_device/toy.c is a plug-in whose memory is host memory and whose
kernels are plain C loops, registering only primitives (kernels/primitives.def) for bool,
int64, float32 and float64. Built here and loaded as xpu:0 in a child process, its composites
must run through their decompositions and agree with the CPU; an op whose primitive it lacks
(sqrt, so var/std) stays NotImplementedError. Its random kernel compiles paddle_c's
random_elem.h, so a seed gives the CPU's values bit for bit.
"""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = textwrap.dedent(r"""
    import numpy as np
    import paddle_c as pc
    import paddle_c.paddle as paddle

    (rec,) = [p for p in pc._C._plugins() if p[2]]
    assert rec[1] == "toy", pc._C._plugins()
    how = {(o, d): h for o, b, d, h in pc._C._coverage() if b == "custom"}
    roles = {o: r for o, r, _ in pc._C._primitives()}
    for op in ["sort", "gather", "scatter", "cumsum", "arange", "sum", "max", "where", "add",
               "random"]:
        assert how[(op, "float32")] == "native", op
    for op in ["argmax", "nanargmin", "unique", "nonzero", "median", "searchsorted", "isin",
               "argsort", "mean", "nanmax", "count_nonzero", "tri", "clip", "linspace"]:
        d = "bool" if op == "nonzero" else "float32"
        assert how[(op, d)] == "decomposed", (op, how[(op, d)])
    assert how[("var", "float32")] == "none"      # no sqrt among its primitives
    assert how[("argmax", "int8")] == "none"      # no int8 at all
    assert {o for (o, d), h in how.items() if h == "native"} <= \
        {o for o, r in roles.items() if r == "primitive"}

    nan = float("nan")
    x = pc.asarray([[3.0, -1.0, nan, 2.0], [0.5, 0.5, -0.0, 7.0], [2.0, 2.0, 2.0, -5.0]])
    d = x.to_device("xpu:0")
    got_want = [
        (pc.argmax(d, axis=1), pc.argmax(x, axis=1)),
        (pc.nanargmin(d, axis=1), pc.nanargmin(x, axis=1)),
        (pc.argsort(d, axis=0, descending=True), pc.argsort(x, axis=0, descending=True)),
        (pc.median(d, axis=1), pc.median(x, axis=1)),
        (pc.nanmax(d, axis=0), pc.nanmax(x, axis=0)),
        (pc.mean(d[1:], axis=1), pc.mean(x[1:], axis=1)),
        (pc.count_nonzero(d), pc.count_nonzero(x)),
        (pc.tril(d, k=1), pc.tril(x, k=1)),
        (pc.clip(d, -1.0, 2.5), pc.clip(x, -1.0, 2.5)),
        (d[d > 1.0], x[x > 1.0]),
        (pc.searchsorted(pc.sort(d[2]), d[1]), pc.searchsorted(pc.sort(x[2]), x[1])),
        (pc.isin(d, d[2]), pc.isin(x, x[2])),
        (pc.linspace(0.0, 1.0, 5, device="xpu:0"), pc.linspace(0.0, 1.0, 5)),
    ]
    got_want += list(zip(pc.unique_all(d), pc.unique_all(x)))
    got_want += list(zip(pc.nonzero(d > 1.0), pc.nonzero(x > 1.0)))
    y, dy = pc.zeros(6), pc.zeros(6, device="xpu:0")
    y[pc.asarray([4, 1, 4])] = pc.asarray([1.0, 2.0, 3.0])
    dy[pc.asarray([4, 1, 4], device="xpu:0")] = pc.asarray([1.0, 2.0, 3.0], device="xpu:0")
    got_want.append((dy, y))
    for k, (g, w) in enumerate(got_want):
        assert str(g.device) == "xpu:0", k
        gn, wn = np.asarray(g.to_device("cpu")), np.asarray(w)
        assert gn.dtype == wn.dtype and gn.shape == wn.shape, (k, gn, wn)
        np.testing.assert_allclose(gn, wn, rtol=1e-6, err_msg=str(k))
    draws = [lambda dev: paddle.rand([37], "float32", device=dev),
             lambda dev: paddle.randn([5, 7], "float64", device=dev),
             lambda dev: paddle.randint(-9, 1000, [21], "int64", device=dev),
             lambda dev: paddle.poisson(pc.asarray([0.5, 3.0, 12.0, 800.0], device=dev)),
             lambda dev: paddle.randperm(30, device=dev)]
    for k, draw in enumerate(draws):
        paddle.seed(21)
        want = np.asarray(draw("cpu"))
        paddle.seed(21)
        got = draw("xpu:0")
        assert str(got.device) == "xpu:0", k
        assert np.asarray(got.to_device("cpu")).tobytes() == want.tobytes(), (k, got, want)
    try:
        pc.var(d)
    except NotImplementedError as e:
        assert "'var' is not implemented on xpu:0 for dtype float32" in str(e), e
    else:
        raise AssertionError("var ran without sqrt")
    try:
        d[pc.asarray([0, 9], device="xpu:0")]
    except IndexError as e:
        assert "index 9 is out of bounds for axis 0 with size 3" in str(e), e
    print("ok")
""")


def test_a_toy_device_with_only_primitives(tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the toy device")
    lib = tmp_path / "libtoy.so"
    subprocess.run([cc, "-O1", "-shared", "-fPIC", "-Wall", "-Werror", "-ffp-contract=off",
                    "-I", os.path.join(ROOT, "csrc", "include"), "-I", os.path.join(ROOT, "csrc"),
                    os.path.join(ROOT, "tests", "toy_device", "toy.c"), "-o", str(lib), "-lm"],
                   check=True)
    env = dict(os.environ, PADDLE_C_PLUGIN_PATH=str(lib))
    env.pop("PADDLE_C_DEFAULT_DEVICE", None)
    r = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr
