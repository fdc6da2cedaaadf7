/*
 * bitwise_impl.h - bitwise and shift kernels for dtype PCK_N (integers and bool). Included by
 * bitwise.c through each_dtype.h; no include guard.
 *
 * Shifts follow the standard and NumPy: a count at least the bit width (or negative, which
 * the standard leaves open) shifts every bit out: left shifts give 0, right shifts give 0 for
 * non-negative and -1 for negative signed values. Right shifts of signed values are
 * arithmetic. Left shifts compute in the unsigned wrap type, so they never overflow.
 */
#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU

static inline PCK_CT PCK_FN(ew_bitwise_invert)(PCK_CT x)
{
#if PCK_K == PCK_KB
    return !x;
#else
    return (PCK_CT)~x;
#endif
}

static inline PCK_CT PCK_FN(ew_bitwise_and)(PCK_CT a, PCK_CT b) { return (PCK_CT)(a & b); }
static inline PCK_CT PCK_FN(ew_bitwise_or)(PCK_CT a, PCK_CT b) { return (PCK_CT)(a | b); }
static inline PCK_CT PCK_FN(ew_bitwise_xor)(PCK_CT a, PCK_CT b) { return (PCK_CT)(a ^ b); }

#define EW_NAME bitwise_invert
#include "ew_unary_loop.h"
#define EW_NAME bitwise_and
#include "ew_binary_loop.h"
#define EW_NAME bitwise_or
#include "ew_binary_loop.h"
#define EW_NAME bitwise_xor
#include "ew_binary_loop.h"

#if PCK_K != PCK_KB
static inline PCK_CT PCK_FN(ew_bitwise_left_shift)(PCK_CT a, PCK_CT b)
{
    const bool out = (uint64_t)(int64_t)b >= (uint64_t)EW_BITS;
    const int count = out ? 0 : (int)b;
    return out ? (PCK_CT)0 : (PCK_CT)((EW_WT)a << count);
}

static inline PCK_CT PCK_FN(ew_bitwise_right_shift)(PCK_CT a, PCK_CT b)
{
    const bool out = (uint64_t)(int64_t)b >= (uint64_t)EW_BITS;
#if PCK_K == PCK_KI
    const int count = out ? EW_BITS - 1 : (int)b;
    return (PCK_CT)(a >> count);
#else
    const int count = out ? 0 : (int)b;
    return out ? (PCK_CT)0 : (PCK_CT)(a >> count);
#endif
}

#define EW_NAME bitwise_left_shift
#include "ew_binary_loop.h"
#define EW_NAME bitwise_right_shift
#include "ew_binary_loop.h"
#endif

#endif

static const ew_reg PCK_FN(bitwise_kernels)[] = {
#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
    {PC_OP_BITWISE_INVERT, PCK_FN(bitwise_invert)},
    {PC_OP_BITWISE_AND, PCK_FN(bitwise_and)},
    {PC_OP_BITWISE_OR, PCK_FN(bitwise_or)},
    {PC_OP_BITWISE_XOR, PCK_FN(bitwise_xor)},
#endif
#if PCK_K == PCK_KI || PCK_K == PCK_KU
    {PC_OP_BITWISE_LEFT_SHIFT, PCK_FN(bitwise_left_shift)},
    {PC_OP_BITWISE_RIGHT_SHIFT, PCK_FN(bitwise_right_shift)},
#endif
    {PC_NUM_OPS, NULL},
};
