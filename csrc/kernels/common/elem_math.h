/*
 * elem_math.h - what element functions of every family use for the dtype being instantiated
 * (PCK_N): the wrap-around types of integer arithmetic, the parts of complex values, the libm
 * function of the compute precision, the sign bit. Guarded; included once per translation unit.
 */
#ifndef PADDLE_C_KERNELS_COMMON_ELEM_MATH_H
#define PADDLE_C_KERNELS_COMMON_ELEM_MATH_H

#include "dtype_params.h"

/* [Why integer arithmetic goes through unsigned types] Signed overflow is undefined in C, but
 * the standard (and every array library) wraps around. Computing in the unsigned type of at
 * least the same width and converting back wraps without undefined behaviour and vectorises
 * the same. 8- and 16-bit values use `unsigned int`: in their own unsigned types they would be
 * promoted to (signed) int, where 65535 * 65535 overflows. */
#define EW_WT_INT8 unsigned int
#define EW_WT_INT16 unsigned int
#define EW_WT_INT32 uint32_t
#define EW_WT_INT64 uint64_t
#define EW_WT_UINT8 unsigned int
#define EW_WT_UINT16 unsigned int
#define EW_WT_UINT32 uint32_t
#define EW_WT_UINT64 uint64_t
/* the wrap type of the dtype being instantiated (integers only) */
#define EW_WT PCK_CAT(EW_WT_, PCK_N)

/* Parts of a complex compute value, and building one (complex dtypes only). */
#define EW_RE_COMPLEX64(z) crealf(z)
#define EW_IM_COMPLEX64(z) cimagf(z)
#define EW_CX_COMPLEX64(re, im) CMPLXF(re, im)
#define EW_RE_COMPLEX128(z) creal(z)
#define EW_IM_COMPLEX128(z) cimag(z)
#define EW_CX_COMPLEX128(re, im) CMPLX(re, im)
#define EW_RE(z) PCK_CAT(EW_RE_, PCK_N)(z)
#define EW_IM(z) PCK_CAT(EW_IM_, PCK_N)(z)
#define EW_CX(re, im) PCK_CAT(EW_CX_, PCK_N)(re, im)

/* The libm function of the compute precision: EW_M(floor) is floorf for float32 (and for
 * float16/bfloat16, which compute in float32 and complex64, whose parts are float32), floor
 * for float64 and complex128. Real floating and complex dtypes only. */
#define EW_SFX_FLOAT16 f
#define EW_SFX_BFLOAT16 f
#define EW_SFX_FLOAT32 f
#define EW_SFX_FLOAT64
#define EW_SFX_COMPLEX64 f
#define EW_SFX_COMPLEX128
#ifdef __OPENCL_C_VERSION__
/* OpenCL C's math built-ins are overloaded on the argument's precision */
#define EW_M(fn) fn
#else
#define EW_M(fn) PCK_CAT(fn, PCK_CAT(EW_SFX_, PCK_N))
#endif

/* [Why signbit through the bits] signbit() of float16 values widened to float32 makes GCC 12
 * fail to compile the vectorised loop; reading the sign bit directly vectorises everywhere. */
PC_ELEM bool ew_signbitf(float x) { return (pc_f32_to_bits(x) >> 31) != 0; }
PC_ELEM bool ew_signbit(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return (b >> 63) != 0;
}

/* Bits of an integer dtype (shift counts). */
#define EW_BITS ((int)(8 * sizeof(PCK_T)))

#endif
