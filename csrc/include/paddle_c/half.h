/*
 * half.h - float16 and bfloat16 storage types and their conversions.
 *
 * Both are 16-bit storage formats; arithmetic happens in float32 (rounded once on the way back).
 * Conversions into the narrow formats round to nearest, ties to even, handle subnormals,
 * infinities and NaN, and round float64 sources once (never through float32: that would round
 * twice). Header-only so that kernels inline them.
 */
#ifndef PADDLE_C_HALF_H
#define PADDLE_C_HALF_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Host code everywhere; host and device code under nvcc/hipcc (the GPU kernels convert with
 * these same functions, so every backend rounds alike). */
#if defined(__CUDACC__) || defined(__HIPCC__)
#define PC_HALF_FN static __host__ __device__ inline
#else
#define PC_HALF_FN static inline
#endif

/* [Why structs] Wrapping the bits in distinct structs keeps float16 and bfloat16 apart in type-
 * generic code and forbids accidental integer arithmetic on them. */
typedef struct pc_half { uint16_t bits; } pc_half;
typedef struct pc_bhalf { uint16_t bits; } pc_bhalf;

/* Round a double to a binary format with `mbits` mantissa and `ebits` exponent bits (IEEE
 * layout, sign on top); returns the bit pattern. */
PC_HALF_FN uint32_t pc__narrow_from_f64(double d, int mbits, int ebits)
{
    const int bias = (1 << (ebits - 1)) - 1;
    const int emin = 1 - bias;
    const uint32_t inf = ((1u << ebits) - 1u) << mbits;
    uint64_t x;
    memcpy(&x, &d, sizeof x);
    const uint32_t sign = (x >> 63) ? (1u << (mbits + ebits)) : 0u;
    const uint64_t ax = x & ~(UINT64_C(1) << 63);
    if (ax >= UINT64_C(0x7ff0000000000000)) {
        /* infinity keeps its sign; NaN becomes a quiet NaN */
        return sign | inf | (ax != UINT64_C(0x7ff0000000000000) ? (1u << (mbits - 1)) : 0u);
    }
    const int e = (int)(ax >> 52) - 1023;
    if (e > bias) {
        return sign | inf;
    }
    const uint64_t full = (ax & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
    int shift = 52 - mbits;
    uint64_t base = 0;
    if (e >= emin) {
        /* the implicit bit of `full` adds the last 1 to the exponent field */
        base = (uint64_t)(e + bias - 1) << mbits;
    } else {
        if (e < emin - mbits - 1) {
            return sign; /* below half the smallest subnormal */
        }
        shift += emin - e;
    }
    uint64_t q = full >> shift;
    const uint64_t rem = full & ((UINT64_C(1) << shift) - 1);
    const uint64_t halfway = UINT64_C(1) << (shift - 1);
    q += base;
    if (rem > halfway || (rem == halfway && (q & 1))) {
        q += 1; /* may carry into the exponent, up to infinity: both correct */
    }
    return sign | (uint32_t)q;
}

PC_HALF_FN float pc_f32_from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

PC_HALF_FN uint32_t pc_f32_to_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

PC_HALF_FN float pc_half_to_float(pc_half h)
{
#if defined(__FLT16_MANT_DIG__) && !defined(__cplusplus) && !defined(__CUDACC__)
    _Float16 v;
    memcpy(&v, &h.bits, sizeof v);
    return (float)v;
#else
    const uint32_t sign = (uint32_t)(h.bits & 0x8000u) << 16;
    const uint32_t e = (h.bits >> 10) & 0x1fu;
    const uint32_t m = h.bits & 0x3ffu;
    if (e == 0x1fu) {
        return pc_f32_from_bits(sign | 0x7f800000u | (m << 13));
    }
    if (e == 0) {
        const float f = (float)m * 0x1p-24f; /* zero or subnormal, exact */
        return sign ? -f : f;
    }
    return pc_f32_from_bits(sign | ((e + 112u) << 23) | (m << 13));
#endif
}

PC_HALF_FN pc_half pc_half_from_double(double d)
{
    pc_half h;
#if defined(__FLT16_MANT_DIG__) && !defined(__cplusplus) && !defined(__CUDACC__)
    _Float16 v = (_Float16)d;
    memcpy(&h.bits, &v, sizeof v);
#else
    h.bits = (uint16_t)pc__narrow_from_f64(d, 10, 5);
#endif
    return h;
}

PC_HALF_FN pc_half pc_half_from_float(float f)
{
#if defined(__FLT16_MANT_DIG__) && !defined(__cplusplus) && !defined(__CUDACC__)
    pc_half h;
    _Float16 v = (_Float16)f;
    memcpy(&h.bits, &v, sizeof v);
    return h;
#else
    return pc_half_from_double((double)f); /* exact widening, then one rounding */
#endif
}

PC_HALF_FN float pc_bhalf_to_float(pc_bhalf b)
{
    return pc_f32_from_bits((uint32_t)b.bits << 16);
}

PC_HALF_FN pc_bhalf pc_bhalf_from_float(float f)
{
    pc_bhalf b;
    uint32_t x = pc_f32_to_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) {
        b.bits = (uint16_t)((x >> 16) | 0x40u); /* quiet NaN */
        return b;
    }
    x += 0x7fffu + ((x >> 16) & 1u); /* round to nearest even on the dropped half */
    b.bits = (uint16_t)(x >> 16);
    return b;
}

PC_HALF_FN pc_bhalf pc_bhalf_from_double(double d)
{
    pc_bhalf b;
    b.bits = (uint16_t)pc__narrow_from_f64(d, 7, 8);
    return b;
}

#ifdef __cplusplus
}
#endif
#endif
