/*
 * hip.h - compile the CUDA sources for ROCm: the CUDA runtime names used by paddle_c, mapped to
 * their HIP equivalents (ggml's approach). Included instead of the CUDA headers when
 * PC_USE_HIP is defined (hipcc builds).
 *
 * Not needed from HIP: hip_bf16.h (absent before ROCm 6) and hip_fp16.h - float16/bfloat16
 * conversions are paddle_c's own (paddle_c/half.h), on the host and the device alike; and
 * libcu++ (absent) - complex values go through kernels/common/complex_shim.h.
 */
#ifndef PADDLE_C_VENDORS_HIP_H
#define PADDLE_C_VENDORS_HIP_H

#include <hip/hip_runtime.h>

#define cudaError_t hipError_t
#define cudaSuccess hipSuccess
#define cudaGetErrorString hipGetErrorString
#define cudaGetLastError hipGetLastError
#define cudaGetDeviceCount hipGetDeviceCount
#define cudaGetDeviceProperties hipGetDeviceProperties
#define cudaDeviceProp hipDeviceProp_t
#define cudaSetDevice hipSetDevice
#define cudaGetDevice hipGetDevice
#define cudaMalloc hipMalloc
#define cudaFree hipFree
#define cudaMemcpy hipMemcpy
#define cudaMemcpyPeer hipMemcpyPeer
#define cudaMemset hipMemset
#define cudaMemcpyHostToDevice hipMemcpyHostToDevice
#define cudaMemcpyDeviceToHost hipMemcpyDeviceToHost
#define cudaMemcpyDeviceToDevice hipMemcpyDeviceToDevice
#define cudaDeviceSynchronize hipDeviceSynchronize
#define cudaStream_t hipStream_t
#define cudaStreamSynchronize hipStreamSynchronize
/* stream-ordered memory and asynchronous copies (the vendor-library kernels' scratch) */
#define cudaMallocAsync hipMallocAsync
#define cudaMallocFromPoolAsync hipMallocFromPoolAsync
#define cudaMemPool_t hipMemPool_t
#define cudaFreeAsync hipFreeAsync
#define cudaMemcpyAsync hipMemcpyAsync
#define cudaMemsetAsync hipMemsetAsync
/* the backend's runtime (backends/cuda.c, compiled as C): streams, events, the own memory
 * pool, the mapped pinned result word, peer copies and the errors it tells apart */
#define cudaStreamCreateWithFlags hipStreamCreateWithFlags
#define cudaStreamNonBlocking hipStreamNonBlocking
#define cudaStreamWaitEvent hipStreamWaitEvent
#define cudaEvent_t hipEvent_t
#define cudaEventCreateWithFlags hipEventCreateWithFlags
#define cudaEventDisableTiming hipEventDisableTiming
#define cudaEventDestroy hipEventDestroy
#define cudaEventRecord hipEventRecord
#define cudaEventSynchronize hipEventSynchronize
#define cudaMemPoolProps hipMemPoolProps
#define cudaMemPoolCreate hipMemPoolCreate
#define cudaMemPoolSetAttribute hipMemPoolSetAttribute
#define cudaMemPoolGetAttribute hipMemPoolGetAttribute
#define cudaMemPoolTrimTo hipMemPoolTrimTo
#define cudaMemPoolAttrReleaseThreshold hipMemPoolAttrReleaseThreshold
#define cudaMemPoolAttrReservedMemCurrent hipMemPoolAttrReservedMemCurrent
#define cudaMemPoolAttrReservedMemHigh hipMemPoolAttrReservedMemHigh
#define cudaMemAllocationTypePinned hipMemAllocationTypePinned
#define cudaMemHandleTypeNone hipMemHandleTypeNone
#define cudaMemLocationTypeDevice hipMemLocationTypeDevice
#define cudaHostAlloc hipHostMalloc
#define cudaHostAllocMapped hipHostMallocMapped
#define cudaHostAllocPortable hipHostMallocPortable
#define cudaHostGetDevicePointer hipHostGetDevicePointer
#define cudaMemcpyKind hipMemcpyKind
#define cudaMemcpyPeerAsync hipMemcpyPeerAsync
#define cudaErrorMemoryAllocation hipErrorMemoryAllocation
#define cudaErrorIllegalAddress hipErrorIllegalAddress
#define cudaErrorLaunchFailure hipErrorLaunchFailure
#define cudaErrorAssert hipErrorAssert
#define cudaErrorLaunchTimeout hipErrorLaunchTimeOut

/*
 * The vendor libraries on ROCm, opened at run time like NVIDIA's (core/vendor_load.h);
 * Debian packages none of them, so their declarations are ours as for CUDA:
 *   hipFFT   wired: its entry points (hipfftPlanMany, hipfftSetStream, hipfftExec*,
 *            hipfftDestroy) take cuFFT's arguments and enum values, only the plan handle is a
 *            pointer (vendors/cufft_api.h); fft.cu selects the library and prefix.
 *   rocBLAS  wired for MATMUL instead of hipBLAS (vendors/rocblas_api.h says why):
 *            rocblas_gemm_strided_batched_ex, called where CUDA calls
 *            cublasGemmStridedBatchedEx (blas.cu).
 *   hipSOLVER not wired: solver.cu calls cuSOLVER's 64-bit generic API (cusolverDnX*) and
 *            its legacy batched potrf, syevj and gesvdj (cusolverDn<t>potrfBatched, ...),
 *            whose hipSOLVER counterparts (hipsolverDn*) are not declared here yet: on ROCm
 *            the solver ops raise NotImplementedError, batched or not.
 */

#endif
