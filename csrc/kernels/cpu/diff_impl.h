/*
 * diff_impl.h - the CPU loop of one step of diff for dtype PCK_N: out = a - b (data[0] = a,
 * data[1] = b, data[2] = out), the element function of kernels/common/diff_elem.h. Included by
 * diff.c through each_dtype.h. No include guard.
 */
#include "kernels/common/diff_elem.h"
#define DF_OP(a, b) PCK_FN(ew_diff)(a, b)

static int PCK_FN(diff)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                        const int64_t *st)
{
    (void)ctx;
    if (st[0] == (int64_t)sizeof(PCK_T) && st[1] == (int64_t)sizeof(PCK_T) &&
        st[2] == (int64_t)sizeof(PCK_T)) {
        const PCK_T *a = (const PCK_T *)data[0];
        const PCK_T *b = (const PCK_T *)data[1];
        PCK_T *restrict o = (PCK_T *)data[2];
        for (int64_t i = 0; i < n; i++) {
            o[i] = DF_OP(a[i], b[i]);
        }
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        PCK_AT(PCK_T, data[2], i, st[2]) =
            DF_OP(PCK_AT(const PCK_T, data[0], i, st[0]), PCK_AT(const PCK_T, data[1], i, st[1]));
    }
    return 0;
}

#undef DF_OP
