/*
 * cast_row.h - all cast loops from dtype PCK_SRC, and the table row that names them.
 * Included by cast.c once per source dtype. No include guard.
 */
#define PCK_BODY "cast_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

static const pc_loop_fn PCK_CAT(casts_from_, PCK_SRC)[PC_NUM_DTYPES] = {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) PCK_CAT4(cast_, PCK_SRC, _to_, ID),
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
};
