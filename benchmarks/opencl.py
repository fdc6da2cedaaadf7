"""The OpenCL plug-in (xpu:0): against the CPU backend, and its decompositions against its
native kernels.

    PADDLE_C_PLUGIN_PATH=build/opencl python benchmarks/opencl.py [--repeat N] [--markdown]

(`make test-opencl` builds the plug-in into build/opencl.) Each time is the median of --repeat
runs after a warm-up (which also compiles the dtype's OpenCL program); xpu runs are
synchronised (device.synchronize()) before the clock stops. Under PoCL the "device" is the
same CPU reached through an OpenCL runtime, so the first table shows the path is real, not a
speed-up.

The second table is the cost of decomposition on one device: argmax, unique and
cumulative_sum, which the plug-in holds natively, timed in a child process as they are and in
another with the native kernels left out (PADDLE_C_OPENCL_OMIT), so that they run through their
decompositions into the primitives (docs/devices.md, "Decomposition"); the ratio is
decomposed / native. Without a plug-in device this says so and exits 0.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import paddle_c as pc

XPU = [d for d in pc.__array_namespace_info__().devices() if str(d).startswith("xpu")]


def timed(fn, device, repeat):
    fn()
    device.synchronize()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        device.synchronize()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def cases():
    n = 1 << 20
    x = pc.linspace(-3.0, 3.0, n, dtype=pc.float32)
    y = pc.flip(x)
    a = pc.reshape(pc.linspace(-1.0, 1.0, 256 * 256, dtype=pc.float32), (256, 256))
    yield "add 2**20 float32", lambda t, u: pc.add(t, u), (x, y)
    yield "exp 2**20 float32", lambda t: pc.exp(t), (x,)
    yield "sum 2**20 float32", lambda t: pc.sum(t), (x,)
    yield "sum axis=1 (1024, 1024) float32", lambda t: pc.sum(t, axis=1), \
        (pc.reshape(x, (1024, 1024)),)
    yield "matmul 256x256 float32", lambda t, u: pc.matmul(t, u), (a, a)


# the decomposition cases: (name, ops to leave out, code building `x` and `f` on xpu:0)
DECOMPOSED = [
    ("argmax axis=1 (1024, 1024) float32", "argmax",
     "x = pc.reshape(pc.asarray(np.random.default_rng(0).standard_normal(1 << 20)"
     ".astype(np.float32), device=dev), (1024, 1024)); f = lambda: pc.argmax(x, axis=1)"),
    ("argmax 2**20 float32", "argmax",
     "x = pc.asarray(np.random.default_rng(0).standard_normal(1 << 20).astype(np.float32), "
     "device=dev); f = lambda: pc.argmax(x)"),
    ("unique_all 2**16 int64 (values < 1000)", "unique",
     "x = pc.asarray(np.random.default_rng(0).integers(0, 1000, 1 << 16), device=dev); "
     "f = lambda: pc.unique_all(x)"),
    ("cumulative_sum axis=1 (1024, 1024) float32", "cumsum",
     "x = pc.reshape(pc.asarray(np.random.default_rng(0).standard_normal(1 << 20)"
     ".astype(np.float32), device=dev), (1024, 1024)); "
     "f = lambda: pc.cumulative_sum(x, axis=1)"),
    ("cumulative_sum 2**20 int64", "cumsum",
     "x = pc.asarray(np.arange(1 << 20), device=dev); f = lambda: pc.cumulative_sum(x)"),
]

CHILD = """
import json, statistics, sys, time
import numpy as np
import paddle_c as pc
dev = pc.__array_namespace_info__().devices()[-1]
repeat = int(sys.argv[1])
{setup}
how = [h for o, b, d, h in pc._C._coverage() if b == "custom" and o == {op!r}
       and d == str(x.dtype).rsplit(".", 1)[-1]]
f(); dev.synchronize()
times = []
for _ in range(repeat):
    t0 = time.perf_counter(); f(); dev.synchronize(); times.append(time.perf_counter() - t0)
print(json.dumps([statistics.median(times), how[0]]))
"""


def child_time(setup, op, omit, repeat):
    env = dict(os.environ, PADDLE_C_OPENCL_OMIT=omit)
    code = CHILD.format(setup=setup, op=op)
    r = subprocess.run([sys.executable, "-c", code, str(repeat)], env=env, capture_output=True,
                       text=True, timeout=1800)
    if r.returncode != 0:
        raise RuntimeError(r.stderr)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    if not XPU:
        print("no plug-in device (set PADDLE_C_PLUGIN_PATH to the OpenCL plug-in's folder)")
        return 0
    xpu, cpu = XPU[0], pc.__array_namespace_info__().devices()[0]
    print(f"xpu:0 = {pc._C._plugins()[0][1]} plug-in")
    if args.markdown:
        print("| case | cpu ms | xpu:0 ms | xpu/cpu |\n|---|---:|---:|---:|")
    else:
        print(f"{'case':34s} {'cpu ms':>9s} {'xpu:0 ms':>9s} {'xpu/cpu':>8s}")
    for name, fn, operands in cases():
        on_xpu = [o.to_device(xpu) for o in operands]
        tc = timed(lambda: fn(*operands), cpu, args.repeat)
        tx = timed(lambda: fn(*on_xpu), xpu, args.repeat)
        if args.markdown:
            print(f"| {name} | {tc * 1e3:.3f} | {tx * 1e3:.3f} | {tx / tc:.1f} |")
        else:
            print(f"{name:34s} {tc * 1e3:9.3f} {tx * 1e3:9.3f} {tx / tc:8.1f}")
    print()
    if args.markdown:
        print("| case on xpu:0 | native ms | decomposed ms | decomposed/native |\n"
              "|---|---:|---:|---:|")
    else:
        print(f"{'case on xpu:0':44s} {'native ms':>10s} {'decomp ms':>10s} {'ratio':>7s}")
    for name, op, setup in DECOMPOSED:
        omit = {"argmax": "argmax", "unique": "unique", "cumsum": "cumsum,cumprod"}[op]
        native, how_n = child_time(setup, op, "", args.repeat)
        decomposed, how_d = child_time(setup, op, omit, args.repeat)
        assert (how_n, how_d) == ("native", "decomposed"), (how_n, how_d)
        ratio = decomposed / native
        if args.markdown:
            print(f"| {name} | {native * 1e3:.2f} | {decomposed * 1e3:.2f} | {ratio:.1f} |")
        else:
            print(f"{name:44s} {native * 1e3:10.2f} {decomposed * 1e3:10.2f} {ratio:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
