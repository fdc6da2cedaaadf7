/*
 * batch.h - stepping through the batch (leading) dimensions of the operands of a whole-tensor
 * linear-algebra kernel: a row-major counter over the batch shape that keeps one byte offset
 * per operand. Offsets are stepped, never computed by dividing a flat index.
 *
 * A pc_batch is a plain value on the stack; no allocation.
 */
#ifndef PADDLE_C_KERNELS_CPU_BATCH_H
#define PADDLE_C_KERNELS_CPU_BATCH_H

#include "paddle_c/tensor.h"

#define PC_BATCH_MAX_OPS 4

typedef struct pc_batch {
    int ndim;
    int nop;
    int64_t count;                                  /* number of matrices */
    int64_t shape[PC_MAX_NDIM];
    int64_t index[PC_MAX_NDIM];
    int64_t strides[PC_BATCH_MAX_OPS][PC_MAX_NDIM];
    int64_t offset[PC_BATCH_MAX_OPS];               /* byte offset of the current matrix */
} pc_batch;

/* The first `ndim` dimensions of every operand are the batch (same extents for all). */
static inline void pc_batch_init(pc_batch *b, int ndim, int nop, const pc_tensor *const *ops)
{
    b->ndim = ndim;
    b->nop = nop;
    b->count = 1;
    for (int d = 0; d < ndim; d++) {
        b->shape[d] = ops[0]->shape[d];
        b->index[d] = 0;
        b->count *= b->shape[d];
        for (int k = 0; k < nop; k++) {
            b->strides[k][d] = ops[k]->strides[d];
        }
    }
    for (int k = 0; k < nop; k++) {
        b->offset[k] = 0;
    }
}

/* Move to matrix number `index` (row-major over the batch shape). */
static inline void pc_batch_seek(pc_batch *b, int64_t index)
{
    for (int k = 0; k < b->nop; k++) {
        b->offset[k] = 0;
    }
    for (int d = b->ndim - 1; d >= 0; d--) {
        b->index[d] = b->shape[d] > 0 ? index % b->shape[d] : 0;
        index = b->shape[d] > 0 ? index / b->shape[d] : 0;
        for (int k = 0; k < b->nop; k++) {
            b->offset[k] += b->index[d] * b->strides[k][d];
        }
    }
}

/* Advance to the next matrix (row-major order over the batch shape). */
static inline void pc_batch_next(pc_batch *b)
{
    for (int d = b->ndim - 1; d >= 0; d--) {
        if (++b->index[d] < b->shape[d]) {
            for (int k = 0; k < b->nop; k++) {
                b->offset[k] += b->strides[k][d];
            }
            return;
        }
        b->index[d] = 0;
        for (int k = 0; k < b->nop; k++) {
            b->offset[k] -= (b->shape[d] - 1) * b->strides[k][d];
        }
    }
}

#endif
