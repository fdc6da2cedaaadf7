/*
 * blas.cu - the GPU MATMUL kernel (contract in paddle_c/kernels/linalg_kernels.h): cuBLAS
 * cublasGemmStridedBatchedEx for float16, bfloat16 (float32 accumulation, tensor cores),
 * float32, float64, complex64 and complex128 (no TF32: float32 products are float32 products,
 * as on the CPU); a tiled kernel of our own for the integer dtypes (wrapping arithmetic, as the
 * CPU's). cuBLAS is opened at run time (vendor_load.h); its handle is per device, bound to the
 * device's stream. ROCm builds call rocBLAS's rocblas_gemm_strided_batched_ex the same way
 * (vendors/rocblas_api.h says why not hipBLAS): the vendor differences are the declarations
 * below, up to gemm_call; everything after them is one code for both. On CUDA the device's
 * cuBLAS handle also serves solver.cu's batched LU (cublas_handle_of).
 *
 * [Why strides instead of copies] as on the CPU (kernels/cpu/matmul.c), row-major and
 * column-major operands go to cuBLAS as they are (transposed or not); only an operand with
 * neither unit row nor unit column stride is gathered into dense scratch first. The batch
 * dimensions (broadcast ones have stride 0) run as host loops over all but the last, which is
 * the strided batch of one cuBLAS call.
 */

#include <string.h>

#include "paddle_c/kernels/linalg_kernels.h"
#include "vendor_common.cuh"
#ifdef PC_USE_HIP
#include "vendors/rocblas_api.h"
#endif

namespace pcu {

#ifdef PC_USE_HIP
using blas_handle = rocblas_handle;
using blas_status = rocblas_status;
using blas_type = rocblas_datatype;
using blas_compute = rocblas_datatype;
struct blas_api {
    pcv_rocblas_create_handle create;
    pcv_rocblas_set_stream set_stream;
    pcv_rocblas_gemm_strided_batched_ex gemm;
};
using blas_stream = pcv_hip_stream;
#define PCU_BLAS_LIB PC_VENDOR_ROCBLAS
#define PCU_BLAS_NAME "rocBLAS"
static const char *const blas_symbols[3] = {"rocblas_create_handle", "rocblas_set_stream",
                                            "rocblas_gemm_strided_batched_ex"};
static const blas_status blas_ok = rocblas_status_success;
static const blas_status blas_no_memory = rocblas_status_memory_error;
#else
using blas_handle = cublasHandle_t;
using blas_status = cublasStatus_t;
using blas_type = pcv_data_type;
using blas_compute = cublasComputeType_t;
struct blas_api {
    pcv_cublasCreate_v2 create;
    pcv_cublasSetStream_v2 set_stream;
    pcv_cublasGemmStridedBatchedEx gemm;
};
using blas_stream = pcv_stream;
#define PCU_BLAS_LIB PC_VENDOR_CUBLAS
#define PCU_BLAS_NAME "cuBLAS"
static const char *const blas_symbols[3] = {"cublasCreate_v2", "cublasSetStream_v2",
                                            "cublasGemmStridedBatchedEx"};
static const blas_status blas_ok = CUBLAS_STATUS_SUCCESS;
static const blas_status blas_no_memory = CUBLAS_STATUS_ALLOC_FAILED;
#endif

/* C = op(B) op(A) over `count` strided batches, column-major (the caller swaps the operands
 * for row-major C): one call of the vendor's strided-batched GEMM */
static blas_status gemm_call(const blas_api *api, blas_handle h, bool trans_b, bool trans_a,
                             int n, int m, int k, const void *alpha, const void *b, blas_type type,
                             int ldb, int64_t sb, const void *a, int lda, int64_t sa,
                             const void *beta, void *c, int ldc, int64_t sc, int count,
                             blas_compute comp)
{
#ifdef PC_USE_HIP
    const rocblas_operation ob = trans_b ? rocblas_operation_transpose : rocblas_operation_none;
    const rocblas_operation oa = trans_a ? rocblas_operation_transpose : rocblas_operation_none;
    return api->gemm(h, ob, oa, n, m, k, alpha, b, type, ldb, sb, a, type, lda, sa, beta, c, type,
                     ldc, sc, c, type, ldc, sc, count, comp, rocblas_gemm_algo_standard, 0, 0);
#else
    return api->gemm(h, trans_b ? CUBLAS_OP_T : CUBLAS_OP_N, trans_a ? CUBLAS_OP_T : CUBLAS_OP_N,
                     n, m, k, alpha, b, type, ldb, sb, a, type, lda, sa, beta, c, type, ldc, sc,
                     count, comp, CUBLAS_GEMM_DEFAULT);
#endif
}

static const blas_api *load_blas()
{
    static pc_fork_mutex lock;
    static blas_api api;
    static bool loaded;
    std::lock_guard<pc_fork_mutex> guard(lock);
    if (!loaded) {
        void *f[3] = {nullptr, nullptr, nullptr};
        for (int i = 0; i < 3 && (i == 0 || f[i - 1] != nullptr); i++) {
            f[i] = pc_vendor_symbol(PCU_BLAS_LIB, blas_symbols[i], false);
        }
        api.create = (decltype(api.create))f[0];
        api.set_stream = (decltype(api.set_stream))f[1];
        api.gemm = (decltype(api.gemm))f[2];
        loaded = api.gemm != nullptr;
    }
    return loaded ? &api : nullptr;
}

static pc_status blas_error(blas_status s, const char *what)
{
    return pc_error_set(s == blas_no_memory ? PC_ERR_MEMORY : PC_ERR_RUNTIME,
                        PCU_BLAS_NAME " %s failed (status %d)", what, (int)s);
}

static pc_status create_blas(cudaStream_t stream, blas_handle *out)
{
    const blas_api *api = load_blas();
    if (api == nullptr) {
        return PC_ERR_RUNTIME;
    }
    blas_status s = api->create(out);
    if (s == blas_ok) {
        s = api->set_stream(*out, (blas_stream)stream);
    }
    return s == blas_ok ? PC_OK : blas_error(s, "handle creation");
}

static handle_cache<blas_handle> blas_handles;

#ifndef PC_USE_HIP
pc_status cublas_handle_of(pc_device dev, cublasHandle_t *out)
{
    cudaStream_t stream;
    return blas_handles.get(dev, create_blas, out, &stream);
}
#endif

/* How cuBLAS reads a (rows x cols) operand with element strides (srow, scol), in its
 * column-major terms: row-major is the transposed column-major matrix (*trans false,
 * leading dimension srow), column-major is itself (*trans true: the caller computes with the
 * transpose). false when it must be gathered first. */
static bool gemm_layout(int64_t rows, int64_t cols, int64_t srow, int64_t scol, bool *trans,
                        int64_t *ld)
{
    if ((cols == 1 || scol == 1) && (rows == 1 || (srow >= cols && srow >= 1))) {
        *trans = false;
        *ld = rows == 1 ? (cols > 1 ? cols : 1) : srow;
        return *ld <= INT32_MAX;
    }
    if ((rows == 1 || srow == 1) && (cols == 1 || (scol >= rows && scol >= 1))) {
        *trans = true;
        *ld = cols == 1 ? (rows > 1 ? rows : 1) : scol;
        return *ld <= INT32_MAX;
    }
    return false;
}

/* One operand as cuBLAS sees it: base address, leading dimension, transposition and the
 * element strides of its batch dimensions. `dense` holds a gathered copy when one is needed. */
struct operand {
    const char *data;
    int64_t ld;
    bool trans;
    int64_t batch_stride[PC_MAX_NDIM]; /* elements */
};

static pc_status prepare(cudaStream_t stream, const pc_tensor *t, int nb, int itemsize,
                         int real_size, int comp, scratch &dense, operand *op)
{
    const int64_t rows = t->shape[nb];
    const int64_t cols = t->shape[nb + 1];
    const int64_t sr = t->strides[nb] / itemsize;
    const int64_t sc = t->strides[nb + 1] / itemsize;
    bool ok = t->strides[nb] % itemsize == 0 && t->strides[nb + 1] % itemsize == 0 &&
              gemm_layout(rows, cols, sr, sc, &op->trans, &op->ld);
    for (int d = 0; ok && d < nb; d++) {
        ok = t->strides[d] % itemsize == 0;
        op->batch_stride[d] = t->strides[d] / itemsize;
    }
    if (ok) {
        op->data = t->data;
        return PC_OK;
    }
    /* gathered into C order: batch strides dense, rows of `cols` elements */
    int64_t size = 1;
    for (int d = nb - 1; d >= 0; d--) {
        op->batch_stride[d] = size * rows * cols;
        size *= t->shape[d];
    }
    view v;
    pc_status st = make_view(t, &v);
    if (st == PC_OK) {
        st = dense.alloc((size_t)(size * rows * cols) * (size_t)itemsize);
    }
    if (st == PC_OK) {
        st = gather(stream, t->data, v, dense.as<void>(), real_size, comp, comp);
    }
    op->data = dense.as<const char>();
    op->trans = false;
    op->ld = cols > 1 ? cols : 1;
    return st;
}

template <pc_dtype D> struct gemm_traits;
#define PCU_GEMM(ID, scalar_t, ctype, compute, rsize, ncomp)                                    \
    template <> struct gemm_traits<PC_##ID> {                                                  \
        using scalar = scalar_t;                                                               \
        static constexpr blas_type type = ctype;                                               \
        static constexpr blas_compute comp = compute;                                          \
        static constexpr int real_size = rsize;                                                \
        static constexpr int comps = ncomp;                                                    \
    };
struct cfloat2 { float re, im; };
struct cdouble2 { double re, im; };
#ifdef PC_USE_HIP
PCU_GEMM(FLOAT16, float, rocblas_datatype_f16_r, rocblas_datatype_f32_r, 2, 1)
PCU_GEMM(BFLOAT16, float, rocblas_datatype_bf16_r, rocblas_datatype_f32_r, 2, 1)
PCU_GEMM(FLOAT32, float, rocblas_datatype_f32_r, rocblas_datatype_f32_r, 4, 1)
PCU_GEMM(FLOAT64, double, rocblas_datatype_f64_r, rocblas_datatype_f64_r, 8, 1)
PCU_GEMM(COMPLEX64, cfloat2, rocblas_datatype_f32_c, rocblas_datatype_f32_c, 4, 2)
PCU_GEMM(COMPLEX128, cdouble2, rocblas_datatype_f64_c, rocblas_datatype_f64_c, 8, 2)
#else
PCU_GEMM(FLOAT16, float, PCV_R_16F, CUBLAS_COMPUTE_32F, 2, 1)
PCU_GEMM(BFLOAT16, float, PCV_R_16BF, CUBLAS_COMPUTE_32F, 2, 1)
PCU_GEMM(FLOAT32, float, PCV_R_32F, CUBLAS_COMPUTE_32F, 4, 1)
PCU_GEMM(FLOAT64, double, PCV_R_64F, CUBLAS_COMPUTE_64F, 8, 1)
PCU_GEMM(COMPLEX64, cfloat2, PCV_C_32F, CUBLAS_COMPUTE_32F, 4, 2)
PCU_GEMM(COMPLEX128, cdouble2, PCV_C_64F, CUBLAS_COMPUTE_64F, 8, 2)
#endif
#undef PCU_GEMM

/* alpha and beta: the compute type's scalar (complex for complex dtypes) */
template <pc_dtype D> static typename gemm_traits<D>::scalar scalar_of(double v)
{
    typename gemm_traits<D>::scalar s;
    memset((void *)&s, 0, sizeof s);
    if constexpr (gemm_traits<D>::comps == 2) {
        s.re = (decltype(s.re))v;
    } else {
        s = (typename gemm_traits<D>::scalar)v;
    }
    return s;
}

/* C (m x n, row-major) = A (m x k) B (k x n) is, column-major, C^T = B^T A^T: cuBLAS's first
 * operand is B (n x k after its op), the second A. */
template <pc_dtype D> static pc_status matmul_vendor(const pc_kernel_args *args)
{
    using T = typename dtype_of<D>::type;
    using tr = gemm_traits<D>;
    const pc_tensor *a = args->in[0];
    const pc_tensor *b = args->in[1];
    pc_tensor *c = args->out[0];
    const int nb = c->ndim - 2;
    const int64_t m = c->shape[nb];
    const int64_t n = c->shape[nb + 1];
    const int64_t k = a->shape[nb + 1];
    const pc_device dev = pc_tensor_device(c);
    if (c->size == 0) {
        return PC_OK;
    }
    /* [Why m, n and k are checked] cuBLAS takes them, the leading dimensions and the batch
     * count as int. gemm_layout admits a leading dimension below 2**31 only (an operand with a
     * longer one is gathered, leaving its column count), the output's is n, and the batch is
     * cut into parts below 2**31 further down: with m, n and k below 2**31 every int the call
     * gets is exact, and a larger product is refused rather than narrowed. */
    if (m > INT32_MAX || n > INT32_MAX || k > INT32_MAX) {
        return pc_error_set(PC_ERR_NOTIMPL,
                            "GPU matmul: " PCU_BLAS_NAME " takes matrix dimensions below "
                            "2**31, this product is (%lld x %lld) @ (%lld x %lld)",
                            (long long)m, (long long)k, (long long)k, (long long)n);
    }
    blas_handle h;
    cudaStream_t stream;
    pc_status st = blas_handles.get(dev, create_blas, &h, &stream);
    if (st != PC_OK) {
        return st;
    }
    if (k == 0) {
        return cudaMemsetAsync(c->data, 0, (size_t)c->size * sizeof(T), stream) == cudaSuccess
                   ? PC_OK
                   : pc_error_set(PC_ERR_RUNTIME, "CUDA memset failed");
    }
    const blas_api *api = load_blas();
    scratch da(stream);
    scratch db(stream);
    operand oa;
    operand ob;
    st = prepare(stream, a, nb, (int)sizeof(T), tr::real_size, tr::comps, da, &oa);
    if (st == PC_OK) {
        st = prepare(stream, b, nb, (int)sizeof(T), tr::real_size, tr::comps, db, &ob);
    }
    if (st != PC_OK) {
        return st;
    }
    const auto one = scalar_of<D>(1.0);
    const auto zero = scalar_of<D>(0.0);
    /* host loops over batch dimensions 0 .. nb-2; dimension nb-1 is the strided batch */
    const int64_t inner = nb > 0 ? c->shape[nb - 1] : 1;
    const int64_t sa = nb > 0 ? oa.batch_stride[nb - 1] : 0;
    const int64_t sb = nb > 0 ? ob.batch_stride[nb - 1] : 0;
    const int64_t scs = nb > 0 ? c->strides[nb - 1] / (int64_t)sizeof(T) : 0;
    int64_t outer = 1;
    for (int d = 0; d < nb - 1; d++) {
        outer *= c->shape[d];
    }
    for (int64_t o = 0; o < outer && st == PC_OK; o++) {
        int64_t offa = 0;
        int64_t offb = 0;
        int64_t offc = 0;
        int64_t rest = o;
        for (int d = nb - 2; d >= 0; d--) {
            const int64_t i = rest % c->shape[d];
            rest /= c->shape[d];
            offa += i * oa.batch_stride[d];
            offb += i * ob.batch_stride[d];
            offc += i * (c->strides[d] / (int64_t)sizeof(T));
        }
        for (int64_t start = 0; start < inner && st == PC_OK; start += INT32_MAX) {
            const int64_t count = inner - start < INT32_MAX ? inner - start : INT32_MAX;
            const T *pa = (const T *)oa.data + offa + start * sa;
            const T *pb = (const T *)ob.data + offb + start * sb;
            T *pc = (T *)c->data + offc + start * scs;
            const blas_status s = gemm_call(api, h, ob.trans, oa.trans, (int)n, (int)m, (int)k,
                                            &one, pb, tr::type, (int)ob.ld, sb, pa, (int)oa.ld,
                                            sa, &zero, pc, (int)n, scs, (int)count, tr::comp);
            st = s != blas_ok ? blas_error(s, "strided batched GEMM")
                              : launched(PCU_BLAS_NAME " strided batched GEMM");
        }
    }
    return st;
}

/* ---- integer dtypes: a 16 x 16 shared-memory tiled kernel on the strided operands ---- */

constexpr int tile = 16;

struct int_batch {
    int nb;
    int64_t shape[view_max_dims];
    int64_t sa[view_max_dims]; /* bytes */
    int64_t sb[view_max_dims];
    int64_t sc[view_max_dims];
    int64_t count;
};

template <typename T>
__global__ void matmul_int_kernel(const char *a, const char *b, char *c, int_batch bt, int64_t m,
                                  int64_t n, int64_t k, int64_t a_r, int64_t a_c, int64_t b_r,
                                  int64_t b_c, int64_t c_r, int64_t c_c)
{
    __shared__ T ta[tile][tile];
    __shared__ T tb[tile][tile];
    const int64_t row = (int64_t)blockIdx.y * tile + threadIdx.y;
    const int64_t col = (int64_t)blockIdx.x * tile + threadIdx.x;
    for (int64_t z = blockIdx.z; z < bt.count; z += gridDim.z) {
        int64_t oa = 0;
        int64_t ob = 0;
        int64_t oc = 0;
        int64_t rest = z;
        for (int d = bt.nb - 1; d >= 0; d--) {
            const int64_t i = rest % bt.shape[d];
            rest /= bt.shape[d];
            oa += i * bt.sa[d];
            ob += i * bt.sb[d];
            oc += i * bt.sc[d];
        }
        uint64_t acc = 0; /* wrapping, as the CPU's unsigned accumulation */
        for (int64_t k0 = 0; k0 < k; k0 += tile) {
            const int64_t ka = k0 + threadIdx.x;
            const int64_t kb = k0 + threadIdx.y;
            ta[threadIdx.y][threadIdx.x] =
                row < m && ka < k ? *(const T *)(a + oa + row * a_r + ka * a_c) : T(0);
            tb[threadIdx.y][threadIdx.x] =
                col < n && kb < k ? *(const T *)(b + ob + kb * b_r + col * b_c) : T(0);
            __syncthreads();
#pragma unroll
            for (int j = 0; j < tile; j++) {
                acc += (uint64_t)(int64_t)ta[threadIdx.y][j] * (uint64_t)(int64_t)tb[j][threadIdx.x];
            }
            __syncthreads();
        }
        if (row < m && col < n) {
            *(T *)(c + oc + row * c_r + col * c_c) = (T)acc;
        }
    }
}

template <typename T> static pc_status matmul_int(const pc_kernel_args *args)
{
    const pc_tensor *a = args->in[0];
    const pc_tensor *b = args->in[1];
    pc_tensor *c = args->out[0];
    const int nb = c->ndim - 2;
    if (c->size == 0) {
        return PC_OK;
    }
    if (nb > view_max_dims) {
        return pc_error_set(PC_ERR_NOTIMPL, "GPU matmul takes at most %d batch dimensions",
                            view_max_dims);
    }
    pc_status st = select_device(pc_tensor_device(c));
    if (st != PC_OK) {
        return st;
    }
    cudaStream_t stream = launch_stream(pc_tensor_device(c));
    if (stream == nullptr) {
        return PC_ERR_RUNTIME;
    }
    int_batch bt;
    bt.nb = nb;
    bt.count = 1;
    for (int d = 0; d < nb; d++) {
        bt.shape[d] = c->shape[d];
        bt.sa[d] = a->strides[d];
        bt.sb[d] = b->strides[d];
        bt.sc[d] = c->strides[d];
        bt.count *= c->shape[d];
    }
    const int64_t m = c->shape[nb];
    const int64_t n = c->shape[nb + 1];
    const int64_t k = a->shape[nb + 1];
    const int64_t gx = (n + tile - 1) / tile;
    const int64_t gy = (m + tile - 1) / tile;
    if (gx > INT32_MAX || gy > 65535) {
        return pc_error_set(PC_ERR_NOTIMPL, "GPU integer matmul: matrices too large");
    }
    const dim3 grid((unsigned)gx, (unsigned)gy, (unsigned)(bt.count < 65535 ? bt.count : 65535));
    matmul_int_kernel<T><<<grid, dim3(tile, tile), 0, stream>>>(
        a->data, b->data, c->data, bt, m, n, k, a->strides[nb], a->strides[nb + 1],
        b->strides[nb], b->strides[nb + 1], c->strides[nb], c->strides[nb + 1]);
    return check_launch(pc_tensor_device(c), "matmul");
}

template <pc_dtype D> static void reg_vendor()
{
    pc_kernel k = {};
    k.whole = matmul_vendor<D>;
    pc_kernel_register(PC_OP_MATMUL, PC_DEVICE_GPU_BACKEND, D, k);
}

template <pc_dtype D> static void reg_int()
{
    pc_kernel k = {};
    k.whole = matmul_int<typename dtype_of<D>::type>;
    pc_kernel_register(PC_OP_MATMUL, PC_DEVICE_GPU_BACKEND, D, k);
}

void register_blas()
{
    reg_vendor<PC_FLOAT16>();
    reg_vendor<PC_BFLOAT16>();
    reg_vendor<PC_FLOAT32>();
    reg_vendor<PC_FLOAT64>();
    reg_vendor<PC_COMPLEX64>();
    reg_vendor<PC_COMPLEX128>();
    reg_int<PC_INT8>();
    reg_int<PC_INT16>();
    reg_int<PC_INT32>();
    reg_int<PC_INT64>();
    reg_int<PC_UINT8>();
    reg_int<PC_UINT16>();
    reg_int<PC_UINT32>();
    reg_int<PC_UINT64>();
}

} // namespace pcu
