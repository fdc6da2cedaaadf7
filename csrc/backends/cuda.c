/*
 * cuda.c - the CUDA backend's runtime (also built for ROCm through vendors/hip.h): per device
 * one non-blocking stream, stream-ordered memory from a memory pool of our own, copies, events,
 * statistics and the current device. Its kernels report data-dependent outcomes through result
 * words in device memory (PC_BACKEND_CAP_RESULT_WORDS, core/result_words.c).
 *
 * The backend is registered whenever it is built; on a machine without a GPU its device count
 * is 0, so `gpu:N` devices raise "does not exist" and devices() lists only the CPU. A device's
 * state (stream, pool) is created on its first use, under one lock, and never
 * destroyed (the process keeps it). Kernels live in csrc/kernels/cuda/ and register themselves
 * from pc_cuda_register_kernels(), which gets the launch check and the memory pool as hooks
 * (pc_gpu_runtime, kernels/table.h); they launch on the vtable's stream.
 *
 * [Why a pool with an unbounded release threshold] cudaFree synchronises the whole device;
 * cudaMallocFromPoolAsync/cudaFreeAsync on the stream are ordered with the launches instead, and
 * with the release threshold at UINT64_MAX the pool keeps freed blocks for reuse until
 * empty_cache() trims it, so neither allocation nor free waits for the device.
 *
 * [Why a pool of our own] The device's default pool is shared with every library in the
 * process that allocates with cudaMallocAsync (CuPy, PyTorch's async allocator, JAX): setting
 * its release threshold would change how much memory they keep, and trimming it in
 * empty_cache() would trim theirs. Our pool (cudaMemPoolCreate) holds only our tensors and the
 * kernels' scratch (runtime_mem_pool), so its statistics are ours alone too.
 *
 * [Why a sticky error says "restart"] A kernel that faults (an illegal address, an assertion,
 * a trap) leaves the CUDA context unusable: that error and every later call of the runtime in
 * the process fail with it, whatever they do. Launches are asynchronous, so the fault surfaces
 * at the next call that waits - usually a copy - naming that call instead of the kernel. The
 * message says so; PADDLE_C_LAUNCH_BLOCKING=1 makes every launch wait and be checked, which
 * names the kernel's operation (docs/devices.md).
 *
 * [Why a forked child refuses the GPU] The driver is initialised when the devices are counted
 * (at import), and neither its context nor its threads survive fork(): in a child every CUDA
 * call fails or waits for threads that do not exist. `init_lock`'s fork hook marks the child,
 * and every entry point then raises RuntimeError at once (the devices keep their count and
 * names, so gpu:N names the reason rather than "does not exist"). Memory inherited from the
 * parent is dropped without a CUDA call.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef PC_USE_HIP
#include "kernels/cuda/vendors/hip.h"
#define PC_GPU_RUNTIME "HIP" /* the runtime errors name */
#else
#include <cuda_runtime_api.h>
#define PC_GPU_RUNTIME "CUDA"
#endif

#include "core/fork_lock.h"
#include "paddle_c/backend.h"
#include "paddle_c/kernels/table.h"

#define PC_CUDA_MAX_DEVICES 64

typedef struct cuda_device {
    int ready;                  /* set (release) once the fields below are valid */
    cudaStream_t stream;
    cudaMemPool_t pool;
    int64_t allocated;          /* atomics: bytes in live allocations, and their peak */
    int64_t peak_allocated;
    int64_t num_allocs;
} cuda_device;

static void after_fork_in_child(void);

/* device count and names: written once by pc_cuda_backend_init(), read-only afterwards */
static int ndevices;
static char device_names[PC_CUDA_MAX_DEVICES][256];
static cuda_device devices[PC_CUDA_MAX_DEVICES];
static pc_fork_lock init_lock = PC_FORK_LOCK_INIT(after_fork_in_child);
static int forked; /* this process is a child of fork(): CUDA is unusable */

static void after_fork_in_child(void) { forked = 1; }

/* PC_OK, or the RuntimeError of a forked child. */
static pc_status usable(void)
{
    return forked ? pc_error_set(PC_ERR_RUNTIME,
                                 "the GPU cannot be used in a process made by fork() (CUDA "
                                 "does not survive fork): start it with multiprocessing's "
                                 "'spawn' or 'forkserver' method")
                  : PC_OK;
}

/* The errors after which the context is unusable (see [Why a sticky error says "restart"]). */
static int sticky(cudaError_t e)
{
    switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
#ifndef PC_USE_HIP /* HIP (5.2) has no codes of its own for these */
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
#endif
        return 1;
    default:
        return 0;
    }
}

static pc_status cuda_error(cudaError_t e, const char *what)
{
    (void)cudaGetLastError(); /* clear a non-sticky error so the next call starts clean */
    if (sticky(e)) {
        return pc_error_set(PC_ERR_RUNTIME,
                            PC_GPU_RUNTIME " %s failed: %s. A kernel faulted: the " PC_GPU_RUNTIME
                            " context of this process is unusable and every later GPU "
                            "operation fails; restart the process (with "
                            "PADDLE_C_LAUNCH_BLOCKING=1 the error names the operation whose "
                            "kernel faulted)",
                            what, cudaGetErrorString(e));
    }
    return pc_error_set(e == cudaErrorMemoryAllocation ? PC_ERR_MEMORY : PC_ERR_RUNTIME,
                        PC_GPU_RUNTIME " %s failed: %s", what, cudaGetErrorString(e));
}

static int cuda_device_count(const pc_backend *self)
{
    (void)self;
    if (forked) {
        return ndevices;
    }
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        (void)cudaGetLastError(); /* no driver or no device: clear the sticky error */
        return 0;
    }
    return n < PC_CUDA_MAX_DEVICES ? n : PC_CUDA_MAX_DEVICES;
}

/* Make `index` current for the calling thread, remembering the caller's device. */
static cudaError_t enter_device(int index, int *previous)
{
    cudaError_t e = cudaGetDevice(previous);
    if (e == cudaSuccess && *previous != index) {
        e = cudaSetDevice(index);
    }
    return e;
}

static void leave_device(int index, int previous)
{
    if (previous != index) {
        (void)cudaSetDevice(previous);
    }
}

static cudaError_t create_device_state(int index, cuda_device *d)
{
    cudaError_t e = cudaStreamCreateWithFlags(&d->stream, cudaStreamNonBlocking);
    if (e == cudaSuccess) {
        struct cudaMemPoolProps props;
        memset(&props, 0, sizeof props);
        props.allocType = cudaMemAllocationTypePinned;
        props.handleTypes = cudaMemHandleTypeNone;
        props.location.type = cudaMemLocationTypeDevice;
        props.location.id = index;
        e = cudaMemPoolCreate(&d->pool, &props);
    }
    if (e == cudaSuccess) {
        uint64_t threshold = UINT64_MAX;
        e = cudaMemPoolSetAttribute(d->pool, cudaMemPoolAttrReleaseThreshold, &threshold);
    }
    return e;
}

/* The state of device `index`, created on first use; NULL with an error set. */
static cuda_device *device_state(int index)
{
    if (index < 0 || index >= PC_CUDA_MAX_DEVICES) {
        pc_error_set(PC_ERR_RUNTIME, "device gpu:%d does not exist", index);
        return NULL;
    }
    if (usable() != PC_OK) {
        return NULL;
    }
    cuda_device *d = &devices[index];
    if (__atomic_load_n(&d->ready, __ATOMIC_ACQUIRE)) {
        return d;
    }
    pc_fork_lock_acquire(&init_lock);
    cudaError_t e = cudaSuccess;
    if (!d->ready) {
        int previous = 0;
        e = enter_device(index, &previous);
        if (e == cudaSuccess) {
            e = create_device_state(index, d);
            leave_device(index, previous);
        }
        if (e == cudaSuccess) {
            __atomic_store_n(&d->ready, 1, __ATOMIC_RELEASE);
        }
    }
    pc_fork_lock_release(&init_lock);
    if (e != cudaSuccess) {
        cuda_error(e, "device initialisation");
        return NULL;
    }
    return d;
}

static pc_status cuda_alloc(const pc_backend *self, int index, size_t nbytes, void **out)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    int previous = 0;
    cudaError_t e = enter_device(index, &previous);
    if (e == cudaSuccess) {
        e = cudaMallocFromPoolAsync(out, nbytes, d->pool, d->stream);
        leave_device(index, previous);
    }
    if (e != cudaSuccess) {
        return cuda_error(e, "allocation");
    }
    const int64_t now = __atomic_add_fetch(&d->allocated, (int64_t)nbytes, __ATOMIC_RELAXED);
    int64_t peak = __atomic_load_n(&d->peak_allocated, __ATOMIC_RELAXED);
    while (now > peak && !__atomic_compare_exchange_n(&d->peak_allocated, &peak, now, 1,
                                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
    __atomic_add_fetch(&d->num_allocs, 1, __ATOMIC_RELAXED);
    return PC_OK;
}

static void cuda_free(const pc_backend *self, int index, void *ptr, size_t nbytes)
{
    (void)self;
    cuda_device *d = device_state(index);
    int previous = 0;
    if (d != NULL && enter_device(index, &previous) == cudaSuccess) {
        (void)cudaFreeAsync(ptr, d->stream);
        leave_device(index, previous);
        __atomic_sub_fetch(&d->allocated, (int64_t)nbytes, __ATOMIC_RELAXED);
    }
}

static pc_status cuda_memset(const pc_backend *self, int index, void *ptr, int value,
                             size_t nbytes)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaMemsetAsync(ptr, value, nbytes, d->stream);
    return e == cudaSuccess ? PC_OK : cuda_error(e, "memset");
}

/* Queue the copy on the device side's stream; `wait` waits for it (and what came before). */
static pc_status copy_on_stream(pc_device dst_dev, void *dst, pc_device src_dev,
                                const void *src, size_t nbytes, int wait)
{
    const int dst_gpu = dst_dev.type != PC_DEVICE_CPU;
    const int src_gpu = src_dev.type != PC_DEVICE_CPU;
    const int index = dst_gpu ? dst_dev.index : src_dev.index;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaSuccess;
    if (dst_gpu && src_gpu && dst_dev.index != src_dev.index) {
        /* the source's stream is not ordered with ours: its work finishes first */
        cuda_device *s = device_state(src_dev.index);
        if (s == NULL) {
            return PC_ERR_RUNTIME;
        }
        e = cudaStreamSynchronize(s->stream);
        if (e == cudaSuccess) {
            e = cudaMemcpyPeerAsync(dst, dst_dev.index, src, src_dev.index, nbytes, d->stream);
        }
    } else {
        const enum cudaMemcpyKind kind = !src_gpu ? cudaMemcpyHostToDevice
                                         : !dst_gpu ? cudaMemcpyDeviceToHost
                                                    : cudaMemcpyDeviceToDevice;
        e = cudaMemcpyAsync(dst, src, nbytes, kind, d->stream);
    }
    if (e == cudaSuccess && wait) {
        e = cudaStreamSynchronize(d->stream);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "copy");
}

static pc_status cuda_copy(const pc_backend *self, pc_device dst_dev, void *dst, pc_device src_dev,
                           const void *src, size_t nbytes)
{
    (void)self;
    return copy_on_stream(dst_dev, dst, src_dev, src, nbytes, 1);
}

static pc_status cuda_copy_async(const pc_backend *self, pc_device dst_dev, void *dst,
                                 pc_device src_dev, const void *src, size_t nbytes)
{
    (void)self;
    return copy_on_stream(dst_dev, dst, src_dev, src, nbytes, 0);
}

static void *cuda_stream(const pc_backend *self, int index)
{
    (void)self;
    cuda_device *d = device_state(index);
    return d != NULL ? (void *)d->stream : NULL;
}

static pc_status cuda_synchronize(const pc_backend *self, int index)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaStreamSynchronize(d->stream);
    return e == cudaSuccess ? PC_OK : cuda_error(e, "synchronize");
}

static pc_status cuda_event_create(const pc_backend *self, int index, void **out)
{
    (void)self;
    if (usable() != PC_OK) {
        return PC_ERR_RUNTIME;
    }
    int previous = 0;
    cudaError_t e = enter_device(index, &previous);
    if (e == cudaSuccess) {
        e = cudaEventCreateWithFlags((cudaEvent_t *)out, cudaEventDisableTiming);
        leave_device(index, previous);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "event creation");
}

static void cuda_event_destroy(const pc_backend *self, int index, void *event)
{
    (void)self;
    (void)index;
    if (!forked) {
        (void)cudaEventDestroy((cudaEvent_t)event);
    }
}

static pc_status cuda_event_record(const pc_backend *self, int index, void *event)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaEventRecord((cudaEvent_t)event, d->stream);
    return e == cudaSuccess ? PC_OK : cuda_error(e, "event record");
}

static pc_status cuda_event_wait(const pc_backend *self, int index, void *event)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaStreamWaitEvent(d->stream, (cudaEvent_t)event, 0);
    return e == cudaSuccess ? PC_OK : cuda_error(e, "event wait");
}

static pc_status cuda_event_synchronize(const pc_backend *self, int index, void *event)
{
    (void)self;
    (void)index;
    if (usable() != PC_OK) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaEventSynchronize((cudaEvent_t)event);
    return e == cudaSuccess ? PC_OK : cuda_error(e, "event synchronize");
}

static pc_status cuda_memory_stats(const pc_backend *self, int index, pc_memory_stats *out)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    uint64_t reserved = 0;
    uint64_t peak_reserved = 0;
    cudaError_t e = cudaMemPoolGetAttribute(d->pool, cudaMemPoolAttrReservedMemCurrent, &reserved);
    if (e == cudaSuccess) {
        e = cudaMemPoolGetAttribute(d->pool, cudaMemPoolAttrReservedMemHigh, &peak_reserved);
    }
    if (e != cudaSuccess) {
        return cuda_error(e, "memory statistics");
    }
    out->allocated = __atomic_load_n(&d->allocated, __ATOMIC_RELAXED);
    out->peak_allocated = __atomic_load_n(&d->peak_allocated, __ATOMIC_RELAXED);
    out->num_allocs = __atomic_load_n(&d->num_allocs, __ATOMIC_RELAXED);
    out->reserved = (int64_t)reserved;
    out->peak_reserved = (int64_t)peak_reserved;
    return PC_OK;
}

static pc_status cuda_empty_cache(const pc_backend *self, int index)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaStreamSynchronize(d->stream);
    if (e == cudaSuccess) {
        e = cudaMemPoolTrimTo(d->pool, 0);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "empty_cache");
}

static pc_status cuda_get_device(const pc_backend *self, int *out)
{
    (void)self;
    if (usable() != PC_OK) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaGetDevice(out);
    return e == cudaSuccess ? PC_OK : cuda_error(e, "get device");
}

static pc_status cuda_set_device(const pc_backend *self, int index)
{
    (void)self;
    if (usable() != PC_OK) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaSetDevice(index);
    return e == cudaSuccess ? PC_OK : cuda_error(e, "set device");
}

static const char *cuda_device_name(const pc_backend *self, int index)
{
    (void)self;
    return index >= 0 && index < PC_CUDA_MAX_DEVICES ? device_names[index] : "?";
}

/* pc_gpu_runtime's hooks (kernels/table.h), handed to the kernels at registration */
static void *runtime_mem_pool(int index)
{
    cuda_device *d = device_state(index);
    return d != NULL ? (void *)d->pool : NULL;
}

/* The wait_external_stream slot: an event recorded on `other` (a cudaStream_t of another library,
 * or DLPack's 1 and 2, the legacy and the per-thread default stream, which the runtime takes as
 * handles) that the device's stream waits for. */
static pc_status cuda_wait_external_stream(const pc_backend *self, int index, void *other)
{
    (void)self;
    cuda_device *d = device_state(index);
    if (d == NULL) {
        return PC_ERR_RUNTIME;
    }
    int previous = 0;
    cudaEvent_t event = NULL;
    cudaError_t e = enter_device(index, &previous);
    if (e == cudaSuccess) {
        e = cudaEventCreateWithFlags(&event, cudaEventDisableTiming);
        if (e == cudaSuccess) {
            e = cudaEventRecord(event, (cudaStream_t)other);
        }
        if (e == cudaSuccess) {
            e = cudaStreamWaitEvent(d->stream, event, 0);
        }
        if (event != NULL) {
            (void)cudaEventDestroy(event); /* released once the wait has been satisfied */
        }
        leave_device(index, previous);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, "stream ordering");
}

static pc_status runtime_launch_check(int index, const char *what)
{
    if (usable() != PC_OK) {
        return PC_ERR_RUNTIME;
    }
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess && pc_launch_blocking()) {
        cuda_device *d = device_state(index);
        if (d == NULL) {
            return PC_ERR_RUNTIME;
        }
        e = cudaStreamSynchronize(d->stream);
    }
    return e == cudaSuccess ? PC_OK : cuda_error(e, what);
}

static const pc_backend cuda_backend = {
    .size = sizeof(pc_backend),
    .api_version = PC_BACKEND_API_VERSION,
    .name = "gpu",
#ifdef PC_USE_HIP
    .type = PC_DEVICE_ROCM,
    .dlpack_device_type = 10, /* kDLROCM */
#else
    .type = PC_DEVICE_CUDA,
    .dlpack_device_type = 2, /* kDLCUDA */
#endif
    .context = NULL,
    /* the launcher copies host values into the kernel's parameters (kernels/cuda/launch.cuh);
     * the kernels report through result words (kernels/result_word.h) */
    .caps = PC_BACKEND_CAP_SCALARS_BY_VALUE | PC_BACKEND_CAP_RESULT_WORDS,
    .device_count = cuda_device_count,
    .device_name = cuda_device_name,
    .alloc = cuda_alloc,
    .free = cuda_free,
    .memset = cuda_memset,
    .copy = cuda_copy,
    .copy_async = cuda_copy_async,
    .stream = cuda_stream,
    .synchronize = cuda_synchronize,
    .event_create = cuda_event_create,
    .event_destroy = cuda_event_destroy,
    .event_record = cuda_event_record,
    .event_wait = cuda_event_wait,
    .event_synchronize = cuda_event_synchronize,
    .wait_external_stream = cuda_wait_external_stream,
    .memory_stats = cuda_memory_stats,
    .empty_cache = cuda_empty_cache,
    .get_device = cuda_get_device,
    .set_device = cuda_set_device,
};

/* Called once from pc_backends_init(): device names are read here, so later reads need no
 * locking. */
void pc_cuda_backend_init(void)
{
    pc_fork_lock_register(&init_lock); /* its hook marks every child, used or not */
    const int n = cuda_device_count(&cuda_backend);
    ndevices = n;
    for (int i = 0; i < n; i++) {
        struct cudaDeviceProp prop;
        if (cudaGetDeviceProperties(&prop, i) == cudaSuccess) {
            snprintf(device_names[i], sizeof device_names[i], "%s", prop.name);
        } else {
            (void)cudaGetLastError();
            snprintf(device_names[i], sizeof device_names[i], "gpu:%d", i);
        }
    }
    (void)pc_backend_register(&cuda_backend);
    const pc_gpu_runtime runtime = {.mem_pool = runtime_mem_pool,
                                    .launch_check = runtime_launch_check};
    pc_cuda_register_kernels(&runtime);
}
