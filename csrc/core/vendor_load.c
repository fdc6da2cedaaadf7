/*
 * vendor_load.c - dlopen of the GPU vendor libraries (vendor_load.h).
 */
#include "core/vendor_load.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fork_lock.h"

typedef struct vendor_desc {
    const char *short_name;
    const char *display;
    const char *sonames[3];     /* newest major first; NULL-terminated when fewer */
    const char *unversioned;
    const char *hint;           /* how to install it, for the error message */
    /* [Why preloads] the wheels keep each library in its own folder; a library opened by path
     * finds its dependencies by soname among those already loaded, so these are opened from
     * the search folders first (where present; the system resolves its own) */
    const char *preload[6];
} vendor_desc;

#define PC_CUDA_HINT "pip install paddle_c[cuda] or install the CUDA toolkit"

/* CUDA 13: cuBLAS 13, cuSOLVER 12, cuFFT 12; CUDA 12: cuBLAS 12, cuSOLVER 11, cuFFT 11 */
static const vendor_desc descs[PC_NUM_VENDOR_LIBS] = {
    {"cublas", "cuBLAS", {"libcublas.so.13", "libcublas.so.12", NULL}, "libcublas.so",
     PC_CUDA_HINT, {"libcublasLt.so.13", "libcublasLt.so.12", NULL}},
    {"cusolver", "cuSOLVER", {"libcusolver.so.12", "libcusolver.so.11", NULL}, "libcusolver.so",
     PC_CUDA_HINT,
     {"libnvJitLink.so.13", "libnvJitLink.so.12", "libcusparse.so.12", "libcublasLt.so.13",
      "libcublasLt.so.12", NULL}},
    {"cufft", "cuFFT", {"libcufft.so.12", "libcufft.so.11", NULL}, "libcufft.so", PC_CUDA_HINT,
     {NULL}},
    {"hipfft", "hipFFT", {"libhipfft.so.0", NULL}, "libhipfft.so",
     "install ROCm's hipfft (with rocfft)", {NULL}},
    /* ROCm 6: rocBLAS 4; ROCm 5: rocBLAS 3 */
    {"rocblas", "rocBLAS", {"librocblas.so.4", "librocblas.so.3", NULL}, "librocblas.so",
     "install ROCm's rocblas", {NULL}},
};

static pc_fork_lock lock = PC_FORK_LOCK_INIT(NULL);
static char *search_path;                       /* owned; guarded by lock */
static void *handles[PC_NUM_VENDOR_LIBS];       /* guarded by lock; never closed */

int pc_vendor_lib_from_name(const char *name)
{
    for (int i = 0; i < PC_NUM_VENDOR_LIBS; i++) {
        if (strcmp(name, descs[i].short_name) == 0) {
            return i;
        }
    }
    return -1;
}

pc_status pc_vendor_set_search_path(const char *dirs)
{
    char *copy = NULL;
    if (dirs != NULL && dirs[0] != '\0') {
        copy = strdup(dirs);
        if (copy == NULL) {
            return pc_error_set(PC_ERR_MEMORY, "out of memory");
        }
    }
    pc_fork_lock_acquire(&lock);
    free(search_path);
    search_path = copy;
    pc_fork_lock_release(&lock);
    return PC_OK;
}

/* dlopen `file` in each directory of `dirs` (':'-separated); NULL when none has it */
static void *open_in_dirs(const char *dirs, const char *file, char *path, int path_size)
{
    const char *p = dirs;
    while (p != NULL && *p != '\0') {
        const char *end = strchr(p, ':');
        const int len = end != NULL ? (int)(end - p) : (int)strlen(p);
        if (len > 0) {
            char full[4096];
            snprintf(full, sizeof full, "%.*s/%s", len, p, file);
            void *h = dlopen(full, RTLD_NOW | RTLD_LOCAL);
            if (h != NULL) {
                if (path != NULL) {
                    snprintf(path, (size_t)path_size, "%s", full);
                }
                return h;
            }
        }
        p = end != NULL ? end + 1 : NULL;
    }
    return NULL;
}

/* the search of vendor_load.h: the directories, then (when `system`) the loader's path */
static void *find_library(const vendor_desc *d, const char *dirs, bool system, char *path,
                          int path_size)
{
    for (int i = 0; system && i < 6 && d->preload[i] != NULL; i++) {
        (void)open_in_dirs(dirs, d->preload[i], NULL, 0); /* kept open, as the library */
    }
    for (int i = 0; i < 3 && d->sonames[i] != NULL; i++) {
        void *h = open_in_dirs(dirs, d->sonames[i], path, path_size);
        if (h != NULL) {
            return h;
        }
    }
    void *h = open_in_dirs(dirs, d->unversioned, path, path_size);
    for (int i = 0; h == NULL && system && i < 3 && d->sonames[i] != NULL; i++) {
        h = dlopen(d->sonames[i], RTLD_NOW | RTLD_LOCAL);
        if (h != NULL && path != NULL) {
            snprintf(path, (size_t)path_size, "%s", d->sonames[i]);
        }
    }
    if (h == NULL && system) {
        h = dlopen(d->unversioned, RTLD_NOW | RTLD_LOCAL);
        if (h != NULL && path != NULL) {
            snprintf(path, (size_t)path_size, "%s", d->unversioned);
        }
    }
    return h;
}

static pc_status not_found(const vendor_desc *d)
{
    if (d->sonames[1] == NULL) {
        return pc_error_set(PC_ERR_RUNTIME, "%s (%s) not found: %s", d->display, d->sonames[0],
                            d->hint);
    }
    return pc_error_set(PC_ERR_RUNTIME, "%s (%s or %s) not found: %s", d->display,
                        d->sonames[0], d->sonames[1], d->hint);
}

void *pc_vendor_open(pc_vendor_lib lib)
{
    if ((int)lib < 0 || lib >= PC_NUM_VENDOR_LIBS) {
        pc_error_set(PC_ERR_VALUE, "unknown vendor library %d", (int)lib);
        return NULL;
    }
    pc_fork_lock_acquire(&lock);
    if (handles[lib] == NULL) {
        handles[lib] = find_library(&descs[lib], search_path, true, NULL, 0);
    }
    void *h = handles[lib];
    pc_fork_lock_release(&lock);
    if (h == NULL) {
        not_found(&descs[lib]);
    }
    return h;
}

void *pc_vendor_symbol(pc_vendor_lib lib, const char *symbol, bool optional)
{
    void *h = pc_vendor_open(lib);
    if (h == NULL) {
        return NULL;
    }
    void *f = dlsym(h, symbol);
    if (f == NULL && !optional) {
        pc_error_set(PC_ERR_RUNTIME, "%s lacks %s: a newer version is needed",
                     descs[lib].display, symbol);
    }
    return f;
}

pc_status pc_vendor_try_load(pc_vendor_lib lib, const char *dirs, char *path, int path_size)
{
    if ((int)lib < 0 || lib >= PC_NUM_VENDOR_LIBS) {
        return pc_error_set(PC_ERR_VALUE, "unknown vendor library %d", (int)lib);
    }
    void *h = find_library(&descs[lib], dirs, false, path, path_size);
    if (h == NULL) {
        return not_found(&descs[lib]);
    }
    dlclose(h);
    return PC_OK;
}
