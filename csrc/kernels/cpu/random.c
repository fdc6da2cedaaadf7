/*
 * random.c - the CPU RANDOM kernel (random_impl.h per dtype) around the shared streams of
 * kernels/common/random_elem.h. Compiled without fused multiply-adds (CMakeLists.txt:
 * -ffp-contract=off), so its values are the GPU's and the OpenCL plug-in's bit for bit.
 */
#include "dtype_params.h"
#include "kernels/common/random_elem.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/parallel.h"
#include "register.h"

typedef struct random_job {
    const pc_kernel_args *args;
    pc_status (*chunk)(const pc_kernel_args *args, int64_t start, int64_t stop);
} random_job;

static pc_status run_chunk(void *arg, int64_t start, int64_t stop)
{
    const random_job *job = arg;
    return job->chunk(job->args, start, stop);
}

#define PCK_BODY "random_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_random(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_random_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
