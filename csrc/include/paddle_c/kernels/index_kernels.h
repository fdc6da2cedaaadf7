/*
 * index_kernels.h - parameters of the indexing kernels (GATHER, SCATTER, MASK_SELECT,
 * MASK_FILL, MASK_SCATTER, TAKE_ALONG), shared by dispatch/index.c and the backends' kernels.
 *
 * The plan (the kinds of the index items, the shapes, the broadcasting) is made on the host
 * from shapes alone; index VALUES are read only by kernels: INDEX_OFFSETS turns each index
 * tensor (and each coordinate row of a boolean mask, from NONZERO) into byte offsets on the
 * indexed tensor's device, validating every index on the way, and GATHER / SCATTER move the
 * elements at those offsets. An out-of-range index is a data-dependent result: it comes back
 * through a result word (backend.h), read once before anything is written.
 *
 * Memory on a device: `offsets`, `index`, `base`, `other`, `out`, `values` and `fill` point
 * into tensors on the kernel's device; `result` is the operation's result word (a device
 * address). The host never reads any of them.
 */
#ifndef PADDLE_C_INDEX_KERNELS_H
#define PADDLE_C_INDEX_KERNELS_H

#include <stdint.h>

#include "paddle_c/backend.h"

/* GATHER:  other[i * step] = *(base + off(i))          for i in [0, n)
 * SCATTER: *(base + off(i)) = other[i * step]          the last write wins: where several i
 *          address one element, the largest i's value is the one left (whatever order the
 *          device runs them in); step 0 writes one value everywhere
 *          with `accumulate` (index_add): *(base + off(i)) += other[i * step], `+` as the ADD
 *          op's element function rounded to the dtype at each step; where several i address
 *          one element, their values are added in increasing i (the CPU's loop order)
 * where off(i) = offsets[i], or, when `offsets` is NULL, the index index[i] (negative values
 * count from `len`) times `stride`: validated beforehand for SCATTER; GATHER checks them itself
 * and fails with PC_ERR_INDEX (after reading only in-range elements): on the CPU (`result`
 * NULL) as its status, on a device by pc_result_fail(result, PC_ERR_INDEX, 0, 0) and
 * PC_OK. One element per index position; larger blocks go through the copy loops. */
typedef struct pc_gather_params {
    int64_t n;
    const int64_t *offsets;
    char *base;
    char *other;
    int64_t step;
    const int64_t *index;
    int64_t len;
    int64_t stride;
    pc_result_word *result;     /* the operation's result word (DEVICE address); NULL on the CPU */
    bool accumulate;            /* SCATTER only: add instead of writing */
    bool distinct;              /* SCATTER only: the caller's promise that no two offsets are
                                   equal (no write order to keep: a device skips its sort) */
} pc_gather_params;

/* INDEX_OFFSETS (elementwise, keyed by the index's dtype: every integer dtype): operands
 * (index, offsets), offsets int64 and both read and written:
 *     offsets += w * stride,   w = index (+ len when negative)
 * An index outside [-len, len) (an unsigned one >= len) is reported by
 * pc_result_fail(result, PC_ERR_INDEX, item, index) (its int64 bits) and counts as 0, so the
 * loop never fails: the caller reads the word before using the offsets. `result` is never
 * NULL: the operation's result word, or on the CPU a word in host memory owned by the caller.
 * Several bad indices: which one is reported is unspecified. */
typedef struct pc_offsets_params {
    int64_t len;
    int64_t stride;
    int32_t item;               /* the caller's number for this index, echoed as `detail` */
    pc_result_word *result;
} pc_offsets_params;

/* NONZERO (keyed by bool, no parameters): in[0] a bool tensor of at least one dimension, any
 * strides; out[0] int64 (ndim, count) C-contiguous, count = the number of true elements
 * (the op layer counts them first, so the kernel writes exactly count columns). Row d gets the
 * d-th coordinate of each true element, in C order. */

/* MASK_SELECT, MASK_FILL, MASK_SCATTER: the CPU's fast path for a mask over every axis. 1-D
 * host loops over (x, mask) (operands 0 and 1, mask one byte per element), driven by the
 * iterator in C order for SELECT and SCATTER; they keep their position (a sequential cursor)
 * in these parameters between calls, so the op layer runs SELECT and SCATTER on the CPU only.
 *   SELECT:  writes x[i] for each true mask[i] at `out` and advances it. `out` has one element
 *            of slack after the last selected one (the loop stores before it tests).
 *   FILL:    x[i] = *fill where mask[i]. Order-free: devices have it too (`fill` on the device).
 *   SCATTER: x[i] = values[k++] where mask[i] (values `step` bytes apart, k < count).
 *
 * MASK_COMPACT, MASK_EXPAND: the order-free forms for devices (CuPy's shape: one scan of the
 * mask, one read of its last element for the count, one kernel). Elementwise, keyed by x's
 * dtype (every dtype; only its size matters), over x, its bool mask and pos, the mask's
 * inclusive scan in C order (int64), all of one shape: a true element's place in the selection
 * is pos - 1, so every element is independent of the others.
 *   COMPACT (x, mask, pos), all read:   out + (pos - 1) * itemsize = x        where mask
 *   EXPAND  (mask, pos, x), x written:  x = values + (pos - 1) * step         where mask
 *           (step 0: one value for every true element)
 * `count` and `k` are unused by them. */
typedef struct pc_mask_params {
    char *out;
    const void *fill;
    const char *values;
    int64_t step;
    int64_t count;
    int64_t k;
} pc_mask_params;

#endif
