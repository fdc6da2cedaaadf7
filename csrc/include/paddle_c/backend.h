/*
 * backend.h - devices and the backend vtable.
 *
 * A backend is a vtable plus a context pointer (one per device type). NULL slots mean "use the
 * default" where a default exists (memset falls back to copy of a zeroed host buffer, synchronize
 * to a no-op). Backends register themselves from pc_backends_init(); an out-of-tree device
 * plug-in registers through pc_backend_register() with a matching api_version.
 *
 * Ownership rules: the registry borrows the pc_backend structs (they must outlive the process's
 * use of the library; built-in backends are static).
 */
#ifndef PADDLE_C_BACKEND_H
#define PADDLE_C_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PC_BACKEND_API_VERSION 1

/* [Why device type == backend id] One backend serves every device of a type, so the kernel
 * table's backend axis and the device type are the same enum. */
typedef enum pc_device_type {
    PC_DEVICE_CPU = 0,
    PC_DEVICE_CUDA,
    PC_DEVICE_ROCM,
    PC_DEVICE_OPENCL,
    PC_DEVICE_CUSTOM,   /* an out-of-tree accelerator plug-in (e.g. an XPU) */
    PC_NUM_DEVICE_TYPES
} pc_device_type;

typedef struct pc_device {
    int32_t type;   /* pc_device_type */
    int32_t index;  /* 0 for the CPU */
} pc_device;

static inline pc_device pc_device_cpu(void)
{
    pc_device d = {PC_DEVICE_CPU, 0};
    return d;
}

static inline int pc_device_equal(pc_device a, pc_device b)
{
    return a.type == b.type && a.index == b.index;
}

typedef struct pc_backend pc_backend;
struct pc_backend {
    int api_version;            /* PC_BACKEND_API_VERSION */
    const char *name;           /* "cpu", "gpu", ... : the prefix of device strings */
    pc_device_type type;
    void *context;              /* backend-private state */

    int (*device_count)(const pc_backend *self);
    /* Allocate `nbytes` (> 0) on device `index`; aligned to at least 64 bytes. */
    pc_status (*alloc)(const pc_backend *self, int index, size_t nbytes, void **out);
    void (*free)(const pc_backend *self, int index, void *ptr);
    /* Copy `nbytes` between two places, at least one of which is on this backend. */
    pc_status (*copy)(const pc_backend *self, pc_device dst_dev, void *dst, pc_device src_dev,
                      const void *src, size_t nbytes);
    pc_status (*memset)(const pc_backend *self, int index, void *ptr, int value, size_t nbytes);
    pc_status (*synchronize)(const pc_backend *self, int index);
    /* A human-readable name of the device, e.g. "NVIDIA H100". */
    const char *(*device_name)(const pc_backend *self, int index);
};

/* The backend of a device type, or NULL when that backend is not built or not registered. */
const pc_backend *pc_backend_get(pc_device_type type);

/* Register (or replace) the backend for its type. PC_ERR_VALUE on an api_version mismatch. */
pc_status pc_backend_register(const pc_backend *backend);

/* Validate a device: its backend exists and the index is below its device count. */
pc_status pc_device_check(pc_device dev);

/* DLPack device type code of a paddle_c device type (kDLCPU = 1, kDLCUDA = 2, ...). */
int pc_device_dlpack_type(pc_device_type type);

/* Called once by pc_init(): registers the built-in backends. */
void pc_backends_init(void);

#ifdef __cplusplus
}
#endif
#endif
