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
 * algorithm with the transposes folded into the steps): n2 transforms of length n1 over the
 * columns of the line viewed as an n1 x n2 matrix, stored transposed with the twiddles
 * w^(k1 * j2) applied, then n1 transforms of length n2 in place over the rows of that, which
 * leaves every value in its final place. Both steps are batches of lines again, short enough
 * to stay in cache.
 */

static pc_status FFN(c2c_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                const fft_lines *out, bool cin, bool cout, FR scale);
static pc_status FFN(bluestein_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                      const fft_lines *out, bool cin, bool cout, FR scale);

/* Batches of FL lines through the Stockham passes (p->nfct >= 0). */
static pc_status FFN(direct_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                   const fft_lines *out, bool cin, bool cout, FR scale,
                                   const fft_six_hook *six)
{
    const int64_t n = p->n;
    int64_t ngmax = FFT_PANEL_BYTES / (n * (int64_t)sizeof(FCV));
    ngmax = ngmax < 1 ? 1 : (ngmax > FFT_PANEL_MAX ? FFT_PANEL_MAX : ngmax);
    const bool pin = FFN(adjacent)(in) && in->nre >= n && in->nim >= n;
    const bool pout = FFN(adjacent)(out) && six == NULL;
    if (!pin && !pout) {
        ngmax = 1;
    }
    FCV *a = fft_alloc(((ngmax + 1) * n + 2 * p->maxgen) * (int64_t)sizeof(FCV));
    if (a == NULL) {
        return PC_ERR_MEMORY;
    }
    FCV *bufs[FFT_PANEL_MAX];
    for (int gi = 0; gi < ngmax; gi++) {
        bufs[gi] = a + gi * n;
    }
    FCV *spare = a + ngmax * n;
    FCV *scr = spare + n;
    for (int64_t g = 0; g < count;) {
        const int64_t left = count - g;
        const int ng = left / FL < ngmax ? (left >= FL ? (int)(left / FL) : 1) : (int)ngmax;
        const int nl = left < FL ? (int)left : FL;
        if (ng > 1 && pin) {
            FFN(gather_panel)(bufs, ng, n, in, g, cin);
        } else {
            for (int gi = 0; gi < ng; gi++) {
                FFN(gather)(bufs[gi], n, in, g + gi * FL, nl, cin);
            }
        }
        for (int gi = 0; gi < ng; gi++) {
            if (FFN(stockham_run)(p, bufs[gi], spare, scr) == spare) {
                FCV *t = bufs[gi];
                bufs[gi] = spare;
                spare = t;
            }
        }
        if (ng > 1 && pout) {
            FFN(scatter_panel)(bufs, ng, out, g, cout, scale);
        } else {
            for (int gi = 0; gi < ng; gi++) {
                FFN(scatter)(bufs[gi], out, g + gi * FL, nl, cout, scale, six);
            }
        }
        g += ng > 1 ? ng * FL : nl;
    }
    fft_free(a);
    return PC_OK;
}

/* The six-step twiddles on first-step results stored as d[(j2 * n1 + k1) * lanes + l]
 * (when the first step could not apply them as it stored them). */
static void FFN(six_twiddle)(const fft_plan *p, FC *d, int64_t lanes)
{
    for (int64_t j2 = 1; j2 < p->n2; j2++) {
        int64_t mi = 0;
        for (int64_t k1 = 0; k1 < p->n1; k1++) {
            const FC w = FFN(six_root)(p, mi);
            FC *v = d + (j2 * p->n1 + k1) * lanes;
            for (int64_t l = 0; l < lanes; l++) {
                v[l] = FFN(c_mul)(v[l], w);
            }
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

/* One line through the six-step split. The first step stores the transform of column j2
 * (times its twiddles) at d[j2 * n1 + k1], so that the second step transforms the rows k1 of
 * d (element stride n1) in place, into their final places. `src` holds n complex values at
 * element step ses (imaginary parts at sim, or none). */
static pc_status FFN(sixstep_one)(const fft_plan *p, const char *src, int64_t ses, int64_t sim,
                                  FC *d, bool cin, bool cout, FR scale)
{
    const int64_t n1 = p->n1;
    const int64_t n2 = p->n2;
    const int64_t csz = (int64_t)sizeof(FC);
    const fft_lines c_in = {(char *)src, ses, NULL, n2 * ses, sim, n1, n1};
    const fft_lines c_out = {(char *)d, n1 * csz, NULL, csz, (int64_t)sizeof(FR), n1, 0};
    pc_status st;
    if (fft_plan_use_direct(p->sub1, n2)) {
        const fft_six_hook hook = {p, false};
        st = FFN(direct_lines)(p->sub1, n2, &c_in, &c_out, cin, false, (FR)1, &hook);
    } else {
        st = FFN(c2c_lines)(p->sub1, n2, &c_in, &c_out, cin, false, (FR)1);
        FFN(six_twiddle)(p, d, 1);
    }
    if (st != PC_OK) {
        return st;
    }
    const fft_lines rows = {(char *)d, csz, NULL, n1 * csz, (int64_t)sizeof(FR), n2, n2};
    return FFN(c2c_lines)(p->sub2, n1, &rows, &rows, false, cout, scale);
}

/* FL lines g .. g+FL-1 through the six-step split together (lines whose elements are far
 * apart): the first step's batches are the FL lines' column j2, the second step's their row
 * k1, with the intermediate t[(j2 * n1 + k1) * FL + l] (FL * n values) in between. `offs` has
 * room for 2 * FL * (n1 + n2) offsets. All n input values are present; n are written. */
static pc_status FFN(sixstep_batch)(const fft_plan *p, const fft_lines *in, const fft_lines *out,
                                    int64_t g, bool cin, bool cout, FR scale, FC *t,
                                    int64_t *offs)
{
    const int64_t n1 = p->n1;
    const int64_t n2 = p->n2;
    const int64_t csz = (int64_t)sizeof(FC);
    int64_t *o1i = offs;
    int64_t *o1o = o1i + n2 * FL;
    int64_t *o2i = o1o + n2 * FL;
    int64_t *o2o = o2i + n1 * FL;
    for (int l = 0; l < FL; l++) {
        const int64_t li = fft_line(in, g + l) - in->ptr;
        const int64_t lo = fft_line(out, g + l) - out->ptr;
        for (int64_t j2 = 0; j2 < n2; j2++) {
            o1i[j2 * FL + l] = li + j2 * in->es;
            o1o[j2 * FL + l] = (j2 * n1 * FL + l) * csz;
        }
        for (int64_t k1 = 0; k1 < n1; k1++) {
            o2i[k1 * FL + l] = (k1 * FL + l) * csz;
            o2o[k1 * FL + l] = lo + k1 * out->es;
        }
    }
    const fft_lines s1i = {in->ptr, 0, o1i, n2 * in->es, in->im, n1, n1};
    const fft_lines s1o = {(char *)t, 0, o1o, FL * csz, (int64_t)sizeof(FR), n1, 0};
    pc_status st;
    if (fft_plan_use_direct(p->sub1, n2 * FL)) {
        const fft_six_hook hook = {p, true};
        st = FFN(direct_lines)(p->sub1, n2 * FL, &s1i, &s1o, cin, false, (FR)1, &hook);
    } else {
        st = FFN(c2c_lines)(p->sub1, n2 * FL, &s1i, &s1o, cin, false, (FR)1);
        FFN(six_twiddle)(p, t, FL);
    }
    if (st != PC_OK) {
        return st;
    }
    const fft_lines s2i = {(char *)t, 0, o2i, n1 * FL * csz, (int64_t)sizeof(FR), n2, n2};
    const fft_lines s2o = {out->ptr, 0, o2o, n1 * out->es, out->im, n2, 0};
    return FFN(c2c_lines)(p->sub2, n1 * FL, &s2i, &s2o, false, cout, scale);
}

/* [Why batches of long lines] A line whose elements are far apart (an axis other than the
 * last) is read and written FL lines at a time, each access then covering FL neighbouring
 * values; one line at a time would use a single value of every cache line it touches. */
/* Lines through the six-step split (p->sub1 set): lines far apart in batches of FL, the rest
 * one at a time, through a contiguous copy when the line is not contiguous or padded. The
 * result goes straight to the output line when that holds n contiguous complex values (and
 * is not the input), else through a work line. */
static pc_status FFN(sixstep_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                    const fft_lines *out, bool cin, bool cout, FR scale)
{
    const int64_t n = p->n;
    const int64_t csz = (int64_t)sizeof(FC);
    const bool has_im = FFT_HAS_IM(in);
    const bool full = in->nre >= n && (!has_im || in->nim >= n);
    const bool in_contig = in->es == csz && in->im == (int64_t)sizeof(FR);
    const bool out_contig = out->es == csz && out->im == (int64_t)sizeof(FR) && out->nre == n;
    const bool batch = count >= FL && full && out->nre == n && in->ptr != out->ptr &&
                       (!in_contig || !out_contig) &&
                       FL * n * csz <= FFT_SIX_BATCH_BYTES;
    const int64_t nbatch = batch ? count - count % FL : 0;
    const bool copy_in = !full || !in_contig;
    const bool direct_out = out_contig && in->ptr != out->ptr;
    const int64_t words = (batch ? FL * n : 0) + (copy_in ? n : 0) + (direct_out ? 0 : n);
    int64_t *offs = NULL;
    FC *work = fft_alloc(words * csz);
    if (batch && work != NULL) {
        offs = fft_alloc(2 * FL * (p->n1 + p->n2) * (int64_t)sizeof(int64_t));
    }
    pc_status st = PC_OK;
    if (work == NULL || (batch && offs == NULL)) {
        st = PC_ERR_MEMORY;
    }
    FC *copy = work + (batch ? FL * n : 0);
    FC *res = copy + (copy_in ? n : 0);
    for (int64_t g = 0; g < nbatch && st == PC_OK; g += FL) {
        st = FFN(sixstep_batch)(p, in, out, g, cin, cout, scale, work, offs);
    }
    for (int64_t line = nbatch; line < count && st == PC_OK; line++) {
        const char *src = fft_line(in, line);
        int64_t ses = in->es;
        int64_t sim = in->im;
        if (copy_in) {
            FFN(load_line)(copy, n, src, in);
            src = (const char *)copy;
            ses = csz;
            sim = (int64_t)sizeof(FR);
        }
        FC *d = direct_out ? (FC *)fft_line(out, line) : res;
        st = FFN(sixstep_one)(p, src, ses, sim, d, cin, cout, scale);
        if (!direct_out && st == PC_OK) {
            FFN(store_line)(fft_line(out, line), out, res);
        }
    }
    fft_free(offs);
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
