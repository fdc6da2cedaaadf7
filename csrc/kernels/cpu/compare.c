/*
 * compare.c - the CPU kernels of classification (isnan, isinf, isfinite, signbit), comparisons,
 * logical functions, where and clip: compare_impl.h instantiated per dtype.
 */
#include "ew_common.h"

#define PCK_BODY "compare_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_compare(void)
{
    static const ew_reg *const tables[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) compare_kernels_##ID,
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    };
    ew_register_tables(tables);
}
