/*
 * complex.c - the CPU kernels of complex exponential, logarithmic, trigonometric and
 * hyperbolic functions: complex_impl.h instantiated for complex64 and complex128.
 */
#include "ew_common.h"

#define PCK_BODY "complex_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_complex(void)
{
    static const ew_reg *const tables[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) complex_kernels_##ID,
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    };
    ew_register_tables(tables);
}
