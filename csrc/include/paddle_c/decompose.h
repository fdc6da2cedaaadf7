/*
 * decompose.h - composite ops run as primitive ones on devices that lack the composite's
 * kernel (dispatch/decompose.c holds the table and its formulas; kernels/primitives.def the
 * primitive set). The decompositions are slots of the kernel table (pc_kernel.source
 * PC_SLOT_DECOMPOSED), written into the empty slots of every device column at init.
 */
#ifndef PADDLE_C_DECOMPOSE_H
#define PADDLE_C_DECOMPOSE_H

#include "paddle_c/kernels/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill the empty slots of every registered device backend that a decomposition serves, then
 * those the host fallback serves (host_fallback.h). Called once by pc_init (dispatch/init.c),
 * after every backend's own kernels. */
void pc_decompose_register(void);

/* The decomposition's formula of `op`, or NULL when it has none. */
const char *pc_decompose_formula(pc_op op);

/* How many decompositions have run since the start. */
int64_t pc_decompose_runs(void);

#ifdef __cplusplus
}
#endif
#endif
