/*
 * transcendental_impl.h - the CPU loops of the real floating transcendental family for dtype
 * PCK_N, around the element functions of kernels/common/transcendental_elem.h (which states
 * the rules). Included by transcendental.c through each_dtype.h; no include guard. Complex
 * dtypes: complex_impl.h.
 */
#include "kernels/common/transcendental_elem.h"

#if PCK_K == PCK_KF

static inline PCK_CT PCK_FN(ew_sin_slow)(PCK_CT x) { return EW_M(sin)(x); }
static inline PCK_CT PCK_FN(ew_cos_slow)(PCK_CT x) { return EW_M(cos)(x); }
#define EW_TRIG_FALLBACK(v) (EW_M(fabs)(v) > EW_M(PC_VTRIG_FAST_MAX))

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
    PC_TRANSCENDENTAL_BINARY(EW_REG_ROW)
#endif
    {PC_NUM_OPS, NULL},
};
