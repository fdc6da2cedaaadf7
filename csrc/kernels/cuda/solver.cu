/*
 * solver.cu - the GPU kernels of CHOLESKY, INV, SOLVE, SLOGDET, QR, EIGH, EIG and SVD
 * (contracts in paddle_c/kernels/linalg_kernels.h) on cuSOLVER's dense 64-bit API, opened at
 * run time (vendor_load.h); one cuSOLVER handle per device, bound to the device's stream. The
 * batch runs as a host loop of one call per matrix.
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
    };
    for (const entry &e : entries) {
        *e.slot = pc_vendor_symbol(PC_VENDOR_CUSOLVER, e.name, e.optional);
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

struct solver_handle {
    cusolverDnHandle_t h;
    cusolverDnParams_t params;
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
    return s == CUSOLVER_STATUS_SUCCESS ? PC_OK : solver_error(s, "handle creation");
}

static handle_cache<solver_handle> solver_handles;

/* What a call needs: the library, the device's handle and stream. */
struct ctx {
    const solver_api *api;
    solver_handle sh;
    cudaStream_t stream;
};

static pc_status open_ctx(pc_device dev, ctx *c)
{
    pc_status st = solver_handles.get(dev, create_solver, &c->sh, &c->stream);
    c->api = st == PC_OK ? load_solver() : nullptr;
    return st;
}

/* a cuSOLVER call, then the launch check that names it under PADDLE_C_LAUNCH_BLOCKING=1 */
#define PCU_CHECK(call, what)                                                                  \
    do {                                                                                       \
        cusolverStatus_t s_ = (call);                                                          \
        if (s_ != CUSOLVER_STATUS_SUCCESS) {                                                   \
            return solver_error(s_, what);                                                     \
        }                                                                                      \
        pc_status l_ = launched("cuSOLVER " what);                                             \
        if (l_ != PC_OK) {                                                                     \
            return l_;                                                                         \
        }                                                                                      \
    } while (0)

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

/* the first positive info of `count` into the result word (the CPU reports the first
 * failing matrix) */
__global__ void infos_kernel(const int *info, int64_t count, pc_result_word *word, int32_t code)
{
    for (int64_t i = 0; i < count; i++) {
        if (info[i] > 0) {
            pc_result_fail(word, code, 0, info[i]);
            return;
        }
    }
}

static pc_status infos_to_word(cudaStream_t s, const int *info, int64_t count,
                               pc_result_word *word)
{
    if (word == nullptr) {
        return pc_error_set(PC_ERR_RUNTIME, "GPU solver kernel called without a result word");
    }
    infos_kernel<<<1, 1, 0, s>>>(info, count, word, PC_ERR_VALUE);
    return launched("result word");
}

/* ---- CHOLESKY ---- */

static pc_status cholesky(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_cholesky_params *p = (const pc_cholesky_params *)args->params;
    pc_tensor *a = args->out[0];
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    const int64_t count = batch_count(a, nb);
    if (a->size == 0) {
        return PC_OK;
    }
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(a), &c);
    if (st != PC_OK) {
        return st;
    }
    const elem e = elem_of(dt);
    /* row-major lower L is column-major upper (see the file comment) */
    const cublasFillMode_t uplo = p->upper ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    size_t dbytes = 0;
    size_t hbytes = 0;
    PCU_CHECK(c.api->potrf_size(c.sh.h, c.sh.params, uplo, n, e.type, a->data, n, e.type, &dbytes,
                                &hbytes),
              "potrf_bufferSize");
    workspace ws(c.stream);
    scratch info(c.stream);
    st = ws.alloc(dbytes, hbytes);
    if (st == PC_OK) {
        st = info.alloc((size_t)count * sizeof(int));
    }
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        char *m = a->data + batch_offset(a, nb, b);
        PCU_CHECK(c.api->potrf(c.sh.h, c.sh.params, uplo, n, e.type, m, n, e.type,
                               ws.dev.as<void>(), ws.dev_bytes, ws.host, ws.host_bytes,
                               info.as<int>() + b),
                  "potrf");
    }
    if (st != PC_OK) {
        return st;
    }
    const bool contiguous_batch = nb == 0 || pc_tensor_is_c_contiguous(a);
    for (int64_t b = 0; b < (contiguous_batch ? 1 : count); b++) {
        zero_triangle_kernel<<<blocks_for(n * n * (contiguous_batch ? count : 1)), 256, 0, c.stream>>>(
            a->data + (contiguous_batch ? 0 : batch_offset(a, nb, b)), n,
            contiguous_batch ? count : 1, n * n * (int64_t)e.size(), (int)e.size(), p->upper);
    }
    st = launched("cholesky triangle");
    return st == PC_OK ? infos_to_word(c.stream, info.as<int>(), count, p->result) : st;
}

/* ---- INV, SOLVE: LU ---- */

static pc_status lu_solve(ctx &c, const elem &e, char *a, int64_t n, char *x, int64_t nrhs,
                          int64_t ldx, workspace &ws, int64_t *ipiv, int *info)
{
    PCU_CHECK(c.api->getrf(c.sh.h, c.sh.params, n, n, e.type, a, n, ipiv, e.type, ws.dev.as<void>(),
                           ws.dev_bytes, ws.host, ws.host_bytes, info),
              "getrf");
    /* a singular LU still solves (with infinities): the result word raises before anyone
     * sees them */
    if (nrhs > 0) {
        PCU_CHECK(c.api->getrs(c.sh.h, c.sh.params, CUBLAS_OP_N, n, nrhs, e.type, a, n, ipiv,
                               e.type, x, ldx, info + 1),
                  "getrs");
    }
    return PC_OK;
}

static pc_status inv(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_singular_params *p = (const pc_singular_params *)args->params;
    pc_tensor *a = args->out[0];
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    const int64_t count = batch_count(a, nb);
    if (a->size == 0) {
        return PC_OK;
    }
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(a), &c);
    if (st != PC_OK) {
        return st;
    }
    const elem e = elem_of(dt);
    size_t dbytes = 0;
    size_t hbytes = 0;
    PCU_CHECK(c.api->getrf_size(c.sh.h, c.sh.params, n, n, e.type, a->data, n, e.type, &dbytes,
                                &hbytes),
              "getrf_bufferSize");
    workspace ws(c.stream);
    scratch lu(c.stream);
    scratch ipiv(c.stream);
    scratch info(c.stream);
    st = ws.alloc(dbytes, hbytes);
    if (st == PC_OK) {
        st = lu.alloc((size_t)(n * n) * e.size());
    }
    if (st == PC_OK) {
        st = ipiv.alloc((size_t)n * sizeof(int64_t));
    }
    if (st == PC_OK) {
        st = info.alloc((size_t)count * 2 * sizeof(int));
    }
    if (st == PC_OK && cudaMemsetAsync(info.as<void>(), 0, (size_t)count * 2 * sizeof(int),
                                       c.stream) != cudaSuccess) {
        st = launched("memset");
    }
    /* per matrix: LU of a copy of A^T (column-major view), X := I, solve, X back into A */
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        char *m = a->data + batch_offset(a, nb, b);
        const size_t bytes = (size_t)(n * n) * e.size();
        if (cudaMemcpyAsync(lu.as<void>(), m, bytes, cudaMemcpyDeviceToDevice, c.stream) !=
            cudaSuccess) {
            return launched("copy");
        }
        st = eye(c.stream, m, n, 1, e);
        if (st == PC_OK) {
            st = lu_solve(c, e, lu.as<char>(), n, m, n, n, ws, ipiv.as<int64_t>(),
                          info.as<int>() + 2 * b);
        }
    }
    /* the getrf (even) and getrs (odd) infos: only getrf's are ever positive */
    if (st == PC_OK) {
        st = infos_to_word(c.stream, info.as<int>(), 2 * count, p->result);
    }
    return st;
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
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(x), &c);
    if (st != PC_OK) {
        return st;
    }
    const elem e = elem_of(dt);
    view v;
    st = make_view_fortran(a, &v); /* A gathered in F order */
    size_t dbytes = 0;
    size_t hbytes = 0;
    scratch af(c.stream);
    if (st == PC_OK) {
        st = af.alloc((size_t)(count * n * n) * e.size());
    }
    if (st == PC_OK) {
        st = gather(c.stream, a->data, v, af.as<void>(), e.real_size, e.comp, e.comp);
    }
    if (st != PC_OK) {
        return st;
    }
    PCU_CHECK(c.api->getrf_size(c.sh.h, c.sh.params, n, n, e.type, af.as<void>(), n, e.type,
                                &dbytes, &hbytes),
              "getrf_bufferSize");
    workspace ws(c.stream);
    scratch ipiv(c.stream);
    scratch info(c.stream);
    st = ws.alloc(dbytes, hbytes);
    if (st == PC_OK) {
        st = ipiv.alloc((size_t)n * sizeof(int64_t));
    }
    if (st == PC_OK) {
        st = info.alloc((size_t)count * 2 * sizeof(int));
    }
    if (st == PC_OK && cudaMemsetAsync(info.as<void>(), 0, (size_t)count * 2 * sizeof(int),
                                       c.stream) != cudaSuccess) {
        st = launched("memset");
    }
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        st = lu_solve(c, e, af.as<char>() + (size_t)(b * n * n) * e.size(), n,
                      x->data + batch_offset(x, nb, b), k, n, ws, ipiv.as<int64_t>(),
                      info.as<int>() + 2 * b);
    }
    if (st == PC_OK) {
        st = infos_to_word(c.stream, info.as<int>(), 2 * count, p->result);
    }
    return st;
}

/* ---- SLOGDET ---- */

/* from the LU factors of `count` dense n x n matrices: det, or sign and log|det|, as the CPU
 * (kernels/cpu/lapack_impl.h) computes them */
template <typename R>
__global__ void slogdet_kernel(const R *lu, const int64_t *ipiv, const int *info, int64_t n,
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
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(a), &c);
    if (st != PC_OK) {
        return st;
    }
    const elem e = elem_of(dt);
    view va;
    view v0;
    view v1 = {};
    st = make_view(a, &va); /* det(A^T) = det(A): C order is fine */
    if (st == PC_OK) {
        st = make_view(args->out[0], &v0);
    }
    if (st == PC_OK && !det_only) {
        st = make_view(args->out[1], &v1);
    }
    scratch lu(c.stream);
    scratch ipiv(c.stream);
    scratch info(c.stream);
    if (st == PC_OK) {
        st = lu.alloc((size_t)(count * n * n) * e.size());
    }
    if (st == PC_OK) {
        st = ipiv.alloc((size_t)(count * (n > 0 ? n : 1)) * sizeof(int64_t));
    }
    if (st == PC_OK) {
        st = info.alloc((size_t)count * sizeof(int));
    }
    if (st == PC_OK && cudaMemsetAsync(info.as<void>(), 0, (size_t)count * sizeof(int),
                                       c.stream) != cudaSuccess) {
        st = launched("memset");
    }
    if (st == PC_OK) {
        st = gather(c.stream, a->data, va, lu.as<void>(), e.real_size, e.comp, e.comp);
    }
    if (st != PC_OK) {
        return st;
    }
    if (n > 0) {
        size_t dbytes = 0;
        size_t hbytes = 0;
        PCU_CHECK(c.api->getrf_size(c.sh.h, c.sh.params, n, n, e.type, lu.as<void>(), n, e.type,
                                    &dbytes, &hbytes),
                  "getrf_bufferSize");
        workspace ws(c.stream);
        st = ws.alloc(dbytes, hbytes);
        for (int64_t b = 0; b < count && st == PC_OK; b++) {
            PCU_CHECK(c.api->getrf(c.sh.h, c.sh.params, n, n, e.type,
                                   lu.as<char>() + (size_t)(b * n * n) * e.size(), n,
                                   ipiv.as<int64_t>() + b * n, e.type, ws.dev.as<void>(),
                                   ws.dev_bytes, ws.host, ws.host_bytes, info.as<int>() + b),
                      "getrf");
        }
        if (st != PC_OK) {
            return st;
        }
    }
    v0.ndim = nb;
    v1.ndim = det_only ? 0 : nb;
    if (e.real_size == 4) {
        slogdet_kernel<float><<<blocks_for(count), 256, 0, c.stream>>>(
            lu.as<float>(), ipiv.as<int64_t>(), info.as<int>(), n, count, e.comp, det_only,
            args->out[0]->data, v0, det_only ? nullptr : args->out[1]->data, v1);
    } else {
        slogdet_kernel<double><<<blocks_for(count), 256, 0, c.stream>>>(
            lu.as<double>(), ipiv.as<int64_t>(), info.as<int>(), n, count, e.comp, det_only,
            args->out[0]->data, v0, det_only ? nullptr : args->out[1]->data, v1);
    }
    return launched("slogdet");
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
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(a), &c);
    if (st != PC_OK) {
        return st;
    }
    const elem e = elem_of(dt);
    view va;
    view vr;
    st = make_view_fortran(a, &va);
    if (st == PC_OK) {
        st = make_view(rr, &vr);
    }
    scratch af(c.stream);
    scratch tau(c.stream);
    scratch info(c.stream);
    if (st == PC_OK) {
        st = af.alloc((size_t)(count * m * n) * e.size());
    }
    if (st == PC_OK) {
        st = tau.alloc((size_t)(k > 0 ? k : 1) * e.size());
    }
    if (st == PC_OK) {
        st = info.alloc(2 * sizeof(int));
    }
    if (st == PC_OK) {
        st = gather(c.stream, a->data, va, af.as<void>(), e.real_size, e.comp, e.comp);
    }
    if (st != PC_OK) {
        return st;
    }
    if (k == 0) { /* n == 0: Q is the identity (complete) or empty, R is empty */
        for (int64_t b = 0; mq == m && b < count && st == PC_OK; b++) {
            st = eye(c.stream, q->data + batch_offset(q, nb, b), m, 1, e);
        }
        return st;
    }
    size_t dbytes = 0;
    size_t hbytes = 0;
    int lwork = 0;
    PCU_CHECK(c.api->geqrf_size(c.sh.h, c.sh.params, m, n, e.type, af.as<void>(), m, e.type,
                                tau.as<void>(), e.type, &dbytes, &hbytes),
              "geqrf_bufferSize");
    PCU_CHECK(c.api->orgqr_size[e.blas_index](c.sh.h, (int)m, (int)mq, (int)k, q->data, (int)m,
                                              tau.as<void>(), &lwork),
              "orgqr_bufferSize");
    workspace ws(c.stream);
    scratch work(c.stream);
    st = ws.alloc(dbytes, hbytes);
    if (st == PC_OK) {
        st = work.alloc((size_t)(lwork > 0 ? lwork : 1) * e.size());
    }
    const int64_t ncopy = mq < n ? mq : n; /* the Householder columns that go into Q */
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        char *ab = af.as<char>() + (size_t)(b * m * n) * e.size();
        char *qb = q->data + batch_offset(q, nb, b);
        PCU_CHECK(c.api->geqrf(c.sh.h, c.sh.params, m, n, e.type, ab, m, e.type, tau.as<void>(),
                               e.type, ws.dev.as<void>(), ws.dev_bytes, ws.host, ws.host_bytes,
                               info.as<int>()),
                  "geqrf");
        if (cudaMemcpyAsync(qb, ab, (size_t)(m * ncopy) * e.size(), cudaMemcpyDeviceToDevice,
                            c.stream) != cudaSuccess) {
            return launched("copy");
        }
        PCU_CHECK(c.api->orgqr[e.blas_index](c.sh.h, (int)m, (int)mq, (int)k, qb, (int)m,
                                             tau.as<void>(), work.as<void>(), lwork,
                                             info.as<int>() + 1),
                  "orgqr");
    }
    if (st != PC_OK || rr->size == 0) {
        return st;
    }
    if (e.real_size == 4) {
        qr_r_kernel<float><<<blocks_for(rr->size), 256, 0, c.stream>>>(
            af.as<float>(), m, n, mq < m ? mq : m, count, e.comp, rr->data, vr);
    } else {
        qr_r_kernel<double><<<blocks_for(rr->size), 256, 0, c.stream>>>(
            af.as<double>(), m, n, mq < m ? mq : m, count, e.comp, rr->data, vr);
    }
    return launched("qr");
}

/* ---- EIGH, EIG, SVD: convergence and finiteness through the result word ---- */

template <typename R> __global__ void nonfinite_kernel(const R *p, int64_t n, int *flag)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
        if (!isfinite(p[i])) {
            atomicOr(flag, 1);
        }
    }
}

/* `flag` (one int, zeroed by zero_infos) becomes non-zero when any of the `n` scalars is not
 * finite */
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

static pc_status zero_infos(cudaStream_t s, int *infos, int64_t count)
{
    return cudaMemsetAsync(infos, 0, (size_t)(count + 1) * sizeof(int), s) == cudaSuccess
               ? PC_OK
               : launched("memset");
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

static pc_status converge_to_word(cudaStream_t s, const int *infos, int64_t count,
                                  pc_result_word *word)
{
    if (word == nullptr) {
        return pc_error_set(PC_ERR_RUNTIME, "GPU solver kernel called without a result word");
    }
    converge_kernel<<<1, 1, 0, s>>>(infos, count, word);
    return launched("result word");
}

static pc_status eigh(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_eigh_params *p = (const pc_eigh_params *)args->params;
    pc_tensor *w = args->out[0];
    pc_tensor *a = args->out[1];
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    const int64_t count = batch_count(a, nb);
    if (a->size == 0) {
        return PC_OK;
    }
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(a), &c);
    if (st != PC_OK) {
        return st;
    }
    const elem e = elem_of(dt);
    const cusolverEigMode_t jobz = p->vectors ? CUSOLVER_EIG_MODE_VECTOR
                                              : CUSOLVER_EIG_MODE_NOVECTOR;
    view vw;
    st = make_view(w, &vw);
    scratch wd(c.stream);
    scratch infos(c.stream);
    if (st == PC_OK) {
        st = wd.alloc((size_t)(count * n) * (size_t)e.real_size);
    }
    if (st == PC_OK) {
        st = infos.alloc((size_t)(count + 1) * sizeof(int));
    }
    if (st == PC_OK) {
        st = zero_infos(c.stream, infos.as<int>(), count);
    }
    /* the lower triangle is what is read; the whole matrix is checked (it was all given) */
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        st = check_finite(c.stream, a->data + batch_offset(a, nb, b), n * n * e.comp,
                          e.real_size, infos.as<int>());
    }
    if (st != PC_OK) {
        return st;
    }
    size_t dbytes = 0;
    size_t hbytes = 0;
    PCU_CHECK(c.api->syevd_size(c.sh.h, c.sh.params, jobz, CUBLAS_FILL_MODE_LOWER, n, e.type,
                                a->data, n, e.real_type, wd.as<void>(), e.type, &dbytes, &hbytes),
              "syevd_bufferSize");
    workspace ws(c.stream);
    st = ws.alloc(dbytes, hbytes);
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        PCU_CHECK(c.api->syevd(c.sh.h, c.sh.params, jobz, CUBLAS_FILL_MODE_LOWER, n, e.type,
                               a->data + batch_offset(a, nb, b), n, e.real_type,
                               wd.as<char>() + (size_t)(b * n) * e.real_size, e.type,
                               ws.dev.as<void>(), ws.dev_bytes, ws.host, ws.host_bytes,
                               infos.as<int>() + 1 + b),
                  "syevd");
    }
    if (st == PC_OK) {
        st = scatter(c.stream, wd.as<void>(), w->data, vw, e.real_size, 1, 1.0);
    }
    return st == PC_OK ? converge_to_word(c.stream, infos.as<int>(), count, p->result) : st;
}

static pc_status eig(const pc_kernel_args *args, pc_dtype dt)
{
    const pc_converge_params *p = (const pc_converge_params *)args->params;
    const pc_tensor *a = args->in[0];
    pc_tensor *w = args->out[0];
    const bool vectors = args->nout == 2;
    const int nb = a->ndim - 2;
    const int64_t n = a->shape[nb + 1];
    const int64_t count = batch_count(a, nb);
    if (a->size == 0) {
        return PC_OK;
    }
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(a), &c);
    if (st != PC_OK) {
        return st;
    }
    if (c.api->geev == nullptr || c.api->geev_size == nullptr) {
        return pc_error_set(PC_ERR_NOTIMPL,
                            "eig on the GPU needs cuSOLVER's cusolverDnXgeev (CUDA 12.6 or "
                            "later); the cuSOLVER found lacks it");
    }
    const elem ein = elem_of(dt);
    const elem e = complex_of(ein); /* real input is solved as complex: vectors come complex */
    view va;
    view vw;
    st = make_view_fortran(a, &va);
    if (st == PC_OK) {
        st = make_view(w, &vw);
    }
    scratch af(c.stream);
    scratch wd(c.stream);
    scratch infos(c.stream);
    if (st == PC_OK) {
        st = af.alloc((size_t)(count * n * n) * e.size());
    }
    if (st == PC_OK) {
        st = wd.alloc((size_t)(count * n) * e.size());
    }
    if (st == PC_OK) {
        st = infos.alloc((size_t)(count + 1) * sizeof(int));
    }
    if (st == PC_OK) {
        st = zero_infos(c.stream, infos.as<int>(), count);
    }
    if (st == PC_OK) {
        st = gather(c.stream, a->data, va, af.as<void>(), ein.real_size, ein.comp, 2);
    }
    if (st == PC_OK) {
        st = check_finite(c.stream, af.as<void>(), count * n * n * 2, e.real_size,
                          infos.as<int>());
    }
    if (st != PC_OK) {
        return st;
    }
    const cusolverEigMode_t jobvr = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    pc_tensor *vr = vectors ? args->out[1] : nullptr;
    size_t dbytes = 0;
    size_t hbytes = 0;
    PCU_CHECK(c.api->geev_size(c.sh.h, c.sh.params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, e.type,
                               af.as<void>(), n, e.type, wd.as<void>(), e.type, nullptr, 1,
                               e.type, vr != nullptr ? vr->data : nullptr, n, e.type, &dbytes,
                               &hbytes),
              "geev_bufferSize");
    workspace ws(c.stream);
    st = ws.alloc(dbytes, hbytes);
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        PCU_CHECK(c.api->geev(c.sh.h, c.sh.params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, e.type,
                              af.as<char>() + (size_t)(b * n * n) * e.size(), n, e.type,
                              wd.as<char>() + (size_t)(b * n) * e.size(), e.type, nullptr, 1,
                              e.type, vr != nullptr ? vr->data + batch_offset(vr, nb, b) : nullptr,
                              n, e.type, ws.dev.as<void>(), ws.dev_bytes, ws.host,
                              ws.host_bytes, infos.as<int>() + 1 + b),
                  "geev");
    }
    if (st == PC_OK) {
        st = scatter(c.stream, wd.as<void>(), w->data, vw, e.real_size, 2, 1.0);
    }
    return st == PC_OK ? converge_to_word(c.stream, infos.as<int>(), count, p->result) : st;
}

/* [SVD layouts] gesvd wants rows >= columns. With m >= n the F-layout A goes in as it is and
 * U, VT come out F-layout: the C-layout outputs receive them through views with the last two
 * axes swapped. With m < n, A^T (A gathered in C order is A^T in F-layout) goes in:
 * A^T = conj(V) S U^T, so gesvd's U is Vh^T and its VT is U^T - in C-layout terms both land
 * through the outputs' own (unswapped) views. */
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
    ctx c;
    pc_status st = open_ctx(pc_tensor_device(a), &c);
    if (st != PC_OK) {
        return st;
    }
    const elem e = elem_of(dt);
    const bool tall = m >= n;
    const int64_t rows = tall ? m : n; /* of the matrix gesvd factors */
    const int64_t cols = tall ? n : m;
    /* the left factor gesvd returns: rows x (rows or cols); the right: cols x cols */
    const int64_t lcols = vectors ? (tall ? u->shape[nb + 1] : vh->shape[nb]) : 0;
    const bool full = lcols == rows;
    if (k == 0) {
        /* no singular values: the factors asked for are identities (full) or empty */
        for (int64_t b = 0; vectors && b < count && st == PC_OK; b++) {
            if (u->shape[nb + 1] == m) {
                st = eye(c.stream, u->data + batch_offset(u, nb, b), m, 1, e);
            }
            if (st == PC_OK && vh->shape[nb] == n) {
                st = eye(c.stream, vh->data + batch_offset(vh, nb, b), n, 1, e);
            }
        }
        return st;
    }
    view va;
    view vs;
    view vu = {};
    view vv = {};
    st = tall ? make_view_fortran(a, &va) : make_view(a, &va);
    if (st == PC_OK) {
        st = make_view(s, &vs);
    }
    if (st == PC_OK && vectors) {
        /* the left factor's buffer feeds U (tall, swapped) or Vh (wide, as is); the right
         * factor's feeds Vh (tall, swapped) or U (wide, as is) */
        st = tall ? make_view_fortran(u, &vu) : make_view(vh, &vu);
        if (st == PC_OK) {
            st = tall ? make_view_fortran(vh, &vv) : make_view(u, &vv);
        }
    }
    scratch af(c.stream);
    scratch sd(c.stream);
    scratch ud(c.stream);
    scratch vd(c.stream);
    scratch infos(c.stream);
    if (st == PC_OK) {
        st = af.alloc((size_t)(count * m * n) * e.size());
    }
    if (st == PC_OK) {
        st = sd.alloc((size_t)(count * k) * (size_t)e.real_size);
    }
    if (st == PC_OK && vectors) {
        st = ud.alloc((size_t)(count * rows * lcols) * e.size());
        if (st == PC_OK) {
            st = vd.alloc((size_t)(count * cols * cols) * e.size());
        }
    }
    if (st == PC_OK) {
        st = infos.alloc((size_t)(count + 1) * sizeof(int));
    }
    if (st == PC_OK) {
        st = zero_infos(c.stream, infos.as<int>(), count);
    }
    if (st == PC_OK) {
        st = gather(c.stream, a->data, va, af.as<void>(), e.real_size, e.comp, e.comp);
    }
    if (st == PC_OK) {
        st = check_finite(c.stream, af.as<void>(), count * m * n * e.comp, e.real_size,
                          infos.as<int>());
    }
    if (st != PC_OK) {
        return st;
    }
    const signed char jobu = !vectors ? 'N' : full ? 'A' : 'S';
    const signed char jobvt = !vectors ? 'N' : 'A';
    size_t dbytes = 0;
    size_t hbytes = 0;
    PCU_CHECK(c.api->gesvd_size(c.sh.h, c.sh.params, jobu, jobvt, rows, cols, e.type,
                                af.as<void>(), rows, e.real_type, sd.as<void>(), e.type,
                                ud.as<void>(), rows, e.type, vd.as<void>(), cols, e.type,
                                &dbytes, &hbytes),
              "gesvd_bufferSize");
    workspace ws(c.stream);
    st = ws.alloc(dbytes, hbytes);
    for (int64_t b = 0; b < count && st == PC_OK; b++) {
        PCU_CHECK(c.api->gesvd(c.sh.h, c.sh.params, jobu, jobvt, rows, cols, e.type,
                               af.as<char>() + (size_t)(b * m * n) * e.size(), rows, e.real_type,
                               sd.as<char>() + (size_t)(b * k) * e.real_size, e.type,
                               vectors ? ud.as<char>() + (size_t)(b * rows * lcols) * e.size()
                                       : nullptr,
                               rows, e.type,
                               vectors ? vd.as<char>() + (size_t)(b * cols * cols) * e.size()
                                       : nullptr,
                               cols, e.type, ws.dev.as<void>(), ws.dev_bytes, ws.host,
                               ws.host_bytes, infos.as<int>() + 1 + b),
                  "gesvd");
    }
    if (st == PC_OK) {
        st = scatter(c.stream, sd.as<void>(), s->data, vs, e.real_size, 1, 1.0);
    }
    if (st == PC_OK && vectors) {
        st = scatter(c.stream, ud.as<void>(), (tall ? u : vh)->data, vu, e.real_size, e.comp, 1.0);
    }
    if (st == PC_OK && vectors) {
        st = scatter(c.stream, vd.as<void>(), (tall ? vh : u)->data, vv, e.real_size, e.comp, 1.0);
    }
    return st == PC_OK ? converge_to_word(c.stream, infos.as<int>(), count, p->result) : st;
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
