/*
 * reduction_ids.h - pc_reduction, the numbers of the reductions of pc_reduce(): one per row of
 * paddle_c/reductions.def, in its order. Self-contained (no includes, plain C): the element
 * layer (kernels/common/reduce_elem.h) names rows by these numbers on every target, the
 * OpenCL plug-in's programs included.
 */
#ifndef PADDLE_C_REDUCTION_IDS_H
#define PADDLE_C_REDUCTION_IDS_H

/* The nan* forms skip NaN elements (an element of a complex dtype is NaN when either part
 * is). */
typedef enum pc_reduction {
#define PC_RD(ID, ...) PC_REDUCE_##ID,
#include "reductions.def"
#undef PC_RD
    PC_NUM_REDUCTIONS
} pc_reduction;

#endif
