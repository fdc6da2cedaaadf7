/*
 * block_prims.cuh - the block-wide reduction and scan the reduction and scan engines use, over
 * any trivially copyable accumulator type A and combine functor: CUB on CUDA (it ships with the
 * toolkit), and on ROCm a plain shared-memory tree (Debian packages neither hipCUB nor a
 * rocPRIM matching its hipcc; rocPRIM's block_reduce/block_scan have the same shape and can
 * replace it here alone).
 *
 *   block_reduce<A, T>::run(storage, v, op)   the combination of every thread's v (in thread 0)
 *   block_scan<A, T>::exclusive(storage, v, op, running)
 *       each thread's `running` combined with the v of the threads before it; `running` is
 *       then the combination of the old running value and every v (in thread 0 at least: CUB
 *       updates it in the first warp only)
 * T is the block's thread count (blockDim.x); every thread of the block must call.
 */
#ifndef PADDLE_C_VENDORS_BLOCK_PRIMS_CUH
#define PADDLE_C_VENDORS_BLOCK_PRIMS_CUH

#ifndef PC_USE_HIP
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#endif

namespace pcu {

#ifndef PC_USE_HIP

template <typename A, int T> struct block_reduce {
    using impl = cub::BlockReduce<A, T>;
    using storage = typename impl::TempStorage;
    template <typename Op> __device__ static A run(storage &s, A v, Op op)
    {
        return impl(s).Reduce(v, op);
    }
};

template <typename A, typename Op> struct block_scan_prefix {
    A running;
    Op op;
    __device__ A operator()(A block_total)
    {
        const A before = running;
        running = op(running, block_total);
        return before;
    }
};

template <typename A, int T> struct block_scan {
    using impl = cub::BlockScan<A, T>;
    using storage = typename impl::TempStorage;
    template <typename Op> __device__ static A exclusive(storage &s, A v, Op op, A &running)
    {
        A out;
        block_scan_prefix<A, Op> prefix{running, op};
        impl(s).ExclusiveScan(v, out, op, prefix);
        running = prefix.running;
        return out;
    }
};

#else

template <typename A, int T> struct block_reduce {
    struct storage {
        A v[T];
    };
    template <typename Op> __device__ static A run(storage &s, A v, Op op)
    {
        s.v[threadIdx.x] = v;
        __syncthreads();
        for (int w = T / 2; w > 0; w /= 2) {
            if ((int)threadIdx.x < w) {
                s.v[threadIdx.x] = op(s.v[threadIdx.x], s.v[threadIdx.x + w]);
            }
            __syncthreads();
        }
        const A r = s.v[0];
        __syncthreads();
        return r;
    }
};

template <typename A, int T> struct block_scan {
    struct storage {
        A v[T];
    };
    template <typename Op> __device__ static A exclusive(storage &s, A v, Op op, A &running)
    {
        const int t = (int)threadIdx.x;
        s.v[t] = v;
        __syncthreads();
        for (int w = 1; w < T; w *= 2) { /* Hillis-Steele: inclusive prefixes in place */
            const A left = t >= w ? s.v[t - w] : v;
            __syncthreads();
            if (t >= w) {
                s.v[t] = op(left, s.v[t]);
            }
            __syncthreads();
        }
        const A out = t == 0 ? running : op(running, s.v[t - 1]);
        running = op(running, s.v[T - 1]);
        __syncthreads();
        return out;
    }
};

#endif

} // namespace pcu

#endif
