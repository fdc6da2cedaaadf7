/*
 * radix.h - stable sorting primitives on unsigned 64-bit words, shared by the sort, argsort,
 * unique and selection kernels: LSD radix sort (8-bit digits) of packed items and of
 * key/payload pairs, and insertion sorts for short runs.
 *
 * [Why LSD radix] Keys of every real dtype map to unsigned integers whose order is the
 * dtype's order (kernels/common/sort_key.h), so a sort is a few linear passes with no
 * comparisons and no data-dependent branches; it is stable by construction, which the standard requires by
 * default. Digits on which every key agrees are skipped (one histogram pass computes all
 * digits), so small-range keys cost fewer passes.
 */
#ifndef PADDLE_C_KERNELS_CPU_RADIX_H
#define PADDLE_C_KERNELS_CPU_RADIX_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* below this many items an insertion sort beats the radix passes */
#define PC_RADIX_MIN 64

/* Stable sort of a[0..n) (n > 0) by the bits [lo, lo + bits) of each item (bits a multiple of
 * 8, at most 64 - lo).
 * `tmp` has room for n items. Returns the array that holds the result (a or tmp). */
static inline uint64_t *pc_radix_sort_u64(uint64_t *a, uint64_t *tmp, int64_t n, int lo,
                                          int bits)
{
    const int nd = bits / 8;
    int64_t cnt[8][256];
    memset(cnt, 0, sizeof(int64_t) * 256 * (size_t)nd);
    for (int64_t i = 0; i < n; i++) {
        const uint64_t k = a[i] >> lo;
        for (int d = 0; d < nd; d++) {
            cnt[d][(k >> (8 * d)) & 255]++;
        }
    }
    uint64_t *src = a;
    uint64_t *dst = tmp;
    for (int d = 0; d < nd; d++) {
        const int shift = lo + 8 * d;
        if (cnt[d][(src[0] >> shift) & 255] == n) {
            continue;   /* every item has the same digit: the pass would copy */
        }
        int64_t off[256];
        int64_t sum = 0;
        for (int b = 0; b < 256; b++) {
            off[b] = sum;
            sum += cnt[d][b];
        }
        for (int64_t i = 0; i < n; i++) {
            const uint64_t v = src[i];
            dst[off[(v >> shift) & 255]++] = v;
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    return src;
}

/* Stable sort of the pairs (k[i], v[i]) by the whole 64-bit key. tk/tv have room for n.
 * On return *k and *v point at the arrays holding the result. */
static inline void pc_radix_sort_kv(uint64_t **k, uint64_t **v, uint64_t *tk, uint64_t *tv,
                                    int64_t n)
{
    int64_t cnt[8][256];
    memset(cnt, 0, sizeof cnt);
    uint64_t *sk = *k;
    uint64_t *sv = *v;
    for (int64_t i = 0; i < n; i++) {
        const uint64_t key = sk[i];
        for (int d = 0; d < 8; d++) {
            cnt[d][(key >> (8 * d)) & 255]++;
        }
    }
    for (int d = 0; d < 8; d++) {
        const int shift = 8 * d;
        if (cnt[d][(sk[0] >> shift) & 255] == n) {
            continue;
        }
        int64_t off[256];
        int64_t sum = 0;
        for (int b = 0; b < 256; b++) {
            off[b] = sum;
            sum += cnt[d][b];
        }
        for (int64_t i = 0; i < n; i++) {
            const int64_t at = off[(sk[i] >> shift) & 255]++;
            tk[at] = sk[i];
            tv[at] = sv[i];
        }
        uint64_t *t = sk;
        sk = tk;
        tk = t;
        t = sv;
        sv = tv;
        tv = t;
    }
    *k = sk;
    *v = sv;
}

/* Stable insertion sort of a[0..n) by the item's bits from `lo` upward. */
static inline void pc_insertion_sort_u64(uint64_t *a, int64_t n, int lo)
{
    for (int64_t i = 1; i < n; i++) {
        const uint64_t v = a[i];
        const uint64_t key = v >> lo;
        int64_t j = i;
        while (j > 0 && (a[j - 1] >> lo) > key) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* Stable insertion sort of the pairs (k[i], v[i]) by k. */
static inline void pc_insertion_sort_kv(uint64_t *k, uint64_t *v, int64_t n)
{
    for (int64_t i = 1; i < n; i++) {
        const uint64_t key = k[i];
        const uint64_t val = v[i];
        int64_t j = i;
        while (j > 0 && k[j - 1] > key) {
            k[j] = k[j - 1];
            v[j] = v[j - 1];
            j--;
        }
        k[j] = key;
        v[j] = val;
    }
}

#endif
