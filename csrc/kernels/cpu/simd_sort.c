/*
 * simd_sort.c - a vectorised quicksort of signed 32-bit and 64-bit keys on AVX2 or AVX-512
 * registers (the shape of x86-simd-sort's): a partition that moves each vector's lanes below
 * the pivot first (a permutation from simd_sort_perm.h, or a compress with AVX-512) and stores
 * them at both write fronts, bitonic sorting networks for blocks of up to 16 vectors, and a
 * heapsort where the partitions keep coming out lopsided (bounded depth, so n log n in every
 * case).
 *
 * Compiled in the AVX2 variant (256-bit registers) and the AVX-512 variant (512-bit registers,
 * the partition by register compress instead of the permutation table); the file is empty in
 * the baseline. simd_sort_impl.h is the algorithm, included once per key width, and once more
 * for float64 in the AVX2 variant (simd_sort.h says why).
 */
#include "simd_sort.h"

#if PC_SIMD_SORT
#include <immintrin.h>
#include <math.h>
#include <stdbool.h>

#include "simd_sort_perm.h"

#define SS_BITS 32
#include "simd_sort_impl.h"
#undef SS_BITS

#define SS_BITS 64
#include "simd_sort_impl.h"
#undef SS_BITS

#if PC_SIMD_SORT_F64
#define SS_BITS 64
#define SS_FLOAT 1
#include "simd_sort_impl.h"
#undef SS_FLOAT
#undef SS_BITS
#endif

#endif
