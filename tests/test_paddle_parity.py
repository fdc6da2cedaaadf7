"""The same calls on PaddlePaddle 3.3.1 and on paddle_c, as a new user would make them.

Every call below (Paddle's own docstring examples, the everyday spellings, the promotion cases)
runs on the real `paddle` wheel and on both of paddle_c's namespaces: `paddle_c.paddle` (Paddle's
namespace, `import paddle_c.paddle as paddle`) and `paddle_c` (the standard's namespace). A
result must be Paddle's (dtype, shape, values; exception type), unless the call is a row of the
differences table in docs/paddle.md: then each of the table's result cells must be what that
library measurably gives, and the row must still be a difference. So the table is measured, not
remembered, and it lists every deliberate difference.

Paddle runs in a subprocess (its import takes seconds and changes process-wide state); the test
skips when the `paddle` package is not installed (`pip install -e .[paddle]`) and under the
sanitizer build. `python tests/test_paddle_parity.py` prints the counts (calls identical to
Paddle, documented differences, undocumented differences) and the measured table.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import pathlib
import pickle
import re
import subprocess
import sys
import tempfile

import numpy as np
import pytest

HERE = pathlib.Path(__file__).resolve().parent
DOC = HERE.parent / "docs" / "paddle.md"
SNIPPET_DOC = HERE.parent / "docs" / "coming_from_paddle.md"

# ---- inputs: NumPy arrays, made into tensors of each library by its own to_tensor -------------

_rng = np.random.default_rng(102)
INPUTS = {
    "x": np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32),
    "v": np.array([1.0, 2.0, 3.0], np.float32),
    "v4": np.array([1.0, 2.0, 3.0, 4.0], np.float32),
    "f64": np.array([1.0, 2.0, 3.0], np.float64),
    "i8": np.array([1, 2, 3], np.int8),
    "u8": np.array([1, 2, 3], np.uint8),
    "i16": np.array([1, 2, 3], np.int16),
    "i32": np.array([1, 2, 3], np.int32),
    "i64": np.array([1, 2, 3], np.int64),
    "b": np.array([True, False, True]),
    "m": np.arange(1, 13, dtype=np.int64).reshape(3, 4),
    "y": np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], np.int64),
    "sx": np.array([[0.2, 0.3, 0.5, 0.9], [0.1, 0.2, 0.6, 0.7]], np.float32),
    "mx": np.array([[0.2, 0.3, 0.5, 0.9], [0.1, 0.2, 0.6, 0.7]], np.float64),
    "my": np.array([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]], np.float64),
    "xb": np.array([[True, True, True, True], [False, False, False, False]]),
    "g": np.array([[5, 8, 9, 5], [0, 0, 1, 7], [6, 9, 2, 4]], np.int64),
    "mean3": np.arange(1, 25, dtype=np.float32).reshape(2, 3, 4),
    "img": np.arange(12, dtype=np.int64).reshape(3, 2, 2),
    "z131": np.zeros((1, 3, 1), np.float32),
    "z5110": _rng.random((5, 1, 10)).astype(np.float32),
    "r246": _rng.random((2, 4, 6)).astype(np.float32),
    "r3": np.arange(1, 10, dtype=np.float32).reshape(3, 3),
    "x1": np.array([[1, 2, 3], [4, 5, 6]], np.int64),
    "x2": np.array([[11, 12, 13], [14, 15, 16]], np.int64),
    "x3": np.array([[21, 22], [23, 24]], np.int64),
    "gx": np.array([[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]], np.int64),
    "s3": np.array([[1, 1], [2, 2], [3, 3]], np.float32),
    "idx": np.array([2, 1, 0, 1], np.int64),
    "upd": np.array([[1, 1], [2, 2], [3, 3], [4, 4]], np.float32),
    "nz": np.array([[1.0, 0, 0], [0, 2.0, 0], [0, 0, 3.0]], np.float32),
    "nz2": np.array([0.0, 1.0, 0.0, 3.0], np.float32),
    "u": np.array([2, 3, 3, 1, 5, 3], np.int64),
    "u2": np.array([[2, 1, 3], [3, 0, 1], [2, 1, 3]], np.int64),
    "e4": _rng.random(4).astype(np.float32),
    "e5": _rng.random(5).astype(np.float32),
    "A": _rng.random((2, 3, 2)).astype(np.float32),
    "B": _rng.random((2, 2, 3)).astype(np.float32),
    "sq": _rng.random((3, 3)).astype(np.float32),
    "cl": np.array([[1.2, 3.5], [4.5, 6.4]], np.float32),
    "wx": np.array([0.9383, 0.1983, 3.2, 1.2], np.float32),
    "wy": np.array([1.0, 1.0, 1.0, 1.0], np.float32),
    "big": np.array([-1.7, 2.7, 300.0], np.float32),
    "c64": np.array([1 + 1j, 2 - 1j], np.complex64),
}

# ---- the calls ------------------------------------------------------------------------------
#
# A call is an expression, or statements that leave the result in `out`. `paddle` is the
# library under test. The calls in PADDLE_ONLY are checked on Paddle's namespace only: what the
# standard's namespace does with them is shown once, by a row of the table, for the function.

CALLS = [
    # creation (docstring examples of to_tensor, arange, linspace, eye, full, tril, triu)
    "paddle.to_tensor([2, 3, 4], 'float64')",
    "paddle.to_tensor([[1, 2], [3, 4]])",
    "paddle.to_tensor(1.5)",
    "paddle.arange(5)",
    "paddle.arange(3, 9, 2.0)",
    "paddle.arange(4.999, dtype='float32')",
    "paddle.arange(paddle.to_tensor(3), 7)",
    "paddle.arange(start=1, end=5)",
    "paddle.arange(end=5)",
    "paddle.arange(0, 10, 3, 'int32')",
    "paddle.linspace(0, 10, 5, 'float32')",
    "paddle.linspace(0, 10, 1, 'float32')",
    "paddle.linspace(start=0, stop=1, num=5)",
    "paddle.eye(3, dtype='int32')",
    "paddle.eye(2, 3, dtype='int32')",
    "paddle.eye(2, 3, 'int32')",
    "paddle.eye(num_rows=2, num_columns=3)",
    "paddle.full(shape=[4, 5, 7], fill_value=0, dtype='int32')",
    "paddle.full([1], 4, 'int32')",
    "paddle.zeros([2, 3], 'float64')",
    "paddle.ones([2])",
    "paddle.zeros_like(x, 'int32')",
    "paddle.ones_like(x)",
    "paddle.full_like(x, 2.5)",
    "paddle.tril(m)",
    "paddle.tril(m, diagonal=2)",
    "paddle.tril(m, diagonal=-1)",
    "paddle.triu(m)",
    "paddle.triu(m, diagonal=2)",
    "paddle.triu(m, diagonal=-1)",
    "paddle.triu(m, 1)",
    # manipulation (docstring examples of concat, flip, tile, roll, reshape, squeeze, ...)
    "paddle.concat(x=[x1, x2, x3], axis=-1)",
    "paddle.concat(x=[x1, x2], axis=0)",
    "paddle.concat(x=[x1, x2], axis=paddle.full(shape=[1], dtype='int32', fill_value=0))",
    "paddle.concat([x, x], 1)",
    "paddle.stack([v, v], 1)",
    "paddle.stack([v, v])",
    "paddle.flip(img, [0, 1])",
    "paddle.flip(paddle.flip(img, [0, 1]), -1)",
    "paddle.flip(x, 0)",
    "paddle.tile(paddle.to_tensor([1, 2, 3], dtype='int32'), repeat_times=[2, 1])",
    "paddle.tile(paddle.to_tensor([1, 2, 3], dtype='int32'), repeat_times=(2, 2))",
    "paddle.tile(paddle.to_tensor([1, 2, 3], dtype='int32'), "
    "repeat_times=paddle.to_tensor([1, 2], dtype='int32'))",
    "paddle.roll(r3, shifts=1)",
    "paddle.roll(r3, shifts=1, axis=0)",
    "paddle.roll(r3, shifts=1, axis=1)",
    "paddle.roll(r3, 1, 0)",
    "paddle.reshape(r246, [-1, 0, 3, 2])",
    "paddle.reshape(r246, shape=[paddle.full([1], 4, 'int32'), 12])",
    "paddle.reshape(r246, shape=paddle.to_tensor([8, 6], dtype='int32'))",
    "paddle.reshape(x, [0, 3])",
    "paddle.reshape(x, [3, 2])",
    "r246.reshape([0, -1])",
    "paddle.squeeze(z5110, axis=1)",
    "paddle.squeeze(z131)",
    "paddle.squeeze(z131, axis=1)",
    "paddle.squeeze(z131, axis=[0, 1])",
    "z131.squeeze()",
    "paddle.unsqueeze(v, 0)",
    "paddle.transpose(x, [1, 0])",
    "paddle.split(x, 3, axis=1)",
    "paddle.chunk(x, 3, axis=1)",
    "paddle.flatten(y)",
    "paddle.expand(v, [2, 3])",
    "paddle.expand_as(paddle.to_tensor([1, 2, 3], 'int32'), "
    "paddle.to_tensor([[1, 2, 3], [4, 5, 6]], 'int32'))",
    "v.expand_as(x)",
    "paddle.broadcast_to(v, [2, 3])",
    # indexing functions (docstring examples of gather_nd, scatter, where, nonzero, unique)
    "paddle.gather_nd(gx, paddle.to_tensor([[0, 1]]))",
    "paddle.gather_nd(x, paddle.to_tensor([[0, 1], [1, 2]]))",
    "paddle.gather_nd(x, paddle.to_tensor([1]))",
    "paddle.gather_nd(gx, paddle.to_tensor([[1, 2, 0], [0, 0, 1]], dtype='int32'))",
    "x.gather_nd(paddle.to_tensor([[1]]))",
    "paddle.scatter(s3, idx, upd, overwrite=False)",
    "paddle.scatter(s3, idx, upd, overwrite=True)",
    "paddle.scatter(s3, idx, upd)",
    "s3.scatter(idx, upd, overwrite=False)",
    "paddle.scatter(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([0, 0]), "
    "paddle.to_tensor([5, 6]), overwrite=False)",
    "paddle.scatter(s3, paddle.to_tensor(1), paddle.to_tensor([9.0, 9.0]))",
    "paddle.scatter(s3, paddle.to_tensor([[1], [2]]), paddle.to_tensor([[9.0, 9.0], [8.0, 8.0]]))",
    "paddle.gather(x, paddle.to_tensor([1, 0]))",
    "paddle.index_select(x, paddle.to_tensor([2, 0]), axis=1)",
    "paddle.take(x, paddle.to_tensor([[0, 4]]))",
    "paddle.masked_select(x, x > 2)",
    "paddle.where(wx > 1, wx, wy)",
    "paddle.where(wx > 1)",
    "paddle.where(b)",
    "paddle.nonzero(nz)",
    "paddle.nonzero(nz, as_tuple=True)",
    "paddle.nonzero(nz2)",
    "paddle.nonzero(nz2, as_tuple=True)",
    "paddle.unique(u)",
    "paddle.unique(u, return_index=True, return_inverse=True, return_counts=True)",
    "paddle.unique(u2)",
    "paddle.unique(u2, axis=0)",
    "paddle.unique(u2, axis=1, return_index=True, return_inverse=True, return_counts=True)",
    "paddle.unique(u2, return_inverse=True)",
    "paddle.unique(u, return_index=True, dtype='int32')",
    "u.unique()",
    # indexing and __setitem__
    "x[[1, 0]]",
    "x[paddle.to_tensor([True, False]), 1:]",
    "t = paddle.to_tensor([[1.0, -2.0], [-3.0, 4.0]]); t[t < 0] = 0; out = t",
    "t = paddle.to_tensor([[1, 2], [3, 4]]); t[paddle.to_tensor([True, False])] = 9; out = t",
    "t = paddle.zeros([2, 3]); t[:, 1] = paddle.to_tensor([1.0, 2.0]); out = t",
    "t = paddle.zeros([3], 'int32'); t[paddle.to_tensor([0, 0, 2])] = paddle.to_tensor("
    "[1, 2, 3], 'int32'); out = t",
    # linear algebra (docstring examples of matmul and einsum)
    "paddle.matmul(x, x, transpose_y=True)",
    "paddle.matmul(x, x, transpose_x=True)",
    "x.matmul(x, transpose_y=True)",
    "paddle.matmul(v, v)",
    "paddle.matmul(x, v)",
    "paddle.matmul(v, v, transpose_x=True)",
    "paddle.matmul(paddle.ones([10, 5, 2]), paddle.ones([2])).shape[0]",
    "paddle.matmul(paddle.ones([10, 1, 5, 2]), paddle.ones([1, 3, 2, 5]))",
    "paddle.einsum('i->', e4)",
    "paddle.einsum('i,i->', e4, e4)",
    "paddle.einsum('i,j->ij', e4, e5)",
    "paddle.einsum('ijk->kji', A)",
    "paddle.einsum('ijk, ikl->ijl', A, B)",
    "paddle.einsum('...jk->...kj', A)",
    "paddle.einsum('...jk, ...kl->...jl', A, B)",
    "paddle.einsum('ii->i', sq)",
    "paddle.einsum('ii', sq)",
    "paddle.einsum('ij,jk,kl->il', sq, sq, sq)",
    "paddle.einsum('ij,j->i', paddle.ones([2, 1]), v)",
    # reductions (docstring examples of sum, mean, max, argmax; Paddle's positional forms)
    "paddle.sum(sx)",
    "paddle.sum(sx, axis=0)",
    "paddle.sum(sx, axis=-1)",
    "paddle.sum(sx, axis=1, keepdim=True)",
    "paddle.sum(y, axis=[1, 2])",
    "paddle.sum(y, axis=[0, 1])",
    "paddle.sum(xb)",
    "paddle.sum(xb, axis=0)",
    "paddle.sum(xb, axis=1)",
    "paddle.sum(i32)",
    "paddle.sum(x, 1)",
    "paddle.mean(mean3)",
    "paddle.mean(mean3, axis=-1)",
    "paddle.mean(mean3, axis=-1, keepdim=True)",
    "paddle.mean(mean3, axis=[0, 2])",
    "paddle.mean(x, 1, True)",
    "paddle.max(mx)",
    "paddle.max(mx, axis=0)",
    "paddle.max(mx, axis=-1)",
    "paddle.max(mx, axis=1, keepdim=True)",
    "paddle.max(my, axis=[1, 2])",
    "paddle.max(my, axis=[0, 1])",
    "paddle.min(x, 0)",
    "paddle.argmax(g)",
    "paddle.argmax(g, axis=0)",
    "paddle.argmax(g, axis=-1)",
    "paddle.argmax(g, axis=0, keepdim=True)",
    "paddle.argmin(g, 1)",
    "paddle.prod(x, 1)",
    "paddle.all(xb, 1)",
    "paddle.any(xb)",
    "paddle.var(x)",
    "paddle.std(x, 1)",
    "paddle.sort(g, 1)",
    "paddle.argsort(g, descending=True)",
    "paddle.median(v4)",
    "paddle.median(v4, mode='min')",
    "paddle.cumsum(x, 1)",
    "paddle.cumsum(u8)",
    "paddle.cumsum(i8)",
    "paddle.cumsum(i16)",
    "paddle.cumsum(i32)",
    "paddle.cumsum(i64)",
    "i32.cumsum()",
    "paddle.cumprod(i32, dim=0)",
    "paddle.cumprod(i64, dim=0)",
    "paddle.cumprod(x, dim=1)",
    "paddle.logsumexp(x)",
    # element-wise dtype rules and the Paddle-only Tensor methods
    "paddle.floor(i32)",
    "paddle.ceil(i64)",
    "paddle.trunc(i32)",
    "paddle.round(i64)",
    "paddle.floor(u8)",
    "paddle.round(paddle.to_tensor([0.5, 1.5, 2.5, -0.5]))",
    "i32 / i32",
    "paddle.sqrt(i32)",
    "paddle.exp(i64)",
    "b + 1",
    "b + 1.5",
    "i8 + 1.5",
    "i8 + 1j",
    "f64 + 1j",
    "v + 1j",
    "paddle.abs(c64)",
    "paddle.pow(i32, 2)",
    "v + paddle.to_tensor([1.0, 1.0, 1.0], dtype='float64')",
    "i8 + paddle.to_tensor(1.5)",
    "paddle.cast(paddle.to_tensor([2, 3, 4], 'float64'), 'uint8')",
    "paddle.cast(x, 'int32')",
    "x.cast(paddle.int64)",
    "x.cast('bool')",
    "x.astype('int64')",
    "paddle.numel(paddle.full(shape=[4, 5, 7], fill_value=0, dtype='int32'))",
    "x.numel()",
    "paddle.clone(x)",
    "x.clone()",
    "t = paddle.to_tensor([1.0]); d = t.detach(); d[0] = 10.0; out = t",
    "x.cpu()",
    "x.cpu() is x",
    "x.dim()",
    "x.ndimension()",
    "x.place.is_cpu_place()",
    "x.place.is_gpu_place()",
    "paddle.clip(cl, min=3.5, max=5.0)",
    "paddle.clip(cl, min=2.5)",
    "cl.clip(3.5, 5.0)",
    "x.clip(min=2)",
    "paddle.clip(paddle.to_tensor([1, 5, 9]), 2, 6)",
    "with paddle.no_grad():\n    out = x * 2",
    "@paddle.no_grad()\ndef f(t):\n    return t + 1\nout = f(x)",
    "paddle.shape(x)",
    "paddle.shape(paddle.to_tensor(3.0))",
    # special values, errors and the rest of the everyday surface
    "i32 ** paddle.to_tensor([-1, -1, -1], dtype='int32')",
    "paddle.sum(paddle.to_tensor([1.0, 2.0], dtype='bfloat16'))",
    "paddle.median(paddle.to_tensor([1, 2, 3, 4]))",
    "paddle.log(paddle.to_tensor([-1.0, 0.0]))",
    "paddle.sqrt(paddle.to_tensor([-1.0]))",
    "paddle.divide(paddle.to_tensor([1.0, -1.0, 0.0]), paddle.to_tensor([0.0, 0.0, 0.0]))",
    "paddle.to_tensor([1, 2]) / paddle.to_tensor([0, 0])",
    "paddle.bitwise_left_shift(paddle.to_tensor([1], dtype='int32'), "
    "paddle.to_tensor([40], dtype='int32'))",
    "paddle.logical_and(x, x)",
    "paddle.isnan(i32)",
    "paddle.mod(paddle.to_tensor([-3.0, 3.0]), paddle.to_tensor([2.0, -2.0]))",
    "paddle.floor_divide(paddle.to_tensor([-3.0, 3.0]), paddle.to_tensor([2.0, -2.0]))",
    "paddle.remainder(paddle.to_tensor([-3, 3]), paddle.to_tensor([2, -2]))",
    "paddle.maximum(paddle.to_tensor([1.0, float('nan')]), paddle.to_tensor([float('nan'), 1.0]))",
    "paddle.sign(paddle.to_tensor([-0.0, 2.0]))",
    "paddle.topk(v4, 2)",
    "paddle.kthvalue(v4, 2)",
    "paddle.mean(paddle.zeros([0]))",
    "paddle.max(paddle.zeros([0]))",
    "paddle.sort(paddle.to_tensor([3.0, float('nan'), 1.0]))",
    "paddle.nansum(paddle.to_tensor([1.0, float('nan')]))",
    "paddle.split(x, [1, 2], axis=1)",
    "paddle.chunk(v, 2)",
    "paddle.diff(i32)",
    "paddle.count_nonzero(x)",
    "paddle.searchsorted(v, paddle.to_tensor([2.5]))",
    "paddle.isin(i64, paddle.to_tensor([2]))",
    "paddle.tensordot(x, x, axes=2)",
    "paddle.outer(v, v)",
    "paddle.is_tensor(x)",
    "paddle.linalg.det(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))",
    "paddle.linalg.inv(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))",
    "paddle.fft.fft(v)",
    "paddle.to_tensor([1, 2]).numpy()",
    "x.tolist()",
    "x[0, 0].item()",
    "float(x[0, 0])",
    "x.T",
    "x.ndim",
    "x.size",
    "x.dtype == paddle.float32",
    "x.stop_gradient",
    "x[5]",
    "paddle.nonzero(paddle.to_tensor(3.0))",
    "paddle.to_tensor([1.0, 2.0]) + paddle.to_tensor([1.0, 2.0, 3.0])",
    "paddle.reshape(x, [4, -1])",
    "paddle.matmul(x, x)",
    "paddle.concat([x, v])",
    # issue 33: silent differences of defaults (meshgrid, svd, cross, var's correction)
    "paddle.meshgrid(v, v4)",
    "paddle.meshgrid([v, v4])",
    "paddle.meshgrid(v, v4, indexing='xy')",
    "paddle.meshgrid(v, v4, v)",
    "paddle.fft.fftn(paddle.meshgrid(v, v4)[0])",
    "paddle.linalg.svd(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))[0]",
    "paddle.linalg.svd(x)",
    "paddle.linalg.svd(x, full_matrices=True)[0]",
    "paddle.linalg.cross(r3, r3 * r3)[0]",
    "paddle.cross(r3, r3 * 2, axis=1)",
    "paddle.cross(paddle.to_tensor([[1.0, 0, 0]]), paddle.to_tensor([[0, 1.0, 0]]))",
    "paddle.linalg.pinv(paddle.to_tensor([[1.0, 0.0], [0.0, 1e-10]]))",
    "paddle.var(x, 1, correction=0)",
    "paddle.argsort(paddle.to_tensor([1.0, 1.0, 1.0, 0.0]))",
    "paddle.argsort(paddle.to_tensor([1.0] * 20 + [0.0]))[:3]",
    "paddle.searchsorted(paddle.to_tensor([1.0, 3.0, float('nan')]), "
    "paddle.to_tensor([float('nan'), 3.0]))",
    "paddle.zeros(paddle.to_tensor([2]))",
    # issue 33: keywords and forms
    "paddle.bitwise_left_shift(i32, i32, is_arithmetic=True)",
    "paddle.bitwise_right_shift(i32, i32, is_arithmetic=False)",
    "paddle.bitwise_right_shift(paddle.to_tensor([-8], dtype='int32'), "
    "paddle.to_tensor([1], dtype='int32'), is_arithmetic=False)",
    "paddle.bitwise_right_shift(paddle.to_tensor([-8, 8], dtype='int16'), "
    "paddle.to_tensor([1, 2], dtype='int16'), False)",
    "paddle.bitwise_left_shift(paddle.to_tensor([-8], dtype='int8'), "
    "paddle.to_tensor([1], dtype='int8'), is_arithmetic=False)",
    "paddle.ones([2], name=None)",
    "paddle.full([2], 1.0, name=None)",
    "paddle.zeros([2], name=None)",
    "paddle.full([2], 1.5, 'float64', None)",
    "paddle.add(v, v, name='z')",
    "paddle.sum(v, name='s')",
    "paddle.fft.fft(v, name=None)",
    "paddle.sign(x=v)",
    "paddle.sign(x=v, name=None)",
    "paddle.add(x=v, y=v)",
    "paddle.clip(x=v, min=2.0, name=None)",
    "paddle.linalg.matrix_norm(x=x)",
    "paddle.linalg.vector_norm(x=v)",
    "paddle.linalg.inv(x=paddle.to_tensor([[2.0, 1.0], [1.0, 3.0]]), name=None)",
    "paddle.full(paddle.to_tensor([2, 3]), 1.0)",
    "paddle.ones(paddle.to_tensor([2, 3]))",
    "paddle.zeros(paddle.to_tensor(2))",
    "paddle.ones(shape=paddle.to_tensor([2, 1], dtype='int32'), dtype='int64')",
    "paddle.searchsorted(paddle.to_tensor([[1, 3, 5], [2, 4, 6]]), paddle.to_tensor([[3], [4]]), "
    "right=True)",
    "paddle.searchsorted(paddle.to_tensor([[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]), "
    "paddle.to_tensor([[3, 6, 9], [3, 6, 9]]))",
    "paddle.searchsorted(v, paddle.to_tensor([2.0]), right=True)",
    "paddle.searchsorted(v, paddle.to_tensor([2.0]), out_int32=True)",
    "paddle.take_along_axis(x, paddle.to_tensor([[0], [1]]), 1)",
    "paddle.take_along_axis(x, paddle.to_tensor([[0]]), 1)",
    "paddle.take_along_axis(x, paddle.to_tensor([[0]]), 1, broadcast=False)",
    "paddle.take(x, paddle.to_tensor([7]), mode='wrap')",
    "paddle.take(x, paddle.to_tensor([7]), mode='clip')",
    "paddle.take(x, paddle.to_tensor([-1]), mode='raise')",
    "paddle.take(x, paddle.to_tensor([[-8, 9], [1, 2]]), mode='clip')",
    "paddle.take(x, paddle.to_tensor([-8, 9]), mode='wrap')",
    "paddle.isin(i64, paddle.to_tensor([2]), assume_unique=True)",
    "paddle.isin(x=i64, test_x=paddle.to_tensor([2]))",
    "paddle.linalg.eigh(paddle.to_tensor([[2.0, 1.0], [1.0, 2.0]]), UPLO='U')",
    "paddle.linalg.eigh(paddle.to_tensor([[2.0, 1.0], [5.0, 2.0]]), UPLO='U')",
    "paddle.linalg.eigh(paddle.to_tensor([[2.0, 1.0], [5.0, 2.0]]))",
    "paddle.linalg.eigvalsh(paddle.to_tensor([[2.0, 1.0], [5.0, 2.0]]), UPLO='U')",
    "paddle.linalg.matrix_rank(r3, tol=0.1)",
    "paddle.linalg.matrix_rank(r3)",
    "paddle.linalg.matrix_rank(r3, hermitian=True)",
    "paddle.linalg.matrix_rank(r3, atol=0.5)",
    "paddle.linalg.matrix_rank(r3, rtol=0.5)",
    "paddle.linalg.matrix_rank(r3, atol=0.1, rtol=0.5)",
    "paddle.linalg.slogdet(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))",
    "paddle.linalg.slogdet(paddle.to_tensor([[1 + 1j, 2.0], [3.0, 4.0]]))",
    "paddle.linalg.solve(paddle.to_tensor([[2.0, 1.0], [1.0, 3.0]]), "
    "paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]), left=False)",
    "paddle.tensordot(r246, r246, axes=[1, 2])",
    "paddle.tensordot(paddle.arange(24, dtype='float64').reshape([2, 3, 4]), "
    "paddle.arange(36, dtype='float64').reshape([3, 3, 4]), axes=[[1, 2], [1]])",
    "paddle.tensordot(paddle.arange(60, dtype='float64').reshape([3, 4, 5]), "
    "paddle.arange(24, dtype='float64').reshape([4, 3, 2]), axes=([1, 0], [0, 1]))",
    "paddle.tensordot(paddle.arange(720, dtype='float64').reshape([2, 3, 4, 5, 6]), "
    "paddle.arange(720, dtype='float64').reshape([3, 2, 4, 5, 6]), axes=[[0, 1, 3, 4], [1, 0]])",
    "paddle.tensordot(paddle.arange(4, dtype='float64').reshape([2, 2]), "
    "paddle.arange(4, dtype='float64').reshape([2, 2]), axes=[[]])",
    "paddle.tensordot(x=x, y=x, axes=[[0, 1], [0, 1]])",
    "paddle.median(x, axis=1, mode='min')",
    "paddle.median(x, axis=0, mode='min')",
    "paddle.median(i64, axis=0, mode='min')",
    "paddle.median(x, axis=1, mode='min', keepdim=True)",
    "paddle.median(x, mode='min')",
    "paddle.median(paddle.to_tensor([[1.0, float('nan'), 3.0], [4.0, 5.0, 6.0]]), axis=1, "
    "mode='min')",
    "paddle.nanmedian(x, axis=1, mode='min')",
    "paddle.nanmedian(paddle.to_tensor([[1.0, float('nan'), 3.0], [float('nan'), float('nan'), "
    "float('nan')]]), axis=1, mode='min')",
    "paddle.nanmedian(paddle.to_tensor([[1.0, float('nan'), 3.0], [float('nan'), float('nan'), "
    "float('nan')]]), axis=1)",
    "paddle.nanmedian(x, axis=[0, 1])",
    "paddle.nanmedian(x, axis=[0, 1], mode='min')",
    "paddle.nanmedian(x, axis=[0, 1], keepdim=True)",
    "paddle.nanmedian(mean3, axis=[0, 2], keepdim=True)",
    "paddle.nanmedian(mean3, axis=[0, 2])",
    "paddle.median(x, axis=[0, 1])",
    "x.median(axis=1, mode='min')",
    # issue 33: names
    "paddle.gt(v, v4[:3])",
    "paddle.lt(v, v4[:3] - 1)",
    "paddle.ge(i32, i32)",
    "paddle.le(i32, i32 - 1)",
    "v.gt(v4[:3] - 1)",
    "paddle.inverse(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))",
    "paddle.linalg.eigvalsh(paddle.to_tensor([[2.0, 1.0], [1.0, 2.0]]))",
    "paddle.eigvalsh(paddle.to_tensor([[2.0, 1.0], [1.0, 2.0]]))",
    "paddle.ravel(x)",
    "paddle.ravel(paddle.to_tensor(1.0))",
    "paddle.tolist(x)",
    "paddle.assign(x)",
    "paddle.assign([1, 2])",
    "paddle.assign([1.0, 2.0])",
    "paddle.assign(3)",
    "paddle.assign(2.5)",
    "paddle.assign(True)",
    "paddle.assign(np.array(2.5, dtype=np.float32))",
    "paddle.assign(np.array([1, 2], dtype=np.int32))",
    "paddle.assign((1, 2))",
    "paddle.assign(x, output=paddle.zeros([2, 3]))",
    "paddle.dot(v, v)",
    "paddle.dot(x, x)",
    "paddle.dot(i32, i32)",
    "paddle.dot(paddle.to_tensor([1 + 1j, 2j]), paddle.to_tensor([1 + 1j, 2j]))",
    "paddle.to_dlpack(x) is not None",
    "paddle.linalg.norm(x)",
    "paddle.linalg.norm(v)",
    "paddle.linalg.norm(x, p='fro')",
    "paddle.linalg.norm(x, p=1)",
    "paddle.linalg.norm(x, p='nuc')",
    "paddle.linalg.norm(x, axis=1)",
    "paddle.linalg.norm(x, p=2, axis=[0, 1])",
    "paddle.linalg.norm(x, p=float('inf'))",
    "paddle.linalg.norm(r246, p='fro')",
    "paddle.linalg.norm(r246, axis=[1])",
    "paddle.linalg.norm(x, p=1, axis=0, keepdim=True)",
    "paddle.linalg.matrix_norm(r246, p='fro', axis=[0, 2], keepdim=True)",
    "paddle.linalg.matrix_norm(x, p=1)",
    "paddle.linalg.matrix_norm(x, p=-1)",
    "paddle.linalg.vector_norm(x, p=0)",
    "paddle.linalg.vector_norm(x, axis=[0, 1], keepdim=True)",
    "x.take(paddle.to_tensor([1]))",
    "x.take(paddle.to_tensor([5, 0]))",
    "x.to('float64')",
    "x.to('cpu')",
    "x.to('cpu', 'int32')",
    "x.to(dtype='float64')",
    "x.to(paddle.CPUPlace())",
    "x.to(paddle.CPUPlace(), dtype='float16')",
    "x.to(i32)",
    "x.to(x)",
    "x.item(1)",
    "x.item(4)",
    "x.item(1, 2)",
    "x.item(-1)",
    # issue 33: places
    "paddle.to_tensor(v, place=paddle.CPUPlace())",
    "paddle.to_tensor([1.0], place='cpu')",
    "x.place == paddle.CPUPlace()",
    "x.place != paddle.CPUPlace()",
    "paddle.CPUPlace() == paddle.CPUPlace()",
    "paddle.CPUPlace()",
    "paddle.device.get_device()",
    "paddle.get_device()",
    "paddle.get_device(paddle.to_tensor([1, 2, 3], place=paddle.CPUPlace()))",
    "paddle.device.set_device('cpu') == paddle.CPUPlace()",
]

# checked on Paddle's namespace only (the standard's behaviour is a row of the table)
PADDLE_ONLY = {
    "paddle.reshape(r246, [-1, 0, 3, 2])",
    "paddle.reshape(r246, shape=paddle.to_tensor([8, 6], dtype='int32'))",
    "paddle.reshape(r246, shape=[paddle.full([1], 4, 'int32'), 12])",
    "paddle.squeeze(z5110, axis=1)",
    "paddle.squeeze(z131, axis=[0, 1])",
    "paddle.where(b)",
    "paddle.nonzero(nz2)",
    "paddle.mean(x, 1, True)",
    "paddle.min(x, 0)",
    "paddle.argmin(g, 1)",
    "paddle.prod(x, 1)",
    "paddle.all(xb, 1)",
    "paddle.std(x, 1)",
    "paddle.argsort(g, descending=True)",
    "paddle.shape(paddle.to_tensor(3.0))",
    # issue 33: Paddle's forms (one call of each function is a row of the table)
    "paddle.meshgrid([v, v4])",
    "paddle.meshgrid(v, v4, indexing='xy')",
    "paddle.meshgrid(v, v4, v)",
    "paddle.fft.fftn(paddle.meshgrid(v, v4)[0])",
    "paddle.linalg.svd(x)",
    "paddle.linalg.slogdet(paddle.to_tensor([[1 + 1j, 2.0], [3.0, 4.0]]))",
    "paddle.cross(paddle.to_tensor([[1.0, 0, 0]]), paddle.to_tensor([[0, 1.0, 0]]))",
    "paddle.var(x, 1, correction=0)",
    "paddle.bitwise_left_shift(i32, i32, is_arithmetic=True)",
    "paddle.bitwise_right_shift(paddle.to_tensor([-8], dtype='int32'), "
    "paddle.to_tensor([1], dtype='int32'), is_arithmetic=False)",
    "paddle.bitwise_right_shift(paddle.to_tensor([-8, 8], dtype='int16'), "
    "paddle.to_tensor([1, 2], dtype='int16'), False)",
    "paddle.bitwise_left_shift(paddle.to_tensor([-8], dtype='int8'), "
    "paddle.to_tensor([1], dtype='int8'), is_arithmetic=False)",
    "paddle.full(paddle.to_tensor([2, 3]), 1.0)",
    "paddle.zeros(paddle.to_tensor(2))",
    "paddle.ones(shape=paddle.to_tensor([2, 1], dtype='int32'), dtype='int64')",
    "paddle.searchsorted(paddle.to_tensor([[1, 3, 5], [2, 4, 6]]), paddle.to_tensor([[3], [4]]), "
    "right=True)",
    "paddle.searchsorted(paddle.to_tensor([[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]), "
    "paddle.to_tensor([[3, 6, 9], [3, 6, 9]]))",
    "paddle.searchsorted(v, paddle.to_tensor([2.0]), out_int32=True)",
    "paddle.take_along_axis(x, paddle.to_tensor([[0]]), 1)",
    "paddle.take_along_axis(x, paddle.to_tensor([[0]]), 1, broadcast=False)",
    "paddle.take(x, paddle.to_tensor([7]), mode='clip')",
    "paddle.take(x, paddle.to_tensor([-1]), mode='raise')",
    "paddle.take(x, paddle.to_tensor([[-8, 9], [1, 2]]), mode='clip')",
    "paddle.take(x, paddle.to_tensor([-8, 9]), mode='wrap')",
    "paddle.isin(x=i64, test_x=paddle.to_tensor([2]))",
    "paddle.linalg.eigh(paddle.to_tensor([[2.0, 1.0], [1.0, 2.0]]), UPLO='U')",
    "paddle.linalg.eigvalsh(paddle.to_tensor([[2.0, 1.0], [5.0, 2.0]]), UPLO='U')",
    "paddle.linalg.matrix_rank(r3, hermitian=True)",
    "paddle.linalg.matrix_rank(r3, atol=0.5)",
    "paddle.linalg.matrix_rank(r3, atol=0.1, rtol=0.5)",
    "paddle.tensordot(paddle.arange(24, dtype='float64').reshape([2, 3, 4]), "
    "paddle.arange(36, dtype='float64').reshape([3, 3, 4]), axes=[[1, 2], [1]])",
    "paddle.tensordot(paddle.arange(720, dtype='float64').reshape([2, 3, 4, 5, 6]), "
    "paddle.arange(720, dtype='float64').reshape([3, 2, 4, 5, 6]), axes=[[0, 1, 3, 4], [1, 0]])",
    "paddle.tensordot(paddle.arange(4, dtype='float64').reshape([2, 2]), "
    "paddle.arange(4, dtype='float64').reshape([2, 2]), axes=[[]])",
    "paddle.linalg.norm(v)",
    "paddle.linalg.norm(x, p='fro')",
    "paddle.linalg.norm(x, p=1)",
    "paddle.linalg.norm(x, p='nuc')",
    "paddle.linalg.norm(x, axis=1)",
    "paddle.linalg.norm(x, p=2, axis=[0, 1])",
    "paddle.linalg.norm(x, p=float('inf'))",
    "paddle.linalg.norm(r246, p='fro')",
    "paddle.linalg.norm(r246, axis=[1])",
    "paddle.linalg.norm(x, p=1, axis=0, keepdim=True)",
    "paddle.linalg.matrix_norm(r246, p='fro', axis=[0, 2], keepdim=True)",
    "paddle.linalg.matrix_norm(x, p=1)",
    "paddle.linalg.matrix_norm(x, p=-1)",
    "paddle.linalg.vector_norm(x, p=0)",
    "paddle.linalg.vector_norm(x, axis=[0, 1], keepdim=True)",
    "x.to(paddle.CPUPlace())",
    "x.to(paddle.CPUPlace(), dtype='float16')",
    "paddle.to_tensor(v, place=paddle.CPUPlace())",
    "x.place == paddle.CPUPlace()",
    "x.place != paddle.CPUPlace()",
    "paddle.CPUPlace() == paddle.CPUPlace()",
    "paddle.device.set_device('cpu') == paddle.CPUPlace()",
    "paddle.get_device(paddle.to_tensor([1, 2, 3], place=paddle.CPUPlace()))",
}

# ---- running a call and describing its result ----------------------------------------------

_TOL = {"float16": 1e-3, "bfloat16": 1e-2, "float32": 1e-5, "complex64": 1e-5}


def _namespace(lib, code: str) -> dict:
    ns = {"paddle": lib, "np": np}
    for name in set(re.findall(r"[A-Za-z_]\w*", code)) & INPUTS.keys():
        ns[name] = lib.to_tensor(INPUTS[name])
    return ns


def run_call(lib, code: str):
    """The call's result in normal form (see normal)."""
    ns = _namespace(lib, code)
    try:
        try:
            compiled = compile(code, "<call>", "eval")
        except SyntaxError:
            exec(compile(code, "<call>", "exec"), ns)
            result = ns["out"]
        else:
            result = eval(compiled, ns)
        return normal(result, lib)
    except Exception as e:  # the exception is the result
        msg = str(e)
        kind = "no kernel" if "is not registered" in msg else type(e).__name__
        return ("raises", kind)


def normal(r, lib):
    """A picklable description: ("tensor", dtype, shape, values), ("seq", "tuple"/"list",
    items), ("py", type, value) or ("obj", repr)."""
    if isinstance(r, lib.Tensor):
        dtype = str(r.dtype).rsplit(".", 1)[-1]
        if dtype == "bfloat16":
            r = r.astype("float32")
        values = r.numpy() if hasattr(r, "numpy") else np.asarray(r)
        return ("tensor", dtype, tuple(int(n) for n in r.shape), np.array(values))
    if isinstance(r, np.ndarray):
        return ("tensor", "ndarray " + r.dtype.name, r.shape, r)
    if isinstance(r, (tuple, list)):
        return ("seq", "tuple" if isinstance(r, tuple) else "list", [normal(e, lib) for e in r])
    for t in (bool, int, float, complex, str, type(None)):
        if isinstance(r, t):  # Paddle's TensorSize is an int
            return ("py", t.__name__, t(r) if t is not type(None) else None)
    return ("obj", repr(r))


def _fmt_number(v) -> str:
    if isinstance(v, (bool, np.bool_)):
        return str(bool(v))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (complex, np.complexfloating)):
        return f"({_fmt_number(v.real)}{'+' if v.imag >= 0 else '-'}{_fmt_number(abs(v.imag))}j)"
    return f"{float(v):.4g}"


def _fmt_values(a: np.ndarray) -> str:
    if a.ndim == 0:
        return _fmt_number(a[()])
    return "[" + ", ".join(_fmt_values(e) for e in a) + "]"


def summary(n) -> str:
    """The one-line form used in the table's cells."""
    kind = n[0]
    if kind == "raises":
        return n[1]
    if kind == "tensor":
        _, dtype, shape, values = n
        if values.size > 8:
            return f"{dtype} shape {list(shape)}"
        return f"{dtype} {_fmt_values(values)}"
    if kind == "seq":
        items = [summary(e) for e in n[2]]
        if n[1] == "tuple":
            return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
        return "[" + ", ".join(items) + "]"
    if kind == "py":
        return repr(n[2])
    return n[1]


def same(a, b) -> bool:
    """Whether two normal forms agree (values to the dtype's tolerance, NaN equal to NaN)."""
    if a[0] != b[0]:
        return False
    if a[0] == "tensor":
        if a[1] != b[1] or a[2] != b[2]:
            return False
        va, vb = a[3], b[3]
        if va.dtype.kind in "fc" or vb.dtype.kind in "fc":
            tol = _TOL.get(a[1], 1e-12)
            return np.allclose(va.astype(complex), vb.astype(complex), rtol=tol, atol=tol,
                               equal_nan=True)
        return np.array_equal(va, vb)
    if a[0] == "seq":
        return a[1] == b[1] and len(a[2]) == len(b[2]) and all(map(same, a[2], b[2]))
    return a == b


# ---- the differences table of docs/paddle.md -----------------------------------------------

COLUMNS = ("paddle", "paddle_c.paddle", "paddle_c")


def read_table() -> dict[str, dict]:
    """call -> {"paddle": cell, "paddle_c.paddle": cell, "paddle_c": cell, "why": text}."""
    text = DOC.read_text()
    start = text.index("<!-- differences table -->")
    rows = {}
    for line in text[start:].splitlines()[1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) != 5 or not cells[0].startswith("`"):
            continue
        call = cells[0].strip("`").replace("\\|", "|")
        rows[call] = {col: cells[i + 1].strip("`") for i, col in enumerate(COLUMNS)}
        rows[call]["why"] = cells[4]
    return rows


def all_calls(table) -> list[str]:
    both = PADDLE_ONLY & table.keys()
    assert not both, f"calls in the table are checked on both namespaces: {both}"
    return list(dict.fromkeys(CALLS + list(table)))


# ---- the snippet of docs/coming_from_paddle.md ---------------------------------------------


def snippet_code() -> str:
    """The page's Paddle program without its `import paddle` line."""
    blocks = re.findall(r"```python\n(.*?)```", SNIPPET_DOC.read_text(), re.S)
    code = next(b for b in blocks if b.startswith("import paddle\n"))
    return code[len("import paddle\n"):]


def run_snippet(lib) -> dict:
    """Every variable the snippet leaves (normal forms) and what it prints."""
    import contextlib
    import io

    ns = {"paddle": lib}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(snippet_code(), str(SNIPPET_DOC), "exec"), ns)
    out = {k: normal(v, lib) for k, v in ns.items()
           if not k.startswith("_") and k != "paddle"}
    out["printed"] = ("py", "str", printed.getvalue())
    return out


# ---- Paddle's side, in a subprocess ------------------------------------------------------------


def _paddle_worker(out_path: str) -> None:
    import warnings

    warnings.filterwarnings("ignore")
    import paddle

    paddle.set_device("cpu")
    results = {call: run_call(paddle, call) for call in all_calls(read_table())}
    with open(out_path, "wb") as f:
        pickle.dump((paddle.__version__, results, run_snippet(paddle), signatures(paddle)), f)


# ---- signatures: the defaults of every function both have --------------------------------------

_NO_DEFAULT = "<required>"


def _default(value):
    """A parameter's default in comparable, picklable form (lists and tuples alike)."""
    if value is inspect.Parameter.empty:
        return _NO_DEFAULT
    if isinstance(value, (list, tuple)):
        return tuple(_default(v) for v in value)
    if isinstance(value, (bool, int, float, complex, str, type(None))):
        return value
    return repr(value)


def signatures(lib) -> dict:
    """{qualified name: {parameter: default} or None} of the public functions of lib, lib.linalg,
    lib.fft and the public Tensor methods (None where inspect cannot read a signature)."""
    out = {}
    spaces = [("", lib), ("linalg.", lib.linalg), ("fft.", lib.fft), ("Tensor.", lib.Tensor)]
    for prefix, space in spaces:
        for name in dir(space):
            f = getattr(space, name, None)
            if name.startswith("_") or not callable(f) or isinstance(f, type):
                continue
            try:
                params = inspect.signature(f).parameters.values()
            except (TypeError, ValueError):
                out[prefix + name] = None
                continue
            out[prefix + name] = {p.name: _default(p.default) for p in params
                                  if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    return out


def _alias_target(function: str, alias: str, params) -> str | None:
    """The parameter of ours that Paddle's keyword `alias` reaches (kwaliases.def)."""
    import paddle_c

    for f, a, p in paddle_c._C._keyword_aliases():
        if a == alias and f in (None, function.rsplit(".", 1)[-1]) and p in params:
            return p
    return None


def default_differences(theirs: dict, ours: dict) -> dict:
    """{(function, parameter): (Paddle's default, ours)} for every parameter with a default in
    Paddle's signature that ours has (by its name or a keyword alias) with another default."""
    diffs = {}
    for name in sorted(theirs.keys() & ours.keys()):
        t, o = theirs[name], ours[name]
        if t is None or o is None:
            continue
        for param, default in t.items():
            target = param if param in o else _alias_target(name, param, o)
            if target is None or default == _NO_DEFAULT:
                continue
            if o[target] != default:
                diffs[(name, param)] = (default, o[target])
    return diffs


_ABSENT = object()  # no such parameter


def _cell(default) -> str:
    if default is _ABSENT:
        return "—"
    return "required" if default == _NO_DEFAULT else repr(default)


def default_rows(theirs: dict, ours: dict) -> dict:
    """{(function, parameter): (Paddle's cell, paddle_c.paddle's, paddle_c's)} for every
    default of Paddle's that either namespace does not share ("—": no such parameter)."""
    keys = set(default_differences(theirs, ours["paddle_c.paddle"])) | \
        set(default_differences(theirs, ours["paddle_c"]))
    rows = {}
    for name, param in sorted(keys):
        cells = [theirs[name][param]]
        for ns in ("paddle_c.paddle", "paddle_c"):
            sig = ours[ns].get(name) or {}
            target = param if param in sig else _alias_target(name, param, sig)
            cells.append(_ABSENT if target is None else sig[target])
        rows[(name, param)] = tuple(_cell(c) for c in cells)
    return rows


def read_default_table() -> dict:
    """The defaults table of docs/paddle.md: {(function, parameter): (3 cells, why)}."""
    text = DOC.read_text()
    start = text.index("<!-- defaults table -->")
    rows = {}
    for line in text[start:].splitlines()[1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) != 6 or not cells[0].startswith("`"):
            continue
        rows[(cells[0].strip("`"), cells[1].strip("`"))] = (
            tuple(c.strip("`") for c in cells[2:5]), cells[5])
    return rows


def paddle_results():
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "paddle.pickle")
        env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "PYTHONMALLOC")}
        env["GLOG_minloglevel"] = "3"
        proc = subprocess.run([sys.executable, __file__, "--paddle-worker", out], env=env,
                              capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(f"the Paddle worker failed:\n{proc.stderr[-4000:]}")
        with open(out, "rb") as f:
            return pickle.load(f)


def paddle_c_results(calls):
    import paddle_c
    import paddle_c.paddle

    return {
        "paddle_c.paddle": {c: run_call(paddle_c.paddle, c) for c in calls},
        "paddle_c": {c: run_call(paddle_c, c) for c in calls if c not in PADDLE_ONLY},
    }


def compare(table, theirs, ours):
    """(identical, documented, problems): identical (call, namespace) pairs, documented
    differences, and messages for every undocumented difference or wrong table cell."""
    identical = documented = 0
    problems = []
    for call in all_calls(table):
        row = table.get(call)
        if row is not None:
            measured = {"paddle": theirs[call], "paddle_c.paddle": ours["paddle_c.paddle"][call],
                        "paddle_c": ours["paddle_c"].get(call, theirs[call])}
            for col in COLUMNS:
                if summary(measured[col]) != row[col]:
                    problems.append(f"{call}: the table says {col} gives `{row[col]}`, "
                                    f"measured `{summary(measured[col])}`")
            differs = [c for c in COLUMNS[1:] if not same(measured["paddle"], measured[c])]
            if not differs:
                problems.append(f"{call}: no longer a difference (every column is Paddle's)")
            documented += len(differs)
            identical += len(COLUMNS) - 1 - len(differs)
            continue
        for ns in ("paddle_c.paddle", "paddle_c"):
            if call not in ours[ns]:
                continue
            if same(theirs[call], ours[ns][call]):
                identical += 1
            else:
                problems.append(
                    f"{call}: {ns} gives `{summary(ours[ns][call])}`, Paddle "
                    f"`{summary(theirs[call])}` (undocumented); a table row would read:\n"
                    f"| `{call}` | `{summary(theirs[call])}` | "
                    f"`{summary(ours['paddle_c.paddle'][call])}` | "
                    f"`{summary(ours['paddle_c'].get(call, theirs[call]))}` | ... |")
    return identical, documented, problems


# ---- the tests ---------------------------------------------------------------------------------

_skip_reason = None
if importlib.util.find_spec("paddle") is None:
    _skip_reason = "paddlepaddle is not installed (pip install -e .[paddle])"
elif os.environ.get("PC_SANITIZER_RUN"):
    _skip_reason = "Paddle's wheel is not built for the sanitizer run"


@pytest.fixture(scope="module")
def measured():
    if _skip_reason:
        pytest.skip(_skip_reason)
    table = read_table()
    version, theirs, snippet, sigs = paddle_results()
    ours = paddle_c_results(all_calls(table))
    return table, version, theirs, ours, snippet, sigs


def test_paddle_version(measured):
    assert measured[1] == "3.3.1", "docs/paddle.md was measured against Paddle 3.3.1"


def test_coming_from_paddle_snippet(measured):
    import paddle_c.paddle

    theirs = measured[4]
    ours = run_snippet(paddle_c.paddle)
    assert theirs.keys() == ours.keys()
    differ = [k for k in theirs if not same(theirs[k], ours[k])]
    assert not differ, {k: (summary(theirs[k]), summary(ours[k])) for k in differ}


def test_calls_match_paddle_or_the_table(measured):
    table, _, theirs, ours, _, _ = measured
    _, _, problems = compare(table, theirs, ours)
    assert not problems, "\n".join(problems)


def our_signatures() -> dict:
    import paddle_c
    import paddle_c.paddle

    return {"paddle_c.paddle": signatures(paddle_c.paddle), "paddle_c": signatures(paddle_c)}


def compare_defaults(sigs, ours) -> list[str]:
    """Messages for every default of Paddle's that a namespace does not share without a row of
    the defaults table, and for every row that is not what is measured."""
    measured = default_rows(sigs, ours)
    table = read_default_table()
    problems = []
    for key, cells in measured.items():
        if key not in table:
            problems.append(f"undocumented default: | `{key[0]}` | `{key[1]}` | "
                            + " | ".join(f"`{c}`" for c in cells) + " | ... |")
        elif table[key][0] != cells:
            problems.append(f"{key}: the table says {table[key][0]}, measured {cells}")
    problems += [f"{key}: in the defaults table but no longer a difference"
                 for key in table.keys() - measured.keys()]
    return problems


def functions_covered(sigs, ours, calls) -> tuple[int, int, int]:
    """(Paddle's functions and Tensor methods that paddle_c.paddle has whose signatures both
    read, every default compared; the distinct functions and methods the calls use; both
    together)."""
    by_signature = {n for n in sigs.keys() & ours["paddle_c.paddle"].keys()
                    if sigs[n] is not None and ours["paddle_c.paddle"][n] is not None}
    called = set()
    for call in calls:
        for prefix, name in re.findall(r"paddle\.((?:linalg\.|fft\.|device\.(?:cuda\.)?)?)"
                                       r"(\w+)\(", call):
            called.add(prefix + name)
        called.update("Tensor." + m for m in re.findall(r"\b(?!paddle\b)[a-z]\w*\.(\w+)\(",
                                                        call))
    called = {n for n in called if n in sigs or n.startswith("device.")}
    return len(by_signature), len(called), len(by_signature | called)


def test_defaults_match_paddle_or_the_table(measured):
    sigs = measured[5]
    problems = compare_defaults(sigs, our_signatures())
    assert not problems, "\n".join(problems)


def test_table_rows_are_well_formed():
    table = read_table()
    assert len(table) >= 20
    for call, row in table.items():
        assert row["why"] and row["why"] != "...", f"{call}: the row gives no reason"


# names listed in the issue that Paddle code types: each is exercised by some call above
WHY_NAMES = [
    "cast", "numel", "clone", "detach", "cpu", "expand_as", "gather_nd", "scatter", "einsum",
    "unique", "no_grad", "shape", ".cast(", ".matmul(", ".clip(", ".numel(", ".clone(",
    ".detach(", ".cpu(", ".dim(", "is_cpu_place", "transpose_x", "transpose_y", "keepdim",
    "concat([x, x], 1)", "flip(x, 0)", "repeat_times", "shifts", "reshape(x, [0, 3])",
    "squeeze(z131)", "where(wx > 1)", "start=1, end=5", "linspace(start=0, stop=1, num=5)",
    "num_rows", "num_columns", "diagonal=", "as_tuple", "cumsum(i8)", "cumprod(i32",
]


def test_every_name_of_the_issue_is_called():
    text = "\n".join(all_calls(read_table()))
    missing = [name for name in WHY_NAMES if name not in text]
    assert not missing, missing


def main(argv) -> int:
    if len(argv) == 3 and argv[1] == "--paddle-worker":
        _paddle_worker(argv[2])
        return 0
    table = read_table()
    version, theirs, _, sigs = paddle_results()
    ours = paddle_c_results(all_calls(table))
    identical, documented, problems = compare(table, theirs, ours)
    mine = our_signatures()
    problems += compare_defaults(sigs, mine)
    by_sig, called, both = functions_covered(sigs, mine, all_calls(table))
    print(f"signatures: {by_sig} functions and Tensor methods of Paddle that paddle_c.paddle "
          f"has, every default compared ({len(read_default_table())} rows in the defaults "
          f"table); calls use {called} of Paddle's functions and methods; {both} covered in all")
    print(f"Paddle {version}: {len(all_calls(table))} calls, each on paddle_c.paddle and (but "
          f"{len(PADDLE_ONLY)}) on paddle_c; (call, namespace) pairs identical to Paddle: "
          f"{identical}; documented differences: {documented} pairs in {len(table)} table "
          f"rows; undocumented or wrongly documented: {len(problems)}")
    for p in problems:
        print(" ", p)
    print("\nmeasured table rows:")
    for call in table:
        cells = [theirs[call], ours["paddle_c.paddle"][call],
                 ours["paddle_c"].get(call, theirs[call])]
        print(f"| `{call}` | " + " | ".join(f"`{summary(c)}`" for c in cells)
              + f" | {table[call]['why']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
