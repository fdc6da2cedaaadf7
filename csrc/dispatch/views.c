/*
 * views.c - the manipulation functions that return views (manipulation.h): reshape (a view
 * whenever the strides allow), broadcast_to, permute_dims, matrix_transpose, moveaxis,
 * expand_dims, squeeze, flip; and broadcast_shapes.
 *
 * Nothing here copies element data except reshape when a view is impossible. The functions
 * that copy (concat, stack, tile, repeat, roll) live in join.c.
 */
#include <string.h>

#include "paddle_c/axis.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"

/* Normalise n distinct axes (axis.h); marks[a] is set for each. */
static pc_status norm_unique_axes(int n, const int64_t *axes, int ndim, int *out, bool *marks)
{
    for (int i = 0; i < ndim; i++) {
        marks[i] = false;
    }
    for (int i = 0; i < n; i++) {
        const pc_status st = pc_axis_mark(NULL, axes[i], ndim, marks, &out[i]);
        if (st != PC_OK) {
            return st;
        }
    }
    return PC_OK;
}

/* ---- reshape ----------------------------------------------------------------------------- */

/* NumPy's _attempt_nocopy_reshape: strides for `shape` viewing x's elements in C order, when
 * x's strides allow it. x->size > 0. */
static bool nocopy_strides(const pc_tensor *x, int ndim, const int64_t *shape, int64_t *strides)
{
    int64_t od[PC_MAX_NDIM];
    int64_t os[PC_MAX_NDIM];
    int ond = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (x->shape[i] != 1) {
            od[ond] = x->shape[i];
            os[ond] = x->strides[i];
            ond++;
        }
    }
    int oi = 0;
    int oj = 1;
    int ni = 0;
    int nj = 1;
    while (ni < ndim && oi < ond) {
        int64_t np = shape[ni];
        int64_t op = od[oi];
        while (np != op) {
            if (np < op) {
                np *= shape[nj++];
            } else {
                op *= od[oj++];
            }
        }
        for (int ok = oi; ok < oj - 1; ok++) {
            if (os[ok] != od[ok + 1] * os[ok + 1]) {
                return false;
            }
        }
        strides[nj - 1] = os[oj - 1];
        for (int nk = nj - 1; nk > ni; nk--) {
            strides[nk - 1] = strides[nk] * shape[nk];
        }
        ni = nj++;
        oi = oj++;
    }
    const int64_t last = ni >= 1 ? strides[ni - 1] : pc_dtype_itemsize(x->dtype);
    for (int nk = ni; nk < ndim; nk++) {
        strides[nk] = last;
    }
    return true;
}

static pc_status bad_reshape(const pc_tensor *x, int ndim, const int64_t *shape)
{
    char a[256];
    char b[256];
    pc_shape_format(x->ndim, x->shape, a, sizeof a);
    pc_shape_format(ndim, shape, b, sizeof b);
    return pc_error_set(PC_ERR_VALUE, "cannot reshape a tensor of shape %s (size %lld) into "
                        "shape %s", a, (long long)x->size, b);
}

pc_status pc_flatten(const pc_tensor *x, pc_tensor **out)
{
    pc_tensor *c = NULL;
    if (!pc_tensor_is_c_contiguous(x)) {
        pc_status st = pc_contiguous_copy(x, &c);
        if (st != PC_OK) {
            return st;
        }
    }
    const pc_tensor *src = c != NULL ? c : x;
    const int64_t n = src->size;
    const int64_t stride = pc_dtype_itemsize(src->dtype);
    pc_status st = pc_tensor_restride(src, 1, &n, &stride, src->offset, out);
    pc_tensor_free(c);
    return st;
}

pc_status pc_reshape(const pc_tensor *x, int ndim, const int64_t *shape, int copy,
                     pc_tensor **out)
{
    if (ndim < 0 || ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", ndim,
                            PC_MAX_NDIM);
    }
    int64_t s[PC_MAX_NDIM];
    int unknown = -1;
    int64_t known = 1;
    for (int i = 0; i < ndim; i++) {
        s[i] = shape[i];
        if (shape[i] == -1) {
            if (unknown >= 0) {
                return pc_error_set(PC_ERR_VALUE, "reshape: only one dimension can be -1");
            }
            unknown = i;
        } else if (shape[i] < 0) {
            return pc_error_set(PC_ERR_VALUE, "reshape: invalid dimension %lld",
                                (long long)shape[i]);
        } else if (__builtin_mul_overflow(known, shape[i], &known)) {
            return bad_reshape(x, ndim, shape);
        }
    }
    if (unknown >= 0) {
        if (known == 0 || x->size % known != 0) {
            return bad_reshape(x, ndim, shape);
        }
        s[unknown] = x->size / known;
    } else if (known != x->size) {
        return bad_reshape(x, ndim, shape);
    }
    int64_t strides[PC_MAX_NDIM];
    bool view = copy != 1;
    if (view && x->size > 0) {
        view = nocopy_strides(x, ndim, s, strides);
    } else if (view) {
        pc_shape_c_strides(ndim, s, pc_dtype_itemsize(x->dtype), strides);
    }
    if (view) {
        return pc_tensor_restride(x, ndim, s, strides, x->offset, out);
    }
    if (copy == 0) {
        char a[256];
        pc_shape_format(ndim, s, a, sizeof a);
        return pc_error_set(PC_ERR_VALUE, "reshape(copy=False): the tensor's strides do not "
                            "allow a view of shape %s; a copy is needed", a);
    }
    pc_tensor *c;
    pc_status st = pc_contiguous_copy(x, &c);
    if (st != PC_OK) {
        return st;
    }
    st = pc_tensor_restride(c, ndim, s, NULL, c->offset, out);
    pc_tensor_free(c);
    return st;
}

/* ---- broadcasting ---------------------------------------------------------------------------- */

pc_status pc_broadcast_to(const pc_tensor *x, int ndim, const int64_t *shape, pc_tensor **out)
{
    if (ndim < 0 || ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", ndim,
                            PC_MAX_NDIM);
    }
    int64_t s[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    bool ok = ndim >= x->ndim;
    for (int i = 0; i < ndim && ok; i++) {
        const int xi = i - (ndim - x->ndim);
        s[i] = shape[i];
        if (xi < 0) {
            strides[i] = 0;
            ok = shape[i] >= 0;
        } else if (shape[i] == x->shape[xi] || shape[i] == -1) {
            s[i] = x->shape[xi];
            strides[i] = x->strides[xi];
        } else if (x->shape[xi] == 1 && shape[i] >= 0) {
            strides[i] = 0;
        } else {
            ok = false;
        }
    }
    if (!ok) {
        char a[256];
        char b[256];
        pc_shape_format(x->ndim, x->shape, a, sizeof a);
        pc_shape_format(ndim, shape, b, sizeof b);
        return pc_error_set(PC_ERR_VALUE, "cannot broadcast a tensor of shape %s to shape %s",
                            a, b);
    }
    pc_status st = pc_tensor_restride(x, ndim, s, strides, x->offset, out);
    if (st == PC_OK) {
        /* [Why broadcast views are read-only] A write through a zero stride lands in many
         * positions at once (and in x); NumPy marks these views read-only for the same
         * reason. */
        bool broadcast = false;
        for (int i = 0; i < ndim; i++) {
            broadcast = broadcast || (strides[i] == 0 && s[i] > 1);
        }
        if (broadcast) {
            (*out)->flags |= PC_FLAG_READONLY;
        }
    }
    return st;
}

pc_status pc_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes, int *ndim,
                              int64_t *out)
{
    int nd = 0;
    for (int k = 0; k < n; k++) {
        if (ndims[k] > PC_MAX_NDIM) {
            return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", ndims[k],
                                PC_MAX_NDIM);
        }
        for (int i = 0; i < ndims[k]; i++) {
            if (shapes[k][i] < 0) {
                return pc_error_set(PC_ERR_VALUE, "negative dimension %lld in shape",
                                    (long long)shapes[k][i]);
            }
        }
        pc_status st = pc_shape_broadcast(nd, out, ndims[k], shapes[k], &nd, out);
        if (st != PC_OK) {
            return st;
        }
    }
    *ndim = nd;
    return PC_OK;
}

/* ---- axis permutations ----------------------------------------------------------------------- */

static pc_status permuted(const pc_tensor *x, const int *perm, pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    for (int i = 0; i < x->ndim; i++) {
        shape[i] = x->shape[perm[i]];
        strides[i] = x->strides[perm[i]];
    }
    return pc_tensor_restride(x, x->ndim, shape, strides, x->offset, out);
}

pc_status pc_permute_dims(const pc_tensor *x, int n, const int64_t *axes, pc_tensor **out)
{
    if (n != x->ndim) {
        return pc_error_set(PC_ERR_VALUE, "permute_dims: axes has %d entries but the tensor "
                            "has %d dimensions", n, x->ndim);
    }
    int perm[PC_MAX_NDIM];
    bool marks[PC_MAX_NDIM];
    pc_status st = norm_unique_axes(n, axes, x->ndim, perm, marks);
    if (st != PC_OK) {
        return st;
    }
    return permuted(x, perm, out);
}

pc_status pc_matrix_transpose(const pc_tensor *x, pc_tensor **out)
{
    if (x->ndim < 2) {
        return pc_error_set(PC_ERR_VALUE, "matrix_transpose needs a tensor of at least 2 "
                            "dimensions, got %d", x->ndim);
    }
    int perm[PC_MAX_NDIM];
    for (int i = 0; i < x->ndim; i++) {
        perm[i] = i;
    }
    perm[x->ndim - 2] = x->ndim - 1;
    perm[x->ndim - 1] = x->ndim - 2;
    return permuted(x, perm, out);
}

pc_status pc_moveaxis(const pc_tensor *x, int n, const int64_t *src, const int64_t *dst,
                      pc_tensor **out)
{
    if (n > x->ndim) {
        return pc_error_set(PC_ERR_VALUE, "moveaxis: %d axes for a tensor of dimension %d", n,
                            x->ndim);
    }
    int s[PC_MAX_NDIM];
    int d[PC_MAX_NDIM];
    bool smarks[PC_MAX_NDIM];
    bool dmarks[PC_MAX_NDIM];
    pc_status st = norm_unique_axes(n, src, x->ndim, s, smarks);
    if (st == PC_OK) {
        st = norm_unique_axes(n, dst, x->ndim, d, dmarks);
    }
    if (st != PC_OK) {
        return st;
    }
    /* destinations get their sources; the other positions get the other axes in order */
    int perm[PC_MAX_NDIM];
    for (int i = 0; i < n; i++) {
        perm[d[i]] = s[i];
    }
    int next = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (dmarks[i]) {
            continue;
        }
        while (smarks[next]) {
            next++;
        }
        perm[i] = next++;
    }
    return permuted(x, perm, out);
}

/* ---- inserting and removing axes --------------------------------------------------------- */

pc_status pc_expand_dims(const pc_tensor *x, int n, const int64_t *axes, pc_tensor **out)
{
    const int ndim = x->ndim + n;
    if (n < 0 || ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "expand_dims: the result would have %d dimensions "
                            "(at most %d)", ndim, PC_MAX_NDIM);
    }
    int a[PC_MAX_NDIM];
    bool marks[PC_MAX_NDIM];
    pc_status st = norm_unique_axes(n, axes, ndim, a, marks);
    if (st != PC_OK) {
        return st;
    }
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    int xi = 0;
    for (int i = 0; i < ndim; i++) {
        if (marks[i]) {
            shape[i] = 1;
            /* the stride an inner neighbour would give keeps contiguity flags meaningful */
            strides[i] = xi < x->ndim ? x->strides[xi] * x->shape[xi]
                                      : pc_dtype_itemsize(x->dtype);
        } else {
            shape[i] = x->shape[xi];
            strides[i] = x->strides[xi];
            xi++;
        }
    }
    return pc_tensor_restride(x, ndim, shape, strides, x->offset, out);
}

pc_status pc_squeeze(const pc_tensor *x, int n, const int64_t *axes, bool strict,
                     pc_tensor **out)
{
    bool marks[PC_MAX_NDIM];
    if (n < 0) {
        for (int i = 0; i < x->ndim; i++) {
            marks[i] = x->shape[i] == 1;
        }
    } else {
        int a[PC_MAX_NDIM];
        if (n > x->ndim) {
            return pc_error_set(PC_ERR_VALUE, "squeeze: %d axes for a tensor of dimension %d",
                                n, x->ndim);
        }
        pc_status st = norm_unique_axes(n, axes, x->ndim, a, marks);
        if (st != PC_OK) {
            return st;
        }
        for (int i = 0; i < x->ndim; i++) {
            if (marks[i] && x->shape[i] != 1) {
                if (strict) {
                    return pc_error_set(PC_ERR_VALUE, "cannot squeeze axis %d of extent %lld "
                                        "(only axes of extent 1)", i, (long long)x->shape[i]);
                }
                marks[i] = false;
            }
        }
    }
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    int nd = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (!marks[i]) {
            shape[nd] = x->shape[i];
            strides[nd] = x->strides[i];
            nd++;
        }
    }
    return pc_tensor_restride(x, nd, shape, strides, x->offset, out);
}

pc_status pc_flip(const pc_tensor *x, int n, const int64_t *axes, pc_tensor **out)
{
    bool marks[PC_MAX_NDIM];
    if (n < 0) {
        for (int i = 0; i < x->ndim; i++) {
            marks[i] = true;
        }
    } else {
        int a[PC_MAX_NDIM];
        if (n > x->ndim) {
            return pc_error_set(PC_ERR_VALUE, "flip: %d axes for a tensor of dimension %d", n,
                                x->ndim);
        }
        pc_status st = norm_unique_axes(n, axes, x->ndim, a, marks);
        if (st != PC_OK) {
            return st;
        }
    }
    int64_t strides[PC_MAX_NDIM];
    int64_t offset = x->offset;
    const bool empty = x->size == 0;
    for (int i = 0; i < x->ndim; i++) {
        strides[i] = x->strides[i];
        if (marks[i] && !empty) {
            offset += (x->shape[i] - 1) * x->strides[i];
            strides[i] = -x->strides[i];
        }
    }
    return pc_tensor_restride(x, x->ndim, x->shape, strides, offset, out);
}
