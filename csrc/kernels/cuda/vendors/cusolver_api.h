/*
 * cusolver_api.h - paddle_c's own minimal declarations of the cuSOLVER (dense) entry points it
 * calls: the 64-bit generic API (cusolverDnX*, one entry point for every dtype, the dtype given
 * as a pcv_data_type) and, from the legacy per-dtype API, orgqr/ungqr (no generic form) and the
 * batched potrf, syevj and gesvdj (no generic form either). Values as NVIDIA documents them
 * (cuSOLVER 11/12); the library is opened at run time (vendor_load.h).
 */
#ifndef PADDLE_C_VENDORS_CUSOLVER_API_H
#define PADDLE_C_VENDORS_CUSOLVER_API_H

#include <stddef.h>
#include <stdint.h>

#include "cublas_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct cusolverDnParams *cusolverDnParams_t;

typedef enum cusolverStatus_t {
    CUSOLVER_STATUS_SUCCESS = 0,
    CUSOLVER_STATUS_NOT_INITIALIZED = 1,
    CUSOLVER_STATUS_ALLOC_FAILED = 2,
    CUSOLVER_STATUS_INVALID_VALUE = 3,
    CUSOLVER_STATUS_ARCH_MISMATCH = 4,
    CUSOLVER_STATUS_EXECUTION_FAILED = 6,
    CUSOLVER_STATUS_INTERNAL_ERROR = 7,
    CUSOLVER_STATUS_NOT_SUPPORTED = 9
} cusolverStatus_t;

typedef enum cusolverEigMode_t {
    CUSOLVER_EIG_MODE_NOVECTOR = 0,
    CUSOLVER_EIG_MODE_VECTOR = 1
} cusolverEigMode_t;

typedef cusolverStatus_t (*pcv_cusolverDnCreate)(cusolverDnHandle_t *handle);
typedef cusolverStatus_t (*pcv_cusolverDnSetStream)(cusolverDnHandle_t handle, pcv_stream s);
typedef cusolverStatus_t (*pcv_cusolverDnCreateParams)(cusolverDnParams_t *params);

/* potrf: Cholesky */
typedef cusolverStatus_t (*pcv_cusolverDnXpotrf_bufferSize)(
    cusolverDnHandle_t h, cusolverDnParams_t p, cublasFillMode_t uplo, int64_t n,
    pcv_data_type dataTypeA, const void *A, int64_t lda, pcv_data_type computeType,
    size_t *dev_bytes, size_t *host_bytes);
typedef cusolverStatus_t (*pcv_cusolverDnXpotrf)(
    cusolverDnHandle_t h, cusolverDnParams_t p, cublasFillMode_t uplo, int64_t n,
    pcv_data_type dataTypeA, void *A, int64_t lda, pcv_data_type computeType, void *dev_work,
    size_t dev_bytes, void *host_work, size_t host_bytes, int *info);

/* getrf / getrs: LU with partial pivoting, and the solve with it */
typedef cusolverStatus_t (*pcv_cusolverDnXgetrf_bufferSize)(
    cusolverDnHandle_t h, cusolverDnParams_t p, int64_t m, int64_t n, pcv_data_type dataTypeA,
    const void *A, int64_t lda, pcv_data_type computeType, size_t *dev_bytes,
    size_t *host_bytes);
typedef cusolverStatus_t (*pcv_cusolverDnXgetrf)(
    cusolverDnHandle_t h, cusolverDnParams_t p, int64_t m, int64_t n, pcv_data_type dataTypeA,
    void *A, int64_t lda, int64_t *ipiv, pcv_data_type computeType, void *dev_work,
    size_t dev_bytes, void *host_work, size_t host_bytes, int *info);
typedef cusolverStatus_t (*pcv_cusolverDnXgetrs)(
    cusolverDnHandle_t h, cusolverDnParams_t p, cublasOperation_t trans, int64_t n,
    int64_t nrhs, pcv_data_type dataTypeA, const void *A, int64_t lda, const int64_t *ipiv,
    pcv_data_type dataTypeB, void *B, int64_t ldb, int *info);

/* geqrf: Householder QR */
typedef cusolverStatus_t (*pcv_cusolverDnXgeqrf_bufferSize)(
    cusolverDnHandle_t h, cusolverDnParams_t p, int64_t m, int64_t n, pcv_data_type dataTypeA,
    const void *A, int64_t lda, pcv_data_type dataTypeTau, const void *tau,
    pcv_data_type computeType, size_t *dev_bytes, size_t *host_bytes);
typedef cusolverStatus_t (*pcv_cusolverDnXgeqrf)(
    cusolverDnHandle_t h, cusolverDnParams_t p, int64_t m, int64_t n, pcv_data_type dataTypeA,
    void *A, int64_t lda, pcv_data_type dataTypeTau, void *tau, pcv_data_type computeType,
    void *dev_work, size_t dev_bytes, void *host_work, size_t host_bytes, int *info);

/* orgqr (real) / ungqr (complex), legacy 32-bit API: S, D, C, Z share one shape */
typedef cusolverStatus_t (*pcv_cusolverDnXorgqr_bufferSize)(cusolverDnHandle_t h, int m, int n,
                                                            int k, const void *A, int lda,
                                                            const void *tau, int *lwork);
typedef cusolverStatus_t (*pcv_cusolverDnXorgqr)(cusolverDnHandle_t h, int m, int n, int k,
                                                 void *A, int lda, const void *tau, void *work,
                                                 int lwork, int *info);

/* potrfBatched (legacy 32-bit API; S, D, C, Z share one shape): the Cholesky factors of a
 * batch of matrices given as a device array of device pointers, one info per matrix */
typedef cusolverStatus_t (*pcv_cusolverDnXpotrfBatched)(cusolverDnHandle_t h,
                                                        cublasFillMode_t uplo, int n,
                                                        void **Aarray, int lda, int *infoArray,
                                                        int batchSize);

/* syevjBatched (legacy 32-bit API; Ssyevj, Dsyevj, Cheevj, Zheevj share one shape): Jacobi
 * eigensolver of a dense batch (A: lda * n * batchSize elements, W: n * batchSize real
 * scalars), n <= 32; eigenvalues ascending; info n + 1 for a matrix that did not converge.
 * Its tolerance and sweeps live in a syevjInfo_t (the defaults: machine precision, 100). */
typedef struct syevjInfo *syevjInfo_t;
typedef cusolverStatus_t (*pcv_cusolverDnCreateSyevjInfo)(syevjInfo_t *info);
typedef cusolverStatus_t (*pcv_cusolverDnXsyevjBatched_bufferSize)(
    cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, const void *A,
    int lda, const void *W, int *lwork, syevjInfo_t params, int batchSize);
typedef cusolverStatus_t (*pcv_cusolverDnXsyevjBatched)(
    cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, void *A, int lda,
    void *W, void *work, int lwork, int *info, syevjInfo_t params, int batchSize);

/* gesvdjBatched (legacy 32-bit API; S, D, C, Z share one shape): Jacobi SVD of a dense batch
 * (A: lda * n * batchSize elements), m, n <= 32: S min(m, n) real scalars per matrix,
 * descending; U m x m and V n x n (V itself, not its conjugate transpose) per matrix; info
 * min(m, n) + 1 for a matrix that did not converge. Parameters in a gesvdjInfo_t. */
typedef struct gesvdjInfo *gesvdjInfo_t;
typedef cusolverStatus_t (*pcv_cusolverDnCreateGesvdjInfo)(gesvdjInfo_t *info);
typedef cusolverStatus_t (*pcv_cusolverDnXgesvdjBatched_bufferSize)(
    cusolverDnHandle_t h, cusolverEigMode_t jobz, int m, int n, const void *A, int lda,
    const void *S, const void *U, int ldu, const void *V, int ldv, int *lwork,
    gesvdjInfo_t params, int batchSize);
typedef cusolverStatus_t (*pcv_cusolverDnXgesvdjBatched)(
    cusolverDnHandle_t h, cusolverEigMode_t jobz, int m, int n, void *A, int lda, void *S,
    void *U, int ldu, void *V, int ldv, void *work, int lwork, int *info, gesvdjInfo_t params,
    int batchSize);

/* syevd: symmetric / Hermitian eigensolver */
typedef cusolverStatus_t (*pcv_cusolverDnXsyevd_bufferSize)(
    cusolverDnHandle_t h, cusolverDnParams_t p, cusolverEigMode_t jobz, cublasFillMode_t uplo,
    int64_t n, pcv_data_type dataTypeA, const void *A, int64_t lda, pcv_data_type dataTypeW,
    const void *W, pcv_data_type computeType, size_t *dev_bytes, size_t *host_bytes);
typedef cusolverStatus_t (*pcv_cusolverDnXsyevd)(
    cusolverDnHandle_t h, cusolverDnParams_t p, cusolverEigMode_t jobz, cublasFillMode_t uplo,
    int64_t n, pcv_data_type dataTypeA, void *A, int64_t lda, pcv_data_type dataTypeW, void *W,
    pcv_data_type computeType, void *dev_work, size_t dev_bytes, void *host_work,
    size_t host_bytes, int *info);

/* gesvd: singular value decomposition (m >= n) */
typedef cusolverStatus_t (*pcv_cusolverDnXgesvd_bufferSize)(
    cusolverDnHandle_t h, cusolverDnParams_t p, signed char jobu, signed char jobvt, int64_t m,
    int64_t n, pcv_data_type dataTypeA, const void *A, int64_t lda, pcv_data_type dataTypeS,
    const void *S, pcv_data_type dataTypeU, const void *U, int64_t ldu,
    pcv_data_type dataTypeVT, const void *VT, int64_t ldvt, pcv_data_type computeType,
    size_t *dev_bytes, size_t *host_bytes);
typedef cusolverStatus_t (*pcv_cusolverDnXgesvd)(
    cusolverDnHandle_t h, cusolverDnParams_t p, signed char jobu, signed char jobvt, int64_t m,
    int64_t n, pcv_data_type dataTypeA, void *A, int64_t lda, pcv_data_type dataTypeS, void *S,
    pcv_data_type dataTypeU, void *U, int64_t ldu, pcv_data_type dataTypeVT, void *VT,
    int64_t ldvt, pcv_data_type computeType, void *dev_work, size_t dev_bytes,
    void *host_work, size_t host_bytes, int *info);

/* geev: general eigensolver (cuSOLVER 11.7 / CUDA 12.6 and later only) */
typedef cusolverStatus_t (*pcv_cusolverDnXgeev_bufferSize)(
    cusolverDnHandle_t h, cusolverDnParams_t p, cusolverEigMode_t jobvl, cusolverEigMode_t jobvr,
    int64_t n, pcv_data_type dataTypeA, const void *A, int64_t lda, pcv_data_type dataTypeW,
    const void *W, pcv_data_type dataTypeVL, const void *VL, int64_t ldvl,
    pcv_data_type dataTypeVR, const void *VR, int64_t ldvr, pcv_data_type computeType,
    size_t *dev_bytes, size_t *host_bytes);
typedef cusolverStatus_t (*pcv_cusolverDnXgeev)(
    cusolverDnHandle_t h, cusolverDnParams_t p, cusolverEigMode_t jobvl, cusolverEigMode_t jobvr,
    int64_t n, pcv_data_type dataTypeA, void *A, int64_t lda, pcv_data_type dataTypeW, void *W,
    pcv_data_type dataTypeVL, void *VL, int64_t ldvl, pcv_data_type dataTypeVR, void *VR,
    int64_t ldvr, pcv_data_type computeType, void *dev_work, size_t dev_bytes, void *host_work,
    size_t host_bytes, int *info);

#ifdef __cplusplus
}
#endif
#endif
