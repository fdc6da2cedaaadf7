/*
 * layout.h - memory order of operands (internal to the core).
 *
 * Shared by the iterator (which walks axes innermost-first) and by result allocation (which lays
 * out results like their inputs, NumPy's order 'K').
 */
#ifndef PADDLE_C_CORE_LAYOUT_H
#define PADDLE_C_CORE_LAYOUT_H

#include "paddle_c/tensor.h"

/* Stride of operand `t` along axis `axis` of a broadcast shape of `ndim` dims (t right-aligned;
 * 0 where t broadcasts). */
static inline int64_t pc_broadcast_stride(const pc_tensor *t, int ndim, int axis)
{
    const int ta = axis - (ndim - t->ndim);
    if (ta < 0 || t->shape[ta] == 1) {
        return 0;
    }
    return t->strides[ta];
}

/* Order the axes of (ndim, shape) from outermost to innermost by the operands' strides: the
 * first operand with distinct non-zero strides on two axes decides; ties keep C order. */
void pc_memory_order(int nop, const pc_tensor *const *ops, int ndim, const int64_t *shape,
                     int *perm);

#endif
