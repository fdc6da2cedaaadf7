/*
 * dispatch.h - the kernel table and the elementwise driver (internal to the C core).
 *
 * The kernel table is a dense array [op][backend][dtype] of pc_kernel. An empty slot means "not
 * supported" and becomes NotImplementedError naming op, device and dtype: there is no silent
 * CPU fallback. Which ops a backend supports is read from this table, never kept elsewhere.
 * Casts have their own dense table [backend][from][to] of 1-D loops.
 *
 * The dtype axis is the kernel's compute dtype: the dtype its inputs are converted to (by the
 * buffered iterator) before the loop runs.
 */
#ifndef PADDLE_C_DISPATCH_H
#define PADDLE_C_DISPATCH_H

#include "paddle_c/backend.h"
#include "paddle_c/dtype.h"
#include "paddle_c/iter.h"
#include "paddle_c/status.h"
#include "paddle_c/tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_op {
#define PC_OP(ID, name, kind) PC_OP_##ID,
#include "ops.def"
#undef PC_OP
    PC_NUM_OPS
} pc_op;

typedef enum pc_opkind {
    PC_OPKIND_ELEMENTWISE = 0,
    PC_OPKIND_WHOLE
} pc_opkind;

const char *pc_op_name(pc_op op);
pc_opkind pc_op_kind(pc_op op);

/* Arguments of whole-tensor kernels. */
typedef struct pc_kernel_args {
    int nin;
    int nout;
    const pc_tensor *const *in;
    pc_tensor *const *out;
    const void *params;
} pc_kernel_args;

typedef pc_status (*pc_whole_fn)(const pc_kernel_args *args);

/* A device backend runs a whole prepared iteration itself (one launch) instead of host loops. */
typedef pc_status (*pc_iter_fn)(const pc_iter *it, const pc_loop_ctx *ctx);

typedef struct pc_kernel {
    pc_loop_fn loop;        /* elementwise: any strides (host backends) */
    pc_loop_fn contiguous;  /* elementwise: optional twin for all-contiguous operands */
    pc_iter_fn iter;        /* elementwise: device backends */
    pc_whole_fn whole;      /* PC_OPKIND_WHOLE */
} pc_kernel;

/* Fill a slot (backends' register.c). */
void pc_kernel_register(pc_op op, pc_device_type backend, pc_dtype dtype, pc_kernel kernel);
/* The slot, or NULL with PC_ERR_NOTIMPL set naming op, device and dtype. */
const pc_kernel *pc_kernel_get(pc_op op, pc_device dev, pc_dtype dtype);
/* Whether a slot is filled (no error set). */
bool pc_kernel_has(pc_op op, pc_device_type backend, pc_dtype dtype);
/* How often pc_kernel_get found the slot for a device other than the CPU (since the last
 * reset): the coverage gate of tests/test_backend_consistency.py. */
uint32_t pc_kernel_hits(pc_op op, pc_device_type backend, pc_dtype dtype);
void pc_kernel_hits_reset(void);

/* Casts: a 2-operand elementwise kernel per (backend, from, to); host backends fill `loop`,
 * device backends `iter`. */
void pc_cast_register(pc_device_type backend, pc_dtype from, pc_dtype to, pc_kernel kernel);
/* The cast kernel, or NULL with PC_ERR_NOTIMPL set. */
const pc_kernel *pc_cast_get(pc_device dev, pc_dtype from, pc_dtype to);

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

/* Run a whole-tensor kernel, looked up for `dtype` on the device of out[0] (or in[0]). */
pc_status pc_dispatch_whole(pc_op op, pc_dtype dtype, const pc_kernel_args *args);

/* The device all operands share; PC_ERR_VALUE naming both when two differ. */
pc_status pc_common_device(int n, const pc_tensor *const *ops, pc_device *out);

/* Parameters of ARANGE / LINSPACE: element i is start + i * step (linspace: computed as
 * start + i * (stop - start) / div, and the last one set to stop when `endpoint`). Real and
 * imaginary parts are separate so complex ranges work; integer dtypes use the i64 fields. */
typedef struct pc_range_params {
    double start[2];
    double step[2];
    double stop[2];
    int64_t istart;
    int64_t istep;
    int64_t div;
    bool endpoint;
} pc_range_params;

/* Parameters of TRI: keep element (i, j) of the last two axes when j - i <= k (lower) or
 * j - i >= k (upper), zero it otherwise. The kernel works in place on out[0]. */
typedef struct pc_tri_params {
    int64_t k;
    bool upper;
} pc_tri_params;

/* Called once from pc_init(). */
void pc_dispatch_init(void);
void pc_cpu_register_kernels(void);

#ifdef __cplusplus
}
#endif
#endif
