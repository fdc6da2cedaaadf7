/*
 * result_words.c - the result words of the devices (pc_result_word, backend.h): a pool per
 * device from which each operation with a data-dependent outcome takes its own word, and to
 * which it gives the word back after its one read.
 *
 * [Why a pool of words, not one word per device] Several threads may run operations on one
 * device at once; with one shared word, one thread's reset or read interleaves with another's
 * launch, and an operation reads another's failure (or misses its own). A word taken for one
 * operation is reached only through that operation's parameters, so no interleaving of threads
 * or launches can mix two outcomes. Taking a word is a pop from a free list under a mutex; a
 * block of words is allocated from the device's memory the first time the list is empty, and
 * blocks are kept for the life of the process (they are the runtime's, a few KiB per device).
 *
 * Ownership rules: a taken word belongs to the operation until it is given back; the pool owns
 * every block. The words are device memory: the host touches them only through the backend's
 * copies and memset (or the default memset: a copy from a static zero word).
 *
 * Fork: the lock is a pc_fork_lock (core/fork_lock.h), so a child never inherits it held; the
 * child keeps the pool as it was, less the words that other threads of the parent held (those
 * are lost, not reused).
 */
#include <stdlib.h>
#include <string.h>

#include "core/fork_lock.h"
#include "paddle_c/backend.h"

#define WORDS_PER_BLOCK 64
#define MAX_DEVICES 64 /* per device type: the words of devices beyond it are refused */

typedef struct word_pool {
    pc_result_word **free;      /* the free words (a stack), owned array */
    int nfree;
    int capacity;
    int64_t reads;              /* pc_device_result_reads */
} word_pool;

static pc_fork_lock lock = PC_FORK_LOCK_INIT(NULL);
static word_pool pools[PC_NUM_DEVICE_TYPES][MAX_DEVICES];

/* The backend of `dev` when its kernels report through words; NULL otherwise (no error set). */
static const pc_backend *word_backend(pc_device dev)
{
    if (dev.type <= PC_DEVICE_CPU || dev.type >= PC_NUM_DEVICE_TYPES || dev.index < 0 ||
        dev.index >= MAX_DEVICES) {
        return NULL;
    }
    const pc_backend *b = pc_backend_get((pc_device_type)dev.type);
    return b != NULL && (b->caps & PC_BACKEND_CAP_RESULT_WORDS) ? b : NULL;
}

bool pc_device_result_words(pc_device dev)
{
    return word_backend(dev) != NULL;
}

/* A new block of words on `dev`, pushed onto its free list. Called with the lock held. */
static pc_status grow(const pc_backend *b, pc_device dev, word_pool *p)
{
    if (p->capacity - p->nfree < WORDS_PER_BLOCK) {
        const int capacity = p->capacity + WORDS_PER_BLOCK;
        pc_result_word **list = realloc(p->free, (size_t)capacity * sizeof *list);
        if (list == NULL) {
            return pc_error_set(PC_ERR_MEMORY, "cannot grow the result-word list");
        }
        p->free = list;
        p->capacity = capacity;
    }
    void *block = NULL;
    pc_status st = b->alloc(b, dev.index, WORDS_PER_BLOCK * sizeof(pc_result_word), &block);
    if (st != PC_OK) {
        return st;
    }
    pc_result_word *words = block;
    for (int i = WORDS_PER_BLOCK - 1; i >= 0; i--) {
        p->free[p->nfree++] = &words[i];
    }
    return PC_OK;
}

/* Queue the word's reset on the device's stream. */
static pc_status reset(const pc_backend *b, pc_device dev, pc_result_word *word)
{
    if (b->memset != NULL) {
        return b->memset(b, dev.index, word, 0, sizeof *word);
    }
    /* the source is static: valid whenever the stream reaches the copy */
    static const pc_result_word zero = {PC_OK, 0, 0};
    return pc_device_copy_async(dev, word, pc_device_cpu(), &zero, sizeof zero);
}

pc_status pc_device_result_take(pc_device dev, pc_result_word **word)
{
    *word = NULL;
    const pc_backend *b = word_backend(dev);
    if (b == NULL) {
        return PC_OK;
    }
    word_pool *p = &pools[dev.type][dev.index];
    pc_fork_lock_acquire(&lock);
    pc_status st = p->nfree > 0 ? PC_OK : grow(b, dev, p);
    pc_result_word *w = st == PC_OK ? p->free[--p->nfree] : NULL;
    pc_fork_lock_release(&lock);
    if (st == PC_OK) {
        st = reset(b, dev, w);
    }
    if (st != PC_OK) {
        pc_device_result_give(dev, w);
        return st;
    }
    *word = w;
    return PC_OK;
}

pc_status pc_device_result_read(pc_device dev, const pc_result_word *word, pc_result_word *out)
{
    memset(out, 0, sizeof *out);
    /* the copy to the host waits for the stream's earlier work: the one synchronisation */
    pc_status st = pc_device_copy(pc_device_cpu(), out, dev, word, sizeof *out);
    if (st == PC_OK && word_backend(dev) != NULL) {
        __atomic_fetch_add(&pools[dev.type][dev.index].reads, 1, __ATOMIC_RELAXED);
    }
    return st;
}

void pc_device_result_give(pc_device dev, pc_result_word *word)
{
    if (word == NULL || word_backend(dev) == NULL) {
        return;
    }
    word_pool *p = &pools[dev.type][dev.index];
    pc_fork_lock_acquire(&lock);
    if (p->nfree < p->capacity) { /* always: every word taken was on the list */
        p->free[p->nfree++] = word;
    }
    pc_fork_lock_release(&lock);
}

int64_t pc_device_result_reads(pc_device dev)
{
    if (dev.type < 0 || dev.type >= PC_NUM_DEVICE_TYPES || dev.index < 0 ||
        dev.index >= MAX_DEVICES) {
        return 0;
    }
    return __atomic_load_n(&pools[dev.type][dev.index].reads, __ATOMIC_RELAXED);
}
