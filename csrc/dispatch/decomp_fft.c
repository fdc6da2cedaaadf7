/*
 * decomp_fft.c - the FFT steps (fft_params.h: FFT_C2C, FFT_R2C, FFT_C2R) as a matmul with the
 * DFT matrix, for devices without an FFT library: decompose.c's rows name dc_fft_whole.
 *
 * [Why a matrix, and only up to DC_FFT_MAX points] The one primitive that combines many
 * elements into many is matmul: the transform along an axis is x (..., n) @ W (n, n) with
 * W[j][k] = scale * exp(-+2 pi i jk / n), jk taken mod n in integers and the angle formed in
 * float64 so that W is exact to the last bit of its precision. That is O(n^2) work and memory
 * per transform, reasonable for the lengths a device without an FFT library meets in tests and
 * small signals; longer transforms raise NotImplementedError (the host fallback then does not
 * apply: the slot is decomposed).
 *
 * The contract's details: the input is cut or zero-padded to n along the axis; R2C keeps the
 * first n/2 + 1 outputs; C2R rebuilds the Hermitian spectrum from the first n/2 + 1 inputs
 * (X[n - k] = conj(X[k])) and keeps the real part, so the imaginary parts of X[0] (and of
 * X[n/2], n even) do not count, as NumPy's irfft.
 */
#include <math.h>

#include "decomp.h"
#include "paddle_c/kernels/fft_params.h"
#include "paddle_c/manipulation.h"

#define DC_FFT_MAX 4096

static const pc_tensor *moveaxis(dc *s, const pc_tensor *t, int from, int to)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const int64_t a = from, b = to;
    pc_tensor *r = NULL;
    const pc_status st = pc_moveaxis(t, 1, &a, &b, &r);
    return dc_keep(s, st, r);
}

/* t (n along its last axis) cut or zero-padded to `n` there */
static const pc_tensor *fit(dc *s, const pc_tensor *t, int64_t n)
{
    if (t == NULL) {
        return NULL;
    }
    const int last = t->ndim - 1;
    const int64_t m = t->shape[last];
    if (m >= n) {
        return dc_slice(s, t, last, 0, n);
    }
    int64_t shape[PC_MAX_NDIM];
    for (int a = 0; a < t->ndim; a++) {
        shape[a] = a == last ? n : t->shape[a];
    }
    pc_tensor *z = (pc_tensor *)dc_full(s, t->ndim, shape, t->dtype, dc_i(0));
    if (m > 0) {
        dc_copy(s, (pc_tensor *)dc_slice(s, z, last, 0, m), t);
    }
    return z;
}

/* the DFT matrix scale * exp(sign 2 pi i jk / n), in complex dtype `c` */
static const pc_tensor *dft_matrix(dc *s, int64_t n, bool forward, double scale, pc_dtype c)
{
    const int64_t shape[2] = {n, n};
    const pc_tensor *i = dc_arange(s, n, PC_INT64);
    if (i == NULL) {
        return NULL;
    }
    const int64_t rows[2] = {i->strides[0], 0}, cols[2] = {0, i->strides[0]};
    const pc_tensor *jk = dc_ew2(s, PC_EW_REMAINDER,
                                 dc_t(dc_ew2(s, PC_EW_MULTIPLY,
                                             dc_t(dc_view(s, i, 2, shape, rows, i->offset)),
                                             dc_t(dc_view(s, i, 2, shape, cols, i->offset)))),
                                 dc_i(n));
    const pc_tensor *angle = dc_ew2(s, PC_EW_MULTIPLY, dc_t(dc_cast(s, jk, PC_FLOAT64)),
                                    dc_f(2.0 * M_PI / (double)n));
    pc_tensor *w = (pc_tensor *)dc_empty(s, 2, shape, PC_COMPLEX128);
    dc_copy(s, (pc_tensor *)dc_part(s, w, 0),
            dc_ew2(s, PC_EW_MULTIPLY, dc_t(dc_ew1(s, PC_EW_COS, angle)), dc_f(scale)));
    dc_copy(s, (pc_tensor *)dc_part(s, w, 1),
            dc_ew2(s, PC_EW_MULTIPLY, dc_t(dc_ew1(s, PC_EW_SIN, angle)),
                   dc_f(forward ? -scale : scale)));
    return dc_cast(s, w, c);
}

pc_status dc_fft_whole(dc *s, pc_op op, pc_dtype in_dtype, const pc_kernel_args *args)
{
    (void)in_dtype;
    const pc_fft_params *p = (const pc_fft_params *)args->params;
    /* the table's dtype: the complex dtype of the precision (R2C's input is real) */
    const pc_dtype key = pc_dtype_complex_of(args->out[0]->dtype);
    const int64_t n = p->n;
    if (n > DC_FFT_MAX) {
        return pc_error_set(PC_ERR_NOTIMPL,
                            "an FFT of %lld points on a device without an FFT library: its "
                            "decomposition (a DFT matrix) takes at most %d",
                            (long long)n, DC_FFT_MAX);
    }
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const int last = x->ndim - 1;
    /* the transformed axis last, in the complex dtype */
    const pc_tensor *xs = moveaxis(s, dc_cast(s, x, key), p->axis, last);
    const pc_tensor *outs = moveaxis(s, out, p->axis, last);
    if (op == PC_OP_FFT_C2R) {
        /* the Hermitian spectrum from its first n/2 + 1 entries */
        const int64_t half = n / 2 + 1, rest = n - half;
        const pc_tensor *h = fit(s, xs, half);
        int64_t shape[PC_MAX_NDIM];
        for (int a = 0; h != NULL && a < h->ndim; a++) {
            shape[a] = a == last ? n : h->shape[a];
        }
        pc_tensor *full = h != NULL ? (pc_tensor *)dc_empty(s, h->ndim, shape, key) : NULL;
        dc_copy(s, (pc_tensor *)dc_slice(s, full, last, 0, half), h);
        if (rest > 0 && h != NULL) {
            pc_tensor *mirror = NULL;
            const int64_t axis = last;
            const pc_tensor *tail = dc_slice(s, h, last, 1, rest);
            const pc_status st = tail != NULL ? pc_flip(tail, 1, &axis, &mirror) : s->st;
            dc_copy(s, (pc_tensor *)dc_slice(s, full, last, half, rest),
                    dc_ew1(s, PC_EW_CONJ, dc_keep(s, st, mirror)));
        }
        const pc_tensor *y = dc_matmul(s, full, dft_matrix(s, n, p->forward, p->scale, key));
        dc_copy(s, (pc_tensor *)outs, dc_part(s, y, 0));
        return s->st;
    }
    const pc_tensor *y = dc_matmul(s, fit(s, xs, n), dft_matrix(s, n, p->forward, p->scale, key));
    dc_copy(s, (pc_tensor *)outs, op == PC_OP_FFT_R2C && y != NULL
                                      ? dc_slice(s, y, last, 0, n / 2 + 1)
                                      : y);
    return s->st;
}
