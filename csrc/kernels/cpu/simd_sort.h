/*
 * simd_sort.h - the vectorised in-place sort of signed 32-bit and 64-bit keys (simd_sort.c),
 * present in the ISA variants that have AVX2 (PC_SIMD_SORT is 1 there, 0 in the baseline).
 *
 * The sort is not stable: callers use it where equal keys are indistinguishable (the values of
 * a sort, whose keys map one to one to the elements' bit patterns; sort_impl.h).
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

#endif
