"""The ROCm build (PC_WITH_HIP=ON) as make hip-check builds it, on a machine without an AMD GPU.

Runs inside `make hip-check`, which names the build folder in PC_HIP_BUILD and puts the built
package first on PYTHONPATH; elsewhere there is no ROCm build to inspect. What it shows: the
extension links the HIP runtime and the loader finds it, imports, lists no ROCm device
where the runtime finds none (and refuses rocm:0 with an error, never a crash), and its kernel
table has the CUDA column's slots, except those listed in ROCM_GAPS with the reason.
"""

import collections
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

BUILD = os.environ.get("PC_HIP_BUILD")
pytestmark = pytest.mark.skipif(not BUILD, reason="no ROCm build (run through make hip-check)")

# The slots the CUDA column has and the ROCm column has not: op -> (dtypes, or None for every
# dtype, and the reason); this list only shrinks (the test fails on a listed slot that is
# filled now).
SOLVER_GAP = ("hipSOLVER not wired: cuSOLVER's 64-bit generic API has no declared hipSOLVER "
              "counterpart yet (solver.cu)")
ROCM_GAPS = {op: (None, SOLVER_GAP)
             for op in ("cholesky", "inv", "solve", "slogdet", "qr", "eigh", "eig", "svd")}


def gap_slots(cpu):
    """ROCM_GAPS as {op: set of dtypes}, None resolved against the CPU column."""
    return {op: set(cpu[op]) if dts is None else set(dts) for op, (dts, _) in ROCM_GAPS.items()}


def run_child(code):
    """Run `code` in a child interpreter with this process's environment; (returncode, out)."""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout + p.stderr


def amd_gpu_present():
    return os.path.exists("/dev/kfd") and bool(glob.glob("/dev/dri/renderD*"))


def extension():
    sos = glob.glob(os.path.join(BUILD, "_C*.so"))
    assert sos, f"no extension built under {BUILD}"
    return sos[0]


@pytest.mark.skipif(shutil.which("ldd") is None, reason="ldd not installed")
def test_links_the_hip_runtime_and_finds_it():
    out = subprocess.run(["ldd", extension()], check=True, capture_output=True,
                         text=True).stdout
    hip = [line for line in out.splitlines() if "libamdhip64.so" in line]
    assert hip, f"the extension does not link libamdhip64:\n{out}"
    assert "not found" not in hip[0] and "=> /" in hip[0], hip[0]


def test_is_the_build_under_test():
    import paddle_c as pc

    assert os.path.dirname(pc._C.__file__).startswith(os.path.join(BUILD, "pkg"))
    assert any(b == "rocm" for _, b, _ in pc._C._kernels()), "no rocm column"
    assert not any(b == "cuda" for _, b, _ in pc._C._kernels())


@pytest.mark.skipif(amd_gpu_present(), reason="an AMD GPU is present")
def test_no_rocm_device_without_an_amd_gpu():
    # in a child: a HIP runtime that crashes on a machine without a GPU must not take pytest
    code = ("import paddle_c as pc\n"
            "print(sorted(str(d) for d in pc.__array_namespace_info__().devices()))\n"
            "for name in ('rocm:0', 'gpu:0'):\n"
            "    try:\n"
            "        pc.asarray([1.0], device=name)\n"
            "    except Exception as e:\n"
            "        print(name, type(e).__name__, e)\n"
            "    else:\n"
            "        print(name, 'accepted')\n")
    rc, out = run_child(code)
    assert rc == 0, out
    lines = out.splitlines()
    assert lines[0] == "['cpu']", out
    for name, line in zip(("rocm:0", "gpu:0"), lines[1:]):
        assert line.startswith(f"{name} ") and "accepted" not in line, out
        assert "does not exist (0 devices present)" in line, out


def rocm_and_cpu_columns():
    import paddle_c as pc

    table = collections.defaultdict(lambda: collections.defaultdict(set))
    for op, backend, dtype in pc._C._kernels():
        table[backend][op].add(dtype)
    return table["rocm"], table["cpu"]


def test_rocm_gaps_are_current():
    rocm, cpu = rocm_and_cpu_columns()
    unknown = sorted(op for op in ROCM_GAPS if op not in cpu)
    assert not unknown, f"ROCM_GAPS names ops the table does not know: {unknown}"
    stale = {op: sorted(dts & rocm[op]) for op, dts in gap_slots(cpu).items() if dts & rocm[op]}
    assert not stale, f"ROCM_GAPS lists slots the ROCm column fills now (remove them): {stale}"


# the CUDA column as make cuda-check saved it (tools/gpu_column.py --save), when it ran first
CUDA_COLUMN = os.environ.get("PC_CUDA_COLUMN", "")


@pytest.mark.skipif(not os.path.exists(CUDA_COLUMN), reason="no saved CUDA column (make "
                    "cuda-check saves one where nvcc is installed)")
def test_rocm_column_equals_cuda_column_but_the_gaps():
    rocm, cpu = rocm_and_cpu_columns()
    gaps = gap_slots(cpu)
    with open(CUDA_COLUMN) as f:
        cuda = {op: set(dts) for op, dts in json.load(f).items()}
    lacking = {op: sorted(dts - rocm[op] - gaps.get(op, set())) for op, dts in cuda.items()
               if dts - rocm[op] - gaps.get(op, set())}
    extra = {op: sorted(rocm[op] - cuda.get(op, set())) for op in list(rocm)
             if rocm[op] - cuda.get(op, set())}
    assert not lacking, f"CUDA slots the ROCm column lacks: {lacking}"
    assert not extra, f"ROCm slots the CUDA column lacks: {extra}"
