/*
 * layout.c - memory order of operands (layout.h): used by the iterator (iter.c) and by result
 * allocation in the layout of the inputs (tensor.c), so it belongs to neither.
 */
#include "layout.h"

void pc_memory_order(int nop, const pc_tensor *const *ops, int ndim, const int64_t *shape,
                     int *perm)
{
    for (int i = 0; i < ndim; i++) {
        perm[i] = i;
    }
    /* insertion sort; `a` before `b` stays unless the deciding operand walks `a` faster */
    for (int i = 1; i < ndim; i++) {
        for (int j = i; j > 0; j--) {
            const int a = perm[j - 1];
            const int b = perm[j];
            int decision = 0; /* 1: swap, -1: keep */
            if (shape[a] > 1 && shape[b] > 1) {
                for (int k = 0; k < nop && decision == 0; k++) {
                    int64_t sa = pc_broadcast_stride(ops[k], ndim, a);
                    int64_t sb = pc_broadcast_stride(ops[k], ndim, b);
                    sa = sa < 0 ? -sa : sa;
                    sb = sb < 0 ? -sb : sb;
                    if (sa != 0 && sb != 0 && sa != sb) {
                        decision = sa < sb ? 1 : -1;
                    }
                }
            }
            if (decision != 1) {
                break;
            }
            perm[j - 1] = b;
            perm[j] = a;
        }
    }
}
