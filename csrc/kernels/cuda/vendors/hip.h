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

#endif
