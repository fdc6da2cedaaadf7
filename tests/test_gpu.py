"""The GPU backend (CUDA, or ROCm through hipcc): skipped where no GPU is present.

Every kernel the GPU column of the kernel table has is checked against the CPU result
(creation, copies, the 15 x 15 casts, transfers); operations without a GPU kernel must raise
NotImplementedError naming the operation, the device and the dtype.
"""

import numpy as np
import pytest

import paddle_c as pc
from strategies import ALL_DTYPES

from devices import GPUS  # noqa: E402
pytestmark = pytest.mark.skipif(not GPUS, reason="no GPU device in this build or on this machine")
GPU = GPUS[0] if GPUS else None


def on_cpu(t):
    return t.to_device("cpu")


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_creation_matches_cpu(name):
    d = getattr(pc, name)
    for make in (lambda dev: pc.zeros((3, 4), dtype=d, device=dev),
                 lambda dev: pc.ones((3, 4), dtype=d, device=dev),
                 lambda dev: pc.full((5,), 1, dtype=d, device=dev),
                 lambda dev: pc.eye(4, 5, k=1, dtype=d, device=dev),
                 lambda dev: pc.tril(pc.ones((2, 3, 3), dtype=d, device=dev), k=-1)):
        g = make(GPU)
        assert g.device == GPU
        assert on_cpu(g).tolist() == make("cpu").tolist()
    if name != "bool":
        assert on_cpu(pc.arange(7, dtype=d, device=GPU)).tolist() == pc.arange(7, dtype=d).tolist()
        assert on_cpu(pc.linspace(0, 5, 6, dtype=d, device=GPU)).tolist() == \
            pc.linspace(0, 5, 6, dtype=d).tolist()


@pytest.mark.parametrize("src", ALL_DTYPES)
@pytest.mark.parametrize("dst", ALL_DTYPES)
def test_casts_match_cpu(src, dst):
    values = [0.0, 1.0, -2.5, 3.75, 100.0, float("nan"), float("inf"), 1e30]
    x = pc.asarray(values, dtype=pc.float64).astype(getattr(pc, src))
    g = x.to_device(GPU).astype(getattr(pc, dst))
    c = x.astype(getattr(pc, dst))
    np.testing.assert_array_equal(np.asarray(on_cpu(g).astype(pc.float64) if dst != "bool" else on_cpu(g)),
                                  np.asarray(c.astype(pc.float64) if dst != "bool" else c))


def test_transfers_and_strided_copies():
    a = np.arange(24.0).reshape(2, 3, 4)
    g = pc.asarray(a).to_device(GPU)
    assert on_cpu(g).tolist() == a.tolist()
    assert on_cpu(g.mT).tolist() == np.swapaxes(a, -1, -2).tolist()
    assert pc.asarray(g.T, copy=True).device == GPU


def test_mixed_devices_are_an_error():
    with pytest.raises(ValueError, match="device"):
        pc.asarray([pc.ones(2), pc.ones(2, device=GPU)])


def test_missing_kernels_raise_not_implemented():
    x = pc.ones(3, device=GPU)
    if hasattr(pc, "sin"):
        with pytest.raises(NotImplementedError, match="gpu"):
            pc.sin(x)


@pytest.mark.parametrize("name", ["int8", "uint16", "int64", "float16", "bfloat16", "float32",
                                  "float64", "complex64", "complex128"])
def test_python_scalars_pass_by_value(name):
    # the scalar travels in the kernel's parameters (dense, strided and broadcast launches):
    # only the result is allocated on the device
    d = getattr(pc, name)
    c = pc.reshape(pc.arange(24, dtype=pc.int64), (4, 6)).astype(d)
    x = c.to_device(GPU)
    scalar = 1j if pc.isdtype(d, "complex floating") else (1.5 if pc.isdtype(d, "real floating")
                                                          else 3)
    for f in (lambda t: t + scalar, lambda t: scalar * t, lambda t: t.mT - scalar,
              lambda t: t[:, ::-2] == scalar):
        before = pc.memory_stats(GPU)["num_allocs"]
        g = f(x)
        assert pc.memory_stats(GPU)["num_allocs"] == before + 1
        np.testing.assert_array_equal(np.asarray(on_cpu(g)), np.asarray(f(c)))
