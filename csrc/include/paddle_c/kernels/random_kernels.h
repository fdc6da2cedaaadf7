/*
 * random_kernels.h - the parameters of RANDOM, the one kernel behind every random function
 * (dispatch/random.c drives it; the backends implement it around kernels/common/random_elem.h).
 *
 * RANDOM (keyed by out[0]'s dtype: the floating dtypes, and the integer dtypes for INTEGERS):
 * out[0] is C-contiguous; its element i (in C order) is drawn from the stream `seed` at index
 * offset + i (random_elem.h), so the result depends on (seed, offset, i) alone, on every device.
 * POISSON reads its rates from in[0] (C-contiguous, out[0]'s dtype and shape).
 * The struct is host memory, passed by value to the launch; there is no data-dependent result.
 */
#ifndef PADDLE_C_RANDOM_KERNELS_H
#define PADDLE_C_RANDOM_KERNELS_H

#include <stdint.h>

typedef enum pc_random_kind {
    PC_RANDOM_UNIFORM = 0,  /* a + (b - a) U, U = k 2^-bits for a uniform integer k */
    PC_RANDOM_NORMAL,       /* a + b Z, Z standard normal */
    PC_RANDOM_INTEGERS,     /* lo + floor(range X / 2^64), X 64 uniform bits */
    PC_RANDOM_EXPONENTIAL,  /* E / a, E standard exponential */
    PC_RANDOM_POISSON       /* Poisson(in[0][i]); NaN for a rate that is NaN, negative or
                               above 2^62 */
} pc_random_kind;

typedef struct pc_random_params {
    uint64_t seed;
    uint64_t offset;
    int32_t kind;           /* pc_random_kind */
    int32_t bits;           /* UNIFORM: the significand bits of the dtype (53, 24, 11, 8) */
    double a;
    double b;
    int64_t lo;             /* INTEGERS */
    uint64_t range;         /* INTEGERS: the number of values, >= 1 (0 means 2^64) */
} pc_random_params;

#endif
