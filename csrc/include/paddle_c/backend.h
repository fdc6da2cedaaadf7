/*
 * backend.h - devices and the backend vtable (interface version 2).
 *
 * A backend is a vtable plus a context pointer (one per device type). Each device of a backend
 * has one stream: every launch, asynchronous copy, memset and stream-ordered allocation of that
 * device runs on it in order, so the host waits only where it reads results (a copy to the
 * host, an item(), a data-dependent count) or calls synchronize.
 *
 * Registration checks `size` (sizeof(pc_backend) as the backend was compiled; at least this
 * header's) and `api_version`. The required slots are device_count, alloc, free and copy;
 * NULL optional slots get the defaults documented at each slot (a synchronous host-like
 * device needs none of them). Backends register from pc_backends_init(); an out-of-tree
 * device plug-in registers through pc_backend_register().
 *
 * Ownership rules: the registry borrows the pc_backend structs (they must outlive the process's
 * use of the library; built-in backends are static). Events belong to the caller of
 * event_create until event_destroy.
 */
#ifndef PADDLE_C_BACKEND_H
#define PADDLE_C_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PC_BACKEND_API_VERSION 2

/* [Why device type == backend id] One backend serves every device of a type, so the kernel
 * table's backend axis and the device type are the same enum. */
typedef enum pc_device_type {
    PC_DEVICE_CPU = 0,
    PC_DEVICE_CUDA,
    PC_DEVICE_ROCM,
    PC_DEVICE_OPENCL,
    PC_DEVICE_CUSTOM,   /* an out-of-tree accelerator plug-in (e.g. an XPU) */
    PC_DEVICE_HOSTDEV,  /* the test device (backends/hostdev.c): PADDLE_C_TEST_BACKENDS=hostdev */
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

/* Memory statistics of one device (bytes unless named otherwise). */
typedef struct pc_memory_stats {
    int64_t allocated;          /* in live allocations */
    int64_t peak_allocated;     /* the most `allocated` has been since the start */
    int64_t reserved;           /* held from the device: live allocations plus the pool's cache */
    int64_t peak_reserved;
    int64_t num_allocs;         /* allocations made since the start */
} pc_memory_stats;

/* [Why one result word per device] An outcome that depends on data (a count from unique or
 * nonzero, an out-of-range index, a singular matrix, an All-NaN slice) is known only on the
 * device. Kernels write it to this word through a device address passed in their parameters
 * (on GPUs mapped pinned host memory; on hostdev a block of hostdev memory); the op layer
 * resets it before the launch and reads it once, with one copy to the host (one
 * synchronisation), raising what the CPU raises. The first failure reported wins (`code` is
 * set by a compare-and-swap from PC_OK: kernels/result_word.h). */
typedef struct pc_result_word {
    int32_t code;               /* PC_OK or the pc_status of the failure */
    int32_t detail;             /* which operand, axis or matrix the failure concerns */
    int64_t value;              /* a count, or the offending index */
} pc_result_word;

/* What a backend's kernels can do beyond the basics (pc_backend.caps). */
enum {
    /* its elementwise launches take operands marked in pc_iter.by_value from host memory and
     * pass them to the kernel by value: Python scalars need no device allocation */
    PC_BACKEND_CAP_SCALARS_BY_VALUE = 1u << 0
};

typedef struct pc_backend pc_backend;
struct pc_backend {
    size_t size;                /* sizeof(pc_backend) as the backend was compiled */
    int api_version;            /* PC_BACKEND_API_VERSION */
    const char *name;           /* "cpu", "gpu", ... : the prefix of device strings */
    pc_device_type type;
    void *context;              /* backend-private state */
    unsigned caps;              /* PC_BACKEND_CAP_* */

    int (*device_count)(const pc_backend *self);
    /* A human-readable name of the device, e.g. "NVIDIA H100". Default: the backend's name. */
    const char *(*device_name)(const pc_backend *self, int index);

    /* ---- memory: stream-ordered on the device's stream ---------------------------------- */
    /* Allocate `nbytes` (> 0) on device `index`, aligned to at least 64 bytes, usable by work
     * queued on the device's stream from now on. */
    pc_status (*alloc)(const pc_backend *self, int index, size_t nbytes, void **out);
    /* Release `ptr` (of `nbytes`) once the work queued so far on the stream is done; never
     * waits for the device (pooled backends keep the block for reuse). */
    void (*free)(const pc_backend *self, int index, void *ptr, size_t nbytes);
    /* Fill `nbytes` with the byte `value`, on the stream. Default: a copy from a zeroed host
     * buffer (value 0 only). */
    pc_status (*memset)(const pc_backend *self, int index, void *ptr, int value, size_t nbytes);

    /* ---- copies ---------------------------------------------------------------------------- */
    /* Copy `nbytes` between two places, at least one of which is on this backend; returns when
     * the bytes are in place (the stream's earlier work included). */
    pc_status (*copy)(const pc_backend *self, pc_device dst_dev, void *dst, pc_device src_dev,
                      const void *src, size_t nbytes);
    /* The same queued on the stream of the device side (the destination's for device to
     * device); host memory involved must stay valid and unchanged until the stream reaches the
     * copy (an event or synchronize tells). Default: `copy`. */
    pc_status (*copy_async)(const pc_backend *self, pc_device dst_dev, void *dst,
                            pc_device src_dev, const void *src, size_t nbytes);

    /* ---- the stream and events ------------------------------------------------------------ */
    /* The device's stream (a cudaStream_t for CUDA); NULL for backends that run in order on
     * the host. */
    void *(*stream)(const pc_backend *self, int index);
    /* Wait for everything queued on the device's stream. Default: nothing to wait for. */
    pc_status (*synchronize)(const pc_backend *self, int index);
    /* Events mark a point of the stream. Defaults (all five NULL): synchronous backends, where
     * every point is reached when the call returns. */
    pc_status (*event_create)(const pc_backend *self, int index, void **out);
    void (*event_destroy)(const pc_backend *self, int index, void *event);
    pc_status (*event_record)(const pc_backend *self, int index, void *event);
    /* The device's stream waits (on the device) until `event` is reached. */
    pc_status (*event_wait)(const pc_backend *self, int index, void *event);
    /* The host waits until `event` is reached. */
    pc_status (*event_synchronize)(const pc_backend *self, int index, void *event);

    /* ---- pool and statistics -------------------------------------------------------------- */
    /* Default: all zero. */
    pc_status (*memory_stats)(const pc_backend *self, int index, pc_memory_stats *out);
    /* Return the pool's cached blocks to the device. Default: nothing cached. */
    pc_status (*empty_cache)(const pc_backend *self, int index);

    /* ---- the current device of the calling thread ------------------------------------------ */
    /* Defaults: device 0, and set_device only accepts 0. */
    pc_status (*get_device)(const pc_backend *self, int *out);
    pc_status (*set_device)(const pc_backend *self, int index);

    /* The DEVICE address of the device's result word (see pc_result_word): kernels write
     * through it; the host reads and resets it with this backend's copies (on a GPU the word is
     * mapped pinned host memory, so the read is a copy of 16 bytes after the stream's work).
     * NULL for devices whose kernels report nothing data-dependent (the op layer then uses the
     * status the kernel returned). */
    pc_result_word *(*result_word)(const pc_backend *self, int index);
};

/* The backend of a device type, or NULL when that backend is not built or not registered. */
const pc_backend *pc_backend_get(pc_device_type type);

/* Register (or replace) the backend for its type. PC_ERR_VALUE when `size` is smaller than
 * this header's pc_backend, on an api_version mismatch or when a required slot is NULL. */
pc_status pc_backend_register(const pc_backend *backend);

/* Validate a device: its backend exists and the index is below its device count. */
pc_status pc_device_check(pc_device dev);

/* DLPack device type code of a paddle_c device type (kDLCPU = 1, kDLCUDA = 2, ...). */
int pc_device_dlpack_type(pc_device_type type);

/* Called once by pc_init(): registers the built-in backends. */
void pc_backends_init(void);

/* ---- device runtime (core/device.c): the vtable's slots with their defaults applied ------- */

/* Wait for everything queued on `dev`'s stream. */
pc_status pc_device_synchronize(pc_device dev);
pc_status pc_device_memory_stats(pc_device dev, pc_memory_stats *out);
pc_status pc_device_empty_cache(pc_device dev);
/* The copy of `nbytes` between `src` (on src_dev) and `dst` (on dst_dev), by the backend of
 * the non-CPU side; synchronous (copy) or queued on the device's stream (copy_async). */
pc_status pc_device_copy(pc_device dst_dev, void *dst, pc_device src_dev, const void *src,
                         size_t nbytes);
pc_status pc_device_copy_async(pc_device dst_dev, void *dst, pc_device src_dev,
                               const void *src, size_t nbytes);

/* A device guard: makes `dev` the current device of its backend for the calling thread and
 * restores the caller's device on exit. Guards nest; exit them in reverse order. */
typedef struct pc_device_guard {
    const pc_backend *backend;  /* NULL when nothing was changed */
    int previous;
} pc_device_guard;

pc_status pc_device_guard_enter(pc_device_guard *guard, pc_device dev);
void pc_device_guard_exit(pc_device_guard *guard);

/* The result word (pc_result_word) of an operation with a data-dependent outcome:
 *   word = pc_device_result_word(dev);   NULL on the CPU and on backends without a word: the
 *                                         kernel then returns its outcome as its status
 *   pc_device_result_reset(dev, word);    queued on the stream (no wait)
 *   ... launches whose parameters carry `word` (a DEVICE address: kernels write through it) ...
 *   pc_device_result_read(dev, word, &w); one copy to the host: the one synchronisation
 * `w.code` is PC_OK or the failure; the op layer raises what the CPU raises.
 * pc_device_result_reads counts the reads of a device's word since the start. */
pc_result_word *pc_device_result_word(pc_device dev);
pc_status pc_device_result_reset(pc_device dev, pc_result_word *word);
pc_status pc_device_result_read(pc_device dev, const pc_result_word *word, pc_result_word *out);
int64_t pc_device_result_reads(pc_device dev);

/* Whether PADDLE_C_LAUNCH_BLOCKING=1 asks for synchronous, checked launches (read once). */
int pc_launch_blocking(void);

#ifdef __cplusplus
}
#endif
#endif
