/*
 * reduce.h - reductions, statistics, scans, searching, sorting and set operations of the C core.
 *
 * Here: the public C interface of these families (no Python). The engine lives in
 * csrc/dispatch/reduce.c (axes, result dtypes, empty inputs, kernel lookup) and the CPU kernels
 * in csrc/kernels/cpu/reduce*.c, argreduce*.c, scan*.c, sort*.c, unique*.c.
 *
 * Conventions: axes are given as in the array API standard, in [-ndim, ndim); `naxes < 0`
 * means "every axis". Results are new tensors owned by the caller (pc_tensor_free). Inputs are
 * never modified. A reduction over zero elements gives the standard's value (sum 0, prod 1,
 * mean/var NaN, all true, any false) and PC_ERR_VALUE for max/min/argmax/argmin, which have no
 * identity.
 */
#ifndef PADDLE_C_REDUCE_H
#define PADDLE_C_REDUCE_H

#include <stdbool.h>
#include <stdint.h>

#include "dtype.h"
#include "reduction_ids.h"
#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reductions of pc_reduce(): PC_REDUCE_<ID> of each row of paddle_c/reductions.def. */

/* Name of a reduction ("sum"), for messages. */
const char *pc_reduction_name(pc_reduction r);

/* The dtype of r's result for input dtype `x` when no dtype is requested: sums and products of
 * bool and signed integers give int64, of unsigned integers uint64; mean, logsumexp, var and
 * std of bool and integers give the default floating dtype (float32 unless
 * pc_set_default_float changed it); var and std of complex give the real dtype; all/any give
 * bool; count_nonzero int64; the others keep x's dtype. */
pc_dtype pc_reduction_result_dtype(pc_reduction r, pc_dtype x);

/* The dtype that bool or integer input `x` of a reduction with a floating result (mean, var,
 * std, logsumexp, median) is cast to before a kernel sees it: the default floating dtype when
 * that is not float32, else PC_DTYPE_INVALID (no cast). [Why] The kernels write the floating
 * result of integer input as float32, Paddle's default; another default is reached by casting
 * the input first, as dtype= does, so that the values are computed in that precision. */
pc_dtype pc_reduction_integer_cast(pc_dtype x);

/* Reduce x over `axes` (naxes < 0: all axes; naxes == 0: none, each element is reduced on its
 * own). `dtype` (PC_DTYPE_INVALID for the default) is honoured by sum, prod, nansum, nanprod
 * and mean: x is then reduced as if cast to `dtype` first. `correction` is var/std's degrees
 * of freedom adjustment. PC_ERR_AXIS for a bad or repeated axis, PC_ERR_TYPE for a dtype the
 * reduction does not take (max of complex). */
pc_status pc_reduce(pc_reduction r, const pc_tensor *x, int naxes, const int *axes,
                    bool keepdims, pc_dtype dtype, double correction, pc_tensor **out);

typedef enum pc_argreduction {
    PC_ARGMAX = 0,
    PC_ARGMIN,
    PC_NANARGMAX,   /* NaN skipped; a slice of only NaN is PC_ERR_VALUE */
    PC_NANARGMIN
} pc_argreduction;

/* Index (int64) of the first maximum/minimum along `axis`, or of the flattened tensor (C order)
 * when `has_axis` is false. NaN counts as larger/smaller than everything (its first index
 * wins), as in NumPy. */
pc_status pc_argreduce(pc_argreduction r, const pc_tensor *x, bool has_axis, int axis,
                       bool keepdims, pc_tensor **out);

/* Cumulative sum (or product when `prod`) along `axis`, or of the flattened tensor (C order)
 * when `has_axis` is false. The result dtype follows pc_reduction_result_dtype for SUM/PROD;
 * `dtype` (PC_DTYPE_INVALID: default) casts as for pc_reduce. With include_initial the result
 * is one longer along the axis and starts with the identity (0 or 1). */
pc_status pc_cumulative(bool prod, const pc_tensor *x, bool has_axis, int axis, pc_dtype dtype,
                        bool include_initial, pc_tensor **out);

/* The n-th discrete difference along `axis`: out[i] = in[i + 1] - in[i], applied n times to
 * the concatenation (prepend, x, append) along the axis (prepend/append may be NULL; a 0-D one
 * is broadcast to extent 1 along the axis, others must match x except along the axis). The
 * dtype is the promotion of the three; bool differences are `!=`. n >= 0; n == 0 gives a copy
 * of x alone (as NumPy). */
pc_status pc_diff(const pc_tensor *x, int axis, int64_t n, const pc_tensor *prepend,
                  const pc_tensor *append, pc_tensor **out);

/* Stable sort along `axis`: the sorted values and/or the int64 indices that sort x (either
 * output pointer may be NULL, not both). NaN sorts last in both orders; complex numbers sort
 * lexicographically (NumPy's order). A 0-D x is a single element (axis 0 or -1). */
pc_status pc_sort(const pc_tensor *x, int axis, bool descending, pc_tensor **values,
                  pc_tensor **indices);

/* The k largest (or smallest) elements along `axis` and their indices, in sorted order
 * (views of one sorted result). 0 <= k <= extent. */
pc_status pc_topk(const pc_tensor *x, int64_t k, int axis, bool largest, pc_tensor **values,
                  pc_tensor **indices);

/* The k-th smallest (1-based) element along `axis` and its index. */
pc_status pc_kthvalue(const pc_tensor *x, int64_t k, int axis, bool keepdims,
                      pc_tensor **values, pc_tensor **indices);

/* Median along `axis` (of the flattened tensor when !has_axis). `lower` gives the lower of
 * the two middle elements (x's dtype) instead of their mean (the floating result dtype of
 * mean). With `skip_nan` NaN elements are ignored; otherwise a NaN in the slice gives NaN.
 * An empty slice gives NaN. */
pc_status pc_median(const pc_tensor *x, bool has_axis, int axis, bool keepdims, bool lower,
                    bool skip_nan, pc_tensor **out);

/* For each element of x2, the index where it would be inserted into the 1-D x1 (sorted
 * ascending in sort()'s order, or through the int64 permutation `sorter` when non-NULL) to
 * keep it sorted: before equal elements (left) or after them (`right`). x1 and x2 are
 * compared in their promoted dtype. int64 result shaped like x2. */
pc_status pc_searchsorted(const pc_tensor *x1, const pc_tensor *x2, bool right,
                          const pc_tensor *sorter, pc_tensor **out);

/* Whether each element of x1 occurs in x2 (compared in the promoted dtype; NaN occurs
 * nowhere, -0 equals +0), negated when `invert`. bool result shaped like x1. */
pc_status pc_isin(const pc_tensor *x1, const pc_tensor *x2, bool invert, pc_tensor **out);

/* The unique elements of x (flattened, sorted; each NaN distinct, -0 and +0 one value) and,
 * on request, the index of each one's first occurrence, the inverse indices (shaped like x)
 * and the counts (all int64). Fields not requested are NULL. */
typedef struct pc_unique_result {
    pc_tensor *values;
    pc_tensor *indices;
    pc_tensor *inverse;
    pc_tensor *counts;
} pc_unique_result;

pc_status pc_unique(const pc_tensor *x, bool want_indices, bool want_inverse, bool want_counts,
                    pc_unique_result *out);

#ifdef __cplusplus
}
#endif
#endif
