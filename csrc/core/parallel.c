/*
 * parallel.c - the thread pool behind pc_parallel_for (see parallel.h).
 *
 * [Why a hand-rolled pool] OpenMP would add a runtime dependency and interacts badly with the
 * OpenBLAS and NumPy runtimes loaded in the same process; the pool needs only one operation
 * (a fork-join over chunks), so a mutex, two condition variables and a generation counter do.
 *
 * Invariants: `busy` serialises jobs (a second concurrent caller runs serially instead of
 * waiting); workers only read the job fields after seeing a new generation; the caller returns
 * only after every worker has finished its chunk. After fork() the child starts without workers.
 *
 * [One thread policy with OpenBLAS] OpenBLAS keeps its own threads; both pools are sized alike
 * (the CPUs this process may use, or PADDLE_C_NUM_THREADS) and never run at once: our workers
 * sleep on a condition variable between jobs (no spinning), and the kernels call BLAS either
 * outside our parallel regions or, inside them, only for products small enough that OpenBLAS
 * runs them on the calling thread (matmul_impl.h).
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paddle_c/parallel.h"

#define PC_MAX_THREADS 64

typedef struct pool {
    pthread_mutex_t lock;
    pthread_cond_t start;         /* workers wait for a new generation */
    pthread_cond_t done;          /* the caller waits for `pending` to reach 0 */
    int nworkers;                 /* started workers (threads - 1) */
    int nthreads;                 /* configured threads, including the caller */
    uint64_t generation;
    int pending;
    int busy;
    /* the current job */
    pc_parallel_fn fn;
    void *arg;
    int64_t n;
    int nchunks;
    pc_status status;
    char message[512];
} pool;

static pool the_pool = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .start = PTHREAD_COND_INITIALIZER,
    .done = PTHREAD_COND_INITIALIZER,
};
static _Thread_local int in_worker;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;

static void chunk_bounds(int64_t n, int nchunks, int c, int64_t *lo, int64_t *hi)
{
    *lo = n * c / nchunks;
    *hi = n * (c + 1) / nchunks;
}

/* Record the first failure of the job (lock held). */
static void record_failure(pool *p, pc_status st)
{
    if (st != PC_OK && p->status == PC_OK) {
        p->status = st;
        snprintf(p->message, sizeof p->message, "%s", pc_error_message());
    }
}

static void *worker_main(void *argp)
{
    const int id = (int)(intptr_t)argp; /* 1 .. nworkers; chunk 0 is the caller's */
    pool *p = &the_pool;
    in_worker = 1;
    uint64_t seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->generation == seen) {
            pthread_cond_wait(&p->start, &p->lock);
        }
        seen = p->generation;
        if (id >= p->nchunks) {
            continue; /* not part of this job */
        }
        pc_parallel_fn fn = p->fn;
        void *arg = p->arg;
        int64_t lo;
        int64_t hi;
        chunk_bounds(p->n, p->nchunks, id, &lo, &hi);
        pthread_mutex_unlock(&p->lock);
        const pc_status st = fn(arg, lo, hi);
        pthread_mutex_lock(&p->lock);
        record_failure(p, st);
        if (--p->pending == 0) {
            pthread_cond_signal(&p->done);
        }
    }
    return NULL;
}

static void after_fork_in_child(void)
{
    /* the workers did not survive fork(): start again from nothing */
    pthread_mutex_init(&the_pool.lock, NULL);
    pthread_cond_init(&the_pool.start, NULL);
    pthread_cond_init(&the_pool.done, NULL);
    the_pool.nworkers = 0;
    the_pool.busy = 0;
    the_pool.pending = 0;
}

/* The CPUs this process may run on (taskset, cgroup cpusets, container limits that set the
 * affinity), else the online CPUs. */
static int available_cpus(void)
{
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) {
        return CPU_COUNT(&set);
    }
#endif
    return (int)sysconf(_SC_NPROCESSORS_ONLN);
}

/* [Why a hook] The thread count is also the BLAS library's, but the pool is core and the BLAS
 * binding a CPU kernel: the CPU kernels register where the count goes, core never calls up. */
static pc_thread_count_hook thread_hook;
static int configured;

static void tell_hook(int n)
{
    const pc_thread_count_hook hook = __atomic_load_n(&thread_hook, __ATOMIC_ACQUIRE);
    if (hook != NULL) {
        hook(n);
    }
}

static int clamp_threads(int n) { return n < 1 ? 1 : n > PC_MAX_THREADS ? PC_MAX_THREADS : n; }

static void configure(void)
{
    int n = available_cpus();
    const char *env = getenv("PADDLE_C_NUM_THREADS");
    if (env != NULL && atoi(env) > 0) {
        n = atoi(env);
    }
    the_pool.nthreads = clamp_threads(n);
    __atomic_store_n(&configured, 1, __ATOMIC_RELEASE);
    tell_hook(the_pool.nthreads);
    pthread_atfork(NULL, NULL, after_fork_in_child);
}

void pc_parallel_set_thread_hook(pc_thread_count_hook hook)
{
    __atomic_store_n(&thread_hook, hook, __ATOMIC_RELEASE);
    if (__atomic_load_n(&configured, __ATOMIC_ACQUIRE)) {
        tell_hook(pc_get_num_threads());
    }
}

int pc_parallel_free_threads(void) { return pc_free_threads_fit(pc_get_num_threads()); }

int pc_get_num_threads(void)
{
    pthread_once(&config_once, configure);
    return the_pool.nthreads;
}

void pc_set_num_threads(int n)
{
    pthread_once(&config_once, configure);
    pthread_mutex_lock(&the_pool.lock);
    the_pool.nthreads = clamp_threads(n);
    pthread_mutex_unlock(&the_pool.lock);
    tell_hook(clamp_threads(n));
}

/* Start workers up to `want` (lock held). Returns how many exist. */
static int ensure_workers(pool *p, int want)
{
    while (p->nworkers < want) {
        pthread_t th;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        const int rc = pthread_create(&th, &attr, worker_main, (void *)(intptr_t)(p->nworkers + 1));
        pthread_attr_destroy(&attr);
        if (rc != 0) {
            break;
        }
        p->nworkers++;
    }
    return p->nworkers;
}

pc_status pc_parallel_for(int64_t n, int64_t min_chunk, pc_parallel_fn fn, void *arg)
{
    pthread_once(&config_once, configure);
    pool *p = &the_pool;
    if (min_chunk < 1) {
        min_chunk = 1;
    }
    int64_t chunks = n / min_chunk;
    if (chunks > p->nthreads) {
        chunks = p->nthreads;
    }
    if (chunks < 2 || in_worker) {
        return fn(arg, 0, n);
    }
    const int free_threads = pc_parallel_free_threads();
    if (chunks > free_threads) {
        chunks = free_threads;
    }
    if (chunks < 2) {
        return fn(arg, 0, n);
    }
    pthread_mutex_lock(&p->lock);
    if (p->busy) {
        pthread_mutex_unlock(&p->lock);
        return fn(arg, 0, n);
    }
    const int workers = ensure_workers(p, (int)chunks - 1);
    if (workers < 1) {
        pthread_mutex_unlock(&p->lock);
        return fn(arg, 0, n);
    }
    p->busy = 1;
    p->fn = fn;
    p->arg = arg;
    p->n = n;
    p->nchunks = workers + 1 < chunks ? workers + 1 : (int)chunks;
    p->pending = p->nchunks - 1;
    p->status = PC_OK;
    p->message[0] = '\0';
    p->generation++;
    pthread_cond_broadcast(&p->start);
    const int nchunks = p->nchunks;
    pthread_mutex_unlock(&p->lock);

    int64_t lo;
    int64_t hi;
    chunk_bounds(n, nchunks, 0, &lo, &hi);
    in_worker = 1;
    const pc_status mine = fn(arg, lo, hi);
    in_worker = 0;

    pthread_mutex_lock(&p->lock);
    record_failure(p, mine);
    while (p->pending > 0) {
        pthread_cond_wait(&p->done, &p->lock);
    }
    const pc_status st = p->status;
    char message[sizeof p->message];
    memcpy(message, p->message, sizeof message);
    p->busy = 0;
    pthread_mutex_unlock(&p->lock);
    if (st != PC_OK) {
        pc_error_set(st, "%s", message);
    }
    return st;
}
