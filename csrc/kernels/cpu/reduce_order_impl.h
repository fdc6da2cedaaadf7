/*
 * reduce_order_impl.h - all, any, count_nonzero, max, min (and their nan forms) and logsumexp
 * of dtype PCK_N: the reductions that select or count rather than add. Included by
 * reduce_impl.h, which defines the per-dtype helpers and macros it uses. No include guard.
 */
/* ---- all, any, count_nonzero ------------------------------------------------------------- */

static void PCK_FN(rd_bool_init1)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    (void)rc;
    memset(acc, 1, (size_t)n);
}

static void PCK_FN(rd_bool_init0)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    (void)rc;
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
            const PCK_T *a = (const PCK_T *)x;
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

static void PCK_FN(rd_count_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_zero)(acc, n, rc, 1);
}

static int PCK_FN(rd_count_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    (void)ctx;
    const char *x = data[0];
    if (st[1] == 0) {
        int64_t total = 0;
        for (int64_t i = 0; i < n; i++) {
            total += RD_TRUTH(PCK_AT(const PCK_T, x, i, st[0])) ? 1 : 0;
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

static void PCK_FN(rd_all_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                 int pass)
{
    (void)rc;
    (void)pass;
    for (int64_t i = 0; i < n; i++) {
        dst[i] = (char)(dst[i] & src[i]);
    }
}

static void PCK_FN(rd_any_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                 int pass)
{
    (void)rc;
    (void)pass;
    for (int64_t i = 0; i < n; i++) {
        dst[i] = (char)(dst[i] | src[i]);
    }
}

static void PCK_FN(rd_count_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                   int pass)
{
    (void)rc;
    (void)pass;
    for (int64_t i = 0; i < n; i++) {
        ((int64_t *)dst)[i] += ((const int64_t *)src)[i];
    }
}

static const pc_rd_fns PCK_FN(rd_all_fns) = {1, 1, PCK_FN(rd_bool_init1), PCK_FN(rd_all_pass),
                                             NULL, NULL, PCK_FN(rd_bool_finish), NULL, NULL,
                                             PCK_FN(rd_all_merge)};
static const pc_rd_fns PCK_FN(rd_any_fns) = {1, 1, PCK_FN(rd_bool_init0), PCK_FN(rd_any_pass),
                                             NULL, NULL, PCK_FN(rd_bool_finish), NULL, NULL,
                                             PCK_FN(rd_any_merge)};
static const pc_rd_fns PCK_FN(rd_count_fns) = {
    sizeof(int64_t), 1, PCK_FN(rd_count_init), PCK_FN(rd_count_pass), NULL, NULL,
    PCK_FN(rd_count_finish), NULL, NULL, PCK_FN(rd_count_merge)};

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

/* ---- max, min, nanmax, nanmin, the PAIR rows, logsumexp (real dtypes) -------------------- */

#if PCK_K != PCK_KC
#define MACC PCK_CT

/* The selections are pc_rd_select and pc_rd_ident (kernels/common/reduce_elem.h); rd_vselect
 * below is pc_rd_select lane-wise, on the register-wide vectors of the contiguous runs. */

/* register-wide vectors (PC_VBYTES) of the compute type (bool as uint8) and their comparison masks */
#if PCK_K == PCK_KB
typedef uint8_t PCK_FN(rd_vm) __attribute__((vector_size(PC_VBYTES)));
#else
typedef MACC PCK_FN(rd_vm) __attribute__((vector_size(PC_VBYTES)));
#endif
typedef __typeof__((PCK_FN(rd_vm)){0} > (PCK_FN(rd_vm)){0}) PCK_FN(rd_vmask);
#define RD_VN ((int64_t)(sizeof(PCK_FN(rd_vm)) / sizeof(MACC)))

static inline PCK_FN(rd_vm) PCK_FN(rd_vload)(const PCK_T *p)
{
    PCK_FN(rd_vm) v;
#if RD_NARROW
    for (int k = 0; k < RD_VN; k++) {
        v[k] = PCK_LOAD(p[k]);
    }
#else
    memcpy(&v, p, sizeof v);
#endif
    return v;
}

/* a vector of accumulators (the compute type; bool stored as bytes) */
static inline PCK_FN(rd_vm) PCK_FN(rd_vload_acc)(const MACC *p)
{
    PCK_FN(rd_vm) v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void PCK_FN(rd_vstore_acc)(MACC *p, PCK_FN(rd_vm) v)
{
    memcpy(p, &v, sizeof v);
}

PC_ALWAYS_INLINE PCK_FN(rd_vm) PCK_FN(rd_vselect)(int which, PCK_FN(rd_vm) a, PCK_FN(rd_vm) v)
{
    PCK_FN(rd_vmask) take;
#if PCK_K == PCK_KF
    switch (which) {
    case PC_RD_MAX:
        take = (v > a) | (v != v);
        break;
    case PC_RD_MIN:
        take = (v < a) | (v != v);
        break;
    case PC_RD_NANMAX:
        take = (v > a) | (a != a);
        break;
    default:
        take = (v < a) | (a != a);
        break;
    }
#else
    take = (which == PC_RD_MAX || which == PC_RD_NANMAX) ? (v > a) : (v < a);
#endif
    return (PCK_FN(rd_vm))(((PCK_FN(rd_vmask))v & take) | ((PCK_FN(rd_vmask))a & ~take));
}

/* A contiguous run of n elements reduced on two vectors; `which` is a constant at every call
 * site, so the switches fold away after inlining. */
PC_ALWAYS_INLINE MACC PCK_FN(rd_minmax_contig)(int which, const PCK_T *a, int64_t n, MACC acc)
{
    PCK_FN(rd_vm) m0 = (PCK_FN(rd_vm)){0} + (__typeof__(m0[0]))acc;
    PCK_FN(rd_vm) m1 = m0;
    PCK_FN(rd_vm) m2 = m0;
    PCK_FN(rd_vm) m3 = m0;
    int64_t i = 0;
    for (; i + 4 * RD_VN <= n; i += 4 * RD_VN) {
        m0 = PCK_FN(rd_vselect)(which, m0, PCK_FN(rd_vload)(a + i));
        m1 = PCK_FN(rd_vselect)(which, m1, PCK_FN(rd_vload)(a + i + RD_VN));
        m2 = PCK_FN(rd_vselect)(which, m2, PCK_FN(rd_vload)(a + i + 2 * RD_VN));
        m3 = PCK_FN(rd_vselect)(which, m3, PCK_FN(rd_vload)(a + i + 3 * RD_VN));
    }
    m0 = PCK_FN(rd_vselect)(which, m0, m1);
    m2 = PCK_FN(rd_vselect)(which, m2, m3);
    m0 = PCK_FN(rd_vselect)(which, m0, m2);
    for (int k = 0; k < RD_VN; k++) {
        acc = PCK_FN(pc_rd_select)(which, acc, (MACC)m0[k]);
    }
    for (; i < n; i++) {
        acc = PCK_FN(pc_rd_select)(which, acc, PCK_LOAD(a[i]));
    }
    return acc;
}

/* The columnar case on contiguous rows and accumulators: nrows rows (row stride rs) folded
 * into the n accumulators, a vector of columns at a time and up to 8 rows per update. */
PC_ALWAYS_INLINE void PCK_FN(rd_minmax_rows)(int which, char *const *data, int64_t n,
                                          const int64_t *st, int64_t nrows, int64_t rs)
{
    MACC *A = (MACC *)data[1];
    (void)st;
    for (int64_t i = 0; i < nrows; i += 8) {
        const int64_t g = nrows - i < 8 ? nrows - i : 8;
        const PCK_T *r[8];
        for (int64_t k = 0; k < g; k++) {
            r[k] = (const PCK_T *)(data[0] + (i + k) * rs);
        }
        int64_t j = 0;
        for (; j + RD_VN <= n; j += RD_VN) {
            PCK_FN(rd_vm) m = PCK_FN(rd_vload_acc)(A + j);
            for (int64_t k = 0; k < g; k++) {
                m = PCK_FN(rd_vselect)(which, m, PCK_FN(rd_vload)(r[k] + j));
            }
            PCK_FN(rd_vstore_acc)(A + j, m);
        }
        for (; j < n; j++) {
            MACC m = A[j];
            for (int64_t k = 0; k < g; k++) {
                m = PCK_FN(pc_rd_select)(which, m, PCK_LOAD(r[k][j]));
            }
            A[j] = m;
        }
    }
}

PC_ALWAYS_INLINE int PCK_FN(rd_minmax_impl)(int which, char *const *data, int64_t n,
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
            acc = PCK_FN(pc_rd_select)(which, acc, PCK_LOAD(PCK_AT(const PCK_T, x, i, st[0])));
        }
        *A = acc;
        return 0;
    }
    if (st[0] == (int64_t)sizeof(PCK_T) && st[1] == (int64_t)sizeof(MACC)) {
        PCK_FN(rd_minmax_rows)(which, data, n, st, 1, 0);
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        MACC *A = (MACC *)(data[1] + j * st[1]);
        *A = PCK_FN(pc_rd_select)(which, *A, PCK_LOAD(PCK_AT(const PCK_T, x, j, st[0])));
    }
    return 0;
}

static int PCK_FN(rd_max_rows)(const pc_loop_ctx *c, char *const *d, int64_t n,
                               const int64_t *s, int64_t r, int64_t rs)
{
    (void)c;
    if (s[0] != (int64_t)sizeof(PCK_T) || s[1] != (int64_t)sizeof(MACC)) {
        for (int64_t i = 0; i < r; i++) {
            char *row[2] = {d[0] + i * rs, d[1]};
            PCK_FN(rd_minmax_impl)(PC_RD_MAX, row, n, s);
        }
        return 0;
    }
    PCK_FN(rd_minmax_rows)(PC_RD_MAX, d, n, s, r, rs);
    return 0;
}

static int PCK_FN(rd_min_rows)(const pc_loop_ctx *c, char *const *d, int64_t n,
                               const int64_t *s, int64_t r, int64_t rs)
{
    (void)c;
    if (s[0] != (int64_t)sizeof(PCK_T) || s[1] != (int64_t)sizeof(MACC)) {
        for (int64_t i = 0; i < r; i++) {
            char *row[2] = {d[0] + i * rs, d[1]};
            PCK_FN(rd_minmax_impl)(PC_RD_MIN, row, n, s);
        }
        return 0;
    }
    PCK_FN(rd_minmax_rows)(PC_RD_MIN, d, n, s, r, rs);
    return 0;
}

static int PCK_FN(rd_max_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                               const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(PC_RD_MAX, data, n, st);
}
static int PCK_FN(rd_min_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                               const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(PC_RD_MIN, data, n, st);
}
static int PCK_FN(rd_nanmax_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(PC_RD_NANMAX, data, n, st);
}
static int PCK_FN(rd_nanmin_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    (void)ctx;
    return PCK_FN(rd_minmax_impl)(PC_RD_NANMIN, data, n, st);
}

static void PCK_FN(rd_minmax_init)(int which, char *acc, int64_t n)
{
    MACC *a = (MACC *)acc;
    const MACC v = PCK_FN(pc_rd_ident)(which);
    for (int64_t i = 0; i < n; i++) {
        a[i] = v;
    }
}
static void PCK_FN(rd_max_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    (void)rc;
    PCK_FN(rd_minmax_init)(PC_RD_MAX, acc, n);
}
static void PCK_FN(rd_min_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    (void)rc;
    PCK_FN(rd_minmax_init)(PC_RD_MIN, acc, n);
}
static void PCK_FN(rd_nanmax_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    (void)rc;
    PCK_FN(rd_minmax_init)(PC_RD_NANMAX, acc, n);
}
static void PCK_FN(rd_nanmin_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    (void)rc;
    PCK_FN(rd_minmax_init)(PC_RD_NANMIN, acc, n);
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

static void PCK_FN(rd_minmax_merge)(int which, char *dst, const char *src, int64_t n)
{
    MACC *d = (MACC *)dst;
    const MACC *s = (const MACC *)src;
    for (int64_t i = 0; i < n; i++) {
        d[i] = PCK_FN(pc_rd_select)(which, d[i], s[i]);
    }
}

static void PCK_FN(rd_max_merge)(char *d, const char *s, int64_t n, const pc_rd_ctx *rc, int p)
{
    (void)rc;
    (void)p;
    PCK_FN(rd_minmax_merge)(PC_RD_MAX, d, s, n);
}
static void PCK_FN(rd_min_merge)(char *d, const char *s, int64_t n, const pc_rd_ctx *rc, int p)
{
    (void)rc;
    (void)p;
    PCK_FN(rd_minmax_merge)(PC_RD_MIN, d, s, n);
}
static void PCK_FN(rd_nanmax_merge)(char *d, const char *s, int64_t n, const pc_rd_ctx *rc,
                                    int p)
{
    (void)rc;
    (void)p;
    PCK_FN(rd_minmax_merge)(PC_RD_NANMAX, d, s, n);
}
static void PCK_FN(rd_nanmin_merge)(char *d, const char *s, int64_t n, const pc_rd_ctx *rc,
                                    int p)
{
    (void)rc;
    (void)p;
    PCK_FN(rd_minmax_merge)(PC_RD_NANMIN, d, s, n);
}

static const pc_rd_fns PCK_FN(rd_max_fns) = {sizeof(MACC), 1, PCK_FN(rd_max_init),
                                             PCK_FN(rd_max_pass), NULL, NULL,
                                             PCK_FN(rd_minmax_finish), PCK_FN(rd_max_rows),
                                             NULL, PCK_FN(rd_max_merge)};
static const pc_rd_fns PCK_FN(rd_min_fns) = {sizeof(MACC), 1, PCK_FN(rd_min_init),
                                             PCK_FN(rd_min_pass), NULL, NULL,
                                             PCK_FN(rd_minmax_finish), PCK_FN(rd_min_rows),
                                             NULL, PCK_FN(rd_min_merge)};
static const pc_rd_fns PCK_FN(rd_nanmax_fns) = {sizeof(MACC), 1, PCK_FN(rd_nanmax_init),
                                                PCK_FN(rd_nanmax_pass), NULL, NULL,
                                                PCK_FN(rd_minmax_finish), NULL, NULL,
                                                PCK_FN(rd_nanmax_merge)};
static const pc_rd_fns PCK_FN(rd_nanmin_fns) = {sizeof(MACC), 1, PCK_FN(rd_nanmin_init),
                                                PCK_FN(rd_nanmin_pass), NULL, NULL,
                                                PCK_FN(rd_minmax_finish), NULL, NULL,
                                                PCK_FN(rd_nanmin_merge)};

/* the PAIR shape (paddle_c/reductions.def: ptp, ...): fields max, then min (pc_rd_select's
 * PC_RD_MAX and PC_RD_MIN accumulators, by max's and min's loops), finished by the row's
 * pc_rd_<name>_finish through pc_rd_pair_finish (the row is the kernel call's) */
static void PCK_FN(rd_pair_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_minmax_init)(PC_RD_MAX, acc, n);
    PCK_FN(rd_minmax_init)(PC_RD_MIN, acc + rc->plane, n);
}

static int PCK_FN(rd_pair_pass)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    char *const lo[2] = {data[0], data[1] + rc->plane};
    PCK_FN(rd_minmax_impl)(PC_RD_MAX, data, n, st);
    return PCK_FN(rd_minmax_impl)(PC_RD_MIN, lo, n, st);
}

static int PCK_FN(rd_pair_rows)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                const int64_t *s, int64_t r, int64_t rs)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)c->params;
    char *const lo[2] = {d[0], d[1] + rc->plane};
    PCK_FN(rd_max_rows)(c, d, n, s, r, rs);
    return PCK_FN(rd_min_rows)(c, lo, n, s, r, rs);
}

static int PCK_FN(rd_pair_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        const char *A = data[0] + j * st[0];
        PCK_AT(PCK_T, data[1], j, st[1]) = PCK_FN(pc_rd_pair_finish)(
            rc->reduction, *(const MACC *)A, *RD_FLD(A, 1, const MACC, rc));
    }
    return 0;
}

static void PCK_FN(rd_pair_merge)(char *d, const char *s, int64_t n, const pc_rd_ctx *rc, int p)
{
    (void)p;
    PCK_FN(rd_minmax_merge)(PC_RD_MAX, d, s, n);
    PCK_FN(rd_minmax_merge)(PC_RD_MIN, d + rc->plane, s + rc->plane, n);
}

static const pc_rd_fns PCK_FN(rd_pair_fns) = {sizeof(MACC), 2, PCK_FN(rd_pair_init),
                                              PCK_FN(rd_pair_pass), NULL, NULL,
                                              PCK_FN(rd_pair_finish), PCK_FN(rd_pair_rows),
                                              NULL, PCK_FN(rd_pair_merge)};

/* logsumexp: pass 1 the maximum (NaN sticky), pass 2 sum(exp(x - max)); fields: max, then
 * the sum (and its compensation) */
#define RD_LSUM 1
#define RD_LSUMC 2

static void PCK_FN(rd_lse_init)(char *acc, int64_t n, const pc_rd_ctx *rc)
{
    PCK_FN(rd_zero)(acc, n, rc, 3);
    double *m = (double *)acc;
    for (int64_t i = 0; i < n; i++) {
        m[i] = -INFINITY; /* pc_rd_lse_max's identity */
    }
}

static int PCK_FN(rd_lse_pass1)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    (void)ctx;
    for (int64_t j = 0; j < n; j++) {
        double *m = (double *)(data[1] + j * st[1]);
        const double v = RD_LD(PCK_AT(const PCK_T, data[0], j, st[0]));
        *m = pc_rd_lse_max(*m, v);
    }
    return 0;
}

static int PCK_FN(rd_lse_pass2)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        char *A = data[1] + j * st[1];
        const double m = *(const double *)A;
        if (isfinite(m)) {
            const double v = RD_LD(PCK_AT(const PCK_T, data[0], j, st[0]));
            pc_rd_sum_add(RD_FLD(A, RD_LSUM, double, rc), RD_FLD(A, RD_LSUMC, double, rc),
                          pc_rd_lse_term(v, m), true);
        }
    }
    return 0;
}

static int PCK_FN(rd_lse_finish)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                 const int64_t *st)
{
    const pc_rd_ctx *rc = (const pc_rd_ctx *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        const char *A = data[0] + j * st[0];
        const double m = *(const double *)A;
        const double s = pc_rd_sum_get(*RD_FLD(A, RD_LSUM, const double, rc),
                                       *RD_FLD(A, RD_LSUMC, const double, rc), true);
        const double d[1] = {pc_rd_lse_finish(m, s)};
        PCK_AT(RD_FT, data[1], j, st[1]) = RD_FSTORE(d);
    }
    return 0;
}

static void PCK_FN(rd_lse_merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *rc,
                                 int pass)
{
    if (pass == 1) {
        double *d = (double *)dst;
        const double *s = (const double *)src;
        for (int64_t i = 0; i < n; i++) {
            d[i] = pc_rd_lse_max(d[i], s[i]);
        }
        return;
    }
    double *sd = RD_FLD(dst, RD_LSUM, double, rc);
    double *cd = RD_FLD(dst, RD_LSUMC, double, rc);
    const double *ss = RD_FLD(src, RD_LSUM, const double, rc);
    const double *cs = RD_FLD(src, RD_LSUMC, const double, rc);
    for (int64_t i = 0; i < n; i++) {
        pc_rd_sum_fold(&sd[i], &cd[i], ss[i], cs[i], true);
    }
}

static const pc_rd_fns PCK_FN(rd_lse_fns) = {
    sizeof(double), 3, PCK_FN(rd_lse_init), PCK_FN(rd_lse_pass1), NULL,
    PCK_FN(rd_lse_pass2), PCK_FN(rd_lse_finish), NULL, NULL, PCK_FN(rd_lse_merge)};

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
static pc_status PCK_FN(rd_pair)(const pc_kernel_args *a)
{
    return pc_cpu_reduce_run(a, &PCK_FN(rd_pair_fns));
}
static const pc_whole_fn PCK_FN(rdk_max) = PCK_FN(rd_max);
static const pc_whole_fn PCK_FN(rdk_min) = PCK_FN(rd_min);
static const pc_whole_fn PCK_FN(rdk_nanmax) = PCK_FN(rd_nanmax);
static const pc_whole_fn PCK_FN(rdk_nanmin) = PCK_FN(rd_nanmin);
static const pc_whole_fn PCK_FN(rdk_logsumexp) = PCK_FN(rd_logsumexp);
static const pc_whole_fn PCK_FN(rdk_pair) = PCK_FN(rd_pair);

#undef MACC
#undef RD_VN
#undef RD_LSUM
#undef RD_LSUMC
#else
static const pc_whole_fn PCK_FN(rdk_max) = NULL;
static const pc_whole_fn PCK_FN(rdk_min) = NULL;
static const pc_whole_fn PCK_FN(rdk_nanmax) = NULL;
static const pc_whole_fn PCK_FN(rdk_nanmin) = NULL;
static const pc_whole_fn PCK_FN(rdk_logsumexp) = NULL;
static const pc_whole_fn PCK_FN(rdk_pair) = NULL;
#endif
