/*
 * table.h - the kernel table: the contract between the op layer (csrc/dispatch/) and every
 * backend's kernels (csrc/kernels/<backend>/, csrc/backends/).
 *
 * The kernel table is a dense array [op][backend][dtype] of pc_kernel. An empty slot means "not
 * supported" and becomes NotImplementedError naming op, device and dtype: there is no silent
 * CPU fallback. Which ops a backend supports is read from this table, never kept elsewhere.
 * Casts have their own dense table [backend][from][to].
 *
 * The dtype axis is the kernel's compute dtype: the dtype its inputs are converted to (by the
 * buffered iterator) before the loop runs.
 *
 * Memory: every tensor handed to a kernel lives on the kernel's device (the dispatcher checks
 * it: pc_kernel_args); `params` structs are host memory, passed by value to the launch (see
 * each *_kernels.h for what else is host memory).
 */
#ifndef PADDLE_C_KERNELS_TABLE_H
#define PADDLE_C_KERNELS_TABLE_H

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
#include "paddle_c/kernels/ops.def"
#undef PC_OP
    PC_NUM_OPS
} pc_op;

typedef enum pc_opkind {
    PC_OPKIND_ELEMENTWISE = 0,
    PC_OPKIND_WHOLE
} pc_opkind;

const char *pc_op_name(pc_op op);
pc_opkind pc_op_kind(pc_op op);

/* What an op is to a device (kernels/primitives.def): a primitive it must provide, a
 * composite that a decomposition into primitives can fill, a host loop of the CPU's own
 * paths that no device is asked for, or an optional fast path the op layer uses only where a
 * device has it. */
typedef enum pc_op_role {
    PC_ROLE_COMPOSITE = 0,
    PC_ROLE_PRIMITIVE,
    PC_ROLE_HOST_LOOP,
    PC_ROLE_OPTIONAL
} pc_op_role;

pc_op_role pc_op_role_of(pc_op op);
/* Why the op is a primitive, a host loop or optional (primitives.def), or NULL for a composite
 * and for the functions of elementwise.def (the element layer). */
const char *pc_op_role_reason(pc_op op);

/* Arguments of whole-tensor kernels. Every tensor the kernel touches is named here - its
 * operands, its outputs, and in `uses` the tensors that pointers in `params` point into - so
 * that the dispatcher can check they are all on the kernel's device. */
typedef struct pc_kernel_args {
    int nin;
    int nout;
    const pc_tensor *const *in;
    pc_tensor *const *out;
    const void *params;
    const struct pc_kernel *kernel; /* the slot being run (set by pc_dispatch_whole) */
    int nuses;
    const pc_tensor *const *uses;   /* not operands: only checked for their device */
} pc_kernel_args;

typedef pc_status (*pc_whole_fn)(const pc_kernel_args *args);

/* A device backend runs a whole prepared iteration itself (one launch) instead of host loops. */
typedef pc_status (*pc_iter_fn)(const pc_iter *it, const pc_loop_ctx *ctx);

/* An elementwise call as the dispatcher received it, before any iteration is prepared: what
 * a composite slot (a decomposition into other ops) runs from. `dtypes[k]` is the dtype
 * operand k is computed in (inputs are converted to it, outputs from it), `key` the table's
 * dtype axis. */
typedef struct pc_ew_call {
    pc_op op;
    pc_dtype key;
    int nin;
    int nop;
    const pc_dtype *dtypes;
    const pc_tensor *const *ops;
    int ndim;
    const int64_t *shape;
    const void *params;
    const struct pc_kernel *kernel; /* the slot being run */
} pc_ew_call;

typedef pc_status (*pc_composite_fn)(const pc_ew_call *call);

/* Where a filled slot's work comes from (pc_kernel.source; _C._coverage() reports it). */
typedef enum pc_slot_source {
    PC_SLOT_NATIVE = 0,     /* the backend's own kernel */
    PC_SLOT_DECOMPOSED,     /* a decomposition into other ops of the same device
                               (dispatch/decompose.c), written into the empty slot at init */
    PC_SLOT_HOST            /* the explicit host fallback of linalg and fft
                               (dispatch/host_fallback.c; off unless PADDLE_C_HOST_FALLBACK) */
} pc_slot_source;

typedef struct pc_kernel {
    /* [Why no contiguous twin] A host loop takes its contiguous path itself, per 1-D run
     * (ew_unary_loop.h, ew_binary_loop.h: a stride test, then a loop the compiler vectorises),
     * so one slot serves every layout. */
    pc_loop_fn loop;        /* elementwise: any strides (host backends) */
    pc_iter_fn iter;        /* elementwise: device backends */
    pc_whole_fn whole;      /* PC_OPKIND_WHOLE */
    const void *impl;       /* backend-private data of this slot (hostdev: the CPU slot;
                               a decomposed slot: its row of the decomposition table) */
    bool converts;          /* iter: converts the operands marked in pc_iter.convert on load
                               and store (else the dispatcher converts into temporaries) */
    pc_composite_fn composite;  /* elementwise, instead of loop/iter: the call as received */
    unsigned char source;   /* pc_slot_source */
} pc_kernel;

/* The kernel columns of csrc/kernels/<name>/register.*: each backend's init
 * (backends/<name>.c, run by pc_backends_init in paddle_c_builtin_backends.def order) fills its
 * column after registering its vtable. */
void pc_cpu_register_kernels(void);

/* What the GPU kernels (csrc/kernels/cuda/, CUDA and HIP) take from their backend's runtime
 * beyond the vtable (whose `stream` slot gives a launch its stream): handed over once, when
 * backends/cuda.c fills their column, before any of them runs; the functions must live as long
 * as the process.
 * [Why hooks handed over, not called] The kernels sit below the backends (docs/architecture.md,
 * "Files depend one way"): they reach the runtime through these pointers, as the backend's
 * clients reach it through its vtable, never by calling into backends/. */
typedef struct pc_gpu_runtime {
    /* The memory pool of device `index` (a cudaMemPool_t) that the kernels' scratch memory comes
     * from (cudaMallocFromPoolAsync); NULL with an error set when the device cannot be used. */
    void *(*mem_pool)(int index);
    /* After launches on device `index`'s stream: the launch error, if any; with
     * PADDLE_C_LAUNCH_BLOCKING=1 (pc_launch_blocking) it first waits for the stream, so a
     * faulting kernel is named here. `what` names the kernel in the message. */
    pc_status (*launch_check)(int index, const char *what);
} pc_gpu_runtime;

/* `runtime` is copied. */
void pc_cuda_register_kernels(const pc_gpu_runtime *runtime);

/* Fill a slot (backends' register.c). */
void pc_kernel_register(pc_op op, pc_device_type backend, pc_dtype dtype, pc_kernel kernel);
/* The slot, or NULL with PC_ERR_NOTIMPL set naming op, device and dtype. */
const pc_kernel *pc_kernel_get(pc_op op, pc_device dev, pc_dtype dtype);
/* Whether a slot is filled (no error set), by the backend's kernel, a decomposition or the
 * host fallback. */
bool pc_kernel_has(pc_op op, pc_device_type backend, pc_dtype dtype);
/* Whether a slot holds the backend's own kernel (filled and PC_SLOT_NATIVE). */
bool pc_kernel_native(pc_op op, pc_device_type backend, pc_dtype dtype);
/* The source of a filled slot (PC_SLOT_*), or -1 when it is empty. */
int pc_kernel_source(pc_op op, pc_device_type backend, pc_dtype dtype);
/* What pc_kernel_get's error adds when a device (non-CPU) slot of `op` is empty: `hint`, a
 * static string, or NULL. Set at init by whoever could fill the slot (the host fallback names
 * its setting). */
void pc_kernel_set_empty_hint(pc_op op, const char *hint);
/* How often pc_kernel_get found the slot for a device other than the CPU (since the last
 * reset): the coverage gate of tests/test_backend_consistency.py. */
uint32_t pc_kernel_hits(pc_op op, pc_device_type backend, pc_dtype dtype);
void pc_kernel_hits_reset(void);

/* Casts: a 2-operand elementwise kernel per (backend, from, to); host backends fill `loop`,
 * device backends `iter`. */
void pc_cast_register(pc_device_type backend, pc_dtype from, pc_dtype to, pc_kernel kernel);
/* The cast kernel, or NULL with PC_ERR_NOTIMPL set. */
const pc_kernel *pc_cast_get(pc_device dev, pc_dtype from, pc_dtype to);
/* Whether the cast is filled (no error set); a dtype to itself always is (a copy). */
bool pc_cast_has(pc_device_type backend, pc_dtype from, pc_dtype to);

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

#ifdef __cplusplus
}
#endif
#endif
