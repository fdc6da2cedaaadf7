/*
 * compare.c - the CPU kernels of classification (isnan, isinf, isfinite, signbit), comparisons,
 * logical functions and clip (compare_impl.h instantiated per dtype), and where (where_loop.h
 * instantiated per element size: it moves bits, whatever they mean).
 */
#include "ew_common.h"

#define PCK_BODY "compare_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

#define WH_BYTES 1
#define WH_T uint8_t
#define WH_PARTS 1
#include "where_loop.h"
#define WH_BYTES 2
#define WH_T uint16_t
#define WH_PARTS 1
#include "where_loop.h"
#define WH_BYTES 4
#define WH_T uint32_t
#define WH_PARTS 1
#include "where_loop.h"
#define WH_BYTES 8
#define WH_T uint64_t
#define WH_PARTS 1
#include "where_loop.h"
#define WH_BYTES 16
#define WH_T uint64_t
#define WH_PARTS 2
#include "where_loop.h"

static pc_loop_fn where_of_size(int bytes)
{
    switch (bytes) {
    case 1:
        return where_1;
    case 2:
        return where_2;
    case 4:
        return where_4;
    case 8:
        return where_8;
    default:
        return where_16;
    }
}

void pc_cpu_register_compare(void)
{
    static const ew_reg *const tables[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) compare_kernels_##ID,
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    };
    ew_register_tables(tables);
    for (int d = 0; d < PC_NUM_DTYPES; d++) {
        pc_kernel_register(PC_OP_WHERE, PC_DEVICE_CPU, (pc_dtype)d,
                           (pc_kernel){.loop = where_of_size(pc_dtype_itemsize((pc_dtype)d))});
    }
}
