"""set_default_dtype / get_default_dtype (Paddle's): the default floating dtype, and the complex
one with it, for creation functions, Python floats in asarray, promotion with Python scalars,
the floating results of integer input and __array_namespace_info__().default_dtypes().

The setting is global to the process: every test here restores float32 (the fixture), and the
thread test checks that threads see one value and that concurrent setting never corrupts it.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import paddle_c as pc
import paddle_c.paddle as paddle


@pytest.fixture(autouse=True)
def restore_default():
    assert pc.get_default_dtype() == "float32"
    yield
    pc.set_default_dtype("float32")


FLOATS = ["float16", "bfloat16", "float32", "float64"]
COMPLEX_OF = {"float16": "complex64", "bfloat16": "complex64", "float32": "complex64",
              "float64": "complex128"}


def test_initial_default_is_paddles():
    assert pc.get_default_dtype() == "float32"
    assert paddle.get_default_dtype() == "float32"
    info = pc.__array_namespace_info__().default_dtypes()
    assert info["real floating"] == pc.float32 and info["complex floating"] == pc.complex64


@pytest.mark.parametrize("name", FLOATS)
def test_default_reaches_every_choice_of_a_floating_dtype(name):
    pc.set_default_dtype(name)
    f, c = getattr(pc, name), getattr(pc, COMPLEX_OF[name])
    assert pc.get_default_dtype() == name
    info = pc.__array_namespace_info__().default_dtypes(device="cpu")
    assert info == {"real floating": f, "complex floating": c, "integral": pc.int64,
                    "indexing": pc.int64}
    # creation functions
    assert pc.asarray([1.0, 2.0]).dtype == f
    assert pc.asarray(1.5).dtype == f
    assert pc.asarray([1j]).dtype == c
    assert pc.asarray([]).dtype == f
    assert pc.asarray([1, 2]).dtype == pc.int64                 # the integer default stays
    for t in (pc.zeros(2), pc.ones((2,)), pc.empty(2), pc.eye(2), pc.full(2, 1.5),
              pc.linspace(0, 1, 3), pc.arange(0.0, 1.0, 0.5), pc.full(2, np.float64(1.5)),
              pc.fft.fftfreq(4)):
        assert t.dtype == f
    assert pc.full(2, 1j).dtype == c
    assert pc.linspace(0, 1j, 3).dtype == c
    assert pc.asarray([1.0], dtype=float).dtype == f           # Python's float as a dtype
    # random draws (Paddle's rand, randn, uniform, normal follow its default too)
    for t in (paddle.rand([2]), paddle.randn([2]), paddle.uniform([2]),
              paddle.standard_normal([2]), paddle.normal(0.0, 1.0, [2]),
              paddle.normal(pc.asarray([0, 1]), 1.0)):
        assert t.dtype == f
    # promotion with Python scalars
    i = pc.asarray([1, 2], dtype=pc.int32)
    assert (i * 1.5).dtype == f and (1.5 + i).dtype == f
    assert (pc.asarray([True]) + 0.5).dtype == f
    assert (i + 1j).dtype == c
    assert pc.result_type(pc.int8, 1.0) == f
    # floating results of integer input
    assert (i / i).dtype == f
    assert pc.sqrt(i).dtype == f
    for red in ("mean", "var", "std", "median", "nanmean", "nanvar", "nanstd", "nanmedian",
                "logsumexp"):
        assert getattr(pc, red)(i).dtype == f, red
    # explicit dtypes and floating tensors are never changed by it
    x32 = pc.asarray([1.0], dtype=pc.float32)
    assert (x32 * 2.0).dtype == pc.float32 and (x32 + 1j).dtype == pc.complex64
    assert pc.zeros(2, dtype=pc.float32).dtype == pc.float32


def test_float64_default_agrees_with_numpy():
    pc.set_default_dtype("float64")
    for build in (lambda m: m.asarray([1.0, 2.5]), lambda m: m.asarray([[1, 2]]) * 0.5,
                  lambda m: m.asarray([1, 2]) / m.asarray([3, 4]), lambda m: m.linspace(0, 1, 5),
                  lambda m: m.ones(3), lambda m: m.asarray([1 + 2j]),
                  lambda m: m.mean(m.asarray([1, 2, 4])),
                  lambda m: m.var(m.asarray([[1, 2, 4], [7, 7, 9]]), axis=1),
                  lambda m: m.std(m.asarray([1, 2, 4, 2 ** 40 + 1])),
                  lambda m: m.median(m.asarray([[1, 2], [4, 2 ** 40 + 1]]), axis=0),
                  lambda m: m.nanmean(m.asarray([True, False, True]))):
        got, want = build(pc), build(np)
        assert np.dtype(got.dtype) == want.dtype
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-15)


@pytest.mark.parametrize("d", ["float64", pc.float64, np.float64, np.dtype("float64")],
                         ids=repr)
def test_set_default_dtype_takes_names_dtypes_and_numpy(d):
    paddle.set_default_dtype(d)
    assert pc.get_default_dtype() == "float64"
    assert pc.asarray([1.0]).dtype == pc.float64


@pytest.mark.parametrize("bad", ["int32", pc.complex128, pc.bool, np.int64, "float128"],
                         ids=repr)
def test_set_default_dtype_refuses_other_dtypes(bad):
    with pytest.raises(TypeError):
        pc.set_default_dtype(bad)
    assert pc.get_default_dtype() == "float32"                   # unchanged


def test_set_default_dtype_arguments():
    with pytest.raises(TypeError):
        pc.set_default_dtype()
    with pytest.raises(TypeError):
        pc.set_default_dtype(None)
    with pytest.raises(TypeError):
        pc.get_default_dtype("float64")
    pc.set_default_dtype(d="float64")                          # Paddle's parameter name
    assert pc.get_default_dtype() == "float64"


def test_the_setting_is_seen_by_every_thread():
    pc.set_default_dtype("float64")
    seen = []
    t = threading.Thread(target=lambda: seen.append(pc.asarray([1.0]).dtype))
    t.start()
    t.join()
    assert seen == [pc.float64]


def test_concurrent_setting_and_use():
    # setters race with readers: every tensor gets one of the two settings, never anything else
    stop = threading.Event()
    bad = []

    def setter():
        while not stop.is_set():
            pc.set_default_dtype("float64")
            pc.set_default_dtype("float32")

    def reader():
        for _ in range(3000):
            d = pc.asarray([0.5]).dtype
            i = pc.__array_namespace_info__().default_dtypes()
            if d not in (pc.float32, pc.float64) or \
                    i["complex floating"] != {pc.float32: pc.complex64,
                                              pc.float64: pc.complex128}[i["real floating"]]:
                bad.append((d, i))

    threads = [threading.Thread(target=setter) for _ in range(2)]
    threads += [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads[2:]:
        t.join()
    stop.set()
    for t in threads[:2]:
        t.join()
    assert not bad
    pc.set_default_dtype("float32")
    assert pc.asarray([0.5]).dtype == pc.float32
