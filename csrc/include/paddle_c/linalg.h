/*
 * linalg.h - linear algebra in the C core: products (matmul, tensordot, vecdot, outer, cross,
 * matrix_power), the diagonal view, and the LAPACK-backed decompositions and solvers.
 *
 * Shapes follow the array API standard: matrices are the last two dimensions and the leading
 * (batch) dimensions broadcast. Products promote their operands (Paddle's lattice) and accept
 * every numeric dtype; bool raises PC_ERR_TYPE. The floating functions compute in float32 or
 * float64 (complex64/complex128 for complex input): integer input gives float32 (Paddle's
 * rule), float16 and bfloat16 are computed in float32 and the results cast back.
 *
 * Results are new tensors owned by the caller. Singular input to inv/solve, non-positive-definite
 * input to cholesky and non-finite input to eigh/eig/svd are PC_ERR_VALUE; det and slogdet give
 * the standard's values for singular matrices (0; sign 0 and log|det| = -inf).
 */
#ifndef PADDLE_C_LINALG_H
#define PADDLE_C_LINALG_H

#include <stdbool.h>
#include <stdint.h>

#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

pc_status pc_matmul(const pc_tensor *a, const pc_tensor *b, pc_tensor **out);

/* Contract axes_a[i] of a with axes_b[i] of b (i < naxes; negative axes count from the end). */
pc_status pc_tensordot(const pc_tensor *a, const pc_tensor *b, int naxes, const int64_t *axes_a,
                       const int64_t *axes_b, pc_tensor **out);

/* sum(conj(a) * b) along `axis` (negative, counted from the end of both) after broadcasting. */
pc_status pc_vecdot(const pc_tensor *a, const pc_tensor *b, int64_t axis, pc_tensor **out);

/* Outer product of two 1-D tensors. */
pc_status pc_outer(const pc_tensor *a, const pc_tensor *b, pc_tensor **out);

/* 3-element cross product along `axis` (negative) after broadcasting. */
pc_status pc_cross(const pc_tensor *a, const pc_tensor *b, int64_t axis, pc_tensor **out);

/* x^n for square matrices (n < 0 inverts first). */
pc_status pc_matrix_power(const pc_tensor *x, int64_t n, pc_tensor **out);

/* View of the `offset` diagonal of the last two axes (a view sharing x's storage). */
pc_status pc_diagonal(const pc_tensor *x, int64_t offset, pc_tensor **out);

pc_status pc_cholesky(const pc_tensor *x, bool upper, pc_tensor **out);
pc_status pc_inv(const pc_tensor *x, pc_tensor **out);
/* Solve a x = b; b is (..., n, k) or a vector (n,) (then the result is (..., n)). */
pc_status pc_solve(const pc_tensor *a, const pc_tensor *b, pc_tensor **out);
pc_status pc_det(const pc_tensor *x, pc_tensor **out);
pc_status pc_slogdet(const pc_tensor *x, pc_tensor **sign, pc_tensor **logabsdet);
pc_status pc_qr(const pc_tensor *x, bool complete, pc_tensor **q, pc_tensor **r);
/* Eigenvalues (ascending) and, when `v` is not NULL, eigenvectors of Hermitian matrices (the
 * lower triangle is read). */
pc_status pc_eigh(const pc_tensor *x, pc_tensor **w, pc_tensor **v);
/* Eigenvalues and, when `v` is not NULL, eigenvectors of general matrices (complex results). */
pc_status pc_eig(const pc_tensor *x, pc_tensor **w, pc_tensor **v);
/* Singular values (descending) and, when `u` and `vh` are not NULL, the factors (full or
 * reduced). */
pc_status pc_svd(const pc_tensor *x, bool full_matrices, pc_tensor **s, pc_tensor **u,
                 pc_tensor **vh);

#ifdef __cplusplus
}
#endif
#endif
