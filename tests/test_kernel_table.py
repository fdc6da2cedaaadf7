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
                                                          "custom"}
