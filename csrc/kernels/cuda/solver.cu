/*
 * solver.cu - the GPU kernels of CHOLESKY, INV, SOLVE, SLOGDET, QR, EIGH, EIG and SVD
 * (contracts in paddle_c/kernels/linalg_kernels.h) on cuSOLVER and, for the batched LU, cuBLAS,
 * both opened at run time (vendor_load.h); one handle of each per device, bound to the device's
 * stream (the cuBLAS one is blas.cu's). Every routine runs through one driver (`batch` below:
 * handles, workspace, infos, the walk over the batch, the first error); what a routine states
 * is its own calls.
 *
 * Batches (see [Why batched only for small matrices]): a batch of small matrices is one call
 * for CHOLESKY (cusolverDn<t>potrfBatched), EIGH of a dense batch (cusolverDn<t>syevjBatched),
 * SVD (cusolverDn<t>gesvdjBatched), and, on cuBLAS's batched LU (cuSOLVER has none), INV
 * (cublas<t>getrfBatched + getriBatched), SOLVE (getrfBatched + getrsBatched) and SLOGDET
 * (getrfBatched). Everything else - QR, EIG, a batch of one, larger matrices, a library without
 * the entry point - is a host loop of one 64-bit API call per matrix.
 *
 * Layouts: cuSOLVER is column-major. A C-layout matrix is its transpose in column-major
 * terms, which CHOLESKY (the Hermitian transpose is the conjugate: the other triangle is
 * factored) and INV (inv(A^T) = inv(A)^T) use in place; SOLVE, SLOGDET, QR, EIGH, EIG and SVD
 * gather their input into F-layout scratch (vendor_common.cuh) and scatter the results into
 * the outputs' strides.
 *
 * Failures: not positive definite (CHOLESKY) and singular (INV, SOLVE) go to the device's
 * result word (its order in `value`, as the CPU's message wants), no synchronisation.
 * EIGH, EIG and SVD have no result word in their parameters: their convergence infos and a
 * NaN/infinity check of the input are read back once per call (one synchronisation) and raise
 * the CPU's errors.
 */

#ifdef PC_USE_HIP
/* ROCm: hipSOLVER is not wired yet (docs/devices.md, "ROCm"): these ops stay empty on ROCm
 * and raise NotImplementedError. */
namespace pcu {
void register_solver() {}
} // namespace pcu
#else
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paddle_c/kernels/linalg_kernels.h"
#include "vendor_common.cuh"
#include "vendors/cusolver_api.h"

namespace pcu {

struct solver_api {
    pcv_cusolverDnCreate create;
    pcv_cusolverDnSetStream set_stream;
    pcv_cusolverDnCreateParams create_params;
    pcv_cusolverDnXpotrf_bufferSize potrf_size;
    pcv_cusolverDnXpotrf potrf;
    pcv_cusolverDnXgetrf_bufferSize getrf_size;
    pcv_cusolverDnXgetrf getrf;
    pcv_cusolverDnXgetrs getrs;
    pcv_cusolverDnXgeqrf_bufferSize geqrf_size;
    pcv_cusolverDnXgeqrf geqrf;
    pcv_cusolverDnXorgqr_bufferSize orgqr_size[4]; /* S, D, C, Z */
    pcv_cusolverDnXorgqr orgqr[4];
    pcv_cusolverDnXsyevd_bufferSize syevd_size;
    pcv_cusolverDnXsyevd syevd;
    pcv_cusolverDnXgesvd_bufferSize gesvd_size;
    pcv_cusolverDnXgesvd gesvd;
    pcv_cusolverDnXgeev_bufferSize geev_size; /* NULL before cuSOLVER 11.7 (CUDA 12.6) */
    pcv_cusolverDnXgeev geev;
    /* the batched entry points, S, D, C, Z; optional: NULL runs the per-matrix loop. (cuBLAS
     * is there wherever cuSOLVER is: libcusolver links it.) */
    pcv_cusolverDnXpotrfBatched potrf_batched[4];
    pcv_cusolverDnCreateSyevjInfo create_syevj_info;
    pcv_cusolverDnXsyevjBatched_bufferSize syevj_batched_size[4];
    pcv_cusolverDnXsyevjBatched syevj_batched[4];
    pcv_cusolverDnCreateGesvdjInfo create_gesvdj_info;
    pcv_cusolverDnXgesvdjBatched_bufferSize gesvdj_batched_size[4];
    pcv_cusolverDnXgesvdjBatched gesvdj_batched[4];
    /* cuBLAS's batched LU (cuSOLVER has none): INV, SOLVE and SLOGDET */
    pcv_cublasXgetrfBatched getrf_batched[4];
    pcv_cublasXgetrsBatched getrs_batched[4];
    pcv_cublasXgetriBatched getri_batched[4];
};

static const solver_api *load_solver()
{
    static pc_fork_mutex lock;
    static solver_api api;
    static bool loaded;
    std::lock_guard<pc_fork_mutex> guard(lock);
    if (loaded) {
        return &api;
    }
    struct entry {
        void **slot;
        const char *name;
        bool optional;
        pc_vendor_lib lib = PC_VENDOR_CUSOLVER;
    };
    const entry entries[] = {
        {(void **)&api.create, "cusolverDnCreate", false},
        {(void **)&api.set_stream, "cusolverDnSetStream", false},
        {(void **)&api.create_params, "cusolverDnCreateParams", false},
        {(void **)&api.potrf_size, "cusolverDnXpotrf_bufferSize", false},
        {(void **)&api.potrf, "cusolverDnXpotrf", false},
        {(void **)&api.getrf_size, "cusolverDnXgetrf_bufferSize", false},
        {(void **)&api.getrf, "cusolverDnXgetrf", false},
        {(void **)&api.getrs, "cusolverDnXgetrs", false},
        {(void **)&api.geqrf_size, "cusolverDnXgeqrf_bufferSize", false},
        {(void **)&api.geqrf, "cusolverDnXgeqrf", false},
        {(void **)&api.orgqr_size[0], "cusolverDnSorgqr_bufferSize", false},
        {(void **)&api.orgqr_size[1], "cusolverDnDorgqr_bufferSize", false},
        {(void **)&api.orgqr_size[2], "cusolverDnCungqr_bufferSize", false},
        {(void **)&api.orgqr_size[3], "cusolverDnZungqr_bufferSize", false},
        {(void **)&api.orgqr[0], "cusolverDnSorgqr", false},
        {(void **)&api.orgqr[1], "cusolverDnDorgqr", false},
        {(void **)&api.orgqr[2], "cusolverDnCungqr", false},
        {(void **)&api.orgqr[3], "cusolverDnZungqr", false},
        {(void **)&api.syevd_size, "cusolverDnXsyevd_bufferSize", false},
        {(void **)&api.syevd, "cusolverDnXsyevd", false},
        {(void **)&api.gesvd_size, "cusolverDnXgesvd_bufferSize", false},
        {(void **)&api.gesvd, "cusolverDnXgesvd", false},
        {(void **)&api.geev_size, "cusolverDnXgeev_bufferSize", true},
        {(void **)&api.geev, "cusolverDnXgeev", true},
        {(void **)&api.potrf_batched[0], "cusolverDnSpotrfBatched", true},
        {(void **)&api.potrf_batched[1], "cusolverDnDpotrfBatched", true},
        {(void **)&api.potrf_batched[2], "cusolverDnCpotrfBatched", true},
        {(void **)&api.potrf_batched[3], "cusolverDnZpotrfBatched", true},
        {(void **)&api.create_syevj_info, "cusolverDnCreateSyevjInfo", true},
        {(void **)&api.syevj_batched_size[0], "cusolverDnSsyevjBatched_bufferSize", true},
        {(void **)&api.syevj_batched_size[1], "cusolverDnDsyevjBatched_bufferSize", true},
        {(void **)&api.syevj_batched_size[2], "cusolverDnCheevjBatched_bufferSize", true},
        {(void **)&api.syevj_batched_size[3], "cusolverDnZheevjBatched_bufferSize", true},
        {(void **)&api.syevj_batched[0], "cusolverDnSsyevjBatched", true},
        {(void **)&api.syevj_batched[1], "cusolverDnDsyevjBatched", true},
        {(void **)&api.syevj_batched[2], "cusolverDnCheevjBatched", true},
        {(void **)&api.syevj_batched[3], "cusolverDnZheevjBatched", true},
        {(void **)&api.create_gesvdj_info, "cusolverDnCreateGesvdjInfo", true},
        {(void **)&api.gesvdj_batched_size[0], "cusolverDnSgesvdjBatched_bufferSize", true},
        {(void **)&api.gesvdj_batched_size[1], "cusolverDnDgesvdjBatched_bufferSize", true},
        {(void **)&api.gesvdj_batched_size[2], "cusolverDnCgesvdjBatched_bufferSize", true},
        {(void **)&api.gesvdj_batched_size[3], "cusolverDnZgesvdjBatched_bufferSize", true},
        {(void **)&api.gesvdj_batched[0], "cusolverDnSgesvdjBatched", true},
        {(void **)&api.gesvdj_batched[1], "cusolverDnDgesvdjBatched", true},
        {(void **)&api.gesvdj_batched[2], "cusolverDnCgesvdjBatched", true},
        {(void **)&api.gesvdj_batched[3], "cusolverDnZgesvdjBatched", true},
        {(void **)&api.getrf_batched[0], "cublasSgetrfBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getrf_batched[1], "cublasDgetrfBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getrf_batched[2], "cublasCgetrfBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getrf_batched[3], "cublasZgetrfBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getrs_batched[0], "cublasSgetrsBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getrs_batched[1], "cublasDgetrsBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getrs_batched[2], "cublasCgetrsBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getrs_batched[3], "cublasZgetrsBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getri_batched[0], "cublasSgetriBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getri_batched[1], "cublasDgetriBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getri_batched[2], "cublasCgetriBatched", true, PC_VENDOR_CUBLAS},
        {(void **)&api.getri_batched[3], "cublasZgetriBatched", true, PC_VENDOR_CUBLAS},
    };
    for (const entry &e : entries) {
        *e.slot = pc_vendor_symbol(e.lib, e.name, e.optional);
        if (*e.slot == nullptr && !e.optional) {
            return nullptr;
        }
    }
    loaded = true;
    return &api;
}

static pc_status solver_error(cusolverStatus_t s, const char *what)
{
    return pc_error_set(s == CUSOLVER_STATUS_ALLOC_FAILED ? PC_ERR_MEMORY : PC_ERR_RUNTIME,
                        "cuSOLVER %s failed (cusolverStatus_t %d)", what, (int)s);
}

/* the device's handle, its 64-bit API parameters and its Jacobi parameters (the defaults;
 * NULL when the library lacks syevj or gesvdj: EIGH or SVD then loop); all live as long as
 * the process */
struct solver_handle {
    cusolverDnHandle_t h;
    cusolverDnParams_t params;
    syevjInfo_t syevj;
    gesvdjInfo_t gesvdj;
};

static pc_status create_solver(cudaStream_t stream, solver_handle *out)
{
    const solver_api *api = load_solver();
    if (api == nullptr) {
        return PC_ERR_RUNTIME;
    }
    cusolverStatus_t s = api->create(&out->h);
    if (s == CUSOLVER_STATUS_SUCCESS) {
        s = api->set_stream(out->h, (pcv_stream)stream);
    }
    if (s == CUSOLVER_STATUS_SUCCESS) {
        s = api->create_params(&out->params);
    }
    out->syevj = nullptr;
    out->gesvdj = nullptr;
    if (s == CUSOLVER_STATUS_SUCCESS && api->create_syevj_info != nullptr) {
        s = api->create_syevj_info(&out->syevj);
    }
    if (s == CUSOLVER_STATUS_SUCCESS && api->create_gesvdj_info != nullptr) {
        s = api->create_gesvdj_info(&out->gesvdj);
    }
    return s == CUSOLVER_STATUS_SUCCESS ? PC_OK : solver_error(s, "handle creation");
}

static handle_cache<solver_handle> solver_handles;

/* the dtype's element: real scalar size, components, cudaDataType, and its real type */
struct elem {
    int real_size;
    int comp;
    pcv_data_type type;
    pcv_data_type real_type;
    int blas_index; /* S, D, C, Z */
    size_t size() const { return (size_t)real_size * (size_t)comp; }
};

static elem elem_of(pc_dtype dt)
{
    switch (dt) {
    case PC_FLOAT32: return {4, 1, PCV_R_32F, PCV_R_32F, 0};
    case PC_FLOAT64: return {8, 1, PCV_R_64F, PCV_R_64F, 1};
    case PC_COMPLEX64: return {4, 2, PCV_C_32F, PCV_R_32F, 2};
    default: return {8, 2, PCV_C_64F, PCV_R_64F, 3};
    }
}

static elem complex_of(const elem &e)
{
    return e.real_size == 4 ? elem{4, 2, PCV_C_32F, PCV_R_32F, 2}
                            : elem{8, 2, PCV_C_64F, PCV_R_64F, 3};
}

/* the number of matrices, and the byte offset of matrix b in t (nb batch dimensions) */
static int64_t batch_count(const pc_tensor *t, int nb)
{
    int64_t n = 1;
    for (int d = 0; d < nb; d++) {
        n *= t->shape[d];
    }
    return n;
}

static int64_t batch_offset(const pc_tensor *t, int nb, int64_t b)
{
    int64_t off = 0;
    for (int d = nb - 1; d >= 0; d--) {
        off += (b % t->shape[d]) * t->strides[d];
        b /= t->shape[d];
    }
    return off;
}

/* workspace for one kind of call: device and host bytes. The host part is freed only after
 * the stream has drained (the library may still read it for work it queued). */
struct workspace {
    scratch dev;
    cudaStream_t stream;
    void *host = nullptr;
    size_t dev_bytes = 0;
    size_t host_bytes = 0;
    explicit workspace(cudaStream_t s) : dev(s), stream(s) {}
    ~workspace()
    {
        if (host != nullptr) {
            (void)cudaStreamSynchronize(stream);
            free(host);
        }
    }
    pc_status alloc(size_t d, size_t h)
    {
        dev_bytes = d;
        host_bytes = h;
        pc_status st = dev.alloc(d);
        if (st == PC_OK && h > 0) {
            host = malloc(h);
            if (host == nullptr) {
                st = pc_error_set(PC_ERR_MEMORY, "cannot allocate the cuSOLVER host workspace");
            }
        }
        return st;
    }
};

/* a 64-bit API call's four workspace arguments */
#define PCU_WORKSPACE(d) (d).ws.dev.as<void>(), (d).ws.dev_bytes, (d).ws.host, (d).ws.host_bytes

/* [Why batched only for small matrices] cuSOLVER's and cuBLAS's batched routines are their
 * small-matrix path: syevjBatched and gesvdjBatched take n <= 32 only, and potrfBatched and
 * cuBLAS's getrfBatched, one kernel over the batch, are slower than the blocked per-matrix
 * potrf and getrf once a matrix fills the device on its own. One bound for all keeps the rule
 * simple: a batch of more than one matrix of at most `batched_max_n` rows
 * (and at most INT32_MAX matrices: the legacy API counts in int) goes to the batched call. */
constexpr int64_t batched_max_n = 32;

/* [Why one driver] Every routine opens the device's handle, sizes and allocates the library's
 * workspace, walks its batch of `count` matrices, chains its calls' statuses and hands the
 * per-matrix infos to the result word. `batch` does each of these once: its steps do nothing
 * after the first failure, which it keeps, so a routine runs its steps in order and has one
 * exit (`status()`, `first_failure()` or `convergence()`).
 * The infos: `count + 1` ints, zeroed; info(b) is matrix b's, slot(), the one before them, the
 * finiteness flag of EIGH, EIG and SVD or the sink of infos that only report bad arguments. */
class batch {
    pc_status st_ = PC_OK; /* first: open() writes it while `c` is initialised */

  public:
    batch(pc_device dev, pc_dtype dt, int64_t matrices)
        : c(open(dev, &st_)), e(elem_of(dt)), count(matrices), ws(c.stream), dev_(dev),
          infos_(c.stream)
    {
        step(infos_.alloc((size_t)(count + 1) * sizeof(int)));
        if (ok() && cudaMemsetAsync(infos_.as<void>(), 0, (size_t)(count + 1) * sizeof(int),
                                    c.stream) != cudaSuccess) {
            step(launched("memset"));
        }
    }
    batch(const batch &) = delete;
    batch &operator=(const batch &) = delete;

    bool ok() const { return st_ == PC_OK; }
    pc_status status() const { return st_; }
    /* keep `s` when it is the first failure */
    bool step(pc_status s)
    {
        if (st_ == PC_OK) {
            st_ = s;
        }
        return ok();
    }
    /* `call()` (a cuSOLVER call) unless a step failed, then the launch check that names it */
    template <typename F> bool call(const char *what, F call)
    {
        if (!ok()) {
            return false;
        }
        const cusolverStatus_t s = call();
        if (s != CUSOLVER_STATUS_SUCCESS) {
            return step(solver_error(s, what));
        }
        char name[64];
        snprintf(name, sizeof name, "cuSOLVER %s", what);
        return step(launched(name));
    }
    /* `call()` (a cuBLAS call on cublas()) unless a step failed, then its launch check */
    template <typename F> bool blas_call(const char *what, F call)
    {
        if (!ok()) {
            return false;
        }
        const cublasStatus_t s = call();
        if (s != CUBLAS_STATUS_SUCCESS) {
            return step(pc_error_set(s == CUBLAS_STATUS_ALLOC_FAILED ? PC_ERR_MEMORY
                                                                     : PC_ERR_RUNTIME,
                                     "cuBLAS %s failed (status %d)", what, (int)s));
        }
        char name[64];
        snprintf(name, sizeof name, "cuBLAS %s", what);
        return step(launched(name));
    }
    /* the device's cuBLAS handle (on the same stream) */
    cublasHandle_t cublas()
    {
        cublasHandle_t h = nullptr;
        then([&] { return cublas_handle_of(dev_, &h); });
        return h;
    }
    /* the 64-bit API's workspace: `query(&dev_bytes, &host_bytes)`, then both allocated */
    template <typename F> bool size_workspace(const char *what, F query)
    {
        size_t dbytes = 0;
        size_t hbytes = 0;
        return call(what, [&] { return query(&dbytes, &hbytes); }) &&
               step(ws.alloc(dbytes, hbytes));
    }
    /* `f()` (a pc_status) unless a step failed */
    template <typename F> bool then(F f) { return ok() && step(f()); }
    /* the launch check of our own kernels, naming `what` */
    bool launch_check(const char *what) { return ok() && step(launched(what)); }
    bool alloc(scratch &s, size_t bytes) { return ok() && step(s.alloc(bytes)); }
    /* `per(b)` for every matrix b while no step has failed */
    template <typename F> bool each(F per)
    {
        for (int64_t b = 0; b < count && ok(); b++) {
            per(b);
        }
        return ok();
    }
    /* whether a batched call (`have`: the library has it) takes this batch of n x n matrices */
    bool batched(int64_t n, bool have) const
    {
        return ok() && have && count > 1 && count <= INT32_MAX && n <= batched_max_n;
    }
    /* a device array (in `into`) of the `count` matrix addresses: base + the offset of matrix
     * b through `v` (the batch axes); of `t`'s matrices (its nb leading axes the batch); of
     * dense matrices of `bytes` each at `base` */
    void **pointers(scratch &into, char *base, const view &v);
    void **pointers(scratch &into, pc_tensor *t, int nb);
    void **pointers(scratch &into, char *base, size_t bytes);
    int *info(int64_t b) const { return infos_.as<int>() + 1 + b; }
    int *slot() const { return infos_.as<int>(); }
    /* the first positive info into `word` (the CPU reports the first failing matrix) */
    pc_status first_failure(pc_result_word *word);
    /* non-finite input, else a matrix that did not converge, into `word` */
    pc_status convergence(pc_result_word *word);

    /* the library (a table of NULLs when the handle could not be opened: nothing runs
     * then), the device's handle and stream */
    struct ctx {
        const solver_api *api;
        solver_handle sh;
        cudaStream_t stream;
    };
    const ctx c;
    const elem e;
    const int64_t count;
    workspace ws;

  private:
    static ctx open(pc_device dev, pc_status *st)
    {
        static const solver_api none = {};
        ctx c = {};
        *st = solver_handles.get(dev, create_solver, &c.sh, &c.stream);
        c.api = *st == PC_OK ? load_solver() : &none;
        return c;
    }
    pc_device dev_;
    scratch infos_;
};

/* ---- small device kernels ---- */

/* zero the strict upper (upper == false) or lower triangle of n x n C-layout matrices at
 * base + offsets of the batch walk */
__global__ void zero_triangle_kernel(char *base, int64_t n, int64_t count, int64_t mstride,
                                     int esize, bool keep_upper)
{
    const int64_t total = count * n * n;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step) {
        const int64_t b = i / (n * n);
        const int64_t r = (i / n) % n;
        const int64_t c = i % n;
        if (keep_upper ? c < r : c > r) {
            char *p = base + b * mstride + (r * n + c) * esize;
            for (int k = 0; k < esize; k++) {
                p[k] = 0;
            }
        }
    }
}

/* dense identity matrices (count of n x n), `esize`-byte elements of a real scalar `R` */
template <typename R>
__global__ void eye_kernel(R *p, int64_t n, int64_t count, int comp)
{
    const int64_t total = count * n * n;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step) {
        const int64_t r = (i / n) % n;
        const int64_t c = i % n;
        p[i * comp] = r == c ? R(1) : R(0);
        if (comp == 2) {
            p[i * comp + 1] = R(0);
        }
    }
}

static pc_status eye(cudaStream_t s, void *p, int64_t n, int64_t count, const elem &e)
{
    if (n * count == 0) {
        return PC_OK;
    }
    if (e.real_size == 4) {
        eye_kernel<float><<<blocks_for(count * n * n), 256, 0, s>>>((float *)p, n, count, e.comp);
    } else {
        eye_kernel<double><<<blocks_for(count * n * n), 256, 0, s>>>((double *)p, n, count, e.comp);
    }
    return launched("identity");
}

/* the address of each of `count` matrices: base + the offset of matrix b through `v` (the
 * batch axes' shape and byte strides) */
__global__ void pointers_kernel(char *base, view v, int64_t count, void **out)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; b < count; b += step) {
        int64_t rest = b;
        int64_t off = 0;
        for (int d = v.ndim - 1; d >= 0; d--) {
            off += (rest % v.shape[d]) * v.stride[d];
            rest /= v.shape[d];
        }
        out[b] = base + off;
    }
}

void **batch::pointers(scratch &into, char *base, const view &v)
{
    if (!alloc(into, (size_t)count * sizeof(void *))) {
        return nullptr;
    }
    pointers_kernel<<<blocks_for(count), 256, 0, c.stream>>>(base, v, count, into.as<void *>());
    return launch_check("batch pointers") ? into.as<void *>() : nullptr;
}

void **batch::pointers(scratch &into, pc_tensor *t, int nb)
{
    view v;
    if (!then([&] { return make_view(t, &v); })) {
        return nullptr;
    }
    v.ndim = nb;
    return pointers(into, t->data, v);
}

void **batch::pointers(scratch &into, char *base, size_t bytes)
{
    view v = {};
    v.ndim = 1;
    v.pad_axis = -1;
    v.shape[0] = count;
    v.stride[0] = (int64_t)bytes;
    return pointers(into, base, v);
}

/* the first positive of `count` infos into the result word */
__global__ void infos_kernel(const int *info, int64_t count, pc_result_word *word, int32_t code)
{
    for (int64_t i = 0; i < count; i++) {
        if (info[i] > 0) {
            pc_result_fail(word, code, 0, info[i]);
            return;
        }
    }
}

pc_status batch::first_failure(pc_result_word *word)
{
    if (ok() && word == nullptr) {
        step(pc_error_set(PC_ERR_RUNTIME, "GPU solver kernel called without a result word"));
    }
    if (ok()) {
        infos_kernel<<<1, 1, 0, c.stream>>>(info(0), count, word, PC_ERR_VALUE);
        launch_check("result word");
    }
    return st_;
}

/* infos[0] is the finiteness flag, infos[1..count] the calls' infos: the failure, if any, into
 * the result word (`detail` a pc_la_failure: NaN or infinity first, then a matrix that did not
 * converge), which the op layer reads once and raises as the CPU does */
__global__ void converge_kernel(const int *infos, int64_t count, pc_result_word *word)
{
    int32_t detail = infos[0] != 0 ? (int32_t)PC_LA_NOT_FINITE : 0;
    for (int64_t i = 1; detail == 0 && i <= count; i++) {
        detail = infos[i] != 0 ? (int32_t)PC_LA_NO_CONVERGENCE : 0;
    }
    if (detail != 0) {
        pc_result_fail(word, PC_ERR_VALUE, detail, 0);
    }
}

pc_status batch::convergence(pc_result_word *word)
{
    if (ok() && word == nullptr) {
        step(pc_error_set(PC_ERR_RUNTIME, "GPU solver kernel called without a result word"));
    }
    if (ok()) {
        converge_kernel<<<1, 1, 0, c.stream>>>(slot(), count, word);
        launch_check("result word");
    }
    return st_;
}

template <typename R> __global__ void nonfinite_kernel(const R *p, int64_t n, int *flag)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
        if (!isfinite(p[i])) {
            atomicOr(flag, 1);
        }
    }
}

/* `flag` (batch::slot(), zeroed) becomes non-zero when any of the `n` scalars is not finite */
static pc_status check_finite(cudaStream_t s, const void *p, int64_t n, int real_size, int *flag)
{
    if (n == 0) {
        return PC_OK;
    }
    if (real_size == 4) {
        nonfinite_kernel<float><<<blocks_for(n), 256, 0, s>>>((const float *)p, n, flag);
    } else {
        nonfinite_kernel<double><<<blocks_for(n), 256, 0, s>>>((const double *)p, n, flag);
    }
    return launched("finite check");
}

/* ---- CHOLESKY ---- */

static pc_status cholesky(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_cholesky_params *p = (const pc_cholesky_params *)args->params;
    pc_tensor *a = args->out[0];
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    if (a->size == 0) {
        return PC_OK;
    }
    batch d(pc_tensor_device(a), dt, batch_count(a, nb));
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    const int bi = e.blas_index;
    /* row-major lower L is column-major upper (see the file comment) */
    const cublasFillMode_t uplo = p->upper ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    scratch ptrs(d.c.stream);
    if (d.batched(n, api.potrf_batched[bi] != nullptr) && a->ndim <= view_max_dims) {
        void **m = d.pointers(ptrs, a, nb);
        d.call("potrfBatched", [&] {
            return api.potrf_batched[bi](d.c.sh.h, uplo, (int)n, m, (int)n, d.info(0),
                                         (int)d.count);
        });
    } else if (d.size_workspace("potrf_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
                   return api.potrf_size(d.c.sh.h, d.c.sh.params, uplo, n, e.type, a->data, n,
                                         e.type, dbytes, hbytes);
               })) {
        d.each([&](int64_t b) {
            return d.call("potrf", [&] {
                return api.potrf(d.c.sh.h, d.c.sh.params, uplo, n, e.type,
                                 a->data + batch_offset(a, nb, b), n, e.type, PCU_WORKSPACE(d),
                                 d.info(b));
            });
        });
    }
    /* the other triangle zeroed: one launch over a dense batch, else one per matrix */
    const bool contiguous_batch = nb == 0 || pc_tensor_is_c_contiguous(a);
    const int64_t launches = contiguous_batch ? 1 : d.count;
    const int64_t per_launch = contiguous_batch ? d.count : 1;
    for (int64_t b = 0; d.ok() && b < launches; b++) {
        zero_triangle_kernel<<<blocks_for(n * n * per_launch), 256, 0, d.c.stream>>>(
            a->data + (contiguous_batch ? 0 : batch_offset(a, nb, b)), n, per_launch,
            n * n * (int64_t)e.size(), (int)e.size(), p->upper);
    }
    d.launch_check("cholesky triangle");
    return d.first_failure(p->result);
}

/* ---- INV, SOLVE: LU ---- */

/* matrix b's LU in `a` (n x n, column-major), then `nrhs` columns of x solved with it */
static bool lu_solve(batch &d, char *a, int64_t n, char *x, int64_t nrhs, int64_t ldx,
                     int64_t *ipiv, int64_t b)
{
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    d.call("getrf", [&] {
        return api.getrf(d.c.sh.h, d.c.sh.params, n, n, e.type, a, n, ipiv, e.type,
                         PCU_WORKSPACE(d), d.info(b));
    });
    /* a singular LU still solves (with infinities): the result word raises before anyone
     * sees them. getrs's info only reports bad arguments: it goes to the spare slot. */
    if (nrhs > 0) {
        d.call("getrs", [&] {
            return api.getrs(d.c.sh.h, d.c.sh.params, CUBLAS_OP_N, n, nrhs, e.type, a, n, ipiv,
                             e.type, x, ldx, d.slot());
        });
    }
    return d.ok();
}

static pc_status inv(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_singular_params *p = (const pc_singular_params *)args->params;
    pc_tensor *a = args->out[0];
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    if (a->size == 0) {
        return PC_OK;
    }
    batch d(pc_tensor_device(a), dt, batch_count(a, nb));
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    const int bi = e.blas_index;
    const size_t bytes = (size_t)(n * n) * e.size();
    scratch lu(d.c.stream);
    scratch ipiv(d.c.stream);
    if (d.batched(n, api.getrf_batched[bi] != nullptr && api.getri_batched[bi] != nullptr) &&
        a->ndim <= view_max_dims) {
        /* cuBLAS: the LU of copies of all A^T, then their inverses straight into A */
        view va;
        scratch getri_infos(d.c.stream);
        scratch lp(d.c.stream);
        scratch ap(d.c.stream);
        const cublasHandle_t ch = d.cublas();
        d.then([&] { return make_view(a, &va); });
        d.alloc(lu, (size_t)d.count * bytes);
        d.alloc(ipiv, (size_t)(d.count * n) * sizeof(int));
        d.alloc(getri_infos, (size_t)d.count * sizeof(int));
        d.then([&] {
            return gather(d.c.stream, a->data, va, lu.as<void>(), e.real_size, e.comp, e.comp);
        });
        void **l = d.pointers(lp, lu.as<char>(), bytes);
        void **m = d.pointers(ap, a, nb);
        d.blas_call("getrfBatched", [&] {
            return api.getrf_batched[bi](ch, (int)n, l, (int)n, ipiv.as<int>(), d.info(0),
                                         (int)d.count);
        });
        d.blas_call("getriBatched", [&] {
            return api.getri_batched[bi](ch, (int)n, l, (int)n, ipiv.as<int>(), m, (int)n,
                                         getri_infos.as<int>(), (int)d.count);
        });
        return d.first_failure(p->result);
    }
    d.size_workspace("getrf_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
        return api.getrf_size(d.c.sh.h, d.c.sh.params, n, n, e.type, a->data, n, e.type, dbytes,
                              hbytes);
    });
    d.alloc(lu, bytes);
    d.alloc(ipiv, (size_t)n * sizeof(int64_t));
    /* per matrix: LU of a copy of A^T (column-major view), X := I, solve, X back into A */
    d.each([&](int64_t b) {
        char *m = a->data + batch_offset(a, nb, b);
        if (cudaMemcpyAsync(lu.as<void>(), m, bytes, cudaMemcpyDeviceToDevice, d.c.stream) !=
            cudaSuccess) {
            return d.step(launched("copy"));
        }
        return d.step(eye(d.c.stream, m, n, 1, e)) &&
               lu_solve(d, lu.as<char>(), n, m, n, n, ipiv.as<int64_t>(), b);
    });
    return d.first_failure(p->result);
}

static pc_status solve(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_singular_params *p = (const pc_singular_params *)args->params;
    const pc_tensor *a = args->in[0];
    pc_tensor *x = args->out[0];
    const int nb = x->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    const int64_t k = x->shape[nb + 1];
    const int64_t count = batch_count(x, nb);
    if (count == 0 || n == 0) {
        return PC_OK;
    }
    batch d(pc_tensor_device(x), dt, count);
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    view v;
    scratch af(d.c.stream);
    scratch ipiv(d.c.stream);
    d.then([&] { return make_view_fortran(a, &v); }); /* A gathered in F order */
    d.alloc(af, (size_t)(count * n * n) * e.size());
    d.then([&] {
        return gather(d.c.stream, a->data, v, af.as<void>(), e.real_size, e.comp, e.comp);
    });
    const int bi = e.blas_index;
    if (d.batched(n, api.getrf_batched[bi] != nullptr && api.getrs_batched[bi] != nullptr) &&
        x->ndim <= view_max_dims && k <= INT32_MAX) {
        /* cuBLAS: the LU of all A, then all solves */
        scratch lp(d.c.stream);
        scratch xp(d.c.stream);
        int arguments = 0; /* getrsBatched's host info: bad arguments only */
        const cublasHandle_t ch = d.cublas();
        d.alloc(ipiv, (size_t)(count * n) * sizeof(int));
        void **l = d.pointers(lp, af.as<char>(), (size_t)(n * n) * e.size());
        void **xs = d.pointers(xp, x, nb);
        d.blas_call("getrfBatched", [&] {
            return api.getrf_batched[bi](ch, (int)n, l, (int)n, ipiv.as<int>(), d.info(0),
                                         (int)count);
        });
        if (k > 0) {
            d.blas_call("getrsBatched", [&] {
                return api.getrs_batched[bi](ch, CUBLAS_OP_N, (int)n, (int)k, l, (int)n,
                                             ipiv.as<int>(), xs, (int)n, &arguments,
                                             (int)count);
            });
        }
        return d.first_failure(p->result);
    }
    d.size_workspace("getrf_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
        return api.getrf_size(d.c.sh.h, d.c.sh.params, n, n, e.type, af.as<void>(), n, e.type,
                              dbytes, hbytes);
    });
    d.alloc(ipiv, (size_t)n * sizeof(int64_t));
    d.each([&](int64_t b) {
        return lu_solve(d, af.as<char>() + (size_t)(b * n * n) * e.size(), n,
                        x->data + batch_offset(x, nb, b), k, n, ipiv.as<int64_t>(), b);
    });
    return d.first_failure(p->result);
}

/* ---- SLOGDET ---- */

/* from the LU factors of `count` dense n x n matrices and their pivots (`P`: cuSOLVER's int64_t
 * or cuBLAS's int): det, or sign and log|det|, as the CPU (kernels/cpu/lapack_impl.h) computes
 * them */
template <typename R, typename P>
__global__ void slogdet_kernel(const R *lu, const P *ipiv, const int *info, int64_t n,
                               int64_t count, int comp, bool det_only, char *out0, view v0,
                               char *out1, view v1)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; b < count; b += step) {
        R sre = 1, sim = 0, dre = 1, dim = 0, logdet = 0;
        for (int64_t i = 0; i < n; i++) {
            const R *d = lu + (b * n * n + i * n + i) * comp;
            const R xr = d[0];
            const R xi = comp == 2 ? d[1] : R(0);
            if (ipiv[b * n + i] != i + 1) {
                sre = -sre;
                sim = -sim;
                dre = -dre;
                dim = -dim;
            }
            const R nre = dre * xr - dim * xi;
            dim = dre * xi + dim * xr;
            dre = nre;
            const R r = comp == 2 ? hypot(xr, xi) : fabs(xr);
            if (r == 0) {
                sre = 0;
                sim = 0;
            } else {
                const R ur = xr / r;
                const R ui = xi / r;
                const R t = sre * ur - sim * ui;
                sim = sre * ui + sim * ur;
                sre = t;
            }
            logdet += log(r);
        }
        if (info[b] > 0) {
            sre = sim = dre = dim = 0;
            logdet = -INFINITY;
        }
        int64_t rest = b;
        int64_t o0 = 0;
        int64_t o1 = 0;
        for (int d = v0.ndim - 1; d >= 0; d--) {
            const int64_t i = rest % v0.shape[d];
            rest /= v0.shape[d];
            o0 += i * v0.stride[d];
            o1 += det_only ? 0 : i * v1.stride[d];
        }
        R *p0 = (R *)(out0 + o0);
        p0[0] = det_only ? dre : sre;
        if (comp == 2) {
            p0[1] = det_only ? dim : sim;
        }
        if (!det_only) {
            *(R *)(out1 + o1) = logdet;
        }
    }
}

static pc_status slogdet(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_tensor *a = args->in[0];
    const bool det_only = args->nout == 1;
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    const int64_t count = batch_count(a, nb);
    if (count == 0) {
        return PC_OK;
    }
    batch d(pc_tensor_device(a), dt, count);
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    view va;
    view v0;
    view v1 = {};
    scratch lu(d.c.stream);
    scratch ipiv(d.c.stream);
    d.then([&] { return make_view(a, &va); }); /* det(A^T) = det(A): C order is fine */
    d.then([&] { return make_view(args->out[0], &v0); });
    if (!det_only) {
        d.then([&] { return make_view(args->out[1], &v1); });
    }
    /* cuBLAS's batched LU for a batch of small matrices (32-bit pivots), else cuSOLVER's */
    const bool blas = d.batched(n, api.getrf_batched[e.blas_index] != nullptr);
    scratch lp(d.c.stream);
    d.alloc(lu, (size_t)(count * n * n) * e.size());
    d.alloc(ipiv, (size_t)(count * (n > 0 ? n : 1)) * (blas ? sizeof(int) : sizeof(int64_t)));
    d.then([&] {
        return gather(d.c.stream, a->data, va, lu.as<void>(), e.real_size, e.comp, e.comp);
    });
    if (blas && n > 0) {
        const cublasHandle_t ch = d.cublas();
        void **l = d.pointers(lp, lu.as<char>(), (size_t)(n * n) * e.size());
        d.blas_call("getrfBatched", [&] {
            return api.getrf_batched[e.blas_index](ch, (int)n, l, (int)n, ipiv.as<int>(),
                                                   d.info(0), (int)count);
        });
    } else if (n > 0 && d.size_workspace("getrf_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
            return api.getrf_size(d.c.sh.h, d.c.sh.params, n, n, e.type, lu.as<void>(), n,
                                  e.type, dbytes, hbytes);
        })) {
        d.each([&](int64_t b) {
            return d.call("getrf", [&] {
                return api.getrf(d.c.sh.h, d.c.sh.params, n, n, e.type,
                                 lu.as<char>() + (size_t)(b * n * n) * e.size(), n,
                                 ipiv.as<int64_t>() + b * n, e.type, PCU_WORKSPACE(d),
                                 d.info(b));
            });
        });
    }
    if (!d.ok()) {
        return d.status();
    }
    v0.ndim = nb;
    v1.ndim = det_only ? 0 : nb;
    char *out1 = det_only ? nullptr : args->out[1]->data;
    const unsigned grid = blocks_for(count);
    if (e.real_size == 4 && blas) {
        slogdet_kernel<float, int><<<grid, 256, 0, d.c.stream>>>(
            lu.as<float>(), ipiv.as<int>(), d.info(0), n, count, e.comp, det_only,
            args->out[0]->data, v0, out1, v1);
    } else if (e.real_size == 4) {
        slogdet_kernel<float, int64_t><<<grid, 256, 0, d.c.stream>>>(
            lu.as<float>(), ipiv.as<int64_t>(), d.info(0), n, count, e.comp, det_only,
            args->out[0]->data, v0, out1, v1);
    } else if (blas) {
        slogdet_kernel<double, int><<<grid, 256, 0, d.c.stream>>>(
            lu.as<double>(), ipiv.as<int>(), d.info(0), n, count, e.comp, det_only,
            args->out[0]->data, v0, out1, v1);
    } else {
        slogdet_kernel<double, int64_t><<<grid, 256, 0, d.c.stream>>>(
            lu.as<double>(), ipiv.as<int64_t>(), d.info(0), n, count, e.comp, det_only,
            args->out[0]->data, v0, out1, v1);
    }
    d.launch_check("slogdet");
    return d.status();
}

/* ---- QR ---- */

/* R (mq x n, through its view) = the upper triangle of the first mq rows of the factored
 * m x n F-layout matrices */
template <typename R>
__global__ void qr_r_kernel(const R *af, int64_t m, int64_t n, int64_t mq, int64_t count,
                            int comp, char *out, view v)
{
    const int64_t total = count * mq * n;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step) {
        const int64_t b = i / (mq * n);
        const int64_t r = (i / n) % mq;
        const int64_t c = i % n;
        int64_t rest = i;
        int64_t off = 0;
        for (int d = v.ndim - 1; d >= 0; d--) {
            off += (rest % v.shape[d]) * v.stride[d];
            rest /= v.shape[d];
        }
        R *p = (R *)(out + off);
        const R *s = af + (b * m * n + c * m + r) * comp;
        for (int k = 0; k < comp; k++) {
            p[k] = r <= c ? s[k] : R(0);
        }
    }
}

static pc_status qr(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_tensor *a = args->in[0];
    pc_tensor *q = args->out[0];
    pc_tensor *rr = args->out[1];
    const int nb = a->ndim - 2;
    const int64_t m = a->shape[nb];
    const int64_t n = a->shape[nb + 1];
    const int64_t mq = q->shape[nb + 1];
    const int64_t k = m < n ? m : n;
    const int64_t count = batch_count(q, nb);
    if (count == 0 || m == 0) {
        return PC_OK;
    }
    if (m > INT32_MAX || mq > INT32_MAX) {
        return pc_error_set(PC_ERR_NOTIMPL, "qr on the GPU: matrices beyond 2^31 - 1 rows");
    }
    batch d(pc_tensor_device(a), dt, count);
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    view va;
    view vr;
    scratch af(d.c.stream);
    scratch tau(d.c.stream);
    d.then([&] { return make_view_fortran(a, &va); });
    d.then([&] { return make_view(rr, &vr); });
    d.alloc(af, (size_t)(count * m * n) * e.size());
    d.alloc(tau, (size_t)(k > 0 ? k : 1) * e.size());
    d.then([&] {
        return gather(d.c.stream, a->data, va, af.as<void>(), e.real_size, e.comp, e.comp);
    });
    if (k == 0) { /* n == 0: Q is the identity (complete) or empty, R is empty */
        d.each([&](int64_t b) {
            return mq != m || d.step(eye(d.c.stream, q->data + batch_offset(q, nb, b), m, 1, e));
        });
        return d.status();
    }
    int lwork = 0;
    scratch work(d.c.stream);
    d.size_workspace("geqrf_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
        return api.geqrf_size(d.c.sh.h, d.c.sh.params, m, n, e.type, af.as<void>(), m, e.type,
                              tau.as<void>(), e.type, dbytes, hbytes);
    });
    d.call("orgqr_bufferSize", [&] {
        return api.orgqr_size[e.blas_index](d.c.sh.h, (int)m, (int)mq, (int)k, q->data, (int)m,
                                            tau.as<void>(), &lwork);
    });
    d.alloc(work, (size_t)(lwork > 0 ? lwork : 1) * e.size());
    const int64_t ncopy = mq < n ? mq : n; /* the Householder columns that go into Q */
    d.each([&](int64_t b) {
        char *ab = af.as<char>() + (size_t)(b * m * n) * e.size();
        char *qb = q->data + batch_offset(q, nb, b);
        d.call("geqrf", [&] {
            return api.geqrf(d.c.sh.h, d.c.sh.params, m, n, e.type, ab, m, e.type,
                             tau.as<void>(), e.type, PCU_WORKSPACE(d), d.info(b));
        });
        if (d.ok() && cudaMemcpyAsync(qb, ab, (size_t)(m * ncopy) * e.size(),
                                      cudaMemcpyDeviceToDevice, d.c.stream) != cudaSuccess) {
            d.step(launched("copy"));
        }
        return d.call("orgqr", [&] {
            return api.orgqr[e.blas_index](d.c.sh.h, (int)m, (int)mq, (int)k, qb, (int)m,
                                           tau.as<void>(), work.as<void>(), lwork, d.slot());
        });
    });
    if (!d.ok() || rr->size == 0) {
        return d.status();
    }
    if (e.real_size == 4) {
        qr_r_kernel<float><<<blocks_for(rr->size), 256, 0, d.c.stream>>>(
            af.as<float>(), m, n, mq < m ? mq : m, count, e.comp, rr->data, vr);
    } else {
        qr_r_kernel<double><<<blocks_for(rr->size), 256, 0, d.c.stream>>>(
            af.as<double>(), m, n, mq < m ? mq : m, count, e.comp, rr->data, vr);
    }
    d.launch_check("qr");
    return d.status();
}

/* ---- EIGH, EIG, SVD: convergence and finiteness through the result word ---- */

static pc_status eigh(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_eigh_params *p = (const pc_eigh_params *)args->params;
    pc_tensor *w = args->out[0];
    pc_tensor *a = args->out[1];
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    if (a->size == 0) {
        return PC_OK;
    }
    batch d(pc_tensor_device(a), dt, batch_count(a, nb));
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    const int bi = e.blas_index;
    const cusolverEigMode_t jobz = p->vectors ? CUSOLVER_EIG_MODE_VECTOR
                                              : CUSOLVER_EIG_MODE_NOVECTOR;
    const cublasFillMode_t uplo = CUBLAS_FILL_MODE_LOWER;
    const bool dense = pc_tensor_is_c_contiguous(a);
    view vw;
    scratch wd(d.c.stream);
    d.then([&] { return make_view(w, &vw); });
    d.alloc(wd, (size_t)(d.count * n) * (size_t)e.real_size);
    /* the lower triangle is what is read; the whole matrix is checked (it was all given) */
    if (dense) {
        d.then([&] {
            return check_finite(d.c.stream, a->data, d.count * n * n * e.comp, e.real_size,
                                d.slot());
        });
    } else {
        d.each([&](int64_t b) {
            return d.step(check_finite(d.c.stream, a->data + batch_offset(a, nb, b),
                                       n * n * e.comp, e.real_size, d.slot()));
        });
    }
    if (dense && d.c.sh.syevj != nullptr &&
        d.batched(n, api.syevj_batched_size[bi] != nullptr && api.syevj_batched[bi] != nullptr)) {
        int lwork = 0;
        scratch work(d.c.stream);
        d.call("syevjBatched_bufferSize", [&] {
            return api.syevj_batched_size[bi](d.c.sh.h, jobz, uplo, (int)n, a->data, (int)n,
                                              wd.as<void>(), &lwork, d.c.sh.syevj, (int)d.count);
        });
        d.alloc(work, (size_t)(lwork > 0 ? lwork : 1) * e.size());
        d.call("syevjBatched", [&] {
            return api.syevj_batched[bi](d.c.sh.h, jobz, uplo, (int)n, a->data, (int)n,
                                         wd.as<void>(), work.as<void>(), lwork, d.info(0),
                                         d.c.sh.syevj, (int)d.count);
        });
    } else if (d.size_workspace("syevd_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
                   return api.syevd_size(d.c.sh.h, d.c.sh.params, jobz, uplo, n, e.type, a->data,
                                         n, e.real_type, wd.as<void>(), e.type, dbytes, hbytes);
               })) {
        d.each([&](int64_t b) {
            return d.call("syevd", [&] {
                return api.syevd(d.c.sh.h, d.c.sh.params, jobz, uplo, n, e.type,
                                 a->data + batch_offset(a, nb, b), n, e.real_type,
                                 wd.as<char>() + (size_t)(b * n) * e.real_size, e.type,
                                 PCU_WORKSPACE(d), d.info(b));
            });
        });
    }
    d.then([&] { return scatter(d.c.stream, wd.as<void>(), w->data, vw, e.real_size, 1, 1.0); });
    return d.convergence(p->result);
}

static pc_status eig(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_converge_params *p = (const pc_converge_params *)args->params;
    const pc_tensor *a = args->in[0];
    pc_tensor *w = args->out[0];
    const bool vectors = args->nout == 2;
    pc_tensor *vr = vectors ? args->out[1] : nullptr;
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    const int64_t count = batch_count(a, nb);
    if (a->size == 0) {
        return PC_OK;
    }
    batch d(pc_tensor_device(a), dt, count);
    const solver_api &api = *d.c.api;
    if (d.ok() && (api.geev == nullptr || api.geev_size == nullptr)) {
        d.step(pc_error_set(PC_ERR_NOTIMPL,
                            "eig on the GPU needs cuSOLVER's cusolverDnXgeev (CUDA 12.6 or "
                            "later); the cuSOLVER found lacks it"));
    }
    const elem &ein = d.e;
    const elem e = complex_of(ein); /* real input is solved as complex: vectors come complex */
    view va;
    view vw;
    scratch af(d.c.stream);
    scratch wd(d.c.stream);
    d.then([&] { return make_view_fortran(a, &va); });
    d.then([&] { return make_view(w, &vw); });
    d.alloc(af, (size_t)(count * n * n) * e.size());
    d.alloc(wd, (size_t)(count * n) * e.size());
    d.then([&] {
        return gather(d.c.stream, a->data, va, af.as<void>(), ein.real_size, ein.comp, 2);
    });
    d.then([&] {
        return check_finite(d.c.stream, af.as<void>(), count * n * n * 2, e.real_size, d.slot());
    });
    const cusolverEigMode_t jobvr = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    const cusolverEigMode_t jobvl = CUSOLVER_EIG_MODE_NOVECTOR;
    d.size_workspace("geev_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
        return api.geev_size(d.c.sh.h, d.c.sh.params, jobvl, jobvr, n, e.type, af.as<void>(), n,
                             e.type, wd.as<void>(), e.type, nullptr, 1, e.type,
                             vr != nullptr ? vr->data : nullptr, n, e.type, dbytes, hbytes);
    });
    d.each([&](int64_t b) {
        return d.call("geev", [&] {
            return api.geev(d.c.sh.h, d.c.sh.params, jobvl, jobvr, n, e.type,
                            af.as<char>() + (size_t)(b * n * n) * e.size(), n, e.type,
                            wd.as<char>() + (size_t)(b * n) * e.size(), e.type, nullptr, 1,
                            e.type, vr != nullptr ? vr->data + batch_offset(vr, nb, b) : nullptr,
                            n, e.type, PCU_WORKSPACE(d), d.info(b));
        });
    });
    d.then([&] { return scatter(d.c.stream, wd.as<void>(), w->data, vw, e.real_size, 2, 1.0); });
    return d.convergence(p->result);
}

/* [SVD layouts] gesvd wants rows >= columns. With m >= n the F-layout A goes in as it is and
 * U, VT come out F-layout: the C-layout outputs receive them through views with the last two
 * axes swapped. With m < n, A^T (A gathered in C order is A^T in F-layout) goes in:
 * A^T = conj(V) S U^T, so gesvd's U is Vh^T and its VT is U^T - in C-layout terms both land
 * through the outputs' own (unswapped) views.
 * gesvdjBatched (a batch of more than one matrix, rows <= batched_max_n) factors the same
 * matrix but returns the full left factor (rows x rows: its first `lcols` columns, F-layout,
 * are gesvd's U) and V where gesvd returns VT = V^H: the right factor lands through the other
 * view (unswapped for m >= n, swapped for m < n), conjugated. */
static pc_status svd(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_converge_params *p = (const pc_converge_params *)args->params;
    const pc_tensor *a = args->in[0];
    pc_tensor *s = args->out[0];
    const bool vectors = args->nout == 3;
    pc_tensor *u = vectors ? args->out[1] : nullptr;
    pc_tensor *vh = vectors ? args->out[2] : nullptr;
    const int nb = a->ndim - 2;
    const int64_t m = a->shape[nb];
    const int64_t n = a->shape[nb + 1];
    const int64_t k = m < n ? m : n;
    const int64_t count = batch_count(a, nb);
    if (count == 0) {
        return PC_OK;
    }
    batch d(pc_tensor_device(a), dt, count);
    const solver_api &api = *d.c.api;
    const elem &e = d.e;
    const int bi = e.blas_index;
    const bool tall = m >= n;
    const int64_t rows = tall ? m : n; /* of the matrix gesvd factors */
    const int64_t cols = tall ? n : m;
    /* the left factor gesvd returns: rows x (rows or cols); the right: cols x cols */
    const int64_t lcols = vectors ? (tall ? u->shape[nb + 1] : vh->shape[nb]) : 0;
    const bool full = lcols == rows;
    if (k == 0) {
        /* no singular values: the factors asked for are identities (full) or empty */
        d.each([&](int64_t b) {
            return !vectors ||
                   ((u->shape[nb + 1] != m ||
                     d.step(eye(d.c.stream, u->data + batch_offset(u, nb, b), m, 1, e))) &&
                    (vh->shape[nb] != n ||
                     d.step(eye(d.c.stream, vh->data + batch_offset(vh, nb, b), n, 1, e))));
        });
        return d.status();
    }
    const bool jacobi = d.c.sh.gesvdj != nullptr &&
                        d.batched(rows, api.gesvdj_batched_size[bi] != nullptr &&
                                            api.gesvdj_batched[bi] != nullptr);
    view va;
    view vs;
    view vu = {};
    view vv = {};
    d.then([&] { return tall ? make_view_fortran(a, &va) : make_view(a, &va); });
    d.then([&] { return make_view(s, &vs); });
    if (vectors) {
        /* the left factor's buffer feeds U (tall, swapped) or Vh (wide, as is); the right
         * factor's feeds Vh (tall, swapped) or U (wide, as is) - the other way for gesvdj */
        pc_tensor *right = tall ? vh : u;
        d.then([&] { return tall ? make_view_fortran(u, &vu) : make_view(vh, &vu); });
        d.then([&] {
            return tall != jacobi ? make_view_fortran(right, &vv) : make_view(right, &vv);
        });
    }
    scratch af(d.c.stream);
    scratch sd(d.c.stream);
    scratch ud(d.c.stream);
    scratch vd(d.c.stream);
    d.alloc(af, (size_t)(count * m * n) * e.size());
    d.alloc(sd, (size_t)(count * k) * (size_t)e.real_size);
    if (vectors) {
        d.alloc(ud, (size_t)(count * rows * lcols) * e.size());
        d.alloc(vd, (size_t)(count * cols * cols) * e.size());
    }
    d.then([&] {
        return gather(d.c.stream, a->data, va, af.as<void>(), e.real_size, e.comp, e.comp);
    });
    d.then([&] {
        return check_finite(d.c.stream, af.as<void>(), count * m * n * e.comp, e.real_size,
                            d.slot());
    });
    if (jacobi) {
        /* V straight into vd; the full left factors into uf, their first lcols columns then
         * into ud (one strided copy). Both are given even without vectors. */
        const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR
                                               : CUSOLVER_EIG_MODE_NOVECTOR;
        const size_t ubytes = (size_t)(rows * rows) * e.size();
        scratch uf(d.c.stream);
        scratch work(d.c.stream);
        int lwork = 0;
        d.alloc(uf, (size_t)count * ubytes);
        if (!vectors) {
            d.alloc(vd, (size_t)(count * cols * cols) * e.size());
        }
        d.call("gesvdjBatched_bufferSize", [&] {
            return api.gesvdj_batched_size[bi](d.c.sh.h, jobz, (int)rows, (int)cols,
                                               af.as<void>(), (int)rows, sd.as<void>(),
                                               uf.as<void>(), (int)rows, vd.as<void>(),
                                               (int)cols, &lwork, d.c.sh.gesvdj, (int)count);
        });
        d.alloc(work, (size_t)(lwork > 0 ? lwork : 1) * e.size());
        d.call("gesvdjBatched", [&] {
            return api.gesvdj_batched[bi](d.c.sh.h, jobz, (int)rows, (int)cols, af.as<void>(),
                                          (int)rows, sd.as<void>(), uf.as<void>(), (int)rows,
                                          vd.as<void>(), (int)cols, work.as<void>(), lwork,
                                          d.info(0), d.c.sh.gesvdj, (int)count);
        });
        const size_t lbytes = (size_t)(rows * lcols) * e.size();
        if (vectors && d.ok() &&
            cudaMemcpy2DAsync(ud.as<void>(), lbytes, uf.as<void>(), ubytes, lbytes,
                              (size_t)count, cudaMemcpyDeviceToDevice, d.c.stream) != cudaSuccess) {
            d.step(launched("copy"));
        }
    } else {
        const signed char jobu = !vectors ? 'N' : full ? 'A' : 'S';
        const signed char jobvt = !vectors ? 'N' : 'A';
        d.size_workspace("gesvd_bufferSize", [&](size_t *dbytes, size_t *hbytes) {
            return api.gesvd_size(d.c.sh.h, d.c.sh.params, jobu, jobvt, rows, cols, e.type,
                                  af.as<void>(), rows, e.real_type, sd.as<void>(), e.type,
                                  ud.as<void>(), rows, e.type, vd.as<void>(), cols, e.type,
                                  dbytes, hbytes);
        });
        d.each([&](int64_t b) {
            return d.call("gesvd", [&] {
                return api.gesvd(
                    d.c.sh.h, d.c.sh.params, jobu, jobvt, rows, cols, e.type,
                    af.as<char>() + (size_t)(b * m * n) * e.size(), rows, e.real_type,
                    sd.as<char>() + (size_t)(b * k) * e.real_size, e.type,
                    vectors ? ud.as<char>() + (size_t)(b * rows * lcols) * e.size() : nullptr,
                    rows, e.type,
                    vectors ? vd.as<char>() + (size_t)(b * cols * cols) * e.size() : nullptr,
                    cols, e.type, PCU_WORKSPACE(d), d.info(b));
            });
        });
    }
    d.then([&] { return scatter(d.c.stream, sd.as<void>(), s->data, vs, e.real_size, 1, 1.0); });
    if (vectors) {
        d.then([&] {
            return scatter(d.c.stream, ud.as<void>(), (tall ? u : vh)->data, vu, e.real_size,
                           e.comp, 1.0);
        });
        d.then([&] {
            return scatter(d.c.stream, vd.as<void>(), (tall ? vh : u)->data, vv, e.real_size,
                           e.comp, 1.0, jacobi);
        });
    }
    return d.convergence(p->result);
}

template <pc_dtype D> static pc_status cholesky_k(const pc_kernel_args *a) { return cholesky(a, D); }
template <pc_dtype D> static pc_status inv_k(const pc_kernel_args *a) { return inv(a, D); }
template <pc_dtype D> static pc_status solve_k(const pc_kernel_args *a) { return solve(a, D); }
template <pc_dtype D> static pc_status slogdet_k(const pc_kernel_args *a) { return slogdet(a, D); }
template <pc_dtype D> static pc_status qr_k(const pc_kernel_args *a) { return qr(a, D); }
template <pc_dtype D> static pc_status eigh_k(const pc_kernel_args *a) { return eigh(a, D); }
template <pc_dtype D> static pc_status eig_k(const pc_kernel_args *a) { return eig(a, D); }
template <pc_dtype D> static pc_status svd_k(const pc_kernel_args *a) { return svd(a, D); }

template <pc_dtype D> static void reg(pc_op op, pc_whole_fn f)
{
    pc_kernel k = {};
    k.whole = f;
    pc_kernel_register(op, PC_DEVICE_GPU_BACKEND, D, k);
}

template <pc_dtype D> static void reg_all()
{
    reg<D>(PC_OP_CHOLESKY, cholesky_k<D>);
    reg<D>(PC_OP_INV, inv_k<D>);
    reg<D>(PC_OP_SOLVE, solve_k<D>);
    reg<D>(PC_OP_SLOGDET, slogdet_k<D>);
    reg<D>(PC_OP_QR, qr_k<D>);
    reg<D>(PC_OP_EIGH, eigh_k<D>);
    reg<D>(PC_OP_EIG, eig_k<D>);
    reg<D>(PC_OP_SVD, svd_k<D>);
}

void register_solver()
{
    reg_all<PC_FLOAT32>();
    reg_all<PC_FLOAT64>();
    reg_all<PC_COMPLEX64>();
    reg_all<PC_COMPLEX128>();
}

} // namespace pcu

#endif
