/*
 * sort_key.h - the sort order of one element of dtype PCK_N, shared by the CPU's sort, search
 * and set kernels (cpu/sort_impl.h, cpu/search_impl.h) and the GPU's (cuda/sort.cu). Included
 * once per dtype (cpu/each_dtype.h or the GPU's list); no include guard.
 *
 * Real dtypes: so_key(x, desc) is an order-preserving unsigned key of the dtype's width (two's
 * complement sign flip; IEEE sign-magnitude flip; -0 keyed as +0 so that signed zeros compare
 * equal; every NaN keyed above everything). Descending complements the key but keeps NaN on
 * top, so NaN sorts last in both orders. so_unkey inverts the key of the dtypes where it is a
 * bijection (bool and integers).
 *
 * Complex dtypes: NumPy's order, lexicographic on (real, imag) within the classes
 * [R + Rj, R + nanj, nan + Rj, nan + nanj] (so_class), taken in that order; descending reverses
 * the order within a class and keeps the classes in order (so_less).
 *
 * so_isnan and so_same ("one value" for unique and isin: the same key and not NaN, so
 * -0 == +0 and NaN equals nothing) hold for every dtype.
 */
#if PCK_K != PCK_KC

#define SO_BITS ((int)(8 * sizeof(PCK_T)))

PC_ELEM uint64_t PCK_FN(so_bits)(PCK_T x)
{
    uint64_t u = 0;
    memcpy(&u, &x, sizeof x);
    return u;
}

PC_ELEM PCK_T PCK_FN(so_from_bits)(uint64_t u)
{
    PCK_T x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* the key's bits: the dtype's width */
PC_ELEM uint64_t PCK_FN(so_mask)(void)
{
    return SO_BITS == 64 ? ~(uint64_t)0 : (((uint64_t)1 << (SO_BITS % 64)) - 1);
}

PC_ELEM bool PCK_FN(so_isnan)(PCK_T x)
{
#if PCK_K == PCK_KF
    return PCK_LOAD(x) != PCK_LOAD(x);
#else
    (void)x;
    return false;
#endif
}

/* the order-preserving unsigned key */
PC_ELEM uint64_t PCK_FN(so_key)(PCK_T x, bool desc)
{
    const uint64_t all = PCK_FN(so_mask)();
    uint64_t u = PCK_FN(so_bits)(x);
#if PCK_K == PCK_KF || PCK_K == PCK_KI
    const uint64_t sign = (uint64_t)1 << (SO_BITS - 1);
#endif
#if PCK_K == PCK_KF
    if (PCK_FN(so_isnan)(x)) {
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
/* integer and bool keys are a bijection: back to the value */
PC_ELEM PCK_T PCK_FN(so_unkey)(uint64_t k, bool desc)
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

/* one value for unique and isin */
PC_ELEM bool PCK_FN(so_same)(PCK_T a, PCK_T b)
{
    return !PCK_FN(so_isnan)(a) && !PCK_FN(so_isnan)(b) &&
           PCK_FN(so_key)(a, false) == PCK_FN(so_key)(b, false);
}

#undef SO_BITS

#else /* complex */

/* 0: no NaN, 1: imaginary NaN, 2: real NaN, 3: both - NumPy's order of the classes */
PC_ELEM int PCK_FN(so_class)(PCK_T z)
{
    const double re = creal(z);
    const double im = cimag(z);
    return (re != re ? 2 : 0) + (im != im ? 1 : 0);
}

PC_ELEM bool PCK_FN(so_isnan)(PCK_T z)
{
    return PCK_FN(so_class)(z) != 0;
}

/* a before b (strictly) */
PC_ELEM bool PCK_FN(so_less)(PCK_T a, PCK_T b, bool desc)
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

/* one value for unique and isin */
PC_ELEM bool PCK_FN(so_same)(PCK_T a, PCK_T b)
{
    return PCK_FN(so_class)(a) == 0 && PCK_FN(so_class)(b) == 0 && creal(a) == creal(b) &&
           cimag(a) == cimag(b);
}

#endif
