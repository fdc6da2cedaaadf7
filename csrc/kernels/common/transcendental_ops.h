/*
 * transcendental_ops.h - the transcendental family as X-lists for every target's registration:
 * the unary functions with a real floating (transcendental_elem.h) and a complex
 * (complex_elem.h) element function, and the binary ones (real floating only).
 */
#ifndef PADDLE_C_KERNELS_COMMON_TRANSCENDENTAL_OPS_H
#define PADDLE_C_KERNELS_COMMON_TRANSCENDENTAL_OPS_H

#define PC_TRANSCENDENTAL_UNARY(X)                                                              \
    X(SQRT, sqrt) X(EXP, exp) X(EXPM1, expm1) X(LOG, log) X(LOG1P, log1p) X(LOG2, log2)         \
    X(LOG10, log10) X(SIN, sin) X(COS, cos) X(TAN, tan) X(ASIN, asin) X(ACOS, acos)             \
    X(ATAN, atan) X(SINH, sinh) X(COSH, cosh) X(TANH, tanh) X(ASINH, asinh) X(ACOSH, acosh)     \
    X(ATANH, atanh)

#define PC_TRANSCENDENTAL_BINARY(X)                                                             \
    X(ATAN2, atan2) X(HYPOT, hypot) X(COPYSIGN, copysign) X(NEXTAFTER, nextafter)             \
    X(LOGADDEXP, logaddexp)

#endif
