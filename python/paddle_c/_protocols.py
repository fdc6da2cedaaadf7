"""Python protocols and NumPy-style conveniences on Tensor that clients call by habit:
format(t, spec), round(t), t.ravel().

They are small compositions of the C functions, attached to the C type by install().
"""

from __future__ import annotations

from . import _C


def tensor_format(self, spec: str) -> str:
    """format(t, spec): a 0-d tensor formats as its Python scalar (f"{t:.2f}"), as in NumPy;
    other tensors take only the empty spec (their str)."""
    if self.ndim == 0:
        return format(self.item(), spec)
    if spec:
        raise TypeError(f"unsupported format string {spec!r} for a {self.ndim}-d tensor; "
                        "format its elements (t.tolist()) instead")
    return str(self)


def tensor_round(self, ndigits=None):
    """round(t) / round(t, n): a 0-d tensor without ndigits gives a Python int (as round() of
    a float does); otherwise the elementwise rounding to `ndigits` decimals, as a tensor."""
    if ndigits is None:
        if self.ndim == 0:
            return round(self.item())
        return _C.round(self)
    ndigits = int(ndigits)
    integral = _C.isdtype(self.dtype, ("bool", "integral"))
    if integral and ndigits >= 0:
        return _C.asarray(self, copy=True)
    # NumPy's method: scale, round half to even, scale back
    x = _C.astype(self, _C.float64) if integral else self
    scale = 10.0 ** abs(ndigits)
    r = _C.round(x * scale) / scale if ndigits >= 0 else _C.round(x / scale) * scale
    return _C.astype(r, self.dtype) if integral else r


def tensor_ravel(self):
    """t.ravel(): the elements as a 1-d tensor (a view when the strides allow), in C order."""
    return _C.reshape(self, (-1,))


def install(tensor_type) -> None:
    """Attach the protocols above to the C Tensor type."""
    tensor_type.__format__ = tensor_format
    tensor_type.__round__ = tensor_round
    tensor_type.ravel = tensor_ravel
