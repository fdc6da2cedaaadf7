"""Paddle-style printing of tensors.

    Tensor(shape=[2, 3], dtype=float32, place=Place(cpu),
           [[1., 2., 3.],
            [4., 5., 6.]])

Values are formatted the way NumPy (and hence Paddle) formats them: floats with the fewest
digits that identify each value in its dtype (at most 8 after the point), a common layout per
tensor (positional, or scientific when magnitudes span more than 1e3 or leave [1e-4, 1e8)),
columns aligned on the decimal point, and a summary with '...' beyond 1,000 elements.
"""

from __future__ import annotations

import itertools
import math
import struct

from . import _C

_THRESHOLD = 1000
_EDGE = 3
_PRECISION = 8


# the real dtype of each dtype (complex64 -> float32), from the extension's dtype list
_REAL_OF = {name: real for name, _kind, _size, real in _C._dtype_table()}


def _round_trip(v: float, name: str) -> float:
    """v rounded to the dtype `name` (as a Python float; a complex dtype: to its real dtype)."""
    name = _REAL_OF[name]
    if name == "float32":
        return struct.unpack("f", struct.pack("f", v))[0]
    if name == "float16":
        try:
            return struct.unpack("e", struct.pack("e", v))[0]
        except OverflowError:
            return math.copysign(math.inf, v)
    if name == "bfloat16":
        bits = struct.unpack("I", struct.pack("f", _round_trip(v, "float32")))[0]
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
        return struct.unpack("f", struct.pack("I", bits))[0]
    return v


def _digits(v: float, name: str, sci: bool) -> str:
    """The shortest string of `v` (positional or scientific) that reads back as `v`."""
    for p in range(1, 18):
        s = f"{v:.{p - 1}e}" if sci else f"{v:.{p}g}"
        if _round_trip(float(s), name) == v:
            break
    if sci:
        return s
    if "e" in s:  # %g chose exponent form: write it positionally
        s = f"{v:.{_PRECISION}f}".rstrip("0")
    return s


class _FloatFormat:
    def __init__(self, values, name):
        finite = [abs(v) for v in values if math.isfinite(v)]
        nonzero = [v for v in finite if v != 0]
        self.name = name
        self.sci = False
        if nonzero:
            mx, mn = max(nonzero), min(nonzero)
            self.sci = mx >= 1e8 or mn < 1e-4 or mx / mn > 1e3
        self.integral = (not self.sci) and all(float(v).is_integer() for v in finite)
        self.frac = 0
        self.mant = 0
        for v in finite:
            if self.sci:
                m = _digits(v, name, True).split("e")[0]
                self.mant = max(self.mant, len(m.split(".")[1]) if "." in m else 0)
            elif not self.integral:
                s = _digits(v, name, False)
                self.frac = max(self.frac, len(s.split(".")[1]) if "." in s else 0)
        self.frac = min(self.frac, _PRECISION)
        self.mant = min(self.mant, _PRECISION)

    def __call__(self, v: float) -> str:
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if self.sci:
            s = f"{v:.{self.mant}e}"
            return s if self.mant else s.replace("e", ".e", 1)
        if self.integral:
            return f"{v:.0f}."
        s = f"{v:.{self.frac}f}"
        # NumPy pads the unused trailing digits with spaces, not zeros
        exact = _digits(v, self.name, False)
        if "." in exact and len(exact.split(".")[1]) < self.frac and "e" not in exact:
            keep = len(exact.split(".")[1])
            s = s[: len(s) - (self.frac - keep)] + " " * (self.frac - keep)
        elif "." not in exact:
            s = s.split(".")[0] + "." + " " * self.frac
        return s


def _flatten(lst, depth, ndim, out):
    if depth == ndim:
        out.append(lst)
    else:
        for item in lst:
            _flatten(item, depth + 1, ndim, out)


# [Why printing gathers the shown elements on the tensor's device] A summarised tensor shows
# at most 2 * _EDGE entries of each axis, so printing reads only those: the corner blocks
# (each axis whole, or its first and last _EDGE entries) are copied into one small tensor on
# the tensor's own device, which alone goes to the host. Printing a broadcast view of 2**40
# elements, or a device tensor of gigabytes, then costs what printing a small one does. A
# device without a copy kernel for the dtype gets its shown elements one by one (a single
# element is always contiguous, so its transfer needs no kernel).


def _parts(n: int, cut: bool):
    """The (source, destination) slices that make up one axis of the shown tensor."""
    if not cut:
        return ((slice(None), slice(None)),)
    return ((slice(0, _EDGE), slice(0, _EDGE)),
            (slice(n - _EDGE, n), slice(_EDGE, 2 * _EDGE)))


def _gathered(t, cut):
    """The shown elements of `t` as one small tensor on t's device."""
    shape = tuple(2 * _EDGE if c else n for n, c in zip(t.shape, cut))
    out = _C.empty(shape, dtype=t.dtype, device=t.device)
    for parts in itertools.product(*(_parts(n, c) for n, c in zip(t.shape, cut))):
        out[tuple(d for _, d in parts)] = t[tuple(s for s, _ in parts)]
    return out


def _one_by_one(t, cut):
    """The nested lists of the shown elements, each element read with its own transfer."""
    def rec(sub, depth):
        if depth == t.ndim:
            return sub.item()
        n = sub.shape[0]
        rows = [*range(_EDGE), *range(n - _EDGE, n)] if cut[depth] else range(n)
        return [rec(sub[i], depth + 1) for i in rows]

    return rec(t, 0)


def _with_ellipses(lst, depth, cut):
    """`lst` (the shown elements) with ... between the halves of each cut axis."""
    if depth == len(cut):
        return lst
    items = [_with_ellipses(item, depth + 1, cut) for item in lst]
    return [*items[:_EDGE], ..., *items[_EDGE:]] if cut[depth] else items


def _summarised(t):
    """(nested lists of the elements shown, the same with ... where an axis is cut).

    NumPy's summary: beyond _THRESHOLD elements, every axis longer than 2 * _EDGE shows its
    first and last _EDGE entries only. An empty tensor prints its nesting of empty lists
    (`[[], []]` for shape (2, 0)), summarised the same way by their number."""
    zero = t.shape.index(0) if 0 in t.shape else t.ndim
    shown = math.prod(t.shape[:zero])
    cut = [shown > _THRESHOLD and n > 2 * _EDGE for n in t.shape]
    try:
        lst = (_gathered(t, cut) if any(cut) else t).tolist()
    except NotImplementedError:  # the device has no copy kernel for this dtype
        lst = _one_by_one(t, cut)
    return lst, _with_ellipses(lst, 0, cut)


def _render(lst, depth, ndim, fmt, width, indent):
    if depth == ndim:
        return "..." if lst is ... else fmt(lst).rjust(width)
    if lst is ...:
        return "..."
    parts = [_render(item, depth + 1, ndim, fmt, width, indent + 1) for item in lst]
    if depth == ndim - 1:
        return "[" + ", ".join(parts) + "]"
    sep = "," + "\n" * (ndim - depth - 1) + " " * (indent + 1)
    return "[" + sep.join(parts) + "]"


def format_values(t, indent: int) -> str:
    """The values of tensor `t` as nested brackets, continuation lines indented by `indent`."""
    kind, name = t.dtype.kind, t.dtype.name
    values, lst = _summarised(t)
    flat: list = []
    _flatten(values, 0, t.ndim, flat)
    if kind == "b":
        fmt = lambda v: "True" if v else "False"  # noqa: E731
    elif kind in "iu":
        fmt = str
    elif kind == "f":
        fmt = _FloatFormat(flat, name)
    else:
        re_fmt = _FloatFormat([v.real for v in flat], name)
        im_fmt = _FloatFormat([abs(v.imag) for v in flat], name)

        def fmt(v):
            sign = "-" if math.copysign(1.0, v.imag) < 0 else "+"
            return f"{re_fmt(v.real)}{sign}{im_fmt(abs(v.imag)).strip()}j"

    width = max((len(fmt(v)) for v in flat), default=0)
    if t.ndim == 0:
        return fmt(lst)
    return _render(lst, 0, t.ndim, fmt, width, indent)


def tensor_repr(t) -> str:
    head = f"Tensor(shape={list(t.shape)}, dtype={t.dtype.name}, place=Place({t.device}),"
    return f"{head}\n       {format_values(t, 7)})"


def install(tensor_type) -> None:
    """Attach __repr__ and __str__ to the C Tensor type."""
    tensor_type.__repr__ = tensor_repr
    tensor_type.__str__ = tensor_repr
