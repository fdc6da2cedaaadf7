/*
 * cast_impl.h - one cast loop, from dtype PCK_SRC to dtype PCK_N (both ID tokens).
 *
 * Included by cast.c for every (source, destination) pair. No include guard.
 *
 * Rules: to bool, x != 0 (NaN is true, a complex value is true when either part is non-zero);
 * integer to integer wraps (two's complement); float to integer truncates, NaN gives 0 and
 * out-of-range values saturate; complex to real keeps the real part; every conversion into a
 * floating dtype rounds once to nearest even (float16/bfloat16 from double precision sources
 * are rounded from double directly).
 */
#define CS_T PCK_CAT(PCK_T_, PCK_SRC)
#define CS_K PCK_CAT(PCK_K_, PCK_SRC)
#define CS_LOAD(x) PCK_CAT(PCK_LOAD_, PCK_SRC)(x)
#define CS_FN PCK_CAT4(cast_, PCK_SRC, _to_, PCK_N)
#define CS_SINGLE_FLOAT32 1 /* the source that saturates in float */

/* the source value in its compute type, its real part where the target is real */
#if CS_K == PCK_KC
#define CS_REAL(x) creal(CS_LOAD(x))
#else
#define CS_REAL(x) CS_LOAD(x)
#endif

#if PCK_K == PCK_KB
#define CS_CONVERT(x) ((bool)(CS_LOAD(x) != 0))
#elif PCK_K == PCK_KI || PCK_K == PCK_KU
#if CS_K == PCK_KF && PCK_CAT(CS_SINGLE_, PCK_SRC)
/* [Why float32 saturates in float] The bounds rounded to float are the integer bounds or the
 * next power of two above (2^31 for int32's 2^31 - 1), so comparing in float clamps exactly
 * the values that do not fit, and the comparisons, blends and the truncating conversion stay
 * in float lanes (twice as many per vector as through double). */
#define CS_CONVERT(x)                                                                           \
    (isnan(CS_LOAD(x)) ? (PCK_T)0                                                               \
     : CS_LOAD(x) <= (float)PCK_LO ? (PCK_T)PCK_LO                                              \
     : CS_LOAD(x) >= (float)PCK_HI ? (PCK_T)PCK_HI                                              \
                                   : (PCK_T)CS_LOAD(x))
#elif CS_K == PCK_KF || CS_K == PCK_KC
#define CS_CONVERT(x) PCK_SATURATE(PCK_T, PCK_LO, PCK_HI, (double)CS_REAL(x))
#else
#define CS_CONVERT(x) ((PCK_T)CS_LOAD(x))
#endif
#elif PCK_K == PCK_KF && PCK_CAT(PCK_NARROW_, PCK_N)
/* [Which precision feeds float16/bfloat16] Sources of float precision go through float (exact),
 * integers and double precision sources through double, so the value is rounded only once. */
#define CS_CONVERT(x)                                                                           \
    ((sizeof(CS_T) <= 4 && CS_K != PCK_KI && CS_K != PCK_KU) ? PCK_STORE((float)CS_REAL(x))   \
                                                             : PCK_FROMD((double)CS_REAL(x)))
#elif PCK_K == PCK_KF
#define CS_CONVERT(x) ((PCK_T)CS_REAL(x))
#else
#define CS_CONVERT(x) ((PCK_T)CS_LOAD(x))
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
#undef CS_K
#undef CS_LOAD
#undef CS_FN
#undef CS_REAL
#undef CS_CONVERT
#undef CS_SINGLE_FLOAT32
