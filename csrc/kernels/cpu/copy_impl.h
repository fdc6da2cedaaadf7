/*
 * copy_impl.h - copy and fill loops for dtype PCK_N. Included by copy.c through each_dtype.h.
 * No include guard.
 */
static int PCK_FN(copy)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                        const int64_t *strides)
{
    (void)ctx;
    const char *src = data[0];
    char *dst = data[1];
    const int64_t ss = strides[0];
    const int64_t ds = strides[1];
    if (ss == (int64_t)sizeof(PCK_T) && ds == (int64_t)sizeof(PCK_T)) {
        memmove(dst, src, (size_t)n * sizeof(PCK_T));
    } else if (ss == 0) {
        const PCK_T v = *(const PCK_T *)src;
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, dst, i, ds) = v;
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, dst, i, ds) = PCK_AT(const PCK_T, src, i, ss);
        }
    }
    return 0;
}

/* params: the fill value, already in this dtype's storage format */
static int PCK_FN(fill)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                        const int64_t *strides)
{
    PCK_T v;
    memcpy(&v, ctx->params, sizeof v);
    char *dst = data[0];
    const int64_t ds = strides[0];
    if (ds == (int64_t)sizeof(PCK_T)) {
        PCK_T *restrict b = (PCK_T *)dst;
        for (int64_t i = 0; i < n; i++) {
            b[i] = v;
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, dst, i, ds) = v;
        }
    }
    return 0;
}
