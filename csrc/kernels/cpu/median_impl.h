/*
 * median_impl.h - the median of each sorted lane of dtype PCK_N (real dtypes). Included by
 * median.c through each_dtype.h. No include guard.
 *
 * The lanes arrive sorted with NaN last, so the NaN count is read from the lane's end: any NaN
 * makes the median NaN, unless NaN is skipped (nanmedian), which uses the first k elements.
 * The mean of the two middle elements is (a + b) / 2 in double, as NumPy's, or 0.5 * a + 0.5 * b
 * where the sum overflows (halving first loses the smallest subnormals: 5e-324 twice).
 */
#if PCK_K != PCK_KC
#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
#define MD_FT float
#define MD_FSTORE(v) ((float)(v))
#else
#define MD_FT PCK_T
#define MD_FSTORE(v) PCK_FROMD(v)
#endif

static int PCK_FN(md_loop)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                           const int64_t *st)
{
    const md_lanes *l = (const md_lanes *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        const char *p = data[0] + j * st[0];
        char *o = data[1] + j * st[1];
        int64_t k = l->len;
#if PCK_K == PCK_KF
        while (k > 0) {
            const PCK_CT v = PCK_LOAD(PCK_AT(const PCK_T, p, k - 1, l->sx));
            if (v == v) {
                break;
            }
            k--;
        }
#endif
        const bool nan = k == 0 || (!l->skip_nan && k < l->len);
        if (l->lower) {
            PCK_T v;
            if (nan) {
                v = PCK_FROMD(NAN);
            } else {
                v = PCK_AT(const PCK_T, p, (k - 1) / 2, l->sx);
            }
            *(PCK_T *)o = v;
            continue;
        }
        double m = NAN;
        if (!nan) {
            const double a = (double)PCK_LOAD(PCK_AT(const PCK_T, p, (k - 1) / 2, l->sx));
            const double b = (double)PCK_LOAD(PCK_AT(const PCK_T, p, k / 2, l->sx));
            const double half_sum = 0.5 * (a + b);
            m = (k & 1) ? a : !isinf(half_sum) || isinf(a) || isinf(b) ? half_sum
                                                                          : 0.5 * a + 0.5 * b;
        }
        *(MD_FT *)o = MD_FSTORE(m);
    }
    return 0;
}

static pc_status PCK_FN(md_median)(const pc_kernel_args *a)
{
    return md_run(a, PCK_FN(md_loop));
}
static const pc_whole_fn PCK_FN(mdk_median) = PCK_FN(md_median);
#undef MD_FT
#undef MD_FSTORE
#else
static const pc_whole_fn PCK_FN(mdk_median) = NULL;
#endif
