/*
 * dispatch.h - the elementwise driver and the whole-kernel call (internal to the op layer).
 * The kernel table itself is the kernels' contract: paddle_c/kernels/table.h.
 */
#ifndef PADDLE_C_DISPATCH_H
#define PADDLE_C_DISPATCH_H

#include "paddle_c/kernels/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Run the elementwise `op` in `compute` dtype over operands ops[0..nin) (inputs) and
 * ops[nin..nop) (outputs), all on one device, each broadcastable to (`ndim`, `shape`). Outputs
 * must have exactly that shape. Operands of another dtype than `compute` (or `out_dtype` for
 * outputs) are converted in chunks; `out_dtype` is the dtype the kernel writes. */
pc_status pc_dispatch_elementwise(pc_op op, pc_dtype compute, pc_dtype out_dtype, int nin,
                                  int nop, const pc_tensor *const *ops, int ndim,
                                  const int64_t *shape, const void *params);

/* The same with the dtype the loop expects for each operand given separately: `dtypes[k]` for
 * k < nop (inputs are converted to it, outputs converted from it), and `key` the kernel table's
 * dtype axis. For kernels whose operands do not share one dtype (where: a bool condition and two
 * values of the key dtype). */
pc_status pc_dispatch_elementwise_typed(pc_op op, pc_dtype key, int nin, int nop,
                                        const pc_dtype *dtypes, const pc_tensor *const *ops,
                                        int ndim, const int64_t *shape, const void *params);

/* Convert `src` into `dst` (another dtype; the same device) through the cast table; `src`
 * broadcasts to dst's shape and must not overlap dst (pc_copy_into, ops.h, is the general
 * copy: any dtypes, overlaps, read-only checks). */
pc_status pc_dispatch_cast(pc_tensor *dst, const pc_tensor *src);

/* Run a whole-tensor kernel, looked up for `dtype` on the device of its tensors: every tensor
 * of args (in, out and uses) must be on one device, else PC_ERR_VALUE naming both devices. */
pc_status pc_dispatch_whole(pc_op op, pc_dtype dtype, const pc_kernel_args *args);

/* The same for a kernel with a data-dependent outcome (a count, a bad index, a singular
 * matrix). `word` points at the result-word field of the kernel's parameters (args->params):
 * on a device with result words the dispatcher takes a word for this launch and stores its
 * DEVICE address there, launches, reads the word once (the one synchronisation) into *result
 * and gives it back; elsewhere (the CPU) the field stays NULL, *result is zeroed (code PC_OK)
 * and the kernel's own status is the outcome. *word is NULL again on return. The caller raises
 * what the CPU raises for result->code. */
pc_status pc_dispatch_whole_result(pc_op op, pc_dtype dtype, const pc_kernel_args *args,
                                   pc_result_word **word, pc_result_word *result);

/* The kernel of a host loop the op layer drives itself (masks, blocks of indexing, transposed
 * copies): every operand of ops[0..n) on one device (else PC_ERR_VALUE naming both), then the
 * slot for that device (PC_ERR_NOTIMPL when empty). */
pc_status pc_dispatch_kernel(pc_op op, pc_dtype dtype, int n, const pc_tensor *const *ops,
                             const pc_kernel **out);

#ifdef __cplusplus
}
#endif
#endif
