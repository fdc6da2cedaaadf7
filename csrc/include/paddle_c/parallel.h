/*
 * parallel.h - splitting large loops across a small pool of threads.
 *
 * One persistent pool per process (workers start on first use). A call runs serially when the
 * work is small, when only one thread is configured, when no other CPU is idle, when it is made
 * from inside a worker, or when another caller is using the pool at that moment; results are
 * the same either way, so callers must give chunks that are independent.
 *
 * Thread count: PADDLE_C_NUM_THREADS in the environment, else the number of CPUs this process
 * may run on (sched_getaffinity; at most 64); pc_set_num_threads() changes it at run time. The
 * count is passed on to a hook that a backend registers (the CPU's: OpenBLAS's thread count),
 * so this file knows nothing of the libraries behind the kernels.
 */
#ifndef PADDLE_C_PARALLEL_H
#define PADDLE_C_PARALLEL_H

#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Work on [start, stop); returns PC_OK or an error status (with pc_error_set called). */
typedef pc_status (*pc_parallel_fn)(void *arg, int64_t start, int64_t stop);

/* Run fn over [0, n) in contiguous chunks of at least `min_chunk` elements, on at most
 * pc_parallel_free_threads() threads. The first error of any chunk is returned, with its
 * message, in the calling thread. */
pc_status pc_parallel_for(int64_t n, int64_t min_chunk, pc_parallel_fn fn, void *arg);

int pc_get_num_threads(void);
void pc_set_num_threads(int n);

/* The threads a call may use now: pc_get_num_threads() fitted to the CPUs idle at this moment
 * (pc_free_threads_fit), at least 1. */
int pc_parallel_free_threads(void);

/* pool (a thread count) fitted to the CPUs idle at this moment, the runnable tasks of
 * /proc/loadavg (core/free_threads.c): between 1 and pool. */
int pc_free_threads_fit(int pool);

/* The hook told the thread count whenever it is set (and at once when registered, if it is
 * already known): one hook, registered at initialisation by the CPU kernels. */
typedef void (*pc_thread_count_hook)(int n);
void pc_parallel_set_thread_hook(pc_thread_count_hook hook);

/* OpenBLAS's thread count (kernels/cpu/blas_threads.c): the CPU kernels' thread hook. */
void pc_blas_set_num_threads(int n);

/* Before a BLAS or LAPACK call that OpenBLAS may thread: its thread count set to the CPUs idle
 * now (at least 1, at most pc_get_num_threads()). */
void pc_blas_fit_threads(void);

#ifdef __cplusplus
}
#endif
#endif
