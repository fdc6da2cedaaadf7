/*
 * index_offsets.c - the CPU INDEX_OFFSETS loops (index_kernels.h): byte offsets from integer
 * indices of every integer dtype, each index validated against its axis, bad ones reported
 * through the caller's result word. The op layer (dispatch/index.c) runs them over the
 * broadcast index shape.
 */
#include <stdint.h>

#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/result_word.h"
#include "paddle_c/kernels/index_kernels.h"
#include "register.h"

/* One loop per index type T; `is_unsigned` selects the comparison an unsigned index needs (a
 * uint64 above INT64_MAX is out of range, not a negative index). */
#define PC_OFFSETS_LOOP(name, T, is_unsigned)                                                  \
    static int offsets_##name(const pc_loop_ctx *ctx, char *const *data, int64_t n,           \
                              const int64_t *strides)                                         \
    {                                                                                         \
        const pc_offsets_params *p = (const pc_offsets_params *)ctx->params;                  \
        const int64_t len = p->len;                                                           \
        for (int64_t i = 0; i < n; i++) {                                                     \
            const T v = *(const T *)(data[0] + i * strides[0]);                               \
            int64_t w;                                                                        \
            if (is_unsigned) {                                                                \
                w = (uint64_t)v < (uint64_t)len ? (int64_t)v : -1;                            \
            } else {                                                                          \
                w = (int64_t)v < 0 ? (int64_t)v + len : (int64_t)v;                           \
            }                                                                                 \
            if (w < 0 || w >= len) {                                                          \
                pc_result_fail(p->result, PC_ERR_INDEX, p->item, (int64_t)v);                 \
                w = 0;                                                                        \
            }                                                                                 \
            int64_t *o = (int64_t *)(data[1] + i * strides[1]);                               \
            *o += w * p->stride;                                                              \
        }                                                                                     \
        return 0;                                                                             \
    }

PC_OFFSETS_LOOP(INT8, int8_t, 0)
PC_OFFSETS_LOOP(INT16, int16_t, 0)
PC_OFFSETS_LOOP(INT32, int32_t, 0)
PC_OFFSETS_LOOP(INT64, int64_t, 0)
PC_OFFSETS_LOOP(UINT8, uint8_t, 1)
PC_OFFSETS_LOOP(UINT16, uint16_t, 1)
PC_OFFSETS_LOOP(UINT32, uint32_t, 1)
PC_OFFSETS_LOOP(UINT64, uint64_t, 1)

void pc_cpu_register_index_offsets(void)
{
#define PC_REG(ID)                                                                            \
    pc_kernel_register(PC_OP_INDEX_OFFSETS, PC_DEVICE_CPU, PC_##ID,                           \
                       (pc_kernel){.loop = offsets_##ID})
    PC_REG(INT8);
    PC_REG(INT16);
    PC_REG(INT32);
    PC_REG(INT64);
    PC_REG(UINT8);
    PC_REG(UINT16);
    PC_REG(UINT32);
    PC_REG(UINT64);
#undef PC_REG
}
