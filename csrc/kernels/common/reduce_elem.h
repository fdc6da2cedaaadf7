/*
 * reduce_elem.h - the numerics of the reductions, arg-reductions and scans, written once for
 * every target (the CPU's accumulator-plane loops, the CUDA/HIP reduce engine, the OpenCL
 * plug-in's kernels), as PyTorch's SharedReduceOps.h serves its CPU and CUDA loops. Each
 * target supplies the loop (how elements are loaded, split and combined); what an accumulator
 * is, where it starts, how an element enters it, how two accumulators combine and how the
 * result is finished are stated here and nowhere else.
 *
 * Two parts:
 *   - once (include guard): the rules that do not depend on the dtype, on the accumulator
 *     values themselves (double, uint64);
 *   - per dtype PCK_N (no guard; included after dtype_params.h once per dtype, as
 *     arith_elem.h is): PCK_FN(pc_rd_<what>) functions in the dtype's compute type.
 *
 * The rules (docs/reductions.md gives them for users):
 *   integer and bool sums, products   uint64, wrapping (two's complement: the int64/uint64
 *                                     result's bits; equal to wrapping in any narrower type)
 *   floating sums, mean, var          double per real component; float64 and complex128 carry
 *                                     a TwoSum compensation term (twosum.h), partial sums are
 *                                     folded compensated too
 *   floating products                 double per component, complex as (a + bi)(c + di)
 *   max, min                          the compute type; NaN is sticky
 *   nanmax, nanmin                    start from NaN and skip NaN, so a slice of only NaN
 *                                     stays NaN
 *   argmax, argmin                    NaN is better than every number (the first NaN wins);
 *                                     "better" is strict, so equal values keep the first
 *                                     position; the nan forms never take a NaN
 *   var, std                          two passes: the mean, then the squared deviations;
 *                                     m2 / (n - correction), NaN when that divisor is not
 *                                     positive
 *   logsumexp                         two passes: the maximum (NaN sticky), then
 *                                     sum(exp(x - max)) compensated; max + log(sum)
 *   ptp (a PAIR row)                  max - min: the pair of max's and min's accumulators,
 *                                     finished by pc_rd_ptp_finish (pc_rd_pair_finish
 *                                     chooses a PAIR row's finish by its pc_reduction)
 *   nanprod's and nansum's NaN test   an element is NaN when either part is
 *
 * [Why `which` is an argument] The four ordered selections differ in one comparison; every
 * caller passes a constant, and the compilers fold the switch after inlining (the CPU's vector
 * loops were checked in their generated code).
 */
#ifndef PADDLE_C_KERNELS_COMMON_REDUCE_ELEM_ONCE_H
#define PADDLE_C_KERNELS_COMMON_REDUCE_ELEM_ONCE_H

#include "paddle_c/reduction_ids.h"
#include "twosum.h"

/* the ordered selections (max/min and their nan forms; the arg-reductions' too) */
enum { PC_RD_MAX, PC_RD_MIN, PC_RD_NANMAX, PC_RD_NANMIN };

/* PC_RD_IF_<kinds>(...): the arguments where the dtype's kind PCK_K is among a row's kinds
 * (paddle_c/reductions.def's kinds column), else nothing; for the expansions over the rows.
 * PCK_K is PCK_KB 0 ... PCK_KC 4 (dtype_params.h). */
#define PC_RD_CAT_(a, b) a##b
#define PC_RD_CAT(a, b) PC_RD_CAT_(a, b)
#define PC_RD_IF_ALL(...) __VA_ARGS__
#define PC_RD_IF_REAL(...) PC_RD_CAT(PC_RD_IF_REAL_, PCK_K)(__VA_ARGS__)
#define PC_RD_IF_FLOAT(...) PC_RD_CAT(PC_RD_IF_FLOAT_, PCK_K)(__VA_ARGS__)
#define PC_RD_IF_REAL_0(...) __VA_ARGS__
#define PC_RD_IF_REAL_1(...) __VA_ARGS__
#define PC_RD_IF_REAL_2(...) __VA_ARGS__
#define PC_RD_IF_REAL_3(...) __VA_ARGS__
#define PC_RD_IF_REAL_4(...)
#define PC_RD_IF_FLOAT_0(...)
#define PC_RD_IF_FLOAT_1(...)
#define PC_RD_IF_FLOAT_2(...)
#define PC_RD_IF_FLOAT_3(...) __VA_ARGS__
#define PC_RD_IF_FLOAT_4(...)

/* PC_RD_IF_PAIR_<shape>(...): the arguments for a row of the PAIR shape, else nothing */
#define PC_RD_IF_PAIR_ARITH(...)
#define PC_RD_IF_PAIR_MEAN(...)
#define PC_RD_IF_PAIR_VAR(...)
#define PC_RD_IF_PAIR_SELECT(...)
#define PC_RD_IF_PAIR_PAIR(...) __VA_ARGS__
#define PC_RD_IF_PAIR_LOGIC(...)
#define PC_RD_IF_PAIR_COUNT(...)
#define PC_RD_IF_PAIR_LSE(...)

/* the dtypes whose floating sums carry a compensation term (1; 0 in #if for the others) */
#define PC_RD_COMP_FLOAT64 1
#define PC_RD_COMP_COMPLEX128 1

/* (s, c) += v: compensated when `comp` (a constant at every call) */
PC_ELEM void pc_rd_sum_add(double *s, double *c, double v, bool comp)
{
    if (comp) {
        pc_twosum_add(s, c, v);
    } else {
        *s += v;
    }
}

/* (s, c) += (s2, c2): two partial sums combined */
PC_ELEM void pc_rd_sum_fold(double *s, double *c, double s2, double c2, bool comp)
{
    if (comp) {
        pc_twosum_add(s, c, s2);
        *c += c2;
    } else {
        *s += s2;
    }
}

/* the value of a partial sum */
PC_ELEM double pc_rd_sum_get(double s, double c, bool comp)
{
    return comp ? pc_twosum_get(s, c) : s;
}

/* p *= d over nc real components (a complex product when nc is 2): the product accumulator
 * and the combination of two of them */
PC_ELEM void pc_rd_prod_step(double *p, const double *d, int nc)
{
    if (nc == 2) {
        const double re = p[0] * d[0] - p[1] * d[1];
        const double im = p[0] * d[1] + p[1] * d[0];
        p[0] = re;
        p[1] = im;
    } else {
        p[0] *= d[0];
    }
}

/* whether one of nc real components is NaN (the nan forms skip such an element) */
PC_ELEM bool pc_rd_parts_nan(const double *d, int nc)
{
    bool nan = false;
    for (int k = 0; k < nc; k++) {
        nan = nan || d[k] != d[k];
    }
    return nan;
}

/* var/std's finish: the sum of squared deviations m2 over n elements */
PC_ELEM double pc_rd_var_finish(double m2, double n, double correction, bool root)
{
    const double div = n - correction;
    const double v = div > 0 ? m2 / div : (double)NAN;
    return root ? sqrt(v) : v;
}

/* logsumexp's first pass: the maximum m (in double) with the value x, NaN sticky */
PC_ELEM double pc_rd_lse_max(double m, double x)
{
    return (x > m || x != x) ? x : m;
}

/* logsumexp's second pass: the term of element x under the slice's maximum m (none when m
 * is not finite: the result is m itself) */
PC_ELEM double pc_rd_lse_term(double x, double m)
{
    return exp(x - m);
}

/* logsumexp's finish from the maximum m and the sum s of the terms */
PC_ELEM double pc_rd_lse_finish(double m, double s)
{
    return isfinite(m) ? m + log(s) : m;
}

#endif /* PADDLE_C_KERNELS_COMMON_REDUCE_ELEM_ONCE_H */

/* ---- per dtype PCK_N ------------------------------------------------------------------------ */

#if PCK_CAT(PC_RD_COMP_, PCK_N)
#define PC_RD_C true
#else
#define PC_RD_C false
#endif
#if PCK_K == PCK_KC
#define PC_RD_NC 2
#else
#define PC_RD_NC 1
#endif

/* the floating-sum accumulator of this dtype (s, c per real component) */
PC_ELEM void PCK_FN(pc_rd_add)(double *s, double *c, double v)
{
    pc_rd_sum_add(s, c, v, PC_RD_C);
}

PC_ELEM void PCK_FN(pc_rd_fold)(double *s, double *c, double s2, double c2)
{
    pc_rd_sum_fold(s, c, s2, c2, PC_RD_C);
}

PC_ELEM double PCK_FN(pc_rd_get)(double s, double c)
{
    return pc_rd_sum_get(s, c, PC_RD_C);
}

/* the product accumulator of this dtype: p (PC_RD_NC doubles) *= d */
PC_ELEM void PCK_FN(pc_rd_pmul)(double *p, const double *d)
{
    pc_rd_prod_step(p, d, PC_RD_NC);
}

#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
/* the integer sums' and products' accumulator: the value widened to uint64 (sign-extended
 * for signed dtypes) */
PC_ELEM uint64_t PCK_FN(pc_rd_widen)(PCK_CT v)
{
#if PCK_K == PCK_KI
    return (uint64_t)(int64_t)v;
#else
    return (uint64_t)v;
#endif
}
#endif

#if PCK_K != PCK_KC
#if PCK_K == PCK_KF
#define PC_RD_ISNAN(v) ((v) != (v))
#else
#define PC_RD_ISNAN(v) false
#endif

/* max/min and the nan forms: a the accumulator, v the newcomer; the result the new
 * accumulator (also the combination of two accumulators) */
PC_ELEM PCK_CT PCK_FN(pc_rd_select)(int which, PCK_CT a, PCK_CT v)
{
    switch (which) {
    case PC_RD_MAX:
        return (v > a || PC_RD_ISNAN(v)) ? v : a;
    case PC_RD_MIN:
        return (v < a || PC_RD_ISNAN(v)) ? v : a;
    case PC_RD_NANMAX:
        return (v > a || PC_RD_ISNAN(a)) ? v : a;
    default:
        return (v < a || PC_RD_ISNAN(a)) ? v : a;
    }
}

/* where the selection starts: the lowest/highest value, NaN for the nan forms of floats */
PC_ELEM PCK_CT PCK_FN(pc_rd_ident)(int which)
{
    const bool up = which == PC_RD_MAX || which == PC_RD_NANMAX;
#if PCK_K == PCK_KF
    if (which == PC_RD_NANMAX || which == PC_RD_NANMIN) {
        return (PCK_CT)NAN;
    }
    return up ? (PCK_CT)-INFINITY : (PCK_CT)INFINITY;
#elif PCK_K == PCK_KB
    return up ? false : true;
#else
    return up ? (PCK_CT)PCK_LO : (PCK_CT)PCK_HI;
#endif
}

/* the arg-reductions: whether v replaces the best value b taken so far */
PC_ELEM bool PCK_FN(pc_rd_better)(int which, PCK_CT v, PCK_CT b)
{
    switch (which) {
    case PC_RD_MAX:
        return v > b || (PC_RD_ISNAN(v) && !PC_RD_ISNAN(b));
    case PC_RD_MIN:
        return v < b || (PC_RD_ISNAN(v) && !PC_RD_ISNAN(b));
    case PC_RD_NANMAX:
        return !PC_RD_ISNAN(v) && (v > b || PC_RD_ISNAN(b));
    default:
        return !PC_RD_ISNAN(v) && (v < b || PC_RD_ISNAN(b));
    }
}

/* ptp (NumPy's peak to peak, max - min): the accumulator is the pair (pc_rd_select's PC_RD_MAX
 * accumulator, its PC_RD_MIN one), each from its identity and combined as those are; the
 * finish is their difference as NumPy's subtraction computes it: in the compute type (float
 * for float16/bfloat16, then rounded to the dtype), integers wrapping (int8 [-128, 127] gives
 * -1); bool gives whether the two differ (NumPy refuses bool); NaN is sticky through max and
 * min. */
PC_ELEM PCK_T PCK_FN(pc_rd_ptp_finish)(PCK_CT hi, PCK_CT lo)
{
#if PCK_K == PCK_KF
    return PCK_STORE(hi - lo);
#elif PCK_K == PCK_KB
    return hi != lo;
#else
    return (PCK_T)((uint64_t)hi - (uint64_t)lo);
#endif
}

#if PCK_K == PCK_KF
/* maxabs (max(abs(x)), floating dtypes): the largest magnitude is at the maximum or at the
 * minimum, so max's and min's pair finishes it as max(|hi|, |lo|); NaN is sticky through both
 * (a slice with a NaN has hi and lo NaN); the magnitudes in double are exact, and never -0. */
PC_ELEM PCK_T PCK_FN(pc_rd_maxabs_finish)(PCK_CT hi, PCK_CT lo)
{
    const double a = fabs((double)hi), b = fabs((double)lo);
    return PCK_STORE((PCK_CT)(a > b || a != a ? a : b));
}
#endif

/* The finish of PAIR row r (paddle_c/reductions.def) of the pair (hi, lo): the row's
 * pc_rd_<name>_finish, for the dtypes of its kinds. The loops of the PAIR shape on every
 * target call it with their row, so a new PAIR row needs its finish above and nothing else;
 * the switch is a jump per output element, after the accumulation. */
PC_ELEM PCK_T PCK_FN(pc_rd_pair_finish)(int r, PCK_CT hi, PCK_CT lo)
{
    switch (r) {
#define PC_RD(ID, name, form, mform, shape, sarg, kinds, ...)                                  \
    PC_RD_IF_PAIR_##shape(PC_RD_IF_##kinds(case PC_REDUCE_##ID:                                \
                                           return PCK_FN(pc_rd_##name##_finish)(hi, lo);))
#include "paddle_c/reductions.def"
#undef PC_RD
    default:
        return PCK_STORE(hi);   /* not a PAIR row of this dtype: never registered */
    }
}

#undef PC_RD_ISNAN
#endif /* PCK_K != PCK_KC */

#undef PC_RD_C
#undef PC_RD_NC
