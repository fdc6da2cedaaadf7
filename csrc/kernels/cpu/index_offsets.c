/*
 * index_offsets.c - the CPU INDEX_OFFSETS loops (index_kernels.h): byte offsets from integer
 * indices of every integer dtype, each index validated against its axis, bad ones reported
 * through the caller's result word. The op layer (dispatch/index.c) runs them over the
 * broadcast index shape.
 */
#include <stdint.h>

#include "dtype_params.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/result_word.h"
#include "paddle_c/kernels/index_kernels.h"
#include "register.h"

/* one loop per integer dtype (index_offsets_impl.h) */
#define PCK_BODY "index_offsets_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_index_offsets(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_offsets_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
