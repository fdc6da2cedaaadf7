/*
 * mask_positions.c - the CPU loops of MASK_COMPACT and MASK_EXPAND (index_kernels.h): the
 * order-free mask forms over (x, mask, pos) and (mask, pos, x), where pos is the mask's inclusive scan. The CPU's
 * own x[mask] uses the sequential cursor loops (index.c); these exist so that every backend
 * that wraps the CPU column (hostdev) runs the device path, and as the reference the device
 * kernels are tested against. Only the item size matters: one loop per size, memcpy of the
 * element (the compiler turns a constant-size memcpy into one load and store).
 */
#include <string.h>

#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/kernels/table.h"
#include "register.h"

#define PC_MASK_LOOPS(SIZE)                                                                     \
    static int compact_##SIZE(const pc_loop_ctx *ctx, char *const *data, int64_t n,            \
                              const int64_t *strides)                                          \
    {                                                                                           \
        const pc_mask_params *p = (const pc_mask_params *)ctx->params;                          \
        for (int64_t i = 0; i < n; i++) {                                                       \
            if (*(const uint8_t *)(data[1] + i * strides[1])) {                                 \
                const int64_t pos = *(const int64_t *)(data[2] + i * strides[2]);               \
                memcpy(p->out + (pos - 1) * (SIZE), data[0] + i * strides[0], (SIZE));          \
            }                                                                                   \
        }                                                                                       \
        return 0;                                                                               \
    }                                                                                           \
    static int expand_##SIZE(const pc_loop_ctx *ctx, char *const *data, int64_t n,             \
                             const int64_t *strides)                                           \
    {                                                                                           \
        const pc_mask_params *p = (const pc_mask_params *)ctx->params;                          \
        for (int64_t i = 0; i < n; i++) {                                                       \
            if (*(const uint8_t *)(data[0] + i * strides[0])) {                                 \
                const int64_t pos = *(const int64_t *)(data[1] + i * strides[1]);               \
                memcpy(data[2] + i * strides[2], p->values + (pos - 1) * p->step, (SIZE));      \
            }                                                                                   \
        }                                                                                       \
        return 0;                                                                               \
    }

PC_MASK_LOOPS(1)
PC_MASK_LOOPS(2)
PC_MASK_LOOPS(4)
PC_MASK_LOOPS(8)
PC_MASK_LOOPS(16)

void pc_cpu_register_mask_positions(void)
{
    for (int d = 0; d < PC_NUM_DTYPES; d++) {
        pc_kernel c = {0};
        pc_kernel e = {0};
        switch (pc_dtype_itemsize((pc_dtype)d)) {
        case 1: c.loop = compact_1; e.loop = expand_1; break;
        case 2: c.loop = compact_2; e.loop = expand_2; break;
        case 4: c.loop = compact_4; e.loop = expand_4; break;
        case 8: c.loop = compact_8; e.loop = expand_8; break;
        case 16: c.loop = compact_16; e.loop = expand_16; break;
        default: continue;
        }
        pc_kernel_register(PC_OP_MASK_COMPACT, PC_DEVICE_CPU, (pc_dtype)d, c);
        pc_kernel_register(PC_OP_MASK_EXPAND, PC_DEVICE_CPU, (pc_dtype)d, e);
    }
}
