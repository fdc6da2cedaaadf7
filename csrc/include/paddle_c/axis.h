/*
 * axis.h - the one rule for axis arguments: an axis counts from the front when >= 0 and from
 * the end when negative, so it must lie in [-ndim, ndim); where several axes must be distinct,
 * a repeated one is an error too. Both errors are PC_ERR_AXIS (paddle_c.AxisError in Python, a
 * subclass of both ValueError and IndexError, like NumPy's). Every function that takes an axis
 * normalises it here.
 */
#ifndef PADDLE_C_AXIS_H
#define PADDLE_C_AXIS_H

#include <stdbool.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* `axis` into [0, ndim) in *out. PC_ERR_AXIS naming it (and `fname`, when not NULL) when it
 * is out of range. */
pc_status pc_axis_normalize(const char *fname, int64_t axis, int ndim, int *out);

/* The same for one of several distinct axes: also sets mask[*out] (`mask` has ndim entries,
 * cleared by the caller), and PC_ERR_AXIS when it was set already (a repeated axis). `out`
 * may be NULL. */
pc_status pc_axis_mark(const char *fname, int64_t axis, int ndim, bool *mask, int *out);

#ifdef __cplusplus
}
#endif
#endif
