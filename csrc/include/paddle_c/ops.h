/*
 * ops.h - the tensor operations of the C core that do not need Python.
 *
 * Every function returns a pc_status; results come back through `out` parameters as new
 * tensors owned by the caller (pc_tensor_free). Inputs are never modified unless the function
 * says it writes into a destination.
 */
#ifndef PADDLE_C_OPS_H
#define PADDLE_C_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "dtype.h"
#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Register backends and kernels; idempotent. Call before any other function. */
pc_status pc_init(void);

/* Copy `src` into `dst`, broadcasting src to dst's shape and casting to dst's dtype. Works for
 * overlapping memory (a temporary is made when needed). Fails on a read-only dst. */
pc_status pc_copy_into(pc_tensor *dst, const pc_tensor *src);

/* A new tensor with x's values in `dtype` (NumPy-style memory order 'K'). When `copy` is false
 * and the dtype already matches, an alias of `x` is returned. */
pc_status pc_astype(const pc_tensor *x, pc_dtype dtype, bool copy, pc_tensor **out);

/* A C-contiguous copy of x (always new memory). */
pc_status pc_contiguous_copy(const pc_tensor *x, pc_tensor **out);

/* The device all of ops[0..n) share (NULL entries skipped): PC_ERR_VALUE naming both devices
 * when two differ. Every kernel call makes this check (the dispatcher); operations of several
 * tensors that run no kernel (views: broadcast_arrays, meshgrid, expand_as) make it
 * themselves. */
pc_status pc_common_device(int n, const pc_tensor *const *ops, pc_device *out);

/* A C-contiguous copy of x on `device` (through the backends' copy functions). */
pc_status pc_to_device(const pc_tensor *x, pc_device device, pc_tensor **out);

/* Set every element of `dst` to the scalar converted to dst's dtype. */
pc_status pc_fill(pc_tensor *dst, const pc_scalar *value);

/* A new tensor of `shape` filled with `value`. */
pc_status pc_full(int ndim, const int64_t *shape, const pc_scalar *value, pc_dtype dtype,
                  pc_device device, pc_tensor **out);

/* 1-D ranges. arange: ceil((stop - start) / step) elements (ValueError for step 0); integer
 * arguments are computed exactly, and with dtype PC_DTYPE_INVALID their dtype is int64, or
 * uint64 when the values go beyond int64 (OverflowError when no integer dtype holds them all).
 * linspace: `num` elements from start to stop (inclusive when `endpoint`). Complex start/stop
 * are allowed for complex dtypes (linspace). */
pc_status pc_arange(const pc_scalar *start, const pc_scalar *stop, const pc_scalar *step,
                    pc_dtype dtype, pc_device device, pc_tensor **out);
pc_status pc_linspace(const pc_scalar *start, const pc_scalar *stop, int64_t num, bool endpoint,
                      pc_dtype dtype, pc_device device, pc_tensor **out);

/* An (n_rows, n_cols) matrix with ones on diagonal k. */
pc_status pc_eye(int64_t n_rows, int64_t n_cols, int64_t k, pc_dtype dtype, pc_device device,
                 pc_tensor **out);

/* Copy of x (ndim >= 2) with the elements above (tril) / below (triu) diagonal k zeroed. */
pc_status pc_tri(const pc_tensor *x, int64_t k, bool upper, pc_tensor **out);

#ifdef __cplusplus
}
#endif
#endif
