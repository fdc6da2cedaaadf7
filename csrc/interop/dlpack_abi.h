/*
 * dlpack_abi.h - the DLPack 1.3 ABI: the C structs and constants that cross library boundaries.
 *
 * Here: exactly the types, enumerators and flags of the DLPack specification that paddle_c reads
 * or writes, with the specification's names, so code written against the reference dlpack.h
 * reads the same. Not here: conversion to and from paddle_c tensors (dlpack.h beside this file).
 *
 * [Why our own declaration of the ABI] The reference header could come from a registry package
 * at build time (the apache-tvm-ffi wheel ships it), but that is a compiled package with its own
 * runtime pulled into every build for ~300 lines of declarations, and its bundled DLPack version
 * moves with that project's releases, not ours. The ABI itself is small and frozen within a major
 * version (only enumerators are added by minor versions), so we declare it from the
 * specification and check it twice: tests/test_dlpack_abi.py compiles a probe of every size and
 * offset against PyTorch's copy of the reference header when a compiler and PyTorch are present,
 * and the exchange tests with NumPy and PyTorch exercise every field.
 *
 * Invariants: layouts match the specification on every platform (plain C types, no packing);
 * DLDeviceType values are passed as int32_t, as the ABI's enum is 32 bits wide.
 */
#ifndef PADDLE_C_DLPACK_ABI_H
#define PADDLE_C_DLPACK_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version we implement: the producer's version field, the consumer's max_version. */
#define DLPACK_MAJOR_VERSION 1
#define DLPACK_MINOR_VERSION 3

typedef struct {
    uint32_t major;
    uint32_t minor;
} DLPackVersion;

typedef enum {
    kDLCPU = 1,
    kDLCUDA = 2,
    kDLCUDAHost = 3,
    kDLOpenCL = 4,
    kDLVulkan = 7,
    kDLMetal = 8,
    kDLVPI = 9,
    kDLROCM = 10,
    kDLROCMHost = 11,
    kDLExtDev = 12,
    kDLCUDAManaged = 13,
    kDLOneAPI = 14,
    kDLWebGPU = 15,
    kDLHexagon = 16,
    kDLMAIA = 17,
    kDLTrn = 18
} DLDeviceType;

typedef struct {
    DLDeviceType device_type;
    int32_t device_id;
} DLDevice;

typedef enum {
    kDLInt = 0U,
    kDLUInt = 1U,
    kDLFloat = 2U,
    kDLOpaqueHandle = 3U,
    kDLBfloat = 4U,
    kDLComplex = 5U,
    kDLBool = 6U
} DLDataTypeCode;

typedef struct {
    uint8_t code;   /* a DLDataTypeCode */
    uint8_t bits;
    uint16_t lanes;
} DLDataType;

typedef struct {
    void *data;
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t *shape;     /* ndim entries (may be NULL when ndim == 0) */
    int64_t *strides;   /* ndim entries in elements; NULL means C-contiguous before DLPack 1.2 */
    uint64_t byte_offset;
} DLTensor;

/* The legacy (unversioned) managed tensor of the "dltensor" capsule. */
typedef struct DLManagedTensor {
    DLTensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;

#define DLPACK_FLAG_BITMASK_READ_ONLY (1UL << 0UL)
#define DLPACK_FLAG_BITMASK_IS_COPIED (1UL << 1UL)
#define DLPACK_FLAG_BITMASK_IS_SUBBYTE_TYPE_PADDED (1UL << 2UL)

/* The managed tensor of the "dltensor_versioned" capsule (DLPack >= 1.0). */
typedef struct DLManagedTensorVersioned {
    DLPackVersion version;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensorVersioned *self);
    uint64_t flags;
    DLTensor dl_tensor;
} DLManagedTensorVersioned;

/* ---- the C exchange API (DLPack 1.3): the "dlpack_exchange_api" capsule ------------------- */

typedef int (*DLPackManagedTensorAllocator)(DLTensor *prototype, DLManagedTensorVersioned **out,
                                            void *error_ctx,
                                            void (*SetError)(void *error_ctx, const char *kind,
                                                             const char *message));
typedef int (*DLPackManagedTensorFromPyObjectNoSync)(void *py_object,
                                                     DLManagedTensorVersioned **out);
typedef int (*DLPackDLTensorFromPyObjectNoSync)(void *py_object, DLTensor *out);
typedef int (*DLPackCurrentWorkStream)(DLDeviceType device_type, int32_t device_id,
                                       void **out_current_stream);
typedef int (*DLPackManagedTensorToPyObjectNoSync)(DLManagedTensorVersioned *tensor,
                                                   void **out_py_object);

typedef struct DLPackExchangeAPIHeader {
    DLPackVersion version;
    struct DLPackExchangeAPIHeader *prev_api;
} DLPackExchangeAPIHeader;

typedef struct DLPackExchangeAPI {
    DLPackExchangeAPIHeader header;
    DLPackManagedTensorAllocator managed_tensor_allocator;
    DLPackManagedTensorFromPyObjectNoSync managed_tensor_from_py_object_no_sync;
    DLPackManagedTensorToPyObjectNoSync managed_tensor_to_py_object_no_sync;
    DLPackDLTensorFromPyObjectNoSync dltensor_from_py_object_no_sync;
    DLPackCurrentWorkStream current_work_stream;
} DLPackExchangeAPI;

#ifdef __cplusplus
}
#endif
#endif
