/*
 * simd_sort.c - a vectorised quicksort of signed 32-bit and 64-bit keys on AVX2 registers
 * (the shape of x86-simd-sort's): a partition that permutes each vector so that its lanes
 * below the pivot come first (simd_sort_perm.h) and stores it at both write fronts, bitonic
 * sorting networks for blocks of up to 16 vectors, and a heapsort where the partitions keep
 * coming out lopsided (bounded depth, so n log n in every case).
 *
 * Compiled in the AVX2 and AVX-512 variants (both run the 256-bit code; the file is empty in
 * the baseline). simd_sort_impl.h is the algorithm, included once per key width.
 */
#include "simd_sort.h"

#if PC_SIMD_SORT
#include <immintrin.h>
#include <stdbool.h>
#include <string.h>

#include "simd_sort_perm.h"

/* The permutation that moves the lanes of a 0/-1 lane mask (as 8 bits of 32-bit lanes)
 * whose bit is set to the end. */
static inline __m256i ss_perm(unsigned ge8)
{
    return _mm256_load_si256((const __m256i *)pc_simd_sort_perm[ge8]);
}

#define SS_BITS 32
#include "simd_sort_impl.h"
#undef SS_BITS

#define SS_BITS 64
#include "simd_sort_impl.h"
#undef SS_BITS

#endif
