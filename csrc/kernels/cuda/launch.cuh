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
 * operand). Broadcast operands are stride-0 dimensions of the iteration; operands of another
 * dtype than the functor's (pc_iter.convert) go through map_converting, which converts each
 * element on load and store; raw launches get them converted by the dispatcher.
 *
 * [Why scalars travel in the kernel's parameters] An operand marked in pc_iter.by_value is a
 * host value (a Python scalar, stride 0 on every axis): make_plan copies its bytes into the
 * packed iteration (`value`), which the launch passes by value, and the kernel points the
 * operand at its own copy. `x + 1` thus allocates no device memory and never synchronises.
 */
#ifndef PADDLE_C_CUDA_LAUNCH_CUH
#define PADDLE_C_CUDA_LAUNCH_CUH

#include "common.cuh"
#include "convert.cuh"
#include "fast_div.cuh"

#include <new>

namespace pcu {

constexpr int max_dims = 12;
constexpr int max_ops = 4;
constexpr int threads_per_block = 256;
constexpr int items_per_thread = 4;

/* the stream kernels of a device are launched on: the runtime's stream of that device */
cudaStream_t launch_stream(pc_device dev);

/* one operand's value passed by value: any dtype's bytes (complex128 is the widest) */
struct alignas(16) value16 {
    unsigned char bytes[16];
};

/* The operand pointers of a launch: data[k], or the thread's copy of value[k] for operands
 * marked in by_value (the kernel's parameters, copied once per thread). */
template <int NOP> struct operands {
    value16 copy[NOP];
    char *base[NOP];
    __device__ operands(char *const *data, unsigned by_value, const value16 *value)
    {
#pragma unroll
        for (int k = 0; k < NOP; k++) {
            if (by_value & (1u << k)) {
                copy[k] = value[k];
                base[k] = (char *)copy[k].bytes;
            } else {
                base[k] = data[k];
            }
        }
    }
};

struct iter32 {
    int ndim;
    uint32_t size;
    unsigned by_value; /* pc_iter.by_value: operands read from value[k] */
    value16 value[max_ops];
    char *data[max_ops];
    fast_div shape[max_dims];
    int32_t strides[max_dims][max_ops];
};

struct iter_dense {
    int64_t size;
    unsigned by_value; /* pc_iter.by_value: operands read from value[k] (step 0) */
    value16 value[max_ops];
    char *data[max_ops];
    int64_t step[max_ops]; /* the item size, or 0 for a broadcast scalar */
};

template <int NOP, typename G> __global__ void kernel_dense(iter_dense it, G g)
{
    const int64_t stride = (int64_t)blockDim.x * gridDim.x;
    operands<NOP> ops(it.data, it.by_value, it.value);
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < it.size; i += stride) {
        char *p[NOP];
#pragma unroll
        for (int k = 0; k < NOP; k++) {
            p[k] = ops.base[k] + i * it.step[k];
        }
        g(p);
    }
}

template <int NOP, typename G> __global__ void kernel_32(iter32 it, G g)
{
    const uint32_t stride = blockDim.x * gridDim.x;
    operands<NOP> ops(it.data, it.by_value, it.value);
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
            p[k] = ops.base[k] + off[k];
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
/* `allow_dense` false: a strided plan (path::i32 or path::split) even for dense operands */
pc_status make_plan(const pc_iter *it, const int *itemsize, plan *pl, bool allow_dense = true);
/* blocks of threads_per_block for `size` work items (capped; the kernels stride the rest) */
unsigned grid_for(int64_t size);
/* the iteration cut in two along the dimension that reaches farthest (path::split) */
void split_iter(const pc_iter *it, pc_iter *lo, pc_iter *hi);

template <int NOP, typename G> pc_status launch_raw(const pc_iter *it, const int *itemsize, G g);

/* g(p) over an iteration whose plan `pl` make_plan has made */
template <int NOP, typename G>
pc_status launch_plan(const pc_iter *it, const int *itemsize, G g, const plan &pl)
{
    if (pl.kind == path::split) {
        pc_iter *halves = new (std::nothrow) pc_iter[2];
        if (halves == nullptr) {
            return pc_error_set(PC_ERR_MEMORY, "out of memory splitting a GPU launch");
        }
        split_iter(it, &halves[0], &halves[1]);
        pc_status st = launch_raw<NOP, G>(&halves[0], itemsize, g);
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
    return check_launch(it->device, "elementwise kernel", functor_name<G>());
}

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
    return launch_plan<NOP, G>(it, itemsize, g, pl);
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

/* ---- converting loads and stores ------------------------------------------------------------ */

/* [Why one strided kernel per functor] An operand whose dtype differs from the functor's is
 * read (or written) through a switch over its dtype at run time, through the element layer's
 * one scalar conversion (convert.cuh, cast_elem.h): one more kernel per functor instead of one
 * per (functor, operand dtype) pair, and the same-dtype fast paths stay as they are. Mixed
 * dtypes are the slow path: one kernel (path::i32, split where offsets reach 2**31), no
 * vectorised or dense variant. */

/* the value at p, stored as dtype dt, in storage type T (not inlined: one copy of the switch per
 * T and file, shared by every converting kernel, keeps the build's size and time in bounds) */
template <typename T> __device__ __noinline__ T load_as(const char *p, int dt)
{
    switch (dt) {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    case PC_##ID:                                                                              \
        return convert<T>(*(const typename dtype_of<PC_##ID>::type *)p);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    default:
        return T();
    }
}

/* v (storage type T) stored at p as dtype dt (not inlined, as load_as) */
template <typename T> __device__ __noinline__ void store_as(char *p, int dt, T v)
{
    switch (dt) {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    case PC_##ID:                                                                              \
        *(typename dtype_of<PC_##ID>::type *)p = convert<typename dtype_of<PC_##ID>::type>(v);  \
        break;
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    default:
        break;
    }
}

/* g(p) over the iteration by the strided kernel only (the converting maps) */
template <int NOP, typename G>
pc_status launch_strided(const pc_iter *it, const int *itemsize, G g)
{
    if (it->size == 0) {
        return PC_OK;
    }
    plan pl;
    pc_status st = make_plan(it, itemsize, &pl, false); /* also selects the operands' device */
    if (st != PC_OK) {
        return st;
    }
    if (pl.kind == path::split) {
        pc_iter *halves = new (std::nothrow) pc_iter[2];
        if (halves == nullptr) {
            return pc_error_set(PC_ERR_MEMORY, "out of memory splitting a GPU launch");
        }
        split_iter(it, &halves[0], &halves[1]);
        st = launch_strided<NOP, G>(&halves[0], itemsize, g);
        if (st == PC_OK) {
            st = launch_strided<NOP, G>(&halves[1], itemsize, g);
        }
        delete[] halves;
        return st;
    }
    kernel_32<NOP, G><<<pl.blocks, threads_per_block, 0, pl.stream>>>(pl.i32, g);
    return check_launch(it->device, "elementwise kernel", functor_name<G>());
}

/* ---- the vectorised dense path ------------------------------------------------------------- */

/* N consecutive elements as one aligned chunk: one vector load or store of sizeof(T) * N bytes */
template <typename T, int N> struct alignas(sizeof(T) * N) pack {
    T v[N];
};

/* elements per chunk: 16 bytes of the widest operand type (1: no vectorised path) */
template <typename Out, typename In> constexpr int vec_width()
{
    constexpr size_t w = sizeof(In) > sizeof(Out) ? sizeof(In) : sizeof(Out);
    return w >= 16 || 16 % w != 0 ? 1 : (int)(16 / w);
}

template <int NIN, typename F, typename In> __device__ auto apply(const F &f, const In *x)
{
    if constexpr (NIN == 1) {
        return f(x[0]);
    } else if constexpr (NIN == 2) {
        return f(x[0], x[1]);
    } else {
        return f(x[0], x[1], x[2]);
    }
}

/* f over dense operands whose pointers are aligned to their chunks, and broadcast scalar inputs
 * (step 0: read once per thread, from the parameters when passed by value): chunk i per thread
 * (grid stride), then the size % V elements after the last whole chunk one per thread */
template <typename Out, typename In, int NIN, int V, typename F>
__global__ void kernel_vec(iter_dense it, F f)
{
    In scalar[NIN];
#pragma unroll
    for (int k = 0; k < NIN; k++) {
        scalar[k] = it.step[k] != 0               ? In()
                    : (it.by_value & (1u << k)) ? *(const In *)it.value[k].bytes
                                                  : *(const In *)it.data[k];
    }
    const int64_t chunks = it.size / V;
    const int64_t first = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    const int64_t stride = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = first; i < chunks; i += stride) {
        pack<In, V> x[NIN];
#pragma unroll
        for (int k = 0; k < NIN; k++) {
            if (it.step[k] != 0) {
                x[k] = ((const pack<In, V> *)it.data[k])[i];
            }
        }
        pack<Out, V> y;
#pragma unroll
        for (int j = 0; j < V; j++) {
            In e[NIN];
#pragma unroll
            for (int k = 0; k < NIN; k++) {
                e[k] = it.step[k] != 0 ? x[k].v[j] : scalar[k];
            }
            y.v[j] = apply<NIN>(f, e);
        }
        ((pack<Out, V> *)it.data[NIN])[i] = y;
    }
    const int64_t t = chunks * V + first;
    if (t < it.size) {
        In e[NIN];
#pragma unroll
        for (int k = 0; k < NIN; k++) {
            e[k] = it.step[k] != 0 ? ((const In *)it.data[k])[t] : scalar[k];
        }
        ((Out *)it.data[NIN])[t] = apply<NIN>(f, e);
    }
}

/* whether a dense plan can take kernel_vec: the output and every input that is not a broadcast
 * scalar dense and on a chunk boundary */
template <typename Out, typename In, int NIN, int V> bool vec_ok(const iter_dense &d)
{
    for (int k = 0; k <= NIN; k++) {
        const int64_t item = k < NIN ? (int64_t)sizeof(In) : (int64_t)sizeof(Out);
        const uintptr_t chunk = k < NIN ? sizeof(pack<In, V>) : sizeof(pack<Out, V>);
        if (k < NIN && d.step[k] == 0) {
            continue;
        }
        if (d.step[k] != item || (uintptr_t)d.data[k] % chunk != 0) {
            return false;
        }
    }
    return d.size >= V;
}

/* f over operands stored in any dtype: loads convert to In, the store converts from Out */
template <typename Out, typename In, int NIN, typename F> struct map_conv {
    F f;
    unsigned char dtype[NIN + 1]; /* each operand's dtype as stored (pc_iter.dtype) */
    __device__ void operator()(char **p) const
    {
        In x[NIN];
#pragma unroll
        for (int k = 0; k < NIN; k++) {
            x[k] = load_as<In>(p[k], dtype[k]);
        }
        store_as<Out>(p[NIN], dtype[NIN], (Out)apply<NIN>(f, x));
    }
};

/* f over an iteration marked for conversion (pc_iter.convert): the functor computes in In and
 * Out, the operands are stored as it->dtype[k] */
template <typename Out, typename In, int NIN, typename F>
pc_status map_converting(const pc_iter *it, F f)
{
    map_conv<Out, In, NIN, F> g{f, {}};
    int sizes[max_ops];
    for (int k = 0; k <= NIN; k++) {
        g.dtype[k] = it->dtype[k];
        sizes[k] = (int)pc_dtype_itemsize((pc_dtype)it->dtype[k]);
    }
    return launch_strided<NIN + 1>(it, sizes, g);
}

/* Out f(In) / f(In, In) / f(In, In, In) over an iteration whose inputs are In and whose last
 * operand (the output) is Out */
template <typename Out, typename In, int NIN, typename F> pc_status map(const pc_iter *it, F f)
{
    int sizes[max_ops];
    for (int k = 0; k < NIN; k++) {
        sizes[k] = (int)sizeof(In);
    }
    sizes[NIN] = (int)sizeof(Out);
    if (it->size == 0) {
        return PC_OK;
    }
    plan pl;
    pc_status st = make_plan(it, sizes, &pl); /* also selects the operands' device */
    if (st != PC_OK) {
        return st;
    }
    constexpr int V = vec_width<Out, In>();
    if constexpr (V > 1) {
        if (pl.kind == path::dense && vec_ok<Out, In, NIN, V>(pl.dense)) {
            kernel_vec<Out, In, NIN, V, F>
                <<<grid_for(pl.dense.size / V), threads_per_block, 0, pl.stream>>>(pl.dense, f);
            return check_launch(it->device, "elementwise kernel", functor_name<F>());
        }
    }
    if constexpr (NIN == 1) {
        return launch_plan<2>(it, sizes, map1<Out, In, F>{f}, pl);
    } else if constexpr (NIN == 2) {
        return launch_plan<3>(it, sizes, map2<Out, In, F>{f}, pl);
    } else {
        return launch_plan<4>(it, sizes, map3<Out, In, F>{f}, pl);
    }
}

} // namespace pcu

#endif
