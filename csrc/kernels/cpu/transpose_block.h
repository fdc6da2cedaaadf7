/*
 * transpose_block.h - small square transposes in vector registers for the blocked transposing
 * copy (copy_impl.h): 4 x 4 elements of 4 bytes, 2 x 2 of 8 bytes, on the SSE2 registers every
 * x86-64 CPU has (element by element through memcpy elsewhere).
 *
 * A block's rows are read from `src` (row k at src + k * ss bytes) and its columns written as
 * rows of `dst` (row k at dst + k * ds bytes). The moves are bitwise (shuffles, no arithmetic),
 * so every bit pattern (NaN payloads, -0.0) is copied unchanged.
 */
#ifndef PADDLE_C_KERNELS_CPU_TRANSPOSE_BLOCK_H
#define PADDLE_C_KERNELS_CPU_TRANSPOSE_BLOCK_H

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>

static inline void pc_transpose_4x4_b32(char *dst, int64_t ds, const char *src, int64_t ss)
{
    const __m128i r0 = _mm_loadu_si128((const __m128i *)(const void *)src);
    const __m128i r1 = _mm_loadu_si128((const __m128i *)(const void *)(src + ss));
    const __m128i r2 = _mm_loadu_si128((const __m128i *)(const void *)(src + 2 * ss));
    const __m128i r3 = _mm_loadu_si128((const __m128i *)(const void *)(src + 3 * ss));
    const __m128i a = _mm_unpacklo_epi32(r0, r1);   /* 00 10 01 11 */
    const __m128i b = _mm_unpacklo_epi32(r2, r3);   /* 20 30 21 31 */
    const __m128i c = _mm_unpackhi_epi32(r0, r1);   /* 02 12 03 13 */
    const __m128i d = _mm_unpackhi_epi32(r2, r3);   /* 22 32 23 33 */
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_unpacklo_epi64(a, b));
    _mm_storeu_si128((__m128i *)(void *)(dst + ds), _mm_unpackhi_epi64(a, b));
    _mm_storeu_si128((__m128i *)(void *)(dst + 2 * ds), _mm_unpacklo_epi64(c, d));
    _mm_storeu_si128((__m128i *)(void *)(dst + 3 * ds), _mm_unpackhi_epi64(c, d));
}

static inline void pc_transpose_2x2_b64(char *dst, int64_t ds, const char *src, int64_t ss)
{
    const __m128i r0 = _mm_loadu_si128((const __m128i *)(const void *)src);
    const __m128i r1 = _mm_loadu_si128((const __m128i *)(const void *)(src + ss));
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_unpacklo_epi64(r0, r1));
    _mm_storeu_si128((__m128i *)(void *)(dst + ds), _mm_unpackhi_epi64(r0, r1));
}
#else
static inline void pc_transpose_4x4_b32(char *dst, int64_t ds, const char *src, int64_t ss)
{
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++) {
            memcpy(dst + c * ds + 4 * r, src + r * ss + 4 * c, 4);
        }
    }
}

static inline void pc_transpose_2x2_b64(char *dst, int64_t ds, const char *src, int64_t ss)
{
    for (int r = 0; r < 2; r++) {
        for (int c = 0; c < 2; c++) {
            memcpy(dst + c * ds + 8 * r, src + r * ss + 8 * c, 8);
        }
    }
}
#endif

#endif
