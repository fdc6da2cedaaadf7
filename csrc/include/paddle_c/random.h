/*
 * random.h - random numbers (dispatch/random.c): one counter-based generator for the process,
 * its state a seed and an offset.
 *
 * Every draw is a pure function of (seed, offset + element index) (kernels/common/
 * random_elem.h: Philox4x32-10), so the same seed gives the same values on every device, and a
 * call reserves its elements' offsets atomically: calls from several threads never share a
 * value, and the state after them does not depend on their order. The seed starts from the
 * operating system's entropy (a new stream each process) until pc_random_seed sets it.
 */
#ifndef PADDLE_C_RANDOM_H
#define PADDLE_C_RANDOM_H

#include <stdint.h>

#include "paddle_c/kernels/random_kernels.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The generator's state. */
typedef struct pc_rng_state {
    uint64_t seed;
    uint64_t offset;            /* the index of the next element drawn */
} pc_rng_state;

pc_rng_state pc_random_get_state(void);
void pc_random_set_state(pc_rng_state state);

/* A new C-contiguous tensor of (ndim, shape), dtype and device, drawn from the generator:
 * UNIFORM on [a, b) and NORMAL (mean a, standard deviation b) and EXPONENTIAL (rate a) for
 * floating dtypes; INTEGERS on [lo, lo + range) (range 0: 2^64 values) for integer dtypes;
 * POISSON with the rates `rates` (its shape, converted to dtype; NULL for the other kinds).
 * PC_ERR_TYPE for a dtype the kind does not take. */
pc_status pc_random(pc_random_kind kind, double a, double b, int64_t lo, uint64_t range,
                    int ndim, const int64_t *shape, pc_dtype dtype, pc_device device,
                    const pc_tensor *rates, pc_tensor **out);

#ifdef __cplusplus
}
#endif
#endif
