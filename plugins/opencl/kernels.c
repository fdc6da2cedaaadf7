/*
 * kernels.c - the OpenCL plug-in's elementwise kernels, casts, reductions and matmul: their
 * launches (one kernel of the dtype's program, program.c) and the registration of every kernel
 * with paddle_c (pcl_register_kernels; the primitives of prims.c through pcl_register_prims).
 * Registration names every op of the element layer's lists for every dtype: the lists are the
 * same X-macros the CPU and CUDA kernels are generated from, so the plug-in claims exactly what
 * its programs contain.
 *
 * Dtypes: all fifteen of paddle_c's, the device having cl_khr_fp64 (runtime.c serves only
 * such devices: the element layer computes casts and float16 rounding in double); complex64
 * and complex128 as float2 and double2 (complex_shim.h's OpenCL branch).
 *
 * Ownership: the per-registration records live for the process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/common/dtype_params.h"
#include "pcl.h"

#define PCL_TILE 16

/* mirrors of kernels.cl's reduction and matmul geometry */
typedef struct pcl_rgeom {
    cl_long shape[PCL_MAXD];
    cl_long xstr[PCL_MAXD];
    cl_long ostr[PCL_MAXD];
    cl_int ndim;
    cl_int reduced;
} pcl_rgeom;

typedef struct pcl_mgeom {
    cl_long batch[PCL_MAXD - 2];
    cl_long abs_[PCL_MAXD - 2], bbs[PCL_MAXD - 2], cbs[PCL_MAXD - 2];
    cl_long m, n, k;
    cl_long ars, acs, brs, bcs, crs, ccs;
    cl_int nbatch;
    cl_int pad;
} pcl_mgeom;

static void (*host_error)(const char *message);

static size_t round_up(int64_t n, size_t m) { return ((size_t)n + m - 1) / m * m; }

void pcl_set_error(const char *message)
{
    if (host_error != NULL) {
        host_error(message);
    }
}

/* ---- elementwise launches ---------------------------------------------------------------------- */

pcp_status pcl_geom_of(const pcp_elementwise *l, pcl_geom *g)
{
    if (l->ndim > PCL_MAXD || l->nop > PCL_MAXOP) {
        pcl_set_error("an iteration of more than 8 dimensions or 4 operands");
        return PCP_NOT_IMPL;
    }
    memset(g, 0, sizeof *g);
    g->ndim = l->ndim;
    g->numel = l->numel;
    for (int a = 0; a < l->ndim; a++) {
        g->shape[a] = l->shape[a];
        for (int k = 0; k < l->nop; k++) {
            g->strides[a * PCL_MAXOP + k] = l->strides[a * l->nop + k];
        }
    }
    return PCP_OK;
}

static pcp_status launch_elementwise_locked(const pcp_elementwise *l)
{
    pcl_entry *e = l->kernel_data;
    const int fill = strcmp(e->name, "k_fill") == 0;
    pcl_geom g;
    cl_kernel k;
    pcp_status st = pcl_geom_of(l, &g);
    if (st == PCP_OK) {
        st = pcl_get_kernel(e, l->device, &k);
    }
    if (st != PCP_OK) {
        return st;
    }
    int next;
    if (fill) {
        /* k_fill(p0, b0, value, g): the value's bytes from params */
        st = pcl_set_buffers(k, l->device, 0, 1, l->data);
        if (st == PCP_OK) {
            st = pcl_set_arg(k, 2, (size_t)e->dtype->itemsize, l->params);
        }
        next = 3;
    } else {
        st = pcl_set_buffers(k, l->device, 0, l->nop, l->data);
        next = 2 * l->nop;
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, next, sizeof g, &g);
    }
    /* [Why a fixed group size] left to choose, PoCL runs small work-groups whose scheduling
     * costs more than the element's work */
    return st == PCP_OK ? pcl_enqueue_1d(k, l->device, l->numel) : st;
}

static pcp_status launch_elementwise(const pcp_elementwise *l)
{
    if (pcl_lock() != PCP_OK) {
        return PCP_ERROR;
    }
    const pcp_status st = launch_elementwise_locked(l);
    pcl_unlock();
    return st;
}

/* ---- reductions ----------------------------------------------------------------------------------- */

/* [Why memory order] A product (or a sum) meeting infinities depends on its order: the CPU's
 * reductions walk each slice in memory order (its iterator sorts axes by stride and flips
 * backward ones), so the reduced axes are put in that order here too (the kernel walks the
 * last reduced axis fastest): outermost stride first, negative strides flipped. Returns the
 * byte offset the flips move x's first element by. */
static int64_t memory_order(pcl_rgeom *g)
{
    int slot[PCL_MAXD];
    int n = 0;
    int64_t flip = 0;
    for (int a = 0; a < g->ndim; a++) {
        if (g->reduced >> a & 1) {
            if (g->xstr[a] < 0) {
                flip += (g->shape[a] - 1) * g->xstr[a];
                g->xstr[a] = -g->xstr[a];
            }
            slot[n++] = a;
        }
    }
    /* insertion sort of the reduced axes by stride, largest first (stable) */
    for (int i = 1; i < n; i++) {
        const cl_long sh = g->shape[slot[i]], xs = g->xstr[slot[i]];
        int j = i;
        for (; j > 0 && g->xstr[slot[j - 1]] < xs; j--) {
            g->shape[slot[j]] = g->shape[slot[j - 1]];
            g->xstr[slot[j]] = g->xstr[slot[j - 1]];
        }
        g->shape[slot[j]] = sh;
        g->xstr[slot[j]] = xs;
    }
    return flip;
}

static pcp_status launch_reduce_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_tensor *x = &l->in[0], *o = &l->out[0];
    pcl_rgeom g;
    memset(&g, 0, sizeof g);
    size_t nout = 1;
    for (int a = 0; a < x->ndim; a++) {
        if (x->shape[a] == 1) {
            continue;   /* neither walked nor reduced */
        }
        if (g.ndim == PCL_MAXD) {
            pcl_set_error("a reduction over more than 8 dimensions of extent > 1");
            return PCP_NOT_IMPL;
        }
        g.shape[g.ndim] = x->shape[a];
        g.xstr[g.ndim] = x->strides[a];
        g.ostr[g.ndim] = o->strides[a];
        if (o->shape[a] == 1) {
            g.reduced |= 1 << g.ndim;
        } else {
            nout *= (size_t)o->shape[a];
        }
        g.ndim++;
    }
    const int64_t flip = memory_order(&g);
    cl_kernel k;
    pcp_status st = pcl_get_kernel(e, l->device, &k);
    /* an empty x holds no memory (never read: sum 0, prod 1) */
    int64_t xsize = 1;
    for (int a = 0; a < x->ndim; a++) {
        xsize *= x->shape[a];
    }
    void *addr[2] = {xsize ? (char *)x->data + flip : o->data, o->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, 2, addr);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 4, sizeof g, &g);
    }
    return st == PCP_OK ? pcl_enqueue(k, l->device, 1, &nout, NULL) : st;
}

/* ---- matmul ------------------------------------------------------------------------------------- */

static pcp_status launch_matmul_locked(const pcp_whole *l)
{
    pcl_entry *e = l->kernel_data;
    const pcp_tensor *a = &l->in[0], *b = &l->in[1], *c = &l->out[0];
    const int nd = c->ndim;
    if (nd < 2 || nd - 2 > PCL_MAXD - 2 || a->ndim != nd || b->ndim != nd) {
        pcl_set_error("matmul of more than 6 batch dimensions");
        return PCP_NOT_IMPL;
    }
    pcl_mgeom g;
    memset(&g, 0, sizeof g);
    size_t nbatch = 1;
    g.nbatch = nd - 2;
    for (int i = 0; i < nd - 2; i++) {
        g.batch[i] = c->shape[i];
        g.abs_[i] = a->strides[i];
        g.bbs[i] = b->strides[i];
        g.cbs[i] = c->strides[i];
        nbatch *= (size_t)c->shape[i];
    }
    g.m = c->shape[nd - 2];
    g.n = c->shape[nd - 1];
    g.k = a->shape[nd - 1];
    g.ars = a->strides[nd - 2], g.acs = a->strides[nd - 1];
    g.brs = b->strides[nd - 2], g.bcs = b->strides[nd - 1];
    g.crs = c->strides[nd - 2], g.ccs = c->strides[nd - 1];
    if (nbatch == 0 || g.m == 0 || g.n == 0) {
        return PCP_OK;
    }
    cl_kernel k;
    pcp_status st = pcl_get_kernel(e, l->device, &k);
    /* k == 0: a and b hold no memory (never read: c is all zeros) */
    void *addr[3] = {g.k ? a->data : c->data, g.k ? b->data : c->data, c->data};
    if (st == PCP_OK) {
        st = pcl_set_buffers(k, l->device, 0, 3, addr);
    }
    if (st == PCP_OK) {
        st = pcl_set_arg(k, 6, sizeof g, &g);
    }
    const size_t global[3] = {round_up(g.n, PCL_TILE), round_up(g.m, PCL_TILE), nbatch};
    const size_t local[3] = {PCL_TILE, PCL_TILE, 1};
    return st == PCP_OK ? pcl_enqueue(k, l->device, 3, global, local) : st;
}

static pcp_status launch_whole(const pcp_whole *l)
{
    const pcl_entry *e = l->kernel_data;
    if (pcl_lock() != PCP_OK) {
        return PCP_ERROR;
    }
    const pcp_status st = strcmp(e->name, "k_matmul") == 0 ? launch_matmul_locked(l)
                                                            : launch_reduce_locked(l);
    pcl_unlock();
    return st;
}

/* ---- registration ----------------------------------------------------------------------------- */

static pcp_status reg_ew(const pcp_host *h, pcl_dtype *t, const char *op)
{
    if (pcl_omitted(op)) {
        return PCP_OK;
    }
    char kname[48];
    snprintf(kname, sizeof kname, "k_%s", op);
    pcl_entry *e = pcl_new_entry(t, kname);
    return e == NULL ? PCP_NO_MEMORY : h->register_elementwise(op, t->name, launch_elementwise, e);
}

static pcp_status reg_whole(const pcp_host *h, pcl_dtype *t, const char *op)
{
    if (pcl_omitted(op)) {
        return PCP_OK;
    }
    char kname[48];
    snprintf(kname, sizeof kname, "k_%s", op);
    pcl_entry *e = pcl_new_entry(t, kname);
    return e == NULL ? PCP_NO_MEMORY : h->register_whole(op, t->name, launch_whole, e);
}

static pcp_status reg_cast(const pcp_host *h, pcl_dtype *to, const pcl_dtype *from)
{
    char kname[48];
    snprintf(kname, sizeof kname, "k_cast_from_%s", from->id);
    pcl_entry *e = pcl_new_entry(to, kname);
    return e == NULL ? PCP_NO_MEMORY : h->register_cast(from->name, to->name, launch_elementwise, e);
}

/* The op names of each dtype's program (ops_list.h: the element layer's lists, as kernels.cl
 * expands them). */
#include "kernels/common/transcendental_ops.h"
#define PCK_BODY "ops_list.h"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

static const char *const *const ops_lists[PCL_NUM_DTYPES] = {
#define PCL_LIST(ID, name, st, size, kind) pcl_ops_##ID,
    PCL_DTYPES(PCL_LIST)
#undef PCL_LIST
};

/* The reductions of the plug-in ABI: the rows of paddle_c/reductions.def with abi 1 (kernels.cl
 * writes their kernels), with the dtype kinds (pcl_dtype.kind) of the row's kinds column. */
#define PCL_KINDS_ALL "biufc"
#define PCL_KINDS_REAL "biuf"
#define PCL_KINDS_FLOAT "f"
#define PCL_RD_ABI_0(name, kinds)
#define PCL_RD_ABI_1(name, kinds) {#name, PCL_KINDS_##kinds},
static const struct {
    const char *name;
    const char *kinds;
} reductions[] = {
#define PC_RD(ID, name, form, mform, shape, sarg, kinds, dtype, ident, abi, ...)               \
    PCL_RD_ABI_##abi(name, kinds)
#include "paddle_c/reductions.def"
#undef PC_RD
};

pcp_status pcl_register_kernels(const pcp_host *host)
{
    host_error = host->set_error;
    if (pcl_device_count() == 0) {
        return PCP_OK;
    }
    pcp_status st = PCP_OK;
    for (int i = 0; i < PCL_NUM_DTYPES && st == PCP_OK; i++) {
        pcl_dtype *t = &pcl_dtypes[i];
        for (const char *const *op = ops_lists[i]; *op != NULL && st == PCP_OK; op++) {
            st = reg_ew(host, t, *op);
        }
        for (int src = 0; src < PCL_NUM_DTYPES && st == PCP_OK; src++) {
            st = reg_cast(host, t, &pcl_dtypes[src]);
        }
        for (size_t r = 0; r < sizeof reductions / sizeof reductions[0] && st == PCP_OK; r++) {
            if (strchr(reductions[r].kinds, t->kind) != NULL) {
                st = reg_whole(host, t, reductions[r].name);
            }
        }
        if (st == PCP_OK && i != PCL_BOOL) {
            st = reg_whole(host, t, "matmul");
        }
        if (st == PCP_OK) {
            st = pcl_register_prims(host, t);
        }
    }
    return st;
}
