"""The OpenCL plug-in (xpu:0) against the CPU backend: add, exp, sum and matmul.

    PADDLE_C_PLUGIN_PATH=build/opencl python benchmarks/opencl.py [--repeat N] [--markdown]

(`make test-opencl` builds the plug-in into build/opencl.) Each time is the median of --repeat
runs after a warm-up (which also compiles the dtype's OpenCL program); xpu runs are
synchronised (device.synchronize()) before the clock stops. Under PoCL the "device" is the
same CPU reached through an OpenCL runtime, so the figures show the path is real, not a speed-
up. Without a plug-in device this says so and exits 0.
"""

import argparse
import statistics
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
    head = f"{'case':34s} {'cpu ms':>9s} {'xpu:0 ms':>9s} {'xpu/cpu':>8s}"
    if args.markdown:
        print("| case | cpu ms | xpu:0 ms | xpu/cpu |\n|---|---:|---:|---:|")
    else:
        print(head)
    for name, fn, operands in cases():
        on_xpu = [o.to_device(xpu) for o in operands]
        tc = timed(lambda: fn(*operands), cpu, args.repeat)
        tx = timed(lambda: fn(*on_xpu), xpu, args.repeat)
        if args.markdown:
            print(f"| {name} | {tc * 1e3:.3f} | {tx * 1e3:.3f} | {tx / tc:.1f} |")
        else:
            print(f"{name:34s} {tc * 1e3:9.3f} {tx * 1e3:9.3f} {tx / tc:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
