/*
 * where_loop.h - the where(cond, x1, x2) loop for elements of WH_BYTES bytes (a template:
 * included once per element size by compare.c, no include guard). WH_T is an unsigned integer
 * type of that size (two of them, WH_PARTS = 2, for 16-byte complex128).
 *
 * [Why where works on bits] Selecting whole elements by a mask built from the condition,
 * (a & m) | (b & ~m), is exact for every dtype of the size (NaN payloads and signed zeros
 * included) and vectorises; `c ? a[i] : b[i]` reads memory conditionally, which GCC does not
 * vectorise. The condition is read as bytes: GCC does not widen `bool` vectors to 64-bit
 * masks, but does widen uint8_t.
 * Operands: bool condition, x1, x2, out; all four advance together.
 */
#define WH_FN PCK_CAT(where_, WH_BYTES)
#define WH_RUN PCK_CAT(where_run_, WH_BYTES)

/* The contiguous case; `sa`/`sb` are WH_PARTS (contiguous) or 0 (a broadcast scalar), passed
 * as constants so that each call site compiles to its own vectorised loop. */
static inline void WH_RUN(const uint8_t *restrict c, const WH_T *restrict a,
                          const WH_T *restrict b, WH_T *restrict out, int64_t n, int64_t sa,
                          int64_t sb)
{
    for (int64_t i = 0; i < n; i++) {
        const WH_T m = (WH_T)(0u - (WH_T)c[i]);
        for (int p = 0; p < WH_PARTS; p++) {
            out[WH_PARTS * i + p] = (WH_T)((a[sa * i + p] & m) | (b[sb * i + p] & ~m));
        }
    }
}

static int WH_FN(const pc_loop_ctx *ctx, char *const *data, int64_t n, const int64_t *s)
{
    (void)ctx;
    const int64_t es = WH_BYTES;
    if (s[0] == 1 && s[3] == es && (s[1] == es || s[1] == 0) && (s[2] == es || s[2] == 0)) {
        const uint8_t *c = (const uint8_t *)data[0]; /* bools are 0 or 1 (tensor.h) */
        const WH_T *a = (const WH_T *)data[1];
        const WH_T *b = (const WH_T *)data[2];
        WH_T *out = (WH_T *)data[3];
        if (s[1] != 0 && s[2] != 0) {
            WH_RUN(c, a, b, out, n, WH_PARTS, WH_PARTS);
        } else if (s[1] == 0 && s[2] != 0) {
            WH_RUN(c, a, b, out, n, 0, WH_PARTS);
        } else if (s[1] != 0) {
            WH_RUN(c, a, b, out, n, WH_PARTS, 0);
        } else {
            WH_RUN(c, a, b, out, n, 0, 0);
        }
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        const bool c = PCK_AT(const bool, data[0], i, s[0]);
        memcpy(data[3] + i * s[3], c ? data[1] + i * s[1] : data[2] + i * s[2], WH_BYTES);
    }
    return 0;
}

#undef WH_RUN
#undef WH_FN
#undef WH_T
#undef WH_BYTES
#undef WH_PARTS
