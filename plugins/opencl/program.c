/*
 * program.c - the OpenCL plug-in's programs: one per dtype and device, built at the dtype's
 * first launch from program.cl with its #include "..." lines expanded from the texts embedded
 * at build time (pcl_sources.h: the element layer of csrc/kernels/common and the plug-in's
 * .cl files), followed by one cast_elem.h per source dtype (the casts into the dtype). Also
 * the kernel objects (pcl_entry: a kernel of a dtype's program, created per device at its first
 * launch) and the small launch helpers the kernel files share.
 *
 * [Why includes are expanded here] The element layer is written as C headers that include
 * each other and are included several times with different macros (per dtype, per complex
 * precision). Expanding the #include lines the way a C preprocessor would - a header whose
 * first lines are an include guard only once, any other one each time - hands the OpenCL
 * compiler the same source the C and CUDA compilers read, without a copy kept by hand.
 *
 * Ownership: programs, kernels and entries live for the process; `lock` serialises building
 * and launching (OpenCL kernel objects hold their arguments).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fork_lock.h"
#include "pcl.h"

typedef struct pcl_file {
    const char *name;
    const char *text;
} pcl_file;
#include "pcl_sources.h"

#define NFILES ((int)(sizeof pcl_files / sizeof pcl_files[0]))

pcl_dtype pcl_dtypes[PCL_NUM_DTYPES] = {
#define PCL_ROW(ID, name, st, size, kind) {name, #ID, st, size, kind, {0}},
    PCL_DTYPES(PCL_ROW)
#undef PCL_ROW
};

pcl_dtype *pcl_dtype_by_name(const char *name)
{
    for (int i = 0; i < PCL_NUM_DTYPES; i++) {
        if (strcmp(pcl_dtypes[i].name, name) == 0) {
            return &pcl_dtypes[i];
        }
    }
    return NULL;
}

static pc_fork_lock lock = PC_FORK_LOCK_INIT(NULL);   /* programs, kernels, launches */

pcp_status pcl_lock(void)
{
    if (pcl_usable() != PCP_OK) {
        return PCP_ERROR;
    }
    pc_fork_lock_acquire(&lock);
    return PCP_OK;
}

void pcl_unlock(void) { pc_fork_lock_release(&lock); }

/* ---- the program text ----------------------------------------------------------------------- */

/* A growing string; `failed` once an allocation failed. */
typedef struct text {
    char *s;
    size_t len, cap;
    int failed;
    int expanded[NFILES];   /* guarded files already expanded */
} text;

static void append(text *t, const char *s, size_t n)
{
    if (t->failed) {
        return;
    }
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1 << 16;
        while (t->len + n + 1 > cap) {
            cap *= 2;
        }
        char *grown = realloc(t->s, cap);
        if (grown == NULL) {
            t->failed = 1;
            return;
        }
        t->s = grown;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void append_str(text *t, const char *s) { append(t, s, strlen(s)); }

static int file_index(const char *path, size_t n)
{
    /* the file's name after its last '/' */
    const char *base = path;
    for (size_t i = 0; i < n; i++) {
        if (path[i] == '/') {
            base = path + i + 1;
        }
    }
    const size_t bn = (size_t)(path + n - base);
    for (int i = 0; i < NFILES; i++) {
        if (strlen(pcl_files[i].name) == bn && strncmp(pcl_files[i].name, base, bn) == 0) {
            return i;
        }
    }
    return -1;
}

/* Whether a file is wrapped in an include guard (its first directives #ifndef X and #define X,
 * its last one #endif): a C preprocessor reads such a file's body once. */
static int guarded(const char *s)
{
    const char *p = strstr(s, "\n#ifndef ");
    const char *first = strstr(s, "\n#");
    if (p == NULL || p != first) {
        return 0;
    }
    const char *name = p + 9;
    const size_t n = strcspn(name, " \n");
    const char *next = strstr(name + n, "\n#");
    if (next == NULL || strncmp(next, "\n#define ", 9) != 0 ||
        strncmp(next + 9, name, n) != 0) {
        return 0;
    }
    const char *last = next;
    for (const char *q = next; (q = strstr(q + 1, "\n#")) != NULL;) {
        last = q;
    }
    return strncmp(last, "\n#endif", 7) == 0;
}

/* Append `s` with each #include "name" replaced by that embedded file's text (expanded in
 * turn); #include <...> and names not embedded are left out (system headers, CPU-only code
 * the element layer includes outside OpenCL). */
static void expand(text *t, const char *s, int depth)
{
    while (*s != '\0' && !t->failed) {
        const char *end = strchr(s, '\n');
        const size_t n = end != NULL ? (size_t)(end - s) + 1 : strlen(s);
        const char *p = s;
        while (*p == ' ' || *p == '\t') {
            p++;
        }
        if (strncmp(p, "#include", 8) == 0) {
            const char *q = strchr(p, '"');
            const char *r = q != NULL && q < s + n ? strchr(q + 1, '"') : NULL;
            const int f = r != NULL && r < s + n ? file_index(q + 1, (size_t)(r - q - 1)) : -1;
            if (f >= 0 && depth < 16 && !t->expanded[f]) {
                if (guarded(pcl_files[f].text)) {
                    t->expanded[f] = 1;
                }
                expand(t, pcl_files[f].text, depth + 1);
                append_str(t, "\n");
            }
            append_str(t, "\n");
        } else {
            append(t, s, n);
        }
        s += n;
    }
}

/* The text of dtype t's program (malloc'd; the caller frees), or NULL. */
static char *program_source(const pcl_dtype *t)
{
    text out = {0};
    char head[256];
    snprintf(head, sizeof head, "#define PCK_N %s\n#define PCL_T %s\n%s", t->id, t->storage,
             t->kind == 'c' ? "" : "#define PC_ELEM_NO_COMPLEX_MATH 1\n");
    append_str(&out, head);
    expand(&out, "#include \"program.cl\"\n", 0);
    for (int src = 0; src < PCL_NUM_DTYPES; src++) {
        char cast[256];
        snprintf(cast, sizeof cast, "#define PCK_SRC %s\n#include \"cast_elem.h\"\nPCL_CAST(%s)\n"
                 "#undef PCK_SRC\n", pcl_dtypes[src].id, pcl_dtypes[src].id);
        expand(&out, cast, 0);
    }
    if (out.failed) {
        free(out.s);
        return NULL;
    }
    return out.s;
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
    const char *txt = src;
    cl_program p = clCreateProgramWithSource(d->context, 1, &txt, NULL, &err);
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

/* ---- kernels and launches -------------------------------------------------------------------- */

pcl_entry *pcl_new_entry(pcl_dtype *t, const char *name)
{
    pcl_entry *e = calloc(1, sizeof *e);   /* kept for the process: the host points here */
    if (e != NULL) {
        e->dtype = t;
        snprintf(e->name, sizeof e->name, "%s", name);
    }
    return e;
}

pcp_status pcl_get_kernel(pcl_entry *e, int device, cl_kernel *out)
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

pcp_status pcl_set_arg(cl_kernel k, int index, size_t size, const void *value)
{
    const cl_int err = clSetKernelArg(k, (cl_uint)index, size, value);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clSetKernelArg");
}

pcp_status pcl_set_buffers(cl_kernel k, int device, int first, int n, void *const *addr)
{
    for (int i = 0; i < n; i++) {
        cl_mem mem;
        size_t off;
        pcp_status st = pcl_resolve(device, addr[i], &mem, &off);
        const cl_long b = (cl_long)off;
        if (st == PCP_OK) {
            st = pcl_set_arg(k, first + 2 * i, sizeof mem, &mem);
        }
        if (st == PCP_OK) {
            st = pcl_set_arg(k, first + 2 * i + 1, sizeof b, &b);
        }
        if (st != PCP_OK) {
            return st;
        }
    }
    return PCP_OK;
}

pcp_status pcl_set_mem(cl_kernel k, int first, cl_mem mem, size_t offset)
{
    const cl_long b = (cl_long)offset;
    pcp_status st = pcl_set_arg(k, first, sizeof mem, &mem);
    return st == PCP_OK ? pcl_set_arg(k, first + 1, sizeof b, &b) : st;
}

pcp_status pcl_enqueue(cl_kernel k, int device, cl_uint dims, const size_t *global,
                       const size_t *local)
{
    const cl_int err = clEnqueueNDRangeKernel(pcl_get_device(device)->queue, k, dims, NULL,
                                              global, local, 0, NULL, NULL);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clEnqueueNDRangeKernel");
}

pcp_status pcl_enqueue_1d(cl_kernel k, int device, int64_t n)
{
    const size_t local = PCL_GROUP;
    const size_t global = ((size_t)n + local - 1) / local * local;
    return pcl_enqueue(k, device, 1, &global, &local);
}

pcp_status pcl_scratch(int device, size_t nbytes, cl_mem *out)
{
    cl_int err;
    *out = clCreateBuffer(pcl_get_device(device)->context, CL_MEM_READ_WRITE,
                          nbytes > 0 ? nbytes : 1, NULL, &err);
    return err == CL_SUCCESS ? PCP_OK : pcl_fail(err, "clCreateBuffer");
}

int pcl_omitted(const char *op)
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
