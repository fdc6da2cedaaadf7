/*
 * sort_simd_arg.h - the indices of a stable sort of 64-bit keys through the vectorised
 * quicksort of simd_sort.c (variants with AVX2). Included once by sort.c.
 *
 * [Why packed words] The quicksort is not stable and moves single words, so each key travels
 * with its index in one word: (key - min) >> s in the high bits, the index in the low b bits
 * (2^b > the largest index). Sorting the words orders by the key's high bits, then by index:
 * exactly the stable order when s is 0 (the keys' range fits the high bits). When s > 0, keys
 * that differ only in the s dropped bits fall into one run of equal high bits; such runs are
 * put in order by the full key with a stable insertion sort (in index order on entry). Runs
 * longer than SA_RUN_MAX mean the keys cluster below the resolution (a few distant outliers
 * and a dense block); the function then gives up and the caller's radix sort takes the lane.
 */
#define SA_RUN_MAX 32

/* k: the n keys (unsigned order); idx: receives the n indices in stable sorted order.
 * Returns false (idx clobbered) to leave the lane to the radix sort. */
static bool so_simd_arg64(const uint64_t *k, int64_t n, uint64_t *idx)
{
    int b = 1;
    while (b < 32 && ((int64_t)1 << b) < n) {
        b++;
    }
    if (((int64_t)1 << b) < n) {
        return false;
    }
    uint64_t lo = k[0];
    uint64_t hi = k[0];
    for (int64_t i = 1; i < n; i++) {
        lo = k[i] < lo ? k[i] : lo;
        hi = k[i] > hi ? k[i] : hi;
    }
    const uint64_t range = hi - lo;
    const int len = range == 0 ? 0 : 64 - __builtin_clzll(range);
    const int s = len > 64 - b ? len - (64 - b) : 0;
    const uint64_t sign = (uint64_t)1 << 63;
    const uint64_t low = ((uint64_t)1 << b) - 1;
    for (int64_t i = 0; i < n; i++) {
        idx[i] = ((((k[i] - lo) >> s) << b) | (uint64_t)i) ^ sign;
    }
    pc_simd_sort_i64((int64_t *)idx, n);
    int64_t r0 = 0;
    for (int64_t i = 0; i < n; i++) {
        const uint64_t w = idx[i] ^ sign;
        idx[i] = w & low;
        if (s == 0) {
            continue;
        }
        /* the run [r0, i] of equal high bits ends at i when the next word differs there */
        const bool ends = i + 1 == n || ((idx[i + 1] ^ sign) >> b) != (w >> b);
        if (!ends) {
            continue;
        }
        if (i - r0 + 1 > SA_RUN_MAX) {
            return false;
        }
        for (int64_t a = r0 + 1; a <= i; a++) {
            const uint64_t v = idx[a];
            int64_t j = a;
            while (j > r0 && k[idx[j - 1]] > k[v]) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = v;
        }
        r0 = i + 1;
    }
    return true;
}

#undef SA_RUN_MAX
