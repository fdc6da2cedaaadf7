/*
 * vendor_common.cuh - what the kernels on top of the vendor libraries (blas.cu, solver.cu,
 * fft.cu) share: stream-ordered scratch memory, the strided gather/scatter that moves a
 * tensor of any strides into the dense layout a library wants and back (with real -> complex
 * widening, zero padding along one axis and a scale), and the per-device handle cache.
 * The handle cache's lock, like the locks of blas.cu, solver.cu and fft.cu, is a pc_fork_mutex
 * (core/fork_lock.h): free again in a forked child, where the CUDA backend refuses the device
 * before any of them is taken.
 *
 * The libraries are opened at run time (vendor_load.h); their declarations are ours
 * (vendors/cublas_api.h, cusolver_api.h, cufft_api.h).
 */
#ifndef PADDLE_C_CUDA_VENDOR_COMMON_CUH
#define PADDLE_C_CUDA_VENDOR_COMMON_CUH

#include <mutex>

#include "common.cuh"
#include "core/fork_lock.h"
#include "core/vendor_load.h"
#include "vendors/cublas_api.h"

namespace pcu {

cudaStream_t launch_stream(pc_device dev);

/* blocks of 256 threads for n items (a grid-stride loop covers the rest beyond 65536 blocks) */
unsigned blocks_for(int64_t n);
/* After launches (ours or a library's) on the current device's stream: PC_OK, or the error of
 * the last launch in this thread, naming `what`; with PADDLE_C_LAUNCH_BLOCKING=1 it first waits
 * for the stream, so a faulting kernel is named here (the runtime's launch_check). */
pc_status launched(const char *what);

/* Device memory on a stream, from our pool of the current device (the runtime's mem_pool; the
 * current device is the stream's: handle_cache::get selected it), returned to it
 * (stream-ordered) when it goes out of scope: the library calls queued before that on the same
 * stream have used it by then. */
class scratch {
  public:
    explicit scratch(cudaStream_t s) : stream_(s) {}
    scratch(const scratch &) = delete;
    scratch &operator=(const scratch &) = delete;
    ~scratch();
    /* `bytes` (0 allowed: no memory); PC_ERR_MEMORY on failure */
    pc_status alloc(size_t bytes);
    template <typename T> T *as() const { return (T *)ptr_; }

  private:
    void *ptr_ = nullptr;
    cudaStream_t stream_;
};

/* A logical view of a tensor's elements, axis ndim - 1 fastest: byte strides of the source
 * (or destination) for each axis. Along `pad_axis` (-1: none) only the first `have` entries
 * exist; gather writes zeros for the rest. */
constexpr int view_max_dims = 16;
struct view {
    int ndim;
    int pad_axis;
    int64_t have;
    int64_t shape[view_max_dims];
    int64_t stride[view_max_dims];
};

/* A view of `t` with its axes in the order `perm` (perm[i] = the tensor axis that is view
 * axis i); more than view_max_dims axes is PC_ERR_NOTIMPL. */
pc_status make_view(const pc_tensor *t, const int *perm, view *v);
/* the identity order */
pc_status make_view(const pc_tensor *t, view *v);
/* a stack of matrices read in Fortran order (the last two axes swapped), as the solvers want */
pc_status make_view_fortran(const pc_tensor *t, view *v);

/* dst (dense, the view's order) = src through the view. Elements are `comp_in` (1 real, 2
 * complex) scalars of `real_size` bytes (2, 4 or 8); dst elements have `comp_out` >= comp_in
 * scalars, the missing imaginary parts zero. `conj` (real_size 4 or 8) conjugates. */
pc_status gather(cudaStream_t s, const char *src, const view &v, void *dst, int real_size,
                 int comp_in, int comp_out, bool conj = false);
/* dst through the view = scale * src (dense, the view's order), conjugated when `conj`;
 * `real_size` 4 or 8 when scale != 1 or conj. */
pc_status scatter(cudaStream_t s, const void *src, char *dst, const view &v, int real_size,
                  int comp, double scale, bool conj = false);

/* The device's cuBLAS handle (blas.cu's, bound to the device's stream), for the batched LU of
 * solver.cu; CUDA only. The device is current after it (as after handle_cache::get). */
pc_status cublas_handle_of(pc_device dev, cublasHandle_t *out);

/* A per-device cache of one library handle, created on first use by `create` with the device
 * current and bound to the device's stream. */
template <typename H> class handle_cache {
  public:
    using create_fn = pc_status (*)(cudaStream_t, H *);
    pc_status get(pc_device dev, create_fn create, H *out, cudaStream_t *stream)
    {
        pc_status st = select_device(dev);
        if (st != PC_OK) {
            return st;
        }
        if (dev.index < 0 || dev.index >= max_devices) {
            return pc_error_set(PC_ERR_RUNTIME, "device gpu:%d does not exist", (int)dev.index);
        }
        *stream = launch_stream(dev);
        if (*stream == nullptr) {
            return PC_ERR_RUNTIME;
        }
        std::lock_guard<pc_fork_mutex> guard(lock_);
        if (!made_[dev.index]) {
            st = create(*stream, &handles_[dev.index]);
            if (st != PC_OK) {
                return st;
            }
            made_[dev.index] = true;
        }
        *out = handles_[dev.index];
        return PC_OK;
    }

  private:
    static constexpr int max_devices = 64;
    pc_fork_mutex lock_;
    bool made_[max_devices] = {};
    H handles_[max_devices] = {};
};

} // namespace pcu

#endif
