/*
 * copy.c - copying between tensors: pc_copy_into (broadcast + cast + overlap-safe), astype,
 * contiguous copies.
 *
 * Same-dtype host copies have their own driver (copy_same_dtype): the iteration follows the
 * destination's memory order, and when the source's inner axis is another one (a transpose)
 * the copy runs as blocked planes (COPY_PLANE) instead of element-strided rows. Devices whose
 * COPY kernel runs a whole iteration go through the elementwise dispatcher.
 */
#include <stdlib.h>

#include "paddle_c/kernels/copy_kernels.h"
#include "dispatch.h"
#include "paddle_c/ops.h"
#include "paddle_c/parallel.h"

/* Whether writing `dst` could change elements of `src` before they are read. Identical views
 * are safe (each element is read before it is written). */
static bool may_overlap(const pc_tensor *dst, const pc_tensor *src)
{
    if (!pc_tensor_extents_meet(dst, src)) {
        return false;
    }
    if (dst->data == src->data && dst->ndim == src->ndim && dst->dtype == src->dtype) {
        for (int i = 0; i < dst->ndim; i++) {
            if (dst->shape[i] != src->shape[i] || dst->strides[i] != src->strides[i]) {
                return true;
            }
        }
        return false;
    }
    return true;
}

/* The COPY loop takes (src, dst); iterations ordered by the destination list (dst, src). */
static int copy_swapped(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                        const int64_t *strides)
{
    const pc_loop_fn loop = *(const pc_loop_fn *)ctx->params;
    char *const d[2] = {data[1], data[0]};
    const int64_t s[2] = {strides[1], strides[0]};
    return loop(NULL, d, n, s);
}

/* A transposing copy: planes of iteration axes (0, j) for every index of the other axes. */
typedef struct plane_job {
    const pc_iter *it;
    pc_whole_fn plane;
    int j;
    int64_t rows;           /* n1: extent of axis j */
} plane_job;

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

/* Work items are (plane, row of axis j) pairs in order; a chunk covers whole or partial
 * planes. The plane's origin comes from its index (one division per axis per plane). */
static pc_status run_planes(void *arg, int64_t start, int64_t stop)
{
    const plane_job *job = (const plane_job *)arg;
    const pc_iter *it = job->it;
    const int64_t n1 = job->rows;
    pc_status st = PC_OK;
    for (int64_t w = start; w < stop && st == PC_OK;) {
        const int64_t plane = w / n1;
        const int64_t j0 = w - plane * n1;
        const int64_t j1 = stop - plane * n1 < n1 ? stop - plane * n1 : n1;
        char *d = it->data[0];
        const char *s = it->data[1];
        int64_t rest = plane;
        for (int a = 1; a < it->ndim; a++) {
            if (a == job->j) {
                continue;
            }
            const int64_t k = rest % it->shape[a];
            rest /= it->shape[a];
            d += k * it->strides[a][0];
            s += k * it->strides[a][1];
        }
        pc_plane_params p = {d + j0 * it->strides[job->j][0], s + j0 * it->strides[job->j][1],
                             it->shape[0], j1 - j0, it->strides[0][0], it->strides[job->j][0],
                             it->strides[0][1], it->strides[job->j][1]};
        const pc_kernel_args args = {0, 0, NULL, NULL, &p};
        st = job->plane(&args);
        w += j1 - j0;
    }
    return st;
}

/* [Why order by the destination] Writes that miss the cache cost a read of the line first;
 * walking the destination in memory order streams them. When the source's inner axis differs,
 * tiles (COPY_PLANE) keep the source's lines in cache as well. */
static pc_status copy_same_dtype(pc_tensor *dst, const pc_tensor *src)
{
    const pc_tensor *ops[2] = {dst, src};
    const pc_kernel *k = NULL;
    pc_status st = pc_dispatch_kernel(PC_OP_COPY, dst->dtype, 2, ops, &k);
    if (st != PC_OK) {
        return st;
    }
    const pc_device dev = pc_tensor_device(dst);
    if (k->loop == NULL || !pc_kernel_has(PC_OP_COPY_PLANE, (pc_device_type)dev.type, dst->dtype)) {
        const pc_tensor *order[2] = {src, dst};
        return pc_dispatch_elementwise(PC_OP_COPY, dst->dtype, dst->dtype, 1, 2, order,
                                       dst->ndim, dst->shape, NULL);
    }
    pc_iter it;
    st = pc_iter_init(&it, 2, ops, dst->ndim, dst->shape, false);
    if (st != PC_OK || it.size == 0) {
        return st;
    }
    /* the source's inner axis: its smallest non-zero stride */
    int j = -1;
    if (it.ndim >= 2) {
        int64_t best = abs64(it.strides[0][1]);
        for (int a = 1; a < it.ndim; a++) {
            const int64_t s = abs64(it.strides[a][1]);
            if (s != 0 && (best == 0 || s < best)) {
                best = s;
                j = a;
            }
        }
    }
    if (j < 0) {
        const pc_loop_ctx ctx = {&k->loop};
        return pc_iter_run_parallel(&it, copy_swapped, &ctx, NULL);
    }
    const pc_kernel *plane = NULL;
    st = pc_dispatch_kernel(PC_OP_COPY_PLANE, dst->dtype, 2, ops, &plane);
    if (st != PC_OK) {
        return st;
    }
    const plane_job job = {&it, plane->whole, j, it.shape[j]};
    /* chunks of at least 2^18 elements and 128 rows: whole tiles of any item size */
    int64_t rows_per_chunk = ((int64_t)1 << 18) / it.shape[0] + 1;
    rows_per_chunk = rows_per_chunk < 128 ? 128 : rows_per_chunk;
    return pc_parallel_for(it.size / it.shape[0], rows_per_chunk, run_planes, (void *)&job);
}

pc_status pc_copy_into(pc_tensor *dst, const pc_tensor *src)
{
    if (dst->flags & PC_FLAG_READONLY) {
        return pc_error_set(PC_ERR_VALUE, "cannot write to a read-only tensor");
    }
    if (may_overlap(dst, src)) {
        pc_tensor *tmp;
        pc_status st = pc_contiguous_copy(src, &tmp);
        if (st == PC_OK) {
            st = pc_copy_into(dst, tmp);
            pc_tensor_free(tmp);
        }
        return st;
    }
    if (src->dtype == dst->dtype) {
        return copy_same_dtype(dst, src);
    }
    return pc_dispatch_cast(dst, src);
}

pc_status pc_astype(const pc_tensor *x, pc_dtype dtype, bool copy, pc_tensor **out)
{
    if (!pc_dtype_is_valid((int)dtype)) {
        return pc_error_set(PC_ERR_TYPE, "invalid dtype code %d", (int)dtype);
    }
    if (!copy && dtype == x->dtype) {
        return pc_tensor_alias(x, out);
    }
    pc_tensor *t;
    pc_status st = pc_tensor_empty_like_layout(x->ndim, x->shape, dtype, pc_tensor_device(x), 1,
                                               &x, &t);
    if (st != PC_OK) {
        return st;
    }
    st = pc_copy_into(t, x);
    if (st != PC_OK) {
        pc_tensor_free(t);
        return st;
    }
    *out = t;
    return PC_OK;
}

pc_status pc_contiguous_copy(const pc_tensor *x, pc_tensor **out)
{
    pc_tensor *t;
    pc_status st = pc_tensor_empty(x->ndim, x->shape, x->dtype, pc_tensor_device(x), &t);
    if (st != PC_OK) {
        return st;
    }
    st = copy_same_dtype(t, x);
    if (st != PC_OK) {
        pc_tensor_free(t);
        return st;
    }
    *out = t;
    return PC_OK;
}

pc_status pc_to_device(const pc_tensor *x, pc_device device, pc_tensor **out)
{
    const pc_device from = pc_tensor_device(x);
    if (pc_device_equal(from, device)) {
        return pc_contiguous_copy(x, out);
    }
    pc_status st = pc_device_check(device);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *src = NULL;
    if (!pc_tensor_is_c_contiguous(x)) {
        st = pc_contiguous_copy(x, &src);
        if (st != PC_OK) {
            return st;
        }
    }
    const pc_tensor *c = src != NULL ? src : x;
    pc_tensor *t;
    st = pc_tensor_empty(x->ndim, x->shape, x->dtype, device, &t);
    if (st == PC_OK) {
        /* the non-CPU side's backend moves the bytes, complete on return (the host side may
         * be a temporary freed below; two devices' streams are not ordered with each other) */
        const size_t nbytes = (size_t)(x->size * pc_dtype_itemsize(x->dtype));
        st = pc_device_copy(device, t->data, from, c->data, nbytes);
        if (st != PC_OK) {
            pc_tensor_free(t);
        }
    }
    pc_tensor_free(src);
    if (st == PC_OK) {
        *out = t;
    }
    return st;
}
