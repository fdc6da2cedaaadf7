/*
 * sort_impl.h - sorting one lane of dtype PCK_N (values and/or indices), stable, ascending or
 * descending, NaN last in both orders. Included by sort.c through each_dtype.h. No include
 * guard.
 *
 * Real dtypes map each element to an unsigned key with the dtype's order (two's complement
 * sign flip, IEEE sign-magnitude flip; -0 keyed as +0 so that signed zeros compare equal, NaN
 * keyed above everything; descending complements the key but keeps NaN on top) and are radix
 * sorted (radix.h) with a payload: the element's index when indices are wanted, else its bit
 * pattern for floats (so -0, NaN payloads and signs survive), else nothing (integer keys are
 * inverted back into values). Keys of at most 32 bits travel packed with a 32-bit payload in
 * one 64-bit word; 64-bit keys travel as key/payload pairs.
 *
 * Complex dtypes are merge sorted by NumPy's order: lexicographic on (real, imag), with
 * [R + Rj, R + nanj, nan + Rj, nan + nanj]; descending reverses the order within each of
 * those classes and keeps the classes in that order (NaN last).
 */
#if PCK_K != PCK_KC

#define SO_BITS ((int)(8 * sizeof(PCK_T)))

static inline uint64_t PCK_FN(so_bits)(PCK_T x)
{
    uint64_t u = 0;
    memcpy(&u, &x, sizeof x);
    return u;
}

static inline PCK_T PCK_FN(so_from_bits)(uint64_t u)
{
    PCK_T x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static inline uint64_t PCK_FN(so_mask)(void)
{
    return SO_BITS == 64 ? ~(uint64_t)0 : (((uint64_t)1 << (SO_BITS % 64)) - 1);
}

/* the order-preserving unsigned key */
static inline uint64_t PCK_FN(so_key)(PCK_T x, bool desc)
{
    const uint64_t all = PCK_FN(so_mask)();
    uint64_t u = PCK_FN(so_bits)(x);
#if PCK_K == PCK_KF || PCK_K == PCK_KI
    const uint64_t sign = (uint64_t)1 << (SO_BITS - 1);
#endif
#if PCK_K == PCK_KF
    if (PCK_LOAD(x) != PCK_LOAD(x)) {
        return all;
    }
    if ((u & ~sign) == 0) {
        u = 0;
    }
    u = (u & sign) ? (~u & all) : (u | sign);
#elif PCK_K == PCK_KI
    u ^= sign;
#endif
    return desc ? (~u & all) : u;
}

#if PCK_K != PCK_KF
/* integer keys are a bijection: back to the value */
static inline PCK_T PCK_FN(so_unkey)(uint64_t k, bool desc)
{
    const uint64_t all = PCK_FN(so_mask)();
    if (desc) {
        k = ~k & all;
    }
#if PCK_K == PCK_KI
    k ^= (uint64_t)1 << (SO_BITS - 1);
#endif
    return PCK_FN(so_from_bits)(k);
}
#endif

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
    if (n < PC_RADIX_MIN) {
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

/* 0: no NaN, 1: imaginary NaN, 2: real NaN, 3: both - NumPy's order of the classes */
static inline int PCK_FN(so_class)(PCK_T z)
{
    const double re = creal(z);
    const double im = cimag(z);
    return (re != re ? 2 : 0) + (im != im ? 1 : 0);
}

static inline bool PCK_FN(so_less)(PCK_T a, PCK_T b, bool desc)
{
    const int ca = PCK_FN(so_class)(a);
    const int cb = PCK_FN(so_class)(b);
    if (ca != cb) {
        return ca < cb;
    }
    if (desc) {
        const PCK_T t = a;
        a = b;
        b = t;
    }
    const double ar = creal(a);
    const double br = creal(b);
    if ((ca & 2) == 0 && ar != br) {
        return ar < br;
    }
    return (ca & 1) == 0 && cimag(a) < cimag(b);
}

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
