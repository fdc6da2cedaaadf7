/*
 * fft_radix_impl.h - the mixed-radix butterflies and Stockham passes of one precision, on lane
 * vectors: every FCV holds FL independent lines' values, so each operation below advances FL
 * transforms at once. Part of fft_body_impl.h. No include guard.
 *
 * Only forward transforms (exp(-2 pi i jk/n)) are computed here; backward ones conjugate on the
 * way in and out (fft_lines_impl.h).
 *
 * [Why Stockham passes] FFTPACK's decimation-in-time passes, as pocketfft uses them: pass k
 * with radix ip reads cc[i + ido*(j + ip*k)] and writes ch[i + ido*(k + l1*j)], so the result
 * comes out in natural order without a bit-reversal permutation and every pass streams through
 * memory. Radices 2, 3, 4, 5, 7 and 8 are hard-coded; other primes use a generic O(p) per
 * element butterfly with the plan's roots of unity.
 */

FFT_INLINE FCV CADD(FCV a, FCV b)
{
    FCV c = {a.r + b.r, a.i + b.i};
    return c;
}

FFT_INLINE FCV CSUB(FCV a, FCV b)
{
    FCV c = {a.r - b.r, a.i - b.i};
    return c;
}

/* a * w for one complex scalar w (the same for every lane) */
FFT_INLINE FCV CMULW(FCV a, FC w)
{
    FCV c = {a.r * w.r - a.i * w.i, a.r * w.i + a.i * w.r};
    return c;
}

/* a * b, lane by lane */
FFT_INLINE FCV CMUL(FCV a, FCV b)
{
    FCV c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r};
    return c;
}

/* a * (-i) */
FFT_INLINE FCV CROT(FCV a)
{
    FCV c = {a.i, -a.r};
    return c;
}

/* Store output j (>= 1) of a butterfly, times its twiddle w[(j-1) * ws] when w is set. */
FFT_INLINE void CPUT(FCV *dst, FCV v, const FC *w, int64_t j, int64_t ws)
{
    *dst = w != NULL ? CMULW(v, w[(j - 1) * ws]) : v;
}

/* The pair ca + i cb, ca - i cb of an odd-radix butterfly. */
FFT_INLINE void FFN(odd_pair)(FCV ca, FCV cb, FCV *plus, FCV *minus)
{
    plus->r = ca.r - cb.i;
    plus->i = ca.i + cb.r;
    minus->r = ca.r + cb.i;
    minus->i = ca.i - cb.r;
}

/* Butterflies: read ip values in[j * is], write out[j * os] (times twiddles for j >= 1). */

FFT_INLINE void FFN(bf2)(const FCV *in, int64_t is, FCV *out, int64_t os, const FC *w,
                         int64_t ws)
{
    const FCV x0 = in[0];
    const FCV x1 = in[is];
    out[0] = CADD(x0, x1);
    CPUT(out + os, CSUB(x0, x1), w, 1, ws);
}

FFT_INLINE void FFN(bf3)(const FCV *in, int64_t is, FCV *out, int64_t os, const FC *w,
                         int64_t ws)
{
    const FR s3 = (FR)-0.86602540378443864676; /* -sin(2 pi / 3) */
    const FCV x0 = in[0];
    const FCV t1 = CADD(in[is], in[2 * is]);
    const FCV t2 = CSUB(in[is], in[2 * is]);
    out[0] = CADD(x0, t1);
    FCV ca = {x0.r - (FR)0.5 * t1.r, x0.i - (FR)0.5 * t1.i};
    FCV cb = {s3 * t2.r, s3 * t2.i};
    FCV y1;
    FCV y2;
    FFN(odd_pair)(ca, cb, &y1, &y2);
    CPUT(out + os, y1, w, 1, ws);
    CPUT(out + 2 * os, y2, w, 2, ws);
}

FFT_INLINE void FFN(bf4)(const FCV *in, int64_t is, FCV *out, int64_t os, const FC *w,
                         int64_t ws)
{
    const FCV t2 = CADD(in[0], in[2 * is]);
    const FCV t1 = CSUB(in[0], in[2 * is]);
    const FCV t3 = CADD(in[is], in[3 * is]);
    const FCV t4 = CROT(CSUB(in[is], in[3 * is]));
    out[0] = CADD(t2, t3);
    CPUT(out + os, CADD(t1, t4), w, 1, ws);
    CPUT(out + 2 * os, CSUB(t2, t3), w, 2, ws);
    CPUT(out + 3 * os, CSUB(t1, t4), w, 3, ws);
}

FFT_INLINE void FFN(bf5)(const FCV *in, int64_t is, FCV *out, int64_t os, const FC *w,
                         int64_t ws)
{
    const FR c1 = (FR)0.30901699437494742410;  /* cos(2 pi / 5) */
    const FR c2 = (FR)-0.80901699437494742410; /* cos(4 pi / 5) */
    const FR s1 = (FR)-0.95105651629515357212; /* -sin(2 pi / 5) */
    const FR s2 = (FR)-0.58778525229247312917; /* -sin(4 pi / 5) */
    const FCV x0 = in[0];
    const FCV t1 = CADD(in[is], in[4 * is]);
    const FCV d1 = CSUB(in[is], in[4 * is]);
    const FCV t2 = CADD(in[2 * is], in[3 * is]);
    const FCV d2 = CSUB(in[2 * is], in[3 * is]);
    out[0] = CADD(x0, CADD(t1, t2));
    FCV y[5];
    FCV ca = {x0.r + c1 * t1.r + c2 * t2.r, x0.i + c1 * t1.i + c2 * t2.i};
    FCV cb = {s1 * d1.r + s2 * d2.r, s1 * d1.i + s2 * d2.i};
    FFN(odd_pair)(ca, cb, &y[1], &y[4]);
    ca.r = x0.r + c2 * t1.r + c1 * t2.r;
    ca.i = x0.i + c2 * t1.i + c1 * t2.i;
    cb.r = s2 * d1.r - s1 * d2.r;
    cb.i = s2 * d1.i - s1 * d2.i;
    FFN(odd_pair)(ca, cb, &y[2], &y[3]);
    for (int j = 1; j < 5; j++) {
        CPUT(out + j * os, y[j], w, j, ws);
    }
}

FFT_INLINE void FFN(bf7)(const FCV *in, int64_t is, FCV *out, int64_t os, const FC *w,
                         int64_t ws)
{
    const FR c1 = (FR)0.62348980185873353053;  /* cos(2 pi k / 7) */
    const FR c2 = (FR)-0.22252093395631440429;
    const FR c3 = (FR)-0.90096886790241912624;
    const FR s1 = (FR)-0.78183148246802980871; /* -sin(2 pi k / 7) */
    const FR s2 = (FR)-0.97492791218182360702;
    const FR s3 = (FR)-0.43388373911755812048;
    const FCV x0 = in[0];
    const FCV t1 = CADD(in[is], in[6 * is]);
    const FCV d1 = CSUB(in[is], in[6 * is]);
    const FCV t2 = CADD(in[2 * is], in[5 * is]);
    const FCV d2 = CSUB(in[2 * is], in[5 * is]);
    const FCV t3 = CADD(in[3 * is], in[4 * is]);
    const FCV d3 = CSUB(in[3 * is], in[4 * is]);
    out[0] = CADD(x0, CADD(t1, CADD(t2, t3)));
    FCV y[7];
    FCV ca;
    FCV cb;
    ca.r = x0.r + c1 * t1.r + c2 * t2.r + c3 * t3.r;
    ca.i = x0.i + c1 * t1.i + c2 * t2.i + c3 * t3.i;
    cb.r = s1 * d1.r + s2 * d2.r + s3 * d3.r;
    cb.i = s1 * d1.i + s2 * d2.i + s3 * d3.i;
    FFN(odd_pair)(ca, cb, &y[1], &y[6]);
    ca.r = x0.r + c2 * t1.r + c3 * t2.r + c1 * t3.r;
    ca.i = x0.i + c2 * t1.i + c3 * t2.i + c1 * t3.i;
    cb.r = s2 * d1.r - s3 * d2.r - s1 * d3.r;
    cb.i = s2 * d1.i - s3 * d2.i - s1 * d3.i;
    FFN(odd_pair)(ca, cb, &y[2], &y[5]);
    ca.r = x0.r + c3 * t1.r + c1 * t2.r + c2 * t3.r;
    ca.i = x0.i + c3 * t1.i + c1 * t2.i + c2 * t3.i;
    cb.r = s3 * d1.r - s1 * d2.r + s2 * d3.r;
    cb.i = s3 * d1.i - s1 * d2.i + s2 * d3.i;
    FFN(odd_pair)(ca, cb, &y[3], &y[4]);
    for (int j = 1; j < 7; j++) {
        CPUT(out + j * os, y[j], w, j, ws);
    }
}

FFT_INLINE void FFN(bf8)(const FCV *in, int64_t is, FCV *out, int64_t os, const FC *w,
                         int64_t ws)
{
    const FR hs = (FR)0.70710678118654752440; /* sqrt(2) / 2 */
    /* two radix-4 butterflies on the even and odd inputs */
    const FCV a0 = CADD(in[0], in[4 * is]);
    const FCV a1 = CSUB(in[0], in[4 * is]);
    const FCV a2 = CADD(in[2 * is], in[6 * is]);
    const FCV a3 = CROT(CSUB(in[2 * is], in[6 * is]));
    const FCV e0 = CADD(a0, a2);
    const FCV e2 = CSUB(a0, a2);
    const FCV e1 = CADD(a1, a3);
    const FCV e3 = CSUB(a1, a3);
    const FCV b0 = CADD(in[is], in[5 * is]);
    const FCV b1 = CSUB(in[is], in[5 * is]);
    const FCV b2 = CADD(in[3 * is], in[7 * is]);
    const FCV b3 = CROT(CSUB(in[3 * is], in[7 * is]));
    const FCV o0 = CADD(b0, b2);
    const FCV o2 = CROT(CSUB(b0, b2));
    const FCV p1 = CADD(b1, b3);
    const FCV p3 = CSUB(b1, b3);
    /* o1 = w8 * p1, o3 = w8^3 * p3 with w8 = exp(-i pi / 4) */
    const FCV o1 = {hs * (p1.r + p1.i), hs * (p1.i - p1.r)};
    const FCV o3 = {hs * (p3.i - p3.r), -hs * (p3.r + p3.i)};
    out[0] = CADD(e0, o0);
    CPUT(out + os, CADD(e1, o1), w, 1, ws);
    CPUT(out + 2 * os, CADD(e2, o2), w, 2, ws);
    CPUT(out + 3 * os, CADD(e3, o3), w, 3, ws);
    CPUT(out + 4 * os, CSUB(e0, o0), w, 4, ws);
    CPUT(out + 5 * os, CSUB(e1, o1), w, 5, ws);
    CPUT(out + 6 * os, CSUB(e2, o2), w, 6, ws);
    CPUT(out + 7 * os, CSUB(e3, o3), w, 7, ws);
}

/* Any odd prime ip, with roots[k] = exp(-2 pi i k / ip) and scratch for ip - 1 vectors. */
static void FFN(bfg)(int64_t ip, const FCV *in, int64_t is, FCV *out, int64_t os, const FC *w,
                     int64_t ws, const FC *roots, FCV *scr)
{
    const int64_t h = (ip - 1) / 2;
    FCV *t = scr;
    FCV *d = scr + h;
    const FCV x0 = in[0];
    FCV y0 = x0;
    for (int64_t m = 1; m <= h; m++) {
        t[m - 1] = CADD(in[m * is], in[(ip - m) * is]);
        d[m - 1] = CSUB(in[m * is], in[(ip - m) * is]);
        y0 = CADD(y0, t[m - 1]);
    }
    out[0] = y0;
    for (int64_t u = 1; u <= h; u++) {
        const FV zero = {0};
        FCV ca = x0;
        FCV cb = {zero, zero};
        int64_t idx = 0;
        for (int64_t m = 1; m <= h; m++) {
            idx += u;
            if (idx >= ip) {
                idx -= ip;
            }
            const FR c = roots[idx].r;
            const FR s = roots[idx].i;
            ca.r += c * t[m - 1].r;
            ca.i += c * t[m - 1].i;
            cb.r += s * d[m - 1].r;
            cb.i += s * d[m - 1].i;
        }
        FCV yp;
        FCV ym;
        FFN(odd_pair)(ca, cb, &yp, &ym);
        CPUT(out + u * os, yp, w, u, ws);
        CPUT(out + (ip - u) * os, ym, w, ip - u, ws);
    }
}

FFT_INLINE void FFN(bfly)(int64_t ip, const FCV *in, int64_t is, FCV *out, int64_t os,
                          const FC *w, int64_t ws, const FC *roots, FCV *scr)
{
    switch (ip) {
    case 2: FFN(bf2)(in, is, out, os, w, ws); break;
    case 3: FFN(bf3)(in, is, out, os, w, ws); break;
    case 4: FFN(bf4)(in, is, out, os, w, ws); break;
    case 5: FFN(bf5)(in, is, out, os, w, ws); break;
    case 7: FFN(bf7)(in, is, out, os, w, ws); break;
    case 8: FFN(bf8)(in, is, out, os, w, ws); break;
    default: FFN(bfg)(ip, in, is, out, os, w, ws, roots, scr); break;
    }
}

/* One Stockham pass of radix ip (a constant after inlining for the hard-coded radices). The
 * last pass (ido == 1) has no twiddles; elsewhere output j of butterfly (i, k) is multiplied
 * by wa[(j-1) * ido + i] = w^(j * l1 * i). */
FFT_INLINE void FFN(pass_t)(int64_t ip, int64_t ido, int64_t l1, const FCV *restrict cc,
                            FCV *restrict ch, const FC *restrict wa, const FC *roots, FCV *scr)
{
    if (ido == 1) {
        for (int64_t k = 0; k < l1; k++) {
            FFN(bfly)(ip, cc + ip * k, 1, ch + k, l1, NULL, 0, roots, scr);
        }
        return;
    }
    for (int64_t k = 0; k < l1; k++) {
        const FCV *src = cc + ido * ip * k;
        FCV *dst = ch + ido * k;
        for (int64_t i = 0; i < ido; i++) {
            FFN(bfly)(ip, src + i, ido, dst + i, ido * l1, wa + i, ido, roots, scr);
        }
    }
}

static void FFN(pass2)(int64_t ido, int64_t l1, const FCV *cc, FCV *ch, const FC *wa)
{
    FFN(pass_t)(2, ido, l1, cc, ch, wa, NULL, NULL);
}
static void FFN(pass3)(int64_t ido, int64_t l1, const FCV *cc, FCV *ch, const FC *wa)
{
    FFN(pass_t)(3, ido, l1, cc, ch, wa, NULL, NULL);
}
static void FFN(pass4)(int64_t ido, int64_t l1, const FCV *cc, FCV *ch, const FC *wa)
{
    FFN(pass_t)(4, ido, l1, cc, ch, wa, NULL, NULL);
}
static void FFN(pass5)(int64_t ido, int64_t l1, const FCV *cc, FCV *ch, const FC *wa)
{
    FFN(pass_t)(5, ido, l1, cc, ch, wa, NULL, NULL);
}
static void FFN(pass7)(int64_t ido, int64_t l1, const FCV *cc, FCV *ch, const FC *wa)
{
    FFN(pass_t)(7, ido, l1, cc, ch, wa, NULL, NULL);
}
static void FFN(pass8)(int64_t ido, int64_t l1, const FCV *cc, FCV *ch, const FC *wa)
{
    FFN(pass_t)(8, ido, l1, cc, ch, wa, NULL, NULL);
}
static void FFN(passg)(int64_t ip, int64_t ido, int64_t l1, const FCV *cc, FCV *ch,
                       const FC *wa, const FC *roots, FCV *scr)
{
    FFN(pass_t)(ip, ido, l1, cc, ch, wa, roots, scr);
}

/* Run the plan's passes on the lanes in `a` (p->n vectors), ping-ponging with `b`; returns the
 * buffer that holds the result. `scr` has room for p->maxgen vectors. */
static FCV *FFN(stockham_run)(const fft_plan *p, FCV *a, FCV *b, FCV *scr)
{
    const FC *tw = (const FC *)p->tw;
    int64_t l1 = 1;
    for (int k = 0; k < p->nfct; k++) {
        const int64_t ip = p->fct[k];
        const int64_t ido = p->n / (l1 * ip);
        const FC *wa = tw + p->twoff[k];
        switch (ip) {
        case 2: FFN(pass2)(ido, l1, a, b, wa); break;
        case 3: FFN(pass3)(ido, l1, a, b, wa); break;
        case 4: FFN(pass4)(ido, l1, a, b, wa); break;
        case 5: FFN(pass5)(ido, l1, a, b, wa); break;
        case 7: FFN(pass7)(ido, l1, a, b, wa); break;
        case 8: FFN(pass8)(ido, l1, a, b, wa); break;
        default: FFN(passg)(ip, ido, l1, a, b, wa, tw + p->rootoff[k], scr); break;
        }
        FCV *t = a;
        a = b;
        b = t;
        l1 *= ip;
    }
    return a;
}
