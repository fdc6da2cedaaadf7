/*
 * compare_ops.h - the element functions of compare_elem.h and bitwise_elem.h that exist for the
 * kind of dtype PCK_N, as one X-list for every target's registration:
 *
 *   PC_COMPARE_OPS(UB, BB)   UB(ID, name): unary, bool output; BB: binary, bool output
 *   PC_BITWISE_OPS(U, B)     U: unary, B: binary, output of the same dtype
 *
 * Which kinds each function has is elementwise.def's statement (ew_kinds.h: PC_EW_IF). clip
 * (ternary) is listed by its users. Included once per dtype (no include guard).
 */
#include "ew_kinds.h"

#undef PC_COMPARE_OPS
#undef PC_BITWISE_OPS

#define PC_COMPARE_OPS(UB, BB)                                                                  \
    PC_EW_IF(ISNAN, UB(ISNAN, isnan)) PC_EW_IF(ISINF, UB(ISINF, isinf))                         \
    PC_EW_IF(ISFINITE, UB(ISFINITE, isfinite)) PC_EW_IF(EQUAL, BB(EQUAL, equal))                \
    PC_EW_IF(NOT_EQUAL, BB(NOT_EQUAL, not_equal)) PC_EW_IF(SIGNBIT, UB(SIGNBIT, signbit))       \
    PC_EW_IF(LESS, BB(LESS, less)) PC_EW_IF(LESS_EQUAL, BB(LESS_EQUAL, less_equal))             \
    PC_EW_IF(GREATER, BB(GREATER, greater))                                                     \
    PC_EW_IF(GREATER_EQUAL, BB(GREATER_EQUAL, greater_equal))                                   \
    PC_EW_IF(LOGICAL_NOT, UB(LOGICAL_NOT, logical_not))                                         \
    PC_EW_IF(LOGICAL_AND, BB(LOGICAL_AND, logical_and))                                         \
    PC_EW_IF(LOGICAL_OR, BB(LOGICAL_OR, logical_or))                                            \
    PC_EW_IF(LOGICAL_XOR, BB(LOGICAL_XOR, logical_xor))

#define PC_BITWISE_OPS(U, B)                                                                    \
    PC_EW_IF(BITWISE_INVERT, U(BITWISE_INVERT, bitwise_invert))                                 \
    PC_EW_IF(BITWISE_AND, B(BITWISE_AND, bitwise_and))                                          \
    PC_EW_IF(BITWISE_OR, B(BITWISE_OR, bitwise_or))                                             \
    PC_EW_IF(BITWISE_XOR, B(BITWISE_XOR, bitwise_xor))                                          \
    PC_EW_IF(BITWISE_LEFT_SHIFT, B(BITWISE_LEFT_SHIFT, bitwise_left_shift))                     \
    PC_EW_IF(BITWISE_RIGHT_SHIFT, B(BITWISE_RIGHT_SHIFT, bitwise_right_shift))
