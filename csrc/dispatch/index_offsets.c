/*
 * index_offsets.c - the byte offsets of advanced indexing, built and validated on the indexed
 * tensor's device by INDEX_OFFSETS kernels (index_offsets.h).
 */
#include <string.h>

#include "dispatch.h"
#include "index_offsets.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/ops.h"

pc_status offsets_begin(offsets_build *b, pc_device dev, int ndim, const int64_t *shape,
                        int64_t base)
{
    memset(b, 0, sizeof *b);
    b->dev = dev;
    if (dev.type != PC_DEVICE_CPU && !pc_device_result_words(dev)) {
        return pc_error_set(PC_ERR_NOTIMPL, "advanced indexing on this device needs result "
                            "words");
    }
    /* the offsets' kernels run one after another and the word is read once, after the last:
     * the build keeps its word from here to offsets_finish or offsets_free */
    pc_status st = pc_device_result_take(dev, &b->taken);
    b->word = b->taken != NULL ? b->taken : &b->host;
    if (st == PC_OK) {
        st = pc_tensor_empty(ndim, shape, PC_INT64, dev, &b->offsets);
    }
    if (st == PC_OK && b->offsets->size > 0) {
        const pc_scalar s = {.dtype = PC_INT64, .v.i = base};
        st = pc_fill(b->offsets, &s);
    }
    return st;
}

pc_status offsets_add_index(offsets_build *b, const pc_tensor *idx, int end, int64_t len,
                            int64_t stride, int axis)
{
    const pc_tensor *o = b->offsets;
    if (o->size == 0) {
        return PC_OK;
    }
    if (b->nterms == PC_OFFSETS_MAX_TERMS || idx->ndim > end || end > o->ndim) {
        return pc_error_set(PC_ERR_RUNTIME, "offsets_add_index: bad term");
    }
    pc_status st = PC_OK;
    int64_t strides[PC_MAX_NDIM];
    const int lead = end - idx->ndim;
    for (int j = 0; st == PC_OK && j < o->ndim; j++) {
        const int k = j - lead;
        strides[j] = k < 0 || k >= idx->ndim || idx->shape[k] == 1 ? 0 : idx->strides[k];
    }
    pc_tensor *view = NULL;
    if (st == PC_OK) {
        st = pc_tensor_restride(idx, o->ndim, o->shape, strides, idx->offset, &view);
    }
    if (st == PC_OK) {
        const int item = b->nterms++;
        b->terms[item] = (offsets_term_info){axis, len,
                                             pc_dtype_kind(idx->dtype) == PC_KIND_UINT};
        const pc_offsets_params prm = {len, stride, item, b->word};
        const pc_dtype dtypes[2] = {idx->dtype, PC_INT64};
        const pc_tensor *ops[2] = {view, o};
        st = pc_dispatch_elementwise_typed(PC_OP_INDEX_OFFSETS, idx->dtype, 1, 2, dtypes, ops,
                                           o->ndim, o->shape, &prm);
    }
    pc_tensor_free(view);
    return st;
}

pc_status offsets_add_axis(offsets_build *b, int at, int64_t stride)
{
    const int64_t extent = b->offsets->shape[at];
    if (extent <= 1 || b->offsets->size == 0) {
        return PC_OK;
    }
    const pc_scalar start = {.dtype = PC_INT64, .v.i = 0};
    const pc_scalar stop = {.dtype = PC_INT64, .v.i = extent};
    const pc_scalar step = {.dtype = PC_INT64, .v.i = 1};
    pc_tensor *k = NULL;
    pc_status st = pc_arange(&start, &stop, &step, PC_INT64, b->dev, &k);
    if (st == PC_OK) {
        st = offsets_add_index(b, k, at + 1, extent, stride, -1);
    }
    pc_tensor_free(k);
    return st;
}

pc_status offsets_finish(offsets_build *b)
{
    pc_result_word w = b->host;
    if (b->taken != NULL) {
        pc_status st = pc_device_result_read(b->dev, b->taken, &w);
        pc_device_result_give(b->dev, b->taken);
        b->taken = NULL;
        b->word = &b->host;
        if (st != PC_OK) {
            return st;
        }
    }
    if (w.code == PC_OK) {
        return PC_OK;
    }
    if (w.code != PC_ERR_INDEX || w.detail < 0 || w.detail >= b->nterms) {
        return pc_error_set((pc_status)w.code, "index preparation failed on the device");
    }
    const offsets_term_info *t = &b->terms[w.detail];
    /* the word's value holds the index's 64 bits */
    return pc_index_out_of_bounds(t->is_unsigned, (uint64_t)w.value, t->axis, t->len);
}

pc_status pc_index_out_of_bounds(bool is_unsigned, uint64_t bits, int axis, int64_t len)
{
    if (is_unsigned && bits > (uint64_t)INT64_MAX) {
        return pc_error_set(PC_ERR_INDEX, "index %llu is out of bounds", (unsigned long long)bits);
    }
    return pc_error_set(PC_ERR_INDEX, "index %lld is out of bounds for axis %d with size %lld",
                        (long long)(int64_t)bits, axis, (long long)len);
}

pc_tensor *offsets_take(offsets_build *b)
{
    pc_tensor *o = b->offsets;
    b->offsets = NULL;
    return o;
}

void offsets_free(offsets_build *b)
{
    pc_tensor_free(b->offsets);
    b->offsets = NULL;
    pc_device_result_give(b->dev, b->taken);
    b->taken = NULL;
}
