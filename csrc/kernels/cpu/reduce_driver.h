/*
 * reduce_driver.h - the CPU reduction driver shared by the reduction kernels (reduce.c) and
 * their per-dtype bodies (reduce_impl.h).
 *
 * A reduction is described by its accumulator size and five functions; the driver lays out one
 * accumulator per output element, runs init, pass1, (mid, pass2), finish. The loops follow the
 * 1-D strided loop contract (iter.h) with data[0] = x and data[1] = the accumulators (pass1,
 * pass2) or data[0] = the accumulators and data[1] = the result (finish); ctx->params points to
 * a pc_rd_ctx.
 */
#ifndef PADDLE_C_KERNELS_CPU_REDUCE_DRIVER_H
#define PADDLE_C_KERNELS_CPU_REDUCE_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "dispatch/dispatch.h"

typedef struct pc_rd_ctx {
    int64_t count;          /* elements reduced into each output (0 for an empty x) */
    double correction;      /* var/std degrees of freedom adjustment */
} pc_rd_ctx;

typedef struct pc_rd_fns {
    size_t acc_size;                                        /* bytes per accumulator */
    void (*init)(char *acc, int64_t n);                     /* n contiguous accumulators */
    pc_loop_fn pass1;
    void (*mid)(char *acc, int64_t n, const pc_rd_ctx *c);  /* between the passes, or NULL */
    pc_loop_fn pass2;                                       /* NULL: one pass */
    pc_loop_fn finish;
} pc_rd_fns;

/* Run the reduction `f` on a kernel call of the reduce_kernels.h contract. */
pc_status pc_cpu_reduce_run(const pc_kernel_args *args, const pc_rd_fns *f);

#endif
