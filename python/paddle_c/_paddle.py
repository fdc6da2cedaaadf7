"""Paddle's functions that paddle_c writes in Python, as glue over its C operations: unique
(with Paddle's return_index / return_inverse / return_counts and axis), no_grad, outer and
is_tensor.

Both are exported by `paddle_c` and by `paddle_c.paddle`: neither conflicts with the standard.
"""

from __future__ import annotations

import functools

from . import _C

__all__ = ["is_tensor", "no_grad", "outer", "unique"]


class no_grad:
    """no_grad() -> a context manager and function decorator (Paddle's).

    paddle_c records no gradients (it has no autograd), so inside `with paddle.no_grad():` and in
    functions decorated with `@paddle.no_grad()` everything runs exactly as outside. It exists so
    that Paddle code runs unchanged.
    """

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> bool:
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)

        return wrapper


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
