"""How many public functions of paddle_c run on a plug-in device natively, by decomposition or
not at all (the coverage report of docs/devices.md).

    PADDLE_C_PLUGIN_PATH=build/opencl python tools/plugin_coverage.py [--device xpu:0] [--list]

Each public function of the `paddle_c` namespace is called with float32 operands on the device,
trying in turn the argument patterns (x), (x, y), (x, 1) and, for creation functions,
(shape, device=...). The first pattern the function accepts (no TypeError / ValueError /
IndexError) classifies it: NotImplementedError -> "not at all"; success -> "by
decomposition" when a decomposition ran (_C._decomposition_runs() moved), else "natively".
Functions no pattern fits are counted as "not classified".
"""

import argparse
import collections
import sys

import paddle_c as pc

SKIP = {"asarray", "from_dlpack", "set_device", "get_device", "device", "show_config",
        "set_printoptions", "get_printoptions", "finfo", "iinfo", "isdtype", "result_type",
        "can_cast", "set_default_device", "get_default_device", "to_tensor", "is_tensor"}


def classify(fn, dev):
    x = pc.reshape(pc.linspace(0.5, 3.0, 12, dtype=pc.float32), (3, 4)).to_device(dev)
    y = pc.flip(x, axis=1)
    patterns = [lambda: fn(x), lambda: fn(x, y), lambda: fn(x, 1),
                lambda: fn((3, 4), device=dev), lambda: fn(3, device=dev)]
    for call in patterns:
        before = pc._C._decomposition_runs()
        try:
            call()
        except NotImplementedError:
            return "not at all"
        except (TypeError, ValueError, IndexError, AttributeError, OverflowError):
            continue
        except RuntimeError:
            return "not at all"
        return "by decomposition" if pc._C._decomposition_runs() > before else "natively"
    return "not classified"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="xpu:0")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    if args.device not in [str(d) for d in pc.__array_namespace_info__().devices()]:
        print(f"no device {args.device} (set PADDLE_C_PLUGIN_PATH)")
        return 0
    names = sorted(n for n in dir(pc) if not n.startswith("_") and n not in SKIP and
                   n.islower() and callable(getattr(pc, n)) and
                   not isinstance(getattr(pc, n), type))
    result = collections.defaultdict(list)
    for n in names:
        result[classify(getattr(pc, n), args.device)].append(n)
    for how in ["natively", "by decomposition", "not at all", "not classified"]:
        print(f"{how}: {len(result[how])}" + (f"  {' '.join(result[how])}" if args.list else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
