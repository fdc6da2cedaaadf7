/*
 * arithmetic_impl.h - the CPU loops and registration rows of arithmetic, rounding and the
 * complex parts for dtype PCK_N, around the element functions of kernels/common/arith_elem.h
 * (which states the rules). Included by arithmetic.c through each_dtype.h; no include guard.
 */
#include "kernels/common/arith_elem.h"

/* ---- loops ---------------------------------------------------------------------------------- */

#if PCK_K == PCK_KC
#define EW_OUT_T PCK_RT
#define EW_OUT_STORE(v) (v)
#endif
#define EW_NAME abs
#include "ew_unary_loop.h"
#if PCK_K == PCK_KC
#define EW_OUT_T PCK_RT
#define EW_OUT_STORE(v) (v)
#endif
#define EW_NAME real
#include "ew_unary_loop.h"
#if PCK_K == PCK_KC
#define EW_OUT_T PCK_RT
#define EW_OUT_STORE(v) (v)
#endif
#define EW_NAME imag
#include "ew_unary_loop.h"
#define EW_NAME conj
#include "ew_unary_loop.h"
#define EW_NAME add
#include "ew_binary_loop.h"
#define EW_NAME multiply
#include "ew_binary_loop.h"
#if PCK_K != PCK_KB
#define EW_NAME negative
#include "ew_unary_loop.h"
#define EW_NAME positive
#include "ew_unary_loop.h"
#define EW_NAME square
#include "ew_unary_loop.h"
#define EW_NAME sign
#include "ew_unary_loop.h"
#define EW_NAME round
#include "ew_unary_loop.h"
#define EW_NAME subtract
#include "ew_binary_loop.h"
#define EW_NAME pow
#include "ew_binary_loop.h"
#endif
#if PCK_K == PCK_KF || PCK_K == PCK_KC
#define EW_NAME reciprocal
#include "ew_unary_loop.h"
#define EW_NAME divide
#include "ew_binary_loop.h"
#endif
#if PCK_K == PCK_KI || PCK_K == PCK_KU || PCK_K == PCK_KF
#define EW_NAME floor
#include "ew_unary_loop.h"
#define EW_NAME ceil
#include "ew_unary_loop.h"
#define EW_NAME trunc
#include "ew_unary_loop.h"
#define EW_NAME frac
#include "ew_unary_loop.h"
#define EW_NAME floor_divide
#include "ew_binary_loop.h"
#define EW_NAME remainder
#include "ew_binary_loop.h"
#endif
#if PCK_K != PCK_KC
#define EW_NAME maximum
#include "ew_binary_loop.h"
#define EW_NAME minimum
#include "ew_binary_loop.h"
#endif

/* ---- this dtype's kernels ------------------------------------------------------------------ */

#include "kernels/common/arith_ops.h"
static const ew_reg PCK_FN(arithmetic_kernels)[] = {
    PC_ARITH_OPS(EW_REG_ROW, EW_REG_ROW, EW_REG_ROW)
    {PC_NUM_OPS, NULL},
};
