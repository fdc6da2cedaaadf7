/*
 * decompose.h - composite ops run as primitive ones on backends that lack the composite's
 * kernel but have every primitive (dispatch/decompose.c holds the table and its formulas).
 */
#ifndef PADDLE_C_DECOMPOSE_H
#define PADDLE_C_DECOMPOSE_H

#include "paddle_c/kernels/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_decompose_how {
    PC_RUNS_NOT = 0,        /* NotImplementedError naming op, device and dtype */
    PC_RUNS_NATIVE,         /* the backend's own kernel */
    PC_RUNS_DECOMPOSED      /* the decomposition into the backend's primitives */
} pc_decompose_how;

/* How (op, backend, dtype) runs. */
pc_decompose_how pc_decompose_how_runs(pc_op op, pc_device_type backend, pc_dtype dtype);

/* The decomposition's formula of `op`, or NULL when it has none. */
const char *pc_decompose_formula(pc_op op);

/* How many decompositions have run since the start. */
int64_t pc_decompose_runs(void);

/* Run the decomposition of an op whose slot is empty on the operands' device (the dispatcher's
 * arguments unchanged). PC_ERR_NOTIMPL, leaving the empty slot's message, when the op has no
 * decomposition there. */
pc_status pc_decompose_whole(pc_op op, pc_dtype dtype, const pc_kernel_args *args);
pc_status pc_decompose_elementwise(pc_op op, pc_dtype key, int nin, int nop,
                                   const pc_tensor *const *ops);

#ifdef __cplusplus
}
#endif
#endif
