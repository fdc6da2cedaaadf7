/*
 * arithmetic_impl.h - the CPU loops and registration rows of arithmetic, rounding and the
 * complex parts for dtype PCK_N, around the element functions of kernels/common/arith_elem.h
 * (which states the rules). Included by arithmetic.c through each_dtype.h; no include guard.
 */
#include "kernels/common/arith_elem.h"
#include "kernels/common/ew_kinds.h"

/* ---- loops (one per function that has this dtype's kind: elementwise.def, ew_kinds.h) ---- */

#if PC_EW_HAS(ABS, PCK_K)
#if PCK_K == PCK_KC
#define EW_OUT_T PCK_RT
#define EW_OUT_STORE(v) (v)
#endif
#define EW_NAME abs
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(REAL, PCK_K)
#if PCK_K == PCK_KC
#define EW_OUT_T PCK_RT
#define EW_OUT_STORE(v) (v)
#endif
#define EW_NAME real
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(IMAG, PCK_K)
#if PCK_K == PCK_KC
#define EW_OUT_T PCK_RT
#define EW_OUT_STORE(v) (v)
#endif
#define EW_NAME imag
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(CONJ, PCK_K)
#define EW_NAME conj
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(ADD, PCK_K)
#define EW_NAME add
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(MULTIPLY, PCK_K)
#define EW_NAME multiply
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(NEGATIVE, PCK_K)
#define EW_NAME negative
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(POSITIVE, PCK_K)
#define EW_NAME positive
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(SQUARE, PCK_K)
#define EW_NAME square
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(SIGN, PCK_K)
#define EW_NAME sign
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(ROUND, PCK_K)
#define EW_NAME round
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(SUBTRACT, PCK_K)
#define EW_NAME subtract
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(POW, PCK_K)
#define EW_NAME pow
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(RECIPROCAL, PCK_K)
#define EW_NAME reciprocal
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(DIVIDE, PCK_K)
#define EW_NAME divide
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(FLOOR, PCK_K)
#define EW_NAME floor
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(CEIL, PCK_K)
#define EW_NAME ceil
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(TRUNC, PCK_K)
#define EW_NAME trunc
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(FRAC, PCK_K)
#define EW_NAME frac
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(FLOOR_DIVIDE, PCK_K)
#define EW_NAME floor_divide
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(REMAINDER, PCK_K)
#define EW_NAME remainder
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(MAXIMUM, PCK_K)
#define EW_NAME maximum
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(MINIMUM, PCK_K)
#define EW_NAME minimum
#include "ew_binary_loop.h"
#endif

/* ---- this dtype's kernels ------------------------------------------------------------------ */

#include "kernels/common/arith_ops.h"
static const ew_reg PCK_FN(arithmetic_kernels)[] = {
    PC_ARITH_OPS(EW_REG_ROW, EW_REG_ROW, EW_REG_ROW)
    {PC_NUM_OPS, NULL},
};
