/*
 * decomp_util.c - the scratch list of a decomposition and its helpers (decomp.h): each helper
 * runs one public op of the op layer on the decomposition's device, so every step is an
 * ordinary dispatch (device check, kernel lookup, hits) and nothing is copied to the host
 * except the counts and failures a result word or an explicit read says.
 *
 * Invariant: a helper returns NULL exactly when the list has failed (s->st != PC_OK), so the
 * NULL result of one step is never handed to an op by the next.
 */
#include <stdlib.h>
#include <string.h>

#include "decomp.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/linalg.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"

void dc_init(dc *s, pc_device dev)
{
    s->t = s->inline_t;
    s->n = 0;
    s->cap = DC_INLINE;
    s->st = PC_OK;
    s->dev = dev;
}

pc_status dc_end(dc *s)
{
    for (int i = 0; i < s->n; i++) {
        pc_tensor_free(s->t[i]);
    }
    if (s->t != s->inline_t) {
        free(s->t);
    }
    s->t = s->inline_t;
    s->n = 0;
    return s->st;
}

const pc_tensor *dc_keep(dc *s, pc_status st, pc_tensor *t)
{
    if (st != PC_OK) {
        if (s->st == PC_OK) {
            s->st = st;
        }
        pc_tensor_free(t);
        return NULL;
    }
    if (s->n == s->cap) {
        const int cap = 2 * s->cap;
        pc_tensor **grown = malloc((size_t)cap * sizeof *grown);
        if (grown == NULL) {
            pc_tensor_free(t);
            s->st = pc_error_set(PC_ERR_MEMORY, "cannot grow a decomposition's scratch list");
            return NULL;
        }
        memcpy(grown, s->t, (size_t)s->n * sizeof *grown);
        if (s->t != s->inline_t) {
            free(s->t);
        }
        s->t = grown;
        s->cap = cap;
    }
    s->t[s->n++] = t;
    return t;
}

int dc_mark(const dc *s) { return s->n; }

void dc_drop(dc *s, int mark, const pc_tensor *const *keep, int n)
{
    int w = mark;
    for (int i = mark; i < s->n; i++) {
        bool kept = false;
        for (int k = 0; k < n && !kept; k++) {
            kept = keep[k] == s->t[i];
        }
        if (kept) {
            s->t[w++] = s->t[i];
        } else {
            pc_tensor_free(s->t[i]);
        }
    }
    s->n = w;
}

const pc_tensor *dc_fail(dc *s, pc_status code, const char *message)
{
    if (s->st == PC_OK) {
        s->st = pc_error_set(code, "%s", message);
    }
    return NULL;
}

pc_operand dc_t(const pc_tensor *t)
{
    pc_operand o = pc_operand_tensor(t);
    if (t == NULL) {
        o.scalar.dtype = PC_DTYPE_INVALID; /* a failed step: never a scalar */
    }
    return o;
}

pc_operand dc_i(int64_t v)
{
    pc_scalar s;
    s.dtype = PC_INT64;
    s.v.i = v;
    return pc_operand_scalar(s);
}

pc_operand dc_f(double v)
{
    pc_scalar s;
    s.dtype = PC_FLOAT64;
    s.v.f = v;
    return pc_operand_scalar(s);
}

/* Whether the list may run a step with these tensor operands (a NULL one means a failed
 * step, which has set s->st). */
static bool ready(const dc *s, int n, const pc_operand *ops)
{
    if (s->st != PC_OK) {
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (ops[i].tensor == NULL && ops[i].scalar.dtype == PC_DTYPE_INVALID) {
            return false;
        }
    }
    return true;
}

const pc_tensor *dc_ew1(dc *s, pc_ew_fn fn, const pc_tensor *a)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const pc_operand args[1] = {dc_t(a)};
    pc_tensor *r = NULL;
    const pc_status st = pc_ew(fn, args, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_ew2(dc *s, pc_ew_fn fn, pc_operand a, pc_operand b)
{
    const pc_operand args[2] = {a, b};
    if (!ready(s, 2, args)) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_ew(fn, args, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_where(dc *s, const pc_tensor *c, pc_operand a, pc_operand b)
{
    const pc_operand args[3] = {dc_t(c), a, b};
    if (!ready(s, 3, args) || c == NULL) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_where(&args[0], &args[1], &args[2], &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_cast(dc *s, const pc_tensor *x, pc_dtype dtype)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_astype(x, dtype, false, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_reduce(dc *s, pc_reduction r, const pc_tensor *x, int naxes, const int *axes,
                           bool keepdims, pc_dtype dtype)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_status st = pc_reduce(r, x, naxes, axes, keepdims, dtype, 0.0, &out);
    return dc_keep(s, st, out);
}

const pc_tensor *dc_scan(dc *s, bool prod, const pc_tensor *x, int axis, pc_dtype dtype)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_status st = pc_cumulative(prod, x, true, axis, dtype, false, &out);
    return dc_keep(s, st, out);
}

const pc_tensor *dc_sort(dc *s, const pc_tensor *x, int axis, bool descending,
                         const pc_tensor **indices)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *v = NULL;
    pc_tensor *ix = NULL;
    const pc_status st = pc_sort(x, axis, descending, &v, indices != NULL ? &ix : NULL);
    const pc_tensor *kv = dc_keep(s, st, v);
    if (indices != NULL) {
        *indices = dc_keep(s, st, ix);
    }
    return kv;
}

const pc_tensor *dc_matmul(dc *s, const pc_tensor *a, const pc_tensor *b)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_matmul(a, b, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_arange(dc *s, int64_t n, pc_dtype dtype)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const pc_scalar start = {.dtype = PC_INT64, .v.i = 0};
    const pc_scalar stop = {.dtype = PC_INT64, .v.i = n};
    const pc_scalar step = {.dtype = PC_INT64, .v.i = 1};
    pc_tensor *r = NULL;
    const pc_status st = pc_arange(&start, &stop, &step, dtype, s->dev, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_empty(dc *s, int ndim, const int64_t *shape, pc_dtype dtype)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_tensor_empty(ndim, shape, dtype, s->dev, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_full(dc *s, int ndim, const int64_t *shape, pc_dtype dtype, pc_operand v)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    pc_status st = pc_tensor_empty(ndim, shape, dtype, s->dev, &r);
    if (st == PC_OK && r->size > 0) {
        st = v.tensor != NULL ? pc_copy_into(r, v.tensor) : pc_fill(r, &v.scalar);
    }
    return dc_keep(s, st, r);
}

const pc_tensor *dc_view(dc *s, const pc_tensor *t, int ndim, const int64_t *shape,
                         const int64_t *strides, int64_t offset)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_tensor_restride(t, ndim, shape, strides, offset, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_slice(dc *s, const pc_tensor *t, int axis, int64_t start, int64_t len)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    int64_t shape[PC_MAX_NDIM];
    memcpy(shape, t->shape, (size_t)t->ndim * sizeof(int64_t));
    shape[axis] = len;
    const bool empty = len == 0 || t->size == 0;
    return dc_view(s, t, t->ndim, shape, t->strides,
                   t->offset + (empty ? 0 : start * t->strides[axis]));
}

const pc_tensor *dc_broadcast(dc *s, const pc_tensor *t, int ndim, const int64_t *shape)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_broadcast_to(t, ndim, shape, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_flatten(dc *s, const pc_tensor *t)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_flatten(t, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_reshape(dc *s, const pc_tensor *t, int ndim, const int64_t *shape)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_reshape(t, ndim, shape, -1, &r);
    return dc_keep(s, st, r);
}

const pc_tensor *dc_part(dc *s, const pc_tensor *t, int k)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const pc_dtype r = pc_dtype_real_of(t->dtype);
    pc_tensor *v = NULL;
    const pc_status st = pc_tensor_view_new(t->storage, r, t->offset + k * pc_dtype_itemsize(r),
                                            t->ndim, t->shape, t->strides, &v);
    return dc_keep(s, st, v);
}

const pc_tensor *dc_contiguous(dc *s, const pc_tensor *t)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_status st = pc_contiguous_copy(t, &r);
    return dc_keep(s, st, r);
}

/* the offsets as GATHER and SCATTER take them: int64, C-contiguous, from the storage's start */
static const pc_tensor *absolute_offsets(dc *s, const pc_tensor *t, const pc_tensor *offsets)
{
    const pc_tensor *o = dc_cast(s, offsets, PC_INT64);
    o = t->offset != 0 ? dc_ew2(s, PC_EW_ADD, dc_t(o), dc_i(t->offset)) : o;
    return o != NULL && !pc_tensor_is_c_contiguous(o) ? dc_contiguous(s, o) : o;
}

const pc_tensor *dc_gather(dc *s, const pc_tensor *src, const pc_tensor *offsets)
{
    const pc_tensor *o = s->st == PC_OK ? absolute_offsets(s, src, offsets) : NULL;
    const pc_tensor *r = o != NULL ? dc_empty(s, o->ndim, o->shape, src->dtype) : NULL;
    if (r == NULL || r->size == 0) {
        return r;
    }
    pc_gather_params prm = {r->size, (const int64_t *)o->data, (char *)src->storage->data,
                            r->data, pc_dtype_itemsize(src->dtype), NULL, 0, 0, NULL, false};
    const pc_tensor *in[1] = {src};
    const pc_tensor *uses[2] = {r, o};
    const pc_kernel_args args = {1, 0, in, NULL, &prm, NULL, 2, uses};
    const pc_status st = pc_dispatch_whole(PC_OP_GATHER, src->dtype, &args);
    return st == PC_OK ? r : dc_keep(s, st, NULL);
}

void dc_scatter(dc *s, pc_tensor *dst, const pc_tensor *offsets, const pc_tensor *values,
                bool accumulate)
{
    const pc_tensor *o = s->st == PC_OK ? absolute_offsets(s, dst, offsets) : NULL;
    const pc_tensor *v = o != NULL ? dc_cast(s, values, dst->dtype) : NULL;
    v = v != NULL && !pc_tensor_is_c_contiguous(v) ? dc_contiguous(s, v) : v;
    if (v == NULL || o->size == 0) {
        return;
    }
    if (v->size != o->size) {
        dc_fail(s, PC_ERR_RUNTIME, "scatter: values and offsets differ in size");
        return;
    }
    pc_gather_params prm = {o->size, (const int64_t *)o->data, (char *)dst->storage->data,
                            v->data, pc_dtype_itemsize(dst->dtype), NULL, 0, 0, NULL,
                            accumulate};
    const pc_tensor *in[1] = {dst};
    const pc_tensor *uses[2] = {v, o};
    const pc_kernel_args args = {1, 0, in, NULL, &prm, NULL, 2, uses};
    const pc_status st = pc_dispatch_whole(PC_OP_SCATTER, dst->dtype, &args);
    if (st != PC_OK) {
        dc_keep(s, st, NULL);
    }
}

void dc_copy(dc *s, pc_tensor *dst, const pc_tensor *src)
{
    if (s->st != PC_OK) {
        return;
    }
    const pc_status st = pc_copy_into(dst, src);
    if (st != PC_OK) {
        dc_keep(s, st, NULL);
    }
}

/* A 0-D view of `bytes` of type `dtype` at `offset` into the result word (device memory the
 * word pool owns: the storage borrows it). */
static pc_tensor *word_field(dc *s, pc_result_word *word, pc_dtype dtype, int64_t offset)
{
    pc_storage *storage = NULL;
    pc_status st = pc_storage_wrap(s->dev, word, (int64_t)sizeof *word, false, NULL, NULL,
                                   &storage);
    pc_tensor *t = NULL;
    if (st == PC_OK) {
        st = pc_tensor_view_new(storage, dtype, offset, 0, NULL, NULL, &t);
        pc_storage_decref(storage);
    }
    return (pc_tensor *)dc_keep(s, st, t);
}

/* [Why the word is read as two int64] A device may run no int32 op at all: the word's first
 * eight bytes (code, detail) are handled as one int64, zero exactly while no failure is in the
 * word (its reset zeroes it and a failure's code is never 0), and the new (code, detail) is a
 * constant packed on the host in the word's own layout. */
void dc_report(dc *s, pc_result_word *word, const pc_tensor *failed, int32_t code,
               int32_t detail, const pc_tensor *value)
{
    if (s->st != PC_OK || word == NULL) {
        return;
    }
    pc_tensor *head = word_field(s, word, PC_INT64, 0);
    pc_tensor *wvalue = word_field(s, word, PC_INT64, 8);
    if (s->st != PC_OK) {
        return;
    }
    const pc_result_word packed = {code, detail, 0};
    int64_t now = 0;
    memcpy(&now, &packed, sizeof now);
    /* the first failure wins: only a word still clear takes this one */
    const pc_tensor *take = dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(failed),
                                   dc_t(dc_ew2(s, PC_EW_EQUAL, dc_t(head), dc_i(0))));
    const pc_tensor *h = dc_where(s, take, dc_i(now), dc_t(head));
    const pc_tensor *v = dc_where(s, take, dc_t(value), dc_t(wvalue));
    dc_copy(s, wvalue, v);
    dc_copy(s, head, h);
}

int64_t dc_read_i64(dc *s, const pc_tensor *value)
{
    int64_t v = 0;
    const pc_tensor *c = dc_cast(s, value, PC_INT64);
    if (c == NULL) {
        return 0;
    }
    const pc_status st = pc_device_copy(pc_device_cpu(), &v, s->dev, c->data, sizeof v);
    if (st != PC_OK) {
        dc_keep(s, st, NULL);
    }
    return v;
}

void dc_count(dc *s, pc_result_word *word, int64_t *host, const pc_tensor *count)
{
    if (s->st != PC_OK) {
        return;
    }
    if (word == NULL) {
        *host = dc_read_i64(s, count);
        return;
    }
    dc_copy(s, word_field(s, word, PC_INT64, 8), count);
}

dc_axes dc_reduced_axes(const pc_tensor *x, const pc_tensor *o)
{
    dc_axes ax;
    memset(&ax, 0, sizeof ax);
    for (int a = 0; a < x->ndim; a++) {
        if (o->shape[a] == 1 && x->shape[a] != 1) {
            ax.axis[ax.n++] = a;
        }
    }
    ax.count = o->size > 0 ? x->size / o->size : 0;
    return ax;
}

pc_dtype dc_compute_dtype(pc_dtype key)
{
    const pc_kind k = pc_dtype_kind(key);
    return (k == PC_KIND_FLOAT && pc_dtype_itemsize(key) >= 4) || k == PC_KIND_COMPLEX
               ? key
               : PC_FLOAT32;
}

pc_dtype dc_product_dtype(pc_dtype key)
{
    return key == PC_FLOAT16 || key == PC_BFLOAT16 ? PC_FLOAT32 : key;
}

const pc_tensor *dc_positions(dc *s, int ndim, const int64_t *shape, const int64_t *strides)
{
    const pc_tensor *acc = dc_full(s, ndim, shape, PC_INT64, dc_i(0));
    for (int d = 0; d < ndim && acc != NULL; d++) {
        if (shape[d] <= 1 || strides[d] == 0) {
            continue;
        }
        /* i_d * stride, viewed along axis d of the shape */
        const pc_tensor *r = dc_ew2(s, PC_EW_MULTIPLY, dc_t(dc_arange(s, shape[d], PC_INT64)),
                                    dc_i(strides[d]));
        int64_t vs[PC_MAX_NDIM] = {0};
        if (r == NULL) {
            return NULL;
        }
        vs[d] = r->strides[0];
        acc = dc_ew2(s, PC_EW_ADD, dc_t(acc), dc_t(dc_view(s, r, ndim, shape, vs, r->offset)));
    }
    return acc;
}
