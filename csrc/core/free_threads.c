/*
 * free_threads.c - how many threads a parallel call may use now: a thread count fitted to
 * the CPUs idle at this moment (see parallel.h; the pool passes its count, so this file
 * depends on no other). Used by the pool (pc_parallel_for) and by the
 * BLAS thread fitting (kernels/cpu/blas_threads.c), so both read the machine's load alike.
 *
 * [Why fit the count per call] A call split into equal chunks ends with its slowest chunk.
 * When another process keeps a core busy, the chunk that shares that core finishes a time
 * slice late and the call takes longer than on one thread: add float32 of 10,000,000 elements
 * on a 2-core machine with one busy process lost to single-threaded NumPy (1.14-1.29x) while
 * it took 0.63-0.87x NumPy's time on the idle machine (benchmarks/under_load.py). The runnable
 * tasks of the system (the 4th field of /proc/loadavg, the kernel's nr_running, read in a few
 * microseconds) tell how many CPUs are idle; a call gets that many threads (the caller is one
 * of the runnable tasks), at least 1 and at most the pool's count.
 *
 * [Why the process's own threads do not count] The runnable tasks include the threads of this
 * very process: OpenBLAS's workers (ours and NumPy's) keep yielding in a loop, runnable, for
 * about 0.1 s after each product, and another thread of the caller may be finishing a chunk.
 * Counted as load they halved the next call (matmul float64 512 on the idle machine: 5.3 ms
 * against 2.5 ms unfitted, 1.6-1.8x NumPy). So when more than the caller is runnable, the
 * runnable threads of this process (states in /proc/self/task) are taken off: the fitting
 * yields only to other processes, as it means to.
 *
 * Invariants: the file is read at most once a millisecond of the coarse clock (a loop of
 * calls pays a clock read, not a file read); the last answer is kept for the rest of that
 * millisecond. Where /proc/loadavg cannot be read, or PADDLE_C_FIT_THREADS=0 is set in the
 * environment (tests that must exercise the split paths on a loaded machine), the answer is
 * the pool's count.
 */
#define _GNU_SOURCE /* CLOCK_MONOTONIC_COARSE */
#include <dirent.h> /* struct dirent64: the records getdents64 writes */
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "paddle_c/parallel.h"

#ifndef CLOCK_MONOTONIC_COARSE
#define CLOCK_MONOTONIC_COARSE CLOCK_MONOTONIC
#endif

/* The text of a small /proc file, NUL-terminated, in buf (size bytes): its length, or -1. */
static ssize_t read_proc(const char *path, char *buf, size_t size)
{
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    const ssize_t got = read(fd, buf, size - 1);
    close(fd);
    if (got <= 0) {
        return -1;
    }
    buf[got] = '\0';
    return got;
}

/* Runnable tasks of the system now (the caller included), or -1. */
static long runnable_tasks(void)
{
    char buf[128];
    if (read_proc("/proc/loadavg", buf, sizeof buf) < 0) {
        return -1;
    }
    /* "0.52 0.58 0.59 3/812 12345": the field after the third space is running/total */
    const char *p = buf;
    for (int field = 0; field < 3 && p != NULL; field++) {
        p = strchr(p, ' ');
        p = p != NULL ? p + 1 : NULL;
    }
    return p != NULL ? strtol(p, NULL, 10) : -1;
}

/* [Why getdents64, not opendir] The directory is read with a buffer on the stack: opendir
 * allocates, and a parallel call that allocates while another thread forks can leave the
 * child an allocator lock held by a thread the child does not have (the fork test's child
 * hung so under ASan's allocator). Nothing here allocates. */
/* Whether thread `tid` of this process is runnable now (state R). */
static bool task_runnable(long tid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/self/task/%ld/stat", tid);
    char buf[512];
    if (read_proc(path, buf, sizeof buf) < 0) {
        return false; /* the thread has ended */
    }
    /* "tid (comm) S ...": the state follows the last ')' (comm may hold one) */
    const char *paren = strrchr(buf, ')');
    return paren != NULL && paren[1] == ' ' && paren[2] == 'R';
}

/* Runnable threads of this process other than the caller, or 0 when unknown. */
static long own_other_runnable(void)
{
    const int fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    const long self = (long)syscall(SYS_gettid);
    long count = 0;
    _Alignas(struct dirent64) char buf[4096];
    long got;
    while ((got = (long)syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
        for (long at = 0; at < got;) {
            const struct dirent64 *d = (const struct dirent64 *)(buf + at);
            const long tid = strtol(d->d_name, NULL, 10);
            if (tid > 0 && tid != self && task_runnable(tid)) {
                count++;
            }
            at += d->d_reclen;
        }
    }
    close(fd);
    return count;
}

static int fitting = 1;
static pthread_once_t fitting_once = PTHREAD_ONCE_INIT;

static void read_fitting(void)
{
    const char *env = getenv("PADDLE_C_FIT_THREADS");
    fitting = env == NULL || strcmp(env, "0") != 0;
}

int pc_free_threads_fit(int pool)
{
    static int64_t last_ms;
    static int last_answer;
    pthread_once(&fitting_once, read_fitting);
    if (pool <= 1 || !fitting) {
        return pool;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    const int64_t ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    const int kept = __atomic_load_n(&last_answer, __ATOMIC_RELAXED);
    if (__atomic_exchange_n(&last_ms, ms, __ATOMIC_RELAXED) == ms && kept > 0) {
        return kept < pool ? kept : pool; /* fitted within this millisecond */
    }
    int want = pool;
    long running = runnable_tasks();
    if (running > 1) {
        running -= own_other_runnable();
    }
    if (running > 0) {
        const long idle = pool - (running - 1); /* the caller is one of the runnable */
        want = idle < 1 ? 1 : idle > pool ? pool : (int)idle;
    }
    __atomic_store_n(&last_answer, want, __ATOMIC_RELAXED);
    return want;
}
