/*
 * reduce_ops.cuh - the reductions as Ops of the GPU engine (reduce_engine.cuh): the loops
 * around the element layer's accumulators (kernels/common/reduce_elem.h, as rd_elem<T>), whose
 * rules are those of every target (docs/reductions.md):
 *   integer sums and products      uint64, wrapping (the int64/uint64 result's bits)
 *   floating sums, mean, var       double per component; float64 and complex128 carry a TwoSum
 *                                  term (partials folded compensated too)
 *   floating products              double per component, complex as (a + bi)(c + di)
 *   max, min                       the compute type (float for float16/bfloat16); NaN sticky,
 *                                  the nan forms start from NaN and skip NaN
 *   var, std                       two passes: the mean per output into a scratch array
 *                                  (fsum_op with `mid`), then the squared deviations
 *   logsumexp                      two passes: the maximum (NaN sticky), then sum(exp(x - max))
 *                                  compensated
 */
#ifndef PADDLE_C_CUDA_REDUCE_OPS_CUH
#define PADDLE_C_CUDA_REDUCE_OPS_CUH

#include "reduce_engine.cuh"
#include "reduce_types.cuh"

namespace pcu {

/* ---- sums, means, and the first pass of var --------------------------------------------- */

enum fs_what { FS_SUM, FS_NANSUM, FS_MEAN, FS_NANMEAN, FS_MID, FS_NANMID };

struct fsum_acc {
    double s[2];
    double c[2];
    int64_t n; /* elements added (the nan forms' count) */
};

/* an output's mean (per component) and count, between the passes of var */
struct var_mid {
    double mean[2];
    int64_t n;
};

template <typename T, int W> struct fsum_op {
    using acc = fsum_acc;
    using E = rd_elem<T>;
    static constexpr int nc = rd_nc<T>();
    static constexpr bool skip = W == FS_NANSUM || W == FS_NANMEAN || W == FS_NANMID;
    int64_t count;  /* elements per output (mean's divisor) */
    var_mid *mid;   /* FS_MID / FS_NANMID: where the means go */

    __device__ acc init() const { return acc{{0.0, 0.0}, {0.0, 0.0}, 0}; }
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        double d[2];
        rd_parts<T>(p, d);
        if (skip && rd_parts_nan<T>(d)) {
            return;
        }
        a.n++;
        for (int k = 0; k < nc; k++) {
            E::add(a.s[k], a.c[k], d[k]);
        }
    }
    __device__ acc operator()(acc a, const acc &b) const
    {
        for (int k = 0; k < nc; k++) {
            E::fold(a.s[k], a.c[k], b.s[k], b.c[k]);
        }
        a.n += b.n;
        return a;
    }
    __device__ void finish(const acc &a, int64_t j, char *o) const
    {
        double d[2] = {0.0, 0.0};
        double div = 1.0;
        if (W == FS_MEAN) {
            div = (double)count;
        } else if (W == FS_NANMEAN || W == FS_MID || W == FS_NANMID) {
            div = (double)a.n;
        }
        for (int k = 0; k < nc; k++) {
            d[k] = E::get(a.s[k], a.c[k]) / div;
        }
        if constexpr (W == FS_SUM || W == FS_NANSUM) {
            rd_store<T>(o, d);
        } else if constexpr (W == FS_MEAN || W == FS_NANMEAN) {
            rd_store<rd_ft<T>>(o, d);
        } else {
            mid[j] = var_mid{{d[0], d[1]}, a.n};
        }
    }
};

/* ---- var, std: the second pass ------------------------------------------------------------ */

struct m2_acc {
    double s;
    double c;
};

template <typename T, bool SKIP, bool ROOT> struct sqdev_op {
    using acc = m2_acc;
    using E = rd_elem<T>;
    static constexpr int nc = rd_nc<T>();
    const var_mid *mid;
    double correction;

    __device__ acc init() const { return acc{0.0, 0.0}; }
    __device__ void add(acc &a, const char *p, int64_t j, int64_t) const
    {
        double d[2];
        rd_parts<T>(p, d);
        if (SKIP && rd_parts_nan<T>(d)) {
            return;
        }
        for (int k = 0; k < nc; k++) {
            const double e = d[k] - mid[j].mean[k];
            E::add(a.s, a.c, e * e);
        }
    }
    __device__ acc operator()(acc a, const acc &b) const
    {
        E::fold(a.s, a.c, b.s, b.c);
        return a;
    }
    __device__ void finish(const acc &a, int64_t j, char *o) const
    {
        const double v = pc_rd_var_finish(E::get(a.s, a.c), (double)mid[j].n, correction, ROOT);
        *(rd_rt<T> *)o = convert<rd_rt<T>>(v);
    }
};

/* ---- integer sums and products: uint64, wrapping ------------------------------------------ */

template <typename T, bool PROD> struct iarith_op {
    using acc = uint64_t;
    __device__ acc init() const { return PROD ? 1 : 0; } /* the uint64 identities */
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        a = PROD ? a * rd_widen<T>(p) : a + rd_widen<T>(p);
    }
    __device__ acc operator()(acc a, const acc &b) const { return PROD ? a * b : a + b; }
    __device__ void finish(const acc &a, int64_t, char *o) const { *(uint64_t *)o = a; }
};

/* ---- floating products --------------------------------------------------------------------- */

struct fprod_acc {
    double p[2];
};


template <typename T, bool SKIP> struct fprod_op {
    using acc = fprod_acc;
    __device__ acc init() const { return acc{{1.0, 0.0}}; }
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        double d[2];
        rd_parts<T>(p, d);
        if (!(SKIP && rd_parts_nan<T>(d))) {
            rd_elem<T>::pmul(a.p, d);
        }
    }
    __device__ acc operator()(acc a, const acc &b) const
    {
        rd_elem<T>::pmul(a.p, b.p);
        return a;
    }
    __device__ void finish(const acc &a, int64_t, char *o) const { rd_store<T>(o, a.p); }
};

/* ---- max, min and their nan forms (real dtypes) ------------------------------------------- */

template <typename T, int W> struct minmax_op {
    using E = rd_elem<T>;
    using M = typename E::ct;
    using acc = M;

    __device__ acc init() const { return E::ident(W); }
    __device__ acc operator()(M a, M v) const { return E::select(W, a, v); }
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        a = (*this)(a, rd_cload<T>(p));
    }
    __device__ void finish(const acc &a, int64_t, char *o) const
    {
        if constexpr (rd_narrow<T>()) {
            *(T *)o = convert<T>(a);
        } else {
            *(T *)o = a;
        }
    }
};

/* the PAIR shape (paddle_c/reductions.def: ptp, ...): the pair of max's and min's
 * accumulators (real dtypes), finished by the row's pc_rd_<name>_finish (pc_rd_pair_finish) */
template <typename M> struct pair_acc {
    M hi;
    M lo;
};

template <typename T> struct pair_op {
    using E = rd_elem<T>;
    using M = typename E::ct;
    using acc = pair_acc<M>;
    int reduction; /* the row: pc_reduce_params.reduction */

    __device__ acc init() const { return acc{E::ident(PC_RD_MAX), E::ident(PC_RD_MIN)}; }
    __device__ acc operator()(acc a, const acc &b) const
    {
        return acc{E::select(PC_RD_MAX, a.hi, b.hi), E::select(PC_RD_MIN, a.lo, b.lo)};
    }
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        const M v = rd_cload<T>(p);
        a = (*this)(a, acc{v, v});
    }
    __device__ void finish(const acc &a, int64_t, char *o) const
    {
        *(T *)o = E::pair_finish(reduction, a.hi, a.lo);
    }
};

/* ---- all, any, count_nonzero -------------------------------------------------------------- */

template <typename T, bool ANY> struct logic_op {
    using acc = bool;
    __device__ acc init() const { return !ANY; }
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        a = ANY ? (a || rd_truth<T>(p)) : (a && rd_truth<T>(p));
    }
    __device__ acc operator()(acc a, const acc &b) const { return ANY ? (a || b) : (a && b); }
    __device__ void finish(const acc &a, int64_t, char *o) const { *(bool *)o = a; }
};

template <typename T> struct count_op {
    using acc = int64_t;
    __device__ acc init() const { return 0; }
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        a += rd_truth<T>(p) ? 1 : 0;
    }
    __device__ acc operator()(acc a, const acc &b) const { return a + b; }
    __device__ void finish(const acc &a, int64_t, char *o) const { *(int64_t *)o = a; }
};

/* ---- logsumexp (real dtypes) --------------------------------------------------------------- */

template <typename T> struct lse_max_op {
    using acc = double;
    double *mx; /* per output */
    __device__ acc init() const { return -INFINITY; }
    __device__ acc operator()(acc a, const acc &v) const { return pc_rd_lse_max(a, v); }
    __device__ void add(acc &a, const char *p, int64_t, int64_t) const
    {
        double d[2];
        rd_parts<T>(p, d);
        a = (*this)(a, d[0]);
    }
    __device__ void finish(const acc &a, int64_t j, char *) const { mx[j] = a; }
};

template <typename T> struct lse_sum_op {
    using acc = m2_acc;
    const double *mx;
    __device__ acc init() const { return acc{0.0, 0.0}; }
    __device__ void add(acc &a, const char *p, int64_t j, int64_t) const
    {
        const double m = mx[j];
        if (isfinite(m)) {
            double d[2];
            rd_parts<T>(p, d);
            pc_rd_sum_add(&a.s, &a.c, pc_rd_lse_term(d[0], m), true);
        }
    }
    __device__ acc operator()(acc a, const acc &b) const
    {
        pc_rd_sum_fold(&a.s, &a.c, b.s, b.c, true);
        return a;
    }
    __device__ void finish(const acc &a, int64_t j, char *o) const
    {
        const double m = mx[j];
        const double d[2] = {pc_rd_lse_finish(m, pc_rd_sum_get(a.s, a.c, true)), 0.0};
        rd_store<rd_ft<T>>(o, d);
    }
};

} // namespace pcu

#endif
