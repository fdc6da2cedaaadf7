/*
 * hostdev.c - the test device "hostdev": a device whose memory the host cannot touch outside a
 * kernel launch, running the CPU kernels through the path a GPU backend takes. It exists to
 * test the dispatch layer and the device runtime on machines without a GPU; it is not a
 * feature (docs/devices.md).
 *
 * Built into every build, registered only when PADDLE_C_TEST_BACKENDS names it (a comma-
 * separated list), and then listed by devices() as hostdev:0.
 *
 * Memory: one anonymous mmap per allocation - a guard page, the block's pages, a guard page -
 * whose block is PROT_NONE except while a launch (a kernel, a copy, a memset) runs, so any host
 * dereference of device memory outside a kernel crashes with SIGSEGV instead of passing
 * silently.
 *
 * [Why every allocation opens for a launch] A kernel may reach device memory through its
 * parameters (a gather's destination, an index kernel's source), as a GPU kernel may; the
 * launch therefore opens every live hostdev allocation (and ones made during it), not only
 * the tensors named as operands. Launches nest (a CPU kernel that dispatches again) and may
 * come from several threads: the memory closes when the last running launch ends.
 *
 * [Why the operating system's refusals are errors] Opening a block can fail: a private
 * writable mapping is charged against the commit limit (overcommit) and RLIMIT_DATA only when
 * it becomes writable - a huge PROT_NONE mmap succeeds and the mprotect fails - and changing
 * part of a mapping may need a new one beyond vm.max_map_count. An allocation therefore opens
 * its block once (the charge the CPU's malloc meets, so hostdev refuses what the CPU refuses,
 * with MemoryError); a launch that cannot open every block closes the ones it opened and does
 * not run (MemoryError for ENOMEM, RuntimeError otherwise), leaving its operands untouched.
 *
 * [Why guard pages] With its guard pages on both sides an open block is a mapping of its own,
 * so closing it never splits a mapping and cannot fail for the mapping count: undoing a failed
 * launch and ending one always succeed. (A close that fails all the same leaves the block
 * marked open; the next close retries it.)
 *
 * Fork: `lock` is a pc_fork_lock; in a child no launch runs, so its memory closes there.
 *
 * Kernels: its column of the kernel table wraps every CPU slot as a device slot - elementwise
 * loops become `iter` kernels (the whole iteration in one launch, run in order), whole-tensor
 * kernels stay whole - so every operation reaches it exactly as it would reach a GPU: device
 * lookup, launch on the device's (in-order, synchronous) stream, result words, copies. The
 * CPU kernels see a word's (hostdev) address in their parameters and report through it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/fork_lock.h"
#include "paddle_c/backend.h"
#include "paddle_c/kernels/table.h"

/* Ownership: the list owns each record and its mapping from alloc to free. */
typedef struct hd_block {
    char *map;              /* the mapping: guard page, `length` bytes of block, guard page */
    size_t length;          /* the block's bytes, page-rounded; it starts one page into `map` */
    int open;               /* the block is readable and writable now */
    struct hd_block *prev;
    struct hd_block *next;
} hd_block;

static void after_fork_in_child(void);

/* Guarded by `lock`: the live blocks, the number of running launches, the statistics. */
static pc_fork_lock lock = PC_FORK_LOCK_INIT(after_fork_in_child);
static hd_block *blocks;
static int launches;
static pc_memory_stats stats;

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static char *block_data(const hd_block *b) { return b->map + page_size(); }

/* Open (readable and writable) or close `b`; 0, or mprotect's errno with `b` unchanged. */
static int set_open(hd_block *b, int open)
{
    if (mprotect(block_data(b), b->length, open ? PROT_READ | PROT_WRITE : PROT_NONE) != 0) {
        return errno;
    }
    b->open = open;
    return 0;
}

/* Close every open block (lock held, no launch running). */
static void close_all(void)
{
    for (hd_block *b = blocks; b != NULL; b = b->next) {
        if (b->open) {
            (void)set_open(b, 0);
        }
    }
}

/* Open every block for a launch (lock held, no launch running); on a failure the blocks are
 * closed again and nothing is open. */
static pc_status open_all(void)
{
    for (hd_block *b = blocks; b != NULL; b = b->next) {
        const int err = b->open ? 0 : set_open(b, 1);
        if (err != 0) {
            close_all();
            return pc_error_set(err == ENOMEM ? PC_ERR_MEMORY : PC_ERR_RUNTIME,
                                "hostdev:0 cannot make a block of %zu bytes accessible to a "
                                "launch (%s); the operation did not run",
                                b->length, strerror(err));
        }
    }
    return PC_OK;
}

/* A launch: device memory is readable and writable between a successful begin and its end. */
static pc_status launch_begin(void)
{
    pc_fork_lock_acquire(&lock);
    const pc_status st = launches == 0 ? open_all() : PC_OK;
    if (st == PC_OK) {
        launches++;
    }
    pc_fork_lock_release(&lock);
    return st;
}

static void launch_end(void)
{
    pc_fork_lock_acquire(&lock);
    if (--launches == 0) {
        close_all();
    }
    pc_fork_lock_release(&lock);
}

static void after_fork_in_child(void)
{
    launches = 0; /* the threads that ran them do not exist here */
    close_all();
}

/* [Why a failed munmap only drops the pages] munmap fails (ENOMEM) only where it would split
 * a mapping at vm.max_map_count: a closed block merged with its neighbours. The range then
 * stays reserved and inaccessible, without memory. */
static void unmap(hd_block *b)
{
    const size_t total = b->length + 2 * page_size();
    if (munmap(b->map, total) != 0) {
        (void)madvise(b->map, total, MADV_DONTNEED);
    }
    free(b);
}

/* A new block of `nbytes`, counted in the statistics when `counted`. */
static pc_status block_new(size_t nbytes, int counted, void **out)
{
    const size_t page = page_size();
    if (nbytes > SIZE_MAX - 3 * page) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate %zu bytes on hostdev:0", nbytes);
    }
    hd_block *b = malloc(sizeof *b);
    if (b == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate a hostdev block record");
    }
    b->length = ((nbytes != 0 ? nbytes : 1) + page - 1) / page * page;
    b->open = 0;
    b->map = mmap(NULL, b->length + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    int err = b->map == MAP_FAILED ? errno : 0;
    if (err == 0) {
        pc_fork_lock_acquire(&lock);
        err = set_open(b, 1); /* the commit charge; the block stays open only inside a launch */
        if (err == 0) {
            if (launches == 0) {
                (void)set_open(b, 0);
            }
            b->prev = NULL;
            b->next = blocks;
            if (blocks != NULL) {
                blocks->prev = b;
            }
            blocks = b;
            if (counted) {
                stats.allocated += (int64_t)nbytes;
                stats.reserved += (int64_t)b->length;
                stats.peak_allocated = stats.allocated > stats.peak_allocated
                                           ? stats.allocated
                                           : stats.peak_allocated;
                stats.peak_reserved = stats.reserved > stats.peak_reserved ? stats.reserved
                                                                           : stats.peak_reserved;
                stats.num_allocs++;
            }
        }
        pc_fork_lock_release(&lock);
        if (err != 0) {
            unmap(b);
        }
    } else {
        free(b);
    }
    if (err != 0) {
        return pc_error_set(err == ENOMEM ? PC_ERR_MEMORY : PC_ERR_RUNTIME,
                            "cannot allocate %zu bytes on hostdev:0 (%s)", nbytes, strerror(err));
    }
    *out = block_data(b);
    return PC_OK;
}

/* Unlink the block at `ptr` (lock held); NULL when none is there. */
static hd_block *block_take(void *ptr)
{
    hd_block *b = blocks;
    while (b != NULL && block_data(b) != (char *)ptr) {
        b = b->next;
    }
    if (b != NULL) {
        if (b->prev != NULL) {
            b->prev->next = b->next;
        } else {
            blocks = b->next;
        }
        if (b->next != NULL) {
            b->next->prev = b->prev;
        }
    }
    return b;
}

static int hd_device_count(const pc_backend *self)
{
    (void)self;
    return 1;
}

static const char *hd_device_name(const pc_backend *self, int index)
{
    (void)self;
    (void)index;
    return "hostdev (test device)";
}

static pc_status hd_alloc(const pc_backend *self, int index, size_t nbytes, void **out)
{
    (void)self;
    (void)index;
    return block_new(nbytes, 1, out);
}

static void hd_free(const pc_backend *self, int index, void *ptr, size_t nbytes)
{
    (void)self;
    (void)index;
    pc_fork_lock_acquire(&lock);
    hd_block *b = block_take(ptr);
    if (b != NULL) {
        stats.allocated -= (int64_t)nbytes;
        stats.reserved -= (int64_t)b->length;
    }
    pc_fork_lock_release(&lock);
    if (b != NULL) {
        unmap(b);
    }
}

static pc_status hd_memset(const pc_backend *self, int index, void *ptr, int value,
                           size_t nbytes)
{
    (void)self;
    (void)index;
    const pc_status st = launch_begin();
    if (st == PC_OK) {
        memset(ptr, value, nbytes);
        launch_end();
    }
    return st;
}

/* Copies run on the stream, which is in order and synchronous: copy and copy_async agree. */
static pc_status hd_copy(const pc_backend *self, pc_device dst_dev, void *dst, pc_device src_dev,
                         const void *src, size_t nbytes)
{
    (void)self;
    const int ours = (dst_dev.type == PC_DEVICE_HOSTDEV || dst_dev.type == PC_DEVICE_CPU) &&
                     (src_dev.type == PC_DEVICE_HOSTDEV || src_dev.type == PC_DEVICE_CPU);
    if (!ours) {
        return pc_error_set(PC_ERR_RUNTIME, "hostdev copies only to and from the CPU");
    }
    const pc_status st = launch_begin();
    if (st == PC_OK) {
        memmove(dst, src, nbytes);
        launch_end();
    }
    return st;
}

static void *hd_stream(const pc_backend *self, int index)
{
    (void)self;
    (void)index;
    return NULL;
}

static pc_status hd_memory_stats(const pc_backend *self, int index, pc_memory_stats *out)
{
    (void)self;
    (void)index;
    pc_fork_lock_acquire(&lock);
    *out = stats;
    pc_fork_lock_release(&lock);
    return PC_OK;
}

static const pc_backend hostdev_backend = {
    .size = sizeof(pc_backend),
    .api_version = PC_BACKEND_API_VERSION,
    .name = "hostdev",
    .type = PC_DEVICE_HOSTDEV,
    /* [Why VPI] the test device is a simulated device that no consumer can read as host
     * memory; kDLVPI (a simulator's buffer) is the standard code nearest to that */
    .dlpack_device_type = 9, /* kDLVPI */
    .context = NULL,
    /* the CPU loops read a scalar's host value directly; the CPU kernels report through the
     * result word in their parameters (words are hostdev memory, opened by the launch) */
    .caps = PC_BACKEND_CAP_SCALARS_BY_VALUE | PC_BACKEND_CAP_RESULT_WORDS,
    .device_count = hd_device_count,
    .device_name = hd_device_name,
    .alloc = hd_alloc,
    .free = hd_free,
    .memset = hd_memset,
    .copy = hd_copy,
    .copy_async = hd_copy,
    .stream = hd_stream,
    .memory_stats = hd_memory_stats,
};

/* ---- the kernel column: CPU kernels launched as device kernels ---------------------------- */

/* The CPU cast loops that convert the operands marked in it->convert (inputs from their
 * dtype to the compute dtype, outputs back). */
static pc_status convert_casts(const pc_iter *it, pc_iter_casts *casts)
{
    const pc_device cpu = pc_device_cpu();
    casts->nin = it->nin;
    for (int k = 0; k < it->nop; k++) {
        const pc_dtype stored = (pc_dtype)it->dtype[k];
        const pc_dtype compute = (pc_dtype)it->compute[k];
        casts->cast[k] = NULL;
        casts->itemsize[k] = pc_dtype_itemsize(compute);
        if (!(it->convert & (1u << k))) {
            continue;
        }
        const pc_kernel *c = k < it->nin ? pc_cast_get(cpu, stored, compute)
                                         : pc_cast_get(cpu, compute, stored);
        if (c == NULL) {
            return PC_ERR_NOTIMPL;
        }
        casts->cast[k] = c->loop;
    }
    return PC_OK;
}

/* An elementwise launch: the whole iteration, in order, with the CPU slot's loop; operands
 * marked in it->convert go through the CPU's buffered casting inside the launch (a GPU's
 * converting loads). */
static pc_status hd_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const pc_kernel *cpu = (const pc_kernel *)ctx->kernel->impl;
    const pc_loop_ctx inner = {ctx->params, NULL};
    pc_iter_casts casts;
    pc_status st = it->convert != 0 ? convert_casts(it, &casts) : PC_OK;
    if (st != PC_OK) {
        return st;
    }
    st = launch_begin();
    if (st == PC_OK) {
        st = it->convert != 0 ? pc_iter_run_buffered(it, cpu->loop, &inner, &casts)
                              : pc_iter_run(it, cpu->loop, &inner);
        launch_end();
    }
    return st;
}

static pc_status hd_whole(const pc_kernel_args *args)
{
    const pc_kernel *cpu = (const pc_kernel *)args->kernel->impl;
    pc_kernel_args inner = *args;
    inner.kernel = cpu;
    pc_status st = launch_begin();
    if (st == PC_OK) {
        st = cpu->whole(&inner);
        launch_end();
    }
    return st;
}

/* The device slot wrapping a filled CPU slot. */
static pc_kernel wrap(const pc_kernel *cpu)
{
    pc_kernel k = {0};
    k.iter = cpu->loop != NULL ? hd_iter : NULL;
    k.whole = cpu->whole != NULL ? hd_whole : NULL;
    k.impl = cpu;
    k.converts = k.iter != NULL; /* hd_iter converts through the CPU's buffered casting */
    return k;
}

static int enabled(void)
{
    const char *list = getenv("PADDLE_C_TEST_BACKENDS");
    if (list == NULL) {
        return 0;
    }
    const size_t n = strlen("hostdev");
    for (const char *p = list; (p = strstr(p, "hostdev")) != NULL; p += n) {
        if ((p == list || p[-1] == ',') && (p[n] == '\0' || p[n] == ',')) {
            return 1;
        }
    }
    return 0;
}

/* [Why a primitives-only mode] PADDLE_C_HOSTDEV_PRIMITIVES=1 (read at import) registers only
 * the primitive set (kernels/primitives.def): every composite op then runs through its
 * decomposition (dispatch/decompose.c), as on a device that provides only the primitives, and
 * the tests that compare hostdev with the CPU check every decomposition (make
 * test-hostdev-primitives). */
static int primitives_only(void)
{
    const char *v = getenv("PADDLE_C_HOSTDEV_PRIMITIVES");
    return v != NULL && strcmp(v, "1") == 0;
}

/* The CPU column, wrapped (wrap): registered only once the CPU column is filled. */
static void register_kernels(void)
{
    const pc_device cpu = pc_device_cpu();
    const int only_primitives = primitives_only();
    for (int op = 0; op < PC_NUM_OPS; op++) {
        if (only_primitives && pc_op_role_of((pc_op)op) != PC_ROLE_PRIMITIVE) {
            continue;
        }
        for (int d = 0; d < PC_NUM_DTYPES; d++) {
            if (pc_kernel_has((pc_op)op, PC_DEVICE_CPU, (pc_dtype)d)) {
                pc_kernel_register((pc_op)op, PC_DEVICE_HOSTDEV, (pc_dtype)d,
                                   wrap(pc_kernel_get((pc_op)op, cpu, (pc_dtype)d)));
            }
        }
    }
    for (int from = 0; from < PC_NUM_DTYPES; from++) {
        for (int to = 0; to < PC_NUM_DTYPES; to++) {
            const pc_kernel *c = pc_cast_get(cpu, (pc_dtype)from, (pc_dtype)to);
            if (c != NULL) {
                pc_cast_register(PC_DEVICE_HOSTDEV, (pc_dtype)from, (pc_dtype)to, wrap(c));
            }
        }
    }
    pc_error_clear();
}

/* Called once from pc_backends_init() (paddle_c_builtin_backends.def), after the CPU backend
 * whose column it wraps. */
void pc_hostdev_backend_init(void)
{
    if (enabled() && pc_backend_register(&hostdev_backend) == PC_OK) {
        register_kernels();
    }
}
