/*
 * dlpack.h - DLPack managed tensors <-> paddle_c tensors, without Python.
 *
 * Here: exporting a tensor as a DLManagedTensorVersioned or a legacy DLManagedTensor, importing
 * either kind as a tensor, the dtype and device mappings, the exchange API's allocator, and the
 * streams: ours (what a producer is asked to order its work before), and the consumer's (what
 * the release of an exported tensor is ordered after). Not here: capsules and the parsing of
 * __dlpack__'s arguments (csrc/python/dlpack.c).
 *
 * Ownership rules:
 * - An exported managed tensor holds one reference to the tensor's storage and owns its shape
 *   and element-stride arrays (one allocation with the struct). Its deleter drops the reference
 *   and frees the block; it never touches Python, so it may run on any thread, with or without
 *   the GIL, and during interpreter shutdown. Storage release hooks that reach Python objects
 *   (buffer-protocol imports) take the GIL themselves.
 * - Importing: on success the managed tensor belongs to the new tensor's storage, whose release
 *   calls the producer's deleter exactly once, when the last view goes (or at once, when the
 *   data had to be copied). On failure nothing was taken: the caller still owns it.
 */
#ifndef PADDLE_C_INTEROP_DLPACK_H
#define PADDLE_C_INTEROP_DLPACK_H

#include <stdbool.h>
#include <stdint.h>

#include "interop/dlpack_abi.h"
#include "paddle_c/tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The DLPack data type of a paddle_c dtype (lanes 1). */
DLDataType pc_dlpack_dtype_of(pc_dtype dtype);

/* The dtype described by `dt`; PC_ERR_BUFFER naming it when paddle_c has none. */
pc_status pc_dlpack_dtype_from(DLDataType dt, pc_dtype *out);

/* The DLPack device of a paddle_c device. */
DLDevice pc_dlpack_device_of(pc_device device);

/* The paddle_c device holding memory of a DLPack device. Host-accessible kinds (pinned and
 * managed memory) are the CPU. PC_ERR_BUFFER when the kind is unknown or its backend is not
 * part of this build. */
pc_status pc_dlpack_device_from(DLDevice device, pc_device *out);

/* Export `t` without copying. `flags` are DLPACK_FLAG_BITMASK_* for the versioned struct.
 * `consumer_stream` is the stream the consumer works on, in DLPack's encoding for t's device
 * (CUDA: 1 the legacy default stream, 2 the per-thread one, else a cudaStream_t), or NULL when
 * none is known: the deleter then first makes the device's stream wait for the work queued on
 * it so far (the backend's wait_external_stream slot; nothing on a backend without streams),
 * so that a stream-ordered free (and the reuse of the memory) cannot overtake the consumer's
 * kernels.
 * That stream must still exist when the consumer calls the deleter. PC_ERR_BUFFER when the
 * layout cannot be described (a stride that is not a multiple of the item size). */
pc_status pc_dlpack_export_versioned(const pc_tensor *t, uint64_t flags, void *consumer_stream,
                                     DLManagedTensorVersioned **out);
pc_status pc_dlpack_export_legacy(const pc_tensor *t, void *consumer_stream,
                                  DLManagedTensor **out);

/* Import a managed tensor (see the ownership rules above). The versioned form refuses a major
 * version other than ours and honours DLPACK_FLAG_BITMASK_READ_ONLY (a read-only storage).
 * NULL strides mean C-contiguous; `byte_offset` is added to `data`. Data that is not aligned to
 * its element type is copied into fresh memory when `allow_copy`, else PC_ERR_BUFFER.
 * `*copied` (may be NULL) tells whether the result owns a copy. */
pc_status pc_dlpack_import_versioned(DLManagedTensorVersioned *managed, bool allow_copy,
                                     pc_tensor **out, bool *copied);
pc_status pc_dlpack_import_legacy(DLManagedTensor *managed, bool allow_copy, pc_tensor **out,
                                  bool *copied);

/* A new C-contiguous tensor of the prototype's dtype, shape and device, exported (the exchange
 * API's managed_tensor_allocator). */
pc_status pc_dlpack_allocate(const DLTensor *prototype, DLManagedTensorVersioned **out);

/* Wait until work queued on `device` is done, so that a consumer on any stream sees the data.
 * A no-op on the CPU. */
pc_status pc_dlpack_synchronize(pc_device device);

/* The stream paddle_c queues the work of `device` on (a cudaStream_t for CUDA and ROCm), NULL
 * for devices without one (the CPU, hostdev): what paddle_c as a consumer passes to a
 * producer's __dlpack__(stream=...), and the exchange API's current_work_stream. */
void *pc_dlpack_work_stream(pc_device device);

#ifdef __cplusplus
}
#endif
#endif
