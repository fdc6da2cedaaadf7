"""searchsorted, isin and the four unique functions on every non-CPU device against the CPU.

For each device present (the `hostdev` test device when PADDLE_C_TEST_BACKENDS=hostdev, gpu:0
on a machine with a GPU), with operands holding special values (NaN, +-inf, +-0, integer
extremes) for every dtype the CPU accepts:
  searchsorted  side left and right, with and without a sorter, x2 contiguous, transposed,
                reversed, stepped, 0-D and empty, x1 and x2 of mixed dtypes;
  isin          invert or not, x1 in those layouts, x2 not contiguous, mixed dtypes (promotion);
  unique_*      values, counts, inverse and first indices (each NaN its own value, -0 == +0)
                in those layouts.
Results equal the CPU's exactly (dtype, shape, NaN matching NaN, the sign of zero kept); where
the CPU raises, the device raises the same exception with the same message. A sorter index out
of range raises IndexError through the device's result word, read once; unique's count comes
through the word, read once per call.

The coverage gate: every filled device slot of SEARCHSORTED, ISIN and UNIQUE is dispatched to.
"""

import collections

import numpy as np
import pytest

import paddle_c as pc
from strategies import ALL_DTYPES
from test_backend_consistency import base, compare, to_numpy

from devices import OTHERS as DEVICES  # noqa: E402
pytestmark = pytest.mark.skipif(not DEVICES, reason="no non-CPU device in this build")

OPS = {"searchsorted", "isin", "unique"}
# slots no public function reaches: searchsorted refuses complex values (they have no order)
UNREACHABLE = {("searchsorted", "complex64"), ("searchsorted", "complex128")}
# pairs of dtypes for the promotion cases (the operation runs in the promoted dtype)
MIXED = [("int8", "uint8"), ("int32", "float32"), ("bool", "int64"), ("float16", "float64"),
         ("uint16", "int16"), ("bfloat16", "float32"), ("uint64", "uint8"),
         ("complex64", "float32"), ("int64", "complex128")]


def layouts(dtype, seed):
    """(layout name, x) built on the CPU: 2-D in four layouts, 0-D, empty."""
    return [
        ("contiguous", base(dtype, (4, 5), seed)),
        ("transposed", pc.permute_dims(base(dtype, (5, 4), seed), (1, 0))),
        ("negative stride", base(dtype, (4, 5), seed)[::-1, ::-1]),
        ("stepped", base(dtype, (8, 10), seed)[::2, 1::2]),
        ("0-D", base(dtype, (), seed)),
        ("empty", base(dtype, (3, 0), seed)),
    ]


def same(got, want):
    """None when the device's result (a tensor or a tuple of them) equals the CPU's."""
    if isinstance(want, (tuple, list)):
        if len(got) != len(want):
            return f"{len(got)} results, cpu {len(want)}"
        for k, (g, w) in enumerate(zip(got, want)):
            why = same(g, w)
            if why:
                return f"result {k}: {why}"
        return None
    return compare("", str(want.dtype), to_numpy(got.to_device("cpu")), to_numpy(want))


def on(device, *ts):
    return [t.to_device(device) if isinstance(t, pc.Tensor) else t for t in ts]


def check(failures, label, fn, device, *args):
    """fn(*args) on the CPU and fn(*args moved to device) must agree: results or errors."""
    try:
        want = fn(*args)
    except Exception as e:  # noqa: BLE001 - the device must raise the same
        try:
            fn(*on(device, *args))
        except type(e) as d:
            if str(d) != str(e):
                failures.append(f"{label}: message {str(d)!r}, cpu {str(e)!r}")
        except Exception as d:  # noqa: BLE001
            failures.append(f"{label}: {type(d).__name__} {d}, cpu {type(e).__name__} {e}")
        else:
            failures.append(f"{label}: no error, cpu {type(e).__name__} {e}")
        return
    try:
        got = fn(*on(device, *args))
    except Exception as d:  # noqa: BLE001 - every failure is reported
        failures.append(f"{label}: {type(d).__name__}: {d}")
        return
    for g in (got if isinstance(got, tuple) else (got,)):
        if g.device != device:
            failures.append(f"{label}: a result on {g.device}")
    why = same(got, want)
    if why:
        failures.append(f"{label}: {why}")


def sorted_1d(dtype, n, seed):
    """n special values of dtype, sorted on the CPU (NaN last), 1-D."""
    return pc.sort(pc.reshape(base(dtype, (n,), seed), (-1,)))


# ---- searchsorted -----------------------------------------------------------------------------

def run_searchsorted(device):
    failures = []
    for dtype in ALL_DTYPES:
        x1 = sorted_1d(dtype, 12, seed=len(dtype))
        raw = pc.reshape(base(dtype, (9,), seed=3 * len(dtype)), (-1,))
        sorter = pc.argsort(raw, stable=True)
        for layout, x2 in layouts(dtype, seed=7 + len(dtype)):
            for side in ("left", "right"):
                label = f"searchsorted {dtype} {layout} {side}"
                check(failures, label, lambda a, b: pc.searchsorted(a, b, side=side), device,
                      x1, x2)
                check(failures, label + " sorter",
                      lambda a, b, s: pc.searchsorted(a, b, side=side, sorter=s), device,
                      raw, x2, sorter)
        # x1 not contiguous (a stepped view), a sorter of another integer dtype
        x1s = sorted_1d(dtype, 16, seed=5)[::2]
        check(failures, f"searchsorted {dtype} stepped x1",
              lambda a, b: pc.searchsorted(a, b), device, x1s, base(dtype, (3, 2), 1))
        check(failures, f"searchsorted {dtype} int32 sorter",
              lambda a, b, s: pc.searchsorted(a, b, sorter=s), device, raw,
              base(dtype, (5,), 2), sorter.astype(pc.int32))
        # an empty x1
        check(failures, f"searchsorted {dtype} empty x1",
              lambda a, b: pc.searchsorted(a, b), device, base(dtype, (0,), 0),
              base(dtype, (2, 3), 4))
    for d1, d2 in MIXED:
        for side in ("left", "right"):
            check(failures, f"searchsorted {d1} in {d2} {side}",
                  lambda a, b: pc.searchsorted(a, b, side=side), device,
                  sorted_1d(d1, 10, seed=1), base(d2, (3, 4), seed=2))
    return failures


# ---- isin -------------------------------------------------------------------------------------

def run_isin(device):
    failures = []
    for dtype in ALL_DTYPES:
        pool = base(dtype, (6, 4), seed=11)
        for layout, x1 in layouts(dtype, seed=2 * len(dtype)):
            for x2name, x2 in [("rows", pool[::2, ::-1]), ("0-D", base(dtype, (), 3)),
                               ("empty", base(dtype, (0,), 3)), ("x1 itself", x1)]:
                for invert in (False, True):
                    check(failures, f"isin {dtype} {layout} in {x2name} invert={invert}",
                          lambda a, b: pc.isin(a, b, invert=invert), device, x1, x2)
    for d1, d2 in MIXED + [(b, a) for a, b in MIXED]:
        for invert in (False, True):
            check(failures, f"isin {d1} in {d2} invert={invert}",
                  lambda a, b: pc.isin(a, b, invert=invert), device,
                  base(d1, (4, 5), seed=1), base(d2, (3, 3), seed=2))
    return failures


# ---- unique -----------------------------------------------------------------------------------

UNIQUE = {
    "unique_values": lambda t: pc.unique_values(t),
    "unique_counts": lambda t: tuple(pc.unique_counts(t)),
    "unique_inverse": lambda t: tuple(pc.unique_inverse(t)),
    "unique_all": lambda t: tuple(pc.unique_all(t)),
}


def run_unique(device):
    failures = []
    for dtype in ALL_DTYPES:
        for layout, x in layouts(dtype, seed=3 * len(dtype)):
            for name, fn in UNIQUE.items():
                check(failures, f"{name} {dtype} {layout}", fn, device, x)
        # long runs of repeated values: few unique values among many elements
        many = pc.reshape(base(dtype, (300,), seed=17), (20, 15))
        for name, fn in UNIQUE.items():
            check(failures, f"{name} {dtype} repeated", fn, device, many)
    return failures


@pytest.mark.parametrize("device", DEVICES, ids=str)
@pytest.mark.parametrize("run", [run_searchsorted, run_isin, run_unique],
                         ids=["searchsorted", "isin", "unique"])
def test_device_matches_cpu(device, run):
    failures = run(device)
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:60])


def test_signed_zero_and_nan_rules():
    """The rules spelled out: -0 == +0 (one unique value, found by isin, equal in searchsorted),
    each NaN a value of its own (never found by isin, sorted last)."""
    for device in DEVICES:
        x = pc.asarray([0.0, float("nan"), -0.0, 1.0, float("nan"), 0.0], device=device)
        r = pc.unique_all(x)
        assert r.values.device == device
        v = np.asarray(r.values.to_device("cpu"))
        assert v[0] == 0 and np.signbit(v[0]) == np.signbit(np.asarray(pc.unique_values(
            x.to_device("cpu")))[0])
        assert v.size == 4 and np.isnan(v[2:]).all()
        assert r.counts.to_device("cpu").tolist() == [3, 1, 1, 1]
        assert r.indices.to_device("cpu").tolist() == [0, 3, 1, 4]
        assert r.inverse_indices.to_device("cpu").tolist() == [0, 2, 0, 1, 3, 0]
        found = pc.isin(x, pc.asarray([-0.0, float("nan")], device=device))
        assert found.to_device("cpu").tolist() == [True, False, True, False, False, True]
        s = pc.asarray([-1.0, -0.0, 0.0, 2.0, float("nan")], device=device)
        q = pc.asarray([0.0, -0.0, float("nan"), 3.0], device=device)
        assert pc.searchsorted(s, q).to_device("cpu").tolist() == [1, 1, 4, 4]
        assert pc.searchsorted(s, q, side="right").to_device("cpu").tolist() == [3, 3, 5, 4]


def test_a_bad_sorter_raises_like_the_cpu_through_the_word():
    for device in DEVICES:
        for bad in ([0, 3, 1], [-1, 0, 1], [2, 1, 2 ** 40]):
            x1 = pc.asarray([3.0, 1.0, 2.0])
            x2 = pc.asarray([2.5, 0.0])
            s = pc.asarray(bad, dtype=pc.int64)
            with pytest.raises(IndexError) as cpu:
                pc.searchsorted(x1, x2, sorter=s)
            dx1, dx2, ds = on(device, x1, x2, s)
            before = pc._C._result_word_reads(device)
            with pytest.raises(IndexError) as dev:
                pc.searchsorted(dx1, dx2, sorter=ds)
            assert str(dev.value) == str(cpu.value)
            assert pc._C._result_word_reads(device) - before == 1
        # a good sorter: the word is read once as well
        dx1, dx2, ds = on(device, pc.asarray([3.0, 1.0, 2.0]), pc.asarray([2.5]),
                          pc.asarray([1, 2, 0]))
        before = pc._C._result_word_reads(device)
        assert pc.searchsorted(dx1, dx2, sorter=ds).to_device("cpu").tolist() == [2]
        assert pc._C._result_word_reads(device) - before == 1


def test_unique_reads_the_result_word_once():
    for device in DEVICES:
        x = pc.asarray(np.arange(1000) % 37, dtype=pc.int32, device=device)
        for name, fn in UNIQUE.items():
            before = pc._C._result_word_reads(device)
            r = fn(x)
            assert pc._C._result_word_reads(device) - before == 1, name
            vals = r if name == "unique_values" else r[0]
            assert vals.shape == (37,), name
        # without a sorter or a count, searchsorted and isin read no word
        before = pc._C._result_word_reads(device)
        pc.isin(x, x[:5])
        pc.searchsorted(pc.sort(x), x)
        assert pc._C._result_word_reads(device) == before


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_every_device_slot_is_exercised(device):
    """The coverage gate: each filled device slot of these ops is dispatched to."""
    pc._C._kernel_hits(reset=True)
    for dtype in ALL_DTYPES:
        x = base(dtype, (3, 4), seed=1).to_device(device)
        try:
            pc.searchsorted(pc.sort(pc.reshape(x, (-1,))), x)
        except TypeError:
            pass  # complex: no order
        pc.isin(x, x[0])
        pc.unique_all(x)
    hits = collections.defaultdict(set)
    for op, backend, dtype, _ in pc._C._kernel_hits(reset=True):
        hits[backend].add((op, dtype))
    assert hits, f"no device kernel was dispatched to on {device}"
    for backend, seen in hits.items():
        filled = {(op, dt) for op, b, dt in pc._C._kernels() if b == backend and op in OPS}
        never = sorted(filled - seen - UNREACHABLE)
        assert not never, f"{backend} kernels no test exercised: {never}"
