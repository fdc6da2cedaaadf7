/*
 * median_elem.h - the median of one sorted lane of dtype PCK_N (real dtypes), shared by the
 * CPU's MEDIAN loop (cpu/median_impl.h) and the GPU's kernel (cuda/sort.cu). Included once per
 * dtype; no include guard.
 *
 * The lane arrives sorted with NaN last, so the NaN count is read from the lane's end: any NaN
 * makes the median NaN, unless NaN is skipped (nanmedian), which uses the first k elements.
 * `lower` stores the lower middle element in x's dtype (of an empty lane: NaN, or 0 where the
 * dtype has no NaN); otherwise the mean of the two middle
 * elements is stored in mean's dtype (float32 for bool and integers): (a + b) / 2 in double,
 * as NumPy's, or 0.5 * a + 0.5 * b where the sum overflows (halving first loses the smallest
 * subnormals: 5e-324 twice).
 */
#if PCK_K != PCK_KC
#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
#define MD_FT float
#define MD_FSTORE(v) ((float)(v))
#else
#define MD_FT PCK_T
#define MD_FSTORE(v) PCK_FROMD(v)
#endif

/* p: the lane's first element, len elements sx bytes apart; o: the result */
PC_ELEM void PCK_FN(md_lane)(const char *p, int64_t len, int64_t sx, bool lower, bool skip_nan,
                             char *o)
{
    int64_t k = len;
#if PCK_K == PCK_KF
    while (k > 0) {
        const PCK_CT v = PCK_LOAD(PCK_AT(const PCK_T, p, k - 1, sx));
        if (v == v) {
            break;
        }
        k--;
    }
#endif
    const bool nan = k == 0 || (!skip_nan && k < len);
    if (lower) {
#if PCK_K == PCK_KF
        *(PCK_T *)o = nan ? PCK_FROMD(NAN) : PCK_AT(const PCK_T, p, (k - 1) / 2, sx);
#else
        *(PCK_T *)o = nan ? (PCK_T)0 : PCK_AT(const PCK_T, p, (k - 1) / 2, sx);
#endif
        return;
    }
    double m = NAN;
    if (!nan) {
        const double a = (double)PCK_LOAD(PCK_AT(const PCK_T, p, (k - 1) / 2, sx));
        const double b = (double)PCK_LOAD(PCK_AT(const PCK_T, p, k / 2, sx));
        const double half_sum = 0.5 * (a + b);
        m = (k & 1) ? a : !isinf(half_sum) || isinf(a) || isinf(b) ? half_sum
                                                                      : 0.5 * a + 0.5 * b;
    }
    *(MD_FT *)o = MD_FSTORE(m);
}

#undef MD_FT
#undef MD_FSTORE
#endif
