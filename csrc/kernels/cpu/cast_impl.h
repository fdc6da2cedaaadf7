/*
 * cast_impl.h - one cast loop, from dtype PCK_SRC to dtype PCK_N (both ID tokens), around the
 * element layer's conversion (kernels/common/cast_elem.h, which states the rules).
 *
 * Included by cast.c for every (source, destination) pair. No include guard.
 */
#include "kernels/common/cast_elem.h"

#define CS_T PCK_CAT(PCK_T_, PCK_SRC)
#define CS_FN PCK_CAT4(cast_, PCK_SRC, _to_, PCK_N)
#define CS_SINGLE_FLOAT32 1 /* the source that saturates in float */
#if (PCK_K == PCK_KI || PCK_K == PCK_KU) && PCK_CAT(CS_SINGLE_, PCK_SRC)
/* [Why float32 saturates in float] The bounds rounded to float are the integer bounds or the
 * next power of two above (2^31 for int32's 2^31 - 1), so comparing in float clamps exactly
 * the values that do not fit (the element layer's conversion, which compares in double, gives
 * the same results), and the comparisons, blends and the truncating conversion stay in float
 * lanes (twice as many per vector as through double). */
#define CS_CONVERT(x)                                                                           \
    (isnan(x) ? (PCK_T)0                                                                        \
     : (x) <= (float)PCK_LO ? (PCK_T)PCK_LO                                                     \
     : (x) >= (float)PCK_HI ? (PCK_T)PCK_HI                                                     \
                            : (PCK_T)(x))
#else
#define CS_CONVERT PCK_CAT4(pc_cast_, PCK_SRC, _to_, PCK_N)
#endif

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
#undef CS_SINGLE_FLOAT32
