/*
 * median_impl.h - the CPU loop of MEDIAN for dtype PCK_N (real dtypes): each sorted lane's
 * median is kernels/common/median_elem.h's md_lane (shared with the GPU). Included by median.c
 * through each_dtype.h. No include guard.
 */
#if PCK_K != PCK_KC
#include "kernels/common/median_elem.h"

static int PCK_FN(md_loop)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                           const int64_t *st)
{
    const md_lanes *l = (const md_lanes *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        PCK_FN(md_lane)(data[0] + j * st[0], l->len, l->sx, l->lower, l->skip_nan,
                        data[1] + j * st[1]);
    }
    return 0;
}

static pc_status PCK_FN(md_median)(const pc_kernel_args *a)
{
    return md_run(a, PCK_FN(md_loop));
}
static const pc_whole_fn PCK_FN(mdk_median) = PCK_FN(md_median);
#else
static const pc_whole_fn PCK_FN(mdk_median) = NULL;
#endif
