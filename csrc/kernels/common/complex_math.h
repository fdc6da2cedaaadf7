/*
 * complex_math.h - paddle_c's own complex elementary functions, the same source on every
 * target (C for the CPU, host + device code under nvcc and hipcc): exp, log, sqrt, pow, the
 * trigonometric and hyperbolic functions and their inverses, for float (pc_cm_expf, ...) and
 * double (pc_cm_exp, ...).
 *
 * Values are passed as a plain pair of parts (pc_cmf, pc_cmd), so the functions depend on no
 * complex type: complex_shim.h wraps them as csqrt, cexp, ... where a target has no library of
 * its own (HIP) or where the build selects them (PC_PORTABLE_COMPLEX).
 *
 * Special values follow C99 Annex G (infinities, NaN, signed zeros, branch cuts); where the
 * standard leaves a sign unspecified the choice is glibc's, so that the CPU's results do not
 * depend on the library. The algorithms (written for paddle_c, after the published methods
 * that FreeBSD's msun also uses):
 *   - exp, sinh, cosh: exp(x) scaled by 2^k near the overflow threshold, so that
 *     exp(x) cis(y) stays finite where the true value is (complex_exp_body.h);
 *   - tanh: Kahan's formula, with the large-|x| limit written out;
 *   - log: log|z| near |z| = 1 as log1p(x^2 + y^2 - 1)/2, the difference summed exactly with
 *     fma products and two-sums (complex_log_body.h); sqrt: CACM algorithm 312 with scaling;
 *   - asinh, asin, acos, acosh: Hull, Fairgrieve and Tang (ACM TOMS 23(3), 1997) with
 *     Montgomery-Smith's f(a, b) for the cancellations near the branch points
 *     (complex_arc_body.h); atanh, atan: log1p(4x / |z - 1|^2) / 4 and atan2, 1/z for large z.
 * The functions of the trigonometric family are their hyperbolic twins rotated by i, as the
 * standard defines them: sin(z) = -i sinh(iz), cos(z) = cosh(iz), tan(z) = -i tanh(iz),
 * asin(z) = -i asinh(iz), atan(z) = -i atanh(iz).
 */
#ifndef PADDLE_C_KERNELS_COMMON_COMPLEX_MATH_H
#define PADDLE_C_KERNELS_COMMON_COMPLEX_MATH_H

#include "elem.h"

typedef struct {
    float re, im;
} pc_cmf;
typedef struct {
    double re, im;
} pc_cmd;

/* float */
#define CM_R float
#define CM_T pc_cmf
#define CM_F(name) pc_cm_##name##f
#define CM_M(fn) fn##f
#define CM_EPS FLT_EPSILON
#define CM_MIN FLT_MIN
#define CM_MAX FLT_MAX
#define CM_SQRT_MIN 0x1p-63f     /* >= sqrt(FLT_MIN) */
#define CM_4_SQRT_MIN 0x1p-61f   /* >= 4 sqrt(FLT_MIN) */
#define CM_SQRT_3_EPS 5.9801995e-4f /* sqrt(3 FLT_EPSILON) */
#define CM_SQRT_6_EPS 8.4572793e-4f /* sqrt(6 FLT_EPSILON) */
#define CM_BIG 9.0f              /* cosh(x) = exp(|x|)/2 to working precision beyond */
#define CM_EXP_OVFL 88.72f       /* exp(x) may overflow beyond */
#define CM_CEXP_OVFL 192.7f      /* exp(x) cis(y) overflows for every y beyond */
#define CM_K 235                 /* exp(x) = exp(x - CM_KLN2) 2^CM_K, CM_KLN2 close to k ln 2 */
#define CM_KLN2 162.88958740234375f
#define CM_SUB_SCALE 0x1p26f     /* 2^(2n): csqrt's scaling of two subnormal parts */
#define CM_SUB_UNSCALE 0x1p-13f  /* 2^-n */
#include "complex_bodies.h"

/* double */
#define CM_R double
#define CM_T pc_cmd
#define CM_F(name) pc_cm_##name
#define CM_M(fn) fn
#define CM_EPS DBL_EPSILON
#define CM_MIN DBL_MIN
#define CM_MAX DBL_MAX
#define CM_SQRT_MIN 0x1p-511
#define CM_4_SQRT_MIN 0x1p-509
#define CM_SQRT_3_EPS 2.5809568279517849e-8
#define CM_SQRT_6_EPS 3.6500241499888571e-8
#define CM_BIG 22.0
#define CM_EXP_OVFL 709.78
#define CM_CEXP_OVFL 1454.9
#define CM_K 1799
#define CM_KLN2 1246.97177782734161156
#define CM_SUB_SCALE 0x1p54
#define CM_SUB_UNSCALE 0x1p-27
#include "complex_bodies.h"

#endif
