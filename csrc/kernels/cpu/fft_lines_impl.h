/*
 * fft_lines_impl.h - complex transforms of sets of lines (fft_lines.h) for one precision: the
 * Stockham executor on batches of FL lines, the six-step split of long lines, and the
 * dispatcher c2c_lines(). Part of fft_body_impl.h. No include guard.
 *
 * Every function computes the forward transform of its input lines, conjugated on the way in
 * when `cin` and on the way out when `cout` (so cin == cout == true is the backward transform),
 * times `scale`. Output lines may be the input lines (in place): each batch is read completely
 * before it is written.
 *
 * [Why lanes and six steps] Gathering FL lines into the lanes of a vector (split real and
 * imaginary parts) makes every butterfly a full-width SIMD operation whatever the radix, the
 * stride or the batch layout. One long line is split as n = n1 * n2 (Bailey's six-step
 * algorithm without the transposes): n2 transforms of length n1 over the columns of the line
 * viewed as an n1 x n2 matrix, a twiddle w^(k1 * j2) applied when the columns are stored, then
 * n1 transforms of length n2 over the rows, written to their transposed places. Both steps are
 * batches of lines again, short enough to stay in cache.
 */

static pc_status FFN(c2c_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                const fft_lines *out, bool cin, bool cout, FR scale);
static pc_status FFN(bluestein_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                      const fft_lines *out, bool cin, bool cout, FR scale);

FFT_INLINE FC FFN(c_mul)(FC a, FC b)
{
    FC c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r};
    return c;
}

/* w^m for the six-step plan p (0 <= m < n), from its two-level table */
FFT_INLINE FC FFN(six_root)(const fft_plan *p, int64_t m)
{
    const FC *lo = (const FC *)p->tlo;
    const FC *hi = (const FC *)p->thi;
    return FFN(c_mul)(hi[m >> p->lobits], lo[m & ((INT64_C(1) << p->lobits) - 1)]);
}

/* True when the nl lines starting at g hold FL adjacent complex values per element. */
static bool FFN(packed)(const fft_lines *d, char *const *base, int nl)
{
    if (nl != FL || d->im != (int64_t)sizeof(FR)) {
        return false;
    }
    for (int l = 1; l < nl; l++) {
        if (base[l] != base[0] + l * (int64_t)sizeof(FC)) {
            return false;
        }
    }
    return true;
}

/* Lines g .. g+nl-1 of `in` into the lanes of buf[0 .. n), zero-padded (unused lanes too). */
static void FFN(gather)(FCV *restrict buf, int64_t n, const fft_lines *in, int64_t g, int nl,
                        bool conj)
{
    const FR sg = conj ? (FR)-1 : (FR)1;
    const int64_t nre = in->nre < n ? in->nre : n;
    const int64_t nim = in->im < 0 ? 0 : (in->nim < nre ? in->nim : nre);
    const int64_t es = in->es;
    const FV zero = {0};
    char *base[FL];
    for (int l = 0; l < nl; l++) {
        base[l] = fft_line(in, g + l);
    }
    int64_t p = 0;
    if (FFN(packed)(in, base, nl)) {
        for (; p < nim; p++) {
            const FR *s = (const FR *)(base[0] + p * es);
            FCV v;
            for (int l = 0; l < FL; l++) {
                v.r[l] = s[2 * l];
                v.i[l] = s[2 * l + 1];
            }
            v.i *= sg;
            buf[p] = v;
        }
    } else {
        for (; p < nim; p++) {
            FCV v = {zero, zero};
            for (int l = 0; l < nl; l++) {
                const char *s = base[l] + p * es;
                v.r[l] = *(const FR *)s;
                v.i[l] = *(const FR *)(s + in->im);
            }
            v.i *= sg;
            buf[p] = v;
        }
    }
    for (; p < nre; p++) {
        FCV v = {zero, zero};
        for (int l = 0; l < nl; l++) {
            v.r[l] = *(const FR *)(base[l] + p * es);
        }
        buf[p] = v;
    }
    for (; p < n; p++) {
        const FCV v = {zero, zero};
        buf[p] = v;
    }
}

/* The first out->nre vectors of buf into lines g .. g+nl-1 of `out`. With `six` (a six-step
 * plan), line j2 = g + l is column j2 of its first step and element k1 is multiplied by
 * w^(k1 * j2). */
static void FFN(scatter)(const FCV *restrict buf, const fft_lines *out, int64_t g, int nl,
                         bool conj, FR scale, const fft_plan *six)
{
    const FR si = conj ? -scale : scale;
    const int64_t es = out->es;
    char *base[FL];
    for (int l = 0; l < nl; l++) {
        base[l] = fft_line(out, g + l);
    }
    const bool packed = FFN(packed)(out, base, nl);
    const FCV *lane = six != NULL ? (const FCV *)six->tlane : NULL;
    int64_t mi = 0;
    for (int64_t p = 0; p < out->nre; p++) {
        FCV v = buf[p];
        if (six != NULL) {
            v = CMUL(v, CMULW(lane[p], FFN(six_root)(six, mi)));
            mi += g;
            if (mi >= six->n) {
                mi -= six->n;
            }
        }
        v.r *= scale;
        v.i *= si;
        if (packed) {
            FR *d = (FR *)(base[0] + p * es);
            for (int l = 0; l < FL; l++) {
                d[2 * l] = v.r[l];
                d[2 * l + 1] = v.i[l];
            }
        } else if (out->im >= 0) {
            for (int l = 0; l < nl; l++) {
                char *d = base[l] + p * es;
                *(FR *)d = v.r[l];
                *(FR *)(d + out->im) = v.i[l];
            }
        } else {
            for (int l = 0; l < nl; l++) {
                *(FR *)(base[l] + p * es) = v.r[l];
            }
        }
    }
}

/* Batches of FL lines through the Stockham passes (p->nfct >= 0). */
static pc_status FFN(direct_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                   const fft_lines *out, bool cin, bool cout, FR scale,
                                   const fft_plan *six)
{
    const int64_t n = p->n;
    FCV *a = fft_alloc((2 * n + 2 * p->maxgen) * (int64_t)sizeof(FCV));
    if (a == NULL) {
        return PC_ERR_MEMORY;
    }
    FCV *b = a + n;
    FCV *scr = b + n;
    for (int64_t g = 0; g < count; g += FL) {
        const int nl = count - g < FL ? (int)(count - g) : FL;
        FFN(gather)(a, n, in, g, nl, cin);
        const FCV *res = FFN(stockham_run)(p, a, b, scr);
        FFN(scatter)(res, out, g, nl, cout, scale, six);
    }
    fft_free(a);
    return PC_OK;
}

/* The six-step twiddles on an n1 x n2 matrix of interleaved values (when the first step could
 * not apply them as it stored its results). */
static void FFN(six_twiddle)(const fft_plan *p, FC *t)
{
    for (int64_t k1 = 1; k1 < p->n1; k1++) {
        FC *row = t + k1 * p->n2;
        int64_t mi = 0;
        for (int64_t j2 = 0; j2 < p->n2; j2++) {
            row[j2] = FFN(c_mul)(row[j2], FFN(six_root)(p, mi));
            mi += k1;
            if (mi >= p->n) {
                mi -= p->n;
            }
        }
    }
}

/* Line `src` of `in` as n interleaved values, zero-padded, not conjugated. */
static void FFN(load_line)(FC *dst, int64_t n, const char *src, const fft_lines *in)
{
    const int64_t nre = in->nre < n ? in->nre : n;
    const int64_t nim = in->im < 0 ? 0 : (in->nim < nre ? in->nim : nre);
    int64_t p = 0;
    for (; p < nim; p++) {
        dst[p].r = *(const FR *)(src + p * in->es);
        dst[p].i = *(const FR *)(src + p * in->es + in->im);
    }
    for (; p < nre; p++) {
        dst[p].r = *(const FR *)(src + p * in->es);
        dst[p].i = 0;
    }
    for (; p < n; p++) {
        dst[p].r = 0;
        dst[p].i = 0;
    }
}

/* The first out->nre values of src into the line `dst` of `out`. */
static void FFN(store_line)(char *dst, const fft_lines *out, const FC *src)
{
    for (int64_t p = 0; p < out->nre; p++) {
        *(FR *)(dst + p * out->es) = src[p].r;
        if (out->im >= 0) {
            *(FR *)(dst + p * out->es + out->im) = src[p].i;
        }
    }
}

/* One line at a time through the six-step split (p->sub1 set). */
static pc_status FFN(sixstep_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                    const fft_lines *out, bool cin, bool cout, FR scale)
{
    const int64_t n = p->n;
    const int64_t n1 = p->n1;
    const int64_t n2 = p->n2;
    const int64_t csz = (int64_t)sizeof(FC);
    const bool has_im = in->im >= 0;
    const bool pad = in->nre < n || (has_im && in->nim < n);
    const bool part = out->nre < n;
    FC *tmp = fft_alloc(((pad ? 2 : 1) + (part ? 1 : 0)) * n * csz);
    if (tmp == NULL) {
        return PC_ERR_MEMORY;
    }
    FC *padded = pad ? tmp + n : NULL;
    FC *res = part ? tmp + (pad ? 2 : 1) * n : NULL;
    const bool direct1 = fft_plan_use_direct(p->sub1, n2);
    pc_status st = PC_OK;
    for (int64_t line = 0; line < count && st == PC_OK; line++) {
        char *src = fft_line(in, line);
        int64_t ses = in->es;
        int64_t sim = in->im;
        if (pad) {
            FFN(load_line)(padded, n, src, in);
            src = (char *)padded;
            ses = csz;
            sim = (int64_t)sizeof(FR);
        }
        const bool imag = pad || has_im;
        const fft_lines c_in = {src, ses, NULL, n2 * ses, sim, n1, imag ? n1 : 0};
        const fft_lines c_out = {(char *)tmp, csz, NULL, n2 * csz, (int64_t)sizeof(FR), n1, 0};
        if (direct1) {
            st = FFN(direct_lines)(p->sub1, n2, &c_in, &c_out, cin, false, (FR)1, p);
        } else {
            st = FFN(c2c_lines)(p->sub1, n2, &c_in, &c_out, cin, false, (FR)1);
            FFN(six_twiddle)(p, tmp);
        }
        if (st != PC_OK) {
            break;
        }
        char *dst = part ? (char *)res : fft_line(out, line);
        const int64_t des = part ? csz : out->es;
        const int64_t dim = part ? (int64_t)sizeof(FR) : out->im;
        const fft_lines r_in = {(char *)tmp, n2 * csz, NULL, csz, (int64_t)sizeof(FR), n2, n2};
        const fft_lines r_out = {dst, des, NULL, n1 * des, dim, n2, 0};
        st = FFN(c2c_lines)(p->sub2, n1, &r_in, &r_out, false, cout, scale);
        if (part && st == PC_OK) {
            FFN(store_line)(fft_line(out, line), out, res);
        }
    }
    fft_free(tmp);
    return st;
}

static pc_status FFN(c2c_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                const fft_lines *out, bool cin, bool cout, FR scale)
{
    if (count <= 0) {
        return PC_OK;
    }
    if (p->sub_m != NULL) {
        return FFN(bluestein_lines)(p, count, in, out, cin, cout, scale);
    }
    if (fft_plan_use_direct(p, count)) {
        return FFN(direct_lines)(p, count, in, out, cin, cout, scale, NULL);
    }
    return FFN(sixstep_lines)(p, count, in, out, cin, cout, scale);
}
