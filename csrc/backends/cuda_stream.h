/*
 * cuda_stream.h - what the CUDA (and HIP) kernels and the DLPack layer take from the CUDA
 * backend's runtime (csrc/backends/cuda.c): the device's stream to launch on, its memory pool,
 * the launch check that honours PADDLE_C_LAUNCH_BLOCKING, and ordering our stream after another
 * library's.
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

/* The memory pool of device `index` (a cudaMemPool_t of our own, see cuda.c): scratch memory
 * comes from it with cudaMallocFromPoolAsync; NULL with an error set as pc_cuda_stream. */
void *pc_cuda_mem_pool(int index);

/* Make device `index`'s stream wait (on the device, the host does not block) for the work
 * queued so far on `other`: a cudaStream_t of another library, or DLPack's 1 and 2 (the legacy
 * and the per-thread default stream, which the runtime takes as handles). */
pc_status pc_cuda_stream_wait(int index, void *other);

/* After a launch on device `index`'s stream: the launch error, if any; with
 * PADDLE_C_LAUNCH_BLOCKING=1 also waits for the stream and reports the kernel's error. `what`
 * names the kernel in the message. */
pc_status pc_cuda_launch_check(int index, const char *what);

#ifdef __cplusplus
}
#endif
#endif
