"""Paddle's functions that paddle_c writes in Python, as glue over its C operations: unique
(with Paddle's return_index / return_inverse / return_counts and axis), outer,
logspace, is_tensor, median and nanmedian (mode='min' with an axis gives values and indices),
and Paddle's names inverse, dot, ravel, tolist, assign and to_dlpack; and the Tensor methods
take, to and item(*index) (install()); no_grad comes from the autograd module.

All are exported by `paddle_c` and by `paddle_c.paddle`: none conflicts with the standard.
"""

from __future__ import annotations

from . import _C
from ._autograd import no_grad  # noqa: F401  (Paddle's; with the rest of autograd)

__all__ = ["assign", "dot", "inverse", "is_tensor", "logspace", "median", "nanmedian",
           "no_grad", "outer", "ravel", "to_dlpack", "tolist", "unique"]


def _index_dtype(dtype):
    dt = _C.int64 if dtype is None else dtype
    if isinstance(dt, str):
        dt = getattr(_C, dt, None)
    if dt not in (_C.int32, _C.int64):
        raise TypeError(f"unique: dtype must be int32 or int64, not {dtype!r}")
    return dt


def _unique_rows(rows):
    """Unique rows of a 2-D tensor, in lexicographic order: (order of the first occurrences,
    group id of every row, the first row of each group (a bool mask over the sorted rows),
    the sorted rows)."""
    n, k = rows.shape
    order = _C.arange(n, device=rows.device)
    # a stable sort by each column, the last first, is a lexicographic sort
    for c in range(k - 1, -1, -1):
        col = _C.take(rows[:, c], order)
        order = _C.take(order, _C.argsort(col, stable=True))
    ranked = _C.take(rows, order, axis=0)
    starts = _C.ones((n,), dtype=_C.bool, device=rows.device)
    if n > 1:
        starts[1:] = _C.any(_C.not_equal(ranked[1:], ranked[:-1]), axis=1)
    group = _C.cumulative_sum(_C.astype(starts, _C.int64)) - 1
    return order, group, starts, ranked


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
           dtype="int64", sorted=True, name=None):
    """unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None,
    dtype='int64', sorted=True, name=None) -> Tensor or tuple (Paddle's unique)

    The sorted unique values of x (flattened when axis is None, else the unique slices along
    axis), and, as asked: the index of each value's first occurrence, the index into the result
    of every element (slice) of x, and how often each value occurs. The index tensors have
    `dtype` (int32 or int64). NaN values are all distinct. `sorted` is accepted for Paddle's
    signature; the result is always sorted, as Paddle's is.
    """
    t = x if isinstance(x, _C.Tensor) else _C.asarray(x)
    idt = _index_dtype(dtype)
    if axis is None:
        flat = _C.reshape(t, (-1,))
        values, index, inverse, counts = _C.unique_all(flat)
    else:
        ax = int(axis)
        if not -t.ndim <= ax < t.ndim:
            raise _C.AxisError(f"unique: axis {ax} is out of bounds for a tensor of "
                               f"{t.ndim} dimensions")
        moved = _C.moveaxis(t, ax, 0)
        n = moved.shape[0]
        rows = _C.reshape(moved, (n, -1))
        order, group, starts, ranked = _unique_rows(rows)
        inverse = _C.empty((n,), dtype=_C.int64, device=t.device)
        inverse[order] = group
        index = order[starts]
        first = _C.nonzero(starts)[0]
        counts = _C.diff(first, append=_C.asarray([n], device=t.device))
        shape = (first.shape[0],) + tuple(moved.shape[1:])
        values = _C.moveaxis(_C.reshape(ranked[starts], shape), 0, ax)
    extras = [r for r, want in ((index, return_index), (inverse, return_inverse),
                                (counts, return_counts)) if want]
    if not extras:
        return values
    return (values,) + tuple(_C.astype(r, idt) for r in extras)


def outer(x, y, name=None):
    """outer(x, y, name=None) -> Tensor

    The outer product of x and y, each flattened first (Paddle's and NumPy's outer).
    """
    tx = x if isinstance(x, _C.Tensor) else _C.asarray(x)
    ty = y if isinstance(y, _C.Tensor) else _C.asarray(y)
    return _C._linalg_outer(_C.reshape(tx, (-1,)), _C.reshape(ty, (-1,)))


def is_tensor(x) -> bool:
    """is_tensor(x) -> bool: whether x is a paddle_c Tensor."""
    return isinstance(x, _C.Tensor)


def logspace(start, stop, num, base=10.0, dtype=None, name=None, *, device=None,
             endpoint=True):
    """logspace(start, stop, num, base=10.0, dtype=None, name=None, *, device=None,
    endpoint=True) -> Tensor (Paddle's logspace, with NumPy's endpoint=)

    `num` values from base**start to base**stop, evenly spaced in the exponent: base raised to
    linspace(start, stop, num, endpoint=endpoint). The dtype is `dtype`, or the default
    floating dtype; an integer dtype truncates values computed in float64.
    """
    floating = dtype is None or _C.isdtype(_C.result_type(dtype),
                                            ("real floating", "complex floating"))
    exps = _C.linspace(start, stop, num, dtype=dtype if floating else _C.float64,
                       device=device, endpoint=endpoint)
    values = _C.pow(base, exps)
    return values if floating else _C.astype(values, dtype)


def _tensor(x):
    return x if isinstance(x, _C.Tensor) else _C.asarray(x)


def _median_axes(t, axis, name):
    """The axes of a median as a tuple, or None for all; a list or tuple only for nanmedian
    (Paddle's median takes one axis)."""
    if axis is None:
        return None
    if isinstance(axis, (list, tuple)):
        if name == "median":
            raise ValueError("median: axis must be an int or None (nanmedian takes a list of "
                             f"axes), not {axis!r}")
        axes = tuple(int(a) for a in axis)
    else:
        axes = (int(axis),)
    out = []
    for a in axes:
        if not -t.ndim <= a < max(t.ndim, 1):
            raise _C.AxisError(f"{name}: axis {a} is out of bounds for a tensor of "
                               f"{t.ndim} dimensions")
        out.append(a % t.ndim if t.ndim else 0)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: repeated axis in {axis!r}")
    return tuple(out)


def _lower_median_with_index(t, axis, keepdim, skip_nan):
    """(values, indices) of the lower median along one axis. A NaN gives NaN and the index of
    the first NaN (median) or is skipped (nanmedian; an all-NaN slice gives NaN and -1)."""
    moved = _C.moveaxis(t, axis, -1) if t.ndim else _C.reshape(t, (1,))
    n = moved.shape[-1]
    if n == 0:  # an empty lane: the C median's value (NaN, or 0 for integers) and index -1
        values = _C.median(t, axis, keepdim, "min")
        return values, _C.full(tuple(values.shape), -1, dtype=_C.int64, device=t.device)
    order = _C.argsort(moved, axis=-1, stable=True)  # NaN sorts last
    nan = _C.isnan(moved)
    floating = _C.isdtype(t.dtype, ("real floating", "complex floating"))
    if skip_nan:
        count = n - _C.sum(_C.astype(nan, _C.int64), axis=-1, keepdims=True)
    else:
        count = _C.full(tuple(moved.shape[:-1]) + (1,), n, dtype=_C.int64, device=t.device)
    k = _C.clip((count - 1) // 2, 0, max(n - 1, 0))
    index = _C.take_along_axis(order, k, axis=-1)
    values = _C.take_along_axis(moved, index, axis=-1)
    if skip_nan:
        index = _C.where(count == 0, _C.full_like(index, -1), index)
    elif floating:
        has_nan = _C.any(nan, axis=-1, keepdims=True)
        first_nan = _C.argmax(_C.astype(nan, _C.int8), axis=-1, keepdims=True)
        index = _C.where(has_nan, first_nan, index)
        values = _C.where(has_nan, _C.full_like(values, float("nan")), values)
    if not keepdim or not t.ndim:
        values, index = values[..., 0], index[..., 0]
    else:
        values, index = _C.moveaxis(values, -1, axis), _C.moveaxis(index, -1, axis)
    return values, index


def _median(name, x, axis, keepdim, mode, keepdims):
    if keepdims is not None:  # the standard's spelling, as kwaliases.def gives the C functions
        keepdim = keepdims
    if axis is None or (mode == "avg" and type(axis) is int):
        return getattr(_C, name)(x, axis, keepdim, mode)  # the C function's own case
    t = _tensor(x)
    if mode not in ("avg", "min"):
        raise ValueError(f"{name}: mode must be 'avg' or 'min', not {mode!r}")
    axes = _median_axes(t, axis, name)
    c_median = getattr(_C, name)
    if axes is None:
        return c_median(t, None, keepdim, mode)
    if len(axes) == 1:
        if mode == "min":
            return _lower_median_with_index(t, axes[0], keepdim, name == "nanmedian")
        return c_median(t, axes[0], keepdim, mode)
    # several axes (nanmedian): the median of the slices they span, values only (Paddle's)
    rest = [a for a in range(t.ndim) if a not in axes]
    flat = _C.reshape(_C.permute_dims(t, tuple(rest) + axes),
                      tuple(t.shape[a] for a in rest) + (-1,))
    r = c_median(flat, -1, False, mode)
    if keepdim:
        r = _C.reshape(r, tuple(1 if a in axes else t.shape[a] for a in range(t.ndim)))
    return r


def median(x, axis=None, keepdim=False, mode="avg", name=None, *, keepdims=None):
    """median(x, axis=None, keepdim=False, mode='avg', name=None) -> Tensor or (values,
    indices) (Paddle's median)

    The median of x (all elements, or along one axis): the mean of the two middle values
    ('avg') or the lower one ('min'). With mode='min' and an axis, also the index of each
    median. A slice holding NaN gives NaN (and the index of its first NaN).
    """
    return _median("median", x, axis, keepdim, mode, keepdims)


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None, *, keepdims=None):
    """nanmedian(x, axis=None, keepdim=False, mode='avg', name=None) -> Tensor or (values,
    indices) (Paddle's nanmedian)

    The median of the values of x that are not NaN: all, along one axis, or over a list of
    axes. With mode='min' and one axis, also the index of each median (-1 for a slice of
    NaN alone).
    """
    return _median("nanmedian", x, axis, keepdim, mode, keepdims)


def inverse(x, name=None):
    """inverse(x, name=None) -> Tensor: the inverse of each matrix (paddle_c.linalg.inv)."""
    return _C._linalg_inv(x)


def dot(x, y, name=None):
    """dot(x, y, name=None) -> Tensor: the inner product of 1-D tensors (0-D), or row by row
    of 2-D tensors (1-D); no conjugation, in the operands' promoted dtype."""
    tx, ty = _tensor(x), _tensor(y)
    if not 1 <= tx.ndim <= 2 or tx.shape != ty.shape:
        raise ValueError(f"dot: x and y must be 1-D or 2-D tensors of one shape, not "
                         f"{list(tx.shape)} and {list(ty.shape)}")
    prod = _C.multiply(tx, ty)
    return _C.sum(prod, axis=-1, dtype=prod.dtype)


def ravel(input):
    """ravel(input) -> Tensor: input flattened to 1-D (a view when the layout allows)."""
    return _C.reshape(_tensor(input), (-1,))


def tolist(x):
    """tolist(x) -> list: x's elements as nested Python lists (x.tolist())."""
    return _tensor(x).tolist()


_NUMPY_WIDTH = {"float32": "float64", "complex64": "complex128"}


def assign(x, output=None):
    """assign(x, output=None) -> Tensor: a copy of x. A Python scalar becomes a 1-D tensor of
    one element and Python data takes NumPy's dtypes (float64 for floats), as in Paddle; a
    tensor or a NumPy array keeps its dtype. With `output`, written into it and returned."""
    if isinstance(x, _C.Tensor):
        src = _C.asarray(x, copy=True)
    else:
        data = [x] if isinstance(x, (bool, int, float, complex)) else x
        src = _C.asarray(data, copy=True)
        wide = _NUMPY_WIDTH.get(str(src.dtype).rsplit(".", 1)[-1])
        if wide is not None and isinstance(data, (list, tuple)):
            src = _C.asarray(data, dtype=getattr(_C, wide))
    if output is None:
        return src
    output[...] = src
    return output


def to_dlpack(x):
    """to_dlpack(x) -> PyCapsule: x as a DLPack capsule (x.__dlpack__())."""
    return _tensor(x).__dlpack__()


def _take_method(self, index, mode="raise", name=None):
    """x.take(index, mode='raise', name=None) -> Tensor: Paddle's take on the flattened x."""
    from ._paddle_forms import take
    return take(self, index, mode)


def _to_method(self, *args, **kwargs):
    """x.to(device=None, dtype=None, blocking=None) -> Tensor: x on `device` (a place or a
    string) and of `dtype`, in either order, or like another tensor (x.to(y)); x itself when
    nothing changes."""
    device = kwargs.pop("device", None)
    dtype = kwargs.pop("dtype", None)
    kwargs.pop("blocking", None)
    kwargs.pop("non_blocking", None)
    kwargs.pop("copy", None)
    if kwargs:
        raise TypeError(f"to() got an unexpected keyword argument {next(iter(kwargs))!r}")
    for a in args:
        if isinstance(a, _C.Tensor):
            device, dtype = a.device, a.dtype
        elif isinstance(a, _C.Device):
            device = a
        elif isinstance(a, _C.dtype) or (isinstance(a, str) and _is_dtype_name(a)):
            dtype = a
        elif isinstance(a, str):
            device = a
        elif isinstance(a, bool) or a is None:
            continue  # Paddle's positional blocking
        else:
            raise TypeError(f"to(): cannot move a tensor to {a!r}")
    out = self
    if device is not None:
        out = out.to_device(device)
    if dtype is not None:
        out = _C.astype(out, dtype, copy=False)
    return out


def _is_dtype_name(s):
    return isinstance(getattr(_C, s, None), _C.dtype)


_c_item = _C.Tensor.item  # the C method: the one element of a tensor of size 1


def _item_method(self, *index):
    """x.item(*index) -> Python scalar: the one element of x, or with one index the element
    at that flat position, or with one index per axis the element there."""
    if not index:
        return _c_item(self)
    if len(index) == 1:
        i = int(index[0])
        if not 0 <= i < self.size:
            raise ValueError(f"item: index {i} is out of range for a tensor of {self.size} "
                             "elements")
        return _c_item(_C.reshape(self, (-1,))[i])
    return _c_item(self[index])


def install(tensor_type) -> None:
    """Paddle's Tensor methods written here: unique, median, nanmedian, take, to, item."""
    tensor_type.unique = unique
    tensor_type.item = _item_method
    tensor_type.take = _take_method
    tensor_type.to = _to_method
    tensor_type.median = median
    tensor_type.nanmedian = nanmedian
