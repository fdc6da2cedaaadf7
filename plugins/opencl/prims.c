/*
 * prims.c - the OpenCL plug-in's primitives beyond the elementwise layer (plugin.h: "sort",
 * "cumsum", "cumprod", "gather", "scatter", "arange", "random" and the elementwise
 * "index_offsets"), and the optional mask fast paths "mask_fill", "mask_compact" and
 * "mask_expand": their launches of prims.cl's and random.cl's kernels and their registration
 * for every dtype.
 *
 * Also two composites held natively (plugin.h: "argmax" ... "nanargmin", "unique"), whose
 * decompositions run when PADDLE_C_OPENCL_OMIT leaves them out (benchmarks/opencl.py).
 *
 * The sort copies each lane's keys and positions into scratch buffers, merges runs of 1, 2,
 * 4, ... elements (one launch per pass, every element placed by a binary search in the other
 * run, so the passes are parallel and stable) and stores the result through the outputs'
 * strides. Result words (gather's bad index, index_offsets) are written by the kernels at the
 * device address the host gave (a pcp_result_word).
 *
 * Ownership: scratch buffers are released after their last launch is queued (OpenCL releases
 * them when those commands are done).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcl.h"

/* mirror of prims.cl's pcl_lgeom */
typedef struct pcl_lgeom {
    cl_long shape[PCL_MAXD];
    cl_long xstr[PCL_MAXD];
    cl_long ostr[PCL_MAXD];
    cl_long istr[PCL_MAXD];
    cl_long n;
    cl_long xs, os, is;
    cl_long lanes;
    cl_int ndim;
    cl_int flag;
} pcl_lgeom;

/* The lanes of x along `axis` (out and pos may be NULL: their strides are then 0). */
static pcp_status lanes_of(const pcp_tensor *x, const pcp_tensor *out, const pcp_tensor *pos,
                           int axis, pcl_lgeom *g)
{
    memset(g, 0, sizeof *g);
    g->lanes = 1;
    for (int a = 0; a < x->ndim; a++) {
        if (a == axis) {
            continue;
        }
        if (g->ndim == PCL_MAXD) {
            pcl_set_error("more than 8 dimensions besides the axis");
            return PCP_NOT_IMPL;
        }
        g->shape[g->ndim] = x->shape[a];
        g->xstr[g->ndim] = x->strides[a];
        g->ostr[g->ndim] = out != NULL ? out->strides[a] : 0;
        g->istr[g->ndim] = pos != NULL ? pos->strides[a] : 0;
        g->lanes *= x->shape[a];
        g->ndim++;
    }
    g->n = x->ndim > 0 ? x->shape[axis] : 1;
    g->xs = x->ndim > 0 ? x->strides[axis] : 0;
    g->os = out != NULL && out->ndim > 0 ? out->strides[axis] : 0;
    g->is = pos != NULL && pos->ndim > 0 ? pos->strides[axis] : 0;
    return PCP_OK;
}

/* ---- sort ------------------------------------------------------------------------------------ */

typedef struct sort_kernels {
    pcl_entry *load, *merge, *store;
} sort_kernels;

static pcp_status sort_locked(const pcp_whole *l)
{
    const sort_kernels *sk = l->kernel_data;
    const pcp_sort_params *p = l->params;
    const pcp_tensor *x = &l->in[0];
    const pcp_tensor *vals = &l->out[0];
    const pcp_tensor *pos = l->nout == 2 ? &l->out[1] : NULL;
    pcl_lgeom g;
    pcp_status st = lanes_of(x, vals, pos, p->axis, &g);
    const int64_t total = g.lanes * g.n;
    if (st != PCP_OK || total == 0) {
        return st;
    }
    const size_t item = (size_t)sk->load->dtype->itemsize;
    cl_mem keys[2] = {NULL, NULL}, idx[2] = {NULL, NULL};
    cl_kernel load, merge, store;
    for (int b = 0; b < 2 && st == PCP_OK; b++) {
        st = pcl_scratch(l->device, (size_t)total * item, &keys[b]);
        if (st == PCP_OK) {
            st = pcl_scratch(l->device, (size_t)total * 8, &idx[b]);
        }
    }
    if (st == PCP_OK) {
        st = pcl_get_kernel(sk->load, l->device, &load);
    }
    if (st == PCP_OK) {
        st = pcl_get_kernel(sk->merge, l->device, &merge);
    }
    if (st == PCP_OK) {
        st = pcl_get_kernel(sk->store, l->device, &store);
    }
    /* k_sort_load(x, keys, idx, g) */
    void *xa[1] = {x->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(load, l->device, 0, 1, xa);
    }
    if (st == PCP_OK) {
        st = pcl_set_mem(load, 2, keys[0], 0);
    }
    if (st == PCP_OK) {
        st = pcl_set_mem(load, 4, idx[0], 0);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(load, 6, sizeof g, &g);
    }
    if (st == PCP_OK) {
        st = pcl_enqueue_1d(load, l->device, total);
    }
    /* merge passes, ping-pong between the two buffers */
    int cur = 0;
    const cl_long n = g.n, tot = total;
    const cl_int desc = p->descending;
    for (cl_long w = 1; w < n && st == PCP_OK; w *= 2) {
        st = pcl_set_mem(merge, 0, keys[cur], 0);
        if (st == PCP_OK) {
            st = pcl_set_mem(merge, 2, idx[cur], 0);
        }
        if (st == PCP_OK) {
            st = pcl_set_mem(merge, 4, keys[1 - cur], 0);
        }
        if (st == PCP_OK) {
            st = pcl_set_mem(merge, 6, idx[1 - cur], 0);
        }
        if (st == PCP_OK) {
            st = pcl_set_arg(merge, 8, sizeof n, &n);
        }
        if (st == PCP_OK) {
            st = pcl_set_arg(merge, 9, sizeof w, &w);
        }
        if (st == PCP_OK) {
            st = pcl_set_arg(merge, 10, sizeof tot, &tot);
        }
        if (st == PCP_OK) {
            st = pcl_set_arg(merge, 11, sizeof desc, &desc);
        }
        if (st == PCP_OK) {
            st = pcl_enqueue_1d(merge, l->device, total);
        }
        cur = 1 - cur;
    }
    /* k_sort_store(keys, idx, values, positions, with_values, with_positions, g) */
    if (st == PCP_OK) {
        st = pcl_set_mem(store, 0, keys[cur], 0);
    }
    if (st == PCP_OK) {
        st = pcl_set_mem(store, 2, idx[cur], 0);
    }
    void *oa[2] = {vals->data, pos != NULL ? pos->data : vals->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(store, l->device, 4, 2, oa);
    }
    const cl_int wv = 1, wp = pos != NULL;
    if (st == PCP_OK) {
        st = pcl_set_arg(store, 8, sizeof wv, &wv);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(store, 9, sizeof wp, &wp);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(store, 10, sizeof g, &g);
    }
    if (st == PCP_OK) {
        st = pcl_enqueue_1d(store, l->device, total);
    }
    for (int b = 0; b < 2; b++) {
        if (keys[b] != NULL) {
            clReleaseMemObject(keys[b]);
        }
        if (idx[b] != NULL) {
            clReleaseMemObject(idx[b]);
        }
    }
    return st;
}

static pcp_status launch_sort(const pcp_whole *l)
{
    if (pcl_lock() != PCP_OK) {
        return PCP_ERROR;
    }
    const pcp_status st = sort_locked(l);
    pcl_unlock();
    return st;
}

/* ---- scans, arange, gather, scatter ------------------------------------------------------------ */

static pcp_status scan_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_scan_params *p = l->params;
    const pcp_tensor *x = &l->in[0], *o = &l->out[0];
    pcl_lgeom g;
    cl_kernel k;
    pcp_status st = lanes_of(x, o, NULL, p->axis, &g);
    g.flag = p->include_initial;
    if (st == PCP_OK) {
        st = pcl_get_kernel(e, l->device, &k);
    }
    /* an empty x holds no memory (its lanes hold only the identity) */
    void *addr[2] = {g.n > 0 ? x->data : o->data, o->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, 2, addr);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 4, sizeof g, &g);
    }
    return st == PCP_OK && g.lanes > 0 ? pcl_enqueue_1d(k, l->device, g.lanes) : st;
}

static pcp_status arange_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_range_params *p = l->params;
    const pcp_tensor *o = &l->out[0];
    const cl_long n = o->ndim > 0 ? o->shape[0] : 1;
    const cl_long os = o->ndim > 0 ? o->strides[0] : 0;
    if (n == 0) {
        return PCP_OK;
    }
    cl_kernel k;
    pcp_status st = pcl_get_kernel(e, l->device, &k);
    void *addr[1] = {o->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, 1, addr);
    }
    const cl_long i0 = p->istart, i1 = p->istep;
    const cl_double v[4] = {p->start[0], p->start[1], p->step[0], p->step[1]};
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 2, sizeof n, &n);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 3, sizeof os, &os);
    }
    for (int i = 0; i < 4 && st == PCP_OK; i++) {
        st = pcl_set_arg(k, 4 + i, sizeof v[i], &v[i]);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 8, sizeof i0, &i0);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 9, sizeof i1, &i1);
    }
    return st == PCP_OK ? pcl_enqueue_1d(k, l->device, n) : st;
}

/* A device address as a kernel argument pair, or (NULL) a one-byte scratch buffer that the
 * kernel never reads. */
static pcp_status address_arg(cl_kernel k, int device, int first, const void *addr,
                              cl_mem *spare)
{
    if (addr != NULL) {
        void *a[1] = {(void *)addr};
        return pcl_set_buffers(k, device, first, 1, a);
    }
    if (*spare == NULL) {
        pcp_status st = pcl_scratch(device, 8, spare);
        if (st != PCP_OK) {
            return st;
        }
    }
    return pcl_set_mem(k, first, *spare, 0);
}

static pcp_status gather_locked(const pcp_whole *l, int scatter)
{
    pcl_entry *e = l->kernel_data;
    const pcp_gather_params *p = l->params;
    if (p->n == 0) {
        return PCP_OK;
    }
    if (scatter && p->offsets == NULL) {
        pcl_set_error("scatter needs offsets");
        return PCP_BAD_VALUE;
    }
    cl_kernel k;
    cl_mem spare = NULL;
    pcp_status st = pcl_get_kernel(e, l->device, &k);
    /* base, offsets, other (+ gather: index, result word) */
    if (st == PCP_OK) {
        st = address_arg(k, l->device, 0, p->base, &spare);
    }
    if (st == PCP_OK) {
        st = address_arg(k, l->device, 2, p->offsets, &spare);
    }
    if (st == PCP_OK) {
        st = address_arg(k, l->device, 4, p->other, &spare);
    }
    const cl_long n = p->n, step = p->step;
    if (scatter) {
        const cl_int acc = p->accumulate;
        if (st == PCP_OK) {
            st = pcl_set_arg(k, 6, sizeof n, &n);
        }
        if (st == PCP_OK) {
            st = pcl_set_arg(k, 7, sizeof step, &step);
        }
        if (st == PCP_OK) {
            st = pcl_set_arg(k, 8, sizeof acc, &acc);
        }
        if (st == PCP_OK) {
            const size_t one = 1;
            st = pcl_enqueue(k, l->device, 1, &one, &one);
        }
    } else {
        const cl_long len = p->len, stride = p->stride;
        const cl_int mode = p->offsets == NULL, code = PCP_RESULT_INDEX_ERROR;
        if (mode && p->result == NULL) {
            pcl_set_error("a gather by index needs a result word");
            st = PCP_BAD_VALUE;
        }
        if (st == PCP_OK) {
            st = address_arg(k, l->device, 6, p->index, &spare);
        }
        if (st == PCP_OK) {
            st = address_arg(k, l->device, 8, p->result, &spare);
        }
        const void *args[6] = {&n, &step, &len, &stride, &mode, &code};
        const size_t sizes[6] = {sizeof n, sizeof step, sizeof len, sizeof stride, sizeof mode,
                                 sizeof code};
        for (int i = 0; i < 6 && st == PCP_OK; i++) {
            st = pcl_set_arg(k, 10 + i, sizes[i], args[i]);
        }
        if (st == PCP_OK) {
            st = pcl_enqueue_1d(k, l->device, n);
        }
    }
    if (spare != NULL) {
        clReleaseMemObject(spare);
    }
    return st;
}

/* the arg-reductions: pcl_entry named k_argreduce, `which` from the op (kernel_data's slot) */
typedef struct arg_kernel {
    pcl_entry *entry;
    int which;
} arg_kernel;

static pcp_status arg_locked(const pcp_whole *l)
{
    const arg_kernel *a = l->kernel_data;
    const pcp_argreduce_params *p = l->params;
    const pcp_tensor *x = &l->in[0], *o = &l->out[0];
    pcl_lgeom g;
    cl_kernel k;
    cl_mem spare = NULL;
    pcp_status st = lanes_of(x, o, NULL, p->axis, &g);
    if (st == PCP_OK) {
        st = pcl_get_kernel(a->entry, l->device, &k);
    }
    void *addr[2] = {x->data, o->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, 2, addr);
    }
    if (st == PCP_OK) {
        st = address_arg(k, l->device, 4, p->result, &spare);
    }
    const cl_int which = a->which, code = PCP_RESULT_VALUE_ERROR;
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 6, sizeof which, &which);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 7, sizeof code, &code);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 8, sizeof g, &g);
    }
    if (st == PCP_OK && g.lanes > 0) {
        st = pcl_enqueue_1d(k, l->device, g.lanes);
    }
    if (spare != NULL) {
        clReleaseMemObject(spare);
    }
    return st;
}

static pcp_status launch_arg(const pcp_whole *l)
{
    if (pcl_lock() != PCP_OK) {
        return PCP_ERROR;
    }
    const pcp_status st = arg_locked(l);
    pcl_unlock();
    return st;
}

static pcp_status unique_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_unique_params *p = l->params;
    const cl_long n = l->in[0].ndim > 0 ? l->in[0].shape[0] : 1;
    cl_kernel k;
    cl_mem spare = NULL;
    pcp_status st = p->result == NULL ? PCP_BAD_VALUE : pcl_get_kernel(e, l->device, &k);
    if (p->result == NULL) {
        pcl_set_error("unique needs a result word");
    }
    /* values, perm, the four outputs (absent ones: the spare), the word */
    const void *addr[7] = {l->in[0].data, l->nin == 2 ? l->in[1].data : NULL, l->out[0].data,
                           l->out[1].data, l->out[2].data, l->out[3].data, p->result};
    cl_int outs = 0;
    for (int i = 0; i < 7 && st == PCP_OK; i++) {
        st = address_arg(k, l->device, 2 * i, addr[i], &spare);
        outs |= i >= 2 && i < 6 && addr[i] != NULL ? 1 << (i - 2) : 0;
    }
    const cl_int has_perm = l->nin == 2;
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 14, sizeof n, &n);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 15, sizeof has_perm, &has_perm);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 16, sizeof outs, &outs);
    }
    if (st == PCP_OK) {
        const size_t one = 1;
        st = pcl_enqueue(k, l->device, 1, &one, &one);
    }
    if (spare != NULL) {
        clReleaseMemObject(spare);
    }
    return st;
}

/* ---- random numbers (random.cl) ----------------------------------------------------------------- */

static pcp_status random_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_random_params *p = l->params;
    const pcp_tensor *o = &l->out[0];
    cl_long n = 1;
    for (int a = 0; a < o->ndim; a++) {
        n *= o->shape[a];
    }
    if (n == 0) {
        return PCP_OK;
    }
    cl_kernel k;
    pcp_status st = pcl_get_kernel(e, l->device, &k);
    /* k_random(out, rates, n, seed, offset, kind, bits, a, b, lo, range); without rates the
     * output stands in for them (never read) */
    void *addr[2] = {o->data, l->nin == 1 ? l->in[0].data : o->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, 2, addr);
    }
    const cl_ulong seed = p->seed, offset = p->offset, range = p->range;
    const cl_int kind = p->kind, bits = p->bits;
    const cl_double a = p->a, b = p->b;
    const cl_long lo = p->lo;
    const void *args[9] = {&n, &seed, &offset, &kind, &bits, &a, &b, &lo, &range};
    const size_t sizes[9] = {sizeof n, sizeof seed, sizeof offset, sizeof kind, sizeof bits,
                             sizeof a, sizeof b, sizeof lo, sizeof range};
    for (int i = 0; i < 9 && st == PCP_OK; i++) {
        st = pcl_set_arg(k, 4 + i, sizes[i], args[i]);
    }
    /* one work-item per Philox block: at most n blocks (fewer where elements share one) */
    return st == PCP_OK ? pcl_enqueue_1d(k, l->device, n) : st;
}

static pcp_status launch_prim(const pcp_whole *l)
{
    const pcl_entry *e = l->kernel_data;
    if (pcl_lock() != PCP_OK) {
        return PCP_ERROR;
    }
    pcp_status st;
    if (strcmp(e->name, "k_unique") == 0) {
        st = unique_locked(l);
    } else if (strcmp(e->name, "k_arange") == 0) {
        st = arange_locked(l);
    } else if (strcmp(e->name, "k_gather") == 0) {
        st = gather_locked(l, 0);
    } else if (strcmp(e->name, "k_scatter") == 0) {
        st = gather_locked(l, 1);
    } else if (strcmp(e->name, "k_random") == 0) {
        st = random_locked(l);
    } else {
        st = scan_locked(l);
    }
    pcl_unlock();
    return st;
}

/* ---- index offsets (elementwise) ---------------------------------------------------------------- */

static pcp_status offsets_locked(const pcp_elementwise *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_offsets_params *p = l->params;
    pcl_geom g;
    cl_kernel k;
    pcp_status st = pcl_geom_of(l, &g);
    if (st == PCP_OK) {
        st = pcl_get_kernel(e, l->device, &k);
    }
    /* k_index_offsets(index, offsets, word, len, stride, item, code, g) */
    void *addr[3] = {l->data[0], l->data[1], p->result};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, 3, addr);
    }
    const cl_long len = p->len, stride = p->stride;
    const cl_int item = p->item, code = PCP_RESULT_INDEX_ERROR;
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 6, sizeof len, &len);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 7, sizeof stride, &stride);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 8, sizeof item, &item);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 9, sizeof code, &code);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 10, sizeof g, &g);
    }
    return st == PCP_OK ? pcl_enqueue_1d(k, l->device, l->numel) : st;
}

static pcp_status launch_offsets(const pcp_elementwise *l)
{
    if (pcl_lock() != PCP_OK) {
        return PCP_ERROR;
    }
    const pcp_status st = offsets_locked(l);
    pcl_unlock();
    return st;
}

/* ---- the optional mask fast paths (elementwise) -------------------------------------------------- */

static pcp_status mask_locked(const pcp_elementwise *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_mask_params *p = l->params;
    const int expand = strcmp(e->name, "k_mask_expand") == 0;
    pcl_geom g;
    cl_kernel k;
    pcp_status st = pcl_geom_of(l, &g);
    if (st == PCP_OK) {
        st = pcl_get_kernel(e, l->device, &k);
    }
    /* the operands, then the address the op reads or writes beside them */
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, l->nop, l->data);
    }
    void *beside[1] = {strcmp(e->name, "k_mask_fill") == 0 ? (void *)p->fill
                       : expand                            ? (void *)p->values
                                                           : p->out};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 2 * l->nop, 1, beside);
    }
    int next = 2 * l->nop + 2;
    const cl_long step = p->step;
    if (st == PCP_OK && expand) {
        st = pcl_set_arg(k, next++, sizeof step, &step);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, next, sizeof g, &g);
    }
    return st == PCP_OK ? pcl_enqueue_1d(k, l->device, l->numel) : st;
}

static pcp_status launch_mask(const pcp_elementwise *l)
{
    if (pcl_lock() != PCP_OK) {
        return PCP_ERROR;
    }
    const pcp_status st = mask_locked(l);
    pcl_unlock();
    return st;
}

/* ---- registration ---------------------------------------------------------------------------- */

static pcp_status reg(const pcp_host *h, pcl_dtype *t, const char *op, const char *kernel)
{
    if (pcl_omitted(op)) {
        return PCP_OK;
    }
    pcl_entry *e = pcl_new_entry(t, kernel);
    return e == NULL ? PCP_NO_MEMORY : h->register_whole(op, t->name, launch_prim, e);
}

pcp_status pcl_register_prims(const pcp_host *host, pcl_dtype *t)
{
    pcp_status st = PCP_OK;
    if (!pcl_omitted("sort")) {
        sort_kernels *sk = calloc(1, sizeof *sk);  /* kept for the process */
        if (sk != NULL) {
            sk->load = pcl_new_entry(t, "k_sort_load");
            sk->merge = pcl_new_entry(t, "k_sort_merge");
            sk->store = pcl_new_entry(t, "k_sort_store");
        }
        st = sk == NULL || sk->load == NULL || sk->merge == NULL || sk->store == NULL
                 ? PCP_NO_MEMORY
                 : host->register_whole("sort", t->name, launch_sort, sk);
    }
    static const char *const ops[][2] = {{"cumsum", "k_cumsum"}, {"cumprod", "k_cumprod"},
                                         {"gather", "k_gather"}, {"scatter", "k_scatter"},
                                         {"arange", "k_arange"}, {"unique", "k_unique"}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0] && st == PCP_OK; i++) {
        st = reg(host, t, ops[i][0], ops[i][1]);
    }
    /* composites held natively: the arg-reductions of the real dtypes */
    static const char *const args[] = {"argmax", "argmin", "nanargmax", "nanargmin"};
    for (int i = 0; i < 4 && st == PCP_OK && t->kind != 'c'; i++) {
        if (pcl_omitted(args[i])) {
            continue;
        }
        arg_kernel *a = calloc(1, sizeof *a);   /* kept for the process */
        if (a != NULL) {
            a->entry = pcl_new_entry(t, "k_argreduce");
            a->which = i;
        }
        st = a == NULL || a->entry == NULL ? PCP_NO_MEMORY
                                           : host->register_whole(args[i], t->name, launch_arg, a);
    }
    if (st == PCP_OK && (t->kind == 'f' || t->kind == 'i' || t->kind == 'u')) {
        st = reg(host, t, "random", "k_random");
    }
    static const char *const masks[][2] = {{"mask_fill", "k_mask_fill"},
                                           {"mask_compact", "k_mask_compact"},
                                           {"mask_expand", "k_mask_expand"}};
    for (int i = 0; i < 3 && st == PCP_OK; i++) {
        if (pcl_omitted(masks[i][0])) {
            continue;
        }
        pcl_entry *e = pcl_new_entry(t, masks[i][1]);
        st = e == NULL ? PCP_NO_MEMORY
                       : host->register_elementwise(masks[i][0], t->name, launch_mask, e);
    }
    if (st == PCP_OK && (t->kind == 'i' || t->kind == 'u') && !pcl_omitted("index_offsets")) {
        pcl_entry *e = pcl_new_entry(t, "k_index_offsets");
        st = e == NULL ? PCP_NO_MEMORY
                       : host->register_elementwise("index_offsets", t->name, launch_offsets, e);
    }
    return st;
}
