"""GPU benchmarks: effective bandwidth (GB/s, bytes read + written per second) of paddle_c's
device kernels against PyTorch and CuPy on the same device, where those are installed.

    python benchmarks/gpu.py [--device gpu:0] [--json FILE] [--repeat N] [--quick]

Rows: device-to-device copy and x + 1 on 2**28 float32; add, multiply, exp, sin and a cast
(float32 <-> float64) on 2**26 elements of float32 and float64; sum, argmax and
cumulative_sum (the whole tensor) on 2**26 elements of float32 and float64; sort, argsort, a
sort of 2**13 rows along the last axis, boolean-mask get and set and a gather (x[i], i a random
permutation) on 2**26 float32; unique_values, searchsorted and isin on 2**26 float32. Each
time is the median of
--repeat runs after a warm-up, the device synchronised around each run. Without a GPU this
says so and exits 0.

Every row is measured on its own: an exception of any library in any row is printed (stderr)
with the row and library, and the row goes on with the others. The last line says how many
rows paddle_c could not run (`bench: N rows, M failed`); the exit status is 1 when M > 0.
--device picks the device (default: the first that is not the CPU; the test device hostdev:0
works, without peers); --quick uses small sizes everywhere (make gpu-rehearsal).

A second table, the vendor-library kernels (cuBLAS, cuSOLVER, cuFFT), in TFLOP/s (matmul:
2 n^3 for n = 4096 in float32, float16 and bfloat16) or milliseconds (solve of n = 4096 with 16
right-hand sides, svd of 1024 x 1024, float32; fft of 2**24 complex64 and rfft of 2**24
float32), against the same calls of PyTorch and CuPy.
"""

import argparse
import json
import statistics
import sys
import time

import paddle_c as pc

GPUS = [d for d in pc.__array_namespace_info__().devices() if d.type != "cpu"]
# the device measured: --device, else the first GPU (main() sets it)
DEVICE = GPUS[0] if GPUS else None

try:
    import torch
except ImportError:  # optional
    torch = None
try:
    import cupy
except ImportError:  # optional
    cupy = None


def synchronize():
    """Wait for the GPU: paddle_c's own call where it has one, else through the CUDA runtime
    of PyTorch or CuPy (the same device, every stream)."""
    sync = getattr(pc, "synchronize", None)
    if sync is not None:
        sync(DEVICE)
    elif torch is not None and torch.cuda.is_available():
        torch.cuda.synchronize()
    elif cupy is not None:
        cupy.cuda.Device(0).synchronize()
    else:
        pc.sum(pc.zeros((1,), device=DEVICE)).to_device("cpu")


def seconds(fn, repeat, sync):
    fn()
    sync()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def cases(n_big, n):
    """(name, dtype name, elements, bytes moved per element, factory(lib) -> callable)"""
    out = []

    def copy(lib, dt):
        x = make(lib, n_big, dt)
        if lib == "paddle_c":
            return lambda: pc.asarray(x, copy=True)
        return lambda: x.clone() if lib == "torch" else x.copy()

    def plus1(lib, dt):
        x = make(lib, n_big, dt)
        return lambda: x + 1

    out.append(("copy", "float32", n_big, 8, copy))
    out.append(("x + 1", "float32", n_big, 8, plus1))
    for dt in ("float32", "float64"):
        size = 4 if dt == "float32" else 8
        for op in ("add", "multiply"):
            def binary(lib, dt, op=op):
                a, b = make(lib, n, dt), make(lib, n, dt)
                f = getattr(pc if lib == "paddle_c" else (torch if lib == "torch" else cupy), op)
                return lambda: f(a, b)
            out.append((op, dt, n, 3 * size, binary))
        for op in ("exp", "sin"):
            def unary(lib, dt, op=op):
                a = make(lib, n, dt)
                f = getattr(pc if lib == "paddle_c" else (torch if lib == "torch" else cupy), op)
                return lambda: f(a)
            out.append((op, dt, n, 2 * size, unary))
        other = "float64" if dt == "float32" else "float32"
        osize = 12 - size

        def cast(lib, dt, other=other):
            a = make(lib, n, dt)
            if lib == "paddle_c":
                return lambda: a.astype(getattr(pc, other))
            if lib == "torch":
                return lambda: a.to(getattr(torch, other))
            return lambda: a.astype(other)
        out.append((f"cast to {other}", dt, n, size + osize, cast))
    # reductions and a scan: bytes read (and written, for the scan) per element
    for dt in ("float32", "float64"):
        size = 4 if dt == "float32" else 8
        for op, torch_op, per in (("sum", "sum", size), ("argmax", "argmax", size),
                                  ("cumulative_sum", "cumsum", 2 * size)):
            def reduction(lib, dt, op=op, torch_op=torch_op):
                a = make(lib, n, dt)
                if lib == "paddle_c":
                    return lambda: getattr(pc, op)(a)
                if lib == "torch":
                    return lambda: getattr(torch, torch_op)(a, 0) if op == "cumulative_sum" \
                        else getattr(torch, torch_op)(a)
                return lambda: getattr(cupy, torch_op)(a)
            out.append((op, dt, n, per, reduction))
    out += index_cases(n)
    out += set_cases(n)
    return out


def index_cases(n):
    """sort, boolean-mask get and set, and a gather of a random permutation, on n float32
    (bytes: what is read and written once, indices and mask included)."""
    out = []

    def sort(lib, dt):
        a = (make(lib, n, dt) * 7919.0) % 1.0  # unsorted, every library the same values
        if lib == "paddle_c":
            return lambda: pc.sort(a)
        return lambda: torch.sort(a) if lib == "torch" else cupy.sort(a)

    def argsort(lib, dt):
        a = (make(lib, n, dt) * 7919.0) % 1.0
        if lib == "paddle_c":
            return lambda: pc.argsort(a)
        return lambda: torch.argsort(a, stable=True) if lib == "torch" else cupy.argsort(a)

    def sort_rows(lib, dt):
        """2**13 lanes of n / 2**13 along the last axis: the batched path"""
        a = (make(lib, n, dt) * 7919.0) % 1.0
        if lib == "paddle_c":
            a = pc.reshape(a, (2 ** 13, -1))
            return lambda: pc.sort(a, axis=-1)
        a = a.reshape(2 ** 13, -1)
        return lambda: torch.sort(a, dim=-1) if lib == "torch" else cupy.sort(a, axis=-1)

    def mask_get(lib, dt):
        a = make(lib, n, dt)
        m = a > 0.5
        return lambda: a[m]

    def mask_set(lib, dt):
        a = make(lib, n, dt)
        m = a > 0.5

        def run():
            a[m] = 0.25
        return run

    def gather(lib, dt):
        import numpy as np
        a = make(lib, n, dt)
        perm = np.random.default_rng(0).permutation(n)
        if lib == "paddle_c":
            i = pc.asarray(perm, device=DEVICE)
        elif lib == "torch":
            i = torch.as_tensor(perm, device="cuda")
        else:
            i = cupy.asarray(perm)
        return lambda: a[i]

    out.append(("sort", "float32", n, 8, sort))
    out.append(("argsort", "float32", n, 4 + 8, argsort))
    out.append(("sort rows", "float32", n, 8, sort_rows))
    out.append(("mask get", "float32", n, 4 + 1 + 2, mask_get))
    out.append(("mask set", "float32", n, 4 + 1 + 2, mask_set))
    out.append(("gather", "float32", n, 8 + 4 + 4, gather))
    return out


def set_cases(n):
    """unique_values of n float32 holding 2**16 distinct values, searchsorted of n float32
    queries into a sorted table of n, isin of n float32 against 2**16 values (bytes: input and
    output read and written once)."""
    out = []

    def lib_of(lib):
        return pc if lib == "paddle_c" else (torch if lib == "torch" else cupy)

    def few(lib, dt, count):
        """n values of `count` distinct ones, unsorted"""
        a = (make(lib, n, dt) * 7919.0) % 1.0
        return lib_of(lib).floor(a * count) / count

    def unique(lib, dt):
        a = few(lib, dt, 2 ** 16)
        if lib == "paddle_c":
            return lambda: pc.unique_values(a)
        return lambda: lib_of(lib).unique(a)

    def searchsorted(lib, dt):
        table = make(lib, n, dt)  # ascending
        q = (make(lib, n, dt) * 7919.0) % 1.0
        return lambda: lib_of(lib).searchsorted(table, q)

    def isin(lib, dt):
        a = (make(lib, n, dt) * 7919.0) % 1.0
        b = few(lib, dt, 2 ** 16)[: 2 ** 16]
        return lambda: lib_of(lib).isin(a, b)

    out.append(("unique_values", "float32", n, 8, unique))
    out.append(("searchsorted", "float32", n, 12, searchsorted))
    out.append(("isin", "float32", n, 5, isin))
    return out


def make(lib, n, dt):
    if lib == "paddle_c":
        return pc.linspace(0.0, 1.0, n, dtype=getattr(pc, dt), device=DEVICE)
    if lib == "torch":
        return torch.linspace(0.0, 1.0, n, dtype=getattr(torch, dt), device="cuda")
    return cupy.linspace(0.0, 1.0, n, dtype=dt)


def vendor_cases(n_mm=4096, n_svd=1024, log2_fft=24):
    """(name, dtype, unit, work, factory(lib) -> callable): `work` is the flop count for
    TFLOP/s rows, None for millisecond rows. Sizes: matmul and solve n_mm, svd n_svd, fft
    2**log2_fft points."""
    def lib_of(lib):
        return pc if lib == "paddle_c" else (torch if lib == "torch" else cupy)

    def rand(lib, shape, dt):
        """uniform in [-1, 1), made on the host (NumPy) and copied to the device"""
        import numpy as np
        host = np.random.default_rng(0).uniform(-1.0, 1.0, shape).astype(
            "float32" if dt == "bfloat16" else dt)
        if lib == "paddle_c":
            return pc.asarray(host, device=DEVICE).astype(getattr(pc, dt))
        if lib == "torch":
            return torch.from_numpy(host).to(device="cuda", dtype=getattr(torch, dt))
        return cupy.asarray(host) if dt != "bfloat16" else None

    def matmul(lib, dt, n=n_mm):
        a, b = rand(lib, (n, n), dt), rand(lib, (n, n), dt)
        return lambda: lib_of(lib).matmul(a, b)

    def solve(lib, dt, n=n_mm):
        a = rand(lib, (n, n), dt)
        a = a + (pc.eye(n, dtype=getattr(pc, dt), device=DEVICE) if lib == "paddle_c" else
                 (torch.eye(n, dtype=getattr(torch, dt), device="cuda") if lib == "torch"
                  else cupy.eye(n, dtype=dt))) * n
        b = rand(lib, (n, 16), dt)
        return lambda: lib_of(lib).linalg.solve(a, b)

    def svd(lib, dt, n=n_svd):
        a = rand(lib, (n, n), dt)
        if lib == "torch":
            return lambda: torch.linalg.svd(a, full_matrices=False)
        return lambda: lib_of(lib).linalg.svd(a, full_matrices=False)

    def fft(lib, dt, n=2 ** log2_fft):
        x = rand(lib, (n,), "float32")
        if dt == "complex64":
            x = x.astype(pc.complex64) if lib == "paddle_c" else (
                x.to(torch.complex64) if lib == "torch" else x.astype("complex64"))
            return lambda: lib_of(lib).fft.fft(x)
        return lambda: lib_of(lib).fft.rfft(x)

    rows = [(f"matmul {n_mm}", dt, "TFLOP/s", 2 * n_mm ** 3, matmul)
            for dt in ("float32", "float16", "bfloat16")]
    rows.append((f"solve {n_mm}x16", "float32", "ms", None, solve))
    rows.append((f"svd {n_svd}", "float32", "ms", None, svd))
    rows.append((f"fft 2**{log2_fft}", "complex64", "ms", None, fft))
    rows.append((f"rfft 2**{log2_fft}", "float32", "ms", None, fft))
    return rows


def measure(lib, name, dt, factory, repeat):
    """seconds per call of factory(lib, dt)'s callable, or None (the error printed)"""
    try:
        return seconds(factory(lib, dt), repeat, synchronize)
    except Exception as e:  # every row on its own: report and go on
        print(f"  {lib} {name} {dt}: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
        return None


def vendor_table(libs, repeat, sizes):
    """The vendor-library rows; ratio is the best other library's time over paddle_c's
    (above 1: paddle_c is faster)."""
    rows = []
    print(f"\n{'op':<18}{'dtype':<10}{'unit':<9}" + "".join(f"{lib:>12}" for lib in libs)
          + f"{'ratio':>8}")
    for name, dt, unit, work, factory in vendor_cases(*sizes):
        secs = {lib: measure(lib, name, dt, factory, repeat) for lib in libs}
        vals = {k: (None if v is None else (work / v / 1e12 if work else v * 1e3))
                for k, v in secs.items()}
        others = [v for k, v in secs.items() if k != "paddle_c" and v]
        ratio = min(others) / secs["paddle_c"] if others and secs["paddle_c"] else None
        rows.append({"op": name, "dtype": dt, "unit": unit, "values": vals,
                     "ratio_to_best": ratio})
        cells = "".join(f"{v:>12.3f}" if v else f"{'-':>12}" for v in vals.values())
        print(f"{name:<18}{dt:<10}{unit:<9}{cells}{(f'{ratio:.2f}' if ratio else '-'):>8}",
              flush=True)
    return rows


def main(argv=None):
    global DEVICE
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--log2-big", type=int, default=28)
    ap.add_argument("--log2", type=int, default=26)
    ap.add_argument("--quick", action="store_true",
                    help="small sizes: 2**18 and 2**16 elements, matmul 256, fft 2**16")
    args = ap.parse_args(argv)
    sizes = (4096, 1024, 24)
    if args.quick:
        args.log2_big, args.log2, args.repeat, sizes = 18, 16, 3, (256, 128, 16)
    if args.device is not None:
        DEVICE = pc.Device(args.device)
    if DEVICE is None:
        print("benchmarks/gpu.py: no GPU device in this build or on this machine")
        return 0
    libs = ["paddle_c"]
    if DEVICE.type == "gpu" and torch is not None and torch.cuda.is_available():
        libs.append("torch")
    if DEVICE.type == "gpu" and cupy is not None:
        libs.append("cupy")
    rows = []
    print(f"device: {DEVICE}  ({', '.join(libs)})")
    print(f"{'op':<18}{'dtype':<9}{'n':>11}" + "".join(f"{lib + ' GB/s':>16}" for lib in libs)
          + f"{'ratio':>8}")
    for name, dt, n, nbytes, factory in cases(2 ** args.log2_big, 2 ** args.log2):
        secs = {lib: measure(lib, name, dt, factory, args.repeat) for lib in libs}
        gbs = {k: (n * nbytes / v / 1e9 if v else None) for k, v in secs.items()}
        others = [v for k, v in gbs.items() if k != "paddle_c" and v]
        ratio = gbs["paddle_c"] / max(others) if others and gbs["paddle_c"] else None
        rows.append({"op": name, "dtype": dt, "n": n, "gbs": gbs, "ratio_to_best": ratio})
        cells = "".join(f"{v:>16.1f}" if v else f"{'-':>16}" for v in gbs.values())
        print(f"{name:<18}{dt:<9}{n:>11}{cells}{(f'{ratio:.2f}' if ratio else '-'):>8}",
              flush=True)
    vendor_rows = vendor_table(libs, max(3, args.repeat // 4), sizes)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": str(DEVICE), "rows": rows, "vendor_rows": vendor_rows}, f,
                      indent=1)
    failed = [r["op"] for r in rows if r["gbs"]["paddle_c"] is None]
    failed += [r["op"] for r in vendor_rows if r["values"]["paddle_c"] is None]
    print(f"bench: {len(rows) + len(vendor_rows)} rows, {len(failed)} failed"
          + (f" ({', '.join(failed)})" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
