/*
 * cufft_api.h - paddle_c's own minimal declarations of the cuFFT entry points it calls, with
 * the values NVIDIA documents (cuFFT 11/12). The library is opened at run time
 * (vendor_load.h).
 */
#ifndef PADDLE_C_VENDORS_CUFFT_API_H
#define PADDLE_C_VENDORS_CUFFT_API_H

#include "cublas_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the plan handle: an int for cuFFT, a pointer for hipFFT, whose entry points otherwise take
 * the same arguments with the same enum values (hipfftPlanMany, ...: vendors/hip.h) */
#ifdef PC_USE_HIP
typedef struct hipfftHandle_t *cufftHandle;
#else
typedef int cufftHandle;
#endif

typedef enum cufftResult {
    CUFFT_SUCCESS = 0,
    CUFFT_INVALID_PLAN = 1,
    CUFFT_ALLOC_FAILED = 2,
    CUFFT_INVALID_TYPE = 3,
    CUFFT_INVALID_VALUE = 4,
    CUFFT_INTERNAL_ERROR = 5,
    CUFFT_EXEC_FAILED = 6,
    CUFFT_SETUP_FAILED = 7,
    CUFFT_INVALID_SIZE = 8
} cufftResult;

typedef enum cufftType {
    CUFFT_R2C = 0x2a,
    CUFFT_C2R = 0x2c,
    CUFFT_C2C = 0x29,
    CUFFT_D2Z = 0x6a,
    CUFFT_Z2D = 0x6c,
    CUFFT_Z2Z = 0x69
} cufftType;

#define PCV_CUFFT_FORWARD (-1)
#define PCV_CUFFT_INVERSE 1

typedef cufftResult (*pcv_cufftPlanMany)(cufftHandle *plan, int rank, int *n, int *inembed,
                                         int istride, int idist, int *onembed, int ostride,
                                         int odist, cufftType type, int batch);
typedef cufftResult (*pcv_cufftSetStream)(cufftHandle plan, pcv_stream stream);
typedef cufftResult (*pcv_cufftDestroy)(cufftHandle plan);
/* ExecC2C / ExecZ2Z: (plan, in, out, direction); R2C / D2Z and C2R / Z2D: (plan, in, out) */
typedef cufftResult (*pcv_cufftExecC2C)(cufftHandle plan, void *in, void *out, int direction);
typedef cufftResult (*pcv_cufftExecR2C)(cufftHandle plan, void *in, void *out);

#ifdef __cplusplus
}
#endif
#endif
