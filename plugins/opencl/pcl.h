/*
 * pcl.h - the OpenCL plug-in's internal interface between its runtime (runtime.c: devices,
 * memory, the queue, copies, events) and its kernels (kernels.c: the element layer compiled as
 * OpenCL C at run time, reductions and matmul).
 */
#ifndef PADDLE_C_PLUGINS_OPENCL_PCL_H
#define PADDLE_C_PLUGINS_OPENCL_PCL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "paddle_c/plugin.h"

/* The most devices the plug-in serves (one per OpenCL device found, GPUs first). */
#define PCL_MAX_DEVICES 4

typedef struct pcl_device {
    cl_device_id id;
    cl_context context;
    cl_command_queue queue;     /* the device's in-order stream */
    char name[128];
    int fp64;                   /* cl_khr_fp64 */
} pcl_device;

/* The device `index` (0 <= index < pcl_device_count()), or NULL. */
pcl_device *pcl_get_device(int index);
int pcl_device_count(void);

/* PCP_OK, or PCP_ERROR with its message in a child of fork() (runtime.c: the OpenCL runtime
 * does not survive fork). */
pcp_status pcl_usable(void);

/* A device address (what alloc handed out, plus an offset) as its buffer and byte offset.
 * PCP_BAD_VALUE when the address is not in a live allocation of the device. */
pcp_status pcl_resolve(int device, const void *addr, cl_mem *mem, size_t *offset);

/* An OpenCL failure as the plug-in's status, with a message naming `what` and the code. */
pcp_status pcl_fail(cl_int err, const char *what);

/* Set by the host's pcp_host.set_error (kernels.c keeps the host's table). */
void pcl_set_error(const char *message);

/* Register every kernel with the host (kernels.c). */
pcp_status pcl_register_kernels(const pcp_host *host);

#endif
