/*
 * reduce_impl.h - the reductions of dtype PCK_N (see reduce_driver.h for the driver and the
 * loop contract). Included by reduce.c through each_dtype.h. No include guard.
 *
 * Accumulators:
 *   integer sums and products   uint64, wrapping (two's complement: equal to wrapping in any
 *                               narrower integer type at the end)
 *   floating sums, mean, var    double per real component; float64 and complex128 add a
 *                               compensation term (TwoSum), so every floating sum is at least
 *                               as accurate as pairwise summation
 *   max, min                    the compute type (float for float16/bfloat16), NaN sticky
 *   all, any, count_nonzero     bool / int64
 * Contiguous runs into one accumulator are reduced in RD_LANES independent lanes (the compiler
 * turns them into SIMD registers); runs across accumulators vectorise across the accumulators.
 *
 * Each op ends with `rdk_<op>_<ID>`: its whole-tensor kernel, or NULL where the op does not
 * apply to this dtype (ordered reductions of complex numbers).
 */
#ifndef RD_ONCE
#define RD_ONCE
#define RD_LANES 16
/* dtypes whose floating sums carry a compensation term */
#define RD_COMP_FLOAT64 1
#define RD_COMP_COMPLEX128 1
enum { RD_MAX, RD_MIN, RD_NANMAX, RD_NANMIN };
#endif

#define RD_COMP PCK_CAT(RD_COMP_, PCK_N)
#define RD_INTEGRAL (PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU)

/* one real component: its storage type and its value as a double */
#if PCK_K == PCK_KC
#define RD_NC 2
#define RD_ST PCK_RT
#define RD_LD(x) ((double)(x))
#else
#define RD_NC 1
#define RD_ST PCK_T
#define RD_LD(x) ((double)PCK_LOAD(x))
#endif

/* NaN test of a compute value (always false for integers) */
#if PCK_K == PCK_KF
#define RD_ISNAN(v) ((v) != (v))
#else
#define RD_ISNAN(v) 0
#endif

/* truth of a stored element */
#if PCK_K == PCK_KC
#define RD_TRUTH(x) (creal(x) != 0 || cimag(x) != 0)
#elif PCK_K == PCK_KB
#define RD_TRUTH(x) (x)
#else
#define RD_TRUTH(x) (PCK_LOAD(x) != 0)
#endif

/* the floating result of this dtype (mean, var, logsumexp): float32 for integers, the dtype
 * itself for floats and complex (RD_FSTORE from RD_NC parts), its real dtype for var/std of
 * complex (RD_RSTORE from one real value) */
#if RD_INTEGRAL
#define RD_FT float
#define RD_FSTORE(d) ((float)(d)[0])
#define RD_RT_OUT float
#define RD_RSTORE(v) ((float)(v))
#elif PCK_K == PCK_KC
#define RD_FT PCK_T
#define RD_FSTORE(d) PCK_FROMD(CMPLX((d)[0], (d)[1]))
#define RD_RT_OUT PCK_RT
#define RD_RSTORE(v) ((PCK_RT)(v))
#else
#define RD_FT PCK_T
#define RD_FSTORE(d) PCK_FROMD((d)[0])
#define RD_RT_OUT PCK_T
#define RD_RSTORE(v) PCK_FROMD(v)
#endif

#define DACC PCK_FN(rd_dacc)
#define FACC PCK_FN(rd_facc)

/* ---- double accumulators ---------------------------------------------------------------- */

typedef struct DACC {
    double s;
#if RD_COMP
    double c;   /* the rounding errors of s, summed */
#endif
} DACC;

/* RD_NC component sums */
typedef struct FACC {
    DACC p[RD_NC];
} FACC;

static inline void PCK_FN(dacc_add)(DACC *a, double v)
{
#if RD_COMP
    /* TwoSum: t + err == s + v exactly */
    const double s = a->s;
    const double t = s + v;
    const double bp = t - s;
    a->c += (s - (t - bp)) + (v - bp);
    a->s = t;
#else
    a->s += v;
#endif
}

static inline void PCK_FN(dacc_merge)(DACC *a, const DACC *b)
{
    PCK_FN(dacc_add)(a, b->s);
#if RD_COMP
    a->c += b->c;
#endif
}

static inline double PCK_FN(dacc_get)(const DACC *a)
{
#if RD_COMP
    /* an infinite or NaN sum makes the compensation meaningless (inf - inf) */
    return isfinite(a->s) ? a->s + a->c : a->s;
#else
    return a->s;
#endif
}

/* the RD_NC parts of the element at p, as doubles */
static inline void PCK_FN(rd_parts)(const char *p, double *d)
{
    const RD_ST *q = (const RD_ST *)p;
    for (int k = 0; k < RD_NC; k++) {
        d[k] = RD_LD(q[k]);
    }
}

static inline bool PCK_FN(rd_part_nan)(const double *d)
{
    bool nan = false;
    for (int k = 0; k < RD_NC; k++) {
        nan = nan || d[k] != d[k];
    }
    return nan;
}

/* Add the element at p to one FACC (NaN elements skipped and the others counted when `cnt`
 * is non-NULL). */
static inline void PCK_FN(rd_fsum_one)(const char *p, FACC *acc, int64_t *cnt)
{
    double d[RD_NC];
    PCK_FN(rd_parts)(p, d);
    if (cnt != NULL) {
        if (PCK_FN(rd_part_nan)(d)) {
            return;
        }
        (*cnt)++;
    }
    for (int k = 0; k < RD_NC; k++) {
        PCK_FN(dacc_add)(&acc->p[k], d[k]);
    }
}

/* Add |x - mean|^2 of the element at p to one DACC (NaN elements skipped when `skip`). */
static inline void PCK_FN(rd_sqdev_one)(const char *p, const double *mean, DACC *acc, bool skip)
{
    double d[RD_NC];
    PCK_FN(rd_parts)(p, d);
    if (skip && PCK_FN(rd_part_nan)(d)) {
        return;
    }
    double v = 0.0;
    for (int k = 0; k < RD_NC; k++) {
        v += (d[k] - mean[k]) * (d[k] - mean[k]);
    }
    PCK_FN(dacc_add)(acc, v);
}

/* Sum of m consecutive real components in RD_LANES lanes; lane k is folded into out[k % RD_NC]
 * (complex parts alternate, and RD_LANES is even). With `cnt` non-NULL, NaN components are
 * skipped and the non-NaN ones counted (real dtypes only). */
static void PCK_FN(rd_fsum_contig)(const RD_ST *restrict a, int64_t m, FACC *out, int64_t *cnt)
{
    double s[RD_LANES] = {0};
#if RD_COMP
    double c[RD_LANES] = {0};
#endif
    int64_t nn[RD_LANES] = {0};
    int64_t i = 0;
    if (cnt == NULL) {
        for (; i + RD_LANES <= m; i += RD_LANES) {
            for (int k = 0; k < RD_LANES; k++) {
                const double v = RD_LD(a[i + k]);
#if RD_COMP
                const double t = s[k] + v;
                const double bp = t - s[k];
                c[k] += (s[k] - (t - bp)) + (v - bp);
                s[k] = t;
#else
                s[k] += v;
#endif
            }
        }
    } else {
        for (; i + RD_LANES <= m; i += RD_LANES) {
            for (int k = 0; k < RD_LANES; k++) {
                const double x = RD_LD(a[i + k]);
                const bool ok = x == x;
                const double v = ok ? x : 0.0;
                nn[k] += ok;
#if RD_COMP
                const double t = s[k] + v;
                const double bp = t - s[k];
                c[k] += (s[k] - (t - bp)) + (v - bp);
                s[k] = t;
#else
                s[k] += v;
#endif
            }
        }
    }
    for (int k = 0; i + k < m; k++) {
        const double x = RD_LD(a[i + k]);
        const bool ok = cnt == NULL || x == x;
        const double v = ok ? x : 0.0;
        nn[k] += ok;
#if RD_COMP
        const double t = s[k] + v;
        const double bp = t - s[k];
        c[k] += (s[k] - (t - bp)) + (v - bp);
        s[k] = t;
#else
        s[k] += v;
#endif
    }
    int64_t total = 0;
    for (int k = 0; k < RD_LANES; k++) {
#if RD_COMP
        const DACC lane = {s[k], c[k]};
#else
        const DACC lane = {s[k]};
#endif
        PCK_FN(dacc_merge)(&out->p[k % RD_NC], &lane);
        total += nn[k];
    }
    if (cnt != NULL) {
        *cnt += total;
    }
}

/* Add n elements at x (byte stride sx) into one FACC; `cnt` as in rd_fsum_contig, but NaN
 * elements (either part) are skipped whole. */
static void PCK_FN(rd_fsum_run)(const char *x, int64_t n, int64_t sx, FACC *acc, int64_t *cnt)
{
    if (sx == (int64_t)sizeof(PCK_T) && (cnt == NULL || RD_NC == 1)) {
        PCK_FN(rd_fsum_contig)((const RD_ST *)x, n * RD_NC, acc, cnt);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        PCK_FN(rd_fsum_one)(x + i * sx, acc, cnt);
    }
}

/* Sum of |x - mean|^2 over n elements into one DACC (NaN elements skipped when `skip`). */
static void PCK_FN(rd_sqdev_run)(const char *x, int64_t n, int64_t sx, const double *mean,
                                 DACC *acc, bool skip)
{
    if (sx == (int64_t)sizeof(PCK_T) && !skip) {
        const RD_ST *restrict a = (const RD_ST *)x;
        const int64_t m = n * RD_NC;
        double mu[RD_LANES];
        double s[RD_LANES] = {0};
#if RD_COMP
        double c[RD_LANES] = {0};
#endif
        for (int k = 0; k < RD_LANES; k++) {
            mu[k] = mean[k % RD_NC];
        }
        int64_t i = 0;
        for (; i + RD_LANES <= m; i += RD_LANES) {
            for (int k = 0; k < RD_LANES; k++) {
                const double dv = RD_LD(a[i + k]) - mu[k];
                const double v = dv * dv;
#if RD_COMP
                const double t = s[k] + v;
                const double bp = t - s[k];
                c[k] += (s[k] - (t - bp)) + (v - bp);
                s[k] = t;
#else
                s[k] += v;
#endif
            }
        }
        for (int k = 0; i + k < m; k++) {
            const double dv = RD_LD(a[i + k]) - mu[k];
            s[k] += dv * dv;
        }
        for (int k = 0; k < RD_LANES; k++) {
#if RD_COMP
            const DACC lane = {s[k], c[k]};
#else
            const DACC lane = {s[k]};
#endif
            PCK_FN(dacc_merge)(acc, &lane);
        }
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        PCK_FN(rd_sqdev_one)(x + i * sx, mean, acc, skip);
    }
}

static void PCK_FN(rd_zero)(char *acc, int64_t n, size_t size)
{
    memset(acc, 0, (size_t)n * size);
}

/* ---- sum, mean, nansum, nanmean (floating and complex) and mean of integers --------------- */

typedef struct PCK_FN(rd_mean_acc) {
    FACC sum;
    int64_t n;  /* nanmean: elements counted */
} PCK_FN(rd_mean_acc);

static void PCK_FN(rd_mean_init)(char *acc, int64_t n)
{
    PCK_FN(rd_zero)(acc, n, sizeof(PCK_FN(rd_mean_acc)));
}

#if !RD_INTEGRAL
static void PCK_FN(rd_facc_init)(char *acc, int64_t n)
{
    PCK_FN(rd_zero)(acc, n, sizeof(FACC));
}

/* data[1]: FACC accumulators */
static int PCK_FN(rd_fsum_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    char *acc = data[1];
    if (st[1] == 0) {
        PCK_FN(rd_fsum_run)(x, n, st[0], (FACC *)acc, NULL);
        return 0;
    }
#if RD_NC == 1 && !RD_COMP
    if (st[0] == (int64_t)sizeof(PCK_T) && st[1] == (int64_t)sizeof(FACC)) {
        const PCK_T *restrict a = (const PCK_T *)x;
        FACC *restrict A = (FACC *)acc;
        for (int64_t j = 0; j < n; j++) {
            A[j].p[0].s += RD_LD(a[j]);
        }
        return 0;
    }
#endif
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(rd_fsum_one)(x + j * st[0], (FACC *)(acc + j * st[1]), NULL);
    }
    return 0;
}

/* sum/nansum of floats: data[0] FACC, data[1] the dtype itself */
static int PCK_FN(rd_fsum_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        const FACC *A = (const FACC *)(data[0] + j * st[0]);
        double d[RD_NC];
        for (int k = 0; k < RD_NC; k++) {
            d[k] = PCK_FN(dacc_get)(&A->p[k]);
        }
        PCK_AT(PCK_T, data[1], j, st[1]) = RD_FSTORE(d);
    }
    return 0;
}

static int PCK_FN(rd_nansum_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    char *acc = data[1];
    int64_t unused = 0;
    if (st[1] == 0) {
        PCK_FN(rd_fsum_run)(x, n, st[0], (FACC *)acc, &unused);
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(rd_fsum_one)(x + j * st[0], (FACC *)(acc + j * st[1]), &unused);
    }
    return 0;
}
#endif

/* data[1]: rd_mean_acc accumulators; NaN elements skipped and counted */
static int PCK_FN(rd_nanmean_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    char *acc = data[1];
    if (st[1] == 0) {
        PCK_FN(rd_mean_acc) *A = (PCK_FN(rd_mean_acc) *)acc;
        PCK_FN(rd_fsum_run)(x, n, st[0], &A->sum, &A->n);
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(rd_mean_acc) *A = (PCK_FN(rd_mean_acc) *)(acc + j * st[1]);
        PCK_FN(rd_fsum_one)(x + j * st[0], &A->sum, &A->n);
    }
    return 0;
}

/* mean/nanmean: data[0] rd_mean_acc, data[1] the floating result; `n` counted by nanmean,
 * the reduced count otherwise */
static int PCK_FN(rd_mean_finish_impl)(const pc_rd_ctx *rc, char *const *data, int64_t n,
                                       const int64_t *st, bool counted)
{
    for (int64_t j = 0; j < n; j++) {
        const PCK_FN(rd_mean_acc) *A = (const PCK_FN(rd_mean_acc) *)(data[0] + j * st[0]);
        const double cnt = (double)(counted ? A->n : rc->count);
        double d[RD_NC];
        for (int k = 0; k < RD_NC; k++) {
            d[k] = PCK_FN(dacc_get)(&A->sum.p[k]) / cnt;
        }
        PCK_AT(RD_FT, data[1], j, st[1]) = RD_FSTORE(d);
    }
    return 0;
}

static int PCK_FN(rd_mean_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    return PCK_FN(rd_mean_finish_impl)((const pc_rd_ctx *)ctx->params, data, n, st, false);
}

static int PCK_FN(rd_nanmean_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                     const int64_t *st)
{
    return PCK_FN(rd_mean_finish_impl)((const pc_rd_ctx *)ctx->params, data, n, st, true);
}

/* mean accumulates through the FACC at the start of rd_mean_acc */
static int PCK_FN(rd_mean_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    char *acc = data[1];
    if (st[1] == 0) {
        PCK_FN(rd_fsum_run)(x, n, st[0], &((PCK_FN(rd_mean_acc) *)acc)->sum, NULL);
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(rd_fsum_one)(x + j * st[0], &((PCK_FN(rd_mean_acc) *)(acc + j * st[1]))->sum,
                            NULL);
    }
    return 0;
}

static const pc_rd_fns PCK_FN(rd_mean_fns) = {
    sizeof(PCK_FN(rd_mean_acc)), PCK_FN(rd_mean_init), PCK_FN(rd_mean_pass), NULL, NULL,
    PCK_FN(rd_mean_finish)};
static const pc_rd_fns PCK_FN(rd_nanmean_fns) = {
    sizeof(PCK_FN(rd_mean_acc)), PCK_FN(rd_mean_init), PCK_FN(rd_nanmean_pass), NULL, NULL,
    PCK_FN(rd_nanmean_finish)};

static pc_status PCK_FN(rd_mean)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_mean_fns));
}
static pc_status PCK_FN(rd_nanmean)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_nanmean_fns));
}
static const pc_whole_fn PCK_FN(rdk_mean) = PCK_FN(rd_mean);
static const pc_whole_fn PCK_FN(rdk_nanmean) = PCK_FN(rd_nanmean);

/* ---- sum and prod: integers wrap in uint64, floats accumulate in double ------------------- */

#if RD_INTEGRAL
#if PCK_K == PCK_KU
#define RD_WIDEN(x) ((uint64_t)(x))
#else
#define RD_WIDEN(x) ((uint64_t)(int64_t)(x))
#endif

static void PCK_FN(rd_u64_init0)(char *acc, int64_t n)
{
    PCK_FN(rd_zero)(acc, n, sizeof(uint64_t));
}

static void PCK_FN(rd_u64_init1)(char *acc, int64_t n)
{
    uint64_t *a = (uint64_t *)acc;
    for (int64_t i = 0; i < n; i++) {
        a[i] = 1;
    }
}

static int PCK_FN(rd_isum_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    if (st[1] == 0) {
        uint64_t total = 0;
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const PCK_T *restrict a = (const PCK_T *)x;
            uint64_t s[RD_LANES] = {0};
            int64_t i = 0;
            for (; i + RD_LANES <= n; i += RD_LANES) {
                for (int k = 0; k < RD_LANES; k++) {
                    s[k] += RD_WIDEN(a[i + k]);
                }
            }
            for (; i < n; i++) {
                total += RD_WIDEN(a[i]);
            }
            for (int k = 0; k < RD_LANES; k++) {
                total += s[k];
            }
        } else {
            for (int64_t i = 0; i < n; i++) {
                total += RD_WIDEN(PCK_AT(const PCK_T, x, i, st[0]));
            }
        }
        *(uint64_t *)data[1] += total;
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        PCK_AT(uint64_t, data[1], j, st[1]) += RD_WIDEN(PCK_AT(const PCK_T, x, j, st[0]));
    }
    return 0;
}

static int PCK_FN(rd_iprod_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    if (st[1] == 0) {
        uint64_t total = 1;
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const PCK_T *restrict a = (const PCK_T *)x;
            uint64_t s[RD_LANES];
            for (int k = 0; k < RD_LANES; k++) {
                s[k] = 1;
            }
            int64_t i = 0;
            for (; i + RD_LANES <= n; i += RD_LANES) {
                for (int k = 0; k < RD_LANES; k++) {
                    s[k] *= RD_WIDEN(a[i + k]);
                }
            }
            for (; i < n; i++) {
                total *= RD_WIDEN(a[i]);
            }
            for (int k = 0; k < RD_LANES; k++) {
                total *= s[k];
            }
        } else {
            for (int64_t i = 0; i < n; i++) {
                total *= RD_WIDEN(PCK_AT(const PCK_T, x, i, st[0]));
            }
        }
        *(uint64_t *)data[1] *= total;
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        PCK_AT(uint64_t, data[1], j, st[1]) *= RD_WIDEN(PCK_AT(const PCK_T, x, j, st[0]));
    }
    return 0;
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

static const pc_rd_fns PCK_FN(rd_sum_fns) = {
    sizeof(uint64_t), PCK_FN(rd_u64_init0), PCK_FN(rd_isum_pass), NULL, NULL,
    PCK_FN(rd_u64_finish)};
static const pc_rd_fns PCK_FN(rd_prod_fns) = {
    sizeof(uint64_t), PCK_FN(rd_u64_init1), PCK_FN(rd_iprod_pass), NULL, NULL,
    PCK_FN(rd_u64_finish)};
#define RD_NANSUM_FNS PCK_FN(rd_sum_fns)
#define RD_NANPROD_FNS PCK_FN(rd_prod_fns)
#undef RD_WIDEN

#else /* floating and complex */

static const pc_rd_fns PCK_FN(rd_sum_fns) = {
    sizeof(FACC), PCK_FN(rd_facc_init), PCK_FN(rd_fsum_pass), NULL, NULL,
    PCK_FN(rd_fsum_finish)};
static const pc_rd_fns PCK_FN(rd_nansum_fns) = {
    sizeof(FACC), PCK_FN(rd_facc_init), PCK_FN(rd_nansum_pass), NULL, NULL,
    PCK_FN(rd_fsum_finish)};

/* products in double per component (complex: (a + bi)(c + di) as in NumPy) */
typedef struct PCK_FN(rd_pacc) {
    double v[RD_NC];
} PCK_FN(rd_pacc);

static void PCK_FN(rd_fprod_init)(char *acc, int64_t n)
{
    PCK_FN(rd_pacc) *a = (PCK_FN(rd_pacc) *)acc;
    for (int64_t i = 0; i < n; i++) {
        a[i].v[0] = 1.0;
        if (RD_NC == 2) {
            a[i].v[RD_NC - 1] = 0.0;
        }
    }
}

static inline void PCK_FN(rd_pmul)(PCK_FN(rd_pacc) *a, const double *d, bool skip_nan)
{
    if (skip_nan && PCK_FN(rd_part_nan)(d)) {
        return;
    }
#if RD_NC == 2
    const double re = a->v[0] * d[0] - a->v[1] * d[1];
    const double im = a->v[0] * d[1] + a->v[1] * d[0];
    a->v[0] = re;
    a->v[1] = im;
#else
    a->v[0] *= d[0];
#endif
}

static int PCK_FN(rd_fprod_impl)(char *const *data, int64_t n, const int64_t *st, bool skip)
{
    const char *x = data[0];
    if (st[1] == 0) {
        PCK_FN(rd_pacc) *A = (PCK_FN(rd_pacc) *)data[1];
#if RD_NC == 1
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const PCK_T *restrict a = (const PCK_T *)x;
            double p[RD_LANES];
            for (int k = 0; k < RD_LANES; k++) {
                p[k] = 1.0;
            }
            int64_t i = 0;
            for (; i + RD_LANES <= n; i += RD_LANES) {
                for (int k = 0; k < RD_LANES; k++) {
                    const double v = RD_LD(a[i + k]);
                    p[k] *= (skip && v != v) ? 1.0 : v;
                }
            }
            for (int k = 0; i + k < n; k++) {
                const double v = RD_LD(a[i + k]);
                p[k] *= (skip && v != v) ? 1.0 : v;
            }
            for (int k = 0; k < RD_LANES; k++) {
                A->v[0] *= p[k];
            }
            return 0;
        }
#endif
        for (int64_t i = 0; i < n; i++) {
            double d[RD_NC];
            PCK_FN(rd_parts)(x + i * st[0], d);
            PCK_FN(rd_pmul)(A, d, skip);
        }
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        double d[RD_NC];
        PCK_FN(rd_parts)(x + j * st[0], d);
        PCK_FN(rd_pmul)((PCK_FN(rd_pacc) *)(data[1] + j * st[1]), d, skip);
    }
    return 0;
}

static int PCK_FN(rd_fprod_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_fprod_impl)(data, n, st, false);
}

static int PCK_FN(rd_nanprod_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_fprod_impl)(data, n, st, true);
}

static int PCK_FN(rd_fprod_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        const PCK_FN(rd_pacc) *A = (const PCK_FN(rd_pacc) *)(data[0] + j * st[0]);
        PCK_AT(PCK_T, data[1], j, st[1]) = RD_FSTORE(A->v);
    }
    return 0;
}

static const pc_rd_fns PCK_FN(rd_prod_fns) = {
    sizeof(PCK_FN(rd_pacc)), PCK_FN(rd_fprod_init), PCK_FN(rd_fprod_pass), NULL, NULL,
    PCK_FN(rd_fprod_finish)};
static const pc_rd_fns PCK_FN(rd_nanprod_fns) = {
    sizeof(PCK_FN(rd_pacc)), PCK_FN(rd_fprod_init), PCK_FN(rd_nanprod_pass), NULL, NULL,
    PCK_FN(rd_fprod_finish)};
#define RD_NANSUM_FNS PCK_FN(rd_nansum_fns)
#define RD_NANPROD_FNS PCK_FN(rd_nanprod_fns)
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
static const pc_whole_fn PCK_FN(rdk_sum) = PCK_FN(rd_sum);
static const pc_whole_fn PCK_FN(rdk_prod) = PCK_FN(rd_prod);
static const pc_whole_fn PCK_FN(rdk_nansum) = PCK_FN(rd_nansum);
static const pc_whole_fn PCK_FN(rdk_nanprod) = PCK_FN(rd_nanprod);
#undef RD_NANSUM_FNS
#undef RD_NANPROD_FNS

/* ---- var, std, nanvar, nanstd: two passes (mean, then squared deviations) ---------------- */

typedef struct PCK_FN(rd_var_acc) {
    FACC sum;
    double mean[RD_NC];
    DACC m2;
    int64_t n;  /* nanvar: elements counted */
} PCK_FN(rd_var_acc);

#define VACC PCK_FN(rd_var_acc)

static void PCK_FN(rd_var_init)(char *acc, int64_t n)
{
    PCK_FN(rd_zero)(acc, n, sizeof(VACC));
}

static int PCK_FN(rd_var_pass1_impl)(char *const *data, int64_t n, const int64_t *st, bool skip)
{
    const char *x = data[0];
    if (st[1] == 0) {
        VACC *A = (VACC *)data[1];
        PCK_FN(rd_fsum_run)(x, n, st[0], &A->sum, skip ? &A->n : NULL);
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        VACC *A = (VACC *)(data[1] + j * st[1]);
        PCK_FN(rd_fsum_one)(x + j * st[0], &A->sum, skip ? &A->n : NULL);
    }
    return 0;
}

static int PCK_FN(rd_var_pass2_impl)(char *const *data, int64_t n, const int64_t *st, bool skip)
{
    const char *x = data[0];
    if (st[1] == 0) {
        VACC *A = (VACC *)data[1];
        PCK_FN(rd_sqdev_run)(x, n, st[0], A->mean, &A->m2, skip);
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        VACC *A = (VACC *)(data[1] + j * st[1]);
        PCK_FN(rd_sqdev_one)(x + j * st[0], A->mean, &A->m2, skip);
    }
    return 0;
}

static int PCK_FN(rd_var_pass1)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_var_pass1_impl)(data, n, st, false);
}
static int PCK_FN(rd_var_pass2)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_var_pass2_impl)(data, n, st, false);
}
static int PCK_FN(rd_nanvar_pass1)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_var_pass1_impl)(data, n, st, true);
}
static int PCK_FN(rd_nanvar_pass2)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_var_pass2_impl)(data, n, st, true);
}

static void PCK_FN(rd_var_mid_impl)(char *acc, int64_t n, const pc_rd_ctx *c, bool counted)
{
    VACC *A = (VACC *)acc;
    for (int64_t i = 0; i < n; i++) {
        const double cnt = (double)(counted ? A[i].n : c->count);
        for (int k = 0; k < RD_NC; k++) {
            A[i].mean[k] = PCK_FN(dacc_get)(&A[i].sum.p[k]) / cnt;
        }
    }
}

static void PCK_FN(rd_var_mid)(char *acc, int64_t n, const pc_rd_ctx *c)
{
    PCK_FN(rd_var_mid_impl)(acc, n, c, false);
}
static void PCK_FN(rd_nanvar_mid)(char *acc, int64_t n, const pc_rd_ctx *c)
{
    PCK_FN(rd_var_mid_impl)(acc, n, c, true);
}

/* m2 / (count - correction), NaN when the divisor is not positive; sqrt for std */
static int PCK_FN(rd_var_finish_impl)(const pc_rd_ctx *c, char *const *data, int64_t n,
                                      const int64_t *st, bool counted, bool root)
{
    for (int64_t j = 0; j < n; j++) {
        const VACC *A = (const VACC *)(data[0] + j * st[0]);
        const double div = (double)(counted ? A->n : c->count) - c->correction;
        double v = div > 0 ? PCK_FN(dacc_get)(&A->m2) / div : NAN;
        if (root) {
            v = sqrt(v);
        }
        PCK_AT(RD_RT_OUT, data[1], j, st[1]) = RD_RSTORE(v);
    }
    return 0;
}

static int PCK_FN(rd_var_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    return PCK_FN(rd_var_finish_impl)(ctx->params, data, n, st, false, false);
}
static int PCK_FN(rd_std_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    return PCK_FN(rd_var_finish_impl)(ctx->params, data, n, st, false, true);
}
static int PCK_FN(rd_nanvar_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                    const int64_t *st)
{
    return PCK_FN(rd_var_finish_impl)(ctx->params, data, n, st, true, false);
}
static int PCK_FN(rd_nanstd_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                    const int64_t *st)
{
    return PCK_FN(rd_var_finish_impl)(ctx->params, data, n, st, true, true);
}

static const pc_rd_fns PCK_FN(rd_var_fns) = {
    sizeof(VACC), PCK_FN(rd_var_init), PCK_FN(rd_var_pass1), PCK_FN(rd_var_mid),
    PCK_FN(rd_var_pass2), PCK_FN(rd_var_finish)};
static const pc_rd_fns PCK_FN(rd_std_fns) = {
    sizeof(VACC), PCK_FN(rd_var_init), PCK_FN(rd_var_pass1), PCK_FN(rd_var_mid),
    PCK_FN(rd_var_pass2), PCK_FN(rd_std_finish)};
static const pc_rd_fns PCK_FN(rd_nanvar_fns) = {
    sizeof(VACC), PCK_FN(rd_var_init), PCK_FN(rd_nanvar_pass1), PCK_FN(rd_nanvar_mid),
    PCK_FN(rd_nanvar_pass2), PCK_FN(rd_nanvar_finish)};
static const pc_rd_fns PCK_FN(rd_nanstd_fns) = {
    sizeof(VACC), PCK_FN(rd_var_init), PCK_FN(rd_nanvar_pass1), PCK_FN(rd_nanvar_mid),
    PCK_FN(rd_nanvar_pass2), PCK_FN(rd_nanstd_finish)};

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
#undef VACC

/* ---- all, any, count_nonzero ------------------------------------------------------------- */

static void PCK_FN(rd_bool_init1)(char *acc, int64_t n)
{
    memset(acc, 1, (size_t)n);
}

static void PCK_FN(rd_bool_init0)(char *acc, int64_t n)
{
    memset(acc, 0, (size_t)n);
}

/* all (want == false: stop at the first false element) or any (want == true) */
static int PCK_FN(rd_logical_impl)(char *const *data, int64_t n, const int64_t *st, bool want)
{
    const char *x = data[0];
    if (st[1] == 0) {
        bool *A = (bool *)data[1];
        if (*A == want) {
            return 0;   /* decided already */
        }
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const PCK_T *restrict a = (const PCK_T *)x;
            for (int64_t i = 0; i < n; i += 256) {
                const int64_t m = n - i < 256 ? n - i : 256;
                bool found = false;
                for (int64_t k = 0; k < m; k++) {
                    found |= (bool)RD_TRUTH(a[i + k]) == want;
                }
                if (found) {
                    *A = want;
                    return 0;
                }
            }
            return 0;
        }
        for (int64_t i = 0; i < n; i++) {
            if ((bool)RD_TRUTH(PCK_AT(const PCK_T, x, i, st[0])) == want) {
                *A = want;
                return 0;
            }
        }
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        bool *A = (bool *)(data[1] + j * st[1]);
        if ((bool)RD_TRUTH(PCK_AT(const PCK_T, x, j, st[0])) == want) {
            *A = want;
        }
    }
    return 0;
}

static int PCK_FN(rd_all_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                               const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_logical_impl)(data, n, st, false);
}

static int PCK_FN(rd_any_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                               const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_logical_impl)(data, n, st, true);
}

static int PCK_FN(rd_bool_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        PCK_AT(bool, data[1], j, st[1]) = PCK_AT(const bool, data[0], j, st[0]);
    }
    return 0;
}

static void PCK_FN(rd_count_init)(char *acc, int64_t n)
{
    PCK_FN(rd_zero)(acc, n, sizeof(int64_t));
}

static int PCK_FN(rd_count_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    if (st[1] == 0) {
        int64_t total = 0;
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const PCK_T *restrict a = (const PCK_T *)x;
            int64_t s[RD_LANES] = {0};
            int64_t i = 0;
            for (; i + RD_LANES <= n; i += RD_LANES) {
                for (int k = 0; k < RD_LANES; k++) {
                    s[k] += RD_TRUTH(a[i + k]) ? 1 : 0;
                }
            }
            for (; i < n; i++) {
                total += RD_TRUTH(a[i]) ? 1 : 0;
            }
            for (int k = 0; k < RD_LANES; k++) {
                total += s[k];
            }
        } else {
            for (int64_t i = 0; i < n; i++) {
                total += RD_TRUTH(PCK_AT(const PCK_T, x, i, st[0])) ? 1 : 0;
            }
        }
        *(int64_t *)data[1] += total;
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        PCK_AT(int64_t, data[1], j, st[1]) += RD_TRUTH(PCK_AT(const PCK_T, x, j, st[0])) ? 1 : 0;
    }
    return 0;
}

static int PCK_FN(rd_count_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                   const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        PCK_AT(int64_t, data[1], j, st[1]) = PCK_AT(const int64_t, data[0], j, st[0]);
    }
    return 0;
}

static const pc_rd_fns PCK_FN(rd_all_fns) = {1, PCK_FN(rd_bool_init1), PCK_FN(rd_all_pass),
                                             NULL, NULL, PCK_FN(rd_bool_finish)};
static const pc_rd_fns PCK_FN(rd_any_fns) = {1, PCK_FN(rd_bool_init0), PCK_FN(rd_any_pass),
                                             NULL, NULL, PCK_FN(rd_bool_finish)};
static const pc_rd_fns PCK_FN(rd_count_fns) = {
    sizeof(int64_t), PCK_FN(rd_count_init), PCK_FN(rd_count_pass), NULL, NULL,
    PCK_FN(rd_count_finish)};

static pc_status PCK_FN(rd_all)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_all_fns));
}
static pc_status PCK_FN(rd_any)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_any_fns));
}
static pc_status PCK_FN(rd_count_nonzero)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_count_fns));
}
static const pc_whole_fn PCK_FN(rdk_all) = PCK_FN(rd_all);
static const pc_whole_fn PCK_FN(rdk_any) = PCK_FN(rd_any);
static const pc_whole_fn PCK_FN(rdk_count_nonzero) = PCK_FN(rd_count_nonzero);

/* ---- max, min, nanmax, nanmin, logsumexp (real dtypes) ---------------------------------- */

#if PCK_K != PCK_KC
#define MACC PCK_CT
#if PCK_K == PCK_KF
#define RD_LOWEST (-(PCK_CT)INFINITY)
#define RD_HIGHEST ((PCK_CT)INFINITY)
#elif PCK_K == PCK_KB
#define RD_LOWEST false
#define RD_HIGHEST true
#else
#define RD_LOWEST PCK_LO
#define RD_HIGHEST PCK_HI
#endif

/* The selections, written so that they compile to SIMD compare + blend:
 *   max:    NaN is sticky (a NaN element or accumulator stays)
 *   nanmax: NaN elements are skipped; the accumulator starts as NaN and takes the first
 *           number it meets, so a slice of only NaN stays NaN. */
#define RD_SEL_MAX(a, v) (((v) > (a) || RD_ISNAN(v)) ? (v) : (a))
#define RD_SEL_MIN(a, v) (((v) < (a) || RD_ISNAN(v)) ? (v) : (a))
#define RD_SEL_NANMAX(a, v) (((v) > (a) || RD_ISNAN(a)) ? (v) : (a))
#define RD_SEL_NANMIN(a, v) (((v) < (a) || RD_ISNAN(a)) ? (v) : (a))

static inline MACC PCK_FN(rd_select)(int which, MACC a, MACC v)
{
    switch (which) {
    case RD_MAX:
        return RD_SEL_MAX(a, v);
    case RD_MIN:
        return RD_SEL_MIN(a, v);
    case RD_NANMAX:
        return RD_SEL_NANMAX(a, v);
    default:
        return RD_SEL_NANMIN(a, v);
    }
}

static MACC PCK_FN(rd_ident)(int which)
{
#if PCK_K == PCK_KF
    if (which >= RD_NANMAX) {
        return (MACC)NAN;
    }
#endif
    return which == RD_MAX || which == RD_NANMAX ? RD_LOWEST : RD_HIGHEST;
}

/* A contiguous run of n elements reduced in lanes; `which` is a constant at every call site,
 * so the switch in rd_select folds away after inlining. */
static inline MACC PCK_FN(rd_minmax_contig)(int which, const PCK_T *restrict a, int64_t n,
                                            MACC acc)
{
    MACC m[RD_LANES];
    for (int k = 0; k < RD_LANES; k++) {
        m[k] = acc;
    }
    int64_t i = 0;
    for (; i + RD_LANES <= n; i += RD_LANES) {
        for (int k = 0; k < RD_LANES; k++) {
            m[k] = PCK_FN(rd_select)(which, m[k], PCK_LOAD(a[i + k]));
        }
    }
    for (; i < n; i++) {
        acc = PCK_FN(rd_select)(which, acc, PCK_LOAD(a[i]));
    }
    for (int k = 0; k < RD_LANES; k++) {
        acc = PCK_FN(rd_select)(which, acc, m[k]);
    }
    return acc;
}

static inline int PCK_FN(rd_minmax_impl)(int which, char *const *data, int64_t n,
                                         const int64_t *st)
{
    const char *x = data[0];
    if (st[1] == 0) {
        MACC *A = (MACC *)data[1];
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            *A = PCK_FN(rd_minmax_contig)(which, (const PCK_T *)x, n, *A);
            return 0;
        }
        MACC acc = *A;
        for (int64_t i = 0; i < n; i++) {
            acc = PCK_FN(rd_select)(which, acc, PCK_LOAD(PCK_AT(const PCK_T, x, i, st[0])));
        }
        *A = acc;
        return 0;
    }
    if (st[0] == (int64_t)sizeof(PCK_T) && st[1] == (int64_t)sizeof(MACC)) {
        const PCK_T *restrict a = (const PCK_T *)x;
        MACC *restrict A = (MACC *)data[1];
        for (int64_t j = 0; j < n; j++) {
            A[j] = PCK_FN(rd_select)(which, A[j], PCK_LOAD(a[j]));
        }
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        MACC *A = (MACC *)(data[1] + j * st[1]);
        *A = PCK_FN(rd_select)(which, *A, PCK_LOAD(PCK_AT(const PCK_T, x, j, st[0])));
    }
    return 0;
}

static int PCK_FN(rd_max_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                               const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(RD_MAX, data, n, st);
}
static int PCK_FN(rd_min_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                               const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(RD_MIN, data, n, st);
}
static int PCK_FN(rd_nanmax_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(RD_NANMAX, data, n, st);
}
static int PCK_FN(rd_nanmin_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(RD_NANMIN, data, n, st);
}

static void PCK_FN(rd_minmax_init)(int which, char *acc, int64_t n)
{
    MACC *a = (MACC *)acc;
    const MACC v = PCK_FN(rd_ident)(which);
    for (int64_t i = 0; i < n; i++) {
        a[i] = v;
    }
}
static void PCK_FN(rd_max_init)(char *acc, int64_t n) { PCK_FN(rd_minmax_init)(RD_MAX, acc, n); }
static void PCK_FN(rd_min_init)(char *acc, int64_t n) { PCK_FN(rd_minmax_init)(RD_MIN, acc, n); }
static void PCK_FN(rd_nanmax_init)(char *acc, int64_t n)
{
    PCK_FN(rd_minmax_init)(RD_NANMAX, acc, n);
}
static void PCK_FN(rd_nanmin_init)(char *acc, int64_t n)
{
    PCK_FN(rd_minmax_init)(RD_NANMIN, acc, n);
}

static int PCK_FN(rd_minmax_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                    const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        PCK_AT(PCK_T, data[1], j, st[1]) = PCK_STORE(PCK_AT(const MACC, data[0], j, st[0]));
    }
    return 0;
}

static const pc_rd_fns PCK_FN(rd_max_fns) = {sizeof(MACC), PCK_FN(rd_max_init),
                                             PCK_FN(rd_max_pass), NULL, NULL,
                                             PCK_FN(rd_minmax_finish)};
static const pc_rd_fns PCK_FN(rd_min_fns) = {sizeof(MACC), PCK_FN(rd_min_init),
                                             PCK_FN(rd_min_pass), NULL, NULL,
                                             PCK_FN(rd_minmax_finish)};
static const pc_rd_fns PCK_FN(rd_nanmax_fns) = {sizeof(MACC), PCK_FN(rd_nanmax_init),
                                                PCK_FN(rd_nanmax_pass), NULL, NULL,
                                                PCK_FN(rd_minmax_finish)};
static const pc_rd_fns PCK_FN(rd_nanmin_fns) = {sizeof(MACC), PCK_FN(rd_nanmin_init),
                                                PCK_FN(rd_nanmin_pass), NULL, NULL,
                                                PCK_FN(rd_minmax_finish)};

/* logsumexp: pass 1 the maximum (NaN sticky), pass 2 sum(exp(x - max)) */
typedef struct PCK_FN(rd_lse_acc) {
    double max;
    DACC sum;
} PCK_FN(rd_lse_acc);

static void PCK_FN(rd_lse_init)(char *acc, int64_t n)
{
    PCK_FN(rd_lse_acc) *a = (PCK_FN(rd_lse_acc) *)acc;
    for (int64_t i = 0; i < n; i++) {
        memset(&a[i], 0, sizeof a[i]);
        a[i].max = -INFINITY;
    }
}

static int PCK_FN(rd_lse_pass1)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(rd_lse_acc) *A = (PCK_FN(rd_lse_acc) *)(data[1] + j * st[1]);
        const double v = RD_LD(PCK_AT(const PCK_T, data[0], j, st[0]));
        A->max = (v > A->max || v != v) ? v : A->max;
    }
    return 0;
}

static int PCK_FN(rd_lse_pass2)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(rd_lse_acc) *A = (PCK_FN(rd_lse_acc) *)(data[1] + j * st[1]);
        if (isfinite(A->max)) {
            const double v = RD_LD(PCK_AT(const PCK_T, data[0], j, st[0]));
            PCK_FN(dacc_add)(&A->sum, exp(v - A->max));
        }
    }
    return 0;
}

static int PCK_FN(rd_lse_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        const PCK_FN(rd_lse_acc) *A = (const PCK_FN(rd_lse_acc) *)(data[0] + j * st[0]);
        double d[1] = {isfinite(A->max) ? A->max + log(PCK_FN(dacc_get)(&A->sum)) : A->max};
        PCK_AT(RD_FT, data[1], j, st[1]) = RD_FSTORE(d);
    }
    return 0;
}

static const pc_rd_fns PCK_FN(rd_lse_fns) = {
    sizeof(PCK_FN(rd_lse_acc)), PCK_FN(rd_lse_init), PCK_FN(rd_lse_pass1), NULL,
    PCK_FN(rd_lse_pass2), PCK_FN(rd_lse_finish)};

static pc_status PCK_FN(rd_max)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_max_fns));
}
static pc_status PCK_FN(rd_min)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_min_fns));
}
static pc_status PCK_FN(rd_nanmax)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_nanmax_fns));
}
static pc_status PCK_FN(rd_nanmin)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_nanmin_fns));
}
static pc_status PCK_FN(rd_logsumexp)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_lse_fns));
}
static const pc_whole_fn PCK_FN(rdk_max) = PCK_FN(rd_max);
static const pc_whole_fn PCK_FN(rdk_min) = PCK_FN(rd_min);
static const pc_whole_fn PCK_FN(rdk_nanmax) = PCK_FN(rd_nanmax);
static const pc_whole_fn PCK_FN(rdk_nanmin) = PCK_FN(rd_nanmin);
static const pc_whole_fn PCK_FN(rdk_logsumexp) = PCK_FN(rd_logsumexp);

#undef MACC
#undef RD_LOWEST
#undef RD_HIGHEST
#undef RD_SEL_MAX
#undef RD_SEL_MIN
#undef RD_SEL_NANMAX
#undef RD_SEL_NANMIN
#else
static const pc_whole_fn PCK_FN(rdk_max) = NULL;
static const pc_whole_fn PCK_FN(rdk_min) = NULL;
static const pc_whole_fn PCK_FN(rdk_nanmax) = NULL;
static const pc_whole_fn PCK_FN(rdk_nanmin) = NULL;
static const pc_whole_fn PCK_FN(rdk_logsumexp) = NULL;
#endif

#undef RD_COMP
#undef RD_INTEGRAL
#undef RD_NC
#undef RD_ST
#undef RD_LD
#undef RD_ISNAN
#undef RD_TRUTH
#undef RD_FT
#undef RD_FSTORE
#undef RD_RT_OUT
#undef RD_RSTORE
#undef DACC
#undef FACC
