/*
 * copy.c - the CPU copy and fill loops (copy_impl.h per dtype) and the band-zeroing kernel of
 * tril/triu, which works on bytes and so serves every dtype.
 */
#include "dtype_params.h"
#include "paddle_c/kernels/copy_kernels.h"
#include "paddle_c/kernels/table.h"
#include "transpose_block.h"

#define PCK_BODY "copy_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

/* Zero the elements outside the band of every matrix of a C-contiguous tensor (ndim >= 2):
 * all-zero bytes are zero in every dtype. */
static pc_status tri_bytes(const pc_kernel_args *args)
{
    const pc_tri_params *p = (const pc_tri_params *)args->params;
    pc_tensor *out = args->out[0];
    if (out->size == 0) {
        return PC_OK;
    }
    const int64_t rows = out->shape[out->ndim - 2];
    const int64_t cols = out->shape[out->ndim - 1];
    const int64_t item = pc_dtype_itemsize(out->dtype);
    const int64_t matrices = out->size / (rows * cols);
    char *base = out->data;
    for (int64_t m = 0; m < matrices; m++) {
        for (int64_t i = 0; i < rows; i++) {
            char *row = base + (m * rows + i) * cols * item;
            int64_t lo;
            int64_t hi;
            if (p->upper) { /* keep j >= i + k */
                lo = 0;
                hi = i + p->k;
            } else {        /* keep j <= i + k */
                lo = i + p->k + 1;
                hi = cols;
            }
            lo = lo < 0 ? 0 : lo > cols ? cols : lo;
            hi = hi < 0 ? 0 : hi > cols ? cols : hi;
            if (hi > lo) {
                memset(row + lo * item, 0, (size_t)((hi - lo) * item));
            }
        }
    }
    return PC_OK;
}

void pc_cpu_register_copy(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    pc_kernel_register(PC_OP_COPY, PC_DEVICE_CPU, PC_##ID,                                     \
                       (pc_kernel){.loop = copy_##ID});                                      \
    pc_kernel_register(PC_OP_FILL, PC_DEVICE_CPU, PC_##ID,                                     \
                       (pc_kernel){.loop = fill_##ID});                                      \
    pc_kernel_register(PC_OP_TRI, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = tri_bytes});      \
    pc_kernel_register(PC_OP_COPY_PLANE, PC_DEVICE_CPU, PC_##ID,                               \
                       (pc_kernel){.whole = copy_plane_##ID});
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
