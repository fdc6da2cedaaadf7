/*
 * iter.c - preparing and driving N-d strided iteration (see iter.h).
 *
 * Preparation: broadcast strides, memory order (layout.h), flip axes every operand walks
 * backwards, drop extents of 1, coalesce axes that are contiguous for all operands. Driving:
 * the innermost axis is the 1-D loop; outer axes step pointers by their strides with a carry,
 * never dividing a flat index per element.
 */
#include <string.h>

#include "layout.h"
#include "paddle_c/iter.h"
#include "paddle_c/parallel.h"

pc_status pc_iter_init(pc_iter *it, int nop, const pc_tensor *const *ops, int ndim,
                       const int64_t *shape, bool keep_order)
{
    if (nop < 1 || nop > PC_ITER_MAX_OPERANDS) {
        return pc_error_set(PC_ERR_VALUE, "iteration over %d operands (at most %d)", nop,
                            PC_ITER_MAX_OPERANDS);
    }
    if (ndim < 0 || ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", ndim,
                            PC_MAX_NDIM);
    }
    int64_t size = 1;
    for (int i = 0; i < ndim; i++) {
        size *= shape[i];
    }
    for (int k = 0; k < nop; k++) {
        const pc_tensor *t = ops[k];
        bool ok = t->ndim <= ndim;
        for (int i = 0; ok && i < t->ndim; i++) {
            const int64_t e = t->shape[i];
            ok = e == shape[i + ndim - t->ndim] || e == 1;
        }
        if (!ok) {
            char sa[256];
            char sb[256];
            pc_shape_format(t->ndim, t->shape, sa, sizeof sa);
            pc_shape_format(ndim, shape, sb, sizeof sb);
            return pc_error_set(PC_ERR_VALUE, "operand of shape %s cannot be broadcast to %s",
                                sa, sb);
        }
        it->data[k] = t->data;
    }
    /* operands may be descriptors of host scratch memory without a storage (reductions' accumulators) */
    it->device = pc_device_cpu();
    for (int k = 0; k < nop; k++) {
        if (ops[k]->storage != NULL) {
            it->device = pc_tensor_device(ops[k]);
            break;
        }
    }
    it->by_value = 0;
    for (int k = 0; k < nop; k++) {
        it->by_value |= (ops[k]->flags & PC_FLAG_BY_VALUE) ? 1u << k : 0u;
    }
    it->convert = 0;
    it->nin = 0;
    it->nop = nop;
    it->size = size;
    it->ndim = 0;
    if (size == 0) {
        return PC_OK;
    }

    int perm[PC_MAX_NDIM];
    if (keep_order) {
        for (int i = 0; i < ndim; i++) {
            perm[i] = i;
        }
    } else {
        pc_memory_order(nop, ops, ndim, shape, perm);
    }

    /* innermost first, extents of 1 dropped, backwards axes flipped */
    int nd = 0;
    for (int i = ndim - 1; i >= 0; i--) {
        const int axis = perm[i];
        if (shape[axis] == 1) {
            continue;
        }
        bool all_backwards = !keep_order;
        bool any_backwards = false;
        for (int k = 0; k < nop; k++) {
            const int64_t s = pc_broadcast_stride(ops[k], ndim, axis);
            it->strides[nd][k] = s;
            all_backwards = all_backwards && s <= 0;
            any_backwards = any_backwards || s < 0;
        }
        if (all_backwards && any_backwards) {
            for (int k = 0; k < nop; k++) {
                it->data[k] += (shape[axis] - 1) * it->strides[nd][k];
                it->strides[nd][k] = -it->strides[nd][k];
            }
        }
        it->shape[nd] = shape[axis];
        nd++;
    }

    /* coalesce axis d+1 into d when every operand continues contiguously */
    int out = 0;
    for (int d = 1; d < nd; d++) {
        bool can = true;
        for (int k = 0; k < nop && can; k++) {
            can = it->strides[d][k] == it->strides[out][k] * it->shape[out];
        }
        if (can) {
            it->shape[out] *= it->shape[d];
        } else {
            out++;
            it->shape[out] = it->shape[d];
            memcpy(it->strides[out], it->strides[d], sizeof it->strides[d]);
        }
    }
    it->ndim = nd == 0 ? 0 : out + 1;
    return PC_OK;
}

pc_status pc_iter_run(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx)
{
    if (it->size == 0) {
        return PC_OK;
    }
    if (it->ndim == 0) {
        static const int64_t zeros[PC_ITER_MAX_OPERANDS] = {0};
        return (pc_status)loop(ctx, it->data, 1, zeros);
    }
    return pc_iter_run_range(it, loop, ctx, 0, it->size);
}

pc_status pc_iter_run_range(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                            int64_t start, int64_t stop)
{
    if (start >= stop || it->size == 0) {
        return PC_OK;
    }
    const int nop = it->nop;
    if (it->ndim == 0) {
        static const int64_t zeros[PC_ITER_MAX_OPERANDS] = {0};
        return (pc_status)loop(ctx, it->data, 1, zeros);
    }
    const int64_t inner = it->shape[0];
    if (it->ndim == 1) {
        char *ptr[PC_ITER_MAX_OPERANDS];
        for (int k = 0; k < nop; k++) {
            ptr[k] = it->data[k] + start * it->strides[0][k];
        }
        return (pc_status)loop(ctx, ptr, stop - start, it->strides[0]);
    }

    /* coordinates of `start` (one division per outer axis, once per call) */
    int64_t idx[PC_MAX_NDIM];
    char *ptr[PC_ITER_MAX_OPERANDS];
    memcpy(ptr, it->data, sizeof(char *) * (size_t)nop);
    int64_t rest = start;
    for (int d = 0; d < it->ndim; d++) {
        idx[d] = rest % it->shape[d];
        rest /= it->shape[d];
        for (int k = 0; k < nop; k++) {
            ptr[k] += idx[d] * it->strides[d][k];
        }
    }

    int64_t remaining = stop - start;
    while (remaining > 0) {
        int64_t n = inner - idx[0];
        if (n > remaining) {
            n = remaining;
        }
        int st = loop(ctx, ptr, n, it->strides[0]);
        if (st != PC_OK) {
            return (pc_status)st;
        }
        remaining -= n;
        if (remaining == 0) {
            break;
        }
        /* back to the start of the inner axis, then carry into the outer axes */
        for (int k = 0; k < nop; k++) {
            ptr[k] -= idx[0] * it->strides[0][k];
        }
        idx[0] = 0;
        for (int d = 1; d < it->ndim; d++) {
            idx[d]++;
            for (int k = 0; k < nop; k++) {
                ptr[k] += it->strides[d][k];
            }
            if (idx[d] < it->shape[d]) {
                break;
            }
            for (int k = 0; k < nop; k++) {
                ptr[k] -= it->shape[d] * it->strides[d][k];
            }
            idx[d] = 0;
        }
    }
    return PC_OK;
}

/* [Why a per-call context for buffering] The buffered driver wraps the user's loop in a loop of
 * the same contract, so that pc_iter_run_range does the N-d stepping for both. */
#define PC_BUFFER_BYTES 8192

typedef struct buffered_ctx {
    pc_loop_fn loop;
    const pc_loop_ctx *inner_ctx;
    const pc_iter_casts *casts;
    int nop;
} buffered_ctx;

static int buffered_loop(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                         const int64_t *strides)
{
    const buffered_ctx *b = (const buffered_ctx *)ctx->params;
    const pc_iter_casts *c = b->casts;
    const int nop = b->nop;
    _Alignas(64) char buffers[PC_ITER_MAX_OPERANDS][PC_BUFFER_BYTES];
    int maxitem = 1;
    for (int k = 0; k < nop; k++) {
        if (c->cast[k] != NULL && c->itemsize[k] > maxitem) {
            maxitem = c->itemsize[k];
        }
    }
    const int64_t chunk = PC_BUFFER_BYTES / maxitem;
    char *ptr[PC_ITER_MAX_OPERANDS];
    int64_t st[PC_ITER_MAX_OPERANDS];
    for (int64_t done = 0; done < n; done += chunk) {
        const int64_t m = n - done < chunk ? n - done : chunk;
        for (int k = 0; k < nop; k++) {
            char *src = data[k] + done * strides[k];
            if (c->cast[k] == NULL) {
                ptr[k] = src;
                st[k] = strides[k];
                continue;
            }
            ptr[k] = buffers[k];
            st[k] = strides[k] == 0 && k < c->nin ? 0 : c->itemsize[k];
            if (k < c->nin) {
                char *io[2] = {src, buffers[k]};
                int64_t ios[2] = {strides[k], st[k]};
                int r = c->cast[k](NULL, io, st[k] == 0 ? 1 : m, ios);
                if (r != PC_OK) {
                    return r;
                }
            }
        }
        int r = b->loop(b->inner_ctx, ptr, m, st);
        if (r != PC_OK) {
            return r;
        }
        for (int k = c->nin; k < nop; k++) {
            if (c->cast[k] != NULL) {
                char *io[2] = {buffers[k], data[k] + done * strides[k]};
                int64_t ios[2] = {c->itemsize[k], strides[k]};
                r = c->cast[k](NULL, io, m, ios);
                if (r != PC_OK) {
                    return r;
                }
            }
        }
    }
    return PC_OK;
}

pc_status pc_iter_run_buffered_range(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                                     const pc_iter_casts *casts, int64_t start, int64_t stop)
{
    bool any = false;
    for (int k = 0; casts != NULL && k < it->nop; k++) {
        any = any || casts->cast[k] != NULL;
    }
    if (!any) {
        return pc_iter_run_range(it, loop, ctx, start, stop);
    }
    buffered_ctx b = {loop, ctx, casts, it->nop};
    pc_loop_ctx outer = {&b};
    return pc_iter_run_range(it, buffered_loop, &outer, start, stop);
}

pc_status pc_iter_run_buffered(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                               const pc_iter_casts *casts)
{
    return pc_iter_run_buffered_range(it, loop, ctx, casts, 0, it->size);
}

/* [Why this chunk size] Below ~256 Ki elements a thread hand-off (a few microseconds) costs
 * more than it saves for memory-bound loops; compute-bound loops gain from the same size on. */
#define PC_PARALLEL_MIN_CHUNK (INT64_C(1) << 18)

typedef struct parallel_job {
    const pc_iter *it;
    pc_loop_fn loop;
    const pc_loop_ctx *ctx;
    const pc_iter_casts *casts;
} parallel_job;

static pc_status run_job_range(void *arg, int64_t start, int64_t stop)
{
    const parallel_job *j = (const parallel_job *)arg;
    return pc_iter_run_buffered_range(j->it, j->loop, j->ctx, j->casts, start, stop);
}

pc_status pc_iter_run_parallel(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                               const pc_iter_casts *casts)
{
    if (it->size == 0) {
        return PC_OK;
    }
    if (it->ndim == 0) {
        return pc_iter_run_buffered_range(it, loop, ctx, casts, 0, 1);
    }
    parallel_job job = {it, loop, ctx, casts};
    return pc_parallel_for(it->size, PC_PARALLEL_MIN_CHUNK, run_job_range, &job);
}
