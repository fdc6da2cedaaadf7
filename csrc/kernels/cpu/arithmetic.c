/*
 * arithmetic.c - the CPU kernels of arithmetic (add ... pow, maximum, minimum), rounding, sign
 * and the complex parts (abs, real, imag, conj): arithmetic_impl.h instantiated per dtype.
 */
#include <float.h>
#include "ew_common.h"

#define PCK_BODY "arithmetic_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_arithmetic(void)
{
    static const ew_reg *const tables[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) arithmetic_kernels_##ID,
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    };
    ew_register_tables(tables);
}
