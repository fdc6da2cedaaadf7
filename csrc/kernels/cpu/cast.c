/*
 * cast.c - the CPU cast loops for all 15 x 15 dtype pairs.
 *
 * Each loop is cast_impl.h instantiated for one (source, destination) pair; the conversion rules
 * are written there once. This file only lists the sources (the destinations come from
 * each_dtype.h, the sources from common/each_src.h) and registers the table; a dtype missing
 * there fails to compile.
 */
#include "dtype_params.h"
#include "paddle_c/kernels/table.h"

/* one cast_row.h per source dtype, in dtypes.def order */
#define PCK_ROW "kernels/cpu/cast_row.h"
#include "kernels/common/each_src.h"
#undef PCK_ROW

static const pc_loop_fn *const cast_rows[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) casts_from_##ID,
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
};

void pc_cpu_register_casts(void)
{
    for (int from = 0; from < PC_NUM_DTYPES; from++) {
        for (int to = 0; to < PC_NUM_DTYPES; to++) {
            pc_cast_register(PC_DEVICE_CPU, (pc_dtype)from, (pc_dtype)to,
                             (pc_kernel){.loop = cast_rows[from][to]});
        }
    }
}
