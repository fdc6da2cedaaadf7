/*
 * transcendental_impl.h - real floating kernels of the exponential, logarithmic, power,
 * trigonometric and hyperbolic functions, and of atan2, hypot, copysign, nextafter and
 * logaddexp, for dtype PCK_N. Included by transcendental.c through each_dtype.h; no include
 * guard. Complex dtypes: complex_impl.h.
 *
 * The C library's functions already follow the standard's special cases (they come from
 * C99's Annex F). exp, log, sin and cos are this library's vectorised versions (vmath.h), which
 * handle the special values themselves; sin and cos fall back to the C library for arguments
 * beyond their fast range (2^16 for float32, 2^20 for float64). float16/bfloat16 compute in
 * float32 and round once; nextafter alone steps in the narrow format itself.
 */
#if PCK_K == PCK_KF

static inline PCK_CT PCK_FN(ew_sqrt)(PCK_CT x) { return EW_M(sqrt)(x); }
static inline PCK_CT PCK_FN(ew_exp)(PCK_CT x) { return EW_M(pc_vexp)(x); }
static inline PCK_CT PCK_FN(ew_expm1)(PCK_CT x) { return EW_M(expm1)(x); }
static inline PCK_CT PCK_FN(ew_log)(PCK_CT x) { return EW_M(pc_vlog)(x); }
static inline PCK_CT PCK_FN(ew_log1p)(PCK_CT x) { return EW_M(log1p)(x); }
static inline PCK_CT PCK_FN(ew_log2)(PCK_CT x) { return EW_M(log2)(x); }
static inline PCK_CT PCK_FN(ew_log10)(PCK_CT x) { return EW_M(log10)(x); }
static inline PCK_CT PCK_FN(ew_sin)(PCK_CT x) { return EW_M(pc_vsincos)(x, 0); }
static inline PCK_CT PCK_FN(ew_cos)(PCK_CT x) { return EW_M(pc_vsincos)(x, 1); }
static inline PCK_CT PCK_FN(ew_sin_slow)(PCK_CT x) { return EW_M(sin)(x); }
static inline PCK_CT PCK_FN(ew_cos_slow)(PCK_CT x) { return EW_M(cos)(x); }
#define EW_TRIG_FALLBACK(v) (EW_M(fabs)(v) > EW_M(PC_VTRIG_FAST_MAX))
static inline PCK_CT PCK_FN(ew_tan)(PCK_CT x) { return EW_M(tan)(x); }
static inline PCK_CT PCK_FN(ew_asin)(PCK_CT x) { return EW_M(asin)(x); }
static inline PCK_CT PCK_FN(ew_acos)(PCK_CT x) { return EW_M(acos)(x); }
static inline PCK_CT PCK_FN(ew_atan)(PCK_CT x) { return EW_M(atan)(x); }
static inline PCK_CT PCK_FN(ew_sinh)(PCK_CT x) { return EW_M(sinh)(x); }
static inline PCK_CT PCK_FN(ew_cosh)(PCK_CT x) { return EW_M(cosh)(x); }
static inline PCK_CT PCK_FN(ew_tanh)(PCK_CT x) { return EW_M(tanh)(x); }
static inline PCK_CT PCK_FN(ew_asinh)(PCK_CT x) { return EW_M(asinh)(x); }
static inline PCK_CT PCK_FN(ew_acosh)(PCK_CT x) { return EW_M(acosh)(x); }
static inline PCK_CT PCK_FN(ew_atanh)(PCK_CT x) { return EW_M(atanh)(x); }

static inline PCK_CT PCK_FN(ew_atan2)(PCK_CT a, PCK_CT b) { return EW_M(atan2)(a, b); }
static inline PCK_CT PCK_FN(ew_hypot)(PCK_CT a, PCK_CT b) { return EW_M(hypot)(a, b); }
static inline PCK_CT PCK_FN(ew_copysign)(PCK_CT a, PCK_CT b) { return EW_M(copysign)(a, b); }

static inline PCK_CT PCK_FN(ew_nextafter)(PCK_CT a, PCK_CT b)
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

static inline PCK_CT PCK_FN(ew_logaddexp)(PCK_CT a, PCK_CT b)
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

#define EW_NAME sqrt
#include "ew_unary_loop.h"
#define EW_NAME exp
#include "ew_unary_loop.h"
#define EW_NAME expm1
#include "ew_unary_loop.h"
#define EW_NAME log
#include "ew_unary_loop.h"
#define EW_NAME log1p
#include "ew_unary_loop.h"
#define EW_NAME log2
#include "ew_unary_loop.h"
#define EW_NAME log10
#include "ew_unary_loop.h"
#define EW_NAME sin
#define EW_FALLBACK EW_TRIG_FALLBACK
#include "ew_unary_loop.h"
#define EW_NAME cos
#define EW_FALLBACK EW_TRIG_FALLBACK
#include "ew_unary_loop.h"
#define EW_NAME tan
#include "ew_unary_loop.h"
#define EW_NAME asin
#include "ew_unary_loop.h"
#define EW_NAME acos
#include "ew_unary_loop.h"
#define EW_NAME atan
#include "ew_unary_loop.h"
#define EW_NAME sinh
#include "ew_unary_loop.h"
#define EW_NAME cosh
#include "ew_unary_loop.h"
#define EW_NAME tanh
#include "ew_unary_loop.h"
#define EW_NAME asinh
#include "ew_unary_loop.h"
#define EW_NAME acosh
#include "ew_unary_loop.h"
#define EW_NAME atanh
#include "ew_unary_loop.h"
#define EW_NAME atan2
#include "ew_binary_loop.h"
#define EW_NAME hypot
#include "ew_binary_loop.h"
#define EW_NAME copysign
#include "ew_binary_loop.h"
#define EW_NAME nextafter
#include "ew_binary_loop.h"
#define EW_NAME logaddexp
#include "ew_binary_loop.h"
#undef EW_TRIG_FALLBACK

#endif

static const ew_reg PCK_FN(transcendental_kernels)[] = {
#if PCK_K == PCK_KF
    EW_TRANSCENDENTAL_UNARY(EW_REG_ROW)
    {PC_OP_ATAN2, PCK_FN(atan2)},
    {PC_OP_HYPOT, PCK_FN(hypot)},
    {PC_OP_COPYSIGN, PCK_FN(copysign)},
    {PC_OP_NEXTAFTER, PCK_FN(nextafter)},
    {PC_OP_LOGADDEXP, PCK_FN(logaddexp)},
#endif
    {PC_NUM_OPS, NULL},
};
