/*
 * index.c - the CPU indexing kernels (index_impl.h per dtype): gather and scatter of single
 * elements at validated byte offsets, and the boolean-mask select, fill and scatter loops.
 * Index planning lives in dispatch/index.c.
 */
#include "dtype_params.h"
#include "kernels/common/elem_math.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/kernels/result_word.h"
#include "paddle_c/kernels/nonzero_walk.h"
#include "register.h"

#define PCK_BODY "index_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

/* NONZERO: the coordinates of the mask's true elements, row d at coords + d * count
 * (index_kernels.h, nonzero_walk.h). */
static pc_status nonzero_bool(const pc_kernel_args *args)
{
    const pc_tensor *mask = args->in[0];
    const pc_tensor *out = args->out[0];
    const int64_t count = out->shape[1];
    if (count == 0 || mask->size == 0) {
        return PC_OK;
    }
    int64_t *coords = (int64_t *)out->data;
    int64_t *rows[PC_MAX_NDIM];
    for (int e = 0; e < mask->ndim; e++) {
        rows[e] = coords + e * count;
    }
    return pc_nonzero_walk(mask, rows) == count
               ? PC_OK
               : pc_error_set(PC_ERR_RUNTIME, "nonzero: the mask changed while it was read");
}

void pc_cpu_register_index(void)
{
    pc_kernel_register(PC_OP_NONZERO, PC_DEVICE_CPU, PC_BOOL, (pc_kernel){.whole = nonzero_bool});
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    pc_kernel_register(PC_OP_GATHER, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = gather_##ID}); \
    pc_kernel_register(PC_OP_SCATTER, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = scatter_##ID}); \
    pc_kernel_register(PC_OP_MASK_SELECT, PC_DEVICE_CPU, PC_##ID,                              \
                       (pc_kernel){.loop = mask_select_##ID});                               \
    pc_kernel_register(PC_OP_MASK_FILL, PC_DEVICE_CPU, PC_##ID,                                \
                       (pc_kernel){.loop = mask_fill_##ID});                                 \
    pc_kernel_register(PC_OP_MASK_SCATTER, PC_DEVICE_CPU, PC_##ID,                             \
                       (pc_kernel){.loop = mask_scatter_##ID});
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
