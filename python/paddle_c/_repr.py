"""Paddle-style printing of tensors.

    Tensor(shape=[2, 3], dtype=float32, place=Place(cpu),
           [[1., 2., 3.],
            [4., 5., 6.]])

Values are formatted like NumPy's (a common width per tensor, floats with the shortest
precision that shows them, summarised with '...' beyond 1,000 elements).
"""

from __future__ import annotations

_THRESHOLD = 1000
_EDGE = 3


def _format_float(v: float, precision: int = 8) -> str:
    if v != v:
        return "nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    if v == int(v) and abs(v) < 1e16:
        return f"{int(v)}." if v != 0 or str(v)[0] != "-" else "-0."
    s = f"{v:.{precision}g}"
    return s


def _format_scalar(v, kind: str) -> str:
    if kind == "b":
        return "True" if v else "False"
    if kind in ("i", "u"):
        return str(v)
    if kind == "c":
        re, im = _format_float(v.real), _format_float(abs(v.imag))
        sign = "-" if (v.imag < 0 or (v.imag == 0 and str(v.imag)[0] == "-")) else "+"
        return f"{re}{sign}{im}j"
    return _format_float(v)


def _summarise(values, summarise: bool):
    if summarise and len(values) > 2 * _EDGE:
        return values[:_EDGE] + [...] + values[-_EDGE:]
    return values


def _collect(lst, depth: int, ndim: int, summarise: bool, out: list):
    if depth == ndim:
        out.append(lst)
        return
    for item in _summarise(list(lst), summarise):
        if item is ...:
            continue
        _collect(item, depth + 1, ndim, summarise, out)


def _render(lst, depth: int, ndim: int, fmt, width: int, indent: int, summarise: bool) -> str:
    if depth == ndim:
        return fmt(lst).rjust(width)
    items = _summarise(list(lst), summarise)
    parts = []
    for item in items:
        if item is ...:
            parts.append("...")
        else:
            parts.append(_render(item, depth + 1, ndim, fmt, width, indent + 1, summarise))
    if depth == ndim - 1:
        return "[" + ", ".join(parts) + "]"
    sep = "," + "\n" * (ndim - depth - 1) + " " * (indent + 1)
    return "[" + sep.join(parts) + "]"


def format_values(t, indent: int) -> str:
    """The values of tensor `t` as nested brackets, continuation lines indented by `indent`."""
    if t.device.type != "cpu":
        t = t.to_device("cpu")
    kind = t.dtype.kind
    if t.dtype.name == "bfloat16" or t.dtype.name == "float16":
        t = t.astype(_float32())
    lst = t.tolist()
    ndim = t.ndim
    summarise = t.size > _THRESHOLD
    flat: list = []
    _collect(lst, 0, ndim, summarise, flat)
    fmt = lambda v: _format_scalar(v, kind)  # noqa: E731
    width = max((len(fmt(v)) for v in flat), default=0)
    if ndim == 0:
        return fmt(lst)
    return _render(lst, 0, ndim, fmt, width, indent, summarise)


def _float32():
    from . import _C

    return _C.float32


def tensor_repr(t) -> str:
    head = f"Tensor(shape={list(t.shape)}, dtype={t.dtype.name}, place=Place({t.device}),"
    body = format_values(t, 7)
    return f"{head}\n       {body})"


def tensor_str(t) -> str:
    return tensor_repr(t)


def install(tensor_type) -> None:
    """Attach __repr__ and __str__ to the C Tensor type."""
    tensor_type.__repr__ = tensor_repr
    tensor_type.__str__ = tensor_str
