/*
 * compare_impl.h - the CPU loops of classification, comparison, logical functions and clip for
 * dtype PCK_N, around the element functions of kernels/common/compare_elem.h (which states
 * the rules). Included by compare.c through each_dtype.h; no include guard.
 */
#include "kernels/common/compare_elem.h"
#include "kernels/common/compare_ops.h"

#define EW_OUT_BOOL_STORE(v) (v)

/* ---- classification and comparisons (the kinds each has: elementwise.def, ew_kinds.h) --- */

#if PC_EW_HAS(ISNAN, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME isnan
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(ISINF, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME isinf
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(ISFINITE, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME isfinite
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(SIGNBIT, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME signbit
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(EQUAL, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME equal
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(NOT_EQUAL, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME not_equal
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(LESS, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME less
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(LESS_EQUAL, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME less_equal
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(GREATER, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME greater
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(GREATER_EQUAL, PCK_K)
#define EW_OUT_T bool
#define EW_OUT_STORE EW_OUT_BOOL_STORE
#define EW_NAME greater_equal
#include "ew_binary_loop.h"
#endif

/* ---- logical (bool only: the driver converts other dtypes, non-zero is true) -------------- */

#if PC_EW_HAS(LOGICAL_NOT, PCK_K)
#define EW_NAME logical_not
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(LOGICAL_AND, PCK_K)
#define EW_NAME logical_and
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(LOGICAL_OR, PCK_K)
#define EW_NAME logical_or
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(LOGICAL_XOR, PCK_K)
#define EW_NAME logical_xor
#include "ew_binary_loop.h"
#endif

/* ---- clip(x, lo, hi): one dtype; NaN anywhere gives NaN ----------------------------------- */

#if PCK_K != PCK_KC
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
    PC_COMPARE_OPS(EW_REG_ROW, EW_REG_ROW)
#if PCK_K != PCK_KC
    {PC_OP_CLIP, PCK_FN(clip)},
#endif
    {PC_NUM_OPS, NULL},
};

#undef EW_OUT_BOOL_STORE
