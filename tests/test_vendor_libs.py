"""The GPU vendor libraries (cuBLAS, cuSOLVER, cuFFT) opened at run time.

Everywhere: the loader's search (the nvidia-* wheels' folders, then the system) and its
message for a missing library, through paddle_c._C._vendor_try_load, which tries given folders
only. In a CUDA build (make cuda-check): the GPU column of the kernel table holds matmul, the
eight LAPACK-style ops and the three FFT ops. With a GPU: results against the CPU through
residual identities and norm-wise FFT errors; without one they run on hostdev when it is
enabled (make test-hostdev: the device path on the CPU's kernels), else they skip.
"""

import importlib
import os
import sys

import numpy as np
import pytest

import paddle_c as pc
from paddle_c import _vendor_libs

MESSAGES = {
    "cublas": "cuBLAS (libcublas.so.13 or libcublas.so.12) not found: pip install paddle_c[cuda] "
              "or install the CUDA toolkit",
    "cusolver": "cuSOLVER (libcusolver.so.12 or libcusolver.so.11) not found: pip install "
                "paddle_c[cuda] or install the CUDA toolkit",
    "cufft": "cuFFT (libcufft.so.12 or libcufft.so.11) not found: pip install paddle_c[cuda] or "
             "install the CUDA toolkit",
    "hipfft": "hipFFT (libhipfft.so.0) not found: install ROCm's hipfft (with rocfft)",
    "rocblas": "rocBLAS (librocblas.so.4 or librocblas.so.3) not found: install ROCm's rocblas",
}


@pytest.mark.parametrize("name", sorted(MESSAGES))
def test_missing_library_names_it(name, tmp_path):
    for dirs in ([], [str(tmp_path)], [str(tmp_path / "absent")]):
        with pytest.raises(RuntimeError) as info:
            pc._C._vendor_try_load(name, dirs)
        assert str(info.value) == MESSAGES[name]


def test_library_found_in_a_search_folder(tmp_path):
    # any loadable shared object stands in for the library: the loader only opens it
    libm = next(p for p in ("/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib64/libm.so.6",
                            "/lib64/libm.so.6", "/usr/lib/aarch64-linux-gnu/libm.so.6")
                if os.path.exists(p))
    os.symlink(libm, tmp_path / "libcufft.so.11")
    found = pc._C._vendor_try_load("cufft", [str(tmp_path / "absent"), str(tmp_path)])
    assert found == str(tmp_path / "libcufft.so.11")
    # the newer major wins when both are there
    os.symlink(libm, tmp_path / "libcufft.so.12")
    assert pc._C._vendor_try_load("cufft", [str(tmp_path)]) == str(tmp_path / "libcufft.so.12")


def test_unknown_library_is_a_value_error():
    with pytest.raises(ValueError, match="unknown library"):
        pc._C._vendor_try_load("cudnn", [])


def test_wheel_folders_are_found(tmp_path, monkeypatch):
    for sub in ("cublas", "cusolver", "cu13"):
        (tmp_path / "nvidia" / sub / "lib").mkdir(parents=True)
    (tmp_path / "nvidia" / "no_lib").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "nvidia", raising=False)
    importlib.invalidate_caches()
    dirs = _vendor_libs.wheel_lib_dirs()
    ours = [d for d in dirs if d.startswith(str(tmp_path))]
    assert ours == [str(tmp_path / "nvidia" / s / "lib") for s in ("cu13", "cublas", "cusolver")]
    pc._C._vendor_search_path(dirs)  # accepted; the import set it the same way
    _vendor_libs.install()


# ---- the CUDA build's kernel table ---------------------------------------------------------

GPU_BACKENDS = sorted({b for _, b, _ in pc._C._kernels()} & {"cuda"})
VENDOR_OPS = {
    "matmul": ["float16", "bfloat16", "float32", "float64", "complex64", "complex128",
               "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"],
    **{op: ["float32", "float64", "complex64", "complex128"]
       for op in ("cholesky", "inv", "solve", "slogdet", "qr", "eigh", "eig", "svd")},
    **{op: ["complex64", "complex128"] for op in ("fft_c2c", "fft_r2c", "fft_c2r")},
}


@pytest.mark.skipif(not GPU_BACKENDS, reason="not a CUDA build (make cuda-check builds one)")
def test_cuda_column_has_the_vendor_ops():
    have = {(op, dt) for op, b, dt in pc._C._kernels() if b == "cuda"}
    missing = [(op, dt) for op, dts in VENDOR_OPS.items() for dt in dts if (op, dt) not in have]
    assert not missing


# ---- hostdev: the device path with the CPU kernels -----------------------------------------

from devices import HOSTDEV  # noqa: E402


@pytest.mark.skipif(not HOSTDEV, reason="hostdev not enabled (PADDLE_C_TEST_BACKENDS=hostdev)")
def test_hostdev_runs_matmul_linalg_fft():
    dev = HOSTDEV[0]
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 4, 4)) + 4 * np.eye(4)
    x = pc.asarray(a, device=dev)
    np.testing.assert_allclose(np.asarray((x @ x).to_device("cpu")), a @ a, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(pc.linalg.inv(x).to_device("cpu")), np.linalg.inv(a),
                               rtol=1e-10)
    spd = a @ np.swapaxes(a, -1, -2)
    np.testing.assert_allclose(
        np.asarray(pc.linalg.cholesky(pc.asarray(spd, device=dev)).to_device("cpu")),
        np.linalg.cholesky(spd), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(np.asarray(pc.fft.rfft(x).to_device("cpu")), np.fft.rfft(a),
                               rtol=1e-12, atol=1e-12)
    with pytest.raises(ValueError, match="singular"):
        pc.linalg.inv(pc.zeros((2, 2), dtype=pc.float64, device=dev))


# ---- on a GPU (and on hostdev, which runs the same device path): consistency with the CPU ----

from devices import GPUS  # noqa: E402
# the GPU when there is one, else hostdev when enabled: the checks below then run the device
# path (dispatch, result word, transfers) on the CPU's kernels
GPUS = GPUS or HOSTDEV
needs_gpu = pytest.mark.skipif(not GPUS, reason="no GPU device in this build or on this "
                                                "machine (nor hostdev enabled)")
TOL = {"float32": 1e-4, "float64": 1e-11, "complex64": 1e-4, "complex128": 1e-11}
FFT_TOL = {"complex64": 1e-5, "complex128": 1e-12}


def gpu(a):
    return pc.asarray(a, device=GPUS[0])


def host(t):
    return np.asarray(t.to_device("cpu"))


def sample(shape, dtype, rng):
    a = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def rel(x, y):
    return np.linalg.norm(x - y) / max(np.linalg.norm(y), 1e-300)


@needs_gpu
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float64", "complex64",
                                   "complex128", "int8", "int32", "int64", "uint16"])
def test_gpu_matmul_matches_cpu(dtype):
    rng = np.random.default_rng(1)
    d = getattr(pc, dtype)
    cases = [((5, 7), (7, 3)), ((2, 1, 4, 6), (3, 6, 5)), ((6,), (6, 2)), ((4, 3), (3,)),
             ((0, 3), (3, 2)), ((2, 3, 0), (0, 4))]
    for sa, sb in cases:
        a = pc.asarray(rng.integers(-4, 5, sa)).astype(d)
        b = pc.asarray(rng.integers(-4, 5, sb)).astype(d)
        expect = pc.matmul(a, b)
        got = pc.matmul(a.to_device(GPUS[0]), b.to_device(GPUS[0]))
        assert got.dtype == expect.dtype and got.shape == expect.shape
        np.testing.assert_array_equal(np.asarray(got.to_device("cpu").astype(pc.float64)
                                                 if "complex" not in dtype else
                                                 got.to_device("cpu")),
                                      np.asarray(expect.astype(pc.float64)
                                                 if "complex" not in dtype else expect))
    # transposed and strided operands
    a = gpu(sample((6, 9), "float64", rng))
    b = gpu(sample((6, 9), "float64", rng))
    for x, y in ((a.mT, b), (a[:, ::2].mT, b[:, ::2]), (a, b.mT)):
        np.testing.assert_allclose(host(x @ y), host(x) @ host(y), rtol=1e-12)


@needs_gpu
@pytest.mark.parametrize("dtype", sorted(TOL))
def test_gpu_linalg_residuals(dtype):
    rng = np.random.default_rng(2)
    tol = TOL[dtype]
    a = sample((3, 5, 5), dtype, rng) + 5 * np.eye(5, dtype=dtype)
    g = gpu(a)
    # A inv(A) = I, solve residual
    eye = np.broadcast_to(np.eye(5), a.shape)
    assert rel(a @ host(pc.linalg.inv(g)), eye) < tol
    b = sample((3, 5, 2), dtype, rng)
    assert rel(a @ host(pc.linalg.solve(g, gpu(b))), b) < tol
    # A = QR, both modes
    for shape in ((3, 6, 4), (3, 4, 6)):
        m = sample(shape, dtype, rng)
        for mode in ("reduced", "complete"):
            q, r = pc.linalg.qr(gpu(m), mode=mode)
            assert rel(host(q) @ host(r), m) < tol
            assert np.allclose(np.triu(host(r)), host(r))
        # U S Vh, both ways
        for full in (False, True):
            u, s, vh = pc.linalg.svd(gpu(m), full_matrices=full)
            k = min(shape[-2:])
            us = host(u)[..., :, :k] * host(s)[..., None, :]
            assert rel(us @ host(vh)[..., :k, :], m) < tol
        assert rel(host(pc.linalg.svdvals(gpu(m))), np.linalg.svd(m, compute_uv=False)) < tol
    # A v = lambda v (Hermitian and general)
    h = a + np.conj(np.swapaxes(a, -1, -2))
    w, v = pc.linalg.eigh(gpu(h))
    assert rel(h @ host(v), host(v) * host(w)[..., None, :]) < tol
    try:
        w, v = pc.linalg.eig(gpu(a))
    except NotImplementedError as e:  # cuSOLVER before CUDA 12.6 has no geev
        assert "cusolverDnXgeev" in str(e)
    else:
        assert rel(a.astype(host(v).dtype) @ host(v), host(v) * host(w)[..., None, :]) < tol
    # cholesky, det, slogdet
    spd = a @ np.conj(np.swapaxes(a, -1, -2))
    for upper in (False, True):
        c = host(pc.linalg.cholesky(gpu(spd), upper=upper))
        ch = np.conj(np.swapaxes(c, -1, -2))
        assert rel(ch @ c if upper else c @ ch, spd) < tol
    assert rel(host(pc.linalg.det(g)), np.linalg.det(a)) < tol
    sign, logdet = pc.linalg.slogdet(g)
    es, el = np.linalg.slogdet(a)
    assert rel(host(sign), es) < tol and rel(host(logdet), el) < tol


@needs_gpu
def test_gpu_linalg_errors_match_cpu():
    with pytest.raises(ValueError, match="singular"):
        pc.linalg.inv(gpu(np.zeros((2, 3, 3))))
    with pytest.raises(ValueError, match="singular"):
        pc.linalg.solve(gpu(np.ones((3, 3))), gpu(np.ones(3)))
    with pytest.raises(ValueError, match="order 2"):
        pc.linalg.cholesky(gpu(np.array([[1.0, 2.0], [2.0, 1.0]])))
    with pytest.raises(ValueError, match="NaN or infinity"):
        pc.linalg.svd(gpu(np.array([[1.0, np.nan], [0.0, 1.0]])))
    with pytest.raises(ValueError, match="NaN or infinity"):
        pc.linalg.eigh(gpu(np.array([[1.0, 0.0], [np.inf, 1.0]])))
    sign, logdet = pc.linalg.slogdet(gpu(np.zeros((2, 2))))
    assert host(sign) == 0 and host(logdet) == -np.inf


@needs_gpu
@pytest.mark.parametrize("dtype", sorted(FFT_TOL))
@pytest.mark.parametrize("norm", ["backward", "ortho", "forward"])
def test_gpu_fft_matches_cpu(dtype, norm):
    rng = np.random.default_rng(3)
    tol = FFT_TOL[dtype]
    real = "float32" if dtype == "complex64" else "float64"
    c = pc.asarray(sample((4, 6, 10), dtype, rng))
    r = pc.asarray(sample((4, 6, 10), real, rng))
    calls = [
        (pc.fft.fft, c, {}), (pc.fft.ifft, c, {"n": 7, "axis": 1}), (pc.fft.fftn, c, {}),
        (pc.fft.ifftn, c, {"s": (3, 12), "axes": (0, 2)}), (pc.fft.rfft, r, {"n": 13}),
        (pc.fft.irfft, c, {}), (pc.fft.rfftn, r, {}), (pc.fft.irfftn, c, {"s": (5, 9), "axes": (1, 2)}),
        (pc.fft.hfft, c, {"n": 11}), (pc.fft.ihfft, r, {}), (pc.fft.ihfft, r, {"n": 7}),
        (pc.fft.rfftn, r, {"axes": (0, 1)}), (pc.fft.irfftn, c, {"axes": (1, 0)}),
        (pc.fft.fft, r, {}), (pc.fft.fft, c.mT, {}), (pc.fft.ifft, c[:, ::2], {"n": 4}),
    ]
    for fn, x, kw in calls:
        expect = np.asarray(fn(x, norm=norm, **kw))
        got = host(fn(x.to_device(GPUS[0]), norm=norm, **kw))
        assert got.dtype == expect.dtype and got.shape == expect.shape, fn.__name__
        assert rel(got, expect) <= tol, fn.__name__
