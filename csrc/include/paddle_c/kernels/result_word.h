/*
 * result_word.h - how a kernel reports a data-dependent outcome through the device's result
 * word (pc_result_word, backend.h). `word` is the DEVICE address the op layer put in the
 * kernel's parameters; NULL on the CPU, where the kernel returns the outcome as its status
 * instead (so CPU paths touch no word).
 */
#ifndef PADDLE_C_RESULT_WORD_H
#define PADDLE_C_RESULT_WORD_H

#include "paddle_c/backend.h"

/* Report a failure: the first one reported wins (compare-and-swap of `code` from PC_OK);
 * `detail` and `value` belong to the winner. */
static inline void pc_result_fail(pc_result_word *word, int32_t code, int32_t detail,
                                  int64_t value)
{
    int32_t expected = PC_OK;
    if (__atomic_compare_exchange_n(&word->code, &expected, code, false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED)) {
        word->detail = detail;
        word->value = value;
    }
}

/* Report a count (unique's number of values): `value`, with `code` left as it is. */
static inline void pc_result_count(pc_result_word *word, int64_t count)
{
    word->value = count;
}

#endif
