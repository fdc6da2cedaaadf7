/*
 * prims.cl - the OpenCL plug-in's kernels of the primitives beyond the elementwise layer, for
 * dtype PCK_N (storage PCL_T): the stable sort (load, merge passes, store), the scans
 * cumsum/cumprod, gather and scatter at byte offsets, the index offsets of advanced indexing
 * (elementwise, reporting a bad index through the operation's result word) and arange; the
 * optional mask fast paths (mask_fill, mask_compact, mask_expand); and two composites held
 * natively (their decompositions run where they are left out): the
 * arg-reductions and unique.
 * prims.c launches them and mirrors the geometry structs (pcl_lgeom).
 *
 * Their contracts are paddle_c's (plugin.h: "sort", "cumsum", ...): the sort order is
 * sort_key.h's (NaN last in both orders, -0 equal to +0, NumPy's order for complex) and the
 * sort is stable; scans accumulate as the CPU's (scan_impl.h: integers wrap in 64 bits,
 * floating values in double, float64 and complex128 sums compensated); the scatter keeps the
 * order of its positions (the last write wins, an accumulating one adds in order).
 */

/* The lanes of a sort or a scan: the axes other than the lane's (outermost first) with the
 * strides of the input and of the outputs on them, and the lane's length and strides. */
typedef struct pcl_lgeom {
    long shape[PCL_MAXD];
    long xstr[PCL_MAXD];
    long ostr[PCL_MAXD];
    long istr[PCL_MAXD];
    long n;                 /* elements per lane (of the input) */
    long xs, os, is;        /* strides along the lane */
    long lanes;
    int ndim;               /* the other axes */
    int flag;               /* sort: descending; scan: include_initial */
} pcl_lgeom;

/* the offsets of lane `l`'s first element in x, out[0] and out[1] */
static inline void pcl_lane(const pcl_lgeom *g, long l, long *xo, long *oo, long *io)
{
    *xo = 0;
    *oo = 0;
    *io = 0;
    for (int a = g->ndim - 1; a >= 0; a--) {
        const long c = l % g->shape[a];
        l /= g->shape[a];
        *xo += c * g->xstr[a];
        *oo += c * g->ostr[a];
        *io += c * g->istr[a];
    }
}

/* ---- the stable sort: keys and positions in scratch buffers, lane after lane --------------- */

/* a before b in the sort order (strictly) */
static inline bool pcl_before(PCL_T a, PCL_T b, bool desc)
{
#if PCK_K == PCK_KC
    return PCK_FN(so_less)(a, b, desc);
#else
    return PCK_FN(so_key)(a, desc) < PCK_FN(so_key)(b, desc);
#endif
}

__kernel void k_sort_load(__global uchar *px, long xb, __global uchar *pk, long kb,
                          __global uchar *pi, long ib, pcl_lgeom g)
{
    const long gid = get_global_id(0);
    if (gid >= g.lanes * g.n) {
        return;
    }
    long xo, oo, io;
    pcl_lane(&g, gid / g.n, &xo, &oo, &io);
    const long j = gid % g.n;
    ((__global PCL_T *)(pk + kb))[gid] = *(__global PCL_T *)(px + xb + xo + j * g.xs);
    ((__global long *)(pi + ib))[gid] = j;
}

/* One merge pass: runs of `w` sorted elements are merged in pairs. Each element finds its
 * place by a binary search of the other run: an element of the left run goes after the right
 * run's elements before it, one of the right run after the left run's elements not after it,
 * so equal elements keep their order (stable). */
__kernel void k_sort_merge(__global uchar *pk, long kb, __global uchar *pi, long ib,
                           __global uchar *qk, long qkb, __global uchar *qi, long qib, long n,
                           long w, long total, int desc)
{
    const long gid = get_global_id(0);
    if (gid >= total) {
        return;
    }
    __global const PCL_T *keys = (__global const PCL_T *)(pk + kb);
    __global const long *idx = (__global const long *)(pi + ib);
    const long base = gid - gid % n;
    const long j = gid % n;
    const long run = j / w;
    const long pair = (run - (run & 1)) * w;
    const bool left = (run & 1) == 0;
    const PCL_T x = keys[gid];
    /* the other run: [lo, hi) within the lane */
    long lo = left ? pair + w : pair;
    long hi = left ? pair + 2 * w : pair + w;
    lo = lo < n ? lo : n;
    hi = hi < n ? hi : n;
    const long first = lo;
    while (lo < hi) {
        const long mid = lo + (hi - lo) / 2;
        const PCL_T e = keys[base + mid];
        const bool go = left ? pcl_before(e, x, desc) : !pcl_before(x, e, desc);
        lo = go ? mid + 1 : lo;
        hi = go ? hi : mid;
    }
    const long at = base + pair + (j - run * w) + (lo - first);
    ((__global PCL_T *)(qk + qkb))[at] = x;
    ((__global long *)(qi + qib))[at] = idx[gid];
}

__kernel void k_sort_store(__global uchar *pk, long kb, __global uchar *pi, long ib,
                           __global uchar *po, long ob, __global uchar *pq, long qb,
                           int with_values, int with_positions, pcl_lgeom g)
{
    const long gid = get_global_id(0);
    if (gid >= g.lanes * g.n) {
        return;
    }
    long xo, oo, io;
    pcl_lane(&g, gid / g.n, &xo, &oo, &io);
    const long j = gid % g.n;
    if (with_values) {
        *(__global PCL_T *)(po + ob + oo + j * g.os) = ((__global const PCL_T *)(pk + kb))[gid];
    }
    if (with_positions) {
        *(__global long *)(pq + qb + io + j * g.is) = ((__global const long *)(pi + ib))[gid];
    }
}

/* ---- scans: one work-item per lane ---------------------------------------------------------- */

#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
#if PCK_K == PCK_KU
#define PCL_SCAN_T ulong
#else
#define PCL_SCAN_T long
#endif
#define PCL_SCAN(name, OP, IDENT)                                                               \
    __kernel void k_##name(__global uchar *px, long xb, __global uchar *po, long ob,            \
                           pcl_lgeom g)                                                         \
    {                                                                                           \
        const long l = get_global_id(0);                                                        \
        if (l >= g.lanes) {                                                                     \
            return;                                                                             \
        }                                                                                       \
        long xo, oo, io;                                                                        \
        pcl_lane(&g, l, &xo, &oo, &io);                                                         \
        __global uchar *o = po + ob + oo;                                                       \
        ulong acc = IDENT;                                                                      \
        if (g.flag) {                                                                           \
            *(__global PCL_SCAN_T *)o = (PCL_SCAN_T)acc;                                        \
            o += g.os;                                                                          \
        }                                                                                       \
        for (long i = 0; i < g.n; i++) {                                                        \
            acc = acc OP PCK_FN(pc_rd_widen)(*(__global PCL_T *)(px + xb + xo + i * g.xs));     \
            *(__global PCL_SCAN_T *)(o + i * g.os) = (PCL_SCAN_T)acc;                           \
        }                                                                                       \
    }
PCL_SCAN(cumsum, +, 0)
PCL_SCAN(cumprod, *, 1)
#undef PCL_SCAN
#undef PCL_SCAN_T

#else
/* components in double; the element layer's sum and product accumulators (reduce_elem.h) */
#if PCK_K == PCK_KC
#define PCL_NC 2
#define PCL_PART(v, k) ((k) == 0 ? (double)EW_RE(v) : (double)EW_IM(v))
#define PCL_OUT(d) EW_CX((d)[0], (d)[1])
#else
#define PCL_NC 1
#define PCL_PART(v, k) ((double)(v))
#define PCL_OUT(d) PCK_FROMD((d)[0])
#endif

__kernel void k_cumsum(__global uchar *px, long xb, __global uchar *po, long ob, pcl_lgeom g)
{
    const long l = get_global_id(0);
    if (l >= g.lanes) {
        return;
    }
    long xo, oo, io;
    pcl_lane(&g, l, &xo, &oo, &io);
    __global uchar *o = po + ob + oo;
    double s[2] = {0, 0}, c[2] = {0, 0}, r[2];
    if (g.flag) {
        *(__global PCL_T *)o = PCL_OUT(s);
        o += g.os;
    }
    for (long i = 0; i < g.n; i++) {
        const PCK_CT v = PCK_LOAD(*(__global PCL_T *)(px + xb + xo + i * g.xs));
        for (int k = 0; k < PCL_NC; k++) {
            PCK_FN(pc_rd_add)(&s[k], &c[k], PCL_PART(v, k));
            r[k] = PCK_FN(pc_rd_get)(s[k], c[k]);
        }
        *(__global PCL_T *)(o + i * g.os) = PCL_OUT(r);
    }
}

__kernel void k_cumprod(__global uchar *px, long xb, __global uchar *po, long ob, pcl_lgeom g)
{
    const long l = get_global_id(0);
    if (l >= g.lanes) {
        return;
    }
    long xo, oo, io;
    pcl_lane(&g, l, &xo, &oo, &io);
    __global uchar *o = po + ob + oo;
    double s[2] = {1, 0};
    if (g.flag) {
        *(__global PCL_T *)o = PCL_OUT(s);
        o += g.os;
    }
    for (long i = 0; i < g.n; i++) {
        const PCK_CT v = PCK_LOAD(*(__global PCL_T *)(px + xb + xo + i * g.xs));
        double d[2];
        for (int k = 0; k < PCL_NC; k++) {
            d[k] = PCL_PART(v, k);
        }
        PCK_FN(pc_rd_pmul)(s, d);
        *(__global PCL_T *)(o + i * g.os) = PCL_OUT(s);
    }
}
#undef PCL_NC
#undef PCL_PART
#undef PCL_OUT
#endif

/* ---- result words (pc_result_word: int code, int detail, long value) ------------------------ */

/* the first failure reported wins (code set from 0 by compare-and-swap) */
static inline void pcl_word_fail(__global uchar *pw, long wb, int code, int detail, long value)
{
    volatile __global int *w = (volatile __global int *)(pw + wb);
    if (atomic_cmpxchg(w, 0, code) == 0) {
        w[1] = detail;
        *(volatile __global long *)(pw + wb + 8) = value;
    }
}

/* ---- gather and scatter at byte offsets from `base` ---------------------------------------- */

/* other[i * step] = *(base + off(i)); off(i) = offsets[i], or (offsets absent: `index` mode)
 * the validated index[i] times `stride`, a bad one reported as PCL_ERR_INDEX */
__kernel void k_gather(__global uchar *pb, long bb, __global uchar *pf, long fb,
                       __global uchar *po, long ob, __global uchar *pn, long nb,
                       __global uchar *pw, long wb, long n, long step, long len, long stride,
                       int mode, int code)
{
    const long i = get_global_id(0);
    if (i >= n) {
        return;
    }
    long off;
    if (mode == 0) {
        off = ((__global const long *)(pf + fb))[i];
    } else {
        const long v = ((__global const long *)(pn + nb))[i];
        const long k = v < 0 ? v + len : v;
        if (k < 0 || k >= len) {
            pcl_word_fail(pw, wb, code, 0, v);
            return;
        }
        off = k * stride;
    }
    *(__global PCL_T *)(po + ob + i * step) = *(__global const PCL_T *)(pb + bb + off);
}

/* [Why one work-item] The positions may repeat: the last write must win, or repeated positions
 * add up in order. One work-item walking them in order keeps both rules on every device. */
__kernel void k_scatter(__global uchar *pb, long bb, __global uchar *pf, long fb,
                        __global uchar *po, long ob, long n, long step, int accumulate)
{
    if (get_global_id(0) != 0) {
        return;
    }
    __global const long *off = (__global const long *)(pf + fb);
    for (long i = 0; i < n; i++) {
        __global PCL_T *d = (__global PCL_T *)(pb + bb + off[i]);
        const PCL_T v = *(__global const PCL_T *)(po + ob + i * step);
        if (accumulate) {
            *d = PCK_STORE(PCK_FN(ew_add)(PCK_LOAD(*d), PCK_LOAD(v)));
        } else {
            *d = v;
        }
    }
}

/* ---- index offsets (elementwise over (index, offsets), integer index dtypes) --------------- */

#if PCK_K == PCK_KI || PCK_K == PCK_KU
__kernel void k_index_offsets(PCL_IN1, __global uchar *pw, long wb, long len, long stride,
                              int item, int code, pcl_geom g)
{
    const long b2_ = 0, b3_ = 0;
    PCL_WALK(2)
    const PCL_T v = PCL_AT(PCL_T, 0);
#if PCK_K == PCK_KU
    /* a uint64 above INT64_MAX is out of range, not a negative index */
    long w = (ulong)v < (ulong)len ? (long)v : -1;
#else
    long w = (long)v < 0 ? (long)v + len : (long)v;
#endif
    if (w < 0 || w >= len) {
        pcl_word_fail(pw, wb, code, item, (long)v);
        w = 0;
    }
    PCL_AT(long, 1) += w * stride;
}
#endif

/* ---- the optional mask fast paths (elementwise; every dtype, only its size matters) ---------- */

/* mask_fill over (x, mask): x = *fill where mask */
__kernel void k_mask_fill(PCL_IN1, __global uchar *pf, long fb, pcl_geom g)
{
    const long b2_ = 0, b3_ = 0;
    PCL_WALK(2)
    if (PCL_AT(uchar, 1)) {
        PCL_AT(PCL_T, 0) = *(__global const PCL_T *)(pf + fb);
    }
}

/* mask_compact over (x, mask, pos): out[pos - 1] = x where mask */
__kernel void k_mask_compact(PCL_IN2, __global uchar *pq, long qb, pcl_geom g)
{
    const long b2_ = b2, b3_ = 0;
    PCL_WALK(3)
    if (PCL_AT(uchar, 1)) {
        ((__global PCL_T *)(pq + qb))[PCL_AT(long, 2) - 1] = PCL_AT(PCL_T, 0);
    }
}

/* mask_expand over (mask, pos, x): x = the value `step` bytes times (pos - 1) into values
 * where mask */
__kernel void k_mask_expand(PCL_IN2, __global uchar *pv, long vb, long step, pcl_geom g)
{
    const long b2_ = b2, b3_ = 0;
    PCL_WALK(3)
    if (PCL_AT(uchar, 0)) {
        PCL_AT(PCL_T, 2) = *(__global const PCL_T *)(pv + vb + (PCL_AT(long, 1) - 1) * step);
    }
}

/* ---- composites held natively: the arg-reductions and unique --------------------------------- */

#if PCK_K != PCK_KC
/* one work-item per lane; `which` 0 argmax, 1 argmin, 2 nanargmax, 3 nanargmin (PC_RD_MAX ...
 * PC_RD_NANMIN); "better" is the element layer's pc_rd_better: strict, so the first of equal
 * values wins; NaN is better than every number unless skipped */
__kernel void k_argreduce(__global uchar *px, long xb, __global uchar *po, long ob,
                          __global uchar *pw, long wb, int which, int code, pcl_lgeom g)
{
    const long l = get_global_id(0);
    if (l >= g.lanes) {
        return;
    }
    long xo, oo, io;
    pcl_lane(&g, l, &xo, &oo, &io);
    const bool skip = which == PC_RD_NANMAX || which == PC_RD_NANMIN;
    PCK_CT best = PCK_LOAD(*(__global PCL_T *)(px + xb + xo));
    long at = 0;
    for (long i = 1; i < g.n; i++) {
        const PCK_CT v = PCK_LOAD(*(__global PCL_T *)(px + xb + xo + i * g.xs));
        const bool better = PCK_FN(pc_rd_better)(which, v, best);
        best = better ? v : best;
        at = better ? i : at;
    }
    if (skip && best != best) {
        pcl_word_fail(pw, wb, code, 0, 0);
        at = 0;
    }
    *(__global long *)(po + ob + oo) = at;
}
#endif

/* [Why one work-item] A run's number is the count of runs before it: a walk in order gives
 * every output at once; the number of values goes to the result word's value. */
__kernel void k_unique(__global uchar *pv, long vb, __global uchar *pp, long pb,
                       __global uchar *p0, long b0, __global uchar *p1, long b1,
                       __global uchar *p2, long b2, __global uchar *p3, long b3,
                       __global uchar *pw, long wb, long n, int has_perm, int outs)
{
    if (get_global_id(0) != 0) {
        return;
    }
    __global const PCL_T *v = (__global const PCL_T *)(pv + vb);
    __global const long *perm = (__global const long *)(pp + pb);
    long count = 0, start = 0;
    for (long i = 0; i < n; i++) {
        const bool first = i == 0 || PCK_FN(ew_not_equal)(PCK_LOAD(v[i]), PCK_LOAD(v[i - 1]));
        if (first) {
            if (count > 0 && (outs & 8)) {
                ((__global long *)(p3 + b3))[count - 1] = i - start;
            }
            if (outs & 1) {
                ((__global PCL_T *)(p0 + b0))[count] = v[i];
            }
            if ((outs & 2) && has_perm) {
                ((__global long *)(p1 + b1))[count] = perm[i];
            }
            start = i;
            count++;
        }
        if ((outs & 4) && has_perm) {
            ((__global long *)(p2 + b2))[perm[i]] = count - 1;
        }
    }
    if (count > 0 && (outs & 8)) {
        ((__global long *)(p3 + b3))[count - 1] = n - start;
    }
    *(__global long *)(pw + wb + 8) = count;
}

/* ---- arange: element i is start + i * step (range_impl.h) ----------------------------------- */

__kernel void k_arange(__global uchar *po, long ob, long n, long os, double s0, double s1,
                       double t0, double t1, long istart, long istep)
{
    const long i = get_global_id(0);
    if (i >= n) {
        return;
    }
    __global PCL_T *o = (__global PCL_T *)(po + ob + i * os);
#if PCK_K == PCK_KI || PCK_K == PCK_KU
    *o = (PCL_T)((ulong)istart + (ulong)i * (ulong)istep);
#elif PCK_K == PCK_KB
    *o = (s0 + (double)i * t0) != 0.0;
#elif PCK_K == PCK_KC
    *o = EW_CX(s0 + (double)i * t0, s1 + (double)i * t1);
#else
    *o = PCK_FROMD(s0 + (double)i * t0);
#endif
}
