/*
 * index_kernels.h - parameters of the indexing kernels (GATHER, SCATTER, MASK_SELECT,
 * MASK_FILL, MASK_SCATTER, TAKE_ALONG), shared by dispatch/index.c and the backends' kernels.
 *
 * The planning (parsing indices, bounds checks, broadcasting) happens before a kernel runs;
 * kernels receive validated byte offsets and never fail on user input.
 */
#ifndef PADDLE_C_INDEX_KERNELS_H
#define PADDLE_C_INDEX_KERNELS_H

#include <stdint.h>

/* GATHER:  other[i * step] = *(base + offsets[i])          for i in [0, n)
 * SCATTER: *(base + offsets[i]) = other[i * step]          in order: the last write wins
 * (one element per index position; larger blocks go through the copy loops). */
typedef struct pc_gather_params {
    int64_t n;
    const int64_t *offsets;
    char *base;
    char *other;
    int64_t step;
} pc_gather_params;

#endif
