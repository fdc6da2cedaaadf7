/*
 * transcendental_elem.h - the real floating element functions of the exponential,
 * logarithmic, power, trigonometric and hyperbolic functions, and of atan2, hypot, copysign,
 * nextafter and logaddexp, for dtype PCK_N. Shared by the CPU loops
 * (cpu/transcendental_impl.h) and the GPU kernels (cuda/ew_transcendental.cu); no include
 * guard (included once per dtype after elem_math.h). Complex dtypes: complex_elem.h.
 *
 * The C library's functions already follow the standard's special cases (they come from
 * C99's Annex F). On the CPU exp, log, sin and cos are this library's vectorised versions
 * (cpu/vmath.h), which handle the special values themselves; sin and cos fall back to the C
 * library for arguments beyond their fast range (2^16 for float32, 2^20 for float64: the CPU
 * loop's EW_FALLBACK). float16/bfloat16 compute in float32 and round once; nextafter alone
 * steps in the narrow format itself.
 */
#if PCK_K == PCK_KF
#ifndef PC_ELEM_GPU
#include "kernels/cpu/vmath.h"
#endif

/* exp, log, sin, cos: the CPU's vectorised versions (cpu/vmath.h); the GPU's libm (both
 * within the tolerance the consistency test allows: <= 2 ulp) */
#ifdef PC_ELEM_GPU
PC_ELEM PCK_CT PCK_FN(ew_exp)(PCK_CT x) { return EW_M(exp)(x); }
PC_ELEM PCK_CT PCK_FN(ew_log)(PCK_CT x) { return EW_M(log)(x); }
PC_ELEM PCK_CT PCK_FN(ew_sin)(PCK_CT x) { return EW_M(sin)(x); }
PC_ELEM PCK_CT PCK_FN(ew_cos)(PCK_CT x) { return EW_M(cos)(x); }
#else
PC_ELEM PCK_CT PCK_FN(ew_exp)(PCK_CT x) { return EW_M(pc_vexp)(x); }
PC_ELEM PCK_CT PCK_FN(ew_log)(PCK_CT x) { return EW_M(pc_vlog)(x); }
PC_ELEM PCK_CT PCK_FN(ew_sin)(PCK_CT x) { return EW_M(pc_vsincos)(x, 0); }
PC_ELEM PCK_CT PCK_FN(ew_cos)(PCK_CT x) { return EW_M(pc_vsincos)(x, 1); }
#endif

PC_ELEM PCK_CT PCK_FN(ew_sqrt)(PCK_CT x) { return EW_M(sqrt)(x); }
PC_ELEM PCK_CT PCK_FN(ew_expm1)(PCK_CT x) { return EW_M(expm1)(x); }
PC_ELEM PCK_CT PCK_FN(ew_log1p)(PCK_CT x) { return EW_M(log1p)(x); }
PC_ELEM PCK_CT PCK_FN(ew_log2)(PCK_CT x) { return EW_M(log2)(x); }
PC_ELEM PCK_CT PCK_FN(ew_log10)(PCK_CT x) { return EW_M(log10)(x); }
PC_ELEM PCK_CT PCK_FN(ew_tan)(PCK_CT x) { return EW_M(tan)(x); }
PC_ELEM PCK_CT PCK_FN(ew_asin)(PCK_CT x) { return EW_M(asin)(x); }
PC_ELEM PCK_CT PCK_FN(ew_acos)(PCK_CT x) { return EW_M(acos)(x); }
PC_ELEM PCK_CT PCK_FN(ew_atan)(PCK_CT x) { return EW_M(atan)(x); }
PC_ELEM PCK_CT PCK_FN(ew_sinh)(PCK_CT x) { return EW_M(sinh)(x); }
PC_ELEM PCK_CT PCK_FN(ew_cosh)(PCK_CT x) { return EW_M(cosh)(x); }
PC_ELEM PCK_CT PCK_FN(ew_tanh)(PCK_CT x) { return EW_M(tanh)(x); }
PC_ELEM PCK_CT PCK_FN(ew_asinh)(PCK_CT x) { return EW_M(asinh)(x); }
PC_ELEM PCK_CT PCK_FN(ew_acosh)(PCK_CT x) { return EW_M(acosh)(x); }
PC_ELEM PCK_CT PCK_FN(ew_atanh)(PCK_CT x) { return EW_M(atanh)(x); }
PC_ELEM PCK_CT PCK_FN(ew_atan2)(PCK_CT a, PCK_CT b) { return EW_M(atan2)(a, b); }
PC_ELEM PCK_CT PCK_FN(ew_hypot)(PCK_CT a, PCK_CT b) { return EW_M(hypot)(a, b); }
PC_ELEM PCK_CT PCK_FN(ew_copysign)(PCK_CT a, PCK_CT b) { return EW_M(copysign)(a, b); }
PC_ELEM PCK_CT PCK_FN(ew_nextafter)(PCK_CT a, PCK_CT b)
{
#if PCK_CAT(PCK_NARROW_, PCK_N)
    /* a is exact in the narrow format: step its bit pattern by one */
    if (isnan(a) || isnan(b)) {
        return a + b;
    }
    if (a == b) {
        return b;
    }
    PCK_T s = PCK_STORE(a);
    if (a == 0) {
        s.bits = (uint16_t)(b > 0 ? 0x0001u : 0x8001u); /* the smallest subnormal toward b */
    } else if ((a < b) == (a > 0)) {
        s.bits = (uint16_t)(s.bits + 1u); /* away from zero */
    } else {
        s.bits = (uint16_t)(s.bits - 1u); /* toward zero */
    }
    return PCK_LOAD(s);
#else
    return EW_M(nextafter)(a, b);
#endif
}

PC_ELEM PCK_CT PCK_FN(ew_logaddexp)(PCK_CT a, PCK_CT b)
{
    if (isnan(a) || isnan(b)) {
        return a + b;
    }
    const PCK_CT m = a > b ? a : b;
    if (isinf(m)) {
        return m; /* +inf if either is +inf; -inf when both are -inf */
    }
    return m + EW_M(log1p)(EW_M(exp)(-EW_M(fabs)(a - b)));
}

#endif
