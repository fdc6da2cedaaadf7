/*
 * pcl.h - the OpenCL plug-in's internal interface between its runtime (runtime.c: devices,
 * memory, the queue, copies, events), its programs (program.c: the element layer compiled as
 * OpenCL C per dtype, kernel objects, launch helpers) and its kernels (kernels.c: elementwise
 * functions, casts, reductions, matmul; prims.c: sort, scans, gather, scatter, index offsets,
 * arange, random numbers).
 */
#ifndef PADDLE_C_PLUGINS_OPENCL_PCL_H
#define PADDLE_C_PLUGINS_OPENCL_PCL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "paddle_c/plugin.h"

/* The most devices the plug-in serves (one per OpenCL device found, GPUs first). */
#define PCL_MAX_DEVICES 4
/* The geometry limits of kernels.cl and prims.cl (dimensions, elementwise operands). */
#define PCL_MAXD 8
#define PCL_MAXOP 4
/* work-items per group of the 1-D launches */
#define PCL_GROUP 256

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

/* ---- dtypes and programs (program.c) ---- */

/* ID token of dtypes.def, paddle_c's name, OpenCL C storage type, size, kind (b i u f c) */
#define PCL_DTYPES(X)                                                                           \
    X(BOOL, "bool", "uchar", 1, 'b') X(INT8, "int8", "char", 1, 'i')                             \
    X(INT16, "int16", "short", 2, 'i') X(INT32, "int32", "int", 4, 'i')                         \
    X(INT64, "int64", "long", 8, 'i') X(UINT8, "uint8", "uchar", 1, 'u')                        \
    X(UINT16, "uint16", "ushort", 2, 'u') X(UINT32, "uint32", "uint", 4, 'u')                   \
    X(UINT64, "uint64", "ulong", 8, 'u') X(FLOAT16, "float16", "pc_half", 2, 'f')               \
    X(BFLOAT16, "bfloat16", "pc_bhalf", 2, 'f') X(FLOAT32, "float32", "float", 4, 'f')          \
    X(FLOAT64, "float64", "double", 8, 'f') X(COMPLEX64, "complex64", "float2", 8, 'c')         \
    X(COMPLEX128, "complex128", "double2", 16, 'c')

enum {
#define PCL_ENUM(ID, name, st, size, kind) PCL_##ID,
    PCL_DTYPES(PCL_ENUM)
#undef PCL_ENUM
    PCL_NUM_DTYPES
};

typedef struct pcl_dtype {
    const char *name;           /* paddle_c's dtype name */
    const char *id;             /* the ID token of dtypes.def (PCK_N) */
    const char *storage;        /* OpenCL C storage type */
    int itemsize;
    char kind;
    cl_program program[PCL_MAX_DEVICES];    /* built at the first launch */
} pcl_dtype;

extern pcl_dtype pcl_dtypes[PCL_NUM_DTYPES];
pcl_dtype *pcl_dtype_by_name(const char *name);

/* What a registered kernel launches: kernel `name` of dtype `dtype`'s program. */
typedef struct pcl_entry {
    pcl_dtype *dtype;
    char name[48];
    cl_kernel kernel[PCL_MAX_DEVICES];   /* created at the first launch */
} pcl_entry;

pcl_entry *pcl_new_entry(pcl_dtype *t, const char *name);
/* Launches run under the plug-in's lock (kernel objects hold their arguments). pcl_lock takes it
 * and returns PCP_OK, or PCP_ERROR without it in a child of fork() (pcl_usable). */
pcp_status pcl_lock(void);
void pcl_unlock(void);
/* The entry's kernel on `device`, its program built at the first use (under the lock). */
pcp_status pcl_get_kernel(pcl_entry *e, int device, cl_kernel *out);
pcp_status pcl_set_arg(cl_kernel k, int index, size_t size, const void *value);
/* Argument pairs (buffer, byte offset) for `n` device addresses from argument `first`. */
pcp_status pcl_set_buffers(cl_kernel k, int device, int first, int n, void *const *addr);
/* One argument pair (buffer, byte offset) at `first`. */
pcp_status pcl_set_mem(cl_kernel k, int first, cl_mem mem, size_t offset);
pcp_status pcl_enqueue(cl_kernel k, int device, cl_uint dims, const size_t *global,
                       const size_t *local);
/* n work-items in groups of PCL_GROUP (the kernels skip those past n) */
pcp_status pcl_enqueue_1d(cl_kernel k, int device, int64_t n);
/* A temporary buffer of the device (the caller releases it after queueing its last use:
 * OpenCL defers the release until the queued commands are done). */
pcp_status pcl_scratch(int device, size_t nbytes, cl_mem *out);
/* Whether PADDLE_C_OPENCL_OMIT (a ','-separated list of op names) leaves `op` unregistered: a
 * test hook, so that the decompositions of ops this plug-in has natively can be tested. */
int pcl_omitted(const char *op);

/* ---- kernels ---- */

/* The elementwise geometry of kernels.cl (pcl_geom) from a launch; PCP_NOT_IMPL beyond
 * PCL_MAXD dimensions or PCL_MAXOP operands (kernels.c). */
typedef struct pcl_geom {
    cl_long shape[PCL_MAXD];
    cl_long strides[PCL_MAXD * PCL_MAXOP];
    cl_long numel;
    cl_int ndim;
    cl_int pad;
} pcl_geom;
pcp_status pcl_geom_of(const pcp_elementwise *l, pcl_geom *g);

/* Register every kernel with the host (kernels.c; the primitives of prims.c through
 * pcl_register_prims). */
pcp_status pcl_register_kernels(const pcp_host *host);
pcp_status pcl_register_prims(const pcp_host *host, pcl_dtype *t);

#endif
