/*
 * reduce_engine.cuh - the one GPU reduction engine behind every reduction, arg-reduction and
 * the scans' lane walk: inner-axis, outer-axis and full reductions of any layout.
 *
 * Geometry (rgeom): the axes of x split into kept axes (one output each combination; x and out
 * strides) and reduced axes (x strides), extent-1 axes dropped and neighbours that step through
 * memory as one axis merged, the innermost first. Output j and reduced element r are decoded
 * from their linear numbers by division over these few axes.
 *
 * Work: every output's reduced range is cut into S equal splits; a work item is (output, split).
 *   - inner mode (the reduced axes hold x's smallest stride): one block per work item, its
 *     threads striding through the split (coalesced), combined with block_reduce;
 *   - outer mode (a kept axis is innermost in memory): one thread per work item, walking its
 *     split in order; neighbouring threads are neighbouring outputs (coalesced).
 * With S == 1 the work item finishes its output; otherwise it stores its accumulator into a
 * scratch array and a merge kernel combines the S partials of each output (a thread per
 * output, in split order, or a block per output when there are few outputs and many splits).
 *
 * An Op supplies:
 *   using acc;                                        trivially copyable accumulator
 *   acc init() const;
 *   void add(acc &, const char *x_elem, int64_t j, int64_t r) const;
 *   acc operator()(acc a, acc b) const;               combine (a's elements before b's)
 *   void finish(const acc &, int64_t j, char *out_elem) const;
 * Kernels never see tensors: the Op carries its few parameters by value.
 */
#ifndef PADDLE_C_CUDA_REDUCE_ENGINE_CUH
#define PADDLE_C_CUDA_REDUCE_ENGINE_CUH

#include "launch.cuh"
#include "paddle_c/kernels/reduce_kernels.h"
#include "vendors/block_prims.cuh"

namespace pcu {

constexpr int rg_max = 16; /* axes after merging; more (a 17-D non-mergeable layout) is refused */
constexpr int rd_threads = 256;

struct rgeom {
    int nk;                 /* kept axes */
    int nr;                 /* reduced axes */
    int64_t nout;           /* outputs: product of the kept extents */
    int64_t nred;           /* elements per output: product of the reduced extents */
    int64_t kshape[rg_max];
    int64_t kxs[rg_max];    /* byte strides in x */
    int64_t kos[rg_max];    /* byte strides in out */
    int64_t rshape[rg_max];
    int64_t rxs[rg_max];
};

/* The offsets of element j of a C-order walk over `shape` (n axes): along strides s0, and along
 * s1 when it is given (*o1). */
__device__ inline int64_t rg_walk(int n, const int64_t *shape, int64_t j, const int64_t *s0,
                                  const int64_t *s1, int64_t *o1)
{
    int64_t o0 = 0;
    int64_t oo = 0;
    for (int d = 0; d < n; d++) {
        int64_t i = j;
        if (d < n - 1) {
            const int64_t q = j / shape[d];
            i = j - q * shape[d];
            j = q;
        }
        o0 += i * s0[d];
        if (s1 != nullptr) {
            oo += i * s1[d];
        }
    }
    if (s1 != nullptr) {
        *o1 = oo;
    }
    return o0;
}

/* x and out offsets of output j */
__device__ inline void rg_out(const rgeom &g, int64_t j, int64_t &xo, int64_t &oo)
{
    xo = rg_walk(g.nk, g.kshape, j, g.kxs, g.kos, &oo);
}

/* x offset of reduced element r (relative to its output's) */
__device__ inline int64_t rg_red(const rgeom &g, int64_t r)
{
    return rg_walk(g.nr, g.rshape, r, g.rxs, nullptr, nullptr);
}

/* The geometry of reducing x's axes where reduced[axis] into out (out's strides are read on
 * the kept axes only). */
pc_status rg_make(const pc_tensor *x, const pc_tensor *out, const bool *reduced, rgeom *g,
                  bool *inner);

template <typename Op> struct rd_combine {
    Op op;
    __device__ typename Op::acc operator()(const typename Op::acc &a,
                                           const typename Op::acc &b) const
    {
        return op(a, b);
    }
};

template <typename Op>
__global__ void rd_block_kernel(rgeom g, const char *x, char *out, typename Op::acc *part,
                                int64_t splits, int64_t chunk, Op op)
{
    using A = typename Op::acc;
    using BR = block_reduce<A, rd_threads>;
    __shared__ typename BR::storage tmp;
    for (int64_t w = blockIdx.x; w < g.nout * splits; w += gridDim.x) {
        const int64_t j = w % g.nout;
        const int64_t s = w / g.nout;
        int64_t xo;
        int64_t oo;
        rg_out(g, j, xo, oo);
        const int64_t lo = s * chunk;
        const int64_t hi = lo + chunk < g.nred ? lo + chunk : g.nred;
        A a = op.init();
        for (int64_t r = lo + threadIdx.x; r < hi; r += rd_threads) {
            op.add(a, x + xo + rg_red(g, r), j, r);
        }
        const A t = BR::run(tmp, a, rd_combine<Op>{op});
        if (threadIdx.x == 0) {
            if (splits == 1) {
                op.finish(t, j, out + oo);
            } else {
                part[s * g.nout + j] = t;
            }
        }
        __syncthreads(); /* tmp is reused by the next work item */
    }
}

template <typename Op>
__global__ void rd_thread_kernel(rgeom g, const char *x, char *out, typename Op::acc *part,
                                 int64_t splits, int64_t chunk, Op op)
{
    using A = typename Op::acc;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < g.nout * splits;
         w += step) {
        const int64_t j = w % g.nout;
        const int64_t s = w / g.nout;
        int64_t xo;
        int64_t oo;
        rg_out(g, j, xo, oo);
        const int64_t lo = s * chunk;
        const int64_t hi = lo + chunk < g.nred ? lo + chunk : g.nred;
        A a = op.init();
        for (int64_t r = lo; r < hi; r++) {
            op.add(a, x + xo + rg_red(g, r), j, r);
        }
        if (splits == 1) {
            op.finish(a, j, out + oo);
        } else {
            part[s * g.nout + j] = a;
        }
    }
}

template <typename Op>
__global__ void rd_merge_kernel(rgeom g, char *out, const typename Op::acc *part,
                                int64_t splits, Op op)
{
    using A = typename Op::acc;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < g.nout; j += step) {
        A a = part[j];
        for (int64_t s = 1; s < splits; s++) {
            a = op(a, part[s * g.nout + j]);
        }
        int64_t xo;
        int64_t oo;
        rg_out(g, j, xo, oo);
        op.finish(a, j, out + oo);
    }
}

/* the merge for few outputs: a block per output, its threads striding through the splits */
template <typename Op>
__global__ void rd_merge_block_kernel(rgeom g, char *out, const typename Op::acc *part,
                                      int64_t splits, Op op)
{
    using A = typename Op::acc;
    using BR = block_reduce<A, rd_threads>;
    __shared__ typename BR::storage tmp;
    for (int64_t j = blockIdx.x; j < g.nout; j += gridDim.x) {
        A a = op.init();
        for (int64_t s = threadIdx.x; s < splits; s += rd_threads) {
            a = op(a, part[s * g.nout + j]);
        }
        const A t = BR::run(tmp, a, rd_combine<Op>{op});
        if (threadIdx.x == 0) {
            int64_t xo;
            int64_t oo;
            rg_out(g, j, xo, oo);
            op.finish(t, j, out + oo);
        }
        __syncthreads();
    }
}

/* Device scratch memory from the GPU backend's stream-ordered allocator. */
pc_status rd_scratch_alloc(pc_device dev, size_t bytes, void **out);
void rd_scratch_free(pc_device dev, void *p, size_t bytes);

/* How many splits per output: enough work items to fill the GPU, each of at least `min_len`
 * elements. */
int64_t rd_splits(int64_t nout, int64_t nred, bool inner);

/* Reduce x into out with `op` over the axes marked in `reduced` (x->ndim entries). */
template <typename Op>
pc_status reduce_run(const pc_tensor *x, pc_tensor *out, const bool *reduced, const Op &op)
{
    if (out->size == 0) {
        return PC_OK;
    }
    const pc_device dev = pc_tensor_device(out);
    rgeom g;
    bool inner;
    pc_status st = rg_make(x, out, reduced, &g, &inner);
    if (st == PC_OK) {
        st = select_device(dev);
    }
    if (st != PC_OK) {
        return st;
    }
    const cudaStream_t stream = launch_stream(dev);
    const int64_t splits = rd_splits(g.nout, g.nred, inner);
    const int64_t chunk = splits > 1 ? (g.nred + splits - 1) / splits : g.nred;
    using A = typename Op::acc;
    A *part = nullptr;
    const size_t bytes = (size_t)(g.nout * splits) * sizeof(A);
    if (splits > 1) {
        st = rd_scratch_alloc(dev, bytes, (void **)&part);
        if (st != PC_OK) {
            return st;
        }
    }
    const int64_t items = g.nout * splits;
    if (inner) {
        const unsigned blocks = (unsigned)(items < 65535 ? items : 65535);
        rd_block_kernel<Op><<<blocks, rd_threads, 0, stream>>>(g, x->data, out->data, part,
                                                               splits, chunk, op);
    } else {
        rd_thread_kernel<Op><<<grid_for(items), threads_per_block, 0, stream>>>(
            g, x->data, out->data, part, splits, chunk, op);
    }
    st = check_launch(dev, "reduction kernel");
    if (st == PC_OK && splits > 1) {
        if (g.nout < 4096 && splits >= 64) {
            rd_merge_block_kernel<Op><<<(unsigned)g.nout, rd_threads, 0, stream>>>(
                g, out->data, part, splits, op);
        } else {
            rd_merge_kernel<Op><<<grid_for(g.nout), threads_per_block, 0, stream>>>(
                g, out->data, part, splits, op);
        }
        st = check_launch(dev, "reduction merge kernel");
    }
    if (part != nullptr) {
        rd_scratch_free(dev, part, bytes);
    }
    return st;
}

/* The reduce_kernels.h contract: an axis is reduced when out's extent is 1 and x's is not. */
template <typename Op> pc_status reduce_contract(const pc_kernel_args *args, const Op &op)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    bool reduced[PC_MAX_NDIM];
    for (int i = 0; i < x->ndim; i++) {
        reduced[i] = out->shape[i] == 1 && x->shape[i] != 1;
    }
    return reduce_run(x, out, reduced, op);
}

} // namespace pcu

#endif
