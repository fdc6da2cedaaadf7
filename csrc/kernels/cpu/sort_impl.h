/*
 * sort_impl.h - sorting one lane of dtype PCK_N (values and/or indices), stable, ascending or
 * descending, NaN last in both orders. Included by sort.c through each_dtype.h. No include
 * guard.
 *
 * The order of one element is kernels/common/sort_key.h's (included before this file for the
 * same dtype). Real dtypes map each element to its unsigned key (so_key) and are radix sorted
 * (radix.h) with a payload: the element's index when indices are wanted, else its bit pattern for floats (so -0, NaN payloads and signs survive), else nothing (integer keys are
 * inverted back into values). Keys of at most 32 bits travel packed with a 32-bit payload in
 * one 64-bit word; 64-bit keys travel as key/payload pairs (in the variants with AVX2 their
 * indices come from the vectorised quicksort instead, sort_simd_arg.h).
 *
 * Complex dtypes are merge sorted with so_less (NumPy's order, NaN classes last).
 */
#if PCK_K != PCK_KC

#define SO_BITS ((int)(8 * sizeof(PCK_T)))

static void PCK_FN(so_lane)(const so_ctx *c, const PCK_T *lane, char *vo, char *io)
{
    const int64_t n = c->len;
    const bool desc = c->descending;
    const bool want_idx = io != NULL;
    const bool float_bits = PCK_K == PCK_KF && !want_idx;
#if PC_SIMD_SORT
    if (!want_idx && PCK_K != PCK_KB && n > 1) {
        if (sizeof(PCK_T) == 4 && so_simd_lane32(c, lane, vo, PCK_K)) {
            return;
        }
        if (sizeof(PCK_T) == 8 && so_simd_lane64(c, lane, vo, PCK_K)) {
            return;
        }
    }
#endif
    if (SO_BITS <= 32 && n <= (int64_t)UINT32_MAX) {
        uint64_t *a = c->w0;
        for (int64_t i = 0; i < n; i++) {
            const uint64_t pay = want_idx ? (uint64_t)i
                                          : float_bits ? PCK_FN(so_bits)(lane[i]) : 0;
            a[i] = (PCK_FN(so_key)(lane[i], desc) << 32) | pay;
        }
        uint64_t *r = a;
        if (n < PC_RADIX_MIN) {
            pc_insertion_sort_u64(a, n, 32);
        } else {
            r = pc_radix_sort_u64(a, c->w1, n, 32, SO_BITS);
        }
        for (int64_t i = 0; i < n; i++) {
            const uint64_t item = r[i];
            const uint32_t low = (uint32_t)item;
            if (io != NULL) {
                PCK_AT(int64_t, io, i, c->si) = (int64_t)low;
            }
            if (vo != NULL) {
#if PCK_K == PCK_KF
                PCK_AT(PCK_T, vo, i, c->sv) = want_idx ? lane[low] : PCK_FN(so_from_bits)(low);
#else
                PCK_AT(PCK_T, vo, i, c->sv) = want_idx ? lane[low]
                                                       : PCK_FN(so_unkey)(item >> 32, desc);
#endif
            }
        }
        return;
    }
    /* 64-bit keys (or lanes beyond 2^32 elements): key/payload pairs */
    uint64_t *k = c->w0;
    uint64_t *v = c->w1;
    const bool payload = want_idx || float_bits;
    for (int64_t i = 0; i < n; i++) {
        k[i] = PCK_FN(so_key)(lane[i], desc);
        if (payload) {
            v[i] = want_idx ? (uint64_t)i : PCK_FN(so_bits)(lane[i]);
        }
    }
#if PC_SIMD_SORT
    const bool simd = want_idx && n >= PC_RADIX_MIN && so_simd_arg64(k, n, c->w2);
#else
    const bool simd = false;
#endif
    if (simd) {
        v = c->w2;
    } else if (n < PC_RADIX_MIN) {
        if (payload) {
            pc_insertion_sort_kv(k, v, n);
        } else {
            pc_insertion_sort_u64(k, n, 0);
        }
    } else if (payload) {
        pc_radix_sort_kv(&k, &v, c->w2, c->w3, n);
    } else {
        k = pc_radix_sort_u64(k, c->w2, n, 0, SO_BITS);
    }
    for (int64_t i = 0; i < n; i++) {
        if (io != NULL) {
            PCK_AT(int64_t, io, i, c->si) = (int64_t)v[i];
        }
        if (vo != NULL) {
#if PCK_K == PCK_KF
            PCK_AT(PCK_T, vo, i, c->sv) = want_idx ? lane[v[i]] : PCK_FN(so_from_bits)(v[i]);
#else
            PCK_AT(PCK_T, vo, i, c->sv) = want_idx ? lane[v[i]] : PCK_FN(so_unkey)(k[i], desc);
#endif
        }
    }
}
#undef SO_BITS

#else /* complex: a stable merge sort of indices */

static void PCK_FN(so_lane)(const so_ctx *c, const PCK_T *lane, char *vo, char *io)
{
    const int64_t n = c->len;
    const bool desc = c->descending;
    int64_t *idx = (int64_t *)c->w0;
    int64_t *tmp = (int64_t *)c->w1;
    for (int64_t i = 0; i < n; i++) {
        idx[i] = i;
    }
    /* insertion-sorted runs of 16, then bottom-up merges (stable: ties take the left run) */
    const int64_t run = 16;
    for (int64_t s = 0; s < n; s += run) {
        const int64_t e = s + run < n ? s + run : n;
        for (int64_t i = s + 1; i < e; i++) {
            const int64_t v = idx[i];
            int64_t j = i;
            while (j > s && PCK_FN(so_less)(lane[v], lane[idx[j - 1]], desc)) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = v;
        }
    }
    for (int64_t width = run; width < n; width *= 2) {
        for (int64_t s = 0; s < n; s += 2 * width) {
            const int64_t m = s + width < n ? s + width : n;
            const int64_t e = s + 2 * width < n ? s + 2 * width : n;
            int64_t i = s;
            int64_t j = m;
            int64_t o = s;
            while (i < m && j < e) {
                tmp[o++] = PCK_FN(so_less)(lane[idx[j]], lane[idx[i]], desc) ? idx[j++]
                                                                            : idx[i++];
            }
            while (i < m) {
                tmp[o++] = idx[i++];
            }
            while (j < e) {
                tmp[o++] = idx[j++];
            }
        }
        int64_t *t = idx;
        idx = tmp;
        tmp = t;
    }
    for (int64_t i = 0; i < n; i++) {
        if (io != NULL) {
            PCK_AT(int64_t, io, i, c->si) = idx[i];
        }
        if (vo != NULL) {
            PCK_AT(PCK_T, vo, i, c->sv) = lane[idx[i]];
        }
    }
}
#endif

/* data[0]: x lanes; then values and/or indices lanes (ctx->values / ctx->indices) */
static int PCK_FN(so_loop)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                           const int64_t *st)
{
    const so_ctx *c = (const so_ctx *)ctx->params;
    const int iv = 1;
    const int ii = c->values ? 2 : 1;
    for (int64_t j = 0; j < n; j++) {
        const char *x = data[0] + j * st[0];
        const PCK_T *lane = (const PCK_T *)x;
        if (c->sx != (int64_t)sizeof(PCK_T)) {
            PCK_T *buf = (PCK_T *)c->lane;
            for (int64_t i = 0; i < c->len; i++) {
                buf[i] = PCK_AT(const PCK_T, x, i, c->sx);
            }
            lane = buf;
        }
        PCK_FN(so_lane)(c, lane, c->values ? data[iv] + j * st[iv] : NULL,
                        c->indices ? data[ii] + j * st[ii] : NULL);
    }
    return 0;
}

static pc_status PCK_FN(so_sort)(const pc_kernel_args *a)
{
    return so_run(a, PCK_FN(so_loop), sizeof(PCK_T), true);
}

static pc_status PCK_FN(so_argsort)(const pc_kernel_args *a)
{
    return so_run(a, PCK_FN(so_loop), sizeof(PCK_T), false);
}
