"""__array_namespace_info__: what this build of paddle_c supports."""

from __future__ import annotations

from . import _C

__all__ = ["__array_namespace_info__"]

# The standard's dtypes, in dtypes.def's order: the extension's list without the narrow floats
# (float16, bfloat16), which paddle_c supports but the standard does not name.
_STANDARD = tuple(name for name, kind, size, _real in _C._dtype_table()
                  if not (kind == "f" and size < 4))
# The kind names of the standard (isdtype's, which decides membership).
_KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
          "complex floating", "numeric")
# The dtypes of each kind (isdtype decides), derived once
_OF_KIND = {k: tuple(n for n in _STANDARD if _C.isdtype(getattr(_C, n), k)) for k in _KINDS}


class __array_namespace_info__:
    """Inspection of the namespace (array API standard 2023.12 and later)."""

    __module__ = "paddle_c"

    def capabilities(self):
        """Optional features: boolean indexing, data-dependent shapes, max dimensions."""
        return {
            "boolean indexing": True,
            "data-dependent shapes": True,
            "max dimensions": _C.MAX_NDIM,
        }

    def default_device(self):
        """The device new tensors go to: PADDLE_C_DEFAULT_DEVICE or paddle_c.set_device()'s
        (the CPU unless set)."""
        return _C.Device(_C.get_device())

    def devices(self):
        """Every device this build can use, the CPU first (a tuple, as the 2025.12 standard
        says)."""
        return tuple(_C._devices())

    def _check_device(self, device):
        # a device is named as asarray(device=...) takes it: a Device or its string ("cpu")
        if device is None:
            return
        try:
            dev = device if isinstance(device, _C.Device) else _C.Device(device)
        except (TypeError, ValueError):
            dev = None
        if dev is None or dev not in self.devices():
            raise ValueError(f"unknown device {device!r}; devices: {self.devices()}")

    def default_dtypes(self, *, device=None):
        """Default dtypes: the default floating dtype and its complex counterpart (Paddle's
        float32 and complex64 unless paddle_c.set_default_dtype changed them), int64 (also for
        indexing)."""
        self._check_device(device)
        real, cplx = _C._default_dtypes()
        return {
            "real floating": real,
            "complex floating": cplx,
            "integral": _C.int64,
            "indexing": _C.int64,
        }

    def dtypes(self, *, device=None, kind=None):
        """The standard's dtypes of `kind` (None, a kind name or a tuple of kind names).

        float16 and bfloat16 are supported by paddle_c as well but lie outside the standard's
        kinds, so they are not listed here.
        """
        self._check_device(device)
        if kind is None:
            names = _STANDARD
        elif isinstance(kind, str):
            if kind not in _KINDS:
                raise ValueError(f"unknown dtype kind {kind!r}")
            names = _OF_KIND[kind]
        elif isinstance(kind, tuple):
            names = ()
            for k in kind:
                if not isinstance(k, str) or k not in _KINDS:
                    raise ValueError(f"unknown dtype kind {k!r}")
                names += tuple(n for n in _OF_KIND[k] if n not in names)
        else:
            raise TypeError(f"kind must be None, a string or a tuple of strings, not {kind!r}")
        return {n: getattr(_C, n) for n in names}
