/*
 * fft_real_impl.h - real-to-complex and complex-to-real transforms for one precision. Part of
 * fft_body_impl.h. No include guard.
 *
 * [Why a half-length complex transform] For even n the real line x is read as n/2 complex
 * values z_j = x_{2j} + i x_{2j+1}; with Z = FFT_{n/2}(z), the even and odd samples' spectra
 * are E_k = (Z_k + conj Z_{h-k}) / 2 and O_k = -i (Z_k - conj Z_{h-k}) / 2 (h = n/2), and
 * X_k = E_k + W^k O_k with W = exp(-2 pi i / n): half the work of a complex transform of
 * length n. The complex-to-real transform runs the same steps backwards. Odd lengths use the
 * complex transform of length n (real input read with zero imaginary parts; the Hermitian
 * input extended to the full spectrum).
 *
 * Direction: a backward R2C transform is the conjugate of the forward one (the input is real);
 * a forward C2R transform is the backward one of the conjugated input.
 */

/* Lines processed per chunk by the complex-to-real transforms (work array of chunk * n). */
#define FFT_REAL_CHUNK (INT64_C(1) << 15)

static int64_t FFN(real_chunk)(int64_t count, int64_t len)
{
    int64_t chunk = FFT_REAL_CHUNK / (len > 0 ? len : 1);
    if (chunk >= FL) {
        chunk -= chunk % FL;
    }
    return chunk < 1 ? 1 : (chunk > count ? count : chunk);
}

/* The complex value at element k of a line (zero past `avail`; real lines have no imaginary
 * part), its imaginary part times sg. */
FFT_INLINE FC FFN(read_c)(const char *src, const fft_lines *d, int64_t k, int64_t avail, FR sg)
{
    FC v = {0, 0};
    if (k < avail) {
        v.r = *(const FR *)(src + k * d->es);
        if (FFT_HAS_IM(d)) {
            v.i = sg * *(const FR *)(src + k * d->es + d->im);
        }
    }
    return v;
}

FFT_INLINE void FFN(write_c)(char *dst, int64_t es, int64_t k, FC v)
{
    *(FR *)(dst + k * es) = v.r;
    *(FR *)(dst + k * es + (int64_t)sizeof(FR)) = v.i;
}

/* From Z_0 .. Z_{h-1} (complex, element step es) to X_0 .. X_h in place, times scale, the
 * imaginary parts times so. */
static void FFN(r2c_post)(char *d, int64_t es, int64_t h, const FC *rtw, FR scale, FR so)
{
    const FR half = (FR)0.5 * scale;
    const FC z0 = {*(FR *)d, *(FR *)(d + sizeof(FR))};
    const FC x0 = {(z0.r + z0.i) * scale, 0};
    const FC xh = {(z0.r - z0.i) * scale, 0};
    FFN(write_c)(d, es, 0, x0);
    FFN(write_c)(d, es, h, xh);
    for (int64_t k = 1; 2 * k <= h; k++) {
        const FC a = {*(FR *)(d + k * es), *(FR *)(d + k * es + sizeof(FR))};
        const FC b = {*(FR *)(d + (h - k) * es), *(FR *)(d + (h - k) * es + sizeof(FR))};
        const FC e = {(a.r + b.r) * half, (a.i - b.i) * half};
        const FC o = {(a.i + b.i) * half, (b.r - a.r) * half};
        const FC wo = FFN(c_mul)(rtw[k], o);
        const FC xk = {e.r + wo.r, (e.i + wo.i) * so};
        FFN(write_c)(d, es, k, xk);
        if (k != h - k) {
            const FC xm = {e.r - wo.r, (wo.i - e.i) * so};
            FFN(write_c)(d, es, h - k, xm);
        }
    }
}

/* [Why the lanes do the pre/post-processing] When the half-length transform runs on batches
 * of lanes, the real transform's extra pass runs there too, on whole vectors while the batch
 * is in cache, instead of as a scalar pass over the output. */

/* From Z_0 .. Z_{h-1} to X_0 .. X_h in the lanes of z (h + 1 vectors). */
static void FFN(r2c_post_lanes)(FCV *z, int64_t h, const FC *rtw)
{
    const FV zero = {0};
    const FCV z0 = z[0];
    const FCV x0 = {z0.r + z0.i, zero};
    const FCV xh = {z0.r - z0.i, zero};
    z[0] = x0;
    z[h] = xh;
    for (int64_t k = 1; 2 * k <= h; k++) {
        const FCV a = z[k];
        const FCV b = z[h - k];
        const FCV e = {(a.r + b.r) * (FR)0.5, (a.i - b.i) * (FR)0.5};
        const FCV o = {(a.i + b.i) * (FR)0.5, (b.r - a.r) * (FR)0.5};
        const FCV wo = CMULW(o, rtw[k]);
        const FCV xk = {e.r + wo.r, e.i + wo.i};
        const FCV xm = {e.r - wo.r, wo.i - e.i};
        z[k] = xk;
        if (k != h - k) {
            z[h - k] = xm;
        }
    }
}

/* From X_0 .. X_h to conj(Z_0) .. conj(Z_{h-1}) in the lanes of x (the backward half-length
 * transform is then a forward one conjugated on the way out). */
static void FFN(c2r_pre_lanes)(FCV *x, int64_t h, const FC *rtw)
{
    const FCV x0 = x[0];
    const FCV xh = x[h];
    const FCV z0 = {x0.r + xh.r, xh.r - x0.r};
    x[0] = z0;
    for (int64_t k = 1; 2 * k <= h; k++) {
        const FCV a = x[k];
        const FCV b = x[h - k];
        const FCV sum = {a.r + b.r, a.i - b.i};
        const FCV dif = {a.r - b.r, a.i + b.i};
        const FC wc = {rtw[k].r, -rtw[k].i};
        const FCV wd = CMULW(dif, wc);
        const FCV zk = {sum.r - wd.i, -(sum.i + wd.r)};
        const FCV zm = {sum.r + wd.i, sum.i - wd.r};
        x[k] = zk;
        if (k != h - k) {
            x[h - k] = zm;
        }
    }
}

/* Even n with the half-length transform on batches of lanes: `zin` reads the real lines as
 * pairs (R2C), or `in` the Hermitian lines (C2R); one pass per batch. */
static pc_status FFN(real_direct)(const fft_plan *rp, int64_t count, const fft_lines *in,
                                  const fft_lines *out, bool r2c, bool forward, FR scale)
{
    const fft_plan *hp = rp->half;
    const int64_t h = hp->n;
    FCV *a = fft_alloc((2 * (h + 1) + 2 * hp->maxgen) * (int64_t)sizeof(FCV));
    if (a == NULL) {
        return PC_ERR_MEMORY;
    }
    FCV *b = a + h + 1;
    FCV *scr = b + h + 1;
    const FC *rtw = (const FC *)rp->rtw;
    for (int64_t g = 0; g < count; g += FL) {
        const int nl = count - g < FL ? (int)(count - g) : FL;
        if (r2c) {
            FFN(gather)(a, h, in, g, nl, false);
            FCV *z = FFN(stockham_run)(hp, a, b, scr);
            FFN(r2c_post_lanes)(z, h, rtw);
            FFN(scatter)(z, out, g, nl, !forward, scale, NULL);
        } else {
            FFN(gather)(a, h + 1, in, g, nl, forward);
            FFN(c2r_pre_lanes)(a, h, rtw);
            const FCV *x = FFN(stockham_run)(hp, a, b, scr);
            FFN(scatter)(x, out, g, nl, true, scale, NULL);
        }
    }
    fft_free(a);
    return PC_OK;
}

/* Real lines (no imaginary parts, in->nre available values) to out->nre = n/2+1 complex values. */
static pc_status FFN(r2c_lines)(const fft_plan *rp, int64_t count, const fft_lines *in,
                                const fft_lines *out, bool forward, FR scale)
{
    const int64_t n = rp->n;
    const int64_t mv = in->nre < n ? in->nre : n;
    if (n % 2 != 0) {
        const fft_lines rin = {in->ptr, in->ls, in->offs, in->es, FFT_NO_IM, mv, 0};
        fft_lines rout = *out;
        rout.nre = n / 2 + 1;
        return FFN(c2c_lines)(rp->half, count, &rin, &rout, false, !forward, scale);
    }
    const int64_t h = n / 2;
    const fft_lines zin = {in->ptr, in->ls, in->offs, 2 * in->es, in->es, (mv + 1) / 2, mv / 2};
    if (fft_plan_use_direct(rp->half, count)) {
        fft_lines xout = *out;
        xout.nre = h + 1;
        return FFN(real_direct)(rp, count, &zin, &xout, true, forward, scale);
    }
    fft_lines zout = *out;
    zout.nre = h;
    const int64_t chunk = FFN(real_chunk)(count, h);
    const FR so = forward ? (FR)1 : (FR)-1;
    for (int64_t c0 = 0; c0 < count; c0 += chunk) {
        const int64_t cn = count - c0 < chunk ? count - c0 : chunk;
        const fft_lines ci = fft_lines_from(&zin, c0);
        const fft_lines co = fft_lines_from(&zout, c0);
        const pc_status st = FFN(c2c_lines)(rp->half, cn, &ci, &co, false, false, (FR)1);
        if (st != PC_OK) {
            return st;
        }
        for (int64_t l = 0; l < cn; l++) {
            FFN(r2c_post)(fft_line(&co, l), out->es, h, (const FC *)rp->rtw, scale, so);
        }
    }
    return PC_OK;
}

/* Hermitian lines (in->nre values available, complex or real) to out->nre = n real values. */
static pc_status FFN(c2r_lines)(const fft_plan *rp, int64_t count, const fft_lines *in,
                                const fft_lines *out, bool forward, FR scale)
{
    const int64_t n = rp->n;
    const int64_t avail = in->nre < n / 2 + 1 ? in->nre : n / 2 + 1;
    if (n % 2 == 0 && fft_plan_use_direct(rp->half, count)) {
        fft_lines xin = *in;
        xin.nre = avail;
        xin.nim = FFT_HAS_IM(in) ? avail : 0;
        const fft_lines xout = {out->ptr, out->ls, out->offs, 2 * out->es, out->es, n / 2, 0};
        return FFN(real_direct)(rp, count, &xin, &xout, false, forward, scale);
    }
    const FR sg = forward ? (FR)-1 : (FR)1;
    const int64_t len = n % 2 != 0 ? n : n / 2;
    const int64_t chunk = FFN(real_chunk)(count, len);
    const int64_t csz = (int64_t)sizeof(FC);
    FC *z = fft_alloc(chunk * len * csz);
    if (z == NULL) {
        return PC_ERR_MEMORY;
    }
    const FC *rtw = (const FC *)rp->rtw;
    const int64_t h = n / 2;
    pc_status st = PC_OK;
    for (int64_t c0 = 0; c0 < count && st == PC_OK; c0 += chunk) {
        const int64_t cn = count - c0 < chunk ? count - c0 : chunk;
        for (int64_t l = 0; l < cn; l++) {
            const char *src = fft_line(in, c0 + l);
            FC *zl = z + l * len;
            FC x0 = FFN(read_c)(src, in, 0, avail, sg);
            if (n % 2 != 0) {
                /* the full Hermitian spectrum */
                zl[0].r = x0.r;
                zl[0].i = 0;
                for (int64_t k = 1; 2 * k < n; k++) {
                    const FC x = FFN(read_c)(src, in, k, avail, sg);
                    zl[k] = x;
                    zl[n - k].r = x.r;
                    zl[n - k].i = -x.i;
                }
                continue;
            }
            /* Z_k = S + T, Z_{h-k} = conj(S - T): S = A + conj B, T = i W^-k (A - conj B) */
            const FC xh = FFN(read_c)(src, in, h, avail, sg);
            zl[0].r = x0.r + xh.r;
            zl[0].i = x0.r - xh.r;
            for (int64_t k = 1; 2 * k <= h; k++) {
                const FC a = FFN(read_c)(src, in, k, avail, sg);
                const FC b = FFN(read_c)(src, in, h - k, avail, sg);
                const FC s = {a.r + b.r, a.i - b.i};
                const FC dd = {a.r - b.r, a.i + b.i};
                const FC wc = {rtw[k].r, -rtw[k].i};
                const FC wd = FFN(c_mul)(wc, dd);
                const FC t = {-wd.i, wd.r};
                zl[k].r = s.r + t.r;
                zl[k].i = s.i + t.i;
                if (k != h - k) {
                    zl[h - k].r = s.r - t.r;
                    zl[h - k].i = t.i - s.i;
                }
            }
        }
        const fft_lines zi = {(char *)z, len * csz, NULL, csz, (int64_t)sizeof(FR), len, len};
        const fft_lines oc = fft_lines_from(out, c0);
        if (n % 2 != 0) {
            const fft_lines ro = {oc.ptr, oc.ls, oc.offs, oc.es, FFT_NO_IM, n, 0};
            st = FFN(c2c_lines)(rp->half, cn, &zi, &ro, true, true, scale);
        } else {
            const fft_lines ro = {oc.ptr, oc.ls, oc.offs, 2 * oc.es, oc.es, h, 0};
            st = FFN(c2c_lines)(rp->half, cn, &zi, &ro, true, true, scale);
        }
    }
    fft_free(z);
    return st;
}
