/*
 * complex_exp_body.h - exp, sinh, cosh, tanh and their rotations sin, cos, tan for one real
 * type (CM_R, names CM_F(name), math functions CM_M(fn)); included by complex_math.h once per
 * type, no include guard. Special values: C99 Annex G (G.6.2.4-6, G.6.3.1).
 */

PC_ELEM CM_T CM_F(mk)(CM_R re, CM_R im)
{
    CM_T r;
    r.re = re;
    r.im = im;
    return r;
}

/* exp(x) cis(y) 2^expt for CM_EXP_OVFL <= x <= CM_CEXP_OVFL, where exp(x) alone overflows:
 * exp(x) = exp(x - CM_KLN2) 2^CM_K, the mantissa normalised and cos(y), sin(y) scaled by half
 * the power first, so that no product is subnormal before the one final rounding of ldexp */
PC_ELEM CM_T CM_F(exp_scaled)(CM_R x, CM_R y, int expt)
{
    int e2;
    const CM_R m = CM_M(frexp)(CM_M(exp)(x - CM_KLN2), &e2);
    const int k = CM_K + e2 + expt, k1 = k / 2;
    return CM_F(mk)(CM_M(ldexp)(m * CM_M(ldexp)(CM_M(cos)(y), k1), k - k1),
                    CM_M(ldexp)(m * CM_M(ldexp)(CM_M(sin)(y), k1), k - k1));
}

PC_ELEM CM_T CM_F(exp)(CM_T z)
{
    const CM_R x = z.re, y = z.im;
    if (y == 0) {
        return CM_F(mk)(CM_M(exp)(x), y); /* exp(x + 0i) = exp(x) + 0i, NaN and inf x too */
    }
    if (x == 0) {
        return CM_F(mk)(CM_M(cos)(y), CM_M(sin)(y)); /* NaN + NaN i for y inf or NaN */
    }
    if (!isfinite(y)) {
        if (!isinf(x)) {
            return CM_F(mk)(y - y, y - y); /* finite or NaN x: NaN + NaN i */
        }
        if (x < 0) {
            return CM_F(mk)(0, CM_M(copysign)(0, y)); /* exp(-inf + i inf|NaN) = 0 +- 0i */
        }
        return CM_F(mk)(x, y - y); /* exp(+inf + i inf|NaN) = inf + NaN i */
    }
    if (x >= CM_EXP_OVFL && x <= CM_CEXP_OVFL) {
        return CM_F(exp_scaled)(x, y, 0);
    }
    const CM_R e = CM_M(exp)(x); /* 0 or inf beyond the scaled range; NaN x gives NaN */
    return CM_F(mk)(e * CM_M(cos)(y), e * CM_M(sin)(y));
}

PC_ELEM CM_T CM_F(sinh)(CM_T z)
{
    const CM_R x = z.re, y = z.im, ax = CM_M(fabs)(x);
    if (isfinite(x) && isfinite(y)) {
        if (y == 0) {
            return CM_F(mk)(CM_M(sinh)(x), y);
        }
        if (ax < CM_BIG) {
            return CM_F(mk)(CM_M(sinh)(x) * CM_M(cos)(y), CM_M(cosh)(x) * CM_M(sin)(y));
        }
        if (ax < CM_EXP_OVFL) { /* cosh(x) = |sinh(x)| = exp(|x|)/2 to working precision */
            const CM_R h = CM_M(exp)(ax) / 2;
            return CM_F(mk)(CM_M(copysign)(h, x) * CM_M(cos)(y), h * CM_M(sin)(y));
        }
        if (ax <= CM_CEXP_OVFL) {
            const CM_T w = CM_F(exp_scaled)(ax, y, -1);
            return CM_F(mk)(CM_M(copysign)(1, x) * w.re, w.im);
        }
        const CM_R h = CM_M(copysign)((CM_R)INFINITY, x);
        return CM_F(mk)(h * CM_M(cos)(y), (CM_R)INFINITY * CM_M(sin)(y));
    }
    if (x == 0) {
        return CM_F(mk)(x, y - y); /* sinh(+-0 + i inf|NaN) = +-0 + NaN i */
    }
    if (y == 0) {
        return CM_F(mk)(x, y); /* sinh(+-inf|NaN + 0i) = +-inf|NaN + 0i */
    }
    if (isfinite(x)) {
        return CM_F(mk)(y - y, y - y); /* sinh(x + i inf|NaN) = NaN + NaN i */
    }
    if (isinf(x)) {
        if (!isfinite(y)) {
            return CM_F(mk)((CM_R)INFINITY, y - y); /* sinh(+-inf + i inf|NaN) = inf + NaN i */
        }
        return CM_F(mk)(x * CM_M(cos)(y), (CM_R)INFINITY * CM_M(sin)(y));
    }
    return CM_F(mk)(x * (y - y), x * (y - y)); /* NaN x, nonzero y */
}

PC_ELEM CM_T CM_F(cosh)(CM_T z)
{
    const CM_R x = z.re, y = z.im, ax = CM_M(fabs)(x);
    if (isfinite(x) && isfinite(y)) {
        if (y == 0) {
            return CM_F(mk)(CM_M(cosh)(x), x * y);
        }
        if (ax < CM_BIG) {
            return CM_F(mk)(CM_M(cosh)(x) * CM_M(cos)(y), CM_M(sinh)(x) * CM_M(sin)(y));
        }
        if (ax < CM_EXP_OVFL) {
            const CM_R h = CM_M(exp)(ax) / 2;
            return CM_F(mk)(h * CM_M(cos)(y), CM_M(copysign)(h, x) * CM_M(sin)(y));
        }
        if (ax <= CM_CEXP_OVFL) {
            const CM_T w = CM_F(exp_scaled)(ax, y, -1);
            return CM_F(mk)(w.re, CM_M(copysign)(1, x) * w.im);
        }
        const CM_R h = CM_M(copysign)((CM_R)INFINITY, x);
        return CM_F(mk)((CM_R)INFINITY * CM_M(cos)(y), h * CM_M(sin)(y));
    }
    if (x == 0) {
        return CM_F(mk)(y - y, 0); /* cosh(+-0 + i inf|NaN) = NaN + 0i */
    }
    if (y == 0) { /* cosh(+-inf + 0i) = inf + 0i signed like x y; cosh(NaN + 0i) = NaN + 0i */
        return CM_F(mk)(x * x, isnan(x) ? y : CM_M(copysign)(0, x) * y);
    }
    if (isfinite(x)) {
        return CM_F(mk)(y - y, x * (y - y)); /* cosh(x + i inf|NaN) = NaN + NaN i */
    }
    if (isinf(x)) {
        if (!isfinite(y)) {
            return CM_F(mk)((CM_R)INFINITY, x * (y - y)); /* +inf + NaN i */
        }
        return CM_F(mk)((CM_R)INFINITY * CM_M(cos)(y), x * CM_M(sin)(y));
    }
    return CM_F(mk)((x * x) * (y - y), (x + x) * (y - y)); /* NaN x, nonzero y */
}

/* Kahan's tanh: with t = tan(y), b = 1 + t^2, s = sinh(x), r = cosh(x) = sqrt(1 + s^2),
 * tanh(z) = (b r s + i t) / (1 + b s^2) */
PC_ELEM CM_T CM_F(tanh)(CM_T z)
{
    const CM_R x = z.re, y = z.im;
    if (isnan(x)) {
        return CM_F(mk)(x + y, y == 0 ? y : x + y); /* tanh(NaN +- 0i) = NaN +- 0i */
    }
    if (isinf(x)) { /* +-1 + 0i, the zero signed like sin(2y) */
        return CM_F(mk)(CM_M(copysign)(1, x),
                        CM_M(copysign)(0, isinf(y) ? y : CM_M(sin)(y) * CM_M(cos)(y)));
    }
    if (!isfinite(y)) { /* tanh(+-0 + i inf|NaN) = +-0 + NaN i, other finite x NaN + NaN i */
        return CM_F(mk)(x == 0 ? x : y - y, y - y);
    }
    if (CM_M(fabs)(x) >= CM_BIG) { /* +-1 + 4 sin(y) cos(y) exp(-2|x|) i */
        const CM_R e = CM_M(exp)(-CM_M(fabs)(x));
        return CM_F(mk)(CM_M(copysign)(1, x), 4 * CM_M(sin)(y) * CM_M(cos)(y) * e * e);
    }
    const CM_R t = CM_M(tan)(y), b = 1 + t * t, s = CM_M(sinh)(x);
    const CM_R r = CM_M(sqrt)(1 + s * s), d = 1 + b * s * s;
    return CM_F(mk)((b * r * s) / d, t / d);
}

/* the trigonometric functions: f(z) = -i g(iz) or g(iz), iz = -y + ix */
PC_ELEM CM_T CM_F(sin)(CM_T z)
{
    if (isinf(z.im) && !isfinite(z.re)) {
        return CM_F(mk)(z.re - z.re, (CM_R)INFINITY); /* sin(inf|NaN +- i inf) = NaN + inf i */
    }
    const CM_T w = CM_F(sinh)(CM_F(mk)(-z.im, z.re));
    return CM_F(mk)(w.im, -w.re);
}

PC_ELEM CM_T CM_F(cos)(CM_T z) { return CM_F(cosh)(CM_F(mk)(-z.im, z.re)); }

PC_ELEM CM_T CM_F(tan)(CM_T z)
{
    const CM_T w = CM_F(tanh)(CM_F(mk)(-z.im, z.re));
    return CM_F(mk)(w.im, -w.re);
}
