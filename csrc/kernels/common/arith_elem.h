/*
 * arith_elem.h - the element functions of arithmetic, rounding and the complex parts for dtype
 * PCK_N: ew_<name>_<dtype>(compute values) -> compute value. Shared by the CPU loops
 * (cpu/arithmetic_impl.h) and the GPU kernels (cuda/ew_arith_*.cu); no include guard (included
 * once per dtype after elem_math.h).
 *
 * Rules written once here, per kind:
 *   - integers wrap around (ew_common.h); bool add/multiply/maximum/minimum are or/and/or/and;
 *   - integer division and remainder by zero give 0 (NumPy's result, without its warning), and
 *     INT_MIN // -1 wraps to INT_MIN; floor_divide and remainder round toward -infinity so that
 *     a == b * (a // b) + a % b;
 *   - integer pow with a negative exponent is 1 / a**-b truncated: 1 for a == 1, +-1 for
 *     a == -1, else 0 (NumPy raises instead);
 *   - floating floor_divide is floor(a / b) where the standard lists a special case (an
 *     infinity, a zero divisor or NaN involved) and Python's exact divmod algorithm otherwise;
 *     remainder is Python's %;
 *   - complex multiply uses the textbook formula, complex division Smith's algorithm (the
 *     textbook formula scaled so that it does not overflow early, as NumPy computes it; a zero
 *     divisor divides both parts by +0); complex pow with an integer-valued exponent below 100
 *     in magnitude is a product of those multiplications (and one division), as in NumPy;
 *   - float16/bfloat16 compute in float32 and round once on the way out.
 */

#include "ew_kinds.h"

/* ---- complex helpers ----------------------------------------------------------------------- */

#if PCK_K == PCK_KC
PC_ELEM PCK_CT PCK_FN(cx_mul)(PCK_CT x, PCK_CT y)
{
    const PCK_RT a = EW_RE(x), b = EW_IM(x), c = EW_RE(y), d = EW_IM(y);
    return EW_CX(a * c - b * d, b * c + a * d);
}

PC_ELEM PCK_CT PCK_FN(cx_div)(PCK_CT x, PCK_CT y)
{
    PCK_RT a = EW_RE(x), b = EW_IM(x), c = EW_RE(y), d = EW_IM(y);
    PCK_RT ac = EW_M(fabs)(c), ad = EW_M(fabs)(d);
    /* A divisor near the ends of the range is scaled to about 1 together with the dividend
     * (exact, by a power of two; the quotient is unchanged) so that Smith's products neither
     * fall into the subnormals, where they lose digits, nor overflow early. */
    const PCK_RT m = ac >= ad ? ac : ad;
    const PCK_RT lim = sizeof(PCK_RT) == sizeof(float) ? (PCK_RT)0x1p100f : (PCK_RT)0x1p960;
    if ((m > 0 && m < 1 / lim) || (m > lim && isfinite(m))) {
        /* the dividend must stay finite: its scale is capped two binades below overflow */
        const int max_exp = sizeof(PCK_RT) == sizeof(float) ? FLT_MAX_EXP : DBL_MAX_EXP;
        const PCK_RT fa = EW_M(fabs)(a), fb = EW_M(fabs)(b);
        int e, ed;
        (void)EW_M(frexp)(m, &e);
        (void)EW_M(frexp)(fa >= fb ? fa : fb, &ed);
        const int sc = (ed - e > max_exp - 2) ? max_exp - 2 - ed : -e;
        a = EW_M(ldexp)(a, sc), b = EW_M(ldexp)(b, sc);
        c = EW_M(ldexp)(c, sc), d = EW_M(ldexp)(d, sc);
        ac = EW_M(fabs)(c), ad = EW_M(fabs)(d);
    }
    if (ac >= ad) {
        if (ac == 0) {
            /* 0 divisor: the parts divided by +0, infinities or NaN as NumPy gives them */
            return EW_CX(a / ac, b / ac);
        }
        const PCK_RT r = d / c;
        const PCK_RT den = c + d * r;
        return EW_CX((a + b * r) / den, (b - a * r) / den);
    }
    const PCK_RT r = c / d;
    const PCK_RT den = c * r + d;
    return EW_CX((a * r + b) / den, (b * r - a) / den);
}

/* z^n for 1 <= n by binary powering with the textbook product (NumPy's order of products) */
PC_ELEM PCK_CT PCK_FN(cx_ipow)(PCK_CT z, int n)
{
    PCK_CT r = z;
    bool started = false;
    for (;;) {
        if (n & 1) {
            r = started ? PCK_FN(cx_mul)(r, z) : z;
            started = true;
        }
        n >>= 1;
        if (n == 0) {
            return r;
        }
        z = PCK_FN(cx_mul)(z, z);
    }
}
#endif

/* ---- unary ---------------------------------------------------------------------------------- */

#if PCK_K == PCK_KC
PC_ELEM PCK_RT PCK_FN(ew_abs)(PCK_CT x) { return EW_M(pc_cabs)(x); }
#else
PC_ELEM PCK_CT PCK_FN(ew_abs)(PCK_CT x)
{
#if PCK_K == PCK_KI
    return x < 0 ? (PCK_CT)(0u - (EW_WT)x) : x;
#elif PCK_K == PCK_KF
    return EW_M(fabs)(x);
#else
    return x;
#endif
}
#endif

#if PC_EW_HAS(NEGATIVE, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_negative)(PCK_CT x)
{
#if PCK_K == PCK_KI || PCK_K == PCK_KU
    return (PCK_CT)(0u - (EW_WT)x);
#else
    return -x;
#endif
}
#endif

#if PC_EW_HAS(POSITIVE, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_positive)(PCK_CT x) { return x; }
#endif

#if PC_EW_HAS(SQUARE, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_square)(PCK_CT x)
{
#if PCK_K == PCK_KI || PCK_K == PCK_KU
    return (PCK_CT)((EW_WT)x * (EW_WT)x);
#elif PCK_K == PCK_KC
    return PCK_FN(cx_mul)(x, x);
#else
    return x * x;
#endif
}
#endif

#if PC_EW_HAS(SIGN, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_sign)(PCK_CT x)
{
#if PCK_K == PCK_KI
    return (PCK_CT)((x > 0) - (x < 0));
#elif PCK_K == PCK_KU
    return (PCK_CT)(x > 0);
#elif PCK_K == PCK_KF
    return x > 0 ? (PCK_CT)1 : x < 0 ? (PCK_CT)-1 : x == 0 ? (PCK_CT)0 : x;
#else
    const PCK_RT a = EW_RE(x), b = EW_IM(x);
    if (isnan(a) || isnan(b)) {
        return EW_CX(NAN, NAN);
    }
    if (a == 0 && b == 0) {
        return EW_CX(0, 0);
    }
    const PCK_RT m = EW_M(hypot)(a, b);
    return EW_CX(a / m, b / m);
#endif
}
#endif

#if PC_EW_HAS(ROUND, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_round)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return EW_M(rint)(x);
#elif PCK_K == PCK_KC
    return EW_CX(EW_M(rint)(EW_RE(x)), EW_M(rint)(EW_IM(x)));
#else
    return x;
#endif
}
#endif

#if PC_EW_HAS(RECIPROCAL, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_reciprocal)(PCK_CT x)
{
#if PCK_K == PCK_KC
    return PCK_FN(cx_div)(EW_CX(1, 0), x);
#else
    return (PCK_CT)1 / x;
#endif
}
#endif

#if PC_EW_HAS(FLOOR, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_floor)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return EW_M(floor)(x);
#else
    return x;
#endif
}
#endif

#if PC_EW_HAS(CEIL, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_ceil)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return EW_M(ceil)(x);
#else
    return x;
#endif
}
#endif

#if PC_EW_HAS(TRUNC, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_trunc)(PCK_CT x)
{
#if PCK_K == PCK_KF
    return EW_M(trunc)(x);
#else
    return x;
#endif
}
#endif

#if PC_EW_HAS(FRAC, PCK_K)
/* Paddle's frac: x - trunc(x), exact in the dtype (the two share their leading bits); 0 for
 * integers, NaN for infinities and NaN, +0.0 for integral x (-0.0 - -0.0 is +0.0). Its kinds
 * are trunc's. */
PC_ELEM PCK_CT PCK_FN(ew_frac)(PCK_CT x) { return x - PCK_FN(ew_trunc)(x); }
#endif

PC_ELEM PCK_CT PCK_FN(ew_conj)(PCK_CT x)
{
#if PCK_K == PCK_KC
    return EW_CX(EW_RE(x), -EW_IM(x));
#else
    return x;
#endif
}

#if PCK_K == PCK_KC
PC_ELEM PCK_RT PCK_FN(ew_real)(PCK_CT x) { return EW_RE(x); }
PC_ELEM PCK_RT PCK_FN(ew_imag)(PCK_CT x) { return EW_IM(x); }
#else
PC_ELEM PCK_CT PCK_FN(ew_real)(PCK_CT x) { return x; }
PC_ELEM PCK_CT PCK_FN(ew_imag)(PCK_CT x)
{
    (void)x;
    return (PCK_CT)0;
}
#endif

/* ---- binary --------------------------------------------------------------------------------- */

PC_ELEM PCK_CT PCK_FN(ew_add)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KB
    return a | b;
#elif PCK_K == PCK_KI || PCK_K == PCK_KU
    return (PCK_CT)((EW_WT)a + (EW_WT)b);
#else
    return a + b;
#endif
}

PC_ELEM PCK_CT PCK_FN(ew_multiply)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KB
    return a & b;
#elif PCK_K == PCK_KI || PCK_K == PCK_KU
    return (PCK_CT)((EW_WT)a * (EW_WT)b);
#elif PCK_K == PCK_KC
    return PCK_FN(cx_mul)(a, b);
#else
    return a * b;
#endif
}

#if PC_EW_HAS(SUBTRACT, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_subtract)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KI || PCK_K == PCK_KU
    return (PCK_CT)((EW_WT)a - (EW_WT)b);
#else
    return a - b;
#endif
}
#endif

#if PC_EW_HAS(POW, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_pow)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KI || PCK_K == PCK_KU
#if PCK_K == PCK_KI
    if (b < 0) {
        return a == 1 ? (PCK_CT)1 : a == -1 ? ((b & 1) ? (PCK_CT)-1 : (PCK_CT)1) : (PCK_CT)0;
    }
#endif
    EW_WT base = (EW_WT)a;
    EW_WT result = 1;
    for (PCK_CT e = b; e != 0; e = (PCK_CT)(e >> 1)) {
        if (e & 1) {
            result *= base;
        }
        base *= base;
    }
    return (PCK_CT)result;
#elif PCK_K == PCK_KF
    return EW_M(pow)(a, b);
#else
    if (EW_RE(b) == 0 && EW_IM(b) == 0) {
        return EW_CX(1, 0);
    }
    /* [Why integer exponents multiply] exp(b log a) rounds log a and the exponential, so
     * (2j)**2 came out as -4 - 3.5e-7j; a product of a's is exact wherever its parts are, as
     * NumPy's complex power computes an integer-valued exponent of magnitude below 100 (any
     * exponent dtype: it arrives here as a complex with imaginary part 0). A finite base only,
     * and only a finite result: infinities, NaN and overflow keep the exp-log formula's Annex G
     * values. */
    const PCK_RT n = EW_RE(b);
    if (EW_IM(b) == 0 && EW_M(fabs)(n) < 100 && EW_M(floor)(n) == n && isfinite(EW_RE(a)) &&
        isfinite(EW_IM(a))) {
        const PCK_CT p = PCK_FN(cx_ipow)(a, (int)EW_M(fabs)(n));
        const PCK_CT r = n < 0 ? PCK_FN(cx_div)(EW_CX(1, 0), p) : p;
        if (isfinite(EW_RE(r)) && isfinite(EW_IM(r))) {
            return r;
        }
    }
    return EW_M(pc_cpow)(a, b);
#endif
}
#endif

#if PC_EW_HAS(DIVIDE, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_divide)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KC
    return PCK_FN(cx_div)(a, b);
#else
    return a / b;
#endif
}
#endif

#if PC_EW_HAS(FLOOR_DIVIDE, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_floor_divide)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KI
    if (b == 0) {
        return 0;
    }
    if (b == -1) {
        return (PCK_CT)(0u - (EW_WT)a);
    }
    PCK_CT q = (PCK_CT)(a / b);
    if ((PCK_CT)(a % b) != 0 && ((a < 0) != (b < 0))) {
        q = (PCK_CT)(q - 1);
    }
    return q;
#elif PCK_K == PCK_KU
    return b == 0 ? (PCK_CT)0 : (PCK_CT)(a / b);
#else
    if (!isfinite(a) || !isfinite(b) || b == 0) {
        return EW_M(floor)(a / b);
    }
    PCK_CT mod = EW_M(fmod)(a, b);
    PCK_CT div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) {
        div -= 1;
    }
    if (div == 0) {
        return EW_M(copysign)((PCK_CT)0, a / b);
    }
    PCK_CT fl = EW_M(floor)(div);
    if (div - fl > (PCK_CT)0.5) {
        fl += 1;
    }
    return fl;
#endif
}
#endif

#if PC_EW_HAS(REMAINDER, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_remainder)(PCK_CT a, PCK_CT b)
{
#if PCK_K == PCK_KI
    if (b == 0 || b == -1) {
        return 0;
    }
    PCK_CT r = (PCK_CT)(a % b);
    if (r != 0 && ((r < 0) != (b < 0))) {
        r = (PCK_CT)(r + b);
    }
    return r;
#elif PCK_K == PCK_KU
    return b == 0 ? (PCK_CT)0 : (PCK_CT)(a % b);
#else
    PCK_CT mod = EW_M(fmod)(a, b);
    if (mod != 0) {
        if ((b < 0) != (mod < 0)) {
            mod += b;
        }
    } else {
        mod = EW_M(copysign)((PCK_CT)0, b);
    }
    return mod;
#endif
}
#endif

#if PC_EW_HAS(MAXIMUM, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_maximum)(PCK_CT a, PCK_CT b)
{
    PCK_CT v = a > b ? a : b;
#if PCK_K == PCK_KF
    v = isnan(b) ? b : v;
    v = isnan(a) ? a : v;
#endif
    return v;
}
#endif

#if PC_EW_HAS(MINIMUM, PCK_K)
PC_ELEM PCK_CT PCK_FN(ew_minimum)(PCK_CT a, PCK_CT b)
{
    PCK_CT v = a < b ? a : b;
#if PCK_K == PCK_KF
    v = isnan(b) ? b : v;
    v = isnan(a) ? a : v;
#endif
    return v;
}
#endif
