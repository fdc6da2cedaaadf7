/*
 * nonzero_walk.h - the host walk behind nonzero: an odometer over a bool tensor in C order that
 * writes the coordinates of its true elements, rows[d][k] for the k-th true element, and returns
 * how many there are. Shared by the op layer's CPU path (dispatch/index_nonzero.c, which also
 * counts with the same odometer step) and the CPU's NONZERO kernel (kernels/cpu/index.c). `mask` has at least one dimension and one element; it is read,
 * `rows` (one array per dimension, each with room for every true element) written.
 */
#ifndef PADDLE_C_KERNELS_NONZERO_WALK_H
#define PADDLE_C_KERNELS_NONZERO_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "paddle_c/tensor.h"

/* The odometer's step over the outer axes (all but the last): advances idx and *m to the next
 * row; false after the last row. */
static inline bool pc_mask_next_row(const pc_tensor *mask, int64_t *idx, const char **m)
{
    for (int d = mask->ndim - 2; d >= 0; d--) {
        *m += mask->strides[d];
        if (++idx[d] < mask->shape[d]) {
            return true;
        }
        *m -= mask->shape[d] * mask->strides[d];
        idx[d] = 0;
    }
    return false;
}

static inline int64_t pc_nonzero_walk(const pc_tensor *mask, int64_t *const *rows)
{
    const int nd = mask->ndim;
    int64_t idx[PC_MAX_NDIM] = {0};
    const char *m = mask->data;
    const int64_t inner = mask->shape[nd - 1];
    const int64_t ms = mask->strides[nd - 1];
    int64_t count = 0;
    for (;;) {
        for (int64_t j = 0; j < inner; j++) {
            if (m[j * ms] != 0) {
                for (int d = 0; d < nd - 1; d++) {
                    rows[d][count] = idx[d];
                }
                rows[nd - 1][count++] = j;
            }
        }
        if (!pc_mask_next_row(mask, idx, &m)) {
            return count;
        }
    }
}

#endif
