/*
 * reduce_elem_row.cuh - rd_elem<T> for the dtype PCK_N (storage type T): the element layer's
 * reduction functions of that dtype (kernels/common/reduce_elem.h) under the names the GPU
 * Ops use (reduce_ops.cuh, argreduce.cu, scan.cu). Included once per dtype by
 * reduce_types.cuh through cpu/each_dtype.h. No include guard.
 */
#include "kernels/common/reduce_elem.h"

namespace pcu {

template <> struct rd_elem<PCK_T> {
    using ct = PCK_CT; /* the compute type of max/min and the arg-reductions */
    __host__ __device__ static void add(double &s, double &c, double v)
    {
        PCK_FN(pc_rd_add)(&s, &c, v);
    }
    __host__ __device__ static void fold(double &s, double &c, double s2, double c2)
    {
        PCK_FN(pc_rd_fold)(&s, &c, s2, c2);
    }
    __host__ __device__ static double get(double s, double c) { return PCK_FN(pc_rd_get)(s, c); }
    __host__ __device__ static void pmul(double *p, const double *d)
    {
        PCK_FN(pc_rd_pmul)(p, d);
    }
#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
    __host__ __device__ static uint64_t widen(ct v) { return PCK_FN(pc_rd_widen)(v); }
#endif
#if PCK_K != PCK_KC
    __host__ __device__ static ct select(int which, ct a, ct v)
    {
        return PCK_FN(pc_rd_select)(which, a, v);
    }
    __host__ __device__ static ct ident(int which) { return PCK_FN(pc_rd_ident)(which); }
    __host__ __device__ static bool better(int which, ct v, ct b)
    {
        return PCK_FN(pc_rd_better)(which, v, b);
    }
    __host__ __device__ static PCK_T pair_finish(int r, ct hi, ct lo)
    {
        return PCK_FN(pc_rd_pair_finish)(r, hi, lo);
    }
#endif
};

} // namespace pcu
