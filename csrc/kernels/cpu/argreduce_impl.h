/*
 * argreduce_impl.h - argmax, argmin, nanargmax, nanargmin of dtype PCK_N (real dtypes).
 * Included by argreduce.c through each_dtype.h. No include guard.
 *
 * "Better" is strict, so the first of equal values wins. argmax/argmin treat NaN as better than
 * every number (the first NaN wins, as in NumPy); the nan forms skip NaN and report a slice of
 * only NaN as an error.
 */
#if PCK_K != PCK_KC
#define AR_T PCK_CT
#if PCK_K == PCK_KF
#define AR_ISNAN(v) ((v) != (v))
#else
#define AR_ISNAN(v) 0
#endif

/* whether v replaces the best value b; `which` is a constant at every call site */
static inline bool PCK_FN(ar_better)(int which, AR_T v, AR_T b)
{
    switch (which) {
    case AR_MAX:
        return v > b || (AR_ISNAN(v) && !AR_ISNAN(b));
    case AR_MIN:
        return v < b || (AR_ISNAN(v) && !AR_ISNAN(b));
    case AR_NANMAX:
        return !AR_ISNAN(v) && (v > b || AR_ISNAN(b));
    default:
        return !AR_ISNAN(v) && (v < b || AR_ISNAN(b));
    }
}

/* The index of the best of n contiguous elements (argmax/argmin): each block's best value is
 * found with SIMD lanes, and only a block that improves on the best so far is searched for
 * its first position. */
static int64_t PCK_FN(ar_contig)(int which, const PCK_T *restrict a, int64_t n)
{
    enum { BLOCK = 512 };
    AR_T best = PCK_LOAD(a[0]);
    int64_t at = 0;
    if (AR_ISNAN(best)) {
        return 0;
    }
    for (int64_t b0 = 0; b0 < n; b0 += BLOCK) {
        const int64_t m = n - b0 < BLOCK ? n - b0 : BLOCK;
        AR_T lane[RD_AR_LANES];
        for (int k = 0; k < RD_AR_LANES; k++) {
            lane[k] = best;
        }
        int64_t i = 0;
        for (; i + RD_AR_LANES <= m; i += RD_AR_LANES) {
            for (int k = 0; k < RD_AR_LANES; k++) {
                const AR_T v = PCK_LOAD(a[b0 + i + k]);
                lane[k] = (which == AR_MAX ? v > lane[k] : v < lane[k]) || AR_ISNAN(v) ? v
                                                                                       : lane[k];
            }
        }
        AR_T bb = best;
        for (int k = 0; k < RD_AR_LANES; k++) {
            bb = PCK_FN(ar_better)(which, lane[k], bb) ? lane[k] : bb;
        }
        for (; i < m; i++) {
            const AR_T v = PCK_LOAD(a[b0 + i]);
            bb = PCK_FN(ar_better)(which, v, bb) ? v : bb;
        }
        if (!PCK_FN(ar_better)(which, bb, best)) {
            continue;
        }
        /* the first element of the block equal to bb (or the first NaN) */
        for (int64_t j = 0; j < m; j++) {
            const AR_T v = PCK_LOAD(a[b0 + j]);
            if (AR_ISNAN(bb) ? AR_ISNAN(v) : v == bb) {
                at = b0 + j;
                break;
            }
        }
        best = bb;
        if (AR_ISNAN(best)) {
            return at;
        }
    }
    return at;
}

static int PCK_FN(ar_loop_impl)(int which, const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    const ar_axis *ax = (const ar_axis *)ctx->params;
    const int64_t nr = ax->n;
    const int64_t sr = ax->stride;
    const bool nan_form = which == AR_NANMAX || which == AR_NANMIN;
    const int64_t sx = st[0] < 0 ? -st[0] : st[0];
    const int64_t asr = sr < 0 ? -sr : sr;
    if (n > 1 && sx < asr) {
        /* columnar: the outputs' axis is the faster one; sweep rows, chunks of columns */
        enum { CHUNK = 256 };
        AR_T best[CHUNK];
        int64_t idx[CHUNK];
        for (int64_t j0 = 0; j0 < n; j0 += CHUNK) {
            const int64_t m = n - j0 < CHUNK ? n - j0 : CHUNK;
            const char *base = data[0] + j0 * st[0];
            for (int64_t j = 0; j < m; j++) {
                best[j] = PCK_LOAD(PCK_AT(const PCK_T, base, j, st[0]));
                idx[j] = 0;
            }
            for (int64_t i = 1; i < nr; i++) {
                const char *row = base + i * sr;
                for (int64_t j = 0; j < m; j++) {
                    const AR_T v = PCK_LOAD(PCK_AT(const PCK_T, row, j, st[0]));
                    const bool take = PCK_FN(ar_better)(which, v, best[j]);
                    best[j] = take ? v : best[j];
                    idx[j] = take ? i : idx[j];
                }
            }
            for (int64_t j = 0; j < m; j++) {
                if (nan_form && AR_ISNAN(best[j])) {
                    return pc_error_set(PC_ERR_VALUE, "All-NaN slice encountered");
                }
                PCK_AT(int64_t, data[1], j0 + j, st[1]) = idx[j];
            }
        }
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        const char *p = data[0] + j * st[0];
        int64_t at = 0;
        if (!nan_form && sr == (int64_t)sizeof(PCK_T)) {
            at = PCK_FN(ar_contig)(which, (const PCK_T *)p, nr);
        } else {
            AR_T best = PCK_LOAD(*(const PCK_T *)p);
            for (int64_t i = 1; i < nr; i++) {
                const AR_T v = PCK_LOAD(PCK_AT(const PCK_T, p, i, sr));
                if (PCK_FN(ar_better)(which, v, best)) {
                    best = v;
                    at = i;
                }
            }
            if (nan_form && AR_ISNAN(best)) {
                return pc_error_set(PC_ERR_VALUE, "All-NaN slice encountered");
            }
        }
        PCK_AT(int64_t, data[1], j, st[1]) = at;
    }
    return 0;
}

static int PCK_FN(ar_argmax_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                  const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(AR_MAX, c, d, n, s);
}
static int PCK_FN(ar_argmin_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                  const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(AR_MIN, c, d, n, s);
}
static int PCK_FN(ar_nanargmax_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                     const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(AR_NANMAX, c, d, n, s);
}
static int PCK_FN(ar_nanargmin_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                     const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(AR_NANMIN, c, d, n, s);
}

static pc_status PCK_FN(ar_argmax)(const pc_kernel_args *a)
{
    return ar_run(a, PCK_FN(ar_argmax_loop));
}
static pc_status PCK_FN(ar_argmin)(const pc_kernel_args *a)
{
    return ar_run(a, PCK_FN(ar_argmin_loop));
}
static pc_status PCK_FN(ar_nanargmax)(const pc_kernel_args *a)
{
    return ar_run(a, PCK_FN(ar_nanargmax_loop));
}
static pc_status PCK_FN(ar_nanargmin)(const pc_kernel_args *a)
{
    return ar_run(a, PCK_FN(ar_nanargmin_loop));
}
static const pc_whole_fn PCK_FN(ark_argmax) = PCK_FN(ar_argmax);
static const pc_whole_fn PCK_FN(ark_argmin) = PCK_FN(ar_argmin);
static const pc_whole_fn PCK_FN(ark_nanargmax) = PCK_FN(ar_nanargmax);
static const pc_whole_fn PCK_FN(ark_nanargmin) = PCK_FN(ar_nanargmin);
#undef AR_T
#undef AR_ISNAN
#else
static const pc_whole_fn PCK_FN(ark_argmax) = NULL;
static const pc_whole_fn PCK_FN(ark_argmin) = NULL;
static const pc_whole_fn PCK_FN(ark_nanargmax) = NULL;
static const pc_whole_fn PCK_FN(ark_nanargmin) = NULL;
#endif
