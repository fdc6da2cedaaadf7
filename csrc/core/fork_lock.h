/*
 * fork_lock.h - mutexes that survive fork(): the one pattern every lock of paddle_c (and of
 * its plug-ins) follows (docs/architecture.md, "Locks and fork").
 *
 * fork() copies only the calling thread. A mutex another thread held at that moment stays
 * held in the child, by nobody, and the child's first use of it hangs; the state it guards may
 * be half-written. A pc_fork_lock is registered (on its first acquire, or explicitly) with
 * handlers installed once by pthread_atfork: before fork the forking thread takes every
 * registered lock, so no other thread is inside a guarded section; afterwards the parent
 * releases them and the child reinitialises them and then runs each lock's `in_child` hook,
 * which resets the state that means nothing in the child (a device runtime whose threads and
 * contexts did not survive, a count of launches running in threads that do not exist).
 *
 * Rules: a pc_fork_lock has static storage duration (the registry keeps pointers to it for
 * the life of the process) and is initialised with PC_FORK_LOCK_INIT. A thread holding one
 * never waits for the GIL or calls fork(). Locks may nest in any order: the handler takes them
 * without an order (as std::lock does), so nesting needs no registration order.
 *
 * This file is self-contained (pthreads only), so a plug-in compiles it into itself.
 */
#ifndef PADDLE_C_CORE_FORK_LOCK_H
#define PADDLE_C_CORE_FORK_LOCK_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pc_fork_lock {
    pthread_mutex_t mutex;
    void (*in_child)(void);         /* NULL, or resets the guarded state in a forked child */
    int registered;                 /* on the registry's list (atomic) */
    struct pc_fork_lock *next;      /* the registry's list, under its own mutex */
} pc_fork_lock;

#define PC_FORK_LOCK_INIT(in_child) {PTHREAD_MUTEX_INITIALIZER, (in_child), 0, 0}

/* Put `lock` under the fork handlers (idempotent). Needed before the first acquire only when
 * its `in_child` hook must run even if the lock was never taken. */
void pc_fork_lock_register(pc_fork_lock *lock);

void pc_fork_lock_acquire(pc_fork_lock *lock);
void pc_fork_lock_release(pc_fork_lock *lock);

#ifdef __cplusplus
}

/* The same lock as a BasicLockable, for std::lock_guard in C++ host code. */
struct pc_fork_mutex {
    pc_fork_lock lock_ = PC_FORK_LOCK_INIT(nullptr);
    void lock() { pc_fork_lock_acquire(&lock_); }
    void unlock() { pc_fork_lock_release(&lock_); }
};
#endif

#endif
