"""How a device runs paddle_c: its kernel-table slots and public functions, natively, by
decomposition into its primitives, on the host (the linalg/fft fallback) or not at all (the
coverage report of docs/devices.md).

    PADDLE_C_PLUGIN_PATH=build/opencl python tools/plugin_coverage.py [--device xpu:0] [--list]
    PADDLE_C_TEST_BACKENDS=hostdev PADDLE_C_HOSTDEV_PRIMITIVES=1 \\
        python tools/plugin_coverage.py --device hostdev:0

Slots: every (op, dtype) the CPU fills (the CPU's host loops left out, the optional mask fast
paths only where the device has them), as _C._coverage() reports it for the device's backend. Public functions: each public function of the `paddle_c`
namespace called with float32 operands on the device, trying in turn the argument patterns
(x), (x, y), (x, 1) and, for creation functions, (shape, device=...). The first pattern the
function accepts (no TypeError / ValueError / IndexError) classifies it: NotImplementedError
-> "not at all"; success -> "on the host" when the host fallback ran, else "by decomposition"
when a decomposition ran (_C._decomposition_runs() moved), else "natively". Functions no
pattern fits are counted as "not classified".
"""

import argparse
import collections
import sys
import warnings

import paddle_c as pc

SKIP = {"asarray", "from_dlpack", "set_device", "get_device", "device", "show_config",
        "set_printoptions", "get_printoptions", "finfo", "iinfo", "isdtype", "result_type",
        "can_cast", "set_default_device", "get_default_device", "to_tensor", "is_tensor"}
BACKENDS = {"xpu": "custom", "hostdev": "hostdev", "gpu": "cuda", "cuda": "cuda",
            "rocm": "rocm"}


def classify(fn, dev):
    x = pc.reshape(pc.linspace(0.5, 3.0, 12, dtype=pc.float32), (3, 4)).to_device(dev)
    y = pc.flip(x, axis=1)
    patterns = [lambda: fn(x), lambda: fn(x, y), lambda: fn(x, 1),
                lambda: fn((3, 4), device=dev), lambda: fn(3, device=dev)]
    for call in patterns:
        before = pc._C._decomposition_runs(), pc._C._host_fallback_runs()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                call()
        except NotImplementedError:
            return "not at all"
        except (TypeError, ValueError, IndexError, AttributeError, OverflowError):
            continue
        except RuntimeError:
            return "not at all"
        if pc._C._host_fallback_runs() > before[1]:
            return "on the host"
        return "by decomposition" if pc._C._decomposition_runs() > before[0] else "natively"
    return "not classified"


def slots(backend, show):
    rows = [(op, dt, how) for op, b, dt, how in pc._C._coverage() if b == backend]
    ops = collections.defaultdict(set)
    for op, _, how in rows:
        ops[op].add(how)
    counts = collections.Counter(how for _, _, how in rows)
    print(f"(op, dtype) slots: {len(rows)}")
    for how in ["native", "decomposed", "host", "none"]:
        names = sorted(op for op, hows in ops.items() if how in hows)
        print(f"  {how}: {counts[how]} slots, {len(names)} ops" +
              (f"  {' '.join(names)}" if show and how != "native" else ""))
    if show:
        none = sorted((op, dt) for op, dt, how in rows if how == "none")
        print(f"  none by (op, dtype): {none}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="xpu:0")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    if args.device not in [str(d) for d in pc.__array_namespace_info__().devices()]:
        print(f"no device {args.device} (set PADDLE_C_PLUGIN_PATH)")
        return 0
    slots(BACKENDS[args.device.split(":")[0]], args.list)
    names = sorted(n for n in dir(pc) if not n.startswith("_") and n not in SKIP and
                   n.islower() and callable(getattr(pc, n)) and
                   not isinstance(getattr(pc, n), type))
    result = collections.defaultdict(list)
    for n in names:
        result[classify(getattr(pc, n), args.device)].append(n)
    print("public functions (float32 operands):")
    for how in ["natively", "by decomposition", "on the host", "not at all", "not classified"]:
        print(f"  {how}: {len(result[how])}" +
              (f"  {' '.join(result[how])}" if args.list else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
