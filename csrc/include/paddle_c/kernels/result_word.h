/*
 * result_word.h - how a kernel reports a data-dependent outcome through its operation's result
 * word (pc_result_word, backend.h). `word` is the DEVICE address the op layer put in the
 * kernel's parameters; NULL on the CPU, where the kernel returns the outcome as its status
 * instead (so CPU paths touch no word).
 */
#ifndef PADDLE_C_RESULT_WORD_H
#define PADDLE_C_RESULT_WORD_H

#include "paddle_c/backend.h"

/* Host and device code under nvcc and hipcc (the GPU kernels report through the same calls) */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define PC_RESULT_FN __host__ __device__ static inline
#else
#define PC_RESULT_FN static inline
#endif

/* Report a failure: the first one reported wins (compare-and-swap of `code` from PC_OK);
 * `detail` and `value` belong to the winner. */
PC_RESULT_FN void pc_result_fail(pc_result_word *word, int32_t code, int32_t detail,
                                 int64_t value)
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    const bool won = atomicCAS((int *)&word->code, (int)PC_OK, (int)code) == (int)PC_OK;
#else
    int32_t expected = PC_OK;
    const bool won = __atomic_compare_exchange_n(&word->code, &expected, code, false,
                                                 __ATOMIC_RELAXED, __ATOMIC_RELAXED);
#endif
    if (won) {
        word->detail = detail;
        word->value = value;
    }
}

/* Report a count (unique's number of values): `value`, with `code` left as it is. */
PC_RESULT_FN void pc_result_count(pc_result_word *word, int64_t count)
{
    word->value = count;
}

#endif
