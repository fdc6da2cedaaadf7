/*
 * complex_impl.h - the CPU loops of the complex transcendental family for dtype PCK_N, around
 * the element functions of kernels/common/complex_elem.h (which states the rules). Included
 * by complex.c through each_dtype.h; no include guard.
 */
#include "kernels/common/complex_elem.h"

#if PCK_K == PCK_KC

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
#include "ew_unary_loop.h"
#define EW_NAME cos
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

#endif

static const ew_reg PCK_FN(complex_kernels)[] = {
#if PCK_K == PCK_KC
    EW_TRANSCENDENTAL_UNARY(EW_REG_ROW)
#endif
    {PC_NUM_OPS, NULL},
};
