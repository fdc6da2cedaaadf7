/*
 * vendor_load.h - the GPU vendor libraries (cuBLAS, cuSOLVER, cuFFT; hipFFT and rocBLAS on
 * ROCm), opened with dlopen on first use, never linked: the extension builds and imports
 * without them, and a device op that needs one that is missing raises a RuntimeError naming it.
 *
 * Where they are looked for, in order: the directories given by
 * pc_vendor_set_search_path() (the Python package passes the lib/ folders of the nvidia-*
 * wheels it finds: pip install paddle_c[cuda]), then the system's loader path
 * (LD_LIBRARY_PATH, ld.so.cache: the CUDA toolkit). Per library the sonames of the supported
 * major versions are tried newest first (libcublas.so.13, .so.12, then libcublas.so).
 *
 * A library is opened once per process and never closed (its handles live as long as the
 * process). Thread-safe. Plain C: compiled in every build, so the loader and its messages are
 * tested on machines without a GPU (paddle_c._C._vendor_try_load).
 *
 * [Why the loader is core's] It loads libraries and knows no kernel: the GPU kernels
 * (kernels/cuda) open their libraries through it and the Python layer sets its search path, and
 * core is the one layer both may use.
 */
#ifndef PADDLE_C_VENDOR_LOAD_H
#define PADDLE_C_VENDOR_LOAD_H

#include <stdbool.h>

#include "paddle_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_vendor_lib {
    PC_VENDOR_CUBLAS = 0,
    PC_VENDOR_CUSOLVER,
    PC_VENDOR_CUFFT,
    PC_VENDOR_HIPFFT,           /* ROCm builds */
    PC_VENDOR_ROCBLAS,          /* ROCm builds */
    PC_NUM_VENDOR_LIBS
} pc_vendor_lib;

/* The library's id from its short name ("cublas", "cusolver", "cufft", "hipfft", "rocblas");
 * -1 when unknown. */
int pc_vendor_lib_from_name(const char *name);

/* Replace the extra search directories: `dirs` separated by ':' (copied; NULL or "" for
 * none). Libraries already opened stay open. */
pc_status pc_vendor_set_search_path(const char *dirs);

/* The library's dlopen handle, opened on first use; NULL with PC_ERR_RUNTIME set:
 * "cuBLAS (libcublas.so.13 or libcublas.so.12) not found: pip install paddle_c[cuda] or
 * install the CUDA toolkit". */
void *pc_vendor_open(pc_vendor_lib lib);

/* The address of `symbol` in the library (opening it first); NULL with PC_ERR_RUNTIME set,
 * or, when `optional`, NULL and no error when the library lacks the symbol. */
void *pc_vendor_symbol(pc_vendor_lib lib, const char *symbol, bool optional);

/* Test hook: try to open the library from `dirs` only (the system is not asked), close it
 * again; PC_OK, or the error pc_vendor_open() would set. `path` receives the file opened. */
pc_status pc_vendor_try_load(pc_vendor_lib lib, const char *dirs, char *path, int path_size);

#ifdef __cplusplus
}
#endif
#endif
