/*
 * fft.c - the C API of paddle_c/fft.h: argument checks, the precision of a transform, the order
 * of the per-axis kernel calls and their normalisation, the sample frequencies and the shifts.
 *
 * The transforms themselves are whole-tensor kernels (ops FFT_C2C, FFT_R2C, FFT_C2R; contract
 * in fft_params.h) looked up for the input's device. Nothing here touches element data except
 * through kernels and pc_copy_into.
 */
#include <math.h>
#include <stdlib.h>

#include "dispatch.h"
#include "paddle_c/axis.h"
#include "paddle_c/kernels/fft_params.h"
#include "paddle_c/fft.h"
#include "paddle_c/ops.h"

/* Axes into [0, ndim) (axis.h); distinct when `unique`. */
static pc_status normalize_axes(int ndim, int naxes, const int *axes, bool unique, int *out)
{
    bool mask[PC_MAX_NDIM] = {false};
    for (int i = 0; i < naxes; i++) {
        const pc_status st = unique ? pc_axis_mark(NULL, axes[i], ndim, mask, &out[i])
                                    : pc_axis_normalize(NULL, axes[i], ndim, &out[i]);
        if (st != PC_OK) {
            return st;
        }
    }
    return PC_OK;
}

/* [Why float32 for integers] Paddle computes transforms of integer (and bool, float16,
 * bfloat16) tensors in float32, giving complex64; float64 input gives complex128. */
static pc_status fft_precision(pc_dtype dt, pc_fft_kind kind, pc_dtype *real, pc_dtype *cplx)
{
    if (kind == PC_FFT_R2C && pc_dtype_kind(dt) == PC_KIND_COMPLEX) {
        return pc_error_set(PC_ERR_TYPE,
                            "a real-input transform needs a real tensor, not %s (use the "
                            "complex transform)",
                            pc_dtype_name(dt));
    }
    const bool dbl = dt == PC_FLOAT64 || dt == PC_COMPLEX128;
    *real = dbl ? PC_FLOAT64 : PC_FLOAT32;
    *cplx = dbl ? PC_COMPLEX128 : PC_COMPLEX64;
    return PC_OK;
}

/* The factor of a transform over N points in `norm` mode. */
static double norm_scale(pc_fft_norm norm, bool forward, double npoints)
{
    if (norm == PC_FFT_NORM_ORTHO) {
        return 1.0 / sqrt(npoints);
    }
    return (norm == PC_FFT_NORM_FORWARD) == forward ? 1.0 / npoints : 1.0;
}

typedef struct fft_step {
    pc_op op;
    int axis;
    int64_t n;
} fft_step;

pc_status pc_fft(const pc_tensor *x, pc_fft_kind kind, bool forward, int naxes, const int *axes,
                 const int64_t *lens, pc_fft_norm norm, pc_tensor **out)
{
    const int ndim = x->ndim;
    if (ndim == 0) {
        return pc_error_set(PC_ERR_VALUE, "a Fourier transform needs a tensor with at least one "
                                          "dimension, not a 0-D tensor");
    }
    if (naxes < 1 || naxes > ndim) {
        return pc_error_set(PC_ERR_VALUE, "cannot transform over %d axes of a %d-D tensor",
                            naxes, ndim);
    }
    if (norm != PC_FFT_NORM_BACKWARD && norm != PC_FFT_NORM_ORTHO &&
        norm != PC_FFT_NORM_FORWARD) {
        return pc_error_set(PC_ERR_VALUE, "invalid normalisation mode %d", (int)norm);
    }
    int ax[PC_MAX_NDIM];
    pc_status st = normalize_axes(ndim, naxes, axes, true, ax);
    if (st != PC_OK) {
        return st;
    }
    double npoints = 1.0;
    for (int i = 0; i < naxes; i++) {
        if (lens[i] < 1) {
            return pc_error_set(PC_ERR_VALUE,
                                "invalid number of data points (%lld) along axis %d: it must "
                                "be at least 1",
                                (long long)lens[i], ax[i]);
        }
        npoints *= (double)lens[i];
    }
    pc_dtype real = PC_FLOAT32;
    pc_dtype cplx = PC_COMPLEX64;
    st = fft_precision(x->dtype, kind, &real, &cplx);
    if (st != PC_OK) {
        return st;
    }

    /* the steps, in NumPy's order: the last axis given first (the real one for R2C), the
     * complex-to-real one last */
    fft_step steps[PC_MAX_NDIM];
    int ns = 0;
    const int last = naxes - 1;
    if (kind == PC_FFT_R2C) {
        steps[ns++] = (fft_step){PC_OP_FFT_R2C, ax[last], lens[last]};
    }
    for (int i = kind == PC_FFT_C2C ? last : last - 1; i >= 0; i--) {
        steps[ns++] = (fft_step){PC_OP_FFT_C2C, ax[i], lens[i]};
    }
    if (kind == PC_FFT_C2R) {
        steps[ns++] = (fft_step){PC_OP_FFT_C2R, ax[last], lens[last]};
    }

    /* `cur` is what the next step reads: x itself, or a tensor this call owns (`writable`
     * when its memory is ours too) */
    pc_tensor *cur = NULL;
    bool writable = false;
    const pc_tensor *src = x;
    if (x->dtype != real && x->dtype != cplx) {
        st = pc_astype(x, real, true, &cur);
        if (st != PC_OK) {
            return st;
        }
        src = cur;
    }
    if (kind == PC_FFT_C2R && src->shape[ax[last]] > lens[last] / 2 + 1) {
        /* only n/2+1 entries of the Hermitian axis are read: drop the others before the
         * complex steps transform them */
        int64_t shape[PC_MAX_NDIM];
        for (int d = 0; d < ndim; d++) {
            shape[d] = src->shape[d];
        }
        shape[ax[last]] = lens[last] / 2 + 1;
        pc_tensor *view;
        st = pc_tensor_restride(src, ndim, shape, src->strides, src->offset, &view);
        if (st != PC_OK) {
            pc_tensor_free(cur);
            return st;
        }
        pc_tensor_free(cur);
        cur = view;
        src = view;
    }

    const double scale = norm_scale(norm, forward, npoints);
    for (int s = 0; s < ns && st == PC_OK; s++) {
        const fft_step *sp = &steps[s];
        const pc_dtype odt = sp->op == PC_OP_FFT_C2R ? real : cplx;
        const int64_t olen = sp->op == PC_OP_FFT_R2C ? sp->n / 2 + 1 : sp->n;
        pc_tensor *dst;
        if (sp->op == PC_OP_FFT_C2C && writable && src->dtype == cplx &&
            src->shape[sp->axis] == olen) {
            dst = cur;
        } else {
            int64_t shape[PC_MAX_NDIM];
            for (int d = 0; d < ndim; d++) {
                shape[d] = src->shape[d];
            }
            shape[sp->axis] = olen;
            st = pc_tensor_empty(ndim, shape, odt, pc_tensor_device(src), &dst);
            if (st != PC_OK) {
                break;
            }
        }
        const pc_fft_params prm = {sp->axis, sp->n, forward, s == ns - 1 ? scale : 1.0};
        const pc_tensor *ins[1] = {src};
        pc_tensor *outs[1] = {dst};
        const pc_kernel_args args = {1, 1, ins, outs, &prm};
        st = pc_dispatch_whole(sp->op, cplx, &args);
        if (dst != cur) {
            pc_tensor_free(cur);
            cur = dst;
            writable = true;
            src = dst;
        }
    }
    if (st != PC_OK) {
        pc_tensor_free(cur);
        return st;
    }
    *out = cur;
    return PC_OK;
}

pc_status pc_fft_freq(int64_t n, double d, bool half, pc_dtype dtype, pc_device device,
                      pc_tensor **out)
{
    if (n < 1) {
        return pc_error_set(PC_ERR_VALUE, "the window length n must be at least 1, not %lld",
                            (long long)n);
    }
    if (pc_dtype_kind(dtype) != PC_KIND_FLOAT) {
        return pc_error_set(PC_ERR_TYPE,
                            "sample frequencies need a real floating-point dtype, not %s",
                            pc_dtype_name(dtype));
    }
    const int64_t count = half ? n / 2 + 1 : n;
    pc_tensor *t;
    pc_status st = pc_tensor_empty(1, &count, dtype, pc_device_cpu(), &t);
    if (st != PC_OK) {
        return st;
    }
    /* NumPy's values: the integer frequency times 1 / (n d), rounded once */
    const double val = 1.0 / ((double)n * d);
    const int64_t npos = (n - 1) / 2 + 1;
    const int itemsize = pc_dtype_itemsize(dtype);
    for (int64_t i = 0; i < count; i++) {
        const int64_t k = half || i < npos ? i : i - n;
        const pc_scalar v = {.dtype = PC_FLOAT64, .v.f = (double)k * val};
        (void)pc_scalar_store(&v, dtype, t->data + i * itemsize);
    }
    if (device.type == PC_DEVICE_CPU) {
        *out = t;
        return PC_OK;
    }
    st = pc_to_device(t, device, out);
    pc_tensor_free(t);
    return st;
}

pc_status pc_fft_shift(const pc_tensor *x, int naxes, const int *axes, bool inverse,
                       pc_tensor **out)
{
    const int ndim = x->ndim;
    int ax[PC_MAX_NDIM];
    if (naxes > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many axes (%d)", naxes);
    }
    pc_status st = normalize_axes(ndim, naxes, axes, false, ax);
    if (st != PC_OK) {
        return st;
    }
    /* the roll of each axis; repeated axes roll repeatedly */
    int64_t shift[PC_MAX_NDIM] = {0};
    for (int i = 0; i < naxes; i++) {
        const int64_t n = x->shape[ax[i]];
        if (n > 0) {
            shift[ax[i]] = (shift[ax[i]] + (inverse ? n - n / 2 : n / 2)) % n;
        }
    }
    pc_tensor *res;
    st = pc_tensor_empty(ndim, x->shape, x->dtype, pc_tensor_device(x), &res);
    if (st != PC_OK) {
        return st;
    }
    if (x->size == 0) {
        *out = res;
        return PC_OK;
    }
    int rolled[PC_MAX_NDIM];
    int k = 0;
    for (int d = 0; d < ndim; d++) {
        if (shift[d] != 0) {
            rolled[k++] = d;
        }
    }
    /* [Why blocks] Rolling by s splits an axis into [0, n-s) -> [s, n) and [n-s, n) -> [0, s);
     * with k rolled axes that is 2^k strided block copies, at most x->size of them. */
    for (uint64_t mask = 0; mask < (UINT64_C(1) << k) && st == PC_OK; mask++) {
        int64_t shape[PC_MAX_NDIM];
        int64_t soff = x->offset;
        int64_t doff = res->offset;
        for (int d = 0; d < ndim; d++) {
            shape[d] = x->shape[d];
        }
        for (int j = 0; j < k; j++) {
            const int d = rolled[j];
            const int64_t n = x->shape[d];
            const int64_t s = shift[d];
            if ((mask >> j) & 1) {
                shape[d] = s;
                soff += (n - s) * x->strides[d];
            } else {
                shape[d] = n - s;
                doff += s * res->strides[d];
            }
        }
        pc_tensor *sv = NULL;
        pc_tensor *dv = NULL;
        st = pc_tensor_view_new(x->storage, x->dtype, soff, ndim, shape, x->strides, &sv);
        if (st == PC_OK) {
            st = pc_tensor_view_new(res->storage, res->dtype, doff, ndim, shape, res->strides,
                                    &dv);
        }
        if (st == PC_OK) {
            st = pc_copy_into(dv, sv);
        }
        pc_tensor_free(sv);
        pc_tensor_free(dv);
    }
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}
