/*
 * fft.cu - the GPU kernels of FFT_C2C, FFT_R2C and FFT_C2R (contract in
 * paddle_c/kernels/fft_params.h) on cuFFT, opened at run time (vendor_load.h).
 *
 * One call transforms one axis: the input is gathered (that axis last, zero-padded or cut to
 * the transform's length, real widened to complex for C2C) into dense scratch, one batched
 * 1-D plan (cufftPlanMany) runs out of place, and the result is scattered into the output's
 * strides with the scale applied (the CPU's norm handling: the caller passes the factor).
 *
 * Plans are cached per (device, type, length, batch) in a small table and bound to the
 * device's stream; an evicted plan is destroyed after the device's stream has drained.
 *
 * ROCm builds use hipFFT the same way (its ABI is cuFFT's but for the plan handle's type).
 */

#include <stdint.h>

#include "paddle_c/kernels/fft_params.h"
#include "vendor_common.cuh"
#include "vendors/cufft_api.h"

/* ROCm: hipFFT, the same entry points with the hipfft prefix (vendors/hip.h) */
#ifdef PC_USE_HIP
#define PCU_FFT_LIB PC_VENDOR_HIPFFT
#define PCU_FFT_SYM(name) "hipfft" name
#else
#define PCU_FFT_LIB PC_VENDOR_CUFFT
#define PCU_FFT_SYM(name) "cufft" name
#endif

namespace pcu {

struct fft_api {
    pcv_cufftPlanMany plan_many;
    pcv_cufftSetStream set_stream;
    pcv_cufftDestroy destroy;
    pcv_cufftExecC2C exec_c2c;
    pcv_cufftExecC2C exec_z2z;
    pcv_cufftExecR2C exec_r2c;
    pcv_cufftExecR2C exec_d2z;
    pcv_cufftExecR2C exec_c2r;
    pcv_cufftExecR2C exec_z2d;
};

static pc_fork_mutex fft_lock; /* guards the api and the plan cache */

static const fft_api *load_fft_locked()
{
    static fft_api api;
    static bool loaded;
    if (loaded) {
        return &api;
    }
    struct entry {
        void **slot;
        const char *name;
    };
    const entry entries[] = {
        {(void **)&api.plan_many, PCU_FFT_SYM("PlanMany")},
        {(void **)&api.set_stream, PCU_FFT_SYM("SetStream")},
        {(void **)&api.destroy, PCU_FFT_SYM("Destroy")},
        {(void **)&api.exec_c2c, PCU_FFT_SYM("ExecC2C")},
        {(void **)&api.exec_z2z, PCU_FFT_SYM("ExecZ2Z")},
        {(void **)&api.exec_r2c, PCU_FFT_SYM("ExecR2C")},
        {(void **)&api.exec_d2z, PCU_FFT_SYM("ExecD2Z")},
        {(void **)&api.exec_c2r, PCU_FFT_SYM("ExecC2R")},
        {(void **)&api.exec_z2d, PCU_FFT_SYM("ExecZ2D")},
    };
    for (const entry &e : entries) {
        *e.slot = pc_vendor_symbol(PCU_FFT_LIB, e.name, false);
        if (*e.slot == nullptr) {
            return nullptr;
        }
    }
    loaded = true;
    return &api;
}

static pc_status fft_error(cufftResult r, const char *what)
{
    return pc_error_set(r == CUFFT_ALLOC_FAILED ? PC_ERR_MEMORY : PC_ERR_RUNTIME,
                        "cuFFT %s failed (cufftResult %d)", what, (int)r);
}

struct plan_entry {
    bool used;
    int device;
    cufftType type;
    int64_t n;
    int batch;
    cufftHandle plan;
    uint64_t last_use;
};

constexpr int plan_cache_size = 32;
static plan_entry plans[plan_cache_size];
static uint64_t plan_clock;

/* The cached plan, or a new one (evicting the least recently used); under fft_lock. */
static pc_status get_plan_locked(const fft_api *api, pc_device dev, cudaStream_t stream,
                                 cufftType type, int64_t n, int batch, cufftHandle *out)
{
    int victim = 0;
    for (int i = 0; i < plan_cache_size; i++) {
        plan_entry &p = plans[i];
        if (p.used && p.device == dev.index && p.type == type && p.n == n && p.batch == batch) {
            p.last_use = ++plan_clock;
            *out = p.plan;
            return PC_OK;
        }
        if (!p.used || (plans[victim].used && p.last_use < plans[victim].last_use)) {
            victim = i;
        }
    }
    plan_entry &v = plans[victim];
    if (v.used) {
        /* the evicted plan may still be queued on its device's stream */
        pc_device old = dev;
        old.index = v.device;
        cudaStream_t s = launch_stream(old);
        if (s != nullptr) {
            (void)cudaStreamSynchronize(s);
        }
        (void)api->destroy(v.plan);
        v.used = false;
    }
    int len = (int)n;
    cufftHandle plan;
    cufftResult r = api->plan_many(&plan, 1, &len, nullptr, 1, 0, nullptr, 1, 0, type, batch);
    if (r != CUFFT_SUCCESS) {
        return fft_error(r, "PlanMany");
    }
    r = api->set_stream(plan, (pcv_stream)stream);
    if (r != CUFFT_SUCCESS) {
        (void)api->destroy(plan);
        return fft_error(r, "SetStream");
    }
    v = plan_entry{true, (int)dev.index, type, n, batch, plan, ++plan_clock};
    *out = plan;
    return PC_OK;
}

enum class kind { c2c, r2c, c2r };

static pc_status fft_run(const pc_kernel_args *args, kind k, bool dbl)
{
    const pc_fft_params *p = (const pc_fft_params *)args->params;
    const pc_tensor *in = args->in[0];
    pc_tensor *out = args->out[0];
    if (out->size == 0) {
        return PC_OK;
    }
    if (p->n > INT32_MAX) {
        return pc_error_set(PC_ERR_NOTIMPL, "GPU FFT lengths are limited to 2^31 - 1");
    }
    const pc_device dev = pc_tensor_device(out);
    pc_status st = select_device(dev);
    if (st != PC_OK) {
        return st;
    }
    cudaStream_t stream = launch_stream(dev);
    if (stream == nullptr) {
        return PC_ERR_RUNTIME;
    }
    const int rs = dbl ? 8 : 4;
    const bool in_complex = in->dtype == PC_COMPLEX64 || in->dtype == PC_COMPLEX128;
    const int64_t len_in = k == kind::c2r ? p->n / 2 + 1 : p->n;
    const int64_t len_out = k == kind::r2c ? p->n / 2 + 1 : p->n;
    const int comp_in = k == kind::r2c ? 1 : 2;
    const int comp_out = k == kind::c2r ? 1 : 2;
    /* the axis last, in both views */
    int perm[view_max_dims];
    int j = 0;
    for (int d = 0; d < out->ndim && d < view_max_dims; d++) {
        if (d != p->axis) {
            perm[j++] = d;
        }
    }
    perm[j] = p->axis;
    view vi;
    view vo;
    st = make_view(in, perm, &vi);
    if (st == PC_OK) {
        st = make_view(out, perm, &vo);
    }
    if (st != PC_OK) {
        return st;
    }
    const int last = vi.ndim - 1;
    vi.pad_axis = last;
    vi.have = vi.shape[last] < len_in ? vi.shape[last] : len_in;
    vi.shape[last] = len_in;
    const int64_t batch = out->size / len_out;
    scratch src(stream);
    scratch dst(stream);
    st = src.alloc((size_t)(batch * len_in) * (size_t)(rs * comp_in));
    if (st == PC_OK) {
        st = dst.alloc((size_t)(batch * len_out) * (size_t)(rs * comp_out));
    }
    if (st == PC_OK) {
        /* hfft (C2R forward) is C2R of the conjugate input */
        st = gather(stream, in->data, vi, src.as<void>(), rs, in_complex ? 2 : 1, comp_in,
                    k == kind::c2r && p->forward);
    }
    if (st != PC_OK) {
        return st;
    }
    const cufftType type = k == kind::c2c   ? (dbl ? CUFFT_Z2Z : CUFFT_C2C)
                           : k == kind::r2c ? (dbl ? CUFFT_D2Z : CUFFT_R2C)
                                            : (dbl ? CUFFT_Z2D : CUFFT_C2R);
    {
        std::lock_guard<pc_fork_mutex> guard(fft_lock);
        const fft_api *api = load_fft_locked();
        if (api == nullptr) {
            return PC_ERR_RUNTIME;
        }
        const int64_t chunk_max = INT32_MAX;
        for (int64_t b0 = 0; b0 < batch && st == PC_OK; b0 += chunk_max) {
            const int nbatch = (int)(batch - b0 < chunk_max ? batch - b0 : chunk_max);
            cufftHandle plan;
            st = get_plan_locked(api, dev, stream, type, p->n, nbatch, &plan);
            if (st != PC_OK) {
                break;
            }
            char *i = src.as<char>() + (size_t)(b0 * len_in) * (size_t)(rs * comp_in);
            char *o = dst.as<char>() + (size_t)(b0 * len_out) * (size_t)(rs * comp_out);
            const int dir = p->forward ? PCV_CUFFT_FORWARD : PCV_CUFFT_INVERSE;
            cufftResult r;
            switch (type) {
            case CUFFT_C2C: r = api->exec_c2c(plan, i, o, dir); break;
            case CUFFT_Z2Z: r = api->exec_z2z(plan, i, o, dir); break;
            case CUFFT_R2C: r = api->exec_r2c(plan, i, o); break;
            case CUFFT_D2Z: r = api->exec_d2z(plan, i, o); break;
            case CUFFT_C2R: r = api->exec_c2r(plan, i, o); break;
            default: r = api->exec_z2d(plan, i, o); break;
            }
            st = r != CUFFT_SUCCESS ? fft_error(r, "Exec") : launched("cuFFT Exec");
        }
    }
    if (st == PC_OK) {
        /* ihfft (R2C backward) is the conjugate of R2C */
        st = scatter(stream, dst.as<void>(), out->data, vo, rs, comp_out, p->scale,
                     k == kind::r2c && !p->forward);
    }
    return st;
}

/* [Directions] cuFFT's R2C is always forward and C2R always inverse; the other two
 * (ihfft: R2C backward, hfft: C2R forward) are their conjugates: for real x,
 * R2C_backward(x) = conj(R2C(x)) and C2R_forward(X) = C2R(conj(X)). */
template <bool D> static pc_status c2c_k(const pc_kernel_args *a) { return fft_run(a, kind::c2c, D); }
template <bool D> static pc_status r2c_k(const pc_kernel_args *a) { return fft_run(a, kind::r2c, D); }
template <bool D> static pc_status c2r_k(const pc_kernel_args *a) { return fft_run(a, kind::c2r, D); }

void register_fft()
{
    pc_kernel k = {};
    k.whole = c2c_k<false>;
    pc_kernel_register(PC_OP_FFT_C2C, PC_DEVICE_GPU_BACKEND, PC_COMPLEX64, k);
    k.whole = c2c_k<true>;
    pc_kernel_register(PC_OP_FFT_C2C, PC_DEVICE_GPU_BACKEND, PC_COMPLEX128, k);
    k.whole = r2c_k<false>;
    pc_kernel_register(PC_OP_FFT_R2C, PC_DEVICE_GPU_BACKEND, PC_COMPLEX64, k);
    k.whole = r2c_k<true>;
    pc_kernel_register(PC_OP_FFT_R2C, PC_DEVICE_GPU_BACKEND, PC_COMPLEX128, k);
    k.whole = c2r_k<false>;
    pc_kernel_register(PC_OP_FFT_C2R, PC_DEVICE_GPU_BACKEND, PC_COMPLEX64, k);
    k.whole = c2r_k<true>;
    pc_kernel_register(PC_OP_FFT_C2R, PC_DEVICE_GPU_BACKEND, PC_COMPLEX128, k);
}

} // namespace pcu
