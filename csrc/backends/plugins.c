/*
 * plugins.c - the loader of device plug-ins (the ABI: paddle_c/plugin.h) and the backend
 * adapter that serves a loaded plug-in's devices, beside the built-in backends.
 *
 * pc_plugins_backend_init() (a built-in "backend" of paddle_c_builtin_backends.def, run once
 * by pc_init()) walks PADDLE_C_PLUGIN_PATH, dlopens each candidate, calls its entry symbol and
 * checks `size` and `abi_version`; the first plug-in accepted becomes the backend of device
 * type xpu through an adapter vtable (pc_backend -> pcp_plugin). Then (the built-in kernel
 * columns are filled by then: plugins is the list's last row) it calls the plug-in's `init`,
 * which registers kernels by op and dtype name; each becomes a device slot of the kernel table
 * whose `iter` or `whole` translates the core's launch into the ABI's.
 *
 * Refusals (not a regular file, not a shared library, no entry symbol, another ABI version, a
 * second plug-in) are recorded with their reason; the first use of an xpu device raises them (pcpy's device
 * parser), and _C._plugins() lists every file tried.
 *
 * Ownership: the loader keeps every dlopen handle and every kernel record for the life of the
 * process (slots of the kernel table point at the records). Written under pc_init()'s
 * once-guard, read-only afterwards.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "paddle_c/backend.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/kernels/random_kernels.h"
#include "paddle_c/kernels/reduce_kernels.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/plugin.h"
#include "paddle_c/plugin_loader.h"

#define MAX_RECORDS 16

typedef struct record {
    char path[512];
    char name[64];
    int loaded;
    char message[512];
} record;

static record records[MAX_RECORDS];
static int nrecords;
static char refusal[MAX_RECORDS * 256];
static const pcp_plugin *plugin;     /* the accepted plug-in, or NULL */
static _Thread_local char plugin_message[512];

/* ---- errors --------------------------------------------------------------------------------- */

static void host_set_error(const char *message)
{
    snprintf(plugin_message, sizeof plugin_message, "%s", message != NULL ? message : "");
}

/* A plug-in slot's status as the core's, with its message (or a generic one). */
static pc_status from_plugin(pcp_status st, const char *what)
{
    static const pc_status map[] = {PC_OK, PC_ERR_RUNTIME, PC_ERR_MEMORY, PC_ERR_NOTIMPL,
                                    PC_ERR_VALUE};
    if (st == PCP_OK) {
        return PC_OK;
    }
    const pc_status s = (unsigned)st < sizeof map / sizeof map[0] ? map[st] : PC_ERR_RUNTIME;
    const pc_status r = pc_error_set(s, "xpu (%s plug-in): %s%s%s", plugin->name, what,
                                     plugin_message[0] ? ": " : "", plugin_message);
    plugin_message[0] = '\0';
    return r;
}

/* ---- the adapter vtable ---------------------------------------------------------------------- */

static int ad_device_count(const pc_backend *self)
{
    (void)self;
    return plugin->device_count();
}

static const char *ad_device_name(const pc_backend *self, int index)
{
    (void)self;
    return plugin->device_name != NULL ? plugin->device_name(index) : plugin->name;
}

static pc_status ad_alloc(const pc_backend *self, int index, size_t nbytes, void **out)
{
    (void)self;
    return from_plugin(plugin->alloc(index, nbytes, out), "alloc");
}

static void ad_free(const pc_backend *self, int index, void *ptr, size_t nbytes)
{
    (void)self;
    plugin->free(index, ptr, nbytes);
}

static pc_status ad_memset(const pc_backend *self, int index, void *ptr, int value,
                           size_t nbytes)
{
    (void)self;
    return from_plugin(plugin->memset(index, ptr, value, nbytes), "memset");
}

/* A copy between the plug-in's device and the host, or within the device. */
static pc_status copy_either(pc_device dst_dev, void *dst, pc_device src_dev, const void *src,
                             size_t nbytes, int async)
{
    const int dst_x = dst_dev.type == PC_DEVICE_CUSTOM, src_x = src_dev.type == PC_DEVICE_CUSTOM;
    if ((!dst_x && dst_dev.type != PC_DEVICE_CPU) || (!src_x && src_dev.type != PC_DEVICE_CPU)) {
        return pc_error_set(PC_ERR_RUNTIME, "xpu copies only to and from the CPU");
    }
    if (dst_x && src_x && dst_dev.index != src_dev.index) {
        return pc_error_set(PC_ERR_RUNTIME, "copies between two xpu devices go through the CPU");
    }
    pcp_status (*fn)(int, void *, const void *, size_t);
    if (dst_x && src_x) {
        fn = async && plugin->copy_d2d_async ? plugin->copy_d2d_async : plugin->copy_d2d;
    } else if (dst_x) {
        fn = async && plugin->copy_h2d_async ? plugin->copy_h2d_async : plugin->copy_h2d;
    } else if (src_x) {
        fn = async && plugin->copy_d2h_async ? plugin->copy_d2h_async : plugin->copy_d2h;
    } else {
        memmove(dst, src, nbytes);
        return PC_OK;
    }
    return from_plugin(fn(dst_x ? dst_dev.index : src_dev.index, dst, src, nbytes), "copy");
}

static pc_status ad_copy(const pc_backend *self, pc_device dst_dev, void *dst,
                         pc_device src_dev, const void *src, size_t nbytes)
{
    (void)self;
    return copy_either(dst_dev, dst, src_dev, src, nbytes, 0);
}

static pc_status ad_copy_async(const pc_backend *self, pc_device dst_dev, void *dst,
                               pc_device src_dev, const void *src, size_t nbytes)
{
    (void)self;
    return copy_either(dst_dev, dst, src_dev, src, nbytes, 1);
}

static pc_status ad_synchronize(const pc_backend *self, int index)
{
    (void)self;
    return plugin->synchronize != NULL ? from_plugin(plugin->synchronize(index), "synchronize")
                                       : PC_OK;
}

static pc_status ad_event_create(const pc_backend *self, int index, void **out)
{
    (void)self;
    return from_plugin(plugin->event_create(index, out), "event_create");
}

static void ad_event_destroy(const pc_backend *self, int index, void *event)
{
    (void)self;
    plugin->event_destroy(index, event);
}

static pc_status ad_event_record(const pc_backend *self, int index, void *event)
{
    (void)self;
    return from_plugin(plugin->event_record(index, event), "event_record");
}

static pc_status ad_event_wait(const pc_backend *self, int index, void *event)
{
    (void)self;
    return from_plugin(plugin->event_wait(index, event), "event_wait");
}

static pc_status ad_event_synchronize(const pc_backend *self, int index, void *event)
{
    (void)self;
    return from_plugin(plugin->event_synchronize(index, event), "event_synchronize");
}

static pc_status ad_memory_stats(const pc_backend *self, int index, pc_memory_stats *out)
{
    (void)self;
    int64_t v[5] = {0};
    const pc_status st = from_plugin(plugin->memory_stats(index, v), "memory_stats");
    out->allocated = v[0];
    out->peak_allocated = v[1];
    out->reserved = v[2];
    out->peak_reserved = v[3];
    out->num_allocs = v[4];
    return st;
}

/* A plug-in device reports data-dependent outcomes through result words in its own memory
 * (pcp_result_word: the layout of pc_result_word, the codes of pc_status). */
_Static_assert(sizeof(pcp_result_word) == sizeof(pc_result_word), "result word layout");
_Static_assert(PCP_RESULT_INDEX_ERROR == PC_ERR_INDEX && PCP_RESULT_VALUE_ERROR == PC_ERR_VALUE,
               "result word codes");

/* "random" hands the core's parameters over as they are (plugin.h: pcp_random_params). */
_Static_assert(sizeof(pcp_random_params) == sizeof(pc_random_params) &&
                   offsetof(pcp_random_params, range) == offsetof(pc_random_params, range) &&
                   offsetof(pcp_random_params, a) == offsetof(pc_random_params, a),
               "random parameters layout");
_Static_assert(PCP_RANDOM_UNIFORM == PC_RANDOM_UNIFORM && PCP_RANDOM_NORMAL == PC_RANDOM_NORMAL &&
                   PCP_RANDOM_INTEGERS == PC_RANDOM_INTEGERS &&
                   PCP_RANDOM_EXPONENTIAL == PC_RANDOM_EXPONENTIAL &&
                   PCP_RANDOM_POISSON == PC_RANDOM_POISSON,
               "random kinds");

static pc_backend adapter = {
    .size = sizeof(pc_backend),
    .api_version = PC_BACKEND_API_VERSION,
    .name = "xpu",
    .type = PC_DEVICE_CUSTOM,
    .dlpack_device_type = 12, /* kDLExtDev, until the plug-in names its own */
    .caps = PC_BACKEND_CAP_RESULT_WORDS,
    .device_count = ad_device_count,
    .device_name = ad_device_name,
    .alloc = ad_alloc,
    .free = ad_free,
    .copy = ad_copy,
    .copy_async = ad_copy_async,
};

/* The optional slots the plug-in fills (the five event slots come together or not at all). */
static void adapter_fill_optional(void)
{
    adapter.memset = plugin->memset != NULL ? ad_memset : NULL;
    adapter.synchronize = ad_synchronize;
    if (plugin->event_create && plugin->event_destroy && plugin->event_record &&
        plugin->event_wait && plugin->event_synchronize) {
        adapter.event_create = ad_event_create;
        adapter.event_destroy = ad_event_destroy;
        adapter.event_record = ad_event_record;
        adapter.event_wait = ad_event_wait;
        adapter.event_synchronize = ad_event_synchronize;
    }
    adapter.memory_stats = plugin->memory_stats != NULL ? ad_memory_stats : NULL;
    if (plugin->dlpack_device_type > 0) {
        adapter.dlpack_device_type = plugin->dlpack_device_type; /* kDLOpenCL for OpenCL's */
    }
}

/* ---- loading ---------------------------------------------------------------------------------- */

/* r's message, formatted (the arguments may be r's own fields: formatted aside, then copied) */
__attribute__((format(printf, 2, 3)))
static void record_say(record *r, const char *fmt, ...)
{
    char text[sizeof r->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    memcpy(r->message, text, sizeof text);
}

static record *new_record(const char *path)
{
    if (nrecords == MAX_RECORDS) {
        return NULL;
    }
    record *r = &records[nrecords++];
    snprintf(r->path, sizeof r->path, "%s", path);
    return r;
}

/* Check what the entry returned; a message in r->message when refused. */
static int acceptable(const pcp_plugin *p, record *r)
{
    if (p == NULL) {
        record_say(r, "plug-in %s: its entry %s() returned NULL",
                   r->path, PC_PLUGIN_ENTRY);
        return 0;
    }
    snprintf(r->name, sizeof r->name, "%s", p->name != NULL ? p->name : "?");
    if (p->abi_version != PC_PLUGIN_ABI_VERSION) {
        record_say(r,
                   "plug-in '%s' (%s) was built for plug-in ABI version %d, but this paddle_c "
                   "implements version %d: rebuild it against this paddle_c's plugin.h",
                   r->name, r->path, p->abi_version, PC_PLUGIN_ABI_VERSION);
        return 0;
    }
    if (p->size < sizeof(pcp_plugin)) {
        record_say(r,
                   "plug-in '%s' (%s): its pcp_plugin has %zu bytes, ABI version %d needs %zu",
                   r->name, r->path, p->size, PC_PLUGIN_ABI_VERSION, sizeof(pcp_plugin));
        return 0;
    }
    if (p->init == NULL || p->device_count == NULL || p->alloc == NULL || p->free == NULL ||
        p->copy_h2d == NULL || p->copy_d2h == NULL || p->copy_d2d == NULL) {
        record_say(r,
                   "plug-in '%s' (%s) lacks a required slot (init, device_count, alloc, free, "
                   "copy_h2d, copy_d2h, copy_d2d)", r->name, r->path);
        return 0;
    }
    if (plugin != NULL) {
        record_say(r,
                   "plug-in '%s' (%s) not loaded: the xpu devices are the '%s' plug-in's",
                   r->name, r->path, plugin->name);
        return 0;
    }
    return 1;
}

/* What kind of file `mode` is, for the refusal of one that is not a regular file. */
static const char *file_kind(mode_t mode)
{
    return S_ISFIFO(mode)   ? "a FIFO"
           : S_ISDIR(mode)  ? "a directory"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "a special file";
}

static void try_file(const char *path)
{
    record *r = new_record(path);
    if (r == NULL) {
        return;
    }
    /* [Why only regular files are opened] dlopen() opens and reads what it is given: a FIFO
     * blocks the import until some writer opens it, a device such as /dev/zero can be read
     * forever. A plug-in is a regular file (or a link to one), so anything else is refused by
     * its kind before it is opened. A path stat() cannot see is left to dlopen(), whose message
     * says why. */
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        record_say(r, "plug-in %s is not a regular file (it is %s): not opened", path,
                   file_kind(sb.st_mode));
        return;
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        record_say(r, "plug-in %s cannot be opened: %s", path,
                   dlerror());
        return;
    }
    pcp_entry_fn entry;
    *(void **)&entry = dlsym(handle, PC_PLUGIN_ENTRY);
    if (entry == NULL) {
        record_say(r, "plug-in %s has no entry symbol %s", path,
                   PC_PLUGIN_ENTRY);
        dlclose(handle);
        return;
    }
    const pcp_plugin *p = entry();
    if (!acceptable(p, r)) {
        dlclose(handle);
        return;
    }
    plugin = p;
    adapter_fill_optional();
    if (pc_backend_register(&adapter) != PC_OK) {
        record_say(r, "plug-in '%s' (%s): %s", r->name, path,
                   pc_error_message());
        plugin = NULL;
        return;
    }
    r->loaded = 1;   /* the handle stays open for the process */
}

static int is_shared_library(const char *name)
{
    const size_t n = strlen(name);
    return n > 3 && strcmp(name + n - 3, ".so") == 0;
}

/* A folder: every *.so in it, in name order. */
static void try_folder(const char *dir)
{
    struct dirent **names = NULL;
    const int n = scandir(dir, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        if (is_shared_library(names[i]->d_name)) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
            try_file(path);
        }
        free(names[i]);
    }
    free(names);
}

static void register_kernels(void);

/* Called once from pc_backends_init() (paddle_c_builtin_backends.def), last: a plug-in's
 * kernels go into the xpu column after every built-in column is filled. */
void pc_plugins_backend_init(void)
{
    const char *list = getenv("PADDLE_C_PLUGIN_PATH");
    if (list == NULL) {
        return;
    }
    char *copy = strdup(list);
    char *save = NULL;
    for (char *item = copy ? strtok_r(copy, ":", &save) : NULL; item != NULL;
         item = strtok_r(NULL, ":", &save)) {
        DIR *d = opendir(item);
        if (d != NULL) {
            closedir(d);
            try_folder(item);
        } else {
            try_file(item);
        }
    }
    free(copy);
    size_t used = 0;
    for (int i = 0; i < nrecords && used < sizeof refusal; i++) {
        if (!records[i].loaded) {
            used += (size_t)snprintf(refusal + used, sizeof refusal - used, "%s%s",
                                     used ? "; " : "", records[i].message);
        }
    }
    register_kernels();
    pc_error_clear();
}

/* ---- kernels ---------------------------------------------------------------------------------- */

/* What a slot of the kernel table points at (pc_kernel.impl): the plug-in's function. */
typedef struct kernel_record {
    pc_op op;
    pcp_elementwise_fn elementwise;
    pcp_whole_fn whole;
    void *data;
} kernel_record;

static kernel_record *new_kernel_record(void)
{
    return calloc(1, sizeof(kernel_record));  /* kept for the process (the table points here) */
}

static pc_status run_elementwise(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const kernel_record *k = (const kernel_record *)ctx->kernel->impl;
    if (it->size == 0) {
        return PC_OK;
    }
    pcp_offsets_params offsets;
    pcp_mask_params mask;
    const void *params = ctx->params;
    if (k->op == PC_OP_INDEX_OFFSETS) {
        const pc_offsets_params *p = (const pc_offsets_params *)ctx->params;
        offsets = (pcp_offsets_params){p->len, p->stride, p->item, p->result};
        params = &offsets;
    } else if (k->op == PC_OP_MASK_FILL || k->op == PC_OP_MASK_COMPACT ||
               k->op == PC_OP_MASK_EXPAND) {
        const pc_mask_params *p = (const pc_mask_params *)ctx->params;
        mask = (pcp_mask_params){p->out, p->fill, p->values, p->step};
        params = &mask;
    }
    int64_t strides[PC_MAX_NDIM * PC_ITER_MAX_OPERANDS];
    for (int a = 0; a < it->ndim; a++) {
        for (int o = 0; o < it->nop; o++) {
            strides[a * it->nop + o] = it->strides[a][o];
        }
    }
    const pcp_elementwise launch = {
        .size = sizeof launch,
        .device = it->device.index,
        .nop = it->nop,
        .ndim = it->ndim,
        .numel = it->size,
        .data = (void *const *)it->data,
        .shape = it->shape,
        .strides = strides,
        .params = params,
        .kernel_data = k->data,
    };
    return from_plugin(k->elementwise(&launch), "kernel launch");
}

static void describe(const pc_tensor *t, pcp_tensor *out)
{
    if (t == NULL) {
        *out = (pcp_tensor){NULL, NULL, 0, NULL, NULL}; /* an absent output */
        return;
    }
    out->data = t->data;
    out->dtype = pc_dtype_name(t->dtype);
    out->ndim = t->ndim;
    out->shape = t->shape;
    out->strides = t->strides;
}

/* The ABI's parameters of a whole-tensor launch, from the core's (plugin.h). */
typedef union whole_params {
    pcp_sort_params sort;
    pcp_scan_params scan;
    pcp_gather_params gather;
    pcp_range_params range;
    pcp_argreduce_params arg;
    pcp_unique_params unique;
} whole_params;

static const void *translate_params(pc_op op, const void *params, whole_params *out)
{
    switch (op) {
    case PC_OP_SORT: {
        const pc_sort_params *p = (const pc_sort_params *)params;
        out->sort = (pcp_sort_params){p->axis, p->descending};
        return &out->sort;
    }
    case PC_OP_CUMSUM:
    case PC_OP_CUMPROD: {
        const pc_scan_params *p = (const pc_scan_params *)params;
        out->scan = (pcp_scan_params){p->axis, p->include_initial};
        return &out->scan;
    }
    case PC_OP_GATHER:
    case PC_OP_SCATTER: {
        const pc_gather_params *p = (const pc_gather_params *)params;
        out->gather = (pcp_gather_params){p->n,     p->offsets, p->base,   p->other,
                                          p->step,  p->index,   p->len,    p->stride,
                                          p->result, p->accumulate};
        return &out->gather;
    }
    case PC_OP_ARGMAX:
    case PC_OP_ARGMIN:
    case PC_OP_NANARGMAX:
    case PC_OP_NANARGMIN: {
        const pc_argreduce_params *p = (const pc_argreduce_params *)params;
        out->arg = (pcp_argreduce_params){p->axis, p->result};
        return &out->arg;
    }
    case PC_OP_UNIQUE: {
        const pc_unique_params *p = (const pc_unique_params *)params;
        out->unique = (pcp_unique_params){p->result};
        return &out->unique;
    }
    case PC_OP_RANDOM:
        return params; /* pcp_random_params is pc_random_params (asserted above) */
    case PC_OP_ARANGE: {
        const pc_range_params *p = (const pc_range_params *)params;
        out->range = (pcp_range_params){{p->start[0], p->start[1]}, {p->step[0], p->step[1]},
                                        p->istart, p->istep};
        return &out->range;
    }
    default:
        return NULL;
    }
}

static pc_status run_whole(const pc_kernel_args *args)
{
    const kernel_record *k = (const kernel_record *)args->kernel->impl;
    whole_params wp;
    pcp_tensor in[PC_ITER_MAX_OPERANDS], out[PC_ITER_MAX_OPERANDS];
    if (args->nin > PC_ITER_MAX_OPERANDS || args->nout > PC_ITER_MAX_OPERANDS) {
        return pc_error_set(PC_ERR_VALUE, "too many operands for a plug-in kernel");
    }
    for (int i = 0; i < args->nin; i++) {
        describe(args->in[i], &in[i]);
    }
    for (int i = 0; i < args->nout; i++) {
        describe(args->out[i], &out[i]);
    }
    const pc_tensor *first = args->nout > 0 && args->out[0] != NULL ? args->out[0] : args->in[0];
    const pcp_whole launch = {
        .size = sizeof launch,
        .device = pc_tensor_device(first).index,
        .nin = args->nin,
        .nout = args->nout,
        .in = in,
        .out = out,
        .params = translate_params(k->op, args->params, &wp),
        .kernel_data = k->data,
    };
    return from_plugin(k->whole(&launch), "kernel launch");
}

static int op_by_name(const char *name, pc_opkind kind)
{
    for (int op = 0; op < PC_NUM_OPS; op++) {
        if (strcmp(pc_op_name((pc_op)op), name) == 0) {
            return pc_op_kind((pc_op)op) == kind ? op : -1;
        }
    }
    return -1;
}

static pcp_status refuse(const char *what, const char *name)
{
    char msg[160];
    snprintf(msg, sizeof msg, "%s '%s' is not one this paddle_c registers", what, name);
    host_set_error(msg);
    return PCP_BAD_VALUE;
}

static pcp_status host_register_elementwise(const char *op, const char *dtype,
                                            pcp_elementwise_fn fn, void *data)
{
    const int o = op_by_name(op, PC_OPKIND_ELEMENTWISE);
    const pc_dtype d = pc_dtype_from_name(dtype);
    if (o < 0 || !pc_dtype_is_valid((int)d) || fn == NULL) {
        return refuse(o < 0 ? "elementwise op" : "dtype", o < 0 ? op : dtype);
    }
    kernel_record *k = new_kernel_record();
    if (k == NULL) {
        return PCP_NO_MEMORY;
    }
    k->op = (pc_op)o;
    k->elementwise = fn;
    k->data = data;
    pc_kernel_register((pc_op)o, PC_DEVICE_CUSTOM, d,
                       (pc_kernel){.iter = run_elementwise, .impl = k});
    return PCP_OK;
}

static pcp_status host_register_cast(const char *from, const char *to, pcp_elementwise_fn fn,
                                     void *data)
{
    const pc_dtype f = pc_dtype_from_name(from), t = pc_dtype_from_name(to);
    if (!pc_dtype_is_valid((int)f) || !pc_dtype_is_valid((int)t) || fn == NULL) {
        return refuse("dtype", pc_dtype_is_valid((int)f) ? to : from);
    }
    kernel_record *k = new_kernel_record();
    if (k == NULL) {
        return PCP_NO_MEMORY;
    }
    k->op = PC_OP_COPY;
    k->elementwise = fn;
    k->data = data;
    pc_cast_register(PC_DEVICE_CUSTOM, f, t, (pc_kernel){.iter = run_elementwise, .impl = k});
    return PCP_OK;
}

/* The whole-tensor ops of ABI version 1 (plugin.h documents their contract): the reductions
 * whose paddle_c/reductions.def row has abi 1, and these. */
#define RD_ABI_0(name)
#define RD_ABI_1(name) #name,
static int whole_op_in_abi(const char *op)
{
    static const char *const ops[] = {
#define PC_RD(ID, name, form, mform, shape, sarg, kinds, dtype, ident, abi, ...) RD_ABI_##abi(name)
#include "paddle_c/reductions.def"
#undef PC_RD
        "matmul",  "sort",   "cumsum",    "cumprod",   "gather", "scatter", "arange",
        "random",  "argmax", "argmin",    "nanargmax", "nanargmin", "unique"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (strcmp(ops[i], op) == 0) {
            return 1;
        }
    }
    return 0;
}

static pcp_status host_register_whole(const char *op, const char *dtype, pcp_whole_fn fn,
                                      void *data)
{
    const int o = whole_op_in_abi(op) ? op_by_name(op, PC_OPKIND_WHOLE) : -1;
    const pc_dtype d = pc_dtype_from_name(dtype);
    if (o < 0 || !pc_dtype_is_valid((int)d) || fn == NULL) {
        return refuse(o < 0 ? "whole-tensor op" : "dtype", o < 0 ? op : dtype);
    }
    kernel_record *k = new_kernel_record();
    if (k == NULL) {
        return PCP_NO_MEMORY;
    }
    k->op = (pc_op)o;
    k->whole = fn;
    k->data = data;
    pc_kernel_register((pc_op)o, PC_DEVICE_CUSTOM, d, (pc_kernel){.whole = run_whole, .impl = k});
    return PCP_OK;
}

static void register_kernels(void)
{
    if (plugin == NULL) {
        return;
    }
    const pcp_host host = {
        .size = sizeof host,
        .abi_version = PC_PLUGIN_ABI_VERSION,
        .register_elementwise = host_register_elementwise,
        .register_cast = host_register_cast,
        .register_whole = host_register_whole,
        .set_error = host_set_error,
    };
    const pcp_status st = plugin->init(&host);
    if (st != PCP_OK) {
        /* its kernels may be half registered: the devices stay, each op says what it lacks */
        fprintf(stderr, "paddle_c: the '%s' plug-in's init failed: %s\n", plugin->name,
                plugin_message);
        plugin_message[0] = '\0';
    }
    pc_error_clear();
}

/* ---- questions of the rest of paddle_c -------------------------------------------------------- */

int pc_plugins_count(void) { return nrecords; }

pc_plugin_record pc_plugins_record(int i)
{
    const record *r = &records[i];
    const pc_plugin_record out = {r->path, r->name, r->loaded, r->message};
    return out;
}

const char *pc_plugins_refusal(void) { return refusal[0] != '\0' ? refusal : NULL; }
