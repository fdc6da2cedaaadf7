/*
 * sort_simd_lane.h - the values of a sort of one lane of 32-bit or 64-bit real elements
 * (SOS_BITS) through the vectorised quicksort of simd_sort.c. Included twice by sort.c. No
 * include guard.
 *
 * The quicksort is not stable, so it is used only where the stable order cannot be told from
 * it: each element maps to a signed key one to one (integers: themselves or with the sign bit
 * flipped; floats: the magnitude bits flipped when the sign is set; descending: the key
 * complemented), so equal keys are equal bit patterns and the values come back bit for bit.
 * NaNs are set aside in input order and appended (NaN last in both orders, as the stable
 * sort puts them). A lane that holds both -0.0 and +0.0, which compare equal and must keep
 * their input order, is left to the stable radix sort (the function returns false). Where
 * PC_SIMD_SORT_F64 is 1 (simd_sort.h says why), float64 keys stay doubles: the elements
 * themselves, negated for a descending sort (exact, and equal doubles are equal bit patterns
 * once the signed zeros cannot meet).
 */
#define SOS_CAT_(a, b) a##b
#define SOS_CAT(a, b) SOS_CAT_(a, b)
#if SOS_BITS == 32
#define SOS_U uint32_t
#define SOS_S int32_t
#define SOS_INF ((SOS_U)0x7f800000u)
#else
#define SOS_U uint64_t
#define SOS_S int64_t
#define SOS_INF ((SOS_U)0x7ff0000000000000ull)
#endif
#define SOS_SIGN ((SOS_U)1 << (SOS_BITS - 1))

/* the signed key of the float bit pattern u, and back (the map is its own inverse) */
static inline SOS_U SOS_CAT(sos_float_key, SOS_BITS)(SOS_U u)
{
    return u ^ ((SOS_U)((SOS_S)u >> (SOS_BITS - 1)) >> 1);
}

/* kind: PCK_KI, PCK_KU or PCK_KF. `vo` (the values output, a fresh tensor: never `lane`) may
 * serve as the key array. Returns false to leave the lane to the radix sort, which then
 * writes all of the output lane. */
static bool SOS_CAT(so_simd_lane, SOS_BITS)(const so_ctx *c, const void *lane, char *vo,
                                            int kind)
{
    const int64_t n = c->len;
#if SOS_BITS == 64 && PC_SIMD_SORT_F64
    const bool as_double = kind == PCK_KF;
#else
    const bool as_double = false;
#endif
    /* the descending order: keys complemented, doubles negated */
    const SOS_U flip = !c->descending ? 0 : as_double ? SOS_SIGN : ~(SOS_U)0;
    const char *src = (const char *)lane;
    /* the keys are sorted in the output lane where it is contiguous (no scratch to touch) */
    const bool in_place = c->sv == (int64_t)sizeof(SOS_U);
    SOS_S *keys = in_place ? (SOS_S *)(void *)vo : (SOS_S *)c->w0;
    int64_t nans = 0;
    int negz = 0;
    int posz = 0;
    for (int64_t i = 0; i < n; i++) {
        SOS_U u;
        memcpy(&u, src + i * (int64_t)sizeof u, sizeof u);
        SOS_U k = u;
        if (kind == PCK_KF) {
            k = as_double ? u : SOS_CAT(sos_float_key, SOS_BITS)(u);
            nans += (u & ~SOS_SIGN) > SOS_INF;
            negz |= u == SOS_SIGN;
            posz |= u == 0;
        } else if (kind == PCK_KU) {
            k = u ^ SOS_SIGN;
        }
        keys[i] = (SOS_S)(k ^ flip);
    }
    if (negz && posz) {
        return false;
    }
    int64_t m = n;
    SOS_U *nan_bits = (SOS_U *)c->w1;
    if (nans > 0) {
        m = 0;
        int64_t q = 0;
        for (int64_t i = 0; i < n; i++) {
            SOS_U u;
            memcpy(&u, src + i * (int64_t)sizeof u, sizeof u);
            if ((u & ~SOS_SIGN) > SOS_INF) {
                nan_bits[q++] = u;
            } else {
                keys[m++] = keys[i];
            }
        }
    }
#if SOS_BITS == 64 && PC_SIMD_SORT_F64
    if (as_double) {
        pc_simd_sort_f64((pc_sort_f64 *)(void *)keys, m);
    }
#endif
    if (!as_double) {
        SOS_CAT(pc_simd_sort_i, SOS_BITS)(keys, m);
    }
    /* ascending signed integers and doubles are their own keys: sorted in place, done */
    const bool identity = in_place && flip == 0 && (kind == PCK_KI || as_double);
    for (int64_t i = 0; i < m && !identity; i++) {
        SOS_U u = (SOS_U)keys[i] ^ flip;
        if (kind == PCK_KF && !as_double) {
            u = SOS_CAT(sos_float_key, SOS_BITS)(u);
        } else if (kind == PCK_KU) {
            u ^= SOS_SIGN;
        }
        if (in_place) {
            keys[i] = (SOS_S)u;
        } else {
            memcpy(vo + i * c->sv, &u, sizeof u);
        }
    }
    for (int64_t i = m; i < n; i++) {
        memcpy(vo + i * c->sv, &nan_bits[i - m], sizeof(SOS_U));
    }
    return true;
}

#undef SOS_CAT_
#undef SOS_CAT
#undef SOS_U
#undef SOS_S
#undef SOS_INF
#undef SOS_SIGN
