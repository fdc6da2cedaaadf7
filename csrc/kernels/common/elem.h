/*
 * elem.h - the marker of an element function, the one macro that lets the same body compile
 * as C for the CPU, as host + device code under nvcc or hipcc, and as OpenCL C.
 *
 * Element functions (the *_elem.h files of this folder) compute one element from compute
 * values: no loops, no tables, nothing from libc beyond math.h (and memcpy for bit casts).
 * Each target supplies its own loop around them: the CPU's 1-D loops (csrc/kernels/cpu), the
 * CUDA/HIP functor launcher (csrc/kernels/cuda), the OpenCL plug-in's kernels
 * (plugins/opencl/kernels.cl, built from this text at run time).
 */
#ifndef PADDLE_C_KERNELS_COMMON_ELEM_H
#define PADDLE_C_KERNELS_COMMON_ELEM_H

#if defined(__CUDACC__) || defined(__HIPCC__)
#define PC_ELEM static __host__ __device__ inline
#define PC_ELEM_GPU 1
#elif defined(__OPENCL_C_VERSION__)
/* the OpenCL plug-in's programs (plugins/opencl): device code, as on the GPUs */
#define PC_ELEM static inline
#define PC_ELEM_GPU 1
#else
#define PC_ELEM static inline
#endif

#ifndef __OPENCL_C_VERSION__
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#endif

#endif
