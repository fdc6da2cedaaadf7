/*
 * blas_threads.c - OpenBLAS's thread count, kept equal to the pool's (parallel.h).
 */
#include "paddle_c/parallel.h"

void scipy_openblas_set_num_threads(int n);

void pc_blas_set_num_threads(int n) { scipy_openblas_set_num_threads(n < 1 ? 1 : n); }
