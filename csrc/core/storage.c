/*
 * storage.c - reference-counted buffers.
 *
 * [Why one block on the CPU] Our own CPU memory lives in the same allocation as the storage
 * header, 64-byte aligned after it: one malloc and one free per tensor buffer, which matters for
 * small tensors. Large blocks get MADV_HUGEPAGE (NumPy does the same) so that first-touch page
 * faults do not dominate operations on fresh results. Device memory comes from the backend's
 * vtable and is released through it. Borrowed memory is released through the owner's hook.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "paddle_c/storage.h"

#define PC_ALIGN 64
#define PC_HUGEPAGE_THRESHOLD (INT64_C(1) << 22)

static void release_device_memory(pc_storage *s)
{
    const pc_backend *b = pc_backend_get((pc_device_type)s->device.type);
    if (b != NULL && s->data != NULL) {
        b->free(b, s->device.index, s->data, (size_t)s->nbytes);
    }
}

/* The backend's memset on its stream, or (no memset slot) a copy from a zeroed host buffer. */
static pc_status zero_device_memory(const pc_backend *b, pc_device device, void *data,
                                    size_t nbytes)
{
    if (b->memset != NULL) {
        return b->memset(b, device.index, data, 0, nbytes);
    }
    void *zeros = calloc(1, nbytes);
    if (zeros == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate %zu bytes on the CPU", nbytes);
    }
    pc_status st = b->copy(b, device, data, pc_device_cpu(), zeros, nbytes);
    free(zeros);
    return st;
}

static void advise_hugepages(void *data, int64_t nbytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (nbytes >= PC_HUGEPAGE_THRESHOLD) {
        const uintptr_t page = 4096;
        uintptr_t start = ((uintptr_t)data + page - 1) & ~(page - 1);
        uintptr_t end = ((uintptr_t)data + (uintptr_t)nbytes) & ~(page - 1);
        if (end > start) {
            (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
        }
    }
#else
    (void)data;
    (void)nbytes;
#endif
}

pc_status pc_storage_new(pc_device device, int64_t nbytes, bool zeroed, pc_storage **out)
{
    if (nbytes < 0) {
        return pc_error_set(PC_ERR_VALUE, "negative storage size %lld", (long long)nbytes);
    }
    if (device.type == PC_DEVICE_CPU) {
        const size_t header = (sizeof(pc_storage) + PC_ALIGN - 1) & ~(size_t)(PC_ALIGN - 1);
        if ((uint64_t)nbytes > SIZE_MAX - header - PC_ALIGN) {
            return pc_error_set(PC_ERR_MEMORY, "cannot allocate %lld bytes", (long long)nbytes);
        }
        const size_t total = header + PC_ALIGN + (size_t)nbytes;
        char *block = zeroed ? calloc(1, total) : malloc(total);
        if (block == NULL) {
            return pc_error_set(PC_ERR_MEMORY, "cannot allocate %lld bytes on the CPU",
                                (long long)nbytes);
        }
        pc_storage *s = (pc_storage *)block;
        uintptr_t data = ((uintptr_t)block + header + PC_ALIGN - 1) & ~(uintptr_t)(PC_ALIGN - 1);
        memset(s, 0, sizeof *s);
        s->refcount = 1;
        s->data = (void *)data;
        s->nbytes = nbytes;
        s->device = device;
        advise_hugepages(s->data, nbytes);
        *out = s;
        return PC_OK;
    }

    pc_status st = pc_device_check(device);
    if (st != PC_OK) {
        return st;
    }
    const pc_backend *b = pc_backend_get((pc_device_type)device.type);
    pc_storage *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate a storage header");
    }
    void *data = NULL;
    if (nbytes > 0) {
        st = b->alloc(b, device.index, (size_t)nbytes, &data);
        if (st == PC_OK && zeroed) {
            st = zero_device_memory(b, device, data, (size_t)nbytes);
            if (st != PC_OK) {
                b->free(b, device.index, data, (size_t)nbytes);
            }
        }
        if (st != PC_OK) {
            free(s);
            return st;
        }
    }
    s->refcount = 1;
    s->data = data;
    s->nbytes = nbytes;
    s->device = device;
    s->release = release_device_memory;
    *out = s;
    return PC_OK;
}

pc_status pc_storage_wrap(pc_device device, void *data, int64_t nbytes, bool readonly,
                          pc_storage_release_fn release, void *owner, pc_storage **out)
{
    pc_storage *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate a storage header");
    }
    s->refcount = 1;
    s->data = data;
    s->nbytes = nbytes;
    s->device = device;
    s->readonly = readonly;
    s->release = release;
    s->owner = owner;
    *out = s;
    return PC_OK;
}

void pc_storage_incref(pc_storage *s) { __atomic_fetch_add(&s->refcount, 1, __ATOMIC_RELAXED); }

void pc_storage_decref(pc_storage *s)
{
    if (s == NULL) {
        return;
    }
    if (__atomic_sub_fetch(&s->refcount, 1, __ATOMIC_ACQ_REL) != 0) {
        return;
    }
    /* Our own CPU memory shares the header's block; borrowed and device memory is released
     * through its hook and only the header is ours. Either way the header block goes. */
    if (s->release != NULL) {
        s->release(s);
    }
    free(s);
}
