"""hostdev when the operating system refuses memory: allocations, launches and copies fail with
MemoryError, as the CPU's do, and leave the device usable (csrc/backends/hostdev.c).

Each case once crashed the interpreter (SIGSEGV: a failed mprotect was ignored and the kernel
wrote into memory that never opened), so each runs in a child process (hostile_child.py) with
hostdev enabled. The child first caps its data size (RLIMIT_DATA: what it uses now plus
`headroom`), so every huge allocation is refused at once on any machine, whatever its memory
or overcommit policy, and no case can take more than the headroom; the literal reproducer of
the issue, uncapped, runs only where the kernel's overcommit check refuses it by itself.
"""

from __future__ import annotations

import os

import pytest

from hostile_child import Child

HD = "hostdev:0"

# Defines cap(headroom) and vmdata() in a snippet, after collecting what earlier snippets
# left (their namespaces are cycles through these very functions).
CAP = """
gc.collect()
import resource
def vmdata():
    for line in open("/proc/self/status"):
        if line.startswith("VmData:"):
            return int(line.split()[1]) * 1024
def cap(headroom=1 << 30):
    resource.setrlimit(resource.RLIMIT_DATA, (vmdata() + headroom, resource.RLIM_INFINITY))
"""

BIG = "pc.broadcast_to(pc.zeros((), device=D), (2**40,))"

# (name, statement run with D set to a device): each must raise MemoryError on the CPU and on
# hostdev alike.
LARGE = [
    ("zeros", "pc.zeros((2**38,), device=D)"),
    ("ones", "pc.ones((2**38,), device=D)"),
    ("empty", "pc.empty((2**38,), device=D)"),
    ("full", "pc.full((2**38,), 1.5, device=D)"),
    ("arange", "pc.arange(2**38, device=D)"),
    ("linspace", "pc.linspace(0, 1, 2**38, device=D)"),
    ("eye", "pc.eye(2**19, device=D)"),
    ("broadcast + 1", f"{BIG} + 1"),
    ("broadcast.sum(dtype)", f"pc.sum({BIG}, dtype=pc.float64)"),
    ("broadcast.mean(axis)", f"pc.mean(pc.reshape({BIG}, (2**40, 1)), axis=1)"),
    ("broadcast.astype", f"{BIG}.astype(pc.float64)"),
    ("broadcast copy", f"pc.asarray({BIG}, copy=True)"),
    ("broadcast cumsum", f"pc.cumsum({BIG})"),
    ("broadcast argmax", f"pc.argmax({BIG})"),
    ("where", "pc.where(pc.broadcast_to(pc.zeros((), dtype=pc.bool, device=D), (2**40,)), "
              "1.0, 2.0)"),
    ("setitem", "x = pc.empty((2**38,), device=D); x[...] = 1"),
    ("nonzero", "pc.nonzero(pc.broadcast_to(pc.ones((), dtype=pc.bool, device=D), (2**31,)))"),
]

# After a failure the device still computes.
STILL_WORKS = "(pc.arange(3.0, device='hostdev:0') + 1).to_device('cpu').tolist()"


@pytest.fixture(scope="module")
def child():
    c = Child(timeout=300.0, env={**os.environ, "PADDLE_C_TEST_BACKENDS": "hostdev"})
    yield c
    c.close()


def run(child, code):
    out = child.run(code)
    assert out.ok, f"{out} from:\n{code}"
    return eval(out.result)


@pytest.mark.parametrize("case", LARGE, ids=[c[0] for c in LARGE])
def test_large_raises_memory_error_like_the_cpu(child, case):
    code = CAP + f"""
cap()
raised = []
for D in ("cpu", "hostdev:0"):
    try:
        exec({case[1]!r})
        raised.append(None)
    except MemoryError as e:
        raised.append(("MemoryError", str(e)))
result = (raised, {STILL_WORKS})
"""
    raised, works = run(child, code)
    assert [r and r[0] for r in raised] == ["MemoryError", "MemoryError"], raised
    assert "hostdev:0" in raised[1][1], raised
    assert works == [1.0, 2.0, 3.0]


def refused_by_overcommit(nbytes):
    """Whether the kernel refuses one private writable mapping of nbytes by itself."""
    try:
        with open("/proc/sys/vm/overcommit_memory") as f:
            mode = int(f.read())
        with open("/proc/meminfo") as f:
            info = {line.split(":")[0]: int(line.split()[1]) * 1024 for line in f}
    except OSError:
        return False
    return mode != 1 and nbytes > info["MemTotal"] + info.get("SwapTotal", 0)


@pytest.mark.skipif(not refused_by_overcommit(2**40),
                    reason="this machine's overcommit policy would grant 1 TiB (mode 1, or "
                           "more than 1 TiB of memory and swap)")
def test_issue_reproducer_uncapped(child):
    out = child.run("pc.zeros((2**38,), device='hostdev:0')")
    assert not out.ok and out.exc == "MemoryError", out
    assert run(child, f"result = {STILL_WORKS}") == [1.0, 2.0, 3.0]


def test_launch_that_cannot_open_its_memory_does_not_run(child):
    # a and b each fit under the cap, both at once do not: every launch opens every block,
    # so filling a fails; the block it opened (b, the newest) closes again - the data size
    # has not grown by b's 128 MiB (small growth is the allocator's, ASan's in particular) -
    # a keeps its contents, and once b is gone the same write succeeds
    code = CAP + """
cap(192 << 20)
D = "hostdev:0"
a = pc.zeros((2**25,), device=D)
b = pc.empty((2**25,), device=D)
before = vmdata()
try:
    a[...] = 1.0
    error = None
except MemoryError as e:
    error = str(e)
closed = vmdata() - before < (64 << 20)
del b
unchanged = pc.sum(a).to_device("cpu").tolist()
a[...] = 1.0
result = (error, closed, unchanged, pc.sum(a).to_device("cpu").tolist())
"""
    error, closed, unchanged, after = run(child, code)
    assert error is not None and "did not run" in error, error
    assert closed
    assert unchanged == 0.0
    assert after == 2.0**25


def test_copies_that_cannot_open_memory_fail_cleanly(child):
    # host -> device and device -> host copies are launches too: refused before they copy
    code = CAP + """
import numpy as np
cap(192 << 20)
D = "hostdev:0"
a = pc.zeros((2**25,), device=D)
b = pc.empty((2**25,), device=D)
errors = []
for copy in (lambda: pc.asarray(np.ones(4, dtype=np.float32), device=D),
             lambda: a[:4].to_device("cpu")):
    try:
        copy()
    except MemoryError as e:
        errors.append(str(e))
del b
result = (errors, a[:4].to_device("cpu").tolist(),
          pc.asarray(np.ones(2, dtype=np.float32), device=D).to_device("cpu").tolist())
"""
    errors, head, copied = run(child, code)
    assert len(errors) == 2 and all("did not run" in m for m in errors), errors
    assert head == [0.0] * 4
    assert copied == [1.0, 1.0]


@pytest.mark.skipif(bool(os.environ.get("PC_SANITIZER_RUN")),
                    reason="under ASan every allocation of the interpreter (PYTHONMALLOC=malloc) "
                           "comes from ASan's allocator, which needs new mappings: with the "
                           "mapping count exhausted the interpreter fails before paddle_c runs")
def test_mapping_count_exhausted(child):
    # an allocation that never ran a kernel shares a mapping with its neighbours, so opening it
    # needs a new one: with vm.max_map_count reached, the write cannot open it and must not run
    code = CAP + """
import mmap
D = "hostdev:0"
x = pc.arange(8.0, device=D)
e = pc.empty((100,), device=D)
hold = []
try:
    while True:
        hold.append(mmap.mmap(-1, 4096))
except OSError:
    pass
errors = []
try:
    e[...] = 1.0
except MemoryError as err:
    errors.append(str(err))
try:
    pc.ones((100,), device=D)
except MemoryError as err:
    errors.append(str(err))
del hold
e[...] = 1.0
result = (errors, e.to_device("cpu").tolist()[:3], (x + 1).to_device("cpu").tolist())
"""
    errors, head, x1 = run(child, code)
    assert len(errors) >= 1 and all("hostdev:0" in m for m in errors), errors
    assert head == [1.0, 1.0, 1.0]
    assert x1 == [float(i + 1) for i in range(8)]
