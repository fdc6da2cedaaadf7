/*
 * reduce.c - the CPU reduction driver and the registration of the reduction kernels, whose
 * per-dtype bodies live in reduce_impl.h.
 *
 * A reduction here is: one accumulator per output element (op-specific: a double with a
 * compensation term, a running maximum, a count...), an `init` over all accumulators, one or
 * two accumulation passes over x, and a `finish` that writes each accumulator into the result.
 *
 * [Why x and the accumulators share one iterator] The accumulators are laid out like the
 * result and given stride 0 on the reduced axes, so the ordinary strided iterator walks x in
 * memory order and hands each 1-D loop either a run of x that lands in a single accumulator
 * (accumulator stride 0: the "inner" case, reduced with SIMD lanes) or a run of x that lands
 * in consecutive accumulators (the "columnar" case: acc[j] += x[j], vectorised across j). Any
 * layout of x - transposed, negative strides, stepped - is handled without copying, and NumPy's
 * two reduction patterns fall out of the same code.
 *
 * Not here: axis handling and result dtypes (dispatch/reduce.c), arg-reductions
 * (argreduce.c). Kernels never touch Python.
 */
#include <stdlib.h>

#include "core/layout.h"
#include "paddle_c/parallel.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/reduce_kernels.h"
#include "descriptor.h"
#include "dtype_params.h"
#include "reduce_driver.h"
#include "simd.h"

/* [Why a row-group entry] Reducing the outer axis of a matrix (x[i, j] into acc[j]) row by
 * row streams x once but loads and stores the whole accumulator row for every row of x, and
 * that row (doubles) outgrows the L1 cache. A reduction may therefore provide `rows`, which
 * takes several rows at once and touches the accumulators once per group of rows; the driver
 * uses it for the 2-D case (inner axis kept, outer axis reduced). */

/* Run a pass over the indices [lo, hi) of the iteration's outermost dimension. */
static pc_status run_range(const pc_iter *it, pc_loop_fn loop, pc_rd_rows_fn rows,
                           const pc_loop_ctx *ctx, int64_t lo, int64_t hi)
{
    if (it->ndim == 0) {
        return pc_iter_run(it, loop, ctx);
    }
    const int d = it->ndim - 1;
    if (rows != NULL && it->ndim == 2 && it->strides[0][1] != 0 && it->strides[1][1] == 0) {
        char *data[2] = {it->data[0] + lo * it->strides[1][0], it->data[1]};
        return (pc_status)rows(ctx, data, it->shape[0], it->strides[0], hi - lo,
                               it->strides[1][0]);
    }
    const int64_t inner = it->size / it->shape[d];
    return pc_iter_run_range(it, loop, ctx, lo * inner, hi * inner);
}

/* [Why the split is on the outermost dimension] Parts of the outermost iteration dimension are
 * contiguous ranges of the iteration. When that dimension is kept, the parts write disjoint
 * accumulators and share the block; when it is reduced, each thread gets a private block of
 * accumulators, folded into the shared one afterwards with the reduction's `merge`.
 *
 * [Why units are handed out dynamically] The work is cut into several units per thread and
 * every thread takes the next unit from a shared counter, so a thread that starts late (the
 * machine is busy) simply takes fewer units instead of holding everybody up.
 *
 * [Why not with fewer than four threads] A reduction is memory-bound: a second thread adds
 * bandwidth only when it runs at once, while the fork-join waits for a worker that may first
 * have to be scheduled. Measured on a busy two-core machine, the wait (a scheduler time slice,
 * ~10 ms) cost far more than the split saved; with four or more threads the odds turn. */
#define PC_RD_PARALLEL_MIN (INT64_C(1) << 20)   /* elements before splitting pays */
#define PC_RD_UNIT_MIN (INT64_C(1) << 17)       /* elements per unit at least */
#define PC_RD_UNITS_PER_THREAD 8
#define PC_RD_MIN_THREADS 4

typedef struct rd_job {
    const pc_iter *it;
    pc_loop_fn loop;
    pc_rd_rows_fn rows;
    const pc_loop_ctx *ctx;
    int64_t outer;      /* extent of the split dimension */
    int64_t nunits;
    int64_t next;       /* the next unit to take (atomic) */
    char **blocks;      /* private accumulators per thread, or NULL (shared) */
} rd_job;

/* One thread's share: units taken from the counter until none is left. */
static pc_status rd_worker(void *arg, int64_t t0, int64_t t1)
{
    rd_job *j = (rd_job *)arg;
    pc_iter sub = *j->it;
    if (j->blocks != NULL) {
        sub.data[1] = j->blocks[t0];
    }
    (void)t1;
    for (;;) {
        const int64_t u = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
        if (u >= j->nunits) {
            return PC_OK;
        }
        const pc_status st = run_range(&sub, j->loop, j->rows, j->ctx, u * j->outer / j->nunits,
                                       (u + 1) * j->outer / j->nunits);
        if (st != PC_OK) {
            __atomic_store_n(&j->next, j->nunits, __ATOMIC_RELAXED);
            return st;
        }
    }
}

/* One pass (1 or 2), split across threads when x is large. */
static pc_status run_pass(const pc_iter *it, const pc_rd_fns *f, int pass, char *acc,
                          int64_t nacc, const pc_rd_ctx *rc, const pc_loop_ctx *ctx)
{
    pc_loop_fn loop = pass == 1 ? f->pass1 : f->pass2;
    pc_rd_rows_fn rows = pass == 1 ? f->rows1 : f->rows2;
    const int64_t outer = it->ndim > 0 ? it->shape[it->ndim - 1] : 1;
    const bool shared = it->ndim > 0 && it->strides[it->ndim - 1][1] != 0;
    const int64_t acc_bytes = (int64_t)f->nfields * rc->plane;
    int64_t nthreads = pc_get_num_threads();
    nthreads = nthreads < PC_RD_MIN_THREADS ? 1 : nthreads < 64 ? nthreads : 64;
    int64_t nunits = nthreads * PC_RD_UNITS_PER_THREAD;
    nunits = nunits < outer ? nunits : outer;
    nunits = nunits < it->size / PC_RD_UNIT_MIN ? nunits : it->size / PC_RD_UNIT_MIN;
    nthreads = nthreads < nunits ? nthreads : nunits;
    if (nthreads <= 1 || it->size < PC_RD_PARALLEL_MIN ||
        (!shared && (f->merge == NULL || acc_bytes * nthreads > it->size))) {
        return run_range(it, loop, rows, ctx, 0, outer);
    }
    rd_job job = {it, loop, rows, ctx, outer, nunits, 0, NULL};
    char *blocks[64];
    if (!shared) {
        blocks[0] = acc;
        for (int64_t t = 1; t < nthreads; t++) {
            blocks[t] = aligned_alloc(64, (size_t)acc_bytes);
            if (blocks[t] == NULL) {
                for (int64_t q = 1; q < t; q++) {
                    free(blocks[q]);
                }
                return pc_error_set(PC_ERR_MEMORY, "cannot allocate accumulators");
            }
            if (pass == 1) {
                f->init(blocks[t], nacc, rc);
            } else {
                memcpy(blocks[t], acc, (size_t)acc_bytes);
            }
        }
        job.blocks = blocks;
    }
    const pc_status st = pc_parallel_for(nthreads, 1, rd_worker, &job);
    if (!shared) {
        for (int64_t t = 1; t < nthreads; t++) {
            if (st == PC_OK) {
                f->merge(acc, blocks[t], nacc, rc, pass);
            }
            free(blocks[t]);
        }
    }
    return st;
}

pc_status pc_cpu_reduce_run(const pc_kernel_args *args, const pc_rd_fns *f)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const pc_reduce_params *p = (const pc_reduce_params *)args->params;
    const int nd = x->ndim;
    if (out->size == 0) {
        return PC_OK;
    }
    /* accumulators in x's memory order over the kept axes, stride 0 on the reduced ones */
    int perm[PC_MAX_NDIM];
    int64_t acc_strides[PC_MAX_NDIM];
    int64_t acc_shape[PC_MAX_NDIM];
    pc_memory_order(1, &x, nd, x->shape, perm);
    int64_t s = (int64_t)f->field_size;
    for (int i = nd - 1; i >= 0; i--) {
        const int ax = perm[i];
        acc_shape[ax] = out->shape[ax];
        acc_strides[ax] = out->shape[ax] == 1 ? 0 : s;
        s *= out->shape[ax];
    }
    const int64_t plane = (out->size * (int64_t)f->field_size + 63) & ~(int64_t)63;
    const pc_rd_ctx rc = {x->size / out->size, p != NULL ? p->correction : 0.0, plane,
                          p != NULL ? p->reduction : -1};
    const pc_loop_ctx ctx = {&rc};
    _Alignas(64) char small[1024];
    const size_t bytes = (size_t)(plane * f->nfields);
    char *acc = small;
    if (bytes > sizeof small) {
        acc = aligned_alloc(64, bytes);
        if (acc == NULL) {
            return pc_error_set(PC_ERR_MEMORY, "cannot allocate %zu bytes of accumulators",
                                bytes);
        }
    }
    pc_tensor accd;
    pc_cpu_descriptor(&accd, x, nd, acc_shape, acc_strides, acc);
    f->init(acc, out->size, &rc);

    pc_status st = PC_OK;
    if (x->size > 0) {
        const pc_tensor *ops[2] = {x, &accd};
        pc_iter it;
        st = pc_iter_init(&it, 2, ops, nd, x->shape, false);
        if (st == PC_OK) {
            st = run_pass(&it, f, 1, acc, out->size, &rc, &ctx);
        }
        if (st == PC_OK && f->pass2 != NULL) {
            if (f->mid != NULL) {
                f->mid(acc, out->size, &rc);
            }
            st = run_pass(&it, f, 2, acc, out->size, &rc, &ctx);
        }
    }
    if (st == PC_OK) {
        const pc_tensor *ops[2] = {&accd, out};
        pc_iter it;
        st = pc_iter_init(&it, 2, ops, nd, out->shape, false);
        if (st == PC_OK) {
            st = pc_iter_run(&it, f->finish, &ctx);
        }
    }
    if (acc != small) {
        free(acc);
    }
    return st;
}

#define PCK_BODY "reduce_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_reduce(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_reduce_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
