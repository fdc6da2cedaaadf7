/*
 * simd.h - portable SIMD through the GCC/Clang vector extensions, for the reduction, search and
 * scan kernels.
 *
 * [Why vector extensions] Horizontal reductions with a condition (NaN-propagating max, argmax)
 * and widening sums (float -> double, int8 -> int64) are not vectorised by the compilers' auto-
 * vectorisers, but written on 64-byte vector types they compile to the machine's widest
 * registers (one AVX-512 register, two AVX2 registers or four SSE registers) with no
 * intrinsics and no per-ISA code. Only element-wise operators, comparisons (giving all-ones
 * masks), bit casts between vectors of equal size and __builtin_convertvector are used.
 */
#ifndef PADDLE_C_KERNELS_CPU_SIMD_H
#define PADDLE_C_KERNELS_CPU_SIMD_H

#include <stdint.h>
#include <string.h>

/* [Why a width per ISA] The conditional reductions (min/max with NaN, argmin/argmax) keep a
 * best value and a position per lane, with compare-and-blend steps; on vectors wider than the
 * machine's registers the compiler splits every step into register-sized halves and spills
 * the lane state, which made max over float32 several times slower on AVX2 than on AVX-512.
 * PC_VBYTES is the register width of the ISA the unit is compiled for (each per-ISA copy of
 * the dispatched families gets its own, see isa_rename.h): 64 with AVX-512, 32 with AVX2, 16
 * otherwise (SSE, NEON). */
#if defined(__AVX512F__) && defined(__AVX512BW__)
#define PC_VBYTES 64
#elif defined(__AVX2__)
#define PC_VBYTES 32
#else
#define PC_VBYTES 16
#endif

/* [Why forced inlining] The min/max/argmin/argmax bodies take the op as a parameter that is a
 * constant at every call site; only when they are inlined does the compiler fold the choice
 * out of the vector loop. */
#define PC_ALWAYS_INLINE static inline __attribute__((always_inline))

/* eight doubles, eight 64-bit integers: the accumulators of widening reductions */
typedef double pc_v8d __attribute__((vector_size(64)));
typedef int64_t pc_v8l __attribute__((vector_size(64)));
typedef uint64_t pc_v8u __attribute__((vector_size(64)));

static inline pc_v8d pc_v8d_splat(double x)
{
    return (pc_v8d){x, x, x, x, x, x, x, x};
}

/* TwoSum on vectors: (s, c) += v with the rounding error of s + v added to c exactly. */
static inline void pc_v8d_twosum(pc_v8d *s, pc_v8d *c, pc_v8d v)
{
    const pc_v8d t = *s + v;
    const pc_v8d bp = t - *s;
    *c += (*s - (t - bp)) + (v - bp);
    *s = t;
}

/* a where mask is all ones, b elsewhere (mask: a comparison result of the same width) */
static inline pc_v8d pc_v8d_select(pc_v8l mask, pc_v8d a, pc_v8d b)
{
    return (pc_v8d)(((pc_v8l)a & mask) | ((pc_v8l)b & ~mask));
}

static inline double pc_v8d_hsum(pc_v8d v)
{
    return ((v[0] + v[4]) + (v[1] + v[5])) + ((v[2] + v[6]) + (v[3] + v[7]));
}

#endif
