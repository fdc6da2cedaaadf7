/*
 * rocblas_api.h - paddle_c's own minimal declarations of the rocBLAS entry points the ROCm
 * build calls (blas.cu): the types, the enum values AMD documents (rocblas-types.h, stable
 * since rocBLAS 2), and one function pointer type per entry point. The library is opened at
 * run time (vendor_load.h), as cuBLAS is on CUDA; its headers are never included.
 *
 * [Why rocBLAS rather than hipBLAS] hipblasGemmStridedBatchedEx's type arguments changed
 * between hipBLAS 2 (hipblasDatatype_t) and 3 (hipDataType, hipblasComputeType_t), so one set
 * of declarations cannot serve both; rocblas_gemm_strided_batched_ex (which hipBLAS calls on
 * AMD GPUs) has kept its signature and enum values.
 */
#ifndef PADDLE_C_VENDORS_ROCBLAS_API_H
#define PADDLE_C_VENDORS_ROCBLAS_API_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* hipStream_t as the runtime declares it (an opaque pointer) */
typedef struct ihipStream_t *pcv_hip_stream;

typedef struct _rocblas_handle *rocblas_handle;

typedef enum rocblas_status {
    rocblas_status_success = 0,
    rocblas_status_memory_error = 5
} rocblas_status;

typedef enum rocblas_operation {
    rocblas_operation_none = 111,
    rocblas_operation_transpose = 112
} rocblas_operation;

typedef enum rocblas_datatype {
    rocblas_datatype_f16_r = 150,
    rocblas_datatype_f32_r = 151,
    rocblas_datatype_f64_r = 152,
    rocblas_datatype_f32_c = 154,
    rocblas_datatype_f64_c = 155,
    rocblas_datatype_bf16_r = 168
} rocblas_datatype;

typedef enum rocblas_gemm_algo {
    rocblas_gemm_algo_standard = 0
} rocblas_gemm_algo;

typedef rocblas_status (*pcv_rocblas_create_handle)(rocblas_handle *handle);
typedef rocblas_status (*pcv_rocblas_set_stream)(rocblas_handle handle, pcv_hip_stream stream);
/* D = alpha op(A) op(B) + beta C; rocblas_int is int32_t, rocblas_stride int64_t; C and D may
 * be one matrix (same ld and stride) */
typedef rocblas_status (*pcv_rocblas_gemm_strided_batched_ex)(
    rocblas_handle handle, rocblas_operation trans_a, rocblas_operation trans_b, int32_t m,
    int32_t n, int32_t k, const void *alpha, const void *a, rocblas_datatype a_type, int32_t lda,
    int64_t stride_a, const void *b, rocblas_datatype b_type, int32_t ldb, int64_t stride_b,
    const void *beta, const void *c, rocblas_datatype c_type, int32_t ldc, int64_t stride_c,
    void *d, rocblas_datatype d_type, int32_t ldd, int64_t stride_d, int32_t batch_count,
    rocblas_datatype compute_type, rocblas_gemm_algo algo, int32_t solution_index,
    uint32_t flags);

#ifdef __cplusplus
}
#endif
#endif
