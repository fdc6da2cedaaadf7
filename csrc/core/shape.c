/*
 * shape.c - shape arithmetic: sizes with overflow checks, C strides, broadcasting, formatting.
 */
#include <stdio.h>
#include <string.h>

#include "paddle_c/tensor.h"

pc_status pc_shape_size(int ndim, const int64_t *shape, int itemsize, int64_t *size)
{
    int64_t n = 1;
    bool zero = false;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] < 0) {
            return pc_error_set(PC_ERR_VALUE, "negative dimension %lld in shape",
                                (long long)shape[i]);
        }
        if (shape[i] == 0) {
            zero = true;
        }
    }
    /* [Why check even with a zero extent] (2**62, 2**62, 0) describes no memory, but every
     * partial product must still fit, as NumPy requires, so that strides stay representable. */
    for (int i = 0; i < ndim; i++) {
        if (shape[i] == 0) {
            continue;
        }
        if (__builtin_mul_overflow(n, shape[i], &n)) {
            goto too_big;
        }
    }
    if (itemsize > 0) {
        int64_t bytes;
        if (__builtin_mul_overflow(n, (int64_t)itemsize, &bytes)) {
            goto too_big;
        }
    }
    *size = zero ? 0 : n;
    return PC_OK;
too_big: {
    char buf[256];
    pc_shape_format(ndim, shape, buf, sizeof buf);
    return pc_error_set(PC_ERR_VALUE, "array is too big: shape %s exceeds the addressable size",
                        buf);
}
}

void pc_shape_c_strides(int ndim, const int64_t *shape, int itemsize, int64_t *strides)
{
    int64_t s = itemsize;
    for (int i = ndim - 1; i >= 0; i--) {
        strides[i] = s;
        s *= shape[i] > 0 ? shape[i] : 1;
    }
}

pc_status pc_shape_broadcast(int nda, const int64_t *a, int ndb, const int64_t *b, int *ndout,
                             int64_t *out)
{
    const int nd = nda > ndb ? nda : ndb;
    if (nd > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", nd,
                            PC_MAX_NDIM);
    }
    int64_t tmp[PC_MAX_NDIM];
    for (int i = 0; i < nd; i++) {
        const int ia = i - (nd - nda);
        const int ib = i - (nd - ndb);
        const int64_t da = ia >= 0 ? a[ia] : 1;
        const int64_t db = ib >= 0 ? b[ib] : 1;
        if (da == db || db == 1) {
            tmp[i] = da;
        } else if (da == 1) {
            tmp[i] = db;
        } else {
            char sa[256];
            char sb[256];
            pc_shape_format(nda, a, sa, sizeof sa);
            pc_shape_format(ndb, b, sb, sizeof sb);
            return pc_error_set(PC_ERR_VALUE,
                                "shapes %s and %s cannot be broadcast together (axis %d: %lld vs "
                                "%lld)",
                                sa, sb, i - nd, (long long)da, (long long)db);
        }
    }
    memcpy(out, tmp, (size_t)nd * sizeof *out);
    *ndout = nd;
    return PC_OK;
}

void pc_shape_format(int ndim, const int64_t *shape, char *buf, int buflen)
{
    int pos = snprintf(buf, (size_t)buflen, "(");
    for (int i = 0; i < ndim && pos < buflen; i++) {
        pos += snprintf(buf + pos, (size_t)(buflen - pos), i ? ", %lld" : "%lld",
                        (long long)shape[i]);
    }
    if (pos < buflen) {
        snprintf(buf + pos, (size_t)(buflen - pos), ndim == 1 ? ",)" : ")");
    }
}
