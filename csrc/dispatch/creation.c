/*
 * creation.c - filling and range construction: fill, full, arange, linspace, eye, tri.
 */
#include <math.h>
#include <string.h>

#include "dispatch.h"
#include "paddle_c/ops.h"

pc_status pc_fill(pc_tensor *dst, const pc_scalar *value)
{
    _Alignas(16) unsigned char bytes[16];
    pc_status st = pc_scalar_store(value, dst->dtype, bytes);
    if (st != PC_OK) {
        return st;
    }
    const pc_tensor *ops[1] = {dst};
    return pc_dispatch_elementwise(PC_OP_FILL, dst->dtype, dst->dtype, 0, 1, ops, dst->ndim,
                                   dst->shape, bytes);
}

pc_status pc_full(int ndim, const int64_t *shape, const pc_scalar *value, pc_dtype dtype,
                  pc_device device, pc_tensor **out)
{
    pc_tensor *t;
    pc_status st = pc_tensor_empty(ndim, shape, dtype, device, &t);
    if (st != PC_OK) {
        return st;
    }
    st = pc_fill(t, value);
    if (st != PC_OK) {
        pc_tensor_free(t);
        return st;
    }
    *out = t;
    return PC_OK;
}

static double scalar_real(const pc_scalar *s)
{
    switch (s->dtype) {
    case PC_BOOL:
        return s->v.b ? 1.0 : 0.0;
    case PC_INT64:
        return (double)s->v.i;
    case PC_UINT64:
        return (double)s->v.u;
    case PC_FLOAT64:
        return s->v.f;
    default:
        return s->v.c.re;
    }
}

static double scalar_imag(const pc_scalar *s)
{
    return s->dtype == PC_COMPLEX128 ? s->v.c.im : 0.0;
}

static bool scalar_is_integer(const pc_scalar *s)
{
    return s->dtype == PC_BOOL || s->dtype == PC_INT64 || s->dtype == PC_UINT64;
}

static __int128 scalar_int(const pc_scalar *s)
{
    return s->dtype == PC_BOOL ? (__int128)s->v.b : s->dtype == PC_INT64 ? (__int128)s->v.i
                                                                         : (__int128)s->v.u;
}

/* The int64 nearest to a finite double (the integer kernels' start and step for float
 * arguments; a float beyond int64 gives values no integer dtype holds anyway). */
static int64_t saturated_int64(double v)
{
    return v >= 0x1p63 ? INT64_MAX : v < -0x1p63 ? INT64_MIN : (int64_t)v;
}

static pc_status run_range(pc_op op, const pc_range_params *p, int64_t n, pc_dtype dtype,
                           pc_device device, pc_tensor **out)
{
    pc_tensor *t;
    pc_status st = pc_tensor_empty(1, &n, dtype, device, &t);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *outs[1] = {t};
    const pc_kernel_args args = {0, 1, NULL, outs, p};
    st = pc_dispatch_whole(op, dtype, &args);
    if (st != PC_OK) {
        pc_tensor_free(t);
        return st;
    }
    *out = t;
    return PC_OK;
}

pc_status pc_arange(const pc_scalar *start, const pc_scalar *stop, const pc_scalar *step,
                    pc_dtype dtype, pc_device device, pc_tensor **out)
{
    if (start->dtype == PC_COMPLEX128 || stop->dtype == PC_COMPLEX128 ||
        step->dtype == PC_COMPLEX128) {
        return pc_error_set(PC_ERR_TYPE, "arange does not accept complex values");
    }
    pc_range_params p;
    memset(&p, 0, sizeof p);
    int64_t n;
    if (scalar_is_integer(start) && scalar_is_integer(stop) && scalar_is_integer(step)) {
        /* [Why arange counts in 128 bits] start, stop and step are each int64 or uint64, so the
         * span and every value lie within +-2**65: exact in __int128. The kernels compute
         * start + i * step modulo 2**64, so the values' bit patterns are exact in int64 and
         * in uint64 alike; which of the two holds them is decided here. */
        const __int128 a = scalar_int(start);
        const __int128 b = scalar_int(stop);
        const __int128 s = scalar_int(step);
        if (s == 0) {
            return pc_error_set(PC_ERR_VALUE, "arange: step must not be zero");
        }
        const __int128 span = b - a;
        __int128 q = span / s;
        if (span % s != 0 && ((span < 0) == (s < 0))) {
            q += 1;
        }
        if (q > INT64_MAX) {
            return pc_error_set(PC_ERR_VALUE, "arange: too many elements");
        }
        n = q > 0 ? (int64_t)q : 0;
        const __int128 last = n > 0 ? a + (n - 1) * s : a;
        const __int128 lo = n > 0 && last < a ? last : a;
        const __int128 hi = n > 0 && last > a ? last : a;
        if (dtype == PC_DTYPE_INVALID) {
            const bool fits_int64 = lo >= INT64_MIN && hi <= INT64_MAX;
            const bool fits_uint64 = lo >= 0 && hi <= (__int128)UINT64_MAX;
            if (n > 0 && !fits_int64 && !fits_uint64) {
                return pc_error_set(PC_ERR_OVERFLOW, "arange: the values run from %s%llu to "
                                    "%llu, beyond what int64 or uint64 holds",
                                    lo < 0 ? "-" : "", (unsigned long long)(lo < 0 ? -lo : lo),
                                    (unsigned long long)hi);
            }
            dtype = n == 0 || fits_int64 ? PC_INT64 : PC_UINT64;
        }
        p.istart = (int64_t)(uint64_t)a;
        p.istep = (int64_t)(uint64_t)s;
        p.start[0] = (double)a;
        p.step[0] = (double)s;
    } else {
        const double a = scalar_real(start);
        const double b = scalar_real(stop);
        const double s = scalar_real(step);
        if (s == 0.0) {
            return pc_error_set(PC_ERR_VALUE, "arange: step must not be zero");
        }
        if (!isfinite(a) || !isfinite(b) || !isfinite(s)) {
            return pc_error_set(PC_ERR_VALUE, "arange: start, stop and step must be finite");
        }
        const double len = ceil((b - a) / s);
        if (len >= 9.2e18) {
            return pc_error_set(PC_ERR_VALUE, "arange: too many elements");
        }
        n = len > 0 ? (int64_t)len : 0;
        p.start[0] = a;
        p.step[0] = s;
        p.istart = saturated_int64(a);
        p.istep = saturated_int64(s);
        if (dtype == PC_DTYPE_INVALID) {
            dtype = PC_DEFAULT_FLOAT;
        }
    }
    return run_range(PC_OP_ARANGE, &p, n, dtype, device, out);
}

pc_status pc_linspace(const pc_scalar *start, const pc_scalar *stop, int64_t num, bool endpoint,
                      pc_dtype dtype, pc_device device, pc_tensor **out)
{
    if (num < 0) {
        return pc_error_set(PC_ERR_VALUE, "linspace: num must be non-negative, got %lld",
                            (long long)num);
    }
    pc_range_params p;
    memset(&p, 0, sizeof p);
    p.start[0] = scalar_real(start);
    p.start[1] = scalar_imag(start);
    p.stop[0] = scalar_real(stop);
    p.stop[1] = scalar_imag(stop);
    p.div = endpoint ? num - 1 : num;
    p.endpoint = endpoint;
    if (p.div > 0) {
        for (int c = 0; c < 2; c++) {
            p.step[c] = (p.stop[c] - p.start[c]) / (double)p.div;
        }
    }
    return run_range(PC_OP_LINSPACE, &p, num, dtype, device, out);
}

pc_status pc_eye(int64_t n_rows, int64_t n_cols, int64_t k, pc_dtype dtype, pc_device device,
                 pc_tensor **out)
{
    const int64_t shape[2] = {n_rows, n_cols};
    pc_tensor *t;
    pc_status st = pc_tensor_zeros(2, shape, dtype, device, &t);
    if (st != PC_OK) {
        return st;
    }
    /* the diagonal as a strided view, filled with ones (offsets beyond the matrix: none) */
    k = k > n_cols ? n_cols : k < -n_rows ? -n_rows : k;
    const int64_t item = pc_dtype_itemsize(dtype);
    const int64_t r0 = k >= 0 ? 0 : -k;
    const int64_t c0 = k >= 0 ? k : 0;
    int64_t len = 0;
    if (r0 < n_rows && c0 < n_cols) {
        len = n_rows - r0 < n_cols - c0 ? n_rows - r0 : n_cols - c0;
    }
    if (len > 0) {
        const int64_t stride = (n_cols + 1) * item;
        pc_tensor *diag;
        st = pc_tensor_view_new(t->storage, dtype, (r0 * n_cols + c0) * item, 1, &len, &stride,
                                &diag);
        if (st == PC_OK) {
            pc_scalar one = {.dtype = PC_INT64, .v.i = 1};
            st = pc_fill(diag, &one);
            pc_tensor_free(diag);
        }
        if (st != PC_OK) {
            pc_tensor_free(t);
            return st;
        }
    }
    *out = t;
    return PC_OK;
}

pc_status pc_tri(const pc_tensor *x, int64_t k, bool upper, pc_tensor **out)
{
    if (x->ndim < 2) {
        return pc_error_set(PC_ERR_VALUE, "%s needs a tensor of at least 2 dimensions, got %d",
                            upper ? "triu" : "tril", x->ndim);
    }
    pc_tensor *t;
    pc_status st = pc_contiguous_copy(x, &t);
    if (st != PC_OK) {
        return st;
    }
    /* offsets beyond the matrix act like the matrix's edge: clamp, so kernels never overflow */
    const int64_t rows = x->shape[x->ndim - 2];
    const int64_t cols = x->shape[x->ndim - 1];
    k = k > cols + 1 ? cols + 1 : k < -(rows + 1) ? -(rows + 1) : k;
    const pc_tri_params p = {k, upper};
    pc_tensor *outs[1] = {t};
    const pc_kernel_args args = {0, 1, NULL, outs, &p};
    st = pc_dispatch_whole(PC_OP_TRI, x->dtype, &args);
    if (st != PC_OK) {
        pc_tensor_free(t);
        return st;
    }
    *out = t;
    return PC_OK;
}
