/*
 * kernels.c - the OpenCL plug-in's kernels: one OpenCL program per dtype, built from the
 * element layer of csrc/kernels/common (embedded at build time: pcl_sources.h) followed by the
 * loops of kernels.cl, compiled by the device's OpenCL compiler at the first launch of that
 * dtype. Registration (pcl_register_kernels) names every op of the element layer's lists for
 * every dtype the device runs: the lists are the same X-macros the CPU and CUDA kernels are
 * generated from, so the plug-in claims exactly what its programs contain.
 *
 * Dtypes: bool, the eight integers, float16, bfloat16, float32, float64 (the device must have
 * cl_khr_fp64). complex64/complex128 are not run: the element layer's complex shim has no
 * OpenCL C branch (C99 _Complex does not exist there).
 *
 * Ownership: programs, kernels and the per-registration records live for the process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fork_lock.h"
#include "kernels/common/dtype_params.h"
#include "pcl.h"
#include "pcl_sources.h"

#define PCL_MAXD 8
#define PCL_MAXOP 4
#define PCL_TILE 16
#define PCL_GROUP 256   /* work-items per group of the elementwise launches */

/* mirrors of kernels.cl's geometry structs */
typedef struct pcl_geom {
    cl_long shape[PCL_MAXD];
    cl_long strides[PCL_MAXD * PCL_MAXOP];
    cl_long numel;
    cl_int ndim;
    cl_int pad;
} pcl_geom;

typedef struct pcl_rgeom {
    cl_long shape[PCL_MAXD];
    cl_long xstr[PCL_MAXD];
    cl_long ostr[PCL_MAXD];
    cl_int ndim;
    cl_int reduced;
} pcl_rgeom;

typedef struct pcl_mgeom {
    cl_long batch[PCL_MAXD - 2];
    cl_long abs_[PCL_MAXD - 2], bbs[PCL_MAXD - 2], cbs[PCL_MAXD - 2];
    cl_long m, n, k;
    cl_long ars, acs, brs, bcs, crs, ccs;
    cl_int nbatch;
    cl_int pad;
} pcl_mgeom;

/* ---- the dtypes and their programs ------------------------------------------------------------ */

typedef struct pcl_dtype {
    const char *name;           /* paddle_c's dtype name */
    const char *id;             /* the ID token of dtypes.def (PCK_N) */
    const char *storage;        /* OpenCL C storage type */
    int itemsize;
    cl_program program[PCL_MAX_DEVICES];    /* built at the first launch */
} pcl_dtype;

#define PCL_DTYPES(X)                                                                           \
    X(BOOL, "bool", "uchar", 1) X(INT8, "int8", "char", 1) X(INT16, "int16", "short", 2)         \
    X(INT32, "int32", "int", 4) X(INT64, "int64", "long", 8) X(UINT8, "uint8", "uchar", 1)       \
    X(UINT16, "uint16", "ushort", 2) X(UINT32, "uint32", "uint", 4)                             \
    X(UINT64, "uint64", "ulong", 8) X(FLOAT16, "float16", "pc_half", 2)                         \
    X(BFLOAT16, "bfloat16", "pc_bhalf", 2) X(FLOAT32, "float32", "float", 4)                    \
    X(FLOAT64, "float64", "double", 8)

enum {
#define PCL_ENUM(ID, name, st, size) PCL_##ID,
    PCL_DTYPES(PCL_ENUM)
#undef PCL_ENUM
    PCL_NUM_DTYPES
};

static pcl_dtype dtypes[PCL_NUM_DTYPES] = {
#define PCL_ROW(ID, name, st, size) {name, #ID, st, size, {0}},
    PCL_DTYPES(PCL_ROW)
#undef PCL_ROW
};

static pc_fork_lock lock = PC_FORK_LOCK_INIT(NULL);   /* programs, kernels, launches */
static void (*host_error)(const char *message);

void pcl_set_error(const char *message)
{
    if (host_error != NULL) {
        host_error(message);
    }
}

/* The text of dtype t's program (malloc'd; the caller frees). */
static char *program_source(const pcl_dtype *t)
{
    const char *common[] = {pcl_src_prelude,      pcl_src_half,      pcl_src_elem,
                            pcl_src_dtype_params, pcl_src_dtype_rows, pcl_src_elem_math,
                            pcl_src_ew_kinds};
    const char *family[] = {pcl_src_arith_elem, pcl_src_arith_ops, pcl_src_compare_elem,
                            pcl_src_compare_ops, pcl_src_bitwise_elem, pcl_src_transcendental_elem,
                            pcl_src_transcendental_ops, pcl_src_kernels};
    size_t n = 256;
    for (size_t i = 0; i < sizeof common / sizeof *common; i++) {
        n += strlen(common[i]) + 1;
    }
    for (size_t i = 0; i < sizeof family / sizeof *family; i++) {
        n += strlen(family[i]) + 1;
    }
    n += PCL_NUM_DTYPES * (strlen(pcl_src_cast_elem) + 128);
    char *s = malloc(n);
    if (s == NULL) {
        return NULL;
    }
    size_t used = 0;
    for (size_t i = 0; i < sizeof common / sizeof *common; i++) {
        used += (size_t)snprintf(s + used, n - used, "%s\n", common[i]);
    }
    used += (size_t)snprintf(s + used, n - used, "#define PCK_N %s\n#define PCL_T %s\n", t->id,
                             t->storage);
    for (size_t i = 0; i < sizeof family / sizeof *family; i++) {
        used += (size_t)snprintf(s + used, n - used, "%s\n", family[i]);
    }
    for (int src = 0; src < PCL_NUM_DTYPES; src++) {
        used += (size_t)snprintf(s + used, n - used, "#define PCK_SRC %s\n%s\nPCL_CAST(%s)\n"
                                 "#undef PCK_SRC\n", dtypes[src].id, pcl_src_cast_elem,
                                 dtypes[src].id);
    }
    return s;
}

/* Dtype t's program on `device`, built on first use (under `lock`). */
static pcp_status get_program(pcl_dtype *t, int device, cl_program *out)
{
    pcl_device *d = pcl_get_device(device);
    if (t->program[device] != NULL) {
        *out = t->program[device];
        return PCP_OK;
    }
    char *src = program_source(t);
    if (src == NULL) {
        return PCP_NO_MEMORY;
    }
    cl_int err;
    const char *text = src;
    cl_program p = clCreateProgramWithSource(d->context, 1, &text, NULL, &err);
    free(src);
    if (err != CL_SUCCESS) {
        return pcl_fail(err, "clCreateProgramWithSource");
    }
    err = clBuildProgram(p, 1, &d->id, "-cl-std=CL1.2 -w", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[1024] = "";
        (void)clGetProgramBuildInfo(p, d->id, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        if (getenv("PADDLE_C_OPENCL_VERBOSE") != NULL) {
            size_t len = 0;
            (void)clGetProgramBuildInfo(p, d->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
            char *full = malloc(len + 1);
            if (full != NULL) {
                (void)clGetProgramBuildInfo(p, d->id, CL_PROGRAM_BUILD_LOG, len, full, NULL);
                full[len] = '\0';
                fprintf(stderr, "paddle_c opencl: building the %s program:\n%s\n", t->name,
                        full);
                free(full);
            }
        }
        clReleaseProgram(p);
        char msg[1200];
        snprintf(msg, sizeof msg, "the OpenCL compiler rejected the %s program: %.1000s",
                 t->name, log);
        pcl_set_error(msg);
        return PCP_ERROR;
    }
    t->program[device] = p;
    *out = p;
    return PCP_OK;
}

/* ---- registration records ---------------------------------------------------------------------- */

/* What a registered kernel launches: kernel `name` of dtype `dtype`'s program. */
typedef struct pcl_entry {
    pcl_dtype *dtype;
    char name[48];
    cl_kernel kernel[PCL_MAX_DEVICES];   /* created at the first launch */
} pcl_entry;

static pcl_entry *new_entry(pcl_dtype *t, const char *name)
{
    pcl_entry *e = calloc(1, sizeof *e);   /* kept for the process: the host points here */
    if (e != NULL) {
        e->dtype = t;
        snprintf(e->name, sizeof e->name, "%s", name);
    }
    return e;
}

static pcp_status get_kernel(pcl_entry *e, int device, cl_kernel *out)
{
    if (e->kernel[device] == NULL) {
        cl_program p;
        pcp_status st = get_program(e->dtype, device, &p);
        if (st != PCP_OK) {
            return st;
        }
        cl_int err;
        e->kernel[device] = clCreateKernel(p, e->name, &err);
        if (err != CL_SUCCESS) {
            return pcl_fail(err, "clCreateKernel");
        }
    }
    *out = e->kernel[device];
    return PCP_OK;
}

/* Set argument pairs (buffer, byte offset) for `n` device addresses from argument `first`. */
static pcp_status set_buffers(cl_kernel k, int device, int first, int n, void *const *addr)
{
    for (int i = 0; i < n; i++) {
        cl_mem mem;
        size_t off;
        pcp_status st = pcl_resolve(device, addr[i], &mem, &off);
        if (st != PCP_OK) {
            return st;
        }
        const cl_long b = (cl_long)off;
        cl_int err = clSetKernelArg(k, (cl_uint)(first + 2 * i), sizeof mem, &mem);
        if (err == CL_SUCCESS) {
            err = clSetKernelArg(k, (cl_uint)(first + 2 * i + 1), sizeof b, &b);
        }
        if (err != CL_SUCCESS) {
            return pcl_fail(err, "clSetKernelArg");
        }
    }
    return PCP_OK;
}

static pcp_status enqueue(cl_kernel k, int device, cl_uint dims, const size_t *global,
                          const size_t *local)
{
    const cl_int err = clEnqueueNDRangeKernel(pcl_get_device(device)->queue, k, dims, NULL,
                                              global, local, 0, NULL, NULL);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clEnqueueNDRangeKernel");
}

static size_t round_up(int64_t n, size_t m) { return ((size_t)n + m - 1) / m * m; }

/* ---- elementwise launches ---------------------------------------------------------------------- */

static pcp_status launch_elementwise_locked(const pcp_elementwise *l)
{
    pcl_entry *e = l->kernel_data;
    const int fill = strcmp(e->name, "k_fill") == 0;
    if (l->ndim > PCL_MAXD || l->nop > PCL_MAXOP) {
        pcl_set_error("an iteration of more than 8 dimensions or 4 operands");
        return PCP_NOT_IMPL;
    }
    pcl_geom g;
    memset(&g, 0, sizeof g);
    g.ndim = l->ndim;
    g.numel = l->numel;
    for (int a = 0; a < l->ndim; a++) {
        g.shape[a] = l->shape[a];
        for (int k = 0; k < l->nop; k++) {
            g.strides[a * PCL_MAXOP + k] = l->strides[a * l->nop + k];
        }
    }
    cl_kernel k;
    pcp_status st = get_kernel(e, l->device, &k);
    if (st != PCP_OK) {
        return st;
    }
    int next;
    if (fill) {
        /* k_fill(p0, b0, value, g): the value's bytes from params */
        st = set_buffers(k, l->device, 0, 1, l->data);
        cl_int err = clSetKernelArg(k, 2, (size_t)e->dtype->itemsize, l->params);
        if (st == PCP_OK && err != CL_SUCCESS) {
            st = pcl_fail(err, "clSetKernelArg");
        }
        next = 3;
    } else {
        st = set_buffers(k, l->device, 0, l->nop, l->data);
        next = 2 * l->nop;
    }
    if (st != PCP_OK) {
        return st;
    }
    const cl_int err = clSetKernelArg(k, (cl_uint)next, sizeof g, &g);
    if (err != CL_SUCCESS) {
        return pcl_fail(err, "clSetKernelArg");
    }
    /* [Why a fixed group size] left to choose, PoCL runs small work-groups whose scheduling
     * costs more than the element's work */
    const size_t local = PCL_GROUP;
    const size_t global = round_up(l->numel, local);
    return enqueue(k, l->device, 1, &global, &local);
}

static pcp_status launch_elementwise(const pcp_elementwise *l)
{
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    pc_fork_lock_acquire(&lock);
    const pcp_status st = launch_elementwise_locked(l);
    pc_fork_lock_release(&lock);
    return st;
}

/* ---- reductions ----------------------------------------------------------------------------------- */

static pcp_status launch_reduce_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_tensor *x = &l->in[0], *o = &l->out[0];
    pcl_rgeom g;
    memset(&g, 0, sizeof g);
    size_t nout = 1;
    for (int a = 0; a < x->ndim; a++) {
        if (x->shape[a] == 1) {
            continue;   /* neither walked nor reduced */
        }
        if (g.ndim == PCL_MAXD) {
            pcl_set_error("a reduction over more than 8 dimensions of extent > 1");
            return PCP_NOT_IMPL;
        }
        g.shape[g.ndim] = x->shape[a];
        g.xstr[g.ndim] = x->strides[a];
        g.ostr[g.ndim] = o->strides[a];
        if (o->shape[a] == 1) {
            g.reduced |= 1 << g.ndim;
        } else {
            nout *= (size_t)o->shape[a];
        }
        g.ndim++;
    }
    cl_kernel k;
    pcp_status st = get_kernel(e, l->device, &k);
    /* an empty x holds no memory (never read: sum 0, prod 1) */
    int64_t xsize = 1;
    for (int a = 0; a < x->ndim; a++) {
        xsize *= x->shape[a];
    }
    void *addr[2] = {xsize ? x->data : o->data, o->data};
    if (st == PCP_OK) {
        st = set_buffers(k, l->device, 0, 2, addr);
    }
    if (st != PCP_OK) {
        return st;
    }
    const cl_int err = clSetKernelArg(k, 4, sizeof g, &g);
    if (err != CL_SUCCESS) {
        return pcl_fail(err, "clSetKernelArg");
    }
    return enqueue(k, l->device, 1, &nout, NULL);
}

/* ---- matmul ------------------------------------------------------------------------------------- */

static pcp_status launch_matmul_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_tensor *a = &l->in[0], *b = &l->in[1], *c = &l->out[0];
    const int nd = c->ndim;
    if (nd < 2 || nd - 2 > PCL_MAXD - 2 || a->ndim != nd || b->ndim != nd) {
        pcl_set_error("matmul of more than 6 batch dimensions");
        return PCP_NOT_IMPL;
    }
    pcl_mgeom g;
    memset(&g, 0, sizeof g);
    size_t nbatch = 1;
    g.nbatch = nd - 2;
    for (int i = 0; i < nd - 2; i++) {
        g.batch[i] = c->shape[i];
        g.abs_[i] = a->strides[i];
        g.bbs[i] = b->strides[i];
        g.cbs[i] = c->strides[i];
        nbatch *= (size_t)c->shape[i];
    }
    g.m = c->shape[nd - 2];
    g.n = c->shape[nd - 1];
    g.k = a->shape[nd - 1];
    g.ars = a->strides[nd - 2], g.acs = a->strides[nd - 1];
    g.brs = b->strides[nd - 2], g.bcs = b->strides[nd - 1];
    g.crs = c->strides[nd - 2], g.ccs = c->strides[nd - 1];
    if (nbatch == 0 || g.m == 0 || g.n == 0) {
        return PCP_OK;
    }
    cl_kernel k;
    pcp_status st = get_kernel(e, l->device, &k);
    /* k == 0: a and b hold no memory (never read: c is all zeros) */
    void *addr[3] = {g.k ? a->data : c->data, g.k ? b->data : c->data, c->data};
    if (st == PCP_OK) {
        st = set_buffers(k, l->device, 0, 3, addr);
    }
    if (st != PCP_OK) {
        return st;
    }
    const cl_int err = clSetKernelArg(k, 6, sizeof g, &g);
    if (err != CL_SUCCESS) {
        return pcl_fail(err, "clSetKernelArg");
    }
    const size_t global[3] = {round_up(g.n, PCL_TILE), round_up(g.m, PCL_TILE), nbatch};
    const size_t local[3] = {PCL_TILE, PCL_TILE, 1};
    return enqueue(k, l->device, 3, global, local);
}

static pcp_status launch_whole(const pcp_whole *l)
{
    const pcl_entry *e = l->kernel_data;
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    pc_fork_lock_acquire(&lock);
    const pcp_status st = strcmp(e->name, "k_matmul") == 0 ? launch_matmul_locked(l)
                                                            : launch_reduce_locked(l);
    pc_fork_lock_release(&lock);
    return st;
}

/* ---- registration ----------------------------------------------------------------------------- */

/* Whether PADDLE_C_OPENCL_OMIT (a ','-separated list of op names) leaves `op` unregistered: a
 * test hook, so that the decompositions of ops this plug-in has natively can be tested. */
static int omitted(const char *op)
{
    const char *list = getenv("PADDLE_C_OPENCL_OMIT");
    const size_t n = strlen(op);
    for (const char *p = list; p != NULL && (p = strstr(p, op)) != NULL; p += n) {
        if ((p == list || p[-1] == ',') && (p[n] == '\0' || p[n] == ',')) {
            return 1;
        }
    }
    return 0;
}

static pcp_status reg_ew(const pcp_host *h, pcl_dtype *t, const char *op)
{
    if (omitted(op)) {
        return PCP_OK;
    }
    char kname[48];
    snprintf(kname, sizeof kname, "k_%s", op);
    pcl_entry *e = new_entry(t, kname);
    return e == NULL ? PCP_NO_MEMORY : h->register_elementwise(op, t->name, launch_elementwise, e);
}

static pcp_status reg_whole(const pcp_host *h, pcl_dtype *t, const char *op)
{
    if (omitted(op)) {
        return PCP_OK;
    }
    char kname[48];
    snprintf(kname, sizeof kname, "k_%s", op);
    pcl_entry *e = new_entry(t, kname);
    return e == NULL ? PCP_NO_MEMORY : h->register_whole(op, t->name, launch_whole, e);
}

static pcp_status reg_cast(const pcp_host *h, pcl_dtype *to, const pcl_dtype *from)
{
    char kname[48];
    snprintf(kname, sizeof kname, "k_cast_from_%s", from->id);
    pcl_entry *e = new_entry(to, kname);
    return e == NULL ? PCP_NO_MEMORY : h->register_cast(from->name, to->name, launch_elementwise, e);
}

/* The op names of each dtype's program (ops_list.h: the element layer's lists, as kernels.cl
 * expands them). */
#include "kernels/common/transcendental_ops.h"
#define PCK_BODY "ops_list.h"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

static const char *const *const ops_lists[PCL_NUM_DTYPES] = {
#define PCL_LIST(ID, name, st, size) pcl_ops_##ID,
    PCL_DTYPES(PCL_LIST)
#undef PCL_LIST
};

pcp_status pcl_register_kernels(const pcp_host *host)
{
    host_error = host->set_error;
    if (pcl_device_count() == 0) {
        return PCP_OK;
    }
    pcp_status st = PCP_OK;
    for (int i = 0; i < PCL_NUM_DTYPES && st == PCP_OK; i++) {
        pcl_dtype *t = &dtypes[i];
        for (const char *const *op = ops_lists[i]; *op != NULL && st == PCP_OK; op++) {
            st = reg_ew(host, t, *op);
        }
        for (int src = 0; src < PCL_NUM_DTYPES && st == PCP_OK; src++) {
            st = reg_cast(host, t, &dtypes[src]);
        }
        static const char *const reductions[] = {"sum", "prod", "max", "min"};
        for (size_t r = 0; r < sizeof reductions / sizeof *reductions && st == PCP_OK; r++) {
            st = reg_whole(host, t, reductions[r]);
        }
        if (st == PCP_OK && i != PCL_BOOL) {
            st = reg_whole(host, t, "matmul");
        }
    }
    return st;
}
