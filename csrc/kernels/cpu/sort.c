/*
 * sort.c - the CPU sort and argsort kernels (sort_impl.h per dtype) and their lane driver.
 *
 * The lanes along the sorted axis are enumerated with the strided iterator over x and the
 * outputs without that axis; each lane is read (copied first when it is not contiguous),
 * sorted with scratch arrays allocated once per call, and written to the outputs' lanes in any
 * layout. The order of one element is kernels/common/sort_key.h's, shared with the GPU. The
 * searching and set kernels (search_impl.h) reuse the per-dtype sort keys, order and lane
 * sort, so they are instantiated in this file too. In the variants with AVX2 the values of a
 * sort of 32-bit and 64-bit real elements come from the vectorised quicksort instead
 * (sort_simd_lane.h, simd_sort.c), which is faster than the radix passes, and so do the indices
 * of 64-bit keys (sort_simd_arg.h).
 */
#include <stdlib.h>

#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/result_word.h"
#include "paddle_c/kernels/reduce_kernels.h"
#include "descriptor.h"
#include "dtype_params.h"
#include "radix.h"
#include "simd_sort.h"

typedef struct so_ctx {
    int64_t len;        /* lane length */
    int64_t sx;         /* the axis stride in x */
    int64_t sv;         /* ... in the values output */
    int64_t si;         /* ... in the indices output */
    bool descending;
    bool values;        /* a values output is present (operand 1) */
    bool indices;       /* an indices output is present (operand 1 or 2) */
    uint64_t *w0, *w1, *w2, *w3;    /* scratch: len words each */
    char *lane;         /* scratch: len elements, for lanes that are not contiguous */
} so_ctx;

static pc_status so_run(const pc_kernel_args *args, pc_loop_fn loop, size_t itemsize,
                        bool sort_op)
{
    const pc_tensor *x = args->in[0];
    const pc_sort_params *p = (const pc_sort_params *)args->params;
    pc_tensor *values = sort_op ? args->out[0] : NULL;
    pc_tensor *indices = sort_op ? (args->nout > 1 ? args->out[1] : NULL) : args->out[0];
    const int axis = p->axis;
    if (x->size == 0) {
        return PC_OK;
    }
    const int64_t len = x->shape[axis];
    so_ctx c = {len, x->strides[axis], values ? values->strides[axis] : 0,
                indices ? indices->strides[axis] : 0, p->descending, values != NULL,
                indices != NULL, NULL, NULL, NULL, NULL, NULL};
    const size_t words = (size_t)len * sizeof(uint64_t);
    char *scratch = malloc(4 * words + (size_t)len * itemsize + 64);
    if (scratch == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "sort: cannot allocate scratch space for lanes of "
                            "%lld elements", (long long)len);
    }
    c.w0 = (uint64_t *)scratch;
    c.w1 = (uint64_t *)(scratch + words);
    c.w2 = (uint64_t *)(scratch + 2 * words);
    c.w3 = (uint64_t *)(scratch + 3 * words);
    c.lane = scratch + 4 * words;

    int64_t shape[PC_MAX_NDIM];
    int64_t strides[3][PC_MAX_NDIM];
    const pc_tensor *full[3] = {x, values, indices};
    int nd = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (i != axis) {
            shape[nd] = x->shape[i];
            for (int k = 0; k < 3; k++) {
                strides[k][nd] = full[k] != NULL ? full[k]->strides[i] : 0;
            }
            nd++;
        }
    }
    pc_tensor desc[3];
    const pc_tensor *ops[3];
    int nop = 0;
    for (int k = 0; k < 3; k++) {
        if (full[k] != NULL) {
            pc_cpu_descriptor(&desc[k], full[k], nd, shape, strides[k], full[k]->data);
            ops[nop++] = &desc[k];
        }
    }
    const pc_loop_ctx ctx = {&c};
    pc_iter it;
    pc_status st = pc_iter_init(&it, nop, ops, nd, shape, false);
    if (st == PC_OK) {
        st = pc_iter_run(&it, loop, &ctx);
    }
    free(scratch);
    return st;
}

/* Run `loop` over (a, b) elementwise with `table` as its context: a is read, b written,
 * both of one shape in any layout. */
static pc_status se_each(const pc_tensor *a, pc_tensor *b, pc_loop_fn loop, const void *table)
{
    const pc_tensor *ops[2] = {a, b};
    const pc_loop_ctx ctx = {table};
    pc_iter it;
    pc_status st = pc_iter_init(&it, 2, ops, b->ndim, b->shape, false);
    if (st != PC_OK) {
        return st;
    }
    return pc_iter_run(&it, loop, &ctx);
}

#if PC_SIMD_SORT
#define SOS_BITS 32
#include "sort_simd_lane.h"
#undef SOS_BITS
#define SOS_BITS 64
#include "sort_simd_lane.h"
#undef SOS_BITS
#include "sort_simd_arg.h"
#endif

#define PCK_BODY "kernels/common/sort_key.h"
#include "each_dtype.h"
#undef PCK_BODY

#define PCK_BODY "sort_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

#define PCK_BODY "search_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_sort(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    pc_kernel_register(PC_OP_SORT, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = so_sort_##ID}); \
    pc_kernel_register(PC_OP_ARGSORT, PC_DEVICE_CPU, PC_##ID,                                  \
                       (pc_kernel){.whole = so_argsort_##ID});                               \
    pc_kernel_register(PC_OP_SEARCHSORTED, PC_DEVICE_CPU, PC_##ID,                             \
                       (pc_kernel){.whole = se_searchsorted_##ID});                          \
    pc_kernel_register(PC_OP_ISIN, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = se_isin_##ID}); \
    pc_kernel_register(PC_OP_UNIQUE, PC_DEVICE_CPU, PC_##ID,                                   \
                       (pc_kernel){.whole = se_unique_##ID});
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
