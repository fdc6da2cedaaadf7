"""Hostile input never crashes: regression tests for inputs that once crashed or hung.

Each crashing input runs in a child process (hostile_child.py), so a segfault, a sanitizer
report or a hang fails its own test. The child sees the objects of hostile_objects.py:
`hostile(kind, value, *rest)` and `middle(kind, value, first, last)` build lists holding an
item whose __index__ (ClearOnIndex, GrowOnIndex) or __array__ (ClearOnArray, GrowOnArray)
empties or grows that very list while paddle_c reads it. paddle_c reads a snapshot taken before any item's code runs,
so the right result is the one for the list as it was when the call began.

Wrong answers that never crashed (bool bytes, arange beyond int64, buffer flags) are checked
in this process, against NumPy or Python where NumPy's own answer is wrong.
"""

from __future__ import annotations

import ctypes
import os
import pickle

import numpy as np
import pytest

import paddle_c as pc
from dlpack_ctypes import CapsuleProducer, Producer, RawCapsules
from hostile_child import Child


@pytest.fixture(scope="module")
def child():
    c = Child()
    yield c
    c.close()


def expect_result(child, code, expected, timeout=None):
    out = child.run(code, timeout)
    assert out.ok, f"{out} from:\n{code}"
    assert out.result == repr(expected), f"{out.result} != {expected!r} from:\n{code}"


def expect_error(child, code, exc, match="", timeout=None):
    out = child.run(code, timeout)
    names = exc if isinstance(exc, tuple) else (exc,)
    assert not out.ok, f"no {exc} but {out} from:\n{code}"
    assert out.exc in names and match in out.msg, f"{out} from:\n{code}"


# ---- sequences that change while paddle_c reads them ----------------------------------------

X234 = "x = pc.reshape(pc.arange(24.0), (2, 3, 4)); xn = np.arange(24.0).reshape(2, 3, 4)\n"

# (name, snippet setting `result`, the right result): one case per entry point of issue 11.
MUTATED = [
    ("zeros", "result = pc.zeros(hostile(ClearOnIndex, 1, 1, 2)).shape", (1, 1, 2)),
    ("zeros-grow", "result = pc.zeros(hostile(GrowOnIndex, 1, 1, 2)).shape", (1, 1, 2)),
    ("ones", "result = pc.ones(hostile(ClearOnIndex, 1, 1, 2)).shape", (1, 1, 2)),
    ("empty", "result = pc.empty(hostile(ClearOnIndex, 1, 1, 2)).shape", (1, 1, 2)),
    ("full", "result = pc.full(hostile(ClearOnIndex, 1, 2), 0.5).tolist()", [[0.5, 0.5]]),
    ("reshape", "result = pc.reshape(pc.arange(2.0), hostile(ClearOnIndex, 1, 1, 2)).shape",
     (1, 1, 2)),
    ("Tensor.reshape", "result = pc.arange(2.0).reshape(hostile(ClearOnIndex, 2, 1)).shape",
     (2, 1)),
    ("broadcast_to", "result = pc.broadcast_to(pc.ones(2), hostile(ClearOnIndex, 3, 2)).shape",
     (3, 2)),
    ("expand", "result = pc.expand(pc.ones(2), hostile(ClearOnIndex, 1, 1, 2)).shape",
     (1, 1, 2)),
    ("permute_dims",
     X234 + "result = pc.permute_dims(x, hostile(ClearOnIndex, 1, 0, 2)).shape", (3, 2, 4)),
    ("transpose", X234 + "result = pc.transpose(x, hostile(ClearOnIndex, 2, 1, 0)).shape",
     (4, 3, 2)),
    ("flip", X234 + "result = pc.flip(x, axis=hostile(ClearOnIndex, 1, 0)).tolist() == "
     "np.flip(xn, (1, 0)).tolist()", True),
    ("squeeze", "result = pc.squeeze(pc.zeros((1, 2, 1)), axis=hostile(ClearOnIndex, 2, 0))"
     ".shape", (2,)),
    ("expand_dims",
     "result = pc.expand_dims(pc.zeros(2), axis=hostile(ClearOnIndex, 1, 0)).shape", (1, 1, 2)),
    ("unsqueeze", "result = pc.unsqueeze(pc.zeros(2), hostile(ClearOnIndex, 1, 0)).shape",
     (1, 2, 1)),
    ("sum", X234 + "result = pc.sum(x, axis=hostile(ClearOnIndex, 2, 0)).tolist() == "
     "xn.sum(axis=(2, 0)).tolist()", True),
    ("max", X234 + "result = pc.max(x, axis=hostile(ClearOnIndex, 1, 2)).tolist() == "
     "xn.max(axis=(1, 2)).tolist()", True),
    ("tile", "result = pc.tile(pc.ones(1), hostile(ClearOnIndex, 2, 3)).shape", (2, 3)),
    ("roll-shift", X234 + "result = pc.roll(x, hostile(ClearOnIndex, 1, 2), axis=[0, 2])"
     ".tolist() == np.roll(xn, (1, 2), (0, 2)).tolist()", True),
    ("roll-axis", X234 + "result = pc.roll(x, [1, 2], axis=hostile(ClearOnIndex, 0, 2))"
     ".tolist() == np.roll(xn, (1, 2), (0, 2)).tolist()", True),
    ("split", "result = [t.shape for t in pc.split(pc.arange(6), hostile(ClearOnIndex, 2, 4))]",
     [(2,), (4,)]),
    ("fftn-axes", X234 + "result = pc.fft.fftn(x, axes=hostile(ClearOnIndex, 2, 0)).shape",
     (2, 3, 4)),
    ("fftn-s", X234 + "result = pc.fft.fftn(x, s=hostile(ClearOnIndex, 4, 2), axes=[0, 1])"
     ".shape", (4, 2, 4)),
    ("fftshift", X234 + "result = pc.fft.fftshift(x, axes=hostile(ClearOnIndex, 1, 2))"
     ".tolist() == np.fft.fftshift(xn, axes=(1, 2)).tolist()", True),
    ("ifftshift", X234 + "result = pc.fft.ifftshift(x, axes=hostile(ClearOnIndex, 1, 0))"
     ".tolist() == np.fft.ifftshift(xn, axes=(1, 0)).tolist()", True),
    ("tensordot-inner", X234 + "result = pc.tensordot(x, x, axes=(hostile(ClearOnIndex, 1, 2),"
     " [1, 2])).tolist() == np.tensordot(xn, xn, axes=([1, 2], [1, 2])).tolist()", True),
    ("tensordot-outer", X234 + "outer = [None, [1, 2]]\n"
     "outer[0] = [ClearOnIndex(outer, 1), 2]\n"
     "result = pc.tensordot(x, x, axes=outer).tolist() == "
     "np.tensordot(xn, xn, axes=([1, 2], [1, 2])).tolist()", True),
    ("vector_norm", X234 + "result = pc.linalg.vector_norm(x, axis=hostile(ClearOnIndex, 2, 0))"
     ".shape", (3,)),
    ("moveaxis", X234 + "result = pc.moveaxis(x, hostile(ClearOnIndex, 0, 1), [1, 2]).shape",
     (4, 2, 3)),
    ("broadcast_shapes",
     "result = pc.broadcast_shapes(hostile(ClearOnIndex, 1, 1, 2), (3, 1, 1))", (3, 1, 2)),
    ("unpickle-shape", "result = pc._C._from_bytes(bytes(16), 'float64', "
     "hostile(ClearOnIndex, 1, 2)).shape", (1, 2)),
    ("concat", "result = pc.concat(middle(ClearOnArray, [1.0, 2.0], pc.ones(2), pc.ones(2)))"
     ".tolist()", [1.0, 1.0, 1.0, 2.0, 1.0, 1.0]),
    ("stack", "result = pc.stack(middle(ClearOnArray, [1.0, 2.0], pc.ones(2), pc.ones(2)))"
     ".shape", (3, 2)),
    ("asarray", "result = pc.asarray(middle(ClearOnArray, 2.0, 1.0, 3.0)).tolist()",
     [1.0, 2.0, 3.0]),
    ("asarray-nested", "seq = [[1.0, 2.0]]\nseq.append([ClearOnArray(seq, 5.0), 6.0])\n"
     "seq.append([3.0, 4.0])\nresult = pc.asarray(seq).tolist()",
     [[1.0, 2.0], [5.0, 6.0], [3.0, 4.0]]),
    ("asarray-grow", "result = pc.asarray(middle(GrowOnArray, 2.0, 1.0, 3.0)).tolist()",
     [1.0, 2.0, 3.0]),
    ("Tensor", "result = pc.Tensor(middle(ClearOnArray, 2.0, 1.0, 3.0)).tolist()",
     [1.0, 2.0, 3.0]),
    ("to_tensor", "result = pc.to_tensor(middle(ClearOnArray, 2.0, 1.0, 3.0)).tolist()",
     [1.0, 2.0, 3.0]),
    ("getitem-list", "result = pc.arange(5.0)[middle(ClearOnArray, 3, 1, 4)].tolist()",
     [1.0, 3.0, 4.0]),
    ("setitem-list", "x = pc.zeros(3)\nx[:] = middle(ClearOnArray, 2.0, 1.0, 3.0)\n"
     "result = x.tolist()", [1.0, 2.0, 3.0]),
    ("where", "result = pc.where(pc.ones(3) > 0, middle(ClearOnArray, 2.0, 1.0, 3.0), 0.0)"
     ".tolist()", [1.0, 2.0, 3.0]),
    ("isin", "result = pc.isin(pc.arange(4.0), middle(ClearOnArray, 2.0, 1.0, 3.0)).tolist()",
     [False, True, True, True]),
    ("take", "result = pc.take(pc.arange(5.0), middle(ClearOnArray, 3, 1, 4)).tolist()",
     [1.0, 3.0, 4.0]),
    ("unique_values", "result = pc.unique_values(middle(ClearOnArray, 2.0, 1.0, 1.0)).tolist()",
     [1.0, 2.0]),
    ("searchsorted", "result = pc.searchsorted(pc.arange(5.0), "
     "middle(ClearOnArray, 2.5, 1.0, 3.5)).tolist()", [1, 3, 4]),
    # the heap-buffer-overflow write: b grew between the shape pass and the fill pass
    ("fill-grow-late", "b = [1.0]\nresult = pc.asarray([[GrowOnArray(b, 5.0, when=3)], b])"
     ".tolist()", [[5.0], [1.0]]),
]


@pytest.mark.parametrize("name,code,expected", MUTATED, ids=[m[0] for m in MUTATED])
def test_sequence_mutated_while_read(child, name, code, expected):
    expect_result(child, code, expected)


def test_sequence_grown_before_it_is_read_keeps_its_snapshot(child):
    # every list of the nesting is snapshot before any item's code runs: b is read as it was
    expect_result(child, "b = [1.0]\nresult = pc.asarray([[GrowOnArray(b, 5.0)], b]).tolist()",
                  [[5.0], [1.0]])
    expect_result(child, "b = [1.0]\nresult = pc.asarray([[ClearOnArray(b, 5.0)], b]).tolist()",
                  [[5.0], [1.0]])


def test_sequence_grown_to_fit_is_still_ragged(child):
    # b holds 1 item when the call begins and is grown to 10001 by an item read before it: the
    # nesting as it was is ragged (it used to be accepted as shape (2, 10001), with b's new items)
    expect_error(child, "b = [1.0]\na = [GrowOnArray(b, 5.0)] + [0.0] * 10000\n"
                 "pc.asarray([a, b])", "ValueError", "ragged")
    expect_error(child, "b = [[1.0]]\na = [[GrowOnArray(b[0], 5.0)] + [0.0] * 10000]\n"
                 "pc.asarray((a, b))", "ValueError", "ragged")


# ---- recursion and endless sequences --------------------------------------------------------

def test_list_containing_itself(child):
    expect_error(child, "s = []\ns.append(s)\npc.asarray(s)", "ValueError", "levels deep")


def test_sequence_whose_item_is_itself(child):
    expect_error(child, "pc.asarray(SelfSeq())", "ValueError", "levels deep")
    expect_error(child, "pc.asarray([SelfSeq(), SelfSeq()])", "ValueError", "levels deep")


def test_nesting_depth_bound(child):
    nest = "v = 1.0\nfor _ in range({}):\n    v = [v]\n"
    expect_result(child, nest.format(64) + "result = pc.asarray(v).shape", (1,) * 64)
    expect_error(child, nest.format(65) + "pc.asarray(v)", "ValueError", "levels deep")


def test_getitem_without_len_is_refused(child):
    expect_error(child, "pc.asarray(NoLen())", "TypeError", "no __len__", timeout=30)
    expect_error(child, "pc.asarray([NoLen(), NoLen()])", "TypeError", "no __len__", timeout=30)


def test_sequence_shorter_than_its_len(child):
    expect_error(child, "pc.asarray(LyingLen())", "ValueError", "changed its length")


def test_len_does_not_size_the_snapshot(child):
    # len() says 10**9 for 3 items: it used to allocate 8 GB (4 s) before finding out
    code = ("import time, tracemalloc\ntracemalloc.start()\nt0 = time.perf_counter()\ntry:\n"
            "    pc.asarray({})\nexcept ValueError as e:\n    assert 'changed its length' in "
            "str(e)\nresult = (time.perf_counter() - t0 < 0.5, "
            "tracemalloc.get_traced_memory()[1] < 2**20)\ntracemalloc.stop()")
    expect_result(child, code.format("LenLies()"), (True, True))
    expect_result(child, code.format("[[1.0, 2.0, 3.0], LenLies()]"), (True, True))
    expect_result(child, code.format("[LenLies(), np.ones(3)]"), (True, True))


def test_generic_sequences_still_convert(child):
    expect_result(child, "result = pc.asarray(range(4)).tolist()", [0, 1, 2, 3])
    expect_result(child, "import collections\nresult = pc.asarray(collections.deque([1.0, 2.0]))"
                  ".tolist()", [1.0, 2.0])


# ---- tile, tensordot, mask_set ----------------------------------------------------------------

def test_tile_with_many_unit_axes(child):
    expect_result(child, "result = pc.tile(pc.ones((1,) * 64), (2,)).shape", (1,) * 63 + (2,))
    expect_result(child, "result = pc.tile(pc.ones((1,) * 64), (2,) * 20).shape",
                  (1,) * 44 + (2,) * 20)
    expect_result(child, "a = np.arange(6.0).reshape((1,) * 40 + (2, 3))\n"
                  "result = pc.tile(pc.asarray(a), (2,) * 10 + (1,) * 30 + (2, 1)).tolist() == "
                  "np.tile(a, (2,) * 10 + (1,) * 30 + (2, 1)).tolist()", True)
    expect_error(child, "pc.tile(pc.ones(()), (2,) * 64)", ("ValueError", "MemoryError"))


def test_tensordot_rank_checked_before_writing(child):
    expect_error(child, "pc.tensordot(pc.ones((1,) * 40), pc.ones((1,) * 40), axes=0)",
                 "ValueError", "80 dimensions")
    expect_result(child, "result = pc.tensordot(pc.ones((1,) * 32), pc.ones((1,) * 32), axes=0)"
                  ".shape", (1,) * 64)


def test_mask_set_mismatch_leaves_tensor_unchanged(child):
    expect_error(child, "t = pc.arange(3)\n"
                 "t[pc.asarray([False, True, False])] = pc.ones((1, 3), dtype=pc.int64)",
                 "ValueError", "broadcast")
    expect_result(child, "t = pc.arange(3)\ntry:\n"
                  "    t[pc.asarray([False, True, False])] = pc.ones((1, 3), dtype=pc.int64)\n"
                  "except ValueError:\n    pass\nresult = t.tolist()", [0, 1, 2])


# ---- DLPack capsules that lie -----------------------------------------------------------------

RAW = "from dlpack_ctypes import RawCapsules, CapsuleProducer\nraw = RawCapsules()\n"

# (name, RawCapsules.make keyword arguments as source): every one must be refused cleanly.
# (A capsule pointing at memory that is not mapped cannot be told from a valid one, by us or
# any other consumer; what is checked is that its numbers describe an address range at all.)
BAD_CAPSULES = [
    ("null-data", "data=None, shape=(3,)"),
    ("null-data-legacy", "data=None, shape=(3,), legacy=True"),
    ("offset-2**63", "data=buf, shape=(3,), byte_offset=2**63"),
    ("offset-2**64-8", "data=buf, shape=(3,), byte_offset=2**64 - 8"),
    ("offset-wraps", "data=buf, shape=(3,), byte_offset=2**64 - buf"),
    ("extent-overflow", "data=buf, shape=(4,), strides=(2**62,)"),
    ("extent-overflow-2d", "data=buf, shape=(2**31, 2**31), strides=(2**31, 1)"),
    ("below-address-0", "data=16, shape=(4,), strides=(-4,)"),
    ("top-of-memory", "data=2**64 - 16, shape=(4,)"),
    ("negative-ndim", "data=buf, shape=(3,), ndim=-1"),
    ("huge-ndim", "data=buf, shape=(3,), ndim=1000"),
    ("ndim-65", "data=buf, shape=(1,) * 65"),
    ("null-shape", "data=buf, shape=(3, 3), null_shape=True"),
    ("negative-extent", "data=buf, shape=(-1,)"),
    ("size-overflow", "data=buf, shape=(2**40, 2**40)"),
    ("unknown-dtype", "data=buf, shape=(3,), dtype=(2, 7, 1)"),
    ("lanes", "data=buf, shape=(3,), dtype=(2, 64, 4)"),
    ("major-version", "data=buf, shape=(3,), major=9"),
]


@pytest.mark.parametrize("name,kwargs", BAD_CAPSULES, ids=[b[0] for b in BAD_CAPSULES])
def test_dlpack_capsule_refused(child, name, kwargs):
    code = (RAW + "keep = np.zeros(8)\nbuf = keep.ctypes.data\n"
            f"cap = raw.make({kwargs})\npc.from_dlpack(CapsuleProducer(cap))")
    expect_error(child, code, ("BufferError", "ValueError", "OverflowError", "MemoryError"))


def test_dlpack_edge_capsules_import(child):
    # empty tensors need no data; byte_offset moves data to the first element
    expect_result(child, RAW + "result = pc.from_dlpack(CapsuleProducer("
                  "raw.make(data=None, shape=(0, 5)))).shape", (0, 5))
    expect_result(child, RAW + "keep = np.arange(8.0)\n"
                  "cap = raw.make(data=keep.ctypes.data, shape=(3,), byte_offset=16)\n"
                  "result = pc.from_dlpack(CapsuleProducer(cap)).tolist()", [2.0, 3.0, 4.0])


# ---- pickles ------------------------------------------------------------------------------------

CRAFTED = """
class Crafted:
    def __init__(self, *args):
        self.args = args
    def __reduce__(self):
        return (pc._C._from_bytes, self.args)
"""


def test_pickle_asking_for_terabytes(child):
    # a pickle of some 65 bytes asking for 8 TiB: refused before anything is allocated
    expect_result(child, CRAFTED + "result = len(pickle.dumps(Crafted(b'', 'float64', "
                  "(2**40,)), protocol=3)) < 100", True)
    expect_error(child, CRAFTED + "pickle.loads(pickle.dumps(Crafted(b'', 'float64', "
                 "(2**40,))))", "ValueError", "do not match")
    expect_error(child, CRAFTED + "pickle.loads(pickle.dumps(Crafted(b'', 'float64', "
                 "(2**40, 2**40))))", "ValueError")
    expect_error(child, CRAFTED + "pickle.loads(pickle.dumps(Crafted(b'', 'float64', (-8,))))",
                 "ValueError")
    expect_error(child, CRAFTED + "pickle.loads(pickle.dumps(Crafted(b'', 'nonsense', (0,))))",
                 "ValueError", "dtype")
    expect_error(child, CRAFTED + "pickle.loads(pickle.dumps(Crafted('text', 'float64', (1,))))",
                 "TypeError")
    expect_result(child, CRAFTED + "result = pickle.loads(pickle.dumps(Crafted(bytearray(8), "
                  "'float64', (1,)))).tolist()", [0.0])


def test_pickle_round_trip_still_works():
    for x in (pc.arange(6.0).reshape((2, 3))[:, ::-1], pc.asarray([True, False]),
              pc.zeros((0, 3), dtype=pc.int8), pc.asarray(3 + 4j)):
        y = pickle.loads(pickle.dumps(x))
        assert y.dtype == x.dtype and y.shape == x.shape and y.tolist() == x.tolist()


# ---- bool bytes other than 0 and 1 ------------------------------------------------------------

BYTES = bytes([0, 1, 2, 3, 255, 0, 7, 128])


def _bool_sources():
    """(name, a paddle_c bool tensor built from BYTES through one import path)."""
    base = np.frombuffer(BYTES, dtype=np.uint8)

    class ArrayLike:
        def __array__(self, dtype=None, copy=None):
            return np.frombuffer(BYTES, dtype=bool)

    yield "memoryview.cast", pc.asarray(memoryview(BYTES).cast("?"))
    yield "np.frombuffer", pc.asarray(np.frombuffer(BYTES, dtype=bool))
    yield "__array__", pc.asarray(ArrayLike())
    interleaved = bytes(b for v in BYTES for b in (v, 9))
    yield "strided", pc.asarray(np.frombuffer(interleaved, dtype=bool)[::2])
    yield "dlpack", pc.from_dlpack(Producer(base.view(bool)))
    yield "dlpack-legacy", pc.from_dlpack(Producer(base.view(bool), legacy=True))
    yield "pickle", pc._C._from_bytes(BYTES, "bool", (8,))


BOOL_SOURCES = list(_bool_sources())


@pytest.mark.parametrize("name,x", BOOL_SOURCES, ids=[s[0] for s in BOOL_SOURCES])
def test_imported_bool_bytes_mean_nonzero(name, x):
    ref = np.frombuffer(BYTES, dtype=np.uint8) != 0   # NumPy's meaning of such bytes
    assert x.dtype == pc.bool
    assert int(pc.count_nonzero(x)) == np.count_nonzero(ref) == 6
    assert int(pc.sum(x)) == int(ref.sum())
    assert x[x].shape == (6,)
    assert np.array_equal(np.asarray(pc.logical_not(x)), np.logical_not(ref))
    assert np.asarray(pc.logical_not(x)).view(np.uint8).max() == 1
    assert np.array_equal(np.asarray(x.astype(pc.int32)), ref.astype(np.int32))
    assert np.asarray(x).view(np.uint8).max() == 1
    assert pc.unique_values(x).tolist() == [False, True]
    assert bool(pc.all(x[x])) and bool(pc.any(x))


def test_valid_bools_are_still_shared():
    a = np.array([True, False, True])
    t = pc.asarray(a, copy=False, device="cpu")   # host memory is shared on the CPU only
    a[1] = True
    assert t.tolist() == [True, True, True]
    d = pc.from_dlpack(a, copy=False)
    assert np.shares_memory(np.asarray(d), a)


def test_bool_normalising_copy_is_refused_without_copy():
    with pytest.raises(ValueError, match="bool"):
        pc.asarray(np.frombuffer(BYTES, dtype=bool), copy=False)
    with pytest.raises(BufferError, match="0 and 1"):
        pc.from_dlpack(Producer(np.frombuffer(BYTES, dtype=np.uint8).view(bool)), copy=False)


def test_bool_dlpack_import_releases_the_producer():
    p = Producer(np.frombuffer(BYTES, dtype=np.uint8).view(bool))
    x = pc.from_dlpack(p)            # copied: the producer's tensor is released at once
    assert p.deleted == p.exported == 1
    assert x.tolist() == [False, True, True, True, True, False, True, True]


# ---- the buffer protocol's contiguity requests ------------------------------------------------

class _PyBuffer(ctypes.Structure):
    _fields_ = [("buf", ctypes.c_void_p), ("obj", ctypes.py_object),
                ("len", ctypes.c_ssize_t), ("itemsize", ctypes.c_ssize_t),
                ("readonly", ctypes.c_int), ("ndim", ctypes.c_int),
                ("format", ctypes.c_char_p), ("shape", ctypes.c_void_p),
                ("strides", ctypes.c_void_p), ("suboffsets", ctypes.c_void_p),
                ("internal", ctypes.c_void_p)]


_get_buffer = ctypes.pythonapi.PyObject_GetBuffer
_get_buffer.argtypes = [ctypes.py_object, ctypes.POINTER(_PyBuffer), ctypes.c_int]
_release_buffer = ctypes.pythonapi.PyBuffer_Release
_release_buffer.argtypes = [ctypes.POINTER(_PyBuffer)]
PYBUF_STRIDES, PYBUF_C, PYBUF_F, PYBUF_ANY = 0x18, 0x38, 0x58, 0x98


def _grants(x, flags) -> bool:
    view = _PyBuffer()
    try:
        _get_buffer(x, ctypes.byref(view), flags)
    except BufferError:
        return False
    _release_buffer(ctypes.byref(view))
    return True


def test_buffer_contiguity_requests():
    x = pc.reshape(pc.arange(12.0, device="cpu"), (3, 4))   # the buffer protocol is the CPU's
    for v in (x[::-1], x[::2], x[:, ::2], x[:, 1:3]):
        assert _grants(v, PYBUF_STRIDES)
        assert not _grants(v, PYBUF_ANY)
        assert not _grants(v, PYBUF_C) and not _grants(v, PYBUF_F)
    assert _grants(x, PYBUF_ANY) and _grants(x, PYBUF_C) and not _grants(x, PYBUF_F)
    assert _grants(x.T, PYBUF_ANY) and _grants(x.T, PYBUF_F) and not _grants(x.T, PYBUF_C)
    assert not memoryview(x[::-1]).c_contiguous and not memoryview(x[::-1]).contiguous


# ---- arange beyond int64 ----------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    (2**63, 2**64 - 1, 2**62), (2**63 - 2, 2**63 + 1), (0, 2**63 + 5, 2**62),
    (2**64 - 1, 2**64 - 5, -1), (-1, 2**63 + 1, 2**62), (-(2**63), 2**63, 2**63),
    (2**64 - 2, 2**64 - 1), (5, 2**64 - 1, 2**63),
])
def test_arange_integers_are_exact(args):
    # NumPy goes through float64 here (and loses values); Python's range is the oracle
    want = list(range(*args))
    x = pc.arange(*args)
    assert x.tolist() == want
    assert x.dtype == (pc.int64 if all(-(2**63) <= v < 2**63 for v in want) else pc.uint64)


def test_arange_beyond_every_integer_dtype():
    with pytest.raises(OverflowError, match="int64 or uint64"):
        pc.arange(-1, 2**64 - 1, 2**63 - 1)
    with pytest.raises(OverflowError, match="out of bounds"):
        pc.arange(0, 2**64)
    with pytest.raises(ValueError, match="too many"):
        pc.arange(-1, 2**63 + 1)


# ---- device plug-ins that are no regular file ---------------------------------------------------

def _child_env(**values):
    env = {k: v for k, v in os.environ.items()
           if k not in ("PADDLE_C_PLUGIN_PATH", "PADDLE_C_DEFAULT_DEVICE")}
    env.update(values)
    return env


def test_plugin_path_that_is_no_regular_file_is_refused(tmp_path):
    # a FIFO named x.so blocked the import forever (dlopen waited for a writer)
    folder = tmp_path / "plugins"
    folder.mkdir()
    os.mkfifo(folder / "x.so")
    (folder / "d.so").mkdir()
    for path, kinds in ((folder / "x.so", ["a FIFO"]), ("/dev/zero", ["a character device"]),
                        (folder, ["a directory", "a FIFO"])):
        c = Child(timeout=60, env=_child_env(PADDLE_C_PLUGIN_PATH=str(path)))
        try:
            out = c.run("result = ([r[2] for r in pc._C._plugins()], "
                        "[r[3] for r in pc._C._plugins()], pc.asarray([1.0]).tolist())")
            assert out.ok, out
            loaded, why, ones = eval(out.result)
            assert loaded == [False] * len(kinds) and ones == [1.0], out
            for message, kind in zip(why, kinds):
                assert f"is not a regular file (it is {kind})" in message, why
            expect_error(c, "pc.zeros(2, device='xpu:0')", "RuntimeError", "not a regular file")
        finally:
            c.close()


# ---- device strings -----------------------------------------------------------------------------

BAD_DEVICES = ["cpu\x00junk", "cpu\x00", "\x00", "cpu:0\x00", "cpu:+0", "cpu: 0", "cpu:-0",
               "cpu:-1", "gpu:-1", "cpu:0x0", "cpu:\u0661", "\ud800", "cpu:", "cpu:0 ", " cpu",
               "cpu:99999999999999999999", "cpu:1048577", "\uff43\uff50\uff55", "cpu:0:0", ""]

DEVICE_ENTRIES = {
    "Device": lambda d: pc.Device(d),
    "Device(type, index)": lambda d: pc.Device(d, 0),
    "Device(cpu, index)": lambda d: pc.Device("cpu", d),
    "set_device": lambda d: pc.set_device(d),
    "zeros": lambda d: pc.zeros(2, device=d),
    "full": lambda d: pc.full(2, 1.0, device=d),
    "arange": lambda d: pc.arange(3, device=d),
    "linspace": lambda d: pc.linspace(0, 1, 3, device=d),
    "eye": lambda d: pc.eye(2, device=d),
    "ones_like": lambda d: pc.ones_like(pc.zeros(2), device=d),
    "asarray": lambda d: pc.asarray([1.0], device=d),
    "Tensor": lambda d: pc.Tensor([1.0], device=d),
    "astype": lambda d: pc.astype(pc.zeros(2), pc.int8, device=d),
    "to_device": lambda d: pc.zeros(2).to_device(d),
    "from_dlpack": lambda d: pc.from_dlpack(np.ones(2), device=d),
    "fftfreq": lambda d: pc.fft.fftfreq(4, device=d),
    "synchronize": lambda d: pc.synchronize(d),
    "memory_allocated": lambda d: pc.memory_allocated(d),
}


@pytest.mark.parametrize("entry", sorted(DEVICE_ENTRIES))
def test_bad_device_strings_are_value_errors(entry):
    # a string was read up to its first NUL: set_device('cpu\0junk') gave 'cpu'
    before = pc.get_device()
    for bad in BAD_DEVICES:
        with pytest.raises(ValueError, match="device"):
            DEVICE_ENTRIES[entry](bad)
    assert pc.get_device() == before
    goods = {"Device(type, index)": ["cpu"], "Device(cpu, index)": [0, "0", "00"]}
    for good in goods.get(entry, ["cpu", "cpu:0", "cpu:00"]):
        DEVICE_ENTRIES[entry](good)
    pc.set_device(before)


@pytest.mark.parametrize("value", ["junk", "cpu:x", "cpu:+0", "gpu:-1", " cpu", "cpu:0 ",
                                   b"\xff\xfe", b"cpu\xff"])
def test_bad_default_device_in_the_environment(value):
    env = {os.fsencode(k): os.fsencode(v) for k, v in _child_env().items()}
    env[b"PADDLE_C_DEFAULT_DEVICE"] = value if isinstance(value, bytes) else value.encode()
    c = Child(timeout=60, env=env)
    try:
        expect_error(c, "result = 1", "ValueError", "the environment variable "
                     "PADDLE_C_DEFAULT_DEVICE: ")
    finally:
        c.close()


def test_environment_bytes_that_are_no_utf8():
    # messages quoting them were a UnicodeDecodeError at import, and _plugins() raised one
    env = {os.fsencode(k): os.fsencode(v) for k, v in _child_env().items()}
    c = Child(timeout=60, env={**env, b"PADDLE_C_ISA": b"\x80avx"})
    try:
        expect_error(c, "result = 1", "ValueError", "PADDLE_C_ISA=\\x80avx: expected")
    finally:
        c.close()
    c = Child(timeout=60, env={**env, b"PADDLE_C_PLUGIN_PATH": b"/nonexistent/\xff.so"})
    try:
        expect_result(c, "import os\nresult = [(os.fsencode(p), m.startswith('plug-in ')) "
                      "for p, _, _, m in pc._C._plugins()]", [(b"/nonexistent/\xff.so", True)])
    finally:
        c.close()
