/*
 * copy_impl.h - copy and fill loops for dtype PCK_N. Included by copy.c through each_dtype.h.
 * No include guard.
 */
static int PCK_FN(copy)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                        const int64_t *strides)
{
    (void)ctx;
    const char *src = data[0];
    char *dst = data[1];
    const int64_t ss = strides[0];
    const int64_t ds = strides[1];
    if (ss == (int64_t)sizeof(PCK_T) && ds == (int64_t)sizeof(PCK_T)) {
        memmove(dst, src, (size_t)n * sizeof(PCK_T));
    } else if (ss == 0) {
        const PCK_T v = *(const PCK_T *)src;
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, dst, i, ds) = v;
        }
    } else if (ds == (int64_t)sizeof(PCK_T)) {
        /* [Why unrolled] a gather into a contiguous row (a strided view made contiguous): four
         * loads from one base per step, so the address arithmetic is shared and the loads
         * issue together; the stores land in order */
        PCK_T *d = (PCK_T *)dst;
        int64_t i = 0;
        for (; i + 4 <= n; i += 4) {
            const char *s = src + i * ss;
            const PCK_T a0 = *(const PCK_T *)(const void *)s;
            const PCK_T a1 = *(const PCK_T *)(const void *)(s + ss);
            const PCK_T a2 = *(const PCK_T *)(const void *)(s + 2 * ss);
            const PCK_T a3 = *(const PCK_T *)(const void *)(s + 3 * ss);
            d[i] = a0;
            d[i + 1] = a1;
            d[i + 2] = a2;
            d[i + 3] = a3;
        }
        for (; i < n; i++) {
            d[i] = PCK_AT(const PCK_T, src, i, ss);
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, dst, i, ds) = PCK_AT(const PCK_T, src, i, ss);
        }
    }
    return 0;
}

/* params: the fill value, already in this dtype's storage format */
static int PCK_FN(fill)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                        const int64_t *strides)
{
    PCK_T v;
    memcpy(&v, ctx->params, sizeof v);
    char *dst = data[0];
    const int64_t ds = strides[0];
    if (ds == (int64_t)sizeof(PCK_T)) {
        PCK_T *restrict b = (PCK_T *)dst;
        for (int64_t i = 0; i < n; i++) {
            b[i] = v;
        }
    } else {
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, dst, i, ds) = v;
        }
    }
    return 0;
}

/* De-interleave k channels: dst row c receives src[i * k + c]. Inlined with a constant k so
 * the compiler turns the grouped loads into vector shuffles. */
static inline void PCK_FN(deinterleave)(char *dst, int64_t ds1, const char *src, int64_t n,
                                        int k)
{
    const PCK_T *restrict s = (const PCK_T *)src;
    for (int c = 0; c < k; c++) {
        PCK_T *restrict d = (PCK_T *)(dst + c * ds1);
        for (int64_t i = 0; i < n; i++) {
            d[i] = s[i * k + c];
        }
    }
}

/* The interleaved source of HWC -> CHW image layouts: k <= 4 channels, each plane row read
 * with stride k. Done in blocks so the source block is read from cache k times. */
static bool PCK_FN(copy_channels)(const pc_plane_params *p)
{
    const int64_t item = (int64_t)sizeof(PCK_T);
    const int64_t k = p->n1;
    if (k < 2 || k > 4 || p->ss1 != item || p->ss0 != k * item || p->ds0 != item) {
        return false;
    }
    const int64_t block = 4096 / item;
    for (int64_t i0 = 0; i0 < p->n0; i0 += block) {
        const int64_t m = i0 + block < p->n0 ? block : p->n0 - i0;
        char *d = p->dst + i0 * item;
        const char *s = p->src + i0 * k * item;
        switch (k) {
        case 2:
            PCK_FN(deinterleave)(d, p->ds1, s, m, 2);
            break;
        case 3:
            PCK_FN(deinterleave)(d, p->ds1, s, m, 3);
            break;
        default:
            PCK_FN(deinterleave)(d, p->ds1, s, m, 4);
            break;
        }
    }
    return true;
}

/* The blocks of B x B elements (B = 16 bytes / item; transpose_block.h) of the tile
 * [j0, je) x [i0, i0 + m) of a plain transpose (source rows along j, destination rows along
 * i, both contiguous), m a multiple of B. Returns the first j left to the scalar loop. */
static int64_t PCK_FN(copy_tile_blocks)(const pc_plane_params *p, int64_t j0, int64_t je,
                                        int64_t i0, int64_t m)
{
    const int64_t item = (int64_t)sizeof(PCK_T);
    if ((item == 4 || item == 8) && p->ss1 == item && p->ds0 == item && m % (16 / item) == 0) {
        const int64_t b = 16 / item;
        int64_t j = j0;
        for (; j + b <= je; j += b) {
            for (int64_t i = i0; i < i0 + m; i += b) {
                char *d = p->dst + j * p->ds1 + i * item;
                const char *s = p->src + j * item + i * p->ss0;
                if (item == 4) {
                    pc_transpose_4x4_b32(d, p->ds1, s, p->ss0);
                } else {
                    pc_transpose_2x2_b64(d, p->ds1, s, p->ss0);
                }
            }
        }
        return j;
    }
    return j0;
}

/* [Why these tiles] A transposing copy reads one side across cache lines. A tile spans t1
 * elements of the source's inner axis (at least 128 bytes, so whole lines) and t0 = 8 of the
 * destination's: 8 source lines in flight fit an 8-way L1 set even when the source's row
 * stride is a multiple of 4 KiB (a 4096-wide transpose, where larger tiles thrash). Measured
 * on float32/float64/uint8 4096 x 4096 transposes. Items of 4 and 8 bytes move in register
 * blocks (copy_tile_blocks) instead of one element at a time. */
static pc_status PCK_FN(copy_plane)(const pc_kernel_args *args)
{
    const pc_plane_params *p = (const pc_plane_params *)args->params;
    if (PCK_FN(copy_channels)(p)) {
        return PC_OK;
    }
    const int64_t item = (int64_t)sizeof(PCK_T);
    const int64_t t1 = item >= 16 ? 32 : item == 8 ? 64 : 128;
    const int64_t t0 = 8;
    for (int64_t j0 = 0; j0 < p->n1; j0 += t1) {
        const int64_t je = j0 + t1 < p->n1 ? j0 + t1 : p->n1;
        for (int64_t i0 = 0; i0 < p->n0; i0 += t0) {
            const int64_t m = i0 + t0 < p->n0 ? t0 : p->n0 - i0;
            for (int64_t j = PCK_FN(copy_tile_blocks)(p, j0, je, i0, m); j < je; j++) {
                char *d = p->dst + j * p->ds1 + i0 * p->ds0;
                const char *s = p->src + j * p->ss1 + i0 * p->ss0;
                const int64_t ss = p->ss0;
                if (p->ds0 == item) {
                    PCK_T *restrict dd = (PCK_T *)d;
                    for (int64_t i = 0; i < m; i++) {
                        dd[i] = PCK_AT(const PCK_T, s, i, ss);
                    }
                } else {
                    const int64_t ds = p->ds0;
                    for (int64_t i = 0; i < m; i++) {
                        PCK_AT(PCK_T, d, i, ds) = PCK_AT(const PCK_T, s, i, ss);
                    }
                }
            }
        }
    }
    return PC_OK;
}
