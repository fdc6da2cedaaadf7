/*
 * diff.c - pc_diff: concatenation with prepend/append, then n elementwise steps over two
 * views of the previous result shifted by one along the axis (kernel op DIFF).
 */
#include "dispatch.h"
#include "paddle_c/axis.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"

/* A view of t along `axis` restricted to [start, start + len). */
static pc_status axis_slice(const pc_tensor *t, int axis, int64_t start, int64_t len,
                            pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    for (int i = 0; i < t->ndim; i++) {
        shape[i] = t->shape[i];
    }
    shape[axis] = len;
    return pc_tensor_restride(t, t->ndim, shape, t->strides,
                              t->offset + (len > 0 ? start * t->strides[axis] : 0), out);
}

/* Check a prepend/append operand against x; its extent along the axis goes to *len. */
static pc_status check_part(const char *what, const pc_tensor *p, const pc_tensor *x, int axis,
                            int64_t *len)
{
    if (p == NULL) {
        *len = 0;
        return PC_OK;
    }
    if (p->ndim == 0) {
        *len = 1;
        return PC_OK;
    }
    bool ok = p->ndim == x->ndim;
    for (int i = 0; ok && i < x->ndim; i++) {
        ok = i == axis || p->shape[i] == x->shape[i];
    }
    if (!ok) {
        char a[256];
        char b[256];
        pc_shape_format(p->ndim, p->shape, a, sizeof a);
        pc_shape_format(x->ndim, x->shape, b, sizeof b);
        return pc_error_set(PC_ERR_VALUE, "diff: %s of shape %s does not match x of shape %s "
                            "outside axis %d", what, a, b, axis);
    }
    *len = p->shape[axis];
    return PC_OK;
}

pc_status pc_diff(const pc_tensor *x, int axis, int64_t n, const pc_tensor *prepend,
                  const pc_tensor *append, pc_tensor **out)
{
    if (x->ndim == 0) {
        return pc_error_set(PC_ERR_VALUE, "diff needs a tensor of at least one dimension");
    }
    pc_status st = pc_axis_normalize("diff", axis, x->ndim, &axis);
    if (st != PC_OK) {
        return st;
    }
    if (n < 0) {
        return pc_error_set(PC_ERR_VALUE, "diff: n must be non-negative, got %lld",
                            (long long)n);
    }
    if (n == 0) {
        /* nothing to difference: x itself (as NumPy, prepend/append are not added) */
        return pc_contiguous_copy(x, out);
    }
    pc_dtype dt = x->dtype;
    const pc_tensor *parts[3] = {prepend, x, append};
    int64_t lens[3];
    for (int k = 0; k < 3; k += 2) {
        if (parts[k] != NULL) {
            st = pc_promote_checked(dt, parts[k]->dtype, &dt);
            if (st != PC_OK) {
                return st;
            }
        }
    }
    if ((st = check_part("prepend", prepend, x, axis, &lens[0])) != PC_OK ||
        (st = check_part("append", append, x, axis, &lens[2])) != PC_OK) {
        return st;
    }
    lens[1] = x->shape[axis];
    int64_t shape[PC_MAX_NDIM];
    for (int i = 0; i < x->ndim; i++) {
        shape[i] = x->shape[i];
    }
    shape[axis] = lens[0] + lens[1] + lens[2];

    /* the concatenation (or x itself when there is nothing to add and no cast) */
    pc_tensor *cur = NULL;
    if (prepend == NULL && append == NULL && dt == x->dtype) {
        st = pc_tensor_alias(x, &cur);
    } else {
        st = pc_tensor_empty(x->ndim, shape, dt, pc_tensor_device(x), &cur);
        int64_t at = 0;
        for (int k = 0; k < 3 && st == PC_OK; k++) {
            if (parts[k] == NULL || lens[k] == 0) {
                continue;
            }
            pc_tensor *dst;
            st = axis_slice(cur, axis, at, lens[k], &dst);
            if (st == PC_OK) {
                st = pc_copy_into(dst, parts[k]);
                pc_tensor_free(dst);
            }
            at += lens[k];
        }
    }
    for (int64_t step = 0; step < n && st == PC_OK; step++) {
        const int64_t m = cur->shape[axis];
        const int64_t len = m > 0 ? m - 1 : 0;
        pc_tensor *a = NULL;
        pc_tensor *b = NULL;
        pc_tensor *next = NULL;
        int64_t nshape[PC_MAX_NDIM];
        for (int i = 0; i < cur->ndim; i++) {
            nshape[i] = cur->shape[i];
        }
        nshape[axis] = len;
        st = pc_tensor_empty(cur->ndim, nshape, dt, pc_tensor_device(cur), &next);
        if (st == PC_OK && len > 0) {
            st = axis_slice(cur, axis, 1, len, &a);
            if (st == PC_OK) {
                st = axis_slice(cur, axis, 0, len, &b);
            }
            if (st == PC_OK) {
                const pc_tensor *ops[3] = {a, b, next};
                st = pc_dispatch_elementwise(PC_OP_DIFF, dt, dt, 2, 3, ops, next->ndim,
                                             next->shape, NULL);
            }
        }
        pc_tensor_free(a);
        pc_tensor_free(b);
        pc_tensor_free(cur);
        cur = next;
        if (m == 0) {
            break;
        }
    }
    if (st != PC_OK) {
        pc_tensor_free(cur);
        return st;
    }
    *out = cur;
    return PC_OK;
}
