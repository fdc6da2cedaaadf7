/*
 * complex_elem.h - the complex element functions of the exponential, logarithmic, power-free
 * transcendental functions (sqrt, exp, expm1, log, log1p, log2, log10, sin ... atanh) for
 * dtype PCK_N. Shared by the CPU loops (cpu/complex_impl.h) and the GPU kernels
 * (cuda/ew_transcendental.cu); no include guard.
 *
 * The complex functions come from complex_shim.h (pc_csqrt, pc_cexp, ...: the C library's,
 * libcu++'s or the portable complex_math.h), all implementing C99's Annex G, whose special
 * values (branch cuts, signed zeros, infinities, NaN) are the standard's. What C lacks is
 * written here:
 *   - expm1: exp(a)cis(b) - 1 evaluated as expm1(a)cos(b) - 2 sin^2(b/2) + i exp(a) sin(b),
 *     accurate near 0; non-finite input goes through cexp, then 1 is subtracted;
 *   - log1p: 0.5 log1p(2a + a^2 + b^2) + i atan2(b, 1 + a) for small |a|, |b| (accurate near
 *     0), clog(1 + z) elsewhere;
 *   - log2, log10: clog(z) with both parts divided by ln 2 or ln 10 (the standard's change of
 *     base, the divisor being real);
 *   - tanh(+-inf + bi) for finite b is +-1 + 0i with the zero signed like b (C99 signs it like
 *     sin(2b)), and tan is -i tanh(iz) so that it inherits the same cases.
 */
#if PCK_K == PCK_KC

PC_ELEM PCK_CT PCK_FN(ew_sqrt)(PCK_CT z) { return EW_M(pc_csqrt)(z); }

PC_ELEM PCK_CT PCK_FN(ew_exp)(PCK_CT z) { return EW_M(pc_cexp)(z); }

PC_ELEM PCK_CT PCK_FN(ew_log)(PCK_CT z) { return EW_M(pc_clog)(z); }

PC_ELEM PCK_CT PCK_FN(ew_sin)(PCK_CT z) { return EW_M(pc_csin)(z); }

PC_ELEM PCK_CT PCK_FN(ew_cos)(PCK_CT z) { return EW_M(pc_ccos)(z); }

PC_ELEM PCK_CT PCK_FN(ew_asin)(PCK_CT z) { return EW_M(pc_casin)(z); }

PC_ELEM PCK_CT PCK_FN(ew_acos)(PCK_CT z) { return EW_M(pc_cacos)(z); }

PC_ELEM PCK_CT PCK_FN(ew_atan)(PCK_CT z) { return EW_M(pc_catan)(z); }

PC_ELEM PCK_CT PCK_FN(ew_sinh)(PCK_CT z) { return EW_M(pc_csinh)(z); }

PC_ELEM PCK_CT PCK_FN(ew_cosh)(PCK_CT z) { return EW_M(pc_ccosh)(z); }

PC_ELEM PCK_CT PCK_FN(ew_asinh)(PCK_CT z) { return EW_M(pc_casinh)(z); }

PC_ELEM PCK_CT PCK_FN(ew_acosh)(PCK_CT z) { return EW_M(pc_cacosh)(z); }

PC_ELEM PCK_CT PCK_FN(ew_atanh)(PCK_CT z) { return EW_M(pc_catanh)(z); }

PC_ELEM PCK_CT PCK_FN(ew_tanh)(PCK_CT z)
{
    const PCK_RT a = EW_RE(z), b = EW_IM(z);
    if (isinf(a) && isfinite(b)) {
        /* C99 gives the zero the sign of sin(2b); the standard asks for the sign of b */
        return EW_CX(EW_M(copysign)(1, a), EW_M(copysign)(0, b));
    }
    return EW_M(pc_ctanh)(z);
}

/* tan(z) = -i tanh(iz), the standard's definition, so both share their special cases */
PC_ELEM PCK_CT PCK_FN(ew_tan)(PCK_CT z)
{
    const PCK_CT t = PCK_FN(ew_tanh)(EW_CX(-EW_IM(z), EW_RE(z)));
    return EW_CX(EW_IM(t), -EW_RE(t));
}

PC_ELEM PCK_CT PCK_FN(ew_expm1)(PCK_CT z)
{
    const PCK_RT a = EW_RE(z), b = EW_IM(z);
    if (!isfinite(a) || !isfinite(b)) {
        const PCK_CT e = EW_M(pc_cexp)(z);
        return EW_CX(EW_RE(e) - 1, EW_IM(e));
    }
    const PCK_RT h = EW_M(sin)(b / 2);
    PCK_RT re = EW_M(expm1)(a) * EW_M(cos)(b) - 2 * h * h;
    re = re == 0 ? (PCK_RT)0 : re; /* expm1(-0 + 0i) is +0 + 0i, as exp(z) - 1 gives it */
    return EW_CX(re, EW_M(exp)(a) * EW_M(sin)(b));
}

PC_ELEM PCK_CT PCK_FN(ew_log1p)(PCK_CT z)
{
    const PCK_RT a = EW_RE(z), b = EW_IM(z);
    if (EW_M(fabs)(a) < (PCK_RT)0.5 && EW_M(fabs)(b) < (PCK_RT)0.5) {
        return EW_CX(EW_M(log1p)(a * (2 + a) + b * b) / 2, EW_M(atan2)(b, 1 + a));
    }
    return EW_M(pc_clog)(EW_CX(1 + a, b));
}

PC_ELEM PCK_CT PCK_FN(ew_log2)(PCK_CT z)
{
    const PCK_CT l = EW_M(pc_clog)(z);
    const PCK_RT ln2 = (PCK_RT)0.693147180559945309417232121458176568;
    return EW_CX(EW_RE(l) / ln2, EW_IM(l) / ln2);
}

PC_ELEM PCK_CT PCK_FN(ew_log10)(PCK_CT z)
{
    const PCK_CT l = EW_M(pc_clog)(z);
    const PCK_RT ln10 = (PCK_RT)2.30258509299404568401799145468436421;
    return EW_CX(EW_RE(l) / ln10, EW_IM(l) / ln10);
}

#endif
