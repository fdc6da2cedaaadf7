"""Where the GPU vendor libraries (cuBLAS, cuSOLVER, cuFFT) are looked for.

The C loader (csrc/core/vendor_load.h) opens them on first use; this gives it the
``lib`` folders of the NVIDIA wheels installed with ``pip install paddle_c[cuda]``
(``site-packages/nvidia/<library>/lib`` for CUDA 12, ``nvidia/cu13/lib`` for CUDA 13), searched
before the system's loader path. Nothing is imported or opened here.
"""

import importlib.util
import os

from . import _C


def wheel_lib_dirs():
    """The ``lib`` folders of the installed ``nvidia`` namespace package, sorted."""
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    dirs = []
    for root in spec.submodule_search_locations:
        try:
            names = sorted(os.listdir(root))
        except OSError:
            continue
        for name in names:
            lib = os.path.join(root, name, "lib")
            if os.path.isdir(lib):
                dirs.append(lib)
    return dirs


def install():
    """Hand the wheels' folders to the loader (at import)."""
    _C._vendor_search_path(wheel_lib_dirs())
