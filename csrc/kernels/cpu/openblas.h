/*
 * openblas.h - declarations of the OpenBLAS (CBLAS) and LAPACK routines the CPU linear-algebra
 * kernels call, and per-dtype name selection for the type-generic kernel bodies.
 *
 * The library is the scipy-openblas32 wheel: 32-bit integers (`pcl_int`), every symbol carries a
 * `scipy_` prefix (scipy_cblas_dgemm, scipy_dgetrf_). Only what the kernels call is declared
 * here; the wheel's own headers declare thousands of symbols we do not use.
 *
 * [Why the hidden length arguments] LAPACK is Fortran: every CHARACTER argument has a hidden
 * string length passed by value after the last argument (gfortran's convention, also used by
 * the reference LAPACK's C header with LAPACK_FORTRAN_STRLEN_END). Declaring and passing them
 * keeps the calls correct for any Fortran compiler the wheel was built with.
 *
 * Complex arguments use C99 `float _Complex` / `double _Complex`, which have the layout of
 * Fortran COMPLEX / COMPLEX*16.
 */
#ifndef PADDLE_C_KERNELS_CPU_OPENBLAS_H
#define PADDLE_C_KERNELS_CPU_OPENBLAS_H

#include <stddef.h>

#include "dtype_params.h"

typedef int pcl_int;

/* CBLAS enums (values fixed by the CBLAS standard) */
enum { PCL_ROW_MAJOR = 101 };
enum { PCL_NO_TRANS = 111, PCL_TRANS = 112, PCL_CONJ_TRANS = 113 };

void scipy_cblas_sgemm(int order, int transa, int transb, pcl_int m, pcl_int n, pcl_int k,
                       float alpha, const float *a, pcl_int lda, const float *b, pcl_int ldb,
                       float beta, float *c, pcl_int ldc);
void scipy_cblas_dgemm(int order, int transa, int transb, pcl_int m, pcl_int n, pcl_int k,
                       double alpha, const double *a, pcl_int lda, const double *b, pcl_int ldb,
                       double beta, double *c, pcl_int ldc);
void scipy_cblas_cgemm(int order, int transa, int transb, pcl_int m, pcl_int n, pcl_int k,
                       const void *alpha, const void *a, pcl_int lda, const void *b, pcl_int ldb,
                       const void *beta, void *c, pcl_int ldc);
void scipy_cblas_zgemm(int order, int transa, int transb, pcl_int m, pcl_int n, pcl_int k,
                       const void *alpha, const void *a, pcl_int lda, const void *b, pcl_int ldb,
                       const void *beta, void *c, pcl_int ldc);

float scipy_cblas_sdot(pcl_int n, const float *x, pcl_int incx, const float *y, pcl_int incy);
double scipy_cblas_ddot(pcl_int n, const double *x, pcl_int incx, const double *y, pcl_int incy);
/* *ret = sum(conj(x[i]) * y[i]) */
void scipy_cblas_cdotc_sub(pcl_int n, const void *x, pcl_int incx, const void *y, pcl_int incy,
                           void *ret);
void scipy_cblas_zdotc_sub(pcl_int n, const void *x, pcl_int incx, const void *y, pcl_int incy,
                           void *ret);

/* Routines whose argument lists are the same for the four types: p is the type letter, T the
 * element type. */
#define PCL_DECLARE_COMMON(p, T)                                                                 \
    void scipy_##p##getrf_(const pcl_int *m, const pcl_int *n, T *a, const pcl_int *lda,        \
                           pcl_int *ipiv, pcl_int *info);                                       \
    void scipy_##p##getri_(const pcl_int *n, T *a, const pcl_int *lda, const pcl_int *ipiv,     \
                           T *work, const pcl_int *lwork, pcl_int *info);                       \
    void scipy_##p##getrs_(const char *trans, const pcl_int *n, const pcl_int *nrhs,            \
                           const T *a, const pcl_int *lda, const pcl_int *ipiv, T *b,           \
                           const pcl_int *ldb, pcl_int *info, size_t ltrans);                   \
    void scipy_##p##potrf_(const char *uplo, const pcl_int *n, T *a, const pcl_int *lda,        \
                           pcl_int *info, size_t luplo);                                        \
    void scipy_##p##geqrf_(const pcl_int *m, const pcl_int *n, T *a, const pcl_int *lda,        \
                           T *tau, T *work, const pcl_int *lwork, pcl_int *info);

/* Real types: orgqr, syevd, geev (real and imaginary parts apart), gesdd. */
#define PCL_DECLARE_REAL(p, T)                                                                   \
    void scipy_##p##orgqr_(const pcl_int *m, const pcl_int *n, const pcl_int *k, T *a,          \
                           const pcl_int *lda, const T *tau, T *work, const pcl_int *lwork,     \
                           pcl_int *info);                                                      \
    void scipy_##p##syevd_(const char *jobz, const char *uplo, const pcl_int *n, T *a,          \
                           const pcl_int *lda, T *w, T *work, const pcl_int *lwork,             \
                           pcl_int *iwork, const pcl_int *liwork, pcl_int *info, size_t ljobz,  \
                           size_t luplo);                                                       \
    void scipy_##p##geev_(const char *jobvl, const char *jobvr, const pcl_int *n, T *a,         \
                          const pcl_int *lda, T *wr, T *wi, T *vl, const pcl_int *ldvl, T *vr,  \
                          const pcl_int *ldvr, T *work, const pcl_int *lwork, pcl_int *info,    \
                          size_t ljobvl, size_t ljobvr);                                        \
    void scipy_##p##gesdd_(const char *jobz, const pcl_int *m, const pcl_int *n, T *a,          \
                           const pcl_int *lda, T *s, T *u, const pcl_int *ldu, T *vt,           \
                           const pcl_int *ldvt, T *work, const pcl_int *lwork, pcl_int *iwork,  \
                           pcl_int *info, size_t ljobz);

/* Complex types (R is the real type): ungqr, heevd, geev, gesdd. */
#define PCL_DECLARE_COMPLEX(p, T, R)                                                             \
    void scipy_##p##ungqr_(const pcl_int *m, const pcl_int *n, const pcl_int *k, T *a,          \
                           const pcl_int *lda, const T *tau, T *work, const pcl_int *lwork,     \
                           pcl_int *info);                                                      \
    void scipy_##p##heevd_(const char *jobz, const char *uplo, const pcl_int *n, T *a,          \
                           const pcl_int *lda, R *w, T *work, const pcl_int *lwork, R *rwork,   \
                           const pcl_int *lrwork, pcl_int *iwork, const pcl_int *liwork,        \
                           pcl_int *info, size_t ljobz, size_t luplo);                          \
    void scipy_##p##geev_(const char *jobvl, const char *jobvr, const pcl_int *n, T *a,         \
                          const pcl_int *lda, T *w, T *vl, const pcl_int *ldvl, T *vr,          \
                          const pcl_int *ldvr, T *work, const pcl_int *lwork, R *rwork,         \
                          pcl_int *info, size_t ljobvl, size_t ljobvr);                         \
    void scipy_##p##gesdd_(const char *jobz, const pcl_int *m, const pcl_int *n, T *a,          \
                           const pcl_int *lda, R *s, T *u, const pcl_int *ldu, T *vt,           \
                           const pcl_int *ldvt, T *work, const pcl_int *lwork, R *rwork,        \
                           pcl_int *iwork, pcl_int *info, size_t ljobz);

PCL_DECLARE_COMMON(s, float)
PCL_DECLARE_COMMON(d, double)
PCL_DECLARE_COMMON(c, pc_cfloat)
PCL_DECLARE_COMMON(z, pc_cdouble)
PCL_DECLARE_REAL(s, float)
PCL_DECLARE_REAL(d, double)
PCL_DECLARE_COMPLEX(c, pc_cfloat, float)
PCL_DECLARE_COMPLEX(z, pc_cdouble, double)

/* The type letter of each BLAS dtype, for PCL_FN inside *_impl.h bodies. */
#define PCL_LETTER_FLOAT32 s
#define PCL_LETTER_FLOAT64 d
#define PCL_LETTER_COMPLEX64 c
#define PCL_LETTER_COMPLEX128 z

/* PCL_FN(getrf) -> scipy_dgetrf_ for the dtype being instantiated (PCK_N). */
#define PCL_FN(name) PCK_CAT4(scipy_, PCK_CAT(PCL_LETTER_, PCK_N), name, _)
/* PCL_CBLAS(gemm) -> scipy_cblas_dgemm */
#define PCL_CBLAS(name) PCK_CAT3(scipy_cblas_, PCK_CAT(PCL_LETTER_, PCK_N), name)

/* 1 for the four dtypes BLAS and LAPACK serve (float32, float64, complex64, complex128). */
#define PCL_IS_BLAS_FLOAT32 1
#define PCL_IS_BLAS_FLOAT64 1
#define PCL_IS_BLAS_COMPLEX64 1
#define PCL_IS_BLAS_COMPLEX128 1
#define PCL_IS_BLAS PCK_CAT(PCL_IS_BLAS_, PCK_N)

#endif
