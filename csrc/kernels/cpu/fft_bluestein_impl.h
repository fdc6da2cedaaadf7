/*
 * fft_bluestein_impl.h - transforms of lengths with large prime factors for one precision,
 * through Bluestein's chirp-z identity. Part of fft_body_impl.h. No include guard.
 *
 * With w_k = exp(-i pi k^2 / n), jk = (j^2 + k^2 - (k-j)^2) / 2 gives
 *     X_k = w_k * sum_j (x_j w_j) conj(w_{k-j}),
 * a circular convolution of length m >= 2n - 1 (a smooth length, fft_plan.c) of a_j = x_j w_j
 * (zero beyond n) with b_j = conj(w_j) (b_{m-j} = b_j). The plan holds the spectrum of b
 * divided by m, so the convolution is one forward transform, a product, and a backward
 * transform written as a conjugated forward one.
 */

/* [Why chunks] Lines are transformed a few at a time: enough to fill the lanes of the length-m
 * transform for short lines, little enough that the two work arrays stay small. */
#define FFT_BLUESTEIN_CHUNK (INT64_C(1) << 16)

static pc_status FFN(bluestein_lines)(const fft_plan *p, int64_t count, const fft_lines *in,
                                      const fft_lines *out, bool cin, bool cout, FR scale)
{
    const int64_t n = p->n;
    const int64_t m = p->m;
    const FC *chirp = (const FC *)p->chirp;
    const FC *bk = (const FC *)p->bk;
    int64_t chunk = FFT_BLUESTEIN_CHUNK / m;
    chunk = chunk < 1 ? 1 : (chunk > count ? count : chunk);
    FC *a = fft_alloc(2 * chunk * m * (int64_t)sizeof(FC));
    if (a == NULL) {
        return PC_ERR_MEMORY;
    }
    FC *b = a + chunk * m;
    const FR sg = cin ? (FR)-1 : (FR)1;
    const FR so = cout ? (FR)-1 : (FR)1;
    const int64_t nre = in->nre < n ? in->nre : n;
    const int64_t nim = !FFT_HAS_IM(in) ? 0 : (in->nim < nre ? in->nim : nre);
    const int64_t csz = (int64_t)sizeof(FC);
    pc_status st = PC_OK;
    for (int64_t c0 = 0; c0 < count && st == PC_OK; c0 += chunk) {
        const int64_t cn = count - c0 < chunk ? count - c0 : chunk;
        for (int64_t l = 0; l < cn; l++) {
            const char *src = fft_line(in, c0 + l);
            FC *al = a + l * m;
            int64_t j = 0;
            for (; j < nim; j++) {
                const FC x = {*(const FR *)(src + j * in->es),
                              sg * *(const FR *)(src + j * in->es + in->im)};
                al[j] = FFN(c_mul)(x, chirp[j]);
            }
            for (; j < nre; j++) {
                const FR x = *(const FR *)(src + j * in->es);
                al[j].r = x * chirp[j].r;
                al[j].i = x * chirp[j].i;
            }
            for (; j < m; j++) {
                al[j].r = 0;
                al[j].i = 0;
            }
        }
        const fft_lines da = {(char *)a, m * csz, NULL, csz, (int64_t)sizeof(FR), m, m};
        const fft_lines db = {(char *)b, m * csz, NULL, csz, (int64_t)sizeof(FR), m, m};
        st = FFN(c2c_lines)(p->sub_m, cn, &da, &db, false, false, (FR)1);
        if (st != PC_OK) {
            break;
        }
        for (int64_t l = 0; l < cn; l++) {
            FC *bl = b + l * m;
            for (int64_t j = 0; j < m; j++) {
                const FC v = FFN(c_mul)(bl[j], bk[j]);
                bl[j].r = v.r;
                bl[j].i = -v.i;
            }
        }
        st = FFN(c2c_lines)(p->sub_m, cn, &db, &da, false, false, (FR)1);
        if (st != PC_OK) {
            break;
        }
        /* X_k = w_k * conj(a_k), then the output's conjugation and scale */
        for (int64_t l = 0; l < cn; l++) {
            char *dst = fft_line(out, c0 + l);
            const FC *al = a + l * m;
            for (int64_t k = 0; k < out->nre; k++) {
                const FC c = {al[k].r, -al[k].i};
                const FC v = FFN(c_mul)(c, chirp[k]);
                *(FR *)(dst + k * out->es) = v.r * scale;
                if (FFT_HAS_IM(out)) {
                    *(FR *)(dst + k * out->es + out->im) = v.i * scale * so;
                }
            }
        }
    }
    fft_free(a);
    return st;
}
