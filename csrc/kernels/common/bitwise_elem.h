/*
 * bitwise_elem.h - the element functions of the bitwise and shift family for dtype PCK_N
 * (integers and bool). Shared by the CPU loops (cpu/bitwise_impl.h) and the GPU kernels
 * (cuda/ew_compare.cu); no include guard (included once per dtype after elem_math.h).
 *
 * Shifts follow the standard and NumPy: a count at least the bit width (or negative, which
 * the standard leaves open) shifts every bit out: left shifts give 0, right shifts give 0 for
 * non-negative and -1 for negative signed values. Right shifts of signed values are
 * arithmetic. Left shifts compute in the unsigned wrap type, so they never overflow.
 * Which kinds each function has is elementwise.def's (ew_kinds.h).
 */
#include "ew_kinds.h"

#if PC_EW_HAS(BITWISE_INVERT, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_bitwise_invert)(PCK_CT x)
{
#if PCK_K == PCK_KB
    return !x;
#else
    return (PCK_CT)~x;
#endif
}
#endif

#if PC_EW_HAS(BITWISE_AND, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_bitwise_and)(PCK_CT a, PCK_CT b) { return (PCK_CT)(a & b); }
#endif
#if PC_EW_HAS(BITWISE_OR, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_bitwise_or)(PCK_CT a, PCK_CT b) { return (PCK_CT)(a | b); }
#endif
#if PC_EW_HAS(BITWISE_XOR, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_bitwise_xor)(PCK_CT a, PCK_CT b) { return (PCK_CT)(a ^ b); }
#endif

#if PC_EW_HAS(BITWISE_LEFT_SHIFT, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_bitwise_left_shift)(PCK_CT a, PCK_CT b)
{
    const bool out = (uint64_t)(int64_t)b >= (uint64_t)EW_BITS;
    const int count = out ? 0 : (int)b;
    return out ? (PCK_CT)0 : (PCK_CT)((EW_WT)a << count);
}
#endif

#if PC_EW_HAS(BITWISE_RIGHT_SHIFT, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_bitwise_right_shift)(PCK_CT a, PCK_CT b)
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
#endif
