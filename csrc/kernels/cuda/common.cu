/*
 * common.cu - host-side helpers of the CUDA kernels: the device and stream of a launch (the
 * backend's vtable), the backend's runtime hooks (pc_gpu_runtime, kept from registration), the
 * launch plan of an iteration (launch.cuh), and launch errors as pc_status
 * (PADDLE_C_LAUNCH_BLOCKING=1 makes them synchronous).
 */
#include "launch.cuh"

#include <stdio.h>
#include <string.h>

namespace pcu {

/* written once by set_runtime() during registration, before any kernel runs; read-only after */
static pc_gpu_runtime runtime_hooks;

void set_runtime(const pc_gpu_runtime *runtime) { runtime_hooks = *runtime; }

const pc_gpu_runtime &runtime() { return runtime_hooks; }

pc_status select_device(pc_device dev)
{
    cudaError_t e = cudaSetDevice(dev.index);
    if (e != cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "GPU device %d cannot be selected: %s",
                            (int)dev.index, cudaGetErrorString(e));
    }
    return PC_OK;
}

/* The device's own non-blocking stream: its backend's `stream` slot. */
cudaStream_t launch_stream(pc_device dev)
{
    const pc_backend *b = pc_backend_get((pc_device_type)dev.type);
    return (cudaStream_t)b->stream(b, dev.index);
}

unsigned grid_for(int64_t size)
{
    int64_t blocks = (size + threads_per_block - 1) / threads_per_block;
    /* enough blocks to fill any current GPU several times over; the kernels stride the rest */
    return (unsigned)(blocks < 65536 ? blocks : 65536);
}

/* every operand dense (its item size apart) or a broadcast scalar, in one dimension */
static bool dense(const pc_iter *it, const int *itemsize)
{
    if (it->ndim > 1) {
        return false;
    }
    for (int k = 0; k < it->nop; k++) {
        const int64_t s = it->ndim == 0 ? itemsize[k] : it->strides[0][k];
        if (s != itemsize[k] && s != 0) {
            return false;
        }
    }
    return true;
}

/* every byte offset an operand reaches, and the size, below 2**31 */
static bool fits_32(const pc_iter *it)
{
    if (it->size >= INT32_MAX) {
        return false;
    }
    for (int k = 0; k < it->nop; k++) {
        int64_t reach = 0;
        for (int d = 0; d < it->ndim; d++) {
            const int64_t s = it->strides[d][k] < 0 ? -it->strides[d][k] : it->strides[d][k];
            if (s > INT32_MAX) {
                return false;
            }
            reach += s * (it->shape[d] - 1);
            if (reach >= INT32_MAX) {
                return false;
            }
        }
    }
    return true;
}

/* the host values of the operands marked in it->by_value, copied into the launch's parameters */
static void copy_values(const pc_iter *it, const int *itemsize, unsigned *by_value,
                        value16 *value)
{
    *by_value = it->by_value;
    for (int k = 0; k < it->nop; k++) {
        memset(value[k].bytes, 0, sizeof value[k].bytes);
        if (it->by_value & (1u << k)) {
            memcpy(value[k].bytes, it->data[k], (size_t)itemsize[k]);
        }
    }
}

pc_status make_plan(const pc_iter *it, const int *itemsize, plan *pl, bool allow_dense)
{
    if (it->ndim > max_dims || it->nop > max_ops) {
        return pc_error_set(PC_ERR_NOTIMPL,
                            "GPU kernels take at most %d operands of at most %d dimensions after "
                            "coalescing (got %d operands, %d dimensions)",
                            max_ops, max_dims, it->nop, it->ndim);
    }
    pc_status st = select_device(it->device);
    if (st != PC_OK) {
        return st;
    }
    pl->stream = launch_stream(it->device);
    if (pl->stream == nullptr) {
        return PC_ERR_RUNTIME; /* the runtime set the message */
    }
    pl->blocks = grid_for(it->size);
    if (allow_dense && dense(it, itemsize)) {
        pl->kind = path::dense;
        pl->dense.size = it->size;
        copy_values(it, itemsize, &pl->dense.by_value, pl->dense.value);
        for (int k = 0; k < it->nop; k++) {
            pl->dense.data[k] = it->data[k];
            pl->dense.step[k] = it->ndim == 0 ? 0 : it->strides[0][k];
        }
        return PC_OK;
    }
    if (fits_32(it)) {
        pl->kind = path::i32;
        pl->i32.ndim = it->ndim;
        pl->i32.size = (uint32_t)it->size;
        copy_values(it, itemsize, &pl->i32.by_value, pl->i32.value);
        for (int k = 0; k < it->nop; k++) {
            pl->i32.data[k] = it->data[k];
        }
        for (int d = 0; d < it->ndim; d++) {
            pl->i32.shape[d] = fast_div((uint32_t)it->shape[d]);
            for (int k = 0; k < it->nop; k++) {
                pl->i32.strides[d][k] = (int32_t)it->strides[d][k];
            }
        }
        return PC_OK;
    }
    pl->kind = path::split;
    return PC_OK;
}

void split_iter(const pc_iter *it, pc_iter *lo, pc_iter *hi)
{
    int best = 0;
    int64_t best_reach = -1;
    for (int d = 0; d < it->ndim; d++) {
        if (it->shape[d] < 2) {
            continue;
        }
        int64_t reach = 0;
        for (int k = 0; k < it->nop; k++) {
            const int64_t s = it->strides[d][k] < 0 ? -it->strides[d][k] : it->strides[d][k];
            reach = s * it->shape[d] > reach ? s * it->shape[d] : reach;
        }
        reach = reach > it->shape[d] ? reach : it->shape[d];
        if (reach > best_reach) {
            best = d;
            best_reach = reach;
        }
    }
    *lo = *it;
    *hi = *it;
    const int64_t half = it->shape[best] / 2;
    lo->shape[best] = half;
    hi->shape[best] = it->shape[best] - half;
    lo->size = it->size / it->shape[best] * half;
    hi->size = it->size - lo->size;
    for (int k = 0; k < it->nop; k++) {
        hi->data[k] = it->data[k] + half * it->strides[best][k];
    }
}

pc_status check_launch(pc_device dev, const char *what, const char *pretty)
{
    pc_status st = runtime_hooks.launch_check(dev.index, what);
    if (st != PC_OK && pretty != nullptr) {
        const char *g = strstr(pretty, "G = ");
        g = g != nullptr ? g + 4 : pretty;
        size_t n = strlen(g);
        n = n > 0 && g[n - 1] == ']' ? n - 1 : n;
        char message[1024];
        snprintf(message, sizeof message, "%s", pc_error_message());
        pc_error_set(st, "%s (functor %.*s)", message, (int)n, g);
    }
    return st;
}

} // namespace pcu
