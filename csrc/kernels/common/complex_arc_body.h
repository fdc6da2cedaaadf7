/*
 * complex_arc_body.h - asinh, asin, acos, acosh, atanh and atan for one real type (CM_R,
 * names CM_F(name), math functions CM_M(fn)); included by complex_math.h once per type after
 * complex_log_body.h, no include guard. Special values: C99 Annex G (G.6.1.1-3, G.6.2.1-3).
 *
 * asinh and acos after Hull, Fairgrieve and Tang: with x, y >= 0, R = |z + i|, S = |z - i|,
 * A = (R + S)/2 >= 1 and B = y/A <= 1,
 *     asinh(z) = log(A + sqrt(A^2 - 1)) + i asin(B),
 * A - 1 and A - y computed without cancellation as sums of half_gap(a, b) = (hypot(a, b) - b)/2
 * (Montgomery-Smith's f), and asin(B) as atan2(y, sqrt(A^2 - y^2)) when B is near 1.
 */

PC_ELEM CM_R CM_F(half_gap)(CM_R a, CM_R b, CM_R hyp)
{
    if (b < 0) {
        return (hyp - b) / 2;
    }
    if (b == 0) {
        return a / 2;
    }
    return a * a / (hyp + b) / 2;
}

/* for 0 <= x, y < 1/eps: *re = log(A + sqrt(A^2 - 1)); the angle asin(B) is asin(*b) when the
 * result is 1, else atan2(*num, *den) (den = sqrt(A^2 - y^2), both scaled alike where den
 * would underflow) */
PC_ELEM int CM_F(asinh_kernel)(CM_R x, CM_R y, CM_R *re, CM_R *b, CM_R *num, CM_R *den)
{
    const CM_R r = CM_M(hypot)(x, y + 1), s = CM_M(hypot)(x, y - 1);
    CM_R a = (r + s) / 2;
    a = a < 1 ? (CM_R)1 : a;
    const CM_R eps = CM_EPS;
    if (a < 10) {
        if (y == 1 && x < eps * eps / 128) {
            *re = CM_M(sqrt)(x);
        } else if (x >= eps * CM_M(fabs)(y - 1)) {
            const CM_R am1 = CM_F(half_gap)(x, 1 + y, r) + CM_F(half_gap)(x, 1 - y, s);
            *re = CM_M(log1p)(am1 + CM_M(sqrt)(am1 * (a + 1)));
        } else if (y < 1) {
            *re = x / CM_M(sqrt)((1 - y) * (1 + y));
        } else {
            *re = CM_M(log1p)((y - 1) + CM_M(sqrt)((y - 1) * (y + 1)));
        }
    } else {
        *re = CM_M(log)(a + CM_M(sqrt)(a * a - 1));
    }
    *num = y;
    if (y < CM_4_SQRT_MIN) { /* y/A could underflow: the angle through atan2, scaled */
        *den = a * (2 / eps);
        *num = y * (2 / eps);
        return 0;
    }
    *b = y / a;
    if (*b <= (CM_R)0.6417) {
        return 1;
    }
    if (y == 1 && x < eps / 128) {
        *den = CM_M(sqrt)(x) * CM_M(sqrt)((a + y) / 2);
    } else if (x >= eps * CM_M(fabs)(y - 1)) {
        const CM_R amy = CM_F(half_gap)(x, y + 1, r) + CM_F(half_gap)(x, y - 1, s);
        *den = CM_M(sqrt)(amy * (a + y));
    } else if (y > 1) {
        const CM_R sc = 4 / eps / eps;
        *den = x * sc * y / CM_M(sqrt)((y + 1) * (y - 1));
        *num = y * sc;
    } else {
        *den = CM_M(sqrt)((1 - y) * (1 + y));
    }
    return 0;
}

/* log z for |z| beyond 1/eps, finite or infinite */
PC_ELEM CM_T CM_F(log_large)(CM_R x, CM_R y)
{
    return CM_F(mk)(CM_F(log_abs)(x, y), CM_M(atan2)(y, x));
}

PC_ELEM CM_T CM_F(asinh)(CM_T z)
{
    const CM_R x = z.re, y = z.im, ax = CM_M(fabs)(x), ay = CM_M(fabs)(y);
    const CM_R ln2 = (CM_R)0.693147180559945309417232121458176568;
    if (isnan(x) || isnan(y)) {
        if (isinf(x)) {
            return CM_F(mk)(x, y + y); /* +-inf + NaN i */
        }
        if (isinf(y)) {
            return CM_F(mk)((CM_R)INFINITY, x + x); /* asinh(NaN +- i inf) = inf + NaN i */
        }
        if (y == 0) {
            return CM_F(mk)(x + x, y); /* NaN +- 0i */
        }
        return CM_F(mk)(x + y, x + y);
    }
    if (ax > 1 / CM_EPS || ay > 1 / CM_EPS) { /* asinh(z) = sign(x) (log(2 sign(x) z)) */
        const int neg = CM_M(copysign)(1, x) < 0;
        const CM_T w = CM_F(log_large)(neg ? -x : x, neg ? -y : y);
        return CM_F(mk)(CM_M(copysign)(w.re + ln2, x), CM_M(copysign)(w.im, y));
    }
    if (ax < CM_SQRT_6_EPS / 4 && ay < CM_SQRT_6_EPS / 4) {
        return z; /* asinh(z) = z + O(z^3) */
    }
    CM_R re, b, num, den;
    const CM_R im = CM_F(asinh_kernel)(ax, ay, &re, &b, &num, &den) ? CM_M(asin)(b)
                                                                     : CM_M(atan2)(num, den);
    return CM_F(mk)(CM_M(copysign)(re, x), CM_M(copysign)(im, y));
}

/* asin(z) = -i asinh(iz), which for the parts is asinh with re and im exchanged */
PC_ELEM CM_T CM_F(asin)(CM_T z)
{
    const CM_T w = CM_F(asinh)(CM_F(mk)(z.im, z.re));
    return CM_F(mk)(w.im, w.re);
}

/* acos(z) = pi/2 - asin(z), computed from the same kernel so that it is accurate near 1 */
PC_ELEM CM_T CM_F(acos)(CM_T z)
{
    const CM_R x = z.re, y = z.im, ax = CM_M(fabs)(x), ay = CM_M(fabs)(y);
    const int negx = CM_M(copysign)(1, x) < 0, negy = CM_M(copysign)(1, y) < 0;
    const CM_R ln2 = (CM_R)0.693147180559945309417232121458176568;
    const CM_R pio2 = (CM_R)1.57079632679489661923132169163975144;
    if (isnan(x) || isnan(y)) {
        if (isinf(x)) {
            return CM_F(mk)(y + y, -(CM_R)INFINITY); /* NaN - inf i */
        }
        if (isinf(y)) {
            return CM_F(mk)(x + x, -y); /* NaN -+ inf i */
        }
        if (x == 0) {
            return CM_F(mk)(pio2, y + y); /* pi/2 + NaN i */
        }
        return CM_F(mk)(x + y, x + y);
    }
    if (ax > 1 / CM_EPS || ay > 1 / CM_EPS) { /* acos(z) = -+i log(2z) */
        const CM_T w = CM_F(log_large)(x, y);
        const CM_R im = w.re + ln2;
        return CM_F(mk)(CM_M(fabs)(w.im), negy ? im : -im);
    }
    if (x == 1 && y == 0) {
        return CM_F(mk)(0, -y);
    }
    if (ax < CM_SQRT_6_EPS / 4 && ay < CM_SQRT_6_EPS / 4) {
        return CM_F(mk)(pio2 - x, -y); /* acos(z) = pi/2 - z + O(z^3) */
    }
    CM_R im, b, num, den, re;
    if (CM_F(asinh_kernel)(ay, ax, &im, &b, &num, &den)) {
        re = CM_M(acos)(negx ? -b : b);
    } else {
        re = CM_M(atan2)(den, negx ? -num : num);
    }
    return CM_F(mk)(re, negy ? im : -im);
}

/* acosh(z) = +-i acos(z), the sign making the real part >= 0 */
PC_ELEM CM_T CM_F(acosh)(CM_T z)
{
    const CM_T w = CM_F(acos)(z);
    if (isnan(w.re) && isnan(w.im)) {
        return CM_F(mk)(w.im, w.re);
    }
    if (isnan(w.re)) {
        return CM_F(mk)(CM_M(fabs)(w.im), w.re); /* +inf + NaN i */
    }
    if (isnan(w.im)) {
        return CM_F(mk)(w.im, w.re); /* acosh(+-0 + NaN i) = NaN + pi/2 i */
    }
    return CM_F(mk)(CM_M(fabs)(w.im), CM_M(copysign)(w.re, z.im));
}

/* Re(1/(x + iy)) = x/(x^2 + y^2) for |z| beyond 1/eps, scaled away from overflow */
PC_ELEM CM_R CM_F(recip_re)(CM_R x, CM_R y)
{
    if (isinf(x) || isinf(y)) {
        return CM_M(copysign)(0, x);
    }
    const CM_R m = CM_M(fabs)(x) > CM_M(fabs)(y) ? CM_M(fabs)(x) : CM_M(fabs)(y);
    const int e = CM_M(ilogb)(m);
    const CM_R xs = CM_M(ldexp)(x, -e), ys = CM_M(ldexp)(y, -e);
    return CM_M(ldexp)(xs / (xs * xs + ys * ys), -e);
}

/* atanh(z) = log((1 + z)/(1 - z))/2 = log1p(4x / |z - 1|^2)/4 + i atan2(2y, (1-x)(1+x) - y^2)/2 */
PC_ELEM CM_T CM_F(atanh)(CM_T z)
{
    const CM_R x = z.re, y = z.im, ax = CM_M(fabs)(x), ay = CM_M(fabs)(y);
    const CM_R ln2 = (CM_R)0.693147180559945309417232121458176568;
    const CM_R pio2 = (CM_R)1.57079632679489661923132169163975144;
    if (y == 0 && ax <= 1) {
        return CM_F(mk)(CM_M(atanh)(x), y);
    }
    if (x == 0) {
        return CM_F(mk)(x, CM_M(atan)(y));
    }
    if (isnan(x) || isnan(y)) {
        if (isinf(x)) {
            return CM_F(mk)(CM_M(copysign)(0, x), y + y); /* +-0 + NaN i */
        }
        if (isinf(y)) {
            return CM_F(mk)(CM_M(copysign)(0, x), CM_M(copysign)(pio2, y)); /* +-0 +- pi/2 i */
        }
        return CM_F(mk)(x + y, x + y);
    }
    if (ax > 1 / CM_EPS || ay > 1 / CM_EPS) { /* atanh(z) = 1/z +- i pi/2 + O(1/z^3) */
        return CM_F(mk)(CM_F(recip_re)(x, y), CM_M(copysign)(pio2, y));
    }
    if (ax < CM_SQRT_3_EPS / 2 && ay < CM_SQRT_3_EPS / 2) {
        return z; /* atanh(z) = z + O(z^3) */
    }
    CM_R re, im;
    if (ax == 1 && ay < CM_EPS) {
        re = (ln2 - CM_M(log)(ay)) / 2;
    } else {
        const CM_R d = ax - 1, sq = ay < CM_SQRT_MIN ? d * d : d * d + ay * ay;
        re = CM_M(log1p)(4 * ax / sq) / 4;
    }
    if (ax == 1) {
        im = CM_M(atan2)(2, -ay) / 2;
    } else if (ay < CM_EPS) {
        im = CM_M(atan2)(2 * ay, (1 - ax) * (1 + ax)) / 2;
    } else {
        im = CM_M(atan2)(2 * ay, (1 - ax) * (1 + ax) - ay * ay) / 2;
    }
    return CM_F(mk)(CM_M(copysign)(re, x), CM_M(copysign)(im, y));
}

/* atan(z) = -i atanh(iz): atanh with the parts exchanged */
PC_ELEM CM_T CM_F(atan)(CM_T z)
{
    const CM_T w = CM_F(atanh)(CM_F(mk)(z.im, z.re));
    return CM_F(mk)(w.im, w.re);
}
