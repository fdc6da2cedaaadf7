/*
 * scan.c - the CPU cumulative sum and product kernels (scan_impl.h per dtype) and their
 * driver.
 *
 * Kernel contract (dispatch/reduce_kernels.h): in[0] x, out[0] the result in the sum's
 * accumulation dtype, shaped like x but one longer along the axis when include_initial (the
 * identity comes first). The outputs' other axes are walked with the strided iterator; each
 * 1-D loop gets a bundle of lanes and either runs each lane along the axis, or, when the lanes
 * are the faster axis in memory, steps along the axis for a chunk of lanes at once (so a scan
 * over axis 0 of a C-contiguous matrix streams rows instead of striding down columns).
 */
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/reduce_kernels.h"
#include "descriptor.h"
#include "dtype_params.h"

#define SC_CHUNK 256

typedef struct sc_lanes {
    int64_t len;    /* extent of the scanned axis (in x) */
    int64_t sx;     /* its stride in x */
    int64_t so;     /* its stride in out */
    bool init;      /* write the identity one step before each lane */
} sc_lanes;

/* whether to step along the axis for many lanes at once */
static bool sc_columnar(const sc_lanes *l, int64_t n, const int64_t *st)
{
    const int64_t a = st[0] < 0 ? -st[0] : st[0];
    const int64_t b = l->sx < 0 ? -l->sx : l->sx;
    return n > 1 && a < b;
}

static pc_status sc_run(const pc_kernel_args *args, pc_loop_fn loop)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const pc_scan_params *p = (const pc_scan_params *)args->params;
    const int axis = p->axis;
    int64_t shape[PC_MAX_NDIM];
    int64_t xs[PC_MAX_NDIM];
    int64_t os[PC_MAX_NDIM];
    int nd = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (i != axis) {
            shape[nd] = x->shape[i];
            xs[nd] = x->strides[i];
            os[nd] = out->strides[i];
            nd++;
        }
    }
    const sc_lanes lanes = {x->shape[axis], x->strides[axis], out->strides[axis],
                            p->include_initial};
    char *odata = out->data + (p->include_initial ? out->strides[axis] : 0);
    pc_tensor xd;
    pc_tensor od;
    pc_cpu_descriptor(&xd, x, nd, shape, xs, x->data);
    pc_cpu_descriptor(&od, out, nd, shape, os, odata);
    const pc_loop_ctx ctx = {&lanes};
    const pc_tensor *ops[2] = {&xd, &od};
    pc_iter it;
    pc_status st = pc_iter_init(&it, 2, ops, nd, shape, false);
    if (st != PC_OK) {
        return st;
    }
    return pc_iter_run(&it, loop, &ctx);
}

#define PCK_BODY "scan_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_scan(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    pc_kernel_register(PC_OP_CUMSUM, PC_DEVICE_CPU, PC_##ID,                                   \
                       (pc_kernel){.whole = sc_cumsum_##ID});                                \
    pc_kernel_register(PC_OP_CUMPROD, PC_DEVICE_CPU, PC_##ID,                                  \
                       (pc_kernel){.whole = sc_cumprod_##ID});
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
