"""The kernel table: every op of ops.def has CPU kernels, for the dtypes its family promises.

The table is the only record of what a backend supports; this catches an op whose registration
went missing (its functions would raise NotImplementedError for every dtype).
"""

import collections

import pytest

import paddle_c as pc

ALL = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
       "float16", "bfloat16", "float32", "float64", "complex64", "complex128"}


def cpu_table():
    table = collections.defaultdict(set)
    for op, backend, dtype in pc._C._kernels():
        if backend == "cpu":
            table[op].add(dtype)
    return table


def test_every_op_has_cpu_kernels():
    table = cpu_table()
    missing = [op for op in pc._C._ops() if not table[op]]
    assert not missing, f"ops without any CPU kernel: {missing}"


@pytest.mark.parametrize("op", ["copy", "fill", "arange", "linspace", "tri"])
def test_core_ops_cover_every_dtype(op):
    assert cpu_table()[op] == ALL


def test_slots_name_known_ops_and_dtypes():
    ops = set(pc._C._ops())
    for op, backend, dtype in pc._C._kernels():
        assert op in ops and dtype in ALL and backend in {"cpu", "cuda", "rocm", "opencl",
                                                          "custom", "hostdev"}


# ---- the GPU column: every elementwise slot the CPU has ----------------------------------------

GPU_BACKENDS = sorted({b for _, b, _ in pc._C._kernels()} & {"cuda", "rocm"})
# elementwise.def's functions, the three-operand ones it does not list and the elementwise
# steps of composite functions (diff's a - b, vecdot's and cross's per-vector loops)
ELEMENTWISE = [name for name, _ in pc._C._elementwise()] + ["where", "clip", "diff", "vecdot",
                                                           "cross"]
# (op, dtype) slots the GPU column does not have yet, by op; this list only shrinks
GPU_MISSING = {}


def table(backend):
    t = collections.defaultdict(set)
    for op, b, dtype in pc._C._kernels():
        if b == backend:
            t[op].add(dtype)
    return t


def test_elementwise_list_comes_from_the_table():
    ops = set(pc._C._ops())
    assert [n for n, _ in pc._C._elementwise()], "elementwise.def is empty"
    assert set(ELEMENTWISE) <= ops


@pytest.mark.skipif(not GPU_BACKENDS, reason="not a GPU build (make cuda-check builds one)")
@pytest.mark.parametrize("backend", GPU_BACKENDS)
def test_gpu_column_covers_cpu_elementwise(backend):
    cpu, gpu = table("cpu"), table(backend)
    missing = {op: sorted(cpu[op] - gpu[op]) for op in ELEMENTWISE if cpu[op] - gpu[op]}
    print(f"{backend} elementwise slots missing: "
          f"{sum(len(v) for v in missing.values())} of {sum(len(cpu[op]) for op in ELEMENTWISE)}")
    for op, dts in sorted(missing.items()):
        print(f"  {op}: {', '.join(dts)}")
    unexpected = {op: dts for op, dts in missing.items() if set(dts) - set(GPU_MISSING.get(op, ()))}
    assert not unexpected, f"GPU slots missing beyond GPU_MISSING: {unexpected}"
    stale = {op: dts for op, dts in GPU_MISSING.items() if not set(dts) & set(missing.get(op, ()))}
    assert not stale, f"GPU_MISSING lists slots that are filled now (remove them): {stale}"


# ---- the CPU column of each elementwise function: exactly elementwise.def's kinds ---------------


def _kernel_dtypes(kinds, compute):
    """The dtypes a function's kernels run in, by elementwise.def's rules: the input dtypes of the
    accepted kinds, with PC_EW_FLOAT's bool and integers computed in float32 and PC_EW_LOGICAL's
    everything in bool."""
    dtypes = {getattr(pc, n) for n in ALL}
    accepted = {dt for dt in dtypes if dt.kind in kinds}
    if compute == "logical":
        return {"bool"}
    if compute == "float":
        return {"float32" if dt.kind in "biu" else dt.name for dt in accepted}
    return {dt.name for dt in accepted}


@pytest.mark.parametrize("name,kinds,compute", pc._C._elementwise_kinds())
def test_cpu_column_is_the_def_kinds(name, kinds, compute):
    assert cpu_table()[name] == _kernel_dtypes(kinds, compute)


def test_elementwise_kinds_name_every_function():
    assert [n for n, _, _ in pc._C._elementwise_kinds()] == [n for n, _ in pc._C._elementwise()]
