/*
 * scalar.c - converting one Python-style scalar to and from an element of any dtype.
 *
 * Used by creation functions (full, fill), item()/tolist() and scalar operands. Integer values
 * that do not fit an integer dtype are an OverflowError (a silent wrap would lose data); float
 * values go to integer dtypes by truncation with the cast kernels' rules (NaN -> 0, saturation).
 */
#include <math.h>
#include <string.h>

#include "paddle_c/half.h"
#include "paddle_c/tensor.h"

/* Range of an integer dtype as [lo, hi] in int64/uint64 terms. */
static void int_range(pc_dtype dt, int64_t *lo, uint64_t *hi)
{
    const int bits = 8 * pc_dtype_itemsize(dt);
    if (pc_dtype_kind(dt) == PC_KIND_UINT) {
        *lo = 0;
        *hi = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    } else {
        *lo = bits == 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1));
        *hi = bits == 64 ? (uint64_t)INT64_MAX : (UINT64_C(1) << (bits - 1)) - 1;
    }
}

static void store_int(pc_dtype dt, void *dst, int64_t v_signed, uint64_t v_unsigned, bool neg)
{
    /* two's complement truncation of an in-range value: exact */
    const uint64_t raw = neg ? (uint64_t)v_signed : v_unsigned;
    switch (pc_dtype_itemsize(dt)) {
    case 1: {
        uint8_t x = (uint8_t)raw;
        memcpy(dst, &x, 1);
        break;
    }
    case 2: {
        uint16_t x = (uint16_t)raw;
        memcpy(dst, &x, 2);
        break;
    }
    case 4: {
        uint32_t x = (uint32_t)raw;
        memcpy(dst, &x, 4);
        break;
    }
    default:
        memcpy(dst, &raw, 8);
        break;
    }
}

/* float -> integer with the cast rules: truncate, NaN -> 0, saturate at the range ends. */
static void store_float_as_int(pc_dtype dt, void *dst, double f)
{
    int64_t lo;
    uint64_t hi;
    int_range(dt, &lo, &hi);
    if (isnan(f)) {
        store_int(dt, dst, 0, 0, false);
    } else if (f <= (double)lo) {
        store_int(dt, dst, lo, 0, true);
    } else if (f >= (double)hi) {
        store_int(dt, dst, 0, hi, false);
    } else if (f < 0) {
        store_int(dt, dst, (int64_t)f, 0, true);
    } else {
        store_int(dt, dst, 0, (uint64_t)f, false);
    }
}

static void store_real(pc_dtype dt, void *dst, double f)
{
    switch (dt) {
    case PC_FLOAT16: {
        pc_half h = pc_half_from_double(f);
        memcpy(dst, &h, 2);
        break;
    }
    case PC_BFLOAT16: {
        pc_bhalf h = pc_bhalf_from_double(f);
        memcpy(dst, &h, 2);
        break;
    }
    case PC_FLOAT32: {
        float x = (float)f;
        memcpy(dst, &x, 4);
        break;
    }
    default: {
        memcpy(dst, &f, 8);
        break;
    }
    }
}

static void store_complex(pc_dtype dt, void *dst, double re, double im)
{
    if (dt == PC_COMPLEX64) {
        float x[2] = {(float)re, (float)im};
        memcpy(dst, x, sizeof x);
    } else {
        double x[2] = {re, im};
        memcpy(dst, x, sizeof x);
    }
}

pc_status pc_scalar_store(const pc_scalar *s, pc_dtype dt, void *dst)
{
    const pc_kind k = pc_dtype_kind(dt);
    double re = 0.0;
    double im = 0.0;
    switch (s->dtype) {
    case PC_BOOL:
        re = s->v.b ? 1.0 : 0.0;
        break;
    case PC_INT64:
        re = (double)s->v.i;
        break;
    case PC_UINT64:
        re = (double)s->v.u;
        break;
    case PC_FLOAT64:
        re = s->v.f;
        break;
    default:
        re = s->v.c.re;
        im = s->v.c.im;
        break;
    }

    if (k == PC_KIND_BOOL) {
        const bool b = s->dtype == PC_INT64    ? s->v.i != 0
                       : s->dtype == PC_UINT64 ? s->v.u != 0
                                               : (re != 0.0 || im != 0.0);
        const uint8_t x = b ? 1 : 0;
        memcpy(dst, &x, 1);
        return PC_OK;
    }
    if (k == PC_KIND_COMPLEX) {
        store_complex(dt, dst, re, im);
        return PC_OK;
    }
    if (s->dtype == PC_COMPLEX128 && im != 0.0) {
        return pc_error_set(PC_ERR_TYPE,
                            "cannot convert the complex value (%g%+gj) to the real dtype %s", re,
                            im, pc_dtype_name(dt));
    }
    if (k == PC_KIND_FLOAT) {
        if (s->dtype == PC_INT64 && dt == PC_FLOAT32) {
            store_real(dt, dst, (double)(float)s->v.i); /* one rounding from int64 */
        } else {
            store_real(dt, dst, re);
        }
        return PC_OK;
    }

    /* integer dtypes */
    int64_t lo;
    uint64_t hi;
    int_range(dt, &lo, &hi);
    switch (s->dtype) {
    case PC_BOOL:
        store_int(dt, dst, 0, s->v.b ? 1 : 0, false);
        return PC_OK;
    case PC_INT64:
        if (s->v.i < lo || (s->v.i > 0 && (uint64_t)s->v.i > hi)) {
            return pc_error_set(PC_ERR_OVERFLOW, "Python integer %lld out of bounds for %s",
                                (long long)s->v.i, pc_dtype_name(dt));
        }
        store_int(dt, dst, s->v.i, (uint64_t)s->v.i, s->v.i < 0);
        return PC_OK;
    case PC_UINT64:
        if (s->v.u > hi) {
            return pc_error_set(PC_ERR_OVERFLOW, "Python integer %llu out of bounds for %s",
                                (unsigned long long)s->v.u, pc_dtype_name(dt));
        }
        store_int(dt, dst, 0, s->v.u, false);
        return PC_OK;
    default:
        store_float_as_int(dt, dst, re);
        return PC_OK;
    }
}

/* An integer element of `size` bytes, sign-extended or zero-extended to 64 bits. */
static uint64_t load_int_bits(const void *src, int size, bool is_signed)
{
    switch (size) {
    case 1: {
        uint8_t x;
        memcpy(&x, src, 1);
        return is_signed ? (uint64_t)(int64_t)(int8_t)x : x;
    }
    case 2: {
        uint16_t x;
        memcpy(&x, src, 2);
        return is_signed ? (uint64_t)(int64_t)(int16_t)x : x;
    }
    case 4: {
        uint32_t x;
        memcpy(&x, src, 4);
        return is_signed ? (uint64_t)(int64_t)(int32_t)x : x;
    }
    default: {
        uint64_t x;
        memcpy(&x, src, 8);
        return x;
    }
    }
}

/* A real floating element (float16, bfloat16, float32 or float64), exactly, as a double. */
static double load_real(pc_dtype dt, const void *src)
{
    switch (dt) {
    case PC_FLOAT16: {
        pc_half h;
        memcpy(&h, src, 2);
        return pc_half_to_float(h);
    }
    case PC_BFLOAT16: {
        pc_bhalf h;
        memcpy(&h, src, 2);
        return pc_bhalf_to_float(h);
    }
    case PC_FLOAT32: {
        float x;
        memcpy(&x, src, 4);
        return x;
    }
    default: {
        double x;
        memcpy(&x, src, 8);
        return x;
    }
    }
}

void pc_scalar_load(pc_dtype dt, const void *src, pc_scalar *out)
{
    const int size = pc_dtype_itemsize(dt);
    switch (pc_dtype_kind(dt)) {
    case PC_KIND_BOOL:
        out->dtype = PC_BOOL;
        out->v.b = *(const uint8_t *)src != 0;
        return;
    case PC_KIND_INT:
        out->dtype = PC_INT64;
        out->v.i = (int64_t)load_int_bits(src, size, true);
        return;
    case PC_KIND_UINT:
        /* uint64 keeps its own representation; the narrower ones fit int64 */
        out->dtype = dt == PC_UINT64 ? PC_UINT64 : PC_INT64;
        out->v.u = load_int_bits(src, size, false);
        return;
    case PC_KIND_FLOAT:
        out->dtype = PC_FLOAT64;
        out->v.f = load_real(dt, src);
        return;
    case PC_KIND_COMPLEX: {
        const pc_dtype part = pc_dtype_real_of(dt);
        out->dtype = PC_COMPLEX128;
        out->v.c.re = load_real(part, src);
        out->v.c.im = load_real(part, (const char *)src + size / 2);
        return;
    }
    }
}

pc_scalar_kind pc_scalar_kind_of(const pc_scalar *s)
{
    switch (s->dtype) {
    case PC_BOOL:
        return PC_SCALAR_BOOL;
    case PC_INT64:
    case PC_UINT64:
        return PC_SCALAR_INT;
    case PC_FLOAT64:
        return PC_SCALAR_FLOAT;
    default:
        return PC_SCALAR_COMPLEX;
    }
}

pc_dtype pc_scalar_default_dtype(const pc_scalar *s)
{
    switch (pc_scalar_kind_of(s)) {
    case PC_SCALAR_BOOL:
        return PC_BOOL;
    case PC_SCALAR_INT:
        return PC_DEFAULT_INT;
    case PC_SCALAR_FLOAT:
        return PC_DEFAULT_FLOAT;
    default:
        return PC_DEFAULT_COMPLEX;
    }
}
