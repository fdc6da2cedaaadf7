/*
 * indexing.h - reading and writing parts of tensors: NumPy-style indices, boolean masks,
 * take / take_along_axis and nonzero.
 *
 * An index is an array of pc_index items, what Python's `x[a, b, ...]` holds after its objects
 * have been recognised: integers, slices, `...`, `None` (new axis), Python booleans (0-D masks)
 * and integer or boolean tensors. Basic indices (integers, slices, `...`, `None`) give views;
 * any tensor or boolean index makes the index advanced, and then integers count as 0-D integer
 * arrays and the broadcast index dimensions are placed where NumPy places them (at the first
 * advanced item when the advanced items are adjacent in the index, else first).
 *
 * Every function validates the whole index (bounds, mask shapes, broadcasting of index arrays
 * and of the value) before it writes anything: a failed assignment leaves the tensor unchanged.
 * With repeated indices the last write wins.
 *
 * Ownership rules: index items borrow their tensors; results are new tensors owned by the caller.
 */
#ifndef PADDLE_C_INDEXING_H
#define PADDLE_C_INDEXING_H

#include <stdint.h>

#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_index_kind {
    PC_INDEX_INT = 0,       /* `value`; negative counts from the end */
    PC_INDEX_SLICE,         /* `start`:`stop`:`step` (see below) */
    PC_INDEX_ELLIPSIS,      /* `...`: as many full slices as needed */
    PC_INDEX_NEWAXIS,       /* `None`: a new axis of extent 1 */
    PC_INDEX_BOOL,          /* a Python bool (`value` 0 or 1): a 0-D mask */
    PC_INDEX_TENSOR         /* `tensor`: integer (gather) or bool (mask); 0-D ones act as
                               PC_INDEX_INT / PC_INDEX_BOOL */
} pc_index_kind;

/* Slices carry Python's unpacked form (PySlice_Unpack): step != 0; an open start is 0 for a
 * positive step and INT64_MAX for a negative one; an open stop is INT64_MAX for a positive
 * step and INT64_MIN for a negative one. Any values are clamped to the axis like Python. */
typedef struct pc_index {
    pc_index_kind kind;
    int64_t value;
    int64_t start;
    int64_t stop;
    int64_t step;
    const pc_tensor *tensor;  /* borrowed */
} pc_index;

/* At most this many items in one index. */
#define PC_INDEX_MAX_ITEMS (2 * PC_MAX_NDIM + 1)

/* x[index]: a view for basic indices, a new tensor otherwise. */
pc_status pc_index_get(const pc_tensor *x, int n, const pc_index *index, pc_tensor **out);

/* x[index] = value: `value` is broadcast to the indexed shape (leading extents of 1 beyond
 * its rank are ignored, as NumPy does) and cast to x's dtype. Fails on a read-only x. */
pc_status pc_index_set(pc_tensor *x, int n, const pc_index *index, const pc_tensor *value);

/* x[index] = scalar, converted to x's dtype (OverflowError when it does not fit). */
pc_status pc_index_fill(pc_tensor *x, int n, const pc_index *index, const pc_scalar *value);

/* x[index] += value, where every position the index addresses adds its part of `value` (broadcast
 * and cast as for pc_index_set): a position addressed twice receives both additions (the
 * accumulating form of setitem; Paddle's scatter(overwrite=False)). Fails on a read-only x. */
pc_status pc_index_add(pc_tensor *x, int n, const pc_index *index, const pc_tensor *value);

/* The indices of the non-zero elements, one int64 tensor per dimension of x (x->ndim >= 1),
 * in C order. `out` has room for x->ndim tensors. */
pc_status pc_nonzero(const pc_tensor *x, pc_tensor **out);

/* Elements of x at `indices` (an integer tensor, negative values count from the end) along
 * `axis`; the result has indices' dimensions in place of that axis. */
pc_status pc_take(const pc_tensor *x, const pc_tensor *indices, int axis, pc_tensor **out);

/* take_along_axis: x and indices have the same rank and broadcast together except along
 * `axis`, where the result takes indices' extent. */
pc_status pc_take_along_axis(const pc_tensor *x, const pc_tensor *indices, int axis,
                             pc_tensor **out);

#ifdef __cplusplus
}
#endif
#endif
