"""The DLPack ABI declared in csrc/interop/dlpack_abi.h against the reference header.

A small C probe prints the size and offset of every field and the value of every constant we
use; it is compiled once with our declaration and once with the reference dlpack.h that
PyTorch ships, and both outputs must agree. Skipped without a C compiler or PyTorch.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OURS = ROOT / "csrc" / "interop" / "dlpack_abi.h"

PROBE = r"""
#include <stdio.h>
#include <stddef.h>
#include HEADER

#define SIZE(T) printf(#T " size %zu\n", sizeof(T))
#define OFF(T, f) printf(#T "." #f " %zu\n", offsetof(T, f))
#define VAL(c) printf(#c " %lld\n", (long long)(c))

int main(void)
{
    SIZE(DLPackVersion); OFF(DLPackVersion, major); OFF(DLPackVersion, minor);
    SIZE(DLDevice); OFF(DLDevice, device_type); OFF(DLDevice, device_id);
    SIZE(DLDataType); OFF(DLDataType, code); OFF(DLDataType, bits); OFF(DLDataType, lanes);
    SIZE(DLTensor); OFF(DLTensor, data); OFF(DLTensor, device); OFF(DLTensor, ndim);
    OFF(DLTensor, dtype); OFF(DLTensor, shape); OFF(DLTensor, strides);
    OFF(DLTensor, byte_offset);
    SIZE(DLManagedTensor); OFF(DLManagedTensor, dl_tensor); OFF(DLManagedTensor, manager_ctx);
    OFF(DLManagedTensor, deleter);
    SIZE(DLManagedTensorVersioned); OFF(DLManagedTensorVersioned, version);
    OFF(DLManagedTensorVersioned, manager_ctx); OFF(DLManagedTensorVersioned, deleter);
    OFF(DLManagedTensorVersioned, flags); OFF(DLManagedTensorVersioned, dl_tensor);
    SIZE(DLPackExchangeAPIHeader); OFF(DLPackExchangeAPIHeader, prev_api);
    SIZE(DLPackExchangeAPI); OFF(DLPackExchangeAPI, managed_tensor_allocator);
    OFF(DLPackExchangeAPI, managed_tensor_from_py_object_no_sync);
    OFF(DLPackExchangeAPI, managed_tensor_to_py_object_no_sync);
    OFF(DLPackExchangeAPI, dltensor_from_py_object_no_sync);
    OFF(DLPackExchangeAPI, current_work_stream);
    VAL(DLPACK_MAJOR_VERSION); VAL(DLPACK_MINOR_VERSION);
    VAL(sizeof(DLDeviceType));
    VAL(kDLCPU); VAL(kDLCUDA); VAL(kDLCUDAHost); VAL(kDLOpenCL); VAL(kDLROCM);
    VAL(kDLROCMHost); VAL(kDLExtDev); VAL(kDLCUDAManaged); VAL(kDLOneAPI); VAL(kDLTrn);
    VAL(kDLInt); VAL(kDLUInt); VAL(kDLFloat); VAL(kDLBfloat); VAL(kDLComplex); VAL(kDLBool);
    VAL(DLPACK_FLAG_BITMASK_READ_ONLY); VAL(DLPACK_FLAG_BITMASK_IS_COPIED);
    VAL(DLPACK_FLAG_BITMASK_IS_SUBBYTE_TYPE_PADDED);
    return 0;
}
"""


def _probe(tmp_path: Path, header: Path, tag: str) -> str:
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    src = tmp_path / f"probe_{tag}.c"
    exe = tmp_path / f"probe_{tag}"
    src.write_text(PROBE)
    subprocess.run([cc, "-std=c11", f'-DHEADER="{header}"', str(src), "-o", str(exe)],
                   check=True, capture_output=True, text=True)
    return subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout


@pytest.mark.skipif(not (shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")),
                    reason="needs a C compiler")
def test_abi_matches_the_reference_header(tmp_path):
    torch = pytest.importorskip("torch")
    reference = Path(torch.__file__).parent / "include" / "ATen" / "dlpack.h"
    if not reference.exists():
        pytest.skip("this PyTorch build ships no dlpack.h")
    ours = _probe(tmp_path, OURS, "ours")
    theirs = _probe(tmp_path, reference, "reference")
    assert ours == theirs
