/*
 * linalg_util.h - helpers shared by the core's linear-algebra functions (products.c,
 * linalg.c): dtype rules, shape checks, batch-broadcast views and matrix allocation.
 * Internal to the core.
 */
#ifndef PADDLE_C_LINALG_UTIL_H
#define PADDLE_C_LINALG_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "paddle_c/status.h"
#include "paddle_c/tensor.h"

/* The dtype a floating function computes in (float32/float64/complex64/complex128) and the
 * dtype of its result: integers give float32 both; float16/bfloat16 compute in float32 and
 * give their own dtype back. bool is PC_ERR_TYPE naming `fname`. */
pc_status pc_la_floating(const char *fname, pc_dtype in, pc_dtype *compute, pc_dtype *result);

/* x has at least 2 dimensions, its last two are equal (unless `square` is false) and fit the
 * 32-bit LAPACK interface; PC_ERR_VALUE naming `fname` otherwise. */
pc_status pc_la_check_matrix(const char *fname, const pc_tensor *x, bool square);

/* A view of t whose leading (t->ndim - ncore) dimensions are broadcast to `batch` (nb >= that
 * many dimensions, right-aligned); the last ncore dimensions are kept. */
pc_status pc_la_batch_view(const pc_tensor *t, int ncore, int nb, const int64_t *batch,
                           pc_tensor **out);

/* A new (batch..., rows, cols) tensor, each matrix row-major (C-layout) or column-major
 * (F-layout, `fortran`). */
pc_status pc_la_empty(int nb, const int64_t *batch, int64_t rows, int64_t cols, pc_dtype dtype,
                      pc_device device, bool fortran, pc_tensor **out);

/* Replace *t by a copy in `dtype` when its dtype differs (frees the old one). On failure *t is
 * freed and set to NULL. */
pc_status pc_la_cast_result(pc_tensor **t, pc_dtype dtype);

/* A view of the C-contiguous t with a new shape of the same size. */
pc_status pc_la_reshape(const pc_tensor *t, int ndim, const int64_t *shape, pc_tensor **out);

#endif
