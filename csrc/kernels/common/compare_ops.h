/*
 * compare_ops.h - which element functions of compare_elem.h and bitwise_elem.h exist for the
 * kind of dtype PCK_N, as one X-list for every target's registration:
 *
 *   PC_COMPARE_OPS(UB, BB)   UB(ID, name): unary, bool output; BB: binary, bool output
 *   PC_BITWISE_OPS(U, B)     U: unary, B: binary, output of the same dtype
 *
 * clip (ternary) is listed by its users. Included once per dtype (no include guard).
 */
#undef PC_COMPARE_NC_
#undef PC_COMPARE_B_
#undef PC_COMPARE_OPS
#undef PC_BITWISE_IU_
#undef PC_BITWISE_OPS

#if PCK_K != PCK_KC
#define PC_COMPARE_NC_(UB, BB)                                                                  \
    UB(SIGNBIT, signbit) BB(LESS, less) BB(LESS_EQUAL, less_equal) BB(GREATER, greater)       \
    BB(GREATER_EQUAL, greater_equal)
#else
#define PC_COMPARE_NC_(UB, BB)
#endif
#if PCK_K == PCK_KB
#define PC_COMPARE_B_(UB, BB)                                                                   \
    UB(LOGICAL_NOT, logical_not) BB(LOGICAL_AND, logical_and) BB(LOGICAL_OR, logical_or)      \
    BB(LOGICAL_XOR, logical_xor)
#else
#define PC_COMPARE_B_(UB, BB)
#endif
#define PC_COMPARE_OPS(UB, BB)                                                                  \
    UB(ISNAN, isnan) UB(ISINF, isinf) UB(ISFINITE, isfinite) BB(EQUAL, equal)                 \
    BB(NOT_EQUAL, not_equal) PC_COMPARE_NC_(UB, BB) PC_COMPARE_B_(UB, BB)

#if PCK_K == PCK_KI || PCK_K == PCK_KU
#define PC_BITWISE_IU_(U, B) B(BITWISE_LEFT_SHIFT, bitwise_left_shift) B(BITWISE_RIGHT_SHIFT, bitwise_right_shift)
#else
#define PC_BITWISE_IU_(U, B)
#endif
#if PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU
#define PC_BITWISE_OPS(U, B)                                                                    \
    U(BITWISE_INVERT, bitwise_invert) B(BITWISE_AND, bitwise_and) B(BITWISE_OR, bitwise_or)   \
    B(BITWISE_XOR, bitwise_xor) PC_BITWISE_IU_(U, B)
#else
#define PC_BITWISE_OPS(U, B)
#endif
