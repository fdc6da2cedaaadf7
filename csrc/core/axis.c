/*
 * axis.c - normalising axis arguments (axis.h).
 */
#include <stddef.h>

#include "paddle_c/axis.h"

pc_status pc_axis_normalize(const char *fname, int64_t axis, int ndim, int *out)
{
    if (axis < -(int64_t)ndim || axis >= ndim) {
        return pc_error_set(PC_ERR_AXIS, "%s%saxis %lld is out of bounds for a tensor of %d "
                            "dimension%s", fname != NULL ? fname : "", fname != NULL ? ": " : "",
                            (long long)axis, ndim, ndim == 1 ? "" : "s");
    }
    *out = (int)(axis < 0 ? axis + ndim : axis);
    return PC_OK;
}

pc_status pc_axis_mark(const char *fname, int64_t axis, int ndim, bool *mask, int *out)
{
    int a;
    const pc_status st = pc_axis_normalize(fname, axis, ndim, &a);
    if (st != PC_OK) {
        return st;
    }
    if (mask[a]) {
        return pc_error_set(PC_ERR_AXIS, "%s%saxis %lld is repeated", fname != NULL ? fname : "",
                            fname != NULL ? ": " : "", (long long)axis);
    }
    mask[a] = true;
    if (out != NULL) {
        *out = a;
    }
    return PC_OK;
}
