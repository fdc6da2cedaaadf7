/*
 * sets.c - searchsorted, isin and unique: dtype promotion, flattening and sorting here; the
 * searching and run detection in the SEARCHSORTED, ISIN and UNIQUE kernels
 * (reduce_kernels.h), which share the sort order of the SORT kernels.
 */
#include "dispatch.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"
#include "paddle_c/kernels/reduce_kernels.h"

/* x in dtype dt: an alias when it already is, else a cast copy. */
static pc_status as_dtype(const pc_tensor *x, pc_dtype dt, pc_tensor **out)
{
    return pc_astype(x, dt, false, out);
}

pc_status pc_searchsorted(const pc_tensor *x1, const pc_tensor *x2, bool right,
                          const pc_tensor *sorter, pc_tensor **out)
{
    if (x1->ndim != 1) {
        return pc_error_set(PC_ERR_VALUE, "searchsorted: x1 must be 1-D, got %d dimensions",
                            x1->ndim);
    }
    if (pc_dtype_kind(x1->dtype) == PC_KIND_COMPLEX ||
        pc_dtype_kind(x2->dtype) == PC_KIND_COMPLEX) {
        return pc_error_set(PC_ERR_TYPE, "searchsorted: complex numbers have no order");
    }
    if (sorter != NULL) {
        if (sorter->ndim != 1 || sorter->size != x1->size ||
            !pc_dtype_is_integral(sorter->dtype)) {
            return pc_error_set(PC_ERR_VALUE, "searchsorted: sorter must be a 1-D integer "
                                "tensor as long as x1 (%lld elements)", (long long)x1->size);
        }
    }
    pc_dtype dt;
    pc_status st = pc_promote_checked(x1->dtype, x2->dtype, &dt);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *a = NULL;
    pc_tensor *b = NULL;
    pc_tensor *s = NULL;
    pc_tensor *res = NULL;
    st = as_dtype(x1, dt, &a);
    if (st == PC_OK) {
        st = as_dtype(x2, dt, &b);
    }
    if (st == PC_OK && sorter != NULL) {
        st = as_dtype(sorter, PC_INT64, &s);
    }
    if (st == PC_OK) {
        st = pc_tensor_empty(x2->ndim, x2->shape, PC_DEFAULT_INDEX, pc_tensor_device(x2), &res);
    }
    if (st == PC_OK && res->size > 0) {
        /* a bad sorter index on a device comes through the result word, read once */
        pc_searchsorted_params params = {right, NULL};
        const pc_tensor *in[3] = {a, b, s};
        pc_tensor *outs[1] = {res};
        const pc_kernel_args args = {s != NULL ? 3 : 2, 1, in, outs, &params};
        pc_result_word w = {0};
        st = s != NULL
                 ? pc_dispatch_whole_result(PC_OP_SEARCHSORTED, dt, &args, &params.result, &w)
                 : pc_dispatch_whole(PC_OP_SEARCHSORTED, dt, &args);
        if (st == PC_OK && w.code != PC_OK) {
            st = pc_error_set(PC_ERR_INDEX, PC_MSG_SORTER_RANGE, (long long)w.value,
                              (long long)x1->size);
        }
    }
    pc_tensor_free(a);
    pc_tensor_free(b);
    pc_tensor_free(s);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}

pc_status pc_isin(const pc_tensor *x1, const pc_tensor *x2, bool invert, pc_tensor **out)
{
    pc_dtype dt;
    pc_status st = pc_promote_checked(x1->dtype, x2->dtype, &dt);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *a = NULL;
    pc_tensor *b = NULL;
    pc_tensor *flat = NULL;
    pc_tensor *res = NULL;
    st = as_dtype(x1, dt, &a);
    if (st == PC_OK) {
        st = as_dtype(x2, dt, &b);
    }
    if (st == PC_OK) {
        st = pc_flatten(b, &flat);
    }
    if (st == PC_OK) {
        st = pc_tensor_empty(x1->ndim, x1->shape, PC_BOOL, pc_tensor_device(x1), &res);
    }
    if (st == PC_OK && res->size > 0) {
        const pc_isin_params params = {invert};
        const pc_tensor *in[2] = {a, flat};
        pc_tensor *outs[1] = {res};
        const pc_kernel_args args = {2, 1, in, outs, &params};
        st = pc_dispatch_whole(PC_OP_ISIN, dt, &args);
    }
    pc_tensor_free(a);
    pc_tensor_free(b);
    pc_tensor_free(flat);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}

/* Replace the 1-D *t by a tensor of exactly its first `k` elements (no change when it has k
 * already). On failure *t is left as it was. */
static pc_status shrink(pc_tensor **t, int64_t k)
{
    if (*t == NULL || k == (*t)->size) {
        return PC_OK;
    }
    pc_tensor *v;
    pc_tensor *c = NULL;
    pc_status st = pc_tensor_restride(*t, 1, &k, (*t)->strides, (*t)->offset, &v);
    if (st == PC_OK) {
        st = pc_contiguous_copy(v, &c);
        pc_tensor_free(v);
    }
    if (st == PC_OK) {
        pc_tensor_free(*t);
        *t = c;
    }
    return st;
}

pc_status pc_unique(const pc_tensor *x, bool want_indices, bool want_inverse, bool want_counts,
                    pc_unique_result *out)
{
    pc_unique_result r = {NULL, NULL, NULL, NULL};
    pc_tensor *flat = NULL;
    pc_tensor *sorted = NULL;
    pc_tensor *perm = NULL;
    const bool need_perm = want_indices || want_inverse;
    const int64_t n = x->size;
    pc_status st = pc_flatten(x, &flat);
    if (st == PC_OK) {
        st = pc_sort(flat, 0, false, &sorted, need_perm ? &perm : NULL);
    }
    const pc_device dev = pc_tensor_device(x);
    if (st == PC_OK) {
        st = pc_tensor_empty(1, &n, x->dtype, dev, &r.values);
    }
    if (st == PC_OK && want_indices) {
        st = pc_tensor_empty(1, &n, PC_DEFAULT_INDEX, dev, &r.indices);
    }
    if (st == PC_OK && want_inverse) {
        st = pc_tensor_empty(x->ndim, x->shape, PC_DEFAULT_INDEX, dev, &r.inverse);
    }
    if (st == PC_OK && want_counts) {
        st = pc_tensor_empty(1, &n, PC_DEFAULT_INDEX, dev, &r.counts);
    }
    int64_t count = 0;
    if (st == PC_OK && n > 0) {
        /* the count decides the results' sizes: on a device it comes through the result word */
        pc_unique_params params = {&count, NULL};
        const pc_tensor *in[2] = {sorted, perm};
        pc_tensor *outs[4] = {r.values, r.indices, r.inverse, r.counts};
        const pc_kernel_args args = {perm != NULL ? 2 : 1, 4, in, outs, &params};
        pc_result_word w;
        st = pc_dispatch_whole_result(PC_OP_UNIQUE, x->dtype, &args, &params.result, &w);
        if (st == PC_OK && pc_device_result_words(dev)) {
            count = w.value;
        }
    }
    pc_tensor_free(flat);
    pc_tensor_free(sorted);
    pc_tensor_free(perm);
    if (st == PC_OK) {
        st = shrink(&r.values, count);
    }
    if (st == PC_OK) {
        st = shrink(&r.indices, count);
    }
    if (st == PC_OK) {
        st = shrink(&r.counts, count);
    }
    if (st != PC_OK) {
        pc_tensor_free(r.values);
        pc_tensor_free(r.indices);
        pc_tensor_free(r.inverse);
        pc_tensor_free(r.counts);
        return st;
    }
    *out = r;
    return PC_OK;
}
