/* element_casts_row.h - every conversion from PCK_SRC, and the function running them. */
#define PCK_N_SRC_T PCK_CAT(PCK_T_, PCK_SRC)
#include "kernels/cpu/each_dtype.h"

static int PCK_CAT(row_, PCK_SRC)(const char *dir)
{
    char path[4096];
    size_t size = 0;
    snprintf(path, sizeof path, "%s/in_%s.bin", dir, EC_STR(PCK_SRC));
    PCK_N_SRC_T *in = (PCK_N_SRC_T *)read_all(path, &size);
    if (in == NULL) {
        return 1;
    }
    const size_t n = size / sizeof(PCK_N_SRC_T);
    int bad = 0;
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) \
    bad |= PCK_CAT4(run_, PCK_SRC, _to_, ID)(dir, in, n);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    free(in);
    return bad;
}
#undef PCK_N_SRC_T
