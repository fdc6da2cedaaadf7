/*
 * blas_threads.c - OpenBLAS's thread count: sized like the pool, and fitted to the idle CPUs
 * before each threaded BLAS or LAPACK call (see parallel.h).
 *
 * [Why fit the count per call] OpenBLAS splits a product or a factorisation statically across
 * its threads, which meet at a barrier after every panel. When another process keeps one of
 * the cores busy, the thread sharing that core reaches each barrier a time slice late and the
 * others spin waiting for it: on a 2-core machine with one busy process, svd float64 [256x256]
 * took 1.8 s at 2 threads against 40 ms at 1 (benchmarks/under_load.py). Before a call large
 * enough for OpenBLAS to thread, the number of runnable tasks of the system (the 4th field of
 * /proc/loadavg, read in a few microseconds) tells how many CPUs are idle; OpenBLAS gets that
 * many threads (at least 1, at most the pool's count). Where /proc/loadavg cannot be read, the
 * pool's count is used. The file is read at most once a millisecond of the coarse clock
 * (small factorisations called in a loop pay a clock read, not a file read).
 */
#define _GNU_SOURCE /* CLOCK_MONOTONIC_COARSE */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "paddle_c/parallel.h"

#ifndef CLOCK_MONOTONIC_COARSE
#define CLOCK_MONOTONIC_COARSE CLOCK_MONOTONIC
#endif

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

/* Runnable tasks of the system now (the caller included), or -1. */
static long runnable_tasks(void)
{
    const int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    char buf[128];
    const ssize_t got = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (got <= 0) {
        return -1;
    }
    buf[got] = '\0';
    /* "0.52 0.58 0.59 3/812 12345": the field after the third space is running/total */
    const char *p = buf;
    for (int field = 0; field < 3 && p != NULL; field++) {
        p = strchr(p, ' ');
        p = p != NULL ? p + 1 : NULL;
    }
    return p != NULL ? strtol(p, NULL, 10) : -1;
}

void pc_blas_fit_threads(void)
{
    static int64_t last_ms;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    const int64_t ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    if (__atomic_exchange_n(&last_ms, ms, __ATOMIC_RELAXED) == ms) {
        return; /* fitted within this millisecond */
    }
    const int pool = pc_get_num_threads();
    int want = pool;
    if (pool > 1) {
        const long running = runnable_tasks();
        if (running > 0) {
            const long idle = pool - (running - 1); /* the caller is one of the runnable */
            want = idle < 1 ? 1 : idle > pool ? pool : (int)idle;
        }
    }
    set_threads(want);
}
