/*
 * cuda_stream.h - what the CUDA (and HIP) kernels take from the CUDA backend's runtime
 * (csrc/backends/cuda.c): the device's stream to launch on and the launch check that honours
 * PADDLE_C_LAUNCH_BLOCKING.
 */
#ifndef PADDLE_C_CUDA_STREAM_H
#define PADDLE_C_CUDA_STREAM_H

#include "paddle_c/backend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The non-blocking stream of device `index` (a cudaStream_t), created on first use; NULL with
 * an error set when the device cannot be initialised. */
void *pc_cuda_stream(int index);

/* After a launch on device `index`'s stream: the launch error, if any; with
 * PADDLE_C_LAUNCH_BLOCKING=1 also waits for the stream and reports the kernel's error. */
pc_status pc_cuda_launch_check(int index, const char *what);

#ifdef __cplusplus
}
#endif
#endif
