/*
 * join.c - the manipulation functions that copy (manipulation.h): concat, stack, tile, repeat,
 * roll; and unstack (views).
 *
 * Each result is a fresh C-contiguous tensor filled by pc_copy_into from views: a block of the
 * result receives a (possibly broadcast) view of an input, so the strided copy kernels do all
 * element work and casts happen on the way (concat/stack of mixed dtypes).
 */
#include <stdlib.h>
#include <string.h>

#include "paddle_c/axis.h"
#include "paddle_c/indexing.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"

/* Copy `src` into the block of `dst` starting at `start` along `axis` (src's extent there). */
static pc_status copy_block(pc_tensor *dst, int axis, int64_t start, const pc_tensor *src)
{
    if (src->size == 0) {
        return PC_OK;
    }
    int64_t shape[PC_MAX_NDIM];
    memcpy(shape, dst->shape, (size_t)dst->ndim * sizeof(int64_t));
    shape[axis] = src->shape[axis];
    pc_tensor *view;
    pc_status st = pc_tensor_restride(dst, dst->ndim, shape, dst->strides,
                                      dst->offset + start * dst->strides[axis], &view);
    if (st == PC_OK) {
        st = pc_copy_into(view, src);
        pc_tensor_free(view);
    }
    return st;
}

/* The promoted dtype and the common device of n tensors. */
static pc_status common_dtype(int n, const pc_tensor *const *xs, pc_dtype *dt, pc_device *dev)
{
    if (n < 1) {
        return pc_error_set(PC_ERR_VALUE, "need at least one tensor to join");
    }
    *dt = xs[0]->dtype;
    for (int i = 1; i < n; i++) {
        pc_status st = pc_promote_checked(*dt, xs[i]->dtype, dt);
        if (st != PC_OK) {
            return st;
        }
    }
    return pc_common_device(n, xs, dev);
}

static pc_status concat_flat(int n, const pc_tensor *const *xs, pc_dtype dt, pc_device dev,
                             pc_tensor **out)
{
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        total += xs[i]->size;
    }
    pc_tensor *r = NULL;
    pc_status st = pc_tensor_empty(1, &total, dt, dev, &r);
    int64_t start = 0;
    for (int i = 0; i < n && st == PC_OK; i++) {
        const int64_t minus_one = -1;
        pc_tensor *flat;
        st = pc_reshape(xs[i], 1, &minus_one, -1, &flat);
        if (st == PC_OK) {
            st = copy_block(r, 0, start, flat);
            start += flat->size;
            pc_tensor_free(flat);
        }
    }
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}

static pc_status shape_mismatch(const char *fn, const pc_tensor *a, const pc_tensor *b)
{
    char sa[256];
    char sb[256];
    pc_shape_format(a->ndim, a->shape, sa, sizeof sa);
    pc_shape_format(b->ndim, b->shape, sb, sizeof sb);
    return pc_error_set(PC_ERR_VALUE, "%s: tensors of shapes %s and %s do not fit together", fn,
                        sa, sb);
}

pc_status pc_concat(int n, const pc_tensor *const *xs, int64_t axis, bool flatten,
                    pc_tensor **out)
{
    pc_dtype dt;
    pc_device dev;
    pc_status st = common_dtype(n, xs, &dt, &dev);
    if (st != PC_OK) {
        return st;
    }
    if (flatten) {
        return concat_flat(n, xs, dt, dev, out);
    }
    const int nd = xs[0]->ndim;
    if (nd == 0) {
        return pc_error_set(PC_ERR_VALUE, "concat: 0-D tensors cannot be joined along an axis "
                            "(use axis=None or stack)");
    }
    int ax = 0;
    st = pc_axis_normalize(NULL, axis, nd, &ax);
    if (st != PC_OK) {
        return st;
    }
    int64_t shape[PC_MAX_NDIM];
    memcpy(shape, xs[0]->shape, (size_t)nd * sizeof(int64_t));
    shape[ax] = 0;
    for (int i = 0; i < n; i++) {
        bool ok = xs[i]->ndim == nd;
        for (int d = 0; ok && d < nd; d++) {
            ok = d == ax || xs[i]->shape[d] == shape[d];
        }
        if (!ok) {
            return shape_mismatch("concat", xs[0], xs[i]);
        }
        if (__builtin_add_overflow(shape[ax], xs[i]->shape[ax], &shape[ax])) {
            return pc_error_set(PC_ERR_VALUE, "concat: the result is too big");
        }
    }
    pc_tensor *r;
    st = pc_tensor_empty(nd, shape, dt, dev, &r);
    if (st != PC_OK) {
        return st;
    }
    int64_t start = 0;
    for (int i = 0; i < n && st == PC_OK; i++) {
        st = copy_block(r, ax, start, xs[i]);
        start += xs[i]->shape[ax];
    }
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}

pc_status pc_stack(int n, const pc_tensor *const *xs, int64_t axis, pc_tensor **out)
{
    pc_dtype dt;
    pc_device dev;
    pc_status st = common_dtype(n, xs, &dt, &dev);
    if (st != PC_OK) {
        return st;
    }
    const int nd = xs[0]->ndim;
    if (nd + 1 > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "stack: too many dimensions");
    }
    int ax = 0;
    st = pc_axis_normalize(NULL, axis, nd + 1, &ax);
    if (st != PC_OK) {
        return st;
    }
    for (int i = 1; i < n; i++) {
        bool ok = xs[i]->ndim == nd;
        for (int d = 0; ok && d < nd; d++) {
            ok = xs[i]->shape[d] == xs[0]->shape[d];
        }
        if (!ok) {
            return shape_mismatch("stack", xs[0], xs[i]);
        }
    }
    int64_t shape[PC_MAX_NDIM];
    for (int d = 0, k = 0; d < nd + 1; d++) {
        shape[d] = d == ax ? n : xs[0]->shape[k++];
    }
    pc_tensor *r;
    st = pc_tensor_empty(nd + 1, shape, dt, dev, &r);
    if (st != PC_OK) {
        return st;
    }
    for (int i = 0; i < n && st == PC_OK && r->size > 0; i++) {
        /* the i-th slice along the new axis, as a view of x's shape */
        int64_t strides[PC_MAX_NDIM];
        for (int d = 0, k = 0; d < nd + 1; d++) {
            if (d != ax) {
                strides[k++] = r->strides[d];
            }
        }
        pc_tensor *view;
        st = pc_tensor_restride(r, nd, xs[i]->shape, strides, r->offset + i * r->strides[ax],
                                &view);
        if (st == PC_OK) {
            st = pc_copy_into(view, xs[i]);
            pc_tensor_free(view);
        }
    }
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}

pc_status pc_unstack(const pc_tensor *x, int64_t axis, pc_tensor **out)
{
    int ax = 0;
    pc_status st = pc_axis_normalize(NULL, axis, x->ndim, &ax);
    if (st != PC_OK) {
        return st;
    }
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    for (int d = 0, k = 0; d < x->ndim; d++) {
        if (d != ax) {
            shape[k] = x->shape[d];
            strides[k] = x->strides[d];
            k++;
        }
    }
    int64_t made = 0;
    while (made < x->shape[ax] && st == PC_OK) {
        /* views of an empty tensor stay at its offset, inside the storage */
        const int64_t offset = x->size == 0 ? x->offset : x->offset + made * x->strides[ax];
        st = pc_tensor_restride(x, x->ndim - 1, shape, strides, offset, &out[made]);
        made += st == PC_OK;
    }
    if (st != PC_OK) {
        for (int64_t k = 0; k < made; k++) {
            pc_tensor_free(out[k]);
        }
    }
    return st;
}

/* ---- tile ----------------------------------------------------------------------------------- */

/* [Why tile is one broadcast copy] The result of shape (r0*s0, r1*s1, ...) has the memory
 * layout of a C-contiguous (r0, s0, r1, s1, ...) tensor, and the input broadcast with zero
 * strides over the r axes has exactly that shape: one pc_copy_into fills the result. Extents of
 * 1 (an r == 1 or an s == 1) need no axis, and that keeps the interleaved shape within
 * PC_MAX_NDIM: a non-empty result has fewer than 63 factors r or s of 2 or more, since their
 * product is its element count. */
pc_status pc_tile(const pc_tensor *x, int n, const int64_t *reps, pc_tensor **out)
{
    const int nd = n > x->ndim ? n : x->ndim;
    if (nd > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "tile: too many dimensions");
    }
    int64_t r[PC_MAX_NDIM];
    int64_t s[PC_MAX_NDIM];
    int64_t xs[PC_MAX_NDIM];
    int64_t shape[PC_MAX_NDIM];
    for (int d = 0; d < nd; d++) {
        const int ri = d - (nd - n);
        const int xi = d - (nd - x->ndim);
        r[d] = ri >= 0 ? reps[ri] : 1;
        s[d] = xi >= 0 ? x->shape[xi] : 1;
        xs[d] = xi >= 0 ? x->strides[xi] : 0;
        if (r[d] < 0) {
            return pc_error_set(PC_ERR_VALUE, "tile: negative repetition %lld",
                                (long long)r[d]);
        }
        if (__builtin_mul_overflow(r[d], s[d], &shape[d])) {
            return pc_error_set(PC_ERR_VALUE, "tile: the result is too big");
        }
    }
    pc_tensor *res;
    pc_status st = pc_tensor_empty(nd, shape, x->dtype, pc_tensor_device(x), &res);
    if (st != PC_OK || res->size == 0) {
        if (st == PC_OK) {
            *out = res;
        }
        return st;
    }
    int64_t ishape[PC_MAX_NDIM];
    int64_t istrides[PC_MAX_NDIM];
    int k = 0;
    for (int d = 0; d < nd; d++) {
        if (r[d] != 1) {
            ishape[k] = r[d];
            istrides[k++] = 0;
        }
        if (s[d] != 1) {
            ishape[k] = s[d];
            istrides[k++] = xs[d];
        }
    }
    pc_tensor *src = NULL;
    pc_tensor *dst = NULL;
    st = pc_tensor_restride(x, k, ishape, istrides, x->offset, &src);
    if (st == PC_OK) {
        st = pc_tensor_restride(res, k, ishape, NULL, res->offset, &dst);
    }
    if (st == PC_OK) {
        st = pc_copy_into(dst, src);
    }
    pc_tensor_free(src);
    pc_tensor_free(dst);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}

/* ---- repeat ------------------------------------------------------------------------------- */

/* Every element repeated `count` times along `ax`: the result seen as (..., s, count, ...)
 * receives x with a zero-stride axis inserted after `ax`. */
static pc_status repeat_uniform(const pc_tensor *x, int ax, int64_t count, pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    memcpy(shape, x->shape, (size_t)x->ndim * sizeof(int64_t));
    if (__builtin_mul_overflow(shape[ax], count, &shape[ax])) {
        return pc_error_set(PC_ERR_VALUE, "repeat: the result is too big");
    }
    pc_tensor *res;
    pc_status st = pc_tensor_empty(x->ndim, shape, x->dtype, pc_tensor_device(x), &res);
    if (st != PC_OK || res->size == 0 || x->ndim + 1 > PC_MAX_NDIM) {
        if (st == PC_OK && res->size == 0) {
            *out = res;
            return PC_OK;
        }
        if (st == PC_OK) {
            pc_tensor_free(res);
            return pc_error_set(PC_ERR_VALUE, "repeat: too many dimensions");
        }
        return st;
    }
    int64_t ishape[PC_MAX_NDIM];
    int64_t istrides[PC_MAX_NDIM];
    for (int d = 0, k = 0; d < x->ndim; d++) {
        ishape[k] = x->shape[d];
        istrides[k++] = x->strides[d];
        if (d == ax) {
            ishape[k] = count;
            istrides[k++] = 0;
        }
    }
    pc_tensor *src = NULL;
    pc_tensor *dst = NULL;
    st = pc_tensor_restride(x, x->ndim + 1, ishape, istrides, x->offset, &src);
    if (st == PC_OK) {
        st = pc_tensor_restride(res, x->ndim + 1, ishape, NULL, res->offset, &dst);
    }
    if (st == PC_OK) {
        st = pc_copy_into(dst, src);
    }
    pc_tensor_free(src);
    pc_tensor_free(dst);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}

/* Per-element counts: gather with the index i repeated counts[i] times. */
static pc_status repeat_counts(const pc_tensor *x, int ax, const int64_t *counts,
                               pc_tensor **out)
{
    const int64_t len = x->shape[ax];
    int64_t total = 0;
    for (int64_t i = 0; i < len; i++) {
        if (__builtin_add_overflow(total, counts[i], &total)) {
            return pc_error_set(PC_ERR_VALUE, "repeat: the result is too big");
        }
    }
    pc_tensor *idx;
    pc_status st = pc_tensor_empty(1, &total, PC_INT64, pc_device_cpu(), &idx);
    if (st != PC_OK) {
        return st;
    }
    int64_t *p = (int64_t *)idx->data;
    for (int64_t i = 0; i < len; i++) {
        for (int64_t k = 0; k < counts[i]; k++) {
            *p++ = i;
        }
    }
    pc_tensor *moved = NULL;
    if (pc_tensor_device(x).type != PC_DEVICE_CPU) {
        /* the index is made on the host from the host counts; it goes to x's device once */
        st = pc_to_device(idx, pc_tensor_device(x), &moved);
    }
    if (st == PC_OK) {
        st = pc_take(x, moved != NULL ? moved : idx, ax, out);
    }
    pc_tensor_free(moved);
    pc_tensor_free(idx);
    return st;
}

pc_status pc_repeat(const pc_tensor *x, const pc_tensor *repeats, int64_t count, int64_t axis,
                    bool flatten, pc_tensor **out)
{
    pc_tensor *flat = NULL;
    pc_status st = PC_OK;
    if (flatten) {
        const int64_t minus_one = -1;
        st = pc_reshape(x, 1, &minus_one, -1, &flat);
        if (st != PC_OK) {
            return st;
        }
        x = flat;
        axis = 0;
    }
    int ax = 0;
    st = pc_axis_normalize(NULL, axis, x->ndim, &ax);
    pc_tensor *counts = NULL;
    if (st == PC_OK && repeats != NULL) {
        if (!pc_dtype_is_integral(repeats->dtype)) {
            st = pc_error_set(PC_ERR_TYPE, "repeat: repeats must have an integer dtype, not %s",
                              pc_dtype_name(repeats->dtype));
        } else if (repeats->ndim > 1 ||
                   (repeats->size != 1 && repeats->size != x->shape[ax])) {
            char sr[256];
            pc_shape_format(repeats->ndim, repeats->shape, sr, sizeof sr);
            st = pc_error_set(PC_ERR_VALUE, "repeat: repeats of shape %s do not broadcast to "
                              "(%lld,)", sr, (long long)x->shape[ax]);
        } else if (pc_tensor_device(repeats).type != PC_DEVICE_CPU) {
            /* the counts decide the result's shape: read on the host, copied there first */
            pc_tensor *host = NULL;
            st = pc_to_device(repeats, pc_device_cpu(), &host);
            if (st == PC_OK) {
                st = pc_astype(host, PC_INT64, true, &counts);
            }
            pc_tensor_free(host);
        } else {
            st = pc_astype(repeats, PC_INT64, true, &counts);
        }
    }
    const int64_t *c = NULL;
    bool uniform = true;
    if (st == PC_OK && counts != NULL) {
        c = (const int64_t *)counts->data;
        for (int64_t i = 0; i < counts->size && st == PC_OK; i++) {
            if (c[i] < 0) {
                st = pc_error_set(PC_ERR_VALUE, "repeat: negative repeat count %lld",
                                  (long long)c[i]);
            }
            uniform = uniform && c[i] == c[0];
        }
        count = counts->size > 0 ? c[0] : 0;
        uniform = uniform || counts->size == 0;
    } else if (st == PC_OK && count < 0) {
        st = pc_error_set(PC_ERR_VALUE, "repeat: negative repeat count %lld", (long long)count);
    }
    if (st == PC_OK) {
        st = uniform ? repeat_uniform(x, ax, count, out) : repeat_counts(x, ax, c, out);
    }
    pc_tensor_free(counts);
    pc_tensor_free(flat);
    return st;
}

/* ---- roll ----------------------------------------------------------------------------------- */

/* A view of `t` restricted to [start, start + len) along each rolled axis. */
static pc_status sub_block(const pc_tensor *t, int k, const int *axes, const int64_t *start,
                           const int64_t *len, pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    memcpy(shape, t->shape, (size_t)t->ndim * sizeof(int64_t));
    int64_t offset = t->offset;
    for (int j = 0; j < k; j++) {
        shape[axes[j]] = len[j];
        offset += start[j] * t->strides[axes[j]];
    }
    return pc_tensor_restride(t, t->ndim, shape, t->strides, offset, out);
}

static pc_status roll_axes(const pc_tensor *x, const int64_t *shift, pc_tensor **out)
{
    int axes[PC_MAX_NDIM];
    int64_t sh[PC_MAX_NDIM];
    int k = 0;
    for (int d = 0; d < x->ndim; d++) {
        const int64_t n = x->shape[d];
        const int64_t s = n > 0 ? ((shift[d] % n) + n) % n : 0;
        if (s != 0) {
            axes[k] = d;
            sh[k] = s;
            k++;
        }
    }
    pc_tensor *res;
    pc_status st = pc_tensor_empty(x->ndim, x->shape, x->dtype, pc_tensor_device(x), &res);
    if (st != PC_OK) {
        return st;
    }
    /* 2^k blocks: on each rolled axis either [0, n - s) -> [s, n) or [n - s, n) -> [0, s) */
    const uint64_t nblocks = (uint64_t)1 << k;
    for (uint64_t b = 0; b < nblocks && st == PC_OK && res->size > 0; b++) {
        int64_t sstart[PC_MAX_NDIM];
        int64_t dstart[PC_MAX_NDIM];
        int64_t len[PC_MAX_NDIM];
        for (int j = 0; j < k; j++) {
            const int64_t n = x->shape[axes[j]];
            if ((b >> j) & 1) {
                sstart[j] = n - sh[j];
                dstart[j] = 0;
                len[j] = sh[j];
            } else {
                sstart[j] = 0;
                dstart[j] = sh[j];
                len[j] = n - sh[j];
            }
        }
        pc_tensor *src = NULL;
        pc_tensor *dst = NULL;
        st = sub_block(x, k, axes, sstart, len, &src);
        if (st == PC_OK) {
            st = sub_block(res, k, axes, dstart, len, &dst);
        }
        if (st == PC_OK) {
            st = pc_copy_into(dst, src);
        }
        pc_tensor_free(src);
        pc_tensor_free(dst);
    }
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}

pc_status pc_roll(const pc_tensor *x, int nshifts, const int64_t *shifts, int naxes,
                  const int64_t *axes, pc_tensor **out)
{
    if (axes == NULL) {
        if (nshifts != 1) {
            return pc_error_set(PC_ERR_VALUE, "roll: without axis, shift must be a single int");
        }
        const int64_t minus_one = -1;
        pc_tensor *flat;
        pc_status st = pc_reshape(x, 1, &minus_one, -1, &flat);
        if (st != PC_OK) {
            return st;
        }
        pc_tensor *rolled;
        st = roll_axes(flat, shifts, &rolled);
        pc_tensor_free(flat);
        if (st != PC_OK) {
            return st;
        }
        st = pc_reshape(rolled, x->ndim, x->shape, -1, out);
        pc_tensor_free(rolled);
        return st;
    }
    if (nshifts != naxes && nshifts != 1) {
        return pc_error_set(PC_ERR_VALUE, "roll: shift and axis must have the same number of "
                            "entries (%d and %d)", nshifts, naxes);
    }
    int64_t per_axis[PC_MAX_NDIM] = {0};
    for (int i = 0; i < naxes; i++) {
        int ax = 0;
        pc_status st = pc_axis_normalize(NULL, axes[i], x->ndim, &ax);
        if (st != PC_OK) {
            return st;
        }
        const int64_t s = shifts[nshifts == 1 ? 0 : i];
        const int64_t n = x->shape[ax];
        /* shifts are reduced modulo the extent before adding, so sums never overflow */
        per_axis[ax] = n > 0 ? (per_axis[ax] + s % n) % n : 0;
    }
    return roll_axes(x, per_axis, out);
}
