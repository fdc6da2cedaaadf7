/*
 * init.c - pc_init(): the library's one-time start, under a once-guard. The CPU variant is
 * chosen (core/cpu_isa.c), every built-in backend registers its vtable and fills its kernel
 * column (core/backends.c), then the decompositions fill the empty device slots.
 *
 * [Why a file of its own] pc_init sits above the whole op layer (the decompositions call the
 * ops, which call the drivers of dispatch.c); apart from dispatch.c, the drivers never depend
 * on what is built from them.
 */
#include <pthread.h>

#include "paddle_c/backend.h"
#include "paddle_c/cpu_isa.h"
#include "paddle_c/decompose.h"
#include "paddle_c/ops.h"

/* [Why composites are slots] Every backend's own kernels are registered first (each backend's
 * init fills its column: pc_backends_init, core/backends.c); then the empty slots of each
 * device column that a decomposition (decompose.c) or the host fallback (host_fallback.c) can
 * serve are filled with it, once. A lookup then finds a slot or the empty slot's
 * NotImplementedError, and the dispatcher never needs to know whether a slot is a kernel or a
 * composition of other ops (as PyTorch's composite kernels sit in its dispatcher's table). */
static void init_tables(void)
{
    pc_backends_init();
    pc_decompose_register();
}

pc_status pc_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    /* the CPU kernels' variant is chosen before the table is filled; a bad PADDLE_C_ISA fails
     * every import attempt with the same message */
    const pc_status st = pc_cpu_isa_select();
    if (st != PC_OK) {
        return st;
    }
    /* every caller returns only once the tables are filled */
    (void)pthread_once(&once, init_tables);
    return PC_OK;
}
