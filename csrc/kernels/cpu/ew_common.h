/*
 * ew_common.h - what the CPU elementwise kernel families share: the element layer's helpers
 * (kernels/common/elem_math.h) and the registration record.
 *
 * Included once per translation unit (guarded); the templates ew_unary_loop.h and
 * ew_binary_loop.h are included once per (op, dtype) instead.
 */
#ifndef PADDLE_C_KERNELS_CPU_EW_COMMON_H
#define PADDLE_C_KERNELS_CPU_EW_COMMON_H

#include "paddle_c/kernels/table.h"
#include "dtype_params.h"
#include "kernels/common/elem_math.h"
#include "kernels/common/transcendental_ops.h"
#include "vmath.h"

/* One kernel of a family for the dtype it was instantiated for; tables end with loop NULL. */
typedef struct ew_reg {
    pc_op op;
    pc_loop_fn loop;
} ew_reg;

/* The unary transcendental functions (real floating and complex kernels), listed once. */
#define EW_TRANSCENDENTAL_UNARY PC_TRANSCENDENTAL_UNARY
/* One registration row for the dtype being instantiated. */
#define EW_REG_ROW(ID, name) {PC_OP_##ID, PCK_FN(name)},

/* Register each table's kernels under its dtype (tables[d] for dtype d). */
static inline void ew_register_tables(const ew_reg *const *tables)
{
    for (int d = 0; d < PC_NUM_DTYPES; d++) {
        for (const ew_reg *r = tables[d]; r->loop != NULL; r++) {
            pc_kernel_register(r->op, PC_DEVICE_CPU, (pc_dtype)d, (pc_kernel){.loop = r->loop});
        }
    }
}

#endif
