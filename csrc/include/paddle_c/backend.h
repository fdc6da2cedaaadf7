/*
 * backend.h - devices and the backend vtable (interface version 5).
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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PC_BACKEND_API_VERSION 5

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

/* [Why a result word per operation] An outcome that depends on data (a count from unique, an
 * out-of-range index, a singular matrix, an All-NaN slice) is known only on the device. Kernels
 * write it to a result word through a device address passed in their parameters; the op layer
 * takes a word of the device's pool for the one operation (its reset queued on the stream), reads
 * it once with one copy to the host (one synchronisation), raises what the CPU raises and gives
 * the word back. The words live in the device's own memory (allocated from the backend's pool
 * by core/result_words.c), so any number of threads may run such operations on one device at
 * once, each reading only its own word. The first failure reported wins (`code` is set by a
 * compare-and-swap from PC_OK: kernels/result_word.h). */
typedef struct pc_result_word {
    int32_t code;               /* PC_OK or the pc_status of the failure */
    int32_t detail;             /* which operand, axis or matrix the failure concerns */
    int64_t value;              /* a count, or the offending index */
} pc_result_word;

/* What a backend's kernels can do beyond the basics (pc_backend.caps). */
enum {
    /* its elementwise launches take operands marked in pc_iter.by_value from host memory and
     * pass them to the kernel by value: Python scalars need no device allocation */
    PC_BACKEND_CAP_SCALARS_BY_VALUE = 1u << 0,
    /* its kernels report data-dependent outcomes through result words (pc_result_word) in its
     * own memory; without it they return the outcome as their status, as the CPU's do */
    PC_BACKEND_CAP_RESULT_WORDS = 1u << 1
};

typedef struct pc_backend pc_backend;
struct pc_backend {
    size_t size;                /* sizeof(pc_backend) as the backend was compiled */
    int api_version;            /* PC_BACKEND_API_VERSION */
    const char *name;           /* "cpu", "gpu", ... : the prefix of device strings */
    pc_device_type type;
    int dlpack_device_type;     /* DLPack's code of its memory: kDLCPU (1), kDLCUDA (2), ... */
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
    /* The device's stream waits (on the device; the host does not block) for the work queued
     * so far on `external`: another library's stream on that device, in the encoding DLPack's
     * `stream` argument has for the backend's DLPack device type (CUDA: a cudaStream_t, or 1
     * and 2 for the legacy and the per-thread default stream). A DLPack export's release uses
     * it so that memory a consumer's queued kernels still read is not reused before they have
     * (interop/dlpack.c). Default: nothing to wait for (a backend without streams). */
    pc_status (*wait_external_stream)(const pc_backend *self, int index, void *external);

    /* ---- pool and statistics -------------------------------------------------------------- */
    /* Default: all zero. */
    pc_status (*memory_stats)(const pc_backend *self, int index, pc_memory_stats *out);
    /* Return the pool's cached blocks to the device. Default: nothing cached. */
    pc_status (*empty_cache)(const pc_backend *self, int index);

    /* ---- the current device of the calling thread ------------------------------------------ */
    /* Defaults: device 0, and set_device only accepts 0. */
    pc_status (*get_device)(const pc_backend *self, int *out);
    pc_status (*set_device)(const pc_backend *self, int index);
};

/* The backend of a device type, or NULL when that backend is not built or not registered. */
const pc_backend *pc_backend_get(pc_device_type type);

/* Register (or replace) the backend for its type. PC_ERR_VALUE when `size` is smaller than
 * this header's pc_backend, on an api_version mismatch or when a required slot is NULL. */
pc_status pc_backend_register(const pc_backend *backend);

/* Validate a device: its backend exists and the index is below its device count. */
pc_status pc_device_check(pc_device dev);

/* DLPack device type code of a paddle_c device type: its backend's `dlpack_device_type`, or
 * kDLExtDev (12) when none is registered. */
int pc_device_dlpack_type(pc_device_type type);

/* Called once by pc_init(): registers the built-in backends, each with its kernel column. */
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
/* `dev`'s stream waits for the work queued so far on another library's stream `external`
 * (the wait_external_stream slot; PC_OK without waiting on a backend that lacks it). */
pc_status pc_device_wait_external_stream(pc_device dev, void *external);
/* How many synchronous copies from `dev` to the host pc_device_copy has made since the start:
 * each one waits for the device, so tests count them per operation (with the result-word
 * reads, pc_device_result_reads). */
int64_t pc_device_host_reads(pc_device dev);

/* A device guard: makes `dev` the current device of its backend for the calling thread and
 * restores the caller's device on exit. Guards nest; exit them in reverse order. */
typedef struct pc_device_guard {
    const pc_backend *backend;  /* NULL when nothing was changed */
    int previous;
} pc_device_guard;

pc_status pc_device_guard_enter(pc_device_guard *guard, pc_device dev);
void pc_device_guard_exit(pc_device_guard *guard);

/* The result words (pc_result_word) of operations with a data-dependent outcome
 * (core/result_words.c):
 *   pc_device_result_take(dev, &word);     a word of dev's pool for this one operation, its
 *                                          reset queued on the stream (the host does not wait);
 *                                          NULL on the CPU and on backends without
 *                                          PC_BACKEND_CAP_RESULT_WORDS: the kernel then returns
 *                                          its outcome as its status
 *   ... launches whose parameters carry `word` (a DEVICE address: kernels write through it) ...
 *   pc_device_result_read(dev, word, &w);  one copy to the host: the one synchronisation
 *   pc_device_result_give(dev, word);      back to the pool, on every path (NULL is a no-op)
 * `w.code` is PC_OK or the failure; the op layer raises what the CPU raises. Take, read and give
 * are safe from any thread. pc_dispatch_whole_result (dispatch.h) does all three around one
 * launch; only an operation that reads one word after several launches takes its own.
 * pc_device_result_reads counts the reads on a device since the start; pc_device_result_words
 * tells whether the device's kernels report through words. */
bool pc_device_result_words(pc_device dev);
pc_status pc_device_result_take(pc_device dev, pc_result_word **word);
pc_status pc_device_result_read(pc_device dev, const pc_result_word *word, pc_result_word *out);
void pc_device_result_give(pc_device dev, pc_result_word *word);
int64_t pc_device_result_reads(pc_device dev);

/* Whether PADDLE_C_LAUNCH_BLOCKING=1 asks for synchronous, checked launches (read once). */
int pc_launch_blocking(void);

#ifdef __cplusplus
}
#endif
#endif
