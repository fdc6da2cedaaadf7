/*
 * blas_threads.c - OpenBLAS's thread count: sized like the pool, and fitted to the idle CPUs
 * before each threaded BLAS or LAPACK call (see parallel.h).
 *
 * [Why fit the count per call] OpenBLAS splits a product or a factorisation statically across
 * its threads, which meet at a barrier after every panel. When another process keeps one of
 * the cores busy, the thread sharing that core reaches each barrier a time slice late and the
 * others spin waiting for it: on a 2-core machine with one busy process, svd float64 [256x256]
 * took 1.8 s at 2 threads against 40 ms at 1 (benchmarks/under_load.py). Before a call large
 * enough for OpenBLAS to thread, it gets the threads pc_parallel_free_threads() gives (the
 * CPUs idle now, core/free_threads.c), as the pool's own calls do.
 */
#include "paddle_c/parallel.h"

void scipy_openblas_set_num_threads(int n);

/* the count last given to OpenBLAS (races between callers only cost a redundant set) */
static int blas_threads;

static void set_threads(int n)
{
    if (__atomic_load_n(&blas_threads, __ATOMIC_RELAXED) != n) {
        __atomic_store_n(&blas_threads, n, __ATOMIC_RELAXED);
        scipy_openblas_set_num_threads(n);
    }
}

void pc_blas_set_num_threads(int n) { set_threads(n < 1 ? 1 : n); }

void pc_blas_fit_threads(void) { set_threads(pc_parallel_free_threads()); }
