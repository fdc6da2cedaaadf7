/*
 * runtime.c - the OpenCL plug-in's runtime: the pcp_plugin of paddle_c/plugin.h over OpenCL
 * 1.2 (devices, memory, one in-order queue per device as its stream, copies, events).
 *
 * [Why reserved address ranges] OpenCL memory is a handle (cl_mem), while paddle_c names
 * device memory by addresses it offsets (a view's element is base + bytes). Each allocation
 * therefore reserves an address range of its size (mmap PROT_NONE: no memory, and a host
 * dereference crashes instead of reading garbage) and the plug-in maps any address inside it
 * back to (cl_mem, offset) for launches and copies.
 *
 * [Why a forked child refuses the devices] The OpenCL runtime (its contexts, queues and the
 * threads that run them) does not survive fork(): in a child a launch or a wait would wait for
 * threads that do not exist. `lock`'s fork hook marks a child of a process that opened its
 * devices, and every entry point then fails at once with a message naming fork; memory
 * inherited from the parent is dropped without an OpenCL call.
 *
 * Ownership: the block list owns each cl_mem and its reserved range until free.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/fork_lock.h"
#include "pcl.h"

typedef struct block {
    char *base;                 /* the reserved range: base .. base + length */
    size_t length;
    size_t nbytes;              /* what was asked for */
    int device;
    cl_mem mem;
    struct block *next;
} block;

static void after_fork_in_child(void);

static pc_fork_lock lock = PC_FORK_LOCK_INIT(after_fork_in_child); /* blocks and stats */
static block *blocks;
static int64_t stats[PCL_MAX_DEVICES][5];  /* allocated, peak, reserved, peak reserved, count */

static pcl_device devices[PCL_MAX_DEVICES];
static int ndevices = -1;                  /* -1: not looked up yet */
static pthread_once_t devices_once = PTHREAD_ONCE_INIT;
static int forked;                         /* a child of fork() after the devices were opened */

static void after_fork_in_child(void) { forked = ndevices > 0; }

pcp_status pcl_usable(void)
{
    if (!forked) {
        return PCP_OK;
    }
    pcl_set_error("the OpenCL devices cannot be used in a process made by fork() (the OpenCL "
                  "runtime does not survive fork): start it with multiprocessing's 'spawn' or "
                  "'forkserver' method");
    return PCP_ERROR;
}

pcp_status pcl_fail(cl_int err, const char *what)
{
    char msg[160];
    snprintf(msg, sizeof msg, "OpenCL %s failed (error %d)", what, (int)err);
    pcl_set_error(msg);
    /* a buffer larger than the device allows is out of memory for the caller, as on the CPU */
    return err == CL_MEM_OBJECT_ALLOCATION_FAILURE || err == CL_OUT_OF_HOST_MEMORY ||
                   err == CL_OUT_OF_RESOURCES || err == CL_INVALID_BUFFER_SIZE
               ? PCP_NO_MEMORY
               : PCP_ERROR;
}

/* Every device of every platform (PADDLE_C_OPENCL_DEVICE=cpu|gpu|all narrows; default all). */
static void find_devices(void)
{
    ndevices = 0;
    cl_platform_id platforms[8];
    cl_uint np = 0;
    if (clGetPlatformIDs(8, platforms, &np) != CL_SUCCESS) {
        return;
    }
    const char *want = getenv("PADDLE_C_OPENCL_DEVICE");
    cl_device_type type = CL_DEVICE_TYPE_ALL;
    if (want != NULL && strcmp(want, "cpu") == 0) {
        type = CL_DEVICE_TYPE_CPU;
    } else if (want != NULL && strcmp(want, "gpu") == 0) {
        type = CL_DEVICE_TYPE_GPU;
    }
    for (cl_uint p = 0; p < np && p < 8; p++) {
        cl_device_id ids[PCL_MAX_DEVICES];
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], type, PCL_MAX_DEVICES, ids, &nd) != CL_SUCCESS) {
            continue;
        }
        for (cl_uint i = 0; i < nd && ndevices < PCL_MAX_DEVICES; i++) {
            pcl_device *d = &devices[ndevices];
            cl_int err;
            char ext[4096] = "";
            (void)clGetDeviceInfo(ids[i], CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, NULL);
            d->fp64 = strstr(ext, "cl_khr_fp64") != NULL;
            if (!d->fp64) {
                continue;   /* the element layer needs double (casts, float16 rounding) */
            }
            d->id = ids[i];
            d->context = clCreateContext(NULL, 1, &ids[i], NULL, NULL, &err);
            if (err != CL_SUCCESS) {
                continue;
            }
            d->queue = clCreateCommandQueue(d->context, ids[i], 0, &err);
            if (err != CL_SUCCESS) {
                clReleaseContext(d->context);
                continue;
            }
            (void)clGetDeviceInfo(ids[i], CL_DEVICE_NAME, sizeof d->name - 1, d->name, NULL);
            ndevices++;
        }
    }
}

int pcl_device_count(void)
{
    pc_fork_lock_register(&lock); /* its hook marks every child, used or not */
    (void)pthread_once(&devices_once, find_devices);
    return ndevices;
}

pcl_device *pcl_get_device(int index)
{
    return index >= 0 && index < pcl_device_count() ? &devices[index] : NULL;
}

static const char *rt_device_name(int device)
{
    const pcl_device *d = pcl_get_device(device);
    return d != NULL ? d->name : "opencl";
}

/* ---- memory ------------------------------------------------------------------------------- */

static size_t page_round(size_t n)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (n + page - 1) / page * page;
}

static pcp_status rt_alloc(int device, size_t nbytes, void **out)
{
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    pcl_device *d = pcl_get_device(device);
    block *b = malloc(sizeof *b);
    if (d == NULL || b == NULL) {
        free(b);
        return PCP_NO_MEMORY;
    }
    cl_int err;
    b->mem = clCreateBuffer(d->context, CL_MEM_READ_WRITE, nbytes, NULL, &err);
    if (err != CL_SUCCESS) {
        free(b);
        return pcl_fail(err, "clCreateBuffer");
    }
    b->length = page_round(nbytes);
    b->base = mmap(NULL, b->length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
                   0);
    if (b->base == MAP_FAILED) {
        clReleaseMemObject(b->mem);
        free(b);
        return PCP_NO_MEMORY;
    }
    b->nbytes = nbytes;
    b->device = device;
    pc_fork_lock_acquire(&lock);
    b->next = blocks;
    blocks = b;
    int64_t *s = stats[device];
    s[0] += (int64_t)nbytes;
    s[1] = s[0] > s[1] ? s[0] : s[1];
    s[2] += (int64_t)nbytes;
    s[3] = s[2] > s[3] ? s[2] : s[3];
    s[4]++;
    pc_fork_lock_release(&lock);
    *out = b->base;
    return PCP_OK;
}

/* clReleaseMemObject defers the release until the commands queued on the buffer are done. */
static void rt_free(int device, void *ptr, size_t nbytes)
{
    (void)nbytes;
    pc_fork_lock_acquire(&lock);
    block **link = &blocks;
    while (*link != NULL && (*link)->base != ptr) {
        link = &(*link)->next;
    }
    block *b = *link;
    if (b != NULL) {
        *link = b->next;
        stats[device][0] -= (int64_t)b->nbytes;
        stats[device][2] -= (int64_t)b->nbytes;
    }
    pc_fork_lock_release(&lock);
    if (b != NULL) {
        if (!forked) {
            clReleaseMemObject(b->mem);
        }
        munmap(b->base, b->length);
        free(b);
    }
}

pcp_status pcl_resolve(int device, const void *addr, cl_mem *mem, size_t *offset)
{
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    const char *p = addr;
    pc_fork_lock_acquire(&lock);
    block *b = blocks;
    while (b != NULL && !(b->device == device && p >= b->base && p < b->base + b->length)) {
        b = b->next;
    }
    if (b != NULL) {
        *mem = b->mem;
        *offset = (size_t)(p - b->base);
    }
    pc_fork_lock_release(&lock);
    if (b == NULL) {
        pcl_set_error("an address outside every live allocation of the device");
        return PCP_BAD_VALUE;
    }
    return PCP_OK;
}

static pcp_status rt_memset(int device, void *ptr, int value, size_t nbytes)
{
    cl_mem mem;
    size_t off;
    pcp_status st = pcl_resolve(device, ptr, &mem, &off);
    if (st != PCP_OK) {
        return st;
    }
    const cl_uchar pattern = (cl_uchar)value;
    const cl_int err = clEnqueueFillBuffer(pcl_get_device(device)->queue, mem, &pattern, 1, off,
                                           nbytes, 0, NULL, NULL);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clEnqueueFillBuffer");
}

/* ---- copies --------------------------------------------------------------------------------- */

static pcp_status copy_h2d(int device, void *dst, const void *src, size_t nbytes, int async)
{
    cl_mem mem;
    size_t off;
    pcp_status st = pcl_resolve(device, dst, &mem, &off);
    if (st != PCP_OK) {
        return st;
    }
    const cl_int err = clEnqueueWriteBuffer(pcl_get_device(device)->queue, mem,
                                            async ? CL_FALSE : CL_TRUE, off, nbytes, src, 0,
                                            NULL, NULL);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clEnqueueWriteBuffer");
}

static pcp_status copy_d2h(int device, void *dst, const void *src, size_t nbytes, int async)
{
    cl_mem mem;
    size_t off;
    pcp_status st = pcl_resolve(device, src, &mem, &off);
    if (st != PCP_OK) {
        return st;
    }
    const cl_int err = clEnqueueReadBuffer(pcl_get_device(device)->queue, mem,
                                           async ? CL_FALSE : CL_TRUE, off, nbytes, dst, 0,
                                           NULL, NULL);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clEnqueueReadBuffer");
}

static pcp_status copy_d2d(int device, void *dst, const void *src, size_t nbytes, int async)
{
    cl_mem dmem, smem;
    size_t doff, soff;
    pcp_status st = pcl_resolve(device, dst, &dmem, &doff);
    if (st == PCP_OK) {
        st = pcl_resolve(device, src, &smem, &soff);
    }
    if (st != PCP_OK) {
        return st;
    }
    cl_command_queue q = pcl_get_device(device)->queue;
    cl_int err = clEnqueueCopyBuffer(q, smem, dmem, soff, doff, nbytes, 0, NULL, NULL);
    if (err == CL_SUCCESS && !async) {
        err = clFinish(q);
    }
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clEnqueueCopyBuffer");
}

static pcp_status rt_h2d(int dev, void *dst, const void *src, size_t n)
{
    return copy_h2d(dev, dst, src, n, 0);
}
static pcp_status rt_d2h(int dev, void *dst, const void *src, size_t n)
{
    return copy_d2h(dev, dst, src, n, 0);
}
static pcp_status rt_d2d(int dev, void *dst, const void *src, size_t n)
{
    return copy_d2d(dev, dst, src, n, 0);
}
static pcp_status rt_h2d_async(int dev, void *dst, const void *src, size_t n)
{
    return copy_h2d(dev, dst, src, n, 1);
}
static pcp_status rt_d2h_async(int dev, void *dst, const void *src, size_t n)
{
    return copy_d2h(dev, dst, src, n, 1);
}
static pcp_status rt_d2d_async(int dev, void *dst, const void *src, size_t n)
{
    return copy_d2d(dev, dst, src, n, 1);
}

/* ---- the stream and events: an event holds the marker of its last record ----------------- */

typedef struct event {
    cl_event marker;            /* NULL until recorded */
} event;

static pcp_status rt_synchronize(int device)
{
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    const cl_int err = clFinish(pcl_get_device(device)->queue);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clFinish");
}

static pcp_status rt_event_create(int device, void **out)
{
    (void)device;
    event *e = calloc(1, sizeof *e);
    *out = e;
    return e != NULL ? PCP_OK : PCP_NO_MEMORY;
}

static void rt_event_destroy(int device, void *ev)
{
    (void)device;
    event *e = ev;
    if (e != NULL && e->marker != NULL && !forked) {
        clReleaseEvent(e->marker);
    }
    free(e);
}

static pcp_status rt_event_record(int device, void *ev)
{
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    event *e = ev;
    cl_event marker;
    const cl_int err = clEnqueueMarkerWithWaitList(pcl_get_device(device)->queue, 0, NULL,
                                                   &marker);
    if (err != CL_SUCCESS) {
        return pcl_fail(err, "clEnqueueMarkerWithWaitList");
    }
    if (e->marker != NULL) {
        clReleaseEvent(e->marker);
    }
    e->marker = marker;
    return PCP_OK;
}

static pcp_status rt_event_wait(int device, void *ev)
{
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    event *e = ev;
    if (e->marker == NULL) {
        return PCP_OK;
    }
    const cl_int err = clEnqueueBarrierWithWaitList(pcl_get_device(device)->queue, 1, &e->marker,
                                                    NULL);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clEnqueueBarrierWithWaitList");
}

static pcp_status rt_event_synchronize(int device, void *ev)
{
    (void)device;
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    event *e = ev;
    if (e->marker == NULL) {
        return PCP_OK;
    }
    const cl_int err = clWaitForEvents(1, &e->marker);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clWaitForEvents");
}

static pcp_status rt_memory_stats(int device, int64_t out[5])
{
    pc_fork_lock_acquire(&lock);
    memcpy(out, stats[device], sizeof stats[device]);
    pc_fork_lock_release(&lock);
    return PCP_OK;
}

static const pcp_plugin opencl_plugin = {
    .size = sizeof(pcp_plugin),
    .abi_version = PC_PLUGIN_ABI_VERSION,
    .name = "opencl",
    .dlpack_device_type = 4, /* kDLOpenCL */
    .init = pcl_register_kernels,
    .device_count = pcl_device_count,
    .device_name = rt_device_name,
    .alloc = rt_alloc,
    .free = rt_free,
    .memset = rt_memset,
    .copy_h2d = rt_h2d,
    .copy_d2h = rt_d2h,
    .copy_d2d = rt_d2d,
    .copy_h2d_async = rt_h2d_async,
    .copy_d2h_async = rt_d2h_async,
    .copy_d2d_async = rt_d2d_async,
    .synchronize = rt_synchronize,
    .event_create = rt_event_create,
    .event_destroy = rt_event_destroy,
    .event_record = rt_event_record,
    .event_wait = rt_event_wait,
    .event_synchronize = rt_event_synchronize,
    .memory_stats = rt_memory_stats,
};

__attribute__((visibility("default"))) const pcp_plugin *paddle_c_plugin(void)
{
    return &opencl_plugin;
}
