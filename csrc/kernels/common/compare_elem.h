/*
 * compare_elem.h - the element functions of classification, comparison, logical functions and
 * clip for dtype PCK_N. Shared by the CPU loops (cpu/compare_impl.h) and the GPU kernels
 * (cuda/ew_compare.cu); no include guard (included once per dtype after elem_math.h).
 *
 * Branch-free expressions so that the CPU loops vectorise. Complex values are equal when both
 * parts are; ordering comparisons, signbit and clip are not defined for complex dtypes (the
 * driver rejects them before a kernel is looked up). NaN compares unequal to everything,
 * itself included. Logical functions take bool (the driver converts: non-zero is true).
 * clip(x, lo, hi): NaN anywhere gives NaN.
 */

#include "ew_kinds.h"

/* ---- classification ------------------------------------------------------------------------ */

PC_ELEM bool PCK_FN(ew_isnan)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return isnan(x);
#elif PCK_K == PCK_KC
    return isnan(EW_RE(x)) | isnan(EW_IM(x));
#else
    (void)x;
    return false;
#endif
}

PC_ELEM bool PCK_FN(ew_isinf)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return isinf(x);
#elif PCK_K == PCK_KC
    return isinf(EW_RE(x)) | isinf(EW_IM(x));
#else
    (void)x;
    return false;
#endif
}

PC_ELEM bool PCK_FN(ew_isfinite)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return isfinite(x);
#elif PCK_K == PCK_KC
    return isfinite(EW_RE(x)) & isfinite(EW_IM(x));
#else
    (void)x;
    return true;
#endif
}

#if PC_EW_HAS(SIGNBIT, PCK_K)
PC_ELEM bool PCK_FN(ew_signbit)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return EW_M(ew_signbit)(x);
#elif PCK_K == PCK_KI
    return x < 0;
#else
    (void)x;
    return false;
#endif
}
#endif

/* ---- comparisons --------------------------------------------------------------------------- */

PC_ELEM bool PCK_FN(ew_equal)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KC
    return (EW_RE(a) == EW_RE(b)) & (EW_IM(a) == EW_IM(b));
#else
    return a == b;
#endif
}

PC_ELEM bool PCK_FN(ew_not_equal)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KC
    return (EW_RE(a) != EW_RE(b)) | (EW_IM(a) != EW_IM(b));
#else
    return a != b;
#endif
}

#if PC_EW_HAS(LESS, PCK_K)
PC_ELEM bool PCK_FN(ew_less)(PCK_CT a, PCK_CT b) { return a < b; }
#endif
#if PC_EW_HAS(LESS_EQUAL, PCK_K)
PC_ELEM bool PCK_FN(ew_less_equal)(PCK_CT a, PCK_CT b) { return a <= b; }
#endif
#if PC_EW_HAS(GREATER, PCK_K)
PC_ELEM bool PCK_FN(ew_greater)(PCK_CT a, PCK_CT b) { return a > b; }
#endif
#if PC_EW_HAS(GREATER_EQUAL, PCK_K)
PC_ELEM bool PCK_FN(ew_greater_equal)(PCK_CT a, PCK_CT b) { return a >= b; }
#endif

/* ---- logical ------------------------------------------------------------------------------- */

#if PC_EW_HAS(LOGICAL_NOT, PCK_K)
PC_ELEM bool PCK_FN(ew_logical_not)(bool x) { return !x; }
#endif
#if PC_EW_HAS(LOGICAL_AND, PCK_K)
PC_ELEM bool PCK_FN(ew_logical_and)(bool a, bool b) { return a & b; }
#endif
#if PC_EW_HAS(LOGICAL_OR, PCK_K)
PC_ELEM bool PCK_FN(ew_logical_or)(bool a, bool b) { return a | b; }
#endif
#if PC_EW_HAS(LOGICAL_XOR, PCK_K)
PC_ELEM bool PCK_FN(ew_logical_xor)(bool a, bool b) { return a ^ b; }
#endif

/* ---- clip ---------------------------------------------------------------------------------- */

#if PCK_K != PCK_KC
PC_ELEM PCK_CT PCK_FN(ew_clip)(PCK_CT x, PCK_CT lo, PCK_CT hi)
{
    PCK_CT v = x < lo ? lo : x;
    v = v > hi ? hi : v;
#if PCK_K == PCK_KF
    /* a NaN bound never wins a comparison: put it back explicitly */
    v = isnan(lo) ? lo : v;
    v = isnan(hi) ? hi : v;
    v = isnan(x) ? x : v;
#endif
    return v;
}
#endif
