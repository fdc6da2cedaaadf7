/*
 * linalg_kernels.h - the contracts of the linear-algebra kernels (ops.def rows MATMUL to SVD):
 * which tensors each kernel receives and the parameter structs. Shared by the core functions
 * (dispatch/matmul.c, dispatch/linalg.c) and every backend's kernels.
 *
 * Common rules for the whole-tensor kernels below: every tensor has the same number of leading
 * batch dimensions with the same extents (broadcast operands have zero batch strides); the
 * core has checked shapes, converted inputs to the kernel's dtype and allocated the outputs;
 * kernels only compute. "F-layout" means each matrix is column-major (element (i, j) at
 * i * itemsize + j * rows * itemsize), the layout LAPACK works in; "C-layout" is row-major.
 * Batch strides of outputs are arbitrary.
 *
 *   MATMUL    in: a (..., m, k), b (..., k, n), any strides; out: c (..., m, n) C-layout.
 *   VECDOT    elementwise over the broadcast shape without the reduced axis: in a, b, out c;
 *             c = sum_i conj(a[i]) * b[i] over pc_vecdot_params.
 *   CROSS     elementwise over the shape without the 3-element axis; pc_cross_params.
 *   CHOLESKY  out[0]: (..., n, n) C-layout holding A, overwritten by the factor (the other
 *             triangle zeroed); pc_cholesky_params. PC_ERR_VALUE when A is not positive
 *             definite.
 *   INV       out[0]: (..., n, n) C-layout holding A, overwritten by its inverse.
 *             PC_ERR_VALUE when A is singular.
 *   SOLVE     in[0]: A (..., n, n) any strides; out[0]: X (..., n, k) F-layout holding B,
 *             overwritten by the solution of A X = B. PC_ERR_VALUE when A is singular.
 *   SLOGDET   in[0]: A (..., n, n). nout 1: out[0] = det (...). nout 2: out[0] = sign (...)
 *             in A's dtype, out[1] = log|det| (...) in A's real dtype.
 *   QR        in[0]: A (..., m, n); out[0]: Q (..., m, mq) F-layout, out[1]: R (..., mq, n)
 *             with mq = min(m, n) (reduced) or m (complete).
 *   EIGH      out[0]: eigenvalues (..., n), real dtype; out[1]: (..., n, n) F-layout holding A
 *             (lower triangle read), overwritten by the eigenvectors when
 *             pc_eigh_params.vectors.
 *   EIG       in[0]: A (..., n, n); out[0]: eigenvalues (..., n) in the complex dtype of A;
 *             nout 2: out[1] eigenvectors (..., n, n) F-layout, complex.
 *   SVD       in[0]: A (..., m, n); out[0]: S (..., k) real, k = min(m, n); nout 3: out[1] U
 *             (..., m, m or k) and out[2] Vh (..., n or k, n), both C-layout per matrix.
 *
 * EIGH, EIG and SVD report PC_ERR_VALUE for input with NaN or infinity (LAPACK's iterations
 * are undefined there) and for a failure to converge; through the result word, `detail` says
 * which (pc_la_failure).
 *
 * Memory on a device: every tensor is on the kernel's device and every parameter struct is
 * host memory passed by value. The failures above (not positive definite, singular, no
 * convergence) are data-dependent results. CHOLESKY, INV and SOLVE take the device's result
 * word in their parameters, and so do EIGH, EIG and SVD (`result`, a DEVICE address; NULL on
 * the CPU, where the kernel returns the failure as its status): a device kernel reports
 * through it with pc_result_fail(result, PC_ERR_VALUE, detail, value) - `value` the order of
 * the failing leading minor (CHOLESKY), `detail` a pc_la_failure (EIGH, EIG, SVD), else 0 - and
 * the op layer reads it once per operation and raises the messages below.
 */
#ifndef PADDLE_C_LINALG_KERNELS_H
#define PADDLE_C_LINALG_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "paddle_c/backend.h"

/* The messages of the data-dependent failures, one place for the CPU kernels and the op layer
 * that reads a device's result word. */
#define PC_MSG_CHOLESKY_NOT_PD                                                                  \
    "cholesky: the matrix is not positive definite (its leading minor of order %d is not "     \
    "positive)"
#define PC_MSG_INV_SINGULAR "inv: the matrix is singular"
#define PC_MSG_SOLVE_SINGULAR "solve: the matrix x1 is singular"
#define PC_MSG_EIGH_NOT_FINITE "eigh: the matrix contains NaN or infinity"
#define PC_MSG_EIGH_NO_CONVERGENCE "eigh: the eigenvalue algorithm did not converge"
#define PC_MSG_EIG_NOT_FINITE "eig: the matrix contains NaN or infinity"
#define PC_MSG_EIG_NO_CONVERGENCE "eig: the QR algorithm did not converge"
#define PC_MSG_SVD_NOT_FINITE "svd: the matrix contains NaN or infinity"
#define PC_MSG_SVD_NO_CONVERGENCE "svd: the algorithm did not converge"

/* Which failure of EIGH, EIG or SVD a result word reports (pc_result_word.detail). */
typedef enum pc_la_failure {
    PC_LA_NOT_FINITE = 1,       /* the input holds NaN or infinity */
    PC_LA_NO_CONVERGENCE = 2    /* LAPACK's iteration did not converge */
} pc_la_failure;

/* VECDOT: the reduced axis of both inputs (its length and byte strides). */
typedef struct pc_vecdot_params {
    int64_t n;
    int64_t stride_a;
    int64_t stride_b;
} pc_vecdot_params;

/* CROSS: byte strides of the 3-element axis of a, b and the output. */
typedef struct pc_cross_params {
    int64_t stride_a;
    int64_t stride_b;
    int64_t stride_out;
} pc_cross_params;

typedef struct pc_cholesky_params {
    bool upper;
    pc_result_word *result;     /* the operation's result word (DEVICE address); NULL on the CPU */
} pc_cholesky_params;

/* INV, SOLVE. */
typedef struct pc_singular_params {
    pc_result_word *result;     /* the operation's result word (DEVICE address); NULL on the CPU */
} pc_singular_params;

typedef struct pc_eigh_params {
    bool vectors;
    pc_result_word *result;     /* the operation's result word (DEVICE address); NULL on the CPU */
} pc_eigh_params;

/* EIG, SVD. */
typedef struct pc_converge_params {
    pc_result_word *result;     /* the operation's result word (DEVICE address); NULL on the CPU */
} pc_converge_params;

#endif
