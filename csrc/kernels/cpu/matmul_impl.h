/*
 * matmul_impl.h - the MATMUL kernel for dtype PCK_N (integers and the BLAS dtypes). Included by
 * matmul.c through each_dtype.h. No include guard.
 */
#if PCL_IS_BLAS || PCK_K == PCK_KI || PCK_K == PCK_KU

/* Copy the (rows x cols) matrix at `src` (byte strides srow, scol) into the row-major `dst`. */
static void PCK_FN(mm_pack)(PCK_T *dst, const char *src, int64_t rows, int64_t cols,
                            int64_t srow, int64_t scol)
{
    for (int64_t i = 0; i < rows; i++) {
        for (int64_t j = 0; j < cols; j++) {
            dst[i * cols + j] = *(const PCK_T *)(src + i * srow + j * scol);
        }
    }
}

#if PCL_IS_BLAS

/* The gemm operands' layout, fixed for the whole batch. */
typedef struct PCK_FN(mm_plan) {
    const pc_kernel_args *args;
    int64_t m, n, k;
    int ta, tb;
    int64_t lda, ldb;
    bool direct_a, direct_b; /* else packed into a row-major copy first */
} PCK_FN(mm_plan);

/* Matrices [start, stop) of the batch, one gemm each (packing buffers of this range's own). */
static pc_status PCK_FN(mm_blas_range)(void *arg, int64_t start, int64_t stop)
{
    const PCK_FN(mm_plan) *pl = (const PCK_FN(mm_plan) *)arg;
    const pc_tensor *a = pl->args->in[0];
    const pc_tensor *b = pl->args->in[1];
    pc_tensor *c = pl->args->out[0];
    const int nd = c->ndim;
    const int64_t m = pl->m, n = pl->n, k = pl->k;
    PCK_T *pack_a = pl->direct_a ? NULL : malloc((size_t)(m * k) * sizeof(PCK_T));
    PCK_T *pack_b = pl->direct_b ? NULL : malloc((size_t)(k * n) * sizeof(PCK_T));
    if ((!pl->direct_a && pack_a == NULL) || (!pl->direct_b && pack_b == NULL)) {
        free(pack_a);
        free(pack_b);
        return pc_error_set(PC_ERR_MEMORY, "matmul: cannot allocate a packing buffer");
    }
    const pc_tensor *ops[3] = {a, b, c};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 3, ops);
    pc_batch_seek(&bt, start);
    const PCK_T one = 1;
    const PCK_T zero = 0;
    for (int64_t i = start; i < stop; i++, pc_batch_next(&bt)) {
        const char *pa = a->data + bt.offset[0];
        const char *pb = b->data + bt.offset[1];
        PCK_T *pc = (PCK_T *)(c->data + bt.offset[2]);
        if (k == 0) {
            for (int64_t e = 0; e < m * n; e++) {
                pc[e] = zero;
            }
            continue;
        }
        if (!pl->direct_a) {
            PCK_FN(mm_pack)(pack_a, pa, m, k, a->strides[nd - 2], a->strides[nd - 1]);
            pa = (const char *)pack_a;
        }
        if (!pl->direct_b) {
            PCK_FN(mm_pack)(pack_b, pb, k, n, b->strides[nd - 2], b->strides[nd - 1]);
            pb = (const char *)pack_b;
        }
#if PCK_K == PCK_KC
        PCL_CBLAS(gemm)(PCL_ROW_MAJOR, pl->ta, pl->tb, (pcl_int)m, (pcl_int)n, (pcl_int)k, &one,
                        (const PCK_T *)pa, (pcl_int)pl->lda, (const PCK_T *)pb,
                        (pcl_int)pl->ldb, &zero, pc, (pcl_int)n);
#else
        PCL_CBLAS(gemm)(PCL_ROW_MAJOR, pl->ta, pl->tb, (pcl_int)m, (pcl_int)n, (pcl_int)k, one,
                        (const PCK_T *)pa, (pcl_int)pl->lda, (const PCK_T *)pb,
                        (pcl_int)pl->ldb, zero, pc, (pcl_int)n);
#endif
    }
    free(pack_a);
    free(pack_b);
    return PC_OK;
}

static pc_status PCK_FN(matmul)(const pc_kernel_args *args)
{
    const pc_tensor *a = args->in[0];
    const pc_tensor *b = args->in[1];
    pc_tensor *c = args->out[0];
    const int nd = c->ndim;
    if (c->size == 0) {
        return PC_OK;
    }
    PCK_FN(mm_plan) pl = {.args = args};
    pl.m = c->shape[nd - 2];
    pl.n = c->shape[nd - 1];
    pl.k = a->shape[nd - 1];
    const int64_t item = (int64_t)sizeof(PCK_T);
    const int64_t sa0 = a->strides[nd - 2];
    const int64_t sa1 = a->strides[nd - 1];
    const int64_t sb0 = b->strides[nd - 2];
    const int64_t sb1 = b->strides[nd - 1];
    pl.direct_a = sa0 % item == 0 && sa1 % item == 0 &&
                  gemm_layout(pl.m, pl.k, sa0 / item, sa1 / item, &pl.ta, &pl.lda);
    pl.direct_b = sb0 % item == 0 && sb1 % item == 0 &&
                  gemm_layout(pl.k, pl.n, sb0 / item, sb1 / item, &pl.tb, &pl.ldb);
    if (!pl.direct_a) {
        pl.ta = PCL_NO_TRANS;
        pl.lda = pl.k > 1 ? pl.k : 1;
    }
    if (!pl.direct_b) {
        pl.tb = PCL_NO_TRANS;
        pl.ldb = pl.n > 1 ? pl.n : 1;
    }
    const int64_t count = c->size / (pl.m * pl.n);
    /* [Why only small products go to the pool] OpenBLAS runs a product of at most 2^18
     * multiply-adds on the calling thread and threads larger ones itself; splitting a batch
     * of small products across our pool uses the cores without the two pools ever running at
     * once (larger ones are called one after the other, each threaded by OpenBLAS). */
    const int64_t mnk = pl.m * pl.n * (pl.k > 0 ? pl.k : 1);
    if (count > 1 && mnk <= (INT64_C(1) << 18)) {
        const int64_t min_batch = (INT64_C(1) << 20) / mnk + 1;
        return pc_parallel_for(count, min_batch, PCK_FN(mm_blas_range), &pl);
    }
    if (mnk > (INT64_C(1) << 18)) {
        pc_blas_fit_threads();
    }
    return PCK_FN(mm_blas_range)(&pl, 0, count);
}

#else /* integers */

/* [Why unsigned accumulation] Integer matmul wraps around like every integer operation of the
 * library; signed overflow is undefined in C, so products and sums are formed in an unsigned
 * type at least as wide as the dtype (the low bits are the same) and truncated on store. */
#if PCK_CAT(PCK_WIDE_, PCK_N) /* 8-byte integers accumulate in uint64_t, the others in uint32_t */
#define PCK_MM_U uint64_t
#else
#define PCK_MM_U uint32_t
#endif

/* [Why these blocks] A panel of B (k x nb), converted once to the accumulation type, stays in
 * the L2 cache while the rows of A stream past it; the inner loop runs over contiguous elements
 * of one panel row and the accumulator row, all of one type, which the compiler vectorises for
 * any width (no widening of 8- and 16-bit elements inside the loop). Panel rows are padded with
 * zeros to whole blocks of PC_MM_BLOCK elements, so the inner loop is made of fixed-length
 * blocks that vectorise fully even for narrow matrices. The rows of all matrices (batch x m)
 * are split across the thread pool. */
static pc_status PCK_FN(mm_rows)(void *arg, int64_t start, int64_t stop)
{
    const pc_kernel_args *args = (const pc_kernel_args *)arg;
    const pc_tensor *a = args->in[0];
    const pc_tensor *b = args->in[1];
    pc_tensor *c = args->out[0];
    const int nd = c->ndim;
    const int64_t m = c->shape[nd - 2];
    const int64_t n = c->shape[nd - 1];
    const int64_t k = a->shape[nd - 1];
    const int64_t item = (int64_t)sizeof(PCK_T);
    const int64_t sa0 = a->strides[nd - 2];
    const int64_t sa1 = a->strides[nd - 1];
    const int64_t sb0 = b->strides[nd - 2];
    const int64_t sb1 = b->strides[nd - 1];
    int64_t nb = (int64_t)(256 * 1024) / ((k > 0 ? k : 1) * (int64_t)sizeof(PCK_MM_U));
    nb = nb > n ? n : nb;
    nb = (nb + PC_MM_BLOCK - 1) / PC_MM_BLOCK * PC_MM_BLOCK; /* whole blocks, >= 1 */
    PCK_MM_U *restrict acc = malloc((size_t)nb * sizeof(PCK_MM_U));
    PCK_MM_U *restrict panel = malloc((size_t)((k > 0 ? k : 1) * nb) * sizeof(PCK_MM_U));
    if (acc == NULL || panel == NULL) {
        free(acc);
        free(panel);
        return pc_error_set(PC_ERR_MEMORY, "matmul: cannot allocate a work buffer");
    }
    const pc_tensor *ops[3] = {a, b, c};
    pc_batch bt;
    pc_batch_init(&bt, nd - 2, 3, ops);
    pc_batch_seek(&bt, start / m);
    for (int64_t row = start; row < stop; pc_batch_next(&bt)) {
        /* rows [i0, i1) of the current matrix */
        const int64_t i0 = row % m;
        const int64_t i1 = stop - row < m - i0 ? i0 + (stop - row) : m;
        row += i1 - i0;
        const char *pa = a->data + bt.offset[0];
        const char *pb = b->data + bt.offset[1];
        char *pc = c->data + bt.offset[2];
        for (int64_t j0 = 0; j0 < n; j0 += nb) {
            const int64_t w = n - j0 < nb ? n - j0 : nb;
            const int64_t wp = (w + PC_MM_BLOCK - 1) / PC_MM_BLOCK * PC_MM_BLOCK;
            for (int64_t p = 0; p < k; p++) {
                for (int64_t j = 0; j < wp; j++) {
                    panel[p * wp + j] =
                        j < w ? (PCK_MM_U)*(const PCK_T *)(pb + p * sb0 + (j0 + j) * sb1) : 0;
                }
            }
            for (int64_t i = i0; i < i1; i++) {
                for (int64_t j = 0; j < wp; j++) {
                    acc[j] = 0;
                }
                for (int64_t p = 0; p < k; p++) {
                    const PCK_MM_U av = (PCK_MM_U)*(const PCK_T *)(pa + i * sa0 + p * sa1);
                    const PCK_MM_U *restrict bv = panel + p * wp;
                    for (int64_t j = 0; j < wp; j += PC_MM_BLOCK) {
                        for (int64_t jj = j; jj < j + PC_MM_BLOCK; jj++) {
                            acc[jj] += av * bv[jj];
                        }
                    }
                }
                PCK_T *restrict cv = (PCK_T *)(pc + i * n * item) + j0;
                for (int64_t j = 0; j < w; j++) {
                    cv[j] = (PCK_T)acc[j];
                }
            }
        }
    }
    free(acc);
    free(panel);
    return PC_OK;
}

static pc_status PCK_FN(matmul)(const pc_kernel_args *args)
{
    const pc_tensor *c = args->out[0];
    const int nd = c->ndim;
    if (c->size == 0) {
        return PC_OK;
    }
    const int64_t rows = c->size / c->shape[nd - 1];
    const int64_t k = args->in[0]->shape[nd - 1];
    /* about a million multiply-adds per chunk at least: below that the pool costs more */
    const int64_t work_per_row = c->shape[nd - 1] * (k > 0 ? k : 1);
    const int64_t min_rows = (1 << 20) / work_per_row + 1;
    return pc_parallel_for(rows, min_rows, PCK_FN(mm_rows), (void *)args);
}

#undef PCK_MM_U
#endif /* BLAS or integers */

/* this dtype's kernel, registered for the kinds above */
static void PCK_FN(register_matmul)(void)
{
    pc_kernel_register(PC_OP_MATMUL, PC_DEVICE_CPU, PCK_ID, (pc_kernel){.whole = PCK_FN(matmul)});
}
#else
static void PCK_FN(register_matmul)(void) {}
#endif /* supported kinds */
