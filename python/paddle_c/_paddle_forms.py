"""Paddle's form of functions whose Paddle signature conflicts with the standard's (so they live
in `paddle_c.paddle` only, over the standard's functions of `paddle_c`):

- `meshgrid(*args, indexing='ij')`: Paddle's default indexing is 'ij' (the standard's 'xy');
  the tensors may come as one list;
- `zeros`, `ones`, `full`, `empty`: the shape may be a tensor (a 0-D one is one extent);
- `bitwise_left_shift`, `bitwise_right_shift(x, y, is_arithmetic=True)`: False shifts the
  bits as unsigned (a logical shift);
- `searchsorted(sorted_sequence, values, out_int32=False, right=False)`, the sequence batched
  (N-D: one sorted row per row of values) too;
- `take(x, index, mode='raise')`: indices into the flattened x; 'wrap' and 'clip' bring
  the out-of-range ones into range;
- `take_along_axis(arr, indices, axis, broadcast=True)`: the axis positional;
- `isin(x, test_x, assume_unique=False, invert=False)`;
- `tensordot(x, y, axes=2)` with Paddle's list forms of `axes`;
- `cross(x, y, axis=9)`, `eigvalsh(x, UPLO='L')`: Paddle's (paddle_c.paddle.linalg's).
"""

from __future__ import annotations

from . import _C
from . import _paddle_linalg
from ._paddle_linalg import eigvalsh  # noqa: F401  (Paddle has it at the top level too)

__all__ = ["bitwise_left_shift", "bitwise_right_shift", "cross", "eigvalsh", "empty", "full",
           "isin", "meshgrid", "ones", "searchsorted", "take", "take_along_axis", "tensordot",
           "zeros"]


def _operand(value, like):
    """value as a tensor: a tensor as it is (on its own device: a mismatch raises in the
    operation), other data made on `like`'s device."""
    return value if isinstance(value, _C.Tensor) else _C.asarray(value, device=like.device)


def meshgrid(*args, **kwargs):
    """meshgrid(*args, indexing='ij', name=None) -> list of Tensor: Paddle's default indexing
    is 'ij' (the first tensor varies along axis 0); the tensors may also come as one list or
    tuple."""
    indexing = kwargs.pop("indexing", None) or "ij"
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"meshgrid() got an unexpected keyword argument {next(iter(kwargs))!r}")
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = tuple(args[0])
    return list(_C.meshgrid(*args, indexing=indexing))


def _shape(shape):
    """A shape given as a tensor: its values (a 0-D tensor is one extent)."""
    if isinstance(shape, _C.Tensor):
        values = shape.tolist()
        return [values] if shape.ndim == 0 else values
    return shape


def zeros(shape, dtype=None, name=None, *, device=None):
    """zeros(shape, dtype=None, name=None, *, device=None) -> Tensor (shape may be a tensor)."""
    return _C.zeros(_shape(shape), dtype, device=device)


def ones(shape, dtype=None, name=None, *, device=None):
    """ones(shape, dtype=None, name=None, *, device=None) -> Tensor (shape may be a tensor)."""
    return _C.ones(_shape(shape), dtype, device=device)


def empty(shape, dtype=None, name=None, *, device=None):
    """empty(shape, dtype=None, name=None, *, device=None) -> Tensor (shape may be a tensor)."""
    return _C.empty(_shape(shape), dtype, device=device)


def full(shape, fill_value, dtype=None, name=None, *, device=None):
    """full(shape, fill_value, dtype=None, name=None, *, device=None) -> Tensor (shape may be
    a tensor)."""
    return _C.full(_shape(shape), fill_value, dtype, device=device)


_UNSIGNED = {"int8": _C.uint8, "int16": _C.uint16, "int32": _C.uint32, "int64": _C.uint64}


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None):
    """bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None) -> Tensor: x << y
    (the same bits either way)."""
    return _shift(_C.bitwise_left_shift, x, y, is_arithmetic, out)


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None):
    """bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None) -> Tensor: x >> y,
    copying the sign bit (arithmetic) or shifting in zeros (is_arithmetic=False)."""
    return _shift(_C.bitwise_right_shift, x, y, is_arithmetic, out)


def _shift(op, x, y, is_arithmetic, out):
    x = _C.asarray(x)
    unsigned = None if is_arithmetic else _UNSIGNED.get(str(x.dtype).rsplit(".", 1)[-1])
    if unsigned is None:
        r = op(x, y)
    else:
        y = _operand(y, x)
        r = _C.astype(op(_C.astype(x, unsigned), _C.astype(y, unsigned)), x.dtype)
    if out is not None:
        out[...] = r
        return out
    return r


def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None, *,
                 side=None, sorter=None):
    """searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None) ->
    Tensor: where each value would go in the (innermost, batched) sorted sequence; right=True
    (or side='right') gives the index past equal elements."""
    side = side or ("right" if right else "left")
    seq = _C.asarray(sorted_sequence)
    if seq.ndim <= 1:
        r = _C.searchsorted(seq, values, side=side, sorter=sorter)
    else:
        r = _batched_searchsorted(seq, _operand(values, seq), side, sorter)
    return _C.astype(r, _C.int32) if out_int32 else r


def _batched_searchsorted(seq, values, side, sorter):
    """searchsorted along the last axis of an N-D sorted sequence, one row per row of values:
    the number of elements ordered before each value (NaN sorts last, as in sort)."""
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', not {side!r}")
    if tuple(seq.shape[:-1]) != tuple(values.shape[:-1]):
        raise ValueError(f"searchsorted: the sorted sequence {list(seq.shape)} and the values "
                         f"{list(values.shape)} must agree on every axis but the last")
    if sorter is not None:
        seq = _C.take_along_axis(seq, _operand(sorter, seq), axis=-1)
    a = _C.expand_dims(seq, axis=-2)       # [..., 1, M]
    v = _C.expand_dims(values, axis=-1)    # [..., K, 1]
    if _C.isdtype(_C.result_type(a, v), ("real floating", "complex floating")):
        a_nan, v_nan = _C.isnan(a), _C.isnan(v)
        before = (a < v) | (~a_nan & v_nan) if side == "left" else (a <= v) | v_nan
    else:
        before = a < v if side == "left" else a <= v
    return _C.sum(_C.astype(before, _C.int64), axis=-1)


def take(x, index, mode="raise", name=None):
    """take(x, index, mode='raise', name=None) -> Tensor: the elements of the flattened x at
    `index`, shaped like index. 'raise': negative indices count from the end and others out of
    range raise IndexError; 'wrap': indices are taken modulo the size; 'clip': clamped to
    [0, size - 1]."""
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"take: mode must be 'raise', 'wrap' or 'clip', not {mode!r}")
    x = _C.reshape(_C.asarray(x), (-1,))
    index = _C.asarray(index)
    n = x.shape[0]
    if mode == "wrap" and n > 0:
        index = _C.remainder(index, n)
    elif mode == "clip" and n > 0:
        index = _C.clip(index, 0, n - 1)
    return _C.reshape(_C.take(x, _C.reshape(index, (-1,))), index.shape)


def take_along_axis(arr, indices, axis, broadcast=True):
    """take_along_axis(arr, indices, axis, broadcast=True) -> Tensor: the elements of arr at
    `indices` along `axis` (positional, as in Paddle); with broadcast, indices broadcast
    against arr on the other axes."""
    arr = _C.asarray(arr)
    indices = _operand(indices, arr)
    axis = int(axis)
    if not broadcast and indices.ndim == arr.ndim and -arr.ndim <= axis < arr.ndim:
        # Paddle's broadcast=False: the other axes are cut to the indices' extents
        ax = axis % arr.ndim
        arr = arr[tuple(slice(None) if i == ax else slice(0, n)
                        for i, n in enumerate(indices.shape))]
    return _C.take_along_axis(arr, indices, axis=axis)


def isin(x, test_x, assume_unique=False, invert=False, name=None):
    """isin(x, test_x, assume_unique=False, invert=False, name=None) -> Tensor: whether each
    element of x is in test_x (`assume_unique` is accepted; the result does not depend on
    it)."""
    return _C.isin(x, test_x, invert=invert)


def _tensordot_axes(axes):
    """Paddle's axes: an int, one sequence (the same axes of x and y), or two sequences (the
    shorter extended by the longer's tail)."""
    if isinstance(axes, _C.Tensor):
        axes = axes.tolist()
    if isinstance(axes, int) and not isinstance(axes, bool):
        return axes
    axes = list(axes)
    if not axes or isinstance(axes[0], int):
        ax, ay = list(axes), []
    else:
        ax = list(axes[0].tolist() if isinstance(axes[0], _C.Tensor) else axes[0])
        ay = list(axes[1].tolist() if isinstance(axes[1], _C.Tensor) else axes[1]) \
            if len(axes) > 1 else []
    if len(ax) < len(ay):
        ax += ay[len(ax):]
    else:
        ay += ax[len(ay):]
    return (ax, ay)


def tensordot(x, y, axes=2, name=None):
    """tensordot(x, y, axes=2, name=None) -> Tensor: contraction over `axes`: an int (the last
    axes of x with the first of y), one list (the same axes of both) or two lists (axes of x,
    axes of y; the shorter is extended by the longer's tail)."""
    return _C.tensordot(x, y, axes=_tensordot_axes(axes))


def cross(x, y, axis=9, name=None):
    """cross(x, y, axis=9, name=None) -> Tensor: Paddle's cross (see
    paddle_c.paddle.linalg.cross): without an axis, the first axis of extent 3."""
    return _paddle_linalg.cross(x, y, axis)
