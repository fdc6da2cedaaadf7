/*
 * arith_ops.h - which arithmetic element functions (arith_elem.h) exist for the kind of dtype
 * PCK_N, as one X-list for every target's registration:
 *
 *   PC_ARITH_OPS(U, R, B)   U(ID, name): unary, output of the same dtype
 *                           R(ID, name): unary, output of the real dtype (complex -> real)
 *                           B(ID, name): binary, output of the same dtype
 *
 * Included once per dtype (no include guard); the list is redefined for each kind.
 */
#undef PC_ARITH_NB_
#undef PC_ARITH_FC_
#undef PC_ARITH_IUF_
#undef PC_ARITH_NC_
#undef PC_ARITH_OPS

#if PCK_K != PCK_KB
#define PC_ARITH_NB_(U, B)                                                                      \
    U(NEGATIVE, negative) U(POSITIVE, positive) U(SQUARE, square) U(SIGN, sign)               \
    U(ROUND, round) B(SUBTRACT, subtract) B(POW, pow)
#else
#define PC_ARITH_NB_(U, B)
#endif

#if PCK_K == PCK_KF || PCK_K == PCK_KC
#define PC_ARITH_FC_(U, B) U(RECIPROCAL, reciprocal) B(DIVIDE, divide)
#else
#define PC_ARITH_FC_(U, B)
#endif

#if PCK_K == PCK_KI || PCK_K == PCK_KU || PCK_K == PCK_KF
#define PC_ARITH_IUF_(U, B)                                                                     \
    U(FLOOR, floor) U(CEIL, ceil) U(TRUNC, trunc) U(FRAC, frac) B(FLOOR_DIVIDE, floor_divide)   \
    B(REMAINDER, remainder)
#else
#define PC_ARITH_IUF_(U, B)
#endif

#if PCK_K != PCK_KC
#define PC_ARITH_NC_(U, B) B(MAXIMUM, maximum) B(MINIMUM, minimum)
#else
#define PC_ARITH_NC_(U, B)
#endif

#define PC_ARITH_OPS(U, R, B)                                                                   \
    R(ABS, abs) R(REAL, real) R(IMAG, imag) U(CONJ, conj) B(ADD, add) B(MULTIPLY, multiply)   \
    PC_ARITH_NB_(U, B) PC_ARITH_FC_(U, B) PC_ARITH_IUF_(U, B) PC_ARITH_NC_(U, B)
