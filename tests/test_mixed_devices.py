"""Operands on two devices never reach a kernel: every public function, Tensor method and
operator that takes two or more tensors, called with its tensors on the CPU and another device
(in each order), raises ValueError naming both devices and changes none of its inputs.

The calls are generated, not listed: every callable of the public namespaces (paddle_c,
paddle_c.linalg, paddle_c.fft, paddle_c.paddle and its linalg, the Tensor's methods and
operators) is tried with a set of generic argument patterns on the CPU; each pattern the
function accepts with two or more tensors is then run again with the tensors split between the
CPU and the device. A callable with two or more required parameters that no pattern fits fails
the coverage gate until it gets a pattern or a reason in NOT_TWO_TENSORS.

The check that makes this hold lives in one place (dispatch/dispatch.c: every kernel call);
test_only_the_dispatcher_looks_kernels_up keeps it that way.

Indexing keys are the one exception, by design (docs/devices.md): an index array on another
device than the indexed tensor is moved there once (as PyTorch and CuPy accept host index arrays
for device data), so `x[i]` and `x[i] = v` are tested for the value only.
"""

import inspect
import pathlib
import re

import numpy as np
import pytest

import paddle_c as pc
import paddle_c.paddle as paddle

from devices import OTHERS as OTHER_DEVICES  # noqa: E402
pytestmark = pytest.mark.skipif(not OTHER_DEVICES, reason="needs a device besides the CPU "
                                "(make test-hostdev enables hostdev:0)")

ROOT = pathlib.Path(__file__).resolve().parent.parent


def leaves():
    """The operands the patterns are built from, each a fresh CPU tensor."""
    return {
        "M": pc.asarray([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], device="cpu"),
        "N": pc.asarray([[1.0, 2.0, 0.5], [0.0, 1.0, 3.0], [2.0, 0.0, 1.0]], device="cpu"),
        "V": pc.asarray([3.0, 1.0, 2.0], device="cpu"),
        "W": pc.asarray([0.5, 2.5, 1.5], device="cpu"),
        "S": pc.asarray([0.0, 1.5, 2.5], device="cpu"),
        "I": pc.asarray([0, 2, 1], device="cpu"),
        "J": pc.asarray([[0, 2, 1], [1, 1, 0], [2, 0, 2]], device="cpu"),
        "K": pc.asarray([[0], [2]], device="cpu"),
        "B": pc.asarray([[True, False, True], [False, True, False], [True, True, False]],
                        device="cpu"),
        "C": pc.asarray(0.25, device="cpu"),
        "U": pc.asarray([1, 0, 1], dtype=pc.int32, device="cpu"),
    }


# Argument patterns: (positional, keyword); a string naming a leaf is that tensor, a list of
# them a list of tensors; everything else is passed as it is.
PATTERNS = [
    (("M", "N"), {}),
    (("V", "W"), {}),
    (("M", "V"), {}),
    (("V", "M"), {}),
    (("M", "C"), {}),
    (("U", "U"), {}),
    (("I", "U"), {}),
    (("M", "N", "M"), {}),
    (("B", "M", "N"), {}),
    (("M", "B"), {}),
    (("M", "B", "C"), {}),
    (("M", "B", 1.0), {}),
    (("M", "I"), {}),
    (("V", "I"), {}),
    (("M", "J"), {}),
    (("M", "J"), {"axis": 1}),
    (("M", "J", 1), {}),
    (("M", "I"), {"axis": 1}),
    (("M", "K"), {}),
    (("M", "I", "N"), {}),
    (("M", "I", "N"), {"overwrite": False}),
    (("S", "V"), {}),
    (("S", "V"), {"sorter": "I"}),
    (("S", "V"), {"right": True}),
    ((["M", "N"],), {}),
    ((["V", "W"],), {}),
    (("ij,jk->ik", "M", "N"), {}),
    (("i,i->", "V", "W"), {}),
    (("V",), {"prepend": "W"}),
    (("V",), {"append": "W"}),
    (("M",), {"min": "N"}),
    (("M",), {"max": "N"}),
    (("M", "N"), {"axes": 1}),
    (("M",), {"rtol": "C"}),
    (("M", "V"), {"axis": 0}),
]

# Callables with two or more required parameters that take at most one tensor (the others are
# shapes, axes, counts, dtypes or devices): the coverage gate's reasons.
NOT_TWO_TENSORS = {
    "astype": "a tensor and a dtype", "cast": "a tensor and a dtype",
    "broadcast_to": "a tensor and a shape", "expand": "a tensor and a shape",
    "reshape": "a tensor and a shape", "tile": "a tensor and repetitions",
    "permute_dims": "a tensor and axes", "transpose": "a tensor and axes",
    "moveaxis": "a tensor and axes", "squeeze": "a tensor and axes",
    "expand_dims": "a tensor and an axis", "unsqueeze": "a tensor and axes",
    "chunk": "a tensor and a count", "split": "a tensor and sections",
    "kthvalue": "a tensor and k", "topk": "a tensor and k", "repeat": "a tensor and counts",
    "roll": "a tensor and shifts", "matrix_power": "a tensor and an exponent",
    "full": "a shape and a value", "isdtype": "a dtype and a kind",
    "can_cast": "two dtypes", "linspace": "numbers", "logspace": "numbers", "to_device": "a tensor and a device",
    "full_like": "a tensor and a Python value",
    "grad": "outputs and inputs of one recorded graph (autograd: tests/test_autograd.py)",
}

# Names that are not operations on tensors (devices, memory statistics, dtypes, printing).
NOT_OPERATIONS = {
    "asarray", "from_dlpack", "to_tensor", "set_device", "get_device", "synchronize",
    "empty_cache", "memory_allocated", "max_memory_allocated", "memory_reserved",
    "max_memory_reserved", "memory_stats", "show_config", "finfo", "iinfo", "result_type",
    "broadcast_shapes", "is_tensor", "NamedTuple", "Optional", "Tuple", "Union",
    "set_printoptions", "get_printoptions", "shape", "numpy", "tolist", "item",
    "cpu", "detach", "dim", "ndimension", "numel", "is_contiguous", "contiguous", "clone",
    "to",  # Paddle's Tensor.to(y): moves x to y's device by design, as to_device does
}

# The Tensor's operators with a second operand (the reflected and in-place forms included).
BINARY = ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or",
          "xor", "lshift", "rshift"]
OPERATORS = ([f"__{o}__" for o in BINARY] + [f"__r{o}__" for o in BINARY] +
             [f"__i{o}__" for o in BINARY] +
             ["__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"])


def callables():
    """(qualified name, callable, takes self) for every public callable and operator."""
    seen = set()
    out = []
    for prefix, mod in [("paddle_c", pc), ("paddle_c.linalg", pc.linalg),
                        ("paddle_c.fft", pc.fft), ("paddle_c.paddle", paddle),
                        ("paddle_c.paddle.linalg", paddle.linalg)]:
        for name in sorted(dir(mod)):
            f = getattr(mod, name)
            if (name.startswith("_") or name in NOT_OPERATIONS or not callable(f) or
                    isinstance(f, type) or id(f) in seen):
                continue
            seen.add(id(f))
            out.append((f"{prefix}.{name}", f, False))
    for name in sorted(dir(pc.Tensor)):
        f = getattr(pc.Tensor, name)
        if name.startswith("_") or name in NOT_OPERATIONS or not callable(f):
            continue
        out.append((f"Tensor.{name}", f, True))
    for name in OPERATORS:
        if hasattr(pc.Tensor, name):
            out.append((f"Tensor.{name}", getattr(pc.Tensor, name), True))
    return out


def build(pattern, lv):
    args, kwargs = pattern

    def one(a):
        if isinstance(a, str) and a in lv:
            return lv[a]
        if isinstance(a, list):
            return [one(b) for b in a]
        return a

    return [one(a) for a in args], {k: one(v) for k, v in kwargs.items()}


def tensors_in(args, kwargs):
    found = []

    def walk(a):
        if isinstance(a, pc.Tensor):
            found.append(a)
        elif isinstance(a, (list, tuple)):
            for b in a:
                walk(b)

    for a in list(args) + list(kwargs.values()):
        walk(a)
    return found


def replace(args, kwargs, mapping):
    def one(a):
        if isinstance(a, pc.Tensor):
            return mapping.get(id(a), a)
        if isinstance(a, list):
            return [one(b) for b in a]
        return a

    return [one(a) for a in args], {k: one(v) for k, v in kwargs.items()}


SEQUENCE_PARAMS = {"arrays", "tensors", "inputs", "operands", "x"}


def takes_sequence(fn, method):
    """Whether fn's first operand is a sequence of tensors (concat, stack, ...). Elsewhere a
    list is array-like data, converted by asarray, which copies the tensors in it like any
    element (docs/devices.md), so list patterns are tried only here."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    params = params[1:] if method else params
    return bool(params) and params[0].kind != params[0].VAR_POSITIONAL and \
        params[0].name in SEQUENCE_PARAMS and params[0].name != "x" or \
        bool(params) and params[0].name == "x" and fn.__name__ in ("concat", "stack")


# Parameters that take tensor operands; a tensor bound to any other parameter (a name, a
# count, a flag) is not an operand, and such a call is not a two-tensor pattern. `repeats` and
# `repetitions` are counts copied to the host explicitly (docs/devices.md).
TENSOR_PARAMS = {"self", "x", "x1", "x2", "y", "a", "b", "arrays", "operands", "condition",
                 "indices", "index", "updates", "mask", "sorter", "prepend", "append", "min",
                 "max", "rtol", "value", "values", "input", "other", "tensors",
                 "arr", "test_x", "sorted_sequence"}  # Paddle's names (paddle_c.paddle)


def operands_bind(fn, method, args, kwargs):
    """Whether every tensor of the call binds to an operand parameter of fn."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return True
    try:
        bound = sig.bind(*([None] if method else []), *args, **kwargs)
    except TypeError:
        return False
    for name, value in bound.arguments.items():
        kind = sig.parameters[name].kind
        if tensors_in([value], {}) and kind != inspect.Parameter.VAR_POSITIONAL and \
                name not in TENSOR_PARAMS:
            return False
    return True


def accepted_patterns(fn, method):
    """The patterns (with >= 2 distinct tensors) that fn accepts on the CPU."""
    ok = []
    sequence = takes_sequence(fn, method)
    for pattern in PATTERNS:
        if any(isinstance(a, list) for a in pattern[0]) and not sequence:
            continue
        lv = leaves()
        args, kwargs = build(pattern, lv)
        if len({id(t) for t in tensors_in(args, kwargs)}) < 2 or \
                not operands_bind(fn, method, args[1:] if method else args, kwargs):
            continue
        try:
            fn(*args, **kwargs)
        except Exception:  # noqa: BLE001 - a pattern the function does not take
            continue
        ok.append(pattern)
    return ok


def required_params(fn, method):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return 0
    n = 0
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            n += 2
        elif p.default is p.empty and p.kind != p.VAR_KEYWORD:
            n += 1
    return n - (1 if method else 0)


def splits(tensors, device):
    """Each tensor alone on `device` (the others on the CPU), and each tensor alone on the CPU
    (the others on `device`): both orders for every operand."""
    ids = list(dict.fromkeys(id(t) for t in tensors))
    for k in ids:
        yield {k}
        yield set(ids) - {k}


def check_mixed(name, fn, pattern, device):
    problems = []
    lv = leaves()
    args, kwargs = build(pattern, lv)
    tensors = list({id(t): t for t in tensors_in(args, kwargs)}.values())
    for moved_ids in splits(tensors, device):
        mapping = {id(t): t.to_device(device) for t in tensors if id(t) in moved_ids}
        a2, k2 = replace(args, kwargs, mapping)
        used = [mapping.get(id(t), t) for t in tensors]
        before = [np.asarray(t.to_device("cpu")).copy() for t in used]
        try:
            fn(*a2, **k2)
        except ValueError as e:
            text = str(e)
            if "cpu" not in text or str(device) not in text:
                problems.append(f"{name}{pattern}: ValueError not naming both devices: {text}")
        except Exception as e:  # noqa: BLE001
            problems.append(f"{name}{pattern}: {type(e).__name__} instead of ValueError: {e}")
        else:
            problems.append(f"{name}{pattern} with {len(moved_ids)} of {len(tensors)} tensors "
                            f"on {device}: no error")
        after = [np.asarray(t.to_device("cpu")) for t in used]
        for b, a in zip(before, after):
            if not np.array_equal(b, a, equal_nan=True):
                problems.append(f"{name}{pattern}: an input changed")
    return problems


def setitem_problems(device):
    """x[i] = v with the value on another device: refused, nothing written (the key may be
    anywhere: it is moved to x's device)."""
    problems = []
    for key in [0, (slice(None), 1), pc.asarray([0, 2], device="cpu"),
                pc.asarray([True, False, True], device="cpu")]:
        for x_dev, v_dev in [("cpu", device), (device, "cpu")]:
            x = pc.zeros((3, 3), device=x_dev)
            v = pc.ones((3,), device=v_dev)
            try:
                x[key] = v
            except ValueError as e:
                if "cpu" not in str(e) or str(device) not in str(e):
                    problems.append(f"x[{key!r}] = v: message {e}")
            else:
                problems.append(f"x[{key!r}] = v on {x_dev}/{v_dev}: no error")
            if np.asarray(x.to_device("cpu")).any():
                problems.append(f"x[{key!r}] = v: x changed")
    return problems


@pytest.mark.parametrize("device", OTHER_DEVICES, ids=str)
def test_two_devices_raise_value_error_and_change_nothing(device):
    problems = []
    tested = []
    uncovered = []
    for name, fn, method in callables():
        base = name.rsplit(".", 1)[1]
        pats = accepted_patterns(fn, method)
        if pats:
            tested.append(name)
        elif (required_params(fn, method) >= 2 and base not in NOT_TWO_TENSORS and
              not base.startswith("__")):
            uncovered.append(name)
        for pattern in pats:
            problems += check_mixed(name, fn, pattern, device)
    problems += setitem_problems(device)
    assert not uncovered, ("callables with two or more required parameters that no pattern "
                           f"fits (add a pattern or a reason): {uncovered}")
    assert len(tested) >= 150, f"only {len(tested)} callables took two tensors: {tested}"
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:2000])


def test_only_the_dispatcher_looks_kernels_up():
    """pc_kernel_get is called by the dispatcher alone (and by backends registering their
    columns): no operation reaches a kernel past the device check."""
    callers = []
    for path in (ROOT / "csrc").rglob("*.c"):
        rel = path.relative_to(ROOT).as_posix()
        if rel in ("csrc/dispatch/dispatch.c", "csrc/core/registry.c"):
            continue
        text = path.read_text()
        for m in re.finditer(r"\bpc_kernel_get\s*\(", text):
            callers.append(f"{rel}:{text.count(chr(10), 0, m.start()) + 1}")
    backends = [c for c in callers if c.startswith("csrc/backends/")]
    assert sorted(set(callers) - set(backends)) == []


# The reproducers that used to crash the interpreter (a host kernel on device memory), each in
# a child process so that a crash fails only its own case.
CRASHED = [
    "pc.ones((2, 3)) @ pc.ones((3, 2), device=D)",
    "pc.matmul(pc.ones((2, 3)), pc.ones((3, 2), device=D))",
    "pc.tensordot(pc.ones((2, 3)), pc.ones((3, 2), device=D), axes=1)",
    "pc.einsum('ij,jk->ik', pc.ones((2, 3)), pc.ones((3, 2), device=D))",
    "pc.searchsorted(pc.arange(4.0), pc.ones(3, device=D))",
    "pc.searchsorted(pc.arange(4.0), pc.ones(3), sorter=pc.asarray([0, 1, 2, 3], device=D))",
    "pc.isin(pc.ones(3), pc.ones(3, device=D))",
    "pc.paddle.scatter(pc.ones((3, 2)), pc.asarray([0, 1]), pc.ones((2, 2), device=D))",
    "pc.paddle.masked_fill(pc.ones(3), pc.asarray([True, False, True]), pc.asarray(2.0, device=D))",
]


@pytest.mark.parametrize("device", OTHER_DEVICES, ids=str)
@pytest.mark.parametrize("code", CRASHED)
def test_crash_reproducers_raise_in_a_child(device, code):
    import os
    import subprocess
    import sys

    prog = ("import paddle_c as pc\nimport paddle_c.paddle\nD = %r\n"
            "try:\n    %s\nexcept ValueError as e:\n    print('ValueError:', e)\n"
            % (str(device), code))
    env = dict(os.environ, PADDLE_C_DEFAULT_DEVICE="cpu")
    out = subprocess.run([sys.executable, "-c", prog], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, f"rc {out.returncode}: {out.stderr[-2000:]}"
    assert out.stdout.startswith("ValueError:") and str(device) in out.stdout, out.stdout
