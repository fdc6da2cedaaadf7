/*
 * cast.c - the CPU cast loops for all 15 x 15 dtype pairs.
 *
 * Each loop is cast_impl.h instantiated for one (source, destination) pair; the conversion rules
 * are written there once. This file only lists the sources (the destinations come from
 * each_dtype.h) and registers the table; a dtype missing here fails to compile.
 */
#include "dtype_params.h"
#include "paddle_c/kernels/table.h"

#define PCK_SRC BOOL
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC INT8
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC INT16
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC INT32
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC INT64
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC UINT8
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC UINT16
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC UINT32
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC UINT64
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC FLOAT16
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC BFLOAT16
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC FLOAT32
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC FLOAT64
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC COMPLEX64
#include "cast_row.h"
#undef PCK_SRC
#define PCK_SRC COMPLEX128
#include "cast_row.h"
#undef PCK_SRC

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
