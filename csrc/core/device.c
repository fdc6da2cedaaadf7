/*
 * device.c - the device runtime the op layer uses: the backend vtable's stream, copy, pool and
 * guard slots with their defaults applied (backend.h documents each default). The result words
 * are core/result_words.c's.
 *
 * Nothing here allocates except the default memset's zeroed host buffer, which is freed before
 * returning.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "paddle_c/backend.h"

/* The backend of `dev`, or NULL with the error of pc_device_check set. */
static const pc_backend *backend_of(pc_device dev)
{
    return pc_device_check(dev) == PC_OK ? pc_backend_get((pc_device_type)dev.type) : NULL;
}

pc_status pc_device_synchronize(pc_device dev)
{
    const pc_backend *b = backend_of(dev);
    if (b == NULL) {
        return PC_ERR_RUNTIME;
    }
    return b->synchronize != NULL ? b->synchronize(b, dev.index) : PC_OK;
}

pc_status pc_device_memory_stats(pc_device dev, pc_memory_stats *out)
{
    const pc_backend *b = backend_of(dev);
    if (b == NULL) {
        return PC_ERR_RUNTIME;
    }
    memset(out, 0, sizeof *out);
    return b->memory_stats != NULL ? b->memory_stats(b, dev.index, out) : PC_OK;
}

pc_status pc_device_empty_cache(pc_device dev)
{
    const pc_backend *b = backend_of(dev);
    if (b == NULL) {
        return PC_ERR_RUNTIME;
    }
    return b->empty_cache != NULL ? b->empty_cache(b, dev.index) : PC_OK;
}

/* The backend that moves bytes between two devices: the non-CPU side's. */
static const pc_backend *copy_backend(pc_device dst_dev, pc_device src_dev)
{
    return backend_of(dst_dev.type != PC_DEVICE_CPU ? dst_dev : src_dev);
}

#define MAX_COUNTED 64 /* device indices counted per type */
static int64_t host_reads[PC_NUM_DEVICE_TYPES][MAX_COUNTED];

static bool counted(pc_device dev)
{
    return dev.type > PC_DEVICE_CPU && dev.type < PC_NUM_DEVICE_TYPES && dev.index >= 0 &&
           dev.index < MAX_COUNTED;
}

int64_t pc_device_host_reads(pc_device dev)
{
    return counted(dev) ? __atomic_load_n(&host_reads[dev.type][dev.index], __ATOMIC_RELAXED) : 0;
}

pc_status pc_device_copy(pc_device dst_dev, void *dst, pc_device src_dev, const void *src,
                         size_t nbytes)
{
    const pc_backend *b = copy_backend(dst_dev, src_dev);
    if (b == NULL) {
        return PC_ERR_RUNTIME;
    }
    if (dst_dev.type == PC_DEVICE_CPU && counted(src_dev)) {
        __atomic_fetch_add(&host_reads[src_dev.type][src_dev.index], 1, __ATOMIC_RELAXED);
    }
    return nbytes == 0 ? PC_OK : b->copy(b, dst_dev, dst, src_dev, src, nbytes);
}

pc_status pc_device_copy_async(pc_device dst_dev, void *dst, pc_device src_dev,
                               const void *src, size_t nbytes)
{
    const pc_backend *b = copy_backend(dst_dev, src_dev);
    if (b == NULL) {
        return PC_ERR_RUNTIME;
    }
    if (nbytes == 0) {
        return PC_OK;
    }
    return b->copy_async != NULL ? b->copy_async(b, dst_dev, dst, src_dev, src, nbytes)
                                 : b->copy(b, dst_dev, dst, src_dev, src, nbytes);
}

pc_status pc_device_wait_external_stream(pc_device dev, void *external)
{
    const pc_backend *b = backend_of(dev);
    if (b == NULL) {
        return PC_ERR_RUNTIME;
    }
    return b->wait_external_stream != NULL ? b->wait_external_stream(b, dev.index, external)
                                           : PC_OK;
}

pc_status pc_device_guard_enter(pc_device_guard *guard, pc_device dev)
{
    guard->backend = NULL;
    guard->previous = 0;
    const pc_backend *b = backend_of(dev);
    if (b == NULL) {
        return PC_ERR_RUNTIME;
    }
    if (b->get_device == NULL || b->set_device == NULL) {
        return PC_OK; /* one current device: nothing to switch */
    }
    int previous = 0;
    pc_status st = b->get_device(b, &previous);
    if (st == PC_OK && previous != dev.index) {
        st = b->set_device(b, dev.index);
        if (st == PC_OK) {
            guard->backend = b;
            guard->previous = previous;
        }
    }
    return st;
}

void pc_device_guard_exit(pc_device_guard *guard)
{
    if (guard->backend != NULL) {
        (void)guard->backend->set_device(guard->backend, guard->previous);
        guard->backend = NULL;
    }
}

int pc_launch_blocking(void)
{
    static int cached = -1;
    int v = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (v < 0) {
        const char *s = getenv("PADDLE_C_LAUNCH_BLOCKING");
        v = s != NULL && strcmp(s, "1") == 0;
        __atomic_store_n(&cached, v, __ATOMIC_RELAXED);
    }
    return v;
}
