"""Fuzzing targets: Hypothesis strategies of hostile input and the checks run on each.

A target is a strategy of *recipes* (plain data Hypothesis can print and shrink) and a check
that builds the objects a recipe describes - including hostile ones that empty or grow the list
being read, sequences that contain themselves, objects with __getitem__ but no __len__, DLPack
capsules whose fields lie - calls paddle_c and accepts either a clean exception (CLEAN) or a
result that agrees with NumPy (or with Python, where NumPy's own answer is not exact). Anything
else fails the check; a crash or a sanitizer report kills the process.

Used by test_fuzz.py (a few examples per target in every test run, the sanitizer run included)
and by run.py (`make fuzz`: each target in its own process for a time budget).
"""

from __future__ import annotations

import inspect
import io
import math
import operator
import os
import pickle
import re
import subprocess
import sys
import warnings

import numpy as np
from hypothesis import assume, strategies as st

import paddle_c as pc
from dlpack_ctypes import CapsuleProducer, RawCapsules
from hostile_objects import (ClearOnArray, ClearOnIndex, GrowOnArray, GrowOnIndex, LyingLen,
                             NoLen, SelfSeq, Seq)

#: the exceptions that count as a clean refusal of bad input
CLEAN = (ValueError, TypeError, IndexError, OverflowError, MemoryError, BufferError,
         NotImplementedError)


def clean_call(fn, *args, **kwargs):
    """(True, result) or (False, exception) for a clean refusal; anything else propagates."""
    try:
        return True, fn(*args, **kwargs)
    except CLEAN as e:
        return False, e


# ---- hostile objects (hostile_objects.py) ------------------------------------------------------

HOSTILE_INT = {"clear": ClearOnIndex, "grow": GrowOnIndex}
HOSTILE_ARRAY = {"clear": ClearOnArray, "grow": GrowOnArray}

BIG_INTS = [2**31, 2**32, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1,
            -(2**31)]


def ints(small=6):
    """Integers as paddle_c meets them: small ones mostly, and the ends of every int type."""
    return st.one_of(st.integers(-small, small), st.sampled_from(BIG_INTS),
                     st.integers(-(2**70), 2**70))


# ---- target 1: asarray of nested and hostile sequences ------------------------------------------

_leaf = st.one_of(
    st.tuples(st.just("float"), st.floats(allow_nan=True, allow_infinity=True)),
    st.tuples(st.just("int"), ints()),
    st.tuples(st.just("bool"), st.booleans()),
    st.tuples(st.just("complex"), st.complex_numbers(max_magnitude=1e30)),
    st.tuples(st.just("np"), st.sampled_from(["float64", "int8", "uint64", "bool", "complex64"]),
              st.integers(0, 3)),
    st.tuples(st.just("tensor"), st.sampled_from(["float32", "int64", "bool"]),
              st.integers(0, 3)),
    st.tuples(st.just("hostile"), st.sampled_from(["clear", "grow"]),
              st.sampled_from(["parent", "root"]), st.floats(-4, 4)),
    st.tuples(st.just("odd"), st.sampled_from(["self", "selfseq", "nolen", "lyinglen", "str",
                                               "none", "object", "bytes"])),
)


def nested_recipes(max_leaves=40):
    """A tree: ("list" | "tuple" | "range-like", [children]) with leaves from _leaf."""
    return st.recursive(
        _leaf,
        lambda kids: st.tuples(st.sampled_from(["list", "list", "tuple", "seq"]),
                               st.lists(kids, max_size=5)),
        max_leaves=max_leaves)


def build_nested(recipe):
    """The object a recipe describes, and whether it is plain (Python scalars in lists and
    tuples, so that NumPy's asarray is the oracle)."""
    plain = [True]

    def build(r, parent, root):
        kind = r[0]
        if kind in ("list", "tuple", "seq"):
            holder = []
            if root is None:
                root = holder
            for child in r[1]:
                holder.append(build(child, holder, root))
            if kind == "tuple":
                plain[0] = plain[0] and True
                return tuple(holder)
            if kind == "seq":
                plain[0] = False
                return Seq(holder)
            return holder
        if kind == "float":
            return r[1]
        if kind == "int":
            return r[1]
        if kind == "bool":
            return r[1]
        if kind == "complex":
            return r[1]
        plain[0] = False
        if kind == "np":
            return np.ones((r[2],) * min(r[2], 2), dtype=r[1])
        if kind == "tensor":
            return pc.ones((r[2],) * min(r[2], 2), dtype=getattr(pc, r[1]))
        if kind == "hostile":
            target = parent if r[2] == "parent" else root
            return HOSTILE_ARRAY[r[1]](target if target is not None else [], r[3])
        odd = r[1]
        if odd == "self":
            return parent if parent is not None else []
        return {"selfseq": SelfSeq, "nolen": NoLen, "lyinglen": LyingLen, "str": lambda: "x",
                "none": lambda: None, "object": object, "bytes": lambda: b"ab"}[odd]()

    obj = build(recipe, None, None)
    return obj, plain[0]


def _same_values(t, ref):
    got = np.asarray(t).astype(np.complex128)
    want = ref.astype(np.complex128)
    # paddle_c's default float is float32: relative rounding, and tiny values flush to 0
    return got.shape == want.shape and np.allclose(got, want, rtol=1e-6, atol=1e-37,
                                                   equal_nan=True)


def check_asarray(recipe, dtype):
    obj, plain = build_nested(recipe)
    ok, res = clean_call(pc.asarray, obj, dtype=dtype)
    if not plain:
        if ok:
            assert isinstance(res, pc.Tensor)
        return
    try:
        ref = np.asarray(obj)
    except (ValueError, TypeError, OverflowError):
        ref = None
    if ref is None or ref.dtype == object:
        return  # NumPy refuses (or keeps Python objects); paddle_c may do either, cleanly
    if dtype is None and ok and np.isfinite(ref.astype(np.complex128)).all() and not _big(ref):
        assert _same_values(res, ref), (res, ref)
    if not ok and dtype is None:
        # NumPy converts it: paddle_c may only refuse values no paddle_c dtype holds
        assert isinstance(res, (OverflowError, TypeError)), res


def _big(ref):
    """Values float32 (paddle_c's default float) cannot hold."""
    with np.errstate(all="ignore"):
        a = np.abs(ref.astype(np.complex128))
    return bool((a > 3e38).any())


asarray_target = st.tuples(nested_recipes(), st.sampled_from([None, None, "float64", "int32",
                                                             "bool", "complex64", "uint8"]))


def run_asarray(case):
    recipe, dtype = case
    check_asarray(recipe, None if dtype is None else getattr(pc, dtype))


# ---- target 2: shape and axis arguments ------------------------------------------------------------

_int_item = st.one_of(
    st.tuples(st.just("int"), ints(4)),
    st.tuples(st.just("hostile"), st.sampled_from(["clear", "grow"]), st.integers(-3, 3)),
    st.tuples(st.just("other"), st.sampled_from([True, 1.5, None, "a", (1,), np.int64(2)])),
)

# an argument: a bare item, or a list/tuple of items (possibly long)
int_args = st.one_of(
    _int_item,
    st.tuples(st.sampled_from(["list", "tuple"]), st.lists(_int_item, max_size=6)),
    st.tuples(st.sampled_from(["list", "tuple"]), st.lists(_int_item, min_size=60, max_size=70)),
)


def build_int_arg(recipe):
    def item(r, holder):
        if r[0] == "int":
            return r[1]
        if r[0] == "hostile":
            return HOSTILE_INT[r[1]](holder, r[2])
        return r[1]

    if recipe[0] in ("list", "tuple"):
        holder = []
        for r in recipe[1]:
            holder.append(item(r, holder))
        return holder if recipe[0] == "list" else tuple(holder)
    return item(recipe, [])


# tensors with few elements but any number of dimensions (many of extent 1)
small_shapes = st.lists(st.sampled_from([1, 1, 1, 1, 2, 3, 0]), max_size=66).filter(
    lambda s: math.prod(s) <= 4096)

SHAPE_OPS = {
    "zeros": lambda x, y, a, b: pc.zeros(a),
    "full": lambda x, y, a, b: pc.full(a, 1.5),
    "reshape": lambda x, y, a, b: pc.reshape(x, a),
    "broadcast_to": lambda x, y, a, b: pc.broadcast_to(x, a),
    "expand": lambda x, y, a, b: pc.expand(x, a),
    "permute_dims": lambda x, y, a, b: pc.permute_dims(x, a),
    "transpose": lambda x, y, a, b: pc.transpose(x, a),
    "flip": lambda x, y, a, b: pc.flip(x, axis=a),
    "squeeze": lambda x, y, a, b: pc.squeeze(x, axis=a),
    "expand_dims": lambda x, y, a, b: pc.expand_dims(x, axis=a),
    "unsqueeze": lambda x, y, a, b: pc.unsqueeze(x, a),
    "sum": lambda x, y, a, b: pc.sum(x, axis=a),
    "max": lambda x, y, a, b: pc.max(x, axis=a),
    "std": lambda x, y, a, b: pc.std(x, axis=a),
    "tile": lambda x, y, a, b: pc.tile(x, a),
    "roll": lambda x, y, a, b: pc.roll(x, a, axis=b),
    "split": lambda x, y, a, b: pc.split(x, a),
    "moveaxis": lambda x, y, a, b: pc.moveaxis(x, a, b),
    "tensordot": lambda x, y, a, b: pc.tensordot(x, y, axes=[a, b] if isinstance(a, list)
                                                 else a),
    "fftn": lambda x, y, a, b: pc.fft.fftn(x.astype(pc.complex64), s=b, axes=a),
    "fftshift": lambda x, y, a, b: pc.fft.fftshift(x, axes=a),
    "vector_norm": lambda x, y, a, b: pc.linalg.vector_norm(x, axis=a),
    "broadcast_shapes": lambda x, y, a, b: pc.broadcast_shapes(a, b),
    "from_bytes": lambda x, y, a, b: pc._C._from_bytes(b"\0" * 8, "float64", a),
}

# NumPy equivalents, compared when both sides succeed on plain arguments
NUMPY_OPS = {
    "reshape": lambda x, a, b: np.reshape(x, a),
    "broadcast_to": lambda x, a, b: np.broadcast_to(x, a),
    "permute_dims": lambda x, a, b: np.transpose(x, a),
    "flip": lambda x, a, b: np.flip(x, a),
    "squeeze": lambda x, a, b: np.squeeze(x, a),
    "expand_dims": lambda x, a, b: np.expand_dims(x, a),
    "sum": lambda x, a, b: np.sum(x, a),
    "tile": lambda x, a, b: np.tile(x, a),
    "moveaxis": lambda x, a, b: np.moveaxis(x, a, b),
}

shape_target = st.tuples(st.sampled_from(sorted(SHAPE_OPS)), small_shapes, small_shapes,
                         int_args, int_args)


def _elements(arg):
    """The element count a shape-like argument would ask for (0 when it is no shape)."""
    vals = arg if isinstance(arg, (list, tuple)) else [arg]
    if not all(type(v) is int for v in vals):
        return 0
    return math.prod(max(v, 0) for v in vals)


def run_shapes(case):
    op, xshape, yshape, ra, rb = case
    a, b = build_int_arg(ra), build_int_arg(rb)
    xn = np.arange(math.prod(xshape), dtype=np.float64).reshape(xshape)
    x = pc.asarray(xn)
    y = pc.ones(yshape)
    # results that are small, or refused before anything is allocated; not the huge work
    # between (an FFT of 2**31 points, 2**31 split pieces), which NumPy would do as well
    if op in ("zeros", "full", "tile"):
        n = _elements(a) * (x.size if op == "tile" else 1)
        assume(n < 2**22 or n >= 2**48)
    if op == "fftn":
        n = _elements(b) * max(x.size, 1)
        assume(n < 2**22 or n >= 2**48)
    if op == "split":
        assume(not (type(a) is int and a > 4096))
    ok, res = clean_call(SHAPE_OPS[op], x, y, a, b)
    if not ok:
        return
    plain = ra[0] != "hostile" and not (ra[0] in ("list", "tuple") and
                                        any(r[0] != "int" for r in ra[1]))
    if op in NUMPY_OPS and plain and isinstance(res, pc.Tensor) and res.size <= 2**16:
        try:
            ref = NUMPY_OPS[op](xn, a, b)
        except Exception:
            return
        assert res.shape == ref.shape and np.allclose(np.asarray(res), ref), (op, a, b)


# ---- target 3: index keys for getitem and setitem -------------------------------------------------

_key_item = st.one_of(
    st.tuples(st.just("int"), ints(5)),
    st.tuples(st.just("slice"), st.one_of(st.none(), ints(6)), st.one_of(st.none(), ints(6)),
              st.one_of(st.none(), st.integers(-3, 3), st.sampled_from(BIG_INTS))),
    st.tuples(st.just("const"), st.sampled_from(["none", "ellipsis", "true", "false"])),
    st.tuples(st.just("ints"), st.lists(st.integers(-6, 6), max_size=5)),
    st.tuples(st.just("bools"), st.lists(st.booleans(), max_size=5)),
    st.tuples(st.just("tensor"), st.sampled_from(["int64", "int8", "uint8", "bool", "float32"]),
              st.lists(st.integers(-6, 6), max_size=5)),
    st.tuples(st.just("hostile"), st.sampled_from(["clear", "grow"]), st.integers(-4, 4)),
    st.tuples(st.just("other"), st.sampled_from([1.5, "a", b"a", object, 1j])),
)

key_target = st.tuples(
    st.lists(st.integers(0, 4), max_size=4),             # x's shape
    st.one_of(_key_item, st.lists(_key_item, max_size=5),
              st.lists(_key_item, min_size=60, max_size=140)),
    st.sampled_from(["scalar", "tensor", "list", "wrong"]))


def build_key(recipe):
    def item(r, holder):
        k = r[0]
        if k == "int":
            return r[1]
        if k == "slice":
            return slice(r[1], r[2], r[3])
        if k == "const":
            return {"none": None, "ellipsis": Ellipsis, "true": True, "false": False}[r[1]]
        if k == "ints":
            return list(r[1])
        if k == "bools":
            return list(r[1])
        if k == "tensor":
            return pc.asarray(np.asarray(r[2]).astype(r[1]))
        if k == "hostile":
            inner = [0]
            inner.extend([HOSTILE_ARRAY[r[1]](inner, r[2]), 0])
            return inner
        return r[1]

    if isinstance(recipe, list):
        holder = []
        for r in recipe:
            holder.append(item(r, holder))
        return tuple(holder)
    return item(recipe, [])


def run_keys(case):
    shape, key_recipe, value_kind = case
    xn = np.arange(math.prod(shape), dtype=np.float32).reshape(shape)
    x = pc.asarray(xn.copy())
    key = build_key(key_recipe)
    ok, res = clean_call(x.__getitem__, key)
    if ok:
        assert isinstance(res, pc.Tensor)
        if isinstance(key_recipe, list) and len(key_recipe) <= 5:
            _compare_getitem(xn, key_recipe, res)
    before = np.asarray(x).copy()
    value = {"scalar": 7.0, "tensor": pc.full((1,), 7.0), "list": [7.0],
             "wrong": pc.ones((2, 3, 5))}[value_kind]
    ok, _ = clean_call(x.__setitem__, key, value)
    if not ok:
        assert np.array_equal(np.asarray(x), before), "a failed setitem changed the tensor"


def _compare_getitem(xn, recipe, res):
    """NumPy's answer for keys NumPy reads the same way (no hostile items, no odd objects)."""
    if any(r[0] in ("hostile", "other", "tensor") for r in recipe):
        return
    key = build_key(recipe)
    try:
        ref = xn[key]
    except (IndexError, ValueError, TypeError):
        return
    assert res.shape == np.shape(ref) and np.array_equal(np.asarray(res), ref), (recipe,)


# ---- target 4: DLPack capsules built with ctypes ----------------------------------------------

DTYPES = [(2, 64, 1), (2, 32, 1), (0, 8, 1), (1, 16, 1), (6, 8, 1), (5, 128, 1), (4, 16, 1),
          (2, 16, 1), (2, 8, 1), (0, 64, 2), (9, 64, 1), (2, 0, 1)]

capsule_target = st.fixed_dictionaries({
    "pointer": st.sampled_from(["buffer"] * 5 + ["null", "low", "high"]),
    "offset": st.one_of(st.integers(0, 64), st.sampled_from([2**63 - 1, 2**63, 2**64 - 1,
                                                             2**62])),
    "shape": st.lists(st.one_of(st.integers(0, 4), st.sampled_from([-1, 2**31, 2**62,
                                                                     2**63 - 1])), max_size=5),
    "strides": st.one_of(st.none(), st.lists(st.one_of(st.integers(-8, 8),
                                                       st.sampled_from([2**40, 2**62, -(2**62),
                                                                        2**63 - 1])),
                                             max_size=5)),
    "ndim": st.sampled_from(["len", "len", "len", -1, 65, 2**31 - 1]),
    "dtype": st.sampled_from(DTYPES),
    "device": st.sampled_from([(1, 0), (1, 0), (1, 0), (3, 0), (2, 7), (99, 0)]),
    "flags": st.sampled_from([0, 1, 2, 4, 2**63]),
    "major": st.sampled_from([1, 1, 0, 2]),
    "legacy": st.booleans(),
    "bytes": st.binary(min_size=64, max_size=64),
    "copy": st.sampled_from([None, True, False]),
})

BUFFER_BYTES = 4096  # the drawn 64 bytes, repeated


def _extent(shape, strides, item):
    """Lowest and highest byte offset (exact ints) an element of the view touches."""
    if strides is None:
        strides = []
        acc = 1
        for d in reversed(shape):
            strides.insert(0, acc)
            acc *= d
    lo = hi = 0
    for d, s in zip(shape, strides):
        span = (d - 1) * s * item
        lo, hi = lo + min(span, 0), hi + max(span, 0)
    return lo, hi


def run_capsule(case):
    shape = case["shape"]
    strides = case["strides"]
    if strides is not None:
        strides = (strides + [1] * len(shape))[:len(shape)]   # as long as the shape
    ndim = len(shape) if case["ndim"] == "len" else case["ndim"]
    item = max(case["dtype"][1] // 8, 1) * case["dtype"][2]
    keep = np.frombuffer(case["bytes"] * (BUFFER_BYTES // 64), dtype=np.uint8).copy()
    base = keep.ctypes.data
    size = math.prod(shape) if all(d >= 0 for d in shape) else -1
    pointer = {"buffer": base, "null": None, "low": 16, "high": 2**64 - 32}[case["pointer"]]
    # A capsule whose numbers describe an address range that is not ours cannot be told from a
    # valid one (by any consumer): only ranges inside the buffer, or not describing a range at
    # all, are tried.
    host = case["device"] in ((1, 0), (3, 0))   # CPU and CUDA host memory are read here
    if pointer is not None and size > 0 and 0 <= ndim <= 64 and host:
        lo, hi = _extent(shape, strides, item)
        first = pointer + case["offset"]
        inside = base <= first + lo and first + hi + item <= base + BUFFER_BYTES
        impossible = (case["offset"] >= 2**63 or first + lo < 0 or first + hi + item > 2**64
                      or hi - lo >= 2**63)
        assume(inside or impossible)
    raw = RawCapsules()
    cap = raw.make(data=pointer, shape=shape, strides=strides, byte_offset=case["offset"],
                   ndim=ndim, dtype=case["dtype"], device=case["device"], flags=case["flags"],
                   major=case["major"], legacy=case["legacy"])
    ok, res = clean_call(pc.from_dlpack, CapsuleProducer(cap, case["device"]),
                         copy=case["copy"])
    if ok and res.dtype == pc.bool and res.size > 0:
        assert np.asarray(res).view(np.uint8).max() <= 1, "bool bytes not normalised"
    del res, cap  # the capsule's deleter runs here (or already ran, for a copy)


# ---- target 5: pickles ---------------------------------------------------------------------

class OnlyTensors(pickle.Unpickler):
    """Unpickles nothing but paddle_c tensors: a mutated pickle may name any global."""

    def find_class(self, module, name):
        if (module, name) == ("paddle_c._C", "_from_bytes"):
            return pc._C._from_bytes
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed")


pickle_target = st.one_of(
    st.tuples(st.just("args"), st.binary(max_size=48),
              st.sampled_from(["float64", "bool", "int8", "complex64", "bfloat16", "float16",
                               "uint64", "", "nonsense", "float64\0"]), int_args),
    st.tuples(st.just("stream"), st.sampled_from(["float32", "bool", "int64", "complex128"]),
              st.lists(st.integers(0, 3), max_size=3), st.integers(0, 5),
              st.lists(st.tuples(st.integers(0, 200), st.integers(0, 255),
                                 st.sampled_from(["set", "insert", "delete"])), max_size=4)),
)


def run_pickle(case):
    if case[0] == "args":
        _, data, dtype, shape = case
        ok, res = clean_call(pc._C._from_bytes, data, dtype, build_int_arg(shape))
        if ok and res.dtype == pc.bool and res.size > 0:
            assert np.asarray(res).view(np.uint8).max() <= 1
        return
    _, dtype, shape, protocol, edits = case
    x = pc.reshape(pc.arange(math.prod(shape)).astype(getattr(pc, dtype)), shape)
    blob = bytearray(pickle.dumps(x, protocol=protocol))
    if not edits:
        y = pickle.loads(bytes(blob))
        assert y.dtype == x.dtype and y.shape == x.shape and y.tolist() == x.tolist()
        return
    for pos, byte, how in edits:
        pos %= len(blob) + 1
        if how == "set" and pos < len(blob):
            blob[pos] = byte
        elif how == "insert":
            blob.insert(pos, byte)
        elif pos < len(blob):
            del blob[pos]
    try:
        OnlyTensors(io.BytesIO(bytes(blob))).load()
    except Exception:
        pass  # any clean exception: the stream is corrupt


# ---- target 6: device strings through every entry that takes a device ---------------------------

DEVICE_NAMES = ["cpu", "gpu", "cuda", "rocm", "hip", "opencl", "xpu", "hostdev"]
_DEVICE_GRAMMAR = re.compile(r"(?:cpu|gpu|cuda|rocm|hip|opencl|xpu|hostdev)(?::([0-9]+))?")


def device_grammatical(s) -> bool:
    """Whether the string `s` names a device at all: a known name, then ':' and decimal digits
    (at most 2**20), nothing else."""
    m = _DEVICE_GRAMMAR.fullmatch(s)
    return m is not None and (m.group(1) is None or int(m.group(1)) <= 2**20)


#: every entry that takes a device, as (call with the device, the device string it parses)
DEVICE_ENTRIES = {
    "Device": (lambda d: pc.Device(d), lambda d: d),
    "Device(type, 0)": (lambda d: pc.Device(d, 0), lambda d: f"{d}:0"),
    "Device(cpu, index)": (lambda d: pc.Device("cpu", d), lambda d: f"cpu:{d}"),
    "set_device": (lambda d: pc.set_device(d), lambda d: d),
    "zeros": (lambda d: pc.zeros(2, device=d), lambda d: d),
    "ones": (lambda d: pc.ones(2, device=d), lambda d: d),
    "empty": (lambda d: pc.empty(2, device=d), lambda d: d),
    "full": (lambda d: pc.full(2, 1.5, device=d), lambda d: d),
    "arange": (lambda d: pc.arange(3, device=d), lambda d: d),
    "linspace": (lambda d: pc.linspace(0, 1, 3, device=d), lambda d: d),
    "eye": (lambda d: pc.eye(2, device=d), lambda d: d),
    "zeros_like": (lambda d: pc.zeros_like(pc.ones(2), device=d), lambda d: d),
    "ones_like": (lambda d: pc.ones_like(pc.ones(2), device=d), lambda d: d),
    "empty_like": (lambda d: pc.empty_like(pc.ones(2), device=d), lambda d: d),
    "full_like": (lambda d: pc.full_like(pc.ones(2), 2.0, device=d), lambda d: d),
    "asarray": (lambda d: pc.asarray([1.0, 2.0], device=d), lambda d: d),
    "Tensor": (lambda d: pc.Tensor([1.0], device=d), lambda d: d),
    "to_tensor": (lambda d: pc.to_tensor([1.0], place=d), lambda d: d),
    "astype": (lambda d: pc.astype(pc.ones(2), pc.int8, device=d), lambda d: d),
    "Tensor.astype": (lambda d: pc.ones(2).astype(pc.int8, device=d), lambda d: d),
    "to_device": (lambda d: pc.ones(2).to_device(d), lambda d: d),
    "from_dlpack": (lambda d: pc.from_dlpack(np.ones(2), device=d), lambda d: d),
    "fftfreq": (lambda d: pc.fft.fftfreq(4, device=d), lambda d: d),
    "rfftfreq": (lambda d: pc.fft.rfftfreq(4, device=d), lambda d: d),
    "synchronize": (lambda d: pc.synchronize(d), lambda d: d),
    "empty_cache": (lambda d: pc.empty_cache(d), lambda d: d),
    "memory_stats": (lambda d: pc.memory_stats(d), lambda d: d),
    "memory_allocated": (lambda d: pc.memory_allocated(d), lambda d: d),
    "max_memory_allocated": (lambda d: pc.max_memory_allocated(d), lambda d: d),
    "memory_reserved": (lambda d: pc.memory_reserved(d), lambda d: d),
    "max_memory_reserved": (lambda d: pc.max_memory_reserved(d), lambda d: d),
    "info.default_dtypes": (lambda d: pc.__array_namespace_info__().default_dtypes(device=d),
                            lambda d: d),
    "info.dtypes": (lambda d: pc.__array_namespace_info__().dtypes(device=d), lambda d: d),
}

_device_junk = st.sampled_from(["\x00", "\x00junk", " ", "\t", "\n", "+", "-", ":", "::", "\ud800",
                                "\udcff", "\u0661", "\uff10", "\u00e9", "0x", "_", "."])

device_text = st.one_of(
    st.sampled_from(DEVICE_NAMES + ["cpu:0", "cpu:00", "cpu:1", "gpu:-1", "hostdev:0",
                                    "hostdev:1", "xpu:0", "", "CPU", "Cpu:0"]),
    st.builds("{}:{}".format, st.sampled_from(DEVICE_NAMES), ints()),
    st.builds(lambda a, j, b: a + j + b, st.sampled_from(DEVICE_NAMES + ["cpu:0", "gpu:1", ""]),
              _device_junk, st.sampled_from(["", "0", "1", "cpu", "junk"])),
    st.text(max_size=12),
)

devices_target = st.tuples(st.sampled_from(sorted(DEVICE_ENTRIES)), st.one_of(
    device_text, device_text,
    st.sampled_from([None, 0, -1, 1.5, b"cpu", ("cpu", 0), ["cpu"], pc.Device("cpu")])))

#: what refusing a device may raise: a device string that names none is a ValueError, one that
#: names a device this process lacks a RuntimeError (an object that is no device: TypeError)
DEVICE_CLEAN = (ValueError, RuntimeError, TypeError)


def run_devices(case):
    entry, dev = case
    call, parsed = DEVICE_ENTRIES[entry]
    before = pc.get_device()
    try:
        res = call(dev)
        ok = True
    except DEVICE_CLEAN as e:
        ok, res = False, e
    finally:
        pc.set_device(before)
    if not isinstance(dev, str):
        return
    text = parsed(dev)
    if ok:
        assert device_grammatical(text), f"{entry} accepted the device {text!r}"
        if isinstance(res, pc.Tensor):
            assert res.device == pc.Device(text), (entry, text, res.device)
    elif not device_grammatical(text):
        assert isinstance(res, ValueError) and "device" in str(res), (entry, text, res)


# ---- target 7: the environment paddle_c reads at import, each value in a fresh interpreter ----

ENV_VARS = ["PADDLE_C_DEFAULT_DEVICE", "PADDLE_C_TEST_BACKENDS", "PADDLE_C_PLUGIN_PATH",
            "PADDLE_C_ISA", "PADDLE_C_LAUNCH_BLOCKING"]

_PATHS: dict = {}


def plugin_paths() -> dict:
    """Files that are no plug-in, made once per process: a FIFO, a folder holding a FIFO and a
    folder named like a library, an empty and a text file named *.so, a link loop."""
    if not _PATHS:
        import atexit
        import shutil
        import tempfile

        root = tempfile.mkdtemp(prefix="pc_fuzz_env")
        atexit.register(shutil.rmtree, root, True)
        os.mkfifo(os.path.join(root, "fifo.so"))
        folder = os.path.join(root, "folder")
        os.makedirs(os.path.join(folder, "dir.so"))
        os.mkfifo(os.path.join(folder, "x.so"))
        open(os.path.join(root, "empty.so"), "wb").close()
        with open(os.path.join(root, "text.so"), "w") as f:
            f.write("not an ELF file\n")
        os.symlink(os.path.join(root, "loop.so"), os.path.join(root, "loop.so"))
        _PATHS.update({k: os.path.join(root, k) for k in ("fifo.so", "folder", "empty.so",
                                                            "text.so", "loop.so")})
        _PATHS.update({"missing": os.path.join(root, "missing.so"), "dev_zero": "/dev/zero",
                       "dev_null": "/dev/null", "long": "/" + "x" * 3000 + ".so", "empty": "",
                       "root": root})
    return _PATHS


_env_value = st.one_of(
    st.sampled_from(["", "0", "1", "-1", "yes", "cpu", "cpu:0", "hostdev", "hostdev:0",
                     "hostdev:1", "gpu:0", "gpu:-1", "xpu:0", "baseline", "avx2", "avx512",
                     "native", "AVX2", "99999999999999999999", ":", "hostdev,hostdev",
                     "hostdev:0 ", "\u00e9", "\u0661"]),
    st.text(max_size=16).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.binary(max_size=16),
).map(lambda v: (v if isinstance(v, bytes) else v.encode()).replace(b"\0", b""))

_path_list = st.lists(st.sampled_from(["fifo.so", "folder", "empty.so", "text.so", "loop.so",
                                       "missing", "dev_zero", "dev_null", "long", "empty",
                                       "root"]), max_size=20)

env_target = st.dictionaries(
    st.sampled_from(ENV_VARS),
    st.one_of(_env_value, st.tuples(st.just("paths"), _path_list)), min_size=1, max_size=5)

ENV_PROBE = ("import paddle_c as pc\nx = pc.zeros(3) + 1\nrepr(x)\npc._C._plugins()\n"
             "print('imported')\n")


def run_env(case):
    env = {os.fsencode(k): os.fsencode(v) for k, v in os.environ.items()
           if k not in ENV_VARS}
    for name, value in case.items():
        if isinstance(value, tuple):
            value = ":".join(plugin_paths()[p] for p in value[1]).encode()
        env[name.encode()] = value
    try:
        proc = subprocess.run([sys.executable, "-c", ENV_PROBE], env=env, capture_output=True,
                              timeout=60)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"import paddle_c hung with {case}") from None
    err = proc.stderr.decode(errors="replace").strip()
    assert proc.returncode >= 0, f"import paddle_c crashed (signal {-proc.returncode}): {err}"
    if proc.returncode == 0:
        assert b"imported" in proc.stdout
        return
    # a refusal at import: the clean kind of exception, naming the variable that caused it
    # (the message, after the traceback, may span lines: it may quote the value)
    raised = list(re.finditer(r"^(\w+(?:Error|Exception)): ", err, re.MULTILINE))
    assert raised and raised[-1].group(1) in ("ValueError", "RuntimeError"), err[-2000:]
    message = err[raised[-1].end():]
    assert any(name in message for name in case), err[-2000:]


# ---- target 8: operands on different devices -----------------------------------------------------

_MIXED_SKIP = {"asarray", "from_dlpack", "set_device", "get_device", "to_tensor", "Tensor",
               "synchronize", "empty_cache", "Device"}


def _operand_sets():
    """(name, dtype, shapes, index operands): the operand sets public functions are tried with,
    in order; index operands are int64 tensors of fixed values."""
    yield "x, y", "float32", [(3, 4), (3, 4)], {}
    yield "x, index", "float32", [(3, 4), (2,)], {1: [0, 2]}
    yield "x, index 2-d", "float32", [(3, 4), (3, 1)], {1: [[0], [1], [3]]}
    yield "x, index, updates", "float32", [(3, 4), (2,), (2, 4)], {1: [0, 2]}
    yield "x, y int", "int64", [(3, 4), (3, 4)], {}
    yield "x, y bool", "bool", [(3, 4), (3, 4)], {}
    yield "x, y 1-d", "float32", [(4,), (4,)], {}
    yield "x, y matmul", "float32", [(3, 4), (4, 3)], {}
    yield "x, y vectors", "float32", [(3, 3), (3, 3)], {}
    yield "cond, x, y", "float32", [(3, 4), (3, 4), (3, 4)], {}


def _make(dtype, shape, values, device):
    if values is not None:
        return pc.asarray(np.asarray(values, dtype=np.int64), device=device)
    a = np.linspace(-2.0, 3.0, math.prod(shape)).reshape(shape)
    return pc.asarray(a.astype(dtype) if dtype != "bool" else a > 0, device=device)


_CALLS = {
    "f(*operands)": lambda f, ops: f(*ops),
    "f(list)": lambda f, ops: f(list(ops)),            # functions whose first parameter is arrays
    "einsum": lambda f, ops: f(",".join(["ij"] * len(ops)) + "->i", *ops),
}

#: functions whose results are views of their operands, each on its operand's device
VIEWS_OF_EACH = {"broadcast_arrays", "meshgrid", "expand_as"}

#: functions whose integer operands are index tensors, which docs/devices.md lets live on
#: another device (they are moved to the indexed tensor's device once)
INDEX_TAKERS = {"take", "take_along_axis", "gather", "gather_nd", "index_select", "scatter",
                "tile", "repeat", "x[index] = y"}


def _params(f) -> list:
    try:
        return list(inspect.signature(f).parameters)
    except (TypeError, ValueError):
        return []


def _calls_of(name, f):
    """The ways of passing tensors to f: a list where its first parameter is a sequence of
    arrays (concat's `arrays`, not meshgrid's `*arrays`)."""
    if name == "einsum":
        return [_CALLS["einsum"]]
    try:
        first = next(iter(inspect.signature(f).parameters.values()), None)
    except (TypeError, ValueError):
        first = None
    takes_list = (first is not None and first.name == "arrays" and
                  first.kind != inspect.Parameter.VAR_POSITIONAL)
    return ([_CALLS["f(list)"]] if takes_list else []) + [_CALLS["f(*operands)"]]


def _all_tensors(res) -> bool:
    if isinstance(res, (tuple, list)):
        return len(res) > 0 and all(isinstance(r, pc.Tensor) for r in res)
    return isinstance(res, pc.Tensor)


_OPERATORS = {
    **{f"x {sym} y": getattr(operator, name) for sym, name in [
        ("+", "add"), ("-", "sub"), ("*", "mul"), ("/", "truediv"), ("//", "floordiv"),
        ("%", "mod"), ("**", "pow"), ("@", "matmul"), ("&", "and_"), ("|", "or_"),
        ("^", "xor"), ("<<", "lshift"), (">>", "rshift"), ("<", "lt"), ("<=", "le"),
        (">", "gt"), (">=", "ge"), ("==", "eq"), ("!=", "ne")]},
    **{f"x {sym}= y": getattr(operator, name) for sym, name in [
        ("+", "iadd"), ("*", "imul"), ("-", "isub"), ("/", "itruediv"), ("&", "iand")]},
    "x[index] = y": lambda x, y: x.__setitem__(pc.asarray([0, 1], device=x.device), y[:2]),
    "x[mask] = y": lambda x, y: x.__setitem__(x > 0, y[x.to_device(y.device) > 0]),
    "x[:] = y": lambda x, y: x.__setitem__(slice(None), y),
}

_mixed_plans: dict = {}


def mixed_plans() -> dict:
    """name -> (call, operand set) for every public function and operator that takes two or
    more tensors: the first operand set it accepts with every operand on the CPU."""
    if _mixed_plans:
        return _mixed_plans
    functions = {}
    for prefix, mod in (("", pc), ("linalg.", pc.linalg), ("fft.", pc.fft)):
        for n in dir(mod):
            f = getattr(mod, n)
            if (not n.startswith("_") and n.islower() and n not in _MIXED_SKIP and callable(f)
                    and not isinstance(f, type)):
                functions[prefix + n] = f
    candidates = [(n, f, call) for n, f in sorted(functions.items()) for call in _calls_of(n, f)]
    candidates += [(n, op, _CALLS["f(*operands)"]) for n, op in _OPERATORS.items()]
    for name, f, call in candidates:
        if name in _mixed_plans:
            continue
        for opset in _operand_sets():
            _, dtype, shapes, index = opset
            if call is _CALLS["f(*operands)"] and "name" in _params(f)[:len(shapes)]:
                continue   # Paddle's functions take anything as `name` and ignore it
            ops = [_make(dtype, s, index.get(i), "cpu") for i, s in enumerate(shapes)]
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    res = call(f, ops)
            except Exception:
                continue
            if _all_tensors(res) or (res is None and name in _OPERATORS):
                _mixed_plans[name] = (f, call, opset)
                break
    return _mixed_plans


mixed_target = st.tuples(st.deferred(lambda: st.sampled_from(sorted(mixed_plans()))),
                         st.lists(st.booleans(), min_size=3, max_size=3))


def run_mixed(case):
    devices = [d for d in pc.__array_namespace_info__().devices() if d.type == "hostdev"]
    if not devices:
        return  # needs PADDLE_C_TEST_BACKENDS=hostdev (run.py and test_fuzz.py set it)
    name = case[0]
    f, call, (_, dtype, shapes, index) = mixed_plans()[name]
    where = [pc.Device("cpu") if on_cpu else devices[0] for on_cpu in case[1][:len(shapes)]]
    assume(len(set(map(str, where))) > 1)
    ops = [_make(dtype, s, index.get(i), d) for i, (s, d) in enumerate(zip(shapes, where))]
    index_only = name in INDEX_TAKERS and all(str(where[i]) == str(where[0])
                                              for i in range(len(shapes)) if i not in index)
    before = [o.to_device("cpu").tolist() for o in ops]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = call(f, ops)
    except ValueError as e:
        assert "device" in str(e), (name, where, e)
        after = [o.to_device("cpu").tolist() for o in ops]
        assert after == before, f"{name} failed but changed an operand"
        return
    if name in VIEWS_OF_EACH:
        # views of each operand, on its own device: nothing was computed from the other
        outs = res if isinstance(res, (tuple, list)) else [res]
        assert [str(o.device) for o in outs] == [str(o.device) for o in ops][:len(outs)], name
        return
    if index_only:
        # index tensors on another device are moved to the indexed tensor's (docs/devices.md):
        # the result is the CPU's
        cpu_ops = [_make(dtype, s, index.get(i), "cpu") for i, s in enumerate(shapes)]
        ref = call(f, cpu_ops)
        got, ref = (res, ref) if res is not None else (ops[0], cpu_ops[0])
        got, ref = (got, ref) if isinstance(got, (tuple, list)) else ([got], [ref])
        for g, r in zip(got, ref):
            assert np.array_equal(np.asarray(g.to_device("cpu")), np.asarray(r),
                                  equal_nan=True), (name, where)
        return
    raise AssertionError(f"{name} computed a result from operands on {where} "
                         f"({[str(o.device) for o in ops]}) instead of raising ValueError")


# ---- target 9: printing odd tensors on every device ------------------------------------------------

_print_dims = st.sampled_from([0, 1, 2, 3, 6, 7, 8, 1000, 2**20, 2**40])

print_target = st.tuples(
    st.sampled_from([name for name, *_ in pc._C._dtype_table()]),
    st.lists(st.sampled_from([1, 2, 3, 7]), max_size=3),          # the stored tensor's shape
    st.lists(_print_dims, max_size=4),                             # a broadcast view's leading dims
    st.sampled_from(["none", "transpose", "step", "flip"]),
    st.sampled_from(["plain", "special", "huge"]))


def _print_values(dtype, shape, values):
    n = math.prod(shape)
    a = np.linspace(-3.0, 5.0, n) * {"plain": 1.0, "special": 1.0, "huge": 1e30}[values]
    if values == "special" and n >= 3:
        a[:3] = [np.nan, np.inf, -np.inf]
    if dtype.startswith("complex"):
        with np.errstate(invalid="ignore"):
            a = a + 1j * a[::-1]
    return a.reshape(shape)


def run_printing(case):
    dtype, shape, lead, layout, values = case
    # values no integer holds convert as each device's casts do (not compared here)
    assume(values == "plain" or getattr(pc, dtype).kind in "fc")
    a = _print_values(dtype, shape, values)
    reprs = {}
    for dev in pc.__array_namespace_info__().devices():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                t = pc.asarray(a, device=dev).astype(getattr(pc, dtype))
        except (NotImplementedError, OverflowError):
            continue
        try:
            t = pc.broadcast_to(t, tuple(lead) + tuple(shape))
        except ValueError:
            assume(False)   # beyond the addressable size: refused, as it should be
        if layout == "transpose" and t.ndim >= 2:
            t = t.mT
        elif layout == "step" and t.ndim >= 1:
            t = t[..., ::-2]
        elif layout == "flip" and t.ndim >= 1:
            t = pc.flip(t, axis=0)
        r = repr(t)
        assert str(t) == r
        reprs[str(dev)] = r.replace(f"Place({dev})", "Place(?)")
    assert len(set(reprs.values())) <= 1, reprs


TARGETS = {
    "asarray": (asarray_target, run_asarray),
    "shapes": (shape_target, run_shapes),
    "keys": (key_target, run_keys),
    "dlpack": (capsule_target, run_capsule),
    "pickle": (pickle_target, run_pickle),
    "devices": (devices_target, run_devices),
    "environment": (env_target, run_env),
    "mixed_devices": (mixed_target, run_mixed),
    "printing": (print_target, run_printing),
}

#: the environment a target's own process needs (run.py, and test_fuzz.py for the targets it
#: runs in a child): hostdev, so that there are two devices to mix, print on and name
TARGET_ENV = {name: {"PADDLE_C_TEST_BACKENDS": "hostdev"}
              for name in ("devices", "mixed_devices", "printing")}

sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
