/*
 * copy_kernels.h - parameters of COPY_PLANE, the blocked 2-D copy behind transposing copies
 * (dispatch/copy.c drives it; the backends implement it).
 */
#ifndef PADDLE_C_COPY_KERNELS_H
#define PADDLE_C_COPY_KERNELS_H

/* Memory on a device: `dst` and `src` of the plane parameters point into tensors on the
 * kernel's device; the struct itself is host memory passed by value. Copies have no
 * data-dependent result. */
#include <stdint.h>

/* dst[i * ds0 + j * ds1] = src[i * ss0 + j * ss1] for i < n0, j < n1 (byte strides). Axis 0 is
 * the destination's inner axis, axis 1 the source's: the kernel works in tiles so that both
 * sides are touched a cache line at a time. */
typedef struct pc_plane_params {
    char *dst;
    const char *src;
    int64_t n0;
    int64_t n1;
    int64_t ds0;
    int64_t ds1;
    int64_t ss0;
    int64_t ss1;
} pc_plane_params;

#endif
