/*
 * fft_lanes_impl.h - moving lines into and out of SIMD lanes for one precision: the gathers
 * and scatters of the batch executors, with their fast layouts (adjacent lines, contiguous
 * lines far apart through register transposes, panels of several batches) and the six-step
 * twiddles applied on the way out. Part of fft_body_impl.h. No include guard.
 *
 * A batch buffer holds n lane vectors FCV: element p of line g + l is lane l of buf[p]
 * (real parts in .r, imaginary parts in .i). Unused lanes and missing elements read as zeros.
 */

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

/* True when the nl lines starting at g are FL adjacent real values apart (each element's
 * real parts, and its imaginary parts, are one vector in memory). */
static bool FFN(split_packed)(char *const *base, int nl)
{
    if (nl != FL) {
        return false;
    }
    for (int l = 1; l < nl; l++) {
        if (base[l] != base[0] + l * (int64_t)sizeof(FR)) {
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
    /* FL is 2, 4, 8 or 16; each stage's b must be a constant for its masks to fold */
    if (FL > 8) {
        FFN(transpose_stage)(v, FL / 2);
    }
    if (FL > 4) {
        FFN(transpose_stage)(v, FL > 8 ? 4 : FL / 2);
    }
    if (FL > 2) {
        FFN(transpose_stage)(v, 2);
    }
    FFN(transpose_stage)(v, 1);
}

FFT_INLINE FV FFN(vload)(const char *p)
{
    FV v;
    memcpy(&v, p, sizeof v);
    return v;
}

FFT_INLINE void FFN(vstore)(char *p, FV v) { memcpy(p, &v, sizeof v); }

/* Elements p .. p+FL-1 of FL contiguous complex lines into buf[p .. p+FL): two FL x FL
 * transposes, of the first and of the second half of the elements. */
FFT_INLINE void FFN(gather_tile)(FCV *restrict buf, char *const *base, int64_t p, FR sg)
{
    for (int half = 0; half < 2; half++) {
        const int64_t off = (p + half * FL / 2) * (int64_t)sizeof(FC);
        FV t[FL];
        for (int l = 0; l < FL; l++) {
            t[l] = FFN(vload)(base[l] + off);
        }
        FFN(transpose)(t);
        for (int c = 0; c < FL / 2; c++) {
            buf[p + half * FL / 2 + c].r = t[2 * c];
            buf[p + half * FL / 2 + c].i = t[2 * c + 1] * sg;
        }
    }
}

/* v[0 .. FL) (elements p .. p+FL-1) into FL contiguous complex lines. */
FFT_INLINE void FFN(scatter_tile)(const FCV *v, char *const *base, int64_t p)
{
    for (int half = 0; half < 2; half++) {
        const int64_t off = (p + half * FL / 2) * (int64_t)sizeof(FC);
        FV t[FL];
        for (int c = 0; c < FL / 2; c++) {
            t[2 * c] = v[half * FL / 2 + c].r;
            t[2 * c + 1] = v[half * FL / 2 + c].i;
        }
        FFN(transpose)(t);
        for (int l = 0; l < FL; l++) {
            FFN(vstore)(base[l] + off, t[l]);
        }
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
    } else if (FFN(split_packed)(base, nl)) {
        const FV zero_im = {0};
        for (; p < nre; p++) {
            FCV v;
            v.r = FFN(vload)(base[0] + p * es);
            v.i = p < nim ? FFN(vload)(base[0] + p * es + in->im) * sg : zero_im;
            buf[p] = v;
        }
    } else if (FFN(tiled)(in, nl)) {
        for (; p + FL <= nim; p += FL) {
            FFN(gather_tile)(buf, base, p, sg);
        }
    }
    /* the rest: zeros, then each line's values read along the line into its lane */
    const int64_t p0 = p;
    for (; p < n; p++) {
        const FCV v = {zero, zero};
        buf[p] = v;
    }
    for (int l = 0; l < nl; l++) {
        const char *s = base[l];
        for (p = p0; p < nim; p++) {
            buf[p].r[l] = *(const FR *)(s + p * es);
            buf[p].i[l] = sg * *(const FR *)(s + p * es + in->im);
        }
        for (p = p0 > nim ? p0 : nim; p < nre; p++) {
            buf[p].r[l] = *(const FR *)(s + p * es);
        }
    }
}

/* The six-step twiddle of element k1 of the first-step batch starting at line g (see
 * fft_six_hook). `mi` is k1 * j2 mod n for the batch's first column j2, stepped here. */
FFT_INLINE FCV FFN(six_apply)(const fft_six_hook *six, FCV v, int64_t k1, int64_t g,
                              int64_t *mi)
{
    const fft_plan *p = six->p;
    const int64_t j2 = six->batched ? g / FL : g;
    if (six->batched) {
        v = CMULW(v, FFN(six_root)(p, *mi));
    } else {
        const FCV *lane = (const FCV *)p->tlane;
        v = CMUL(v, CMULW(lane[k1], FFN(six_root)(p, *mi)));
    }
    *mi += j2;
    if (*mi >= p->n) {
        *mi -= p->n;
    }
    return v;
}

/* The first out->nre vectors of buf into lines g .. g+nl-1 of `out`, times scale (the
 * imaginary parts negated when `conj`), and times the six-step twiddles when `six` is set. */
static void FFN(scatter)(const FCV *restrict buf, const fft_lines *out, int64_t g, int nl,
                         bool conj, FR scale, const fft_six_hook *six)
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
    if (!packed && six == NULL && FFN(split_packed)(base, nl)) {
        for (; p < nout; p++) {
            FFN(vstore)(base[0] + p * es, buf[p].r * scale);
            if (FFT_HAS_IM(out)) {
                FFN(vstore)(base[0] + p * es + out->im, buf[p].i * si);
            }
        }
        return;
    }
    if (packed || six != NULL) {
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
            } else {
                for (int l = 0; l < nl; l++) {
                    char *d = base[l] + p * es;
                    *(FR *)d = v.r[l];
                    if (FFT_HAS_IM(out)) {
                        *(FR *)(d + out->im) = v.i[l];
                    }
                }
            }
        }
        return;
    }
    /* the rest: each line written along the line from its lane */
    const int64_t p0 = p;
    for (int l = 0; l < nl; l++) {
        char *d = base[l];
        if (FFT_HAS_IM(out)) {
            for (p = p0; p < nout; p++) {
                *(FR *)(d + p * es) = buf[p].r[l] * scale;
                *(FR *)(d + p * es + out->im) = buf[p].i[l] * si;
            }
        } else {
            for (p = p0; p < nout; p++) {
                *(FR *)(d + p * es) = buf[p].r[l] * scale;
            }
        }
    }
}

/* [Why panels] Lines that are neighbours in memory (ls == one complex value) are read and
 * written a few batches at a time: each element's sweep then touches a few hundred
 * contiguous bytes instead of one batch's FL values, which keeps DRAM and the TLB streaming
 * when the elements of a line are far apart (the columns of the six-step split). A panel's
 * buffers stay within the L2 cache. */
static bool FFN(adjacent)(const fft_lines *d)
{
    return d->offs == NULL && d->ls == (int64_t)sizeof(FC) && d->im == (int64_t)sizeof(FR);
}

/* ng full batches of adjacent complex lines (all n elements present) from line g on. */
static void FFN(gather_panel)(FCV *const *bufs, int ng, int64_t n, const fft_lines *in,
                              int64_t g, bool conj)
{
    const FR sg = conj ? (FR)-1 : (FR)1;
    const char *first = in->ptr + g * (int64_t)sizeof(FC);
    for (int64_t p = 0; p < n; p++) {
        const FR *row = (const FR *)(first + p * in->es);
        for (int gi = 0; gi < ng; gi++) {
            const FR *s = row + 2 * FL * gi;
            FCV v;
            for (int l = 0; l < FL; l++) {
                v.r[l] = s[2 * l];
                v.i[l] = s[2 * l + 1];
            }
            v.i *= sg;
            bufs[gi][p] = v;
        }
    }
}

/* ng full batches into adjacent complex lines from line g on (out->nre elements). */
static void FFN(scatter_panel)(FCV *const *res, int ng, const fft_lines *out, int64_t g,
                               bool conj, FR scale)
{
    const FR si = conj ? -scale : scale;
    char *first = out->ptr + g * (int64_t)sizeof(FC);
    for (int64_t p = 0; p < out->nre; p++) {
        FR *row = (FR *)(first + p * out->es);
        for (int gi = 0; gi < ng; gi++) {
            FR *d = row + 2 * FL * gi;
            const FCV v = res[gi][p];
            const FV re = v.r * scale;
            const FV im = v.i * si;
            for (int l = 0; l < FL; l++) {
                d[2 * l] = re[l];
                d[2 * l + 1] = im[l];
            }
        }
    }
}
