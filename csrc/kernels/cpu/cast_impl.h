/*
 * cast_impl.h - one cast loop, from dtype PCK_SRC to dtype PCK_N (both ID tokens), around the
 * element layer's conversion (kernels/common/cast_elem.h, which states the rules).
 *
 * Included by cast.c for every (source, destination) pair. No include guard.
 */
#include "kernels/common/cast_elem.h"

#define CS_T PCK_CAT(PCK_T_, PCK_SRC)
#define CS_FN PCK_CAT4(cast_, PCK_SRC, _to_, PCK_N)
#define CS_CONVERT PCK_CAT4(pc_cast_, PCK_SRC, _to_, PCK_N)

static int CS_FN(const pc_loop_ctx *ctx, char *const *data, int64_t n, const int64_t *strides)
{
    (void)ctx;
    const char *src = data[0];
    char *dst = data[1];
    const int64_t ss = strides[0];
    const int64_t ds = strides[1];
    if (ss == (int64_t)sizeof(CS_T) && ds == (int64_t)sizeof(PCK_T)) {
        const CS_T *restrict a = (const CS_T *)src;
        PCK_T *restrict b = (PCK_T *)dst;
        for (int64_t i = 0; i < n; i++) {
            b[i] = CS_CONVERT(a[i]);
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, dst, i, ds) = CS_CONVERT(PCK_AT(const CS_T, src, i, ss));
        }
    }
    return 0;
}

#undef CS_T
#undef CS_FN
#undef CS_CONVERT
