/*
 * manipulation.h - changing the shape and arrangement of tensors: reshape, broadcasting, axis
 * permutations, flips (views), and concatenation, stacking, tiling, repetition and rolls
 * (copies).
 *
 * Axes are int64 values as the caller received them: negative values count from the end; an
 * axis out of range, or repeated where it must be unique, is PC_ERR_AXIS naming it (axis.h).
 *
 * Ownership rules: inputs are borrowed and never modified; results are new tensors owned by the
 * caller (functions returning several write them into a caller-provided array).
 */
#ifndef PADDLE_C_MANIPULATION_H
#define PADDLE_C_MANIPULATION_H

#include <stdbool.h>
#include <stdint.h>

#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* x with a new shape (at most one entry -1, inferred). `copy`: 1 always copies, 0 never copies
 * (PC_ERR_VALUE when the strides do not allow a view), -1 gives a view whenever the strides
 * allow one and a C-contiguous copy otherwise. */
pc_status pc_reshape(const pc_tensor *x, int ndim, const int64_t *shape, int copy,
                     pc_tensor **out);

/* A C-order 1-D view of x when it is C-contiguous, else a C-contiguous 1-D copy. */
pc_status pc_flatten(const pc_tensor *x, pc_tensor **out);

/* A read-only view of x broadcast to `shape` (zero strides on broadcast axes). An entry -1
 * keeps x's extent (Paddle's expand). */
pc_status pc_broadcast_to(const pc_tensor *x, int ndim, const int64_t *shape, pc_tensor **out);

/* The broadcast shape of several shapes; `out` has room for PC_MAX_NDIM entries. */
pc_status pc_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes, int *ndim,
                              int64_t *out);

/* Views with permuted axes: `axes` a permutation of x's axes; matrix_transpose swaps the last
 * two; moveaxis moves `src[i]` to position `dst[i]`, keeping the others in order. */
pc_status pc_permute_dims(const pc_tensor *x, int n, const int64_t *axes, pc_tensor **out);
pc_status pc_matrix_transpose(const pc_tensor *x, pc_tensor **out);
pc_status pc_moveaxis(const pc_tensor *x, int n, const int64_t *src, const int64_t *dst,
                      pc_tensor **out);

/* A view with new axes of extent 1 at the positions `axes` of the result (ndim + n axes). */
pc_status pc_expand_dims(const pc_tensor *x, int n, const int64_t *axes, pc_tensor **out);

/* A view without the axes `axes` (n < 0: every axis of extent 1). When `strict`, an axis whose
 * extent is not 1 is PC_ERR_VALUE; otherwise it is kept (Paddle's squeeze). */
pc_status pc_squeeze(const pc_tensor *x, int n, const int64_t *axes, bool strict,
                     pc_tensor **out);

/* A view with the order of the elements reversed along `axes` (n < 0: every axis). */
pc_status pc_flip(const pc_tensor *x, int n, const int64_t *axes, pc_tensor **out);

/* Join tensors along an existing axis (`flatten`: flatten them first and join along 0). The
 * dtype is the promotion of the inputs' dtypes. */
pc_status pc_concat(int n, const pc_tensor *const *xs, int64_t axis, bool flatten,
                    pc_tensor **out);

/* Join tensors of one shape along a new axis. */
pc_status pc_stack(int n, const pc_tensor *const *xs, int64_t axis, pc_tensor **out);

/* Views of the x->shape[axis] slices of x along `axis`, written to out[0 .. shape[axis]). */
pc_status pc_unstack(const pc_tensor *x, int64_t axis, pc_tensor **out);

/* x repeated `reps[i]` times along each axis (NumPy's tile: the shorter of x's shape and reps
 * is padded with leading ones). */
pc_status pc_tile(const pc_tensor *x, int n, const int64_t *reps, pc_tensor **out);

/* Each element repeated along `axis` (`flatten`: of the flattened x): `repeats` is an integer
 * tensor of extent 1 or the axis' extent, or NULL to repeat every element `count` times. */
pc_status pc_repeat(const pc_tensor *x, const pc_tensor *repeats, int64_t count, int64_t axis,
                    bool flatten, pc_tensor **out);

/* Elements shifted by shifts[i] along axes[i] (naxes == nshifts, or one shift for every axis);
 * `axes` NULL rolls the flattened tensor by shifts[0]. */
pc_status pc_roll(const pc_tensor *x, int nshifts, const int64_t *shifts, int naxes,
                  const int64_t *axes, pc_tensor **out);

#ifdef __cplusplus
}
#endif
#endif
