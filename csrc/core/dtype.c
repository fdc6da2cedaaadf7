/*
 * dtype.c - the per-dtype property table, expanded from dtypes.def.
 *
 * Promotion lives in promote.c; conversions of values in scalar.c and the cast kernels.
 */
#include <string.h>

#include "paddle_c/dtype.h"

static const pc_dtype_info pc_dtype_infos[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) {#name, kind, size, dl, fmt},
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
};

const pc_dtype_info *pc_dtype_get_info(pc_dtype dt) { return &pc_dtype_infos[dt]; }

pc_kind pc_dtype_kind(pc_dtype dt) { return pc_dtype_infos[dt].kind; }

int pc_dtype_itemsize(pc_dtype dt) { return pc_dtype_infos[dt].itemsize; }

const char *pc_dtype_name(pc_dtype dt)
{
    return pc_dtype_is_valid((int)dt) ? pc_dtype_infos[dt].name : "<invalid dtype>";
}

pc_dtype pc_dtype_from_name(const char *name)
{
    for (int i = 0; i < PC_NUM_DTYPES; i++) {
        if (strcmp(pc_dtype_infos[i].name, name) == 0) {
            return (pc_dtype)i;
        }
    }
    return PC_DTYPE_INVALID;
}

pc_dtype pc_dtype_real_of(pc_dtype dt)
{
    switch (dt) {
    case PC_COMPLEX64:
        return PC_FLOAT32;
    case PC_COMPLEX128:
        return PC_FLOAT64;
    default:
        return dt;
    }
}

pc_dtype pc_dtype_complex_of(pc_dtype dt)
{
    switch (dt) {
    case PC_FLOAT16:
    case PC_BFLOAT16:
    case PC_FLOAT32:
    case PC_COMPLEX64:
        return PC_COMPLEX64;
    case PC_FLOAT64:
    case PC_COMPLEX128:
        return PC_COMPLEX128;
    default:
        return PC_DTYPE_INVALID;
    }
}
