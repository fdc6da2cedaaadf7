/*
 * bitwise.c - the CPU kernels of bitwise_invert, bitwise_and/or/xor and the shifts:
 * bitwise_impl.h instantiated per dtype.
 */
#include "ew_common.h"

#define PCK_BODY "bitwise_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_bitwise(void)
{
    static const ew_reg *const tables[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) bitwise_kernels_##ID,
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    };
    ew_register_tables(tables);
}
