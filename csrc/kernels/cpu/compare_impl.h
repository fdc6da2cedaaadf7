/*
 * compare_impl.h - classification, comparison, logical and clip kernels for dtype PCK_N.
 * Included by compare.c through each_dtype.h; no include guard.
 *
 * Element functions are branch-free expressions so that the loops vectorise. Complex values
 * are equal when both parts are; ordering comparisons, signbit and clip are not defined for
 * complex dtypes (the driver rejects them before a kernel is looked up). NaN compares unequal
 * to everything, itself included.
 */
#define EW_OUT_BOOL_STORE(v) (v)

/* ---- classification ------------------------------------------------------------------------ */

static inline bool PCK_FN(ew_isnan)(PCK_CT x)
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

static inline bool PCK_FN(ew_isinf)(PCK_CT x)
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

static inline bool PCK_FN(ew_isfinite)(PCK_CT x)
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

#if PCK_K != PCK_KC
static inline bool PCK_FN(ew_signbit)(PCK_CT x)
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

#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME isnan
#include "ew_unary_loop.h"
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME isinf
#include "ew_unary_loop.h"
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME isfinite
#include "ew_unary_loop.h"
#if PCK_K != PCK_KC
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME signbit
#include "ew_unary_loop.h"
#endif

/* ---- comparisons --------------------------------------------------------------------------- */

static inline bool PCK_FN(ew_equal)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KC
    return (EW_RE(a) == EW_RE(b)) & (EW_IM(a) == EW_IM(b));
#else
    return a == b;
#endif
}

static inline bool PCK_FN(ew_not_equal)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KC
    return (EW_RE(a) != EW_RE(b)) | (EW_IM(a) != EW_IM(b));
#else
    return a != b;
#endif
}

#if PCK_K != PCK_KC
static inline bool PCK_FN(ew_less)(PCK_CT a, PCK_CT b) { return a < b; }
static inline bool PCK_FN(ew_less_equal)(PCK_CT a, PCK_CT b) { return a <= b; }
static inline bool PCK_FN(ew_greater)(PCK_CT a, PCK_CT b) { return a > b; }
static inline bool PCK_FN(ew_greater_equal)(PCK_CT a, PCK_CT b) { return a >= b; }
#endif

#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME equal
#include "ew_binary_loop.h"
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME not_equal
#include "ew_binary_loop.h"
#if PCK_K != PCK_KC
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME less
#include "ew_binary_loop.h"
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME less_equal
#include "ew_binary_loop.h"
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME greater
#include "ew_binary_loop.h"
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME greater_equal
#include "ew_binary_loop.h"
#endif

/* ---- logical (bool only: the driver converts other dtypes, non-zero is true) -------------- */

#if PCK_K == PCK_KB
static inline bool PCK_FN(ew_logical_not)(bool x) { return !x; }
static inline bool PCK_FN(ew_logical_and)(bool a, bool b) { return a & b; }
static inline bool PCK_FN(ew_logical_or)(bool a, bool b) { return a | b; }
static inline bool PCK_FN(ew_logical_xor)(bool a, bool b) { return a ^ b; }
#define EW_NAME logical_not
#include "ew_unary_loop.h"
#define EW_NAME logical_and
#include "ew_binary_loop.h"
#define EW_NAME logical_or
#include "ew_binary_loop.h"
#define EW_NAME logical_xor
#include "ew_binary_loop.h"
#endif

/* ---- clip(x, lo, hi): one dtype; NaN anywhere gives NaN ----------------------------------- */

#if PCK_K != PCK_KC
static inline PCK_CT PCK_FN(ew_clip)(PCK_CT x, PCK_CT lo, PCK_CT hi)
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

static int PCK_FN(clip)(const pc_loop_ctx *ctx, char *const *data, int64_t n, const int64_t *s)
{
    (void)ctx;
    const int64_t is = (int64_t)sizeof(PCK_T);
    if (s[0] == is && s[3] == is && s[1] == 0 && s[2] == 0) {
        const PCK_T *restrict x = (const PCK_T *)data[0];
        PCK_T *restrict out = (PCK_T *)data[3];
        const PCK_CT lo = PCK_LOAD(*(const PCK_T *)data[1]);
        const PCK_CT hi = PCK_LOAD(*(const PCK_T *)data[2]);
        for (int64_t i = 0; i < n; i++) {
            out[i] = PCK_STORE(PCK_FN(ew_clip)(PCK_LOAD(x[i]), lo, hi));
        }
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        PCK_AT(PCK_T, data[3], i, s[3]) = PCK_STORE(PCK_FN(ew_clip)(
            PCK_LOAD(PCK_AT(const PCK_T, data[0], i, s[0])),
            PCK_LOAD(PCK_AT(const PCK_T, data[1], i, s[1])),
            PCK_LOAD(PCK_AT(const PCK_T, data[2], i, s[2]))));
    }
    return 0;
}
#endif

/* ---- this dtype's kernels ------------------------------------------------------------------ */

static const ew_reg PCK_FN(compare_kernels)[] = {
    {PC_OP_ISNAN, PCK_FN(isnan)},
    {PC_OP_ISINF, PCK_FN(isinf)},
    {PC_OP_ISFINITE, PCK_FN(isfinite)},
    {PC_OP_EQUAL, PCK_FN(equal)},
    {PC_OP_NOT_EQUAL, PCK_FN(not_equal)},
#if PCK_K != PCK_KC
    {PC_OP_SIGNBIT, PCK_FN(signbit)},
    {PC_OP_LESS, PCK_FN(less)},
    {PC_OP_LESS_EQUAL, PCK_FN(less_equal)},
    {PC_OP_GREATER, PCK_FN(greater)},
    {PC_OP_GREATER_EQUAL, PCK_FN(greater_equal)},
    {PC_OP_CLIP, PCK_FN(clip)},
#endif
#if PCK_K == PCK_KB
    {PC_OP_LOGICAL_NOT, PCK_FN(logical_not)},
    {PC_OP_LOGICAL_AND, PCK_FN(logical_and)},
    {PC_OP_LOGICAL_OR, PCK_FN(logical_or)},
    {PC_OP_LOGICAL_XOR, PCK_FN(logical_xor)},
#endif
    {PC_NUM_OPS, NULL},
};

#undef EW_OUT_BOOL_STORE
