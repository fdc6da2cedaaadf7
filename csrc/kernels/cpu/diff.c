/*
 * diff.c - the CPU loops of diff's step (diff_impl.h per dtype), driven by the elementwise
 * dispatcher over two shifted views of one tensor.
 */
#include "paddle_c/kernels/table.h"
#include "dtype_params.h"

#define PCK_BODY "diff_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_diff(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    pc_kernel_register(PC_OP_DIFF, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.loop = diff_##ID});
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
