/*
 * arith_ops.h - the arithmetic element functions (arith_elem.h) that exist for the kind of
 * dtype PCK_N, as one X-list for every target's registration:
 *
 *   PC_ARITH_OPS(U, R, B)   U(ID, name): unary, output of the same dtype
 *                           R(ID, name): unary, output of the real dtype (complex -> real)
 *                           B(ID, name): binary, output of the same dtype
 *
 * Which kinds each function has is elementwise.def's statement (ew_kinds.h: PC_EW_IF).
 * Included once per dtype (no include guard); the list is redefined for each kind.
 */
#include "ew_kinds.h"

#undef PC_ARITH_OPS
#define PC_ARITH_OPS(U, R, B)                                                                   \
    PC_EW_IF(ABS, R(ABS, abs)) PC_EW_IF(REAL, R(REAL, real)) PC_EW_IF(IMAG, R(IMAG, imag))      \
    PC_EW_IF(CONJ, U(CONJ, conj)) PC_EW_IF(ADD, B(ADD, add))                                    \
    PC_EW_IF(MULTIPLY, B(MULTIPLY, multiply)) PC_EW_IF(NEGATIVE, U(NEGATIVE, negative))         \
    PC_EW_IF(POSITIVE, U(POSITIVE, positive)) PC_EW_IF(SQUARE, U(SQUARE, square))               \
    PC_EW_IF(SIGN, U(SIGN, sign)) PC_EW_IF(ROUND, U(ROUND, round))                              \
    PC_EW_IF(SUBTRACT, B(SUBTRACT, subtract)) PC_EW_IF(POW, B(POW, pow))                        \
    PC_EW_IF(RECIPROCAL, U(RECIPROCAL, reciprocal)) PC_EW_IF(DIVIDE, B(DIVIDE, divide))         \
    PC_EW_IF(FLOOR, U(FLOOR, floor)) PC_EW_IF(CEIL, U(CEIL, ceil))                              \
    PC_EW_IF(TRUNC, U(TRUNC, trunc)) PC_EW_IF(FRAC, U(FRAC, frac))                              \
    PC_EW_IF(FLOOR_DIVIDE, B(FLOOR_DIVIDE, floor_divide))                                       \
    PC_EW_IF(REMAINDER, B(REMAINDER, remainder)) PC_EW_IF(MAXIMUM, B(MAXIMUM, maximum))         \
    PC_EW_IF(MINIMUM, B(MINIMUM, minimum))
