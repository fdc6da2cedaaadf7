/*
 * reduce_kernels.h - the contract between the reduction engine (dispatch/reduce.c, scan.c,
 * sort.c, ...) and the kernels of these families on every backend.
 *
 * Reductions (the rows of paddle_c/reductions.def) are whole-tensor kernels keyed by the input's
 * dtype:
 *   in[0]   x, any layout;
 *   out[0]  the result in pc_reduction_result_dtype(r, x->dtype), with x's number of dimensions
 *           and extent 1 on every reduced axis ("keepdims" shape), any layout, size > 0;
 *   params  const pc_reduce_params *.
 * An axis is reduced exactly when out's extent is 1 and x's is not; the number of elements
 * reduced into one output is x->size / out->size (0 when x is empty). The engine has already
 * rejected the empty reductions of the rows without an identity; kernels give the identity for
 * the others.
 *
 * Arg-reductions (ARGMAX ... NANARGMIN): in[0] x (real or bool), out[0] int64 in the keepdims
 * shape of the single reduced axis `pc_argreduce_params.axis` (x->shape[axis] > 0).
 */
#ifndef PADDLE_C_KERNELS_REDUCE_KERNELS_H
#define PADDLE_C_KERNELS_REDUCE_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "paddle_c/backend.h"

typedef struct pc_reduce_params {
    double correction;  /* var/std/nanvar/nanstd: divisor is count - correction */
    int reduction;      /* the pc_reduction run (a PAIR row's finish is chosen by it) */
} pc_reduce_params;

/* Scans (CUMSUM, CUMPROD): in[0] x, out[0] in the sum's accumulation dtype, shaped like x but
 * one longer along `axis` when include_initial (the identity first). */
typedef struct pc_scan_params {
    int axis;
    bool include_initial;
} pc_scan_params;

/* Sorts: SORT has out[0] the sorted values and, when nout == 2, out[1] the int64 indices;
 * ARGSORT has out[0] the indices. Both shaped like x; stable; NaN last in both orders. */
typedef struct pc_sort_params {
    int axis;
    bool descending;
} pc_sort_params;

/* MEDIAN: in[0] x sorted along `axis` (NaN last), out[0] keepdims-shaped: the lower middle
 * element (x's dtype) when `lower`, else the mean of the two middle ones (mean's dtype). */
typedef struct pc_median_params {
    int axis;
    bool lower;
    bool skip_nan;
} pc_median_params;

/* SEARCHSORTED: in[0] x1 (1-D, ascending in the sort order: NaN last), in[1] x2 (any
 * shape), in[2] (nin == 3) the int64 sorter of x1; out[0] int64 shaped like x2. A sorter
 * index outside [0, len(x1)) is a data-dependent failure: on the CPU (`result` NULL) the
 * kernel returns PC_ERR_INDEX with PC_MSG_SORTER_RANGE; on a device (`result` the device's
 * result word, set when there is a sorter) it reports pc_result_fail(result, PC_ERR_INDEX, 0,
 * index) and the op layer raises the same message after its one read of the word. */
#define PC_MSG_SORTER_RANGE "searchsorted: sorter index %lld is out of range for x1 of %lld " \
                            "elements"
typedef struct pc_searchsorted_params {
    bool right;                 /* side='right': after equal elements */
    pc_result_word *result;     /* devices with a sorter only (DEVICE address) */
} pc_searchsorted_params;

/* ISIN: in[0] x1 (any shape), in[1] x2 (1-D); out[0] bool shaped like x1. Both of the dtype
 * the kernel is keyed by. NaN is in nothing; -0 equals +0. */
typedef struct pc_isin_params {
    bool invert;
} pc_isin_params;

/* UNIQUE: in[0] the flattened values sorted (1-D contiguous, NaN last), in[1] (nin == 2)
 * the int64 stable-sort permutation that produced them; out[0] unique values, out[1] first
 * indices, out[2] inverse indices, out[3] counts (1-D int64 of the input's size; out[1..3]
 * may be NULL). The number of unique values is a data-dependent result: on the CPU
 * (`result` NULL) the kernel stores it in *count (HOST memory); on a device it writes it to
 * the operation's result word (`result`, a DEVICE address: pc_result_count) and the op layer
 * reads the word once after the launch (one synchronisation). Each NaN is a value of its
 * own; -0 and +0 are one value. */
typedef struct pc_unique_params {
    int64_t *count;             /* where the count goes when `result` is NULL (HOST memory) */
    pc_result_word *result;     /* devices only */
} pc_unique_params;

/* ARGMAX, ARGMIN, NANARGMAX, NANARGMIN: in[0] x, out[0] int64 indices. The NaN forms fail on
 * a slice of NaN only (PC_MSG_ALL_NAN), a data-dependent result: on the CPU (`result` NULL)
 * as the kernel's status, on a device by pc_result_fail(result, PC_ERR_VALUE, 0, 0). */
#define PC_MSG_ALL_NAN "All-NaN slice encountered"
typedef struct pc_argreduce_params {
    int axis;                   /* the reduced axis of in[0] */
    pc_result_word *result;     /* the operation's result word (DEVICE address); NULL on the CPU */
} pc_argreduce_params;

#endif
