/*
 * reduce_engine.cu - the host side of the GPU reduction engine (reduce_engine.cuh): the
 * geometry of a reduction, how many splits per output, and scratch memory.
 */
#include "reduce_engine.cuh"

namespace pcu {

static int64_t mag(int64_t s) { return s < 0 ? -s : s; }

/* sort n axes by |stride| ascending (insertion sort: a handful of axes), carrying the others */
static void sort_axes(int n, int64_t *shape, int64_t *xs, int64_t *os)
{
    for (int i = 1; i < n; i++) {
        for (int k = i; k > 0 && mag(xs[k]) < mag(xs[k - 1]); k--) {
            int64_t t = shape[k];
            shape[k] = shape[k - 1];
            shape[k - 1] = t;
            t = xs[k];
            xs[k] = xs[k - 1];
            xs[k - 1] = t;
            if (os != nullptr) {
                t = os[k];
                os[k] = os[k - 1];
                os[k - 1] = t;
            }
        }
    }
}

/* merge neighbours that step through memory as one axis; returns the new count */
static int merge_axes(int n, int64_t *shape, int64_t *xs, int64_t *os)
{
    if (n == 0) {
        return 0;
    }
    int m = 0;
    for (int i = 1; i < n; i++) {
        const bool ok = xs[i] == xs[m] * shape[m] && (os == nullptr || os[i] == os[m] * shape[m]);
        if (ok) {
            shape[m] *= shape[i];
        } else {
            m++;
            shape[m] = shape[i];
            xs[m] = xs[i];
            if (os != nullptr) {
                os[m] = os[i];
            }
        }
    }
    return m + 1;
}

pc_status rg_make(const pc_tensor *x, const pc_tensor *out, const bool *reduced, rgeom *g,
                  bool *inner)
{
    int64_t ks[PC_MAX_NDIM], kx[PC_MAX_NDIM], ko[PC_MAX_NDIM];
    int64_t rs[PC_MAX_NDIM], rx[PC_MAX_NDIM];
    int nk = 0;
    int nr = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (x->shape[i] == 1) {
            continue;
        }
        if (reduced[i]) {
            rs[nr] = x->shape[i];
            rx[nr] = x->strides[i];
            nr++;
        } else {
            ks[nk] = x->shape[i];
            kx[nk] = x->strides[i];
            ko[nk] = out->strides[i];
            nk++;
        }
    }
    sort_axes(nk, ks, kx, ko);
    sort_axes(nr, rs, rx, nullptr);
    nk = merge_axes(nk, ks, kx, ko);
    nr = merge_axes(nr, rs, rx, nullptr);
    if (nk > rg_max || nr > rg_max) {
        return pc_error_set(PC_ERR_NOTIMPL,
                            "GPU reductions take at most %d kept and %d reduced axes after "
                            "merging (got %d and %d)",
                            rg_max, rg_max, nk, nr);
    }
    g->nk = nk;
    g->nr = nr;
    g->nout = 1;
    g->nred = 1;
    for (int d = 0; d < nk; d++) {
        g->kshape[d] = ks[d];
        g->kxs[d] = kx[d];
        g->kos[d] = ko[d];
        g->nout *= ks[d];
    }
    for (int d = 0; d < nr; d++) {
        g->rshape[d] = rs[d];
        g->rxs[d] = rx[d];
        g->nred *= rs[d];
    }
    /* a block per output pays when the reduced elements are the contiguous ones and there
     * are enough of them (or few outputs to spread threads over) */
    *inner = nr > 0 && (nk == 0 || mag(rx[0]) <= mag(kx[0])) &&
             (g->nred >= 128 || g->nout < 1024);
    return PC_OK;
}

int64_t rd_splits(int64_t nout, int64_t nred, bool inner)
{
    /* work items wanted (blocks for inner, threads for outer), and the least per split */
    const int64_t want = inner ? 2048 : 65536;
    const int64_t min_len = inner ? (int64_t)rd_threads * 16 : 256;
    int64_t s = (want + nout - 1) / nout;
    const int64_t cap = nred / min_len;
    s = s < cap ? s : cap;
    return s > 1 ? s : 1;
}

pc_status rd_scratch_alloc(pc_device dev, size_t bytes, void **out)
{
    const pc_backend *b = pc_backend_get(PC_DEVICE_GPU_BACKEND);
    if (b == nullptr) {
        return pc_error_set(PC_ERR_RUNTIME, "the GPU backend is not registered");
    }
    return b->alloc(b, dev.index, bytes, out);
}

void rd_scratch_free(pc_device dev, void *p, size_t bytes)
{
    const pc_backend *b = pc_backend_get(PC_DEVICE_GPU_BACKEND);
    b->free(b, dev.index, p, bytes);
}

} // namespace pcu
