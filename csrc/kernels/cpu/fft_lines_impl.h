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

/* True when each of FL lines holds contiguous complex values (a tile of FL lines by FL
 * elements is FL rows of two vectors each). */
static bool FFN(tiled)(const fft_lines *d, int nl)
{
    return nl == FL && d->es == (int64_t)sizeof(FC) && d->im == (int64_t)sizeof(FR);
}

/* One stage of the transpose: swap the off-diagonal b x b blocks of every 2b x 2b block. */
FFT_INLINE void FFN(transpose_stage)(FV *v, const int b)
{
#if defined(__GNUC__) && !defined(__clang__)
    FVI lo;
    FVI hi;
#pragma GCC unroll 64
    for (int j = 0; j < FL; j++) {
        lo[j] = (j & b) ? FL + j - b : j;
        hi[j] = (j & b) ? FL + j : j + b;
    }
#pragma GCC unroll 64
    for (int i = 0; i < FL; i++) {
        if ((i & b) == 0) {
            const FV x = v[i];
            const FV y = v[i + b];
            v[i] = __builtin_shuffle(x, y, lo);
            v[i + b] = __builtin_shuffle(x, y, hi);
        }
    }
#else
    for (int i = 0; i < FL; i++) {
        if ((i & b) == 0) {
            for (int j = 0; j < FL; j++) {
                if ((j & b) != 0) {
                    const FR t = v[i][j];
                    v[i][j] = v[i + b][j - b];
                    v[i + b][j - b] = t;
                }
            }
        }
    }
#endif
}

/* [Why register transposes] Lines that are far apart in memory but contiguous along their
 * elements (the last axis of a batch) meet the lanes through FL x FL transposes of whole
 * vectors: log2(FL) stages of two-input shuffles (GCC's __builtin_shuffle), instead of one
 * scalar (or gather) access per value. */
FFT_INLINE void FFN(transpose)(FV *v)
{
#pragma GCC unroll 8
    for (int b = FL / 2; b >= 1; b /= 2) {
        FFN(transpose_stage)(v, b);
    }
}

FFT_INLINE FV FFN(vload)(const char *p)
{
    FV v;
    memcpy(&v, p, sizeof v);
    return v;
}

FFT_INLINE void FFN(vstore)(char *p, FV v) { memcpy(p, &v, sizeof v); }

/* Elements p .. p+FL-1 of FL contiguous complex lines into buf[p .. p+FL). */
FFT_INLINE void FFN(gather_tile)(FCV *restrict buf, char *const *base, int64_t p, FR sg)
{
    const int64_t off = p * (int64_t)sizeof(FC);
    FV lo[FL];
    FV hi[FL];
    for (int l = 0; l < FL; l++) {
        lo[l] = FFN(vload)(base[l] + off);
        hi[l] = FFN(vload)(base[l] + off + (int64_t)sizeof(FV));
    }
    FFN(transpose)(lo);
    FFN(transpose)(hi);
    for (int c = 0; c < FL / 2; c++) {
        buf[p + c].r = lo[2 * c];
        buf[p + c].i = lo[2 * c + 1] * sg;
        buf[p + FL / 2 + c].r = hi[2 * c];
        buf[p + FL / 2 + c].i = hi[2 * c + 1] * sg;
    }
}

/* v[0 .. FL) (elements p .. p+FL-1) into FL contiguous complex lines. */
FFT_INLINE void FFN(scatter_tile)(const FCV *v, char *const *base, int64_t p)
{
    const int64_t off = p * (int64_t)sizeof(FC);
    FV lo[FL];
    FV hi[FL];
    for (int c = 0; c < FL / 2; c++) {
        lo[2 * c] = v[c].r;
        lo[2 * c + 1] = v[c].i;
        hi[2 * c] = v[FL / 2 + c].r;
        hi[2 * c + 1] = v[FL / 2 + c].i;
    }
    FFN(transpose)(lo);
    FFN(transpose)(hi);
    for (int l = 0; l < FL; l++) {
        FFN(vstore)(base[l] + off, lo[l]);
        FFN(vstore)(base[l] + off + (int64_t)sizeof(FV), hi[l]);
    }
}

/* Lines g .. g+nl-1 of `in` into the lanes of buf[0 .. n), zero-padded (unused lanes too). */
static void FFN(gather)(FCV *restrict buf, int64_t n, const fft_lines *in, int64_t g, int nl,
                        bool conj)
{
    const FR sg = conj ? (FR)-1 : (FR)1;
    const int64_t nre = in->nre < n ? in->nre : n;
    const int64_t nim = !FFT_HAS_IM(in) ? 0 : (in->nim < nre ? in->nim : nre);
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
    } else if (FFN(tiled)(in, nl)) {
        for (; p + FL <= nim; p += FL) {
            FFN(gather_tile)(buf, base, p, sg);
        }
    }
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

/* The six-step twiddles of a first-step batch: lane l of element k1 is column j2 = g + l,
 * multiplied by w^(k1 * j2) = w^(k1 * g) * w^(k1 * l). `mi` is k1 * g mod n, stepped. */
FFT_INLINE FCV FFN(six_apply)(const fft_plan *six, FCV v, int64_t k1, int64_t g, int64_t *mi)
{
    const FCV *lane = (const FCV *)six->tlane;
    v = CMUL(v, CMULW(lane[k1], FFN(six_root)(six, *mi)));
    *mi += g;
    if (*mi >= six->n) {
        *mi -= six->n;
    }
    return v;
}

/* The first out->nre vectors of buf into lines g .. g+nl-1 of `out`, times scale (the
 * imaginary parts negated when `conj`). With `six` (a six-step plan), line g + l is column
 * g + l of its first step and gets its twiddles (six_apply). */
static void FFN(scatter)(const FCV *restrict buf, const fft_lines *out, int64_t g, int nl,
                         bool conj, FR scale, const fft_plan *six)
{
    const FR si = conj ? -scale : scale;
    const int64_t es = out->es;
    const int64_t nout = out->nre;
    char *base[FL];
    for (int l = 0; l < nl; l++) {
        base[l] = fft_line(out, g + l);
    }
    const bool packed = FFN(packed)(out, base, nl);
    int64_t mi = 0;
    int64_t p = 0;
    if (!packed && FFN(tiled)(out, nl)) {
        for (; p + FL <= nout; p += FL) {
            FCV v[FL];
            for (int c = 0; c < FL; c++) {
                v[c] = buf[p + c];
                if (six != NULL) {
                    v[c] = FFN(six_apply)(six, v[c], p + c, g, &mi);
                }
                v[c].r *= scale;
                v[c].i *= si;
            }
            FFN(scatter_tile)(v, base, p);
        }
    }
    for (; p < nout; p++) {
        FCV v = buf[p];
        if (six != NULL) {
            v = FFN(six_apply)(six, v, p, g, &mi);
        }
        v.r *= scale;
        v.i *= si;
        if (packed) {
            FR *d = (FR *)(base[0] + p * es);
            for (int l = 0; l < FL; l++) {
                d[2 * l] = v.r[l];
                d[2 * l + 1] = v.i[l];
            }
        } else if (FFT_HAS_IM(out)) {
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

/* The six-step twiddles on the first step's results D[j2 * n1 + k1] (when the first step
 * could not apply them as it stored them). */
static void FFN(six_twiddle)(const fft_plan *p, FC *d)
{
    for (int64_t j2 = 1; j2 < p->n2; j2++) {
        FC *col = d + j2 * p->n1;
        int64_t mi = 0;
        for (int64_t k1 = 0; k1 < p->n1; k1++) {
            col[k1] = FFN(c_mul)(col[k1], FFN(six_root)(p, mi));
            mi += j2;
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
    const int64_t nim = !FFT_HAS_IM(in) ? 0 : (in->nim < nre ? in->nim : nre);
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
        if (FFT_HAS_IM(out)) {
            *(FR *)(dst + p * out->es + out->im) = src[p].i;
        }
    }
}

/* One line at a time through the six-step split (p->sub1 set). The first step stores the
 * transform of column j2 (times its twiddles) at D[j2 * n1 + k1], so that the second step
 * transforms the rows k1 of D (element stride n1) in place, into their final places. D is the
 * output line itself when that holds n contiguous complex values (and is not the input), else
 * a work line copied out at the end. */
static pc_status FFN(sixstep_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                    const fft_lines *out, bool cin, bool cout, FR scale)
{
    const int64_t n = p->n;
    const int64_t n1 = p->n1;
    const int64_t n2 = p->n2;
    const int64_t csz = (int64_t)sizeof(FC);
    const bool has_im = FFT_HAS_IM(in);
    const bool pad = in->nre < n || (has_im && in->nim < n);
    const bool direct_out = out->es == csz && out->im == (int64_t)sizeof(FR) &&
                            out->nre == n && out->ptr != in->ptr;
    FC *work = fft_alloc(((pad ? 1 : 0) + (direct_out ? 0 : 1)) * n * csz);
    if (work == NULL) {
        return PC_ERR_MEMORY;
    }
    FC *padded = work;
    FC *res = pad ? work + n : work;
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
        FC *d = direct_out ? (FC *)fft_line(out, line) : res;
        const fft_lines c_in = {src, ses, NULL, n2 * ses, sim, n1, imag ? n1 : 0};
        const fft_lines c_out = {(char *)d, n1 * csz, NULL, csz, (int64_t)sizeof(FR), n1, 0};
        if (direct1) {
            st = FFN(direct_lines)(p->sub1, n2, &c_in, &c_out, cin, false, (FR)1, p);
        } else {
            st = FFN(c2c_lines)(p->sub1, n2, &c_in, &c_out, cin, false, (FR)1);
            FFN(six_twiddle)(p, d);
        }
        if (st != PC_OK) {
            break;
        }
        const fft_lines rows = {(char *)d, csz, NULL, n1 * csz, (int64_t)sizeof(FR), n2, n2};
        st = FFN(c2c_lines)(p->sub2, n1, &rows, &rows, false, cout, scale);
        if (!direct_out && st == PC_OK) {
            FFN(store_line)(fft_line(out, line), out, res);
        }
    }
    fft_free(work);
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
