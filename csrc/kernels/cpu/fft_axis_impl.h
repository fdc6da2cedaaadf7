/*
 * fft_axis_impl.h - the CPU kernels of ops FFT_C2C, FFT_R2C and FFT_C2R for one precision:
 * every line of a tensor along one axis (dispatch/fft_params.h has the contract). Part of
 * fft_body_impl.h. No include guard.
 *
 * The lines are taken in C order of the other axes (so lines that are neighbours in memory
 * share a batch of lanes): one line stride when those axes collapse into one, else a list of
 * byte offsets into the input and the output.
 */

/* Whether the axes other than `axis` collapse into one of strides *xls (x) and *yls (y). */
static bool FFN(regular_lines)(const pc_tensor *x, const pc_tensor *y, int axis, int64_t *xls,
                               int64_t *yls)
{
    int64_t span = 0;
    *xls = 0;
    *yls = 0;
    for (int d = y->ndim - 1; d >= 0; d--) {
        if (d == axis || y->shape[d] == 1) {
            continue;
        }
        if (span == 0) {
            *xls = x->strides[d];
            *yls = y->strides[d];
            span = y->shape[d];
        } else if (x->strides[d] == *xls * span && y->strides[d] == *yls * span) {
            span *= y->shape[d];
        } else {
            return false;
        }
    }
    return true;
}

static pc_status FFN(fft_axis)(const pc_kernel_args *args, pc_fft_kind kind)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *y = args->out[0];
    const pc_fft_params *prm = (const pc_fft_params *)args->params;
    const int axis = prm->axis;
    if (y->size == 0) {
        return PC_OK;
    }
    const int64_t count = y->size / y->shape[axis];
    int64_t xls;
    int64_t yls;
    int64_t *offs = NULL;
    if (!FFN(regular_lines)(x, y, axis, &xls, &yls)) {
        offs = fft_alloc(2 * count * (int64_t)sizeof(int64_t));
        if (offs == NULL) {
            return PC_ERR_MEMORY;
        }
        int64_t idx[PC_MAX_NDIM] = {0};
        int64_t xo = 0;
        int64_t yo = 0;
        for (int64_t c = 0; c < count; c++) {
            offs[c] = xo;
            offs[count + c] = yo;
            for (int d = y->ndim - 1; d >= 0; d--) {
                if (d == axis) {
                    continue;
                }
                if (++idx[d] < y->shape[d]) {
                    xo += x->strides[d];
                    yo += y->strides[d];
                    break;
                }
                idx[d] = 0;
                xo -= (y->shape[d] - 1) * x->strides[d];
                yo -= (y->shape[d] - 1) * y->strides[d];
            }
        }
    }
    const bool xc = pc_dtype_kind(x->dtype) == PC_KIND_COMPLEX;
    const bool yc = pc_dtype_kind(y->dtype) == PC_KIND_COMPLEX;
    const int64_t m = x->shape[axis];
    const int64_t xim = xc ? (int64_t)sizeof(FR) : FFT_NO_IM;
    const fft_lines in = {x->data, xls, offs, x->strides[axis], xim, m, xc ? m : 0};
    const fft_lines out = {y->data, yls, offs != NULL ? offs + count : NULL, y->strides[axis],
                           yc ? (int64_t)sizeof(FR) : FFT_NO_IM, y->shape[axis], 0};
    const FR scale = (FR)prm->scale;
    pc_status st = PC_OK;
    fft_plan *p = fft_plan_get(prm->n, FPREC, kind != PC_FFT_C2C);
    if (p == NULL) {
        st = PC_ERR_MEMORY;
    } else if (kind == PC_FFT_C2C) {
        st = FFN(c2c_lines)(p, count, &in, &out, !prm->forward, !prm->forward, scale);
    } else if (kind == PC_FFT_R2C) {
        st = FFN(r2c_lines)(p, count, &in, &out, prm->forward, scale);
    } else {
        st = FFN(c2r_lines)(p, count, &in, &out, prm->forward, scale);
    }
    fft_plan_release(p);
    fft_free(offs);
    return st;
}

static pc_status FFN(fft_c2c)(const pc_kernel_args *args)
{
    return FFN(fft_axis)(args, PC_FFT_C2C);
}

static pc_status FFN(fft_r2c)(const pc_kernel_args *args)
{
    return FFN(fft_axis)(args, PC_FFT_R2C);
}

static pc_status FFN(fft_c2r)(const pc_kernel_args *args)
{
    return FFN(fft_axis)(args, PC_FFT_C2R);
}
