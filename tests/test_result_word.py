"""Data-dependent results of a device launch (an out-of-range index, unique's count, a singular
matrix, an All-NaN slice) come back through a result word of the operation's own, read once
per operation, and raise what the CPU raises. On the CPU no word is read."""

import contextlib

import numpy as np
import pytest

import paddle_c as pc


def reads(device):
    return pc._C._result_word_reads(device)


@contextlib.contextmanager
def word_reads(device, n=1):
    """The block reads the device's result word `n` times (never on the CPU)."""
    before = reads(device)
    yield
    expected = 0 if device.type == "cpu" else n
    assert reads(device) - before == expected


def cpu_failure(fn, *arrays):
    """The exception type and message `fn` raises on the CPU for these numpy inputs."""
    with pytest.raises(Exception) as info:
        fn(*(pc.asarray(a) for a in arrays))
    return info.type, str(info.value)


def same_failure(device, fn, *arrays):
    kind, message = cpu_failure(fn, *arrays)
    xs = [pc.asarray(a, device=device) for a in arrays]
    with word_reads(device):
        with pytest.raises(kind) as info:
            fn(*xs)
    assert str(info.value) == message


def test_an_out_of_range_index_raises_like_the_cpu(device):
    a = np.arange(10.0)
    same_failure(device, lambda x, i: x[i], a, np.array([1, 10, 3]))
    same_failure(device, lambda x, i: x[i], a, np.array([-11]))
    same_failure(device, lambda x, i: pc.take(x, i), a, np.array([2, 12]))


def test_an_in_range_gather_reads_the_word_once(device):
    a = np.arange(12.0)
    x = pc.asarray(a, device=device)
    i = pc.asarray([2, -1, 0], device=device)
    with word_reads(device):
        r = x[i]
    np.testing.assert_array_equal(np.asarray(r), a[[2, -1, 0]])
    with word_reads(device):
        r = pc.take(x, i)
    np.testing.assert_array_equal(np.asarray(r), np.take(a, [2, -1, 0]))


def test_block_gathers_check_their_indices_on_the_device(device):
    # the rows' offsets are computed and checked on the device: one read of the word decides
    # IndexError before anything is gathered
    a = np.arange(12.0).reshape(3, 4)
    x = pc.asarray(a, device=device)
    i = pc.asarray([2, -1, 0], device=device)
    with word_reads(device):
        r = pc.take(x, i, axis=1)
    np.testing.assert_array_equal(np.asarray(r), np.take(a, [2, -1, 0], axis=1))
    with word_reads(device):
        with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 3"):
            x[pc.asarray([5], device=device)]
    with word_reads(device):
        x[pc.asarray([0, 0], device=device)] = pc.asarray([1.0, 2.0, 3.0, 4.0], device=device)
    np.testing.assert_array_equal(np.asarray(x)[0], [1.0, 2.0, 3.0, 4.0])


def test_a_mask_reads_the_word_for_its_offsets(device):
    # the mask's count comes from a sum on the device (nonzero, below); the offsets' word is
    # read once
    a = np.arange(12.0).reshape(3, 4)
    x = pc.asarray(a, device=device)
    m = pc.asarray(a % 3 == 0, device=device)
    with word_reads(device, 1):
        r = x[m[:, 0], 1:]
    np.testing.assert_array_equal(np.asarray(r), a[a[:, 0] % 3 == 0, 1:])


def test_the_unique_count_comes_through_the_word(device):
    a = np.array([3.0, 1.0, np.nan, 3.0, -0.0, 0.0, 1.0, np.nan])
    x = pc.asarray(a, device=device)
    with word_reads(device):
        v = pc.unique_values(x)
    np.testing.assert_array_equal(np.asarray(v), [-0.0, 1.0, 3.0, np.nan, np.nan])
    with word_reads(device):
        r = pc.unique_all(x)
    np.testing.assert_array_equal(np.asarray(r.counts), [2, 2, 2, 1, 1])
    np.testing.assert_array_equal(np.asarray(r.indices), [4, 1, 0, 2, 7])
    with word_reads(device):
        c = pc.unique_counts(pc.asarray(np.arange(6) % 4, device=device))
    np.testing.assert_array_equal(np.asarray(c.values), [0, 1, 2, 3])
    np.testing.assert_array_equal(np.asarray(c.counts), [2, 2, 1, 1])


def test_a_singular_matrix_raises_like_the_cpu(device):
    singular = np.array([[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, 1.0]]])
    same_failure(device, pc.linalg.inv, singular)
    same_failure(device, pc.linalg.solve, singular, np.ones((2, 2, 1)))
    same_failure(device, pc.linalg.cholesky, np.array([[1.0, 2.0], [2.0, 1.0]]))
    x = pc.asarray(singular[1], device=device)
    with word_reads(device):
        r = pc.linalg.inv(x)
    np.testing.assert_array_equal(np.asarray(r), np.eye(2))


def test_an_all_nan_slice_raises_like_the_cpu(device):
    a = np.array([[1.0, np.nan], [np.nan, np.nan]])
    same_failure(device, lambda x: pc.nanargmax(x, axis=1), a)
    same_failure(device, lambda x: pc.nanargmin(x, axis=0), a.T)
    same_failure(device, pc.nanargmax, np.full(3, np.nan))
    x = pc.asarray(np.array([[1.0, np.nan], [np.nan, 2.0]]), device=device)
    with word_reads(device):
        r = pc.nanargmin(x, axis=1)
    np.testing.assert_array_equal(np.asarray(r), [0, 1])
    with word_reads(device, 0):
        pc.argmax(x, axis=1)  # no data-dependent failure: no word


def test_nonzero_counts_first_and_reads_no_word(device):
    # the count (a sum on the device, copied to the host once) sizes the coordinates
    a = np.array([[0.0, 1.5, 0.0], [-2.0, 0.0, np.nan]])
    for arr in (a, a.T, a > 0, np.zeros((2, 0)), np.zeros(4), a[:, ::2]):
        x = pc.asarray(arr, device=device)
        with word_reads(device, 0):
            r = pc.nonzero(x)
        expected = np.nonzero(arr)
        assert len(r) == len(expected)
        for got, want in zip(r, expected):
            assert got.device == device
            np.testing.assert_array_equal(np.asarray(got), want)


def test_eigh_eig_svd_failures_come_through_the_word(device):
    # NaN or infinity in the input (and a failure to converge, which LAPACK reports the same
    # way) is known only where the kernel ran: the word says which, the op layer raises the
    # CPU's error
    bad = np.array([[[1.0, 0.0], [0.0, 1.0]], [[2.0, np.nan], [np.nan, 1.0]]])
    same_failure(device, pc.linalg.eigh, bad)
    same_failure(device, pc.linalg.eigvalsh, bad)
    same_failure(device, pc.linalg.eig, bad)
    same_failure(device, pc.linalg.eigvals, bad)
    same_failure(device, pc.linalg.svd, np.array([[1.0, np.inf, 0.0], [0.0, 1.0, 2.0]]))
    same_failure(device, pc.linalg.svdvals, bad.astype(np.complex64))
    good = np.array([[2.0, 1.0], [1.0, 2.0]])
    x = pc.asarray(good, device=device)
    with word_reads(device):
        w = pc.linalg.eigvalsh(x)
    np.testing.assert_allclose(np.asarray(w), [1.0, 3.0])
    with word_reads(device):
        s = pc.linalg.svdvals(x)
    np.testing.assert_allclose(np.asarray(s), [3.0, 1.0])
    with word_reads(device):
        e = pc.linalg.eigvals(x)
    np.testing.assert_allclose(np.sort(np.asarray(e).real), [1.0, 3.0])


NONZERO_PEAK = """
import sys
import paddle_c as pc
dev = sys.argv[1]
n = 1 << 20
x = pc.zeros((n,), dtype=pc.bool, device=dev)
x[pc.asarray([3, 70000, 500000, n - 1], device=dev)] = True
base = pc.memory_allocated(dev)
assert pc.max_memory_allocated(dev) - base < n
(r,) = pc.nonzero(x)
assert r.tolist() == [3, 70000, 500000, n - 1], r.tolist()
print(pc.max_memory_allocated(dev) - base)
"""


def test_nonzero_allocates_only_its_coordinates(device):
    # a sparse mask of 2**20 elements: the device holds the mask, its count and the
    # coordinates of the 4 true elements, never a buffer of one coordinate per element (the
    # peak is the process's, so it is measured in a fresh one)
    if device.type == "cpu":
        pytest.skip("the device path")
    import os
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", NONZERO_PEAK, str(device)], env=os.environ,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) < 4096
