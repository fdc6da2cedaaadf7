/*
 * register.c - the one place that fills the CPU column of the kernel table.
 *
 * Each kernel family exposes a pc_cpu_register_<family>() function; adding a family adds one
 * line here (or to isa_register.c, for a family compiled per ISA variant: CMakeLists.txt's
 * PC_ISA_FAMILIES). The static assertions check dtype_params.h against dtypes.def.
 */
#include "dtype_params.h"
#include "paddle_c/cpu_isa.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/parallel.h"
#include "register.h"

#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    _Static_assert(sizeof(PCK_T_##ID) == (size), "dtype_params.h disagrees with dtypes.def");
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
_Static_assert(PCK_KB == PC_KIND_BOOL && PCK_KI == PC_KIND_INT && PCK_KU == PC_KIND_UINT &&
                   PCK_KF == PC_KIND_FLOAT && PCK_KC == PC_KIND_COMPLEX,
               "dtype_params.h's kind numbers (ew_kinds.h's bits) are enum pc_kind's");

void pc_cpu_register_kernels(void)
{
    switch (pc_cpu_isa_active()) {
#if PC_ISA_DISPATCH
    case PC_ISA_AVX512:
        pc_cpu_register_dispatched_avx512();
        break;
    case PC_ISA_AVX2:
        pc_cpu_register_dispatched_avx2();
        break;
#endif
    default:
        pc_cpu_register_dispatched();
        break;
    }
    pc_parallel_set_thread_hook(pc_blas_set_num_threads); /* OpenBLAS follows the pool */
    pc_cpu_register_copy();
    pc_cpu_register_range();
    pc_cpu_register_bitwise();
    pc_cpu_register_complex();
    pc_cpu_register_matmul();
    pc_cpu_register_vecops();
    pc_cpu_register_lapack();
    pc_cpu_register_index();
    pc_cpu_register_index_offsets();
    pc_cpu_register_mask_positions();
    pc_cpu_register_scan();
    pc_cpu_register_diff();
    pc_cpu_register_median();
}
