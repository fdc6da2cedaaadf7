/*
 * registry.c - the kernel table and the cast table (paddle_c/kernels/table.h; the backend
 * registry: core/backends.c).
 *
 * Dense static arrays indexed by enums: a lookup is three array indexings. Tables are filled
 * once by pc_init() (under its once-guard) and only read afterwards.
 *
 * [Why the table lives in core] Every column is written by the layer below the op layer (the
 * backends and their kernels, at init) and read by the op layer (dispatch.c): a table in core
 * lets both use it without a kernel file depending on dispatch.
 */
#include <stdio.h>

#include "paddle_c/kernels/table.h"

static pc_kernel kernel_table[PC_NUM_OPS][PC_NUM_DEVICE_TYPES][PC_NUM_DTYPES];
static pc_kernel cast_table[PC_NUM_DEVICE_TYPES][PC_NUM_DTYPES][PC_NUM_DTYPES];
/* what the error of an empty device slot adds, per op (static strings; set at init) */
static const char *empty_hints[PC_NUM_OPS];
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

/* ---- the primitive set (kernels/primitives.def) ---------------------------------------------- */

static const struct {
    pc_op op;
    pc_op_role role;
    const char *why;
} roles[] = {
#define PC_PRIM(ID, why) {PC_OP_##ID, PC_ROLE_PRIMITIVE, why},
#define PC_PRIM_EW_EXCEPT(ID) {PC_OP_##ID, PC_ROLE_COMPOSITE, NULL},
#define PC_HOST_LOOP(ID, why) {PC_OP_##ID, PC_ROLE_HOST_LOOP, why},
#define PC_OPTIONAL(ID, why) {PC_OP_##ID, PC_ROLE_OPTIONAL, why},
#include "paddle_c/kernels/primitives.def"
#undef PC_PRIM
#undef PC_PRIM_EW_EXCEPT
#undef PC_HOST_LOOP
#undef PC_OPTIONAL
};

static bool in_elementwise_def(pc_op op)
{
    static const pc_op ew[] = {
#define PC_EW(ID, ...) PC_OP_##ID,
#include "paddle_c/elementwise.def"
#undef PC_EW
    };
    for (size_t i = 0; i < sizeof ew / sizeof ew[0]; i++) {
        if (ew[i] == op) {
            return true;
        }
    }
    return false;
}

pc_op_role pc_op_role_of(pc_op op)
{
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
        if (roles[i].op == op) {
            return roles[i].role;
        }
    }
    return in_elementwise_def(op) ? PC_ROLE_PRIMITIVE : PC_ROLE_COMPOSITE;
}

const char *pc_op_role_reason(pc_op op)
{
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
        if (roles[i].op == op) {
            return roles[i].why;
        }
    }
    return NULL;
}

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
    return k->loop != NULL || k->iter != NULL || k->whole != NULL || k->composite != NULL;
}

bool pc_kernel_native(pc_op op, pc_device_type backend, pc_dtype dtype)
{
    return pc_kernel_has(op, backend, dtype) &&
           kernel_table[op][backend][dtype].source == PC_SLOT_NATIVE;
}

int pc_kernel_source(pc_op op, pc_device_type backend, pc_dtype dtype)
{
    return pc_kernel_has(op, backend, dtype) ? (int)kernel_table[op][backend][dtype].source : -1;
}

const pc_kernel *pc_kernel_get(pc_op op, pc_device dev, pc_dtype dtype)
{
    if (dev.type < 0 || dev.type >= PC_NUM_DEVICE_TYPES || !pc_dtype_is_valid((int)dtype) ||
        !pc_kernel_has(op, (pc_device_type)dev.type, dtype)) {
        char d[64];
        format_device(dev, d, sizeof d);
        const char *hint = dev.type != PC_DEVICE_CPU ? empty_hints[op] : NULL;
        pc_error_set(PC_ERR_NOTIMPL, "'%s' is not implemented on %s for dtype %s%s%s%s",
                     pc_op_name(op), d, pc_dtype_name(dtype), hint ? " (" : "",
                     hint ? hint : "", hint ? ")" : "");
        return NULL;
    }
    if (dev.type != PC_DEVICE_CPU) {
        __atomic_fetch_add(&kernel_hits[op][dev.type][dtype], 1u, __ATOMIC_RELAXED);
    }
    return &kernel_table[op][dev.type][dtype];
}

void pc_kernel_set_empty_hint(pc_op op, const char *hint) { empty_hints[op] = hint; }

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

bool pc_cast_has(pc_device_type backend, pc_dtype from, pc_dtype to)
{
    const pc_kernel *f = &cast_table[backend][from][to];
    return from == to || f->loop != NULL || f->iter != NULL;
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
