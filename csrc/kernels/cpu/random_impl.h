/*
 * random_impl.h - RANDOM for dtype PCK_N (random_kernels.h): real floating dtypes draw every
 * kind but INTEGERS, integer dtypes draw INTEGERS. Included by random.c through each_dtype.h.
 * No include guard.
 */
#if PCK_K == PCK_KF || PCK_K == PCK_KI || PCK_K == PCK_KU
static pc_status PCK_FN(random_chunk)(const pc_kernel_args *args, int64_t start, int64_t stop)
{
    const pc_random_params *p = (const pc_random_params *)args->params;
    PCK_T *restrict out = (PCK_T *)args->out[0]->data;
#if PCK_K == PCK_KF
    const PCK_T *rates = p->kind == PC_RANDOM_POISSON ? (const PCK_T *)args->in[0]->data : NULL;
#endif
    /* the blocks that hold elements [start, stop), each computed once */
    const uint64_t per = pc_random_per_block(p);
    const uint64_t first = p->offset + (uint64_t)start;
    const uint64_t last = p->offset + (uint64_t)stop;
    for (uint64_t block = first / per; block * per < last; block++) {
        const pc_philox4 b = pc_random_block(p, block);
        const uint64_t lo = block * per > first ? block * per : first;
        const uint64_t hi = block * per + per < last ? block * per + per : last;
        for (uint64_t e = lo; e < hi; e++) {
            const int64_t i = (int64_t)(e - p->offset);
#if PCK_K == PCK_KF
            const double rate = rates != NULL ? (double)PCK_LOAD(rates[i]) : 0.0;
            out[i] = PCK_FROMD(pc_random_real(p, b, e, rate));
#else
            out[i] = (PCK_T)pc_random_integer(p, b, e);
#endif
        }
    }
    return PC_OK;
}

static pc_status PCK_FN(random)(const pc_kernel_args *args)
{
    const random_job job = {args, PCK_FN(random_chunk)};
    return pc_parallel_for(args->out[0]->size, 1 << 14, run_chunk, (void *)&job);
}

static void PCK_FN(register_random)(void)
{
    pc_kernel_register(PC_OP_RANDOM, PC_DEVICE_CPU, PCK_ID,
                       (pc_kernel){.whole = PCK_FN(random)});
}
#else
static void PCK_FN(register_random)(void) {}
#endif
