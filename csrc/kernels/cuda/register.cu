/*
 * register.cu - the one place that fills the GPU column of the kernel table. Operations
 * without a GPU kernel stay empty and raise NotImplementedError naming op, device and dtype.
 */
#include "common.cuh"

namespace pcu {
void register_copy_kernels();
void register_cast_kernels();
void register_range_kernels();
void register_random_kernels();
void register_arith_int();
void register_arith_float();
void register_compare();
void register_transcendental();
void register_steps();
void register_reduce();
void register_argreduce();
void register_scan();
void register_blas();
void register_solver();
void register_fft();
void register_index_kernels();
void register_mask_kernels();
void register_sort_kernels();
void register_search_kernels();
} // namespace pcu

extern "C" void pc_cuda_register_kernels(const pc_gpu_runtime *runtime)
{
    pcu::set_runtime(runtime);
    pcu::register_copy_kernels();
    pcu::register_cast_kernels();
    pcu::register_range_kernels();
    pcu::register_random_kernels();
    pcu::register_arith_int();
    pcu::register_arith_float();
    pcu::register_compare();
    pcu::register_transcendental();
    pcu::register_steps();
    pcu::register_reduce();
    pcu::register_argreduce();
    pcu::register_scan();
    pcu::register_blas();
    pcu::register_solver();
    pcu::register_fft();
    pcu::register_index_kernels();
    pcu::register_mask_kernels();
    pcu::register_sort_kernels();
    pcu::register_search_kernels();
}
