/*
 * cublas_api.h - paddle_c's own minimal declarations of the cuBLAS entry points it calls: the
 * types, the enum values NVIDIA documents (cuBLAS 12/13, library_types.h), and one function
 * pointer type per entry point. The library itself is opened at run time
 * (vendor_load.h); the vendor headers are never included, so the extension builds and imports
 * without them.
 */
#ifndef PADDLE_C_VENDORS_CUBLAS_API_H
#define PADDLE_C_VENDORS_CUBLAS_API_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cudaStream_t as the runtime declares it (an opaque pointer) */
typedef struct CUstream_st *pcv_stream;

/* library_types.h: cudaDataType */
typedef enum pcv_data_type {
    PCV_R_32F = 0,
    PCV_R_64F = 1,
    PCV_R_16F = 2,
    PCV_C_32F = 4,
    PCV_C_64F = 5,
    PCV_R_16BF = 14
} pcv_data_type;

typedef struct cublasContext *cublasHandle_t;

typedef enum cublasStatus_t {
    CUBLAS_STATUS_SUCCESS = 0,
    CUBLAS_STATUS_NOT_INITIALIZED = 1,
    CUBLAS_STATUS_ALLOC_FAILED = 3,
    CUBLAS_STATUS_INVALID_VALUE = 7,
    CUBLAS_STATUS_ARCH_MISMATCH = 8,
    CUBLAS_STATUS_MAPPING_ERROR = 11,
    CUBLAS_STATUS_EXECUTION_FAILED = 13,
    CUBLAS_STATUS_INTERNAL_ERROR = 14,
    CUBLAS_STATUS_NOT_SUPPORTED = 15,
    CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef enum cublasOperation_t {
    CUBLAS_OP_N = 0,
    CUBLAS_OP_T = 1,
    CUBLAS_OP_C = 2
} cublasOperation_t;

typedef enum cublasFillMode_t {
    CUBLAS_FILL_MODE_LOWER = 0,
    CUBLAS_FILL_MODE_UPPER = 1,
    CUBLAS_FILL_MODE_FULL = 2
} cublasFillMode_t;

typedef enum cublasComputeType_t {
    CUBLAS_COMPUTE_32F = 68,
    CUBLAS_COMPUTE_32F_PEDANTIC = 69,
    CUBLAS_COMPUTE_64F = 70,
    CUBLAS_COMPUTE_64F_PEDANTIC = 71
} cublasComputeType_t;

typedef enum cublasGemmAlgo_t {
    CUBLAS_GEMM_DEFAULT = -1
} cublasGemmAlgo_t;

/* the exported names (cublas_api.h maps cublasCreate etc. to the _v2 symbols) */
typedef cublasStatus_t (*pcv_cublasCreate_v2)(cublasHandle_t *handle);
typedef cublasStatus_t (*pcv_cublasSetStream_v2)(cublasHandle_t handle, pcv_stream stream);
typedef cublasStatus_t (*pcv_cublasGemmStridedBatchedEx)(
    cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
    int k, const void *alpha, const void *A, pcv_data_type Atype, int lda, long long strideA,
    const void *B, pcv_data_type Btype, int ldb, long long strideB, const void *beta, void *C,
    pcv_data_type Ctype, int ldc, long long strideC, int batchCount,
    cublasComputeType_t computeType, cublasGemmAlgo_t algo);

/* LU of a batch of small matrices (solver.cu), each given as a device array of device pointers;
 * S, D, C, Z share one shape: getrf with partial pivoting (32-bit pivots, one info per matrix
 * in device memory), getrs solving with it (`info` one host int: bad arguments only), getri
 * inverting with it out of place (one info per matrix in device memory) */
typedef cublasStatus_t (*pcv_cublasXgetrfBatched)(cublasHandle_t handle, int n, void *const A[],
                                                  int lda, int *P, int *info, int batchSize);
typedef cublasStatus_t (*pcv_cublasXgetrsBatched)(cublasHandle_t handle, cublasOperation_t trans,
                                                  int n, int nrhs, const void *const A[], int lda,
                                                  const int *P, void *const B[], int ldb,
                                                  int *info, int batchSize);
typedef cublasStatus_t (*pcv_cublasXgetriBatched)(cublasHandle_t handle, int n,
                                                  const void *const A[], int lda, const int *P,
                                                  void *const C[], int ldc, int *info,
                                                  int batchSize);

#ifdef __cplusplus
}
#endif
#endif
