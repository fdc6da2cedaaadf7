/*
 * host_fallback.c - the explicit host fallback of the linalg and fft kernels (host_fallback.h)
 * for devices that have neither a kernel nor a decomposition for them.
 *
 * Paddle's custom-device rule: a device without a library for an op does not run it silently
 * on the CPU. Here the fallback is off unless PADDLE_C_HOST_FALLBACK=1 at import; when on, the
 * empty slots of CHOLESKY ... SVD and the three FFT steps of every device column are filled
 * (source PC_SLOT_HOST, "host" in _C._coverage()) with a kernel that copies its tensors to the
 * host, runs the CPU's kernel there and copies the outputs back, and says so once per op (a
 * RuntimeWarning through the hook the Python layer sets).
 *
 * The CPU kernel gets the parameters with their result word field cleared: it then returns a
 * data-dependent failure (a singular matrix) as its status with the CPU's message, which the
 * op layer raises as it would on the CPU.
 *
 * Ownership: the host copies are freed on the one exit path; the slot records are static.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "paddle_c/host_fallback.h"
#include "paddle_c/kernels/fft_params.h"
#include "paddle_c/kernels/linalg_kernels.h"
#include "paddle_c/ops.h"

/* The ops served, their parameter struct's size and its result word field (-1: none). */
typedef struct served {
    pc_op op;
    size_t params;
    ptrdiff_t result;
} served;

static const served ops[] = {
    {PC_OP_CHOLESKY, sizeof(pc_cholesky_params), offsetof(pc_cholesky_params, result)},
    {PC_OP_INV, sizeof(pc_singular_params), offsetof(pc_singular_params, result)},
    {PC_OP_SOLVE, sizeof(pc_singular_params), offsetof(pc_singular_params, result)},
    {PC_OP_SLOGDET, 0, -1},
    {PC_OP_QR, 0, -1},
    {PC_OP_EIGH, sizeof(pc_eigh_params), offsetof(pc_eigh_params, result)},
    {PC_OP_EIG, sizeof(pc_converge_params), offsetof(pc_converge_params, result)},
    {PC_OP_SVD, sizeof(pc_converge_params), offsetof(pc_converge_params, result)},
    {PC_OP_FFT_C2C, sizeof(pc_fft_params), -1},
    {PC_OP_FFT_R2C, sizeof(pc_fft_params), -1},
    {PC_OP_FFT_C2R, sizeof(pc_fft_params), -1},
};
#define NSERVED ((int)(sizeof ops / sizeof ops[0]))

/* What a slot points at: its op's row and the slot's dtype (the CPU slot to run). */
typedef struct slot {
    const served *op;
    pc_dtype dtype;
} slot;

static slot slots[NSERVED][PC_NUM_DTYPES];
static int enabled = -1;           /* read once, at init */
static int warned[NSERVED];
static int64_t runs;
static void (*warn_hook)(const char *message);

bool pc_host_fallback_enabled(void)
{
    if (enabled < 0) {
        const char *v = getenv("PADDLE_C_HOST_FALLBACK");
        enabled = v != NULL && strcmp(v, "1") == 0;
    }
    return enabled != 0;
}

void pc_host_fallback_set_warn(void (*warn)(const char *message)) { warn_hook = warn; }

int64_t pc_host_fallback_runs(void) { return __atomic_load_n(&runs, __ATOMIC_RELAXED); }

static void warn_once(const served *o, pc_device dev)
{
    const int i = (int)(o - ops);
    if (__atomic_exchange_n(&warned[i], 1, __ATOMIC_ACQ_REL) != 0) {
        return;
    }
    const pc_backend *b = pc_backend_get((pc_device_type)dev.type);
    char msg[256];
    snprintf(msg, sizeof msg,
             "'%s' ran on the host for %s:%d (PADDLE_C_HOST_FALLBACK=1): its tensors were "
             "copied to the CPU and back",
             pc_op_name(o->op), b != NULL ? b->name : "?", (int)dev.index);
    if (warn_hook != NULL) {
        warn_hook(msg);
    } else {
        fprintf(stderr, "paddle_c: %s\n", msg);
    }
}

/* A copy of the device tensor t on the host in t's memory order (the kernels' contracts
 * name layouts: an F-layout output stays F-layout). */
static pc_status host_copy(const pc_tensor *t, pc_tensor **out)
{
    pc_tensor *c = NULL;
    pc_status st = pc_to_device(t, pc_device_cpu(), &c);
    if (st == PC_OK) {
        st = pc_tensor_empty_like_layout(t->ndim, t->shape, t->dtype, pc_device_cpu(), 1, &t,
                                         out);
    }
    if (st == PC_OK) {
        st = pc_copy_into(*out, c);
    }
    pc_tensor_free(c);
    return st;
}

/* Copies of `n` device tensors on the host (NULL entries stay NULL). */
static pc_status to_host(int n, const pc_tensor *const *t, pc_tensor **out)
{
    pc_status st = PC_OK;
    for (int i = 0; i < n && st == PC_OK; i++) {
        st = t[i] != NULL ? host_copy(t[i], &out[i]) : PC_OK;
    }
    return st;
}

/* dst (a device tensor) = src (its host copy), through a device copy of src */
static pc_status back_to_device(pc_tensor *dst, const pc_tensor *src)
{
    pc_tensor *d = NULL;
    pc_status st = pc_to_device(src, pc_tensor_device(dst), &d);
    if (st == PC_OK) {
        st = pc_copy_into(dst, d);
    }
    pc_tensor_free(d);
    return st;
}

static pc_status run_host(const pc_kernel_args *args)
{
    const slot *sl = (const slot *)args->kernel->impl;
    const served *o = sl->op;
    const pc_tensor *first = args->nout > 0 ? args->out[0] : args->in[0];
    const pc_device dev = pc_tensor_device(first);
    if (args->nin > PC_ITER_MAX_OPERANDS || args->nout > PC_ITER_MAX_OPERANDS) {
        return pc_error_set(PC_ERR_RUNTIME, "host fallback: too many tensors");
    }
    warn_once(o, dev);
    __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
    pc_tensor *hin[PC_ITER_MAX_OPERANDS] = {NULL};
    pc_tensor *hout[PC_ITER_MAX_OPERANDS] = {NULL};
    _Alignas(16) unsigned char params[64];
    memset(params, 0, sizeof params);
    if (o->params > 0 && args->params != NULL) {
        memcpy(params, args->params, o->params);
    }
    if (o->result >= 0) {
        memset(params + o->result, 0, sizeof(pc_result_word *));
    }
    pc_status st = to_host(args->nin, args->in, hin);
    if (st == PC_OK) {
        /* outputs too: some hold their input (CHOLESKY, INV, SOLVE, EIGH work in place) */
        st = to_host(args->nout, (const pc_tensor *const *)args->out, hout);
    }
    if (st == PC_OK) {
        const pc_kernel_args host = {args->nin, args->nout, (const pc_tensor *const *)hin,
                                     hout, o->params > 0 ? params : NULL};
        st = pc_dispatch_whole(o->op, sl->dtype, &host);
    }
    for (int i = 0; i < args->nout && st == PC_OK; i++) {
        if (hout[i] != NULL) {
            st = back_to_device(args->out[i], hout[i]);
        }
    }
    for (int i = 0; i < PC_ITER_MAX_OPERANDS; i++) {
        pc_tensor_free(hin[i]);
        pc_tensor_free(hout[i]);
    }
    return st;
}

void pc_host_fallback_register(pc_device_type b)
{
    if (!pc_host_fallback_enabled()) {
        /* an empty slot it would fill names the setting that fills it */
        for (int i = 0; i < NSERVED; i++) {
            pc_kernel_set_empty_hint(ops[i].op, "PADDLE_C_HOST_FALLBACK=1 runs it on the host, "
                                                "copying its tensors there and back");
        }
        return;
    }
    for (int i = 0; i < NSERVED; i++) {
        for (int d = 0; d < PC_NUM_DTYPES; d++) {
            const pc_dtype dt = (pc_dtype)d;
            if (pc_kernel_has(ops[i].op, b, dt) || !pc_kernel_has(ops[i].op, PC_DEVICE_CPU, dt)) {
                continue;
            }
            slots[i][d] = (slot){&ops[i], dt};
            pc_kernel k = {0};
            k.whole = run_host;
            k.impl = &slots[i][d];
            k.source = PC_SLOT_HOST;
            pc_kernel_register(ops[i].op, b, dt, k);
        }
    }
}
