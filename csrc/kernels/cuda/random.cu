/*
 * random.cu - the GPU RANDOM kernel (random_kernels.h): one thread per Philox block around the
 * shared streams of kernels/common/random_elem.h, so a seed gives the CPU's values bit for bit.
 * Compiled with -fmad=false (CMakeLists.txt: the random streams are never contracted).
 */
#include <type_traits>

#include "convert.cuh"
#include "launch.cuh"
#include "kernels/common/random_elem.h"

namespace pcu {

/* one thread per Philox block: the elements of [offset, offset + n) it holds */
template <typename T>
__global__ void random_kernel(T *out, const T *rates, int64_t n, pc_random_params p)
{
    const uint64_t per = pc_random_per_block(&p);
    const uint64_t first_block = p.offset / per;
    const int64_t blocks = (int64_t)((p.offset + (uint64_t)n - 1) / per - first_block + 1);
    PCU_GRID_STRIDE(k, blocks)
    {
        const uint64_t block = first_block + (uint64_t)k;
        const pc_philox4 b = pc_random_block(&p, block);
        for (uint64_t e = block * per; e < block * per + per; e++) {
            if (e < p.offset || e >= p.offset + (uint64_t)n) {
                continue;
            }
            const int64_t i = (int64_t)(e - p.offset);
            if constexpr (std::is_integral<T>::value) {
                out[i] = (T)pc_random_integer(&p, b, e);
            } else {
                const double rate = rates != nullptr ? (double)convert<double>(rates[i]) : 0.0;
                out[i] = convert<T>(pc_random_real(&p, b, e, rate));
            }
        }
    }
}

template <typename T> pc_status random_whole(const pc_kernel_args *args)
{
    pc_tensor *out = args->out[0];
    const pc_random_params *p = (const pc_random_params *)args->params;
    const pc_device dev = pc_tensor_device(out);
    pc_status st = select_device(dev);
    if (st != PC_OK || out->size == 0) {
        return st;
    }
    const T *rates = p->kind == PC_RANDOM_POISSON ? (const T *)args->in[0]->data : nullptr;
    random_kernel<T><<<grid_for(out->size), threads_per_block, 0, launch_stream(dev)>>>(
        (T *)out->data, rates, out->size, *p);
    return check_launch(dev, "random kernel");
}

template <pc_dtype D, int K> void register_random()
{
    if constexpr (K == PC_KIND_FLOAT || K == PC_KIND_INT || K == PC_KIND_UINT) {
        pc_kernel k = {};
        k.whole = random_whole<typename dtype_of<D>::type>;
        pc_kernel_register(PC_OP_RANDOM, PC_DEVICE_GPU_BACKEND, D, k);
    }
}

void register_random_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_random<PC_##ID, kind>();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
