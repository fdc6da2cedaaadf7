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
#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reductions of pc_reduce(). The nan* forms skip NaN elements (an element of a complex
 * dtype is NaN when either part is). */
typedef enum pc_reduction {
    PC_REDUCE_SUM = 0,
    PC_REDUCE_PROD,
    PC_REDUCE_MAX,
    PC_REDUCE_MIN,
    PC_REDUCE_ALL,
    PC_REDUCE_ANY,
    PC_REDUCE_MEAN,
    PC_REDUCE_VAR,
    PC_REDUCE_STD,
    PC_REDUCE_COUNT_NONZERO,
    PC_REDUCE_NANSUM,
    PC_REDUCE_NANPROD,
    PC_REDUCE_NANMAX,
    PC_REDUCE_NANMIN,
    PC_REDUCE_NANMEAN,
    PC_REDUCE_NANVAR,
    PC_REDUCE_NANSTD,
    PC_REDUCE_LOGSUMEXP,
    PC_NUM_REDUCTIONS
} pc_reduction;

/* Name of a reduction ("sum"), for messages. */
const char *pc_reduction_name(pc_reduction r);

/* The dtype of r's result for input dtype `x` when no dtype is requested: sums and products of
 * bool and signed integers give int64, of unsigned integers uint64; mean, logsumexp, var and
 * std of bool and integers give the default float (float32); var and std of complex give the
 * real dtype; all/any give bool; count_nonzero int64; the others keep x's dtype. */
pc_dtype pc_reduction_result_dtype(pc_reduction r, pc_dtype x);

/* Reduce x over `axes` (naxes < 0: all axes; naxes == 0: none, each element is reduced on its
 * own). `dtype` (PC_DTYPE_INVALID for the default) is honoured by sum, prod, nansum, nanprod
 * and mean: x is then reduced as if cast to `dtype` first. `correction` is var/std's degrees
 * of freedom adjustment. PC_ERR_VALUE for a bad or repeated axis, PC_ERR_TYPE for a dtype the
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

#ifdef __cplusplus
}
#endif
#endif
