"""One axis rule (csrc/core/axis.c): every function that takes an axis raises paddle_c.AxisError
for an axis out of range (or repeated where axes must be distinct), and AxisError is both a
ValueError (what NumPy's and Paddle's code catches) and an IndexError (what the array API
standard's tests expect for some functions), like numpy.exceptions.AxisError."""

from __future__ import annotations

import numpy as np
import pytest

import paddle_c as pc

X = pc.asarray(np.arange(6.0).reshape(2, 3))
I = pc.asarray([0, 1], dtype=pc.int64)

# name -> a call with an axis out of range for the 2-D X (or a repeated axis)
CALLS = {
    "sum": lambda: pc.sum(X, axis=2),
    "sum_repeated": lambda: pc.sum(X, axis=(0, 0)),
    "prod": lambda: pc.prod(X, axis=-3),
    "mean": lambda: pc.mean(X, axis=5),
    "max": lambda: pc.max(X, axis=2),
    "min": lambda: pc.min(X, axis=-3),
    "std": lambda: pc.std(X, axis=2),
    "var": lambda: pc.var(X, axis=2),
    "any": lambda: pc.any(X, axis=2),
    "all": lambda: pc.all(X, axis=2),
    "logsumexp": lambda: pc.logsumexp(X, axis=2),
    "count_nonzero": lambda: pc.count_nonzero(X, axis=2),
    "argmax": lambda: pc.argmax(X, axis=2),
    "argmin": lambda: pc.argmin(X, axis=-3),
    "cumulative_sum": lambda: pc.cumulative_sum(X, axis=2),
    "cumulative_prod": lambda: pc.cumulative_prod(X, axis=-3),
    "cumsum": lambda: pc.cumsum(X, axis=2),
    "diff": lambda: pc.diff(X, axis=2),
    "sort": lambda: pc.sort(X, axis=2),
    "argsort": lambda: pc.argsort(X, axis=-3),
    "topk": lambda: pc.topk(X, 1, axis=2),
    "kthvalue": lambda: pc.kthvalue(X, 1, axis=2),
    "median": lambda: pc.median(X, axis=2),
    "take": lambda: pc.take(X, I, axis=2),
    "take_along_axis": lambda: pc.take_along_axis(X, pc.zeros((2, 1), dtype=pc.int64), axis=2),
    "expand_dims": lambda: pc.expand_dims(X, axis=3),
    "squeeze": lambda: pc.squeeze(X, axis=2),
    "flip": lambda: pc.flip(X, axis=2),
    "flip_repeated": lambda: pc.flip(X, axis=(0, -2)),
    "moveaxis": lambda: pc.moveaxis(X, 2, 0),
    "roll": lambda: pc.roll(X, 1, axis=2),
    "concat": lambda: pc.concat([X, X], axis=2),
    "stack": lambda: pc.stack([X, X], axis=3),
    "unstack": lambda: pc.unstack(X, axis=2),
    "split": lambda: pc.split(X, 2, axis=2),
    "repeat": lambda: pc.repeat(X, 2, axis=2),
    "vecdot": lambda: pc.vecdot(X, X, axis=-3),
    "tensordot": lambda: pc.tensordot(X, X, axes=([2], [0])),
    "fft": lambda: pc.fft.fft(X, axis=2),
    "fftn_repeated": lambda: pc.fft.fftn(X, axes=(0, 0)),
    "rfft": lambda: pc.fft.rfft(X, axis=-3),
    "fftshift": lambda: pc.fft.fftshift(X, axes=2),
    "unique": lambda: pc.unique(X, axis=2),
}


def test_axis_error_is_value_and_index_error():
    assert issubclass(pc.AxisError, ValueError)
    assert issubclass(pc.AxisError, IndexError)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_axis_raises_axis_error(name):
    for caught in (pc.AxisError, ValueError, IndexError):
        with pytest.raises(caught, match="axis|axes") as info:
            CALLS[name]()
        assert type(info.value) is pc.AxisError
