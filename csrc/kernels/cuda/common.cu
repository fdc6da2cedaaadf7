/*
 * common.cu - host-side helpers of the CUDA kernels: packing a pc_iter for a launch, and
 * turning launch errors into pc_status.
 */
#include "common.cuh"

namespace pcu {

pc_status to_dev_iter(const pc_iter *it, dev_iter *d)
{
    if (it->ndim > max_dims || it->nop > max_ops) {
        return pc_error_set(PC_ERR_NOTIMPL,
                            "GPU kernels take at most %d operands of at most %d dimensions after "
                            "coalescing (got %d operands, %d dimensions)",
                            max_ops, max_dims, it->nop, it->ndim);
    }
    cudaError_t e = cudaSetDevice(it->device.index);
    if (e != cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "CUDA cannot select device %d: %s",
                            (int)it->device.index, cudaGetErrorString(e));
    }
    d->ndim = it->ndim;
    d->size = it->size;
    for (int k = 0; k < it->nop; k++) {
        d->data[k] = it->data[k];
    }
    for (int i = 0; i < it->ndim; i++) {
        d->shape[i] = it->shape[i];
        for (int k = 0; k < it->nop; k++) {
            d->strides[i][k] = it->strides[i][k];
        }
    }
    return PC_OK;
}

pc_status check_launch(const char *what)
{
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "CUDA %s failed: %s", what, cudaGetErrorString(e));
    }
    return PC_OK;
}

} // namespace pcu
