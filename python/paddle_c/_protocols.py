"""Python protocols and NumPy-style conveniences on Tensor that clients call by habit:
format(t, spec), round(t), t.round(decimals), t.ravel().

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


def _round_decimals(x, decimals: int):
    """x rounded half to even to `decimals` decimals (NumPy's method: scale, round, scale
    back); integers are unchanged for decimals >= 0."""
    decimals = int(decimals)
    if decimals == 0:
        return _C.round(x)
    integral = _C.isdtype(x.dtype, ("bool", "integral"))
    if integral and decimals >= 0:
        return _C.asarray(x, copy=True)
    y = _C.astype(x, _C.float64) if integral else x
    scale = 10.0 ** abs(decimals)
    r = _C.round(y * scale) / scale if decimals > 0 else _C.round(y / scale) * scale
    return _C.astype(r, x.dtype) if integral else r


def tensor_round(self, ndigits=None):
    """round(t) / round(t, n): a 0-d tensor without ndigits gives a Python int (as round() of
    a float does); otherwise the elementwise rounding to `ndigits` decimals, as a tensor."""
    if ndigits is None:
        return round(self.item()) if self.ndim == 0 else _C.round(self)
    return _round_decimals(self, ndigits)


def tensor_round_method(self, decimals=0, name=None):
    """round($self, decimals=0, name=None)

    Elementwise rounding, halves to even, to `decimals` decimals (Paddle's and NumPy's
    Tensor.round; xarray calls it)."""
    return _round_decimals(self, decimals)


def tensor_ravel(self):
    """t.ravel(): the elements as a 1-d tensor (a view when the strides allow), in C order."""
    return _C.reshape(self, (-1,))


def install(tensor_type) -> None:
    """Attach the protocols above to the C Tensor type."""
    tensor_type.__format__ = tensor_format
    tensor_type.__round__ = tensor_round
    tensor_type.round = tensor_round_method
    tensor_type.ravel = tensor_ravel
