"""The CUDA build as installed: its RUNPATH finds both the OpenBLAS wheel and the CUDA runtime;
and the GPU column (CUDA's, or ROCm's in make hip-check) covers the CPU's families.

Runs inside `make cuda-check`, which builds with PC_WITH_CUDA=ON, installs into
build/cuda-check/install and names the build folder in PC_CUDA_BUILD; elsewhere there is no
CUDA build to inspect. The column test runs on any GPU build (make hip-check's too).
"""

import glob
import os
import shutil
import subprocess

import pytest

BUILD = os.environ.get("PC_CUDA_BUILD")


def runpath(so):
    out = subprocess.run(["readelf", "-d", so], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "(RUNPATH)" in line or "(RPATH)" in line:
            return line.split("[", 1)[1].rsplit("]", 1)[0].split(":")
    return []


@pytest.mark.skipif(not BUILD, reason="no CUDA build (run through make cuda-check)")
@pytest.mark.skipif(shutil.which("readelf") is None, reason="readelf not installed")
def test_installed_runpath_has_openblas_and_cudart():
    sos = glob.glob(os.path.join(BUILD, "install", "paddle_c", "_C*.so"))
    assert sos, f"no installed extension under {BUILD}/install"
    paths = runpath(sos[0])
    assert "$ORIGIN/../scipy_openblas32/lib" in paths, paths
    assert any(glob.glob(os.path.join(p, "libcudart.so*")) for p in paths), \
        f"no RUNPATH entry holds libcudart: {paths}"


# the reduction families: every slot the CPU column has, the GPU column has too (the rows of
# reductions.def, from _C._reductions(), then the arg-reductions and scans)
REDUCE_FAMILIES = ["argmax", "argmin", "nanargmax", "nanargmin", "cumsum", "cumprod"]
# indexing on the device: offsets built and checked there, one gather/scatter, nonzero, and
# the order-free mask kernels (the CPU's sequential mask_select/mask_scatter, which keep a
# cursor, are CPU-only by contract: devices run mask_compact/mask_expand instead)
INDEX_FAMILIES = ["index_offsets", "gather", "scatter", "nonzero", "mask_fill", "mask_compact",
                  "mask_expand"]
# sorting, searching and sets on the device: radix/merge sorts of (key, position) pairs,
# medians of sorted lanes, searchsorted, isin and unique (sort.cu, search.cu)
SORT_FAMILIES = ["sort", "argsort", "median", "searchsorted", "isin", "unique"]


def gpu_backends():
    import paddle_c as pc

    return sorted({b for _, b, _ in pc._C._kernels()} & {"cuda", "rocm"})


# (also in make hip-check, on the ROCm build's column)
@pytest.mark.skipif(not gpu_backends(), reason="not a GPU build (make cuda-check or make "
                    "hip-check builds one)")
@pytest.mark.parametrize("families", [REDUCE_FAMILIES, INDEX_FAMILIES, SORT_FAMILIES],
                         ids=["reduce", "index", "sort"])
def test_gpu_column_covers_cpu_families(families):
    import collections

    import paddle_c as pc

    if families is REDUCE_FAMILIES:
        families = [name for name, *_ in pc._C._reductions()] + families
    table = collections.defaultdict(set)
    for op, backend, dtype in pc._C._kernels():
        table[backend, op].add(dtype)
    gpu = "rocm" if any(b == "rocm" for b, _ in table) else "cuda"
    missing = {op: sorted(table["cpu", op] - table[gpu, op]) for op in families
               if table["cpu", op] - table[gpu, op]}
    assert all(table["cpu", op] for op in families)
    assert not missing, f"{gpu} slots missing: {missing}"
