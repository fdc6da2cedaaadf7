/*
 * argreduce_impl.h - argmax, argmin, nanargmax, nanargmin of dtype PCK_N (real dtypes).
 * Included by argreduce.c through each_dtype.h. No include guard.
 *
 * "Better" is strict, so the first of equal values wins. argmax/argmin treat NaN as better than
 * every number (the first NaN wins, as in NumPy); the nan forms skip NaN and report a slice of
 * only NaN as an error.
 */
#include "kernels/common/reduce_elem.h"

#if PCK_K != PCK_KC
#define AR_T PCK_CT
#if PCK_K == PCK_KF
#define AR_ISNAN(v) ((v) != (v))
#else
#define AR_ISNAN(v) 0
#endif

/* whether v replaces the best value b: pc_rd_better (kernels/common/reduce_elem.h) */

/* register-wide vectors (PC_VBYTES) of the compute type (bool as uint8) and their comparison masks */
#if PCK_K == PCK_KB
typedef uint8_t PCK_FN(ar_vec) __attribute__((vector_size(PC_VBYTES)));
#else
typedef AR_T PCK_FN(ar_vec) __attribute__((vector_size(PC_VBYTES)));
#endif
typedef __typeof__((PCK_FN(ar_vec)){0} > (PCK_FN(ar_vec)){0}) PCK_FN(ar_mask);
#define AR_VN ((int64_t)(sizeof(PCK_FN(ar_vec)) / sizeof(AR_T)))

PC_ALWAYS_INLINE PCK_FN(ar_vec) PCK_FN(ar_load)(const PCK_T *p)
{
    PCK_FN(ar_vec) v;
#if PCK_CAT(PCK_NARROW_, PCK_N)
    for (int k = 0; k < AR_VN; k++) {
        v[k] = PCK_LOAD(p[k]);
    }
#else
    memcpy(&v, p, sizeof v);
#endif
    return v;
}

/* lane-wise best so far: max/min with NaN taken (NaN is the best, the first one wins) */
PC_ALWAYS_INLINE PCK_FN(ar_vec) PCK_FN(ar_vbest)(int which, PCK_FN(ar_vec) a, PCK_FN(ar_vec) v)
{
    PCK_FN(ar_mask) take = which == PC_RD_MAX ? (v > a) : (v < a);
#if PCK_K == PCK_KF
    take |= v != v;
#endif
    return (PCK_FN(ar_vec))(((PCK_FN(ar_mask))v & take) | ((PCK_FN(ar_mask))a & ~take));
}

/* The index of the best of n contiguous elements (argmax/argmin) for element types of 32 or 64
 * bits, n < 2^31: every lane keeps its best value and that value's position (a vector of the
 * mask type), so the data is read once with no second search; the lanes are then combined,
 * the smallest position winning ties. */
#if PCK_K == PCK_KF
/* the first NaN of n elements, or -1 */
static int64_t PCK_FN(ar_first_nan)(const PCK_T *a, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        const AR_T v = PCK_LOAD(a[i]);
        if (v != v) {
            return i;
        }
    }
    return -1;
}
#endif

/* lane-wise better of two vectors (ordered compares: a NaN is never chosen) */
PC_ALWAYS_INLINE PCK_FN(ar_vec) PCK_FN(ar_vpick)(int which, PCK_FN(ar_vec) a, PCK_FN(ar_vec) b)
{
    const PCK_FN(ar_mask) take = which == PC_RD_MAX ? (b > a) : (b < a);
    return (PCK_FN(ar_vec))(((PCK_FN(ar_mask))b & take) | ((PCK_FN(ar_mask))a & ~take));
}

/* The index of the best of n contiguous elements (argmax/argmin), for lanes of 32 or 64 bits
 * (n < 2^31 groups).
 *
 * [Why groups] Each group of four vectors is reduced to its lane-wise best; every lane keeps
 * its best value and the first group in which it reached it. At the end the best lane value
 * wins, the earliest such group is the first group that holds the winner anywhere, and only
 * that group is searched for the position. The loop is three picks, one compare and two
 * blends per 64 elements, with no branch, and reads the data once.
 * [Why NaN is checked apart] Ordered compares never choose a NaN; a running sum of the
 * elements turns NaN if any element is NaN (or if infinities of both signs meet), and then the
 * first NaN - which is the answer - is searched for directly. */
PC_ALWAYS_INLINE int64_t PCK_FN(ar_contig_groups)(int which, const PCK_T *a, int64_t n)
{
    PCK_FN(ar_vec) bestv = (PCK_FN(ar_vec)){0} + (__typeof__(bestv[0]))PCK_LOAD(a[0]);
    PCK_FN(ar_vec) probe = (PCK_FN(ar_vec)){0};
    PCK_FN(ar_mask) gbest;
    PCK_FN(ar_mask) gcur;
    for (int k = 0; k < AR_VN; k++) {
        gbest[k] = 0;
        gcur[k] = 0;
    }
    int64_t i = 0;
    for (; i + 4 * AR_VN <= n; i += 4 * AR_VN) {
        const PCK_FN(ar_vec) v0 = PCK_FN(ar_load)(a + i);
        const PCK_FN(ar_vec) v1 = PCK_FN(ar_load)(a + i + AR_VN);
        const PCK_FN(ar_vec) v2 = PCK_FN(ar_load)(a + i + 2 * AR_VN);
        const PCK_FN(ar_vec) v3 = PCK_FN(ar_load)(a + i + 3 * AR_VN);
#if PCK_K == PCK_KF
        probe += (v0 + v1) + (v2 + v3);
#endif
        const PCK_FN(ar_vec) m = PCK_FN(ar_vpick)(which, PCK_FN(ar_vpick)(which, v0, v1),
                                                  PCK_FN(ar_vpick)(which, v2, v3));
        const PCK_FN(ar_mask) take = which == PC_RD_MAX ? (m > bestv) : (m < bestv);
        bestv = (PCK_FN(ar_vec))(((PCK_FN(ar_mask))m & take) | ((PCK_FN(ar_mask))bestv & ~take));
        gbest = (gcur & take) | (gbest & ~take);
        gcur += (__typeof__(gcur[0]))1;
    }
    /* the winner among the lanes and the first group holding it */
    AR_T bb = (AR_T)bestv[0];
    int64_t g = (int64_t)gbest[0];
    for (int k = 1; k < AR_VN; k++) {
        const AR_T v = (AR_T)bestv[k];
        if ((which == PC_RD_MAX ? v > bb : v < bb) || (v == bb && (int64_t)gbest[k] < g)) {
            bb = v;
            g = (int64_t)gbest[k];
        }
    }
    int64_t at = 0;
    if (i > 0) {
        for (int64_t j = g * 4 * AR_VN; j < (g + 1) * 4 * AR_VN; j++) {
            if (PCK_LOAD(a[j]) == bb) {
                at = j;
                break;
            }
        }
    } else {
        bb = PCK_LOAD(a[0]);
    }
    const int64_t tail = i;
    for (; i < n; i++) {
        const AR_T v = PCK_LOAD(a[i]);
        if (which == PC_RD_MAX ? v > bb : v < bb) {
            bb = v;
            at = i;
        }
    }
#if PCK_K == PCK_KF
    bool nan = AR_ISNAN(bb);
    for (int k = 0; k < AR_VN; k++) {
        nan = nan || AR_ISNAN((AR_T)probe[k]);
    }
    for (int64_t j = tail; j < n && !nan; j++) {
        nan = AR_ISNAN(PCK_LOAD(a[j]));
    }
    if (nan) {
        const int64_t first = PCK_FN(ar_first_nan)(a, n);
        return first >= 0 ? first : at;
    }
#else
    (void)probe;
    (void)tail;
#endif
    return at;
}

/* The index of the best of n contiguous elements (argmax/argmin). Types of 32 and 64 bits
 * take ar_contig_groups; for 8- and 16-bit types (whose lane positions would not fit their
 * lanes) each block's best value is found on vectors, and only a block that improves on the
 * best so far is searched for its first position, so the data is read from memory once. */
PC_ALWAYS_INLINE int64_t PCK_FN(ar_contig)(int which, const PCK_T *a, int64_t n)
{
    enum { BLOCK = 1024 };
    /* lanes of 32 or 64 bits: group numbers fit the mask lanes (n < 2^31 groups) */
    if (sizeof(((PCK_FN(ar_vec)){0})[0]) >= 4) {
        return PCK_FN(ar_contig_groups)(which, a, n);
    }
    AR_T best = PCK_LOAD(a[0]);
    int64_t at = 0;
    if (AR_ISNAN(best)) {
        return 0;
    }
    for (int64_t b0 = 0; b0 < n; b0 += BLOCK) {
        const int64_t m = n - b0 < BLOCK ? n - b0 : BLOCK;
        PCK_FN(ar_vec) l0 = (PCK_FN(ar_vec)){0} + (__typeof__(l0[0]))best;
        PCK_FN(ar_vec) l1 = l0;
        int64_t i = 0;
        for (; i + 2 * AR_VN <= m; i += 2 * AR_VN) {
            l0 = PCK_FN(ar_vbest)(which, l0, PCK_FN(ar_load)(a + b0 + i));
            l1 = PCK_FN(ar_vbest)(which, l1, PCK_FN(ar_load)(a + b0 + i + AR_VN));
        }
        AR_T bb = best;
        for (int k = 0; k < AR_VN; k++) {
            bb = PCK_FN(pc_rd_better)(which, (AR_T)l0[k], bb) ? (AR_T)l0[k] : bb;
            bb = PCK_FN(pc_rd_better)(which, (AR_T)l1[k], bb) ? (AR_T)l1[k] : bb;
        }
        for (; i < m; i++) {
            const AR_T v = PCK_LOAD(a[b0 + i]);
            bb = PCK_FN(pc_rd_better)(which, v, bb) ? v : bb;
        }
        if (!PCK_FN(pc_rd_better)(which, bb, best)) {
            continue;
        }
        /* the first element of the block equal to bb (or the first NaN), a vector at a time */
        const PCK_FN(ar_vec) target = (PCK_FN(ar_vec)){0} + (__typeof__(target[0]))bb;
        int64_t j = 0;
        for (; j + AR_VN <= m; j += AR_VN) {
            const PCK_FN(ar_vec) v = PCK_FN(ar_load)(a + b0 + j);
#if PCK_K == PCK_KF
            const PCK_FN(ar_mask) hit = AR_ISNAN(bb) ? (v != v) : (v == target);
#else
            const PCK_FN(ar_mask) hit = v == target;
#endif
            uint64_t words[sizeof hit / 8];
            memcpy(words, &hit, sizeof hit);
            uint64_t any = 0;
            for (size_t w = 0; w < sizeof hit / 8; w++) {
                any |= words[w];
            }
            if (any != 0) {
                break;
            }
        }
        for (; j < m; j++) {
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

PC_ALWAYS_INLINE int PCK_FN(ar_loop_impl)(int which, const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    const ar_axis *ax = (const ar_axis *)ctx->params;
    const int64_t nr = ax->n;
    const int64_t sr = ax->stride;
    const bool nan_form = which == PC_RD_NANMAX || which == PC_RD_NANMIN;
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
                    const bool take = PCK_FN(pc_rd_better)(which, v, best[j]);
                    best[j] = take ? v : best[j];
                    idx[j] = take ? i : idx[j];
                }
            }
            for (int64_t j = 0; j < m; j++) {
                if (nan_form && AR_ISNAN(best[j])) {
                    if (ax->result == NULL) {
                        return pc_error_set(PC_ERR_VALUE, PC_MSG_ALL_NAN);
                    }
                    pc_result_fail(ax->result, PC_ERR_VALUE, 0, 0);
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
                if (PCK_FN(pc_rd_better)(which, v, best)) {
                    best = v;
                    at = i;
                }
            }
            if (nan_form && AR_ISNAN(best)) {
                if (ax->result == NULL) {
                    return pc_error_set(PC_ERR_VALUE, PC_MSG_ALL_NAN);
                }
                pc_result_fail(ax->result, PC_ERR_VALUE, 0, 0);
            }
        }
        PCK_AT(int64_t, data[1], j, st[1]) = at;
    }
    return 0;
}

static int PCK_FN(ar_argmax_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                  const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(PC_RD_MAX, c, d, n, s);
}
static int PCK_FN(ar_argmin_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                  const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(PC_RD_MIN, c, d, n, s);
}
static int PCK_FN(ar_nanargmax_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                     const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(PC_RD_NANMAX, c, d, n, s);
}
static int PCK_FN(ar_nanargmin_loop)(const pc_loop_ctx *c, char *const *d, int64_t n,
                                     const int64_t *s)
{
    return PCK_FN(ar_loop_impl)(PC_RD_NANMIN, c, d, n, s);
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
#undef AR_VN
#else
static const pc_whole_fn PCK_FN(ark_argmax) = NULL;
static const pc_whole_fn PCK_FN(ark_argmin) = NULL;
static const pc_whole_fn PCK_FN(ark_nanargmax) = NULL;
static const pc_whole_fn PCK_FN(ark_nanargmin) = NULL;
#endif
