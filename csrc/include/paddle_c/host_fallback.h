/*
 * host_fallback.h - the explicit host fallback of the linalg and fft kernels for devices
 * without a library for them (dispatch/host_fallback.c), following Paddle's custom-device
 * rule: off by default; PADDLE_C_HOST_FALLBACK=1 at import switches it on; each op warns once
 * the first time it runs on the host; _C._coverage() shows its slots as "host".
 */
#ifndef PADDLE_C_HOST_FALLBACK_H
#define PADDLE_C_HOST_FALLBACK_H

#include <stdbool.h>
#include <stdint.h>

#include "paddle_c/kernels/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether PADDLE_C_HOST_FALLBACK switched the fallback on (read once, at init). */
bool pc_host_fallback_enabled(void);

/* Fill the empty linalg/fft slots of device backend `b` (when enabled; else the error of such
 * an empty slot names PADDLE_C_HOST_FALLBACK). Called by pc_decompose_register after the
 * decompositions. */
void pc_host_fallback_register(pc_device_type b);

/* How many kernels the host fallback has run since the start. */
int64_t pc_host_fallback_runs(void);

/* Where the once-per-op warnings go (the Python layer sets a RuntimeWarning; default: stderr).
 * The hook may run on any thread, with or without the interpreter's lock. */
void pc_host_fallback_set_warn(void (*warn)(const char *message));

#ifdef __cplusplus
}
#endif
#endif
