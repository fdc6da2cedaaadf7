"""paddle_c.paddle.linalg: Paddle's linalg namespace, `paddle_c.linalg` (the standard's
extension) with Paddle's form of each function whose Paddle signature or default differs:

- `svd(x, full_matrices=False)`: Paddle's default is the reduced decomposition (the standard's
  is the full one);
- `cross(x, y, axis=9)`: without an axis, the first axis of extent 3 (the standard's is -1);
- `pinv(x, rcond=1e-15, hermitian=False)`: singular values at or below `rcond * largest` count
  as zero (the standard's default tolerance is `max(M, N) * eps`);
- `norm`, `matrix_norm(x, p='fro', axis=[-2, -1], keepdim=False)`,
  `vector_norm(x, p=2.0, axis=None, keepdim=False)`: Paddle's names `p`, `axis`, `keepdim`;
- `eigh(x, UPLO='L')`, `eigvalsh(x, UPLO='L')`: 'U' reads the upper triangle;
- `matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None)`;
- `slogdet(x)`: one tensor [2, ...] stacking the sign and the log of the absolute determinant
  (the standard's is a named tuple);
- `x`, `y` and `name` as keywords everywhere (`inv(x=a)`, `solve(x=a, y=b)`).

Every function is a composition of `paddle_c.linalg`'s; docs/paddle.md lists the differences
that remain.
"""

from __future__ import annotations

from . import _C
from . import linalg as _std
from .linalg import *  # noqa: F401,F403

__all__ = sorted(set(_std.__all__) | {"norm"})


def _axes(axis):
    return tuple(axis) if isinstance(axis, (list, tuple)) else axis


def svd(x, full_matrices=False, name=None):
    """svd(x, full_matrices=False, name=None) -> (U, S, Vh): Paddle's default is the reduced
    decomposition (U is [..., M, K], Vh [..., K, N], K = min(M, N))."""
    return _std.svd(x, full_matrices=full_matrices)


def _paddle_cross_axis(shape, axis):
    if axis is not None and axis != 9:
        return axis
    for i, n in enumerate(shape):
        if n == 3:
            return i - len(shape)  # the standard's cross takes a negative axis
    raise ValueError(f"cross: no axis of extent 3 in a tensor of shape {list(shape)}")


def cross(x, y, axis=9, name=None):
    """cross(x, y, axis=9, name=None) -> Tensor: the cross product of 3-vectors along `axis`;
    Paddle's default (9 or None) takes the first axis of extent 3."""
    x, y = _C.broadcast_arrays(_C.asarray(x), _C.asarray(y))
    axis = _paddle_cross_axis(x.shape, axis)
    return _std.cross(x, y, axis=axis - x.ndim if 0 <= axis < x.ndim else axis)


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    """pinv(x, rcond=1e-15, hermitian=False, name=None) -> Tensor: the pseudo-inverse;
    singular values at or below rcond * largest count as zero (`hermitian` is accepted: the
    SVD serves both)."""
    return _std.pinv(x, rtol=rcond)


def inv(x, name=None):
    """inv(x, name=None) -> Tensor (see paddle_c.linalg.inv)."""
    return _std.inv(x)


def det(x, name=None):
    """det(x, name=None) -> Tensor (see paddle_c.linalg.det)."""
    return _std.det(x)


def slogdet(x, name=None):
    """slogdet(x, name=None) -> Tensor: Paddle's form, [sign, log|det|] stacked on a new first
    axis (complex input: both in the complex dtype)."""
    sign, logabsdet = _std.slogdet(x)
    return _C.stack([sign, _C.astype(logabsdet, sign.dtype)])


def solve(x, y, left=True, name=None):
    """solve(x, y, left=True, name=None) -> Tensor: X with x @ X = y (left=True) or
    X @ x = y (left=False)."""
    if left:
        return _std.solve(x, y)
    mt = _C.matrix_transpose
    return mt(_std.solve(mt(_C.asarray(x)), mt(_C.asarray(y))))


def _upper(x, UPLO):
    """x with its UPLO triangle moved to the lower one (the one the kernels read)."""
    if UPLO not in ("L", "U"):
        raise ValueError(f"UPLO must be 'L' or 'U', not {UPLO!r}")
    x = _C.asarray(x)
    return _C.conj(_C.matrix_transpose(x)) if UPLO == "U" else x


def eigh(x, UPLO="L", name=None):
    """eigh(x, UPLO='L', name=None) -> (eigenvalues, eigenvectors) of Hermitian matrices,
    read from the lower ('L') or upper ('U') triangle."""
    return _std.eigh(_upper(x, UPLO))


def eigvalsh(x, UPLO="L", name=None):
    """eigvalsh(x, UPLO='L', name=None) -> Tensor: eigenvalues (ascending) of Hermitian
    matrices, read from the lower ('L') or upper ('U') triangle."""
    return _std.eigvalsh(_upper(x, UPLO))


def matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None):
    """matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None) -> Tensor:
    the number of singular values (of eigenvalue magnitudes, hermitian=True) above the
    tolerance: `tol` (absolute) when given, else max(atol, rtol * largest), rtol defaulting
    to max(M, N) * eps without atol and to 0 with it."""
    x = _C.asarray(x)
    # tolerances given as tensors must be on x's device: refused before the decomposition runs
    _C._same_device(x, *[t for t in (tol, atol, rtol) if isinstance(t, _C.Tensor)])
    s = _C.abs(_std.eigvalsh(x)) if hermitian else _std.svdvals(x)
    if s.shape[-1] == 0:
        return _C.zeros(s.shape[:-1], dtype=_C.int64, device=x.device)
    if tol is not None:
        cutoff = tol
    else:
        largest = _C.max(s, axis=-1, keepdims=True)
        if rtol is None:
            rtol = 0.0 if atol is not None else _std._default_rtol(x, s)
        cutoff = _C.maximum(largest * rtol, 0.0 if atol is None else atol)
    return _C.sum(_C.astype(s > cutoff, _C.int64), axis=-1)


def vector_norm(x, p=2.0, axis=None, keepdim=False, name=None, *, dtype=None):
    """vector_norm(x, p=2.0, axis=None, keepdim=False, name=None) -> Tensor: the p-norm of
    the vectors along `axis` (every axis when None)."""
    x = _C.asarray(x)
    if dtype is not None:
        x = _C.astype(x, dtype)
    return _std.vector_norm(x, axis=_axes(axis), keepdims=keepdim, ord=p)


def matrix_norm(x, p="fro", axis=[-2, -1], keepdim=False, name=None):  # noqa: B006
    """matrix_norm(x, p='fro', axis=[-2, -1], keepdim=False, name=None) -> Tensor: the p-norm
    ('fro', 'nuc', 1, -1, 2, -2, inf, -inf) of the matrices spanned by the two axes."""
    x = _C.asarray(x)
    axes = [a % x.ndim if -x.ndim <= a < x.ndim else a for a in axis]
    if len(axes) != 2 or axes[0] == axes[1] or not all(0 <= a < x.ndim for a in axes):
        raise ValueError(f"matrix_norm: axis must name two distinct axes of a "
                         f"{x.ndim}-D tensor, not {axis!r}")
    moved = _C.moveaxis(x, tuple(axes), (-2, -1))
    r = _std.matrix_norm(moved, ord=p)
    if keepdim:
        for a in sorted(axes):
            r = _C.expand_dims(r, axis=a)
    return r


def norm(x, p=None, axis=None, keepdim=False, name=None):
    """norm(x, p=None, axis=None, keepdim=False, name=None) -> Tensor: Paddle's norm. Without
    an axis: the 2-norm of all elements ('fro' too), 'nuc' of a matrix, or the p-norm of all
    elements; an int axis (or one axis in a list): vector norms; two axes: matrix norms
    (p=None is 'fro')."""
    x = _C.asarray(x)
    if isinstance(axis, (list, tuple)) and len(axis) == 1:
        axis = axis[0]
    if isinstance(axis, (list, tuple)):
        return matrix_norm(x, "fro" if p is None else p, axis, keepdim)
    if axis is None and p == "nuc":
        return matrix_norm(x, p, [-2, -1], keepdim)
    if p is None or p == "fro":
        p = 2.0
    return vector_norm(x, p, axis, keepdim)
