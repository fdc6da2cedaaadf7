/*
 * register.c - the one place that fills the CPU column of the kernel table.
 *
 * Each kernel family exposes a pc_cpu_register_<family>() function; adding a family adds one
 * line here. The static assertions check dtype_params.h against dtypes.def.
 */
#include "dtype_params.h"
#include "paddle_c/kernels/table.h"
#include "register.h"

#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    _Static_assert(sizeof(PCK_T_##ID) == (size), "dtype_params.h disagrees with dtypes.def");
#include "paddle_c/dtypes.def"
#undef PC_DTYPE

void pc_cpu_register_kernels(void)
{
    pc_cpu_register_casts();
    pc_cpu_register_copy();
    pc_cpu_register_range();
    pc_cpu_register_arithmetic();
    pc_cpu_register_compare();
    pc_cpu_register_bitwise();
    pc_cpu_register_transcendental();
    pc_cpu_register_complex();
    pc_cpu_register_matmul();
    pc_cpu_register_vecops();
    pc_cpu_register_lapack();
    pc_cpu_register_index();
    pc_cpu_register_fft();
    pc_cpu_register_reduce();
    pc_cpu_register_argreduce();
    pc_cpu_register_scan();
    pc_cpu_register_diff();
    pc_cpu_register_sort();
    pc_cpu_register_median();
}
