/*
 * iter.h - N-d strided iteration over several operands of one broadcast shape.
 *
 * Learned from NumPy's PyArray_PrepareOneRawArrayIter and nditer: operands are broadcast by
 * zero strides, dimensions of extent 1 are dropped, axes are put in memory order (smallest
 * strides innermost, axes that every operand walks backwards are flipped), and adjacent axes
 * that are contiguous for every operand are coalesced. What remains is driven as a sequence of
 * 1-D inner loops: the kernel contract of paddle_c/kernels/table.h. Offsets are stepped, never computed by
 * dividing a flat index.
 *
 * A pc_iter is a plain value on the stack: no allocation, no cleanup.
 */
#ifndef PADDLE_C_ITER_H
#define PADDLE_C_ITER_H

#include <stdbool.h>
#include <stdint.h>

#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PC_ITER_MAX_OPERANDS 8

/* The 1-D strided loop contract (NumPy's, made plain C): `data[k]` points at operand k's first
 * element, `strides[k]` is its byte step, `n` the element count. Returns PC_OK or an error
 * status (having called pc_error_set). Loops never touch Python. */
struct pc_kernel;

typedef struct pc_loop_ctx {
    const void *params;     /* op-specific constants (clip bounds, fill value...), or NULL */
    /* the kernel-table slot being run, set by the dispatcher for device (`iter`) kernels so a
     * backend can find its per-slot data (pc_kernel.impl); NULL for host loops */
    const struct pc_kernel *kernel;
} pc_loop_ctx;

typedef int (*pc_loop_fn)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                          const int64_t *strides);

typedef struct pc_iter {
    pc_device device;                       /* where the operands live (the first with a storage) */
    int nop;                                /* operands */
    int ndim;                               /* after dropping, sorting and coalescing */
    int64_t size;                           /* total elements */
    char *data[PC_ITER_MAX_OPERANDS];       /* operand base pointers */
    int64_t shape[PC_MAX_NDIM];             /* axis 0 is the innermost */
    int64_t strides[PC_MAX_NDIM][PC_ITER_MAX_OPERANDS];
    unsigned by_value;                      /* bit k: operand k is a host value (stride 0 on
                                               every axis) a device launch passes by value */
    /* Converting loads and stores (device kernels whose slot has pc_kernel.converts; set by
     * the dispatcher, 0 from pc_iter_init): bit k of `convert` says operand k is stored as
     * dtype[k] while the kernel computes it as compute[k]; the launch converts inputs
     * (k < nin) on load and outputs on store, element by element, through the element
     * layer's one scalar conversion (kernels/common/cast_elem.h). dtype, compute and nin are
     * set for every operand whenever `convert` is non-zero. */
    unsigned convert;
    int nin;
    unsigned char dtype[PC_ITER_MAX_OPERANDS];   /* pc_dtype as stored */
    unsigned char compute[PC_ITER_MAX_OPERANDS]; /* pc_dtype the kernel computes in */
} pc_iter;

/* Prepare iteration of `nop` operands over the broadcast shape (`ndim`, `shape`). Each operand
 * is right-aligned against the shape; extents of 1 broadcast. `ops[k]` may have fewer
 * dimensions than `ndim`. When `keep_order` is true, axes are neither reordered nor flipped
 * (for consumers that need C order, e.g. writing a list). */
pc_status pc_iter_init(pc_iter *it, int nop, const pc_tensor *const *ops, int ndim,
                       const int64_t *shape, bool keep_order);

/* True when the iteration is a single 1-D loop (ndim <= 1). */
static inline bool pc_iter_is_1d(const pc_iter *it) { return it->ndim <= 1; }

/* Run `loop` over the whole iteration. */
pc_status pc_iter_run(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx);

/* Run `loop` on elements [start, stop) of the iteration (in its order): the unit of work for
 * splitting a large iteration across threads. */
pc_status pc_iter_run_range(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                            int64_t start, int64_t stop);

/* Buffered casting: operands whose `cast[k]` is non-NULL are converted in chunks through a
 * small stack buffer, so `loop` sees every operand in its compute dtype without a temporary
 * copy of the whole tensor. For k < nin the cast reads the operand into the buffer (operand
 * dtype -> compute dtype); for k >= nin it writes the buffer out (compute -> operand dtype).
 * `itemsize[k]` is the compute dtype's item size of operand k. */
typedef struct pc_iter_casts {
    int nin;
    pc_loop_fn cast[PC_ITER_MAX_OPERANDS];
    int itemsize[PC_ITER_MAX_OPERANDS];
} pc_iter_casts;

pc_status pc_iter_run_buffered(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                               const pc_iter_casts *casts);
pc_status pc_iter_run_buffered_range(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                                     const pc_iter_casts *casts, int64_t start, int64_t stop);

/* Run the whole iteration, split across the thread pool when it is large (parallel.h); `casts`
 * may be NULL. Loops must be thread-safe and must not depend on seeing the whole range. */
pc_status pc_iter_run_parallel(const pc_iter *it, pc_loop_fn loop, const pc_loop_ctx *ctx,
                               const pc_iter_casts *casts);

#ifdef __cplusplus
}
#endif
#endif
