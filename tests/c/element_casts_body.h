/* element_casts_body.h - the conversion PCK_SRC -> PCK_N over a buffer, written to a file. */
#include "kernels/common/cast_elem.h"

static int PCK_CAT4(run_, PCK_SRC, _to_, PCK_N)(const char *dir, const PCK_N_SRC_T *in, size_t n)
{
    char path[4096];
    PCK_T *out = (PCK_T *)malloc((n + 1) * sizeof(PCK_T));
    if (out == NULL) {
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        out[i] = PCK_CAT4(pc_cast_, PCK_SRC, _to_, PCK_N)(in[i]);
    }
    snprintf(path, sizeof path, "%s/out_%s_%s.bin", dir, EC_STR(PCK_SRC),
             EC_STR(PCK_N));
    const int rc = write_all(path, out, n * sizeof(PCK_T));
    free(out);
    return rc != 0;
}
