/*
 * reduce_kernels.h - the contract between the reduction engine (dispatch/reduce.c, scan.c,
 * sort.c, ...) and the kernels of these families on every backend.
 *
 * Reductions (SUM ... LOGSUMEXP) are whole-tensor kernels keyed by the input's dtype:
 *   in[0]   x, any layout;
 *   out[0]  the result in pc_reduction_result_dtype(r, x->dtype), with x's number of dimensions
 *           and extent 1 on every reduced axis ("keepdims" shape), any layout, size > 0;
 *   params  const pc_reduce_params *.
 * An axis is reduced exactly when out's extent is 1 and x's is not; the number of elements
 * reduced into one output is x->size / out->size (0 when x is empty). The engine has already
 * rejected empty max/min; kernels give the identity for the others.
 *
 * Arg-reductions (ARGMAX ... NANARGMIN): in[0] x (real or bool), out[0] int64 in the keepdims
 * shape of the single reduced axis `pc_argreduce_params.axis` (x->shape[axis] > 0).
 */
#ifndef PADDLE_C_DISPATCH_REDUCE_KERNELS_H
#define PADDLE_C_DISPATCH_REDUCE_KERNELS_H

#include <stdint.h>

typedef struct pc_reduce_params {
    double correction;  /* var/std/nanvar/nanstd: divisor is count - correction */
} pc_reduce_params;

typedef struct pc_argreduce_params {
    int axis;           /* the reduced axis of in[0] */
} pc_argreduce_params;

#endif
