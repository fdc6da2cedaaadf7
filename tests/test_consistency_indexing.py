"""Indexing, sorting, sets and searching on every non-CPU device against the CPU.

For each device present (the `hostdev` test device when PADDLE_C_TEST_BACKENDS=hostdev, gpu:0
on a machine with a GPU): integer-array and boolean-mask get and set (to a scalar, to values),
nonzero, take, take_along_axis, Paddle's scatter, and sort, argsort, searchsorted, isin, the
unique functions and median, for every dtype the CPU accepts, with the operands in several
layouts (contiguous, transposed, negative stride, stepped, 0-D, empty) and the index tensors on
the device. Results must equal the CPU's exactly (NaN matching NaN, the sign of zero kept).

Out-of-range indices raise IndexError on the device as on the CPU, with the indexed tensor
unchanged; repeated indices in an assignment leave the last value written (the documented
policy), on every device.

The coverage gate: every filled device slot of the index kernels (GATHER, SCATTER,
INDEX_OFFSETS, NONZERO) and of the sort/set kernels was dispatched to by this module.
"""

import collections

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paddle_c as pc
from strategies import ALL_DTYPES
from test_backend_consistency import base, compare, to_numpy

from devices import OTHERS as DEVICES  # noqa: E402
pytestmark = pytest.mark.skipif(not DEVICES, reason="no non-CPU device in this build")

INDEX_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
INDEX_OPS = {"gather", "scatter", "index_offsets", "nonzero", "mask_fill", "mask_compact",
             "mask_expand"}
SORT_OPS = {"sort", "argsort", "searchsorted", "isin", "unique", "median"}
# slots no public function reaches: searchsorted refuses complex values (they have no order)
UNREACHABLE = {("searchsorted", "complex64"), ("searchsorted", "complex128")}


def layouts(dtype, seed):
    """(layout name, x) with x of shape (4, 5), built on the CPU; then 0-D and empty."""
    return [
        ("contiguous", base(dtype, (4, 5), seed)),
        ("transposed", pc.permute_dims(base(dtype, (5, 4), seed), (1, 0))),
        ("negative stride", base(dtype, (4, 5), seed)[::-1, ::-1]),
        ("stepped", base(dtype, (8, 10), seed)[::2, 1::2]),
    ]


def same(got, want):
    """None when the device's result (a tensor or a tuple of them) equals the CPU's."""
    if isinstance(want, (tuple, list)):
        for g, w in zip(got, want):
            why = same(g, w)
            if why:
                return why
        return None
    return compare("", str(want.dtype), to_numpy(got.to_device("cpu")), to_numpy(want))


def idx(values, dtype="int64"):
    return pc.asarray(values, dtype=getattr(pc, dtype), device="cpu")


# the index expressions of the get/set tests: functions of the (CPU) index dtype
GET_INDEXES = {
    "array axis 0": lambda d: (idx([3, 0, -1, 1, 3], d),),
    "array axis 1": lambda d: (slice(None), idx([[4, 0], [-5, 2]], d)),
    "two arrays": lambda d: (idx([[0], [3]], d), idx([1, -1, 2], d)),
    "array, slice, int": lambda d: (idx([2, 1], d), slice(1, None, 2)),
    "non-adjacent": lambda d: (idx([1, 0], d), slice(None, None, -1)),
    "int and array": lambda d: (-1, idx([0, 4, 4], d)),
    "empty array": lambda d: (idx([], d),),
}


def mask_of(x):
    """A boolean mask of x's shape (on the CPU) with a scatter of true elements."""
    n = int(np.prod(x.shape))
    bits = [(i * 7) % 3 == 0 for i in range(n)]
    return pc.reshape(pc.asarray(bits, dtype=pc.bool, device="cpu"), x.shape)


def to_dev(index, device):
    return tuple(i.to_device(device) if isinstance(i, pc.Tensor) else i for i in index)


def run_get_set(device):
    failures = []
    for dtype in ALL_DTYPES:
        for layout, x in layouts(dtype, seed=len(dtype)):
            dx = x.to_device(device)
            for name, make in GET_INDEXES.items():
                for idt in INDEX_DTYPES if layout == "contiguous" else ["int64"]:
                    if idt.startswith("uint") and name not in ("array axis 0",):
                        continue
                    if idt.startswith("uint"):
                        index = (idx([3, 0, 1, 1, 3], idt),)
                    else:
                        index = make(idt)
                    want = x[index]
                    why = same(dx[to_dev(index, device)], want)
                    if why:
                        failures.append(f"get {name} {dtype} {layout} {idt}: {why}")
            m = mask_of(x)
            for name, index in [("whole mask", (m,)), ("row mask", (m[:, 0],)),
                                ("mask and array", (m[:, 0], idx([1, 0, 1, 3, 4][:int(
                                    np.sum(np.asarray(m[:, 0])))]))),
                                ("0-D true", (pc.asarray(True),)),
                                ("0-D false", (pc.asarray(False),))]:
                try:
                    want = x[index]
                except IndexError:
                    continue
                why = same(dx[to_dev(index, device)], want)
                if why:
                    failures.append(f"get {name} {dtype} {layout}: {why}")
            # assignments: a copy of x on each side, the same index and value
            value = base(dtype, (5,), seed=3)
            for name, index, val in [
                ("array = scalar", (idx([1, -1, 2]),), value[0]),
                ("array = row", (idx([1, -1, 2]),), value),
                ("array axis 1 = values", (slice(None), idx([4, 0])), base(dtype, (4, 2), 4)),
                ("mask = scalar", (m,), value[1]),
                ("mask = values", (m,), base(dtype, (int(np.sum(np.asarray(m))),), 5)),
                ("row mask = row", (m[:, 0],), value),
            ]:
                a = pc.asarray(x, copy=True)
                a[index] = val
                b = pc.asarray(x, copy=True).to_device(device)
                b[to_dev(index, device)] = val.to_device(device)
                why = same(b, a)
                if why:
                    failures.append(f"set {name} {dtype} {layout}: {why}")
    return failures


def sorted_row(t, device):
    """t's first row sorted (NumPy's order: NaNs last, complex lexicographic), on `device`."""
    return pc.asarray(np.sort(to_numpy(t[0].to_device("cpu"))), dtype=t.dtype, device=device)


def run_functions(device):
    failures = []
    for dtype in ALL_DTYPES:
        for layout, x in layouts(dtype, seed=2 * len(dtype)):
            dx = x.to_device(device)
            cases = [
                ("nonzero", lambda t, d: pc.nonzero(t)),
                ("take", lambda t, d: pc.take(t, idx([4, -1, 0, 0]).to_device(d), axis=1)),
                ("take flat", lambda t, d: pc.take(pc.reshape(t, (-1,)),
                                                   idx([19, -20, 3]).to_device(d))),
                ("take_along_axis", lambda t, d: pc.take_along_axis(
                    t, idx([[0, -1, 2], [1, 1, 1], [3, 0, 4], [-5, 2, 2]]).to_device(d),
                    axis=1)),
                ("take_along_axis 0", lambda t, d: pc.take_along_axis(
                    t, idx([[0, 3, 1, 2, -1]]).to_device(d), axis=0)),
                ("sort", lambda t, d: pc.sort(t, axis=-1)),
                ("sort desc", lambda t, d: pc.sort(t, axis=0, descending=True)),
                ("argsort", lambda t, d: pc.argsort(t, axis=-1, stable=True)),
                ("argsort desc", lambda t, d: pc.argsort(t, axis=0, descending=True)),
                ("searchsorted", lambda t, d: pc.searchsorted(sorted_row(t, d), t[1:3])),
                ("isin", lambda t, d: pc.isin(t, t[1])),
                ("unique_values", lambda t, d: pc.unique_values(t)),
                ("unique_counts", lambda t, d: pc.unique_counts(t)),
                ("unique_inverse", lambda t, d: pc.unique_inverse(t)),
                ("unique_all", lambda t, d: pc.unique_all(t)),
                ("median", lambda t, d: pc.median(t, axis=1)),
            ]
            for name, fn in cases:
                try:
                    want = fn(x, "cpu")
                except (TypeError, ValueError, NotImplementedError, AttributeError):
                    continue  # the CPU does not take this dtype: nor may the device
                try:
                    got = fn(dx, device)
                except Exception as e:  # noqa: BLE001 - every failure is reported
                    failures.append(f"{name} {dtype} {layout}: {type(e).__name__}: {e}")
                    continue
                why = same(got, want)
                if why:
                    failures.append(f"{name} {dtype} {layout}: {why}")
    return failures


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_device_matches_cpu(device):
    pc._C._kernel_hits(reset=True)
    failures = run_get_set(device) + run_functions(device)
    hits = collections.defaultdict(set)
    for op, backend, dtype, _ in pc._C._kernel_hits(reset=True):
        hits[backend].add((op, dtype))
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:60])
    # the coverage gate: every filled device slot of these families was dispatched to
    assert hits, f"no device kernel was dispatched to on {device}"
    for backend, seen in hits.items():
        filled = {(op, dt) for op, b, dt in pc._C._kernels()
                  if b == backend and op in INDEX_OPS | SORT_OPS}
        never = sorted(filled - seen - UNREACHABLE)
        assert not never, f"{backend} kernels no test exercised: {never}"


# ---- out-of-range indices: IndexError, nothing written ---------------------------------------

BAD = [
    ("get", lambda x, i: x[i]),
    ("set", lambda x, i: x.__setitem__(i, 7)),
    ("set values", lambda x, i: x.__setitem__(i, pc.ones(i[0].shape, dtype=x.dtype,
                                                          device=x.device))),
    ("take", lambda x, i: pc.take(x, i[0], axis=0)),
]


@pytest.mark.parametrize("device", DEVICES, ids=str)
@pytest.mark.parametrize("op", [b[0] for b in BAD])
@pytest.mark.parametrize("bad", [[0, 5, 1], [-6, 0], [2, 1, 99999], [0, 1, -2 ** 62]])
def test_out_of_range_raises_and_writes_nothing(device, op, bad):
    fn = dict(BAD)[op]
    for dev in ("cpu", device):
        x = pc.reshape(pc.arange(10, dtype=pc.float32), (5, 2)).to_device(dev)
        before = np.asarray(x.to_device("cpu"))
        i = (pc.asarray(bad, dtype=pc.int64).to_device(dev),)
        with pytest.raises(IndexError, match="out of bounds"):
            fn(x, i)
        np.testing.assert_array_equal(np.asarray(x.to_device("cpu")), before)


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_out_of_range_unsigned_and_along_axis(device):
    for dev in ("cpu", device):
        x = pc.reshape(pc.arange(6, dtype=pc.int32), (2, 3)).to_device(dev)
        with pytest.raises(IndexError, match="18446744073709551615"):
            x[pc.asarray([0, 2 ** 64 - 1], dtype=pc.uint64).to_device(dev)]
        with pytest.raises(IndexError, match="out of bounds"):
            pc.take_along_axis(x, pc.asarray([[0, 3]]).to_device(dev), axis=1)
        with pytest.raises(IndexError, match="out of bounds"):
            x[pc.asarray([True, False]).to_device(dev), pc.asarray([3]).to_device(dev)] = 1
        np.testing.assert_array_equal(np.asarray(x.to_device("cpu")),
                                      np.arange(6).reshape(2, 3))


# ---- repeated indices: the last write wins ----------------------------------------------------

@pytest.mark.parametrize("device", ["cpu"] + DEVICES, ids=str)
def test_duplicate_indices_last_write_wins(device):
    x = pc.zeros(6, dtype=pc.int64, device=device)
    i = pc.asarray([1, 4, 1, -5, 4, 1], device=device)
    x[i] = pc.asarray([10, 20, 30, 40, 50, 60], device=device)
    np.testing.assert_array_equal(np.asarray(x.to_device("cpu")), [0, 60, 0, 0, 50, 0])
    # two index arrays, rows of a 2-D tensor
    y = pc.zeros((3, 2), dtype=pc.float64, device=device)
    y[pc.asarray([2, 0, 2], device=device)] = pc.asarray([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]],
                                                         device=device)
    np.testing.assert_array_equal(np.asarray(y.to_device("cpu")), [[3, 4], [0, 0], [5, 6]])
    # Paddle's scatter (overwrite=True) follows the same policy
    z = pc.scatter(pc.zeros((4, 2), dtype=pc.int32, device=device),
                   pc.asarray([3, 1, 3], device=device),
                   pc.asarray([[1, 1], [2, 2], [3, 3]], dtype=pc.int32, device=device))
    np.testing.assert_array_equal(np.asarray(z.to_device("cpu")), [[0, 0], [2, 2], [0, 0],
                                                                   [3, 3]])


# ---- Hypothesis: random shapes, strides, indices ---------------------------------------------

@st.composite
def indexed(draw):
    ndim = draw(st.integers(1, 3))
    shape = tuple(draw(st.integers(0, 4)) for _ in range(ndim))
    dtype = draw(st.sampled_from(ALL_DTYPES))
    step = draw(st.sampled_from([1, -1, 2]))
    axis = draw(st.integers(0, ndim - 1))
    n = draw(st.integers(0, 5))
    ext = shape[axis]
    values = draw(st.lists(st.integers(-ext, ext - 1), min_size=n, max_size=n)) if ext else []
    use_mask = draw(st.booleans())
    bits = draw(st.lists(st.booleans(), min_size=int(np.prod(shape)),
                         max_size=int(np.prod(shape))))
    return shape, dtype, step, axis, values, use_mask, bits


@pytest.mark.parametrize("device", DEVICES, ids=str)
@settings(max_examples=60, deadline=None)
@given(case=indexed())
def test_hypothesis_get_set(device, case):
    shape, dtype, step, axis, values, use_mask, bits = case
    big = tuple(e * abs(step) for e in shape)
    x = base(dtype, big, seed=sum(big))
    sl = tuple(slice(None, None, step) for _ in shape)
    x = x[sl]
    if use_mask:
        index = (pc.reshape(pc.asarray(bits, dtype=pc.bool), shape),)
    else:
        index = (slice(None),) * axis + (pc.asarray(values, dtype=pc.int64),)
    dx = x.to_device(device)
    why = same(dx[to_dev(index, device)], x[index])
    assert why is None, why
    a = pc.asarray(x, copy=True)
    b = pc.asarray(x, copy=True).to_device(device)
    v = base(dtype, (), seed=1)
    a[index] = v
    b[to_dev(index, device)] = v.to_device(device)
    why = same(b, a)
    assert why is None, why


# ---- index_add (Paddle's scatter with overwrite=False): repeats accumulate, on the device ----

@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_index_add_accumulates_on_the_device(device):
    """scatter(overwrite=False) adds every update, repeated indices accumulating in index order,
    exactly as the CPU; on a device its offsets never leave it: one accumulating SCATTER
    launch, no per-block ADD launches driven from the host."""
    failures = []
    index = idx([3, 1, 3, -1, 0, 3])
    for dtype in ALL_DTYPES:
        for layout, x in layouts(dtype, seed=5 * len(dtype)):
            updates = base(dtype, (6, 5), seed=len(dtype))
            for name, upd in [("rows", updates), ("rows reversed", updates[::-1]),
                              ("broadcast row", pc.broadcast_to(updates[0], (6, 5)))]:
                try:
                    want = pc.scatter(x, index, upd, overwrite=False)
                except (TypeError, ValueError) as e:  # the device must refuse it too
                    with pytest.raises(type(e)):
                        pc.scatter(x.to_device(device), index.to_device(device),
                                   upd.to_device(device), overwrite=False)
                    continue
                pc._C._kernel_hits(reset=True)
                got = pc.scatter(x.to_device(device), index.to_device(device),
                                 upd.to_device(device), overwrite=False)
                ops = {op for op, backend, _, _ in pc._C._kernel_hits(reset=True)
                       if backend != "cpu"}
                why = same(got, want)
                if why:
                    failures.append(f"index_add {dtype} {layout} {name}: {why}")
                if "add" in ops or "scatter" not in ops:
                    failures.append(f"index_add {dtype} {layout} {name}: device ops {ops}")
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:60])
    # float32 order of the additions: 1e8 + 1 + ... (the CPU's order, not a tree)
    x = pc.zeros(2, dtype=pc.float32, device="cpu")
    upd = pc.asarray([1e8, 1.0, 1.0, -1e8, 1.0], dtype=pc.float32, device="cpu")
    i = idx([0, 0, 0, 0, 1])
    want = pc.scatter(x, i, upd, overwrite=False)
    got = pc.scatter(x.to_device(device), i.to_device(device), upd.to_device(device),
                     overwrite=False)
    assert got.to_device("cpu").tolist() == want.tolist()


# ---- the cost of a whole mask on a device ----------------------------------------------------

def _cost(device, f):
    """(kernel launches by op, synchronising reads) of one call of f on `device`."""
    pc._C._kernel_hits(reset=True)
    reads = pc._C._result_word_reads(device) + pc._C._host_reads(device)
    f()
    launches = collections.Counter()
    for op, backend, _, n in pc._C._kernel_hits(reset=True):
        launches[op] += n
    return launches, pc._C._result_word_reads(device) + pc._C._host_reads(device) - reads


def _has_mask_kernels(device):
    """Whether the device's backend has the optional mask fast paths (kernels/primitives.def:
    a device without them, such as a primitives-only hostdev, takes the general path of
    nonzero, offsets and gather/scatter, which the tests above compare)."""
    backends = {"xpu": ["custom"], "gpu": ["cuda", "rocm"]}.get(device.type, [device.type])
    return any(op == "mask_compact" and b in backends for op, b, _ in pc._C._kernels())


@pytest.mark.parametrize("device", DEVICES, ids=str)
def test_whole_mask_costs_one_scan_one_read_one_kernel(device):
    """x[mask], x[mask] = scalar and x[mask] = values on a device: CuPy's shape, counted."""
    if not _has_mask_kernels(device):
        pytest.skip(f"{device} has no mask fast path (optional): masks take the general path")
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    x = pc.asarray(a, device=device)
    m = pc.asarray(a % 3 == 0, device=device)
    v = pc.asarray(np.arange(8, dtype=np.float32) + 100, device=device)
    got = {}

    launches, reads = _cost(device, lambda: got.setdefault("get", x[m]))
    assert launches == {"cumsum": 1, "mask_compact": 1} and reads == 1, (launches, reads)
    assert np.array_equal(np.asarray(got["get"].to_device("cpu")), a[a % 3 == 0])

    def fill():
        x[m] = -1.0

    launches, reads = _cost(device, fill)
    # the scalar is put on the device (one fill), then one MASK_FILL: no scan, no read
    assert launches == {"fill": 1, "mask_fill": 1} and reads == 0, (launches, reads)

    def expand():
        x[m] = v

    launches, reads = _cost(device, expand)
    assert launches == {"cumsum": 1, "mask_expand": 1} and reads == 1, (launches, reads)
    want = a.copy()
    want[a % 3 == 0] = np.arange(8) + 100
    assert np.array_equal(np.asarray(x.to_device("cpu")), want)

    def too_short():
        x[m] = v[:3]

    with pytest.raises(ValueError, match="could not broadcast"):
        too_short()
    assert np.array_equal(np.asarray(x.to_device("cpu")), want)  # nothing written
