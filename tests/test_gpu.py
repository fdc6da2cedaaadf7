"""The GPU backend (CUDA, or ROCm through hipcc), checked on the device under test.

The device under test (DUT) is the default device when that is not the CPU - gpu_run.sh sets
PADDLE_C_DEFAULT_DEVICE: gpu:0 on a GPU machine, the test device hostdev:0 in `make
gpu-rehearsal` - else the first GPU; without either the module is skipped. Every test runs on
the DUT, hostdev included, so the code paths and the checks exist without a GPU; the tests
marked `needs_gpu` check what only a GPU has (its streams, its memory pool, a faulting kernel,
cuBLAS's int arguments) and run on gpu:0 alone.

Covered: creation, copies (the vectorised path too), the 15 x 15 casts and transfers against
the CPU; the empty slots of the kernel table (read from _C._kernels()) raising
NotImplementedError; Python scalars passed by value; arange and linspace giving the CPU's bits
(no fused multiply-add); scans along a contiguous axis of many lanes; DLPack stream ordering in
both directions; launches checked one by one under PADDLE_C_LAUNCH_BLOCKING=1; the memory pool.
"""

import collections
import ctypes
import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction

import numpy as np
import pytest

import paddle_c as pc
from devices import GPUS
from dlpack_ctypes import exchange_api
from strategies import ALL_DTYPES


def device_under_test():
    default = pc.__array_namespace_info__().default_device()
    if default.type != "cpu":
        return default
    return GPUS[0] if GPUS else None


DUT = device_under_test()
pytestmark = pytest.mark.skipif(DUT is None, reason="no GPU and no device under test "
                                "(PADDLE_C_DEFAULT_DEVICE) in this process")
needs_gpu = pytest.mark.skipif(DUT is None or DUT.type != "gpu",
                               reason="checks what only a GPU has")
TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools")


def on_cpu(t):
    return t.to_device("cpu")


def host_array(t):
    """t's values as a NumPy array (bfloat16, which NumPy lacks, as float32)"""
    t = on_cpu(t)
    return np.asarray(t.astype(pc.float32) if t.dtype == pc.bfloat16 else t)


def run_child(code, **env):
    """`code` in a fresh interpreter with this process's environment (and `env`); its output."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=300, env=dict(os.environ, **env))


def torch_cuda():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch without CUDA")
    return torch


# ---- creation, casts, copies ----------------------------------------------------------------

@pytest.mark.parametrize("name", ALL_DTYPES)
def test_creation_matches_cpu(name):
    d = getattr(pc, name)
    for make in (lambda dev: pc.zeros((3, 4), dtype=d, device=dev),
                 lambda dev: pc.ones((3, 4), dtype=d, device=dev),
                 lambda dev: pc.full((5,), 1, dtype=d, device=dev),
                 lambda dev: pc.eye(4, 5, k=1, dtype=d, device=dev),
                 lambda dev: pc.tril(pc.ones((2, 3, 3), dtype=d, device=dev), k=-1)):
        g = make(DUT)
        assert g.device == DUT
        assert on_cpu(g).tolist() == make("cpu").tolist()
    if name != "bool":
        assert on_cpu(pc.arange(7, dtype=d, device=DUT)).tolist() == pc.arange(7, dtype=d).tolist()
        assert on_cpu(pc.linspace(0, 5, 6, dtype=d, device=DUT)).tolist() == \
            pc.linspace(0, 5, 6, dtype=d).tolist()


@pytest.mark.parametrize("src", ALL_DTYPES)
@pytest.mark.parametrize("dst", ALL_DTYPES)
def test_casts_match_cpu(src, dst):
    values = [0.0, 1.0, -2.5, 3.75, 100.0, float("nan"), float("inf"), 1e30]
    x = pc.asarray(values, dtype=pc.float64).astype(getattr(pc, src))
    g = x.to_device(DUT).astype(getattr(pc, dst))
    c = x.astype(getattr(pc, dst))
    np.testing.assert_array_equal(np.asarray(on_cpu(g).astype(pc.float64) if dst != "bool" else on_cpu(g)),
                                  np.asarray(c.astype(pc.float64) if dst != "bool" else c))


def test_transfers_and_strided_copies():
    a = np.arange(24.0).reshape(2, 3, 4)
    g = pc.asarray(a).to_device(DUT)
    assert on_cpu(g).tolist() == a.tolist()
    assert on_cpu(g.mT).tolist() == np.swapaxes(a, -1, -2).tolist()
    assert pc.asarray(g.T, copy=True).device == DUT


@pytest.mark.parametrize("name", ["bool", "uint8", "float16", "float32", "float64", "complex64",
                                  "complex128"])
def test_copies_match_cpu(name):
    """Copies of 1, 2, 4, 8 and 16-byte elements at every offset of a 16-byte chunk and at
    sizes around the chunk width: the vectorised path (aligned, whole chunks), its tail (the
    elements after the last chunk) and the element path (misaligned) give the CPU's bytes."""
    d = getattr(pc, name)
    base = pc.asarray(np.arange(1, 301) % 7 - 3).astype(d)  # every value nonzero for bool
    g = base.to_device(DUT)
    for start in range(0, 5):
        for size in (1, 7, 8, 9, 16, 17, 33, 256 + 3):
            c = pc.asarray(base[start:start + size], copy=True)
            r = pc.asarray(g[start:start + size], copy=True)
            assert r.device == DUT
            np.testing.assert_array_equal(np.asarray(on_cpu(r)), np.asarray(c))
    broadcast = pc.asarray(pc.broadcast_to(g[3:4], (2, 37)), copy=True)
    np.testing.assert_array_equal(np.asarray(on_cpu(broadcast)),
                                  np.asarray(pc.broadcast_to(base[3:4], (2, 37))))
    reversed_ = pc.asarray(g[::-1], copy=True)
    np.testing.assert_array_equal(np.asarray(on_cpu(reversed_)), np.asarray(base[::-1]))


def test_mixed_devices_are_an_error():
    # (asarray of a list copies each device tensor like any element: docs/devices.md)
    with pytest.raises(ValueError, match="device") as e:
        pc.ones(2, device="cpu") + pc.ones(2, device=DUT)
    assert "cpu" in str(e.value) and str(DUT) in str(e.value)


def _backend_name(device):
    if device.type != "gpu":
        return device.type
    return "rocm" if any(b == "rocm" for _, b, _ in pc._C._kernels()) else "cuda"


def test_missing_kernels_raise_not_implemented():
    """The elementwise slots the CPU column has and the device's lacks (read from the kernel
    table) raise NotImplementedError naming the function, the device and the dtype; a slot
    the device has runs."""
    columns = collections.defaultdict(set)
    for op, backend, dtype in pc._C._kernels():
        columns[backend].add((op, dtype))
    arity = dict(pc._C._elementwise())
    column = columns[_backend_name(DUT)]
    missing = sorted((op, dt) for op, dt in columns["cpu"] - column if op in arity)
    present = {}
    for op, dt in sorted(column):
        if op in arity:
            present.setdefault(op, dt)
    assert present, f"{DUT}'s column has no elementwise slot"
    for op, dt in missing:
        args = [pc.ones(3, dtype=getattr(pc, dt), device=DUT)] * arity[op]
        with pytest.raises(NotImplementedError) as e:
            getattr(pc, op)(*args)
        assert op in str(e.value) and dt in str(e.value) and DUT.type in str(e.value)
    for op, dt in present.items():
        args = [pc.ones(3, dtype=getattr(pc, dt), device=DUT)] * arity[op]
        try:
            r = getattr(pc, op)(*args)
        except (TypeError, ValueError):
            continue  # the function's own argument rules, not a missing kernel
        assert r.device == DUT, op


@pytest.mark.parametrize("name", ["int8", "uint16", "int64", "float16", "bfloat16", "float32",
                                  "float64", "complex64", "complex128"])
def test_python_scalars_pass_by_value(name):
    # the scalar travels in the kernel's parameters (dense, strided and broadcast launches):
    # only the result is allocated on the device
    d = getattr(pc, name)
    c = pc.reshape(pc.arange(24, dtype=pc.int64), (4, 6)).astype(d)
    x = c.to_device(DUT)
    scalar = 1j if pc.isdtype(d, "complex floating") else (1.5 if pc.isdtype(d, "real floating")
                                                          else 3)
    for f in (lambda t: t + scalar, lambda t: scalar * t, lambda t: t.mT - scalar,
              lambda t: t[:, ::-2] == scalar):
        before = pc.memory_stats(DUT)["num_allocs"]
        g = f(x)
        assert pc.memory_stats(DUT)["num_allocs"] == before + 1
        np.testing.assert_array_equal(host_array(g), host_array(f(c)))


# ---- arange and linspace: the CPU's roundings -----------------------------------------------

def _fused(start, i, step):
    """start + i * step rounded once (a fused multiply-add)"""
    return float(Fraction(start) + i * Fraction(step))


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128"])
def test_range_values_round_as_the_cpu(dtype):
    """arange and linspace promise the CPU's values bit for bit: start + i * step rounded
    twice (the product, then the sum), never fused into one rounding. The cases are chosen so
    that a fused multiply-add would change some elements (checked here first)."""
    start, step, n = 0.1, 0.37, 4000
    twice = [start + i * step for i in range(n)]
    assert sum(_fused(start, i, step) != v for i, v in enumerate(twice)) > 100
    d = getattr(pc, dtype)
    cpu = pc.arange(start, start + n * step - step / 2, step, dtype=d)
    assert cpu.shape == (n,)
    if dtype != "float32":
        np.testing.assert_array_equal(np.asarray(cpu).real, twice)
    dev = pc.arange(start, start + n * step - step / 2, step, dtype=d, device=DUT)
    np.testing.assert_array_equal(np.asarray(on_cpu(dev)), np.asarray(cpu))
    stop = complex(-3.3, 7.1) if dtype == "complex128" else 1234.567
    lin_cpu = pc.linspace(start, stop, n, dtype=d)
    lin_dev = pc.linspace(start, stop, n, dtype=d, device=DUT)
    np.testing.assert_array_equal(np.asarray(on_cpu(lin_dev)), np.asarray(lin_cpu))


# ---- scans along a contiguous axis ----------------------------------------------------------

@pytest.mark.parametrize("dtype", ["int64", "int32", "float32", "float64", "complex128"])
@pytest.mark.parametrize("shape", [(1500, 37), (1100, 300), (40, 1000), (3, 4500)])
def test_scan_along_contiguous_axis(dtype, shape):
    """cumulative_sum/prod along the contiguous last axis: many lanes (a warp per lane on a
    GPU), few long ones (reduce-then-scan), lengths off the warp's multiples; include_initial
    too. Integers exactly, floats within rounding of the CPU."""
    rng = np.random.default_rng(sum(shape))
    a = rng.integers(-3, 4, shape) if dtype.startswith("int") else rng.uniform(-1, 1, shape)
    x = pc.asarray(a).astype(getattr(pc, dtype))
    g = x.to_device(DUT)
    for f in (lambda t: pc.cumulative_sum(t, axis=-1),
              lambda t: pc.cumulative_sum(t, axis=-1, include_initial=True),
              lambda t: pc.cumulative_prod(t[:, :50] if t.shape[1] > 50 else t, axis=-1)):
        want, got = np.asarray(f(x)), np.asarray(on_cpu(f(g)))
        if dtype.startswith("int"):
            np.testing.assert_array_equal(got, want)
        else:
            tol = 1e-5 if dtype == "float32" else 1e-12
            np.testing.assert_allclose(got, want, rtol=tol, atol=tol * shape[1])


# ---- DLPack: stream ordering ----------------------------------------------------------------

class Recorder:
    """A producer that records the keywords it is called with and exports a paddle_c tensor."""

    def __init__(self, t):
        self.t = t
        self.kwargs = None

    def __dlpack_device__(self):
        return self.t.__dlpack_device__()

    def __dlpack__(self, **kwargs):
        self.kwargs = kwargs
        return self.t.__dlpack__(**kwargs)


def work_stream(device):
    """the exchange API's current_work_stream for `device` (None: no stream)"""
    api = exchange_api(pc.Tensor)
    kind, index = pc.ones(1, device=device).__dlpack_device__()
    out = ctypes.c_void_p(1234)
    assert api.current_work_stream(kind, index, ctypes.byref(out)) == 0
    return out.value


def test_current_work_stream_is_the_devices_stream():
    stream = work_stream(DUT)
    assert work_stream("cpu") is None
    if DUT.type == "gpu":
        assert stream, "a GPU's work stream is its own non-blocking stream, never the default"
        assert work_stream(DUT) == stream
    else:
        assert stream is None


def test_from_dlpack_passes_our_stream():
    """A consumer's from_dlpack asks a producer on a GPU to order its work before our stream
    (the one current_work_stream names); a device without streams gets no stream argument."""
    r = Recorder(pc.arange(6.0, device=DUT))
    y = pc.from_dlpack(r)
    assert y.device == DUT and on_cpu(y).tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    stream = work_stream(DUT)
    if stream is None:
        assert r.kwargs.get("stream") is None
    else:
        assert r.kwargs["stream"] == stream
    r = Recorder(pc.arange(6.0, device=DUT))
    assert pc.from_dlpack(r, device="cpu").tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    assert r.kwargs.get("stream") is None  # the copy to the host is the producer's own


@needs_gpu
def test_from_dlpack_waits_for_the_producers_stream():
    """PyTorch fills a tensor on a side stream after a long sleep; from_dlpack then reads it on
    our stream. Without the stream argument only the legacy default stream would wait."""
    torch = torch_cuda()
    n = 1 << 24
    side = torch.cuda.Stream()
    x = torch.empty(n, device="cuda", dtype=torch.float32)
    with torch.cuda.stream(side):
        x.fill_(1.0)
        torch.cuda._sleep(200_000_000)  # a few tenths of a second of GPU time
        x.fill_(7.0)
        y = pc.from_dlpack(x)
        total = float(pc.sum(y))
    assert total == 7.0 * n


@needs_gpu
def test_release_of_an_export_waits_for_the_consumers_stream():
    """PyTorch reads an exported tensor on a side stream after a long sleep; the tensor is
    released (the deleter runs) at once. Our stream must not reuse the memory before PyTorch's
    kernels have read it."""
    torch = torch_cuda()
    n = 1 << 24
    side = torch.cuda.Stream()
    x = pc.full((n,), 3.0, dtype=pc.float32, device=DUT)
    pc.synchronize(DUT)
    with torch.cuda.stream(side):
        t = torch.from_dlpack(x)
        torch.cuda._sleep(200_000_000)
        total = t.sum()
    del t, x  # the last references: the memory goes back to our pool
    reuse = pc.full((n,), 5.0, dtype=pc.float32, device=DUT)  # same size: the same block
    side.synchronize()
    assert total.item() == 3.0 * n
    assert float(pc.sum(reuse)) == 5.0 * n


# ---- launch checks --------------------------------------------------------------------------

def test_launch_blocking_runs_every_kind_of_launch():
    """With PADDLE_C_LAUNCH_BLOCKING=1 every launch waits and is checked: elementwise kernels,
    reductions, sorts, cuBLAS, cuFFT and the mask kernels (tools/gpu_smoke.py) still give the
    right results."""
    r = subprocess.run([sys.executable, os.path.join(TOOLS, "gpu_smoke.py"), "--device",
                        str(DUT)], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, PADDLE_C_LAUNCH_BLOCKING="1"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "smoke: 7 of 7 passed" in r.stdout


@needs_gpu
def test_faulting_kernel_is_named_and_sticky():
    """A kernel that reads an unmapped address: under PADDLE_C_LAUNCH_BLOCKING=1 the error
    names the operation's kernel and its functor, and says the process must be restarted;
    every later GPU operation fails too (the context is lost). In a child process."""
    r = run_child(f"""
        import json, sys
        sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
        import paddle_c as pc
        from dlpack_ctypes import CapsuleProducer, RawCapsules
        raw = RawCapsules()
        cap = raw.make(data=0x1000, shape=(1 << 20,), dtype=(2, 32, 1), device=(2, 0))
        x = pc.from_dlpack(CapsuleProducer(cap, device=(2, 0)))
        out = {{}}
        for key, f in (("fault", lambda: x + 1), ("after", lambda: pc.ones(3, device="gpu:0") + 1)):
            try:
                f()
                pc.synchronize("gpu:0")
                out[key] = "no error"
            except RuntimeError as e:
                out[key] = str(e)
        print(json.dumps(out))
    """, PADDLE_C_LAUNCH_BLOCKING="1")
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "elementwise kernel" in out["fault"] and "functor" in out["fault"], out
    assert "restart" in out["fault"], out
    assert out["after"] != "no error", out


# ---- cuBLAS's int arguments and the memory pool ---------------------------------------------

@needs_gpu
def test_matmul_beyond_int32_is_refused():
    """cuBLAS takes m, n, k and the leading dimensions as int: a product with k = 2**31 + 1 is
    refused with NotImplementedError (the operands are broadcast views: nothing is
    allocated), not narrowed into a wrong result."""
    k = 2 ** 31 + 1
    a = pc.broadcast_to(pc.ones((1, 1), dtype=pc.float16, device=DUT), (1, k))
    b = pc.broadcast_to(pc.ones((1, 1), dtype=pc.float16, device=DUT), (k, 1))
    with pytest.raises(NotImplementedError, match=r"2\*\*31"):
        pc.matmul(a, b)


@needs_gpu
def test_memory_pool_is_our_own():
    """paddle_c allocates from a pool of its own: the device's default pool, which CuPy and
    PyTorch share, keeps its release threshold; our statistics see our allocations and
    empty_cache() gives our cached blocks back. In a child process (a fresh device state)."""
    r = run_child("""
        import ctypes, json
        import paddle_c as pc
        cudart = ctypes.CDLL("libcudart.so.13")
        def default_threshold():
            pool, value = ctypes.c_void_p(), ctypes.c_uint64()
            assert cudart.cudaDeviceGetDefaultMemPool(ctypes.byref(pool), 0) == 0
            assert cudart.cudaMemPoolGetAttribute(pool, 4, ctypes.byref(value)) == 0
            return value.value
        before = default_threshold()
        x = pc.ones((1 << 24,), device="gpu:0")
        del x
        pc.synchronize("gpu:0")
        held = pc.memory_stats("gpu:0")["reserved"]
        pc.empty_cache("gpu:0")
        print(json.dumps({"before": before, "after": default_threshold(), "held": held,
                          "trimmed": pc.memory_stats("gpu:0")["reserved"]}))
    """)
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["after"] == out["before"], out
    assert out["held"] >= 4 << 24 and out["trimmed"] < out["held"], out


# ---- linalg: cuSOLVER's batched paths and the per-matrix loop (cuda/solver.cu) ---------------
# cholesky of a batch of more than one matrix of n <= 32 is one potrfBatched call, eigh of a
# dense such batch one syevjBatched call, svd of such a batch (the larger side <= 32) one
# gesvdjBatched call, inv, solve and slogdet cuBLAS's getrfBatched with getriBatched or
# getrsBatched; a batch of one and larger matrices loop over the 64-bit API. The cases sit on both sides of each rule (BATCHED_MAX_N is solver.cu's
# batched_max_n); on hostdev they run the CPU's kernels through the device path.

BATCHED_MAX_N = 32
SOLVER_TOL = {"float32": 2e-4, "float64": 1e-11, "complex64": 2e-4, "complex128": 1e-11}
SOLVER_BATCHES = [((), 5), ((1,), 5), ((4,), 1), ((7,), 4), ((2, 3), BATCHED_MAX_N - 1),
                  ((3,), BATCHED_MAX_N), ((3,), BATCHED_MAX_N + 1)]


def rel(x, y):
    """the relative error, in complex128 (a float32 determinant's norm may overflow)"""
    x, y = np.asarray(x, dtype=np.complex128), np.asarray(y, dtype=np.complex128)
    return np.linalg.norm(x - y) / max(np.linalg.norm(y), 1e-300)


def hermitian_batch(batch, n, dtype, rng, shift=0.0):
    """random Hermitian (symmetric) n x n matrices, `shift` added to the diagonal"""
    a = rng.standard_normal((*batch, n, n))
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal((*batch, n, n))
    return (a @ np.conj(np.swapaxes(a, -1, -2)) / n + shift * np.eye(n)).astype(dtype)


@pytest.mark.parametrize("dtype", sorted(SOLVER_TOL))
@pytest.mark.parametrize("batch,n", SOLVER_BATCHES)
def test_cholesky_batches_match_numpy(dtype, batch, n):
    a = hermitian_batch(batch, n, dtype, np.random.default_rng(n), shift=1.0)
    x = pc.asarray(a, device=DUT)
    lower = np.linalg.cholesky(a)
    assert rel(host_array(pc.linalg.cholesky(x)), lower) < SOLVER_TOL[dtype]
    upper = np.conj(np.swapaxes(lower, -1, -2))
    assert rel(host_array(pc.linalg.cholesky(x, upper=True)), upper) < SOLVER_TOL[dtype]


def test_cholesky_of_a_strided_batch():
    """every other matrix of a batch: the batched call's matrix addresses follow the strides"""
    a = hermitian_batch((6,), 4, "float64", np.random.default_rng(3), shift=1.0)
    x = pc.asarray(a, device=DUT)[::2]
    assert rel(host_array(pc.linalg.cholesky(x)), np.linalg.cholesky(a[::2])) < 1e-12


@pytest.mark.parametrize("n", [4, BATCHED_MAX_N + 1])
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_names_the_first_failing_matrix_of_a_batch(n, upper):
    """matrix 2 of 5 fails at order 3, matrix 4 at order 1: the error is matrix 2's, as on
    the CPU, and the input is unchanged"""
    a = hermitian_batch((5,), n, "float64", np.random.default_rng(4), shift=1.0)
    a[2] = np.eye(n)
    a[2, 2, 2] = -1.0
    a[4] = -np.eye(n)
    x = pc.asarray(a, device=DUT)
    message = r"not positive definite \(its leading minor of order 3 is not positive\)"
    with pytest.raises(ValueError, match=message):
        pc.linalg.cholesky(x, upper=upper)
    with pytest.raises(ValueError, match=message):
        pc.linalg.cholesky(pc.asarray(a), upper=upper)
    np.testing.assert_array_equal(host_array(x), a)


@pytest.mark.parametrize("dtype", sorted(SOLVER_TOL))
@pytest.mark.parametrize("batch,n", SOLVER_BATCHES)
def test_eigh_batches_match_numpy(dtype, batch, n):
    h = hermitian_batch(batch, n, dtype, np.random.default_rng(n), shift=float(n % 3))
    x = pc.asarray(h, device=DUT)
    tol = SOLVER_TOL[dtype]
    w, v = pc.linalg.eigh(x)
    w, v = host_array(w), host_array(v)
    assert rel(w, np.linalg.eigvalsh(h)) < tol
    assert rel(h @ v, v * w[..., None, :]) < tol
    assert rel(np.conj(np.swapaxes(v, -1, -2)) @ v, np.broadcast_to(np.eye(n), h.shape)) < tol
    assert rel(host_array(pc.linalg.eigvalsh(x)), np.linalg.eigvalsh(h)) < tol


@pytest.mark.parametrize("dtype", sorted(SOLVER_TOL))
@pytest.mark.parametrize("batch,shape", [((), (6, 4)), ((1,), (4, 6)), ((5,), (1, 3)),
                                         ((5,), (7, 5)), ((2, 2), (5, 7)),
                                         ((3,), (BATCHED_MAX_N, BATCHED_MAX_N - 3)),
                                         ((3,), (BATCHED_MAX_N - 3, BATCHED_MAX_N)),
                                         ((3,), (BATCHED_MAX_N + 1, 6)),
                                         ((3,), (6, BATCHED_MAX_N + 1))])
def test_svd_batches_match_numpy(dtype, batch, shape):
    """singular values against NumPy's, U S Vh against A, orthonormal factors, both modes"""
    rng = np.random.default_rng(sum(shape))
    a = rng.standard_normal((*batch, *shape))
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal((*batch, *shape))
    a = a.astype(dtype)
    x = pc.asarray(a, device=DUT)
    tol = SOLVER_TOL[dtype]
    k = min(shape)
    want = np.linalg.svd(a, compute_uv=False)
    assert rel(host_array(pc.linalg.svdvals(x)), want) < tol
    for full in (False, True):
        u, s, vh = (host_array(t) for t in pc.linalg.svd(x, full_matrices=full))
        assert u.shape[-1] == (shape[0] if full else k)
        assert vh.shape[-2] == (shape[1] if full else k)
        assert rel(s, want) < tol
        assert rel((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :], a) < tol
        for f in (u, np.conj(np.swapaxes(vh, -1, -2))):
            eye = np.broadcast_to(np.eye(f.shape[-1]), (*batch, f.shape[-1], f.shape[-1]))
            assert rel(np.conj(np.swapaxes(f, -1, -2)) @ f, eye) < tol


@pytest.mark.parametrize("dtype", sorted(SOLVER_TOL))
@pytest.mark.parametrize("batch,n", SOLVER_BATCHES)
def test_lu_batches_match_numpy(dtype, batch, n):
    """inv, solve (a strided batch of right-hand sides too) and slogdet / det"""
    rng = np.random.default_rng(n + 1)
    a = rng.standard_normal((*batch, n, n))
    b = rng.standard_normal((*batch, n, 3))
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal((*batch, n, n))
        b = b + 1j * rng.standard_normal((*batch, n, 3))
    a = (a + 2 * np.sqrt(n) * np.eye(n)).astype(dtype)
    b = b.astype(dtype)
    x = pc.asarray(a, device=DUT)
    tol = SOLVER_TOL[dtype]
    assert rel(host_array(pc.linalg.inv(x)), np.linalg.inv(a)) < tol
    assert rel(host_array(pc.linalg.solve(x, pc.asarray(b, device=DUT))),
               np.linalg.solve(a, b)) < tol
    assert rel(host_array(pc.linalg.solve(x, pc.asarray(b, device=DUT)[..., ::2])),
               np.linalg.solve(a, b[..., ::2])) < tol
    sign, logdet = pc.linalg.slogdet(x)
    want_sign, want_logdet = np.linalg.slogdet(a)
    assert rel(host_array(sign), want_sign) < tol
    assert rel(host_array(logdet), want_logdet) < tol
    assert rel(host_array(pc.linalg.det(x)), np.linalg.det(a)) < tol


@pytest.mark.parametrize("n", [4, BATCHED_MAX_N + 1])
def test_non_finite_input_in_a_batch_is_refused(n):
    h = hermitian_batch((5,), n, "float64", np.random.default_rng(5))
    h[2, 1, 0] = h[2, 0, 1] = np.nan
    x = pc.asarray(h, device=DUT)
    for f in (pc.linalg.eigh, pc.linalg.eigvalsh):
        with pytest.raises(ValueError, match="eigh: the matrix contains NaN or infinity"):
            f(x)
    with pytest.raises(ValueError, match="svd: the matrix contains NaN or infinity"):
        pc.linalg.svd(x)
    np.testing.assert_array_equal(host_array(x), h)


@pytest.mark.parametrize("n", [4, BATCHED_MAX_N + 1])
def test_singular_matrix_in_a_batch(n):
    """inv and solve of a batch whose matrix 2 of 5 is singular raise the CPU's errors;
    slogdet gives that matrix sign 0 and -inf and the others their values"""
    rng = np.random.default_rng(6)
    a = rng.standard_normal((5, n, n)) + 2 * np.sqrt(n) * np.eye(n)
    a[2] = np.ones((n, n))
    x = pc.asarray(a, device=DUT)
    with pytest.raises(ValueError, match="inv: the matrix is singular"):
        pc.linalg.inv(x)
    with pytest.raises(ValueError, match="solve: the matrix x1 is singular"):
        pc.linalg.solve(x, pc.asarray(rng.standard_normal((5, n, 2)), device=DUT))
    np.testing.assert_array_equal(host_array(x), a)
    sign, logdet = pc.linalg.slogdet(x)
    want_sign, want_logdet = np.linalg.slogdet(a)
    assert host_array(sign)[2] == 0 and host_array(logdet)[2] == -np.inf
    keep = [0, 1, 3, 4]
    np.testing.assert_allclose(host_array(sign)[keep], want_sign[keep])
    np.testing.assert_allclose(host_array(logdet)[keep], want_logdet[keep], rtol=1e-12)
