/*
 * range.c - the CPU arange and linspace kernels (range_impl.h per dtype).
 */
#include "dtype_params.h"
#include "paddle_c/kernels/table.h"

#define PCK_BODY "range_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_range(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    pc_kernel_register(PC_OP_ARANGE, PC_DEVICE_CPU, PC_##ID,                                   \
                       (pc_kernel){.whole = arange_##ID});                                   \
    pc_kernel_register(PC_OP_LINSPACE, PC_DEVICE_CPU, PC_##ID,                                 \
                       (pc_kernel){.whole = linspace_##ID});
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
