/*
 * index_offsets_impl.h - the INDEX_OFFSETS loop for dtype PCK_N (every integer dtype) and its
 * registration. Included by index_offsets.c through each_dtype.h; no include guard.
 */
#if PCK_K == PCK_KI || PCK_K == PCK_KU
static int PCK_FN(offsets)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                           const int64_t *strides)
{
    const pc_offsets_params *p = (const pc_offsets_params *)ctx->params;
    const int64_t len = p->len;
    for (int64_t i = 0; i < n; i++) {
        const PCK_T v = *(const PCK_T *)(data[0] + i * strides[0]);
        int64_t w;
#if PCK_K == PCK_KU
        /* a uint64 above INT64_MAX is out of range, not a negative index */
        w = (uint64_t)v < (uint64_t)len ? (int64_t)v : -1;
#else
        w = (int64_t)v < 0 ? (int64_t)v + len : (int64_t)v;
#endif
        if (w < 0 || w >= len) {
            pc_result_fail(p->result, PC_ERR_INDEX, p->item, (int64_t)v);
            w = 0;
        }
        int64_t *o = (int64_t *)(data[1] + i * strides[1]);
        *o += w * p->stride;
    }
    return 0;
}

static void PCK_FN(register_offsets)(void)
{
    pc_kernel_register(PC_OP_INDEX_OFFSETS, PC_DEVICE_CPU, PCK_ID,
                       (pc_kernel){.loop = PCK_FN(offsets)});
}
#else
static void PCK_FN(register_offsets)(void) {}
#endif
