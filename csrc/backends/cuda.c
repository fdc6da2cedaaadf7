/*
 * cuda.c - the CUDA backend's vtable (also built for ROCm through vendors/hip.h): device
 * memory, copies between host and devices, memset, synchronisation, device names.
 *
 * The backend is registered whenever it is built; on a machine without a GPU its device count
 * is 0, so `gpu:N` devices raise "does not exist" and devices() lists only the CPU.
 * Kernels live in csrc/kernels/cuda/ and register themselves from pc_cuda_register_kernels().
 */
#include <stdio.h>
#include <string.h>

#ifdef PC_USE_HIP
#include "kernels/cuda/vendors/hip.h"
#else
#include <cuda_runtime_api.h>
#endif

#include "paddle_c/backend.h"

#define PC_CUDA_MAX_DEVICES 64

/* written once by pc_cuda_backend_init(), read-only afterwards */
static char device_names[PC_CUDA_MAX_DEVICES][256];

static pc_status cuda_error(cudaError_t e, const char *what)
{
    return pc_error_set(e == cudaErrorMemoryAllocation ? PC_ERR_MEMORY : PC_ERR_RUNTIME,
                        "CUDA %s failed: %s", what, cudaGetErrorString(e));
}

static int cuda_device_count(const pc_backend *self)
{
    (void)self;
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        (void)cudaGetLastError(); /* no driver or no device: clear the sticky error */
        return 0;
    }
    return n < PC_CUDA_MAX_DEVICES ? n : PC_CUDA_MAX_DEVICES;
}

static pc_status cuda_alloc(const pc_backend *self, int index, size_t nbytes, void **out)
{
    (void)self;
    cudaError_t e = cudaSetDevice(index);
    if (e == cudaSuccess) {
        e = cudaMalloc(out, nbytes);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "allocation");
}

static void cuda_free(const pc_backend *self, int index, void *ptr)
{
    (void)self;
    if (cudaSetDevice(index) == cudaSuccess) {
        (void)cudaFree(ptr);
    }
}

static pc_status cuda_copy(const pc_backend *self, pc_device dst_dev, void *dst, pc_device src_dev,
                           const void *src, size_t nbytes)
{
    (void)self;
    cudaError_t e;
    if (src_dev.type == PC_DEVICE_CPU) {
        e = cudaSetDevice(dst_dev.index);
        if (e == cudaSuccess) {
            e = cudaMemcpy(dst, src, nbytes, cudaMemcpyHostToDevice);
        }
    } else if (dst_dev.type == PC_DEVICE_CPU) {
        e = cudaSetDevice(src_dev.index);
        if (e == cudaSuccess) {
            e = cudaMemcpy(dst, src, nbytes, cudaMemcpyDeviceToHost);
        }
    } else if (src_dev.index == dst_dev.index) {
        e = cudaSetDevice(dst_dev.index);
        if (e == cudaSuccess) {
            e = cudaMemcpy(dst, src, nbytes, cudaMemcpyDeviceToDevice);
        }
    } else {
        e = cudaMemcpyPeer(dst, dst_dev.index, src, src_dev.index, nbytes);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "copy");
}

static pc_status cuda_memset(const pc_backend *self, int index, void *ptr, int value,
                             size_t nbytes)
{
    (void)self;
    cudaError_t e = cudaSetDevice(index);
    if (e == cudaSuccess) {
        e = cudaMemset(ptr, value, nbytes);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "memset");
}

static pc_status cuda_synchronize(const pc_backend *self, int index)
{
    (void)self;
    cudaError_t e = cudaSetDevice(index);
    if (e == cudaSuccess) {
        e = cudaDeviceSynchronize();
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "synchronize");
}

static const char *cuda_device_name(const pc_backend *self, int index)
{
    (void)self;
    return index >= 0 && index < PC_CUDA_MAX_DEVICES ? device_names[index] : "?";
}

static const pc_backend cuda_backend = {
    .api_version = PC_BACKEND_API_VERSION,
    .name = "gpu",
#ifdef PC_USE_HIP
    .type = PC_DEVICE_ROCM,
#else
    .type = PC_DEVICE_CUDA,
#endif
    .context = NULL,
    .device_count = cuda_device_count,
    .alloc = cuda_alloc,
    .free = cuda_free,
    .copy = cuda_copy,
    .memset = cuda_memset,
    .synchronize = cuda_synchronize,
    .device_name = cuda_device_name,
};

/* Called once from pc_init(): device names are read here, so later reads need no locking. */
void pc_cuda_backend_init(void)
{
    const int n = cuda_device_count(&cuda_backend);
    for (int i = 0; i < n; i++) {
        struct cudaDeviceProp prop;
        if (cudaGetDeviceProperties(&prop, i) == cudaSuccess) {
            snprintf(device_names[i], sizeof device_names[i], "%s", prop.name);
        } else {
            (void)cudaGetLastError();
            snprintf(device_names[i], sizeof device_names[i], "gpu:%d", i);
        }
    }
    (void)pc_backend_register(&cuda_backend);
}
