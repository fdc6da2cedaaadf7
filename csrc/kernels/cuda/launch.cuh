/*
 * launch.cuh - the elementwise launcher: runs a functor over a prepared pc_iter on the device's
 * stream. Three paths, chosen on the host per launch:
 *   1. contiguous: one dimension after coalescing, every operand dense or a broadcast scalar
 *      (stride 0): pointer bumps only, no index arithmetic;
 *   2. strided, 32-bit: sizes and every byte offset below 2**31: per dimension one fast
 *      division (fast_div.cuh) instead of a 64-bit div/mod;
 *   3. larger strided iterations are split on the host (halving the dimension that reaches
 *      farthest) until each part takes path 2, so no functor needs a 64-bit strided kernel
 *      (PyTorch's 32-bit splitting; half the kernels to compile).
 * map<Out, NIN>(it, f) is the typed form for elementwise functions (f takes NIN input values
 * and returns the output value); launch<NOP>(it, g) the raw form (g receives one pointer per
 * operand). Broadcast operands are stride-0 dimensions of the iteration; inputs of another
 * dtype arrive converted (the dispatcher's temporaries).
 */
#ifndef PADDLE_C_CUDA_LAUNCH_CUH
#define PADDLE_C_CUDA_LAUNCH_CUH

#include "common.cuh"
#include "fast_div.cuh"

#include <new>

namespace pcu {

constexpr int max_dims = 12;
constexpr int max_ops = 4;
constexpr int threads_per_block = 256;
constexpr int items_per_thread = 4;

/* the stream kernels of a device are launched on: the runtime's stream of that device */
cudaStream_t launch_stream(pc_device dev);

struct iter32 {
    int ndim;
    uint32_t size;
    char *data[max_ops];
    fast_div shape[max_dims];
    int32_t strides[max_dims][max_ops];
};

struct iter_dense {
    int64_t size;
    char *data[max_ops];
    int64_t step[max_ops]; /* the item size, or 0 for a broadcast scalar */
};

template <int NOP, typename G> __global__ void kernel_dense(iter_dense it, G g)
{
    const int64_t stride = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < it.size; i += stride) {
        char *p[NOP];
#pragma unroll
        for (int k = 0; k < NOP; k++) {
            p[k] = it.data[k] + i * it.step[k];
        }
        g(p);
    }
}

template <int NOP, typename G> __global__ void kernel_32(iter32 it, G g)
{
    const uint32_t stride = blockDim.x * gridDim.x;
    for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < it.size; i += stride) {
        int32_t off[NOP];
#pragma unroll
        for (int k = 0; k < NOP; k++) {
            off[k] = 0;
        }
        uint32_t rest = i;
        for (int d = 0; d < it.ndim; d++) { /* axis 0 is the innermost */
            const uint32_t q = it.shape[d].div(rest);
            const int32_t idx = (int32_t)(rest - q * it.shape[d].divisor);
            rest = q;
#pragma unroll
            for (int k = 0; k < NOP; k++) {
                off[k] += idx * it.strides[d][k];
            }
        }
        char *p[NOP];
#pragma unroll
        for (int k = 0; k < NOP; k++) {
            p[k] = it.data[k] + off[k];
        }
        g(p);
    }
}

/* which path an iteration takes, with its packed form filled in */
enum class path { dense, i32, split };
struct plan {
    path kind;
    iter_dense dense;
    iter32 i32;
    unsigned blocks;
    cudaStream_t stream;
};
pc_status make_plan(const pc_iter *it, const int *itemsize, plan *pl);
/* the iteration cut in two along the dimension that reaches farthest (path::split) */
void split_iter(const pc_iter *it, pc_iter *lo, pc_iter *hi);

template <int NOP, typename G> pc_status launch_raw(const pc_iter *it, const int *itemsize, G g)
{
    if (it->size == 0) {
        return PC_OK;
    }
    plan pl;
    pc_status st = make_plan(it, itemsize, &pl); /* also selects the operands' device */
    if (st != PC_OK) {
        return st;
    }
    if (pl.kind == path::split) {
        pc_iter *halves = new (std::nothrow) pc_iter[2];
        if (halves == nullptr) {
            return pc_error_set(PC_ERR_MEMORY, "out of memory splitting a GPU launch");
        }
        split_iter(it, &halves[0], &halves[1]);
        st = launch_raw<NOP, G>(&halves[0], itemsize, g);
        if (st == PC_OK) {
            st = launch_raw<NOP, G>(&halves[1], itemsize, g);
        }
        delete[] halves;
        return st;
    }
    if (pl.kind == path::dense) {
        kernel_dense<NOP, G><<<pl.blocks, threads_per_block, 0, pl.stream>>>(pl.dense, g);
    } else {
        kernel_32<NOP, G><<<pl.blocks, threads_per_block, 0, pl.stream>>>(pl.i32, g);
    }
    return check_launch(it->device, "elementwise kernel");
}

/* g(p) over the operands; the dense path needs each operand's item size */
template <int NOP, typename G> pc_status launch(const pc_iter *it, const int *itemsize, G g)
{
    return launch_raw<NOP, G>(it, itemsize, g);
}

/* ---- typed elementwise maps ---------------------------------------------------------------- */

template <typename Out, typename In, typename F> struct map1 {
    F f;
    __device__ void operator()(char **p) const { *(Out *)p[1] = f(*(const In *)p[0]); }
};
template <typename Out, typename In, typename F> struct map2 {
    F f;
    __device__ void operator()(char **p) const
    {
        *(Out *)p[2] = f(*(const In *)p[0], *(const In *)p[1]);
    }
};
template <typename Out, typename In, typename F> struct map3 {
    F f;
    __device__ void operator()(char **p) const
    {
        *(Out *)p[3] = f(*(const In *)p[0], *(const In *)p[1], *(const In *)p[2]);
    }
};

/* Out f(In) / f(In, In) / f(In, In, In) over an iteration whose inputs are In and whose last
 * operand (the output) is Out */
template <typename Out, typename In, int NIN, typename F> pc_status map(const pc_iter *it, F f)
{
    int sizes[max_ops];
    for (int k = 0; k < NIN; k++) {
        sizes[k] = (int)sizeof(In);
    }
    sizes[NIN] = (int)sizeof(Out);
    if constexpr (NIN == 1) {
        return launch_raw<2>(it, sizes, map1<Out, In, F>{f});
    } else if constexpr (NIN == 2) {
        return launch_raw<3>(it, sizes, map2<Out, In, F>{f});
    } else {
        return launch_raw<4>(it, sizes, map3<Out, In, F>{f});
    }
}

} // namespace pcu

#endif
