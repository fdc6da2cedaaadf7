/*
 * search_impl.h - searchsorted, isin and unique of dtype PCK_N, built on the sort keys,
 * order and equality of kernels/common/sort_key.h and the lane sort of sort_impl.h (both
 * included before this file for the same dtype). Included by sort.c
 * through each_dtype.h. No include guard.
 *
 * Real dtypes search on the unsigned sort keys (equal keys are equal values, except that
 * every NaN has the same key: NaN is excluded explicitly where equality matters). Complex
 * dtypes search with the sort's comparison.
 */

/* ---- searchsorted -------------------------------------------------------------------- */

typedef struct PCK_FN(se_table) {
    int64_t n;
    bool right;                 /* searchsorted: side='right'; isin: invert */
#if PCK_K != PCK_KC
    const uint64_t *keys;       /* x1's keys in sorted order */
#else
    const PCK_T *vals;          /* x1's values in sorted order */
#endif
} PCK_FN(se_table);

/* data[0]: x2 elements, data[1]: int64 positions */
static int PCK_FN(se_search_loop)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                  const int64_t *st)
{
    const PCK_FN(se_table) *t = (const PCK_FN(se_table) *)ctx->params;
    for (int64_t j = 0; j < n; j++) {
        const PCK_T v = PCK_AT(const PCK_T, data[0], j, st[0]);
        int64_t lo = 0;
        int64_t hi = t->n;
#if PCK_K != PCK_KC
        const uint64_t k = PCK_FN(so_key)(v, false);
        while (lo < hi) {
            const int64_t mid = lo + (hi - lo) / 2;
            const uint64_t km = t->keys[mid];
            if (t->right ? km <= k : km < k) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
#else
        while (lo < hi) {
            const int64_t mid = lo + (hi - lo) / 2;
            const PCK_T m = t->vals[mid];
            const bool go_right = t->right ? !PCK_FN(so_less)(v, m, false)
                                           : PCK_FN(so_less)(m, v, false);
            if (go_right) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
#endif
        PCK_AT(int64_t, data[1], j, st[1]) = lo;
    }
    return 0;
}

static pc_status PCK_FN(se_searchsorted)(const pc_kernel_args *a)
{
    const pc_tensor *x1 = a->in[0];
    const pc_tensor *sorter = a->nin > 2 ? a->in[2] : NULL;
    const int64_t n = x1->size;
    const int64_t s1 = x1->ndim > 0 ? x1->strides[0] : 0;
    const pc_searchsorted_params *prm = (const pc_searchsorted_params *)a->params;
#if PCK_K != PCK_KC
    uint64_t *tab = malloc((size_t)(n > 0 ? n : 1) * sizeof(uint64_t));
#else
    PCK_T *tab = malloc((size_t)(n > 0 ? n : 1) * sizeof(PCK_T));
#endif
    if (tab == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "searchsorted: out of memory");
    }
    for (int64_t i = 0; i < n; i++) {
        int64_t at = i;
        if (sorter != NULL) {
            at = PCK_AT(const int64_t, sorter->data, i, sorter->strides[0]);
            if (at < 0 || at >= n) {
                free(tab);
                if (prm->result != NULL) {
                    pc_result_fail(prm->result, PC_ERR_INDEX, 0, at);
                    return PC_OK;
                }
                return pc_error_set(PC_ERR_INDEX, PC_MSG_SORTER_RANGE, (long long)at,
                                    (long long)n);
            }
        }
        const PCK_T v = PCK_AT(const PCK_T, x1->data, at, s1);
#if PCK_K != PCK_KC
        tab[i] = PCK_FN(so_key)(v, false);
#else
        tab[i] = v;
#endif
    }
    PCK_FN(se_table) t = {n, prm->right, tab};
    pc_status st = se_each(a->in[1], a->out[0], PCK_FN(se_search_loop), &t);
    free(tab);
    return st;
}

/* ---- isin ----------------------------------------------------------------------------- */

/* data[0]: x1 elements, data[1]: bool results (equal keys are one value: so_same) */
static int PCK_FN(se_isin_loop)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *st)
{
    const PCK_FN(se_table) *t = (const PCK_FN(se_table) *)ctx->params;
    const bool invert = t->right;
    for (int64_t j = 0; j < n; j++) {
        const PCK_T v = PCK_AT(const PCK_T, data[0], j, st[0]);
        bool found = false;
        if (!PCK_FN(so_isnan)(v)) {
            int64_t lo = 0;
            int64_t hi = t->n;
#if PCK_K != PCK_KC
            const uint64_t k = PCK_FN(so_key)(v, false);
            while (lo < hi) {
                const int64_t mid = lo + (hi - lo) / 2;
                if (t->keys[mid] < k) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            found = lo < t->n && t->keys[lo] == k;
#else
            while (lo < hi) {
                const int64_t mid = lo + (hi - lo) / 2;
                if (PCK_FN(so_less)(t->vals[mid], v, false)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            found = lo < t->n && PCK_FN(so_same)(t->vals[lo], v);
#endif
        }
        PCK_AT(bool, data[1], j, st[1]) = found != invert;
    }
    return 0;
}

static pc_status PCK_FN(se_isin)(const pc_kernel_args *a)
{
    const pc_tensor *x2 = a->in[1];
    const int64_t n = x2->size;
    const int64_t s2 = x2->ndim > 0 ? x2->strides[0] : 0;
    const bool invert = ((const pc_isin_params *)a->params)->invert;
    const size_t words = (size_t)(n > 0 ? n : 1) * sizeof(uint64_t);
    char *scratch = malloc(4 * words + (size_t)(n > 0 ? n : 1) * sizeof(PCK_T));
    if (scratch == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "isin: out of memory");
    }
    uint64_t *w0 = (uint64_t *)scratch;
    uint64_t *w1 = (uint64_t *)(scratch + words);
    /* x2's non-NaN elements, sorted */
#if PCK_K != PCK_KC
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++) {
        const PCK_T v = PCK_AT(const PCK_T, x2->data, i, s2);
        if (!PCK_FN(so_isnan)(v)) {
            w0[m++] = PCK_FN(so_key)(v, false);
        }
    }
    const uint64_t *keys = w0;
    if (m >= PC_RADIX_MIN) {
        keys = pc_radix_sort_u64(w0, w1, m, 0, (int)(8 * sizeof(PCK_T)));
    } else {
        pc_insertion_sort_u64(w0, m, 0);
    }
    PCK_FN(se_table) t = {m, invert, keys};
#else
    PCK_T *lane = (PCK_T *)(scratch + 4 * words);
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++) {
        const PCK_T v = PCK_AT(const PCK_T, x2->data, i, s2);
        if (!PCK_FN(so_isnan)(v)) {
            lane[m++] = v;
        }
    }
    PCK_T *sorted = malloc((size_t)(m > 0 ? m : 1) * sizeof(PCK_T));
    if (sorted == NULL) {
        free(scratch);
        return pc_error_set(PC_ERR_MEMORY, "isin: out of memory");
    }
    so_ctx c = {m, sizeof(PCK_T), sizeof(PCK_T), 0, false, true, false, w0, w1,
                (uint64_t *)(scratch + 2 * words), (uint64_t *)(scratch + 3 * words), NULL};
    PCK_FN(so_lane)(&c, lane, (char *)sorted, NULL);
    PCK_FN(se_table) t = {m, invert, sorted};
#endif
    pc_status st = se_each(a->in[0], a->out[0], PCK_FN(se_isin_loop), &t);
#if PCK_K == PCK_KC
    free(sorted);
#endif
    free(scratch);
    return st;
}

/* ---- unique ----------------------------------------------------------------------------- */

static pc_status PCK_FN(se_unique)(const pc_kernel_args *a)
{
    const pc_tensor *s = a->in[0];
    const int64_t *perm = a->nin > 1 ? (const int64_t *)a->in[1]->data : NULL;
    const PCK_T *v = (const PCK_T *)s->data;
    const int64_t n = s->size;
    PCK_T *vals = (PCK_T *)a->out[0]->data;
    int64_t *first = a->out[1] != NULL ? (int64_t *)a->out[1]->data : NULL;
    int64_t *inverse = a->out[2] != NULL ? (int64_t *)a->out[2]->data : NULL;
    int64_t *counts = a->out[3] != NULL ? (int64_t *)a->out[3]->data : NULL;
    int64_t k = -1;
    int64_t start = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i == 0 || !PCK_FN(so_same)(v[i - 1], v[i])) {
            if (k >= 0 && counts != NULL) {
                counts[k] = i - start;
            }
            k++;
            start = i;
            vals[k] = v[i];
            if (first != NULL) {
                first[k] = perm[i];
            }
        }
        if (inverse != NULL) {
            inverse[perm[i]] = k;
        }
    }
    if (k >= 0 && counts != NULL) {
        counts[k] = n - start;
    }
    const pc_unique_params *prm = (const pc_unique_params *)a->params;
    if (prm->result != NULL) {
        pc_result_count(prm->result, k + 1);
    } else {
        *prm->count = k + 1;
    }
    return PC_OK;
}

