/*
 * simd_sort.h - the vectorised in-place sort of signed 32-bit and 64-bit keys (simd_sort.c),
 * present in the ISA variants that have AVX2 (PC_SIMD_SORT is 1 there, 0 in the baseline).
 *
 * The sort is not stable: callers use it where equal keys are indistinguishable (the values of
 * a sort, whose keys map one to one to the elements' bit patterns; sort_impl.h).
 *
 * [Why a float64 sort in the AVX2 variant] AVX2 has no 64-bit integer min/max (a compare and a
 * blend each), but it has vminpd/vmaxpd and ordered double compares: float64 lanes (no NaN, and
 * not both -0.0 and +0.0, which compare equal) are sorted as doubles, which takes fewer
 * instructions per comparator than their integer keys would. AVX-512 has 64-bit integer
 * min/max, so that variant sorts float64 as integer keys (PC_SIMD_SORT_F64 is 0 there).
 */
#ifndef PADDLE_C_KERNELS_CPU_SIMD_SORT_H
#define PADDLE_C_KERNELS_CPU_SIMD_SORT_H

#include <stdint.h>

#if defined(__AVX2__)
#define PC_SIMD_SORT 1
/* Sort a[0..n) ascending in place (n >= 0). */
void pc_simd_sort_i32(int32_t *a, int64_t n);
void pc_simd_sort_i64(int64_t *a, int64_t n);
#else
#define PC_SIMD_SORT 0
#endif

#if defined(__AVX2__) && !defined(__AVX512F__)
#define PC_SIMD_SORT_F64 1
/* [Why a may_alias double] The caller's keys are int64 words (the bit patterns it maps and maps
 * back); sorted as doubles here, they are read and written through a type that may alias them. */
typedef double pc_sort_f64 __attribute__((may_alias));
/* Sort a[0..n) ascending in place: no NaN, and not both -0.0 and +0.0. */
void pc_simd_sort_f64(pc_sort_f64 *a, int64_t n);
#else
#define PC_SIMD_SORT_F64 0
#endif

#endif
