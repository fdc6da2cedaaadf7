/*
 * fork_lock.c - the registry of fork-safe locks and its pthread_atfork handlers (fork_lock.h).
 *
 * Invariants: `registry` guards `head`; a lock on the list is never removed (registered locks
 * live as long as the process). Between prepare() and parent()/child() the forking thread
 * holds `registry` and every lock on the list.
 */
#include "fork_lock.h"

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
static pc_fork_lock *head;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

/* Release `registry` and the locks of the list before `stop` (NULL: all of them). */
static void release_until(const pc_fork_lock *stop)
{
    for (pc_fork_lock *l = head; l != stop; l = l->next) {
        pthread_mutex_unlock(&l->mutex);
    }
    pthread_mutex_unlock(&registry);
}

/* [Why the locks are taken without an order] Code may hold one registered lock while it
 * takes another (a handle cache's lock, then the library loader's), and registration follows
 * first use, not nesting. Taking them in list order could wait for a lock whose holder waits
 * for one already taken here. So every lock is only tried; on a busy one all are released,
 * the busy one is waited for while holding nothing, and the round starts again. */
static void prepare(void)
{
    for (;;) {
        pthread_mutex_t *busy = &registry;
        if (pthread_mutex_trylock(&registry) == 0) {
            pc_fork_lock *l = head;
            while (l != NULL && pthread_mutex_trylock(&l->mutex) == 0) {
                l = l->next;
            }
            if (l == NULL) {
                return;
            }
            busy = &l->mutex;
            release_until(l);
        }
        pthread_mutex_lock(busy);
        pthread_mutex_unlock(busy);
    }
}

static void parent(void) { release_until(NULL); }

/* Only this thread exists here: every lock is free again, then each hook resets its state. */
static void child(void)
{
    pthread_mutex_init(&registry, NULL);
    for (pc_fork_lock *l = head; l != NULL; l = l->next) {
        pthread_mutex_init(&l->mutex, NULL);
    }
    for (pc_fork_lock *l = head; l != NULL; l = l->next) {
        if (l->in_child != NULL) {
            l->in_child();
        }
    }
}

/* Outside `registry`: a fork in progress holds the C library's handler lock while prepare()
 * waits for `registry`. pthread_atfork fails only without memory for one handler record; the
 * locks are then plain mutexes. */
static void install(void) { (void)pthread_atfork(prepare, parent, child); }

void pc_fork_lock_register(pc_fork_lock *lock)
{
    if (__atomic_load_n(&lock->registered, __ATOMIC_ACQUIRE)) {
        return;
    }
    (void)pthread_once(&installed, install);
    pthread_mutex_lock(&registry);
    if (!lock->registered) {
        lock->next = head;
        head = lock;
        __atomic_store_n(&lock->registered, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&registry);
}

void pc_fork_lock_acquire(pc_fork_lock *lock)
{
    pc_fork_lock_register(lock);
    pthread_mutex_lock(&lock->mutex);
}

void pc_fork_lock_release(pc_fork_lock *lock) { pthread_mutex_unlock(&lock->mutex); }
