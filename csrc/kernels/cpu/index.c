/*
 * index.c - the CPU indexing kernels (index_impl.h per dtype): gather and scatter of single
 * elements at validated byte offsets, and the boolean-mask select, fill and scatter loops.
 * Index planning lives in dispatch/index.c.
 */
#include "dtype_params.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/result_word.h"
#include "paddle_c/kernels/index_kernels.h"
#include "register.h"

#define PCK_BODY "index_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_index(void)
{
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
