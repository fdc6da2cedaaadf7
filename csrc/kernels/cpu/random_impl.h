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
    for (int64_t i = start; i < stop; i++) {
        const double rate = rates != NULL ? (double)PCK_LOAD(rates[i]) : 0.0;
        out[i] = PCK_FROMD(pc_random_real(p, p->offset + (uint64_t)i, rate));
    }
#else
    for (int64_t i = start; i < stop; i++) {
        out[i] = (PCK_T)pc_random_integer(p, p->offset + (uint64_t)i);
    }
#endif
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
