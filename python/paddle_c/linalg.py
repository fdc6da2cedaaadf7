"""paddle_c.linalg: the array API standard's linear algebra extension.

The decompositions, solvers and products are C functions (``paddle_c._C._linalg_*``, on
OpenBLAS/LAPACK); this module gives them the standard's signatures and named-tuple results.
The norms, ``trace``, ``matrix_rank`` and ``pinv`` are compositions of the main namespace's
elementwise and reduction functions.

Floating functions accept integer input and compute in float32 (Paddle's rule); float16 and
bfloat16 are computed in float32 and cast back. Singular input to ``inv``/``solve``, input
that is not positive definite to ``cholesky``, and NaN or infinity given to ``eigh``, ``eig``
or ``svd`` raise ``ValueError``.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Tuple, Union

from . import _C
from ._C import Tensor, matmul, matrix_transpose, tensordot, vecdot  # noqa: F401
from ._dtypes import finfo as _finfo

__all__ = [
    "EigResult", "EighResult", "QRResult", "SVDResult", "SlogdetResult",
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv",
    "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot", "vector_norm",
]


class EighResult(NamedTuple):
    eigenvalues: Tensor
    eigenvectors: Tensor


class EigResult(NamedTuple):
    eigenvalues: Tensor
    eigenvectors: Tensor


class QRResult(NamedTuple):
    Q: Tensor
    R: Tensor


class SlogdetResult(NamedTuple):
    sign: Tensor
    logabsdet: Tensor


class SVDResult(NamedTuple):
    U: Tensor
    S: Tensor
    Vh: Tensor


def cholesky(x: Tensor, /, *, upper: bool = False) -> Tensor:
    """Cholesky factor of Hermitian positive-definite matrices: lower ``L`` with
    ``x = L @ L.mH``, or upper ``U`` with ``x = U.mH @ U`` when ``upper``."""
    return _C._linalg_cholesky(x, upper)


def cross(x1: Tensor, x2: Tensor, /, *, axis: int = -1) -> Tensor:
    """Cross product of 3-element vectors along ``axis`` (negative), after broadcasting."""
    return _C._linalg_cross(x1, x2, axis=axis)


def det(x: Tensor, /) -> Tensor:
    """Determinant of each matrix (0 for singular ones)."""
    return _C._linalg_det(x)


def diagonal(x: Tensor, /, *, offset: int = 0) -> Tensor:
    """The ``offset`` diagonal of each matrix, as a view."""
    return _C._linalg_diagonal(x, offset)


def eig(x: Tensor, /) -> EigResult:
    """Eigenvalues and right eigenvectors (unit columns) of general matrices, complex."""
    return EigResult(*_C._linalg_eig(x))


def eigh(x: Tensor, /) -> EighResult:
    """Eigenvalues (ascending) and orthonormal eigenvectors of Hermitian matrices (the lower
    triangle is read)."""
    return EighResult(*_C._linalg_eigh(x))


def eigvals(x: Tensor, /) -> Tensor:
    """Eigenvalues of general matrices, complex."""
    return _C._linalg_eigvals(x)


def eigvalsh(x: Tensor, /) -> Tensor:
    """Eigenvalues (ascending) of Hermitian matrices."""
    return _C._linalg_eigvalsh(x)


def inv(x: Tensor, /) -> Tensor:
    """Inverse of each matrix; ``ValueError`` for a singular one."""
    return _C._linalg_inv(x)


def matrix_power(x: Tensor, n: int, /) -> Tensor:
    """``x`` raised to the integer power ``n`` (the identity for 0, powers of the inverse for
    negative ``n``)."""
    return _C._linalg_matrix_power(x, n)


def outer(x1: Tensor, x2: Tensor, /) -> Tensor:
    """Outer product of two 1-d tensors."""
    return _C._linalg_outer(x1, x2)


def qr(x: Tensor, /, *, mode: str = "reduced") -> QRResult:
    """QR decomposition; ``mode`` is ``"reduced"`` (Q: (..., M, K)) or ``"complete"``
    (Q: (..., M, M))."""
    return QRResult(*_C._linalg_qr(x, mode))


def slogdet(x: Tensor, /) -> SlogdetResult:
    """Sign and natural logarithm of the absolute value of the determinant (sign 0 and
    logabsdet -inf for singular matrices)."""
    return SlogdetResult(*_C._linalg_slogdet(x))


def solve(x1: Tensor, x2: Tensor, /) -> Tensor:
    """Solution of ``x1 @ x = x2``; ``x2`` is (..., M, K) or a vector (M,)."""
    return _C._linalg_solve(x1, x2)


def svd(x: Tensor, /, *, full_matrices: bool = True) -> SVDResult:
    """Singular value decomposition ``x = U @ diag(S) @ Vh``, ``S`` descending."""
    return SVDResult(*_C._linalg_svd(x, full_matrices))


def svdvals(x: Tensor, /) -> Tensor:
    """Singular values, descending."""
    return _C._linalg_svdvals(x)


# ---- compositions of the main namespace -----------------------------------------------------

def _real_float(x: Tensor) -> Tensor:
    """x as a floating tensor (integers and bool give float32, Paddle's rule)."""
    if _C.isdtype(x.dtype, ("real floating", "complex floating")):
        return x
    return x.astype(_C.float32)


def trace(x: Tensor, /, *, offset: int = 0, dtype=None) -> Tensor:
    """Sum of the ``offset`` diagonal of each matrix, with ``sum``'s dtype rules."""
    return _C.sum(diagonal(x, offset=offset), axis=-1, dtype=dtype)


def vector_norm(x: Tensor, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None,
                keepdims: bool = False, ord: Union[int, float] = 2) -> Tensor:
    """The ``ord``-norm of vectors along ``axis`` (all axes when None), in the real dtype of
    ``x``."""
    x = _real_float(x)
    a = _C.abs(x)
    if ord == 2:
        return _C.sqrt(_C.sum(a * a, axis=axis, keepdims=keepdims))
    if ord == 1:
        return _C.sum(a, axis=axis, keepdims=keepdims)
    if ord == float("inf"):
        return _C.max(a, axis=axis, keepdims=keepdims)
    if ord == float("-inf"):
        return _C.min(a, axis=axis, keepdims=keepdims)
    if ord == 0:
        return _C.sum(_C.astype(a != 0, a.dtype), axis=axis, keepdims=keepdims)
    p = float(ord)
    return _C.pow(_C.sum(_C.pow(a, p), axis=axis, keepdims=keepdims), 1.0 / p)


def matrix_norm(x: Tensor, /, *, keepdims: bool = False,
                ord: Optional[Union[int, float, str]] = "fro") -> Tensor:
    """Frobenius, nuclear, 1, 2 or infinity norm (and the negative orders) of each matrix."""
    x = _real_float(x)
    if ord == "fro":
        a = _C.abs(x)
        r = _C.sqrt(_C.sum(a * a, axis=(-2, -1)))
    elif ord == "nuc":
        r = _C.sum(svdvals(x), axis=-1)
    elif ord in (2, -2):
        s = svdvals(x)
        r = _C.max(s, axis=-1) if ord == 2 else _C.min(s, axis=-1)
    elif ord in (1, -1, float("inf"), float("-inf")):
        a = _C.abs(x)
        sums = _C.sum(a, axis=-2 if ord in (1, -1) else -1)
        r = _C.max(sums, axis=-1) if ord > 0 else _C.min(sums, axis=-1)
    else:
        raise ValueError(f"matrix_norm: unsupported ord {ord!r}; use 'fro', 'nuc', 1, -1, 2, "
                         "-2, inf or -inf")
    if keepdims:
        r = _C.reshape(r, tuple(r.shape) + (1, 1))
    return r


def _default_rtol(x: Tensor, s: Tensor):
    m, n = x.shape[-2:]
    return max(m, n) * _finfo(s.dtype).eps


def matrix_rank(x: Tensor, /, *, rtol: Optional[Union[float, Tensor]] = None) -> Tensor:
    """Number of singular values above ``rtol * largest`` (``rtol`` defaults to
    ``max(M, N) * eps``); ``rtol`` may be a tensor broadcasting against the stack shape."""
    _C._same_device(x, rtol)
    s = svdvals(x)
    if rtol is None:
        rtol = _default_rtol(x, s)
    elif isinstance(rtol, Tensor):
        rtol = _C.expand_dims(rtol.astype(s.dtype), axis=-1)
    if s.shape[-1] == 0:
        return _C.zeros(s.shape[:-1], dtype=_C.int64, device=x.device)
    tol = _C.max(s, axis=-1, keepdims=True) * rtol
    return _C.sum(_C.astype(s > tol, _C.int64), axis=-1)


def pinv(x: Tensor, /, *, rtol: Optional[Union[float, Tensor]] = None) -> Tensor:
    """Moore-Penrose pseudo-inverse from the SVD; singular values at or below
    ``rtol * largest`` count as zero."""
    _C._same_device(x, rtol)
    u, s, vh = svd(x, full_matrices=False)
    if rtol is None:
        rtol = _default_rtol(x, s)
    elif isinstance(rtol, Tensor):
        rtol = _C.expand_dims(rtol.astype(s.dtype), axis=-1)
    if s.shape[-1] == 0:
        return _C.zeros(tuple(x.shape[:-2]) + (x.shape[-1], x.shape[-2]), dtype=u.dtype,
                        device=x.device)
    cutoff = _C.max(s, axis=-1, keepdims=True) * rtol
    big = s > cutoff
    s_inv = _C.where(big, 1.0 / _C.where(big, s, _C.ones_like(s)), _C.zeros_like(s))
    vt = _C.conj(_C.matrix_transpose(vh)) if _C.isdtype(vh.dtype, "complex floating") \
        else _C.matrix_transpose(vh)
    ut = _C.conj(_C.matrix_transpose(u)) if _C.isdtype(u.dtype, "complex floating") \
        else _C.matrix_transpose(u)
    return matmul(vt * _C.expand_dims(s_inv, axis=-2).astype(vt.dtype), ut)
