/*
 * element_casts.c - the element layer's 225 conversions (csrc/kernels/common/cast_elem.h),
 * compiled alone, outside the library: reads in_<SRC>.bin from the folder argv[1] and writes
 * out_<SRC>_<DST>.bin for every destination dtype. tests/test_element_layer.py compares them
 * with NumPy.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kernels/common/dtype_params.h"

static void *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    void *buf = malloc(*size + 1);
    if (buf != NULL && fread(buf, 1, *size, f) != *size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

static int write_all(const char *path, const void *buf, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return -1;
    }
    const size_t w = fwrite(buf, 1, size, f);
    return fclose(f) == 0 && w == size ? 0 : -1;
}

/* file names use the dtype ID tokens: in_FLOAT32.bin, out_INT64_FLOAT32.bin */
#define EC_STR_(x) #x
#define EC_STR(x) EC_STR_(x)
#define PCK_BODY "element_casts_body.h"
#define PCK_ROW "element_casts_row.h"
#include "kernels/common/each_src.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: element_casts DIR\n");
        return 2;
    }
    int bad = 0;
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) bad |= row_##ID(argv[1]);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    return bad;
}
