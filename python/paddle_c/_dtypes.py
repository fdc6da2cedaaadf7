"""finfo and iinfo: machine limits of the floating and integer dtypes."""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import _C

__all__ = ["finfo", "iinfo", "finfo_object", "iinfo_object"]


@dataclass(frozen=True)
class finfo_object:
    """Machine limits of a floating dtype (as the array API standard describes them)."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: _C.dtype

    @property
    def tiny(self) -> float:
        """NumPy's name for smallest_normal."""
        return self.smallest_normal

    @property
    def resolution(self) -> float:
        """Approximate decimal resolution, 10**-precision, as in NumPy."""
        return 10.0 ** -math.floor(-math.log10(self.eps))


@dataclass(frozen=True)
class iinfo_object:
    """Machine limits of an integer dtype."""

    bits: int
    max: int
    min: int
    dtype: _C.dtype


# (bits, eps, max, smallest_normal) of the real floating formats
_FLOAT_LIMITS = {
    "float16": (16, 2.0**-10, 65504.0, 2.0**-14),
    "bfloat16": (16, 2.0**-7, float.fromhex("0x1.fep127"), 2.0**-126),
    "float32": (32, 2.0**-23, float.fromhex("0x1.fffffep127"), 2.0**-126),
    "float64": (64, 2.0**-52, float.fromhex("0x1.fffffffffffffp1023"), 2.0**-1022),
}
# the real dtype of each complex one, from the extension's dtype list
_REAL_OF = {name: real for name, kind, _size, real in _C._dtype_table() if kind == "c"}


def _dtype_of(type_or_array):
    if isinstance(type_or_array, _C.Tensor):
        return type_or_array.dtype
    if isinstance(type_or_array, _C.dtype):
        return type_or_array
    return _C.astype(_C.zeros(0), type_or_array).dtype


def finfo(type, /):
    """Machine limits of a floating dtype (or of a tensor's dtype).

    For complex dtypes the limits are those of the real and imaginary parts, and ``dtype`` is
    the real counterpart (complex64 -> float32).
    """
    dt = _dtype_of(type)
    name = _REAL_OF.get(dt.name, dt.name)
    if name not in _FLOAT_LIMITS:
        raise TypeError(f"finfo needs a floating dtype, got {dt.name}")
    bits, eps, mx, tiny = _FLOAT_LIMITS[name]
    return finfo_object(bits, eps, mx, -mx, tiny, getattr(_C, name))


def iinfo(type, /):
    """Machine limits of an integer dtype (or of a tensor's dtype)."""
    dt = _dtype_of(type)
    if dt.kind not in ("i", "u"):
        raise TypeError(f"iinfo needs an integer dtype, got {dt.name}")
    bits = 8 * dt.itemsize
    if dt.kind == "u":
        return iinfo_object(bits, 2**bits - 1, 0, dt)
    return iinfo_object(bits, 2 ** (bits - 1) - 1, -(2 ** (bits - 1)), dt)
