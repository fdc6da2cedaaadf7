/*
 * index.c - planning and running NumPy-style indexing (indexing.h): getitem, setitem and its
 * accumulating form (index_add), and take. The plan comes from index_plan.c; a mask over every
 * axis takes the paths of index_mask.c; index_plan.h lists the indexing files.
 *
 * Here: turning an index into a plan (a basic view plus the advanced items), validating every
 * index against its axis, computing the byte offsets of advanced indexing, and driving the
 * copy kernels (COPY for blocks, GATHER / SCATTER for single elements). Not here: Python
 * objects (csrc/python/tensor_index.c turns them into pc_index items) and the element loops
 * (kernels/cpu/index_impl.h).
 *
 * [Why index values are read only by kernels] Index tensors live on the indexed tensor's device
 * (the array API expects it). The plan is made from shapes alone; the values (an index tensor,
 * the coordinates of a mask from nonzero) become byte offsets in INDEX_OFFSETS kernels on x's
 * device, validated there, with a bad index reported through the result word, read once
 * before anything is written (index_offsets.h). A mask's count, which decides the result's
 * shape, is nonzero's count (its one read). Only 0-D index tensors, which act as Python
 * scalars, are read on the host (one element copied).
 *
 * [Why byte offsets] Advanced indexing is reduced to one int64 byte offset per position of the
 * broadcast index shape B (the sum over the advanced items of index * stride, plus the basic
 * offset). On the CPU the result is then filled block by block (one block of the non-indexed
 * "rest" axes per offset), so gather and scatter are the same loop in two directions; on a
 * device the offsets cover every element of the result (the rest axes' coordinates added as
 * terms) and one GATHER or SCATTER launch moves them all. Repeated offsets: the last write wins
 * (the SCATTER contract, index_kernels.h).
 *
 * Invariants: a plan's view (shape, strides, offset) addresses only elements of x; every offset
 * in a validated offsets tensor addresses a valid element of the plan's view (with its rest
 * axes at 0 when the offsets are per block).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "index_plan.h"
#include "index_offsets.h"
#include "paddle_c/reduce.h"
#include "paddle_c/axis.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/indexing.h"
#include "paddle_c/ops.h"

/* ---- offsets of advanced indexing -------------------------------------------------------- */

/* `t` (on the CPU) as int64: itself (*owned NULL) or a converted copy (*owned). */
static pc_status as_int64(const pc_tensor *t, const pc_tensor **out, pc_tensor **owned)
{
    *owned = NULL;
    if (t->dtype == PC_INT64) {
        *out = t;
        return PC_OK;
    }
    if (t->dtype == PC_UINT64) {
        /* values above INT64_MAX would wrap to negative indices: reject them by name */
        pc_status st = pc_astype(t, PC_INT64, true, owned);
        if (st != PC_OK) {
            return st;
        }
        const uint64_t *u = (const uint64_t *)(*owned)->data;
        for (int64_t i = 0; i < (*owned)->size; i++) {
            if (u[i] > (uint64_t)INT64_MAX) {
                const uint64_t bad = u[i];
                pc_tensor_free(*owned);
                *owned = NULL;
                return pc_index_out_of_bounds(true, bad, 0, 0);
            }
        }
        *out = *owned;
        return PC_OK;
    }
    pc_status st = pc_astype(t, PC_INT64, true, owned);
    *out = *owned;
    return st;
}


/* Everything advanced indexing needs after planning. */
typedef struct adv_layout {
    int nb;                         /* dimensions of the broadcast index shape B */
    int64_t bshape[PC_MAX_NDIM];
    int nrest;                      /* the view's non-advanced axes, in order */
    int64_t rest_shape[PC_MAX_NDIM];
    int64_t rest_strides[PC_MAX_NDIM];
    int npre;                       /* rest axes before B in the result */
    int ndim;                       /* the result */
    int64_t shape[PC_MAX_NDIM];
    int64_t count;                  /* positions of B */
    pc_tensor *offsets;             /* owned: int64 of shape B, absolute byte offsets; or NULL
                                       for a single index array used as it is: */
    const pc_tensor *index;         /* validated C-contiguous int64 indices of shape B */
    pc_tensor *owned_index;         /* owned: `index` when it is a converted copy */
    int64_t index_base;             /* the basic offset */
    int64_t index_len;              /* extent and stride of the indexed axis */
    int64_t index_stride;
    int index_axis;                 /* x's axis, for messages */
    bool per_element;               /* `offsets` has the result's shape: one per element */
    bool distinct;                  /* no two positions address one element (see distinct()) */
    int nrows;                      /* owned: the coordinate rows of the masks (nonzero) */
    pc_tensor *rows[PC_MAX_NDIM];
} adv_layout;

static void adv_layout_free(adv_layout *L)
{
    pc_tensor_free(L->offsets);
    pc_tensor_free(L->owned_index);
    for (int i = 0; i < L->nrows; i++) {
        pc_tensor_free(L->rows[i]);
    }
    L->offsets = NULL;
    L->owned_index = NULL;
    L->index = NULL;
    L->nrows = 0;
}

/* Check every index against the axis (a branch-free pass, then a search for the message). */
static pc_status check_indices(const int64_t *idx, int64_t n, int64_t len, int axis)
{
    bool bad = false;
    for (int64_t i = 0; i < n; i++) {
        const int64_t v = idx[i];
        const int64_t w = v < 0 ? v + len : v;
        bad |= (uint64_t)w >= (uint64_t)len;
    }
    for (int64_t i = 0; bad && i < n; i++) {
        const int64_t w = idx[i] < 0 ? idx[i] + len : idx[i];
        if ((uint64_t)w >= (uint64_t)len) {
            return pc_index_out_of_bounds(false, (uint64_t)idx[i], axis, len);
        }
    }
    return PC_OK;
}

/* [Why indices are used as they are] With one index array and single-element blocks (x[idx]
 * on the indexed axis alone, the common gather), offsets would be one extra pass writing as
 * much memory as the indices: the kernels read the validated indices directly instead. */
static bool use_index_directly(const index_plan *p, adv_layout *L, bool validate,
                               pc_status *st)
{
    *st = PC_OK;
    if (p->nadv != 1 || p->adv[0].kind != ADV_ARRAY) {
        return false;
    }
    for (int i = 0; i < L->nrest; i++) {
        if (L->rest_shape[i] != 1) {
            return false;
        }
    }
    const adv_item *a = &p->adv[0];
    if (pc_tensor_device(a->tensor).type != PC_DEVICE_CPU) {
        return false;
    }
    const pc_tensor *idx;
    pc_tensor *owned;
    *st = as_int64(a->tensor, &idx, &owned);
    if (*st != PC_OK) {
        return false;
    }
    if (!pc_tensor_is_c_contiguous(idx)) {
        pc_tensor_free(owned);
        return false;
    }
    const int64_t len = p->shape[a->axis];
    *st = validate ? check_indices((const int64_t *)idx->data, idx->size, len, a->xaxis) : PC_OK;
    if (*st != PC_OK) {
        pc_tensor_free(owned);
        return false;
    }
    L->index = idx;
    L->owned_index = owned;
    L->index_base = p->offset;
    L->index_len = len;
    L->index_stride = p->strides[a->axis];
    L->index_axis = a->xaxis;
    L->count = idx->size;
    return true;
}

static pc_status broadcast_into(int *nd, int64_t *shape, int ndb, const int64_t *b)
{
    pc_status st = pc_shape_broadcast(*nd, shape, ndb, b, nd, shape);
    if (st != PC_OK) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s", pc_error_message());
        return pc_error_set(PC_ERR_INDEX, "shape mismatch: indexing tensors could not be "
                            "broadcast together: %s", msg);
    }
    return PC_OK;
}

/* What advanced indexing does with the positions it addresses. */
typedef enum adv_mode {
    MODE_GET,   /* gather them into a new tensor */
    MODE_SET,   /* write the value into them, in order (the last write wins) */
    MODE_ADD    /* add the value to them, every position in turn (repeats accumulate) */
} adv_mode;

/* The coordinates of a mask's true elements (nonzero, on the mask's device), appended to
 * L->rows; *count their number. */
static pc_status mask_rows(const pc_tensor *mask, adv_layout *L, int64_t *count)
{
    pc_status st = pc_nonzero(mask, L->rows + L->nrows);
    if (st == PC_OK) {
        *count = L->rows[L->nrows]->shape[0];
        L->nrows += mask->ndim;
    }
    return st;
}

/* [Why offsets are built on x's device] Index values are data on x's device (an index tensor,
 * a mask's coordinates): INDEX_OFFSETS kernels turn them into byte offsets there and validate
 * them, and the one read of the result word decides IndexError before anything is written.
 * On the CPU the offsets address blocks of the rest axes (copied by host loops); on a device
 * they address every element of the result (per_element: one GATHER / SCATTER launch, an
 * accumulating SCATTER for MODE_ADD) and never leave the device. */
static pc_status build_offsets(const pc_tensor *x, const index_plan *p, adv_mode mode,
                               adv_layout *L, const int *row0, int64_t total)
{
    const pc_device dev = pc_tensor_device(x);
    int64_t base = p->offset;
    for (int k = 0; k < p->nadv; k++) {
        const adv_item *a = &p->adv[k];
        if (a->kind == ADV_INT) {
            int64_t v = 0;
            pc_status st = index_normalize(a->value, a->xaxis, p->shape[a->axis], &v);
            if (st != PC_OK) {
                return st;
            }
            base += v * p->strides[a->axis];
        }
    }
    L->per_element = dev.type != PC_DEVICE_CPU && total > 0;
    const int end = L->per_element ? L->npre + L->nb : L->nb;
    offsets_build b;
    pc_status st = L->per_element ? offsets_begin(&b, dev, L->ndim, L->shape, base)
                                  : offsets_begin(&b, dev, L->nb, L->bshape, base);
    for (int k = 0; k < p->nadv && st == PC_OK; k++) {
        const adv_item *a = &p->adv[k];
        if (a->kind == ADV_ARRAY) {
            st = offsets_add_index(&b, a->tensor, end, p->shape[a->axis], p->strides[a->axis],
                                   a->xaxis);
        }
        for (int j = 0; a->kind == ADV_MASK && j < a->naxes && st == PC_OK; j++) {
            st = offsets_add_index(&b, L->rows[row0[k] + j], end, p->shape[a->axis + j],
                                   p->strides[a->axis + j], a->xaxis + j);
        }
    }
    for (int i = 0; L->per_element && i < L->nrest && st == PC_OK; i++) {
        st = offsets_add_axis(&b, i < L->npre ? i : i + L->nb, L->rest_strides[i]);
    }
    st = st == PC_OK ? offsets_finish(&b) : st;
    if (st != PC_OK) {
        offsets_free(&b);
        return st;
    }
    L->offsets = offsets_take(&b);
    return st;
}

/* The broadcast index shape, the layout of the result, and the validated offsets. */
static pc_status advanced_layout(const pc_tensor *x, index_plan *p, adv_mode mode, adv_layout *L)
{
    memset(L, 0, sizeof *L);
    int row0[PC_MAX_NDIM] = {0};
    for (int k = 0; k < p->nadv; k++) {
        adv_item *a = &p->adv[k];
        pc_status st = PC_OK;
        int64_t count = a->value;
        if (a->kind == ADV_ARRAY) {
            st = broadcast_into(&L->nb, L->bshape, a->tensor->ndim, a->tensor->shape);
        } else if (a->kind == ADV_MASK) {
            row0[k] = L->nrows;
            st = mask_rows(a->tensor, L, &count);
            a->value = count;
            st = st != PC_OK ? st : broadcast_into(&L->nb, L->bshape, 1, &count);
        } else if (a->kind == ADV_BOOL) {
            st = broadcast_into(&L->nb, L->bshape, 1, &count);
        }
        if (st != PC_OK) {
            return st;
        }
    }
    /* the rest axes and the result's shape */
    bool covered[PC_MAX_NDIM] = {false};
    for (int k = 0; k < p->nadv; k++) {
        for (int j = 0; j < p->adv[k].naxes; j++) {
            covered[p->adv[k].axis + j] = true;
        }
    }
    L->nrest = 0;
    L->npre = 0;
    const int first = p->adv[0].axis;
    for (int i = 0; i < p->ndim; i++) {
        if (!covered[i]) {
            L->rest_shape[L->nrest] = p->shape[i];
            L->rest_strides[L->nrest] = p->strides[i];
            L->nrest++;
            L->npre += p->adjacent && i < first;
        }
    }
    L->ndim = L->nrest + L->nb;
    if (L->ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_INDEX, "the index gives more than %d dimensions",
                            PC_MAX_NDIM);
    }
    memcpy(L->shape, L->rest_shape, (size_t)L->npre * sizeof(int64_t));
    memcpy(L->shape + L->npre, L->bshape, (size_t)L->nb * sizeof(int64_t));
    memcpy(L->shape + L->npre + L->nb, L->rest_shape + L->npre,
           (size_t)(L->nrest - L->npre) * sizeof(int64_t));
    int64_t size;
    pc_status st = pc_shape_size(L->ndim, L->shape, pc_dtype_itemsize(x->dtype), &size);
    if (st == PC_OK) {
        st = pc_shape_size(L->nb, L->bshape, 0, &L->count);
    }
    int64_t total = 0;
    if (st == PC_OK) {
        st = pc_shape_size(L->ndim, L->shape, 0, &total);
    }
    if (st != PC_OK) {
        return st;
    }
    const bool on_cpu = pc_tensor_device(x).type == PC_DEVICE_CPU;
    if (on_cpu && mode != MODE_ADD && use_index_directly(p, L, mode == MODE_SET, &st)) {
        return st;
    }
    return st != PC_OK ? st : build_offsets(x, p, mode, L, row0, total);
}

/* MODE_ADD's blocks on the CPU: x's block at each offset += the dense block, offsets in
 * order, with the ADD op's 1-D loop (so every dtype adds as `+` does), block by block. */
static pc_status add_blocks(const pc_tensor *x, const adv_layout *L, const pc_tensor *xblock,
                            const pc_tensor *dense, int64_t step)
{
    const pc_tensor *ops[3] = {xblock, dense, xblock};
    const pc_kernel *k = NULL;
    pc_status st = pc_dispatch_kernel(PC_OP_ADD, x->dtype, 3, ops, &k);
    if (st != PC_OK) {
        return st;
    }
    if (k->loop == NULL) {
        return pc_error_set(PC_ERR_RUNTIME, "index_add: block loops run on the CPU only");
    }
    pc_iter it;
    st = pc_iter_init(&it, 3, ops, xblock->ndim, xblock->shape, false);
    char *const xbase = it.data[0];
    char *const dbase = it.data[1];
    const int64_t *off = (const int64_t *)L->offsets->data;
    const pc_loop_ctx ctx = {NULL};
    for (int64_t b = 0; b < L->count && st == PC_OK; b++) {
        it.data[0] = it.data[2] = xbase + (off[b] - xblock->offset);
        it.data[1] = dbase + b * step;
        st = pc_iter_run(&it, k->loop, &ctx);
    }
    return st;
}

/* Copy between x's rest block at each offset and the dense side (`dense` is a view of the
 * dense side's first block with the rest axes; consecutive blocks are `step` bytes apart).
 * MODE_GET reads x, MODE_SET writes it, MODE_ADD adds to it, offsets in order. Devices come
 * here only for blocks of one element; the block loops are the CPU's. */
static pc_status run_blocks(const pc_tensor *x, const adv_layout *L, const pc_tensor *xblock,
                            const pc_tensor *dense, int64_t step, adv_mode mode)
{
    const int64_t nb = L->count;
    if (nb == 0 || xblock->size == 0) {
        return PC_OK;
    }
    if (mode == MODE_ADD) {
        return add_blocks(x, L, xblock, dense, step);
    }
    const bool gather = mode == MODE_GET;
    if (L->offsets == NULL) {
        /* a gather checks its indices itself: on a device, through the result word */
        pc_gather_params prm = {nb, NULL, (char *)x->storage->data + L->index_base, dense->data,
                                step, (const int64_t *)L->index->data, L->index_len,
                                L->index_stride, NULL};
        const pc_tensor *in[1] = {x};
        const pc_tensor *uses[2] = {dense, L->index};
        pc_kernel_args args = {1, 0, in, NULL, &prm, NULL, 2, uses};
        pc_result_word w = {0};
        pc_status st = gather ? pc_dispatch_whole_result(PC_OP_GATHER, x->dtype, &args,
                                                         &prm.result, &w)
                              : pc_dispatch_whole(PC_OP_SCATTER, x->dtype, &args);
        st = st != PC_OK ? st : (pc_status)w.code;
        if (st == PC_ERR_INDEX) {
            /* the gather found a bad index: name the first one */
            st = check_indices(prm.index, nb, L->index_len, L->index_axis);
            st = st != PC_OK ? st : pc_error_set(PC_ERR_INDEX, "index out of bounds");
        }
        return st;
    }
    const int64_t *off = (const int64_t *)L->offsets->data;
    if (xblock->size == 1) {
        pc_gather_params prm = {nb, off, (char *)x->storage->data, dense->data, step,
                                NULL, 0, 0, NULL};
        const pc_tensor *in[1] = {x};
        const pc_tensor *uses[2] = {dense, L->offsets};
        pc_kernel_args args = {1, 0, in, NULL, &prm, NULL, 2, uses};
        return pc_dispatch_whole(gather ? PC_OP_GATHER : PC_OP_SCATTER, x->dtype, &args);
    }
    const pc_tensor *ops[2] = {gather ? xblock : dense, gather ? dense : xblock};
    const pc_kernel *k = NULL;
    pc_status st = pc_dispatch_kernel(PC_OP_COPY, x->dtype, 2, ops, &k);
    if (st != PC_OK) {
        return st;
    }
    if (k->loop == NULL) {
        return pc_error_set(PC_ERR_RUNTIME, "indexing: block loops run on the CPU only");
    }
    pc_iter it;
    st = pc_iter_init(&it, 2, ops, xblock->ndim, xblock->shape, false);
    if (st != PC_OK) {
        return st;
    }
    const int xi = gather ? 0 : 1;
    char *const xbase = it.data[xi];
    char *const dbase = it.data[1 - xi];
    const pc_loop_ctx ctx = {NULL};
    if (it.ndim == 1) {
        /* one run per block: call the loop directly */
        for (int64_t b = 0; b < nb && st == PC_OK; b++) {
            char *ptr[2];
            ptr[xi] = xbase + (off[b] - xblock->offset);
            ptr[1 - xi] = dbase + b * step;
            st = (pc_status)k->loop(&ctx, ptr, it.shape[0], it.strides[0]);
        }
        return st;
    }
    for (int64_t b = 0; b < nb && st == PC_OK; b++) {
        it.data[xi] = xbase + (off[b] - xblock->offset);
        it.data[1 - xi] = dbase + b * step;
        st = pc_iter_run(&it, k->loop, &ctx);
    }
    return st;
}

/* Per-element offsets (a device): one GATHER (x -> other) or SCATTER (other -> x) of every
 * element, `other` dense in the result's C order (`step` 0: one value for all). */
static pc_status run_elements(const pc_tensor *x, const adv_layout *L, const pc_tensor *other,
                              int64_t step, adv_mode mode)
{
    pc_gather_params prm = {L->offsets->size, (const int64_t *)L->offsets->data,
                            (char *)x->storage->data, other->data, step, NULL, 0, 0, NULL,
                            mode == MODE_ADD, L->distinct};
    const pc_tensor *in[1] = {x};
    const pc_tensor *uses[2] = {other, L->offsets};
    pc_kernel_args args = {1, 0, in, NULL, &prm, NULL, 2, uses};
    return pc_dispatch_whole(mode == MODE_GET ? PC_OP_GATHER : PC_OP_SCATTER, x->dtype, &args);
}

/* The view of x's rest axes at the plan's offset (advanced axes at index 0). */
static pc_status rest_view(const pc_tensor *x, const index_plan *p, const adv_layout *L,
                           pc_tensor **out)
{
    return pc_tensor_restride(x, L->nrest, L->rest_shape, L->rest_strides, p->offset, out);
}

static pc_status advanced_get(const pc_tensor *x, index_plan *p, pc_tensor **out)
{
    adv_layout L;
    pc_status st = advanced_layout(x, p, MODE_GET, &L);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *r = NULL;
    pc_tensor *xblock = NULL;
    pc_tensor *dense = NULL;
    st = pc_tensor_empty(L.ndim, L.shape, x->dtype, pc_tensor_device(x), &r);
    if (st == PC_OK && L.per_element) {
        st = run_elements(x, &L, r, pc_dtype_itemsize(x->dtype), MODE_GET);
    } else if (st == PC_OK && r->size > 0) {
        int64_t dstrides[PC_MAX_NDIM];
        for (int i = 0; i < L.nrest; i++) {
            dstrides[i] = r->strides[i < L.npre ? i : i + L.nb];
        }
        const int64_t step = r->strides[L.npre + L.nb - 1];
        st = rest_view(x, p, &L, &xblock);
        if (st == PC_OK) {
            st = pc_tensor_restride(r, L.nrest, L.rest_shape, dstrides, 0, &dense);
        }
        if (st == PC_OK) {
            st = run_blocks(x, &L, xblock, dense, step, MODE_GET);
        }
    }
    pc_tensor_free(xblock);
    pc_tensor_free(dense);
    adv_layout_free(&L);
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}

/* ---- assignment ---------------------------------------------------------------------------- */

/* Per-element SCATTER of the value (x's dtype, broadcastable to the result): one element
 * written (MODE_SET) or added (MODE_ADD) everywhere, or the value made dense in the result's
 * order (*dense, owned). */
static pc_status set_elements(const pc_tensor *x, const adv_layout *L, const pc_tensor *v,
                              adv_mode mode, pc_tensor **dense)
{
    if (v->size == 1) {
        return run_elements(x, L, v, 0, mode);
    }
    int64_t strides[PC_MAX_NDIM];
    for (int i = 0; i < L->ndim; i++) {
        const int vi = i - (L->ndim - v->ndim);
        strides[i] = vi < 0 || v->shape[vi] == 1 ? 0 : v->strides[vi];
    }
    pc_tensor *view;
    pc_status st = pc_tensor_restride(v, L->ndim, L->shape, strides, v->offset, &view);
    if (st == PC_OK) {
        st = pc_contiguous_copy(view, dense);
        pc_tensor_free(view);
    }
    return st != PC_OK ? st : run_elements(x, L, *dense, pc_dtype_itemsize(x->dtype), mode);
}

/* [Why a write may skip the order] SCATTER keeps "the last write wins" by sorting offsets on a
 * device. Without index arrays (masks, integers and slices only) every position is a distinct
 * coordinate tuple of the view, and a view without zero strides maps distinct coordinates to
 * distinct elements: no two writes meet, so there is no order to keep. */
static bool distinct(const index_plan *p)
{
    for (int i = 0; i < p->nadv; i++) {
        if (p->adv[i].kind == ADV_ARRAY) {
            return false;
        }
    }
    for (int d = 0; d < p->ndim; d++) {
        if (p->strides[d] == 0 && p->shape[d] > 1) {
            return false;
        }
    }
    return true;
}

static pc_status advanced_set(pc_tensor *x, index_plan *p, const pc_tensor *value,
                              adv_mode mode)
{
    adv_layout L;
    pc_status st = advanced_layout(x, p, mode, &L);
    if (st != PC_OK) {
        return st;
    }
    L.distinct = distinct(p);
    pc_tensor *stripped = NULL;
    pc_tensor *owned = NULL;
    pc_tensor *arranged = NULL;
    pc_tensor *dense = NULL;
    pc_tensor *xblock = NULL;
    const pc_tensor *v = value;
    st = index_strip_leading_ones(value, L.ndim, &stripped);
    if (st == PC_OK) {
        v = stripped != NULL ? stripped : value;
        st = index_check_value(v, L.ndim, L.shape);
    }
    if (st == PC_OK && L.count > 0) {
        st = index_value_for(x, v, &v, &owned);
    }
    if (st == PC_OK && L.per_element) {
        st = set_elements(x, &L, v, mode, &arranged);
    } else if (st == PC_OK && L.count > 0) {
        /* the value broadcast to the result, with its axes arranged as (B..., rest...) */
        int64_t shape[PC_MAX_NDIM];
        int64_t strides[PC_MAX_NDIM];
        for (int i = 0; i < L.ndim; i++) {
            const int vi = i - (L.ndim - v->ndim);
            const int64_t s = vi < 0 || v->shape[vi] == 1 ? 0 : v->strides[vi];
            const int to = i < L.npre ? L.nb + i : i < L.npre + L.nb ? i - L.npre : i;
            shape[to] = L.shape[i];
            strides[to] = s;
        }
        /* B flattens to one step when its strides nest */
        bool flat = true;
        int64_t step = 0;
        int last = -1;
        for (int i = L.nb - 1; i >= 0; i--) {
            if (shape[i] == 1) {
                continue;
            }
            if (last < 0) {
                step = strides[i];
            } else if (strides[i] != strides[last] * shape[last]) {
                flat = false;
            }
            last = i;
        }
        const pc_tensor *src = v;
        if (!flat) {
            pc_tensor *view;
            st = pc_tensor_restride(v, L.ndim, shape, strides, v->offset, &view);
            if (st == PC_OK) {
                st = pc_contiguous_copy(view, &arranged);
                pc_tensor_free(view);
            }
            if (st == PC_OK) {
                src = arranged;
                memcpy(strides, arranged->strides, (size_t)L.ndim * sizeof(int64_t));
                step = L.nb > 0 ? arranged->strides[L.nb - 1] : 0;
            }
        }
        if (st == PC_OK) {
            st = pc_tensor_restride(src, L.nrest, shape + L.nb, strides + L.nb, src->offset,
                                    &dense);
        }
        if (st == PC_OK) {
            st = rest_view(x, p, &L, &xblock);
        }
        if (st == PC_OK) {
            st = run_blocks(x, &L, xblock, dense, step, mode);
        }
    }
    pc_tensor_free(xblock);
    pc_tensor_free(dense);
    pc_tensor_free(arranged);
    pc_tensor_free(owned);
    pc_tensor_free(stripped);
    adv_layout_free(&L);
    return st;
}


pc_status pc_index_get(const pc_tensor *x, int n, const pc_index *index, pc_tensor **out)
{
    index_plan p;
    pc_status st = index_build_plan(x, n, index, &p);
    if (st != PC_OK) {
        return st;
    }
    if (p.nadv == 0) {
        return pc_tensor_restride(x, p.ndim, p.shape, p.strides, p.offset, out);
    }
    if (index_whole_mask(x, &p, PC_OP_MASK_SELECT)) {
        return index_mask_get(x, &p, out);
    }
    return advanced_get(x, &p, out);
}

static pc_status check_writable(const pc_tensor *x)
{
    if (x->flags & PC_FLAG_READONLY) {
        return pc_error_set(PC_ERR_VALUE, "assignment destination is read-only");
    }
    return PC_OK;
}

/* The plan of a write into x (which must be writable). */
/* The plan of a write of `value` (NULL: a scalar) into x; a value on another device is refused
 * first, before the index is looked at. */
static pc_status write_plan(pc_tensor *x, int n, const pc_index *index, const pc_tensor *value,
                            index_plan *p)
{
    pc_status st = check_writable(x);
    if (st == PC_OK && value != NULL) {
        const pc_tensor *both[2] = {x, value};
        pc_device dev;
        st = pc_common_device(2, both, &dev);
    }
    return st != PC_OK ? st : index_build_plan(x, n, index, p);
}

/* x's basic view (a plan without advanced items) = value, or += value when `add` (a basic
 * index addresses every element once). */
static pc_status basic_set(pc_tensor *x, const index_plan *p, const pc_tensor *value, bool add)
{
    pc_tensor *view;
    pc_status st = pc_tensor_restride(x, p->ndim, p->shape, p->strides, p->offset, &view);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *stripped;
    st = index_strip_leading_ones(value, view->ndim, &stripped);
    if (st == PC_OK) {
        const pc_tensor *v = stripped != NULL ? stripped : value;
        pc_tensor *owned = NULL;
        st = index_check_value(v, view->ndim, view->shape);
        if (st == PC_OK && add) {
            st = index_value_for(x, v, &v, &owned);
            const pc_tensor *ops[3] = {view, v, view};
            st = st != PC_OK ? st
                             : pc_dispatch_elementwise(PC_OP_ADD, x->dtype, x->dtype, 2, 3, ops,
                                                       view->ndim, view->shape, NULL);
        } else if (st == PC_OK) {
            st = pc_copy_into(view, v);
        }
        pc_tensor_free(owned);
        pc_tensor_free(stripped);
    }
    pc_tensor_free(view);
    return st;
}

pc_status pc_index_set(pc_tensor *x, int n, const pc_index *index, const pc_tensor *value)
{
    index_plan p;
    pc_status st = write_plan(x, n, index, value, &p);
    if (st != PC_OK) {
        return st;
    }
    if (p.nadv > 0 && index_whole_mask(x, &p, PC_OP_MASK_SCATTER) &&
        index_whole_mask(x, &p, PC_OP_MASK_FILL)) {
        return index_mask_set(x, &p, value);
    }
    if (p.nadv > 0) {
        return advanced_set(x, &p, value, MODE_SET);
    }
    return basic_set(x, &p, value, false);
}

pc_status pc_index_fill(pc_tensor *x, int n, const pc_index *index, const pc_scalar *value)
{
    index_plan p;
    pc_status st = write_plan(x, n, index, NULL, &p);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *t;
    if (p.nadv > 0) {
        /* the fill value lives where x does: the kernels read it on x's device */
        st = pc_full(0, NULL, value, x->dtype, pc_tensor_device(x), &t);
        if (st == PC_OK) {
            st = index_whole_mask(x, &p, PC_OP_MASK_FILL) ? index_mask_set(x, &p, t)
                                                     : advanced_set(x, &p, t, MODE_SET);
            pc_tensor_free(t);
        }
        return st;
    }
    st = pc_tensor_restride(x, p.ndim, p.shape, p.strides, p.offset, &t);
    if (st == PC_OK) {
        st = pc_fill(t, value);
        pc_tensor_free(t);
    }
    return st;
}

pc_status pc_index_add(pc_tensor *x, int n, const pc_index *index, const pc_tensor *value)
{
    index_plan p;
    pc_status st = write_plan(x, n, index, value, &p);
    if (st != PC_OK) {
        return st;
    }
    return p.nadv > 0 ? advanced_set(x, &p, value, MODE_ADD) : basic_set(x, &p, value, true);
}

/* take is a subscript on one axis: x[:, ..., :, indices] */
pc_status pc_take(const pc_tensor *x, const pc_tensor *indices, int axis, pc_tensor **out)
{
    if (!pc_dtype_is_integral(indices->dtype)) {
        return pc_error_set(PC_ERR_TYPE, "take() needs integer indices, not %s",
                            pc_dtype_name(indices->dtype));
    }
    int ax = 0;
    pc_status st = pc_axis_normalize("take", axis, x->ndim, &ax);
    if (st != PC_OK) {
        return st;
    }
    pc_index items[PC_MAX_NDIM + 1];
    for (int i = 0; i < ax; i++) {
        items[i] = (pc_index){PC_INDEX_SLICE, 0, 0, INT64_MAX, 1, NULL};
    }
    items[ax] = (pc_index){PC_INDEX_TENSOR, 0, 0, 0, 0, indices};
    return pc_index_get(x, ax + 1, items, out);
}
