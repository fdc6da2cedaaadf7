"""The device runtime on every available device (the `device` fixture): transfers, the
default device, implicit transfers to the host, synchronisation, memory statistics, and the
hostdev test device's guard against host reads of device memory."""

import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle_c as pc

BASE_ENV = {k: v for k, v in os.environ.items()
            if k not in ("PADDLE_C_TEST_BACKENDS", "PADDLE_C_DEFAULT_DEVICE")}
HOSTDEV_ENV = dict(BASE_ENV, PADDLE_C_TEST_BACKENDS="hostdev")


def run_child(code, env=HOSTDEV_ENV):
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                          capture_output=True, text=True, timeout=120)


def test_transfers_round_trip(device):
    a = np.arange(24.0).reshape(2, 3, 4)
    x = pc.asarray(a, device=device)
    assert x.device == device
    assert x.to_device("cpu").tolist() == a.tolist()
    assert x.mT.to_device("cpu").tolist() == np.swapaxes(a, -1, -2).tolist()


def test_implicit_transfers_to_the_host(device):
    x = pc.asarray([[1.5, 2.0], [0.0, -3.0]], device=device)
    assert x.tolist() == [[1.5, 2.0], [0.0, -3.0]]
    assert x[0, 0].item() == 1.5
    assert float(x[0, 1]) == 2.0
    assert int(x[1, 1]) == -3
    assert bool(x[1, 0]) is False
    np.testing.assert_array_equal(np.asarray(x), [[1.5, 2.0], [0.0, -3.0]])
    np.testing.assert_array_equal(np.asarray(x, dtype=np.float32), [[1.5, 2.0], [0.0, -3.0]])
    assert "1.5" in repr(x)


def test_arithmetic_and_reductions_match_the_cpu(device):
    a = np.arange(12.0).reshape(3, 4) - 5
    x = pc.asarray(a, device=device)
    np.testing.assert_array_equal(np.asarray(x + 1), a + 1)
    np.testing.assert_array_equal(np.asarray(x * x - x), a * a - a)
    np.testing.assert_array_equal(np.asarray(pc.sum(x, axis=0)), a.sum(axis=0))
    np.testing.assert_array_equal(np.asarray(pc.sort(-x, axis=1)), np.sort(-a, axis=1))
    np.testing.assert_array_equal(np.asarray(pc.matmul(x, x.mT)), a @ a.T)
    assert (x + 1).device == device


def test_synchronize_and_memory_statistics(device):
    x = pc.ones(1000, device=device)
    pc.synchronize(device)
    x.device.synchronize()
    stats = pc.memory_stats(device)
    assert set(stats) == {"allocated_bytes", "peak_allocated_bytes", "reserved_bytes",
                          "peak_reserved_bytes", "num_allocs"}
    if device.type != "cpu":
        before = pc.memory_allocated(device)
        y = pc.zeros(1 << 16, dtype=pc.float32, device=device)
        assert pc.memory_allocated(device) >= before + (1 << 18)
        assert pc.max_memory_allocated(device) >= pc.memory_allocated(device)
        del y
        assert pc.memory_allocated(device) == before
    pc.empty_cache(device)
    del x


def test_set_device_is_the_default_of_creation_functions(device):
    old = pc.get_device()
    try:
        assert pc.set_device(device) == device
        assert pc.get_device() == str(device)
        assert pc.__array_namespace_info__().default_device() == device
        for t in (pc.zeros(3), pc.ones((2, 2)), pc.arange(4), pc.full(2, 7), pc.eye(3),
                  pc.linspace(0, 1, 5), pc.asarray([1, 2, 3]), pc.asarray(np.ones(3))):
            assert t.device == device
        assert pc.asarray(pc.ones(2, device="cpu")).device == pc.Device("cpu")
    finally:
        pc.set_device(old)


def test_default_device_from_the_environment():
    r = run_child("""
        import paddle_c as pc
        assert pc.get_device() == "hostdev:0", pc.get_device()
        assert pc.zeros(3).device == pc.Device("hostdev:0")
        assert str(pc.__array_namespace_info__().default_device()) == "hostdev:0"
        """, env=dict(HOSTDEV_ENV, PADDLE_C_DEFAULT_DEVICE="hostdev:0"))
    assert r.returncode == 0, r.stderr


def test_hostdev_is_listed_only_when_enabled():
    r = run_child("import paddle_c as pc; print([str(d) for d in pc.__array_namespace_info__()"
                  ".devices()])")
    assert r.returncode == 0 and r.stdout.strip() == "['cpu', 'hostdev:0']", r.stderr
    r = run_child("import paddle_c as pc; print([str(d) for d in pc.__array_namespace_info__()"
                  ".devices()])", env=BASE_ENV)
    assert r.returncode == 0 and r.stdout.strip() == "['cpu']", r.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="hostdev guards memory with mmap")
def test_a_host_read_of_hostdev_memory_crashes():
    """The guard works: the host reading hostdev memory outside a launch gets SIGSEGV."""
    probe = """
        import ctypes
        import paddle_c as pc
        import dlpack_ctypes as dl
        x = pc.arange(4, dtype=pc.int64, device="hostdev:0")
        assert x.tolist() == [0, 1, 2, 3]        # a copy through the device path reads fine
        cap = x.__dlpack__(max_version=(1, 0))
        ptr = dl.versioned_struct(cap).dl_tensor.data
        print("pointer", ptr, flush=True)
        print(ctypes.c_int64.from_address(ptr).value, flush=True)   # a host read: must crash
        """
    env = dict(HOSTDEV_ENV, PYTHONPATH=os.path.dirname(__file__))
    r = run_child(probe, env=env)
    assert "pointer" in r.stdout, r.stderr
    assert "pointer" in r.stdout and len(r.stdout.splitlines()) == 1, r.stdout  # no value read
    # the signal itself, or AddressSanitizer's report of it in the sanitizer run
    assert r.returncode == -signal.SIGSEGV or (r.returncode != 0 and "SEGV" in r.stderr), \
        (r.returncode, r.stdout, r.stderr)


# ---- indexing on a device: index data is copied to the host explicitly, never read in place

def test_masked_fill_with_a_0d_mask(device):
    # the 0-D case used to read the mask's data on the host
    x = pc.asarray(3.0, device=device)
    for m, want in ((True, 7.0), (False, 3.0)):
        mask = pc.asarray(m, device=device)
        assert pc.masked_fill(x, mask, 7.0).tolist() == want
        assert pc.masked_fill(x, mask, pc.asarray(7.0, device=device)).tolist() == want
    v = pc.asarray([1.0, 2.0, 3.0], device=device)
    assert pc.masked_fill(v, pc.asarray(True, device=device), 0.5).tolist() == [0.5] * 3


def test_index_fill_creates_the_value_on_the_device(device):
    # pc_index_fill used to create the fill value on the CPU whatever x's device
    a = np.arange(12).reshape(3, 4)
    x = pc.asarray(a, device=device, copy=True)
    x[pc.asarray([0, 2], device=device), 1] = 7
    a[[0, 2], 1] = 7
    x[x > 8] = -1
    a[a > 8] = -1
    assert x.tolist() == a.tolist()


def test_mask_indexing_on_a_device(device):
    # the mask loops are host loops: a device slot has none (run_mask_loop used to call it)
    a = np.arange(24.0).reshape(2, 3, 4)
    x = pc.asarray(a, device=device, copy=True)
    m = pc.asarray(a % 3 == 0, device=device)
    assert x[m].tolist() == a[a % 3 == 0].tolist()
    x[m] = pc.asarray(-a[a % 3 == 0], device=device)
    b = a.copy()
    b[a % 3 == 0] = -a[a % 3 == 0]
    assert x.tolist() == b.tolist()
    assert x[pc.asarray([1, 0], device=device), pc.asarray([2, 1], device=device)].tolist() \
        == b[[1, 0], [2, 1]].tolist()


def test_data_dependent_index_results_on_a_device(device):
    a = np.array([[0, 3, 0], [2, 0, 5]])
    x = pc.asarray(a, device=device)
    nz = pc.nonzero(x)
    assert [t.tolist() for t in nz] == [list(v) for v in np.nonzero(a)]
    assert all(t.device == device for t in nz)
    idx = pc.asarray([[2], [0]], device=device)
    assert pc.take_along_axis(x, idx, axis=1).tolist() == [[0], [2]]
    assert pc.take(x, pc.asarray([2, 1], device=device), axis=1).tolist() == [[0, 3], [5, 0]]
    with pytest.raises(IndexError):
        x[pc.asarray([5], device=device)]


def test_python_scalars_pass_by_value(device):
    # x + 1 on a device allocates only its result: no 0-D device tensor for the scalar
    x = pc.arange(5, device=device)
    if device.type != "cpu":
        before = pc.memory_stats(device)["num_allocs"]
        y = x + 1
        assert pc.memory_stats(device)["num_allocs"] == before + 1
    else:
        y = x + 1
    assert y.tolist() == [1, 2, 3, 4, 5]
    assert (2.5 * x).tolist() == [0.0, 2.5, 5.0, 7.5, 10.0]
    assert pc.where(x > 2, x, -1).tolist() == [-1, -1, -1, 3, 4]
    assert pc.clip(x, 1, 3).tolist() == [1, 1, 2, 3, 3]
    with pytest.raises(OverflowError):
        pc.asarray([1], dtype=pc.int8, device=device) + 1000


def test_median_of_the_smallest_subnormals(device):
    # the mean of the two middle elements halved each first and lost 5e-324
    x = pc.asarray([5e-324, 5e-324], dtype=pc.float64, device=device)
    assert pc.median(x).item() == 5e-324
    y = pc.asarray([1.5e308, 1.7e308], dtype=pc.float64, device=device)
    assert pc.median(y).item() == 1.6e308
