/*
 * scan_impl.h - cumulative sum and product of dtype PCK_N along one axis. Included by scan.c
 * through each_dtype.h. No include guard.
 *
 * Accumulation follows the reductions (kernels/common/reduce_elem.h): integers wrap in uint64 and write the
 * int64/uint64 result; floating sums run in double (float64 and complex128 with a TwoSum
 * compensation term, so a running sum of 10^7 values keeps full precision); products in
 * double; complex products as (a + bi)(c + di) per step.
 */
#include "kernels/common/reduce_elem.h"

#define SC_INTEGRAL (PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU)
#define SC_COMP PCK_CAT(PC_RD_COMP_, PCK_N)

#if PCK_K == PCK_KC
#define SC_NC 2
#define SC_ST PCK_RT
#define SC_LD(x) ((double)(x))
#define SC_STORE(d) PCK_FROMD(CMPLX((d)[0], (d)[1]))
#elif !SC_INTEGRAL
#define SC_NC 1
#define SC_ST PCK_T
#define SC_LD(x) ((double)PCK_LOAD(x))
#define SC_STORE(d) PCK_FROMD((d)[0])
#endif

#if SC_INTEGRAL
#define SC_WIDEN(x) PCK_FN(pc_rd_widen)(PCK_LOAD(x))

/* n lanes, each a run of `len` elements (x stride sx, out stride so) starting at x + j * st[0]
 * and out + j * st[1]; with `init`, the identity is written one step before each lane. */
static int PCK_FN(sc_iscan)(const sc_lanes *l, char *const *data, int64_t n, const int64_t *st,
                            bool prod)
{
    const uint64_t ident = prod ? 1 : 0;
    for (int64_t j0 = 0; j0 < n; j0 += SC_CHUNK) {
        const int64_t m = n - j0 < SC_CHUNK ? n - j0 : SC_CHUNK;
        uint64_t acc[SC_CHUNK];
        const char *x = data[0] + j0 * st[0];
        char *o = data[1] + j0 * st[1];
        for (int64_t j = 0; j < m; j++) {
            acc[j] = ident;
            if (l->init) {
                PCK_AT(uint64_t, o - l->so, j, st[1]) = ident;
            }
        }
        /* step along the axis, all m lanes at a time (vectorises across lanes when the
         * lanes are the contiguous axis) */
        for (int64_t i = 0; i < l->len; i++) {
            const char *xr = x + i * l->sx;
            char *orow = o + i * l->so;
            if (prod) {
                for (int64_t j = 0; j < m; j++) {
                    acc[j] *= SC_WIDEN(PCK_AT(const PCK_T, xr, j, st[0]));
                    PCK_AT(uint64_t, orow, j, st[1]) = acc[j];
                }
            } else {
                for (int64_t j = 0; j < m; j++) {
                    acc[j] += SC_WIDEN(PCK_AT(const PCK_T, xr, j, st[0]));
                    PCK_AT(uint64_t, orow, j, st[1]) = acc[j];
                }
            }
        }
    }
    return 0;
}

/* one lane at a time, walking the axis (the axis is the faster one in memory) */
static int PCK_FN(sc_iscan_lane)(const sc_lanes *l, char *const *data, int64_t n,
                                 const int64_t *st, bool prod)
{
    for (int64_t j = 0; j < n; j++) {
        const char *x = data[0] + j * st[0];
        char *o = data[1] + j * st[1];
        uint64_t acc = prod ? 1 : 0;
        if (l->init) {
            *(uint64_t *)(o - l->so) = acc;
        }
        if (prod) {
            for (int64_t i = 0; i < l->len; i++) {
                acc *= SC_WIDEN(PCK_AT(const PCK_T, x, i, l->sx));
                PCK_AT(uint64_t, o, i, l->so) = acc;
            }
        } else {
            for (int64_t i = 0; i < l->len; i++) {
                acc += SC_WIDEN(PCK_AT(const PCK_T, x, i, l->sx));
                PCK_AT(uint64_t, o, i, l->so) = acc;
            }
        }
    }
    return 0;
}

static int PCK_FN(sc_impl)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                           const int64_t *st, bool prod)
{
    const sc_lanes *l = (const sc_lanes *)ctx->params;
    if (sc_columnar(l, n, st)) {
        return PCK_FN(sc_iscan)(l, data, n, st, prod);
    }
    return PCK_FN(sc_iscan_lane)(l, data, n, st, prod);
}
#undef SC_WIDEN

#else /* floating and complex */

/* the running value of one lane: SC_NC components, a compensation term for sums */
typedef struct PCK_FN(sc_acc) {
    double s[SC_NC];
    double c[SC_NC];
} PCK_FN(sc_acc);

static inline void PCK_FN(sc_step)(PCK_FN(sc_acc) *a, const char *x, char *o, bool prod)
{
    const SC_ST *q = (const SC_ST *)x;
    double d[SC_NC];
    for (int k = 0; k < SC_NC; k++) {
        d[k] = SC_LD(q[k]);
    }
    double r[SC_NC];
    if (prod) {
        PCK_FN(pc_rd_pmul)(a->s, d);
        for (int k = 0; k < SC_NC; k++) {
            r[k] = a->s[k];
        }
    } else {
        for (int k = 0; k < SC_NC; k++) {
            PCK_FN(pc_rd_add)(&a->s[k], &a->c[k], d[k]);
            r[k] = PCK_FN(pc_rd_get)(a->s[k], a->c[k]);
        }
    }
    *(PCK_T *)o = SC_STORE(r);
}

static inline void PCK_FN(sc_ident)(PCK_FN(sc_acc) *a, char *o, bool prod, bool write)
{
    for (int k = 0; k < SC_NC; k++) {
        a->s[k] = (prod && k == 0) ? 1.0 : 0.0;
        a->c[k] = 0.0;
    }
    if (write) {
        *(PCK_T *)o = SC_STORE(a->s);
    }
}

static int PCK_FN(sc_impl)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                           const int64_t *st, bool prod)
{
    const sc_lanes *l = (const sc_lanes *)ctx->params;
    if (sc_columnar(l, n, st)) {
        PCK_FN(sc_acc) acc[SC_CHUNK];
        for (int64_t j0 = 0; j0 < n; j0 += SC_CHUNK) {
            const int64_t m = n - j0 < SC_CHUNK ? n - j0 : SC_CHUNK;
            const char *x = data[0] + j0 * st[0];
            char *o = data[1] + j0 * st[1];
            for (int64_t j = 0; j < m; j++) {
                PCK_FN(sc_ident)(&acc[j], o + j * st[1] - l->so, prod, l->init);
            }
            for (int64_t i = 0; i < l->len; i++) {
                for (int64_t j = 0; j < m; j++) {
                    PCK_FN(sc_step)(&acc[j], x + i * l->sx + j * st[0],
                                    o + i * l->so + j * st[1], prod);
                }
            }
        }
        return 0;
    }
    for (int64_t j = 0; j < n; j++) {
        const char *x = data[0] + j * st[0];
        char *o = data[1] + j * st[1];
        PCK_FN(sc_acc) acc;
        PCK_FN(sc_ident)(&acc, o - l->so, prod, l->init);
#if SC_NC == 1 && !SC_COMP
        if (!prod && l->sx == (int64_t)sizeof(PCK_T) && l->so == (int64_t)sizeof(PCK_T)) {
            const PCK_T *restrict a = (const PCK_T *)x;
            PCK_T *restrict b = (PCK_T *)o;
            double s = 0.0;
            for (int64_t i = 0; i < l->len; i++) {
                s += SC_LD(a[i]);
                b[i] = PCK_FROMD(s);
            }
            continue;
        }
#endif
        for (int64_t i = 0; i < l->len; i++) {
            PCK_FN(sc_step)(&acc, x + i * l->sx, o + i * l->so, prod);
        }
    }
    return 0;
}
#endif

static int PCK_FN(sc_sum_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                               const int64_t *s)
{
    return PCK_FN(sc_impl)(c, d, n, s, false);
}

static int PCK_FN(sc_prod_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                const int64_t *s)
{
    return PCK_FN(sc_impl)(c, d, n, s, true);
}

static pc_status PCK_FN(sc_cumsum)(const pc_kernel_args *a)
{
    return sc_run(a, PCK_FN(sc_sum_loop));
}

static pc_status PCK_FN(sc_cumprod)(const pc_kernel_args *a)
{
    return sc_run(a, PCK_FN(sc_prod_loop));
}

#undef SC_INTEGRAL
#undef SC_COMP
#undef SC_NC
#undef SC_ST
#undef SC_LD
#undef SC_STORE
