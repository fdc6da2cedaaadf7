/*
 * kernels.cl - the OpenCL plug-in's elementwise kernels, reductions and matmul for dtype PCK_N
 * (storage type PCL_T): loops around the element layer's functions (csrc/kernels/common,
 * included before this text by program.cl), copy, fill, where, clip, the casts into PCK_N,
 * the reductions of the plug-in ABI (sum, prod and the SELECT and PAIR rows of
 * paddle_c/reductions.def with abi 1) and a tiled matmul. kernels.c mirrors the geometry structs
 * below (pcl_geom, pcl_rgeom, pcl_mgeom). Complex values are float2/double2 (complex_shim.h):
 * their products always go through the element layer's cx_mul.
 */

#define PCL_MAXD 8
#define PCL_MAXOP 4

/* The storage types of every dtype (cast sources). */
#define PCL_ST_BOOL uchar
#define PCL_ST_INT8 char
#define PCL_ST_INT16 short
#define PCL_ST_INT32 int
#define PCL_ST_INT64 long
#define PCL_ST_UINT8 uchar
#define PCL_ST_UINT16 ushort
#define PCL_ST_UINT32 uint
#define PCL_ST_UINT64 ulong
#define PCL_ST_FLOAT16 pc_half
#define PCL_ST_BFLOAT16 pc_bhalf
#define PCL_ST_FLOAT32 float
#define PCL_ST_FLOAT64 double
#define PCL_ST_COMPLEX64 float2
#define PCL_ST_COMPLEX128 double2

/* An elementwise iteration: element i's operand k is at p_k + b_k + sum_a x_a * strides. */
typedef struct pcl_geom {
    long shape[PCL_MAXD];               /* innermost first */
    long strides[PCL_MAXD * PCL_MAXOP]; /* strides[a * PCL_MAXOP + k], bytes */
    long numel;                         /* work-items past it (the last group's) do nothing */
    int ndim;
    int pad;
} pcl_geom;

#define PCL_WALK(NOP)                                                                           \
    if ((long)get_global_id(0) >= g.numel) {                                                   \
        return;                                                                                 \
    }                                                                                           \
    long o_[PCL_MAXOP] = {b0, b1, NOP > 2 ? b2_ : 0, NOP > 3 ? b3_ : 0};                       \
    {                                                                                           \
        long r_ = get_global_id(0);                                                             \
        for (int a_ = 0; a_ < g.ndim; a_++) {                                                   \
            /* the outermost axis takes what is left: no division (none at all in 1-D) */     \
            const long x_ = a_ + 1 < g.ndim ? r_ % g.shape[a_] : r_;                            \
            r_ = a_ + 1 < g.ndim ? r_ / g.shape[a_] : 0;                                        \
            for (int k_ = 0; k_ < NOP; k_++) {                                                  \
                o_[k_] += x_ * g.strides[a_ * PCL_MAXOP + k_];                                  \
            }                                                                                   \
        }                                                                                       \
    }
#define PCL_AT(T, k) (*(__global T *)(p##k + o_[k]))
#define PCL_IN1 __global uchar *p0, long b0, __global uchar *p1, long b1
#define PCL_IN2 PCL_IN1, __global uchar *p2, long b2
#define PCL_IN3 PCL_IN2, __global uchar *p3, long b3

/* unary and binary functions, their result in the dtype (U, B) or bool (UB, BB) */
#define PCL_U(ID, name)                                                                         \
    __kernel void k_##name(PCL_IN1, pcl_geom g)                                                 \
    {                                                                                           \
        const long b2_ = 0, b3_ = 0;                                                            \
        PCL_WALK(2)                                                                             \
        PCL_AT(PCL_T, 1) = PCK_STORE(PCK_FN(ew_##name)(PCK_LOAD(PCL_AT(PCL_T, 0))));            \
    }
#define PCL_B(ID, name)                                                                         \
    __kernel void k_##name(PCL_IN2, pcl_geom g)                                                 \
    {                                                                                           \
        const long b2_ = b2, b3_ = 0;                                                           \
        PCL_WALK(3)                                                                             \
        PCL_AT(PCL_T, 2) = PCK_STORE(                                                           \
            PCK_FN(ew_##name)(PCK_LOAD(PCL_AT(PCL_T, 0)), PCK_LOAD(PCL_AT(PCL_T, 1))));        \
    }
#define PCL_UB(ID, name)                                                                        \
    __kernel void k_##name(PCL_IN1, pcl_geom g)                                                 \
    {                                                                                           \
        const long b2_ = 0, b3_ = 0;                                                            \
        PCL_WALK(2)                                                                             \
        PCL_AT(uchar, 1) = (uchar)PCK_FN(ew_##name)(PCK_LOAD(PCL_AT(PCL_T, 0)));                \
    }
/* unary, result in the real dtype: abs, real, imag (complex -> real; the same dtype else) */
#if PCK_K == PCK_KC
#define PCL_R(ID, name)                                                                         \
    __kernel void k_##name(PCL_IN1, pcl_geom g)                                                 \
    {                                                                                           \
        const long b2_ = 0, b3_ = 0;                                                            \
        PCL_WALK(2)                                                                             \
        PCL_AT(PCK_RT, 1) = PCK_FN(ew_##name)(PCK_LOAD(PCL_AT(PCL_T, 0)));                      \
    }
#else
#define PCL_R PCL_U
#endif
#define PCL_BB(ID, name)                                                                        \
    __kernel void k_##name(PCL_IN2, pcl_geom g)                                                 \
    {                                                                                           \
        const long b2_ = b2, b3_ = 0;                                                           \
        PCL_WALK(3)                                                                             \
        PCL_AT(uchar, 2) = (uchar)PCK_FN(ew_##name)(PCK_LOAD(PCL_AT(PCL_T, 0)),                 \
                                                    PCK_LOAD(PCL_AT(PCL_T, 1)));                \
    }

PC_ARITH_OPS(PCL_U, PCL_R, PCL_B)
PC_COMPARE_OPS(PCL_UB, PCL_BB)
PC_BITWISE_OPS(PCL_U, PCL_B)
#if PCK_K == PCK_KF || PCK_K == PCK_KC
PC_TRANSCENDENTAL_UNARY(PCL_U)
#endif
#if PCK_K == PCK_KF
PC_TRANSCENDENTAL_BINARY(PCL_B)
#endif

__kernel void k_copy(PCL_IN1, pcl_geom g)
{
    const long b2_ = 0, b3_ = 0;
    PCL_WALK(2)
    PCL_AT(PCL_T, 1) = PCL_AT(PCL_T, 0);
}

__kernel void k_fill(__global uchar *p0, long b0, PCL_T value, pcl_geom g)
{
    const long b1 = 0, b2_ = 0, b3_ = 0;
    PCL_WALK(1)
    PCL_AT(PCL_T, 0) = value;
}

__kernel void k_where(PCL_IN3, pcl_geom g)
{
    const long b2_ = b2, b3_ = b3;
    PCL_WALK(4)
    PCL_AT(PCL_T, 3) = PCL_AT(uchar, 0) ? PCL_AT(PCL_T, 1) : PCL_AT(PCL_T, 2);
}

#if PCK_K != PCK_KC
__kernel void k_clip(PCL_IN3, pcl_geom g)
{
    const long b2_ = b2, b3_ = b3;
    PCL_WALK(4)
    PCL_AT(PCL_T, 3) = PCK_STORE(PCK_FN(ew_clip)(PCK_LOAD(PCL_AT(PCL_T, 0)),
                                                 PCK_LOAD(PCL_AT(PCL_T, 1)),
                                                 PCK_LOAD(PCL_AT(PCL_T, 2))));
}
#endif

/* a cast from dtype SRC to this program's dtype (the host appends one line per source) */
#define PCL_CAST(SRC)                                                                           \
    __kernel void k_cast_from_##SRC(PCL_IN1, pcl_geom g)                                        \
    {                                                                                           \
        const long b2_ = 0, b3_ = 0;                                                            \
        PCL_WALK(2)                                                                             \
        PCL_AT(PCL_T, 1) = PCK_CAT4(pc_cast_, SRC, _to_, PCK_N)(PCL_AT(PCL_ST_##SRC, 0));       \
    }

/* ---- reductions: one work-item per output element ------------------------------------------- */

typedef struct pcl_rgeom {
    long shape[PCL_MAXD];   /* x's extents, outermost first */
    long xstr[PCL_MAXD];    /* x's byte strides */
    long ostr[PCL_MAXD];    /* out's byte strides (unused on reduced axes) */
    int ndim;
    int reduced;            /* bit a: axis a is reduced */
} pcl_rgeom;

/* The offsets of output element `i`: out's, and x's first element of its slice. */
#define PCL_REDUCE_START                                                                        \
    long xo = xb, oo = ob, nred = 1;                                                            \
    {                                                                                           \
        long r_ = get_global_id(0);                                                             \
        for (int a_ = g.ndim - 1; a_ >= 0; a_--) {                                              \
            if (g.reduced >> a_ & 1) {                                                          \
                nred *= g.shape[a_];                                                            \
                continue;                                                                       \
            }                                                                                   \
            const long x_ = r_ % g.shape[a_];                                                   \
            r_ /= g.shape[a_];                                                                  \
            xo += x_ * g.xstr[a_];                                                              \
            oo += x_ * g.ostr[a_];                                                              \
        }                                                                                       \
    }
/* x's offset of element j of the slice starting at xo */
static inline long pcl_reduce_at(long j, long xo, const pcl_rgeom *g)
{
    for (int a = g->ndim - 1; a >= 0; a--) {
        if (g->reduced >> a & 1) {
            xo += (j % g->shape[a]) * g->xstr[a];
            j /= g->shape[a];
        }
    }
    return xo;
}
#define PCL_X(j) PCK_LOAD(*(__global PCL_T *)(px + pcl_reduce_at(j, xo, &g)))

/* sum and prod (then the ordered ones): loops around the element layer's accumulators
 * (kernels/common/reduce_elem.h), whose rules are every target's: bool and integers in
 * uint64, wrapping (the result is int64, uint64 for unsigned); floating values in double per
 * component, float64 and complex128 sums with a TwoSum compensation, the result rounded once;
 * complex products as (a + bi)(c + di) per step in double; max and min with NaN sticky. */
#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
#if PCK_K == PCK_KU
#define PCL_ACC ulong
#else
#define PCL_ACC long
#endif
__kernel void k_sum(__global uchar *px, long xb, __global uchar *po, long ob, pcl_rgeom g)
{
    PCL_REDUCE_START
    uint64_t acc = 0;
    for (long j = 0; j < nred; j++) {
        acc += PCK_FN(pc_rd_widen)(PCL_X(j));
    }
    *(__global PCL_ACC *)(po + oo) = (PCL_ACC)acc;
}

__kernel void k_prod(__global uchar *px, long xb, __global uchar *po, long ob, pcl_rgeom g)
{
    PCL_REDUCE_START
    uint64_t acc = 1;
    for (long j = 0; j < nred; j++) {
        acc *= PCK_FN(pc_rd_widen)(PCL_X(j));
    }
    *(__global PCL_ACC *)(po + oo) = (PCL_ACC)acc;
}
#undef PCL_ACC
#else
/* the element's real components as doubles */
#if PCK_K == PCK_KC
#define PCL_PARTS(v, d) (d[0] = (double)EW_RE(v), d[1] = (double)EW_IM(v))
#define PCL_NC 2
#define PCL_FROMPARTS(d) EW_CX(d[0], d[1])
#else
#define PCL_PARTS(v, d) (d[0] = (double)(v))
#define PCL_NC 1
#define PCL_FROMPARTS(d) PCK_FROMD(d[0])
#endif
__kernel void k_sum(__global uchar *px, long xb, __global uchar *po, long ob, pcl_rgeom g)
{
    PCL_REDUCE_START
    double s[2] = {0, 0}, c[2] = {0, 0}, d[2];
    for (long j = 0; j < nred; j++) {
        PCL_PARTS(PCL_X(j), d);
        for (int k = 0; k < PCL_NC; k++) {
            PCK_FN(pc_rd_add)(&s[k], &c[k], d[k]);
        }
    }
    for (int k = 0; k < PCL_NC; k++) {
        d[k] = PCK_FN(pc_rd_get)(s[k], c[k]);
    }
    *(__global PCL_T *)(po + oo) = PCL_FROMPARTS(d);
}

__kernel void k_prod(__global uchar *px, long xb, __global uchar *po, long ob, pcl_rgeom g)
{
    PCL_REDUCE_START
    double p[2] = {1, 0}, d[2];
    for (long j = 0; j < nred; j++) {
        PCL_PARTS(PCL_X(j), d);
        PCK_FN(pc_rd_pmul)(p, d);
    }
    *(__global PCL_T *)(po + oo) = PCL_FROMPARTS(p);
}
#undef PCL_PARTS
#undef PCL_NC
#undef PCL_FROMPARTS
#endif

/* The SELECT and PAIR rows of the plug-in ABI (paddle_c/reductions.def rows with abi 1: max,
 * min, ptp, ...), each k_<name> for the dtypes of its kinds: a SELECT row's pc_rd_select from
 * the slice's first element; a PAIR row's max and min accumulators, finished by its
 * pc_rd_<name>_finish (pc_rd_pair_finish). No order for complex values. */
#if PCK_K != PCK_KC
#define PCL_RD_KERNEL(kname)                                                                    \
    __kernel void kname(__global uchar *px, long xb, __global uchar *po, long ob, pcl_rgeom g)
#define PCL_RD_WHICH(which) which
#define PCL_RD_K_SELECT(ID, kname, sarg)                                                        \
    PCL_RD_KERNEL(kname)                                                                        \
    {                                                                                           \
        PCL_REDUCE_START                                                                        \
        PCK_CT acc = PCL_X(0);                                                                  \
        for (long j = 1; j < nred; j++) {                                                       \
            acc = PCK_FN(pc_rd_select)(PCL_RD_WHICH sarg, acc, PCL_X(j));                       \
        }                                                                                       \
        *(__global PCL_T *)(po + oo) = PCK_STORE(acc);                                          \
    }
#define PCL_RD_K_PAIR(ID, kname, sarg)                                                          \
    PCL_RD_KERNEL(kname)                                                                        \
    {                                                                                           \
        PCL_REDUCE_START                                                                        \
        PCK_CT hi = PCL_X(0), lo = hi;                                                          \
        for (long j = 1; j < nred; j++) {                                                       \
            const PCK_CT v = PCL_X(j);                                                          \
            hi = PCK_FN(pc_rd_select)(PC_RD_MAX, hi, v);                                        \
            lo = PCK_FN(pc_rd_select)(PC_RD_MIN, lo, v);                                        \
        }                                                                                       \
        *(__global PCL_T *)(po + oo) = PCK_FN(pc_rd_pair_finish)(PC_REDUCE_##ID, hi, lo);       \
    }
/* the other shapes: sum and prod are written above; the rest are not in the ABI */
#define PCL_RD_K_ARITH(ID, kname, sarg)
#define PCL_RD_K_MEAN(ID, kname, sarg)
#define PCL_RD_K_VAR(ID, kname, sarg)
#define PCL_RD_K_LOGIC(ID, kname, sarg)
#define PCL_RD_K_COUNT(ID, kname, sarg)
#define PCL_RD_K_LSE(ID, kname, sarg)
#define PCL_RD_ABI_0(...)
#define PCL_RD_ABI_1(...) __VA_ARGS__
/* [Why k_##name is pasted here] The name reaches the kernel macros as one token k_<name>:
 * passed on bare, "max" and "min" would meet the OpenCL compiler's own macros of those names */
#define PC_RD(ID, name, form, mform, shape, sarg, kinds, dtype, ident, abi, ...)               \
    PCL_RD_ABI_##abi(PC_RD_IF_##kinds(PCL_RD_K_##shape(ID, k_##name, sarg)))
#include "paddle_c/reductions.def"
#undef PC_RD
#endif

/* ---- matmul: 16 x 16 tiles through local memory ----------------------------------------------- */

#define PCL_TILE 16
#define PCL_MAXB (PCL_MAXD - 2)

typedef struct pcl_mgeom {
    long batch[PCL_MAXB];       /* batch extents, outermost first */
    long abs_[PCL_MAXB], bbs[PCL_MAXB], cbs[PCL_MAXB];  /* batch byte strides */
    long m, n, k;
    long ars, acs, brs, bcs, crs, ccs;  /* row and column byte strides */
    int nbatch;
    int pad;
} pcl_mgeom;

/* integers accumulate in their wrap-around type (elem_math.h), floats in their compute type,
 * complex values with the element layer's product */
#if PCK_K == PCK_KI || PCK_K == PCK_KU
#define PCL_MM_ACC EW_WT
#else
#define PCL_MM_ACC PCK_CT
#endif
#if PCK_K == PCK_KC
#define PCL_MM_MAC(acc, a, b) ((acc) + PCK_FN(cx_mul)((a), (b)))
#else
#define PCL_MM_MAC(acc, a, b) ((acc) + (a) * (b))
#endif

#if PCK_K != PCK_KB
__kernel __attribute__((reqd_work_group_size(PCL_TILE, PCL_TILE, 1))) void
k_matmul(__global uchar *pa, long ab, __global uchar *pb, long bb, __global uchar *pc, long cb,
         pcl_mgeom g)
{
    __local PCL_MM_ACC ta[PCL_TILE][PCL_TILE + 1];
    __local PCL_MM_ACC tb[PCL_TILE][PCL_TILE + 1];
    const int li = get_local_id(1), lj = get_local_id(0);
    const long i = get_global_id(1), j = get_global_id(0);
    long r = get_global_id(2);
    for (int a = g.nbatch - 1; a >= 0; a--) {
        const long x = r % g.batch[a];
        r /= g.batch[a];
        ab += x * g.abs_[a];
        bb += x * g.bbs[a];
        cb += x * g.cbs[a];
    }
    PCL_MM_ACC acc = 0;
    for (long t = 0; t < g.k; t += PCL_TILE) {
        ta[li][lj] = (i < g.m && t + lj < g.k)
                         ? (PCL_MM_ACC)PCK_LOAD(*(__global PCL_T *)(pa + ab + i * g.ars +
                                                                     (t + lj) * g.acs))
                         : (PCL_MM_ACC)0;
        tb[li][lj] = (t + li < g.k && j < g.n)
                         ? (PCL_MM_ACC)PCK_LOAD(*(__global PCL_T *)(pb + bb + (t + li) * g.brs +
                                                                     j * g.bcs))
                         : (PCL_MM_ACC)0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int q = 0; q < PCL_TILE; q++) {
            acc = PCL_MM_MAC(acc, ta[li][q], tb[q][lj]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < g.m && j < g.n) {
        *(__global PCL_T *)(pc + cb + i * g.crs + j * g.ccs) = PCK_STORE(acc);
    }
}
#endif
