/*
 * reduce_impl.h - the reductions of dtype PCK_N (see reduce_driver.h for the driver, the
 * accumulator planes and the loop contract). Included by reduce.c through each_dtype.h. No
 * include guard.
 *
 * Accumulator fields (each a plane of the accumulator block, see reduce_driver.h):
 *   integer sums and products   one uint64 field, wrapping (two's complement: equal to
 *                               wrapping in any narrower integer type at the end)
 *   floating sums, mean, var    double per real component; float64 and complex128 add a
 *                               compensation field per component (TwoSum), so every floating
 *                               sum is at least as accurate as pairwise summation
 *   max, min                    one field of the compute type (float for float16/bfloat16)
 *   all, any / count_nonzero    one bool / int64 field
 * A contiguous run into one accumulator ("inner" case) is reduced on 64-byte vectors (simd.h);
 * a run across accumulators ("columnar" case) is an element-wise loop over contiguous planes,
 * which the compiler vectorises.
 *
 * Here: the per-dtype macros and the loading/summing helpers shared by the two op files it
 * includes, reduce_sum_impl.h and reduce_order_impl.h. Each op ends with `rdk_<op>_<ID>`: its
 * whole-tensor kernel, or NULL where the op does not apply to this dtype (ordered reductions
 * of complex numbers).
 */
#include "kernels/common/reduce_elem.h"

#ifndef RD_ONCE
#define RD_ONCE
/* what a floating-sum finish writes: sum/nansum (the dtype), mean/nanmean (floating result) */
enum { RD_OUT_SUM, RD_OUT_MEAN, RD_OUT_NANMEAN };
/* field f of the accumulator at p (p points into field 0's plane) */
#define RD_FLD(p, f, T, rc) ((T *)((p) + (int64_t)(f) * (rc)->plane))
#endif

#define RD_COMP PCK_CAT(PC_RD_COMP_, PCK_N)
#if RD_COMP
#define RD_CF 1     /* RD_COMP as a C expression */
#else
#define RD_CF 0
#endif
#define RD_NARROW PCK_CAT(PCK_NARROW_, PCK_N)
#define RD_INTEGRAL (PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU)

/* one real component: its storage type, its vector element type, its value as a double */
#if PCK_K == PCK_KC
#define RD_NC 2
#define RD_ST PCK_RT
#define RD_VT PCK_RT
#define RD_LD(x) ((double)(x))
#elif PCK_K == PCK_KB
#define RD_NC 1
#define RD_ST PCK_T
#define RD_VT uint8_t
#define RD_LD(x) ((double)(x))
#else
#define RD_NC 1
#define RD_ST PCK_T
#define RD_VT PCK_T
#define RD_LD(x) ((double)PCK_LOAD(x))
#endif

/* fields of the floating sums: s[k] then, when compensated, c[k] */
#define RD_FS(k) (k)
#define RD_FC(k) (RD_NC + (k))
#define RD_NSUM (RD_NC * (1 + RD_CF))

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

/* ---- loading and summing ---------------------------------------------------------------- */

/* eight consecutive real components as doubles */
#if RD_NARROW
static inline pc_v8d PCK_FN(rd_ld8)(const RD_ST *p)
{
    pc_v8d v;
    for (int k = 0; k < 8; k++) {
        v[k] = RD_LD(p[k]);
    }
    return v;
}
#else
typedef RD_VT PCK_FN(rd_v8s) __attribute__((vector_size(8 * sizeof(RD_VT))));
static inline pc_v8d PCK_FN(rd_ld8)(const RD_ST *p)
{
    PCK_FN(rd_v8s) v;
    memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, pc_v8d);
}
#endif

/* the RD_NC parts of the element at p, as doubles */
static inline void PCK_FN(rd_parts)(const char *p, double *d)
{
    const RD_ST *q = (const RD_ST *)p;
    for (int k = 0; k < RD_NC; k++) {
        d[k] = RD_LD(q[k]);
    }
}

/* component k of a floating-sum accumulator (fields RD_FS/RD_FC) */
static inline void PCK_FN(rd_acc_add)(char *acc, const pc_rd_ctx *rc, int k, double s, double c)
{
#if RD_COMP
    PCK_FN(pc_rd_fold)(RD_FLD(acc, RD_FS(k), double, rc), RD_FLD(acc, RD_FC(k), double, rc), s, c);
#else
    double unused = 0.0; /* no compensation field: an uncompensated fold does not touch it */
    PCK_FN(pc_rd_fold)(RD_FLD(acc, RD_FS(k), double, rc), &unused, s, c);
#endif
}

static inline double PCK_FN(rd_acc_get)(const char *acc, const pc_rd_ctx *rc, int k)
{
#if RD_COMP
    return PCK_FN(pc_rd_get)(*RD_FLD(acc, RD_FS(k), const double, rc),
                             *RD_FLD(acc, RD_FC(k), const double, rc));
#else
    return PCK_FN(pc_rd_get)(*RD_FLD(acc, RD_FS(k), const double, rc), 0.0);
#endif
}

#if PC_VBYTES < 64 && !RD_NARROW
/* [Why a register-wide body below AVX-512] An 8-lane double vector (pc_v8d) is two AVX2 or
 * four SSE registers; GCC lowers operations on such vectors through the stack (a float32 sum
 * ran at a third of the SSE speed on AVX2). Below AVX-512 the hot loop works on vectors of
 * the register's width (RD_W doubles) instead, 8 / RD_W of them per 8 lanes, and hands the
 * same 8-lane sums to the caller; the lanes and their order of summation are those of the
 * 8-lane body's two chains (AVX-512 runs four chains: its roundings can differ in the last
 * bits of a float64 sum). */
#define RD_W (PC_VBYTES / 8)
#define RD_G (8 / RD_W)
typedef double PCK_FN(rd_vw) __attribute__((vector_size(PC_VBYTES)));
typedef int64_t PCK_FN(rd_vwl) __attribute__((vector_size(PC_VBYTES)));
typedef RD_VT PCK_FN(rd_vws) __attribute__((vector_size(RD_W * sizeof(RD_VT))));

static inline PCK_FN(rd_vw) PCK_FN(rd_ldw)(const RD_ST *p)
{
    PCK_FN(rd_vws) v;
    memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, PCK_FN(rd_vw));
}

/* [Why eight elements per load] Eight consecutive components as the RD_G register vectors of
 * the 8 lanes. On SSE a register holds 2 doubles, and GCC converts a 2-float vector one
 * element at a time (cvtss2sd and a shuffle per pair); converting 4 narrow elements at once
 * gives packed conversions (cvtps2pd, cvtdq2pd) from memory. Lanes are those of rd_ldw. */
static inline void PCK_FN(rd_ld8w)(const RD_ST *p, PCK_FN(rd_vw) *out)
{
    typedef RD_VT v4s __attribute__((vector_size(4 * sizeof(RD_VT))));
    typedef double v4d __attribute__((vector_size(4 * sizeof(double))));
    if (PC_VBYTES == 16 && sizeof(RD_VT) <= 4) {
        for (int h = 0; h < 2; h++) {
            v4s v;
            memcpy(&v, p + 4 * h, sizeof v);
            const v4d d = __builtin_convertvector(v, v4d);
            memcpy(&out[2 * h], &d, sizeof d);
        }
    } else {
        for (int g = 0; g < RD_G; g++) {
            out[g] = PCK_FN(rd_ldw)(p + g * RD_W);
        }
    }
}

static inline void PCK_FN(rd_vw_twosum)(PCK_FN(rd_vw) *s, PCK_FN(rd_vw) *c, PCK_FN(rd_vw) v)
{
    const PCK_FN(rd_vw) t = *s + v;
    const PCK_FN(rd_vw) bp = t - *s;
    *c += (*s - (t - bp)) + (v - bp);
    *s = t;
}

/* Components [0, i) of a, i the largest multiple of 16 (8 with skip) <= m, into the 8-lane
 * sums (s0, c0) and (s1, c1) and the counts n0 (skip: NaN components contribute 0).
 * Returns i. */
static int64_t PCK_FN(rd_fsum_wide)(const RD_ST *a, int64_t m, bool skip, pc_v8d *s0v,
                                    pc_v8d *c0v, pc_v8d *s1v, pc_v8d *c1v, pc_v8l *n0v)
{
    PCK_FN(rd_vw) s0[RD_G], s1[RD_G], c0[RD_G], c1[RD_G];
    PCK_FN(rd_vwl) n0[RD_G];
    for (int g = 0; g < RD_G; g++) {
        s0[g] = s1[g] = c0[g] = c1[g] = (PCK_FN(rd_vw)){0};
        n0[g] = (PCK_FN(rd_vwl)){0};
    }
    int64_t i = 0;
    if (!skip) {
        for (; i + 16 <= m; i += 16) {
            PCK_FN(rd_vw) x0[RD_G], x1[RD_G];
            PCK_FN(rd_ld8w)(a + i, x0);
            PCK_FN(rd_ld8w)(a + i + 8, x1);
#pragma GCC unroll 8
            for (int g = 0; g < RD_G; g++) {
                const PCK_FN(rd_vw) v0 = x0[g];
                const PCK_FN(rd_vw) v1 = x1[g];
#if RD_COMP
                PCK_FN(rd_vw_twosum)(&s0[g], &c0[g], v0);
                PCK_FN(rd_vw_twosum)(&s1[g], &c1[g], v1);
#else
                s0[g] += v0;
                s1[g] += v1;
#endif
            }
        }
    } else {
        for (; i + 8 <= m; i += 8) {
            PCK_FN(rd_vw) x[RD_G];
            PCK_FN(rd_ld8w)(a + i, x);
#pragma GCC unroll 8
            for (int g = 0; g < RD_G; g++) {
                const PCK_FN(rd_vw) v = x[g];
                const PCK_FN(rd_vwl) ok = v == v;
                n0[g] -= ok;
                const PCK_FN(rd_vw) x = (PCK_FN(rd_vw))((PCK_FN(rd_vwl))v & ok);
#if RD_COMP
                PCK_FN(rd_vw_twosum)(&s0[g], &c0[g], x);
#else
                s0[g] += x;
#endif
            }
        }
    }
    for (int g = 0; g < RD_G; g++) {
        memcpy((char *)s0v + g * PC_VBYTES, &s0[g], PC_VBYTES);
        memcpy((char *)s1v + g * PC_VBYTES, &s1[g], PC_VBYTES);
        memcpy((char *)c0v + g * PC_VBYTES, &c0[g], PC_VBYTES);
        memcpy((char *)c1v + g * PC_VBYTES, &c1[g], PC_VBYTES);
        memcpy((char *)n0v + g * PC_VBYTES, &n0[g], PC_VBYTES);
    }
    return i;
}
#undef RD_G
#undef RD_W
#endif

/* Sum of m consecutive real components on two 8-lane vectors; lane k goes to component
 * k % RD_NC (complex parts alternate). `skip`: NaN components contribute 0 and the others
 * are counted into *cnt (real dtypes only). */
static void PCK_FN(rd_fsum_contig)(const RD_ST *a, int64_t m, bool skip, double *s, double *c,
                                   int64_t *cnt)
{
    pc_v8d s0 = pc_v8d_splat(0.0);
    pc_v8d s1 = s0;
    pc_v8d c0 = s0;
    pc_v8d c1 = s0;
    pc_v8l n0 = (pc_v8l){0};
    int64_t i = 0;
#if PC_VBYTES < 64 && !RD_NARROW
    i = PCK_FN(rd_fsum_wide)(a, m, skip, &s0, &c0, &s1, &c1, &n0);
#else
    if (!skip) {
#if PC_VBYTES >= 64
        /* four independent chains (the add latency), folded in pairs (on AVX-512, where an
         * 8-lane double vector is one register) */
        pc_v8d s2 = s0;
        pc_v8d s3 = s0;
#if RD_COMP
        pc_v8d c2 = s0;
        pc_v8d c3 = s0;
#endif
        for (; i + 32 <= m; i += 32) {
            const pc_v8d v0 = PCK_FN(rd_ld8)(a + i);
            const pc_v8d v1 = PCK_FN(rd_ld8)(a + i + 8);
            const pc_v8d v2 = PCK_FN(rd_ld8)(a + i + 16);
            const pc_v8d v3 = PCK_FN(rd_ld8)(a + i + 24);
#if RD_COMP
            pc_v8d_twosum(&s0, &c0, v0);
            pc_v8d_twosum(&s1, &c1, v1);
            pc_v8d_twosum(&s2, &c2, v2);
            pc_v8d_twosum(&s3, &c3, v3);
#else
            s0 += v0;
            s1 += v1;
            s2 += v2;
            s3 += v3;
#endif
        }
#if RD_COMP
        c0 += c2;
        c1 += c3;
        pc_v8d_twosum(&s0, &c0, s2);
        pc_v8d_twosum(&s1, &c1, s3);
#else
        s0 += s2;
        s1 += s3;
#endif
#endif /* PC_VBYTES >= 64 */
        for (; i + 16 <= m; i += 16) {
            const pc_v8d v0 = PCK_FN(rd_ld8)(a + i);
            const pc_v8d v1 = PCK_FN(rd_ld8)(a + i + 8);
#if RD_COMP
            pc_v8d_twosum(&s0, &c0, v0);
            pc_v8d_twosum(&s1, &c1, v1);
#else
            s0 += v0;
            s1 += v1;
#endif
        }
    } else {
        const pc_v8d zero = pc_v8d_splat(0.0);
        for (; i + 8 <= m; i += 8) {
            const pc_v8d v = PCK_FN(rd_ld8)(a + i);
            const pc_v8l ok = v == v;
            n0 -= ok;
#if RD_COMP
            pc_v8d_twosum(&s0, &c0, pc_v8d_select(ok, v, zero));
#else
            s0 += pc_v8d_select(ok, v, zero);
#endif
        }
    }
#endif /* PC_VBYTES < 64 && !RD_NARROW */
    double ls[8];
    double lc[8];
    for (int k = 0; k < 8; k++) {
        ls[k] = 0.0;
        lc[k] = c0[k] + c1[k];
        PCK_FN(pc_rd_add)(&ls[k], &lc[k], s0[k]);
        PCK_FN(pc_rd_add)(&ls[k], &lc[k], s1[k]);
    }
    /* the tail (under 16 components) keeps the lane parity: i is a multiple of 8 */
    int64_t tail = 0;
    for (int64_t k = 0; i + k < m; k++) {
        const double v = RD_LD(a[i + k]);
        if (skip && v != v) {
            continue;
        }
        tail++;
        PCK_FN(pc_rd_add)(&ls[k % 8], &lc[k % 8], v);
    }
    for (int k = 0; k < RD_NC; k++) {
        s[k] = 0.0;
        c[k] = 0.0;
    }
    int64_t total = tail;
    for (int k = 0; k < 8; k++) {
        PCK_FN(pc_rd_fold)(&s[k % RD_NC], &c[k % RD_NC], ls[k], lc[k]);
        total += n0[k];
    }
    if (cnt != NULL) {
        *cnt += total;
    }
}

/* Add n elements at x (byte stride sx) into the one floating-sum accumulator at acc. `cnt`
 * non-NULL: NaN elements (either part) are skipped and the others counted. */
static void PCK_FN(rd_fsum_run)(const char *x, int64_t n, int64_t sx, char *acc,
                                const pc_rd_ctx *rc, int64_t *cnt)
{
    double s[RD_NC];
    double c[RD_NC];
    if (sx == (int64_t)sizeof(PCK_T) && (cnt == NULL || RD_NC == 1)) {
        PCK_FN(rd_fsum_contig)((const RD_ST *)x, n * RD_NC, cnt != NULL, s, c, cnt);
    } else {
        for (int k = 0; k < RD_NC; k++) {
            s[k] = 0.0;
            c[k] = 0.0;
        }
        for (int64_t i = 0; i < n; i++) {
            double d[RD_NC];
            PCK_FN(rd_parts)(x + i * sx, d);
            if (cnt != NULL) {
                if (pc_rd_parts_nan(d, RD_NC)) {
                    continue;
                }
                (*cnt)++;
            }
            for (int k = 0; k < RD_NC; k++) {
                PCK_FN(pc_rd_add)(&s[k], &c[k], d[k]);
            }
        }
    }
    for (int k = 0; k < RD_NC; k++) {
        PCK_FN(rd_acc_add)(acc, rc, k, s[k], c[k]);
    }
}

/* The columnar case of a floating sum: element j of x into accumulator j (fields
 * contiguous when st[1] is 8); `cnt_field` >= 0: NaN skipped, counted in that int64 field. */
static void PCK_FN(rd_fsum_columns)(const char *x, char *acc, int64_t n, const int64_t *st,
                                    const pc_rd_ctx *rc, int cnt_field)
{
#if RD_NC == 1 && !RD_COMP
    if (cnt_field < 0 && st[1] == (int64_t)sizeof(double)) {
        double *restrict s = (double *)acc;
        if (st[0] == (int64_t)sizeof(PCK_T)) {
            const RD_ST *restrict a = (const RD_ST *)x;
            for (int64_t j = 0; j < n; j++) {
                s[j] += RD_LD(a[j]);
            }
        } else {
            for (int64_t j = 0; j < n; j++) {
                s[j] += RD_LD(PCK_AT(const RD_ST, x, j, st[0]));
            }
        }
        return;
    }
#endif
    for (int64_t j = 0; j < n; j++) {
        double d[RD_NC];
        PCK_FN(rd_parts)(x + j * st[0], d);
        char *A = acc + j * st[1];
        if (cnt_field >= 0) {
            if (pc_rd_parts_nan(d, RD_NC)) {
                continue;
            }
            (*RD_FLD(A, cnt_field, int64_t, rc))++;
        }
        for (int k = 0; k < RD_NC; k++) {
            PCK_FN(rd_acc_add)(A, rc, k, d[k], 0.0);
        }
    }
}

static void PCK_FN(rd_zero)(char *acc, int64_t n, const pc_rd_ctx *rc, int nfields)
{
    (void)n;
    memset(acc, 0, (size_t)(nfields * rc->plane));
}

/* Fold the floating sums (fields RD_FS/RD_FC) and the int64 count field `cnt_field` of src's n
 * accumulators into dst's. */
static void PCK_FN(rd_fsum_merge_fields)(char *dst, const char *src, int64_t n,
                                         const pc_rd_ctx *rc, int cnt_field)
{
    for (int k = 0; k < RD_NC; k++) {
        double *sd = RD_FLD(dst, RD_FS(k), double, rc);
        const double *ss = RD_FLD(src, RD_FS(k), const double, rc);
#if RD_COMP
        double *cd = RD_FLD(dst, RD_FC(k), double, rc);
        const double *cs = RD_FLD(src, RD_FC(k), const double, rc);
        for (int64_t i = 0; i < n; i++) {
            PCK_FN(pc_rd_fold)(&sd[i], &cd[i], ss[i], cs[i]);
        }
#else
        for (int64_t i = 0; i < n; i++) {
            sd[i] += ss[i];
        }
#endif
    }
    int64_t *nd = RD_FLD(dst, cnt_field, int64_t, rc);
    const int64_t *ns = RD_FLD(src, cnt_field, const int64_t, rc);
    for (int64_t i = 0; i < n; i++) {
        nd[i] += ns[i];
    }
}

#include "reduce_sum_impl.h"
#include "reduce_order_impl.h"

/* this dtype's kernel of each row of paddle_c/reductions.def of its kinds: the row's own
 * (rdk_<name>), or its shape's (rdk_pair for every PAIR row); NULL where the shape does not
 * apply to the dtype (max of complex) */
#define RD_FN_ARITH(name) rdk_##name
#define RD_FN_MEAN(name) rdk_##name
#define RD_FN_VAR(name) rdk_##name
#define RD_FN_SELECT(name) rdk_##name
#define RD_FN_PAIR(name) rdk_pair
#define RD_FN_LOGIC(name) rdk_##name
#define RD_FN_COUNT(name) rdk_##name
#define RD_FN_LSE(name) rdk_##name
#define RD_REG(OP, fn)                                                                         \
    if (fn != NULL) {                                                                          \
        pc_kernel_register(PC_OP_##OP, PC_DEVICE_CPU, PCK_ID, (pc_kernel){.whole = fn});       \
    }
static void PCK_FN(register_reduce)(void)
{
#define PC_RD(ID, name, form, mform, shape, sarg, kinds, ...)                                  \
    PC_RD_IF_##kinds(RD_REG(ID, PCK_FN(RD_FN_##shape(name))))
#include "paddle_c/reductions.def"
#undef PC_RD
}
#undef RD_REG
#undef RD_FN_ARITH
#undef RD_FN_MEAN
#undef RD_FN_VAR
#undef RD_FN_SELECT
#undef RD_FN_PAIR
#undef RD_FN_LOGIC
#undef RD_FN_COUNT
#undef RD_FN_LSE

#undef RD_COMP
#undef RD_CF
#undef RD_NARROW
#undef RD_INTEGRAL
#undef RD_NC
#undef RD_ST
#undef RD_VT
#undef RD_LD
#undef RD_FS
#undef RD_FC
#undef RD_NSUM
#undef RD_TRUTH
#undef RD_FT
#undef RD_FSTORE
#undef RD_RT_OUT
#undef RD_RSTORE
#undef RD_FMCNT
#undef RD_FMEAN
#undef RD_FM2
#undef RD_FM2C
#undef RD_FVCNT
#undef RD_NVAR
