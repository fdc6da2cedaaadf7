/*
 * index_impl.h - gather and scatter loops for dtype PCK_N (index.c includes it through
 * each_dtype.h). Offsets were validated by the planner. No include guard.
 */
static pc_status PCK_FN(gather)(const pc_kernel_args *args)
{
    const pc_gather_params *p = (const pc_gather_params *)args->params;
    const char *base = p->base;
    const int64_t *restrict off = p->offsets;
    const int64_t n = p->n;
    const int64_t step = p->step;
    if (step == (int64_t)sizeof(PCK_T)) {
        PCK_T *restrict d = (PCK_T *)p->other;
        for (int64_t i = 0; i < n; i++) {
            d[i] = *(const PCK_T *)(base + off[i]);
        }
    } else {
        char *d = p->other;
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, d, i, step) = *(const PCK_T *)(base + off[i]);
        }
    }
    return PC_OK;
}

static pc_status PCK_FN(scatter)(const pc_kernel_args *args)
{
    const pc_gather_params *p = (const pc_gather_params *)args->params;
    char *base = p->base;
    const int64_t *restrict off = p->offsets;
    const int64_t n = p->n;
    const int64_t step = p->step;
    if (step == 0) {
        const PCK_T v = *(const PCK_T *)p->other;
        for (int64_t i = 0; i < n; i++) {
            *(PCK_T *)(base + off[i]) = v;
        }
    } else {
        const char *s = p->other;
        for (int64_t i = 0; i < n; i++) {
            *(PCK_T *)(base + off[i]) = PCK_AT(const PCK_T, s, i, step);
        }
    }
    return PC_OK;
}
