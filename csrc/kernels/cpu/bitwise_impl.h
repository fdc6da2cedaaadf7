/*
 * bitwise_impl.h - the CPU loops of the bitwise and shift family for dtype PCK_N (integers and
 * bool), around the element functions of kernels/common/bitwise_elem.h (which states the
 * rules). Included by bitwise.c through each_dtype.h; no include guard.
 */
#include "kernels/common/bitwise_elem.h"
#include "kernels/common/compare_ops.h"

#if PC_EW_HAS(BITWISE_INVERT, PCK_K)
#define EW_NAME bitwise_invert
#include "ew_unary_loop.h"
#endif
#if PC_EW_HAS(BITWISE_AND, PCK_K)
#define EW_NAME bitwise_and
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(BITWISE_OR, PCK_K)
#define EW_NAME bitwise_or
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(BITWISE_XOR, PCK_K)
#define EW_NAME bitwise_xor
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(BITWISE_LEFT_SHIFT, PCK_K)
#define EW_NAME bitwise_left_shift
#include "ew_binary_loop.h"
#endif
#if PC_EW_HAS(BITWISE_RIGHT_SHIFT, PCK_K)
#define EW_NAME bitwise_right_shift
#include "ew_binary_loop.h"
#endif

static const ew_reg PCK_FN(bitwise_kernels)[] = {
    PC_BITWISE_OPS(EW_REG_ROW, EW_REG_ROW)
    {PC_NUM_OPS, NULL},
};
