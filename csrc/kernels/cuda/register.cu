/*
 * register.cu - the one place that fills the GPU column of the kernel table. Operations
 * without a GPU kernel stay empty and raise NotImplementedError naming op, device and dtype.
 */
#include "common.cuh"

namespace pcu {
void register_copy_kernels();
void register_range_kernels();
} // namespace pcu

extern "C" void pc_cuda_register_kernels(void)
{
    pcu::register_copy_kernels();
    pcu::register_range_kernels();
}
