/*
 * random.c - the generator's state and pc_random (random.h): reserve the elements' offsets,
 * allocate, launch RANDOM on the result's device.
 *
 * Ownership rules: pc_random's result belongs to the caller; the rates' converted copy is
 * freed here.
 */
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "core/fork_lock.h"
#include "dispatch.h"
#include "paddle_c/ops.h"
#include "paddle_c/random.h"

/* Guarded by `lock`. */
static pc_fork_lock lock = PC_FORK_LOCK_INIT(NULL);
static pc_rng_state state;
static int seeded;

/* A seed from the operating system's entropy (time and pid where it has none). */
static uint64_t entropy_seed(void)
{
    uint64_t s = 0;
    if (getrandom(&s, sizeof s, GRND_NONBLOCK) != (ssize_t)sizeof s) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        s = ((uint64_t)t.tv_sec * 1000000007u) ^ (uint64_t)t.tv_nsec ^
            ((uint64_t)getpid() << 32);
    }
    return s;
}

static void ensure_seeded(void)
{
    if (!seeded) {
        state.seed = entropy_seed();
        state.offset = 0;
        seeded = 1;
    }
}

pc_rng_state pc_random_get_state(void)
{
    pc_fork_lock_acquire(&lock);
    ensure_seeded();
    const pc_rng_state s = state;
    pc_fork_lock_release(&lock);
    return s;
}

void pc_random_set_state(pc_rng_state s)
{
    pc_fork_lock_acquire(&lock);
    state = s;
    seeded = 1;
    pc_fork_lock_release(&lock);
}

/* The seed and the first offset of `n` elements, reserved. */
static pc_rng_state reserve(int64_t n)
{
    pc_fork_lock_acquire(&lock);
    ensure_seeded();
    const pc_rng_state s = state;
    state.offset += (uint64_t)n;
    pc_fork_lock_release(&lock);
    return s;
}

/* The significand bits of a floating dtype (UNIFORM draws k 2^-bits): no more than the dtype
 * holds, so that [a, b) = [0, 1) never rounds up to 1. */
static int significand_bits(pc_dtype dt)
{
    switch (dt) {
    case PC_FLOAT64:
        return 53;
    case PC_FLOAT32:
        return 24;
    case PC_FLOAT16:
        return 11;
    default:
        return 8; /* bfloat16 */
    }
}

pc_status pc_random(pc_random_kind kind, double a, double b, int64_t lo, uint64_t range,
                    int ndim, const int64_t *shape, pc_dtype dtype, pc_device device,
                    const pc_tensor *rates, pc_tensor **out)
{
    const pc_kind k = pc_dtype_kind(dtype);
    const bool integers = kind == PC_RANDOM_INTEGERS;
    if (integers ? !(k == PC_KIND_INT || k == PC_KIND_UINT) : k != PC_KIND_FLOAT) {
        return pc_error_set(PC_ERR_TYPE, "%s random values of dtype %s are not supported",
                            integers ? "integer" : "floating", pc_dtype_name(dtype));
    }
    pc_tensor *conv = NULL;
    pc_tensor *r = NULL;
    pc_status st = PC_OK;
    if (kind == PC_RANDOM_POISSON) {
        ndim = rates->ndim;
        shape = rates->shape;
        device = pc_tensor_device(rates);
        st = pc_tensor_empty(ndim, shape, dtype, device, &conv); /* C-contiguous, dtype */
        if (st == PC_OK) {
            st = pc_copy_into(conv, rates);
        }
    }
    if (st == PC_OK) {
        st = pc_tensor_empty(ndim, shape, dtype, device, &r);
    }
    if (st == PC_OK && r->size > 0) {
        const pc_rng_state s = reserve(r->size);
        const pc_random_params p = {s.seed, s.offset, (int32_t)kind, significand_bits(dtype),
                                    a, b, lo, range};
        const pc_tensor *in[1] = {conv};
        pc_tensor *outs[1] = {r};
        const pc_kernel_args args = {conv != NULL ? 1 : 0, 1, in, outs, &p};
        st = pc_dispatch_whole(PC_OP_RANDOM, dtype, &args);
    }
    pc_tensor_free(conv);
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}
