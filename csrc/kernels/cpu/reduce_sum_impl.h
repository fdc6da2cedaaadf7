/*
 * reduce_sum_impl.h - sum, prod, mean, var and std (and their nan forms) of dtype PCK_N: the
 * reductions that accumulate values in double or (u)int64. Included by reduce_impl.h, which
 * defines the per-dtype helpers and macros it uses. No include guard.
 */
/* ---- sum, mean, nansum, nanmean ----------------------------------------------------------- */

/* fields: the floating sum; nanmean adds an int64 count (RD_FMCNT) */
#define RD_FMCNT RD_NSUM

static void PCK_FN(rd_fsum_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_zero)(acc, n, rc, RD_NSUM + 1);
}

static int PCK_FN(rd_fsum_pass_impl)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                     const int64_t *st, bool skip)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    if (st[1] == 0) {
        int64_t cnt = 0;
        PCK_FN(rd_fsum_run)(data[0], n, st[0], data[1], rc, skip ? &cnt : NULL);
        *RD_FLD(data[1], RD_FMCNT, int64_t, rc) += cnt;
        return 0;
    }
    PCK_FN(rd_fsum_columns)(data[0], data[1], n, st, rc, skip ? RD_FMCNT : -1);
    return 0;
}

static int PCK_FN(rd_fsum_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    return PCK_FN(rd_fsum_pass_impl)(ctx, data, n, st, false);
}

static int PCK_FN(rd_nanfsum_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    return PCK_FN(rd_fsum_pass_impl)(ctx, data, n, st, true);
}


/* The columnar floating sum on groups of 8 rows: each accumulator is updated once per group
 * with the group's sum (in double), so the accumulator row is read and written 8 times less. */
static int PCK_FN(rd_fsum_rows)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st, int64_t nrows, int64_t rs)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    int64_t i = 0;
#if RD_NC == 1
    if (st[0] == (int64_t)sizeof(PCK_T) && st[1] == (int64_t)sizeof(double)) {
        double *restrict s = (double *)data[1];
#if RD_COMP
        double *restrict c = RD_FLD(data[1], RD_FC(0), double, rc);
#endif
        for (; i + 8 <= nrows; i += 8) {
            const RD_ST *r[8];
            for (int k = 0; k < 8; k++) {
                r[k] = (const RD_ST *)(data[0] + (i + k) * rs);
            }
            for (int64_t j = 0; j < n; j++) {
                double v = 0.0;
                for (int k = 0; k < 8; k++) {
                    v += RD_LD(r[k][j]);
                }
#if RD_COMP
                PCK_FN(pc_rd_add)(&s[j], &c[j], v);
#else
                s[j] += v;
#endif
            }
        }
    }
#endif
    for (; i < nrows; i++) {
        PCK_FN(rd_fsum_columns)(data[0] + i * rs, data[1], n, st, rc, -1);
    }
    return 0;
}

static int PCK_FN(rd_fsum_finish_impl)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                       const int64_t *st, int what)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        const char *A = data[0] + j * st[0];
        double div = 1.0;
        if (what == RD_OUT_MEAN) {
            div = (double)rc->count;
        } else if (what == RD_OUT_NANMEAN) {
            div = (double)*RD_FLD(A, RD_FMCNT, const int64_t, rc);
        }
        double d[RD_NC];
        for (int k = 0; k < RD_NC; k++) {
            d[k] = PCK_FN(rd_acc_get)(A, rc, k) / div;
        }
        if (what == RD_OUT_SUM) {
#if !RD_INTEGRAL
            PCK_AT(PCK_T, data[1], j, st[1]) = RD_FSTORE(d);
#endif
        } else {
            PCK_AT(RD_FT, data[1], j, st[1]) = RD_FSTORE(d);
        }
    }
    return 0;
}

static int PCK_FN(rd_mean_finish)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                  const int64_t *s)
{
    return PCK_FN(rd_fsum_finish_impl)(c, d, n, s, RD_OUT_MEAN);
}

static int PCK_FN(rd_nanmean_finish)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                     const int64_t *s)
{
    return PCK_FN(rd_fsum_finish_impl)(c, d, n, s, RD_OUT_NANMEAN);
}

static void PCK_FN(rd_fsum_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                  int pass)
{
    (void)pass;
    PCK_FN(rd_fsum_merge_fields)(dst, src, n, rc, RD_FMCNT);
}

static const pc_rd_fns PCK_FN(rd_mean_fns) = {
    sizeof(double), RD_NSUM + 1, PCK_FN(rd_fsum_init), PCK_FN(rd_fsum_pass), NULL, NULL,
    PCK_FN(rd_mean_finish), PCK_FN(rd_fsum_rows), NULL, PCK_FN(rd_fsum_merge)};
static const pc_rd_fns PCK_FN(rd_nanmean_fns) = {
    sizeof(double), RD_NSUM + 1, PCK_FN(rd_fsum_init), PCK_FN(rd_nanfsum_pass), NULL, NULL,
    PCK_FN(rd_nanmean_finish), NULL, NULL, PCK_FN(rd_fsum_merge)};

#if !RD_INTEGRAL
static int PCK_FN(rd_sum_finish)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                 const int64_t *s)
{
    return PCK_FN(rd_fsum_finish_impl)(c, d, n, s, RD_OUT_SUM);
}

static const pc_rd_fns PCK_FN(rd_sum_fns) = {
    sizeof(double), RD_NSUM + 1, PCK_FN(rd_fsum_init), PCK_FN(rd_fsum_pass), NULL, NULL,
    PCK_FN(rd_sum_finish), PCK_FN(rd_fsum_rows), NULL, PCK_FN(rd_fsum_merge)};
static const pc_rd_fns PCK_FN(rd_nansum_fns) = {
    sizeof(double), RD_NSUM + 1, PCK_FN(rd_fsum_init), PCK_FN(rd_nanfsum_pass), NULL, NULL,
    PCK_FN(rd_sum_finish), NULL, NULL, PCK_FN(rd_fsum_merge)};

/* products in double per component (complex: (a + bi)(c + di) as in NumPy) */
static void PCK_FN(rd_fprod_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    double *re = RD_FLD(acc, 0, double, rc);
    for (int64_t i = 0; i < n; i++) {
        re[i] = 1.0;
    }
    if (RD_NC == 2) {
        memset(RD_FLD(acc, RD_NC - 1, double, rc), 0, (size_t)n * sizeof(double));
    }
}

static int PCK_FN(rd_fprod_impl)(const pc_rd_ctx *rc, char *const *data, int64_t n,
                                 const int64_t *st, bool skip)
{
    const char *x = data[0];
    if (st[1] == 0) {
        double p[RD_NC];
        for (int k = 0; k < RD_NC; k++) {
            p[k] = *RD_FLD(data[1], k, double, rc);
        }
        /* [Why float64 multiplies in order] Reordering a product (lanes) can meet an
         * overflow before a zero that the sequential order meets first (inf * 0 = NaN where
         * the in-order product is 0); float32 and narrower values multiplied in double cannot
         * overflow that way in practice, float64 values can. */
#if RD_NC == 1 && !RD_COMP
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const RD_ST *a = (const RD_ST *)x;
            const pc_v8d one = pc_v8d_splat(1.0);
            pc_v8d q0 = one;
            pc_v8d q1 = one;
            int64_t i = 0;
            for (; i + 16 <= n; i += 16) {
                const pc_v8d v0 = PCK_FN(rd_ld8)(a + i);
                const pc_v8d v1 = PCK_FN(rd_ld8)(a + i + 8);
                q0 *= skip ? pc_v8d_select(v0 == v0, v0, one) : v0;
                q1 *= skip ? pc_v8d_select(v1 == v1, v1, one) : v1;
            }
            for (int k = 0; k < 8; k++) {
                p[0] *= q0[k] * q1[k];
            }
            for (; i < n; i++) {
                const double v = RD_LD(a[i]);
                p[0] *= (skip && v != v) ? 1.0 : v;
            }
            *RD_FLD(data[1], 0, double, rc) = p[0];
            return 0;
        }
#endif
        for (int64_t i = 0; i < n; i++) {
            double d[RD_NC];
            PCK_FN(rd_parts)(x + i * st[0], d);
            if (!(skip && pc_rd_parts_nan(d, RD_NC))) {
                PCK_FN(pc_rd_pmul)(p, d);
            }
        }
        for (int k = 0; k < RD_NC; k++) {
            *RD_FLD(data[1], k, double, rc) = p[k];
        }
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        double d[RD_NC];
        PCK_FN(rd_parts)(x + j * st[0], d);
        if (skip && pc_rd_parts_nan(d, RD_NC)) {
            continue;
        }
        char *A = data[1] + j * st[1];
        double p[RD_NC];
        for (int k = 0; k < RD_NC; k++) {
            p[k] = *RD_FLD(A, k, double, rc);
        }
        PCK_FN(pc_rd_pmul)(p, d);
        for (int k = 0; k < RD_NC; k++) {
            *RD_FLD(A, k, double, rc) = p[k];
        }
    }
    return 0;
}

static int PCK_FN(rd_fprod_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    return PCK_FN(rd_fprod_impl)(ctx->params, data, n, st, false);
}

static int PCK_FN(rd_nanprod_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    return PCK_FN(rd_fprod_impl)(ctx->params, data, n, st, true);
}

static int PCK_FN(rd_fprod_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        const char *A = data[0] + j * st[0];
        double d[RD_NC];
        for (int k = 0; k < RD_NC; k++) {
            d[k] = *RD_FLD(A, k, const double, rc);
        }
        PCK_AT(PCK_T, data[1], j, st[1]) = RD_FSTORE(d);
    }
    return 0;
}

static void PCK_FN(rd_fprod_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                   int pass)
{
    (void)pass;
    for (int64_t i = 0; i < n; i++) {
        double p[RD_NC];
        double d[RD_NC];
        for (int k = 0; k < RD_NC; k++) {
            p[k] = RD_FLD(dst, k, double, rc)[i];
            d[k] = RD_FLD(src, k, const double, rc)[i];
        }
        PCK_FN(pc_rd_pmul)(p, d);
        for (int k = 0; k < RD_NC; k++) {
            RD_FLD(dst, k, double, rc)[i] = p[k];
        }
    }
}

static const pc_rd_fns PCK_FN(rd_prod_fns) = {
    sizeof(double), RD_NC, PCK_FN(rd_fprod_init), PCK_FN(rd_fprod_pass), NULL, NULL,
    PCK_FN(rd_fprod_finish), NULL, NULL, PCK_FN(rd_fprod_merge)};
static const pc_rd_fns PCK_FN(rd_nanprod_fns) = {
    sizeof(double), RD_NC, PCK_FN(rd_fprod_init), PCK_FN(rd_nanprod_pass), NULL, NULL,
    PCK_FN(rd_fprod_finish), NULL, NULL, PCK_FN(rd_fprod_merge)};
#define RD_NANSUM_FNS PCK_FN(rd_nansum_fns)
#define RD_NANPROD_FNS PCK_FN(rd_nanprod_fns)

#else /* integers: sums and products wrap in uint64 */

#if PCK_K == PCK_KU || PCK_K == PCK_KB
#define RD_WIDEN(x) ((uint64_t)(x))
#define RD_V8W pc_v8u
#else
#define RD_WIDEN(x) ((uint64_t)(int64_t)(x))
#define RD_V8W pc_v8l
#endif

/* eight elements widened to uint64 (sign-extended for signed types) */
static inline pc_v8u PCK_FN(rd_ldu8)(const PCK_T *p)
{
    PCK_FN(rd_v8s) v;
    memcpy(&v, p, sizeof v);
    return (pc_v8u)__builtin_convertvector(v, RD_V8W);
}

static void PCK_FN(rd_u64_init0)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_zero)(acc, n, rc, 1);
}

static void PCK_FN(rd_u64_init1)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    (void)rc;
    uint64_t *a = (uint64_t *)acc;
    for (int64_t i = 0; i < n; i++) {
        a[i] = 1;
    }
}

static int PCK_FN(rd_iarith_impl)(char *const *data, int64_t n, const int64_t *st, bool prod)
{
    const char *x = data[0];
    if (st[1] == 0) {
        uint64_t total = prod ? 1 : 0;
        int64_t i = 0;
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const PCK_T *a = (const PCK_T *)x;
            pc_v8u s0 = (pc_v8u){0} + total;
            pc_v8u s1 = s0;
            for (; i + 16 <= n; i += 16) {
                if (prod) {
                    s0 *= PCK_FN(rd_ldu8)(a + i);
                    s1 *= PCK_FN(rd_ldu8)(a + i + 8);
                } else {
                    s0 += PCK_FN(rd_ldu8)(a + i);
                    s1 += PCK_FN(rd_ldu8)(a + i + 8);
                }
            }
            for (int k = 0; k < 8; k++) {
                total = prod ? total * s0[k] * s1[k] : total + s0[k] + s1[k];
            }
        }
        for (; i < n; i++) {
            const uint64_t v = RD_WIDEN(PCK_AT(const PCK_T, x, i, st[0]));
            total = prod ? total * v : total + v;
        }
        uint64_t *A = (uint64_t *)data[1];
        *A = prod ? *A * total : *A + total;
        return 0;
    }
    if (st[1] == (int64_t)sizeof(uint64_t) && st[0] == (int64_t)sizeof(PCK_T)) {
        const PCK_T *restrict a = (const PCK_T *)x;
        uint64_t *restrict A = (uint64_t *)data[1];
        if (prod) {
            for (int64_t j = 0; j < n; j++) {
                A[j] *= RD_WIDEN(a[j]);
            }
        } else {
            for (int64_t j = 0; j < n; j++) {
                A[j] += RD_WIDEN(a[j]);
            }
        }
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        uint64_t *A = (uint64_t *)(data[1] + j * st[1]);
        const uint64_t v = RD_WIDEN(PCK_AT(const PCK_T, x, j, st[0]));
        *A = prod ? *A * v : *A + v;
    }
    return 0;
}

static int PCK_FN(rd_isum_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_iarith_impl)(data, n, st, false);
}

static int PCK_FN(rd_iprod_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_iarith_impl)(data, n, st, true);
}

/* the uint64 accumulator's bits into the int64 or uint64 result */
static int PCK_FN(rd_u64_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        PCK_AT(uint64_t, data[1], j, st[1]) = PCK_AT(const uint64_t, data[0], j, st[0]);
    }
    return 0;
}

static void PCK_FN(rd_isum_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                  int pass)
{
    (void)rc;
    (void)pass;
    for (int64_t i = 0; i < n; i++) {
        ((uint64_t *)dst)[i] += ((const uint64_t *)src)[i];
    }
}

static void PCK_FN(rd_iprod_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                   int pass)
{
    (void)rc;
    (void)pass;
    for (int64_t i = 0; i < n; i++) {
        ((uint64_t *)dst)[i] *= ((const uint64_t *)src)[i];
    }
}

static const pc_rd_fns PCK_FN(rd_sum_fns) = {
    sizeof(uint64_t), 1, PCK_FN(rd_u64_init0), PCK_FN(rd_isum_pass), NULL, NULL,
    PCK_FN(rd_u64_finish), NULL, NULL, PCK_FN(rd_isum_merge)};
static const pc_rd_fns PCK_FN(rd_prod_fns) = {
    sizeof(uint64_t), 1, PCK_FN(rd_u64_init1), PCK_FN(rd_iprod_pass), NULL, NULL,
    PCK_FN(rd_u64_finish), NULL, NULL, PCK_FN(rd_iprod_merge)};
#define RD_NANSUM_FNS PCK_FN(rd_sum_fns)
#define RD_NANPROD_FNS PCK_FN(rd_prod_fns)
#undef RD_WIDEN
#undef RD_V8W
#endif

static pc_status PCK_FN(rd_sum)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_sum_fns));
}
static pc_status PCK_FN(rd_prod)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_prod_fns));
}
static pc_status PCK_FN(rd_nansum)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &RD_NANSUM_FNS);
}
static pc_status PCK_FN(rd_nanprod)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &RD_NANPROD_FNS);
}
static pc_status PCK_FN(rd_mean)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_mean_fns));
}
static pc_status PCK_FN(rd_nanmean)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_nanmean_fns));
}
static const pc_whole_fn PCK_FN(rdk_sum) = PCK_FN(rd_sum);
static const pc_whole_fn PCK_FN(rdk_prod) = PCK_FN(rd_prod);
static const pc_whole_fn PCK_FN(rdk_nansum) = PCK_FN(rd_nansum);
static const pc_whole_fn PCK_FN(rdk_nanprod) = PCK_FN(rd_nanprod);
static const pc_whole_fn PCK_FN(rdk_mean) = PCK_FN(rd_mean);
static const pc_whole_fn PCK_FN(rdk_nanmean) = PCK_FN(rd_nanmean);
#undef RD_NANSUM_FNS
#undef RD_NANPROD_FNS

/* ---- var, std, nanvar, nanstd: two passes (mean, then squared deviations) ---------------- */

/* fields: the floating sum, mean[RD_NC], m2 (and its compensation), count (nan forms) */
#define RD_FMEAN(k) (RD_NSUM + (k))
#define RD_FM2 (RD_NSUM + RD_NC)
#define RD_FM2C (RD_FM2 + 1)
#define RD_FVCNT (RD_FM2 + 1 + RD_CF)
#define RD_NVAR (RD_FVCNT + 1)

static void PCK_FN(rd_var_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_zero)(acc, n, rc, RD_NVAR);
}

static int PCK_FN(rd_var_pass1_impl)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                     const int64_t *st, bool skip)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    if (st[1] == 0) {
        int64_t cnt = 0;
        PCK_FN(rd_fsum_run)(data[0], n, st[0], data[1], rc, skip ? &cnt : NULL);
        *RD_FLD(data[1], RD_FVCNT, int64_t, rc) += cnt;
        return 0;
    }
    PCK_FN(rd_fsum_columns)(data[0], data[1], n, st, rc, skip ? RD_FVCNT : -1);
    return 0;
}

/* sum of |x - mean|^2 over a run into the accumulator at A */
static void PCK_FN(rd_sqdev_run)(const char *x, int64_t n, int64_t sx, char *A,
                                 const pc_rd_ctx *rc, bool skip)
{
    double mean[RD_NC];
    for (int k = 0; k < RD_NC; k++) {
        mean[k] = *RD_FLD(A, RD_FMEAN(k), const double, rc);
    }
    double s = 0.0;
    double c = 0.0;
    int64_t i = 0;
    if (sx == (int64_t)sizeof(PCK_T) && !skip) {
        const RD_ST *a = (const RD_ST *)x;
        const int64_t m = n * RD_NC;
        pc_v8d mu;
        for (int k = 0; k < 8; k++) {
            mu[k] = mean[k % RD_NC];
        }
        pc_v8d s0 = pc_v8d_splat(0.0);
        pc_v8d s1 = s0;
        pc_v8d c0 = s0;
        pc_v8d c1 = s0;
#if PC_VBYTES < 64 && !RD_NARROW
        /* register-wide vectors below AVX-512 (see rd_fsum_wide): the same 8 lanes */
        enum { W = PC_VBYTES / 8, G = 8 / W };
        PCK_FN(rd_vw) ws0[G], ws1[G], wc0[G], wc1[G], wmu[G];
        for (int g = 0; g < G; g++) {
            ws0[g] = ws1[g] = wc0[g] = wc1[g] = (PCK_FN(rd_vw)){0};
            memcpy(&wmu[g], (const char *)&mu + g * PC_VBYTES, PC_VBYTES);
        }
        for (; i + 16 <= m; i += 16) {
            PCK_FN(rd_vw) x0[G], x1[G];
            PCK_FN(rd_ld8w)(a + i, x0);
            PCK_FN(rd_ld8w)(a + i + 8, x1);
#pragma GCC unroll 8
            for (int g = 0; g < G; g++) {
                const PCK_FN(rd_vw) d0 = x0[g] - wmu[g];
                const PCK_FN(rd_vw) d1 = x1[g] - wmu[g];
#if RD_COMP
                PCK_FN(rd_vw_twosum)(&ws0[g], &wc0[g], d0 * d0);
                PCK_FN(rd_vw_twosum)(&ws1[g], &wc1[g], d1 * d1);
#else
                ws0[g] += d0 * d0;
                ws1[g] += d1 * d1;
#endif
            }
        }
        for (int g = 0; g < G; g++) {
            memcpy((char *)&s0 + g * PC_VBYTES, &ws0[g], PC_VBYTES);
            memcpy((char *)&s1 + g * PC_VBYTES, &ws1[g], PC_VBYTES);
            memcpy((char *)&c0 + g * PC_VBYTES, &wc0[g], PC_VBYTES);
            memcpy((char *)&c1 + g * PC_VBYTES, &wc1[g], PC_VBYTES);
        }
#endif
        for (; i + 16 <= m; i += 16) {
            const pc_v8d d0 = PCK_FN(rd_ld8)(a + i) - mu;
            const pc_v8d d1 = PCK_FN(rd_ld8)(a + i + 8) - mu;
#if RD_COMP
            pc_v8d_twosum(&s0, &c0, d0 * d0);
            pc_v8d_twosum(&s1, &c1, d1 * d1);
#else
            s0 += d0 * d0;
            s1 += d1 * d1;
#endif
        }
        for (int k = 0; k < 8; k++) {
            c += c0[k] + c1[k];
            PCK_FN(pc_rd_add)(&s, &c, s0[k]);
            PCK_FN(pc_rd_add)(&s, &c, s1[k]);
        }
        for (; i < m; i++) {
            const double d = RD_LD(a[i]) - mean[i % RD_NC];
            PCK_FN(pc_rd_add)(&s, &c, d * d);
        }
    } else {
        for (; i < n; i++) {
            double d[RD_NC];
            PCK_FN(rd_parts)(x + i * sx, d);
            if (skip && pc_rd_parts_nan(d, RD_NC)) {
                continue;
            }
            for (int k = 0; k < RD_NC; k++) {
                PCK_FN(pc_rd_add)(&s, &c, (d[k] - mean[k]) * (d[k] - mean[k]));
            }
        }
    }
#if RD_COMP
    PCK_FN(pc_rd_fold)(RD_FLD(A, RD_FM2, double, rc), RD_FLD(A, RD_FM2C, double, rc), s, c);
#else
    *RD_FLD(A, RD_FM2, double, rc) += s;
#endif
}

static int PCK_FN(rd_var_pass2_impl)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                     const int64_t *st, bool skip)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    if (st[1] == 0) {
        PCK_FN(rd_sqdev_run)(data[0], n, st[0], data[1], rc, skip);
        return 0;
    }
#if RD_NC == 1 && !RD_COMP
    if (!skip && st[1] == (int64_t)sizeof(double)) {
        const double *restrict mu = RD_FLD(data[1], RD_FMEAN(0), const double, rc);
        double *restrict m2 = RD_FLD(data[1], RD_FM2, double, rc);
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const RD_ST *restrict a = (const RD_ST *)data[0];
            for (int64_t j = 0; j < n; j++) {
                const double d = RD_LD(a[j]) - mu[j];
                m2[j] += d * d;
            }
        } else {
            for (int64_t j = 0; j < n; j++) {
                const double d = RD_LD(PCK_AT(const RD_ST, data[0], j, st[0])) - mu[j];
                m2[j] += d * d;
            }
        }
        return 0;
    }
#endif
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(rd_sqdev_run)(data[0] + j * st[0], 1, st[0], data[1] + j * st[1], rc, skip);
    }
    return 0;
}

/* pass 2 of var on groups of 8 rows (see rd_fsum_rows) */
static int PCK_FN(rd_var_rows2)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st, int64_t nrows, int64_t rs)
{
    int64_t i = 0;
#if RD_NC == 1
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    if (st[0] == (int64_t)sizeof(PCK_T) && st[1] == (int64_t)sizeof(double)) {
        const double *restrict mu = RD_FLD(data[1], RD_FMEAN(0), const double, rc);
        double *restrict m2 = RD_FLD(data[1], RD_FM2, double, rc);
#if RD_COMP
        double *restrict c = RD_FLD(data[1], RD_FM2C, double, rc);
#endif
        for (; i + 8 <= nrows; i += 8) {
            const RD_ST *r[8];
            for (int k = 0; k < 8; k++) {
                r[k] = (const RD_ST *)(data[0] + (i + k) * rs);
            }
            for (int64_t j = 0; j < n; j++) {
                double v = 0.0;
                for (int k = 0; k < 8; k++) {
                    const double d = RD_LD(r[k][j]) - mu[j];
                    v += d * d;
                }
#if RD_COMP
                PCK_FN(pc_rd_add)(&m2[j], &c[j], v);
#else
                m2[j] += v;
#endif
            }
        }
    }
#endif
    for (; i < nrows; i++) {
        char *row[2] = {data[0] + i * rs, data[1]};
        PCK_FN(rd_var_pass2_impl)(ctx, row, n, st, false);
    }
    return 0;
}

static int PCK_FN(rd_var_pass1)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                const int64_t *s)
{
    return PCK_FN(rd_var_pass1_impl)(c, d, n, s, false);
}
static int PCK_FN(rd_var_pass2)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                const int64_t *s)
{
    return PCK_FN(rd_var_pass2_impl)(c, d, n, s, false);
}
static int PCK_FN(rd_nanvar_pass1)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                   const int64_t *s)
{
    return PCK_FN(rd_var_pass1_impl)(c, d, n, s, true);
}
static int PCK_FN(rd_nanvar_pass2)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                   const int64_t *s)
{
    return PCK_FN(rd_var_pass2_impl)(c, d, n, s, true);
}

static void PCK_FN(rd_var_mid_impl)(char *acc, int64_t n, const pc_rd_ctx *rc, bool counted)
{
    const int64_t *cnt = RD_FLD(acc, RD_FVCNT, const int64_t, rc);
    for (int k = 0; k < RD_NC; k++) {
        double *mean = RD_FLD(acc, RD_FMEAN(k), double, rc);
        for (int64_t i = 0; i < n; i++) {
            const double div = (double)(counted ? cnt[i] : rc->count);
            mean[i] = PCK_FN(rd_acc_get)(acc + i * (int64_t)sizeof(double), rc, k) / div;
        }
    }
}

static void PCK_FN(rd_var_mid)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_var_mid_impl)(acc, n, rc, false);
}
static void PCK_FN(rd_nanvar_mid)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_var_mid_impl)(acc, n, rc, true);
}

/* m2 / (count - correction), NaN when the divisor is not positive; sqrt for std */
static int PCK_FN(rd_var_finish_impl)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                      const int64_t *st, bool counted, bool root)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        const char *A = data[0] + j * st[0];
        const int64_t cnt = counted ? *RD_FLD(A, RD_FVCNT, const int64_t, rc) : rc->count;
#if RD_COMP
        const double m2 = PCK_FN(pc_rd_get)(*RD_FLD(A, RD_FM2, const double, rc),
                                            *RD_FLD(A, RD_FM2C, const double, rc));
#else
        const double m2 = *RD_FLD(A, RD_FM2, const double, rc);
#endif
        const double v = pc_rd_var_finish(m2, (double)cnt, rc->correction, root);
        PCK_AT(RD_RT_OUT, data[1], j, st[1]) = RD_RSTORE(v);
    }
    return 0;
}

static int PCK_FN(rd_var_finish)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                 const int64_t *s)
{
    return PCK_FN(rd_var_finish_impl)(c, d, n, s, false, false);
}
static int PCK_FN(rd_std_finish)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                 const int64_t *s)
{
    return PCK_FN(rd_var_finish_impl)(c, d, n, s, false, true);
}
static int PCK_FN(rd_nanvar_finish)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                    const int64_t *s)
{
    return PCK_FN(rd_var_finish_impl)(c, d, n, s, true, false);
}
static int PCK_FN(rd_nanstd_finish)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                    const int64_t *s)
{
    return PCK_FN(rd_var_finish_impl)(c, d, n, s, true, true);
}

static void PCK_FN(rd_var_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                 int pass)
{
    if (pass == 1) {
        PCK_FN(rd_fsum_merge_fields)(dst, src, n, rc, RD_FVCNT);
        return;
    }
    double *md = RD_FLD(dst, RD_FM2, double, rc);
    const double *ms = RD_FLD(src, RD_FM2, const double, rc);
#if RD_COMP
    double *cd = RD_FLD(dst, RD_FM2C, double, rc);
    const double *cs = RD_FLD(src, RD_FM2C, const double, rc);
    for (int64_t i = 0; i < n; i++) {
        PCK_FN(pc_rd_fold)(&md[i], &cd[i], ms[i], cs[i]);
    }
#else
    for (int64_t i = 0; i < n; i++) {
        md[i] += ms[i];
    }
#endif
}

static const pc_rd_fns PCK_FN(rd_var_fns) = {
    sizeof(double), RD_NVAR, PCK_FN(rd_var_init), PCK_FN(rd_var_pass1), PCK_FN(rd_var_mid),
    PCK_FN(rd_var_pass2), PCK_FN(rd_var_finish), PCK_FN(rd_fsum_rows), PCK_FN(rd_var_rows2),
    PCK_FN(rd_var_merge)};
static const pc_rd_fns PCK_FN(rd_std_fns) = {
    sizeof(double), RD_NVAR, PCK_FN(rd_var_init), PCK_FN(rd_var_pass1), PCK_FN(rd_var_mid),
    PCK_FN(rd_var_pass2), PCK_FN(rd_std_finish), PCK_FN(rd_fsum_rows), PCK_FN(rd_var_rows2),
    PCK_FN(rd_var_merge)};
static const pc_rd_fns PCK_FN(rd_nanvar_fns) = {
    sizeof(double), RD_NVAR, PCK_FN(rd_var_init), PCK_FN(rd_nanvar_pass1),
    PCK_FN(rd_nanvar_mid), PCK_FN(rd_nanvar_pass2), PCK_FN(rd_nanvar_finish), NULL, NULL,
    PCK_FN(rd_var_merge)};
static const pc_rd_fns PCK_FN(rd_nanstd_fns) = {
    sizeof(double), RD_NVAR, PCK_FN(rd_var_init), PCK_FN(rd_nanvar_pass1),
    PCK_FN(rd_nanvar_mid), PCK_FN(rd_nanvar_pass2), PCK_FN(rd_nanstd_finish), NULL, NULL,
    PCK_FN(rd_var_merge)};

static pc_status PCK_FN(rd_var)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_var_fns));
}
static pc_status PCK_FN(rd_std)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_std_fns));
}
static pc_status PCK_FN(rd_nanvar)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_nanvar_fns));
}
static pc_status PCK_FN(rd_nanstd)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_nanstd_fns));
}
static const pc_whole_fn PCK_FN(rdk_var) = PCK_FN(rd_var);
static const pc_whole_fn PCK_FN(rdk_std) = PCK_FN(rd_std);
static const pc_whole_fn PCK_FN(rdk_nanvar) = PCK_FN(rd_nanvar);
static const pc_whole_fn PCK_FN(rdk_nanstd) = PCK_FN(rd_nanstd);
