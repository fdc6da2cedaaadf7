/*
 * reduce_driver.h - the CPU reduction driver shared by the reduction kernels (reduce.c) and
 * their per-dtype bodies (reduce_impl.h).
 *
 * A reduction is described by its accumulator fields and five functions; the driver lays out
 * one accumulator per output element, runs init, pass1, (mid, pass2), finish. The loops follow
 * the 1-D strided loop contract (iter.h) with data[0] = x and data[1] = the accumulators (pass1,
 * pass2) or data[0] = the accumulators and data[1] = the result (finish); ctx->params points to
 * a pc_rd_ctx.
 *
 * [Why accumulator planes] The accumulators are stored as a structure of arrays: field f of
 * every accumulator lies in plane f, `plane` bytes after plane f - 1, so that a loop over
 * consecutive accumulators (the columnar case) reads and writes each field contiguously and
 * vectorises. A loop addresses accumulator j's field 0 as data[1] + j * strides[1] and field f
 * `f * plane` bytes further.
 */
#ifndef PADDLE_C_KERNELS_CPU_REDUCE_DRIVER_H
#define PADDLE_C_KERNELS_CPU_REDUCE_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "paddle_c/kernels/table.h"

typedef struct pc_rd_ctx {
    int64_t count;          /* elements reduced into each output (0 for an empty x) */
    double correction;      /* var/std degrees of freedom adjustment */
    int64_t plane;          /* bytes from one field's plane to the next */
    int reduction;          /* the pc_reduction run (pc_reduce_params.reduction) */
} pc_rd_ctx;

/* A pass over `nrows` rows of n columns: data[0] the first row of x, data[1] the accumulators
 * of the n columns; strides[0] / strides[1] their column strides; row_stride steps x. */
typedef int (*pc_rd_rows_fn)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                             const int64_t *strides, int64_t nrows, int64_t row_stride);

typedef struct pc_rd_fns {
    size_t field_size;                                      /* bytes per field element */
    int nfields;
    /* n accumulators, contiguous in every plane */
    void (*init)(char *acc, int64_t n, const pc_rd_ctx *c);
    pc_loop_fn pass1;
    void (*mid)(char *acc, int64_t n, const pc_rd_ctx *c);  /* between the passes, or NULL */
    pc_loop_fn pass2;                                       /* NULL: one pass */
    pc_loop_fn finish;
    pc_rd_rows_fn rows1;                                    /* pass1 on row groups, or NULL */
    pc_rd_rows_fn rows2;                                    /* pass2 on row groups, or NULL */
    /* fold the n accumulators of `src` into `dst` after pass `pass` (1 or 2) ran on separate
     * parts of the reduced elements; NULL: the reduction is never split that way */
    void (*merge)(char *dst, const char *src, int64_t n, const pc_rd_ctx *c, int pass);
} pc_rd_fns;

/* Run the reduction `f` on a kernel call of the reduce_kernels.h contract. */
pc_status pc_cpu_reduce_run(const pc_kernel_args *args, const pc_rd_fns *f);

#endif
