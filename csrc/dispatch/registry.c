/*
 * registry.c - the kernel table and the cast table (the backend registry: core/backends.c).
 *
 * Dense static arrays indexed by enums: a lookup is three array indexings. Tables are filled
 * once by pc_init() (under its once-guard) and only read afterwards.
 */
#include <stdio.h>

#include "dispatch.h"

static pc_kernel kernel_table[PC_NUM_OPS][PC_NUM_DEVICE_TYPES][PC_NUM_DTYPES];
static pc_kernel cast_table[PC_NUM_DEVICE_TYPES][PC_NUM_DTYPES][PC_NUM_DTYPES];
/* device (non-CPU) lookups per slot: the consistency test's coverage gate */
static uint32_t kernel_hits[PC_NUM_OPS][PC_NUM_DEVICE_TYPES][PC_NUM_DTYPES];

static const char *const op_names[PC_NUM_OPS] = {
#define PC_OP(ID, name, kind) #name,
#include "paddle_c/kernels/ops.def"
#undef PC_OP
};

static const pc_opkind op_kinds[PC_NUM_OPS] = {
#define PC_OP(ID, name, kind) kind,
#include "paddle_c/kernels/ops.def"
#undef PC_OP
};

const char *pc_op_name(pc_op op) { return op_names[op]; }

pc_opkind pc_op_kind(pc_op op) { return op_kinds[op]; }

/* "cpu" or "gpu:1" */
static void format_device(pc_device dev, char *buf, size_t len)
{
    const pc_backend *b = pc_backend_get((pc_device_type)dev.type);
    const char *name = b != NULL ? b->name : "unknown";
    if (dev.type == PC_DEVICE_CPU) {
        snprintf(buf, len, "%s", name);
    } else {
        snprintf(buf, len, "%s:%d", name, (int)dev.index);
    }
}

void pc_kernel_register(pc_op op, pc_device_type backend, pc_dtype dtype, pc_kernel kernel)
{
    kernel_table[op][backend][dtype] = kernel;
}

bool pc_kernel_has(pc_op op, pc_device_type backend, pc_dtype dtype)
{
    const pc_kernel *k = &kernel_table[op][backend][dtype];
    return k->loop != NULL || k->iter != NULL || k->whole != NULL;
}

const pc_kernel *pc_kernel_get(pc_op op, pc_device dev, pc_dtype dtype)
{
    if (dev.type < 0 || dev.type >= PC_NUM_DEVICE_TYPES || !pc_dtype_is_valid((int)dtype) ||
        !pc_kernel_has(op, (pc_device_type)dev.type, dtype)) {
        char d[64];
        format_device(dev, d, sizeof d);
        pc_error_set(PC_ERR_NOTIMPL, "'%s' is not implemented on %s for dtype %s",
                     pc_op_name(op), d, pc_dtype_name(dtype));
        return NULL;
    }
    if (dev.type != PC_DEVICE_CPU) {
        __atomic_fetch_add(&kernel_hits[op][dev.type][dtype], 1u, __ATOMIC_RELAXED);
    }
    return &kernel_table[op][dev.type][dtype];
}

uint32_t pc_kernel_hits(pc_op op, pc_device_type backend, pc_dtype dtype)
{
    return __atomic_load_n(&kernel_hits[op][backend][dtype], __ATOMIC_RELAXED);
}

void pc_kernel_hits_reset(void)
{
    for (int op = 0; op < PC_NUM_OPS; op++) {
        for (int b = 0; b < PC_NUM_DEVICE_TYPES; b++) {
            for (int d = 0; d < PC_NUM_DTYPES; d++) {
                __atomic_store_n(&kernel_hits[op][b][d], 0u, __ATOMIC_RELAXED);
            }
        }
    }
}

void pc_cast_register(pc_device_type backend, pc_dtype from, pc_dtype to, pc_kernel kernel)
{
    cast_table[backend][from][to] = kernel;
}

const pc_kernel *pc_cast_get(pc_device dev, pc_dtype from, pc_dtype to)
{
    const pc_kernel *f = NULL;
    if (dev.type >= 0 && dev.type < PC_NUM_DEVICE_TYPES && pc_dtype_is_valid((int)from) &&
        pc_dtype_is_valid((int)to)) {
        f = &cast_table[dev.type][from][to];
        if (f->loop == NULL && f->iter == NULL) {
            f = NULL;
        }
    }
    if (f == NULL) {
        char d[64];
        format_device(dev, d, sizeof d);
        pc_error_set(PC_ERR_NOTIMPL, "casting %s to %s is not implemented on %s",
                     pc_dtype_name(from), pc_dtype_name(to), d);
    }
    return f;
}
