/*
 * complex_log_body.h - log, sqrt and pow for one real type (CM_R, names CM_F(name), math
 * functions CM_M(fn)); included by complex_math.h once per type after complex_exp_body.h, no
 * include guard. Special values: C99 Annex G (G.6.3.2, G.6.4.2).
 */

/* s + err = a + b exactly (Knuth's two-sum) */
PC_ELEM CM_R CM_F(two_sum)(CM_R a, CM_R b, CM_R *err)
{
    const CM_R s = a + b, bb = s - a;
    *err = (a - (s - bb)) + (b - bb);
    return s;
}

/* log|x + iy| for finite x, y: log1p of x^2 + y^2 - 1, summed from fma products with two-sums, near
 * the unit circle; hypot scaled away from overflow and from subnormal results elsewhere */
PC_ELEM CM_R CM_F(log_abs)(CM_R x, CM_R y)
{
    CM_R ax = CM_M(fabs)(x), ay = CM_M(fabs)(y);
    if (ax < ay) {
        const CM_R t = ax;
        ax = ay;
        ay = t;
    }
    const CM_R ln2 = (CM_R)0.693147180559945309417232121458176568;
    if (ax > CM_MAX / 2) {
        return CM_M(log)(CM_M(hypot)(ax / 2, ay / 2)) + ln2;
    }
    if (ax < CM_MIN / CM_EPS) { /* hypot would be subnormal: scale by 1/eps^2 */
        const CM_R s = 1 / (CM_EPS * CM_EPS);
        const CM_R ls = 2 * (CM_R)(-CM_M(ilogb)(CM_EPS)) * ln2;
        return CM_M(log)(CM_M(hypot)(ax * s, ay * s)) - ls;
    }
    const CM_R h = CM_M(hypot)(ax, ay);
    if (h < (CM_R)0.5 || h > 2) {
        return CM_M(log)(h);
    }
    const CM_R p1 = ax * ax, e1 = CM_M(fma)(ax, ax, -p1);
    const CM_R p2 = ay * ay, e2 = CM_M(fma)(ay, ay, -p2);
    CM_R t1, t2, t3, t4; /* the terms from the largest: each partial sum exact with its tail */
    const CM_R s1 = CM_F(two_sum)(p1, -1, &t1);
    const CM_R s2 = CM_F(two_sum)(s1, p2, &t2);
    const CM_R s3 = CM_F(two_sum)(s2, e1, &t3);
    const CM_R s4 = CM_F(two_sum)(s3, e2, &t4);
    return CM_M(log1p)(s4 + ((t1 + t2) + (t3 + t4))) / 2;
}

PC_ELEM CM_T CM_F(log)(CM_T z)
{
    const CM_R x = z.re, y = z.im;
    if (isinf(x) || isinf(y)) {
        return CM_F(mk)((CM_R)INFINITY, CM_M(atan2)(y, x)); /* inf + NaN i with a NaN part */
    }
    if (isnan(x) || isnan(y)) {
        return CM_F(mk)(x + y, x + y);
    }
    return CM_F(mk)(CM_F(log_abs)(x, y), CM_M(atan2)(y, x)); /* log(+-0 + 0i) = -inf + 0|pi i */
}

/* CACM algorithm 312: sqrt((|x| + |z|)/2) and y over twice it, scaled away from overflow and
 * from two subnormal parts */
PC_ELEM CM_T CM_F(sqrt)(CM_T z)
{
    CM_R a = z.re, b = z.im;
    if (a == 0 && b == 0) {
        return CM_F(mk)(0, b);
    }
    if (isinf(b)) {
        return CM_F(mk)((CM_R)INFINITY, b);
    }
    if (isnan(a)) {
        return CM_F(mk)(a + (b - b), a + (b - b));
    }
    if (isinf(a)) { /* +inf: inf + 0i (NaN i for NaN b); -inf: 0 + inf i (NaN + inf i) */
        if (a < 0) {
            return CM_F(mk)(CM_M(fabs)(b - b), CM_M(copysign)(a, b));
        }
        return CM_F(mk)(a, CM_M(copysign)(b - b, b));
    }
    if (isnan(b)) {
        return CM_F(mk)(b + (a - a), b + (a - a));
    }
    CM_R scale = 1;
    if (CM_M(fabs)(a) >= CM_MAX * (CM_R)0.41421356 || CM_M(fabs)(b) >= CM_MAX * (CM_R)0.41421356) {
        if (CM_M(fabs)(a) >= 4 * CM_MIN) {
            a *= (CM_R)0.25;
        }
        if (CM_M(fabs)(b) >= 4 * CM_MIN) {
            b *= (CM_R)0.25;
        }
        scale = 2;
    }
    if (CM_M(fabs)(a) < CM_MIN && CM_M(fabs)(b) < CM_MIN) {
        a *= CM_SUB_SCALE;
        b *= CM_SUB_SCALE;
        scale = CM_SUB_UNSCALE;
    }
    if (a >= 0) {
        const CM_R t = CM_M(sqrt)((a + CM_M(hypot)(a, b)) * (CM_R)0.5);
        return CM_F(mk)(scale * t, scale * b / (2 * t));
    }
    const CM_R t = CM_M(sqrt)((-a + CM_M(hypot)(a, b)) * (CM_R)0.5);
    return CM_F(mk)(scale * CM_M(fabs)(b) / (2 * t), CM_M(copysign)(scale * t, b));
}

/* z^w = exp(w log z), the product written out as the element layer's textbook product */
PC_ELEM CM_T CM_F(pow)(CM_T z, CM_T w)
{
    const CM_T l = CM_F(log)(z);
    return CM_F(exp)(CM_F(mk)(w.re * l.re - w.im * l.im, w.re * l.im + w.im * l.re));
}

PC_ELEM CM_R CM_F(abs)(CM_T z) { return CM_M(hypot)(z.re, z.im); }
