/*
 * cpu.c - the CPU backend's vtable: aligned host allocations and memcpy.
 *
 * Tensor buffers on the CPU come from storage.c's single-block allocation; this vtable serves
 * everything else that asks a backend for memory (temporaries, plug-in style callers).
 */
#include <stdlib.h>
#include <string.h>

#include "paddle_c/backend.h"
#include "paddle_c/kernels/table.h"

static int cpu_device_count(const pc_backend *self)
{
    (void)self;
    return 1;
}

static pc_status cpu_alloc(const pc_backend *self, int index, size_t nbytes, void **out)
{
    (void)self;
    (void)index;
    void *p = NULL;
    if (posix_memalign(&p, 64, nbytes ? nbytes : 1) != 0) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate %zu bytes on the CPU", nbytes);
    }
    *out = p;
    return PC_OK;
}

static void cpu_free(const pc_backend *self, int index, void *ptr, size_t nbytes)
{
    (void)self;
    (void)index;
    (void)nbytes;
    free(ptr);
}

static pc_status cpu_copy(const pc_backend *self, pc_device dst_dev, void *dst, pc_device src_dev,
                          const void *src, size_t nbytes)
{
    (void)self;
    if (dst_dev.type != PC_DEVICE_CPU || src_dev.type != PC_DEVICE_CPU) {
        return pc_error_set(PC_ERR_RUNTIME, "the CPU backend copies only between host buffers");
    }
    memmove(dst, src, nbytes);
    return PC_OK;
}

static pc_status cpu_memset(const pc_backend *self, int index, void *ptr, int value,
                            size_t nbytes)
{
    (void)self;
    (void)index;
    memset(ptr, value, nbytes);
    return PC_OK;
}

static const char *cpu_device_name(const pc_backend *self, int index)
{
    (void)self;
    (void)index;
    return "cpu";
}

/* The host is one device that runs everything in order: no stream, events, pool or result
 * word (kernels return their status), so those slots keep their defaults. */
static const pc_backend cpu_backend = {
    .size = sizeof(pc_backend),
    .api_version = PC_BACKEND_API_VERSION,
    .name = "cpu",
    .type = PC_DEVICE_CPU,
    .dlpack_device_type = 1, /* kDLCPU */
    .context = NULL,
    .device_count = cpu_device_count,
    .alloc = cpu_alloc,
    .free = cpu_free,
    .copy = cpu_copy,
    .memset = cpu_memset,
    .synchronize = NULL,
    .device_name = cpu_device_name,
};

/* Called once from pc_backends_init() (paddle_c_builtin_backends.def), first: the CPU column
 * is filled before any backend that wraps or falls back to it. */
void pc_cpu_backend_init(void)
{
    (void)pc_backend_register(&cpu_backend);
    pc_cpu_register_kernels();
}
